//! A TNW link's PHY pins: the XGMII-like word interface (receive words in the PHY's receive
//! clock, the link's `phy_clock`; transmit words in the link clock), the PHY's status inputs
//! and its reset. One interface from the link (`TnwLink`) up to every top that carries links;
//! as a field `phy` its pins are `phy_rxd`, `phy_txd`, ... (the MDIO pins are the link's own).

use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(Clone, Debug, Default, LogicInterface, Ports)]
pub struct PhyPins {
    /// Received word, 32 bits, in `phy_clock` (XGMII-like; docs/registers.md word formats); a dead
    /// line is IDLE or garbage: no header, so nothing is taken
    pub rxd: Signal<In, Bits<32>>,
    /// Control flag per byte of `phy_rxd` (bit i flags byte i as a control character)
    pub rxc: Signal<In, Bits<4>>,
    /// Transmitted word, 32 bits, in `clock`: IDLE (K28.3) when there is nothing to send
    pub txd: Signal<Out, Bits<32>>,
    /// Control flag per byte of `phy_txd`
    pub txc: Signal<Out, Bits<4>>,
    /// PHY RX_FAULT (primary port): sets RX_EXC.RX_FAULT_P
    pub rx_fault_p: Signal<In, Bit>,
    /// PHY RX_FAULT (redundant port): sets RX_EXC.RX_FAULT_R
    pub rx_fault_r: Signal<In, Bit>,
    /// PHY interrupt: sets RX_EXC.INTB
    pub intb: Signal<In, Bit>,
    /// PHY TX fault: sets TX_EXC.PHY_FAULT
    pub tx_fault: Signal<In, Bit>,
    /// PHY RXH status bits: each cycle high counts in RX_RXH
    pub rxh: Signal<In, Bits<4>>,
    /// PHY reset output, high for 16 cycles after a TX_CTRL.PHY_RESET command
    pub reset: Signal<Out, Bit>,
}

//! A TNW link's PHY pins: the XGMII-like word interface (receive words in the PHY's receive
//! clock, the link's `phy_clock`; transmit words in the link clock), the PHY's status inputs
//! and its reset. One interface from the link (`TnwLink`) up to every top that carries links;
//! as a field `phy` its pins are `phy_rxd`, `phy_txd`, ... (the MDIO pins are the link's own).

use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(Clone, Debug, Default, LogicInterface, Ports)]
pub struct PhyPins {
    /// Received word, 32 bits, in the PHY's receive clock.
    pub rxd: Signal<In, Bits<32>>,
    /// Control flag per byte of `rxd`.
    pub rxc: Signal<In, Bits<4>>,
    /// Transmitted word, in the link clock.
    pub txd: Signal<Out, Bits<32>>,
    pub txc: Signal<Out, Bits<4>>,
    /// PHY status: RX_FAULT of the primary and the redundant port, the interrupt, TX_FAULT,
    /// and the receive-health bits.
    pub rx_fault_p: Signal<In, Bit>,
    pub rx_fault_r: Signal<In, Bit>,
    pub intb: Signal<In, Bit>,
    pub tx_fault: Signal<In, Bit>,
    pub rxh: Signal<In, Bits<4>>,
    /// PHY reset, high for 16 link cycles after a TX_CTRL.PHY_RESET command.
    pub reset: Signal<Out, Bit>,
}

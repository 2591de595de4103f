//! One link of a node with its receive buffer: `tnw_link` (TXLINK, RXLINK with PCKBUFFER and
//! the per-VC descriptor queues, RXSYNC, MDIO, test-bench module, link registers) and RXBUFF
//! (credits, bases, host writes, notifications) behind it, on one register window: RXBUFF's
//! registers at 0x100-0x3ff of the link's 4 KB window (A.5), the link's at the rest. The
//! received packets leave as host-memory writes (`host`) instead of a packet stream.

use super::link::TnwLink;
use super::rx_buff::{RxBuff, RxBuffStatus};
use crate::common::dma::DmaWrMaster;
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use crate::common::regbank::RegBusSlave;
use crate::ftnw::phy::PhyPins;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ftnw::link as tnw;
use rust_hdl::prelude::*;

const WB: usize = tnw::TNW_WINDOW_BITS as usize;

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct TnwPort {
    /// The link's TNW clock: everything but the PHY receive side is in its domain
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `clock`: everything back to the documented reset values
    /// (both bases 0xffffffff, no credit)
    pub reset: Signal<In, Bit>,
    /// The PHY's receive clock, as on `tnw_link`
    pub phy_clock: Signal<In, Clock>,
    /// The PHY ports, as on `tnw_link`
    #[port]
    pub phy: PhyPins,
    /// Packets to send, as `tnw_link`'s `tx` stream sink
    #[port]
    pub tx: PacketSink<128, 16, 14>,
    /// Register bus slave (`common::regbank`): the master raises `write` or `read` for one cycle
    /// with `addr` (byte address) and `wdata`; the slave answers in the next cycle with `ready` for
    /// one cycle, `rdata` on a read, `err` for an unmapped or unaligned address, a write to a
    /// read-only register, or write and read together (no effect); the next strobe no earlier than
    /// the cycle of `ready`
    ///
    /// The link's registers and RXBUFF's, one window.
    #[port]
    pub bus: RegBusSlave<WB>,
    /// DMA write interface, device side (`common::dma::DmaWrMaster`): `wr_req` (addr, beats) +
    /// `wr_dat` (data, last) -> `wr_rsp` (err, in request order); valid/ready handshakes, a VALID
    /// raised without waiting for READY and held with its payload until the handshake
    ///
    /// Received packets and notifications, into host memory.
    #[port]
    pub host: DmaWrMaster<32>,
    /// Level: some RX_EXC bit enabled in RX_EXEN is set (RXBUFF's exceptions included)
    pub irq_rx: Signal<Out, Bit>,
    /// Level: some TX_EXC bit 8:0 enabled in TX_EXEN is set
    pub irq_tx: Signal<Out, Bit>,
    /// MDIO clock, as on `tnw_link`
    pub mdc: Signal<Out, Bit>,
    /// MDIO data, as on `tnw_link`
    pub mdio_o: Signal<Out, Bit>,
    /// MDIO data, as on `tnw_link`
    pub mdio_oe: Signal<Out, Bit>,
    /// MDIO data, as on `tnw_link`
    pub mdio_i: Signal<In, Bit>,
    /// Packets sent and not yet acknowledged, for monitoring
    pub rsnd_occupancy: Signal<Out, Bits<8>>,
    link: TnwLink,
    rxb: RxBuff,
    /// The access goes to RXBUFF (address bits 11:10 zero, 9:8 not).
    to_rxb: Signal<Local, Bit>,
    #[init(k(0))]
    c_zero2: Constant<Bits<2>>,
}

impl Logic for TnwPort {
    #[hdl_gen]
    fn update(&mut self) {
        self.link.clock.next = self.clock.val();
        self.link.reset.next = self.reset.val();
        self.link.phy_clock.next = self.phy_clock.val();
        PhyPins::link(&mut self.phy, &mut self.link.phy);
        PacketSink::<128, 16, 14>::link(&mut self.tx, &mut self.link.tx);
        self.irq_rx.next = self.link.irq_rx.val();
        self.irq_tx.next = self.link.irq_tx.val();
        self.mdc.next = self.link.mdc.val();
        self.mdio_o.next = self.link.mdio_o.val();
        self.mdio_oe.next = self.link.mdio_oe.val();
        self.link.mdio_i.next = self.mdio_i.val();
        self.rsnd_occupancy.next = self.link.rsnd_occupancy.val();

        // RXLINK -> RXBUFF -> host memory
        self.rxb.clock.next = self.clock.val();
        self.rxb.reset.next = self.reset.val();
        PacketSource::<32, 4, 14>::join(&mut self.link.rx, &mut self.rxb.pkt);
        self.link.rx_vc_ready.next = self.rxb.vc_ready.val();
        RxBuffStatus::join(&mut self.link.rxb, &mut self.rxb.ctl);
        DmaWrMaster::<32>::link(&mut self.host, &mut self.rxb.host);

        // one register window: RXBUFF at 0x100-0x3ff
        self.to_rxb.next = (self.bus.addr.val().get_bits::<2>(10) == self.c_zero2.val())
            && (self.bus.addr.val().get_bits::<2>(8) != self.c_zero2.val());
        self.link.bus.addr.next = self.bus.addr.val();
        self.link.bus.wdata.next = self.bus.wdata.val();
        self.link.bus.write.next = self.bus.write.val() && !self.to_rxb.val();
        self.link.bus.read.next = self.bus.read.val() && !self.to_rxb.val();
        self.rxb.bus.addr.next = self.bus.addr.val();
        self.rxb.bus.wdata.next = self.bus.wdata.val();
        self.rxb.bus.write.next = self.bus.write.val() && self.to_rxb.val();
        self.rxb.bus.read.next = self.bus.read.val() && self.to_rxb.val();
        // one access at a time: at most one bank answers
        self.bus.ready.next = self.link.bus.ready.val() || self.rxb.bus.ready.val();
        self.bus.err.next = self.link.bus.err.val() || self.rxb.bus.err.val();
        self.bus.rdata.next = self.link.bus.rdata.val();
        if self.rxb.bus.ready.val() {
            self.bus.rdata.next = self.rxb.bus.rdata.val();
        }
    }
}

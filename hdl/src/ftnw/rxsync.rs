//! RXSYNC (thesis §2.4.3): received words cross from the PHY clock (`phy_clock`, the clock
//! recovered by the PHY) into the TNW clock (`clock`) through an asynchronous FIFO. The IDLE
//! removal logic (IDL_RM) drops clean IDLE characters before the FIFO, so the sender's IDLE
//! bursts absorb the clock difference; every other word (data, header, ACK/NAK/RESTART, dirty
//! words) crosses. The read side pops one word per TNW cycle whenever one is there.
//!
//! Crossings: the FIFO's two Gray pointers; the reset request (`reset`, TNW domain, held at
//! least 4 cycles of the slower clock) into the PHY domain through a `ResetSync`; the sticky
//! overflow flag (PHY domain, cleared by reset) into the TNW domain through two flops.
//! Latency: about 1 PHY cycle plus 3 TNW cycles. A word is lost only when the FIFO is full
//! (`overflow` then stays high until reset).

use crate::common::prim::Concat;
use crate::common::{async_fifo::AsyncFifo, reset::ResetSync, unused::Unused};
use nicgen_wire::ftnw::link::{self as tnw, Word};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct RxSync {
    pub phy_clock: Signal<In, Clock>,
    pub phy_rxd: Signal<In, Bits<32>>,
    pub phy_rxc: Signal<In, Bits<4>>,
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub rxd: Signal<Out, Bits<32>>,
    pub rxc: Signal<Out, Bits<4>>,
    pub rxv: Signal<Out, Bit>,
    pub overflow: Signal<Out, Bit>,
    fifo: AsyncFifo<Bits<36>, 5, 6>,
    sink_occ: [Unused<Bits<6>>; 2],
    sink_bits: [Unused<Bit>; 2],
    pack: Concat<32, 4, 36>,
    phy_rst: ResetSync<3>,
    ovf: DFF<Bit>,
    ovf_s1: DFF<Bit>,
    ovf_s2: DFF<Bit>,
    c_idle: Constant<Bits<32>>,
    c_ctrl: Constant<Bits<4>>,
}

impl Default for RxSync {
    fn default() -> Self {
        Self {
            phy_clock: Default::default(),
            phy_rxd: Default::default(),
            phy_rxc: Default::default(),
            clock: Default::default(),
            reset: Default::default(),
            rxd: Default::default(),
            rxc: Default::default(),
            rxv: Default::default(),
            overflow: Default::default(),
            fifo: AsyncFifo::new(24, 2),
            sink_occ: Default::default(),
            sink_bits: Default::default(),
            pack: Default::default(),
            phy_rst: Default::default(),
            ovf: Default::default(),
            ovf_s1: Default::default(),
            ovf_s2: Default::default(),
            c_idle: Constant::new((Word::idle().d as u64).into()),
            c_ctrl: Constant::new((tnw::C_CONTROL as u64).into()),
        }
    }
}

impl Logic for RxSync {
    #[hdl_gen]
    fn update(&mut self) {
        // PHY domain
        self.phy_rst.clock.next = self.phy_clock.val();
        self.phy_rst.arst.next = self.reset.val();
        self.fifo.wr_clock.next = self.phy_clock.val();
        self.fifo.wr_reset.next = self.phy_rst.rst.val();
        self.pack.lo.next = self.phy_rxd.val();
        self.pack.hi.next = self.phy_rxc.val();
        // no shared local between the push and the overflow check (Verilator UNOPTFLAT)
        self.fifo.sink.data.next = self.pack.y.val();
        self.fifo.sink.valid.next = !((self.phy_rxd.val() == self.c_idle.val())
            && (self.phy_rxc.val() == self.c_ctrl.val()));
        self.ovf.clock.next = self.phy_clock.val();
        self.ovf.d.next = (self.ovf.q.val()
            || (!((self.phy_rxd.val() == self.c_idle.val())
                && (self.phy_rxc.val() == self.c_ctrl.val()))
                && !self.fifo.sink.ready.val()))
            && !self.phy_rst.rst.val();
        // TNW domain
        self.fifo.rd_clock.next = self.clock.val();
        self.fifo.rd_reset.next = self.reset.val();
        self.fifo.source.ready.next = true;
        self.rxd.next = self.fifo.source.data.val().get_bits::<32>(0);
        self.rxc.next = self.fifo.source.data.val().get_bits::<4>(32);
        self.rxv.next = self.fifo.source.valid.val();
        self.ovf_s1.clock.next = self.clock.val();
        self.ovf_s2.clock.next = self.clock.val();
        self.ovf_s1.d.next = self.ovf.q.val();
        self.ovf_s2.d.next = self.ovf_s1.q.val();
        self.overflow.next = self.ovf_s2.q.val();
        self.sink_occ[0].x.next = self.fifo.wr_occupancy.val();
        self.sink_occ[1].x.next = self.fifo.rd_occupancy.val();
        self.sink_bits[0].x.next = self.fifo.almost_full.val();
        self.sink_bits[1].x.next = self.fifo.almost_empty.val();
    }
}

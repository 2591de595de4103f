//! RXSYNC (thesis §2.4.3): received words cross from the PHY clock (`phy_clock`, the clock
//! recovered by the PHY) into the TNW clock (`clock`) through an asynchronous FIFO. Each word
//! is classified on the PHY side (`WordDecode`, a register between its two halves), so it
//! crosses with its class byte (`rxf`, `codec::CLS_*`) and RXLINK takes the class from flops.
//! The IDLE removal logic (IDL_RM) drops clean IDLE characters before the FIFO, so the sender's
//! IDLE bursts absorb the clock difference; every other word (data, header, ACK/NAK/RESTART,
//! dirty words) crosses. The read side pops one word per TNW cycle whenever one is there.
//!
//! Crossings: the FIFO's two Gray pointers; the reset request (`reset`, TNW domain, held at
//! least 4 cycles of the slower clock) into the PHY domain through a `ResetSync`; the sticky
//! overflow flag (PHY domain, cleared by reset) into the TNW domain through two flops.
//! Latency: about 1 PHY cycle (the decoder's register) plus 3 TNW cycles. A word is lost only
//! when the FIFO is full (`overflow` then stays high until reset).

use super::codec::{WordDecode, LINK_SEQ_BITS};
use crate::common::prim::Concat;
use crate::common::{async_fifo::AsyncFifo, reset::ResetSync, unused::Unused};
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(LogicBlock, BlockDefault)]
pub struct RxSync {
    pub phy_clock: Signal<In, Clock>,
    pub phy_rxd: Signal<In, Bits<32>>,
    pub phy_rxc: Signal<In, Bits<4>>,
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub rxd: Signal<Out, Bits<32>>,
    /// The word's class byte (`codec::CLS_*`).
    pub rxf: Signal<Out, Bits<8>>,
    pub rxv: Signal<Out, Bit>,
    pub overflow: Signal<Out, Bit>,
    dec: WordDecode<LINK_SEQ_BITS>,
    #[init(AsyncFifo::new(24, 2))]
    fifo: AsyncFifo<Bits<40>, 5, 6>,
    sink_occ: [Unused<Bits<6>>; 2],
    sink_bits: [Unused<Bit>; 2],
    pack: Concat<32, 8, 40>,
    phy_rst: ResetSync<3>,
    ovf: DFF<Bit>,
    ovf_s1: DFF<Bit>,
    ovf_s2: DFF<Bit>,
}

impl Logic for RxSync {
    #[hdl_gen]
    fn update(&mut self) {
        // PHY domain
        self.phy_rst.clock.next = self.phy_clock.val();
        self.phy_rst.arst.next = self.reset.val();
        self.fifo.wr_clock.next = self.phy_clock.val();
        self.fifo.wr_reset.next = self.phy_rst.rst.val();
        self.dec.clock.next = self.phy_clock.val();
        self.dec.d.next = self.phy_rxd.val();
        self.dec.c.next = self.phy_rxc.val();
        self.pack.lo.next = self.dec.q.val();
        self.pack.hi.next = self.dec.cls.val();
        self.fifo.sink.data.next = self.pack.y.val();
        self.fifo.sink.valid.next = !self.dec.idle.val();
        self.ovf.clock.next = self.phy_clock.val();
        self.ovf.d.next = (self.ovf.q.val()
            || (!self.dec.idle.val() && !self.fifo.sink.ready.val()))
            && !self.phy_rst.rst.val();
        // TNW domain
        self.fifo.rd_clock.next = self.clock.val();
        self.fifo.rd_reset.next = self.reset.val();
        self.fifo.source.ready.next = true;
        self.rxd.next = self.fifo.source.data.val().get_bits::<32>(0);
        self.rxf.next = self.fifo.source.data.val().get_bits::<8>(32);
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

//! TXFIFO as a re-order buffer (thesis §3.2.2, Fig. 3.9; FTNW-H051-H058, ambiguities A11, A23,
//! A24), one per link. The host's write-combining stores reach the TX window in any order, so
//! the items of a packet, and of different packets, arrive interleaved: a packet is held until
//! every one of its 32 Dwords has been written, then sent whole.
//!
//! Clock domains: the write side (`clock`, `reset`, `w_*`, `exc_*`) in the IOC domain, the read
//! side (`tnw_clock`, `tnw_reset`, `tx`, `extracted`) in the TNW domain. Crossings: DATA_MEM (four
//! 32-bit lane RAMs, written on `clock`, read on `tnw_clock`), RDY_FIFO (`AsyncFifo`, Gray
//! pointers) and the 64 slot-free toggles `epoch_r` (each bit toggles once per use of its slot
//! and is synchronized on its own through two flops: the bits are independent, not a count).
//!
//! Write side, one item per cycle, never back-pressured (PPUT is posted, FTNW-H157), in three
//! registered steps (the six buffers' copies of the item stay next to their memories): the item
//! is registered on entry; it looks its slot up; it is decided on and written. An item is 1-4
//! Dwords (`w_dw`, one bit per lane) of item `w_item` of the packet `{w_rao, w_vc}`. DATA_MEM
//! slot `s = w_rao mod 64` (H052) keeps per slot a 32-bit record of the Dwords written (PCK_CNT
//! at Dword granularity, A11) and the packet's tag `{w_rao[10:6], w_vc}` (distributed RAMs) and
//! a `live` flag (the record is valid: reset clears every slot at once). The look-up reads the
//! slot's record, tag, `live` and waiting state; when the item ahead of it (being written) has
//! the same slot, it takes that item's result instead, so the items of one packet follow each
//! other at full rate. The item is written when the slot is not waiting to be read out, its tag
//! matches (or the slot is empty) and none of its Dwords is there already; the write that
//! completes the record clears `live`, toggles `epoch_w[s]` (the slot is then waiting until the
//! read side toggles `epoch_r[s]` back) and, a cycle later, pushes `{rao, vc}` into RDY_FIFO
//! (H053). A slot whose return arrives in the cycle of its look-up is seen waiting for that one
//! item (only a host that writes a slot before it knows the packet left can meet this).
//! Refused items are dropped, nothing of them is written:
//! - `exc_overrun` (TX_EXC[5] "txFifo written while full", H057): the slot still holds a packet
//!   waiting to be sent, or a Dword of the item was written already (a duplicate);
//! - `exc_header` (TX_EXC[4] "invalid header", H055): the slot holds part of a packet of another
//!   VC or another RAO with the same low bits (aliasing, H056: the library splits a message so
//!   that this never happens).
//!
//! Read side (READ_MNG, H054): pops RDY_FIFO in order and streams the slot's 8 items on `tx`
//! (128 bits, `meta` = `{rao, vc}`); the lane RAMs' read address is the next item's (the one
//! after an item taken, the popped slot's first), so items leave at one per cycle and the next
//! packet follows the last item without a gap. After the last item `epoch_r[s]` toggles and
//! `extracted` is high for a cycle (NWP_CNT counts these, A25).
//!
//! Reset: assert `reset` and `tnw_reset` together for at least 4 cycles of the slower clock
//! (the RDY_FIFO flush rule); every slot is then empty.
//!
//! Latency: the last item presented at IOC edge t is offered on `tx` about 4 IOC cycles plus 5
//! TNW cycles later (RDY_FIFO's crossing, then the pop).

use crate::common::async_fifo::AsyncFifo;
use crate::common::packet::PacketSource;
use crate::common::prim::{k, Concat, Join4, OneHot64};
use crate::common::ram::{BlockRam, LutRam};
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// Slot address bits (the kernel spells them 6: rust-hdl emits a constant's name as is).
pub const SLOT_BITS: usize = nicgen_wire::ftnw::txwin::ROB_SLOT_BITS as usize;
const ITEM_ADDR_BITS: usize = SLOT_BITS + 3;
/// The slot tag: the RAO's bits above the slot and the VC.
const TAG_BITS: usize = 11 - SLOT_BITS + 3;

#[derive(LogicBlock, BlockDefault)]
pub struct Rob {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub w_valid: Signal<In, Bit>,
    pub w_vc: Signal<In, Bits<3>>,
    pub w_rao: Signal<In, Bits<11>>,
    pub w_item: Signal<In, Bits<3>>,
    pub w_dw: Signal<In, Bits<4>>,
    pub w_data: Signal<In, Bits<128>>,
    pub exc_overrun: Signal<Out, Bit>,
    pub exc_header: Signal<Out, Bit>,
    /// A packet was completed (IOC clock, one cycle as it enters RDY_FIFO).
    pub completed: Signal<Out, Bit>,
    /// NGET's reservations (IOC clock): `rsv_set` reserves slots (a mask) for a DMA read; a
    /// clear (`c_valid`, `c_mask`, applied in the cycle it is presented, with the items the
    /// buffer writes in that cycle) releases them, and with `c_live` also empties them (a failed
    /// read's partial packets). `busy_slots` (registered, a cycle late): a slot holds part of a
    /// packet, a packet waiting to leave, or a reservation.
    pub rsv_set: Signal<In, Bits<64>>,
    pub c_valid: Signal<In, Bit>,
    pub c_live: Signal<In, Bit>,
    pub c_mask: Signal<In, Bits<64>>,
    pub busy_slots: Signal<Out, Bits<64>>,
    pub tnw_clock: Signal<In, Clock>,
    pub tnw_reset: Signal<In, Bit>,
    pub tx: PacketSource<128, 16, 14>,
    pub extracted: Signal<Out, Bit>,
    rsv: DFF<Bits<64>>,
    busy_r: DFF<Bits<64>>,
    lanes: [BlockRam<Bits<32>, ITEM_ADDR_BITS>; 4],
    word: Join4,
    records: LutRam<Bits<32>, SLOT_BITS>,
    tags: LutRam<Bits<TAG_BITS>, SLOT_BITS>,
    // never full: at most 64 slots wait, in a FIFO of 128 (the read pointer may reach
    // the write side after the slot's free toggle)
    #[init(AsyncFifo::new(128, 1))]
    rdy: AsyncFifo<Bits<14>, 7, 8>,
    /// RDY_FIFO cannot fill (see `Default`), so its levels and `sink.ready` are not used.
    u_wocc: Unused<Bits<8>>,
    u_rocc: Unused<Bits<8>>,
    u_af: Unused<Bit>,
    u_ae: Unused<Bit>,
    u_rdy: Unused<Bit>,
    // write side (IOC clock): the item registered here, next to this buffer's memories
    q_valid: DFF<Bit>,
    q_vc: DFF<Bits<3>>,
    q_rao: DFF<Bits<11>>,
    q_item: DFF<Bits<3>>,
    q_dw: DFF<Bits<4>>,
    q_data: DFF<Bits<128>>,
    s_valid: DFF<Bit>,
    s_vc: DFF<Bits<3>>,
    s_rao: DFF<Bits<11>>,
    s_item: DFF<Bits<3>>,
    s_dw: DFF<Bits<4>>,
    s_data: DFF<Bits<128>>,
    /// The slot's state as stage 2 sees it: record (0 when not live), live, waiting, tag.
    s_old: DFF<Bits<32>>,
    s_fresh: DFF<Bits<32>>,
    s_live: DFF<Bit>,
    s_busy: DFF<Bit>,
    s_stag: DFF<Bits<TAG_BITS>>,
    pv: DFF<Bit>,
    pmeta: DFF<Bits<14>>,
    live: DFF<Bits<64>>,
    epoch_w: DFF<Bits<64>>,
    er1: DFF<Bits<64>>,
    er2: DFF<Bits<64>>,
    ov: DFF<Bit>,
    hd: DFF<Bit>,
    w_tag: Concat<3, 5, TAG_BITS>,
    w_meta: Concat<3, 11, 14>,
    w_addr: Concat<3, SLOT_BITS, ITEM_ADDR_BITS>,
    dw32: Widen<4, 32>,
    w_oh: OneHot64,
    r_oh: OneHot64,
    shamt: Concat<2, 3, 5>,
    slot_live: Signal<Local, Bit>,
    live_n: Signal<Local, Bits<64>>,
    fresh: Signal<Local, Bits<32>>,
    any: Signal<Local, Bit>,
    dup: Signal<Local, Bit>,
    mism: Signal<Local, Bit>,
    go: Signal<Local, Bit>,
    full: Signal<Local, Bit>,
    // read side (TNW clock)
    epoch_r: DFF<Bits<64>>,
    busy: DFF<Bit>,
    meta: DFF<Bits<14>>,
    item: DFF<Bits<3>>,
    ext: DFF<Bit>,
    r_addr: Concat<3, SLOT_BITS, ITEM_ADDR_BITS>,
    #[init(k(0))]
    c0_2: Constant<Bits<2>>,
    #[init(k(0))]
    c0_3: Constant<Bits<3>>,
    #[init(k(0))]
    c0_4: Constant<Bits<4>>,
    #[init(k(0))]
    c0_32: Constant<Bits<32>>,
    #[init(k(0))]
    c0_64: Constant<Bits<64>>,
    #[init(k(0xffff_ffff))]
    c_ones32: Constant<Bits<32>>,
    #[init(k(7))]
    c_last: Constant<Bits<3>>,
    #[init(k(1))]
    c_one3: Constant<Bits<3>>,
    #[init(k(0xffff))]
    c_keep: Constant<Bits<16>>,
}

impl Logic for Rob {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, q_valid, q_vc, q_rao, q_item, q_dw, q_data, s_valid, s_vc, s_rao, s_item,
            s_dw, s_data, s_old, s_fresh, s_live, s_busy, s_stag, live, epoch_w, er1, er2, ov, hd,
            pv, pmeta, rsv, busy_r
        );
        dff_setup!(self, tnw_clock, epoch_r, busy, meta, item, ext);
        self.q_valid.d.next = self.w_valid.val();
        // loaded only with this buffer's items, so that synthesis keeps one copy per buffer
        if self.w_valid.val() {
            self.q_vc.d.next = self.w_vc.val();
            self.q_rao.d.next = self.w_rao.val();
            self.q_item.d.next = self.w_item.val();
            self.q_dw.d.next = self.w_dw.val();
            self.q_data.d.next = self.w_data.val();
        }
        self.records.clock.next = self.clock.val();
        self.tags.clock.next = self.clock.val();
        self.rdy.wr_clock.next = self.clock.val();
        self.rdy.wr_reset.next = self.reset.val();
        self.rdy.rd_clock.next = self.tnw_clock.val();
        self.rdy.rd_reset.next = self.tnw_reset.val();
        self.er1.d.next = self.epoch_r.q.val();
        self.er2.d.next = self.er1.q.val();
        // ---- stage 2: the item in `s_*` with its slot's state; decide and write
        self.w_tag.lo.next = self.s_vc.q.val();
        self.w_tag.hi.next = self.s_rao.q.val().get_bits::<5>(6);
        self.w_meta.lo.next = self.s_vc.q.val();
        self.w_meta.hi.next = self.s_rao.q.val();
        self.w_addr.lo.next = self.s_item.q.val();
        self.w_addr.hi.next = self.s_rao.q.val().get_bits::<6>(0);
        self.fresh.next = self.s_fresh.q.val();
        self.any.next = self.s_valid.q.val() && (self.s_dw.q.val() != self.c0_4.val());
        self.dup.next = (self.s_old.q.val() & self.fresh.val()) != self.c0_32.val();
        self.mism.next = self.s_live.q.val() && (self.s_stag.q.val() != self.w_tag.y.val());
        self.go.next =
            self.any.val() && !self.s_busy.q.val() && !self.mism.val() && !self.dup.val();
        self.full.next = (self.s_old.q.val() | self.fresh.val()) == self.c_ones32.val();
        self.ov.d.next =
            self.any.val() && (self.s_busy.q.val() || (!self.mism.val() && self.dup.val()));
        self.hd.d.next = self.any.val() && !self.s_busy.q.val() && self.mism.val();
        self.exc_overrun.next = self.ov.q.val();
        self.exc_header.next = self.hd.q.val();
        self.records.write_address.next = self.s_rao.q.val().get_bits::<6>(0);
        self.records.write_data.next = self.s_old.q.val() | self.fresh.val();
        self.records.write_enable.next = self.go.val();
        self.tags.write_address.next = self.s_rao.q.val().get_bits::<6>(0);
        self.tags.write_data.next = self.w_tag.y.val();
        self.tags.write_enable.next = self.go.val() && !self.s_live.q.val();
        self.lanes[0].write_data.next = self.s_data.q.val().get_bits::<32>(0);
        self.lanes[1].write_data.next = self.s_data.q.val().get_bits::<32>(32);
        self.lanes[2].write_data.next = self.s_data.q.val().get_bits::<32>(64);
        self.lanes[3].write_data.next = self.s_data.q.val().get_bits::<32>(96);
        for i in 0..4 {
            self.lanes[i].write_clock.next = self.clock.val();
            self.lanes[i].read_clock.next = self.tnw_clock.val();
            self.lanes[i].write_address.next = self.w_addr.y.val();
            self.lanes[i].write_enable.next = self.go.val() && self.s_dw.q.val().get_bit(i);
            self.lanes[i].read_address.next = self.r_addr.y.val();
        }
        // a completed packet enters RDY_FIFO a cycle later (the push off the decision path)
        self.pv.d.next = self.go.val() && self.full.val();
        self.pmeta.d.next = self.w_meta.y.val();
        self.rdy.sink.data.next = self.pmeta.q.val();
        self.rdy.sink.valid.next = self.pv.q.val();
        self.completed.next = self.pv.q.val();
        self.w_oh.x.next = self.s_rao.q.val().get_bits::<6>(0);
        self.live_n.next = self.live.q.val();
        if self.go.val() && !self.s_live.q.val() {
            self.live_n.next = self.live.q.val() | self.w_oh.y.val();
        }
        if self.go.val() && self.full.val() {
            self.live_n.next = self.live.q.val() & !self.w_oh.y.val();
            self.epoch_w.d.next = self.epoch_w.q.val() ^ self.w_oh.y.val();
        }
        self.live.d.next = self.live_n.val();
        // NGET's reservations and clears (after the item's own update: a clear is the later)
        self.rsv.d.next = self.rsv.q.val() | self.rsv_set.val();
        if self.c_valid.val() {
            self.rsv.d.next = (self.rsv.q.val() & !self.c_mask.val()) | self.rsv_set.val();
            if self.c_live.val() {
                self.live.d.next = self.live_n.val() & !self.c_mask.val();
            }
        }
        // registered here, so that NGET's look at the slots does not pull this buffer's slot
        // state across the chip (a cycle late: NGET checks a new request's slots at least two
        // cycles after its last reservation)
        self.busy_r.d.next =
            self.live.q.val() | (self.epoch_w.q.val() ^ self.er2.q.val()) | self.rsv.q.val();
        self.busy_slots.next = self.busy_r.q.val();
        // ---- stage 1: the item in `q_*` looks its slot up: the slot's state as stage 2 leaves
        // it when stage 2 holds the same slot, else from the tables
        self.records.read_address.next = self.q_rao.q.val().get_bits::<6>(0);
        self.tags.read_address.next = self.q_rao.q.val().get_bits::<6>(0);
        self.s_valid.d.next = self.q_valid.q.val();
        self.s_vc.d.next = self.q_vc.q.val();
        self.s_rao.d.next = self.q_rao.q.val();
        self.s_item.d.next = self.q_item.q.val();
        self.s_dw.d.next = self.q_dw.q.val();
        // the item's Dwords as record bits, ready for the decision
        self.dw32.x.next = self.q_dw.q.val();
        self.shamt.lo.next = self.c0_2.val();
        self.shamt.hi.next = self.q_item.q.val();
        self.s_fresh.d.next = self.dw32.y.val() << self.shamt.y.val();
        self.s_data.d.next = self.q_data.q.val();
        self.slot_live.next = self
            .live
            .q
            .val()
            .get_bit(self.q_rao.q.val().get_bits::<6>(0).index());
        self.s_live.d.next = self.slot_live.val();
        self.s_busy.d.next = self
            .epoch_w
            .q
            .val()
            .get_bit(self.q_rao.q.val().get_bits::<6>(0).index())
            != self
                .er2
                .q
                .val()
                .get_bit(self.q_rao.q.val().get_bits::<6>(0).index());
        self.s_old.d.next = self.c0_32.val();
        if self.slot_live.val() {
            self.s_old.d.next = self.records.read_data.val();
        }
        self.s_stag.d.next = self.tags.read_data.val();
        if self.s_valid.q.val()
            && (self.s_rao.q.val().get_bits::<6>(0) == self.q_rao.q.val().get_bits::<6>(0))
        {
            if self.go.val() {
                self.s_live.d.next = !self.full.val();
                self.s_busy.d.next = self.full.val();
                self.s_old.d.next = self.s_old.q.val() | self.fresh.val();
                if self.full.val() {
                    self.s_old.d.next = self.c0_32.val();
                }
                if !self.s_live.q.val() {
                    self.s_stag.d.next = self.w_tag.y.val();
                } else {
                    self.s_stag.d.next = self.s_stag.q.val();
                }
            } else {
                self.s_live.d.next = self.s_live.q.val();
                self.s_busy.d.next = self.s_busy.q.val();
                self.s_old.d.next = self.s_old.q.val();
                self.s_stag.d.next = self.s_stag.q.val();
            }
        }
        if self.reset.val() {
            self.q_valid.d.next = false;
            self.s_valid.d.next = false;
            self.pv.d.next = false;
            self.live.d.next = self.c0_64.val();
            self.rsv.d.next = self.c0_64.val();
            self.epoch_w.d.next = self.c0_64.val();
            self.ov.d.next = false;
            self.hd.d.next = false;
        }
        // ---- read side (TNW clock)
        self.u_wocc.x.next = self.rdy.wr_occupancy.val();
        self.u_rocc.x.next = self.rdy.rd_occupancy.val();
        self.u_af.x.next = self.rdy.almost_full.val();
        self.u_ae.x.next = self.rdy.almost_empty.val();
        self.u_rdy.x.next = self.rdy.sink.ready.val();
        self.tx.valid.next = self.busy.q.val();
        self.tx.meta.next = self.meta.q.val();
        self.tx.keep.next = self.c_keep.val();
        self.tx.first.next = self.item.q.val() == self.c0_3.val();
        self.tx.last.next = self.item.q.val() == self.c_last.val();
        self.word.x0.next = self.lanes[0].read_data.val();
        self.word.x1.next = self.lanes[1].read_data.val();
        self.word.x2.next = self.lanes[2].read_data.val();
        self.word.x3.next = self.lanes[3].read_data.val();
        self.tx.data.next = self.word.y.val();
        self.extracted.next = self.ext.q.val();
        self.rdy.source.ready.next =
            !self.busy.q.val() || (self.tx.ready.val() && (self.item.q.val() == self.c_last.val()));
        self.r_addr.hi.next = self.meta.q.val().get_bits::<6>(3);
        self.r_oh.x.next = self.meta.q.val().get_bits::<6>(3);
        self.r_addr.lo.next = self.item.q.val();
        self.ext.d.next = false;
        if self.busy.q.val() && self.tx.ready.val() {
            self.item.d.next = self.item.q.val() + self.c_one3.val();
            self.r_addr.lo.next = self.item.q.val() + self.c_one3.val();
            if self.item.q.val() == self.c_last.val() {
                self.busy.d.next = false;
                self.ext.d.next = true;
                self.epoch_r.d.next = self.epoch_r.q.val() ^ self.r_oh.y.val();
            }
        }
        if self.rdy.source.valid.val()
            && (!self.busy.q.val()
                || (self.tx.ready.val() && (self.item.q.val() == self.c_last.val())))
        {
            self.busy.d.next = true;
            self.meta.d.next = self.rdy.source.data.val();
            self.item.d.next = self.c0_3.val();
            self.r_addr.hi.next = self.rdy.source.data.val().get_bits::<6>(3);
            self.r_addr.lo.next = self.c0_3.val();
        }
        if self.tnw_reset.val() {
            self.busy.d.next = false;
            self.ext.d.next = false;
            self.epoch_r.d.next = self.c0_64.val();
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn kernel_slot_width_is_the_wire_crates() {
        assert_eq!(
            super::SLOT_BITS,
            6,
            "the kernel's get_bits::<6> spell the slot width"
        );
    }
}

//! Two-slot dual-clock handoff: whole items (a message, a packet's words) from one clock domain
//! to another, without a block RAM. The writer fills a slot register and advances a two-bit
//! pointer; the reader sees the pointer through two flops, takes the item from the slot (stable
//! since before the pointer moved) and advances its own pointer, which the writer sees the same
//! way. Both pointers are Gray coded (00, 01, 11, 10) and registered in their home domain, so a
//! synchronizer only ever samples a one-bit change.
//!
//! Clock domains: `wr_clock` (`wr_reset`, `w_valid`, `w_data`, `w_room`, `w_held`) and
//! `rd_clock` (`rd_reset`, `r_valid`, `r_data`, `r_take`). Crossings: the two Gray pointers, each
//! through two flops; the slot registers are read in the other domain only while the pointers
//! say they are stable.
//!
//! - `w_valid` for one cycle with `w_data` stores an item when `w_room` (a slot is free as the
//!   writer sees it); an item offered without room is not taken (the writer decides what that
//!   means). `w_held`: items written whose taking the writer has not seen yet (0..2).
//! - `r_valid` with `r_data` offers the oldest item; `r_take` for one cycle takes it.
//! - Latency: an item written at write edge t is offered after two or three read edges. A slot
//!   frees two or three write edges after the read edge that took it.
//! - Flush: both resets together for at least three cycles of the slower clock (a `ResetSync`
//!   per domain fed by one request does that).

use super::gray::GrayDecode;
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(LogicBlock, BlockDefault)]
pub struct Handoff<D: Synth> {
    pub wr_clock: Signal<In, Clock>,
    pub wr_reset: Signal<In, Bit>,
    pub w_valid: Signal<In, Bit>,
    pub w_data: Signal<In, D>,
    pub w_room: Signal<Out, Bit>,
    pub w_held: Signal<Out, Bits<2>>,
    pub rd_clock: Signal<In, Clock>,
    pub rd_reset: Signal<In, Bit>,
    pub r_valid: Signal<Out, Bit>,
    pub r_data: Signal<Out, D>,
    pub r_take: Signal<In, Bit>,
    slot0: DFF<D>,
    slot1: DFF<D>,
    // write domain
    wp: DFF<Bits<2>>,
    wp_g: DFF<Bits<2>>,
    rp_s1: DFF<Bits<2>>,
    rp_s2: DFF<Bits<2>>,
    /// The decoded pointers are children (not locals): every output is then computed from the
    /// kernel's inputs only, which Verilator orders apart from the logic that reads `w_valid` and
    /// `r_take` (no loop through a neighbour that decides on `w_room` or `r_valid`).
    rp_w: GrayDecode<2>,
    wp_next: Signal<Local, Bits<2>>,
    // read domain
    rp: DFF<Bits<2>>,
    rp_g: DFF<Bits<2>>,
    wp_s1: DFF<Bits<2>>,
    wp_s2: DFF<Bits<2>>,
    wp_r: GrayDecode<2>,
    rp_next: Signal<Local, Bits<2>>,
    #[init(Constant::new(1u64.into()))]
    one: Constant<Bits<2>>,
    #[init(Constant::new(2u64.into()))]
    two: Constant<Bits<2>>,
    #[init(Constant::new(0u64.into()))]
    zero: Constant<Bits<2>>,
}

impl<D: Synth> Logic for Handoff<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, wr_clock, slot0, slot1, wp, wp_g, rp_s1, rp_s2);
        dff_setup!(self, rd_clock, rp, rp_g, wp_s1, wp_s2);
        // ---- write domain: the reader's pointer, decoded ({g1, g1 ^ g0})
        self.rp_s1.d.next = self.rp_g.q.val();
        self.rp_s2.d.next = self.rp_s1.q.val();
        self.rp_w.gray.next = self.rp_s2.q.val();
        self.w_held.next = self.wp.q.val() - self.rp_w.bin.val();
        self.w_room.next =
            ((self.wp.q.val() - self.rp_w.bin.val()) != self.two.val()) && !self.wr_reset.val();
        self.wp_next.next = self.wp.q.val();
        if self.w_valid.val()
            && ((self.wp.q.val() - self.rp_w.bin.val()) != self.two.val())
            && !self.wr_reset.val()
        {
            self.wp_next.next = self.wp.q.val() + self.one.val();
            if self.wp.q.val().get_bit(0) {
                self.slot1.d.next = self.w_data.val();
            } else {
                self.slot0.d.next = self.w_data.val();
            }
        }
        self.wp.d.next = self.wp_next.val();
        // published at the edge that writes the slot: the reader samples it a cycle later at
        // the earliest and uses the slot a cycle after that
        self.wp_g.d.next = self.wp_next.val() ^ (self.wp_next.val() >> self.one.val());
        if self.wr_reset.val() {
            self.wp.d.next = self.zero.val();
            self.wp_g.d.next = self.zero.val();
            self.rp_s1.d.next = self.zero.val();
            self.rp_s2.d.next = self.zero.val();
        }
        // ---- read domain
        self.wp_s1.d.next = self.wp_g.q.val();
        self.wp_s2.d.next = self.wp_s1.q.val();
        self.wp_r.gray.next = self.wp_s2.q.val();
        self.r_valid.next = (self.rp.q.val() != self.wp_r.bin.val()) && !self.rd_reset.val();
        self.r_data.next = self.slot0.q.val();
        if self.rp.q.val().get_bit(0) {
            self.r_data.next = self.slot1.q.val();
        }
        self.rp_next.next = self.rp.q.val();
        if self.r_take.val() && (self.rp.q.val() != self.wp_r.bin.val()) && !self.rd_reset.val() {
            self.rp_next.next = self.rp.q.val() + self.one.val();
        }
        self.rp.d.next = self.rp_next.val();
        self.rp_g.d.next = self.rp_next.val() ^ (self.rp_next.val() >> self.one.val());
        if self.rd_reset.val() {
            self.rp.d.next = self.zero.val();
            self.rp_g.d.next = self.zero.val();
            self.wp_s1.d.next = self.zero.val();
            self.wp_s2.d.next = self.zero.val();
        }
    }
}

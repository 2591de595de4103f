//! The PPE's queues and interrupt bits (UUCS-95-013 §3.2, §3.4, §3.5; block B4 of the
//! checklist; AMB-19, AMB-23, AMB-24, AMB-49):
//! - NQR and AQR: 256 tokens each; the PPE pushes (`nq_*`, `aq_*` valid/ready: a full queue
//!   holds the push until a host read frees a slot, nothing is dropped, PPE-R041); a host read
//!   (`h_pop_nqr`, `h_pop_aqr`) pops the oldest, `h_rdata` the cycle after (0 from an empty
//!   queue, which changes nothing).
//! - NBQR: 256 host addresses of empty notification objects; a host write (`h_push_nbqr` with
//!   `h_wdata`) appends, and is dropped when the queue is full or the word is 0; the PPE takes
//!   (`nb_valid`, `nb_data`, `nb_take`).
//! - int_lo / int_hi: set when a push takes NQR / AQR from empty to non-empty while the bit is
//!   clear; cleared by the host (`h_clear_lo`, `h_clear_hi`: PCSR1's write-0-to-clear, AMB-23);
//!   a set and a clear in one cycle: the set wins (no lost wake-up). nbqr_empty and nbqr_full
//!   follow NBQR's fill; the PPE taking NBQR's last entry makes an interrupt pending until the
//!   next accepted NBQR write (AMB-19). `irq` is one level: int_hi | int_lo | pending (AMB-24).
//! An entry can be popped or taken from the second cycle after its push (block RAM, registered
//! read). One clock; `reset` empties the queues and clears the bits without an interrupt.

use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::unused::Unused;
use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// A 256-entry FIFO in a block RAM whose outputs come from registers only (`room`, `avail`,
/// `head`, `empty`, `single`, `full`), so a parent may decide its `push` and `pop` on them.
#[derive(LogicBlock, BlockDefault)]
pub struct PpeQueue {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Append `push_data` (taken when `room`).
    pub push: Signal<In, Bit>,
    pub push_data: Signal<In, Bits<32>>,
    pub room: Signal<Out, Bit>,
    /// Remove the head (taken when `avail`).
    pub pop: Signal<In, Bit>,
    pub avail: Signal<Out, Bit>,
    pub head: Signal<Out, Bits<32>>,
    pub empty: Signal<Out, Bit>,
    /// One entry held.
    pub single: Signal<Out, Bit>,
    pub full: Signal<Out, Bit>,
    ram: BlockRam<Bits<32>, 8>,
    wr: DFF<Bits<9>>,
    rd: DFF<Bits<9>>,
    /// `wr` a cycle late: entries before it are readable.
    late: DFF<Bits<9>>,
    rd_next: Signal<Local, Bits<9>>,
    #[init(k(1))]
    c_one: Constant<Bits<9>>,
    #[init(k(0))]
    c_zero: Constant<Bits<9>>,
    #[init(k(256))]
    c_depth: Constant<Bits<9>>,
}

impl Logic for PpeQueue {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, wr, rd, late);
        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();
        self.room.next = (self.wr.q.val() - self.rd.q.val()) != self.c_depth.val();
        self.full.next = (self.wr.q.val() - self.rd.q.val()) == self.c_depth.val();
        self.empty.next = self.wr.q.val() == self.rd.q.val();
        self.single.next = (self.wr.q.val() - self.rd.q.val()) == self.c_one.val();
        self.avail.next = self.late.q.val() != self.rd.q.val();
        self.head.next = self.ram.read_data.val();
        self.ram.write_address.next = self.wr.q.val().get_bits::<8>(0);
        self.ram.write_data.next = self.push_data.val();
        self.ram.write_enable.next = false;
        if self.push.val() && ((self.wr.q.val() - self.rd.q.val()) != self.c_depth.val()) {
            self.ram.write_enable.next = true;
            self.wr.d.next = self.wr.q.val() + self.c_one.val();
        }
        self.rd_next.next = self.rd.q.val();
        if self.pop.val() && (self.late.q.val() != self.rd.q.val()) {
            self.rd_next.next = self.rd.q.val() + self.c_one.val();
        }
        self.rd.d.next = self.rd_next.val();
        self.ram.read_address.next = self.rd_next.val().get_bits::<8>(0);
        self.late.d.next = self.wr.q.val();
        if self.reset.val() {
            self.wr.d.next = self.c_zero.val();
            self.rd.d.next = self.c_zero.val();
            self.late.d.next = self.c_zero.val();
            self.ram.write_enable.next = false;
        }
    }
}

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeQueues {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: the three queues empty, the bits 0, no interrupt (AMB-19)
    pub reset: Signal<In, Bit>,
    /// A host read of NQR (0x014): pops its oldest token; `h_rdata` the cycle after, 0 when empty
    pub h_pop_nqr: Signal<In, Bit>,
    /// A host read of AQR (0x018): pops its oldest entry; `h_rdata` the cycle after, 0 when empty
    pub h_pop_aqr: Signal<In, Bit>,
    /// A host write of NBQR (0x01C) with `h_wdata`: appended unless NBQR is full or the word is 0
    /// (AMB-49)
    pub h_push_nbqr: Signal<In, Bit>,
    /// The host's NBQR word
    pub h_wdata: Signal<In, Bits<32>>,
    /// The host clears int_lo (a PCSR1 write with bit 29 = 0, AMB-23); a set in the same cycle wins
    pub h_clear_lo: Signal<In, Bit>,
    /// The host clears int_hi (a PCSR1 write with bit 30 = 0)
    pub h_clear_hi: Signal<In, Bit>,
    /// The value of the last host pop
    pub h_rdata: Signal<Out, Bits<32>>,
    /// The PPE pushes `nq_data` onto NQR (held until `nq_ready`)
    pub nq_valid: Signal<In, Bit>,
    /// The NQR token
    pub nq_data: Signal<In, Bits<32>>,
    /// NQR has room (registered)
    pub nq_ready: Signal<Out, Bit>,
    /// The PPE pushes `aq_data` onto AQR (held until `aq_ready`)
    pub aq_valid: Signal<In, Bit>,
    /// The AQR entry (an rslot index)
    pub aq_data: Signal<In, Bits<32>>,
    /// AQR has room (registered)
    pub aq_ready: Signal<Out, Bit>,
    /// NBQR's head `nb_data` is there for the PPE (an entry from the second cycle after its write)
    pub nb_valid: Signal<Out, Bit>,
    /// NBQR's head: an empty notification object's host address
    pub nb_data: Signal<Out, Bits<32>>,
    /// The PPE takes NBQR's head
    pub nb_take: Signal<In, Bit>,
    /// PCSR1.int_lo: set when a push takes NQR from empty to non-empty
    pub int_lo: Signal<Out, Bit>,
    /// PCSR1.int_hi: set when a push takes AQR from empty to non-empty
    pub int_hi: Signal<Out, Bit>,
    /// PCSR1.nbqr_empty
    pub nbqr_empty: Signal<Out, Bit>,
    /// PCSR1.nbqr_full
    pub nbqr_full: Signal<Out, Bit>,
    /// The interrupt level: int_hi | int_lo | NBQR emptied by the PPE and not yet written (AMB-19,
    /// AMB-24)
    pub irq: Signal<Out, Bit>,
    nqr: PpeQueue,
    aqr: PpeQueue,
    nbqr: PpeQueue,
    lo: DFF<Bit>,
    hi: DFF<Bit>,
    pend: DFF<Bit>,
    rdata: DFF<Bits<32>>,
    /// NQR's and AQR's `single` and `full` (PCSR1 has no bits for them).
    sink_q: [Unused<Bit>; 4],
    #[init(k(0))]
    c_zero: Constant<Bits<32>>,
}

impl Logic for PpeQueues {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, lo, hi, pend, rdata);
        self.nqr.clock.next = self.clock.val();
        self.aqr.clock.next = self.clock.val();
        self.nbqr.clock.next = self.clock.val();
        self.nqr.reset.next = self.reset.val();
        self.aqr.reset.next = self.reset.val();
        self.nbqr.reset.next = self.reset.val();
        // the PPE's pushes and take
        self.nqr.push.next = self.nq_valid.val();
        self.nqr.push_data.next = self.nq_data.val();
        self.nq_ready.next = self.nqr.room.val();
        self.aqr.push.next = self.aq_valid.val();
        self.aqr.push_data.next = self.aq_data.val();
        self.aq_ready.next = self.aqr.room.val();
        self.nbqr.pop.next = self.nb_take.val();
        self.nb_valid.next = self.nbqr.avail.val();
        self.nb_data.next = self.nbqr.head.val();
        // the host's pops (0 from an empty queue) and NBQR writes (not full, not 0: AMB-49)
        self.nqr.pop.next = self.h_pop_nqr.val();
        self.aqr.pop.next = self.h_pop_aqr.val();
        if self.h_pop_nqr.val() {
            self.rdata.d.next = self.c_zero.val();
            if self.nqr.avail.val() {
                self.rdata.d.next = self.nqr.head.val();
            }
        }
        if self.h_pop_aqr.val() {
            self.rdata.d.next = self.c_zero.val();
            if self.aqr.avail.val() {
                self.rdata.d.next = self.aqr.head.val();
            }
        }
        self.h_rdata.next = self.rdata.q.val();
        self.nbqr.push.next = self.h_push_nbqr.val() && (self.h_wdata.val() != self.c_zero.val());
        self.nbqr.push_data.next = self.h_wdata.val();
        // the interrupt bits: a clear, then a set in the same cycle wins (AMB-23)
        if self.h_clear_lo.val() {
            self.lo.d.next = false;
        }
        if self.h_clear_hi.val() {
            self.hi.d.next = false;
        }
        if self.nq_valid.val() && self.nqr.room.val() && self.nqr.empty.val() {
            self.lo.d.next = true;
        }
        if self.aq_valid.val() && self.aqr.room.val() && self.aqr.empty.val() {
            self.hi.d.next = true;
        }
        // nbqr_empty's interrupt: pending from the last entry's take to the next write taken
        if self.nb_take.val() && self.nbqr.avail.val() && self.nbqr.single.val() {
            self.pend.d.next = true;
        }
        if self.h_push_nbqr.val()
            && (self.h_wdata.val() != self.c_zero.val())
            && self.nbqr.room.val()
        {
            self.pend.d.next = false;
        }
        self.sink_q[0].x.next = self.nqr.single.val();
        self.sink_q[1].x.next = self.nqr.full.val();
        self.sink_q[2].x.next = self.aqr.single.val();
        self.sink_q[3].x.next = self.aqr.full.val();
        self.int_lo.next = self.lo.q.val();
        self.int_hi.next = self.hi.q.val();
        self.nbqr_empty.next = self.nbqr.empty.val();
        self.nbqr_full.next = self.nbqr.full.val();
        self.irq.next = self.lo.q.val() || self.hi.q.val() || self.pend.q.val();
        if self.reset.val() {
            self.lo.d.next = false;
            self.hi.d.next = false;
            self.pend.d.next = false;
            self.rdata.d.next = self.c_zero.val();
        }
    }
}

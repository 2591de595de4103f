//! The local-memory interface (a PE's memory behind a device, 64-bit words with byte strobes)
//! and the two movers every byte-granular transfer uses: `MemReader` (bytes at any address ->
//! a packed flit stream) and `MemWriter` (a packed flit stream -> bytes at any address).
//!
//! Interface (`MemMaster` drives, `MemSlave` answers), one clock domain:
//! - request: `req_addr` (byte address of a 64-bit word, bits 2:0 zero), `req_we`, `req_wdata`,
//!   `req_strb` (bit i writes byte i = `wdata[8i+7:8i]`), with `req_valid` / `req_ready` (the
//!   rules of `common::stream`);
//! - response: one per request, in request order, at least a cycle after it: `rsp_data` (a
//!   read's word; nothing for a write) with `rsp_valid` for one cycle. A master never refuses a
//!   response: it issues a request only when it has room for its answer. A write is done (its
//!   bytes visible to any later access of any master) when its response arrives.
//!
//! A packed flit stream (`PacketSource<64, 8, 1>`, `meta` 0): byte i of the transfer is byte
//! i % 8 of flit i / 8; `keep` is all ones on every flit but the last (the rules of
//! `common::packet`); `first` on the first flit, `last` on the last.

use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use crate::common::skid::{MemReqSlice, PacketSlice};
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "MemSlave"]
pub struct MemMaster<const A: usize> {
    pub req_addr: Signal<Out, Bits<A>>,
    pub req_we: Signal<Out, Bit>,
    pub req_wdata: Signal<Out, Bits<64>>,
    pub req_strb: Signal<Out, Bits<8>>,
    pub req_valid: Signal<Out, Bit>,
    pub req_ready: Signal<In, Bit>,
    pub rsp_data: Signal<In, Bits<64>>,
    pub rsp_valid: Signal<In, Bit>,
}

#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "MemMaster"]
pub struct MemSlave<const A: usize> {
    pub req_addr: Signal<In, Bits<A>>,
    pub req_we: Signal<In, Bit>,
    pub req_wdata: Signal<In, Bits<64>>,
    pub req_strb: Signal<In, Bits<8>>,
    pub req_valid: Signal<In, Bit>,
    pub req_ready: Signal<Out, Bit>,
    pub rsp_data: Signal<Out, Bits<64>>,
    pub rsp_valid: Signal<Out, Bit>,
}

/// Words a transfer may wait on in a reader (requests issued, words not yet used).
const READ_AHEAD: u64 = 4;

/// Reads `size` bytes (1 to 65535) at byte address `addr` and sends them as a packed flit
/// stream. `start` (one cycle, while not `busy`) latches `addr` and `size` and offers the first
/// word's read in the same cycle; `busy` from the next cycle until the last flit is taken. Word
/// reads are issued ahead (up to 4 words not yet used) through a request slice, the responses
/// wait in a 4-word register queue, and each flit joins the two words it straddles, from the
/// queue or the response arriving, into the output slice: one flit per cycle once the first
/// words are in. Latency: the read enters the request slice in the start cycle; the first flit
/// enters the output slice in the cycle its word's response arrives (its second word's, for an
/// unaligned transfer of more than one flit).
#[derive(LogicBlock, BlockDefault)]
pub struct MemReader<const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub addr: Signal<In, Bits<A>>,
    pub size: Signal<In, Bits<16>>,
    pub busy: Signal<Out, Bit>,
    pub mem: MemMaster<A>,
    pub out: PacketSource<64, 8, 1>,
    /// The flits leave through a register slice.
    oslice: PacketSlice<64, 8, 1>,
    /// The requests leave through a register slice.
    mslice: MemReqSlice<A>,
    active: DFF<Bit>,
    raddr: DFF<Bits<A>>,
    /// Byte offset of the first byte in its word, as a shift in bits, and the complement.
    sh_lo: DFF<Bits<64>>,
    sh_hi: DFF<Bits<64>>,
    nwords: DFF<Bits<17>>,
    nflits: DFF<Bits<17>>,
    keep_last: DFF<Bits<8>>,
    issued: DFF<Bits<17>>,
    emitted: DFF<Bits<17>>,
    /// The responses not yet used: a queue of READ_AHEAD words (write and read pointers,
    /// count); the word at the read pointer is word `emitted` of the transfer.
    q: [DFF<Bits<64>>; 4],
    qw: DFF<Bits<2>>,
    qr: DFF<Bits<2>>,
    qn: DFF<Bits<3>>,
    q_head: Signal<Local, Bits<64>>,
    q_any: Signal<Local, Bit>,
    w0: Signal<Local, Bits<64>>,
    one_word: Signal<Local, Bit>,
    push: Signal<Local, Bit>,
    pop: Signal<Local, Bit>,
    q_second: Signal<Local, Bits<64>>,
    qr1: Signal<Local, Bits<2>>,
    sink_addr: Unused<Bits<3>>,
    sink_raddr: Unused<Bits<3>>,
    off3: Signal<Local, Bits<3>>,
    off17: Widen<3, 17>,
    size17: Widen<16, 17>,
    total: Signal<Local, Bits<17>>,
    go: Signal<Local, Bit>,
    next: Signal<Local, Bits<64>>,
    emit: Signal<Local, Bit>,
    rq_valid: Signal<Local, Bit>,
    o_last: Signal<Local, Bit>,
    o_valid: Signal<Local, Bit>,
    #[init(k(7))]
    c_seven_a: Constant<Bits<A>>,
    #[init(k(8))]
    c_eight_a: Constant<Bits<A>>,
    #[init(k(0))]
    c_zero16: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero17: Constant<Bits<17>>,
    #[init(k(1))]
    c_one17: Constant<Bits<17>>,
    #[init(k(7))]
    c_seven17: Constant<Bits<17>>,
    #[init(k(3))]
    c_three17: Constant<Bits<17>>,
    #[init(k(READ_AHEAD))]
    c_ahead: Constant<Bits<17>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_q: [Constant<Bits<2>>; 4],
    #[init(k(1))]
    c_one2: Constant<Bits<2>>,
    #[init(k(1))]
    c_one3: Constant<Bits<3>>,
    #[init(k(2))]
    c_two3: Constant<Bits<3>>,
    #[init(k(0))]
    c_zero3: Constant<Bits<3>>,
    #[init(k(0xFF))]
    c_ones8: Constant<Bits<8>>,
    #[init(k(0))]
    c_zero64: Constant<Bits<64>>,
    #[init(k(0))]
    c_zero_meta: Constant<Bits<1>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_off: [Constant<Bits<3>>; 8],
    #[init(std::array::from_fn(|i| k(8 * i as u64)))]
    c_sh: [Constant<Bits<64>>; 8],
    #[init(std::array::from_fn(|i| k(64 - 8 * i as u64)))]
    c_shc: [Constant<Bits<64>>; 8],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_rem: [Constant<Bits<17>>; 8],
    // tail = (off + size) mod 8 bytes used in the last word (0: all 8)
    #[init(std::array::from_fn(|i| k(if i == 0 { 0xFF } else { (1 << i) - 1 })))]
    c_keep: [Constant<Bits<8>>; 8],
}

impl<const A: usize> Logic for MemReader<A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, qw, qr, qn, active, raddr, sh_lo, sh_hi, nwords, nflits, keep_last,
            issued, emitted
        );
        for i in 0..4 {
            self.q[i].clock.next = self.clock.val();
            self.q[i].d.next = self.q[i].q.val();
        }
        self.sink_addr.x.next = self.addr.val().get_bits::<3>(0);
        self.sink_raddr.x.next = self.raddr.q.val().get_bits::<3>(0);
        // busy until the last flit has left the output slice
        self.busy.next = self.active.q.val() || self.out.valid.val();
        clock!(self, clock, oslice, mslice);
        self.oslice.reset.next = self.reset.val();
        self.mslice.reset.next = self.reset.val();
        PacketSource::<64, 8, 1>::link(&mut self.out, &mut self.oslice.out);
        MemMaster::<A>::link(&mut self.mem, &mut self.mslice.s);

        // ---- start: word-aligned address, words and flits to move, the last flit's bytes ----
        self.off3.next = self.addr.val().get_bits::<3>(0);
        self.off17.x.next = self.off3.val();
        self.size17.x.next = self.size.val();
        self.total.next = self.off17.y.val() + self.size17.y.val() + self.c_seven17.val();
        self.go.next = self.start.val()
            && !self.active.q.val()
            && (self.size.val() != self.c_zero16.val())
            && !self.reset.val();
        if self.start.val() && !self.active.q.val() {
            self.active.d.next = self.size.val() != self.c_zero16.val();
            self.raddr.d.next = self.addr.val() & !self.c_seven_a.val();
            self.nwords.d.next = self.total.val() >> self.c_three17.val();
            self.nflits.d.next =
                (self.size17.y.val() + self.c_seven17.val()) >> self.c_three17.val();
            self.issued.d.next = self.c_zero17.val();
            self.emitted.d.next = self.c_zero17.val();
            for i in 0..8 {
                if self.off3.val() == self.c_off[i].val() {
                    self.sh_lo.d.next = self.c_sh[i].val();
                    self.sh_hi.d.next = self.c_shc[i].val();
                }
                if (self.size17.y.val() & self.c_seven17.val()) == self.c_rem[i].val() {
                    self.keep_last.d.next = self.c_keep[i].val();
                }
            }
        }

        // ---- reads ahead, at most READ_AHEAD words issued and not yet used; the first in
        // the start cycle ----
        self.mslice.m.req_addr.next = self.raddr.q.val();
        self.mslice.m.req_we.next = false;
        self.mslice.m.req_wdata.next = self.c_zero64.val();
        self.mslice.m.req_strb.next = self.c_ones8.val();
        self.rq_valid.next = self.active.q.val()
            && (self.issued.q.val() != self.nwords.q.val())
            && ((self.issued.q.val() - self.emitted.q.val()) < self.c_ahead.val());
        self.mslice.m.req_valid.next = self.rq_valid.val();
        if self.go.val() {
            self.mslice.m.req_addr.next = self.addr.val() & !self.c_seven_a.val();
            self.mslice.m.req_valid.next = true;
        }
        // (apart from the request above: no statement both drives the request and reads
        // `req_ready`, which may follow it combinationally)
        if self.go.val() && self.mslice.m.req_ready.val() {
            self.issued.d.next = self.c_one17.val();
            self.raddr.d.next = (self.addr.val() & !self.c_seven_a.val()) + self.c_eight_a.val();
        }
        if self.rq_valid.val() && self.mslice.m.req_ready.val() {
            self.issued.d.next = self.issued.q.val() + self.c_one17.val();
            self.raddr.d.next = self.raddr.q.val() + self.c_eight_a.val();
        }
        // the queue: every response is taken (at most READ_AHEAD are owed); one a flit uses
        // as its first word in the cycle it arrives does not enter the queue
        self.qr1.next = self.qr.q.val() + self.c_one2.val();
        self.q_head.next = self.q[0].q.val();
        self.q_second.next = self.q[0].q.val();
        for i in 0..4 {
            if self.qr.q.val() == self.c_q[i].val() {
                self.q_head.next = self.q[i].q.val();
            }
            if self.qr1.val() == self.c_q[i].val() {
                self.q_second.next = self.q[i].q.val();
            }
        }
        self.q_any.next = self.qn.q.val() != self.c_zero3.val();

        // ---- flit `emitted`: words `emitted` and `emitted + 1` (0 past the last word), each
        // from the queue or, the first not queued, the response arriving ----
        self.w0.next = self.q_head.val();
        if !self.q_any.val() {
            self.w0.next = self.mslice.m.rsp_data.val();
        }
        self.next.next = self.q_second.val();
        if self.qn.q.val() == self.c_one3.val() {
            self.next.next = self.mslice.m.rsp_data.val();
        }
        if (self.emitted.q.val() + self.c_one17.val()) == self.nwords.q.val() {
            self.next.next = self.c_zero64.val();
        }
        self.oslice.inp.data.next =
            (self.w0.val() >> self.sh_lo.q.val()) | (self.next.val() << self.sh_hi.q.val());
        self.oslice.inp.keep.next = self.c_ones8.val();
        self.o_last.next = (self.emitted.q.val() + self.c_one17.val()) == self.nflits.q.val();
        self.oslice.inp.last.next = self.o_last.val();
        if self.o_last.val() {
            self.oslice.inp.keep.next = self.keep_last.q.val();
        }
        self.oslice.inp.first.next = self.emitted.q.val() == self.c_zero17.val();
        self.oslice.inp.meta.next = self.c_zero_meta.val();
        // one word is enough when the transfer is aligned or this is its last word
        self.one_word.next = (self.sh_lo.q.val() == self.c_sh[0].val())
            || ((self.emitted.q.val() + self.c_one17.val()) == self.nwords.q.val());
        self.o_valid.next = self.active.q.val()
            && ((self.one_word.val() && (self.q_any.val() || self.mslice.m.rsp_valid.val()))
                || (self.qn.q.val() >= self.c_two3.val())
                || ((self.qn.q.val() == self.c_one3.val()) && self.mslice.m.rsp_valid.val()));
        self.oslice.inp.valid.next = self.o_valid.val();
        self.emit.next = self.o_valid.val() && self.oslice.inp.ready.val();
        self.push.next = self.mslice.m.rsp_valid.val() && !(self.emit.val() && !self.q_any.val());
        self.pop.next = self.emit.val() && self.q_any.val();
        if self.push.val() {
            for i in 0..4 {
                if self.qw.q.val() == self.c_q[i].val() {
                    self.q[i].d.next = self.mslice.m.rsp_data.val();
                }
            }
            self.qw.d.next = self.qw.q.val() + self.c_one2.val();
        }
        if self.pop.val() {
            self.qr.d.next = self.qr.q.val() + self.c_one2.val();
        }
        if self.push.val() && !self.pop.val() {
            self.qn.d.next = self.qn.q.val() + self.c_one3.val();
        }
        if !self.push.val() && self.pop.val() {
            self.qn.d.next = self.qn.q.val() - self.c_one3.val();
        }
        if self.emit.val() {
            self.emitted.d.next = self.emitted.q.val() + self.c_one17.val();
        }
        if (self.emit.val() && self.o_last.val()) || self.reset.val() {
            // the transfer's end (every word has arrived; one beyond the last flit's, an
            // unaligned transfer's last word, is dropped) or reset: the queue is emptied
            self.active.d.next = false;
            self.qw.d.next = self.c_q[0].val();
            self.qr.d.next = self.c_q[0].val();
            self.qn.d.next = self.c_zero3.val();
        }
    }
}

/// Writes a packed flit stream of `size` bytes (1 to 65535) at byte address `addr`. `start`
/// (one cycle, while not `busy`) latches `addr` and `size`; the stream then delivers exactly
/// ceil(size / 8) flits (its `keep`, `first`, `last` and `meta` are not used: the size rules).
/// Each memory word joins the two flits it straddles, with strobes only on the transfer's
/// bytes: one word per cycle, a flit's word offered in the cycle the flit is (the stream's
/// `ready` follows the memory's `req_ready` combinationally). `busy` until every write's
/// response has arrived (the bytes are then visible); `done` in the cycle the last response
/// arrives (combinational from `rsp_valid`).
#[derive(LogicBlock, BlockDefault)]
pub struct MemWriter<const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub addr: Signal<In, Bits<A>>,
    pub size: Signal<In, Bits<16>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub mem: MemMaster<A>,
    pub inp: PacketSink<64, 8, 1>,
    /// The requests leave through a register slice.
    mslice: MemReqSlice<A>,
    active: DFF<Bit>,
    waddr: DFF<Bits<A>>,
    sh_lo: DFF<Bits<64>>,
    sh_hi: DFF<Bits<64>>,
    strb_first: DFF<Bits<8>>,
    strb_last: DFF<Bits<8>>,
    nwords: DFF<Bits<17>>,
    nflits: DFF<Bits<17>>,
    written: DFF<Bits<17>>,
    acked: DFF<Bits<17>>,
    prev: DFF<Bits<64>>,
    sink_keep: Unused<Bits<8>>,
    sink_meta: Unused<Bits<1>>,
    sink_first: Unused<Bit>,
    sink_last: Unused<Bit>,
    sink_rsp: Unused<Bits<64>>,
    sink_addr: Unused<Bits<3>>,
    off3: Signal<Local, Bits<3>>,
    off17: Widen<3, 17>,
    size17: Widen<16, 17>,
    total: Signal<Local, Bits<17>>,
    tail: Signal<Local, Bits<17>>,
    from_flit: Signal<Local, Bit>,
    cur: Signal<Local, Bits<64>>,
    fire: Signal<Local, Bit>,
    w_valid: Signal<Local, Bit>,
    w_strb: Signal<Local, Bits<8>>,
    /// The first word's write in the start cycle.
    go: Signal<Local, Bit>,
    g_off3: Signal<Local, Bits<3>>,
    g_off16: Signal<Local, Bits<16>>,
    g_tail: Signal<Local, Bits<16>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_t16: [Constant<Bits<16>>; 8],
    g_sh: Signal<Local, Bits<64>>,
    g_strb: Signal<Local, Bits<8>>,
    g_last: Signal<Local, Bits<8>>,
    #[init(k(7))]
    c_seven16: Constant<Bits<16>>,
    #[init(k(8))]
    c_eight16: Constant<Bits<16>>,
    #[init(k(7))]
    c_seven_a: Constant<Bits<A>>,
    #[init(k(8))]
    c_eight_a: Constant<Bits<A>>,
    #[init(k(0))]
    c_zero16: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero17: Constant<Bits<17>>,
    #[init(k(1))]
    c_one17: Constant<Bits<17>>,
    #[init(k(7))]
    c_seven17: Constant<Bits<17>>,
    #[init(k(3))]
    c_three17: Constant<Bits<17>>,
    #[init(k(0xFF))]
    c_ones8: Constant<Bits<8>>,
    #[init(k(0))]
    c_zero64: Constant<Bits<64>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_off: [Constant<Bits<3>>; 8],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_tail: [Constant<Bits<17>>; 8],
    // a word's bytes from flit j at byte (8j + off): flit << 8 off, the previous flit's
    // top bytes >> (64 - 8 off) (nothing when off = 0: a shift by 64 is 0)
    #[init(std::array::from_fn(|i| k(8 * i as u64)))]
    c_sh: [Constant<Bits<64>>; 8],
    #[init(std::array::from_fn(|i| k(64 - 8 * i as u64)))]
    c_shc: [Constant<Bits<64>>; 8],
    #[init(std::array::from_fn(|i| k((0xFF << i) & 0xFF)))]
    c_first: [Constant<Bits<8>>; 8],
    #[init(std::array::from_fn(|i| k(if i == 0 { 0xFF } else { (1 << i) - 1 })))]
    c_last: [Constant<Bits<8>>; 8],
}

impl<const A: usize> Logic for MemWriter<A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, active, waddr, sh_lo, sh_hi, strb_first, strb_last, nwords, nflits,
            written, acked, prev
        );
        self.sink_keep.x.next = self.inp.keep.val();
        self.sink_meta.x.next = self.inp.meta.val();
        self.sink_first.x.next = self.inp.first.val();
        self.sink_last.x.next = self.inp.last.val();
        self.sink_rsp.x.next = self.mslice.m.rsp_data.val();
        self.sink_addr.x.next = self.waddr.q.val().get_bits::<3>(0);
        self.busy.next = self.active.q.val();
        clock!(self, clock, mslice);
        self.mslice.reset.next = self.reset.val();
        MemMaster::<A>::link(&mut self.mem, &mut self.mslice.s);

        self.off3.next = self.addr.val().get_bits::<3>(0);
        self.off17.x.next = self.off3.val();
        self.size17.x.next = self.size.val();
        self.total.next = self.off17.y.val() + self.size17.y.val() + self.c_seven17.val();
        self.tail.next = (self.off17.y.val() + self.size17.y.val()) & self.c_seven17.val();
        // the first word's write in the start cycle: its own decode of the address (no local
        // shared with the start's registers, whose decode goes through `Widen` children)
        self.g_off3.next = self.addr.val().get_bits::<3>(0);
        self.g_off16.next = self.addr.val().get_bits::<16>(0) & self.c_seven16.val();
        self.g_tail.next = (self.g_off16.val() + self.size.val()) & self.c_seven16.val();
        self.g_sh.next = self.c_sh[0].val();
        self.g_strb.next = self.c_first[0].val();
        self.g_last.next = self.c_last[0].val();
        for i in 0..8 {
            if self.g_off3.val() == self.c_off[i].val() {
                self.g_sh.next = self.c_sh[i].val();
                self.g_strb.next = self.c_first[i].val();
            }
        }
        for i in 0..8 {
            if self.g_tail.val() == self.c_t16[i].val() {
                self.g_last.next = self.c_last[i].val();
            }
        }
        // one word: off + size <= 8
        if (self.size.val() <= self.c_eight16.val())
            && ((self.g_off16.val() + self.size.val()) <= self.c_eight16.val())
        {
            self.g_strb.next = self.g_strb.val() & self.g_last.val();
        }
        if self.start.val() && !self.active.q.val() {
            self.active.d.next = self.size.val() != self.c_zero16.val();
            self.waddr.d.next = self.addr.val() & !self.c_seven_a.val();
            self.nwords.d.next = self.total.val() >> self.c_three17.val();
            self.nflits.d.next =
                (self.size17.y.val() + self.c_seven17.val()) >> self.c_three17.val();
            self.written.d.next = self.c_zero17.val();
            self.acked.d.next = self.c_zero17.val();
            self.prev.d.next = self.c_zero64.val();
            for i in 0..8 {
                if self.off3.val() == self.c_off[i].val() {
                    self.sh_lo.d.next = self.c_sh[i].val();
                    self.sh_hi.d.next = self.c_shc[i].val();
                    self.strb_first.d.next = self.c_first[i].val();
                }
                if self.tail.val() == self.c_tail[i].val() {
                    self.strb_last.d.next = self.c_last[i].val();
                }
            }
        }
        self.go.next = self.start.val()
            && !self.active.q.val()
            && (self.size.val() != self.c_zero16.val())
            && !self.reset.val();

        // word `written`: from flit `written` while flits remain, else the last flit's top
        self.from_flit.next = self.written.q.val() != self.nflits.q.val();
        self.cur.next = self.inp.data.val();
        if !self.from_flit.val() {
            self.cur.next = self.c_zero64.val();
        }
        self.mslice.m.req_addr.next = self.waddr.q.val();
        self.mslice.m.req_we.next = true;
        self.mslice.m.req_wdata.next =
            (self.cur.val() << self.sh_lo.q.val()) | (self.prev.q.val() >> self.sh_hi.q.val());
        self.w_strb.next = self.c_ones8.val();
        if self.written.q.val() == self.c_zero17.val() {
            self.w_strb.next = self.strb_first.q.val();
        }
        if (self.written.q.val() + self.c_one17.val()) == self.nwords.q.val() {
            self.w_strb.next = self.w_strb.val() & self.strb_last.q.val();
        }
        self.mslice.m.req_strb.next = self.w_strb.val();
        self.w_valid.next = self.active.q.val()
            && (self.written.q.val() != self.nwords.q.val())
            && (self.inp.valid.val() || !self.from_flit.val());
        // (no local shared with a statement that reads `inp.valid`: no false loop for
        // Verilator through a parent that drives `inp.valid` from `inp.ready`)
        self.inp.ready.next = self.active.q.val()
            && (self.written.q.val() != self.nflits.q.val())
            && (self.written.q.val() != self.nwords.q.val())
            && self.mslice.m.req_ready.val();
        if self.start.val()
            && !self.active.q.val()
            && (self.size.val() != self.c_zero16.val())
            && !self.reset.val()
        {
            self.inp.ready.next = self.mslice.m.req_ready.val();
        }
        self.mslice.m.req_valid.next = self.w_valid.val();
        // the first word in the start cycle, with the first flit if it is there
        if self.go.val() {
            self.mslice.m.req_addr.next = self.addr.val() & !self.c_seven_a.val();
            self.mslice.m.req_wdata.next = self.inp.data.val() << self.g_sh.val();
            self.mslice.m.req_strb.next = self.g_strb.val();
            self.mslice.m.req_valid.next = self.inp.valid.val();
        }
        // the state's updates read registers and inputs only, no local the outputs use (so
        // Verilator finds no false path from `req_ready` or `rsp_valid` to the request)
        self.fire.next = self.active.q.val()
            && (self.written.q.val() != self.nwords.q.val())
            && (self.inp.valid.val() || (self.written.q.val() == self.nflits.q.val()))
            && self.mslice.m.req_ready.val();
        if self.fire.val() {
            self.written.d.next = self.written.q.val() + self.c_one17.val();
            self.waddr.d.next = self.waddr.q.val() + self.c_eight_a.val();
        }
        if self.fire.val() && (self.written.q.val() != self.nflits.q.val()) {
            self.prev.d.next = self.inp.data.val();
        }
        if self.go.val() && self.inp.valid.val() && self.mslice.m.req_ready.val() {
            self.written.d.next = self.c_one17.val();
            self.waddr.d.next = (self.addr.val() & !self.c_seven_a.val()) + self.c_eight_a.val();
            self.prev.d.next = self.inp.data.val();
        }
        self.done.next = self.mslice.m.rsp_valid.val()
            && self.active.q.val()
            && ((self.acked.q.val() + self.c_one17.val()) == self.nwords.q.val())
            && (self.written.q.val() == self.nwords.q.val());
        if self.mslice.m.rsp_valid.val() && self.active.q.val() {
            self.acked.d.next = self.acked.q.val() + self.c_one17.val();
        }
        if self.mslice.m.rsp_valid.val()
            && self.active.q.val()
            && ((self.acked.q.val() + self.c_one17.val()) == self.nwords.q.val())
            && (self.written.q.val() == self.nwords.q.val())
        {
            self.active.d.next = false;
        }
        if self.reset.val() {
            self.active.d.next = false;
        }
    }
}

/// `N` (2 to 4) masters of the local-memory interface on one port: a request at a time,
/// round-robin over the masters asking (after the one granted last), a request presented and
/// not taken stays presented; responses go back by a queue of the owners of the requests
/// outstanding (up to 16; no grant while it is full). No latency of its own (a combinational
/// request path): put `MemReqSlice`s in front of it.
#[derive(LogicBlock)]
pub struct MemArb<const A: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub m: [MemSlave<A>; N],
    pub s: MemMaster<A>,
    /// Owner of each outstanding request (write and read pointers, count).
    own: [DFF<Bits<2>>; 16],
    owp: DFF<Bits<4>>,
    orp: DFF<Bits<4>>,
    cnt: DFF<Bits<5>>,
    /// The master granted last; a presented request's master while it waits.
    rr: DFF<Bits<2>>,
    held: DFF<Bit>,
    hsel: DFF<Bits<2>>,
    pick: Signal<Local, Bits<2>>,
    /// The masters after the one granted last.
    above: Signal<Local, Bits<4>>,
    any: Signal<Local, Bit>,
    pk_lo: Signal<Local, Bit>,
    pk_hi: Signal<Local, Bit>,
    sel_lo: Signal<Local, Bits<2>>,
    sel_hi: Signal<Local, Bits<2>>,
    head: Signal<Local, Bits<2>>,
    full: Signal<Local, Bit>,
    push: Signal<Local, Bit>,
    pop: Signal<Local, Bit>,
    c_i: [Constant<Bits<2>>; 4],
    c_above: [Constant<Bits<4>>; 4],
    c_bit: [Constant<Bits<4>>; N],
    c_zero_m: Constant<Bits<4>>,
    c_q: [Constant<Bits<4>>; 16],
    c_full: Constant<Bits<5>>,
    c_one5: Constant<Bits<5>>,
    c_zero5: Constant<Bits<5>>,
    c_one4: Constant<Bits<4>>,
    c_last: Constant<Bits<2>>,
}

impl<const A: usize, const N: usize> Default for MemArb<A, N> {
    fn default() -> Self {
        assert!((2..=4).contains(&N), "MemArb: N={N} out of 2..=4");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            m: std::array::from_fn(|_| Default::default()),
            s: Default::default(),
            own: Default::default(),
            owp: Default::default(),
            orp: Default::default(),
            cnt: Default::default(),
            rr: Default::default(),
            held: Default::default(),
            hsel: Default::default(),
            pick: Default::default(),
            above: Default::default(),
            any: Default::default(),
            pk_lo: Default::default(),
            pk_hi: Default::default(),
            sel_lo: Default::default(),
            sel_hi: Default::default(),
            head: Default::default(),
            full: Default::default(),
            push: Default::default(),
            pop: Default::default(),
            c_i: std::array::from_fn(|i| k(i as u64)),
            c_above: std::array::from_fn(|i| k((0xF << (i + 1)) & 0xF)),
            c_bit: std::array::from_fn(|i| k(1 << i)),
            c_zero_m: k(0),
            c_q: std::array::from_fn(|i| k(i as u64)),
            c_full: k(16),
            c_one5: k(1),
            c_zero5: k(0),
            c_one4: k(1),
            c_last: k(N as u64 - 1),
        }
    }
}

impl<const A: usize, const N: usize> Logic for MemArb<A, N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, owp, orp, cnt, rr, held, hsel);
        for i in 0..16 {
            self.own[i].clock.next = self.clock.val();
            self.own[i].d.next = self.own[i].q.val();
        }
        self.full.next = self.cnt.q.val() == self.c_full.val();
        // round-robin: the first asking after the one granted last, else the first asking
        self.pk_lo.next = false;
        self.pk_hi.next = false;
        self.sel_lo.next = self.c_i[0].val();
        self.sel_hi.next = self.c_i[0].val();
        self.above.next = self.c_above[0].val();
        for i in 0..4 {
            if self.rr.q.val() == self.c_i[i].val() {
                self.above.next = self.c_above[i].val();
            }
        }
        for i in 0..N {
            if self.m[i].req_valid.val() {
                if !self.pk_lo.val() {
                    self.pk_lo.next = true;
                    self.sel_lo.next = self.c_i[i].val();
                }
                if ((self.above.val() & self.c_bit[i].val()) != self.c_zero_m.val())
                    && !self.pk_hi.val()
                {
                    self.pk_hi.next = true;
                    self.sel_hi.next = self.c_i[i].val();
                }
            }
        }
        self.pick.next = self.sel_lo.val();
        if self.pk_hi.val() {
            self.pick.next = self.sel_hi.val();
        }
        self.any.next = self.pk_lo.val();
        if self.held.q.val() {
            self.pick.next = self.hsel.q.val();
        }
        self.s.req_addr.next = self.m[0].req_addr.val();
        self.s.req_we.next = self.m[0].req_we.val();
        self.s.req_wdata.next = self.m[0].req_wdata.val();
        self.s.req_strb.next = self.m[0].req_strb.val();
        self.s.req_valid.next = false;
        // (the request's fields, its valid and each master's ready in statements of their own:
        // a ready depends on the valids only, never on a request's address or data)
        for i in 0..N {
            if self.pick.val() == self.c_i[i].val() {
                self.s.req_addr.next = self.m[i].req_addr.val();
                self.s.req_we.next = self.m[i].req_we.val();
                self.s.req_wdata.next = self.m[i].req_wdata.val();
                self.s.req_strb.next = self.m[i].req_strb.val();
            }
        }
        for i in 0..N {
            if self.pick.val() == self.c_i[i].val() {
                self.s.req_valid.next = self.m[i].req_valid.val() && !self.full.val();
            }
        }
        for i in 0..N {
            self.m[i].req_ready.next = (self.pick.val() == self.c_i[i].val())
                && self.s.req_ready.val()
                && !self.full.val();
        }
        self.push.next = self.any.val() && !self.full.val() && self.s.req_ready.val();
        self.held.d.next = self.any.val() && !self.full.val() && !self.s.req_ready.val();
        self.hsel.d.next = self.pick.val();
        if self.push.val() {
            self.rr.d.next = self.pick.val();
            for i in 0..16 {
                if self.owp.q.val() == self.c_q[i].val() {
                    self.own[i].d.next = self.pick.val();
                }
            }
            self.owp.d.next = self.owp.q.val() + self.c_one4.val();
        }
        // responses: to the owner of the oldest outstanding request
        self.pop.next = self.s.rsp_valid.val();
        self.head.next = self.own[0].q.val();
        for i in 0..16 {
            if self.orp.q.val() == self.c_q[i].val() {
                self.head.next = self.own[i].q.val();
            }
        }
        for i in 0..N {
            self.m[i].rsp_data.next = self.s.rsp_data.val();
            self.m[i].rsp_valid.next = self.pop.val() && (self.head.val() == self.c_i[i].val());
        }
        if self.pop.val() {
            self.orp.d.next = self.orp.q.val() + self.c_one4.val();
        }
        if self.push.val() && !self.pop.val() {
            self.cnt.d.next = self.cnt.q.val() + self.c_one5.val();
        }
        if !self.push.val() && self.pop.val() {
            self.cnt.d.next = self.cnt.q.val() - self.c_one5.val();
        }
        if self.reset.val() {
            self.cnt.d.next = self.c_zero5.val();
            self.owp.d.next = self.c_q[0].val();
            self.orp.d.next = self.c_q[0].val();
            self.held.d.next = false;
            self.rr.d.next = self.c_last.val();
        }
    }
}

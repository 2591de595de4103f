//! Host memory for a 32-bit DMA master in a local memory (`common::mem`, 64-bit words): the
//! DMA interface's memory side (`DmaSlave<32, T>`, the rules of `common::dma`) turned into word
//! requests, for boards whose "host memory" is block RAM (`MemBram` behind a `MemArb`, so the
//! PC reaches the same memory through the bridge).
//!
//! One request at a time, reads and writes taking turns: a write's beats become one strobed
//! half-word store each (its answer after every store is answered, `err` when a beat fell at or
//! past `8 << N` bytes, the size of the memory: those beats write nothing); a read's beats one
//! load each, answered in address order with the request's tag (`err` and 0 for a beat past the
//! end). Every output comes from a register (no path from an input to an output), so it joins
//! any master and any `MemArb` without a combinational loop. Two or three cycles a beat: a
//! board's host memory, not a fast one.

use crate::common::dma::DmaSlave;
use crate::common::mem::MemMaster;
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use rust_hdl::prelude::*;

const IDLE: u64 = 0;
const W_DAT: u64 = 1;
const W_WAIT: u64 = 2;
const W_RSP: u64 = 3;
const R_REQ: u64 = 4;
const R_WAIT: u64 = 5;
const R_BEAT: u64 = 6;

#[derive(LogicBlock)]
pub struct DmaToMem<const A: usize, const T: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub dma: DmaSlave<32, T>,
    pub m: MemMaster<A>,
    state: DFF<Bits<3>>,
    /// The current beat's byte address, the beats left (this one included), the tag.
    addr: DFF<Bits<64>>,
    left: DFF<Bits<13>>,
    tag: DFF<Bits<T>>,
    /// A beat of this write fell outside the memory; this read beat does.
    err: DFF<Bit>,
    /// Stores issued and not yet answered.
    out: DFF<Bits<4>>,
    rdata: DFF<Bits<32>>,
    /// Which request the idle state takes: 0 a write, 1 a read (it moves on when that side
    /// has none waiting).
    turn: DFF<Bit>,
    /// A write beat taken and not yet stored: its data.
    hv: DFF<Bit>,
    hd: DFF<Bits<32>>,
    inr: Signal<Local, Bit>,
    wd: Widen<32, 64>,
    /// The beat count ends a write; the master's `last` is not looked at.
    sink_last: Unused<Bit>,
    c_s: [Constant<Bits<3>>; 7],
    c_size: Constant<Bits<64>>,
    c_four: Constant<Bits<64>>,
    c_word: Constant<Bits<A>>,
    c_shift: Constant<Bits<64>>,
    c_strb_lo: Constant<Bits<8>>,
    c_strb_hi: Constant<Bits<8>>,
    c_one13: Constant<Bits<13>>,
    c_one4: Constant<Bits<4>>,
    c_zero4: Constant<Bits<4>>,
    c_zero32: Constant<Bits<32>>,
}

impl<const A: usize, const T: usize, const N: usize> Default for DmaToMem<A, T, N> {
    fn default() -> Self {
        assert!(N + 3 < A && A <= 63, "DmaToMem: N={N}, A={A}");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            dma: Default::default(),
            m: Default::default(),
            state: Default::default(),
            addr: Default::default(),
            left: Default::default(),
            tag: Default::default(),
            err: Default::default(),
            out: Default::default(),
            rdata: Default::default(),
            turn: Default::default(),
            hv: Default::default(),
            hd: Default::default(),
            inr: Default::default(),
            wd: Default::default(),
            sink_last: Default::default(),
            c_s: [
                k(IDLE),
                k(W_DAT),
                k(W_WAIT),
                k(W_RSP),
                k(R_REQ),
                k(R_WAIT),
                k(R_BEAT),
            ],
            c_size: k(8 << N),
            c_four: k(4),
            c_word: k(((1u64 << A) - 1) & !7),
            c_shift: k(32),
            c_strb_lo: k(0x0F),
            c_strb_hi: k(0xF0),
            c_one13: k(1),
            c_one4: k(1),
            c_zero4: k(0),
            c_zero32: k(0),
        }
    }
}

impl<const A: usize, const T: usize, const N: usize> Logic for DmaToMem<A, T, N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, addr, left, tag, err, out, rdata, turn, hv, hd);
        self.inr.next = self.addr.q.val() < self.c_size.val();
        self.sink_last.x.next = self.dma.wr_dat_last.val();
        // the memory port, from registers: the held write beat's store, or a read beat's load
        self.wd.x.next = self.hd.q.val();
        self.m.req_addr.next = self.addr.q.val().get_bits::<A>(0) & self.c_word.val();
        self.m.req_we.next = self.state.q.val() == self.c_s[1].val();
        self.m.req_wdata.next = (self.wd.y.val() << self.c_shift.val()) | self.wd.y.val();
        self.m.req_strb.next = self.c_strb_lo.val();
        if self.addr.q.val().get_bit(2) {
            self.m.req_strb.next = self.c_strb_hi.val();
        }
        // (spelled out, no shared local: Verilator would see a loop through a `MemArb`)
        self.m.req_valid.next = (self.addr.q.val() < self.c_size.val())
            && (((self.state.q.val() == self.c_s[1].val()) && self.hv.q.val())
                || (self.state.q.val() == self.c_s[4].val()));
        // requests: the idle state takes the side whose turn it is
        self.dma.wr_req_ready.next =
            (self.state.q.val() == self.c_s[0].val()) && !self.turn.q.val();
        self.dma.rd_req_ready.next = (self.state.q.val() == self.c_s[0].val()) && self.turn.q.val();
        if self.state.q.val() == self.c_s[0].val() {
            self.turn.d.next = !self.turn.q.val();
            if !self.turn.q.val() && self.dma.wr_req_valid.val() {
                self.addr.d.next = self.dma.wr_req_addr.val();
                self.left.d.next = self.dma.wr_req_beats.val();
                self.err.d.next = false;
                self.state.d.next = self.c_s[1].val();
            }
            if self.turn.q.val() && self.dma.rd_req_valid.val() {
                self.addr.d.next = self.dma.rd_req_addr.val();
                self.left.d.next = self.dma.rd_req_beats.val();
                self.tag.d.next = self.dma.rd_req_tag.val();
                self.state.d.next = self.c_s[4].val();
            }
        }
        // a write's beats: each held, then stored (or dropped past the end); its answer once
        // every store is answered
        self.dma.wr_dat_ready.next = (self.state.q.val() == self.c_s[1].val()) && !self.hv.q.val();
        if self.dma.wr_dat_valid.val()
            && (self.state.q.val() == self.c_s[1].val())
            && !self.hv.q.val()
        {
            self.hv.d.next = true;
            self.hd.d.next = self.dma.wr_dat_data.val();
        }
        if (self.state.q.val() == self.c_s[1].val())
            && self.hv.q.val()
            && (self.m.req_ready.val() || !self.inr.val())
        {
            self.hv.d.next = false;
            self.addr.d.next = self.addr.q.val() + self.c_four.val();
            self.left.d.next = self.left.q.val() - self.c_one13.val();
            if !self.inr.val() {
                self.err.d.next = true;
            }
            if self.left.q.val() == self.c_one13.val() {
                self.state.d.next = self.c_s[2].val();
            }
        }
        if self.inr.val()
            && self.hv.q.val()
            && self.m.req_ready.val()
            && (self.state.q.val() == self.c_s[1].val())
            && !self.m.rsp_valid.val()
        {
            self.out.d.next = self.out.q.val() + self.c_one4.val();
        }
        if !(self.inr.val()
            && self.hv.q.val()
            && self.m.req_ready.val()
            && (self.state.q.val() == self.c_s[1].val()))
            && self.m.rsp_valid.val()
            && (self.out.q.val() != self.c_zero4.val())
        {
            self.out.d.next = self.out.q.val() - self.c_one4.val();
        }
        if (self.state.q.val() == self.c_s[2].val())
            && ((self.out.q.val() == self.c_zero4.val())
                || ((self.out.q.val() == self.c_one4.val()) && self.m.rsp_valid.val()))
        {
            self.state.d.next = self.c_s[3].val();
        }
        self.dma.wr_rsp_valid.next = self.state.q.val() == self.c_s[3].val();
        self.dma.wr_rsp_err.next = self.err.q.val();
        if (self.state.q.val() == self.c_s[3].val()) && self.dma.wr_rsp_ready.val() {
            self.state.d.next = self.c_s[0].val();
        }
        // a read's beats: loaded one at a time, offered in order
        if self.state.q.val() == self.c_s[4].val() {
            if !self.inr.val() {
                self.rdata.d.next = self.c_zero32.val();
                self.err.d.next = true;
                self.state.d.next = self.c_s[6].val();
            } else if self.m.req_ready.val() {
                self.err.d.next = false;
                self.state.d.next = self.c_s[5].val();
            }
        }
        if (self.state.q.val() == self.c_s[5].val()) && self.m.rsp_valid.val() {
            self.rdata.d.next = self.m.rsp_data.val().get_bits::<32>(0);
            if self.addr.q.val().get_bit(2) {
                self.rdata.d.next = self.m.rsp_data.val().get_bits::<32>(32);
            }
            self.state.d.next = self.c_s[6].val();
        }
        self.dma.rd_rsp_valid.next = self.state.q.val() == self.c_s[6].val();
        self.dma.rd_rsp_data.next = self.rdata.q.val();
        self.dma.rd_rsp_tag.next = self.tag.q.val();
        self.dma.rd_rsp_err.next = self.err.q.val();
        self.dma.rd_rsp_last.next = self.left.q.val() == self.c_one13.val();
        if (self.state.q.val() == self.c_s[6].val()) && self.dma.rd_rsp_ready.val() {
            self.addr.d.next = self.addr.q.val() + self.c_four.val();
            self.left.d.next = self.left.q.val() - self.c_one13.val();
            self.state.d.next = self.c_s[4].val();
            if self.left.q.val() == self.c_one13.val() {
                self.state.d.next = self.c_s[0].val();
            }
        }
        if self.reset.val() {
            self.state.d.next = self.c_s[0].val();
            self.out.d.next = self.c_zero4.val();
            self.hv.d.next = false;
        }
    }
}

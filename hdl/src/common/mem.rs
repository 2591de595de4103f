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
use crate::common::sync_fifo::SyncFifo;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use rust_hdl::prelude::*;

#[derive(Clone, Debug, Default, LogicInterface)]
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

#[derive(Clone, Debug, Default, LogicInterface)]
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
const READ_AHEAD: u64 = 8;

/// Reads `size` bytes (1 to 65535) at byte address `addr` and sends them as a packed flit
/// stream. `start` (one cycle, while not `busy`) latches `addr` and `size`; `busy` from the next
/// cycle until the last flit is taken. Word reads are issued ahead (up to 8 words), the
/// responses wait in a FIFO, and each flit joins the two words it straddles: one flit per
/// cycle once the first words are in. Latency: the first flit 4 cycles after the first word's
/// response.
#[derive(LogicBlock)]
pub struct MemReader<const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub addr: Signal<In, Bits<A>>,
    pub size: Signal<In, Bits<16>>,
    pub busy: Signal<Out, Bit>,
    pub mem: MemMaster<A>,
    pub out: PacketSource<64, 8, 1>,
    active: DFF<Bit>,
    raddr: DFF<Bits<A>>,
    /// Byte offset of the first byte in its word, as a shift in bits, and the complement.
    sh_lo: DFF<Bits<64>>,
    sh_hi: DFF<Bits<64>>,
    nwords: DFF<Bits<16>>,
    nflits: DFF<Bits<16>>,
    keep_last: DFF<Bits<8>>,
    issued: DFF<Bits<16>>,
    taken: DFF<Bits<16>>,
    emitted: DFF<Bits<16>>,
    cur: DFF<Bits<64>>,
    cur_v: DFF<Bit>,
    fifo: SyncFifo<Bits<64>, 3, 4>,
    sink_occ: Unused<Bits<4>>,
    sink_af: Unused<Bit>,
    sink_ae: Unused<Bit>,
    sink_req: Unused<Bits<3>>,
    sink_addr: Unused<Bits<3>>,
    size_w: Widen<16, A>,
    off: Signal<Local, Bits<A>>,
    total: Signal<Local, Bits<A>>,
    next: Signal<Local, Bits<64>>,
    emit: Signal<Local, Bit>,
    load: Signal<Local, Bit>,
    c_zero_a: Constant<Bits<A>>,
    c_seven_a: Constant<Bits<A>>,
    c_eight_a: Constant<Bits<A>>,
    c_three_a: Constant<Bits<A>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_seven16: Constant<Bits<16>>,
    c_three16: Constant<Bits<16>>,
    c_ahead: Constant<Bits<16>>,
    c_ones8: Constant<Bits<8>>,
    c_zero64: Constant<Bits<64>>,
    c_zero_meta: Constant<Bits<1>>,
    c_off: [Constant<Bits<A>>; 8],
    c_sh: [Constant<Bits<64>>; 8],
    c_shc: [Constant<Bits<64>>; 8],
    c_rem: [Constant<Bits<16>>; 8],
    c_keep: [Constant<Bits<8>>; 8],
}

impl<const A: usize> Default for MemReader<A> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            start: Default::default(),
            addr: Default::default(),
            size: Default::default(),
            busy: Default::default(),
            mem: Default::default(),
            out: Default::default(),
            active: Default::default(),
            raddr: Default::default(),
            sh_lo: Default::default(),
            sh_hi: Default::default(),
            nwords: Default::default(),
            nflits: Default::default(),
            keep_last: Default::default(),
            issued: Default::default(),
            taken: Default::default(),
            emitted: Default::default(),
            cur: Default::default(),
            cur_v: Default::default(),
            fifo: SyncFifo::new(8, 0),
            sink_occ: Default::default(),
            sink_af: Default::default(),
            sink_ae: Default::default(),
            sink_req: Default::default(),
            sink_addr: Default::default(),
            size_w: Default::default(),
            off: Default::default(),
            total: Default::default(),
            next: Default::default(),
            emit: Default::default(),
            load: Default::default(),
            c_zero_a: k(0),
            c_seven_a: k(7),
            c_eight_a: k(8),
            c_three_a: k(3),
            c_zero16: k(0),
            c_one16: k(1),
            c_seven16: k(7),
            c_three16: k(3),
            c_ahead: k(READ_AHEAD),
            c_ones8: k(0xFF),
            c_zero64: k(0),
            c_zero_meta: k(0),
            c_off: std::array::from_fn(|i| k(i as u64)),
            c_sh: std::array::from_fn(|i| k(8 * i as u64)),
            c_shc: std::array::from_fn(|i| k(64 - 8 * i as u64)),
            c_rem: std::array::from_fn(|i| k(i as u64)),
            c_keep: std::array::from_fn(|i| k(if i == 0 { 0xFF } else { (1 << i) - 1 })),
        }
    }
}

impl<const A: usize> Logic for MemReader<A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, active, raddr, sh_lo, sh_hi, nwords, nflits, keep_last, issued, taken,
            emitted, cur, cur_v
        );
        self.fifo.clock.next = self.clock.val();
        self.fifo.reset.next = self.reset.val();
        self.sink_occ.x.next = self.fifo.occupancy.val();
        self.sink_af.x.next = self.fifo.almost_full.val();
        self.sink_ae.x.next = self.fifo.almost_empty.val();
        self.sink_req.x.next = self.raddr.q.val().get_bits::<3>(0);
        self.sink_addr.x.next = self.addr.val().get_bits::<3>(0);
        self.busy.next = self.active.q.val();

        // ---- start: word-aligned address, words and flits to move, the last flit's bytes ----
        self.size_w.x.next = self.size.val();
        self.off.next = self.addr.val() & self.c_seven_a.val();
        self.total.next = self.off.val() + self.size_w.y.val() + self.c_seven_a.val();
        if self.start.val() && !self.active.q.val() {
            self.active.d.next = self.size.val() != self.c_zero16.val();
            self.raddr.d.next = self.addr.val() & !self.c_seven_a.val();
            self.nwords.d.next = (self.total.val() >> self.c_three_a.val()).get_bits::<16>(0);
            self.nflits.d.next = (self.size.val() + self.c_seven16.val()) >> self.c_three16.val();
            self.issued.d.next = self.c_zero16.val();
            self.taken.d.next = self.c_zero16.val();
            self.emitted.d.next = self.c_zero16.val();
            self.cur_v.d.next = false;
            for i in 0..8 {
                if self.off.val() == self.c_off[i].val() {
                    self.sh_lo.d.next = self.c_sh[i].val();
                    self.sh_hi.d.next = self.c_shc[i].val();
                }
                if (self.size.val() & self.c_seven16.val()) == self.c_rem[i].val() {
                    self.keep_last.d.next = self.c_keep[i].val();
                }
            }
        }

        // ---- reads ahead, at most READ_AHEAD words issued and not yet used ----
        self.mem.req_addr.next = self.raddr.q.val();
        self.mem.req_we.next = false;
        self.mem.req_wdata.next = self.cur.q.val();
        self.mem.req_strb.next = self.c_ones8.val();
        self.mem.req_valid.next = self.active.q.val()
            && (self.issued.q.val() != self.nwords.q.val())
            && ((self.issued.q.val() - self.taken.q.val()) < self.c_ahead.val());
        if self.mem.req_valid.val() && self.mem.req_ready.val() {
            self.issued.d.next = self.issued.q.val() + self.c_one16.val();
            self.raddr.d.next = self.raddr.q.val() + self.c_eight_a.val();
        }
        self.fifo.sink.data.next = self.mem.rsp_data.val();
        self.fifo.sink.valid.next = self.mem.rsp_valid.val();

        // ---- flits: the current word joined with the next (the FIFO's head) ----
        self.next.next = self.fifo.source.data.val();
        if self.taken.q.val() == self.nwords.q.val() {
            self.next.next = self.c_zero64.val();
        }
        self.out.data.next =
            (self.cur.q.val() >> self.sh_lo.q.val()) | (self.next.val() << self.sh_hi.q.val());
        self.out.keep.next = self.c_ones8.val();
        self.out.last.next = (self.emitted.q.val() + self.c_one16.val()) == self.nflits.q.val();
        if self.out.last.val() {
            self.out.keep.next = self.keep_last.q.val();
        }
        self.out.first.next = self.emitted.q.val() == self.c_zero16.val();
        self.out.meta.next = self.c_zero_meta.val();
        self.out.valid.next = self.active.q.val()
            && self.cur_v.q.val()
            && ((self.sh_lo.q.val() == self.c_sh[0].val())
                || (self.taken.q.val() == self.nwords.q.val())
                || self.fifo.source.valid.val());
        self.emit.next = self.out.valid.val() && self.out.ready.val();
        self.load.next = (!self.cur_v.q.val() || self.emit.val())
            && self.fifo.source.valid.val()
            && (self.taken.q.val() != self.nwords.q.val());
        self.fifo.source.ready.next = self.load.val();
        if self.load.val() {
            self.cur.d.next = self.fifo.source.data.val();
            self.cur_v.d.next = true;
            self.taken.d.next = self.taken.q.val() + self.c_one16.val();
        } else if self.emit.val() {
            self.cur_v.d.next = false;
        }
        if self.emit.val() {
            self.emitted.d.next = self.emitted.q.val() + self.c_one16.val();
            if self.out.last.val() {
                self.active.d.next = false;
                self.cur_v.d.next = false;
            }
        }
        if self.reset.val() {
            self.active.d.next = false;
            self.cur_v.d.next = false;
        }
    }
}

/// Writes a packed flit stream of `size` bytes (1 to 65535) at byte address `addr`. `start`
/// (one cycle, while not `busy`) latches `addr` and `size`; the stream then delivers exactly
/// ceil(size / 8) flits (its `keep`, `first`, `last` and `meta` are not used: the size rules).
/// Each memory word joins the two flits it straddles, with strobes only on the transfer's
/// bytes: one word per cycle. `busy` until every write's response has arrived (the bytes are
/// then visible); `done` for one cycle at that point.
#[derive(LogicBlock)]
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
    active: DFF<Bit>,
    waddr: DFF<Bits<A>>,
    sh_lo: DFF<Bits<64>>,
    sh_hi: DFF<Bits<64>>,
    strb_first: DFF<Bits<8>>,
    strb_last: DFF<Bits<8>>,
    nwords: DFF<Bits<16>>,
    nflits: DFF<Bits<16>>,
    written: DFF<Bits<16>>,
    acked: DFF<Bits<16>>,
    prev: DFF<Bits<64>>,
    done_r: DFF<Bit>,
    sink_keep: Unused<Bits<8>>,
    sink_meta: Unused<Bits<1>>,
    sink_first: Unused<Bit>,
    sink_last: Unused<Bit>,
    sink_rsp: Unused<Bits<64>>,
    sink_addr: Unused<Bits<3>>,
    size_w: Widen<16, A>,
    off: Signal<Local, Bits<A>>,
    total: Signal<Local, Bits<A>>,
    end: Signal<Local, Bits<A>>,
    from_flit: Signal<Local, Bit>,
    cur: Signal<Local, Bits<64>>,
    fire: Signal<Local, Bit>,
    c_seven_a: Constant<Bits<A>>,
    c_eight_a: Constant<Bits<A>>,
    c_three_a: Constant<Bits<A>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_seven16: Constant<Bits<16>>,
    c_three16: Constant<Bits<16>>,
    c_ones8: Constant<Bits<8>>,
    c_zero64: Constant<Bits<64>>,
    c_off: [Constant<Bits<A>>; 8],
    c_sh: [Constant<Bits<64>>; 8],
    c_shc: [Constant<Bits<64>>; 8],
    c_first: [Constant<Bits<8>>; 8],
    c_last: [Constant<Bits<8>>; 8],
}

impl<const A: usize> Default for MemWriter<A> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            start: Default::default(),
            addr: Default::default(),
            size: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            mem: Default::default(),
            inp: Default::default(),
            active: Default::default(),
            waddr: Default::default(),
            sh_lo: Default::default(),
            sh_hi: Default::default(),
            strb_first: Default::default(),
            strb_last: Default::default(),
            nwords: Default::default(),
            nflits: Default::default(),
            written: Default::default(),
            acked: Default::default(),
            prev: Default::default(),
            done_r: Default::default(),
            sink_keep: Default::default(),
            sink_meta: Default::default(),
            sink_first: Default::default(),
            sink_last: Default::default(),
            sink_rsp: Default::default(),
            sink_addr: Default::default(),
            size_w: Default::default(),
            off: Default::default(),
            total: Default::default(),
            end: Default::default(),
            from_flit: Default::default(),
            cur: Default::default(),
            fire: Default::default(),
            c_seven_a: k(7),
            c_eight_a: k(8),
            c_three_a: k(3),
            c_zero16: k(0),
            c_one16: k(1),
            c_seven16: k(7),
            c_three16: k(3),
            c_ones8: k(0xFF),
            c_zero64: k(0),
            c_off: std::array::from_fn(|i| k(i as u64)),
            // a word's bytes from flit j at byte (8j + off): flit << 8 off, the previous flit's
            // top bytes >> (64 - 8 off) (nothing when off = 0: a shift by 64 is 0)
            c_sh: std::array::from_fn(|i| k(8 * i as u64)),
            c_shc: std::array::from_fn(|i| k(64 - 8 * i as u64)),
            c_first: std::array::from_fn(|i| k((0xFF << i) & 0xFF)),
            // end = (off + size) mod 8 bytes used in the last word (0: all 8)
            c_last: std::array::from_fn(|i| k(if i == 0 { 0xFF } else { (1 << i) - 1 })),
        }
    }
}

impl<const A: usize> Logic for MemWriter<A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, active, waddr, sh_lo, sh_hi, strb_first, strb_last, nwords, nflits,
            written, acked, prev, done_r
        );
        self.sink_keep.x.next = self.inp.keep.val();
        self.sink_meta.x.next = self.inp.meta.val();
        self.sink_first.x.next = self.inp.first.val();
        self.sink_last.x.next = self.inp.last.val();
        self.sink_rsp.x.next = self.mem.rsp_data.val();
        self.sink_addr.x.next = self.waddr.q.val().get_bits::<3>(0);
        self.busy.next = self.active.q.val();
        self.done.next = self.done_r.q.val();
        self.done_r.d.next = false;

        self.size_w.x.next = self.size.val();
        self.off.next = self.addr.val() & self.c_seven_a.val();
        self.total.next = self.off.val() + self.size_w.y.val() + self.c_seven_a.val();
        self.end.next = (self.off.val() + self.size_w.y.val()) & self.c_seven_a.val();
        if self.start.val() && !self.active.q.val() {
            self.active.d.next = self.size.val() != self.c_zero16.val();
            self.waddr.d.next = self.addr.val() & !self.c_seven_a.val();
            self.nwords.d.next = (self.total.val() >> self.c_three_a.val()).get_bits::<16>(0);
            self.nflits.d.next = (self.size.val() + self.c_seven16.val()) >> self.c_three16.val();
            self.written.d.next = self.c_zero16.val();
            self.acked.d.next = self.c_zero16.val();
            self.prev.d.next = self.c_zero64.val();
            for i in 0..8 {
                if self.off.val() == self.c_off[i].val() {
                    self.sh_lo.d.next = self.c_sh[i].val();
                    self.sh_hi.d.next = self.c_shc[i].val();
                    self.strb_first.d.next = self.c_first[i].val();
                }
                if self.end.val() == self.c_off[i].val() {
                    self.strb_last.d.next = self.c_last[i].val();
                }
            }
        }

        // word `written`: from flit `written` while flits remain, else the last flit's top
        self.from_flit.next = self.written.q.val() != self.nflits.q.val();
        self.cur.next = self.inp.data.val();
        if !self.from_flit.val() {
            self.cur.next = self.c_zero64.val();
        }
        self.mem.req_addr.next = self.waddr.q.val();
        self.mem.req_we.next = true;
        self.mem.req_wdata.next =
            (self.cur.val() << self.sh_lo.q.val()) | (self.prev.q.val() >> self.sh_hi.q.val());
        self.mem.req_strb.next = self.c_ones8.val();
        if self.written.q.val() == self.c_zero16.val() {
            self.mem.req_strb.next = self.strb_first.q.val();
        }
        if (self.written.q.val() + self.c_one16.val()) == self.nwords.q.val() {
            self.mem.req_strb.next = self.mem.req_strb.val() & self.strb_last.q.val();
        }
        self.mem.req_valid.next = self.active.q.val()
            && (self.written.q.val() != self.nwords.q.val())
            && (self.inp.valid.val() || !self.from_flit.val());
        self.inp.ready.next = self.active.q.val()
            && self.from_flit.val()
            && (self.written.q.val() != self.nwords.q.val())
            && self.mem.req_ready.val();
        self.fire.next = self.mem.req_valid.val() && self.mem.req_ready.val();
        if self.fire.val() {
            self.written.d.next = self.written.q.val() + self.c_one16.val();
            self.waddr.d.next = self.waddr.q.val() + self.c_eight_a.val();
            if self.from_flit.val() {
                self.prev.d.next = self.inp.data.val();
            }
        }
        if self.mem.rsp_valid.val() && self.active.q.val() {
            self.acked.d.next = self.acked.q.val() + self.c_one16.val();
            if ((self.acked.q.val() + self.c_one16.val()) == self.nwords.q.val())
                && (self.written.q.val() == self.nwords.q.val())
            {
                self.active.d.next = false;
                self.done_r.d.next = true;
            }
        }
        if self.reset.val() {
            self.active.d.next = false;
            self.done_r.d.next = false;
        }
    }
}

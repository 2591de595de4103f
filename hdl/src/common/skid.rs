//! Register slices: a valid/ready stream cut by registers in both directions (a skid buffer),
//! a stream cut by a register forwards only (`Pipe`), and a DMA write port's request and data
//! channels cut the same way as the skid buffer.
//!
//! `Skid<A, B>` carries a payload of two fields (`a`, `b`) from `in_*` to `out_*` with the
//! rules of `common::stream`. `out_valid` and the payload come from registers, and so does
//! `in_ready` (not full), so no combinational path crosses the slice either way. Two entries:
//! the main register and the skid register, which takes the beat that arrives in the cycle the
//! main register stalls. Latency: one cycle. Throughput: a beat per cycle. During reset both
//! sides are idle (`out_valid` and `in_ready` low).

use crate::common::dma::{DmaWrMaster, DmaWrSlave};
use crate::common::mem::{MemMaster, MemSlave};
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::unused::Unused;
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Skid<const A: usize, const B: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub in_a: Signal<In, Bits<A>>,
    pub in_b: Signal<In, Bits<B>>,
    pub in_valid: Signal<In, Bit>,
    pub in_ready: Signal<Out, Bit>,
    pub out_a: Signal<Out, Bits<A>>,
    pub out_b: Signal<Out, Bits<B>>,
    pub out_valid: Signal<Out, Bit>,
    pub out_ready: Signal<In, Bit>,
    /// The output may go (tie high for a plain slice): low holds the beat in the slice with
    /// `out_valid` low. Must come from registers (no path from `out_ready`), and may fall only
    /// while no beat is shown waiting (VALID is not retracted).
    pub out_en: Signal<In, Bit>,
    /// The main register (what `out_*` shows) and the skid register.
    full0: DFF<Bit>,
    a0: DFF<Bits<A>>,
    b0: DFF<Bits<B>>,
    full1: DFF<Bit>,
    a1: DFF<Bits<A>>,
    b1: DFF<Bits<B>>,
    /// Registered `in_ready`: the skid register is empty and the slice is out of reset.
    room: DFF<Bit>,
    take: Signal<Local, Bit>,
    /// The skid register's next state.
    next_full1: Signal<Local, Bit>,
}

impl<const A: usize, const B: usize> Logic for Skid<A, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, full0, a0, b0, full1, a1, b1, room);
        self.in_ready.next = self.room.q.val();
        self.out_valid.next = self.full0.q.val() && self.out_en.val();
        self.out_a.next = self.a0.q.val();
        self.out_b.next = self.b0.q.val();
        self.take.next = self.in_valid.val() && self.room.q.val();
        self.next_full1.next = self.full1.q.val();
        if !self.full0.q.val() || (self.out_ready.val() && self.out_en.val()) {
            // the main register moves: the skid's beat first, else the arriving one
            if self.full1.q.val() {
                self.a0.d.next = self.a1.q.val();
                self.b0.d.next = self.b1.q.val();
                self.full0.d.next = true;
                self.next_full1.next = false;
            } else {
                // loaded only with a beat (the payload shown without VALID is the last beat's,
                // never whatever the input carries between beats)
                if self.take.val() {
                    self.a0.d.next = self.in_a.val();
                    self.b0.d.next = self.in_b.val();
                }
                self.full0.d.next = self.take.val();
            }
        } else if self.take.val() {
            // the main register holds: the arriving beat waits in the skid register
            self.a1.d.next = self.in_a.val();
            self.b1.d.next = self.in_b.val();
            self.next_full1.next = true;
        }
        self.full1.d.next = self.next_full1.val();
        self.room.d.next = !self.next_full1.val();
        if self.reset.val() {
            self.full0.d.next = false;
            self.full1.d.next = false;
            self.room.d.next = false;
        }
    }
}

/// A forward register stage: `out_valid` and the payload come from one register, loaded with
/// the arriving beat whenever it is empty or its beat leaves. `in_ready` is `out_ready` or the
/// register empty: one gate, no register, so use it where `out_ready` comes from a flop (half
/// the registers of `Skid`, the same latency and throughput). Rules of `common::stream`; during
/// reset both sides are idle (`in_ready` low, and `out_valid` low from the next cycle on), so no
/// beat is taken only to be dropped.
#[derive(LogicBlock, Default)]
pub struct Pipe<const A: usize, const B: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub in_a: Signal<In, Bits<A>>,
    pub in_b: Signal<In, Bits<B>>,
    pub in_valid: Signal<In, Bit>,
    pub in_ready: Signal<Out, Bit>,
    pub out_a: Signal<Out, Bits<A>>,
    pub out_b: Signal<Out, Bits<B>>,
    pub out_valid: Signal<Out, Bit>,
    pub out_ready: Signal<In, Bit>,
    full: DFF<Bit>,
    a: DFF<Bits<A>>,
    b: DFF<Bits<B>>,
    moves: Signal<Local, Bit>,
}

impl<const A: usize, const B: usize> Logic for Pipe<A, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, full, a, b);
        self.out_valid.next = self.full.q.val();
        self.out_a.next = self.a.q.val();
        self.out_b.next = self.b.q.val();
        self.moves.next = !self.full.q.val() || self.out_ready.val();
        self.in_ready.next = self.moves.val() && !self.reset.val();
        if self.moves.val() {
            // loaded only with a beat (between beats the payload stays the last beat's)
            if self.in_valid.val() {
                self.a.d.next = self.in_a.val();
                self.b.d.next = self.in_b.val();
            }
            self.full.d.next = self.in_valid.val();
        }
        if self.reset.val() {
            self.full.d.next = false;
        }
    }
}

/// Requests taken at a port minus writes whose data is complete there; `go` (from a register)
/// while a taken request still has data to come.
#[derive(LogicBlock, BlockDefault)]
struct ReqAhead {
    clock: Signal<In, Clock>,
    reset: Signal<In, Bit>,
    req_fire: Signal<In, Bit>,
    end_fire: Signal<In, Bit>,
    go: Signal<Out, Bit>,
    ahead: DFF<Bits<4>>,
    #[init(Constant::new(1u64.into()))]
    c_one: Constant<Bits<4>>,
    #[init(Constant::new(0u64.into()))]
    c_zero: Constant<Bits<4>>,
}

impl Logic for ReqAhead {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ahead);
        self.go.next = self.ahead.q.val() != self.c_zero.val();
        if self.req_fire.val() && !self.end_fire.val() {
            self.ahead.d.next = self.ahead.q.val() + self.c_one.val();
        }
        if self.end_fire.val() && !self.req_fire.val() {
            self.ahead.d.next = self.ahead.q.val() - self.c_one.val();
        }
        if self.reset.val() {
            self.ahead.d.next = self.c_zero.val();
        }
    }
}

/// A DMA write port (`common::dma::DmaWrMaster`) with its requests and data cut by `Skid`s
/// (a cycle of latency each, a transfer per cycle); the responses (one per write) pass through
/// combinationally. The master connects to `m`, memory to `s`. The port's rules hold on both
/// sides: a beat leaves towards memory only once its write's request has been taken there (a
/// count of the requests taken whose data is not complete), so data never runs ahead of its
/// request even when memory stalls requests and not data.
#[derive(LogicBlock, BlockDefault)]
pub struct DmaWrSlice<const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub m: DmaWrSlave<D>,
    pub s: DmaWrMaster<D>,
    req: Skid<64, 13>,
    dat: Skid<D, 1>,
    ahead: ReqAhead,
    #[init(Constant::new(1u64.into()))]
    c_one1: Constant<Bits<1>>,
    #[init(Constant::new(0u64.into()))]
    c_zero1: Constant<Bits<1>>,
}

impl<const D: usize> Logic for DmaWrSlice<D> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, req, dat, ahead);
        self.req.reset.next = self.reset.val();
        self.dat.reset.next = self.reset.val();
        self.ahead.reset.next = self.reset.val();
        self.req.in_a.next = self.m.wr_req_addr.val();
        self.req.in_b.next = self.m.wr_req_beats.val();
        self.req.in_valid.next = self.m.wr_req_valid.val();
        self.m.wr_req_ready.next = self.req.in_ready.val();
        self.s.wr_req_addr.next = self.req.out_a.val();
        self.s.wr_req_beats.next = self.req.out_b.val();
        self.s.wr_req_valid.next = self.req.out_valid.val();
        self.req.out_ready.next = self.s.wr_req_ready.val();
        self.req.out_en.next = true;
        self.dat.in_a.next = self.m.wr_dat_data.val();
        self.dat.in_b.next = self.c_zero1.val();
        if self.m.wr_dat_last.val() {
            self.dat.in_b.next = self.c_one1.val();
        }
        self.dat.in_valid.next = self.m.wr_dat_valid.val();
        self.m.wr_dat_ready.next = self.dat.in_ready.val();
        self.s.wr_dat_data.next = self.dat.out_a.val();
        self.s.wr_dat_last.next = self.dat.out_b.val().any();
        self.s.wr_dat_valid.next = self.dat.out_valid.val();
        self.dat.out_ready.next = self.s.wr_dat_ready.val();
        self.dat.out_en.next = self.ahead.go.val();
        self.ahead.req_fire.next = self.req.out_valid.val() && self.s.wr_req_ready.val();
        self.ahead.end_fire.next =
            self.dat.out_valid.val() && self.s.wr_dat_ready.val() && self.dat.out_b.val().any();
        self.m.wr_rsp_err.next = self.s.wr_rsp_err.val();
        self.m.wr_rsp_valid.next = self.s.wr_rsp_valid.val();
        self.s.wr_rsp_ready.next = self.m.wr_rsp_ready.val();
    }
}

/// A packet stream (`common::packet`) cut by registers both ways: two `Skid`s in lock-step
/// (data and keep; meta, first and last), which see the same handshakes and so hold the same
/// beats. A cycle of latency, a beat per cycle; during reset both sides idle.
#[derive(LogicBlock, BlockDefault)]
pub struct PacketSlice<const D: usize, const K: usize, const M: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub inp: PacketSink<D, K, M>,
    pub out: PacketSource<D, K, M>,
    dk: Skid<D, K>,
    mfl: Skid<M, 2>,
    sink_ready: Unused<Bit>,
    sink_valid: Unused<Bit>,
    fl: Signal<Local, Bits<2>>,
    #[init(Constant::new(0u64.into()))]
    c_zero2: Constant<Bits<2>>,
    #[init(Constant::new(2u64.into()))]
    c_first: Constant<Bits<2>>,
    #[init(Constant::new(1u64.into()))]
    c_last: Constant<Bits<2>>,
}

impl<const D: usize, const K: usize, const M: usize> Logic for PacketSlice<D, K, M> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, dk, mfl);
        self.dk.reset.next = self.reset.val();
        self.mfl.reset.next = self.reset.val();
        self.dk.in_a.next = self.inp.data.val();
        self.dk.in_b.next = self.inp.keep.val();
        self.mfl.in_a.next = self.inp.meta.val();
        self.fl.next = self.c_zero2.val();
        if self.inp.first.val() {
            self.fl.next = self.fl.val() | self.c_first.val();
        }
        if self.inp.last.val() {
            self.fl.next = self.fl.val() | self.c_last.val();
        }
        self.mfl.in_b.next = self.fl.val();
        self.dk.in_valid.next = self.inp.valid.val();
        self.mfl.in_valid.next = self.inp.valid.val();
        self.inp.ready.next = self.dk.in_ready.val();
        self.sink_ready.x.next = self.mfl.in_ready.val();
        self.out.data.next = self.dk.out_a.val();
        self.out.keep.next = self.dk.out_b.val();
        self.out.meta.next = self.mfl.out_a.val();
        self.out.first.next = self.mfl.out_b.val().get_bit(1);
        self.out.last.next = self.mfl.out_b.val().get_bit(0);
        self.out.valid.next = self.dk.out_valid.val();
        self.sink_valid.x.next = self.mfl.out_valid.val();
        self.dk.out_ready.next = self.out.ready.val();
        self.mfl.out_ready.next = self.out.ready.val();
        self.dk.out_en.next = true;
        self.mfl.out_en.next = true;
    }
}

/// The request channel of a local-memory port (`common::mem`) cut by registers both ways (two
/// `Skid`s in lock-step: data and strobes; address and write); the responses pass through.
#[derive(LogicBlock, BlockDefault)]
pub struct MemReqSlice<const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub m: MemSlave<A>,
    pub s: MemMaster<A>,
    ds: Skid<64, 8>,
    aw: Skid<A, 1>,
    sink_ready: Unused<Bit>,
    sink_valid: Unused<Bit>,
    #[init(Constant::new(0u64.into()))]
    c_zero1: Constant<Bits<1>>,
    #[init(Constant::new(1u64.into()))]
    c_one1: Constant<Bits<1>>,
}

impl<const A: usize> Logic for MemReqSlice<A> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, ds, aw);
        self.ds.reset.next = self.reset.val();
        self.aw.reset.next = self.reset.val();
        self.ds.in_a.next = self.m.req_wdata.val();
        self.ds.in_b.next = self.m.req_strb.val();
        self.aw.in_a.next = self.m.req_addr.val();
        self.aw.in_b.next = self.c_zero1.val();
        if self.m.req_we.val() {
            self.aw.in_b.next = self.c_one1.val();
        }
        self.ds.in_valid.next = self.m.req_valid.val();
        self.aw.in_valid.next = self.m.req_valid.val();
        self.m.req_ready.next = self.ds.in_ready.val();
        self.sink_ready.x.next = self.aw.in_ready.val();
        self.s.req_wdata.next = self.ds.out_a.val();
        self.s.req_strb.next = self.ds.out_b.val();
        self.s.req_addr.next = self.aw.out_a.val();
        self.s.req_we.next = self.aw.out_b.val().any();
        self.s.req_valid.next = self.ds.out_valid.val();
        self.sink_valid.x.next = self.aw.out_valid.val();
        self.ds.out_ready.next = self.s.req_ready.val();
        self.aw.out_ready.next = self.s.req_ready.val();
        self.ds.out_en.next = true;
        self.aw.out_en.next = true;
        self.m.rsp_data.next = self.s.rsp_data.val();
        self.m.rsp_valid.next = self.s.rsp_valid.val();
    }
}

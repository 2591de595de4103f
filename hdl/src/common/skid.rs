//! Register slices: a valid/ready stream cut by registers in both directions (a skid buffer),
//! and a DMA write port's request and data channels cut the same way.
//!
//! `Skid<A, B>` carries a payload of two fields (`a`, `b`) from `in_*` to `out_*` with the
//! rules of `common::stream`. `out_valid` and the payload come from registers, and so does
//! `in_ready` (not full), so no combinational path crosses the slice either way. Two entries:
//! the main register and the skid register, which takes the beat that arrives in the cycle the
//! main register stalls. Latency: one cycle. Throughput: a beat per cycle. During reset both
//! sides are idle (`out_valid` and `in_ready` low).

use crate::common::dma::{DmaWrMaster, DmaWrSlave};
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

/// Requests taken at a port minus writes whose data is complete there; `go` (from a register)
/// while a taken request still has data to come.
#[derive(LogicBlock)]
struct ReqAhead {
    clock: Signal<In, Clock>,
    reset: Signal<In, Bit>,
    req_fire: Signal<In, Bit>,
    end_fire: Signal<In, Bit>,
    go: Signal<Out, Bit>,
    ahead: DFF<Bits<4>>,
    c_one: Constant<Bits<4>>,
    c_zero: Constant<Bits<4>>,
}

impl Default for ReqAhead {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            req_fire: Default::default(),
            end_fire: Default::default(),
            go: Default::default(),
            ahead: Default::default(),
            c_one: Constant::new(1u64.into()),
            c_zero: Constant::new(0u64.into()),
        }
    }
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
#[derive(LogicBlock)]
pub struct DmaWrSlice<const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub m: DmaWrSlave<D>,
    pub s: DmaWrMaster<D>,
    req: Skid<64, 13>,
    dat: Skid<D, 1>,
    ahead: ReqAhead,
    c_one1: Constant<Bits<1>>,
    c_zero1: Constant<Bits<1>>,
}

impl<const D: usize> Default for DmaWrSlice<D> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            m: Default::default(),
            s: Default::default(),
            req: Default::default(),
            dat: Default::default(),
            ahead: Default::default(),
            c_one1: Constant::new(1u64.into()),
            c_zero1: Constant::new(0u64.into()),
        }
    }
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

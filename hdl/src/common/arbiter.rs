//! Round-robin arbiter for `N` requesters.
//!
//! `grant` (one-hot, combinational from `req` and the priority state) picks the first requester
//! after the one granted last, wrapping. The priority advances when the user signals `ack`
//! (the grant was taken) while `valid`. Fairness: a requester that keeps requesting is granted
//! within `N - 1` grants to others. Latency: 0 cycles (combinational grant); one grant per cycle.

use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports)]
pub struct RoundRobin<const N: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in the clock domain of `clock`: while high the block returns
    /// to its power-up state (sources drive valid low, sinks ready low)
    pub reset: Signal<In, Bit>,
    /// Request bit per requester (8)
    pub req: Signal<In, Bits<N>>,
    /// The granted requester is served: the priority moves past it
    pub ack: Signal<In, Bit>,
    /// One-hot grant, round-robin from the requester after the last served
    pub grant: Signal<Out, Bits<N>>,
    /// Some requester is granted
    pub valid: Signal<Out, Bit>,
    /// Requesters at or below the last grant: they wait for the others first.
    mask: DFF<Bits<N>>,
    masked: Signal<Local, Bits<N>>,
    one: Constant<Bits<N>>,
    zero: Constant<Bits<N>>,
}

impl<const N: usize> Default for RoundRobin<N> {
    fn default() -> Self {
        assert!(N >= 1 && N <= 64, "RoundRobin: N={N} out of 1..=64");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            req: Default::default(),
            ack: Default::default(),
            grant: Default::default(),
            valid: Default::default(),
            mask: Default::default(),
            masked: Default::default(),
            one: Constant::new(1u64.into()),
            zero: Constant::new(0u64.into()),
        }
    }
}

impl<const N: usize> Logic for RoundRobin<N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, mask);
        self.masked.next = self.req.val() & !self.mask.q.val();
        // lowest set bit: x & (~x + 1)
        if self.masked.val().any() {
            self.grant.next = self.masked.val() & (!self.masked.val() + self.one.val());
        } else {
            self.grant.next = self.req.val() & (!self.req.val() + self.one.val());
        }
        self.valid.next = self.req.val().any();
        if self.ack.val() && self.req.val().any() {
            self.mask.d.next = (self.grant.val() - self.one.val()) | self.grant.val();
        }
        if self.reset.val() {
            self.mask.d.next = self.zero.val();
        }
    }
}

/// A stateless round-robin choice among up to 8 requesters: `pick` is the lowest requester of
/// `req` above `last` (the one served last), else the lowest; `valid` when any requests. The
/// state (`last`) is the user's, so one state can be asked several questions in one cycle.
#[derive(LogicBlock)]
pub struct RrPick<const N: usize> {
    pub req: Signal<In, Bits<N>>,
    pub last: Signal<In, Bits<3>>,
    pub valid: Signal<Out, Bit>,
    pub pick: Signal<Out, Bits<3>>,
    above: Signal<Local, Bits<N>>,
    hi: Signal<Local, Bit>,
    pick_hi: Signal<Local, Bits<3>>,
    pick_lo: Signal<Local, Bits<3>>,
    c_idx: [Constant<Bits<3>>; 8],
    c_above: [Constant<Bits<N>>; 8],
    c_bit: [Constant<Bits<N>>; N],
    c_zero: Constant<Bits<N>>,
}

impl<const N: usize> Default for RrPick<N> {
    fn default() -> Self {
        assert!((2..=8).contains(&N), "RrPick: N={N} out of 2..=8");
        let mask = (1u64 << N) - 1;
        Self {
            req: Default::default(),
            last: Default::default(),
            valid: Default::default(),
            pick: Default::default(),
            above: Default::default(),
            hi: Default::default(),
            pick_hi: Default::default(),
            pick_lo: Default::default(),
            c_idx: std::array::from_fn(|i| Constant::new((i as u64).into())),
            c_above: std::array::from_fn(|i| Constant::new(((mask << (i + 1)) & mask).into())),
            c_bit: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
            c_zero: Constant::new(0u64.into()),
        }
    }
}

impl<const N: usize> Logic for RrPick<N> {
    #[hdl_gen]
    fn update(&mut self) {
        self.above.next = self.c_zero.val();
        for i in 0..8 {
            if self.last.val() == self.c_idx[i].val() {
                self.above.next = self.c_above[i].val();
            }
        }
        self.valid.next = false;
        self.hi.next = false;
        self.pick_lo.next = self.c_idx[0].val();
        self.pick_hi.next = self.c_idx[0].val();
        for i in 0..N {
            if (self.req.val() & self.c_bit[i].val()) != self.c_zero.val() {
                if !self.valid.val() {
                    self.valid.next = true;
                    self.pick_lo.next = self.c_idx[i].val();
                }
                if ((self.above.val() & self.c_bit[i].val()) != self.c_zero.val()) && !self.hi.val()
                {
                    self.hi.next = true;
                    self.pick_hi.next = self.c_idx[i].val();
                }
            }
        }
        self.pick.next = self.pick_lo.val();
        if self.hi.val() {
            self.pick.next = self.pick_hi.val();
        }
    }
}

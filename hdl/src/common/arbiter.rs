//! Round-robin arbiter for `N` requesters.
//!
//! `grant` (one-hot, combinational from `req` and the priority state) picks the first requester
//! after the one granted last, wrapping. The priority advances when the user signals `ack`
//! (the grant was taken) while `valid`. Fairness: a requester that keeps requesting is granted
//! within `N - 1` grants to others. Latency: 0 cycles (combinational grant); one grant per cycle.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct RoundRobin<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub req: Signal<In, Bits<N>>,
    pub ack: Signal<In, Bit>,
    pub grant: Signal<Out, Bits<N>>,
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

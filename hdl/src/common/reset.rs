//! The project's reset convention and the reset synchronizer.
//!
//! Convention (docs/conventions.md): every stateful block has `reset: Signal<In, Bit>`, an
//! active-high reset *synchronous to the block's clock*. State is held in rust-hdl `DFF`s
//! whose power-up value equals the reset value, and the kernel ends with
//! `if self.reset.val() { self.x.d.next = <reset value>; ... }`, so the reset assignment is the
//! last one and wins in both the Rust model and the Verilog (`always @(*)` blocking order).
//! While `reset` is high a block refuses input (`ready` low) and offers nothing (`valid` low).
//!
//! `ResetSync` produces such a reset from an asynchronous request: assertion is immediate
//! (asynchronous), release is synchronous, `STAGES` clock edges after the request drops.
//! The output is also high for `STAGES` cycles after configuration (power-up).

use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports)]
pub struct ResetSync<const STAGES: usize> {
    /// The clock of the domain the reset is released into
    pub clock: Signal<In, Clock>,
    /// Asynchronous reset request, active high (a pin, another domain)
    pub arst: Signal<In, Bit>,
    /// The synchronized reset: asserted at once (and at power-up), released 3 clock edges after
    /// `arst` falls
    pub rst: Signal<Out, Bit>,
    _chain: u64,
}

impl<const STAGES: usize> ResetSync<STAGES> {
    /// The chain with every stage in reset (as after configuration or a request).
    const ALL_SET: u64 = (1 << STAGES) - 1;
    /// The stage that drives `rst`: the last.
    const LAST: usize = STAGES - 1;
}

impl<const STAGES: usize> Default for ResetSync<STAGES> {
    fn default() -> Self {
        assert!((2..=32).contains(&STAGES), "ResetSync needs 2..=32 stages");
        Self {
            clock: Default::default(),
            arst: Default::default(),
            rst: Default::default(),
            _chain: Self::ALL_SET,
        }
    }
}

impl<const STAGES: usize> Logic for ResetSync<STAGES> {
    fn update(&mut self) {
        if self.arst.val() {
            self._chain = Self::ALL_SET;
        } else if self.clock.pos_edge() {
            // a 0 shifts in at the first stage
            self._chain = (self._chain << 1) & Self::ALL_SET;
        }
        self.rst.next = (self._chain >> Self::LAST) & 1 != 0;
    }
    fn connect(&mut self) {
        self.rst.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "(* ASYNC_REG = \"TRUE\" *) reg [{m}:0] chain = {{{s}{{1'b1}}}};\n\
             always @(posedge clock or posedge arst) begin\n\
             \x20  if (arst) chain <= {{{s}{{1'b1}}}};\n\
             \x20  else chain <= {{chain[{m2}:0], 1'b0}};\n\
             end\n\
             always @(*) rst = chain[{m}];\n\
             // the power-up value also where an always @(*) waits for its first event (Icarus)\n\
             initial rst = 1'b1;\n",
            m = Self::LAST,
            m2 = Self::LAST - 1,
            s = STAGES
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn edge(u: &mut ResetSync<3>) {
        u.clock.next = Clock { clk: true };
        assert!(simulate(u, 10));
        u.clock.next = Clock { clk: false };
        assert!(simulate(u, 10));
    }
    #[test]
    fn asserts_at_once_and_releases_after_stages() {
        let mut u = ResetSync::<3>::default();
        u.connect_all();
        assert!(simulate(&mut u, 10));
        assert!(u.rst.val(), "power-up reset");
        for _ in 0..3 {
            assert!(u.rst.val());
            edge(&mut u);
        }
        assert!(!u.rst.val());
        u.arst.next = true;
        assert!(simulate(&mut u, 10));
        assert!(u.rst.val(), "asynchronous assertion, no clock edge");
        edge(&mut u);
        u.arst.next = false;
        assert!(simulate(&mut u, 10));
        let mut n = 0;
        while u.rst.val() {
            edge(&mut u);
            n += 1;
        }
        assert_eq!(n, 3);
    }
}

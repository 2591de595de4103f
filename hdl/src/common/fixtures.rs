//! Deliberately wrong designs kept as test fixtures: the differential checker must catch them.
//! Never listed in `tops()`.

use rust_hdl::prelude::*;

/// `(a + 1) > b` on 8-bit values with an untyped literal: rust-hdl emits `a + 32'h1`, so the
/// Verilog compares 9+ bits where the Rust model wraps at 8 (a = 255: Rust false, Verilog true).
#[derive(LogicBlock, Default)]
pub struct UntypedLiteralHazard {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    pub gt: Signal<Out, Bit>,
}

impl Logic for UntypedLiteralHazard {
    #[hdl_gen]
    fn update(&mut self) {
        self.gt.next = (self.a.val() + 1) > self.b.val();
    }
}

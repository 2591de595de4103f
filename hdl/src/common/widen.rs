//! Zero-extension from `M` to `N` bits as a leaf with exact Verilog. rust-hdl's `bit_cast`
//! emits `x & N'hmask` on an `M`-bit operand, which Verilator's WIDTH lint rejects.

use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default, Ports)]
pub struct Widen<const M: usize, const N: usize> {
    pub x: Signal<In, Bits<M>>,
    pub y: Signal<Out, Bits<N>>,
}

impl<const M: usize, const N: usize> Logic for Widen<M, N> {
    fn update(&mut self) {
        self.y.next = bit_cast::<N, M>(self.x.val());
    }
    fn connect(&mut self) {
        assert!(N > M, "Widen<{M}, {N}>: N must exceed M");
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!("always @(*) y = {{{{{}{{1'b0}}}}, x}};\n", N - M))
    }
}

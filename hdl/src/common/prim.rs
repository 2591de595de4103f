//! Primitives every block uses: sized constants (`k`; kernels must not use bare literals, see
//! docs/conventions.md) and `Concat`, the bit concatenation rust-hdl kernels lack.

use rust_hdl::prelude::*;

/// `y = {hi, lo}`.
#[derive(LogicBlock, Default)]
pub struct Concat<const A: usize, const B: usize, const N: usize> {
    pub lo: Signal<In, Bits<A>>,
    pub hi: Signal<In, Bits<B>>,
    pub y: Signal<Out, Bits<N>>,
}

impl<const A: usize, const B: usize, const N: usize> Logic for Concat<A, B, N> {
    fn update(&mut self) {
        self.y.next = Bits::<N>::from(self.lo.val().to_u64() | (self.hi.val().to_u64() << A));
    }
    fn connect(&mut self) {
        assert!(
            N == A + B && N <= 64,
            "Concat<{A}, {B}, {N}>: N must be A + B (at most 64)"
        );
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) y = {hi, lo};\n".into())
    }
}

/// A sized constant (kernels must not use bare literals; see docs/conventions.md).
pub fn k<const N: usize>(v: u64) -> Constant<Bits<N>> {
    Constant::new(v.into())
}

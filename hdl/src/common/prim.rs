//! Primitives every block uses: sized constants (`k`; kernels must not use bare literals, see
//! docs/conventions.md) and `Concat`, the bit concatenation rust-hdl kernels lack.

use crate::top::Ports;
use rust_hdl::prelude::*;

/// `y = {hi, lo}`.
#[derive(LogicBlock, Default, Ports)]
pub struct Concat<const A: usize, const B: usize, const N: usize> {
    pub lo: Signal<In, Bits<A>>,
    pub hi: Signal<In, Bits<B>>,
    pub y: Signal<Out, Bits<N>>,
}

impl<const A: usize, const B: usize, const N: usize> Logic for Concat<A, B, N> {
    fn update(&mut self) {
        if N <= 64 {
            self.y.next = Bits::<N>::from(self.lo.val().to_u64() | (self.hi.val().to_u64() << A));
        } else {
            let (lo, hi): (num_bigint::BigUint, num_bigint::BigUint) =
                (self.lo.val().into(), self.hi.val().into());
            self.y.next = Bits::<N>::from(lo | (hi << A));
        }
    }
    fn connect(&mut self) {
        assert!(N == A + B, "Concat<{A}, {B}, {N}>: N must be A + B");
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

/// `y = {x3, x2, x1, x0}`: four 32-bit lanes as one 128-bit word, lane 0 lowest.
#[derive(LogicBlock, Default, Ports)]
pub struct Join4 {
    pub x0: Signal<In, Bits<32>>,
    pub x1: Signal<In, Bits<32>>,
    pub x2: Signal<In, Bits<32>>,
    pub x3: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<128>>,
}

impl Logic for Join4 {
    fn update(&mut self) {
        let x = [&self.x0, &self.x1, &self.x2, &self.x3];
        let v = (0..4).fold(0u128, |a, i| a | (x[i].val().to_u64() as u128) << (32 * i));
        self.y.next = Bits::<128>::from(num_bigint::BigUint::from(v));
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) y = {x3, x2, x1, x0};\n".into())
    }
}

/// `y = 1 << x`, 64 bits wide: a one-hot decoder. Kernels set, clear and toggle one bit of a
/// vector with it (`v | y`, `v & !y`, `v ^ y`): rust-hdl's `replace_bit` with a computed index
/// emits a 32-bit `1 << i` and extends a 1-bit value after inverting it (Verilator WIDTH, and
/// `~b << i` sets every upper bit).
#[derive(LogicBlock, Default, Ports)]
pub struct OneHot64 {
    pub x: Signal<In, Bits<6>>,
    pub y: Signal<Out, Bits<64>>,
}

impl Logic for OneHot64 {
    fn update(&mut self) {
        self.y.next = Bits::<64>::from(1u64 << self.x.val().to_u64());
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) y = 64'd1 << x;\n".into())
    }
}

/// `y` = `n` ones rotated left by `s` in 64 bits (`n` < 64): the slots `s, s + 1, ..., s + n - 1`
/// of a 64-slot ring, modulo 64.
#[derive(LogicBlock, Default, Ports)]
pub struct SlotRun {
    pub n: Signal<In, Bits<6>>,
    pub s: Signal<In, Bits<6>>,
    pub y: Signal<Out, Bits<64>>,
}

impl Logic for SlotRun {
    fn update(&mut self) {
        let run = (1u64 << self.n.val().to_u64()) - 1;
        self.y.next = Bits::<64>::from(run.rotate_left(self.s.val().to_u64() as u32));
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "wire [127:0] rot = {64'd0, (64'd1 << n) - 64'd1} << s;\n\
             always @(*) y = rot[63:0] | rot[127:64];\n"
                .into(),
        )
    }
}

/// `y = x[sel]` of `N` `W`-bit inputs (`N <= 2^B`; an index at or past `N` gives 0), as a
/// balanced tree of 2:1 multiplexers, one select bit per level. A kernel's
/// `for s in 0..N { if sel == s { y = x[s] } }` is a chain of `N` conditional multiplexers,
/// which Yosys and ABC map to as many as six logic levels for `N = 8`; the tree is a LUT4 and
/// two wide-function multiplexers (PFUMX, L6MUX21) on ECP5.
#[derive(LogicBlock)]
pub struct IdxMux<const W: usize, const B: usize, const N: usize> {
    pub x: [Signal<In, Bits<W>>; N],
    pub sel: Signal<In, Bits<B>>,
    pub y: Signal<Out, Bits<W>>,
}

impl<const W: usize, const B: usize, const N: usize> Default for IdxMux<W, B, N> {
    fn default() -> Self {
        assert!(
            N >= 1 && B >= 1 && B < 16 && N <= 1 << B,
            "IdxMux<{W}, {B}, {N}>: N must be in 1..=2^B"
        );
        Self {
            x: std::array::from_fn(|_| Default::default()),
            sel: Default::default(),
            y: Default::default(),
        }
    }
}

impl<const W: usize, const B: usize, const N: usize> Logic for IdxMux<W, B, N> {
    fn update(&mut self) {
        let i = self.sel.val().to_u64() as usize;
        self.y.next = if i < N {
            self.x[i].val()
        } else {
            Bits::<W>::default()
        };
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        // level 0 is the inputs (zeros past N), level l + 1 pairs level l's by sel[l]
        let mut v = String::new();
        let mut prev: Vec<String> = (0..1usize << B)
            .map(|i| {
                if i < N {
                    format!("x${i}")
                } else {
                    format!("{W}'d0")
                }
            })
            .collect();
        for l in 0..B {
            let next: Vec<String> = (0..prev.len() / 2)
                .map(|j| {
                    let name = format!("m{l}_{j}");
                    v += &format!(
                        "wire [{}:0] {name} = sel[{l}] ? {} : {};\n",
                        W - 1,
                        prev[2 * j + 1],
                        prev[2 * j]
                    );
                    name
                })
                .collect();
            prev = next;
        }
        v += &format!("always @(*) y = {};\n", prev[0]);
        Verilog::Custom(v)
    }
}

/// A flop with a power-up value: `q` starts at `init` and takes `d` at each rising edge. The
/// Verilog gives the value with `initial`, which Yosys maps onto the flop's power-up state
/// (ECP5: REGSET), so the flop's output feeds its loads directly. rust-hdl's `DFFWithInit`
/// stores `d ^ init` in a zero-initialised flop instead, which puts an inverter behind every
/// bit set in `init`: absorbed into a LUT, but a LUT4 and a route of its own in front of a
/// carry chain (CCU2C), which takes no inverted input.
#[derive(LogicBlock, Ports)]
pub struct DffInit<T: Synth> {
    pub d: Signal<In, T>,
    pub q: Signal<Out, T>,
    pub clock: Signal<In, Clock>,
    init: Constant<T>,
}

impl<T: Synth> DffInit<T> {
    pub fn new(init: T) -> Self {
        Self {
            d: Default::default(),
            q: Signal::new_with_default(init),
            clock: Default::default(),
            init: Constant::new(init),
        }
    }
}

impl<T: Synth> Logic for DffInit<T> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.q.next = self.d.val();
        }
    }
    fn connect(&mut self) {
        self.q.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "initial begin\n   q = init;\nend\n\nalways @(posedge clock) begin\n   q <= d;\nend\n"
                .into(),
        )
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![TimingInfo {
            name: "dff_init".into(),
            clock: "clock".into(),
            inputs: vec!["d".into()],
            outputs: vec!["q".into()],
        }]
    }
}

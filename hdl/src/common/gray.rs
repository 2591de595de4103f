//! Gray-code decoder (combinational): `bin[i] = ^gray[N-1:i]`. Used by the async FIFO.
//! Encoding is a one-liner in a kernel (`x ^ (x >> 1)`), decoding is a prefix XOR, which
//! rust-hdl kernels cannot express without 32-bit literals, so it is a leaf with its own Verilog.

use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default, Ports)]
pub struct GrayDecode<const N: usize> {
    pub gray: Signal<In, Bits<N>>,
    pub bin: Signal<Out, Bits<N>>,
}

pub fn gray_decode(g: u64) -> u64 {
    let mut b = g;
    let mut s = g >> 1;
    while s != 0 {
        b ^= s;
        s >>= 1;
    }
    b
}

impl<const N: usize> Logic for GrayDecode<N> {
    fn update(&mut self) {
        self.bin.next = Bits::<N>::from(gray_decode(self.gray.val().to_u64()));
    }
    fn connect(&mut self) {
        self.bin.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut s = String::from("always @(*) begin\n");
        for i in 0..N {
            s += &format!("   bin[{i}] = ^gray[{}:{i}];\n", N - 1);
        }
        s += "end\n";
        Verilog::Custom(s)
    }
}

#[test]
fn gray_round_trip() {
    for b in 0u64..4096 {
        assert_eq!(gray_decode(b ^ (b >> 1)), b);
    }
}

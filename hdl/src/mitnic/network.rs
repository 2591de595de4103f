//! The networks the MIT NICs are tested on (issue 15 item 6), built from `ParcSwitch2` on one
//! clock: a unidirectional ring of 8 routers (`ParcRing8`: the memo's 4 nodes x 2 NICs, ROUTE = 1,
//! router r ejects the packets whose routing byte is r, NIC-A13's table being the identity) and
//! a butterfly of 8 ports in three stages of four 2x2 switches (`ParcButterfly8`, ROUTE = 0:
//! stage s steers by bit 2 - s of the routing byte, the node number, so a packet injected at
//! position p leaves at position o0[26:24]).
//!
//! Ports: link k's word into the network at `nin[16k+15:16k]` (the NIC's nodata) with
//! `nin_wait[k]` back (the NIC's nowait); out of the network at `nout[16k+15:16k]` (the NIC's
//! nidata) with `nout_wait[k]` (the NIC's niwait).

use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

use super::switch::ParcSwitch2;
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;

/// Ports of a network.
pub const PORTS: usize = 8;

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct ParcRing8 {
    /// The network's clock (every link's word clock)
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: every buffer empty, every wait high while it lasts
    pub reset: Signal<In, Bit>,
    /// Link k's word into the network at bits 16k+15:16k (NIC k's nodata)
    pub nin: Signal<In, Bits<128>>,
    /// Bit k: the network takes no new packet on link k (NIC k's nowait)
    pub nin_wait: Signal<Out, Bits<8>>,
    /// Link k's word out of the network at bits 16k+15:16k (NIC k's nidata)
    pub nout: Signal<Out, Bits<128>>,
    /// Bit k: NIC k takes no new packet (its niwait)
    pub nout_wait: Signal<In, Bits<8>>,
    #[init(std::array::from_fn(|n| ParcSwitch2::new(0xFF, n as u16, true)))]
    r: [ParcSwitch2; 8],
    /// A NIC's input never injects into its own NIC's link: the bubble of input 1 is unused.
    sink_bubble: [Unused<Bit>; 8],
    w_out: [Widen<16, 128>; 8],
    #[init(std::array::from_fn(|n| k(1 << n)))]
    c_bit: [Constant<Bits<8>>; 8],
    #[init(std::array::from_fn(|n| k(16 * n as u64)))]
    c_sh: [Constant<Bits<8>>; 8],
    #[init(k(0))]
    c_zero: Constant<Bits<8>>,
}

impl Logic for ParcRing8 {
    #[hdl_gen]
    fn update(&mut self) {
        for n in 0..8 {
            self.r[n].clock.next = self.clock.val();
            self.r[n].reset.next = self.reset.val();
        }
        self.nin_wait.next = self.c_zero.val();
        self.r[0].in0.next = self.r[7].out0.val();
        self.r[0].in1.next = self.nin.val().get_bits::<16>(0);
        self.r[0].down_wait0.next = self.r[1].wait0.val();
        self.r[0].down_bubble0.next = self.r[1].bubble0.val();
        self.r[0].down_wait1.next = self.nout_wait.val().get_bit(0);
        self.w_out[0].x.next = self.r[0].out1.val();
        if self.r[0].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[0].val();
        }
        self.sink_bubble[0].x.next = self.r[0].bubble1.val();
        self.r[1].in0.next = self.r[0].out0.val();
        self.r[1].in1.next = self.nin.val().get_bits::<16>(16);
        self.r[1].down_wait0.next = self.r[2].wait0.val();
        self.r[1].down_bubble0.next = self.r[2].bubble0.val();
        self.r[1].down_wait1.next = self.nout_wait.val().get_bit(1);
        self.w_out[1].x.next = self.r[1].out1.val();
        if self.r[1].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[1].val();
        }
        self.sink_bubble[1].x.next = self.r[1].bubble1.val();
        self.r[2].in0.next = self.r[1].out0.val();
        self.r[2].in1.next = self.nin.val().get_bits::<16>(32);
        self.r[2].down_wait0.next = self.r[3].wait0.val();
        self.r[2].down_bubble0.next = self.r[3].bubble0.val();
        self.r[2].down_wait1.next = self.nout_wait.val().get_bit(2);
        self.w_out[2].x.next = self.r[2].out1.val();
        if self.r[2].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[2].val();
        }
        self.sink_bubble[2].x.next = self.r[2].bubble1.val();
        self.r[3].in0.next = self.r[2].out0.val();
        self.r[3].in1.next = self.nin.val().get_bits::<16>(48);
        self.r[3].down_wait0.next = self.r[4].wait0.val();
        self.r[3].down_bubble0.next = self.r[4].bubble0.val();
        self.r[3].down_wait1.next = self.nout_wait.val().get_bit(3);
        self.w_out[3].x.next = self.r[3].out1.val();
        if self.r[3].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[3].val();
        }
        self.sink_bubble[3].x.next = self.r[3].bubble1.val();
        self.r[4].in0.next = self.r[3].out0.val();
        self.r[4].in1.next = self.nin.val().get_bits::<16>(64);
        self.r[4].down_wait0.next = self.r[5].wait0.val();
        self.r[4].down_bubble0.next = self.r[5].bubble0.val();
        self.r[4].down_wait1.next = self.nout_wait.val().get_bit(4);
        self.w_out[4].x.next = self.r[4].out1.val();
        if self.r[4].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[4].val();
        }
        self.sink_bubble[4].x.next = self.r[4].bubble1.val();
        self.r[5].in0.next = self.r[4].out0.val();
        self.r[5].in1.next = self.nin.val().get_bits::<16>(80);
        self.r[5].down_wait0.next = self.r[6].wait0.val();
        self.r[5].down_bubble0.next = self.r[6].bubble0.val();
        self.r[5].down_wait1.next = self.nout_wait.val().get_bit(5);
        self.w_out[5].x.next = self.r[5].out1.val();
        if self.r[5].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[5].val();
        }
        self.sink_bubble[5].x.next = self.r[5].bubble1.val();
        self.r[6].in0.next = self.r[5].out0.val();
        self.r[6].in1.next = self.nin.val().get_bits::<16>(96);
        self.r[6].down_wait0.next = self.r[7].wait0.val();
        self.r[6].down_bubble0.next = self.r[7].bubble0.val();
        self.r[6].down_wait1.next = self.nout_wait.val().get_bit(6);
        self.w_out[6].x.next = self.r[6].out1.val();
        if self.r[6].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[6].val();
        }
        self.sink_bubble[6].x.next = self.r[6].bubble1.val();
        self.r[7].in0.next = self.r[6].out0.val();
        self.r[7].in1.next = self.nin.val().get_bits::<16>(112);
        self.r[7].down_wait0.next = self.r[0].wait0.val();
        self.r[7].down_bubble0.next = self.r[0].bubble0.val();
        self.r[7].down_wait1.next = self.nout_wait.val().get_bit(7);
        self.w_out[7].x.next = self.r[7].out1.val();
        if self.r[7].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[7].val();
        }
        self.sink_bubble[7].x.next = self.r[7].bubble1.val();
        self.nout.next = (self.w_out[0].y.val() << self.c_sh[0].val())
            | (self.w_out[1].y.val() << self.c_sh[1].val())
            | (self.w_out[2].y.val() << self.c_sh[2].val())
            | (self.w_out[3].y.val() << self.c_sh[3].val())
            | (self.w_out[4].y.val() << self.c_sh[4].val())
            | (self.w_out[5].y.val() << self.c_sh[5].val())
            | (self.w_out[6].y.val() << self.c_sh[6].val())
            | (self.w_out[7].y.val() << self.c_sh[7].val());
    }
}

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct ParcButterfly8 {
    /// The network's clock (every link's word clock)
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: every buffer empty, every wait high while it lasts
    pub reset: Signal<In, Bit>,
    /// Link k's word into the network at bits 16k+15:16k (NIC k's nodata)
    pub nin: Signal<In, Bits<128>>,
    /// Bit k: the network takes no new packet on link k (NIC k's nowait)
    pub nin_wait: Signal<Out, Bits<8>>,
    /// Link k's word out of the network at bits 16k+15:16k (NIC k's nidata)
    pub nout: Signal<Out, Bits<128>>,
    /// Bit k: NIC k takes no new packet (its niwait)
    pub nout_wait: Signal<In, Bits<8>>,
    /// Switch 4s + j of stage s.
    #[init(std::array::from_fn(|n| {
        let bit = 1u16 << (2 - n / 4);
        ParcSwitch2::new(bit, bit, false)
    }))]
    b: [ParcSwitch2; 12],
    /// No ring injection rule in a butterfly: the bubbles are unused.
    sink_bubble: [Unused<Bit>; 12],
    w_out: [Widen<16, 128>; 8],
    #[init(std::array::from_fn(|n| k(1 << n)))]
    c_bit: [Constant<Bits<8>>; 8],
    #[init(std::array::from_fn(|n| k(16 * n as u64)))]
    c_sh: [Constant<Bits<8>>; 8],
    #[init(k(0))]
    c_zero: Constant<Bits<8>>,
}

impl Logic for ParcButterfly8 {
    #[hdl_gen]
    fn update(&mut self) {
        for n in 0..12 {
            self.b[n].clock.next = self.clock.val();
            self.b[n].reset.next = self.reset.val();
        }
        self.nin_wait.next = self.c_zero.val();
        self.b[0].in0.next = self.nin.val().get_bits::<16>(0);
        self.b[0].in1.next = self.nin.val().get_bits::<16>(64);
        self.b[0].down_wait0.next = self.b[4].wait0.val();
        self.b[0].down_wait1.next = self.b[6].wait0.val();
        self.b[0].down_bubble0.next = false;
        self.b[1].in0.next = self.nin.val().get_bits::<16>(16);
        self.b[1].in1.next = self.nin.val().get_bits::<16>(80);
        self.b[1].down_wait0.next = self.b[5].wait0.val();
        self.b[1].down_wait1.next = self.b[7].wait0.val();
        self.b[1].down_bubble0.next = false;
        self.b[2].in0.next = self.nin.val().get_bits::<16>(32);
        self.b[2].in1.next = self.nin.val().get_bits::<16>(96);
        self.b[2].down_wait0.next = self.b[4].wait1.val();
        self.b[2].down_wait1.next = self.b[6].wait1.val();
        self.b[2].down_bubble0.next = false;
        self.b[3].in0.next = self.nin.val().get_bits::<16>(48);
        self.b[3].in1.next = self.nin.val().get_bits::<16>(112);
        self.b[3].down_wait0.next = self.b[5].wait1.val();
        self.b[3].down_wait1.next = self.b[7].wait1.val();
        self.b[3].down_bubble0.next = false;
        self.b[4].in0.next = self.b[0].out0.val();
        self.b[4].in1.next = self.b[2].out0.val();
        self.b[4].down_wait0.next = self.b[8].wait0.val();
        self.b[4].down_wait1.next = self.b[9].wait0.val();
        self.b[4].down_bubble0.next = false;
        self.b[5].in0.next = self.b[1].out0.val();
        self.b[5].in1.next = self.b[3].out0.val();
        self.b[5].down_wait0.next = self.b[8].wait1.val();
        self.b[5].down_wait1.next = self.b[9].wait1.val();
        self.b[5].down_bubble0.next = false;
        self.b[6].in0.next = self.b[0].out1.val();
        self.b[6].in1.next = self.b[2].out1.val();
        self.b[6].down_wait0.next = self.b[10].wait0.val();
        self.b[6].down_wait1.next = self.b[11].wait0.val();
        self.b[6].down_bubble0.next = false;
        self.b[7].in0.next = self.b[1].out1.val();
        self.b[7].in1.next = self.b[3].out1.val();
        self.b[7].down_wait0.next = self.b[10].wait1.val();
        self.b[7].down_wait1.next = self.b[11].wait1.val();
        self.b[7].down_bubble0.next = false;
        self.b[8].in0.next = self.b[4].out0.val();
        self.b[8].in1.next = self.b[5].out0.val();
        self.b[8].down_wait0.next = self.nout_wait.val().get_bit(0);
        self.b[8].down_wait1.next = self.nout_wait.val().get_bit(1);
        self.b[8].down_bubble0.next = false;
        self.b[9].in0.next = self.b[4].out1.val();
        self.b[9].in1.next = self.b[5].out1.val();
        self.b[9].down_wait0.next = self.nout_wait.val().get_bit(2);
        self.b[9].down_wait1.next = self.nout_wait.val().get_bit(3);
        self.b[9].down_bubble0.next = false;
        self.b[10].in0.next = self.b[6].out0.val();
        self.b[10].in1.next = self.b[7].out0.val();
        self.b[10].down_wait0.next = self.nout_wait.val().get_bit(4);
        self.b[10].down_wait1.next = self.nout_wait.val().get_bit(5);
        self.b[10].down_bubble0.next = false;
        self.b[11].in0.next = self.b[6].out1.val();
        self.b[11].in1.next = self.b[7].out1.val();
        self.b[11].down_wait0.next = self.nout_wait.val().get_bit(6);
        self.b[11].down_wait1.next = self.nout_wait.val().get_bit(7);
        self.b[11].down_bubble0.next = false;
        self.w_out[0].x.next = self.b[8].out0.val();
        if self.b[0].wait0.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[0].val();
        }
        self.w_out[1].x.next = self.b[8].out1.val();
        if self.b[1].wait0.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[1].val();
        }
        self.w_out[2].x.next = self.b[9].out0.val();
        if self.b[2].wait0.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[2].val();
        }
        self.w_out[3].x.next = self.b[9].out1.val();
        if self.b[3].wait0.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[3].val();
        }
        self.w_out[4].x.next = self.b[10].out0.val();
        if self.b[0].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[4].val();
        }
        self.w_out[5].x.next = self.b[10].out1.val();
        if self.b[1].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[5].val();
        }
        self.w_out[6].x.next = self.b[11].out0.val();
        if self.b[2].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[6].val();
        }
        self.w_out[7].x.next = self.b[11].out1.val();
        if self.b[3].wait1.val() {
            self.nin_wait.next = self.nin_wait.val() | self.c_bit[7].val();
        }
        self.sink_bubble[0].x.next = self.b[0].bubble0.val() || self.b[0].bubble1.val();
        self.sink_bubble[1].x.next = self.b[1].bubble0.val() || self.b[1].bubble1.val();
        self.sink_bubble[2].x.next = self.b[2].bubble0.val() || self.b[2].bubble1.val();
        self.sink_bubble[3].x.next = self.b[3].bubble0.val() || self.b[3].bubble1.val();
        self.sink_bubble[4].x.next = self.b[4].bubble0.val() || self.b[4].bubble1.val();
        self.sink_bubble[5].x.next = self.b[5].bubble0.val() || self.b[5].bubble1.val();
        self.sink_bubble[6].x.next = self.b[6].bubble0.val() || self.b[6].bubble1.val();
        self.sink_bubble[7].x.next = self.b[7].bubble0.val() || self.b[7].bubble1.val();
        self.sink_bubble[8].x.next = self.b[8].bubble0.val() || self.b[8].bubble1.val();
        self.sink_bubble[9].x.next = self.b[9].bubble0.val() || self.b[9].bubble1.val();
        self.sink_bubble[10].x.next = self.b[10].bubble0.val() || self.b[10].bubble1.val();
        self.sink_bubble[11].x.next = self.b[11].bubble0.val() || self.b[11].bubble1.val();
        self.nout.next = (self.w_out[0].y.val() << self.c_sh[0].val())
            | (self.w_out[1].y.val() << self.c_sh[1].val())
            | (self.w_out[2].y.val() << self.c_sh[2].val())
            | (self.w_out[3].y.val() << self.c_sh[3].val())
            | (self.w_out[4].y.val() << self.c_sh[4].val())
            | (self.w_out[5].y.val() << self.c_sh[5].val())
            | (self.w_out[6].y.val() << self.c_sh[6].val())
            | (self.w_out[7].y.val() << self.c_sh[7].val());
    }
}

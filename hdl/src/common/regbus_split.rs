//! Register-bus splitter: one master (`bus`, `A` address bits) to `N` slaves behind address
//! windows of `W` bits each, at the window numbers the wire crate declares (window `w` covers
//! `w << W .. (w + 1) << W`). The request (`addr`, `wdata`, `write`, `read`) is registered, then
//! decoded: a slave sees the low `W` address bits and a strobe one cycle after the master's, only
//! for an access in its window; its answer (`ready`, `rdata`, `err`) is passed back unchanged.
//! An access in no window is answered by the splitter itself, one cycle after the registered
//! strobe, with `err` (the register bus's rule for an unmapped address). Latency: one cycle
//! added to every access (an answer two cycles after the strobe). The register cuts the bus
//! inputs from the decode and from every slave's logic (timing, and in a Verilated model the
//! slaves leave its input-combinational region). The bus rules are those of `common::regbank`
//! (one access at a time; the master waits for `ready`).

use crate::common::regbank::{RegBusMaster, RegBusSlave};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct RegBusSplit<const N: usize, const A: usize, const W: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub bus: RegBusSlave<A>,
    pub port: [RegBusMaster<W>; N],
    hit: [Signal<Local, Bit>; N],
    any_hit: Signal<Local, Bit>,
    miss: DFF<Bit>,
    addr: DFF<Bits<A>>,
    wdata: DFF<Bits<32>>,
    write: DFF<Bit>,
    read: DFF<Bit>,
    c_base: [Constant<Bits<A>>; N],
    c_high: Constant<Bits<A>>,
    c_zero: Constant<Bits<32>>,
}

impl<const N: usize, const A: usize, const W: usize> RegBusSplit<N, A, W> {
    /// `windows[i]`: the window number of slave i.
    pub fn new(windows: [u32; N]) -> Self {
        assert!(
            W < A && A <= 32,
            "RegBusSplit<{N}, {A}, {W}>: windows of W < A <= 32 bits"
        );
        for (i, w) in windows.iter().enumerate() {
            assert!(
                (*w as u64) < 1u64 << (A - W),
                "window {w} outside {A} address bits"
            );
            assert!(!windows[..i].contains(w), "window {w} given twice");
        }
        let high = ((1u64 << A) - 1) & !((1u64 << W) - 1);
        Self {
            clock: Default::default(),
            reset: Default::default(),
            bus: Default::default(),
            port: std::array::from_fn(|_| Default::default()),
            hit: std::array::from_fn(|_| Default::default()),
            any_hit: Default::default(),
            miss: Default::default(),
            addr: Default::default(),
            wdata: Default::default(),
            write: Default::default(),
            read: Default::default(),
            c_base: std::array::from_fn(|i| Constant::new(((windows[i] as u64) << W).into())),
            c_high: Constant::new(high.into()),
            c_zero: Constant::new(0u64.into()),
        }
    }
}

impl<const N: usize, const A: usize, const W: usize> Logic for RegBusSplit<N, A, W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, miss, addr, wdata, write, read);
        self.addr.d.next = self.bus.addr.val();
        self.wdata.d.next = self.bus.wdata.val();
        self.write.d.next = self.bus.write.val();
        self.read.d.next = self.bus.read.val();
        self.any_hit.next = false;
        self.bus.ready.next = self.miss.q.val();
        self.bus.err.next = self.miss.q.val();
        self.bus.rdata.next = self.c_zero.val();
        for i in 0..N {
            self.hit[i].next = (self.addr.q.val() & self.c_high.val()) == self.c_base[i].val();
            self.port[i].addr.next = self.addr.q.val().get_bits::<W>(0);
            self.port[i].wdata.next = self.wdata.q.val();
            self.port[i].write.next = self.write.q.val() && self.hit[i].val();
            self.port[i].read.next = self.read.q.val() && self.hit[i].val();
            if self.hit[i].val() {
                self.any_hit.next = true;
            }
            if self.port[i].ready.val() {
                self.bus.ready.next = true;
                self.bus.rdata.next = self.port[i].rdata.val();
                self.bus.err.next = self.port[i].err.val();
            }
        }
        self.miss.d.next = (self.write.q.val() || self.read.q.val()) && !self.any_hit.val();
        if self.reset.val() {
            self.miss.d.next = false;
            self.write.d.next = false;
            self.read.d.next = false;
        }
    }
}

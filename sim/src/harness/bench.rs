//! The fast native cycle harness: a single-threaded loop around rust-hdl's `simulate`, with any
//! number of clocks at given periods (not `simple_sim!`, which costs a thread hand-off per
//! event). When `testing::check` re-runs a failing test, every bench it creates streams a VCD
//! window of the last cycles (see `vcd`).

use crate::harness::clock::Clocks;
use crate::harness::vcd::VcdWindow;
use rust_hdl::prelude::*;

type ClockFn<T> = Box<dyn Fn(&mut T, bool)>;

pub struct Bench<T: Block> {
    pub uut: T,
    clocks: Clocks,
    /// How each clock is driven.
    set: Vec<ClockFn<T>>,
    pub time_ps: u64,
    /// Rising edges seen, per clock.
    pub edges: Vec<u64>,
    vcd: Option<VcdWindow>,
}

impl<T: Block> Drop for Bench<T> {
    fn drop(&mut self) {
        if let Some(v) = self.vcd.take() {
            let files = v.files();
            drop(v);
            crate::harness::testing::record_vcd_files(files);
        }
    }
}

impl<T: Block> Bench<T> {
    /// One clock (`set(uut, level)` drives it), 10 ns period.
    pub fn new(uut: T, set: impl Fn(&mut T, bool) + 'static) -> Self {
        Self::multi(uut, vec![(10_000, Box::new(set))])
    }

    /// Several clocks, each `(period_ps, setter)`. All start low; first rising edge at half a period.
    pub fn multi(mut uut: T, clocks: Vec<(u64, ClockFn<T>)>) -> Self {
        assert!(!clocks.is_empty());
        uut.connect_all();
        let periods: Vec<u64> = clocks.iter().map(|c| c.0).collect();
        let set: Vec<ClockFn<T>> = clocks.into_iter().map(|c| c.1).collect();
        let n = set.len();
        let vcd = crate::harness::testing::trace_request()
            .map(|(stem, window)| VcdWindow::new(&stem, window));
        let mut b = Self {
            uut,
            clocks: Clocks::new(&periods),
            set,
            time_ps: 0,
            edges: vec![0; n],
            vcd,
        };
        for s in &b.set {
            s(&mut b.uut, false);
        }
        b.settle();
        b
    }

    /// Propagate combinational changes (after driving inputs).
    pub fn settle(&mut self) {
        assert!(
            simulate(&mut self.uut, 10_000),
            "logic did not settle at {} ps",
            self.time_ps
        );
    }

    /// Advance to the next clock event. Returns a bit mask of the clocks that rose.
    pub fn step(&mut self) -> u64 {
        // inputs driven since the last event must settle before the edge, or flops would
        // sample them in the same delta as the clock (a race the Verilog does not have)
        self.settle();
        let e = self.clocks.advance();
        self.time_ps = e.time_ps;
        for (k, s) in self.set.iter().enumerate() {
            if e.toggled(k) {
                s(&mut self.uut, self.clocks.level(k));
            }
        }
        self.edges.clone_from(&self.clocks.edges);
        self.settle();
        if let Some(v) = &mut self.vcd {
            v.sample(&self.uut, e.time_ps);
        }
        e.rose
    }

    /// Run until clock `k` has risen once more and fallen again (a full cycle of clock `k`):
    /// inputs driven before the call are sampled at that rising edge; outputs read after it
    /// show the state after the edge.
    pub fn tick_clock(&mut self, k: usize) {
        while self.step() & (1 << k) == 0 {}
        while self.clocks.level(k) {
            self.step();
        }
    }

    /// A full cycle of clock 0.
    pub fn tick(&mut self) {
        self.tick_clock(0);
    }

    pub fn ticks(&mut self, n: u64) {
        for _ in 0..n {
            self.tick();
        }
    }
}

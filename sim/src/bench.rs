//! The fast native cycle harness: a single-threaded loop around rust-hdl's `simulate`, with any
//! number of clocks at given periods (not `simple_sim!`, which costs a thread hand-off per
//! event). When `testing::check` re-runs a failing test, every bench it creates streams a VCD
//! window of the last cycles (see `vcd`).

use crate::vcd::VcdWindow;
use rust_hdl::prelude::*;

type ClockFn<T> = Box<dyn Fn(&mut T, bool)>;

struct ClockState<T> {
    set: ClockFn<T>,
    half_ps: u64,
    next_ps: u64,
    level: bool,
}

pub struct Bench<T: Block> {
    pub uut: T,
    clocks: Vec<ClockState<T>>,
    pub time_ps: u64,
    /// Rising edges seen, per clock.
    pub edges: Vec<u64>,
    vcd: Option<VcdWindow>,
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
        let clocks: Vec<ClockState<T>> = clocks
            .into_iter()
            .map(|(p, set)| {
                assert!(p >= 2 && p % 2 == 0, "clock period {p} ps must be even");
                ClockState {
                    set,
                    half_ps: p / 2,
                    next_ps: p / 2,
                    level: false,
                }
            })
            .collect();
        let n = clocks.len();
        let vcd =
            crate::testing::trace_request().map(|(stem, window)| VcdWindow::new(&stem, window));
        let mut b = Self {
            uut,
            clocks,
            time_ps: 0,
            edges: vec![0; n],
            vcd,
        };
        for c in &b.clocks {
            (c.set)(&mut b.uut, false);
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
        let t = self.clocks.iter().map(|c| c.next_ps).min().unwrap();
        self.time_ps = t;
        let mut rose = 0;
        for (k, c) in self.clocks.iter_mut().enumerate() {
            if c.next_ps == t {
                c.level = !c.level;
                c.next_ps += c.half_ps;
                (c.set)(&mut self.uut, c.level);
                if c.level {
                    rose |= 1 << k;
                    self.edges[k] += 1;
                }
            }
        }
        self.settle();
        if let Some(v) = &mut self.vcd {
            v.sample(&self.uut, t);
        }
        rose
    }

    /// Run until clock `k` has risen once more and fallen again (a full cycle of clock `k`):
    /// inputs driven before the call are sampled at that rising edge; outputs read after it
    /// show the state after the edge.
    pub fn tick_clock(&mut self, k: usize) {
        while self.step() & (1 << k) == 0 {}
        while self.clocks[k].level {
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

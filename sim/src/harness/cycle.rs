//! One design on one clock, driven by cycle models: before each rising edge every model samples
//! the design's outputs (the handshakes of that edge) and checks its interface's rules; after
//! the falling edge every model drives the inputs of the next cycle. The bus and memory models
//! of `system` implement `CycleModel`.

use crate::harness::backend::Dut;
use crate::harness::clock::Clocks;

/// A model attached to ports of a design.
pub trait CycleModel {
    /// The edge's handshakes, and the rules of the other side; `Err` names the rule broken.
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String>;
    /// Inputs for the next cycle.
    fn after_edge(&mut self, d: &mut dyn Dut);
}

pub struct OneClock {
    pub d: Box<dyn Dut>,
    clk: Clocks,
    clock: usize,
    /// Rising edges so far.
    pub cycles: u64,
}

impl OneClock {
    /// `clock`: the index of the design's clock port.
    pub fn new(d: Box<dyn Dut>, clock: usize, period_ps: u64) -> Self {
        Self {
            d,
            clk: Clocks::new(&[period_ps]),
            clock,
            cycles: 0,
        }
    }

    /// One full clock cycle with the models; panics with the cycle and the rule a model saw broken.
    pub fn cycle(&mut self, models: &mut [&mut dyn CycleModel]) {
        for m in models.iter_mut() {
            if let Err(e) = m.before_edge(self.d.as_mut()) {
                panic!("cycle {}: {e}", self.cycles);
            }
        }
        for level in [1, 0] {
            self.clk.advance();
            self.d.set(self.clock, level);
            self.d.settle();
        }
        for m in models.iter_mut() {
            m.after_edge(self.d.as_mut());
        }
        self.cycles += 1;
    }
}

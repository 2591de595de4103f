//! Differential check: a top's native rust-hdl model and the Verilator model of its emitted
//! Verilog run in lock-step on the same random stimulus; every output is compared after every
//! clock edge and after every input change. The first difference is reported with the cycle,
//! the signal, both values and the seed. This is the net for rust-hdl's Rust-vs-Verilog
//! disagreements (untyped literals, dropped match guards, ...).

use crate::harness::clock::Clocks;
use crate::harness::rng::{width_mask, Rng};
use crate::harness::verilator::Model;
use nicgen_hdl::top::{DynTop, PortDir, PortInfo};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub top: String,
    pub cycle: u64,
    pub time_ps: u64,
    pub signal: String,
    pub native: u128,
    pub verilator: u128,
    pub seed: u64,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: native and Verilator differ at cycle {} ({} ps) on `{}`: native {:#x}, verilator {:#x} (seed {:#x}, replay with NICGEN_SEED={:#x})",
            self.top, self.cycle, self.time_ps, self.signal, self.native, self.verilator, self.seed, self.seed
        )
    }
}

/// How inputs are driven. The default: reset-like inputs (`*reset*`, `arst`) pulse high for a
/// few cycles with probability `reset_rate` per cycle; every other input takes uniform random
/// bits. `drive` overrides inputs by name, to shape traffic (e.g. loop a link's PHY output back
/// into its input, keep a stream valid most of the time, make register writes rare).
pub struct Stimulus {
    pub reset_rate: f64,
    pub drive: Vec<(&'static str, Drive)>,
    /// Exact values at exact cycles `(cycle, input, value)`, over `drive` (e.g. a register
    /// write that brings a link online).
    pub script: Vec<(u64, &'static str, u128)>,
}

/// How one input is driven, per cycle of the first clock.
#[derive(Clone, Copy, Debug)]
pub enum Drive {
    /// Uniform random bits.
    Random,
    /// 1 with this probability, else 0.
    Chance(f64),
    /// The value of the named output (sampled when inputs change, both models agreeing).
    Loop(&'static str),
    /// A value drawn by this function (stimulus shaped for a block's corners: valid code words
    /// with one bit flipped, boundary values, ...).
    With(fn(&mut Rng) -> u128),
}

impl Default for Stimulus {
    fn default() -> Self {
        Self {
            reset_rate: 1.0 / 500.0,
            drive: Vec::new(),
            script: Vec::new(),
        }
    }
}

/// What a lock-step run saw: per output, in port order, the number of input-change instants at
/// which it was non-zero (so a test can assert that traffic did flow).
#[derive(Debug, Clone, Default)]
pub struct Activity {
    pub nonzero: Vec<(String, u64)>,
}

impl Activity {
    pub fn of(&self, name: &str) -> u64 {
        self.nonzero
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| *c)
            .unwrap_or_else(|| panic!("no output `{name}`"))
    }
}

/// The indices of the ports that `pred` selects, in port order.
pub fn port_indices(ports: &[PortInfo], pred: impl Fn(&PortInfo) -> bool) -> Vec<usize> {
    ports
        .iter()
        .enumerate()
        .filter(|(_, p)| pred(p))
        .map(|(i, _)| i)
        .collect()
}

/// An input that is not a clock (what a stimulus drives).
pub fn is_data_input(p: &PortInfo) -> bool {
    p.dir == PortDir::In && !p.clock
}

/// One period per clock port of `top` for a lock-step or recorded run (none for a
/// combinational top, which steps on a virtual clock): the first clock 10 ns,
/// each further one 3 ns longer, so the clocks drift against each other (1 : 1.3, ...).
pub fn drifting_periods(top: &dyn DynTop) -> Vec<u64> {
    let n = top.ports().iter().filter(|p| p.clock).count() as u64;
    (0..n).map(|k| 10_000 + 3_000 * k).collect()
}

/// Inputs the stimulus treats as resets (pulsed rarely, not randomized).
pub fn is_reset(p: &PortInfo) -> bool {
    p.name.contains("reset") || p.name == "arst"
}

/// The second model of a run: it sees every input the native model sees, and is checked after
/// every clock edge and every input change (the Verilator model) or records what the native
/// model did (for a replay in another simulator).
trait Mirror {
    fn set(&mut self, i: usize, v: u128);
    fn settle(&mut self);
    fn check(&mut self, native: &dyn DynTop, cycle: u64, time_ps: u64) -> Result<(), Mismatch>;
}

struct VerilatorMirror {
    vl: Model,
    outputs: Vec<usize>,
    ports: Vec<PortInfo>,
    name: String,
    seed: u64,
    trace_from: u64,
    /// The time last dumped: the checks after an edge and after an input change at the same
    /// time dump once (Verilator's VCD takes one dump per time and warns on a second).
    dumped: Option<u64>,
}

impl Mirror for VerilatorMirror {
    fn set(&mut self, i: usize, v: u128) {
        self.vl.set(i, v);
    }
    fn settle(&mut self) {
        self.vl.eval();
    }
    /// Every output compared; on a mismatch note the cycle (for a traced replay) and flush.
    fn check(&mut self, native: &dyn DynTop, cycle: u64, time: u64) -> Result<(), Mismatch> {
        if cycle >= self.trace_from && self.dumped.is_none_or(|t| time > t) {
            self.vl.dump(time);
            self.dumped = Some(time);
        }
        for &o in &self.outputs {
            let (a, b) = (native.get_wide(o), self.vl.get_wide(o));
            if let Some(c) = (0..a.len()).find(|&c| a[c] != b[c]) {
                crate::harness::testing::note_end_cycle(cycle);
                self.vl.flush_trace();
                let p = &self.ports[o];
                return Err(Mismatch {
                    top: self.name.clone(),
                    cycle,
                    time_ps: time,
                    // a port wider than 128 bits: the first chunk that differs
                    signal: if a.len() == 1 {
                        p.name.clone()
                    } else {
                        format!(
                            "{}[{}:{}]",
                            p.name,
                            (128 * c + 127).min(p.width - 1),
                            128 * c
                        )
                    },
                    native: a[c],
                    verilator: b[c],
                    seed: self.seed,
                });
            }
        }
        Ok(())
    }
}

/// A native run as a list of steps: the value of every port (inputs as driven, outputs as the
/// native model answered) at every point the lock-step check compares, in port order, 128 bits
/// per entry: port i's chunks (least significant first) start at entry `at[i]`.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    pub ports: Vec<PortInfo>,
    pub at: Vec<usize>,
    pub steps: Vec<Vec<u128>>,
    /// Cycles of the first clock the recording covers.
    pub cycles: u64,
}

impl Recording {
    /// Port i's value at a step: its chunks with their widths, least significant first.
    pub fn value(&self, step: &[u128], i: usize) -> Vec<(u128, usize)> {
        let w = self.ports[i].width;
        (0..w.div_ceil(128))
            .map(|c| (step[self.at[i] + c], (w - 128 * c).min(128)))
            .collect()
    }
}

/// Where each port's chunks start in a step (`Recording::at`), and the entries of a step.
fn chunk_offsets(ports: &[PortInfo]) -> (Vec<usize>, usize) {
    let mut at = vec![];
    let mut n = 0;
    for p in ports {
        at.push(n);
        n += p.width.div_ceil(128);
    }
    (at, n)
}

struct Recorder {
    now: Vec<u128>,
    at: Vec<usize>,
    outputs: Vec<usize>,
    steps: Vec<Vec<u128>>,
}

impl Mirror for Recorder {
    fn set(&mut self, i: usize, v: u128) {
        self.now[self.at[i]] = v;
    }
    fn settle(&mut self) {}
    fn check(&mut self, native: &dyn DynTop, _: u64, _: u64) -> Result<(), Mismatch> {
        for &o in &self.outputs {
            for (c, v) in native.get_wide(o).into_iter().enumerate() {
                self.now[self.at[o] + c] = v;
            }
        }
        self.steps.push(self.now.clone());
        Ok(())
    }
}

/// Run `cycles` cycles of the first clock; clocks have the given periods (ps, even), in port order.
pub fn lockstep(
    native: Box<dyn DynTop>,
    periods_ps: &[u64],
    cycles: u64,
    rng: &mut Rng,
    stim: &Stimulus,
) -> Result<Activity, Mismatch> {
    let ports = native.ports();
    let trace = crate::harness::testing::cosim_trace(1);
    let vl = Model::with_vcd(
        native.name(),
        &native.verilog(),
        ports.clone(),
        trace.as_ref().map(|(paths, _)| paths[0].as_path()),
    )
    .unwrap_or_else(|e| panic!("{e:#}"));
    let mut m = VerilatorMirror {
        vl,
        outputs: port_indices(&ports, |p| p.dir == PortDir::Out),
        name: native.name().to_string(),
        ports,
        seed: rng.seed,
        trace_from: trace.map(|t| t.1).unwrap_or(u64::MAX),
        dumped: None,
    };
    run(native, &mut m, periods_ps, cycles, rng, stim)
}

/// The same run as `lockstep`, the native model alone, recorded step by step.
pub fn record(
    native: Box<dyn DynTop>,
    periods_ps: &[u64],
    cycles: u64,
    rng: &mut Rng,
    stim: &Stimulus,
) -> Recording {
    let ports = native.ports();
    let (at, entries) = chunk_offsets(&ports);
    let mut r = Recorder {
        now: vec![0; entries],
        at: at.clone(),
        outputs: port_indices(&ports, |p| p.dir == PortDir::Out),
        steps: vec![],
    };
    run(native, &mut r, periods_ps, cycles, rng, stim).expect("a recording has nothing to compare");
    Recording {
        ports,
        at,
        steps: r.steps,
        cycles,
    }
}

fn run(
    mut native: Box<dyn DynTop>,
    vl: &mut dyn Mirror,
    periods_ps: &[u64],
    cycles: u64,
    rng: &mut Rng,
    stim: &Stimulus,
) -> Result<Activity, Mismatch> {
    let ports = native.ports();
    let name = native.name().to_string();
    let clocks = port_indices(&ports, |p| p.clock);
    assert_eq!(
        clocks.len(),
        periods_ps.len(),
        "{name}: {} clocks, {} periods given",
        clocks.len(),
        periods_ps.len()
    );
    // drawn in the order of their names: a seed gives the same stimulus whatever the order in
    // which the block declares its ports
    let mut inputs = port_indices(&ports, is_data_input);
    inputs.sort_by(|&a, &b| ports[a].name.cmp(&ports[b].name));
    let outputs = port_indices(&ports, |p| p.dir == PortDir::Out);
    let find = |n: &str| {
        ports
            .iter()
            .position(|p| p.name == n)
            .unwrap_or_else(|| panic!("{}: no port `{n}`", native.name()))
    };
    let mut drive = vec![Drive::Random; ports.len()];
    let mut loop_src = vec![usize::MAX; ports.len()];
    for &(n, d) in &stim.drive {
        let i = find(n);
        assert!(
            ports[i].dir == PortDir::In && !ports[i].clock,
            "{}: `{n}` is not a data input",
            native.name()
        );
        if let Drive::Loop(o) = d {
            let o = find(o);
            assert!(
                ports[o].dir == PortDir::Out && ports[o].width == ports[i].width,
                "{}: cannot loop `{}` into `{n}`",
                native.name(),
                ports[o].name
            );
            loop_src[i] = o;
        }
        drive[i] = d;
    }
    let script: Vec<(u64, usize, u128)> = stim
        .script
        .iter()
        .map(|&(c, n, v)| (c, find(n), v))
        .collect();
    let mut activity = Activity {
        nonzero: outputs
            .iter()
            .map(|&o| (ports[o].name.clone(), 0))
            .collect(),
    };
    // a combinational top (no clock port) steps on a virtual 10 ns clock
    let mut clk = Clocks::new(if clocks.is_empty() {
        &[10_000]
    } else {
        periods_ps
    });
    let mut reset_left = vec![0u32; ports.len()];
    let mut cycle = 0u64;

    // drive initial state: clocks low, inputs 0 (resets high, so both start from reset)
    for &c in &clocks {
        native.set(c, 0);
        vl.set(c, 0);
    }
    for &i in &inputs {
        let v = if is_reset(&ports[i]) { 1 } else { 0 };
        reset_left[i] = 4;
        native.set(i, v);
        vl.set(i, v);
    }
    native.settle();
    vl.settle();
    vl.check(native.as_ref(), 0, 0)?;

    while cycle < cycles {
        let e = clk.advance();
        let time = e.time_ps;
        for (k, &c) in clocks.iter().enumerate() {
            if e.toggled(k) {
                native.set(c, clk.level(k) as u128);
                vl.set(c, clk.level(k) as u128);
            }
        }
        let fell0 = e.fell(0);
        if fell0 {
            cycle += 1;
        }
        native.settle();
        vl.settle();
        vl.check(native.as_ref(), cycle, time)?;
        if fell0 {
            for (k, &o) in outputs.iter().enumerate() {
                activity.nonzero[k].1 += native.get_wide(o).iter().any(|&c| c != 0) as u64;
            }
            for &i in &inputs {
                let p = &ports[i];
                let v = if is_reset(p) {
                    if reset_left[i] > 0 {
                        reset_left[i] -= 1;
                        1
                    } else if rng.chance(stim.reset_rate) {
                        reset_left[i] = 2 + rng.below(6) as u32;
                        1
                    } else {
                        0
                    }
                } else {
                    match drive[i] {
                        Drive::Random => rng.bits(p.width),
                        Drive::Chance(q) => rng.chance(q) as u128,
                        Drive::Loop(_) => native.get(loop_src[i]),
                        Drive::With(f) => f(rng) & width_mask(p.width),
                    }
                };
                native.set(i, v);
                vl.set(i, v);
            }
            for &(_, i, v) in script.iter().filter(|s| s.0 == cycle) {
                native.set(i, v);
                vl.set(i, v);
            }
            native.settle();
            vl.settle();
            vl.check(native.as_ref(), cycle, time)?;
        }
    }
    crate::harness::testing::note_end_cycle(cycle);
    Ok(activity)
}

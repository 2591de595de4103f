//! The backend trait: a design under test behind indexed port access, as the native rust-hdl
//! model (`Box<dyn DynTop>`) or a Verilator model of its emitted Verilog (`verilator::Model`).
//! Port indices are those of the top's `ports()` list (checked against the Verilog module
//! header by a test), so one harness drives either.

use crate::harness::verilator::Model;
use nicgen_hdl::top::DynTop;

pub trait Dut {
    fn set(&mut self, i: usize, v: u128);
    /// The low 128 bits of port `i`.
    fn get(&self, i: usize) -> u128;
    /// Port `i` whole, 128 bits per chunk, least significant first.
    fn get_wide(&self, i: usize) -> Vec<u128>;
    fn settle(&mut self);
    /// Settle inputs driven since the last event before a clock edge. The native simulator
    /// needs it (otherwise flops sample those inputs in the same delta as the clock, a race the
    /// Verilog does not have); a Verilated model does not: one `eval` with new inputs and a
    /// rising clock settles the input logic first and then clocks the flops with it, which is
    /// the same thing, so the Verilator backend skips this evaluation.
    fn settle_before_edge(&mut self) {
        self.settle()
    }
    /// Start a VCD (backends that can; the native model cannot).
    fn trace(&mut self, _path: &std::path::Path) {}
    fn dump(&mut self, _time_ps: u64) {}
    fn flush_trace(&mut self) {}
    /// `on`: evaluate on the offload thread from now on (`harness::offload`; a Verilated model);
    /// off: in the caller's thread again. The results are the same, only sooner for a network
    /// of large models.
    fn offload(&mut self, _on: bool) {}
}

impl Dut for Box<dyn DynTop> {
    fn set(&mut self, i: usize, v: u128) {
        DynTop::set(self.as_mut(), i, v)
    }
    fn get(&self, i: usize) -> u128 {
        DynTop::get(self.as_ref(), i)
    }
    fn get_wide(&self, i: usize) -> Vec<u128> {
        DynTop::get_wide(self.as_ref(), i)
    }
    fn settle(&mut self) {
        DynTop::settle(self.as_mut())
    }
}

impl Dut for Model {
    fn set(&mut self, i: usize, v: u128) {
        Model::set(self, i, v)
    }
    fn get(&self, i: usize) -> u128 {
        Model::get(self, i)
    }
    fn get_wide(&self, i: usize) -> Vec<u128> {
        Model::get_wide(self, i)
    }
    fn settle(&mut self) {
        self.eval()
    }
    fn settle_before_edge(&mut self) {}
    fn trace(&mut self, path: &std::path::Path) {
        Model::trace(self, path)
    }
    fn dump(&mut self, time_ps: u64) {
        Model::dump(self, time_ps)
    }
    fn flush_trace(&mut self) {
        Model::flush_trace(self)
    }
    fn offload(&mut self, on: bool) {
        Model::offload(self, on)
    }
}

/// Which model of a registered top to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Native,
    Verilator,
}

/// Tops beyond `nicgen_hdl::tops::tops()`, registered by the crates that define them (the
/// boards: `nicgen_bsp::tops::boards`), so that the harness builds them by name too.
static MORE_TOPS: std::sync::Mutex<Vec<fn() -> Vec<nicgen_hdl::TopEntry>>> =
    std::sync::Mutex::new(Vec::new());

/// Make the tops of `tops` known by name (once; again is harmless).
pub fn register(tops: fn() -> Vec<nicgen_hdl::TopEntry>) {
    let mut m = MORE_TOPS.lock().unwrap_or_else(|e| e.into_inner());
    if !m.iter().any(|f| *f as usize == tops as usize) {
        m.push(tops);
    }
}

/// The registered top `name`.
pub fn top(name: &str) -> Box<dyn DynTop> {
    let more = MORE_TOPS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    (nicgen_hdl::tops::tops()
        .into_iter()
        .chain(more.iter().flat_map(|f| f()))
        .find(|t| t.name == name)
        .unwrap_or_else(|| {
            panic!(
                "{name}: not a top of nicgen_hdl::tops, nor of a crate given to backend::register"
            )
        })
        .build)()
}

/// The emitted Verilog and the port list of the registered top `name`, made once per process
/// (rust-hdl takes seconds to emit a large top, and every test of a test binary that builds a
/// Verilator model of it would otherwise pay them again).
pub fn emitted(name: &str) -> std::sync::Arc<(String, Vec<nicgen_hdl::PortInfo>)> {
    type Slot =
        std::sync::Arc<std::sync::OnceLock<std::sync::Arc<(String, Vec<nicgen_hdl::PortInfo>)>>>;
    static CACHE: std::sync::Mutex<Vec<(String, Slot)>> = std::sync::Mutex::new(Vec::new());
    let slot = {
        let mut c = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        match c.iter().find(|(n, _)| n == name) {
            Some((_, s)) => s.clone(),
            None => {
                let s = Slot::default();
                c.push((name.to_string(), s.clone()));
                s
            }
        }
    };
    // outside the lock: two different tops are emitted side by side
    slot.get_or_init(|| {
        let t = top(name);
        std::sync::Arc::new((t.verilog(), t.ports()))
    })
    .clone()
}

/// The Verilator models of the registered top `name` built with profile-guided optimization
/// from now on, in this process, trained by `train` the first time (see
/// [`crate::harness::verilator::profile_guided`]); `NICGEN_PGO=0`: as without. `make bench`
/// measures the torus of `ftnw_node` this way.
pub fn profile_guided(name: &str, train: impl FnOnce()) {
    if std::env::var("NICGEN_PGO").is_ok_and(|v| v == "0") {
        return;
    }
    let e = emitted(name);
    crate::harness::verilator::profile_guided(name, &e.0, &e.1, train)
        .unwrap_or_else(|e| panic!("{e:#}"));
}

/// Instances of one top on one backend.
pub struct Instances {
    pub duts: Vec<Box<dyn Dut>>,
    /// The port list they share (indices for `Dut::set` / `get`).
    pub ports: Vec<nicgen_hdl::PortInfo>,
    /// When `testing::check` replays a failure: dump the Verilator VCDs from this cycle on.
    pub trace_from: u64,
}

/// `n` instances of the registered top `name` on `backend`. Verilator instances share one
/// compiled model; when `testing::check` replays a failure each gets its VCD.
pub fn instances(name: &str, backend: Backend, n: usize) -> Instances {
    let mut trace_from = u64::MAX;
    let (duts, ports): (Vec<Box<dyn Dut>>, _) = match backend {
        Backend::Native => {
            let ports = top(name).ports();
            let duts = (0..n)
                .map(|_| Box::new(top(name)) as Box<dyn Dut>)
                .collect();
            (duts, ports)
        }
        Backend::Verilator => {
            let e = emitted(name);
            let (v, ports) = (&e.0, &e.1);
            let trace = crate::harness::testing::cosim_trace(n);
            if let Some((_, from)) = &trace {
                trace_from = *from;
            }
            let duts = (0..n)
                .map(|k| {
                    let vcd = trace.as_ref().map(|(paths, _)| paths[k].as_path());
                    let m = Model::with_vcd(name, v, ports.clone(), vcd)
                        .unwrap_or_else(|e| panic!("{e:#}"));
                    Box::new(m) as Box<dyn Dut>
                })
                .collect();
            (duts, ports.clone())
        }
    };
    Instances {
        duts,
        ports,
        trace_from,
    }
}

/// One design on several clocks (`ports[k]` is driven by clock k of `clk`): one clock event at
/// a time, inputs settled before each edge.
pub struct ClockedDut {
    pub d: Box<dyn Dut>,
    pub clk: crate::harness::clock::Clocks,
    clock_ports: Vec<usize>,
}

impl ClockedDut {
    /// `d` with clock k of period `periods_ps[k]` on port `clock_ports[k]`.
    pub fn new(d: Box<dyn Dut>, periods_ps: &[u64], clock_ports: &[usize]) -> Self {
        assert_eq!(periods_ps.len(), clock_ports.len());
        Self {
            d,
            clk: crate::harness::clock::Clocks::new(periods_ps),
            clock_ports: clock_ports.to_vec(),
        }
    }
    pub fn get(&self, i: usize) -> u128 {
        self.d.get(i)
    }
    pub fn set(&mut self, i: usize, v: u128) {
        self.d.set(i, v)
    }
    /// The next clock event; the mask of the clocks that rose (bit k for clock k).
    pub fn step(&mut self) -> u64 {
        self.d.settle_before_edge();
        let e = self.clk.advance();
        for (k, &p) in self.clock_ports.iter().enumerate() {
            if e.toggled(k) {
                self.d.set(p, self.clk.level(k) as u128);
            }
        }
        self.d.settle();
        e.rose
    }
    /// Step until every clock has risen `n` more times.
    pub fn run_each(&mut self, n: u32) {
        let mut rises = vec![0u32; self.clock_ports.len()];
        while rises.iter().any(|&r| r < n) {
            let r = self.step();
            for (k, c) in rises.iter_mut().enumerate() {
                *c += (r >> k & 1) as u32;
            }
        }
    }
}

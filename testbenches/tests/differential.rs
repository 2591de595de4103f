//! Every registered top, native vs Verilator in lock-step for 10^4 cycles of random stimulus,
//! and the known-hazard fixture, which must be caught.

use nicgen_hdl::common::fixtures::UntypedLiteralHazard;
use nicgen_hdl::dyn_top;
use nicgen_sim::diff::{lockstep, Stimulus};
use nicgen_sim::rng::Rng;
use nicgen_sim::verilator;

const CYCLES: u64 = 10_000;

/// Second and further clocks run at a ratio that drifts against the first (1 : 1.3, ...).
fn periods(n: usize) -> Vec<u64> {
    (0..n).map(|k| 10_000 + 3_000 * k as u64).collect()
}

#[test]
fn every_top_matches_its_verilog() {
    if !verilator::require("every_top_matches_its_verilog") {
        return;
    }
    for t in nicgen_hdl::tops::tops() {
        let top = (t.build)();
        let nclk = top.ports().iter().filter(|p| p.clock).count();
        let mut rng = Rng::new(Rng::seed_from_env(0xD1FF_0000 ^ t.name.len() as u64));
        let start = std::time::Instant::now();
        if let Err(m) = lockstep(top, &periods(nclk), CYCLES, &mut rng, &Stimulus::default()) {
            panic!("{m}");
        }
        eprintln!("lockstep {:<16} {} cycles equal ({:.1}s)", t.name, CYCLES, start.elapsed().as_secs_f64());
    }
}

dyn_top!(HazardTop, UntypedLiteralHazard, clocks: [clock], inputs: [a, b], outputs: [gt]);

#[test]
fn differential_check_catches_the_untyped_literal_hazard() {
    if !verilator::require("differential_check_catches_the_untyped_literal_hazard") {
        return;
    }
    let top = Box::new(HazardTop::new("hazard", UntypedLiteralHazard::default()));
    let mut rng = Rng::new(Rng::seed_from_env(0xBAD));
    let m = lockstep(top, &[10_000], CYCLES, &mut rng, &Stimulus::default()).expect_err("the hazard must be caught");
    eprintln!("caught as expected: {m}");
    assert_eq!(m.signal, "gt");
    // the only disagreement is a = 255, where Rust wraps (a + 1 = 0) and Verilog does not
    assert_eq!((m.native, m.verilator), (0, 1));
}

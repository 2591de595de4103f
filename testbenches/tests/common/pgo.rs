//! Profile-guided optimization of a Verilated model (`harness::verilator::profile_guided`,
//! which `make bench` uses for the torus of `ftnw_node`): the optimized model computes exactly
//! what the plain one does, and the profile it was built from is on disk.

use nicgen_hdl::top::PortDir;
use nicgen_sim::harness::backend::emitted;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::verilator::{self, Model};

/// Every output of `crc16`'s model after each of `cycles` cycles of random inputs (reset in
/// the first two).
fn outputs(seed: u64, cycles: usize) -> Vec<u128> {
    let e = emitted("crc16");
    let mut m = Model::new("crc16", &e.0, e.1.clone()).unwrap_or_else(|e| panic!("{e:#}"));
    let mut rng = Rng::new(seed);
    let clock = m.port("clock");
    let reset = m.port("reset");
    let (ins, outs): (Vec<_>, Vec<_>) = (0..e.1.len())
        .filter(|&i| i != clock && i != reset)
        .partition(|&i| e.1[i].dir == PortDir::In);
    let mut seen = vec![];
    for c in 0..cycles {
        m.set(reset, (c < 2) as u128);
        for &i in &ins {
            let w = e.1[i].width;
            m.set(i, rng.next_u64() as u128 & ((1u128 << w) - 1));
        }
        m.set(clock, 0);
        m.eval();
        m.set(clock, 1);
        m.eval();
        seen.extend(outs.iter().map(|&i| m.get(i)));
    }
    seen
}

#[test]
fn a_profile_guided_model_computes_what_the_plain_one_does() {
    if !verilator::require("profile-guided crc16 in Verilator") {
        return;
    }
    let seed = 0x9607;
    let plain = outputs(seed, 3000);
    let e = emitted("crc16");
    // the training (the first time for this Verilog) runs other inputs than those compared
    verilator::profile_guided("crc16", &e.0, &e.1, || {
        outputs(seed + 1, 2000);
    })
    .unwrap_or_else(|e| panic!("{e:#}"));
    let dir = verilator::profile_of("crc16").expect("crc16 is built with a profile now");
    let files = verilator::profile_files(&dir).unwrap();
    assert!(!files.is_empty(), "no profile in {}", dir.display());
    let optimized = outputs(seed, 3000);
    assert_eq!(plain.len(), optimized.len());
    if let Some(c) = (0..plain.len()).find(|&i| plain[i] != optimized[i]) {
        panic!(
            "seed {seed:#x}: output {c} differs: {:#x} plain, {:#x} profile-guided",
            plain[c], optimized[c]
        );
    }
}

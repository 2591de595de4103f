//! `ppe_queues` (native and Verilated) in lock-step with `nicgen_sim::ppe::queues`: every cycle
//! a random host operation (a read of NQR or AQR, an NBQR write, sometimes of 0, a clear of
//! int_lo or int_hi) and random PPE pushes and takes, in phases that fill the queues to 256 and
//! drain them; every pushed and popped value, every stall, every 0 read from an empty queue,
//! every dropped NBQR write and, after every cycle, int_lo, int_hi, nbqr_empty, nbqr_full and
//! the interrupt level are compared with the model.

use super::dut::Dut;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::queues::{Cycle, Queues};
use std::collections::BTreeMap;

fn run(backend: Backend, rng: &mut Rng, cycles: usize) {
    let mut d = Dut::new("ppe_queues", backend);
    let mut m = Queues::default();
    let mut next = 1u32;
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    // per phase: host pop, host NBQR write, PPE push, PPE take (fill, drain, mixed)
    let phases = [
        (0.02, 0.5, 0.9, 0.02),
        (0.9, 0.02, 0.05, 0.9),
        (0.3, 0.3, 0.3, 0.3),
    ];
    for at in 0..cycles {
        let (pop_rate, nb_rate, push_rate, take_rate) = phases[(at / 1200) % phases.len()];
        let mut c = Cycle::default();
        // one host access a cycle at most
        if rng.chance(pop_rate) {
            if rng.chance(0.5) {
                c.host_pop_nqr = true
            } else {
                c.host_pop_aqr = true
            }
        } else if rng.chance(nb_rate) {
            c.host_push_nbqr = Some(if rng.chance(0.05) { 0 } else { next });
            next += 1;
        } else if rng.chance(0.1) {
            if rng.chance(0.5) {
                c.clear_lo = true
            } else {
                c.clear_hi = true
            }
        }
        if rng.chance(push_rate) {
            c.push_nqr = Some(next);
            next += 1;
        }
        if rng.chance(push_rate) {
            c.push_aqr = Some(next);
            next += 1;
        }
        c.take_nbqr = rng.chance(take_rate);
        // the PPE's side of the handshakes before the edge
        let want_nq = m.nqr.len() < 256;
        let want_aq = m.aqr.len() < 256;
        assert_eq!(d.get("nq_ready") != 0, want_nq, "cycle {at}: nq_ready");
        assert_eq!(d.get("aq_ready") != 0, want_aq, "cycle {at}: aq_ready");
        let set = [
            ("h_pop_nqr", c.host_pop_nqr as u64),
            ("h_pop_aqr", c.host_pop_aqr as u64),
            ("h_push_nbqr", c.host_push_nbqr.is_some() as u64),
            ("h_wdata", c.host_push_nbqr.unwrap_or(0) as u64),
            ("h_clear_lo", c.clear_lo as u64),
            ("h_clear_hi", c.clear_hi as u64),
            ("nq_valid", c.push_nqr.is_some() as u64),
            ("nq_data", c.push_nqr.unwrap_or(0) as u64),
            ("aq_valid", c.push_aqr.is_some() as u64),
            ("aq_data", c.push_aqr.unwrap_or(0) as u64),
            ("nb_take", c.take_nbqr as u64),
        ];
        for (n, v) in set {
            d.set(n, v);
        }
        let nb = (d.get("nb_valid") != 0).then(|| d.get("nb_data") as u32);
        let r = m.cycle(&c);
        if c.take_nbqr {
            assert_eq!(nb, r.nbqr_taken, "cycle {at}: NBQR's head");
        }
        d.cycle();
        if let Some(v) = r.popped {
            assert_eq!(d.get("h_rdata") as u32, v, "cycle {at}: host read");
            *seen
                .entry(if v == 0 { "read 0" } else { "read" })
                .or_default() += 1;
        }
        let bits = |d: &mut Dut| {
            ["int_lo", "int_hi", "nbqr_empty", "nbqr_full", "irq"].map(|n| d.get(n) != 0)
        };
        let want = [m.int_lo, m.int_hi, m.nbqr_empty(), m.nbqr_full(), m.irq()];
        assert_eq!(
            bits(&mut d),
            want,
            "cycle {at}: int_lo, int_hi, nbqr_empty, nbqr_full, irq"
        );
        for (k, hit) in [
            ("NQR full", m.nqr.len() == 256),
            ("AQR full", m.aqr.len() == 256),
            ("NBQR full", m.nbqr_full()),
            ("NBQR pending", m.nb_pend),
            ("int_lo", m.int_lo),
            ("int_hi", m.int_hi),
            (
                "push stalled",
                (c.push_nqr.is_some() && !want_nq) || (c.push_aqr.is_some() && !want_aq),
            ),
            (
                "NBQR write dropped",
                c.host_push_nbqr.is_some_and(|v| v == 0 || m.nbqr_full()),
            ),
        ] {
            if hit {
                *seen.entry(k).or_default() += 1;
            }
        }
    }
    eprintln!("  {cycles} cycles: {seen:?}");
    assert_eq!(seen.len(), 10, "coverage {seen:?}");
}

// verifies: PPE-R039 PPE-R040 PPE-R041 PPE-R042 PPE-R043 PPE-R044 PPE-R045 PPE-R048
// verifies: PPE-R049 PPE-R050 PPE-R051 PPE-R052 PPE-R053 PPE-R063 PPE-R028 PPE-R029
#[test]
fn queues_match_the_model_verilator() {
    if !verilator::require("ppe_queues in Verilator") {
        return;
    }
    check("ppe_queues_verilator", 0x99E6, |rng| {
        run(Backend::Verilator, rng, 60_000)
    });
}

#[test]
fn queues_match_the_model_native() {
    check("ppe_queues_native", 0x99E7, |rng| {
        run(Backend::Native, rng, 5000)
    });
}

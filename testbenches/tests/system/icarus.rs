//! Every top in Icarus Verilog (cocotb's default simulator), unmodified: the native model's run
//! on the lock-step stimulus is recorded and replayed to the emitted Verilog, every output
//! compared at every step; a run that goes its wall-clock budget without advancing fails (the
//! time-0 hang of rust-hdl's unrewritten Verilog; a slow machine only takes longer). `tnw_link`
//! also runs under looped-back traffic.

use super::lockstep::link_traffic;
use nicgen_sim::harness::diff::{drifting_periods, record, Stimulus};
use nicgen_sim::harness::icarus;
use nicgen_sim::harness::testing::check;
use std::time::Duration;

/// Cycles per top: enough to leave reset and exercise the logic, sized for the native
/// recording (a few thousand cycles/s for the link tops).
fn cycles_for(name: &str) -> u64 {
    match name {
        "tnw_link" | "tnw_port" | "ulx3s" => 1500,
        // six links: about 100 cycles/s natively
        "ftnw_node" => 600,
        _ => 4000,
    }
}

// verifies: FTNW-L070
#[test]
fn every_top_matches_its_verilog_in_icarus() {
    if !icarus::require("every_top_matches_its_verilog_in_icarus") {
        return;
    }
    for t in nicgen_bsp::tops::selected() {
        let start = std::time::Instant::now();
        let cycles = cycles_for(t.name);
        check(
            &format!("icarus {}", t.name),
            0x1CA0_0000 ^ t.name.len() as u64,
            |rng| {
                let top = (t.build)();
                let v = top.verilog();
                let periods = drifting_periods(top.as_ref());
                let rec = record(top, &periods, cycles, rng, &Stimulus::default());
                let r = icarus::replay_in_tmp(t.name, &v, &rec, Duration::from_secs(300))
                    .unwrap_or_else(|e| panic!("{} in Icarus: {e}", t.name));
                eprintln!(
                    "icarus {:<16} {} steps equal, {:.0} cycles/s ({:.1}s)",
                    t.name,
                    r.steps,
                    r.cycles_per_s(),
                    start.elapsed().as_secs_f64()
                );
            },
        );
    }
}

#[test]
fn tnw_link_matches_its_verilog_in_icarus_under_traffic() {
    if !icarus::require("tnw_link in Icarus under traffic") {
        return;
    }
    check("icarus tnw_link under traffic", 0x1CA0_7E57, |rng| {
        let top = nicgen_sim::harness::backend::top("tnw_link");
        let v = top.verilog();
        let rec = record(top, &[10_000, 10_000], 3000, rng, &link_traffic());
        let rx = rec.ports.iter().position(|p| p.name == "rx_valid").unwrap();
        let busy = rec.steps.iter().filter(|s| s[rx] != 0).count();
        assert!(
            busy > rec.steps.len() / 4,
            "packets flowed ({busy} of {} steps)",
            rec.steps.len()
        );
        icarus::replay_in_tmp("tnw_link", &v, &rec, Duration::from_secs(120))
            .unwrap_or_else(|e| panic!("tnw_link in Icarus under traffic: {e}"));
    });
}

/// The instantiation example of docs/tnw_link.md compiles with the emitted `tnw_link` in
/// Icarus (`-Wall`) and lints in Verilator: the documented port names are the real ones.
#[test]
fn the_documented_instantiation_of_tnw_link_compiles() {
    if !icarus::require("the docs' tnw_link example") {
        return;
    }
    let root = nicgen_sim::workspace_root();
    let md = std::fs::read_to_string(root.join("docs/tnw_link.md")).unwrap();
    let start = md.find("```verilog\n").expect("a Verilog example") + "```verilog\n".len();
    let example = &md[start..start + md[start..].find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("example.v"), example).unwrap();
    std::fs::write(
        dir.path().join("tnw_link.v"),
        nicgen_sim::harness::backend::top("tnw_link").verilog(),
    )
    .unwrap();
    let out = std::process::Command::new("iverilog")
        .args([
            "-g2012",
            "-Wall",
            "-Wno-timescale",
            "-o",
            "ex.vvp",
            "example.v",
            "tnw_link.v",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let msgs = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        out.status.success() && msgs.trim().is_empty(),
        "iverilog: {msgs}"
    );
}

/// The budget is the hang guard, not a deadline: a top whose Verilog never leaves time 0 (two
/// processes triggering each other forever) fails with the "does not advance" error within
/// the budget instead of holding the suite.
#[test]
fn a_replay_that_does_not_advance_fails_within_its_budget() {
    if !icarus::require("a replay that does not advance") {
        return;
    }
    check("icarus hang guard", 0x1CA0_4A46, |rng| {
        let t = nicgen_bsp::tops::named(&["crc16"]).unwrap().remove(0);
        let top = (t.build)();
        let v = top.verilog();
        let periods = drifting_periods(top.as_ref());
        let rec = record(top, &periods, 50, rng, &Stimulus::default());
        let at = v.find("module crc16").expect("the top module");
        let end = at + v[at..].find("endmodule").expect("its end");
        let hang = format!(
            "{}reg hang_a, hang_b;\ninitial hang_a = 1'b0;\nalways @(hang_a) hang_b = ~hang_a;\n\
             always @(hang_b) hang_a = hang_b;\n{}",
            &v[..end],
            &v[end..]
        );
        let start = std::time::Instant::now();
        let e = icarus::replay_in_tmp("crc16", &hang, &rec, Duration::from_secs(5))
            .err()
            .expect("a run that never advances must fail");
        assert!(
            e.contains("does not advance") && e.contains("at step 0 of"),
            "{e}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{:?}",
            start.elapsed()
        );
    });
}

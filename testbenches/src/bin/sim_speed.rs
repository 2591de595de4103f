//! `make bench`: simulated cycles per second of every top, natively (the single-threaded
//! loop) and in Verilator, on the same random stimulus. Writes build/bench/sim_speed.json.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::harness::backend::{Backend, Dut};
use nicgen_sim::harness::diff::{is_data_input, is_reset, port_indices};
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::verilator::{self, Model};
use std::time::{Duration, Instant};

/// Cycles per second (all clocks toggled together, random inputs each cycle) over `cycles`
/// cycles, or fewer when `budget` runs out first: the native models of the largest tops run a
/// few hundred cycles a second, so `make bench` measures every top in seconds
/// (NICGEN_BENCH_SECONDS raises the budget for steadier figures).
fn measure(
    d: &mut dyn Dut,
    clocks: &[usize],
    inputs: &[(usize, usize, bool)],
    cycles: u64,
    budget: Duration,
) -> f64 {
    let mut rng = Rng::new(1);
    let start = Instant::now();
    let mut done = 0;
    for c in 0..cycles {
        // the clock is read every 64 cycles, after the reset cycles
        if c > 8 && c % 64 == 0 && start.elapsed() > budget {
            break;
        }
        done = c + 1;
        for &(i, w, is_reset) in inputs {
            let v = if is_reset {
                (c < 4) as u128
            } else {
                rng.bits(w)
            };
            d.set(i, v);
        }
        for &k in clocks {
            d.set(k, 1);
        }
        d.settle();
        for &k in clocks {
            d.set(k, 0);
        }
        d.settle();
    }
    done as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    nicgen_testbenches::register_boards();
    nicgen_testbenches::bench::on_big_stack(run);
}

fn run() {
    let cycles: u64 = std::env::var("NICGEN_BENCH_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    let budget = Duration::from_secs_f64(
        std::env::var("NICGEN_BENCH_SECONDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2.0),
    );
    let have_vl = verilator::require("sim_speed (Verilator column)");
    let mut json = vec![];
    println!(
        "{:<16} {:>14} {:>16}",
        "top", "native cyc/s", "verilator cyc/s"
    );
    // NICGEN_BENCH_TOPS="a b": only these tops (and no Icarus or torus figures)
    let only: Vec<String> = std::env::var("NICGEN_BENCH_TOPS")
        .map(|v| v.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    for t in nicgen_bsp::tops::tops() {
        if !only.is_empty() && !only.iter().any(|o| o == t.name) {
            continue;
        }
        let mut native = (t.build)();
        let ports = native.ports();
        let clocks = port_indices(&ports, |p| p.clock);
        let inputs: Vec<(usize, usize, bool)> = port_indices(&ports, is_data_input)
            .into_iter()
            .map(|i| (i, ports[i].width, is_reset(&ports[i])))
            .collect();
        let n = measure(&mut native, &clocks, &inputs, cycles, budget);
        json.push(format!("  \"{}_native_cycles_per_s\": {:.0}", t.name, n));
        let v = if have_vl {
            let mut m =
                Model::new(t.name, &native.verilog(), ports.clone()).expect("verilator build");
            let v = measure(&mut m, &clocks, &inputs, cycles * 10, budget);
            json.push(format!("  \"{}_verilator_cycles_per_s\": {:.0}", t.name, v));
            format!("{v:>16.0}")
        } else {
            format!("{:>16}", "skipped")
        };
        println!("{:<16} {:>14.0} {}", t.name, n, v);
    }
    if only.is_empty() && nicgen_sim::harness::icarus::require("sim_speed (Icarus)") {
        for name in ["tnw_link", "ulx3s"] {
            let top = nicgen_sim::harness::backend::top(name);
            let v = top.verilog();
            let periods = nicgen_sim::harness::diff::drifting_periods(top.as_ref());
            let rec = nicgen_sim::harness::diff::record(
                top,
                &periods,
                4000,
                &mut Rng::new(3),
                &nicgen_sim::harness::diff::Stimulus::default(),
            );
            let r = nicgen_sim::harness::icarus::replay_in_tmp(
                name,
                &v,
                &rec,
                std::time::Duration::from_secs(300),
            )
            .unwrap_or_else(|e| panic!("{name} in Icarus: {e}"));
            println!(
                "{:<16} {:>14} {:>16.0}  (Icarus, vvp, every output compared every step)",
                name,
                "-",
                r.cycles_per_s()
            );
            json.push(format!(
                "  \"{name}_icarus_cycles_per_s\": {:.0}",
                r.cycles_per_s()
            ));
        }
    }
    if have_vl && only.is_empty() {
        let t = torus_cycles_per_s();
        println!(
            "{:<16} {:>14} {:>16.0}  (2x2x2 torus of tnw_link, 48 links, traffic on all)",
            "torus_links", "-", t
        );
        json.push(format!(
            "  \"torus_2x2x2_links_verilator_cycles_per_s\": {t:.0}"
        ));
    }
    let dir = nicgen_sim::workspace_root().join("build/bench");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("sim_speed.json");
    std::fs::write(&path, format!("{{\n{}\n}}\n", json.join(",\n"))).unwrap();
    println!("wrote {}", path.display());
}

/// Simulated cycles of one node per second of the whole 2x2x2 torus of `tnw_link`s (48
/// Verilator models, host models and channels), every link sending packets both ways.
fn torus_cycles_per_s() -> f64 {
    let periods = nicgen_sim::ftnw::net::ppm_periods(8);
    let mut net = nicgen_sim::ftnw::net::Net::torus(
        Backend::Verilator,
        [2, 2, 2],
        &periods,
        |_, _| ChannelCfg {
            latency: 32,
            ..Default::default()
        },
        1,
    );
    net.online();
    let mut rng = Rng::new(2);
    for k in 0..net.len() {
        net.queue(k, 400, &mut rng);
    }
    let (c0, start) = (net.cycles[0], Instant::now());
    net.drain(1_000_000);
    (net.cycles[0] - c0) as f64 / start.elapsed().as_secs_f64()
}

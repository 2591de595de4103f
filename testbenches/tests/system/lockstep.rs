//! Every registered top, native vs Verilator in lock-step for 10^4 cycles of random stimulus
//! (2000 for the six-link node);
//! the TNW link again under traffic (looped back onto itself, brought online by a register
//! write); and the known-hazard fixture, which must be caught.

use nicgen_hdl::AutoTop;
use nicgen_hdl::Ports;
use nicgen_sim::harness::diff::{drifting_periods, lockstep, Drive, Stimulus};
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use rust_hdl::prelude::*;

const CYCLES: u64 = 10_000;

/// Cycles of random stimulus per top: `CYCLES`, fewer for the node (six links: about 100
/// cycles/s natively; its links are also run in lock-step alone and under traffic) and for the
/// four-DTU system (its DTU is also run in lock-step alone).
fn cycles_for(name: &str) -> u64 {
    match name {
        "ftnw_node" => 2_000,
        "dtu_system" => 3_000,
        _ => CYCLES,
    }
}

#[test]
fn every_top_matches_its_verilog() {
    if !verilator::require("every_top_matches_its_verilog") {
        return;
    }
    for t in nicgen_bsp::tops::selected() {
        let start = std::time::Instant::now();
        // a mismatch is replayed with the Verilator model's VCD of the cycles before it
        check(
            &format!("lockstep {}", t.name),
            0xD1FF_0000 ^ t.name.len() as u64,
            |rng| {
                let top = (t.build)();
                let periods = drifting_periods(top.as_ref());
                if let Err(m) =
                    lockstep(top, &periods, cycles_for(t.name), rng, &Stimulus::default())
                {
                    panic!("{m}");
                }
            },
        );
        eprintln!(
            "lockstep {:<16} {} cycles equal ({:.1}s)",
            t.name,
            cycles_for(t.name),
            start.elapsed().as_secs_f64()
        );
    }
}

/// Random stimulus on a link mostly exercises dirty-word paths. Here the link's PHY output is
/// looped into its input (its RXLINK acknowledges its own TXLINK's packets: a valid peer),
/// the injection stream is valid 90% of the time, and registers are written rarely, so
/// packets, ACKs, the CRC, the resend buffer and the reception buffer carry real traffic.
// verifies: FTNW-L070
#[test]
fn tnw_link_matches_its_verilog_under_traffic() {
    if !verilator::require("tnw_link_matches_its_verilog_under_traffic") {
        return;
    }
    let t = nicgen_bsp::tops::tops()
        .into_iter()
        .find(|t| t.name == "tnw_link")
        .expect("tnw_link top");
    let stim = link_traffic();
    let cycles = 40_000;
    let start = std::time::Instant::now();
    check("tnw_link lockstep under traffic", 0x7E57_1111, |rng| {
        let act = lockstep((t.build)(), &[10_000, 10_000], cycles, rng, &stim)
            .unwrap_or_else(|m| panic!("{m}"));
        traffic_flowed(&act, cycles, rng.seed);
    });
    eprintln!(
        "lockstep tnw_link under traffic: {cycles} cycles equal ({:.1}s)",
        start.elapsed().as_secs_f64()
    );
}

/// `tnw_port` (the link and RXBUFF) looped back onto itself with every VC's bases set and
/// credits queued by register writes after the reset: packets go through RXBUFF into host
/// writes, with a host port that stalls and answers (sometimes with an error) at random.
// verifies: FTNW-L070
#[test]
fn tnw_port_matches_its_verilog_under_traffic() {
    if !verilator::require("tnw_port_matches_its_verilog_under_traffic") {
        return;
    }
    let t = nicgen_bsp::tops::tops()
        .into_iter()
        .find(|t| t.name == "tnw_port")
        .expect("tnw_port top");
    let mut stim = link_traffic();
    stim.drive.retain(|(n, _)| !n.starts_with("rx"));
    stim.drive.extend([
        ("host_wr_req_ready", Drive::Chance(0.8)),
        ("host_wr_dat_ready", Drive::Chance(0.8)),
        ("host_wr_rsp_valid", Drive::Chance(0.05)),
        ("host_wr_rsp_err", Drive::Chance(0.01)),
    ]);
    // after TX_CTRL (cycle 8): per VC the bases and two credits of 2048 packets
    use nicgen_wire::ftnw::rxbuff as rxb;
    let mut writes = vec![];
    for v in 0..8u32 {
        writes.push((rxb::CRDBAR[v as usize].offset, 0x1000_0000 + (v << 20)));
        writes.push((rxb::NTFBAR[v as usize].offset, 0x2000_0000 + (v << 6)));
        writes.push((rxb::CRDFIFO[v as usize].offset, rxb::credit(0, 2048, v)));
        writes.push((
            rxb::CRDFIFO[v as usize].offset,
            rxb::credit(2048, 2048, v + 8),
        ));
    }
    for (i, (addr, val)) in writes.into_iter().enumerate() {
        let c = 10 + 2 * i as u64;
        stim.script.extend([
            (c, "bus_addr", addr as u128),
            (c, "bus_wdata", val as u128),
            (c, "bus_write", 1),
            (c, "bus_read", 0),
            (c + 1, "bus_write", 0),
            (c + 1, "bus_read", 0),
        ]);
    }
    let cycles = 40_000;
    check("tnw_port lockstep under traffic", 0x7E57_2222, |rng| {
        let act = lockstep((t.build)(), &[10_000, 10_000], cycles, rng, &stim)
            .unwrap_or_else(|m| panic!("{m}"));
        let w = act.of("host_wr_dat_valid");
        eprintln!("lockstep tnw_port under traffic: host wr_dat_valid {w} of {cycles} cycles");
        assert!(
            w > cycles / 4,
            "host writes only {w} of {cycles} cycles (seed {:#x})",
            rng.seed
        );
    });
}

fn traffic_flowed(act: &nicgen_sim::harness::diff::Activity, cycles: u64, seed: u64) {
    let (rx, tx) = (act.of("rx_valid"), act.of("tx_ready"));
    eprintln!("lockstep tnw_link under traffic: rx_valid {rx}, tx_ready {tx}");
    // packets must have flowed end to end for most of the run: a packet of 8 items per 34
    // words is room for an item in ~1 cycle of 4 at full rate (measured: rx 38139, tx 10087)
    assert!(
        rx > cycles / 2,
        "rx_valid only {rx} of {cycles} cycles (seed {seed:#x})"
    );
    assert!(
        tx > cycles / 5,
        "tx_ready only {tx} of {cycles} cycles (seed {seed:#x})"
    );
}

// A deliberately wrong design, the fixture the differential checker must catch.
/// `(a + 1) > b` on 8-bit values with an untyped literal: rust-hdl emits `a + 32'h1`, so the
/// Verilog compares 9+ bits where the Rust model wraps at 8 (a = 255: Rust false, Verilog true).
#[derive(LogicBlock, Default, Ports)]
pub struct UntypedLiteralHazard {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    pub gt: Signal<Out, Bit>,
}

impl Logic for UntypedLiteralHazard {
    #[hdl_gen]
    fn update(&mut self) {
        self.gt.next = (self.a.val() + 1) > self.b.val();
    }
}

#[test]
fn differential_check_catches_the_untyped_literal_hazard() {
    if !verilator::require("differential_check_catches_the_untyped_literal_hazard") {
        return;
    }
    let top = Box::new(AutoTop::new("hazard", UntypedLiteralHazard::default()));
    let mut rng = Rng::new(Rng::seed_from_env(0xBAD));
    let m = lockstep(top, &[10_000], CYCLES, &mut rng, &Stimulus::default())
        .expect_err("the hazard must be caught");
    eprintln!("caught as expected: {m}");
    assert_eq!(m.signal, "gt");
    // the only disagreement is a = 255, where Rust wraps (a + 1 = 0) and Verilog does not
    assert_eq!((m.native, m.verilator), (0, 1));
}

/// A failing Verilator-backed test is replayed with a model built with `--trace` (the models of
/// normal runs are built without it), and the replay leaves a VCD of the cycles before the
/// failure: the hazard's mismatch, through `testing::check`.
#[test]
fn a_failing_verilator_test_leaves_a_waveform() {
    if !verilator::require("a_failing_verilator_test_leaves_a_waveform") {
        return;
    }
    let name = "hazard waveform fixture";
    let vcd = nicgen_sim::harness::vcd::vcd_dir().join(format!(
        "{}-1.vcd",
        nicgen_sim::harness::testing::file_stem(name)
    ));
    let _ = std::fs::remove_file(&vcd);
    assert!(
        std::env::var("NICGEN_NO_VCD").is_err(),
        "NICGEN_NO_VCD is set: it turns off the replay this test checks (run it without)"
    );
    let failed = std::panic::catch_unwind(|| {
        check(name, 0xBAD, |rng| {
            let top = Box::new(AutoTop::new("hazard", UntypedLiteralHazard::default()));
            if let Err(m) = lockstep(top, &[10_000], CYCLES, rng, &Stimulus::default()) {
                panic!("{m}");
            }
        })
    });
    assert!(failed.is_err(), "the hazard must fail the test");
    let text = std::fs::read_to_string(&vcd)
        .unwrap_or_else(|e| panic!("no waveform at {}: {e}", vcd.display()));
    assert!(
        text.contains("$enddefinitions") && text.contains(" gt $end") && text.contains("\n#"),
        "{}: not a VCD of the hazard top",
        vcd.display()
    );
}

/// The traffic stimulus of `tnw_link`: PHY output looped into its input, injection valid 90% of
/// the time, rare register writes, both directions brought online after the reset.
pub fn link_traffic() -> Stimulus {
    let ctrl = nicgen_wire::ftnw::link::TX_CTRL::OFFSET as u128;
    Stimulus {
        // no random reset: after one the link stays offline (the script brings it online once),
        // and `every_top_matches_its_verilog` covers resets
        reset_rate: 0.0,
        drive: vec![
            ("phy_rxd", Drive::Loop("phy_txd")),
            ("phy_rxc", Drive::Loop("phy_txc")),
            ("tx_valid", Drive::Chance(0.9)),
            ("rx_ready", Drive::Chance(0.9)),
            // every VC let out most of the time (RXBUFF's credits)
            (
                "rx_vc_ready",
                Drive::With(|r| {
                    if r.chance(0.95) {
                        0xFF
                    } else {
                        r.below(256) as u128
                    }
                }),
            ),
            ("bus_write", Drive::Chance(0.0002)),
            ("bus_read", Drive::Chance(0.02)),
            ("phy_rx_fault_p", Drive::Chance(0.001)),
            ("phy_rx_fault_r", Drive::Chance(0.001)),
            ("phy_intb", Drive::Chance(0.001)),
            ("phy_tx_fault", Drive::Chance(0.001)),
            ("phy_rxh", Drive::Chance(0.001)),
        ],
        // both directions online (TX_CTRL = 0) after the reset
        script: vec![
            (8, "bus_addr", ctrl),
            (8, "bus_wdata", 0),
            (8, "bus_write", 1),
            (8, "bus_read", 0),
        ],
    }
}

//! Eight MIT NICs on the RTL networks (`parc_ring8` with ROUTE = 1, `parc_bfly8` with ROUTE = 0),
//! each NIC's P bus on its own clock, every NIC's program sending to random nodes (itself and
//! its partner included, node bits 7:3 random) while receiving. The scoreboard: every message
//! arrives once, intact, at the NIC its node number names, in order per source and destination;
//! no network error anywhere; every link's framing and wait rule checked on every sample. A hot
//! spot: seven NICs send to one whose processor does not read for a while (back-pressure
//! through the network, senders waiting), then reads everything.

use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::mitnic::net::NicNet;
use nicgen_sim::mitnic::traffic::{network, run, Prog, N};

fn uniform(top: &str, rng: &mut Rng, per_nic: usize) -> NicNet {
    let mut net = network(top);
    let mut prog: Vec<Prog> = (0..N)
        .map(|k| Prog::new(k, per_nic, rng.next_u64()))
        .collect();
    run(&mut net, &mut prog, 400_000_000);
    net
}

// verifies: NIC-R082 NIC-R085 NIC-R019 NIC-R076
#[test]
fn eight_nics_on_the_ring_deliver_every_message_once_in_order() {
    if !verilator::require("parc_ring8 in Verilator") {
        return;
    }
    check("mitnic_ring8", 0x3A1C_0301, |rng| {
        uniform("parc_ring8", rng, 40);
    });
}

// verifies: NIC-R082 NIC-R084
#[test]
fn eight_nics_on_the_butterfly_deliver_every_message_once_in_order() {
    if !verilator::require("parc_bfly8 in Verilator") {
        return;
    }
    check("mitnic_bfly8", 0x3A1C_0302, |rng| {
        uniform("parc_bfly8", rng, 40);
    });
}

fn hot_spot(top: &str, rng: &mut Rng) {
    let mut net = network(top);
    let mut prog: Vec<Prog> = (0..N).map(|k| Prog::new(k, 30, rng.next_u64())).collect();
    prog[0].reads = false;
    prog[0].to_send = 0;
    for p in prog.iter_mut().skip(1) {
        p.dsts = vec![0];
    }
    // NIC 0 does not read: its queue fills, the network holds the rest, the senders wait
    let t = net.time_ps + 60_000_000;
    while net.time_ps < t {
        for p in prog.iter_mut() {
            if net.master[p.k].idle() {
                p.advance(&mut net);
            }
        }
        net.step().unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(net.niwait(0), "NIC 0's niwait while it does not read");
    assert!(
        prog.iter().skip(1).any(|p| p.to_send > 0),
        "the senders were never held back"
    );
    prog[0].reads = true;
    run(&mut net, &mut prog, 400_000_000);
}

// verifies: NIC-R075 NIC-R111
#[test]
fn a_hot_spot_holds_back_the_ring_and_loses_nothing() {
    if !verilator::require("parc_ring8 in Verilator") {
        return;
    }
    check("mitnic_ring8_hot", 0x3A1C_0303, |rng| {
        hot_spot("parc_ring8", rng)
    });
}

#[test]
fn a_hot_spot_holds_back_the_butterfly_and_loses_nothing() {
    if !verilator::require("parc_bfly8 in Verilator") {
        return;
    }
    check("mitnic_bfly8_hot", 0x3A1C_0304, |rng| {
        hot_spot("parc_bfly8", rng)
    });
}

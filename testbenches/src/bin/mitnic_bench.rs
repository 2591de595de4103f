//! `make bench`: the MIT NIC's figures (issue 15) in Verilator, through the driver.
//! - `nsend_to_first_parc_word_cycles`: P-bus cycles from the start of the cycle that presents
//!   an NSEND (a store to o4 carrying the send, o0-o3 already composed, the port idle) to the
//!   rising edge of noclk at which the header word is on `nodata` (the edge a receiver samples
//!   it at), P bus 50 MHz: `mit_nic_sync` (the output port on the P-bus clock: the header
//!   starts at the end of the address cycle); `..._netclk_2x` and `..._netclk_1x`: `mit_nic`,
//!   the message crossing into netclk (100 MHz, 50 MHz) through the two-flop handoff.
//! - `parc_port_utilization_back_to_back`: words of packets per noclk cycle on the output port
//!   from the first header to the last word while the processor sends 64 messages without pause
//!   (five stores each, a transaction presented in every P-bus cycle; `mit_nic` with netclk
//!   100 MHz, `..._sync`: `mit_nic_sync`); `..._queue_full`: the same for 16 messages
//!   already queued when OP_ON turns on (the memo requires no idle between packets).
//! - `ring8_latency_cycles_one_hop` / `_worst_pair` and `butterfly8_latency_cycles`: network
//!   clock cycles (50 MHz) from the header leaving the sending NIC to the header reaching the
//!   receiving NIC, on an idle network (ring: NIC 0 to NIC 1 and to NIC 7, seven routers;
//!   butterfly: the worst pair, every pair crosses three switches).
//! - `ring8_saturation` / `butterfly8_saturation`: eight NICs, each sending 150 messages to
//!   uniformly random nodes as fast as its queue takes them while receiving (P bus 100 MHz):
//!   packets delivered per node per network cycle, as a fraction of a link's capacity (one
//!   packet per 12 cycles).
//! - ECP5 figures of `mit_nic` and (`sync_*`) `mit_nic_sync` from `build/synth/<top>.json`
//!   (`make synth TOPS="mit_nic mit_nic_sync"`).
//! Writes build/bench/mitnic.json.

use nicgen_driver::mitnic::{Config, Nic};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::mitnic::net::{Feed, NicNet, Op};
use nicgen_sim::mitnic::traffic::{network, run, Prog, N};
use nicgen_sim::mitnic::transport::PBus;
use nicgen_testbenches::bench::{synth, write};
use nicgen_wire::mitnic::{Command, Loc, QUEUE_DEPTH};
use std::collections::BTreeMap;

const PBUS_PS: u64 = 20_000;

fn on(op_on: bool) -> Config {
    Config {
        op_on,
        ip_on: true,
        ithresh: 15,
        othresh: 15,
        ..Config::default()
    }
}

/// One NIC whose output nobody holds back.
/// One NIC (`top`) sending into a monitor.
fn single(top: &str, netclk_ps: u64) -> NicNet {
    let mut net = NicNet::with_top(
        Backend::Verilator,
        top,
        &[(PBUS_PS, netclk_ps, netclk_ps)],
        vec![Feed::Inject],
    );
    Nic::new(&mut PBus {
        net: &mut net,
        nic: 0,
    })
    .configure(&on(true))
    .unwrap();
    net
}

fn nsend_latency(top: &str, netclk_ps: u64) -> f64 {
    let mut net = single(top, netclk_ps);
    let mut sum = 0.0;
    let tries = 8;
    for i in 0..tries {
        net.run_ps(1_000_000 + 2_000 * i);
        let c = Command::store_and_send(Loc::O(4), 1, false);
        let op = Op::Nic {
            da: c.encode(),
            write: true,
            data: i as u32,
        };
        let (t, _) = net.timed_send(0, op, 1_000_000);
        sum += t as f64 / PBUS_PS as f64;
    }
    sum / tries as f64
}

fn utilization(net: &NicNet, from: usize) -> f64 {
    let p = &net.mon[0].packets[from..];
    let span = p.last().unwrap().at - p[0].at + 12;
    (12 * p.len()) as f64 / span as f64
}

const NET_PS: u64 = 20_000;

/// Network cycles from NIC `s`'s header leaving to it reaching NIC `d` (an idle network).
fn hop_latency(net: &mut NicNet, s: usize, d: usize) -> f64 {
    let (out0, in0) = (net.mon[s].packets.len(), net.mon_in[d].packets.len());
    let node = d as u32;
    Nic::new(&mut PBus { net, nic: s })
        .send(&[node << 24, 1, 2, 3, 4], 1, false)
        .unwrap();
    while net.mon_in[d].packets.len() == in0 {
        net.step().unwrap();
    }
    let t = (net.mon_in[d].packets[in0].at_ps - net.mon[s].packets[out0].at_ps) as f64;
    net.run_ps(2_000_000);
    t / NET_PS as f64
}

/// Uniform random traffic at saturation: delivered packets per node per cycle x 12.
fn saturation(top: &str) -> f64 {
    let mut net = network(top);
    let mut prog: Vec<Prog> = (0..N)
        .map(|k| Prog::new(k, 150, 0x5A7 ^ k as u64))
        .collect();
    let t0 = net.time_ps;
    run(&mut net, &mut prog, 1_000_000_000);
    let msgs: usize = net.mon_in.iter().map(|m| m.packets.len()).sum();
    let first = net
        .mon
        .iter()
        .filter_map(|m| m.packets.first())
        .map(|p| p.at_ps)
        .min()
        .unwrap_or(t0);
    let last = net
        .mon_in
        .iter()
        .filter_map(|m| m.packets.last())
        .map(|p| p.at_ps)
        .max()
        .unwrap();
    let cycles = (last - first) as f64 / NET_PS as f64;
    msgs as f64 * 12.0 / (cycles * N as f64)
}

fn main() {
    nicgen_testbenches::bench::on_big_stack(bench);
}

fn bench() {
    if !nicgen_sim::harness::verilator::available() {
        eprintln!("mitnic_bench: verilator not on PATH (make setup)");
        std::process::exit(1);
    }
    let mut j: BTreeMap<&str, f64> = BTreeMap::new();
    let put = |j: &mut BTreeMap<&str, f64>, k: &'static str, v: f64| {
        eprintln!("  {k}: {v}");
        j.insert(k, v);
    };
    put(
        &mut j,
        "nsend_to_first_parc_word_cycles",
        nsend_latency("mit_nic_sync", PBUS_PS),
    );
    put(
        &mut j,
        "nsend_to_first_parc_word_cycles_netclk_2x",
        nsend_latency("mit_nic", PBUS_PS / 2),
    );
    put(
        &mut j,
        "nsend_to_first_parc_word_cycles_netclk_1x",
        nsend_latency("mit_nic", PBUS_PS),
    );
    // the processor sending without pause: five stores per message, pipelined on the P bus
    // (a transaction presented in every cycle)
    for (top, netclk_ps, key) in [
        ("mit_nic", PBUS_PS / 2, "parc_port_utilization_back_to_back"),
        (
            "mit_nic_sync",
            PBUS_PS,
            "parc_port_utilization_back_to_back_sync",
        ),
    ] {
        let mut net = single(top, netclk_ps);
        let n = 64;
        for i in 0..n {
            net.master[0].push_send(&[i; 5], 1, false);
        }
        net.drain(100_000_000);
        net.run_ps(10_000_000);
        assert_eq!(net.mon[0].packets.len(), n as usize);
        put(&mut j, key, utilization(&net, 0));
    }
    // a full queue released
    let mut net = single("mit_nic", PBUS_PS / 2);
    {
        let mut t = PBus {
            net: &mut net,
            nic: 0,
        };
        let mut d = Nic::new(&mut t);
        d.configure(&on(false)).unwrap();
        for i in 0..QUEUE_DEPTH as u32 {
            d.send(&[i; 5], 1, false).unwrap();
        }
        d.configure(&on(true)).unwrap();
    }
    net.run_ps(10_000_000);
    assert_eq!(net.mon[0].packets.len(), QUEUE_DEPTH);
    put(
        &mut j,
        "parc_port_utilization_queue_full",
        utilization(&net, 0),
    );
    let mut ring = network("parc_ring8");
    put(
        &mut j,
        "ring8_latency_cycles_one_hop",
        hop_latency(&mut ring, 0, 1),
    );
    put(
        &mut j,
        "ring8_latency_cycles_worst_pair",
        hop_latency(&mut ring, 0, 7),
    );
    let mut bfly = network("parc_bfly8");
    let worst = (0..N)
        .map(|d| hop_latency(&mut bfly, 0, d))
        .fold(0.0, f64::max);
    put(&mut j, "butterfly8_latency_cycles", worst);
    put(&mut j, "ring8_saturation", saturation("parc_ring8"));
    put(&mut j, "butterfly8_saturation", saturation("parc_bfly8"));
    j.insert("pbus_mhz", 1e6 / PBUS_PS as f64);
    j.insert("netclk_mhz", 2e6 / PBUS_PS as f64);
    match synth("mit_nic") {
        Some(s) => {
            j.insert("lut4", s.num("lut4").unwrap_or(f64::NAN));
            j.insert("ff", s.num("ff").unwrap_or(f64::NAN));
            j.insert("lutram", s.num("lutram").unwrap_or(f64::NAN));
            j.insert("fmax_mhz_pbus", s.num("clock").unwrap_or(f64::NAN));
            // nextpnr names netclk's net after its alias noclk
            j.insert("fmax_mhz_netclk", s.num("noclk").unwrap_or(f64::NAN));
            j.insert("fmax_mhz_niclk", s.num("niclk").unwrap_or(f64::NAN));
        }
        None => eprintln!("  no build/synth/mit_nic.json: run `make synth TOPS=mit_nic`"),
    }
    match synth("mit_nic_sync") {
        Some(s) => {
            j.insert("sync_lut4", s.num("lut4").unwrap_or(f64::NAN));
            j.insert("sync_ff", s.num("ff").unwrap_or(f64::NAN));
            j.insert("sync_lutram", s.num("lutram").unwrap_or(f64::NAN));
            // the P-bus clock's net is named after its alias noclk
            j.insert("sync_fmax_mhz_pbus", s.num("noclk").unwrap_or(f64::NAN));
            j.insert("sync_fmax_mhz_niclk", s.num("niclk").unwrap_or(f64::NAN));
        }
        None => eprintln!("  no build/synth/mit_nic_sync.json: run `make synth TOPS=mit_nic_sync`"),
    }
    for (top, pre) in [("parc_ring8", "ring8"), ("parc_bfly8", "butterfly8")] {
        if let Some(s) = synth(top) {
            let key =
                |k: &str| -> &'static str { Box::leak(format!("{pre}_{k}").into_boxed_str()) };
            j.insert(key("lut4"), s.num("lut4").unwrap_or(f64::NAN));
            j.insert(key("ff"), s.num("ff").unwrap_or(f64::NAN));
            j.insert(key("bram"), s.num("bram").unwrap_or(f64::NAN));
            j.insert(key("fmax_mhz"), s.num("clock").unwrap_or(f64::NAN));
        }
    }
    write("mitnic", &j);
}

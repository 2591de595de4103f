//! `make bench`: the FTNW node figures (issue 12) measured so far, in Verilator, on two
//! `tnw_port`s back to back (link + RXBUFF writing host memory, every write checked by the
//! network's RXBUFF reference): the latency from the CRC word into RXLINK to the packet's host
//! write request; the goodput into host memory of 7 VCs while the 8th holds packets without a
//! credit; the goodput into host memory of messages on all 8 VCs. Goodput is payload words per
//! cycle, as a fraction of the link's raw rate of one word per cycle. Writes
//! build/bench/ftnw_node.json.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::{Net, Pkt};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_wire::ftnw::link::{Word, PAYLOAD_WORDS};
use std::collections::BTreeMap;

const P: u64 = 4000;

fn ports(seed: u64) -> Net {
    let c = ChannelCfg {
        latency: 64,
        ..Default::default()
    };
    let mut p = Net::port_pair(Backend::Verilator, [P, P], [c.clone(), c], seed);
    p.online();
    // a buffer of `MSG` packets and a notification line per VC at endpoint 1
    for vc in 0..8 {
        let data = p.alloc(1, MSG as usize * 128, 128);
        let ntf = p.alloc(1, 64, 64);
        p.set_bases(1, vc, data as u32, ntf as u32);
    }
    p
}

/// Packets per message (one credit each).
const MSG: u32 = 64;

/// `msgs` messages of `MSG` packets on each VC of `vcs` (credited first), plus `held` packets
/// on VC 7 without a credit; payload words into host memory per cycle.
fn goodput(vcs: &[u16], msgs: usize, held: usize, seed: u64) -> f64 {
    let mut rng = Rng::new(seed);
    let mut p = ports(seed);
    for &vc in vcs {
        for m in 0..msgs {
            p.credit(1, vc as usize, 0, MSG, m as u32 % 16);
        }
    }
    for _ in 0..held {
        let mut pkt = Pkt::random(&mut rng);
        pkt.dest = 7;
        p.host[0].to_send.push_back(pkt);
    }
    // the messages' packets interleaved over the VCs, each VC's in RAO order
    for _ in 0..msgs {
        for rao in 0..MSG as u16 {
            for &vc in vcs {
                let mut pkt = Pkt::random(&mut rng);
                pkt.dest = (rao << 3) | vc;
                p.host[0].to_send.push_back(pkt);
            }
        }
    }
    let n = vcs.len() * msgs * MSG as usize;
    let limit = n as u64 * 60 + 50_000;
    while p.host[1].delivered < n as u64 {
        assert!(
            p.cycles[0] < limit,
            "only {} of {n} packets delivered",
            p.host[1].delivered
        );
        p.run(256);
    }
    p.run(200);
    assert_eq!(p.rxb[1].notified, (vcs.len() * msgs) as u64);
    assert_eq!(
        p.host[0].in_flight.len(),
        held,
        "the VC without credit holds its packets"
    );
    let start = p.host[0].tx_done_edges[0];
    let g = (n * PAYLOAD_WORDS) as f64 / (p.host[1].last_rx_cycle - start) as f64;
    eprintln!(
        "  goodput into host memory, VCs {vcs:?}, {held} held on VC 7: {g:.4} ({} notifications)",
        p.rxb[1].notified
    );
    g
}

/// CRC word into endpoint 1's RXLINK to the packet's host write request taken.
fn latency() -> u64 {
    let mut rng = Rng::new(7);
    let mut p = ports(7);
    p.credit(1, 0, 0, 1, 0);
    p.run(200);
    p.log = Some(vec![]);
    let mut pkt = Pkt::random(&mut rng);
    pkt.dest = 0;
    p.host[0].to_send.push_back(pkt);
    p.drain(10_000);
    p.run(100);
    let log = p.log.take().unwrap();
    let crc = log
        .iter()
        .filter(|(_, k, _, o)| *k == 0 && o.c == 0 && *o != Word::idle())
        .last()
        .unwrap()
        .0;
    // the memory counts its edges from 1: edge e is the cycle count e - 1
    let req = p.mem[1].as_ref().unwrap().log[0].req_cycle - 1;
    let l = req - crc;
    eprintln!("  latency: CRC word in to host write request taken: {l} cycles");
    l
}

fn main() {
    if !nicgen_sim::harness::verilator::available() {
        eprintln!("ftnw_node_bench: verilator not on PATH (make setup)");
        std::process::exit(1);
    }
    let msgs = std::env::var("FTNW_BENCH_MESSAGES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16);
    let mut j: BTreeMap<&str, f64> = BTreeMap::new();
    j.insert("rx_to_host_latency_cycles", latency() as f64);
    j.insert(
        "vc_isolation_goodput",
        goodput(&[0, 1, 2, 3, 4, 5, 6], msgs, 4, 11),
    );
    j.insert(
        "port_goodput_8vcs",
        goodput(&[0, 1, 2, 3, 4, 5, 6, 7], msgs, 0, 12),
    );
    j.insert("message_packets", MSG as f64);
    let out = nicgen_sim::workspace_root().join("build/bench/ftnw_node.json");
    let body: Vec<String> = j.iter().map(|(k, v)| format!("  \"{k}\": {v}")).collect();
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(&out, format!("{{\n{}\n}}\n", body.join(",\n"))).unwrap();
    eprintln!("wrote {}", out.display());
}

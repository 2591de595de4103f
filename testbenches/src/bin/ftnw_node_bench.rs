//! `make bench`: the FTNW node figures (issue 12) measured so far, in Verilator, on two
//! `tnw_port`s back to back (link + RXBUFF writing host memory, every write checked by the
//! network's RXBUFF reference): the latency from the CRC word into RXLINK to the packet's host
//! write request; the goodput into host memory of 7 VCs while the 8th holds packets without a
//! credit; the goodput into host memory of messages on all 8 VCs. Then on `ftnw_node`s: one
//! node with its links cabled to each other (X+ to X-, ...), all six sending at once, its total
//! payload into host memory per cycle as a fraction of six links' raw rate; and the Verilator
//! speed of the 2x2x2 torus of nodes under traffic. Goodput is payload words per cycle, as a
//! fraction of the link's raw rate of one word per cycle. Writes build/bench/ftnw_node.json.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::{Net, Pkt};
use nicgen_sim::harness::backend::{profile_guided, Backend};
use nicgen_sim::harness::rng::Rng;
use nicgen_testbenches::bench::{synth, write, COALESCE_ACKS as COALESCE};
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

/// `vc_isolation_goodput`: 7 VCs with `msgs` messages each while VC 7 holds 4 packets without
/// a credit.
fn isolation(msgs: usize) -> f64 {
    goodput(&[0, 1, 2, 3, 4, 5, 6], msgs, 4, 11)
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
    let req = p.mem[1].as_ref().unwrap().log()[0].req_cycle - 1;
    let l = req - crc;
    eprintln!("  latency: CRC word in to host write request taken: {l} cycles");
    l
}

/// Buffers for every endpoint and VC of `net`, credits for `msgs` messages of `MSG` packets on
/// each, and the packets queued at each endpoint's peer.
fn load(net: &mut Net, msgs: usize, rng: &mut Rng) -> usize {
    let n = net.len();
    for k in 0..n {
        for vc in 0..8 {
            let data = net.alloc(k, MSG as usize * 128, 128);
            let ntf = net.alloc(k, 64, 64);
            net.set_bases(k, vc, data as u32, ntf as u32);
            for m in 0..msgs {
                net.credit(k, vc, 0, MSG, m as u32 % 16);
            }
        }
    }
    for k in 0..n {
        for _ in 0..msgs {
            for rao in 0..MSG as u16 {
                for vc in 0..8u16 {
                    let mut pkt = Pkt::random(rng);
                    pkt.dest = (rao << 3) | vc;
                    net.host[net.peer[k]].to_send.push_back(pkt);
                }
            }
        }
    }
    n * 8 * msgs * MSG as usize
}

/// One node, links cabled to each other, all six receiving (and sending) at once: payload words
/// into its host memory per cycle, over six links' raw rate. Every line carries data both ways,
/// so the acknowledgements share it: an ACK per packet (RX_ACK's reset value, `coalesce` None)
/// or coalesced, `(every, delay)`.
fn node_goodput(msgs: usize, coalesce: Option<(u32, u32)>) -> f64 {
    let mut rng = Rng::new(21);
    let c = |_, _| ChannelCfg {
        latency: 64,
        ..Default::default()
    };
    let mut net = Net::node_torus(Backend::Verilator, [1, 1, 1], &[P], c, 21);
    net.online();
    if let Some((every, delay)) = coalesce {
        net.coalesce_acks(every, delay);
    }
    let total = load(&mut net, msgs, &mut rng);
    let start = net.cycles[0];
    net.drain(total as u64 * 40 + 50_000);
    let end = (0..6).map(|k| net.host[k].last_rx_cycle).max().unwrap();
    let g = (total * PAYLOAD_WORDS) as f64 / (end - start) as f64 / 6.0;
    eprintln!(
        "  node, six links at once into one host port, ACKs {}: {g:.4} of six links' raw ({total} packets)",
        coalesce.map_or("per packet".to_string(), |(e, d)| format!("per {e} packets or {} cycles", d + 2))
    );
    g
}

/// The 2x2x2 torus of nodes in Verilator, every node loaded with messages for its peer.
fn loaded_torus() -> Net {
    let mut rng = Rng::new(22);
    let c = |_, _| ChannelCfg {
        latency: 32,
        ..Default::default()
    };
    let mut net = Net::node_torus(
        Backend::Verilator,
        [2, 2, 2],
        &nicgen_sim::ftnw::net::ppm_periods(8),
        c,
        22,
    );
    net.online();
    load(&mut net, 1, &mut rng);
    net
}

/// The cycles the torus is measured over.
const TORUS_CYCLES: u64 = 20_000;

/// Verilator cycles per second of the 2x2x2 torus of nodes (8 models, 48 links) under traffic.
/// The models are built with profile-guided optimization (`NICGEN_PGO=0`: without), trained
/// the first time on this same run.
fn torus_speed() -> f64 {
    profile_guided("ftnw_node", || loaded_torus().run(TORUS_CYCLES));
    let mut net = loaded_torus();
    // in ten parts, whose spread says how steady the machine was
    let (cycles, parts) = (TORUS_CYCLES, 10);
    let t = std::time::Instant::now();
    let mut rates: Vec<f64> = (0..parts)
        .map(|_| {
            let p = std::time::Instant::now();
            net.run(cycles / parts);
            (cycles / parts) as f64 / p.elapsed().as_secs_f64()
        })
        .collect();
    let r = cycles as f64 / t.elapsed().as_secs_f64();
    rates.sort_by(f64::total_cmp);
    eprintln!(
        "  torus, {parts} parts of {} cycles: {:.0} to {:.0} cycles/s, median {:.0}",
        cycles / parts,
        rates[0],
        rates[parts as usize - 1],
        rates[parts as usize / 2]
    );
    eprintln!("  2x2x2 torus of ftnw_node in Verilator: {r:.0} cycles/s");
    r
}

fn main() {
    nicgen_testbenches::bench::on_big_stack(bench);
}

fn bench() {
    if !nicgen_sim::harness::verilator::available() {
        eprintln!("ftnw_node_bench: verilator not on PATH (make setup)");
        std::process::exit(1);
    }
    let msgs = std::env::var("FTNW_BENCH_MESSAGES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16);
    // FTNW_BENCH_ONLY=torus|isolation|latency|node measures one figure alone (profiling, RTL
    // iterations) and writes no JSON
    match std::env::var("FTNW_BENCH_ONLY").as_deref() {
        Ok("torus") => {
            torus_speed();
            return;
        }
        Ok("isolation") => {
            isolation(msgs);
            return;
        }
        Ok("latency") => {
            latency();
            return;
        }
        Ok("node") => {
            node_goodput(2, None);
            node_goodput(2, Some(COALESCE));
            return;
        }
        Ok(other) => panic!("FTNW_BENCH_ONLY={other}: torus, isolation, latency or node"),
        Err(_) => {}
    }
    let mut j: BTreeMap<&str, f64> = BTreeMap::new();
    j.insert("rx_to_host_latency_cycles", latency() as f64);
    j.insert("vc_isolation_goodput", isolation(msgs));
    j.insert(
        "port_goodput_8vcs",
        goodput(&[0, 1, 2, 3, 4, 5, 6, 7], msgs, 0, 12),
    );
    j.insert("message_packets", MSG as f64);
    j.insert("node_goodput_6links", node_goodput(2, None));
    j.insert(
        "node_goodput_6links_coalesced_acks",
        node_goodput(2, Some(COALESCE)),
    );
    j.insert("torus_sim_cycles_per_s", torus_speed());
    match synth("ftnw_node") {
        Some(s) => {
            j.insert("fmax_mhz_node", s.num("clock").unwrap_or(f64::NAN));
            j.insert("lut4_node", s.num("lut4").unwrap_or(f64::NAN));
            j.insert("ff_node", s.num("ff").unwrap_or(f64::NAN));
            j.insert("bram_node", s.num("bram").unwrap_or(f64::NAN));
        }
        None => eprintln!("  no build/synth/ftnw_node.json: run `make synth TOPS=ftnw_node`"),
    }
    write("ftnw_node", &j);
}

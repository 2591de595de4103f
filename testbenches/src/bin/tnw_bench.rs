//! `make bench`: the TNW link figures (issue 3), in Verilator: goodput as a fraction of raw
//! link words at several BERs, one way and both ways (both ways with coalesced ACKs, RX_ACK =
//! `COALESCE`, and with an ACK per packet, the reset value); TX and RX latency; resend-buffer
//! occupancy at the default 64-cycle channel latency; and, from `make synth`, ECP5 Fmax,
//! LUT4, FF and block RAM. Writes build/bench/tnw_link.json.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::Pair;
use nicgen_sim::harness::rng::Rng;
use nicgen_testbenches::bench::{synth, write};
use nicgen_wire::ftnw::link::{Word, C_HEADER, PAYLOAD_WORDS};
use std::collections::BTreeMap;

const P: u64 = 4000;

fn chan(ber: f64) -> [ChannelCfg; 2] {
    let c = ChannelCfg {
        latency: 64,
        ber,
        ..Default::default()
    };
    [c.clone(), c]
}

use nicgen_testbenches::bench::COALESCE_ACKS as COALESCE;

/// Payload words delivered per cycle, per direction, for `n` packets each way (`bi`) or one way;
/// `coalesce`: RX_ACK's (EVERY, DELAY), else its reset value (an ACK per packet).
fn goodput(ber: f64, bi: bool, n: usize, seed: u64, coalesce: Option<(u32, u32)>) -> (f64, u64) {
    let mut rng = Rng::new(seed);
    let mut p = Pair::verilator([P, P], chan(ber), seed);
    p.online();
    if let Some((every, delay)) = coalesce {
        p.coalesce_acks(every, delay);
    }
    p.queue(0, n, &mut rng);
    if bi {
        p.queue(1, n, &mut rng);
    }
    p.drain(n as u64 * 200 + 100_000);
    let dir = |from: usize| {
        let start = p.host[from].tx_done_edges[0];
        let end = p.host[1 - from].last_rx_cycle;
        (n * PAYLOAD_WORDS) as f64 / (end - start) as f64
    };
    let g = if bi { (dir(0) + dir(1)) / 2.0 } else { dir(0) };
    eprintln!(
        "  goodput ber {ber:e} {}{}: {g:.4} (rsnd max {:?})",
        if bi { "both ways" } else { "one way" },
        if coalesce.is_some() {
            ", coalesced ACKs"
        } else {
            ""
        },
        p.rsnd_max
    );
    (g, p.rsnd_max[0])
}

fn latencies() -> (u64, u64) {
    let mut rng = Rng::new(7);
    let mut p = Pair::verilator([P, P], chan(0.0), 7);
    p.online();
    p.run(200);
    p.log = Some(vec![]);
    p.queue(0, 1, &mut rng);
    p.drain(10_000);
    let log = p.log.take().unwrap();
    let done = p.host[0].tx_done_edges[0];
    // the edge whose sample shows the header on phy_txd; it was launched one edge earlier
    let hdr = log
        .iter()
        .find(|(c, k, w, _)| *k == 0 && *c > done && w.c == C_HEADER)
        .unwrap()
        .0;
    let tx = hdr - 1 - done;
    // the CRC word is the last data word node 1 receives; the packet is offered at rx_first
    let crc = log
        .iter()
        .filter(|(_, k, _, o)| *k == 0 && o.c == 0 && *o != Word::idle())
        .last()
        .unwrap()
        .0;
    let rx = p.host[1].rx_first_edges[0] - crc;
    eprintln!("  latency: TX {tx} cycles (last item in TXFIFO to header launched), RX {rx} cycles (CRC word in to packet offered)");
    (tx, rx)
}

fn main() {
    nicgen_testbenches::bench::on_big_stack(bench);
}

fn bench() {
    if !nicgen_sim::harness::verilator::available() {
        eprintln!("tnw_bench: verilator not on PATH (make setup)");
        std::process::exit(1);
    }
    let n = std::env::var("TNW_BENCH_PACKETS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let mut j: BTreeMap<&str, f64> = BTreeMap::new();
    let (g0, occ) = goodput(0.0, false, n, 1, None);
    j.insert("goodput_uni_ber0", g0);
    j.insert("rsnd_max_occupancy", occ as f64);
    j.insert("goodput_uni_ber1e-7", goodput(1e-7, false, n, 2, None).0);
    j.insert("goodput_uni_ber1e-6", goodput(1e-6, false, n, 3, None).0);
    j.insert("goodput_uni_ber1e-5", goodput(1e-5, false, n, 4, None).0);
    // both ways: coalesced ACKs (RX_ACK = COALESCE), and an ACK per packet (its reset value)
    let (gb, occ_b) = goodput(0.0, true, n, 5, Some(COALESCE));
    j.insert("goodput_bi_ber0", gb);
    j.insert("rsnd_max_occupancy_bi_coalesced", occ_b as f64);
    j.insert(
        "goodput_bi_ber1e-6",
        goodput(1e-6, true, n, 6, Some(COALESCE)).0,
    );
    j.insert(
        "goodput_bi_ber0_ack_per_packet",
        goodput(0.0, true, n, 5, None).0,
    );
    j.insert(
        "goodput_bi_ber1e-6_ack_per_packet",
        goodput(1e-6, true, n, 6, None).0,
    );
    let (tx, rx) = latencies();
    j.insert("tx_latency_cycles", tx as f64);
    j.insert("rx_latency_cycles", rx as f64);
    match synth("tnw_link") {
        Some(s) => {
            // the TNW clock (`clock`) of the per-clock `fmax_mhz` object
            let fmax = s.num("clock").unwrap_or(f64::NAN);
            j.insert("fmax_mhz_1link", fmax);
            j.insert("lut4_1link", s.num("lut4").unwrap_or(f64::NAN));
            j.insert("ff_1link", s.num("ff").unwrap_or(f64::NAN));
            j.insert("bram_1link", s.num("bram").unwrap_or(f64::NAN));
            j.insert("capacity_gbps", fmax * 32.0 / 1000.0);
        }
        None => eprintln!(
            "  no build/synth/tnw_link.json: run `make synth TOPS=tnw_link` for the ECP5 figures"
        ),
    }
    match synth("tnw_6links") {
        Some(s) => {
            j.insert("lut4_6links", s.num("lut4").unwrap_or(f64::NAN));
        }
        None => eprintln!("  no build/synth/tnw_6links.json: run `make synth TOPS=tnw_6links` for the six-link figure"),
    }
    write("tnw_link", &j);
}

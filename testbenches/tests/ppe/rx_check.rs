//! `ppe_rx_check` (native and Verilated) in lock-step with the reference model's `decide`: a
//! packet per cycle (its decision after the edge that takes it), seeded random header fields, checksum results, payload lengths, rslots and
//! configurations, drawn so that every check fails alone, at its boundary (remote_offset equal
//! to and one past buffer_size, remote_offset + pkt_size equal to and one past it, dst_slot
//! equal to RSLOT_LIMIT and one below) and together with later ones (the first in the order of
//! AMB-29 is reported); every output compared every cycle.

use super::dut::Dut;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::model::{decide, Config, Decision, Fields};
use nicgen_wire::ppe::{error_status as es, rslot, RSLOT_WORDS};
use std::collections::BTreeMap;

const IN: [&str; 20] = [
    "in_valid",
    "dst_node",
    "dst_slot",
    "use_msg_size",
    "use_msg_offset",
    "ack_pkt",
    "pkt_inc",
    "remote_offset",
    "msg_size",
    "hdr_ok",
    "body_ok",
    "pkt_words",
    "rs_base",
    "rs_size",
    "rs_valid",
    "rs_btg",
    "local_node",
    "incarnation",
    "rslot_limit",
    "reset",
];

/// A packet, rslot and configuration; mostly good, each check failing now and then, values at
/// the boundaries often.
fn draw(rng: &mut Rng) -> (Config, Fields, [u32; RSLOT_WORDS]) {
    let cfg = Config {
        local_node: if rng.chance(0.9) {
            rng.below(1 << 12) as u16
        } else {
            rng.next_u64() as u16
        },
        incarnation: rng.below(16) as u8,
        rslot_limit: [0, 1, 64, 0xFFFF, rng.next_u64() as u16][rng.below(5) as usize],
    };
    let pkt_words = rng.below(33) as u32;
    let bytes = 4 * pkt_words;
    let size = [0, 128, 4096, 0xFF_FFFF, u32::MAX, rng.next_u64() as u32][rng.below(6) as usize];
    // remote_offset: inside, at the end, one past, or such that the payload ends at or one
    // past the end
    let lim = (size as u64).min((1 << 24) - 1);
    let roff = match rng.below(6) {
        0 => lim,
        1 => (lim + 1).min((1 << 24) - 1),
        2 => lim.saturating_sub(bytes as u64),
        3 => (lim + 1).saturating_sub(bytes as u64),
        _ => rng.below(lim + 1),
    }
    .min((1 << 24) - 1) as u32;
    let mut rs = [0u32; RSLOT_WORDS];
    rs[rslot::BUFFER_BASE_PHYS] = rng.next_u64() as u32;
    rs[rslot::BUFFER_SIZE] = size;
    rs[rslot::CONTROL] = rslot::VALID.set(
        rng.next_u64() & !rslot::VALID.mask(),
        rng.chance(0.9) as u64,
    ) as u32;
    let msg_size = [
        0,
        bytes,
        4 * rng.below(1 << 10) as u32,
        rng.below(1 << 24) as u32,
    ][rng.below(4) as usize];
    rs[rslot::BYTES_TO_GO] = match rng.below(5) {
        0 => 0,
        1 => bytes,
        2 => bytes.wrapping_sub(msg_size),
        3 => (bytes as i32 - 4 * rng.below(64) as i32) as u32,
        _ => rng.next_u64() as u32,
    };
    let slot = match rng.below(4) {
        0 => cfg.rslot_limit,
        1 => cfg.rslot_limit.saturating_sub(1),
        _ => rng.next_u64() as u16 % cfg.rslot_limit.max(1),
    };
    let f = Fields {
        dst_node: if rng.chance(0.9) {
            cfg.local_node & 0xFFF
        } else {
            rng.below(1 << 12) as u16
        },
        dst_slot: slot,
        use_msg_size: rng.chance(0.4),
        use_msg_offset: rng.chance(0.4),
        ack_pkt: rng.chance(0.1),
        incarnation: if rng.chance(0.9) {
            cfg.incarnation
        } else {
            rng.below(16) as u8
        },
        remote_offset: roff,
        msg_size,
        hdr_ok: rng.chance(0.93),
        body_ok: rng.chance(0.93),
        pkt_words,
    };
    (cfg, f, rs)
}

fn run(backend: Backend, rng: &mut Rng, packets: usize) {
    let mut d = Dut::new("ppe_rx_check", backend);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for at in 0..=packets {
        let next = (at < packets).then(|| draw(rng));
        if let Some((cfg, f, rs)) = &next {
            let v = [
                1,
                f.dst_node as u64,
                f.dst_slot as u64,
                f.use_msg_size as u64,
                f.use_msg_offset as u64,
                f.ack_pkt as u64,
                f.incarnation as u64,
                f.remote_offset as u64,
                f.msg_size as u64,
                f.hdr_ok as u64,
                f.body_ok as u64,
                f.pkt_words as u64,
                rs[rslot::BUFFER_BASE_PHYS] as u64,
                rs[rslot::BUFFER_SIZE] as u64,
                rslot::VALID.get(rs[rslot::CONTROL] as u64),
                rs[rslot::BYTES_TO_GO] as u64,
                cfg.local_node as u64,
                cfg.incarnation as u64,
                cfg.rslot_limit as u64,
                0,
            ];
            for (n, x) in IN.iter().zip(v) {
                d.set(n, x);
            }
        } else {
            d.set("in_valid", 0);
        }
        d.cycle();
        let mut g = |n: &str| d.get(n);
        match next.map(|(cfg, f, rs)| decide(&cfg, &f, &rs)) {
            Some(w) => {
                let got = Decision {
                    status: g("status") as u32,
                    ack: g("ack") != 0,
                    data: g("data") != 0,
                    host_addr: g("host_addr") as u32,
                    new_btg: g("new_btg") as u32,
                    set_msg_size: g("set_msg_size") != 0,
                    new_msg_size: g("new_msg_size") as u32,
                    set_msg_offset: g("set_msg_offset") != 0,
                    new_msg_offset: g("new_msg_offset") as u32,
                    complete: g("complete") != 0,
                };
                assert_eq!(g("out_valid"), 1, "packet {at}: out_valid");
                assert_eq!(got, w, "packet {at}");
                let k = match w.status {
                    es::BAD_HDR_CHKSUM => "hdr",
                    es::BAD_BODY_CHKSUM => "body",
                    es::BAD_DST_NODE => "dst_node",
                    es::RSLOT_RANGE => "range",
                    es::INVALID_RSLOT => "invalid",
                    es::BAD_INCARNATION => "incarnation",
                    es::BAD_OFFSET => "offset",
                    es::BAD_SIZE => "size",
                    0 if w.ack => "ack",
                    0 if w.complete => "complete",
                    0 => "data",
                    s => panic!("status {s:#x}"),
                };
                *seen.entry(k).or_default() += 1;
            }
            None => assert_eq!(g("out_valid"), 0, "cycle {at}: out_valid without a packet"),
        }
    }
    eprintln!("  {packets} packets: {seen:?}");
    assert_eq!(seen.len(), 11, "every outcome: {seen:?}");
}

// verifies: PPE-R125 PPE-R126 PPE-R127 PPE-R128 PPE-R130 PPE-R131 PPE-R133 PPE-R134
// verifies: PPE-R139 PPE-R140 PPE-R146 PPE-R157 PPE-R177 PPE-R178 PPE-R132 PPE-R159
#[test]
fn rx_check_matches_the_model_verilator() {
    if !verilator::require("ppe_rx_check in Verilator") {
        return;
    }
    check("ppe_rx_check_verilator", 0x99E0, |rng| {
        run(Backend::Verilator, rng, 100_000)
    });
}

#[test]
fn rx_check_matches_the_model_native() {
    check("ppe_rx_check_native", 0x99E1, |rng| {
        run(Backend::Native, rng, 3000)
    });
}

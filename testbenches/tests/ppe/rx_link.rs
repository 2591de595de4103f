//! `ppe_rx_link` (native and Verilated) against `nicgen_wire::ppe::Received`: seeded random
//! frames (with and without metadata, 0-32 payload words), many of them damaged (a bit flipped
//! in any word, words cut off the end, more than 32 payload words, the metadata flag flipped,
//! frames of 1-5 words), fed with random gaps; for each, the header and metadata words, both
//! checksum results, the payload length and every payload word are compared with the frame as
//! the wire crate splits it, and a frame it cannot split must come out with both checksums bad.

use super::dut::{read_payload, Dut};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::ppe::{address0, address1, control0, control1, Packet, Received};
use std::collections::BTreeMap;

fn frame(rng: &mut Rng) -> (Vec<u32>, &'static str) {
    let n = rng.below(33) as usize;
    let p = Packet {
        address0: address0::DST_NODE.set(rng.next_u64() & 0xF000_FFFF, rng.below(1 << 12)) as u32,
        address1: address1::DST_SLOT.set(0, rng.below(1 << 16)) as u32
            | address1::SRC_NODE.set(0, rng.below(1 << 12)) as u32,
        control0: (rng.next_u64() as u32) & !(1 << 28),
        control1: control1::MSG_SIZE.set(0, rng.below(1 << 24)) as u32
            | control1::META_LEN.set(0, rng.below(8)) as u32,
        meta: rng
            .chance(0.4)
            .then(|| [0; 4].map(|_| rng.next_u64() as u32)),
        payload: (0..n).map(|_| rng.next_u64() as u32).collect(),
    };
    let _ = control0::ACK_PKT;
    let mut f = p.frame();
    let kind = match rng.below(20) {
        0..=11 => "good",
        12..=14 => {
            let i = rng.below(f.len() as u64) as usize;
            f[i] ^= 1 << rng.below(32);
            "bit flipped"
        }
        15 | 16 => {
            let cut = 1 + rng.below(f.len() as u64 - 1) as usize;
            f.truncate(f.len() - cut);
            "cut short"
        }
        17 => {
            let extra = 33 - n + rng.below(4) as usize;
            let t = f.pop().unwrap();
            for _ in 0..extra {
                f.push(rng.next_u64() as u32);
            }
            f.push(t);
            "too long"
        }
        18 => {
            f[3] ^= 1 << 27;
            "metadata flag flipped"
        }
        _ => {
            f.truncate(1 + rng.below(5) as usize);
            "tiny"
        }
    };
    (f, kind)
}

fn run(backend: Backend, rng: &mut Rng, frames: usize) {
    let mut d = Dut::new("ppe_rx_link", backend);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for at in 0..frames {
        let (f, kind) = frame(rng);
        *seen.entry(kind).or_default() += 1;
        d.feed(&f, rng);
        d.wait("d_valid", 3, &format!("frame {at} ({kind})"));
        let ok = (d.get("hdr_ok") != 0, d.get("body_ok") != 0);
        match Received::split(&f) {
            None => assert_eq!(ok, (false, false), "frame {at} ({kind}, {} words)", f.len()),
            Some(r) => {
                assert_eq!(
                    ok,
                    (r.hdr_ok(), r.body_ok()),
                    "frame {at} ({kind}): checksums"
                );
                let hw: Vec<u32> = ["w0", "w1", "w2", "w3", "m0", "m1", "m2", "m3"]
                    .iter()
                    .take(r.header.len())
                    .map(|n| d.get(n) as u32)
                    .collect();
                assert_eq!(hw, r.header, "frame {at} ({kind}): header");
                assert_eq!(
                    d.get("pkt_words") as usize,
                    r.payload.len(),
                    "frame {at} ({kind}): payload words"
                );
                assert_eq!(
                    read_payload(&mut d, r.payload.len()),
                    r.payload,
                    "frame {at} ({kind}): payload"
                );
            }
        }
        d.set("d_take", 1);
        d.cycle();
        d.set("d_take", 0);
    }
    eprintln!("  {frames} frames: {seen:?}");
    assert_eq!(seen.len(), 6, "every kind of frame");
}

// verifies: PPE-R123 PPE-R124
#[test]
fn rx_link_splits_and_checks_frames_verilator() {
    if !verilator::require("ppe_rx_link in Verilator") {
        return;
    }
    check("ppe_rx_link_verilator", 0x99E2, |rng| {
        run(Backend::Verilator, rng, 20_000)
    });
}

#[test]
fn rx_link_splits_and_checks_frames_native() {
    check("ppe_rx_link_native", 0x99E3, |rng| {
        run(Backend::Native, rng, 300)
    });
}

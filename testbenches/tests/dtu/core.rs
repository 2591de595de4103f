//! The DTU's core (the CU's MMIO register file, the endpoint and header tables, the command unit)
//! against the reference model `nicgen_sim::dtu::model`, on the native model and on the
//! Verilated Verilog of the `dtu` top (one PE, nothing on its memory and NoC ports): the map's
//! offsets and reset values, bad offsets, and seeded random FETCH / ACK_MSG / bad commands on random (legal and illegal) receive endpoints, comparing
//! COMMAND, ARG1 (OFFSET) and every endpoint and header word with the model.

use nicgen_sim::dtu::model::System;
use nicgen_sim::dtu::net::DtuNet;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::dtu::{
    self as w, command, header as hd, recv_ep, Error, Op, EP_T, NUM_EPS, NUM_HDRS,
};

/// Every mapped offset: the six registers, then the table words.
fn offsets() -> Vec<u64> {
    (0..w::MMIO_END).step_by(8).collect()
}

fn map_and_reset(backend: Backend, rng: &mut Rng) {
    let mut cu = DtuNet::new(backend, 1, 0, 0);
    // DTU-A24: everything 0 after reset
    for a in offsets() {
        assert_eq!(cu.read(0, a), 0, "offset {a:#x} after reset");
    }
    // every word is storage at its own offset (COMMAND with op 0 starts nothing)
    let vals: Vec<u64> = offsets()
        .iter()
        .map(|&a| {
            let v = rng.next_u64();
            if a == w::COMMAND {
                command::OP.set(v, 0)
            } else {
                v
            }
        })
        .collect();
    for (&a, &v) in offsets().iter().zip(&vals) {
        cu.write(0, a, v);
    }
    for (&a, &v) in offsets().iter().zip(&vals) {
        assert_eq!(cu.read(0, a), v, "offset {a:#x} reads back");
    }
    // unaligned and unmapped offsets: err, no effect, 0 read
    for a in [
        4,
        w::ep_addr(3, 1) + 2,
        w::MMIO_END,
        (1 << w::MMIO_BITS) - 8,
    ] {
        assert_eq!(cu.access(0, true, a, 0x55), (0, true), "write at {a:#x}");
        assert_eq!(cu.access(0, false, a, 0), (0, true), "read at {a:#x}");
    }
    for (&a, &v) in offsets().iter().zip(&vals) {
        assert_eq!(cu.read(0, a), v, "offset {a:#x} after the bad accesses");
    }
    // a reset clears the tables and the registers again
    cu.reset();
    for a in offsets() {
        assert_eq!(cu.read(0, a), 0, "offset {a:#x} after the second reset");
    }
}

// verifies: DTU-R001 DTU-R003 DTU-R004 DTU-R005 DTU-R006 DTU-R007 DTU-R008 DTU-R009 DTU-R010
// verifies: DTU-R011 DTU-R013 DTU-R109
#[test]
fn dtu_core_map_reset_values_and_bad_offsets_native() {
    check("dtu_core_map_native", 0xD70, |rng| {
        map_and_reset(Backend::Native, rng)
    });
}

#[test]
fn dtu_core_map_reset_values_and_bad_offsets_verilator() {
    if !verilator::require("dtu_core map in Verilator") {
        return;
    }
    check("dtu_core_map_verilator", 0xD71, |rng| {
        map_and_reset(Backend::Verilator, rng)
    });
}

/// A receive endpoint, mostly legal: 2^slots slots (slots 0-5, sometimes 6 or 7) of 2^ss bytes
/// (sometimes huge), header index sometimes past the table, masks and counts sometimes
/// inconsistent with each other (software may write anything).
fn random_recv_ep(rng: &mut Rng) -> [u64; 3] {
    let slots = if rng.chance(0.1) {
        6 + rng.below(2)
    } else {
        rng.below(6)
    };
    let ss = match rng.below(10) {
        0 => rng.below(80),
        _ => 5 + rng.below(8),
    };
    let header = if rng.chance(0.15) {
        rng.below(1 << 20)
    } else {
        rng.below(NUM_HDRS as u64)
    };
    let buffer = match rng.below(6) {
        0 => rng.next_u64(),
        _ => rng.below(1 << 40) << 6,
    };
    let n = 1u64 << slots.min(5);
    let nmask = if n == 32 { 0xFFFF_FFFF } else { (1 << n) - 1 };
    let mut occ = rng.next_u64() & nmask;
    let mut unread = rng.next_u64() & occ;
    if rng.chance(0.1) {
        occ = rng.next_u64() & 0xFFFF_FFFF;
        unread = rng.next_u64() & 0xFFFF_FFFF;
    }
    let msgs = if rng.chance(0.9) {
        (unread & nmask).count_ones() as u64
    } else {
        rng.below(64)
    };
    let mut e = w::recv_ep(buffer, ss, slots, header);
    e[0] = recv_ep::UNREAD.set(recv_ep::OCCUPIED.set(0, occ), unread);
    e[2] = recv_ep::MSGS.set(e[2], msgs);
    e[2] = recv_ep::RPOS.set(
        e[2],
        if rng.chance(0.9) {
            rng.below(n)
        } else {
            rng.below(64)
        },
    );
    e[2] = recv_ep::WPOS.set(e[2], rng.below(n));
    e
}

/// A message address for ACK_MSG / REPLY on `e`: mostly a slot's start, sometimes off by a
/// little, below the buffer, or past the last slot.
fn message_addr(e: &[u64; 3], rng: &mut Rng) -> u64 {
    let buf = recv_ep::BUFFER.get(e[1]);
    let ss = recv_ep::SLOT_SIZE.get(e[2]).min(63);
    let n = 1u64 << recv_ep::SLOTS.get(e[2]).min(5);
    let a = match rng.below(8) {
        0 => buf.wrapping_add(1 + rng.below(7)),
        1 => buf.wrapping_sub(1 << ss),
        2 => buf.wrapping_add(n << ss),
        3 => rng.next_u64(),
        _ => buf.wrapping_add(rng.below(n) << ss),
    };
    a & command::ARG0.max()
}

fn compare_all(cu: &mut DtuNet, s: &System, what: &str) {
    for a in offsets() {
        assert_eq!(
            cu.read(0, a),
            s.pes[0].mmio_read(a).unwrap(),
            "{what}: offset {a:#x}"
        );
    }
}

fn random_commands(backend: Backend, rng: &mut Rng, n: usize) {
    let mut cu = DtuNet::new(backend, 1, 0, 0);
    let mut s = System::new(1, 0);
    let mut recv: Vec<usize> = vec![];
    let mut seen = [0usize; 5];
    for i in 0..n {
        match rng.below(10) {
            0 | 1 => {
                // (re)configure an endpoint: a receive endpoint, or another type
                let ep = rng.below(NUM_EPS as u64) as usize;
                let e = if rng.chance(0.85) {
                    random_recv_ep(rng)
                } else {
                    [rng.next_u64(), rng.next_u64(), rng.next_u64()]
                };
                for (j, &x) in e.iter().enumerate() {
                    cu.write(0, w::ep_addr(ep, j), x);
                    assert!(s.pes[0].mmio_write(w::ep_addr(ep, j), x));
                }
                if EP_T.get(e[2]) == 2 {
                    recv.push(ep);
                }
            }
            2 => {
                // a header entry, mostly reply-enabled
                let k = rng.below(NUM_HDRS as u64) as usize;
                let mut h = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
                if rng.chance(0.7) {
                    h[2] = hd::FLAGS.set(h[2], hd::REPLY_ENABLED | rng.below(4));
                }
                for (j, &x) in h.iter().enumerate() {
                    cu.write(0, w::hd_addr(k, j), x);
                    assert!(s.pes[0].mmio_write(w::hd_addr(k, j), x));
                }
            }
            _ => {
                let ep = match rng.below(10) {
                    0 => rng.below(256),
                    1 => rng.below(NUM_EPS as u64),
                    _ => recv
                        .get(rng.below(recv.len().max(1) as u64) as usize)
                        .copied()
                        .unwrap_or(0) as u64,
                };
                let e = s.pes[0].eps[(ep as usize) % NUM_EPS];
                let (op, arg0) = match rng.below(10) {
                    0 => (7 + rng.below(9), rng.below(1 << 48)),
                    1..=4 => (Op::Fetch as u64, rng.below(1 << 48)),
                    _ => (Op::AckMsg as u64, message_addr(&e, rng)),
                };
                let cmd = command::ARG0.set(command::EP.set(op, ep), arg0);
                // DATA and ARG1 as the CU left them: random
                let data = rng.next_u64();
                let arg1 = rng.next_u64();
                cu.write(0, w::DATA, data);
                cu.write(0, w::ARG1, arg1);
                s.pes[0].data = data;
                s.pes[0].arg1 = arg1;
                let want = s.command(0, cmd);
                let (got, _) = cu.command(0, cmd);
                let what = format!("command {i}: op {op} ep {ep} arg0 {arg0:#x} on {e:x?}");
                assert_eq!(got, want, "{what}: COMMAND");
                assert_eq!(cu.read(0, w::ARG1), s.pes[0].arg1, "{what}: ARG1");
                if (ep as usize) < NUM_EPS {
                    assert_eq!(
                        cu.ep(0, ep as usize),
                        s.pes[0].eps[ep as usize],
                        "{what}: the endpoint"
                    );
                }
                let code = command::ERR.get(got) as usize;
                seen[code] += 1;
                if i % 25 == 0 {
                    compare_all(&mut cu, &s, &what);
                }
            }
        }
    }
    compare_all(&mut cu, &s, "at the end");
    // every outcome occurred
    for e in [Error::None, Error::InvEp, Error::InvArgs] {
        assert!(
            seen[e as usize] > 0,
            "no command ended with {e:?}: {seen:?}"
        );
    }
}

// verifies: DTU-R012 DTU-R014 DTU-R015 DTU-R016 DTU-R027 DTU-R028 DTU-R029 DTU-R030 DTU-R031
// verifies: DTU-R032 DTU-R033 DTU-R034 DTU-R037 DTU-R038 DTU-R039 DTU-R040 DTU-R042
// verifies: DTU-R095 DTU-R096 DTU-R097 DTU-R098 DTU-R099 DTU-R100 DTU-R101 DTU-R102 DTU-R103
// verifies: DTU-R104 DTU-R105
#[test]
fn dtu_core_fetch_and_ack_msg_match_the_model_native() {
    check("dtu_core_commands_native", 0xD72, |rng| {
        random_commands(Backend::Native, rng, 300)
    });
}

#[test]
fn dtu_core_fetch_and_ack_msg_match_the_model_verilator() {
    if !verilator::require("dtu_core commands in Verilator") {
        return;
    }
    check("dtu_core_commands_verilator", 0xD73, |rng| {
        random_commands(Backend::Verilator, rng, 3000)
    });
}

//! `ppe_rx` (native and Verilated) against the reference model's `receive`: an rslot table set
//! up through the host port, then seeded random traffic fed with random gaps: messages to
//! several rslots cut into packets of up to 128 bytes and sent in random order, interleaved
//! (the packet with use_msg_size, use_msg_offset and the metadata anywhere in its message),
//! header-only packets, acks, and bad packets of every kind (wrong node, wrong incarnation,
//! dst_slot at and past RSLOT_LIMIT and past the table, an invalid rslot, offsets and sizes at
//! and past the buffer's end, damaged frames). Every event is compared with the model's
//! outcome (error bit, ack, host address, every payload word, completion and the rslot words a
//! completion notification reads); every data packet with a payload makes exactly one host
//! write of it, answered before its event, and nothing else writes host memory (each rslot's
//! buffer allocated in the host-memory model; slot 6's only half as large as its rslot says,
//! so a write past its half is answered with an error, which the event reports); at the end
//! the whole table is read back and compared.

use super::dut::{read_payload, Dut};
use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::model::{receive, Config, Outcome};
use nicgen_sim::system::hostmem::{DmaWrMemory, DmaWrPorts, MemServer};
use nicgen_wire::ppe::{
    address0, address1, control0, control1, error_status, rslot, Packet, RSLOT_WORDS,
};
use std::collections::BTreeMap;

const SLOTS: usize = 64;

/// A host access to the rslot table (a read's word, or 0 for a write).
pub(super) fn host(d: &mut Dut, addr: usize, write: Option<u32>) -> u32 {
    d.set("h_addr", addr as u64);
    d.set("h_wdata", write.unwrap_or(0) as u64);
    d.set("h_we", write.is_some() as u64);
    d.set("h_re", write.is_none() as u64);
    while d.get("h_ready") == 0 {
        d.cycle();
    }
    d.cycle();
    d.set("h_we", 0);
    d.set("h_re", 0);
    d.get("h_rdata") as u32
}

/// A message's packets: `size` bytes to `slot` at `off` in its buffer, in random order.
pub(super) fn message(
    rng: &mut Rng,
    cfg: &Config,
    slot: u16,
    off: u32,
    size: u32,
) -> Vec<Vec<u32>> {
    let mut pk = vec![];
    let mut at = 0;
    loop {
        let n = (size - at).min(128);
        let first = at == 0;
        let mut c0 = control0::INCARNATION.set(0, cfg.incarnation as u64);
        c0 = control0::REMOTE_OFFSET.set(c0, (off + at) as u64);
        if first {
            c0 = control0::USE_MSG_SIZE.set(c0, 1);
            c0 = control0::USE_MSG_OFFSET.set(c0, 1);
        }
        let p = Packet {
            address0: address0::DST_NODE.set(0, cfg.local_node as u64) as u32,
            address1: address1::DST_SLOT.set(0, slot as u64) as u32,
            control0: c0 as u32,
            control1: control1::MSG_SIZE.set(0, if first { size as u64 } else { 0 }) as u32
                | control1::META_LEN.set(0, rng.below(8)) as u32,
            meta: (first && rng.chance(0.5)).then(|| [0; 4].map(|_| rng.next_u64() as u32)),
            payload: (0..n / 4).map(|_| rng.next_u64() as u32).collect(),
        };
        pk.push(p.frame());
        at += n;
        if at >= size {
            break;
        }
    }
    // random order
    for i in (1..pk.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        pk.swap(i, j);
    }
    pk
}

/// A bad or odd packet.
fn odd(rng: &mut Rng, cfg: &Config, sizes: &[u32]) -> Vec<u32> {
    let slot = rng.below(10) as u16;
    let mut c0 = control0::INCARNATION.set(0, cfg.incarnation as u64);
    let size = sizes.get(slot as usize).copied().unwrap_or(256);
    let words = rng.below(33) as u32;
    // never a good data packet that moves bytes (it would disturb the messages in flight):
    // past the end, or a header-only packet at the end
    let off = match rng.below(3) {
        0 => size,
        1 => size + 4,
        _ => (size + 4).saturating_sub(4 * words),
    };
    c0 = control0::REMOTE_OFFSET.set(c0, off as u64);
    let mut node = cfg.local_node as u64;
    let mut fab = 0;
    match rng.below(7) {
        0 => node ^= 1,
        1 => c0 = control0::INCARNATION.set(c0, (cfg.incarnation as u64 + 1) & 15),
        2 => c0 = control0::ACK_PKT.set(c0, 1),
        // a miscellaneous fabric packet (AMB-18)
        3 => fab = 1 + rng.below(15),
        _ => {}
    }
    let p = Packet {
        address0: (address0::DST_NODE.set(0, node) | address0::FAB_BITS.set(0, fab)) as u32,
        address1: address1::DST_SLOT.set(0, slot as u64) as u32,
        control0: c0 as u32,
        control1: 0,
        meta: rng.chance(0.3).then(|| [1, 2, 3, 4]),
        payload: (0..words).map(|_| rng.next_u64() as u32).collect(),
    };
    let mut f = p.frame();
    if rng.chance(0.2) {
        let i = rng.below(f.len() as u64) as usize;
        f[i] ^= 1 << rng.below(32);
    }
    f
}

/// The traffic: `messages` messages to slots 0-6 (one in flight per slot, sizes and offsets
/// inside each slot's buffer of `sizes`), their packets interleaved, and odd packets between.
pub(super) fn traffic(
    rng: &mut Rng,
    cfg: &Config,
    sizes: &[u32],
    messages: usize,
) -> Vec<Vec<u32>> {
    let mut frames: Vec<Vec<u32>> = vec![];
    let mut pending: Vec<(u16, Vec<Vec<u32>>)> = vec![];
    for _ in 0..messages {
        // a slot with no message in flight (software's guarantee, PPE-R147)
        let free: Vec<u16> = (0..7)
            .filter(|k| pending.iter().all(|p| p.0 != *k))
            .collect();
        let slot = free[rng.below(free.len() as u64) as usize];
        let size = 4 * rng.below(sizes[slot as usize] as u64 / 4 + 1) as u32;
        let off = 4 * rng.below((sizes[slot as usize] - size) as u64 / 4 + 1) as u32;
        pending.push((slot, message(rng, cfg, slot, off, size)));
        // send some packets of the messages in flight, interleaved
        while !pending.is_empty() && (pending.len() > 3 || rng.chance(0.5)) {
            let i = rng.below(pending.len() as u64) as usize;
            frames.push(pending[i].1.remove(0));
            if pending[i].1.is_empty() {
                pending.remove(i);
            }
            if rng.chance(0.3) {
                frames.push(odd(rng, cfg, sizes));
            }
        }
    }
    for (_, m) in pending {
        frames.extend(m);
    }
    frames
}

/// A `ppe_rx` with its rslot table written through the host port: slots 0-6 valid (slot 7
/// not), buffers of 256 B .. 2 KB in host memory, slot 6's only half as large as its rslot says
/// (and last); (bench, config, the table, buffer sizes, bases, the end of slot 6's half).
struct Setup {
    r: Dut,
    cfg: Config,
    table: Vec<[u32; RSLOT_WORDS]>,
    sizes: Vec<u32>,
    bases: [u32; 8],
    half_end: u64,
}

fn setup(backend: Backend, rng: &mut Rng) -> Setup {
    let mut r = Dut::new("ppe_rx", backend);
    let cfg = Config {
        local_node: 5,
        incarnation: 9,
        rslot_limit: 8,
    };
    r.set("local_node", cfg.local_node as u64);
    r.set("incarnation", cfg.incarnation as u64);
    r.set("rslot_limit", cfg.rslot_limit as u64);
    // slots 0-6 valid (slot 7 not), buffers of 256 .. 2 KB; the rest zero
    let mut table = vec![[0u32; RSLOT_WORDS]; SLOTS];
    let sizes: Vec<u32> = (0..8).map(|_| 256 * (1 + rng.below(8) as u32)).collect();
    // host memory: each rslot's buffer allocated (slot 6's only half as large as its rslot
    // says, and last: a payload written past its half is answered with an error)
    let mut srv = MemServer::new(0x1000_0000);
    srv.strict = false;
    let mut bases = [0u32; 8];
    for k in [0, 1, 2, 3, 4, 5, 7, 6] {
        let len = if k == 6 { sizes[k] / 2 } else { sizes[k] };
        bases[k] = srv.mem.alloc(len as usize, 64).unwrap() as u32;
    }
    let half_end = bases[6] as u64 + sizes[6] as u64 / 2;
    let mut mem = DmaWrMemory::new(DmaWrPorts::bind(&r.ports, "dma_"), srv, rng.next_u64());
    mem.ready_rate = 0.7;
    r.mem = Some(mem);
    for (k, s) in table.iter_mut().enumerate().take(8) {
        s[rslot::BUFFER_BASE_PHYS] = bases[k];
        s[rslot::BUFFER_SIZE] = sizes[k];
        s[rslot::CONTROL] = (rng.next_u64() as u32 & 0xFFFF_3000) | if k < 7 { 1 << 15 } else { 0 };
        s[rslot::ACK_NOTE] = rng.next_u64() as u32 & 0xFFFF_0000;
    }
    for (k, s) in table.iter().enumerate() {
        for (j, &v) in s.iter().enumerate() {
            host(&mut r, k * RSLOT_WORDS + j, Some(v));
        }
    }
    Setup {
        r,
        cfg,
        table,
        sizes,
        bases,
        half_end,
    }
}

fn run(backend: Backend, rng: &mut Rng, messages: usize) {
    let Setup {
        mut r,
        cfg,
        mut table,
        sizes,
        bases,
        half_end,
    } = setup(backend, rng);
    let frames = traffic(rng, &cfg, &sizes, messages);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut seen_writes = 0;
    for (at, f) in frames.iter().enumerate() {
        let want = receive(&cfg, &mut table, f);
        r.feed(f, rng);
        r.wait("ev_valid", 300, &format!("frame {at}"));
        let writes = r.mem.as_ref().unwrap().log.len();
        assert!(
            r.mem.as_ref().unwrap().idle(),
            "frame {at}: event before the write's answer"
        );
        let (st, ack, data) = (
            r.get("ev_status") as u32,
            r.get("ev_ack") != 0,
            r.get("ev_data") != 0,
        );
        match &want {
            Outcome::Error(s) => {
                assert_eq!((st, ack, data), (*s, false, false), "frame {at}: error");
                assert_eq!(writes, seen_writes, "frame {at}: an error packet wrote");
                for (k, n) in ["ev_w0", "ev_w1", "ev_w2", "ev_w3"]
                    .iter()
                    .enumerate()
                    .take(f.len())
                {
                    assert_eq!(r.get(n) as u32, f[k], "frame {at}: {n}");
                }
                *seen
                    .entry(if *s == error_status::MISC_PKT {
                        "misc"
                    } else {
                        "error"
                    })
                    .or_default() += 1;
            }
            Outcome::Ack => {
                assert_eq!((st, ack, data), (0, true, false), "frame {at}: ack");
                assert_eq!(writes, seen_writes, "frame {at}: an ack packet wrote");
                *seen.entry("ack").or_default() += 1;
            }
            Outcome::Data {
                host_addr,
                payload,
                completed,
            } => {
                assert_eq!((st, ack, data), (0, false, true), "frame {at}: data");
                // step 10: one write of the payload, answered before the event (an error
                // exactly when it runs past slot 6's half buffer)
                let log = &r.mem.as_ref().unwrap().log;
                if payload.is_empty() {
                    assert_eq!(writes, seen_writes, "frame {at}: a write without payload");
                } else {
                    assert_eq!(writes, seen_writes + 1, "frame {at}: one write");
                    let w = &log[writes - 1];
                    assert_eq!(
                        (w.addr, &w.words),
                        (*host_addr as u64, payload),
                        "frame {at}: write"
                    );
                    let past =
                        w.addr >= bases[6] as u64 && w.addr + 4 * payload.len() as u64 > half_end;
                    assert_eq!(r.get("ev_host_err") != 0, past, "frame {at}: host error");
                    if past {
                        *seen.entry("host error").or_default() += 1;
                    }
                }
                assert_eq!(
                    r.get("ev_host_addr") as u32,
                    *host_addr,
                    "frame {at}: host address"
                );
                assert_eq!(
                    r.get("ev_words") as usize,
                    payload.len(),
                    "frame {at}: words"
                );
                assert_eq!(
                    &read_payload(&mut r, payload.len()),
                    payload,
                    "frame {at}: payload"
                );
                assert_eq!(
                    r.get("ev_complete") != 0,
                    completed.is_some(),
                    "frame {at}: complete"
                );
                if let Some(s) = completed {
                    let names = [
                        ("ev_rs_ctl", rslot::CONTROL),
                        ("ev_rs_msg_size", rslot::MSG_SIZE),
                        ("ev_rs_msg_offset", rslot::MSG_OFFSET),
                        ("ev_rs_ack_note", rslot::ACK_NOTE),
                        ("ev_rs_meta_ctl", rslot::META_CTL),
                        ("ev_rs_meta0", rslot::METADATA),
                        ("ev_rs_meta1", rslot::METADATA + 1),
                        ("ev_rs_meta2", rslot::METADATA + 2),
                        ("ev_rs_meta3", rslot::METADATA + 3),
                    ];
                    for (n, j) in names {
                        assert_eq!(r.get(n) as u32, s[j], "frame {at}: {n}");
                    }
                    *seen.entry("complete").or_default() += 1;
                }
                *seen.entry("data").or_default() += 1;
            }
        }
        seen_writes = writes;
        r.set("ev_take", 1);
        r.cycle();
        r.set("ev_take", 0);
    }
    for (k, s) in table.iter().enumerate() {
        for (j, &v) in s.iter().enumerate() {
            assert_eq!(
                host(&mut r, k * RSLOT_WORDS + j, None),
                v,
                "rslot {k} word {j} at the end"
            );
        }
    }
    eprintln!("  {} frames: {seen:?}", frames.len());
    assert!(
        seen.len() == 6 && seen["complete"] * 2 > messages,
        "coverage {seen:?}"
    );
}

// verifies: PPE-R129 PPE-R135 PPE-R136 PPE-R137 PPE-R138 PPE-R141 PPE-R142 PPE-R143
// verifies: PPE-R145 PPE-R152
#[test]
fn rx_updates_rslots_and_offers_every_packet_verilator() {
    if !verilator::require("ppe_rx in Verilator") {
        return;
    }
    check("ppe_rx_verilator", 0x99E4, |rng| {
        run(Backend::Verilator, rng, 2000)
    });
}

#[test]
fn rx_updates_rslots_and_offers_every_packet_native() {
    check("ppe_rx_native", 0x99E5, |rng| run(Backend::Native, rng, 30));
}

/// PPE-R144 with the packets back to back: each valid slot gets messages whose packets (in
/// random order) follow one another on the port with no gap, so a packet's rslot read comes
/// right after the previous packet's write of the same rslot; every event is taken in the cycle
/// it is offered. Each event must be the model's for its packet (host address, words, the
/// completion and the rslot words it reports), which a read that misses the previous packet's
/// bytes_to_go would break at once; at the end the whole table is the model's.
fn back_to_back(backend: Backend, rng: &mut Rng, messages: usize) {
    let Setup {
        mut r,
        cfg,
        mut table,
        sizes,
        ..
    } = setup(backend, rng);
    let mut frames = vec![];
    for m in 0..messages {
        let slot = (m % 6) as u16;
        let size = 4 * (32 + rng.below(sizes[slot as usize] as u64 / 4 - 32 + 1) as u32);
        frames.extend(message(rng, &cfg, slot, 0, size.min(sizes[slot as usize])));
    }
    let want: Vec<Outcome> = frames
        .iter()
        .map(|f| receive(&cfg, &mut table, f))
        .collect();
    let mut words: std::collections::VecDeque<(u32, bool, bool)> = frames
        .iter()
        .flat_map(|f| {
            let n = f.len();
            f.iter()
                .enumerate()
                .map(move |(i, &w)| (w, i == 0, i == n - 1))
        })
        .collect();
    r.set("rx_keep", 0xF);
    let mut got = 0;
    for cycle in 0.. {
        assert!(cycle < 200 * frames.len(), "events stop at {got}");
        if got == frames.len() {
            break;
        }
        let offer = words.front().copied();
        if let Some((w, first, last)) = offer {
            r.set("rx_data", w as u64);
            r.set("rx_first", first as u64);
            r.set("rx_last", last as u64);
        }
        r.set("rx_valid", offer.is_some() as u64);
        let ev = r.get("ev_valid") != 0;
        if ev {
            let at = got;
            let Outcome::Data {
                host_addr,
                payload,
                completed,
            } = &want[at]
            else {
                panic!("frame {at}: the model says {:?}", want[at])
            };
            assert_eq!(
                (
                    r.get("ev_status"),
                    r.get("ev_host_addr") as u32,
                    r.get("ev_words") as usize,
                    r.get("ev_complete") != 0
                ),
                (0, *host_addr, payload.len(), completed.is_some()),
                "frame {at}: status, host address, words, completion"
            );
            if let Some(s) = completed {
                assert_eq!(r.get("ev_rs_msg_size") as u32, s[rslot::MSG_SIZE]);
                assert_eq!(r.get("ev_rs_msg_offset") as u32, s[rslot::MSG_OFFSET]);
            }
            got += 1;
        }
        r.set("ev_take", ev as u64);
        let took = offer.is_some() && r.get("rx_ready") != 0;
        r.cycle();
        if took {
            words.pop_front();
        }
    }
    r.set("ev_take", 0);
    r.set("rx_valid", 0);
    for (k, s) in table.iter().enumerate() {
        for (j, &v) in s.iter().enumerate() {
            assert_eq!(
                host(&mut r, k * RSLOT_WORDS + j, None),
                v,
                "rslot {k} word {j} at the end"
            );
        }
    }
}

// verifies: PPE-R144
#[test]
fn rx_packets_of_one_rslot_back_to_back_verilator() {
    if !verilator::require("ppe_rx in Verilator") {
        return;
    }
    check("ppe_rx_back_to_back_verilator", 0x99E6, |rng| {
        back_to_back(Backend::Verilator, rng, 60)
    });
}

#[test]
fn rx_packets_of_one_rslot_back_to_back_native() {
    check("ppe_rx_back_to_back_native", 0x99E7, |rng| {
        back_to_back(Backend::Native, rng, 12)
    });
}

//! PPUT into the IOC (`ftnw::ioc::Ioc`): the root-complex model's CPU writes packets into the
//! TX window (BAR0, `nicgen_wire::ftnw::txwin`) as write-combining flushes (64-byte lines in
//! random order, sometimes in 16- or 4-byte pieces) or as Dword runs of random length and start
//! (1 to 64 Dwords, across items and packets), all writes of a round shuffled; PIC's TX-window
//! path and the six re-order buffers must hand every packet to its link whole, once, with every
//! byte, in the order the packets were completed. A scoreboard predicts that order from the
//! writes. Plus the bad input: partial byte enables, a missing link, duplicate Dwords, aliasing
//! packets and writes into a packet waiting to leave, each refused and flagged, none changing a
//! packet (and LINK_EXC's record of them). Then TFCNT's counters in host memory, a message of
//! twice DATA_MEM with and without the split, PPUT while the host takes no completion, and
//! writes of 4 KB. On the native model and on the emitted Verilog (Verilator), with the TNW
//! clock slower and faster than the IOC's. The requirements each test verifies are above it.

use nicgen_sim::ftnw::ioc_host::{meta, Exc, Pput};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::pcie::WcCpu;
use nicgen_wire::ftnw::txwin::{tx_offset, LINKS, ROB_SLOTS};
use std::collections::HashMap;

/// Packet payloads of a round and the order the writes complete them per link.
struct Round {
    /// `(link, meta)` -> payload words.
    want: HashMap<(usize, u16), Vec<u32>>,
    /// TX-window writes in issue order: `(offset, bytes)`.
    writes: Vec<(u64, Vec<u8>)>,
}

impl Round {
    /// Per link up to 3 messages (random VC, RAO, 1-24 packets), no two packets of a link in
    /// one DATA_MEM slot; written as write-combining flushes or as random Dword runs.
    fn random(rng: &mut Rng) -> Self {
        let mut want = HashMap::new();
        let mut spans: Vec<(u64, usize)> = vec![];
        for l in 0..LINKS {
            let mut slots = [false; ROB_SLOTS];
            for _ in 0..rng.below(4) {
                let vc = rng.below(8) as u8;
                let base = rng.below(2048) as u16;
                let n = (1 + rng.below(24) as u16).min(2048 - base);
                if (0..n).any(|i| slots[(base + i) as usize % ROB_SLOTS]) {
                    continue;
                }
                for i in 0..n {
                    slots[(base + i) as usize % ROB_SLOTS] = true;
                    let words: Vec<u32> = (0..32).map(|_| rng.next_u64() as u32).collect();
                    want.insert((l, meta(vc, base + i)), words);
                }
                spans.push((tx_offset(l as u8, vc, base), n as usize * 128));
            }
        }
        let bytes_at = |want: &HashMap<(usize, u16), Vec<u32>>, off: u64| -> u8 {
            let t = nicgen_wire::ftnw::txwin::tx_target(off).unwrap();
            let w = &want[&(t.link as usize, meta(t.vc, t.rao))];
            (w[t.byte as usize / 4] >> (8 * (t.byte % 4))) as u8
        };
        let mut writes = vec![];
        if rng.chance(0.5) {
            let mut wc = WcCpu::new(rng.next_u64());
            for &(off, len) in &spans {
                let b: Vec<u8> = (0..len as u64).map(|i| bytes_at(&want, off + i)).collect();
                wc.store(off, &b);
            }
            writes = wc.flush();
        } else {
            for &(off, len) in &spans {
                let mut at = 0usize;
                while at < len {
                    let mut n = 4 * (1 + rng.below(64) as usize);
                    // a write stays inside its 4 KB page
                    n = n.min(len - at).min(4096 - ((off as usize + at) & 4095));
                    let b = (0..n as u64).map(|i| bytes_at(&want, off + at as u64 + i));
                    writes.push((off + at as u64, b.collect()));
                    at += n;
                }
            }
            for i in (1..writes.len()).rev() {
                writes.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        Self { want, writes }
    }

    /// Per link, the packets in the order the writes complete them.
    fn order(&self) -> [Vec<u16>; LINKS] {
        let mut left: HashMap<(usize, u16), u32> = self.want.keys().map(|&k| (k, 32)).collect();
        let mut out: [Vec<u16>; LINKS] = Default::default();
        for (off, b) in &self.writes {
            for d in (0..b.len()).step_by(4) {
                let t = nicgen_wire::ftnw::txwin::tx_target(off + d as u64).unwrap();
                let k = (t.link as usize, meta(t.vc, t.rao));
                let c = left.get_mut(&k).unwrap();
                *c -= 1;
                if *c == 0 {
                    out[k.0].push(k.1);
                }
            }
        }
        out
    }
}

/// `rounds` random rounds; every packet arrives once, whole, in completion order per link.
fn run_rounds(rng: &mut Rng, backend: Backend, tnw_period: u64, rounds: usize) {
    let mut d = Pput::new(backend, tnw_period, rng.next_u64());
    for r in 0..rounds {
        let round = Round::random(rng);
        let order = round.order();
        for (off, b) in &round.writes {
            d.write(*off, b);
        }
        d.deliver(rng, round.want.len(), &format!("round {r}"));
        for l in 0..LINKS {
            let got: Vec<u16> = d.got[l].iter().map(|p| p.0).collect();
            assert_eq!(
                got, order[l],
                "round {r}, link {l}: packets in completion order"
            );
            for (m, words) in d.got[l].drain(..) {
                assert_eq!(
                    words,
                    round.want[&(l, m)],
                    "round {r}, link {l}, packet rao {} vc {}",
                    m >> 3,
                    m & 7
                );
            }
        }
        assert_eq!(d.seen, Exc::default(), "round {r}: no write refused");
    }
}

// verifies: FTNW-H002 FTNW-H044 FTNW-H046 FTNW-H047 FTNW-H051 FTNW-H052 FTNW-H053 FTNW-H054
// verifies: FTNW-H083
// verifies: FTNW-H082 FTNW-H139
#[test]
fn pput_packets_in_any_write_order_reach_their_links_whole() {
    check("ioc_pput", 0x1A0, |rng| {
        run_rounds(rng, Backend::Native, 4000, 4);
        run_rounds(rng, Backend::Native, 6_002, 3); // TNW slower
        run_rounds(rng, Backend::Native, 2_602, 3); // TNW faster
    });
}

// verifies: FTNW-H002 FTNW-H044 FTNW-H046 FTNW-H047 FTNW-H051 FTNW-H052 FTNW-H053 FTNW-H054
// verifies: FTNW-H083
// verifies: FTNW-H082 FTNW-H139
#[test]
fn pput_packets_in_any_write_order_reach_their_links_whole_verilator() {
    if !verilator::require("pput_packets_in_any_write_order_reach_their_links_whole_verilator") {
        return;
    }
    check("ioc_pput_verilator", 0x1A1, |rng| {
        run_rounds(rng, Backend::Verilator, 4000, 12);
        run_rounds(rng, Backend::Verilator, 10_002, 8);
        run_rounds(rng, Backend::Verilator, 1_602, 8);
    });
}

/// A packet's 128 bytes from its words.
fn bytes(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Bytes as little-endian Dwords (whole ones).
fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The bad writes, one kind after the other; the exceptions counted exactly (the pulses, and
/// LINK_EXC's sticky bits and count, then cleared by writing 1), the packets intact.
fn refusals(rng: &mut Rng, backend: Backend) {
    use nicgen_wire::ftnw::ioc::{IOC_REGS_BASE, LINK_EXC};
    let mut d = Pput::new(backend, 4000, rng.next_u64());
    let words = |rng: &mut Rng| -> Vec<u32> { (0..32).map(|_| rng.next_u64() as u32).collect() };
    // also LINK_EXC: the sticky bits of the kinds seen, the count of the cycles; then cleared
    let expect =
        |d: &mut Pput, rng: &mut Rng, l: usize, want: &[(u16, Vec<u32>)], exc: Exc, what: &str| {
            let got: Vec<(u16, Vec<u32>)> = d.got[l].drain(..).collect();
            assert_eq!(got, want, "{what}: link {l}'s packets");
            for (k, g) in d.got.iter().enumerate() {
                assert!(g.is_empty(), "{what}: a packet on link {k}");
            }
            assert_eq!(d.seen, exc, "{what}: exceptions");
            d.seen = Exc::default();
            let at = IOC_REGS_BASE + LINK_EXC.offset;
            let v = d.reg_read(rng, at);
            let bits = [
                (exc.partial, LINK_EXC::TX_PARTIAL),
                (exc.link, LINK_EXC::TX_LINK),
                (exc.overrun, LINK_EXC::TX_OVERRUN),
                (exc.header, LINK_EXC::TX_HEADER),
            ]
            .iter()
            .fold(0, |a, (n, f)| if *n > 0 { f.set(a, 1) } else { a });
            let n = exc.partial + exc.link + exc.overrun + exc.header;
            assert_eq!(v, LINK_EXC::COUNT.set(bits, n), "{what}: LINK_EXC");
            d.reg_write(at, &0x003f_0000u32.to_le_bytes());
            d.drain(rng, 20);
            assert_eq!(d.reg_read(rng, at), 0, "{what}: LINK_EXC cleared");
        };
    // partial byte enables (first, last, one Dword) and links 6 and 7: dropped whole
    d.write(tx_offset(0, 0, 5) + 1, &[1, 2, 3, 4, 5, 6, 7]);
    d.write(tx_offset(0, 0, 5), &[1; 10]);
    d.write(tx_offset(0, 0, 5) + 8, &[1; 2]);
    d.write(tx_offset(6, 0, 0), &[1; 128]);
    d.write(tx_offset(7, 3, 9) + 16, &[1; 4]);
    d.drain(rng, 100);
    let e = Exc {
        partial: 3,
        link: 2,
        ..Default::default()
    };
    expect(&mut d, rng, 0, &[], e, "partial and missing link");
    // a Dword written twice: the second copy is refused, the packet keeps the first
    let a = words(rng);
    let off = tx_offset(1, 2, 7);
    d.write(off, &bytes(&a)[..64]);
    d.write(off + 12, &[0xee; 4]);
    d.write(off + 64, &bytes(&a)[64..]);
    d.drain(rng, 100);
    let e = Exc {
        overrun: 1,
        ..Default::default()
    };
    expect(&mut d, rng, 1, &[(meta(2, 7), a)], e, "duplicate Dwords");
    // aliasing: another RAO with the same slot, another VC with the same RAO
    let b = words(rng);
    let off = tx_offset(2, 1, 9);
    d.write(off, &bytes(&b)[..32]);
    d.write(tx_offset(2, 1, 9 + ROB_SLOTS as u16) + 32, &[0xee; 16]);
    d.write(tx_offset(2, 3, 9) + 100, &[0xee; 4]);
    d.write(off + 32, &bytes(&b)[32..]);
    d.drain(rng, 100);
    let e = Exc {
        header: 2,
        ..Default::default()
    };
    expect(&mut d, rng, 2, &[(meta(1, 9), b)], e, "aliasing packets");
    // a packet waiting for its link: writes into its slot are refused until it has left
    let c = words(rng);
    let later = words(rng);
    d.hold[3] = true;
    d.write(tx_offset(3, 0, 0), &bytes(&c));
    d.drain(rng, 50);
    d.write(tx_offset(3, 0, 0) + 4, &[0xee; 4]);
    d.write(tx_offset(3, 0, ROB_SLOTS as u16), &[0xee; 16]);
    d.drain(rng, 50);
    let e = Exc {
        overrun: 2,
        ..Default::default()
    };
    expect(&mut d, rng, 3, &[], e, "while waiting");
    d.hold[3] = false;
    d.drain(rng, 100);
    expect(
        &mut d,
        rng,
        3,
        &[(meta(0, 0), c)],
        Exc::default(),
        "after waiting",
    );
    // the slot is free again
    d.write(tx_offset(3, 0, ROB_SLOTS as u16), &bytes(&later));
    d.drain(rng, 100);
    let m = meta(0, ROB_SLOTS as u16);
    expect(&mut d, rng, 3, &[(m, later)], Exc::default(), "slot reused");
}

// verifies: FTNW-H048 FTNW-H055 FTNW-H056 FTNW-H057 FTNW-H084 FTNW-H094 FTNW-H157 FTNW-H166
#[test]
fn pput_bad_writes_are_refused_and_flagged_without_touching_packets() {
    check("ioc_pput_refusals", 0x1A2, |rng| {
        refusals(rng, Backend::Native)
    });
}

// verifies: FTNW-H048 FTNW-H055 FTNW-H056 FTNW-H057 FTNW-H084 FTNW-H094 FTNW-H157 FTNW-H166
#[test]
fn pput_bad_writes_are_refused_and_flagged_without_touching_packets_verilator() {
    if !verilator::require("pput_bad_writes_are_refused_and_flagged_verilator") {
        return;
    }
    check("ioc_pput_refusals_verilator", 0x1A3, |rng| {
        refusals(rng, Backend::Verilator)
    });
}

/// TFCNT: each link's count of packets sent mirrored into host memory (a 64-byte buffer at
/// TFCNT_ADDR, link l's 32-bit counter at +8l), checked against the packets the scoreboard saw
/// leave: nothing written before the address is set and the counters reset; the reset writes 0; after every round the
/// counters equal the packets sent since; with THRESHOLD 4 and a slow link, ten packets give
/// exactly the writes 4, 8 and 10; nothing is written while bus mastering is off, the count
/// catches up when it is on again; a reset of one link leaves the others.
fn tfcnt(rng: &mut Rng, backend: Backend, rounds: usize) {
    use nicgen_driver::HostMem;
    use nicgen_wire::ftnw::ioc::{IOC_REGS_BASE, TFCNT_ADDR_LO, TFCNT_CTRL, TFCNT_RST};
    let mut d = Pput::new(backend, 4000, rng.next_u64());
    let buf = d.rc.mem.mem.alloc(64, 64).unwrap();
    d.rc.mem.mem.write(buf, &[0xaa; 64]).unwrap();
    let counters = |d: &mut Pput| -> Vec<u32> {
        let mut b = [0u8; 64];
        d.rc.mem.mem.read(buf, &mut b).unwrap();
        (0..LINKS)
            .map(|l| {
                let c = u32::from_le_bytes(b[8 * l..8 * l + 4].try_into().unwrap());
                let pad = &b[8 * l + 4..8 * l + 8];
                assert_eq!(pad, [0xaa; 4], "link {l}: bytes 4-7 of its slot untouched");
                c
            })
            .collect()
    };
    let reg = |d: &mut Pput, off: u32, v: u64, n: usize| {
        d.reg_write(IOC_REGS_BASE + off, &v.to_le_bytes()[..n]);
    };
    // packets before the address is set: no write
    for k in 0..3 {
        d.write(tx_offset(0, 0, k), &[k as u8; 128]);
    }
    d.drain(rng, 300);
    assert!(
        d.rq_log.is_empty(),
        "a counter written before TFCNT_ADDR was set"
    );
    // address (one 8-byte write), threshold 1, reset all: six zeros
    reg(&mut d, TFCNT_ADDR_LO.offset, buf, 8);
    reg(&mut d, TFCNT_CTRL.offset, 1, 4);
    reg(&mut d, TFCNT_RST.offset, 0x3f, 4);
    d.drain(rng, 200);
    assert_eq!(counters(&mut d), vec![0; LINKS], "after the reset");
    let mut sent = [0u32; LINKS];
    for g in d.got.iter_mut() {
        g.clear();
    }
    for r in 0..rounds {
        let round = Round::random(rng);
        for (off, b) in &round.writes {
            d.write(*off, b);
        }
        d.deliver(rng, round.want.len(), &format!("round {r}"));
        for (l, g) in d.got.iter_mut().enumerate() {
            sent[l] += g.len() as u32;
            g.clear();
        }
        assert_eq!(
            counters(&mut d),
            sent.to_vec(),
            "round {r}: NWP_CNT in host memory"
        );
    }
    // threshold 4, a slow link: ten packets are written at 4, 8 and 10
    reg(&mut d, TFCNT_CTRL.offset, 4, 4);
    d.drain(rng, 50);
    d.p_ready = 0.3;
    d.clear_rq_log();
    for k in 0..10 {
        d.write(tx_offset(1, 2, 100 + k), &[k as u8; 128]);
    }
    d.drain(rng, 600);
    d.p_ready = 0.8;
    let at = buf + 8;
    let base = sent[1];
    let want: Vec<(u64, u32)> = [4, 8, 10].iter().map(|&n| (at, base + n)).collect();
    assert_eq!(d.rq_log, want, "link 1's writes with THRESHOLD 4");
    sent[1] += 10;
    // bus mastering off: counted, not written; on again: written
    reg(&mut d, TFCNT_CTRL.offset, 1, 4);
    d.set_bus_master(false);
    d.clear_rq_log();
    for k in 0..2 {
        d.write(tx_offset(3, 0, k), &[k as u8; 128]);
    }
    d.drain(rng, 300);
    assert!(d.rq_log.is_empty(), "a write with bus mastering off");
    d.set_bus_master(true);
    d.drain(rng, 100);
    sent[3] += 2;
    assert_eq!(
        counters(&mut d),
        sent.to_vec(),
        "after bus mastering is back"
    );
    // one link's reset
    reg(&mut d, TFCNT_RST.offset, 1 << 3, 4);
    d.drain(rng, 100);
    sent[3] = 0;
    assert_eq!(counters(&mut d), sent.to_vec(), "after link 3's reset");
    assert_eq!(d.seen, Exc::default(), "no write refused");
}

// verifies: FTNW-H079 FTNW-H090 FTNW-H091 FTNW-H092 FTNW-H158 FTNW-H159 FTNW-H162
#[test]
fn tfcnt_mirrors_the_packets_each_link_sent_into_host_memory() {
    check("ioc_tfcnt", 0x1A4, |rng| tfcnt(rng, Backend::Native, 3));
}

// verifies: FTNW-H079 FTNW-H090 FTNW-H091 FTNW-H092 FTNW-H158 FTNW-H159 FTNW-H162
#[test]
fn tfcnt_mirrors_the_packets_each_link_sent_into_host_memory_verilator() {
    if !verilator::require("tfcnt_mirrors_the_packets_each_link_sent_verilator") {
        return;
    }
    check("ioc_tfcnt_verilator", 0x1A5, |rng| {
        tfcnt(rng, Backend::Verilator, 8)
    });
}

/// DATA_MEM aliasing (FTNW-H056; the procedure of H126, which libftnw will follow): a message of twice DATA_MEM's 64 packets written into one
/// link at once loses packets (the second half's packets meet the first half's in their slots
/// and are refused, flagged as invalid header or overrun); the same message split in two, the
/// second half written only once TFCNT shows the first half has left, arrives whole.
fn aliasing(rng: &mut Rng, backend: Backend) {
    use nicgen_driver::HostMem;
    use nicgen_wire::ftnw::ioc::{IOC_REGS_BASE, TFCNT_ADDR_LO, TFCNT_RST};
    let mut d = Pput::new(backend, 4000, rng.next_u64());
    let buf = d.rc.mem.mem.alloc(64, 64).unwrap();
    d.reg_write(IOC_REGS_BASE + TFCNT_ADDR_LO.offset, &buf.to_le_bytes());
    d.reg_write(IOC_REGS_BASE + TFCNT_RST.offset, &[0x3f, 0, 0, 0]);
    d.drain(rng, 100);
    let n = 2 * ROB_SLOTS as u16;
    let msg: Vec<Vec<u8>> = (0..n)
        .map(|_| (0..128).map(|_| rng.below(256) as u8).collect())
        .collect();
    let want: Vec<(u16, Vec<u32>)> = (0..n)
        .map(|k| (meta(2, k), words(&msg[k as usize])))
        .collect();
    // at once, the link slower than the writes
    d.p_ready = 0.2;
    for k in 0..n {
        d.write(tx_offset(4, 2, k), &msg[k as usize]);
    }
    d.drain(rng, 3000);
    let got: Vec<(u16, Vec<u32>)> = d.got[4].drain(..).collect();
    assert!(
        got.len() < n as usize,
        "all {n} packets arrived without the split"
    );
    assert!(
        got.iter().all(|p| want.contains(p)),
        "a packet arrived changed"
    );
    assert!(d.seen.header + d.seen.overrun > 0, "the refusals flagged");
    // split: the second half once TFCNT says the first has left
    let mut d = Pput::new(backend, 4000, rng.next_u64());
    let buf = d.rc.mem.mem.alloc(64, 64).unwrap();
    d.reg_write(IOC_REGS_BASE + TFCNT_ADDR_LO.offset, &buf.to_le_bytes());
    d.reg_write(IOC_REGS_BASE + TFCNT_RST.offset, &[0x3f, 0, 0, 0]);
    d.p_ready = 0.2;
    for half in 0..2u16 {
        let base = half * ROB_SLOTS as u16;
        for k in base..base + ROB_SLOTS as u16 {
            d.write(tx_offset(4, 2, k), &msg[k as usize]);
        }
        let start = d.cycles;
        loop {
            let mut c = [0u8; 4];
            d.rc.mem.mem.read(buf + 8 * 4, &mut c).unwrap();
            if u32::from_le_bytes(c) == (base + ROB_SLOTS as u16) as u32 {
                break;
            }
            d.event(rng);
            assert!(
                d.cycles - start < 200_000,
                "TFCNT never showed the half sent"
            );
        }
    }
    d.drain(rng, 100);
    let got: Vec<(u16, Vec<u32>)> = d.got[4].drain(..).collect();
    assert_eq!(got, want, "the split message");
    assert_eq!(d.seen, Exc::default(), "no refusal with the split");
}

// verifies: FTNW-H056
#[test]
fn a_message_larger_than_data_mem_needs_the_split() {
    check("ioc_aliasing", 0x1A6, |rng| aliasing(rng, Backend::Native));
}

/// Nothing on PIC's side waits for the completer side (FTNW-H060, H081): with the host taking no
/// completion, a register read waits at CC, register writes queue behind it in CMD_FIFO, and
/// 20 packets written into the TX window meanwhile all reach their link; once completions are
/// taken again the read completes with its value and the queued writes take effect in order.
fn no_wait_for_completions(rng: &mut Rng, backend: Backend) {
    use nicgen_sim::pcie::ReadResult;
    use nicgen_wire::ftnw::ioc::{IOC_REGS_BASE, TFCNT_CTRL};
    let mut d = Pput::new(backend, 4000, rng.next_u64());
    let at = IOC_REGS_BASE + TFCNT_CTRL.offset;
    d.cc_hold = true;
    let tag = d.rc.cpu_read(
        2,
        nicgen_sim::ftnw::ioc_host::BAR2_APERTURE,
        nicgen_sim::ftnw::ioc_host::BAR2 + at as u64,
        4,
    );
    for v in [7u32, 9, 11] {
        d.reg_write(at, &v.to_le_bytes());
    }
    let pk: Vec<Vec<u8>> = (0..20)
        .map(|_| (0..128).map(|_| rng.below(256) as u8).collect())
        .collect();
    for (k, p) in pk.iter().enumerate() {
        d.write(tx_offset(5, 1, k as u16), p);
    }
    d.drain(rng, 0);
    let start = d.cycles;
    while d.got[5].len() < 20 {
        d.event(rng);
        assert!(
            d.cycles - start < 20_000,
            "PPUT held up behind a register read"
        );
    }
    assert!(
        d.rc.read_results.is_empty(),
        "the read completed while CC was held"
    );
    d.cc_hold = false;
    let v = loop {
        if let Some((t, r)) = d.rc.read_results.pop_front() {
            assert_eq!(t, tag);
            break r;
        }
        d.event(rng);
        assert!(d.cycles - start < 40_000, "the read never completed");
    };
    assert_eq!(
        v,
        ReadResult::Data(1u32.to_le_bytes().to_vec()),
        "the read's value (reset 1)"
    );
    assert_eq!(d.reg_read(rng, at), 11, "the last queued write");
    let want: Vec<(u16, Vec<u32>)> = pk
        .iter()
        .enumerate()
        .map(|(k, p)| (meta(1, k as u16), words(p)))
        .collect();
    let got: Vec<(u16, Vec<u32>)> = d.got[5].drain(..).collect();
    assert_eq!(got, want);
}

// verifies: FTNW-H060 FTNW-H081
#[test]
fn pput_never_waits_for_a_register_completion() {
    check("ioc_no_wait", 0x1A7, |rng| {
        no_wait_for_completions(rng, Backend::Native)
    });
}

// verifies: FTNW-H060 FTNW-H081
#[test]
fn pput_never_waits_for_a_register_completion_verilator() {
    if !verilator::require("pput_never_waits_for_a_register_completion_verilator") {
        return;
    }
    check("ioc_no_wait_verilator", 0x1A8, |rng| {
        no_wait_for_completions(rng, Backend::Verilator)
    });
}

/// PIC takes a TX-window write of the PCIe maximum, 4 KB (1024 Dwords, one header beat and 256
/// payload beats), as it takes a short one (FTNW-H045): 32 packets, whole, in address order; then
/// a page written from the last Dword of its first item on (realigned across every beat, one
/// more item at the end) and its first 12 bytes after it.
fn max_payload_writes(rng: &mut Rng, backend: Backend) {
    let mut d = Pput::new(backend, 4000, rng.next_u64());
    let bytes: Vec<u8> = (0..4096).map(|_| rng.below(256) as u8).collect();
    d.write(tx_offset(2, 6, 32), &bytes);
    d.drain(rng, 600);
    let want: Vec<(u16, Vec<u32>)> = (0..32)
        .map(|k| (meta(6, 32 + k), words(&bytes[128 * k as usize..][..128])))
        .collect();
    let got: Vec<(u16, Vec<u32>)> = d.got[2].drain(..).collect();
    assert_eq!(got, want, "one 4 KB write");
    // the same page written from Dword 3 of its first item (1021 Dwords, every beat
    // realigned, one item more at the end), its first 12 bytes apart
    let rest: Vec<u8> = (0..4096 - 12).map(|_| rng.below(256) as u8).collect();
    d.write(tx_offset(0, 1, 64) + 12, &rest);
    d.write(tx_offset(0, 1, 64), &[0x11; 12]);
    d.drain(rng, 600);
    let mut all = vec![0x11u8; 12];
    all.extend_from_slice(&rest);
    let mut got: Vec<(u16, Vec<u32>)> = d.got[0].drain(..).collect();
    got.sort_by_key(|p| p.0);
    let want: Vec<(u16, Vec<u32>)> = (0..32)
        .map(|k| (meta(1, 64 + k), words(&all[128 * k as usize..][..128])))
        .collect();
    assert_eq!(got, want, "a 4 KB write from the last Dword of an item");
    assert_eq!(d.seen, Exc::default(), "no write refused");
}

// verifies: FTNW-H045
#[test]
fn pput_takes_writes_up_to_4_kb() {
    check("ioc_pput_4k", 0x1A9, |rng| {
        max_payload_writes(rng, Backend::Native)
    });
}

// verifies: FTNW-H045
#[test]
fn pput_takes_writes_up_to_4_kb_verilator() {
    if !verilator::require("pput_takes_writes_up_to_4_kb_verilator") {
        return;
    }
    check("ioc_pput_4k_verilator", 0x1AA, |rng| {
        max_payload_writes(rng, Backend::Verilator)
    });
}

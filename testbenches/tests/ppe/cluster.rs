//! PPE nodes on a model fabric driven by the driver (`nicgen_driver::ppe`): the scenario set of
//! checklist §4.5 (S1-S17). Every node is a `ppe_node` (Verilated; a short run natively), its
//! host memory strict (any PPE write outside an allocated buffer fails the test), the fabric
//! reordering packets. Every test checks every payload byte in the receive buffers and every
//! notification's words.

use nicgen_driver::ppe::{desc_addr, Config, Conn, Note, NoteKind, Ppe, Rslot, Send};
use nicgen_driver::{HostMem, RegAccess};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::net::PpeNet;
use nicgen_sim::ppe::transport::NodeBus;
use nicgen_wire::ppe::error_status as es;
use nicgen_wire::ppe::host as hw;
use nicgen_wire::ppe::send_desc as sd;
use nicgen_wire::ppe::{address0, address1, control0, control1, error_note, misc_note, Packet};

/// Node numbers: one with the top bit of the 12 (AMB-36).
const NUMS: [u16; 5] = [0x001, 0x2A5, 0x801, 0x0FE, 0x555];
/// Lists: 0 errors, 1 receptions, 2 transmit completions, 3 acks.
const L_RX: u16 = 1;
const L_TX: u16 = 2;
const L_ACK: u16 = 3;

struct Cluster {
    net: PpeNet,
    drv: Vec<Ppe>,
}

/// A receive buffer on node `k` and the connection to it.
#[derive(Clone, Copy, Debug)]
struct Rx {
    buf: u32,
    conn: Conn,
}

impl Cluster {
    fn new(backend: Backend, n: usize, seed: u64) -> Self {
        let mut net = PpeNet::new(backend, n, seed);
        let mut drv = vec![];
        for (k, &num) in NUMS.iter().enumerate().take(n) {
            net.nodes[k].num = num;
            let mut p = Ppe::new(Config {
                node: num,
                incarnation: (3 + k as u8) % 16,
                nlhr: 0x2000,
                rslots: 16,
                lists: 4,
                nbqr: 64,
            });
            p.init(&mut NodeBus {
                net: &mut net,
                node: k,
            })
            .unwrap();
            drv.push(p);
        }
        Self { net, drv }
    }

    /// Runs `f` with node k's driver and transport.
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut Ppe, &mut NodeBus) -> R) -> R {
        let mut bus = NodeBus {
            net: &mut self.net,
            node: k,
        };
        f(&mut self.drv[k], &mut bus)
    }

    /// Opens rslot `n` on node `k` with a fresh buffer of `size` bytes; the connection.
    fn open(&mut self, k: usize, n: u16, size: u32, notify: bool, do_acks: bool) -> Rx {
        self.on(k, |p, b| {
            let buf = b.alloc(size.max(4) as usize, 64).unwrap() as u32;
            let conn = p
                .rslot_open(
                    b,
                    n,
                    Rslot {
                        buf,
                        size,
                        note: notify.then_some(L_RX),
                        ack_note: L_ACK,
                        do_acks,
                    },
                )
                .unwrap();
            Rx { buf, conn }
        })
    }

    /// `len` random bytes in node k's send memory; their address and the words.
    fn source(&mut self, k: usize, len: u32, rng: &mut Rng) -> (u32, Vec<u8>) {
        let at = self.net.src_alloc(k, len as usize);
        let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        self.net.nodes[k].rd.srv.mem.write(at, &data).unwrap();
        (at as u32, data)
    }

    /// The bytes of node k's memory at `at`.
    fn host(&self, k: usize, at: u32, len: usize) -> Vec<u8> {
        let mut b = vec![0; len];
        self.net.nodes[k]
            .wr
            .srv
            .mem
            .read(at as u64, &mut b)
            .unwrap();
        b
    }

    /// Steps until the fabric and every port are quiet for 50 cycles.
    fn settle(&mut self) {
        let mut q = 0;
        for _ in 0..2_000_000 {
            q = if self.net.quiet() { q + 1 } else { 0 };
            if q > 50 {
                return;
            }
            self.net.step();
        }
        let n = self.net.len();
        let st: Vec<String> = (0..n)
            .map(|k| {
                format!(
                    "node {k}: queued {} in flight {} tx idle {} rd idle {} wr idle {}",
                    self.net.queued(k),
                    self.net.in_flight(k),
                    self.net.tx_idle(k),
                    self.net.nodes[k].rd.idle(),
                    self.net.nodes[k].wr.idle()
                )
            })
            .collect();
        panic!("the fabric never goes quiet: {st:?}");
    }
}

/// A test on Verilated nodes (skipped loudly without Verilator), seeded as `check` seeds.
pub(super) fn verilated(name: &str, seed: u64, body: impl Fn(&mut Rng)) {
    if verilator::require("ppe_node in Verilator") {
        check(name, seed, body);
    }
}

/// The reception notification `n` must report.
fn want_reception(n: &Note, rslot: u16, src: u16, inc: u8, off: u32, size: u32) {
    assert_eq!(
        n.kind(),
        NoteKind::Reception {
            rslot,
            src_node: src & 0xFFF,
            incarnation: inc,
            offset: off,
            size,
            meta: None
        },
        "reception notification {:x?}",
        n.words
    );
}

/// S2: one message between every ordered pair of nodes, DMA and DIO, with and without notify
/// and do_acks, one packet long (4-128 bytes).
fn s2_all_pairs(backend: Backend, rng: &mut Rng) {
    let n = 4;
    let mut c = Cluster::new(backend, n, rng.next_u64());
    for src in 0..n {
        for dst in (0..n).filter(|&d| d != src) {
            let dio = rng.chance(0.5);
            let notify = rng.chance(0.5);
            let do_acks = rng.chance(0.5);
            let len = 4 * (1 + rng.below(32) as u32);
            let slot = 1 + rng.below(15) as u16;
            let rx = c.open(dst, slot, 128, notify, do_acks);
            c.drv[src].sslot_create(rx.conn);
            let (from, data) = if dio {
                let words: Vec<u32> = (0..len / 4).map(|_| rng.next_u64() as u32).collect();
                let at = 0x100 + 4 * rng.below(1000) as u32;
                c.on(src, |p, b| p.xmt_write(b, at, &words)).unwrap();
                (at, words.iter().flat_map(|w| w.to_le_bytes()).collect())
            } else {
                c.source(src, len, rng)
            };
            let mut s = Send::dma(rx.conn, from, len, 0);
            s.dio = dio;
            s.notify = Some(L_TX);
            let h = c.on(src, |p, b| p.send(b, &s)).unwrap();
            c.on(src, |p, b| p.send_wait(b, h)).unwrap();
            let tx = c.on(src, |p, b| p.wait_note(b, L_TX)).unwrap();
            assert_eq!(tx.kind(), NoteKind::TxDone, "{src}->{dst}");
            c.settle();
            assert_eq!(
                c.host(dst, rx.buf, len as usize),
                data,
                "{src}->{dst} payload"
            );
            let rs = c.on(dst, |p, b| p.rslot_read(b, slot)).unwrap();
            assert_eq!(rs[3], 0, "{src}->{dst} bytes_to_go");
            let inc = c.drv[dst].cfg.incarnation;
            if notify {
                let note = c.on(dst, |p, b| p.wait_note(b, L_RX)).unwrap();
                want_reception(&note, slot, NUMS[src], inc, 0, len);
            }
            let irq = c.on(dst, |p, b| p.intr(b)).unwrap();
            assert_eq!(
                irq.tokens,
                if notify {
                    vec![L_RX as u32 + 1]
                } else {
                    vec![]
                },
                "{src}->{dst}: NQR"
            );
            assert_eq!(
                irq.acks,
                if do_acks { vec![slot as u32] } else { vec![] },
                "{src}->{dst}: AQR"
            );
            // the sender's transmit token
            let irq = c.on(src, |p, b| p.intr(b)).unwrap();
            assert_eq!(
                irq.tokens,
                vec![L_TX as u32 + 1],
                "{src}->{dst}: sender's NQR"
            );
            for k in 0..n {
                assert!(
                    c.on(k, |p, b| p.poll(b, 0)).unwrap().is_none(),
                    "node {k}: an error"
                );
            }
            assert!(!c.net.irq(src) && !c.net.irq(dst), "irq after the handler");
        }
    }
    assert!(c.net.undeliverable.is_empty());
}

// verifies: PPE-R102 PPE-R103 PPE-R104 PPE-R148 PPE-R150
#[test]
fn s02_single_packet_messages_between_all_pairs_verilator() {
    verilated("ppe_s02_verilator", 0xC502, |rng| {
        s2_all_pairs(Backend::Verilator, rng)
    });
}

/// The header words (address0 .. control1) of a frame.
fn head(f: &[u32]) -> [u32; 4] {
    f[..4].try_into().unwrap()
}

/// Whether frame `f` is for rslot `slot` and its remote offset.
fn slot_of(f: &[u32]) -> (u64, u64) {
    (
        address1::DST_SLOT.get(f[1] as u64),
        control0::REMOTE_OFFSET.get(f[2] as u64),
    )
}

impl Cluster {
    /// Node k's ejection held until its fabric queue holds `n` frames, which are then put in the
    /// order `order` gives (index into the frames as queued) and released.
    fn deliver_in_order(&mut self, k: usize, n: usize, order: impl Fn(usize) -> Vec<usize>) {
        assert!(
            self.net.run_until(200_000, |net| net.queued(k) >= n),
            "node {k}: {n} frames never queued"
        );
        let q = self.net.queue(k);
        let frames: Vec<Vec<u32>> = q.drain(..).collect();
        for i in order(frames.len()) {
            q.push_back(frames[i].clone());
        }
        self.net.hold(k, false);
    }

    /// A message of `len` bytes from node `src` to `rx` by DMA (payload random), started.
    fn send(
        &mut self,
        src: usize,
        rx: &Rx,
        len: u32,
        rng: &mut Rng,
        tune: impl FnOnce(&mut Send),
    ) -> (Vec<u8>, nicgen_driver::ppe::SendHandle) {
        let (from, data) = self.source(src, len, rng);
        let mut s = Send::dma(rx.conn, from, len, 0);
        tune(&mut s);
        let h = self.on(src, |p, b| p.send(b, &s)).unwrap();
        (data, h)
    }
}

/// S3: long DMA messages on a reordering fabric with back-pressure, and a message whose first
/// packet is delivered last (bytes_to_go negative until it arrives, PPE-R131-R133).
fn s3_long_messages(backend: Backend, rng: &mut Rng, long: u32) {
    let mut c = Cluster::new(backend, 4, rng.next_u64());
    c.net.stress();
    let mut want = vec![];
    for (src, dst) in [(0, 1), (1, 2), (2, 3), (3, 0), (2, 0)] {
        let len = long - 4 * rng.below(64) as u32;
        let rx = c.open(dst, 1 + src as u16, len, true, false);
        c.drv[src].sslot_create(rx.conn);
        let (data, h) = c.send(src, &rx, len, rng, |_| {});
        want.push((src, dst, rx, data, h));
    }
    for (src, _, _, _, h) in &want {
        c.on(*src, |p, b| p.send_wait(b, *h)).unwrap();
    }
    c.settle();
    for (src, dst, rx, data, _) in &want {
        assert_eq!(
            &c.host(*dst, rx.buf, data.len()),
            data,
            "{src}->{dst} payload"
        );
        let rs = c.on(*dst, |p, b| p.rslot_read(b, 1 + *src as u16)).unwrap();
        assert_eq!(rs[3], 0, "{src}->{dst}: bytes_to_go");
        assert_eq!(rs[4], data.len() as u32, "{src}->{dst}: msg_size");
    }
    // one reception notification per message, on its rslot (completions on one node in any
    // order)
    for dst in 0..4 {
        let mut got: Vec<NoteKind> = c
            .on(dst, |p, b| p.drain(b, L_RX))
            .unwrap()
            .iter()
            .map(|n| n.kind())
            .collect();
        let mut exp: Vec<NoteKind> = want
            .iter()
            .filter(|w| w.1 == dst)
            .map(|(src, _, _, data, _)| NoteKind::Reception {
                rslot: 1 + *src as u16,
                src_node: NUMS[*src],
                incarnation: c.drv[dst].cfg.incarnation,
                offset: 0,
                size: data.len() as u32,
                meta: None,
            })
            .collect();
        let key = |k: &NoteKind| format!("{k:?}");
        got.sort_by_key(key);
        exp.sort_by_key(key);
        assert_eq!(got, exp, "node {dst}: reception notifications");
    }
    // first packet last: a 3-packet message from node 0 to node 2, its frames delivered in
    // the order 2, 1, 0
    let rx = c.open(2, 9, 384, true, false);
    c.drv[0].sslot_create(rx.conn);
    c.net.hold(2, true);
    let (data, _) = c.send(0, &rx, 384, rng, |_| {});
    c.deliver_in_order(2, 3, |n| (0..n).rev().collect());
    let n = c.on(2, |p, b| p.wait_note(b, L_RX)).unwrap();
    want_reception(&n, 9, NUMS[0], c.drv[2].cfg.incarnation, 0, 384);
    assert_eq!(c.host(2, rx.buf, 384), data, "first packet last: payload");
    let last = c.net.delivered(2).last().unwrap();
    assert_eq!(slot_of(last), (9, 0), "the first packet arrived last");
}

// verifies: PPE-R123 PPE-R131 PPE-R132 PPE-R133 PPE-R117
#[test]
fn s03_long_messages_on_a_reordering_fabric_verilator() {
    verilated("ppe_s03_verilator", 0xC503, |rng| {
        s3_long_messages(Backend::Verilator, rng, 64 * 1024)
    });
}

/// S4: four descriptors of one node active at once (sizes 1-8 packets) with back-pressure at
/// its port and at the receivers: every message whole, and between two packets of one message
/// at most three others (PPE-R099-R101).
fn s4_four_descriptors(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 4, rng.next_u64());
    c.net.stress();
    c.net.set_tx_rate(0, 0.4);
    for round in 0..3 {
        let mut msgs = vec![];
        for d in 0..4 {
            let dst = 1 + d % 3;
            let slot = 1 + (4 * round + d) as u16;
            let len = 4 * (1 + rng.below(256) as u32);
            let rx = c.open(dst, slot, len, true, false);
            c.drv[0].sslot_create(rx.conn);
            msgs.push((dst, slot, rx, len));
        }
        let first_frame = c.net.log.len();
        let mut sent = vec![];
        for (dst, slot, rx, len) in &msgs {
            let (data, h) = c.send(0, rx, *len, rng, |s| s.notify = Some(L_TX));
            sent.push((*dst, *slot, rx.buf, data, h));
        }
        for (.., h) in &sent {
            c.on(0, |p, b| p.send_wait(b, *h)).unwrap();
        }
        c.settle();
        for (dst, slot, buf, data, _) in &sent {
            assert_eq!(
                &c.host(*dst, *buf, data.len()),
                data,
                "round {round} slot {slot}"
            );
        }
        let tx = c.on(0, |p, b| p.drain(b, L_TX)).unwrap();
        assert_eq!(tx.len(), 4, "round {round}: transmit completions");
        // fairness over node 0's frames of this round: a message's packets, by (node, slot)
        let key = |f: &[u32]| (address0::DST_NODE.get(f[0] as u64), slot_of(f).0);
        let frames: Vec<(u64, u64)> = c.net.log[first_frame..]
            .iter()
            .filter(|s| s.src == 0)
            .map(|s| key(&s.frame))
            .collect();
        for m in &msgs {
            let k = (NUMS[m.0] as u64, m.1 as u64);
            let at: Vec<usize> = (0..frames.len()).filter(|&i| frames[i] == k).collect();
            assert_eq!(
                at.len() as u32,
                m.3.div_ceil(128),
                "round {round}: packets of {k:?}"
            );
            for w in at.windows(2) {
                assert!(
                    w[1] - w[0] <= 4,
                    "round {round}: {} packets between two of {k:?}",
                    w[1] - w[0] - 1
                );
            }
        }
    }
}

// verifies: PPE-R099 PPE-R100
#[test]
fn s04_four_descriptors_share_the_port_fairly_verilator() {
    verilated("ppe_s04_verilator", 0xC504, |rng| {
        s4_four_descriptors(Backend::Verilator, rng)
    });
}

/// S5: a scatter message (three parts on three descriptors at once, then a control packet with
/// the total) and a DIO stream (parts copied into XMT_RAM, the first with use_msg_offset, then
/// a control packet), each completing once whatever order its packets arrive in.
fn s5_scatter_and_stream(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 4, rng.next_u64());
    c.net.stress();
    for round in 0..4 {
        let (src, dst) = (round % 4, (round + 1 + round / 2) % 4);
        let dst = if dst == src { (dst + 1) % 4 } else { dst };
        let parts: Vec<u32> = (0..3).map(|_| 4 * (1 + rng.below(100) as u32)).collect();
        let total: u32 = parts.iter().sum();
        let slot = 1 + round as u16;
        let rx = c.open(dst, slot, total, true, false);
        c.drv[src].sslot_create(rx.conn);
        let stream = round % 2 == 1;
        let mut want = vec![];
        let mut hs = vec![];
        let mut off = 0;
        for (i, &len) in parts.iter().enumerate() {
            let mut s;
            if stream {
                let words: Vec<u32> = (0..len / 4).map(|_| rng.next_u64() as u32).collect();
                let at = 0x1000 + 0x1000 * i as u32;
                c.on(src, |p, b| p.xmt_write(b, at, &words)).unwrap();
                want.extend(words.iter().flat_map(|w| w.to_le_bytes()));
                s = Send::dma(rx.conn, at, len, off);
                s.dio = true;
                s.use_msg_offset = i == 0;
            } else {
                let (from, data) = c.source(src, len, rng);
                want.extend(data);
                s = Send::dma(rx.conn, from, len, off);
                s.use_msg_offset = false;
            }
            s.use_msg_size = false;
            hs.push(c.on(src, |p, b| p.send(b, &s)).unwrap());
            off += len;
        }
        let mut ctl = Send::dma(rx.conn, 0, 0, 0);
        ctl.control = true;
        ctl.msg_size = Some(total);
        ctl.use_msg_offset = !stream;
        hs.push(c.on(src, |p, b| p.send(b, &ctl)).unwrap());
        for h in hs {
            c.on(src, |p, b| p.send_wait(b, h)).unwrap();
        }
        let n = c.on(dst, |p, b| p.wait_note(b, L_RX)).unwrap();
        want_reception(&n, slot, NUMS[src], c.drv[dst].cfg.incarnation, 0, total);
        c.settle();
        assert_eq!(
            c.host(dst, rx.buf, total as usize),
            want,
            "round {round} payload"
        );
        assert!(
            c.on(dst, |p, b| p.poll(b, L_RX)).unwrap().is_none(),
            "round {round}: one completion"
        );
    }
}

// verifies: PPE-R105 PPE-R106 PPE-R112 PPE-R134 PPE-R135
#[test]
fn s05_scatter_and_stream_messages_complete_once_verilator() {
    verilated("ppe_s05_verilator", 0xC505, |rng| {
        s5_scatter_and_stream(Backend::Verilator, rng)
    });
}

/// S6: a zero-length message completes with a notification of size 0; a header-only control
/// packet without use_msg_size on an idle rslot completes nothing (AMB-37, PPE-R140).
fn s6_zero_length(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx = c.open(1, 4, 64, true, true);
    c.drv[0].sslot_create(rx.conn);
    let (_, h) = c.send(0, &rx, 0, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    let n = c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
    want_reception(&n, 4, NUMS[0], c.drv[1].cfg.incarnation, 0, 0);
    c.settle();
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert_eq!(
        (irq.tokens, irq.acks),
        (vec![2], vec![4]),
        "zero-length: NQR, AQR"
    );
    let frames = c.net.log.len();
    assert_eq!(frames, 1, "one header-only packet");
    assert_eq!(
        c.net.log[0].frame.len(),
        6,
        "header, checksum word and trailer"
    );
    // a control packet without use_msg_size on the idle rslot
    let mut s = Send::dma(rx.conn, 0, 0, 0);
    s.control = true;
    s.use_msg_size = false;
    s.msg_size = Some(64);
    let h = c.on(0, |p, b| p.send(b, &s)).unwrap();
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.settle();
    assert_eq!(c.net.delivered(1).len(), 2, "both packets taken");
    assert!(
        c.on(1, |p, b| p.poll(b, L_RX)).unwrap().is_none(),
        "a phantom completion"
    );
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert!(irq.tokens.is_empty() && irq.acks.is_empty(), "{irq:?}");
    let rs = c.on(1, |p, b| p.rslot_read(b, 4)).unwrap();
    assert_eq!((rs[3], rs[4]), (0, 0), "bytes_to_go and msg_size unchanged");
    assert_eq!(c.host(1, rx.buf, 64), vec![0; 64], "nothing written");
}

// verifies: PPE-R140 PPE-R117
#[test]
fn s06_zero_length_and_header_only_packets_verilator() {
    verilated("ppe_s06_verilator", 0xC506, |rng| {
        s6_zero_length(Backend::Verilator, rng)
    });
}

/// S7: messages with metadata whose metadata packet (the first) is delivered first, in the
/// middle and last: the reception notification carries the four words each time.
fn s7_metadata_orders(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    for (i, pos) in ["first", "middle", "last"].iter().enumerate() {
        let slot = 1 + i as u16;
        let rx = c.open(1, slot, 384, true, false);
        c.drv[0].sslot_create(rx.conn);
        let meta = [0; 4].map(|_| rng.next_u64() as u32);
        c.net.hold(1, true);
        let (data, _) = c.send(0, &rx, 384, rng, |s| s.meta = Some(meta));
        c.deliver_in_order(1, 3, |_| match i {
            0 => vec![0, 2, 1],
            1 => vec![1, 0, 2],
            _ => vec![2, 1, 0],
        });
        let n = c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
        assert_eq!(
            n.kind(),
            NoteKind::Reception {
                rslot: slot,
                src_node: NUMS[0],
                incarnation: c.drv[1].cfg.incarnation,
                offset: 0,
                size: 384,
                meta: Some(meta),
            },
            "metadata packet {pos}"
        );
        c.settle();
        assert_eq!(
            c.host(1, rx.buf, 384),
            data,
            "metadata packet {pos}: payload"
        );
        let got = c.net.delivered(1);
        let at = got
            .iter()
            .rev()
            .take(3)
            .rev()
            .position(|f| slot_of(f).1 == 0);
        assert_eq!(at, Some([0, 1, 2][i]), "metadata packet {pos}");
        let rs = c.on(1, |p, b| p.rslot_read(b, slot)).unwrap();
        assert_eq!(rs[7], 0, "meta_ctl cleared at completion");
    }
}

// verifies: PPE-R065 PPE-R066 PPE-R067 PPE-R137
#[test]
fn s07_metadata_arrives_first_middle_or_last_verilator() {
    verilated("ppe_s07_verilator", 0xC507, |rng| {
        s7_metadata_orders(Backend::Verilator, rng)
    });
}

/// The notification words of `n` without its `next`.
fn body(n: &Note) -> [u32; 8] {
    let mut w = n.words;
    w[3] = 0;
    w
}

/// S8: the ack flow (do_acks -> AQR -> int_hi -> the handler's ack packet -> the sender's ack
/// notification), an ack delivered in the middle of a data message to the same rslot, and an
/// ack to an rslot that is not open (invalid_rslot at its node).
fn s8_acks(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 3, rng.next_u64());
    // node 0's ack rslot 5 (also a data rslot), node 1's data rslot 2 with do_acks
    let ack_rx = c.open(0, 5, 384, true, false);
    let rx = c.open(1, 2, 256, true, true);
    c.drv[0].sslot_create(rx.conn);
    c.drv[1].sslot_create(ack_rx.conn);
    c.drv[2].sslot_create(ack_rx.conn);
    let (data, h) = c.send(0, &rx, 256, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.settle();
    assert_eq!(c.host(1, rx.buf, 256), data);
    assert!(c.net.irq(1), "int_hi and int_lo raise the interrupt");
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert_eq!(irq.acks, vec![2], "AQR: the rslot");
    // the responder: an ack to the sender's ack rslot, with two 24-bit values
    let (d1, d2) = (0xABCDE, 0x12345);
    let h = c.on(1, |p, b| p.send_ack(b, ack_rx.conn, d1, d2)).unwrap();
    c.on(1, |p, b| p.send_wait(b, h)).unwrap();
    let n = c.on(0, |p, b| p.wait_note(b, L_ACK)).unwrap();
    assert_eq!(
        n.kind(),
        NoteKind::Ack {
            rslot: 5,
            src_node: NUMS[1],
            d1,
            d2
        }
    );
    assert_eq!(n.words[1] >> 24 & 0xF, c.drv[0].cfg.incarnation as u32);
    c.settle();
    let irq = c.on(0, |p, b| p.intr(b)).unwrap();
    assert!(irq.acks.is_empty(), "an ack packet never pushes AQR");
    assert_eq!(irq.tokens, vec![L_ACK as u32 + 1]);
    // an ack in the middle of node 2's 3-packet message to the same rslot
    c.net.hold(0, true);
    let (data, _) = c.send(2, &ack_rx, 384, rng, |_| {});
    c.settle_sends(2);
    let h = c.on(1, |p, b| p.send_ack(b, ack_rx.conn, 7, 9)).unwrap();
    c.on(1, |p, b| p.send_wait(b, h)).unwrap();
    // frames as queued: node 2's three (a run of 3), then the ack: put the ack second
    c.deliver_in_order(0, 4, |_| vec![0, 3, 1, 2]);
    let a = c.on(0, |p, b| p.wait_note(b, L_ACK)).unwrap();
    assert_eq!(
        a.kind(),
        NoteKind::Ack {
            rslot: 5,
            src_node: NUMS[1],
            d1: 7,
            d2: 9
        }
    );
    let r = c.on(0, |p, b| p.wait_note(b, L_RX)).unwrap();
    want_reception(&r, 5, NUMS[2], c.drv[0].cfg.incarnation, 0, 384);
    c.settle();
    assert_eq!(
        c.host(0, ack_rx.buf, 384),
        data,
        "the message around the ack"
    );
    // an ack to rslot 7 of node 0, which is not open
    let bad = Conn {
        rslot: 7,
        ..ack_rx.conn
    };
    let h = c.on(1, |p, b| p.send_ack(b, bad, 1, 2)).unwrap();
    c.on(1, |p, b| p.send_wait(b, h)).unwrap();
    let e = c.on(0, |p, b| p.wait_note(b, 0)).unwrap();
    let f = c.net.delivered(0).last().unwrap().clone();
    assert_eq!(
        body(&e),
        error_note(es::INVALID_RSLOT, &head(&f)),
        "ack to rslot 7"
    );
}

impl Cluster {
    /// Steps until node k's injection port has sent everything its descriptors hold.
    fn settle_sends(&mut self, k: usize) {
        let ok = self.net.run_until(500_000, |net| {
            net.log.iter().filter(|s| s.src == k).count() > 0 && net.tx_idle(k)
        });
        assert!(ok, "node {k} never finishes sending");
        for _ in 0..200 {
            self.net.step();
        }
    }
}

// verifies: PPE-R148 PPE-R151 PPE-R152 PPE-R153 PPE-R154 PPE-R155
#[test]
fn s08_acks_flow_back_to_the_sender_verilator() {
    verilated("ppe_s08_verilator", 0xC508, |rng| {
        s8_acks(Backend::Verilator, rng)
    });
}

/// A forged data packet for node `dst`'s rslot `slot`: `words` payload words at `off`.
fn forge(c: &Cluster, src: usize, dst: usize, slot: u16, off: u32, words: usize) -> Packet {
    Packet {
        address0: address0::DST_NODE.set(0, NUMS[dst] as u64) as u32,
        address1: (address1::DST_SLOT.set(0, slot as u64)
            | address1::SRC_NODE.set(0, NUMS[src] as u64)) as u32,
        control0: (control0::INCARNATION.set(0, c.drv[dst].cfg.incarnation as u64)
            | control0::REMOTE_OFFSET.set(0, off as u64)) as u32,
        control1: 0,
        meta: None,
        payload: (1..=words as u32).collect(),
    }
}

/// S9: one failure per reception check, at the node through the fabric, each an error
/// notification on list 0 with its one bit and the packet's fields, nothing written; the
/// boundary cases that pass (offset == size with no payload, offset + len == size); and the
/// priority of two failures at once (PPE-R123-R147, R155-R164).
fn s9_errors(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx = c.open(1, 2, 256, true, false);
    let ok = c.open(1, 3, 256, true, false);
    let inc = c.drv[1].cfg.incarnation as u64;
    type Edit = fn(&mut Packet);
    let cases: [(&str, u32, u16, u32, usize, Edit); 9] = [
        ("dst_node", es::BAD_DST_NODE, 2, 0, 1, |p| {
            p.address0 = address0::DST_NODE.set(0, 0x7) as u32
        }),
        ("rslot == limit", es::RSLOT_RANGE, 16, 0, 1, |_| {}),
        ("rslot > limit", es::RSLOT_RANGE, 40, 0, 1, |_| {}),
        ("valid = 0", es::INVALID_RSLOT, 6, 0, 1, |_| {}),
        ("stale incarnation", es::BAD_INCARNATION, 2, 0, 1, |p| {
            p.control0 ^= control0::INCARNATION.set(0, 1) as u32
        }),
        ("offset > size", es::BAD_OFFSET, 2, 260, 1, |_| {}),
        ("offset + len > size", es::BAD_SIZE, 2, 252, 2, |_| {}),
        ("offset == size, one word", es::BAD_SIZE, 2, 256, 1, |_| {}),
        (
            "hdr checksum and dst_node",
            es::BAD_HDR_CHKSUM,
            2,
            0,
            1,
            |p| p.address0 = address0::DST_NODE.set(0, 0x7) as u32,
        ),
    ];
    let _ = inc;
    for (what, bit, slot, off, words, edit) in cases {
        let mut p = forge(&c, 0, 1, slot, off, words);
        edit(&mut p);
        let mut f = p.frame();
        if what.starts_with("hdr") {
            f[4] ^= 1 << 16;
        }
        c.net.inject(1, f.clone());
        let e = c.on(1, |p, b| p.wait_note(b, 0)).unwrap();
        assert_eq!(body(&e), error_note(bit, &head(&f)), "{what}");
    }
    // the body checksum: the trailer flipped
    let mut f = forge(&c, 0, 1, 2, 0, 4).frame();
    *f.last_mut().unwrap() ^= 1 << 20;
    c.net.inject(1, f.clone());
    let e = c.on(1, |p, b| p.wait_note(b, 0)).unwrap();
    assert_eq!(body(&e), error_note(es::BAD_BODY_CHKSUM, &head(&f)), "body");
    c.settle();
    assert_eq!(
        c.host(1, rx.buf, 256),
        vec![0; 256],
        "nothing written by an error packet"
    );
    let rs = c.on(1, |p, b| p.rslot_read(b, 2)).unwrap();
    assert_eq!((rs[3], rs[4], rs[5]), (0, 0, 0), "the rslot untouched");
    // the boundaries that pass: no payload at offset == size; the last word at size - 4
    c.net.inject(1, forge(&c, 0, 1, 3, 256, 0).frame());
    c.net.inject(1, forge(&c, 0, 1, 3, 252, 1).frame());
    c.settle();
    assert!(
        c.on(1, |p, b| p.poll(b, 0)).unwrap().is_none(),
        "a boundary case failed"
    );
    let mut want = vec![0u8; 256];
    want[252..].copy_from_slice(&1u32.to_le_bytes());
    assert_eq!(c.host(1, ok.buf, 256), want, "offset + len == size passes");
    let rs = c.on(1, |p, b| p.rslot_read(b, 3)).unwrap();
    assert_eq!(rs[3], (-4i32) as u32, "bytes_to_go -4 (no msg_size yet)");
    let _ = rng;
}

// verifies: PPE-R124 PPE-R125 PPE-R126 PPE-R127 PPE-R128 PPE-R129 PPE-R130 PPE-R156
// verifies: PPE-R157 PPE-R158 PPE-R159
#[test]
fn s09_every_reception_check_fails_once_verilator() {
    verilated("ppe_s09_verilator", 0xC509, |rng| {
        s9_errors(Backend::Verilator, rng)
    });
}

/// S10: a miscellaneous packet clears enable and is reported on list 0; a second one is held
/// off until the handler has read the first through the PRR window and set enable again.
fn s10_misc(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx = c.open(1, 2, 128, true, false);
    c.drv[0].sslot_create(rx.conn);
    let misc = |c: &Cluster, ty: u64, tag: u32| {
        let mut p = forge(c, 0, 1, 2, 0, 4);
        p.address0 |= address0::FAB_BITS.set(0, ty) as u32;
        p.payload[0] = tag;
        p.frame()
    };
    let m1 = misc(&c, 5, 0xAAAA_0001);
    let m2 = misc(&c, 9, 0xBBBB_0002);
    c.net.inject(1, m1.clone());
    let e = c.on(1, |p, b| p.wait_note(b, 0)).unwrap();
    assert_eq!(body(&e), misc_note(&head(&m1)), "the first misc packet");
    let p0 = c.on(1, |_, b| b.read32(hw::PCSR0 as u64)).unwrap();
    assert_eq!(p0 & hw::ENABLE.mask() as u32, 0, "enable cleared");
    c.net.inject(1, m2.clone());
    let before = c.net.delivered(1).len();
    for _ in 0..2000 {
        c.net.step();
    }
    assert_eq!(c.net.delivered(1).len(), before, "the second is held off");
    // RCV_RAM 0xFF00-0xFFFF is the hardware's (PPE-R035): the host's writes there change
    // nothing it reads back
    c.on(1, |_, b| {
        for at in [0xFF00u32, 0xFF1C, 0xFF80, 0xFFFC] {
            b.write32(hw::PRR_PTR as u64, at)?;
            b.write32(hw::PRR_MEM as u64, 0x5A5A_0000 | at)?;
        }
        Ok::<(), nicgen_driver::Error>(())
    })
    .unwrap();
    let kept = c.on(1, |p, b| p.misc_packet(b)).unwrap();
    assert_eq!(kept.header[..4], m1[..4], "header at 0xFF00");
    assert_eq!(kept.payload[..4], m1[5..9], "payload at 0xFF80");
    let e = c.on(1, |p, b| p.wait_note(b, 0)).unwrap();
    assert_eq!(body(&e), misc_note(&head(&m2)), "the second after enable");
    c.on(1, |p, b| p.misc_packet(b)).unwrap();
    // data flows again
    let (data, h) = c.send(0, &rx, 128, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
    c.settle();
    assert_eq!(c.host(1, rx.buf, 128), data);
}

// verifies: PPE-R161 PPE-R162 PPE-R163 PPE-R015 PPE-R035
#[test]
fn s10_misc_packets_stop_the_node_until_handled_verilator() {
    verilated("ppe_s10_verilator", 0xC510, |rng| {
        s10_misc(Backend::Verilator, rng)
    });
}

/// S11: queue pressure. (a) Node 1's host recycles its notification objects but never reads
/// NQR: after 256 tokens the posting stalls, reception stops, the fabric backs up and node 0's
/// descriptors report `stalled`; once NQR is read every message is delivered, none lost. (b)
/// Its host stops recycling objects: NBQR runs empty (the nbqr_empty interrupt), postings wait
/// (PPE-R046) and resume when the handler refills. (c) Writes past 256 entries and null
/// writes to NBQR are ignored (PPE-R062, R063).
fn s11_queue_pressure(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    const N: u32 = 300;
    let rx = c.open(1, 1, 4 * N, true, false);
    c.drv[0].sslot_create(rx.conn);
    let from = c.net.src_alloc(0, 4 * N as usize) as u32;
    let words: Vec<u8> = (0..N).flat_map(|i| (i + 1).to_le_bytes()).collect();
    c.net.nodes[0]
        .rd
        .srv
        .mem
        .write(from as u64, &words)
        .unwrap();
    let msg = |i: u32| Send::dma(rx.conn, from + 4 * i, 4, 4 * i);
    // send until nothing moves for 3000 cycles (node 1's postings stopped at a full NQR)
    let (mut i, mut notes, mut quiet_since) = (0, 0, c.net.cycles);
    while c.net.cycles - quiet_since < 3000 {
        if i < N && c.on(0, |p, b| p.try_send(b, &msg(i))).unwrap().is_some() {
            i += 1;
            quiet_since = c.net.cycles;
        }
        let got = c.on(1, |p, b| p.drain(b, L_RX)).unwrap().len();
        if got > 0 {
            notes += got;
            quiet_since = c.net.cycles;
        }
        c.net.step();
    }
    // 256 tokens on NQR; the 257th posting is written, its token waits for room
    assert_eq!(notes, 257, "postings before the full NQR stopped them");
    assert!(i < N, "node 0 sent everything");
    // node 0's attempts are refused and withdrawn in turn: a descriptor shows stalled between
    // two of them (R092, R101)
    let mut s2 = [0u32; 4];
    let stalled = (0..400).any(|_| {
        s2 = c.on(0, |p, b| p.status2(b)).unwrap();
        s2.iter().any(|&w| w & sd::STALLED.mask() as u32 != 0)
    });
    assert!(stalled, "no descriptor of node 0 stalled: {s2:x?}");
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert!(irq.tokens.len() >= 256, "NQR held 256 tokens");
    assert!(irq.tokens.iter().all(|&t| t == L_RX as u32 + 1));
    let mut tokens = irq.tokens.len();
    while i < N {
        if c.on(0, |p, b| p.try_send(b, &msg(i))).unwrap().is_some() {
            i += 1;
        }
        notes += c.on(1, |p, b| p.drain(b, L_RX)).unwrap().len();
        c.net.step();
    }
    c.settle();
    notes += c.on(1, |p, b| p.drain(b, L_RX)).unwrap().len();
    assert_eq!(notes, N as usize, "every message notified");
    tokens += c.on(1, |p, b| p.intr(b)).unwrap().tokens.len();
    assert_eq!(tokens, N as usize, "one token per message");
    assert_eq!(c.host(1, rx.buf, 4 * N as usize), words, "every payload");
    // (b) no recycling: 64 objects on NBQR at init, 300 used and given back: drain them by
    // messages without polling
    let before = c.net.nodes[1].wr.log.len();
    let mut sent = 0;
    let mut empty_irq = false;
    for _ in 0..20_000 {
        if sent < 80 {
            if c.on(0, |p, b| p.try_send(b, &msg(sent))).unwrap().is_some() {
                sent += 1;
            }
        } else {
            break;
        }
        let p1 = c.on(1, |_, b| b.read32(hw::PCSR1 as u64)).unwrap();
        if p1 & hw::NBQR_EMPTY.mask() as u32 != 0 && c.net.irq(1) {
            empty_irq = true;
        }
    }
    // postings wait for objects (the fabric holds the rest)
    for _ in 0..3000 {
        c.net.step();
    }
    assert!(
        c.net.queued(1) > 0,
        "node 1 took every frame without objects"
    );
    let p1 = c.on(1, |_, b| b.read32(hw::PCSR1 as u64)).unwrap();
    empty_irq |= p1 & hw::NBQR_EMPTY.mask() as u32 != 0 && c.net.irq(1);
    assert!(empty_irq, "NBQR never ran empty with the interrupt");
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert!(irq.refilled > 0, "the handler refilled NBQR");
    c.settle();
    let posted = c.on(1, |p, b| p.drain(b, L_RX)).unwrap().len();
    assert_eq!(posted, 80, "every posting after the refill, none lost");
    assert!(c.net.nodes[1].wr.log.len() > before);
    // (c) NBQR is full (the handler topped it up to 256): another write and a null write
    let p1 = c.on(1, |_, b| b.read32(hw::PCSR1 as u64)).unwrap();
    assert_ne!(p1 & hw::NBQR_FULL.mask() as u32, 0, "NBQR full at 256");
    let extra = c.on(1, |_, b| b.alloc(32, 32)).unwrap() as u32;
    c.on(1, |_, b| b.write32(hw::NBQR as u64, extra)).unwrap();
    // (a driver never writes 0 to NBQR: the host-rule check is off for this write)
    c.net.host_rules = false;
    c.on(1, |_, b| b.write32(hw::NBQR as u64, 0)).unwrap();
    c.net.host_rules = true;
    // FIFO order: the extra object, had it been kept, would be the 257th taken; 300
    // postings (objects recycled as they are read) never use it
    let one = c.open(1, 2, 4, true, false);
    c.drv[0].sslot_create(one.conn);
    let mut nexts = vec![];
    let mut k = 0;
    for _ in 0..100_000 {
        if nexts.len() >= 300 {
            break;
        }
        if k < 300
            && c.on(0, |p, b| p.try_send(b, &Send::dma(one.conn, from, 4, 0)))
                .unwrap()
                .is_some()
        {
            k += 1;
        }
        let got = c.on(1, |p, b| p.drain(b, L_RX)).unwrap();
        nexts.extend(got.iter().map(|n| n.words[3]));
        if c.net.irq(1) {
            c.on(1, |p, b| p.intr(b)).unwrap();
        }
        c.net.step();
    }
    assert_eq!(nexts.len(), 300, "300 postings");
    assert!(!nexts.contains(&extra), "the write to a full NBQR was kept");
    assert!(!nexts.contains(&0), "a null object used");
}

// verifies: PPE-R039 PPE-R040 PPE-R046 PPE-R048 PPE-R049 PPE-R062 PPE-R063
#[test]
fn s11_queue_pressure_backs_up_into_the_fabric_verilator() {
    verilated("ppe_s11_verilator", 0xC511, |rng| {
        s11_queue_pressure(Backend::Verilator, rng)
    });
}

/// One notified single-packet message from node 0 to `rx` (4 bytes), delivered.
fn ping(c: &mut Cluster, rx: &Rx, rng: &mut Rng) {
    let (_, h) = c.send(0, rx, 4, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.settle();
}

/// S12: interrupt semantics (§3.4, AMB-23): tokens arriving while int_lo is set raise no new
/// interrupt and are all read by one clear-then-drain; the wrong order (drain, then clear)
/// loses the wakeup of a token that arrives in between; nbqr_empty raises the interrupt until
/// NBQR is written (PPE-R036-R053).
fn s12_interrupts(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx = c.open(1, 1, 4, true, false);
    c.drv[0].sslot_create(rx.conn);
    let int_lo = hw::INT_LO.mask() as u32;
    let pcsr1 = |c: &mut Cluster| c.on(1, |_, b| b.read32(hw::PCSR1 as u64)).unwrap();
    assert!(!c.net.irq(1));
    ping(&mut c, &rx, rng);
    assert!(
        c.net.irq(1) && pcsr1(&mut c) & int_lo != 0,
        "int_lo on the first token"
    );
    // coalescing: two more while the bit is set
    let mut rises = 0;
    let mut level = true;
    for _ in 0..2 {
        let (_, h) = c.send(0, &rx, 4, rng, |_| {});
        c.on(0, |p, b| p.send_wait(b, h)).unwrap();
        for _ in 0..500 {
            c.net.step();
            rises += (!level && c.net.irq(1)) as u32;
            level = c.net.irq(1);
        }
    }
    assert_eq!(rises, 0, "the interrupt fell and rose while int_lo was set");
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert_eq!(irq.tokens, vec![2; 3], "one handler run reads all three");
    assert!(!c.net.irq(1), "interrupt low after clear-then-drain");
    c.on(1, |p, b| p.drain(b, L_RX)).unwrap();
    // drain, then clear: a token in between is left on NQR with no interrupt (PPE-R051)
    ping(&mut c, &rx, rng);
    assert!(c.net.irq(1));
    assert_eq!(c.on(1, |_, b| b.read32(hw::NQR as u64)).unwrap(), 2);
    assert_eq!(
        c.on(1, |_, b| b.read32(hw::NQR as u64)).unwrap(),
        0,
        "drained"
    );
    ping(&mut c, &rx, rng);
    c.on(1, |_, b| b.write32(hw::PCSR1 as u64, !int_lo))
        .unwrap();
    for _ in 0..200 {
        c.net.step();
    }
    assert!(!c.net.irq(1), "no interrupt for the token left behind");
    assert_eq!(pcsr1(&mut c) & int_lo, 0);
    assert_eq!(
        c.on(1, |_, b| b.read32(hw::NQR as u64)).unwrap(),
        2,
        "the lost wakeup: a token on NQR"
    );
    // a write of 1 to int_lo leaves it; int_hi is not touched by a write aimed at int_lo
    c.on(1, |_, b| b.write32(hw::PCSR1 as u64, u32::MAX))
        .unwrap();
    assert_eq!(pcsr1(&mut c) & int_lo, 0, "a 1 does not set int_lo");
    c.on(1, |p, b| p.drain(b, L_RX)).unwrap();
    // nbqr_empty: every object taken (node 1 stops recycling), the interrupt stays until a write
    let given = c.drv[1].nbqr_given;
    let mut whole = forge(&c, 0, 1, 1, 0, 1);
    whole.control0 |= control0::USE_MSG_SIZE.mask() as u32;
    whole.control1 = control1::MSG_SIZE.set(0, 4) as u32;
    for _ in 0..given {
        c.net.inject(1, whole.frame());
    }
    c.settle();
    let p1 = pcsr1(&mut c);
    assert_ne!(
        p1 & hw::NBQR_EMPTY.mask() as u32,
        0,
        "NBQR empty after {given} postings"
    );
    let irq = c.on(1, |p, b| p.intr(b)).unwrap();
    assert_eq!(irq.tokens.len(), given, "a token per posting");
    assert!(irq.refilled > 0);
    assert_eq!(pcsr1(&mut c) & hw::NBQR_EMPTY.mask() as u32, 0, "refilled");
    assert!(!c.net.irq(1), "the interrupt falls with the refill");
}

// verifies: PPE-R036 PPE-R041 PPE-R042 PPE-R043 PPE-R050 PPE-R051 PPE-R052 PPE-R053
#[test]
fn s12_interrupts_coalesce_and_clear_before_drain_verilator() {
    verilated("ppe_s12_verilator", 0xC512, |rng| {
        s12_interrupts(Backend::Verilator, rng)
    });
}

/// S13: stop and resume (§5.3.3): go cleared between packets (the message saved and resumed on
/// another descriptor), while the fabric refuses everything (the attempt abandoned, the suspend
/// returns stalled, R096), during the last packet (the descriptor finishes); go written while
/// busy is ignored (PPE-R082-R098).
fn s13_stop_and_resume(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx = c.open(1, 1, 4096, true, false);
    c.drv[0].sslot_create(rx.conn);
    c.net.set_tx_rate(0, 0.3);
    let (data, h) = c.send(0, &rx, 4096, rng, |s| s.notify = Some(L_TX));
    // a few packets out, then stop
    let sent = |c: &Cluster| c.net.log.iter().filter(|s| s.src == 0).count();
    assert!(c.net.run_until(100_000, |n| n.log.len() >= 5));
    // go written again while busy: ignored (the message goes on as it was)
    let c1 = c
        .on(0, |_, b| b.read32(desc_addr(h.desc, sd::CONTROL1)))
        .unwrap();
    c.on(0, |_, b| {
        b.write32(
            desc_addr(h.desc, sd::CONTROL1),
            sd::MSG_SIZE.set(c1 as u64, 4) as u32,
        )
    })
    .unwrap();
    let st = c.on(0, |p, b| p.send_suspend(b, h.desc)).unwrap();
    let n = sent(&c);
    assert!(n >= 5 && n < 32, "{n} packets before the stop");
    assert!(!st.done());
    assert_eq!(
        st.bytes_to_go(),
        4096 - 128 * n as u32,
        "progress of {n} packets"
    );
    assert_eq!(
        st.words[sd::MSG_ADDRESS] - st.words[sd::MSG_ADDRESS] % 128,
        st.words[sd::MSG_ADDRESS],
        "msg_address moved by whole packets"
    );
    for _ in 0..2000 {
        c.net.step();
    }
    assert_eq!(sent(&c), n, "a packet after the stop");
    // another message on the same descriptor meanwhile (timesharing), then the resume on
    // another one
    let rx2 = c.open(1, 2, 256, true, false);
    c.drv[0].sslot_create(rx2.conn);
    let (d2, h2) = c.send(0, &rx2, 256, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h2)).unwrap();
    let other = (h.desc + 1) % 4;
    let h3 = c.on(0, |p, b| p.send_resume(b, other, &st)).unwrap();
    c.on(0, |p, b| p.send_wait(b, h3)).unwrap();
    c.settle();
    assert_eq!(c.host(1, rx.buf, 4096), data, "the resumed message");
    assert_eq!(c.host(1, rx2.buf, 256), d2, "the message in between");
    let notes = c.on(1, |p, b| p.drain(b, L_RX)).unwrap();
    assert_eq!(notes.len(), 2, "two completions");
    let tx = c.on(0, |p, b| p.drain(b, L_TX)).unwrap();
    assert_eq!(
        tx.len(),
        1,
        "the resumed message's completion (h2 asked for none)"
    );
    // a stop while the fabric refuses everything, forever: the attempt on the port is
    // withdrawn after 64 refusals and the suspend returns stalled with nothing sent (R096);
    // resumed once the fabric takes packets again, the message arrives whole
    let rx3 = c.open(1, 3, 1024, true, false);
    c.drv[0].sslot_create(rx3.conn);
    let before = sent(&c);
    c.net.set_tx_rate(0, 0.0);
    let (d3, h) = c.send(0, &rx3, 1024, rng, |_| {});
    for _ in 0..200 {
        c.net.step();
    }
    let s2 = c.on(0, |p, b| p.status2(b)).unwrap()[h.desc];
    assert_ne!(
        s2 & (sd::STALLED.mask() | sd::BUSY.mask()) as u32,
        0,
        "stalled, or busy again with its next attempt"
    );
    let st = c.on(0, |p, b| p.send_suspend(b, h.desc)).unwrap();
    assert!(
        st.stalled() && !st.done(),
        "suspended while refused: {st:x?}"
    );
    assert_eq!(st.bytes_to_go(), 1024, "nothing counted");
    for _ in 0..500 {
        c.net.step();
    }
    assert_eq!(sent(&c), before, "a packet of the refused message");
    c.net.set_tx_rate(0, 1.0);
    let h = c.on(0, |p, b| p.send_resume(b, h.desc, &st)).unwrap();
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.settle();
    assert_eq!(c.host(1, rx3.buf, 1024), d3, "resumed after the stall");
    // a stop during the last packet, once it is in the fabric: the descriptor finishes
    let rx4 = c.open(1, 4, 128, true, false);
    c.drv[0].sslot_create(rx4.conn);
    c.net.set_tx_rate(0, 0.1);
    let before = sent(&c);
    let (d4, h) = c.send(0, &rx4, 128, rng, |_| {});
    assert!(c.net.run_until(100_000, |n| n.injecting(0) > 0));
    c.net.set_tx_rate(0, 0.0);
    for _ in 0..300 {
        c.net.step();
    }
    c.net.set_tx_rate(0, 0.5);
    let st = c.on(0, |p, b| p.send_suspend(b, h.desc)).unwrap();
    assert!(st.done(), "the last packet finished the message");
    assert_eq!(sent(&c), before + 1);
    c.settle();
    assert_eq!(c.host(1, rx4.buf, 128), d4);
    assert!(
        c.on(0, |p, b| p.send_resume(b, h.desc, &st)).is_err(),
        "a finished message resumed"
    );
}

// verifies: PPE-R082 PPE-R085 PPE-R086 PPE-R087 PPE-R088 PPE-R089 PPE-R091
// verifies: PPE-R093 PPE-R094 PPE-R095 PPE-R096 PPE-R097 PPE-R098
#[test]
fn s13_stop_and_resume_verilator() {
    verilated("ppe_s13_verilator", 0xC513, |rng| {
        s13_stop_and_resume(Backend::Verilator, rng)
    });
}

/// S14: enable toggling: while node 1 is quiesced it takes no packet and sends none (its
/// descriptor waits), idle holds; after enable both go, nothing lost (PPE-R014-R029).
fn s14_enable(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx1 = c.open(1, 1, 1024, true, false);
    let rx0 = c.open(0, 1, 1024, true, false);
    c.drv[0].sslot_create(rx1.conn);
    c.drv[1].sslot_create(rx0.conn);
    for round in 0..3 {
        let (d01, h01) = c.send(0, &rx1, 1024, rng, |_| {});
        c.on(1, |p, b| p.quiesce(b)).unwrap();
        let (d10, h10) = c.send(1, &rx0, 1024, rng, |_| {});
        let before = c.net.delivered(1).len();
        let sent_before = c.net.log.iter().filter(|s| s.src == 1).count();
        for _ in 0..3000 {
            c.net.step();
        }
        let p1 = c.on(1, |_, b| b.read32(hw::PCSR1 as u64)).unwrap();
        assert_ne!(
            p1 & hw::IDLE.mask() as u32,
            0,
            "round {round}: idle while disabled"
        );
        assert!(
            c.net.delivered(1).len() <= before + 1,
            "round {round}: packets taken while disabled"
        );
        assert_eq!(
            c.net.log.iter().filter(|s| s.src == 1).count(),
            sent_before,
            "round {round}: a packet sent while disabled"
        );
        let s2 = c.on(1, |p, b| p.status2(b)).unwrap()[h10.desc];
        assert_eq!(
            s2 & (sd::DONE.mask() | sd::BUSY.mask()) as u32,
            0,
            "round {round}: pending"
        );
        c.on(1, |p, b| p.unquiesce(b)).unwrap();
        c.on(0, |p, b| p.send_wait(b, h01)).unwrap();
        c.on(1, |p, b| p.send_wait(b, h10)).unwrap();
        c.settle();
        assert_eq!(c.host(1, rx1.buf, 1024), d01, "round {round}: 0 -> 1");
        assert_eq!(c.host(0, rx0.buf, 1024), d10, "round {round}: 1 -> 0");
        c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
        c.on(0, |p, b| p.wait_note(b, L_RX)).unwrap();
    }
}

// verifies: PPE-R016 PPE-R017 PPE-R019 PPE-R024 PPE-R025 PPE-R026
#[test]
fn s14_enable_holds_traffic_and_idle_verilator() {
    verilated("ppe_s14_verilator", 0xC514, |rng| {
        s14_enable(Backend::Verilator, rng)
    });
}

/// S15: a soft reset of node 1 in the middle of traffic both ways, its reboot with the next
/// incarnation: node 0's packets for the old incarnation are refused (bad_incarnation, nothing
/// written), a fresh connection works; node 0's memory sees only writes inside its buffer; the
/// 4-bit incarnation wraps (PPE-R165-R179).
fn s15_reset_and_reboot(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    c.net.stress();
    let rx1 = c.open(1, 1, 8192, true, false);
    let rx0 = c.open(0, 1, 8192, true, false);
    c.drv[0].sslot_create(rx1.conn);
    c.drv[1].sslot_create(rx0.conn);
    let (_, h01) = c.send(0, &rx1, 8192, rng, |_| {});
    let (_, _h10) = c.send(1, &rx0, 8192, rng, |_| {});
    assert!(c.net.run_until(200_000, |n| n.log.len() >= 20));
    // reboot node 1: reset, a new incarnation, init (its rslots invalid, lists fresh)
    let old = c.drv[1].cfg.incarnation;
    let wrapped = c.on(1, |p, b| p.set_incarnation(b, old)).unwrap();
    assert!(!wrapped);
    c.on(1, |p, b| p.init(b)).unwrap();
    let s2 = c.on(1, |p, b| p.status2(b)).unwrap();
    for (n, w) in s2.iter().enumerate() {
        assert_eq!(
            *w & sd::DONE.mask() as u32,
            sd::DONE.mask() as u32,
            "descriptor {n} done after reset"
        );
    }
    let rx1 = c.open(1, 1, 8192, true, false);
    assert_eq!(rx1.conn.incarnation, (old + 1) % 16);
    // node 0's message goes on with the old incarnation: refused at node 1
    c.on(0, |p, b| p.send_wait(b, h01)).unwrap();
    c.settle();
    let errs = c.on(1, |p, b| p.drain(b, 0)).unwrap();
    assert!(
        errs.iter().any(|e| e.words[0] & es::BAD_INCARNATION != 0),
        "no stale packet refused for its incarnation"
    );
    for e in &errs {
        let NoteKind::Error {
            status, src_node, ..
        } = e.kind()
        else {
            panic!("{:x?}", e.words)
        };
        // before the rslot was opened again: invalid_rslot; after: bad_incarnation
        assert!(
            (status == es::BAD_INCARNATION || status == es::INVALID_RSLOT) && src_node == NUMS[0],
            "{:x?}",
            e.words
        );
    }
    assert_eq!(
        c.host(1, rx1.buf, 8192),
        vec![0; 8192],
        "a stale packet written"
    );
    // node 0's rslot got a cut message: no completion, every write inside its buffer (strict)
    let rs = c.on(0, |p, b| p.rslot_read(b, 1)).unwrap();
    assert_ne!(rs[3], 0, "the cut message completed");
    assert!(c.on(0, |p, b| p.poll(b, L_RX)).unwrap().is_none());
    // a fresh connection both ways
    c.drv[0].sslot_invalidate(NUMS[1]);
    c.drv[0].sslot_create(rx1.conn);
    let (d, h) = c.send(0, &rx1, 4096, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    let n = c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
    want_reception(&n, 1, NUMS[0], (old + 1) % 16, 0, 4096);
    c.settle();
    assert_eq!(c.host(1, rx1.buf, 4096), d);
    let rx0b = c.open(0, 2, 256, true, false);
    c.drv[1].sslot_create(rx0b.conn);
    let (from, d) = c.source(1, 256, rng);
    let h = c
        .on(1, |p, b| p.send(b, &Send::dma(rx0b.conn, from, 256, 0)))
        .unwrap();
    c.on(1, |p, b| p.send_wait(b, h)).unwrap();
    c.on(0, |p, b| p.wait_note(b, L_RX)).unwrap();
    c.settle();
    assert_eq!(c.host(0, rx0b.buf, 256), d);
    // the wrap: 15 + 1 = 0 asks for the broadcast
    assert!(
        c.on(1, |p, b| p.set_incarnation(b, 15)).unwrap(),
        "15 -> 0 wraps"
    );
    assert_eq!(c.drv[1].cfg.incarnation, 0);
    let p0 = c.on(1, |_, b| b.read32(hw::PCSR0 as u64)).unwrap();
    assert_eq!(hw::INCARNATION.get(p0 as u64), 0);
    assert_ne!(p0 & hw::ENABLE.mask() as u32, 0, "enable kept");
}

// verifies: PPE-R165 PPE-R166 PPE-R167 PPE-R168 PPE-R170 PPE-R174 PPE-R176 PPE-R177
// verifies: PPE-R178
#[test]
fn s15_reset_mid_traffic_and_reboot_verilator() {
    verilated("ppe_s15_verilator", 0xC515, |rng| {
        s15_reset_and_reboot(Backend::Verilator, rng)
    });
}

/// S16: loss and duplication injected by the fabric (the protocol does not tolerate them,
/// AMB-53): the message that lost a packet never completes, the one with a packet twice
/// completes early or not at all; every write stays inside its buffer (the memory is strict)
/// and the other rslots' messages are delivered whole.
fn s16_loss_and_duplication(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let lost = c.open(1, 1, 1024, true, false);
    let dup = c.open(1, 2, 1024, true, false);
    let good = c.open(1, 3, 1024, true, false);
    for r in [&lost, &dup, &good] {
        c.drv[0].sslot_create(r.conn);
    }
    // the third packet of rslot 1's message dropped, the second of rslot 2's delivered twice
    let mut seen = [0u32; 4];
    c.net.fault = Some(Box::new(move |_, route, f, _| {
        let d = route.unwrap();
        let slot = slot_of(&f).0 as usize;
        seen[slot] += 1;
        match (slot, seen[slot]) {
            (1, 3) => vec![],
            (2, 2) => vec![(d, f.clone()), (d, f)],
            _ => vec![(d, f)],
        }
    }));
    let mut sent = vec![];
    for r in [&lost, &dup, &good] {
        let (data, h) = c.send(0, r, 1024, rng, |_| {});
        sent.push(data);
        c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    }
    c.settle();
    let notes = c.on(1, |p, b| p.drain(b, L_RX)).unwrap();
    let slots: Vec<u16> = notes
        .iter()
        .map(|n| match n.kind() {
            NoteKind::Reception { rslot, .. } => rslot,
            k => panic!("{k:?}"),
        })
        .collect();
    assert!(
        !slots.contains(&1),
        "the message with a lost packet completed"
    );
    assert!(
        slots.contains(&3),
        "the undisturbed message did not complete"
    );
    assert_eq!(
        c.host(1, good.buf, 1024),
        sent[2],
        "the undisturbed message"
    );
    let rs = c.on(1, |p, b| p.rslot_read(b, 1)).unwrap();
    assert_eq!(rs[3], 128, "one packet's bytes missing");
    let got = c.host(1, lost.buf, 1024);
    assert_eq!(got[..256], sent[0][..256]);
    assert_eq!(got[256..384], vec![0; 128][..], "the lost packet's bytes");
    assert_eq!(got[384..], sent[0][384..]);
    // the duplicate: 8 packets counted 9 times: bytes_to_go went -128 past zero, or the
    // message completed early; its bytes are right either way
    assert_eq!(c.host(1, dup.buf, 1024), sent[1]);
    let rs = c.on(1, |p, b| p.rslot_read(b, 2)).unwrap();
    let early = slots.contains(&2);
    assert!(
        early || rs[3] == (-128i32) as u32,
        "bytes_to_go {:#x}",
        rs[3]
    );
}

// verifies: PPE-R131 PPE-R132
#[test]
fn s16_loss_and_duplication_stay_contained_verilator() {
    verilated("ppe_s16_verilator", 0xC516, |rng| {
        s16_loss_and_duplication(Backend::Verilator, rng)
    });
}

/// S17: a dead node (number 0x555, in no node): the fabric ejects its traffic at node 0, which
/// reports bad_dst_node on list 0; node 0's error handler sends the notification as a
/// "destination down" message to the sender's control rslot; the sender's handler closes its
/// connections to the dead node and stops the descriptor sending to it (94-013 §6).
fn s17_dead_node(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 3, rng.next_u64());
    const DEAD: u16 = 0x555;
    c.net.fault = Some(Box::new(|_, route, f, _| vec![(route.unwrap_or(0), f)]));
    // node 1's control rslot 15 (node 0 knows it), its connection to the dead node, and a
    // healthy connection to node 2
    let ctl = c.open(1, 15, 32, true, false);
    c.drv[0].sslot_create(ctl.conn);
    let dead = Conn {
        node: DEAD,
        rslot: 1,
        incarnation: 0,
        offset: 0,
        size: 1 << 20,
    };
    c.drv[1].sslot_create(dead);
    let live = c.open(2, 1, 4096, true, false);
    c.drv[1].sslot_create(live.conn);
    let (from, _) = c.source(1, 64 * 1024, rng);
    let h_dead = c
        .on(1, |p, b| p.send(b, &Send::dma(dead, from, 64 * 1024, 0)))
        .unwrap();
    let (d_live, h_live) = c.send(1, &live, 4096, rng, |_| {});
    // node 0's error handler: the first bad_dst_node note, sent on to its source
    let e = c.on(0, |p, b| p.wait_note(b, 0)).unwrap();
    assert_eq!(
        e.kind(),
        NoteKind::Error {
            status: es::BAD_DST_NODE,
            rslot: 1,
            dst_node: DEAD,
            src_node: NUMS[1]
        }
    );
    let body_at = c.net.src_alloc(0, 32);
    let bytes: Vec<u8> = body(&e).iter().flat_map(|w| w.to_le_bytes()).collect();
    c.net.nodes[0].rd.srv.mem.write(body_at, &bytes).unwrap();
    let h = c
        .on(0, |p, b| {
            p.send(b, &Send::dma(ctl.conn, body_at as u32, 32, 0))
        })
        .unwrap();
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    // node 1: the control message names the dead node; its connections go
    let n = c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
    want_reception(&n, 15, NUMS[0], c.drv[1].cfg.incarnation, 0, 32);
    let got = c.host(1, ctl.buf, 32);
    assert_eq!(got, bytes, "the notification as the message's body");
    let w2 = u32::from_le_bytes(got[8..12].try_into().unwrap());
    let down = nicgen_wire::ppe::note::ERR_DST_NODE.get(w2 as u64) as u16;
    assert_eq!(down, DEAD);
    let stopped = c.on(1, |p, b| p.peer_down(b, down)).unwrap();
    assert_eq!(
        stopped,
        vec![h_dead.desc],
        "the descriptor sending to the dead node"
    );
    assert!(
        c.on(1, |p, b| p.send(b, &Send::dma(dead, from, 4, 0)))
            .is_err(),
        "a send to the dead node after its connections were closed"
    );
    let sent_dead = |c: &Cluster| {
        c.net
            .log
            .iter()
            .filter(|s| address0::DST_NODE.get(s.frame[0] as u64) == DEAD as u64)
            .count()
    };
    let n_dead = sent_dead(&c);
    assert!(n_dead < 512, "the whole message went ({n_dead} packets)");
    c.on(1, |p, b| p.send_wait(b, h_live)).unwrap();
    c.settle();
    assert_eq!(
        sent_dead(&c),
        n_dead,
        "packets to the dead node after peer_down"
    );
    assert_eq!(c.host(2, live.buf, 4096), d_live, "the live connection");
    let errs = c.on(0, |p, b| p.drain(b, 0)).unwrap();
    assert_eq!(
        errs.len() + 1,
        n_dead,
        "one error per packet ejected at node 0"
    );
}

// verifies: PPE-R082 PPE-R002 PPE-R003
#[test]
fn s01_go_through_every_alias_starts_the_descriptor_verilator() {
    verilated("ppe_s01_verilator", 0xC501, |rng| {
        s1_go_aliases(Backend::Verilator, rng)
    });
}

// verifies: PPE-R126 PPE-R158 PPE-R160
#[test]
fn s17_dead_node_closes_its_connections_verilator() {
    verilated("ppe_s17_verilator", 0xC517, |rng| {
        s17_dead_node(Backend::Verilator, rng)
    });
}

/// S1: through the driver's transport on one node of the cluster: the go bit written through
/// each alias of a descriptor's control1 (the 0x100 page, PXR_Ptr + PXR_MEM, the 0x200 page)
/// starts it; the window test (`node::host_window_matches_its_model`) covers every offset.
fn s1_go_aliases(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let rx = c.open(1, 1, 128, true, false);
    c.drv[0].sslot_create(rx.conn);
    for alias in 0..3 {
        let (from, data) = c.source(0, 128, rng);
        let n = 1 + alias;
        // a first message on descriptor n through the driver (the 0x100 page)
        let s = Send::dma(rx.conn, from, 128, 0);
        let h = c.on(0, |p, b| p.start(b, n, &s)).unwrap();
        c.on(0, |p, b| p.send_wait(b, h)).unwrap();
        let c1 = c
            .on(0, |_, b| b.read32(desc_addr(n, sd::CONTROL1)))
            .unwrap();
        c.settle();
        c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
        assert_eq!(c.host(1, rx.buf, 128), data);
        let (from, data) = c.source(0, 128, rng);
        // the words the first message's progress changed, as they were
        let c0 = (control0::USE_MSG_SIZE.mask()
            | control0::USE_MSG_OFFSET.mask()
            | control0::INCARNATION.set(0, rx.conn.incarnation as u64)) as u32;
        c.on(0, |_, b| {
            b.write32(desc_addr(n, sd::MSG_ADDRESS), from)?;
            b.write32(desc_addr(n, sd::CONTROL0), c0)
        })
        .unwrap();
        let xmt = (4 * (sd::WORDS * n + sd::CONTROL1)) as u32;
        let go = c1 | sd::GO.mask() as u32;
        match alias {
            0 => c
                .on(0, |_, b| b.write32(desc_addr(n, sd::CONTROL1), go))
                .unwrap(),
            1 => c
                .on(0, |_, b| {
                    b.write32(hw::PXR_PTR as u64, xmt)?;
                    b.write32(hw::PXR_MEM as u64, go)
                })
                .unwrap(),
            _ => c
                .on(0, |_, b| {
                    b.write32(hw::PXR_PTR as u64, xmt & !0xFF)?;
                    b.write32((hw::XMT_PAGE + (xmt & 0xFF)) as u64, go)
                })
                .unwrap(),
        }
        let n = c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
        want_reception(&n, 1, NUMS[0], c.drv[1].cfg.incarnation, 0, 128);
        c.settle();
        assert_eq!(c.host(1, rx.buf, 128), data, "go through alias {alias}");
    }
}

/// Host reads of an rslot word while packets update it (PPE-R012): every value read is one the
/// engine wrote whole (bytes_to_go moves in steps of 128 from its message's size), and an
/// incarnation change while packets arrive (PPE-R020): each packet is judged whole by one
/// value, so once one is refused for its incarnation every later one is; a change of
/// local_node_num while a message is sent: each frame carries one number, its checksums right.
fn r012_r020_boundaries(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    c.net.stress();
    let len = 128 * 64;
    let rx = c.open(1, 1, len, true, false);
    c.drv[0].sslot_create(rx.conn);
    let (_, h) = c.send(0, &rx, len, rng, |_| {});
    let mut reads = 0;
    while !c.on(0, |p, b| p.send_poll(b, h)).unwrap()
        || c.on(1, |p, b| p.poll(b, L_RX)).unwrap().is_none()
    {
        let btg = c.on(1, |p, b| p.rslot_read(b, 1)).unwrap()[3] as i32;
        assert!(
            btg % 128 == 0 && (-(len as i32)..=len as i32).contains(&btg),
            "bytes_to_go {btg} read while packets arrive"
        );
        reads += 1;
    }
    assert!(reads > 10, "{reads} reads");
    // incarnation changed while a message arrives
    let rx2 = c.open(1, 2, len, true, false);
    c.drv[0].sslot_create(rx2.conn);
    let first = c.net.delivered(1).len();
    let (_, h) = c.send(0, &rx2, len, rng, |_| {});
    assert!(c
        .net
        .run_until(200_000, |n| n.delivered(1).len() >= first + 20));
    let inc = c.drv[1].cfg.incarnation;
    c.on(1, |p, b| p.set_incarnation(b, inc)).unwrap();
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.settle();
    let errs = c.on(1, |p, b| p.drain(b, 0)).unwrap();
    let frames = &c.net.delivered(1)[first..];
    // the errors, in delivery order, are exactly the frames after some point
    assert!(!errs.is_empty(), "no packet refused after the change");
    assert!(errs.len() < frames.len(), "every packet refused");
    let cut = frames.len() - errs.len();
    for (e, f) in errs.iter().zip(&frames[cut..]) {
        assert_eq!(
            body(e),
            error_note(es::BAD_INCARNATION, &head(f)),
            "a packet after the cut"
        );
    }
    let rs = c.on(1, |p, b| p.rslot_read(b, 2)).unwrap();
    assert_eq!(
        rs[3] as i32,
        len as i32 - 128 * cut as i32,
        "the packets before the cut counted"
    );
    // local_node_num changed while node 0 sends: each frame one number, checksums right
    c.drv[1].cfg.incarnation = (inc + 1) % 16;
    let rx3 = c.open(1, 3, len, true, false);
    c.drv[0].sslot_create(rx3.conn);
    let first = c.net.log.len();
    let (_, h) = c.send(0, &rx3, len, rng, |_| {});
    assert!(c.net.run_until(200_000, |n| n.log.len() >= first + 20));
    let p0 = hw::ENABLE.mask() as u32 | (c.drv[0].cfg.incarnation as u32) << 16 | 0x123;
    c.on(0, |_, b| b.write32(hw::PCSR0 as u64, p0)).unwrap();
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    let srcs: Vec<u64> = c.net.log[first..]
        .iter()
        .map(|s| {
            let r = nicgen_wire::ppe::Received::split(&s.frame).unwrap();
            assert!(r.hdr_ok() && r.body_ok(), "a frame's checksums");
            address1::SRC_NODE.get(s.frame[1] as u64)
        })
        .collect();
    let k = srcs
        .iter()
        .position(|&s| s == 0x123)
        .expect("no frame with the new number");
    assert!(
        k > 0 && srcs[..k].iter().all(|&s| s == NUMS[0] as u64),
        "{srcs:x?}"
    );
    assert!(srcs[k..].iter().all(|&s| s == 0x123), "{srcs:x?}");
}

// verifies: PPE-R012 PPE-R020
#[test]
fn host_accesses_and_pcsr0_changes_meet_packets_whole_verilator() {
    verilated("ppe_r012_r020_verilator", 0xC520, |rng| {
        r012_r020_boundaries(Backend::Verilator, rng)
    });
}

/// A fuzzed frame for node `num` (incarnation `inc`): a packet with random fields (dst_slot
/// 0-19, offsets up to 16 bytes past a 2 KB buffer, 0-32 payload words, random flags and
/// metadata; mostly for this node and incarnation), then sometimes a bit flipped anywhere,
/// words cut off or added, or a fabric type other than data.
fn fuzz_frame(rng: &mut Rng, num: u16, inc: u8) -> Vec<u32> {
    let g = |rng: &mut Rng, p: f64| rng.chance(p) as u64;
    let node = if rng.chance(0.95) {
        num as u64
    } else {
        rng.below(4096)
    };
    let inc = if rng.chance(0.95) {
        inc as u64
    } else {
        rng.below(16)
    };
    let words = rng.below(33) as usize;
    let p = Packet {
        address0: address0::DST_NODE.set(0, node) as u32,
        address1: (address1::DST_SLOT.set(0, rng.below(20))
            | address1::SRC_NODE.set(0, rng.below(4096))) as u32,
        control0: (control0::USE_MSG_SIZE.set(0, g(rng, 0.3))
            | control0::USE_MSG_OFFSET.set(0, g(rng, 0.3))
            | control0::ACK_PKT.set(0, g(rng, 0.1))
            | control0::INCARNATION.set(0, inc)
            | control0::REMOTE_OFFSET.set(0, 4 * rng.below(516))) as u32,
        control1: (control1::META_LEN.set(0, rng.below(8))
            | control1::MSG_SIZE.set(0, 4 * rng.below(600))) as u32,
        meta: rng
            .chance(0.2)
            .then(|| [0; 4].map(|_| rng.next_u64() as u32)),
        payload: (0..words).map(|_| rng.next_u64() as u32).collect(),
    };
    let mut f = p.frame();
    match rng.below(100) {
        0..=14 => {
            let i = rng.below(f.len() as u64) as usize;
            f[i] ^= 1 << rng.below(32);
        }
        15..=16 => f.truncate(1 + rng.below(f.len() as u64 - 1) as usize),
        17 => f.extend((0..1 + rng.below(8)).map(|_| rng.next_u64() as u32)),
        18 if rng.chance(0.05) => f[0] |= address0::FAB_BITS.set(0, 1 + rng.below(15)) as u32,
        _ => {}
    }
    f
}

/// `n` fuzzed frames at node 1 (PPE issue 14, "bad input"): every notification, token and AQR
/// entry as the reference model predicts frame by frame, every payload byte in the buffers
/// (host memory strict: a write outside a buffer fails), no hang; then a message from node 0
/// still arrives.
fn fuzz(backend: Backend, rng: &mut Rng, n: usize) {
    use nicgen_sim::ppe::model::{receive, Config as RxCfg, Outcome};
    use nicgen_wire::ppe::{ack_note, reception_note, rslot, RSLOT_WORDS};
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    c.net.delay = (1, 1);
    let mut bufs = vec![];
    for slot in 1..=8u16 {
        let size = 4 * (128 + rng.below(385) as u32);
        let notify = rng.chance(0.8);
        let acks = rng.chance(0.4);
        let rx = c.open(1, slot, size, notify, acks);
        bufs.push((rx.buf, size));
    }
    let mut table: Vec<[u32; RSLOT_WORDS]> = (0..16)
        .map(|k| c.on(1, |p, b| p.rslot_read(b, k)).unwrap())
        .collect();
    let mut mirror: Vec<Vec<u8>> = bufs.iter().map(|b| vec![0; b.1 as usize]).collect();
    let cfg = RxCfg {
        local_node: NUMS[1],
        incarnation: c.drv[1].cfg.incarnation,
        rslot_limit: 16,
    };
    let mut want: Vec<Vec<[u32; 8]>> = vec![vec![]; 4];
    let mut got: Vec<Vec<[u32; 8]>> = vec![vec![]; 4];
    let (mut want_aq, mut aq, mut tokens) = (vec![], vec![], 0usize);
    let mut kinds = [0usize; 4];
    let mut sent = 0;
    while sent < n {
        for _ in 0..32.min(n - sent) {
            let f = fuzz_frame(rng, NUMS[1], cfg.incarnation);
            let h: [u32; 4] = {
                let mut h = [0; 4];
                for (i, w) in f.iter().take(4).enumerate() {
                    h[i] = *w;
                }
                h
            };
            let slot = address1::DST_SLOT.get(h[1] as u64) as usize;
            let before = table.get(slot).copied().unwrap_or([0; RSLOT_WORDS]);
            match receive(&cfg, &mut table, &f) {
                Outcome::Error(es::MISC_PKT) => {
                    want[0].push(misc_note(&h));
                    kinds[0] += 1;
                }
                Outcome::Error(st) => {
                    want[0].push(error_note(st, &h));
                    kinds[1] += 1;
                }
                Outcome::Ack => {
                    let meta = (control1::META_DATA_FLAG.get(h[3] as u64) != 0)
                        .then(|| f[5..9].try_into().unwrap());
                    let l = rslot::ACK_NOTE_INDEX.get(before[rslot::ACK_NOTE] as u64) as usize;
                    want[l].push(ack_note(&h, meta));
                    kinds[2] += 1;
                }
                Outcome::Data {
                    host_addr,
                    payload,
                    completed,
                } => {
                    let k = bufs.iter().position(|b| b.0 == table[slot][0]).unwrap();
                    let at = (host_addr - bufs[k].0) as usize;
                    for (i, w) in payload.iter().enumerate() {
                        mirror[k][at + 4 * i..at + 4 * i + 4].copy_from_slice(&w.to_le_bytes());
                    }
                    if let Some(rs) = completed {
                        let ctl = rs[rslot::CONTROL] as u64;
                        if rslot::NOTIFY.get(ctl) != 0 {
                            let l = rslot::NOTE_INDEX.get(ctl) as usize;
                            want[l].push(reception_note(h[1], h[2], &rs));
                        }
                        if rslot::DO_ACKS.get(ctl) != 0 {
                            want_aq.push(slot as u32);
                        }
                    }
                    kinds[3] += 1;
                }
            }
            c.net.inject(1, f);
            sent += 1;
        }
        // the host: every list read (objects recycled), the interrupt handled, a misc packet's
        // handler run, until the batch is through
        let mut idle = 0;
        for round in 0.. {
            assert!(round < 100_000, "node 1 hangs after {sent} frames");
            for l in 0..4u16 {
                for nt in c.on(1, |p, b| p.drain(b, l)).unwrap() {
                    if l == 0 && nt.words[0] & 0xFFFF == es::MISC_PKT {
                        c.on(1, |p, b| p.misc_packet(b)).unwrap();
                    }
                    got[l as usize].push(body(&nt));
                }
            }
            if c.net.irq(1) {
                let r = c.on(1, |p, b| p.intr(b)).unwrap();
                tokens += r.tokens.len();
                aq.extend(r.acks);
            }
            c.net.step();
            let quiet = c.net.queued(1) == 0 && c.net.in_flight(1) == 0 && c.net.quiet();
            idle = if quiet { idle + 1 } else { 0 };
            if idle > 40 {
                break;
            }
        }
    }
    c.settle();
    for l in 0..4u16 {
        got[l as usize].extend(c.on(1, |p, b| p.drain(b, l)).unwrap().iter().map(body));
    }
    let r = c.on(1, |p, b| p.intr(b)).unwrap();
    tokens += r.tokens.len();
    aq.extend(r.acks);
    for l in 0..4 {
        assert_eq!(got[l].len(), want[l].len(), "list {l}: postings");
        for (i, (g, w)) in got[l].iter().zip(&want[l]).enumerate() {
            assert_eq!(g, w, "list {l} posting {i}");
        }
    }
    assert_eq!(
        tokens,
        want.iter().map(|v| v.len()).sum::<usize>(),
        "a token per posting"
    );
    assert_eq!(aq, want_aq, "AQR entries");
    for (k, b) in bufs.iter().enumerate() {
        assert_eq!(
            c.host(1, b.0, b.1 as usize),
            mirror[k],
            "rslot {}'s buffer",
            k + 1
        );
    }
    for (k, t) in table.iter().enumerate() {
        assert_eq!(
            &c.on(1, |p, b| p.rslot_read(b, k as u16)).unwrap(),
            t,
            "rslot {k}"
        );
    }
    assert!(kinds.iter().all(|&k| k > 0) || n < 1000, "kinds {kinds:?}");
    // the receive side never reads host memory: each packet's rslot read and write-back are
    // in the PPE's own table (PPE-R186); node 1 sent nothing, so its read port saw nothing
    assert!(
        c.net.nodes[1].rd.log.is_empty(),
        "host reads during reception"
    );
    eprintln!(
        "  {n} fuzzed frames: misc {}, errors {}, acks {}, data {}",
        kinds[0], kinds[1], kinds[2], kinds[3]
    );
    // good traffic afterwards
    let rx = c.open(1, 9, 1024, true, false);
    c.drv[0].sslot_create(rx.conn);
    let (d, h) = c.send(0, &rx, 1024, rng, |_| {});
    c.on(0, |p, b| p.send_wait(b, h)).unwrap();
    c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
    c.settle();
    assert_eq!(c.host(1, rx.buf, 1024), d, "a message after the fuzz");
}

// verifies: PPE-R124 PPE-R156 PPE-R164 PPE-R186
#[test]
fn fuzzed_packets_never_write_outside_a_buffer_verilator() {
    verilated("ppe_fuzz_verilator", 0xF022, |rng| {
        fuzz(Backend::Verilator, rng, 100_000)
    });
}

/// The host-rule check of the net (checklist §5's invariants, on in every test above) sees
/// each kind of broken rule: a null NBQR write, an rslot edited while enabled, a heads head
/// word after boot, a token word while enabled, do_acks on rslot 0, a token of 0, an unaligned
/// msg_address, a transmit list past 511, an unaligned msg_size.
#[test]
fn host_rule_check_sees_each_broken_invariant_verilator() {
    verilated("ppe_host_rules_verilator", 0xC5A0, |rng| {
        let mut c = Cluster::new(Backend::Verilator, 1, rng.next_u64());
        c.net.host_rules = false;
        c.on(0, |_, b| {
            b.write32(hw::NBQR as u64, 0)?;
            b.write32(hw::PRR_PTR as u64, 64 + 12)?;
            b.write32(hw::PRR_MEM as u64, 5)?;
            b.write32(hw::PRR_PTR as u64, 0x2000)?;
            b.write32(hw::PRR_MEM_INC as u64, 0x40)?;
            b.write32(hw::PRR_MEM_INC as u64, 3)?;
            b.write32(hw::PCSR0 as u64, 0)?;
            b.write32(hw::PRR_PTR as u64, 8)?;
            b.write32(
                hw::PRR_MEM as u64,
                nicgen_wire::ppe::rslot::DO_ACKS.mask() as u32,
            )?;
            b.write32(hw::PRR_PTR as u64, 0x2004)?;
            b.write32(hw::PRR_MEM as u64, 1)?;
            b.write32(desc_addr(1, sd::MSG_ADDRESS), 0x1002)?;
            b.write32(desc_addr(1, sd::ADDRESS1), 600)?;
            b.write32(desc_addr(1, sd::CONTROL1), 6)
        })
        .unwrap();
        let v = &c.net.host_violations;
        assert_eq!(v.len(), 9, "{v:?}");
        let kinds = [
            "null",
            "rslot",
            "head word",
            "token word",
            "do_acks",
            "token 0",
            "descriptor word 0",
            "descriptor word 2",
            "descriptor word 5",
        ];
        for (i, what) in kinds.iter().enumerate() {
            assert!(v[i].contains(what), "{} is not about {what}", v[i]);
        }
    });
}

#[test]
fn s06_zero_length_and_header_only_packets_native() {
    check("ppe_s06_native", 0xC5F6, |rng| {
        s6_zero_length(Backend::Native, rng)
    });
}

/// S18: a reset landing anywhere in a reception's notification (PPE-R176). Node 0 sends node 1
/// a one-word message with a reception notification; node 1's host writes PCSR0.reset 0-90
/// cycles after the message's data write completed: before the object's burst, inside it,
/// between its answer and the `next` write, after. The host-memory port's rules are checked at
/// every edge (no request, beat or response abandoned); after the reset the reception list is
/// walked: the notification is there whole (the reset came after its `next`) or not at all,
/// never a linked object with other words; then node 1 is booted again and the next round
/// starts on a fresh connection.
fn s18_reset_inside_a_notification(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    let (mut whole, mut none) = (0, 0);
    for delay in (0..90).step_by(3) {
        let rx = c.open(1, 1, 64, true, false);
        c.drv[0].sslot_invalidate(NUMS[1]);
        c.drv[0].sslot_create(rx.conn);
        let n0 = c.net.nodes[1].wr.log.len();
        let (data, h) = c.send(0, &rx, 4, rng, |_| {});
        let buf = rx.buf as u64;
        assert!(c.net.run_until(100_000, |n| n.nodes[1].wr.log[n0..]
            .iter()
            .any(|w| w.addr == buf)));
        for _ in 0..delay {
            c.net.step();
        }
        c.on(1, |p, b| p.reset(b)).unwrap();
        c.on(0, |p, b| p.send_wait(b, h)).unwrap();
        c.settle();
        assert_eq!(c.host(1, rx.buf, 4), data, "delay {delay}: the data");
        let notes = c.on(1, |p, b| p.drain(b, L_RX)).unwrap();
        match notes.as_slice() {
            [] => none += 1,
            [n] => {
                want_reception(n, 1, NUMS[0], c.drv[1].cfg.incarnation, 0, 4);
                whole += 1;
            }
            _ => panic!(
                "delay {delay}: {} notifications for one message",
                notes.len()
            ),
        }
        for l in [0, L_TX, L_ACK] {
            let other = c.on(1, |p, b| p.drain(b, l)).unwrap();
            assert!(other.is_empty(), "delay {delay}: list {l}: {other:x?}");
        }
        c.on(1, |p, b| p.init(b)).unwrap();
    }
    assert!(
        whole > 0 && none > 0,
        "the sweep missed a side of the notification: {whole} whole, {none} cut"
    );
}

// verifies: PPE-R176
#[test]
fn s18_a_reset_inside_a_notification_links_nothing_partial_verilator() {
    verilated("ppe_s18_verilator", 0xC518, |rng| {
        s18_reset_inside_a_notification(Backend::Verilator, rng)
    });
}

/// S19: where enable = 0 and a soft reset take effect (§3.1, §7; docs/spec-decisions.md, stop
/// means stop). Nodes 0 and 1 stream long messages to each other; node 1's host writes PCSR0
/// with enable 0 (then, in later rounds, with reset) at a random moment. From the edge that
/// write's answer came on, node 1 starts no frame on its injection port and takes the first
/// word of no frame from the fabric (each checked against the edges the fabric saw them at);
/// the frames under way finish. Enabled again (booted again after the reset), both messages
/// arrive whole.
fn s19_stops_take_effect_at_the_write(backend: Backend, rng: &mut Rng) {
    let mut c = Cluster::new(backend, 2, rng.next_u64());
    for round in 0..4 {
        let reset = round >= 2;
        let rx1 = c.open(1, 1, 8192, true, false);
        let rx0 = c.open(0, 1, 8192, true, false);
        c.drv[0].sslot_invalidate(NUMS[1]);
        c.drv[1].sslot_invalidate(NUMS[0]);
        c.drv[0].sslot_create(rx1.conn);
        c.drv[1].sslot_create(rx0.conn);
        let (d01, h01) = c.send(0, &rx1, 8192, rng, |_| {});
        let (_, h10) = c.send(1, &rx0, 8192, rng, |_| {});
        for _ in 0..200 + rng.below(1500) {
            c.net.step();
        }
        let p0 = c.on(1, |_, b| b.read32(hw::PCSR0 as u64)).unwrap();
        let stop = if reset {
            (p0 & !(hw::ENABLE.mask() as u32)) | hw::RESET.mask() as u32
        } else {
            p0 & !(hw::ENABLE.mask() as u32)
        };
        c.on(1, |_, b| b.write32(hw::PCSR0 as u64, stop)).unwrap();
        let at = c.net.cycles;
        let (inj, ej) = (c.net.inject_starts(1).len(), c.net.eject_starts(1).len());
        for _ in 0..3000 {
            c.net.step();
        }
        let late_inj: Vec<u64> = c.net.inject_starts(1)[inj..].to_vec();
        let late_ej: Vec<u64> = c.net.eject_starts(1)[ej..].to_vec();
        assert!(
            late_inj.iter().chain(&late_ej).all(|&s| s <= at),
            "round {round}: write answered at edge {at}; frames started after it: injected {late_inj:?}, ejected {late_ej:?}"
        );
        assert!(
            c.net.inject_starts(1)[..inj].iter().all(|&s| s <= at),
            "round {round}: the starts are edges"
        );
        if reset {
            // reboot: the driver's init resets again, and every connection is new
            c.on(1, |_, b| {
                b.write32(hw::PCSR0 as u64, stop & !(hw::RESET.mask() as u32))
            })
            .unwrap();
            c.on(1, |p, b| p.init(b)).unwrap();
            c.on(0, |p, b| p.send_suspend(b, h01.desc)).unwrap();
            c.settle();
            for k in 0..2 {
                c.on(k, |p, b| p.drain(b, 0)).unwrap();
                c.on(k, |p, b| p.drain(b, L_RX)).unwrap();
            }
            continue;
        }
        c.on(1, |p, b| p.unquiesce(b)).unwrap();
        c.on(0, |p, b| p.send_wait(b, h01)).unwrap();
        c.on(1, |p, b| p.send_wait(b, h10)).unwrap();
        c.settle();
        assert_eq!(c.host(1, rx1.buf, 8192), d01, "round {round}: 0 -> 1");
        c.on(1, |p, b| p.wait_note(b, L_RX)).unwrap();
        c.on(0, |p, b| p.wait_note(b, L_RX)).unwrap();
    }
}

// verifies: PPE-R016 PPE-R017 PPE-R018
#[test]
fn s19_enable_and_reset_stop_at_the_write_verilator() {
    verilated("ppe_s19_verilator", 0xC519, |rng| {
        s19_stops_take_effect_at_the_write(Backend::Verilator, rng)
    });
}

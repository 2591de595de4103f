//! The send side (`ppe_tx`, §5) against the model of `nicgen_sim::ppe::tx`: messages on the
//! four descriptors, DMA and DIO, of 0 to 1 KB and more (control packets, metadata, notify,
//! random use bits, offsets that wrap at 16 MB, DIO addresses past 32 KB), started while others
//! run, with the fabric refusing words at random and host memory answering late and out of
//! order. Every frame must be the model's next packet of its message, exactly (header words,
//! both checksums, payload); after each message the descriptor's registers must hold the
//! model's progress and status. Along the way: a message stopped and resumed (the frames before
//! and after together are the model's), a start while busy ignored, a stall long enough to set
//! stalled, enable low holding every packet, a payload read answered with an error (host_err,
//! no packet), and the round robin's fairness (at most three other packets between two of a
//! descriptor's while four messages run). Last, a reset with four DMA messages under way: the
//! packet on the port goes out whole, nothing else; every descriptor done, its words kept; the
//! DMA channels legal throughout (the memory model checks); then four messages as the model.

use super::dut::Dut;
use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::monitor::{Beat, PacketMonitor};
use nicgen_sim::harness::order::Order;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::tx::{SendDesc, Source, TxMessage};
use nicgen_sim::system::hostmem::{DmaRdMemory, DmaRdPorts, MemServer};
use nicgen_wire::ppe::address1;
use nicgen_wire::ppe::send_desc as sd;
use std::collections::BTreeMap;

const HOST_BASE: u64 = 0x4000_0000;

/// A message in flight: its descriptor, the model, and the frames it sent.
struct Flight {
    n: usize,
    m: TxMessage,
    frames: usize,
    /// control1 as written during the packet on the port: the later packets' (AMB-27).
    c1_after: Option<u32>,
}

impl Flight {
    /// Message `m` just started on descriptor `n`.
    fn new(n: usize, m: TxMessage) -> Self {
        Flight {
            n,
            m,
            frames: 0,
            c1_after: None,
        }
    }
}

struct Tx {
    d: Dut,
    /// XMT_RAM as the host wrote it.
    xmt: Vec<u32>,
    mon: PacketMonitor,
    /// The frame being received; frames received: (descriptor's dst_slot, words, end cycle).
    cur: Vec<u32>,
    got: Vec<Vec<u32>>,
    /// Notifications taken.
    nts: Vec<u16>,
    ready_rate: f64,
    nt_rate: f64,
    /// The fabric refuses every packet whose first word (address0) is this one.
    refuse_first: Option<u32>,
    rng: Rng,
    cycle: u64,
    /// Cycles with a word taken on `tx`.
    busy_cycles: u64,
}

impl Tx {
    fn new(backend: Backend, seed: u64) -> Tx {
        let d = Dut::new("ppe_tx", backend);
        Tx {
            d,
            xmt: vec![0; 8192],
            mon: PacketMonitor::new(4).withdrawing_first_after(sd::STALL_CYCLES),
            cur: vec![],
            got: vec![],
            nts: vec![],
            ready_rate: 0.8,
            nt_rate: 0.5,
            refuse_first: None,
            rng: Rng::new(seed),
            cycle: 0,
            busy_cycles: 0,
        }
    }

    /// One cycle: the fabric's and the notifier's readiness drawn, the handshakes recorded.
    fn step(&mut self) {
        // a fabric that refuses one destination: every first word equal to `refuse_first`
        let refused = self.refuse_first.is_some_and(|w| {
            self.d.get("tx_valid") != 0
                && self.d.get("tx_first") != 0
                && self.d.get("tx_data") as u32 == w
        });
        let ready = !refused && (self.ready_rate >= 1.0 || self.rng.chance(self.ready_rate));
        let ntr = self.rng.chance(self.nt_rate);
        self.d.set("tx_ready", ready as u64);
        self.d.set("nt_ready", ntr as u64);
        let b = Beat {
            valid: self.d.get("tx_valid") != 0,
            ready,
            data: self.d.get("tx_data") as u128,
            keep: self.d.get("tx_keep") as u128,
            meta: self.d.get("tx_meta") as u128,
            first: self.d.get("tx_first") != 0,
            last: self.d.get("tx_last") != 0,
        };
        if let Err(e) = self.mon.edge(b) {
            panic!("cycle {}: tx: {e}", self.cycle);
        }
        if b.valid && b.ready {
            self.busy_cycles += 1;
            self.cur.push(b.data as u32);
            if b.last {
                self.got.push(std::mem::take(&mut self.cur));
            }
        }
        if ntr && self.d.get("nt_valid") != 0 {
            self.nts.push(self.d.get("nt_list") as u16);
        }
        self.d.cycle();
        self.cycle += 1;
    }

    fn write(&mut self, a: usize, v: u32) {
        self.d.set("x_addr", a as u64);
        self.d.set("x_wdata", v as u64);
        self.d.set("x_write", 1);
        self.step();
        self.d.set("x_write", 0);
        self.xmt[a % 8192] = v;
    }

    fn read(&mut self, a: usize) -> u32 {
        self.d.set("x_addr", a as u64);
        self.d.set("x_read", 1);
        self.step();
        self.d.set("x_read", 0);
        self.d.get("x_rdata") as u32
    }

    /// Descriptor n's words, control1 (the start) last.
    fn program(&mut self, n: usize, s: &SendDesc) {
        let b = sd::WORDS * n;
        self.write(b + sd::MSG_ADDRESS, s.msg_address);
        self.write(b + sd::ADDRESS0, s.address0);
        self.write(b + sd::ADDRESS1, s.address1);
        self.write(b + sd::CONTROL0, s.control0);
        for (j, &m) in s.meta.iter().enumerate() {
            self.write(b + sd::METADATA + j, m);
        }
        // status words belong to the PPE (PPE-R080): a host write changes nothing
        let junk = self.rng.next_u64() as u32;
        self.write(b + sd::STATUS1, junk);
        self.write(b + sd::STATUS2, junk);
        // the reserved words are plain storage
        for j in [7, 12, 13, 14, 15] {
            let v = self.rng.next_u64() as u32;
            self.write(b + j, v);
        }
        self.write(b + sd::CONTROL1, s.control1);
    }

    /// Descriptor n's registers must be the model's progress, its status `status2`.
    fn check_regs(&mut self, n: usize, m: &TxMessage, status2: u32, what: &str) {
        let b = sd::WORDS * n;
        let got = [
            self.read(b + sd::MSG_ADDRESS),
            self.read(b + sd::ADDRESS0),
            self.read(b + sd::ADDRESS1),
            self.read(b + sd::CONTROL0),
            self.read(b + sd::STATUS1),
            self.read(b + sd::CONTROL1),
            self.read(b + sd::STATUS2),
        ];
        let want = [
            m.d.msg_address,
            m.d.address0,
            m.d.address1,
            m.d.control0,
            m.bytes_to_go,
            m.d.control1,
            status2,
        ];
        assert_eq!(got, want, "{what}: descriptor {n}'s registers");
        for j in 0..4 {
            assert_eq!(
                self.read(b + sd::METADATA + j),
                m.d.meta[j],
                "{what}: metadata {j}"
            );
        }
        for j in [7, 12, 13, 14, 15] {
            let want = self.xmt[b + j];
            assert_eq!(self.read(b + j), want, "{what}: reserved word {j}");
        }
    }

    /// Cycles until descriptor n's status2 has busy clear (at most `limit` reads).
    fn wait_not_busy(&mut self, n: usize, limit: usize, what: &str) -> u32 {
        for _ in 0..limit {
            let s = self.read(sd::WORDS * n + sd::STATUS2);
            if sd::BUSY.get(s as u64) == 0 {
                return s;
            }
        }
        let st: Vec<u32> = (0..4)
            .map(|k| self.read(sd::WORDS * k + sd::STATUS2))
            .collect();
        panic!(
            "{what}: descriptor {n} stays busy (status2 {st:x?}, tx_valid {}, reads outstanding {}, frame in progress {} words)",
            self.d.get("tx_valid"),
            !self.d.rd.as_ref().unwrap().idle(),
            self.cur.len()
        );
    }
}

/// The scoreboard: the messages in flight by dst_slot, the frames' order, the notifications
/// owed, the messages finished, the frames checked.
struct Board {
    flights: BTreeMap<u16, Flight>,
    order: Vec<(usize, u16)>,
    want_nts: Vec<u16>,
    finished: usize,
    seen: usize,
}

impl Board {
    /// The messages in flight; the frames received before (`seen`) are not theirs.
    fn new(flights: BTreeMap<u16, Flight>, seen: usize) -> Self {
        Board {
            flights,
            order: vec![],
            want_nts: vec![],
            finished: 0,
            seen,
        }
    }

    /// Runs until `finished` messages are complete (20,000 cycles at most).
    fn run_until(&mut self, t: &mut Tx, finished: usize, what: &str) {
        for _ in 0..20_000 {
            t.step();
            self.drain(t);
            if self.finished == finished {
                return;
            }
        }
        assert_eq!(self.finished, finished, "{what}");
    }

    /// Every frame received and not yet checked must be its message's next packet; a
    /// message's last leaves its descriptor done with the model's progress. True if any.
    fn drain(&mut self, t: &mut Tx) -> bool {
        let any = self.seen < t.got.len();
        while self.seen < t.got.len() {
            let fr = t.got[self.seen].clone();
            self.seen += 1;
            let slot = address1::DST_SLOT.get(fr[1] as u64) as u16;
            let Some(f) = self.flights.get_mut(&slot) else {
                panic!(
                    "frame {}: for no message in flight (dst_slot {slot:#x})",
                    self.seen
                );
            };
            let xmt = &t.xmt;
            let rdm = t.d.rd.as_ref().unwrap();
            let host = |a: u64| {
                let mut b = [0u8; 4];
                rdm.srv.mem.read(a, &mut b).unwrap();
                u32::from_le_bytes(b)
            };
            let want = if f.m.d.dio() {
                f.m.next_packet(&Source::Xmt(&|i| xmt[i]))
            } else {
                f.m.next_packet(&Source::Host(&host))
            };
            assert_eq!(
                fr,
                want.frame(),
                "message {slot:#x} (descriptor {}) packet {}",
                f.n,
                f.frames
            );
            f.m.advance();
            f.frames += 1;
            if let Some(c1) = f.c1_after.take() {
                f.m.d.control1 = c1;
            }
            self.order.push((f.n, slot));
            if f.m.done {
                let f = self.flights.remove(&slot).unwrap();
                if f.m.d.notify() {
                    self.want_nts.push(f.m.d.note_list());
                }
                let s = t.wait_not_busy(f.n, 10, "completion");
                assert_eq!(s, sd::DONE.mask() as u32, "message {slot:#x}: status2");
                t.check_regs(f.n, &f.m, sd::DONE.mask() as u32, "completion");
                self.finished += 1;
            }
        }
        any
    }
}

fn random_desc(rng: &mut Rng, id: u16, dio: bool, xmt_area: (u32, u32), host: u32) -> SendDesc {
    let size = match rng.below(8) {
        0 => 0,
        1 => 4,
        2 => 124,
        3 => 128,
        4 => 132,
        _ => 4 * rng.below(300) as u32,
    };
    let mut c1 = sd::MSG_SIZE.set(0, size as u64)
        | sd::GO.set(0, 1)
        | sd::DIRECT_IO.set(0, dio as u64)
        | sd::NOTIFY.set(0, rng.chance(0.5) as u64)
        | sd::META_CNT.set(0, rng.below(8));
    if rng.chance(0.3) {
        c1 = sd::META_DATA.set(c1, 1);
    }
    if rng.chance(0.1) {
        c1 = sd::CONTROL_PKT.set(c1, 1);
    }
    let msg_address = if dio {
        // somewhere in the descriptor's DIO area, sometimes with bits past 32 KB set (AMB-52)
        let words = (xmt_area.1 - 512) / 4;
        let a = xmt_area.0 + 4 * rng.below(words as u64) as u32;
        a | if rng.chance(0.3) { 0x18000 } else { 0 }
    } else {
        host
    };
    SendDesc {
        msg_address,
        address0: rng.next_u64() as u32,
        address1: (address1::DST_SLOT.set(0, id as u64) | (rng.next_u64() & 0xFFFF)) as u32,
        control0: rng.next_u64() as u32,
        control1: c1 as u32,
        meta: [0; 4].map(|_: u32| rng.next_u64() as u32),
    }
}

/// A `ppe_tx` enabled on a random node, its DMA port on host memory answering late (four
/// 2 KB random buffers) and XMT_RAM random past the descriptors: (bench, node, buffers, each
/// descriptor's DIO area).
fn setup(backend: Backend, rng: &mut Rng) -> (Tx, u16, Vec<u32>, Vec<(u32, u32)>) {
    let mut t = Tx::new(backend, rng.next_u64());
    let node = rng.next_u64() as u16;
    t.d.set("node", node as u64);
    t.d.set("en", 1);
    let mut srv = MemServer::new(HOST_BASE);
    srv.latency = (4, 40);
    srv.strict = false;
    let mut bufs = vec![];
    for _ in 0..4 {
        let a = srv.mem.alloc(2048, 64).unwrap();
        let data: Vec<u8> = (0..2048).map(|_| rng.next_u64() as u8).collect();
        srv.mem.write(a, &data).unwrap();
        bufs.push(a as u32);
    }
    let mut rd = DmaRdMemory::new(DmaRdPorts::bind(&t.d.ports, "dma_"), srv, rng.next_u64());
    rd.ready_rate = 0.8;
    rd.rsp_rate = 0.8;
    t.d.rd = Some(rd);
    // DIO data everywhere but the descriptors
    for a in 64..8192 {
        let v = rng.next_u64() as u32;
        t.write(a, v);
    }
    let areas: Vec<(u32, u32)> = (0..4).map(|n| (0x100 + n * 0x1F00, 0x1F00)).collect();
    (t, node, bufs, areas)
}

fn run(backend: Backend, rng: &mut Rng, messages: usize) {
    let (mut t, node, bufs, areas) = setup(backend, rng);

    // ---- a payload read answered with an error: no packet, host_err, stopped ----
    let mut bad = random_desc(rng, 0xFFFF, false, areas[0], 0);
    bad.msg_address = (HOST_BASE - 0x1000) as u32;
    bad.control1 = sd::MSG_SIZE.set(sd::CONTROL_PKT.set(bad.control1 as u64, 0), 64) as u32;
    t.program(0, &bad);
    let m = TxMessage::start(bad, node);
    let mut s = 0;
    for _ in 0..400 {
        s = t.read(sd::STATUS2);
        if sd::HOST_ERR.get(s as u64) != 0 {
            break;
        }
    }
    for _ in 0..20 {
        t.step();
    }
    assert!(
        t.got.is_empty(),
        "a packet whose payload read failed was sent"
    );
    assert_eq!(s, sd::HOST_ERR.mask() as u32, "status2 after a failed read");
    t.check_regs(0, &m, sd::HOST_ERR.mask() as u32, "host error");
    assert_eq!(t.d.rd.as_ref().unwrap().srv.violations.len(), 1);

    // ---- enable low: nothing is picked ----
    t.d.set("en", 0);
    let held = random_desc(rng, 0xFFFE, true, areas[1], 0);
    t.program(1, &held);
    for _ in 0..100 {
        t.step();
    }
    assert!(t.got.is_empty(), "a packet sent while enable was low");
    assert_eq!(
        t.read(sd::WORDS + sd::STATUS2),
        0,
        "busy while enable was low"
    );
    t.d.set("en", 1);
    let mut flights: BTreeMap<u16, Flight> = BTreeMap::new();
    flights.insert(0xFFFE, Flight::new(1, TxMessage::start(held, node)));

    // ---- the traffic ----
    let mut sb = Board::new(flights, 0);
    let mut id: u16 = 0;
    let mut started = 1;
    let mut stopping: Option<u16> = None;
    let mut stopped_slot = None;
    let mut stalled_one = false;
    let mut idle = 0u64;
    while sb.finished < messages + 1 {
        assert!(idle < 20_000, "no progress: {} in flight", sb.flights.len());
        // start a message on a free descriptor
        if started < messages + 1 && sb.flights.len() < 4 && rng.chance(0.2) {
            let n = (0..4)
                .find(|n| sb.flights.values().all(|f| f.n != *n))
                .unwrap();
            id += 1;
            let dio = rng.chance(0.5);
            let s = random_desc(rng, id, dio, areas[n], bufs[n]);
            t.program(n, &s);
            sb.flights
                .insert(id, Flight::new(n, TxMessage::start(s, node)));
            started += 1;
        }
        // a long stall mid-frame: stalled set for the frame's descriptor only; a start
        // written to it meanwhile is ignored (it is busy, AMB-27)
        if !stalled_one && t.cur.len() >= 2 && started > 3 {
            stalled_one = true;
            let slot = address1::DST_SLOT.get(t.cur[1] as u64) as u16;
            let n = sb.flights[&slot].n;
            t.ready_rate = 0.0;
            for _ in 0..sd::STALL_CYCLES + 8 {
                t.step();
            }
            for k in 0..4 {
                let s = t.read(sd::WORDS * k + sd::STATUS2);
                assert_eq!(
                    sd::STALLED.get(s as u64),
                    (k == n) as u64,
                    "descriptor {k}: stalled after a refusal of {} cycles",
                    sd::STALL_CYCLES + 8
                );
            }
            let f = sb.flights.get_mut(&slot).unwrap();
            let c1 = sd::MSG_SIZE.set(f.m.d.control1 as u64, 4) as u32;
            f.c1_after = Some(c1);
            t.write(sd::WORDS * n + sd::CONTROL1, c1);
            t.ready_rate = 0.8;
        }
        t.step();
        idle += 1;
        if sb.drain(&mut t) {
            idle = 0;
        }
        // stop a message after its first packet (go = 0), then resume it with msg_size =
        // bytes_to_go (PPE-R093-R097)
        if stopped_slot.is_none() {
            let pick = sb
                .flights
                .iter()
                .find(|(_, f)| f.frames == 1 && f.m.bytes_to_go > 256)
                .map(|(&s, _)| s);
            if let Some(slot) = pick {
                let f = &sb.flights[&slot];
                let c1 = sd::GO.set(f.m.d.control1 as u64, 0) as u32;
                t.write(sd::WORDS * f.n + sd::CONTROL1, c1);
                sb.flights.get_mut(&slot).unwrap().c1_after = Some(c1);
                stopping = Some(slot);
                stopped_slot = Some(slot);
            }
        }
        if let Some(slot) = stopping {
            let n = sb.flights[&slot].n;
            let s = t.read(sd::WORDS * n + sd::STATUS2);
            sb.drain(&mut t);
            if sd::BUSY.get(s as u64) == 0 {
                stopping = None;
                // the packets on the port when it stopped went out whole, the rest not
                let Some(f) = sb.flights.get_mut(&slot) else {
                    continue; // it completed
                };
                if let Some(c1) = f.c1_after.take() {
                    f.m.d.control1 = c1;
                }
                let m = f.m.clone();
                assert_eq!(s, m.status2(false, false, false), "status2 after the stop");
                t.check_regs(n, &m, s, "stopped");
                let c1 = sd::GO.set(
                    sd::MSG_SIZE.set(
                        sd::META_DATA.set(m.d.control1 as u64, 0),
                        m.bytes_to_go as u64,
                    ),
                    1,
                ) as u32;
                t.write(sd::WORDS * n + sd::CONTROL1, c1);
                let f = sb.flights.get_mut(&slot).unwrap();
                f.m = TxMessage::start(
                    SendDesc {
                        control1: c1,
                        ..m.d
                    },
                    node,
                );
                assert_eq!(f.m.bytes_to_go, m.bytes_to_go);
            }
        }
    }
    assert!(
        stopped_slot.is_some() && stalled_one,
        "the stop and the stall were not exercised"
    );
    let (order, want_nts, seen) = (sb.order, sb.want_nts, sb.seen);
    let stopped_slot = stopped_slot.unwrap();
    eprintln!(
        "ppe_tx: {} frames, {} cycles, {} words taken",
        order.len(),
        t.cycle,
        t.busy_cycles
    );
    for _ in 0..200 {
        t.step();
    }
    assert!(t.cur.is_empty(), "a frame left unfinished");
    assert_eq!(seen, t.got.len());
    // one notification per completed message with notify, none other
    let (mut a, mut b) = (t.nts.clone(), want_nts.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b, "completion notifications");
    assert_eq!(t.d.get("active"), 0, "still active at the end");
    // fairness: never more than three other packets between two of one descriptor's
    let mut last: BTreeMap<u16, usize> = BTreeMap::new();
    let mut worst = 0;
    for (i, &(_, slot)) in order.iter().enumerate() {
        if let Some(j) = last.insert(slot, i) {
            if slot != stopped_slot {
                worst = worst.max(i - j - 1);
            }
        }
    }
    assert!(worst <= 3, "a descriptor waited {worst} packets (PPE-R100)");

    // ---- a reset (PCSR0.reset) with four DMA messages under way (PPE-R165-R176) ----
    t.d.rd.as_mut().unwrap().srv.latency = (20, 60);
    let mut pre = vec![];
    for n in 0..4 {
        let mut s = random_desc(rng, 0x8000 + n as u16, false, areas[n], bufs[n]);
        s.control1 = (sd::GO.mask() | sd::MSG_SIZE.set(0, 1024)) as u64 as u32;
        t.program(n, &s);
        pre.push(s);
    }
    for _ in 0..60 + rng.below(200) {
        t.step();
    }
    let before = t.got.len();
    t.d.set("reset", 1);
    for _ in 0..3 {
        t.step();
    }
    t.d.set("reset", 0);
    // the packet on the port at the reset goes out whole; nothing else
    for _ in 0..400 {
        t.step();
    }
    assert!(t.cur.is_empty(), "a frame left unfinished by the reset");
    assert!(t.got.len() <= before + 1, "packets sent after the reset");
    for n in 0..4 {
        let b = sd::WORDS * n;
        assert_eq!(
            (t.read(b + sd::STATUS2), t.read(b + sd::STATUS1)),
            (sd::DONE.mask() as u32, 0),
            "descriptor {n} after the reset (PPE-R170)"
        );
        // the words the PPE never writes are as software left them (PPE-R173)
        let w = [
            t.read(b + sd::ADDRESS0),
            t.read(b + sd::ADDRESS1),
            t.read(b + sd::CONTROL1),
        ];
        assert_eq!(w, [pre[n].address0, pre[n].address1, pre[n].control1]);
        for j in 0..4 {
            assert_eq!(t.read(b + sd::METADATA + j), pre[n].meta[j]);
        }
    }
    assert_eq!(t.d.get("active"), 0, "active after the reset");
    // every descriptor works again, each message as the model
    let mut sb = Board::new(BTreeMap::new(), t.got.len());
    for n in 0..4 {
        let dio = n % 2 == 0;
        let s = random_desc(rng, 0x9000 + n as u16, dio, areas[n], bufs[n]);
        t.program(n, &s);
        sb.flights
            .insert(0x9000 + n as u16, Flight::new(n, TxMessage::start(s, node)));
    }
    sb.run_until(&mut t, 4, "messages after the reset");
}

// verifies: PPE-R069 PPE-R070 PPE-R071 PPE-R072 PPE-R073 PPE-R074 PPE-R075 PPE-R076 PPE-R077
// verifies: PPE-R078 PPE-R080 PPE-R082 PPE-R083 PPE-R084 PPE-R085 PPE-R086 PPE-R087 PPE-R088
// verifies: PPE-R089 PPE-R091 PPE-R092 PPE-R093 PPE-R094 PPE-R095 PPE-R097 PPE-R098
// verifies: PPE-R099 PPE-R100 PPE-R102 PPE-R103 PPE-R104 PPE-R105 PPE-R106 PPE-R107 PPE-R108
// verifies: PPE-R109 PPE-R110 PPE-R111 PPE-R112 PPE-R113 PPE-R114 PPE-R115 PPE-R116 PPE-R117
// verifies: PPE-R118 PPE-R119 PPE-R120 PPE-R122 PPE-R121 PPE-R081 PPE-R079 PPE-R170 PPE-R173
// verifies: PPE-R174 PPE-R176 PPE-R182 PPE-R167 PPE-R168
#[test]
fn send_side_sends_every_message_as_the_model_verilator() {
    if !verilator::require("ppe_tx in Verilator") {
        return;
    }
    check("ppe_tx_verilator", 0x7A01, |rng| {
        run(Backend::Verilator, rng, 300)
    });
}

#[test]
fn send_side_sends_every_message_as_the_model_native() {
    check("ppe_tx_native", 0x7A02, |rng| run(Backend::Native, rng, 60));
}

/// PPE-R090 online: a transmission-completion notification is offered only after its
/// descriptor's done is set. Four notifying messages (DMA and DIO) run at once, each on its own
/// list; the notifier takes a request only after the test, in the very cycle `nt_valid` first
/// shows it, has read the descriptor's status2 and found done (the read returns the state at
/// the edge the request is seen at, so a design that offers the request first fails here).
fn notification_after_done(backend: Backend, rng: &mut Rng) {
    let (mut t, _, bufs, areas) = setup(backend, rng);
    t.nt_rate = 0.0;
    let mut order = Order::new();
    let mut want: Vec<u16> = vec![];
    let mut list_of = BTreeMap::new();
    for round in 0..3 {
        for n in 0..4 {
            let id = (round * 4 + n + 1) as u16;
            let dio = rng.chance(0.5);
            let mut s = random_desc(rng, id, dio, areas[n], bufs[n]);
            s.control1 = sd::NOTIFY.set(s.control1 as u64, 1) as u32;
            let list = 16 * round as u16 + n as u16 + 1;
            s.address1 = sd::NOTE_INDEX.set(s.address1 as u64 & !0xFFFF, list as u64) as u32;
            list_of.insert(list, n);
            t.program(n, &s);
        }
        let mut taken = 0;
        for _ in 0..40_000 {
            if t.d.get("nt_valid") == 0 {
                t.step();
                continue;
            }
            let list = t.d.get("nt_list") as u16;
            let n = *list_of
                .get(&list)
                .unwrap_or_else(|| panic!("a notification on list {list}, which no message names"));
            let key = format!("done {round}.{n}");
            let at = t.cycle;
            let s = t.read(sd::WORDS * n + sd::STATUS2);
            if sd::DONE.get(s as u64) != 0 {
                order.saw(&key, at, format!("status2 {s:#x}"));
            }
            order
                .before(&key, at, &format!("the notification on list {list}"))
                .unwrap_or_else(|e| panic!("PPE-R090: {e}"));
            // take it: one cycle with the notifier ready
            t.nt_rate = 1.0;
            t.step();
            t.nt_rate = 0.0;
            want.push(list);
            taken += 1;
            if taken == 4 {
                break;
            }
        }
        assert_eq!(taken, 4, "round {round}: notifications offered");
        for n in 0..4 {
            t.wait_not_busy(n, 10, "after its notification");
        }
    }
    assert_eq!(
        t.nts, want,
        "every notification taken once, in the order offered"
    );
    assert_eq!(order.checks, 12);
}

// verifies: PPE-R090
#[test]
fn a_notification_is_offered_only_after_done_native() {
    check("ppe_tx_nt_after_done_native", 0x7A03, |rng| {
        notification_after_done(Backend::Native, rng)
    });
}

#[test]
fn a_notification_is_offered_only_after_done_verilator() {
    if !verilator::require("ppe_tx in Verilator") {
        return;
    }
    check("ppe_tx_nt_after_done_verilator", 0x7A04, |rng| {
        notification_after_done(Backend::Verilator, rng)
    });
}

/// A destination the fabric refuses forever stops nothing else and can be stopped (PPE-R096,
/// R101, AMB-28). Message A's packets go to an address0 the fabric never takes; message B runs
/// beside it. B completes as the model while every attempt of A is withdrawn after
/// `STALL_CYCLES` refusals (the monitor allows nothing shorter) with A stalled. Then go = 0 is
/// written to A while its first word is on the port: status2 is read every cycle after, and the
/// first read with busy clear has stalled set (same update), within `STALL_CYCLES` cycles;
/// nothing of A is ever taken and no attempt follows the stop. Resumed with msg_size =
/// bytes_to_go once the fabric takes A, A's packets are the model's whole message.
fn stalled_destination(backend: Backend, rng: &mut Rng) {
    let (mut t, node, bufs, areas) = setup(backend, rng);
    let dio = rng.chance(0.5);
    let mut a = random_desc(rng, 0xA, dio, areas[0], bufs[0]);
    a.control1 = sd::MSG_SIZE.set(sd::CONTROL_PKT.set(a.control1 as u64, 0), 384) as u32;
    let mut b = random_desc(rng, 0xB, false, areas[1], bufs[1]);
    b.control1 = sd::MSG_SIZE.set(sd::CONTROL_PKT.set(b.control1 as u64, 0), 1024) as u32;
    b.address0 = !a.address0;
    t.refuse_first = Some(a.address0);
    t.program(0, &a);
    t.program(1, &b);
    let mut flights = BTreeMap::new();
    flights.insert(0xB, Flight::new(1, TxMessage::start(b, node)));
    let mut sb = Board::new(flights, 0);
    // R101: B runs to completion past the refused A
    sb.run_until(&mut t, 1, "B blocked behind the refused A");
    assert!(
        t.mon.withdrawn >= 2,
        "A's attempts withdrawn: {}",
        t.mon.withdrawn
    );
    // A between attempts is stalled, or busy again with the next attempt (stalled clears at
    // the pick, R092); never idle and unstalled
    let mut stalled = 0;
    for _ in 0..3 * sd::STALL_CYCLES {
        let s = t.read(sd::STATUS2) as u64;
        assert_ne!(
            s & (sd::BUSY.mask() | sd::STALLED.mask()),
            0,
            "A idle: status2 {s:#x}"
        );
        stalled += sd::STALLED.get(s);
    }
    assert!(stalled > 0, "A never seen stalled");
    // R096: stop A while its first word is offered and refused
    let mut offered = 0;
    for _ in 0..2_000 {
        let on_port = t.d.get("tx_valid") != 0 && t.d.get("tx_data") as u32 == a.address0;
        offered = if on_port { offered + 1 } else { 0 };
        if offered == 8 {
            break;
        }
        t.step();
    }
    assert_eq!(offered, 8, "A never offered again");
    let stop = sd::GO.set(a.control1 as u64, 0) as u32;
    let withdrawn = t.mon.withdrawn;
    t.write(sd::CONTROL1, stop);
    let mut reads = 0;
    let s = loop {
        let s = t.read(sd::STATUS2);
        reads += 1;
        if sd::BUSY.get(s as u64) == 0 {
            break s;
        }
        assert!(
            reads <= sd::STALL_CYCLES,
            "A still busy {reads} cycles after the stop"
        );
    };
    assert_eq!(
        s,
        sd::STALLED.mask() as u32,
        "status2 when busy fell after the stop"
    );
    assert_eq!(
        t.mon.withdrawn,
        withdrawn + 1,
        "the attempt on the port withdrawn"
    );
    for _ in 0..4 * sd::STALL_CYCLES {
        t.step();
        assert_eq!(
            t.d.get("tx_valid"),
            0,
            "an attempt after the stop (cycle {})",
            t.cycle
        );
    }
    assert_eq!(sb.seen, t.got.len(), "a frame of A was taken");
    let mut m = TxMessage::start(
        SendDesc {
            control1: stop,
            ..a
        },
        node,
    );
    t.check_regs(0, &m, sd::STALLED.mask() as u32, "stopped while stalled");
    // resume (R097): the fabric takes A now; A's packets are the whole message
    t.refuse_first = None;
    let c1 = sd::GO.set(sd::MSG_SIZE.set(stop as u64, m.bytes_to_go as u64), 1) as u32;
    m = TxMessage::start(
        SendDesc {
            control1: c1,
            ..m.d
        },
        node,
    );
    t.write(sd::CONTROL1, c1);
    sb.flights.insert(0xA, Flight::new(0, m));
    sb.run_until(&mut t, 2, "A after its resume");
}

// verifies: PPE-R096 PPE-R101
#[test]
fn a_refused_destination_blocks_nothing_and_stops_native() {
    check("ppe_tx_refused_destination_native", 0x7A05, |rng| {
        stalled_destination(Backend::Native, rng)
    });
}

#[test]
fn a_refused_destination_blocks_nothing_and_stops_verilator() {
    if !verilator::require("ppe_tx in Verilator") {
        return;
    }
    check("ppe_tx_refused_destination_verilator", 0x7A06, |rng| {
        stalled_destination(Backend::Verilator, rng)
    });
}

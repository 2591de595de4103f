//! `make bench`: the Utah PPE's send-side figures (issue 14) in Verilator, `ppe_tx` alone, the
//! fabric always ready.
//! - `tx_link_utilization_4desc_dio` / `_dma`: words on the injection port per cycle from the
//!   first word to the last while four descriptors send 8 KB messages each (DIO: from XMT_RAM;
//!   DMA: from host memory answering after 4-40 cycles, tags out of order);
//! - `max_wait_packets_4desc_dio` / `_dma`: the most packets of other descriptors between two
//!   packets of one descriptor while all four run (PPE-R100: at most 3);
//! - `tx_cycles_per_packet_4desc_dio` / `_dma`: cycles per 128-byte packet (38 words on the
//!   port: 5 header, 32 payload, the trailer);
//! - `tx_start_latency_cycles`: the control1 write (a start) to the packet's first word on the
//!   port, one idle descriptor, a 4-byte DIO message;
//! - `rx_packets_per_packet_time_long`: one node (`ppe_node` on the model fabric) taking a
//!   64 KB message's 512 packets offered back to back: packets per 38-cycle packet time from
//!   the first packet's last word to the last one's (host memory answering writes after 20
//!   cycles, always ready); `_notified`: 200 single-packet messages, each notified;
//! - `rx_latency_to_write_cycles` / `rx_latency_to_note_cycles`: an idle node, one 128-byte
//!   message: its last word taken -> the payload write's request taken, -> the notification's
//!   `next` word written;
//! - ECP5 figures of `ppe_tx` and `ppe_node` from `build/synth/<top>.json`
//!   (`make synth TOPS="ppe_tx ppe_node"`).
//! Writes build/bench/ppe.json.

use nicgen_driver::ppe::{Config, Ppe, Rslot};
use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::{instances, Backend};
use nicgen_sim::harness::cycle::{CycleModel, OneClock};
use nicgen_sim::ppe::net::PpeNet;
use nicgen_sim::ppe::transport::NodeBus;
use nicgen_sim::system::hostmem::{DmaRdMemory, DmaRdPorts, MemServer};
use nicgen_testbenches::bench::{synth, write};
use nicgen_wire::ppe::address1;
use nicgen_wire::ppe::send_desc as sd;
use nicgen_wire::ppe::{address0, control0, control1, Packet};
use std::collections::BTreeMap;

const HOST: u64 = 0x4000_0000;
const MSG: u32 = 8192;

struct B {
    c: OneClock,
    ix: BTreeMap<String, usize>,
    rd: DmaRdMemory,
}

impl B {
    fn new() -> B {
        let inst = instances("ppe_tx", Backend::Verilator, 1);
        let ix: BTreeMap<String, usize> = inst
            .ports
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.clone(), i))
            .collect();
        let mut srv = MemServer::new(HOST);
        for _ in 0..4 {
            srv.mem.alloc(MSG as usize, 64).unwrap();
        }
        let rd = DmaRdMemory::new(DmaRdPorts::bind(&inst.ports, "dma_"), srv, 7);
        let c = OneClock::new(inst.duts.into_iter().next().unwrap(), ix["clock"], 10_000);
        let mut b = B { c, ix, rd };
        b.set("reset", 1);
        b.cycle();
        b.set("reset", 0);
        b.set("en", 1);
        b.set("tx_ready", 1);
        b.set("nt_ready", 1);
        b
    }
    fn set(&mut self, n: &str, v: u64) {
        self.c.d.set(self.ix[n], v as u128);
    }
    fn get(&mut self, n: &str) -> u64 {
        self.c.d.settle();
        self.c.d.get(self.ix[n]) as u64
    }
    fn cycle(&mut self) {
        self.c.d.settle();
        let mut m: [&mut dyn CycleModel; 1] = [&mut self.rd];
        self.c.cycle(&mut m);
    }
    fn write(&mut self, a: usize, v: u32) {
        self.set("x_addr", a as u64);
        self.set("x_wdata", v as u64);
        self.set("x_write", 1);
        self.cycle();
        self.set("x_write", 0);
    }
    fn start(&mut self, n: usize, addr: u32, size: u32, dio: bool) {
        let b = sd::WORDS * n;
        self.write(b + sd::MSG_ADDRESS, addr);
        self.write(b + sd::ADDRESS1, address1::DST_SLOT.set(0, n as u64) as u32);
        let c1 =
            sd::MSG_SIZE.set(0, size as u64) | sd::GO.mask() | sd::DIRECT_IO.set(0, dio as u64);
        self.write(b + sd::CONTROL1, c1 as u32);
    }
}

/// Four 8 KB messages at once: (utilization, max wait, cycles per packet).
fn four(dio: bool) -> (f64, f64, f64) {
    let mut b = B::new();
    // the four starts written back to back, the port held off meanwhile
    b.set("tx_ready", 0);
    for n in 0..4 {
        let addr = if dio {
            0x100 + n as u32 * 0x1F00
        } else {
            HOST as u32 + n as u32 * MSG
        };
        b.start(n, addr, if dio { 0x1E00 } else { MSG }, dio);
    }
    b.set("tx_ready", 1);
    let (mut first, mut last, mut words) = (None, 0u64, 0u64);
    let mut order = vec![];
    let mut frame = vec![];
    let mut cyc = 0u64;
    let mut quiet = 0;
    while quiet < 200 {
        cyc += 1;
        quiet += 1;
        if b.get("tx_valid") != 0 {
            quiet = 0;
            first.get_or_insert(cyc);
            last = cyc;
            words += 1;
            frame.push(b.get("tx_data") as u32);
            if b.get("tx_last") != 0 {
                order.push(address1::DST_SLOT.get(frame[1] as u64) as usize);
                frame.clear();
            }
        }
        b.cycle();
    }
    let span = (last - first.unwrap() + 1) as f64;
    let per_msg = (if dio { 0x1E00 } else { MSG } / 128) as usize;
    assert_eq!(order.len(), 4 * per_msg, "packets sent");
    // while all four run: up to the first message's last packet
    let mut seen = [0usize; 4];
    let mut lastat: [Option<usize>; 4] = [None; 4];
    let mut worst = 0;
    for (i, &n) in order.iter().enumerate() {
        if let Some(j) = lastat[n] {
            worst = worst.max(i - j - 1);
        }
        lastat[n] = Some(i);
        seen[n] += 1;
        if seen[n] == per_msg {
            break;
        }
    }
    (words as f64 / span, worst as f64, span / order.len() as f64)
}

fn start_latency() -> f64 {
    let mut b = B::new();
    b.start(0, 0x100, 4, true);
    // the cycle after the control1 write's edge is cycle 1
    let mut n = 0;
    while b.get("tx_valid") == 0 {
        n += 1;
        assert!(n < 1000, "no packet");
        b.cycle();
    }
    n as f64 + 1.0
}

/// Node 1 of a two-node net, set up by the driver: rslot 1 (64 KB, notified on list 1); its
/// incarnation and the rslot's buffer.
fn rx_node() -> (PpeNet, Ppe, u8, u32) {
    let mut net = PpeNet::new(Backend::Verilator, 2, 11);
    net.delay = (1, 1);
    net.capacity = usize::MAX;
    net.nodes[1].wr.srv.latency = (20, 20);
    let mut p = Ppe::new(Config {
        node: 1,
        incarnation: 5,
        nlhr: 0x2000,
        rslots: 4,
        lists: 2,
        nbqr: 256,
    });
    let mut b = NodeBus {
        net: &mut net,
        node: 1,
    };
    p.init(&mut b).unwrap();
    let buf = b.alloc(65536, 64).unwrap() as u32;
    let r = Rslot {
        buf,
        size: 65536,
        note: Some(1),
        ack_note: 1,
        do_acks: false,
    };
    p.rslot_open(&mut b, 1, r).unwrap();
    (net, p, 5, buf)
}

/// A 128-byte packet for node 1's rslot 1 at `off` (`size`: use_msg_size with that size).
fn rx_frame(inc: u8, off: u32, size: Option<u32>) -> Vec<u32> {
    Packet {
        address0: address0::DST_NODE.set(0, 1) as u32,
        address1: (nicgen_wire::ppe::address1::DST_SLOT.set(0, 1)) as u32,
        control0: (control0::USE_MSG_SIZE.set(0, size.is_some() as u64)
            | control0::INCARNATION.set(0, inc as u64)
            | control0::REMOTE_OFFSET.set(0, off as u64)) as u32,
        control1: control1::MSG_SIZE.set(0, size.unwrap_or(0) as u64) as u32,
        meta: None,
        payload: (0..32).map(|i| i * 0x0101_0101).collect(),
    }
    .frame()
}

/// Packets per packet time while `frames` are offered back to back to node 1.
fn rx_rate(frames: Vec<Vec<u32>>) -> f64 {
    let (mut net, _, _, _) = rx_node();
    let n = frames.len();
    let words = frames[0].len() as f64;
    for f in frames {
        net.inject(1, f);
    }
    assert!(net.run_until(1_000_000, |net| net.delivered(1).len() == n && net.quiet()));
    let at = net.delivered_at(1);
    (n - 1) as f64 * words / (at[n - 1] - at[0]) as f64
}

/// (last word -> payload write request, last word -> notification's `next` written).
fn rx_latency() -> (f64, f64) {
    let (mut net, _, inc, _) = rx_node();
    for _ in 0..100 {
        net.step();
    }
    let before = net.nodes[1].wr.log.len();
    net.inject(1, rx_frame(inc, 0, Some(128)));
    assert!(net.run_until(100_000, |net| {
        net.nodes[1].wr.log[before..]
            .iter()
            .any(|w| w.words.len() == 1)
    }));
    let t = net.delivered_at(1)[0];
    let log = &net.nodes[1].wr.log[before..];
    let next = log
        .iter()
        .find(|w| w.words.len() == 1)
        .expect("the notification's next");
    ((log[0].req_cycle - t) as f64, (next.cycle - t) as f64)
}

fn main() {
    nicgen_testbenches::bench::on_big_stack(bench);
}

fn bench() {
    let mut j: BTreeMap<&str, f64> = BTreeMap::new();
    for (dio, tag) in [(true, "dio"), (false, "dma")] {
        let (u, w, c) = four(dio);
        eprintln!("ppe_tx {tag}: utilization {u:.3}, max wait {w} packets, {c:.1} cycles/packet");
        let key = |s: &str| -> &'static str { Box::leak(format!("{s}_{tag}").into_boxed_str()) };
        j.insert(key("tx_link_utilization_4desc"), u);
        j.insert(key("max_wait_packets_4desc"), w);
        j.insert(key("tx_cycles_per_packet_4desc"), c);
    }
    let long = rx_rate(
        (0..512)
            .map(|k| rx_frame(5, 128 * k, (k == 0).then_some(65536)))
            .collect(),
    );
    let single = rx_rate((0..200).map(|_| rx_frame(5, 0, Some(128))).collect());
    let (lw, ln) = rx_latency();
    eprintln!("ppe_node rx: {long:.3} packets per packet time (64 KB message), {single:.3} (notified single packets); last word -> write {lw}, -> note {ln} cycles");
    j.insert("rx_packets_per_packet_time_long", long);
    j.insert("rx_packets_per_packet_time_notified", single);
    j.insert("rx_latency_to_write_cycles", lw);
    j.insert("rx_latency_to_note_cycles", ln);
    let l = start_latency();
    eprintln!("ppe_tx: start to first word {l} cycles");
    j.insert("tx_start_latency_cycles", l);
    for top in ["ppe_tx", "ppe_node"] {
        if let Some(s) = synth(top) {
            for (k, what) in [
                ("lut4", "lut4"),
                ("ff", "ff"),
                ("bram", "dp16kd"),
                ("fmax_mhz", "fmax_mhz"),
            ] {
                let key: &'static str = Box::leak(format!("{top}_{what}").into_boxed_str());
                j.insert(key, s.num(k).unwrap_or(f64::NAN));
            }
        }
    }
    write("ppe", &j);
}

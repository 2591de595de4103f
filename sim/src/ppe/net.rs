//! PPE nodes (`ppe_node` tops, native or Verilated) on a model fabric, one clock: each node has
//! its host (a register-bus master that makes one access at a time, the interrupt line
//! watched) and two host memories, the one its DMA read channel reads (send buffers,
//! `src_alloc`) and the one its DMA write port writes (receive buffers and notification
//! objects, `HostMem` of `transport::NodeBus`). Both are `MemServer`s with the bounds rule, so
//! a PPE write outside an allocated buffer fails the test (the containment of 94-013 §2.8).
//!
//! The fabric (checklist §4.2) takes each frame whole from a node's injection port (READY at
//! random, `tx_rate`), routes it by address0.dst_node to the node with that local_node_num
//! (`num`), holds it a random delay (`delay`: packets overtake each other, so a message's first
//! packet may arrive last) and offers it to the destination's ejection port with random gaps
//! (`rx_rate`); a node whose ejection is `held` takes nothing new, which backs its fabric
//! queue up; a node's fabric holds `capacity` frames, after which frames for it wait at their
//! sources' ports (back-pressure reaches the senders). A frame for a node number no node has is kept in `undeliverable`. `fault`, when
//! set, sees every frame with its route and returns what the fabric delivers instead (none:
//! loss; two: duplication; another node: misdelivery; changed words: corruption).
//! Each host's register writes are checked against the driver invariants the hardware relies on
//! (checklist §5; `host_rules`, on by default): no null NBQR write; rslots and the heads
//! table's token words edited only while enable is 0; a heads entry's head word written only
//! before the first enable after a reset; tokens non-zero; do_acks never on rslot 0; a send
//! descriptor's msg_address and msg_size word-aligned and its transmit list below 512.
//! Frames are checked on the way out (`first` exactly on the first word, `keep` full, at most
//! a header, metadata, 32 payload words and a trailer).

use crate::harness::backend::{instances, Backend};
use crate::harness::cycle::{CycleModel, OneClock};
use crate::harness::ports::{bind, index, RegBusPorts};
use crate::harness::rng::Rng;
use crate::system::hostmem::{DmaRdMemory, DmaRdPorts, DmaWrMemory, DmaWrPorts, MemServer};
use nicgen_driver::HostMem;
use nicgen_hdl::top::PortInfo;
use nicgen_wire::ppe::{address0, HEADER_WORDS, MAX_PAYLOAD_WORDS, META_WORDS};
use std::collections::VecDeque;

/// Where the host memory of node k starts: the written side, the read side.
pub fn wr_base(k: usize) -> u64 {
    0x1000_0000 + ((k as u64) << 24)
}
pub fn rd_base(k: usize) -> u64 {
    0x8000_0000 + ((k as u64) << 24)
}

/// One frame that left a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sent {
    pub cycle: u64,
    pub src: usize,
    pub frame: Vec<u32>,
}

/// What the fault hook returns: frames to deliver, each to a node index.
pub type Deliveries = Vec<(usize, Vec<u32>)>;
/// The fault hook: source node, the default route (None: no node has that number), the frame.
pub type FaultHook = Box<dyn FnMut(usize, Option<usize>, Vec<u32>, &mut Rng) -> Deliveries>;

/// The node's side of the fabric and its host bus, as a cycle model.
struct Edge {
    bus: RegBusPorts,
    /// data, keep, first, last, valid, ready
    tx: [usize; 6],
    rx: [usize; 6],
    irq: usize,
    rng: Rng,
    tx_rate: f64,
    rx_rate: f64,
    held: bool,
    /// Node numbers whose fabric queue is full: a frame for one of them waits at the port.
    blocked: Vec<u64>,
    tx_ready: bool,
    asm: Vec<u32>,
    sent: Vec<Vec<u32>>,
    queue: VecDeque<Vec<u32>>,
    cur: Option<(Vec<u32>, usize)>,
    offer: bool,
    /// Frames taken whole, in order, and the edge that took each one's last word.
    got: Vec<Vec<u32>>,
    got_at: Vec<u64>,
    /// The edges that took each injected frame's first word, and each ejected frame's.
    inj_starts: Vec<u64>,
    ej_starts: Vec<u64>,
    /// Edges so far (counted as the memories count theirs, from 1).
    now: u64,
    strobe: Option<(u32, Option<u32>)>,
    waiting: bool,
    answer: Option<(u32, bool)>,
    irq_level: bool,
    tx_valid: bool,
}

impl CycleModel for Edge {
    fn before_edge(&mut self, d: &mut dyn crate::harness::backend::Dut) -> Result<(), String> {
        d.settle();
        self.now += 1;
        let g = |i: usize| d.get(i) as u64;
        let [data, keep, first, last, valid, _] = self.tx;
        if self.tx_ready && g(valid) != 0 {
            if (g(first) != 0) != self.asm.is_empty() {
                return Err(format!(
                    "tx: first = {} on word {} of a frame",
                    g(first),
                    self.asm.len()
                ));
            }
            if g(keep) != 0xF {
                return Err(format!("tx: keep {:#x}", g(keep)));
            }
            if self.asm.is_empty() {
                self.inj_starts.push(self.now);
            }
            self.asm.push(g(data) as u32);
            let most = HEADER_WORDS + META_WORDS + MAX_PAYLOAD_WORDS + 1;
            if self.asm.len() > most {
                return Err(format!("tx: a frame longer than {most} words"));
            }
            if g(last) != 0 {
                self.sent.push(std::mem::take(&mut self.asm));
            }
        }
        if self.offer && g(self.rx[5]) != 0 {
            self.offer = false;
            let (f, at) = self.cur.as_mut().unwrap();
            if *at == 0 {
                self.ej_starts.push(self.now);
            }
            *at += 1;
            if *at == f.len() {
                self.got.push(self.cur.take().unwrap().0);
                self.got_at.push(self.now);
            }
        }
        if self.waiting && g(self.bus.ready) != 0 {
            self.waiting = false;
            self.answer = Some((g(self.bus.rdata) as u32, g(self.bus.err) != 0));
        }
        self.irq_level = g(self.irq) != 0;
        self.tx_valid = g(valid) != 0;
        Ok(())
    }

    fn after_edge(&mut self, d: &mut dyn crate::harness::backend::Dut) {
        self.tx_ready = self.tx_rate >= 1.0 || self.rng.chance(self.tx_rate);
        if self.asm.is_empty() && d.get(self.tx[4]) != 0 {
            let dst = address0::DST_NODE.get(d.get(self.tx[0]) as u64);
            if self.blocked.contains(&dst) {
                self.tx_ready = false;
            }
        }
        d.set(self.tx[5], self.tx_ready as u128);
        if self.cur.is_none() && !self.held {
            self.cur = self.queue.pop_front().map(|f| (f, 0));
        }
        if !self.offer {
            self.offer = self.cur.is_some()
                && !(self.held && self.cur.as_ref().unwrap().1 == 0)
                && (self.rx_rate >= 1.0 || self.rng.chance(self.rx_rate));
        }
        let [data, keep, first, last, valid, _] = self.rx;
        if let Some((f, at)) = &self.cur {
            d.set(data, f[*at] as u128);
            d.set(keep, 0xF);
            d.set(first, (*at == 0) as u128);
            d.set(last, (*at == f.len() - 1) as u128);
        }
        d.set(valid, self.offer as u128);
        let b = self.bus;
        match self.strobe.take() {
            Some((addr, w)) => {
                d.set(b.addr, addr as u128);
                d.set(b.wdata, w.unwrap_or(0) as u128);
                d.set(b.write, w.is_some() as u128);
                d.set(b.read, w.is_none() as u128);
                self.waiting = true;
            }
            None => {
                d.set(b.write, 0);
                d.set(b.read, 0);
            }
        }
    }
}

fn stream(ports: &[PortInfo], prefix: &str) -> [usize; 6] {
    bind(
        ports,
        prefix,
        ["data", "keep", "first", "last", "valid", "ready"],
    )
}

/// What the invariant check knows of a host's window (its own record of its writes).
#[derive(Clone, Copy, Debug, Default)]
struct HostView {
    pcsr0: u32,
    nlhr: u32,
    prr: u32,
    /// enable was set since the last reset: the heads' head words are fixed.
    booted: bool,
}

pub struct Node {
    c: OneClock,
    view: HostView,
    reset: usize,
    e: Edge,
    /// Its DMA write port's memory (receive buffers, notification objects).
    pub wr: DmaWrMemory,
    /// Its DMA read channel's memory (send buffers).
    pub rd: DmaRdMemory,
    /// Its local_node_num, as the fabric routes (set by the test with PCSR0).
    pub num: u16,
}

pub struct PpeNet {
    pub nodes: Vec<Node>,
    rng: Rng,
    pub cycles: u64,
    /// Cycles a frame is held in the fabric: uniform in this range.
    pub delay: (u64, u64),
    pub fault: Option<FaultHook>,
    /// Frames the fabric holds for one node (in flight and queued) before frames for it wait
    /// at their sources' ports.
    pub capacity: usize,
    flight: Vec<(u64, usize, Vec<u32>)>,
    /// Every frame that left a node, in order.
    pub log: Vec<Sent>,
    /// Frames for a node number no node has.
    pub undeliverable: Vec<Sent>,
    /// Cycles a register access may take before the test fails.
    pub bus_limit: u64,
    /// Fail on a host write that breaks a driver invariant (off for tests that break one on
    /// purpose).
    pub host_rules: bool,
    /// The invariants broken while `host_rules` was off.
    pub host_violations: Vec<String>,
}

impl PpeNet {
    /// `n` `ppe_node`s, out of reset; node k's number is k until the test sets `num`.
    pub fn new(backend: Backend, n: usize, seed: u64) -> Self {
        let inst = instances("ppe_node", backend, n);
        let ports = inst.ports;
        let mut rng = Rng::new(seed);
        let clock = index(&ports, "clock");
        let nodes = inst
            .duts
            .into_iter()
            .enumerate()
            .map(|(k, d)| Node {
                c: OneClock::new(d, clock, 10_000),
                view: HostView::default(),
                reset: index(&ports, "reset"),
                e: Edge {
                    bus: RegBusPorts::bind(&ports, "bus_"),
                    tx: stream(&ports, "tx_"),
                    rx: stream(&ports, "rx_"),
                    irq: index(&ports, "irq"),
                    rng: Rng::new(rng.next_u64()),
                    tx_rate: 1.0,
                    rx_rate: 1.0,
                    held: false,
                    blocked: vec![],
                    tx_ready: false,
                    asm: vec![],
                    sent: vec![],
                    queue: VecDeque::new(),
                    cur: None,
                    offer: false,
                    got: vec![],
                    got_at: vec![],
                    inj_starts: vec![],
                    ej_starts: vec![],
                    now: 0,
                    strobe: None,
                    waiting: false,
                    answer: None,
                    irq_level: false,
                    tx_valid: false,
                },
                wr: DmaWrMemory::new(
                    DmaWrPorts::bind(&ports, "dma_"),
                    MemServer::new(wr_base(k)),
                    rng.next_u64(),
                ),
                rd: DmaRdMemory::new(
                    DmaRdPorts::bind(&ports, "dma_"),
                    MemServer::new(rd_base(k)),
                    rng.next_u64(),
                ),
                num: k as u16,
            })
            .collect();
        let mut net = Self {
            nodes,
            rng,
            cycles: 0,
            delay: (2, 2),
            fault: None,
            capacity: 16,
            flight: vec![],
            log: vec![],
            undeliverable: vec![],
            bus_limit: 200_000,
            host_rules: true,
            host_violations: vec![],
        };
        for k in 0..n {
            net.power_on(k);
        }
        net
    }

    /// Node k's reset port high for a cycle (the PPE's power-on reset, PPE-R175).
    pub fn power_on(&mut self, k: usize) {
        let nd = &mut self.nodes[k];
        nd.c.d.set(nd.reset, 1);
        self.step();
        let nd = &mut self.nodes[k];
        nd.c.d.set(nd.reset, 0);
        self.step();
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Random stalls and delays everywhere: injection and ejection rates, the fabric's delay
    /// (reordering), the memories' READY and latency.
    pub fn stress(&mut self) {
        self.delay = (1, 400);
        for nd in &mut self.nodes {
            nd.e.tx_rate = 0.7;
            nd.e.rx_rate = 0.8;
            nd.wr.ready_rate = 0.7;
            nd.rd.ready_rate = 0.7;
            nd.rd.rsp_rate = 0.8;
        }
    }

    /// Node k takes no new frame from the fabric while `held` (ejection back-pressure).
    pub fn hold(&mut self, k: usize, held: bool) {
        self.nodes[k].e.held = held;
    }

    /// The frames waiting in the fabric for node k (to reorder them, while it is `hold`).
    pub fn queue(&mut self, k: usize) -> &mut VecDeque<Vec<u32>> {
        &mut self.nodes[k].e.queue
    }

    /// Node k's injection port is between frames and offers nothing.
    pub fn tx_idle(&self, k: usize) -> bool {
        self.nodes[k].e.asm.is_empty() && !self.nodes[k].e.tx_valid
    }

    /// The edges (counted as `cycles`) at which node k's injected frames, and the frames it
    /// took from the fabric, had their first word taken.
    pub fn inject_starts(&self, k: usize) -> &[u64] {
        &self.nodes[k].e.inj_starts
    }
    pub fn eject_starts(&self, k: usize) -> &[u64] {
        &self.nodes[k].e.ej_starts
    }

    /// Words of the frame node k is injecting that the fabric has taken (0 between frames).
    pub fn injecting(&self, k: usize) -> usize {
        self.nodes[k].e.asm.len()
    }

    /// Frames waiting in the fabric's queue for node k.
    pub fn queued(&self, k: usize) -> usize {
        self.nodes[k].e.queue.len()
    }

    /// Frames in flight to node k (not yet in its queue).
    pub fn in_flight(&self, k: usize) -> usize {
        self.flight.iter().filter(|f| f.1 == k).count()
    }

    /// Probability per cycle of node k's injection READY.
    pub fn set_tx_rate(&mut self, k: usize, rate: f64) {
        self.nodes[k].e.tx_rate = rate;
    }

    /// The interrupt line of node k at the last edge.
    pub fn irq(&self, k: usize) -> bool {
        self.nodes[k].e.irq_level
    }

    /// Frames node k has taken whole from the fabric, in order.
    pub fn delivered(&self, k: usize) -> &[Vec<u32>] {
        &self.nodes[k].e.got
    }

    /// The edge (of node k's clock, counted as its memories' logs count) that took the last
    /// word of each frame in `delivered(k)`.
    pub fn delivered_at(&self, k: usize) -> &[u64] {
        &self.nodes[k].e.got_at
    }

    /// A frame put on the fabric for node k as if a node had sent it (misc packets, forged
    /// packets), after the fabric's delay.
    pub fn inject(&mut self, k: usize, frame: Vec<u32>) {
        let due = self.cycles + self.delay.0;
        self.flight.push((due, k, frame));
    }

    /// A buffer of `len` bytes in node k's read-side memory (what its descriptors send from).
    pub fn src_alloc(&mut self, k: usize, len: usize) -> u64 {
        self.nodes[k].rd.srv.mem.alloc(len.max(4), 64).unwrap()
    }

    /// Nothing in the fabric, nothing on a port, no DMA outstanding.
    pub fn quiet(&self) -> bool {
        self.flight.is_empty()
            && self.nodes.iter().all(|nd| {
                nd.e.queue.is_empty()
                    && nd.e.cur.is_none()
                    && nd.e.asm.is_empty()
                    && nd.wr.idle()
                    && nd.rd.idle()
            })
    }

    /// The node index with local_node_num `num`.
    pub fn route(&self, num: u64) -> Option<usize> {
        self.nodes.iter().position(|nd| nd.num as u64 == num)
    }

    /// One clock cycle of every node with its memories and the fabric.
    pub fn step(&mut self) {
        self.cycles += 1;
        let n = self.nodes.len();
        let mut held = vec![0; n];
        for f in &self.flight {
            held[f.1] += 1;
        }
        let blocked: Vec<u64> = (0..n)
            .filter(|&k| held[k] + self.nodes[k].e.queue.len() >= self.capacity)
            .map(|k| self.nodes[k].num as u64)
            .collect();
        for nd in self.nodes.iter_mut() {
            nd.e.blocked.clone_from(&blocked);
        }
        for nd in self.nodes.iter_mut() {
            let Node { c, e, wr, rd, .. } = nd;
            c.cycle(&mut [e, wr, rd]);
        }
        for k in 0..self.nodes.len() {
            for frame in std::mem::take(&mut self.nodes[k].e.sent) {
                self.log.push(Sent {
                    cycle: self.cycles,
                    src: k,
                    frame: frame.clone(),
                });
                let route = self.route(address0::DST_NODE.get(frame[0] as u64));
                let out = match self.fault.as_mut() {
                    Some(f) => f(k, route, frame, &mut self.rng),
                    None => match route {
                        Some(d) => vec![(d, frame)],
                        None => {
                            self.undeliverable.push(Sent {
                                cycle: self.cycles,
                                src: k,
                                frame,
                            });
                            vec![]
                        }
                    },
                };
                for (d, f) in out {
                    let (lo, hi) = self.delay;
                    let due = self.cycles + lo + self.rng.below(hi - lo + 1);
                    self.flight.push((due, d, f));
                }
            }
        }
        let now = self.cycles;
        let mut due: Vec<(u64, usize, Vec<u32>)> = vec![];
        self.flight.retain(|x| {
            if x.0 <= now {
                due.push(x.clone());
                false
            } else {
                true
            }
        });
        due.sort_by_key(|x| x.0);
        for (_, d, f) in due {
            self.nodes[d].e.queue.push_back(f);
        }
    }

    /// One register access of node k's host (a read, or a write of `w`): the strobe, then the
    /// cycles to its answer, the whole fabric running meanwhile. The word read and the bus's
    /// error flag.
    pub fn access(&mut self, k: usize, addr: u32, w: Option<u32>) -> (u32, bool) {
        if let Err(e) = self.host_rule(k, addr, w) {
            assert!(!self.host_rules, "node {k}: driver invariant broken: {e}");
            self.host_violations.push(format!("node {k}: {e}"));
        }
        self.nodes[k].e.strobe = Some((addr, w));
        for _ in 0..self.bus_limit {
            self.step();
            if let Some(a) = self.nodes[k].e.answer.take() {
                return a;
            }
        }
        panic!("node {k}: no answer to the access at {addr:#x}");
    }

    /// Node k's host accesses `addr` (a write of `w`): the invariants of checklist §5 that a
    /// window write can break, against the host's own record of PCSR0, NLHR and PRR_Ptr.
    fn host_rule(&mut self, k: usize, addr: u32, w: Option<u32>) -> Result<(), String> {
        use nicgen_wire::ppe::host as hw;
        let v = &mut self.nodes[k].view;
        let a = addr & 0x3FC;
        // the RCV_RAM word a PRR access reaches, and the pointer's auto-increment
        let rcv = match a {
            hw::PRR_MEM => Some(v.prr),
            hw::PRR_MEM_INC => {
                let at = v.prr;
                v.prr = (v.prr + 4) & 0xFFFC;
                Some(at)
            }
            _ if (hw::RCV_PAGE..hw::RCV_PAGE + 0x100).contains(&a) => {
                Some((v.prr & !0xFF) | (a - hw::RCV_PAGE))
            }
            _ => None,
        };
        let Some(val) = w else { return Ok(()) };
        let enabled = v.pcsr0 & hw::ENABLE.mask() as u32 != 0;
        match a {
            hw::PCSR0 => {
                if val & hw::RESET.mask() as u32 != 0 {
                    v.booted = false;
                }
                if val & hw::ENABLE.mask() as u32 != 0 {
                    v.booted = true;
                }
                v.pcsr0 = val;
            }
            hw::NLHR => v.nlhr = val & 0xFFF8,
            hw::PRR_PTR => v.prr = val & 0xFFFC,
            hw::NBQR if val == 0 => return Err("a null pointer written to NBQR".into()),
            _ => {}
        }
        // a send descriptor's words (the 0x100 page): word-aligned addresses and sizes,
        // transmit lists below 512
        if (hw::SEND_DESC_PAGE..hw::XMT_PAGE).contains(&a) {
            use nicgen_wire::ppe::send_desc as sd;
            let word = ((a - hw::SEND_DESC_PAGE) / 4) as usize % sd::WORDS;
            let c1 = val as u64;
            let bad = match word {
                sd::MSG_ADDRESS => val % 4 != 0,
                sd::ADDRESS1 => sd::NOTE_INDEX.get(c1) > sd::NOTE_INDEX_USED,
                // (a control packet's msg_size is data: an ack's d2, a scatter's total)
                sd::CONTROL1 => sd::CONTROL_PKT.get(c1) == 0 && sd::MSG_SIZE.get(c1) % 4 != 0,
                _ => false,
            };
            if bad {
                return Err(format!(
                    "descriptor word {word} = {val:#x}: not aligned or list past 511"
                ));
            }
        }
        if let Some(at) = rcv {
            if at < hw::RSLOT_BYTES_TOTAL && enabled {
                return Err(format!("rslot word {at:#x} written while enabled"));
            }
            let do_acks = nicgen_wire::ppe::rslot::DO_ACKS.mask() as u32;
            if at == 4 * nicgen_wire::ppe::rslot::CONTROL as u32 && val & do_acks != 0 {
                return Err("do_acks set on rslot 0".into());
            }
            let heads = v.nlhr..v.nlhr + 8 * 512;
            if heads.contains(&at) && at % 8 == 0 && v.booted {
                return Err(format!("heads-table head word {at:#x} written after boot"));
            }
            if heads.contains(&at) && at % 8 == 4 && enabled {
                return Err(format!(
                    "heads-table token word {at:#x} written while enabled"
                ));
            }
            if heads.contains(&at) && at % 8 == 4 && val >> 1 == 0 {
                return Err(format!("heads-table token word {at:#x}: token 0"));
            }
        }
        Ok(())
    }

    /// Steps until `done` holds (checked every cycle), at most `limit` cycles; false on timeout.
    pub fn run_until(&mut self, limit: u64, mut done: impl FnMut(&Self) -> bool) -> bool {
        for _ in 0..limit {
            if done(self) {
                return true;
            }
            self.step();
        }
        done(self)
    }
}

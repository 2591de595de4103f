//! Two `tnw_link` nodes back to back through a `Channel` each way, on either backend (native
//! rust-hdl model or Verilator), with host models that inject packets, drain and check every
//! delivered packet against what the peer sent (scoreboard: every word, order, loss,
//! duplication), access registers, and an MDIO PHY model on each node.
//!
//! Clocks: node i's TNW clock has period `periods[i]`; its PHY receive clock is the peer's
//! TNW clock (the clock the PHY recovers). Host inputs change after the falling edge of the
//! node's clock; handshakes are counted at its rising edge.

use crate::channel::{Channel, ChannelCfg};
use crate::mdio_phy::MdioPhy;
use crate::rng::Rng;
use crate::verilator::Model;
use nicgen_hdl::top::{DynTop, PortInfo};
use nicgen_wire::regs::Reg;
use nicgen_wire::tnw::{self, Header, Word, PAYLOAD_WORDS};
use std::collections::VecDeque;

/// What a backend offers: indexed port access and settling.
pub trait Dut {
    fn set(&mut self, i: usize, v: u128);
    fn get(&self, i: usize) -> u128;
    fn settle(&mut self);
    /// Start a VCD (backends that can; the native model cannot).
    fn trace(&mut self, _path: &std::path::Path) {}
    fn dump(&mut self, _time_ps: u64) {}
    fn flush_trace(&mut self) {}
}

impl Dut for Box<dyn DynTop> {
    fn set(&mut self, i: usize, v: u128) {
        DynTop::set(self.as_mut(), i, v)
    }
    fn get(&self, i: usize) -> u128 {
        DynTop::get(self.as_ref(), i)
    }
    fn settle(&mut self) {
        DynTop::settle(self.as_mut())
    }
}

impl Dut for Model {
    fn set(&mut self, i: usize, v: u128) {
        Model::set(self, i, v)
    }
    fn get(&self, i: usize) -> u128 {
        Model::get(self, i)
    }
    fn settle(&mut self) {
        self.eval()
    }
    fn trace(&mut self, path: &std::path::Path) {
        Model::trace(self, path)
    }
    fn dump(&mut self, time_ps: u64) {
        Model::dump(self, time_ps)
    }
    fn flush_trace(&mut self) {
        Model::flush_trace(self)
    }
}

#[derive(Clone, Copy, Debug)]
struct Ports {
    clock: usize,
    phy_clock: usize,
    reset: usize,
    phy_rxd: usize,
    phy_rxc: usize,
    phy_txd: usize,
    phy_txc: usize,
    tx_data: usize,
    tx_dest: usize,
    tx_valid: usize,
    tx_ready: usize,
    rx_data: usize,
    rx_dest: usize,
    rx_first: usize,
    rx_last: usize,
    rx_valid: usize,
    rx_ready: usize,
    addr: usize,
    wdata: usize,
    write: usize,
    read: usize,
    rdata: usize,
    ready: usize,
    err: usize,
    mdc: usize,
    mdio_o: usize,
    mdio_oe: usize,
    mdio_i: usize,
    rsnd: usize,
}

impl Ports {
    fn new(p: &[PortInfo]) -> Self {
        let f = |n: &str| {
            p.iter()
                .position(|x| x.name == n)
                .unwrap_or_else(|| panic!("tnw_link has no port {n}"))
        };
        Self {
            clock: f("clock"),
            phy_clock: f("phy_clock"),
            reset: f("reset"),
            phy_rxd: f("phy_rxd"),
            phy_rxc: f("phy_rxc"),
            phy_txd: f("phy_txd"),
            phy_txc: f("phy_txc"),
            tx_data: f("tx_data"),
            tx_dest: f("tx_dest"),
            tx_valid: f("tx_valid"),
            tx_ready: f("tx_ready"),
            rx_data: f("rx_data"),
            rx_dest: f("rx_dest"),
            rx_first: f("rx_first"),
            rx_last: f("rx_last"),
            rx_valid: f("rx_valid"),
            rx_ready: f("rx_ready"),
            addr: f("bus$addr"),
            wdata: f("bus$wdata"),
            write: f("bus$write"),
            read: f("bus$read"),
            rdata: f("bus$rdata"),
            ready: f("bus$ready"),
            err: f("bus$err"),
            mdc: f("mdc"),
            mdio_o: f("mdio_o"),
            mdio_oe: f("mdio_oe"),
            mdio_i: f("mdio_i"),
            rsnd: f("rsnd_occupancy"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pkt {
    pub dest: u16,
    pub data: [u32; PAYLOAD_WORDS],
}

impl Pkt {
    /// A packet to a random VC and offset with random payload.
    pub fn random(rng: &mut Rng) -> Pkt {
        let vc = rng.below(8) as u16;
        let rao = rng.below(2048) as u16;
        let mut data = [0u32; PAYLOAD_WORDS];
        for d in data.iter_mut() {
            *d = rng.next_u64() as u32;
        }
        Pkt {
            dest: (rao << 3) | vc,
            data,
        }
    }
    /// The packet's words on the wire with sequence number `seq` (header, payload, CRC).
    pub fn words(&self, seq: u16) -> Vec<Word> {
        let h = Header {
            vc: (self.dest & 7) as u8,
            rao: self.dest >> 3,
            seq,
        };
        tnw::packet_words(h, &self.data)
    }
    /// Item `i` (0..8) as the four 32-bit lanes, lane 0 first on the wire.
    pub fn lanes(&self, i: usize) -> [u32; 4] {
        std::array::from_fn(|l| self.data[i * 4 + l])
    }
    fn item(&self, i: usize) -> u128 {
        let lanes = self.lanes(i);
        (0..4).fold(0u128, |v, l| v | ((lanes[l] as u128) << (32 * l)))
    }
}

/// Host side of one node.
pub struct Host {
    pub to_send: VecDeque<Pkt>,
    item: usize,
    valid_set: bool,
    /// Packets fully accepted by TXFIFO and not yet delivered at the peer (in order).
    pub in_flight: VecDeque<Pkt>,
    pub injected: u64,
    /// Probability per cycle of offering an item (1.0: as fast as possible).
    pub inject_rate: f64,
    /// Probability per cycle of `rx_ready`.
    pub rx_ready_rate: f64,
    rx_ready_set: bool,
    rx_words: Vec<u32>,
    rx_dest: u16,
    pub delivered: u64,
    /// Set while the TB module owns the host paths (the host then stays quiet).
    pub quiet: bool,
    /// Clock edge at which the last word of the latest delivered packet was taken.
    pub last_rx_cycle: u64,
    /// Clock edge (index) at which each packet's last item entered TXFIFO.
    pub tx_done_edges: Vec<u64>,
    /// Clock edge at which each delivered packet's first word was taken.
    pub rx_first_edges: Vec<u64>,
}

impl Default for Host {
    fn default() -> Self {
        Self {
            to_send: VecDeque::new(),
            item: 0,
            valid_set: false,
            in_flight: VecDeque::new(),
            injected: 0,
            inject_rate: 1.0,
            rx_ready_rate: 1.0,
            rx_ready_set: false,
            rx_words: vec![],
            rx_dest: 0,
            delivered: 0,
            quiet: false,
            last_rx_cycle: 0,
            tx_done_edges: vec![],
            rx_first_edges: vec![],
        }
    }
}

pub struct Pair {
    pub dut: [Box<dyn Dut>; 2],
    p: Ports,
    pub chan: [Channel; 2],
    pub host: [Host; 2],
    pub mdio: [MdioPhy; 2],
    pub mdio_on: bool,
    half: [u64; 2],
    next: [u64; 2],
    level: [bool; 2],
    /// Rising edges of each node's clock.
    pub cycles: [u64; 2],
    pub time_ps: u64,
    rng: Rng,
    /// Largest resend-buffer occupancy seen at each node.
    pub rsnd_max: [u64; 2],
    /// When set, every word each node sends (after the channel: as its peer receives it).
    pub log: Option<Vec<(u64, usize, Word, Word)>>,
    /// Dump the models' VCDs from this cycle of node 0 on (a traced replay, `testing::check`).
    trace_from: u64,
}

impl Drop for Pair {
    fn drop(&mut self) {
        crate::testing::note_end_cycle(self.cycles[0]);
        for d in &mut self.dut {
            d.flush_trace();
        }
    }
}

impl Pair {
    /// The registered `tnw_link` top, natively.
    fn top() -> Box<dyn DynTop> {
        (nicgen_hdl::tops::tops()
            .into_iter()
            .find(|t| t.name == "tnw_link")
            .expect("tnw_link not in tops()")
            .build)()
    }

    /// Two native models.
    pub fn native(periods_ps: [u64; 2], chan: [ChannelCfg; 2], seed: u64) -> Self {
        let (a, b) = (Self::top(), Self::top());
        let ports = a.ports();
        Self::with(Box::new(a), Box::new(b), &ports, periods_ps, chan, seed)
    }

    /// Two Verilator models of the emitted Verilog.
    pub fn verilator(periods_ps: [u64; 2], chan: [ChannelCfg; 2], seed: u64) -> Self {
        let top = Self::top();
        let ports = top.ports();
        let v = top.verilog();
        let trace = crate::testing::cosim_trace(2);
        let mk = |k: usize| -> Box<dyn Dut> {
            let mut m =
                Model::new("tnw_link", &v, ports.clone()).unwrap_or_else(|e| panic!("{e:#}"));
            if let Some((paths, _)) = &trace {
                m.trace(&paths[k]);
            }
            Box::new(m)
        };
        let mut p = Self::with(mk(0), mk(1), &ports, periods_ps, chan, seed);
        p.trace_from = trace.map(|t| t.1).unwrap_or(u64::MAX);
        p
    }

    fn with(
        a: Box<dyn Dut>,
        b: Box<dyn Dut>,
        ports: &[PortInfo],
        periods_ps: [u64; 2],
        chan: [ChannelCfg; 2],
        seed: u64,
    ) -> Self {
        for p in periods_ps {
            assert!(p % 2 == 0 && p > 0, "clock period {p} ps must be even");
        }
        let [c0, c1] = chan;
        let mut s = Self {
            dut: [a, b],
            p: Ports::new(ports),
            chan: [
                Channel::new(c0, seed ^ 0x1111),
                Channel::new(c1, seed ^ 0x2222),
            ],
            host: [Host::default(), Host::default()],
            mdio: [MdioPhy::new(0), MdioPhy::new(0)],
            mdio_on: false,
            half: [periods_ps[0] / 2, periods_ps[1] / 2],
            next: [periods_ps[0] / 2, periods_ps[1] / 2],
            level: [false, false],
            cycles: [0, 0],
            time_ps: 0,
            rng: Rng::new(seed ^ 0x3333),
            rsnd_max: [0, 0],
            log: None,
            trace_from: u64::MAX,
        };
        // power-up: reset for 4 cycles
        for k in 0..2 {
            s.dut[k].set(s.p.reset, 1);
            s.dut[k].set(s.p.phy_rxd, Word::idle().d as u128);
            s.dut[k].set(s.p.phy_rxc, Word::idle().c as u128);
            s.dut[k].set(s.p.mdio_i, 1);
            s.dut[k].settle();
        }
        s.run(4);
        for k in 0..2 {
            s.dut[k].set(s.p.reset, 0);
        }
        s.run(20);
        s
    }

    /// Bring both links online (TX_CTRL: offline bits cleared).
    pub fn online(&mut self) {
        let ctrl = tnw::TX_CTRL::OFFSET;
        for k in 0..2 {
            self.write(k, ctrl, 0);
        }
    }

    /// Advance to the next clock event.
    pub fn step(&mut self) {
        let t = self.next[0].min(self.next[1]);
        self.time_ps = t;
        let p = self.p;
        let mut rose = [false; 2];
        let mut fell = [false; 2];
        for k in 0..2 {
            if self.next[k] == t {
                if self.level[k] {
                    fell[k] = true;
                } else {
                    rose[k] = true;
                }
            }
        }
        for k in 0..2 {
            if rose[k] {
                self.before_edge(k);
            }
        }
        // inputs set since the last settle must settle before the edge (see `Bench::step`)
        for k in 0..2 {
            self.dut[k].settle();
        }
        for k in 0..2 {
            if rose[k] || fell[k] {
                self.level[k] = !self.level[k];
                self.next[k] += self.half[k];
                let v = self.level[k] as u128;
                self.dut[k].set(p.clock, v);
                self.dut[1 - k].set(p.phy_clock, v);
            }
        }
        for k in 0..2 {
            self.dut[k].settle();
            if self.mdio_on {
                let (mdc, o, oe) = (
                    self.dut[k].get(p.mdc) != 0,
                    self.dut[k].get(p.mdio_o) != 0,
                    self.dut[k].get(p.mdio_oe) != 0,
                );
                let line = self.mdio[k].step(mdc, o, oe);
                if self.dut[k].get(p.mdio_i) != line as u128 {
                    self.dut[k].set(p.mdio_i, line as u128);
                    self.dut[k].settle();
                }
            }
        }
        if self.cycles[0] >= self.trace_from {
            for d in &mut self.dut {
                d.dump(t);
            }
        }
        for k in 0..2 {
            if rose[k] {
                self.cycles[k] += 1;
                let occ = self.dut[k].get(p.rsnd) as u64;
                self.rsnd_max[k] = self.rsnd_max[k].max(occ);
            }
            if fell[k] {
                self.after_edge(k);
            }
        }
    }

    /// Handshakes and the channel, sampled just before node k's rising edge.
    fn before_edge(&mut self, k: usize) {
        let p = self.p;
        let d = &mut self.dut[k];
        d.settle();
        let h = &mut self.host[k];
        if h.valid_set && d.get(p.tx_ready) != 0 {
            h.item += 1;
            if h.item == 8 {
                h.item = 0;
                let pkt = h.to_send.pop_front().unwrap();
                h.in_flight.push_back(pkt);
                h.injected += 1;
                h.tx_done_edges.push(self.cycles[k]);
            }
        }
        if h.rx_ready_set && d.get(p.rx_valid) != 0 {
            let first = d.get(p.rx_first) != 0;
            let last = d.get(p.rx_last) != 0;
            let dest = d.get(p.rx_dest) as u16;
            let n = h.rx_words.len();
            assert_eq!(
                first,
                n == 0,
                "node {k}: rx_first wrong at word {n} (cycle {})",
                self.cycles[k]
            );
            assert_eq!(
                last,
                n == PAYLOAD_WORDS - 1,
                "node {k}: rx_last wrong at word {n} (cycle {})",
                self.cycles[k]
            );
            if n == 0 {
                h.rx_dest = dest;
                h.rx_first_edges.push(self.cycles[k]);
            } else {
                assert_eq!(dest, h.rx_dest, "node {k}: rx_dest changed inside a packet");
            }
            h.rx_words.push(d.get(p.rx_data) as u32);
            if last {
                let got = Pkt {
                    dest: h.rx_dest,
                    data: h.rx_words.clone().try_into().unwrap(),
                };
                h.rx_words.clear();
                h.delivered += 1;
                h.last_rx_cycle = self.cycles[k];
                let peer = &mut self.host[1 - k];
                let want = peer.in_flight.pop_front().unwrap_or_else(|| {
                    panic!("node {k}: packet delivered that the peer never sent (duplicate?) dest {:#x} at cycle {}", got.dest, self.cycles[k])
                });
                if got != want {
                    let diff: Vec<usize> = (0..PAYLOAD_WORDS)
                        .filter(|&i| got.data[i] != want.data[i])
                        .collect();
                    panic!(
                        "node {k}: delivered packet #{} differs from the next one sent: dest {:#x} vs {:#x}, words {:?} differ (lost, reordered or corrupted) at cycle {}",
                        self.host[k].delivered, got.dest, want.dest, diff, self.cycles[k]
                    );
                }
            }
        }
        let w = Word {
            d: self.dut[k].get(p.phy_txd) as u32,
            c: self.dut[k].get(p.phy_txc) as u8,
        };
        let out = self.chan[k].step(w);
        if let Some(l) = &mut self.log {
            l.push((self.cycles[k], k, w, out));
        }
        self.dut[1 - k].set(p.phy_rxd, out.d as u128);
        self.dut[1 - k].set(p.phy_rxc, out.c as u128);
    }

    /// Host inputs for the next cycle of node k.
    fn after_edge(&mut self, k: usize) {
        let p = self.p;
        let h = &mut self.host[k];
        if h.quiet {
            h.valid_set = false;
            h.rx_ready_set = false;
        } else {
            let offer = !h.to_send.is_empty()
                && (h.item != 0 || h.inject_rate >= 1.0 || self.rng.chance(h.inject_rate));
            h.valid_set = offer;
            if offer {
                let pkt = &h.to_send[0];
                self.dut[k].set(p.tx_data, pkt.item(h.item));
                self.dut[k].set(p.tx_dest, pkt.dest as u128);
            }
            h.rx_ready_set = h.rx_ready_rate >= 1.0 || self.rng.chance(h.rx_ready_rate);
        }
        self.dut[k].set(p.tx_valid, h.valid_set as u128);
        self.dut[k].set(p.rx_ready, h.rx_ready_set as u128);
    }

    /// Run until node 0 has completed `n` more cycles.
    pub fn run(&mut self, n: u64) {
        let end = self.cycles[0] + n;
        while self.cycles[0] < end || self.level[0] {
            self.step();
        }
    }

    /// Run one full cycle of node k (to its next falling edge).
    fn cycle_of(&mut self, k: usize) {
        let c = self.cycles[k];
        while self.cycles[k] == c || self.level[k] {
            self.step();
        }
    }

    /// One register access on node k's bus: `(rdata, err)`.
    pub fn access(&mut self, k: usize, write: bool, addr: u32, val: u32) -> (u32, bool) {
        self.try_access(k, write, addr, val)
            .unwrap_or_else(|| panic!("node {k}: register access at {addr:#x} not answered"))
    }

    /// One register access on node `k`: `(read value, err)`, or `None` if the bank does not
    /// answer within 4 cycles (it always answers in 1).
    pub fn try_access(
        &mut self,
        k: usize,
        write: bool,
        addr: u32,
        val: u32,
    ) -> Option<(u32, bool)> {
        let p = self.p;
        self.dut[k].set(p.addr, addr as u128);
        self.dut[k].set(p.wdata, val as u128);
        self.dut[k].set(p.write, write as u128);
        self.dut[k].set(p.read, !write as u128);
        self.cycle_of(k);
        self.dut[k].set(p.write, 0);
        self.dut[k].set(p.read, 0);
        for _ in 0..4 {
            self.dut[k].settle();
            if self.dut[k].get(p.ready) != 0 {
                let r = (self.dut[k].get(p.rdata) as u32, self.dut[k].get(p.err) != 0);
                self.cycle_of(k);
                return Some(r);
            }
            self.cycle_of(k);
        }
        None
    }

    pub fn write(&mut self, k: usize, addr: u32, val: u32) {
        let (_, err) = self.access(k, true, addr, val);
        assert!(!err, "node {k}: write {val:#x} to {addr:#x} answered err");
    }

    pub fn read(&mut self, k: usize, addr: u32) -> u32 {
        let (v, err) = self.access(k, false, addr, 0);
        assert!(!err, "node {k}: read of {addr:#x} answered err");
        v
    }

    pub fn reg(&mut self, k: usize, r: &Reg) -> u32 {
        self.read(k, r.offset)
    }

    pub fn set_reg(&mut self, k: usize, r: &Reg, v: u32) {
        self.write(k, r.offset, v)
    }

    /// Queue `n` random packets at node k.
    pub fn queue(&mut self, k: usize, n: usize, rng: &mut Rng) {
        for _ in 0..n {
            let p = Pkt::random(rng);
            self.host[k].to_send.push_back(p);
        }
    }

    /// Run until every queued packet of both nodes is delivered (or panic after `limit` cycles).
    pub fn drain(&mut self, limit: u64) {
        let end = self.cycles[0] + limit;
        while self
            .host
            .iter()
            .any(|h| !h.to_send.is_empty() || !h.in_flight.is_empty())
        {
            assert!(
                self.cycles[0] < end,
                "traffic did not complete within {limit} cycles: node 0 {} queued {} in flight, node 1 {} queued {} in flight",
                self.host[0].to_send.len(),
                self.host[0].in_flight.len(),
                self.host[1].to_send.len(),
                self.host[1].in_flight.len()
            );
            self.run(64);
        }
    }

    /// Forget what node k sent and its partly injected packet (after a reset discarded them).
    pub fn discard_in_flight(&mut self, k: usize) {
        self.host[k].in_flight.clear();
        self.host[k].item = 0;
        self.host[1 - k].rx_words.clear();
    }
}

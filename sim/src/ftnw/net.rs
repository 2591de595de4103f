//! A network of `tnw_link` endpoints cabled through `Channel`s, on either backend (native
//! rust-hdl model or Verilator), with host models that inject packets, drain and check every
//! delivered packet against what the peer sent (scoreboard: every word, order, loss,
//! duplication), register access, and an MDIO PHY model on each endpoint. `Pair` (two links
//! back to back) and `torus` (a 3D torus of nodes with six links each) are two topologies of
//! the same network.
//!
//! Clocks: every node has its own TNW clock; an endpoint's PHY receive clock is its peer's TNW
//! clock (the clock the PHY recovers). Host inputs change after the falling edge of the
//! endpoint's clock; handshakes are counted at its rising edge.

use crate::ftnw::channel::{Channel, ChannelCfg};
use crate::ftnw::mdio_phy::MdioPhy;
use crate::ftnw::rxbuff::{Credit, RxbRef};
use crate::harness::backend::{instances, Backend, Dut};
use crate::harness::clock::{Clocks, Edges};
use crate::harness::cycle::CycleModel;
use crate::harness::monitor::{Beat, PacketMonitor};
use crate::harness::ports::{bind, index, RegBusPorts};
use crate::harness::rng::Rng;
use crate::system::hostmem::{MemServer, WritePort};
use nicgen_driver::HostMem;
use nicgen_hdl::top::PortInfo;
use nicgen_wire::ftnw::link::{self as tnw, Header, Word, PAYLOAD_WORDS};
use nicgen_wire::ftnw::rxbuff as rxb;
use nicgen_wire::regs::Reg;
use std::collections::VecDeque;

/// The `tnw_link` port groups, bound by name.
#[derive(Clone, Copy, Debug)]
struct Ports {
    clock: usize,
    phy_clock: usize,
    reset: usize,
    /// phy_: rxd, rxc, txd, txc
    phy: [usize; 4],
    /// tx$: data, meta, valid, ready, first, last, keep
    tx: [usize; 7],
    /// `tnw_link`: rx_ data, meta, first, last, valid, ready, keep; rx_vc_ready; and
    /// `rxb_abort` (RXLINK in reset: a packet under way on `rx` is abandoned).
    rx: Option<([usize; 7], usize, usize)>,
    /// The host-memory write port's group, if the model has one: `host_` on `tnw_port` (a DMA
    /// write port), `m_axi_` on `ftnw_node` (an AXI4 write-only manager).
    host: Option<&'static str>,
    bus: RegBusPorts,
    /// mdc, mdio_o, mdio_oe, mdio_i
    mdio: [usize; 4],
    /// irq_rx, irq_tx
    irq: [usize; 2],
    rsnd: usize,
}

impl Ports {
    /// The ports of a `tnw_link` or `tnw_port` top (`link` None), or of link l of an
    /// `ftnw_node` (`link_l_<port>`, the node's own clock, reset, bus and host port).
    fn new(p: &[PortInfo], link: Option<usize>) -> Self {
        let pre = link.map_or(String::new(), |l| format!("link_{l}_"));
        let tx = link.map_or("tx_".to_string(), |l| format!("link_{l}_tx_"));
        Self {
            clock: index(p, "clock"),
            phy_clock: index(
                p,
                &link.map_or("phy_clock".into(), |l| format!("phy_clock_{l}")),
            ),
            reset: index(p, "reset"),
            phy: bind(p, &format!("{pre}phy_"), ["rxd", "rxc", "txd", "txc"]),
            tx: bind(
                p,
                &tx,
                ["data", "meta", "valid", "ready", "first", "last", "keep"],
            ),
            rx: p.iter().any(|x| x.name == "rx_data").then(|| {
                (
                    bind(
                        p,
                        "rx_",
                        ["data", "meta", "first", "last", "valid", "ready", "keep"],
                    ),
                    index(p, "rx_vc_ready"),
                    index(p, "rxb_abort"),
                )
            }),
            host: [("m_axi_", "m_axi_awvalid"), ("host_", "host_wr_req_valid")]
                .into_iter()
                .find(|(_, port)| p.iter().any(|x| x.name == *port))
                .map(|(pre, _)| pre),
            bus: RegBusPorts::bind(p, "bus_"),
            mdio: bind(p, &pre, ["mdc", "mdio_o", "mdio_oe", "mdio_i"]),
            irq: bind(p, &format!("{pre}irq_"), ["rx", "tx"]),
            rsnd: index(p, &format!("{pre}rsnd_occupancy")),
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
    /// Beats of the head packet already taken by the link (0..8).
    pub item: usize,
    /// Offer nothing, even in the middle of a packet (to stop a host mid-packet).
    pub paused: bool,
    valid_set: bool,
    /// Packets fully accepted by TXFIFO and not yet delivered at the peer (in order).
    pub in_flight: VecDeque<Pkt>,
    pub injected: u64,
    /// Probability per cycle of offering an item (1.0: as fast as possible).
    pub inject_rate: f64,
    /// Probability per cycle of `rx_ready`.
    pub rx_ready_rate: f64,
    /// `rx_vc_ready`: bit v lets the link deliver packets of VC v (all ones: every VC).
    pub vc_ready: u8,
    rx_ready_set: bool,
    rx_words: Vec<u32>,
    rx_dest: u16,
    pub delivered: u64,
    /// Set while the TB module owns the host paths (the host then stays quiet).
    pub quiet: bool,
    /// Packets still to send with a broken frame (no `first` on their first beat), to provoke
    /// the link's framing check.
    pub bad_frames: u32,
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
            paused: false,
            valid_set: false,
            in_flight: VecDeque::new(),
            injected: 0,
            inject_rate: 1.0,
            rx_ready_rate: 1.0,
            vc_ready: 0xFF,
            rx_ready_set: false,
            rx_words: vec![],
            rx_dest: 0,
            delivered: 0,
            quiet: false,
            bad_frames: 0,
            last_rx_cycle: 0,
            tx_done_edges: vec![],
            rx_first_edges: vec![],
        }
    }
}

/// Node clocks of 100 MHz at -200, 0 and +200 ppm (10 ns +- 2 ps), in turn, for `nodes` nodes:
/// the clock offsets RXSYNC must absorb on every cable of a torus.
pub fn ppm_periods(nodes: usize) -> Vec<u64> {
    (0..nodes).map(|n| [9_998, 10_000, 10_002][n % 3]).collect()
}

/// Torus link ids (thesis FTNW-H167): 0..6 = X+, X-, Y+, Y-, Z+, Z-.
pub const LINK_NAMES: [&str; 6] = ["X+", "X-", "Y+", "Y-", "Z+", "Z-"];

/// Host memory of `tnw_port` endpoint k starts at `HOST_BASE + k x HOST_SPAN` (below 4 GB:
/// the receive bases are 32 bits).
pub const HOST_BASE: u64 = 0x1000_0000;
pub const HOST_SPAN: u64 = 0x0100_0000;

/// Endpoints cabled in pairs: endpoint `k` sends through `chan[k]` to `peer[k]`.
pub struct Net {
    pub dut: Vec<Box<dyn Dut>>,
    /// Each endpoint's ports, model (an `ftnw_node` holds six endpoints) and register base.
    ps: Vec<Ports>,
    pub dut_of: Vec<usize>,
    base: Vec<u32>,
    pub chan: Vec<Channel>,
    pub host: Vec<Host>,
    pub mdio: Vec<MdioPhy>,
    pub mdio_on: bool,
    /// The endpoint at the other end of each endpoint's cable.
    pub peer: Vec<usize>,
    /// The clock (node) of each endpoint.
    pub clock_of: Vec<usize>,
    clocks: Clocks,
    /// Rising edges of each endpoint's clock.
    pub cycles: Vec<u64>,
    pub time_ps: u64,
    rng: Rng,
    /// Largest resend-buffer occupancy seen at each endpoint.
    pub rsnd_max: Vec<u64>,
    /// The packet-stream rules on each endpoint's `rx` port.
    pub rx_mon: Vec<PacketMonitor>,
    /// Models with a host port (`tnw_port`, `ftnw_node`): host memory on it, per model; and
    /// per endpoint the reference of RXBUFF that every write is checked against
    /// (`check_host_writes`).
    pub mem: Vec<Option<WritePort>>,
    mem_seen: Vec<usize>,
    pub rxb: Vec<RxbRef>,
    /// Check host writes against `rxb` (tests that provoke RXBUFF's exceptions turn it off
    /// and read `mem[k].log` themselves).
    pub check_writes: bool,
    /// When set, every word each endpoint sends (after the channel: as its peer receives it).
    pub log: Option<Vec<(u64, usize, Word, Word)>>,
    /// Dump the models' VCDs from this cycle of endpoint 0 on (a traced replay, `testing::check`).
    trace_from: u64,
}

/// Two `tnw_link`s back to back, each on its own clock: the network with two endpoints.
pub type Pair = Net;

impl Drop for Net {
    fn drop(&mut self) {
        crate::harness::testing::note_end_cycle(self.cycles[0]);
        for d in &mut self.dut {
            d.flush_trace();
        }
    }
}

impl Net {
    /// Two native models.
    pub fn native(periods_ps: [u64; 2], chan: [ChannelCfg; 2], seed: u64) -> Self {
        Self::pair(Backend::Native, periods_ps, chan, seed)
    }

    /// Two Verilator models of the emitted Verilog.
    pub fn verilator(periods_ps: [u64; 2], chan: [ChannelCfg; 2], seed: u64) -> Self {
        Self::pair(Backend::Verilator, periods_ps, chan, seed)
    }

    /// Two links back to back, link k on clock k.
    pub fn pair(backend: Backend, periods_ps: [u64; 2], chan: [ChannelCfg; 2], seed: u64) -> Self {
        Self::build(
            "tnw_link",
            backend,
            &periods_ps,
            vec![0, 1],
            vec![1, 0],
            chan.to_vec(),
            seed,
        )
    }

    /// Two `tnw_port`s back to back (links with their receive buffers writing host memory):
    /// received packets are checked as host writes against `RxbRef` (`check_host_writes`).
    pub fn port_pair(
        backend: Backend,
        periods_ps: [u64; 2],
        chan: [ChannelCfg; 2],
        seed: u64,
    ) -> Self {
        Self::build(
            "tnw_port",
            backend,
            &periods_ps,
            vec![0, 1],
            vec![1, 0],
            chan.to_vec(),
            seed,
        )
    }

    /// A `dims[0] x dims[1] x dims[2]` torus of nodes with six links each: node
    /// `n = x + dims[0] * (y + dims[1] * z)` has endpoints `6n + l` for the link ids of
    /// `LINK_NAMES`; link X+ of a node is cabled to link X- of its +x neighbour (in a dimension
    /// two wide, both links of a node lead to the same neighbour, on two cables). Node n runs
    /// on `periods_ps[n]`; `chan(a, b)` configures the channel from endpoint a to endpoint b.
    pub fn torus(
        backend: Backend,
        dims: [usize; 3],
        periods_ps: &[u64],
        chan: impl Fn(usize, usize) -> ChannelCfg,
        seed: u64,
    ) -> Self {
        Self::torus_of("tnw_link", backend, dims, periods_ps, chan, seed)
    }

    /// The same torus of `tnw_port` endpoints: every link with its receive buffer writing its
    /// own host memory, each write checked against RXBUFF's reference.
    pub fn port_torus(
        backend: Backend,
        dims: [usize; 3],
        periods_ps: &[u64],
        chan: impl Fn(usize, usize) -> ChannelCfg,
        seed: u64,
    ) -> Self {
        Self::torus_of("tnw_port", backend, dims, periods_ps, chan, seed)
    }

    /// The same torus of `ftnw_node`s: one model per node holding its six links, one register
    /// bus (link l at `l << 12`) and one host port (every write checked against its links'
    /// RXBUFF references).
    pub fn node_torus(
        backend: Backend,
        dims: [usize; 3],
        periods_ps: &[u64],
        chan: impl Fn(usize, usize) -> ChannelCfg,
        seed: u64,
    ) -> Self {
        Self::torus_of("ftnw_node", backend, dims, periods_ps, chan, seed)
    }

    fn torus_of(
        top: &str,
        backend: Backend,
        dims: [usize; 3],
        periods_ps: &[u64],
        chan: impl Fn(usize, usize) -> ChannelCfg,
        seed: u64,
    ) -> Self {
        let nodes = dims.iter().product::<usize>();
        assert_eq!(periods_ps.len(), nodes, "one clock period per node");
        let at = |c: [usize; 3]| c[0] + dims[0] * (c[1] + dims[1] * c[2]);
        let mut peer = vec![0; nodes * 6];
        for n in 0..nodes {
            let c = [n % dims[0], n / dims[0] % dims[1], n / (dims[0] * dims[1])];
            for d in 0..3 {
                let mut up = c;
                up[d] = (c[d] + 1) % dims[d];
                // X+ of n <-> X- of its +x neighbour
                peer[6 * n + 2 * d] = 6 * at(up) + 2 * d + 1;
                peer[6 * at(up) + 2 * d + 1] = 6 * n + 2 * d;
            }
        }
        let clock_of = (0..nodes * 6).map(|k| k / 6).collect();
        let chans = (0..nodes * 6).map(|k| chan(k, peer[k])).collect();
        Self::build(top, backend, periods_ps, clock_of, peer, chans, seed)
    }

    fn build(
        top: &str,
        backend: Backend,
        periods_ps: &[u64],
        clock_of: Vec<usize>,
        peer: Vec<usize>,
        chan: Vec<ChannelCfg>,
        seed: u64,
    ) -> Self {
        let n = peer.len();
        for k in 0..n {
            assert_eq!(peer[peer[k]], k, "endpoint {k}: cables are symmetric");
        }
        // an ftnw_node holds the six endpoints of its node, each other top one
        let per = if top == "ftnw_node" { 6 } else { 1 };
        assert_eq!(n % per, 0);
        let inst = instances(top, backend, n / per);
        let ps: Vec<Ports> = (0..n)
            .map(|k| Ports::new(&inst.ports, (per > 1).then_some(k % per)))
            .collect();
        let mut s = Self {
            dut: inst.duts,
            ps: ps.clone(),
            dut_of: (0..n).map(|k| k / per).collect(),
            base: (0..n)
                .map(|k| ((k % per) as u32) << tnw::TNW_WINDOW_BITS)
                .collect(),
            chan: chan
                .into_iter()
                .enumerate()
                .map(|(k, c)| Channel::new(c, seed ^ (0x1111 * (k as u64 + 1))))
                .collect(),
            host: (0..n).map(|_| Host::default()).collect(),
            mdio: (0..n).map(|_| MdioPhy::new(0)).collect(),
            mdio_on: false,
            peer,
            clock_of,
            clocks: Clocks::new(periods_ps),
            cycles: vec![0; n],
            time_ps: 0,
            rng: Rng::new(seed ^ 0x3333),
            rsnd_max: vec![0; n],
            rx_mon: vec![PacketMonitor::new(4); n],
            mem: (0..n / per)
                .map(|d| {
                    ps[d * per].host.map(|pre| {
                        let mut srv = MemServer::new(HOST_BASE + d as u64 * HOST_SPAN);
                        srv.latency = (2, 20);
                        WritePort::bind(&inst.ports, pre, srv, seed ^ (0x5555 * (d as u64 + 1)))
                    })
                })
                .collect(),
            mem_seen: vec![0; n / per],
            rxb: (0..n).map(|_| RxbRef::default()).collect(),
            check_writes: true,
            log: None,
            trace_from: inst.trace_from,
        };
        // power-up: idle lines, then reset
        for k in 0..n {
            let (p, d) = (s.ps[k], s.dut_of[k]);
            s.dut[d].set(p.phy[0], Word::idle().d as u128);
            s.dut[d].set(p.phy[1], Word::idle().c as u128);
            s.dut[d].set(p.mdio[3], 1);
        }
        // a node is large enough that evaluating it on the offload thread, beside the harness
        // and the other nodes, pays (`harness::offload`)
        s.offload(top == "ftnw_node" && crate::harness::offload::enabled());
        for d in &mut s.dut {
            d.settle();
        }
        s.reset_all();
        s
    }

    /// Evaluate the models on the offload thread (`harness::offload`), or not: the run is the
    /// same either way (`ftnw::torus::offloading_the_nodes_changes_nothing`).
    pub fn offload(&mut self, on: bool) {
        for d in &mut self.dut {
            d.offload(on);
        }
    }

    /// The endpoints of model `d`.
    fn endpoints(&self, d: usize) -> std::ops::Range<usize> {
        let per = self.len() / self.dut.len();
        d * per..(d + 1) * per
    }

    /// Every endpoint's `reset` held high for 4 cycles, then 20 cycles to settle (the power-up
    /// reset). The host models keep their state: stop injecting and drain first.
    pub fn reset_all(&mut self) {
        let r = self.ps[0].reset;
        for d in &mut self.dut {
            d.set(r, 1);
        }
        self.run(4);
        for d in &mut self.dut {
            d.set(r, 0);
        }
        self.run(20);
    }

    /// Endpoint k's interrupt outputs `(irq_rx, irq_tx)` now.
    pub fn irq(&mut self, k: usize) -> (bool, bool) {
        let (p, d) = (self.ps[k], self.dut_of[k]);
        self.dut[d].settle();
        (
            self.dut[d].get(p.irq[0]) != 0,
            self.dut[d].get(p.irq[1]) != 0,
        )
    }

    /// The number of endpoints.
    pub fn len(&self) -> usize {
        self.peer.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dut.is_empty()
    }

    /// Bring every link online (TX_CTRL: offline bits cleared).
    pub fn online(&mut self) {
        for k in 0..self.len() {
            self.write(k, tnw::TX_CTRL::OFFSET, 0);
        }
    }

    /// Acknowledgement coalescing on every endpoint (RX_ACK): an ACK per `every` packets, or
    /// `delay + 2` cycles after the first packet it covers.
    pub fn coalesce_acks(&mut self, every: u32, delay: u32) {
        let v = tnw::RX_ACK::EVERY.set(0, every) | tnw::RX_ACK::DELAY.set(0, delay);
        for k in 0..self.len() {
            self.write(k, tnw::RX_ACK::OFFSET, v);
        }
    }

    /// Advance to the next clock event.
    pub fn step(&mut self) {
        let up: Edges = self.clocks.upcoming();
        let n = self.len();
        for k in 0..n {
            if up.rose(self.clock_of[k]) {
                self.before_edge(k);
            }
        }
        for d in 0..self.dut.len() {
            let k = self.endpoints(d).start;
            if up.rose(self.clock_of[k]) && self.mem[d].is_some() {
                let m = self.mem[d].as_mut().unwrap();
                if let Err(e) = m.before_edge(self.dut[d].as_mut()) {
                    panic!("model {d}: host port at cycle {}: {e}", self.cycles[k]);
                }
                self.check_host_writes(d);
            }
        }
        // inputs set since the last settle must settle before the edge (see `Bench::step`)
        for d in &mut self.dut {
            d.settle_before_edge();
        }
        let e = self.clocks.advance();
        self.time_ps = e.time_ps;
        for k in 0..n {
            let (p, d) = (self.ps[k], self.dut_of[k]);
            let (c, pc) = (self.clock_of[k], self.clock_of[self.peer[k]]);
            if e.toggled(c) {
                self.dut[d].set(p.clock, self.clocks.level(c) as u128);
            }
            if e.toggled(pc) {
                self.dut[d].set(p.phy_clock, self.clocks.level(pc) as u128);
            }
        }
        // a model whose clocks only fell has nothing to evaluate now (every flop is on the
        // rising edge); whoever reads its outputs next settles it first
        for d in 0..self.dut.len() {
            if self
                .endpoints(d)
                .any(|k| e.rose(self.clock_of[k]) || e.rose(self.clock_of[self.peer[k]]))
            {
                self.dut[d].settle();
            }
        }
        if self.mdio_on {
            for k in 0..n {
                let (p, d) = (self.ps[k], self.dut_of[k]);
                let [mdc, o, oe, i] = p.mdio;
                self.dut[d].settle();
                let (mdc, o, oe) = (
                    self.dut[d].get(mdc) != 0,
                    self.dut[d].get(o) != 0,
                    self.dut[d].get(oe) != 0,
                );
                let line = self.mdio[k].step(mdc, o, oe);
                if self.dut[d].get(i) != line as u128 {
                    self.dut[d].set(i, line as u128);
                    self.dut[d].settle();
                }
            }
        }
        if self.cycles[0] >= self.trace_from {
            for d in &mut self.dut {
                d.settle();
                d.dump(e.time_ps);
            }
        }
        for k in 0..n {
            let c = self.clock_of[k];
            if e.rose(c) {
                self.cycles[k] += 1;
            }
            if e.fell(c) {
                self.after_edge(k);
            }
        }
        for d in 0..self.dut.len() {
            let k = self.endpoints(d).start;
            if e.fell(self.clock_of[k]) {
                if let Some(m) = &mut self.mem[d] {
                    m.after_edge(self.dut[d].as_mut());
                }
            }
        }
    }

    /// Handshakes and the channel, sampled just before node k's rising edge.
    fn before_edge(&mut self, k: usize) {
        let p = self.ps[k];
        let di = self.dut_of[k];
        let d = &mut self.dut[di];
        d.settle();
        // the occupancy the last edge left (read here, not just after the edge: an offloaded
        // model is then still evaluating)
        let occ = d.get(p.rsnd) as u64;
        self.rsnd_max[k] = self.rsnd_max[k].max(occ);
        let h = &mut self.host[k];
        if h.valid_set && d.get(p.tx[3]) != 0 {
            h.item += 1;
            if h.item == 8 {
                h.item = 0;
                h.bad_frames = h.bad_frames.saturating_sub(1);
                let pkt = h.to_send.pop_front().unwrap();
                h.in_flight.push_back(pkt);
                h.injected += 1;
                h.tx_done_edges.push(self.cycles[k]);
            }
        }
        if let Some((rx, _, _)) = p.rx {
            let beat = Beat {
                valid: d.get(rx[4]) != 0,
                ready: h.rx_ready_set,
                data: d.get(rx[0]),
                keep: d.get(rx[6]),
                meta: d.get(rx[1]),
                first: d.get(rx[2]) != 0,
                last: d.get(rx[3]) != 0,
            };
            if let Err(e) = self.rx_mon[k].edge(beat) {
                panic!("endpoint {k}: rx port at cycle {}: {e}", self.cycles[k]);
            }
            if h.rx_ready_set && d.get(rx[4]) != 0 {
                let first = d.get(rx[2]) != 0;
                let last = d.get(rx[3]) != 0;
                let dest = d.get(rx[1]) as u16;
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
                h.rx_words.push(d.get(rx[0]) as u32);
                if last {
                    let got = Pkt {
                        dest: h.rx_dest,
                        data: h.rx_words.clone().try_into().unwrap(),
                    };
                    h.rx_words.clear();
                    h.delivered += 1;
                    h.last_rx_cycle = self.cycles[k];
                    // in order within a VC; VCs may overtake each other
                    let peer = &mut self.host[self.peer[k]];
                    let vc = got.dest & 7;
                    let want = peer
                        .in_flight
                        .iter()
                        .position(|p| p.dest & 7 == vc)
                        .and_then(|i| peer.in_flight.remove(i))
                        .unwrap_or_else(|| {
                            panic!("node {k}: packet delivered that the peer never sent (duplicate?) dest {:#x} at cycle {}", got.dest, self.cycles[k])
                        });
                    if got != want {
                        let diff: Vec<usize> = (0..PAYLOAD_WORDS)
                            .filter(|&i| got.data[i] != want.data[i])
                            .collect();
                        panic!(
                            "node {k}: delivered packet #{} differs from the next one sent on its VC: dest {:#x} vs {:#x}, words {:?} differ (lost, reordered or corrupted) at cycle {}",
                            self.host[k].delivered, got.dest, want.dest, diff, self.cycles[k]
                        );
                    }
                }
            }
        }
        if let Some((_, _, a)) = p.rx {
            if self.dut[di].get(a) != 0 {
                // RXLINK reset: the packet under way on `rx` is abandoned, and `rxb_abort`
                // says so; it stays in its sender's in-flight list (the test discards what a
                // reset loses)
                self.rx_mon[k].abort();
                self.host[k].rx_words.clear();
            }
        }
        let w = Word {
            d: self.dut[di].get(p.phy[2]) as u32,
            c: self.dut[di].get(p.phy[3]) as u8,
        };
        let out = self.chan[k].step(w);
        if let Some(l) = &mut self.log {
            l.push((self.cycles[k], k, w, out));
        }
        let (q, pd) = (self.ps[self.peer[k]], self.dut_of[self.peer[k]]);
        self.dut[pd].set(q.phy[0], out.d as u128);
        self.dut[pd].set(q.phy[1], out.c as u128);
    }

    /// Host inputs for the next cycle of node k.
    fn after_edge(&mut self, k: usize) {
        let p = self.ps[k];
        let di = self.dut_of[k];
        let h = &mut self.host[k];
        if h.quiet || h.paused {
            h.valid_set = false;
            h.rx_ready_set = false;
        } else {
            let offer = !h.to_send.is_empty()
                && (h.item != 0 || h.inject_rate >= 1.0 || self.rng.chance(h.inject_rate));
            h.valid_set = offer;
            if offer {
                let pkt = &h.to_send[0];
                self.dut[di].set(p.tx[0], pkt.item(h.item));
                self.dut[di].set(p.tx[1], pkt.dest as u128);
                self.dut[di].set(p.tx[4], (h.item == 0 && h.bad_frames == 0) as u128);
                self.dut[di].set(p.tx[5], (h.item == 7) as u128);
                self.dut[di].set(p.tx[6], 0xFFFF);
            }
            h.rx_ready_set = h.rx_ready_rate >= 1.0 || self.rng.chance(h.rx_ready_rate);
        }
        self.dut[di].set(p.tx[2], h.valid_set as u128);
        if let Some((rx, vc_ready, _)) = p.rx {
            self.dut[di].set(rx[5], h.rx_ready_set as u128);
            self.dut[di].set(vc_ready, h.vc_ready as u128);
        }
    }

    /// Run until node 0 has completed `n` more cycles.
    pub fn run(&mut self, n: u64) {
        let end = self.cycles[0] + n;
        while self.cycles[0] < end || self.clocks.level(self.clock_of[0]) {
            self.step();
        }
    }

    /// Run one full cycle of node k (to its next falling edge).
    fn cycle_of(&mut self, k: usize) {
        let c = self.cycles[k];
        while self.cycles[k] == c || self.clocks.level(self.clock_of[k]) {
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
        let p = self.ps[k];
        let di = self.dut_of[k];
        let addr = addr + self.base[k];
        self.dut[di].set(p.bus.addr, addr as u128);
        self.dut[di].set(p.bus.wdata, val as u128);
        self.dut[di].set(p.bus.write, write as u128);
        self.dut[di].set(p.bus.read, !write as u128);
        self.cycle_of(k);
        self.dut[di].set(p.bus.write, 0);
        self.dut[di].set(p.bus.read, 0);
        for _ in 0..4 {
            self.dut[di].settle();
            if self.dut[di].get(p.bus.ready) != 0 {
                let r = (
                    self.dut[di].get(p.bus.rdata) as u32,
                    self.dut[di].get(p.bus.err) != 0,
                );
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

    /// Run until every queued packet of every endpoint is delivered (or panic after `limit`
    /// cycles of endpoint 0).
    pub fn drain(&mut self, limit: u64) {
        let end = self.cycles[0] + limit;
        while self
            .host
            .iter()
            .any(|h| !h.to_send.is_empty() || !h.in_flight.is_empty())
        {
            if self.cycles[0] >= end {
                let left: Vec<String> = (0..self.len())
                    .filter(|&k| {
                        !self.host[k].to_send.is_empty() || !self.host[k].in_flight.is_empty()
                    })
                    .map(|k| {
                        format!(
                            "endpoint {k}: {} queued, {} in flight",
                            self.host[k].to_send.len(),
                            self.host[k].in_flight.len()
                        )
                    })
                    .collect();
                panic!(
                    "traffic did not complete within {limit} cycles: {}",
                    left.join("; ")
                );
            }
            self.run(64);
        }
    }

    /// Check model d's new host writes against its endpoints' RXBUFF references (when
    /// `check_writes`): each write must be the next write of one of them.
    fn check_host_writes(&mut self, d: usize) {
        while self.mem_seen[d] < self.mem[d].as_ref().unwrap().log().len() {
            let w = self.mem[d].as_ref().unwrap().log()[self.mem_seen[d]].clone();
            self.mem_seen[d] += 1;
            if !self.check_writes {
                continue;
            }
            let mut taken = None;
            for k in self.endpoints(d) {
                let peer = self.peer[k];
                match self.rxb[k].accept(&w, &mut self.host[peer].in_flight) {
                    Ok(true) => {
                        taken = Some(k);
                        break;
                    }
                    Ok(false) => {}
                    Err(e) => panic!("endpoint {k}: host write at cycle {}: {e}", w.cycle),
                }
            }
            let Some(k) = taken else {
                let want: Vec<String> = self
                    .endpoints(d)
                    .map(|k| {
                        format!(
                            "endpoint {k}: {}",
                            self.rxb[k].expected(&self.host[self.peer[k]].in_flight)
                        )
                    })
                    .collect();
                panic!(
                    "model {d}: host write of {} words at {:#x} at cycle {} that no receive buffer expects (next: {})",
                    w.words.len(),
                    w.addr,
                    w.cycle,
                    want.join("; ")
                );
            };
            if w.words.len() == PAYLOAD_WORDS {
                self.host[k].delivered += 1;
                self.host[k].last_rx_cycle = self.cycles[k];
            }
        }
    }

    /// A host buffer of `len` bytes for endpoint k (a `tnw_port`), aligned to `align`.
    pub fn alloc(&mut self, k: usize, len: usize, align: usize) -> u64 {
        let m = self.mem[self.dut_of[k]]
            .as_mut()
            .expect("an endpoint with a host port");
        m.srv().mem.alloc(len, align).unwrap()
    }

    /// `len` bytes of endpoint k's host memory.
    pub fn host_read(&mut self, k: usize, addr: u64, len: usize) -> Vec<u8> {
        let m = self.mem[self.dut_of[k]]
            .as_mut()
            .expect("an endpoint with a host port");
        let mut b = vec![0; len];
        m.srv().mem.read(addr, &mut b).unwrap();
        b
    }

    /// Program VC `vc`'s receive buffer base (CRDBAR) and notify base (NTFBAR) at endpoint k.
    pub fn set_bases(&mut self, k: usize, vc: usize, cba: u32, ntf: u32) {
        self.set_reg(k, &rxb::CRDBAR[vc], cba);
        self.set_reg(k, &rxb::NTFBAR[vc], ntf);
        self.rxb[k].vc[vc].cba = cba;
        self.rxb[k].vc[vc].ntf = ntf;
    }

    /// The link reset that never wedges (docs/spec-decisions.md, FTNW A.2 REG2): endpoint `k`'s
    /// TX and its peer's RX offline, then reset; both left offline. What `k` had in flight is
    /// flushed (`discard_in_flight` tells the scoreboard).
    pub fn reset_link(&mut self, k: usize) {
        use nicgen_wire::ftnw::link::TX_CTRL as C;
        let peer = self.peer[k];
        self.set_reg(k, &C, C::TX_OFFLINE.mask());
        self.set_reg(peer, &C, C::RX_OFFLINE.mask());
        self.set_reg(k, &C, C::TX_OFFLINE.mask() | C::TX_RESET.mask());
        self.set_reg(peer, &C, C::RX_OFFLINE.mask() | C::RX_RESET.mask());
    }

    /// Issue a credit on VC `vc` at endpoint k (the reference queues it too).
    pub fn credit(&mut self, k: usize, vc: usize, c_d: u32, size: u32, nid: u32) {
        self.set_reg(k, &rxb::CRDFIFO[vc], rxb::credit(c_d, size, nid));
        self.rxb[k].vc[vc]
            .credits
            .push_back(Credit { c_d, size, nid });
    }

    /// Forget what node k sent and its partly injected packet (after a reset discarded them).
    pub fn discard_in_flight(&mut self, k: usize) {
        self.host[k].in_flight.clear();
        self.host[k].item = 0;
        let q = self.peer[k];
        self.host[q].rx_words.clear();
    }
}

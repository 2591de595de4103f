//! PEs with a DTU each (`dtu` top, native or Verilated), on one clock: every PE has a local
//! memory (`system::localmem::LocalMem`, random stalls and latencies) and a compute unit that
//! accesses the DTU's MMIO one access at a time; the DTUs' NoC ports meet in a model network
//! with two classes (requests, responses): a packet is delivered to its destination a random
//! delay after its first flit left its source (cut-through: its flits follow as they arrive),
//! whole (no other packet's flits between its own at a port) and in order per (source,
//! destination, class), its flits offered with random gaps. A request packet is accepted from a source only
//! while its destination holds fewer than `req_capacity` request packets, so a DTU that stopped
//! taking requests backs the network up (what a real NoC does); responses are always accepted.
//! Every flit is checked against the packet rules (`meta` the destination and the same on
//! every flit, the head's destination and source fields, `first` and `last`, `keep`).

use crate::dtu::model;
use crate::harness::backend::{instances, Backend, Dut};
use crate::harness::ports::{bind, index, RegBusPorts};
use crate::harness::rng::Rng;
use crate::system::hostmem::Axi4Ports;
use crate::system::localmem::{mem_ports, AxiFront, LocalMem};
use nicgen_hdl::top::PortInfo;
use nicgen_wire::dtu::{self as w, command, noc};
use std::collections::VecDeque;

/// The ports of a packet stream at a prefix.
#[derive(Clone, Copy, Debug)]
struct Pkt {
    data: usize,
    keep: usize,
    meta: usize,
    first: usize,
    last: usize,
    valid: usize,
    ready: usize,
}

impl Pkt {
    fn bind(p: &[PortInfo], prefix: &str) -> Self {
        let [data, keep, meta, first, last, valid, ready] = bind(
            p,
            prefix,
            ["data", "keep", "meta", "first", "last", "valid", "ready"],
        );
        Self {
            data,
            keep,
            meta,
            first,
            last,
            valid,
            ready,
        }
    }
}

/// One PE's ports on its DUT.
#[derive(Clone, Copy, Debug)]
struct Ports {
    dut: usize,
    bus: RegBusPorts,
    cmd_busy: usize,
    /// req_addr, req_we, req_wdata, req_strb, req_valid, req_ready, rsp_data, rsp_valid
    mem: [usize; 8],
    /// The local memory's AXI4 port instead (`dtu_axi4`).
    axi: Option<Axi4Ports>,
    /// Its NoC ports per class (0 requests, 1 responses), out and in, when the network is this
    /// model's (a `dtu` top per PE); none when the DUT holds the network (`dtu_system`).
    noc: Option<([Pkt; 2], [Pkt; 2])>,
}

impl Ports {
    fn bind(ports: &[PortInfo], dut: usize, prefix: &str, noc: bool) -> Self {
        let pre = |x: &str| format!("{prefix}{x}");
        let axi = ports.iter().any(|p| p.name == pre("m_axi_awvalid"));
        Self {
            dut,
            bus: RegBusPorts::bind(ports, &pre("bus_")),
            cmd_busy: index(ports, &pre("cmd_busy")),
            axi: axi.then(|| Axi4Ports::bind(ports, &pre("m_axi_"))),
            mem: mem_ports(ports, &pre(if axi { "cu_mem_" } else { "mem_" })),
            noc: noc.then(|| {
                (
                    [
                        Pkt::bind(ports, &pre("req_out_")),
                        Pkt::bind(ports, &pre("rsp_out_")),
                    ],
                    [
                        Pkt::bind(ports, &pre("req_in_")),
                        Pkt::bind(ports, &pre("rsp_in_")),
                    ],
                )
            }),
        }
    }
}

/// A flit: data, keep, last.
type Flit = (u64, u64, bool);

#[derive(Clone, Debug)]
pub struct Packet {
    pub src: usize,
    pub dst: usize,
    pub flits: Vec<Flit>,
    due: u64,
    /// Its last flit has left the source.
    complete: bool,
}

impl Packet {
    pub fn kind(&self) -> Option<noc::Kind> {
        noc::Kind::from_u64(noc::KIND.get(self.flits[0].0))
    }
}

pub struct DtuNet {
    /// Print every flit, memory request and busy cycle (stderr), for latency work.
    pub trace: bool,
    pub duts: Vec<Box<dyn Dut>>,
    /// Per PE its ports; per DUT its clock and reset ports.
    pes: Vec<Ports>,
    clocks: Vec<(usize, usize)>,
    pub mem: Vec<LocalMem>,
    /// Per PE whose memory is on AXI4: the subordinate in front of its `mem`.
    pub axi: Vec<Option<AxiFront>>,
    rng: Rng,
    pub cycles: u64,
    /// Probability per cycle of a NoC out port's READY and of an in port's flit being offered.
    pub noc_rate: f64,
    /// Cycles a packet is held in the network: uniform in this range.
    pub delay: (u64, u64),
    /// Request packets a destination may hold before sources wait.
    pub req_capacity: usize,
    /// Every packet that entered the network.
    arena: Vec<Packet>,
    /// The packet leaving each PE, per class.
    asm: Vec<[Option<usize>; 2]>,
    /// Packets in the network, per destination and class (in delivery order), and the packet
    /// being delivered with the index of its next flit.
    queued: Vec<[VecDeque<usize>; 2]>,
    cur: Vec<[Option<(usize, usize)>; 2]>,
    offer: Vec<[bool; 2]>,
    out_ready: Vec<[bool; 2]>,
    /// Latest due cycle per (source, destination, class), for in-order delivery.
    last_due: Vec<Vec<[u64; 2]>>,
    /// Every packet delivered, in order of delivery.
    pub delivered: Vec<Packet>,
    /// DTU-R054 / R081, checked at the cycle they could break: an ACK or WR_RSP head leaving a
    /// PE whose local memory still owes a write response (a write not yet done) fails there.
    /// For tests with one command at a time, where every write a PE makes belongs to what it
    /// acknowledges.
    pub acks_after_writes: bool,
}

impl DtuNet {
    /// `n` PEs (ids 0..n), a `dtu` top each on this model's network, with `mem_bytes` of local
    /// memory each, out of reset.
    pub fn new(backend: Backend, n: usize, mem_bytes: usize, seed: u64) -> Self {
        Self::of_top("dtu", backend, n, mem_bytes, seed)
    }

    /// `n` PEs as [`DtuNet::new`], each a `dtu_axi4` top: the DTU interposed before its local
    /// memory, which it reaches through its AXI4 manager port (`AxiFront` on the `LocalMem`);
    /// the CU's pass-through port stays idle.
    pub fn new_axi4(backend: Backend, n: usize, mem_bytes: usize, seed: u64) -> Self {
        Self::of_top("dtu_axi4", backend, n, mem_bytes, seed)
    }

    /// `n` PEs, each a top named `top` with one DTU's ports, on this model's network.
    fn of_top(top: &str, backend: Backend, n: usize, mem_bytes: usize, seed: u64) -> Self {
        let inst = instances(top, backend, n);
        let ports = &inst.ports;
        let pes = (0..n).map(|k| Ports::bind(ports, k, "", true)).collect();
        let clocks = vec![(index(ports, "clock"), index(ports, "reset")); n];
        let own = index(ports, "own_pe");
        let mut net = Self::build(inst.duts, pes, clocks, mem_bytes, seed);
        for (k, d) in net.duts.iter_mut().enumerate() {
            d.set(own, k as u128);
        }
        net.reset();
        net
    }

    /// The `dtu_system` top (four PEs on its own 2x2 meshes), with `mem_bytes` of local memory
    /// per PE, out of reset.
    pub fn system(backend: Backend, mem_bytes: usize, seed: u64) -> Self {
        let inst = instances("dtu_system", backend, 1);
        let ports = &inst.ports;
        let pes = (0..4)
            .map(|k| Ports::bind(ports, 0, &format!("pe{k}_"), false))
            .collect();
        let clocks = vec![(index(ports, "clock"), index(ports, "reset"))];
        let mut net = Self::build(inst.duts, pes, clocks, mem_bytes, seed);
        net.reset();
        net
    }

    fn build(
        duts: Vec<Box<dyn Dut>>,
        pes: Vec<Ports>,
        clocks: Vec<(usize, usize)>,
        mem_bytes: usize,
        seed: u64,
    ) -> Self {
        let n = pes.len();
        let mut rng = Rng::new(seed);
        let mem = (0..n)
            .map(|_| LocalMem::new(mem_bytes, rng.next_u64()))
            .collect();
        let axi = pes
            .iter()
            .map(|p| p.axi.map(|a| AxiFront::new(a, rng.next_u64())))
            .collect();
        Self {
            duts,
            pes,
            clocks,
            mem,
            axi,
            rng,
            cycles: 0,
            noc_rate: 1.0,
            delay: (1, 1),
            req_capacity: 1,
            arena: vec![],
            asm: vec![[None; 2]; n],
            queued: vec![Default::default(); n],
            cur: vec![Default::default(); n],
            offer: vec![[false; 2]; n],
            out_ready: vec![[false; 2]; n],
            trace: false,
            last_due: vec![vec![[0; 2]; n]; n],
            delivered: vec![],
            acks_after_writes: false,
        }
    }

    /// Reset, then the cycles the DTUs take to clear their tables.
    pub fn reset(&mut self) {
        for (d, &(_, r)) in self.duts.iter_mut().zip(&self.clocks) {
            d.set(r, 1);
        }
        self.step();
        for (d, &(_, r)) in self.duts.iter_mut().zip(&self.clocks) {
            d.set(r, 0);
        }
        for _ in 0..40 {
            self.step();
        }
    }

    /// PEs.
    pub fn len(&self) -> usize {
        self.pes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pes.is_empty()
    }

    /// Random stalls and delays everywhere (memories and network).
    pub fn stress(&mut self) {
        self.noc_rate = 0.6;
        self.delay = (1, 30);
        for m in self.mem.iter_mut() {
            m.ready_rate = 0.7;
            m.latency = (1, 6);
        }
        for a in self.axi.iter_mut().flatten() {
            a.ready_rate = 0.7;
        }
    }

    /// Nothing in the network or owed by a memory.
    pub fn quiet(&self) -> bool {
        self.mem.iter().all(|m| m.idle())
            && self.axi.iter().flatten().all(|a| a.idle())
            && self
                .queued
                .iter()
                .all(|q| q[0].is_empty() && q[1].is_empty())
            && self.cur.iter().all(|c| c[0].is_none() && c[1].is_none())
            && self.asm.iter().all(|a| a[0].is_none() && a[1].is_none())
    }

    /// One clock cycle of every PE, with the memories and the network.
    pub fn step(&mut self) {
        let n = self.len();
        self.cycles += 1;
        for d in self.duts.iter_mut() {
            d.settle_before_edge();
        }
        // ---- the edge's handshakes, as sampled before it ----
        for k in 0..n {
            let p = self.pes[k];
            let d = &mut self.duts[p.dut];
            let g = |i: usize| d.get(i) as u64;
            if self.trace {
                if g(p.mem[4]) != 0 {
                    eprintln!(
                        "{:5} PE{k} mem req addr {:#x} we {} (ready {})",
                        self.cycles,
                        g(p.mem[0]),
                        g(p.mem[1]),
                        g(p.mem[5])
                    );
                }
                if g(p.mem[7]) != 0 {
                    eprintln!("{:5} PE{k} mem rsp", self.cycles);
                }
                if g(p.cmd_busy) != 0 {
                    eprintln!("{:5} PE{k} busy", self.cycles);
                }
            }
            match self.axi[k].as_mut() {
                Some(a) => a.edge(d.as_ref(), &mut self.mem[k]),
                None => self.mem[k].edge(
                    g(p.mem[4]) != 0,
                    g(p.mem[0]),
                    g(p.mem[1]) != 0,
                    g(p.mem[2]),
                    g(p.mem[3]) as u8,
                ),
            }
            let Some((outs, inps)) = p.noc else {
                continue;
            };
            for c in 0..2 {
                let o = outs[c];
                if g(o.valid) != 0 && self.out_ready[k][c] {
                    let (data, keep, meta) = (g(o.data), g(o.keep), g(o.meta));
                    let (first, last) = (g(o.first) != 0, g(o.last) != 0);
                    if self.trace {
                        eprintln!(
                            "{:5} PE{k} out class {c} flit {data:#x} first {first} last {last}",
                            self.cycles
                        );
                    }
                    assert_eq!(first, self.asm[k][c].is_none(), "PE {k} class {c}: `first`");
                    if first {
                        let dst = meta as usize;
                        assert!(dst < n, "PE {k}: packet to PE {dst}, which does not exist");
                        let kind = noc::Kind::from_u64(noc::KIND.get(data))
                            .unwrap_or_else(|| panic!("PE {k}: head {data:#x} of no kind"));
                        assert_eq!(kind.is_response(), c == 1, "PE {k}: {kind:?} on class {c}");
                        assert_eq!(noc::SRC_PE.get(data), k as u64, "PE {k}: head's source");
                        assert_eq!(noc::DST_PE.get(data), meta, "PE {k}: head's destination");
                        let owed = self.mem[k].writes_owed();
                        assert!(
                            !(self.acks_after_writes
                                && matches!(kind, noc::Kind::Ack | noc::Kind::WrRsp)
                                && owed != 0),
                            "PE {k}: {kind:?} to PE {dst} leaves at cycle {} while {owed} of its \
                             memory writes are not done (DTU-R054, R081)",
                            self.cycles
                        );
                        let lat = self.delay.0 + self.rng.below(self.delay.1 - self.delay.0 + 1);
                        let due = (self.cycles + lat).max(self.last_due[k][dst][c]);
                        self.last_due[k][dst][c] = due;
                        self.arena.push(Packet {
                            src: k,
                            dst,
                            flits: vec![],
                            due,
                            complete: false,
                        });
                        let id = self.arena.len() - 1;
                        self.asm[k][c] = Some(id);
                        self.queued[dst][c].push_back(id);
                    }
                    let id = self.asm[k][c].unwrap();
                    let pk = &mut self.arena[id];
                    assert_eq!(
                        meta, pk.dst as u64,
                        "PE {k} class {c}: meta changed in a packet"
                    );
                    assert!(
                        keep == 0xFF || (last && keep != 0 && (keep + 1) & keep == 0),
                        "PE {k} class {c}: keep {keep:#x}"
                    );
                    pk.flits.push((data, keep, last));
                    if last {
                        pk.complete = true;
                        self.asm[k][c] = None;
                    }
                }
                let i = inps[c];
                if self.offer[k][c] && g(i.ready) != 0 {
                    if self.trace {
                        eprintln!("{:5} PE{k} in class {c} flit taken", self.cycles);
                    }
                    self.offer[k][c] = false;
                    let (id, at) = self.cur[k][c].as_mut().unwrap();
                    *at += 1;
                    let pk = &self.arena[*id];
                    if pk.complete && *at == pk.flits.len() {
                        self.delivered.push(pk.clone());
                        self.cur[k][c] = None;
                    }
                }
            }
        }
        for (d, &(c, _)) in self.duts.iter_mut().zip(&self.clocks) {
            d.set(c, 1);
            d.settle();
            d.set(c, 0);
            d.settle();
        }
        // ---- inputs for the next cycle ----
        for k in 0..n {
            let p = self.pes[k];
            let d = &mut self.duts[p.dut];
            match self.axi[k].as_mut() {
                Some(a) => {
                    a.drive(d.as_mut(), &mut self.mem[k]);
                    // the CU's pass-through port: idle
                    d.set(p.mem[4], 0);
                }
                None => {
                    let (rdy, rv, rd) = self.mem[k].drive();
                    d.set(p.mem[5], rdy as u128);
                    d.set(p.mem[7], rv as u128);
                    d.set(p.mem[6], rd as u128);
                }
            }
            let Some((outs, inps)) = p.noc else {
                continue;
            };
            for c in 0..2 {
                let o = outs[c];
                // a request waits while its destination holds `req_capacity` packets
                let dst = d.get(o.meta) as usize;
                let room = c == 1
                    || self.asm[k][c].is_some()
                    || self
                        .queued
                        .get(dst)
                        .map_or(true, |q| q[0].len() < self.req_capacity);
                self.out_ready[k][c] = room && self.rng.chance(self.noc_rate);
                d.set(o.ready, self.out_ready[k][c] as u128);
                // the next packet whose delay is over, in order
                if self.cur[k][c].is_none() {
                    let arena = &self.arena;
                    if let Some(pos) = self.queued[k][c]
                        .iter()
                        .position(|&q| arena[q].due <= self.cycles)
                    {
                        let id = self.queued[k][c].remove(pos).unwrap();
                        self.cur[k][c] = Some((id, 0));
                    }
                }
                let i = inps[c];
                // cut-through: a flit is offered once it has arrived
                match self.cur[k][c].map(|(id, at)| (&self.arena[id], at)) {
                    Some((pk, at)) if at < pk.flits.len() => {
                        let (data, keep, last) = pk.flits[at];
                        // an offered flit stays offered until taken
                        self.offer[k][c] = self.offer[k][c] || self.rng.chance(self.noc_rate);
                        d.set(i.data, data as u128);
                        d.set(i.keep, keep as u128);
                        d.set(i.meta, pk.dst as u128);
                        d.set(i.first, (at == 0) as u128);
                        d.set(i.last, last as u128);
                    }
                    _ => self.offer[k][c] = false,
                }
                d.set(i.valid, self.offer[k][c] as u128);
            }
        }
    }

    /// Runs until the network and the memories are quiet (and a few cycles more).
    pub fn quiesce(&mut self) {
        let start = self.cycles;
        let mut calm = 0;
        while calm < 8 {
            self.step();
            calm = if self.quiet() { calm + 1 } else { 0 };
            assert!(
                self.cycles - start < 200_000,
                "the network does not go quiet"
            );
        }
    }

    /// One MMIO access of PE `k`'s CU (the network runs meanwhile): (rdata, err).
    pub fn access(&mut self, k: usize, write: bool, addr: u64, v: u64) -> (u64, bool) {
        let b = self.pes[k].bus;
        let dut = self.pes[k].dut;
        {
            let d = &mut self.duts[dut];
            d.set(b.addr, addr as u128);
            d.set(b.wdata, v as u128);
            d.set(if write { b.write } else { b.read }, 1);
        }
        self.step();
        self.duts[dut].set(b.write, 0);
        self.duts[dut].set(b.read, 0);
        for _ in 0..10_000 {
            let d = &self.duts[dut];
            if d.get(b.ready) != 0 {
                let r = (d.get(b.rdata) as u64, d.get(b.err) != 0);
                self.step();
                return r;
            }
            self.step();
        }
        panic!("PE {k}: MMIO access at {addr:#x} not answered in 10000 cycles");
    }

    pub fn write(&mut self, k: usize, addr: u64, v: u64) {
        assert!(
            !self.access(k, true, addr, v).1,
            "PE {k}: write at {addr:#x}: err"
        );
    }

    pub fn read(&mut self, k: usize, addr: u64) -> u64 {
        let (v, err) = self.access(k, false, addr, 0);
        assert!(!err, "PE {k}: read at {addr:#x}: err");
        v
    }

    /// Writes COMMAND on PE `k` (the command starts) without waiting for it.
    pub fn start(&mut self, k: usize, cmd: u64) {
        self.write(k, w::COMMAND, cmd);
    }

    /// Endpoint `ep` of PE `k`, as its CU reads it.
    pub fn ep(&mut self, k: usize, ep: usize) -> [u64; 3] {
        [0, 1, 2].map(|j| self.read(k, w::ep_addr(ep, j)))
    }

    /// PE `k`'s DTU runs a command (its `cmd_busy` output).
    pub fn busy(&self, k: usize) -> bool {
        self.duts[self.pes[k].dut].get(self.pes[k].cmd_busy) != 0
    }

    /// Writes COMMAND on PE `k` and runs until the command ends (`cmd_busy` falls): the cycles
    /// from the write's strobe to the first cycle COMMAND reads 0 (the CU does not poll).
    pub fn command_cycles(&mut self, k: usize, cmd: u64) -> u64 {
        let (b, dut) = (self.pes[k].bus, self.pes[k].dut);
        let t = self.cycles;
        self.duts[dut].set(b.addr, w::COMMAND as u128);
        self.duts[dut].set(b.wdata, cmd as u128);
        self.duts[dut].set(b.write, 1);
        self.step();
        self.duts[dut].set(b.write, 0);
        // the write lands one cycle after its strobe is taken
        self.step();
        while self.busy(k) {
            self.step();
            assert!(
                self.cycles - t < 200_000,
                "PE {k}: command {cmd:#x} does not complete"
            );
        }
        self.cycles - t
    }

    /// Polls PE `k`'s COMMAND until op = 0: its final value.
    pub fn wait(&mut self, k: usize) -> u64 {
        let start = self.cycles;
        loop {
            let v = self.read(k, w::COMMAND);
            if command::OP.get(v) == 0 {
                return v;
            }
            assert!(
                self.cycles - start < 200_000,
                "PE {k}: command {v:#x} does not complete"
            );
        }
    }

    /// A command on PE `k` to its end: COMMAND's final value and the cycles from the write's
    /// strobe to the read that saw it end.
    pub fn command(&mut self, k: usize, cmd: u64) -> (u64, u64) {
        let t = self.cycles;
        self.start(k, cmd);
        let v = self.wait(k);
        (v, self.cycles - t)
    }

    /// Every MMIO word and the local memory of every PE equal the model's.
    pub fn compare(&mut self, m: &model::System, what: &str) {
        for k in 0..self.len() {
            for a in (0..w::MMIO_END).step_by(8) {
                assert_eq!(
                    self.read(k, a),
                    m.pes[k].mmio_read(a).unwrap(),
                    "{what}: PE {k} MMIO offset {a:#x}"
                );
            }
        }
        self.compare_mem(m, what);
    }

    /// The local memory of every PE equals the model's, now (no cycle runs): called at the
    /// cycle a command is seen complete, it checks that the command's effects on every PE
    /// were visible by then (DTU-A27, R054, R081).
    pub fn compare_mem(&self, m: &model::System, what: &str) {
        for k in 0..self.len() {
            if self.mem[k].bytes != m.pes[k].mem {
                let d = (0..self.mem[k].bytes.len())
                    .find(|&i| self.mem[k].bytes[i] != m.pes[k].mem[i])
                    .unwrap();
                panic!(
                    "{what}: PE {k} local memory differs first at {d:#x}: {:#x} (model {:#x})",
                    self.mem[k].bytes[d], m.pes[k].mem[d]
                );
            }
        }
    }
}

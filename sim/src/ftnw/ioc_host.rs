//! The IOC's PPUT path driven from the root-complex model's CPU (`ftnw_ioc` top): shared by the
//! tests (`tests/ftnw/ioc_pput.rs`) and the bench (`ftnw_host_bench`).

use crate::harness::backend::{instances, Backend, ClockedDut};
use crate::harness::clock::Edges;
use crate::harness::ports::index;
use crate::harness::rng::Rng;
use crate::pcie::{BeatSink, BeatSource, PcieConfig, ReadResult, RootComplex};
use crate::system::hostmem::MemServer;
use nicgen_driver::HostMem;
use nicgen_wire::ftnw::ioc::{
    DmaRequest, BAR2_BITS, DMA_BUF_LO, DMA_EXC, DMA_NTF_LO, DMA_REQS, DMA_REQ_LO, DMA_SLOT_BYTES,
    IOC_REGS_BASE,
};
use nicgen_wire::ftnw::link::Word;
use nicgen_wire::ftnw::txwin::{LINKS, TX_WINDOW_BITS};
use nicgen_wire::pcie_us::{from_beats, Beat, Iface, RqDesc};
use std::collections::VecDeque;

pub const BAR0: u64 = 0x2_0000_0000;
pub const BAR0_APERTURE: u8 = TX_WINDOW_BITS as u8;
pub const BAR2: u64 = 0xf000_0000;
/// Host memory starts here (above 4 GB: the 48-bit registers are used whole).
pub const HOST_BASE: u64 = 0x1_2340_0000;
pub const BAR2_APERTURE: u8 = BAR2_BITS as u8;
/// Host memory of the `ftnw_nwp` top: below 4 GB (the receive buffers' base registers are
/// 32 bits, FTNW-H107).
pub const NWP_HOST_BASE: u64 = 0x4000_0000;

/// A packet's identity on its link: `meta` = `{rao, vc}`.
pub fn meta(vc: u8, rao: u16) -> u16 {
    (rao << 3) | vc as u16
}

/// The exception outputs, counted per IOC cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exc {
    pub partial: u32,
    pub link: u32,
    pub overrun: u32,
    pub header: u32,
    /// DMA exceptions (`exc_dma`).
    pub dma: u32,
}

pub struct Pput {
    sim: ClockedDut,
    pub rc: RootComplex,
    pub src: BeatSource,
    cq_q: VecDeque<Vec<Beat>>,
    offered: Option<Beat>,
    cq: [usize; 6],
    rq: [usize; 6],
    cc: [usize; 6],
    cc_sink: BeatSink,
    bus_master: usize,
    rq_sink: BeatSink,
    rc_ports: [usize; 6],
    /// Completions on their way to RC, and the beat offered.
    pub rc_src: BeatSource,
    rc_q: VecDeque<Vec<Beat>>,
    rc_offered: Option<Beat>,
    max_read_req: usize,
    /// The 4-byte writes the IOC made on RQ: `(address, value)`, and the IOC cycle each was
    /// taken; the cycles its read requests were taken.
    pub rq_log: Vec<(u64, u32)>,
    pub rq_log_at: Vec<u64>,
    pub rq_reads_at: Vec<u64>,
    /// RC beats taken, and the IOC cycles of the first and the last; the cycles an offered RC
    /// beat was held back (`tready` low).
    pub rc_beats: u64,
    pub rc_stalls: u64,
    pub rc_first_at: u64,
    pub rc_last_at: u64,
    exc: [usize; 5],
    tx: Option<[[usize; 7]; LINKS]>,
    /// CC's `tready` kept low (the host not taking completions).
    pub cc_hold: bool,
    /// Chance a link's `ready` is up in a TNW cycle; `hold` keeps it down.
    pub p_ready: f64,
    pub hold: [bool; LINKS],
    items: [Vec<u128>; LINKS],
    /// Packets received per link: `(meta, payload words)`.
    pub got: [VecDeque<(u16, Vec<u32>)>; LINKS],
    /// The IOC cycle each received packet's first item was taken, per link.
    pub first_at: [VecDeque<u64>; LINKS],
    /// The IOC cycle the last CQ beat of a transfer was taken; CQ cycles with `tready` low
    /// while a beat was offered.
    pub cq_last_at: u64,
    pub cq_stalls: u64,
    pub seen: Exc,
    /// IOC cycles run.
    pub cycles: u64,
    /// The node's receive writes to make on `host_0_*` (TNW clock): `(address, Dwords)`, the one
    /// under way with how many of its Dwords were taken and whether its request was, and the
    /// answers (`err`) in order; `host_exc` counts `exc_host_write`.
    pub host_q: VecDeque<(u64, Vec<u32>)>,
    host_cur: Option<(u64, Vec<u32>, usize, bool)>,
    pub host_rsp: Vec<bool>,
    pub host_exc: u32,
    host: Option<[usize; 12]>,
    /// `ftnw_nwp`: each link's rxd, rxc, txd, txc.
    phy: Vec<[usize; 4]>,
    /// Every memory write on RQ in order: `(address, Dwords)`.
    pub rq_writes: Vec<(u64, usize)>,
}

/// The clock periods of an `ftnw_nwp` node (in ps, or any unit shared by a cluster): the IOC's,
/// the TNW's (the node's), and each link's PHY receive clock (its peer's TNW clock).
#[derive(Clone, Copy, Debug)]
pub struct NwpClocks {
    pub ioc: u64,
    pub tnw: u64,
    pub phy: [u64; LINKS],
}

impl NwpClocks {
    /// The IOC clock at `ioc`, the TNW and every PHY receive clock at `tnw`.
    pub fn same(ioc: u64, tnw: u64) -> Self {
        Self {
            ioc,
            tnw,
            phy: [tnw; LINKS],
        }
    }
}

impl Pput {
    /// The top on `backend`, the IOC clock at 4 ns, the TNW clock at `tnw_period` ps, reset.
    pub fn new(backend: Backend, tnw_period: u64, seed: u64) -> Self {
        Self::on_top("ftnw_ioc", backend, tnw_period, seed)
    }

    /// `ftnw_nwp` tops (the IOC with the node behind it) from one model, one per entry of
    /// `clocks`, uncabled (`ftnw_nwp::Cluster` cables them).
    pub fn nwp_nodes(backend: Backend, clocks: &[NwpClocks], seed: u64) -> Vec<Self> {
        let inst = instances("ftnw_nwp", backend, clocks.len());
        let ports = inst.ports.clone();
        // several nodes: each evaluates on the offload thread beside the others and the
        // harness (`harness::offload`; the run is the same)
        let offload = clocks.len() > 1 && crate::harness::offload::enabled();
        inst.duts
            .into_iter()
            .zip(clocks)
            .enumerate()
            .map(|(k, (mut dut, c))| {
                dut.offload(offload);
                Self::build(dut, &ports, c, seed ^ (k as u64) << 40)
            })
            .collect()
    }

    fn on_top(top: &str, backend: Backend, tnw_period: u64, seed: u64) -> Self {
        let mut inst = instances(top, backend, 1);
        let ports = inst.ports.clone();
        let c = NwpClocks::same(4000, tnw_period);
        Self::build(inst.duts.remove(0), &ports, &c, seed)
    }

    fn build(
        dut: Box<dyn crate::harness::backend::Dut>,
        p: &[nicgen_hdl::PortInfo],
        c: &NwpClocks,
        seed: u64,
    ) -> Self {
        let ix = |n: &str| index(&p, n);
        let has = |n: &str| p.iter().any(|q| q.name == n);
        let nwp = has("link_0_phy_txd");
        let mut periods = vec![c.ioc, c.tnw];
        let mut clocks = vec![ix("clock"), ix("tnw_clock")];
        if nwp {
            for l in 0..LINKS {
                periods.push(c.phy[l]);
                clocks.push(ix(&format!("phy_clock_{l}")));
            }
        }
        let mut sim = ClockedDut::new(dut, &periods, &clocks);
        let cq = ["tdata", "tkeep", "tlast", "tuser", "tvalid", "tready"]
            .map(|f| ix(&format!("s_axis_cq_{f}")));
        let rq = ["tdata", "tkeep", "tlast", "tuser", "tvalid", "tready"]
            .map(|f| ix(&format!("m_axis_rq_{f}")));
        let cc = ["tdata", "tkeep", "tlast", "tuser", "tvalid", "tready"]
            .map(|f| ix(&format!("m_axis_cc_{f}")));
        let rc_ports = ["tdata", "tkeep", "tlast", "tuser", "tvalid", "tready"]
            .map(|f| ix(&format!("s_axis_rc_{f}")));
        let max_read_req = ix("cfg_max_read_req");
        // the node's write port and `exc_host_write` (the `ftnw_ioc` top's; `ftnw_nwp`'s is inside)
        let host = (!nwp).then(|| {
            [
                "host_0_wr_req_addr",
                "host_0_wr_req_beats",
                "host_0_wr_req_valid",
                "host_0_wr_req_ready",
                "host_0_wr_dat_data",
                "host_0_wr_dat_last",
                "host_0_wr_dat_valid",
                "host_0_wr_dat_ready",
                "host_0_wr_rsp_err",
                "host_0_wr_rsp_valid",
                "host_0_wr_rsp_ready",
                "exc_host_write",
            ]
            .map(ix)
        });
        let phy: Vec<[usize; 4]> = if nwp {
            (0..LINKS)
                .map(|l| {
                    ["phy_rxd", "phy_rxc", "phy_txd", "phy_txc"]
                        .map(|f| ix(&format!("link_{l}_{f}")))
                })
                .collect()
        } else {
            vec![]
        };
        for (l, q) in phy.iter().enumerate() {
            sim.set(q[0], Word::idle().d as u128);
            sim.set(q[1], Word::idle().c as u128);
            sim.set(ix(&format!("link_{l}_mdio_i")), 1);
        }
        let bus_master = ix("cfg_bus_master");
        sim.set(bus_master, 1);
        let exc = ["tx_partial", "tx_link", "tx_overrun", "tx_header", "dma"]
            .map(|f| ix(&format!("exc_{f}")));
        let tx = (!nwp).then(|| {
            std::array::from_fn(|l| {
                ["data", "keep", "meta", "first", "last", "valid", "ready"]
                    .map(|f| ix(&format!("tx_{l}_{f}")))
            })
        });
        sim.set(ix("completer_id"), 0x0100);
        sim.set(ix("reset"), 1);
        sim.set(ix("tnw_reset"), 1);
        sim.run_each(4);
        sim.set(ix("reset"), 0);
        sim.set(ix("tnw_reset"), 0);
        let mut d = Self {
            sim,
            rc: RootComplex::new(
                PcieConfig::default(),
                MemServer::new(if nwp { NWP_HOST_BASE } else { HOST_BASE }),
                seed,
            ),
            src: BeatSource::new(0.1),
            cq_q: VecDeque::new(),
            offered: None,
            cq,
            rq,
            cc,
            cc_sink: BeatSink::new(0.2),
            bus_master,
            rq_sink: BeatSink::new(0.2),
            rc_ports,
            rc_src: BeatSource::new(0.1),
            rc_q: VecDeque::new(),
            rc_offered: None,
            max_read_req,
            rq_log: vec![],
            rq_log_at: vec![],
            rq_reads_at: vec![],
            rc_beats: 0,
            rc_stalls: 0,
            rc_first_at: 0,
            rc_last_at: 0,
            exc,
            tx,
            cc_hold: false,
            p_ready: 0.8,
            hold: [false; LINKS],
            items: Default::default(),
            got: Default::default(),
            first_at: Default::default(),
            cq_last_at: 0,
            cq_stalls: 0,
            seen: Exc::default(),
            cycles: 0,
            host_q: VecDeque::new(),
            host_cur: None,
            host_rsp: vec![],
            host_exc: 0,
            host,
            rq_writes: vec![],
            phy,
        };
        d.set_config(PcieConfig::default());
        d
    }

    /// The root complex's configuration, and the design's `cfg_max_read_req` from it.
    pub fn set_config(&mut self, cfg: PcieConfig) {
        let n = (cfg.max_read_request / 128).trailing_zeros();
        assert_eq!(
            128 << n,
            cfg.max_read_request,
            "max read request: a power of two"
        );
        self.sim.set(self.max_read_req, n as u128);
        self.rc.cfg = cfg;
        self.set_bus_master(cfg.bus_master);
    }

    /// A CPU write of `bytes` at TX-window offset `off` (queued for CQ).
    pub fn write(&mut self, off: u64, bytes: &[u8]) {
        self.rc.cpu_write(0, BAR0_APERTURE, BAR0 + off, bytes);
    }

    /// A CPU write of `bytes` at BAR2 offset `off` (a register).
    pub fn reg_write(&mut self, off: u32, bytes: &[u8]) {
        self.rc
            .cpu_write(2, BAR2_APERTURE, BAR2 + off as u64, bytes);
    }

    /// A CPU read of the register at BAR2 offset `off`, run to its completion.
    pub fn reg_read(&mut self, rng: &mut Rng, off: u32) -> u32 {
        self.try_reg_read(rng, off)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// `reg_read`, a read not answered with data (or not within 10 000 cycles) an error.
    pub fn try_reg_read(&mut self, rng: &mut Rng, off: u32) -> Result<u32, String> {
        let tag = self.start_reg_read(off);
        let start = self.cycles;
        loop {
            if let Some(r) = self.reg_read_result(tag, off) {
                return r;
            }
            self.event(rng);
            if self.cycles - start >= 10_000 {
                return Err(format!("register read at {off:#x} unanswered"));
            }
        }
    }

    /// A CPU read of the register at BAR2 offset `off` issued; its tag.
    pub fn start_reg_read(&mut self, off: u32) -> u8 {
        self.rc.cpu_read(2, BAR2_APERTURE, BAR2 + off as u64, 4)
    }

    /// The answer to the read with `tag` (of offset `off`), once it came.
    pub fn reg_read_result(&mut self, tag: u8, off: u32) -> Option<Result<u32, String>> {
        let i = self.rc.read_results.iter().position(|r| r.0 == tag)?;
        let (_, r) = self.rc.read_results.remove(i).unwrap();
        Some(match r {
            ReadResult::Data(b) => Ok(u32::from_le_bytes(b[..4].try_into().unwrap())),
            other => Err(format!("register read at {off:#x}: {other:?}")),
        })
    }

    /// Run `n` IOC cycles.
    pub fn run(&mut self, rng: &mut Rng, n: u64) {
        let end = self.cycles + n;
        while self.cycles < end {
            self.event(rng);
        }
    }

    /// Bus master enable, on the design's input and in the root complex's configuration.
    pub fn set_bus_master(&mut self, on: bool) {
        self.sim.set(self.bus_master, on as u128);
        self.rc.cfg.bus_master = on;
    }

    /// Forget the writes logged on RQ (`rq_log` and `rq_log_at` together).
    pub fn clear_rq_log(&mut self) {
        self.rq_log.clear();
        self.rq_log_at.clear();
    }

    /// The word link `l` of an `ftnw_nwp` sends (its PHY transmit port, now).
    pub fn phy_out(&self, l: usize) -> Word {
        Word {
            d: self.sim.get(self.phy[l][2]) as u32,
            c: self.sim.get(self.phy[l][3]) as u8,
        }
    }

    /// The word link `l` of an `ftnw_nwp` receives from now on.
    pub fn set_phy_in(&mut self, l: usize, w: Word) {
        self.sim.set(self.phy[l][0], w.d as u128);
        self.sim.set(self.phy[l][1], w.c as u128);
    }

    /// The next clock event `event` takes, without taking it (`Edges::rose` bit k: clock k, 0
    /// the IOC's, 1 the TNW's).
    pub fn upcoming(&self) -> Edges {
        self.sim.clk.upcoming()
    }

    /// One clock event; which clocks rose (bit k: clock k, 0 the IOC's, 1 the TNW's).
    pub fn event(&mut self, rng: &mut Rng) -> u64 {
        let [cq_data, cq_keep, cq_last, cq_user, cq_valid, cq_ready] = self.cq;
        self.cq_q.extend(self.rc.cq_out.drain(..));
        let cq_taken = self.sim.get(cq_ready) == 1;
        let [rq_data, rq_keep, rq_last, rq_user, rq_valid, rq_ready] = self.rq;
        let [cc_data, cc_keep, cc_last, cc_user, cc_valid, cc_ready] = self.cc;
        let cc_go = self.sim.get(cc_valid) == 1 && self.sim.get(cc_ready) == 1;
        let cc_beat = Beat {
            data: self.sim.get(cc_data),
            keep: self.sim.get(cc_keep) as u8,
            user: self.sim.get(cc_user),
            last: self.sim.get(cc_last) == 1,
        };
        let rq_go = self.sim.get(rq_valid) == 1 && self.sim.get(rq_ready) == 1;
        let rq_beat = Beat {
            data: self.sim.get(rq_data),
            keep: self.sim.get(rq_keep) as u8,
            user: self.sim.get(rq_user),
            last: self.sim.get(rq_last) == 1,
        };
        let cq_end = self.offered.is_some_and(|b| b.last) && cq_taken;
        let cq_stall = self.offered.is_some() && !cq_taken;
        let exc = self.exc.map(|i| self.sim.get(i) == 1);
        let rc_taken = self.sim.get(self.rc_ports[5]) == 1;
        let tx: Vec<Option<(u128, u16, bool, bool)>> = (0..LINKS)
            .filter_map(|l| Some((l, self.tx?[l])))
            .map(|(l, t)| {
                let [data, keep, meta, first, last, valid, ready] = t;
                (self.sim.get(valid) == 1 && self.sim.get(ready) == 1).then(|| {
                    assert_eq!(self.sim.get(keep), 0xffff, "link {l}: keep");
                    (
                        self.sim.get(data),
                        self.sim.get(meta) as u16,
                        self.sim.get(first) == 1,
                        self.sim.get(last) == 1,
                    )
                })
            })
            .collect();
        let host = self.host.map(|h| {
            let [_, _, req_valid, req_ready, _, _, dat_valid, dat_ready, rsp_err, rsp_valid, rsp_ready, exc] = h;
            let go = |v, r| self.sim.get(v) == 1 && self.sim.get(r) == 1;
            (
                go(req_valid, req_ready),
                go(dat_valid, dat_ready),
                go(rsp_valid, rsp_ready).then(|| self.sim.get(rsp_err) == 1),
                self.sim.get(exc) == 1,
            )
        });
        let rose = self.sim.step();
        if rose & 1 != 0 {
            self.cycles += 1;
            if cq_end {
                self.cq_last_at = self.cycles;
            }
            self.cq_stalls += cq_stall as u64;
            self.seen.partial += exc[0] as u32;
            self.seen.link += exc[1] as u32;
            self.seen.overrun += exc[2] as u32;
            self.seen.header += exc[3] as u32;
            self.seen.dma += exc[4] as u32;
            // completions: due ones leave the model, one beat offered at a time
            self.rc.tick();
            while let Some(t) = self.rc.take_rc() {
                self.rc_q.push_back(t);
            }
            if self.rc_offered.is_some() && rc_taken {
                self.rc_src.taken();
                if self.rc_beats == 0 {
                    self.rc_first_at = self.cycles;
                }
                self.rc_beats += 1;
                self.rc_last_at = self.cycles;
            }
            self.rc_stalls += (self.rc_offered.is_some() && !rc_taken) as u64;
            self.rc_offered = self.rc_src.offer(&mut self.rc_q, rng);
            let o = self.rc_offered.unwrap_or_default();
            let [rc_data, rc_keep, rc_last, rc_user, rc_valid, _] = self.rc_ports;
            self.sim.set(rc_data, o.data);
            self.sim.set(rc_keep, o.keep as u128);
            self.sim.set(rc_last, o.last as u128);
            self.sim.set(rc_user, o.user);
            self.sim.set(rc_valid, self.rc_offered.is_some() as u128);
            if self.offered.is_some() && cq_taken {
                self.src.taken();
            }
            self.offered = self.src.offer(&mut self.cq_q, rng);
            let o = self.offered.unwrap_or_default();
            self.sim.set(cq_data, o.data);
            self.sim.set(cq_keep, o.keep as u128);
            self.sim.set(cq_last, o.last as u128);
            self.sim.set(cq_user, o.user);
            self.sim.set(cq_valid, self.offered.is_some() as u128);
            if rq_go {
                if let Some(t) = self.rq_sink.take(rq_beat) {
                    let tr = from_beats(Iface::Rq, &t).expect("RQ framing");
                    let d = RqDesc::unpack(&tr.dwords).expect("RQ descriptor");
                    if tr.dwords.len() > 4 {
                        self.rq_writes.push((d.addr, tr.dwords.len() - 4));
                    }
                    if tr.dwords.len() == 5 {
                        self.rq_log.push((d.addr, tr.dwords[4]));
                        self.rq_log_at.push(self.cycles);
                    } else {
                        self.rq_reads_at.push(self.cycles);
                    }
                    self.rc.rq(&t);
                    assert!(self.rc.violations.is_empty(), "{:?}", self.rc.violations);
                }
            }
            self.sim.set(rq_ready, self.rq_sink.ready(rng) as u128);
            if cc_go {
                if let Some(t) = self.cc_sink.take(cc_beat) {
                    self.rc.cc(&t);
                    assert!(self.rc.violations.is_empty(), "{:?}", self.rc.violations);
                }
            }
            let up = !self.cc_hold && self.cc_sink.ready(rng);
            self.sim.set(cc_ready, up as u128);
        }
        if rose & 2 != 0 {
            if let Some((req_go, dat_go, rsp, exc)) = host {
                self.host_edge(rng, req_go, dat_go, rsp, exc);
            }
            for (l, t) in tx.into_iter().enumerate() {
                if let Some((data, m, first, last)) = t {
                    let n = self.items[l].len();
                    assert_eq!(first, n == 0, "link {l}: `first` on item {n}");
                    assert_eq!(last, n == 7, "link {l}: `last` on item {n}");
                    if first {
                        self.first_at[l].push_back(self.cycles);
                    }
                    self.items[l].push(data);
                    if last {
                        let words = self.items[l]
                            .drain(..)
                            .flat_map(|d| (0..4).map(move |i| (d >> (32 * i)) as u32))
                            .collect();
                        self.got[l].push_back((m, words));
                    }
                }
                let up = !self.hold[l] && rng.chance(self.p_ready);
                if let Some(t) = self.tx {
                    self.sim.set(t[l][6], up as u128);
                }
            }
        }
        rose
    }

    /// A TNW clock edge on the node's write port: what was taken, then the next beats.
    fn host_edge(
        &mut self,
        rng: &mut Rng,
        req_go: bool,
        dat_go: bool,
        rsp: Option<bool>,
        exc: bool,
    ) {
        let [addr, beats, req_valid, _, data, last, dat_valid, _, _, _, rsp_ready, _] =
            self.host.expect("the top has the node's write port");
        self.host_exc += exc as u32;
        if let Some(err) = rsp {
            self.host_rsp.push(err);
        }
        if let Some(c) = self.host_cur.as_mut() {
            c.3 |= req_go;
            c.2 += dat_go as usize;
            if c.3 && c.2 == c.1.len() {
                self.host_cur = None;
            }
        }
        if self.host_cur.is_none() {
            self.host_cur = self.host_q.pop_front().map(|(a, w)| (a, w, 0, false));
        }
        match &self.host_cur {
            Some((a, w, i, req_done)) => {
                self.sim.set(addr, *a as u128);
                self.sim.set(beats, w.len() as u128);
                self.sim.set(req_valid, !req_done as u128);
                let on = *i < w.len();
                self.sim.set(data, if on { w[*i] as u128 } else { 0 });
                self.sim.set(last, (*i + 1 == w.len()) as u128);
                self.sim.set(dat_valid, on as u128);
            }
            None => {
                self.sim.set(req_valid, 0);
                self.sim.set(dat_valid, 0);
            }
        }
        self.sim.set(rsp_ready, rng.chance(0.8) as u128);
    }

    /// Run until the CPU's writes are taken and `n` packets in all have been received (at most
    /// 100 000 IOC cycles, else the test fails naming `what`), then 200 cycles more.
    pub fn deliver(&mut self, rng: &mut Rng, n: usize, what: &str) {
        self.drain(rng, 0);
        let start = self.cycles;
        while self.got.iter().map(|g| g.len()).sum::<usize>() < n {
            self.event(rng);
            assert!(self.cycles - start < 100_000, "{what}: packets missing");
        }
        self.drain(rng, 200);
    }

    /// The CPU's writes are all taken and no completion is due or on its way.
    pub fn idle(&self) -> bool {
        self.rc.cq_out.is_empty()
            && self.host_q.is_empty()
            && self.host_cur.is_none()
            && self.cq_q.is_empty()
            && self.offered.is_none()
            && self.rc.outstanding_reads() == 0
            && self.rc_q.is_empty()
            && self.rc_offered.is_none()
    }

    /// Run until `idle`, then `tail` IOC cycles more.
    pub fn drain(&mut self, rng: &mut Rng, tail: u64) {
        let start = self.cycles;
        while !self.idle() {
            self.event(rng);
            assert!(self.cycles - start < 2_000_000, "CQ stalled");
        }
        self.run(rng, tail);
    }
}

/// The IOC with an NGET buffer (8 slots of 4 KB, random bytes) and a notification block set up.
pub struct Dma {
    pub d: Pput,
    pub buf: u64,
    pub ntf: u64,
    /// Requests written since the RQ log was last cleared.
    issued: usize,
}

impl Dma {
    pub fn new(rng: &mut Rng, backend: Backend, tnw_period: u64) -> Self {
        let d = Pput::new(backend, tnw_period, rng.next_u64());
        Self::on(rng, d)
    }

    /// The NGET set-up on an IOC already made (`Pput::new` or `Pput::nwp`).
    pub fn on(rng: &mut Rng, mut d: Pput) -> Self {
        let buf =
            d.rc.mem
                .mem
                .alloc(8 * DMA_SLOT_BYTES as usize, 4096)
                .unwrap();
        let bytes: Vec<u8> = (0..8 * DMA_SLOT_BYTES)
            .map(|_| rng.next_u64() as u8)
            .collect();
        d.rc.mem.mem.write(buf, &bytes).unwrap();
        let ntf = d.rc.mem.mem.alloc(32, 32).unwrap();
        d.rc.mem.mem.write(ntf, &[0; 32]).unwrap();
        d.reg_write(IOC_REGS_BASE + DMA_BUF_LO.offset, &buf.to_le_bytes());
        d.reg_write(IOC_REGS_BASE + DMA_NTF_LO.offset, &ntf.to_le_bytes());
        Self {
            d,
            buf,
            ntf,
            issued: 0,
        }
    }

    /// A request as the thesis writes it (one 16-byte write, bytes 8-15 zero) or as one 8-byte
    /// write.
    pub fn request(&mut self, rng: &mut Rng, r: &DmaRequest) {
        self.request_as(r, rng.chance(0.5));
    }

    /// A request written as one 8-byte write, or as the thesis' 16-byte write (`sixteen`).
    pub fn request_as(&mut self, r: &DmaRequest, sixteen: bool) {
        let mut b = r.pack().to_le_bytes().to_vec();
        if sixteen {
            b.extend([0; 8]);
        }
        self.d.reg_write(IOC_REGS_BASE + DMA_REQ_LO.offset, &b);
        self.issued += 1;
    }

    /// A request once fewer than eight are outstanding (the library's rule, REQ_FIFO's depth):
    /// waits for the oldest notifications. Every request since the log was cleared must be one
    /// the engine takes.
    pub fn request_in_window(&mut self, rng: &mut Rng, r: &DmaRequest) {
        let start = self.d.cycles;
        while self.issued >= self.notifications().len() + DMA_REQS {
            self.d.event(rng);
            assert!(self.d.cycles - start < 400_000, "NGET: no request notified");
        }
        self.request(rng, r);
    }

    /// Forget the RQ log (`Pput::clear_rq_log`) and the requests counted against it.
    pub fn clear_rq_log(&mut self) {
        self.d.clear_rq_log();
        self.issued = 0;
    }

    /// The packets of `r` as host memory holds them: `(meta, words)`.
    pub fn packets(&mut self, r: &DmaRequest) -> Vec<(u16, Vec<u32>)> {
        r.packets()
            .map(|(rao, off)| {
                let mut b = [0u8; 128];
                self.d.rc.mem.mem.read(self.buf + off, &mut b).unwrap();
                let w = b
                    .chunks(4)
                    .map(|c| u32::from_le_bytes(c.try_into().unwrap()));
                (meta(r.vc as u8, rao as u16), w.collect())
            })
            .collect()
    }

    /// The notifications written so far: `(notify index, value)`, in order.
    pub fn notifications(&self) -> Vec<(u32, u32)> {
        self.d
            .rq_log
            .iter()
            .filter(|(a, _)| (self.ntf..self.ntf + 32).contains(a))
            .map(|&(a, v)| (((a - self.ntf) / 4) as u32, v))
            .collect()
    }

    /// Run until `n` notifications in all have been written, then drain.
    pub fn await_notifications(&mut self, rng: &mut Rng, n: usize, what: &str) {
        let start = self.d.cycles;
        while self.notifications().len() < n {
            self.d.event(rng);
            assert!(
                self.d.cycles - start < 400_000,
                "{what}: notifications missing"
            );
        }
        self.d.drain(rng, 400);
    }

    pub fn dma_exc(&mut self, rng: &mut Rng) -> u32 {
        self.d.reg_read(rng, IOC_REGS_BASE + DMA_EXC.offset)
    }
}

/// Link l's register `off` (BAR2 offset).
pub fn link_reg(l: usize, off: u32) -> u32 {
    ((l as u32) << 12) + off
}

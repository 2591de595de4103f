//! Host memory as a device sees it: the driver's bounds-checked `VecMem` behind a timing model
//! (a latency drawn per request, completions of different tags reordered) and a bounds rule:
//! an access outside an allocated buffer fails the test (`strict`, the default), or, for tests
//! that provoke it, is answered with an error and recorded in `violations`.
//!
//! Two ports use it: `Axi4Memory` (an AXI4 subordinate on a device's AXI4 manager port) and,
//! through the same `MemServer`, any DMA-interface port.

use crate::harness::backend::Dut;
use crate::harness::cycle::CycleModel;
use crate::harness::ports::bind;
use crate::harness::rng::Rng;
use nicgen_driver::{HostMem, VecMem};
use nicgen_hdl::top::PortInfo;
use std::collections::VecDeque;

/// Host memory with its bounds rule.
pub struct MemServer {
    pub mem: VecMem,
    /// Cycles from a request's acceptance to its first data or response: uniform in this range.
    pub latency: (u64, u64),
    /// Panic on an access outside an allocated buffer (else answer an error and record it).
    pub strict: bool,
    pub violations: Vec<String>,
}

impl MemServer {
    pub fn new(base: u64) -> Self {
        Self {
            mem: VecMem::new(base),
            latency: (4, 40),
            strict: true,
            violations: vec![],
        }
    }

    fn fault(&mut self, what: String) {
        assert!(
            !self.strict,
            "device access outside an allocated buffer: {what}"
        );
        self.violations.push(what);
    }

    /// `len` bytes at `addr`, or None (an error answer) outside a buffer.
    pub fn read(&mut self, addr: u64, len: usize) -> Option<Vec<u8>> {
        let mut b = vec![0; len];
        match self.mem.read(addr, &mut b) {
            Ok(()) => Some(b),
            Err(e) => {
                self.fault(format!("read: {e}"));
                None
            }
        }
    }

    /// Write `data` at `addr`; false (an error answer, nothing written) outside a buffer.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        match self.mem.write(addr, data) {
            Ok(()) => true,
            Err(e) => {
                self.fault(format!("write: {e}"));
                false
            }
        }
    }
}

/// AXI4 port indices at a prefix (the signals of `nicgen_hdl::common::axi::Axi4Master`, or of
/// `Axi4WrMaster`, a write-only manager, whose read channels are absent: `reads` false).
#[derive(Clone, Copy, Debug)]
pub struct Axi4Ports {
    pub(crate) aw: [usize; 7],
    pub(crate) w: [usize; 5],
    pub(crate) b: [usize; 4],
    pub(crate) ar: [usize; 7],
    pub(crate) r: [usize; 6],
    /// AxLOCK, AxCACHE, AxPROT, AxQOS of AW and of AR (`usize::MAX`: absent).
    pub(crate) attrs: [[usize; 4]; 2],
    /// The manager has the read channels.
    pub(crate) reads: bool,
    /// Bytes per beat (WDATA's width / 8).
    pub(crate) beat: usize,
}

impl Axi4Ports {
    pub fn bind(p: &[PortInfo], prefix: &str) -> Self {
        let reads = p.iter().any(|x| x.name == format!("{prefix}arvalid"));
        let w = bind(p, prefix, ["wdata", "wstrb", "wlast", "wvalid", "wready"]);
        Self {
            aw: bind(
                p,
                prefix,
                [
                    "awid", "awaddr", "awlen", "awsize", "awburst", "awvalid", "awready",
                ],
            ),
            w,
            b: bind(p, prefix, ["bid", "bresp", "bvalid", "bready"]),
            ar: if reads {
                bind(
                    p,
                    prefix,
                    [
                        "arid", "araddr", "arlen", "arsize", "arburst", "arvalid", "arready",
                    ],
                )
            } else {
                [usize::MAX; 7]
            },
            r: if reads {
                bind(
                    p,
                    prefix,
                    ["rid", "rdata", "rresp", "rlast", "rvalid", "rready"],
                )
            } else {
                [usize::MAX; 6]
            },
            attrs: [
                bind(p, &format!("{prefix}aw"), ["lock", "cache", "prot", "qos"]),
                if reads {
                    bind(p, &format!("{prefix}ar"), ["lock", "cache", "prot", "qos"])
                } else {
                    [usize::MAX; 4]
                },
            ],
            reads,
            beat: p[w[0]].width / 8,
        }
    }

    /// AxLOCK, AxCACHE, AxPROT and AxQOS of channel `k` (0 AW, 1 AR) at its handshake: the
    /// project's constants (`nicgen_hdl::common::axi::AXCACHE`, ...).
    fn check_attrs(&self, d: &dyn Dut, k: usize) -> Result<(), String> {
        use nicgen_hdl::common::axi::{AXCACHE, AXPROT, AXQOS};
        let got = self.attrs[k].map(|i| d.get(i));
        let want = [0, AXCACHE as u128, AXPROT as u128, AXQOS as u128];
        if got != want {
            let ch = ["AW", "AR"][k];
            return Err(format!(
                "{ch}: lock/cache/prot/qos {got:?}, want {want:?} (common::axi::AXCACHE, ...)"
            ));
        }
        Ok(())
    }
}

impl Axi4Ports {
    /// The manager's AW, W and AR at an edge (A3.2.1): a VALID not taken at the previous edge
    /// (`held`) must still be high with the same payload; each VALID that is high and not
    /// taken now (`ready` low) is remembered for the next edge.
    pub(crate) fn check_held(
        &self,
        d: &dyn Dut,
        ready: &[bool; 3],
        held: &mut [Option<Vec<u128>>; 3],
    ) -> Result<(), String> {
        let channels = if self.reads { 3 } else { 2 };
        for (k, (ports, valid)) in [
            (&self.aw[..5], self.aw[5]),
            (&self.w[..3], self.w[3]),
            (&self.ar[..5], self.ar[5]),
        ]
        .iter()
        .enumerate()
        .take(channels)
        {
            let v = d.get(*valid) != 0;
            if !v && held[k].is_none() {
                continue;
            }
            let now: Vec<u128> = ports.iter().flat_map(|&i| d.get_wide(i)).collect();
            check_held(&mut held[k], ["AW", "W", "AR"][k], v, now, v && ready[k])?;
        }
        Ok(())
    }
}

struct ReadBurst {
    id: u64,
    addr: u64,
    beats: u64,
    done: u64,
    at: u64,
}

struct WriteBurst {
    id: u64,
    addr: u64,
    beats: u64,
    data: Vec<u8>,
    /// WSTRB of each beat.
    strb: Vec<u64>,
    /// The edge its AW was taken (counted from 1).
    req_cycle: u64,
}

/// An AXI4 subordinate on a device's AXI4 manager port, with the port's data width (8 to 32
/// bytes; reads at most 16), or on a write-only manager. It checks the manager's side of the
/// AMBA rules on every edge (VALID and payload stable until READY; INCR bursts of full beats,
/// at most 256, not crossing 4 KB; WLAST on the burst's last beat) and answers after the
/// memory's latency, interleaving the R beats of different IDs at random. With `log_writes`,
/// every write burst whose strobes select one run of whole 4-byte words is logged (`log`).
pub struct Axi4Memory {
    p: Axi4Ports,
    pub srv: MemServer,
    rng: Rng,
    /// Probability per cycle of each READY being high.
    pub ready_rate: f64,
    now: u64,
    reads: Vec<ReadBurst>,
    writes: VecDeque<WriteBurst>,
    bresps: VecDeque<(u64, u64, u64)>,
    ready: [bool; 3],
    r_on: Option<(usize, u128, u64, bool)>,
    b_on: bool,
    held: [Option<Vec<u128>>; 3],
    /// Accept WSTRB other than all ones (bytes with their strobe low are left alone); when
    /// false such a beat fails the test (for managers that only write full beats).
    pub partial_strobes: bool,
    /// Bursts seen: (reads, writes), and the longest.
    pub bursts: (u64, u64),
    pub max_beats: u64,
    /// With `log_writes`: every write burst whose strobes select one run of whole words, when
    /// its AW was taken and its last W beat arrived, the first byte selected, and the selected
    /// bytes as 32-bit words.
    pub log: Vec<HostWrite>,
    pub log_writes: bool,
}

impl Axi4Memory {
    pub fn new(p: Axi4Ports, srv: MemServer, seed: u64) -> Self {
        Self {
            p,
            srv,
            rng: Rng::new(seed),
            ready_rate: 0.7,
            now: 0,
            reads: vec![],
            writes: VecDeque::new(),
            bresps: VecDeque::new(),
            ready: [false; 3],
            r_on: None,
            b_on: false,
            held: [None, None, None],
            partial_strobes: false,
            bursts: (0, 0),
            max_beats: 0,
            log: vec![],
            log_writes: false,
        }
    }

    fn check_burst(
        &self,
        what: &str,
        addr: u64,
        len: u128,
        size: u128,
        burst: u128,
    ) -> Result<u64, String> {
        let beats = len as u64 + 1;
        let bb = self.p.beat as u64;
        if 1u64 << size != bb || burst != 1 {
            return Err(format!(
                "{what}: size {size} burst {burst} (want full {bb}-byte INCR beats)"
            ));
        }
        if addr % bb != 0 {
            return Err(format!("{what}: address {addr:#x} not aligned to the beat"));
        }
        if (addr & 0xFFF) + beats * bb > 4096 {
            return Err(format!(
                "{what}: {beats} beats at {addr:#x} cross a 4 KB boundary"
            ));
        }
        Ok(beats)
    }

    pub fn idle(&self) -> bool {
        self.reads.is_empty() && self.writes.is_empty() && self.bresps.is_empty()
    }
}

impl CycleModel for Axi4Memory {
    /// Handshakes at the coming edge; the manager's rules.
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        d.settle();
        let p = self.p;
        let g = |i: usize| d.get(i);
        // stability of the manager's VALIDs that were not taken at the previous edge
        p.check_held(d, &self.ready, &mut self.held)?;
        if p.reads && g(p.ar[5]) != 0 && self.ready[2] {
            let (id, addr) = (g(p.ar[0]) as u64, g(p.ar[1]) as u64);
            let beats = self.check_burst("AR", addr, g(p.ar[2]), g(p.ar[3]), g(p.ar[4]))?;
            p.check_attrs(d, 1)?;
            let at = self.now
                + self.srv.latency.0
                + self.rng.below(self.srv.latency.1 - self.srv.latency.0 + 1);
            self.reads.push(ReadBurst {
                id,
                addr,
                beats,
                done: 0,
                at,
            });
            self.bursts.0 += 1;
            self.max_beats = self.max_beats.max(beats);
        }
        if g(p.aw[5]) != 0 && self.ready[0] {
            let (id, addr) = (g(p.aw[0]) as u64, g(p.aw[1]) as u64);
            let beats = self.check_burst("AW", addr, g(p.aw[2]), g(p.aw[3]), g(p.aw[4]))?;
            p.check_attrs(d, 0)?;
            self.writes.push_back(WriteBurst {
                id,
                addr,
                beats,
                data: vec![],
                strb: vec![],
                req_cycle: self.now + 1,
            });
            self.bursts.1 += 1;
            self.max_beats = self.max_beats.max(beats);
        }
        if g(p.w[3]) != 0 && self.ready[1] {
            let w = self
                .writes
                .front_mut()
                .ok_or("W beat with no write burst")?;
            let bb = p.beat;
            let full = (1u64 << bb) - 1;
            let strb = g(p.w[1]) as u64;
            if strb != full && !self.partial_strobes {
                return Err(format!("WSTRB {strb:#x} on a full-width write"));
            }
            let bytes: Vec<u8> = d
                .get_wide(p.w[0])
                .iter()
                .flat_map(|c| c.to_le_bytes())
                .take(bb)
                .collect();
            w.data.extend_from_slice(&bytes);
            w.strb.push(strb);
            let n = w.data.len() as u64 / bb as u64;
            if (g(p.w[2]) != 0) != (n == w.beats) {
                return Err(format!("WLAST {} on beat {n} of {}", g(p.w[2]), w.beats));
            }
            if n == w.beats {
                let w = self.writes.pop_front().unwrap();
                let on = |i: usize| w.strb[i / bb] >> (i % bb) & 1 != 0;
                let ok = if w.strb.iter().all(|&s| s == full) {
                    self.srv.write(w.addr, &w.data)
                } else {
                    // the strobed bytes only; an error answer (nothing written) when any
                    // byte of the burst is outside memory
                    let mut cur = self.srv.read(w.addr, w.data.len());
                    if let Some(c) = cur.as_mut() {
                        for (i, b) in c.iter_mut().enumerate() {
                            if on(i) {
                                *b = w.data[i];
                            }
                        }
                    }
                    cur.is_some_and(|c| self.srv.write(w.addr, &c))
                };
                // the log: bursts whose strobes select one run of whole words
                let sel: Vec<usize> = if self.log_writes {
                    (0..w.data.len()).filter(|&i| on(i)).collect()
                } else {
                    vec![]
                };
                if let (Some(&first), Some(&end)) = (sel.first(), sel.last()) {
                    if sel.len() == end + 1 - first && first % 4 == 0 && sel.len() % 4 == 0 {
                        self.log.push(HostWrite {
                            req_cycle: w.req_cycle,
                            cycle: self.now + 1,
                            addr: w.addr + first as u64,
                            words: w.data[first..=end]
                                .chunks(4)
                                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                                .collect(),
                        });
                    }
                }
                self.bresps
                    .push_back((w.id, if ok { 0 } else { 2 }, self.now + 2));
            }
        }
        if let Some((i, _, _, _)) = self.r_on {
            if p.reads && g(p.r[5]) != 0 {
                self.r_on = None;
                let r = &mut self.reads[i];
                r.done += 1;
                if r.done == r.beats {
                    self.reads.remove(i);
                }
            }
        }
        if self.b_on && g(p.b[3]) != 0 {
            self.b_on = false;
            self.bresps.pop_front();
        }
        self.now += 1;
        Ok(())
    }

    /// The subordinate's outputs for the next cycle.
    fn after_edge(&mut self, d: &mut dyn Dut) {
        let p = self.p;
        for k in 0..3 {
            self.ready[k] = self.rng.chance(self.ready_rate);
        }
        // a write burst's data only after its AW
        if self.writes.is_empty() {
            self.ready[1] = false;
        }
        d.set(p.aw[6], self.ready[0] as u128);
        d.set(p.w[4], self.ready[1] as u128);
        if p.reads {
            d.set(p.ar[6], self.ready[2] as u128);
        }
        if p.reads && self.r_on.is_none() {
            // the oldest burst of each ID may go; pick one of them at random
            let mut heads: Vec<usize> = vec![];
            for (i, r) in self.reads.iter().enumerate() {
                if r.at <= self.now && !self.reads[..i].iter().any(|q| q.id == r.id) {
                    heads.push(i);
                }
            }
            if !heads.is_empty() {
                let i = heads[self.rng.below(heads.len() as u64) as usize];
                let (id, addr, n, beats) = {
                    let r = &self.reads[i];
                    (r.id, r.addr + r.done * p.beat as u64, r.done, r.beats)
                };
                let bb = p.beat;
                assert!(bb <= 16, "Axi4Memory reads beats of at most 16 bytes");
                let (data, resp) = match self.srv.read(addr, bb) {
                    Some(b) => {
                        let mut v = [0u8; 16];
                        v[..bb].copy_from_slice(&b);
                        (u128::from_le_bytes(v), 0)
                    }
                    None => (0, 2),
                };
                self.r_on = Some((i, data, resp, n + 1 == beats));
                d.set(p.r[0], id as u128);
            }
        }
        match self.r_on {
            _ if !p.reads => {}
            Some((_, data, resp, last)) => {
                d.set(p.r[1], data);
                d.set(p.r[2], resp as u128);
                d.set(p.r[3], last as u128);
                d.set(p.r[4], 1);
            }
            None => d.set(p.r[4], 0),
        }
        if !self.b_on {
            if let Some(&(id, resp, at)) = self.bresps.front() {
                if at <= self.now {
                    self.b_on = true;
                    d.set(p.b[0], id as u128);
                    d.set(p.b[1], resp as u128);
                }
            }
        }
        d.set(p.b[2], self.b_on as u128);
    }
}

/// The write port of a DMA master (`nicgen_hdl::common::dma::DmaWrMaster`) at a prefix.
#[derive(Clone, Copy, Debug)]
pub struct DmaWrPorts {
    /// wr_req_: addr, beats, valid, ready
    req: [usize; 4],
    /// wr_dat_: data, last, valid, ready
    dat: [usize; 4],
    /// wr_rsp_: err, valid, ready
    rsp: [usize; 3],
}

impl DmaWrPorts {
    pub fn bind(p: &[PortInfo], prefix: &str) -> Self {
        Self {
            req: bind(
                p,
                prefix,
                [
                    "wr_req_addr",
                    "wr_req_beats",
                    "wr_req_valid",
                    "wr_req_ready",
                ],
            ),
            dat: bind(
                p,
                prefix,
                ["wr_dat_data", "wr_dat_last", "wr_dat_valid", "wr_dat_ready"],
            ),
            rsp: bind(p, prefix, ["wr_rsp_err", "wr_rsp_valid", "wr_rsp_ready"]),
        }
    }
}

/// One write as host memory saw it: when its request was taken and its last beat arrived (the
/// port's clock edges, counted from 1), where, and its 32-bit words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostWrite {
    pub req_cycle: u64,
    pub cycle: u64,
    pub addr: u64,
    pub words: Vec<u32>,
}

/// Host memory on a device's DMA write port with 32-bit beats. It checks the device's side of
/// the rules on every edge (VALID and payload held until READY; an address aligned to the beat,
/// 1-4096 beats; data only for a request taken, `last` exactly on each request's final beat),
/// stalls READY at random (`ready_rate`), writes through `MemServer` (a write outside an
/// allocated buffer fails the test when `strict`, else is answered with `err`), answers each
/// request in order after the memory's latency, and logs every write (`log`).
pub struct DmaWrMemory {
    p: DmaWrPorts,
    pub srv: MemServer,
    rng: Rng,
    /// Probability per cycle of each READY being high.
    pub ready_rate: f64,
    now: u64,
    ready: [bool; 2],
    /// Requests taken, data not yet complete: (addr, beats, words so far, edge taken).
    reqs: VecDeque<(u64, u64, Vec<u32>, u64)>,
    /// Responses owed: (due cycle, err).
    rsps: VecDeque<(u64, bool)>,
    rsp_on: bool,
    /// Payloads offered and not yet taken (req, dat), to check they are held.
    held: [Option<(u128, u128)>; 2],
    pub log: Vec<HostWrite>,
}

impl DmaWrMemory {
    pub fn new(p: DmaWrPorts, srv: MemServer, seed: u64) -> Self {
        Self {
            p,
            srv,
            rng: Rng::new(seed),
            ready_rate: 1.0,
            now: 0,
            ready: [false; 2],
            reqs: VecDeque::new(),
            rsps: VecDeque::new(),
            rsp_on: false,
            held: [None, None],
            log: vec![],
        }
    }

    /// No write in progress and no response owed.
    pub fn idle(&self) -> bool {
        self.reqs.is_empty() && self.rsps.is_empty() && !self.rsp_on
    }

    /// Edges so far (the unit of `HostWrite::cycle`).
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The edge by which every byte of `[addr, addr + len)` had its last write so far (None
    /// when a byte of it was never written).
    pub fn written_by(&self, addr: u64, len: u64) -> Option<u64> {
        let mut last = vec![None; len as usize];
        for w in &self.log {
            let (lo, hi) = (w.addr, w.addr + 4 * w.words.len() as u64);
            for (i, l) in last.iter_mut().enumerate() {
                let a = addr + i as u64;
                if (lo..hi).contains(&a) {
                    *l = Some(w.cycle);
                }
            }
        }
        last.into_iter().try_fold(0, |m, l| l.map(|c| c.max(m)))
    }
}

/// A VALID/READY channel's rule at an edge (AXI A3.2.1): a payload offered and not taken at the
/// previous edge (`held`) must still be offered, unchanged; what is offered and not taken now is
/// remembered for the next edge.
fn check_held<P: PartialEq + Clone>(
    held: &mut Option<P>,
    what: &str,
    valid: bool,
    payload: P,
    taken: bool,
) -> Result<(), String> {
    if let Some(h) = held.take() {
        if !valid {
            return Err(format!("{what}: VALID dropped before READY"));
        }
        if h != payload {
            return Err(format!(
                "{what}: payload changed while VALID waited for READY"
            ));
        }
    }
    *held = (valid && !taken).then_some(payload);
    Ok(())
}

impl CycleModel for DmaWrMemory {
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        d.settle();
        let p = self.p;
        self.now += 1;
        // request
        let (addr, beats) = (d.get(p.req[0]) as u64, d.get(p.req[1]) as u64);
        let rv = d.get(p.req[2]) != 0;
        let take = rv && self.ready[0];
        check_held(
            &mut self.held[0],
            "wr_req",
            rv,
            (addr as u128, beats as u128),
            take,
        )?;
        if take {
            if addr % 4 != 0 || !(1..=4096).contains(&beats) {
                return Err(format!(
                    "wr_req: {beats} beats at {addr:#x} (want 1-4096 beats, 4-byte aligned)"
                ));
            }
            self.reqs.push_back((addr, beats, vec![], self.now));
        }
        // data
        let (data, last) = (d.get(p.dat[0]) as u32, d.get(p.dat[1]) != 0);
        let dv = d.get(p.dat[2]) != 0;
        let dtake = dv && self.ready[1];
        check_held(
            &mut self.held[1],
            "wr_dat",
            dv,
            (data as u128, last as u128),
            dtake,
        )?;
        if dtake {
            let Some(w) = self.reqs.front_mut() else {
                return Err("wr_dat: a beat for no request".into());
            };
            w.2.push(data);
            let end = w.2.len() as u64 == w.1;
            if last != end {
                return Err(format!(
                    "wr_dat: last {last} on beat {} of {}",
                    w.2.len(),
                    w.1
                ));
            }
            if end {
                let (addr, _, words, req_cycle) = self.reqs.pop_front().unwrap();
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                let ok = self.srv.write(addr, &bytes);
                self.log.push(HostWrite {
                    req_cycle,
                    cycle: self.now,
                    addr,
                    words,
                });
                let (lo, hi) = self.srv.latency;
                let due = self.now + lo + self.rng.below(hi - lo + 1);
                let due = due.max(self.rsps.back().map_or(0, |r| r.0));
                self.rsps.push_back((due, !ok));
            }
        }
        // response
        if self.rsp_on && d.get(p.rsp[2]) != 0 {
            self.rsps.pop_front();
            self.rsp_on = false;
        }
        Ok(())
    }

    fn after_edge(&mut self, d: &mut dyn Dut) {
        let p = self.p;
        for i in 0..2 {
            self.ready[i] = self.ready_rate >= 1.0 || self.rng.chance(self.ready_rate);
        }
        // data only for a request taken
        self.ready[1] &= !self.reqs.is_empty();
        d.set(p.req[3], self.ready[0] as u128);
        d.set(p.dat[3], self.ready[1] as u128);
        if !self.rsp_on {
            if let Some(&(due, err)) = self.rsps.front() {
                if due <= self.now {
                    self.rsp_on = true;
                    d.set(p.rsp[0], err as u128);
                }
            }
        }
        d.set(p.rsp[1], self.rsp_on as u128);
    }
}

/// The read channels of a DMA master (`nicgen_hdl::common::dma::DmaRdMaster`, or a whole
/// `DmaMaster`'s) at a prefix.
#[derive(Clone, Copy, Debug)]
pub struct DmaRdPorts {
    /// rd_req_: addr, beats, tag, valid, ready
    req: [usize; 5],
    /// rd_rsp_: data, tag, last, err, valid, ready
    rsp: [usize; 6],
    /// Bytes per beat (the data port's width / 8).
    beat: usize,
}

impl DmaRdPorts {
    pub fn bind(p: &[PortInfo], prefix: &str) -> Self {
        let rsp = bind(
            p,
            prefix,
            [
                "rd_rsp_data",
                "rd_rsp_tag",
                "rd_rsp_last",
                "rd_rsp_err",
                "rd_rsp_valid",
                "rd_rsp_ready",
            ],
        );
        let beat = p[rsp[0]].width / 8;
        assert!(
            (1..=16).contains(&beat) && beat.is_power_of_two(),
            "{prefix}rd_rsp_data: {} bits",
            p[rsp[0]].width
        );
        Self {
            req: bind(
                p,
                prefix,
                [
                    "rd_req_addr",
                    "rd_req_beats",
                    "rd_req_tag",
                    "rd_req_valid",
                    "rd_req_ready",
                ],
            ),
            rsp,
            beat,
        }
    }
}

/// One read as host memory saw it: when its request was taken, where, how many beats, its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRead {
    pub cycle: u64,
    pub addr: u64,
    pub beats: u64,
    pub tag: u64,
}

/// Host memory on a device's DMA read channels. It checks the device's side of the rules on
/// every edge (VALID and payload held until READY; an address aligned to the beat, 1-4096
/// beats; no tag reused while in use), stalls READY at random (`ready_rate`), reads through
/// `MemServer` (a read outside an allocated buffer fails the test when `strict`, else its beats
/// come with `err`), answers each request after the memory's latency with its beats in address
/// order, and picks among the answerable requests at random beat by beat, so tags interleave
/// and overtake each other. Every read is logged (`log`).
pub struct DmaRdMemory {
    p: DmaRdPorts,
    pub srv: MemServer,
    rng: Rng,
    /// Probability per cycle of READY on the request channel.
    pub ready_rate: f64,
    /// Probability per cycle of offering a response beat when one is due.
    pub rsp_rate: f64,
    now: u64,
    ready: bool,
    /// Requests taken: (due cycle, tag, beats left as bytes, err).
    reqs: Vec<(u64, u64, VecDeque<u128>, bool)>,
    /// The beat offered: index into `reqs`.
    on: Option<usize>,
    held: Option<(u128, u128, u128)>,
    pub log: Vec<HostRead>,
}

impl DmaRdMemory {
    pub fn new(p: DmaRdPorts, srv: MemServer, seed: u64) -> Self {
        Self {
            p,
            srv,
            rng: Rng::new(seed),
            ready_rate: 1.0,
            rsp_rate: 1.0,
            now: 0,
            ready: false,
            reqs: vec![],
            on: None,
            held: None,
            log: vec![],
        }
    }

    /// No read outstanding.
    pub fn idle(&self) -> bool {
        self.reqs.is_empty()
    }
}

impl CycleModel for DmaRdMemory {
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        d.settle();
        let p = self.p;
        self.now += 1;
        let (addr, beats, tag) = (
            d.get(p.req[0]) as u64,
            d.get(p.req[1]) as u64,
            d.get(p.req[2]) as u64,
        );
        let v = d.get(p.req[3]) != 0;
        let take = v && self.ready;
        let payload = (addr as u128, beats as u128, tag as u128);
        check_held(&mut self.held, "rd_req", v, payload, take)?;
        if take {
            let b = p.beat as u64;
            if addr % b != 0 || !(1..=4096).contains(&beats) {
                return Err(format!(
                    "rd_req: {beats} beats at {addr:#x} (want 1-4096 beats, {b}-byte aligned)"
                ));
            }
            if self.reqs.iter().any(|r| r.1 == tag) {
                return Err(format!("rd_req: tag {tag} reused while in use"));
            }
            let len = (beats * b) as usize;
            let (data, err) = match self.srv.read(addr, len) {
                Some(bytes) => (bytes, false),
                None => (vec![0; len], true),
            };
            let words = data
                .chunks(p.beat)
                .map(|c| {
                    c.iter()
                        .enumerate()
                        .fold(0u128, |a, (i, &x)| a | (x as u128) << (8 * i))
                })
                .collect();
            let (lo, hi) = self.srv.latency;
            let due = self.now + lo + self.rng.below(hi - lo + 1);
            self.reqs.push((due, tag, words, err));
            self.log.push(HostRead {
                cycle: self.now,
                addr,
                beats,
                tag,
            });
        }
        if let Some(i) = self.on {
            if d.get(p.rsp[5]) != 0 {
                self.reqs[i].2.pop_front();
                if self.reqs[i].2.is_empty() {
                    self.reqs.remove(i);
                }
                self.on = None;
            }
        }
        Ok(())
    }

    fn after_edge(&mut self, d: &mut dyn Dut) {
        let p = self.p;
        self.ready = self.ready_rate >= 1.0 || self.rng.chance(self.ready_rate);
        d.set(p.req[4], self.ready as u128);
        if self.on.is_none() && (self.rsp_rate >= 1.0 || self.rng.chance(self.rsp_rate)) {
            let due: Vec<usize> = (0..self.reqs.len())
                .filter(|&i| self.reqs[i].0 <= self.now)
                .collect();
            if !due.is_empty() {
                self.on = Some(due[self.rng.below(due.len() as u64) as usize]);
            }
        }
        match self.on {
            Some(i) => {
                let r = &self.reqs[i];
                d.set(p.rsp[0], r.2[0]);
                d.set(p.rsp[1], r.1 as u128);
                d.set(p.rsp[2], (r.2.len() == 1) as u128);
                d.set(p.rsp[3], r.3 as u128);
                d.set(p.rsp[4], 1);
            }
            None => d.set(p.rsp[4], 0),
        }
    }
}

/// A device's host-memory write port, whichever interface it has: a 32-bit DMA write port
/// (`DmaWrMemory`) or an AXI4 manager (`Axi4Memory`), with one log of writes.
pub enum WritePort {
    Dma(DmaWrMemory),
    Axi(Axi4Memory),
}

impl WritePort {
    /// Host memory on the write port at `prefix`: an AXI4 manager if it has `awvalid`, else a
    /// DMA write port.
    pub fn bind(p: &[PortInfo], prefix: &str, srv: MemServer, seed: u64) -> Self {
        if p.iter().any(|x| x.name == format!("{prefix}awvalid")) {
            let mut m = Axi4Memory::new(Axi4Ports::bind(p, prefix), srv, seed);
            m.ready_rate = 1.0;
            m.partial_strobes = true;
            m.log_writes = true;
            Self::Axi(m)
        } else {
            Self::Dma(DmaWrMemory::new(DmaWrPorts::bind(p, prefix), srv, seed))
        }
    }
    pub fn log(&self) -> &[HostWrite] {
        match self {
            Self::Dma(m) => &m.log,
            Self::Axi(m) => &m.log,
        }
    }
    pub fn srv_ref(&self) -> &MemServer {
        match self {
            Self::Dma(m) => &m.srv,
            Self::Axi(m) => &m.srv,
        }
    }
    pub fn srv(&mut self) -> &mut MemServer {
        match self {
            Self::Dma(m) => &mut m.srv,
            Self::Axi(m) => &mut m.srv,
        }
    }
    /// Probability per cycle of each READY being high.
    pub fn set_ready_rate(&mut self, r: f64) {
        match self {
            Self::Dma(m) => m.ready_rate = r,
            Self::Axi(m) => m.ready_rate = r,
        }
    }
}

impl CycleModel for WritePort {
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        match self {
            Self::Dma(m) => m.before_edge(d),
            Self::Axi(m) => m.before_edge(d),
        }
    }
    fn after_edge(&mut self, d: &mut dyn Dut) {
        match self {
            Self::Dma(m) => m.after_edge(d),
            Self::Axi(m) => m.after_edge(d),
        }
    }
}

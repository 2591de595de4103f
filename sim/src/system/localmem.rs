//! A PE's local memory on the local-memory interface (`nicgen_hdl::common::mem`): byte array,
//! `req_ready` stalled at random, one response per request in order after a random latency.
//! An access outside the array or a misaligned address fails the test (the devices must never
//! issue one); every write is logged (word address, strobes) so tests can check that nothing
//! outside a permitted region was written.
//!
//! Use per cycle: `edge` with the request signals as sampled before the clock edge, then
//! `drive` for the inputs of the next cycle.

use crate::harness::ports::bind;
use crate::harness::rng::Rng;
use nicgen_hdl::top::PortInfo;
use std::collections::VecDeque;

/// The local-memory interface's port indices at a prefix, in the order req_addr, req_we,
/// req_wdata, req_strb, req_valid, req_ready, rsp_data, rsp_valid.
pub fn mem_ports(ports: &[PortInfo], prefix: &str) -> [usize; 8] {
    bind(
        ports,
        prefix,
        [
            "req_addr",
            "req_we",
            "req_wdata",
            "req_strb",
            "req_valid",
            "req_ready",
            "rsp_data",
            "rsp_valid",
        ],
    )
}

pub struct LocalMem {
    pub bytes: Vec<u8>,
    /// Probability per cycle of `req_ready`.
    pub ready_rate: f64,
    /// Cycles from a request's acceptance to its response: uniform in this range (>= 1).
    pub latency: (u64, u64),
    rng: Rng,
    ready: bool,
    now: u64,
    /// Responses owed: (due cycle, data, a write's).
    rsps: VecDeque<(u64, u64, bool)>,
    /// Every write accepted: (byte address of the word, strobes).
    pub writes: Vec<(u64, u8)>,
    pub reads: u64,
}

impl LocalMem {
    pub fn new(size: usize, seed: u64) -> Self {
        Self {
            bytes: vec![0; size],
            ready_rate: 1.0,
            latency: (1, 1),
            rng: Rng::new(seed),
            ready: false,
            now: 0,
            rsps: VecDeque::new(),
            writes: vec![],
            reads: 0,
        }
    }

    /// No response owed.
    pub fn idle(&self) -> bool {
        self.rsps.is_empty()
    }

    /// Writes taken whose response has not been given yet (not done, by the interface's rules).
    pub fn writes_owed(&self) -> usize {
        self.rsps.iter().filter(|r| r.2).count()
    }

    /// The clock edge: a request offered (`valid`) is taken if `req_ready` was high.
    pub fn edge(&mut self, valid: bool, addr: u64, we: bool, wdata: u64, strb: u8) {
        self.now += 1;
        if !(valid && self.ready) {
            return;
        }
        assert_eq!(
            addr % 8,
            0,
            "local memory: misaligned word address {addr:#x}"
        );
        assert!(
            addr + 8 <= self.bytes.len() as u64,
            "local memory: access at {addr:#x} outside {} bytes",
            self.bytes.len()
        );
        let a = addr as usize;
        let data = if we {
            for i in 0..8 {
                if strb & (1 << i) != 0 {
                    self.bytes[a + i] = (wdata >> (8 * i)) as u8;
                }
            }
            self.writes.push((addr, strb));
            0
        } else {
            self.reads += 1;
            u64::from_le_bytes(self.bytes[a..a + 8].try_into().unwrap())
        };
        let lat = self.latency.0 + self.rng.below(self.latency.1 - self.latency.0 + 1);
        let due = (self.now + lat - 1).max(self.rsps.back().map_or(0, |r| r.0));
        self.rsps.push_back((due, data, we));
    }

    /// Inputs of the next cycle: (req_ready, rsp_valid, rsp_data).
    pub fn drive(&mut self) -> (bool, bool, u64) {
        self.ready = self.rng.chance(self.ready_rate);
        match self.rsps.front() {
            Some(&(due, d, _)) if due <= self.now => {
                self.rsps.pop_front();
                (self.ready, true, d)
            }
            _ => (self.ready, false, 0),
        }
    }
}

/// A `LocalMem` behind an AXI4 subordinate port (a device's `MemToAxi4`, `dtu_axi4`): single-beat
/// transactions of 8 bytes only (AxLEN 0, AxSIZE 3, INCR; WLAST set), which is what that adapter
/// issues; anything else, or a VALID or payload that changes before its READY, fails the test.
/// AW, W and AR READYs are random (`ready_rate`); the requests enter the memory one per cycle in
/// handshake order per channel, a pending read and a pending write in a random order (AXI
/// orders the two channels in no way, so a manager that relied on it would be caught); R and
/// B come back in request order per channel, each held until its READY. The memory's latency
/// is the `LocalMem`'s (its own `req_ready` is left high).
pub struct AxiFront {
    p: crate::system::hostmem::Axi4Ports,
    rng: Rng,
    pub ready_rate: f64,
    ready: [bool; 3],
    held: [Option<Vec<u128>>; 3],
    aw: VecDeque<u64>,
    wq: VecDeque<(u64, u8)>,
    ar: VecDeque<u64>,
    /// Per request in the memory: a write.
    kinds: VecDeque<bool>,
    r_out: VecDeque<u64>,
    b_out: usize,
    /// Transactions seen: (reads, writes).
    pub seen: (u64, u64),
}

impl AxiFront {
    pub fn new(p: crate::system::hostmem::Axi4Ports, seed: u64) -> Self {
        Self {
            p,
            rng: Rng::new(seed),
            ready_rate: 1.0,
            ready: [false; 3],
            held: [None, None, None],
            aw: VecDeque::new(),
            wq: VecDeque::new(),
            ar: VecDeque::new(),
            kinds: VecDeque::new(),
            r_out: VecDeque::new(),
            b_out: 0,
            seen: (0, 0),
        }
    }

    /// Nothing accepted and not yet answered.
    pub fn idle(&self) -> bool {
        self.aw.is_empty()
            && self.wq.is_empty()
            && self.ar.is_empty()
            && self.kinds.is_empty()
            && self.r_out.is_empty()
            && self.b_out == 0
    }

    /// The clock edge, with the manager's outputs as sampled before it: handshakes, the rules,
    /// at most one request into `mem` (whose `edge` is called exactly once).
    pub fn edge(&mut self, d: &dyn crate::harness::backend::Dut, mem: &mut LocalMem) {
        let p = self.p;
        let g = |i: usize| d.get(i);
        p.check_held(d, &self.ready, &mut self.held)
            .unwrap_or_else(|e| panic!("AXI {e}"));
        let single = |what: &str, len: u128, size: u128, burst: u128| {
            assert!(
                len == 0 && size == 3 && burst == 1,
                "AXI {what}: len {len} size {size} burst {burst} (this memory takes single 8-byte INCR beats)"
            );
        };
        if g(p.aw[5]) != 0 && self.ready[0] {
            single("AW", g(p.aw[2]), g(p.aw[3]), g(p.aw[4]));
            self.aw.push_back(g(p.aw[1]) as u64);
        }
        if g(p.w[3]) != 0 && self.ready[1] {
            assert!(g(p.w[2]) != 0, "AXI W: WLAST low on a single-beat write");
            self.wq.push_back((g(p.w[0]) as u64, g(p.w[1]) as u8));
        }
        if g(p.ar[5]) != 0 && self.ready[2] {
            single("AR", g(p.ar[2]), g(p.ar[3]), g(p.ar[4]));
            self.ar.push_back(g(p.ar[1]) as u64);
        }
        if !self.r_out.is_empty() && g(p.r[5]) != 0 {
            self.r_out.pop_front();
        }
        if self.b_out > 0 && g(p.b[3]) != 0 {
            self.b_out -= 1;
        }
        let write_ready = !self.aw.is_empty() && !self.wq.is_empty();
        let read_ready = !self.ar.is_empty();
        let write = write_ready && (!read_ready || self.rng.chance(0.5));
        if write {
            let addr = self.aw.pop_front().unwrap();
            let (data, strb) = self.wq.pop_front().unwrap();
            mem.edge(true, addr, true, data, strb);
            self.kinds.push_back(true);
            self.seen.1 += 1;
        } else if read_ready {
            let addr = self.ar.pop_front().unwrap();
            mem.edge(true, addr, false, 0, 0);
            self.kinds.push_back(false);
            self.seen.0 += 1;
        } else {
            mem.edge(false, 0, false, 0, 0);
        }
    }

    /// The subordinate's outputs for the next cycle.
    pub fn drive(&mut self, d: &mut dyn crate::harness::backend::Dut, mem: &mut LocalMem) {
        let p = self.p;
        mem.ready_rate = 1.0;
        let (_, rv, rd) = mem.drive();
        if rv {
            if self.kinds.pop_front().expect("a response with no request") {
                self.b_out += 1;
            } else {
                self.r_out.push_back(rd);
            }
        }
        for k in 0..3 {
            self.ready[k] = self.rng.chance(self.ready_rate);
        }
        d.set(p.aw[6], self.ready[0] as u128);
        d.set(p.w[4], self.ready[1] as u128);
        d.set(p.ar[6], self.ready[2] as u128);
        d.set(p.r[0], 0);
        d.set(p.r[1], *self.r_out.front().unwrap_or(&0) as u128);
        d.set(p.r[2], 0);
        d.set(p.r[3], 1);
        d.set(p.r[4], !self.r_out.is_empty() as u128);
        d.set(p.b[0], 0);
        d.set(p.b[1], 0);
        d.set(p.b[2], (self.b_out > 0) as u128);
    }
}

//! AXI4-Lite manager model: drives the AXI4-Lite slave port of any top (bound by name prefix,
//! e.g. `s_axil_`) on either backend, with random delays before each VALID and random stalls
//! of each READY it owns, and checks the subordinate's side of the AMBA rules on every edge:
//! BVALID / RVALID, once high, stay high with BRESP / RDATA / RRESP unchanged until the
//! handshake; a response comes only for a request accepted; every response code is reported.
//! Requests may overlap (a write and a read pending at once); AW and W are offered in a random
//! order.

use crate::harness::backend::Dut;
use crate::harness::cycle::{CycleModel, OneClock};
use crate::harness::ports::bind;
use crate::harness::rng::Rng;
use nicgen_hdl::top::PortInfo;
use std::collections::VecDeque;

/// The AXI4-Lite port indices at a prefix.
#[derive(Clone, Copy, Debug)]
pub struct AxiLitePorts {
    aw: [usize; 4],
    w: [usize; 4],
    b: [usize; 3],
    ar: [usize; 4],
    r: [usize; 4],
}

impl AxiLitePorts {
    pub fn bind(ports: &[PortInfo], prefix: &str) -> Self {
        Self {
            aw: bind(ports, prefix, ["awaddr", "awprot", "awvalid", "awready"]),
            w: bind(ports, prefix, ["wdata", "wstrb", "wvalid", "wready"]),
            b: bind(ports, prefix, ["bresp", "bvalid", "bready"]),
            ar: bind(ports, prefix, ["araddr", "arprot", "arvalid", "arready"]),
            r: bind(ports, prefix, ["rdata", "rresp", "rvalid", "rready"]),
        }
    }
}

/// A completed transaction: `(is_write, address, data written or read, response)`.
pub type Done = (bool, u64, u64, u8);

#[derive(Clone, Copy, Debug)]
struct Req {
    addr: u64,
    data: u64,
    strb: u64,
}

/// The manager. Queue requests with `write` / `read`; call `before_edge` just before and
/// `after_edge` just after each rising edge of the port's clock.
pub struct AxiLiteManager {
    p: AxiLitePorts,
    rng: Rng,
    /// Probability per cycle that a pending VALID is raised / a READY is high.
    pub valid_rate: f64,
    pub ready_rate: f64,
    writes: VecDeque<Req>,
    reads: VecDeque<Req>,
    aw_on: bool,
    w_on: bool,
    ar_on: bool,
    aw_done: bool,
    w_done: bool,
    bready: bool,
    rready: bool,
    /// Writes / reads accepted and not yet answered, in order.
    wait_b: VecDeque<Req>,
    wait_r: VecDeque<Req>,
    /// The response seen at the previous edge while not taken: it must not change.
    held_b: Option<u64>,
    held_r: Option<(u64, u64)>,
    pub done: Vec<Done>,
}

impl AxiLiteManager {
    pub fn new(p: AxiLitePorts, seed: u64) -> Self {
        Self {
            p,
            rng: Rng::new(seed),
            valid_rate: 0.5,
            ready_rate: 0.5,
            writes: VecDeque::new(),
            reads: VecDeque::new(),
            aw_on: false,
            w_on: false,
            ar_on: false,
            aw_done: false,
            w_done: false,
            bready: false,
            rready: false,
            wait_b: VecDeque::new(),
            wait_r: VecDeque::new(),
            held_b: None,
            held_r: None,
            done: vec![],
        }
    }

    pub fn write(&mut self, addr: u64, data: u64, strb: u64) {
        self.writes.push_back(Req { addr, data, strb });
    }

    pub fn read(&mut self, addr: u64) {
        self.reads.push_back(Req {
            addr,
            data: 0,
            strb: 0,
        });
    }

    pub fn idle(&self) -> bool {
        self.writes.is_empty()
            && self.reads.is_empty()
            && self.wait_b.is_empty()
            && self.wait_r.is_empty()
    }

    /// Runs the design on `c` until every queued request is answered (a test failure after
    /// `limit` cycles); the answers in completion order.
    pub fn finish(&mut self, c: &mut OneClock, limit: u64) -> Vec<Done> {
        let start = c.cycles;
        while !self.idle() {
            assert!(
                c.cycles - start < limit,
                "AXI4-Lite requests not answered in {limit} cycles"
            );
            c.cycle(&mut [self]);
        }
        std::mem::take(&mut self.done)
    }
}

impl CycleModel for AxiLiteManager {
    /// Handshakes at the coming edge, and the subordinate's rules.
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        d.settle();
        let p = self.p;
        let (bresp, bvalid) = (d.get(p.b[0]), d.get(p.b[1]) != 0);
        let (rdata, rresp, rvalid) = (d.get(p.r[0]), d.get(p.r[1]), d.get(p.r[2]) != 0);
        if let Some(h) = self.held_b.take() {
            if !bvalid || bresp as u64 != h {
                return Err(format!("BVALID/BRESP changed before BREADY (was resp {h}, now valid {bvalid} resp {bresp})"));
            }
        }
        if let Some(h) = self.held_r.take() {
            if !rvalid || (rdata as u64, rresp as u64) != h {
                return Err(format!(
                    "RVALID/RDATA/RRESP changed before RREADY (was {h:x?})"
                ));
            }
        }
        if self.aw_on && d.get(p.aw[3]) != 0 {
            self.aw_on = false;
            self.aw_done = true;
        }
        if self.w_on && d.get(p.w[3]) != 0 {
            self.w_on = false;
            self.w_done = true;
        }
        if self.aw_done && self.w_done {
            self.aw_done = false;
            self.w_done = false;
            self.wait_b.push_back(self.writes.pop_front().unwrap());
        }
        if self.ar_on && d.get(p.ar[3]) != 0 {
            self.ar_on = false;
            self.wait_r.push_back(self.reads.pop_front().unwrap());
        }
        if bvalid {
            if self.wait_b.is_empty() {
                return Err("BVALID with no write accepted".into());
            }
            if self.bready {
                let q = self.wait_b.pop_front().unwrap();
                self.done.push((true, q.addr, q.data, bresp as u8));
            } else {
                self.held_b = Some(bresp as u64);
            }
        }
        if rvalid {
            if self.wait_r.is_empty() {
                return Err("RVALID with no read accepted".into());
            }
            if self.rready {
                let q = self.wait_r.pop_front().unwrap();
                self.done.push((false, q.addr, rdata as u64, rresp as u8));
            } else {
                self.held_r = Some((rdata as u64, rresp as u64));
            }
        }
        Ok(())
    }

    /// The manager's outputs for the next cycle. A VALID raised stays until its handshake.
    fn after_edge(&mut self, d: &mut dyn Dut) {
        let p = self.p;
        if let Some(q) = self.writes.front().copied() {
            if !self.aw_on && !self.aw_done && self.rng.chance(self.valid_rate) {
                self.aw_on = true;
                d.set(p.aw[0], q.addr as u128);
                d.set(p.aw[1], self.rng.bits(3));
            }
            if !self.w_on && !self.w_done && self.rng.chance(self.valid_rate) {
                self.w_on = true;
                d.set(p.w[0], q.data as u128);
                d.set(p.w[1], q.strb as u128);
            }
        }
        if let Some(q) = self.reads.front().copied() {
            if !self.ar_on && self.rng.chance(self.valid_rate) {
                self.ar_on = true;
                d.set(p.ar[0], q.addr as u128);
                d.set(p.ar[1], self.rng.bits(3));
            }
        }
        self.bready = self.rng.chance(self.ready_rate);
        self.rready = self.rng.chance(self.ready_rate);
        d.set(p.aw[2], self.aw_on as u128);
        d.set(p.w[2], self.w_on as u128);
        d.set(p.ar[2], self.ar_on as u128);
        d.set(p.b[2], self.bready as u128);
        d.set(p.r[3], self.rready as u128);
    }
}

/// A top's AXI4-Lite subordinate (`s_axil_`) in Verilator behind the manager model (VALIDs and
/// READYs high 60% of the time), its reset high for one cycle, then `settle` idle cycles; each
/// access run to its response.
pub struct AxiLiteBench {
    pub c: OneClock,
    pub m: AxiLiteManager,
    pub ports: Vec<PortInfo>,
}

impl AxiLiteBench {
    pub fn verilated(top: &str, seed: u64, settle: usize) -> Self {
        use crate::harness::backend::{instances, Backend};
        use crate::harness::ports::index;
        let inst = instances(top, Backend::Verilator, 1);
        let ports = inst.ports;
        let d = inst.duts.into_iter().next().unwrap();
        let (clock, reset) = (index(&ports, "clock"), index(&ports, "reset"));
        let mut m = AxiLiteManager::new(AxiLitePorts::bind(&ports, "s_axil_"), seed);
        m.valid_rate = 0.6;
        m.ready_rate = 0.6;
        let mut c = OneClock::new(d, clock, 10_000);
        c.d.set(reset, 1);
        c.cycle(&mut [&mut m]);
        c.d.set(reset, 0);
        for _ in 0..settle {
            c.cycle(&mut [&mut m]);
        }
        Self { c, m, ports }
    }

    /// Runs until every queued request is answered; the answers in completion order.
    pub fn run(&mut self) -> Vec<Done> {
        self.m.finish(&mut self.c, 5000)
    }

    /// A write, run to its response: BRESP.
    pub fn write(&mut self, addr: u64, data: u64, strb: u64) -> u8 {
        self.m.write(addr, data, strb);
        self.run()[0].3
    }

    /// A read, run to its response: (RDATA, RRESP).
    pub fn read(&mut self, addr: u64) -> (u64, u8) {
        self.m.read(addr);
        let d = self.run();
        (d[0].2, d[0].3)
    }
}

//! The compute unit's side of a DTU's MMIO port (`nicgen_hdl::dtu::dtu_core::DtuBusSlave`) as
//! a bus-functional model: one access at a time, a one-cycle strobe, then the answer's `ready`
//! (at most `TIMEOUT` cycles later, or the test fails: the DTU must never hang its CU).

use crate::harness::backend::{instances, Backend};
use crate::harness::cycle::OneClock;
use crate::harness::ports::{index, RegBusPorts};
use nicgen_wire::dtu::{self as w, command, Op};

/// Cycles an access may wait for its answer.
pub const TIMEOUT: u64 = 10_000;

pub struct Cu {
    pub c: OneClock,
    p: RegBusPorts,
    reset: usize,
}

impl Cu {
    /// A `dtu` (PE 0) on `backend` with nothing on its memory and NoC ports, out of reset and
    /// with its tables cleared: for the commands that stay in the DTU.
    pub fn alone(backend: Backend) -> Self {
        let inst = instances("dtu", backend, 1);
        let d = inst.duts.into_iter().next().unwrap();
        let mut cu = Self {
            c: OneClock::new(d, index(&inst.ports, "clock"), 10_000),
            p: RegBusPorts::bind(&inst.ports, "bus$"),
            reset: index(&inst.ports, "reset"),
        };
        cu.reset();
        cu
    }

    /// Reset, then the cycles the DTU takes to clear its tables.
    pub fn reset(&mut self) {
        self.c.d.set(self.reset, 1);
        self.c.cycle(&mut []);
        self.c.d.set(self.reset, 0);
        for _ in 0..40 {
            self.c.cycle(&mut []);
        }
    }

    /// One access: (rdata, err).
    pub fn access(&mut self, write: bool, addr: u64, v: u64) -> (u64, bool) {
        let p = self.p;
        self.c.d.set(p.addr, addr as u128);
        self.c.d.set(p.wdata, v as u128);
        self.c.d.set(if write { p.write } else { p.read }, 1);
        self.c.cycle(&mut []);
        self.c.d.set(p.write, 0);
        self.c.d.set(p.read, 0);
        for _ in 0..TIMEOUT {
            if self.c.d.get(p.ready) != 0 {
                let r = (self.c.d.get(p.rdata) as u64, self.c.d.get(p.err) != 0);
                self.c.cycle(&mut []);
                return r;
            }
            self.c.cycle(&mut []);
        }
        panic!(
            "DTU MMIO {} at {addr:#x}: no answer in {TIMEOUT} cycles",
            if write { "write" } else { "read" }
        );
    }

    pub fn write(&mut self, addr: u64, v: u64) {
        let (_, err) = self.access(true, addr, v);
        assert!(!err, "MMIO write of {v:#x} at {addr:#x} answered err");
    }

    pub fn read(&mut self, addr: u64) -> u64 {
        let (v, err) = self.access(false, addr, 0);
        assert!(!err, "MMIO read at {addr:#x} answered err");
        v
    }

    /// Writes COMMAND and polls it until op = 0 (the DTU's completion, DTU-A06): COMMAND's
    /// final value and the cycles from the write's strobe to the read that saw it.
    pub fn command(&mut self, op: Op, ep: u64, arg0: u64) -> (u64, u64) {
        self.command_word(w::command_word(op, ep, arg0))
    }

    pub fn command_word(&mut self, cmd: u64) -> (u64, u64) {
        let start = self.c.cycles;
        self.write(w::COMMAND, cmd);
        loop {
            let v = self.read(w::COMMAND);
            if command::OP.get(v) == 0 {
                return (v, self.c.cycles - start);
            }
            assert!(
                self.c.cycles - start < TIMEOUT,
                "command {cmd:#x} did not complete in {TIMEOUT} cycles"
            );
        }
    }

    pub fn set_ep(&mut self, ep: usize, words: [u64; 3]) {
        for (j, x) in words.into_iter().enumerate() {
            self.write(w::ep_addr(ep, j), x);
        }
    }

    pub fn ep(&mut self, ep: usize) -> [u64; 3] {
        [0, 1, 2].map(|j| self.read(w::ep_addr(ep, j)))
    }
}

//! A PE's local memory on the local-memory interface (`nicgen_hdl::common::mem`): byte array,
//! `req_ready` stalled at random, one response per request in order after a random latency.
//! An access outside the array or a misaligned address fails the test (the devices must never
//! issue one); every write is logged (word address, strobes) so tests can check that nothing
//! outside a permitted region was written.
//!
//! Use per cycle: `edge` with the request signals as sampled before the clock edge, then
//! `drive` for the inputs of the next cycle.

use crate::harness::rng::Rng;
use std::collections::VecDeque;

pub struct LocalMem {
    pub bytes: Vec<u8>,
    /// Probability per cycle of `req_ready`.
    pub ready_rate: f64,
    /// Cycles from a request's acceptance to its response: uniform in this range (>= 1).
    pub latency: (u64, u64),
    rng: Rng,
    ready: bool,
    now: u64,
    /// Responses owed: (due cycle, data).
    rsps: VecDeque<(u64, u64)>,
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
        self.rsps.push_back((due, data));
    }

    /// Inputs of the next cycle: (req_ready, rsp_valid, rsp_data).
    pub fn drive(&mut self) -> (bool, bool, u64) {
        self.ready = self.rng.chance(self.ready_rate);
        match self.rsps.front() {
            Some(&(due, d)) if due <= self.now => {
                self.rsps.pop_front();
                (self.ready, true, d)
            }
            _ => (self.ready, false, 0),
        }
    }
}

//! A DMA-interface manager model (`nicgen_hdl::common::dma`, 64-bit beats): issues read and
//! write requests on a device's DMA slave port with random VALID delays and READY stalls and
//! checks every response against what it expects: read data beat by beat per tag, `last` on
//! the final beat only, `err` exactly where expected, write responses in request order, no
//! response for a tag not in use.

use crate::harness::backend::Dut;
use crate::harness::cycle::CycleModel;
use crate::harness::ports::bind;
use crate::harness::rng::Rng;
use nicgen_hdl::top::PortInfo;
use std::collections::{BTreeMap, VecDeque};

#[derive(Clone, Copy, Debug)]
pub struct DmaPorts {
    rd_req: [usize; 5],
    rd_rsp: [usize; 6],
    wr_req: [usize; 4],
    wr_dat: [usize; 4],
    wr_rsp: [usize; 3],
}

impl DmaPorts {
    pub fn bind(p: &[PortInfo], prefix: &str) -> Self {
        Self {
            rd_req: bind(
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
            rd_rsp: bind(
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
            ),
            wr_req: bind(
                p,
                prefix,
                [
                    "wr_req_addr",
                    "wr_req_beats",
                    "wr_req_valid",
                    "wr_req_ready",
                ],
            ),
            wr_dat: bind(
                p,
                prefix,
                ["wr_dat_data", "wr_dat_last", "wr_dat_valid", "wr_dat_ready"],
            ),
            wr_rsp: bind(p, prefix, ["wr_rsp_err", "wr_rsp_valid", "wr_rsp_ready"]),
        }
    }
}

/// What a read should return: the data of every beat, or an error on every beat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    Data(Vec<u64>),
    Err(u64),
}

impl Expect {
    fn beats(&self) -> u64 {
        match self {
            Expect::Data(v) => v.len() as u64,
            Expect::Err(n) => *n,
        }
    }
}

pub struct DmaManager {
    p: DmaPorts,
    rng: Rng,
    pub valid_rate: f64,
    pub ready_rate: f64,
    tags: u64,
    reads: VecDeque<(u64, Expect)>,
    in_use: BTreeMap<u64, (Expect, u64)>,
    rd_on: Option<u64>,
    /// (address, data, error expected, the beat that carries `last`)
    writes: VecDeque<(u64, Vec<u64>, bool, usize)>,
    wr_on: bool,
    /// Writes whose request was accepted: their data still to send (front first), the beat
    /// that carries `last`.
    wr_data: VecDeque<(Vec<u64>, usize, usize)>,
    dat_on: bool,
    wr_wait: VecDeque<bool>,
    rsp_ready: bool,
    wrsp_ready: bool,
    pub reads_done: u64,
    pub writes_done: u64,
    /// The most tags in use at once.
    pub max_in_use: usize,
}

impl DmaManager {
    pub fn new(p: DmaPorts, tags: u64, seed: u64) -> Self {
        Self {
            p,
            rng: Rng::new(seed),
            valid_rate: 0.6,
            ready_rate: 0.6,
            tags,
            reads: VecDeque::new(),
            in_use: BTreeMap::new(),
            rd_on: None,
            writes: VecDeque::new(),
            wr_on: false,
            wr_data: VecDeque::new(),
            dat_on: false,
            wr_wait: VecDeque::new(),
            rsp_ready: false,
            wrsp_ready: false,
            reads_done: 0,
            writes_done: 0,
            max_in_use: 0,
        }
    }

    pub fn read(&mut self, addr: u64, expect: Expect) {
        self.reads.push_back((addr, expect));
    }

    pub fn write(&mut self, addr: u64, data: Vec<u64>, expect_err: bool) {
        let last = data.len() - 1;
        self.writes.push_back((addr, data, expect_err, last));
    }

    /// A write whose data stream breaks the rule: `last` on beat `last_at` instead of the
    /// final one (`last_at >= data.len()`: on none). The response must carry `err`.
    pub fn write_bad_last(&mut self, addr: u64, data: Vec<u64>, last_at: usize) {
        self.writes.push_back((addr, data, true, last_at));
    }

    pub fn idle(&self) -> bool {
        self.reads.is_empty()
            && self.in_use.is_empty()
            && self.writes.is_empty()
            && self.wr_data.is_empty()
            && self.wr_wait.is_empty()
    }
}

impl CycleModel for DmaManager {
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        d.settle();
        let p = self.p;
        let g = |i: usize| d.get(i);
        if let Some(tag) = self.rd_on {
            if g(p.rd_req[4]) != 0 {
                self.rd_on = None;
                let (_, e) = self.reads.pop_front().unwrap();
                self.in_use.insert(tag, (e, 0));
                self.max_in_use = self.max_in_use.max(self.in_use.len());
            }
        }
        if g(p.rd_rsp[4]) != 0 && self.rsp_ready {
            let (data, tag, last, err) = (
                g(p.rd_rsp[0]) as u64,
                g(p.rd_rsp[1]) as u64,
                g(p.rd_rsp[2]) != 0,
                g(p.rd_rsp[3]) != 0,
            );
            let (e, n) = self
                .in_use
                .get_mut(&tag)
                .ok_or(format!("read response for tag {tag}, not in use"))?;
            let beats = e.beats();
            match e {
                Expect::Data(v) if err || data != v[*n as usize] => {
                    return Err(format!(
                        "tag {tag} beat {n}: data {data:#x} err {err}, want {:#x}",
                        v[*n as usize]
                    ))
                }
                Expect::Err(_) if !err => {
                    return Err(format!(
                        "tag {tag} beat {n}: no err on a read outside memory"
                    ))
                }
                _ => {}
            }
            *n += 1;
            if last != (*n == beats) {
                return Err(format!(
                    "tag {tag}: last = {last} on beat {} of {beats}",
                    *n
                ));
            }
            if last {
                self.in_use.remove(&tag);
                self.reads_done += 1;
            }
        }
        if self.wr_on && g(p.wr_req[3]) != 0 {
            self.wr_on = false;
            let (_, data, err, last_at) = self.writes.pop_front().unwrap();
            self.wr_data.push_back((data, 0, last_at));
            self.wr_wait.push_back(err);
        }
        if self.dat_on && g(p.wr_dat[3]) != 0 {
            self.dat_on = false;
            let (data, n, _) = self.wr_data.front_mut().unwrap();
            *n += 1;
            if *n == data.len() {
                self.wr_data.pop_front();
            }
        }
        if g(p.wr_rsp[1]) != 0 && self.wrsp_ready {
            let want = self
                .wr_wait
                .pop_front()
                .ok_or("write response with no write pending")?;
            if (g(p.wr_rsp[0]) != 0) != want {
                return Err(format!(
                    "write response err = {}, want {want}",
                    g(p.wr_rsp[0])
                ));
            }
            self.writes_done += 1;
        }
        Ok(())
    }

    fn after_edge(&mut self, d: &mut dyn Dut) {
        let p = self.p;
        if self.rd_on.is_none() && self.rng.chance(self.valid_rate) {
            if let Some((addr, e)) = self.reads.front() {
                let free: Vec<u64> = (0..self.tags)
                    .filter(|t| !self.in_use.contains_key(t))
                    .collect();
                if !free.is_empty() {
                    let tag = free[self.rng.below(free.len() as u64) as usize];
                    self.rd_on = Some(tag);
                    d.set(p.rd_req[0], *addr as u128);
                    d.set(p.rd_req[1], e.beats() as u128);
                    d.set(p.rd_req[2], tag as u128);
                }
            }
        }
        if !self.wr_on && self.rng.chance(self.valid_rate) {
            if let Some((addr, data, _, _)) = self.writes.front() {
                self.wr_on = true;
                d.set(p.wr_req[0], *addr as u128);
                d.set(p.wr_req[1], data.len() as u128);
            }
        }
        if !self.dat_on && self.rng.chance(self.valid_rate) {
            if let Some((data, n, last_at)) = self.wr_data.front() {
                self.dat_on = true;
                d.set(p.wr_dat[0], data[*n] as u128);
                d.set(p.wr_dat[1], (*n == *last_at) as u128);
            }
        }
        self.rsp_ready = self.rng.chance(self.ready_rate);
        self.wrsp_ready = self.rng.chance(self.ready_rate);
        d.set(p.rd_req[3], self.rd_on.is_some() as u128);
        d.set(p.wr_req[2], self.wr_on as u128);
        d.set(p.wr_dat[2], self.dat_on as u128);
        d.set(p.rd_rsp[5], self.rsp_ready as u128);
        d.set(p.wr_rsp[2], self.wrsp_ready as u128);
    }
}

//! NICs (`mit_nic`, native or Verilated) on their own clocks, cabled by PaRC links, each driven
//! by an 88100 P-bus master model, every link watched by a monitor (issue 15).
//!
//! - `PBusMaster`: the master side of the P bus as `hdl/src/mitnic/pbus.rs` describes it
//!   (NIC-A24): pipelined (the next transaction is presented in the reply cycle of the previous
//!   one), WAIT extends the outstanding transaction and the one presented is presented again,
//!   FAULT ends it (and, as the processor's exception does, is followed by a cycle with no
//!   transaction), NULL cycles, and transactions to another slave (`ncs` high) whose reply the
//!   model plays on the reply lines (WAIT for some cycles, then SUCCESS or FAULT). It checks the
//!   NIC's side: a reply in every cycle a NIC transaction is outstanding and in no other, read
//!   data driven exactly on a read that succeeds.
//! - `LinkMonitor` on every output port, sampled at the rising edges of the sender's netclk (the
//!   edges the receiver samples at): idles are 0x5555 with bit 15 low, a packet is a header
//!   (bit 15 high) and eleven more words, no packet starts after `nowait` has been high for the
//!   three samples before it (two synchronizer flops and the decision), and every packet is
//!   kept with the sample it started at.
//! - A link is either another NIC's output port (niclk = its netclk, nowait = the receiver's
//!   niwait) or an injector the test fills with words (errors, a sender that ignores niwait),
//!   on its own clock.

use crate::harness::backend::{instances, Backend, Dut};
use crate::harness::clock::{Clocks, Edges};
use crate::harness::ports::index;
use nicgen_wire::mitnic::{self as w, PACKET_WORDS};
use std::collections::VecDeque;

/// A P-bus transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A transaction to the NIC: da, write, data.
    Nic { da: u16, write: bool, data: u32 },
    /// A transaction to another slave: it answers WAIT for `waits` cycles, then FAULT or
    /// SUCCESS.
    Foreign { waits: u32, fault: bool },
    /// A NULL cycle (dbe low) with the NIC selected (`ncs` low) or not.
    Null { selected: bool },
}

/// How a transaction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    Ok(u32),
    Fault,
}

#[derive(Clone, Copy, Debug)]
struct Pins {
    ncs: usize,
    dbe: usize,
    da: usize,
    r_w: usize,
    d_in: usize,
    dr_in: usize,
    d_out: usize,
    d_oe: usize,
    dr_out: usize,
    dr_oe: usize,
}

#[derive(Clone, Debug, Default)]
pub struct PBusMaster {
    queue: VecDeque<(u64, Op)>,
    /// Presented in the current cycle (on the address lines).
    presented: Option<(u64, Op)>,
    /// Taken, its reply due this cycle; foreign WAITs still to play.
    outstanding: Option<(u64, Op, u32)>,
    next_id: u64,
    /// A FAULT ends in an exception: the processor presents nothing in the next cycle.
    null_next: bool,
    pub done: VecDeque<(u64, Done)>,
    /// P-bus cycles so far; cycles of WAIT the NIC replied; transactions presented again.
    pub cycles: u64,
    pub nic_waits: u64,
    pub repeats: u64,
    /// When each transaction was first presented (ps, the rising edge starting its cycle).
    pub presented_ps: std::collections::HashMap<u64, u64>,
}

impl PBusMaster {
    /// Queue a transaction; its id comes back in `done` (NULL cycles end with `Ok(0)`).
    pub fn push(&mut self, op: Op) -> u64 {
        self.next_id += 1;
        self.queue.push_back((self.next_id, op));
        self.next_id
    }
    /// What is on the bus (for failure messages).
    pub fn state(&self) -> String {
        format!(
            "presented {:?}, outstanding {:?}, queued {}",
            self.presented,
            self.outstanding,
            self.queue.len()
        )
    }
    /// Queue a message's five stores to o0-o4, the last carrying the send with type `ty`
    /// (pipelined: nothing waits for them); their ids.
    pub fn push_send(&mut self, words: &[u32; 5], ty: u8, csp: bool) -> [u64; 5] {
        std::array::from_fn(|n| {
            let c = if n == 4 {
                w::Command::store_and_send(w::Loc::O(4), ty, csp)
            } else {
                w::Command::plain(w::Loc::O(n))
            };
            self.push(Op::Nic {
                da: c.encode(),
                write: true,
                data: words[n],
            })
        })
    }
    pub fn idle(&self) -> bool {
        self.queue.is_empty() && self.outstanding.is_none() && self.presented.is_none()
    }
    /// The reply lines as the bus shows them: the NIC's, or the foreign slave's, or nothing.
    fn bus_reply(&self, d: &dyn Dut, p: &Pins) -> u8 {
        if d.get(p.dr_oe) != 0 {
            return d.get(p.dr_out) as u8;
        }
        match self.outstanding {
            Some((_, Op::Foreign { fault, .. }, left)) => {
                if left > 0 {
                    w::DR_WAIT
                } else if fault {
                    w::DR_FAULT
                } else {
                    w::DR_SUCCESS
                }
            }
            _ => w::DR_IDLE,
        }
    }
    /// Before the rising edge: the reply to the outstanding transaction, and whether the one
    /// presented is taken.
    fn before_edge(&mut self, d: &dyn Dut, p: &Pins) -> Result<(), String> {
        let oe = d.get(p.dr_oe) != 0;
        let reply = self.bus_reply(d, p);
        let nic_out = matches!(self.outstanding, Some((_, Op::Nic { .. }, _)));
        if oe != nic_out {
            return Err(format!(
                "P bus cycle {}: the NIC {} the reply lines with {:?} outstanding",
                self.cycles,
                if oe { "drives" } else { "does not drive" },
                self.outstanding
            ));
        }
        let mut taken = true;
        if let Some((id, op, left)) = self.outstanding {
            let read = matches!(op, Op::Nic { write: false, .. });
            let d_oe = d.get(p.d_oe) != 0;
            if d_oe != (read && reply == w::DR_SUCCESS) {
                return Err(format!(
                    "P bus cycle {}: d_oe {d_oe} for {op:?} replied {reply:#b}",
                    self.cycles
                ));
            }
            match reply {
                r if r == w::DR_WAIT => {
                    taken = false;
                    if nic_out {
                        self.nic_waits += 1;
                    }
                    self.outstanding = Some((id, op, left.saturating_sub(1)));
                }
                r if r == w::DR_SUCCESS => {
                    let data = if read { d.get(p.d_out) as u32 } else { 0 };
                    self.done.push_back((id, Done::Ok(data)));
                    self.outstanding = None;
                }
                r if r == w::DR_FAULT => {
                    taken = false;
                    self.null_next = true;
                    self.done.push_back((id, Done::Fault));
                    self.outstanding = None;
                }
                r => return Err(format!("P bus cycle {}: reply {r:#b}", self.cycles)),
            }
        }
        if let Some((id, op)) = self.presented.take() {
            if let Op::Null { .. } = op {
                self.done.push_back((id, Done::Ok(0)));
            } else if taken {
                self.outstanding = Some((
                    id,
                    op,
                    match op {
                        Op::Foreign { waits, .. } => waits,
                        _ => 0,
                    },
                ));
            } else {
                self.repeats += 1;
                self.queue.push_front((id, op));
            }
        }
        self.cycles += 1;
        Ok(())
    }
    /// After the rising edge: the next transaction on the address lines, the outstanding
    /// write's data on the data lines.
    fn after_edge(&mut self, d: &mut dyn Dut, p: &Pins) {
        self.presented = if std::mem::take(&mut self.null_next) {
            None
        } else {
            self.queue.pop_front()
        };
        let (ncs, dbe, da, rw) = match self.presented {
            Some((_, Op::Nic { da, write, .. })) => (0, 1, da, !write),
            Some((_, Op::Foreign { .. })) => (1, 1, 0x1FFF, true),
            // a send in the address bits: a NULL cycle taken by mistake would show as a packet
            Some((_, Op::Null { selected })) => (!selected as u128, 0, 0x405, true),
            None => (1, 0, 0, true),
        };
        d.set(p.ncs, ncs);
        d.set(p.dbe, dbe);
        d.set(p.da, da as u128);
        d.set(p.r_w, rw as u128);
        let data = match self.outstanding {
            Some((
                _,
                Op::Nic {
                    data, write: true, ..
                },
                _,
            )) => data,
            _ => 0xDEAD_BEEF,
        };
        d.set(p.d_in, data as u128);
    }
}

/// A packet on a link: its words and the sample (sender netclk edge) its header was seen at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packet {
    pub words: [u16; PACKET_WORDS],
    pub at: u64,
    /// The edge its header was sampled at (ps).
    pub at_ps: u64,
}

#[derive(Clone, Debug, Default)]
pub struct LinkMonitor {
    pub samples: u64,
    cur: Vec<u16>,
    start: u64,
    start_ps: u64,
    /// nowait at the last three samples.
    wait_hist: [bool; 3],
    pub packets: Vec<Packet>,
    /// Samples carrying packet words.
    pub busy: u64,
}

impl LinkMonitor {
    fn sample(&mut self, word: u16, nowait: bool, time_ps: u64) -> Result<(), String> {
        if self.cur.is_empty() {
            if word & 0x8000 != 0 {
                if self.wait_hist.iter().all(|&b| b) {
                    return Err(format!(
                        "sample {}: a packet starts with nowait high for three samples",
                        self.samples
                    ));
                }
                self.cur.push(word);
                self.start = self.samples;
                self.start_ps = time_ps;
                self.busy += 1;
            } else if word != w::IDLE {
                return Err(format!(
                    "sample {}: {word:#06x} between packets (idle is 0x5555)",
                    self.samples
                ));
            }
        } else {
            self.cur.push(word);
            self.busy += 1;
            if self.cur.len() == PACKET_WORDS {
                let words: [u16; PACKET_WORDS] = self.cur.clone().try_into().unwrap();
                if words[11] != w::IDLE {
                    return Err(format!(
                        "sample {}: word 11 {:#06x}",
                        self.samples, words[11]
                    ));
                }
                self.packets.push(Packet {
                    words,
                    at: self.start,
                    at_ps: self.start_ps,
                });
                self.cur.clear();
            }
        }
        self.wait_hist = [self.wait_hist[1], self.wait_hist[2], nowait];
        self.samples += 1;
        Ok(())
    }
}

/// Where a NIC's input port is fed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    /// NIC j's output port (niclk = its netclk; its nowait = this NIC's niwait).
    Nic(usize),
    /// The test's injector for this NIC, on its own clock.
    Inject,
    /// Port k of the network (`NicNet::fabric`): every NIC's netclk is the network's clock.
    Fabric,
}

/// A network top (`parc_ring8`, `parc_bfly8`) between the NICs: link k's word in at
/// `nin[16k+15:16k]`, out at `nout[...]`, waits as bits of `nin_wait` / `nout_wait`.
pub struct Fabric {
    pub dut: Box<dyn Dut>,
    clock: usize,
    reset: usize,
    nin: usize,
    nin_wait: usize,
    nout: usize,
    nout_wait: usize,
    /// Its clock's index in `Clocks`.
    clk: usize,
}

#[derive(Clone, Copy, Debug)]
struct NicPorts {
    clock: usize,
    /// None for `mit_nic_sync` (the output port on the P-bus clock).
    netclk: Option<usize>,
    niclk: usize,
    reset: usize,
    nodata: usize,
    nowait: usize,
    nidata: usize,
    niwait: usize,
    exc_in: usize,
    exc_out: usize,
    bus: Pins,
}

/// An injector: words sent on its clock (idle when empty); `honor_wait` holds a packet's start
/// while the NIC's niwait is high.
#[derive(Clone, Debug, Default)]
pub struct Injector {
    pub words: VecDeque<u16>,
    pub honor_wait: bool,
    in_packet: usize,
}

pub struct NicNet {
    pub dut: Vec<Box<dyn Dut>>,
    p: NicPorts,
    pub feed: Vec<Feed>,
    pub master: Vec<PBusMaster>,
    pub mon: Vec<LinkMonitor>,
    /// Monitors of the NICs' input links from the network (sampled at the network's edges).
    pub mon_in: Vec<LinkMonitor>,
    pub fabric: Option<Fabric>,
    pub inj: Vec<Injector>,
    /// Nowait of NICs whose output goes to no NIC (the test sets it).
    pub nowait: Vec<bool>,
    pub clocks: Clocks,
    /// Clock indices: P-bus clock of NIC k = 3k, netclk = 3k + 1, injector clock = 3k + 2.
    pub time_ps: u64,
}

impl NicNet {
    /// `periods[k] = (P-bus clock, netclk, injector clock)` in ps for NIC k; `feed[k]` its input.
    pub fn new(backend: Backend, periods: &[(u64, u64, u64)], feed: Vec<Feed>) -> NicNet {
        Self::build(backend, "mit_nic", periods, feed, None)
    }

    /// `NicNet::new` with the NIC top `top`: `mit_nic`, or `mit_nic_sync` (its output port on
    /// the P-bus clock: each NIC's netclk period must equal its P-bus clock's, the clock the
    /// monitors and the receivers use).
    pub fn with_top(
        backend: Backend,
        top: &str,
        periods: &[(u64, u64, u64)],
        feed: Vec<Feed>,
    ) -> NicNet {
        Self::build(backend, top, periods, feed, None)
    }

    /// `n` NICs on the network top `top` (`parc_ring8`, `parc_bfly8`): NIC k on its port k,
    /// P-bus clock `pbus_ps[k]`, every netclk the network's clock `net_ps`.
    pub fn with_fabric(backend: Backend, top: &str, pbus_ps: &[u64], net_ps: u64) -> NicNet {
        let n = pbus_ps.len();
        let inst = instances(top, backend, 1);
        let ix = |s: &str| index(&inst.ports, s);
        let f = Fabric {
            clock: ix("clock"),
            reset: ix("reset"),
            nin: ix("nin"),
            nin_wait: ix("nin_wait"),
            nout: ix("nout"),
            nout_wait: ix("nout_wait"),
            clk: 3 * n,
            dut: inst.duts.into_iter().next().unwrap(),
        };
        let periods: Vec<(u64, u64, u64)> = pbus_ps.iter().map(|&p| (p, net_ps, net_ps)).collect();
        Self::build(backend, "mit_nic", &periods, vec![Feed::Fabric; n], Some(f))
    }

    fn build(
        backend: Backend,
        top: &str,
        periods: &[(u64, u64, u64)],
        feed: Vec<Feed>,
        fabric: Option<Fabric>,
    ) -> NicNet {
        let n = periods.len();
        assert_eq!(feed.len(), n);
        let inst = instances(top, backend, n);
        let ix = |s: &str| index(&inst.ports, s);
        let netclk = inst.ports.iter().position(|q| q.name == "netclk");
        if netclk.is_none() {
            assert!(
                periods.iter().all(|q| q.0 == q.1),
                "{top}: netclk is the P-bus clock, give both the same period"
            );
        }
        let p = NicPorts {
            clock: ix("clock"),
            netclk,
            niclk: ix("niclk"),
            reset: ix("reset"),
            nodata: ix("nodata"),
            nowait: ix("nowait"),
            nidata: ix("nidata"),
            niwait: ix("niwait"),
            exc_in: ix("exc_in"),
            exc_out: ix("exc_out"),
            bus: Pins {
                ncs: ix("pbus_ncs"),
                dbe: ix("pbus_dbe"),
                da: ix("pbus_da"),
                r_w: ix("pbus_r_w"),
                d_in: ix("pbus_d_in"),
                dr_in: ix("pbus_dr_in"),
                d_out: ix("pbus_d_out"),
                d_oe: ix("pbus_d_oe"),
                dr_out: ix("pbus_dr_out"),
                dr_oe: ix("pbus_dr_oe"),
            },
        };
        let mut ps: Vec<u64> = periods.iter().flat_map(|&(a, b, c)| [a, b, c]).collect();
        if fabric.is_some() {
            ps.push(periods[0].1);
        }
        // eight cycles of the slowest clock for the reset, and as many after it
        let settle_ps = periods.iter().map(|q| q.0.max(q.1).max(q.2)).max().unwrap() * 8;
        let mut s = NicNet {
            dut: inst.duts,
            p,
            feed,
            master: vec![PBusMaster::default(); n],
            mon: vec![LinkMonitor::default(); n],
            mon_in: vec![LinkMonitor::default(); n],
            fabric,
            inj: vec![Injector::default(); n],
            nowait: vec![false; n],
            clocks: Clocks::new(&ps),
            time_ps: 0,
        };
        for d in &mut s.dut {
            d.set(p.nidata, w::IDLE as u128);
            d.set(p.bus.ncs, 1);
            d.set(p.reset, 1);
            d.settle();
        }
        if let Some(f) = s.fabric.as_mut() {
            f.dut.set(f.reset, 1);
            f.dut.settle();
        }
        s.run_ps(settle_ps);
        for d in &mut s.dut {
            d.set(p.reset, 0);
        }
        if let Some(f) = s.fabric.as_mut() {
            f.dut.set(f.reset, 0);
        }
        s.run_ps(settle_ps);
        s
    }

    pub fn len(&self) -> usize {
        self.dut.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dut.is_empty()
    }

    /// The netclk of NIC k's input port's sender (or its injector's clock).
    fn in_clock(&self, k: usize) -> usize {
        match self.feed[k] {
            Feed::Nic(j) => 3 * j + 1,
            Feed::Inject => 3 * k + 2,
            Feed::Fabric => self.fabric.as_ref().unwrap().clk,
        }
    }

    /// One clock event of every clock due.
    pub fn step(&mut self) -> Result<(), String> {
        let up: Edges = self.clocks.upcoming();
        let n = self.len();
        let p = self.p;
        for k in 0..n {
            if up.rose(3 * k) {
                let (m, d) = (&mut self.master[k], self.dut[k].as_ref());
                m.before_edge(d, &p.bus)
                    .map_err(|e| format!("NIC {k}: {e}"))?;
            }
            if up.rose(3 * k + 1) {
                let word = self.dut[k].get(p.nodata) as u16;
                let nw = self.dut[k].get(p.nowait) != 0;
                self.mon[k]
                    .sample(word, nw, up.time_ps)
                    .map_err(|e| format!("NIC {k} output: {e}"))?;
            }
        }
        if let Some(f) = self.fabric.as_mut() {
            if up.rose(f.clk) {
                let out = f.dut.get(f.nout);
                let wait = f.dut.get(f.nout_wait);
                for k in 0..n {
                    self.mon_in[k]
                        .sample((out >> (16 * k)) as u16, wait >> k & 1 != 0, up.time_ps)
                        .map_err(|e| format!("network port {k} out: {e}"))?;
                }
            }
            f.dut.settle_before_edge();
        }
        for d in &mut self.dut {
            d.settle_before_edge();
        }
        let e = self.clocks.advance();
        if let Some(f) = self.fabric.as_mut() {
            f.dut.set(f.clock, self.clocks.level(f.clk) as u128);
            f.dut.settle();
        }
        self.time_ps = e.time_ps;
        for k in 0..n {
            let ic = self.in_clock(k);
            let d = &mut self.dut[k];
            d.set(p.clock, self.clocks.level(3 * k) as u128);
            if let Some(c) = p.netclk {
                d.set(c, self.clocks.level(3 * k + 1) as u128);
            }
            d.set(p.niclk, self.clocks.level(ic) as u128);
            d.settle();
        }
        // the cables (registered outputs, so one pass settles them)
        for k in 0..n {
            match self.feed[k] {
                Feed::Nic(j) => {
                    let word = self.dut[j].get(p.nodata);
                    let wait = self.dut[k].get(p.niwait);
                    self.dut[k].set(p.nidata, word);
                    self.dut[j].set(p.nowait, wait);
                }
                Feed::Fabric => {}
                Feed::Inject => {
                    if e.rose(3 * k + 2) {
                        let wait = self.dut[k].get(p.niwait) != 0;
                        let inj = &mut self.inj[k];
                        let hold = inj.honor_wait && inj.in_packet == 0 && wait;
                        let word = if hold {
                            w::IDLE
                        } else {
                            inj.words.pop_front().unwrap_or(w::IDLE)
                        };
                        if inj.in_packet > 0 {
                            inj.in_packet -= 1;
                        } else if word & 0x8000 != 0 {
                            inj.in_packet = PACKET_WORDS - 1;
                        }
                        self.dut[k].set(p.nidata, word as u128);
                    }
                }
            }
        }
        if let Some(f) = self.fabric.as_mut() {
            let (out, wait) = (f.dut.get(f.nout), f.dut.get(f.nin_wait));
            let (mut nin, mut nout_wait) = (0u128, 0u128);
            for k in 0..n {
                let d = &mut self.dut[k];
                d.set(p.nidata, out >> (16 * k) & 0xFFFF);
                d.set(p.nowait, wait >> k & 1);
                nin |= d.get(p.nodata) << (16 * k);
                nout_wait |= d.get(p.niwait) << k;
            }
            for k in n..8 {
                nin |= (w::IDLE as u128) << (16 * k);
            }
            f.dut.set(f.nin, nin);
            f.dut.set(f.nout_wait, nout_wait);
            f.dut.settle();
        }
        for k in 0..n {
            if self.feed[k] != Feed::Fabric && !self.feed.contains(&Feed::Nic(k)) {
                self.dut[k].set(p.nowait, self.nowait[k] as u128);
            }
            if e.rose(3 * k) {
                let (m, d) = (&mut self.master[k], self.dut[k].as_mut());
                m.after_edge(d, &p.bus);
                if let Some((id, _)) = m.presented {
                    m.presented_ps.entry(id).or_insert(e.time_ps);
                }
            }
        }
        for k in 0..n {
            let d = self.dut[k].as_mut();
            d.settle();
            let r = self.master[k].bus_reply(d, &p.bus);
            d.set(p.bus.dr_in, r as u128);
            d.settle();
        }
        Ok(())
    }

    pub fn run_ps(&mut self, ps: u64) {
        let end = self.time_ps + ps;
        while self.time_ps < end {
            self.step().unwrap_or_else(|e| panic!("{e}"));
        }
    }

    /// Run until every master is idle (at most `limit_ps`).
    pub fn drain(&mut self, limit_ps: u64) {
        let end = self.time_ps + limit_ps;
        while self.master.iter().any(|m| !m.idle()) {
            assert!(
                self.time_ps < end,
                "P-bus masters still busy after {limit_ps} ps"
            );
            self.step().unwrap_or_else(|e| panic!("{e}"));
        }
    }

    /// One transaction on NIC k, run to its end; its answer.
    pub fn op(&mut self, k: usize, op: Op) -> Done {
        let id = self.master[k].push(op);
        loop {
            if let Some(pos) = self.master[k].done.iter().position(|d| d.0 == id) {
                return self.master[k].done.remove(pos).unwrap().1;
            }
            self.step().unwrap_or_else(|e| panic!("{e}"));
        }
    }

    /// One transaction on NIC k that sends: the picoseconds from the start of the cycle that
    /// presents it to the sample of its packet's header on NIC k's output link, and the packet
    /// (panics when none comes within `limit_ps`).
    pub fn timed_send(&mut self, k: usize, op: Op, limit_ps: u64) -> (u64, Packet) {
        let before = self.mon[k].packets.len();
        let id = self.master[k].push(op);
        let end = self.time_ps + limit_ps;
        while self.mon[k].packets.len() == before {
            assert!(self.time_ps < end, "NIC {k}: {op:?} sent no packet");
            self.step().unwrap_or_else(|e| panic!("{e}"));
        }
        let p = self.mon[k].packets[before].clone();
        (p.at_ps - self.master[k].presented_ps[&id], p)
    }

    pub fn read(&mut self, k: usize, cmd: w::Command) -> u32 {
        match self.op(
            k,
            Op::Nic {
                da: cmd.encode(),
                write: false,
                data: 0,
            },
        ) {
            Done::Ok(v) => v,
            Done::Fault => panic!("NIC {k}: read {cmd:?} faulted"),
        }
    }

    pub fn write(&mut self, k: usize, cmd: w::Command, data: u32) -> Done {
        self.op(
            k,
            Op::Nic {
                da: cmd.encode(),
                write: true,
                data,
            },
        )
    }

    pub fn set_exc_in(&mut self, k: usize, v: u8) {
        self.dut[k].set(self.p.exc_in, v as u128);
    }

    pub fn exc_out(&mut self, k: usize) -> u8 {
        self.dut[k].settle();
        self.dut[k].get(self.p.exc_out) as u8
    }

    pub fn niwait(&mut self, k: usize) -> bool {
        self.dut[k].get(self.p.niwait) != 0
    }

    /// Assert the power-on reset of NIC k for a while.
    pub fn reset(&mut self, k: usize, ps: u64) {
        self.dut[k].set(self.p.reset, 1);
        self.run_ps(ps);
        self.dut[k].set(self.p.reset, 0);
        self.run_ps(ps);
    }
}

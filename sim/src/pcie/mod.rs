//! A PCIe root complex as a device on the UltraScale Gen3 hard IP sees it (the four 128-bit
//! AXI4-Stream interfaces of `nicgen_wire::pcie_us`), at transfer level:
//!
//! - **host memory** (`MemServer`, the bounds rule of every DMA model here) that the device reads
//!   and writes on RQ; reads are answered on RC after a latency (default 113 cycles, the thesis'
//!   452 ns at 250 MHz), split at the read completion boundary and at most a max payload each,
//!   completions of different tags reordered, those of one tag in address order;
//! - **the CPU** that writes and reads the device's BARs on CQ and takes the read answers from
//!   CC, with a write-combining model (`WcCpu`): 64-byte buffers flushed in random order,
//!   sometimes in 16- or 4-byte pieces;
//! - **the rules** the device must keep on RQ, each broken one recorded in `violations` with its
//!   name: framing, length against the descriptor, max payload, max read request, no 4 KB
//!   crossing, byte-enable rules, a tag reused while outstanding, a request while bus mastering
//!   is disabled; on CC: tag, requester ID, traffic class and attributes, lower address, byte count, status;
//! - **faults** on purpose (`CplFault`): a read answered with UR or CA, poisoned, not at all
//!   (timeout), with a tag nobody asked for, or with a Dword too many.
//!
//! The cycle-level binding to a top's ports (`BeatSource`, `BeatSink`) carries whole transfers
//! as beats with random gaps on either side.

use crate::harness::rng::Rng;
use crate::system::hostmem::MemServer;
use nicgen_wire::pcie_us::*;
use std::collections::{HashMap, HashSet, VecDeque};

/// The configuration values the device must obey, and the model's timing.
#[derive(Clone, Copy, Debug)]
pub struct PcieConfig {
    /// Max payload size in bytes (128..4096).
    pub max_payload: usize,
    /// Max read request size in bytes (128..4096).
    pub max_read_request: usize,
    /// Read completion boundary in bytes (64 or 128).
    pub rcb: usize,
    /// Bus master enable (Command register bit 2).
    pub bus_master: bool,
    /// Cycles from a read request to its first completion.
    pub latency: u64,
    /// Extra cycles drawn per read (0..=jitter): reorders completions across tags.
    pub jitter: u64,
    /// The device's requester ID (bus/device/function), and the root's.
    pub device_id: u16,
    pub root_id: u16,
}

impl Default for PcieConfig {
    fn default() -> Self {
        Self {
            max_payload: 256,
            max_read_request: 512,
            rcb: 64,
            bus_master: true,
            latency: 113,
            jitter: 40,
            device_id: 0x0100,
            root_id: 0x0000,
        }
    }
}

/// A fault for the next read request on RQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CplFault {
    /// One completion with status Unsupported Request, no data.
    Ur,
    /// One completion with status Completer Abort, no data.
    Ca,
    /// The data, poisoned.
    Poisoned,
    /// No completion at all (the device must time out).
    Drop,
    /// The first completion carries another tag.
    WrongTag,
    /// The last completion carries one Dword more than its byte count.
    ExtraDword,
}

/// The byte offsets `[start, end)` within `dwords` Dwords that `first_be`/`last_be` enable (a
/// one-Dword request uses `first_be` alone). None when PCIe does not allow the enables: a
/// non-zero `last_be` on one Dword, zero enables on more; on more than two Dwords, or two not
/// starting at a Qword (`qw_aligned`), enables with a hole (`first_be` must reach byte 3,
/// `last_be` start at byte 0).
pub fn byte_span(dwords: usize, first_be: u8, last_be: u8) -> Option<(usize, usize)> {
    byte_span_at(dwords, first_be, last_be, false)
}

pub fn byte_span_at(
    dwords: usize,
    first_be: u8,
    last_be: u8,
    qw_aligned: bool,
) -> Option<(usize, usize)> {
    if dwords == 0 {
        return None;
    }
    if dwords == 1 {
        if last_be != 0 {
            return None;
        }
        if first_be == 0 {
            return Some((0, 0)); // zero-length access
        }
        return Some((
            first_be.trailing_zeros() as usize,
            8 - first_be.leading_zeros() as usize,
        ));
    }
    if first_be == 0 || last_be == 0 {
        return None;
    }
    let hole = |be: u8, top: bool| {
        let run = if top { be >> be.trailing_zeros() } else { be };
        (run + 1) & run != 0 || (top && be & 8 == 0)
    };
    if !(dwords == 2 && qw_aligned) && (hole(first_be, true) || hole(last_be, false)) {
        return None;
    }
    let s = first_be.trailing_zeros() as usize;
    let e = (dwords - 1) * 4 + (8 - last_be.leading_zeros() as usize);
    Some((s, e))
}

fn le_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn le_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect()
}

struct PendingCpl {
    due: u64,
    seq: u64,
    beats: Vec<Beat>,
}

/// A CPU read of a BAR waiting for its completions on CC.
struct CpuRead {
    addr: u64,
    /// Bytes still to come, and those received.
    left: usize,
    data: Vec<u8>,
}

/// What a CPU read of a BAR returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadResult {
    Data(Vec<u8>),
    /// A completion status other than SC.
    Status(u8),
}

pub struct RootComplex {
    pub cfg: PcieConfig,
    pub mem: MemServer,
    pub violations: Vec<String>,
    rng: Rng,
    now: u64,
    seq: u64,
    /// Device read tags outstanding.
    outstanding: HashSet<u8>,
    pending: Vec<PendingCpl>,
    /// Transfers ready for RC, in order.
    pub rc_out: VecDeque<Vec<Beat>>,
    /// Transfers ready for CQ, in order.
    pub cq_out: VecDeque<Vec<Beat>>,
    cpu_tag: u8,
    cpu_reads: HashMap<u8, CpuRead>,
    /// Answers to CPU reads, by tag, in completion order.
    pub read_results: VecDeque<(u8, ReadResult)>,
    faults: VecDeque<CplFault>,
    /// Writes and reads the device made on RQ (for figures and scoreboards).
    pub rq_writes: u64,
    pub rq_reads: u64,
}

impl RootComplex {
    pub fn new(cfg: PcieConfig, mem: MemServer, seed: u64) -> Self {
        Self {
            cfg,
            mem,
            violations: vec![],
            rng: Rng::new(seed),
            now: 0,
            seq: 0,
            outstanding: HashSet::new(),
            pending: vec![],
            rc_out: VecDeque::new(),
            cq_out: VecDeque::new(),
            cpu_tag: 0,
            cpu_reads: HashMap::new(),
            read_results: VecDeque::new(),
            faults: VecDeque::new(),
            rq_writes: 0,
            rq_reads: 0,
        }
    }

    /// The next read request on RQ gets this fault (queued, one per read).
    pub fn fault_next_read(&mut self, f: CplFault) {
        self.faults.push_back(f);
    }

    fn violation(&mut self, what: String) {
        self.violations.push(what);
    }

    /// Device read tags still waiting for completions.
    pub fn outstanding_reads(&self) -> usize {
        self.outstanding.len()
    }

    /// One cycle: completions whose time has come move to `rc_out`.
    pub fn tick(&mut self) {
        self.now += 1;
        let now = self.now;
        if self.pending.iter().any(|p| p.due <= now) {
            let (mut due, keep): (Vec<PendingCpl>, Vec<PendingCpl>) =
                self.pending.drain(..).partition(|p| p.due <= now);
            self.pending = keep;
            due.sort_by_key(|p| (p.due, p.seq));
            self.rc_out.extend(due.into_iter().map(|p| p.beats));
        }
    }

    /// Nothing in flight on any interface.
    pub fn idle(&self) -> bool {
        self.pending.is_empty()
            && self.rc_out.is_empty()
            && self.cq_out.is_empty()
            && self.cpu_reads.is_empty()
    }

    /// A whole transfer the device sent on RQ.
    pub fn rq(&mut self, beats: &[Beat]) {
        let t = match from_beats(Iface::Rq, beats) {
            Ok(t) => t,
            Err(e) => return self.violation(format!("RQ framing: {e:?}")),
        };
        if !t.parity_ok {
            self.violation("RQ parity".into());
        }
        if let Err(e) = check_length(Iface::Rq, &t) {
            return self.violation(format!("RQ length: {e:?}"));
        }
        let d = match RqDesc::unpack(&t.dwords) {
            Ok(d) => d,
            Err(e) => return self.violation(format!("RQ descriptor: {e:?}")),
        };
        if !self.cfg.bus_master {
            return self.violation(format!(
                "RQ {:?} at {:#x} while bus mastering is disabled",
                d.req_type, d.addr
            ));
        }
        let n = d.dwords as usize;
        let qw = d.addr & 7 == 0;
        let Some((s, e)) = byte_span_at(n, t.side.first_be, t.side.last_be, qw) else {
            return self.violation(format!(
                "RQ byte enables first {:#x} last {:#x} on {n} Dwords",
                t.side.first_be, t.side.last_be
            ));
        };
        if (d.addr & 0xfff) as usize + n * 4 > 4096 {
            return self.violation(format!(
                "RQ {:?} of {n} Dwords at {:#x} crosses a 4 KB boundary",
                d.req_type, d.addr
            ));
        }
        match d.req_type {
            ReqType::MemWrite => {
                if n * 4 > self.cfg.max_payload {
                    return self.violation(format!(
                        "RQ write of {} bytes at {:#x} exceeds max payload {}",
                        n * 4,
                        d.addr,
                        self.cfg.max_payload
                    ));
                }
                // each run of enabled bytes (a two-Dword write may have a hole)
                let bytes = le_bytes(&t.dwords[4..]);
                let en = request_byte_enables(n, t.side.first_be, t.side.last_be);
                let on = |i: usize| i >= s && i < e && en[i / 4] >> (i % 4) & 1 == 1;
                let mut i = s;
                while i < e {
                    if !on(i) {
                        i += 1;
                        continue;
                    }
                    let r = i;
                    while i < e && on(i) {
                        i += 1;
                    }
                    self.mem.write(d.addr + r as u64, &bytes[r..i]);
                }
                self.rq_writes += 1;
            }
            ReqType::MemRead => {
                if n * 4 > self.cfg.max_read_request {
                    return self.violation(format!(
                        "RQ read of {} bytes at {:#x} exceeds max read request {}",
                        n * 4,
                        d.addr,
                        self.cfg.max_read_request
                    ));
                }
                if self.outstanding.contains(&d.tag) {
                    return self
                        .violation(format!("RQ read tag {} reused while outstanding", d.tag));
                }
                self.rq_reads += 1;
                self.read(&d, s, e);
            }
            other => self.violation(format!("RQ request type {other:?} not expected")),
        }
    }

    /// Schedule the completions of a device read of bytes `[addr + s, addr + e)`.
    fn read(&mut self, d: &RqDesc, s: usize, e: usize) {
        let fault = self.faults.pop_front();
        let start = d.addr + s as u64;
        let len = e - s;
        let data = self.mem.read(start, len);
        let mut due = self.now + self.cfg.latency + self.rng.below(self.cfg.jitter + 1);
        let base = RcDesc {
            lower_addr: 0,
            error_code: rc_error::NORMAL,
            byte_count: 0,
            locked: false,
            request_completed: false,
            dwords: 0,
            status: status::SC,
            poisoned: false,
            requester_id: self.cfg.device_id,
            tag: d.tag,
            completer_id: self.cfg.root_id,
            tc: d.tc,
            attr: d.attr,
        };
        let status_only = match (fault, &data) {
            (Some(CplFault::Drop), _) => return,
            (Some(CplFault::Ur), _) | (_, None) => Some(status::UR),
            (Some(CplFault::Ca), _) => Some(status::CA),
            _ => None,
        };
        self.outstanding.insert(d.tag);
        if let Some(st) = status_only {
            let c = RcDesc {
                lower_addr: (start & 0xfff) as u16,
                error_code: rc_error::BAD_STATUS,
                byte_count: (len & 0x1fff) as u16,
                request_completed: true,
                status: st,
                ..base
            };
            self.push_cpl(due, &c, &[]);
            return;
        }
        let data = data.unwrap();
        if len == 0 {
            // a zero-length read (one Dword, no byte enabled) completes with one Dword of
            // undefined data and byte count 1 (PCIe base spec 2.2.9 and 2.3.1.1)
            let c = RcDesc {
                lower_addr: (start & 0xfff) as u16,
                byte_count: 1,
                request_completed: true,
                dwords: 1,
                ..base
            };
            self.push_cpl(due, &c, &[0]);
            return;
        }
        // pieces: each ends at an RCB boundary (or the end), at most max payload
        let mut at = 0usize;
        let mut first = true;
        while at < len {
            let addr = start + at as u64;
            let rcb = self.cfg.rcb as u64;
            let to_rcb = (rcb - addr % rcb) as usize;
            let mut piece = to_rcb.min(len - at);
            // grow by whole RCBs, at random, up to max payload
            while at + piece < len && self.rng.chance(0.5) {
                let more = (self.cfg.rcb).min(len - at - piece);
                let dw = ((addr & 3) as usize + piece + more).div_ceil(4);
                if dw * 4 > self.cfg.max_payload {
                    break;
                }
                piece += more;
            }
            let off = (addr & 3) as usize;
            let dwords = (off + piece).div_ceil(4);
            let mut bytes = vec![0u8; dwords * 4];
            bytes[off..off + piece].copy_from_slice(&data[at..at + piece]);
            let mut words = le_words(&bytes);
            let last = at + piece >= len;
            let mut c = RcDesc {
                lower_addr: (addr & 0xfff) as u16,
                byte_count: ((len - at) & 0x1fff) as u16,
                request_completed: last,
                dwords: dwords as u16,
                poisoned: fault == Some(CplFault::Poisoned),
                error_code: if fault == Some(CplFault::Poisoned) {
                    rc_error::POISONED
                } else {
                    rc_error::NORMAL
                },
                ..base
            };
            if first && fault == Some(CplFault::WrongTag) {
                c.tag = d.tag.wrapping_add(1);
                c.error_code = rc_error::INVALID_TAG;
            }
            if last && fault == Some(CplFault::ExtraDword) {
                words.push(0xdead_beef);
                c.dwords += 1;
                c.error_code = rc_error::INVALID_LENGTH;
            }
            self.push_cpl(due, &c, &words);
            due += (dwords as u64 + 3).div_ceil(4);
            at += piece;
            first = false;
        }
    }

    fn push_cpl(&mut self, due: u64, c: &RcDesc, words: &[u32]) {
        let mut be = completion_byte_enables(c);
        be.resize(words.len(), 0xf);
        let beats = to_beats(Iface::Rc, &c.pack().unwrap(), words, Side::default(), &be);
        self.seq += 1;
        self.pending.push(PendingCpl {
            due,
            seq: self.seq,
            beats,
        });
    }

    /// The device consumed the last completion of tag `tag` (the test calls it after RC carried
    /// the completion with `request_completed`; the tag is then free for reuse).
    pub fn tag_done(&mut self, tag: u8) {
        self.outstanding.remove(&tag);
    }

    /// Follow RC: mark tags done when their last completion leaves. Returns the beats.
    pub fn take_rc(&mut self) -> Option<Vec<Beat>> {
        let b = self.rc_out.pop_front()?;
        let d = RcDesc::unpack(&[
            b[0].data as u32,
            (b[0].data >> 32) as u32,
            (b[0].data >> 64) as u32,
        ])
        .unwrap();
        if d.request_completed {
            self.tag_done(d.tag);
        }
        Some(b)
    }

    /// One CQ request of the CPU: `run` (Dwords and first/last byte enables, from `dword_run`)
    /// at `addr` of BAR `bar` (aperture `log2` bytes); the Dwords go out as payload for a write.
    fn cpu_request(
        &mut self,
        req_type: ReqType,
        tag: u8,
        bar: u8,
        aperture: u8,
        addr: u64,
        run: (Vec<u32>, u8, u8),
    ) {
        let (words, first_be, last_be) = run;
        let d = CqDesc {
            at: 0,
            addr: addr & !3,
            dwords: words.len() as u16,
            req_type,
            requester_id: self.cfg.root_id,
            tag,
            target_function: 0,
            bar_id: bar,
            bar_aperture: aperture,
            tc: cpu_tc(tag),
            attr: cpu_attr(tag),
        };
        let side = Side {
            first_be,
            last_be,
            ..Default::default()
        };
        let (payload, be) = if req_type.has_payload() {
            let be = request_byte_enables(words.len(), first_be, last_be);
            (words, be)
        } else {
            (vec![], vec![])
        };
        self.cq_out
            .push_back(to_beats(Iface::Cq, &d.pack().unwrap(), &payload, side, &be));
    }

    /// A CPU write of `bytes` at `addr` of BAR `bar` (aperture `log2` bytes) as one CQ MWr.
    /// `bytes` must lie within one Dword-aligned run of at most 4 KB.
    pub fn cpu_write(&mut self, bar: u8, aperture: u8, addr: u64, bytes: &[u8]) {
        self.cpu_request(
            ReqType::MemWrite,
            0,
            bar,
            aperture,
            addr,
            dword_run(addr, bytes),
        );
    }

    /// A CPU read of `len` bytes (1..=4 within a Dword, or whole Dwords) at `addr` of BAR `bar`;
    /// its tag. The answer arrives in `read_results` once CC completes it.
    pub fn cpu_read(&mut self, bar: u8, aperture: u8, addr: u64, len: usize) -> u8 {
        let tag = self.cpu_tag;
        self.cpu_tag = self.cpu_tag.wrapping_add(1);
        self.cpu_request(
            ReqType::MemRead,
            tag,
            bar,
            aperture,
            addr,
            dword_run(addr, &vec![0; len]),
        );
        self.cpu_reads.insert(
            tag,
            CpuRead {
                addr,
                left: len,
                data: vec![],
            },
        );
        tag
    }

    /// A whole transfer the device sent on CC (an answer to a CPU read).
    pub fn cc(&mut self, beats: &[Beat]) {
        let t = match from_beats(Iface::Cc, beats) {
            Ok(t) => t,
            Err(e) => return self.violation(format!("CC framing: {e:?}")),
        };
        if let Err(e) = check_length(Iface::Cc, &t) {
            return self.violation(format!("CC length: {e:?}"));
        }
        let d = CcDesc::unpack(&t.dwords).unwrap();
        let Some(r) = self.cpu_reads.get_mut(&d.tag) else {
            return self.violation(format!("CC tag {} answers no CPU read", d.tag));
        };
        let mut bad = vec![];
        if d.requester_id != self.cfg.root_id {
            bad.push(format!("requester ID {:#06x}", d.requester_id));
        }
        if (d.tc, d.attr) != (cpu_tc(d.tag), cpu_attr(d.tag)) {
            bad.push(format!(
                "traffic class {} and attributes {:#x}, the request's {} and {:#x}",
                d.tc,
                d.attr,
                cpu_tc(d.tag),
                cpu_attr(d.tag)
            ));
        }
        let at = r.addr + r.data.len() as u64;
        if d.lower_addr as u64 != at & 0x7f {
            bad.push(format!("lower address {:#x} for {:#x}", d.lower_addr, at));
        }
        if d.byte_count as usize != r.left & 0x1fff {
            bad.push(format!("byte count {} for {} left", d.byte_count, r.left));
        }
        if !bad.is_empty() {
            let tag = d.tag;
            self.cpu_reads.remove(&tag);
            return self.violation(format!("CC tag {tag}: {}", bad.join(", ")));
        }
        if d.status != status::SC {
            self.cpu_reads.remove(&d.tag);
            self.read_results
                .push_back((d.tag, ReadResult::Status(d.status)));
            return;
        }
        let off = (at & 3) as usize;
        let bytes = le_bytes(&t.dwords[3..]);
        let take = (bytes.len().saturating_sub(off)).min(r.left);
        r.data.extend_from_slice(&bytes[off..off + take]);
        r.left -= take;
        if r.left == 0 {
            let r = self.cpu_reads.remove(&d.tag).unwrap();
            self.read_results
                .push_back((d.tag, ReadResult::Data(r.data)));
        }
    }
}

/// The traffic class and attributes of the CPU's request with tag `tag`: every value in turn, so
/// that a completion which does not copy them from its request (FTNW-H042) shows.
fn cpu_tc(tag: u8) -> u8 {
    tag & 7
}
fn cpu_attr(tag: u8) -> u8 {
    (tag >> 3) & 7
}

/// `bytes` at `addr` as whole Dwords with their first and last byte enables.
pub fn dword_run(addr: u64, bytes: &[u8]) -> (Vec<u32>, u8, u8) {
    let off = (addr & 3) as usize;
    let n = (off + bytes.len()).div_ceil(4).max(1);
    let mut b = vec![0u8; n * 4];
    b[off..off + bytes.len()].copy_from_slice(bytes);
    let mut en = vec![false; n * 4];
    en[off..off + bytes.len()]
        .iter_mut()
        .for_each(|e| *e = true);
    let be = |i: usize| (0..4).fold(0u8, |m, k| m | (en[i * 4 + k] as u8) << k);
    let (first, last) = if n == 1 {
        (be(0), 0)
    } else {
        (be(0), be(n - 1))
    };
    (le_words(&b), first, last)
}

/// A CPU's write-combining buffers: stores gather in 64-byte lines; a flush empties the lines in
/// random order, each as one write or (sometimes) as 16- or 4-byte pieces, the pieces also in
/// random order. Only the written bytes of a line go out, each run of them as its own write.
pub struct WcCpu {
    lines: Vec<(u64, [Option<u8>; 64])>,
    rng: Rng,
    /// Chance a line is flushed in 16-byte pieces, and in 4-byte pieces.
    pub p16: f64,
    pub p4: f64,
}

impl WcCpu {
    pub fn new(seed: u64) -> Self {
        Self {
            lines: vec![],
            rng: Rng::new(seed),
            p16: 0.15,
            p4: 0.1,
        }
    }

    pub fn store(&mut self, addr: u64, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr + i as u64;
            let line = a & !63;
            let k = match self.lines.iter().position(|(l, _)| *l == line) {
                Some(k) => k,
                None => {
                    self.lines.push((line, [None; 64]));
                    self.lines.len() - 1
                }
            };
            self.lines[k].1[(a & 63) as usize] = Some(b);
        }
    }

    /// Every buffered store as writes `(addr, bytes)`, in the order the CPU would emit them.
    pub fn flush(&mut self) -> Vec<(u64, Vec<u8>)> {
        let mut lines = std::mem::take(&mut self.lines);
        let mut out = vec![];
        while !lines.is_empty() {
            let (line, bytes) = lines.remove(self.rng.below(lines.len() as u64) as usize);
            self.emit(line, &bytes, &mut out);
        }
        out
    }

    /// A store into a CPU with `buffers` write-combining buffers: a store to a line none holds
    /// while all are in use first evicts one of them, chosen at random (a full one or a partly
    /// written one); the evicted writes are returned.
    pub fn store_evicting(
        &mut self,
        addr: u64,
        bytes: &[u8],
        buffers: usize,
    ) -> Vec<(u64, Vec<u8>)> {
        let mut out = vec![];
        for (i, b) in bytes.iter().enumerate() {
            let a = addr + i as u64;
            if self.lines.len() >= buffers && !self.lines.iter().any(|(l, _)| *l == a & !63) {
                let k = self.rng.below(self.lines.len() as u64) as usize;
                let (line, bytes) = self.lines.remove(k);
                self.emit(line, &bytes, &mut out);
            }
            self.store(a, std::slice::from_ref(b));
        }
        out
    }

    /// One line's written bytes as writes: whole, or in 16- or 4-byte pieces in random order.
    fn emit(&mut self, line: u64, bytes: &[Option<u8>; 64], out: &mut Vec<(u64, Vec<u8>)>) {
        let piece = if self.rng.chance(self.p4) {
            4
        } else if self.rng.chance(self.p16) {
            16
        } else {
            64
        };
        let mut pieces = vec![];
        for p in (0..64).step_by(piece) {
            // runs of written bytes within the piece
            let mut i = p;
            while i < p + piece {
                if bytes[i].is_none() {
                    i += 1;
                    continue;
                }
                let s = i;
                while i < p + piece && bytes[i].is_some() {
                    i += 1;
                }
                let data: Vec<u8> = bytes[s..i].iter().map(|b| b.unwrap()).collect();
                pieces.push((line + s as u64, data));
            }
        }
        while !pieces.is_empty() {
            out.push(pieces.remove(self.rng.below(pieces.len() as u64) as usize));
        }
    }
}

/// Whole transfers as beats on a stream the model drives: `valid` with random gaps.
pub struct BeatSource {
    cur: Option<(Vec<Beat>, usize)>,
    /// Chance of a cycle without `valid` while a transfer waits.
    pub p_gap: f64,
}

impl BeatSource {
    pub fn new(p_gap: f64) -> Self {
        Self { cur: None, p_gap }
    }
    /// The beat to offer this cycle, taking a new transfer from `q` when idle.
    pub fn offer(&mut self, q: &mut VecDeque<Vec<Beat>>, rng: &mut Rng) -> Option<Beat> {
        if self.cur.is_none() {
            self.cur = q.pop_front().map(|t| (t, 0));
        }
        if rng.chance(self.p_gap) {
            return None;
        }
        self.cur.as_ref().map(|(t, i)| t[*i])
    }
    /// The offered beat was taken.
    pub fn taken(&mut self) {
        if let Some((t, i)) = &mut self.cur {
            *i += 1;
            if *i == t.len() {
                self.cur = None;
            }
        }
    }
}

/// Whole transfers collected from a stream the device drives: `ready` with random gaps.
#[derive(Default)]
pub struct BeatSink {
    cur: Vec<Beat>,
    pub p_stall: f64,
}

impl BeatSink {
    pub fn new(p_stall: f64) -> Self {
        Self {
            cur: vec![],
            p_stall,
        }
    }
    pub fn ready(&self, rng: &mut Rng) -> bool {
        !rng.chance(self.p_stall)
    }
    /// A beat was taken; the whole transfer at its `last`.
    pub fn take(&mut self, b: Beat) -> Option<Vec<Beat>> {
        self.cur.push(b);
        if b.last {
            Some(std::mem::take(&mut self.cur))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests;

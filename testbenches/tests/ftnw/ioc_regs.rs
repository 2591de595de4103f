//! The IOC's register path (`ftnw::ioc::Ioc`'s CQ receiver, register controller with its
//! clock crossing, CC transmitter) driven by the root-complex model's CPU (`nicgen_sim::pcie`):
//! random BAR2 reads and writes of 1 to 16 bytes to the link windows (TNW clock, slower and
//! faster than the IOC's), the IOC registers and unmapped offsets, partial-Dword writes, and
//! requests to BAR0 and BAR4; every completion is checked by the model (tag, requester ID, lower
//! address, byte count, status) and every read value against a model of the registers.
//! On the native model and on the emitted Verilog (Verilator). FTNW-H060-H065, H086-H088.

use nicgen_sim::harness::backend::{instances, Backend, ClockedDut};
use nicgen_sim::harness::ports::index;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::pcie::{BeatSink, BeatSource, PcieConfig, ReadResult, RootComplex};
use nicgen_sim::system::hostmem::MemServer;
use nicgen_wire::ftnw::ioc::{DMA_EXC, DMA_REQ_LO, IOC_REGS, IOC_REGS_BASE, LINK_EXC};
use nicgen_wire::pcie_us::{status, Beat};
use nicgen_wire::regs::Access;
use std::collections::{HashMap, VecDeque};

const BAR2: u64 = 0xf000_0000;
const BAR2_APERTURE: u8 = 17;

/// A link register exists at every 16-byte slot of the six windows (else `err`).
fn tnw_mapped(a: u32) -> bool {
    a < 0x6000 && a & 0xf == 0
}

struct Regs {
    tnw: Vec<u32>,
    /// The IOC registers' stored values, by offset in their window.
    ioc: HashMap<u32, u32>,
}

impl Regs {
    fn new() -> Self {
        Self {
            tnw: vec![0; 0x6000 / 4],
            ioc: IOC_REGS
                .regs
                .iter()
                .map(|r| (r.offset, r.reset()))
                .collect(),
        }
    }
    /// What a read of the Dword at BAR2 offset `o` returns.
    fn read(&self, o: u32) -> u32 {
        if o < 0x6000 {
            if tnw_mapped(o) {
                self.tnw[(o >> 2) as usize]
            } else {
                0
            }
        } else if o >= IOC_REGS_BASE {
            self.ioc.get(&(o - IOC_REGS_BASE)).copied().unwrap_or(0)
        } else {
            0
        }
    }
    fn write(&mut self, o: u32, v: u32) {
        if tnw_mapped(o) {
            self.tnw[(o >> 2) as usize] = v;
        } else if let Some(r) = IOC_REGS
            .regs
            .iter()
            .find(|r| o >= IOC_REGS_BASE && r.offset == o - IOC_REGS_BASE)
        {
            // RW fields keep what is written; WO fields read 0
            self.ioc.insert(r.offset, v & r.mask(Access::RW));
        }
    }
}

/// The top's ports by name.
struct Ix {
    clock: usize,
    tnw_clock: usize,
    reset: usize,
    tnw_reset: usize,
    completer_id: usize,
    cq: [usize; 6],
    cc: [usize; 6],
    tnw: [usize; 7],
    exc_request: usize,
    exc_partial: usize,
}

/// `ops` random requests with the TNW clock period `tp` (the IOC's is 4000 ps).
fn run(rng: &mut Rng, backend: Backend, tp: u64, ops: usize) {
    let mut inst = instances("ftnw_ioc", backend, 1);
    let p = inst.ports.clone();
    let ix = |n: &str| index(&p, n);
    let bus = |pre: &str| {
        ["addr", "wdata", "write", "read", "rdata", "ready", "err"]
            .map(|f| ix(&format!("{pre}_{f}")))
    };
    let ix = Ix {
        clock: ix("clock"),
        tnw_clock: ix("tnw_clock"),
        reset: ix("reset"),
        tnw_reset: ix("tnw_reset"),
        completer_id: ix("completer_id"),
        cq: ["tdata", "tkeep", "tlast", "tuser", "tvalid", "tready"]
            .map(|f| ix(&format!("s_axis_cq_{f}"))),
        cc: ["tdata", "tkeep", "tlast", "tuser", "tvalid", "tready"]
            .map(|f| ix(&format!("m_axis_cc_{f}"))),
        tnw: bus("tnw"),
        exc_request: ix("exc_request"),
        exc_partial: ix("exc_partial"),
    };
    let mut sim = ClockedDut::new(inst.duts.remove(0), &[4000, tp], &[ix.clock, ix.tnw_clock]);
    let [cq_data, cq_keep, cq_last, cq_user, cq_valid, cq_ready] = ix.cq;
    let [cc_data, cc_keep, cc_last, cc_user, cc_valid, cc_ready] = ix.cc;
    let [t_addr, t_wdata, t_write, t_read, t_rdata, t_ready, t_err] = ix.tnw;
    let (exc_req, exc_part) = (ix.exc_request, ix.exc_partial);
    sim.set(ix.completer_id, 0x0100);
    sim.set(ix.reset, 1);
    sim.set(ix.tnw_reset, 1);
    sim.run_each(4);
    sim.set(ix.reset, 0);
    sim.set(ix.tnw_reset, 0);
    let mut rc = RootComplex::new(PcieConfig::default(), MemServer::new(0), rng.next_u64());
    // the model, and the link registers the test's TNW bus keeps (the IOC registers are the
    // design's own: reads check them)
    let mut regs = Regs::new();
    let mut hw = Regs::new();
    let mut want: HashMap<u8, ReadResult> = HashMap::new();
    let (mut want_partial, mut want_request) = (0u32, 0u32);
    let (mut got_partial, mut got_request) = (0u32, 0u32);
    let mut src = BeatSource::new(0.2);
    let mut sink = BeatSink::new(0.2);
    let mut cq_q: VecDeque<Vec<Beat>> = VecDeque::new();
    let mut tnw_answer: Option<(u32, bool)> = None;
    let mut issued = 0;
    let mut offered: Option<Beat> = None;
    let mut steps = 0u64;
    // after the last answer, time for the last writes to cross
    let mut tail = 0;
    while tail < 4000 {
        if issued == ops && want.is_empty() && cq_q.is_empty() && offered.is_none() {
            tail += 1;
        }
        steps += 1;
        assert!(
            steps < 4_000_000,
            "stalled: {issued} of {ops} issued, {} reads open",
            want.len()
        );
        // new requests while few are queued
        if issued < ops && rc.cq_out.len() + cq_q.len() < 3 {
            issued += 1;
            let region = rng.below(10);
            let o: u32 = match region {
                0..=5 => (rng.below(0x6000 / 4) as u32) << 2,
                // the IOC window but the slots of LINK_EXC and DMA_EXC, whose sticky bits this
                // traffic sets, and of DMA_REQ, whose writes start DMA (reads and writes of up to
                // 16 bytes stay in one slot; the PPUT and NGET tests read and write these)
                6 | 7 => loop {
                    let o = IOC_REGS_BASE + ((rng.below(0x100 / 4) as u32) << 2);
                    let slot = (o - IOC_REGS_BASE) & !0xf;
                    if ![LINK_EXC.offset, DMA_EXC.offset, DMA_REQ_LO.offset].contains(&slot) {
                        break o;
                    }
                },
                _ => 0x6000 + ((rng.below(0xa000 / 4) as u32) << 2),
            };
            let kind = rng.below(10);
            if kind < 4 {
                // read of 4 or 8 bytes, or 1-3 bytes inside a Dword
                let (at, len) = match rng.below(3) {
                    0 => (o, 4),
                    1 => (o & !7, 8),
                    _ => {
                        let s = rng.below(3) as u32;
                        (o + s, 1 + rng.below((4 - s) as u64) as usize)
                    }
                };
                let mut v = regs.read(at & !3).to_le_bytes().to_vec();
                v.extend(regs.read((at & !3) + 4).to_le_bytes());
                let s = (at & 3) as usize;
                let tag = rc.cpu_read(2, BAR2_APERTURE, BAR2 + at as u64, len);
                want.insert(tag, ReadResult::Data(v[s..s + len].to_vec()));
            } else if kind < 8 {
                // write of 4, 8 or 16 aligned bytes
                let len = [4usize, 8, 16][rng.below(3) as usize];
                let at = o & !(len as u32 - 1);
                let data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
                for (k, c) in data.chunks(4).enumerate() {
                    regs.write(at + 4 * k as u32, u32::from_le_bytes(c.try_into().unwrap()));
                }
                rc.cpu_write(2, BAR2_APERTURE, BAR2 + at as u64, &data);
            } else if kind == 8 {
                // a partial Dword: not written, flagged
                let s = rng.below(3) as u64;
                rc.cpu_write(2, BAR2_APERTURE, BAR2 + o as u64 + s, &[0xaa; 1]);
                want_partial += 1;
            } else {
                // a read of BAR0 (the TX window) completes with UR, a write to BAR4 is
                // dropped; both flagged
                want_request += 1;
                if rng.chance(0.5) {
                    let tag = rc.cpu_read(0, 24, 0x1_0000_0000 + o as u64, 4);
                    want.insert(tag, ReadResult::Status(status::UR));
                } else {
                    rc.cpu_write(4, 24, 0x1_0000_0000 + o as u64, &[1, 2, 3, 4]);
                }
            }
        }
        cq_q.extend(rc.cq_out.drain(..));
        // values before the edge
        let cq_taken = sim.get(cq_ready) == 1;
        let cc = Beat {
            data: sim.get(cc_data),
            keep: sim.get(cc_keep) as u8,
            user: sim.get(cc_user),
            last: sim.get(cc_last) == 1,
        };
        let cc_go = sim.get(cc_valid) == 1 && sim.get(cc_ready) == 1;
        let (t_rd, t_wr) = (sim.get(t_read) == 1, sim.get(t_write) == 1);
        let (t_a, t_d) = (sim.get(t_addr) as u32, sim.get(t_wdata) as u32);
        let (e_part, e_req) = (sim.get(exc_part) == 1, sim.get(exc_req) == 1);
        let rose = sim.step();
        if rose & 2 != 0 {
            sim.set(t_ready, 0);
            if let Some((v, e)) = tnw_answer.take() {
                sim.set(t_ready, 1);
                sim.set(t_rdata, v as u128);
                sim.set(t_err, e as u128);
            }
            if t_rd || t_wr {
                let ok = tnw_mapped(t_a);
                if ok && t_wr {
                    hw.tnw[(t_a >> 2) as usize] = t_d;
                }
                tnw_answer = Some((
                    if ok && t_rd {
                        hw.tnw[(t_a >> 2) as usize]
                    } else {
                        0
                    },
                    !ok,
                ));
            }
        }
        if rose & 1 != 0 {
            got_partial += e_part as u32;
            got_request += e_req as u32;
            // CQ: the offered beat was taken if ready was up
            if offered.is_some() && cq_taken {
                src.taken();
            }
            offered = src.offer(&mut cq_q, rng);
            let o = offered.unwrap_or_default();
            sim.set(cq_data, o.data);
            sim.set(cq_keep, o.keep as u128);
            sim.set(cq_last, o.last as u128);
            sim.set(cq_user, o.user);
            sim.set(cq_valid, offered.is_some() as u128);
            // CC
            if cc_go {
                if let Some(t) = sink.take(cc) {
                    rc.cc(&t);
                    assert!(rc.violations.is_empty(), "{:?}", rc.violations);
                    while let Some((tag, r)) = rc.read_results.pop_front() {
                        let w = want.remove(&tag).expect("an answer to a read asked");
                        assert_eq!(r, w, "read tag {tag}");
                    }
                }
            }
            sim.set(cc_ready, sink.ready(rng) as u128);
        }
    }
    let (h, m) = (&hw.tnw, &regs.tnw);
    if let Some(i) = (0..h.len()).find(|&i| h[i] != m[i]) {
        panic!(
            "link register at {:#x}: {:#x}, model {:#x} ({tp} ps)",
            i * 4,
            h[i],
            m[i]
        );
    }
    assert_eq!(got_request, want_request, "exc_request pulses");
    assert_eq!(got_partial, want_partial, "exc_partial pulses");
}

// verifies: FTNW-H060 FTNW-H065 FTNW-H085 FTNW-H086 FTNW-H087 FTNW-H088
// verifies: FTNW-H042 FTNW-H049 FTNW-H061 FTNW-H078 FTNW-H102
#[test]
fn bar2_accesses_through_cq_and_cc_at_three_clock_ratios() {
    check("ioc_regs", 0x10C, |rng| {
        run(rng, Backend::Native, 4000, 1500); // same clock
        run(rng, Backend::Native, 10_002, 1500); // TNW slower
        run(rng, Backend::Native, 1_602, 1500); // TNW faster
    });
}

/// The same traffic on the emitted Verilog (Verilator), longer.
// verifies: FTNW-H060 FTNW-H065 FTNW-H085 FTNW-H086 FTNW-H087 FTNW-H088
// verifies: FTNW-H042 FTNW-H049 FTNW-H061 FTNW-H078 FTNW-H102
#[test]
fn bar2_accesses_through_cq_and_cc_verilator() {
    if !verilator::require("bar2_accesses_through_cq_and_cc_verilator") {
        return;
    }
    check("ioc_regs_verilator", 0x10D, |rng| {
        run(rng, Backend::Verilator, 4000, 5000);
        run(rng, Backend::Verilator, 10_002, 5000);
        run(rng, Backend::Verilator, 1_602, 5000);
    });
}

//! The IOC's register path (`ftnw::ioc::RegPath`: CQ receiver, register controller with its
//! clock crossing, CC transmitter) driven by the root-complex model's CPU (`nicgen_sim::pcie`):
//! random BAR2 reads and writes of 1 to 16 bytes to the link windows (TNW clock, slower and
//! faster than the IOC's), the IOC registers and unmapped offsets, partial-Dword writes, and
//! requests to BAR0; every completion is checked by the model (tag, requester ID, lower
//! address, byte count, status) and every read value against a model of the registers.
//! FTNW-H060-H065, H086-H088.

use nicgen_hdl::ftnw::ioc::RegPath;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::pcie::{BeatSink, BeatSource, PcieConfig, ReadResult, RootComplex};
use nicgen_sim::system::hostmem::MemServer;
use nicgen_wire::pcie_us::{status, Beat};
use num_bigint::BigUint;
use rust_hdl::prelude::*;
use std::collections::{HashMap, VecDeque};

const BAR2: u64 = 0xf000_0000;
const BAR2_APERTURE: u8 = 17;

fn b<const N: usize>(v: u128) -> Bits<N> {
    Bits::<N>::from(BigUint::from(v))
}

/// A link register exists at every 16-byte slot of the six windows (else `err`).
fn tnw_mapped(a: u32) -> bool {
    a < 0x6000 && a & 0xf == 0
}

struct Regs {
    tnw: Vec<u32>,
    ioc: Vec<u32>,
}

impl Regs {
    /// What a read of the Dword at BAR2 offset `o` returns.
    fn read(&self, o: u32) -> u32 {
        if o < 0x6000 {
            if tnw_mapped(o) {
                self.tnw[(o >> 2) as usize]
            } else {
                0
            }
        } else if (0x1_0000..0x1_0080).contains(&o) {
            self.ioc[((o - 0x1_0000) >> 2) as usize]
        } else {
            0
        }
    }
    fn write(&mut self, o: u32, v: u32) {
        if tnw_mapped(o) {
            self.tnw[(o >> 2) as usize] = v;
        } else if (0x1_0000..0x1_0080).contains(&o) {
            self.ioc[((o - 0x1_0000) >> 2) as usize] = v;
        }
    }
}

/// `ops` random requests with the TNW clock period `tp` (the IOC's is 4000 ps).
fn run(rng: &mut Rng, tp: u64, ops: usize) {
    let mut bench = Bench::multi(
        RegPath::default(),
        vec![
            (
                4000,
                Box::new(|u: &mut RegPath, c| u.clock.next = Clock { clk: c }),
            ),
            (
                tp,
                Box::new(|u: &mut RegPath, c| u.tnw_clock.next = Clock { clk: c }),
            ),
        ],
    );
    let u = &mut bench.uut;
    u.completer_id.next = 0x0100u64.into();
    u.reset.next = true;
    u.tnw_reset.next = true;
    for _ in 0..4 {
        bench.tick_clock(0);
        bench.tick_clock(1);
    }
    bench.uut.reset.next = false;
    bench.uut.tnw_reset.next = false;
    let mut rc = RootComplex::new(PcieConfig::default(), MemServer::new(0), rng.next_u64());
    let mut regs = Regs {
        tnw: vec![0; 0x6000 / 4],
        ioc: vec![0; 0x80 / 4],
    };
    let mut hw = Regs {
        tnw: vec![0; 0x6000 / 4],
        ioc: vec![0; 0x80 / 4],
    };
    let mut want: HashMap<u8, ReadResult> = HashMap::new();
    let (mut want_partial, mut want_request) = (0u32, 0u32);
    let (mut got_partial, mut got_request) = (0u32, 0u32);
    let mut src = BeatSource::new(0.2);
    let mut sink = BeatSink::new(0.2);
    let mut cq_q: VecDeque<Vec<Beat>> = VecDeque::new();
    let (mut tnw_answer, mut ioc_answer): (Option<(u32, bool)>, Option<(u32, bool)>) = (None, None);
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
                6 | 7 => 0x1_0000 + ((rng.below(0x80 / 4) as u32) << 2),
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
                // BAR0: a read completes with UR, a write is dropped; both flagged
                want_request += 1;
                if rng.chance(0.5) {
                    let tag = rc.cpu_read(0, 24, 0x1_0000_0000 + o as u64, 4);
                    want.insert(tag, ReadResult::Status(status::UR));
                } else {
                    rc.cpu_write(0, 24, 0x1_0000_0000 + o as u64, &[1, 2, 3, 4]);
                }
            }
        }
        cq_q.extend(rc.cq_out.drain(..));
        // values before the edge
        let u = &bench.uut;
        let cq_ready = u.s_axis_cq_tready.val();
        let cc = Beat {
            data: u.m_axis_cc_tdata.val().to_u128(),
            keep: u.m_axis_cc_tkeep.val().to_u64() as u8,
            user: u.m_axis_cc_tuser.val().to_u128(),
            last: u.m_axis_cc_tlast.val(),
        };
        let cc_valid = u.m_axis_cc_tvalid.val();
        let cc_ready = u.m_axis_cc_tready.val();
        let (t_rd, t_wr) = (u.tnw.read.val(), u.tnw.write.val());
        let (t_a, t_d) = (u.tnw.addr.val().to_u32(), u.tnw.wdata.val().to_u32());
        let (i_rd, i_wr) = (u.ioc.read.val(), u.ioc.write.val());
        let (i_a, i_d) = (u.ioc.addr.val().to_u32(), u.ioc.wdata.val().to_u32());
        let (e_part, e_req) = (u.exc_partial.val(), u.exc_request.val());
        let rose = bench.step();
        let u = &mut bench.uut;
        if rose & 2 != 0 {
            u.tnw.ready.next = false;
            if let Some((v, e)) = tnw_answer.take() {
                u.tnw.ready.next = true;
                u.tnw.rdata.next = (v as u64).into();
                u.tnw.err.next = e;
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
            u.ioc.ready.next = false;
            if let Some((v, e)) = ioc_answer.take() {
                u.ioc.ready.next = true;
                u.ioc.rdata.next = (v as u64).into();
                u.ioc.err.next = e;
            }
            if i_rd || i_wr {
                if i_wr {
                    hw.ioc[(i_a >> 2) as usize] = i_d;
                }
                ioc_answer = Some((hw.ioc[(i_a >> 2) as usize], false));
            }
            // CQ: the offered beat was taken if ready was up
            if offered.is_some() && cq_ready {
                src.taken();
            }
            offered = src.offer(&mut cq_q, rng);
            let o = offered.unwrap_or_default();
            u.s_axis_cq_tdata.next = b::<128>(o.data);
            u.s_axis_cq_tkeep.next = (o.keep as u64).into();
            u.s_axis_cq_tlast.next = o.last;
            u.s_axis_cq_tuser.next = b::<85>(o.user);
            u.s_axis_cq_tvalid.next = offered.is_some();
            // CC
            if cc_valid && cc_ready {
                if let Some(t) = sink.take(cc) {
                    rc.cc(&t);
                    assert!(rc.violations.is_empty(), "{:?}", rc.violations);
                    while let Some((tag, r)) = rc.read_results.pop_front() {
                        let w = want.remove(&tag).expect("an answer to a read asked");
                        assert_eq!(r, w, "read tag {tag}");
                    }
                }
            }
            u.m_axis_cc_tready.next = sink.ready(rng);
        }
    }
    for (name, h, m) in [("link", &hw.tnw, &regs.tnw), ("IOC", &hw.ioc, &regs.ioc)] {
        if let Some(i) = (0..h.len()).find(|&i| h[i] != m[i]) {
            panic!(
                "{name} register at {:#x}: {:#x}, model {:#x} ({tp} ps)",
                i * 4,
                h[i],
                m[i]
            );
        }
    }
    assert_eq!(got_request, want_request, "exc_request pulses");
    assert_eq!(got_partial, want_partial, "exc_partial pulses");
}

// verifies: FTNW-H060 FTNW-H065 FTNW-H086 FTNW-H088
#[test]
fn bar2_accesses_through_cq_and_cc_at_three_clock_ratios() {
    check("ioc_regs", 0x10C, |rng| {
        run(rng, 4000, 1500); // same clock
        run(rng, 10_002, 1500); // TNW slower
        run(rng, 1_602, 1500); // TNW faster
    });
}

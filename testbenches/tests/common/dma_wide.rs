//! Wide DMA writes (`common::dma_wide::DmaWrPack` into `common::axi::WideWrToAxi4`): random
//! 32-bit writes (1-40 words at any word address, never across 4 KB, random VALID delays) onto a
//! 256-bit AXI4 write port with random AWREADY / WREADY stalls and late B responses, some of them
//! SLVERR. Checked at the AXI side: each write is one INCR burst of 32-byte beats at its address
//! aligned down to 32 bytes, `(lane + words + 7) / 8` beats long, AWSIZE 5, AWID 0; every beat's
//! strobes select exactly the write's words, each in its lane, every other strobe low; WLAST on
//! the last beat only; AW and W held until READY; store-and-forward: once a burst's AW is
//! offered its beats are offered back to back until WLAST. At the narrow side: one response per
//! write, in order, with the burst's error; with every VALID and READY high (the second half), a
//! write's words taken one per cycle, its first at most one cycle after it is offered.

use nicgen_hdl::common::axi::{Axi4WrMaster, WideWrToAxi4};
use nicgen_hdl::common::dma::{DmaWrMaster, DmaWrSlave};
use nicgen_hdl::common::dma_wide::{DmaWrPack, WIDE};
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use num_bigint::BigUint;
use rust_hdl::prelude::*;
use std::collections::VecDeque;

#[derive(LogicBlock, Default)]
struct PackAxi {
    clock: Signal<In, Clock>,
    reset: Signal<In, Bit>,
    m: DmaWrSlave<32>,
    m_axi: Axi4WrMaster<256, 32, 1>,
    pack: DmaWrPack,
    conv: WideWrToAxi4,
}

impl Logic for PackAxi {
    #[hdl_gen]
    fn update(&mut self) {
        self.pack.clock.next = self.clock.val();
        self.pack.reset.next = self.reset.val();
        self.conv.clock.next = self.clock.val();
        self.conv.reset.next = self.reset.val();
        DmaWrSlave::<32>::link(&mut self.m, &mut self.pack.m);
        DmaWrMaster::<WIDE>::join(&mut self.pack.s, &mut self.conv.dma);
        Axi4WrMaster::<256, 32, 1>::link(&mut self.m_axi, &mut self.conv.m_axi);
    }
}

/// Word `i` of write `w`.
fn word(w: usize, i: usize) -> u32 {
    0xA000_0000 | ((w as u32) << 8) | i as u32
}

// verifies: FTNW-H017 FTNW-H018
#[test]
fn packed_writes_are_whole_aligned_strobed_bursts() {
    check("dma_wide_pack", 0xD3B, |rng| {
        let mut b = Bench::new(PackAxi::default(), |u, c| u.clock.next = Clock { clk: c });
        b.uut.reset.next = true;
        b.tick();
        b.tick();
        b.uut.reset.next = false;
        let writes = 400;
        // (address, words): any word address, the write inside its 4 KB page
        let ws: Vec<(u64, usize)> = (0..writes)
            .map(|_| {
                let n = match rng.below(4) {
                    0 => 1,
                    1 => 32,
                    _ => 1 + rng.below(40) as usize,
                };
                let page = (1 + rng.below(1000)) << 12;
                let off = rng.below((4096 - 4 * n as u64) / 4 + 1) * 4;
                (page + off, n)
            })
            .collect();
        let beats_of = |w: usize| ((ws[w].0 >> 2 & 7) as usize + ws[w].1 + 7) / 8;
        let (mut next, mut beat, mut rsp) = (0usize, 0usize, 0usize);
        let mut data_q: VecDeque<usize> = VecDeque::new();
        let (mut req_on, mut dat_on) = (false, false);
        // cycles the offered word has waited (the eager half)
        let mut waited = 0u32;
        // AXI side: bursts taken (write, beats seen); B owed (due, err)
        let mut bursts: VecDeque<(usize, usize)> = VecDeque::new();
        let mut aw_seen = 0usize;
        let mut bq: VecDeque<(u64, bool)> = VecDeque::new();
        let mut held_aw: Option<(u64, u64)> = None;
        let mut held_w: Option<(BigUint, u64, bool)> = None;
        // the burst whose AW has been offered and whose W is not complete
        let mut streaming = false;
        for cycle in 0..60_000u64 {
            let u = &mut b.uut;
            // the second half eager (every VALID at once, every READY high): the narrow side
            // must then take a word every cycle, a write's first word right after the last of
            // the write before
            let eager = rsp >= writes / 2;
            let (p_req, p_dat, p_ready) = if eager {
                (1.0, 1.0, 1.0)
            } else {
                (0.4, 0.8, 0.6)
            };
            if !req_on && next < writes && (next != writes / 2 || eager) && rng.chance(p_req) {
                req_on = true;
            }
            u.m.wr_req_valid.next = req_on;
            u.m.wr_req_addr.next = ws[next.min(writes - 1)].0.into();
            u.m.wr_req_beats.next = (ws[next.min(writes - 1)].1 as u64).into();
            match data_q.front() {
                Some(&w) => {
                    if !dat_on && rng.chance(p_dat) {
                        dat_on = true;
                    }
                    u.m.wr_dat_data.next = (word(w, beat) as u64).into();
                    u.m.wr_dat_last.next = beat + 1 == ws[w].1;
                }
                None => dat_on = false,
            }
            u.m.wr_dat_valid.next = dat_on;
            u.m.wr_rsp_ready.next = eager || rng.chance(0.8);
            u.m_axi.awready.next = rng.chance(p_ready);
            // W only for a burst whose AW was taken (as host memory does)
            u.m_axi.wready.next = !bursts.is_empty() && rng.chance(p_ready);
            let bv = bq.front().is_some_and(|r| r.0 <= cycle);
            u.m_axi.bvalid.next = bv;
            u.m_axi.bresp.next = (if bq.front().is_some_and(|r| r.1) {
                2u64
            } else {
                0
            })
            .into();
            u.m_axi.bid.next = 0u64.into();
            b.settle();
            let u = &b.uut;
            // AW
            if u.m_axi.awvalid.val() {
                let p = (u.m_axi.awaddr.val().to_u64(), u.m_axi.awlen.val().to_u64());
                if let Some(h) = held_aw {
                    assert_eq!(h, p, "AW payload changed while waiting (cycle {cycle})");
                }
                held_aw = (!u.m_axi.awready.val()).then_some(p);
                if aw_seen < writes {
                    streaming = true;
                }
                if u.m_axi.awready.val() {
                    let w = aw_seen;
                    assert!(w < writes, "an AW for no write");
                    assert_eq!(p.0, ws[w].0 & !31, "write {w}: AWADDR");
                    assert_eq!(p.1 as usize + 1, beats_of(w), "write {w}: AWLEN");
                    assert_eq!(u.m_axi.awsize.val().to_u64(), 5);
                    assert_eq!(u.m_axi.awburst.val().to_u64(), 1);
                    assert_eq!(u.m_axi.awid.val().to_u64(), 0);
                    bursts.push_back((w, 0));
                    aw_seen += 1;
                }
            } else {
                assert!(
                    held_aw.is_none(),
                    "AWVALID dropped before AWREADY (cycle {cycle})"
                );
            }
            // W
            if streaming && !bursts.is_empty() {
                assert!(
                    u.m_axi.wvalid.val(),
                    "cycle {cycle}: a gap in the beats of a burst already offered"
                );
            }
            if u.m_axi.wvalid.val() {
                let data: BigUint = u.m_axi.wdata.val().into();
                let p = (data, u.m_axi.wstrb.val().to_u64(), u.m_axi.wlast.val());
                if let Some(h) = &held_w {
                    assert_eq!(*h, p, "W payload changed while waiting (cycle {cycle})");
                }
                held_w = (!u.m_axi.wready.val()).then_some(p.clone());
                if u.m_axi.wready.val() {
                    let (w, i) = bursts.front_mut().expect("a W beat for no burst");
                    let (addr, n) = ws[*w];
                    let lane0 = (addr >> 2 & 7) as usize;
                    let mut want_strb = 0u64;
                    for lane in 0..8 {
                        let k = *i * 8 + lane;
                        if k >= lane0 && k - lane0 < n {
                            want_strb |= 0xF << (4 * lane);
                            let got = ((&p.0 >> (32 * lane)) & BigUint::from(u32::MAX))
                                .to_u64_digits()
                                .first()
                                .copied()
                                .unwrap_or(0);
                            assert_eq!(
                                got as u32,
                                word(*w, k - lane0),
                                "write {w} beat {i} lane {lane}"
                            );
                        }
                    }
                    assert_eq!(p.1, want_strb, "write {w} beat {i}: WSTRB");
                    *i += 1;
                    let end = *i == beats_of(*w);
                    assert_eq!(p.2, end, "write {w}: WLAST on beat {i}");
                    if end {
                        let (w, _) = bursts.pop_front().unwrap();
                        bq.push_back((cycle + 1 + rng.below(12), w % 5 == 2));
                        streaming = held_aw.is_some();
                    }
                }
            } else {
                assert!(
                    held_w.is_none(),
                    "WVALID dropped before WREADY (cycle {cycle})"
                );
            }
            if bv && u.m_axi.bready.val() {
                bq.pop_front();
            }
            // the narrow master's handshakes
            if eager && dat_on {
                // a write's words one per cycle; its first after at most one idle cycle
                waited = if u.m.wr_dat_ready.val() {
                    0
                } else {
                    waited + 1
                };
                assert!(
                    waited == 0 || (beat == 0 && waited == 1),
                    "cycle {cycle}: word {beat} of write {} waits with every READY high",
                    data_q[0]
                );
            }
            if req_on && u.m.wr_req_ready.val() {
                req_on = false;
                data_q.push_back(next);
                next += 1;
            }
            if dat_on && u.m.wr_dat_ready.val() {
                dat_on = false;
                beat += 1;
                if beat == ws[*data_q.front().unwrap()].1 {
                    beat = 0;
                    data_q.pop_front();
                }
            }
            if u.m.wr_rsp_valid.val() && u.m.wr_rsp_ready.val() {
                assert_eq!(u.m.wr_rsp_err.val(), rsp % 5 == 2, "response {rsp}");
                rsp += 1;
                assert!(rsp <= next, "a response for no write");
            }
            b.tick();
            if rsp == writes {
                break;
            }
        }
        assert_eq!(rsp, writes, "every write answered");
        assert_eq!(aw_seen, writes);
    });
}

//! The DMA write-port arbiter (`common::dma_arb`, its register slices included): three masters
//! with random writes (1-6 beats, random VALID delays, payload held until READY) onto a memory
//! with random READY stalls and late responses. Checked at the memory: every write arrives
//! whole (its beats all from one master, `last` on its final beat only, never before its
//! request), each master's writes in its order, a request's VALID and payload held until
//! taken; at each master: one response per write, in order, with the memory's `err`. Every
//! master is served (no starvation) and all finish.

use nicgen_hdl::common::dma_arb::DmaWrArbiter;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;
use std::collections::VecDeque;

const M: usize = 3;

/// Beat `i` of write `w` of master `m`.
fn word(m: usize, w: usize, i: usize) -> u32 {
    ((m as u32) << 28) | ((w as u32) << 8) | i as u32
}

// verifies: FTNW-H018 FTNW-H162
#[test]
fn dma_write_arbiter_keeps_writes_whole_and_in_order() {
    check("dma_write_arbiter", 0xD3A, |rng| {
        let mut b = Bench::new(DmaWrArbiter::<M, 32>::default(), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        b.uut.reset.next = true;
        b.tick();
        b.uut.reset.next = false;
        let writes = 60;
        let lens: Vec<Vec<usize>> = (0..M)
            .map(|_| (0..writes).map(|_| 1 + rng.below(6) as usize).collect())
            .collect();
        // master state: next write, beat of its data, request taken, responses received
        let mut next = [0usize; M];
        let mut beat = [0usize; M];
        let mut req_done = [false; M];
        let mut data_q: [VecDeque<usize>; M] = Default::default();
        let mut rsp = [0usize; M];
        let mut req_on = [false; M];
        let mut dat_on = [false; M];
        // memory: current write (master, write, beats seen, length), expected responses
        let mut mem: VecDeque<(usize, usize, usize)> = VecDeque::new();
        let mut seen = [0usize; M];
        let mut rsps: VecDeque<(u64, bool, usize, usize)> = VecDeque::new();
        let mut held_req: Option<(u64, u64)> = None;
        for cycle in 0..40_000u64 {
            let u = &mut b.uut;
            // masters drive
            for m in 0..M {
                if !req_on[m] && next[m] < writes && !req_done[m] && rng.chance(0.3) {
                    req_on[m] = true;
                }
                u.m[m].wr_req_valid.next = req_on[m];
                u.m[m].wr_req_addr.next = (((m as u64) << 32) | (next[m] as u64) << 8).into();
                u.m[m].wr_req_beats.next = (lens[m][next[m].min(writes - 1)] as u64).into();
                let w = data_q[m].front().copied();
                if let Some(w) = w {
                    if !dat_on[m] && rng.chance(0.7) {
                        dat_on[m] = true;
                    }
                    u.m[m].wr_dat_data.next = (word(m, w, beat[m]) as u64).into();
                    u.m[m].wr_dat_last.next = beat[m] + 1 == lens[m][w];
                } else {
                    dat_on[m] = false;
                }
                u.m[m].wr_dat_valid.next = dat_on[m];
                u.m[m].wr_rsp_ready.next = rng.chance(0.8);
            }
            u.s.wr_req_ready.next = rng.chance(0.6);
            u.s.wr_dat_ready.next = rng.chance(0.6);
            let rv = rsps.front().map_or(false, |r| r.0 <= cycle);
            u.s.wr_rsp_valid.next = rv;
            u.s.wr_rsp_err.next = rsps.front().map_or(false, |r| r.1);
            b.settle();
            let u = &b.uut;
            // memory side
            if u.s.wr_req_valid.val() {
                let p = (
                    u.s.wr_req_addr.val().to_u64(),
                    u.s.wr_req_beats.val().to_u64(),
                );
                if let Some(h) = held_req {
                    assert_eq!(
                        h, p,
                        "request payload changed while waiting (cycle {cycle})"
                    );
                }
                held_req = (!u.s.wr_req_ready.val()).then_some(p);
                if u.s.wr_req_ready.val() {
                    let m = (p.0 >> 32) as usize;
                    let w = ((p.0 >> 8) & 0xFF) as usize;
                    assert_eq!(w, seen[m], "master {m}: writes out of order");
                    seen[m] += 1;
                    mem.push_back((m, w, 0));
                }
            } else {
                assert!(
                    held_req.is_none(),
                    "request VALID dropped before READY (cycle {cycle})"
                );
            }
            if u.s.wr_dat_valid.val() && u.s.wr_dat_ready.val() {
                let (m, w, i) = mem.front_mut().expect("data before its request");
                assert_eq!(
                    u.s.wr_dat_data.val().to_u32(),
                    word(*m, *w, *i),
                    "cycle {cycle}"
                );
                *i += 1;
                let end = *i == lens[*m][*w];
                assert_eq!(
                    u.s.wr_dat_last.val(),
                    end,
                    "last at beat {i} of write {w} of {m}"
                );
                if end {
                    let (m, w, _) = mem.pop_front().unwrap();
                    rsps.push_back((cycle + 1 + rng.below(20), w % 7 == 3, m, w));
                }
            }
            if rv && u.s.wr_rsp_ready.val() {
                rsps.pop_front();
            }
            // masters see their handshakes
            for m in 0..M {
                if req_on[m] && u.m[m].wr_req_ready.val() {
                    req_on[m] = false;
                    data_q[m].push_back(next[m]);
                    next[m] += 1;
                }
                if dat_on[m] && u.m[m].wr_dat_ready.val() {
                    dat_on[m] = false;
                    beat[m] += 1;
                    let w = *data_q[m].front().unwrap();
                    if beat[m] == lens[m][w] {
                        beat[m] = 0;
                        data_q[m].pop_front();
                    }
                }
                if u.m[m].wr_rsp_valid.val() && u.m[m].wr_rsp_ready.val() {
                    let r = rsp[m];
                    assert_eq!(
                        u.m[m].wr_rsp_err.val(),
                        r % 7 == 3,
                        "master {m} response {r}"
                    );
                    rsp[m] += 1;
                    assert!(rsp[m] <= next[m], "master {m}: a response for no write");
                }
                req_done[m] = next[m] == writes;
            }
            b.tick();
            if (0..M).all(|m| rsp[m] == writes) {
                break;
            }
        }
        assert_eq!(rsp, [writes; M], "every write answered");
        assert_eq!(seen, [writes; M]);
    });
}

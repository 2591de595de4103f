//! Round-robin arbiter: one-hot grant to a requester, fairness bound (no requester waits more
//! than N-1 grants to others), no starvation, against a reference model, random requests.

use nicgen_hdl::tops::RoundRobin8;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;

#[test]
fn round_robin_fair_and_matches_model() {
    check("round_robin", 0xA4B, |rng| {
        let n = 8usize;
        let mut b = Bench::new(RoundRobin8::default(), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        let mut last: Option<usize> = None; // model: last granted index
        let mut waited = [0usize; 8]; // grants to others while requesting
        let mut req_state = 0u64;
        for cycle in 0..20_000 {
            // requests persist until granted (a requester does not give up), new ones arrive
            req_state |= rng.next_u64() & rng.next_u64() & 0xFF;
            if cycle % 1000 == 999 {
                req_state = 0xFF; // everybody at once
            }
            let ack = rng.chance(0.8);
            b.uut.req.next = req_state.into();
            b.uut.ack.next = ack;
            b.settle();
            let g = b.uut.grant.val().to_u64();
            assert_eq!(b.uut.valid.val(), req_state != 0);
            if req_state == 0 {
                assert_eq!(g, 0);
                b.tick();
                continue;
            }
            assert_eq!(g.count_ones(), 1, "one-hot");
            assert!(g & req_state != 0, "grant to a requester");
            let gi = g.trailing_zeros() as usize;
            let start = last.map(|l| (l + 1) % n).unwrap_or(0);
            let want = (0..n)
                .map(|k| (start + k) % n)
                .find(|&i| (req_state >> i) & 1 != 0)
                .unwrap();
            assert_eq!(gi, want, "cycle {cycle}: round-robin order");
            b.tick();
            if ack {
                last = Some(gi);
                req_state &= !g;
                for i in 0..n {
                    if i != gi && (req_state >> i) & 1 != 0 {
                        waited[i] += 1;
                        assert!(
                            waited[i] <= n - 1,
                            "requester {i} waited {} grants",
                            waited[i]
                        );
                    }
                }
                waited[gi] = 0;
            }
        }
        // reset restarts the rotation from requester 0
        b.uut.reset.next = true;
        b.tick();
        b.uut.reset.next = false;
        b.uut.req.next = 0xFFu64.into();
        b.settle();
        assert_eq!(b.uut.grant.val().to_u64(), 1);
    });
}

//! The register slice (`common::skid::Skid`): random VALID on the input and random READY on
//! the output, every beat out once, in order, intact; the stream rules on both sides; and no
//! combinational path across it (`in_ready` and the output do not move when `out_ready` or the
//! input change within a cycle), with `out_en` dropped at random (the beat waits, VALID low).
//! Full throughput when the output is always ready and enabled.

use nicgen_hdl::common::skid::Skid;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;

#[test]
fn skid_passes_every_beat_in_order_with_registered_handshakes() {
    check("skid", 0x5C1D, |rng| {
        let mut b = Bench::new(Skid::<40, 3>::default(), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        b.uut.reset.next = true;
        b.tick();
        b.settle();
        assert!(
            !b.uut.out_valid.val() && !b.uut.in_ready.val(),
            "idle in reset"
        );
        b.uut.reset.next = false;
        let n = 3000u64;
        let beat = |i: u64| ((i * 0x9E37_79B9) & 0xFF_FFFF_FFFF, i % 8);
        let (mut sent, mut got) = (0u64, 0u64);
        let mut in_on = false;
        let mut held_out: Option<(u64, u64)> = None;
        // the first 500 cycles with the output always ready: a beat per cycle
        for cycle in 0..40_000u64 {
            let u = &mut b.uut;
            if !in_on && sent < n && (cycle < 500 || rng.chance(0.6)) {
                in_on = true;
            }
            // `out_en` falls only while no beat is shown waiting (the rule of the port)
            u.out_en.next = cycle < 500 || held_out.is_some() || rng.chance(0.8);
            u.in_valid.next = in_on;
            u.in_a.next = beat(sent).0.into();
            u.in_b.next = beat(sent).1.into();
            let ready = cycle < 500 || rng.chance(0.5);
            u.out_ready.next = !ready;
            b.settle();
            let before = (
                b.uut.in_ready.val(),
                b.uut.out_valid.val(),
                b.uut.out_a.val().to_u64(),
            );
            b.uut.out_ready.next = ready;
            b.settle();
            let u = &b.uut;
            assert_eq!(
                before,
                (u.in_ready.val(), u.out_valid.val(), u.out_a.val().to_u64()),
                "out_ready reached the slice's outputs combinationally (cycle {cycle})"
            );
            if u.out_valid.val() {
                let p = (u.out_a.val().to_u64(), u.out_b.val().to_u64());
                if let Some(h) = held_out {
                    assert_eq!(h, p, "output changed while not taken (cycle {cycle})");
                }
                held_out = (!ready).then_some(p);
                if ready {
                    assert_eq!(p, beat(got), "beat {got} (lost, duplicated or reordered)");
                    got += 1;
                }
            } else {
                assert!(held_out.is_none(), "output VALID dropped before READY");
            }
            if in_on && u.in_ready.val() {
                in_on = false;
                sent += 1;
            }
            b.tick();
            if cycle == 499 {
                assert!(
                    got >= 497,
                    "{got} beats in 500 cycles with the output always ready"
                );
            }
            if got == n {
                break;
            }
        }
        assert_eq!((sent, got), (n, n));
    });
}

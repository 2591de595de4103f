//! The register bus across two clock domains (`common::regbus_cdc`, the FTNW register
//! controller's crossing, FTNW-H062/H063/H064): 10^5 reads and writes in all over clock ratios
//! from 1:3 to 3:1, equal clocks and a slowly sliding phase, against a register-file model on
//! the far side that answers after 1-3 cycles and with `err` for unmapped or unaligned
//! addresses. Every read returns the value of the last write, every `err` is passed back, no
//! access is issued twice or lost, and the far side sees one strobe at a time.

use nicgen_hdl::common::regbus_cdc::RegBusCdc;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;

type Cdc = RegBusCdc<8>;

/// Registers 0..48 (bytes 0..0xc0) exist; the rest and unaligned addresses answer `err`.
fn mapped(addr: u32) -> bool {
    addr & 3 == 0 && addr < 0xc0
}

/// `accesses` random accesses with the requester on a `mp` ps clock and the registers on `sp`.
/// Returns the mean cycles of the requester clock per access.
fn run(rng: &mut Rng, mp: u64, sp: u64, accesses: usize) -> f64 {
    let mut b = Bench::multi(
        Cdc::default(),
        vec![
            (
                mp,
                Box::new(|u: &mut Cdc, c| u.m_clock.next = Clock { clk: c }),
            ),
            (
                sp,
                Box::new(|u: &mut Cdc, c| u.s_clock.next = Clock { clk: c }),
            ),
        ],
    );
    b.uut.m_reset.next = true;
    b.uut.s_reset.next = true;
    for _ in 0..4 {
        b.tick_clock(0);
        b.tick_clock(1);
    }
    b.uut.m_reset.next = false;
    b.uut.s_reset.next = false;
    let mut regs = [0u32; 48];
    // the far side's register file in the test
    let mut answer_in: Option<u32> = None; // s-cycles until the answer
    let mut answer: (u32, bool) = (0, false);
    // the requester
    let mut issued: Option<(bool, u32, u32)> = None; // (write, addr, wdata) awaiting ready
    let mut strobe_up = false;
    let mut done = 0usize;
    let m_start = b.edges[0];
    let mut idle_m = 0u64;
    let mut since = b.edges[0];
    let mut last_done = 0;
    while done < accesses {
        if done != last_done {
            (since, last_done) = (b.edges[0], done);
        }
        assert!(
            b.edges[0] - since < 100 + 20 * (sp / mp),
            "access {done} not answered ({mp}/{sp} ps)"
        );
        // values before the edge
        let ready = b.uut.bus.ready.val();
        let rdata = b.uut.bus.rdata.val().to_u32();
        let err = b.uut.bus.err.val();
        let s_rd = b.uut.out.read.val();
        let s_wr = b.uut.out.write.val();
        let s_addr = b.uut.out.addr.val().to_u32();
        let s_wdata = b.uut.out.wdata.val().to_u32();
        let rose = b.step();
        if rose & 2 != 0 {
            // far side: one answer per strobe, after 1-3 cycles
            b.uut.out.ready.next = false;
            match answer_in {
                Some(0) => {
                    b.uut.out.ready.next = true;
                    b.uut.out.rdata.next = (answer.0 as u64).into();
                    b.uut.out.err.next = answer.1;
                    answer_in = None;
                }
                Some(n) => answer_in = Some(n - 1),
                None => {}
            }
            assert!(!(s_rd && s_wr), "read and write together");
            if s_rd || s_wr {
                assert!(
                    answer_in.is_none(),
                    "a strobe while the last access is open"
                );
                let (w, a, d) = issued.expect("a strobe nobody asked for");
                assert_eq!((s_wr, s_addr, s_wdata), (w, a, if w { d } else { s_wdata }));
                let ok = mapped(a);
                if ok && w {
                    regs[(a >> 2) as usize] = d;
                }
                answer = (if ok && !w { regs[(a >> 2) as usize] } else { 0 }, !ok);
                answer_in = Some(rng.below(3) as u32);
            }
        }
        if rose & 1 != 0 {
            if strobe_up {
                b.uut.bus.read.next = false;
                b.uut.bus.write.next = false;
                strobe_up = false;
            }
            if ready {
                let (w, a, _) = issued.take().expect("ready with nothing asked");
                assert_eq!(err, !mapped(a), "err of access {done} at {a:#x}");
                if !w && mapped(a) {
                    assert_eq!(rdata, regs[(a >> 2) as usize], "read {done} at {a:#x}");
                }
                done += 1;
            } else if issued.is_none() && !strobe_up {
                if rng.chance(0.7) {
                    let w = rng.chance(0.5);
                    let a = if rng.chance(0.1) {
                        rng.below(256) as u32
                    } else {
                        (rng.below(48) as u32) << 2
                    };
                    let d = rng.next_u64() as u32;
                    b.uut.bus.write.next = w;
                    b.uut.bus.read.next = !w;
                    b.uut.bus.addr.next = (a as u64).into();
                    b.uut.bus.wdata.next = (d as u64).into();
                    issued = Some((w, a, d));
                    strobe_up = true;
                } else {
                    idle_m += 1;
                }
            }
        }
    }
    (b.edges[0] - m_start - idle_m) as f64 / accesses as f64
}

// verifies: FTNW-H062 FTNW-H063 FTNW-H064
#[test]
fn register_accesses_cross_at_any_clock_ratio() {
    check("regbus_cdc", 0xCDC, |rng| {
        let m = 4000;
        let mut total = 0;
        // equal, slightly off (the phase slides through every relation), 1:3, 3:1, odd ratios
        let cases = [
            (m, m),
            (m, m + 2),
            (m + 2, m),
            (m, 3 * m),
            (3 * m, m),
            (m, 2 * m + 446),
            (2 * m + 446, m),
            (m, 1002 + rng.below(3000) * 2),
        ];
        for (mp, sp) in cases {
            let per = run(rng, mp, sp, 12_500);
            total += 12_500;
            // at most two answers' worth of synchronizer cycles on each side
            let s_in_m = sp as f64 / mp as f64;
            assert!(
                per <= 3.0 + 7.0 * s_in_m + 4.0,
                "{mp}/{sp} ps: {per:.1} requester cycles per access"
            );
        }
        assert_eq!(total, 100_000);
    });
}

//! Synchronous and asynchronous FIFOs: scoreboard on order, loss and duplication, with and
//! without back-pressure, occupancy and thresholds, flush by reset, and the async FIFO at
//! clock ratios 1:1, 1:1.0002, 1:3 and 3:1. The stream rules are checked on both ports.

use nicgen_hdl::tops::{AsyncFifo512x36, SyncFifo512x32};
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;
use std::collections::VecDeque;

fn sync_run(rng: &mut Rng, p_valid: f64, p_ready: f64, words: usize) {
    let mut b = Bench::new(SyncFifo512x32::new(448, 64), |u, c| {
        u.clock.next = Clock { clk: c }
    });
    let mut model: VecDeque<u32> = VecDeque::new();
    let mut sent = 0usize;
    let mut got = 0usize;
    let mut next_val = rng.next_u64() as u32;
    let mut offered: Option<u32> = None;
    let mut prev_out: Option<u32> = None;
    let mut cycles = 0u64;
    while got < words {
        cycles += 1;
        assert!(
            cycles < 50 * words as u64 + 10_000,
            "FIFO stalled: sent {sent} got {got}"
        );
        // source side: once offered, hold until taken (stream rule 1)
        if offered.is_none() && sent < words && rng.chance(p_valid) {
            offered = Some(next_val);
        }
        b.uut.sink.valid.next = offered.is_some();
        b.uut.sink.data.next = (offered.unwrap_or(0xDEAD_BEEF) as u64).into();
        b.uut.source.ready.next = rng.chance(p_ready);
        b.settle();
        // check occupancy against the model before the edge
        let occ = b.uut.occupancy.val().index();
        assert!(occ <= 512);
        assert_eq!(b.uut.almost_full.val(), occ >= 448);
        assert_eq!(b.uut.almost_empty.val(), occ <= 64);
        assert_eq!(occ, model.len(), "occupancy");
        let push = b.uut.sink.valid.val() && b.uut.sink.ready.val();
        assert_eq!(
            b.uut.sink.ready.val(),
            model.len() < 512,
            "ready iff not full"
        );
        let pop = b.uut.source.valid.val() && b.uut.source.ready.val();
        if b.uut.source.valid.val() {
            let d = b.uut.source.data.val().to_u32();
            assert_eq!(Some(&d), model.front(), "head of FIFO");
            if let Some(p) = prev_out {
                assert_eq!(p, d, "data changed while valid && !ready");
            }
        }
        prev_out = if b.uut.source.valid.val() && !pop {
            Some(b.uut.source.data.val().to_u32())
        } else {
            None
        };
        b.tick();
        if pop {
            model.pop_front();
            got += 1;
        }
        if push {
            model.push_back(offered.take().unwrap());
            sent += 1;
            next_val = rng.next_u64() as u32;
        }
    }
    // nothing left over, nothing more comes out
    for _ in 0..4 {
        b.uut.sink.valid.next = false;
        b.tick();
    }
    assert!(!b.uut.source.valid.val());
    assert_eq!(b.uut.occupancy.val().index(), 0);
}

#[test]
fn sync_fifo_scoreboard_with_and_without_backpressure() {
    check("sync_fifo_scoreboard", 0x5F1F0, |rng| {
        sync_run(rng, 1.0, 1.0, 3000); // full throughput
        sync_run(rng, 0.9, 0.3, 3000); // fills up: back-pressure on the sink
        sync_run(rng, 0.3, 0.9, 3000); // mostly empty
        sync_run(rng, 0.5, 0.5, 3000);
    });
}

#[test]
fn sync_fifo_latency_throughput_and_flush() {
    let mut b = Bench::new(SyncFifo512x32::new(448, 64), |u, c| {
        u.clock.next = Clock { clk: c }
    });
    b.uut.source.ready.next = false;
    b.uut.sink.valid.next = true;
    b.uut.sink.data.next = 7u64.into();
    b.tick();
    b.uut.sink.valid.next = false;
    b.settle();
    assert!(!b.uut.source.valid.val(), "not yet");
    b.tick();
    assert!(b.uut.source.valid.val(), "offered after edge t+2");
    assert_eq!(b.uut.source.data.val().to_u32(), 7);
    // fill completely
    for k in 0..600u64 {
        b.uut.sink.valid.next = true;
        b.uut.sink.data.next = k.into();
        b.tick();
    }
    b.uut.sink.valid.next = false;
    b.settle();
    assert_eq!(b.uut.occupancy.val().index(), 512);
    assert!(!b.uut.sink.ready.val());
    // flush
    b.uut.reset.next = true;
    b.settle();
    assert!(
        !b.uut.sink.ready.val() && !b.uut.source.valid.val(),
        "quiet during reset"
    );
    b.tick();
    b.uut.reset.next = false;
    b.tick();
    assert_eq!(b.uut.occupancy.val().index(), 0);
    assert!(!b.uut.source.valid.val());
    assert!(b.uut.sink.ready.val());
}

/// The async FIFO on a bench: clock 0 is the write clock (period `wp` ps), clock 1 the read clock.
fn async_bench(wp: u64, rp: u64) -> Bench<AsyncFifo512x36> {
    Bench::multi(
        AsyncFifo512x36::new(448, 64),
        vec![
            (
                wp,
                Box::new(|u: &mut AsyncFifo512x36, c| u.wr_clock.next = Clock { clk: c }),
            ),
            (
                rp,
                Box::new(|u: &mut AsyncFifo512x36, c| u.rd_clock.next = Clock { clk: c }),
            ),
        ],
    )
}

/// Async FIFO with write clock period `wp` and read clock period `rp` (ps).
fn async_run(rng: &mut Rng, wp: u64, rp: u64, words: usize, p_valid: f64, p_ready: f64) {
    let mut b = async_bench(wp, rp);
    // reset both sides together for several cycles of the slower clock
    b.uut.wr_reset.next = true;
    b.uut.rd_reset.next = true;
    b.ticks(1);
    b.tick_clock(if wp > rp { 0 } else { 1 });
    for _ in 0..6 {
        b.tick_clock(0);
        b.tick_clock(1);
    }
    b.uut.wr_reset.next = false;
    b.uut.rd_reset.next = false;
    b.settle();
    let mask36 = (1u64 << 36) - 1;
    let expected: Vec<u64> = (0..words).map(|_| rng.next_u64() & mask36).collect();
    let (mut sent, mut got) = (0usize, 0usize);
    let mut steps = 0u64;
    let mut max_occ = 0;
    while got < words {
        steps += 1;
        assert!(
            steps < 400 * words as u64 + 100_000,
            "stalled: sent {sent} got {got}"
        );
        let push = b.uut.sink.valid.val() && b.uut.sink.ready.val();
        let pop = b.uut.source.valid.val() && b.uut.source.ready.val();
        let held = if b.uut.source.valid.val() && !pop {
            Some(b.uut.source.data.val().to_u64())
        } else {
            None
        };
        if b.uut.source.valid.val() {
            assert_eq!(
                b.uut.source.data.val().to_u64(),
                expected[got],
                "word {got}: order, loss or duplication"
            );
        }
        let rose = b.step();
        if rose & 1 != 0 {
            if push {
                sent += 1;
                b.uut.sink.valid.next = false;
            }
            if sent < words && !b.uut.sink.valid.val() && rng.chance(p_valid) {
                b.uut.sink.valid.next = true;
                b.uut.sink.data.next = expected[sent].into();
            }
            max_occ = max_occ.max(b.uut.wr_occupancy.val().index());
            assert!(b.uut.wr_occupancy.val().index() <= 512);
            // "full" is a register; it must say what the writer's occupancy says, every cycle
            assert_eq!(
                b.uut.sink.ready.val(),
                b.uut.wr_occupancy.val().index() != 512,
                "ready against the writer's occupancy {}",
                b.uut.wr_occupancy.val().index()
            );
        }
        if rose & 2 != 0 {
            if pop {
                got += 1;
            } else if let Some(d) = held {
                assert!(b.uut.source.valid.val(), "valid dropped before ready");
                assert_eq!(
                    b.uut.source.data.val().to_u64(),
                    d,
                    "data changed while valid && !ready"
                );
            }
            b.uut.source.ready.next = rng.chance(p_ready);
        }
        b.settle();
    }
    assert_eq!(sent, words);
    // drain: nothing more may appear
    b.uut.sink.valid.next = false;
    for _ in 0..20 {
        b.tick_clock(1);
        assert!(!b.uut.source.valid.val(), "duplicate word after the last");
    }
    assert_eq!(b.uut.rd_occupancy.val().index(), 0);
    if p_valid > p_ready * 1.5 && wp <= rp {
        assert!(
            max_occ > 448,
            "back-pressure run never filled the FIFO (max {max_occ})"
        );
    }
}

#[test]
fn async_fifo_equal_clocks() {
    check("async_fifo_equal", 0xA51, |rng| {
        async_run(rng, 10_000, 10_000, 4000, 1.0, 1.0);
        async_run(rng, 10_000, 10_000, 4000, 0.9, 0.3);
    });
}

#[test]
fn async_fifo_200ppm_like_drift() {
    // 1 : 1.0002 (write 10.000 ns, read 10.002 ns), saturated: the drift slips a cycle every 5000
    check("async_fifo_drift", 0xA52, |rng| {
        async_run(rng, 10_000, 10_002, 12_000, 1.0, 1.0);
        async_run(rng, 10_002, 10_000, 12_000, 0.7, 0.7);
    });
}

#[test]
fn async_fifo_fast_reader_1_to_3() {
    check("async_fifo_1_3", 0xA53, |rng| {
        async_run(rng, 30_000, 10_000, 3000, 1.0, 0.5);
        async_run(rng, 30_000, 10_000, 3000, 0.5, 1.0);
    });
}

#[test]
fn async_fifo_fast_writer_3_to_1() {
    check("async_fifo_3_1", 0xA54, |rng| {
        async_run(rng, 10_000, 30_000, 3000, 1.0, 1.0);
        async_run(rng, 10_000, 30_000, 3000, 0.6, 0.4);
    });
}

#[test]
fn async_fifo_flush_by_reset() {
    let mut b = async_bench(10_000, 14_000);
    for k in 0..100u64 {
        b.uut.sink.valid.next = true;
        b.uut.sink.data.next = k.into();
        b.tick_clock(0);
    }
    b.uut.sink.valid.next = false;
    for _ in 0..6 {
        b.tick_clock(1);
    }
    assert_eq!(b.uut.rd_occupancy.val().index(), 100);
    // read some, so both pointers are away from 0 when the flush comes
    for k in 0..37u64 {
        assert!(b.uut.source.valid.val());
        assert_eq!(b.uut.source.data.val().to_u64(), k);
        b.uut.source.ready.next = true;
        b.tick_clock(1);
        b.uut.source.ready.next = false;
    }
    b.uut.wr_reset.next = true;
    b.uut.rd_reset.next = true;
    for _ in 0..6 {
        b.tick_clock(1);
    }
    b.uut.wr_reset.next = false;
    b.uut.rd_reset.next = false;
    for _ in 0..6 {
        b.tick_clock(1);
    }
    assert!(!b.uut.source.valid.val());
    assert_eq!(b.uut.rd_occupancy.val().index(), 0);
    assert_eq!(b.uut.wr_occupancy.val().index(), 0);
    // and it works again
    b.uut.sink.valid.next = true;
    b.uut.sink.data.next = 0xABCu64.into();
    b.tick_clock(0);
    b.uut.sink.valid.next = false;
    for _ in 0..5 {
        b.tick_clock(1);
    }
    assert!(b.uut.source.valid.val());
    assert_eq!(b.uut.source.data.val().to_u64(), 0xABC);
}

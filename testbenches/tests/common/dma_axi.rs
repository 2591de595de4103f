//! The DMA interface on AXI4 (`DmaToAxi4`, top `dma_axi4`): the DMA manager model issues
//! reads on random tags and writes of random lengths (many crossing 4 KB pages, some longer than
//! 256 beats), the AXI4 memory model answers with random latency, R beats of different IDs
//! interleaved and READYs stalled; both check their side of the rules every edge. Every byte
//! is compared, reads outside memory come back with `err` on every beat, a write outside
//! memory answers `err` and writes nothing, a write whose `last` is misplaced (early or
//! missing) writes its beats and answers `err`.

use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::{instances, Backend};
use nicgen_sim::harness::cycle::OneClock;
use nicgen_sim::harness::ports::index;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::system::dma::{DmaManager, DmaPorts, Expect};
use nicgen_sim::system::hostmem::{Axi4Memory, Axi4Ports, MemServer};

fn run(backend: Backend, seed: u64, rng: &mut nicgen_sim::harness::rng::Rng) {
    let inst = instances("dma_axi4", backend, 1);
    let ports = inst.ports;
    let d = inst.duts.into_iter().next().unwrap();
    let mut srv = MemServer::new(0x1_0000_0000);
    srv.strict = false;
    // two 64 KB buffers with a gap of unallocated memory between them
    let a = srv.mem.alloc(65536, 4096).unwrap();
    let gap = a + 65536;
    let b = srv.mem.alloc(65536, 1 << 17).unwrap();
    assert!(b >= gap + 4096);
    let mut fill = vec![0u8; 65536];
    for x in fill.iter_mut() {
        *x = rng.next_u64() as u8;
    }
    srv.mem.write(a, &fill).unwrap();
    let (clock, reset) = (index(&ports, "clock"), index(&ports, "reset"));
    let mut c = OneClock::new(d, clock, 10_000);
    let mut m = DmaManager::new(DmaPorts::bind(&ports, "dma_"), 16, seed ^ 1);
    let mut mem = Axi4Memory::new(Axi4Ports::bind(&ports, "m_axi_"), srv, seed ^ 2);
    c.d.set(reset, 1);
    for _ in 0..4 {
        c.cycle(&mut [&mut m, &mut mem]);
    }
    c.d.set(reset, 0);
    let word =
        |off: u64| u64::from_le_bytes(fill[off as usize..off as usize + 8].try_into().unwrap());
    let mut expect_b = vec![0u64; 8192];
    let mut wrote_b = 0;
    let mut bad_last = 0;
    for _ in 0..120 {
        let beats = 1 + match rng.below(4) {
            0 => rng.below(4),
            1 => rng.below(64),
            2 => rng.below(300),
            _ => 256 + rng.below(300),
        };
        match rng.below(6) {
            0 | 1 => {
                // a read of buffer a
                let off = 8 * rng.below((65536 / 8 - beats) + 1);
                m.read(
                    a + off,
                    Expect::Data((0..beats).map(|i| word(off + 8 * i)).collect()),
                );
            }
            2 => {
                // a write into buffer b
                let w = rng.below(8192 - beats + 1);
                let data: Vec<u64> = (0..beats).map(|_| rng.next_u64()).collect();
                expect_b[w as usize..(w + beats) as usize].copy_from_slice(&data);
                wrote_b += 1;
                m.write(b + 8 * w, data, false);
            }
            3 => m.read(
                gap + 8 * rng.below(512 - beats.min(512) + 1),
                Expect::Err(beats.min(512)),
            ),
            4 => {
                // `last` on the wrong beat (early, or on none): the request's beat count
                // rules, every beat is written, the response carries `err`
                let w = rng.below(8192 - beats + 1);
                let data: Vec<u64> = (0..beats).map(|_| rng.next_u64()).collect();
                expect_b[w as usize..(w + beats) as usize].copy_from_slice(&data);
                let last_at = if beats > 1 && rng.chance(0.5) {
                    rng.below(beats - 1)
                } else {
                    beats
                };
                m.write_bad_last(b + 8 * w, data, last_at as usize);
                bad_last += 1;
            }
            _ => m.write(
                gap + 8 * rng.below(16),
                vec![0xDEAD; beats.min(500) as usize],
                true,
            ),
        }
        // let requests overlap, but drain now and then
        if rng.chance(0.2) {
            let start = c.cycles;
            while !m.idle() {
                assert!(c.cycles - start < 200_000, "DMA requests did not complete");
                c.cycle(&mut [&mut m, &mut mem]);
            }
        }
    }
    let start = c.cycles;
    while !m.idle() || !mem.idle() {
        assert!(c.cycles - start < 400_000, "DMA requests did not complete");
        c.cycle(&mut [&mut m, &mut mem]);
    }
    // buffer b holds exactly what was written (writes are ordered, later ones win)
    let mut got = vec![0u8; 65536];
    mem.srv.mem.read(b, &mut got).unwrap();
    for (i, w) in expect_b.iter().enumerate() {
        let g = u64::from_le_bytes(got[8 * i..8 * i + 8].try_into().unwrap());
        assert_eq!(g, *w, "buffer b word {i} after {wrote_b} writes");
    }
    assert!(
        m.reads_done > 40 && m.writes_done > 20,
        "{} reads, {} writes",
        m.reads_done,
        m.writes_done
    );
    assert!(m.max_in_use >= 2, "reads overlapped on several tags");
    assert!(bad_last >= 5, "{bad_last} writes with `last` misplaced");
    assert!(mem.max_beats == 256, "bursts of 256 beats seen");
    assert!(
        !mem.srv.violations.is_empty(),
        "the out-of-memory accesses were answered as errors"
    );
}

#[test]
fn dma_on_axi4_moves_every_byte_under_random_stalls() {
    check("dma_axi4_native", 0xD3A, |rng| {
        run(Backend::Native, rng.next_u64(), rng)
    });
}

#[test]
fn dma_on_axi4_moves_every_byte_under_random_stalls_verilator() {
    if !verilator::require("dma_axi4 in Verilator") {
        return;
    }
    check("dma_axi4_verilator", 0xD3B, |rng| {
        run(Backend::Verilator, rng.next_u64(), rng)
    });
}

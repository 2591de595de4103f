//! The byte-granular movers of the local-memory interface (`common::mem`): `MemReader` reads
//! random (address, size) ranges (every offset in the word, sizes 1 to 300 and some long ones)
//! out of a memory with random READY stalls and latencies, under random back-pressure on its
//! flit stream; every flit's bytes, `keep`, `first` and `last` are checked, and no read leaves
//! the range's words. `MemWriter` writes random flit streams, offered with random gaps, at
//! random addresses: afterwards exactly the range's bytes hold the data and every other byte of
//! memory is unchanged; `done` comes once, after the last write's response.

use nicgen_hdl::common::mem::{MemReader, MemWriter};
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::system::localmem::LocalMem;
use rust_hdl::prelude::*;

const MEM: usize = 1 << 16;

fn range(rng: &mut Rng) -> (u64, u64) {
    let size = match rng.below(6) {
        0 => 1 + rng.below(8),
        1 => 1 + rng.below(16),
        2 => 1000 + rng.below(3000),
        _ => 1 + rng.below(300),
    };
    (rng.below(MEM as u64 - size), size)
}

fn memory(rng: &mut Rng) -> LocalMem {
    let mut m = LocalMem::new(MEM, rng.next_u64());
    for b in m.bytes.iter_mut() {
        *b = rng.next_u64() as u8;
    }
    m.ready_rate = [1.0, 0.7, 0.3][rng.below(3) as usize];
    m.latency = [(1, 1), (1, 4), (2, 12)][rng.below(3) as usize];
    m
}

// verifies: DTU-R068
#[test]
fn mem_reader_streams_any_byte_range() {
    check("mem_reader", 0x3E1, |rng| {
        let mut b = Bench::new(MemReader::<48>::default(), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        let mut m = memory(rng);
        b.uut.reset.next = true;
        b.tick();
        b.uut.reset.next = false;
        for t in 0..60 {
            let (addr, size) = range(rng);
            let want = m.bytes[addr as usize..(addr + size) as usize].to_vec();
            let reads0 = m.reads;
            let out_rate = [1.0, 0.6, 0.2][rng.below(3) as usize];
            b.uut.start.next = true;
            b.uut.addr.next = addr.into();
            b.uut.size.next = size.into();
            let mut got: Vec<u8> = vec![];
            let mut flits = 0u64;
            let mut started = false;
            for cycle in 0..200_000u64 {
                let ready = rng.chance(out_rate);
                b.uut.out.ready.next = ready;
                b.settle();
                let u = &b.uut;
                if u.out.valid.val() && ready {
                    let keep = u.out.keep.val().to_u64();
                    let last = u.out.last.val();
                    assert_eq!(u.out.first.val(), flits == 0, "transfer {t}: first");
                    let n = if last { size - 8 * flits } else { 8 };
                    assert_eq!(keep, (1u64 << n) - 1, "transfer {t} flit {flits}: keep");
                    let d = u.out.data.val().to_u64().to_le_bytes();
                    got.extend_from_slice(&d[..n as usize]);
                    flits += 1;
                    assert_eq!(last, flits == size.div_ceil(8), "transfer {t}: last");
                }
                let (v, a, we, wd, st) = (
                    u.mem.req_valid.val(),
                    u.mem.req_addr.val().to_u64(),
                    u.mem.req_we.val(),
                    u.mem.req_wdata.val().to_u64(),
                    u.mem.req_strb.val().to_u64() as u8,
                );
                if v {
                    assert!(!we, "a reader writes");
                    assert!(
                        a >= addr & !7 && a < addr + size,
                        "transfer {t}: read at {a:#x} outside [{addr:#x}, +{size})"
                    );
                }
                m.edge(v, a, we, wd, st);
                b.tick();
                b.uut.start.next = false;
                let (rdy, rv, rd) = m.drive();
                b.uut.mem.req_ready.next = rdy;
                b.uut.mem.rsp_valid.next = rv;
                b.uut.mem.rsp_data.next = rd.into();
                if b.uut.busy.val() {
                    started = true;
                }
                if started && !b.uut.busy.val() && m.idle() {
                    assert!(cycle < 150_000, "transfer {t} too slow");
                    break;
                }
            }
            assert_eq!(got, want, "transfer {t}: {size} bytes at {addr:#x}");
            assert_eq!(
                m.reads - reads0,
                (addr % 8 + size).div_ceil(8),
                "transfer {t}: words read"
            );
        }
    });
}

// verifies: DTU-R077
#[test]
fn mem_writer_writes_exactly_the_range() {
    check("mem_writer", 0x3E2, |rng| {
        let mut b = Bench::new(MemWriter::<48>::default(), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        let mut m = memory(rng);
        b.uut.reset.next = true;
        b.tick();
        b.uut.reset.next = false;
        for t in 0..60 {
            let (addr, size) = range(rng);
            let data: Vec<u8> = (0..size).map(|_| rng.next_u64() as u8).collect();
            let mut want = m.bytes.clone();
            want[addr as usize..(addr + size) as usize].copy_from_slice(&data);
            let in_rate = [1.0, 0.6, 0.2][rng.below(3) as usize];
            b.uut.start.next = true;
            b.uut.addr.next = addr.into();
            b.uut.size.next = size.into();
            let nflits = size.div_ceil(8);
            let mut sent = 0u64;
            let mut dones = 0;
            let mut offer = false;
            let mut started = false;
            for _ in 0..200_000u64 {
                if !offer && sent < nflits {
                    offer = rng.chance(in_rate);
                }
                let mut flit = [0u8; 8];
                for (i, x) in flit.iter_mut().enumerate() {
                    // bytes past the end are garbage the writer must not store
                    *x = data.get((8 * sent) as usize + i).copied().unwrap_or(0xEE);
                }
                b.uut.inp.valid.next = offer;
                b.uut.inp.data.next = u64::from_le_bytes(flit).into();
                b.uut.inp.last.next = sent + 1 == nflits;
                b.settle();
                let u = &b.uut;
                let took = offer && u.inp.ready.val();
                let (v, a, we, wd, st) = (
                    u.mem.req_valid.val(),
                    u.mem.req_addr.val().to_u64(),
                    u.mem.req_we.val(),
                    u.mem.req_wdata.val().to_u64(),
                    u.mem.req_strb.val().to_u64() as u8,
                );
                if v {
                    assert!(we, "a writer reads");
                }
                m.edge(v, a, we, wd, st);
                b.tick();
                b.uut.start.next = false;
                if took {
                    sent += 1;
                    offer = false;
                }
                let (rdy, rv, rd) = m.drive();
                b.uut.mem.req_ready.next = rdy;
                b.uut.mem.rsp_valid.next = rv;
                b.uut.mem.rsp_data.next = rd.into();
                b.settle();
                if b.uut.done.val() {
                    dones += 1;
                    assert!(m.idle(), "transfer {t}: done before the last response");
                }
                if b.uut.busy.val() {
                    started = true;
                }
                if started && !b.uut.busy.val() {
                    break;
                }
            }
            assert_eq!(sent, nflits, "transfer {t}: flits taken");
            assert_eq!(dones, 1, "transfer {t}: done pulses");
            assert!(
                m.bytes == want,
                "transfer {t}: {size} bytes at {addr:#x}: memory differs"
            );
        }
    });
}

//! The 32-bit register bus in front of 64-bit targets (`common::regbus_wide`) and the block-RAM
//! local memory (`common::mem_bram`), natively: `RegBus32To64` against a 64-bit register target
//! model that counts its accesses (a low-word write reaches nothing, a high-word write is one
//! 64-bit write of both halves, a low-word read one 64-bit read whose high half a high-word read
//! returns; out-of-range offsets and target errors answer `err`); `RegBusToMem` on `MemBram`
//! under random word accesses against a reference; `MemBram` alone under random strobed
//! requests every cycle, accesses past its size answered with 0 and writing nothing.

use nicgen_hdl::common::mem_bram::MemBram;
use nicgen_hdl::common::regbus_wide::{RegBus32To64, RegBusToMem};
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;

/// One 32-bit access on a bench whose `s` port is the adapter's: (rdata, err, cycles to ready).
macro_rules! access {
    ($b:expr, $write:expr, $addr:expr, $data:expr, $target:expr) => {{
        let b = &mut $b;
        b.uut.s.addr.next = ($addr as u64).into();
        b.uut.s.wdata.next = ($data as u64).into();
        b.uut.s.write.next = $write;
        b.uut.s.read.next = !$write;
        let mut n = 0;
        loop {
            $target(&mut b.uut);
            b.settle();
            if n > 0 && b.uut.s.ready.val() {
                let r = (b.uut.s.rdata.val().to_u64(), b.uut.s.err.val(), n);
                b.tick();
                break r;
            }
            b.tick();
            b.uut.s.write.next = false;
            b.uut.s.read.next = false;
            n += 1;
            assert!(n < 50, "no answer at {:#x}", $addr);
        }
    }};
}

#[test]
fn regbus_32_to_64_writes_and_reads_whole_registers() {
    let mut b = Bench::new(RegBus32To64::<12, 11>::default(), |u, c| {
        u.clock.next = Clock { clk: c }
    });
    b.uut.reset.next = true;
    b.tick();
    b.uut.reset.next = false;
    // the target: 256 64-bit registers; offset 0x7F8 answers err; counts its accesses
    let regs = std::rc::Rc::new(std::cell::RefCell::new((vec![0u64; 256], Vec::new())));
    let r2 = regs.clone();
    let mut pending: Option<(bool, u64, u64)> = None;
    let mut target = move |u: &mut RegBus32To64<12, 11>| {
        let mut t = r2.borrow_mut();
        u.m.ready.next = false;
        u.m.err.next = false;
        if let Some((wr, a, d)) = pending.take() {
            u.m.ready.next = true;
            if a == 0x7F8 {
                u.m.err.next = true;
            } else if wr {
                t.0[(a / 8) as usize] = d;
            } else {
                u.m.rdata.next = t.0[(a / 8) as usize].into();
            }
        }
        if u.m.write.val() || u.m.read.val() {
            let (wr, a, d) = (
                u.m.write.val(),
                u.m.addr.val().to_u64(),
                u.m.wdata.val().to_u64(),
            );
            t.1.push((wr, a, d));
            pending = Some((wr, a, d));
        }
    };
    let count = |regs: &std::rc::Rc<std::cell::RefCell<(Vec<u64>, Vec<(bool, u64, u64)>)>>| {
        regs.borrow().1.len()
    };
    // low word: held, no access
    assert_eq!(access!(b, true, 0x40, 0x5566_7788u32, target).1, false);
    assert_eq!(count(&regs), 0, "a low-word write reaches nothing");
    // high word: one 64-bit write of both halves
    assert_eq!(access!(b, true, 0x44, 0x1122_3344u32, target).1, false);
    assert_eq!(regs.borrow().1, vec![(true, 0x40, 0x1122_3344_5566_7788)]);
    assert_eq!(regs.borrow().0[8], 0x1122_3344_5566_7788);
    // low-word read: one 64-bit read; high-word read: the latched half, no access
    regs.borrow_mut().0[9] = 0xAAAA_BBBB_CCCC_DDDD;
    let (lo, err, _) = access!(b, false, 0x48, 0, target);
    assert_eq!((lo, err), (0xCCCC_DDDD, false));
    regs.borrow_mut().0[9] = 0;
    let (hi, err, _) = access!(b, false, 0x4C, 0, target);
    assert_eq!(
        (hi, err),
        (0xAAAA_BBBB, false),
        "the half latched by the low-word read"
    );
    assert_eq!(count(&regs), 2);
    // past the target's 11 address bits: err, no access
    let (_, err, _) = access!(b, false, 0x800, 0, target);
    assert!(err);
    let (_, err, _) = access!(b, true, 0xFFC, 0, target);
    assert!(err);
    assert_eq!(count(&regs), 2, "out-of-range accesses reach nothing");
    // the target's err is passed on
    let (_, err, _) = access!(b, false, 0x7F8, 0, target);
    assert!(err);
    assert_eq!(count(&regs), 3);
}

#[test]
fn regbus_to_mem_on_block_ram_matches_a_reference() {
    check("regbus_to_mem", 0x3B7, |rng| {
        #[derive(LogicBlock, Default)]
        struct Window {
            clock: Signal<In, Clock>,
            reset: Signal<In, Bit>,
            s: nicgen_hdl::common::regbank::RegBusSlave<12>,
            port: RegBusToMem<12, 20>,
            ram: MemBram<20, 9>,
        }
        impl Logic for Window {
            #[hdl_gen]
            fn update(&mut self) {
                clock!(self, clock, port, ram);
                self.port.reset.next = self.reset.val();
                self.ram.reset.next = self.reset.val();
                nicgen_hdl::common::regbank::RegBusSlave::<12>::link(&mut self.s, &mut self.port.s);
                nicgen_hdl::common::mem::MemMaster::<20>::join(&mut self.port.m, &mut self.ram.mem);
            }
        }
        let mut b = Bench::new(Window::default(), |u, c| u.clock.next = Clock { clk: c });
        b.uut.reset.next = true;
        b.tick();
        b.uut.reset.next = false;
        let mut reference = vec![0u32; 1024];
        let nothing = |_: &mut Window| {};
        for _ in 0..3000 {
            let w = rng.below(1024);
            if rng.chance(0.5) {
                let v = rng.next_u64() as u32;
                reference[w as usize] = v;
                assert!(!access!(b, true, 4 * w, v, nothing).1);
            } else {
                let (v, err, _) = access!(b, false, 4 * w, 0, nothing);
                assert_eq!((v as u32, err), (reference[w as usize], false), "word {w}");
            }
        }
    });
}

#[test]
fn mem_bram_answers_every_request_next_cycle_and_ignores_out_of_range() {
    check("mem_bram", 0x3B8, |rng| {
        // 16 words = 128 bytes
        let mut b = Bench::new(MemBram::<20, 4>::default(), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        let mut reference = vec![0u8; 128];
        // the answer due this cycle: Some(None) for a write (its data is not part of the
        // interface), Some(Some(word)) for a read
        let mut expect: Option<Option<u64>> = None;
        let word = |r: &[u8], a: u64| {
            u64::from_le_bytes(r[a as usize..a as usize + 8].try_into().unwrap())
        };
        for cycle in 0..5000 {
            let valid = rng.chance(0.8);
            let out = rng.chance(0.1);
            let addr = if out {
                128 + 8 * rng.below(1000)
            } else {
                8 * rng.below(16)
            };
            let we = rng.chance(0.5);
            let data = rng.next_u64();
            let strb = rng.next_u64() as u8;
            b.uut.mem.req_valid.next = valid;
            b.uut.mem.req_addr.next = addr.into();
            b.uut.mem.req_we.next = we;
            b.uut.mem.req_wdata.next = data.into();
            b.uut.mem.req_strb.next = (strb as u64).into();
            b.settle();
            assert!(b.uut.mem.req_ready.val());
            match expect.take() {
                Some(want) => {
                    assert!(b.uut.mem.rsp_valid.val(), "cycle {cycle}: no answer");
                    if let Some(v) = want {
                        assert_eq!(b.uut.mem.rsp_data.val().to_u64(), v, "cycle {cycle}");
                    }
                }
                None => assert!(
                    !b.uut.mem.rsp_valid.val(),
                    "cycle {cycle}: an answer to nothing"
                ),
            }
            if valid {
                expect = Some(if we {
                    if !out {
                        for i in 0..8 {
                            if strb >> i & 1 != 0 {
                                reference[addr as usize + i] = (data >> (8 * i)) as u8;
                            }
                        }
                    }
                    None
                } else if out {
                    Some(0)
                } else {
                    Some(word(&reference, addr))
                });
            }
            b.tick();
        }
    });
}

//! The shared register bank on the demo map: reset values, RW read-back, RO from hardware,
//! W1C set/clear (set wins), WO and SC pulses, bad accesses answered with `err`, random
//! accesses against a model of the map.

use nicgen_hdl::tops::RegBankDemo;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use nicgen_wire::demo::{CTRL, DEMO_REGS, DOORBELL, EXC, STATUS};
use nicgen_wire::regs::Access;
use rust_hdl::prelude::*;

struct Resp {
    rdata: u32,
    err: bool,
    start: bool,
    doorbell: Option<u32>,
}

fn access(b: &mut Bench<RegBankDemo>, write: bool, read: bool, addr: u32, wdata: u32) -> Resp {
    b.uut.bus.addr.next = (addr as u64).into();
    b.uut.bus.wdata.next = (wdata as u64).into();
    b.uut.bus.write.next = write;
    b.uut.bus.read.next = read;
    b.tick();
    b.uut.bus.write.next = false;
    b.uut.bus.read.next = false;
    b.settle();
    assert!(b.uut.bus.ready.val(), "ready the cycle after the strobe");
    let r = Resp {
        rdata: b.uut.bus.rdata.val().to_u32(),
        err: b.uut.bus.err.val(),
        start: b.uut.ctrl_start.val(),
        doorbell: if b.uut.doorbell_wrote.val() {
            Some(b.uut.doorbell_value.val().to_u32())
        } else {
            None
        },
    };
    b.tick();
    assert!(
        !b.uut.bus.ready.val() && !b.uut.ctrl_start.val() && !b.uut.doorbell_wrote.val(),
        "one-cycle responses"
    );
    r
}

fn new_bench() -> Bench<RegBankDemo> {
    Bench::new(RegBankDemo::default(), |u, c| {
        u.clock.next = Clock { clk: c }
    })
}

#[test]
fn reset_values_and_field_kinds() {
    let mut b = new_bench();
    assert_eq!(
        access(&mut b, false, true, CTRL.offset, 0).rdata,
        CTRL.reset()
    );
    assert_eq!(CTRL.reset(), 0x0100_00A1);
    assert_eq!(access(&mut b, false, true, EXC.offset, 0).rdata, 0xFF00);
    // RO
    b.uut.status_value.next = 0xCAFE_F00Du64.into();
    let r = access(&mut b, false, true, STATUS.offset, 0);
    assert_eq!((r.rdata, r.err), (0xCAFE_F00D, false));
    // write to a read-only register: error, no effect
    let r = access(&mut b, true, false, STATUS.offset, 0);
    assert!(r.err);
    // RW and SC: START pulses, reads back 0
    let r = access(&mut b, true, false, CTRL.offset, 0xFFFF_FFFF);
    assert!(r.start && !r.err);
    assert_eq!(
        access(&mut b, false, true, CTRL.offset, 0).rdata,
        0xFFFF_00F1
    );
    // the named outputs carry the stored fields
    assert!(b.uut.ctrl_enable.val());
    assert_eq!(b.uut.ctrl_mode.val().to_u32(), 0xF);
    assert_eq!(b.uut.ctrl_limit.val().to_u32(), 0xFFFF);
    assert_eq!(b.uut.exc_mask.val().to_u32(), 0xFF);
    // W1C: hardware sets, software clears by 1, set wins over a simultaneous clear
    b.uut.exc_err_set.next = 0x05u64.into();
    b.tick();
    b.uut.exc_err_set.next = 0u64.into();
    assert_eq!(access(&mut b, false, true, EXC.offset, 0).rdata, 0xFF05);
    access(&mut b, true, false, EXC.offset, 0x0001_0001 | 0xFF00);
    assert_eq!(access(&mut b, false, true, EXC.offset, 0).rdata, 0xFF04);
    b.uut.exc_err_set.next = 0x04u64.into();
    access(&mut b, true, false, EXC.offset, 0xFF04);
    b.uut.exc_err_set.next = 0u64.into();
    assert_eq!(
        access(&mut b, false, true, EXC.offset, 0).rdata,
        0xFF04,
        "set wins"
    );
    // WO: value handed over for one cycle, reads as 0
    let r = access(&mut b, true, false, DOORBELL.offset, 0x1234_5678);
    assert_eq!(r.doorbell, Some(0x1234_5678));
    assert_eq!(access(&mut b, false, true, DOORBELL.offset, 0).rdata, 0);
    // bad addresses: unmapped, unaligned; read and write at once
    for a in [0x10, 0x3C, 0x01, 0x06] {
        let r = access(&mut b, false, true, a, 0);
        assert!(r.err && r.rdata == 0, "read {a:#x}");
        assert!(
            access(&mut b, true, false, a, 0xFFFF_FFFF).err,
            "write {a:#x}"
        );
    }
    assert!(access(&mut b, true, true, CTRL.offset, 0).err);
    assert_eq!(
        access(&mut b, false, true, CTRL.offset, 0).rdata,
        0xFFFF_00F1,
        "bad accesses changed nothing"
    );
    // reset restores the defaults
    b.uut.reset.next = true;
    b.tick();
    b.uut.reset.next = false;
    assert_eq!(
        access(&mut b, false, true, CTRL.offset, 0).rdata,
        CTRL.reset()
    );
    assert_eq!(access(&mut b, false, true, EXC.offset, 0).rdata, 0xFF00);
}

#[test]
fn random_accesses_match_the_map_model() {
    check("regbank_random", 0x4E6, |rng| {
        let mut b = new_bench();
        let mut store: Vec<u32> = DEMO_REGS
            .regs
            .iter()
            .map(|r| r.reset() & (r.mask(Access::RW) | r.mask(Access::W1C)))
            .collect();
        for _ in 0..3000 {
            let status = rng.next_u64() as u32;
            b.uut.status_value.next = (status as u64).into();
            let k = rng.below(5) as usize;
            let addr = if k < 4 {
                DEMO_REGS.regs[k].offset
            } else {
                (rng.below(16) * 4) as u32 | rng.below(4) as u32
            };
            let wdata = rng.next_u64() as u32;
            let write = rng.chance(0.5);
            let r = access(&mut b, write, !write, addr, wdata);
            match DEMO_REGS.regs.iter().position(|r| r.offset == addr) {
                None => assert!(r.err && r.rdata == 0),
                Some(i) => {
                    let reg = &DEMO_REGS.regs[i];
                    let (rw, w1c, ro) = (
                        reg.mask(Access::RW),
                        reg.mask(Access::W1C),
                        reg.mask(Access::RO),
                    );
                    if write {
                        assert_eq!(
                            r.err,
                            rw | w1c | reg.mask(Access::WO) | reg.mask(Access::SC) == 0
                        );
                        store[i] = (store[i] & !rw & !(wdata & w1c)) | (wdata & rw);
                        assert_eq!(r.start, addr == CTRL.offset && CTRL::START.get(wdata) == 1);
                        assert_eq!(r.doorbell, (addr == DOORBELL.offset).then_some(wdata));
                    } else {
                        assert!(!r.err);
                        assert_eq!(r.rdata, store[i] | (status & ro), "read {}", reg.name);
                    }
                }
            }
        }
    });
}

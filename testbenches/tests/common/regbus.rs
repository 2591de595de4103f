//! The register-bus splitter: two register files behind windows 0 and 3 of an 8-bit bus (64-byte
//! windows), random accesses against a model of both maps; an access in no window is answered
//! with `err` by the splitter. The splitter registers the request, so every answer comes two
//! cycles after the strobe (one more than a bank's).

use nicgen_hdl::common::regbank::{RegBusMaster, RegBusSlave};
use nicgen_hdl::common::regbus_split::RegBusSplit;
use nicgen_hdl::tops::RegBankDemo;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use nicgen_wire::demo::{CTRL, DEMO_REGS, STATUS};
use nicgen_wire::regs::Access;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
struct TwoBanks {
    clock: Signal<In, Clock>,
    reset: Signal<In, Bit>,
    bus: RegBusSlave<8>,
    split: RegBusSplit<2, 8, 6>,
    a: RegBankDemo,
    b: RegBankDemo,
    status_a: Constant<Bits<32>>,
    status_b: Constant<Bits<32>>,
    zero8: Constant<Bits<8>>,
}

impl Logic for TwoBanks {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, split, a, b);
        self.split.reset.next = self.reset.val();
        self.a.reset.next = self.reset.val();
        self.b.reset.next = self.reset.val();
        RegBusSlave::<8>::link(&mut self.bus, &mut self.split.bus);
        RegBusMaster::<6>::join(&mut self.split.port[0], &mut self.a.bus);
        RegBusMaster::<6>::join(&mut self.split.port[1], &mut self.b.bus);
        self.a.status_value.next = self.status_a.val();
        self.b.status_value.next = self.status_b.val();
        self.a.exc_err_set.next = self.zero8.val();
        self.b.exc_err_set.next = self.zero8.val();
    }
}

const WINDOWS: [u32; 2] = [0, 3];
const STATUS_OF: [u32; 2] = [0xAAAA_0000, 0xBBBB_0003];

fn bench() -> Bench<TwoBanks> {
    let t = TwoBanks {
        clock: Default::default(),
        reset: Default::default(),
        bus: Default::default(),
        split: RegBusSplit::new(WINDOWS),
        a: Default::default(),
        b: Default::default(),
        status_a: Constant::new((STATUS_OF[0] as u64).into()),
        status_b: Constant::new((STATUS_OF[1] as u64).into()),
        zero8: Constant::new(0u64.into()),
    };
    Bench::new(t, |u, c| u.clock.next = Clock { clk: c })
}

/// One access: strobe for a cycle, then the answer must come two cycles later, not earlier.
fn access(b: &mut Bench<TwoBanks>, write: bool, addr: u32, wdata: u32) -> (u32, bool) {
    b.uut.bus.addr.next = (addr as u64).into();
    b.uut.bus.wdata.next = (wdata as u64).into();
    b.uut.bus.write.next = write;
    b.uut.bus.read.next = !write;
    b.tick();
    b.uut.bus.write.next = false;
    b.uut.bus.read.next = false;
    b.settle();
    assert!(
        !b.uut.bus.ready.val(),
        "no answer one cycle after the strobe at {addr:#x} (the request is registered)"
    );
    b.tick();
    assert!(
        b.uut.bus.ready.val(),
        "answer two cycles after the strobe at {addr:#x}"
    );
    let r = (b.uut.bus.rdata.val().to_u32(), b.uut.bus.err.val());
    b.tick();
    assert!(!b.uut.bus.ready.val(), "one answer per access");
    r
}

#[test]
fn splitter_routes_windows_and_answers_unmapped_with_err() {
    check("regbus_split", 0x5917, |rng| {
        let mut b = bench();
        let rw = CTRL.mask(Access::RW);
        let mut ctrl = [CTRL.reset() & rw; 2];
        for _ in 0..2000 {
            let window = rng.below(4) as u32;
            let reg = &DEMO_REGS.regs[rng.below(DEMO_REGS.regs.len() as u64) as usize];
            let addr = (window << 6) | reg.offset;
            let write = rng.chance(0.5) && reg.offset == CTRL.offset;
            let v = rng.next_u64() as u32;
            let (rdata, err) = access(&mut b, write, addr, v);
            match WINDOWS.iter().position(|&w| w == window) {
                None => assert_eq!((rdata, err), (0, true), "unmapped window {window}"),
                Some(i) if write => {
                    assert!(!err);
                    ctrl[i] = v & rw;
                }
                Some(i) if reg.offset == CTRL.offset => assert_eq!((rdata, err), (ctrl[i], false)),
                Some(i) if reg.offset == STATUS.offset => {
                    assert_eq!((rdata, err), (STATUS_OF[i], false))
                }
                Some(_) => assert!(!err),
            }
        }
    });
}

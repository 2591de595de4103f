//! The AXI4-Lite slave adapter in front of the demo register file, driven by the AXI4-Lite
//! manager model with random VALID delays and READY stalls: every response checked against a
//! model of the map, the AMBA rules checked on every edge, a write and a read overlapping.

use nicgen_hdl::top::DynTop;
use nicgen_sim::harness::backend::{top, Dut};
use nicgen_sim::harness::cycle::OneClock;
use nicgen_sim::harness::ports::index;
use nicgen_sim::harness::testing::check;
use nicgen_sim::system::axi::{AxiLiteManager, AxiLitePorts};
use nicgen_wire::demo::{CTRL, DOORBELL, EXC, STATUS};
use nicgen_wire::regs::Access;

const OKAY: u8 = 0;
const SLVERR: u8 = 2;

struct Tb {
    c: OneClock,
    m: AxiLiteManager,
}

impl Tb {
    fn new(seed: u64, valid_rate: f64, ready_rate: f64) -> Self {
        let t: Box<dyn DynTop> = top("axil_regs_demo");
        let ports = t.ports();
        let mut d: Box<dyn Dut> = Box::new(t);
        let (clock, reset) = (index(&ports, "clock"), index(&ports, "reset"));
        d.set(index(&ports, "status_value"), 0x5EED_0001);
        let mut m = AxiLiteManager::new(AxiLitePorts::bind(&ports, "s_axil_"), seed);
        m.valid_rate = valid_rate;
        m.ready_rate = ready_rate;
        let mut tb = Tb {
            c: OneClock::new(d, clock, 10_000),
            m,
        };
        tb.c.d.set(reset, 1);
        for _ in 0..4 {
            tb.c.cycle(&mut [&mut tb.m]);
        }
        tb.c.d.set(reset, 0);
        tb
    }

    /// Run until every queued request is answered; the answers in completion order.
    fn finish(&mut self) -> Vec<(bool, u64, u64, u8)> {
        self.m.finish(&mut self.c, 2000)
    }
}

#[test]
fn axi_lite_adapter_answers_every_request_under_random_stalls() {
    for (rates, seed) in [((1.0, 1.0), 0xA1), ((0.3, 0.3), 0xA2), ((0.8, 0.1), 0xA3)] {
        check(&format!("axi_lite_{seed:x}"), seed, |rng| {
            let mut tb = Tb::new(rng.next_u64(), rates.0, rates.1);
            let rw = CTRL.mask(Access::RW);
            let mut ctrl = CTRL.reset() & rw;
            for _ in 0..300 {
                let v = rng.next_u64() as u32;
                match rng.below(7) {
                    0 => {
                        tb.m.write(CTRL.offset as u64, v as u64, 0xF);
                        assert_eq!(
                            tb.finish(),
                            vec![(true, CTRL.offset as u64, v as u64, OKAY)]
                        );
                        ctrl = v & rw;
                    }
                    1 => {
                        // a partial word is refused and writes nothing; no bytes is a no-op
                        let strb = [0x0, 0x1, 0x3, 0x8, 0xE][rng.below(5) as usize];
                        tb.m.write(CTRL.offset as u64, v as u64, strb);
                        let want = if strb == 0 { OKAY } else { SLVERR };
                        assert_eq!(
                            tb.finish(),
                            vec![(true, CTRL.offset as u64, v as u64, want)]
                        );
                    }
                    2 => {
                        tb.m.read(CTRL.offset as u64);
                        assert_eq!(
                            tb.finish(),
                            vec![(false, CTRL.offset as u64, ctrl as u64, OKAY)]
                        );
                    }
                    3 => {
                        // a read-only register: the bus refuses the write
                        tb.m.write(STATUS.offset as u64, v as u64, 0xF);
                        assert_eq!(tb.finish()[0].3, SLVERR);
                    }
                    4 => {
                        // unmapped and unaligned reads: SLVERR with data 0
                        let a = [0x20u64, 0x3C, 0x02][rng.below(3) as usize];
                        tb.m.read(a);
                        assert_eq!(tb.finish(), vec![(false, a, 0, SLVERR)]);
                    }
                    5 => {
                        // a write and a read pending at once: both served
                        tb.m.write(DOORBELL.offset as u64, v as u64, 0xF);
                        tb.m.read(STATUS.offset as u64);
                        let mut got = tb.finish();
                        got.sort();
                        assert_eq!(
                            got,
                            vec![
                                (false, STATUS.offset as u64, 0x5EED_0001, OKAY),
                                (true, DOORBELL.offset as u64, v as u64, OKAY)
                            ]
                        );
                    }
                    _ => {
                        tb.m.read(EXC.offset as u64);
                        assert_eq!(
                            tb.finish(),
                            vec![(false, EXC.offset as u64, EXC.reset() as u64, OKAY)]
                        );
                    }
                }
            }
        });
    }
}

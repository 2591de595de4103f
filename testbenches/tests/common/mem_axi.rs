//! The local-memory interface on AXI4 (`MemToAxi4`, top `mem_axi4`): a memory-interface master
//! issues random word reads and writes with random byte strobes (runs of one kind and quick
//! alternation, random gaps) into an AXI4 memory model with random latency and READY stalls
//! that checks the manager's side of the AMBA rules every edge. Checked: every response in
//! request order with the data a reference memory gives when the request was taken (a read
//! sees every earlier write and no later one), only strobed bytes written, accesses outside
//! memory answered with `err` (and nothing written), several transactions in flight.

use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::{instances, Backend, Dut};
use nicgen_sim::harness::cycle::{CycleModel, OneClock};
use nicgen_sim::harness::ports::index;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::system::hostmem::{Axi4Memory, Axi4Ports, MemServer};
use nicgen_sim::system::localmem::mem_ports;
use std::collections::VecDeque;

const BASE: u64 = 0x1000_0000;
const BYTES: usize = 1 << 14;

#[derive(Clone, Copy, Debug)]
struct Req {
    addr: u64,
    we: bool,
    wdata: u64,
    strb: u8,
}

/// The memory-interface master: offers `todo` in order, checks each response against the
/// reference memory as of the request's acceptance.
struct Master {
    p: [usize; 8],
    rng: Rng,
    todo: VecDeque<Req>,
    offer: bool,
    /// Per request taken: the read data expected (None for a write), whether it errs.
    expect: VecDeque<(Req, Option<u64>, bool)>,
    reference: Vec<u8>,
    err: usize,
    errs_expected: usize,
    errs_seen: usize,
    done: usize,
    max_in_flight: usize,
}

impl Master {
    fn inside(addr: u64) -> bool {
        (BASE..BASE + BYTES as u64).contains(&addr)
    }
    fn word(&self, addr: u64) -> u64 {
        let o = (addr - BASE) as usize;
        u64::from_le_bytes(self.reference[o..o + 8].try_into().unwrap())
    }
}

impl CycleModel for Master {
    fn before_edge(&mut self, d: &mut dyn Dut) -> Result<(), String> {
        d.settle();
        let g = |i: usize| d.get(i);
        if g(self.err) != 0 {
            self.errs_seen += 1;
        }
        if g(self.p[7]) != 0 {
            let (req, want, _) = self
                .expect
                .pop_front()
                .ok_or("a response with no request in flight")?;
            if let Some(w) = want {
                let got = g(self.p[6]) as u64;
                if got != w {
                    return Err(format!(
                        "read at {:#x}: {got:#018x}, want {w:#018x}; in flight {:x?}",
                        req.addr, self.expect
                    ));
                }
            }
            self.done += 1;
        }
        if self.offer && g(self.p[5]) != 0 {
            let r = self.todo.pop_front().unwrap();
            self.offer = false;
            let ok = Self::inside(r.addr);
            if !ok {
                self.errs_expected += 1;
            }
            let want = if r.we {
                if ok {
                    let o = (r.addr - BASE) as usize;
                    for i in 0..8 {
                        if r.strb >> i & 1 != 0 {
                            self.reference[o + i] = (r.wdata >> (8 * i)) as u8;
                        }
                    }
                }
                None
            } else {
                Some(if ok { self.word(r.addr) } else { 0 })
            };
            self.expect.push_back((r, want, !ok));
            self.max_in_flight = self.max_in_flight.max(self.expect.len());
        }
        Ok(())
    }

    fn after_edge(&mut self, d: &mut dyn Dut) {
        if !self.offer && !self.todo.is_empty() {
            self.offer = self.rng.chance(0.8);
        }
        if let Some(r) = self.todo.front().filter(|_| self.offer) {
            d.set(self.p[0], r.addr as u128);
            d.set(self.p[1], r.we as u128);
            d.set(self.p[2], r.wdata as u128);
            d.set(self.p[3], r.strb as u128);
        }
        d.set(self.p[4], self.offer as u128);
    }
}

fn run(backend: Backend, rng: &mut Rng) {
    let inst = instances("mem_axi4", backend, 1);
    let ports = inst.ports;
    let d = inst.duts.into_iter().next().unwrap();
    let mut srv = MemServer::new(BASE);
    srv.strict = false;
    assert_eq!(srv.mem.alloc(BYTES, 4096).unwrap(), BASE);
    let mut init = vec![0u8; BYTES];
    for b in init.iter_mut() {
        *b = rng.next_u64() as u8;
    }
    srv.mem.write(BASE, &init).unwrap();
    srv.latency = (1, 12);
    let (clock, reset) = (index(&ports, "clock"), index(&ports, "reset"));
    let mut c = OneClock::new(d, clock, 10_000);
    let mut mem = Axi4Memory::new(Axi4Ports::bind(&ports, "m_axi_"), srv, rng.next_u64());
    mem.partial_strobes = true;
    let mut todo = VecDeque::new();
    while todo.len() < 3000 {
        // a run of one kind (long or short), so both pipelining and kind changes are seen
        let we = rng.chance(0.5);
        let run = if rng.chance(0.5) {
            1 + rng.below(2)
        } else {
            4 + rng.below(12)
        };
        for _ in 0..run {
            let addr = if rng.chance(0.03) {
                BASE + BYTES as u64 + 8 * rng.below(64)
            } else {
                BASE + 8 * rng.below(BYTES as u64 / 8)
            };
            let strb = match rng.below(3) {
                0 => 0xFF,
                _ => rng.next_u64() as u8,
            };
            todo.push_back(Req {
                addr,
                we,
                wdata: rng.next_u64(),
                strb,
            });
        }
    }
    let n = todo.len();
    let mut m = Master {
        p: mem_ports(&ports, "mem_"),
        rng: Rng::new(rng.next_u64()),
        todo: VecDeque::new(),
        offer: false,
        expect: VecDeque::new(),
        reference: init,
        err: index(&ports, "err"),
        errs_expected: 0,
        errs_seen: 0,
        done: 0,
        max_in_flight: 0,
    };
    c.d.set(reset, 1);
    for _ in 0..3 {
        c.cycle(&mut [&mut m, &mut mem]);
    }
    c.d.set(reset, 0);
    m.todo = todo;
    let start = c.cycles;
    while m.done < n {
        assert!(c.cycles - start < 200_000, "{} of {n} answered", m.done);
        c.cycle(&mut [&mut m, &mut mem]);
    }
    for _ in 0..20 {
        c.cycle(&mut [&mut m, &mut mem]);
    }
    assert!(m.expect.is_empty() && mem.idle());
    let mut got = vec![0u8; BYTES];
    mem.srv.mem.read(BASE, &mut got).unwrap();
    assert!(got == m.reference, "memory differs from the reference");
    assert_eq!(m.errs_seen, m.errs_expected, "err pulses");
    assert!(
        m.errs_expected > 20,
        "{} accesses outside memory",
        m.errs_expected
    );
    assert!(
        m.max_in_flight >= 4,
        "in flight at most {}",
        m.max_in_flight
    );
    assert_eq!(
        mem.bursts.0 + mem.bursts.1,
        n as u64,
        "one transaction per request"
    );
    assert_eq!(mem.max_beats, 1);
}

#[test]
fn mem_on_axi4_keeps_request_order_and_byte_strobes() {
    check("mem_axi4_native", 0x3A4, |rng| run(Backend::Native, rng));
}

#[test]
fn mem_on_axi4_keeps_request_order_and_byte_strobes_verilator() {
    if !verilator::require("mem_axi4 in Verilator") {
        return;
    }
    check("mem_axi4_verilator", 0x3A5, |rng| {
        run(Backend::Verilator, rng)
    });
}

//! The register bus every device exposes, and the register bank that implements a register
//! map declared once in `nicgen_wire` (decode, reset values, read-back, field semantics).
//!
//! Bus protocol (`RegBusMaster` drives, `RegBusSlave` answers), all in one clock domain:
//! the master raises `write` or `read` (never both) for one cycle with `addr` (byte address)
//! and `wdata`; the slave answers with a one-cycle `ready`, carrying `rdata` for a read and
//! `err` for a bad access. The bank answers in the next cycle, always. A master issues its next
//! strobe no earlier than the cycle of `ready`. Bad accesses (`err`, the access has no effect,
//! reads return 0): an address no register decodes (unaligned included), a write to a register
//! with no writable field, `write` and `read` together.
//!
//! Field kinds (see `nicgen_wire::regs::Access`): RW storage; RO from `hw_in`; W1C set by
//! `hw_set` (set wins over a simultaneous clear, so no event is lost), cleared by writing 1;
//! WO and SC reach the hardware on `pulse` for one cycle with `wrote`; both read as 0. RWH
//! (hardware-owned RW) reads `hw_in` and hands a write to the hardware on `pulse` with `wrote`.

use crate::top::Ports;
use nicgen_wire::regs::{Access, RegMap};
use rust_hdl::prelude::*;

/// The register bus, master side, `D` data bits (`RegBusMaster` is the 32-bit bus every
/// register file uses; the M3 DTU's MMIO is the 64-bit one).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "RegBusSlaveD"]
pub struct RegBusMasterD<const A: usize, const D: usize> {
    pub addr: Signal<Out, Bits<A>>,
    pub wdata: Signal<Out, Bits<D>>,
    pub write: Signal<Out, Bit>,
    pub read: Signal<Out, Bit>,
    pub rdata: Signal<In, Bits<D>>,
    pub ready: Signal<In, Bit>,
    pub err: Signal<In, Bit>,
}

/// The register bus, slave side, `D` data bits.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "RegBusMasterD"]
pub struct RegBusSlaveD<const A: usize, const D: usize> {
    pub addr: Signal<In, Bits<A>>,
    pub wdata: Signal<In, Bits<D>>,
    pub write: Signal<In, Bit>,
    pub read: Signal<In, Bit>,
    pub rdata: Signal<Out, Bits<D>>,
    pub ready: Signal<Out, Bit>,
    pub err: Signal<Out, Bit>,
}

/// The 32-bit register bus, master side.
pub type RegBusMaster<const A: usize> = RegBusMasterD<A, 32>;
/// The 32-bit register bus, slave side.
pub type RegBusSlave<const A: usize> = RegBusSlaveD<A, 32>;

#[derive(LogicBlock)]
pub struct RegBank<const R: usize, const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub bus: RegBusSlave<A>,
    /// Values of the RO fields of each register.
    pub hw_in: [Signal<In, Bits<32>>; R],
    /// Events that set W1C bits of each register.
    pub hw_set: [Signal<In, Bits<32>>; R],
    /// Stored RW and W1C bits of each register (other bits 0).
    pub value: [Signal<Out, Bits<32>>; R],
    /// WO and SC bits written, for one cycle.
    pub pulse: [Signal<Out, Bits<32>>; R],
    /// A write reached register i (one cycle, aligned with `pulse`).
    pub wrote: [Signal<Out, Bit>; R],
    /// A read of register i is being answered (one cycle, for read-to-pop registers).
    pub was_read: [Signal<Out, Bit>; R],
    store: [DFFWithInit<Bits<32>>; R],
    pulse_r: [DFF<Bits<32>>; R],
    wrote_r: [DFF<Bit>; R],
    read_r: [DFF<Bit>; R],
    rdata_r: DFF<Bits<32>>,
    ready_r: DFF<Bit>,
    err_r: DFF<Bit>,
    any_hit: Signal<Local, Bit>,
    addr: [Constant<Bits<A>>; R],
    rw_mask: [Constant<Bits<32>>; R],
    w1c_mask: [Constant<Bits<32>>; R],
    ro_mask: [Constant<Bits<32>>; R],
    store_mask: [Constant<Bits<32>>; R],
    pulse_mask: [Constant<Bits<32>>; R],
    reset_val: [Constant<Bits<32>>; R],
    writable: [Constant<Bit>; R],
    zero: Constant<Bits<32>>,
}

impl<const R: usize, const A: usize> RegBank<R, A> {
    pub fn new(map: &RegMap) -> Self {
        map.validate()
            .unwrap_or_else(|e| panic!("register map {}: {}", map.name, e.join("; ")));
        assert_eq!(
            map.regs.len(),
            R,
            "RegBank<{R}>: map {} has {} registers",
            map.name,
            map.regs.len()
        );
        assert_eq!(
            map.addr_bits as usize, A,
            "RegBank<_, {A}>: map {} decodes {} address bits",
            map.name, map.addr_bits
        );
        let c = |f: &dyn Fn(usize) -> u32| -> [Constant<Bits<32>>; R] {
            std::array::from_fn(|i| Constant::new((f(i) as u64).into()))
        };
        let regs = map.regs;
        let store_mask = |i: usize| regs[i].mask(Access::RW) | regs[i].mask(Access::W1C);
        Self {
            clock: Default::default(),
            reset: Default::default(),
            bus: Default::default(),
            hw_in: std::array::from_fn(|_| Default::default()),
            hw_set: std::array::from_fn(|_| Default::default()),
            value: std::array::from_fn(|_| Default::default()),
            pulse: std::array::from_fn(|_| Default::default()),
            wrote: std::array::from_fn(|_| Default::default()),
            was_read: std::array::from_fn(|_| Default::default()),
            store: std::array::from_fn(|i| {
                DFFWithInit::new(((regs[i].reset() & store_mask(i)) as u64).into())
            }),
            pulse_r: std::array::from_fn(|_| Default::default()),
            wrote_r: std::array::from_fn(|_| Default::default()),
            read_r: std::array::from_fn(|_| Default::default()),
            rdata_r: Default::default(),
            ready_r: Default::default(),
            err_r: Default::default(),
            any_hit: Default::default(),
            addr: std::array::from_fn(|i| Constant::new((regs[i].offset as u64).into())),
            rw_mask: c(&|i| regs[i].mask(Access::RW)),
            w1c_mask: c(&|i| regs[i].mask(Access::W1C)),
            ro_mask: c(&|i| regs[i].mask(Access::RO) | regs[i].mask(Access::RWH)),
            store_mask: c(&store_mask),
            pulse_mask: c(&|i| {
                regs[i].mask(Access::WO) | regs[i].mask(Access::SC) | regs[i].mask(Access::RWH)
            }),
            reset_val: c(&|i| regs[i].reset() & store_mask(i)),
            writable: std::array::from_fn(|i| {
                Constant::new(regs[i].fields.iter().any(|f| f.access != Access::RO))
            }),
            zero: Constant::new(0u64.into()),
        }
    }
}

impl<const R: usize, const A: usize> Logic for RegBank<R, A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rdata_r, ready_r, err_r);
        self.rdata_r.d.next = self.zero.val();
        self.ready_r.d.next = self.bus.write.val() || self.bus.read.val();
        self.err_r.d.next = self.bus.write.val() && self.bus.read.val();
        self.any_hit.next = false;
        for i in 0..R {
            self.store[i].clock.next = self.clock.val();
            self.pulse_r[i].clock.next = self.clock.val();
            self.wrote_r[i].clock.next = self.clock.val();
            self.read_r[i].clock.next = self.clock.val();
            self.pulse_r[i].d.next = self.zero.val();
            self.wrote_r[i].d.next = false;
            self.read_r[i].d.next = false;
            self.store[i].d.next =
                self.store[i].q.val() | (self.hw_set[i].val() & self.w1c_mask[i].val());
            if self.bus.addr.val() == self.addr[i].val() {
                self.any_hit.next = true;
                if self.bus.write.val() && !self.bus.read.val() {
                    self.store[i].d.next = (self.store[i].q.val()
                        & !self.rw_mask[i].val()
                        & !(self.bus.wdata.val() & self.w1c_mask[i].val()))
                        | (self.bus.wdata.val() & self.rw_mask[i].val())
                        | (self.hw_set[i].val() & self.w1c_mask[i].val());
                    self.pulse_r[i].d.next = self.bus.wdata.val() & self.pulse_mask[i].val();
                    self.wrote_r[i].d.next = true;
                    if !self.writable[i].val() {
                        self.err_r.d.next = true;
                    }
                }
                if self.bus.read.val() && !self.bus.write.val() {
                    self.rdata_r.d.next = (self.store[i].q.val() & self.store_mask[i].val())
                        | (self.hw_in[i].val() & self.ro_mask[i].val());
                    self.read_r[i].d.next = true;
                }
            }
            self.value[i].next = self.store[i].q.val() & self.store_mask[i].val();
            self.pulse[i].next = self.pulse_r[i].q.val();
            self.wrote[i].next = self.wrote_r[i].q.val();
            self.was_read[i].next = self.read_r[i].q.val();
        }
        if (self.bus.write.val() || self.bus.read.val()) && !self.any_hit.val() {
            self.err_r.d.next = true;
        }
        self.bus.rdata.next = self.rdata_r.q.val();
        self.bus.ready.next = self.ready_r.q.val();
        self.bus.err.next = self.err_r.q.val();
        if self.reset.val() {
            self.rdata_r.d.next = self.zero.val();
            self.ready_r.d.next = false;
            self.err_r.d.next = false;
            for i in 0..R {
                self.store[i].d.next = self.reset_val[i].val();
                self.pulse_r[i].d.next = self.zero.val();
                self.wrote_r[i].d.next = false;
                self.read_r[i].d.next = false;
            }
        }
    }
}

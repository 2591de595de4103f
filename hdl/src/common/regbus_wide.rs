//! The 32-bit register bus (`common::regbank`, what the UART bridge masters) in front of
//! 64-bit targets: `RegBus32To64`, a 64-bit register bus (the DTU's MMIO), and `RegBusToMem`,
//! a local-memory port (`common::mem`). Both answer one access at a time, `ready` (with `err`)
//! at least a cycle after the strobe.
//!
//! `RegBus32To64`: 64-bit register r is the word pair at r (low half) and r + 4 (high half),
//! accessed low half first, as `RegAccess::read64` / `write64` do:
//! - a write of the low half is held in the adapter (answered at once, no access);
//! - a write of the high half writes the 64-bit register: {high, held low};
//! - a read of the low half reads the 64-bit register, answers its low half and latches its
//!   high half; a read of the high half answers the latched half (no access).
//! So a 64-bit register changes in one access, never half-written, and a 64-bit read is one
//! read of the register (a FIFO-like register is popped once). Offsets at or above 2^A and
//! addresses that are not word-aligned are answered `err` (with 0) without an access; the
//! target's `err` is passed on.
//!
//! `RegBusToMem`: word w of the window is bytes 4w..4w+3 of memory: a write is a 64-bit word
//! request with the data in both halves and strobes 0x0F or 0xF0, a read answers the half of
//! the word it names.

use crate::common::mem::MemMaster;
use crate::common::prim::k;
use crate::common::regbank::{RegBusMasterD, RegBusSlave};
use crate::common::widen::Widen;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct RegBus32To64<const W: usize, const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub s: RegBusSlave<W>,
    pub m: RegBusMasterD<A, 64>,
    lo: DFF<Bits<32>>,
    hi: DFF<Bits<32>>,
    /// A 64-bit access waits for the target.
    busy: DFF<Bit>,
    /// An answer of the adapter's own, next cycle: its data and error.
    own: DFF<Bit>,
    own_err: DFF<Bit>,
    own_data: DFF<Bits<32>>,
    m_addr: DFF<Bits<A>>,
    m_wdata: DFF<Bits<64>>,
    m_write: DFF<Bit>,
    m_read: DFF<Bit>,
    in_range: Signal<Local, Bit>,
    wide_hi: Widen<32, 64>,
    wide_lo: Widen<32, 64>,
    c_shift: Constant<Bits<64>>,
    c_top: Constant<Bits<W>>,
    c_align: Constant<Bits<A>>,
    c_zero32: Constant<Bits<32>>,
    c_zero_w: Constant<Bits<W>>,
}

impl<const W: usize, const A: usize> Default for RegBus32To64<W, A> {
    fn default() -> Self {
        assert!(3 <= A && A <= W, "RegBus32To64: A={A}, W={W}");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            s: Default::default(),
            m: Default::default(),
            lo: Default::default(),
            hi: Default::default(),
            busy: Default::default(),
            own: Default::default(),
            own_err: Default::default(),
            own_data: Default::default(),
            m_addr: Default::default(),
            m_wdata: Default::default(),
            m_write: Default::default(),
            m_read: Default::default(),
            in_range: Default::default(),
            wide_hi: Default::default(),
            wide_lo: Default::default(),
            c_shift: k(32),
            // the bits that must be 0: those at or above A, and the byte bits
            c_top: k((((1u64 << W) - 1) & !((1u64 << A) - 1)) | 3),
            c_align: k(((1u64 << A) - 1) & !7),
            c_zero32: k(0),
            c_zero_w: k(0),
        }
    }
}

impl<const W: usize, const A: usize> Logic for RegBus32To64<W, A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, lo, hi, busy, own, own_err, own_data, m_addr, m_wdata, m_write, m_read
        );
        self.m.addr.next = self.m_addr.q.val();
        self.m.wdata.next = self.m_wdata.q.val();
        self.m.write.next = self.m_write.q.val();
        self.m.read.next = self.m_read.q.val();
        self.m_write.d.next = false;
        self.m_read.d.next = false;
        self.own.d.next = false;
        self.own_err.d.next = false;
        self.own_data.d.next = self.c_zero32.val();
        self.wide_hi.x.next = self.s.wdata.val();
        self.wide_lo.x.next = self.lo.q.val();

        self.in_range.next = (self.s.addr.val() & self.c_top.val()) == self.c_zero_w.val();
        if self.s.write.val() || self.s.read.val() {
            self.m_addr.d.next = self.s.addr.val().get_bits::<A>(0) & self.c_align.val();
            if !self.in_range.val() {
                self.own.d.next = true;
                self.own_err.d.next = true;
            } else if self.s.write.val() && !self.s.addr.val().get_bit(2) {
                self.lo.d.next = self.s.wdata.val();
                self.own.d.next = true;
            } else if self.s.write.val() {
                self.m_wdata.d.next =
                    (self.wide_hi.y.val() << self.c_shift.val()) | self.wide_lo.y.val();
                self.m_write.d.next = true;
                self.busy.d.next = true;
            } else if !self.s.addr.val().get_bit(2) {
                self.m_read.d.next = true;
                self.busy.d.next = true;
            } else {
                self.own.d.next = true;
                self.own_data.d.next = self.hi.q.val();
            }
        }

        self.s.ready.next = self.own.q.val();
        self.s.err.next = self.own_err.q.val();
        self.s.rdata.next = self.own_data.q.val();
        if self.busy.q.val() && self.m.ready.val() {
            self.busy.d.next = false;
            self.s.ready.next = true;
            self.s.err.next = self.m.err.val();
            self.s.rdata.next = self.m.rdata.val().get_bits::<32>(0);
            self.hi.d.next = self.m.rdata.val().get_bits::<32>(32);
        }
        if self.reset.val() {
            self.busy.d.next = false;
            self.own.d.next = false;
            self.m_write.d.next = false;
            self.m_read.d.next = false;
        }
    }
}

const M_IDLE: u64 = 0;
const M_REQ: u64 = 1;
const M_RSP: u64 = 2;

#[derive(LogicBlock)]
pub struct RegBusToMem<const W: usize, const A: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub s: RegBusSlave<W>,
    pub m: MemMaster<A>,
    state: DFF<Bits<2>>,
    addr: DFF<Bits<W>>,
    we: DFF<Bit>,
    wdata: DFF<Bits<32>>,
    addr_w: Widen<W, A>,
    wd: Widen<32, 64>,
    c_idle: Constant<Bits<2>>,
    c_req: Constant<Bits<2>>,
    c_rsp: Constant<Bits<2>>,
    c_word: Constant<Bits<A>>,
    c_shift: Constant<Bits<64>>,
    c_strb_lo: Constant<Bits<8>>,
    c_strb_hi: Constant<Bits<8>>,
    c_zero8: Constant<Bits<8>>,
}

impl<const W: usize, const A: usize> Default for RegBusToMem<W, A> {
    fn default() -> Self {
        assert!(3 <= W && W < A, "RegBusToMem: W={W}, A={A}");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            s: Default::default(),
            m: Default::default(),
            state: Default::default(),
            addr: Default::default(),
            we: Default::default(),
            wdata: Default::default(),
            addr_w: Default::default(),
            wd: Default::default(),
            c_idle: k(M_IDLE),
            c_req: k(M_REQ),
            c_rsp: k(M_RSP),
            c_word: k(((1u64 << A) - 1) & !7),
            c_shift: k(32),
            c_strb_lo: k(0x0F),
            c_strb_hi: k(0xF0),
            c_zero8: k(0),
        }
    }
}

impl<const W: usize, const A: usize> Logic for RegBusToMem<W, A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, addr, we, wdata);
        self.addr_w.x.next = self.addr.q.val();
        self.wd.x.next = self.wdata.q.val();
        self.m.req_addr.next = self.addr_w.y.val() & self.c_word.val();
        self.m.req_we.next = self.we.q.val();
        self.m.req_wdata.next = (self.wd.y.val() << self.c_shift.val()) | self.wd.y.val();
        self.m.req_strb.next = self.c_zero8.val();
        if self.we.q.val() {
            self.m.req_strb.next = self.c_strb_lo.val();
            if self.addr.q.val().get_bit(2) {
                self.m.req_strb.next = self.c_strb_hi.val();
            }
        }
        self.m.req_valid.next = self.state.q.val() == self.c_req.val();
        self.s.ready.next = false;
        self.s.err.next = false;
        self.s.rdata.next = self.m.rsp_data.val().get_bits::<32>(0);
        if self.addr.q.val().get_bit(2) {
            self.s.rdata.next = self.m.rsp_data.val().get_bits::<32>(32);
        }
        if self.state.q.val() == self.c_idle.val() {
            if self.s.write.val() || self.s.read.val() {
                self.addr.d.next = self.s.addr.val();
                self.we.d.next = self.s.write.val();
                self.wdata.d.next = self.s.wdata.val();
                self.state.d.next = self.c_req.val();
            }
        } else if self.state.q.val() == self.c_req.val() {
            if self.m.req_ready.val() {
                self.state.d.next = self.c_rsp.val();
            }
        } else if self.m.rsp_valid.val() {
            self.s.ready.next = true;
            self.state.d.next = self.c_idle.val();
        }
        if self.reset.val() {
            self.state.d.next = self.c_idle.val();
        }
    }
}

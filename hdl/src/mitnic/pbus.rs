//! The MIT NIC's 88100 P-bus slave (CSG Memo 331 §3.2; issue 15; timing and reply encoding
//! decided in NIC-A24, `nicgen_wire::mitnic::DR_*`).
//!
//! The bus, cycle by cycle: the master presents a transaction in one cycle (`ncs` low selects
//! the NIC, `dbe` high marks a non-NULL transaction, `da` = A[15:2], `r_w` high for a read); in
//! the next cycle it drives the write data on `d_in`, and the selected slave drives the reply
//! on `dr_out` (SUCCESS, WAIT or FAULT) and, for a read that succeeds, the data on `d_out`. A
//! master pipelines: it presents the next transaction in the reply cycle of the previous one.
//! WAIT extends the previous transaction (its slave replies again the next cycle, the master
//! keeps its write data on the bus) and the transaction presented meanwhile is not taken: the
//! master presents it again. A slave selected in the cycle after a non-NULL transaction looks at
//! the reply lines (`dr_in`, the bus as every slave drives it): if that transaction did not
//! succeed, the current one is ignored (§3.2 L442). Here: a transaction is taken when the reply
//! lines show SUCCESS, or show nothing (`DR_IDLE`) after a NULL cycle; WAIT or FAULT on them
//! means the one presented is ignored (also after a NULL cycle in the middle of another
//! slave's WAIT). The NIC's own WAIT therefore shuts out the master's presentations, and the
//! core executes the held transaction exactly once.
//!
//! The bidirectional pins are split for the FPGA fabric: `d_out`/`d_oe`, `dr_out`/`dr_oe` (the
//! pad's tri-state or the board's bus multiplexer uses the enables).

use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

use crate::common::prim::k;
use crate::common::regbank::RegBusSlave;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use nicgen_wire::mitnic as w;

/// The 88100 P bus as a slave sees it (Memo 331 §3.2), its bidirectional data and reply lines
/// split for the FPGA fabric into in, out and output enable.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
pub struct PBus {
    /// Chip select, active low (the decode of the upper address bits is outside)
    pub ncs: Signal<In, Bit>,
    /// High for a non-NULL transaction (the OR of dbe3-dbe0)
    pub dbe: Signal<In, Bit>,
    /// Address bits A[15:2]: LOC, OTYPE, NNEXT, SEND, CSP (`nicgen_wire::mitnic::Command`)
    pub da: Signal<In, Bits<14>>,
    /// 1 read, 0 write
    pub r_w: Signal<In, Bit>,
    /// Data as driven by the master (write data, the cycle after the address)
    pub d_in: Signal<In, Bits<32>>,
    /// Reply lines as every slave drives them: a transaction in the cycle after a non-NULL one
    /// that did not succeed is ignored
    pub dr_in: Signal<In, Bits<2>>,
    /// Read data (0 when `d_oe` is low)
    pub d_out: Signal<Out, Bits<32>>,
    /// Drive `d_out` on the data bus (the reply cycle of a read that succeeds)
    pub d_oe: Signal<Out, Bit>,
    /// Reply: `nicgen_wire::mitnic::DR_SUCCESS`, `DR_WAIT` or `DR_FAULT`
    pub dr_out: Signal<Out, Bits<2>>,
    /// Drive `dr_out` (every reply cycle of a NIC transaction)
    pub dr_oe: Signal<Out, Bit>,
}

#[derive(LogicBlock, BlockDefault)]
pub struct PBusSlave {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// The P bus.
    pub bus: PBus,
    // the core's transaction port
    pub t_strobe: Signal<Out, Bit>,
    pub t_da: Signal<Out, Bits<14>>,
    pub t_write: Signal<Out, Bit>,
    pub t_wdata: Signal<Out, Bits<32>>,
    pub t_done: Signal<In, Bit>,
    pub t_fault: Signal<In, Bit>,
    pub t_wait: Signal<In, Bit>,
    pub t_rdata: Signal<In, Bits<32>>,
    /// The last cycle carried a non-NULL transaction (to any slave).
    prev: DFF<Bit>,
    /// The transaction being answered is a read.
    read: DFF<Bit>,
    #[init(k(w::DR_SUCCESS as u64))]
    c_success: Constant<Bits<2>>,
    #[init(k(w::DR_WAIT as u64))]
    c_wait: Constant<Bits<2>>,
    #[init(k(w::DR_IDLE as u64))]
    c_idle: Constant<Bits<2>>,
    take: Signal<Local, Bit>,
    #[init(k(w::DR_FAULT as u64))]
    c_fault: Constant<Bits<2>>,
    #[init(k(0))]
    c_zero: Constant<Bits<32>>,
}

impl Logic for PBusSlave {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, prev, read);
        self.prev.d.next = self.bus.dbe.val();
        self.take.next = !self.bus.ncs.val()
            && self.bus.dbe.val()
            && ((self.bus.dr_in.val() == self.c_success.val())
                || (!self.prev.q.val() && (self.bus.dr_in.val() == self.c_idle.val())))
            && !self.reset.val();
        self.t_strobe.next = self.take.val();
        self.t_da.next = self.bus.da.val();
        self.t_write.next = !self.bus.r_w.val();
        self.t_wdata.next = self.bus.d_in.val();
        if self.take.val() {
            self.read.d.next = self.bus.r_w.val();
        }
        self.bus.dr_out.next = self.c_success.val();
        if self.t_wait.val() {
            self.bus.dr_out.next = self.c_wait.val();
        }
        if self.t_fault.val() {
            self.bus.dr_out.next = self.c_fault.val();
        }
        self.bus.dr_oe.next = self.t_done.val() || self.t_wait.val();
        self.bus.d_oe.next = self.t_done.val() && !self.t_fault.val() && self.read.q.val();
        self.bus.d_out.next = self.c_zero.val();
        if self.t_done.val() && !self.t_fault.val() && self.read.q.val() {
            self.bus.d_out.next = self.t_rdata.val();
        }
        if self.reset.val() {
            self.prev.d.next = false;
        }
    }
}

/// A register bus as the NIC's P-bus master (the ULX3S board's bridge in the 88100's place):
/// an access to `s` at offset A[11:2] is one P-bus transaction with da = {`da_hi`, A[11:2]}:
/// da_hi (da[13:10]: SEND 11:10, CSP 12, 13 unused) comes from a register on the second port
/// `hi` (any offset; bits 3:0 of the word), so a transport reaches every command encoding. The
/// transaction's address cycle follows a NULL cycle; then the adapter waits for the NIC's reply
/// (SUCCESS: `ready` with the read data; FAULT: `err`; WAIT: as long as it lasts; no reply at
/// all: `err`). The reply lines the NIC sees show nothing (`DR_IDLE`): it is only ever
/// presented a transaction after a NULL cycle.
#[derive(LogicBlock)]
pub struct RegBusToPBus<const W: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub s: RegBusSlave<W>,
    pub hi: RegBusSlave<W>,
    pub ncs: Signal<Out, Bit>,
    pub dbe: Signal<Out, Bit>,
    pub da: Signal<Out, Bits<14>>,
    pub r_w: Signal<Out, Bit>,
    pub d: Signal<Out, Bits<32>>,
    pub dr: Signal<Out, Bits<2>>,
    pub nic_d: Signal<In, Bits<32>>,
    pub nic_dr: Signal<In, Bits<2>>,
    pub nic_dr_oe: Signal<In, Bit>,
    state: DFF<Bits<2>>,
    addr: DFF<Bits<10>>,
    we: DFF<Bit>,
    wdata: DFF<Bits<32>>,
    da_hi: DFF<Bits<4>>,
    hi_ready: DFF<Bit>,
    w_hi: Widen<4, 14>,
    w_hi32: Widen<4, 32>,
    w_lo: Widen<10, 14>,
    sink_addr: Unused<Bits<2>>,
    sink_hi: Unused<Bits<W>>,
    sink_wd: Unused<Bits<28>>,
    c_idle: Constant<Bits<2>>,
    c_addr: Constant<Bits<2>>,
    c_reply: Constant<Bits<2>>,
    c_sh: Constant<Bits<14>>,
    c_success: Constant<Bits<2>>,
    c_wait: Constant<Bits<2>>,
    c_none: Constant<Bits<2>>,
    c_zero4: Constant<Bits<4>>,
}

impl<const W: usize> Default for RegBusToPBus<W> {
    fn default() -> Self {
        assert_eq!(W, 12, "RegBusToPBus: a 4 KiB window (A[11:2] = da[9:0])");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            s: Default::default(),
            hi: Default::default(),
            ncs: Default::default(),
            dbe: Default::default(),
            da: Default::default(),
            r_w: Default::default(),
            d: Default::default(),
            dr: Default::default(),
            nic_d: Default::default(),
            nic_dr: Default::default(),
            nic_dr_oe: Default::default(),
            state: Default::default(),
            addr: Default::default(),
            we: Default::default(),
            wdata: Default::default(),
            da_hi: Default::default(),
            hi_ready: Default::default(),
            w_hi: Default::default(),
            w_hi32: Default::default(),
            w_lo: Default::default(),
            sink_addr: Default::default(),
            sink_hi: Default::default(),
            sink_wd: Default::default(),
            c_idle: k(0),
            c_addr: k(1),
            c_reply: k(2),
            c_sh: k(10),
            c_success: k(w::DR_SUCCESS as u64),
            c_wait: k(w::DR_WAIT as u64),
            c_none: k(w::DR_IDLE as u64),
            c_zero4: k(0),
        }
    }
}

impl<const W: usize> Logic for RegBusToPBus<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, addr, we, wdata, da_hi, hi_ready);
        self.sink_addr.x.next = self.s.addr.val().get_bits::<2>(0);
        self.sink_hi.x.next = self.hi.addr.val();
        self.sink_wd.x.next = self.hi.wdata.val().get_bits::<28>(4);
        // the da[13:10] register
        self.hi_ready.d.next = self.hi.write.val() || self.hi.read.val();
        if self.hi.write.val() {
            self.da_hi.d.next = self.hi.wdata.val().get_bits::<4>(0);
        }
        self.hi.ready.next = self.hi_ready.q.val();
        self.hi.err.next = false;
        self.w_hi.x.next = self.da_hi.q.val();
        self.w_hi32.x.next = self.da_hi.q.val();
        self.hi.rdata.next = self.w_hi32.y.val();
        self.w_lo.x.next = self.addr.q.val();
        // the P bus: the transaction's address cycle, then its reply
        self.ncs.next = true;
        self.dbe.next = false;
        self.da.next = (self.w_hi.y.val() << self.c_sh.val()) | self.w_lo.y.val();
        self.r_w.next = !self.we.q.val();
        self.d.next = self.wdata.q.val();
        // the adapter presents a transaction only after a NULL cycle, so the reply lines the
        // NIC looks at then show nothing (and a loop through the NIC's reply is avoided)
        self.dr.next = self.c_none.val();
        self.s.ready.next = false;
        self.s.err.next = false;
        self.s.rdata.next = self.nic_d.val();
        if self.state.q.val() == self.c_idle.val() {
            if self.s.write.val() || self.s.read.val() {
                self.addr.d.next = self.s.addr.val().get_bits::<10>(2);
                self.we.d.next = self.s.write.val();
                self.wdata.d.next = self.s.wdata.val();
                self.state.d.next = self.c_addr.val();
            }
        } else if self.state.q.val() == self.c_addr.val() {
            self.ncs.next = false;
            self.dbe.next = true;
            self.state.d.next = self.c_reply.val();
        } else if !(self.nic_dr_oe.val() && (self.nic_dr.val() == self.c_wait.val())) {
            // SUCCESS ends it; FAULT or no reply is an error
            self.s.ready.next = true;
            self.s.err.next =
                !(self.nic_dr_oe.val() && (self.nic_dr.val() == self.c_success.val()));
            self.state.d.next = self.c_idle.val();
        }
        if self.reset.val() {
            self.state.d.next = self.c_idle.val();
            self.da_hi.d.next = self.c_zero4.val();
        }
    }
}

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

use rust_hdl::prelude::*;

use crate::common::prim::k;
use nicgen_wire::mitnic as w;

#[derive(LogicBlock)]
pub struct PBusSlave {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    // the P bus
    pub ncs: Signal<In, Bit>,
    pub dbe: Signal<In, Bit>,
    pub da: Signal<In, Bits<14>>,
    pub r_w: Signal<In, Bit>,
    pub d_in: Signal<In, Bits<32>>,
    pub dr_in: Signal<In, Bits<2>>,
    pub d_out: Signal<Out, Bits<32>>,
    pub d_oe: Signal<Out, Bit>,
    pub dr_out: Signal<Out, Bits<2>>,
    pub dr_oe: Signal<Out, Bit>,
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
    c_success: Constant<Bits<2>>,
    c_wait: Constant<Bits<2>>,
    c_idle: Constant<Bits<2>>,
    take: Signal<Local, Bit>,
    c_fault: Constant<Bits<2>>,
    c_zero: Constant<Bits<32>>,
}

impl Default for PBusSlave {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            ncs: Default::default(),
            dbe: Default::default(),
            da: Default::default(),
            r_w: Default::default(),
            d_in: Default::default(),
            dr_in: Default::default(),
            d_out: Default::default(),
            d_oe: Default::default(),
            dr_out: Default::default(),
            dr_oe: Default::default(),
            t_strobe: Default::default(),
            t_da: Default::default(),
            t_write: Default::default(),
            t_wdata: Default::default(),
            t_done: Default::default(),
            t_fault: Default::default(),
            t_wait: Default::default(),
            t_rdata: Default::default(),
            prev: Default::default(),
            read: Default::default(),
            c_success: k(w::DR_SUCCESS as u64),
            c_wait: k(w::DR_WAIT as u64),
            c_idle: k(w::DR_IDLE as u64),
            take: Default::default(),
            c_fault: k(w::DR_FAULT as u64),
            c_zero: k(0),
        }
    }
}

impl Logic for PBusSlave {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, prev, read);
        self.prev.d.next = self.dbe.val();
        self.take.next = !self.ncs.val()
            && self.dbe.val()
            && ((self.dr_in.val() == self.c_success.val())
                || (!self.prev.q.val() && (self.dr_in.val() == self.c_idle.val())))
            && !self.reset.val();
        self.t_strobe.next = self.take.val();
        self.t_da.next = self.da.val();
        self.t_write.next = !self.r_w.val();
        self.t_wdata.next = self.d_in.val();
        if self.take.val() {
            self.read.d.next = self.r_w.val();
        }
        self.dr_out.next = self.c_success.val();
        if self.t_wait.val() {
            self.dr_out.next = self.c_wait.val();
        }
        if self.t_fault.val() {
            self.dr_out.next = self.c_fault.val();
        }
        self.dr_oe.next = self.t_done.val() || self.t_wait.val();
        self.d_oe.next = self.t_done.val() && !self.t_fault.val() && self.read.q.val();
        self.d_out.next = self.c_zero.val();
        if self.t_done.val() && !self.t_fault.val() && self.read.q.val() {
            self.d_out.next = self.t_rdata.val();
        }
        if self.reset.val() {
            self.prev.d.next = false;
        }
    }
}

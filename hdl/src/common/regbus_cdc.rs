//! Register bus across two clock domains, one access at a time (the FTNW register controller's
//! crossing, thesis §3.2.3, FTNW-H062/H063): the requester side (`bus`, on `m_clock`) holds the
//! access (address, write data, read or write) in registers and flips a command toggle; the
//! toggle crosses through two flops, and its edge on `s_clock` issues the access on `out` as a
//! one-cycle strobe (the held fields have been stable since before the toggle moved). The
//! answer (`rdata`, `err`) is held in `s_clock` registers and an echo toggle flips; the echo
//! crosses back through two flops, and its edge on `m_clock` samples the held answer (stable
//! since before the echo moved) and answers `bus` with a one-cycle `ready`. A write is complete
//! when its echo returns, a read's data is taken only after its echo returns.
//!
//! Latency: from `bus`'s strobe to its `ready`, 1 + (2..3) `s_clock` edges, then the slave's
//! answer, then (2..3) + 1 `m_clock` edges. Correct at any ratio of the two clocks and any phase.
//! Bus rules: those of `common::regbank` on both sides (one access at a time; the requester
//! waits for `ready`). A strobe while an access is under way (a requester breaking the rule) is
//! ignored. Reset: both resets together, for at least three cycles of the slower clock.
//! Crossings: the command toggle and the echo, each through two flops; the held fields
//! (`addr`, `wdata`, the kind; `rdata`, `err`) are read in the other domain only while the
//! toggles say they are stable.

use crate::common::regbank::{RegBusMaster, RegBusSlave};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct RegBusCdc<const A: usize> {
    pub m_clock: Signal<In, Clock>,
    pub m_reset: Signal<In, Bit>,
    pub bus: RegBusSlave<A>,
    pub s_clock: Signal<In, Clock>,
    pub s_reset: Signal<In, Bit>,
    pub out: RegBusMaster<A>,
    // requester domain
    busy: DFF<Bit>,
    h_addr: DFF<Bits<A>>,
    h_wdata: DFF<Bits<32>>,
    h_write: DFF<Bit>,
    cmd_t: DFF<Bit>,
    echo_s1: DFF<Bit>,
    echo_s2: DFF<Bit>,
    echo_s3: DFF<Bit>,
    ready_q: DFF<Bit>,
    rdata_q: DFF<Bits<32>>,
    err_q: DFF<Bit>,
    // slave domain
    cmd_s1: DFF<Bit>,
    cmd_s2: DFF<Bit>,
    cmd_s3: DFF<Bit>,
    pending: DFF<Bit>,
    a_rdata: DFF<Bits<32>>,
    a_err: DFF<Bit>,
    echo_t: DFF<Bit>,
}

impl<const A: usize> Logic for RegBusCdc<A> {
    #[hdl_gen]
    fn update(&mut self) {
        // requester domain
        dff_setup!(
            self, m_clock, busy, h_addr, h_wdata, h_write, cmd_t, echo_s1, echo_s2, echo_s3,
            ready_q, rdata_q, err_q
        );
        self.echo_s1.d.next = self.echo_t.q.val();
        self.echo_s2.d.next = self.echo_s1.q.val();
        self.echo_s3.d.next = self.echo_s2.q.val();
        self.ready_q.d.next = false;
        self.bus.ready.next = self.ready_q.q.val();
        self.bus.rdata.next = self.rdata_q.q.val();
        self.bus.err.next = self.err_q.q.val();
        if !self.busy.q.val() && (self.bus.read.val() || self.bus.write.val()) {
            self.busy.d.next = true;
            self.h_addr.d.next = self.bus.addr.val();
            self.h_wdata.d.next = self.bus.wdata.val();
            self.h_write.d.next = self.bus.write.val();
            self.cmd_t.d.next = !self.cmd_t.q.val();
        }
        if self.busy.q.val() && (self.echo_s2.q.val() != self.echo_s3.q.val()) {
            self.busy.d.next = false;
            self.ready_q.d.next = true;
            self.rdata_q.d.next = self.a_rdata.q.val();
            self.err_q.d.next = self.a_err.q.val();
        }
        if self.m_reset.val() {
            self.busy.d.next = false;
            self.cmd_t.d.next = false;
            self.echo_s1.d.next = false;
            self.echo_s2.d.next = false;
            self.echo_s3.d.next = false;
            self.ready_q.d.next = false;
        }
        // slave domain
        dff_setup!(self, s_clock, cmd_s1, cmd_s2, cmd_s3, pending, a_rdata, a_err, echo_t);
        self.cmd_s1.d.next = self.cmd_t.q.val();
        self.cmd_s2.d.next = self.cmd_s1.q.val();
        self.cmd_s3.d.next = self.cmd_s2.q.val();
        self.out.addr.next = self.h_addr.q.val();
        self.out.wdata.next = self.h_wdata.q.val();
        self.out.write.next = false;
        self.out.read.next = false;
        if self.cmd_s2.q.val() != self.cmd_s3.q.val() {
            self.out.write.next = self.h_write.q.val();
            self.out.read.next = !self.h_write.q.val();
            self.pending.d.next = true;
        }
        if self.pending.q.val() && self.out.ready.val() {
            self.pending.d.next = false;
            self.a_rdata.d.next = self.out.rdata.val();
            self.a_err.d.next = self.out.err.val();
            self.echo_t.d.next = !self.echo_t.q.val();
        }
        if self.s_reset.val() {
            self.cmd_s1.d.next = false;
            self.cmd_s2.d.next = false;
            self.cmd_s3.d.next = false;
            self.pending.d.next = false;
            self.echo_t.d.next = false;
        }
    }
}

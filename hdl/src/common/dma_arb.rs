//! Merges the DMA write ports (`common::dma::DmaWrMaster`) of `N` (2..=8) blocks onto one:
//! whole writes, round-robin over the masters with a request (after the one granted last), and
//! every master's writes in its own order, so a block's notification never overtakes its data.
//!
//! `DmaWrArbiter` is `DmaWrMux` with a register slice (`common::skid::DmaWrSlice`) at each
//! master and one at memory: no combinational path runs from memory through the arbiter to a
//! master or from one master to another (requests and data; responses, one per write, pass
//! through). Latency: two cycles on requests and data.
//!
//! `DmaWrMux`: requests, data and responses are three queues in grant order: a request is
//! granted (passed through, its master's index queued) while fewer than 8 writes are
//! outstanding; the data beats of the oldest granted write whose data is not complete pass
//! through (the next write's request may be granted meanwhile); each response goes to the
//! master of the oldest write not yet answered. A request presented to memory and not yet taken
//! stays presented (VALID and payload held): the grant moves only after the handshake. Latency:
//! none (combinational paths from a master to memory and back).

use crate::common::dma::{DmaWrMaster, DmaWrSlave};
use crate::common::prim::k;
use crate::common::skid::DmaWrSlice;
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct DmaWrMux<const N: usize, const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// The masters connect here.
    pub m: [DmaWrSlave<D>; N],
    /// To memory.
    pub s: DmaWrMaster<D>,
    /// Master of each outstanding write, in grant order; pointers for requests (write), data
    /// and responses (read), one wrap bit each.
    ord: [DFF<Bits<3>>; 8],
    owp: DFF<Bits<4>>,
    odp: DFF<Bits<4>>,
    orp: DFF<Bits<4>>,
    /// A request presented and not yet taken: its master keeps the grant.
    held: DFF<Bit>,
    gsel: DFF<Bits<3>>,
    /// The master granted last.
    rr: DFF<Bits<3>>,
    above: Signal<Local, Bits<8>>,
    pk_lo: Signal<Local, Bit>,
    pk_hi: Signal<Local, Bit>,
    pk_vc_lo: Signal<Local, Bits<3>>,
    pk_vc_hi: Signal<Local, Bits<3>>,
    pick: Signal<Local, Bits<3>>,
    any: Signal<Local, Bit>,
    full: Signal<Local, Bit>,
    dsel: Signal<Local, Bits<3>>,
    rsel: Signal<Local, Bits<3>>,
    c_idx: [Constant<Bits<3>>; 8],
    c_above: [Constant<Bits<8>>; 8],
    c_bit: [Constant<Bits<8>>; N],
    c_zero8: Constant<Bits<8>>,
    c_one4: Constant<Bits<4>>,
    c_zero4: Constant<Bits<4>>,
    c_depth: Constant<Bits<4>>,
    c_zero3: Constant<Bits<3>>,
    c_last: Constant<Bits<3>>,
}

impl<const N: usize, const D: usize> Default for DmaWrMux<N, D> {
    fn default() -> Self {
        assert!((2..=8).contains(&N), "DmaWrMux: N={N} out of 2..=8");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            m: std::array::from_fn(|_| Default::default()),
            s: Default::default(),
            ord: Default::default(),
            owp: Default::default(),
            odp: Default::default(),
            orp: Default::default(),
            held: Default::default(),
            gsel: Default::default(),
            rr: Default::default(),
            above: Default::default(),
            pk_lo: Default::default(),
            pk_hi: Default::default(),
            pk_vc_lo: Default::default(),
            pk_vc_hi: Default::default(),
            pick: Default::default(),
            any: Default::default(),
            full: Default::default(),
            dsel: Default::default(),
            rsel: Default::default(),
            c_idx: std::array::from_fn(|i| k(i as u64)),
            c_above: std::array::from_fn(|i| k((0xFF << (i + 1)) & 0xFF)),
            c_bit: std::array::from_fn(|i| k(1 << i)),
            c_zero8: k(0),
            c_one4: k(1),
            c_zero4: k(0),
            c_depth: k(8),
            c_zero3: k(0),
            c_last: k(N as u64 - 1),
        }
    }
}

impl<const N: usize, const D: usize> Logic for DmaWrMux<N, D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, owp, odp, orp, held, gsel, rr);
        for i in 0..8 {
            self.ord[i].clock.next = self.clock.val();
            self.ord[i].d.next = self.ord[i].q.val();
        }
        // ---- request: round-robin after the master granted last, held until taken ----
        self.above.next = self.c_zero8.val();
        for i in 0..8 {
            if self.rr.q.val() == self.c_idx[i].val() {
                self.above.next = self.c_above[i].val();
            }
        }
        self.pk_lo.next = false;
        self.pk_hi.next = false;
        self.pk_vc_lo.next = self.c_zero3.val();
        self.pk_vc_hi.next = self.c_zero3.val();
        for i in 0..N {
            if self.m[i].wr_req_valid.val() {
                if !self.pk_lo.val() {
                    self.pk_lo.next = true;
                    self.pk_vc_lo.next = self.c_idx[i].val();
                }
                if ((self.above.val() & self.c_bit[i].val()) != self.c_zero8.val())
                    && !self.pk_hi.val()
                {
                    self.pk_hi.next = true;
                    self.pk_vc_hi.next = self.c_idx[i].val();
                }
            }
        }
        self.pick.next = self.pk_vc_lo.val();
        if self.pk_hi.val() {
            self.pick.next = self.pk_vc_hi.val();
        }
        self.any.next = self.pk_lo.val();
        if self.held.q.val() {
            self.pick.next = self.gsel.q.val();
            self.any.next = true;
        }
        self.full.next = (self.owp.q.val() - self.orp.q.val()) == self.c_depth.val();
        self.s.wr_req_valid.next = false;
        self.s.wr_req_addr.next = self.m[0].wr_req_addr.val();
        self.s.wr_req_beats.next = self.m[0].wr_req_beats.val();
        for i in 0..N {
            self.m[i].wr_req_ready.next = false;
            if self.pick.val() == self.c_idx[i].val() {
                self.s.wr_req_addr.next = self.m[i].wr_req_addr.val();
                self.s.wr_req_beats.next = self.m[i].wr_req_beats.val();
                if self.any.val() && !self.full.val() {
                    self.s.wr_req_valid.next = true;
                    self.m[i].wr_req_ready.next = self.s.wr_req_ready.val();
                }
            }
        }
        self.held.d.next = self.s.wr_req_valid.val() && !self.s.wr_req_ready.val();
        self.gsel.d.next = self.pick.val();
        if self.s.wr_req_valid.val() && self.s.wr_req_ready.val() {
            self.rr.d.next = self.pick.val();
            self.owp.d.next = self.owp.q.val() + self.c_one4.val();
            for j in 0..8 {
                if self.owp.q.val().get_bits::<3>(0) == self.c_idx[j].val() {
                    self.ord[j].d.next = self.pick.val();
                }
            }
        }

        // ---- data: the oldest write whose data is not complete ----
        self.dsel.next = self.ord[0].q.val();
        self.rsel.next = self.ord[0].q.val();
        for j in 0..8 {
            if self.odp.q.val().get_bits::<3>(0) == self.c_idx[j].val() {
                self.dsel.next = self.ord[j].q.val();
            }
            if self.orp.q.val().get_bits::<3>(0) == self.c_idx[j].val() {
                self.rsel.next = self.ord[j].q.val();
            }
        }
        self.s.wr_dat_valid.next = false;
        self.s.wr_dat_data.next = self.m[0].wr_dat_data.val();
        self.s.wr_dat_last.next = self.m[0].wr_dat_last.val();
        self.s.wr_rsp_ready.next = false;
        for i in 0..N {
            self.m[i].wr_dat_ready.next = false;
            self.m[i].wr_rsp_valid.next = false;
            self.m[i].wr_rsp_err.next = self.s.wr_rsp_err.val();
            if (self.dsel.val() == self.c_idx[i].val()) && (self.odp.q.val() != self.owp.q.val()) {
                self.s.wr_dat_valid.next = self.m[i].wr_dat_valid.val();
                self.s.wr_dat_data.next = self.m[i].wr_dat_data.val();
                self.s.wr_dat_last.next = self.m[i].wr_dat_last.val();
                self.m[i].wr_dat_ready.next = self.s.wr_dat_ready.val();
            }
            // ---- responses: to the master of the oldest write not yet answered ----
            if (self.rsel.val() == self.c_idx[i].val()) && (self.orp.q.val() != self.owp.q.val()) {
                self.m[i].wr_rsp_valid.next = self.s.wr_rsp_valid.val();
                self.s.wr_rsp_ready.next = self.m[i].wr_rsp_ready.val();
            }
        }
        if self.s.wr_dat_valid.val() && self.s.wr_dat_ready.val() && self.s.wr_dat_last.val() {
            self.odp.d.next = self.odp.q.val() + self.c_one4.val();
        }
        if self.s.wr_rsp_valid.val() && self.s.wr_rsp_ready.val() {
            self.orp.d.next = self.orp.q.val() + self.c_one4.val();
        }

        if self.reset.val() {
            self.owp.d.next = self.c_zero4.val();
            self.odp.d.next = self.c_zero4.val();
            self.orp.d.next = self.c_zero4.val();
            self.held.d.next = false;
            self.rr.d.next = self.c_last.val();
        }
    }
}

#[derive(LogicBlock, BlockDefault)]
pub struct DmaWrArbiter<const N: usize, const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// The masters connect here.
    #[init(std::array::from_fn(|_| Default::default()))]
    pub m: [DmaWrSlave<D>; N],
    /// To memory.
    pub s: DmaWrMaster<D>,
    #[init(std::array::from_fn(|_| Default::default()))]
    slice_m: [DmaWrSlice<D>; N],
    mux: DmaWrMux<N, D>,
    slice_s: DmaWrSlice<D>,
}

impl<const N: usize, const D: usize> Logic for DmaWrArbiter<N, D> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, mux, slice_s);
        self.mux.reset.next = self.reset.val();
        self.slice_s.reset.next = self.reset.val();
        for i in 0..N {
            self.slice_m[i].clock.next = self.clock.val();
            self.slice_m[i].reset.next = self.reset.val();
            DmaWrSlave::<D>::link(&mut self.m[i], &mut self.slice_m[i].m);
            DmaWrMaster::<D>::join(&mut self.slice_m[i].s, &mut self.mux.m[i]);
        }
        DmaWrMaster::<D>::join(&mut self.mux.s, &mut self.slice_s.m);
        DmaWrMaster::<D>::link(&mut self.s, &mut self.slice_s.s);
    }
}

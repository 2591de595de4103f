//! The local-memory interface (`common::mem`) on an AXI4 manager port (`common::axi`), so a
//! device whose memory master speaks `MemMaster` (the DTU) reaches any AXI4 memory: a block RAM
//! controller, an interconnect, a DDR controller (issue 16, item 5).
//!
//! Each memory request becomes one single-beat AXI4 transaction: AxLEN 0, AxSIZE 3 (8 bytes),
//! INCR, ID 0, the word address zero-extended to 64 bits; a write's WSTRB is the request's byte
//! strobes and WLAST is set. AW and W of a write are raised together and each is held, with its
//! payload, until its own handshake (A3.2.1: W may be taken before or after AW). RREADY and
//! BREADY are always high: the memory interface's master has room for every response it asked
//! for. Each R or B is the memory response (`rsp_data` = RDATA for a read).
//!
//! Order. The memory interface answers in request order and a write is visible to every later
//! access once answered; AXI orders transactions of one ID only within the read channel and
//! within the write channel. So the adapter keeps up to 8 transactions of one kind in flight
//! (same ID, answered in order) and, when the kind changes, waits until every earlier one has
//! been answered: a read never passes a write, nor a write a read.
//!
//! Errors. RRESP or BRESP SLVERR/DECERR pulses `err` for a cycle (the memory interface has no
//! error response; a device counts or flags it); the read's data is RDATA as given.
//!
//! Throughput: one request per cycle while the subordinate keeps its READYs high and the kind
//! does not change; `mem.req_ready` follows the AXI READYs combinationally (put a `MemReqSlice`
//! in front where that path matters).

use crate::common::axi::{Axi4Master, AXCACHE, AXPROT, AXQOS, BURST_INCR};
use crate::common::mem::MemSlave;
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use rust_hdl::prelude::*;

/// Transactions in flight at most (all of one kind).
pub const MEM_AXI_OUTSTANDING: u64 = 8;

#[derive(LogicBlock, Ports)]
pub struct MemToAxi4<const A: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: drops the request held (only between transfers: AXI has no
    /// abort)
    pub reset: Signal<In, Bit>,
    /// Local-memory slave (`common::mem`): 64-bit word requests with byte strobes (valid/ready),
    /// one response per request in order
    #[port]
    pub mem: MemSlave<A>,
    /// AXI4 manager port (64-bit addresses and data, 1 ID bit, ID 0; `common::mem_axi`):
    /// single-beat INCR transactions of 8 bytes, WSTRB = the request's strobes, RREADY and BREADY
    /// always high; up to 8 in flight, all reads or all writes
    #[port]
    pub m_axi: Axi4Master<64, 8, 1>,
    c_cache: Constant<Bits<4>>,
    c_prot: Constant<Bits<3>>,
    c_qos: Constant<Bits<4>>,
    /// One cycle per R or B answered SLVERR or DECERR
    pub err: Signal<Out, Bit>,
    /// The request being issued: held until its handshakes (AR, or AW and W).
    pend: DFF<Bit>,
    p_we: DFF<Bit>,
    p_addr: DFF<Bits<A>>,
    p_wdata: DFF<Bits<64>>,
    p_strb: DFF<Bits<8>>,
    aw_done: DFF<Bit>,
    w_done: DFF<Bit>,
    /// Transactions issued and not yet answered, and their kind.
    outst: DFF<Bits<4>>,
    cur_we: DFF<Bit>,
    go: Signal<Local, Bit>,
    aw_ok: Signal<Local, Bit>,
    w_ok: Signal<Local, Bit>,
    issue: Signal<Local, Bit>,
    take: Signal<Local, Bit>,
    rsp: Signal<Local, Bit>,
    addr64: Widen<A, 64>,
    sink_id: [Unused<Bits<1>>; 2],
    sink_rlast: Unused<Bit>,
    /// RRESP/BRESP bit 0 (EXOKAY vs OKAY, SLVERR vs DECERR: both errors alike).
    sink_resp0: [Unused<Bit>; 2],
    c_zero4: Constant<Bits<4>>,
    c_one4: Constant<Bits<4>>,
    c_max: Constant<Bits<4>>,
    c_len: Constant<Bits<8>>,
    c_size: Constant<Bits<3>>,
    c_incr: Constant<Bits<2>>,
    c_id: Constant<Bits<1>>,
}

impl<const A: usize> Default for MemToAxi4<A> {
    fn default() -> Self {
        assert!(A < 64, "MemToAxi4: {A} address bits");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            mem: Default::default(),
            m_axi: Default::default(),
            c_cache: Constant::new(AXCACHE.into()),
            c_prot: Constant::new(AXPROT.into()),
            c_qos: Constant::new(AXQOS.into()),
            err: Default::default(),
            pend: Default::default(),
            p_we: Default::default(),
            p_addr: Default::default(),
            p_wdata: Default::default(),
            p_strb: Default::default(),
            aw_done: Default::default(),
            w_done: Default::default(),
            outst: Default::default(),
            cur_we: Default::default(),
            go: Default::default(),
            aw_ok: Default::default(),
            w_ok: Default::default(),
            issue: Default::default(),
            take: Default::default(),
            rsp: Default::default(),
            addr64: Default::default(),
            sink_id: Default::default(),
            sink_rlast: Default::default(),
            sink_resp0: Default::default(),
            c_zero4: k(0),
            c_one4: k(1),
            c_max: k(MEM_AXI_OUTSTANDING),
            c_len: k(0),
            c_size: k(3),
            c_incr: k(BURST_INCR),
            c_id: k(0),
        }
    }
}

impl<const A: usize> Logic for MemToAxi4<A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, pend, p_we, p_addr, p_wdata, p_strb, aw_done, w_done, outst, cur_we
        );
        self.sink_id[0].x.next = self.m_axi.bid.val();
        self.sink_id[1].x.next = self.m_axi.rid.val();
        self.sink_rlast.x.next = self.m_axi.rlast.val();
        self.sink_resp0[0].x.next = self.m_axi.bresp.val().get_bit(0);
        self.sink_resp0[1].x.next = self.m_axi.rresp.val().get_bit(0);

        // the held request may go when nothing of the other kind is in flight and there is room
        self.go.next = self.pend.q.val()
            && (self.outst.q.val() != self.c_max.val())
            && ((self.outst.q.val() == self.c_zero4.val())
                || (self.cur_we.q.val() == self.p_we.q.val()));
        self.addr64.x.next = self.p_addr.q.val();
        self.m_axi.awid.next = self.c_id.val();
        self.m_axi.awaddr.next = self.addr64.y.val();
        self.m_axi.awlen.next = self.c_len.val();
        self.m_axi.awsize.next = self.c_size.val();
        self.m_axi.awburst.next = self.c_incr.val();
        self.m_axi.awlock.next = false;
        self.m_axi.awcache.next = self.c_cache.val();
        self.m_axi.awprot.next = self.c_prot.val();
        self.m_axi.awqos.next = self.c_qos.val();
        self.m_axi.awvalid.next = self.go.val() && self.p_we.q.val() && !self.aw_done.q.val();
        self.m_axi.wdata.next = self.p_wdata.q.val();
        self.m_axi.wstrb.next = self.p_strb.q.val();
        self.m_axi.wlast.next = true;
        self.m_axi.wvalid.next = self.go.val() && self.p_we.q.val() && !self.w_done.q.val();
        self.m_axi.arid.next = self.c_id.val();
        self.m_axi.araddr.next = self.addr64.y.val();
        self.m_axi.arlen.next = self.c_len.val();
        self.m_axi.arsize.next = self.c_size.val();
        self.m_axi.arburst.next = self.c_incr.val();
        self.m_axi.arlock.next = false;
        self.m_axi.arcache.next = self.c_cache.val();
        self.m_axi.arprot.next = self.c_prot.val();
        self.m_axi.arqos.next = self.c_qos.val();
        self.m_axi.arvalid.next = self.go.val() && !self.p_we.q.val();
        self.m_axi.rready.next = true;
        self.m_axi.bready.next = true;

        // issued: AR taken, or both AW and W taken (now or before)
        self.aw_ok.next =
            self.aw_done.q.val() || (self.m_axi.awvalid.val() && self.m_axi.awready.val());
        self.w_ok.next =
            self.w_done.q.val() || (self.m_axi.wvalid.val() && self.m_axi.wready.val());
        self.issue.next = (self.m_axi.arvalid.val() && self.m_axi.arready.val())
            || (self.go.val() && self.p_we.q.val() && self.aw_ok.val() && self.w_ok.val());
        if self.go.val() && self.p_we.q.val() && !self.issue.val() {
            self.aw_done.d.next = self.aw_ok.val();
            self.w_done.d.next = self.w_ok.val();
        }
        if self.issue.val() {
            self.aw_done.d.next = false;
            self.w_done.d.next = false;
            self.pend.d.next = false;
            self.cur_we.d.next = self.p_we.q.val();
        }
        // the next request is taken into the holding registers as the held one issues
        self.take.next = self.mem.req_valid.val() && (!self.pend.q.val() || self.issue.val());
        self.mem.req_ready.next = !self.pend.q.val() || self.issue.val();
        if self.take.val() {
            self.pend.d.next = true;
            self.p_we.d.next = self.mem.req_we.val();
            self.p_addr.d.next = self.mem.req_addr.val();
            self.p_wdata.d.next = self.mem.req_wdata.val();
            self.p_strb.d.next = self.mem.req_strb.val();
        }

        // responses: R or B, in order (one kind in flight)
        self.rsp.next = self.m_axi.rvalid.val() || self.m_axi.bvalid.val();
        self.mem.rsp_valid.next = self.rsp.val();
        self.mem.rsp_data.next = self.m_axi.rdata.val();
        self.err.next = (self.m_axi.rvalid.val() && self.m_axi.rresp.val().get_bit(1))
            || (self.m_axi.bvalid.val() && self.m_axi.bresp.val().get_bit(1));
        if self.issue.val() && !self.rsp.val() {
            self.outst.d.next = self.outst.q.val() + self.c_one4.val();
        } else if !self.issue.val() && self.rsp.val() {
            self.outst.d.next = self.outst.q.val() - self.c_one4.val();
        }

        if self.reset.val() {
            self.pend.d.next = false;
            self.aw_done.d.next = false;
            self.w_done.d.next = false;
            self.outst.d.next = self.c_zero4.val();
        }
    }
}

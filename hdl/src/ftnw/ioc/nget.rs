//! The DMA engine, NGET (thesis §3.2.4; FTNW-H066-H074, H140-H143, H161, H162; ambiguities A6,
//! A12, A15-A17): a request (one DMA Request register write, `nicgen_wire::ftnw::ioc`) reads
//! whole 128-byte packets from the host's DMA buffer and injects them into a link's re-order
//! buffer as if the CPU had written them to the TX window, then writes the request's
//! notification.
//!
//! - **REQ_FIFO** holds 8 requests. A request with a bad length, link or RAO range
//!   (`exc_bad`), or one that finds the FIFO full (`exc_overrun`), is dropped.
//! - **Issue** (one request at a time, in order): a request is split into reads of at most the
//!   negotiated max read request size (`max_read_req`, PCIe's encoding: 128 << n bytes), each
//!   with its own tag (8, DMA_STORE). Before a read leaves, the re-order-buffer slots of all its
//!   packets must be free, and they are reserved (`rsv_*`) until the read is over, so completion
//!   data always finds its place (H143: completions cannot be refused). The reads leave on RQ
//!   (`r_*`) as memory reads of `DMA_BUF_ADDR + 4096 DMABUFOFF + offset`; the source buffer is
//!   4 KB aligned and a request stays in its 4 KB slot, so no read crosses 4 KB.
//! - **Completions** (RC, 128 bits: the 3-Dword descriptor, the first payload Dword in lane 3)
//!   are matched by tag; a completion's data lands at the read's next item (completions of one
//!   read come in address order), so splits at the read completion boundary and reordering
//!   across tags are handled. A completion must start at the read's next address (lower
//!   address) with the read's bytes left as its byte count, so a lost one is noticed. Each beat after the descriptor yields one 16-byte item (the
//!   previous beat's lane 3 and this beat's lanes 0-2) on `o_*`, which the IOC hands to the
//!   read's re-order buffer when the TX window leaves the port free (`o_ready`); RC waits
//!   meanwhile. The item that ends a read also releases its reservation (`o_clr`).
//! - **Errors** (A12): a completion with an error status, poisoned, with an error code of the
//!   core, with more data than its read has left or not in whole aligned items, or cut short
//!   (`rc_discontinue`), fails its read (`exc_cpl`); a read without completion for 2 to 3
//!   ticks of 2^`timeout` cycles fails too (`exc_timeout`). A failed read's tag is freed, its
//!   slots are emptied and released (`o_clr` with `o_clr_live`: no partial packet of it is
//!   sent) and its request's notification carries POLLMAGIC_ERR. Packets of the read completed
//!   before the failure have been sent. The tag stays in use until the failed read's last
//!   completion (Request Completed) or a timeout, its completions dropped quietly. A failure
//!   found by a descriptor's checks or by the timeout enters the command stage the cycle after,
//!   from registers, and RC waits that cycle: the checks end at registers. A completion
//!   for a tag with no read (or with the core's invalid-tag code) is dropped (`exc_tag`).
//! - **Notification** (H071, H072): when every read of the oldest request has ended and its
//!   last item has been handed to the re-order buffer, one 4-byte write of POLLMAGIC (or
//!   POLLMAGIC_ERR) at `DMA_NTF_ADDR + 4 NOTIDX`, in request order (a ring of 8 requests), so
//!   testing the last notify index of a split message covers all of it (H131). Notifications
//!   go before reads on `r_*`.
//!
//! All in the IOC clock domain; `busy` (the re-order buffers' busy slots) is read registered.

use crate::common::prim::{k, Concat, SlotRun};
use crate::common::sync_fifo::SyncFifo;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::ftnw::ioc::txwin::DwAlign;
use crate::BlockDefault;
use nicgen_wire::ftnw::ioc::{DMA_REQS, DMA_TAGS};
use nicgen_wire::ftnw::rxbuff::{POLLMAGIC, POLLMAGIC_ERR};
use nicgen_wire::ftnw::txwin::LINKS;
use nicgen_wire::pcie_us::rc_error;
use rust_hdl::prelude::*;

const IDLE: u64 = 0;
const PLAN: u64 = 1;
const CHECK: u64 = 2;
const ISSUE: u64 = 3;

#[derive(LogicBlock, BlockDefault)]
pub struct Nget {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// A DMA Request register write (bits 33:0), already known to be one write of both Dwords.
    pub req_valid: Signal<In, Bit>,
    pub req: Signal<In, Bits<34>>,
    /// DMA_BUF_ADDR bits 47:12, DMA_NTF_ADDR bits 47:5, DMA_CTRL.TIMEOUT.
    pub buf_addr: Signal<In, Bits<36>>,
    pub ntf_addr: Signal<In, Bits<43>>,
    pub timeout: Signal<In, Bits<5>>,
    /// The core's `cfg_max_read_req` (128 << n bytes).
    pub max_read_req: Signal<In, Bits<3>>,
    /// Per link: the re-order buffer's busy slots.
    pub busy: [Signal<In, Bits<64>>; LINKS],
    /// Slots to reserve in link `rsv_link`'s buffer (0 when none).
    pub rsv_link: Signal<Out, Bits<3>>,
    pub rsv_set: Signal<Out, Bits<64>>,
    /// Requests on RQ: a read of `r_dwords`, or with `r_write` a write of the Dword `r_data0`.
    pub r_valid: Signal<Out, Bit>,
    pub r_ready: Signal<In, Bit>,
    pub r_write: Signal<Out, Bit>,
    pub r_addr: Signal<Out, Bits<48>>,
    pub r_dwords: Signal<Out, Bits<11>>,
    pub r_tag: Signal<Out, Bits<8>>,
    pub r_last_be: Signal<Out, Bits<4>>,
    pub r_data0: Signal<Out, Bits<32>>,
    /// The requester-completion interface (`tkeep` and the rest of `tuser` are not needed).
    pub rc_tdata: Signal<In, Bits<128>>,
    pub rc_tlast: Signal<In, Bit>,
    pub rc_discontinue: Signal<In, Bit>,
    pub rc_tvalid: Signal<In, Bit>,
    pub rc_tready: Signal<Out, Bit>,
    /// A command for link `o_link`'s re-order buffer, taken with `o_valid && o_ready`: an item
    /// (`o_has_item`) and/or a release of the slots `o_mask` (`o_clr`; emptied with
    /// `o_clr_live`).
    pub o_valid: Signal<Out, Bit>,
    pub o_ready: Signal<In, Bit>,
    pub o_has_item: Signal<Out, Bit>,
    pub o_link: Signal<Out, Bits<3>>,
    pub o_vc: Signal<Out, Bits<3>>,
    pub o_rao: Signal<Out, Bits<11>>,
    pub o_item: Signal<Out, Bits<3>>,
    pub o_data: Signal<Out, Bits<128>>,
    pub o_clr: Signal<Out, Bit>,
    pub o_clr_live: Signal<Out, Bit>,
    pub o_mask: Signal<Out, Bits<64>>,
    /// Exceptions, one cycle each (DMA_EXC).
    pub exc_bad: Signal<Out, Bit>,
    pub exc_overrun: Signal<Out, Bit>,
    pub exc_cpl: Signal<Out, Bit>,
    pub exc_tag: Signal<Out, Bit>,
    pub exc_timeout: Signal<Out, Bit>,
    // request checks and REQ_FIFO
    #[init(SyncFifo::new(DMA_REQS, 0))]
    fifo: SyncFifo<Bits<34>, 3, 4>,
    u_af: Unused<Bit>,
    u_sink_ready: Unused<Bit>,
    u_ae: Unused<Bit>,
    req_ok: Signal<Local, Bit>,
    x_bad: DFF<Bit>,
    x_ovr: DFF<Bit>,
    x_cpl: DFF<Bit>,
    x_tag: DFF<Bit>,
    x_tmo: DFF<Bit>,
    // issue
    st: DFF<Bits<2>>,
    c_link: DFF<Bits<3>>,
    c_vc: DFF<Bits<3>>,
    c_rao: DFF<Bits<11>>,
    c_left: DFF<Bits<13>>,
    c_page: DFF<Bits<36>>,
    c_off: DFF<Bits<12>>,
    c_seq: DFF<Bits<3>>,
    p_size: DFF<Bits<13>>,
    p_mask: DFF<Bits<64>>,
    busy_sel: DFF<Bits<64>>,
    tag_sel: DFF<Bits<3>>,
    run: SlotRun,
    w_rao12: Widen<11, 12>,
    w_npk12: Widen<6, 12>,
    w_len: Concat<2, 11, 13>,
    w_off: Widen<3, 36>,
    r_at: Concat<12, 36, 48>,
    n_lo: Concat<2, 3, 5>,
    n_at: Concat<5, 43, 48>,
    w_tag8: Widen<3, 8>,
    w_npk11: Widen<6, 11>,
    w_hbytes: Concat<2, 11, 13>,
    w_pk11: Widen<5, 11>,
    mrrs: Signal<Local, Bits<13>>,
    size: Signal<Local, Bits<13>>,
    free_any: Signal<Local, Bit>,
    free_tag: Signal<Local, Bits<3>>,
    issue: Signal<Local, Bit>,
    popped: Signal<Local, Bit>,
    // the request ring (requests issuing or waiting for their reads, in order)
    r_outst: [DFF<Bits<6>>; DMA_REQS],
    r_issued: [DFF<Bit>; DMA_REQS],
    r_failed: [DFF<Bit>; DMA_REQS],
    r_notidx: [DFF<Bits<3>>; DMA_REQS],
    head: DFF<Bits<3>>,
    tail: DFF<Bits<3>>,
    count: DFF<Bits<4>>,
    n_pend: Signal<Local, Bit>,
    n_fail: Signal<Local, Bit>,
    n_idx: Signal<Local, Bits<3>>,
    n_go: Signal<Local, Bit>,
    /// The request register towards RQ.
    rv: DFF<Bit>,
    rw: DFF<Bit>,
    ra: DFF<Bits<48>>,
    rd: DFF<Bits<11>>,
    rt: DFF<Bits<3>>,
    rerr: DFF<Bit>,
    // DMA_STORE: one entry per tag
    t_act: [DFF<Bit>; DMA_TAGS],
    t_link: [DFF<Bits<3>>; DMA_TAGS],
    t_vc: [DFF<Bits<3>>; DMA_TAGS],
    t_rao: [DFF<Bits<11>>; DMA_TAGS],
    t_rem: [DFF<Bits<13>>; DMA_TAGS],
    t_nxt: [DFF<Bits<8>>; DMA_TAGS],
    t_req: [DFF<Bits<3>>; DMA_TAGS],
    t_mask: [DFF<Bits<64>>; DMA_TAGS],
    t_age: [DFF<Bits<2>>; DMA_TAGS],
    /// A failed read whose last completion has not come yet (its tag stays in use).
    t_drain: [DFF<Bit>; DMA_TAGS],
    /// The low 12 address bits the read's next completion must start at.
    t_at: [DFF<Bits<12>>; DMA_TAGS],
    // completions
    in_cpl: DFF<Bit>,
    cur_good: DFF<Bit>,
    /// The completion whose descriptor was taken last cycle fails its read: its failure enters
    /// the command stage now, from the `cur_*` registers (the descriptor's checks reach only
    /// registers; RC waits this one cycle).
    fail_q: DFF<Bit>,
    /// A read timed out last cycle (its tag in `tmo_tag_q`): the same, its fields from its tag.
    tmo_q: DFF<Bit>,
    tmo_tag_q: DFF<Bits<3>>,
    cur_done: DFF<Bit>,
    cur_tag: DFF<Bits<3>>,
    cur_link: DFF<Bits<3>>,
    cur_vc: DFF<Bits<3>>,
    cur_rao: DFF<Bits<11>>,
    cur_item: DFF<Bits<8>>,
    cur_req: DFF<Bits<3>>,
    cur_mask: DFF<Bits<64>>,
    prev: DFF<Bits<128>>,
    align: DwAlign,
    h_tag: Signal<Local, Bits<3>>,
    h_dw: Signal<Local, Bits<11>>,
    h_bytes: Signal<Local, Bits<13>>,
    h_act: Signal<Local, Bit>,
    h_drain: Signal<Local, Bit>,
    h_at: Signal<Local, Bits<12>>,
    h_rem: Signal<Local, Bits<13>>,
    h_known: Signal<Local, Bit>,
    h_good: Signal<Local, Bit>,
    h_go: Signal<Local, Bit>,
    d_go: Signal<Local, Bit>,
    // timeout
    tick_cnt: DFF<Bits<32>>,
    tick: Signal<Local, Bit>,
    tmo_any: Signal<Local, Bit>,
    tmo_tag: Signal<Local, Bits<3>>,
    tmo_go: Signal<Local, Bit>,
    // the command stage
    ov: DFF<Bit>,
    o_it: DFF<Bit>,
    o_cl: DFF<Bit>,
    o_cll: DFF<Bit>,
    o_dec: DFF<Bit>,
    o_fail: DFF<Bit>,
    o_req: DFF<Bits<3>>,
    o_lnk: DFF<Bits<3>>,
    o_v3: DFF<Bits<3>>,
    o_ra: DFF<Bits<11>>,
    o_it3: DFF<Bits<3>>,
    o_dat: DFF<Bits<128>>,
    o_msk: DFF<Bits<64>>,
    o_take: Signal<Local, Bit>,
    o_free: Signal<Local, Bit>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_idx: [Constant<Bits<3>>; 8],
    #[init(k(IDLE))]
    s_idle: Constant<Bits<2>>,
    #[init(k(PLAN))]
    s_plan: Constant<Bits<2>>,
    #[init(k(CHECK))]
    s_check: Constant<Bits<2>>,
    #[init(k(ISSUE))]
    s_issue: Constant<Bits<2>>,
    #[init(k(1))]
    c_one11: Constant<Bits<11>>,
    #[init(k(LINKS as u64))]
    c_links: Constant<Bits<3>>,
    #[init(k(1024))]
    c_one1k: Constant<Bits<11>>,
    #[init(k(2048))]
    c_2048: Constant<Bits<12>>,
    #[init(k(128))]
    c_128: Constant<Bits<13>>,
    #[init(k(4096))]
    c_4096: Constant<Bits<13>>,
    #[init(k(5))]
    c_five3: Constant<Bits<3>>,
    #[init(k(POLLMAGIC as u64))]
    c_magic: Constant<Bits<32>>,
    #[init(k(POLLMAGIC_ERR as u64))]
    c_magic_err: Constant<Bits<32>>,
    #[init(k(rc_error::INVALID_TAG as u64))]
    c_bad_tag: Constant<Bits<4>>,
    #[init(k(0))]
    c_z2: Constant<Bits<2>>,
    #[init(k(0))]
    c_z3: Constant<Bits<3>>,
    #[init(k(0))]
    c_z4: Constant<Bits<4>>,
    #[init(k(0))]
    c_z5: Constant<Bits<5>>,
    #[init(k(0))]
    c_z6: Constant<Bits<6>>,
    #[init(k(0))]
    c_z8: Constant<Bits<8>>,
    #[init(k(0))]
    c_z11: Constant<Bits<11>>,
    #[init(k(0))]
    c_z12: Constant<Bits<12>>,
    #[init(k(0))]
    c_z13: Constant<Bits<13>>,
    #[init(k(0))]
    c_z32: Constant<Bits<32>>,
    #[init(k(0))]
    c_z64: Constant<Bits<64>>,
    #[init(k(0xf))]
    c_f4: Constant<Bits<4>>,
    #[init(k(3))]
    c_three2: Constant<Bits<2>>,
    #[init(k(1))]
    c_one2: Constant<Bits<2>>,
    #[init(k(1))]
    c_one3: Constant<Bits<3>>,
    #[init(k(1))]
    c_one4: Constant<Bits<4>>,
    #[init(k(1))]
    c_one6: Constant<Bits<6>>,
    #[init(k(1))]
    c_one8: Constant<Bits<8>>,
    #[init(k(1))]
    c_one32: Constant<Bits<32>>,
    #[init(k(8))]
    c_eight4: Constant<Bits<4>>,
}

impl Logic for Nget {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, x_bad, x_ovr, x_cpl, x_tag, x_tmo, st, c_link, c_vc, c_rao, c_left,
            c_page, c_off, c_seq, p_size, p_mask, busy_sel, tag_sel, head, tail, count, in_cpl,
            cur_good, fail_q, tmo_q, tmo_tag_q, cur_done, cur_tag, cur_link, cur_vc, cur_rao,
            cur_item, cur_req, cur_mask, prev, tick_cnt, ov, o_it, o_cl, o_cll, o_dec, o_fail,
            o_req, o_lnk, o_v3, o_ra, o_it3, o_dat, o_msk, rv, rw, ra, rd, rt, rerr
        );
        for e in 0..DMA_REQS {
            self.r_outst[e].clock.next = self.clock.val();
            self.r_issued[e].clock.next = self.clock.val();
            self.r_failed[e].clock.next = self.clock.val();
            self.r_notidx[e].clock.next = self.clock.val();
            self.r_outst[e].d.next = self.r_outst[e].q.val();
            self.r_issued[e].d.next = self.r_issued[e].q.val();
            self.r_failed[e].d.next = self.r_failed[e].q.val();
            self.r_notidx[e].d.next = self.r_notidx[e].q.val();
        }
        for t in 0..DMA_TAGS {
            self.t_act[t].clock.next = self.clock.val();
            self.t_link[t].clock.next = self.clock.val();
            self.t_vc[t].clock.next = self.clock.val();
            self.t_rao[t].clock.next = self.clock.val();
            self.t_rem[t].clock.next = self.clock.val();
            self.t_nxt[t].clock.next = self.clock.val();
            self.t_req[t].clock.next = self.clock.val();
            self.t_mask[t].clock.next = self.clock.val();
            self.t_age[t].clock.next = self.clock.val();
            self.t_act[t].d.next = self.t_act[t].q.val();
            self.t_link[t].d.next = self.t_link[t].q.val();
            self.t_vc[t].d.next = self.t_vc[t].q.val();
            self.t_rao[t].d.next = self.t_rao[t].q.val();
            self.t_rem[t].d.next = self.t_rem[t].q.val();
            self.t_nxt[t].d.next = self.t_nxt[t].q.val();
            self.t_req[t].d.next = self.t_req[t].q.val();
            self.t_mask[t].d.next = self.t_mask[t].q.val();
            self.t_age[t].d.next = self.t_age[t].q.val();
            self.t_drain[t].clock.next = self.clock.val();
            self.t_drain[t].d.next = self.t_drain[t].q.val();
            self.t_at[t].clock.next = self.clock.val();
            self.t_at[t].d.next = self.t_at[t].q.val();
        }
        self.fifo.clock.next = self.clock.val();
        self.fifo.reset.next = self.reset.val();
        self.u_af.x.next = self.fifo.almost_full.val();
        self.u_ae.x.next = self.fifo.almost_empty.val();

        // ---- a request: checked, then queued (A15: whole packets, 32-1024 Dwords)
        self.req_ok.next = (self.req.val().get_bits::<5>(0) == self.c_z5.val())
            && (self.req.val().get_bits::<11>(0) != self.c_z11.val())
            && (self.req.val().get_bits::<11>(0) <= self.c_one1k.val())
            && (self.req.val().get_bits::<3>(25) < self.c_links.val())
            && ((self.w_rao12.y.val() + self.w_npk12.y.val()) <= self.c_2048.val());
        self.w_rao12.x.next = self.req.val().get_bits::<11>(11);
        self.w_npk12.x.next = self.req.val().get_bits::<6>(5);
        self.fifo.sink.data.next = self.req.val();
        self.fifo.sink.valid.next = self.req_valid.val() && self.req_ok.val();
        self.x_bad.d.next = self.req_valid.val() && !self.req_ok.val();
        self.x_ovr.d.next = self.req_valid.val()
            && self.req_ok.val()
            && (self.fifo.occupancy.val() == self.c_eight4.val());
        self.exc_bad.next = self.x_bad.q.val();
        self.exc_overrun.next = self.x_ovr.q.val();

        // ---- the oldest request's notification, when its reads are over
        self.n_pend.next = false;
        self.n_fail.next = false;
        self.n_idx.next = self.c_z3.val();
        for e in 0..DMA_REQS {
            if self.head.q.val() == self.c_idx[e].val() {
                self.n_pend.next = self.r_issued[e].q.val()
                    && (self.r_outst[e].q.val() == self.c_z6.val())
                    && (self.count.q.val() != self.c_z4.val());
                self.n_fail.next = self.r_failed[e].q.val();
                self.n_idx.next = self.r_notidx[e].q.val();
            }
        }
        // the request register towards RQ: loaded when empty (so RQ's `ready` reaches only it)
        self.n_go.next = !self.rv.q.val() && self.n_pend.val();

        // ---- issue: split the request into reads, reserve their slots, send them
        self.mrrs.next = self.c_128.val() << self.max_read_req.val();
        if self.max_read_req.val() > self.c_five3.val() {
            self.mrrs.next = self.c_4096.val();
        }
        self.size.next = self.mrrs.val();
        if self.c_left.q.val() < self.mrrs.val() {
            self.size.next = self.c_left.q.val();
        }
        self.run.n.next = self.size.val().get_bits::<6>(7);
        self.run.s.next = self.c_rao.q.val().get_bits::<6>(0);
        self.busy_sel.d.next = self.busy[0].val();
        for l in 1..LINKS {
            if self.c_link.q.val() == self.c_idx[l].val() {
                self.busy_sel.d.next = self.busy[l].val();
            }
        }
        self.free_any.next = false;
        self.free_tag.next = self.c_z3.val();
        for t in 0..DMA_TAGS {
            if !self.t_act[7 - t].q.val() && !self.t_drain[7 - t].q.val() {
                self.free_any.next = true;
                self.free_tag.next = self.c_idx[7 - t].val();
            }
        }
        self.issue.next =
            (self.st.q.val() == self.s_issue.val()) && !self.rv.q.val() && !self.n_pend.val();
        // (a pop of an empty FIFO is none: `ready` does not read `valid`, which follows it)
        self.fifo.source.ready.next =
            (self.st.q.val() == self.s_idle.val()) && (self.count.q.val() != self.c_eight4.val());
        self.u_sink_ready.x.next = self.fifo.sink.ready.val();
        self.rsv_link.next = self.c_link.q.val();
        self.rsv_set.next = self.c_z64.val();
        self.w_len.lo.next = self.c_z2.val();
        self.w_len.hi.next = self.fifo.source.data.val().get_bits::<11>(0);
        self.w_off.x.next = self.fifo.source.data.val().get_bits::<3>(31);
        self.w_npk11.x.next = self.p_size.q.val().get_bits::<6>(7);
        if self.st.q.val() == self.s_idle.val() {
            if self.fifo.source.valid.val() && (self.count.q.val() != self.c_eight4.val()) {
                self.c_link.d.next = self.fifo.source.data.val().get_bits::<3>(25);
                self.c_vc.d.next = self.fifo.source.data.val().get_bits::<3>(22);
                self.c_rao.d.next = self.fifo.source.data.val().get_bits::<11>(11);
                self.c_left.d.next = self.w_len.y.val();
                self.c_page.d.next = self.buf_addr.val() + self.w_off.y.val();
                self.c_off.d.next = self.c_z12.val();
                self.c_seq.d.next = self.tail.q.val();
                self.st.d.next = self.s_plan.val();
            }
        } else if self.st.q.val() == self.s_plan.val() {
            self.p_size.d.next = self.size.val();
            self.p_mask.d.next = self.run.y.val();
            self.st.d.next = self.s_check.val();
        } else if self.st.q.val() == self.s_check.val() {
            if ((self.busy_sel.q.val() & self.p_mask.q.val()) == self.c_z64.val())
                && self.free_any.val()
            {
                self.tag_sel.d.next = self.free_tag.val();
                self.st.d.next = self.s_issue.val();
            }
        } else if self.issue.val() {
            self.rsv_set.next = self.p_mask.q.val();
            self.c_left.d.next = self.c_left.q.val() - self.p_size.q.val();
            self.c_off.d.next = self.c_off.q.val() + self.p_size.q.val().get_bits::<12>(0);
            self.c_rao.d.next = self.c_rao.q.val() + self.w_npk11.y.val();
            self.st.d.next = self.s_plan.val();
            if self.c_left.q.val() == self.p_size.q.val() {
                self.st.d.next = self.s_idle.val();
            }
        }
        // RQ: the notification first, else the read
        self.r_at.lo.next = self.c_off.q.val();
        self.r_at.hi.next = self.c_page.q.val();
        self.n_lo.lo.next = self.c_z2.val();
        self.n_lo.hi.next = self.n_idx.val();
        self.n_at.lo.next = self.n_lo.y.val();
        self.n_at.hi.next = self.ntf_addr.val();
        self.w_tag8.x.next = self.rt.q.val();
        if self.rv.q.val() && self.r_ready.val() {
            self.rv.d.next = false;
        }
        if self.n_go.val() {
            self.rv.d.next = true;
            self.rw.d.next = true;
            self.ra.d.next = self.n_at.y.val();
            self.rd.d.next = self.c_one11.val();
            self.rerr.d.next = self.n_fail.val();
        }
        if self.issue.val() {
            self.rv.d.next = true;
            self.rw.d.next = false;
            self.ra.d.next = self.r_at.y.val();
            self.rd.d.next = self.p_size.q.val().get_bits::<11>(2);
            self.rt.d.next = self.tag_sel.q.val();
        }
        self.r_valid.next = self.rv.q.val();
        self.r_write.next = self.rw.q.val();
        self.r_addr.next = self.ra.q.val();
        self.r_dwords.next = self.rd.q.val();
        self.r_tag.next = self.w_tag8.y.val();
        self.r_last_be.next = self.c_f4.val();
        if self.rw.q.val() {
            self.r_last_be.next = self.c_z4.val();
        }
        self.r_data0.next = self.c_magic.val();
        if self.rerr.q.val() {
            self.r_data0.next = self.c_magic_err.val();
        }

        // ---- completions: the descriptor beat
        self.h_tag.next = self.rc_tdata.val().get_bits::<3>(64);
        self.h_dw.next = self.rc_tdata.val().get_bits::<11>(32);
        self.w_hbytes.lo.next = self.c_z2.val();
        self.w_hbytes.hi.next = self.rc_tdata.val().get_bits::<11>(32);
        self.h_bytes.next = self.w_hbytes.y.val();
        self.h_act.next = false;
        self.h_drain.next = false;
        self.h_rem.next = self.c_z13.val();
        self.h_at.next = self.c_z12.val();
        for t in 0..DMA_TAGS {
            if self.h_tag.val() == self.c_idx[t].val() {
                self.h_act.next = self.t_act[t].q.val();
                self.h_drain.next = self.t_drain[t].q.val();
                self.h_rem.next = self.t_rem[t].q.val();
                self.h_at.next = self.t_at[t].q.val();
            }
        }
        self.h_known.next = (self.h_act.val() || self.h_drain.val())
            && (self.rc_tdata.val().get_bits::<5>(67) == self.c_z5.val())
            && (self.rc_tdata.val().get_bits::<4>(12) != self.c_bad_tag.val());
        self.h_good.next = (self.rc_tdata.val().get_bits::<4>(12) == self.c_z4.val())
            && (self.rc_tdata.val().get_bits::<4>(43) == self.c_z4.val())
            && (self.h_dw.val().get_bits::<2>(0) == self.c_z2.val())
            && (self.h_dw.val() != self.c_z11.val())
            && (self.h_bytes.val() <= self.h_rem.val())
            && (self.rc_tdata.val().get_bits::<12>(0) == self.h_at.val())
            && (self.rc_tdata.val().get_bits::<13>(16) == self.h_rem.val())
            && (self.h_at.val().get_bits::<4>(0) == self.c_z4.val())
            && !self.rc_tlast.val()
            && !self.rc_discontinue.val();
        self.o_take.next = self.ov.q.val() && self.o_ready.val();
        self.o_free.next =
            (!self.ov.q.val() || self.o_ready.val()) && !self.fail_q.q.val() && !self.tmo_q.q.val();
        self.rc_tready.next = self.o_free.val();
        self.h_go.next = self.rc_tvalid.val() && self.o_free.val() && !self.in_cpl.q.val();
        self.d_go.next = self.rc_tvalid.val() && self.o_free.val() && self.in_cpl.q.val();
        // timeout: a tick every 2^timeout cycles; a read three ticks old without a completion
        self.tick_cnt.d.next = self.tick_cnt.q.val() + self.c_one32.val();
        self.tick.next = (self.tick_cnt.q.val()
            & ((self.c_one32.val() << self.timeout.val()) - self.c_one32.val()))
            == self.c_z32.val();
        self.tmo_any.next = false;
        self.tmo_tag.next = self.c_z3.val();
        for t in 0..DMA_TAGS {
            if self.t_act[7 - t].q.val() && (self.t_age[7 - t].q.val() == self.c_three2.val()) {
                self.tmo_any.next = true;
                self.tmo_tag.next = self.c_idx[7 - t].val();
            }
        }
        self.tmo_go.next = self.tmo_any.val()
            && !self.in_cpl.q.val()
            && !self.rc_tvalid.val()
            && self.o_free.val();
        self.x_cpl.d.next = false;
        self.x_tag.d.next = false;
        self.x_tmo.d.next = self.tmo_go.val();
        self.exc_cpl.next = self.x_cpl.q.val();
        self.exc_tag.next = self.x_tag.q.val();
        self.exc_timeout.next = self.x_tmo.q.val();
        // the command stage empties when taken
        if self.o_take.val() {
            self.ov.d.next = false;
        }
        self.w_pk11.x.next = self.cur_item.q.val().get_bits::<5>(3);
        self.align.cur.next = self.rc_tdata.val();
        self.align.prev.next = self.prev.q.val();
        self.align.o.next = self.c_one2.val();
        self.tmo_q.d.next = self.tmo_go.val();
        self.tmo_tag_q.d.next = self.tmo_tag.val();
        if self.h_go.val() {
            self.in_cpl.d.next = !self.rc_tlast.val();
            self.cur_good.d.next = self.h_act.val() && self.h_known.val() && self.h_good.val();
            self.cur_tag.d.next = self.h_tag.val();
            self.prev.d.next = self.rc_tdata.val();
            self.cur_done.d.next = self.h_bytes.val() == self.h_rem.val();
            self.x_tag.d.next = !self.h_known.val();
            self.x_cpl.d.next = self.h_act.val() && self.h_known.val() && !self.h_good.val();
            for t in 0..DMA_TAGS {
                if self.h_tag.val() == self.c_idx[t].val() {
                    self.cur_link.d.next = self.t_link[t].q.val();
                    self.cur_vc.d.next = self.t_vc[t].q.val();
                    self.cur_rao.d.next = self.t_rao[t].q.val();
                    self.cur_item.d.next = self.t_nxt[t].q.val();
                    self.cur_req.d.next = self.t_req[t].q.val();
                    self.cur_mask.d.next = self.t_mask[t].q.val();
                }
            }
        }
        // a failed read (its descriptor failed, or it timed out, last cycle): empty and release
        // its slots, free its tag. Nothing else loads the stage now: RC and the timeout wait
        // while `fail_q` or `tmo_q` hold `o_free` low, and the stage was free when the failure
        // was found; the failure's fields come from registers (the checks end at registers)
        self.fail_q.d.next =
            self.h_go.val() && self.h_act.val() && self.h_known.val() && !self.h_good.val();
        if self.fail_q.q.val() || self.tmo_q.q.val() {
            self.ov.d.next = true;
            self.o_it.d.next = false;
            self.o_cl.d.next = true;
            self.o_cll.d.next = true;
            self.o_dec.d.next = true;
            self.o_fail.d.next = true;
            self.o_req.d.next = self.cur_req.q.val();
            self.o_lnk.d.next = self.cur_link.q.val();
            self.o_msk.d.next = self.cur_mask.q.val();
            if self.tmo_q.q.val() {
                for t in 0..DMA_TAGS {
                    if self.tmo_tag_q.q.val() == self.c_idx[t].val() {
                        self.o_req.d.next = self.t_req[t].q.val();
                        self.o_lnk.d.next = self.t_link[t].q.val();
                        self.o_msk.d.next = self.t_mask[t].q.val();
                    }
                }
            }
        }
        // a data beat: one item (the last of a read releases its slots), or a cut-short
        // completion failing its read
        if self.d_go.val() {
            self.prev.d.next = self.rc_tdata.val();
            self.cur_item.d.next = self.cur_item.q.val() + self.c_one8.val();
            if self.rc_tlast.val() {
                self.in_cpl.d.next = false;
            }
            if self.cur_good.q.val() {
                self.ov.d.next = true;
                self.o_lnk.d.next = self.cur_link.q.val();
                self.o_req.d.next = self.cur_req.q.val();
                self.o_msk.d.next = self.cur_mask.q.val();
                self.o_v3.d.next = self.cur_vc.q.val();
                self.o_ra.d.next = self.cur_rao.q.val() + self.w_pk11.y.val();
                self.o_it3.d.next = self.cur_item.q.val().get_bits::<3>(0);
                self.o_dat.d.next = self.align.y.val();
                self.o_it.d.next = true;
                self.o_cl.d.next = self.rc_tlast.val() && self.cur_done.q.val();
                self.o_cll.d.next = false;
                self.o_dec.d.next = self.rc_tlast.val() && self.cur_done.q.val();
                self.o_fail.d.next = false;
                if self.rc_discontinue.val() {
                    self.cur_good.d.next = false;
                    self.x_cpl.d.next = true;
                    self.o_it.d.next = false;
                    self.o_cl.d.next = true;
                    self.o_cll.d.next = true;
                    self.o_dec.d.next = true;
                    self.o_fail.d.next = true;
                }
            }
        }
        // DMA_STORE
        for t in 0..DMA_TAGS {
            if self.tick.val()
                && (self.t_act[t].q.val() || self.t_drain[t].q.val())
                && (self.t_age[t].q.val() != self.c_three2.val())
            {
                self.t_age[t].d.next = self.t_age[t].q.val() + self.c_one2.val();
            }
            if self.h_go.val() && self.h_known.val() && (self.h_tag.val() == self.c_idx[t].val()) {
                // a failure (or a failed read's completion): the tag waits for the read's last
                // completion (Request Completed), so none of them meets the tag's next read
                self.t_act[t].d.next = false;
                self.t_drain[t].d.next = !self.rc_tdata.val().get_bit(30);
                self.t_age[t].d.next = self.c_z2.val();
                if self.h_act.val() && self.h_good.val() {
                    self.t_drain[t].d.next = false;
                    self.t_at[t].d.next =
                        self.t_at[t].q.val() + self.h_bytes.val().get_bits::<12>(0);
                    self.t_rem[t].d.next = self.t_rem[t].q.val() - self.h_bytes.val();
                    self.t_nxt[t].d.next = self.t_nxt[t].q.val() + self.h_dw.val().get_bits::<8>(2);
                    self.t_act[t].d.next = self.h_bytes.val() != self.h_rem.val();
                }
            }
            if self.d_go.val()
                && self.cur_good.q.val()
                && self.rc_discontinue.val()
                && (self.cur_tag.q.val() == self.c_idx[t].val())
            {
                self.t_act[t].d.next = false;
                self.t_drain[t].d.next = !self.cur_done.q.val();
            }
            if self.tmo_go.val() && (self.tmo_tag.val() == self.c_idx[t].val()) {
                self.t_act[t].d.next = false;
            }
            // a failed read's completions that never come: its tag is free after a timeout
            if self.tick.val()
                && self.t_drain[t].q.val()
                && (self.t_age[t].q.val() == self.c_three2.val())
            {
                self.t_drain[t].d.next = false;
            }
            if self.issue.val() && (self.tag_sel.q.val() == self.c_idx[t].val()) {
                self.t_act[t].d.next = true;
                self.t_link[t].d.next = self.c_link.q.val();
                self.t_vc[t].d.next = self.c_vc.q.val();
                self.t_rao[t].d.next = self.c_rao.q.val();
                self.t_rem[t].d.next = self.p_size.q.val();
                self.t_nxt[t].d.next = self.c_z8.val();
                self.t_req[t].d.next = self.c_seq.q.val();
                self.t_mask[t].d.next = self.p_mask.q.val();
                self.t_age[t].d.next = self.c_z2.val();
                self.t_at[t].d.next = self.c_off.q.val();
            }
            if self.reset.val() {
                self.t_act[t].d.next = false;
                self.t_drain[t].d.next = false;
            }
        }
        // the request ring: reads in flight per request, issued, failed
        for e in 0..DMA_REQS {
            if self.issue.val()
                && (self.c_seq.q.val() == self.c_idx[e].val())
                && !(self.o_take.val()
                    && self.o_dec.q.val()
                    && (self.o_req.q.val() == self.c_idx[e].val()))
            {
                self.r_outst[e].d.next = self.r_outst[e].q.val() + self.c_one6.val();
            }
            if !(self.issue.val() && (self.c_seq.q.val() == self.c_idx[e].val()))
                && self.o_take.val()
                && self.o_dec.q.val()
                && (self.o_req.q.val() == self.c_idx[e].val())
            {
                self.r_outst[e].d.next = self.r_outst[e].q.val() - self.c_one6.val();
            }
            if self.o_take.val()
                && self.o_fail.q.val()
                && (self.o_req.q.val() == self.c_idx[e].val())
            {
                self.r_failed[e].d.next = true;
            }
            if self.issue.val()
                && (self.c_seq.q.val() == self.c_idx[e].val())
                && (self.c_left.q.val() == self.p_size.q.val())
            {
                self.r_issued[e].d.next = true;
            }
            if (self.st.q.val() == self.c_z2.val())
                && self.fifo.source.valid.val()
                && (self.count.q.val() != self.c_eight4.val())
                && (self.tail.q.val() == self.c_idx[e].val())
            {
                self.r_outst[e].d.next = self.c_z6.val();
                self.r_issued[e].d.next = false;
                self.r_failed[e].d.next = false;
                self.r_notidx[e].d.next = self.fifo.source.data.val().get_bits::<3>(28);
            }
        }
        self.popped.next = (self.st.q.val() == self.s_idle.val())
            && (self.count.q.val() != self.c_eight4.val())
            && self.fifo.source.valid.val();
        if self.popped.val() {
            self.tail.d.next = self.tail.q.val() + self.c_one3.val();
        }
        if self.n_go.val() {
            self.head.d.next = self.head.q.val() + self.c_one3.val();
        }
        if self.popped.val() && !self.n_go.val() {
            self.count.d.next = self.count.q.val() + self.c_one4.val();
        }
        if !self.popped.val() && self.n_go.val() {
            self.count.d.next = self.count.q.val() - self.c_one4.val();
        }
        // outputs of the command stage
        self.o_valid.next = self.ov.q.val();
        self.o_has_item.next = self.o_it.q.val();
        self.o_link.next = self.o_lnk.q.val();
        self.o_vc.next = self.o_v3.q.val();
        self.o_rao.next = self.o_ra.q.val();
        self.o_item.next = self.o_it3.q.val();
        self.o_data.next = self.o_dat.q.val();
        self.o_clr.next = self.o_cl.q.val();
        self.o_clr_live.next = self.o_cll.q.val();
        self.o_mask.next = self.o_msk.q.val();
        if self.reset.val() {
            self.st.d.next = self.c_z2.val();
            self.head.d.next = self.c_z3.val();
            self.tail.d.next = self.c_z3.val();
            self.count.d.next = self.c_z4.val();
            self.in_cpl.d.next = false;
            self.fail_q.d.next = false;
            self.tmo_q.d.next = false;
            self.ov.d.next = false;
            self.rv.d.next = false;
            self.x_bad.d.next = false;
            self.x_ovr.d.next = false;
            self.x_cpl.d.next = false;
            self.x_tag.d.next = false;
            self.x_tmo.d.next = false;
        }
    }
}

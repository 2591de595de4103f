//! The PPE's receive side whole (UUCS-95-013 §3.3-§3.5, §4, §6): `PpeRx` (link receiver, rslot
//! table, the checks, the rslot update, the payload's host write), `PpeEvents` (what an event
//! leads to), `PpeNotify` (the notification objects), `PpeQueues` (NQR, AQR, NBQR and the
//! interrupt bits) and the heads table's RAM (64 KB, the size of RCV_RAM, so an entry may sit
//! anywhere NLHR puts it), and the send side's completion postings (`tn_*`). The payload writes and the notification writes share the host write
//! port through `DmaWrArbiter`; a packet's event is offered only once its payload write is
//! answered, so a notification never overtakes its data (PPE-R150).
//!
//! Host ports: the rslot table (`h_*`, `PpeRx`'s), the heads-table RAM (`g_*`: `g_addr` read
//! every cycle `g_ready` is high, its word on `g_rdata` the cycle after; a write with `g_we`; the notification writer
//! goes first), the queues (`q_*`, `PpeQueues`' host side) and the interrupt bits.

use super::events::PpeEvents;
use super::notify::PpeNotify;
use super::queues::PpeQueues;
use super::rx::{PpeRx, HB};
use crate::common::dma::DmaWrMaster;
use crate::common::dma_arb::DmaWrArbiter;
use crate::common::packet::PacketSink;
use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::unused::Unused;
use crate::ppe::event::EventSource;
use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeRxNode {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high
    pub reset: Signal<In, Bit>,
    /// The fabric's packet stream in (`ppe_rx`'s)
    #[port]
    pub rx: PacketSink<32, 4, 1>,
    /// This node's id
    pub local_node: Signal<In, Bits<16>>,
    /// This node's incarnation
    pub incarnation: Signal<In, Bits<4>>,
    /// RSLOT_LIMIT
    pub rslot_limit: Signal<In, Bits<16>>,
    /// NLHR: the heads table's byte address in RCV_RAM
    pub nlhr: Signal<In, Bits<16>>,
    /// Host access to the rslot table (`ppe_rx`'s)
    pub h_addr: Signal<In, Bits<HB>>,
    /// Host access to the rslot table (`ppe_rx`'s)
    pub h_wdata: Signal<In, Bits<32>>,
    /// Host access to the rslot table (`ppe_rx`'s)
    pub h_we: Signal<In, Bit>,
    /// Host access to the rslot table (`ppe_rx`'s)
    pub h_re: Signal<In, Bit>,
    /// Host access to the rslot table (`ppe_rx`'s)
    pub h_ready: Signal<Out, Bit>,
    /// Host access to the rslot table (`ppe_rx`'s)
    pub h_rdata: Signal<Out, Bits<32>>,
    /// Host access to the heads-table RAM: word address, read every cycle `g_ready` is high
    pub g_addr: Signal<In, Bits<14>>,
    /// The word a host write writes
    pub g_wdata: Signal<In, Bits<32>>,
    /// A host write (taken when `g_ready`)
    pub g_we: Signal<In, Bit>,
    /// The notification writer leaves the RAM to the host this cycle
    pub g_ready: Signal<Out, Bit>,
    /// The word at the `g_addr` of the cycle before
    pub g_rdata: Signal<Out, Bits<32>>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_pop_nqr: Signal<In, Bit>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_pop_aqr: Signal<In, Bit>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_push_nbqr: Signal<In, Bit>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_wdata: Signal<In, Bits<32>>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_clear_lo: Signal<In, Bit>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_clear_hi: Signal<In, Bit>,
    /// The queues' host side (`ppe_queues`' `h_*`)
    pub q_rdata: Signal<Out, Bits<32>>,
    /// PCSR1.int_lo
    pub int_lo: Signal<Out, Bit>,
    /// PCSR1.int_hi
    pub int_hi: Signal<Out, Bit>,
    /// PCSR1.nbqr_empty
    pub nbqr_empty: Signal<Out, Bit>,
    /// PCSR1.nbqr_full
    pub nbqr_full: Signal<Out, Bit>,
    /// The interrupt level
    pub irq: Signal<Out, Bit>,
    /// Host-memory write port (`common::dma`, 32-bit beats): payloads and notification objects,
    /// whole writes round-robin (`common::dma_arb`)
    #[port]
    pub dma: DmaWrMaster<32>,
    /// A packet's event is under way or a notification is being written
    pub busy: Signal<Out, Bit>,
    /// A received frame may go on to the engine (the node: while enabled); until then it waits in
    /// the link receiver, the one before it held
    pub promote: Signal<In, Bit>,
    /// A transmission-completion notification on list `tn_list` (words 0, PPE-R068; held until
    /// `tn_ready`); it and the events' postings take turns
    pub tn_valid: Signal<In, Bit>,
    /// A miscellaneous fabric packet's event was taken (one cycle): PCSR0.enable is to be cleared
    pub misc: Signal<Out, Bit>,
    /// The last received packet's payload word to read (RCV_RAM 0xFF80 + 4 pb_addr)
    ///
    /// The last received packet, kept until the next (a miscellaneous packet's stays while
    /// enable is 0, PPE-R161): payload word `pb_addr` on `pb_data` the cycle after; header
    /// word `hb_sel` (address0, address1, control0, control1, metadata 0-3) on `hb_data`.
    pub pb_addr: Signal<In, Bits<5>>,
    /// That word, the cycle after
    pub pb_data: Signal<Out, Bits<32>>,
    /// The last received packet's header word to read: address0, address1, control0, control1,
    /// metadata 0-3 (RCV_RAM 0xFF00 + 4 hb_sel)
    pub hb_sel: Signal<In, Bits<3>>,
    /// That word (combinational)
    pub hb_data: Signal<Out, Bits<32>>,
    /// Its note_index
    pub tn_list: Signal<In, Bits<16>>,
    /// The notification writer takes it
    pub tn_ready: Signal<Out, Bit>,
    /// A notification write answered with an error (one cycle)
    pub note_err: Signal<Out, Bit>,
    prx: PpeRx,
    ev: PpeEvents,
    nt: PpeNotify,
    q: PpeQueues,
    arb: DmaWrArbiter<2, 32>,
    heads: BlockRam<Bits<32>, 14>,
    sink_addr: Unused<Bits<32>>,
    sink_words: Unused<Bits<6>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    /// The last posting taken was the send side's.
    last_tn: DFF<Bit>,
    use_tn: Signal<Local, Bit>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_hb: [Constant<Bits<3>>; 7],
}

impl Logic for PpeRxNode {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, prx, ev, nt, q, arb);
        self.prx.reset.next = self.reset.val();
        self.prx.promote.next = self.promote.val();
        self.ev.reset.next = self.reset.val();
        self.nt.reset.next = self.reset.val();
        self.q.reset.next = self.reset.val();
        self.arb.reset.next = self.reset.val();
        self.heads.read_clock.next = self.clock.val();
        self.heads.write_clock.next = self.clock.val();

        // ---- the receive path and its host port ----
        PacketSink::<32, 4, 1>::link(&mut self.rx, &mut self.prx.rx);
        self.prx.local_node.next = self.local_node.val();
        self.prx.incarnation.next = self.incarnation.val();
        self.prx.rslot_limit.next = self.rslot_limit.val();
        self.prx.h_addr.next = self.h_addr.val();
        self.prx.h_wdata.next = self.h_wdata.val();
        self.prx.h_we.next = self.h_we.val();
        self.prx.h_re.next = self.h_re.val();
        self.h_ready.next = self.prx.h_ready.val();
        self.h_rdata.next = self.prx.h_rdata.val();
        // the payload is in host memory by the time of the event: nobody reads it back here
        self.prx.p_addr.next = self.pb_addr.val();
        self.pb_data.next = self.prx.p_data.val();
        self.hb_data.next = self.prx.ev.m3.val();
        if self.hb_sel.val() == self.c_hb[0].val() {
            self.hb_data.next = self.prx.ev.w0.val();
        }
        if self.hb_sel.val() == self.c_hb[1].val() {
            self.hb_data.next = self.prx.ev.w1.val();
        }
        if self.hb_sel.val() == self.c_hb[2].val() {
            self.hb_data.next = self.prx.ev.w2.val();
        }
        if self.hb_sel.val() == self.c_hb[3].val() {
            self.hb_data.next = self.prx.ev.w3.val();
        }
        if self.hb_sel.val() == self.c_hb[4].val() {
            self.hb_data.next = self.prx.ev.m0.val();
        }
        if self.hb_sel.val() == self.c_hb[5].val() {
            self.hb_data.next = self.prx.ev.m1.val();
        }
        if self.hb_sel.val() == self.c_hb[6].val() {
            self.hb_data.next = self.prx.ev.m2.val();
        }
        self.sink_addr.x.next = self.prx.ev_host_addr.val();
        self.sink_words.x.next = self.prx.ev_words.val();

        // ---- the event to its actions ----
        EventSource::join(&mut self.prx.ev, &mut self.ev.ev);

        // ---- postings to the notification writer; AQR ----
        // the events' postings and the send side's take turns when both wait
        dff_setup!(self, clock, last_tn);
        self.use_tn.next = self.tn_valid.val() && (!self.ev.n_valid.val() || !self.last_tn.q.val());
        self.nt.req_valid.next = self.ev.n_valid.val() || self.tn_valid.val();
        // (the readies spelled out, sharing no local with the requests: docs/conventions.md)
        self.ev.n_ready.next =
            self.nt.req_ready.val() && !(self.tn_valid.val() && !self.last_tn.q.val());
        self.tn_ready.next = self.nt.req_ready.val()
            && self.tn_valid.val()
            && (!self.ev.n_valid.val() || !self.last_tn.q.val());
        self.nt.req_list.next = self.ev.n_list.val();
        self.nt.req_w0.next = self.ev.n_w0.val();
        self.nt.req_w1.next = self.ev.n_w1.val();
        self.nt.req_w2.next = self.ev.n_w2.val();
        self.nt.req_m0.next = self.ev.n_m0.val();
        self.nt.req_m1.next = self.ev.n_m1.val();
        self.nt.req_m2.next = self.ev.n_m2.val();
        self.nt.req_m3.next = self.ev.n_m3.val();
        self.nt.req_force.next = self.ev.n_force.val() && !self.use_tn.val();
        self.misc.next = self.ev.misc.val();
        if self.use_tn.val() {
            self.nt.req_list.next = self.tn_list.val();
            self.nt.req_w0.next = self.c_zero32.val();
            self.nt.req_w1.next = self.c_zero32.val();
            self.nt.req_w2.next = self.c_zero32.val();
            self.nt.req_m0.next = self.c_zero32.val();
            self.nt.req_m1.next = self.c_zero32.val();
            self.nt.req_m2.next = self.c_zero32.val();
            self.nt.req_m3.next = self.c_zero32.val();
        }
        if self.nt.req_valid.val() && self.nt.req_ready.val() {
            self.last_tn.d.next = self.use_tn.val();
        }
        self.nt.nlhr.next = self.nlhr.val();
        self.q.aq_valid.next = self.ev.aq_valid.val();
        self.q.aq_data.next = self.ev.aq_data.val();
        self.ev.aq_ready.next = self.q.aq_ready.val();
        self.ev.n_busy.next = self.nt.busy.val();
        self.nt.nb_valid.next = self.q.nb_valid.val();
        self.nt.nb_data.next = self.q.nb_data.val();
        self.q.nb_take.next = self.nt.nb_take.val();
        self.q.nq_valid.next = self.nt.nq_valid.val();
        self.q.nq_data.next = self.nt.nq_data.val();
        self.nt.nq_ready.next = self.q.nq_ready.val();

        // ---- the queues' host side ----
        self.q.h_pop_nqr.next = self.q_pop_nqr.val();
        self.q.h_pop_aqr.next = self.q_pop_aqr.val();
        self.q.h_push_nbqr.next = self.q_push_nbqr.val();
        self.q.h_wdata.next = self.q_wdata.val();
        self.q.h_clear_lo.next = self.q_clear_lo.val();
        self.q.h_clear_hi.next = self.q_clear_hi.val();
        self.q_rdata.next = self.q.h_rdata.val();
        self.int_lo.next = self.q.int_lo.val();
        self.int_hi.next = self.q.int_hi.val();
        self.nbqr_empty.next = self.q.nbqr_empty.val();
        self.nbqr_full.next = self.q.nbqr_full.val();
        self.irq.next = self.q.irq.val();

        // ---- the heads table: the writer first, the host when the writer leaves it free ----
        self.nt.ram_ready.next = true;
        self.g_ready.next = !self.nt.ram_valid.val();
        self.nt.ram_rdata.next = self.heads.read_data.val();
        self.g_rdata.next = self.heads.read_data.val();
        self.heads.read_address.next = self.g_addr.val();
        if self.nt.ram_valid.val() {
            self.heads.read_address.next = self.nt.ram_addr.val();
        }
        self.heads.write_address.next = self.g_addr.val();
        self.heads.write_data.next = self.g_wdata.val();
        self.heads.write_enable.next = self.g_we.val() && !self.nt.ram_valid.val();
        if self.nt.ram_valid.val() {
            self.heads.write_address.next = self.nt.ram_addr.val();
            self.heads.write_data.next = self.nt.ram_wdata.val();
            self.heads.write_enable.next = self.nt.ram_we.val();
        }

        // ---- host memory: the payload writes and the notification writes ----
        DmaWrMaster::<32>::join(&mut self.prx.dma, &mut self.arb.m[0]);
        DmaWrMaster::<32>::join(&mut self.nt.dma, &mut self.arb.m[1]);
        DmaWrMaster::<32>::link(&mut self.dma, &mut self.arb.s);
        self.busy.next = self.prx.busy.val() || self.prx.ev.valid.val() || self.nt.busy.val();
        self.note_err.next = self.nt.err.val();
    }
}

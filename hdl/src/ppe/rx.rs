//! The PPE's receive path up to the host write (UUCS-95-013 §6.1, A.1.1; blocks B8, B9 and
//! B11 of the checklist): the link receiver (`PpeRxLink`), the rslot table, the reception
//! decision (`PpeRxCheck`) and the rslot's read-modify-write, one packet at a time (so the
//! update is atomic, PPE-R144).
//!
//! One clock. A finished frame's dst_slot selects the rslot (one read of its words, A.1.1, into
//! registers); the decision follows a cycle later; a data packet writes bytes_to_go back (and
//! msg_size, msg_offset when its header says so, and the metadata it carries, AMB-14) in one
//! cycle (PPE-R186), then writes its payload to host memory. Then the packet is offered as an
//! event (`ev_valid` until `ev_take`). A data packet with a payload hands its event, at its last
//! beat, to a place of its own where it waits for the write's answer, and the engine releases
//! the frame and goes on with the next one (which the link received meanwhile): 38 cycles a
//! 128-byte packet, the fabric's rate. Events are offered in packet order; other packets' events
//! come from the engine itself, after the waiting one, and release their frame when taken:
//! - `ev_status`: the first failing check's error_status bit (an error packet: its header words
//!   `ev_w0`-`ev_w3` go into the error notification; nothing was written);
//! - `ev_ack`: an ack packet that passed steps 1-6 (no rslot change);
//! - `ev_data`: a data packet: its `ev_words` payload words were written to host memory at
//!   `ev_host_addr` (step 10: one request of `ev_words` 32-bit beats on `dma`, offered only after
//!   host memory answered it, so the data is visible before anything the event leads to,
//!   PPE-R150; `ev_host_err` when the answer was an error) and stay readable at `p_addr`
//!   (`p_data` the cycle after) while the event is offered; `ev_complete` when the message
//!   completed, with the rslot as it stood then (`ev_rs_*`: control word, msg_size,
//!   msg_offset, ack_note word, meta_ctl and the four metadata words) for the notification and
//!   the AQR; the stored meta_ctl is cleared at completion.
//! The slot index is `SB` bits (2^SB rslots): a dst_slot at or past 2^SB fails step 3 like one
//! at or past RSLOT_LIMIT (the table ends there).
//!
//! Host port (the RCV_RAM window's rslot area, and the tests'): `h_addr` = slot x 16 + word;
//! a read (`h_re`) answers `h_rdata` the cycle after; `h_ready` is low in the cycles the
//! engine reads or writes the table (the access waits).

use super::rx_check::PpeRxCheck;
use super::rx_link::PpeRxLink;
use crate::common::dma::DmaWrMaster;
use crate::common::packet::PacketSink;
use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::ppe::event::EventSource;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ppe as w;
use rust_hdl::prelude::*;

// the literal bit offsets and rslot word indexes in the kernel
const _: () = assert!(
    w::address0::DST_NODE.lsb == 16
        && w::address1::DST_SLOT.lsb == 16
        && w::control0::USE_MSG_SIZE.lsb == 31
        && w::control0::USE_MSG_OFFSET.lsb == 30
        && w::control0::ACK_PKT.lsb == 29
        && w::control0::INCARNATION.lsb == 24
        && w::control1::META_DATA_FLAG.lsb == 27
        && w::address0::FAB_BITS.lsb == 28
        && w::rslot::VALID.lsb == 15
        && w::rslot::BUFFER_BASE_PHYS == 0
        && w::rslot::BUFFER_SIZE == 1
        && w::rslot::CONTROL == 2
        && w::rslot::BYTES_TO_GO == 3
        && w::rslot::MSG_SIZE == 4
        && w::rslot::MSG_OFFSET == 5
        && w::rslot::ACK_NOTE == 6
        && w::rslot::META_CTL == 7
        && w::rslot::METADATA == 8
        && w::RSLOT_WORDS == 16
);

const S_IDLE: u64 = 0;
const S_READ: u64 = 1;
const S_CHECK: u64 = 2;
const S_WRITE: u64 = 3;
const S_EVENT: u64 = 4;
const S_DREQ: u64 = 5;
const S_DDAT: u64 = 6;
const S_DRSP: u64 = 7;

/// Rslot index bits (64 rslots), and the host port's word address bits (slot x 16 + word).
pub const SB: usize = 6;
pub const HB: usize = SB + 4;

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeRx {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: the frame in progress and the event offered are dropped; the
    /// rslot table keeps its contents (PPE-R172)
    pub reset: Signal<In, Bit>,
    /// The fabric's ejection port (as `ppe_rx_link`)
    #[port]
    pub rx: PacketSink<32, 4, 1>,
    /// PCSR0.local_node_num
    pub local_node: Signal<In, Bits<16>>,
    /// PCSR0.incarnation
    pub incarnation: Signal<In, Bits<4>>,
    /// RSLOT_LIMIT (a dst_slot at or past it, or past the 64 rslots of the table, fails step 3)
    pub rslot_limit: Signal<In, Bits<16>>,
    /// The packet's event (`event`), held until `ev.take`.
    #[port]
    pub ev: EventSource,
    /// A finished frame waits for the engine, or the engine works on a packet (PCSR1.idle)
    pub busy: Signal<Out, Bit>,
    /// A received frame may go on to the engine; until then it waits in the link receiver
    ///
    /// A received frame may move on to the engine (the node: enable, so a miscellaneous
    /// packet stays in the held place until software sets enable again).
    pub promote: Signal<In, Bit>,
    /// buffer_base_phys + remote_offset
    pub ev_host_addr: Signal<Out, Bits<32>>,
    /// Payload words (readable at `p_addr` while the event is offered)
    pub ev_words: Signal<Out, Bits<6>>,
    /// Payload word to read (while the event is offered)
    pub p_addr: Signal<In, Bits<5>>,
    /// Payload word `p_addr` of the cycle before
    pub p_data: Signal<Out, Bits<32>>,
    /// Host-memory write port (`common::dma`, 32-bit beats): one request of `ev_words` beats per
    /// data packet with a payload
    ///
    /// The host-memory write port (`common::dma`, 32-bit beats).
    #[port]
    pub dma: DmaWrMaster<32>,
    /// Host access to the rslot table: slot x 16 + word
    pub h_addr: Signal<In, Bits<HB>>,
    /// Host write data
    pub h_wdata: Signal<In, Bits<32>>,
    /// Host write (taken when `h_ready`)
    pub h_we: Signal<In, Bit>,
    /// Host read (taken when `h_ready`; `h_rdata` the cycle after)
    pub h_re: Signal<In, Bit>,
    /// The table is free for the host this cycle
    pub h_ready: Signal<Out, Bit>,
    /// The word read the cycle before
    pub h_rdata: Signal<Out, Bits<32>>,
    link: PpeRxLink,
    check: PpeRxCheck,
    rs: [BlockRam<Bits<32>, SB>; 16],
    state: DFF<Bits<3>>,
    slot: DFF<Bits<SB>>,
    /// The rslot's words 0-3 as read (the decision's inputs; word 2 is also `ev_rs_ctl`).
    rsq: [DFF<Bits<32>>; 4],
    /// The rslot's words 4-11 as the packet left them (the event's other `ev_rs_*`).
    snap: [DFF<Bits<32>>; 8],
    h_word: DFF<Bits<4>>,
    st_q: DFF<Bits<16>>,
    ack_q: DFF<Bit>,
    data_q: DFF<Bit>,
    complete_q: DFF<Bit>,
    addr_q: DFF<Bits<32>>,
    /// The payload word offered to host memory; the write's error answer.
    beat: DFF<Bits<6>>,
    herr_q: DFF<Bit>,
    beat_next: Signal<Local, Bits<6>>,
    /// A data packet whose payload went out: its event, waiting for the write's answer (and
    /// then to be taken) while the engine goes on with the next frame. `b_got`: answered.
    b_v: DFF<Bit>,
    b_got: DFF<Bit>,
    b_herr: DFF<Bit>,
    b_complete: DFF<Bit>,
    b_addr: DFF<Bits<32>>,
    b_words: DFF<Bits<6>>,
    b_w: [DFF<Bits<32>>; 4],
    b_m: [DFF<Bits<32>>; 4],
    b_ctl: DFF<Bits<32>>,
    b_snap: [DFF<Bits<32>>; 8],
    /// The engine's own write (states S_DDAT, S_HAND) was answered, with an error.
    a_got: DFF<Bit>,
    a_herr: DFF<Bit>,
    rsp_b: Signal<Local, Bit>,
    hand: Signal<Local, Bit>,
    rsp_a: Signal<Local, Bit>,
    w_addr64: Widen<32, 64>,
    w_beats: Widen<6, 13>,
    sink_beat_hi: Unused<Bit>,
    limit: Signal<Local, Bits<16>>,
    meta: Signal<Local, Bit>,
    sink_out_valid: Unused<Bit>,
    misc: Signal<Local, Bit>,
    #[init(k(nicgen_wire::ppe::DATA_TYPE))]
    c_data_type: Constant<Bits<4>>,
    #[init(k(nicgen_wire::ppe::error_status::MISC_PKT as u64))]
    c_misc: Constant<Bits<16>>,
    #[init([
        S_IDLE, S_READ, S_CHECK, S_WRITE, S_EVENT, S_DREQ, S_DDAT, S_DRSP,
    ]
    .map(k))]
    c_s: [Constant<Bits<3>>; 8],
    #[init(k(1))]
    c_one6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero6: Constant<Bits<6>>,
    #[init(std::array::from_fn(|j| k(j as u64)))]
    c_w: [Constant<Bits<4>>; 16],
    #[init(k(1 << SB))]
    c_cap: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(0))]
    c_zero16: Constant<Bits<16>>,
    #[init(k(w::control1::META_DATA_FLAG.mask() | w::control1::META_LEN.mask()))]
    c_meta_mask: Constant<Bits<32>>,
}

impl Logic for PpeRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, slot, h_word, st_q, ack_q, data_q, complete_q, addr_q, beat,
            herr_q, b_v, b_got, b_herr, b_complete, b_addr, b_words, b_ctl, a_got, a_herr
        );
        for j in 0..4 {
            self.b_w[j].clock.next = self.clock.val();
            self.b_w[j].d.next = self.b_w[j].q.val();
            self.b_m[j].clock.next = self.clock.val();
            self.b_m[j].d.next = self.b_m[j].q.val();
        }
        for j in 0..8 {
            self.b_snap[j].clock.next = self.clock.val();
            self.b_snap[j].d.next = self.b_snap[j].q.val();
        }
        for j in 0..4 {
            self.rsq[j].clock.next = self.clock.val();
            self.rsq[j].d.next = self.rsq[j].q.val();
        }
        for j in 0..8 {
            self.snap[j].clock.next = self.clock.val();
            self.snap[j].d.next = self.snap[j].q.val();
        }
        for j in 0..16 {
            self.rs[j].read_clock.next = self.clock.val();
            self.rs[j].write_clock.next = self.clock.val();
            self.rs[j].write_enable.next = false;
            self.rs[j].write_data.next = self.h_wdata.val();
            self.rs[j].write_address.next = self.h_addr.val().get_bits::<SB>(4);
            self.rs[j].read_address.next = self.h_addr.val().get_bits::<SB>(4);
        }
        self.link.clock.next = self.clock.val();
        self.link.reset.next = self.reset.val();
        self.link.promote.next = self.promote.val();
        self.check.clock.next = self.clock.val();
        self.check.reset.next = self.reset.val();
        self.link.rx.data.next = self.rx.data.val();
        self.link.rx.keep.next = self.rx.keep.val();
        self.link.rx.meta.next = self.rx.meta.val();
        self.link.rx.first.next = self.rx.first.val();
        self.link.rx.last.next = self.rx.last.val();
        self.link.rx.valid.next = self.rx.valid.val();
        self.rx.ready.next = self.link.rx.ready.val();
        self.link.p_addr.next = self.p_addr.val();
        self.p_data.next = self.link.p_data.val();
        // the host write: a request, the payload's beats from the buffer (its read is
        // registered: the address of the beat offered next cycle), the answer
        self.w_addr64.x.next = self.addr_q.q.val();
        self.w_beats.x.next = self.link.pkt_words.val();
        self.dma.wr_req_addr.next = self.w_addr64.y.val();
        self.dma.wr_req_beats.next = self.w_beats.y.val();
        self.dma.wr_req_valid.next = self.state.q.val() == self.c_s[5].val();
        self.dma.wr_dat_data.next = self.link.p_data.val();
        self.dma.wr_dat_valid.next = self.state.q.val() == self.c_s[6].val();
        self.dma.wr_dat_last.next =
            (self.beat.q.val() + self.c_one6.val()) == self.link.pkt_words.val();
        // answers come in request order: the held event's first, then the engine's own
        self.rsp_b.next = self.b_v.q.val() && !self.b_got.q.val();
        self.rsp_a.next = !(self.b_v.q.val() && !self.b_got.q.val())
            && ((self.state.q.val() == self.c_s[6].val())
                || (self.state.q.val() == self.c_s[7].val()))
            && !self.a_got.q.val();
        self.dma.wr_rsp_ready.next = (self.b_v.q.val() && !self.b_got.q.val())
            || (((self.state.q.val() == self.c_s[6].val())
                || (self.state.q.val() == self.c_s[7].val()))
                && !self.a_got.q.val());
        if self.dma.wr_rsp_valid.val() && self.rsp_b.val() {
            self.b_got.d.next = true;
            self.b_herr.d.next = self.dma.wr_rsp_err.val();
        }
        if self.dma.wr_rsp_valid.val() && self.rsp_a.val() {
            self.a_got.d.next = true;
            self.a_herr.d.next = self.dma.wr_rsp_err.val();
        }
        self.beat_next.next = self.beat.q.val();
        if (self.state.q.val() == self.c_s[6].val()) && self.dma.wr_dat_ready.val() {
            self.beat_next.next = self.beat.q.val() + self.c_one6.val();
        }
        if self.state.q.val() == self.c_s[5].val() {
            self.beat_next.next = self.c_zero6.val();
        }
        if (self.state.q.val() == self.c_s[5].val()) || (self.state.q.val() == self.c_s[6].val()) {
            self.link.p_addr.next = self.beat_next.val().get_bits::<5>(0);
        }
        self.beat.d.next = self.beat_next.val();
        self.sink_beat_hi.x.next = self.beat_next.val().get_bit(5);
        self.link.d_take.next = false;

        // the decision's inputs: the held frame's header, the rslot as read (state S_READ)
        self.limit.next = self.rslot_limit.val();
        if self.rslot_limit.val() > self.c_cap.val() {
            self.limit.next = self.c_cap.val();
        }
        self.check.in_valid.next = self.state.q.val() == self.c_s[2].val();
        self.check.dst_node.next = self.link.w0.val().get_bits::<12>(16);
        self.check.dst_slot.next = self.link.w1.val().get_bits::<16>(16);
        self.check.use_msg_size.next = self.link.w2.val().get_bit(31);
        self.check.use_msg_offset.next = self.link.w2.val().get_bit(30);
        self.check.ack_pkt.next = self.link.w2.val().get_bit(29);
        self.check.pkt_inc.next = self.link.w2.val().get_bits::<4>(24);
        self.check.remote_offset.next = self.link.w2.val().get_bits::<24>(0);
        self.check.msg_size.next = self.link.w3.val().get_bits::<24>(0);
        self.check.hdr_ok.next = self.link.hdr_ok.val();
        self.check.body_ok.next = self.link.body_ok.val();
        self.check.pkt_words.next = self.link.pkt_words.val();
        self.check.rs_base.next = self.rsq[0].q.val();
        self.check.rs_size.next = self.rsq[1].q.val();
        self.check.rs_valid.next = self.rsq[2].q.val().get_bit(15);
        self.check.rs_btg.next = self.rsq[3].q.val();
        self.check.local_node.next = self.local_node.val();
        self.check.incarnation.next = self.incarnation.val();
        self.check.rslot_limit.next = self.limit.val();
        self.sink_out_valid.x.next = self.check.out_valid.val();
        self.meta.next = self.link.w3.val().get_bit(27);

        // host port: served while the engine leaves the table alone
        self.busy.next = (self.state.q.val() != self.c_s[0].val())
            || self.b_v.q.val()
            || self.link.d_valid.val()
            || self.link.ending.val();
        self.h_ready.next = ((self.state.q.val() == self.c_s[0].val()) && !self.link.d_valid.val())
            || (self.state.q.val() >= self.c_s[4].val());
        if self.h_ready.val() && self.h_re.val() {
            self.h_word.d.next = self.h_addr.val().get_bits::<4>(0);
        }
        self.h_rdata.next = self.rs[0].read_data.val();
        for j in 0..16 {
            if self.h_word.q.val() == self.c_w[j].val() {
                self.h_rdata.next = self.rs[j].read_data.val();
            }
            if self.h_ready.val()
                && self.h_we.val()
                && (self.h_addr.val().get_bits::<4>(0) == self.c_w[j].val())
            {
                self.rs[j].write_enable.next = true;
            }
        }

        // the engine
        if self.state.q.val() == self.c_s[0].val() {
            if self.link.d_valid.val() {
                for j in 0..16 {
                    self.rs[j].read_address.next = self.link.w1.val().get_bits::<SB>(16);
                }
                self.slot.d.next = self.link.w1.val().get_bits::<SB>(16);
                self.state.d.next = self.c_s[1].val();
            }
        }
        if self.state.q.val() == self.c_s[1].val() {
            for j in 0..4 {
                self.rsq[j].d.next = self.rs[j].read_data.val();
            }
            self.snap[0].d.next = self.rs[4].read_data.val();
            self.snap[1].d.next = self.rs[5].read_data.val();
            self.snap[2].d.next = self.rs[6].read_data.val();
            self.snap[3].d.next = self.rs[7].read_data.val();
            self.snap[4].d.next = self.rs[8].read_data.val();
            self.snap[5].d.next = self.rs[9].read_data.val();
            self.snap[6].d.next = self.rs[10].read_data.val();
            self.snap[7].d.next = self.rs[11].read_data.val();
            self.state.d.next = self.c_s[2].val();
        }
        if self.state.q.val() == self.c_s[2].val() {
            self.state.d.next = self.c_s[3].val();
        }
        // address0.fab_bits other than a data packet's: a miscellaneous packet (AMB-18)
        self.misc.next = self.link.w0.val().get_bits::<4>(28) != self.c_data_type.val();
        if self.state.q.val() == self.c_s[3].val() {
            // a miscellaneous fabric packet is reported as such whatever the checks found
            self.st_q.d.next = self.check.status.val();
            if self.misc.val() {
                self.st_q.d.next = self.c_misc.val();
            }
            self.ack_q.d.next = self.check.ack.val() && !self.misc.val();
            self.data_q.d.next = self.check.data.val() && !self.misc.val();
            self.complete_q.d.next = self.check.complete.val() && !self.misc.val();
            self.addr_q.d.next = self.check.host_addr.val();
            for j in 0..16 {
                self.rs[j].write_address.next = self.slot.q.val();
            }
            if self.check.data.val() && !self.misc.val() {
                // steps 11-13, and the metadata the packet carries (AMB-14)
                self.rs[3].write_data.next = self.check.new_btg.val();
                self.rs[3].write_enable.next = true;
                if self.check.set_msg_size.val() {
                    self.rs[4].write_data.next = self.check.new_msg_size.val();
                    self.rs[4].write_enable.next = true;
                    self.snap[0].d.next = self.check.new_msg_size.val();
                }
                if self.check.set_msg_offset.val() {
                    self.rs[5].write_data.next = self.check.new_msg_offset.val();
                    self.rs[5].write_enable.next = true;
                    self.snap[1].d.next = self.check.new_msg_offset.val();
                }
                if self.meta.val() {
                    self.rs[7].write_data.next = self.link.w3.val() & self.c_meta_mask.val();
                    self.rs[7].write_enable.next = true;
                    self.snap[3].d.next = self.link.w3.val() & self.c_meta_mask.val();
                    self.rs[8].write_data.next = self.link.m0.val();
                    self.rs[9].write_data.next = self.link.m1.val();
                    self.rs[10].write_data.next = self.link.m2.val();
                    self.rs[11].write_data.next = self.link.m3.val();
                    self.snap[4].d.next = self.link.m0.val();
                    self.snap[5].d.next = self.link.m1.val();
                    self.snap[6].d.next = self.link.m2.val();
                    self.snap[7].d.next = self.link.m3.val();
                    for j in 8..12 {
                        self.rs[j].write_enable.next = true;
                    }
                }
                // the message is complete: the stored metadata is cleared (PPE-R142)
                if self.check.complete.val() {
                    self.rs[7].write_data.next = self.c_zero32.val();
                    self.rs[7].write_enable.next = true;
                }
            }
            self.herr_q.d.next = false;
            self.state.d.next = self.c_s[4].val();
            if (self.check.data.val() && !self.misc.val())
                && (self.link.pkt_words.val() != self.c_zero6.val())
            {
                self.state.d.next = self.c_s[5].val();
            }
        }
        if (self.state.q.val() == self.c_s[5].val()) && self.dma.wr_req_ready.val() {
            self.state.d.next = self.c_s[6].val();
        }
        if (self.state.q.val() == self.c_s[6].val())
            && self.dma.wr_dat_ready.val()
            && ((self.beat.q.val() + self.c_one6.val()) == self.link.pkt_words.val())
        {
            self.state.d.next = self.c_s[7].val();
        }
        // the payload is out: the event moves to the held-event place once it is free, the
        // frame is released and the engine goes on (the event waits there for its answer)
        // (at the last beat already when the place is free)
        self.hand.next = !self.b_v.q.val()
            && ((self.state.q.val() == self.c_s[7].val())
                || ((self.state.q.val() == self.c_s[6].val())
                    && self.dma.wr_dat_ready.val()
                    && ((self.beat.q.val() + self.c_one6.val()) == self.link.pkt_words.val())));
        if self.hand.val() {
            self.b_v.d.next = true;
            self.b_got.d.next =
                self.a_got.q.val() || (self.dma.wr_rsp_valid.val() && self.rsp_a.val());
            self.b_herr.d.next = self.a_herr.q.val();
            if self.dma.wr_rsp_valid.val() && self.rsp_a.val() {
                self.b_herr.d.next = self.dma.wr_rsp_err.val();
            }
            self.a_got.d.next = false;
            self.b_complete.d.next = self.complete_q.q.val();
            self.b_addr.d.next = self.addr_q.q.val();
            self.b_words.d.next = self.link.pkt_words.val();
            self.b_w[0].d.next = self.link.w0.val();
            self.b_w[1].d.next = self.link.w1.val();
            self.b_w[2].d.next = self.link.w2.val();
            self.b_w[3].d.next = self.link.w3.val();
            self.b_m[0].d.next = self.link.m0.val();
            self.b_m[1].d.next = self.link.m1.val();
            self.b_m[2].d.next = self.link.m2.val();
            self.b_m[3].d.next = self.link.m3.val();
            self.b_ctl.d.next = self.rsq[2].q.val();
            for j in 0..8 {
                self.b_snap[j].d.next = self.snap[j].q.val();
            }
            self.link.d_take.next = true;
            self.state.d.next = self.c_s[0].val();
        }
        // events in order: the held one first; the engine's own (S_EVENT) once it is gone
        if self.b_v.q.val() && self.b_got.q.val() && self.ev.take.val() {
            self.b_v.d.next = false;
        }
        if (self.state.q.val() == self.c_s[4].val()) && !self.b_v.q.val() && self.ev.take.val() {
            self.link.d_take.next = true;
            self.state.d.next = self.c_s[0].val();
        }
        self.ev.valid.next = (self.b_v.q.val() && self.b_got.q.val())
            || ((self.state.q.val() == self.c_s[4].val()) && !self.b_v.q.val());
        self.ev.status.next = self.st_q.q.val();
        self.ev.ack.next = self.ack_q.q.val();
        self.ev.data.next = self.data_q.q.val();
        self.ev.complete.next = self.complete_q.q.val();
        self.ev_host_addr.next = self.addr_q.q.val();
        self.ev.host_err.next = self.herr_q.q.val();
        self.ev_words.next = self.link.pkt_words.val();
        self.ev.w0.next = self.link.w0.val();
        self.ev.w1.next = self.link.w1.val();
        self.ev.w2.next = self.link.w2.val();
        self.ev.w3.next = self.link.w3.val();
        self.ev.m0.next = self.link.m0.val();
        self.ev.m1.next = self.link.m1.val();
        self.ev.m2.next = self.link.m2.val();
        self.ev.m3.next = self.link.m3.val();
        self.ev.rs_ctl.next = self.rsq[2].q.val();
        self.ev.rs_msg_size.next = self.snap[0].q.val();
        self.ev.rs_msg_offset.next = self.snap[1].q.val();
        self.ev.rs_ack_note.next = self.snap[2].q.val();
        self.ev.rs_meta_ctl.next = self.snap[3].q.val();
        self.ev.rs_meta0.next = self.snap[4].q.val();
        self.ev.rs_meta1.next = self.snap[5].q.val();
        self.ev.rs_meta2.next = self.snap[6].q.val();
        self.ev.rs_meta3.next = self.snap[7].q.val();
        if self.b_v.q.val() {
            self.ev.status.next = self.c_zero16.val();
            self.ev.ack.next = false;
            self.ev.data.next = true;
            self.ev.complete.next = self.b_complete.q.val();
            self.ev_host_addr.next = self.b_addr.q.val();
            self.ev.host_err.next = self.b_herr.q.val();
            self.ev_words.next = self.b_words.q.val();
            self.ev.w0.next = self.b_w[0].q.val();
            self.ev.w1.next = self.b_w[1].q.val();
            self.ev.w2.next = self.b_w[2].q.val();
            self.ev.w3.next = self.b_w[3].q.val();
            self.ev.m0.next = self.b_m[0].q.val();
            self.ev.m1.next = self.b_m[1].q.val();
            self.ev.m2.next = self.b_m[2].q.val();
            self.ev.m3.next = self.b_m[3].q.val();
            self.ev.rs_ctl.next = self.b_ctl.q.val();
            self.ev.rs_msg_size.next = self.b_snap[0].q.val();
            self.ev.rs_msg_offset.next = self.b_snap[1].q.val();
            self.ev.rs_ack_note.next = self.b_snap[2].q.val();
            self.ev.rs_meta_ctl.next = self.b_snap[3].q.val();
            self.ev.rs_meta0.next = self.b_snap[4].q.val();
            self.ev.rs_meta1.next = self.b_snap[5].q.val();
            self.ev.rs_meta2.next = self.b_snap[6].q.val();
            self.ev.rs_meta3.next = self.b_snap[7].q.val();
        }
        if self.reset.val() {
            self.state.d.next = self.c_s[0].val();
            self.b_v.d.next = false;
            self.a_got.d.next = false;
        }
    }
}

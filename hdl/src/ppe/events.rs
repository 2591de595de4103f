//! What a received packet's event leads to (UUCS-95-013 §6.1 step 7, §6.2, §8): the postings
//! for the notification writer (`PpeNotify`) and the AQR push, in the order of PPE-R150, before
//! the event is taken (one event at a time; `PpeRx` holds its fields until `ev_take`):
//! - an error packet: an error notification on list 0 (Fig 12: dst_slot and the status bit,
//!   dst_node and src_node, from the header as received; PPE-R155, R158);
//! - an ack packet: an ack notification on the rslot's ack_note_index (Fig 11 with ack_pkt,
//!   from the packet's header and its metadata when flagged; PPE-R151, R153);
//! - a data packet whose payload write host memory refused: first an error notification on
//!   list 0 with `HOST_ERR` (a decision: the spec's host bus has no errors);
//! - a data packet that completed its message: the reception notification on the rslot's
//!   note_index when notify is set (Fig 11 from the rslot and the completing header,
//!   PPE-R149), then the rslot index onto AQR when do_acks is set (PPE-R148);
//! - anything else: taken at once (PPE-R154).
//!
//! The words are those of `nicgen_wire::ppe::{error_note, ack_note, reception_note}`; `next`
//! (word 3) is the writer's.

use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::ppe::event::EventSink;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ppe::{control0, control1, note, rslot};
use rust_hdl::prelude::*;

// the bit positions the kernel's masks assume
const _: () = assert!(
    note::DST_SLOT.lsb == 16
        && note::SRC_NODE.lsb == 4
        && note::SRC_NODE.width == 12
        && note::ACK_PKT.lsb == 29
        && note::INCARNATION.lsb == 24
        && note::OFFSET.width == 24
        && note::MSG_SIZE.width == 24
        && note::META_DATA.lsb == 27
        && note::META_LEN.lsb == 24
        && note::ERR_DST_NODE.lsb == 16
        && note::ERR_SRC_NODE.lsb == 0
        && control0::INCARNATION.lsb == 24
        && control0::REMOTE_OFFSET.width == 24
        && control1::META_DATA_FLAG.lsb == 27
        && control1::META_LEN.lsb == 24
        && control1::MSG_SIZE.width == 24
        && rslot::NOTE_INDEX.lsb == 16
        && rslot::ACK_NOTE_INDEX.lsb == 16
        && rslot::DO_ACKS.lsb == 13
        && rslot::NOTIFY.lsb == 12
);

/// The error status of a payload write host memory refused (an error notification's word 0;
/// below the spec's bits, which end at misc_pkt = bit 7).
pub const HOST_ERR: u32 = 1 << 6;

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeEvents {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: no step done
    pub reset: Signal<In, Bit>,
    /// `ppe_rx`'s event (held until `ev_take`), with the packet's metadata words `ev_m*`
    ///
    /// The packet's event (`event`).
    #[port]
    pub ev: EventSink,
    /// A posting for `ppe_notify` (its `req_*`; held until `n_ready`)
    pub n_valid: Signal<Out, Bit>,
    /// The writer takes the posting
    pub n_ready: Signal<In, Bit>,
    /// The writer is working on a posting (`ppe_notify`'s `busy`): an AQR push waits until the
    /// event's notification is written
    pub n_busy: Signal<In, Bit>,
    /// The note_index: 0 for an error, the rslot's ack_note_index for an ack, its note_index for a
    /// completion
    pub n_list: Signal<Out, Bits<16>>,
    /// Object words 0-2
    pub n_w0: Signal<Out, Bits<32>>,
    /// Object words 0-2
    pub n_w1: Signal<Out, Bits<32>>,
    /// Object words 0-2
    pub n_w2: Signal<Out, Bits<32>>,
    /// Object words 4-7 (metadata when flagged, else 0)
    pub n_m0: Signal<Out, Bits<32>>,
    /// Object words 4-7 (metadata when flagged, else 0)
    pub n_m1: Signal<Out, Bits<32>>,
    /// Object words 4-7 (metadata when flagged, else 0)
    pub n_m2: Signal<Out, Bits<32>>,
    /// Object words 4-7 (metadata when flagged, else 0)
    pub n_m3: Signal<Out, Bits<32>>,
    /// The posting's token goes onto NQR whatever enqueue says (a miscellaneous packet's, AMB-18)
    pub n_force: Signal<Out, Bit>,
    /// A miscellaneous packet's event is taken (one cycle)
    pub misc: Signal<Out, Bit>,
    /// The completed rslot's index onto AQR (do_acks; held until `aq_ready`)
    pub aq_valid: Signal<Out, Bit>,
    /// The rslot index (dst_slot, zero-extended)
    pub aq_data: Signal<Out, Bits<32>>,
    /// AQR has room
    pub aq_ready: Signal<In, Bit>,
    /// The event's steps done: the host-error notification, the completion notification, the
    /// AQR push (an error or ack packet's notification counts as the first).
    /// The event's status, widened to the notification word.
    st32: Widen<16, 32>,
    done_e: DFF<Bit>,
    done_n: DFF<Bit>,
    done_a: DFF<Bit>,
    /// ack_note's reserved low half.
    sink_ack: Unused<Bits<16>>,
    is_err: Signal<Local, Bit>,
    need_e: Signal<Local, Bit>,
    need_n: Signal<Local, Bit>,
    need_a: Signal<Local, Bit>,
    post_e: Signal<Local, Bit>,
    post_n: Signal<Local, Bit>,
    post_a: Signal<Local, Bit>,
    hdr_w0: Signal<Local, Bits<32>>,
    err_w2: Signal<Local, Bits<32>>,
    meta_on: Signal<Local, Bit>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(0))]
    c_list0: Constant<Bits<16>>,
    #[init(k(HOST_ERR as u64))]
    c_host_err: Constant<Bits<32>>,
    #[init(k(0xFFFF_FFF0))]
    c_w0_mask: Constant<Bits<32>>,
    #[init(k(0xFFFF_0000))]
    c_hi16: Constant<Bits<32>>,
    #[init(k(0x0FFF_FFFF))]
    c_lo28: Constant<Bits<32>>,
    #[init(k(0x00FF_FFFF))]
    c_lo24: Constant<Bits<32>>,
    #[init(k(0xFFF))]
    c_src: Constant<Bits<32>>,
    #[init(k(note::ACK_PKT.set(0, 1)))]
    c_ack_pkt: Constant<Bits<32>>,
    #[init(k(note::INCARNATION.mask()))]
    c_inc: Constant<Bits<32>>,
    #[init(k(note::META_DATA.mask() | note::META_LEN.mask()))]
    c_meta_bits: Constant<Bits<32>>,
    #[init(k(control1::META_DATA_FLAG.mask()))]
    c_meta_flag: Constant<Bits<32>>,
    #[init(k(0x0FFF_0000))]
    c_dst_node: Constant<Bits<32>>,
    #[init(k(rslot::DO_ACKS.mask()))]
    c_do_acks: Constant<Bits<32>>,
    #[init(k(rslot::NOTIFY.mask()))]
    c_notify: Constant<Bits<32>>,
    #[init(k(4))]
    c_sh4: Constant<Bits<32>>,
    #[init(k(16))]
    c_sh16: Constant<Bits<32>>,
    is_misc: Signal<Local, Bit>,
    #[init(k(nicgen_wire::ppe::error_status::MISC_PKT as u64))]
    c_misc: Constant<Bits<32>>,
    #[init(k(28))]
    c_sh28: Constant<Bits<32>>,
}

impl Logic for PpeEvents {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, done_e, done_n, done_a);
        self.st32.x.next = self.ev.status.val();
        self.sink_ack.x.next = self.ev.rs_ack_note.val().get_bits::<16>(0);
        // the steps this event needs, and the one offered now (in PPE-R150's order)
        self.is_err.next = self.st32.y.val() != self.c_zero32.val();
        self.need_e.next = self.is_err.val()
            || self.ev.ack.val()
            || (self.ev.data.val() && self.ev.host_err.val());
        self.need_n.next = self.ev.data.val()
            && !self.is_err.val()
            && self.ev.complete.val()
            && ((self.ev.rs_ctl.val() & self.c_notify.val()) != self.c_zero32.val());
        self.need_a.next = self.ev.data.val()
            && !self.is_err.val()
            && self.ev.complete.val()
            && ((self.ev.rs_ctl.val() & self.c_do_acks.val()) != self.c_zero32.val());
        self.post_e.next = self.ev.valid.val() && self.need_e.val() && !self.done_e.q.val();
        self.post_n.next =
            self.ev.valid.val() && self.need_n.val() && !self.done_n.q.val() && !self.post_e.val();
        // the writer takes a posting and is busy from the next cycle until its last write is
        // answered: the push waits for that, so the host never reads an AQR entry whose
        // notification is not yet in host memory
        self.post_a.next = self.ev.valid.val()
            && self.need_a.val()
            && !self.done_a.q.val()
            && !self.post_e.val()
            && !self.post_n.val()
            && !((self.need_e.val() || self.need_n.val()) && self.n_busy.val());

        // ---- the words ----
        // word 0 of a reception or ack notification: dst_slot and src_node as address1 has them
        self.hdr_w0.next = self.ev.w1.val() & self.c_w0_mask.val();
        // an error notification's word 2: dst_node (address0) and src_node (address1)
        self.err_w2.next = (self.ev.w0.val() & self.c_dst_node.val())
            | ((self.ev.w1.val() >> self.c_sh4.val()) & self.c_src.val());
        self.n_list.next = self.c_list0.val();
        self.n_w0.next = (self.ev.w1.val() & self.c_hi16.val()) | self.st32.y.val();
        if !self.is_err.val() && !self.ev.ack.val() {
            self.n_w0.next = (self.ev.w1.val() & self.c_hi16.val()) | self.c_host_err.val();
        }
        self.n_w1.next = self.c_zero32.val();
        self.n_w2.next = self.err_w2.val();
        self.meta_on.next = false;
        self.n_m0.next = self.ev.m0.val();
        self.n_m1.next = self.ev.m1.val();
        self.n_m2.next = self.ev.m2.val();
        self.n_m3.next = self.ev.m3.val();
        if self.ev.ack.val() && !self.is_err.val() {
            // Fig 11 with ack_pkt, all from the packet (PPE-R151)
            self.n_list.next = self.ev.rs_ack_note.val().get_bits::<16>(16);
            self.n_w0.next = self.hdr_w0.val();
            self.n_w1.next = (self.ev.w2.val() & self.c_lo28.val()) | self.c_ack_pkt.val();
            self.n_w2.next = self.ev.w3.val() & self.c_lo28.val();
            self.meta_on.next = (self.ev.w3.val() & self.c_meta_flag.val()) != self.c_zero32.val();
        }
        if self.post_n.val() {
            // Fig 11 from the rslot and the completing header (PPE-R149)
            self.n_list.next = self.ev.rs_ctl.val().get_bits::<16>(16);
            self.n_w0.next = self.hdr_w0.val();
            self.n_w1.next = (self.ev.w2.val() & self.c_inc.val())
                | (self.ev.rs_msg_offset.val() & self.c_lo24.val());
            self.n_w2.next = (self.ev.rs_meta_ctl.val() & self.c_meta_bits.val())
                | (self.ev.rs_msg_size.val() & self.c_lo24.val());
            self.meta_on.next =
                (self.ev.rs_meta_ctl.val() & self.c_meta_flag.val()) != self.c_zero32.val();
            self.n_m0.next = self.ev.rs_meta0.val();
            self.n_m1.next = self.ev.rs_meta1.val();
            self.n_m2.next = self.ev.rs_meta2.val();
            self.n_m3.next = self.ev.rs_meta3.val();
        }
        // a miscellaneous packet (AMB-18, PPE-R163): its fabric type in word 1, its first four
        // header words in words 4-7, the token pushed whatever enqueue says
        self.is_misc.next = self.st32.y.val() == self.c_misc.val();
        self.n_force.next = self.is_misc.val();
        if self.is_misc.val() {
            self.n_w1.next = self.ev.w0.val() >> self.c_sh28.val();
            self.n_m0.next = self.ev.w0.val();
            self.n_m1.next = self.ev.w1.val();
            self.n_m2.next = self.ev.w2.val();
            self.n_m3.next = self.ev.w3.val();
            self.meta_on.next = true;
        }
        if !self.meta_on.val() {
            self.n_m0.next = self.c_zero32.val();
            self.n_m1.next = self.c_zero32.val();
            self.n_m2.next = self.c_zero32.val();
            self.n_m3.next = self.c_zero32.val();
        }
        self.n_valid.next = self.post_e.val() || self.post_n.val();
        self.aq_valid.next = self.post_a.val();
        self.aq_data.next = self.ev.w1.val() >> self.c_sh16.val();

        // ---- progress, and the event taken once every step is done ----
        if self.post_e.val() && self.n_ready.val() {
            self.done_e.d.next = true;
        }
        if self.post_n.val() && self.n_ready.val() {
            self.done_n.d.next = true;
        }
        if self.post_a.val() && self.aq_ready.val() {
            self.done_a.d.next = true;
        }
        self.ev.take.next = self.ev.valid.val()
            && (!self.need_e.val() || self.done_e.q.val())
            && (!self.need_n.val() || self.done_n.q.val())
            && (!self.need_a.val() || self.done_a.q.val());
        self.misc.next = self.ev.take.val() && self.is_misc.val();
        if self.ev.take.val() || self.reset.val() {
            self.done_e.d.next = false;
            self.done_n.d.next = false;
            self.done_a.d.next = false;
        }
    }
}

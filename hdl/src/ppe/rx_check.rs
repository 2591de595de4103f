//! The PPE's reception decision for one packet (UUCS-95-013 §6.1; blocks B9 and B11 of the
//! checklist): the validation steps in their order with the first failure reported (AMB-29),
//! the ack dispatch (step 7), and for a data packet the host address of its payload (step 10)
//! and the rslot's new bytes_to_go, msg_size and msg_offset with the completion (steps 11-13,
//! AMB-37).
//!
//! One clock; a packet per cycle: `in_valid` with the received header's fields
//! (`nicgen_wire::ppe::{address0, address1, control0, control1}`), the checksum results of the
//! link's receiver (`hdr_ok`, `body_ok`), the payload length in words (`pkt_words`, from the
//! framing, AMB-11), the rslot's buffer_base_phys, buffer_size, valid and bytes_to_go as read
//! for dst_slot (don't-care when dst_slot is out of range: step 3 fails first), and PCSR0's
//! local_node_num and incarnation and RSLOT_LIMIT; the decision a cycle later with
//! `out_valid`:
//! - `status`: one error_status bit (`nicgen_wire::ppe::error_status`), 0 if none failed;
//! - `ack`: an ack packet that passed steps 1-6 (its notification; no rslot change);
//! - `data`: a data packet that passed every check: its payload goes to `host_addr`
//!   (buffer_base_phys + remote_offset, AMB-46: indirect ignored), the rslot's bytes_to_go
//!   becomes `new_btg`, msg_size `new_msg_size` when `set_msg_size`, msg_offset
//!   `new_msg_offset` when `set_msg_offset`; `complete` when the message completed.

use crate::common::prim::k;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ppe::error_status as es;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeRxCheck {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: no decision is offered in the next cycle
    pub reset: Signal<In, Bit>,
    /// A packet to decide this cycle (a decision with `out_valid` in the next)
    pub in_valid: Signal<In, Bit>,
    /// The received header's address0.dst_node (`nicgen_wire::ppe::address0`)
    pub dst_node: Signal<In, Bits<12>>,
    /// address1.dst_slot
    pub dst_slot: Signal<In, Bits<16>>,
    /// control0.use_msg_size
    pub use_msg_size: Signal<In, Bit>,
    /// control0.use_msg_offset
    pub use_msg_offset: Signal<In, Bit>,
    /// control0.ack_pkt
    pub ack_pkt: Signal<In, Bit>,
    /// Control0.incarnation
    pub pkt_inc: Signal<In, Bits<4>>,
    /// control0.remote_offset
    pub remote_offset: Signal<In, Bits<24>>,
    /// control1.msg_size
    pub msg_size: Signal<In, Bits<24>>,
    /// The header checksum matched (step 1; AMB-31 coverage)
    pub hdr_ok: Signal<In, Bit>,
    /// The payload checksum matched (checked with step 1, AMB-30)
    pub body_ok: Signal<In, Bit>,
    /// Payload words from the framing, 0-32 (pkt_size / 4, AMB-11)
    pub pkt_words: Signal<In, Bits<6>>,
    /// The rslot's buffer_base_phys (rslot word 0 as read for dst_slot)
    pub rs_base: Signal<In, Bits<32>>,
    /// The rslot's buffer_size (word 1)
    pub rs_size: Signal<In, Bits<32>>,
    /// The rslot's valid bit (word 2)
    pub rs_valid: Signal<In, Bit>,
    /// The rslot's bytes_to_go (word 3, signed)
    pub rs_btg: Signal<In, Bits<32>>,
    /// PCSR0.local_node_num (step 2 compares the zero-extended dst_node with it, AMB-36)
    pub local_node: Signal<In, Bits<16>>,
    /// PCSR0.incarnation (step 6, AMB-01)
    pub incarnation: Signal<In, Bits<4>>,
    /// RSLOT_LIMIT (step 3 fails when dst_slot >= it, AMB-12, AMB-13)
    pub rslot_limit: Signal<In, Bits<16>>,
    /// The decision of the packet offered the cycle before
    pub out_valid: Signal<Out, Bit>,
    /// The error_status bit of the first failing check (`nicgen_wire::ppe::error_status`), 0 if
    /// none
    pub status: Signal<Out, Bits<16>>,
    /// An ack packet that passed steps 1-6: post its notification, change no rslot
    pub ack: Signal<Out, Bit>,
    /// A data packet that passed every check
    pub data: Signal<Out, Bit>,
    /// Where its payload goes: buffer_base_phys + remote_offset (step 10)
    pub host_addr: Signal<Out, Bits<32>>,
    /// The rslot's bytes_to_go after steps 11 and 13 (written back whenever `data`)
    pub new_btg: Signal<Out, Bits<32>>,
    /// With `data`: write `new_msg_size` into the rslot's msg_size (step 11)
    pub set_msg_size: Signal<Out, Bit>,
    /// The header's msg_size
    pub new_msg_size: Signal<Out, Bits<32>>,
    /// With `data`: write `new_msg_offset` into the rslot's msg_offset (step 12)
    pub set_msg_offset: Signal<Out, Bit>,
    /// The header's remote_offset
    pub new_msg_offset: Signal<Out, Bits<32>>,
    /// With `data`: the message completed (bytes_to_go became 0, AMB-37)
    pub complete: Signal<Out, Bit>,
    v_q: DFF<Bit>,
    status_q: DFF<Bits<16>>,
    ack_q: DFF<Bit>,
    data_q: DFF<Bit>,
    addr_q: DFF<Bits<32>>,
    btg_q: DFF<Bits<32>>,
    smsz_q: DFF<Bit>,
    msz_q: DFF<Bits<32>>,
    smoff_q: DFF<Bit>,
    moff_q: DFF<Bits<32>>,
    complete_q: DFF<Bit>,
    w_node: Widen<12, 16>,
    w_roff: Widen<24, 32>,
    w_msz: Widen<24, 32>,
    w_words: Widen<6, 32>,
    bytes: Signal<Local, Bits<32>>,
    reach: Signal<Local, Bits<32>>,
    grow: Signal<Local, Bits<32>>,
    btg: Signal<Local, Bits<32>>,
    st: Signal<Local, Bits<16>>,
    is_ack: Signal<Local, Bit>,
    #[init(k(es::BAD_HDR_CHKSUM as u64))]
    c_hdr: Constant<Bits<16>>,
    #[init(k(es::BAD_BODY_CHKSUM as u64))]
    c_body: Constant<Bits<16>>,
    #[init(k(es::BAD_DST_NODE as u64))]
    c_dst: Constant<Bits<16>>,
    #[init(k(es::RSLOT_RANGE as u64))]
    c_range: Constant<Bits<16>>,
    #[init(k(es::INVALID_RSLOT as u64))]
    c_invalid: Constant<Bits<16>>,
    #[init(k(es::BAD_INCARNATION as u64))]
    c_inc: Constant<Bits<16>>,
    #[init(k(es::BAD_OFFSET as u64))]
    c_offset: Constant<Bits<16>>,
    #[init(k(es::BAD_SIZE as u64))]
    c_size: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero16: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(2))]
    c_two: Constant<Bits<32>>,
}

impl Logic for PpeRxCheck {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, v_q, status_q, ack_q, data_q, addr_q, btg_q, smsz_q, msz_q, smoff_q,
            moff_q, complete_q
        );
        self.w_node.x.next = self.dst_node.val();
        self.w_roff.x.next = self.remote_offset.val();
        self.w_msz.x.next = self.msg_size.val();
        self.w_words.x.next = self.pkt_words.val();
        self.bytes.next = self.w_words.y.val() << self.c_two.val();
        // remote_offset < 2^24 and pkt_size <= 128: the sum cannot wrap (step 9)
        self.reach.next = self.w_roff.y.val() + self.bytes.val();
        // steps 1-9 in order (AMB-29, AMB-30: the payload checksum with step 1)
        self.st.next = self.c_zero16.val();
        self.is_ack.next = false;
        if !self.hdr_ok.val() {
            self.st.next = self.c_hdr.val();
        } else if !self.body_ok.val() {
            self.st.next = self.c_body.val();
        } else if self.w_node.y.val() != self.local_node.val() {
            self.st.next = self.c_dst.val();
        } else if self.dst_slot.val() >= self.rslot_limit.val() {
            self.st.next = self.c_range.val();
        } else if !self.rs_valid.val() {
            self.st.next = self.c_invalid.val();
        } else if self.pkt_inc.val() != self.incarnation.val() {
            self.st.next = self.c_inc.val();
        } else if self.ack_pkt.val() {
            self.is_ack.next = true;
        } else if self.w_roff.y.val() > self.rs_size.val() {
            self.st.next = self.c_offset.val();
        } else if self.reach.val() > self.rs_size.val() {
            self.st.next = self.c_size.val();
        }
        // steps 11-13 (bytes_to_go signed, wrapping in 32 bits; AMB-37's completion)
        self.grow.next = self.c_zero32.val();
        if self.use_msg_size.val() {
            self.grow.next = self.w_msz.y.val();
        }
        self.btg.next = self.rs_btg.val() + self.grow.val() - self.bytes.val();
        self.v_q.d.next = self.in_valid.val() && !self.reset.val();
        self.status_q.d.next = self.st.val();
        self.ack_q.d.next = self.is_ack.val();
        self.data_q.d.next = (self.st.val() == self.c_zero16.val()) && !self.is_ack.val();
        self.addr_q.d.next = self.rs_base.val() + self.w_roff.y.val();
        self.btg_q.d.next = self.btg.val();
        self.smsz_q.d.next = self.use_msg_size.val();
        self.msz_q.d.next = self.w_msz.y.val();
        self.smoff_q.d.next = self.use_msg_offset.val();
        self.moff_q.d.next = self.w_roff.y.val();
        self.complete_q.d.next = (self.btg.val() == self.c_zero32.val())
            && (self.use_msg_size.val() || (self.rs_btg.val() != self.c_zero32.val()));
        self.out_valid.next = self.v_q.q.val();
        self.status.next = self.status_q.q.val();
        self.ack.next = self.ack_q.q.val();
        self.data.next = self.data_q.q.val();
        self.host_addr.next = self.addr_q.q.val();
        self.new_btg.next = self.btg_q.q.val();
        self.set_msg_size.next = self.smsz_q.q.val() && self.data_q.q.val();
        self.new_msg_size.next = self.msz_q.q.val();
        self.set_msg_offset.next = self.smoff_q.q.val() && self.data_q.q.val();
        self.new_msg_offset.next = self.moff_q.q.val();
        self.complete.next = self.complete_q.q.val() && self.data_q.q.val();
    }
}

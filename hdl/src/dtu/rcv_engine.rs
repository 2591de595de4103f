//! The receive side of the DTU's data path: the request class's packets addressed to this PE.
//! - MSG (Alg. 4): the head asks the core for a slot at once (`alloc`: endpoint check, the
//!   head's size against the slot, free slot; occupied and wpos written) while the three header
//!   words arrive; the header and payload are written to the slot as soon as the answer is in
//!   (the payload dropped on a refusal); the core commits as the last write's response arrives
//!   (`commit`: msgs, unread, the header-table entry, GRANT_CREDITS, DTU-A11) and the ACK goes
//!   to the sender with the commit's answer, exactly one per message (DTU-R082), on the
//!   response class. The head's SIZE is the message's length (the sender's header word 2
//!   carries the same); a packet that ends early is padded with zeros to that length, one
//!   that runs on is dropped to its last flit (never a hang, never a write past the slot).
//! - RD_REQ: `size` bytes at the address are read and sent back in an RD_RSP (DTU-R107).
//! - WR_REQ: the data is written at the address; the WR_RSP leaves as the last write's
//!   response arrives (DTU-A27).
//! - any other kind: dropped to its last flit.
//!
//! One packet at a time. The request class waits while a response cannot leave; the response
//! class never waits for a request (DTU-R083), so no cycle of waits closes through a DTU.
//! (Statements that drive the writer's `start` or a handshake read registers and inputs
//! directly, sharing no local with those that read the writer's `inp.ready`: Verilator orders
//! an always block's statements by the locals they share.)

use super::cmd_engine::LA;
use crate::common::mem::{MemMaster, MemReader, MemWriter};
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::BlockDefault;
use nicgen_wire::dtu::{header as hd, noc};
use rust_hdl::prelude::*;

// the literal bit offsets of `get_bits` in the kernel (rust-hdl takes literals only)
const _: () =
    assert!(noc::KIND.lsb == 0 && noc::SRC_PE.lsb == 8 && noc::EP.lsb == 24 && noc::SIZE.lsb == 32);

const S_IDLE: u64 = 0;
/// A message: header words in, the slot's answer, the writes, to the last flit.
const S_MSG: u64 = 1;
const S_DROP: u64 = 4;
const S_COMMIT: u64 = 5;
const S_ACK: u64 = 6;
const S_ADDR: u64 = 7;
const S_RRSP: u64 = 8;
const S_WDATA: u64 = 9;

#[derive(LogicBlock, BlockDefault)]
pub struct RcvEngine {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub own_pe: Signal<In, Bits<8>>,
    pub req_in: PacketSink<64, 8, 8>,
    pub rsp_out: PacketSource<64, 8, 8>,
    /// The reader's and the writer's local-memory ports.
    pub mem_r: MemMaster<LA>,
    pub mem_w: MemMaster<LA>,
    /// The message being received, for the core: endpoint, payload size (the head's),
    /// header words, slot, stored.
    pub m_ep: Signal<Out, Bits<8>>,
    pub m_size: Signal<Out, Bits<16>>,
    pub m_h0: Signal<Out, Bits<64>>,
    pub m_h1: Signal<Out, Bits<64>>,
    pub m_h2: Signal<Out, Bits<64>>,
    pub m_idx: Signal<Out, Bits<6>>,
    pub m_ok: Signal<Out, Bit>,
    /// Allocation asked (level until `a_ack`); the core's answer with `a_ack`.
    pub a_req: Signal<Out, Bit>,
    pub a_ack: Signal<In, Bit>,
    pub a_ok: Signal<In, Bit>,
    pub a_dest: Signal<In, Bits<LA>>,
    pub a_idx: Signal<In, Bits<6>>,
    /// Commit asked (level until `c_ack`; rises with the last write's response).
    pub c_req: Signal<Out, Bit>,
    pub c_ack: Signal<In, Bit>,
    reader: MemReader<LA>,
    writer: MemWriter<LA>,
    state: DFF<Bits<4>>,
    kind: DFF<Bits<4>>,
    src: DFF<Bits<8>>,
    ep: DFF<Bits<8>>,
    size: DFF<Bits<16>>,
    h0: DFF<Bits<64>>,
    h1: DFF<Bits<64>>,
    h2: DFF<Bits<64>>,
    idx: DFF<Bits<6>>,
    ok: DFF<Bit>,
    /// Header words taken from the packet, and passed to the writer.
    hin: DFF<Bits<2>>,
    hout: DFF<Bits<2>>,
    /// The slot's answer is in; the packet's last flit has been taken; the writer is done
    /// (flits left over are dropped).
    al: DFF<Bit>,
    got_last: DFF<Bit>,
    wdone: DFF<Bit>,
    /// The response's head has been sent (S_RRSP).
    sent_head: DFF<Bit>,
    /// WR_REQ's writer starts (the cycle after the address flit).
    wstart: DFF<Bit>,
    sink_rmeta: Unused<Bits<1>>,
    sink_rfirst: Unused<Bit>,
    sink_wbusy: Unused<Bit>,
    sink_meta: Unused<Bits<8>>,
    sink_keep: Unused<Bits<8>>,
    sink_first: Unused<Bit>,
    sink_rbusy: Unused<Bit>,
    w_kind: Widen<4, 64>,
    w_src: Widen<8, 64>,
    w_dst: Widen<8, 64>,
    w_size: Widen<16, 64>,
    in_kind: Signal<Local, Bits<4>>,
    msg_bytes: Signal<Local, Bits<16>>,
    rsp_kind: Signal<Local, Bits<4>>,
    rsp_head_word: Signal<Local, Bits<64>>,
    hdr_word: Signal<Local, Bits<64>>,
    /// The message's last write answered with every flit in: commit now.
    fin_now: Signal<Local, Bit>,
    #[init(k(S_IDLE))]
    c_s_idle: Constant<Bits<4>>,
    #[init(k(S_MSG))]
    c_s_msg: Constant<Bits<4>>,
    #[init(k(S_DROP))]
    c_s_drop: Constant<Bits<4>>,
    #[init(k(S_COMMIT))]
    c_s_commit: Constant<Bits<4>>,
    #[init(k(S_ACK))]
    c_s_ack: Constant<Bits<4>>,
    #[init(k(S_ADDR))]
    c_s_addr: Constant<Bits<4>>,
    #[init(k(S_RRSP))]
    c_s_rrsp: Constant<Bits<4>>,
    #[init(k(S_WDATA))]
    c_s_wdata: Constant<Bits<4>>,
    #[init(k(noc::Kind::Msg as u64))]
    c_msg: Constant<Bits<4>>,
    #[init(k(noc::Kind::Ack as u64))]
    c_ack_k: Constant<Bits<4>>,
    #[init(k(noc::Kind::RdReq as u64))]
    c_rdreq: Constant<Bits<4>>,
    #[init(k(noc::Kind::RdRsp as u64))]
    c_rdrsp: Constant<Bits<4>>,
    #[init(k(noc::Kind::WrReq as u64))]
    c_wrreq: Constant<Bits<4>>,
    #[init(k(noc::Kind::WrRsp as u64))]
    c_wrrsp: Constant<Bits<4>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_h: [Constant<Bits<2>>; 4],
    #[init(k(0))]
    c_zero16: Constant<Bits<16>>,
    #[init(k(hd::BYTES))]
    c_hdr_bytes: Constant<Bits<16>>,
    #[init(k(0xFF))]
    c_ones8: Constant<Bits<8>>,
    #[init(k(0))]
    c_zero1: Constant<Bits<1>>,
    #[init(k(0))]
    c_zero64: Constant<Bits<64>>,
    #[init(k(noc::SRC_PE.lsb as u64))]
    c_sh_src: Constant<Bits<64>>,
    #[init(k(noc::DST_PE.lsb as u64))]
    c_sh_dst: Constant<Bits<64>>,
    #[init(k(noc::SIZE.lsb as u64))]
    c_sh_size: Constant<Bits<64>>,
}

impl Logic for RcvEngine {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, kind, src, ep, size, h0, h1, h2, idx, ok, hin, hout, al, got_last,
            wdone, sent_head, wstart
        );
        clock!(self, clock, reader, writer);
        self.reader.reset.next = self.reset.val();
        self.writer.reset.next = self.reset.val();
        self.m_ep.next = self.ep.q.val();
        self.m_size.next = self.size.q.val();
        self.m_h0.next = self.h0.q.val();
        self.m_h1.next = self.h1.q.val();
        self.m_h2.next = self.h2.q.val();
        self.m_idx.next = self.idx.q.val();
        self.m_ok.next = self.ok.q.val();
        self.a_req.next = (self.state.q.val() == self.c_s_msg.val()) && !self.al.q.val();
        self.sink_meta.x.next = self.req_in.meta.val();
        self.sink_keep.x.next = self.req_in.keep.val();
        self.sink_first.x.next = self.req_in.first.val();
        self.sink_rmeta.x.next = self.reader.out.meta.val();
        self.sink_rfirst.x.next = self.reader.out.first.val();
        self.sink_wbusy.x.next = self.writer.busy.val();
        self.sink_rbusy.x.next = self.reader.busy.val();
        self.in_kind.next = self.req_in.data.val().get_bits::<4>(0);
        self.wstart.d.next = false;

        // ---- commit: with the last write's response (every flit in), or from S_COMMIT ----
        self.fin_now.next = (self.state.q.val() == self.c_s_msg.val())
            && self.writer.done.val()
            && self.got_last.q.val();
        self.c_req.next = (self.state.q.val() == self.c_s_commit.val()) || self.fin_now.val();

        // ---- the response's head (ACK, WR_RSP; RD_RSP with its size, then the reader's
        // flits) ----
        self.rsp_kind.next = self.c_ack_k.val();
        if self.kind.q.val() == self.c_rdreq.val() {
            self.rsp_kind.next = self.c_rdrsp.val();
        }
        if self.kind.q.val() == self.c_wrreq.val() {
            self.rsp_kind.next = self.c_wrrsp.val();
        }
        self.w_kind.x.next = self.rsp_kind.val();
        self.w_src.x.next = self.own_pe.val();
        self.w_dst.x.next = self.src.q.val();
        self.w_size.x.next = self.size.q.val();
        self.rsp_head_word.next = self.w_kind.y.val()
            | (self.w_src.y.val() << self.c_sh_src.val())
            | (self.w_dst.y.val() << self.c_sh_dst.val());
        if self.kind.q.val() == self.c_rdreq.val() {
            self.rsp_head_word.next = self.w_kind.y.val()
                | (self.w_src.y.val() << self.c_sh_src.val())
                | (self.w_dst.y.val() << self.c_sh_dst.val())
                | (self.w_size.y.val() << self.c_sh_size.val());
        }
        self.rsp_out.data.next = self.rsp_head_word.val();
        if (self.state.q.val() == self.c_s_rrsp.val()) && self.sent_head.q.val() {
            self.rsp_out.data.next = self.reader.out.data.val();
        }
        self.rsp_out.keep.next = self.c_ones8.val();
        if (self.state.q.val() == self.c_s_rrsp.val()) && self.sent_head.q.val() {
            self.rsp_out.keep.next = self.reader.out.keep.val();
        }
        // ACK (from S_ACK, or as the commit is answered), WR_RSP (from S_ACK, or as the last
        // write is answered), an RD_RSP's head, then its flits
        self.rsp_out.valid.next = (self.state.q.val() == self.c_s_ack.val())
            || ((self.state.q.val() == self.c_s_commit.val()) && self.c_ack.val())
            || ((self.state.q.val() == self.c_s_wdata.val()) && self.writer.done.val())
            || ((self.state.q.val() == self.c_s_rrsp.val()) && !self.sent_head.q.val())
            || ((self.state.q.val() == self.c_s_rrsp.val())
                && self.sent_head.q.val()
                && self.reader.out.valid.val());
        self.rsp_out.last.next = (self.state.q.val() != self.c_s_rrsp.val())
            || (self.size.q.val() == self.c_zero16.val());
        if (self.state.q.val() == self.c_s_rrsp.val()) && self.sent_head.q.val() {
            self.rsp_out.last.next = self.reader.out.last.val();
        }
        self.rsp_out.first.next =
            !((self.state.q.val() == self.c_s_rrsp.val()) && self.sent_head.q.val());
        self.rsp_out.meta.next = self.src.q.val();
        self.reader.out.ready.next = (self.state.q.val() == self.c_s_rrsp.val())
            && self.sent_head.q.val()
            && self.rsp_out.ready.val();

        // ---- request class in: a head in S_IDLE; header words while fewer than three are
        // in; then the payload at the writer's pace, or dropped (a refused message, flits
        // past the writer's, another kind); the address of RD_REQ / WR_REQ; WR_REQ's data ----
        self.req_in.ready.next = (self.state.q.val() == self.c_s_idle.val())
            || (self.state.q.val() == self.c_s_drop.val())
            || (self.state.q.val() == self.c_s_addr.val())
            || ((self.state.q.val() == self.c_s_wdata.val()) && self.writer.inp.ready.val())
            || ((self.state.q.val() == self.c_s_msg.val())
                && !self.got_last.q.val()
                && ((self.hin.q.val() != self.c_h[3].val())
                    || (self.al.q.val()
                        && (!self.ok.q.val()
                            || self.wdone.q.val()
                            || ((self.hout.q.val() == self.c_h[3].val())
                                && self.writer.inp.ready.val())))));

        // ---- the writer: a message's header words from registers, then its payload (zeros
        // once the packet has ended); WR_REQ's data ----
        self.hdr_word.next = self.h0.q.val();
        if self.hout.q.val() == self.c_h[1].val() {
            self.hdr_word.next = self.h1.q.val();
        }
        if self.hout.q.val() == self.c_h[2].val() {
            self.hdr_word.next = self.h2.q.val();
        }
        self.writer.inp.data.next = self.req_in.data.val();
        if (self.state.q.val() == self.c_s_msg.val()) && (self.hout.q.val() != self.c_h[3].val()) {
            self.writer.inp.data.next = self.hdr_word.val();
        }
        if (self.state.q.val() == self.c_s_msg.val())
            && (self.hout.q.val() == self.c_h[3].val())
            && self.got_last.q.val()
        {
            self.writer.inp.data.next = self.c_zero64.val();
        }
        self.writer.inp.keep.next = self.req_in.keep.val();
        self.writer.inp.meta.next = self.c_zero1.val();
        self.writer.inp.first.next = false;
        self.writer.inp.last.next = self.req_in.last.val();
        // (offered from the slot's answer on: the writer takes the first word as it starts)
        self.writer.inp.valid.next = ((self.state.q.val() == self.c_s_wdata.val())
            && self.req_in.valid.val())
            || ((self.state.q.val() == self.c_s_msg.val())
                && ((self.al.q.val() && self.ok.q.val() && !self.wdone.q.val())
                    || (!self.al.q.val() && self.a_ack.val() && self.a_ok.val()))
                && (((self.hout.q.val() != self.c_h[3].val())
                    && (self.hout.q.val() < self.hin.q.val()))
                    || ((self.hout.q.val() == self.c_h[3].val())
                        && (self.got_last.q.val() || self.req_in.valid.val()))));
        // header + payload bytes (the core has refused a message whose sum does not fit)
        self.msg_bytes.next = self.size.q.val() + self.c_hdr_bytes.val();
        self.writer.size.next = self.size.q.val();
        if self.state.q.val() == self.c_s_msg.val() {
            self.writer.size.next = self.msg_bytes.val();
        }
        // WR_REQ's writer starts in the cycle after the address flit, from a register (so
        // `req_in.ready` never follows `req_in.valid`), and takes the first data flit then
        self.writer.addr.next = self.h0.q.val().get_bits::<LA>(0);
        if self.state.q.val() == self.c_s_msg.val() {
            self.writer.addr.next = self.a_dest.val();
        }
        self.writer.start.next = ((self.state.q.val() == self.c_s_msg.val())
            && !self.al.q.val()
            && self.a_ack.val()
            && self.a_ok.val())
            || self.wstart.q.val();
        self.reader.addr.next = self.req_in.data.val().get_bits::<LA>(0);
        self.reader.size.next = self.size.q.val();
        self.reader.start.next = (self.state.q.val() == self.c_s_addr.val())
            && self.req_in.valid.val()
            && (self.kind.q.val() == self.c_rdreq.val())
            && (self.size.q.val() != self.c_zero16.val());

        // ---- transitions ----
        if (self.state.q.val() == self.c_s_idle.val()) && self.req_in.valid.val() {
            self.kind.d.next = self.in_kind.val();
            self.src.d.next = self.req_in.data.val().get_bits::<8>(8);
            self.ep.d.next = self.req_in.data.val().get_bits::<8>(24);
            self.size.d.next = self.req_in.data.val().get_bits::<16>(32);
            self.hin.d.next = self.c_h[0].val();
            self.hout.d.next = self.c_h[0].val();
            self.al.d.next = false;
            self.ok.d.next = false;
            self.got_last.d.next = false;
            self.wdone.d.next = false;
            self.sent_head.d.next = false;
            if self.req_in.last.val() {
                // a one-flit request (none is): nothing to do
                self.state.d.next = self.c_s_idle.val();
            } else if self.in_kind.val() == self.c_msg.val() {
                self.state.d.next = self.c_s_msg.val();
            } else if (self.in_kind.val() == self.c_rdreq.val())
                || (self.in_kind.val() == self.c_wrreq.val())
            {
                self.state.d.next = self.c_s_addr.val();
            } else {
                self.state.d.next = self.c_s_drop.val();
            }
        }
        // a message: header words in
        if (self.state.q.val() == self.c_s_msg.val())
            && (self.hin.q.val() != self.c_h[3].val())
            && !self.got_last.q.val()
            && self.req_in.valid.val()
        {
            self.hin.d.next = self.hin.q.val() + self.c_h[1].val();
            if self.hin.q.val() == self.c_h[0].val() {
                self.h0.d.next = self.req_in.data.val();
            }
            if self.hin.q.val() == self.c_h[1].val() {
                self.h1.d.next = self.req_in.data.val();
            }
            if self.hin.q.val() == self.c_h[2].val() {
                self.h2.d.next = self.req_in.data.val();
            }
        }
        // every flit a message takes: the last one ends the packet
        // (the taking condition spelled out: no statement reads `req_in.ready` back)
        if (self.state.q.val() == self.c_s_msg.val())
            && self.req_in.valid.val()
            && self.req_in.last.val()
            && !self.got_last.q.val()
            && ((self.hin.q.val() != self.c_h[3].val())
                || (self.al.q.val()
                    && (!self.ok.q.val()
                        || self.wdone.q.val()
                        || ((self.hout.q.val() == self.c_h[3].val())
                            && self.writer.inp.ready.val()))))
        {
            self.got_last.d.next = true;
        }
        // the slot's answer
        if (self.state.q.val() == self.c_s_msg.val()) && !self.al.q.val() && self.a_ack.val() {
            self.al.d.next = true;
            self.ok.d.next = self.a_ok.val();
            self.idx.d.next = self.a_idx.val();
        }
        // a header word the writer took (offered: in, and the writer started)
        if (self.state.q.val() == self.c_s_msg.val())
            && (self.hout.q.val() != self.c_h[3].val())
            && (self.hout.q.val() < self.hin.q.val())
            && ((self.al.q.val() && self.ok.q.val())
                || (!self.al.q.val() && self.a_ack.val() && self.a_ok.val()))
            && self.writer.inp.ready.val()
        {
            self.hout.d.next = self.hout.q.val() + self.c_h[1].val();
        }
        // the writer's end: commit (every flit in), or first drop what is left
        if (self.state.q.val() == self.c_s_msg.val()) && self.writer.done.val() {
            self.wdone.d.next = true;
            if self.got_last.q.val() {
                self.state.d.next = self.c_s_commit.val();
            }
        }
        // a refused message, or flits past the writer's: commit with the last flit
        if (self.state.q.val() == self.c_s_msg.val())
            && self.al.q.val()
            && (!self.ok.q.val() || self.wdone.q.val())
            && (self.got_last.q.val() || (self.req_in.valid.val() && self.req_in.last.val()))
        {
            self.state.d.next = self.c_s_commit.val();
        }
        if (self.state.q.val() == self.c_s_commit.val()) && self.c_ack.val() {
            self.state.d.next = self.c_s_ack.val();
            if self.rsp_out.ready.val() {
                self.state.d.next = self.c_s_idle.val();
            }
        }
        if (self.state.q.val() == self.c_s_drop.val())
            && self.req_in.valid.val()
            && self.req_in.last.val()
        {
            self.state.d.next = self.c_s_idle.val();
        }
        if (self.state.q.val() == self.c_s_ack.val()) && self.rsp_out.ready.val() {
            self.state.d.next = self.c_s_idle.val();
        }
        if (self.state.q.val() == self.c_s_addr.val()) && self.req_in.valid.val() {
            self.h0.d.next = self.req_in.data.val();
            if self.kind.q.val() == self.c_rdreq.val() {
                self.state.d.next = self.c_s_rrsp.val();
            } else {
                self.state.d.next = self.c_s_wdata.val();
                self.wstart.d.next = self.size.q.val() != self.c_zero16.val();
                if self.size.q.val() == self.c_zero16.val() {
                    self.state.d.next = self.c_s_ack.val();
                }
            }
        }
        // WR_REQ: the WR_RSP as the last write is answered, else from S_ACK
        if (self.state.q.val() == self.c_s_wdata.val()) && self.writer.done.val() {
            self.state.d.next = self.c_s_ack.val();
            if self.rsp_out.ready.val() {
                self.state.d.next = self.c_s_idle.val();
            }
        }
        if (self.state.q.val() == self.c_s_rrsp.val())
            && !self.sent_head.q.val()
            && self.rsp_out.ready.val()
        {
            self.sent_head.d.next = true;
            if self.size.q.val() == self.c_zero16.val() {
                self.state.d.next = self.c_s_idle.val();
            }
        }
        if (self.state.q.val() == self.c_s_rrsp.val())
            && self.sent_head.q.val()
            && self.reader.out.valid.val()
            && self.rsp_out.ready.val()
            && self.reader.out.last.val()
        {
            self.state.d.next = self.c_s_idle.val();
        }

        // ---- memory: the reader's and the writer's ports, each to the DTU's arbiter ----
        MemMaster::<LA>::link(&mut self.mem_r, &mut self.reader.mem);
        MemMaster::<LA>::link(&mut self.mem_w, &mut self.writer.mem);

        if self.reset.val() {
            self.state.d.next = self.c_s_idle.val();
        }
    }
}

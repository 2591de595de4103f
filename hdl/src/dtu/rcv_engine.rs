//! The receive side of the DTU's data path: the request class's packets addressed to this PE.
//! - MSG (Alg. 4): the head and the three header words are taken; the core allocates a slot
//!   (`alloc`: endpoint check, size check, free slot; occupied and wpos written); the header
//!   and payload are written to the slot (or the payload dropped); then the core commits
//!   (`commit`: msgs, unread, the header-table entry, GRANT_CREDITS, DTU-A11) and the ACK goes
//!   to the sender, exactly one per message (DTU-R082), on the response class.
//! - RD_REQ: `size` bytes at the address are read and sent back in an RD_RSP (DTU-R107).
//! - WR_REQ: the data is written at the address; the WR_RSP follows the last write's
//!   response (DTU-A27).
//! - any other kind: dropped to its last flit.
//!
//! One packet at a time. The request class waits while a response cannot leave; the response
//! class never waits for a request (DTU-R083), so no cycle of waits closes through a DTU.

use super::cmd_engine::LA;
use crate::common::mem::{MemMaster, MemReader, MemWriter};
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use nicgen_wire::dtu::{header as hd, noc};
use rust_hdl::prelude::*;

// the literal bit offsets of `get_bits` in the kernel (rust-hdl takes literals only)
const _: () = assert!(
    noc::KIND.lsb == 0
        && noc::SRC_PE.lsb == 8
        && noc::EP.lsb == 24
        && noc::SIZE.lsb == 32
        && hd::LENGTH.lsb == 32
);

const S_IDLE: u64 = 0;
const S_MHDR: u64 = 1;
const S_ALLOC: u64 = 2;
const S_MDATA: u64 = 3;
const S_DROP: u64 = 4;
const S_COMMIT: u64 = 5;
const S_ACK: u64 = 6;
const S_ADDR: u64 = 7;
const S_RRSP: u64 = 8;
const S_WDATA: u64 = 9;

#[derive(LogicBlock)]
pub struct RcvEngine {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub own_pe: Signal<In, Bits<8>>,
    pub req_in: PacketSink<64, 8, 8>,
    pub rsp_out: PacketSource<64, 8, 8>,
    /// The reader's and the writer's local-memory ports.
    pub mem_r: MemMaster<LA>,
    pub mem_w: MemMaster<LA>,
    /// The message being received, for the core: endpoint, header words, slot, stored.
    pub m_ep: Signal<Out, Bits<8>>,
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
    /// Commit asked (level until `c_ack`).
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
    /// Header words taken (S_MHDR) or written (S_MDATA).
    hw: DFF<Bits<2>>,
    /// The response's head has been sent (S_RRSP).
    sent_head: DFF<Bit>,
    sink_rmeta: Unused<Bits<1>>,
    sink_rfirst: Unused<Bit>,
    sink_wbusy: Unused<Bit>,
    sink_meta: Unused<Bits<8>>,
    sink_keep: Unused<Bits<8>>,
    sink_first: Unused<Bit>,
    w_kind: Widen<4, 64>,
    w_src: Widen<8, 64>,
    w_dst: Widen<8, 64>,
    w_size: Widen<16, 64>,
    in_kind: Signal<Local, Bits<4>>,
    msg_bytes: Signal<Local, Bits<16>>,
    rsp_kind: Signal<Local, Bits<4>>,
    rsp_head_word: Signal<Local, Bits<64>>,
    hdr_word: Signal<Local, Bits<64>>,
    st_idle: Signal<Local, Bit>,
    st_mhdr: Signal<Local, Bit>,
    st_alloc: Signal<Local, Bit>,
    st_drop: Signal<Local, Bit>,
    st_addr: Signal<Local, Bit>,
    st_ack: Signal<Local, Bit>,
    hdr_out: Signal<Local, Bit>,
    data_in: Signal<Local, Bit>,
    rrsp: Signal<Local, Bit>,
    rsp_head: Signal<Local, Bit>,
    wr_fin: Signal<Local, Bit>,
    rsp_pass: Signal<Local, Bit>,
    writing: Signal<Local, Bit>,
    sink_rbusy: Unused<Bit>,
    c_s_idle: Constant<Bits<4>>,
    c_s_mhdr: Constant<Bits<4>>,
    c_s_alloc: Constant<Bits<4>>,
    c_s_mdata: Constant<Bits<4>>,
    c_s_drop: Constant<Bits<4>>,
    c_s_commit: Constant<Bits<4>>,
    c_s_ack: Constant<Bits<4>>,
    c_s_addr: Constant<Bits<4>>,
    c_s_rrsp: Constant<Bits<4>>,
    c_s_wdata: Constant<Bits<4>>,
    c_msg: Constant<Bits<4>>,
    c_ack_k: Constant<Bits<4>>,
    c_rdreq: Constant<Bits<4>>,
    c_rdrsp: Constant<Bits<4>>,
    c_wrreq: Constant<Bits<4>>,
    c_wrrsp: Constant<Bits<4>>,
    c_h: [Constant<Bits<2>>; 4],
    c_zero16: Constant<Bits<16>>,
    c_hdr_bytes: Constant<Bits<16>>,
    c_ones8: Constant<Bits<8>>,
    c_zero1: Constant<Bits<1>>,
    c_sh_src: Constant<Bits<64>>,
    c_sh_dst: Constant<Bits<64>>,
    c_sh_size: Constant<Bits<64>>,
}

impl Default for RcvEngine {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            own_pe: Default::default(),
            req_in: Default::default(),
            rsp_out: Default::default(),
            mem_r: Default::default(),
            mem_w: Default::default(),
            m_ep: Default::default(),
            m_h0: Default::default(),
            m_h1: Default::default(),
            m_h2: Default::default(),
            m_idx: Default::default(),
            m_ok: Default::default(),
            a_req: Default::default(),
            a_ack: Default::default(),
            a_ok: Default::default(),
            a_dest: Default::default(),
            a_idx: Default::default(),
            c_req: Default::default(),
            c_ack: Default::default(),
            reader: Default::default(),
            writer: Default::default(),
            state: Default::default(),
            kind: Default::default(),
            src: Default::default(),
            ep: Default::default(),
            size: Default::default(),
            h0: Default::default(),
            h1: Default::default(),
            h2: Default::default(),
            idx: Default::default(),
            ok: Default::default(),
            hw: Default::default(),
            sent_head: Default::default(),
            sink_rmeta: Default::default(),
            sink_rfirst: Default::default(),
            sink_wbusy: Default::default(),
            sink_meta: Default::default(),
            sink_keep: Default::default(),
            sink_first: Default::default(),
            w_kind: Default::default(),
            w_src: Default::default(),
            w_dst: Default::default(),
            w_size: Default::default(),
            in_kind: Default::default(),
            msg_bytes: Default::default(),
            rsp_kind: Default::default(),
            rsp_head_word: Default::default(),
            hdr_word: Default::default(),
            st_idle: Default::default(),
            st_mhdr: Default::default(),
            st_alloc: Default::default(),
            st_drop: Default::default(),
            st_addr: Default::default(),
            st_ack: Default::default(),
            hdr_out: Default::default(),
            data_in: Default::default(),
            rrsp: Default::default(),
            rsp_head: Default::default(),
            wr_fin: Default::default(),
            rsp_pass: Default::default(),
            writing: Default::default(),
            sink_rbusy: Default::default(),
            c_s_idle: k(S_IDLE),
            c_s_mhdr: k(S_MHDR),
            c_s_alloc: k(S_ALLOC),
            c_s_mdata: k(S_MDATA),
            c_s_drop: k(S_DROP),
            c_s_commit: k(S_COMMIT),
            c_s_ack: k(S_ACK),
            c_s_addr: k(S_ADDR),
            c_s_rrsp: k(S_RRSP),
            c_s_wdata: k(S_WDATA),
            c_msg: k(noc::Kind::Msg as u64),
            c_ack_k: k(noc::Kind::Ack as u64),
            c_rdreq: k(noc::Kind::RdReq as u64),
            c_rdrsp: k(noc::Kind::RdRsp as u64),
            c_wrreq: k(noc::Kind::WrReq as u64),
            c_wrrsp: k(noc::Kind::WrRsp as u64),
            c_h: std::array::from_fn(|i| k(i as u64)),
            c_zero16: k(0),
            c_hdr_bytes: k(hd::BYTES),
            c_ones8: k(0xFF),
            c_zero1: k(0),
            c_sh_src: k(noc::SRC_PE.lsb as u64),
            c_sh_dst: k(noc::DST_PE.lsb as u64),
            c_sh_size: k(noc::SIZE.lsb as u64),
        }
    }
}

impl Logic for RcvEngine {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, kind, src, ep, size, h0, h1, h2, idx, ok, hw, sent_head);
        clock!(self, clock, reader, writer);
        self.reader.reset.next = self.reset.val();
        self.writer.reset.next = self.reset.val();
        self.m_ep.next = self.ep.q.val();
        self.m_h0.next = self.h0.q.val();
        self.m_h1.next = self.h1.q.val();
        self.m_h2.next = self.h2.q.val();
        self.m_idx.next = self.idx.q.val();
        self.m_ok.next = self.ok.q.val();
        self.a_req.next = self.state.q.val() == self.c_s_alloc.val();
        self.c_req.next = self.state.q.val() == self.c_s_commit.val();
        self.sink_meta.x.next = self.req_in.meta.val();
        self.sink_keep.x.next = self.req_in.keep.val();
        self.sink_first.x.next = self.req_in.first.val();
        self.sink_rmeta.x.next = self.reader.out.meta.val();
        self.sink_rfirst.x.next = self.reader.out.first.val();
        self.sink_wbusy.x.next = self.writer.busy.val();
        self.sink_rbusy.x.next = self.reader.busy.val();
        self.in_kind.next = self.req_in.data.val().get_bits::<4>(0);
        // header + payload bytes (the core has refused a message whose sum does not fit)
        self.msg_bytes.next = self.h2.q.val().get_bits::<16>(32) + self.c_hdr_bytes.val();

        // the response's head (ACK, WR_RSP; RD_RSP with its size, then the reader's flits)
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

        // phases whose streams pass between modules (each pass-through is its own top-level
        // statement: no false combinational loop for Verilator)
        self.st_idle.next = self.state.q.val() == self.c_s_idle.val();
        self.st_mhdr.next = self.state.q.val() == self.c_s_mhdr.val();
        self.st_alloc.next = self.state.q.val() == self.c_s_alloc.val();
        self.st_drop.next = self.state.q.val() == self.c_s_drop.val();
        self.st_addr.next = self.state.q.val() == self.c_s_addr.val();
        self.st_ack.next = self.state.q.val() == self.c_s_ack.val();
        self.hdr_out.next =
            (self.state.q.val() == self.c_s_mdata.val()) && (self.hw.q.val() != self.c_h[3].val());
        self.data_in.next = ((self.state.q.val() == self.c_s_mdata.val())
            && (self.hw.q.val() == self.c_h[3].val()))
            || (self.state.q.val() == self.c_s_wdata.val());
        self.rrsp.next = self.state.q.val() == self.c_s_rrsp.val();
        // WR_RSP leaves in the cycle the last write's response arrives (else from S_ACK)
        self.wr_fin.next = (self.state.q.val() == self.c_s_wdata.val()) && self.writer.done.val();
        self.rsp_head.next =
            self.st_ack.val() || self.wr_fin.val() || (self.rrsp.val() && !self.sent_head.q.val());
        self.rsp_pass.next = self.rrsp.val() && self.sent_head.q.val();
        self.writing.next = (self.state.q.val() == self.c_s_mdata.val())
            || (self.state.q.val() == self.c_s_wdata.val());

        // request class in: taken whole in the header, drop and address phases; payload at the
        // writer's pace
        self.req_in.ready.next = self.st_idle.val()
            || self.st_mhdr.val()
            || self.st_drop.val()
            || self.st_addr.val()
            || (self.data_in.val() && self.writer.inp.ready.val());
        // the writer: the header words from registers, then the packet's flits
        self.hdr_word.next = self.h0.q.val();
        if self.hw.q.val() == self.c_h[1].val() {
            self.hdr_word.next = self.h1.q.val();
        }
        if self.hw.q.val() == self.c_h[2].val() {
            self.hdr_word.next = self.h2.q.val();
        }
        self.writer.inp.data.next = self.req_in.data.val();
        if self.hdr_out.val() {
            self.writer.inp.data.next = self.hdr_word.val();
        }
        self.writer.inp.keep.next = self.req_in.keep.val();
        self.writer.inp.meta.next = self.c_zero1.val();
        self.writer.inp.first.next = false;
        self.writer.inp.last.next = self.req_in.last.val();
        self.writer.inp.valid.next =
            self.hdr_out.val() || (self.data_in.val() && self.req_in.valid.val());
        // response class out: a head from registers, then (RD_RSP) the reader's flits
        self.rsp_out.data.next = self.rsp_head_word.val();
        if self.rsp_pass.val() {
            self.rsp_out.data.next = self.reader.out.data.val();
        }
        self.rsp_out.keep.next = self.c_ones8.val();
        if self.rsp_pass.val() {
            self.rsp_out.keep.next = self.reader.out.keep.val();
        }
        self.rsp_out.last.next = self.st_ack.val()
            || self.wr_fin.val()
            || (self.rrsp.val() && (self.size.q.val() == self.c_zero16.val()));
        if self.rsp_pass.val() {
            self.rsp_out.last.next = self.reader.out.last.val();
        }
        self.rsp_out.first.next = !self.rsp_pass.val();
        self.rsp_out.meta.next = self.src.q.val();
        self.rsp_out.valid.next =
            self.rsp_head.val() || (self.rsp_pass.val() && self.reader.out.valid.val());
        self.reader.out.ready.next = self.rsp_pass.val() && self.rsp_out.ready.val();

        // ---- transitions ----
        self.reader.start.next = false;
        self.reader.addr.next = self.req_in.data.val().get_bits::<LA>(0);
        self.reader.size.next = self.size.q.val();
        self.writer.start.next = false;
        self.writer.addr.next = self.req_in.data.val().get_bits::<LA>(0);
        self.writer.size.next = self.size.q.val();
        if self.st_idle.val() && self.req_in.valid.val() {
            self.kind.d.next = self.in_kind.val();
            self.src.d.next = self.req_in.data.val().get_bits::<8>(8);
            self.ep.d.next = self.req_in.data.val().get_bits::<8>(24);
            self.size.d.next = self.req_in.data.val().get_bits::<16>(32);
            self.hw.d.next = self.c_h[0].val();
            self.sent_head.d.next = false;
            if self.req_in.last.val() {
                // a one-flit request (none is): nothing to do
                self.state.d.next = self.c_s_idle.val();
            } else if self.in_kind.val() == self.c_msg.val() {
                self.state.d.next = self.c_s_mhdr.val();
            } else if (self.in_kind.val() == self.c_rdreq.val())
                || (self.in_kind.val() == self.c_wrreq.val())
            {
                self.state.d.next = self.c_s_addr.val();
            } else {
                self.state.d.next = self.c_s_drop.val();
            }
        }
        if self.st_mhdr.val() && self.req_in.valid.val() {
            self.hw.d.next = self.hw.q.val() + self.c_h[1].val();
            if self.hw.q.val() == self.c_h[0].val() {
                self.h0.d.next = self.req_in.data.val();
            }
            if self.hw.q.val() == self.c_h[1].val() {
                self.h1.d.next = self.req_in.data.val();
            }
            if self.hw.q.val() == self.c_h[2].val() {
                self.h2.d.next = self.req_in.data.val();
                self.hw.d.next = self.c_h[0].val();
                self.state.d.next = self.c_s_alloc.val();
                if self.req_in.last.val() {
                    // no payload flit follows
                    self.size.d.next = self.c_zero16.val();
                }
            }
        }
        if self.st_alloc.val() && self.a_ack.val() {
            self.ok.d.next = self.a_ok.val();
            self.idx.d.next = self.a_idx.val();
            self.state.d.next = self.c_s_drop.val();
            if self.a_ok.val() {
                self.writer.start.next = true;
                self.writer.addr.next = self.a_dest.val();
                self.writer.size.next = self.msg_bytes.val();
                self.state.d.next = self.c_s_mdata.val();
            } else if self.size.q.val() == self.c_zero16.val() {
                self.state.d.next = self.c_s_commit.val();
            }
        }
        if self.hdr_out.val() && self.writer.inp.ready.val() {
            self.hw.d.next = self.hw.q.val() + self.c_h[1].val();
        }
        if self.writing.val() && self.writer.done.val() {
            self.state.d.next = self.c_s_ack.val();
            if self.kind.q.val() == self.c_msg.val() {
                self.state.d.next = self.c_s_commit.val();
            }
        }
        if self.st_drop.val() && self.req_in.valid.val() && self.req_in.last.val() {
            self.state.d.next = self.c_s_idle.val();
            if self.kind.q.val() == self.c_msg.val() {
                self.state.d.next = self.c_s_commit.val();
            }
        }
        if (self.state.q.val() == self.c_s_commit.val()) && self.c_ack.val() {
            self.state.d.next = self.c_s_ack.val();
        }
        if (self.st_ack.val() || self.wr_fin.val()) && self.rsp_out.ready.val() {
            self.state.d.next = self.c_s_idle.val();
        }
        if self.st_addr.val() && self.req_in.valid.val() {
            self.h0.d.next = self.req_in.data.val();
            if self.kind.q.val() == self.c_rdreq.val() {
                self.reader.start.next = self.size.q.val() != self.c_zero16.val();
                self.state.d.next = self.c_s_rrsp.val();
            } else {
                self.writer.start.next = self.size.q.val() != self.c_zero16.val();
                self.state.d.next = self.c_s_wdata.val();
                if self.size.q.val() == self.c_zero16.val() {
                    self.state.d.next = self.c_s_ack.val();
                }
            }
        }
        if self.rrsp.val() && !self.sent_head.q.val() && self.rsp_out.ready.val() {
            self.sent_head.d.next = true;
            if self.size.q.val() == self.c_zero16.val() {
                self.state.d.next = self.c_s_idle.val();
            }
        }
        if self.rsp_pass.val()
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

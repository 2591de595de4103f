//! The command side of the DTU's data path: the packet of a command the core has checked and
//! its response. A job (`start` with its fields) is one of
//! - MSG (SEND, REPLY): head, the three header words, then `size` bytes read from local memory
//!   at `laddr`, on the request class; done at the ACK (Alg. 3 l. 17-18, Alg. 5 l. 18-19);
//! - RD_REQ (READ): head and the remote address; the RD_RSP's data is written to local memory
//!   at `laddr`; done when its last byte is written (Alg. 1 l. 8-9, DTU-A28);
//! - WR_REQ (WRITE): head, the remote address, then `size` bytes read at `laddr`; done at the
//!   WR_RSP (Alg. 2 l. 8-9, DTU-A27).
//!
//! One job at a time; `done` pulses once per job, in the cycle its response is taken (ACK,
//! WR_RSP) or its last byte's write is answered (combinational from those inputs). Responses
//! come on the response class, which this engine always drains (a response never waits for
//! anything but local memory). The payload moves through `MemReader` / `MemWriter` at a flit
//! per cycle; the reader starts with the job (its first read in that cycle). The packet's
//! flits leave from registers: the head and header words from this engine's, the payload from
//! the reader's output slice.

use crate::common::mem::{MemMaster, MemReader, MemWriter};
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::BlockDefault;
use nicgen_wire::dtu::noc;
use rust_hdl::prelude::*;

/// Local addresses (DATA.address, DTU-A16).
pub const LA: usize = 48;

// the literal bit offset of `get_bits` in the kernel
const _: () = assert!(noc::KIND.lsb == 0);

const S_IDLE: u64 = 0;
const S_SEND: u64 = 1;
const S_WAIT: u64 = 2;
const S_RDATA: u64 = 3;

#[derive(LogicBlock, BlockDefault)]
pub struct CmdEngine {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub own_pe: Signal<In, Bits<8>>,
    pub start: Signal<In, Bit>,
    pub kind: Signal<In, Bits<4>>,
    pub pe: Signal<In, Bits<8>>,
    pub ep: Signal<In, Bits<8>>,
    pub h0: Signal<In, Bits<64>>,
    pub h1: Signal<In, Bits<64>>,
    pub h2: Signal<In, Bits<64>>,
    pub laddr: Signal<In, Bits<LA>>,
    pub raddr: Signal<In, Bits<64>>,
    pub size: Signal<In, Bits<16>>,
    pub done: Signal<Out, Bit>,
    pub req_out: PacketSource<64, 8, 8>,
    pub rsp_in: PacketSink<64, 8, 8>,
    /// The reader's and the writer's local-memory ports.
    pub mem_r: MemMaster<LA>,
    pub mem_w: MemMaster<LA>,
    reader: MemReader<LA>,
    writer: MemWriter<LA>,
    state: DFF<Bits<2>>,
    kind_q: DFF<Bits<4>>,
    pe_q: DFF<Bits<8>>,
    head: DFF<Bits<64>>,
    w1: DFF<Bits<64>>,
    w2: DFF<Bits<64>>,
    w3: DFF<Bits<64>>,
    laddr_q: DFF<Bits<LA>>,
    size_q: DFF<Bits<16>>,
    /// Flits of the prefix (head and what follows it) sent, and how many there are.
    pre: DFF<Bits<3>>,
    npre: DFF<Bits<3>>,
    /// The job has a payload read from memory.
    payload: DFF<Bit>,
    /// The writer starts (the cycle after RD_RSP's head).
    wstart: DFF<Bit>,
    sink_first: Unused<Bit>,
    sink_meta: [Unused<Bits<1>>; 1],
    sink_rsp_meta: Unused<Bits<8>>,
    sink_rsp_keep: Unused<Bits<8>>,
    sink_rsp_first: Unused<Bit>,
    sink_wbusy: Unused<Bit>,
    in_pre: Signal<Local, Bit>,
    sending_pre: Signal<Local, Bit>,
    pass: Signal<Local, Bit>,
    pre_data: Signal<Local, Bits<64>>,
    pre_last: Signal<Local, Bit>,
    waiting: Signal<Local, Bit>,
    wpass: Signal<Local, Bit>,
    sink_rbusy: Unused<Bit>,
    rsp_kind: Signal<Local, Bits<4>>,
    #[init(k(S_IDLE))]
    c_s_idle: Constant<Bits<2>>,
    #[init(k(S_SEND))]
    c_s_send: Constant<Bits<2>>,
    #[init(k(S_WAIT))]
    c_s_wait: Constant<Bits<2>>,
    #[init(k(S_RDATA))]
    c_s_rdata: Constant<Bits<2>>,
    #[init(k(noc::Kind::Msg as u64))]
    c_msg: Constant<Bits<4>>,
    #[init(k(noc::Kind::RdReq as u64))]
    c_rdreq: Constant<Bits<4>>,
    #[init(k(noc::Kind::RdRsp as u64))]
    c_rdrsp: Constant<Bits<4>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_p: [Constant<Bits<3>>; 5],
    #[init(k(0))]
    c_zero16: Constant<Bits<16>>,
    #[init(k(0xFF))]
    c_ones8: Constant<Bits<8>>,
    #[init(k(0))]
    c_zero1: Constant<Bits<1>>,
    #[init(k(noc::SRC_PE.lsb as u64))]
    c_sh_src: Constant<Bits<64>>,
    #[init(k(noc::DST_PE.lsb as u64))]
    c_sh_dst: Constant<Bits<64>>,
    #[init(k(noc::EP.lsb as u64))]
    c_sh_ep: Constant<Bits<64>>,
    #[init(k(noc::SIZE.lsb as u64))]
    c_sh_size: Constant<Bits<64>>,
    w_kind: crate::common::widen::Widen<4, 64>,
    w_src: crate::common::widen::Widen<8, 64>,
    w_dst: crate::common::widen::Widen<8, 64>,
    w_ep: crate::common::widen::Widen<8, 64>,
    w_size: crate::common::widen::Widen<16, 64>,
}

impl Logic for CmdEngine {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, kind_q, pe_q, head, w1, w2, w3, laddr_q, size_q, pre, npre,
            payload, wstart
        );
        clock!(self, clock, reader, writer);
        self.reader.reset.next = self.reset.val();
        self.writer.reset.next = self.reset.val();

        // ---- a job: its head flit and the prefix after it ----
        self.w_kind.x.next = self.kind.val();
        self.w_src.x.next = self.own_pe.val();
        self.w_dst.x.next = self.pe.val();
        self.w_ep.x.next = self.ep.val();
        self.w_size.x.next = self.size.val();
        self.reader.start.next = false;
        self.reader.addr.next = self.laddr.val();
        self.reader.size.next = self.size.val();
        if self.start.val() && (self.state.q.val() == self.c_s_idle.val()) {
            self.state.d.next = self.c_s_send.val();
            self.kind_q.d.next = self.kind.val();
            self.pe_q.d.next = self.pe.val();
            self.head.d.next = self.w_kind.y.val()
                | (self.w_src.y.val() << self.c_sh_src.val())
                | (self.w_dst.y.val() << self.c_sh_dst.val())
                | (self.w_ep.y.val() << self.c_sh_ep.val())
                | (self.w_size.y.val() << self.c_sh_size.val());
            self.w1.d.next = self.raddr.val();
            self.w2.d.next = self.h1.val();
            self.w3.d.next = self.h2.val();
            self.npre.d.next = self.c_p[2].val();
            if self.kind.val() == self.c_msg.val() {
                self.w1.d.next = self.h0.val();
                self.npre.d.next = self.c_p[4].val();
            }
            self.laddr_q.d.next = self.laddr.val();
            self.size_q.d.next = self.size.val();
            self.pre.d.next = self.c_p[0].val();
            self.payload.d.next =
                (self.kind.val() != self.c_rdreq.val()) && (self.size.val() != self.c_zero16.val());
            self.reader.start.next =
                (self.kind.val() != self.c_rdreq.val()) && (self.size.val() != self.c_zero16.val());
        }

        // ---- the packet: prefix flits from registers, then the reader's flits ----
        // (each pass-through is its own top-level statement: no false combinational loop for
        // Verilator between this block and the reader's or the writer's)
        self.in_pre.next = self.pre.q.val() != self.npre.q.val();
        self.sending_pre.next = (self.state.q.val() == self.c_s_send.val()) && self.in_pre.val();
        self.pass.next = (self.state.q.val() == self.c_s_send.val()) && !self.in_pre.val();
        self.req_out.meta.next = self.pe_q.q.val();
        self.req_out.first.next = self.pre.q.val() == self.c_p[0].val();
        self.pre_data.next = self.head.q.val();
        if self.pre.q.val() == self.c_p[1].val() {
            self.pre_data.next = self.w1.q.val();
        }
        if self.pre.q.val() == self.c_p[2].val() {
            self.pre_data.next = self.w2.q.val();
        }
        if self.pre.q.val() == self.c_p[3].val() {
            self.pre_data.next = self.w3.q.val();
        }
        self.pre_last.next =
            ((self.pre.q.val() + self.c_p[1].val()) == self.npre.q.val()) && !self.payload.q.val();
        self.req_out.data.next = self.pre_data.val();
        if self.pass.val() {
            self.req_out.data.next = self.reader.out.data.val();
        }
        self.req_out.keep.next = self.c_ones8.val();
        if self.pass.val() {
            self.req_out.keep.next = self.reader.out.keep.val();
        }
        self.req_out.last.next = self.pre_last.val();
        if self.pass.val() {
            self.req_out.last.next = self.reader.out.last.val();
        }
        self.req_out.valid.next =
            self.sending_pre.val() || (self.pass.val() && self.reader.out.valid.val());
        self.reader.out.ready.next = self.pass.val() && self.req_out.ready.val();
        self.sink_first.x.next = self.reader.out.first.val();
        self.sink_meta[0].x.next = self.reader.out.meta.val();
        if self.sending_pre.val() && self.req_out.ready.val() {
            self.pre.d.next = self.pre.q.val() + self.c_p[1].val();
            if self.pre_last.val() {
                self.state.d.next = self.c_s_wait.val();
            }
        }
        if self.pass.val()
            && self.reader.out.valid.val()
            && self.req_out.ready.val()
            && self.reader.out.last.val()
        {
            self.state.d.next = self.c_s_wait.val();
        }

        // ---- the response: ACK / WR_RSP end the job; RD_RSP's data goes to memory ----
        self.sink_rsp_meta.x.next = self.rsp_in.meta.val();
        self.sink_rsp_keep.x.next = self.rsp_in.keep.val();
        self.sink_rsp_first.x.next = self.rsp_in.first.val();
        self.sink_wbusy.x.next = self.writer.busy.val();
        self.sink_rbusy.x.next = self.reader.busy.val();
        self.rsp_kind.next = self.rsp_in.data.val().get_bits::<4>(0);
        self.wstart.d.next = false;
        self.waiting.next = self.state.q.val() == self.c_s_wait.val();
        self.wpass.next = self.state.q.val() == self.c_s_rdata.val();
        // the writer starts in the cycle after RD_RSP's head, from a register (so `rsp_in.ready`
        // never follows `rsp_in.valid`); it takes the first data flit in that cycle
        self.writer.start.next = self.wstart.q.val();
        self.writer.addr.next = self.laddr_q.q.val();
        self.writer.size.next = self.size_q.q.val();
        self.writer.inp.data.next = self.rsp_in.data.val();
        self.writer.inp.keep.next = self.rsp_in.keep.val();
        self.writer.inp.meta.next = self.c_zero1.val();
        self.writer.inp.first.next = false;
        self.writer.inp.last.next = self.rsp_in.last.val();
        self.writer.inp.valid.next = self.wpass.val() && self.rsp_in.valid.val();
        // the head is always taken (a response never waits)
        // (from the state register itself: no local shared with the packet's statements)
        self.rsp_in.ready.next = (self.state.q.val() == self.c_s_wait.val())
            || ((self.state.q.val() == self.c_s_rdata.val()) && self.writer.inp.ready.val());
        // the job ends in the cycle its response (ACK, WR_RSP) is taken or its last byte is
        // written
        self.done.next = (self.waiting.val()
            && self.rsp_in.valid.val()
            && (self.kind_q.q.val() != self.c_rdreq.val()))
            || (self.wpass.val() && self.writer.done.val());
        if self.waiting.val() && self.rsp_in.valid.val() {
            if self.kind_q.q.val() != self.c_rdreq.val() {
                self.state.d.next = self.c_s_idle.val();
            } else if self.rsp_kind.val() == self.c_rdrsp.val() {
                self.state.d.next = self.c_s_rdata.val();
                self.wstart.d.next = true;
            }
        }
        if self.wpass.val() && self.writer.done.val() {
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

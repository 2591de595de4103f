//! The M3 DTU of one PE (DTU specification, 2019): `DtuCore` (MMIO registers, endpoint and
//! header tables, command and reception decisions), `CmdEngine` (a command's packet and its
//! response), `RcvEngine` (received packets), and the four local-memory movers of the two
//! engines on one port (`MemArb`; each mover's requests pass a register slice). Ports: the CU's MMIO (`bus`), the local memory (`mem`), and the NoC, one
//! packet port pair per class: requests (`req_out`, `req_in`: MSG, RD_REQ, WR_REQ) and
//! responses (`rsp_out`, `rsp_in`: ACK, RD_RSP, WR_RSP), `meta` = destination PE
//! (`nicgen_wire::dtu::noc`). The response class is always drained by its receiver, so a
//! network that keeps the classes apart cannot deadlock on two PEs sending to each other
//! (DTU-R083). Both NoC outputs pass a register slice (valid, data and ready from registers);
//! the inputs go straight to the engines, whose `ready` and the state they load depend on the
//! arriving flit (a network with registered links, such as `PacketMesh2x2`, closes no
//! combinational path through a DTU).

use super::cmd_engine::{CmdEngine, LA};
use super::dtu_core::{DtuBusSlave, DtuCore};
use super::rcv_engine::RcvEngine;
use crate::common::mem::{MemArb, MemMaster};
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::skid::PacketSlice;
use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default, Ports)]
pub struct Dtu {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: command registers 0, engines idle, then every endpoint and
    /// header word written 0 (32 cycles; MMIO accesses wait)
    pub reset: Signal<In, Bit>,
    /// This PE's id (8 bits, static): the source of its packets and spe of its messages
    pub own_pe: Signal<In, Bits<8>>,
    /// The CU's MMIO port (`dtu::dtu_core`, 64-bit data, offsets of the DTU map in
    /// `nicgen_wire::dtu`): a one-cycle `write` or `read` strobe, answered by one `ready` pulse
    /// with `rdata`, or `err` for an unaligned or unmapped offset; the next strobe no earlier than
    /// the cycle of `ready`
    #[port]
    pub bus: DtuBusSlave,
    /// Level: a command runs (COMMAND's op is not 0); falls in the cycle COMMAND reads 0
    ///
    /// A command runs (the level a CU could wait on instead of polling COMMAND).
    pub cmd_busy: Signal<Out, Bit>,
    /// Local-memory master (`common::mem`): 64-bit word requests with byte strobes (valid/ready),
    /// one response per request in order (rsp_valid, never refused)
    #[port]
    pub mem: MemMaster<LA>,
    /// NoC request class out (`common::packet`, `meta` = destination PE): MSG, RD_REQ, WR_REQ
    /// packets of `nicgen_wire::dtu::noc`
    #[port]
    pub req_out: PacketSource<64, 8, 8>,
    /// NoC request class in: packets addressed to this PE
    #[port]
    pub req_in: PacketSink<64, 8, 8>,
    /// NoC response class out (ACK, RD_RSP, WR_RSP), `meta` = destination PE
    #[port]
    pub rsp_out: PacketSource<64, 8, 8>,
    /// NoC response class in: always drained (ready whenever the DTU waits for a response)
    #[port]
    pub rsp_in: PacketSink<64, 8, 8>,
    core: DtuCore,
    cmd: CmdEngine,
    rcv: RcvEngine,
    arb: MemArb<LA, 4>,
    /// The response output through a register slice (the request output's flits come from
    /// the command engine's registers and its reader's output slice).
    rsp_out_s: PacketSlice<64, 8, 8>,
}

impl Logic for Dtu {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, core, cmd, rcv, arb, rsp_out_s);
        self.rsp_out_s.reset.next = self.reset.val();
        self.core.reset.next = self.reset.val();
        self.cmd.reset.next = self.reset.val();
        self.rcv.reset.next = self.reset.val();
        self.arb.reset.next = self.reset.val();
        self.core.own_pe.next = self.own_pe.val();
        self.cmd.own_pe.next = self.own_pe.val();
        self.rcv.own_pe.next = self.own_pe.val();
        DtuBusSlave::link(&mut self.bus, &mut self.core.bus);
        self.cmd_busy.next = self.core.cmd_busy.val();
        // the core's job to the command engine
        self.cmd.start.next = self.core.j_start.val();
        self.cmd.kind.next = self.core.j_kind.val();
        self.cmd.pe.next = self.core.j_pe.val();
        self.cmd.ep.next = self.core.j_ep.val();
        self.cmd.h0.next = self.core.j_h0.val();
        self.cmd.h1.next = self.core.j_h1.val();
        self.cmd.h2.next = self.core.j_h2.val();
        self.cmd.raddr.next = self.core.j_raddr.val();
        self.cmd.laddr.next = self.core.j_laddr.val();
        self.cmd.size.next = self.core.j_size.val();
        self.core.j_done.next = self.cmd.done.val();
        // the receive engine's message and requests to the core
        self.core.r_ep.next = self.rcv.m_ep.val();
        self.core.r_h0.next = self.rcv.m_h0.val();
        self.core.r_h1.next = self.rcv.m_h1.val();
        self.core.r_h2.next = self.rcv.m_h2.val();
        self.core.r_size.next = self.rcv.m_size.val();
        self.core.r_idx.next = self.rcv.m_idx.val();
        self.core.r_ok.next = self.rcv.m_ok.val();
        self.core.r_a_req.next = self.rcv.a_req.val();
        self.core.r_c_req.next = self.rcv.c_req.val();
        self.rcv.a_ack.next = self.core.a_ack.val();
        self.rcv.a_ok.next = self.core.a_ok.val();
        self.rcv.a_dest.next = self.core.a_dest.val();
        self.rcv.a_idx.next = self.core.a_idx.val();
        self.rcv.c_ack.next = self.core.c_ack.val();
        // NoC and memory
        PacketSource::<64, 8, 8>::link(&mut self.req_out, &mut self.cmd.req_out);
        PacketSink::<64, 8, 8>::link(&mut self.rsp_in, &mut self.cmd.rsp_in);
        PacketSink::<64, 8, 8>::link(&mut self.req_in, &mut self.rcv.req_in);
        PacketSource::<64, 8, 8>::join(&mut self.rcv.rsp_out, &mut self.rsp_out_s.inp);
        PacketSource::<64, 8, 8>::link(&mut self.rsp_out, &mut self.rsp_out_s.out);
        MemMaster::<LA>::join(&mut self.cmd.mem_r, &mut self.arb.m[0]);
        MemMaster::<LA>::join(&mut self.cmd.mem_w, &mut self.arb.m[1]);
        MemMaster::<LA>::join(&mut self.rcv.mem_r, &mut self.arb.m[2]);
        MemMaster::<LA>::join(&mut self.rcv.mem_w, &mut self.arb.m[3]);
        MemMaster::<LA>::link(&mut self.mem, &mut self.arb.s);
    }
}

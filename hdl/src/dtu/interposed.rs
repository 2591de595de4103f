//! The DTU between the CU and its local memory (DTU-R002, the specification's §1 "might
//! interpose itself"): the CU's loads and stores enter at `cu_mem` and share the one memory port
//! (`mem`) with the DTU's own transfers through a round-robin `MemArb` (requests of either side
//! in order, answers in order per side). The DTU's side passes a register slice first (two FSM
//! kernels never exchange valid/ready combinationally, docs/conventions.md); the CU's side goes
//! straight to the arbiter (its master must not make `req_valid` wait for `req_ready`, the
//! interface's rule). `DtuAxi4` puts this memory port on AXI4. Other ports as `Dtu`.

use super::cmd_engine::LA;
use super::dtu::Dtu;
use super::dtu_core::DtuBusSlave;
use crate::common::axi::Axi4Master;
use crate::common::mem::{MemArb, MemMaster, MemSlave};
use crate::common::mem_axi::MemToAxi4;
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::skid::MemReqSlice;
use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct DtuInterposed {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub own_pe: Signal<In, Bits<8>>,
    pub bus: DtuBusSlave,
    pub cmd_busy: Signal<Out, Bit>,
    /// The CU's memory port, passed through to `mem`.
    pub cu_mem: MemSlave<LA>,
    pub mem: MemMaster<LA>,
    pub req_out: PacketSource<64, 8, 8>,
    pub req_in: PacketSink<64, 8, 8>,
    pub rsp_out: PacketSource<64, 8, 8>,
    pub rsp_in: PacketSink<64, 8, 8>,
    dtu: Dtu,
    mslice: MemReqSlice<LA>,
    /// Port 0 the DTU, port 1 the CU.
    arb: MemArb<LA, 2>,
}

impl Logic for DtuInterposed {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, dtu, mslice, arb);
        self.dtu.reset.next = self.reset.val();
        self.mslice.reset.next = self.reset.val();
        self.arb.reset.next = self.reset.val();
        self.dtu.own_pe.next = self.own_pe.val();
        self.cmd_busy.next = self.dtu.cmd_busy.val();
        DtuBusSlave::link(&mut self.bus, &mut self.dtu.bus);
        PacketSource::<64, 8, 8>::link(&mut self.req_out, &mut self.dtu.req_out);
        PacketSink::<64, 8, 8>::link(&mut self.req_in, &mut self.dtu.req_in);
        PacketSource::<64, 8, 8>::link(&mut self.rsp_out, &mut self.dtu.rsp_out);
        PacketSink::<64, 8, 8>::link(&mut self.rsp_in, &mut self.dtu.rsp_in);
        MemMaster::<LA>::join(&mut self.dtu.mem, &mut self.mslice.m);
        MemMaster::<LA>::join(&mut self.mslice.s, &mut self.arb.m[0]);
        MemSlave::<LA>::link(&mut self.cu_mem, &mut self.arb.m[1]);
        MemMaster::<LA>::link(&mut self.mem, &mut self.arb.s);
    }
}

/// `DtuInterposed` with its memory port on AXI4 (`MemToAxi4`, issue 16 item 5): the PE's local
/// memory is any AXI4 subordinate. `mem_err` pulses on an AXI error response.
#[derive(LogicBlock, Default, Ports)]
pub struct DtuAxi4 {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: as `dtu`; the AXI side drops the request it holds
    pub reset: Signal<In, Bit>,
    /// This PE's id (8 bits, static)
    pub own_pe: Signal<In, Bits<8>>,
    /// The CU's MMIO port, as `dtu`
    #[port]
    pub bus: DtuBusSlave,
    /// Level: a command runs
    pub cmd_busy: Signal<Out, Bit>,
    /// The CU's local-memory port (`common::mem` slave): its loads and stores pass through the DTU
    /// to `m_axi_*`, round-robin with the DTU's own
    #[port]
    pub cu_mem: MemSlave<LA>,
    /// The local memory, AXI4 manager port (64-bit addresses and data, 1 ID bit, ID 0;
    /// `common::mem_axi`): single-beat INCR transactions of 8 bytes with the request's byte
    /// strobes, RREADY and BREADY always high, up to 8 in flight of one kind
    #[port]
    pub m_axi: Axi4Master<64, 8, 1>,
    /// One cycle per R or B answered SLVERR or DECERR
    pub mem_err: Signal<Out, Bit>,
    /// NoC request class out, as `dtu`
    #[port]
    pub req_out: PacketSource<64, 8, 8>,
    /// NoC request class in, as `dtu`
    #[port]
    pub req_in: PacketSink<64, 8, 8>,
    /// NoC response class out, as `dtu`
    #[port]
    pub rsp_out: PacketSource<64, 8, 8>,
    /// NoC response class in, as `dtu`
    #[port]
    pub rsp_in: PacketSink<64, 8, 8>,
    pe: DtuInterposed,
    /// The arbiter's requests cut by registers before the AXI adapter (two FSM kernels).
    mslice: MemReqSlice<LA>,
    to_axi: MemToAxi4<LA>,
}

impl Logic for DtuAxi4 {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, pe, mslice, to_axi);
        self.pe.reset.next = self.reset.val();
        self.mslice.reset.next = self.reset.val();
        self.to_axi.reset.next = self.reset.val();
        self.pe.own_pe.next = self.own_pe.val();
        self.cmd_busy.next = self.pe.cmd_busy.val();
        self.mem_err.next = self.to_axi.err.val();
        DtuBusSlave::link(&mut self.bus, &mut self.pe.bus);
        MemSlave::<LA>::link(&mut self.cu_mem, &mut self.pe.cu_mem);
        PacketSource::<64, 8, 8>::link(&mut self.req_out, &mut self.pe.req_out);
        PacketSink::<64, 8, 8>::link(&mut self.req_in, &mut self.pe.req_in);
        PacketSource::<64, 8, 8>::link(&mut self.rsp_out, &mut self.pe.rsp_out);
        PacketSink::<64, 8, 8>::link(&mut self.rsp_in, &mut self.pe.rsp_in);
        MemMaster::<LA>::join(&mut self.pe.mem, &mut self.mslice.m);
        MemMaster::<LA>::join(&mut self.mslice.s, &mut self.to_axi.mem);
        Axi4Master::<64, 8, 1>::link(&mut self.m_axi, &mut self.to_axi.m_axi);
    }
}

//! The DTU with its CU port as a 32-bit AXI4-Lite subordinate, for a 32-bit CPU (issue 62): the
//! project's AXI4-Lite adapter at 32 bits (`common::axi_lite::AxiLiteToRegBusD`) and the word-pair
//! bridge of the board (`common::regbus_wide::RegBus32To64`) in front of `Dtu`'s 64-bit MMIO
//! port. 64-bit register r is the word pair r (low half) and r + 4 (high half), written low half
//! first (the low half is held, the high half's write writes {high, held low} in one access)
//! and read low half first (the low half's read reads the register and latches its high half).
//! SLVERR for an unaligned address, an unmapped offset (the DTU's `err`) and a WSTRB enabling
//! some but not all bytes. Two cycles more than `dtu_axil` per access; the other ports as on
//! `Dtu`.

use super::cmd_engine::LA;
use super::dtu::Dtu;
use crate::common::axi_lite::{AxiLiteSlave, AxiLiteToRegBusD};
use crate::common::mem::MemMaster;
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::regbank::{RegBusMaster, RegBusMasterD};
use crate::common::regbus_wide::RegBus32To64;
use crate::top::Ports;
use nicgen_wire::dtu::MMIO_BITS;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default, Ports)]
pub struct DtuAxil32 {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, as `dtu`'s (the AXI4-Lite channels idle)
    pub reset: Signal<In, Bit>,
    /// This PE's id, as on `dtu`
    pub own_pe: Signal<In, Bits<8>>,
    /// AXI4-Lite subordinate port (AMBA AXI4-Lite, 32-bit data, 11 address bits: the DTU's MMIO
    /// offsets, 64-bit register r as the word pair r (low) and r + 4 (high), written and read low
    /// half first; `common::axi_lite`, `common::regbus_wide::RegBus32To64`): AW, W, B, AR, R with
    /// their VALID/READY handshakes; responses OKAY or SLVERR (an unmapped or unaligned offset, or
    /// a WSTRB enabling some but not all bytes)
    #[port]
    pub s_axil: AxiLiteSlave<MMIO_BITS, 32, 4>,
    /// A command runs, as on `dtu`
    pub cmd_busy: Signal<Out, Bit>,
    /// Local-memory master, as on `dtu`
    #[port]
    pub mem: MemMaster<LA>,
    /// NoC request class out, as on `dtu`
    #[port]
    pub req_out: PacketSource<64, 8, 8>,
    /// NoC request class in, as on `dtu`
    #[port]
    pub req_in: PacketSink<64, 8, 8>,
    /// NoC response class out, as on `dtu`
    #[port]
    pub rsp_out: PacketSource<64, 8, 8>,
    /// NoC response class in, as on `dtu`
    #[port]
    pub rsp_in: PacketSink<64, 8, 8>,
    adapter: AxiLiteToRegBusD<MMIO_BITS, 32, 4>,
    halves: RegBus32To64<MMIO_BITS, MMIO_BITS>,
    dtu: Dtu,
}

impl Logic for DtuAxil32 {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, adapter, halves, dtu);
        self.adapter.reset.next = self.reset.val();
        self.halves.reset.next = self.reset.val();
        self.dtu.reset.next = self.reset.val();
        self.dtu.own_pe.next = self.own_pe.val();
        AxiLiteSlave::<MMIO_BITS, 32, 4>::link(&mut self.s_axil, &mut self.adapter.axi);
        RegBusMaster::<MMIO_BITS>::join(&mut self.adapter.bus, &mut self.halves.s);
        RegBusMasterD::<MMIO_BITS, 64>::join(&mut self.halves.m, &mut self.dtu.bus);
        self.cmd_busy.next = self.dtu.cmd_busy.val();
        MemMaster::<LA>::link(&mut self.mem, &mut self.dtu.mem);
        PacketSource::<64, 8, 8>::link(&mut self.req_out, &mut self.dtu.req_out);
        PacketSink::<64, 8, 8>::link(&mut self.req_in, &mut self.dtu.req_in);
        PacketSource::<64, 8, 8>::link(&mut self.rsp_out, &mut self.dtu.rsp_out);
        PacketSink::<64, 8, 8>::link(&mut self.rsp_in, &mut self.dtu.rsp_in);
    }
}

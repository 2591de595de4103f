//! The DTU with its CU port as an AXI4-Lite subordinate at 64 bits (issue 16, item 1): the
//! project's AXI4-Lite adapter (`common::axi_lite::AxiLiteToRegBusD`, the rules and responses
//! of every device's AXI4-Lite port: OKAY, SLVERR for an unmapped or unaligned offset and for a
//! write whose WSTRB enables some but not all bytes) in front of `Dtu`'s MMIO port; the other
//! ports as on `Dtu`.

use super::cmd_engine::LA;
use super::dtu::Dtu;
use crate::common::axi_lite::{AxiLiteSlave, AxiLiteToRegBusD};
use crate::common::mem::MemMaster;
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::regbank::RegBusMasterD;
use crate::top::Ports;
use nicgen_wire::dtu::MMIO_BITS;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default, Ports)]
pub struct DtuAxil {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, as `dtu`'s (the AXI4-Lite channels idle)
    pub reset: Signal<In, Bit>,
    /// This PE's id, as on `dtu`
    pub own_pe: Signal<In, Bits<8>>,
    /// AXI4-Lite subordinate port (AMBA AXI4-Lite, 64-bit data, 11 address bits: the DTU's MMIO
    /// offsets; `common::axi_lite`): AW, W, B, AR, R with their VALID/READY handshakes; responses
    /// OKAY or SLVERR (an unmapped or unaligned offset, or a WSTRB enabling some but not all bytes)
    #[port]
    pub s_axil: AxiLiteSlave<MMIO_BITS, 64, 8>,
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
    adapter: AxiLiteToRegBusD<MMIO_BITS, 64, 8>,
    dtu: Dtu,
}

impl Logic for DtuAxil {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, adapter, dtu);
        self.adapter.reset.next = self.reset.val();
        self.dtu.reset.next = self.reset.val();
        self.dtu.own_pe.next = self.own_pe.val();
        AxiLiteSlave::<MMIO_BITS, 64, 8>::link(&mut self.s_axil, &mut self.adapter.axi);
        RegBusMasterD::<MMIO_BITS, 64>::join(&mut self.adapter.bus, &mut self.dtu.bus);
        self.cmd_busy.next = self.dtu.cmd_busy.val();
        MemMaster::<LA>::link(&mut self.mem, &mut self.dtu.mem);
        PacketSource::<64, 8, 8>::link(&mut self.req_out, &mut self.dtu.req_out);
        PacketSink::<64, 8, 8>::link(&mut self.req_in, &mut self.dtu.req_in);
        PacketSource::<64, 8, 8>::link(&mut self.rsp_out, &mut self.dtu.rsp_out);
        PacketSink::<64, 8, 8>::link(&mut self.rsp_in, &mut self.dtu.rsp_in);
    }
}

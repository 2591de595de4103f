//! The whole PPE with its host window as an AXI4-Lite subordinate (issue 14, item 1): the
//! project's AXI4-Lite adapter (`common::axi_lite::AxiLiteToRegBusD`: OKAY, SLVERR for a write
//! whose WSTRB enables some but not all bytes; the window ignores an address's byte bits,
//! PPE-R007) in front of `PpeNode`'s 1 KB window (A.2.3: every register and the XMT_RAM / RCV_RAM windows); the
//! interrupt line, the fabric ports and the host-memory master as on `PpeNode`.

use super::node::{PpeNode, WIN_BITS};
use crate::common::axi_lite::{AxiLiteSlave, AxiLiteToRegBusD};
use crate::common::dma::DmaMaster;
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::regbank::RegBusMasterD;
use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default, Ports)]
pub struct PpeAxil {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, as `ppe_node`'s (the AXI4-Lite channels idle)
    pub reset: Signal<In, Bit>,
    /// AXI4-Lite subordinate port (AMBA AXI4-Lite, 32-bit data, 10 address bits: the host window of
    /// `nicgen_wire::ppe::host`; `common::axi_lite`): AW, W, B, AR, R with their VALID/READY
    /// handshakes; responses OKAY or SLVERR (a WSTRB enabling some but not all bytes; an address's
    /// byte bits are ignored, as on `ppe_node`'s bus)
    #[port]
    pub s_axil: AxiLiteSlave<WIN_BITS, 32, 4>,
    /// The interrupt level, as on `ppe_node`
    pub irq: Signal<Out, Bit>,
    /// A notification write answered with an error, as on `ppe_node`
    pub note_err: Signal<Out, Bit>,
    /// Packets into the fabric, as on `ppe_node`
    #[port]
    pub tx: PacketSource<32, 4, 1>,
    /// Packets from the fabric, as on `ppe_node`
    #[port]
    pub rx: PacketSink<32, 4, 1>,
    /// Host memory, as on `ppe_node`
    #[port]
    pub dma: DmaMaster<32, 2>,
    adapter: AxiLiteToRegBusD<WIN_BITS, 32, 4>,
    node: PpeNode,
}

impl Logic for PpeAxil {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, adapter, node);
        self.adapter.reset.next = self.reset.val();
        self.node.reset.next = self.reset.val();
        AxiLiteSlave::<WIN_BITS, 32, 4>::link(&mut self.s_axil, &mut self.adapter.axi);
        RegBusMasterD::<WIN_BITS, 32>::join(&mut self.adapter.bus, &mut self.node.bus);
        self.irq.next = self.node.irq.val();
        self.note_err.next = self.node.note_err.val();
        PacketSource::<32, 4, 1>::link(&mut self.tx, &mut self.node.tx);
        PacketSink::<32, 4, 1>::link(&mut self.rx, &mut self.node.rx);
        DmaMaster::<32, 2>::link(&mut self.dma, &mut self.node.dma);
    }
}

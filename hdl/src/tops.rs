//! The registry of top-level designs: what `make verilog` emits, lints and synthesizes, and
//! what the differential native-vs-Verilator test runs. One entry per top.

use crate::common::{
    arbiter::RoundRobin,
    async_fifo::AsyncFifo,
    axi::DmaToAxi4,
    axi_lite::{AxiLiteSlave, AxiLiteToRegBus},
    crc::Crc,
    regbank::RegBusMaster,
    reset::ResetSync,
    sync_fifo::SyncFifo,
    unused::Unused,
};
use crate::dyn_top;
use crate::ftnw::link::TnwLink;
use crate::top::{DynTop, TopEntry};
use nicgen_wire::crc::{CRC16_CCITT, CRC32_IEEE};
use rust_hdl::prelude::*;

pub type Crc32 = Crc<32, 32>;
pub type Crc16 = Crc<16, 32>;
pub type SyncFifo512x32 = SyncFifo<Bits<32>, 9, 10>;
pub type AsyncFifo512x36 = AsyncFifo<Bits<36>, 9, 10>;
pub type RoundRobin8 = RoundRobin<8>;
pub type ResetSync3 = ResetSync<3>;

dyn_top!(Crc32Top, Crc32, clocks: [clock], inputs: [reset, start, valid, data], outputs: [crc, crc_next]);
dyn_top!(Crc16Top, Crc16, clocks: [clock], inputs: [reset, start, valid, data], outputs: [crc, crc_next]);
dyn_top!(SyncFifoTop, SyncFifo512x32, clocks: [clock],
    inputs: [reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, source.data, source.valid, occupancy, almost_full, almost_empty]);
dyn_top!(AsyncFifoTop, AsyncFifo512x36, clocks: [wr_clock, rd_clock],
    inputs: [wr_reset, rd_reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, wr_occupancy, almost_full, source.data, source.valid, rd_occupancy, almost_empty]);
dyn_top!(RoundRobinTop, RoundRobin8, clocks: [clock], inputs: [reset, req, ack], outputs: [grant, valid]);
dyn_top!(ResetSyncTop, ResetSync3, clocks: [clock], inputs: [arst], outputs: [rst]);
dyn_top!(RegBankDemoTop, RegBankDemo, clocks: [clock],
    inputs: [reset, bus.addr, bus.wdata, bus.write, bus.read, status_value, exc_err_set],
    outputs: [bus.rdata, bus.ready, bus.err, ctrl_enable, ctrl_mode, ctrl_start, ctrl_limit, ctrl_wrote,
        exc_mask, exc_pending, doorbell_value, doorbell_wrote]);

dyn_top!(AxiLiteRegsDemoTop, AxiLiteRegsDemo, clocks: [clock],
    inputs: [reset, s_axil.awaddr, s_axil.awprot, s_axil.awvalid, s_axil.wdata, s_axil.wstrb, s_axil.wvalid,
        s_axil.bready, s_axil.araddr, s_axil.arprot, s_axil.arvalid, s_axil.rready, status_value, exc_err_set],
    outputs: [s_axil.awready, s_axil.wready, s_axil.bresp, s_axil.bvalid, s_axil.arready, s_axil.rdata,
        s_axil.rresp, s_axil.rvalid, ctrl_start, doorbell_value, doorbell_wrote]);

/// The DMA interface on an AXI4 manager port (16 tags, 64-bit data): both sides are ports.
pub type DmaAxi4 = DmaToAxi4<4, 16>;

dyn_top!(DmaAxi4Top, DmaAxi4, clocks: [clock],
    inputs: [reset, dma.rd_req_addr, dma.rd_req_beats, dma.rd_req_tag, dma.rd_req_valid, dma.rd_rsp_ready,
        dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid, dma.wr_dat_data, dma.wr_dat_last, dma.wr_dat_valid,
        dma.wr_rsp_ready, axi.awready, axi.wready, axi.bid, axi.bresp, axi.bvalid, axi.arready, axi.rid,
        axi.rdata, axi.rresp, axi.rlast, axi.rvalid],
    outputs: [dma.rd_req_ready, dma.rd_rsp_data, dma.rd_rsp_tag, dma.rd_rsp_last, dma.rd_rsp_err,
        dma.rd_rsp_valid, dma.wr_req_ready, dma.wr_dat_ready, dma.wr_rsp_err, dma.wr_rsp_valid, axi.awid,
        axi.awaddr, axi.awlen, axi.awsize, axi.awburst, axi.awvalid, axi.wdata, axi.wstrb, axi.wlast,
        axi.wvalid, axi.bready, axi.arid, axi.araddr, axi.arlen, axi.arsize, axi.arburst, axi.arvalid,
        axi.rready]);

dyn_top!(TnwLinkTop, TnwLink, clocks: [clock, phy_clock],
    inputs: [reset, phy_rxd, phy_rxc, tx.data, tx.keep, tx.meta, tx.first, tx.last, tx.valid, rx.ready,
        bus.addr, bus.wdata, bus.write, bus.read,
        phy_rx_fault_p, phy_rx_fault_r, phy_intb, phy_tx_fault, phy_rxh, mdio_i],
    outputs: [phy_txd, phy_txc, tx.ready, rx.data, rx.keep, rx.meta, rx.first, rx.last, rx.valid,
        bus.rdata, bus.ready, bus.err,
        irq_rx, irq_tx, phy_reset, mdc, mdio_o, mdio_oe, rsnd_occupancy]);

/// The demo register file behind the AXI4-Lite slave adapter: the shape every device's
/// registers take in an AXI system.
#[derive(LogicBlock, Default)]
pub struct AxiLiteRegsDemo {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub s_axil: AxiLiteSlave<6, 32, 4>,
    pub status_value: Signal<In, Bits<32>>,
    pub exc_err_set: Signal<In, Bits<8>>,
    pub ctrl_start: Signal<Out, Bit>,
    pub doorbell_value: Signal<Out, Bits<32>>,
    pub doorbell_wrote: Signal<Out, Bit>,
    adapter: AxiLiteToRegBus<6>,
    regs: RegBankDemo,
    sink_bits: [Unused<Bit>; 2],
    sink_ctrl: Unused<Bits<4>>,
    sink_limit: Unused<Bits<16>>,
    sink_mask: Unused<Bits<8>>,
    sink_pending: Unused<Bits<32>>,
}

impl Logic for AxiLiteRegsDemo {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, adapter, regs);
        self.adapter.reset.next = self.reset.val();
        self.regs.reset.next = self.reset.val();
        AxiLiteSlave::<6, 32, 4>::link(&mut self.s_axil, &mut self.adapter.axi);
        RegBusMaster::<6>::join(&mut self.adapter.bus, &mut self.regs.bus);
        self.regs.status_value.next = self.status_value.val();
        self.regs.exc_err_set.next = self.exc_err_set.val();
        self.ctrl_start.next = self.regs.ctrl_start.val();
        self.doorbell_value.next = self.regs.doorbell_value.val();
        self.doorbell_wrote.next = self.regs.doorbell_wrote.val();
        self.sink_bits[0].x.next = self.regs.ctrl_enable.val();
        self.sink_bits[1].x.next = self.regs.ctrl_wrote.val();
        self.sink_ctrl.x.next = self.regs.ctrl_mode.val();
        self.sink_limit.x.next = self.regs.ctrl_limit.val();
        self.sink_mask.x.next = self.regs.exc_mask.val();
        self.sink_pending.x.next = self.regs.exc_pending.val();
    }
}

/// The register file generated for the demo map (`nicgen_wire::demo`): the shared register
/// bank with one named port per field, one register of each access kind.
pub type RegBankDemo = crate::common::regfile::RegBankDemoRegs;

pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "crc32",
            doc: "CRC-32/IEEE 802.3, 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(Crc32Top::new("crc32", Crc32::new(&CRC32_IEEE))) as Box<dyn DynTop>,
        },
        TopEntry {
            name: "crc16",
            doc: "CRC-16/CCITT (IBM-3740), 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(Crc16Top::new("crc16", Crc16::new(&CRC16_CCITT))),
        },
        TopEntry {
            name: "sync_fifo",
            doc: "synchronous FWFT FIFO, 512 x 32 in block RAM (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(SyncFifoTop::new("sync_fifo", SyncFifo512x32::new(448, 64))),
        },
        TopEntry {
            name: "async_fifo",
            doc: "dual-clock FWFT FIFO, 512 x 36 in block RAM (common)",
            clocks_mhz: &[("wr_clock", 250.0), ("rd_clock", 250.0)],
            build: || {
                Box::new(AsyncFifoTop::new(
                    "async_fifo",
                    AsyncFifo512x36::new(448, 64),
                ))
            },
        },
        TopEntry {
            name: "rr_arbiter",
            doc: "round-robin arbiter, 8 requesters (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(RoundRobinTop::new("rr_arbiter", RoundRobin8::default())),
        },
        TopEntry {
            name: "reset_sync",
            doc: "reset synchronizer, 3 stages (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(ResetSyncTop::new("reset_sync", ResetSync3::default())),
        },
        TopEntry {
            name: "reg_bank_demo",
            doc: "register bank on the demo map, one register per access kind (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(RegBankDemoTop::new("reg_bank_demo", RegBankDemo::default())),
        },
        TopEntry {
            name: "axil_regs_demo",
            doc: "the demo register file behind the AXI4-Lite slave adapter (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || {
                Box::new(AxiLiteRegsDemoTop::new(
                    "axil_regs_demo",
                    AxiLiteRegsDemo::default(),
                ))
            },
        },
        TopEntry {
            name: "dma_axi4",
            doc: "the DMA interface on an AXI4 manager port, 16 tags, 64-bit data (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(DmaAxi4Top::new("dma_axi4", DmaAxi4::default())),
        },
        TopEntry {
            name: "tnw_link",
            doc:
                "FTNW torus link: TXLINK, RXSYNC, RXLINK, MDIO, test-bench module, registers (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("phy_clock", 250.0)],
            build: || Box::new(TnwLinkTop::new("tnw_link", TnwLink::default())),
        },
    ]
}

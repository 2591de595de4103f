//! The tops of the common blocks: each block on its own (CRCs, FIFOs, the arbiter, reset, the
//! register bank and its AXI4-Lite demo, the DMA and memory AXI4 adapters).

use crate::common::{
    arbiter::RoundRobin,
    async_fifo::AsyncFifo,
    axi::DmaToAxi4,
    axi_lite::{AxiLiteSlave, AxiLiteToRegBus},
    crc::Crc,
    mem_axi::MemToAxi4,
    regbank::RegBusMaster,
    reset::ResetSync,
    sync_fifo::SyncFifo,
    unused::Unused,
};
use crate::top::Ports;
use crate::top::{AutoTop, DynTop, TopEntry};
use nicgen_wire::crc::{CRC16_CCITT, CRC32_IEEE};
use rust_hdl::prelude::*;

pub type Crc32 = Crc<32, 32>;
pub type Crc16 = Crc<16, 32>;
pub type SyncFifo512x32 = SyncFifo<Bits<32>, 9, 10>;
/// The same FIFO at 4 x 8: the configuration `make formal` proves (formal/sync_fifo_formal.sv).
pub type SyncFifo4x8 = SyncFifo<Bits<8>, 2, 3>;
pub type AsyncFifo512x36 = AsyncFifo<Bits<36>, 9, 10>;
pub type RoundRobin8 = RoundRobin<8>;
pub type ResetSync3 = ResetSync<3>;

/// The DMA interface on an AXI4 manager port (16 tags, 64-bit data): both sides are ports.
pub type DmaAxi4 = DmaToAxi4<4, 16>;

/// The local-memory interface on an AXI4 manager port (32-bit word addresses).
pub type MemAxi4 = MemToAxi4<32>;

/// The demo register file behind the AXI4-Lite slave adapter: the shape every device's
/// registers take in an AXI system.
#[derive(LogicBlock, Default, Ports)]
pub struct AxiLiteRegsDemo {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: the adapter drops what it holds, the registers return to
    /// their reset values
    pub reset: Signal<In, Bit>,
    /// AXI4-Lite subordinate port (AMBA AXI4-Lite, 32-bit data; `common::axi_lite`): AW, W, B, AR,
    /// R channels with their VALID/READY handshakes; responses OKAY or SLVERR (bus error, or a
    /// partial WSTRB)
    #[port]
    pub s_axil: AxiLiteSlave<6, 32, 4>,
    /// STATUS.VALUE (RO): the value a read of STATUS returns
    pub status_value: Signal<In, Bits<32>>,
    /// EXC.ERR (W1C): a 1 sets the bit (set wins over a clear written in the same cycle)
    pub exc_err_set: Signal<In, Bits<8>>,
    /// CTRL.START (SC): one-cycle pulse when written with 1
    pub ctrl_start: Signal<Out, Bit>,
    /// DOORBELL.VALUE (WO): the value written, for the cycle of `doorbell_wrote`
    pub doorbell_value: Signal<Out, Bits<32>>,
    /// A write reached DOORBELL (one cycle, with `doorbell_value`)
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

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "crc32",
            doc: "CRC-32/IEEE 802.3, 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("crc32", Crc32::new(&CRC32_IEEE))) as Box<dyn DynTop>,
        },
        TopEntry {
            name: "crc16",
            doc: "CRC-16/CCITT (IBM-3740), 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("crc16", Crc16::new(&CRC16_CCITT))),
        },
        TopEntry {
            name: "sync_fifo",
            doc: "synchronous FWFT stream FIFO, 512 x 32, block RAM (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("sync_fifo", SyncFifo512x32::new(448, 64))),
        },
        TopEntry {
            name: "sync_fifo_small",
            doc: "the same FIFO at 4 x 8, the configuration `make formal` proves (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("sync_fifo_small", SyncFifo4x8::new(3, 1))),
        },
        TopEntry {
            name: "async_fifo",
            doc: "dual-clock FWFT stream FIFO, 512 x 36, block RAM, Gray pointers (common)",
            clocks_mhz: &[("wr_clock", 250.0), ("rd_clock", 250.0)],
            build: || {
                Box::new(AutoTop::new(
                    "async_fifo",
                    AsyncFifo512x36::new(448, 64),
                ))
            },
        },
        TopEntry {
            name: "rr_arbiter",
            doc: "round-robin arbiter, 8 requesters (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("rr_arbiter", RoundRobin8::default())),
        },
        TopEntry {
            name: "reset_sync",
            doc: "reset synchronizer (async assert, sync release), 3 stages (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("reset_sync", ResetSync3::default())),
        },
        TopEntry {
            name: "reg_bank_demo",
            doc: "the register file generated for a demo map (one register of each access kind: RW, RO, W1C, WO, SC), one named port per field (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("reg_bank_demo", RegBankDemo::default())),
        },
        TopEntry {
            name: "axil_regs_demo",
            doc: "the demo register file behind the AXI4-Lite slave adapter (`s_axil_*`): the shape of every device's registers in an AXI system (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || {
                Box::new(AutoTop::new(
                    "axil_regs_demo",
                    AxiLiteRegsDemo::default(),
                ))
            },
        },
        TopEntry {
            name: "dma_axi4",
            doc: "the DMA interface (`dma_*`: tagged reads, writes, errors) on an AXI4 manager port (`m_axi_*`), 16 tags, 64-bit data (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dma_axi4", DmaAxi4::default())),
        },
        TopEntry {
            name: "mem_axi4",
            doc: "the local-memory interface (`mem_*`: 64-bit words with byte strobes, answers in order) on an AXI4 manager port (`m_axi_*`): single-beat transactions, up to 8 in flight of one kind, a read never passing a write (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("mem_axi4", MemAxi4::default())),
        },
    ]
}

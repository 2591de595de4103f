//! The ULX3S 85F board top of the Utah PPE (`ulx3s_ppe`, issue 14 item 8): two PPEs
//! (`nicgen_hdl::ppe::node::PpeNode`) cabled to each other (PPE 0's injection port is PPE 1's
//! ejection port and back: a fabric of two nodes), each with 4 KiB of host memory in block RAM
//! that its DMA port reads and writes (`DmaToMem` on a `MemBram`); the PC is both hosts, through
//! the UART register bridge. Same oscillator, PLL (its own clock:
//! `BoardConfig::ulx3s_ppe`), reset, UART pins, buttons and LEDs
//! as `ulx3s_dtu` (`constraints/ulx3s_ppe.lpf`).
//!
//! Bridge address map (`nicgen_wire::board::bridge::PPE_BOARD_WINDOWS`): PPE k's host window at
//! `k << 12` (its 1 KB repeated four times), PPE k's host memory at `(2 + k) << 12` (host
//! address b is byte b of the window; the PC's accesses and the PPE's DMA share the memory
//! through a `MemArb`), the board registers at 0xF000.
//!
//! LEDs: [0] PLL locked, [1] out of reset, [2] UART receiving, [3] UART sending, [4] last
//! bridge response an error, [5]/[6] PPE 0/1's interrupt, [7] heartbeat.

use super::pll::Ecp5Pll;
use super::BoardConfig;
use crate::board_status::BoardStatus;
use crate::bridge::UartBridge;
use nicgen_hdl::common::dma::DmaMaster;
use nicgen_hdl::common::dma_mem::DmaToMem;
use nicgen_hdl::common::mem::{MemArb, MemMaster};
use nicgen_hdl::common::mem_bram::MemBram;
use nicgen_hdl::common::packet::PacketSource;
use nicgen_hdl::common::regbank::RegBusMaster;
use nicgen_hdl::common::regbus_split::RegBusSplit;
use nicgen_hdl::common::regbus_wide::RegBusToMem;
use nicgen_hdl::common::reset::ResetSync;
use nicgen_hdl::common::unused::Unused;
use nicgen_hdl::ppe::node::PpeNode;
use nicgen_hdl::Ports;
use nicgen_wire::board::bridge as wb;
use rust_hdl::prelude::*;

/// Address bits of the memories' interface.
const LA: usize = 16;
/// Words of host memory per PPE: 2^9 x 8 bytes = 4 KiB.
const MEM_WORDS_LOG2: usize = 9;
const WB: usize = wb::WINDOW_BITS as usize;

#[derive(LogicBlock, Ports)]
pub struct Ulx3sPpe {
    /// The board's 25 MHz oscillator (pin G2); the PLL makes the board clock of everything else
    /// from it
    pub clk_25mhz: Signal<In, Clock>,
    /// Buttons, active low on btn[0] (PWRn: holding it resets the board); the others are not used
    pub btn: Signal<In, Bits<7>>,
    /// LEDs: [0] PLL locked, [1] out of reset, [2]/[3] UART receiving/sending, [4] last bridge
    /// response an error, [5]/[6] PPE 0/1's interrupt, [7] heartbeat
    pub led: Signal<Out, Bits<8>>,
    /// FT231X TXD: UART from the PC into the register bridge, 8N1 at 3 Mbaud (docs/registers.md
    /// frame format)
    pub ftdi_txd: Signal<In, Bit>,
    /// FT231X RXD: the bridge's responses to the PC, 8N1
    pub ftdi_rxd: Signal<Out, Bit>,
    /// Held high so that the ESP32 does not take the board over
    pub wifi_gpio0: Signal<Out, Bit>,
    pll: Ecp5Pll,
    sync_rst: ResetSync<3>,
    bridge: UartBridge,
    /// The bridge's bus to ppe0, ppe1, mem0, mem1 and the board registers (`PPE_BOARD_WINDOWS`).
    split: RegBusSplit<5, 16, WB>,
    ppe0: PpeNode,
    ppe1: PpeNode,
    host0: RegBusToMem<WB, LA>,
    host1: RegBusToMem<WB, LA>,
    dma0: DmaToMem<LA, 2, MEM_WORDS_LOG2>,
    dma1: DmaToMem<LA, 2, MEM_WORDS_LOG2>,
    arb0: MemArb<LA, 2>,
    arb1: MemArb<LA, 2>,
    ram0: MemBram<LA, MEM_WORDS_LOG2>,
    ram1: MemBram<LA, MEM_WORDS_LOG2>,
    status: BoardStatus,
    /// The PLL's output (its name is the clock net's in Yosys and nextpnr reports).
    pe_clock: Signal<Local, Clock>,
    sink_flip: Unused<Bits<16>>,
    sink_btn: Unused<Bits<6>>,
    sink_err0: Unused<Bit>,
    sink_err1: Unused<Bit>,
    sink_addr0: Unused<Bits<2>>,
    sink_addr1: Unused<Bits<2>>,
}

impl Ulx3sPpe {
    pub fn new(cfg: BoardConfig) -> Self {
        Self {
            clk_25mhz: Default::default(),
            btn: Default::default(),
            led: Default::default(),
            ftdi_txd: Default::default(),
            ftdi_rxd: Default::default(),
            wifi_gpio0: Default::default(),
            pll: Ecp5Pll::new(cfg.osc_hz, cfg.pll),
            sync_rst: Default::default(),
            bridge: UartBridge::new(
                cfg.baud_div(),
                cfg.truncate_cycles(),
                wb::mask_of(&wb::PPE_BOARD_WINDOWS),
            ),
            split: RegBusSplit::new(wb::PPE_BOARD_WINDOWS.map(|w| w.0)),
            ppe0: Default::default(),
            ppe1: Default::default(),
            host0: Default::default(),
            host1: Default::default(),
            dma0: Default::default(),
            dma1: Default::default(),
            arb0: Default::default(),
            arb1: Default::default(),
            ram0: Default::default(),
            ram1: Default::default(),
            status: BoardStatus::new(cfg.clock_hz(), cfg.baud_div()),
            pe_clock: Default::default(),
            sink_flip: Default::default(),
            sink_btn: Default::default(),
            sink_err0: Default::default(),
            sink_err1: Default::default(),
            sink_addr0: Default::default(),
            sink_addr1: Default::default(),
        }
    }
}

impl Default for Ulx3sPpe {
    fn default() -> Self {
        Self::new(BoardConfig::ulx3s_ppe())
    }
}

impl Logic for Ulx3sPpe {
    #[hdl_gen]
    fn update(&mut self) {
        // clocks and resets
        self.pll.clki.next = self.clk_25mhz.val();
        self.pe_clock.next = self.pll.clkop.val();
        self.sync_rst.clock.next = self.pll.clkop.val();
        self.sync_rst.arst.next = !self.btn.val().get_bit(0) || !self.pll.locked.val();
        clock!(
            self, pe_clock, bridge, split, ppe0, ppe1, host0, host1, dma0, dma1, arb0, arb1, ram0,
            ram1, status
        );
        self.bridge.reset.next = self.sync_rst.rst.val();
        self.split.reset.next = self.sync_rst.rst.val();
        self.ppe0.reset.next = self.sync_rst.rst.val();
        self.ppe1.reset.next = self.sync_rst.rst.val();
        self.host0.reset.next = self.sync_rst.rst.val();
        self.host1.reset.next = self.sync_rst.rst.val();
        self.dma0.reset.next = self.sync_rst.rst.val();
        self.dma1.reset.next = self.sync_rst.rst.val();
        self.arb0.reset.next = self.sync_rst.rst.val();
        self.arb1.reset.next = self.sync_rst.rst.val();
        self.ram0.reset.next = self.sync_rst.rst.val();
        self.ram1.reset.next = self.sync_rst.rst.val();
        self.status.reset.next = self.sync_rst.rst.val();

        // UART and the board map
        self.bridge.rxd.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.bridge.txd.val();
        self.wifi_gpio0.next = true;
        RegBusMaster::<16>::join(&mut self.bridge.bus, &mut self.split.bus);
        // the PPEs' 1 KB windows: the window's offset bits 9:0 (bits 11:10 ignored)
        self.ppe0.bus.addr.next = self.split.port[0].addr.val().get_bits::<10>(0);
        self.ppe0.bus.wdata.next = self.split.port[0].wdata.val();
        self.ppe0.bus.write.next = self.split.port[0].write.val();
        self.ppe0.bus.read.next = self.split.port[0].read.val();
        self.split.port[0].rdata.next = self.ppe0.bus.rdata.val();
        self.split.port[0].ready.next = self.ppe0.bus.ready.val();
        self.split.port[0].err.next = self.ppe0.bus.err.val();
        self.sink_addr0.x.next = self.split.port[0].addr.val().get_bits::<2>(10);
        self.ppe1.bus.addr.next = self.split.port[1].addr.val().get_bits::<10>(0);
        self.ppe1.bus.wdata.next = self.split.port[1].wdata.val();
        self.ppe1.bus.write.next = self.split.port[1].write.val();
        self.ppe1.bus.read.next = self.split.port[1].read.val();
        self.split.port[1].rdata.next = self.ppe1.bus.rdata.val();
        self.split.port[1].ready.next = self.ppe1.bus.ready.val();
        self.split.port[1].err.next = self.ppe1.bus.err.val();
        self.sink_addr1.x.next = self.split.port[1].addr.val().get_bits::<2>(10);
        RegBusMaster::<WB>::join(&mut self.split.port[2], &mut self.host0.s);
        RegBusMaster::<WB>::join(&mut self.split.port[3], &mut self.host1.s);
        RegBusMaster::<WB>::join(&mut self.split.port[4], &mut self.status.bus);

        // host memories: the PC (bridge) and the PPE's DMA on one block RAM each
        MemMaster::<LA>::join(&mut self.host0.m, &mut self.arb0.m[0]);
        MemMaster::<LA>::join(&mut self.dma0.m, &mut self.arb0.m[1]);
        MemMaster::<LA>::join(&mut self.arb0.s, &mut self.ram0.mem);
        DmaMaster::<32, 2>::join(&mut self.ppe0.dma, &mut self.dma0.dma);
        MemMaster::<LA>::join(&mut self.host1.m, &mut self.arb1.m[0]);
        MemMaster::<LA>::join(&mut self.dma1.m, &mut self.arb1.m[1]);
        MemMaster::<LA>::join(&mut self.arb1.s, &mut self.ram1.mem);
        DmaMaster::<32, 2>::join(&mut self.ppe1.dma, &mut self.dma1.dma);

        // the fabric: a cable each way
        PacketSource::<32, 4, 1>::join(&mut self.ppe0.tx, &mut self.ppe1.rx);
        PacketSource::<32, 4, 1>::join(&mut self.ppe1.tx, &mut self.ppe0.rx);

        // board registers and LEDs
        self.status.pll_locked.next = self.pll.locked.val();
        self.status.bridge_error.next = self.bridge.error.val();
        self.status.bridge_ferr.next = self.bridge.ferr.val();
        self.status.bridge_rx_busy.next = self.bridge.rx_busy.val();
        self.status.bridge_tx_busy.next = self.bridge.tx_busy.val();
        self.status.bus_ready.next = self.bridge.bus.ready.val();
        self.status.bus_err.next = self.bridge.bus.err.val();
        self.status.dev_led5.next = self.ppe0.irq.val();
        self.status.dev_led6.next = self.ppe1.irq.val();
        self.led.next = self.status.led.val();
        // a notification write answered with an error (already an error notification, list 0)
        self.sink_err0.x.next = self.ppe0.note_err.val();
        self.sink_err1.x.next = self.ppe1.note_err.val();
        self.sink_flip.x.next = self.status.cable_flip_period.val();
        self.sink_btn.x.next = self.btn.val().get_bits::<6>(1);
    }
}

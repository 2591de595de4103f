//! The ULX3S 85F board top of the M3 DTU (`ulx3s_dtu`, issue 16 item 8): two PEs, each a DTU
//! (`nicgen_hdl::dtu::dtu::Dtu`) with 4 KiB of local memory in block RAM (`MemBram`), on an
//! on-chip NoC (one `PacketXbar` per class); the PC is the PEs' cores, through the UART
//! register bridge. Same oscillator, PLL, reset, UART pins, buttons and LEDs as `ulx3s`
//! (`constraints/ulx3s_dtu.lpf`); the PLL makes the board clock
//! (`BoardConfig::ulx3s_dtu`).
//!
//! Bridge address map (`nicgen_wire::board::bridge::DTU_BOARD_WINDOWS`): PE k's DTU MMIO at
//! `k << 12` (64-bit registers as word pairs, low word first: `RegBus32To64`), PE k's local
//! memory at `(2 + k) << 12` (`RegBusToMem`: the bridge is the CU, its loads and stores pass
//! through the interposed DTU, `DtuInterposed`, DTU-R002), the board registers at 0xF000.
//!
//! LEDs: [0] PLL locked, [1] out of reset, [2] UART receiving, [3] UART sending, [4] last
//! bridge response an error, [5]/[6] PE 0/1 runs a command, [7] heartbeat.

use super::pll::Ecp5Pll;
use super::BoardConfig;
use crate::board_status::BoardStatus;
use crate::bridge::UartBridge;
use nicgen_hdl::common::mem::MemMaster;
use nicgen_hdl::common::mem_bram::MemBram;
use nicgen_hdl::common::packet::PacketSource;
use nicgen_hdl::common::packet_xbar::PacketXbar;
use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::regbank::{RegBusMaster, RegBusMasterD};
use nicgen_hdl::common::regbus_split::RegBusSplit;
use nicgen_hdl::common::regbus_wide::{RegBus32To64, RegBusToMem};
use nicgen_hdl::common::reset::ResetSync;
use nicgen_hdl::common::unused::Unused;
use nicgen_hdl::dtu::cmd_engine::LA;
use nicgen_hdl::dtu::interposed::DtuInterposed;
use nicgen_hdl::Ports;
use nicgen_wire::board::bridge as wb;
use nicgen_wire::dtu as w;
use rust_hdl::prelude::*;

/// MMIO address bits of a DTU.
const AB: usize = w::MMIO_BITS;
/// Words of local memory per PE: 2^9 x 8 bytes = 4 KiB.
const MEM_WORDS_LOG2: usize = 9;
const WB: usize = wb::WINDOW_BITS as usize;

#[derive(LogicBlock, Ports)]
pub struct Ulx3sDtu {
    /// The board's 25 MHz oscillator (pin G2); the PLL makes the board clock of everything else
    /// from it
    pub clk_25mhz: Signal<In, Clock>,
    /// Buttons, active low on btn[0] (PWRn: holding it resets the board); the others are not used
    pub btn: Signal<In, Bits<7>>,
    /// LEDs: [0] PLL locked, [1] out of reset, [2]/[3] UART receiving/sending, [4] last bridge
    /// response an error, [5]/[6] PE 0/1 runs a command, [7] heartbeat
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
    /// The bridge's bus to pe0, pe1, mem0, mem1 and the board registers (`DTU_BOARD_WINDOWS`).
    split: RegBusSplit<5, 16, WB>,
    mmio0: RegBus32To64<WB, AB>,
    mmio1: RegBus32To64<WB, AB>,
    memp0: RegBusToMem<WB, LA>,
    memp1: RegBusToMem<WB, LA>,
    /// The PEs' DTUs, each between its CU (the bridge's memory window) and its memory.
    dtu0: DtuInterposed,
    dtu1: DtuInterposed,
    ram0: MemBram<LA, MEM_WORDS_LOG2>,
    ram1: MemBram<LA, MEM_WORDS_LOG2>,
    req: PacketXbar<2, 64, 8, 8>,
    rsp: PacketXbar<2, 64, 8, 8>,
    status: BoardStatus,
    /// The PLL's output (its name is the clock net's in Yosys and nextpnr reports).
    pe_clock: Signal<Local, Clock>,
    sink_flip: Unused<Bits<16>>,
    sink_btn: Unused<Bits<6>>,
    c_pe: [Constant<Bits<8>>; 2],
}

impl Ulx3sDtu {
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
                wb::mask_of(&wb::DTU_BOARD_WINDOWS),
            ),
            split: RegBusSplit::new(wb::DTU_BOARD_WINDOWS.map(|w| w.0)),
            mmio0: Default::default(),
            mmio1: Default::default(),
            memp0: Default::default(),
            memp1: Default::default(),
            dtu0: Default::default(),
            dtu1: Default::default(),
            ram0: Default::default(),
            ram1: Default::default(),
            req: Default::default(),
            rsp: Default::default(),
            status: BoardStatus::new(cfg.clock_hz(), cfg.baud_div()),
            pe_clock: Default::default(),
            sink_flip: Default::default(),
            sink_btn: Default::default(),
            c_pe: [k(0), k(1)],
        }
    }
}

impl Default for Ulx3sDtu {
    fn default() -> Self {
        Self::new(BoardConfig::ulx3s_dtu())
    }
}

impl Logic for Ulx3sDtu {
    #[hdl_gen]
    fn update(&mut self) {
        // clocks and resets
        self.pll.clki.next = self.clk_25mhz.val();
        self.pe_clock.next = self.pll.clkop.val();
        self.sync_rst.clock.next = self.pll.clkop.val();
        self.sync_rst.arst.next = !self.btn.val().get_bit(0) || !self.pll.locked.val();
        clock!(
            self, pe_clock, bridge, split, mmio0, mmio1, memp0, memp1, dtu0, dtu1, ram0, ram1, req,
            rsp, status
        );
        self.bridge.reset.next = self.sync_rst.rst.val();
        self.split.reset.next = self.sync_rst.rst.val();
        self.mmio0.reset.next = self.sync_rst.rst.val();
        self.mmio1.reset.next = self.sync_rst.rst.val();
        self.memp0.reset.next = self.sync_rst.rst.val();
        self.memp1.reset.next = self.sync_rst.rst.val();
        self.dtu0.reset.next = self.sync_rst.rst.val();
        self.dtu1.reset.next = self.sync_rst.rst.val();
        self.ram0.reset.next = self.sync_rst.rst.val();
        self.ram1.reset.next = self.sync_rst.rst.val();
        self.req.reset.next = self.sync_rst.rst.val();
        self.rsp.reset.next = self.sync_rst.rst.val();
        self.status.reset.next = self.sync_rst.rst.val();

        // UART and the board map
        self.bridge.rxd.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.bridge.txd.val();
        self.wifi_gpio0.next = true;
        RegBusMaster::<16>::join(&mut self.bridge.bus, &mut self.split.bus);
        RegBusMaster::<WB>::join(&mut self.split.port[0], &mut self.mmio0.s);
        RegBusMaster::<WB>::join(&mut self.split.port[1], &mut self.mmio1.s);
        RegBusMaster::<WB>::join(&mut self.split.port[2], &mut self.memp0.s);
        RegBusMaster::<WB>::join(&mut self.split.port[3], &mut self.memp1.s);
        RegBusMaster::<WB>::join(&mut self.split.port[4], &mut self.status.bus);
        RegBusMasterD::<AB, 64>::join(&mut self.mmio0.m, &mut self.dtu0.bus);
        RegBusMasterD::<AB, 64>::join(&mut self.mmio1.m, &mut self.dtu1.bus);

        // the PEs: the bridge's memory window (the CU) through the DTU to the memory
        self.dtu0.own_pe.next = self.c_pe[0].val();
        self.dtu1.own_pe.next = self.c_pe[1].val();
        MemMaster::<LA>::join(&mut self.memp0.m, &mut self.dtu0.cu_mem);
        MemMaster::<LA>::join(&mut self.dtu0.mem, &mut self.ram0.mem);
        MemMaster::<LA>::join(&mut self.memp1.m, &mut self.dtu1.cu_mem);
        MemMaster::<LA>::join(&mut self.dtu1.mem, &mut self.ram1.mem);

        // the NoC: a crossbar per class
        PacketSource::<64, 8, 8>::join(&mut self.dtu0.req_out, &mut self.req.inp[0]);
        PacketSource::<64, 8, 8>::join(&mut self.dtu1.req_out, &mut self.req.inp[1]);
        PacketSource::<64, 8, 8>::join(&mut self.req.out[0], &mut self.dtu0.req_in);
        PacketSource::<64, 8, 8>::join(&mut self.req.out[1], &mut self.dtu1.req_in);
        PacketSource::<64, 8, 8>::join(&mut self.dtu0.rsp_out, &mut self.rsp.inp[0]);
        PacketSource::<64, 8, 8>::join(&mut self.dtu1.rsp_out, &mut self.rsp.inp[1]);
        PacketSource::<64, 8, 8>::join(&mut self.rsp.out[0], &mut self.dtu0.rsp_in);
        PacketSource::<64, 8, 8>::join(&mut self.rsp.out[1], &mut self.dtu1.rsp_in);

        // board registers and LEDs
        self.status.pll_locked.next = self.pll.locked.val();
        self.status.bridge_error.next = self.bridge.error.val();
        self.status.bridge_ferr.next = self.bridge.ferr.val();
        self.status.bridge_rx_busy.next = self.bridge.rx_busy.val();
        self.status.bridge_tx_busy.next = self.bridge.tx_busy.val();
        self.status.bus_ready.next = self.bridge.bus.ready.val();
        self.status.bus_err.next = self.bridge.bus.err.val();
        self.status.dev_led5.next = self.dtu0.cmd_busy.val();
        self.status.dev_led6.next = self.dtu1.cmd_busy.val();
        self.led.next = self.status.led.val();
        // no cable on this board: BOARD_CABLE_FLIP reads back what is written and does nothing
        self.sink_flip.x.next = self.status.cable_flip_period.val();
        self.sink_btn.x.next = self.btn.val().get_bits::<6>(1);
    }
}

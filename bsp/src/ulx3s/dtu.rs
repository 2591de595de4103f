//! The ULX3S 85F board top of the M3 DTU (`ulx3s_dtu`, issue 16 item 8): two PEs, each a DTU
//! (`nicgen_hdl::dtu::dtu::Dtu`) with 4 KiB of local memory in block RAM (`MemBram`), on an
//! on-chip NoC (one `PacketXbar` per class); the PC is the PEs' cores, through the UART
//! register bridge. Same oscillator, PLL, reset, UART pins, buttons and LEDs as `ulx3s`
//! (`constraints/ulx3s_dtu.lpf`); the PLL makes 45 MHz (3 Mbaud = 15 cycles a bit).
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
use crate::bridge::UartBridge;
use nicgen_hdl::common::mem::MemMaster;
use nicgen_hdl::common::mem_bram::MemBram;
use nicgen_hdl::common::packet::PacketSource;
use nicgen_hdl::common::packet_xbar::PacketXbar;
use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::regbank::{RegBusMaster, RegBusMasterD};
use nicgen_hdl::common::regbus_split::RegBusSplit;
use nicgen_hdl::common::regbus_wide::{RegBus32To64, RegBusToMem};
use nicgen_hdl::common::regfile::BoardRegs;
use nicgen_hdl::common::reset::ResetSync;
use nicgen_hdl::common::unused::Unused;
use nicgen_hdl::dtu::cmd_engine::LA;
use nicgen_hdl::dtu::interposed::DtuInterposed;
use nicgen_wire::board::bridge as wb;
use nicgen_wire::dtu as w;
use rust_hdl::prelude::*;

/// MMIO address bits of a DTU.
const AB: usize = w::MMIO_BITS;
/// Words of local memory per PE: 2^9 x 8 bytes = 4 KiB.
const MEM_WORDS_LOG2: usize = 9;
const WB: usize = wb::WINDOW_BITS as usize;

#[derive(LogicBlock)]
pub struct Ulx3sDtu {
    pub clk_25mhz: Signal<In, Clock>,
    /// btn[0] is PWRn (low when pressed): reset. The others are not used.
    pub btn: Signal<In, Bits<7>>,
    pub led: Signal<Out, Bits<8>>,
    pub ftdi_txd: Signal<In, Bit>,
    pub ftdi_rxd: Signal<Out, Bit>,
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
    regs: BoardRegs,
    cycles: DFF<Bits<32>>,
    err_cnt: DFF<Bits<16>>,
    ferr_cnt: DFF<Bits<16>>,
    last_err: DFF<Bit>,
    /// The PLL's output (its name is the clock net's in Yosys and nextpnr reports).
    pe_clock: Signal<Local, Clock>,
    leds: Signal<Local, Bits<8>>,
    sink_flip: Unused<Bits<16>>,
    sink_btn: Unused<Bits<6>>,
    c_id: Constant<Bits<32>>,
    c_hz: Constant<Bits<32>>,
    c_div: Constant<Bits<32>>,
    c_zero32: Constant<Bits<32>>,
    c_one32: Constant<Bits<32>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_max16: Constant<Bits<16>>,
    c_zero8: Constant<Bits<8>>,
    c_pe: [Constant<Bits<8>>; 2],
    c_led: [Constant<Bits<8>>; 8],
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
            regs: Default::default(),
            cycles: Default::default(),
            err_cnt: Default::default(),
            ferr_cnt: Default::default(),
            last_err: Default::default(),
            pe_clock: Default::default(),
            leds: Default::default(),
            sink_flip: Default::default(),
            sink_btn: Default::default(),
            c_id: k(wb::BOARD_ID_VALUE as u64),
            c_hz: k(cfg.clock_hz() as u64),
            c_div: k(cfg.baud_div() as u64),
            c_zero32: k(0),
            c_one32: k(1),
            c_zero16: k(0),
            c_one16: k(1),
            c_max16: k(0xFFFF),
            c_zero8: k(0),
            c_pe: [k(0), k(1)],
            c_led: std::array::from_fn(|i| k(1 << i)),
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
        dff_setup!(self, pe_clock, cycles, err_cnt, ferr_cnt, last_err);
        clock!(
            self, pe_clock, bridge, split, mmio0, mmio1, memp0, memp1, dtu0, dtu1, ram0, ram1, req,
            rsp, regs
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
        self.regs.reset.next = self.sync_rst.rst.val();

        // UART and the board map
        self.bridge.rxd.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.bridge.txd.val();
        self.wifi_gpio0.next = true;
        RegBusMaster::<16>::join(&mut self.bridge.bus, &mut self.split.bus);
        RegBusMaster::<WB>::join(&mut self.split.port[0], &mut self.mmio0.s);
        RegBusMaster::<WB>::join(&mut self.split.port[1], &mut self.mmio1.s);
        RegBusMaster::<WB>::join(&mut self.split.port[2], &mut self.memp0.s);
        RegBusMaster::<WB>::join(&mut self.split.port[3], &mut self.memp1.s);
        RegBusMaster::<WB>::join(&mut self.split.port[4], &mut self.regs.bus);
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

        // board registers
        self.cycles.d.next = self.cycles.q.val() + self.c_one32.val();
        if self.bridge.error.val() && (self.err_cnt.q.val() != self.c_max16.val()) {
            self.err_cnt.d.next = self.err_cnt.q.val() + self.c_one16.val();
        }
        if self.bridge.ferr.val() && (self.ferr_cnt.q.val() != self.c_max16.val()) {
            self.ferr_cnt.d.next = self.ferr_cnt.q.val() + self.c_one16.val();
        }
        if self.bridge.error.val() {
            self.last_err.d.next = true;
        } else if self.bridge.bus.ready.val() && !self.bridge.bus.err.val() {
            self.last_err.d.next = false;
        }
        self.leds.next = self.c_zero8.val();
        if self.pll.locked.val() {
            self.leds.next = self.leds.val() | self.c_led[0].val();
        }
        if !self.sync_rst.rst.val() {
            self.leds.next = self.leds.val() | self.c_led[1].val();
        }
        if self.bridge.rx_busy.val() {
            self.leds.next = self.leds.val() | self.c_led[2].val();
        }
        if self.bridge.tx_busy.val() {
            self.leds.next = self.leds.val() | self.c_led[3].val();
        }
        if self.last_err.q.val() {
            self.leds.next = self.leds.val() | self.c_led[4].val();
        }
        if self.dtu0.cmd_busy.val() {
            self.leds.next = self.leds.val() | self.c_led[5].val();
        }
        if self.dtu1.cmd_busy.val() {
            self.leds.next = self.leds.val() | self.c_led[6].val();
        }
        if self.cycles.q.val().get_bit(25) {
            self.leds.next = self.leds.val() | self.c_led[7].val();
        }
        self.led.next = self.leds.val();
        self.regs.board_id_id.next = self.c_id.val();
        self.regs.board_clock_hz_hz.next = self.c_hz.val();
        self.regs.board_baud_div_div.next = self.c_div.val();
        self.regs.board_cycles_cycles.next = self.cycles.q.val();
        self.regs.board_bridge_errors_responses.next = self.err_cnt.q.val();
        self.regs.board_bridge_errors_framing.next = self.ferr_cnt.q.val();
        self.regs.board_leds_led.next = self.leds.val();
        // no cable on this board: BOARD_CABLE_FLIP reads back what is written and does nothing
        self.sink_flip.x.next = self.regs.board_cable_flip_period.val();
        self.sink_btn.x.next = self.btn.val().get_bits::<6>(1);

        if self.sync_rst.rst.val() {
            self.cycles.d.next = self.c_zero32.val();
            self.err_cnt.d.next = self.c_zero16.val();
            self.ferr_cnt.d.next = self.c_zero16.val();
            self.last_err.d.next = false;
        }
    }
}

//! The ULX3S 85F board top of the MIT NIC (`ulx3s_mitnic`, issue 15 item 8): two NICs
//! (`nicgen_hdl::mitnic::nic::MitNic`) on a ring of two PaRC-like routers
//! (`nicgen_hdl::mitnic::switch::ParcSwitch2`, ring mode: router k ejects routing byte k), the PC
//! in the 88100's place through the UART register bridge: each NIC's P bus is driven by a
//! `RegBusToPBus` (one bridge access, one P-bus transaction). Same oscillator, PLL (its own clock,
//! `BoardConfig::ulx3s_mitnic`, for the P buses and the network), reset, UART pins, buttons and LEDs as `ulx3s_dtu`
//! (`constraints/ulx3s_mitnic.lpf`).
//!
//! Bridge address map (`nicgen_wire::board::bridge::MITNIC_BOARD_WINDOWS`): NIC k's P bus at
//! `k << 12` (A[11:2] = da[9:0]), its da[13:10] register at `(2 + k) << 12`, the board registers
//! at 0xF000. Buttons btn[4:1] are NIC 0's four exception input pins.
//!
//! LEDs: [0] PLL locked, [1] out of reset, [2] UART receiving, [3] UART sending, [4] last
//! bridge response an error, [5]/[6] OUT_EXCS[0] of NIC 0/1, [7] heartbeat.

use super::pll::Ecp5Pll;
use super::BoardConfig;
use crate::board_status::BoardStatus;
use crate::bridge::UartBridge;
use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::regbank::RegBusMaster;
use nicgen_hdl::common::regbus_split::RegBusSplit;
use nicgen_hdl::common::reset::ResetSync;
use nicgen_hdl::common::unused::Unused;
use nicgen_hdl::mitnic::nic::MitNic;
use nicgen_hdl::mitnic::nic::NIC_RING_TABLE;
use nicgen_hdl::mitnic::pbus::RegBusToPBus;
use nicgen_hdl::mitnic::switch::ParcSwitch2;
use nicgen_hdl::Ports;
use nicgen_wire::board::bridge as wb;
use rust_hdl::prelude::*;

const WB: usize = wb::WINDOW_BITS as usize;

#[derive(LogicBlock, Ports)]
pub struct Ulx3sMitNic {
    /// The board's 25 MHz oscillator (pin G2); the PLL makes the board clock of everything else
    /// from it
    pub clk_25mhz: Signal<In, Clock>,
    /// Buttons, active low on btn[0] (PWRn: holding it resets the board); btn[4:1] are NIC 0's
    /// exception input pins
    pub btn: Signal<In, Bits<7>>,
    /// LEDs: [0] PLL locked, [1] out of reset, [2]/[3] UART receiving/sending, [4] last bridge
    /// response an error, [5]/[6] OUT_EXCS[0] of NIC 0/1, [7] heartbeat
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
    /// The bridge's bus to nic0, nic1, hi0, hi1 and the board registers.
    split: RegBusSplit<5, 16, WB>,
    pb0: RegBusToPBus<WB>,
    pb1: RegBusToPBus<WB>,
    nic0: MitNic,
    nic1: MitNic,
    r0: ParcSwitch2,
    r1: ParcSwitch2,
    status: BoardStatus,
    /// The PLL's output (its name is the clock net's in Yosys and nextpnr reports).
    nic_clock: Signal<Local, Clock>,
    sink_flip: Unused<Bits<16>>,
    sink_btn: Unused<Bits<2>>,
    sink_oe: [Unused<Bit>; 2],
    sink_excs: [Unused<Bits<3>>; 2],
    sink_noclk: [Unused<Clock>; 2],
    sink_bubble: [Unused<Bit>; 2],
    c_no_exc: Constant<Bits<4>>,
}

impl Ulx3sMitNic {
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
                wb::mask_of(&wb::MITNIC_BOARD_WINDOWS),
            ),
            split: RegBusSplit::new(wb::MITNIC_BOARD_WINDOWS.map(|w| w.0)),
            pb0: Default::default(),
            pb1: Default::default(),
            nic0: MitNic::new(NIC_RING_TABLE),
            nic1: MitNic::new(NIC_RING_TABLE),
            r0: ParcSwitch2::new(0xFF, 0, true),
            r1: ParcSwitch2::new(0xFF, 1, true),
            status: BoardStatus::new(cfg.clock_hz(), cfg.baud_div()),
            nic_clock: Default::default(),
            sink_flip: Default::default(),
            sink_btn: Default::default(),
            sink_oe: Default::default(),
            sink_excs: Default::default(),
            sink_noclk: Default::default(),
            sink_bubble: Default::default(),
            c_no_exc: k(0),
        }
    }
}

impl Default for Ulx3sMitNic {
    fn default() -> Self {
        Self::new(BoardConfig::ulx3s_mitnic())
    }
}

impl Logic for Ulx3sMitNic {
    #[hdl_gen]
    fn update(&mut self) {
        // clocks and resets: one clock for the P buses and the network
        self.pll.clki.next = self.clk_25mhz.val();
        self.nic_clock.next = self.pll.clkop.val();
        self.sync_rst.clock.next = self.pll.clkop.val();
        self.sync_rst.arst.next = !self.btn.val().get_bit(0) || !self.pll.locked.val();
        clock!(self, nic_clock, bridge, split, pb0, pb1, r0, r1, status);
        self.nic0.clock.next = self.nic_clock.val();
        self.nic0.netclk.next = self.nic_clock.val();
        self.nic0.niclk.next = self.nic_clock.val();
        self.nic1.clock.next = self.nic_clock.val();
        self.nic1.netclk.next = self.nic_clock.val();
        self.nic1.niclk.next = self.nic_clock.val();
        self.bridge.reset.next = self.sync_rst.rst.val();
        self.split.reset.next = self.sync_rst.rst.val();
        self.pb0.reset.next = self.sync_rst.rst.val();
        self.pb1.reset.next = self.sync_rst.rst.val();
        self.nic0.reset.next = self.sync_rst.rst.val();
        self.nic1.reset.next = self.sync_rst.rst.val();
        self.r0.reset.next = self.sync_rst.rst.val();
        self.r1.reset.next = self.sync_rst.rst.val();
        self.status.reset.next = self.sync_rst.rst.val();

        // UART and the board map
        self.bridge.rxd.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.bridge.txd.val();
        self.wifi_gpio0.next = true;
        RegBusMaster::<16>::join(&mut self.bridge.bus, &mut self.split.bus);
        RegBusMaster::<WB>::join(&mut self.split.port[0], &mut self.pb0.s);
        RegBusMaster::<WB>::join(&mut self.split.port[1], &mut self.pb1.s);
        RegBusMaster::<WB>::join(&mut self.split.port[2], &mut self.pb0.hi);
        RegBusMaster::<WB>::join(&mut self.split.port[3], &mut self.pb1.hi);
        RegBusMaster::<WB>::join(&mut self.split.port[4], &mut self.status.bus);

        // the P buses
        self.nic0.pbus.ncs.next = self.pb0.ncs.val();
        self.nic0.pbus.dbe.next = self.pb0.dbe.val();
        self.nic0.pbus.da.next = self.pb0.da.val();
        self.nic0.pbus.r_w.next = self.pb0.r_w.val();
        self.nic0.pbus.d_in.next = self.pb0.d.val();
        self.nic0.pbus.dr_in.next = self.pb0.dr.val();
        self.pb0.nic_d.next = self.nic0.pbus.d_out.val();
        self.pb0.nic_dr.next = self.nic0.pbus.dr_out.val();
        self.pb0.nic_dr_oe.next = self.nic0.pbus.dr_oe.val();
        self.sink_oe[0].x.next = self.nic0.pbus.d_oe.val();
        self.nic1.pbus.ncs.next = self.pb1.ncs.val();
        self.nic1.pbus.dbe.next = self.pb1.dbe.val();
        self.nic1.pbus.da.next = self.pb1.da.val();
        self.nic1.pbus.r_w.next = self.pb1.r_w.val();
        self.nic1.pbus.d_in.next = self.pb1.d.val();
        self.nic1.pbus.dr_in.next = self.pb1.dr.val();
        self.pb1.nic_d.next = self.nic1.pbus.d_out.val();
        self.pb1.nic_dr.next = self.nic1.pbus.dr_out.val();
        self.pb1.nic_dr_oe.next = self.nic1.pbus.dr_oe.val();
        self.sink_oe[1].x.next = self.nic1.pbus.d_oe.val();

        // the ring: router k's input 1 / output 1 are NIC k's link, output 0 the next router
        self.r0.in0.next = self.r1.out0.val();
        self.r1.in0.next = self.r0.out0.val();
        self.r0.in1.next = self.nic0.nodata.val();
        self.r1.in1.next = self.nic1.nodata.val();
        self.nic0.nowait.next = self.r0.wait1.val();
        self.nic1.nowait.next = self.r1.wait1.val();
        self.nic0.nidata.next = self.r0.out1.val();
        self.nic1.nidata.next = self.r1.out1.val();
        self.r0.down_wait1.next = self.nic0.niwait.val();
        self.r1.down_wait1.next = self.nic1.niwait.val();
        self.r0.down_wait0.next = self.r1.wait0.val();
        self.r1.down_wait0.next = self.r0.wait0.val();
        self.r0.down_bubble0.next = self.r1.bubble0.val();
        self.r1.down_bubble0.next = self.r0.bubble0.val();
        self.sink_bubble[0].x.next = self.r0.bubble1.val();
        self.sink_bubble[1].x.next = self.r1.bubble1.val();
        self.sink_noclk[0].x.next = self.nic0.noclk.val();
        self.sink_noclk[1].x.next = self.nic1.noclk.val();

        // exception pins: btn[4:1] into NIC 0; OUT_EXCS[0] of each on an LED
        self.nic0.exc_in.next = self.btn.val().get_bits::<4>(1);
        self.nic1.exc_in.next = self.c_no_exc.val();
        self.sink_excs[0].x.next = self.nic0.exc_out.val().get_bits::<3>(1);
        self.sink_excs[1].x.next = self.nic1.exc_out.val().get_bits::<3>(1);

        // board registers and LEDs
        self.status.pll_locked.next = self.pll.locked.val();
        self.status.bridge_error.next = self.bridge.error.val();
        self.status.bridge_ferr.next = self.bridge.ferr.val();
        self.status.bridge_rx_busy.next = self.bridge.rx_busy.val();
        self.status.bridge_tx_busy.next = self.bridge.tx_busy.val();
        self.status.bus_ready.next = self.bridge.bus.ready.val();
        self.status.bus_err.next = self.bridge.bus.err.val();
        self.status.dev_led5.next = self.nic0.exc_out.val().get_bit(0);
        self.status.dev_led6.next = self.nic1.exc_out.val().get_bit(0);
        self.led.next = self.status.led.val();
        // no cable on this board: BOARD_CABLE_FLIP reads back what is written and does nothing
        self.sink_flip.x.next = self.status.cable_flip_period.val();
        self.sink_btn.x.next = self.btn.val().get_bits::<2>(5);
    }
}

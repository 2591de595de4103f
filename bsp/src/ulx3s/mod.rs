//! The ULX3S 85F board top (LFE5U-85F-6BG381C, 25 MHz oscillator, FT231X UART): a PLL to the
//! link clock, a reset synchronizer, the UART register bridge, two TNW links cabled to each
//! other inside the FPGA, the board registers (`nicgen_wire::board::bridge::BOARD_REGS`) and the
//! MDIO/PHY-reset pins of both links on the GPIO header. Pins: `constraints/ulx3s.lpf`.
//!
//! Bridge address map (`nicgen_wire::board::bridge::BOARD_WINDOWS`): link k at `k << 12`, the board
//! registers at 0xF000. The cable from link 0 to link 1 passes through a bit-error injector
//! (`BOARD_CABLE_FLIP`), so the BER campaign can be shown on the board; each direction has one
//! register stage. The links' host data paths are idle: traffic comes from their test-bench
//! modules, driven through registers.
//!
//! MDIO is brought out as `mdio_o` / `mdio_oe` / `mdio_i` for an external bidirectional buffer
//! (docs/spec-decisions.md, "Board top"); `phyN_reset` is the PHY reset the link's TX_CTRL
//! command drives.

pub mod dtu;
pub mod mitnic;
pub mod pll;
pub mod ppe;

use crate::board_status::BoardStatus;
use crate::bridge::UartBridge;
use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::regbank::RegBusMaster;
use nicgen_hdl::common::regbus_split::RegBusSplit;
use nicgen_hdl::common::reset::ResetSync;
use nicgen_hdl::common::unused::Unused;
use nicgen_hdl::ftnw::link::{LinkConfig, TnwLink};
use nicgen_hdl::Ports;
use nicgen_wire::board::bridge as wb;
use pll::Ecp5Pll;
use rust_hdl::prelude::*;

pub use nicgen_wire::board::clocking::BoardConfig;

#[derive(LogicBlock, Ports)]
pub struct Ulx3s {
    /// The board's 25 MHz oscillator (pin G2); the PLL makes the 75 MHz link clock of everything
    /// else
    pub clk_25mhz: Signal<In, Clock>,
    /// Buttons, active low on btn[0] (PWRn: holding it resets the board); the others are not used
    pub btn: Signal<In, Bits<7>>,
    /// LEDs: [0]/[1] link 0/1 online, [2] PLL locked, [3] UART activity, [4] last bridge response
    /// an error, [5]/[6] link 0/1 interrupt, [7] heartbeat
    pub led: Signal<Out, Bits<8>>,
    /// FT231X TXD: UART from the PC into the register bridge, 8N1 at 3 Mbaud (docs/registers.md
    /// frame format)
    pub ftdi_txd: Signal<In, Bit>,
    /// FT231X RXD: the bridge's responses to the PC, 8N1
    pub ftdi_rxd: Signal<Out, Bit>,
    /// Held high so that the ESP32 does not take the board over
    pub wifi_gpio0: Signal<Out, Bit>,
    /// MDIO clock of link 0's PHY (J1)
    pub phy0_mdc: Signal<Out, Bit>,
    /// MDIO data out of link 0 (drive while `phy0_mdio_oe`)
    pub phy0_mdio_o: Signal<Out, Bit>,
    /// MDIO output enable of link 0
    pub phy0_mdio_oe: Signal<Out, Bit>,
    /// MDIO line of link 0 as read
    pub phy0_mdio_i: Signal<In, Bit>,
    /// PHY reset of link 0, high for 16 link cycles on command
    pub phy0_reset: Signal<Out, Bit>,
    /// MDIO clock of link 1's PHY (J1)
    pub phy1_mdc: Signal<Out, Bit>,
    /// MDIO data out of link 1 (drive while `phy1_mdio_oe`)
    pub phy1_mdio_o: Signal<Out, Bit>,
    /// MDIO output enable of link 1
    pub phy1_mdio_oe: Signal<Out, Bit>,
    /// MDIO line of link 1 as read
    pub phy1_mdio_i: Signal<In, Bit>,
    /// PHY reset of link 1, high for 16 link cycles on command
    pub phy1_reset: Signal<Out, Bit>,
    pll: Ecp5Pll,
    sync_rst: ResetSync<3>,
    bridge: UartBridge,
    link0: TnwLink,
    link1: TnwLink,
    status: BoardStatus,
    /// The bridge's bus to link 0, link 1 and the board registers (`BOARD_WINDOWS` order).
    split: RegBusSplit<3, 16, { wb::WINDOW_BITS as usize }>,
    c01_d: DFF<Bits<32>>,
    c01_c: DFF<Bits<4>>,
    c10_d: DFF<Bits<32>>,
    c10_c: DFF<Bits<4>>,
    flip_cnt: DFF<Bits<16>>,
    lfsr: DFFWithInit<Bits<16>>,
    /// The PLL's output: its name (`*_clock`, kept in the top module) is the clock net's name
    /// in Yosys and nextpnr reports (`$glbnet$link_clock`).
    link_clock: Signal<Local, Clock>,
    flip: Signal<Local, Bit>,
    sink32: [Unused<Bits<32>>; 2],
    sink14: [Unused<Bits<14>>; 2],
    sink4: [Unused<Bits<4>>; 2],
    sink8: [Unused<Bits<8>>; 2],
    /// RX_CTRL's levels of each link (no receive buffer on this board).
    sink_rxb: [Unused<Bit>; 8],
    sink_bit: [Unused<Bit>; 8],
    sink_btn: Unused<Bits<6>>,
    c_one32: Constant<Bits<32>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_taps: Constant<Bits<16>>,
    c_zero14: Constant<Bits<14>>,
    c_zero128: Constant<Bits<128>>,
    c_zero4: Constant<Bits<4>>,
    c_zero8: Constant<Bits<8>>,
    c_all_vcs: Constant<Bits<8>>,
}

impl Ulx3s {
    pub fn new(cfg: BoardConfig) -> Self {
        let link = || {
            TnwLink::new(LinkConfig {
                // MDC = 75 MHz / 30 = 2.5 MHz
                mdio_half_period: (cfg.clock_hz() / 5_000_000).max(2) as u8,
                ..LinkConfig::default()
            })
        };
        Self {
            clk_25mhz: Default::default(),
            btn: Default::default(),
            led: Default::default(),
            ftdi_txd: Default::default(),
            ftdi_rxd: Default::default(),
            wifi_gpio0: Default::default(),
            phy0_mdc: Default::default(),
            phy0_mdio_o: Default::default(),
            phy0_mdio_oe: Default::default(),
            phy0_mdio_i: Default::default(),
            phy0_reset: Default::default(),
            phy1_mdc: Default::default(),
            phy1_mdio_o: Default::default(),
            phy1_mdio_oe: Default::default(),
            phy1_mdio_i: Default::default(),
            phy1_reset: Default::default(),
            pll: Ecp5Pll::new(cfg.osc_hz, cfg.pll),
            sync_rst: Default::default(),
            bridge: UartBridge::new(cfg.baud_div(), cfg.truncate_cycles(), wb::window_mask()),
            link0: link(),
            link1: link(),
            status: BoardStatus::new(cfg.clock_hz(), cfg.baud_div()),
            split: RegBusSplit::new(wb::BOARD_WINDOWS.map(|w| w.0)),
            c01_d: Default::default(),
            c01_c: Default::default(),
            c10_d: Default::default(),
            c10_c: Default::default(),
            flip_cnt: Default::default(),
            lfsr: DFFWithInit::new(0xACE1u64.into()),
            link_clock: Default::default(),
            flip: Default::default(),
            sink32: Default::default(),
            sink14: Default::default(),
            sink4: Default::default(),
            sink8: Default::default(),
            sink_rxb: Default::default(),
            sink_bit: Default::default(),
            sink_btn: Default::default(),
            c_one32: k(1),
            c_zero16: k(0),
            c_one16: k(1),
            c_all_vcs: k(0xFF),
            c_taps: k(0xB400),
            c_zero14: k(0),
            c_zero128: Constant::new(0u64.into()),
            c_zero4: k(0),
            c_zero8: k(0),
        }
    }
}

impl Default for Ulx3s {
    fn default() -> Self {
        Self::new(BoardConfig::ulx3s())
    }
}

impl Logic for Ulx3s {
    #[hdl_gen]
    fn update(&mut self) {
        // clocks and resets
        self.pll.clki.next = self.clk_25mhz.val();
        self.sync_rst.clock.next = self.pll.clkop.val();
        self.sync_rst.arst.next = !self.btn.val().get_bit(0) || !self.pll.locked.val();
        self.link_clock.next = self.pll.clkop.val();
        dff_setup!(self, link_clock, c01_d, c01_c, c10_d, c10_c, flip_cnt, lfsr);
        self.bridge.clock.next = self.pll.clkop.val();
        self.bridge.reset.next = self.sync_rst.rst.val();
        self.status.clock.next = self.pll.clkop.val();
        self.status.reset.next = self.sync_rst.rst.val();
        self.link0.clock.next = self.pll.clkop.val();
        self.link0.phy_clock.next = self.pll.clkop.val();
        self.link0.reset.next = self.sync_rst.rst.val();
        self.link1.clock.next = self.pll.clkop.val();
        self.link1.phy_clock.next = self.pll.clkop.val();
        self.link1.reset.next = self.sync_rst.rst.val();

        // UART
        self.bridge.rxd.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.bridge.txd.val();
        self.wifi_gpio0.next = true;

        // the bridge's bus to the windows of the board map
        self.split.clock.next = self.pll.clkop.val();
        self.split.reset.next = self.sync_rst.rst.val();
        RegBusMaster::<16>::join(&mut self.bridge.bus, &mut self.split.bus);
        RegBusMaster::<{ wb::WINDOW_BITS as usize }>::join(
            &mut self.split.port[0],
            &mut self.link0.bus,
        );
        RegBusMaster::<{ wb::WINDOW_BITS as usize }>::join(
            &mut self.split.port[1],
            &mut self.link1.bus,
        );
        RegBusMaster::<{ wb::WINDOW_BITS as usize }>::join(
            &mut self.split.port[2],
            &mut self.status.bus,
        );

        // the cable: link 0 -> (bit-error injector) -> link 1, link 1 -> link 0
        self.flip.next = false;
        self.flip_cnt.d.next = self.flip_cnt.q.val() + self.c_one16.val();
        if self.status.cable_flip_period.val() == self.c_zero16.val() {
            self.flip_cnt.d.next = self.c_zero16.val();
        } else if (self.flip_cnt.q.val() + self.c_one16.val())
            >= self.status.cable_flip_period.val()
        {
            self.flip.next = true;
            self.flip_cnt.d.next = self.c_zero16.val();
        }
        if self.flip.val() {
            self.lfsr.d.next = self.lfsr.q.val() >> self.c_one16.val();
            if self.lfsr.q.val().get_bit(0) {
                self.lfsr.d.next = (self.lfsr.q.val() >> self.c_one16.val()) ^ self.c_taps.val();
            }
            self.c01_d.d.next = self.link0.phy.txd.val()
                ^ (self.c_one32.val() << self.lfsr.q.val().get_bits::<5>(0));
        } else {
            self.c01_d.d.next = self.link0.phy.txd.val();
        }
        self.c01_c.d.next = self.link0.phy.txc.val();
        self.c10_d.d.next = self.link1.phy.txd.val();
        self.c10_c.d.next = self.link1.phy.txc.val();
        self.link1.phy.rxd.next = self.c01_d.q.val();
        self.link1.phy.rxc.next = self.c01_c.q.val();
        self.link0.phy.rxd.next = self.c10_d.q.val();
        self.link0.phy.rxc.next = self.c10_c.q.val();

        // PHY status inputs: no PHY on this board
        self.link0.phy.rx_fault_p.next = false;
        self.link0.phy.rx_fault_r.next = false;
        self.link0.phy.intb.next = false;
        self.link0.phy.tx_fault.next = false;
        self.link0.phy.rxh.next = self.c_zero4.val();
        self.link1.phy.rx_fault_p.next = false;
        self.link1.phy.rx_fault_r.next = false;
        self.link1.phy.intb.next = false;
        self.link1.phy.tx_fault.next = false;
        self.link1.phy.rxh.next = self.c_zero4.val();
        // MDIO and PHY reset pins
        self.phy0_mdc.next = self.link0.mdc.val();
        self.phy0_mdio_o.next = self.link0.mdio_o.val();
        self.phy0_mdio_oe.next = self.link0.mdio_oe.val();
        self.link0.mdio_i.next = self.phy0_mdio_i.val();
        self.phy0_reset.next = self.link0.phy.reset.val();
        self.phy1_mdc.next = self.link1.mdc.val();
        self.phy1_mdio_o.next = self.link1.mdio_o.val();
        self.phy1_mdio_oe.next = self.link1.mdio_oe.val();
        self.link1.mdio_i.next = self.phy1_mdio_i.val();
        self.phy1_reset.next = self.link1.phy.reset.val();
        // host data paths idle (traffic comes from the test-bench modules)
        self.link0.tx.data.next = self.c_zero128.val();
        self.link0.tx.keep.next = self.c_zero16.val();
        self.link0.tx.meta.next = self.c_zero14.val();
        self.link0.tx.first.next = false;
        self.link0.tx.last.next = false;
        self.link0.tx.valid.next = false;
        self.link0.rx.ready.next = true;
        self.link0.rx_vc_ready.next = self.c_all_vcs.val();
        self.link0.rxb.crd_not_empty.next = self.c_zero8.val();
        self.link0.rxb.crd_full.next = self.c_zero8.val();
        self.link0.rxb.ev_crd_overrun.next = false;
        self.link0.rxb.ev_crd_size0.next = false;
        self.link0.rxb.ev_cba_busy.next = false;
        self.link0.rxb.ev_nba_busy.next = false;
        self.link0.rxb.ev_poc_done.next = false;
        self.link0.rxb.ev_poc_first.next = false;
        self.link0.rxb.ev_rcba_carry.next = false;
        self.link0.rxb.ev_rnba_lsb.next = false;
        self.link0.rxb.ev_rao_range.next = false;
        self.sink_rxb[0].x.next = self.link0.rxb.hold.val();
        self.sink_rxb[1].x.next = self.link0.rxb.flush.val();
        self.sink_rxb[4].x.next = self.link0.rxb.abort.val();
        self.sink_rxb[6].x.next = self.link0.rxb.pkt_next.val();
        self.link1.tx.data.next = self.c_zero128.val();
        self.link1.tx.keep.next = self.c_zero16.val();
        self.link1.tx.meta.next = self.c_zero14.val();
        self.link1.tx.first.next = false;
        self.link1.tx.last.next = false;
        self.link1.tx.valid.next = false;
        self.link1.rx.ready.next = true;
        self.link1.rx_vc_ready.next = self.c_all_vcs.val();
        self.link1.rxb.crd_not_empty.next = self.c_zero8.val();
        self.link1.rxb.crd_full.next = self.c_zero8.val();
        self.link1.rxb.ev_crd_overrun.next = false;
        self.link1.rxb.ev_crd_size0.next = false;
        self.link1.rxb.ev_cba_busy.next = false;
        self.link1.rxb.ev_nba_busy.next = false;
        self.link1.rxb.ev_poc_done.next = false;
        self.link1.rxb.ev_poc_first.next = false;
        self.link1.rxb.ev_rcba_carry.next = false;
        self.link1.rxb.ev_rnba_lsb.next = false;
        self.link1.rxb.ev_rao_range.next = false;
        self.sink_rxb[2].x.next = self.link1.rxb.hold.val();
        self.sink_rxb[3].x.next = self.link1.rxb.flush.val();
        self.sink_rxb[5].x.next = self.link1.rxb.abort.val();
        self.sink_rxb[7].x.next = self.link1.rxb.pkt_next.val();

        // board registers and LEDs
        self.status.pll_locked.next = self.pll.locked.val();
        self.status.bridge_error.next = self.bridge.error.val();
        self.status.bridge_ferr.next = self.bridge.ferr.val();
        self.status.bridge_rx_busy.next = self.bridge.rx_busy.val();
        self.status.bridge_tx_busy.next = self.bridge.tx_busy.val();
        self.status.bus_ready.next = self.bridge.bus.ready.val();
        self.status.bus_err.next = self.bridge.bus.err.val();
        self.status.dev_led5.next = self.link0.irq_rx.val() || self.link0.irq_tx.val();
        self.status.dev_led6.next = self.link1.irq_rx.val() || self.link1.irq_tx.val();
        self.led.next = self.status.led.val();

        // what this top does not use
        self.sink32[0].x.next = self.link0.rx.data.val();
        self.sink32[1].x.next = self.link1.rx.data.val();
        self.sink14[0].x.next = self.link0.rx.meta.val();
        self.sink14[1].x.next = self.link1.rx.meta.val();
        self.sink4[0].x.next = self.link0.rx.keep.val();
        self.sink4[1].x.next = self.link1.rx.keep.val();
        self.sink8[0].x.next = self.link0.rsnd_occupancy.val();
        self.sink8[1].x.next = self.link1.rsnd_occupancy.val();
        self.sink_bit[0].x.next = self.link0.rx.first.val();
        self.sink_bit[1].x.next = self.link1.rx.first.val();
        self.sink_bit[2].x.next = self.link0.rx.last.val();
        self.sink_bit[3].x.next = self.link1.rx.last.val();
        self.sink_bit[4].x.next = self.link0.rx.valid.val();
        self.sink_bit[5].x.next = self.link1.rx.valid.val();
        self.sink_bit[6].x.next = self.link0.tx.ready.val();
        self.sink_bit[7].x.next = self.link1.tx.ready.val();
        self.sink_btn.x.next = self.btn.val().get_bits::<6>(1);

        if self.sync_rst.rst.val() {
            self.flip_cnt.d.next = self.c_zero16.val();
        }
    }
}

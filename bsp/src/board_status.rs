//! What every board top has besides its device: the board registers (`BOARD_*` of
//! `nicgen_wire::board::bridge`, window 15 of the bridge's map) with the free-running cycle
//! counter and the bridge's saturating error counters, and the LEDs: [0] PLL locked, [1] out of
//! reset, [2] UART receiving, [3] UART sending, [4] the last bridge response was an error, [5]
//! and [6] the device's two (`dev_led5`, `dev_led6`), [7] heartbeat (bit 25 of the cycle counter).

use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::regbank::RegBusSlave;
use nicgen_hdl::common::regfile::BoardRegs;
use nicgen_wire::board::bridge as wb;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct BoardStatus {
    pub clock: Signal<In, Clock>,
    /// The board's synchronous reset (also LED 1).
    pub reset: Signal<In, Bit>,
    /// The board registers' window.
    pub bus: RegBusSlave<{ wb::WINDOW_BITS as usize }>,
    pub pll_locked: Signal<In, Bit>,
    /// The bridge's `error`, `ferr`, `rx_busy`, `tx_busy`, and its bus access ending
    /// (`ready`, `err`).
    pub bridge_error: Signal<In, Bit>,
    pub bridge_ferr: Signal<In, Bit>,
    pub bridge_rx_busy: Signal<In, Bit>,
    pub bridge_tx_busy: Signal<In, Bit>,
    pub bus_ready: Signal<In, Bit>,
    pub bus_err: Signal<In, Bit>,
    /// LEDs 5 and 6.
    pub dev_led5: Signal<In, Bit>,
    pub dev_led6: Signal<In, Bit>,
    pub led: Signal<Out, Bits<8>>,
    /// BOARD_CABLE_FLIP.PERIOD.
    pub cable_flip_period: Signal<Out, Bits<16>>,
    regs: BoardRegs,
    cycles: DFF<Bits<32>>,
    err_cnt: DFF<Bits<16>>,
    ferr_cnt: DFF<Bits<16>>,
    last_err: DFF<Bit>,
    leds: Signal<Local, Bits<8>>,
    c_id: Constant<Bits<32>>,
    c_hz: Constant<Bits<32>>,
    c_div: Constant<Bits<32>>,
    c_zero32: Constant<Bits<32>>,
    c_one32: Constant<Bits<32>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_max16: Constant<Bits<16>>,
    c_zero8: Constant<Bits<8>>,
    c_led: [Constant<Bits<8>>; 8],
}

impl BoardStatus {
    /// `clock_hz` and `baud_div`: what BOARD_CLOCK_HZ and BOARD_BAUD_DIV report.
    pub fn new(clock_hz: u32, baud_div: u16) -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            bus: Default::default(),
            pll_locked: Default::default(),
            bridge_error: Default::default(),
            bridge_ferr: Default::default(),
            bridge_rx_busy: Default::default(),
            bridge_tx_busy: Default::default(),
            bus_ready: Default::default(),
            bus_err: Default::default(),
            dev_led5: Default::default(),
            dev_led6: Default::default(),
            led: Default::default(),
            cable_flip_period: Default::default(),
            regs: Default::default(),
            cycles: Default::default(),
            err_cnt: Default::default(),
            ferr_cnt: Default::default(),
            last_err: Default::default(),
            leds: Default::default(),
            c_id: k(wb::BOARD_ID_VALUE as u64),
            c_hz: k(clock_hz as u64),
            c_div: k(baud_div as u64),
            c_zero32: k(0),
            c_one32: k(1),
            c_zero16: k(0),
            c_one16: k(1),
            c_max16: k(0xFFFF),
            c_zero8: k(0),
            c_led: std::array::from_fn(|i| k(1 << i)),
        }
    }
}

impl Logic for BoardStatus {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, cycles, err_cnt, ferr_cnt, last_err);
        self.regs.clock.next = self.clock.val();
        self.regs.reset.next = self.reset.val();
        RegBusSlave::<{ wb::WINDOW_BITS as usize }>::link(&mut self.bus, &mut self.regs.bus);
        self.cable_flip_period.next = self.regs.board_cable_flip_period.val();

        self.cycles.d.next = self.cycles.q.val() + self.c_one32.val();
        if self.bridge_error.val() && (self.err_cnt.q.val() != self.c_max16.val()) {
            self.err_cnt.d.next = self.err_cnt.q.val() + self.c_one16.val();
        }
        if self.bridge_ferr.val() && (self.ferr_cnt.q.val() != self.c_max16.val()) {
            self.ferr_cnt.d.next = self.ferr_cnt.q.val() + self.c_one16.val();
        }
        if self.bridge_error.val() {
            self.last_err.d.next = true;
        } else if self.bus_ready.val() && !self.bus_err.val() {
            self.last_err.d.next = false;
        }
        self.leds.next = self.c_zero8.val();
        if self.pll_locked.val() {
            self.leds.next = self.leds.val() | self.c_led[0].val();
        }
        if !self.reset.val() {
            self.leds.next = self.leds.val() | self.c_led[1].val();
        }
        if self.bridge_rx_busy.val() {
            self.leds.next = self.leds.val() | self.c_led[2].val();
        }
        if self.bridge_tx_busy.val() {
            self.leds.next = self.leds.val() | self.c_led[3].val();
        }
        if self.last_err.q.val() {
            self.leds.next = self.leds.val() | self.c_led[4].val();
        }
        if self.dev_led5.val() {
            self.leds.next = self.leds.val() | self.c_led[5].val();
        }
        if self.dev_led6.val() {
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

        if self.reset.val() {
            self.cycles.d.next = self.c_zero32.val();
            self.err_cnt.d.next = self.c_zero16.val();
            self.ferr_cnt.d.next = self.c_zero16.val();
            self.last_err.d.next = false;
        }
    }
}

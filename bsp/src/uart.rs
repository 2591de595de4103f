//! UART receiver and transmitter, 8N1 (`nicgen_wire::board::bridge`), `div` clock cycles per bit.
//!
//! `UartRx` synchronizes the pin through two flip-flops, detects the start bit's falling edge
//! (so after a stop bit held low the line must go high again before the next byte),
//! samples every bit at its middle and checks the stop bit: `valid` pulses with `data` for a
//! good byte, `ferr` pulses for a byte whose stop bit is 0 (dropped). A start bit that is no
//! longer low at its middle is a glitch and is ignored. The receiver is ready for the next
//! start bit from the middle of the stop bit on, so it tolerates a sender up to ~5% faster.
//!
//! `UartTx` takes a byte when `valid && ready` and sends it; `txd` is registered (no glitches)
//! and idles high.

use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::widen::Widen;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct UartRx {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub rxd: Signal<In, Bit>,
    pub data: Signal<Out, Bits<8>>,
    pub valid: Signal<Out, Bit>,
    pub ferr: Signal<Out, Bit>,
    /// A byte is being received.
    pub busy: Signal<Out, Bit>,
    s1: DFFWithInit<Bit>,
    s2: DFFWithInit<Bit>,
    s3: DFFWithInit<Bit>,
    active: DFF<Bit>,
    cnt: DFF<Bits<16>>,
    bitn: DFF<Bits<4>>,
    sr: DFF<Bits<8>>,
    data_r: DFF<Bits<8>>,
    valid_r: DFF<Bit>,
    ferr_r: DFF<Bit>,
    c_div_m1: Constant<Bits<16>>,
    c_half_m1: Constant<Bits<16>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_zero4: Constant<Bits<4>>,
    c_one4: Constant<Bits<4>>,
    c_stop: Constant<Bits<4>>,
    c_one8: Constant<Bits<8>>,
    c_msb8: Constant<Bits<8>>,
}

impl UartRx {
    /// `div`: clock cycles per bit (at least 4).
    pub fn new(div: u16) -> Self {
        assert!(div >= 4, "UartRx: {div} cycles per bit, need at least 4");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            rxd: Default::default(),
            data: Default::default(),
            valid: Default::default(),
            ferr: Default::default(),
            busy: Default::default(),
            s1: DFFWithInit::new(true),
            s2: DFFWithInit::new(true),
            s3: DFFWithInit::new(true),
            active: Default::default(),
            cnt: Default::default(),
            bitn: Default::default(),
            sr: Default::default(),
            data_r: Default::default(),
            valid_r: Default::default(),
            ferr_r: Default::default(),
            c_div_m1: k(div as u64 - 1),
            c_half_m1: k(div as u64 / 2 - 1),
            c_zero16: k(0),
            c_one16: k(1),
            c_zero4: k(0),
            c_one4: k(1),
            c_stop: k(9),
            c_one8: k(1),
            c_msb8: k(0x80),
        }
    }
}

impl Logic for UartRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, s1, s2, s3, active, cnt, bitn, sr, data_r, valid_r, ferr_r);
        self.s1.d.next = self.rxd.val();
        self.s2.d.next = self.s1.q.val();
        self.s3.d.next = self.s2.q.val();
        self.valid_r.d.next = false;
        self.ferr_r.d.next = false;
        if !self.active.q.val() {
            if self.s3.q.val() && !self.s2.q.val() {
                // start bit edge: sample at its middle
                self.active.d.next = true;
                self.cnt.d.next = self.c_half_m1.val();
                self.bitn.d.next = self.c_zero4.val();
            }
        } else if self.cnt.q.val() != self.c_zero16.val() {
            self.cnt.d.next = self.cnt.q.val() - self.c_one16.val();
        } else {
            self.cnt.d.next = self.c_div_m1.val();
            self.bitn.d.next = self.bitn.q.val() + self.c_one4.val();
            if self.bitn.q.val() == self.c_zero4.val() {
                if self.s2.q.val() {
                    self.active.d.next = false;
                }
            } else if self.bitn.q.val() == self.c_stop.val() {
                self.active.d.next = false;
                if self.s2.q.val() {
                    self.valid_r.d.next = true;
                    self.data_r.d.next = self.sr.q.val();
                } else {
                    self.ferr_r.d.next = true;
                }
            } else if self.s2.q.val() {
                self.sr.d.next = (self.sr.q.val() >> self.c_one8.val()) | self.c_msb8.val();
            } else {
                self.sr.d.next = self.sr.q.val() >> self.c_one8.val();
            }
        }
        self.data.next = self.data_r.q.val();
        self.valid.next = self.valid_r.q.val();
        self.ferr.next = self.ferr_r.q.val();
        self.busy.next = self.active.q.val();
        if self.reset.val() {
            self.active.d.next = false;
            self.valid_r.d.next = false;
            self.ferr_r.d.next = false;
        }
    }
}

#[derive(LogicBlock)]
pub struct UartTx {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub data: Signal<In, Bits<8>>,
    pub valid: Signal<In, Bit>,
    pub ready: Signal<Out, Bit>,
    pub txd: Signal<Out, Bit>,
    wide: Widen<8, 10>,
    busy: DFF<Bit>,
    sr: DFF<Bits<10>>,
    cnt: DFF<Bits<16>>,
    bitn: DFF<Bits<4>>,
    txd_r: DFFWithInit<Bit>,
    c_div_m1: Constant<Bits<16>>,
    c_zero16: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_zero4: Constant<Bits<4>>,
    c_one4: Constant<Bits<4>>,
    c_last: Constant<Bits<4>>,
    c_one10: Constant<Bits<10>>,
    c_stop10: Constant<Bits<10>>,
}

impl UartTx {
    /// `div`: clock cycles per bit (at least 4).
    pub fn new(div: u16) -> Self {
        assert!(div >= 4, "UartTx: {div} cycles per bit, need at least 4");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            data: Default::default(),
            valid: Default::default(),
            ready: Default::default(),
            txd: Default::default(),
            wide: Default::default(),
            busy: Default::default(),
            sr: Default::default(),
            cnt: Default::default(),
            bitn: Default::default(),
            txd_r: DFFWithInit::new(true),
            c_div_m1: k(div as u64 - 1),
            c_zero16: k(0),
            c_one16: k(1),
            c_zero4: k(0),
            c_one4: k(1),
            c_last: k(9),
            c_one10: k(1),
            c_stop10: k(0x200),
        }
    }
}

impl Logic for UartTx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, busy, sr, cnt, bitn, txd_r);
        self.wide.x.next = self.data.val();
        self.txd_r.d.next = true;
        if !self.busy.q.val() {
            if self.valid.val() {
                // {stop, data[7:0], start}, sent LSB first
                self.busy.d.next = true;
                self.sr.d.next = (self.wide.y.val() << self.c_one10.val()) | self.c_stop10.val();
                self.cnt.d.next = self.c_div_m1.val();
                self.bitn.d.next = self.c_zero4.val();
                self.txd_r.d.next = false;
            }
        } else {
            self.txd_r.d.next = self.sr.q.val().get_bit(0);
            if self.cnt.q.val() != self.c_zero16.val() {
                self.cnt.d.next = self.cnt.q.val() - self.c_one16.val();
            } else {
                self.cnt.d.next = self.c_div_m1.val();
                self.bitn.d.next = self.bitn.q.val() + self.c_one4.val();
                self.sr.d.next = self.sr.q.val() >> self.c_one10.val();
                self.txd_r.d.next = self.sr.q.val().get_bit(1);
                if self.bitn.q.val() == self.c_last.val() {
                    self.busy.d.next = false;
                    self.txd_r.d.next = true;
                }
            }
        }
        self.ready.next = !self.busy.q.val() && !self.reset.val();
        self.txd.next = self.txd_r.q.val();
        if self.reset.val() {
            self.busy.d.next = false;
            self.txd_r.d.next = true;
        }
    }
}

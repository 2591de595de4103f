//! The UART register bridge: request frames in, one register-bus access, a response frame out,
//! in the format of `nicgen_wire::board::bridge` (which also gives the order of the checks).
//!
//! States: COLLECT (bytes 0..=9 of a request; an idle gap of `timeout` cycles after byte 0
//! answers TRUNCATED), BUS (one strobe, then wait for `ready`, at most
//! `BUS_TIMEOUT_CYCLES`), RESPOND (six bytes). Bytes received outside COLLECT are dropped.
//! `error` pulses when a response other than OK starts, `ferr` when a byte with a bad stop bit
//! is dropped; `rx_busy` / `tx_busy` show line activity.

use crate::uart::{UartRx, UartTx};
use nicgen_hdl::common::prim::k;
use nicgen_hdl::common::regbank::RegBusMaster;
use nicgen_hdl::common::widen::Widen;
use nicgen_wire::board::bridge::{self as wb, Status};
use rust_hdl::prelude::*;

const COLLECT: u64 = 0;
const BUS: u64 = 1;
const RESPOND: u64 = 2;

#[derive(LogicBlock)]
pub struct UartBridge {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub rxd: Signal<In, Bit>,
    pub txd: Signal<Out, Bit>,
    /// Byte address in the board map (the window check has been done).
    pub bus: RegBusMaster<16>,
    pub error: Signal<Out, Bit>,
    pub ferr: Signal<Out, Bit>,
    pub rx_busy: Signal<Out, Bit>,
    pub tx_busy: Signal<Out, Bit>,
    rx: UartRx,
    tx: UartTx,
    state: DFF<Bits<2>>,
    n: DFF<Bits<4>>,
    cmd: DFF<Bits<8>>,
    addr: DFF<Bits<32>>,
    wdata: DFF<Bits<32>>,
    sum: DFF<Bits<8>>,
    idle: DFF<Bits<24>>,
    status: DFF<Bits<8>>,
    rsh: DFF<Bits<32>>,
    osum: DFF<Bits<8>>,
    oi: DFF<Bits<3>>,
    wr: DFF<Bit>,
    rd: DFF<Bit>,
    waitc: DFF<Bits<8>>,
    err_r: DFF<Bit>,
    sum_next: Signal<Local, Bits<8>>,
    /// a received byte, in the low bits of a word
    byte32: Widen<8, 32>,
    out_byte: Signal<Local, Bits<8>>,
    c_collect: Constant<Bits<2>>,
    c_bus: Constant<Bits<2>>,
    c_respond: Constant<Bits<2>>,
    c_timeout: Constant<Bits<24>>,
    c_bus_timeout: Constant<Bits<8>>,
    c_windows: Constant<Bits<16>>,
    c_read: Constant<Bits<8>>,
    c_write: Constant<Bits<8>>,
    c_st: [Constant<Bits<8>>; 7],
    c_zero8: Constant<Bits<8>>,
    c_one8: Constant<Bits<8>>,
    c_sh8: Constant<Bits<32>>,
    c_zero32: Constant<Bits<32>>,
    c_zero24: Constant<Bits<24>>,
    c_one24: Constant<Bits<24>>,
    c_zero16: Constant<Bits<16>>,
    c_zero4: Constant<Bits<4>>,
    c_one4: Constant<Bits<4>>,
    c_four4: Constant<Bits<4>>,
    c_eight4: Constant<Bits<4>>,
    c_zero3: Constant<Bits<3>>,
    c_one3: Constant<Bits<3>>,
    c_last3: Constant<Bits<3>>,
    c_zero2: Constant<Bits<2>>,
}

impl UartBridge {
    /// `div`: clock cycles per bit; `timeout`: idle cycles that truncate a request;
    /// `windows`: bit w set when window w of the board map is mapped
    /// (`nicgen_wire::board::bridge::window_mask`).
    pub fn new(div: u16, timeout: u32, windows: u16) -> Self {
        assert!(
            timeout > 0 && timeout < 1 << 24,
            "UartBridge: timeout {timeout} outside 1..2^24 cycles"
        );
        Self {
            clock: Default::default(),
            reset: Default::default(),
            rxd: Default::default(),
            txd: Default::default(),
            bus: Default::default(),
            error: Default::default(),
            ferr: Default::default(),
            rx_busy: Default::default(),
            tx_busy: Default::default(),
            rx: UartRx::new(div),
            tx: UartTx::new(div),
            state: Default::default(),
            n: Default::default(),
            cmd: Default::default(),
            addr: Default::default(),
            wdata: Default::default(),
            sum: Default::default(),
            idle: Default::default(),
            status: Default::default(),
            rsh: Default::default(),
            osum: Default::default(),
            oi: Default::default(),
            wr: Default::default(),
            rd: Default::default(),
            waitc: Default::default(),
            err_r: Default::default(),
            sum_next: Default::default(),
            byte32: Default::default(),
            out_byte: Default::default(),
            c_collect: k(COLLECT),
            c_bus: k(BUS),
            c_respond: k(RESPOND),
            c_timeout: k(timeout as u64),
            c_bus_timeout: k(wb::BUS_TIMEOUT_CYCLES as u64),
            c_windows: k(windows as u64),
            c_read: k(wb::CMD_READ as u64),
            c_write: k(wb::CMD_WRITE as u64),
            c_st: std::array::from_fn(|i| k(Status::ALL[i] as u64)),
            c_zero8: k(0),
            c_one8: k(1),
            c_sh8: k(8),
            c_zero32: k(0),
            c_zero24: k(0),
            c_one24: k(1),
            c_zero16: k(0),
            c_zero4: k(0),
            c_one4: k(1),
            c_four4: k(4),
            c_eight4: k(8),
            c_zero3: k(0),
            c_one3: k(1),
            c_last3: k(wb::RESPONSE_BYTES as u64 - 1),
            c_zero2: k(0),
        }
    }
}

impl Logic for UartBridge {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, n, cmd, addr, wdata, sum, idle, status, rsh, osum, oi, wr, rd,
            waitc, err_r
        );
        self.rx.clock.next = self.clock.val();
        self.rx.reset.next = self.reset.val();
        self.tx.clock.next = self.clock.val();
        self.tx.reset.next = self.reset.val();
        self.rx.rxd.next = self.rxd.val();
        self.wr.d.next = false;
        self.rd.d.next = false;
        self.err_r.d.next = false;
        self.sum_next.next = self.sum.q.val() + self.rx.data.val();
        self.byte32.x.next = self.rx.data.val();
        self.out_byte.next = self.rsh.q.val().get_bits::<8>(24);
        if self.oi.q.val() == self.c_zero3.val() {
            self.out_byte.next = self.status.q.val();
        } else if self.oi.q.val() == self.c_last3.val() {
            self.out_byte.next = self.c_zero8.val() - self.osum.q.val();
        }
        self.tx.data.next = self.out_byte.val();
        self.tx.valid.next = false;

        if self.state.q.val() == self.c_collect.val() {
            if self.rx.valid.val() {
                self.idle.d.next = self.c_zero24.val();
                self.n.d.next = self.n.q.val() + self.c_one4.val();
                self.sum.d.next = self.sum_next.val();
                if self.n.q.val() == self.c_zero4.val() {
                    self.cmd.d.next = self.rx.data.val();
                } else if self.n.q.val() <= self.c_four4.val() {
                    self.addr.d.next =
                        (self.addr.q.val() << self.c_sh8.val()) | self.byte32.y.val();
                } else if self.n.q.val() <= self.c_eight4.val() {
                    self.wdata.d.next =
                        (self.wdata.q.val() << self.c_sh8.val()) | self.byte32.y.val();
                } else {
                    // the checksum byte: check, in the order of nicgen_wire::board::bridge::precheck
                    self.state.d.next = self.c_respond.val();
                    if self.sum_next.val() != self.c_zero8.val() {
                        self.status.d.next = self.c_st[1].val();
                    } else if (self.cmd.q.val() != self.c_read.val())
                        && (self.cmd.q.val() != self.c_write.val())
                    {
                        self.status.d.next = self.c_st[3].val();
                    } else if (self.addr.q.val().get_bits::<16>(16) != self.c_zero16.val())
                        || (self.addr.q.val().get_bits::<2>(0) != self.c_zero2.val())
                        || !self
                            .c_windows
                            .val()
                            .get_bit(self.addr.q.val().get_bits::<4>(12).index())
                    {
                        self.status.d.next = self.c_st[4].val();
                    } else {
                        self.state.d.next = self.c_bus.val();
                        self.wr.d.next = self.cmd.q.val() == self.c_write.val();
                        self.rd.d.next = self.cmd.q.val() == self.c_read.val();
                        self.waitc.d.next = self.c_zero8.val();
                    }
                }
            } else if self.n.q.val() != self.c_zero4.val() {
                self.idle.d.next = self.idle.q.val() + self.c_one24.val();
                if self.idle.q.val() == self.c_timeout.val() {
                    self.state.d.next = self.c_respond.val();
                    self.status.d.next = self.c_st[2].val();
                }
            }
            // every response starts from byte 0 with data 0 unless a read fills it
            self.rsh.d.next = self.c_zero32.val();
            self.oi.d.next = self.c_zero3.val();
            self.osum.d.next = self.c_zero8.val();
        } else if self.state.q.val() == self.c_bus.val() {
            self.waitc.d.next = self.waitc.q.val() + self.c_one8.val();
            if self.bus.ready.val() {
                self.state.d.next = self.c_respond.val();
                if self.bus.err.val() {
                    self.status.d.next = self.c_st[5].val();
                } else {
                    self.status.d.next = self.c_st[0].val();
                    if self.cmd.q.val() == self.c_read.val() {
                        self.rsh.d.next = self.bus.rdata.val();
                    }
                }
            } else if self.waitc.q.val() == self.c_bus_timeout.val() {
                self.state.d.next = self.c_respond.val();
                self.status.d.next = self.c_st[6].val();
            }
        } else {
            // RESPOND: status, data (4, MSB first), checksum
            self.tx.valid.next = true;
            if self.tx.ready.val() {
                self.oi.d.next = self.oi.q.val() + self.c_one3.val();
                self.osum.d.next = self.osum.q.val() + self.out_byte.val();
                if self.oi.q.val() == self.c_zero3.val() {
                    self.err_r.d.next = self.status.q.val() != self.c_st[0].val();
                } else {
                    self.rsh.d.next = self.rsh.q.val() << self.c_sh8.val();
                }
                if self.oi.q.val() == self.c_last3.val() {
                    self.state.d.next = self.c_collect.val();
                    self.n.d.next = self.c_zero4.val();
                    self.sum.d.next = self.c_zero8.val();
                    self.idle.d.next = self.c_zero24.val();
                }
            }
        }

        self.bus.addr.next = self.addr.q.val().get_bits::<16>(0);
        self.bus.wdata.next = self.wdata.q.val();
        self.bus.write.next = self.wr.q.val();
        self.bus.read.next = self.rd.q.val();
        self.txd.next = self.tx.txd.val();
        self.error.next = self.err_r.q.val();
        self.ferr.next = self.rx.ferr.val();
        self.rx_busy.next = self.rx.busy.val();
        self.tx_busy.next = !self.tx.ready.val();
        if self.reset.val() {
            self.state.d.next = self.c_collect.val();
            self.n.d.next = self.c_zero4.val();
            self.sum.d.next = self.c_zero8.val();
            self.idle.d.next = self.c_zero24.val();
            self.wr.d.next = false;
            self.rd.d.next = false;
            self.err_r.d.next = false;
        }
    }
}

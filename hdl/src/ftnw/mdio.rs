//! MDIO master, IEEE 802.3 clause 45 (thesis §2.4.2). A transaction is an ADDRESS frame then a
//! WRITE or READ frame; each frame is a preamble of 32 ones, ST = 00, OP (00 address, 01
//! write, 11 read), PRTAD, DEVAD, TA, 16 bits of address or data, MSB first. On a write the
//! master drives TA = 10; on a read it releases the line for TA and data and samples the data.
//!
//! MDC is `clock / (2 * half_period)`: low for `half_period` cycles, then high. The master
//! changes MDIO at the falling edge (start of a bit) and samples at the rising edge (the
//! last cycle of the low phase). A transaction takes `128 * 2 * half_period` cycles; `done`
//! pulses at its end with `rdata` valid for a read. `start` is ignored while `busy`.

use crate::common::prim::k;
use crate::top::Ports;
use nicgen_wire::ftnw::link as tnw;
use rust_hdl::prelude::*;

/// One 32-bit frame after the preamble: `{ST, OP, PRTAD, DEVAD, TA, DATA}` (from
/// `nicgen_wire::ftnw::link::mdio_frame_bits`).
#[derive(LogicBlock, Default, Ports)]
pub struct MdioFrame {
    pub op: Signal<In, Bits<2>>,
    pub data: Signal<In, Bits<16>>,
    pub word: Signal<Out, Bits<32>>,
    _prtad: u8,
}

impl Logic for MdioFrame {
    fn update(&mut self) {
        let w = tnw::mdio_frame_bits(
            self.op.val().to_u64() as u8,
            self._prtad,
            tnw::MDIO_DEVAD,
            self.data.val().to_u64() as u16,
        );
        self.word.next = (w as u64).into();
    }
    fn connect(&mut self) {
        self.word.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "always @(*) word = {{2'b00, op, 5'd{}, 5'd{}, 2'b10, data}};\n",
            self._prtad & 0x1f,
            tnw::MDIO_DEVAD
        ))
    }
}

#[derive(LogicBlock)]
pub struct MdioMaster {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    /// 1: read transaction, 0: write.
    pub read: Signal<In, Bit>,
    pub addr: Signal<In, Bits<16>>,
    pub wdata: Signal<In, Bits<16>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub rdata: Signal<Out, Bits<16>>,
    pub mdc: Signal<Out, Bit>,
    pub mdio_o: Signal<Out, Bit>,
    pub mdio_oe: Signal<Out, Bit>,
    pub mdio_i: Signal<In, Bit>,
    f_addr: MdioFrame,
    f_data: MdioFrame,
    busy_r: DFF<Bit>,
    rd_op: DFF<Bit>,
    addr_r: DFF<Bits<16>>,
    data_r: DFF<Bits<16>>,
    ph: DFF<Bits<8>>,
    high: DFF<Bit>,
    bitn: DFF<Bits<7>>,
    sr: DFF<Bits<32>>,
    rd: DFF<Bits<16>>,
    mdc_r: DFF<Bit>,
    o_r: DFF<Bit>,
    oe_r: DFF<Bit>,
    done_r: DFF<Bit>,
    nb: Signal<Local, Bits<7>>,
    /// `ph == half_period - 1` (the end of a half period), a register computed from `ph`'s
    /// next value.
    ph_end: DFF<Bit>,
    /// What the falling edge decides from `bitn`, registered from `bitn` every cycle: `bitn`
    /// moves only at a falling edge, at least 4 cycles before the next one reads these.
    f_last: DFF<Bit>,
    /// The next bit is in a preamble (`bitn + 1` bit 5 clear), and in the second frame (bit 6).
    f_preamble: DFF<Bit>,
    f_second: DFF<Bit>,
    f_pre: DFF<Bit>,
    f_ta: DFF<Bit>,
    c_half_m2: Constant<Bits<8>>,
    c_one8: Constant<Bits<8>>,
    c_zero8: Constant<Bits<8>>,
    c_one7: Constant<Bits<7>>,
    c_zero7: Constant<Bits<7>>,
    c_last: Constant<Bits<7>>,
    c_pre: Constant<Bits<5>>,
    c_ta: Constant<Bits<5>>,
    c_one32: Constant<Bits<32>>,
    c_one16: Constant<Bits<16>>,
    c_op_addr: Constant<Bits<2>>,
    c_op_read: Constant<Bits<2>>,
    c_op_write: Constant<Bits<2>>,
}

impl MdioMaster {
    /// `half_period`: TNW cycles per MDC half period (50 gives 2.5 MHz at 250 MHz);
    /// `prtad`: the PHY's port address.
    pub fn new(half_period: u8, prtad: u8) -> Self {
        assert!(
            half_period >= 2,
            "MdioMaster: half period {half_period} below 2 cycles"
        );
        assert!(prtad < 32, "MdioMaster: PRTAD {prtad} out of 0..32");
        let frame = || MdioFrame {
            _prtad: prtad,
            ..Default::default()
        };
        Self {
            clock: Default::default(),
            reset: Default::default(),
            start: Default::default(),
            read: Default::default(),
            addr: Default::default(),
            wdata: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            rdata: Default::default(),
            mdc: Default::default(),
            mdio_o: Default::default(),
            mdio_oe: Default::default(),
            mdio_i: Default::default(),
            f_addr: frame(),
            f_data: frame(),
            busy_r: Default::default(),
            rd_op: Default::default(),
            addr_r: Default::default(),
            data_r: Default::default(),
            ph: Default::default(),
            high: Default::default(),
            bitn: Default::default(),
            sr: Default::default(),
            rd: Default::default(),
            mdc_r: Default::default(),
            o_r: Default::default(),
            oe_r: Default::default(),
            done_r: Default::default(),
            nb: Default::default(),
            c_half_m2: k(half_period as u64 - 2),
            ph_end: Default::default(),
            f_last: Default::default(),
            f_preamble: Default::default(),
            f_second: Default::default(),
            f_pre: Default::default(),
            f_ta: Default::default(),
            c_one8: k(1),
            c_zero8: k(0),
            c_one7: k(1),
            c_zero7: k(0),
            c_last: k(127),
            c_pre: k(0),
            c_ta: k(14),
            c_one32: k(1),
            c_one16: k(1),
            c_op_addr: k(tnw::MDIO_OP_ADDRESS as u64),
            c_op_read: k(tnw::MDIO_OP_READ as u64),
            c_op_write: k(tnw::MDIO_OP_WRITE as u64),
        }
    }
}

impl Logic for MdioMaster {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, busy_r, rd_op, addr_r, data_r, ph, high, bitn, sr, rd, mdc_r, o_r, oe_r,
            done_r, ph_end, f_last, f_preamble, f_second, f_pre, f_ta
        );
        self.f_addr.op.next = self.c_op_addr.val();
        self.f_addr.data.next = self.addr_r.q.val();
        self.f_data.op.next = self.c_op_write.val();
        if self.rd_op.q.val() {
            self.f_data.op.next = self.c_op_read.val();
        }
        self.f_data.data.next = self.data_r.q.val();
        self.done_r.d.next = false;
        self.nb.next = self.bitn.q.val() + self.c_one7.val();
        self.f_last.d.next = self.bitn.q.val() == self.c_last.val();
        self.f_preamble.d.next = !self.nb.val().get_bit(5);
        self.f_second.d.next = self.nb.val().get_bit(6);
        self.f_pre.d.next = self.nb.val().get_bits::<5>(0) == self.c_pre.val();
        self.f_ta.d.next = self.rd_op.q.val()
            && self.nb.val().get_bit(6)
            && (self.nb.val().get_bits::<5>(0) >= self.c_ta.val());
        // `ph` restarts at 0 and `half_period - 1` is at least 1
        self.ph_end.d.next = false;
        if !self.busy_r.q.val() {
            if self.start.val() {
                self.busy_r.d.next = true;
                self.rd_op.d.next = self.read.val();
                self.addr_r.d.next = self.addr.val();
                self.data_r.d.next = self.wdata.val();
                self.ph.d.next = self.c_zero8.val();
                self.high.d.next = false;
                self.bitn.d.next = self.c_zero7.val();
                self.mdc_r.d.next = false;
                self.o_r.d.next = true;
                self.oe_r.d.next = true;
            }
        } else if !self.ph_end.q.val() {
            self.ph.d.next = self.ph.q.val() + self.c_one8.val();
            self.ph_end.d.next = self.ph.q.val() == self.c_half_m2.val();
        } else {
            self.ph.d.next = self.c_zero8.val();
            self.high.d.next = !self.high.q.val();
            if !self.high.q.val() {
                // rising edge: sample read data
                self.mdc_r.d.next = true;
                if self.rd_op.q.val()
                    && self.bitn.q.val().get_bit(6)
                    && self.bitn.q.val().get_bit(5)
                    && self.bitn.q.val().get_bit(4)
                {
                    if self.mdio_i.val() {
                        self.rd.d.next =
                            (self.rd.q.val() << self.c_one16.val()) | self.c_one16.val();
                    } else {
                        self.rd.d.next = self.rd.q.val() << self.c_one16.val();
                    }
                }
            } else {
                // falling edge: next bit
                self.mdc_r.d.next = false;
                self.bitn.d.next = self.nb.val();
                if self.f_last.q.val() {
                    self.busy_r.d.next = false;
                    self.done_r.d.next = true;
                    self.o_r.d.next = true;
                    self.oe_r.d.next = false;
                } else if self.f_preamble.q.val() {
                    self.o_r.d.next = true;
                    self.oe_r.d.next = true;
                } else if self.f_pre.q.val() {
                    if self.f_second.q.val() {
                        self.o_r.d.next = self.f_data.word.val().get_bit(31);
                        self.sr.d.next = self.f_data.word.val() << self.c_one32.val();
                    } else {
                        self.o_r.d.next = self.f_addr.word.val().get_bit(31);
                        self.sr.d.next = self.f_addr.word.val() << self.c_one32.val();
                    }
                } else {
                    self.o_r.d.next = self.sr.q.val().get_bit(31);
                    self.sr.d.next = self.sr.q.val() << self.c_one32.val();
                    if self.f_ta.q.val() {
                        self.oe_r.d.next = false;
                    }
                }
            }
        }
        self.busy.next = self.busy_r.q.val();
        self.done.next = self.done_r.q.val();
        self.rdata.next = self.rd.q.val();
        self.mdc.next = self.mdc_r.q.val();
        self.mdio_o.next = self.o_r.q.val();
        self.mdio_oe.next = self.oe_r.q.val();
        if self.reset.val() {
            self.busy_r.d.next = false;
            self.done_r.d.next = false;
            self.ph.d.next = self.c_zero8.val();
            self.ph_end.d.next = false;
            self.high.d.next = false;
            self.bitn.d.next = self.c_zero7.val();
            self.mdc_r.d.next = false;
            self.o_r.d.next = true;
            self.oe_r.d.next = false;
        }
    }
}

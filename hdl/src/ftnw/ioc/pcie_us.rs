//! The IOC's shim to the UltraScale Gen3 hard IP (PG156, 128 bits, `nicgen_wire::pcie_us`): the
//! completer-request receiver (`CqRx`: CQ transfers to a generic request, a header and its
//! payload beats), the completer-completion transmitter (`CcTx`: a generic completion of at
//! most two Dwords to CC beats) and the requester-request transmitter for short requests
//! (`RqTx`: a read, or a write of one Dword, to RQ beats). Another hard IP replaces these and
//! keeps the generic side.
//!
//! The descriptor fields are taken apart and put together by two leaves with exact Verilog
//! (`CqFields`, `CcBeats`) whose Rust models are the wire crate's `CqDesc::unpack` and
//! `CcDesc::pack`, so the formats have one source.

use crate::common::axis::{AxisSink, AxisSource};
use crate::common::unused::Unused;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::pcie_us::{dword_parity, CcDesc, CqDesc, ReqType, RqDesc};
use num_bigint::BigUint;
use rust_hdl::prelude::*;

fn b128(v: u128) -> Bits<128> {
    Bits::<128>::from(BigUint::from(v))
}

/// Four Dwords as one 128-bit beat (Dword 0 lowest) and their odd parity, one bit per byte
/// (bit `4i + k` for byte k of Dword i), as `tuser` carries it on CC and RQ.
fn beat_of(d: [u32; 4]) -> (Bits<128>, u64) {
    let data = d
        .iter()
        .enumerate()
        .fold(0u128, |a, (i, &x)| a | (x as u128) << (32 * i));
    let par = d
        .iter()
        .enumerate()
        .fold(0u64, |a, (i, &x)| a | (dword_parity(x) as u64) << (4 * i));
    (b128(data), par)
}

/// The fields of a CQ descriptor beat (`tdata` of the first beat).
#[derive(LogicBlock, Default, Ports)]
pub struct CqFields {
    pub tdata: Signal<In, Bits<128>>,
    /// Address bits [31:0] (Dword aligned; a BAR is aligned to its size, so the low bits are
    /// the offset in the BAR).
    pub addr: Signal<Out, Bits<32>>,
    pub dwords: Signal<Out, Bits<11>>,
    pub req_type: Signal<Out, Bits<4>>,
    pub req_id: Signal<Out, Bits<16>>,
    pub tag: Signal<Out, Bits<8>>,
    pub bar: Signal<Out, Bits<3>>,
    pub tc: Signal<Out, Bits<3>>,
    pub attr: Signal<Out, Bits<3>>,
}

impl Logic for CqFields {
    fn update(&mut self) {
        let v = self.tdata.val().to_u128();
        let w: [u32; 4] = std::array::from_fn(|i| (v >> (32 * i)) as u32);
        // the request type is passed on raw: a reserved type is the consumer's to refuse
        let rt = (w[2] >> 11) & 0xf;
        let mut w2 = w;
        w2[2] &= !(0xf << 11);
        let d = CqDesc::unpack(&w2).expect("type 0 decodes");
        self.addr.next = (d.addr as u32 as u64).into();
        self.dwords.next = (d.dwords as u64).into();
        self.req_type.next = (rt as u64).into();
        self.req_id.next = (d.requester_id as u64).into();
        self.tag.next = (d.tag as u64).into();
        self.bar.next = (d.bar_id as u64).into();
        self.tc.next = (d.tc as u64).into();
        self.attr.next = (d.attr as u64).into();
    }
    fn connect(&mut self) {
        self.addr.connect();
        self.dwords.connect();
        self.req_type.connect();
        self.req_id.connect();
        self.tag.connect();
        self.bar.connect();
        self.tc.connect();
        self.attr.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "always @(*) begin\n\
             \x20  addr = {tdata[31:2], 2'b00};\n\
             \x20  dwords = tdata[74:64];\n\
             \x20  req_type = tdata[78:75];\n\
             \x20  req_id = tdata[95:80];\n\
             \x20  tag = tdata[103:96];\n\
             \x20  bar = tdata[114:112];\n\
             \x20  tc = tdata[123:121];\n\
             \x20  attr = tdata[126:124];\n\
             end\n\
             wire unused_ok = &{1'b0, tdata[127], tdata[120:115], tdata[111:104], tdata[79], tdata[63:32], tdata[1:0]};\n"
                .into(),
        )
    }
}

/// A completion of at most two Dwords as the CC beats: `d0`/`u0` the first beat (descriptor
/// and `data0`), `d1`/`u1` the second (`data1`, used when `dwords` is 2).
#[derive(LogicBlock, Default, Ports)]
pub struct CcBeats {
    pub lower_addr: Signal<In, Bits<7>>,
    pub byte_count: Signal<In, Bits<13>>,
    pub dwords: Signal<In, Bits<11>>,
    pub status: Signal<In, Bits<3>>,
    pub req_id: Signal<In, Bits<16>>,
    pub tag: Signal<In, Bits<8>>,
    pub completer_id: Signal<In, Bits<16>>,
    pub tc: Signal<In, Bits<3>>,
    pub attr: Signal<In, Bits<3>>,
    pub data0: Signal<In, Bits<32>>,
    pub data1: Signal<In, Bits<32>>,
    pub d0: Signal<Out, Bits<128>>,
    pub u0: Signal<Out, Bits<33>>,
    pub d1: Signal<Out, Bits<128>>,
    pub u1: Signal<Out, Bits<33>>,
}

impl Logic for CcBeats {
    fn update(&mut self) {
        let c = CcDesc {
            lower_addr: self.lower_addr.val().to_u64() as u8,
            at: 0,
            byte_count: self.byte_count.val().to_u64() as u16,
            locked: false,
            dwords: self.dwords.val().to_u64() as u16,
            status: self.status.val().to_u64() as u8,
            poisoned: false,
            requester_id: self.req_id.val().to_u64() as u16,
            tag: self.tag.val().to_u64() as u8,
            completer_id: self.completer_id.val().to_u64() as u16,
            completer_id_enable: false,
            tc: self.tc.val().to_u64() as u8,
            attr: self.attr.val().to_u64() as u8,
            force_ecrc: false,
        };
        let w = c.pack().expect("fields fit their widths");
        let d0 = [w[0], w[1], w[2], self.data0.val().to_u32()];
        let d1 = [self.data1.val().to_u32(), 0, 0, 0];
        let beat = |d: [u32; 4]| {
            let (data, par) = beat_of(d);
            (data, Bits::<33>::from(par << 1))
        };
        let (a, b) = beat(d0);
        self.d0.next = a;
        self.u0.next = b;
        let (a, b) = beat(d1);
        self.d1.next = a;
        self.u1.next = b;
    }
    fn connect(&mut self) {
        self.d0.connect();
        self.u0.connect();
        self.d1.connect();
        self.u1.connect();
    }
    fn hdl(&self) -> Verilog {
        // PG156 completer completion descriptor; tuser[0] discontinue, [32:1] odd parity per byte
        Verilog::Custom(
            "wire [127:0] b0 = {data0, 1'b0, attr, tc, 1'b0, completer_id, tag,\n\
             \x20                   req_id, 1'b0, 1'b0, status, dwords, 3'b000, byte_count, 6'd0, 2'b00, 1'b0, lower_addr};\n\
             wire [127:0] b1 = {96'd0, data1};\n\
             wire [15:0] p0;\n\
             wire [15:0] p1;\n\
             genvar pi;\n\
             generate for (pi = 0; pi < 16; pi = pi + 1) begin : par\n\
             \x20  assign p0[pi] = ~^b0[8 * pi +: 8];\n\
             \x20  assign p1[pi] = ~^b1[8 * pi +: 8];\n\
             end endgenerate\n\
             always @(*) begin\n\
             \x20  d0 = b0;\n\
             \x20  d1 = b1;\n\
             \x20  u0 = {16'd0, p0, 1'b0};\n\
             \x20  u1 = {16'd0, p1, 1'b0};\n\
             end\n"
                .into(),
        )
    }
}

/// CQ to a generic request: the descriptor beat becomes a registered header (`h_*`, taken with
/// `h_valid && h_ready`), the following beats pass through as payload (`p_*`, the first payload
/// Dword in lane 0 of the first payload beat). A header is captured only when the previous one
/// has been taken; payload beats wait for `p_ready`. `h_has_data`: beats follow the header.
#[derive(LogicBlock, Default)]
pub struct CqRx {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub cq: AxisSink<128, 4, 85>,
    pub h_valid: Signal<Out, Bit>,
    pub h_ready: Signal<In, Bit>,
    pub h_addr: Signal<Out, Bits<32>>,
    pub h_dwords: Signal<Out, Bits<11>>,
    pub h_type: Signal<Out, Bits<4>>,
    pub h_first_be: Signal<Out, Bits<4>>,
    pub h_last_be: Signal<Out, Bits<4>>,
    pub h_req_id: Signal<Out, Bits<16>>,
    pub h_tag: Signal<Out, Bits<8>>,
    pub h_bar: Signal<Out, Bits<3>>,
    pub h_tc: Signal<Out, Bits<3>>,
    pub h_attr: Signal<Out, Bits<3>>,
    pub h_has_data: Signal<Out, Bit>,
    pub p_data: Signal<Out, Bits<128>>,
    pub p_keep: Signal<Out, Bits<4>>,
    pub p_last: Signal<Out, Bit>,
    pub p_valid: Signal<Out, Bit>,
    pub p_ready: Signal<In, Bit>,
    fields: CqFields,
    /// `tuser` beyond the byte enables: per-Dword byte enables (the Dword count and
    /// first/last enables say the same), discontinue, TPH, parity (not checked).
    unused_user: Unused<Bits<85>>,
    in_data: DFF<Bit>,
    hv: DFF<Bit>,
    addr: DFF<Bits<32>>,
    dwords: DFF<Bits<11>>,
    rtype: DFF<Bits<4>>,
    first_be: DFF<Bits<4>>,
    last_be: DFF<Bits<4>>,
    req_id: DFF<Bits<16>>,
    tag: DFF<Bits<8>>,
    bar: DFF<Bits<3>>,
    tc: DFF<Bits<3>>,
    attr: DFF<Bits<3>>,
    has_data: DFF<Bit>,
}

impl Logic for CqRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, in_data, hv, addr, dwords, rtype, first_be, last_be, req_id, tag, bar, tc,
            attr, has_data
        );
        self.fields.tdata.next = self.cq.tdata.val();
        self.unused_user.x.next = self.cq.tuser.val();
        self.h_valid.next = self.hv.q.val();
        self.h_addr.next = self.addr.q.val();
        self.h_dwords.next = self.dwords.q.val();
        self.h_type.next = self.rtype.q.val();
        self.h_first_be.next = self.first_be.q.val();
        self.h_last_be.next = self.last_be.q.val();
        self.h_req_id.next = self.req_id.q.val();
        self.h_tag.next = self.tag.q.val();
        self.h_bar.next = self.bar.q.val();
        self.h_tc.next = self.tc.q.val();
        self.h_attr.next = self.attr.q.val();
        self.h_has_data.next = self.has_data.q.val();
        self.p_data.next = self.cq.tdata.val();
        self.p_keep.next = self.cq.tkeep.val();
        self.p_last.next = self.cq.tlast.val();
        self.p_valid.next = self.in_data.q.val() && self.cq.tvalid.val();
        if self.in_data.q.val() {
            self.cq.tready.next = self.p_ready.val();
            if self.cq.tvalid.val() && self.p_ready.val() && self.cq.tlast.val() {
                self.in_data.d.next = false;
            }
        } else {
            self.cq.tready.next = !self.hv.q.val();
            if self.cq.tvalid.val() && !self.hv.q.val() {
                self.hv.d.next = true;
                self.addr.d.next = self.fields.addr.val();
                self.dwords.d.next = self.fields.dwords.val();
                self.rtype.d.next = self.fields.req_type.val();
                self.first_be.d.next = self.cq.tuser.val().get_bits::<4>(0);
                self.last_be.d.next = self.cq.tuser.val().get_bits::<4>(4);
                self.req_id.d.next = self.fields.req_id.val();
                self.tag.d.next = self.fields.tag.val();
                self.bar.d.next = self.fields.bar.val();
                self.tc.d.next = self.fields.tc.val();
                self.attr.d.next = self.fields.attr.val();
                self.has_data.d.next = !self.cq.tlast.val();
                self.in_data.d.next = !self.cq.tlast.val();
            }
        }
        if self.hv.q.val() && self.h_ready.val() {
            self.hv.d.next = false;
        }
        if self.reset.val() {
            self.hv.d.next = false;
            self.in_data.d.next = false;
        }
    }
}

/// Two registered beats on an AXI4-Stream master (`U` bits of `tuser`): a transfer of one beat
/// (`d0`, `u0`, `keep0`, with `last0`) or two (then `d1`, `u1`, one Dword), taken with
/// `t_valid && t_ready` when no beat is waiting and `enable` is high. Every output is a
/// register. The completer-completion and requester-request transmitters are this with their
/// descriptor leaves.
#[derive(LogicBlock, BlockDefault)]
pub struct BeatPairTx<const U: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub enable: Signal<In, Bit>,
    pub t_valid: Signal<In, Bit>,
    pub t_ready: Signal<Out, Bit>,
    pub d0: Signal<In, Bits<128>>,
    pub u0: Signal<In, Bits<U>>,
    pub keep0: Signal<In, Bits<4>>,
    pub last0: Signal<In, Bit>,
    pub d1: Signal<In, Bits<128>>,
    pub u1: Signal<In, Bits<U>>,
    pub tdata: Signal<Out, Bits<128>>,
    pub tkeep: Signal<Out, Bits<4>>,
    pub tlast: Signal<Out, Bit>,
    pub tuser: Signal<Out, Bits<U>>,
    pub tvalid: Signal<Out, Bit>,
    pub tready: Signal<In, Bit>,
    o_data: DFF<Bits<128>>,
    o_user: DFF<Bits<U>>,
    o_keep: DFF<Bits<4>>,
    o_last: DFF<Bit>,
    o_valid: DFF<Bit>,
    h_data: DFF<Bits<128>>,
    h_user: DFF<Bits<U>>,
    #[init(Constant::new(1u64.into()))]
    c_keep1: Constant<Bits<4>>,
}

impl<const U: usize> Logic for BeatPairTx<U> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, o_data, o_user, o_keep, o_last, o_valid, h_data, h_user);
        self.tdata.next = self.o_data.q.val();
        self.tuser.next = self.o_user.q.val();
        self.tkeep.next = self.o_keep.q.val();
        self.tlast.next = self.o_last.q.val();
        self.tvalid.next = self.o_valid.q.val();
        self.t_ready.next = !self.o_valid.q.val() && self.enable.val();
        if self.o_valid.q.val() && self.tready.val() {
            if self.o_last.q.val() {
                self.o_valid.d.next = false;
            } else {
                self.o_data.d.next = self.h_data.q.val();
                self.o_user.d.next = self.h_user.q.val();
                self.o_keep.d.next = self.c_keep1.val();
                self.o_last.d.next = true;
            }
        }
        if !self.o_valid.q.val() && self.enable.val() && self.t_valid.val() {
            self.o_valid.d.next = true;
            self.o_data.d.next = self.d0.val();
            self.o_user.d.next = self.u0.val();
            self.h_data.d.next = self.d1.val();
            self.h_user.d.next = self.u1.val();
            self.o_keep.d.next = self.keep0.val();
            self.o_last.d.next = self.last0.val();
        }
        if self.reset.val() {
            self.o_valid.d.next = false;
        }
    }
}

/// A generic completion (`c_*`, at most two Dwords, taken with `c_valid && c_ready`) to CC
/// beats (a `BeatPairTx` fed by `CcBeats`).
#[derive(LogicBlock, BlockDefault)]
pub struct CcTx {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub completer_id: Signal<In, Bits<16>>,
    pub c_valid: Signal<In, Bit>,
    pub c_ready: Signal<Out, Bit>,
    pub c_lower_addr: Signal<In, Bits<7>>,
    pub c_byte_count: Signal<In, Bits<13>>,
    pub c_dwords: Signal<In, Bits<11>>,
    pub c_status: Signal<In, Bits<3>>,
    pub c_req_id: Signal<In, Bits<16>>,
    pub c_tag: Signal<In, Bits<8>>,
    pub c_tc: Signal<In, Bits<3>>,
    pub c_attr: Signal<In, Bits<3>>,
    pub c_data0: Signal<In, Bits<32>>,
    pub c_data1: Signal<In, Bits<32>>,
    pub cc: AxisSource<128, 4, 33>,
    beats: CcBeats,
    tx: BeatPairTx<33>,
    #[init(Constant::new(0u64.into()))]
    c_zero: Constant<Bits<11>>,
    #[init(Constant::new(1u64.into()))]
    c_one: Constant<Bits<11>>,
    #[init(Constant::new(7u64.into()))]
    c_keep3: Constant<Bits<4>>,
    #[init(Constant::new(15u64.into()))]
    c_keep4: Constant<Bits<4>>,
}

impl Logic for CcTx {
    #[hdl_gen]
    fn update(&mut self) {
        self.beats.lower_addr.next = self.c_lower_addr.val();
        self.beats.byte_count.next = self.c_byte_count.val();
        self.beats.dwords.next = self.c_dwords.val();
        self.beats.status.next = self.c_status.val();
        self.beats.req_id.next = self.c_req_id.val();
        self.beats.tag.next = self.c_tag.val();
        self.beats.completer_id.next = self.completer_id.val();
        self.beats.tc.next = self.c_tc.val();
        self.beats.attr.next = self.c_attr.val();
        self.beats.data0.next = self.c_data0.val();
        self.beats.data1.next = self.c_data1.val();
        self.tx.clock.next = self.clock.val();
        self.tx.reset.next = self.reset.val();
        self.tx.enable.next = true;
        self.tx.t_valid.next = self.c_valid.val();
        self.c_ready.next = self.tx.t_ready.val();
        self.tx.d0.next = self.beats.d0.val();
        self.tx.u0.next = self.beats.u0.val();
        self.tx.d1.next = self.beats.d1.val();
        self.tx.u1.next = self.beats.u1.val();
        // the descriptor is three Dwords, the first data Dword shares its beat
        self.tx.keep0.next = self.c_keep4.val();
        if self.c_dwords.val() == self.c_zero.val() {
            self.tx.keep0.next = self.c_keep3.val();
        }
        self.tx.last0.next =
            (self.c_dwords.val() == self.c_zero.val()) || (self.c_dwords.val() == self.c_one.val());
        self.cc.tdata.next = self.tx.tdata.val();
        self.cc.tkeep.next = self.tx.tkeep.val();
        self.cc.tlast.next = self.tx.tlast.val();
        self.cc.tuser.next = self.tx.tuser.val();
        self.cc.tvalid.next = self.tx.tvalid.val();
        self.tx.tready.next = self.cc.tready.val();
    }
}

/// A request of at most one Dword of payload as RQ beats: `d0`/`u0` the descriptor beat, `d1`/`u1`
/// the payload beat (`data0` in lane 0). The requester ID is the core's (not enabled here); TC
/// and attributes are 0.
#[derive(LogicBlock, Default, Ports)]
pub struct RqBeats {
    /// Host byte address (48 bits, Dword aligned: bits 1:0 are not used).
    pub addr: Signal<In, Bits<48>>,
    pub dwords: Signal<In, Bits<11>>,
    pub req_type: Signal<In, Bits<4>>,
    pub tag: Signal<In, Bits<8>>,
    pub first_be: Signal<In, Bits<4>>,
    pub last_be: Signal<In, Bits<4>>,
    pub data0: Signal<In, Bits<32>>,
    pub d0: Signal<Out, Bits<128>>,
    pub u0: Signal<Out, Bits<60>>,
    pub d1: Signal<Out, Bits<128>>,
    pub u1: Signal<Out, Bits<60>>,
}

impl Logic for RqBeats {
    fn update(&mut self) {
        let rt = self.req_type.val().to_u64() as u32;
        let d = RqDesc {
            at: 0,
            addr: self.addr.val().to_u64() & !3,
            dwords: self.dwords.val().to_u64() as u16,
            req_type: ReqType::MemRead,
            poisoned: false,
            requester_id: 0,
            tag: self.tag.val().to_u64() as u8,
            completer_id: 0,
            requester_id_enable: false,
            tc: 0,
            attr: 0,
            force_ecrc: false,
        };
        let mut w = d.pack().expect("fields fit their widths");
        // the type is placed raw (any 4-bit code), as the Verilog does
        w[2] = (w[2] & !(0xf << 11)) | rt << 11;
        let d1 = [self.data0.val().to_u32(), 0, 0, 0];
        let beat = |d: [u32; 4]| {
            let (data, par) = beat_of(d);
            (data, par << 28)
        };
        let (a, p0) = beat(w);
        let be = self.first_be.val().to_u64() | self.last_be.val().to_u64() << 4;
        self.d0.next = a;
        self.u0.next = Bits::<60>::from(p0 | be);
        let (b, p1) = beat(d1);
        self.d1.next = b;
        self.u1.next = Bits::<60>::from(p1);
    }
    fn connect(&mut self) {
        self.d0.connect();
        self.u0.connect();
        self.d1.connect();
        self.u1.connect();
    }
    fn hdl(&self) -> Verilog {
        // PG156 requester request descriptor; tuser [3:0] first BE, [7:4] last BE, [43:28] odd
        // parity per byte
        Verilog::Custom(
            "wire [127:0] b0 = {1'b0, 3'b000, 3'b000, 1'b0, 16'd0, tag,\n\
             \x20                   16'd0, 1'b0, req_type, dwords, 16'd0, addr[47:2], 2'b00};\n\
             wire [127:0] b1 = {96'd0, data0};\n\
             wire unused_ok = &{1'b0, addr[1:0]};\n\
             wire [15:0] p0;\n\
             wire [15:0] p1;\n\
             genvar pi;\n\
             generate for (pi = 0; pi < 16; pi = pi + 1) begin : par\n\
             \x20  assign p0[pi] = ~^b0[8 * pi +: 8];\n\
             \x20  assign p1[pi] = ~^b1[8 * pi +: 8];\n\
             end endgenerate\n\
             always @(*) begin\n\
             \x20  d0 = b0;\n\
             \x20  d1 = b1;\n\
             \x20  u0 = {16'd0, p0, 20'd0, last_be, first_be};\n\
             \x20  u1 = {16'd0, p1, 28'd0};\n\
             end\n"
                .into(),
        )
    }
}

/// A short request (`r_*`: a read of `r_dwords`, or with `r_write` a write of the one Dword
/// `r_data0`, taken with `r_valid && r_ready`) to RQ beats (a `BeatPairTx` fed by `RqBeats`). A
/// request is taken only while bus mastering is enabled (`bus_master`, Command register bit 2:
/// nothing is issued without it, FTNW-H162).
#[derive(LogicBlock, BlockDefault)]
pub struct RqTx {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub bus_master: Signal<In, Bit>,
    pub r_valid: Signal<In, Bit>,
    pub r_ready: Signal<Out, Bit>,
    pub r_write: Signal<In, Bit>,
    pub r_addr: Signal<In, Bits<48>>,
    pub r_dwords: Signal<In, Bits<11>>,
    pub r_tag: Signal<In, Bits<8>>,
    pub r_first_be: Signal<In, Bits<4>>,
    pub r_last_be: Signal<In, Bits<4>>,
    pub r_data0: Signal<In, Bits<32>>,
    pub rq: AxisSource<128, 4, 60>,
    beats: RqBeats,
    tx: BeatPairTx<60>,
    #[init(Constant::new((ReqType::MemWrite as u64).into()))]
    c_wr: Constant<Bits<4>>,
    #[init(Constant::new((ReqType::MemRead as u64).into()))]
    c_rd: Constant<Bits<4>>,
    #[init(Constant::new(15u64.into()))]
    c_keep4: Constant<Bits<4>>,
}

impl Logic for RqTx {
    #[hdl_gen]
    fn update(&mut self) {
        self.beats.addr.next = self.r_addr.val();
        self.beats.dwords.next = self.r_dwords.val();
        self.beats.req_type.next = self.c_rd.val();
        if self.r_write.val() {
            self.beats.req_type.next = self.c_wr.val();
        }
        self.beats.tag.next = self.r_tag.val();
        self.beats.first_be.next = self.r_first_be.val();
        self.beats.last_be.next = self.r_last_be.val();
        self.beats.data0.next = self.r_data0.val();
        self.tx.clock.next = self.clock.val();
        self.tx.reset.next = self.reset.val();
        self.tx.enable.next = self.bus_master.val();
        self.tx.t_valid.next = self.r_valid.val();
        self.r_ready.next = self.tx.t_ready.val();
        self.tx.d0.next = self.beats.d0.val();
        self.tx.u0.next = self.beats.u0.val();
        self.tx.d1.next = self.beats.d1.val();
        self.tx.u1.next = self.beats.u1.val();
        self.tx.keep0.next = self.c_keep4.val();
        self.tx.last0.next = !self.r_write.val();
        self.rq.tdata.next = self.tx.tdata.val();
        self.rq.tkeep.next = self.tx.tkeep.val();
        self.rq.tlast.next = self.tx.tlast.val();
        self.rq.tuser.next = self.tx.tuser.val();
        self.rq.tvalid.next = self.tx.tvalid.val();
        self.tx.tready.next = self.rq.tready.val();
    }
}

/// A CQ beat as one word for the register path's command FIFO: `y = {user8, last, keep, data}`
/// (`user8`: `tuser[7:0]`, the first and last byte enables, all the receiver reads of `tuser`).
#[derive(LogicBlock, Default)]
pub struct CqPack {
    pub data: Signal<In, Bits<128>>,
    pub keep: Signal<In, Bits<4>>,
    pub last: Signal<In, Bit>,
    pub user8: Signal<In, Bits<8>>,
    pub y: Signal<Out, Bits<141>>,
}

impl Logic for CqPack {
    fn update(&mut self) {
        let hi = self.keep.val().to_u64()
            | (self.last.val() as u64) << 4
            | self.user8.val().to_u64() << 5;
        let y = BigUint::from(self.data.val().to_u128()) | BigUint::from(hi) << 128;
        self.y.next = Bits::<141>::from(y);
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) y = {user8, last, keep, data};\n".into())
    }
}

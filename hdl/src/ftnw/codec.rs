//! TNW word encoders and decoder (thesis §2.2; layout in `nicgen_wire::ftnw::link`), as combinational
//! leaves whose Rust model *is* the wire crate's encoder/decoder, so the RTL cannot drift from
//! the one definition; the Verilog is generated from the same constants and the lock-step test
//! compares the two. Control kinds are numbered as the RX_CMD byte lanes: ACK 0, NAK 1,
//! RESTART 2, IDLE 3.

use nicgen_wire::ftnw::link::{self as tnw, Ctrl, Decoded, Header, Word};
use rust_hdl::prelude::*;

pub const KIND_ACK: u64 = 0;
pub const KIND_NAK: u64 = 1;
pub const KIND_RESTART: u64 = 2;
pub const KIND_IDLE: u64 = 3;

fn kind_of(k: u64) -> Ctrl {
    [Ctrl::Ack, Ctrl::Nak, Ctrl::Restart, Ctrl::Idle][k as usize & 3]
}

fn code_case(var: &str, sel: &str) -> String {
    let mut s = format!("   case ({sel})\n");
    for (i, k) in [Ctrl::Ack, Ctrl::Nak, Ctrl::Restart, Ctrl::Idle]
        .iter()
        .enumerate()
    {
        s += &format!("      2'd{i}: {var} = 8'h{:02X};\n", k.code());
    }
    s + "      default: " + var + " = 8'h00;\n   endcase\n"
}

/// Control character: `kind` and sequence number to the 32 data bits (flags are `1111`).
#[derive(LogicBlock, Default)]
pub struct CtrlEncode<const S: usize> {
    pub kind: Signal<In, Bits<2>>,
    pub seq: Signal<In, Bits<S>>,
    pub d: Signal<Out, Bits<32>>,
}

impl<const S: usize> Logic for CtrlEncode<S> {
    fn update(&mut self) {
        let k = kind_of(self.kind.val().to_u64());
        let seq = if matches!(k, Ctrl::Ack | Ctrl::Nak) {
            self.seq.val().to_u64() as u16
        } else {
            0
        };
        self.d.next = Bits::<32>::from(Word::control(k, seq).d as u64);
    }
    fn connect(&mut self) {
        assert!(
            S >= 2 && S <= tnw::HDR_SEQ_BITS as usize,
            "CtrlEncode: sequence width {S} out of 2..=10"
        );
        self.d.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "reg [7:0] code;\nreg [15:0] s16;\nalways @(*) begin\n{}   s16 = (kind == 2'd{KIND_ACK} || kind == 2'd{KIND_NAK}) ? {{{}'b0, seq}} : 16'h0000;\n   d = {{~(code ^ s16[7:0] ^ s16[15:8]), s16, code}};\nend\n",
            code_case("code", "kind"),
            16 - S
        ))
    }
}

/// Packet header word: destination `{rao, vc}` (14 bits) and sequence number.
#[derive(LogicBlock, Default)]
pub struct HeaderEncode<const S: usize> {
    pub dest: Signal<In, Bits<14>>,
    pub seq: Signal<In, Bits<S>>,
    pub d: Signal<Out, Bits<32>>,
}

impl<const S: usize> Logic for HeaderEncode<S> {
    fn update(&mut self) {
        let dest = self.dest.val().to_u64();
        let h = Header {
            vc: (dest & 7) as u8,
            rao: (dest >> 3) as u16,
            seq: self.seq.val().to_u64() as u16,
        };
        self.d.next = Bits::<32>::from(Word::header(h).d as u64);
    }
    fn connect(&mut self) {
        assert!(
            S >= 2 && S <= tnw::HDR_SEQ_BITS as usize,
            "HeaderEncode: sequence width {S} out of 2..=10"
        );
        self.d.connect();
    }
    fn hdl(&self) -> Verilog {
        let pad = tnw::HDR_SEQ_BITS as usize - S;
        let seq = if pad == 0 {
            "seq".to_string()
        } else {
            format!("{{{pad}'b0, seq}}")
        };
        Verilog::Custom(format!(
            "always @(*) d = {{{seq}, dest, 8'h{:02X}}};\n",
            tnw::SOP
        ))
    }
}

/// Classifies one PHY word (`nicgen_wire::ftnw::link::decode`): exactly one of `is_data`, `is_hdr`,
/// `is_ctrl`, `dirty` is set. `seq` carries the header's or the ACK/NAK's sequence number,
/// `kind` the control kind, `dest` the header's `{rao, vc}`, `dclass` the RX_CMD lane of a
/// dirty word. `hseq` is the header's sequence field read off the word whatever its class (no
/// decoding logic: for compares made before the class is known).
#[derive(LogicBlock, Default)]
pub struct WordDecode<const S: usize> {
    pub d: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<4>>,
    pub is_data: Signal<Out, Bit>,
    pub is_hdr: Signal<Out, Bit>,
    pub is_ctrl: Signal<Out, Bit>,
    pub dirty: Signal<Out, Bit>,
    pub kind: Signal<Out, Bits<2>>,
    pub seq: Signal<Out, Bits<S>>,
    pub dest: Signal<Out, Bits<14>>,
    pub dclass: Signal<Out, Bits<2>>,
    pub hseq: Signal<Out, Bits<S>>,
}

fn lane(k: Ctrl) -> u64 {
    k.rx_cmd_lane() as u64
}

impl<const S: usize> Logic for WordDecode<S> {
    fn update(&mut self) {
        let w = Word {
            d: self.d.val().to_u64() as u32,
            c: self.c.val().to_u64() as u8,
        };
        let (mut data, mut hdr, mut ctrl, mut dirty, mut kind, mut seq, mut class) =
            (false, false, false, false, 0u64, 0u64, 0u64);
        match tnw::decode(w, S as u32) {
            Decoded::Data(_) => data = true,
            Decoded::Header(h) => {
                hdr = true;
                seq = h.seq as u64;
            }
            Decoded::Ctrl(k, s) => {
                ctrl = true;
                kind = lane(k);
                seq = s as u64;
            }
            Decoded::Dirty { class: k } => {
                dirty = true;
                class = lane(k);
            }
        }
        self.is_data.next = data;
        self.is_hdr.next = hdr;
        self.is_ctrl.next = ctrl;
        self.dirty.next = dirty;
        self.kind.next = kind.into();
        self.seq.next = seq.into();
        self.dest.next = (((w.d >> 8) & 0x3fff) as u64).into();
        self.dclass.next = class.into();
        self.hseq.next = (((w.d >> 22) as u64) & ((1u64 << S) - 1)).into();
    }
    fn connect(&mut self) {
        assert!(
            S >= 2 && S < tnw::HDR_SEQ_BITS as usize,
            "WordDecode: sequence width {S} out of 2..=9"
        );
        self.is_data.connect();
        self.is_hdr.connect();
        self.is_ctrl.connect();
        self.dirty.connect();
        self.kind.connect();
        self.seq.connect();
        self.dest.connect();
        self.dclass.connect();
        self.hseq.connect();
    }
    fn hdl(&self) -> Verilog {
        let (ack, nak, rst, idl) = (tnw::K_ACK, tnw::K_NAK, tnw::K_RESTART, tnw::K_IDLE);
        let known = |v: &str| {
            format!("({v} == 8'h{ack:02X} || {v} == 8'h{nak:02X} || {v} == 8'h{rst:02X} || {v} == 8'h{idl:02X})")
        };
        let lane_of = |v: &str| {
            format!(
                "({v} == 8'h{ack:02X}) ? 2'd{} : ({v} == 8'h{nak:02X}) ? 2'd{} : ({v} == 8'h{rst:02X}) ? 2'd{} : 2'd{}",
                lane(Ctrl::Ack),
                lane(Ctrl::Nak),
                lane(Ctrl::Restart),
                lane(Ctrl::Idle)
            )
        };
        let hi = 16 - S;
        Verilog::Custom(format!(
            "wire [7:0] b0 = d[7:0];\nwire [7:0] b1 = d[15:8];\nwire [7:0] b2 = d[23:16];\nwire [7:0] b3 = d[31:24];\n\
             wire [7:0] rec = ~b3 ^ b1 ^ b2;\n\
             wire k_known = {kb0};\n\
             wire k_seq = (b0 == 8'h{ack:02X} || b0 == 8'h{nak:02X});\n\
             wire s_ok = (d[23:{sh}] == {hi}'d0) && (k_seq || d[{sm}:8] == {S}'d0);\n\
             wire c_ok = (c == 4'hF) && (b3 == ~(b0 ^ b1 ^ b2)) && k_known && s_ok;\n\
             wire h_ok = (c == 4'h1) && (b0 == 8'h{sop:02X}) && (d[31:{hs}] == {hh}'d0);\n\
             always @(*) begin\n\
             \x20  is_data = (c == 4'h0);\n\
             \x20  is_hdr = h_ok;\n\
             \x20  is_ctrl = c_ok;\n\
             \x20  dirty = !(c == 4'h0) && !h_ok && !c_ok;\n\
             \x20  kind = c_ok ? ({lane_b0}) : 2'd0;\n\
             \x20  seq = h_ok ? d[{hq}:22] : c_ok ? d[{sm}:8] : {S}'d0;\n\
             \x20  dest = d[21:8];\n\
             \x20  hseq = d[{hq}:22];\n\
             \x20  dclass = (!(c == 4'h0) && !h_ok && !c_ok) ? ({kb0} ? ({lane_b0}) : {krec} ? ({lane_rec}) : 2'd{li}) : 2'd0;\n\
             end\n",
            kb0 = known("b0"),
            krec = known("rec"),
            lane_b0 = lane_of("b0"),
            lane_rec = lane_of("rec"),
            sh = 8 + S,
            sm = 7 + S,
            hs = 22 + S,
            hh = tnw::HDR_SEQ_BITS as usize - S,
            hq = 21 + S,
            sop = tnw::SOP,
            li = lane(Ctrl::Idle),
        ))
    }
}

//! TNW word encoders and decoder (thesis §2.2; layout in `nicgen_wire::ftnw::link`), as leaves
//! (the encoders combinational, the decoder with a register between its two halves) whose Rust
//! model *is* the wire crate's encoder/decoder, so the RTL cannot drift from
//! the one definition; the Verilog is generated from the same constants and the lock-step test
//! compares the two. Control kinds are numbered as the RX_CMD byte lanes: ACK 0, NAK 1,
//! RESTART 2, IDLE 3.

use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ftnw::link::{self as tnw, Ctrl, Decoded, Header, Word};
use rust_hdl::prelude::*;

/// The links' sequence-number width: TXLINK, RXLINK and RXSYNC's decoder are built with it, so
/// they agree on which headers and ACK/NAKs are clean.
pub const LINK_SEQ_BITS: usize = 8;

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
#[derive(LogicBlock, Default, Ports)]
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
#[derive(LogicBlock, Default, Ports)]
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

/// Bit positions of the class byte `WordDecode` gives a word (`cls`, also carried by RXSYNC):
/// exactly one of data, header, control and dirty is set; `kind` is a control word's kind and
/// `dclass` a dirty word's RX_CMD lane (both 0 otherwise).
pub const CLS_DATA: usize = 0;
pub const CLS_HDR: usize = 1;
pub const CLS_CTRL: usize = 2;
pub const CLS_DIRTY: usize = 3;
pub const CLS_KIND: usize = 4;
pub const CLS_DCLASS: usize = 6;

fn lane(k: Ctrl) -> u64 {
    k.rx_cmd_lane() as u64
}

/// The class byte of one PHY word on a link with `seq_bits` of sequence number
/// (`nicgen_wire::ftnw::link::decode`), laid out as the `CLS_*` positions say.
pub fn class_byte(w: Word, seq_bits: u32) -> u64 {
    match tnw::decode(w, seq_bits) {
        Decoded::Data(_) => 1 << CLS_DATA,
        Decoded::Header(_) => 1 << CLS_HDR,
        Decoded::Ctrl(k, _) => (1 << CLS_CTRL) | (lane(k) << CLS_KIND),
        Decoded::Dirty { class: k } => (1 << CLS_DIRTY) | (lane(k) << CLS_DCLASS),
    }
}

/// Classifies PHY words (`nicgen_wire::ftnw::link::decode`) in two halves around a register,
/// so neither half is deep: at the clock edge the word `{c, d}` is registered with 17 partial
/// terms of it (flag patterns, the check byte, the code byte against each code and SOP, the
/// zero tests of the sequence fields, the code recovered from the check byte, "clean IDLE"),
/// each at most three LUT levels from the input; after the edge the class (`cls`, `CLS_*`) is
/// those terms combined, at most three levels more. `q` is the registered word and `idle` is
/// set when it is a clean IDLE. The sequence number, `{rao, vc}` and `hseq` are bits of `q`.
/// Latency: one cycle (the outputs describe the word of the last edge). Power-up: a clean IDLE.
#[derive(LogicBlock, Ports, BlockDefault)]
pub struct WordDecode<const S: usize> {
    pub clock: Signal<In, Clock>,
    pub d: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<4>>,
    pub q: Signal<Out, Bits<32>>,
    pub cls: Signal<Out, Bits<8>>,
    pub idle: Signal<Out, Bit>,
    #[init(Word::idle())]
    _w: Word,
}

impl<const S: usize> Logic for WordDecode<S> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self._w = Word {
                d: self.d.val().to_u64() as u32,
                c: self.c.val().to_u64() as u8,
            };
        }
        self.q.next = (self._w.d as u64).into();
        self.cls.next = class_byte(self._w, S as u32).into();
        self.idle.next = self._w == Word::idle();
    }
    fn connect(&mut self) {
        assert!(
            S >= 2 && S < tnw::HDR_SEQ_BITS as usize,
            "WordDecode: sequence width {S} out of 2..=9"
        );
        self.q.connect();
        self.cls.connect();
        self.idle.connect();
    }
    fn hdl(&self) -> Verilog {
        let (ack, nak, rst, idl) = (tnw::K_ACK, tnw::K_NAK, tnw::K_RESTART, tnw::K_IDLE);
        let la = lane(Ctrl::Ack);
        let ln = lane(Ctrl::Nak);
        let lr = lane(Ctrl::Restart);
        let li = lane(Ctrl::Idle);
        let w0 = Word::idle();
        Verilog::Custom(format!(
            "// the partial terms of a word: [0] c == 0, [1] c == 1, [2] c == F, [3] and [4] the\n\
             // check byte holds in bits 3:0 and 7:4, [8:5] the code byte is ACK, NAK, RESTART,\n\
             // IDLE, [9] it is SOP, [10] no sequence bits above S (control), [11] no sequence\n\
             // bits at all (control), [12] none above S (header), [15:13] the code recovered from\n\
             // the check byte is ACK, NAK, RESTART (any other counts as IDLE), [16] a clean IDLE\n\
             function [16:0] part(input [31:0] w, input [3:0] f);\n\
             \x20  reg [7:0] chk;\n\
             \x20  reg [7:0] rec;\n\
             \x20  begin\n\
             \x20     chk = w[31:24] ^ ~(w[7:0] ^ w[15:8] ^ w[23:16]);\n\
             \x20     rec = ~w[31:24] ^ w[15:8] ^ w[23:16];\n\
             \x20     part = {{(w == 32'h{w0d:08X}) && (f == 4'h{w0c:X}),\n\
             \x20        rec == 8'h{rst:02X}, rec == 8'h{nak:02X}, rec == 8'h{ack:02X},\n\
             \x20        w[31:{hs}] == {hh}'d0, w[{sm}:8] == {S}'d0, w[23:{sh}] == {hi}'d0, w[7:0] == 8'h{sop:02X},\n\
             \x20        w[7:0] == 8'h{idl:02X}, w[7:0] == 8'h{rst:02X}, w[7:0] == 8'h{nak:02X}, w[7:0] == 8'h{ack:02X},\n\
             \x20        chk[7:4] == 4'h0, chk[3:0] == 4'h0, f == 4'hF, f == 4'h1, f == 4'h0}};\n\
             \x20  end\n\
             endfunction\n\
             localparam [16:0] PART0 = part(32'h{w0d:08X}, 4'h{w0c:X});\n\
             reg [31:0] q_r = 32'h{w0d:08X};\n\
             reg [16:0] p = PART0;\n\
             always @(posedge clock) begin\n\
             \x20  q_r <= d;\n\
             \x20  p <= part(d, c);\n\
             end\n\
             wire known = p[5] | p[6] | p[7] | p[8];\n\
             wire c_ok = p[2] & p[3] & p[4] & known & p[10] & (p[5] | p[6] | p[11]);\n\
             wire h_ok = p[1] & p[9] & p[12];\n\
             wire dirty = !p[0] & !h_ok & !c_ok;\n\
             wire [1:0] lane_b0 = p[5] ? 2'd{la} : p[6] ? 2'd{ln} : p[7] ? 2'd{lr} : 2'd{li};\n\
             wire [1:0] lane_rec = p[13] ? 2'd{la} : p[14] ? 2'd{ln} : p[15] ? 2'd{lr} : 2'd{li};\n\
             always @(*) begin\n\
             \x20  q = q_r;\n\
             \x20  cls = {{dirty ? (known ? lane_b0 : lane_rec) : 2'd0, c_ok ? lane_b0 : 2'd0, dirty, c_ok, h_ok, p[0]}};\n\
             \x20  idle = p[16];\n\
             end\n",
            w0d = w0.d,
            w0c = w0.c,
            sh = 8 + S,
            sm = 7 + S,
            hi = 16 - S,
            hs = 22 + S,
            hh = tnw::HDR_SEQ_BITS as usize - S,
            sop = tnw::SOP,
        ))
    }
}

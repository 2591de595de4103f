//! The MIT Network Interface Chip (CSG Memo 331, issue 15): the one description of its formats.
//! - The P-bus command encoding in the address (§3.2.1, `Command`): the 14 address bits
//!   da = A[15:2] carry LOC (the register), OTYPE, NNEXT, SEND and CSP (NIC-A03).
//! - The registers at their LOC (`MITNIC_REGS`; byte offset = LOC x 4 in A[5:2]): o0-o4, i0-i4,
//!   CONTROL, STATUS, CODE-BASE, INST (§2.2.2, with NIC-A01, A02, A05, A06, A07 decided).
//! - The message (five words and a 5-bit type) and its PaRC packet of twelve 16-bit words
//!   (§3.3: header, the 20 data bytes in the chart's lanes with NIC-A12's reading, 0x5555),
//!   the header word and the idle words.
//! - The routing byte: the node number (butterfly, ROUTE = 0) or a ring table's entry
//!   (ROUTE = 1; Figure 2.2 is missing, so the table is a parameter, NIC-A13).
//!
//! What the memo leaves open is decided in `docs/spec-decisions.md` (MIT NIC rows).

crate::regmap! {
    pub static MITNIC_REGS: "MIT_NIC", addr_bits = 6, "MIT NIC registers (CSG Memo 331 §2.2.2, §3.2.1): register LOC at byte offset LOC x 4 (LOC = da[3:0] = A[5:2]); LOC E and F are reserved (read 0, writes ignored, NIC-A08).";
    O0 @ 0x00, "Outgoing message word 0: bits 31:24 are the destination node." { V [0, 32] RW = 0, "o0"; }
    O1 @ 0x04, "Outgoing message word 1." { V [0, 32] RW = 0, "o1"; }
    O2 @ 0x08, "Outgoing message word 2." { V [0, 32] RW = 0, "o2"; }
    O3 @ 0x0c, "Outgoing message word 3." { V [0, 32] RW = 0, "o3"; }
    O4 @ 0x10, "Outgoing message word 4." { V [0, 32] RW = 0, "o4"; }
    I0 @ 0x14, "Incoming message word 0 (writable for testing only, NIC-A07; indeterminate while VALID = 0)." { V [0, 32] RW = 0, "i0"; }
    I1 @ 0x18, "Incoming message word 1 (the handler address of a type-0 message)." { V [0, 32] RW = 0, "i1"; }
    I2 @ 0x1c, "Incoming message word 2." { V [0, 32] RW = 0, "i2"; }
    I3 @ 0x20, "Incoming message word 3." { V [0, 32] RW = 0, "i3"; }
    I4 @ 0x24, "Incoming message word 4." { V [0, 32] RW = 0, "i4"; }
    CONTROL @ 0x28, "Control (NIC-A02 bit order; all 0 after a reset, NIC-A21)." {
        FW [0, 1] RW = 0, "F/W: a send to a full output queue is answered FAULT (1) or WAIT (0)";
        ITHRESH [1, 4] RW = 0, "iaFULL when the input queue holds more than this (NIC-A04)";
        OTHRESH [5, 4] RW = 0, "oaFULL when the output queue holds more than this";
        ROUTE [9, 1] RW = 0, "1: ring routing byte (table), 0: butterfly (the node number)";
        OP_ON [10, 1] RW = 0, "the output port may start packets";
        IP_ON [11, 1] RW = 0, "the input port takes packets";
        NOTE_EXCS [12, 6] RW = 0, "per STATUS.EXCS bit: it dispatches INST to the exception handler";
        RESET_NET_EXCS [18, 2] SC = 0, "writing 1 clears the sticky STATUS.EXCS[1:0] bit; reads 0";
        OUT_EXCS [20, 4] RW = 0, "the four exception output pins";
        RESET_NIC [24, 1] SC = 0, "writing 1 resets the NIC (queues emptied, every register 0); reads 0";
    }
    STATUS @ 0x2c, "Status, read-only (NIC-A05), bit ranges of NIC-A01." {
        VALID [0, 1] RO = 0, "i0-i4 and iTYPE hold a message";
        EXCS [1, 6] RO = 0, "[0] room_error, [1] idle_error (sticky), [5:2] the exception input pins";
        ITYPE [8, 5] RO = 0, "type of the message in i0-i4";
        IAFULL [13, 1] RO = 0, "input queue length > CONTROL.ITHRESH";
        OAFULL [14, 1] RO = 0, "output queue length > CONTROL.OTHRESH";
        ILENGTH [15, 5] RO = 0, "messages in the input queue (0-16; not counting i0-i4, NIC-A22)";
        OLENGTH [20, 5] RO = 0, "messages in the output queue (0-16)";
    }
    CODE_BASE @ 0x30, "Base of the handler table; bits 14:0 are 0 (NIC-A06)." {
        BASE [15, 17] RW = 0, "CODE-BASE[31:15]";
    }
    INST @ 0x34, "The dispatch address, computed every cycle (§2.8, NIC-A17, A18)." {
        V [0, 32] RO = 0, "i1, or {CODE-BASE[31:15], oaFULL, iaFULL, type, 8'h00}";
    }
}

/// The CONTROL bits a write stores: its read-write fields (RESET_NET_EXCS and RESET_NIC are
/// commands and read 0).
pub fn control_stored_mask() -> u32 {
    CONTROL::FIELDS
        .iter()
        .filter(|f| f.access == crate::regs::Access::RW)
        .fold(0, |m, f| m | f.mask())
}

/// Messages each queue holds.
pub const QUEUE_DEPTH: usize = 16;
/// Words of a message.
pub const MSG_WORDS: usize = 5;
/// 16-bit words of a PaRC packet.
pub const PACKET_WORDS: usize = 12;
/// The idle word the output port sends, and the other idle word an input port accepts.
pub const IDLE: u16 = 0x5555;
pub const IDLE_ALT: u16 = 0x2AAA;
/// Message types the dispatch reserves (§2.8): no message, exception.
pub const TYPE_NO_MSG: u8 = 30;
pub const TYPE_EXCEPTION: u8 = 31;
/// INST's low bits under a constructed address: the type at 12:8, the rest 0.
pub const INST_TYPE_LSB: u32 = 8;

/// The P-bus reply lines dr[1:0] (§3.2 L444, NIC-A24): what a slave drives in the cycle after
/// a transaction's address (and in every cycle it holds the transaction with WAIT). The memo
/// defers the encoding to the MC88100 User's Manual, which is not on this machine; these are
/// the project's decision (docs/spec-decisions.md, NIC-A24), kept here only, so a correction
/// is this one line and every block, model and test follows.
pub const DR_IDLE: u8 = 0b00;
pub const DR_SUCCESS: u8 = 0b01;
pub const DR_WAIT: u8 = 0b10;
pub const DR_FAULT: u8 = 0b11;

/// The input port raises niwait while the input queue holds at least this many messages
/// (NIC-A27): the messages that can still arrive after niwait rises are the one being received,
/// one the upstream port starts before it sees niwait, and two in the crossing into the P-bus
/// clock domain.
pub const NIWAIT_LEVEL: usize = QUEUE_DEPTH - 4;

/// The register a transaction names (da[3:0]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loc {
    O(usize),
    I(usize),
    Control,
    Status,
    CodeBase,
    Inst,
    Reserved(u8),
}

impl Loc {
    pub fn from_u8(v: u8) -> Loc {
        match v & 0xF {
            n @ 0..=4 => Loc::O(n as usize),
            n @ 5..=9 => Loc::I(n as usize - 5),
            0xA => Loc::Control,
            0xB => Loc::Status,
            0xC => Loc::CodeBase,
            0xD => Loc::Inst,
            n => Loc::Reserved(n),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            Loc::O(n) => n as u8,
            Loc::I(n) => 5 + n as u8,
            Loc::Control => 0xA,
            Loc::Status => 0xB,
            Loc::CodeBase => 0xC,
            Loc::Inst => 0xD,
            Loc::Reserved(n) => n,
        }
    }
}

/// The send command (da[11:10], §3.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Send {
    /// 00: nothing is sent.
    None,
    /// 01: o0-o4.
    Msg,
    /// 10: REPLY, i1 and i2 in place of o0 and o1.
    Reply,
    /// 11: FORWARD, i3 and i4 in place of o3 and o4.
    Forward,
}

/// The commands of one P-bus transaction, decoded from da = A[15:2] (NIC-A03: LOC 3:0,
/// OTYPE 8:4, NNEXT 9, SEND 11:10, CSP 12; da[13] ignored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    pub loc: Loc,
    pub otype: u8,
    pub nnext: bool,
    pub send: Send,
    pub csp: bool,
}

impl Command {
    /// A transaction that only loads or stores `loc` (no send, no NNEXT).
    pub fn plain(loc: Loc) -> Command {
        Command {
            loc,
            otype: 0,
            nnext: false,
            send: Send::None,
            csp: false,
        }
    }
    /// A store to `loc` that also sends o0-o4 with type `otype` (the last store of a message).
    pub fn store_and_send(loc: Loc, otype: u8, csp: bool) -> Command {
        Command {
            otype,
            send: Send::Msg,
            csp,
            ..Command::plain(loc)
        }
    }
    pub fn decode(da: u16) -> Command {
        Command {
            loc: Loc::from_u8(da as u8 & 0xF),
            otype: (da >> 4) as u8 & 0x1F,
            nnext: da >> 9 & 1 != 0,
            send: match da >> 10 & 3 {
                0 => Send::None,
                1 => Send::Msg,
                2 => Send::Reply,
                _ => Send::Forward,
            },
            csp: da >> 12 & 1 != 0,
        }
    }
    /// da for these commands (da[13] = 0).
    pub fn encode(&self) -> u16 {
        assert!(self.otype < 32, "OTYPE {} past 5 bits", self.otype);
        self.loc.to_u8() as u16
            | (self.otype as u16) << 4
            | (self.nnext as u16) << 9
            | (self.send as u16) << 10
            | (self.csp as u16) << 12
    }
    /// The byte address (A[15:0]) of the transaction, within the NIC's 64 KB window.
    pub fn address(&self) -> u32 {
        (self.encode() as u32) << 2
    }
}

/// A message: five words and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Msg {
    pub words: [u32; MSG_WORDS],
    pub ty: u8,
}

/// The 20 data bytes of a message in the packet's words 1-10 (§3.3 chart, NIC-A12): per packet
/// word, (message word, byte) of its upper byte and of its lower byte.
pub const LANES: [[(usize, u32); 2]; 10] = [
    [(0, 1), (0, 0)],
    [(0, 3), (0, 2)],
    [(1, 1), (1, 0)],
    [(1, 3), (1, 2)],
    [(3, 0), (2, 0)],
    [(3, 2), (3, 1)],
    [(4, 0), (3, 3)],
    [(4, 2), (4, 1)],
    [(2, 1), (4, 3)],
    [(2, 2), (2, 3)],
];

/// The header word (§3.3): [15] = 1, [14] = CSP, [13] = 1, [12:8] = type, [7:0] = routing byte.
pub fn header(ty: u8, csp: bool, route: u8) -> u16 {
    assert!(ty < 32, "type {ty} past 5 bits");
    0x8000 | (csp as u16) << 14 | 0x2000 | (ty as u16) << 8 | route as u16
}

/// The twelve words of a message's packet.
pub fn pack(m: &Msg, csp: bool, route: u8) -> [u16; PACKET_WORDS] {
    let byte = |(w, b): (usize, u32)| (m.words[w] >> (8 * b)) as u8 as u16;
    let mut p = [0u16; PACKET_WORDS];
    p[0] = header(m.ty, csp, route);
    for (k, l) in LANES.iter().enumerate() {
        p[1 + k] = byte(l[0]) << 8 | byte(l[1]);
    }
    p[11] = IDLE;
    p
}

/// The message, CSP and routing byte of a packet (bit 13 and word 11 are not checked, NIC-A37;
/// word 0 of the message comes from the data words, never from the header, NIC-A14).
pub fn unpack(p: &[u16; PACKET_WORDS]) -> (Msg, bool, u8) {
    let mut words = [0u32; MSG_WORDS];
    for (k, l) in LANES.iter().enumerate() {
        let (hi, lo) = (p[1 + k] >> 8, p[1 + k] & 0xFF);
        words[l[0].0] |= (hi as u32) << (8 * l[0].1);
        words[l[1].0] |= (lo as u32) << (8 * l[1].1);
    }
    let ty = (p[0] >> 8) as u8 & 0x1F;
    (Msg { words, ty }, p[0] >> 14 & 1 != 0, p[0] as u8)
}

/// The routing byte of a message whose word 0 is `w0` (§2.9): the node number w0[31:24] with
/// ROUTE = 0; with ROUTE = 1, the ring table's entry for node[2:0] (node bits 7:3 ignored,
/// NIC-A13: the memo's Figure 2.2 is missing, so the table is the build's parameter).
pub fn routing_byte(w0: u32, ring: bool, ring_table: &[u8; 8]) -> u8 {
    let node = (w0 >> 24) as u8;
    if ring {
        ring_table[(node & 7) as usize]
    } else {
        node
    }
}

/// An input word outside a packet: a header (bit 15), an idle word, or an idle error
/// (§3.4: bit 15 low and neither idle word).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    Header,
    Idle,
    IdleError,
}

pub fn frame(word: u16) -> Framing {
    if word & 0x8000 != 0 {
        Framing::Header
    } else if word == IDLE || word == IDLE_ALT {
        Framing::Idle
    } else {
        Framing::IdleError
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_sit_at_loc_times_four() {
        for (loc, off) in [
            (Loc::O(0), O0::OFFSET),
            (Loc::O(4), O4::OFFSET),
            (Loc::I(0), I0::OFFSET),
            (Loc::I(4), I4::OFFSET),
            (Loc::Control, CONTROL::OFFSET),
            (Loc::Status, STATUS::OFFSET),
            (Loc::CodeBase, CODE_BASE::OFFSET),
            (Loc::Inst, INST::OFFSET),
        ] {
            assert_eq!(loc.to_u8() as u32 * 4, off, "{loc:?}");
            assert_eq!(Loc::from_u8(loc.to_u8()), loc);
        }
        assert_eq!(Loc::from_u8(0xE), Loc::Reserved(0xE));
        assert_eq!(STATUS::OLENGTH.mask(), 0x01F0_0000);
        assert_eq!(CONTROL::RESET_NIC.mask(), 1 << 24);
        assert_eq!(
            control_stored_mask(),
            0x00F3_FFFF & !(3 << 18) | 0x0003_0000
        );
    }

    #[test]
    fn commands_round_trip_through_the_address() {
        for da in 0..1u16 << 13 {
            let c = Command::decode(da);
            assert_eq!(c.encode(), da);
        }
        // da[13] (A15) is ignored
        assert_eq!(Command::decode(0x2000 | 0x5A), Command::decode(0x5A));
        let c = Command {
            loc: Loc::O(2),
            otype: 7,
            nnext: true,
            send: Send::Reply,
            csp: true,
        };
        assert_eq!(c.encode(), 2 | 7 << 4 | 1 << 9 | 2 << 10 | 1 << 12);
        assert_eq!(c.address(), (c.encode() as u32) << 2);
    }

    #[test]
    fn every_data_byte_travels_once_and_comes_back() {
        let mut seen = [[false; 4]; MSG_WORDS];
        for l in LANES.iter().flatten() {
            assert!(!seen[l.0][l.1 as usize], "byte {l:?} twice");
            seen[l.0][l.1 as usize] = true;
        }
        assert!(seen.iter().flatten().all(|&s| s));
        let m = Msg {
            words: [
                0x0A0B_0C0D,
                0x1112_1314,
                0x2122_2324,
                0x3132_3334,
                0x4142_4344,
            ],
            ty: 19,
        };
        let p = pack(&m, true, 0x0A);
        // the chart's words (§3.3, NIC-A12)
        assert_eq!(p[0], 0x8000 | 0x4000 | 0x2000 | 19 << 8 | 0x0A);
        assert_eq!(p[1], 0x0C0D);
        assert_eq!(p[2], 0x0A0B);
        assert_eq!(p[5], 0x3424, "{{o3[7:0], o2[7:0]}}");
        assert_eq!(p[9], 0x2341, "{{o2[15:8], o4[31:24]}}");
        assert_eq!(p[10], 0x2221, "{{o2[23:16], o2[31:24]}}");
        assert_eq!(p[11], IDLE);
        assert_eq!(unpack(&p), (m, true, 0x0A));
    }

    #[test]
    fn routing_bytes_and_framing() {
        let table = [10, 11, 12, 13, 14, 15, 16, 17];
        assert_eq!(routing_byte(0xAB00_0000, false, &table), 0xAB);
        assert_eq!(routing_byte(0xAB00_0000, true, &table), 13);
        assert_eq!(frame(0x8000), Framing::Header);
        assert_eq!(frame(IDLE), Framing::Idle);
        assert_eq!(frame(IDLE_ALT), Framing::Idle);
        assert_eq!(frame(0x1234), Framing::IdleError);
    }
}

//! The four AXI4-Stream interfaces of the Xilinx UltraScale Gen3 Integrated Block for PCI Express
//! (PG156) at 128 bits, straddling off, Dword-aligned mode: completer request (CQ, core to user),
//! completer completion (CC, user to core), requester request (RQ, user to core) and requester
//! completion (RC, core to user). One source of truth for the FTNW IOC's outer ports, the
//! root-complex model in `nicgen-sim` and the documentation.
//!
//! A transfer is a descriptor (four Dwords for CQ and RQ, three for CC and RC) followed by the
//! payload Dwords, packed four Dwords to a beat from bit 0 (`tdata[31:0]` is the first Dword);
//! `tkeep` has a bit per Dword and is contiguous from Dword 0 of the first beat to the last
//! payload Dword; `tlast` marks the last beat. Descriptor fields and `tuser` bit positions are
//! those of PG156 (tables "Completer Request Descriptor Format", "Completer Completion
//! Descriptor Format", "Requester Request Descriptor Format", "Requester Completion Descriptor
//! Format" and the `*_tuser` port tables, 64/128/256-bit interfaces); the `tuser` parity bits
//! carry odd parity per byte.

/// `tdata` width and Dwords per beat.
pub const DATA_BITS: usize = 128;
pub const BEAT_DWORDS: usize = DATA_BITS / 32;
/// `tuser` widths of the four interfaces.
pub const CQ_USER_BITS: usize = 85;
pub const CC_USER_BITS: usize = 33;
pub const RQ_USER_BITS: usize = 60;
pub const RC_USER_BITS: usize = 75;

/// Request type (CQ and RQ descriptor bits [78:75]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReqType {
    MemRead = 0,
    MemWrite = 1,
    IoRead = 2,
    IoWrite = 3,
    FetchAdd = 4,
    Swap = 5,
    Cas = 6,
    MemReadLocked = 7,
    CfgRead0 = 8,
    CfgRead1 = 9,
    CfgWrite0 = 10,
    CfgWrite1 = 11,
    Msg = 12,
    MsgVendor = 13,
    MsgAts = 14,
}

impl ReqType {
    pub fn from_bits(v: u32) -> Result<Self, FormatError> {
        use ReqType::*;
        Ok(match v & 0xf {
            0 => MemRead,
            1 => MemWrite,
            2 => IoRead,
            3 => IoWrite,
            4 => FetchAdd,
            5 => Swap,
            6 => Cas,
            7 => MemReadLocked,
            8 => CfgRead0,
            9 => CfgRead1,
            10 => CfgWrite0,
            11 => CfgWrite1,
            12 => Msg,
            13 => MsgVendor,
            14 => MsgAts,
            _ => return Err(FormatError::ReservedReqType),
        })
    }
    /// A request that carries a payload (writes and atomics).
    pub fn has_payload(self) -> bool {
        use ReqType::*;
        matches!(
            self,
            MemWrite | IoWrite | FetchAdd | Swap | Cas | CfgWrite0 | CfgWrite1
        )
    }
}

/// Completion status (CC and RC descriptor bits [45:43]).
pub mod status {
    pub const SC: u8 = 0b000;
    pub const UR: u8 = 0b001;
    pub const CRS: u8 = 0b010;
    pub const CA: u8 = 0b100;
}

/// RC descriptor error code (bits [15:12]).
pub mod rc_error {
    pub const NORMAL: u8 = 0b0000;
    pub const POISONED: u8 = 0b0001;
    pub const BAD_STATUS: u8 = 0b0010;
    pub const INVALID_LENGTH: u8 = 0b0011;
    pub const MISMATCH: u8 = 0b0100;
    pub const INVALID_ADDRESS: u8 = 0b0101;
    pub const INVALID_TAG: u8 = 0b0110;
    pub const FLR: u8 = 0b1000;
    pub const TIMEOUT: u8 = 0b1001;
}

/// Why a transfer does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Request type 15 is reserved.
    ReservedReqType,
    /// Fewer Dwords than the descriptor.
    Short,
    /// Payload Dwords do not match the descriptor's Dword count.
    Length { descriptor: usize, payload: usize },
    /// `tkeep` not contiguous from Dword 0, or set beyond the transfer.
    Keep { beat: usize },
    /// `tlast` missing on the last beat or set before it.
    Last { beat: usize },
    /// Start-of-packet marking (CQ `sop`, RC `is_sof_0`) missing on the first beat or set later.
    Sop { beat: usize },
    /// RC `is_eof_0` missing on the last beat, set early, or pointing at another Dword.
    Eof { beat: usize },
    /// A field out of its width (packing).
    Field(&'static str),
}

fn field(v: u64, bits: u32, name: &'static str) -> Result<u32, FormatError> {
    if v >> bits != 0 {
        Err(FormatError::Field(name))
    } else {
        Ok(v as u32)
    }
}

/// Completer request descriptor (CQ): a request from the link to the user's BARs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CqDesc {
    /// Address type [1:0].
    pub at: u8,
    /// Byte address, Dword aligned [63:2].
    pub addr: u64,
    /// Dword count [74:64] (11 bits; 0 is not used by memory requests).
    pub dwords: u16,
    pub req_type: ReqType,
    /// Requester ID [95:80].
    pub requester_id: u16,
    /// Tag [103:96].
    pub tag: u8,
    /// Target function [111:104].
    pub target_function: u8,
    /// BAR ID [114:112] (0-5 for BAR0-5, 6 expansion ROM).
    pub bar_id: u8,
    /// BAR aperture [120:115]: log2 of the BAR's size in bytes.
    pub bar_aperture: u8,
    /// Transaction class [123:121].
    pub tc: u8,
    /// Attributes [126:124].
    pub attr: u8,
}

impl CqDesc {
    pub fn pack(&self) -> Result<[u32; 4], FormatError> {
        if self.addr & 3 != 0 {
            return Err(FormatError::Field("addr"));
        }
        Ok([
            field(self.at as u64, 2, "at")? | self.addr as u32,
            (self.addr >> 32) as u32,
            field(self.dwords as u64, 11, "dwords")?
                | (self.req_type as u32) << 11
                | (self.requester_id as u32) << 16,
            self.tag as u32
                | (self.target_function as u32) << 8
                | field(self.bar_id as u64, 3, "bar_id")? << 16
                | field(self.bar_aperture as u64, 6, "bar_aperture")? << 19
                | field(self.tc as u64, 3, "tc")? << 25
                | field(self.attr as u64, 3, "attr")? << 28,
        ])
    }
    pub fn unpack(d: &[u32]) -> Result<Self, FormatError> {
        if d.len() < 4 {
            return Err(FormatError::Short);
        }
        Ok(Self {
            at: (d[0] & 3) as u8,
            addr: (d[1] as u64) << 32 | (d[0] & !3) as u64,
            dwords: (d[2] & 0x7ff) as u16,
            req_type: ReqType::from_bits(d[2] >> 11)?,
            requester_id: (d[2] >> 16) as u16,
            tag: d[3] as u8,
            target_function: (d[3] >> 8) as u8,
            bar_id: ((d[3] >> 16) & 7) as u8,
            bar_aperture: ((d[3] >> 19) & 0x3f) as u8,
            tc: ((d[3] >> 25) & 7) as u8,
            attr: ((d[3] >> 28) & 7) as u8,
        })
    }
}

/// Completer completion descriptor (CC): the user's answer to a CQ read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CcDesc {
    /// Lower address [6:0]: the byte address of the first enabled byte, low 7 bits.
    pub lower_addr: u8,
    /// Address type [9:8].
    pub at: u8,
    /// Byte count [28:16] (13 bits): bytes left to complete, including this completion's.
    pub byte_count: u16,
    /// Locked read completion [29].
    pub locked: bool,
    /// Dword count [42:32].
    pub dwords: u16,
    /// Completion status [45:43].
    pub status: u8,
    /// Poisoned completion [46].
    pub poisoned: bool,
    /// Requester ID [63:48], copied from the request.
    pub requester_id: u16,
    /// Tag [71:64], copied from the request.
    pub tag: u8,
    /// Completer ID [87:72], used when `completer_id_enable` [88].
    pub completer_id: u16,
    pub completer_id_enable: bool,
    /// Transaction class [91:89] and attributes [94:92], copied from the request.
    pub tc: u8,
    pub attr: u8,
    /// Force ECRC [95].
    pub force_ecrc: bool,
}

impl CcDesc {
    pub fn pack(&self) -> Result<[u32; 3], FormatError> {
        Ok([
            field(self.lower_addr as u64, 7, "lower_addr")?
                | field(self.at as u64, 2, "at")? << 8
                | field(self.byte_count as u64, 13, "byte_count")? << 16
                | (self.locked as u32) << 29,
            field(self.dwords as u64, 11, "dwords")?
                | field(self.status as u64, 3, "status")? << 11
                | (self.poisoned as u32) << 14
                | (self.requester_id as u32) << 16,
            self.tag as u32
                | (self.completer_id as u32) << 8
                | (self.completer_id_enable as u32) << 24
                | field(self.tc as u64, 3, "tc")? << 25
                | field(self.attr as u64, 3, "attr")? << 28
                | (self.force_ecrc as u32) << 31,
        ])
    }
    pub fn unpack(d: &[u32]) -> Result<Self, FormatError> {
        if d.len() < 3 {
            return Err(FormatError::Short);
        }
        Ok(Self {
            lower_addr: (d[0] & 0x7f) as u8,
            at: ((d[0] >> 8) & 3) as u8,
            byte_count: ((d[0] >> 16) & 0x1fff) as u16,
            locked: d[0] >> 29 & 1 != 0,
            dwords: (d[1] & 0x7ff) as u16,
            status: ((d[1] >> 11) & 7) as u8,
            poisoned: d[1] >> 14 & 1 != 0,
            requester_id: (d[1] >> 16) as u16,
            tag: d[2] as u8,
            completer_id: (d[2] >> 8) as u16,
            completer_id_enable: d[2] >> 24 & 1 != 0,
            tc: ((d[2] >> 25) & 7) as u8,
            attr: ((d[2] >> 28) & 7) as u8,
            force_ecrc: d[2] >> 31 != 0,
        })
    }
}

/// Requester request descriptor (RQ): a request from the user to the link (DMA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RqDesc {
    /// Address type [1:0].
    pub at: u8,
    /// Byte address, Dword aligned [63:2].
    pub addr: u64,
    /// Dword count [74:64].
    pub dwords: u16,
    pub req_type: ReqType,
    /// Poisoned request [79].
    pub poisoned: bool,
    /// Requester ID [95:80], used when `requester_id_enable` [120].
    pub requester_id: u16,
    /// Tag [103:96].
    pub tag: u8,
    /// Completer ID [119:104] (configuration requests).
    pub completer_id: u16,
    pub requester_id_enable: bool,
    /// Transaction class [123:121], attributes [126:124], force ECRC [127].
    pub tc: u8,
    pub attr: u8,
    pub force_ecrc: bool,
}

impl RqDesc {
    pub fn pack(&self) -> Result<[u32; 4], FormatError> {
        if self.addr & 3 != 0 {
            return Err(FormatError::Field("addr"));
        }
        Ok([
            field(self.at as u64, 2, "at")? | self.addr as u32,
            (self.addr >> 32) as u32,
            field(self.dwords as u64, 11, "dwords")?
                | (self.req_type as u32) << 11
                | (self.poisoned as u32) << 15
                | (self.requester_id as u32) << 16,
            self.tag as u32
                | (self.completer_id as u32) << 8
                | (self.requester_id_enable as u32) << 24
                | field(self.tc as u64, 3, "tc")? << 25
                | field(self.attr as u64, 3, "attr")? << 28
                | (self.force_ecrc as u32) << 31,
        ])
    }
    pub fn unpack(d: &[u32]) -> Result<Self, FormatError> {
        if d.len() < 4 {
            return Err(FormatError::Short);
        }
        Ok(Self {
            at: (d[0] & 3) as u8,
            addr: (d[1] as u64) << 32 | (d[0] & !3) as u64,
            dwords: (d[2] & 0x7ff) as u16,
            req_type: ReqType::from_bits(d[2] >> 11)?,
            poisoned: d[2] >> 15 & 1 != 0,
            requester_id: (d[2] >> 16) as u16,
            tag: d[3] as u8,
            completer_id: (d[3] >> 8) as u16,
            requester_id_enable: d[3] >> 24 & 1 != 0,
            tc: ((d[3] >> 25) & 7) as u8,
            attr: ((d[3] >> 28) & 7) as u8,
            force_ecrc: d[3] >> 31 != 0,
        })
    }
}

/// Requester completion descriptor (RC): a completion of the user's read (DMA data).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RcDesc {
    /// Lower address [11:0]: the byte address of the first byte of this completion, low 12 bits.
    pub lower_addr: u16,
    /// Error code [15:12] (`rc_error`).
    pub error_code: u8,
    /// Byte count [28:16]: bytes left to complete, including this completion's.
    pub byte_count: u16,
    /// Locked read completion [29].
    pub locked: bool,
    /// Request completed [30]: the last completion of its request.
    pub request_completed: bool,
    /// Dword count [42:32].
    pub dwords: u16,
    /// Completion status [45:43], poisoned [46].
    pub status: u8,
    pub poisoned: bool,
    /// Requester ID [63:48], tag [71:64], completer ID [87:72].
    pub requester_id: u16,
    pub tag: u8,
    pub completer_id: u16,
    /// Transaction class [91:89], attributes [94:92].
    pub tc: u8,
    pub attr: u8,
}

impl RcDesc {
    pub fn pack(&self) -> Result<[u32; 3], FormatError> {
        Ok([
            field(self.lower_addr as u64, 12, "lower_addr")?
                | field(self.error_code as u64, 4, "error_code")? << 12
                | field(self.byte_count as u64, 13, "byte_count")? << 16
                | (self.locked as u32) << 29
                | (self.request_completed as u32) << 30,
            field(self.dwords as u64, 11, "dwords")?
                | field(self.status as u64, 3, "status")? << 11
                | (self.poisoned as u32) << 14
                | (self.requester_id as u32) << 16,
            self.tag as u32
                | (self.completer_id as u32) << 8
                | field(self.tc as u64, 3, "tc")? << 25
                | field(self.attr as u64, 3, "attr")? << 28,
        ])
    }
    pub fn unpack(d: &[u32]) -> Result<Self, FormatError> {
        if d.len() < 3 {
            return Err(FormatError::Short);
        }
        Ok(Self {
            lower_addr: (d[0] & 0xfff) as u16,
            error_code: ((d[0] >> 12) & 0xf) as u8,
            byte_count: ((d[0] >> 16) & 0x1fff) as u16,
            locked: d[0] >> 29 & 1 != 0,
            request_completed: d[0] >> 30 & 1 != 0,
            dwords: (d[1] & 0x7ff) as u16,
            status: ((d[1] >> 11) & 7) as u8,
            poisoned: d[1] >> 14 & 1 != 0,
            requester_id: (d[1] >> 16) as u16,
            tag: d[2] as u8,
            completer_id: (d[2] >> 8) as u16,
            tc: ((d[2] >> 25) & 7) as u8,
            attr: ((d[2] >> 28) & 7) as u8,
        })
    }
}

/// Odd parity per byte of a Dword (4 bits), as the `tuser` parity fields carry it.
pub fn dword_parity(d: u32) -> u8 {
    (0..4).fold(0u8, |p, b| {
        p | ((((d >> (8 * b)) & 0xff).count_ones() as u8 + 1) & 1) << b
    })
}

/// One beat of a 128-bit interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Beat {
    pub data: u128,
    /// One bit per Dword (4 bits).
    pub keep: u8,
    pub user: u128,
    pub last: bool,
}

/// The `tuser` fields of a transfer that are not Dwords (first and last byte enables of a request,
/// discontinue). Byte enables per payload Dword (CQ `byte_en`, RC `byte_en`) and parity are
/// derived from the descriptor and data when packing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Side {
    pub first_be: u8,
    pub last_be: u8,
    pub discontinue: bool,
    /// RQ only: sequence number [27:24].
    pub seq_num: u8,
}

/// Which interface a transfer is on, for the `tuser` layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iface {
    Cq,
    Cc,
    Rq,
    Rc,
}

impl Iface {
    pub fn user_bits(self) -> usize {
        match self {
            Iface::Cq => CQ_USER_BITS,
            Iface::Cc => CC_USER_BITS,
            Iface::Rq => RQ_USER_BITS,
            Iface::Rc => RC_USER_BITS,
        }
    }
    fn desc_dwords(self) -> usize {
        match self {
            Iface::Cq | Iface::Rq => 4,
            Iface::Cc | Iface::Rc => 3,
        }
    }
    fn parity_at(self) -> u32 {
        match self {
            Iface::Cq => 53,
            Iface::Cc => 1,
            Iface::Rq => 28,
            Iface::Rc => 43,
        }
    }
    fn discontinue_at(self) -> u32 {
        match self {
            Iface::Cq => 41,
            Iface::Cc => 0,
            Iface::Rq => 11,
            Iface::Rc => 42,
        }
    }
}

/// The byte enables of each payload Dword of a request: `first_be` on the first, `last_be` on the
/// last (a one-Dword request has only `first_be`), all four between.
pub fn request_byte_enables(n: usize, first_be: u8, last_be: u8) -> Vec<u8> {
    (0..n)
        .map(|i| match (i, n) {
            (0, _) => first_be & 0xf,
            (i, n) if i + 1 == n => last_be & 0xf,
            _ => 0xf,
        })
        .collect()
}

/// The byte enables of each payload Dword of a completion on RC: from the lower address to the
/// end of the completion's bytes (`byte_count` counts the bytes still to complete).
pub fn completion_byte_enables(d: &RcDesc) -> Vec<u8> {
    let n = d.dwords as usize;
    let off = (d.lower_addr & 3) as usize;
    let end = off + d.byte_count as usize; // byte offset after the last byte left, from the first Dword
    (0..n)
        .map(|i| {
            (0..4).fold(0u8, |be, b| {
                let at = i * 4 + b;
                be | ((at >= off && at < end) as u8) << b
            })
        })
        .collect()
}

/// The beats of one transfer: `desc` (already packed) then `payload`, with `tuser` for `iface`.
/// `byte_en` (one nibble per payload Dword) is used on CQ and RC and ignored elsewhere.
pub fn to_beats(
    iface: Iface,
    desc: &[u32],
    payload: &[u32],
    side: Side,
    byte_en: &[u8],
) -> Vec<Beat> {
    assert_eq!(desc.len(), iface.desc_dwords());
    let words: Vec<u32> = desc.iter().chain(payload).copied().collect();
    let nd = desc.len();
    let nbeats = words.len().div_ceil(BEAT_DWORDS);
    (0..nbeats)
        .map(|b| {
            let mut beat = Beat {
                last: b + 1 == nbeats,
                ..Default::default()
            };
            for lane in 0..BEAT_DWORDS {
                let i = b * BEAT_DWORDS + lane;
                let l = lane as u32;
                if i < words.len() {
                    beat.data |= (words[i] as u128) << (32 * l);
                    beat.keep |= 1 << l;
                    beat.user |= (dword_parity(words[i]) as u128) << (iface.parity_at() + 4 * l);
                    if i >= nd {
                        let be = byte_en.get(i - nd).copied().unwrap_or(0xf) as u128;
                        match iface {
                            Iface::Cq => beat.user |= be << (8 + 4 * l),
                            Iface::Rc => beat.user |= be << (4 * l),
                            _ => {}
                        }
                    }
                } else {
                    // parity of unused lanes: odd parity of zero bytes
                    beat.user |= 0xf << (iface.parity_at() + 4 * l);
                }
            }
            if b == 0 {
                match iface {
                    Iface::Cq => {
                        beat.user |= (side.first_be & 0xf) as u128
                            | ((side.last_be & 0xf) as u128) << 4
                            | 1 << 40;
                    }
                    Iface::Rq => {
                        beat.user |= (side.first_be & 0xf) as u128
                            | ((side.last_be & 0xf) as u128) << 4
                            | ((side.seq_num & 0xf) as u128) << 24;
                    }
                    Iface::Rc => beat.user |= 1 << 32,
                    Iface::Cc => {}
                }
            }
            if iface == Iface::Rc && beat.last {
                let last_lane = (words.len() - 1) % BEAT_DWORDS;
                beat.user |= 1 << 34 | (last_lane as u128) << 35;
            }
            if side.discontinue && beat.last {
                beat.user |= 1 << iface.discontinue_at();
            }
            beat
        })
        .collect()
}

/// A transfer taken apart: all Dwords (descriptor first), the `tuser` side fields of its first
/// beat, and the per-Dword byte enables (CQ, RC) of the payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    pub dwords: Vec<u32>,
    pub side: Side,
    pub byte_en: Vec<u8>,
    /// Every Dword's parity matched its data.
    pub parity_ok: bool,
}

/// Collects the beats of one transfer and checks the framing rules: `tkeep` contiguous from
/// Dword 0 and full on every beat but the last, `tlast` on the last beat only, CQ `sop` and RC
/// `is_sof_0` on the first beat only, RC `is_eof_0` on the last beat with the last Dword's lane.
pub fn from_beats(iface: Iface, beats: &[Beat]) -> Result<Transfer, FormatError> {
    let mut t = Transfer {
        dwords: vec![],
        side: Side::default(),
        byte_en: vec![],
        parity_ok: true,
    };
    let nd = iface.desc_dwords();
    for (b, beat) in beats.iter().enumerate() {
        let is_last = b + 1 == beats.len();
        if beat.last != is_last {
            return Err(FormatError::Last { beat: b });
        }
        let n = beat.keep.trailing_ones() as usize;
        if n == 0 || n > BEAT_DWORDS || beat.keep >> n != 0 || (!is_last && n != BEAT_DWORDS) {
            return Err(FormatError::Keep { beat: b });
        }
        match iface {
            Iface::Cq if (beat.user >> 40 & 1 == 1) != (b == 0) => {
                return Err(FormatError::Sop { beat: b })
            }
            Iface::Rc if (beat.user >> 32 & 1 == 1) != (b == 0) => {
                return Err(FormatError::Sop { beat: b })
            }
            Iface::Rc => {
                let eof = beat.user >> 34 & 1 == 1;
                if eof != is_last || (eof && (beat.user >> 35 & 7) as usize != n - 1) {
                    return Err(FormatError::Eof { beat: b });
                }
            }
            _ => {}
        }
        if b == 0 {
            t.side = match iface {
                Iface::Cq | Iface::Rq => Side {
                    first_be: (beat.user & 0xf) as u8,
                    last_be: (beat.user >> 4 & 0xf) as u8,
                    discontinue: false,
                    seq_num: if iface == Iface::Rq {
                        (beat.user >> 24 & 0xf) as u8
                    } else {
                        0
                    },
                },
                _ => Side::default(),
            };
        }
        if is_last {
            t.side.discontinue = beat.user >> iface.discontinue_at() & 1 == 1;
        }
        for lane in 0..n {
            let l = lane as u32;
            let w = (beat.data >> (32 * l)) as u32;
            let p = (beat.user >> (iface.parity_at() + 4 * l) & 0xf) as u8;
            t.parity_ok &= p == dword_parity(w);
            if t.dwords.len() >= nd {
                match iface {
                    Iface::Cq => t.byte_en.push((beat.user >> (8 + 4 * l) & 0xf) as u8),
                    Iface::Rc => t.byte_en.push((beat.user >> (4 * l) & 0xf) as u8),
                    _ => {}
                }
            }
            t.dwords.push(w);
        }
    }
    if t.dwords.len() < nd {
        return Err(FormatError::Short);
    }
    Ok(t)
}

/// The payload Dword count a transfer's descriptor announces (CC and RC: Dword count; CQ and RQ:
/// Dword count for requests with payload, else 0), checked against the Dwords that came.
pub fn check_length(iface: Iface, t: &Transfer) -> Result<(), FormatError> {
    let nd = iface.desc_dwords();
    let d = &t.dwords;
    let want = match iface {
        Iface::Cq | Iface::Rq => {
            let ty = ReqType::from_bits(d[2] >> 11)?;
            if ty.has_payload() {
                (d[2] & 0x7ff) as usize
            } else {
                0
            }
        }
        Iface::Cc | Iface::Rc => (d[1] & 0x7ff) as usize,
    };
    if d.len() - nd != want {
        return Err(FormatError::Length {
            descriptor: want,
            payload: d.len() - nd,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cq_descriptor_fields_sit_where_pg156_puts_them() {
        let d = CqDesc {
            at: 0,
            addr: 0x0000_0012_3456_7890,
            dwords: 0x7ff,
            req_type: ReqType::MemWrite,
            requester_id: 0xbeef,
            tag: 0xa5,
            target_function: 0x03,
            bar_id: 2,
            bar_aperture: 17,
            tc: 5,
            attr: 6,
        };
        let w = d.pack().unwrap();
        assert_eq!(w, [0x3456_7890, 0x12, 0xbeef_0fff, 0x6a8a_03a5]);
        // bits [114:112] = BAR 2, [120:115] = 17, [123:121] = 5, [126:124] = 6
        assert_eq!((w[3] >> 16) & 7, 2);
        assert_eq!((w[3] >> 19) & 0x3f, 17);
        assert_eq!(CqDesc::unpack(&w).unwrap(), d);
        assert_eq!(
            CqDesc::unpack(&[0, 0, 15 << 11, 0]),
            Err(FormatError::ReservedReqType)
        );
        let mut bad = d;
        bad.addr = 2;
        assert_eq!(bad.pack(), Err(FormatError::Field("addr")));
        bad = d;
        bad.dwords = 0x800;
        assert_eq!(bad.pack(), Err(FormatError::Field("dwords")));
    }

    #[test]
    fn completion_descriptors_round_trip_with_their_bit_positions() {
        let cc = CcDesc {
            lower_addr: 0x44,
            at: 0,
            byte_count: 8,
            locked: false,
            dwords: 2,
            status: status::SC,
            poisoned: false,
            requester_id: 0x0100,
            tag: 0x17,
            completer_id: 0x0200,
            completer_id_enable: false,
            tc: 1,
            attr: 2,
            force_ecrc: false,
        };
        let w = cc.pack().unwrap();
        assert_eq!(w, [0x0008_0044, 0x0100_0002, 0x2202_0017]);
        assert_eq!(CcDesc::unpack(&w).unwrap(), cc);
        let rc = RcDesc {
            lower_addr: 0xfc0,
            error_code: rc_error::NORMAL,
            byte_count: 0x1000,
            locked: false,
            request_completed: true,
            dwords: 16,
            status: status::UR,
            poisoned: true,
            requester_id: 0x0300,
            tag: 0x80,
            completer_id: 0,
            tc: 0,
            attr: 0,
        };
        let w = rc.pack().unwrap();
        assert_eq!(w, [0x5000_0fc0, 0x0300_4810, 0x80]);
        assert_eq!(RcDesc::unpack(&w).unwrap(), rc);
        let rq = RqDesc {
            at: 0,
            addr: 0xffff_fff0,
            dwords: 1,
            req_type: ReqType::MemRead,
            poisoned: false,
            requester_id: 0,
            tag: 0x3f,
            completer_id: 0,
            requester_id_enable: false,
            tc: 0,
            attr: 0,
            force_ecrc: true,
        };
        let w = rq.pack().unwrap();
        assert_eq!(w, [0xffff_fff0, 0, 1, 0x8000_003f]);
        assert_eq!(RqDesc::unpack(&w).unwrap(), rq);
    }

    #[test]
    fn parity_is_odd_per_byte() {
        assert_eq!(dword_parity(0), 0xf);
        assert_eq!(dword_parity(0x0000_0001), 0xe);
        assert_eq!(dword_parity(0x0300_0000), 0xf);
        assert_eq!(dword_parity(0x0100_0000), 0x7);
    }

    #[test]
    fn a_cq_write_packs_into_beats_and_back() {
        let d = CqDesc {
            at: 0,
            addr: 0x1000,
            dwords: 5,
            req_type: ReqType::MemWrite,
            requester_id: 1,
            tag: 2,
            target_function: 0,
            bar_id: 0,
            bar_aperture: 24,
            tc: 0,
            attr: 0,
        };
        let payload = [1, 2, 3, 4, 5];
        let be = request_byte_enables(5, 0xe, 0x3);
        let side = Side {
            first_be: 0xe,
            last_be: 0x3,
            ..Default::default()
        };
        let beats = to_beats(Iface::Cq, &d.pack().unwrap(), &payload, side, &be);
        assert_eq!(beats.len(), 3);
        assert_eq!(
            beats.iter().map(|b| b.keep).collect::<Vec<_>>(),
            [0xf, 0xf, 0x1]
        );
        assert_eq!(
            beats.iter().map(|b| b.last).collect::<Vec<_>>(),
            [false, false, true]
        );
        assert_eq!(beats[0].user & 0xff, 0x3e);
        assert_eq!(beats[0].user >> 40 & 1, 1);
        assert_eq!(beats[1].user >> 40 & 1, 0);
        // byte enables of beat 1: lanes carry payload Dwords 0-3: e, f, f, f
        assert_eq!(beats[1].user >> 8 & 0xffff, 0xfffe);
        assert_eq!(beats[2].user >> 8 & 0xf, 0x3);
        let t = from_beats(Iface::Cq, &beats).unwrap();
        assert!(t.parity_ok);
        assert_eq!(&t.dwords[4..], &payload);
        assert_eq!(t.byte_en, be);
        assert_eq!(t.side, side);
        check_length(Iface::Cq, &t).unwrap();
        assert_eq!(CqDesc::unpack(&t.dwords).unwrap(), d);
    }

    #[test]
    fn rc_marks_start_and_end_and_byte_enables() {
        // 7 bytes from lower address 0x...2: Dwords at offsets 0..2, bytes 2..9
        let d = RcDesc {
            lower_addr: 0x42,
            error_code: 0,
            byte_count: 7,
            locked: false,
            request_completed: true,
            dwords: 3,
            status: 0,
            poisoned: false,
            requester_id: 0,
            tag: 9,
            completer_id: 0,
            tc: 0,
            attr: 0,
        };
        let be = completion_byte_enables(&d);
        assert_eq!(be, [0xc, 0xf, 0x1]);
        let beats = to_beats(
            Iface::Rc,
            &d.pack().unwrap(),
            &[7, 8, 9],
            Side::default(),
            &be,
        );
        assert_eq!(beats.len(), 2);
        assert_eq!(beats[0].user >> 32 & 3, 1);
        assert_eq!(beats[0].user >> 34 & 1, 0);
        assert_eq!(beats[1].user >> 34 & 0xf, 0b0011); // is_eof_0, the last Dword in lane 1
        assert_eq!(beats[0].user & 0xffff, 0xc000);
        let t = from_beats(Iface::Rc, &beats).unwrap();
        assert_eq!(t.byte_en, be);
        check_length(Iface::Rc, &t).unwrap();
    }

    #[test]
    fn bad_framing_is_named() {
        let d = RqDesc {
            at: 0,
            addr: 0x40,
            dwords: 4,
            req_type: ReqType::MemWrite,
            poisoned: false,
            requester_id: 0,
            tag: 0,
            completer_id: 0,
            requester_id_enable: false,
            tc: 0,
            attr: 0,
            force_ecrc: false,
        };
        let good = to_beats(
            Iface::Rq,
            &d.pack().unwrap(),
            &[1, 2, 3, 4],
            Side::default(),
            &[],
        );
        let mut b = good.clone();
        b[0].last = true;
        assert_eq!(
            from_beats(Iface::Rq, &b),
            Err(FormatError::Last { beat: 0 })
        );
        let mut b = good.clone();
        b[0].keep = 0x7;
        assert_eq!(
            from_beats(Iface::Rq, &b),
            Err(FormatError::Keep { beat: 0 })
        );
        let mut b = good.clone();
        b[1].keep = 0x5;
        assert_eq!(
            from_beats(Iface::Rq, &b),
            Err(FormatError::Keep { beat: 1 })
        );
        let t = from_beats(
            Iface::Rq,
            &good[..1]
                .iter()
                .map(|b| Beat { last: true, ..*b })
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(
            check_length(Iface::Rq, &t),
            Err(FormatError::Length {
                descriptor: 4,
                payload: 0
            })
        );
        let mut b = good.clone();
        b[1].data ^= 1;
        assert!(!from_beats(Iface::Rq, &b).unwrap().parity_ok);
        let mut b = good;
        b[1].user |= 1 << 11;
        assert!(from_beats(Iface::Rq, &b).unwrap().side.discontinue);
    }
}

//! The M3 DTU (N. Asmussen, "DTU Specification", 2019): its MMIO map (§2), the endpoint layouts
//! (§3), the command registers, opcodes and error codes (§4), the message header (§4.2) and the
//! project's NoC packet format (the spec defines none). Every field is a `Field64`; the RTL,
//! the reference model, the driver and the docs read these definitions only. Decisions where
//! the spec is silent or inconsistent carry their checklist id (DTU-Axx); see
//! `docs/spec-decisions.md`.

/// A bit field of a 64-bit DTU word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field64 {
    pub name: &'static str,
    pub lsb: u32,
    pub width: u32,
}

impl Field64 {
    pub const fn new(name: &'static str, lsb: u32, width: u32) -> Self {
        assert!(width >= 1 && lsb + width <= 64, "field outside 64 bits");
        Self { name, lsb, width }
    }
    /// The field's value bits, unshifted.
    pub const fn max(&self) -> u64 {
        if self.width == 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }
    pub const fn mask(&self) -> u64 {
        self.max() << self.lsb
    }
    pub const fn get(&self, w: u64) -> u64 {
        (w >> self.lsb) & self.max()
    }
    /// `w` with the field replaced by `v`, which must fit (checked: a value that does not fit
    /// is a caller bug, not something to truncate silently).
    pub const fn set(&self, w: u64, v: u64) -> u64 {
        assert!(v <= self.max(), "value does not fit the field");
        (w & !self.mask()) | (v << self.lsb)
    }
}

/// An enum of codes with `ALL` (every value, in order) and `from_u64` (the value of a code).
macro_rules! code_enum {
    ($(#[$m:meta])* $vis:vis enum $name:ident { $($v:ident = $n:expr),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        $vis enum $name { $($v = $n),* }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$v),*];
            pub fn from_u64(v: u64) -> Option<$name> {
                Self::ALL.iter().copied().find(|x| *x as u64 == v)
            }
        }
    };
}

const fn f(name: &'static str, lsb: u32, width: u32) -> Field64 {
    Field64::new(name, lsb, width)
}

// ---------------------------------------------------------------------------------------------
// §2 MMIO map. Offsets from the DTU's region base (MMIO_BASE in the spec's PE address map); the
// core port decodes `MMIO_BITS` address bits. Every register is 64 bits at an 8-byte-aligned
// offset (DTU-R003).

/// The region base the spec gives (L19); the core port sees offsets from it.
pub const MMIO_BASE: u64 = 0xF000_0000;
/// DtuRegs: external commands (DTU-A21: plain storage, no side effect).
pub const EXT_CMD: u64 = 0x00;
/// DtuRegs: outstanding events (DTU-A21: plain storage).
pub const EVENTS: u64 = 0x08;
/// CmdRegs: a write starts a command (§4).
pub const COMMAND: u64 = 0x10;
/// CmdRegs: aborts internal commands (DTU-A21: plain storage).
pub const ABORT: u64 = 0x18;
/// CmdRegs: local-memory address and size of a command's data.
pub const DATA: u64 = 0x20;
/// CmdRegs: SEND's reply label; FETCH's result OFFSET (DTU-A03).
pub const ARG1: u64 = 0x28;
/// Word 0 of endpoint 0; endpoint i word j at `EP_BASE + EP_STRIDE * i + 8 * j` (DTU-R010).
pub const EP_BASE: u64 = 0x30;
/// Bytes per endpoint (three 64-bit words) and per header-table entry.
pub const EP_STRIDE: u64 = 0x18;
/// Endpoints of this build (DTU-A22: a parameter; EP ids are 8 bits, so at most 256).
pub const NUM_EPS: usize = 16;
/// Header-table entries of this build (DTU-A22).
pub const NUM_HDRS: usize = 32;
/// The header table follows the last endpoint without a gap (DTU-R011).
pub const HD_BASE: u64 = EP_BASE + EP_STRIDE * NUM_EPS as u64;
/// One past the last mapped byte.
pub const MMIO_END: u64 = HD_BASE + EP_STRIDE * NUM_HDRS as u64;
/// Address bits of the core port (the map fits in 2 KB).
pub const MMIO_BITS: usize = 11;
const _: () = assert!(MMIO_END <= 1 << MMIO_BITS);

/// MMIO offset of word `word` (0..3) of endpoint `ep`.
pub const fn ep_addr(ep: usize, word: usize) -> u64 {
    EP_BASE + EP_STRIDE * ep as u64 + 8 * word as u64
}
/// MMIO offset of word `word` (0..3) of header-table entry `hd`.
pub const fn hd_addr(hd: usize, word: usize) -> u64 {
    HD_BASE + EP_STRIDE * hd as u64 + 8 * word as u64
}

// ---------------------------------------------------------------------------------------------
// §4 command registers.

/// COMMAND fields (L110-116); bit 12 is unused (DTU-A41: written as 0, ignored).
pub mod command {
    use super::{f, Field64};
    pub const ARG0: Field64 = f("arg0", 16, 48);
    pub const ERR: Field64 = f("err", 13, 3);
    pub const EP: Field64 = f("ep", 4, 8);
    pub const OP: Field64 = f("op", 0, 4);
    pub const FIELDS: &[Field64] = &[ARG0, ERR, EP, OP];
}

/// DATA fields (L118-120).
pub mod data {
    use super::{f, Field64};
    pub const SIZE: Field64 = f("size", 48, 16);
    pub const ADDR: Field64 = f("address", 0, 48);
    pub const FIELDS: &[Field64] = &[SIZE, ADDR];
}

code_enum! {
    /// Opcodes (DTU-A04: the spec gives none; 0 is idle, as COMMAND <- 0 marks completion).
    pub enum Op {
    Idle = 0,
    Send = 1,
    Reply = 2,
    Read = 3,
    Write = 4,
    Fetch = 5,
    AckMsg = 6,
}
}

code_enum! {
    /// Error codes in COMMAND.err (DTU-A05: the spec gives none; 0 is no error).
    pub enum Error {
    None = 0,
    InvEp = 1,
    NoPerm = 2,
    InvArgs = 3,
    NoCredits = 4,
}
}

/// A COMMAND word.
pub const fn command_word(op: Op, ep: u64, arg0: u64) -> u64 {
    let w = command::OP.set(0, op as u64);
    let w = command::EP.set(w, ep);
    command::ARG0.set(w, arg0)
}

/// A DATA word.
pub const fn data_word(addr: u64, size: u64) -> u64 {
    data::SIZE.set(data::ADDR.set(0, addr), size)
}

// ---------------------------------------------------------------------------------------------
// §3 endpoints: 192 bits, three words. T sits in word 2 [63:61] for every type (DTU-A23).

/// Endpoint type (L46); 4-7 fail every type check (DTU-R015).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum EpType {
    Invalid = 0,
    Send = 1,
    Receive = 2,
    Memory = 3,
}

/// The type field, word 2 of every endpoint.
pub const EP_T: Field64 = f("T", 61, 3);

/// Memory endpoint (§3.1).
pub mod mem_ep {
    use super::{f, Field64};
    /// Word 0.
    pub const PE: Field64 = f("pe", 4, 8);
    pub const RW: Field64 = f("rw", 0, 4);
    /// Word 1.
    pub const BASE: Field64 = f("base_addr", 0, 64);
    /// Word 2.
    pub const SIZE: Field64 = f("size", 0, 61);
    /// rw bits (L57).
    pub const READ: u64 = 1;
    pub const WRITE: u64 = 2;
}

/// Send endpoint (§3.2; word placement DTU-A23).
pub mod send_ep {
    use super::{f, Field64};
    /// Word 0.
    pub const LABEL: Field64 = f("label", 0, 64);
    /// Word 1.
    pub const PE: Field64 = f("pe", 40, 8);
    pub const EP: Field64 = f("ep", 32, 8);
    pub const MAX_CRD: Field64 = f("max_crd", 16, 16);
    pub const CUR_CRD: Field64 = f("cur_crd", 0, 16);
    /// Word 2.
    pub const MAX_MSG_SIZE: Field64 = f("max_msg_size", 0, 16);
    /// cur_crd of an endpoint without credit accounting (DTU-A07).
    pub const UNLIMITED: u64 = 0xFFFF;
}

/// Receive endpoint (§3.3).
pub mod recv_ep {
    use super::{f, Field64};
    /// Word 0.
    pub const UNREAD: Field64 = f("unread", 32, 32);
    pub const OCCUPIED: Field64 = f("occupied", 0, 32);
    /// Word 1.
    pub const BUFFER: Field64 = f("buffer", 0, 64);
    /// Word 2.
    pub const RPOS: Field64 = f("rpos", 54, 6);
    pub const WPOS: Field64 = f("wpos", 48, 6);
    pub const SLOT_SIZE: Field64 = f("slot_size", 32, 16);
    pub const SLOTS: Field64 = f("slots", 26, 6);
    pub const HEADER: Field64 = f("header", 6, 20);
    pub const MSGS: Field64 = f("msgs", 0, 6);
    /// Largest legal `slots` (log2 of 32 slots: the masks are 32 bits; DTU-A14).
    pub const MAX_SLOTS_LOG2: u64 = 5;
}

/// An endpoint as three words.
pub type Ep = [u64; 3];

/// A memory endpoint.
pub const fn memory_ep(pe: u64, rw: u64, base: u64, size: u64) -> Ep {
    [
        mem_ep::RW.set(mem_ep::PE.set(0, pe), rw),
        base,
        EP_T.set(mem_ep::SIZE.set(0, size), EpType::Memory as u64),
    ]
}

/// A send endpoint with `crd` credits (bytes) of at most `max_crd`.
pub const fn send_ep(label: u64, pe: u64, ep: u64, crd: u64, max_crd: u64, max_msg: u64) -> Ep {
    let w1 = send_ep::PE.set(0, pe);
    let w1 = send_ep::EP.set(w1, ep);
    let w1 = send_ep::MAX_CRD.set(w1, max_crd);
    let w1 = send_ep::CUR_CRD.set(w1, crd);
    [
        label,
        w1,
        EP_T.set(send_ep::MAX_MSG_SIZE.set(0, max_msg), EpType::Send as u64),
    ]
}

/// An empty receive endpoint: 2^slots slots of 2^slot_size bytes at `buffer`, headers from
/// table entry `header`.
pub const fn recv_ep(buffer: u64, slot_size: u64, slots: u64, header: u64) -> Ep {
    let w2 = recv_ep::SLOT_SIZE.set(0, slot_size);
    let w2 = recv_ep::SLOTS.set(w2, slots);
    let w2 = recv_ep::HEADER.set(w2, header);
    [0, buffer, EP_T.set(w2, EpType::Receive as u64)]
}

// ---------------------------------------------------------------------------------------------
// §4.2 message header: three words, word 0 at the lowest address of a slot, little-endian
// within each word (DTU-A35).

pub mod header {
    use super::{f, Field64};
    /// Word 0 is the label, word 1 the reply label; word 2:
    pub const LENGTH: Field64 = f("length", 32, 16);
    pub const REP: Field64 = f("rep", 24, 8);
    pub const SEP: Field64 = f("sep", 16, 8);
    pub const SPE: Field64 = f("spe", 8, 8);
    pub const FLAGS: Field64 = f("flags", 0, 8);
    /// flags (L189-193).
    pub const REPLY: u64 = 1;
    pub const GRANT_CREDITS: u64 = 2;
    pub const REPLY_ENABLED: u64 = 4;
    /// Bytes of a header in a slot (DTU-R060).
    pub const BYTES: u64 = 24;
}

/// Word 2 of a header.
pub const fn header_word2(length: u64, rep: u64, sep: u64, spe: u64, flags: u64) -> u64 {
    let w = header::LENGTH.set(0, length);
    let w = header::REP.set(w, rep);
    let w = header::SEP.set(w, sep);
    let w = header::SPE.set(w, spe);
    header::FLAGS.set(w, flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_follows_the_spec_and_the_stride() {
        assert_eq!(
            (EXT_CMD, EVENTS, COMMAND, ABORT, DATA, ARG1),
            (0, 8, 0x10, 0x18, 0x20, 0x28)
        );
        assert_eq!(
            [ep_addr(0, 0), ep_addr(0, 1), ep_addr(0, 2)],
            [0x30, 0x38, 0x40]
        );
        assert_eq!([ep_addr(1, 0), ep_addr(1, 2)], [0x48, 0x58]);
        assert_eq!(hd_addr(0, 0), ep_addr(NUM_EPS - 1, 2) + 8);
        assert_eq!(hd_addr(1, 0) - hd_addr(0, 0), 0x18);
    }

    #[test]
    fn fields_tile_their_words_as_listed() {
        // every field in range, none overlapping another of its word, T free in every type
        let words: &[&[Field64]] = &[
            command::FIELDS,
            data::FIELDS,
            &[mem_ep::PE, mem_ep::RW],
            &[mem_ep::SIZE, EP_T],
            &[send_ep::PE, send_ep::EP, send_ep::MAX_CRD, send_ep::CUR_CRD],
            &[send_ep::MAX_MSG_SIZE, EP_T],
            &[recv_ep::UNREAD, recv_ep::OCCUPIED],
            &[
                recv_ep::RPOS,
                recv_ep::WPOS,
                recv_ep::SLOT_SIZE,
                recv_ep::SLOTS,
                recv_ep::HEADER,
                recv_ep::MSGS,
                EP_T,
            ],
            &[
                header::LENGTH,
                header::REP,
                header::SEP,
                header::SPE,
                header::FLAGS,
            ],
        ];
        for w in words {
            let mut used = 0u64;
            for fld in *w {
                assert_eq!(used & fld.mask(), 0, "{} overlaps", fld.name);
                used |= fld.mask();
            }
        }
        assert_eq!(
            command::ARG0.mask() | command::ERR.mask() | command::EP.mask() | command::OP.mask(),
            !(1 << 12)
        );
    }

    #[test]
    fn builders_place_every_field() {
        let c = command_word(Op::Fetch, 3, 0xABCD);
        assert_eq!(c, (0xABCD << 16) | (3 << 4) | 5);
        let e = send_ep(7, 2, 9, 64, 128, 32);
        assert_eq!(EP_T.get(e[2]), EpType::Send as u64);
        assert_eq!(send_ep::PE.get(e[1]), 2);
        assert_eq!(send_ep::EP.get(e[1]), 9);
        assert_eq!(send_ep::CUR_CRD.get(e[1]), 64);
        assert_eq!(send_ep::MAX_CRD.get(e[1]), 128);
        let r = recv_ep(0x1000, 6, 3, 8);
        assert_eq!(r[2] >> 61, 2);
        assert_eq!(recv_ep::SLOT_SIZE.get(r[2]), 6);
        assert_eq!(
            header_word2(5, 1, 2, 3, 4),
            (5 << 32) | (1 << 24) | (2 << 16) | (3 << 8) | 4
        );
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn a_value_too_wide_for_its_field_is_refused() {
        command::EP.set(0, 256);
    }
}

// ---------------------------------------------------------------------------------------------
// The NoC packets (the spec defines none; DTU-R106). Packets are 64-bit flits on the project's
// packet stream, `meta` = the destination PE. Two classes on separate ports, so that a response
// never waits behind a request (DTU-R083): requests (MSG, RD_REQ, WR_REQ) and responses (ACK,
// RD_RSP, WR_RSP). Flit 0 is the head; then per kind:
// - MSG: the three header words, then the payload packed (byte i in flit 4 + i / 8);
// - ACK, WR_RSP: nothing;
// - RD_REQ: the remote address; RD_RSP: `size` bytes of data, packed;
// - WR_REQ: the remote address, then `size` bytes of data, packed.

pub mod noc {
    use super::{f, Field64};
    /// Head flit fields.
    pub const KIND: Field64 = f("kind", 0, 4);
    pub const SRC_PE: Field64 = f("src_pe", 8, 8);
    pub const DST_PE: Field64 = f("dst_pe", 16, 8);
    /// MSG: the receive endpoint at the destination (DTU-A18).
    pub const EP: Field64 = f("ep", 24, 8);
    /// Bytes of payload (MSG), to read (RD_REQ), of data (RD_RSP, WR_REQ).
    pub const SIZE: Field64 = f("size", 32, 16);

    code_enum! {
        pub enum Kind {
            Msg = 1,
            Ack = 2,
            RdReq = 3,
            RdRsp = 4,
            WrReq = 5,
            WrRsp = 6,
        }
    }

    impl Kind {
        /// Travels on the response class.
        pub fn is_response(self) -> bool {
            matches!(self, Kind::Ack | Kind::RdRsp | Kind::WrRsp)
        }
    }

    /// A head flit.
    pub const fn head(kind: Kind, src: u64, dst: u64, ep: u64, size: u64) -> u64 {
        let w = KIND.set(0, kind as u64);
        let w = SRC_PE.set(w, src);
        let w = DST_PE.set(w, dst);
        let w = EP.set(w, ep);
        SIZE.set(w, size)
    }

    /// Flits of a packet of `kind` with `size` bytes.
    pub const fn flits(kind: Kind, size: u64) -> u64 {
        let data = size.div_ceil(8);
        match kind {
            Kind::Msg => 4 + data,
            Kind::Ack | Kind::WrRsp => 1,
            Kind::RdReq => 2,
            Kind::RdRsp => 1 + data,
            Kind::WrReq => 2 + data,
        }
    }
}

//! The Utah PPE (UUCS-95-013, issue 14): the one description of its packet, rslot and error
//! formats. Bit positions follow the checklist's fixed choice (MSB-first field order, PPE
//! section 1.5); what the report leaves open is decided in `docs/spec-decisions.md` (PPE rows,
//! AMB-nn).
//!
//! - The packet (Fig 8, PPE-R102): address0, address1, control0, control1, control2 (the
//!   header checksum), four metadata words when control1.meta_data_flag is set, 0-32 payload
//!   words, and a trailer holding the payload checksum. There is no length field: the payload
//!   length comes from the link's framing (AMB-11).
//! - The checksums (AMB-31): `crc::CRC16_CCITT` over 32-bit words fed MSB first; the header's
//!   over address0, address1, control0, control1 and the metadata, the payload's over the
//!   payload words (0xFFFF for none).
//! - The rslot (Fig 10 with AMB-14): 16 words (64 bytes) in RCV_RAM, the metadata kept at words
//!   7-11 until the message completes.
//! - The error status of an error notification (Fig 12 with AMB-18, AMB-29): one bit, the first
//!   failing check.
//! - The notification objects (Fig 4, 11, 12: `note`, and the builders `reception_note`,
//!   `ack_note`, `error_note`) and the heads-table entry (Fig 3, `heads`).

use crate::crc::CRC16_CCITT;
use crate::dtu::Field64 as Field;

const fn f(name: &'static str, lsb: u32, width: u32) -> Field {
    Field::new(name, lsb, width)
}

/// Payload words a packet carries at most (Fig 8 `pkt_data[0..32]`, AMB-43).
pub const MAX_PAYLOAD_WORDS: usize = 32;
/// Header words before the metadata: address0, address1, control0, control1, control2.
pub const HEADER_WORDS: usize = 5;
/// Metadata words when control1.meta_data_flag is set (AMB-15).
pub const META_WORDS: usize = 4;
/// Words of an rslot in RCV_RAM (AMB-14).
pub const RSLOT_WORDS: usize = 16;

/// Header word 0 (and send descriptor +0x04).
pub mod address0 {
    use super::{f, Field};
    pub const FAB_BITS: Field = f("fab_bits", 28, 4);
    pub const DST_NODE: Field = f("dst_node", 16, 12);
    pub const MORE_FAB_BITS: Field = f("more_fab_bits", 0, 16);
}

/// address0.fab_bits of a data packet; any other value is a miscellaneous fabric packet
/// (A.2.6, AMB-18).
pub const DATA_TYPE: u64 = 0;

/// Header word 1.
pub mod address1 {
    use super::{f, Field};
    pub const DST_SLOT: Field = f("dst_slot", 16, 16);
    /// PCSR0.local_node_num[11:0] of the sender (AMB-36).
    pub const SRC_NODE: Field = f("src_node", 4, 12);
}

/// Header word 2 (and send descriptor +0x0C with `offset`).
pub mod control0 {
    use super::{f, Field};
    pub const USE_MSG_SIZE: Field = f("use_msg_size", 31, 1);
    pub const USE_MSG_OFFSET: Field = f("use_msg_offset", 30, 1);
    pub const ACK_PKT: Field = f("ack_pkt", 29, 1);
    pub const INCARNATION: Field = f("incarnation", 24, 4);
    pub const REMOTE_OFFSET: Field = f("remote_offset", 0, 24);
}

/// Header word 3.
pub mod control1 {
    use super::{f, Field};
    pub const META_DATA_FLAG: Field = f("meta_data_flag", 27, 1);
    pub const META_LEN: Field = f("meta_len", 24, 3);
    pub const MSG_SIZE: Field = f("msg_size", 0, 24);
}

/// Header word 4, and the trailer.
pub mod control2 {
    use super::{f, Field};
    pub const HDR_CHECKSUM: Field = f("hdr_checksum", 16, 16);
    /// The trailer word's payload checksum.
    pub const PKT_CHECKSUM: Field = f("pkt_checksum", 16, 16);
}

/// The host window (A.2.3, PPE-R001-R013): byte offsets in the 1 KB window and the fields of
/// PCSR0 and PCSR1 (Fig 1, Fig 2).
/// The host window's registers (A.2.3), declared once: `make docs` writes them into
/// `docs/registers.md`, `include/ppe_host_regs.h` and the SystemRDL export; `host` names them
/// for the RTL, the driver and the tests.
#[allow(non_snake_case)]
pub mod host_regs {
    crate::regmap! {
        pub static PPE_HOST_REGS: "PPE_HOST", addr_bits = 10, "Utah PPE host window (UUCS-95-013 A.2.3, PPE-R001-R013), 1 KB on the register bus (`ppe_node`'s `bus`, `ppe_node_axil`'s AXI4-Lite). Besides these registers three 256-byte windows: 0x100-0x1FC the send descriptors (XMT_RAM 0x0000-0x00FC), 0x200-0x2FC XMT_RAM page PXR_Ptr[14:8], 0x300-0x3FC RCV_RAM page PRR_Ptr[15:8]. Reserved bits read 0; an offset with no register, an unaligned address or a write to NQR or AQR is answered with an error and has no effect.";
        PCSR0 @ 0x000, "Control." {
            LOCAL_NODE_NUM [0, 16] RW = 0, "this node's number (bits 11:0 are each packet's src_node)";
            INCARNATION [16, 4] RW = 0, "this node's incarnation";
            ENABLE [30, 1] RW = 0, "packets are picked for injection and taken from the fabric (a miscellaneous packet clears it)";
            RESET [31, 1] RW = 0, "both engines held in reset while 1 (level, AMB-16): descriptors idle and done, queues empty; registers and RAMs stay";
        }
        PCSR1 @ 0x004, "Status; a write of 0 to int_hi or int_lo clears it, other writes are ignored." {
            SEND_DESC_CNT [16, 4] RO = 4, "send descriptors (4)";
            NBQR_FULL [26, 1] RO = 0, "NBQR is full";
            NBQR_EMPTY [27, 1] RO = 1, "NBQR is empty";
            IDLE [28, 1] RO = 1, "no packet in the send engine or on the ports, no reception or notification under way";
            INT_LO [29, 1] W0C = 0, "a token went onto NQR (a set in the cycle of a clear wins)";
            INT_HI [30, 1] W0C = 0, "an entry went onto AQR (a set in the cycle of a clear wins)";
            READY [31, 1] RO = 1, "the engines are out of reset (0 while PCSR0.reset, 1 two cycles after it clears)";
        }
        NLHR @ 0x008, "Notification list heads: the heads table's byte address in RCV_RAM." {
            V [0, 16] RW = 0, "byte address";
        }
        RSLOT_LIMIT @ 0x00C, "The configured number of rslots (AMB-12): a dst_slot at or past it fails the check." {
            V [0, 16] RW = 0, "rslots";
        }
        NQR @ 0x014, "Notification queue: a read pops the next token." {
            V [0, 32] RPOP = 0, "the token (0: the queue is empty)";
        }
        AQR @ 0x018, "Acknowledgement queue: a read pops the next completed rslot index." {
            V [0, 32] RPOP = 0, "the rslot index (0 when empty)";
        }
        NBQR @ 0x01C, "Empty notification objects: a write pushes one (0 or a full queue: dropped); reads 0." {
            V [0, 32] WO = 0, "the object's address";
        }
        PXR_PTR @ 0x040, "XMT_RAM pointer of the static and auto-increment windows." {
            V [2, 14] RW = 0, "byte address bits 15:2";
        }
        PXR_MEM @ 0x044, "The XMT_RAM word at PXR_Ptr." {
            V [0, 32] RWH = 0, "the word";
        }
        PXR_MEM_INC @ 0x048, "The XMT_RAM word at PXR_Ptr; PXR_Ptr + 4 after the access (wrapping in 64 KB)." {
            V [0, 32] RWH = 0, "the word";
        }
        PRR_PTR @ 0x080, "RCV_RAM pointer of the static and auto-increment windows." {
            V [2, 14] RW = 0, "byte address bits 15:2";
        }
        PRR_MEM @ 0x084, "The RCV_RAM word at PRR_Ptr." {
            V [0, 32] RWH = 0, "the word";
        }
        PRR_MEM_INC @ 0x088, "The RCV_RAM word at PRR_Ptr; PRR_Ptr + 4 after the access (wrapping in 64 KB)." {
            V [0, 32] RWH = 0, "the word";
        }
    }
}

/// The host window's offsets and PCSR fields, from `host_regs` (the one description).
pub mod host {
    use super::host_regs as r;
    use super::{f, Field};
    const fn of(x: crate::regs::Field) -> Field {
        f(x.name, x.lsb, x.width)
    }
    pub const PCSR0: u32 = r::PCSR0::OFFSET;
    pub const PCSR1: u32 = r::PCSR1::OFFSET;
    pub const NLHR: u32 = r::NLHR::OFFSET;
    /// The configured number of rslots (AMB-12).
    pub const RSLOT_LIMIT: u32 = r::RSLOT_LIMIT::OFFSET;
    pub const NQR: u32 = r::NQR::OFFSET;
    pub const AQR: u32 = r::AQR::OFFSET;
    pub const NBQR: u32 = r::NBQR::OFFSET;
    pub const PXR_PTR: u32 = r::PXR_PTR::OFFSET;
    pub const PXR_MEM: u32 = r::PXR_MEM::OFFSET;
    pub const PXR_MEM_INC: u32 = r::PXR_MEM_INC::OFFSET;
    pub const PRR_PTR: u32 = r::PRR_PTR::OFFSET;
    pub const PRR_MEM: u32 = r::PRR_MEM::OFFSET;
    pub const PRR_MEM_INC: u32 = r::PRR_MEM_INC::OFFSET;
    /// The send descriptors (XMT_RAM 0x0000-0x00FC).
    pub const SEND_DESC_PAGE: u32 = 0x100;
    /// XMT_RAM page PXR_Ptr[15:8] (bit 15 ignored).
    pub const XMT_PAGE: u32 = 0x200;
    /// RCV_RAM page PRR_Ptr[15:8].
    pub const RCV_PAGE: u32 = 0x300;
    /// PCSR0
    pub const RESET: Field = of(r::PCSR0::RESET);
    pub const ENABLE: Field = of(r::PCSR0::ENABLE);
    pub const INCARNATION: Field = of(r::PCSR0::INCARNATION);
    pub const LOCAL_NODE_NUM: Field = of(r::PCSR0::LOCAL_NODE_NUM);
    /// PCSR1
    pub const READY: Field = of(r::PCSR1::READY);
    pub const INT_HI: Field = of(r::PCSR1::INT_HI);
    pub const INT_LO: Field = of(r::PCSR1::INT_LO);
    pub const IDLE: Field = of(r::PCSR1::IDLE);
    pub const NBQR_EMPTY: Field = of(r::PCSR1::NBQR_EMPTY);
    pub const NBQR_FULL: Field = of(r::PCSR1::NBQR_FULL);
    pub const SEND_DESC_CNT: Field = of(r::PCSR1::SEND_DESC_CNT);
    /// RCV_RAM bytes holding the rslot table (64 rslots of 64 bytes; AMB-14): the window's
    /// accesses below it reach the rslots, the others the RAM behind the heads table.
    pub const RSLOT_BYTES_TOTAL: u32 = 64 * 64;
}

/// The send descriptors (Fig 9, PPE-R069-R078): `N_SD` sets of 16 words at XMT_RAM 0x40 n
/// (host offset 0x100 + 0x40 n); word indexes and the fields of their control and status words.
/// address0 and control0 are laid out as the packet's (`address0`, `control0`; control0's
/// `REMOTE_OFFSET` is the descriptor's `offset`).
pub mod send_desc {
    use super::{f, Field};
    /// Send descriptor sets (§5.2 "at least four").
    pub const N_SD: usize = 4;
    /// Words per set; sets start at XMT_RAM word 16 n.
    pub const WORDS: usize = 16;
    pub const MSG_ADDRESS: usize = 0;
    pub const ADDRESS0: usize = 1;
    pub const ADDRESS1: usize = 2;
    pub const CONTROL0: usize = 3;
    pub const STATUS1: usize = 4;
    pub const CONTROL1: usize = 5;
    pub const STATUS2: usize = 6;
    /// The four metadata words.
    pub const METADATA: usize = 8;
    /// address1
    pub const DST_SLOT: Field = f("dst_slot", 16, 16);
    pub const NOTE_INDEX: Field = f("note_index", 0, 16);
    /// The bits of note_index the PPE uses (A.2.7, PPE-R074).
    pub const NOTE_INDEX_USED: u64 = 0x1FF;
    /// control1
    pub const DIRECT_IO: Field = f("direct_io", 31, 1);
    pub const CONTROL_PKT: Field = f("control_pkt", 30, 1);
    pub const NOTIFY: Field = f("notify", 29, 1);
    pub const GO: Field = f("go", 28, 1);
    pub const META_DATA: Field = f("meta_data", 27, 1);
    pub const META_CNT: Field = f("meta_cnt", 24, 3);
    pub const MSG_SIZE: Field = f("msg_size", 0, 24);
    /// status1
    pub const BYTES_TO_GO: Field = f("bytes_to_go", 0, 24);
    /// status2
    pub const BUSY: Field = f("busy", 31, 1);
    pub const STALLED: Field = f("stalled", 30, 1);
    pub const DONE: Field = f("done", 29, 1);
    /// A payload read from host memory was answered with an error: the packet was not sent
    /// and the descriptor stopped (a project addition in a reserved bit; docs/spec-decisions.md).
    pub const HOST_ERR: Field = f("host_err", 28, 1);
    /// Cycles of continuous refusal by the fabric before a descriptor counts as stalled
    /// (AMB-28's STALL_CYCLES).
    pub const STALL_CYCLES: u64 = 64;
}

/// The rslot: word indexes in its 16 words, and the fields of its control word.
pub mod rslot {
    use super::{f, Field};
    pub const BUFFER_BASE_PHYS: usize = 0;
    pub const BUFFER_SIZE: usize = 1;
    pub const CONTROL: usize = 2;
    /// Signed 32 bits (Fig 10).
    pub const BYTES_TO_GO: usize = 3;
    pub const MSG_SIZE: usize = 4;
    pub const MSG_OFFSET: usize = 5;
    pub const ACK_NOTE: usize = 6;
    /// meta_data[27], meta_len[26:24] of the stored metadata (AMB-14).
    pub const META_CTL: usize = 7;
    pub const METADATA: usize = 8;

    pub const NOTE_INDEX: Field = f("note_index", 16, 16);
    pub const VALID: Field = f("valid", 15, 1);
    pub const INDIRECT: Field = f("indirect", 14, 1);
    pub const DO_ACKS: Field = f("do_acks", 13, 1);
    pub const NOTIFY: Field = f("notify", 12, 1);
    /// Word `ACK_NOTE`.
    pub const ACK_NOTE_INDEX: Field = f("ack_note_index", 16, 16);
}

/// The error status bits of an error notification's word 0 (Fig 12; `misc_pkt` AMB-18).
pub mod error_status {
    pub const INVALID_RSLOT: u32 = 1 << 15;
    pub const RSLOT_RANGE: u32 = 1 << 14;
    pub const BAD_DST_NODE: u32 = 1 << 13;
    pub const BAD_OFFSET: u32 = 1 << 12;
    pub const BAD_SIZE: u32 = 1 << 11;
    pub const BAD_HDR_CHKSUM: u32 = 1 << 10;
    pub const BAD_BODY_CHKSUM: u32 = 1 << 9;
    pub const BAD_INCARNATION: u32 = 1 << 8;
    pub const MISC_PKT: u32 = 1 << 7;
    /// The reception checks in the order they run (AMB-29): the first failing one is reported.
    pub const ORDER: [u32; 8] = [
        BAD_HDR_CHKSUM,
        BAD_BODY_CHKSUM,
        BAD_DST_NODE,
        RSLOT_RANGE,
        INVALID_RSLOT,
        BAD_INCARNATION,
        BAD_OFFSET,
        BAD_SIZE,
    ];
}

/// A notification object (Fig 4): 8 words in host memory, `next` at word 3 (written last,
/// AMB-32), metadata at words 4-7; the two software bits word0[1:0] written 0 (AMB-34).
pub mod note {
    use super::{f, Field};
    pub const WORDS: usize = 8;
    pub const NEXT: usize = 3;
    pub const METADATA: usize = 4;
    /// Reception and ack notifications (Fig 11, ack_pkt's position AMB-33).
    pub const DST_SLOT: Field = f("dst_slot", 16, 16);
    pub const SRC_NODE: Field = f("src_node", 4, 12);
    pub const ACK_PKT: Field = f("ack_pkt", 29, 1);
    pub const INCARNATION: Field = f("incarnation", 24, 4);
    pub const OFFSET: Field = f("offset", 0, 24);
    pub const META_DATA: Field = f("meta_data", 27, 1);
    pub const META_LEN: Field = f("meta_len", 24, 3);
    pub const MSG_SIZE: Field = f("msg_size", 0, 24);
    /// Error notifications (Fig 12): word 0's error status (`error_status`), word 2's nodes.
    pub const ERR_DST_NODE: Field = f("dst_node", 16, 16);
    pub const ERR_SRC_NODE: Field = f("src_node", 0, 16);
}

/// A notification-list heads-table entry (Fig 3): word 0 the host address of the list's empty
/// tail object, word 1 the token and the enqueue bit.
pub mod heads {
    use super::{f, Field};
    pub const HEAD: usize = 0;
    pub const CONTROL: usize = 1;
    pub const TOKEN: Field = f("token", 1, 31);
    pub const ENQUEUE: Field = f("enqueue", 0, 1);
    /// Bytes per entry (entry n at NLHR + 8 n).
    pub const BYTES: u32 = 8;
}

/// Word 0 of a reception or ack notification: dst_slot and src_node, as the packet's address1
/// carries them (the same bit positions, Fig 11).
fn note_word0(address1: u32) -> u32 {
    let g = |fl: Field| fl.get(address1 as u64);
    (note::DST_SLOT.set(0, g(address1::DST_SLOT)) | note::SRC_NODE.set(0, g(address1::SRC_NODE)))
        as u32
}

/// The reception notification of a completed message (Fig 11, PPE-R149): dst_slot, src_node
/// and incarnation from the completing packet's header (`address1`, `control0`), msg_offset,
/// msg_size and the metadata from the rslot `rs` as the message left it; `next` 0 (written
/// last, separately).
pub fn reception_note(address1: u32, control0: u32, rs: &[u32; RSLOT_WORDS]) -> [u32; note::WORDS] {
    let g = |fl: Field, w: u32| fl.get(w as u64);
    let mut n = [0u32; note::WORDS];
    n[0] = note_word0(address1);
    n[1] = (note::INCARNATION.set(0, g(control0::INCARNATION, control0))
        | note::OFFSET.set(0, rs[rslot::MSG_OFFSET] as u64 & note::OFFSET.max())) as u32;
    let meta = rs[rslot::META_CTL] as u64;
    n[2] = (note::META_DATA.set(0, control1::META_DATA_FLAG.get(meta))
        | note::META_LEN.set(0, control1::META_LEN.get(meta))
        | note::MSG_SIZE.set(0, rs[rslot::MSG_SIZE] as u64 & note::MSG_SIZE.max()))
        as u32;
    if control1::META_DATA_FLAG.get(meta) != 0 {
        n[note::METADATA..].copy_from_slice(&rs[rslot::METADATA..rslot::METADATA + META_WORDS]);
    }
    n
}

/// The notification of an ack packet (Fig 11 with ack_pkt = 1, PPE-R151): every field from the
/// packet's header words `h` (address0 .. control1) and its metadata `meta` when flagged.
pub fn ack_note(h: &[u32; 4], meta: Option<[u32; META_WORDS]>) -> [u32; note::WORDS] {
    let g = |fl: Field, w: u32| fl.get(w as u64);
    let mut n = [0u32; note::WORDS];
    n[0] = note_word0(h[1]);
    n[1] = (note::ACK_PKT.set(0, 1)
        | note::INCARNATION.set(0, g(control0::INCARNATION, h[2]))
        | note::OFFSET.set(0, g(control0::REMOTE_OFFSET, h[2]))) as u32;
    n[2] = (note::META_DATA.set(0, meta.is_some() as u64)
        | note::META_LEN.set(0, g(control1::META_LEN, h[3]))
        | note::MSG_SIZE.set(0, g(control1::MSG_SIZE, h[3]))) as u32;
    if let Some(m) = meta {
        n[note::METADATA..].copy_from_slice(&m);
    }
    n
}

/// The error notification of an error packet (Fig 12, PPE-R158): dst_slot and the one
/// error_status bit in word 0, dst_node and src_node (zero-extended, AMB-36) in word 2, all
/// from the header words `h` as received.
pub fn error_note(status: u32, h: &[u32; 4]) -> [u32; note::WORDS] {
    assert_eq!(status.count_ones(), 1, "one error bit");
    let g = |fl: Field, w: u32| fl.get(w as u64);
    let mut n = [0u32; note::WORDS];
    n[0] = note::DST_SLOT.set(0, g(address1::DST_SLOT, h[1])) as u32 | status;
    n[2] = (note::ERR_DST_NODE.set(0, g(address0::DST_NODE, h[0]))
        | note::ERR_SRC_NODE.set(0, g(address1::SRC_NODE, h[1]))) as u32;
    n
}

/// The notification of a miscellaneous fabric packet (A.2.6, AMB-18, PPE-R161, R163): an error
/// notification on list 0 with error_status misc_pkt, the fabric type (address0.fab_bits) in
/// word 1, dst_node and src_node in word 2 as any error's, the first four header words in words
/// 4-7.
pub fn misc_note(h: &[u32; 4]) -> [u32; note::WORDS] {
    let mut n = error_note(error_status::MISC_PKT, h);
    n[1] = address0::FAB_BITS.get(h[0] as u64) as u32;
    n[note::METADATA..].copy_from_slice(h);
    n
}

/// CRC-16 over 32-bit words, MSB first (AMB-31).
pub fn crc16(words: &[u32]) -> u16 {
    let s = words.iter().fold(CRC16_CCITT.register_init(), |s, &w| {
        CRC16_CCITT.step_word(s, w as u64, 32)
    });
    CRC16_CCITT.finish(s) as u16
}

/// A packet as its sender describes it (the checksums are computed by `frame`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packet {
    pub address0: u32,
    pub address1: u32,
    pub control0: u32,
    /// control1 without meta_data_flag (set by `frame` from `meta`).
    pub control1: u32,
    pub meta: Option<[u32; META_WORDS]>,
    pub payload: Vec<u32>,
}

impl Packet {
    /// The covered header words: address0, address1, control0, control1, the metadata.
    pub fn header_words(&self) -> Vec<u32> {
        let c1 = control1::META_DATA_FLAG.set(self.control1 as u64, self.meta.is_some() as u64);
        let mut h = vec![self.address0, self.address1, self.control0, c1 as u32];
        if let Some(m) = self.meta {
            h.extend(m);
        }
        h
    }

    /// The words on the link: header with its checksum, metadata, payload, trailer.
    pub fn frame(&self) -> Vec<u32> {
        assert!(
            self.payload.len() <= MAX_PAYLOAD_WORDS,
            "payload past 32 words"
        );
        let h = self.header_words();
        let mut w = h[..4].to_vec();
        w.push(control2::HDR_CHECKSUM.set(0, crc16(&h) as u64) as u32);
        w.extend(&h[4..]);
        w.extend(&self.payload);
        w.push(control2::PKT_CHECKSUM.set(0, crc16(&self.payload) as u64) as u32);
        w
    }
}

/// A frame split into its parts as a receiver sees it (AMB-11): `None` when it is too short
/// for its header, metadata and trailer, or carries more than 32 payload words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// address0, address1, control0, control1 and the metadata words as received.
    pub header: Vec<u32>,
    pub control2: u32,
    pub payload: Vec<u32>,
    pub trailer: u32,
}

impl Received {
    pub fn split(frame: &[u32]) -> Option<Received> {
        if frame.len() < HEADER_WORDS + 1 {
            return None;
        }
        let meta = control1::META_DATA_FLAG.get(frame[3] as u64) != 0;
        let head = HEADER_WORDS + if meta { META_WORDS } else { 0 };
        if frame.len() < head + 1 || frame.len() - head - 1 > MAX_PAYLOAD_WORDS {
            return None;
        }
        let mut header = frame[..4].to_vec();
        header.extend(&frame[HEADER_WORDS..head]);
        Some(Received {
            header,
            control2: frame[4],
            payload: frame[head..frame.len() - 1].to_vec(),
            trailer: frame[frame.len() - 1],
        })
    }
    pub fn hdr_ok(&self) -> bool {
        control2::HDR_CHECKSUM.get(self.control2 as u64) == crc16(&self.header) as u64
    }
    pub fn body_ok(&self) -> bool {
        control2::PKT_CHECKSUM.get(self.trailer as u64) == crc16(&self.payload) as u64
    }
    /// The payload length in bytes (`pkt_size`, AMB-11).
    pub fn pkt_size(&self) -> u32 {
        4 * self.payload.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(meta: bool, n: usize) -> Packet {
        Packet {
            address0: address0::DST_NODE.set(0, 0x123) as u32,
            address1: address1::DST_SLOT.set(0, 7) as u32,
            control0: control0::REMOTE_OFFSET.set(0, 0x40) as u32,
            control1: control1::MSG_SIZE.set(0, 4 * n as u64) as u32,
            meta: meta.then_some([1, 2, 3, 4]),
            payload: (0..n as u32).map(|i| i * 0x0101_0101).collect(),
        }
    }

    #[test]
    fn a_frame_splits_back_into_its_parts_with_good_checksums() {
        for meta in [false, true] {
            for n in [0, 1, 31, 32] {
                let p = sample(meta, n);
                let fr = p.frame();
                assert_eq!(fr.len(), 5 + 4 * meta as usize + n + 1);
                let r = Received::split(&fr).unwrap();
                assert_eq!(r.header, p.header_words());
                assert_eq!(r.payload, p.payload);
                assert!(r.hdr_ok() && r.body_ok());
                assert_eq!(r.pkt_size(), 4 * n as u32);
            }
        }
    }

    #[test]
    fn short_and_long_frames_do_not_split() {
        assert!(Received::split(&[0; 5]).is_none());
        let mut fr = sample(true, 0).frame();
        fr.remove(6);
        assert!(Received::split(&fr).is_none(), "metadata flagged, missing");
        assert!(Received::split(&vec![0; 5 + 33 + 1]).is_none());
    }

    #[test]
    fn notifications_carry_the_fields_of_figs_11_and_12() {
        let p = sample(true, 2);
        let h: [u32; 4] = p.header_words()[..4].try_into().unwrap();
        let mut rs = [0u32; RSLOT_WORDS];
        rs[rslot::MSG_SIZE] = 300;
        rs[rslot::MSG_OFFSET] = 0x40;
        rs[rslot::META_CTL] =
            (control1::META_DATA_FLAG.mask() | control1::META_LEN.set(0, 5)) as u32;
        rs[rslot::METADATA..rslot::METADATA + 4].copy_from_slice(&[1, 2, 3, 4]);
        let n = reception_note(h[1], h[2], &rs);
        assert_eq!(note::DST_SLOT.get(n[0] as u64), 7);
        assert_eq!(
            (
                note::OFFSET.get(n[1] as u64),
                note::MSG_SIZE.get(n[2] as u64)
            ),
            (0x40, 300)
        );
        assert_eq!(
            (
                note::META_DATA.get(n[2] as u64),
                note::META_LEN.get(n[2] as u64)
            ),
            (1, 5)
        );
        assert_eq!((n[note::NEXT], &n[4..]), (0, &[1, 2, 3, 4][..]));
        let a = ack_note(&h, p.meta);
        assert_eq!(note::ACK_PKT.get(a[1] as u64), 1);
        assert_eq!(&a[4..], &[1, 2, 3, 4]);
        let e = error_note(error_status::BAD_SIZE, &h);
        assert_eq!(e[0], (7 << 16) | error_status::BAD_SIZE);
        assert_eq!(note::ERR_DST_NODE.get(e[2] as u64), 0x123);
        assert_eq!((e[1], e[3], &e[4..]), (0, 0, &[0; 4][..]));
    }

    #[test]
    fn the_empty_payload_checksum_is_the_crc_init() {
        assert_eq!(crc16(&[]), 0xFFFF);
        // CRC-16/IBM-3740 check value over "1234" as one big-endian word and "5678" ...
        assert_eq!(
            crc16(&[0x3132_3334, 0x3536_3738]),
            CRC16_CCITT.compute(b"12345678") as u16
        );
    }
}

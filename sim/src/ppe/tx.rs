//! The PPE's send side as UUCS-95-013 §5 gives it, with the checklist's decisions (AMB-15,
//! 25-28, 52): one started send descriptor turned into its packets, one at a time, with the
//! progress written back after each (PPE-R098, R120). What `nicgen_hdl::ppe::tx::PpeTx` sends
//! for one descriptor, packet by packet; the order across descriptors is the engine's.

use nicgen_wire::ppe::send_desc as sd;
use nicgen_wire::ppe::{address1, control0, control1, Packet, MAX_PAYLOAD_WORDS};

/// The words of a send descriptor the engine works from (Fig 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SendDesc {
    pub msg_address: u32,
    pub address0: u32,
    pub address1: u32,
    pub control0: u32,
    pub control1: u32,
    pub meta: [u32; 4],
}

impl SendDesc {
    pub fn dio(&self) -> bool {
        sd::DIRECT_IO.get(self.control1 as u64) != 0
    }
    pub fn notify(&self) -> bool {
        sd::NOTIFY.get(self.control1 as u64) != 0
    }
    /// The list a completion is posted on (note_index[8:0], PPE-R074).
    pub fn note_list(&self) -> u16 {
        (self.address1 as u64 & sd::NOTE_INDEX_USED) as u16
    }
}

/// A started descriptor: its working words and progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TxMessage {
    pub d: SendDesc,
    pub bytes_to_go: u32,
    /// The next packet is the first (metadata).
    pub first: bool,
    pub done: bool,
    /// PCSR0.local_node_num.
    pub node: u16,
}

/// Where a packet's payload words come from: XMT_RAM word `i` (DIO) or the host memory's word at
/// byte address `a` (DMA).
pub enum Source<'a> {
    Xmt(&'a dyn Fn(usize) -> u32),
    Host(&'a dyn Fn(u64) -> u32),
}

impl TxMessage {
    /// A start command (PPE-R083, R084): bytes_to_go from msg_size, 0 for a control packet.
    pub fn start(d: SendDesc, node: u16) -> Self {
        let ctl = sd::CONTROL_PKT.get(d.control1 as u64) != 0;
        Self {
            d,
            bytes_to_go: if ctl {
                0
            } else {
                sd::MSG_SIZE.get(d.control1 as u64) as u32
            },
            first: true,
            done: false,
            node,
        }
    }

    /// The payload bytes of the next packet: min(128, bytes_to_go) (PPE-R117).
    pub fn next_bytes(&self) -> u32 {
        self.bytes_to_go.min(4 * MAX_PAYLOAD_WORDS as u32)
    }

    /// The next packet as the sender describes it (no checksums), its payload from `src`.
    pub fn next_packet(&self, src: &Source) -> Packet {
        let words = self.next_bytes().div_ceil(4) as usize;
        let payload = (0..words)
            .map(|i| match src {
                // DIO: msg_address modulo 32 KB (AMB-52)
                Source::Xmt(f) => f(((self.d.msg_address as usize >> 2) + i) % 8192),
                Source::Host(f) => f((self.d.msg_address as u64 & !3) + 4 * i as u64),
            })
            .collect();
        let meta = self.first && sd::META_DATA.get(self.d.control1 as u64) != 0;
        let c1 = self.d.control1 as u64;
        let mut control1 = control1::MSG_SIZE.set(0, sd::MSG_SIZE.get(c1));
        if meta {
            control1 = control1::META_LEN.set(control1, sd::META_CNT.get(c1));
        }
        Packet {
            address0: self.d.address0,
            address1: (address1::DST_SLOT.set(0, sd::DST_SLOT.get(self.d.address1 as u64))
                | address1::SRC_NODE.set(0, self.node as u64 & 0xFFF)) as u32,
            // reserved bit 28 sent as 0
            control0: self.d.control0 & !(1 << 28),
            control1: control1 as u32,
            meta: meta.then_some(self.d.meta),
            payload,
        }
    }

    /// The progress after the next packet was sent (PPE-R098, R109, R110, R120, R089).
    pub fn advance(&mut self) {
        let n = self.next_bytes();
        self.d.msg_address = self.d.msg_address.wrapping_add(n);
        let off = control0::REMOTE_OFFSET.get(self.d.control0 as u64) as u32;
        let c0 = control0::REMOTE_OFFSET.set(
            self.d.control0 as u64,
            (off.wrapping_add(n) & 0x00FF_FFFF) as u64,
        );
        self.d.control0 =
            (control0::USE_MSG_SIZE.set(control0::USE_MSG_OFFSET.set(c0, 0), 0)) as u32;
        self.bytes_to_go -= n;
        self.first = false;
        self.done = self.bytes_to_go == 0;
    }

    /// status2 as the host reads it.
    pub fn status2(&self, busy: bool, stalled: bool, host_err: bool) -> u32 {
        (sd::BUSY.set(0, busy as u64)
            | sd::STALLED.set(0, stalled as u64)
            | sd::DONE.set(0, self.done as u64)
            | sd::HOST_ERR.set(0, host_err as u64)) as u32
    }
}

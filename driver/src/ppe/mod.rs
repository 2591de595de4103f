//! The Utah PPE's host driver (checklist §5; UUCS-95-013 with the software side of
//! UUCS-94-013), over any transport that has the PPE's 1 KB register window (`RegAccess`, 32-bit
//! accesses at the offsets of `wire::ppe::host`) and the host memory the PPE writes (`HostMem`:
//! notification objects and receive buffers).
//!
//! The driver keeps the state the PPE does not: its own heads table of the notification lists
//! (the object it looks at next on each list), the count of objects it handed to NBQR, which
//! descriptor serves which send, and the sslot table (connections to remote rslots). Every
//! argument is checked against what the PPE can represent and the invariants the hardware
//! relies on (checklist §5) before anything is written:
//! - control1 is the last descriptor write, with msg_size in it; no start while busy;
//! - tokens are non-zero, do_acks never on rslot 0, NBQR never given a null pointer;
//! - heads-table head words are written only at initialisation;
//! - rslots and the heads table are edited only while quiesced (enable 0, idle 1);
//! - interrupt bits are cleared before their queue is drained;
//! - sizes and addresses are word-aligned; transmit note_index < 512, list 0 is the errors'.

use crate::wire::ppe::host as hw;
use crate::wire::ppe::send_desc as sd;
use crate::wire::ppe::{
    address0, control0, error_status as es, heads, note, rslot, DATA_TYPE, META_WORDS, RSLOT_WORDS,
};
use crate::{poll_until, Error, HostMem, RegAccess, Result};

/// Largest message (msg_size and bytes_to_go are 24 bits, word-aligned).
pub const MSG_MAX: u32 = (1 << 24) - 4;
/// rslots the table below RCV_RAM 0x1000 holds.
pub const RSLOTS_MAX: u16 = (hw::RSLOT_BYTES_TOTAL / (4 * RSLOT_WORDS as u32)) as u16;
/// NBQR's depth.
pub const NBQR_DEPTH: usize = 256;
/// Lists a transmit completion may name (note_index[8:0], PPE-R074).
pub const TX_LISTS: u16 = 512;
/// Where the heads table may lie in RCV_RAM: above the rslots, below the queues' backing store.
pub const HEADS_MIN: u32 = 0x1000;
pub const HEADS_END: u32 = 0xF000;
/// Bytes of a notification object.
pub const NOTE_BYTES: usize = 4 * note::WORDS;

fn invalid(m: String) -> Error {
    Error::Invalid(m)
}

fn field(f: crate::wire::dtu::Field64, v: u32) -> u32 {
    f.get(v as u64) as u32
}

/// A transport with both halves the driver needs: the PPE's window and its host memory.
pub trait Host: RegAccess + HostMem {}
impl<T: RegAccess + HostMem + ?Sized> Host for T {}

/// What `init` sets up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// PCSR0.local_node_num (the fabric carries 12 bits, AMB-36).
    pub node: u16,
    /// PCSR0.incarnation (4 bits).
    pub incarnation: u8,
    /// The heads table's RCV_RAM byte address (NLHR).
    pub nlhr: u32,
    /// RSLOT_LIMIT: rslots 0 .. rslots-1 exist.
    pub rslots: u16,
    /// Notification lists 0 .. lists-1 (list 0 takes the errors).
    pub lists: u16,
    /// Empty objects handed to NBQR at init (at most 256).
    pub nbqr: usize,
}

/// A connection to a remote rslot (the sslot of 94-013 Fig 1), as `rslot_open` returns it to
/// be passed to the sender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conn {
    pub node: u16,
    pub rslot: u16,
    pub incarnation: u8,
    /// The part of the rslot's buffer the sender may write: `offset` .. `offset + size`.
    pub offset: u32,
    pub size: u32,
}

/// An rslot as `rslot_open` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rslot {
    /// The buffer's host address and size in bytes.
    pub buf: u32,
    pub size: u32,
    /// The list of its reception notifications (none: no notification).
    pub note: Option<u16>,
    /// The list its ack packets are posted on.
    pub ack_note: u16,
    pub do_acks: bool,
}

/// One message for a send descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Send {
    pub to: Conn,
    /// Host address (DMA) or XMT_RAM byte address (DIO) of the payload.
    pub from: u32,
    /// Payload bytes; with `control`, the msg_size the packet carries.
    pub len: u32,
    /// Where in the connection's part of the buffer the payload goes.
    pub offset: u32,
    pub dio: bool,
    /// The list the completion is posted on (transmit lists are 1-511).
    pub notify: Option<u16>,
    pub meta: Option<[u32; META_WORDS]>,
    /// The packet sets the rslot's msg_size (bytes_to_go grows by `msg_size`).
    pub use_msg_size: bool,
    /// msg_size when it differs from `len` (a scatter part's control packet: the total).
    pub msg_size: Option<u32>,
    pub use_msg_offset: bool,
    /// A header-only control packet.
    pub control: bool,
}

impl Send {
    /// A whole message by DMA: `len` bytes from `from` to `offset` of the connection.
    pub fn dma(to: Conn, from: u32, len: u32, offset: u32) -> Self {
        Self {
            to,
            from,
            len,
            offset,
            dio: false,
            notify: None,
            meta: None,
            use_msg_size: true,
            msg_size: None,
            use_msg_offset: true,
            control: false,
        }
    }
}

/// A started send: its descriptor and the start's serial number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SendHandle {
    pub desc: usize,
    serial: u64,
}

/// A send descriptor's state as read back (`send_suspend`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suspended {
    pub desc: usize,
    pub words: [u32; sd::WORDS],
}

impl Suspended {
    pub fn bytes_to_go(&self) -> u32 {
        field(sd::BYTES_TO_GO, self.words[sd::STATUS1])
    }
    pub fn done(&self) -> bool {
        field(sd::DONE, self.words[sd::STATUS2]) != 0
    }
    /// The injection was abandoned because the fabric refused it (PPE-R096): resume it once
    /// the destination takes packets again.
    pub fn stalled(&self) -> bool {
        field(sd::STALLED, self.words[sd::STATUS2]) != 0
    }
}

/// A notification read from a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    pub list: u16,
    /// Where the object was (handed back to NBQR once read).
    pub at: u32,
    pub words: [u32; note::WORDS],
}

/// A notification decoded (lists other than 0 carry receptions, acks and, where the driver
/// put them, transmit completions: all-zero words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    Reception {
        rslot: u16,
        src_node: u16,
        incarnation: u8,
        offset: u32,
        size: u32,
        meta: Option<[u32; META_WORDS]>,
    },
    Ack {
        rslot: u16,
        src_node: u16,
        d1: u32,
        d2: u32,
    },
    /// A failed reception check (list 0): the error_status bit and the packet's fields.
    Error {
        status: u32,
        rslot: u16,
        dst_node: u16,
        src_node: u16,
    },
    /// A miscellaneous fabric packet (list 0): its fabric type and first header words.
    Misc {
        fab_type: u32,
        header: [u32; 4],
    },
    TxDone,
}

impl Note {
    pub fn kind(&self) -> NoteKind {
        let w = &self.words;
        let mut m = [0; META_WORDS];
        m.copy_from_slice(&w[note::METADATA..]);
        if self.list == 0 {
            let status = w[0] & 0xFFFF;
            if status == es::MISC_PKT {
                return NoteKind::Misc {
                    fab_type: w[1],
                    header: m,
                };
            }
            return NoteKind::Error {
                status,
                rslot: field(note::DST_SLOT, w[0]) as u16,
                dst_node: field(note::ERR_DST_NODE, w[2]) as u16,
                src_node: field(note::ERR_SRC_NODE, w[2]) as u16,
            };
        }
        let rslot = field(note::DST_SLOT, w[0]) as u16;
        let src_node = field(note::SRC_NODE, w[0]) as u16;
        if field(note::ACK_PKT, w[1]) != 0 {
            return NoteKind::Ack {
                rslot,
                src_node,
                d1: field(note::OFFSET, w[1]),
                d2: field(note::MSG_SIZE, w[2]),
            };
        }
        if w.iter()
            .enumerate()
            .all(|(i, &x)| i == note::NEXT || x == 0)
        {
            return NoteKind::TxDone;
        }
        NoteKind::Reception {
            rslot,
            src_node,
            incarnation: field(note::INCARNATION, w[1]) as u8,
            offset: field(note::OFFSET, w[1]),
            size: field(note::MSG_SIZE, w[2]),
            meta: (field(note::META_DATA, w[2]) != 0).then_some(m),
        }
    }
}

/// What one interrupt did (`intr`): the AQR entries (rslots whose message asked for an ack) and
/// NQR tokens read, in order, and whether NBQR was refilled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intr {
    pub acks: Vec<u32>,
    pub tokens: Vec<u32>,
    pub refilled: usize,
}

/// The miscellaneous packet the PPE kept (A.2.6): header words at RCV 0xFF00, payload at 0xFF80.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MiscPacket {
    pub header: [u32; 8],
    pub payload: [u32; 32],
}

/// One PPE's driver state.
#[derive(Clone, Debug)]
pub struct Ppe {
    pub cfg: Config,
    /// Cycles a wait may take before `Error::Timeout`.
    pub timeout: u64,
    /// Per list, the object the driver looks at next.
    sw_head: Vec<u32>,
    /// Objects handed to NBQR and not yet taken back as list entries (an upper bound on its
    /// level: the PPE takes one per posting).
    pub nbqr_given: usize,
    /// Spare objects (allocated, not on NBQR).
    spare: Vec<u32>,
    /// Per descriptor: the serial of its last start, and whether a start is outstanding.
    serial: [u64; sd::N_SD],
    started: [bool; sd::N_SD],
    next_serial: u64,
    /// The sslot table: connections by (node, rslot), invalidated when a peer goes down.
    pub sslots: Vec<Conn>,
    /// rslots open (index: rslot).
    pub rslots: Vec<Option<Rslot>>,
}

impl Ppe {
    /// Driver state for a PPE that `init` will set up with `cfg` (checked there).
    pub fn new(cfg: Config) -> Self {
        Self {
            cfg,
            timeout: 2_000_000,
            sw_head: vec![],
            nbqr_given: 0,
            spare: vec![],
            serial: [0; sd::N_SD],
            started: [false; sd::N_SD],
            next_serial: 1,
            sslots: vec![],
            rslots: vec![],
        }
    }

    fn check_cfg(c: &Config) -> Result<()> {
        if c.node >= 1 << 12 {
            return Err(invalid(format!(
                "node {:#x}: the fabric carries 12 bits of node number (AMB-36)",
                c.node
            )));
        }
        if c.incarnation >= 16 {
            return Err(invalid(format!("incarnation {} (4 bits)", c.incarnation)));
        }
        if c.rslots == 0 || c.rslots > RSLOTS_MAX {
            return Err(invalid(format!("{} rslots (1-{RSLOTS_MAX})", c.rslots)));
        }
        let end = c.nlhr as u64 + heads::BYTES as u64 * c.lists as u64;
        if c.lists == 0 || c.nlhr % 8 != 0 || c.nlhr < HEADS_MIN || end > HEADS_END as u64 {
            return Err(invalid(format!(
                "heads table of {} lists at {:#x} (8-aligned, inside {HEADS_MIN:#x}..{HEADS_END:#x})",
                c.lists, c.nlhr
            )));
        }
        if c.nbqr > NBQR_DEPTH {
            return Err(invalid(format!(
                "{} NBQR objects (at most {NBQR_DEPTH})",
                c.nbqr
            )));
        }
        Ok(())
    }

    /// Polls `reg` until `(value & mask) == want`.
    fn wait_reg<T: RegAccess + ?Sized>(
        &self,
        t: &mut T,
        reg: u32,
        mask: u32,
        want: u32,
        what: &'static str,
    ) -> Result<u32> {
        poll_until(t, self.timeout, 16, what, |t| {
            let v = t.read32(reg as u64)?;
            Ok((v & mask == want).then_some(v))
        })
    }

    fn pcsr0(&self, enable: bool) -> u32 {
        (hw::ENABLE.set(0, enable as u64)
            | hw::INCARNATION.set(0, self.cfg.incarnation as u64)
            | hw::LOCAL_NODE_NUM.set(0, self.cfg.node as u64)) as u32
    }

    /// PPE soft reset (§7): reset set then cleared (enable 0), then ready awaited. The
    /// descriptors are left done; the driver forgets its starts.
    pub fn reset<T: RegAccess + ?Sized>(&mut self, t: &mut T) -> Result<()> {
        t.write32(
            hw::PCSR0 as u64,
            hw::RESET.mask() as u32 | self.pcsr0(false),
        )?;
        t.write32(hw::PCSR0 as u64, self.pcsr0(false))?;
        let r = hw::READY.mask() as u32;
        self.wait_reg(t, hw::PCSR1, r, r, "PCSR1.ready after reset")?;
        self.started = [false; sd::N_SD];
        Ok(())
    }

    fn rcv_write<T: RegAccess + ?Sized>(&self, t: &mut T, at: u32, words: &[u32]) -> Result<()> {
        t.write32(hw::PRR_PTR as u64, at)?;
        for &w in words {
            t.write32(hw::PRR_MEM_INC as u64, w)?;
        }
        Ok(())
    }

    fn rcv_read<T: RegAccess + ?Sized>(&self, t: &mut T, at: u32, n: usize) -> Result<Vec<u32>> {
        t.write32(hw::PRR_PTR as u64, at)?;
        (0..n).map(|_| t.read32(hw::PRR_MEM_INC as u64)).collect()
    }

    fn object<T: HostMem + ?Sized>(&mut self, t: &mut T) -> Result<u32> {
        if let Some(o) = self.spare.pop() {
            return Ok(o);
        }
        let a = t.alloc(NOTE_BYTES, NOTE_BYTES)?;
        u32::try_from(a).map_err(|_| invalid(format!("object at {a:#x} past 32 bits")))
    }

    /// Boot (§3.1, §3.3, §4; checklist §5 row 2): reset, PCSR0 with enable 0, NLHR,
    /// RSLOT_LIMIT, every rslot invalid, each list's head an empty object with token `list + 1`
    /// and enqueue set (list 0 too: errors interrupt), `cfg.nbqr` objects on NBQR, then enable.
    pub fn init<T: RegAccess + HostMem + ?Sized>(&mut self, t: &mut T) -> Result<()> {
        Self::check_cfg(&self.cfg)?;
        self.reset(t)?;
        t.write32(hw::NLHR as u64, self.cfg.nlhr)?;
        t.write32(hw::RSLOT_LIMIT as u64, self.cfg.rslots as u32)?;
        for n in 0..self.cfg.rslots as u32 {
            self.rcv_write(t, n * 4 * RSLOT_WORDS as u32, &[0; RSLOT_WORDS])?;
        }
        self.rslots = vec![None; self.cfg.rslots as usize];
        self.sw_head.clear();
        for l in 0..self.cfg.lists {
            let o = self.object(t)?;
            t.write(o as u64, &[0; NOTE_BYTES])?;
            let ctl = (heads::TOKEN.set(0, l as u64 + 1) | heads::ENQUEUE.mask()) as u32;
            self.rcv_write(t, self.cfg.nlhr + heads::BYTES * l as u32, &[o, ctl])?;
            self.sw_head.push(o);
        }
        self.nbqr_given = 0;
        for _ in 0..self.cfg.nbqr {
            let o = self.object(t)?;
            self.nbqr_push(t, o)?;
        }
        t.write32(hw::PCSR0 as u64, self.pcsr0(true))
    }

    /// One object onto NBQR (its `next` zeroed first; never a null pointer).
    fn nbqr_push<T: RegAccess + HostMem + ?Sized>(&mut self, t: &mut T, o: u32) -> Result<()> {
        if o == 0 {
            return Err(invalid("a null object for NBQR".into()));
        }
        if self.nbqr_given >= NBQR_DEPTH {
            self.spare.push(o);
            return Ok(());
        }
        t.write(o as u64 + 4 * note::NEXT as u64, &[0; 4])?;
        t.write32(hw::NBQR as u64, o)?;
        self.nbqr_given += 1;
        Ok(())
    }

    /// Tops NBQR up to 256 objects (new ones allocated as needed; checklist §5 row 17).
    pub fn nbqr_refill<T: RegAccess + HostMem + ?Sized>(&mut self, t: &mut T) -> Result<usize> {
        let mut n = 0;
        while self.nbqr_given < NBQR_DEPTH {
            let o = self.object(t)?;
            self.nbqr_push(t, o)?;
            n += 1;
        }
        Ok(n)
    }

    /// enable 0, then idle awaited (§3.2).
    pub fn quiesce<T: RegAccess + ?Sized>(&mut self, t: &mut T) -> Result<()> {
        t.write32(hw::PCSR0 as u64, self.pcsr0(false))?;
        let i = hw::IDLE.mask() as u32;
        self.wait_reg(t, hw::PCSR1, i, i, "PCSR1.idle after enable = 0")?;
        Ok(())
    }

    pub fn unquiesce<T: RegAccess + ?Sized>(&mut self, t: &mut T) -> Result<()> {
        t.write32(hw::PCSR0 as u64, self.pcsr0(true))
    }

    fn check_list(&self, l: u16, what: &str) -> Result<()> {
        if l >= self.cfg.lists {
            return Err(invalid(format!(
                "{what} list {l} (the heads table has {})",
                self.cfg.lists
            )));
        }
        Ok(())
    }

    fn check_rslot(&self, n: u16) -> Result<()> {
        if n >= self.cfg.rslots {
            return Err(invalid(format!(
                "rslot {n} (RSLOT_LIMIT {})",
                self.cfg.rslots
            )));
        }
        Ok(())
    }

    /// Opens rslot `n` on `r` while quiesced (valid written last); the connection a sender needs.
    pub fn rslot_open<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        n: u16,
        r: Rslot,
    ) -> Result<Conn> {
        self.check_rslot(n)?;
        if r.buf % 4 != 0 || r.size % 4 != 0 || r.size > MSG_MAX + 4 {
            return Err(invalid(format!(
                "buffer of {} bytes at {:#x} (word-aligned, at most 16 MB)",
                r.size, r.buf
            )));
        }
        if r.buf as u64 + r.size as u64 > 1 << 32 {
            return Err(invalid(format!("buffer at {:#x} past 4 GB", r.buf)));
        }
        if let Some(l) = r.note {
            self.check_list(l, "reception")?;
        }
        self.check_list(r.ack_note, "ack")?;
        if r.do_acks && n == 0 {
            return Err(invalid("do_acks on rslot 0".into()));
        }
        self.quiesce(t)?;
        let at = n as u32 * 4 * RSLOT_WORDS as u32;
        let ctl = (rslot::NOTE_INDEX.set(0, r.note.unwrap_or(0) as u64)
            | rslot::NOTIFY.set(0, r.note.is_some() as u64)
            | rslot::DO_ACKS.set(0, r.do_acks as u64)) as u32;
        let ack = rslot::ACK_NOTE_INDEX.set(0, r.ack_note as u64) as u32;
        // control with valid 0 first, the other words, then valid
        self.rcv_write(t, at, &[r.buf, r.size, ctl, 0, 0, 0, ack, 0])?;
        self.rcv_write(
            t,
            at + 4 * rslot::CONTROL as u32,
            &[ctl | rslot::VALID.mask() as u32],
        )?;
        self.rslots[n as usize] = Some(r);
        self.unquiesce(t)?;
        Ok(Conn {
            node: self.cfg.node,
            rslot: n,
            incarnation: self.cfg.incarnation,
            offset: 0,
            size: r.size,
        })
    }

    /// Closes rslot `n` (valid 0) while quiesced.
    pub fn rslot_close<T: RegAccess + ?Sized>(&mut self, t: &mut T, n: u16) -> Result<()> {
        self.check_rslot(n)?;
        self.quiesce(t)?;
        self.rcv_write(t, n as u32 * 4 * RSLOT_WORDS as u32, &[0, 0, 0, 0])?;
        self.rslots[n as usize] = None;
        self.unquiesce(t)
    }

    /// The rslot's words as the PPE keeps them.
    pub fn rslot_read<T: RegAccess + ?Sized>(
        &self,
        t: &mut T,
        n: u16,
    ) -> Result<[u32; RSLOT_WORDS]> {
        self.check_rslot(n)?;
        let v = self.rcv_read(t, n as u32 * 4 * RSLOT_WORDS as u32, RSLOT_WORDS)?;
        Ok(v.try_into().unwrap())
    }

    /// A list's token and enqueue bit (word 1 of its heads entry only), while quiesced.
    pub fn notelist_set<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        l: u16,
        token: u32,
        enqueue: bool,
    ) -> Result<()> {
        self.check_list(l, "note")?;
        if token == 0 || token as u64 > heads::TOKEN.max() {
            return Err(invalid(format!("token {token:#x} (non-zero, 31 bits)")));
        }
        self.quiesce(t)?;
        let ctl =
            (heads::TOKEN.set(0, token as u64) | heads::ENQUEUE.set(0, enqueue as u64)) as u32;
        self.rcv_write(t, self.cfg.nlhr + heads::BYTES * l as u32 + 4, &[ctl])?;
        self.unquiesce(t)
    }

    /// Adds a connection to the sslot table.
    pub fn sslot_create(&mut self, c: Conn) {
        self.sslots
            .retain(|s| (s.node, s.rslot) != (c.node, c.rslot));
        self.sslots.push(c);
    }

    /// Drops every connection to `node`.
    pub fn sslot_invalidate(&mut self, node: u16) {
        self.sslots.retain(|s| s.node != node);
    }

    fn check_send(&self, s: &Send) -> Result<()> {
        let c = s.to;
        if !self.sslots.contains(&c) {
            return Err(invalid(format!(
                "no connection to node {:#x} rslot {} (sslot table)",
                c.node, c.rslot
            )));
        }
        if s.from % 4 != 0 || s.len % 4 != 0 || s.offset % 4 != 0 {
            return Err(invalid(format!(
                "{} bytes from {:#x} to offset {:#x}: not word-aligned",
                s.len, s.from, s.offset
            )));
        }
        if s.len > MSG_MAX || s.msg_size.unwrap_or(0) > MSG_MAX {
            return Err(invalid(format!("{} bytes (at most {MSG_MAX})", s.len)));
        }
        let data = if s.control { 0 } else { s.len };
        if s.offset as u64 + data as u64 > c.size as u64 {
            return Err(invalid(format!(
                "{data} bytes at offset {:#x}: past the connection's {} bytes",
                s.offset, c.size
            )));
        }
        let remote = c.offset as u64 + s.offset as u64;
        if remote > control0::REMOTE_OFFSET.max() {
            return Err(invalid(format!("remote offset {remote:#x} past 24 bits")));
        }
        if let Some(l) = s.notify {
            if l == 0 || l >= TX_LISTS {
                return Err(invalid(format!(
                    "transmit completion on list {l} (1-{})",
                    TX_LISTS - 1
                )));
            }
        }
        if s.dio && s.from as u64 + data as u64 > 0x8000 {
            return Err(invalid(format!(
                "DIO payload at XMT_RAM {:#x} + {data} past 32 KB",
                s.from
            )));
        }
        if s.dio && s.from < (sd::N_SD * sd::WORDS * 4) as u32 && data > 0 {
            return Err(invalid(format!(
                "DIO payload at XMT_RAM {:#x}: the send descriptors' page",
                s.from
            )));
        }
        Ok(())
    }

    /// A descriptor that is done and not busy, if there is one now.
    fn any_free<T: RegAccess + ?Sized>(&mut self, t: &mut T) -> Result<Option<usize>> {
        for n in 0..sd::N_SD {
            let s2 = t.read32(desc_addr(n, sd::STATUS2))?;
            if field(sd::DONE, s2) != 0 && field(sd::BUSY, s2) == 0 {
                self.started[n] = false;
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// A descriptor that is done and not busy (waiting for one).
    fn free_desc<T: RegAccess + ?Sized>(&mut self, t: &mut T) -> Result<usize> {
        let timeout = self.timeout;
        poll_until(t, timeout, 32, "a free send descriptor", |t| {
            self.any_free(t)
        })
    }

    /// Starts `s` on a free descriptor (checklist §5 rows 8-12): every word, control1 last.
    pub fn send<T: RegAccess + ?Sized>(&mut self, t: &mut T, s: &Send) -> Result<SendHandle> {
        self.check_send(s)?;
        let n = self.free_desc(t)?;
        self.start(t, n, s)
    }

    /// Starts `s` if a descriptor is free now (None: all four are in use).
    pub fn try_send<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        s: &Send,
    ) -> Result<Option<SendHandle>> {
        self.check_send(s)?;
        match self.any_free(t)? {
            Some(n) => self.start(t, n, s).map(Some),
            None => Ok(None),
        }
    }

    /// The four descriptors' status2 words.
    pub fn status2<T: RegAccess + ?Sized>(&self, t: &mut T) -> Result<[u32; sd::N_SD]> {
        let mut v = [0; sd::N_SD];
        for (n, s) in v.iter_mut().enumerate() {
            *s = t.read32(desc_addr(n, sd::STATUS2))?;
        }
        Ok(v)
    }

    /// Starts `s` on descriptor `n` (which must be free).
    pub fn start<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        n: usize,
        s: &Send,
    ) -> Result<SendHandle> {
        self.check_send(s)?;
        if n >= sd::N_SD {
            return Err(invalid(format!(
                "descriptor {n} (the PPE has {})",
                sd::N_SD
            )));
        }
        let s2 = t.read32(desc_addr(n, sd::STATUS2))?;
        if field(sd::BUSY, s2) != 0 {
            return Err(invalid(format!("descriptor {n} is busy")));
        }
        let c = s.to;
        let remote = c.offset + s.offset;
        let a0 = (address0::FAB_BITS.set(0, DATA_TYPE) | address0::DST_NODE.set(0, c.node as u64))
            as u32;
        let a1 = (sd::DST_SLOT.set(0, c.rslot as u64)
            | sd::NOTE_INDEX.set(0, s.notify.unwrap_or(0) as u64)) as u32;
        let c0 = (control0::USE_MSG_SIZE.set(0, s.use_msg_size as u64)
            | control0::USE_MSG_OFFSET.set(0, s.use_msg_offset as u64)
            | control0::INCARNATION.set(0, c.incarnation as u64)
            | control0::REMOTE_OFFSET.set(0, remote as u64)) as u32;
        let size = s.msg_size.unwrap_or(s.len);
        let c1 = (sd::DIRECT_IO.set(0, s.dio as u64)
            | sd::CONTROL_PKT.set(0, s.control as u64)
            | sd::NOTIFY.set(0, s.notify.is_some() as u64)
            | sd::GO.mask()
            | sd::META_DATA.set(0, s.meta.is_some() as u64)
            | sd::META_CNT.set(0, s.meta.map_or(0, |_| META_WORDS as u64))
            | sd::MSG_SIZE.set(0, size as u64)) as u32;
        self.program(t, n, s.from, a0, a1, c0, s.meta, c1)
    }

    #[allow(clippy::too_many_arguments)]
    fn program<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        n: usize,
        from: u32,
        a0: u32,
        a1: u32,
        c0: u32,
        meta: Option<[u32; META_WORDS]>,
        c1: u32,
    ) -> Result<SendHandle> {
        t.write32(desc_addr(n, sd::MSG_ADDRESS), from)?;
        t.write32(desc_addr(n, sd::ADDRESS0), a0)?;
        t.write32(desc_addr(n, sd::ADDRESS1), a1)?;
        t.write32(desc_addr(n, sd::CONTROL0), c0)?;
        if let Some(m) = meta {
            for (i, &w) in m.iter().enumerate() {
                t.write32(desc_addr(n, sd::METADATA + i), w)?;
            }
        }
        t.write32(desc_addr(n, sd::CONTROL1), c1)?;
        self.serial[n] = self.next_serial;
        self.started[n] = true;
        self.next_serial += 1;
        Ok(SendHandle {
            desc: n,
            serial: self.serial[n],
        })
    }

    /// An ack packet (§5.4.2): to rslot `rslot` of `node` (the sender's ack rslot), carrying
    /// `d1` (24 bits, as remote_offset) and `d2` (24 bits, as msg_size).
    pub fn send_ack<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        to: Conn,
        d1: u32,
        d2: u32,
    ) -> Result<SendHandle> {
        if to.node >= 1 << 12 || to.incarnation >= 16 {
            return Err(invalid(format!("ack to node {:#x}", to.node)));
        }
        if d1 as u64 > control0::REMOTE_OFFSET.max() || d2 as u64 > sd::MSG_SIZE.max() {
            return Err(invalid(format!("ack data {d1:#x}, {d2:#x} past 24 bits")));
        }
        let n = self.free_desc(t)?;
        let a0 = address0::DST_NODE.set(0, to.node as u64) as u32;
        let a1 = sd::DST_SLOT.set(0, to.rslot as u64) as u32;
        let c0 = (control0::ACK_PKT.mask()
            | control0::INCARNATION.set(0, to.incarnation as u64)
            | control0::REMOTE_OFFSET.set(0, d1 as u64)) as u32;
        let c1 = (sd::CONTROL_PKT.mask() | sd::GO.mask() | sd::MSG_SIZE.set(0, d2 as u64)) as u32;
        self.program(t, n, 0, a0, a1, c0, None, c1)
    }

    /// Copies `data` into XMT_RAM at byte address `at` through PXR_MEM_INC (for DIO sends).
    pub fn xmt_write<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        at: u32,
        data: &[u32],
    ) -> Result<()> {
        if at % 4 != 0 || at as usize + 4 * data.len() > 0x8000 || at < 0x100 {
            return Err(invalid(format!(
                "{} words at XMT_RAM {at:#x} (inside 0x100..0x8000)",
                data.len()
            )));
        }
        t.write32(hw::PXR_PTR as u64, at)?;
        for &w in data {
            t.write32(hw::PXR_MEM_INC as u64, w)?;
        }
        Ok(())
    }

    /// Whether the send is over (its descriptor done, or since reused).
    pub fn send_poll<T: RegAccess + ?Sized>(&mut self, t: &mut T, h: SendHandle) -> Result<bool> {
        if self.serial[h.desc] != h.serial || !self.started[h.desc] {
            return Ok(true);
        }
        let s2 = t.read32(desc_addr(h.desc, sd::STATUS2))?;
        let done = field(sd::DONE, s2) != 0 && field(sd::BUSY, s2) == 0;
        if done {
            self.started[h.desc] = false;
        }
        Ok(done)
    }

    pub fn send_wait<T: RegAccess + ?Sized>(&mut self, t: &mut T, h: SendHandle) -> Result<()> {
        let timeout = self.timeout;
        poll_until(t, timeout, 32, "a send's descriptor done", |t| {
            Ok(self.send_poll(t, h)?.then_some(()))
        })
    }

    /// Stops descriptor `n` (go 0), waits for busy 0, and reads its words (§5.3.3).
    pub fn send_suspend<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        n: usize,
    ) -> Result<Suspended> {
        if n >= sd::N_SD {
            return Err(invalid(format!("descriptor {n}")));
        }
        let c1 = t.read32(desc_addr(n, sd::CONTROL1))?;
        t.write32(desc_addr(n, sd::CONTROL1), c1 & !(sd::GO.mask() as u32))?;
        let b = sd::BUSY.mask() as u32;
        self.wait_reg(
            t,
            desc_addr(n, sd::STATUS2) as u32,
            b,
            0,
            "busy 0 after go 0",
        )?;
        let mut words = [0; sd::WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            *w = t.read32(desc_addr(n, i))?;
        }
        self.started[n] = false;
        Ok(Suspended { desc: n, words })
    }

    /// Resumes a suspended message on descriptor `n` (any free one): its words as saved, msg_size
    /// the bytes still to go, use_msg_size and use_msg_offset as they were left (PPE-R089).
    pub fn send_resume<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        n: usize,
        s: &Suspended,
    ) -> Result<SendHandle> {
        if s.done() {
            return Err(invalid(format!("descriptor {} had finished", s.desc)));
        }
        let s2 = t.read32(desc_addr(n, sd::STATUS2))?;
        if field(sd::BUSY, s2) != 0 {
            return Err(invalid(format!("descriptor {n} is busy")));
        }
        let w = &s.words;
        let c1 = sd::MSG_SIZE.set(
            (w[sd::CONTROL1] | sd::GO.mask() as u32) as u64,
            s.bytes_to_go() as u64,
        ) as u32;
        let mut meta = [0; META_WORDS];
        meta.copy_from_slice(&w[sd::METADATA..sd::METADATA + META_WORDS]);
        self.program(
            t,
            n,
            w[sd::MSG_ADDRESS],
            w[sd::ADDRESS0],
            w[sd::ADDRESS1],
            w[sd::CONTROL0],
            Some(meta),
            c1,
        )
    }

    /// The next notification on list `l`, if one was posted (checklist §5 rows 15-16): the
    /// object's words; the driver's head moves on; the object goes back to NBQR.
    pub fn poll<T: RegAccess + HostMem + ?Sized>(
        &mut self,
        t: &mut T,
        l: u16,
    ) -> Result<Option<Note>> {
        self.check_list(l, "note")?;
        let at = self.sw_head[l as usize];
        let mut b = [0u8; NOTE_BYTES];
        t.read(at as u64, &mut b)?;
        let mut words = [0u32; note::WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            *w = u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap());
        }
        let next = words[note::NEXT];
        if next == 0 {
            return Ok(None);
        }
        self.sw_head[l as usize] = next;
        self.nbqr_given = self.nbqr_given.saturating_sub(1);
        self.nbqr_push(t, at)?;
        Ok(Some(Note { list: l, at, words }))
    }

    /// Every notification on list `l` now.
    pub fn drain<T: RegAccess + HostMem + ?Sized>(
        &mut self,
        t: &mut T,
        l: u16,
    ) -> Result<Vec<Note>> {
        let mut v = vec![];
        while let Some(n) = self.poll(t, l)? {
            v.push(n);
        }
        Ok(v)
    }

    /// Waits for the next notification on list `l`.
    pub fn wait_note<T: RegAccess + HostMem + ?Sized>(
        &mut self,
        t: &mut T,
        l: u16,
    ) -> Result<Note> {
        let timeout = self.timeout;
        poll_until(t, timeout, 32, "a notification", |t| self.poll(t, l))
    }

    /// The interrupt handler (§3.2, §3.4; AMB-23): each set bit cleared first, then its queue
    /// read until 0; NBQR refilled when it ran empty.
    pub fn intr<T: RegAccess + HostMem + ?Sized>(&mut self, t: &mut T) -> Result<Intr> {
        let p1 = t.read32(hw::PCSR1 as u64)?;
        let mut r = Intr::default();
        // until a read returns 0 (stopping earlier would lose the wakeup, PPE-R051); traffic
        // may keep the queue going, so the bound only guards against a device that never
        // answers 0
        let limit = self.timeout;
        let drain = |t: &mut T, q: u32, out: &mut Vec<u32>| -> Result<()> {
            for _ in 0..limit {
                match t.read32(q as u64)? {
                    0 => return Ok(()),
                    v => out.push(v),
                }
            }
            Err(invalid(format!("queue {q:#x} never read 0")))
        };
        if p1 & hw::INT_HI.mask() as u32 != 0 {
            t.write32(hw::PCSR1 as u64, !(hw::INT_HI.mask() as u32))?;
            drain(t, hw::AQR, &mut r.acks)?;
        }
        if p1 & hw::INT_LO.mask() as u32 != 0 {
            t.write32(hw::PCSR1 as u64, !(hw::INT_LO.mask() as u32))?;
            drain(t, hw::NQR, &mut r.tokens)?;
        }
        if p1 & hw::NBQR_EMPTY.mask() as u32 != 0 {
            self.nbqr_given = 0;
            r.refilled = self.nbqr_refill(t)?;
        }
        Ok(r)
    }

    /// The packet a miscellaneous-packet notification kept (A.2.6): read through the PRR
    /// window, then enable set again.
    pub fn misc_packet<T: RegAccess + ?Sized>(&mut self, t: &mut T) -> Result<MiscPacket> {
        let h = self.rcv_read(t, 0xFF00, 8)?;
        let p = self.rcv_read(t, 0xFF80, 32)?;
        self.unquiesce(t)?;
        Ok(MiscPacket {
            header: h.try_into().unwrap(),
            payload: p.try_into().unwrap(),
        })
    }

    /// A new incarnation (94-013 §4.1): `stored + 1` mod 16 written to PCSR0 (enable kept);
    /// true when it wrapped to 0 (the caller broadcasts before trusting it).
    pub fn set_incarnation<T: RegAccess + ?Sized>(
        &mut self,
        t: &mut T,
        stored: u8,
    ) -> Result<bool> {
        if stored >= 16 {
            return Err(invalid(format!("incarnation {stored} (4 bits)")));
        }
        self.cfg.incarnation = (stored + 1) % 16;
        let en = t.read32(hw::PCSR0 as u64)? & hw::ENABLE.mask() as u32 != 0;
        t.write32(hw::PCSR0 as u64, self.pcsr0(en))?;
        Ok(self.cfg.incarnation == 0)
    }

    /// A peer is down (94-013 §6): its connections dropped, every descriptor sending to it
    /// stopped (go 0, busy 0 awaited); the descriptors stopped.
    pub fn peer_down<T: RegAccess + ?Sized>(&mut self, t: &mut T, node: u16) -> Result<Vec<usize>> {
        self.sslot_invalidate(node);
        let mut stopped = vec![];
        for n in 0..sd::N_SD {
            let a0 = t.read32(desc_addr(n, sd::ADDRESS0))?;
            let s2 = t.read32(desc_addr(n, sd::STATUS2))?;
            if field(address0::DST_NODE, a0) == node as u32 && field(sd::DONE, s2) == 0 {
                self.send_suspend(t, n)?;
                stopped.push(n);
            }
        }
        Ok(stopped)
    }
}

/// The host-window byte address of word `w` of send descriptor `n` (the 0x100 page).
pub fn desc_addr(n: usize, w: usize) -> u64 {
    (hw::SEND_DESC_PAGE + 4 * (sd::WORDS * n + w) as u32) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_decode_by_list_and_kind() {
        let mut w = [0u32; note::WORDS];
        w[0] = es::BAD_INCARNATION | note::DST_SLOT.set(0, 5) as u32;
        w[2] = (note::ERR_DST_NODE.set(0, 3) | note::ERR_SRC_NODE.set(0, 9)) as u32;
        w[note::NEXT] = 0x40;
        let n = Note {
            list: 0,
            at: 0,
            words: w,
        };
        assert_eq!(
            n.kind(),
            NoteKind::Error {
                status: es::BAD_INCARNATION,
                rslot: 5,
                dst_node: 3,
                src_node: 9
            }
        );
        let tx = Note {
            list: 2,
            at: 0,
            words: [0, 0, 0, 0x80, 0, 0, 0, 0],
        };
        assert_eq!(tx.kind(), NoteKind::TxDone);
        let mut a = [0u32; note::WORDS];
        a[1] = (note::ACK_PKT.mask() | note::OFFSET.set(0, 7)) as u32;
        a[2] = note::MSG_SIZE.set(0, 9) as u32;
        let ack = Note {
            list: 3,
            at: 0,
            words: a,
        };
        assert_eq!(
            ack.kind(),
            NoteKind::Ack {
                rslot: 0,
                src_node: 0,
                d1: 7,
                d2: 9
            }
        );
    }

    #[test]
    fn bad_configurations_are_refused() {
        let ok = Config {
            node: 1,
            incarnation: 1,
            nlhr: 0x2000,
            rslots: 8,
            lists: 4,
            nbqr: 16,
        };
        assert!(Ppe::check_cfg(&ok).is_ok());
        for bad in [
            Config { node: 0x1000, ..ok },
            Config {
                incarnation: 16,
                ..ok
            },
            Config { rslots: 0, ..ok },
            Config { rslots: 65, ..ok },
            Config { nlhr: 0x800, ..ok },
            Config { nlhr: 0x2004, ..ok },
            Config { nlhr: 0xEFF8, ..ok },
            Config { lists: 0, ..ok },
            Config { nbqr: 257, ..ok },
        ] {
            assert!(Ppe::check_cfg(&bad).is_err(), "{bad:?}");
        }
    }
}

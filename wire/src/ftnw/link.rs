//! FTNW torus link (TNW) wire format and link register map (thesis §2.2–2.4, App. A.1–A.3,
//! Table A.2). The RTL, the channel and PHY models, the tests, the driver and the tables of
//! `docs/registers.md` (`make docs`) all read these definitions.
//!
//! The PHY side is XGMII-like: per clock one 32-bit word `d` and four control flags `c`, one
//! per byte lane (bit i flags byte `d[8i+7:8i]` as a control character). Three word shapes:
//!
//! | shape | `c` | `d[7:0]` | `d[31:8]` |
//! |---|---|---|---|
//! | data (payload, CRC) | `0000` | data | data |
//! | header | `0001` | `SOP` = K27.7 `0xFB` | `[10:8]` VC, `[21:11]` RAO (128-byte units), `[31:22]` sequence number |
//! | control | `1111` | code: IDLE K28.3 `0x7C`, ACK K28.0 `0x1C`, NAK K28.5 `0xBC`, RESTART K28.6 `0xDC` (pairwise Hamming distance 2) | `[23:8]` sequence number (ACK/NAK; 0 otherwise), `[31:24]` check = `!(d[7:0] ^ d[15:8] ^ d[23:16])` |
//!
//! A packet is 34 words: the header, 32 payload words (128 bytes, byte k in word k/4 at bits
//! `8*(k%4)`), and the CRC-32/IEEE (`crate::crc::CRC32_IEEE`, words fed LSB first) of the header
//! and payload words as a data word. Anything else is a *dirty* word: control flags other than
//! the three shapes, a bad check byte, an unknown code, a header without `SOP`, or sequence
//! bits set above the link's sequence width.

use crate::crc::CRC32_IEEE;

pub const PAYLOAD_WORDS: usize = 32;
pub const PACKET_WORDS: usize = PAYLOAD_WORDS + 2;
pub const PAYLOAD_BYTES: usize = PAYLOAD_WORDS * 4;
/// 128-bit injection items per packet.
pub const ITEMS_PER_PACKET: usize = 8;
pub const VCS: usize = 8;
/// Remote-address offset width (128-byte units): a VC's 256 KB window is 2048 packets (A.4).
pub const RAO_BITS: u32 = 11;
/// Width of the header's sequence field; a link may use fewer bits (upper bits then 0).
pub const HDR_SEQ_BITS: u32 = 10;

pub const C_DATA: u8 = 0b0000;
pub const C_HEADER: u8 = 0b0001;
pub const C_CONTROL: u8 = 0b1111;

/// Bit positions of the fields in a word's `d`: a header's sequence number and `{rao, vc}`, a
/// control word's sequence number.
pub const HDR_SEQ_LSB: u32 = 22;
pub const HDR_DEST_LSB: u32 = 8;
pub const CTRL_SEQ_LSB: u32 = 8;

pub const SOP: u8 = 0xFB;
pub const K_IDLE: u8 = 0x7C;
pub const K_ACK: u8 = 0x1C;
pub const K_NAK: u8 = 0xBC;
pub const K_RESTART: u8 = 0xDC;

/// Revision reported by the TNW_REVISION register.
pub const REVISION: u32 = 0x0001_0000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctrl {
    Idle,
    Ack,
    Nak,
    Restart,
}

impl Ctrl {
    pub const ALL: [Ctrl; 4] = [Ctrl::Ack, Ctrl::Nak, Ctrl::Restart, Ctrl::Idle];
    pub const fn code(self) -> u8 {
        match self {
            Ctrl::Idle => K_IDLE,
            Ctrl::Ack => K_ACK,
            Ctrl::Nak => K_NAK,
            Ctrl::Restart => K_RESTART,
        }
    }
    pub fn from_code(code: u8) -> Option<Ctrl> {
        Ctrl::ALL.into_iter().find(|c| c.code() == code)
    }
    /// Byte lane of this character's dirty-decode counter in RX_CMD.
    pub const fn rx_cmd_lane(self) -> u32 {
        match self {
            Ctrl::Ack => 0,
            Ctrl::Nak => 1,
            Ctrl::Restart => 2,
            Ctrl::Idle => 3,
        }
    }
}

/// One word on the PHY: data and the four control flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Word {
    pub d: u32,
    pub c: u8,
}

impl Word {
    pub const fn data(d: u32) -> Word {
        Word { d, c: C_DATA }
    }
    pub const fn control(kind: Ctrl, seq: u16) -> Word {
        let b0 = kind.code() as u32;
        let b1 = (seq & 0xff) as u32;
        let b2 = (seq >> 8) as u32;
        let check = !(b0 ^ b1 ^ b2) & 0xff;
        Word {
            d: b0 | (b1 << 8) | (b2 << 16) | (check << 24),
            c: C_CONTROL,
        }
    }
    pub const fn idle() -> Word {
        Word::control(Ctrl::Idle, 0)
    }
    pub const fn header(h: Header) -> Word {
        Word {
            d: SOP as u32
                | ((h.vc as u32) << HDR_DEST_LSB)
                | ((h.rao as u32) << (HDR_DEST_LSB + 3))
                | ((h.seq as u32) << HDR_SEQ_LSB),
            c: C_HEADER,
        }
    }
    /// Packed as the RTL carries it: `{c, d}` (36 bits).
    pub const fn packed(self) -> u64 {
        ((self.c as u64) << 32) | self.d as u64
    }
    pub const fn unpack(v: u64) -> Word {
        Word {
            d: v as u32,
            c: ((v >> 32) & 0xf) as u8,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Header {
    pub vc: u8,
    pub rao: u16,
    pub seq: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    Data(u32),
    Header(Header),
    Ctrl(Ctrl, u16),
    /// A corrupted word; `class` is the control character it is counted as (RX_CMD) when it
    /// arrives outside a packet.
    Dirty {
        class: Ctrl,
    },
}

/// Decode one word for a link using `seq_bits` of sequence number.
pub fn decode(w: Word, seq_bits: u32) -> Decoded {
    let b = w.d.to_le_bytes();
    let seq_ok = |s: u32| s >> seq_bits == 0;
    match w.c {
        C_DATA => Decoded::Data(w.d),
        C_HEADER if b[0] == SOP && seq_ok(w.d >> HDR_SEQ_LSB) => Decoded::Header(Header {
            vc: ((w.d >> HDR_DEST_LSB) & 7) as u8,
            rao: ((w.d >> (HDR_DEST_LSB + 3)) & 0x7ff) as u16,
            seq: (w.d >> HDR_SEQ_LSB) as u16,
        }),
        C_CONTROL => {
            let seq = (w.d >> CTRL_SEQ_LSB) as u16;
            let check_ok = b[3] == !(b[0] ^ b[1] ^ b[2]);
            match Ctrl::from_code(b[0]) {
                Some(k)
                    if check_ok
                        && seq_ok(seq as u32)
                        && (matches!(k, Ctrl::Ack | Ctrl::Nak) || seq == 0) =>
                {
                    Decoded::Ctrl(k, seq)
                }
                _ => Decoded::Dirty {
                    class: dirty_class(w),
                },
            }
        }
        _ => Decoded::Dirty {
            class: dirty_class(w),
        },
    }
}

/// Which RX_CMD counter a dirty word counts on: its code byte if that is a known code, else the
/// code recovered from the check byte (`!d[31:24] ^ d[15:8] ^ d[23:16]`), else IDLE.
pub fn dirty_class(w: Word) -> Ctrl {
    let b = w.d.to_le_bytes();
    Ctrl::from_code(b[0])
        .or_else(|| Ctrl::from_code(!b[3] ^ b[1] ^ b[2]))
        .unwrap_or(Ctrl::Idle)
}

/// The 34 words of a packet: header, payload, CRC.
pub fn packet_words(h: Header, payload: &[u32; PAYLOAD_WORDS]) -> Vec<Word> {
    let mut v = Vec::with_capacity(PACKET_WORDS);
    v.push(Word::header(h));
    v.extend(payload.iter().map(|&d| Word::data(d)));
    let crc = packet_crc(v.iter().map(|w| w.d));
    v.push(Word::data(crc));
    v
}

/// CRC-32 of the header and payload words.
pub fn packet_crc(words: impl Iterator<Item = u32>) -> u32 {
    let mut s = CRC32_IEEE.register_init();
    for d in words {
        s = CRC32_IEEE.step_word(s, d as u64, 32);
    }
    CRC32_IEEE.finish(s) as u32
}

/// Test-bench pseudo-random generator (§2.4.5): `rnd = rnd_prev ^ (C + swap(rnd_prev))`, where
/// swap moves the 17 lowest bits to the top and the 47 highest to the bottom (rotate right 17).
pub const TB_PRNG_C: u64 = 0x9E37_79B9_7F4A_7C15;
/// Initial values of the two generators (low and high 64 bits of the 128-bit item).
pub const TB_PRNG_SEED: [u64; 2] = [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210];

pub const fn tb_prng_next(x: u64) -> u64 {
    x ^ TB_PRNG_C.wrapping_add(x.rotate_right(17))
}

/// The data of forced-error control BACATXD (A.3).
pub const BACATXD_WORD: u32 = 0x1234_5678;
/// The control flags of forced-error control BACATXC (A.3).
pub const BACATXC_FLAGS: u8 = 0xA;

/// The causes of a NAK, in RX_EXC bit order from bit 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NakCause {
    Crc = 0,
    Dirty = 1,
    MissedHeader = 2,
    BufferFull = 3,
    Timeout = 4,
}

// ---- register map (Table A.2; one link's 4 KB window, link l at BAR2 + (l << 12)) ----

/// Address bits of one link's register window (4 KB; link l at `l << TNW_WINDOW_BITS`).
pub const TNW_WINDOW_BITS: u32 = 12;

crate::regmap! {
    pub static TNW_LINK_REGS: "tnw_link", addr_bits = TNW_WINDOW_BITS, "One FTNW torus link (Table A.2): link l at BAR2 + (l << 12). Offsets in bytes.";
    RX_EXC @ 0x000, "RX exceptions (A.1). Set by their condition, cleared by writing 1 (see spec-decisions)." {
        RX_FAULT_P [0, 1] W1C = 1, "RX_FAULT_P from PHY";
        RX_FAULT_R [1, 1] W1C = 1, "RX_FAULT_R from PHY";
        INTB [2, 1] W1C = 0, "INTB from PHY";
        TIMEOUT [3, 1] W1C = 0, "packet reception timeout";
        CRD_OVERRUN [4, 1] W1C = 0, "credit FIFO written while full (the credit is dropped)";
        CRD_SIZE0 [5, 1] W1C = 0, "credit size zero (the credit is dropped)";
        CBA_BUSY [6, 1] W1C = 0, "credit base address written while used (the write is refused)";
        NBA_BUSY [7, 1] W1C = 0, "notify base address written while used (the write is refused)";
        RX_OFFLINE_DATA [8, 1] W1C = 0, "data received while offline";
        POC_DONE [9, 1] W1C = 0, "POC protocol error: unexpected done (a packet beat marked last before its 32nd, or a host write answered with an error)";
        POC_FIRST [10, 1] W1C = 0, "POC protocol error: unexpected first (a packet beat marked first inside a packet, or a packet starting without it)";
        RXSYNC_OVF [11, 1] W1C = 0, "RXSYNC FIFO overflow: a PHY word was lost (extension, bit unused in A.1)";
        RCBA_CARRY [12, 1] W1C = 0, "invalid rCba arithmetics: CRDBAR + (C_D + RAO) x 128 carries into bit 32, or CRDBAR is not 128-byte aligned (the packet is not written; its message is notified with POLLMAGIC_ERR)";
        RNBA_LSB [13, 1] W1C = 0, "invalid rNba arithmetics: NTFBAR bits 5:0 not 0 (the notification is not written)";
        RAO_RANGE [14, 1] W1C = 0, "a delivered packet's RAO is not below its credit's SIZE (extension, ambiguity A29; the packet is still written)";
        NAK_CRC [16, 1] W1C = 0, "last NAK: failed CRC (wErrC)";
        NAK_DIRTY [17, 1] W1C = 0, "last NAK: dirty data decoding (wErrD)";
        NAK_HEADER [18, 1] W1C = 0, "last NAK: missed header, pending commit (wErrH)";
        NAK_FULL [19, 1] W1C = 0, "last NAK: failed write, data buffer full (wErrW)";
        NAK_TIMEOUT [20, 1] W1C = 0, "last NAK: timeout (wErrT)";
    }
    RX_EXEN @ 0x010, "RX exception enable: bit i lets RX_EXC bit i raise the link interrupt." {
        EN [0, 32] RW = 0x8ff, "enable, same bit positions as RX_EXC";
    }
    RX_CMD @ 0x020, "Dirty control-character counters (saturating)." {
        DIRTY_ACK [0, 8] RWH = 0, "dirty decode ACK";
        DIRTY_NAK [8, 8] RWH = 0, "dirty decode NAK";
        DIRTY_RESTART [16, 8] RWH = 0, "dirty decode RESTART";
        DIRTY_IDLE [24, 8] RWH = 0, "dirty decode IDLE (and dirty words of no recognisable kind)";
    }
    RX_DATA @ 0x030, "Packet error counters (saturating)." {
        CRC_ERR [0, 16] RWH = 0, "packets with CRC errors";
        DIRTY [16, 8] RWH = 0, "packets with dirty data";
        TIMEOUT [24, 8] RWH = 0, "packets with timeouts";
    }
    RX_FLOW @ 0x040, "Flow error counters (saturating). Table A.2 prints 0x030; A.1 numbers it 04, so 0x040." {
        HDR_REJECT [0, 16] RWH = 0, "packets rejected for header commit (sequence gap)";
        FULL_REJECT [16, 16] RWH = 0, "packets rejected for failed data write (buffer full)";
    }
    RX_RXH @ 0x050, "PHY error counters: cycles with each RXH status input high (saturating)." {
        RXH0 [0, 8] RWH = 0, "cycles with RXH(0)";
        RXH1 [8, 8] RWH = 0, "cycles with RXH(1)";
        RXH2 [16, 8] RWH = 0, "cycles with RXH(2)";
        RXH3 [24, 8] RWH = 0, "cycles with RXH(3)";
    }
    RX_FIFO_STATUS @ 0x060, "Reception buffer status." {
        PB_NOT_EMPTY [0, 1] RO = 0, "packet buffer not empty";
        PB_HALF [1, 1] RO = 0, "packet buffer at least half filled";
        PB_FULL [2, 1] RO = 0, "packet buffer full (no room for another packet)";
        DESCR_NOT_EMPTY [8, 8] RO = 0, "bit v: a packet of VC v is waiting";
        CRD_NOT_EMPTY [16, 8] RO = 0, "bit v: VC v holds a credit (queued, or the one in use)";
        CRD_FULL [24, 8] RO = 0, "bit v: VC v's credit FIFO holds 16 credits";
    }
    RX_CTRL @ 0x070, "Rx control of the receive buffer (A.1; levels, ambiguity A7)." {
        CRD_HOLD [0, 1] RW = 0, "credit FIFO hold: while 1 no packet starts its delivery (credits may still be written)";
        CRD_RESET [1, 1] RW = 0, "credit FIFO reset: while 1 every credit FIFO is held empty, credits not in use are dropped and credit writes are ignored";
    }
    RX_ACK @ 0x080, "Acknowledgement coalescing (project extension; the thesis sends an ACK per packet, the reset value): one ACK covers up to EVERY committed packets, or is asked for DELAY + 2 cycles after the first packet it covers was committed. Keep DELAY plus the round trip below the peer's acknowledgement timeout (1024 cycles)." {
        EVERY [0, 4] RW = 1, "committed packets one ACK covers at most (0 and 1: an ACK per packet, at once)";
        DELAY [16, 10] RW = 255, "cycles an ACK is held back at most after the first packet it covers";
    }
    TX_EXC @ 0x400, "TX exception status (A.2 REG0). Exceptions cleared by writing 1." {
        PHY_FAULT [0, 1] W1C = 0, "TX_FAULT_P or TX_FAULT_R from PHY";
        NAK_OVF [1, 1] W1C = 0, "NAK counter overflow (TX_CNT_NAK wrapped)";
        RESTART_OVF [2, 1] W1C = 0, "restart counter overflow: consecutive restarts beyond RESTART_LIMIT";
        FB_MISMATCH [3, 1] W1C = 0, "feedback mismatch: ACK/NAK for a sequence number not in flight";
        BAD_HEADER [4, 1] W1C = 0, "invalid header: an item's destination differs from its packet's first item";
        TXFIFO_OVF [5, 1] W1C = 0, "txFifo written while full (cannot happen on the valid/ready injection stream; for write paths without back-pressure)";
        TXFIFO_UNF [6, 1] W1C = 0, "txFifo empty while packet send (cannot happen: a packet is sent only when complete)";
        TXBUF_FULL [7, 1] W1C = 0, "txBuffer full: every slot holds an unacknowledged packet";
        OFFLINE_WRITE [8, 1] W1C = 0, "PIC data write while offline";
        FB_IN_ACC [9, 1] W1C = 0, "fbIn accumulation: a NAK arrived while a RESTART was still pending";
        FB_OUT_ACC [10, 1] W1C = 0, "fbOut accumulation: RXLINK asked for feedback while one was still pending";
        LAST_RESTART_CNT [16, 8] RWH = 0, "consecutive restarts without progress";
        TXFIFO_NOT_EMPTY [28, 1] RO = 0, "txFifo holds a packet not yet sent";
        TXFIFO_NOT_AE [29, 1] RO = 0, "txFifo holds at least 8 packets not yet sent";
        TXFIFO_AF [30, 1] RO = 0, "txFifo almost full (at most one free packet slot)";
    }
    TX_EXEN @ 0x410, "TX exception enable and restart limit (A.2 REG1)." {
        EN [0, 9] RW = 0x1ff, "enable of exceptions 8:0";
        RESTART_LIMIT [16, 8] RW = 0xff, "restart limit";
    }
    TX_CTRL @ 0x420, "TX control and status (A.2 REG2). Reset commands self-clear; their Done flags are cleared by writing 1." {
        TX_OFFLINE [0, 1] RW = 1, "txLink offline: send only IDLE";
        TX_RESET [1, 1] SC = 0, "txLink reset (pulse): flush TXFIFO and resend buffer, sequence back to 0";
        TX_RESET_DONE [2, 1] W1C = 0, "txLink reset done";
        RX_OFFLINE [4, 1] RW = 1, "rxLink offline: drop every received packet";
        RX_RESET [5, 1] SC = 0, "rxLink reset (pulse): flush reception buffer, expect sequence 0";
        RX_RESET_DONE [6, 1] W1C = 0, "rxLink reset done";
        DCM_RESET [8, 1] SC = 0, "rxClk DCM reset (pulse; resets RXSYNC)";
        DCM_RESET_DONE [9, 1] W1C = 0, "rxClk DCM reset done (set by a commanded DCM reset only)";
        DCM_LOCKED [10, 1] RO = 1, "rxClk DCM locked (no DCM in this design: reads 1 once RXSYNC is out of reset, 16 cycles after a reset)";
        PHY_RESET [12, 1] SC = 0, "PHY reset (pulse on the phy_reset output)";
        PHY_RESET_DONE [13, 1] W1C = 0, "PHY reset done";
        TX_BUSY [20, 1] RO = 0, "txLink FSM not IDLE";
        TXFIFO_NOT_EMPTY [21, 1] RO = 0, "txFifo not empty";
        TXBUF_NOT_EMPTY [22, 1] RO = 0, "txBuffer (resend) not empty";
        RX_BUSY [24, 1] RO = 0, "rxLink FSM not IDLE";
        RXBUF_BUSY [25, 1] RO = 0, "rxBuffer FSM not IDLE: a packet is being delivered (its first word taken by the host, its last not yet)";
        PB_NOT_EMPTY [26, 1] RO = 0, "packet buffer not empty";
        DESCR_NOT_EMPTY [27, 1] RO = 0, "descriptor FIFO not empty";
        CRD_NOT_EMPTY [28, 1] RO = 0, "credit FIFO not empty (VC issue; 0)";
    }
    TX_MDIO_R @ 0x430, "MDIO read (A.2 REG3): a write starts ADDRESS + READ frames; DATA holds the value read." {
        DATA [0, 16] RWH = 0, "data";
        ADDR_LO [16, 13] RWH = 0, "PHY register address bits 12:0";
        BUSY [29, 1] RO = 0, "transaction in progress (writes are ignored while set)";
        ADDR_HI [30, 2] RWH = 0, "PHY register address bits 15:14 (bit 13 is always 0)";
    }
    TX_MDIO_W @ 0x440, "MDIO write (A.2 REG4): a write starts ADDRESS + WRITE frames with DATA." {
        DATA [0, 16] RWH = 0, "data";
        ADDR_LO [16, 13] RWH = 0, "PHY register address bits 12:0";
        BUSY [29, 1] RO = 0, "transaction in progress (writes are ignored while set)";
        ADDR_HI [30, 2] RWH = 0, "PHY register address bits 15:14 (bit 13 is always 0)";
    }
    TX_CNT_NAK @ 0x450, "Total count of received NAKs (wraps, raising NAK_OVF)." {
        COUNT [0, 32] RWH = 0, "NAKs received";
    }
    TX_CNT_RESEND @ 0x460, "Total count of entries into resend mode (NAK or acknowledgement timeout; wraps)." {
        COUNT [0, 32] RWH = 0, "resend entries";
    }
    TNW_REVISION @ 0x4f0, "TNW revision." {
        REV [0, 32] RO = REVISION, "revision";
    }
    TB_TXCTRL @ 0x500, "Test-bench generator control (A.3 REG0)." {
        DGEN_EN [0, 1] RW = 0, "endless data-gen enable";
        DGEN_FLAG [1, 1] RW = 0, "data-gen flag: 0 = RND, 1 = SEQ";
        DGEN_CLEAR [2, 1] SC = 0, "re-init data generator";
        PICSWITCH [4, 1] RW = 0, "1: the link's TXFIFO is fed by DATAGEN instead of the host";
        BACATXD [8, 1] RWH = 0, "force the TXD bus to 0x12345678 for the next payload word (clears itself)";
        BACATXC [9, 1] RWH = 0, "force the TXC bus to 0xA for the next payload word (clears itself)";
        CHADDR [12, 3] RW = 0, "channel (VC) of generated packets";
        ONESHOTCNT [24, 5] RWH = 0, "one-shot: packets still to generate (writing starts a run)";
    }
    TB_RXCTRL @ 0x510, "Test-bench checker control (A.3 REG1). CHKEN = 0 clears RXERRCNT and re-inits the checker." {
        CHKEN [0, 1] RW = 0, "data-check enable";
        CHKFLAG [1, 1] RW = 0, "data-check flag: 0 = RND, 1 = SEQ";
        POCSWITCH [4, 1] RW = 0, "1: received packets go to DATACHK instead of the host";
    }
    TB_TXFRAMECNT @ 0x520, "Packets generated by DATAGEN." {
        COUNT [0, 32] RO = 0, "TX frame counter";
    }
    TB_RXERRCNT @ 0x530, "128-bit items that differed from the checker's sequence (valid while CHKEN = 1)." {
        COUNT [0, 32] RO = 0, "RX data-check error counter";
    }
    TB_RXFRAMECNT @ 0x540, "Packets checked by DATACHK." {
        COUNT [0, 32] RO = 0, "RX frame counter";
    }
    TB_LASTDATACHECKED @ 0x550, "The last 32-bit word checked." {
        DATA [0, 32] RO = 0, "last data checked";
    }
}

// ---- MDIO clause 45 ----

/// DEVAD used by the link (§2.4.2: DTE XS).
pub const MDIO_DEVAD: u8 = 0b00101;
pub const MDIO_OP_ADDRESS: u8 = 0b00;
pub const MDIO_OP_WRITE: u8 = 0b01;
pub const MDIO_OP_READ: u8 = 0b11;

/// The PHY register address carried by a TX_MDIO_R/W value (bit 13 is not mapped: 0).
pub fn mdio_reg_addr(v: u32) -> u16 {
    (((v >> 16) & 0x1fff) | (((v >> 30) & 3) << 14)) as u16
}

/// The 32 bits after the preamble of a clause-45 frame (ST, OP, PRTAD, DEVAD, TA, DATA), MSB
/// first, as the master drives them (TA = `10`; on a read the master releases both TA bits).
pub fn mdio_frame_bits(op: u8, prtad: u8, devad: u8, data: u16) -> u32 {
    ((op as u32) << 28)
        | (((prtad & 0x1f) as u32) << 23)
        | (((devad & 0x1f) as u32) << 18)
        | (0b10 << 16)
        | data as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn words_round_trip() {
        for k in Ctrl::ALL {
            let seq = if matches!(k, Ctrl::Ack | Ctrl::Nak) {
                0xa5
            } else {
                0
            };
            assert_eq!(decode(Word::control(k, seq), 8), Decoded::Ctrl(k, seq));
        }
        let h = Header {
            vc: 5,
            rao: 0x7ff,
            seq: 0xff,
        };
        assert_eq!(decode(Word::header(h), 8), Decoded::Header(h));
        assert_eq!(Word::idle().d, 0x8300_007c);
    }
    #[test]
    fn single_bit_errors_in_control_words_are_dirty_and_classified() {
        for k in Ctrl::ALL {
            let w = Word::control(k, if k == Ctrl::Ack { 0x12 } else { 0 });
            for bit in 0..36 {
                let e = Word::unpack(w.packed() ^ (1 << bit));
                match decode(e, 8) {
                    Decoded::Dirty { class } => assert_eq!(class, k, "bit {bit}"),
                    other => panic!("{k:?} with bit {bit} flipped decoded as {other:?}"),
                }
            }
        }
    }
    #[test]
    fn prng_swap() {
        assert_eq!(tb_prng_next(0), TB_PRNG_C);
        assert_eq!(tb_prng_next(1), 1 ^ TB_PRNG_C.wrapping_add(1 << 47));
    }
    // verifies: FTNW-L060
    #[test]
    fn map_is_valid_and_at_table_a2_offsets() {
        TNW_LINK_REGS.validate().unwrap();
        assert_eq!(TX_EXEN.reset(), 0x00ff_01ff);
        assert_eq!(TX_CTRL.reset(), 0x0000_0411);
        assert_eq!(RX_EXC.reset(), 3);
        assert_eq!(RX_EXEN.reset(), 0x8ff);
        let offsets: Vec<u32> = TNW_LINK_REGS.regs.iter().map(|r| r.offset).collect();
        assert_eq!(
            offsets,
            [
                0x000, 0x010, 0x020, 0x030, 0x040, 0x050, 0x060, 0x070, 0x080, 0x400, 0x410, 0x420,
                0x430, 0x440, 0x450, 0x460, 0x4F0, 0x500, 0x510, 0x520, 0x530, 0x540, 0x550
            ]
        );
        assert_eq!(mdio_reg_addr(0xC000_0000 | (0x1abc << 16)), 0xdabc);
    }
    #[test]
    fn nak_causes_in_rx_exc_bit_order() {
        for (c, f) in [
            (NakCause::Crc, RX_EXC::NAK_CRC),
            (NakCause::Dirty, RX_EXC::NAK_DIRTY),
            (NakCause::MissedHeader, RX_EXC::NAK_HEADER),
            (NakCause::BufferFull, RX_EXC::NAK_FULL),
            (NakCause::Timeout, RX_EXC::NAK_TIMEOUT),
        ] {
            assert_eq!(f.lsb, RX_EXC::NAK_CRC.lsb + c as u32, "{}", f.name);
        }
    }
}

/// Markdown tables of the TNW word and control-character layout (for docs/registers.md).
pub fn wire_markdown() -> String {
    let mut s = String::from(
        "## TNW link words (FTNW thesis §2.2–2.3)\n\n\
         One word per TNW clock: `d[31:0]` and control flags `c[3:0]` (bit i flags byte i). \
         A packet is 34 words: header, 32 payload words (128 bytes, byte k in word k/4 at bits 8*(k%4)), \
         and the CRC-32/IEEE of the header and payload words (fed LSB first) as a data word.\n\n\
         | word | `c` | `d[7:0]` | `d[15:8]` | `d[23:16]` | `d[31:24]` |\n|---|---|---|---|---|---|\n",
    );
    s += &format!(
        "| data (payload, CRC) | `{:04b}` | data | data | data | data |\n",
        C_DATA
    );
    s += &format!(
        "| header | `{:04b}` | SOP `{:#04x}` (K27.7) | `[10:8]` VC, `[15:11]` RAO[4:0] | RAO[10:5] at `[21:16]`, SEQ[1:0] at `[23:22]` | SEQ[9:2] |\n",
        C_HEADER, SOP
    );
    for k in [Ctrl::Idle, Ctrl::Ack, Ctrl::Nak, Ctrl::Restart] {
        let (name, seq) = match k {
            Ctrl::Idle => ("IDLE (K28.3)", "0"),
            Ctrl::Ack => ("ACK (K28.0)", "SEQ[7:0]"),
            Ctrl::Nak => ("NAK (K28.5)", "SEQ[7:0]"),
            Ctrl::Restart => ("RESTART (K28.6)", "0"),
        };
        let hi = if seq == "0" { "0" } else { "SEQ[15:8]" };
        s += &format!("| {name} | `{:04b}` | `{:#04x}` | {seq} | {hi} | `~(d[7:0]^d[15:8]^d[23:16])` (IDLE: `{:#04x}`) |\n", C_CONTROL, k.code(), Word::idle().d >> 24);
    }
    s += "\nHeader fields: `d[10:8]` VC, `d[21:11]` remote-address offset (128-byte units), `d[31:22]` sequence number \
          (the link uses 8 bits; upper bits 0). Any other combination is a dirty word; a dirty word outside a packet is \
          counted in RX_CMD on the lane of its code byte, else of the code recovered from the check byte, else IDLE.\n\n";
    s
}

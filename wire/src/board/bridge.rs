//! The UART register bridge of the board tops, and the board address map behind it.
//!
//! One source for the RTL bridge (`nicgen_bsp::bridge`), the host driver's serial
//! transport (`nicgen_driver::transport::serial`), the models and `docs/registers.md`.
//!
//! **Line**: 8N1 (one start bit, 8 data bits LSB first, one stop bit: 10 bit times per byte),
//! `DEFAULT_BAUD` unless the top is built with another rate.
//!
//! **Request** (host to board), always `REQUEST_BYTES` = 10 bytes, multi-byte fields big-endian:
//!
//! | byte | 0 | 1..=4 | 5..=8 | 9 |
//! |---|---|---|---|---|
//! | field | command | address | data (ignored by READ) | checksum |
//!
//! **Response** (board to host), always `RESPONSE_BYTES` = 6 bytes, one per request:
//!
//! | byte | 0 | 1..=4 | 5 |
//! |---|---|---|---|
//! | field | status | data (READ OK: the register; otherwise 0) | checksum |
//!
//! **Checksum**: the byte that makes the sum of all bytes of the frame 0 modulo 256
//! ([`checksum`]).
//!
//! **Framing**: fixed lengths, so the bridge never needs the command to know where a frame ends.
//! A frame whose next byte does not come within `TRUNCATE_BIT_TIMES` bit times of the previous
//! one is truncated: the bridge answers TRUNCATED and starts a new frame with the next byte.
//! A byte with a bad stop bit is dropped (and counted); its frame then ends truncated or with
//! a bad checksum. One frame is in flight: bytes arriving before the response has been sent
//! are discarded (the host waits for each response; the driver does).
//!
//! **Checks**, in this order, each answered with its status and no bus access: checksum,
//! command, address (aligned, and inside a window of [`BOARD_WINDOWS`]). Then one bus access:
//! the device's error flag gives BUS_ERROR, no answer within `BUS_TIMEOUT_CYCLES` gives
//! BUS_TIMEOUT. Every bad frame is answered; none leaves the bridge waiting.

use crate::regs::Reg;

pub const REQUEST_BYTES: usize = 10;
pub const RESPONSE_BYTES: usize = 6;
/// Bit times per byte on the line (8N1).
pub const BITS_PER_BYTE: u32 = 10;
pub const DEFAULT_BAUD: u32 = 3_000_000;
/// Idle gap inside a request, in bit times, after which the frame is truncated (1 ms at 3 Mbaud).
pub const TRUNCATE_BIT_TIMES: u32 = 3000;
/// Register-bus cycles the bridge waits for `ready` before answering BUS_TIMEOUT.
pub const BUS_TIMEOUT_CYCLES: u32 = 255;

/// Request command bytes (ASCII `R` and `W`, readable on a logic analyser).
pub const CMD_READ: u8 = b'R';
pub const CMD_WRITE: u8 = b'W';

/// Response status byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Status {
    Ok = 0,
    /// The request's bytes do not sum to 0.
    BadChecksum = 1,
    /// Fewer than 10 bytes, then an idle gap of `TRUNCATE_BIT_TIMES`.
    Truncated = 2,
    /// Command byte neither `CMD_READ` nor `CMD_WRITE`.
    UnknownCommand = 3,
    /// Address not word aligned, or outside every window of the board map.
    AddressOutOfRange = 4,
    /// The device answered the access with its error flag (no register there, read-only...).
    BusError = 5,
    /// The device did not answer within `BUS_TIMEOUT_CYCLES`.
    BusTimeout = 6,
}

impl Status {
    pub const ALL: [Status; 7] = [
        Status::Ok,
        Status::BadChecksum,
        Status::Truncated,
        Status::UnknownCommand,
        Status::AddressOutOfRange,
        Status::BusError,
        Status::BusTimeout,
    ];
    pub fn from_code(c: u8) -> Option<Status> {
        Self::ALL.into_iter().find(|s| *s as u8 == c)
    }
    pub const fn name(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::BadChecksum => "BAD_CHECKSUM",
            Status::Truncated => "TRUNCATED",
            Status::UnknownCommand => "UNKNOWN_COMMAND",
            Status::AddressOutOfRange => "ADDRESS_OUT_OF_RANGE",
            Status::BusError => "BUS_ERROR",
            Status::BusTimeout => "BUS_TIMEOUT",
        }
    }
}

/// The byte that makes `bytes` plus itself sum to 0 modulo 256.
pub fn checksum(bytes: &[u8]) -> u8 {
    0u8.wrapping_sub(bytes.iter().fold(0u8, |s, b| s.wrapping_add(*b)))
}

/// A request frame.
pub fn request(cmd: u8, addr: u32, data: u32) -> [u8; REQUEST_BYTES] {
    let mut f = [0u8; REQUEST_BYTES];
    f[0] = cmd;
    f[1..5].copy_from_slice(&addr.to_be_bytes());
    f[5..9].copy_from_slice(&data.to_be_bytes());
    f[9] = checksum(&f[..9]);
    f
}

/// A response frame.
pub fn response(status: Status, data: u32) -> [u8; RESPONSE_BYTES] {
    let mut f = [0u8; RESPONSE_BYTES];
    f[0] = status as u8;
    f[1..5].copy_from_slice(&data.to_be_bytes());
    f[5] = checksum(&f[..5]);
    f
}

/// Decode a response: `Err` with the reason when the checksum or the status byte is bad.
pub fn parse_response(f: &[u8; RESPONSE_BYTES]) -> Result<(Status, u32), String> {
    if checksum(f) != 0 {
        return Err(format!("response {f:02x?} has a bad checksum"));
    }
    let s =
        Status::from_code(f[0]).ok_or_else(|| format!("response status {:#04x} unknown", f[0]))?;
    Ok((s, u32::from_be_bytes([f[1], f[2], f[3], f[4]])))
}

/// What the bridge answers to a complete 10-byte request, before any bus access: `None` when
/// the request goes to the bus. (The reference for the RTL's checks.)
pub fn precheck(f: &[u8; REQUEST_BYTES]) -> Option<Status> {
    let addr = u32::from_be_bytes([f[1], f[2], f[3], f[4]]);
    if checksum(f) != 0 {
        Some(Status::BadChecksum)
    } else if f[0] != CMD_READ && f[0] != CMD_WRITE {
        Some(Status::UnknownCommand)
    } else if window_of(addr).is_none() {
        Some(Status::AddressOutOfRange)
    } else {
        None
    }
}

/// Register accesses per second the frame format allows at `baud`: one request and one
/// response per access, back to back, with no turnaround.
pub fn max_accesses_per_second(baud: u32) -> f64 {
    baud as f64 / (BITS_PER_BYTE as f64 * (REQUEST_BYTES + RESPONSE_BYTES) as f64)
}

// ------------------------------------------------------------------ the board address map

/// Window size of the board map: address bits [11:0] go to the device, [15:12] pick the window.
pub const WINDOW_BITS: u32 = 12;
/// Windows of the board map behind the bridge: (window number, name, what).
pub const BOARD_WINDOWS: [(u32, &str, &str); 3] = [
    (0, "link0", "TNW link 0 (TNW_LINK registers)"),
    (1, "link1", "TNW link 1 (TNW_LINK registers)"),
    (15, "board", "board and bridge registers (BOARD)"),
];
/// Window number of the BOARD registers.
pub const BOARD_WINDOW: u32 = 15;

/// Windows of the DTU board (`ulx3s_dtu`: two M3 DTU PEs) behind the same bridge.
pub const DTU_BOARD_WINDOWS: [(u32, &str, &str); 5] = [
    (0, "pe0", "PE 0's DTU MMIO (DTU map of `nicgen_wire::dtu`; a 64-bit register is the word pair r, r + 4, low word first)"),
    (1, "pe1", "PE 1's DTU MMIO (as pe0)"),
    (2, "mem0", "PE 0's local memory, 4 KiB: byte b of the window is byte b of the memory"),
    (3, "mem1", "PE 1's local memory, 4 KiB"),
    (15, "board", "board and bridge registers (BOARD)"),
];
/// Bytes of each PE's local memory on the DTU board (one window).
pub const DTU_BOARD_MEM_BYTES: usize = 1 << WINDOW_BITS;
/// Clock of the DTU board build (25 MHz oscillator, PLL x 11 / 7; 3 Mbaud is 13 cycles a bit).
pub const DTU_BOARD_CLOCK_HZ: u32 = 39_285_714;

/// Windows of the MIT NIC board (`ulx3s_mitnic`: two NICs on a ring of two routers).
pub const MITNIC_BOARD_WINDOWS: [(u32, &str, &str); 5] = [
    (0, "nic0", "NIC 0 on its P bus: offset A[11:2] is da[9:0] (LOC, OTYPE, NNEXT) of one transaction; FAULT answers BUS_ERROR"),
    (1, "nic1", "NIC 1 on its P bus (as nic0)"),
    (2, "hi0", "NIC 0's da[13:10] (SEND, CSP) for the transactions of window 0: bits 3:0 of a word written anywhere in the window"),
    (3, "hi1", "NIC 1's da[13:10] (as hi0)"),
    (15, "board", "board and bridge registers (BOARD)"),
];
/// Clock of the MIT NIC board build (25 MHz oscillator, PLL x 8 / 3).
pub const MITNIC_BOARD_CLOCK_HZ: u32 = 66_666_667;

/// Windows of the PPE board (`ulx3s_ppe`: two Utah PPEs cabled to each other).
pub const PPE_BOARD_WINDOWS: [(u32, &str, &str); 5] = [
    (0, "ppe0", "PPE 0's 1 KB host window (`nicgen_wire::ppe::host`), repeated four times in the window"),
    (1, "ppe1", "PPE 1's host window (as ppe0)"),
    (2, "mem0", "PPE 0's host memory, 4 KiB: byte b of the window is host address b, which the PPE reads and writes by DMA"),
    (3, "mem1", "PPE 1's host memory (as mem0)"),
    (15, "board", "board and bridge registers (BOARD)"),
];
/// Bytes of each PPE's host memory on the PPE board (one window, at host address 0).
pub const PPE_BOARD_MEM_BYTES: usize = 1 << WINDOW_BITS;
/// Clock of the PPE board build (25 MHz oscillator, PLL x 13 / 6).
pub const PPE_BOARD_CLOCK_HZ: u32 = 54_166_667;

/// The window a bridge address falls in (aligned, below 64 KiB, a mapped window), if any.
pub fn window_of(addr: u32) -> Option<u32> {
    let w = addr >> WINDOW_BITS;
    (addr % 4 == 0 && BOARD_WINDOWS.iter().any(|&(n, _, _)| n == w)).then_some(w)
}

/// Base address of a window.
pub const fn window_base(w: u32) -> u32 {
    w << WINDOW_BITS
}

/// Bit mask of the mapped windows (bit w set when window w is mapped), for the RTL decoder.
pub fn window_mask() -> u16 {
    mask_of(&BOARD_WINDOWS)
}

/// Bit mask of the windows of a board map.
pub fn mask_of(windows: &[(u32, &str, &str)]) -> u16 {
    windows.iter().fold(0, |m, &(n, _, _)| m | 1 << n)
}

/// Bridge address of a BOARD register.
pub const fn board_addr(r: &Reg) -> u32 {
    window_base(BOARD_WINDOW) + r.offset
}

/// Value of `BOARD_ID`: "NGB" and the bridge protocol version 1.
pub const BOARD_ID_VALUE: u32 = 0x4E47_4201;

/// The link clock of the default ULX3S build (25 MHz oscillator, PLL to 75 MHz).
pub const DEFAULT_CLOCK_HZ: u32 = 75_000_000;

crate::regmap! {
    pub static BOARD_REGS: "BOARD", addr_bits = WINDOW_BITS, "Board registers, window 15 (0xF000) of the bridge's address map.";
    BOARD_ID @ 0x000, "Identifies the bridge and its protocol version (BOARD_ID_VALUE = 0x4E474201)." {
        ID [0, 32] RO = BOARD_ID_VALUE, "\"NGB\" and protocol version 1";
    }
    BOARD_CLOCK_HZ @ 0x004, "Frequency of the link clock the top was built for, in Hz." {
        HZ [0, 32] RO = DEFAULT_CLOCK_HZ, "link clock frequency (the default build's)";
    }
    BOARD_BAUD_DIV @ 0x008, "Link-clock cycles per UART bit time (the baud rate is BOARD_CLOCK_HZ / BAUD_DIV)." {
        DIV [0, 32] RO = DEFAULT_CLOCK_HZ / DEFAULT_BAUD, "cycles per bit (the default build's)";
    }
    BOARD_CYCLES @ 0x00c, "Free-running link-clock cycle counter (wraps); the serial transport's `wait_cycles` polls it." {
        CYCLES [0, 32] RO = 0, "cycles since reset, modulo 2^32 (counts from 0 at reset)";
    }
    BOARD_BRIDGE_ERRORS @ 0x010, "Bridge error counters since reset (saturating)." {
        RESPONSES [0, 16] RO = 0, "error responses sent (any status but OK)";
        FRAMING [16, 16] RO = 0, "bytes dropped for a bad stop bit";
    }
    BOARD_CABLE_FLIP @ 0x014, "Bit-error injection on the in-FPGA cable from link 0 to link 1 (link 1 to link 0 is clean)." {
        PERIOD [0, 16] RW = 0, "0: off; N: one data bit of every N-th word is inverted (bit position from an LFSR)";
    }
    BOARD_LEDS @ 0x018, "The LED outputs as driven (led[0]/[1] link 0/1 online, [2] PLL locked, [3] UART activity, [4] last response was an error, [5]/[6] link 0/1 interrupt, [7] heartbeat)." {
        LED [0, 8] RO = 0, "led[7:0]";
    }
}

/// The frame format and the board map as Markdown (for docs/registers.md).
pub fn bridge_markdown() -> String {
    let mut s = String::from("## UART register bridge (board tops)\n\n");
    s += &format!(
        "8N1 at {} baud by default. Request: {} bytes `[command][address, 4, big-endian][data, 4, big-endian][checksum]`; \
response: {} bytes `[status][data, 4, big-endian][checksum]`. The checksum makes the frame's bytes sum to 0 mod 256. \
Commands: READ = {:#04x} (`R`), WRITE = {:#04x} (`W`). A request with an idle gap of {} bit times before its 10th byte is TRUNCATED. \
Theoretical maximum at the default rate: {:.0} accesses/s.\n\n",
        DEFAULT_BAUD,
        REQUEST_BYTES,
        RESPONSE_BYTES,
        CMD_READ,
        CMD_WRITE,
        TRUNCATE_BIT_TIMES,
        max_accesses_per_second(DEFAULT_BAUD)
    );
    s += "| status | name | meaning |\n|---|---|---|\n";
    let what = [
        "the access was done (READ: data is the register)",
        "the request's bytes do not sum to 0",
        "fewer than 10 bytes, then an idle gap",
        "command byte is neither READ nor WRITE",
        "address unaligned or outside every window",
        "the device refused the access (its error flag)",
        "the device did not answer within 255 cycles",
    ];
    for (st, w) in Status::ALL.iter().zip(what) {
        s += &format!("| {:#04x} | {} | {} |\n", *st as u8, st.name(), w);
    }
    for (board, windows) in [
        ("ulx3s", &BOARD_WINDOWS[..]),
        ("ulx3s_dtu", &DTU_BOARD_WINDOWS[..]),
        ("ulx3s_mitnic", &MITNIC_BOARD_WINDOWS[..]),
        ("ulx3s_ppe", &PPE_BOARD_WINDOWS[..]),
    ] {
        s += &format!("\nBoard map of `{board}`:\n\n| window | base | block |\n|---|---|---|\n");
        for (n, name, what) in windows {
            s += &format!("| {n} ({name}) | {:#06x} | {what} |\n", window_base(*n));
        }
    }
    s += "\n";
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_sum_to_zero() {
        let r = request(CMD_WRITE, 0x1234_5678, 0xDEAD_BEEF);
        assert_eq!(
            r,
            [b'W', 0x12, 0x34, 0x56, 0x78, 0xDE, 0xAD, 0xBE, 0xEF, r[9]]
        );
        assert_eq!(r.iter().fold(0u8, |s, b| s.wrapping_add(*b)), 0);
        let p = response(Status::Ok, 0xCAFE_F00D);
        assert_eq!(parse_response(&p), Ok((Status::Ok, 0xCAFE_F00D)));
        let mut bad = p;
        bad[2] ^= 1;
        assert!(parse_response(&bad).is_err());
        let unknown = {
            let mut f = [9u8, 0, 0, 0, 0, 0];
            f[5] = checksum(&f[..5]);
            f
        };
        assert!(parse_response(&unknown).unwrap_err().contains("unknown"));
    }

    #[test]
    fn precheck_orders_checksum_command_address() {
        let good = request(CMD_READ, 0x1010, 0);
        assert_eq!(precheck(&good), None);
        let mut f = good;
        f[9] ^= 1;
        assert_eq!(precheck(&f), Some(Status::BadChecksum));
        assert_eq!(
            precheck(&request(b'X', 0x7_0000, 0)),
            Some(Status::UnknownCommand)
        );
        for a in [0x2000u32, 0x1002, 0x1_0000, 0xE000, u32::MAX] {
            assert_eq!(
                precheck(&request(CMD_WRITE, a, 0)),
                Some(Status::AddressOutOfRange),
                "{a:#x}"
            );
        }
        assert_eq!(precheck(&request(CMD_WRITE, 0xF014, 0)), None);
        assert_eq!(window_mask(), 0x8003);
    }

    #[test]
    fn theoretical_rate() {
        assert_eq!(max_accesses_per_second(3_000_000), 18_750.0);
    }
}

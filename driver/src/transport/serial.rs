//! The serial transport: register accesses through a board's UART register bridge
//! (`nicgen_wire::board::bridge`) over any byte stream: a serial device ([`TtyPort`], e.g. the
//! ULX3S's FT231X at `/dev/ttyUSB0`), a pseudo-terminal (the simulated board), or any
//! `Read + Write` value.
//!
//! One request and one response per access, stop-and-wait. Bridge statuses become errors:
//! ADDRESS_OUT_OF_RANGE and BUS_ERROR are [`Error::Bus`] (as a device's own decoder answers),
//! BUS_TIMEOUT is [`Error::Timeout`], the framing statuses (BAD_CHECKSUM, TRUNCATED,
//! UNKNOWN_COMMAND: the line corrupted a request) and a corrupt, short or missing response are
//! [`Error::Transport`]. `wait_cycles` polls the board's free-running `BOARD_CYCLES`
//! register, so device time is measured by the device, on hardware and in simulation alike.

use crate::{Error, RegAccess, Result};
use nicgen_wire::board::bridge::{self as wb, Status};
use std::io::{self, Read, Write};
use std::time::Duration;

pub struct Serial<S: Read + Write> {
    io: S,
    /// Requests sent, and responses other than OK received.
    pub requests: u64,
    pub error_responses: u64,
}

/// What `identify` reads from the board registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardInfo {
    pub clock_hz: u32,
    pub baud_div: u32,
}

impl<S: Read + Write> Serial<S> {
    pub fn new(io: S) -> Self {
        Self {
            io,
            requests: 0,
            error_responses: 0,
        }
    }

    pub fn into_inner(self) -> S {
        self.io
    }

    pub fn get_mut(&mut self) -> &mut S {
        &mut self.io
    }

    /// Send `bytes` as they are (a request, or a broken one on purpose) and read one response.
    pub fn exchange_raw(&mut self, bytes: &[u8]) -> Result<(Status, u32)> {
        let io_err = |what: &str, e: io::Error| Error::Transport(format!("{what}: {e}"));
        self.io
            .write_all(bytes)
            .and_then(|_| self.io.flush())
            .map_err(|e| io_err("sending a request", e))?;
        self.requests += 1;
        let mut f = [0u8; wb::RESPONSE_BYTES];
        self.io
            .read_exact(&mut f)
            .map_err(|e| io_err("reading the response", e))?;
        let (s, d) = wb::parse_response(&f).map_err(Error::Transport)?;
        if s != Status::Ok {
            self.error_responses += 1;
        }
        Ok((s, d))
    }

    fn access(&mut self, write: bool, addr: u64, data: u32) -> Result<u32> {
        let a = u32::try_from(addr).map_err(|_| Error::Bus { addr, write })?;
        let cmd = if write { wb::CMD_WRITE } else { wb::CMD_READ };
        match self.exchange_raw(&wb::request(cmd, a, data))? {
            (Status::Ok, d) => Ok(d),
            (Status::AddressOutOfRange | Status::BusError, _) => Err(Error::Bus { addr, write }),
            (Status::BusTimeout, _) => Err(Error::Timeout {
                what: "the register bus to answer the bridge",
                cycles: wb::BUS_TIMEOUT_CYCLES as u64,
            }),
            (s, _) => Err(Error::Transport(format!(
                "the bridge answered {} to a {} at {addr:#x}",
                s.name(),
                if write { "write" } else { "read" }
            ))),
        }
    }

    /// Check `BOARD_ID` and read the clock and baud divisor.
    pub fn identify(&mut self) -> Result<BoardInfo> {
        let id = self.read32(wb::board_addr(&wb::BOARD_ID) as u64)?;
        if id != wb::BOARD_ID_VALUE {
            return Err(Error::Transport(format!(
                "BOARD_ID is {id:#010x}, not {:#010x}: not a nicgen bridge, or another protocol version",
                wb::BOARD_ID_VALUE
            )));
        }
        Ok(BoardInfo {
            clock_hz: self.read32(wb::board_addr(&wb::BOARD_CLOCK_HZ) as u64)?,
            baud_div: self.read32(wb::board_addr(&wb::BOARD_BAUD_DIV) as u64)?,
        })
    }

    /// The board's cycle counter.
    pub fn cycles(&mut self) -> Result<u32> {
        self.read32(wb::board_addr(&wb::BOARD_CYCLES) as u64)
    }
}

impl<S: Read + Write> RegAccess for Serial<S> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        self.access(false, addr, 0)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        self.access(true, addr, value).map(|_| ())
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        // the counter wraps at 2^32: wait in pieces below 2^31
        let mut left = cycles;
        while left > 0 {
            let step = left.min(1 << 31);
            let start = self.cycles()?;
            while (self.cycles()?.wrapping_sub(start) as u64) < step {}
            left -= step;
        }
        Ok(())
    }
}

/// A serial device (or the slave side of a pseudo-terminal) in raw 8N1 mode at a given baud
/// rate, with a read timeout.
#[cfg(unix)]
pub struct TtyPort {
    file: std::fs::File,
    pub timeout: Duration,
}

#[cfg(unix)]
impl TtyPort {
    /// Open `path` raw (no echo, no line editing, no flow control) at `baud`.
    pub fn open(path: &std::path::Path, baud: u32, timeout: Duration) -> io::Result<Self> {
        use std::os::unix::fs::OpenOptionsExt;
        use std::os::unix::io::AsRawFd;
        let speed = match baud {
            9600 => libc::B9600,
            115_200 => libc::B115200,
            230_400 => libc::B230400,
            460_800 => libc::B460800,
            921_600 => libc::B921600,
            1_000_000 => libc::B1000000,
            2_000_000 => libc::B2000000,
            3_000_000 => libc::B3000000,
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("baud rate {baud} has no termios constant here"),
                ))
            }
        };
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NOCTTY)
            .open(path)?;
        let fd = file.as_raw_fd();
        // SAFETY: fd is open for the lifetime of `file`; termios is plain data.
        unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(fd, &mut t) != 0 {
                return Err(io::Error::last_os_error());
            }
            libc::cfmakeraw(&mut t);
            t.c_cflag |= libc::CLOCAL | libc::CREAD;
            t.c_cflag &= !(libc::CSTOPB | libc::PARENB | libc::CRTSCTS);
            t.c_cc[libc::VMIN] = 0;
            t.c_cc[libc::VTIME] = 0;
            if libc::cfsetispeed(&mut t, speed) != 0
                || libc::cfsetospeed(&mut t, speed) != 0
                || libc::tcsetattr(fd, libc::TCSANOW, &t) != 0
            {
                return Err(io::Error::last_os_error());
            }
            libc::tcflush(fd, libc::TCIOFLUSH);
        }
        Ok(Self { file, timeout })
    }
}

#[cfg(unix)]
impl Read for TtyPort {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use std::os::unix::io::AsRawFd;
        let mut p = libc::pollfd {
            fd: self.file.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = self.timeout.as_millis().min(i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut p, 1, ms) };
        if r < 0 {
            return Err(io::Error::last_os_error());
        }
        if r == 0 {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("no byte within {:?}", self.timeout),
            ));
        }
        self.file.read(buf)
    }
}

#[cfg(unix)]
impl Write for TtyPort {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted byte stream: what was written, and canned responses to read.
    struct Script {
        sent: Vec<u8>,
        replies: std::collections::VecDeque<u8>,
    }
    impl Read for Script {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.replies.len());
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::TimedOut, "no reply"));
            }
            for b in buf.iter_mut().take(n) {
                *b = self.replies.pop_front().unwrap();
            }
            Ok(n)
        }
    }
    impl Write for Script {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.sent.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn statuses_map_to_errors() {
        let mut replies = std::collections::VecDeque::new();
        for (s, d) in [
            (Status::Ok, 0x1234_5678),
            (Status::Ok, 0),
            (Status::BusError, 0),
            (Status::AddressOutOfRange, 0),
            (Status::BusTimeout, 0),
            (Status::BadChecksum, 0),
        ] {
            replies.extend(wb::response(s, d));
        }
        replies.extend([0u8, 0, 0, 0, 0, 1]); // bad checksum in the response
        let mut s = Serial::new(Script {
            sent: vec![],
            replies,
        });
        assert_eq!(s.read32(0x1010), Ok(0x1234_5678));
        assert_eq!(s.write32(0xF014, 7), Ok(()));
        assert_eq!(
            s.write32(0x00F0, 1),
            Err(Error::Bus {
                addr: 0xF0,
                write: true
            })
        );
        assert_eq!(
            s.read32(0x2000),
            Err(Error::Bus {
                addr: 0x2000,
                write: false
            })
        );
        assert!(matches!(s.read32(0), Err(Error::Timeout { .. })));
        assert!(matches!(s.read32(0), Err(Error::Transport(m)) if m.contains("BAD_CHECKSUM")));
        assert!(matches!(s.read32(0), Err(Error::Transport(m)) if m.contains("checksum")));
        assert!(
            matches!(s.read32(0), Err(Error::Transport(m)) if m.contains("response")),
            "no reply at all"
        );
        assert_eq!(
            s.read32(1 << 40),
            Err(Error::Bus {
                addr: 1 << 40,
                write: false
            }),
            "beyond the bridge's 32-bit addresses, nothing is sent"
        );
        let io = s.into_inner();
        assert_eq!(&io.sent[..10], &wb::request(wb::CMD_READ, 0x1010, 0));
        assert_eq!(&io.sent[10..20], &wb::request(wb::CMD_WRITE, 0xF014, 7));
        assert_eq!(io.sent.len(), 80);
    }
}

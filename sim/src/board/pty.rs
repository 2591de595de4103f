//! A pseudo-terminal: the simulation holds the master side, a driver opens the slave path as it
//! would open `/dev/ttyUSB0`. The master keeps a slave descriptor of its own open (in raw mode)
//! so that reads do not fail before the driver opens the path or after it closes it.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::io::{AsRawFd, FromRawFd};
use std::path::PathBuf;

pub struct Pty {
    master: File,
    _slave: File,
    pub path: PathBuf,
}

fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

impl Pty {
    pub fn open() -> io::Result<Pty> {
        // SAFETY: plain libc calls on descriptors this function owns; ptsname_r writes into buf.
        unsafe {
            let m = check(libc::posix_openpt(
                libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
            ))?;
            let master = File::from_raw_fd(m);
            check(libc::grantpt(m))?;
            check(libc::unlockpt(m))?;
            let mut buf = [0 as libc::c_char; 128];
            if libc::ptsname_r(m, buf.as_mut_ptr(), buf.len()) != 0 {
                return Err(io::Error::last_os_error());
            }
            let path = PathBuf::from(
                std::ffi::CStr::from_ptr(buf.as_ptr())
                    .to_string_lossy()
                    .into_owned(),
            );
            let s = check(libc::open(
                buf.as_ptr(),
                libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
            ))?;
            let slave = File::from_raw_fd(s);
            let mut t: libc::termios = std::mem::zeroed();
            check(libc::tcgetattr(s, &mut t))?;
            libc::cfmakeraw(&mut t);
            check(libc::tcsetattr(s, libc::TCSANOW, &t))?;
            Ok(Pty {
                master,
                _slave: slave,
                path,
            })
        }
    }

    /// Wait up to `ms` milliseconds for bytes from the driver; true when some are there.
    pub fn wait_readable(&self, ms: i32) -> bool {
        let mut p = libc::pollfd {
            fd: self.master.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut p, 1, ms) };
        r > 0 && p.revents & libc::POLLIN != 0
    }

    /// The bytes the driver has written so far (without blocking).
    pub fn read_available(&mut self, buf: &mut [u8]) -> usize {
        if !self.wait_readable(0) {
            return 0;
        }
        self.master.read(buf).unwrap_or(0)
    }

    /// Bytes to the driver.
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.master.write_all(bytes)
    }
}

//! Host driver: transport traits and device drivers. Depends on `nicgen-wire` only (addresses,
//! fields, error codes), never on rust-hdl; the simulation crate implements its transports.
//!
//! A transport implements [`RegAccess`] (32- and 64-bit register reads and writes at device
//! byte addresses, and a way to let device time pass); device drivers (`ftnw::link`) are written
//! against the trait only, so the same driver code and the same driver tests run on the native
//! model, on the Verilator model and on a board. Every failure is an [`Error`] value: a driver
//! never panics on what the device or the transport does.

pub mod dtu;
pub mod ftnw;
pub mod mitnic;
pub mod ppe;
pub mod transport;

pub use nicgen_wire as wire;

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The device answered the access with its error flag (no register decodes the address, or
    /// the register has no writable field).
    Bus { addr: u64, write: bool },
    /// A condition did not come true within the given number of device cycles.
    Timeout { what: &'static str, cycles: u64 },
    /// The transport failed (I/O, framing, no answer); the text says how.
    Transport(String),
    /// An argument the device cannot represent (e.g. an MDIO address with bit 13 set).
    Invalid(String),
    /// The device ended a command with an error code (its number and the spec's name).
    Command { code: u32, name: &'static str },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Bus { addr, write } => {
                write!(
                    f,
                    "bus error on {} at {addr:#x}",
                    if *write { "write" } else { "read" }
                )
            }
            Error::Timeout { what, cycles } => {
                write!(f, "timeout after {cycles} cycles waiting for {what}")
            }
            Error::Transport(m) => write!(f, "transport: {m}"),
            Error::Invalid(m) => write!(f, "invalid argument: {m}"),
            Error::Command { code, name } => write!(f, "command ended with {name} ({code})"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// Register access to one device. Addresses are byte addresses in the device's window.
pub trait RegAccess {
    fn read32(&mut self, addr: u64) -> Result<u32>;
    fn write32(&mut self, addr: u64, value: u32) -> Result<()>;
    /// Let at least `cycles` cycles of the device's register clock pass (simulation: run them;
    /// hardware: sleep at least that long).
    fn wait_cycles(&mut self, cycles: u64) -> Result<()>;
    /// A 64-bit register as two 32-bit accesses, low word (at `addr`) first.
    fn read64(&mut self, addr: u64) -> Result<u64> {
        let lo = self.read32(addr)? as u64;
        let hi = self.read32(addr + 4)? as u64;
        Ok(lo | (hi << 32))
    }
    /// A 64-bit register as two 32-bit accesses, low word (at `addr`) first.
    fn write64(&mut self, addr: u64, value: u64) -> Result<()> {
        self.write32(addr, value as u32)?;
        self.write32(addr + 4, (value >> 32) as u32)
    }
}

/// A borrowed transport is a transport (a library that owns its transport, `ftnw::libftnw`,
/// can run on one the caller keeps).
impl<T: RegAccess + ?Sized> RegAccess for &mut T {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        (**self).read32(addr)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        (**self).write32(addr, value)
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        (**self).wait_cycles(cycles)
    }
    fn read64(&mut self, addr: u64) -> Result<u64> {
        (**self).read64(addr)
    }
    fn write64(&mut self, addr: u64, value: u64) -> Result<()> {
        (**self).write64(addr, value)
    }
}

/// Calls `step` until it gives a value, letting `every` device cycles pass between calls; after
/// `timeout` cycles without one, `Error::Timeout` naming `what`. The drivers' one polling loop.
pub fn poll_until<T: RegAccess + ?Sized, R>(
    t: &mut T,
    timeout: u64,
    every: u64,
    what: &'static str,
    step: impl FnMut(&mut T) -> Result<Option<R>>,
) -> Result<R> {
    poll_with(t, timeout, every, what, |t, n| t.wait_cycles(n), step)
}

/// `poll_until` on a state that holds its transport (a library over one): `wait` lets device
/// cycles pass.
pub fn poll_with<S: ?Sized, R>(
    s: &mut S,
    timeout: u64,
    every: u64,
    what: &'static str,
    mut wait: impl FnMut(&mut S, u64) -> Result<()>,
    mut step: impl FnMut(&mut S) -> Result<Option<R>>,
) -> Result<R> {
    let mut waited = 0;
    loop {
        if let Some(r) = step(s)? {
            return Ok(r);
        }
        if waited >= timeout {
            return Err(Error::Timeout {
                what,
                cycles: waited,
            });
        }
        wait(s, every)?;
        waited += every;
    }
}

/// Host memory a device reads and writes by DMA (used by the DMA devices of later issues):
/// buffers are allocated at device-visible addresses; accesses outside a buffer are errors.
pub trait HostMem {
    /// A zeroed buffer of `len` bytes aligned to `align` (a power of two); its device address.
    fn alloc(&mut self, len: usize, align: usize) -> Result<u64>;
    fn read(&self, addr: u64, buf: &mut [u8]) -> Result<()>;
    fn write(&mut self, addr: u64, data: &[u8]) -> Result<()>;
}

/// Host memory in a `Vec`, device addresses from `base`; for simulation transports.
pub struct VecMem {
    base: u64,
    bytes: Vec<u8>,
    /// Allocated buffers `(start, end)`, device addresses.
    bufs: Vec<(u64, u64)>,
}

impl VecMem {
    pub fn new(base: u64) -> Self {
        Self {
            base,
            bytes: Vec::new(),
            bufs: Vec::new(),
        }
    }

    fn span(&self, addr: u64, len: usize) -> Result<usize> {
        let end = addr
            .checked_add(len as u64)
            .ok_or_else(|| Error::Invalid(format!("{addr:#x} + {len} overflows")))?;
        if self.bufs.iter().any(|&(s, e)| addr >= s && end <= e) {
            Ok((addr - self.base) as usize)
        } else {
            Err(Error::Invalid(format!(
                "{len} bytes at {addr:#x} are not inside one allocated buffer"
            )))
        }
    }
}

impl HostMem for VecMem {
    fn alloc(&mut self, len: usize, align: usize) -> Result<u64> {
        if align == 0 || !align.is_power_of_two() || len == 0 {
            return Err(Error::Invalid(format!(
                "alloc of {len} bytes aligned to {align}"
            )));
        }
        let top = self.base + self.bytes.len() as u64;
        let start = (top + align as u64 - 1) & !(align as u64 - 1);
        let end = start + len as u64;
        self.bytes.resize((end - self.base) as usize, 0);
        self.bufs.push((start, end));
        Ok(start)
    }

    fn read(&self, addr: u64, buf: &mut [u8]) -> Result<()> {
        let i = self.span(addr, buf.len())?;
        buf.copy_from_slice(&self.bytes[i..i + buf.len()]);
        Ok(())
    }

    fn write(&mut self, addr: u64, data: &[u8]) -> Result<()> {
        let i = self.span(addr, data.len())?;
        self.bytes[i..i + data.len()].copy_from_slice(data);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vec_mem_keeps_accesses_inside_buffers() {
        let mut m = VecMem::new(0x1000);
        let a = m.alloc(100, 64).unwrap();
        let b = m.alloc(8, 256).unwrap();
        assert_eq!((a, b), (0x1000, 0x1100));
        m.write(a + 96, &[1, 2, 3, 4]).unwrap();
        let mut r = [0u8; 4];
        m.read(a + 96, &mut r).unwrap();
        assert_eq!(r, [1, 2, 3, 4]);
        assert!(
            m.write(a + 98, &[0; 4]).is_err(),
            "runs past the end of the buffer"
        );
        assert!(m.read(a + 100, &mut r).is_err(), "the gap between buffers");
        assert!(m.alloc(8, 3).is_err());
        assert!(m.read(u64::MAX - 1, &mut r).is_err());
    }
}

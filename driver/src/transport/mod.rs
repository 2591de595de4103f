//! Register transports that are not simulations: `serial`, the UART register bridge of a board
//! (the simulation transports live in `nicgen_sim`, which implements `RegAccess` on its models).

pub mod serial;

use crate::{RegAccess, Result};

/// One window of a larger register map: offset `addr` of the window is `base + addr` on the
/// transport underneath (a device behind a board's bridge, `nicgen_wire::board::bridge`). The
/// 64-bit accesses are those of `RegAccess` (two words, low first), so a 64-bit target behind a
/// 32-bit bridge (the DTU board's `RegBus32To64`) sees one access per register.
pub struct Window<'a, T: RegAccess> {
    pub t: &'a mut T,
    pub base: u64,
}

impl<T: RegAccess> RegAccess for Window<'_, T> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        self.t.read32(self.base + addr)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        self.t.write32(self.base + addr, value)
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        self.t.wait_cycles(cycles)
    }
}

/// Bytes into a word-addressed memory window (32-bit accesses; a partial word at either end is
/// read, merged and written back).
pub fn write_bytes<T: RegAccess>(t: &mut T, addr: u64, data: &[u8]) -> Result<()> {
    let (start, end) = (addr & !3, (addr + data.len() as u64 + 3) & !3);
    for w in (start..end).step_by(4) {
        let mut b = if w < addr || w + 4 > addr + data.len() as u64 {
            t.read32(w)?.to_le_bytes()
        } else {
            [0; 4]
        };
        for (i, x) in b.iter_mut().enumerate() {
            let a = w + i as u64;
            if a >= addr && a < addr + data.len() as u64 {
                *x = data[(a - addr) as usize];
            }
        }
        t.write32(w, u32::from_le_bytes(b))?;
    }
    Ok(())
}

/// `len` bytes from a word-addressed memory window (32-bit reads).
pub fn read_bytes<T: RegAccess>(t: &mut T, addr: u64, len: usize) -> Result<Vec<u8>> {
    let (start, end) = (addr & !3, (addr + len as u64 + 3) & !3);
    let mut v = Vec::with_capacity((end - start) as usize);
    for w in (start..end).step_by(4) {
        v.extend_from_slice(&t.read32(w)?.to_le_bytes());
    }
    let off = (addr - start) as usize;
    Ok(v[off..off + len].to_vec())
}

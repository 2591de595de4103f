//! Register transports of the host driver (`nicgen_driver::RegAccess`) over simulated devices.
//!
//! The two-node TNW [`Pair`] (native rust-hdl models or Verilator models of the emitted
//! Verilog, cabled through the channel model) is one device with link `k` at `k << 12`, the
//! window layout of `nicgen_wire::tnw`. An address outside both windows is a bus error, as the
//! device's own decoder answers an address it does not know; device time passes only in
//! accesses and `wait_cycles`.

use crate::tnw::Pair;
use nicgen_driver::{Error, RegAccess, Result};

/// Link windows in the pair's address space.
const WINDOW_BITS: u32 = 12;

fn split(addr: u64, write: bool) -> Result<(usize, u32)> {
    let k = addr >> WINDOW_BITS;
    if k > 1 {
        return Err(Error::Bus { addr, write });
    }
    Ok((k as usize, (addr & ((1 << WINDOW_BITS) - 1)) as u32))
}

impl Pair {
    fn bus_access(&mut self, addr: u64, write: bool, v: u32) -> Result<u32> {
        let (k, off) = split(addr, write)?;
        match self.try_access(k, write, off, v) {
            Some((r, false)) => Ok(r),
            Some((_, true)) => Err(Error::Bus { addr, write }),
            None => Err(Error::Transport(format!(
                "node {k}: no answer to the access at {off:#x}"
            ))),
        }
    }
}

impl RegAccess for Pair {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        self.bus_access(addr, false, 0)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        self.bus_access(addr, true, value).map(|_| ())
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        self.run(cycles);
        Ok(())
    }
}

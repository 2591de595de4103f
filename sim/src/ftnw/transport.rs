//! Register transports of the host driver (`nicgen_driver::RegAccess`) over simulated devices.
//!
//! A TNW [`Net`] (native rust-hdl models or Verilator models of the emitted Verilog, cabled
//! through the channel model) is one device with endpoint `k`'s link registers at
//! `k << addr_bits` (the window of `nicgen_wire::ftnw::link::TNW_LINK_REGS`). An address outside
//! every window is a bus error, as the device's own decoder answers an address it does not
//! know; device time passes only in accesses and `wait_cycles` (cycles of endpoint 0).

use crate::ftnw::net::Net;
use nicgen_driver::{Error, RegAccess, Result};
use nicgen_wire::ftnw::link::TNW_LINK_REGS;

impl Net {
    fn split(&self, addr: u64, write: bool) -> Result<(usize, u32)> {
        let bits = TNW_LINK_REGS.addr_bits;
        let k = addr >> bits;
        if k >= self.len() as u64 {
            return Err(Error::Bus { addr, write });
        }
        Ok((k as usize, (addr & ((1 << bits) - 1)) as u32))
    }

    fn bus_access(&mut self, addr: u64, write: bool, v: u32) -> Result<u32> {
        let (k, off) = self.split(addr, write)?;
        match self.try_access(k, write, off, v) {
            Some((r, false)) => Ok(r),
            Some((_, true)) => Err(Error::Bus { addr, write }),
            None => Err(Error::Transport(format!(
                "node {k}: no answer to the access at {off:#x}"
            ))),
        }
    }
}

impl RegAccess for Net {
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

//! The driver's transport to one PE's DTU on a `DtuNet`: 64-bit MMIO accesses of that PE's CU
//! (the network runs meanwhile); 32-bit accesses are refused (the DTU's port is 64-bit wide,
//! DTU-R003).

use crate::dtu::net::DtuNet;
use nicgen_driver::{Error, RegAccess, Result};

pub struct PeBus<'a> {
    pub net: &'a mut DtuNet,
    pub pe: usize,
}

impl RegAccess for PeBus<'_> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        Err(Error::Invalid(format!(
            "32-bit read at {addr:#x}: the DTU's MMIO is 64-bit"
        )))
    }
    fn write32(&mut self, addr: u64, _value: u32) -> Result<()> {
        Err(Error::Invalid(format!(
            "32-bit write at {addr:#x}: the DTU's MMIO is 64-bit"
        )))
    }
    fn read64(&mut self, addr: u64) -> Result<u64> {
        match self.net.access(self.pe, false, addr, 0) {
            (v, false) => Ok(v),
            (_, true) => Err(Error::Bus { addr, write: false }),
        }
    }
    fn write64(&mut self, addr: u64, value: u64) -> Result<()> {
        match self.net.access(self.pe, true, addr, value) {
            (_, false) => Ok(()),
            (_, true) => Err(Error::Bus { addr, write: true }),
        }
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        for _ in 0..cycles {
            self.net.step();
        }
        Ok(())
    }
}

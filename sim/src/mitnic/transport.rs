//! The driver's transport to one NIC of a `NicNet`: every register access is one P-bus
//! transaction of that NIC's master (`addr = da << 2`, the commands in the address bits; the
//! other NICs and the links run meanwhile). A FAULT reply is `Error::Bus`.

use crate::mitnic::net::{Done, NicNet, Op};
use nicgen_driver::mitnic::da_of;
use nicgen_driver::{Error, RegAccess, Result};

pub struct PBus<'a> {
    pub net: &'a mut NicNet,
    pub nic: usize,
}

impl PBus<'_> {
    fn op(&mut self, addr: u64, write: bool, data: u32) -> Result<u32> {
        let da = da_of(addr)?;
        match self.net.op(self.nic, Op::Nic { da, write, data }) {
            Done::Ok(v) => Ok(v),
            Done::Fault => Err(Error::Bus { addr, write }),
        }
    }
}

impl RegAccess for PBus<'_> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        self.op(addr, false, 0)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        self.op(addr, true, value).map(|_| ())
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        let end = self.net.master[self.nic].cycles + cycles;
        while self.net.master[self.nic].cycles < end {
            self.net.step().map_err(Error::Transport)?;
        }
        Ok(())
    }
}

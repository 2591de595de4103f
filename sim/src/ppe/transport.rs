//! The driver's transport to one node of a `PpeNet`: its host's register accesses (the other
//! nodes and the fabric run meanwhile; the bus's error flag is `Error::Bus`) and its host
//! memory: buffers are allocated in the memory its DMA write port writes (receive buffers,
//! notification objects); reads and writes reach either memory by address.

use crate::ppe::net::PpeNet;
use nicgen_driver::{Error, HostMem, RegAccess, Result};

pub struct NodeBus<'a> {
    pub net: &'a mut PpeNet,
    pub node: usize,
}

impl RegAccess for NodeBus<'_> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        match self.net.access(self.node, addr as u32, None) {
            (v, false) => Ok(v),
            (_, true) => Err(Error::Bus { addr, write: false }),
        }
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        match self.net.access(self.node, addr as u32, Some(value)) {
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

impl HostMem for NodeBus<'_> {
    fn alloc(&mut self, len: usize, align: usize) -> Result<u64> {
        self.net.nodes[self.node].wr.srv.mem.alloc(len, align)
    }
    fn read(&self, addr: u64, buf: &mut [u8]) -> Result<()> {
        let nd = &self.net.nodes[self.node];
        nd.wr
            .srv
            .mem
            .read(addr, buf)
            .or_else(|_| nd.rd.srv.mem.read(addr, buf))
    }
    fn write(&mut self, addr: u64, data: &[u8]) -> Result<()> {
        let nd = &mut self.net.nodes[self.node];
        match nd.wr.srv.mem.write(addr, data) {
            Ok(()) => Ok(()),
            Err(_) => nd.rd.srv.mem.write(addr, data),
        }
    }
}

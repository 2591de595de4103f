//! Four PEs' DTUs on an on-chip NoC (issue 16, item 6): a 2x2 mesh with XY routing per class
//! (`common::packet_mesh`: requests and responses on two meshes, so a response never waits
//! behind a request, DTU-R083), PE i at mesh node i with id i. Each PE's CU port
//! (`peI$bus$*`, `peI$cmd_busy`) and local-memory port (`peI$mem$*`) are the system's ports;
//! the NoC is inside. Every DTU port into the network already passes a register slice, and
//! every mesh link another, so the routers' combinational paths end in registers on all sides.

use super::cmd_engine::LA;
use super::dtu::Dtu;
use super::dtu_core::DtuBusSlave;
use crate::common::mem::MemMaster;
use crate::common::packet::PacketSource;
use crate::common::packet_mesh::{PacketMesh2x2, MESH_NODES};
use crate::common::prim::k;
use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// PEs of the system.
pub const PES: usize = MESH_NODES;

/// One PE's ports: its CU's MMIO port, the command-busy level and its local memory.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
pub struct DtuPePorts {
    #[port]
    pub bus: DtuBusSlave,
    pub cmd_busy: Signal<Out, Bit>,
    #[port]
    pub mem: MemMaster<LA>,
}

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct DtuSystem {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: every DTU and both crossbars (the DTUs then clear their
    /// tables, 32 cycles)
    pub reset: Signal<In, Bit>,
    /// PE i's ports `peI_<port>`: its CU's MMIO port (`bus_*`), `cmd_busy` and its local-memory
    /// master (`mem_*`), each as on `dtu`
    #[port]
    pub pe0: DtuPePorts,
    /// PE i's ports `peI_<port>`: its CU's MMIO port (`bus_*`), `cmd_busy` and its local-memory
    /// master (`mem_*`), each as on `dtu`
    #[port]
    pub pe1: DtuPePorts,
    /// PE i's ports `peI_<port>`: its CU's MMIO port (`bus_*`), `cmd_busy` and its local-memory
    /// master (`mem_*`), each as on `dtu`
    #[port]
    pub pe2: DtuPePorts,
    /// PE i's ports `peI_<port>`: its CU's MMIO port (`bus_*`), `cmd_busy` and its local-memory
    /// master (`mem_*`), each as on `dtu`
    #[port]
    pub pe3: DtuPePorts,
    dtu: [Dtu; PES],
    req: PacketMesh2x2<64, 8, 8>,
    rsp: PacketMesh2x2<64, 8, 8>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_id: [Constant<Bits<8>>; PES],
}

impl Logic for DtuSystem {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, req, rsp);
        self.req.reset.next = self.reset.val();
        self.rsp.reset.next = self.reset.val();
        for i in 0..PES {
            self.dtu[i].clock.next = self.clock.val();
            self.dtu[i].reset.next = self.reset.val();
            self.dtu[i].own_pe.next = self.c_id[i].val();
            PacketSource::<64, 8, 8>::join(&mut self.dtu[i].req_out, &mut self.req.inp[i]);
            PacketSource::<64, 8, 8>::join(&mut self.req.out[i], &mut self.dtu[i].req_in);
            PacketSource::<64, 8, 8>::join(&mut self.dtu[i].rsp_out, &mut self.rsp.inp[i]);
            PacketSource::<64, 8, 8>::join(&mut self.rsp.out[i], &mut self.dtu[i].rsp_in);
        }
        DtuBusSlave::link(&mut self.pe0.bus, &mut self.dtu[0].bus);
        DtuBusSlave::link(&mut self.pe1.bus, &mut self.dtu[1].bus);
        DtuBusSlave::link(&mut self.pe2.bus, &mut self.dtu[2].bus);
        DtuBusSlave::link(&mut self.pe3.bus, &mut self.dtu[3].bus);
        MemMaster::<LA>::link(&mut self.pe0.mem, &mut self.dtu[0].mem);
        MemMaster::<LA>::link(&mut self.pe1.mem, &mut self.dtu[1].mem);
        MemMaster::<LA>::link(&mut self.pe2.mem, &mut self.dtu[2].mem);
        MemMaster::<LA>::link(&mut self.pe3.mem, &mut self.dtu[3].mem);
        self.pe0.cmd_busy.next = self.dtu[0].cmd_busy.val();
        self.pe1.cmd_busy.next = self.dtu[1].cmd_busy.val();
        self.pe2.cmd_busy.next = self.dtu[2].cmd_busy.val();
        self.pe3.cmd_busy.next = self.dtu[3].cmd_busy.val();
    }
}

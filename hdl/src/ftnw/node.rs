//! The FTNW node (thesis §2, §2.4; FTNW-H167): six links with their receive buffers
//! (`tnw_port`), link ids 0-5 = X+, X-, Y+, Y-, Z+, Z-. One register bus split by link (link l's
//! registers at `l << 12`, the thesis' BAR2 layout; an address above link 5 is answered with
//! `err`), one injection stream per link (what the IOC's re-order buffers feed), and one
//! host-memory write port carrying the data and notifications of all six RXBUFFs: a write-only
//! AXI4 manager with 256-bit data and byte strobes, wide enough for six links at once. Each
//! link's 32-bit writes are packed into 256-bit beats, store-and-forward (`common::dma_wide`),
//! then whole writes go round-robin over the links, each link's writes in its own order
//! (`common::dma_arb`), so a notification never overtakes its data. Each link has its own PHY
//! receive clock; everything else runs on the node's `clock`.

use super::port::TnwPort;
use crate::common::axi::{Axi4WrMaster, WideWrToAxi4};
use crate::common::dma::DmaWrMaster;
use crate::common::dma_arb::DmaWrArbiter;
use crate::common::dma_wide::{DmaWrPack, WIDE};
use crate::common::regbank::{RegBusMaster, RegBusSlave};
use crate::common::regbus_split::RegBusSplit;
use crate::ftnw::phy::PhyPins;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ftnw::link as tnw;
use rust_hdl::prelude::*;

/// Links per node.
pub const LINKS: usize = 6;
/// Register address bits of a node: six 4 KB link windows.
pub const NODE_ADDR_BITS: usize = 15;

/// The ports of one link of a node (see `TnwLink` for each).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
pub struct NodeLink {
    /// The link's PHY.
    #[port]
    pub phy: PhyPins,
    pub tx_data: Signal<In, Bits<128>>,
    pub tx_keep: Signal<In, Bits<16>>,
    pub tx_meta: Signal<In, Bits<14>>,
    pub tx_first: Signal<In, Bit>,
    pub tx_last: Signal<In, Bit>,
    pub tx_valid: Signal<In, Bit>,
    pub tx_ready: Signal<Out, Bit>,
    pub irq_rx: Signal<Out, Bit>,
    pub irq_tx: Signal<Out, Bit>,
    pub mdc: Signal<Out, Bit>,
    pub mdio_o: Signal<Out, Bit>,
    pub mdio_oe: Signal<Out, Bit>,
    pub mdio_i: Signal<In, Bit>,
    pub rsnd_occupancy: Signal<Out, Bits<8>>,
}

/// The six links with their receive buffers and the register split: everything of the node but
/// the host-port arbiter, each link's receive writes on its own port (`ftnw_nwp` carries them
/// into the IOC link by link, as the thesis' POC takes them).
#[derive(LogicBlock, BlockDefault)]
pub struct NodeLinks {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Each link's PHY receive clock.
    pub phy_clock: [Signal<In, Clock>; LINKS],
    pub link: [NodeLink; LINKS],
    pub bus: RegBusSlave<NODE_ADDR_BITS>,
    /// Each link's receive writes (data, then its notification).
    pub host: [DmaWrMaster<32>; LINKS],
    port: [TnwPort; LINKS],
    #[init(RegBusSplit::new(std::array::from_fn(|l| l as u32)))]
    split: RegBusSplit<LINKS, NODE_ADDR_BITS, { tnw::TNW_WINDOW_BITS as usize }>,
    /// `reset`, registered once for the whole node: the input reaches no logic but this flop
    /// (its fan-out to six ports starts at a register, and in a Verilated model the ports'
    /// logic leaves the input-combinational region that every evaluation re-runs).
    rst: DFF<Bit>,
}

impl Logic for NodeLinks {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rst);
        self.rst.d.next = self.reset.val();
        self.split.clock.next = self.clock.val();
        self.split.reset.next = self.rst.q.val();
        RegBusSlave::<NODE_ADDR_BITS>::link(&mut self.bus, &mut self.split.bus);
        for l in 0..LINKS {
            self.port[l].clock.next = self.clock.val();
            self.port[l].reset.next = self.rst.q.val();
            self.port[l].phy_clock.next = self.phy_clock[l].val();
            self.port[l].phy.rxd.next = self.link[l].phy.rxd.val();
            self.port[l].phy.rxc.next = self.link[l].phy.rxc.val();
            self.link[l].phy.txd.next = self.port[l].phy.txd.val();
            self.link[l].phy.txc.next = self.port[l].phy.txc.val();
            self.port[l].tx.data.next = self.link[l].tx_data.val();
            self.port[l].tx.keep.next = self.link[l].tx_keep.val();
            self.port[l].tx.meta.next = self.link[l].tx_meta.val();
            self.port[l].tx.first.next = self.link[l].tx_first.val();
            self.port[l].tx.last.next = self.link[l].tx_last.val();
            self.port[l].tx.valid.next = self.link[l].tx_valid.val();
            self.link[l].tx_ready.next = self.port[l].tx.ready.val();
            self.link[l].irq_rx.next = self.port[l].irq_rx.val();
            self.link[l].irq_tx.next = self.port[l].irq_tx.val();
            self.port[l].phy.rx_fault_p.next = self.link[l].phy.rx_fault_p.val();
            self.port[l].phy.rx_fault_r.next = self.link[l].phy.rx_fault_r.val();
            self.port[l].phy.intb.next = self.link[l].phy.intb.val();
            self.port[l].phy.tx_fault.next = self.link[l].phy.tx_fault.val();
            self.port[l].phy.rxh.next = self.link[l].phy.rxh.val();
            self.link[l].phy.reset.next = self.port[l].phy.reset.val();
            self.link[l].mdc.next = self.port[l].mdc.val();
            self.link[l].mdio_o.next = self.port[l].mdio_o.val();
            self.link[l].mdio_oe.next = self.port[l].mdio_oe.val();
            self.port[l].mdio_i.next = self.link[l].mdio_i.val();
            self.link[l].rsnd_occupancy.next = self.port[l].rsnd_occupancy.val();
            RegBusMaster::<{ tnw::TNW_WINDOW_BITS as usize }>::join(
                &mut self.split.port[l],
                &mut self.port[l].bus,
            );
            DmaWrMaster::<32>::link(&mut self.host[l], &mut self.port[l].host);
        }
    }
}

/// The node with its one host port, a write-only AXI4 manager with 256-bit data: `NodeLinks`,
/// each link's writes packed into 256-bit beats with byte strobes (`common::dma_wide`), the
/// arbiter, and the AXI4 mapping (`common::axi::WideWrToAxi4`).
#[derive(LogicBlock, Default, Ports)]
pub struct FtnwNode {
    /// The node's TNW clock: everything but each link's PHY receive side
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `clock`: the whole node back to its documented reset
    /// values
    pub reset: Signal<In, Bit>,
    /// Link l's PHY receive clock (`phy_clock_l`), as `tnw_link`'s `phy_clock`
    ///
    /// Each link's PHY receive clock.
    pub phy_clock: [Signal<In, Clock>; LINKS],
    /// Link l's ports `link_l_<port>`, as on `tnw_port` (`tx_*` is its `tx_*` injection stream)
    #[port]
    pub link: [NodeLink; LINKS],
    /// Register bus slave (`common::regbank`), link l's 4 KB window at `l << 12` (its `tnw_link`
    /// and RXBUFF registers); an address above link 5 answers `err`
    #[port]
    pub bus: RegBusSlave<NODE_ADDR_BITS>,
    /// Write-only AXI4 manager port (64-bit addresses, 256-bit data with WSTRB, 1 ID bit, AWID 0;
    /// `common::axi::WideWrToAxi4`): INCR bursts of 32-byte beats, at most 256 beats, never across
    /// 4 KB; B responses in order; several writes outstanding
    #[port]
    pub m_axi: Axi4WrMaster<256, 32, 1>,
    links: NodeLinks,
    pack: [DmaWrPack; LINKS],
    arb: DmaWrArbiter<LINKS, WIDE>,
    to_axi: WideWrToAxi4,
    /// `reset` registered for the packers and the arbiter.
    rst: DFF<Bit>,
}

impl Logic for FtnwNode {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rst);
        self.rst.d.next = self.reset.val();
        self.links.clock.next = self.clock.val();
        self.links.reset.next = self.reset.val();
        self.arb.clock.next = self.clock.val();
        self.arb.reset.next = self.rst.q.val();
        self.to_axi.clock.next = self.clock.val();
        self.to_axi.reset.next = self.rst.q.val();
        RegBusSlave::<NODE_ADDR_BITS>::link(&mut self.bus, &mut self.links.bus);
        DmaWrMaster::<WIDE>::join(&mut self.arb.s, &mut self.to_axi.dma);
        Axi4WrMaster::<256, 32, 1>::link(&mut self.m_axi, &mut self.to_axi.m_axi);
        for l in 0..LINKS {
            self.links.phy_clock[l].next = self.phy_clock[l].val();
            NodeLink::link(&mut self.link[l], &mut self.links.link[l]);
            self.pack[l].clock.next = self.clock.val();
            self.pack[l].reset.next = self.rst.q.val();
            DmaWrMaster::<32>::join(&mut self.links.host[l], &mut self.pack[l].m);
            DmaWrMaster::<WIDE>::join(&mut self.pack[l].s, &mut self.arb.m[l]);
        }
    }
}

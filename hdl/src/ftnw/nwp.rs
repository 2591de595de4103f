//! The FTNW network processor (thesis §2-§3, Fig. 2.7; issue 13's `ftnw_nwp`): the node
//! (`ftnw_node`: six links with their receive buffers, on the TNW clock) behind the IOC (`Ioc`:
//! the PCIe side on the IOC clock). The IOC's register controller reaches the node's registers
//! (BAR2 below 0x6000, link l at `l << 12`), its re-order buffers feed the links' injection
//! streams, and POC carries the node's receive writes (data and notifications) to host memory,
//! each link's on its own port into its own clock crossing (`NodeLinks`: the node without the
//! arbiter that gives `ftnw_node` its one host port).

use crate::common::axis::{AxisSink, AxisSource};
use crate::common::dma::DmaWrMaster;
use crate::common::prim::k;
use crate::common::regbank::RegBusMaster;
use crate::ftnw::ioc::regctl::TNW_BUS_BITS;
use crate::ftnw::ioc::Ioc;
use crate::ftnw::node::{NodeLinks, LINKS};
use crate::ftnw::phy::PhyPins;
use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// A link's ports outside the NWP (its PHY, MDIO, interrupts): as on `ftnw_node`, without the
/// injection stream, which the IOC drives.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
pub struct NwpLink {
    /// The link's PHY.
    #[port]
    pub phy: PhyPins,
    pub irq_rx: Signal<Out, Bit>,
    pub irq_tx: Signal<Out, Bit>,
    pub mdc: Signal<Out, Bit>,
    pub mdio_o: Signal<Out, Bit>,
    pub mdio_oe: Signal<Out, Bit>,
    pub mdio_i: Signal<In, Bit>,
    pub rsnd_occupancy: Signal<Out, Bits<8>>,
}

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct Nwp {
    /// The IOC clock (the PCIe core's user clock): the PCIe interfaces, `cfg_*`, `exc_*` but
    /// `exc_host_write`
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `clock` (with `tnw_reset`, for three cycles of the slower
    /// clock)
    pub reset: Signal<In, Bit>,
    /// The TNW clock: the node (each link's transmit side, the receive buffers), `exc_host_write`,
    /// `tnw_reset`
    ///
    /// The TNW clock (the node's) and its reset.
    pub tnw_clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `tnw_clock`: the node and the IOC's TNW side
    pub tnw_reset: Signal<In, Bit>,
    /// Link l's PHY receive clock (`phy_clock_l`), as on `ftnw_node`
    pub phy_clock: [Signal<In, Clock>; LINKS],
    /// Link l's PHY, MDIO and interrupt ports `link_l_<port>`, as on `ftnw_node` (its injection
    /// stream is the IOC's re-order buffer l)
    #[port]
    pub link: [NwpLink; LINKS],
    /// As on `ftnw_ioc`
    pub completer_id: Signal<In, Bits<16>>,
    /// As on `ftnw_ioc`; BAR2 offsets below 0x6000 reach the node's registers (link l at `l << 12`)
    #[port]
    pub s_axis_cq: AxisSink<128, 4, 85>,
    /// As on `ftnw_ioc`
    #[port]
    pub m_axis_cc: AxisSource<128, 4, 33>,
    /// As on `ftnw_ioc`, and the node's receive data (128-byte writes) and notifications (4-byte
    /// writes), in their order
    #[port]
    pub m_axis_rq: AxisSource<128, 4, 60>,
    /// As on `ftnw_ioc`
    #[port]
    pub s_axis_rc: AxisSink<128, 4, 75>,
    /// As on `ftnw_ioc`: without it no request leaves (the node's receive writes wait, its links
    /// refuse packets once its buffers are full)
    pub cfg_bus_master: Signal<In, Bit>,
    /// As on `ftnw_ioc`
    pub cfg_max_read_req: Signal<In, Bits<3>>,
    /// As on `ftnw_ioc`
    pub exc_request: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_partial: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_tx_partial: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_tx_link: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_tx_overrun: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_tx_header: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_dma: Signal<Out, Bit>,
    /// As on `ftnw_ioc`
    pub exc_host_write: Signal<Out, Bit>,
    node: NodeLinks,
    ioc: Ioc,
    irq_rx: Signal<Local, Bits<6>>,
    irq_tx: Signal<Local, Bits<6>>,
    #[init(std::array::from_fn(|l| k(1 << l)))]
    c_bit: [Constant<Bits<6>>; LINKS],
    #[init(k(0))]
    c_z6: Constant<Bits<6>>,
}

impl Logic for Nwp {
    #[hdl_gen]
    fn update(&mut self) {
        self.ioc.clock.next = self.clock.val();
        self.ioc.reset.next = self.reset.val();
        self.ioc.tnw_clock.next = self.tnw_clock.val();
        self.ioc.tnw_reset.next = self.tnw_reset.val();
        self.node.clock.next = self.tnw_clock.val();
        self.node.reset.next = self.tnw_reset.val();
        self.ioc.completer_id.next = self.completer_id.val();
        AxisSink::<128, 4, 85>::link(&mut self.s_axis_cq, &mut self.ioc.s_axis_cq);
        AxisSource::<128, 4, 33>::link(&mut self.m_axis_cc, &mut self.ioc.m_axis_cc);
        AxisSource::<128, 4, 60>::link(&mut self.m_axis_rq, &mut self.ioc.m_axis_rq);
        AxisSink::<128, 4, 75>::link(&mut self.s_axis_rc, &mut self.ioc.s_axis_rc);
        self.ioc.cfg_bus_master.next = self.cfg_bus_master.val();
        self.ioc.cfg_max_read_req.next = self.cfg_max_read_req.val();
        self.exc_request.next = self.ioc.exc_request.val();
        self.exc_partial.next = self.ioc.exc_partial.val();
        self.exc_tx_partial.next = self.ioc.exc_tx_partial.val();
        self.exc_tx_link.next = self.ioc.exc_tx_link.val();
        self.exc_tx_overrun.next = self.ioc.exc_tx_overrun.val();
        self.exc_tx_header.next = self.ioc.exc_tx_header.val();
        self.exc_dma.next = self.ioc.exc_dma.val();
        self.exc_host_write.next = self.ioc.exc_host_write.val();
        // the IOC's register bus to the node, the node's writes to POC
        RegBusMaster::<TNW_BUS_BITS>::join(&mut self.ioc.tnw, &mut self.node.bus);
        DmaWrMaster::<32>::join(&mut self.node.host[0], &mut self.ioc.host[0]);
        DmaWrMaster::<32>::join(&mut self.node.host[1], &mut self.ioc.host[1]);
        DmaWrMaster::<32>::join(&mut self.node.host[2], &mut self.ioc.host[2]);
        DmaWrMaster::<32>::join(&mut self.node.host[3], &mut self.ioc.host[3]);
        DmaWrMaster::<32>::join(&mut self.node.host[4], &mut self.ioc.host[4]);
        DmaWrMaster::<32>::join(&mut self.node.host[5], &mut self.ioc.host[5]);
        // the re-order buffers into the links
        self.node.link[0].tx_data.next = self.ioc.tx[0].data.val();
        self.node.link[0].tx_keep.next = self.ioc.tx[0].keep.val();
        self.node.link[0].tx_meta.next = self.ioc.tx[0].meta.val();
        self.node.link[0].tx_first.next = self.ioc.tx[0].first.val();
        self.node.link[0].tx_last.next = self.ioc.tx[0].last.val();
        self.node.link[0].tx_valid.next = self.ioc.tx[0].valid.val();
        self.ioc.tx[0].ready.next = self.node.link[0].tx_ready.val();
        self.node.link[1].tx_data.next = self.ioc.tx[1].data.val();
        self.node.link[1].tx_keep.next = self.ioc.tx[1].keep.val();
        self.node.link[1].tx_meta.next = self.ioc.tx[1].meta.val();
        self.node.link[1].tx_first.next = self.ioc.tx[1].first.val();
        self.node.link[1].tx_last.next = self.ioc.tx[1].last.val();
        self.node.link[1].tx_valid.next = self.ioc.tx[1].valid.val();
        self.ioc.tx[1].ready.next = self.node.link[1].tx_ready.val();
        self.node.link[2].tx_data.next = self.ioc.tx[2].data.val();
        self.node.link[2].tx_keep.next = self.ioc.tx[2].keep.val();
        self.node.link[2].tx_meta.next = self.ioc.tx[2].meta.val();
        self.node.link[2].tx_first.next = self.ioc.tx[2].first.val();
        self.node.link[2].tx_last.next = self.ioc.tx[2].last.val();
        self.node.link[2].tx_valid.next = self.ioc.tx[2].valid.val();
        self.ioc.tx[2].ready.next = self.node.link[2].tx_ready.val();
        self.node.link[3].tx_data.next = self.ioc.tx[3].data.val();
        self.node.link[3].tx_keep.next = self.ioc.tx[3].keep.val();
        self.node.link[3].tx_meta.next = self.ioc.tx[3].meta.val();
        self.node.link[3].tx_first.next = self.ioc.tx[3].first.val();
        self.node.link[3].tx_last.next = self.ioc.tx[3].last.val();
        self.node.link[3].tx_valid.next = self.ioc.tx[3].valid.val();
        self.ioc.tx[3].ready.next = self.node.link[3].tx_ready.val();
        self.node.link[4].tx_data.next = self.ioc.tx[4].data.val();
        self.node.link[4].tx_keep.next = self.ioc.tx[4].keep.val();
        self.node.link[4].tx_meta.next = self.ioc.tx[4].meta.val();
        self.node.link[4].tx_first.next = self.ioc.tx[4].first.val();
        self.node.link[4].tx_last.next = self.ioc.tx[4].last.val();
        self.node.link[4].tx_valid.next = self.ioc.tx[4].valid.val();
        self.ioc.tx[4].ready.next = self.node.link[4].tx_ready.val();
        self.node.link[5].tx_data.next = self.ioc.tx[5].data.val();
        self.node.link[5].tx_keep.next = self.ioc.tx[5].keep.val();
        self.node.link[5].tx_meta.next = self.ioc.tx[5].meta.val();
        self.node.link[5].tx_first.next = self.ioc.tx[5].first.val();
        self.node.link[5].tx_last.next = self.ioc.tx[5].last.val();
        self.node.link[5].tx_valid.next = self.ioc.tx[5].valid.val();
        self.ioc.tx[5].ready.next = self.node.link[5].tx_ready.val();
        // the links' exception interrupts, for LINK_EXC
        self.irq_rx.next = self.c_z6.val();
        self.irq_tx.next = self.c_z6.val();
        for l in 0..LINKS {
            if self.node.link[l].irq_rx.val() {
                self.irq_rx.next = self.irq_rx.val() | self.c_bit[l].val();
            }
            if self.node.link[l].irq_tx.val() {
                self.irq_tx.next = self.irq_tx.val() | self.c_bit[l].val();
            }
        }
        self.ioc.link_irq_rx.next = self.irq_rx.val();
        self.ioc.link_irq_tx.next = self.irq_tx.val();
        for l in 0..LINKS {
            self.node.phy_clock[l].next = self.phy_clock[l].val();
            self.node.link[l].phy.rxd.next = self.link[l].phy.rxd.val();
            self.node.link[l].phy.rxc.next = self.link[l].phy.rxc.val();
            self.link[l].phy.txd.next = self.node.link[l].phy.txd.val();
            self.link[l].phy.txc.next = self.node.link[l].phy.txc.val();
            self.link[l].irq_rx.next = self.node.link[l].irq_rx.val();
            self.link[l].irq_tx.next = self.node.link[l].irq_tx.val();
            self.node.link[l].phy.rx_fault_p.next = self.link[l].phy.rx_fault_p.val();
            self.node.link[l].phy.rx_fault_r.next = self.link[l].phy.rx_fault_r.val();
            self.node.link[l].phy.intb.next = self.link[l].phy.intb.val();
            self.node.link[l].phy.tx_fault.next = self.link[l].phy.tx_fault.val();
            self.node.link[l].phy.rxh.next = self.link[l].phy.rxh.val();
            self.link[l].phy.reset.next = self.node.link[l].phy.reset.val();
            self.link[l].mdc.next = self.node.link[l].mdc.val();
            self.link[l].mdio_o.next = self.node.link[l].mdio_o.val();
            self.link[l].mdio_oe.next = self.node.link[l].mdio_oe.val();
            self.node.link[l].mdio_i.next = self.link[l].mdio_i.val();
            self.link[l].rsnd_occupancy.next = self.node.link[l].rsnd_occupancy.val();
        }
    }
}

//! The FTNW tops: the TNW link, the link with RXBUFF, the IOC, the six-link node and the NWP.

use crate::ftnw::ioc::Ioc;
use crate::ftnw::link::TnwLink;
use crate::ftnw::node::FtnwNode;
use crate::ftnw::nwp::Nwp;
use crate::ftnw::port::TnwPort;
use crate::top::{AutoTop, TopEntry};

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "tnw_link",
            doc: "FTNW torus link: TXLINK (TXFIFO + resend buffer, CRC-32, ACK/NAK/RESTART go-back-N, timeouts, IDLE bursts), RXSYNC, RXLINK, MDIO clause-45 master, test-bench module, registers of App. A.1–A.3 at Table A.2 (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("phy_clock", 250.0)],
            build: || Box::new(AutoTop::new("tnw_link", TnwLink::default())),
        },
        TopEntry {
            name: "tnw_port",
            doc: "`tnw_link` with its receive buffer: RXLINK's slot-addressed packet buffer (free pool, per-VC descriptor queues) matched with RXBUFF's per-VC credits (16 queued + 1 in use), CRDBAR/NTFBAR, each packet one host write at CRDBAR + (C_D + RAO) x 128, a notification after each credit's last packet, RX_EXC bits 4-7, 9, 10, 12-14; one register window (RXBUFF at 0x100-0x3ff); host memory on a DMA write port (`host_*`) (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("phy_clock", 250.0)],
            build: || Box::new(AutoTop::new("tnw_port", TnwPort::default())),
        },
        TopEntry {
            name: "ftnw_ioc",
            doc: "FTNW IOC as far as built (issue 13): the UltraScale PCIe hard IP's CQ in, CC out, RQ out and RC in (PG156, 128 bits; descriptors in `nicgen_wire::pcie_us`); PIC hands BAR0 writes (the TX window, `nicgen_wire::ftnw::txwin`) to the TX-window path, which places any run of whole Dwords into 16-byte items of link l's re-order buffer (64 packets, per-Dword records, a packet leaves whole once all 32 Dwords are in, in completion order, into the TNW clock domain; partial byte enables, missing links, duplicates, aliasing and writes into a waiting packet refused and flagged); every other request goes through CMD_FIFO (so a register access waiting for its completion never holds PPUT up) to the register controller, which executes BAR2 accesses one at a time in arrival order, the link registers in the TNW clock domain through a command-toggle-and-echo crossing (`common::regbus_cdc`), the IOC registers of A.5 (`nicgen_wire::ftnw::ioc`) in its own, one completion per read with the request's TC, attributes, requester ID, tag and lower address; TFCNT mirrors each link's count of packets sent into host memory with 4-byte writes on RQ (at THRESHOLD and when the buffer empties), only while bus mastering is enabled; NGET (the DMA engine, `ftnw::ioc::nget`) takes a request from one 8- or 16-byte write of the DMA Request register into an 8-deep FIFO, reads its packets from the host's DMA buffer in reads of at most the max read request (8 tags), each only once the re-order-buffer slots of its packets are free and reserved, reassembles the completions (split at the RCB, reordered across tags, each checked against its read's address and bytes left) into the link's re-order buffer, and writes each request's notification after its data, in request order; failed, lost and stray completions, bad and split requests and a full FIFO are dropped and flagged in DMA_EXC, a failed request notified with POLLMAGIC_ERR; POC carries each link's receive writes (`host_0_*`-`host_5_*`, TNW clock, each link through its own asynchronous FIFO, a write started only once whole in it) to RQ as memory writes in their order, round-robin over the links, sharing RQ with NGET and TFCNT whole requests in turn (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("tnw_clock", 250.0)],
            build: || Box::new(AutoTop::new("ftnw_ioc", Ioc::default())),
        },
        TopEntry {
            name: "ftnw_nwp",
            doc: "FTNW network processor (issue 13): `ftnw_node` behind the IOC of `ftnw_ioc`, one device on the PCIe interfaces: BAR2 reaches the node's registers, the re-order buffers feed the six links, each link's receive data and notifications go to host memory through its own crossing into POC; libftnw's ping, ping-pong, bandwidth and multi-link programs run on it on the single-node loop-back, between two nodes and on the 2x2x2 torus (ftnw)",
            clocks_mhz: &[
                ("clock", 250.0),
                ("tnw_clock", 250.0),
                ("phy_clock_0", 250.0),
                ("phy_clock_1", 250.0),
                ("phy_clock_2", 250.0),
                ("phy_clock_3", 250.0),
                ("phy_clock_4", 250.0),
                ("phy_clock_5", 250.0),
            ],
            build: || Box::new(AutoTop::new("ftnw_nwp", Nwp::default())),
        },
        TopEntry {
            name: "ftnw_node",
            doc: "FTNW node: six `tnw_port` (X+, X-, Y+, Y-, Z+, Z-), one register bus split by link (`l << 12`; the splitter registers the request, so an access is answered two cycles after its strobe), an injection stream per link (`link_l_tx_*`), one host write port for all six receive buffers, a write-only AXI4 manager with 256-bit data and WSTRB (`host_*`: each link's 32-bit writes packed into 32-byte strobed beats, store-and-forward, `common::dma_wide`; whole writes round-robin, each link's writes in order, a register slice at each port and at memory, `common::dma_arb`, `common::skid`; one INCR burst per write and the B channel through a register stage, `common::axi::WideWrToAxi4`) (ftnw)",
            clocks_mhz: &[
                ("clock", 250.0),
                ("phy_clock_0", 250.0),
                ("phy_clock_1", 250.0),
                ("phy_clock_2", 250.0),
                ("phy_clock_3", 250.0),
                ("phy_clock_4", 250.0),
                ("phy_clock_5", 250.0),
            ],
            build: || Box::new(AutoTop::new("ftnw_node", FtnwNode::default())),
        },
    ]
}

//! The Utah PPE's tops: the node, its AXI4-Lite variant and each stage of the engine.

use crate::ppe::axil::PpeAxil;
use crate::ppe::events::PpeEvents;
use crate::ppe::node::PpeNode;
use crate::ppe::notify::PpeNotify;
use crate::ppe::queues::PpeQueues;
use crate::ppe::rx::PpeRx;
use crate::ppe::rx_check::PpeRxCheck;
use crate::ppe::rx_link::PpeRxLink;
use crate::ppe::rx_node::PpeRxNode;
use crate::ppe::tx::PpeTx;
use crate::top::{AutoTop, TopEntry};

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "ppe_events",
            doc: "Utah PPE event actions: a received packet's event (`ppe_rx`'s `ev_*`) to the postings for `ppe_notify` (an error packet's error notification on list 0; an ack packet's notification on the rslot's ack_note_index; a refused payload write's error notification, `HOST_ERR`; a completed message's reception notification on its note_index when notify is set) and the AQR push when do_acks is set, in the order of PPE-R150, then taken (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_events", PpeEvents::default())),
        },
        TopEntry {
            name: "ppe_rx_node",
            doc: "Utah PPE receive side whole: `ppe_rx`, `ppe_events`, `ppe_notify`, `ppe_queues` and the 64 KB heads-table RAM (host port `g_*`); payload and notification writes share the host write port (`common::dma_arb`), a notification after its data (PPE-R150) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_rx_node", PpeRxNode::default())),
        },
        TopEntry {
            name: "ppe_node",
            doc: "Utah PPE whole: the 1 KB host window of A.2.3 on the register bus (PCSR0 with reset and enable, PCSR1, NLHR, RSLOT_LIMIT, NQR/AQR pops, NBQR pushes, PXR_Ptr/PRR_Ptr with static, auto-increment and paged windows onto XMT_RAM and RCV_RAM, the send-descriptor page), `ppe_tx`, `ppe_rx_node` (the completion postings of both sides taking turns at the notification writer), one host-memory master (reads for the send side, writes for the receive side), the injection and ejection ports (ejection held off between packets while enable is 0), the interrupt; a miscellaneous fabric packet (fab_bits not DATA_TYPE) is notified on list 0 with its token forced, clears enable and stays readable at RCV_RAM 0xFF00/0xFF80 (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_node", PpeNode::default())),
        },
        TopEntry {
            name: "ppe_node_axil",
            doc: "`ppe_node` with its host window as a 32-bit AXI4-Lite subordinate (`s_axil_*`, the project's AXI4-Lite adapter: OKAY, SLVERR for a write enabling some but not all bytes; an address's byte bits ignored as by the window) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_node_axil", PpeAxil::default())),
        },
        TopEntry {
            name: "ppe_tx",
            doc: "Utah PPE send side (§5): XMT_RAM (32 KB, host word port `x_*`) with the four send descriptors, kept in registers as the host writes them (a control1 write with go is a start, without it a stop; status from the PPE); least-recently-picked-first picks among active descriptors (at most 3 other packets between two of one descriptor's), one packet each in the engine; the payload (min(128, bytes_to_go) bytes) fetched by DMA (`dma_*`, read channels, tag = one of four packet buffers) or from XMT_RAM (DIO, its second port) while earlier packets leave; header with its checksum, metadata in the first packet, payload, trailer on `tx_*`; progress written back as a trailer is taken; the completion notification request (`nt_*`); stalled after 64 refused cycles; a failed payload read drops the packet and sets host_err; a reset leaves every descriptor done with its words kept, lets a packet already on the port finish and keeps the DMA channels legal (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_tx", PpeTx::default())),
        },
        TopEntry {
            name: "ppe_notify",
            doc: "Utah PPE notification writer (§4): a posting on list n reads heads entry n at NLHR + 8 n of RCV_RAM (`ram_*`, a word port), takes an empty object from NBQR (waiting while it is empty), writes the object at the entry's head in one 8-word burst on the host write port (`dma_*`) with `next` 0, then `next` alone once that is answered, then the entry's new head, then the token onto NQR if enqueue is set (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_notify", PpeNotify::default())),
        },
        TopEntry {
            name: "ppe_queues",
            doc: "Utah PPE queues and interrupt bits: NQR and AQR (256 each; the PPE pushes and stalls while full; a host read pops, 0 when empty), NBQR (256; host writes dropped when full or 0; the PPE takes), int_lo and int_hi on an empty-to-non-empty push (write-0-to-clear, a set wins over a clear), nbqr_empty/full and the NBQR-emptied interrupt, one interrupt level (AMB-19, 23, 24, 49) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_queues", PpeQueues::default())),
        },
        TopEntry {
            name: "ppe_rx",
            doc: "Utah PPE receive path through the host write: `ppe_rx_link`, a table of 64 rslots (host port: slot x 16 + word), `ppe_rx_check`, the rslot's read-modify-write, and the payload written to host memory (`dma_*`, the platform's DMA write port) before the packet is offered, one packet at a time; each packet offered as an event: error (its error_status bit), ack, or data (host address, payload words, completion with the rslot words a notification reads, the write's error answer) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_rx", PpeRx::default())),
        },
        TopEntry {
            name: "ppe_rx_link",
            doc: "Utah PPE link receiver: a frame from the fabric's packet stream taken whole, split by its length (AMB-11), both CRC-16 checksums checked (AMB-30, AMB-31), the header and metadata held and the payload kept (32 words) for the host write; a frame too short or too long comes out with both checksums bad (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_rx_link", PpeRxLink::default())),
        },
        TopEntry {
            name: "ppe_rx_check",
            doc: "Utah PPE reception decision for one packet a cycle: the checks of UUCS-95-013 §6.1 in their order with the first failure's error_status bit (AMB-29, AMB-30), the ack dispatch, the payload's host address, and the rslot's new bytes_to_go, msg_size and msg_offset with the completion (AMB-37) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("ppe_rx_check", PpeRxCheck::default())),
        },
    ]
}

//! The MIT NIC's tops: the core, the NIC in its clock arrangements and the PaRC networks.

use crate::mitnic::core::NicCore;
use crate::mitnic::network::{ParcButterfly8, ParcRing8};
use crate::mitnic::nic::{MitNic, MitNicSync, NIC_RING_TABLE};
use crate::top::{port_doc, AutoTop, TopEntry};

/// The port docs of `mit_nic` and `mit_nic_sync`: the clock entries given, then every pin both
/// have.
macro_rules! mit_nic_port_docs {
    ($($head:expr),* $(,)?) => {
        &[
            $($head,)*
            ("niclk", "the input port's clock (`nidata` is sampled on its rising edges; the upstream port's noclk)"),
            ("reset", "power-on reset request, asynchronous, active high (NIC-A21): synchronized into each domain"),
            ("ncs", "P-bus chip select, active low (the decode of the upper address bits is outside)"),
            ("dbe", "P-bus: high for a non-NULL transaction (the OR of dbe3-dbe0)"),
            ("da", "P-bus address bits A[15:2]: LOC, OTYPE, NNEXT, SEND, CSP (`nicgen_wire::mitnic::Command`)"),
            ("r_w", "P-bus: 1 read, 0 write"),
            ("d_in", "P-bus data as driven by the master (write data, the cycle after the address)"),
            ("dr_in", "P-bus reply lines as every slave drives them: a transaction in the cycle after a non-NULL one that did not succeed is ignored"),
            ("d_out", "read data (0 when `d_oe` is low)"),
            ("d_oe", "drive `d_out` on the data bus (the reply cycle of a read that succeeds)"),
            ("dr_out", "reply: `nicgen_wire::mitnic::DR_SUCCESS`, `DR_WAIT` or `DR_FAULT`"),
            ("dr_oe", "drive `dr_out` (every reply cycle of a NIC transaction)"),
            ("nodata", "PaRC output data: 0x5555 idles, twelve-word packets"),
            ("nowait", "PaRC output wait (asynchronous; a packet starts only while it is low)"),
            ("nidata", "PaRC input data (niclk domain)"),
            ("niwait", "PaRC input wait (niclk domain): high while the input queue holds 12 or more messages"),
            ("exc_in", "the four exception input pins (asynchronous; STATUS.EXCS[5:2])"),
            ("exc_out", "the four exception output pins (CONTROL.OUT_EXCS)"),
        ]
    };
}

/// The ports of the MIT NIC networks (`parc_ring8`, `parc_bfly8`).
const PARC_NET_PORT_DOCS: &[(&str, &str)] = &[
    ("clock", "the network's clock (every link's word clock)"),
    (
        "reset",
        "synchronous reset, active high: every buffer empty, every wait high while it lasts",
    ),
    (
        "nin",
        "link k's word into the network at bits 16k+15:16k (NIC k's nodata)",
    ),
    (
        "nin_wait",
        "bit k: the network takes no new packet on link k (NIC k's nowait)",
    ),
    (
        "nout",
        "link k's word out of the network at bits 16k+15:16k (NIC k's nidata)",
    ),
    ("nout_wait", "bit k: NIC k takes no new packet (its niwait)"),
];

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "nic_core",
            doc: "MIT NIC core: o0-o4, i0-i4, CONTROL, STATUS, CODE-BASE, INST, the two 16-message queues (block RAM), the commands of a P-bus transaction decoded from the address (LOC, OTYPE, NNEXT, SEND with REPLY/FORWARD, CSP) in the memo's order, WAIT and FAULT on a full output queue, NNEXT and the automatic load, room and idle errors, RESET_NIC; transaction port `t_*`, output-queue head `out_*` (a send into the empty queue offered from its execution cycle), early header `eh_*` (NIC-A44), arrivals `in_*` (mitnic)",
            clocks_mhz: &[("clock", 50.0)],
            build: || Box::new(AutoTop::new("nic_core", NicCore::new(NIC_RING_TABLE))),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high (the power-on reset NIC-A21 adds): every register 0, both queues empty"),
                ("t_*", "transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2], `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`, the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused"),
                ("out_*", "output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing byte; with the queue empty, the message a send is executing (cut-through: queued only if `out_ready` is low)"),
                ("eh_room", "the output port (on this clock) can start a packet at the next edge; 0 disables the early header"),
                ("eh_*", "early header: `eh_valid` in the address cycle of a send whose header (`eh_type`, `eh_csp`, `eh_route`) the port may start at once; the port must then take the words (`out_ready` high) in the next cycle"),
                ("in_*", "an arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON = 0; room_error into a full queue)"),
                ("idle_err", "one cycle: the input port saw an idle error (STATUS.EXCS[1])"),
                ("in_lost", "one cycle: the input port dropped a packet it could not hand over (room_error, STATUS.EXCS[0])"),
                ("out_held", "messages the output port has taken whose header has not left: counted in oLENGTH"),
                ("in_nearly_full", "registered: the input queue holds at least 12 messages (the input port's niwait)"),
                ("exc_pins", "the four exception input pins (STATUS.EXCS[5:2]), synchronous to `clock`"),
                ("out_excs", "the four exception output pins (CONTROL.OUT_EXCS)"),
                ("port_go", "the output port may start a message: the OP_ON of the last CONTROL store other than RESET_NIC, low from the cycle a store clearing it is taken"),
                ("port_seen", "`port_go` as the port's clock domain has it, synchronized back: a store clearing OP_ON waits (WAIT) while it is high; tie 0 when the port is on this clock"),
            ],
        },
        TopEntry {
            name: "mit_nic",
            doc: "the MIT NIC: 88100 P-bus slave (`ncs`, `dbe`, `da`, `r_w`, data and reply lines split into in/out/enable; NIC-A24), the core, PaRC output port on `netclk` (`nodata`, `noclk`, `nowait`) and input port on `niclk` (`nidata`, `niwait`), each direction through a two-slot dual-clock handoff, exception pins through synchronizers (mitnic)",
            clocks_mhz: &[("clock", 50.0), ("netclk", 100.0), ("niclk", 100.0)],
            build: || Box::new(AutoTop::new("mit_nic", MitNic::new(NIC_RING_TABLE))),
            port_docs: mit_nic_port_docs![
                ("clock", "the P-bus clock: the P-bus pins, the registers and both queues are in its domain"),
                ("netclk", "the output port's clock; `noclk` is netclk and `nodata` changes just after its rising edges"),
                ("noclk", "PaRC output clock (netclk)"),
            ],
        },
        TopEntry {
            name: "mit_nic_sync",
            doc: "`mit_nic` with the PaRC output port on the P-bus clock (no `netclk` pin; `noclk` is `clock`): no output handoff, and a send whose header the address fixes starts it at the end of its address cycle (NIC-A44) (mitnic)",
            clocks_mhz: &[("clock", 50.0), ("niclk", 100.0)],
            build: || Box::new(AutoTop::new("mit_nic_sync", MitNicSync::new(NIC_RING_TABLE))),
            port_docs: mit_nic_port_docs![
                ("clock", "the P-bus clock: the P-bus pins, the registers, both queues and the output port (`noclk` is `clock`)"),
                ("noclk", "PaRC output clock (`clock`)"),
            ],
        },
        TopEntry {
            name: "parc_ring8",
            doc: "ring of eight PaRC-like routers (`ParcSwitch2`: store and forward, wait and bubble flow control) for eight NICs in ring mode; link k at `nin`/`nout` bits 16k+15:16k (mitnic)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("parc_ring8", ParcRing8::default())),
            port_docs: PARC_NET_PORT_DOCS,
        },
        TopEntry {
            name: "parc_bfly8",
            doc: "butterfly of eight ports: three stages of four `ParcSwitch2`, routed by the node number (mitnic)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("parc_bfly8", ParcButterfly8::default())),
            port_docs: PARC_NET_PORT_DOCS,
        },
    ]
}

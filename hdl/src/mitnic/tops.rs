//! The MIT NIC's tops: the core, the NIC in its clock arrangements and the PaRC networks.

use crate::mitnic::core::NicCore;
use crate::mitnic::network::{ParcButterfly8, ParcRing8};
use crate::mitnic::nic::{MitNic, MitNicSync, NIC_RING_TABLE};
use crate::top::{AutoTop, TopEntry};

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "nic_core",
            doc: "MIT NIC core: o0-o4, i0-i4, CONTROL, STATUS, CODE-BASE, INST, the two 16-message queues (block RAM), the commands of a P-bus transaction decoded from the address (LOC, OTYPE, NNEXT, SEND with REPLY/FORWARD, CSP) in the memo's order, WAIT and FAULT on a full output queue, NNEXT and the automatic load, room and idle errors, RESET_NIC; transaction port `t_*`, output-queue head `out_*` (a send into the empty queue offered from its execution cycle), early header `eh_*` (NIC-A44), arrivals `in_*` (mitnic)",
            clocks_mhz: &[("clock", 50.0)],
            build: || Box::new(AutoTop::new("nic_core", NicCore::new(NIC_RING_TABLE))),
        },
        TopEntry {
            name: "mit_nic",
            doc: "the MIT NIC: 88100 P-bus slave (`pbus_*`: `ncs`, `dbe`, `da`, `r_w`, data and reply lines split into in/out/enable; NIC-A24), the core, PaRC output port on `netclk` (`nodata`, `noclk`, `nowait`) and input port on `niclk` (`nidata`, `niwait`), each direction through a two-slot dual-clock handoff, exception pins through synchronizers (mitnic)",
            clocks_mhz: &[("clock", 50.0), ("netclk", 100.0), ("niclk", 100.0)],
            build: || Box::new(AutoTop::new("mit_nic", MitNic::new(NIC_RING_TABLE))),
        },
        TopEntry {
            name: "mit_nic_sync",
            doc: "`mit_nic` with the PaRC output port on the P-bus clock (no `netclk` pin; `noclk` is `clock`): no output handoff, and a send whose header the address fixes starts it at the end of its address cycle (NIC-A44) (mitnic)",
            clocks_mhz: &[("clock", 50.0), ("niclk", 100.0)],
            build: || Box::new(AutoTop::new("mit_nic_sync", MitNicSync::new(NIC_RING_TABLE))),
        },
        TopEntry {
            name: "parc_ring8",
            doc: "ring of eight PaRC-like routers (`ParcSwitch2`: store and forward, wait and bubble flow control) for eight NICs in ring mode; link k at `nin`/`nout` bits 16k+15:16k (mitnic)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("parc_ring8", ParcRing8::default())),
        },
        TopEntry {
            name: "parc_bfly8",
            doc: "butterfly of eight ports: three stages of four `ParcSwitch2`, routed by the node number (mitnic)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(AutoTop::new("parc_bfly8", ParcButterfly8::default())),
        },
    ]
}

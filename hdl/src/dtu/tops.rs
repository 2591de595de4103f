//! The M3 DTU's tops: one DTU, its AXI4-Lite and AXI4 variants and the 2x2 system.

use crate::dtu::dtu::Dtu;
use crate::dtu::dtu_axil::DtuAxil;
use crate::dtu::dtu_axil32::DtuAxil32;
use crate::dtu::interposed::DtuAxi4;
use crate::dtu::system::DtuSystem;
use crate::top::{AutoTop, TopEntry};

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "dtu",
            doc: "M3 DTU of one PE: the CU's 64-bit MMIO register file (`bus_*`, map of `nicgen_wire::dtu`), 16 endpoints and 32 header entries in block RAM, the command unit (READ, WRITE, SEND, REPLY, FETCH, ACK_MSG with every check and error code of the spec), message reception with credits (slot allocation, header table, GRANT_CREDITS), the target of remote reads and writes; a local-memory master (`mem_*`, byte strobes, byte-granular transfers) and the NoC on two packet-port pairs (requests `req_*`, responses `rsp_*`), each through a register slice (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu", Dtu::default())),
        },
        TopEntry {
            name: "dtu_axil",
            doc: "`dtu` with its CU port as a 64-bit AXI4-Lite subordinate (`s_axil_*`, the project's AXI4-Lite adapter made generic in data width) (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu_axil", DtuAxil::default())),
        },
        TopEntry {
            name: "dtu_axil32",
            doc: "`dtu` with its CU port as a 32-bit AXI4-Lite subordinate (`s_axil_*`): 64-bit register r as the word pair r (low) and r + 4 (high), written and read low half first (`common::regbus_wide::RegBus32To64`), for a 32-bit CPU (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu_axil32", DtuAxil32::default())),
        },
        TopEntry {
            name: "dtu_axi4",
            doc: "`dtu` interposed between the CU and its local memory (DTU-R002: the CU's loads and stores at `cu_mem_*` share the memory port with the DTU), that memory on an AXI4 manager port (`m_axi_*`, `mem_axi4`'s adapter) (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu_axi4", DtuAxi4::default())),
        },
        TopEntry {
            name: "dtu_system",
            doc: "four `dtu` (PE 0-3) on an on-chip NoC: a 2x2 mesh per class (`common::packet_mesh`: three-port routers with XY routing, whole packets, a register slice on every link, a bad destination dropped); each PE's CU port (`peI_bus_*`, `peI_cmd_busy`) and local-memory port (`peI_mem_*`) outside (dtu)",
            // the place-and-route target: near one DTU's Fmax, so that routing converges
            clocks_mhz: &[("clock", 60.0)],
            build: || Box::new(AutoTop::new("dtu_system", DtuSystem::default())),
        },
    ]
}

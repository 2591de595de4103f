//! The M3 DTU's tops: one DTU, its AXI4-Lite and AXI4 variants and the 2x2 system.

use crate::dtu::dtu::Dtu;
use crate::dtu::dtu_axil::DtuAxil;
use crate::dtu::dtu_axil32::DtuAxil32;
use crate::dtu::interposed::DtuAxi4;
use crate::dtu::system::DtuSystem;
use crate::top::{port_doc, AutoTop, TopEntry};

/// The tops of this folder, for the registry (`crate::tops::tops`).
pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "dtu",
            doc: "M3 DTU of one PE: the CU's 64-bit MMIO register file (`bus_*`, map of `nicgen_wire::dtu`), 16 endpoints and 32 header entries in block RAM, the command unit (READ, WRITE, SEND, REPLY, FETCH, ACK_MSG with every check and error code of the spec), message reception with credits (slot allocation, header table, GRANT_CREDITS), the target of remote reads and writes; a local-memory master (`mem_*`, byte strobes, byte-granular transfers) and the NoC on two packet-port pairs (requests `req_*`, responses `rsp_*`), each through a register slice (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu", Dtu::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: command registers 0, engines idle, then every endpoint and header word written 0 (32 cycles; MMIO accesses wait)"),
                ("own_pe", "this PE's id (8 bits, static): the source of its packets and spe of its messages"),
                ("bus_*", "the CU's MMIO port (`dtu::dtu_core`, 64-bit data, offsets of the DTU map in `nicgen_wire::dtu`): a one-cycle `write` or `read` strobe, answered by one `ready` pulse with `rdata`, or `err` for an unaligned or unmapped offset; the next strobe no earlier than the cycle of `ready`"),
                ("cmd_busy", "level: a command runs (COMMAND's op is not 0); falls in the cycle COMMAND reads 0"),
                ("mem_*", "local-memory master (`common::mem`): 64-bit word requests with byte strobes (valid/ready), one response per request in order (rsp_valid, never refused)"),
                ("req_out_*", "NoC request class out (`common::packet`, `meta` = destination PE): MSG, RD_REQ, WR_REQ packets of `nicgen_wire::dtu::noc`"),
                ("req_in_*", "NoC request class in: packets addressed to this PE"),
                ("rsp_out_*", "NoC response class out (ACK, RD_RSP, WR_RSP), `meta` = destination PE"),
                ("rsp_in_*", "NoC response class in: always drained (ready whenever the DTU waits for a response)"),
            ],
        },
        TopEntry {
            name: "dtu_axil",
            doc: "`dtu` with its CU port as a 64-bit AXI4-Lite subordinate (`s_axil_*`, the project's AXI4-Lite adapter made generic in data width) (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu_axil", DtuAxil::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high, as `dtu`'s (the AXI4-Lite channels idle)"),
                ("own_pe", "this PE's id, as on `dtu`"),
                ("s_axil_*", "AXI4-Lite subordinate port (AMBA AXI4-Lite, 64-bit data, 11 address bits: the DTU's MMIO offsets; `common::axi_lite`): AW, W, B, AR, R with their VALID/READY handshakes; responses OKAY or SLVERR (an unmapped or unaligned offset, or a WSTRB enabling some but not all bytes)"),
                ("cmd_busy", "a command runs, as on `dtu`"),
                ("mem_*", "local-memory master, as on `dtu`"),
                ("req_out_*", "NoC request class out, as on `dtu`"),
                ("req_in_*", "NoC request class in, as on `dtu`"),
                ("rsp_out_*", "NoC response class out, as on `dtu`"),
                ("rsp_in_*", "NoC response class in, as on `dtu`"),
            ],
        },
        TopEntry {
            name: "dtu_axil32",
            doc: "`dtu` with its CU port as a 32-bit AXI4-Lite subordinate (`s_axil_*`): 64-bit register r as the word pair r (low) and r + 4 (high), written and read low half first (`common::regbus_wide::RegBus32To64`), for a 32-bit CPU (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu_axil32", DtuAxil32::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high, as `dtu`'s (the AXI4-Lite channels idle)"),
                ("own_pe", "this PE's id, as on `dtu`"),
                ("s_axil_*", "AXI4-Lite subordinate port (AMBA AXI4-Lite, 32-bit data, 11 address bits: the DTU's MMIO offsets, 64-bit register r as the word pair r (low) and r + 4 (high), written and read low half first; `common::axi_lite`, `common::regbus_wide::RegBus32To64`): AW, W, B, AR, R with their VALID/READY handshakes; responses OKAY or SLVERR (an unmapped or unaligned offset, or a WSTRB enabling some but not all bytes)"),
                ("cmd_busy", "a command runs, as on `dtu`"),
                ("mem_*", "local-memory master, as on `dtu`"),
                ("req_out_*", "NoC request class out, as on `dtu`"),
                ("req_in_*", "NoC request class in, as on `dtu`"),
                ("rsp_out_*", "NoC response class out, as on `dtu`"),
                ("rsp_in_*", "NoC response class in, as on `dtu`"),
            ],
        },
        TopEntry {
            name: "dtu_axi4",
            doc: "`dtu` interposed between the CU and its local memory (DTU-R002: the CU's loads and stores at `cu_mem_*` share the memory port with the DTU), that memory on an AXI4 manager port (`m_axi_*`, `mem_axi4`'s adapter) (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(AutoTop::new("dtu_axi4", DtuAxi4::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: as `dtu`; the AXI side drops the request it holds"),
                ("own_pe", "this PE's id (8 bits, static)"),
                ("bus_*", "the CU's MMIO port, as `dtu`"),
                ("cmd_busy", "level: a command runs"),
                ("cu_mem_*", "the CU's local-memory port (`common::mem` slave): its loads and stores pass through the DTU to `m_axi_*`, round-robin with the DTU's own"),
                ("m_axi_*", "the local memory, AXI4 manager port (64-bit addresses and data, 1 ID bit, ID 0; `common::mem_axi`): single-beat INCR transactions of 8 bytes with the request's byte strobes, RREADY and BREADY always high, up to 8 in flight of one kind"),
                ("mem_err", "one cycle per R or B answered SLVERR or DECERR"),
                ("req_out_*", "NoC request class out, as `dtu`"),
                ("req_in_*", "NoC request class in, as `dtu`"),
                ("rsp_out_*", "NoC response class out, as `dtu`"),
                ("rsp_in_*", "NoC response class in, as `dtu`"),
            ],
        },
        TopEntry {
            name: "dtu_system",
            doc: "four `dtu` (PE 0-3) on an on-chip NoC: a 2x2 mesh per class (`common::packet_mesh`: three-port routers with XY routing, whole packets, a register slice on every link, a bad destination dropped); each PE's CU port (`peI_bus_*`, `peI_cmd_busy`) and local-memory port (`peI_mem_*`) outside (dtu)",
            // the place-and-route target: near one DTU's Fmax, so that routing converges
            clocks_mhz: &[("clock", 60.0)],
            build: || Box::new(AutoTop::new("dtu_system", DtuSystem::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: every DTU and both crossbars (the DTUs then clear their tables, 32 cycles)"),
                ("pe*", "PE i's ports `peI_<port>`: its CU's MMIO port (`bus_*`), `cmd_busy` and its local-memory master (`mem_*`), each as on `dtu`"),
            ],
        },
    ]
}

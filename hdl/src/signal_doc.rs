//! What each signal of a standard port group means, for the port docs (`PortInfo::own_doc`):
//! the group's sentence says what the group is, these say what each of its signals does. The
//! group's kind comes from its prefix: `s_axil_` and `m_axi_` (AMBA AXI, ARM IHI 0022), a
//! register bus (`bus_`), a DMA port (`dma_`, `host*_`), a local-memory port (`mem_`), else a
//! stream or packet stream (`common::stream`, `common::packet`).

const AXI: &[(&str, &str)] = &[
    ("awid", "AW: write transaction ID"),
    ("awaddr", "AW: write address (byte)"),
    ("awlen", "AW: burst length minus 1 (beats)"),
    ("awsize", "AW: bytes per beat, log2"),
    ("awburst", "AW: burst type (01 INCR)"),
    ("awlock", "AW: 0, normal access"),
    (
        "awcache",
        "AW: memory attributes (0011, Normal Non-cacheable Bufferable)",
    ),
    (
        "awprot",
        "AW: protection (privileged, non-secure, instruction bits)",
    ),
    ("awqos", "AW: quality of service (0)"),
    ("awvalid", "AW: the write address is valid"),
    ("awready", "AW: the subordinate takes the write address"),
    ("wdata", "W: write data"),
    ("wstrb", "W: byte lane strobes of `wdata`"),
    ("wlast", "W: last beat of the burst"),
    ("wvalid", "W: the write data is valid"),
    ("wready", "W: the subordinate takes the write data"),
    ("bid", "B: ID of the write answered"),
    ("bresp", "B: write response (00 OKAY, 10 SLVERR, 11 DECERR)"),
    ("bvalid", "B: the write response is valid"),
    ("bready", "B: the manager takes the write response"),
    ("arid", "AR: read transaction ID"),
    ("araddr", "AR: read address (byte)"),
    ("arlen", "AR: burst length minus 1 (beats)"),
    ("arsize", "AR: bytes per beat, log2"),
    ("arburst", "AR: burst type (01 INCR)"),
    ("arlock", "AR: 0, normal access"),
    (
        "arcache",
        "AR: memory attributes (0011, Normal Non-cacheable Bufferable)",
    ),
    (
        "arprot",
        "AR: protection (privileged, non-secure, instruction bits)",
    ),
    ("arqos", "AR: quality of service (0)"),
    ("arvalid", "AR: the read address is valid"),
    ("arready", "AR: the subordinate takes the read address"),
    ("rid", "R: ID of the read answered"),
    ("rdata", "R: read data"),
    ("rresp", "R: read response (00 OKAY, 10 SLVERR, 11 DECERR)"),
    ("rlast", "R: last beat of the burst"),
    ("rvalid", "R: the read data is valid"),
    ("rready", "R: the manager takes the read data"),
];

const REG_BUS: &[(&str, &str)] = &[
    ("addr", "byte address of the access"),
    ("wdata", "the word a write writes"),
    ("write", "a write, one cycle"),
    ("read", "a read, one cycle"),
    ("rdata", "the word read, with `ready`"),
    ("ready", "the access is answered, one cycle"),
    (
        "err",
        "with `ready`: the access was refused (no effect, `rdata` 0)",
    ),
];

const DMA: &[(&str, &str)] = &[
    ("rd_req_addr", "read request: byte address"),
    ("rd_req_beats", "read request: beats"),
    ("rd_req_tag", "read request: tag its response beats carry"),
    ("rd_req_valid", "read request valid"),
    ("rd_req_ready", "read request taken"),
    ("rd_rsp_data", "read response: data beat"),
    ("rd_rsp_tag", "read response: the request's tag"),
    ("rd_rsp_last", "read response: the request's last beat"),
    (
        "rd_rsp_err",
        "read response: the beat was not read (bus error)",
    ),
    ("rd_rsp_valid", "read response beat valid"),
    ("rd_rsp_ready", "read response beat taken"),
    ("wr_req_addr", "write request: byte address"),
    ("wr_req_beats", "write request: beats"),
    ("wr_req_valid", "write request valid"),
    ("wr_req_ready", "write request taken"),
    ("wr_dat_data", "write data beat"),
    ("wr_dat_last", "write data: the request's last beat"),
    ("wr_dat_valid", "write data beat valid"),
    ("wr_dat_ready", "write data beat taken"),
    (
        "wr_rsp_err",
        "write response: the write failed (bus error or misplaced `last`)",
    ),
    (
        "wr_rsp_valid",
        "write response valid, one per request in order",
    ),
    ("wr_rsp_ready", "write response taken"),
];

const MEM: &[(&str, &str)] = &[
    ("req_addr", "request: byte address of the 64-bit word"),
    ("req_we", "request: a write"),
    ("req_wdata", "request: the word a write writes"),
    ("req_strb", "request: byte strobes of a write"),
    ("req_valid", "request valid"),
    ("req_ready", "request taken"),
    ("rsp_data", "response: the word read"),
    ("rsp_valid", "response valid, one per request in order"),
];

const STREAM: &[(&str, &str)] = &[
    ("data", "the beat's data"),
    ("keep", "which bytes (or words) of `data` are the packet's"),
    ("meta", "the packet's side information, with its first beat"),
    ("first", "the packet's first beat"),
    ("last", "the packet's last beat"),
    ("valid", "a beat is offered"),
    ("ready", "the beat is taken"),
];

/// The meaning of signal `sig` of the group at prefix `pre`, if it is a standard one.
pub fn of(pre: &str, sig: &str) -> Option<&'static str> {
    let table = if pre.starts_with("s_axil_") || pre.starts_with("m_axi_") {
        AXI
    } else if pre.ends_with("bus_") {
        REG_BUS
    } else if pre.starts_with("dma_") || pre.starts_with("host") {
        DMA
    } else if pre.ends_with("mem_") {
        MEM
    } else {
        STREAM
    };
    table.iter().find(|(n, _)| *n == sig).map(|(_, d)| *d)
}

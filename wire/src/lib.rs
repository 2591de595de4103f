//! Wire formats and register maps: the one description every other layer reads.
//!
//! Nothing here depends on rust-hdl. The RTL (`nicgen-hdl`) builds its register decoders
//! and field extractors from these tables, the simulation models and the host driver use
//! the same constants, and `docs/registers.md` is generated from them (`make docs`).

pub mod board;
pub mod crc;
pub mod demo;
pub mod dtu;
pub mod ftnw;
pub mod mitnic;
pub mod pcie_us;
pub mod ppe;
pub mod regfile_gen;
pub mod regs;

/// Every register map of the project with the Rust path of its static: the build script of
/// `nicgen-hdl` generates a register file per entry, `make docs` a section of
/// `docs/registers.md` and a C header.
pub static MAPS: &[(&str, &regs::RegMap)] = &[
    ("nicgen_wire::demo::DEMO_REGS", &demo::DEMO_REGS),
    (
        "nicgen_wire::ftnw::link::TNW_LINK_REGS",
        &ftnw::link::TNW_LINK_REGS,
    ),
    (
        "nicgen_wire::ftnw::rxbuff::TNW_RXBUFF_REGS",
        &ftnw::rxbuff::TNW_RXBUFF_REGS,
    ),
    ("nicgen_wire::ftnw::ioc::IOC_REGS", &ftnw::ioc::IOC_REGS),
    (
        "nicgen_wire::board::bridge::BOARD_REGS",
        &board::bridge::BOARD_REGS,
    ),
    ("nicgen_wire::mitnic::MITNIC_REGS", &mitnic::MITNIC_REGS),
];

/// The register maps whose decode is hand-written RTL (queues that pop on a read, RAM windows):
/// `make docs` documents them like the others; no register file is generated.
pub static DOC_MAPS: &[(&str, &regs::RegMap)] = &[(
    "nicgen_wire::ppe::host_regs::PPE_HOST_REGS",
    &ppe::host_regs::PPE_HOST_REGS,
)];

/// All register maps of the project, for docs, the C headers and consistency tests.
pub fn all_maps() -> Vec<&'static regs::RegMap> {
    MAPS.iter().chain(DOC_MAPS).map(|(_, m)| *m).collect()
}

//! What runs with the RTL but is not RTL: the harness every simulation uses (`harness`: clock
//! scheduler, backends, port groups, monitors, lock-step, seeded randomness, waveforms on
//! failure), models of the systems around a device (`system`: AXI4-Lite and DMA managers, host
//! memory and AXI4 memory), per device its models (`ftnw`: channel, MDIO PHY, the N-endpoint
//! link network and the driver transport over it), and the board in the loop (`board`: the
//! Verilated board top behind a pseudo-terminal, with bit-level UART models).

pub mod board;
pub mod dtu;
pub mod ftnw;
pub mod harness;
pub mod mitnic;
pub mod pcie;
pub mod ppe;
pub mod system;

/// The workspace root (for build/ and target/ paths), from this crate's location.
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

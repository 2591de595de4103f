//! What runs with the RTL but is not RTL: the fast cycle harness (`bench`), seeded randomness
//! and failure reporting (`testing`), VCD windows (`vcd`), the Verilator backend
//! (`verilator`), the native-vs-Verilator lock-step checker (`diff`), the TNW link models
//! (`channel`, `mdio_phy`, `tnw`), the host driver's simulation transports (`transport`), and
//! the board in the loop (`board`: the Verilated board top behind a pseudo-terminal, `pty`,
//! with bit-level UART models, `uart`).

pub mod bench;
pub mod board;
pub mod diff;
pub mod harness;
pub mod rng;
pub mod system;
pub mod testing;
pub mod vcd;
pub mod verilator;

/// The workspace root (for build/ and target/ paths), from this crate's location.
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}
pub mod channel;
pub mod mdio_phy;
pub mod pty;
pub mod tnw;
pub mod transport;
pub mod uart;

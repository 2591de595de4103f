//! The simulation harness every run uses: one clock scheduler (`clock`), the backend trait
//! that hides whether a design runs as the native rust-hdl model or as a Verilator model of its
//! emitted Verilog (`backend`), and port groups bound by name prefix (`ports`).

pub mod backend;
pub mod clock;
pub mod monitor;
pub mod ports;

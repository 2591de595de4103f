//! The simulation harness every run uses: one clock scheduler (`clock`); the backend trait
//! that hides whether a design runs as the native rust-hdl model or as a Verilator model of its
//! emitted Verilog (`backend`, `verilator`); port groups bound by name prefix (`ports`);
//! protocol monitors (`monitor`); online ordering checks, "A visible before B" (`order`); one design on one clock with cycle models (`cycle`); the native bench for one block (`bench`); the lock-step
//! checker (`diff`) and the Icarus replay of a recorded run (`icarus`); models evaluated on a second thread (`offload`); seeded randomness (`rng`); failure replay with waveforms (`testing`,
//! `vcd`).

pub mod backend;
pub mod bench;
pub mod clock;
pub mod cycle;
pub mod diff;
pub mod icarus;
pub mod monitor;
pub mod offload;
pub mod order;
pub mod ports;
pub mod rng;
pub mod testing;
pub mod vcd;
pub mod verilator;

//! The ULX3S board tops in Verilator: the UART register bridge's frames and errors, the
//! board's bit-error-rate runs, and the DTU board under its driver. One test binary.

mod bridge;
mod dtu;

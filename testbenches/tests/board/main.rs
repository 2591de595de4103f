//! The ULX3S board top in Verilator: the UART register bridge's frames and errors, and the
//! board's bit-error-rate runs. One test binary.

mod bridge;

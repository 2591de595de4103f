//! The ULX3S board tops in Verilator: the UART register bridge's frames and errors, the
//! board's bit-error-rate runs, the DTU, MIT NIC and PPE boards under their drivers. One
//! test binary.

mod bridge;
mod dtu;
mod mitnic;
mod ppe;

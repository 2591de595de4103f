//! The M3 DTU: the core's register file, tables and command unit against the reference model
//! (`core`). One test binary.

mod axil;
mod core;
mod driver;
mod net;

//! Host driver: transport traits and device drivers. Depends on `nicgen-wire` only (addresses,
//! fields, error codes), never on rust-hdl; the simulation crate implements its transports.
//! The transports and the first device driver arrive with the host-driver issue.

pub use nicgen_wire as wire;

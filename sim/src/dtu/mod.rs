//! The M3 DTU's models: `model`, the transaction-level reference of the spec's algorithms
//! (Alg. 1-7, with the project's decisions) that every DTU test checks the RTL against; `net`,
//! PEs (DTU, local memory, its CU's MMIO accesses) on a two-class NoC model or on the
//! `dtu_system` top's own NoC; `transport`, the driver's transport to one PE of a `net`.

pub mod model;
pub mod net;
pub mod transport;

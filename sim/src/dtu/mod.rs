//! The M3 DTU's models: `model`, the transaction-level reference of the spec's algorithms
//! (Alg. 1-7, with the project's decisions) that every DTU test checks the RTL against, and
//! `cu`, the compute unit's MMIO accesses as a bus-functional model.

pub mod cu;
pub mod model;
pub mod net;
pub mod transport;

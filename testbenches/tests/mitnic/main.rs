//! The MIT NIC (issue 15) against its reference model (`nicgen_sim::mitnic::model`). One test
//! binary.

mod core;
mod driver;
mod network;
mod nic;
mod ports;
mod sync;

//! The MIT NIC (issue 15): the reference model of the chip at transaction level (`model`).
//! The RTL, its P-bus and PaRC harness and the networks build on it.

pub mod model;

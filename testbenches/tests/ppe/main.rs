//! The Utah PPE (issue 14) against its reference model (`nicgen_sim::ppe::model`). One test
//! binary.

mod axil;
mod cluster;
mod driver;
mod dut;
mod events;
mod node;
mod notify;
mod queues;
mod rx;
mod rx_check;
mod rx_link;
mod rx_node;
mod tx;

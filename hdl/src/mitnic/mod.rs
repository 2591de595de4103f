//! The MIT Network Interface Chip (CSG Memo 331; `nicgen_wire::mitnic` holds every format):
//! the core (`core`: registers, queues, the commands of a P-bus transaction), the 88100 P-bus
//! slave (`pbus`), the PaRC ports in their own clock domains (`parc`), the whole NIC (`nic`:
//! the five sections of the memo's Figure 3.1), and the PaRC-like switch (`switch`) of the ring
//! and butterfly networks (`network`) the NICs are tested on.

pub mod core;
pub mod network;
pub mod nic;
pub mod parc;
pub mod pbus;
pub mod switch;
pub mod tops;

//! The registry of top-level designs: what `make verilog` emits, lints and synthesizes, and
//! what the differential native-vs-Verilator test runs. Each device folder registers its own
//! tops (`<folder>::tops::tops`); a top's ports come from its block (`#[derive(Ports)]`).

use crate::top::TopEntry;

// the common tops' configurations, by the names tests and tools use
pub use crate::common::tops::{
    AsyncFifo512x36, AxiLiteRegsDemo, Crc16, Crc32, DmaAxi4, MemAxi4, RegBankDemo, ResetSync3,
    RoundRobin8, SyncFifo4x8, SyncFifo512x32,
};

/// Every device and common top: the common blocks, then the MIT NIC, the PPE, the FTNW and the
/// DTU.
pub fn tops() -> Vec<TopEntry> {
    [
        crate::common::tops::tops(),
        crate::mitnic::tops::tops(),
        crate::ppe::tops::tops(),
        crate::ftnw::tops::tops(),
        crate::dtu::tops::tops(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

//! The M3 DTU (DTU specification, 2019; `nicgen_wire::dtu` holds every format): one PE's DTU
//! (`dtu`) = the core (`dtu_core`: MMIO register file, endpoint and header tables, every
//! command's and reception's decisions) + the command side of the data path (`cmd_engine`) + the
//! receive side (`rcv_engine`); the DTU with an AXI4-Lite CU port (`dtu_axil`); the DTU between
//! the CU and its memory, that memory on AXI4 if wanted (`interposed`); four DTUs on an on-chip
//! NoC (`system`).

pub mod cmd_engine;
#[allow(clippy::module_inception)]
pub mod dtu;
pub mod dtu_axil;
pub mod dtu_axil32;
pub mod dtu_core;
pub mod interposed;
pub mod rcv_engine;
pub mod system;
pub mod tops;

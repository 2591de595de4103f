//! The M3 DTU (DTU specification, 2019; `nicgen_wire::dtu` holds every format): the core's
//! MMIO register file, the endpoint and header tables and the command unit (`dtu_core`).

pub mod cmd_engine;
#[allow(clippy::module_inception)]
pub mod dtu;
pub mod dtu_axil;
pub mod dtu_core;
pub mod rcv_engine;
pub mod system;

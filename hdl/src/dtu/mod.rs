//! The M3 DTU (DTU specification, 2019; `nicgen_wire::dtu` holds every format): the core's
//! MMIO register file, the endpoint and header tables and the command unit (`dtu_core`).

pub mod dtu_core;

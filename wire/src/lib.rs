//! Wire formats and register maps: the one description every other layer reads.
//!
//! Nothing here depends on rust-hdl. The RTL (`nicgen-hdl`) builds its register decoders
//! and field extractors from these tables, the simulation models and the host driver use
//! the same constants, and `docs/registers.md` is generated from them (`make docs`).

pub mod bridge;
pub mod crc;
pub mod demo;
pub mod regs;
pub mod tnw;

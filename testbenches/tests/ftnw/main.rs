//! The FTNW device: the TNW link's blocks (`blocks`), the link end to end (`link`), the host
//! driver on every transport (`driver`) and the 2x2x2 torus (`torus`). One test binary.

mod blocks;
mod driver;
mod ioc_nget;
mod ioc_poc;
mod ioc_pput;
mod ioc_regs;
mod link;
mod nwp;
mod perf;
mod rxbuff;
mod torus;

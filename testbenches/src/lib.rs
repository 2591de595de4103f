//! Multi-block, differential and system testbenches live in `tests/`; shared helpers here.

pub mod bench;
pub mod ftnw_figures;
pub mod mitnic_suite;
pub mod ppe_suite;
pub mod scratch_maps;
pub mod trace;

/// Make the board tops (`nicgen_bsp::tops::boards`) known to the harness by name: the board
/// harness (`nicgen_sim::board`) builds them, and `nicgen_sim` does not depend on the board crate.
pub fn register_boards() {
    nicgen_sim::harness::backend::register(nicgen_bsp::tops::boards);
}

/// The register files generated (by `build.rs`) for the scratch maps.
pub mod scratch_regfiles {
    use nicgen_hdl::common::regbank::{RegBank, RegBusSlave};
    use nicgen_hdl::common::unused::Unused;
    #[allow(unused_imports)]
    use nicgen_hdl::common::widen::Widen;
    use rust_hdl::prelude::*;
    include!(concat!(env!("OUT_DIR"), "/scratch_regfiles.rs"));
}

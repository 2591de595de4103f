//! Multi-block, differential and system testbenches live in `tests/`; shared helpers here.

pub mod bench;
pub mod ftnw_figures;
pub mod ftnw_ioc;
pub mod ftnw_nwp;
pub mod mitnic_suite;
pub mod ppe_suite;
pub mod scratch_maps;
pub mod trace;

/// The register files generated (by `build.rs`) for the scratch maps.
pub mod scratch_regfiles {
    use nicgen_hdl::common::regbank::{RegBank, RegBusSlave};
    use nicgen_hdl::common::unused::Unused;
    #[allow(unused_imports)]
    use nicgen_hdl::common::widen::Widen;
    use rust_hdl::prelude::*;
    include!(concat!(env!("OUT_DIR"), "/scratch_regfiles.rs"));
}

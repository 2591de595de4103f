//! The register files of the project's register maps, generated at build time from
//! `nicgen_wire::MAPS` (`hdl/build.rs`, `nicgen_wire::regfile_gen`): for map `tnw_link` the
//! block `TnwLinkRegs`, with the register bus and one named port per field, so no logic
//! indexes a register or numbers a bit by hand. Moving a field in the wire crate moves it here.

use crate::common::regbank::{RegBank, RegBusSlave};
use crate::common::unused::Unused;
#[allow(unused_imports)]
use crate::common::widen::Widen;
use rust_hdl::prelude::*;

include!(concat!(env!("OUT_DIR"), "/regfiles.rs"));

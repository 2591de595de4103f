//! Synthesizable RTL for the network interfaces, written with rust-hdl 0.46.
//!
//! `common` holds the blocks more than one device uses; `top` the machinery that names, emits
//! and exposes every top-level design (`tops()` is the registry `make verilog` walks).

// `#[derive(Ports)]` names `::nicgen_hdl::top::Ports`, in this crate too
extern crate self as nicgen_hdl;

pub mod common;
pub mod dtu;
pub mod ftnw;
pub mod mitnic;
pub mod ppe;
pub mod settle;
pub mod signal_doc;
pub mod top;
pub mod tops;

pub use nicgen_derive::BlockDefault;
pub use top::{emit_verilog, AutoTop, DynTop, PortDir, PortInfo, Ports, TopEntry};

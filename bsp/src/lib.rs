//! Board support: board tops, and the tools that turn the registry of tops into build
//! products (Verilog files and manifest, register documentation).

pub mod emit;

//! Whole-project checks: every top against its emitted Verilog in lock-step (`lockstep`), and
//! the repository's own rules (`repo`: register access only through the wire crate, requirement
//! annotations and the test plan). One test binary.

mod icarus;
mod lockstep;
mod repo;

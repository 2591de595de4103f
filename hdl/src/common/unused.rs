//! A sink for outputs of a shared block that a particular parent does not use, so that the
//! parent lints clean under Verilator `-Wall` without a file-wide waiver. The waiver is local
//! (Verilator's documented `_unused_ok` idiom) and says exactly which bits are dropped.

use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Unused<T: Synth> {
    pub x: Signal<In, T>,
}

impl<T: Synth> Logic for Unused<T> {
    fn update(&mut self) {}
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "/* verilator lint_off UNUSEDSIGNAL */\nwire _unused_ok = &{1'b0, x, 1'b0};\n/* verilator lint_on UNUSEDSIGNAL */\n".into(),
        )
    }
}

//! The ECP5 PLL (EHXPLLL) with one output, feedback from CLKOP, as `ecppll` configures it.
//!
//! Synthesis sees the primitive. Verilator (lint and co-simulation) and the native model see
//! a pass-through (`clkop = clki`, `locked = 1`): simulation time is counted in link-clock
//! cycles, so the simulated input clock *is* the link clock.

use rust_hdl::prelude::*;

pub use nicgen_wire::board::clocking::PllParams;

#[derive(LogicBlock)]
pub struct Ecp5Pll {
    pub clki: Signal<In, Clock>,
    pub clkop: Signal<Out, Clock>,
    pub locked: Signal<Out, Bit>,
    _params: PllParams,
    _in_mhz: f64,
}

impl Ecp5Pll {
    pub fn new(in_hz: u32, params: PllParams) -> Self {
        params
            .check(in_hz)
            .unwrap_or_else(|e| panic!("Ecp5Pll {params:?} at {in_hz} Hz: {e}"));
        Self {
            clki: Default::default(),
            clkop: Default::default(),
            locked: Default::default(),
            _params: params,
            _in_mhz: in_hz as f64 / 1e6,
        }
    }
}

impl Logic for Ecp5Pll {
    fn update(&mut self) {
        self.clkop.next = self.clki.val();
        self.locked.next = true;
    }
    fn connect(&mut self) {
        self.clkop.connect();
        self.locked.connect();
    }
    fn hdl(&self) -> Verilog {
        let p = self._params;
        let out = self._in_mhz * p.clkfb_div as f64 / p.clki_div as f64;
        Verilog::Wrapper(Wrapper {
            code: format!(
                r#"
`ifndef SYNTHESIS
// simulation (Verilator, Icarus, ...): the PLL passes the clock through and is locked
assign clkop = clki;
assign locked = 1'b1;
`else
(* FREQUENCY_PIN_CLKI="{fin}" *)
(* FREQUENCY_PIN_CLKOP="{fout}" *)
(* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
EHXPLLL #(
    .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
    .DPHASE_SOURCE("DISABLED"), .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"),
    .OUTDIVIDER_MUXC("DIVC"), .OUTDIVIDER_MUXD("DIVD"),
    .CLKI_DIV({clki}), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV({clkop}),
    .CLKOP_CPHASE({cphase}), .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP"), .CLKFB_DIV({clkfb})
) pll_i (
    .RST(1'b0), .STDBY(1'b0), .CLKI(clki), .CLKOP(clkop), .CLKFB(clkop), .CLKINTFB(),
    .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1),
    .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0), .LOCK(locked)
);
`endif
"#,
                fin = self._in_mhz,
                fout = out,
                clki = p.clki_div,
                clkop = p.clkop_div,
                cphase = p.clkop_div / 2,
                clkfb = p.clkfb_div,
            ),
            cores: String::new(),
        })
    }
}

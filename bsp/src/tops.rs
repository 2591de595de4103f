//! The registry of every top: the device and common tops of `nicgen_hdl::tops` and the board
//! tops. What `make verilog` emits, lints and synthesizes, what the lock-step test runs, and
//! what the simulation harness builds by name.

use crate::ulx3s::Ulx3s;
use nicgen_hdl::dyn_top;
use nicgen_hdl::top::{DynTop, TopEntry};

dyn_top!(Ulx3sTop, Ulx3s, clocks: [clk_25mhz],
    inputs: [btn, ftdi_txd, phy0_mdio_i, phy1_mdio_i],
    outputs: [led, ftdi_rxd, wifi_gpio0, phy0_mdc, phy0_mdio_o, phy0_mdio_oe, phy0_reset,
        phy1_mdc, phy1_mdio_o, phy1_mdio_oe, phy1_reset]);

/// Every top, device and common tops first, then the boards.
pub fn tops() -> Vec<TopEntry> {
    let mut v = nicgen_hdl::tops::tops();
    v.push(TopEntry {
        name: "ulx3s",
        doc: "ULX3S 85F board top: PLL, UART register bridge, two TNW links cabled in the FPGA (board)",
        // simulated: the PLL is a pass-through, so this input runs at the link clock
        clocks_mhz: &[("clk_25mhz", 75.0)],
        build: || Box::new(Ulx3sTop::new("ulx3s", Ulx3s::default())) as Box<dyn DynTop>,
    });
    v
}

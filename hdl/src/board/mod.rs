//! Board support in RTL: the UART register bridge (`uart`, `bridge`), the ECP5 PLL (`pll`) and
//! the board tops (`ulx3s`).

pub mod bridge;
pub mod pll;
pub mod uart;
pub mod ulx3s;

//! Board support: the UART register bridge's frame format, status codes and the board address
//! map (`bridge`); the boards' PLL and UART rate (`clocking`).

pub mod bridge;
pub mod clocking;

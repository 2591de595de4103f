//! Board support: the UART register bridge's frame format, status codes and the board address
//! map (`bridge`).

pub mod bridge;

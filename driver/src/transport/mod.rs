//! Register transports that are not simulations: `serial`, the UART register bridge of a board
//! (the simulation transports live in `nicgen_sim`, which implements `RegAccess` on its models).

pub mod serial;

//! FTNW Network Processor (thesis): the torus link layer (TNW).
//!
//! `link::TnwLink` is one link: `tx_link` (TXLINK), `rxsync` (RXSYNC), `rx_link` (RXLINK),
//! `mdio` (MDIO master), `tb` (test-bench module), `counters` (register counter images), on
//! the word format of `codec` (from `nicgen_wire::tnw`).

pub mod codec;
pub mod counters;
pub mod link;
pub mod mdio;
pub mod rx_link;
pub mod rxsync;
pub mod tb;
pub mod tx_link;

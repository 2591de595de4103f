//! FTNW Network Processor (thesis): the torus link layer (TNW).
//!
//! `link::TnwLink` is one link: `tx_link` (TXLINK), `rxsync` (RXSYNC), `rx_link` (RXLINK),
//! `rx_buff` (RXBUFF: credits, host writes, notifications), `mdio` (MDIO master), `datagen` (the test-bench module: DATAGEN and DATACHK), `counters`
//! (register counter fields), on
//! the word format of `codec` (from `nicgen_wire::ftnw::link`).

pub mod codec;
pub mod counters;
pub mod datagen;
pub mod ioc;
pub mod link;
pub mod mdio;
pub mod node;
pub mod nwp;
pub mod phy;
pub mod port;
pub mod rx_buff;
pub mod rx_link;
pub mod rxsync;
pub mod tops;
pub mod tx_link;

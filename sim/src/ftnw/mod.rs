//! Models around the FTNW device: the link channel (`channel`: latency, bit errors, bursts,
//! drops, link-down), the MDIO PHY (`mdio_phy`), the N-endpoint network of `tnw_link`s with
//! host models and scoreboards (`net`: the pair and the torus), and the driver's register
//! transport over it (`transport`).

pub mod channel;
pub mod mdio_phy;
pub mod net;
pub mod rxbuff;
pub mod transport;

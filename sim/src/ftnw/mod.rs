//! Models around the FTNW device: the link channel (`channel`: latency, bit errors, bursts,
//! drops, link-down), the MDIO PHY (`mdio_phy`), the N-endpoint network of `tnw_link`s with
//! host models and scoreboards (`net`: the pair and the torus), and the driver's register
//! transport over it (`transport`); the IOC's PCIe side driven from the root-complex model
//! (`ioc_host`: PPUT, NGET, DMA) and whole network processors cabled together under libftnw
//! (`cluster`).

pub mod channel;
pub mod cluster;
pub mod ioc_host;
pub mod mdio_phy;
pub mod net;
pub mod rxbuff;
pub mod transport;

//! The FTNW network processor: the TNW link's words, control characters, CRC, test-bench
//! generator and register map (`link`), the receive buffer's registers (`rxbuff`) and the host's
//! TX window (`txwin`), and the IOC's registers (`ioc`).

pub mod ioc;
pub mod link;
pub mod rxbuff;
pub mod txwin;

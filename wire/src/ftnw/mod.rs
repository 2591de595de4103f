//! The FTNW network processor: the TNW link's words, control characters, CRC, test-bench
//! generator and register map (`link`), and the receive buffer's registers (`rxbuff`). The host side (IOC) joins here with its issue.

pub mod link;
pub mod rxbuff;

//! The FTNW device's driver: the TNW link (`link`: bring-up, MDIO, exceptions, counters, the
//! test-bench BER run) and libftnw (`libftnw`: the host library of the network processor,
//! thesis ch. 4 and App. B) and its programs (`programs`: ping, ping-pong, bandwidth).

pub mod libftnw;
pub mod link;
pub mod programs;

//! The FTNW device's driver: the TNW link (`link`: bring-up, MDIO, exceptions, counters, the
//! test-bench BER run). libftnw (the host side) joins here with its issue.

pub mod link;

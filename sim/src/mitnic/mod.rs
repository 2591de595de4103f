//! The MIT NIC (issue 15): the reference model of the chip at transaction level (`model`), and
//! NICs on their clocks with P-bus masters, PaRC cables, injectors and link monitors (`net`), and
//! the driver's transport over a NIC's P-bus master (`transport`), and a NIC program for network
//! runs with its scoreboard (`traffic`).

pub mod model;
pub mod net;
pub mod traffic;
pub mod transport;

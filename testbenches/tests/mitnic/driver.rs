//! The MIT NIC driver (`nicgen_driver::mitnic`) on two Verilated NICs cabled to each other,
//! through each NIC's P-bus master (`nicgen_sim::mitnic::transport::PBus`): argument checks,
//! configuration, send and receive, REPLY and FORWARD with NNEXT, the dispatch address, FAULT
//! and `send_if_room`, thresholds, RESET_NIC (`nicgen_testbenches::mitnic_suite`, which the
//! board runs over its serial bridge too).

use super::nic::UNRELATED;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::mitnic::net::{Feed, NicNet};
use nicgen_testbenches::mitnic_suite::suite;

// verifies: NIC-R042 NIC-R043
#[test]
fn the_driver_suite_on_two_nics() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_driver", 0x3A1C_0201, |rng| {
        let mut net = NicNet::new(
            Backend::Verilator,
            &UNRELATED,
            vec![Feed::Nic(1), Feed::Nic(0)],
        );
        suite(&mut net, rng);
    });
}

//! The PPE driver suite (`nicgen_testbenches::ppe_suite`) on two simulated `ppe_node`s on the
//! model fabric: the same checks the board runs over its serial bridge (`tests/board/ppe.rs`).

use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::net::PpeNet;
use nicgen_testbenches::ppe_suite::suite;

#[test]
fn driver_suite_runs_on_two_simulated_nodes_verilator() {
    if !verilator::require("ppe_node in Verilator") {
        return;
    }
    check("ppe_driver_suite_verilator", 0xD51, |rng| {
        let mut net = PpeNet::new(Backend::Verilator, 2, rng.next_u64());
        net.stress();
        suite(&mut net, rng)
    });
}

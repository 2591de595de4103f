//! A 2x2x2 torus of `tnw_link`-only nodes (8 nodes, six links each, 24 cables, 48 link
//! endpoints) on the N-node network harness, every node on its own clock within +-200 ppm,
//! every cable with its own latency and bit errors. The smoke test of the harness that the
//! FTNW node issue fills in with RXBUFF, credits and host memory.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::{ppm_periods, Net, LINK_NAMES};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;

// verifies: FTNW-L005, FTNW-L071
#[test]
fn torus_2x2x2_delivers_every_packet_on_every_link_verilator() {
    if !verilator::require("the 2x2x2 torus") {
        return;
    }
    check("torus_2x2x2_verilator", 0x7025, |rng| {
        let mut net = Net::torus(
            Backend::Verilator,
            [2, 2, 2],
            &ppm_periods(8),
            |a, b| ChannelCfg {
                latency: 16 + (3 * a + b) % 29,
                ber: 2e-6,
                ..Default::default()
            },
            rng.next_u64(),
        );
        assert_eq!(net.len(), 48);
        // the cabling: X+ of node 0 reaches X- of node 1 and back; in a 2-wide dimension both
        // links of a node lead to the same neighbour on two cables
        assert_eq!((net.peer[0], net.peer[1]), (6 + 1, 6));
        assert_eq!((LINK_NAMES[net.peer[0] % 6], net.peer[0] / 6), ("X-", 1));
        assert_eq!(
            net.peer[6 * 5 + 4],
            6 * 1 + 5,
            "Z+ of node 5 is Z- of node 1"
        );
        net.online();
        for k in 0..net.len() {
            net.queue(k, 150, rng);
        }
        net.drain(60_000);
        eprintln!(
            "torus: {} cycles of node 0, {} delivered",
            net.cycles[0],
            net.host.iter().map(|h| h.delivered).sum::<u64>()
        );
        for k in 0..net.len() {
            assert_eq!(
                net.host[k].delivered,
                150,
                "endpoint {k} (node {}, {})",
                k / 6,
                LINK_NAMES[k % 6]
            );
        }
    });
}

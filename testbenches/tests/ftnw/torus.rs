//! A 2x2x2 torus of `tnw_link`-only nodes (8 nodes, six links each, 24 cables, 48 link
//! endpoints) on the N-node network harness, every node on its own clock within +-200 ppm,
//! every cable with its own latency and bit errors. The smoke test of the harness that the
//! FTNW node issue fills in with RXBUFF, credits and host memory.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::{ppm_periods, Net, LINK_NAMES};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::ftnw::link as tnw;

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

/// The 2x2x2 torus of links with their receive buffers (48 `tnw_port`s, each writing its own
/// host memory; clocks within +-200 ppm, every cable with its own latency and bit errors):
/// every endpoint sends messages on all 8 VCs to its neighbour at once. VCs 0-5 are credited
/// before the packets come, VC 6 after they arrived (held in the packet buffer), VC 7 starved
/// until the end while the others flow; endpoint 0 also sends a 256 KB message. The scoreboard
/// checks every host write (each packet at its credited address with its payload, in order per
/// VC, each notification after its message's last packet); host memory fails the test on any
/// write outside a buffer.
// verifies: FTNW-H006 FTNW-H008 FTNW-H014 FTNW-H020 FTNW-H167 FTNW-H168 FTNW-H169 FTNW-H170
#[test]
fn torus_2x2x2_of_ports_delivers_credited_messages_on_all_vcs() {
    if !verilator::require("the 2x2x2 torus of tnw_ports") {
        return;
    }
    check("torus_2x2x2_ports", 0x7026, |rng| {
        let net = Net::port_torus(
            Backend::Verilator,
            [2, 2, 2],
            &ppm_periods(8),
            cable,
            rng.next_u64(),
        );
        credited_messages_on_all_vcs(net, rng, true);
    });
}

/// The 2x2x2 torus of `ftnw_node`s (8 models of six links each, one register bus and one host
/// port per node): the same traffic as `torus_2x2x2_of_ports_...`, every node's six receive
/// buffers writing through its one host port.
// verifies: FTNW-H006 FTNW-H008 FTNW-H014 FTNW-H020 FTNW-H167 FTNW-H168 FTNW-H169 FTNW-H170
#[test]
fn torus_2x2x2_of_nodes_delivers_credited_messages_on_all_vcs() {
    if !verilator::require("the 2x2x2 torus of ftnw_nodes") {
        return;
    }
    check("torus_2x2x2_nodes", 0x7027, |rng| {
        let net = Net::node_torus(
            Backend::Verilator,
            [2, 2, 2],
            &ppm_periods(8),
            cable,
            rng.next_u64(),
        );
        credited_messages_on_all_vcs(net, rng, false);
    });
}

/// One node whose links are cabled to each other (a 1x1x1 torus: X+ to X-, Y+ to Y-, Z+ to
/// Z-, FTNW-H168): the same traffic without the 256 KB message.
// verifies: FTNW-H168
#[test]
fn single_node_loopback_delivers_credited_messages() {
    if !verilator::require("the single-node loop-back") {
        return;
    }
    check("single_node_loopback", 0x7028, |rng| {
        let net = Net::node_torus(
            Backend::Verilator,
            [1, 1, 1],
            &[4000],
            cable,
            rng.next_u64(),
        );
        assert_eq!(net.peer, vec![1, 0, 3, 2, 5, 4]);
        credited_messages_on_all_vcs(net, rng, false);
    });
}

/// Evaluating the nodes on the offload thread (`harness::offload`, on for every `ftnw_node`
/// network unless `NICGEN_OFFLOAD=0`) changes nothing: two nodes under the same credited
/// traffic, offloaded and not, put the same words on every cable at the same cycles and write
/// the same host memory at the same cycles.
#[test]
fn offloading_the_nodes_changes_nothing() {
    if !verilator::require("offloaded ftnw_nodes") {
        return;
    }
    let run = |on: bool| {
        let mut rng = Rng::new(0x7029);
        let mut net = Net::node_torus(
            Backend::Verilator,
            [2, 1, 1],
            &ppm_periods(2),
            cable,
            0x7029,
        );
        net.offload(on);
        net.log = Some(vec![]);
        let net = credited_messages_on_all_vcs(net, &mut rng, false);
        let mem: Vec<_> = net
            .mem
            .iter()
            .map(|m| m.as_ref().unwrap().log().to_vec())
            .collect();
        (net.cycles.clone(), net.log.clone().unwrap(), mem)
    };
    let (seq, off) = (run(false), run(true));
    assert!(seq.1.len() > 10_000 && seq.2.iter().all(|m| m.len() > 100));
    assert_eq!(seq.0, off.0, "cycles");
    assert_eq!(seq.1.len(), off.1.len(), "words on the cables");
    if let Some(i) = (0..seq.1.len()).find(|&i| seq.1[i] != off.1[i]) {
        panic!(
            "cable word {i}: {:?} sequential, {:?} offloaded",
            seq.1[i], off.1[i]
        );
    }
    assert!(seq.2 == off.2, "host writes differ");
}

/// Every cable its own latency and bit errors.
fn cable(a: usize, b: usize) -> ChannelCfg {
    ChannelCfg {
        latency: 16 + (3 * a + b) % 29,
        ber: 1e-6,
        ..Default::default()
    }
}

/// Every endpoint sends messages on all 8 VCs to its neighbour at once: VCs 0-5 credited
/// first, VC 6 after its packets arrived, VC 7 starved until the others are complete; with
/// `big`, endpoint 0 also receives a 256 KB message. Checks every notification is written.
fn credited_messages_on_all_vcs(mut net: Net, rng: &mut Rng, big: bool) -> Net {
    net.online();
    let n = net.len();
    // per endpoint and VC: the messages its neighbour sends it, (C_D, packets)
    let mut plan: Vec<Vec<Vec<(u32, u32)>>> = vec![vec![vec![]; 8]; n];
    for k in 0..n {
        for vc in 0..8 {
            let msgs = if vc >= 6 { 1 } else { 2 };
            let mut c_d = 0;
            for _ in 0..msgs {
                let len = match vc {
                    6 => 2,
                    7 => 3,
                    _ => 1 + rng.below(8) as u32,
                };
                plan[k][vc].push((c_d, len));
                c_d += len;
            }
        }
    }
    if big {
        plan[0][0].push((16, 2048));
    }
    for k in 0..n {
        for vc in 0..8 {
            let size: u32 = plan[k][vc].iter().map(|m| m.0 + m.1).max().unwrap();
            let data = net.alloc(k, size as usize * 128, 128);
            let ntf = net.alloc(k, 64, 64);
            net.set_bases(k, vc, data as u32, ntf as u32);
        }
    }
    let credit = |net: &mut Net, k: usize, vc: usize, plan: &[Vec<Vec<(u32, u32)>>]| {
        for (nid, &(c_d, len)) in plan[k][vc].iter().enumerate() {
            net.credit(k, vc, c_d, len, nid as u32);
        }
    };
    for k in 0..n {
        for vc in 0..6 {
            credit(&mut net, k, vc, &plan);
        }
    }
    // every endpoint sends its neighbour's plan, the VCs interleaved message by message
    for k in 0..n {
        let to = net.peer[k];
        for round in 0..3 {
            for vc in 0..8u16 {
                if let Some(&(_, len)) = plan[to][vc as usize].get(round) {
                    for rao in 0..len as u16 {
                        let mut pkt = nicgen_sim::ftnw::net::Pkt::random(rng);
                        pkt.dest = (rao << 3) | vc;
                        net.host[k].to_send.push_back(pkt);
                    }
                }
            }
        }
    }
    // VC 6's and VC 7's packets arrive and wait (behind the credited traffic: a node's six
    // links share one host port); then credit VC 6's, and run until all but VC 7 is in
    let limit = net.cycles[0] + 60_000;
    let mut waiting = 0;
    while waiting < n {
        assert!(net.cycles[0] < limit, "VC 6 and 7 packets not all arrived");
        net.run(1000);
        waiting = (0..n)
            .filter(|&k| {
                let st = net.reg(k, &tnw::RX_FIFO_STATUS);
                tnw::RX_FIFO_STATUS::DESCR_NOT_EMPTY.get(st) & 0xc0 == 0xc0
            })
            .count();
    }
    for k in 0..n {
        assert_eq!(net.rxb[k].vc[6].credits.len(), 0);
    }
    for k in 0..n {
        credit(&mut net, k, 6, &plan);
    }
    let others: u64 = (0..n)
        .map(|k| plan[k].iter().take(7).map(|m| m.len() as u64).sum::<u64>())
        .sum();
    let limit = net.cycles[0] + 120_000;
    while net.rxb.iter().map(|r| r.notified).sum::<u64>() < others {
        assert!(net.cycles[0] < limit, "messages of VCs 0-6 not complete");
        net.run(500);
    }
    for k in 0..n {
        assert_eq!(
            net.host[net.peer[k]].in_flight.len(),
            3,
            "endpoint {k}: VC 7's packets wait for their credit"
        );
        credit(&mut net, k, 7, &plan);
    }
    net.drain(20_000);
    net.run(300);
    for k in 0..n {
        let want: usize = plan[k].iter().map(|m| m.len()).sum();
        assert_eq!(net.rxb[k].notified, want as u64, "endpoint {k}");
        assert!(net.rxb[k].due.is_none());
    }
    eprintln!(
        "torus: {} cycles of node 0, {} packets written",
        net.cycles[0],
        net.rxb.iter().map(|r| r.packets).sum::<u64>()
    );
    net
}

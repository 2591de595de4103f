//! The network processor (`ftnw_nwp`: the node behind the IOC) on the single-node loop-back: X+
//! (link 0) cabled to X- (link 1) and back, with a cable latency, used through libftnw
//! (`nicgen_driver::ftnw::libftnw`) as an application would: `ftnwInit` allocates the host
//! buffers and programs the device over BAR2, the link driver brings X+ and X- up, credits are
//! issued before or after the send, messages go by PPUT (16-byte stores through the CPU's
//! write-combining buffers) or by NGET (the DMA engine), and the receive data and notifications
//! are read from host memory where POC wrote them. Ping (FTNW-H135), ping-pong (H136) and
//! bandwidth runs are the library's programs (`nicgen_driver::ftnw::programs`); native and
//! Verilator. The root complex model fails the test on any device write outside a buffer the
//! library allocated.

use nicgen_driver::ftnw::libftnw::{Ftnw, PACKET};
use nicgen_driver::ftnw::programs::{self, End, Method};
use nicgen_driver::{Error, RegAccess};
use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::cluster::{nwp_loop, Cluster, NwpHost};
use nicgen_sim::ftnw::ioc_host::link_reg;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::ftnw::ioc::{IOC_REGS_BASE, LINK_EXC};
use nicgen_wire::ftnw::link as tnw;
use nicgen_wire::ftnw::rxbuff as rxb;

/// The pings: packets, by NGET, credit before the send, VC.
const PINGS: [(u32, bool, bool, u32); 4] = [
    (1, false, true, 0),
    (8, false, false, 5),
    (40, true, true, 0),
    (3, true, false, 3),
];

fn message(rng: &mut Rng, packets: usize) -> Vec<u8> {
    (0..PACKET * packets)
        .map(|_| rng.next_u64() as u8)
        .collect()
}

fn quiet(f: &mut Ftnw<NwpHost>) {
    assert_eq!(f.transport().d().seen, Default::default(), "no exception");
}

fn ping(rng: &mut Rng, backend: Backend, pings: &[(u32, bool, bool, u32)]) {
    let mut f = nwp_loop(backend, 64, rng.next_u64());
    for (k, &(pkts, nget, credit_first, vc)) in pings.iter().enumerate() {
        let msg = message(rng, pkts as usize);
        let what = format!(
            "ping {k}: {pkts} packets, VC {vc}, {}",
            if nget { "NGET" } else { "PPUT" }
        );
        let nid = k as u32 % 16;
        // X+ sends, X- receives (the loop-back: link 0 to link 1)
        if credit_first {
            f.credit(1, vc, 0, pkts, nid).unwrap();
        }
        if nget {
            f.nget_send(0, vc, &msg, 0, k as u32 % 8, pkts).unwrap();
        } else {
            f.send(0, vc, &msg, 0, pkts).unwrap();
        }
        if !credit_first {
            f.transport().wait_cycles(3000).unwrap();
            let mut rx = vec![0; msg.len()];
            assert!(
                !f.test(1, vc, 0, pkts, &mut rx, nid).unwrap(),
                "{what}: no credit yet"
            );
            f.credit(1, vc, 0, pkts, nid).unwrap();
        }
        let mut rx = vec![0; msg.len()];
        f.poll(1, vc, 0, pkts, &mut rx, nid)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(rx, msg, "{what}: the message in X-'s buffer");
    }
    quiet(&mut f);
}

/// Ping-pong (§4.4.2) by the library's program: the initiator on X+ (VC 1), the completer on
/// X- of the same node; 128 B to 8 KB, PPUT and NGET. Then LINK_EXC through `ftnwPeekReg`.
fn ping_pong(rng: &mut Rng, backend: Backend) {
    let mut f = nwp_loop(backend, 64, rng.next_u64());
    let (a, b) = (
        End {
            node: 0,
            lid: 0,
            vcid: 1,
        },
        End {
            node: 0,
            lid: 1,
            vcid: 1,
        },
    );
    for (it, &pkts) in [1usize, 4, 64, 2, 16].iter().enumerate() {
        let how = [Method::Pput, Method::Nget][it % 2];
        let msg = message(rng, pkts);
        let got = programs::ping_pong(std::slice::from_mut(&mut f), a, b, &msg, 2, how)
            .unwrap_or_else(|e| panic!("ping-pong {it}: {pkts} packets, {how:?}: {e}"));
        assert_eq!(
            got, msg,
            "ping-pong {it}: {pkts} packets, {how:?}: the pong"
        );
    }
    quiet(&mut f);
    // a credit of size 0 on X- (libftnw refuses it; a raw register write) raises its
    // RX_EXC.CRD_SIZE0, enabled in RX_EXEN: LINK_EXC shows link 1's RX interrupt until RX_EXC
    // is cleared
    assert!(matches!(f.credit(1, 2, 0, 0, 0), Err(Error::Invalid(_))));
    let settle = |f: &mut Ftnw<NwpHost>| f.transport().wait_cycles(100).unwrap();
    // (links 2-5 have no cable: their receivers report it, RX bits 5:2 are up)
    for l in 0..2 {
        let v = f.peek(link_reg(l, tnw::RX_EXC::OFFSET)).unwrap();
        f.poke(link_reg(l, tnw::RX_EXC::OFFSET), v).unwrap();
    }
    settle(&mut f);
    let link_exc = IOC_REGS_BASE + LINK_EXC.offset;
    let uncabled = 0x3c;
    assert_eq!(
        f.peek(link_exc).unwrap() & 0x3f3f,
        uncabled,
        "LINK_EXC before"
    );
    f.poke(link_reg(1, rxb::CRDFIFO[2].offset), rxb::credit(0, 0, 0))
        .unwrap();
    settle(&mut f);
    assert_eq!(
        f.peek(link_exc).unwrap() & 0x3f3f,
        uncabled | 1 << 1,
        "LINK_EXC.RX after a size-0 credit on link 1"
    );
    let size0 = tnw::RX_EXC::CRD_SIZE0.mask();
    assert_eq!(
        f.peek(link_reg(1, tnw::RX_EXC::OFFSET)).unwrap(),
        size0,
        "link 1's RX_EXC"
    );
    f.poke(link_reg(1, tnw::RX_EXC::OFFSET), size0).unwrap();
    settle(&mut f);
    assert_eq!(
        f.peek(link_exc).unwrap() & 0x3f3f,
        uncabled,
        "LINK_EXC after RX_EXC cleared"
    );
}

/// The library at its limits on the device: a 256 KB message (2048 packets, every RAO) each
/// way (PPUT: 32 parts, each waiting for the injection buffer to drain, CPU_CNT == NWP_CNT;
/// NGET: 64 requests of 4 KB whose notify slots wrap eight times), the bandwidth program with
/// PPUT and NGET in turn (24 messages of 4 KB on VC 7, 16 credits out), then `finalize` and a
/// second `init`: new buffers, programmed, and the next ping lands in them.
fn limits(rng: &mut Rng, backend: Backend) {
    let mut f = nwp_loop(backend, 64, rng.next_u64());
    let (x_plus, x_minus) = (
        End {
            node: 0,
            lid: 0,
            vcid: 4,
        },
        End {
            node: 0,
            lid: 1,
            vcid: 4,
        },
    );
    for how in [Method::Pput, Method::Nget] {
        let msg = message(rng, 2048);
        let got = programs::ping(std::slice::from_mut(&mut f), x_plus, x_minus, &msg, how)
            .unwrap_or_else(|e| panic!("256 KB by {how:?}: {e}"));
        assert!(got == msg, "256 KB by {how:?}: the message differs");
        assert_eq!(
            f.cpu_cnt(0),
            f.nwp_cnt(0).unwrap(),
            "{how:?}: the counters meet"
        );
    }
    let msgs: Vec<Vec<u8>> = (0..24).map(|_| message(rng, 32)).collect();
    let (a, b) = (End { vcid: 7, ..x_minus }, End { vcid: 7, ..x_plus });
    let got = programs::bandwidth(std::slice::from_mut(&mut f), a, b, &msgs, Method::Mixed)
        .unwrap_or_else(|e| panic!("bandwidth: {e}"));
    assert!(got == msgs, "bandwidth: a message differs");
    quiet(&mut f);
    let old = f.buffers().unwrap().clone();
    assert!(
        matches!(f.init(), Err(Error::Invalid(_))),
        "one owner at a time"
    );
    f.finalize();
    f.init().unwrap();
    assert_ne!(f.buffers().unwrap().rx[8], old.rx[8], "new buffers");
    let msg = message(rng, 3);
    let got = programs::ping(
        std::slice::from_mut(&mut f),
        x_plus,
        x_minus,
        &msg,
        Method::Pput,
    )
    .unwrap();
    assert_eq!(got, msg, "a ping after the second init");
    quiet(&mut f);
}

// verifies: FTNW-H104 FTNW-H106 FTNW-H115 FTNW-H117 FTNW-H154 FTNW-H119 FTNW-H123 FTNW-H126 FTNW-H128 FTNW-H130 FTNW-H131 FTNW-H133
#[test]
fn nwp_libftnw_at_its_limits_verilator() {
    if !verilator::require("nwp_libftnw_at_its_limits_verilator") {
        return;
    }
    check("nwp_libftnw_limits_verilator", 0x1D3, |rng| {
        limits(rng, Backend::Verilator)
    });
}

/// Two nodes (the thesis' set-ups between two machines, FTNW-H154, H155): node 0's X+ cabled to
/// node 1's X- and node 0's X- to node 1's X+, Y likewise, 64 to 112 words of latency, bit
/// errors on one (the links repair them). Ping both ways by PPUT and NGET, ping-pong of 1 to
/// 64 packets, a bandwidth run of 16 messages of 8 KB with PPUT and NGET in turn, and §5.6's
/// ping-pong on the four links at once; every byte compared.
fn two_nodes(rng: &mut Rng, backend: Backend) {
    let pairs = [
        ((0, 0), (1, 1)),
        ((0, 1), (1, 0)),
        ((0, 2), (1, 3)),
        ((0, 3), (1, 2)),
    ];
    let cables = Cluster::duplex(&pairs, |i| ChannelCfg {
        latency: 64 + 16 * i,
        ber: if i == 1 { 1e-5 } else { 0.0 },
        ..ChannelCfg::default()
    });
    let mut f = Cluster::new(backend, 2, &cables, rng.next_u64()).libraries();
    let end = |node, lid, vcid| End { node, lid, vcid };
    for (k, how) in [Method::Pput, Method::Nget].into_iter().enumerate() {
        let msg = message(rng, 5 + k);
        let got = programs::ping(&mut f, end(0, 0, 2), end(1, 1, 2), &msg, how).unwrap();
        assert_eq!(got, msg, "ping 0 -> 1 by {how:?}");
        let got = programs::ping(&mut f, end(1, 0, 6), end(0, 1, 6), &msg, how).unwrap();
        assert_eq!(got, msg, "ping 1 -> 0 by {how:?}");
    }
    for (it, &pkts) in [1usize, 64, 7].iter().enumerate() {
        let how = [Method::Pput, Method::Nget, Method::Mixed][it];
        let msg = message(rng, pkts);
        let got = programs::ping_pong(&mut f, end(0, 1, 3), end(1, 0, 3), &msg, 2, how)
            .unwrap_or_else(|e| panic!("ping-pong of {pkts} packets by {how:?}: {e}"));
        assert_eq!(got, msg, "ping-pong of {pkts} packets by {how:?}");
    }
    let msgs: Vec<Vec<u8>> = (0..16).map(|_| message(rng, 64)).collect();
    let got = programs::bandwidth(&mut f, end(1, 1, 0), end(0, 0, 0), &msgs, Method::Mixed)
        .unwrap_or_else(|e| panic!("bandwidth: {e}"));
    assert!(got == msgs, "bandwidth: a message differs");
    // §5.6's ping-pong on the four links at once (node 0 initiates on X+, X-, Y+, Y-)
    let ends: Vec<(End, End)> = pairs
        .iter()
        .map(|&((na, la), (nb, lb))| (end(na, la as u32, 4), end(nb, lb as u32, 4)))
        .collect();
    let msg = message(rng, 70);
    let mut cycles = vec![];
    for links in [1, 4] {
        let t0 = f[0].transport().cluster().cycles();
        let got = programs::ping_pong_links(&mut f, &ends[..links], &msg, 3)
            .unwrap_or_else(|e| panic!("ping-pong on {links} links: {e}"));
        cycles.push(f[0].transport().cluster().cycles() - t0);
        assert_eq!(got.len(), links);
        for (k, g) in got.iter().enumerate() {
            assert!(
                *g == msg,
                "ping-pong on {links} links: link {k}'s pong differs"
            );
        }
    }
    // the links do not wait for each other (H153): four carry at least 1.8 times what one does
    let aggregate = |links: usize, c: u64| links as f64 / c as f64;
    assert!(
        aggregate(4, cycles[1]) >= 1.8 * aggregate(1, cycles[0]),
        "ping-pong: one link {} cycles, four links {} cycles",
        cycles[0],
        cycles[1]
    );
    for x in &mut f {
        quiet(x);
    }
}

/// Two nodes 400 ppm apart, X cabled through faulty cables both ways (bit errors, error bursts, dropped,
/// duplicated and inserted words, link-down periods sending garbage), Y through clean ones:
/// ping-pong on X and Y at once, then on X alone by NGET and mixed. The links recover by
/// themselves (NAK, resend, acknowledgement timeout) under the library, every byte arrives, the
/// clean link never resends, and the faults reach no IOC exception.
fn faulty_cables(rng: &mut Rng, backend: Backend) {
    let pairs = [((0, 0), (1, 1)), ((0, 2), (1, 3))];
    let cables = Cluster::duplex(&pairs, |i| {
        if i == 0 {
            ChannelCfg {
                latency: 80,
                ber: 1e-5,
                burst_rate: 1e-5,
                drop_rate: 1e-5,
                dup_rate: 1e-5,
                insert_rate: 1e-5,
                down_rate: 1e-5,
                down_len: (100, 1500),
                ..ChannelCfg::default()
            }
        } else {
            ChannelCfg::default()
        }
    });
    let mut f = Cluster::with_ppm(backend, &[200, -200], &cables, rng.next_u64()).libraries();
    let end = |node, lid, vcid| End { node, lid, vcid };
    let ends = [(end(0, 0, 5), end(1, 1, 5)), (end(0, 2, 1), end(1, 3, 1))];
    let msg = message(rng, 64);
    let got = programs::ping_pong_links(&mut f, &ends, &msg, 4)
        .unwrap_or_else(|e| panic!("ping-pong on X and Y: {e}"));
    assert!(
        got.iter().all(|g| *g == msg),
        "ping-pong on X and Y: a pong differs"
    );
    for how in [Method::Nget, Method::Mixed] {
        let msg = message(rng, 40);
        let got = programs::ping_pong(&mut f, ends[0].0, ends[0].1, &msg, 3, how)
            .unwrap_or_else(|e| panic!("ping-pong on X by {how:?}: {e}"));
        assert_eq!(got, msg, "ping-pong on X by {how:?}");
    }
    let resends =
        |f: &mut Ftnw<NwpHost>, l: usize| f.peek(link_reg(l, tnw::TX_CNT_RESEND.offset)).unwrap();
    let x = resends(&mut f[0], 0) + resends(&mut f[1], 1);
    assert!(x > 0, "the faulty cables made X resend");
    assert_eq!(
        resends(&mut f[0], 2) + resends(&mut f[1], 3),
        0,
        "Y never resent"
    );
    for x in &mut f {
        quiet(x);
    }
}

/// The 2x2x2 torus of network processors (FTNW-H167-H170): 8 nodes, each on its own clock (the
/// TNW clocks -200, 0 and +200 ppm from the IOC clocks' period, in turn), 24 full-duplex links,
/// each cable with its own latency (40 to 140 words) and some with bit errors. Every node sends one
/// message to each of its six neighbours on each of the 8 VCs at once (384 messages of 1 to 6
/// packets, PPUT and NGET in turn, all credited first); every byte of every message compared,
/// no exception on any IOC, no device write outside a buffer the libraries allocated.
fn torus(rng: &mut Rng, backend: Backend) {
    let pairs = Cluster::torus222();
    assert_eq!(pairs.len(), 24);
    let lat: Vec<usize> = (0..24).map(|_| 40 + rng.below(101) as usize).collect();
    let cables = Cluster::duplex(&pairs, |i| ChannelCfg {
        latency: lat[i],
        ber: if i % 5 == 0 { 1e-6 } else { 0.0 },
        ..ChannelCfg::default()
    });
    let ppm: Vec<i64> = (0..8).map(|n| [-200, 0, 200][n % 3]).collect();
    let mut f = Cluster::with_ppm(backend, &ppm, &cables, rng.next_u64()).libraries();
    // each directed link: (node, link) -> (neighbour, its link)
    let mut routes = vec![];
    for &(a, b) in &pairs {
        for (x, y) in [(a, b), (b, a)] {
            for vc in 0..8 {
                routes.push((
                    End {
                        node: x.0,
                        lid: x.1 as u32,
                        vcid: vc,
                    },
                    End {
                        node: y.0,
                        lid: y.1 as u32,
                        vcid: vc,
                    },
                ));
            }
        }
    }
    assert_eq!(routes.len(), 8 * 6 * 8);
    let msgs: Vec<Vec<u8>> = routes
        .iter()
        .map(|_| {
            let n = 1 + rng.below(6) as usize;
            message(rng, n)
        })
        .collect();
    let got = programs::exchange(&mut f, &routes, &msgs, Method::Mixed)
        .unwrap_or_else(|e| panic!("torus exchange: {e}"));
    let cycles = f[0].transport().cluster().cycles();
    let pk: usize = msgs.iter().map(|m| m.len() / PACKET).sum();
    eprintln!(
        "torus: {pk} packets in {} messages, {cycles} cycles",
        msgs.len()
    );
    for (i, (g, m)) in got.iter().zip(&msgs).enumerate() {
        assert!(
            g == m,
            "torus: route {:?} -> {:?}: the message differs",
            routes[i].0,
            routes[i].1
        );
    }
    for x in &mut f {
        quiet(x);
    }
}

// verifies: FTNW-H135 FTNW-H136 FTNW-H153 FTNW-H154 FTNW-H155
#[test]
fn nwp_two_nodes_ping_ping_pong_and_bandwidth_verilator() {
    if !verilator::require("nwp_two_nodes_ping_ping_pong_and_bandwidth_verilator") {
        return;
    }
    check("nwp_two_nodes_verilator", 0x1D4, |rng| {
        two_nodes(rng, Backend::Verilator)
    });
}

#[test]
fn nwp_two_nodes_through_faulty_cables_verilator() {
    if !verilator::require("nwp_two_nodes_through_faulty_cables_verilator") {
        return;
    }
    check("nwp_faulty_cables_verilator", 0x1D6, |rng| {
        faulty_cables(rng, Backend::Verilator)
    });
}

// verifies: FTNW-H167 FTNW-H168 FTNW-H170
#[test]
fn nwp_torus_every_node_to_all_six_neighbours_on_all_vcs_verilator() {
    if !verilator::require("nwp_torus_every_node_to_all_six_neighbours_on_all_vcs_verilator") {
        return;
    }
    check("nwp_torus_verilator", 0x1D5, |rng| {
        torus(rng, Backend::Verilator)
    });
}

// verifies: FTNW-H036 FTNW-H037 FTNW-H038 FTNW-H039 FTNW-H135 FTNW-H137 FTNW-H145 FTNW-H167
// verifies: FTNW-H040 FTNW-H041
#[test]
fn nwp_ping_on_the_loopback_by_pput_and_nget() {
    // the native model of the whole NWP runs about 30 times slower than Verilator: two pings
    check("nwp_ping", 0x1D0, |rng| {
        ping(rng, Backend::Native, &[PINGS[0], PINGS[3]])
    });
}

// verifies: FTNW-H036 FTNW-H037 FTNW-H038 FTNW-H039 FTNW-H135 FTNW-H137 FTNW-H145 FTNW-H167
// verifies: FTNW-H040 FTNW-H041
#[test]
fn nwp_ping_on_the_loopback_by_pput_and_nget_verilator() {
    if !verilator::require("nwp_ping_on_the_loopback_by_pput_and_nget_verilator") {
        return;
    }
    check("nwp_ping_verilator", 0x1D1, |rng| {
        ping(rng, Backend::Verilator, &PINGS)
    });
}

// verifies: FTNW-H094 FTNW-H120 FTNW-H136
#[test]
fn nwp_ping_pong_on_the_loopback_verilator() {
    if !verilator::require("nwp_ping_pong_on_the_loopback_verilator") {
        return;
    }
    check("nwp_ping_pong_verilator", 0x1D2, |rng| {
        ping_pong(rng, Backend::Verilator)
    });
}

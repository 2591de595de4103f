//! The network processor (`ftnw_nwp`: the node behind the IOC) on the single-node loop-back: X+
//! (link 0) cabled to X- (link 1) and back, with a cable latency. Everything goes through PCIe
//! as the host would use it: the links brought online and the receive side programmed with
//! BAR2 writes, credits issued before or after the send, messages sent by PPUT (the TX window,
//! write-combining flushes) or by NGET (the DMA engine), and the receive data and notification
//! read from host memory where POC wrote them. Ping (FTNW-H135) and ping-pong (H136) as §4.4
//! runs them, on VC 0 and another, native and Verilator.

use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_testbenches::ftnw_ioc::{link_reg, Loop};
use nicgen_wire::ftnw::ioc::{IOC_REGS_BASE, LINK_EXC};
use nicgen_wire::ftnw::link as tnw;

/// The pings: packets, by NGET, credit before the send, VC.
const PINGS: [(usize, bool, bool, usize); 4] = [
    (1, false, true, 0),
    (8, false, false, 5),
    (40, true, true, 0),
    (3, true, false, 3),
];

fn ping(rng: &mut Rng, backend: Backend, pings: &[(usize, bool, bool, usize)]) {
    let mut p = Loop::new(rng, backend);
    let mut nid = 0;
    for (k, &(pkts, nget, credit_first, vc)) in pings.iter().enumerate() {
        let msg: Vec<u8> = (0..128 * pkts).map(|_| rng.next_u64() as u8).collect();
        let what = format!(
            "ping {k}: {pkts} packets, VC {vc}, {}",
            if nget { "NGET" } else { "PPUT" }
        );
        // X+ sends, X- receives (the loop-back: link 0 to link 1)
        if credit_first {
            p.credit(1, vc, 0, pkts as u32, nid);
        }
        p.send(rng, 0, vc, &msg, nget);
        if !credit_first {
            for _ in 0..3000 {
                p.x.d.event(rng);
            }
            p.credit(1, vc, 0, pkts as u32, nid);
        }
        p.poll(rng, 1, vc, nid, &what);
        assert_eq!(
            p.received(1, vc, 0, pkts),
            msg,
            "{what}: the message in X-'s buffer"
        );
        nid = (nid + 1) % 16;
    }
    assert_eq!(p.x.d.seen, Default::default(), "no exception");
}

/// Ping-pong (§4.4.2): the initiator credits the pong, then sends the ping on X+; the
/// completer (here the same node) polls X-, sends the message back on X- (the loop-back cables
/// it to X+), the initiator polls X+. Message sizes 128 B to 8 KB, PPUT and NGET.
fn ping_pong(rng: &mut Rng, backend: Backend) {
    let mut p = Loop::new(rng, backend);
    for (it, &pkts) in [1usize, 4, 64, 2, 16].iter().enumerate() {
        let nget = it % 2 == 1;
        let nid = it as u32 % 16;
        let msg: Vec<u8> = (0..128 * pkts).map(|_| rng.next_u64() as u8).collect();
        let what = format!("ping-pong {it}: {pkts} packets");
        p.credit(0, 1, 0, pkts as u32, nid);
        p.send(rng, 0, 1, &msg, nget);
        p.credit(1, 1, 0, pkts as u32, nid);
        p.poll(rng, 1, 1, nid, &what);
        let got = p.received(1, 1, 0, pkts);
        assert_eq!(got, msg, "{what}: the ping");
        p.send(rng, 1, 1, &got, nget);
        p.poll(rng, 0, 1, nid, &what);
        assert_eq!(p.received(0, 1, 0, pkts), msg, "{what}: the pong");
    }
    assert_eq!(p.x.d.seen, Default::default(), "no exception");
    // a credit of size 0 on X- raises its RX_EXC.CRD_SIZE0, enabled in RX_EXEN: LINK_EXC shows
    // link 1's RX interrupt until RX_EXC is cleared
    let link_exc = |p: &mut Loop, rng: &mut Rng| {
        p.x.d.drain(rng, 100);
        p.x.d.reg_read(rng, IOC_REGS_BASE + LINK_EXC.offset)
    };
    // (links 2-5 have no cable: their receivers report it, RX bits 5:2 are up)
    let rx_exc = |p: &mut Loop, rng: &mut Rng, l: usize| {
        p.x.d.drain(rng, 100);
        p.x.d.reg_read(rng, link_reg(l, tnw::RX_EXC::OFFSET))
    };
    for l in 0..2 {
        let v = rx_exc(&mut p, rng, l);
        p.x.d
            .reg_write(link_reg(l, tnw::RX_EXC::OFFSET), &v.to_le_bytes());
    }
    let uncabled = 0x3c;
    assert_eq!(link_exc(&mut p, rng) & 0x3f3f, uncabled, "LINK_EXC before");
    p.credit(1, 2, 0, 0, 0);
    assert_eq!(
        link_exc(&mut p, rng) & 0x3f3f,
        uncabled | 1 << 1,
        "LINK_EXC.RX after a size-0 credit on link 1"
    );
    let size0 = tnw::RX_EXC::CRD_SIZE0.mask();
    assert_eq!(rx_exc(&mut p, rng, 1), size0, "link 1's RX_EXC");
    p.x.d
        .reg_write(link_reg(1, tnw::RX_EXC::OFFSET), &size0.to_le_bytes());
    assert_eq!(
        link_exc(&mut p, rng) & 0x3f3f,
        uncabled,
        "LINK_EXC after RX_EXC cleared"
    );
}

// verifies: FTNW-H036 FTNW-H037 FTNW-H038 FTNW-H039 FTNW-H135 FTNW-H137 FTNW-H145 FTNW-H167
#[test]
fn nwp_ping_on_the_loopback_by_pput_and_nget() {
    // the native model of the whole NWP runs about 30 times slower than Verilator: two pings
    check("nwp_ping", 0x1D0, |rng| {
        ping(rng, Backend::Native, &[PINGS[0], PINGS[3]])
    });
}

// verifies: FTNW-H036 FTNW-H037 FTNW-H038 FTNW-H039 FTNW-H135 FTNW-H137 FTNW-H145 FTNW-H167
#[test]
fn nwp_ping_on_the_loopback_by_pput_and_nget_verilator() {
    if !verilator::require("nwp_ping_on_the_loopback_by_pput_and_nget_verilator") {
        return;
    }
    check("nwp_ping_verilator", 0x1D1, |rng| {
        ping(rng, Backend::Verilator, &PINGS)
    });
}

// verifies: FTNW-H094 FTNW-H136
#[test]
fn nwp_ping_pong_on_the_loopback_verilator() {
    if !verilator::require("nwp_ping_pong_on_the_loopback_verilator") {
        return;
    }
    check("nwp_ping_pong_verilator", 0x1D2, |rng| {
        ping_pong(rng, Backend::Verilator)
    });
}

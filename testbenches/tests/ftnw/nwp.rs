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
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_testbenches::ftnw_ioc::{link_reg, nwp_loop, NwpHost};
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
    assert_eq!(f.transport().d.seen, Default::default(), "no exception");
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

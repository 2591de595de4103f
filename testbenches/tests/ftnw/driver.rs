//! The host driver's test suite, written once against `RegAccess` and run on every transport:
//! the native rust-hdl models and the Verilator models of the emitted Verilog (two TNW links
//! cabled through the channel model, link k at k << 12), and the serial transport over a
//! pseudo-terminal to the Verilated ULX3S board top (two links cabled inside the FPGA, the
//! same windows behind the UART bridge). A failing test leaves a waveform and prints its path.

use nicgen_driver::ftnw::libftnw::Ftnw;
use nicgen_driver::ftnw::link::{Link, Pattern};
use nicgen_driver::transport::serial::{Serial, TtyPort};
use nicgen_driver::{Error, RegAccess};
use nicgen_sim::board::over_pty;
use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::Pair;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::board::bridge as wb;
use nicgen_wire::ftnw::link as w;
use std::time::Duration;

const PERIOD: u64 = 10_000;

/// The channel of the simulated pairs: 64-cycle latency, bit errors one way (so the BER run
/// sees CRC errors that the link repairs).
fn channels() -> [ChannelCfg; 2] {
    let c = ChannelCfg {
        latency: 64,
        ..Default::default()
    };
    let mut a = c.clone();
    a.ber = 2e-5;
    [a, c]
}

fn native() -> Pair {
    let mut p = Pair::native([PERIOD, PERIOD], channels(), 0xD21E);
    p.mdio_on = true;
    p.host[0].quiet = true;
    p.host[1].quiet = true;
    p
}

fn verilated() -> Option<Pair> {
    if !verilator::require("driver suite on Verilator") {
        return None;
    }
    let mut p = Pair::verilator([PERIOD, PERIOD], channels(), 0xD21E);
    p.mdio_on = true;
    p.host[0].quiet = true;
    p.host[1].quiet = true;
    Some(p)
}

// ---------------------------------------------------------------- the suite

// verifies: FTNW-L060, FTNW-L063
fn revision_and_reset_values(bus: &mut impl RegAccess) {
    let (a, b) = (Link::new(0), Link::new(1));
    for l in [a, b] {
        assert_eq!(l.revision(bus).unwrap(), w::REVISION);
        assert_eq!(l.read(bus, &w::TX_EXEN).unwrap(), w::TX_EXEN.reset());
        let ctrl = l.read(bus, &w::TX_CTRL).unwrap();
        assert_eq!(
            ctrl & 0x11,
            0x11,
            "both directions offline after reset: {ctrl:#x}"
        );
    }
}

// verifies: FTNW-L061, FTNW-L063
fn bring_up_and_exceptions(bus: &mut impl RegAccess) {
    let (a, b) = (Link::new(0), Link::new(1));
    Link::bring_up_pair(bus, &a, &b).unwrap();
    let ctrl = a.read(bus, &w::TX_CTRL).unwrap();
    assert_eq!(
        ctrl & 0x77,
        0,
        "online, reset commands and Done flags clear: {ctrl:#x}"
    );
    let e = a.exceptions(bus).unwrap();
    // RX_FAULT_P/R reset to 1 (A.1); nothing else is raised by a clean bring-up
    assert_eq!(
        e.set(),
        [w::RX_EXC::RX_FAULT_P, w::RX_EXC::RX_FAULT_R]
            .map(|f| (f.reg, f.name))
            .to_vec(),
        "{e:x?}"
    );
    assert!(e.nak_causes().is_empty());
    a.clear_exceptions(bus, &e).unwrap();
    assert!(a.exceptions(bus).unwrap().is_empty());
}

// verifies: FTNW-L041
fn mdio_round_trip(bus: &mut impl RegAccess) {
    let a = Link::new(0);
    // (four clause-45 frames of 64 bits at MDC = clock / 100: ~26k cycles)
    a.mdio_write(bus, 0xC042, 0xBEEF).unwrap();
    assert_eq!(a.mdio_read(bus, 0xC042).unwrap(), 0xBEEF);
    assert!(
        matches!(a.mdio_read(bus, 0x2000), Err(Error::Invalid(_))),
        "address bit 13 is not mapped"
    );
}

// verifies: FTNW-L065
fn bad_accesses_are_errors(bus: &mut impl RegAccess) {
    assert_eq!(
        bus.read32(0x0FFC),
        Err(Error::Bus {
            addr: 0x0FFC,
            write: false
        }),
        "no register there"
    );
    assert_eq!(
        bus.read32(0x0002),
        Err(Error::Bus {
            addr: 0x0002,
            write: false
        }),
        "unaligned"
    );
    let rev = w::TNW_REVISION.offset as u64;
    assert_eq!(
        bus.write32(rev, 1),
        Err(Error::Bus {
            addr: rev,
            write: true
        }),
        "read-only register"
    );
    assert_eq!(
        bus.read32(0x2000),
        Err(Error::Bus {
            addr: 0x2000,
            write: false
        }),
        "no link 2"
    );
    // and the device still answers
    assert_eq!(Link::new(1).revision(bus).unwrap(), w::REVISION);
    // TNW registers are 32-bit, 16 bytes apart: a 64-bit read's high word finds no register
    assert_eq!(
        bus.read64(rev),
        Err(Error::Bus {
            addr: rev + 4,
            write: false
        })
    );
}

/// ACK coalescing set through the driver (arguments checked, nothing written on a bad one),
/// then the test bench's traffic still arrives whole, with fewer ACK words.
// verifies: FTNW-L002
fn ack_coalescing_through_the_driver(bus: &mut impl RegAccess) {
    let (a, b) = (Link::new(0), Link::new(1));
    let reset = w::RX_ACK.reset();
    for (every, delay) in [(0, 10), (16, 10), (4, 1024)] {
        assert!(
            matches!(
                b.set_ack_coalescing(bus, every, delay),
                Err(Error::Invalid(_))
            ),
            "({every}, {delay}) refused"
        );
        assert_eq!(b.read(bus, &w::RX_ACK).unwrap(), reset, "nothing written");
    }
    Link::bring_up_pair(bus, &a, &b).unwrap();
    b.set_ack_coalescing(bus, 8, 255).unwrap();
    assert_eq!(
        b.read(bus, &w::RX_ACK).unwrap(),
        w::RX_ACK::EVERY.set(w::RX_ACK::DELAY.set(0, 255), 8)
    );
    let r = Link::ber_run(bus, &a, &b, 100, 3, Pattern::Random).unwrap();
    assert_eq!((r.frames_checked, r.errors), (r.frames_sent, 0), "{r:?}");
    b.set_ack_coalescing(bus, 1, 255).unwrap();
    assert_eq!(
        b.read(bus, &w::RX_ACK).unwrap(),
        reset,
        "back to an ACK per packet"
    );
}

// verifies: FTNW-L054
fn ber_run_through_the_test_bench(bus: &mut impl RegAccess) {
    let (a, b) = (Link::new(0), Link::new(1));
    Link::bring_up_pair(bus, &a, &b).unwrap();
    let crc0 = b.counters(bus).unwrap().crc_errors;
    let r = Link::ber_run(bus, &a, &b, 300, 3, Pattern::Random).unwrap();
    assert!(r.frames_sent >= 300, "{r:?}");
    assert_eq!(
        r.frames_checked, r.frames_sent,
        "every frame checked: {r:?}"
    );
    assert_eq!(
        r.errors, 0,
        "the link repairs every corrupted packet: {r:?}"
    );
    let c = b.counters(bus).unwrap();
    assert_eq!(
        c.crc_errors.wrapping_sub(crc0),
        r.crc_errors,
        "the report's CRC errors are the receiver's"
    );
    if r.crc_errors > 0 {
        assert!(
            a.counters(bus).unwrap().naks_received > 0,
            "NAKs came back to the sender"
        );
    }
    let s = Link::ber_run(bus, &b, &a, 40, 0, Pattern::Sequential).unwrap();
    assert_eq!((s.frames_checked, s.errors), (s.frames_sent, 0), "{s:?}");
}

/// The simulated pairs' channel corrupts (BER 2e-5 one way): the BER run sees CRC errors
/// that the link repairs.
fn ber_run_repairs_channel_errors(p: &mut Pair) {
    let (a, b) = (Link::new(0), Link::new(1));
    Link::bring_up_pair(p, &a, &b).unwrap();
    let r = Link::ber_run(p, &a, &b, 300, 3, Pattern::Random).unwrap();
    assert_eq!((r.frames_checked, r.errors), (r.frames_sent, 0), "{r:?}");
    assert!(
        r.crc_errors > 0,
        "the channel (BER 2e-5) corrupted packets: {r:?}"
    );
    assert!(p.chan[0].stats.bit_errors > 0);
}

fn timeouts_are_errors(bus: &mut impl RegAccess) {
    let (a, b) = (Link::new(0), Link::new(1));
    Link::bring_up_pair(bus, &a, &b).unwrap();
    a.set_offline(bus, true, true).unwrap();
    // an offline sender fills its 64 slots and stops: 100 frames never go out
    let mut slow = a;
    slow.timeout_cycles = 3_000;
    match Link::ber_run(bus, &slow, &b, 100, 0, Pattern::Random) {
        Err(Error::Timeout { what, .. }) => assert_eq!(what, "DATAGEN frames"),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(matches!(
        Link::ber_run(bus, &a, &b, 1, 9, Pattern::Random),
        Err(Error::Invalid(_))
    ));
}

/// libftnw's register half (`ftnwOpen`, `ftnwPeekReg`, `ftnwPokeReg`): the same calls on every
/// transport, a serial bridge included; bad addresses refused before the transport is used.
// verifies: FTNW-H118, FTNW-H120
fn libftnw_register_half(bus: &mut impl RegAccess) {
    let mut f = Ftnw::open(bus);
    for l in 0..2u32 {
        assert_eq!(
            f.peek((l << 12) + w::TNW_REVISION.offset).unwrap(),
            w::REVISION
        );
    }
    let exen = (1 << 12) + w::TX_EXEN.offset;
    let was = f.peek(exen).unwrap();
    f.poke(exen, 0x5).unwrap();
    assert_eq!(f.peek(exen).unwrap(), 0x5);
    f.poke(exen, was).unwrap();
    assert_eq!(f.peek(exen).unwrap(), was);
    for bad in [exen + 2, 1 << 17] {
        assert!(matches!(f.peek(bad), Err(Error::Invalid(_))));
        assert!(matches!(f.poke(bad, 0), Err(Error::Invalid(_))));
    }
    let _bus = f.close();
}

/// The suite: (name, test) pairs, each generic over the transport.
macro_rules! suite_tests {
    ($t:ty) => {{
        let tests: [(&str, fn(&mut $t)); 8] = [
            ("revision_and_reset_values", |p| {
                revision_and_reset_values(p)
            }),
            ("bring_up_and_exceptions", |p| bring_up_and_exceptions(p)),
            ("mdio_round_trip", |p| mdio_round_trip(p)),
            ("bad_accesses_are_errors", |p| bad_accesses_are_errors(p)),
            ("ber_run_through_the_test_bench", |p| {
                ber_run_through_the_test_bench(p)
            }),
            ("timeouts_are_errors", |p| timeouts_are_errors(p)),
            ("ack_coalescing_through_the_driver", |p| {
                ack_coalescing_through_the_driver(p)
            }),
            ("libftnw_register_half", |p| libftnw_register_half(p)),
        ];
        tests
    }};
}

/// Each test on a fresh pair; a failing test is replayed with a waveform (`testing::check`).
fn suite(name: &str, make: impl Fn() -> Option<Pair>) {
    let mut tests = suite_tests!(Pair).to_vec();
    tests.push((
        "ber_run_repairs_channel_errors",
        ber_run_repairs_channel_errors,
    ));
    for (t, f) in tests {
        if make().is_none() {
            return;
        }
        let start = std::time::Instant::now();
        check(&format!("driver suite on {name}: {t}"), 0xD21E, |_| {
            f(&mut make().unwrap())
        });
        eprintln!(
            "driver suite on {name}: {t} ok ({:.1}s)",
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn driver_suite_on_native_models() {
    suite("native", || Some(native()));
}

#[test]
fn driver_suite_on_verilator_models() {
    suite("verilator", verilated);
}

/// Bit errors on the board's in-FPGA cable from link 0 to link 1: one data bit in every
/// `FLIP_PERIOD` words, about the simulated channel's BER of 2e-5 per bit (7e-4 per word).
const FLIP_PERIOD: u32 = 1400;

/// The same suite through the board's UART bridge: the driver's serial transport opens the
/// pseudo-terminal behind which the Verilated `ulx3s` top runs (as it would open the board's
/// /dev/ttyUSB0), one fresh board per test.
#[test]
fn driver_suite_over_serial_to_the_verilated_board() {
    nicgen_testbenches::register_boards();
    let baud = nicgen_bsp::ulx3s::BoardConfig::ulx3s().baud;
    for (t, f) in suite_tests!(Serial<TtyPort>) {
        let start = std::time::Instant::now();
        let name = format!("driver suite over serial: {t}");
        let r = over_pty(&name, |path| {
            let tty = TtyPort::open(path, baud, Duration::from_secs(30)).expect("open the pty");
            let mut s = Serial::new(tty);
            s.identify().unwrap();
            s.write32(wb::board_addr(&wb::BOARD_CABLE_FLIP) as u64, FLIP_PERIOD)
                .unwrap();
            f(&mut s);
            s.requests
        });
        let Some((requests, sim)) = r else { return };
        eprintln!(
            "{name} ok ({requests} accesses, {} board cycles, {:.1}s)",
            sim.cycle,
            start.elapsed().as_secs_f64()
        );
    }
}

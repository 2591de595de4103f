//! FTNW torus link (issue 3): directed tests for every rule of thesis §2.2–2.4 and App. A,
//! random traffic with a scoreboard, error injection. Two `tnw_link` nodes back to back through
//! the channel model (`nicgen_sim::ftnw::net::Pair`).

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::{Pair, Pkt};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::ftnw::link::Word;

const P: u64 = 4000; // 250 MHz

fn clean(latency: usize) -> [ChannelCfg; 2] {
    let c = ChannelCfg {
        latency,
        ..Default::default()
    };
    [c.clone(), c]
}

fn pair(chan: [ChannelCfg; 2], rng: &mut Rng) -> Pair {
    let mut p = Pair::native([P, P], chan, rng.next_u64());
    p.online();
    p
}

// verifies: FTNW-L001, FTNW-L002, FTNW-L005, FTNW-L021, FTNW-L022
#[test]
fn packets_cross_both_ways_in_order() {
    check("packets_cross_both_ways_in_order", 1, |rng| {
        let mut p = pair(clean(16), rng);
        p.queue(0, 40, rng);
        p.queue(1, 40, rng);
        p.drain(20_000);
        assert_eq!(p.host[1].delivered, 40);
        assert_eq!(p.host[0].delivered, 40);
        assert_eq!(p.reg(0, &tnw::TX_CNT_NAK), 0);
        assert_eq!(p.reg(1, &tnw::RX_DATA), 0);
    });
}

use nicgen_sim::ftnw::channel::Fault;
use nicgen_wire::ftnw::link::{self as tnw, TB_TXCTRL};
use nicgen_wire::regs::{Access, Reg};

// verifies: FTNW-L003, FTNW-L004, FTNW-L061, FTNW-L062
#[test]
fn nak_then_restart_then_go_back_n_resend() {
    check("nak_then_restart_then_go_back_n_resend", 2, |rng| {
        let mut chan = clean(64);
        // corrupt word 7 of packet 1 (33 data words per packet: 32 payload + CRC)
        chan[0].faults.push(Fault::FlipData {
            n: 33 + 7,
            mask: 1 << 5,
        });
        let mut p = pair(chan, rng);
        p.queue(0, 12, rng);
        p.drain(20_000);
        assert_eq!(p.host[1].delivered, 12);
        let (exc, data, flow) = (
            p.reg(1, &tnw::RX_EXC),
            p.reg(1, &tnw::RX_DATA),
            p.reg(1, &tnw::RX_FLOW),
        );
        assert_eq!(tnw::RX_DATA::CRC_ERR.get(data), 1);
        assert_eq!(
            p.reg(0, &tnw::TX_CNT_NAK),
            1,
            "RX_EXC {exc:#x} RX_DATA {data:#x} RX_FLOW {flow:#x}"
        );
        assert_eq!(p.reg(0, &tnw::TX_CNT_RESEND), 1);
        let exc = p.reg(1, &tnw::RX_EXC);
        assert_eq!(
            exc & tnw::RX_EXC::NAK_CRC.mask(),
            tnw::RX_EXC::NAK_CRC.mask(),
            "RX_EXC {exc:#x}"
        );
        // W1C: writing the bit back clears it
        p.set_reg(1, &tnw::RX_EXC, exc);
        assert_eq!(p.reg(1, &tnw::RX_EXC), 0);
        // the packets behind the bad one were dropped by the receiver and resent
        assert!(p.chan[0].stats.words > 0);
    });
}

// verifies: FTNW-L007
#[test]
fn lost_ack_recovered_by_timeout_and_duplicate_reacknowledged() {
    check(
        "lost_ack_recovered_by_timeout_and_duplicate_reacknowledged",
        3,
        |rng| {
            let mut chan = clean(32);
            chan[1].faults.push(Fault::DropCtrl {
                code: tnw::K_ACK,
                n: 4,
            });
            let mut p = pair(chan, rng);
            p.log = Some(vec![]);
            p.queue(0, 5, rng);
            p.drain(20_000);
            p.run(2000);
            assert_eq!(p.host[1].delivered, 5, "no packet delivered twice");
            assert_eq!(
                p.reg(0, &tnw::TX_CNT_RESEND),
                1,
                "the acknowledgement timeout re-entered resend once"
            );
            assert_eq!(p.reg(0, &tnw::TX_CNT_NAK), 0);
            let acks: Vec<u16> = p
                .log
                .take()
                .unwrap()
                .iter()
                .filter(|(_, k, w, _)| *k == 1 && w.c == tnw::C_CONTROL && w.d as u8 == tnw::K_ACK)
                .map(|(_, _, w, _)| (w.d >> 8) as u16)
                .collect();
            assert_eq!(
                acks,
                vec![0, 1, 2, 3, 4, 4],
                "the resent duplicate is acknowledged again"
            );
            assert_eq!(
                p.reg(0, &tnw::TX_CTRL) & tnw::TX_CTRL::TXBUF_NOT_EMPTY.mask(),
                0
            );
        },
    );
}

// verifies: FTNW-L008, FTNW-L066
#[test]
fn buffer_full_refused_with_nak_until_room_frees() {
    check("buffer_full_refused_with_nak_until_room_frees", 4, |rng| {
        let mut p = pair(clean(16), rng);
        p.host[1].rx_ready_rate = 0.0;
        p.queue(0, 20, rng);
        p.run(3000);
        assert_eq!(p.host[1].delivered, 0);
        let flow = p.reg(1, &tnw::RX_FLOW);
        assert!(tnw::RX_FLOW::FULL_REJECT.get(flow) > 0, "RX_FLOW {flow:#x}");
        assert_ne!(p.reg(1, &tnw::RX_EXC) & tnw::RX_EXC::NAK_FULL.mask(), 0);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        let pb = tnw::RX_FIFO_STATUS::PB_NOT_EMPTY.mask()
            | tnw::RX_FIFO_STATUS::PB_HALF.mask()
            | tnw::RX_FIFO_STATUS::PB_FULL.mask();
        assert_eq!(st & pb, pb, "packet buffer not empty, half, full: {st:#x}");
        p.host[1].rx_ready_rate = 0.3;
        p.drain(40_000);
        assert_eq!(p.host[1].delivered, 20);
        assert_eq!(p.reg(1, &tnw::RX_FIFO_STATUS) & pb, 0);
    });
}

/// A VC held back (`rx_vc_ready` bit clear: no credit) keeps its packets in the reception
/// buffer and does not block the other VCs: 5 packets of VC 3 among 60 of VCs 0-2 and 4-7 all
/// of whose packets arrive while VC 3's wait (RX_FIFO_STATUS names VC 3 as waiting); let go,
/// VC 3's arrive in order.
// verifies: FTNW-H014 FTNW-H165
#[test]
fn a_vc_held_back_does_not_block_the_others() {
    check("a_vc_held_back_does_not_block_the_others", 0x4a7, |rng| {
        let mut p = pair(clean(16), rng);
        p.host[1].vc_ready = !(1 << 3);
        let mut held = 0;
        for i in 0..65 {
            let mut pkt = Pkt::random(rng);
            let vc = if i % 13 == 5 {
                3
            } else {
                [0, 1, 2, 4, 5, 6, 7][rng.below(7) as usize]
            };
            held += (vc == 3) as u64;
            pkt.dest = (pkt.dest & !7) | vc;
            p.host[0].to_send.push_back(pkt);
        }
        assert_eq!(held, 5);
        p.run(65 * 40 + 2000);
        assert_eq!(p.host[1].delivered, 60);
        assert!(p.host[0].in_flight.iter().all(|q| q.dest & 7 == 3));
        assert_eq!(p.host[0].in_flight.len(), 5);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(
            tnw::RX_FIFO_STATUS::DESCR_NOT_EMPTY.get(st),
            1 << 3,
            "{st:#x}"
        );
        p.host[1].vc_ready = 0xFF;
        p.drain(5000);
        assert_eq!(p.host[1].delivered, 65);
    });
}

/// TX_CTRL of node `k` read 20 times, 37 cycles apart (a status that changes inside packets).
fn tx_ctrl_samples(p: &mut Pair, k: usize) -> Vec<u32> {
    (0..20)
        .map(|_| {
            p.run(37);
            p.reg(k, &tnw::TX_CTRL)
        })
        .collect()
}

/// `mask` when `on`, else 0.
fn when(on: bool, mask: u32) -> u32 {
    if on {
        mask
    } else {
        0
    }
}

/// Every status bit reads the state it documents, in each state that sets it: TXFIFO empty,
/// holding 1, 7, 8, 62 and 63 packets (not-empty, at-least-8, almost-full at 63 of 64 slots)
/// while txLink is offline; packets in flight and the FSM busy while they go out to a receiver
/// that is offline; the receiver's packet buffer holding 1, 4 and 8 packets of known VCs
/// (not-empty, half, full, the VC bitmap, the delivery FSM) while its host is not ready; and
/// all of it back to idle, with DCM_LOCKED 1 throughout.
// verifies: FTNW-L063, FTNW-L066
#[test]
fn status_bits_read_the_state_they_document() {
    check("status_bits_read_the_state_they_document", 0x57A7, |rng| {
        use tnw::{RX_FIFO_STATUS as RFS, TX_CTRL as TC, TX_EXC as TE};
        let mut p = pair(clean(16), rng);
        let status = TC::DCM_LOCKED.mask()
            | TC::TX_BUSY.mask()
            | TC::TXFIFO_NOT_EMPTY.mask()
            | TC::TXBUF_NOT_EMPTY.mask()
            | TC::RX_BUSY.mask()
            | TC::RXBUF_BUSY.mask()
            | TC::PB_NOT_EMPTY.mask()
            | TC::DESCR_NOT_EMPTY.mask()
            | TC::CRD_NOT_EMPTY.mask();
        let te = TE::TXFIFO_NOT_EMPTY.mask() | TE::TXFIFO_NOT_AE.mask() | TE::TXFIFO_AF.mask();
        let idle = |p: &mut Pair| {
            for k in 0..2 {
                assert_eq!(
                    p.reg(k, &TC) & status,
                    TC::DCM_LOCKED.mask(),
                    "node {k} TX_CTRL idle"
                );
                assert_eq!(p.reg(k, &TE) & te, 0, "node {k} TX_EXC idle");
                assert_eq!(p.reg(k, &RFS), 0, "node {k} RX_FIFO_STATUS idle");
            }
        };
        idle(&mut p);
        // TXFIFO filling while txLink is offline (nothing leaves, nothing in flight)
        p.set_reg(0, &TC, TC::TX_OFFLINE.mask());
        let mut n = 0;
        for add in [1, 6, 1, 54, 1] {
            p.queue(0, add, rng);
            n += add;
            p.run(8 * add as u64 + 20);
            let (c, e) = (p.reg(0, &TC), p.reg(0, &TE));
            assert_eq!(
                c & status,
                TC::DCM_LOCKED.mask() | TC::TXFIFO_NOT_EMPTY.mask(),
                "TX_CTRL {c:#x} with {n} packets in TXFIFO"
            );
            assert_eq!(
                e & te,
                TE::TXFIFO_NOT_EMPTY.mask()
                    | when(n >= 8, TE::TXFIFO_NOT_AE.mask())
                    | when(n >= 63, TE::TXFIFO_AF.mask()),
                "TX_EXC {e:#x} with {n} packets in TXFIFO"
            );
        }
        // online towards a receiver that is offline: packets go out and stay in flight
        p.set_reg(1, &TC, TC::RX_OFFLINE.mask());
        p.set_reg(0, &TC, 0);
        let reads = tx_ctrl_samples(&mut p, 0);
        for c in &reads {
            assert_ne!(
                c & TC::TXBUF_NOT_EMPTY.mask(),
                0,
                "TX_CTRL {c:#x}: packets in flight"
            );
        }
        let busy = reads
            .iter()
            .filter(|&&c| c & TC::TX_BUSY.mask() != 0)
            .count();
        assert!(
            busy >= 15,
            "TX_BUSY in {busy} of 20 reads while sending back to back"
        );
        // the receiver back online: it takes the resent packets back to back
        p.set_reg(1, &TC, 0);
        let rx_busy = tx_ctrl_samples(&mut p, 1)
            .iter()
            .filter(|&&c| c & TC::RX_BUSY.mask() != 0)
            .count();
        assert!(
            rx_busy >= 15,
            "RX_BUSY in {rx_busy} of 20 reads while receiving"
        );
        p.drain(200_000);
        p.run(500);
        idle(&mut p);
        // the receiver's packet buffer filling while its host is not ready
        p.host[1].rx_ready_rate = 0.0;
        let mut vcs = 0u32;
        let mut sent = 0;
        for (add, vc) in [(1, 3), (3, 5), (4, 0)] {
            for _ in 0..add {
                let mut pkt = Pkt::random(rng);
                pkt.dest = (pkt.dest & !7) | vc;
                p.host[0].to_send.push_back(pkt);
            }
            sent += add;
            vcs |= 1 << vc;
            p.run(40 * add as u64 + 200);
            let st = p.reg(1, &RFS);
            assert_eq!(
                st,
                RFS::PB_NOT_EMPTY.mask()
                    | when(sent >= 4, RFS::PB_HALF.mask())
                    | when(sent >= 8, RFS::PB_FULL.mask())
                    | RFS::DESCR_NOT_EMPTY.set(0, vcs),
                "RX_FIFO_STATUS {st:#x} with {sent} packets waiting"
            );
            let c = p.reg(1, &TC);
            assert_eq!(
                c & status,
                TC::DCM_LOCKED.mask() | TC::PB_NOT_EMPTY.mask() | TC::DESCR_NOT_EMPTY.mask(),
                "TX_CTRL {c:#x} with {sent} packets waiting (offered, none taken: no delivery under way)"
            );
        }
        // a slow host: the delivery FSM is busy inside packets
        p.host[1].rx_ready_rate = 0.1;
        let rxbuf_busy = tx_ctrl_samples(&mut p, 1)
            .iter()
            .filter(|&&c| c & TC::RXBUF_BUSY.mask() != 0)
            .count();
        assert!(
            rxbuf_busy >= 15,
            "RXBUF_BUSY in {rxbuf_busy} of 20 reads while delivering"
        );
        p.host[1].rx_ready_rate = 1.0;
        p.drain(20_000);
        p.run(500);
        idle(&mut p);
    });
}

// verifies: FTNW-L011, FTNW-L061
#[test]
fn restart_limit_raises_exception_and_link_recovers() {
    check(
        "restart_limit_raises_exception_and_link_recovers",
        5,
        |rng| {
            let mut p = pair(clean(16), rng);
            p.set_reg(
                0,
                &tnw::TX_EXEN,
                tnw::TX_EXEN::RESTART_LIMIT.set(tnw::TX_EXEN.reset(), 3),
            );
            p.chan[0].forced_down = true;
            p.queue(0, 4, rng);
            p.run(6 * 1100);
            let exc = p.reg(0, &tnw::TX_EXC);
            assert_ne!(exc & tnw::TX_EXC::RESTART_OVF.mask(), 0, "TX_EXC {exc:#x}");
            assert!(
                tnw::TX_EXC::LAST_RESTART_CNT.get(exc) >= 4,
                "TX_EXC {exc:#x}"
            );
            p.chan[0].forced_down = false;
            p.drain(10_000);
            assert_eq!(p.host[1].delivered, 4);
            p.run(100);
            assert_eq!(
                tnw::TX_EXC::LAST_RESTART_CNT.get(p.reg(0, &tnw::TX_EXC)),
                0,
                "progress clears the consecutive count"
            );
        },
    );
}

// verifies: FTNW-L007
#[test]
fn link_down_longer_than_timeout_then_recovery() {
    check("link_down_longer_than_timeout_then_recovery", 6, |rng| {
        let mut p = pair(clean(64), rng);
        p.queue(0, 30, rng);
        p.queue(1, 30, rng);
        p.run(400);
        p.chan[0].forced_down = true;
        p.chan[1].forced_down = true;
        p.run(3000);
        p.chan[0].forced_down = false;
        p.chan[1].forced_down = false;
        p.drain(30_000);
        assert_eq!((p.host[0].delivered, p.host[1].delivered), (30, 30));
        assert!(p.reg(0, &tnw::TX_CNT_RESEND) >= 1);
        assert!(p.reg(1, &tnw::TX_CNT_RESEND) >= 1);
    });
}

// verifies: FTNW-L063, FTNW-L064, FTNW-L067
#[test]
fn offline_and_reset_mid_traffic() {
    check("offline_and_reset_mid_traffic", 7, |rng| {
        let mut p = pair(clean(32), rng);
        p.queue(0, 60, rng);
        p.queue(1, 60, rng);
        p.run(500);
        // txLink offline for a while: nothing lost
        p.set_reg(0, &tnw::TX_CTRL, tnw::TX_CTRL::TX_OFFLINE.mask());
        p.run(800);
        assert_eq!(
            p.reg(0, &tnw::TX_CTRL) & tnw::TX_CTRL::TX_BUSY.mask(),
            0,
            "offline: no packet being sent"
        );
        p.set_reg(0, &tnw::TX_CTRL, 0);
        p.run(500);
        // reset mid-traffic: both ends offline, reset A's TX and B's RX, back online
        p.host[0].inject_rate = 0.0;
        p.run(20);
        p.reset_link(0);
        p.discard_in_flight(0);
        let a = p.reg(0, &tnw::TX_CTRL);
        let b = p.reg(1, &tnw::TX_CTRL);
        assert_ne!(a & tnw::TX_CTRL::TX_RESET_DONE.mask(), 0, "TX_CTRL {a:#x}");
        assert_ne!(b & tnw::TX_CTRL::RX_RESET_DONE.mask(), 0, "TX_CTRL {b:#x}");
        assert_eq!(
            a & (tnw::TX_CTRL::TXFIFO_NOT_EMPTY.mask() | tnw::TX_CTRL::TXBUF_NOT_EMPTY.mask()),
            0,
            "reset flushed: {a:#x}"
        );
        p.set_reg(0, &tnw::TX_CTRL, 0);
        p.set_reg(1, &tnw::TX_CTRL, 0);
        p.host[0].inject_rate = 1.0;
        p.queue(0, 20, rng);
        p.drain(40_000);
        assert_eq!(p.host[0].delivered, 60, "the other direction never stopped");
        assert!(p.host[1].delivered >= 20);
    });
}

// verifies: FTNW-L023, FTNW-L062
#[test]
fn dirty_control_characters_detected_and_counted() {
    check("dirty_control_characters_detected_and_counted", 8, |rng| {
        let mut chan = clean(16);
        chan[1].faults.push(Fault::FlipCtrl {
            code: tnw::K_ACK,
            n: 0,
            mask: 1 << 9,
        });
        chan[1].faults.push(Fault::FlipCtrl {
            code: tnw::K_ACK,
            n: 1,
            mask: 1 << 33,
        });
        chan[1].faults.push(Fault::FlipCtrl {
            code: tnw::K_IDLE,
            n: 3000,
            mask: 1 << 30,
        });
        let mut p = pair(chan, rng);
        p.queue(0, 5, rng);
        p.drain(20_000);
        p.run(3200);
        assert_eq!(p.host[1].delivered, 5);
        let cmd = p.reg(0, &tnw::RX_CMD);
        assert_eq!(
            cmd, 0x0100_0002,
            "RX_CMD {cmd:#x}: two dirty ACKs, one dirty IDLE"
        );
        // counters are RW: software clears them
        p.set_reg(0, &tnw::RX_CMD, 0);
        assert_eq!(p.reg(0, &tnw::RX_CMD), 0);
    });
}

// verifies: FTNW-L053, FTNW-L023
#[test]
fn forced_errors_counted_exactly() {
    check("forced_errors_counted_exactly", 9, |rng| {
        let mut p = pair(clean(16), rng);
        // armed (and read back) until a payload word goes out; disarmed by writing 0
        let both = TB_TXCTRL::BACATXD.mask() | TB_TXCTRL::BACATXC.mask();
        p.set_reg(1, &tnw::TB_TXCTRL, both);
        p.run(100);
        assert_eq!(
            p.reg(1, &tnw::TB_TXCTRL) & both,
            both,
            "armed, no payload sent"
        );
        p.set_reg(1, &tnw::TB_TXCTRL, 0);
        assert_eq!(p.reg(1, &tnw::TB_TXCTRL) & both, 0, "disarmed by software");
        p.queue(0, 400, rng);
        p.run(300);
        for _ in 0..3 {
            p.set_reg(0, &tnw::TB_TXCTRL, tnw::TB_TXCTRL::BACATXD.mask());
            p.run(400);
            assert_eq!(
                p.reg(0, &tnw::TB_TXCTRL) & tnw::TB_TXCTRL::BACATXD.mask(),
                0,
                "BACATXD clears itself once used"
            );
        }
        for _ in 0..2 {
            p.set_reg(0, &tnw::TB_TXCTRL, tnw::TB_TXCTRL::BACATXC.mask());
            p.run(400);
        }
        p.drain(40_000);
        assert_eq!(p.host[1].delivered, 400);
        let d = p.reg(1, &tnw::RX_DATA);
        assert_eq!(tnw::RX_DATA::CRC_ERR.get(d), 3, "RX_DATA {d:#x}");
        assert_eq!(tnw::RX_DATA::DIRTY.get(d), 2, "RX_DATA {d:#x}");
        assert_eq!(p.reg(0, &tnw::TX_CNT_NAK), 5);
    });
}

// verifies: FTNW-L060, FTNW-L065
#[test]
fn bad_register_accesses_answer_err() {
    check("bad_register_accesses_answer_err", 10, |rng| {
        let mut p = pair(clean(8), rng);
        assert_eq!(p.access(0, false, 0x0A0, 0), (0, true), "unmapped");
        assert_eq!(p.access(0, false, 0x402, 0), (0, true), "unaligned");
        assert!(
            p.access(0, true, 0x4F0, 1).1,
            "write to the read-only revision"
        );
        assert_eq!(p.reg(0, &tnw::TNW_REVISION), tnw::REVISION);
        assert_eq!(p.reg(0, &tnw::TX_EXEN), 0x00FF_01FF);
        assert_eq!(p.reg(0, &tnw::RX_EXEN), 0x8FF);
        // reset value of RX_EXC is 3 (PHY faults); the PHY inputs are low here
        let mut q = Pair::native([P, P], clean(8), 1);
        assert_eq!(q.reg(0, &tnw::RX_EXC), 3);
        let off = tnw::TX_CTRL::TX_OFFLINE.mask() | tnw::TX_CTRL::RX_OFFLINE.mask();
        assert_eq!(q.reg(0, &tnw::TX_CTRL) & off, off, "links start offline");
    });
}

fn noisy(ber: f64) -> ChannelCfg {
    ChannelCfg {
        latency: 64,
        ber,
        burst_rate: ber,
        burst_len: (2, 6),
        drop_rate: ber / 10.0,
        dup_rate: ber / 10.0,
        insert_rate: ber / 10.0,
        ctrl_corrupt_rate: ber * 10.0,
        down_rate: ber / 50.0,
        down_len: (100, 1500),
        down_garbage: true,
        faults: vec![],
    }
}

/// Random bidirectional traffic on all 8 VCs through a noisy channel; the scoreboard checks
/// every word, order, loss and duplication.
fn random_traffic(p: &mut Pair, n: usize, rng: &mut Rng) {
    p.online();
    p.host[0].inject_rate = 0.9;
    p.host[1].rx_ready_rate = 0.95;
    p.queue(0, n, rng);
    p.queue(1, n, rng);
    p.drain(n as u64 * 60 + 100_000);
    assert_eq!(
        (p.host[0].delivered, p.host[1].delivered),
        (n as u64, n as u64)
    );
    assert!(p.chan[0].stats.bit_errors > 0 || n < 1000);
    let d = p.reg(1, &tnw::RX_DATA);
    let (naks, resends) = (p.reg(0, &tnw::TX_CNT_NAK), p.reg(0, &tnw::TX_CNT_RESEND));
    eprintln!("{n} packets each way: channel A->B {:?}; B RX_DATA {d:#x}, A NAKs {naks}, A resends {resends}", p.chan[0].stats);
}

// verifies: FTNW-L005, FTNW-L071
#[test]
fn random_bidirectional_traffic_with_faults_native() {
    check(
        "random_bidirectional_traffic_with_faults_native",
        11,
        |rng| {
            let mut p = Pair::native([P, P], [noisy(1e-4), noisy(1e-4)], rng.next_u64());
            random_traffic(&mut p, 1500, rng);
        },
    );
}

/// The same faults with coalesced acknowledgements (RX_ACK: an ACK per 8 packets or after
/// 256 cycles): every packet delivered once, in order, intact, and fewer ACK words on the lines.
// verifies: FTNW-L005, FTNW-L071
#[test]
fn random_bidirectional_traffic_with_faults_and_coalesced_acks() {
    check("random_traffic_coalesced_acks", 0x11C0, |rng| {
        let mut p = Pair::native([P, P], [noisy(1e-4), noisy(1e-4)], rng.next_u64());
        p.coalesce_acks(8, 255);
        assert_eq!(
            p.reg(1, &tnw::RX_ACK),
            tnw::RX_ACK::EVERY.set(0, 8) | tnw::RX_ACK::DELAY.set(0, 255)
        );
        p.log = Some(vec![]);
        random_traffic(&mut p, 600, rng);
        let acks = p
            .log
            .take()
            .unwrap()
            .iter()
            .filter(|(_, k, w, _)| *k == 1 && w.c == tnw::C_CONTROL && w.d as u8 == tnw::K_ACK)
            .count();
        assert!(acks < 240, "{acks} ACK words for 600 packets");
    });
}

// verifies: FTNW-L071
#[test]
fn random_bidirectional_100k_packets_ber_1e5_verilator() {
    if !nicgen_sim::harness::verilator::require(
        "random_bidirectional_100k_packets_ber_1e5_verilator",
    ) {
        return;
    }
    check(
        "random_bidirectional_100k_packets_ber_1e5_verilator",
        12,
        |rng| {
            let mut p = Pair::verilator([P, P], [noisy(1e-5), noisy(1e-5)], rng.next_u64());
            random_traffic(&mut p, 100_000, rng);
        },
    );
}

/// RXSYNC: the peer's clock (this node's PHY clock) `ppm` away; full-rate traffic one way for
/// `cycles`; the IDLE bursts must absorb the difference: no overflow, no error, nothing lost.
fn ppm_run(pa: u64, pb: u64, cycles: u64, rng: &mut Rng, expect_clean: bool) {
    let mut p = Pair::verilator([pa, pb], clean(64), rng.next_u64());
    p.online();
    let n = (cycles / 34) as usize;
    p.queue(0, n, rng);
    p.drain(cycles * 2 * (pa.max(pb) / pa.min(pb) + 1));
    assert_eq!(p.host[1].delivered, n as u64);
    let exc = p.reg(1, &tnw::RX_EXC);
    if expect_clean {
        assert_eq!(
            exc & tnw::RX_EXC::RXSYNC_OVF.mask(),
            0,
            "RXSYNC overflowed: RX_EXC {exc:#x}"
        );
        assert_eq!(
            p.reg(1, &tnw::RX_DATA),
            0,
            "no packet error at {pa} vs {pb} ps"
        );
        assert_eq!(p.reg(0, &tnw::TX_CNT_NAK), 0);
    }
}

// verifies: FTNW-L030, FTNW-L031
#[test]
fn rxsync_absorbs_200ppm_both_ways_over_a_million_cycles() {
    if !nicgen_sim::harness::verilator::require(
        "rxsync_absorbs_200ppm_both_ways_over_a_million_cycles",
    ) {
        return;
    }
    check(
        "rxsync_absorbs_200ppm_both_ways_over_a_million_cycles",
        13,
        |rng| {
            // node A (sender) 200 ppm faster, then 200 ppm slower, than node B
            ppm_run(10_000, 10_002, 1_000_000, rng, true);
            ppm_run(10_002, 10_000, 1_000_000, rng, true);
        },
    );
}

// verifies: FTNW-L032
#[test]
fn rxsync_cdc_stress_at_gross_clock_ratios() {
    if !nicgen_sim::harness::verilator::require("rxsync_cdc_stress_at_gross_clock_ratios") {
        return;
    }
    check("rxsync_cdc_stress_at_gross_clock_ratios", 14, |rng| {
        // receiver 3.3x faster than the words arrive: clean
        ppm_run(10_000, 3_002, 20_000, rng, true);
        // receiver 3.3x slower: RXSYNC must drop words; it reports the overflow, every
        // packet delivered is still exact (scoreboard) and the device keeps answering
        let mut p = Pair::verilator([3_000, 10_000], clean(64), rng.next_u64());
        p.online();
        p.queue(0, 200, rng);
        p.run(60_000);
        let exc = p.reg(1, &tnw::RX_EXC);
        assert_ne!(exc & tnw::RX_EXC::RXSYNC_OVF.mask(), 0, "RX_EXC {exc:#x}");
        assert!(p.host[1].delivered < 200);
        assert_eq!(p.reg(1, &tnw::TNW_REVISION), tnw::REVISION);
    });
}

/// A TX_MDIO_R/W value: PHY register `addr` is {ADDR_HI, unmapped bit, ADDR_LO}.
fn mdio_value(addr: u16, data: u16) -> u32 {
    use tnw::TX_MDIO_W::{ADDR_HI, ADDR_LO, DATA};
    let a = addr as u32;
    let v = ADDR_LO.set(DATA.set(0, data as u32), a & ((1 << ADDR_LO.width) - 1));
    ADDR_HI.set(v, a >> (ADDR_HI.lsb - ADDR_LO.lsb))
}

fn mdio_wait(p: &mut Pair, reg: &Reg) -> u32 {
    for _ in 0..100 {
        let v = p.reg(0, reg);
        if v & tnw::TX_MDIO_R::BUSY.mask() == 0 {
            return v;
        }
        p.run(500);
    }
    panic!("{} stays busy", reg.name);
}

// verifies: FTNW-L040, FTNW-L041
#[test]
fn mdio_frames_bit_exact_against_phy_model() {
    use nicgen_sim::ftnw::mdio_phy::Frame;
    check("mdio_frames_bit_exact_against_phy_model", 15, |rng| {
        let mut p = pair(clean(8), rng);
        p.mdio_on = true;
        let (a1, d1) = (0xC123u16, 0xBEEFu16); // address bit 13 is not mapped: 0
        p.set_reg(0, &tnw::TX_MDIO_W, mdio_value(a1, d1));
        assert_ne!(
            p.reg(0, &tnw::TX_MDIO_W) & tnw::TX_MDIO_W::BUSY.mask(),
            0,
            "busy while the frames go out"
        );
        // a write while busy is ignored
        p.set_reg(0, &tnw::TX_MDIO_R, mdio_value(0x0042, 0));
        mdio_wait(&mut p, &tnw::TX_MDIO_W);
        assert_eq!(p.mdio[0].regs.get(&(tnw::MDIO_DEVAD, a1)), Some(&d1));
        p.mdio[0].regs.insert((tnw::MDIO_DEVAD, 0x0042), 0x5A5A);
        p.set_reg(0, &tnw::TX_MDIO_R, mdio_value(0x0042, 0));
        let r = mdio_wait(&mut p, &tnw::TX_MDIO_R);
        assert_eq!(r & 0xFFFF, 0x5A5A, "TX_MDIO_R {r:#x}");
        assert_eq!(r >> 16, mdio_value(0x0042, 0) >> 16, "address kept");
        let f = |op, data| Frame {
            op,
            prtad: 0,
            devad: tnw::MDIO_DEVAD,
            data,
        };
        assert_eq!(
            p.mdio[0].frames,
            vec![
                f(tnw::MDIO_OP_ADDRESS, a1),
                f(tnw::MDIO_OP_WRITE, d1),
                f(tnw::MDIO_OP_ADDRESS, 0x0042),
                f(tnw::MDIO_OP_READ, 0x5A5A)
            ]
        );
        assert!(
            p.mdio[0].errors.is_empty(),
            "PHY model: {:?}",
            p.mdio[0].errors
        );
        assert!(p.mdio[1].frames.is_empty());
    });
}

// verifies: FTNW-L051, FTNW-L052, FTNW-L054
#[test]
fn tb_ber_campaign_through_registers_only() {
    check("tb_ber_campaign_through_registers_only", 16, |rng| {
        let mut chan = clean(64);
        chan[0].ber = 2e-5;
        let mut p = Pair::native([P, P], chan, rng.next_u64());
        p.online();
        p.host[0].quiet = true;
        p.host[1].quiet = true;
        let (gen_en, pic) = (
            tnw::TB_TXCTRL::DGEN_EN.mask(),
            tnw::TB_TXCTRL::PICSWITCH.mask(),
        );
        let (chk_en, poc) = (
            tnw::TB_RXCTRL::CHKEN.mask(),
            tnw::TB_RXCTRL::POCSWITCH.mask(),
        );
        // pseudo-random endless run on channel 5
        p.set_reg(1, &tnw::TB_RXCTRL, chk_en | poc);
        p.set_reg(
            0,
            &tnw::TB_TXCTRL,
            gen_en | pic | TB_TXCTRL::CHADDR.set(0, 5),
        );
        p.run(8000);
        p.set_reg(0, &tnw::TB_TXCTRL, pic);
        p.run(3000);
        let sent = p.reg(0, &tnw::TB_TXFRAMECNT);
        let got = p.reg(1, &tnw::TB_RXFRAMECNT);
        assert!(sent > 150, "only {sent} frames generated");
        assert_eq!(got, sent, "every generated frame checked");
        assert_eq!(
            p.reg(1, &tnw::TB_RXERRCNT),
            0,
            "the link delivered every item intact"
        );
        assert!(
            tnw::RX_DATA::CRC_ERR.get(p.reg(1, &tnw::RX_DATA)) > 0,
            "the channel did corrupt packets"
        );
        assert_eq!(
            p.host[1].delivered, 0,
            "POCSWITCH kept packets away from the host"
        );
        // sequential one-shot of 5 packets, checked in sequential mode
        p.set_reg(1, &tnw::TB_RXCTRL, 0);
        p.set_reg(
            1,
            &tnw::TB_RXCTRL,
            chk_en | poc | tnw::TB_RXCTRL::CHKFLAG.mask(),
        );
        p.set_reg(
            0,
            &tnw::TB_TXCTRL,
            pic | tnw::TB_TXCTRL::DGEN_FLAG.mask() | TB_TXCTRL::ONESHOTCNT.set(0, 5),
        );
        p.run(2000);
        assert_eq!(p.reg(0, &tnw::TB_TXFRAMECNT), sent + 5);
        assert_eq!(p.reg(1, &tnw::TB_RXFRAMECNT), got + 5);
        assert_eq!(p.reg(1, &tnw::TB_RXERRCNT), 0);
        assert_eq!(
            p.reg(1, &tnw::TB_LASTDATACHECKED),
            5 * 8 - 1,
            "the counter's last item"
        );
        // checker in RND mode against a SEQ one-shot of 3 packets: every item differs
        p.set_reg(1, &tnw::TB_RXCTRL, 0);
        p.set_reg(1, &tnw::TB_RXCTRL, chk_en | poc);
        p.set_reg(
            0,
            &tnw::TB_TXCTRL,
            pic | tnw::TB_TXCTRL::DGEN_FLAG.mask() | TB_TXCTRL::ONESHOTCNT.set(0, 3),
        );
        p.run(2000);
        assert_eq!(p.reg(1, &tnw::TB_RXERRCNT), 3 * 8);
        // CHKEN = 0 clears the error counter
        p.set_reg(1, &tnw::TB_RXCTRL, poc);
        assert_eq!(p.reg(1, &tnw::TB_RXERRCNT), 0);
    });
}

/// DATAGEN's packets reach the peer's host when DATACHK is not switched in: a sequential
/// one-shot of 3 packets on channel CHADDR = 6 arrives with VC 6, the frame number as RAO and
/// the item counter on the four lanes, checked word for word by the host scoreboard.
// verifies: FTNW-L051
#[test]
fn datagen_packets_reach_the_peer_host_on_channel_chaddr() {
    check("datagen_packets_on_chaddr", 0xCADD, |rng| {
        let mut p = pair(clean(16), rng);
        for j in 0..3u16 {
            p.host[0].in_flight.push_back(Pkt {
                dest: (j << 3) | 6,
                data: std::array::from_fn(|w| 8 * j as u32 + (w / 4) as u32),
            });
        }
        p.set_reg(
            0,
            &tnw::TB_TXCTRL,
            TB_TXCTRL::PICSWITCH.mask()
                | TB_TXCTRL::DGEN_FLAG.mask()
                | TB_TXCTRL::CHADDR.set(0, 6)
                | TB_TXCTRL::ONESHOTCNT.set(0, 3),
        );
        p.run(2000);
        assert_eq!(p.host[1].delivered, 3);
        assert_eq!(p.reg(0, &tnw::TB_TXFRAMECNT), 3);
    });
}

// verifies: FTNW-L050
#[test]
fn tb_module_transparent_when_disabled() {
    check("tb_module_transparent_when_disabled", 17, |rng| {
        let mut p = pair(clean(16), rng);
        p.set_reg(
            0,
            &tnw::TB_TXCTRL,
            tnw::TB_TXCTRL::DGEN_FLAG.mask() | TB_TXCTRL::CHADDR.set(0, 2),
        );
        p.set_reg(1, &tnw::TB_RXCTRL, tnw::TB_RXCTRL::CHKFLAG.mask());
        p.queue(0, 30, rng);
        p.drain(10_000);
        assert_eq!(p.host[1].delivered, 30);
        assert_eq!(p.reg(0, &tnw::TB_TXFRAMECNT), 0);
        assert_eq!(p.reg(1, &tnw::TB_RXFRAMECNT), 0);
    });
}

/// A TX reset in the middle of a host packet (3 of its 8 beats taken) discards the partial
/// packet and restarts the framing check: that packet written again whole, and the next, raise
/// no BAD_HEADER and arrive intact.
// verifies: FTNW-L063, FTNW-L061
#[test]
fn tx_reset_mid_packet_restarts_the_framing_check() {
    check("tx_reset_mid_packet_restarts_framing", 0x7F3, |rng| {
        let mut p = pair(clean(16), rng);
        p.queue(0, 2, rng);
        let mut n = 0;
        while p.host[0].item != 3 {
            assert!(n < 1000, "three beats taken");
            p.step();
            n += 1;
        }
        p.host[0].paused = true;
        p.run(4);
        assert_eq!(p.host[0].item, 3);
        p.set_reg(0, &tnw::TX_CTRL, tnw::TX_CTRL::TX_RESET.mask());
        p.run(20);
        p.discard_in_flight(0);
        p.set_reg(0, &tnw::TX_CTRL, tnw::TX_CTRL::TX_RESET_DONE.mask());
        p.host[0].paused = false;
        p.drain(20_000);
        assert_eq!(p.host[1].delivered, 2);
        let exc = p.reg(0, &tnw::TX_EXC);
        assert_eq!(exc & tnw::TX_EXC::BAD_HEADER.mask(), 0, "TX_EXC {exc:#x}");
    });
}

/// A packet written without `first` on its first beat (a framing error on the `tx` packet
/// port) raises TX_EXC.BAD_HEADER; the link still sends the 8 beats as a packet (TXFIFO counts
/// beats), so nothing behind it is lost or shifted.
// verifies: FTNW-L061
#[test]
fn tx_framing_error_raises_bad_header_and_traffic_continues() {
    check("tx_framing_error_raises_bad_header", 0x7F2, |rng| {
        let mut p = pair(clean(16), rng);
        p.queue(0, 6, rng);
        p.drain(10_000);
        assert_eq!(
            p.reg(0, &tnw::TX_EXC) & tnw::TX_EXC::BAD_HEADER.mask(),
            0,
            "clean frames"
        );
        p.host[0].bad_frames = 1;
        p.queue(0, 6, rng);
        p.drain(10_000);
        assert_eq!(p.host[1].delivered, 12);
        let exc = p.reg(0, &tnw::TX_EXC);
        assert_ne!(exc & tnw::TX_EXC::BAD_HEADER.mask(), 0, "TX_EXC {exc:#x}");
        p.set_reg(0, &tnw::TX_EXC, tnw::TX_EXC::BAD_HEADER.mask());
        p.queue(0, 6, rng);
        p.drain(10_000);
        assert_eq!(
            p.reg(0, &tnw::TX_EXC) & tnw::TX_EXC::BAD_HEADER.mask(),
            0,
            "cleared, clean again"
        );
    });
}

/// Every register of the link map reads, after reset, exactly the value `docs/registers.md`
/// prints (the map's reset values), on the native model and on the Verilator model.
// verifies: FTNW-L060, FTNW-L063
#[test]
fn every_register_reads_its_documented_reset_value() {
    let models: Vec<Pair> = [Some(Pair::native([P, P], clean(16), 7)), verilated_pair()]
        .into_iter()
        .flatten()
        .collect();
    for mut p in models {
        for r in tnw::TNW_LINK_REGS.regs {
            for k in 0..2 {
                assert_eq!(p.reg(k, r), r.reset(), "node {k}: {} after reset", r.name);
            }
        }
    }
}

/// A reset after faulty traffic returns every register to its documented reset value: the
/// faults first move every RX_CMD lane (a dirty ACK, NAK, RESTART and IDLE), the CRC
/// counters, NAKs and resends, then software sets every counter field, so a counter or flag
/// that a reset missed shows here.
// verifies: FTNW-L060, FTNW-L062
#[test]
fn reset_after_faulty_traffic_restores_every_documented_value() {
    check("reset_after_faulty_traffic", 0x2E5E, |rng| {
        let mut chan = clean(16);
        // node 1 -> node 0: one dirty control word of each kind (the IDLE long after the
        // traffic, outside any packet); both ways: payload bits flipped (CRC errors, NAKs)
        for (code, n, bit) in [
            (tnw::K_ACK, 0, 9),
            (tnw::K_NAK, 0, 12),
            (tnw::K_RESTART, 0, 12),
            (tnw::K_IDLE, 3000, 30),
        ] {
            chan[1].faults.push(Fault::FlipCtrl {
                code,
                n,
                mask: 1 << bit,
            });
        }
        // (the first NAK node 1 sends is the dirty one above: a second CRC error for a clean NAK)
        for (c, n) in [(0, 300), (0, 1500), (1, 300)] {
            chan[c].faults.push(Fault::FlipData { n, mask: 1 << 5 });
        }
        let mut p = pair(chan, rng);
        // one way, then the other, so the dirty ACK arrives between packets
        p.queue(0, 100, rng);
        p.drain(100_000);
        p.queue(1, 100, rng);
        p.drain(100_000);
        p.run(4000);
        let cmd = p.reg(0, &tnw::RX_CMD);
        assert!(
            cmd.to_le_bytes().iter().all(|&b| b != 0),
            "node 0: RX_CMD {cmd:#x} counts a dirty word of every kind"
        );
        for k in 0..2 {
            assert_ne!(p.reg(k, &tnw::RX_DATA), 0, "node {k}: RX_DATA");
            assert_ne!(p.reg(k, &tnw::TX_CNT_NAK), 0, "node {k}: TX_CNT_NAK");
        }
        // every counter the traffic did not reach is moved by software (they are writable)
        use tnw::{RX_CMD, RX_DATA, RX_FLOW, RX_RXH, TX_CNT_NAK, TX_CNT_RESEND, TX_EXC};
        for r in [
            &RX_CMD,
            &RX_DATA,
            &RX_FLOW,
            &RX_RXH,
            &TX_CNT_NAK,
            &TX_CNT_RESEND,
            &TX_EXC,
        ] {
            let m = r.mask(Access::RWH);
            for k in 0..2 {
                let v = p.reg(k, r);
                p.set_reg(k, r, v | m);
                assert_eq!(p.reg(k, r) & m, m, "node {k}: {} counters written", r.name);
            }
        }
        let moved: Vec<&str> = tnw::TNW_LINK_REGS
            .regs
            .iter()
            .filter(|r| (0..2).any(|k| p.reg(k, r) != r.reset()))
            .map(|r| r.name)
            .collect();
        p.reset_all();
        for r in tnw::TNW_LINK_REGS.regs {
            for k in 0..2 {
                assert_eq!(
                    p.reg(k, r),
                    r.reset(),
                    "node {k}: {} after a reset (moved before it: {moved:?})",
                    r.name
                );
            }
        }
    });
}

/// The Verilator pair, or None (after a loud SKIPPED) without Verilator.
fn verilated_pair() -> Option<Pair> {
    nicgen_sim::harness::verilator::require("the link's reset values in Verilator")
        .then(|| Pair::verilator([P, P], clean(16), 7))
}

/// Data received while rxLink is offline is dropped and sets RX_EXC.RX_OFFLINE_DATA; a host
/// write while txLink is offline sets TX_EXC.OFFLINE_WRITE. Each raises its interrupt while
/// enabled in RX_EXEN / TX_EXEN, not when disabled, and the interrupt falls when the bit is
/// cleared.
// verifies: FTNW-L068, FTNW-L069
#[test]
fn offline_traffic_is_flagged_and_interrupts_follow_the_enables() {
    check("offline_traffic_flagged_interrupts", 0x1F2, |rng| {
        let mut p = pair(clean(16), rng);
        use tnw::{RX_EXC, RX_EXEN, TX_CTRL, TX_EXC, TX_EXEN};
        // the power-up PHY fault bits (RX_EXC resets to 3) are cleared first
        let power_up = p.reg(1, &RX_EXC);
        p.set_reg(1, &RX_EXC, power_up);
        assert_eq!(p.irq(1), (false, false));
        // node 1's receiver offline: node 0's packets are dropped there and flagged
        p.set_reg(1, &TX_CTRL, TX_CTRL::RX_OFFLINE.mask());
        p.queue(0, 2, rng);
        p.run(400);
        assert_eq!(p.host[1].delivered, 0, "nothing delivered while offline");
        assert_ne!(p.reg(1, &RX_EXC) & RX_EXC::RX_OFFLINE_DATA.mask(), 0);
        // RX_EXEN resets to 0x8FF: bit 8 (RX_OFFLINE_DATA) is not enabled, so no interrupt
        assert_eq!(RX_EXEN.reset() & RX_EXC::RX_OFFLINE_DATA.mask(), 0);
        assert!(!p.irq(1).0, "a disabled exception raises no interrupt");
        let with = RX_EXEN.reset() | RX_EXC::RX_OFFLINE_DATA.mask();
        p.set_reg(1, &RX_EXEN, with);
        assert!(p.irq(1).0, "enabled: the interrupt is raised");
        p.set_reg(1, &RX_EXEN, RX_EXEN.reset());
        assert!(!p.irq(1).0, "disabled again: it falls");
        p.set_reg(1, &RX_EXEN, with);
        // the sender stops (offline), then the bit is cleared: the interrupt falls
        p.set_reg(0, &TX_CTRL, TX_CTRL::TX_OFFLINE.mask());
        p.run(100);
        p.set_reg(1, &RX_EXC, RX_EXC::RX_OFFLINE_DATA.mask());
        assert_eq!(p.reg(1, &RX_EXC), 0);
        assert!(!p.irq(1).0, "cleared: the interrupt falls");
        // the packets come through once both are back online (the sender resends)
        p.set_reg(0, &TX_CTRL, 0);
        p.set_reg(1, &TX_CTRL, 0);
        p.drain(20_000);
        assert_eq!(p.host[1].delivered, 2);
        // node 0's transmitter offline with a packet written: OFFLINE_WRITE and irq_tx
        assert!(!p.irq(0).1);
        p.set_reg(0, &TX_CTRL, TX_CTRL::TX_OFFLINE.mask());
        p.queue(0, 1, rng);
        p.run(200);
        assert_ne!(p.reg(0, &TX_EXC) & TX_EXC::OFFLINE_WRITE.mask(), 0);
        assert!(p.irq(0).1);
        p.set_reg(0, &TX_EXEN, TX_EXEN.reset() & !TX_EXC::OFFLINE_WRITE.mask());
        assert!(!p.irq(0).1);
        p.set_reg(0, &TX_CTRL, 0);
        p.drain(20_000);
        assert_eq!(
            p.host[1].delivered, 3,
            "the packet written while offline is sent when online"
        );
    });
}

/// Stop means stop on the link (TX_CTRL.TX_OFFLINE and TX_RESET; docs/spec-decisions.md, FTNW
/// A.2 REG2): endpoint 0 streams to endpoint 1; TX_OFFLINE is written at a random moment, most
/// often inside a packet. From the first edge after the write completes, every word endpoint 0
/// puts on the wire is IDLE (each checked as it leaves: the packet under way is cut, no
/// feedback, no RESTART); back online, every packet arrives once and in order (the cut one
/// resent after RESTART). Then, offline, TX_RESET flushes what the TX holds (its peer's RX
/// reset too, the documented procedure): none of those packets reaches the peer, only the ones
/// queued after. Equal clocks and clocks 400 ppm apart either way (the link runs both ends at
/// one nominal rate); native and Verilated.
fn tx_stop_at_the_write(backend: Backend, rng: &mut Rng) {
    for periods in [[P, P], [9_998, 10_002], [10_002, 9_998]] {
        let ratio = periods[1] as f64 / periods[0] as f64;
        let mut p = Pair::pair(backend, periods, clean(16), rng.next_u64());
        p.online();
        p.log = Some(vec![]);
        p.queue(0, 200, rng);
        p.run(300 + rng.below(400));
        p.set_reg(0, &tnw::TX_CTRL, tnw::TX_CTRL::TX_OFFLINE.mask());
        let from = p.log.as_ref().unwrap().len();
        p.run(600);
        let sent: Vec<_> = p.log.as_ref().unwrap()[from..]
            .iter()
            .filter(|e| e.1 == 0)
            .collect();
        assert!(
            sent.len() >= 590,
            "ratio {ratio}: words logged {}",
            sent.len()
        );
        for &&(cycle, _, w, _) in &sent {
            assert_eq!(
                w,
                Word::idle(),
                "ratio {ratio}: a word left endpoint 0 at cycle {cycle}, after TX_OFFLINE was written"
            );
        }
        let d0 = p.host[1].delivered;
        p.set_reg(0, &tnw::TX_CTRL, 0);
        p.run(2000);
        assert!(
            p.host[1].delivered > d0,
            "ratio {ratio}: nothing delivered after going online"
        );
        // flush: both ends offline, TX reset on 0, RX reset on 1
        // (the host finishes the packet it is handing over first)
        p.host[0].inject_rate = 0.0;
        for _ in 0..100 {
            if p.host[0].item == 0 {
                break;
            }
            p.run(10);
        }
        assert_eq!(p.host[0].item, 0);
        p.reset_link(0);
        let flushed = p.host[0].in_flight.len();
        assert!(
            flushed > 0,
            "ratio {ratio}: the reset found nothing to flush"
        );
        // a flushed packet delivered now fails the scoreboard (sent by nobody)
        p.discard_in_flight(0);
        p.host[0].to_send.clear();
        let before = p.host[1].delivered;
        p.set_reg(0, &tnw::TX_CTRL, 0);
        p.set_reg(1, &tnw::TX_CTRL, 0);
        p.host[0].inject_rate = 1.0;
        p.queue(0, 20, rng);
        p.drain(40_000);
        assert_eq!(
            p.host[1].delivered - before,
            20,
            "ratio {ratio}: only the packets queued after the reset"
        );
    }
}

// verifies: FTNW-L063 FTNW-L064
#[test]
fn tx_offline_and_reset_stop_at_the_write_native() {
    check("tx_offline_and_reset_stop_native", 0x5709, |rng| {
        tx_stop_at_the_write(Backend::Native, rng)
    });
}

#[test]
fn tx_offline_and_reset_stop_at_the_write_verilator() {
    if !verilator::require("tnw_link in Verilator") {
        return;
    }
    check("tx_offline_and_reset_stop_verilator", 0x570A, |rng| {
        tx_stop_at_the_write(Backend::Verilator, rng)
    });
}

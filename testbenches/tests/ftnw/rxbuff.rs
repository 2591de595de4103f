//! RXBUFF end to end (thesis §2.4.4, App. A.1): two `tnw_port`s back to back, the receiver's
//! packets written into host memory against credits. The network's scoreboard checks every
//! host write against the reference (`nicgen_sim::ftnw::rxbuff::RxbRef`: each packet at its
//! credited address with its payload, in order within its VC, each notification right after its
//! message's last packet); host memory fails the test on any write outside an allocated buffer.

use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::net::{Net, Pkt};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_wire::ftnw::link as tnw;
use nicgen_wire::ftnw::rxbuff as rxb;

const P: u64 = 4000;

fn ports(rng: &mut Rng) -> Net {
    let c = ChannelCfg {
        latency: 16,
        ..Default::default()
    };
    let mut p = Net::port_pair(Backend::Native, [P, P], [c.clone(), c], rng.next_u64());
    p.online();
    p
}

/// A message of `n` packets on `vc`: RAO 0..n, random payload.
fn message(vc: u16, n: usize, rng: &mut Rng) -> Vec<Pkt> {
    (0..n)
        .map(|rao| {
            let mut pkt = Pkt::random(rng);
            pkt.dest = ((rao as u16) << 3) | vc;
            pkt
        })
        .collect()
}

/// Receive buffers for every VC at endpoint k: `packets` x 128 bytes of data and one 64-byte
/// notification line each; returns (data base, notify base) per VC.
fn buffers(p: &mut Net, k: usize, packets: usize) -> Vec<(u64, u64)> {
    (0..8)
        .map(|vc| {
            let data = p.alloc(k, packets * 128, 128);
            let ntf = p.alloc(k, 64, 64);
            p.set_bases(k, vc, data as u32, ntf as u32);
            (data, ntf)
        })
        .collect()
}

/// Random messages on random VCs: (vc, credit offset C_D, packets).
fn plan(rng: &mut Rng, messages: usize, max_len: usize) -> Vec<(usize, u32, usize)> {
    let mut next = [0u32; 8];
    (0..messages)
        .map(|_| {
            let vc = rng.below(8) as usize;
            let n = 1 + rng.below(max_len as u64) as usize;
            let c_d = next[vc];
            next[vc] += n as u32;
            (vc, c_d, n)
        })
        .collect()
}

/// Run `plan` from endpoint 0 to endpoint 1 with the credits issued before the packets are sent
/// (`credit_first`) or after they have arrived; returns endpoint 1's host memory: every VC's
/// data buffer and notification line.
fn deliver(rng: &mut Rng, plan: &[(usize, u32, usize)], credit_first: bool) -> Vec<Vec<u8>> {
    let mut p = ports(rng);
    let bufs = buffers(&mut p, 1, 64);
    let mut prng = Rng::new(7);
    let msgs: Vec<Vec<Pkt>> = plan
        .iter()
        .map(|&(vc, _, n)| message(vc as u16, n, &mut prng))
        .collect();
    let credits = |p: &mut Net| {
        for (nid, &(vc, c_d, n)) in plan.iter().enumerate() {
            p.credit(1, vc, c_d, n as u32, nid as u32 % 16);
        }
    };
    if credit_first {
        credits(&mut p);
    }
    for m in &msgs {
        p.host[0].to_send.extend(m.iter().cloned());
    }
    if !credit_first {
        // everything sent and held in the receiver's packet buffer, nothing written yet
        p.run(3000);
        assert!(p.host[0].to_send.is_empty());
        assert_eq!(p.mem[1].as_ref().unwrap().log().len(), 0);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_ne!(tnw::RX_FIFO_STATUS::PB_NOT_EMPTY.get(st), 0);
        credits(&mut p);
    }
    p.drain(20_000);
    p.run(200);
    assert_eq!(p.rxb[1].notified, plan.len() as u64);
    assert!(p.rxb[1].due.is_none());
    let mut image = vec![];
    for (data, ntf) in bufs {
        image.push(p.host_read(1, data, 64 * 128));
        image.push(p.host_read(1, ntf, 64));
    }
    // the payload of each message at its credit's offset, and its notification slot
    for (nid, (&(vc, c_d, _), m)) in plan.iter().zip(&msgs).enumerate() {
        for (rao, pkt) in m.iter().enumerate() {
            let at = (c_d as usize + rao) * 128;
            let got: Vec<u32> = image[2 * vc][at..at + 128]
                .chunks(4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                .collect();
            assert_eq!(
                got,
                pkt.data.to_vec(),
                "VC {vc} message at {c_d} packet {rao}"
            );
        }
        let slot = 4 * (nid % 16);
        let note = u32::from_le_bytes(image[2 * vc + 1][slot..slot + 4].try_into().unwrap());
        assert_eq!(note, rxb::POLLMAGIC, "VC {vc} notification {nid}");
    }
    image
}

/// Messages on all VCs land at `CRDBAR + (C_D + RAO) x 128` of their credits, in credit order
/// per VC, each notified after its last packet; credits issued before the packets are sent and
/// after they arrived give the same host memory (FTNW-H020). Eight packets: what the packet
/// buffer holds without a credit.
// verifies: FTNW-H003 FTNW-H004 FTNW-H005 FTNW-H008 FTNW-H009 FTNW-H010 FTNW-H016 FTNW-H017 FTNW-H018 FTNW-H019 FTNW-H020 FTNW-H021 FTNW-H111
#[test]
fn credits_before_or_after_the_packets_give_the_same_memory() {
    check("credits_before_or_after", 0x6b1, |rng| {
        let plan = vec![(0, 0, 2), (3, 5, 1), (0, 2, 1), (7, 0, 3), (3, 6, 1)];
        let mut r2 = Rng::new(rng.next_u64());
        let a = deliver(&mut r2.clone(), &plan, true);
        let b = deliver(&mut r2, &plan, false);
        assert!(a == b, "host memory differs between the credit orders");
    });
}

/// Many messages of 1-12 packets on random VCs, all credited first: every packet and
/// notification checked by the scoreboard.
// verifies: FTNW-H005 FTNW-H016 FTNW-H017 FTNW-H018
#[test]
fn random_messages_on_all_vcs_are_written_and_notified() {
    check("random_messages_on_all_vcs", 0x6b2, |rng| {
        let plan = plan(rng, 40, 12);
        deliver(rng, &plan, true);
    });
}

/// A VC without credit holds its packets back; the other VCs keep flowing (FTNW-H014). Then its
/// credit comes and they are written in order.
// verifies: FTNW-H014 FTNW-H020
#[test]
fn a_vc_without_credit_leaves_the_others_flowing() {
    check("a_vc_without_credit", 0x6b3, |rng| {
        let mut p = ports(rng);
        buffers(&mut p, 1, 64);
        let starved = message(5, 4, rng);
        p.host[0].to_send.extend(starved.iter().cloned());
        for vc in [0u16, 1, 2, 3, 4, 6, 7] {
            p.credit(1, vc as usize, 0, 10, vc as u32);
            p.host[0].to_send.extend(message(vc, 10, rng));
        }
        p.run(80 * 40);
        assert_eq!(p.rxb[1].notified, 7, "the 7 credited messages are complete");
        assert_eq!(p.host[0].in_flight.len(), 4);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(tnw::RX_FIFO_STATUS::DESCR_NOT_EMPTY.get(st), 1 << 5);
        p.credit(1, 5, 0, 4, 15);
        p.drain(5000);
        p.run(100);
        assert_eq!(p.rxb[1].notified, 8);
    });
}

/// With no credit the packet buffer fills (8 packets) and the link refuses further packets with
/// NAK "buffer full" (RX_FLOW.FULL_REJECT, RX_EXC.NAK_FULL); a credit drains the buffer and the
/// refused packets arrive intact and in order (FTNW-H007, H013).
// verifies: FTNW-H007 FTNW-H013
#[test]
fn buffer_full_naks_until_a_credit_drains_it() {
    check("buffer_full_naks_until_a_credit", 0x6b4, |rng| {
        let mut p = ports(rng);
        buffers(&mut p, 1, 64);
        p.host[0].to_send.extend(message(2, 20, rng));
        p.run(3000);
        let flow = p.reg(1, &tnw::RX_FLOW);
        assert!(tnw::RX_FLOW::FULL_REJECT.get(flow) > 0, "RX_FLOW {flow:#x}");
        assert_ne!(p.reg(1, &tnw::RX_EXC) & tnw::RX_EXC::NAK_FULL.mask(), 0);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_ne!(tnw::RX_FIFO_STATUS::PB_FULL.get(st), 0, "{st:#x}");
        assert_eq!(p.host[1].delivered, 0);
        p.credit(1, 2, 0, 20, 3);
        p.drain(20_000);
        p.run(100);
        assert_eq!(p.host[1].delivered, 20);
        assert_eq!(p.rxb[1].notified, 1);
    });
}

/// RX_EXC of endpoint 1 and clear it.
fn take_exc(p: &mut Net) -> u32 {
    let e = p.reg(1, &tnw::RX_EXC);
    p.set_reg(1, &tnw::RX_EXC, e);
    e & !(tnw::RX_EXC::RX_FAULT_P.mask() | tnw::RX_EXC::RX_FAULT_R.mask())
}

/// RXBUFF's registers after reset (A.1): both bases 0xffffffff, a credit FIFO reads 0, no
/// credit anywhere; and a credit of size 0 or into a full FIFO is dropped with its RX_EXC bit
/// (FTNW-H027, H028): 16 credits queue behind the one in use (CRD_FULL), the next overruns,
/// and exactly the 17 accepted are delivered, each notified.
// verifies: FTNW-H022 FTNW-H023 FTNW-H024 FTNW-H025 FTNW-H027 FTNW-H028 FTNW-H034 FTNW-H163
#[test]
fn credit_size_zero_and_overrun_are_dropped_with_their_exception() {
    check("credit_size_zero_and_overrun", 0x6b5, |rng| {
        let mut p = ports(rng);
        for vc in 0..8 {
            assert_eq!(p.reg(1, &rxb::NTFBAR[vc]), 0xffff_ffff);
            assert_eq!(p.reg(1, &rxb::CRDBAR[vc]), 0xffff_ffff);
            assert_eq!(p.reg(1, &rxb::CRDFIFO[vc]), 0);
        }
        assert_eq!(p.reg(1, &tnw::RX_FIFO_STATUS), 0);
        buffers(&mut p, 1, 64);
        assert_eq!(take_exc(&mut p), 0);
        // size 0: dropped
        p.set_reg(1, &rxb::CRDFIFO[4], rxb::credit(0, 0, 1));
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::CRD_SIZE0.mask());
        assert_eq!(p.reg(1, &tnw::RX_FIFO_STATUS), 0);
        // 17 credits fit (the one in use and 16 queued), the 18th overruns
        for i in 0..17 {
            p.credit(1, 4, i, 1, i % 16);
        }
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(tnw::RX_FIFO_STATUS::CRD_NOT_EMPTY.get(st), 1 << 4);
        assert_eq!(tnw::RX_FIFO_STATUS::CRD_FULL.get(st), 1 << 4);
        assert_eq!(take_exc(&mut p), 0);
        assert_eq!(p.irq(1).0, false);
        p.set_reg(1, &rxb::CRDFIFO[4], rxb::credit(17, 1, 1));
        assert_eq!(
            p.irq(1).0,
            true,
            "CRD_OVERRUN is enabled in RX_EXEN by default"
        );
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::CRD_OVERRUN.mask());
        // 18 one-packet messages sent: 17 land, the 18th waits for a credit
        for _ in 0..18 {
            p.host[0].to_send.extend(message(4, 1, rng));
        }
        p.run(18 * 60 + 500);
        assert_eq!(p.rxb[1].notified, 17);
        assert_eq!(p.host[0].in_flight.len(), 1);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(tnw::RX_FIFO_STATUS::CRD_NOT_EMPTY.get(st), 0);
        assert_eq!(tnw::RX_FIFO_STATUS::DESCR_NOT_EMPTY.get(st), 1 << 4);
        p.credit(1, 4, 17, 1, 1);
        p.drain(2000);
        p.run(100);
        assert_eq!(p.rxb[1].notified, 18);
        assert_eq!(take_exc(&mut p), 0);
    });
}

/// A base register written while its VC is in use (a credit held) is refused with RX_EXC
/// CBA_BUSY / NBA_BUSY and keeps its value; once the VC's credits are used up it is written
/// (FTNW-H029, H030).
// verifies: FTNW-H029 FTNW-H030
#[test]
fn bases_written_while_in_use_are_refused() {
    check("bases_written_while_in_use", 0x6b6, |rng| {
        let mut p = ports(rng);
        let bufs = buffers(&mut p, 1, 64);
        p.credit(1, 3, 0, 2, 5);
        p.set_reg(1, &rxb::CRDBAR[3], 0x2000_0000);
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::CBA_BUSY.mask());
        assert_eq!(p.reg(1, &rxb::CRDBAR[3]), bufs[3].0 as u32);
        p.set_reg(1, &rxb::NTFBAR[3], 0x2000_0000);
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::NBA_BUSY.mask());
        assert_eq!(p.reg(1, &rxb::NTFBAR[3]), bufs[3].1 as u32);
        // other VCs are not in use
        p.set_bases(1, 2, bufs[2].0 as u32, bufs[2].1 as u32);
        assert_eq!(take_exc(&mut p), 0);
        p.host[0].to_send.extend(message(3, 2, rng));
        p.drain(2000);
        p.run(100);
        assert_eq!(p.rxb[1].notified, 1);
        // used up: the bases may move
        let data = p.alloc(1, 4 * 128, 128);
        p.set_bases(1, 3, data as u32, bufs[3].1 as u32);
        assert_eq!(take_exc(&mut p), 0);
        assert_eq!(p.reg(1, &rxb::CRDBAR[3]), data as u32);
    });
}

/// A data address that would carry into bit 32 (RX_EXC.RCBA_CARRY, FTNW-H032) writes nothing:
/// the packet is dropped, counted against its credit, and the message is notified with
/// POLLMAGIC_ERR; so is a credit used while CRDBAR still holds its reset value (FTNW-H035). A
/// notify base with bits 5:0 set (RNBA_LSB, FTNW-H033) writes the data but no notification. A
/// packet whose RAO is not below its credit's SIZE (RAO_RANGE, A29) is reported and written.
// verifies: FTNW-H032 FTNW-H033 FTNW-H035
#[test]
fn bad_addresses_write_nothing_outside_the_buffers() {
    check("bad_addresses_write_nothing", 0x6b7, |rng| {
        let mut p = ports(rng);
        let bufs = buffers(&mut p, 1, 8);
        p.check_writes = false;
        // VC 6: CRDBAR 0xffffff80, C_D 1: 0x1_0000_0000
        p.set_reg(1, &rxb::CRDBAR[6], 0xffff_ff80);
        p.credit(1, 6, 1, 1, 2);
        p.host[0].to_send.extend(message(6, 1, rng));
        p.run(600);
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::RCBA_CARRY.mask());
        let log = p.mem[1].as_ref().unwrap().log().to_vec();
        assert_eq!(log.len(), 1, "only the notification: {log:x?}");
        assert_eq!(log[0].addr, bufs[6].1 + 8);
        assert_eq!(log[0].words, vec![rxb::POLLMAGIC_ERR]);
        // VC 1 left at its reset CRDBAR
        p.set_reg(1, &rxb::CRDBAR[1], 0xffff_ffff);
        p.credit(1, 1, 0, 1, 0);
        p.host[0].to_send.extend(message(1, 1, rng));
        p.run(600);
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::RCBA_CARRY.mask());
        let log = p.mem[1].as_ref().unwrap().log().to_vec();
        assert_eq!(log.len(), 2);
        assert_eq!(log[1].addr, bufs[1].1);
        assert_eq!(log[1].words, vec![rxb::POLLMAGIC_ERR]);
        p.host[0].in_flight.clear();
        // VC 2: notify base with a low bit set
        p.set_reg(1, &rxb::NTFBAR[2], bufs[2].1 as u32 | 4);
        p.credit(1, 2, 0, 1, 0);
        let m = message(2, 1, rng);
        p.host[0].to_send.extend(m.iter().cloned());
        p.run(600);
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::RNBA_LSB.mask());
        let log = p.mem[1].as_ref().unwrap().log().to_vec();
        assert_eq!(log.len(), 3, "the data, no notification");
        assert_eq!(
            (log[2].addr, &log[2].words[..]),
            (bufs[2].0, &m[0].data[..])
        );
        // VC 5: RAO 3 under a credit of SIZE 1
        p.credit(1, 5, 2, 1, 1);
        let mut pkt = message(5, 1, rng).remove(0);
        pkt.dest = (3 << 3) | 5;
        p.host[0].to_send.push_back(pkt.clone());
        p.run(600);
        assert_eq!(take_exc(&mut p), tnw::RX_EXC::RAO_RANGE.mask());
        let log = p.mem[1].as_ref().unwrap().log().to_vec();
        assert_eq!(log.len(), 5);
        assert_eq!(
            (log[3].addr, &log[3].words[..]),
            (bufs[5].0 + 5 * 128, &pkt.data[..])
        );
        assert_eq!(
            (log[4].addr, &log[4].words[..]),
            (bufs[5].1 + 4, &[rxb::POLLMAGIC][..])
        );
        assert!(p.mem[1].as_ref().unwrap().srv_ref().violations.is_empty());
    });
}

/// RX_CTRL (ambiguity A7): while CRD_HOLD is 1 no packet starts (credits still queue); while
/// CRD_RESET is 1 the credit FIFOs are empty and credit writes are ignored (no overrun).
// verifies: FTNW-H026
#[test]
fn credit_hold_and_reset_levels() {
    check("credit_hold_and_reset", 0x6b8, |rng| {
        let mut p = ports(rng);
        buffers(&mut p, 1, 64);
        p.set_reg(1, &tnw::RX_CTRL, tnw::RX_CTRL::CRD_HOLD.mask());
        p.credit(1, 0, 0, 2, 0);
        p.host[0].to_send.extend(message(0, 2, rng));
        p.run(1500);
        assert_eq!(p.host[1].delivered, 0);
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(tnw::RX_FIFO_STATUS::DESCR_NOT_EMPTY.get(st), 1);
        assert_eq!(tnw::RX_FIFO_STATUS::CRD_NOT_EMPTY.get(st), 1);
        p.set_reg(1, &tnw::RX_CTRL, 0);
        p.drain(2000);
        p.run(100);
        assert_eq!(p.rxb[1].notified, 1);
        // three credits queued, then CRD_RESET: gone, and writes while it is 1 are ignored
        for i in 0..3 {
            p.set_reg(1, &rxb::CRDFIFO[7], rxb::credit(i, 1, i));
        }
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(tnw::RX_FIFO_STATUS::CRD_NOT_EMPTY.get(st), 1 << 7);
        p.set_reg(1, &tnw::RX_CTRL, tnw::RX_CTRL::CRD_RESET.mask());
        for i in 0..20 {
            p.set_reg(1, &rxb::CRDFIFO[7], rxb::credit(i, 1, 0));
        }
        let st = p.reg(1, &tnw::RX_FIFO_STATUS);
        assert_eq!(tnw::RX_FIFO_STATUS::CRD_NOT_EMPTY.get(st), 0);
        p.set_reg(1, &tnw::RX_CTRL, 0);
        assert_eq!(take_exc(&mut p), 0);
        // no credit on VC 7: a packet waits
        p.host[0].to_send.extend(message(7, 1, rng));
        p.run(800);
        assert_eq!(p.host[1].delivered, 2);
        p.credit(1, 7, 0, 1, 9);
        p.drain(1000);
        p.run(100);
        assert_eq!(p.rxb[1].notified, 2);
    });
}

/// An RXLINK reset in the middle of a packet's host write: the write is completed with zeros so
/// the host port's framing holds, the message is notified with POLLMAGIC_ERR, no POC error is
/// raised, nothing is written outside the buffers, and after both ends are reset the port
/// delivers the next message normally.
// verifies: FTNW-H012 FTNW-H171
#[test]
fn rx_reset_mid_write_pads_it_and_reports_the_message_lost() {
    check("rx_reset_mid_write", 0x6b9, |rng| {
        let mut p = ports(rng);
        let bufs = buffers(&mut p, 1, 8);
        p.check_writes = false;
        p.mem[1].as_mut().unwrap().set_ready_rate(0.03);
        p.credit(1, 0, 0, 1, 4);
        let m = message(0, 1, rng);
        p.host[0].to_send.extend(m.iter().cloned());
        let mut n = 0;
        while p.reg(1, &tnw::TX_CTRL) & tnw::TX_CTRL::RXBUF_BUSY.mask() == 0 {
            assert!(n < 200, "the delivery never started");
            n += 1;
        }
        p.run(100);
        p.set_reg(
            0,
            &tnw::TX_CTRL,
            tnw::TX_CTRL::TX_OFFLINE.mask() | tnw::TX_CTRL::TX_RESET.mask(),
        );
        p.set_reg(
            1,
            &tnw::TX_CTRL,
            tnw::TX_CTRL::RX_OFFLINE.mask() | tnw::TX_CTRL::RX_RESET.mask(),
        );
        p.discard_in_flight(0);
        p.mem[1].as_mut().unwrap().set_ready_rate(1.0);
        p.run(200);
        let log = p.mem[1].as_ref().unwrap().log().to_vec();
        assert_eq!(log.len(), 2, "{log:x?}");
        assert_eq!(log[0].addr, bufs[0].0);
        let got = &log[0].words;
        let k = got.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
        assert!(
            k > 0 && k < 32,
            "some words before the reset, zeros after: {got:x?}"
        );
        assert_eq!(&got[..k], &m[0].data[..k]);
        assert_eq!(
            (log[1].addr, &log[1].words[..]),
            (bufs[0].1 + 16, &[rxb::POLLMAGIC_ERR][..])
        );
        let exc = take_exc(&mut p);
        let poc = tnw::RX_EXC::POC_DONE.mask() | tnw::RX_EXC::POC_FIRST.mask();
        assert_eq!(exc & poc, 0, "RX_EXC {exc:#x}");
        // both ends back: the next message arrives whole
        p.set_reg(0, &tnw::TX_CTRL, 0);
        p.set_reg(1, &tnw::TX_CTRL, 0);
        p.credit(1, 0, 1, 2, 5);
        let m2 = message(0, 2, rng);
        p.host[0].to_send.extend(m2.iter().cloned());
        p.run(1000);
        let log = p.mem[1].as_ref().unwrap().log().to_vec();
        assert_eq!(log.len(), 5, "{log:x?}");
        assert_eq!(
            (log[2].addr, &log[2].words[..]),
            (bufs[0].0 + 128, &m2[0].data[..])
        );
        assert_eq!(
            (log[3].addr, &log[3].words[..]),
            (bufs[0].0 + 256, &m2[1].data[..])
        );
        assert_eq!(
            (log[4].addr, &log[4].words[..]),
            (bufs[0].1 + 20, &[rxb::POLLMAGIC][..])
        );
    });
}

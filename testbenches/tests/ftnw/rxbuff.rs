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
        assert_eq!(p.mem[1].as_ref().unwrap().log.len(), 0);
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
// verifies: FTNW-H005 FTNW-H015 FTNW-H016 FTNW-H017 FTNW-H018
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

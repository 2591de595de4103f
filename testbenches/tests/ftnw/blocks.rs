//! TXLINK and RXLINK alone, word by word against the wire crate (`nicgen_wire::ftnw::link`): what
//! TXLINK puts on the PHY for given injections and feedback, and what RXLINK delivers, asks
//! for (ACK/NAK, with its cause) and passes on for given words. The link-level tests
//! (tnw_link.rs) check the two together over a channel; these pin each block's own contract.

use nicgen_hdl::ftnw::codec::{class_byte, LINK_SEQ_BITS};
use nicgen_hdl::ftnw::rx_link::{RxConfig, RxLink, RxLinkDefault};
use nicgen_hdl::ftnw::tx_link::{TxConfig, TxLink, TxLinkDefault};
use nicgen_sim::ftnw::net::Pkt;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use nicgen_wire::ftnw::link::{self as tnw, Ctrl, NakCause, Word, PAYLOAD_WORDS};
use rust_hdl::prelude::*;
use std::collections::VecDeque;

// ---------------------------------------------------------------- TXLINK

struct Tx {
    b: Bench<TxLinkDefault>,
    /// Items still to inject: (lanes, dest).
    items: VecDeque<([u32; 4], u64)>,
    /// Every word on the PHY, one per cycle.
    wire: Vec<Word>,
    resends: u32,
}

impl Tx {
    fn new(cfg: TxConfig) -> Tx {
        let mut b = Bench::new(TxLink::new(cfg), |u: &mut TxLinkDefault, c| {
            u.clock.next = Clock { clk: c }
        });
        b.uut.reset.next = true;
        b.uut.restart_limit.next = 255.into();
        b.ticks(2);
        b.uut.reset.next = false;
        // online from reset: no RESTART first (that comes when going online from offline)
        Tx {
            b,
            items: VecDeque::new(),
            wire: Vec::new(),
            resends: 0,
        }
    }
    fn inject(&mut self, p: &Pkt) {
        for i in 0..8 {
            self.items.push_back((p.lanes(i), p.dest as u64));
        }
    }
    /// One cycle: offer the head item, an optional local feedback request and peer feedback.
    fn cycle_with(&mut self, fb: Option<(bool, u16)>, peer: Option<(bool, u16)>) {
        let u = &mut self.b.uut;
        let head = self.items.front().copied();
        u.inj_valid.next = head.is_some();
        let (lanes, dest) = head.unwrap_or(([0; 4], 0));
        for l in 0..4 {
            u.inj_data[l].next = (lanes[l] as u64).into();
        }
        u.inj_dest.next = dest.into();
        u.fb_req.next = fb.is_some();
        u.fb_nak.next = fb.map_or(false, |f| f.0);
        u.fb_seq.next = (fb.map_or(0, |f| f.1) as u64).into();
        u.peer_fb.next = peer.is_some();
        u.peer_nak.next = peer.map_or(false, |f| f.0);
        u.peer_seq.next = (peer.map_or(0, |f| f.1) as u64).into();
        self.b.settle();
        let took = self.b.uut.inj_valid.val() && self.b.uut.inj_ready.val();
        self.resends += self.b.uut.ev_resend.val() as u32;
        self.b.tick();
        if took {
            self.items.pop_front();
        }
        self.wire.push(Word {
            d: self.b.uut.txd.val().to_u32(),
            c: self.b.uut.txc.val().to_u32() as u8,
        });
    }
    fn cycle(&mut self) {
        self.cycle_with(None, None)
    }
    fn run(&mut self, n: usize) {
        for _ in 0..n {
            self.cycle();
        }
    }
    /// The words sent, IDLEs left out.
    fn sent(&self) -> Vec<Word> {
        self.wire
            .iter()
            .copied()
            .filter(|w| *w != Word::idle())
            .collect()
    }
    fn inflight(&self) -> u32 {
        self.b.uut.inflight.val().to_u32()
    }
}

fn restart() -> Word {
    Word::control(Ctrl::Restart, 0)
}

/// Equal word sequences, or a panic naming the first difference (not two thousand words).
fn same(got: &[Word], want: &[Word], what: &str) {
    if let Some(i) = (0..got.len().max(want.len())).find(|&i| got.get(i) != want.get(i)) {
        panic!(
            "{what}: word {i} of {} (want {}): got {:x?}, want {:x?}",
            got.len(),
            want.len(),
            got.get(i),
            want.get(i)
        );
    }
}

/// The words of packets `pkts` sent with sequence numbers from `first`.
fn stream(pkts: &[Pkt], first: usize) -> Vec<Word> {
    pkts.iter()
        .enumerate()
        .flat_map(|(k, p)| p.words((first + k) as u16))
        .collect()
}

// verifies: FTNW-L001, FTNW-L020, FTNW-L021, FTNW-L022
#[test]
fn tx_sends_header_payload_and_crc_back_to_back() {
    check(
        "tx_sends_header_payload_and_crc_back_to_back",
        0x7101,
        |rng| {
            let mut tx = Tx::new(TxConfig::default());
            let pkts: Vec<Pkt> = (0..5).map(|_| Pkt::random(rng)).collect();
            for p in &pkts {
                tx.inject(p);
            }
            tx.run(5 * 34 + 20);
            same(&tx.sent(), &stream(&pkts, 0), "exact words on the PHY");
            // no gap between packets: the 5 packets occupy 170 consecutive cycles
            let first = tx.wire.iter().position(|w| w.c == tnw::C_HEADER).unwrap();
            assert!(
                tx.wire[first..first + 170]
                    .iter()
                    .all(|w| *w != Word::idle()),
                "a gap between packets"
            );
            assert_eq!(
                tx.inflight(),
                5,
                "all five kept in the resend buffer until acknowledged"
            );
            // ACK(3) frees 0..=3
            tx.cycle_with(None, Some((false, 3)));
            tx.run(2);
            assert_eq!(tx.inflight(), 1);
        },
    );
}

// verifies: FTNW-L010
#[test]
fn tx_local_feedback_goes_between_two_words_of_a_packet() {
    check(
        "tx_local_feedback_goes_between_two_words_of_a_packet",
        0x7102,
        |rng| {
            let mut tx = Tx::new(TxConfig::default());
            let p = Pkt::random(rng);
            tx.inject(&p);
            tx.run(12); // inside the payload
            tx.cycle_with(Some((false, 0x5A)), None);
            tx.run(6);
            tx.cycle_with(Some((true, 0x33)), None);
            tx.run(40);
            let sent = tx.sent();
            let ack = sent
                .iter()
                .position(|w| *w == Word::control(Ctrl::Ack, 0x5A))
                .expect("ACK 0x5A sent");
            let nak = sent
                .iter()
                .position(|w| *w == Word::control(Ctrl::Nak, 0x33))
                .expect("NAK 0x33 sent");
            let first = sent.iter().position(|w| w.c == tnw::C_HEADER).unwrap();
            assert!(
                first < ack && ack < nak && nak < first + 36,
                "feedback inside the packet: header {first}, ack {ack}, nak {nak}"
            );
            // with the feedback taken out, the packet is intact (CRC included)
            let rest: Vec<Word> = sent
                .iter()
                .copied()
                .filter(|w| w.c != tnw::C_CONTROL)
                .collect();
            same(&rest, &p.words(0), "the packet around the feedback");
        },
    );
}

// verifies: FTNW-L004
#[test]
fn tx_nak_sends_restart_then_goes_back_n() {
    check("tx_nak_sends_restart_then_goes_back_n", 0x7103, |rng| {
        let mut tx = Tx::new(TxConfig::default());
        let pkts: Vec<Pkt> = (0..4).map(|_| Pkt::random(rng)).collect();
        for p in &pkts {
            tx.inject(p);
        }
        tx.run(4 * 34 + 10);
        let before = tx.sent().len();
        // NAK(1): 0 is acknowledged, 1.. are resent after a RESTART
        tx.cycle_with(None, Some((true, 1)));
        tx.run(3 * 34 + 10);
        let mut want = vec![restart()];
        want.extend(stream(&pkts[1..], 1));
        same(
            &tx.sent()[before..],
            &want,
            "RESTART then packets 1, 2, 3 again",
        );
        assert_eq!(tx.resends, 1);
        assert_eq!(tx.inflight(), 3);
    });
}

// verifies: FTNW-L004
#[test]
fn tx_nak_cuts_the_packet_being_sent() {
    check("tx_nak_cuts_the_packet_being_sent", 0x7104, |rng| {
        let mut tx = Tx::new(TxConfig::default());
        let pkts: Vec<Pkt> = (0..3).map(|_| Pkt::random(rng)).collect();
        for p in &pkts {
            tx.inject(p);
        }
        tx.run(34 + 10); // packet 1 under way
        tx.cycle_with(None, Some((true, 0)));
        tx.run(3 * 34 + 20);
        let sent = tx.sent();
        let r = sent.iter().rposition(|w| *w == restart()).unwrap();
        let mut want = vec![restart()];
        want.extend(stream(&pkts, 0));
        same(&sent[r..], &want, "after the RESTART: 0, 1, 2 in order");
        // packet 1 was cut: its header went out once before the RESTART, its CRC never
        let hdr1 = pkts[1].words(1)[0];
        assert_eq!(sent[..r].iter().filter(|w| **w == hdr1).count(), 1);
        assert!(
            sent[..r].len() < 2 * 34 + 1,
            "the cut packet did not run to its end"
        );
    });
}

// verifies: FTNW-L007
#[test]
fn tx_ack_timeout_resends_without_feedback() {
    check("tx_ack_timeout_resends_without_feedback", 0x7105, |rng| {
        let cfg = TxConfig {
            ack_timeout: 100,
            ..Default::default()
        };
        let mut tx = Tx::new(cfg);
        let pkts: Vec<Pkt> = (0..2).map(|_| Pkt::random(rng)).collect();
        for p in &pkts {
            tx.inject(p);
        }
        tx.run(2 * 34 + 2);
        assert_eq!(tx.resends, 0);
        let idle_start = tx.wire.len();
        tx.run(120);
        assert_eq!(tx.resends, 1, "one timeout");
        let r = tx.wire[idle_start..]
            .iter()
            .position(|w| *w == restart())
            .unwrap();
        // the timer runs while packets are in flight: from the end of packet 0 (cycle 34) for
        // ack_timeout = 100 cycles, so the RESTART comes ~65 cycles into the silence at cycle 70
        assert!(
            (60..=75).contains(&r),
            "RESTART {r} cycles into the silence"
        );
        tx.run(2 * 34);
        let sent = tx.sent();
        // the first RESTART (with no progress, the timer fires again later)
        let k = sent.iter().position(|w| *w == restart()).unwrap();
        let mut want = vec![restart()];
        want.extend(stream(&pkts, 0));
        same(&sent[k..k + want.len()], &want, "resent after the timeout");
    });
}

/// Acknowledgements overtake a resend: after a timeout TX resends from packet 0; an ACK for
/// packet 2 arrives while packet 0 goes out again, so the next packet sent is 3 (with its own
/// destination), not 1 or 2.
// verifies: FTNW-L007
#[test]
fn tx_acks_overtaking_a_resend_skip_to_the_first_unacknowledged() {
    check("tx_acks_overtaking_a_resend", 0x7108, |rng| {
        let mut tx = Tx::new(TxConfig {
            ack_timeout: 100,
            ..Default::default()
        });
        let pkts: Vec<Pkt> = (0..4)
            .map(|v| {
                let mut p = Pkt::random(rng);
                p.dest = (p.dest & !7) | v; // four different destinations
                p
            })
            .collect();
        for p in &pkts {
            tx.inject(p);
        }
        let mut n = 0;
        while tx.wire.last() != Some(&restart()) {
            assert!(n < 1000, "the acknowledgement timeout fires");
            tx.cycle();
            n += 1;
        }
        let r = tx.wire.len() - 1;
        tx.run(10);
        tx.cycle_with(None, Some((false, 2)));
        tx.run(80);
        let mut want = pkts[0].words(0);
        want.extend(pkts[3].words(3));
        let after: Vec<Word> = tx.wire[r + 1..]
            .iter()
            .copied()
            .filter(|w| *w != Word::idle())
            .collect();
        same(&after[..want.len()], &want, "packet 0 again, then packet 3");
    });
}

/// Feedback overtaking a resend at every cycle of it: after NAK(0) starts a resend, an ACK(k)
/// or a second NAK(k) comes 0-79 cycles later, with or without a local feedback word holding a
/// packet boundary around it. From the word decided two cycles after its strobe (registered on
/// entry, then `ack` moves) no packet it covers (up to k for an ACK, below k for a NAK) is sent
/// again, and after the last RESTART every packet from the first one not covered is sent once,
/// whole and in order. (TXLINK tells "acknowledgements overtook a resend" from a register
/// computed a cycle ahead from the next values its pointers can take: this sweeps the cycles
/// at which `ack` and `send` move together or apart.)
// verifies: FTNW-L007
#[test]
fn tx_feedback_overtaking_a_resend_at_any_cycle() {
    check(
        "tx_feedback_overtaking_a_resend_at_any_cycle",
        0x710A,
        |rng| {
            const N: usize = 5;
            let pkts: Vec<Pkt> = (0..N).map(|_| Pkt::random(rng)).collect();
            let cases = (0..3u16)
                .map(|k| (false, k))
                .chain((1..4u16).map(|k| (true, k)));
            for (nak, k) in cases {
                // the first packet the feedback does not cover
                let first = if nak { k } else { k + 1 };
                for off in 0..80usize {
                    for hold in [None, Some(-1i64), Some(0), Some(1), Some(2)] {
                        let kind = if nak { "NAK" } else { "ACK" };
                        let what = format!(
                            "{kind}({k}) {off} cycles after NAK(0), local feedback {hold:?}"
                        );
                        let mut tx = Tx::new(TxConfig::default());
                        for p in &pkts {
                            tx.inject(p);
                        }
                        tx.run(N * tnw::PACKET_WORDS + 10);
                        let t_nak = tx.wire.len();
                        let t_fb2 = t_nak + 1 + off;
                        let t_local = hold.map(|h| (t_fb2 as i64 + h) as usize);
                        while tx.wire.len() < t_nak + (N + 2) * tnw::PACKET_WORDS + 20 {
                            let now = tx.wire.len();
                            let peer = if now == t_nak {
                                Some((true, 0))
                            } else {
                                (now == t_fb2).then_some((nak, k))
                            };
                            let local = (Some(now) == t_local).then_some((false, 0u16));
                            tx.cycle_with(local, peer);
                        }
                        let heads: Vec<(usize, u16)> =
                            headers(&tx).into_iter().filter(|h| h.0 >= t_nak).collect();
                        for &(i, s) in &heads {
                            assert!(
                                i < t_fb2 + 2 || s >= first,
                                "{what}: packet {s} sent at {i}, after the feedback took effect"
                            );
                        }
                        // after the last RESTART: the packets, feedback words and IDLEs left out
                        let r = tx.wire.iter().rposition(|w| *w == restart()).unwrap();
                        assert!(r >= t_nak, "{what}: no RESTART after the NAK");
                        let words: Vec<Word> = tx.wire[r + 1..]
                            .iter()
                            .copied()
                            .filter(|w| !matches!(tnw::decode(*w, 8), tnw::Decoded::Ctrl(..)))
                            .collect();
                        let seqs: Vec<u16> =
                            heads.iter().filter(|h| h.0 > r).map(|h| h.1).collect();
                        assert!(
                            seqs.windows(2).all(|w| w[0] < w[1])
                                && seqs.last() == Some(&(N as u16 - 1))
                                && (first..N as u16).all(|s| seqs.contains(&s)),
                            "{what}: packets sent after the last RESTART {seqs:?}"
                        );
                        let want: Vec<Word> = seqs
                            .iter()
                            .flat_map(|&s| pkts[s as usize].words(s))
                            .collect();
                        same(&words, &want, &what);
                    }
                }
            }
        },
    );
}

/// Run `tx` until `until` cycles are on the wire, offering its queued items and the peer
/// feedback `fb` (at its cycles); the cycles whose edges took an item are added to `takes`.
fn run_taking(tx: &mut Tx, until: usize, fb: &[(usize, (bool, u16))], takes: &mut Vec<usize>) {
    while tx.wire.len() < until {
        let i = tx.wire.len();
        let before = tx.items.len();
        let peer = fb.iter().find(|f| f.0 == i).map(|f| f.1);
        tx.cycle_with(None, peer);
        if tx.items.len() < before {
            takes.push(i);
        }
    }
}

/// The headers on the wire: (cycle, sequence number).
fn headers(tx: &Tx) -> Vec<(usize, u16)> {
    tx.wire
        .iter()
        .enumerate()
        .filter_map(|(i, w)| match tnw::decode(*w, 8) {
            tnw::Decoded::Header(h) => Some((i, h.seq)),
            _ => None,
        })
        .collect()
}

/// A header leaves in the first cycle it can: right behind the word before it (a CRC word or
/// a RESTART), or, after IDLEs, exactly `L` cycles after its packet's last item was taken
/// (`L` as an idle TXLINK shows). The last packet's last item is taken at every cycle of a
/// window around: packet 0's header and CRC word (`fill` moving while `send` stays or moves
/// on); the RESTART answering a NAK of packet 0, sent or being sent (`send` moving to `ack`);
/// the cycle in which acknowledgements that overtook a resend send `send` to `ack`, which is
/// `fill` (`send` moving to `ack` while `fill` moves). Those are the cases of the look-ahead
/// `send != fill` (`sf_r`), where a wrong case sends every word right, one cycle late.
// verifies: FTNW-L001, FTNW-L004
#[test]
fn tx_a_header_leaves_in_the_first_cycle_it_can() {
    check(
        "tx_a_header_leaves_in_the_first_cycle_it_can",
        0x710B,
        |rng| {
            let pkts: Vec<Pkt> = (0..3).map(|_| Pkt::random(rng)).collect();
            let lat = {
                let mut tx = Tx::new(TxConfig::default());
                let mut takes = vec![];
                tx.inject(&pkts[0]);
                run_taking(&mut tx, 60, &[], &mut takes);
                headers(&tx)[0].0 - takes[7]
            };
            // `wire[i]` is `txd` after the edge of cycle i: the header is on the wire from the
            // second edge after the one that took the last item (`tx_latency_cycles` 2)
            assert_eq!(lat, 1, "an idle TXLINK's header latency");
            let pw = tnw::PACKET_WORDS;
            let nak = |s: u16, t: usize| (t, (true, s));
            let ack = |s: u16, t: usize| (t, (false, s));
            // (packets offered from cycle 0, peer feedback, the window of cycles from which
            // the last packet is offered)
            type Fb = Vec<(usize, (bool, u16))>;
            let scenarios: Vec<(usize, Fb, std::ops::Range<usize>, bool)> = vec![
                (1, vec![], 0..2 * pw + 12, false),
                // NAK(0) while packet 1 is sent (a cut) or after it
                (1, vec![nak(0, 2 * pw)], 0..3 * pw, false),
                (1, vec![nak(0, 3 * pw)], 2 * pw..4 * pw, false),
                // packets 0 and 1 resent from a NAK(0); ACK(1) arrives during packet 0's
                // resend, and `send` jumps to `ack` = `fill` after it
                (
                    2,
                    vec![nak(0, 3 * pw), ack(1, 3 * pw + 10)],
                    3 * pw..5 * pw,
                    true,
                ),
            ];
            for (first, fb, window, jump) in scenarios {
                let n = first + 1;
                for start in window.clone() {
                    let what =
                        format!("packet {first} offered from cycle {start}, feedback {fb:?}");
                    let mut tx = Tx::new(TxConfig::default());
                    let mut takes = vec![];
                    for p in &pkts[..first] {
                        tx.inject(p);
                    }
                    run_taking(&mut tx, start, &fb, &mut takes);
                    tx.inject(&pkts[first]);
                    run_taking(&mut tx, start + (n + 3) * pw + 20, &fb, &mut takes);
                    assert_eq!(takes.len(), 8 * n, "{what}: every item taken");
                    // the cycle of each packet's last item
                    let last: Vec<usize> = (0..n).map(|k| takes[8 * k + 7]).collect();
                    let hs = headers(&tx);
                    for &(i, s) in &hs {
                        if tx.wire[i - 1] == Word::idle() {
                            // the cycle of a jump sends nothing: one IDLE behind the resent
                            // packet's CRC word is not a late header
                            let prev = tx.wire[..i].iter().rposition(|w| *w != Word::idle());
                            let want = match (jump, prev) {
                                (true, Some(p)) => (last[s as usize] + lat).max(p + 2),
                                _ => last[s as usize] + lat,
                            };
                            assert_eq!(
                                i, want,
                                "{what}: header of packet {s} at {i} after an IDLE (headers \
                                 {hs:?}, last items taken at {last:?})"
                            );
                        }
                    }
                    assert_eq!(
                        tx.wire.contains(&restart()),
                        !fb.is_empty(),
                        "{what}: a RESTART answers the NAK"
                    );
                    // every packet sent, the last one last
                    let seqs: Vec<u16> = hs.iter().map(|h| h.1).collect();
                    assert!(
                        (0..n as u16).all(|k| seqs.contains(&k))
                            && seqs.last() == Some(&(first as u16)),
                        "{what}: packets sent {seqs:?}"
                    );
                }
            }
        },
    );
}

/// A TX reset restarts the IDLE-burst count: after 100 packets and a reset, the first burst of
/// IDLEs comes after the 256th packet sent since the reset, not the 156th.
// verifies: FTNW-L063
#[test]
fn tx_reset_restarts_the_idle_burst_count() {
    check("tx_reset_restarts_the_idle_burst_count", 0x7109, |rng| {
        let mut tx = Tx::new(TxConfig::default());
        let pkts: Vec<Pkt> = (0..300).map(|_| Pkt::random(rng)).collect();
        for p in &pkts[..100] {
            tx.inject(p);
        }
        tx.run(words_per(100) as usize + 20);
        tx.b.uut.reset.next = true;
        tx.run(2);
        tx.b.uut.reset.next = false;
        tx.items.clear();
        let start = tx.wire.len();
        // acknowledge as we go so the resend buffer never fills
        for p in &pkts {
            tx.inject(p);
        }
        let mut acked = 0u16;
        while tx.wire.len() < start + words_per(300) as usize + 200 {
            let hdrs = tx.wire[start..]
                .iter()
                .filter(|w| w.c == tnw::C_HEADER)
                .count() as u16;
            if hdrs > acked + 1 {
                acked = hdrs - 1;
                tx.cycle_with(None, Some((false, (acked - 1) & 0xff)));
            } else {
                tx.cycle();
            }
        }
        let w = &tx.wire[start..];
        let first_burst = (0..w.len() - 4)
            .find(|&i| i > 0 && w[i - 1].c == 0 && (0..4).all(|k| w[i + k] == Word::idle()))
            .expect("an IDLE burst");
        let before = w[..first_burst]
            .iter()
            .filter(|x| x.c == tnw::C_HEADER)
            .count();
        assert_eq!(
            before, 256,
            "packets before the first burst after the reset"
        );
    });
}

/// The acknowledgement timeout to the cycle: with one packet in flight and no feedback, the
/// RESTART leaves exactly `ack_timeout + 2` words after the packet's CRC word (the packet is
/// in flight from the cycle after its CRC word; the timer counts 0..=ack_timeout, then the
/// RESTART goes through the output register).
// verifies: FTNW-L007
#[test]
fn tx_ack_timeout_fires_on_the_exact_cycle() {
    check("tx_ack_timeout_fires_on_the_exact_cycle", 0x7107, |rng| {
        for ack_timeout in [64, 100, 1024] {
            let mut tx = Tx::new(TxConfig {
                ack_timeout,
                ..Default::default()
            });
            let p = Pkt::random(rng);
            tx.inject(&p);
            tx.run(ack_timeout as usize + 80);
            let w = p.words(0);
            let h = tx.wire.iter().position(|x| *x == w[0]).unwrap();
            same(&tx.wire[h..h + w.len()], &w, "the packet");
            let crc = h + w.len() - 1;
            let r = tx.wire.iter().position(|x| *x == restart()).unwrap();
            assert_eq!(
                r - crc,
                ack_timeout as usize + 2,
                "RESTART after the CRC word, ack_timeout {ack_timeout}"
            );
            assert!(tx.wire[crc + 1..r].iter().all(|x| *x == Word::idle()));
        }
    });
}

/// The consecutive-restart count (RESTART_CNT, against RESTART_LIMIT) counts the RESTARTs since
/// the last acknowledgement progress. Two timeouts give 2; an ACK then clears them whatever its
/// cycle relative to the third timeout's RESTART, which counts 1 if it came after the ACK; the
/// old count + 1 (3) is never left.
// verifies: FTNW-L011
#[test]
fn tx_progress_clears_earlier_restarts_whatever_its_cycle() {
    check("tx_progress_clears_earlier_restarts", 0x710a, |rng| {
        let cfg = TxConfig {
            ack_timeout: 64,
            ..Default::default()
        };
        let pkts: Vec<Pkt> = (0..2).map(|_| Pkt::random(rng)).collect();
        let start = |pkts: &[Pkt]| {
            let mut tx = Tx::new(cfg);
            for p in pkts {
                tx.inject(p);
            }
            tx
        };
        let restarts = |w: &[Word]| w.iter().filter(|x| **x == restart()).count();
        // the third RESTART's cycle without feedback
        let mut tx = start(&pkts);
        while restarts(&tx.wire) < 3 {
            assert!(tx.wire.len() < 2000, "the acknowledgement timeout fires");
            tx.cycle();
        }
        let third = tx.wire.len() - 1;
        for at in third - 8..=third + 6 {
            let mut tx = start(&pkts);
            tx.run(at);
            // the count follows a RESTART on the wire by two cycles
            let before = if at >= third + 2 { 3 } else { 2 };
            assert_eq!(
                tx.b.uut.restart_cnt.val().to_u32(),
                before,
                "ACK at {at}: before"
            );
            tx.cycle_with(None, Some((false, 0))); // ACK 0: packet 1 stays in flight
            tx.run(12);
            assert_eq!(restarts(&tx.wire), 3, "ACK at {at}: one RESTART in the run");
            assert_eq!(tx.inflight(), 1);
            // an ACK two or more cycles before the RESTART on the wire is progress before it:
            // that RESTART starts a new run (1); a later ACK clears all three (0)
            let want = if at + 2 <= third { 1 } else { 0 };
            assert_eq!(
                tx.b.uut.restart_cnt.val().to_u32(),
                want,
                "ACK at {at}, third RESTART at {third}"
            );
        }
    });
}

// verifies: FTNW-L006
#[test]
fn tx_full_buffer_backpressures_until_acked() {
    check("tx_full_buffer_backpressures_until_acked", 0x7106, |rng| {
        let mut tx = Tx::new(TxConfig {
            ack_timeout: 30_000,
            ..Default::default()
        });
        let pkts: Vec<Pkt> = (0..70).map(|_| Pkt::random(rng)).collect();
        for p in &pkts {
            tx.inject(p);
        }
        tx.run(64 * 34 + 50);
        assert_eq!(tx.items.len(), 6 * 8, "64 slots filled, 6 packets wait");
        assert_eq!(tx.inflight(), 64);
        assert!(tx.b.uut.ev_buf_full.val());
        tx.cycle_with(None, Some((false, 9)));
        tx.run(6 * 34 + 40);
        assert!(tx.items.is_empty(), "room freed by ACK(9) takes the rest");
        // the last item of the last free slot after a pause (the registered ready counts the
        // item written in its cycle, not one that might be): taken without an ACK
        let mut t2 = Tx::new(TxConfig {
            ack_timeout: 30_000,
            ..Default::default()
        });
        for p in &pkts[..64] {
            t2.inject(p);
        }
        let last = t2.items.pop_back().unwrap();
        t2.run(64 * 8 + 20);
        assert!(t2.items.is_empty(), "511 items taken");
        t2.items.push_back(last);
        t2.run(64 * 34 + 50);
        assert!(t2.items.is_empty(), "the 512th item taken after the pause");
        assert_eq!(t2.inflight(), 64);
        assert!(t2.b.uut.ev_buf_full.val());
        same(
            &tx.sent(),
            &stream(&pkts, 0),
            "70 packets, sequence numbers 0..69, in order",
        );
    });
}

// ---------------------------------------------------------------- RXLINK

#[derive(Default, Debug, Clone, PartialEq)]
struct Fb {
    nak: bool,
    seq: u32,
    cause: u32,
}

struct Rx {
    b: Bench<RxLinkDefault>,
    /// Cycles run.
    now: u64,
    /// The cycle of each feedback request.
    fb_at: Vec<u64>,
    /// Feedback asked of the local TXLINK, in order.
    fb: Vec<Fb>,
    /// Peer feedback passed on: (nak, seq).
    peer: Vec<(bool, u32)>,
    /// Delivered packets: (dest, payload).
    out: Vec<(u64, Vec<u32>)>,
    cur: Vec<u32>,
    ready: bool,
    /// `out_dest` announced by `out_next` last cycle: the packet offered now must carry it.
    announced: Option<u64>,
    /// The first word was offered last cycle and not taken.
    first_offered: bool,
    /// Per VC, the packets of other VCs picked while it was eligible (a packet held and
    /// `vc_ready`) without a break; the most seen (FTNW-H015, checked at every pick).
    waits: [u32; 8],
    pub worst_wait: u32,
}

impl Rx {
    fn new(cfg: RxConfig) -> Rx {
        let mut b = Bench::new(RxLink::new(cfg), |u: &mut RxLinkDefault, c| {
            u.clock.next = Clock { clk: c }
        });
        b.uut.reset.next = true;
        // RX_ACK's reset values: an ACK per packet
        b.uut.ack_every.next = 1.into();
        b.uut.ack_delay.next = 255.into();
        b.uut.vc_ready.next = 0xFF.into();
        b.ticks(2);
        b.uut.reset.next = false;
        Rx {
            b,
            now: 0,
            fb_at: Vec::new(),
            fb: Vec::new(),
            peer: Vec::new(),
            out: Vec::new(),
            cur: Vec::new(),
            ready: true,
            announced: None,
            first_offered: false,
            waits: [0; 8],
            worst_wait: 0,
        }
    }
    fn cycle(&mut self, w: Option<Word>) {
        let u = &mut self.b.uut;
        u.rxv.next = w.is_some();
        let w = w.unwrap_or(Word::idle());
        u.rxd.next = (w.d as u64).into();
        // RXSYNC's decoder classifies the word before RXLINK
        u.rxf.next = class_byte(w, LINK_SEQ_BITS as u32).into();
        u.out_ready.next = self.ready;
        self.b.settle();
        let u = &self.b.uut;
        if u.fb_req.val() {
            self.fb_at.push(self.now);
            self.fb.push(Fb {
                nak: u.fb_nak.val(),
                seq: u.fb_seq.val().to_u32(),
                cause: u.nak_cause.val().to_u32(),
            });
        } else {
            assert_eq!(u.nak_cause.val().to_u32(), 0, "a NAK cause without a NAK");
        }
        if u.peer_fb.val() {
            self.peer
                .push((u.peer_nak.val(), u.peer_seq.val().to_u32()));
        }
        // every packet is announced (`out_next`, with its dest) in the cycle before it is
        // first offered, and only then
        let new_offer = u.out_valid.val() && u.out_first.val() && !self.first_offered;
        if let Some(d) = self.announced.take() {
            assert!(new_offer, "announced packet not offered");
            assert_eq!(u.out_dest.val().to_u64(), d, "announced dest");
        } else {
            assert!(!new_offer, "packet offered without out_next");
        }
        self.first_offered = u.out_valid.val() && u.out_first.val() && !u.out_ready.val();
        let elig = u.descr_vc.val().to_u64() & u.vc_ready.val().to_u64();
        for v in 0..8 {
            if elig >> v & 1 == 0 {
                self.waits[v] = 0;
            }
        }
        if u.out_next.val() {
            assert!(!u.out_valid.val(), "out_next while a packet is offered");
            self.announced = Some(u.out_dest.val().to_u64());
            let d = (u.out_dest.val().to_u64() & 7) as usize;
            for v in (0..8).filter(|&v| v != d && elig >> v & 1 != 0) {
                self.waits[v] += 1;
                self.worst_wait = self.worst_wait.max(self.waits[v]);
                assert!(
                    self.waits[v] <= 7,
                    "FTNW-H015: VC {v} eligible through {} picks of other VCs (cycle {}, VC {d} picked, eligible {elig:#010b})",
                    self.waits[v],
                    self.now
                );
            }
            self.waits[d] = 0;
        }
        if u.out_valid.val() && u.out_ready.val() {
            assert_eq!(u.out_first.val(), self.cur.is_empty());
            self.cur.push(u.out_data.val().to_u32());
            if u.out_last.val() {
                assert_eq!(self.cur.len(), PAYLOAD_WORDS);
                self.out
                    .push((u.out_dest.val().to_u64(), std::mem::take(&mut self.cur)));
            }
        }
        self.b.tick();
        self.now += 1;
    }
    fn feed(&mut self, words: &[Word]) {
        for &w in words {
            self.cycle(Some(w));
        }
    }
    fn idle(&mut self, n: usize) {
        for _ in 0..n {
            self.cycle(None);
        }
    }
}

fn ack(seq: u32) -> Fb {
    Fb {
        nak: false,
        seq,
        cause: 0,
    }
}

fn nak(seq: u32, c: NakCause) -> Fb {
    Fb {
        nak: true,
        seq,
        cause: 1 << c as u32,
    }
}

fn delivered(p: &Pkt) -> (u64, Vec<u32>) {
    (p.dest as u64, p.data.to_vec())
}

/// Delivered packets grouped by VC, each VC in delivery order (VCs may overtake each other).
fn per_vc(out: &[(u64, Vec<u32>)]) -> Vec<Vec<(u64, Vec<u32>)>> {
    (0..8)
        .map(|v| out.iter().filter(|(d, _)| d & 7 == v).cloned().collect())
        .collect()
}

/// Coalesced acknowledgements (RX_ACK): with EVERY = 4 and DELAY = 150, ten packets back to
/// back get ACK 3 and ACK 7 at the commits of packets 3 and 7, and ACK 9 exactly DELAY + 2
/// cycles after packet 8's commit (packet 9 arrived meanwhile); a NAK covers the held-back
/// ACKs (none follows it); a duplicate is acknowledged at once; every packet is delivered.
// verifies: FTNW-L002
#[test]
fn rx_coalesces_acks_every_k_packets_or_after_the_delay() {
    check("rx_coalesces_acks", 0x7208, |rng| {
        let coalescing = |every: u64, delay: u64| {
            let mut rx = Rx::new(RxConfig::default());
            rx.b.uut.ack_every.next = every.into();
            rx.b.uut.ack_delay.next = delay.into();
            rx
        };
        let mut rx = coalescing(4, 150);
        let pkts: Vec<Pkt> = (0..10).map(|_| Pkt::random(rng)).collect();
        rx.feed(&stream(&pkts, 0));
        rx.idle(200);
        assert_eq!(rx.fb, vec![ack(3), ack(7), ack(9)]);
        assert_eq!(
            rx.fb_at[1] - rx.fb_at[0],
            words_per(4),
            "ACK 7 four packets after ACK 3"
        );
        // an ACK at its commit leaves a cycle after it (the feedback register)
        let commit8 = rx.fb_at[1] - 1 + words_per(1);
        assert_eq!(
            rx.fb_at[2],
            commit8 + 152,
            "ACK 9 DELAY + 2 cycles after packet 8's commit"
        );
        assert_eq!(rx.out, pkts.iter().map(delivered).collect::<Vec<_>>());
        // a NAK acknowledges the two held-back packets: no late ACK
        let mut rx = coalescing(4, 200);
        let mut words = stream(&pkts[..3], 0);
        let crc = words.len() - 1;
        words[crc].d ^= 1;
        rx.feed(&words);
        rx.idle(400);
        assert_eq!(rx.fb, vec![nak(2, NakCause::Crc)]);
        assert_eq!(rx.out.len(), 2);
        // a duplicate is acknowledged at once, the held-back packet later
        let mut rx = coalescing(4, 60);
        rx.feed(&pkts[0].words(0));
        // the commit: two cycles after the CRC word (RXLINK's input stage, the CRC verdict)
        let commit = rx.now + 1;
        rx.feed(&pkts[0].words(0));
        rx.idle(100);
        assert_eq!(rx.fb, vec![ack(0), ack(0)]);
        assert_eq!(
            rx.fb_at[0],
            commit + words_per(1) + 1,
            "the duplicate's ACK three cycles after its CRC word (input stage, verdict, feedback register)"
        );
        assert_eq!(
            rx.fb_at[1],
            commit + 62,
            "the held-back ACK DELAY + 2 after the commit"
        );
        assert_eq!(rx.out.len(), 1);
    });
}

/// A reset drops what the feedback stage holds: a NAK decided in the reset cycle is not sent
/// afterwards, and a held-back ACK's timer starts again from 0 for the next packet held back.
// verifies: FTNW-L002, FTNW-L063
#[test]
fn rx_reset_clears_pending_feedback_and_held_acks() {
    check("rx_reset_clears_pending_feedback", 0x7209, |rng| {
        let mut rx = Rx::new(RxConfig::default());
        rx.b.uut.ack_every.next = 4.into();
        rx.b.uut.ack_delay.next = 150.into();
        let p0 = Pkt::random(rng);
        // a packet held back, its timer running, then a reset
        rx.feed(&p0.words(0));
        rx.idle(60);
        rx.b.uut.reset.next = true;
        rx.idle(2);
        rx.b.uut.reset.next = false;
        assert!(rx.fb.is_empty(), "held back, then dropped by the reset");
        // the same packet again (sequence numbers restart at 0): DELAY + 2 after its commit
        rx.feed(&p0.words(0));
        let commit = rx.now + 1; // two cycles after the CRC word (input stage, verdict)
        rx.idle(200);
        assert_eq!(rx.fb, vec![ack(0)]);
        assert_eq!(rx.fb_at[0], commit + 152, "the timer started from 0");
        // a bad CRC word arriving in the cycle the reset is raised: no NAK after the reset
        let mut bad = p0.words(1);
        bad[33].d ^= 1;
        rx.feed(&bad[..33]);
        rx.b.uut.reset.next = true;
        rx.feed(&bad[33..]);
        rx.idle(1);
        rx.b.uut.reset.next = false;
        rx.idle(20);
        assert_eq!(rx.fb, vec![ack(0)], "no feedback from the reset cycle");
    });
}

fn words_per(pkts: u64) -> u64 {
    pkts * (tnw::PAYLOAD_WORDS as u64 + 2)
}

// verifies: FTNW-L002, FTNW-L009
#[test]
fn rx_delivers_good_packets_and_acknowledges_each() {
    check(
        "rx_delivers_good_packets_and_acknowledges_each",
        0x7201,
        |rng| {
            let mut rx = Rx::new(RxConfig::default());
            let pkts: Vec<Pkt> = (0..4).map(|_| Pkt::random(rng)).collect();
            for (s, p) in pkts.iter().enumerate() {
                rx.feed(&p.words(s as u16));
            }
            rx.idle(40);
            assert_eq!(rx.fb, (0..4).map(ack).collect::<Vec<_>>());
            assert_eq!(rx.out, pkts.iter().map(delivered).collect::<Vec<_>>());
            assert_eq!(rx.b.uut.expected.val().to_u32(), 4);
        },
    );
}

// verifies: FTNW-L003
#[test]
fn rx_crc_error_naks_then_drops_until_restart() {
    check(
        "rx_crc_error_naks_then_drops_until_restart",
        0x7202,
        |rng| {
            let mut rx = Rx::new(RxConfig::default());
            let (p0, p1) = (Pkt::random(rng), Pkt::random(rng));
            let mut bad = p0.words(0);
            bad[33].d ^= 1 << rng.below(32);
            rx.feed(&bad);
            rx.idle(3); // feedback leaves three cycles after the CRC word (input stage, verdict, feedback register)
            assert_eq!(rx.fb, vec![nak(0, NakCause::Crc)]);
            // everything is dropped without feedback until RESTART: even the good copy
            rx.feed(&p0.words(0));
            rx.feed(&p1.words(1));
            assert_eq!(rx.fb.len(), 1);
            rx.feed(&[restart()]);
            rx.feed(&p0.words(0));
            rx.feed(&p1.words(1));
            rx.idle(40);
            assert_eq!(rx.fb, vec![nak(0, NakCause::Crc), ack(0), ack(1)]);
            assert_eq!(
                rx.out,
                vec![delivered(&p0), delivered(&p1)],
                "the bad packet never delivered"
            );
        },
    );
}

// verifies: FTNW-L007
#[test]
fn rx_duplicate_is_dropped_and_acknowledged_again() {
    check(
        "rx_duplicate_is_dropped_and_acknowledged_again",
        0x7203,
        |rng| {
            let mut rx = Rx::new(RxConfig::default());
            let (p0, p1) = (Pkt::random(rng), Pkt::random(rng));
            rx.feed(&p0.words(0));
            rx.feed(&p1.words(1));
            rx.feed(&p0.words(0));
            rx.feed(&p1.words(1));
            rx.idle(40);
            assert_eq!(rx.fb, vec![ack(0), ack(1), ack(0), ack(1)]);
            assert_eq!(
                rx.out,
                vec![delivered(&p0), delivered(&p1)],
                "each delivered once"
            );
        },
    );
}

// verifies: FTNW-L025
#[test]
fn rx_missed_header_naks_the_expected_sequence() {
    check(
        "rx_missed_header_naks_the_expected_sequence",
        0x7204,
        |rng| {
            let mut rx = Rx::new(RxConfig::default());
            let (p0, p1) = (Pkt::random(rng), Pkt::random(rng));
            rx.feed(&p1.words(1)); // packet 0 lost
            assert_eq!(rx.fb, vec![nak(0, NakCause::MissedHeader)]);
            rx.feed(&[restart()]);
            rx.feed(&p0.words(0));
            rx.feed(&p1.words(1));
            rx.idle(40);
            assert_eq!(rx.fb[1..], [ack(0), ack(1)]);
            assert_eq!(rx.out, vec![delivered(&p0), delivered(&p1)]);
        },
    );
}

// verifies: FTNW-L023
#[test]
fn rx_dirty_word_inside_a_packet_naks() {
    check("rx_dirty_word_inside_a_packet_naks", 0x7205, |rng| {
        let mut rx = Rx::new(RxConfig::default());
        let p0 = Pkt::random(rng);
        let mut w = p0.words(0);
        w[7].c = 0b0100; // no valid flag pattern
        rx.feed(&w);
        rx.idle(5);
        assert_eq!(rx.fb, vec![nak(0, NakCause::Dirty)]);
        assert!(rx.out.is_empty());
    });
}

// verifies: FTNW-L024
#[test]
fn rx_stalled_packet_times_out() {
    check("rx_stalled_packet_times_out", 0x7206, |rng| {
        for rx_timeout in [16, 50, 256] {
            let mut rx = Rx::new(RxConfig { rx_timeout });
            let p0 = Pkt::random(rng);
            rx.feed(&p0.words(0)[..20]);
            // `rx_timeout` idle cycles after the last word left the input stage: the timeout
            // is seen in the next one and the NAK request leaves from the feedback register a
            // cycle later
            let mut n = 0;
            while rx.fb.is_empty() && n < rx_timeout + 20 {
                rx.idle(1);
                n += 1;
            }
            assert_eq!(
                n,
                rx_timeout + 3,
                "NAK after {n} idle cycles, rx_timeout {rx_timeout}"
            );
            assert_eq!(rx.fb, vec![nak(0, NakCause::Timeout)]);
            assert!(rx.out.is_empty());
        }
    });
}

// verifies: FTNW-L008
#[test]
fn rx_full_buffer_refuses_with_nak_until_room_frees() {
    check(
        "rx_full_buffer_refuses_with_nak_until_room_frees",
        0x7207,
        |rng| {
            let mut rx = Rx::new(RxConfig::default());
            rx.ready = false;
            let pkts: Vec<Pkt> = (0..9).map(|_| Pkt::random(rng)).collect();
            // the 256-word buffer holds 8 packets; the 9th is refused
            for (s, p) in pkts.iter().enumerate() {
                rx.feed(&p.words(s as u16));
            }
            // the 8th packet's verdict and the 9th's header fall in one cycle: the NAK alone is
            // sent, and acknowledges packets up to 7
            let mut want: Vec<Fb> = (0..7).map(ack).collect();
            want.push(nak(8, NakCause::BufferFull));
            assert_eq!(rx.fb, want);
            rx.ready = true;
            rx.idle(300);
            rx.feed(&[restart()]);
            rx.feed(&pkts[8].words(8));
            rx.idle(40);
            want.push(ack(8));
            assert_eq!(rx.fb, want);
            let want: Vec<_> = pkts.iter().map(delivered).collect();
            assert_eq!(per_vc(&rx.out), per_vc(&want));
        },
    );
}

/// The slot-addressed reception buffer (FTNW-H011, H012, H014, H016): many packets of a random
/// VC mix through a buffer that fills and drains again and again, under random back-pressure and
/// a random `vc_ready` mask; each VC's packets come out whole, once and in order, a VC held back
/// never blocks the others, the free pool never loses or doubles a slot (PB_FULL exactly when 8
/// packets are held) and the buffer is empty at the end.
// verifies: FTNW-H011 FTNW-H012 FTNW-H014 FTNW-H016 FTNW-H165
#[test]
fn rx_slots_are_shared_by_vcs_and_never_lost() {
    check("rx_slots_are_shared_by_vcs_and_never_lost", 0x7209, |rng| {
        let mut rx = Rx::new(RxConfig::default());
        let mut sent: Vec<Pkt> = vec![];
        let mut seq = 0u16;
        let mut held = 0usize;
        for round in 0..3000 {
            if round % 50 == 0 {
                // a new mask; one VC is always let through
                let mask = (rng.below(256) as u64) | (1 << rng.below(8));
                rx.b.uut.vc_ready.next = mask.into();
            }
            rx.ready = rng.chance(0.6);
            rx.b.settle();
            let full = rx.b.uut.pb_full.val();
            let pending = sent.len() - rx.out.len();
            assert_eq!(
                full,
                pending == 8,
                "PB_FULL with {pending} packets held (round {round})"
            );
            if !full && rng.chance(0.5) {
                let mut p = Pkt::random(rng);
                // VCs 0-3 mostly, so queues grow long
                p.dest =
                    (p.dest & !7) | (rng.below(8) as u16 & if rng.chance(0.7) { 3 } else { 7 });
                rx.feed(&p.words(seq));
                // its CRC word is checked a cycle later (RXLINK's input stage) and judged in
                // the next
                rx.idle(2);
                seq = (seq + 1) & 0xFF;
                sent.push(p);
            } else {
                rx.idle(1 + rng.below(40) as usize);
            }
            held = held.max(sent.len() - rx.out.len());
        }
        rx.ready = true;
        rx.b.uut.vc_ready.next = 0xFF.into();
        rx.idle(8 * 40);
        assert!(held >= 8, "the buffer never filled (at most {held} held)");
        let want: Vec<_> = sent.iter().map(delivered).collect();
        assert_eq!(per_vc(&rx.out), per_vc(&want));
        assert!(!rx.b.uut.pb_not_empty.val());
        assert!(rx.fb.iter().all(|f| !f.nak), "no packet refused");
    });
}

/// Fair delivery among VCs (FTNW-H015), checked at every pick by the bench (`Rx::waits`): no
/// eligible VC (a packet held, `vc_ready` set) sees more than 7 packets of other VCs picked
/// before its own. VC 0 brings most of the traffic, so its queue is always long; the other VCs
/// come rarely, the mask of `vc_ready` changes now and then, and the port back-pressures.
// verifies: FTNW-H015
#[test]
fn rx_no_eligible_vc_waits_more_than_seven_deliveries() {
    check("rx_no_eligible_vc_waits_more_than_seven", 0x720B, |rng| {
        let mut rx = Rx::new(RxConfig::default());
        let mut seq = 0u16;
        let mut sent = vec![];
        for round in 0..4000 {
            if round % 200 == 0 {
                let mask = (rng.below(256) as u64) | 1;
                rx.b.uut.vc_ready.next = mask.into();
            }
            rx.ready = rng.chance(0.9);
            rx.b.settle();
            if !rx.b.uut.pb_full.val() {
                let mut p = Pkt::random(rng);
                p.dest = (p.dest & !7)
                    | if rng.chance(0.6) {
                        0
                    } else {
                        rng.below(8) as u16
                    };
                rx.feed(&p.words(seq));
                rx.idle(2);
                seq = (seq + 1) & 0xFF;
                sent.push(p);
            } else {
                rx.idle(1 + rng.below(8) as usize);
            }
        }
        rx.ready = true;
        rx.b.uut.vc_ready.next = 0xFF.into();
        rx.idle(8 * 40);
        let want: Vec<_> = sent.iter().map(delivered).collect();
        assert_eq!(per_vc(&rx.out), per_vc(&want));
        eprintln!("longest wait of an eligible VC: {} picks", rx.worst_wait);
        assert!(rx.worst_wait >= 2, "the traffic never made a VC wait");
    });
}

/// One VC's descriptor queue can hold every slot of the buffer, so it never overflows
/// (FTNW-H164): with VC 5 held back, eight packets of VC 5 fill the buffer (PB_FULL), the ninth
/// is refused with NAK "buffer full"; once VC 5 is let through the eight leave in order, and the
/// ninth, resent after RESTART, follows them.
// verifies: FTNW-H164
#[test]
fn rx_one_vc_can_hold_every_slot_and_the_next_is_refused() {
    check("rx_one_vc_can_hold_every_slot", 0x720A, |rng| {
        let mut rx = Rx::new(RxConfig::default());
        rx.b.uut.vc_ready.next = (0xFFu64 & !(1 << 5)).into();
        let pk: Vec<Pkt> = (0..9)
            .map(|_| {
                let mut p = Pkt::random(rng);
                p.dest = (p.dest & !7) | 5;
                p
            })
            .collect();
        for (s, p) in pk[..8].iter().enumerate() {
            rx.feed(&p.words(s as u16));
        }
        rx.idle(10);
        rx.b.settle();
        assert!(
            rx.b.uut.pb_full.val(),
            "eight packets of one VC fill the buffer"
        );
        assert!(rx.out.is_empty());
        rx.feed(&pk[8].words(8));
        rx.idle(10);
        let mut want: Vec<Fb> = (0..8).map(ack).collect();
        want.push(nak(8, NakCause::BufferFull));
        assert_eq!(rx.fb, want);
        rx.b.uut.vc_ready.next = 0xFFu64.into();
        rx.idle(8 * 40);
        rx.feed(&[restart()]);
        rx.feed(&pk[8].words(8));
        rx.idle(60);
        assert_eq!(rx.out, pk.iter().map(delivered).collect::<Vec<_>>());
    });
}

// verifies: FTNW-L010
#[test]
fn rx_passes_peer_feedback_on_also_inside_a_packet() {
    check(
        "rx_passes_peer_feedback_on_also_inside_a_packet",
        0x7208,
        |rng| {
            let mut rx = Rx::new(RxConfig::default());
            let p0 = Pkt::random(rng);
            let mut w = p0.words(0);
            w.insert(10, Word::control(Ctrl::Ack, 0x21));
            w.insert(20, Word::control(Ctrl::Nak, 0x07));
            rx.feed(&w);
            rx.feed(&[Word::control(Ctrl::Ack, 0xFF)]);
            rx.idle(40);
            assert_eq!(rx.peer, vec![(false, 0x21), (true, 0x07), (false, 0xFF)]);
            assert_eq!(rx.fb, vec![ack(0)]);
            assert_eq!(rx.out, vec![delivered(&p0)]);
        },
    );
}

fn rxbuff_bench() -> Bench<nicgen_hdl::ftnw::rx_buff::RxBuff> {
    Bench::new(
        Default::default(),
        |u: &mut nicgen_hdl::ftnw::rx_buff::RxBuff, c| u.clock.next = Clock { clk: c },
    )
}

/// Reset `b`, make its host port always ready, and give VC 0 bases and one credit of `size`
/// packets (CRDBAR0 0x1000, NTFBAR0 0x2000).
fn rxbuff_credit_vc0(b: &mut Bench<nicgen_hdl::ftnw::rx_buff::RxBuff>, size: u32) {
    use nicgen_wire::ftnw::rxbuff as rxb;
    b.uut.reset.next = true;
    b.tick();
    b.tick();
    b.uut.reset.next = false;
    b.uut.host.wr_req_ready.next = true;
    b.uut.host.wr_dat_ready.next = true;
    for (r, v) in [
        (&rxb::CRDBAR0, 0x1000),
        (&rxb::NTFBAR0, 0x2000),
        (&rxb::CRDFIFO0, rxb::credit(0, size, 0)),
    ] {
        b.uut.bus.addr.next = (r.offset as u64).into();
        b.uut.bus.wdata.next = (v as u64).into();
        b.uut.bus.write.next = true;
        b.tick();
        b.uut.bus.write.next = false;
        b.tick();
    }
    b.tick();
    b.tick();
    b.settle();
    assert_eq!(b.uut.vc_ready.val().to_u32(), 1);
}

/// RXLINK announces a packet a cycle before it offers it (`pkt_next`, `{rao, vc}` on `meta`):
/// RXBUFF computes the address then, presents the request with the first beat, and takes a
/// packet every 34 cycles. An announcement during an RXLINK reset (`abort`) is ignored (no
/// packet follows it), and a packet offered without one is still written.
#[test]
fn rxbuff_prepares_a_packet_while_rxlink_reads_its_first_word() {
    let mut b = rxbuff_bench();
    rxbuff_credit_vc0(&mut b, 3);
    // an announcement under abort: nothing follows, nothing is requested
    b.uut.ctl.pkt_next.next = true;
    b.uut.ctl.abort.next = true;
    b.tick();
    b.uut.ctl.pkt_next.next = false;
    b.uut.ctl.abort.next = false;
    for _ in 0..6 {
        b.settle();
        assert!(
            !b.uut.host.wr_req_valid.val(),
            "no request for an aborted pick"
        );
        b.tick();
    }
    // packets RAO 0 and 1 announced, RAO 2 not: the cycle each is first offered, each
    // request's (cycle, address), the cycle of every beat taken
    let mut reqs = vec![];
    let mut beats = vec![];
    let mut offered = vec![];
    let mut t = 0u64;
    for rao in 0..3u64 {
        b.uut.pkt.meta.next = (rao << 3).into();
        b.uut.ctl.pkt_next.next = rao < 2;
        b.settle();
        if rao == 2 {
            b.uut.pkt.valid.next = true;
            b.uut.pkt.first.next = true;
        } else {
            b.tick();
            t += 1;
            b.uut.ctl.pkt_next.next = false;
            b.uut.pkt.valid.next = true;
            b.uut.pkt.first.next = true;
        }
        offered.push(t);
        let mut i = 0;
        while i < 32 {
            b.uut.pkt.first.next = i == 0;
            b.uut.pkt.last.next = i == 31;
            b.uut.pkt.data.next = ((rao << 8) | i).into();
            b.settle();
            if b.uut.host.wr_req_valid.val() {
                reqs.push((t, b.uut.host.wr_req_addr.val().to_u64()));
            }
            if b.uut.pkt.ready.val() {
                beats.push(t);
                i += 1;
            }
            b.tick();
            t += 1;
        }
        b.uut.pkt.valid.next = false;
        b.settle();
    }
    assert_eq!(
        reqs.iter().map(|r| r.1).collect::<Vec<_>>(),
        vec![0x1000, 0x1080, 0x1100],
        "one request per packet at CRDBAR + RAO x 128"
    );
    // announced: the request in the cycle the first beat is offered, the beats from the next
    // cycle on, back to back; with RXLINK's pending cycle a packet per 34 cycles.
    // Unannounced: the address cycle comes after the offer, one cycle more.
    assert_eq!(offered, vec![1, 35, 68]);
    assert_eq!(reqs[0].0, 1, "request with the first beat offered");
    assert_eq!(reqs[1].0, 35);
    assert_eq!(beats[0], 2);
    assert_eq!(beats[31], 33, "32 beats back to back");
    assert_eq!(beats[32] - beats[0], 34, "a packet per 34 cycles");
    assert_eq!(
        reqs[2].0, 69,
        "unannounced: the request a cycle after the offer"
    );
    assert_eq!(beats[64], 70);
    assert_eq!(beats[95], 101);
}

/// RXBUFF alone on a hand-driven packet stream and host port: the POC protocol checks (A.1
/// RX_EXC[9] "unexpected done", [10] "unexpected first"; FTNW-H031), which a conforming RXLINK
/// never provokes. A beat outside a packet, `first` inside one, `last` before the 32nd beat, a
/// write response with `err`, and one with no write outstanding each raise their event; the
/// host write keeps its 32-beat framing (`last` only on the 32nd beat) whatever the stream does.
// verifies: FTNW-H031
#[test]
fn rxbuff_flags_a_broken_packet_stream() {
    use nicgen_hdl::ftnw::rx_buff::RxBuff;
    let mut b = rxbuff_bench();
    // (poc_first events, poc_done events, host write beats)
    let mut seen = (0u32, 0u32, Vec::<(u32, bool)>::new());
    let cycle = |b: &mut Bench<RxBuff>, seen: &mut (u32, u32, Vec<(u32, bool)>)| {
        b.settle();
        let u = &b.uut;
        seen.0 += u.ctl.ev_poc_first.val() as u32;
        seen.1 += u.ctl.ev_poc_done.val() as u32;
        if u.host.wr_dat_valid.val() && u.host.wr_dat_ready.val() {
            seen.2
                .push((u.host.wr_dat_data.val().to_u32(), u.host.wr_dat_last.val()));
        }
        b.tick();
    };
    rxbuff_credit_vc0(&mut b, 3);
    // a beat outside a packet: dropped, flagged
    b.uut.pkt.valid.next = true;
    b.uut.pkt.first.next = false;
    cycle(&mut b, &mut seen);
    assert_eq!((seen.0, seen.1), (1, 0));
    // a packet with `first` again on beat 5 and `last` on beat 10 too
    let mut i = 0;
    while i < 32 {
        b.uut.pkt.valid.next = true;
        b.uut.pkt.first.next = i == 0 || i == 5;
        b.uut.pkt.last.next = i == 10 || i == 31;
        b.uut.pkt.data.next = (0x100 + i as u64).into();
        b.settle();
        if b.uut.pkt.ready.val() {
            i += 1;
        }
        cycle(&mut b, &mut seen);
    }
    b.uut.pkt.valid.next = false;
    for _ in 0..4 {
        cycle(&mut b, &mut seen);
    }
    assert_eq!((seen.0, seen.1), (2, 1));
    let want: Vec<(u32, bool)> = (0..32).map(|i| (0x100 + i, i == 31)).collect();
    assert_eq!(seen.2, want, "the host write keeps its framing");
    // a response with err, then one with nothing outstanding
    b.uut.host.wr_rsp_valid.next = true;
    b.uut.host.wr_rsp_err.next = true;
    cycle(&mut b, &mut seen);
    b.uut.host.wr_rsp_err.next = false;
    cycle(&mut b, &mut seen);
    b.uut.host.wr_rsp_valid.next = false;
    cycle(&mut b, &mut seen);
    assert_eq!((seen.0, seen.1), (2, 3));
}

// ---------------------------------------------------------------- MDIO master

/// The MDIO master alone against the clause-45 PHY model, at the shortest MDC half periods
/// (2 and 3 cycles, where the registered end-of-half-period and bit decisions have the least
/// slack) and at the default (50): every frame bit-exact, the read data, `done` once per
/// transaction, `128 * 2 * half_period` cycles after the edge that takes `start`, and `start`
/// ignored while busy.
// verifies: FTNW-L040, FTNW-L041
#[test]
fn mdio_master_frames_at_short_and_default_half_periods() {
    use nicgen_hdl::ftnw::mdio::MdioMaster;
    use nicgen_sim::ftnw::mdio_phy::{Frame, MdioPhy};
    for half in [2u8, 3, 50] {
        let mut b = Bench::new(MdioMaster::new(half, 5), |u: &mut MdioMaster, c| {
            u.clock.next = Clock { clk: c }
        });
        let mut phy = MdioPhy::new(5);
        phy.regs.insert((tnw::MDIO_DEVAD, 0x0042), 0x5A5A);
        b.uut.reset.next = true;
        b.ticks(2);
        b.uut.reset.next = false;
        let mut line = true;
        // one transaction: returns (cycles from start to done, rdata at done)
        let mut run =
            |b: &mut Bench<MdioMaster>, phy: &mut MdioPhy, read: bool, addr: u16, wdata: u16| {
                b.uut.start.next = true;
                b.uut.read.next = read;
                b.uut.addr.next = (addr as u64).into();
                b.uut.wdata.next = (wdata as u64).into();
                let mut n = 0u64;
                loop {
                    b.uut.mdio_i.next = line;
                    b.settle();
                    line = phy.step(b.uut.mdc.val(), b.uut.mdio_o.val(), b.uut.mdio_oe.val());
                    b.uut.mdio_i.next = line;
                    b.settle();
                    if b.uut.done.val() {
                        assert!(!b.uut.busy.val(), "half {half}: busy with done");
                        let r = b.uut.rdata.val().to_u64() as u16;
                        b.uut.start.next = false;
                        b.tick();
                        return (n, r);
                    }
                    b.tick();
                    n += 1;
                    // a second start while busy is ignored
                    b.uut.start.next = n == 7;
                    b.uut.read.next = !read;
                    assert!(n < 300 * half as u64, "half {half}: no done");
                }
            };
        let (n1, _) = run(&mut b, &mut phy, false, 0x1234, 0xBEEF);
        let (n2, r) = run(&mut b, &mut phy, true, 0x0042, 0);
        // busy for 128 MDC periods from the edge that takes `start`; `done` in the cycle after
        let t = 128 * 2 * half as u64 + 1;
        assert_eq!((n1, n2), (t, t), "half {half}: transaction cycles");
        assert_eq!(r, 0x5A5A, "half {half}: read data");
        assert_eq!(phy.regs.get(&(tnw::MDIO_DEVAD, 0x1234)), Some(&0xBEEF));
        let f = |op, data| Frame {
            op,
            prtad: 5,
            devad: tnw::MDIO_DEVAD,
            data,
        };
        assert_eq!(
            phy.frames,
            vec![
                f(tnw::MDIO_OP_ADDRESS, 0x1234),
                f(tnw::MDIO_OP_WRITE, 0xBEEF),
                f(tnw::MDIO_OP_ADDRESS, 0x0042),
                f(tnw::MDIO_OP_READ, 0x5A5A)
            ],
            "half {half}"
        );
        assert!(
            phy.errors.is_empty(),
            "half {half}: PHY model: {:?}",
            phy.errors
        );
    }
}

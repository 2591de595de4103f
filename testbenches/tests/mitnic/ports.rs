//! The MIT NIC's ports under pressure and bad input (`mit_nic` in Verilator): a sender blocked
//! by a receiver that does not read (WAIT, niwait, nothing lost), FAULT mode, the input port's
//! errors (idle_error, room_error from a sender that ignores niwait, IP_ON = 0), the output
//! port held by OP_ON and nowait and then sending back to back, the P-bus rules (NULL cycles,
//! a transaction after another slave's WAIT or FAULT is ignored and presented again), the
//! exception pins, and both resets in the middle of traffic.

use super::nic::{enable, UNRELATED};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::mitnic::net::{Done, Feed, NicNet, Op};
use nicgen_wire::mitnic::{
    self as w, pack, Command, Loc, Msg, Send, CONTROL as C, QUEUE_DEPTH, STATUS as S,
};

fn random_msg(rng: &mut Rng) -> Msg {
    Msg {
        words: [0; 5].map(|_| rng.next_u64() as u32),
        ty: rng.below(30) as u8,
    }
}

/// Queue the five stores of a message, the send on the last (no waiting for them).
fn queue_send(net: &mut NicNet, k: usize, m: &Msg) {
    net.master[k].push_send(&m.words, m.ty, false);
}

fn status(net: &mut NicNet, k: usize) -> u32 {
    net.read(k, Command::plain(Loc::Status))
}

/// Read the message in i0-i4 (VALID must be set) and NNEXT.
fn take(net: &mut NicNet, k: usize) -> Msg {
    let st = status(net, k);
    assert_eq!(S::VALID.get(st), 1, "no message");
    let mut words = [0; 5];
    for (n, v) in words.iter_mut().enumerate() {
        let mut c = Command::plain(Loc::I(n));
        c.nnext = n == 4;
        *v = net.read(k, c);
    }
    Msg {
        words,
        ty: S::ITYPE.get(st) as u8,
    }
}

/// Wait (at most `limit_ps`) for a message, then take it.
fn receive(net: &mut NicNet, k: usize, limit_ps: u64) -> Msg {
    let end = net.time_ps + limit_ps;
    while S::VALID.get(status(net, k)) == 0 {
        assert!(net.time_ps < end, "NIC {k}: no message");
    }
    take(net, k)
}

fn control(net: &mut NicNet, k: usize, f: impl Fn(u32) -> u32) {
    let c = net.read(k, Command::plain(Loc::Control));
    assert_eq!(
        net.write(k, Command::plain(Loc::Control), f(c)),
        Done::Ok(0)
    );
}

fn packets_of(net: &NicNet, k: usize) -> Vec<[u16; 12]> {
    net.mon[k].packets.iter().map(|p| p.words).collect()
}

// verifies: NIC-R016 NIC-R073 NIC-R075 NIC-R100 NIC-R111
#[test]
fn a_receiver_that_does_not_read_waits_the_sender_and_nothing_is_lost() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_back_pressure", 0x3A1C_0101, |rng| {
        let mut net = NicNet::new(
            Backend::Verilator,
            &UNRELATED,
            vec![Feed::Nic(1), Feed::Nic(0)],
        );
        enable(&mut net, 0, false);
        enable(&mut net, 1, false);
        let msgs: Vec<Msg> = (0..48).map(|_| random_msg(rng)).collect();
        for m in &msgs {
            queue_send(&mut net, 0, m);
        }
        // the receiver does not read: its queue fills up to niwait, the sender's output queue
        // fills, and its processor waits
        let mut niwait_seen = false;
        for _ in 0..40 {
            net.run_ps(1_000_000);
            niwait_seen |= net.niwait(1);
        }
        assert!(niwait_seen, "niwait never rose");
        assert!(net.master[0].nic_waits > 0, "the sender never waited");
        assert!(!net.master[0].idle(), "every send done with nobody reading");
        let st = status(&mut net, 1);
        let ilen = S::ILENGTH.get(st) as usize;
        assert!(
            (w::NIWAIT_LEVEL..=QUEUE_DEPTH).contains(&ilen),
            "input queue {ilen} while held back"
        );
        assert_eq!(S::EXCS.get(st), 0, "no room_error at full rate (NIC-A27)");
        // now it reads: every message, in order, once
        let got: Vec<Msg> = (0..msgs.len())
            .map(|_| receive(&mut net, 1, 200_000_000))
            .collect();
        assert_eq!(got, msgs);
        net.drain(10_000_000);
        assert_eq!(S::EXCS.get(status(&mut net, 1)), 0);
        assert_eq!(S::OLENGTH.get(status(&mut net, 0)), 0);
        let want: Vec<[u16; 12]> = msgs
            .iter()
            .map(|m| pack(m, false, (m.words[0] >> 24) as u8))
            .collect();
        assert_eq!(packets_of(&net, 0), want);
    });
}

// verifies: NIC-R015 NIC-R071 NIC-R072 NIC-R020
#[test]
fn fault_mode_refuses_the_seventeenth_send_and_it_has_no_effect() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_fault", 0x3A1C_0102, |rng| {
        let mut net = NicNet::new(
            Backend::Verilator,
            &UNRELATED,
            vec![Feed::Nic(1), Feed::Nic(0)],
        );
        enable(&mut net, 1, false);
        // NIC 0: F/W = 1, output port off
        let c = C::IP_ON.set(C::FW.set(0, 1), 1);
        assert_eq!(net.write(0, Command::plain(Loc::Control), c), Done::Ok(0));
        let msgs: Vec<Msg> = (0..QUEUE_DEPTH).map(|_| random_msg(rng)).collect();
        for m in &msgs {
            queue_send(&mut net, 0, m);
        }
        net.drain(10_000_000);
        assert_eq!(S::OLENGTH.get(status(&mut net, 0)) as usize, QUEUE_DEPTH);
        let o4 = net.read(0, Command::plain(Loc::O(4)));
        // the seventeenth: a store with the send, answered FAULT, nothing done (not the store,
        // not the NNEXT)
        let c = Command {
            loc: Loc::O(4),
            otype: 3,
            nnext: true,
            send: Send::Msg,
            csp: false,
        };
        assert_eq!(net.write(0, c, 0x1234_5678), Done::Fault);
        assert_eq!(
            net.read(0, Command::plain(Loc::O(4))),
            o4,
            "the refused store"
        );
        assert!(packets_of(&net, 0).is_empty(), "OP_ON = 0 sends nothing");
        // the port on: all sixteen leave, back to back
        control(&mut net, 0, |c| C::OP_ON.set(c, 1));
        let got: Vec<Msg> = (0..QUEUE_DEPTH)
            .map(|_| receive(&mut net, 1, 100_000_000))
            .collect();
        assert_eq!(got, msgs);
        let at: Vec<u64> = net.mon[0].packets.iter().map(|p| p.at).collect();
        assert!(
            at.windows(2).take(8).all(|p| p[1] - p[0] == 12),
            "packets from a full queue back to back: {at:?}"
        );
    });
}

/// One NIC whose input is the test's injector.
fn single(rng: &mut Rng) -> NicNet {
    let p = (
        20_000,
        10_000 + 2 * rng.below(1000),
        9_000 + 2 * rng.below(2000),
    );
    NicNet::new(Backend::Verilator, &[p], vec![Feed::Inject])
}

fn packet_words(m: &Msg) -> Vec<u16> {
    pack(m, false, (m.words[0] >> 24) as u8).to_vec()
}

// verifies: NIC-R109 NIC-R112 NIC-R021 NIC-R078 NIC-R079 NIC-R057 NIC-R107
#[test]
fn the_input_port_flags_idle_errors_and_drops_what_does_not_fit() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_input_errors", 0x3A1C_0103, |rng| {
        let mut net = single(rng);
        // IP_ON = 0: a bad idle and a packet are ignored (NIC-A29)
        let m0 = random_msg(rng);
        net.inj[0].words.extend([w::IDLE_ALT, 0x0F0F, w::IDLE]);
        net.inj[0].words.extend(packet_words(&m0));
        net.run_ps(2_000_000);
        let st = status(&mut net, 0);
        assert_eq!(
            (S::EXCS.get(st), S::VALID.get(st), S::ILENGTH.get(st)),
            (0, 0, 0)
        );
        // IP_ON = 1: both idle words are fine, anything else with bit 15 low is an idle error
        enable(&mut net, 0, false);
        net.inj[0].words.extend([w::IDLE_ALT, w::IDLE, w::IDLE_ALT]);
        net.run_ps(2_000_000);
        assert_eq!(S::EXCS.get(status(&mut net, 0)), 0);
        net.inj[0].words.extend([0x1234]);
        net.run_ps(2_000_000);
        assert_eq!(S::EXCS.get(status(&mut net, 0)), 0b10, "idle_error");
        // a packet's words after the header may have any bit 15 (no idle error inside)
        let mut m1 = random_msg(rng);
        m1.words[1] = 0x1234_0123;
        net.inj[0].words.extend(packet_words(&m1));
        net.run_ps(2_000_000);
        control(&mut net, 0, |c| C::RESET_NET_EXCS.set(c, 0b10));
        assert_eq!(S::EXCS.get(status(&mut net, 0)), 0, "cleared");
        assert_eq!(
            take(&mut net, 0),
            m1,
            "the first message loads itself into i0-i4"
        );
        // a sender that ignores niwait: 16 wait in the queue, one in i0-i4, the rest dropped
        // with room_error, nothing queued disturbed (NIC-A32)
        let msgs: Vec<Msg> = (0..22).map(|_| random_msg(rng)).collect();
        for m in &msgs {
            net.inj[0].words.extend(packet_words(m));
        }
        net.run_ps(12_000_000);
        let st = status(&mut net, 0);
        assert_eq!(S::EXCS.get(st), 0b01, "room_error");
        assert_eq!(S::ILENGTH.get(st) as usize, QUEUE_DEPTH);
        let got: Vec<Msg> = (0..QUEUE_DEPTH + 1).map(|_| take(&mut net, 0)).collect();
        assert_eq!(got, msgs[..QUEUE_DEPTH + 1].to_vec());
        assert_eq!(S::VALID.get(status(&mut net, 0)), 0, "the rest was dropped");
        // a sender that honours niwait at full rate: nothing lost while nobody reads
        control(&mut net, 0, |c| C::RESET_NET_EXCS.set(c, 0b11));
        net.inj[0].honor_wait = true;
        let msgs: Vec<Msg> = (0..40).map(|_| random_msg(rng)).collect();
        for m in &msgs {
            net.inj[0].words.extend(packet_words(m));
        }
        net.run_ps(20_000_000);
        assert!(net.niwait(0), "niwait while full");
        let st = status(&mut net, 0);
        assert_eq!(S::EXCS.get(st), 0, "no room_error with niwait honoured");
        let got: Vec<Msg> = (0..msgs.len())
            .map(|_| receive(&mut net, 0, 50_000_000))
            .collect();
        assert_eq!(got, msgs);
    });
}

// verifies: NIC-R100 NIC-R102 NIC-R020 NIC-R098
#[test]
fn the_output_port_holds_for_op_on_and_nowait_then_sends_back_to_back() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_output_hold", 0x3A1C_0104, |rng| {
        let mut net = single(rng);
        let msgs: Vec<Msg> = (0..6).map(|_| random_msg(rng)).collect();
        for m in &msgs {
            queue_send(&mut net, 0, m);
        }
        net.drain(10_000_000);
        net.run_ps(2_000_000);
        assert!(packets_of(&net, 0).is_empty(), "OP_ON = 0");
        assert_eq!(S::OLENGTH.get(status(&mut net, 0)), 6);
        net.nowait[0] = true;
        control(&mut net, 0, |c| C::OP_ON.set(c, 1));
        net.run_ps(2_000_000);
        assert!(packets_of(&net, 0).is_empty(), "nowait high");
        net.nowait[0] = false;
        net.run_ps(3_000_000);
        let want: Vec<[u16; 12]> = msgs
            .iter()
            .map(|m| pack(m, false, (m.words[0] >> 24) as u8))
            .collect();
        assert_eq!(packets_of(&net, 0), want);
        let at: Vec<u64> = net.mon[0].packets.iter().map(|p| p.at).collect();
        assert!(
            at.windows(2).all(|p| p[1] - p[0] == 12),
            "back to back: {at:?}"
        );
        assert_eq!(S::OLENGTH.get(status(&mut net, 0)), 0);
        // nowait rising in the middle of a packet does not cut it (the monitor checks whole
        // packets) and holds the next one
        for m in &msgs[..3] {
            queue_send(&mut net, 0, m);
        }
        // four words into the next packet
        let words = net.mon[0].busy;
        while net.mon[0].busy < words + 4 {
            net.step().unwrap();
        }
        net.nowait[0] = true;
        net.drain(10_000_000);
        net.run_ps(2_000_000);
        assert_eq!(
            net.mon[0].packets.len(),
            msgs.len() + 1,
            "nowait: the packet started ends, no other starts"
        );
        net.nowait[0] = false;
        net.run_ps(2_000_000);
        assert_eq!(net.mon[0].packets.len(), msgs.len() + 3);
    });
}

// verifies: NIC-R088 NIC-R089 NIC-R087 NIC-R004 NIC-R005
#[test]
fn the_pbus_ignores_null_cycles_and_transactions_after_another_slaves_wait_or_fault() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_pbus_rules", 0x3A1C_0105, |rng| {
        let mut net = single(rng);
        enable(&mut net, 0, false);
        let send = |loc: Loc| Command::store_and_send(loc, 5, false);
        let mut sends = 0;
        let mut expect = vec![];
        for round in 0..40 {
            let x = rng.next_u64() as u32;
            let before = match rng.below(4) {
                0 => Op::Foreign {
                    waits: rng.below(4) as u32,
                    fault: false,
                },
                1 => Op::Foreign {
                    waits: rng.below(3) as u32,
                    fault: true,
                },
                2 => Op::Null { selected: true },
                _ => Op::Null { selected: false },
            };
            net.master[0].push(before);
            // a NULL cycle with the NIC selected and a send in the address bits does nothing
            net.master[0].push(Op::Null { selected: true });
            net.master[0].push(Op::Nic {
                da: send(Loc::O(round % 5)).encode(),
                write: true,
                data: x,
            });
            sends += 1;
            expect.push((round % 5, x));
        }
        net.drain(50_000_000);
        net.run_ps(10_000_000);
        assert_eq!(net.mon[0].packets.len(), sends, "every send once");
        assert!(net.master[0].repeats > 0, "nothing was presented again");
        // the last store to each o-register is what it holds
        for n in 0..5 {
            if let Some(&(_, x)) = expect.iter().rev().find(|e| e.0 == n) {
                assert_eq!(net.read(0, Command::plain(Loc::O(n))), x, "o{n}");
            }
        }
    });
}

// verifies: NIC-R077 NIC-R034 NIC-R081 NIC-R024
#[test]
fn exception_pins_reach_status_and_inst_and_out_excs_reaches_the_pins() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_exceptions", 0x3A1C_0106, |rng| {
        let mut net = single(rng);
        for _ in 0..20 {
            let pins = rng.below(16) as u8;
            let note = rng.below(64) as u32;
            let out = rng.below(16) as u32;
            net.set_exc_in(0, pins);
            control(&mut net, 0, |_| {
                C::NOTE_EXCS.set(C::OUT_EXCS.set(0, out), note)
            });
            net.run_ps(200_000);
            let st = status(&mut net, 0);
            assert_eq!(
                S::EXCS.get(st),
                (pins as u32) << 2,
                "EXCS[5:2] follow the pins"
            );
            let inst = net.read(0, Command::plain(Loc::Inst));
            let noted = ((pins as u32) << 2) & note != 0;
            let t5 = (inst >> w::INST_TYPE_LSB) & 0x1F;
            assert_eq!(t5 == w::TYPE_EXCEPTION as u32, noted, "INST type {t5}");
            assert_eq!(net.exc_out(0) as u32, out, "OUT_EXCS pins");
        }
    });
}

// verifies: NIC-R025 NIC-R026 NIC-R028
#[test]
fn both_resets_in_the_middle_of_traffic_leave_a_working_nic() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_resets", 0x3A1C_0107, |rng| {
        let mut net = NicNet::new(
            Backend::Verilator,
            &UNRELATED,
            vec![Feed::Nic(1), Feed::Nic(0)],
        );
        for round in 0..4 {
            enable(&mut net, 0, false);
            enable(&mut net, 1, false);
            let msgs: Vec<Msg> = (0..10).map(|_| random_msg(rng)).collect();
            for m in &msgs {
                queue_send(&mut net, 0, m);
            }
            net.drain(10_000_000);
            net.run_ps(rng.below(3_000_000));
            if round % 2 == 0 {
                // RESET_NIC on both: every register 0, queues empty (up to two messages the
                // output port already holds still leave, NIC-A30)
                for k in 0..2 {
                    assert_eq!(
                        net.write(k, Command::plain(Loc::Control), C::RESET_NIC.set(0, 1)),
                        Done::Ok(0)
                    );
                }
            } else {
                net.reset(0, 200_000);
                net.reset(1, 200_000);
            }
            net.run_ps(1_000_000);
            for k in 0..2 {
                let st = status(&mut net, k);
                assert_eq!(S::ILENGTH.get(st), 0, "NIC {k} round {round}");
                assert_eq!(S::OLENGTH.get(st), 0, "NIC {k} round {round}");
                assert_eq!(net.read(k, Command::plain(Loc::Control)), 0);
                assert_eq!(net.read(k, Command::plain(Loc::O(4))), 0);
            }
            // what arrived after the reset is nothing (IP_ON = 0); traffic works again
            enable(&mut net, 0, false);
            enable(&mut net, 1, false);
            let m = random_msg(rng);
            queue_send(&mut net, 1, &m);
            assert_eq!(receive(&mut net, 0, 20_000_000), m, "round {round}");
        }
    });
}

// verifies: NIC-R050
#[test]
fn a_double_word_access_is_two_transactions_and_its_commands_run_twice() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_double", 0x3A1C_0108, |rng| {
        let mut net = single(rng);
        enable(&mut net, 0, false);
        // st.d to o0 with a send: LOC 0 and LOC 1 in two back-to-back transactions, each
        // carrying the send
        let (a, b) = (rng.next_u64() as u32, rng.next_u64() as u32);
        for (n, v) in [(0, a), (1, b)] {
            let c = Command::store_and_send(Loc::O(n), 6, false);
            net.master[0].push(Op::Nic {
                da: c.encode(),
                write: true,
                data: v,
            });
        }
        net.drain(1_000_000);
        net.run_ps(2_000_000);
        let p = packets_of(&net, 0);
        assert_eq!(p.len(), 2, "the send ran twice");
        let first = w::unpack(&p[0]).0.words;
        let second = w::unpack(&p[1]).0.words;
        assert_eq!((first[0], second[0], second[1]), (a, a, b));
        // ld.d of i0, i1 with NNEXT: two messages consumed
        let msgs: Vec<Msg> = (0..3).map(|_| random_msg(rng)).collect();
        for m in &msgs {
            net.inj[0].words.extend(packet_words(m));
        }
        net.run_ps(3_000_000);
        for n in 0..2 {
            let mut c = Command::plain(Loc::I(n));
            c.nnext = true;
            net.read(0, c);
        }
        assert_eq!(take(&mut net, 0), msgs[2], "NNEXT ran twice");
    });
}

/// §2.2.2 OP_ON: "If low the port will not start to send any more messages." NIC 0 streams
/// messages to NIC 1; a store clears OP_ON at a random moment. From the edge the store
/// completes on, no packet header may leave NIC 0 (checked at every header as it is sampled,
/// `harness::order`); the packet under way ends whole; the messages already handed to the port
/// stay there and, once OP_ON is set again, every message arrives once and in order. At netclk
/// periods of 0.6, 1.7 and 2 times the P-bus clock's.
fn op_on_stops_the_port(backend: Backend, rng: &mut Rng, rounds: usize) {
    use nicgen_sim::harness::order::Order;
    for ratio in [0.6, 1.7, 2.0] {
        let pb = 20_000 + 2 * rng.below(100);
        let nc = (pb as f64 * ratio) as u64 & !1;
        let periods = [(pb, nc, 9_998), (20_002, 13_334, 9_998)];
        let mut net = NicNet::new(backend, &periods, vec![Feed::Nic(1), Feed::Nic(0)]);
        enable(&mut net, 0, false);
        enable(&mut net, 1, false);
        let (mut sent, mut got) = (vec![], vec![]);
        let mut stops = 0;
        for round in 0..rounds {
            // fewer than NIC 1's input queue holds before niwait: nothing backs up into NIC 0
            let msgs: Vec<Msg> = (0..10).map(|_| random_msg(rng)).collect();
            for m in &msgs {
                queue_send(&mut net, 0, m);
            }
            sent.extend(msgs);
            net.run_ps(rng.below(40 * pb));
            let c = net.read(0, Command::plain(Loc::Control));
            let before = net.mon[0].packets.len();
            assert_eq!(
                net.write(0, Command::plain(Loc::Control), C::OP_ON.set(c, 0)),
                Done::Ok(0)
            );
            let mut order = Order::new();
            order.saw("stop", net.time_ps, "the store clearing OP_ON completed");
            // launched a netclk period before it is sampled
            let mut seen = before;
            let end = net.time_ps + 60 * nc.max(pb);
            while net.time_ps < end {
                net.step().unwrap_or_else(|e| panic!("{e}"));
                while seen < net.mon[0].packets.len() {
                    let p = &net.mon[0].packets[seen];
                    let what = format!("ratio {ratio} round {round}: packet {seen}'s header");
                    order
                        .not_after("stop", p.at_ps - nc, &what)
                        .unwrap_or_else(|e| panic!("§2.2.2: {e}"));
                    seen += 1;
                }
            }
            let ol = S::OLENGTH.get(status(&mut net, 0)) as usize;
            let left = sent.len() - net.mon[0].packets.len();
            assert_eq!(ol, left, "oLENGTH counts the messages not yet sent");
            stops += (left > 0) as usize;
            control(&mut net, 0, |c| C::OP_ON.set(c, 1));
            while got.len() < sent.len() {
                got.push(receive(&mut net, 1, 200_000_000));
            }
        }
        assert_eq!(got, sent, "ratio {ratio}: every message once, in order");
        assert!(stops > 0, "ratio {ratio}: no stop caught messages waiting");
    }
}

// verifies: NIC-R020
#[test]
fn clearing_op_on_stops_the_port_at_the_store_verilator() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_op_on_stop", 0x3A1C_0110, |rng| {
        op_on_stops_the_port(Backend::Verilator, rng, 6)
    });
}

#[test]
fn clearing_op_on_stops_the_port_at_the_store_native() {
    check("mit_nic_op_on_stop_native", 0x3A1C_0111, |rng| {
        op_on_stops_the_port(Backend::Native, rng, 2)
    });
}

/// NIC-R027 at the cycle it could break: a RESET_NIC store with a STATUS read pipelined right
/// behind it, while both queues hold messages and the input port receives. The read may be
/// answered WAIT only while the reset runs (NIC-A21), then it reads the reset state (the input queue empty, the
/// output queue down to what the port had taken, CONTROL 0); its WAITs, the reset's length in
/// P-bus cycles, are at most 6. At netclk periods
/// of 0.6, 1.7 and 2 times the P-bus clock's (the network side's reset is synchronised).
fn reset_within_six_cycles(backend: Backend, rng: &mut Rng) {
    for ratio in [0.6, 1.7, 2.0] {
        let pb = 20_000 + 2 * rng.below(100);
        let nc = (pb as f64 * ratio) as u64 & !1;
        let periods = [(pb, nc, 9_998), (20_002, 13_334, 9_998)];
        let mut net = NicNet::new(backend, &periods, vec![Feed::Nic(1), Feed::Nic(0)]);
        for round in 0..4 {
            enable(&mut net, 0, false);
            enable(&mut net, 1, false);
            for _ in 0..6 {
                let m = random_msg(rng);
                queue_send(&mut net, 0, &m);
                let m = random_msg(rng);
                queue_send(&mut net, 1, &m);
            }
            net.drain(10_000_000);
            net.run_ps(rng.below(20 * pb));
            let waits = net.master[0].nic_waits;
            net.master[0].push(Op::Nic {
                da: Command::plain(Loc::Control).encode(),
                write: true,
                data: C::RESET_NIC.set(0, 1),
            });
            let st = net.op(
                0,
                Op::Nic {
                    da: Command::plain(Loc::Status).encode(),
                    write: false,
                    data: 0,
                },
            );
            let waits = net.master[0].nic_waits - waits;
            assert!(
                waits <= 6,
                "ratio {ratio} round {round}: the access after RESET_NIC waited {waits} P-bus cycles"
            );
            let Done::Ok(st) = st else {
                panic!("the read after RESET_NIC faulted")
            };
            // oLENGTH counts the (at most two) messages the output port had already taken,
            // which still leave (NIC-A30)
            assert!(
                S::ILENGTH.get(st) == 0 && S::VALID.get(st) == 0 && S::OLENGTH.get(st) <= 2,
                "ratio {ratio} round {round}: STATUS {st:#x} after the reset"
            );
            assert_eq!(net.read(0, Command::plain(Loc::Control)), 0);
        }
    }
}

// verifies: NIC-R027
#[test]
fn the_reset_completes_within_six_p_bus_cycles_verilator() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_reset_six", 0x3A1C_0112, |rng| {
        reset_within_six_cycles(Backend::Verilator, rng)
    });
}

#[test]
fn the_reset_completes_within_six_p_bus_cycles_native() {
    check("mit_nic_reset_six_native", 0x3A1C_0113, |rng| {
        reset_within_six_cycles(Backend::Native, rng)
    });
}

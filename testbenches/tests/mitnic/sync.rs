//! `mit_nic_sync`: the MIT NIC with its output port on the P-bus clock. A send presented while
//! the output queue is empty and the port idle starts its header at the end of its address
//! cycle (the receiver samples it at the end of the next cycle: 2 P-bus cycles); a send whose
//! header the address alone does not fix (a store to o0 with it, REPLY while VALID is low)
//! leaves from its execution cycle (3), one with a store to CONTROL through the queue (5), one
//! behind another packet right after it with no idle between. Every packet is compared with the chart's packing
//! of the message the model of the registers says was sent.

use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::mitnic::net::{Done, Feed, NicNet, Op};
use nicgen_sim::mitnic::traffic;
use nicgen_wire::mitnic::{pack, Command, Loc, Msg, Send, CONTROL as C};

const P: u64 = 20_000;

/// One transaction `cmd` (presented on an idle bus); the P-bus cycles from its presentation to
/// the sample of the header of the packet it sends, and the packet.
fn send(net: &mut NicNet, cmd: Command, write: bool, data: u32) -> (u64, [u16; 12]) {
    net.run_ps(20 * P);
    let op = Op::Nic {
        da: cmd.encode(),
        write,
        data,
    };
    let (t, p) = net.timed_send(0, op, 100 * P);
    assert_eq!(t % P, 0, "{cmd:?}: the header sampled off a P-bus edge");
    (t / P, p.words)
}

fn store(net: &mut NicNet, o: &mut [u32; 5], n: usize, v: u32) {
    assert_eq!(net.write(0, Command::plain(Loc::O(n)), v), Done::Ok(0));
    o[n] = v;
}

fn sends(top_seed: u64) {
    let mut net = NicNet::with_top(
        Backend::Verilator,
        "mit_nic_sync",
        &[(P, P, P)],
        vec![Feed::Inject],
    );
    traffic::enable(&mut net, 0, false, false);
    let mut rng = nicgen_sim::harness::rng::Rng::new(top_seed);
    let mut o = [0u32; 5];
    for n in 0..5 {
        store(&mut net, &mut o, n, rng.next_u64() as u32);
    }
    let msg = |o: &[u32; 5], ty: u8| Msg { words: *o, ty };
    let packet = |m: &Msg, csp: bool| pack(m, csp, (m.words[0] >> 24) as u8);
    let mut early = 0;
    for round in 0..4 {
        // NSEND with a store to o4: early
        let v = rng.next_u64() as u32;
        let ty = rng.below(32) as u8;
        let csp = round % 2 == 1;
        let (t, words) = send(
            &mut net,
            Command::store_and_send(Loc::O(4), ty, csp),
            true,
            v,
        );
        o[4] = v;
        assert_eq!(
            (t, words),
            (2, packet(&msg(&o, ty), csp)),
            "round {round}: NSEND o4"
        );
        early += 1;
        // a load carrying the send: early
        let c = Command {
            loc: Loc::Status,
            otype: ty,
            nnext: false,
            send: Send::Msg,
            csp: false,
        };
        let (t, words) = send(&mut net, c, false, 0);
        assert_eq!(
            (t, words),
            (2, packet(&msg(&o, ty), false)),
            "round {round}: load + send"
        );
        early += 1;
        // a store to o0 with the send: the header needs the new o0
        let v = rng.next_u64() as u32;
        let (t, words) = send(
            &mut net,
            Command::store_and_send(Loc::O(0), ty, false),
            true,
            v,
        );
        o[0] = v;
        assert_eq!(
            (t, words),
            (3, packet(&msg(&o, ty), false)),
            "round {round}: o0 + send"
        );
        // CONTROL with the send: OP_ON and the routing mode may change, the message is queued
        // (written, readable the second cycle after, taken, on the line the next)
        let mut c = C::OP_ON.set(0, 1);
        c = C::IP_ON.set(c, 1);
        c = C::ITHRESH.set(c, 15);
        c = C::OTHRESH.set(c, 15);
        let cmd = Command::store_and_send(Loc::Control, ty, false);
        let (t, words) = send(&mut net, cmd, true, c);
        assert_eq!(
            (t, words),
            (5, packet(&msg(&o, ty), false)),
            "round {round}: CONTROL + send"
        );
        // REPLY while VALID is low (i1, i2 may be reloaded): from the execution
        let reply = |ty| Command {
            loc: Loc::O(3),
            otype: ty,
            nnext: false,
            send: Send::Reply,
            csp: false,
        };
        let i = [0u32; 5].map(|_| rng.next_u64() as u32);
        let v = rng.next_u64() as u32;
        // (i0-i4 as the last NNEXT or reset left them: read them)
        let i_now: Vec<u32> = (1..3)
            .map(|n| net.read(0, Command::plain(Loc::I(n))))
            .collect();
        let valid =
            net.read(0, Command::plain(Loc::Status)) & nicgen_wire::mitnic::STATUS::VALID.mask();
        assert_eq!(valid, 0, "round {round}: VALID");
        let (t, words) = send(&mut net, reply(ty), true, v);
        o[3] = v;
        let want = Msg {
            words: [i_now[0], i_now[1], o[2], o[3], o[4]],
            ty,
        };
        assert_eq!(
            (t, words),
            (3, packet(&want, false)),
            "round {round}: REPLY, VALID low"
        );
        // a message arrives: VALID; REPLY now starts early
        let inb = Msg { words: i, ty: 7 };
        net.inj[0].words.extend(pack(&inb, false, 0));
        net.run_ps(60 * P);
        let v = rng.next_u64() as u32;
        let (t, words) = send(&mut net, reply(ty), true, v);
        o[3] = v;
        let want = Msg {
            words: [i[1], i[2], o[2], o[3], o[4]],
            ty,
        };
        assert_eq!(
            (t, words),
            (2, packet(&want, false)),
            "round {round}: REPLY, VALID high"
        );
        early += 1;
        // NNEXT: VALID low again
        let nn = Command {
            loc: Loc::I(0),
            otype: 0,
            nnext: true,
            send: Send::None,
            csp: false,
        };
        assert_eq!(net.read(0, nn), i[0]);
        // five stores pipelined (the send presented while the o3 store executes): early; then
        // three messages back to back: each header right after the previous packet
        let before = net.mon[0].packets.len();
        let mut ms = vec![];
        for k in 0..4 {
            o = [0u32; 5].map(|_| rng.next_u64() as u32);
            let ids = net.master[0].push_send(&o, k as u8, false);
            ms.push((msg(&o, k as u8), ids[4]));
        }
        net.drain(1_000_000);
        net.run_ps(60 * P);
        let got = &net.mon[0].packets[before..];
        assert_eq!(got.len(), 4, "round {round}: back to back");
        let t0 = got[0].at_ps - net.master[0].presented_ps[&ms[0].1];
        assert_eq!(t0, 2 * P, "round {round}: the first of the pipelined sends");
        for (k, p) in got.iter().enumerate() {
            assert_eq!(
                p.words,
                packet(&ms[k].0, false),
                "round {round}: message {k}"
            );
            if k > 0 {
                assert_eq!(
                    p.at - got[k - 1].at,
                    12,
                    "round {round}: idle between packets"
                );
            }
        }
        early += 1;
        // the receiver waits: no header while nowait is high, the message leaves after
        net.nowait[0] = true;
        net.run_ps(10 * P);
        let before = net.mon[0].packets.len();
        o[4] = rng.next_u64() as u32;
        let id = net.master[0].push(Op::Nic {
            da: Command::store_and_send(Loc::O(4), 3, false).encode(),
            write: true,
            data: o[4],
        });
        net.run_ps(30 * P);
        assert_eq!(
            net.mon[0].packets.len(),
            before,
            "round {round}: a header under nowait"
        );
        assert!(
            net.master[0].done.iter().any(|d| d.0 == id),
            "the send ended"
        );
        net.master[0].done.clear();
        net.nowait[0] = false;
        net.run_ps(30 * P);
        assert_eq!(net.mon[0].packets.len(), before + 1);
        assert_eq!(net.mon[0].packets[before].words, packet(&msg(&o, 3), false));
    }
    eprintln!("  {early} early headers checked");
}

// verifies: NIC-R095 NIC-R101 NIC-R102
#[test]
fn the_sync_nic_starts_a_header_at_the_end_of_the_address_cycle() {
    if !verilator::require("mit_nic_sync in Verilator") {
        return;
    }
    check("mit_nic_sync_sends", 0x3A1C_0301, |rng| {
        sends(rng.next_u64())
    });
}

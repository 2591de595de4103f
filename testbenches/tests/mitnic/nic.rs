//! The whole MIT NIC (`mit_nic`): P-bus masters drive two NICs cabled to each other through
//! their PaRC ports, every clock unrelated to every other (and, in one run, all the same).
//! Each NIC's program composes and sends messages (o-register stores with the send on the last
//! one, now and then a REPLY or FORWARD together with NNEXT) and receives (STATUS poll, i0-i4,
//! NNEXT). The scoreboard: every message arrives once, intact, in order, with its type; every
//! packet on a link is `nicgen_wire::mitnic::pack` of the message sent; the link monitors check
//! idles, framing and nowait on every sample; the P-bus masters check every reply.

use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::mitnic::net::{Done, Feed, NicNet, Op};
use nicgen_sim::mitnic::traffic;
use nicgen_wire::mitnic::{pack, Command, Loc, Msg, Send, QUEUE_DEPTH, STATUS as S};

/// What a NIC's program waits for.
#[derive(Debug)]
enum Batch {
    None,
    /// A message composed and sent (its id of the last store).
    Send(Vec<u64>, Msg, bool),
    Poll(u64),
    /// Reads of i0-i4 (the last with NNEXT or followed by a bypass send with NNEXT).
    /// The bypass: its id, the message template (o0-o4 and type), CSP, REPLY (else FORWARD).
    Read(Vec<u64>, u8, Option<(u64, Msg, bool, bool)>),
}

struct Prog {
    to_send: usize,
    /// Messages sent (with CSP), in order; messages received.
    sent: Vec<(Msg, bool)>,
    got: Vec<Msg>,
    o: [u32; 5],
    batch: Batch,
    turn: bool,
    /// The output queue had room at the last poll.
    room: bool,
    rng: Rng,
    bypass: bool,
}

impl Prog {
    fn new(to_send: usize, seed: u64, bypass: bool) -> Prog {
        Prog {
            to_send,
            sent: vec![],
            got: vec![],
            o: [0; 5],
            batch: Batch::None,
            turn: false,
            room: false,
            rng: Rng::new(seed),
            bypass,
        }
    }

    fn done(net: &mut NicNet, k: usize, id: u64) -> Done {
        let m = &mut net.master[k];
        let pos = m.done.iter().position(|d| d.0 == id).expect("done");
        m.done.remove(pos).unwrap().1
    }

    /// The batch just finished: take its answers, then issue the next one.
    fn advance(&mut self, net: &mut NicNet, k: usize, dst: u8) {
        match std::mem::replace(&mut self.batch, Batch::None) {
            Batch::None => {}
            Batch::Send(ids, msg, csp) => {
                for id in ids {
                    assert_eq!(Self::done(net, k, id), Done::Ok(0), "NIC {k}: a store");
                }
                self.sent.push((msg, csp));
            }
            Batch::Poll(id) => {
                let Done::Ok(st) = Self::done(net, k, id) else {
                    panic!("STATUS faulted")
                };
                assert_eq!(S::EXCS.get(st) & 3, 0, "NIC {k}: a network error");
                // a send only into an output queue with room: two processors blocked in WAIT
                // on each other's full queues would never read again (NIC-R076, NIC-A41)
                self.room = (S::OLENGTH.get(st) as usize) < QUEUE_DEPTH;
                self.turn = !self.turn;
                if S::VALID.get(st) != 0 && (self.turn || !self.room || self.to_send == 0) {
                    self.read(net, k, S::ITYPE.get(st) as u8);
                    return;
                }
                if self.to_send > 0 && self.room {
                    self.send(net, k, dst);
                    return;
                }
            }
            Batch::Read(ids, ty, bypass) => {
                let mut words = [0u32; 5];
                for (n, id) in ids.into_iter().enumerate() {
                    let Done::Ok(v) = Self::done(net, k, id) else {
                        panic!("a read faulted")
                    };
                    words[n] = v;
                }
                self.got.push(Msg { words, ty });
                if let Some((id, mut m, csp, reply)) = bypass {
                    assert_eq!(Self::done(net, k, id), Done::Ok(0), "NIC {k}: bypass send");
                    // the bypass took the message just read (NIC-A11, R068)
                    if reply {
                        m.words[0] = words[1];
                        m.words[1] = words[2];
                    } else {
                        m.words[3] = words[3];
                        m.words[4] = words[4];
                    }
                    self.sent.push((m, csp));
                }
            }
        }
        let id = net.master[k].push(Op::Nic {
            da: Command::plain(Loc::Status).encode(),
            write: false,
            data: 0,
        });
        self.batch = Batch::Poll(id);
    }

    fn send(&mut self, net: &mut NicNet, k: usize, dst: u8) {
        {
            self.to_send -= 1;
            let ty = self.rng.below(30) as u8;
            let csp = self.rng.chance(0.3);
            for n in 0..5 {
                self.o[n] = if n == 0 {
                    (dst as u32) << 24 | self.rng.below(1 << 24) as u32
                } else {
                    self.rng.next_u64() as u32
                };
            }
            let ids = net.master[k].push_send(&self.o, ty, csp).to_vec();
            self.batch = Batch::Send(ids, Msg { words: self.o, ty }, csp);
        }
    }

    fn read(&mut self, net: &mut NicNet, k: usize, ty: u8) {
        let mut ids = vec![];
        let bypass = self.bypass && self.room && self.to_send > 0 && self.rng.chance(0.3);
        for n in 0..5 {
            let mut c = Command::plain(Loc::I(n));
            c.nnext = n == 4 && !bypass;
            ids.push(net.master[k].push(Op::Nic {
                da: c.encode(),
                write: false,
                data: 0,
            }));
        }
        let mut by = None;
        if bypass {
            self.to_send -= 1;
            // REPLY (i1, i2 for o0, o1) or FORWARD (i3, i4 for o3, o4), with a store to o2
            // and NNEXT in the same transaction
            let reply = self.rng.chance(0.5);
            let v = self.rng.next_u64() as u32;
            self.o[2] = v;
            let ty2 = self.rng.below(30) as u8;
            let csp = self.rng.chance(0.3);
            let c = Command {
                loc: Loc::O(2),
                otype: ty2,
                nnext: true,
                send: if reply { Send::Reply } else { Send::Forward },
                csp,
            };
            let id = net.master[k].push(Op::Nic {
                da: c.encode(),
                write: true,
                data: v,
            });
            let m = Msg {
                words: self.o,
                ty: ty2,
            };
            by = Some((id, m, csp, reply));
        }
        self.batch = Batch::Read(ids, ty, by);
    }
}

/// Both NICs on: ports on, F/W as given, thresholds at their maximum.
pub fn enable(net: &mut NicNet, k: usize, fw: bool) {
    traffic::enable(net, k, fw, false);
}

/// Two NICs exchange `n` messages each way; returns the net for more checks.
fn exchange(backend: Backend, periods: &[(u64, u64, u64)], n: usize, seed: u64) -> NicNet {
    exchange_on(backend, "mit_nic", periods, n, seed)
}

fn exchange_on(
    backend: Backend,
    top: &str,
    periods: &[(u64, u64, u64)],
    n: usize,
    seed: u64,
) -> NicNet {
    let mut net = NicNet::with_top(backend, top, periods, vec![Feed::Nic(1), Feed::Nic(0)]);
    enable(&mut net, 0, false);
    enable(&mut net, 1, false);
    let mut prog = [Prog::new(n, seed ^ 1, true), Prog::new(n, seed ^ 2, true)];
    let limit = net.time_ps + 40_000_000 * n as u64;
    loop {
        let finished = (0..2).all(|k| {
            let other = 1 - k;
            prog[k].to_send == 0
                && matches!(prog[k].batch, Batch::Poll(_))
                && prog[other].got.len() == prog[k].sent.len()
                && prog[other].to_send == 0
        });
        if finished {
            net.drain(1_000_000);
            break;
        }
        assert!(
            net.time_ps < limit,
            "no progress at {} ps: cycles {} {}, got {} {}, sent {} {}, to send {} {}, batches {:?} {:?}, buses {} / {}",
            net.time_ps,
            net.master[0].cycles,
            net.master[1].cycles,
            prog[0].got.len(),
            prog[1].got.len(),
            prog[0].sent.len(),
            prog[1].sent.len(),
            prog[0].to_send,
            prog[1].to_send,
            prog[0].batch,
            prog[1].batch,
            net.master[0].state(),
            net.master[1].state()
        );
        for k in 0..2 {
            if net.master[k].idle() {
                prog[k].advance(&mut net, k, 1 - k as u8);
            }
        }
        net.step().unwrap_or_else(|e| panic!("{e}"));
    }
    eprintln!(
        "  {} ps, P-bus cycles {} {}, NIC WAIT cycles {} {}, presented again {} {}",
        net.time_ps,
        net.master[0].cycles,
        net.master[1].cycles,
        net.master[0].nic_waits,
        net.master[1].nic_waits,
        net.master[0].repeats,
        net.master[1].repeats
    );
    for k in 0..2 {
        let other = 1 - k;
        let sent: Vec<Msg> = prog[k].sent.iter().map(|s| s.0).collect();
        assert_eq!(prog[other].got, sent, "NIC {k} -> NIC {other}: messages");
        // every packet on the link is the chart's packing of the message sent (butterfly
        // routing: the routing byte is o0[31:24])
        let pk: Vec<[u16; 12]> = net.mon[k].packets.iter().map(|p| p.words).collect();
        let want: Vec<[u16; 12]> = prog[k]
            .sent
            .iter()
            .map(|(m, csp)| pack(m, *csp, (m.words[0] >> 24) as u8))
            .collect();
        assert_eq!(pk, want, "NIC {k}: packets on its output link");
    }
    net
}

/// P-bus 50 MHz; netclks 100 MHz and 75 MHz (unrelated to each other and to the P bus).
pub const UNRELATED: [(u64, u64, u64); 2] = [(20_000, 10_000, 9_998), (20_002, 13_334, 9_998)];

// verifies: NIC-R093 NIC-R094 NIC-R095 NIC-R096 NIC-R097 NIC-R099 NIC-R101 NIC-R103 NIC-R104
// verifies: NIC-R105 NIC-R106 NIC-R107 NIC-R108 NIC-R110 NIC-R113 NIC-R114 NIC-R002 NIC-R069
// verifies: NIC-R086 NIC-R090 NIC-R091 NIC-R092 NIC-R055 NIC-R006
#[test]
fn two_nics_exchange_messages_on_unrelated_clocks() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_exchange", 0x3A1C_0001, |rng| {
        exchange(Backend::Verilator, &UNRELATED, 150, rng.next_u64());
    });
}

#[test]
fn two_nics_exchange_messages_on_one_clock() {
    if !verilator::require("mit_nic in Verilator") {
        return;
    }
    check("mit_nic_exchange_one_clock", 0x3A1C_0002, |rng| {
        exchange(
            Backend::Verilator,
            &[(20_000, 20_000, 20_000); 2],
            60,
            rng.next_u64(),
        );
    });
}

/// `mit_nic_sync`: the output port on each NIC's P-bus clock (50 MHz and 49.995 MHz).
#[test]
fn two_sync_nics_exchange_messages() {
    if !verilator::require("mit_nic_sync in Verilator") {
        return;
    }
    check("mit_nic_sync_exchange", 0x3A1C_0004, |rng| {
        let periods = [(20_000, 20_000, 20_000), (20_002, 20_002, 20_002)];
        exchange_on(
            Backend::Verilator,
            "mit_nic_sync",
            &periods,
            150,
            rng.next_u64(),
        );
    });
}

#[test]
fn two_sync_nics_exchange_messages_native() {
    check("mit_nic_sync_exchange_native", 0x3A1C_0005, |rng| {
        let periods = [(20_000, 20_000, 20_000), (20_002, 20_002, 20_002)];
        exchange_on(Backend::Native, "mit_nic_sync", &periods, 6, rng.next_u64());
    });
}

#[test]
fn two_nics_exchange_messages_native() {
    check("mit_nic_exchange_native", 0x3A1C_0003, |rng| {
        exchange(Backend::Native, &UNRELATED, 8, rng.next_u64());
    });
}

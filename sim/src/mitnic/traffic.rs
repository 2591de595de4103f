//! A NIC program for network runs (issue 15): on its P-bus master, it polls STATUS and
//! alternately receives (i0-i4, NNEXT on the last) and sends (four stores and the fifth with the
//! send) to random destinations among `dsts`, a send only when the output queue has room (so no
//! processor ever waits on a full queue while others wait on it). Word 0 carries the node
//! number (destination in bits 26:24, random bits 31:27), the source and a sequence number, so
//! the receiver's record is a scoreboard: `run` checks every message arrived once, intact, at
//! the node it names, in order per source and destination.

use crate::harness::backend::Backend;
use crate::harness::rng::Rng;
use crate::mitnic::net::{Done, NicNet, Op};
use nicgen_wire::mitnic::{Command, Loc, Msg, CONTROL as C, QUEUE_DEPTH, STATUS as S};

pub const N: usize = 8;

#[derive(Debug)]
enum Batch {
    Idle,
    Poll(u64),
    Send(Vec<u64>),
    Read(Vec<u64>, u8),
}

pub struct Prog {
    pub k: usize,
    pub to_send: usize,
    seq: u32,
    batch: Batch,
    turn: bool,
    /// Messages sent, by destination index; received (source from word 0).
    pub sent: Vec<Vec<Msg>>,
    pub got: Vec<Vec<Msg>>,
    /// Reading stops while false (a hot spot).
    pub reads: bool,
    /// Destinations to pick from.
    pub dsts: Vec<usize>,
    rng: Rng,
}

impl Prog {
    pub fn new(k: usize, to_send: usize, seed: u64) -> Prog {
        Prog {
            k,
            to_send,
            seq: 0,
            batch: Batch::Idle,
            turn: false,
            sent: vec![vec![]; N],
            got: vec![vec![]; N],
            reads: true,
            dsts: (0..N).collect(),
            rng: Rng::new(seed),
        }
    }

    fn done(net: &mut NicNet, k: usize, id: u64) -> Done {
        let m = &mut net.master[k];
        let pos = m.done.iter().position(|d| d.0 == id).expect("done");
        m.done.remove(pos).unwrap().1
    }

    fn push(net: &mut NicNet, k: usize, c: Command, write: bool, data: u32) -> u64 {
        net.master[k].push(Op::Nic {
            da: c.encode(),
            write,
            data,
        })
    }

    /// Called when the NIC's P-bus master is idle: finish the batch, start the next.
    pub fn advance(&mut self, net: &mut NicNet) {
        let k = self.k;
        match std::mem::replace(&mut self.batch, Batch::Idle) {
            Batch::Idle => {}
            Batch::Send(ids) => {
                for id in ids {
                    assert_eq!(Self::done(net, k, id), Done::Ok(0), "NIC {k}: a store");
                }
            }
            Batch::Read(ids, ty) => {
                let mut words = [0; 5];
                for (n, id) in ids.into_iter().enumerate() {
                    let Done::Ok(v) = Self::done(net, k, id) else {
                        panic!("NIC {k}: a read faulted")
                    };
                    words[n] = v;
                }
                let src = (words[0] >> 16 & 0xFF) as usize;
                assert!(src < N, "NIC {k}: a message from {src}");
                assert_eq!(
                    words[0] >> 24 & 7,
                    k as u32,
                    "NIC {k}: delivered to the wrong node"
                );
                self.got[src].push(Msg { words, ty });
            }
            Batch::Poll(id) => {
                let Done::Ok(st) = Self::done(net, k, id) else {
                    panic!("NIC {k}: STATUS faulted")
                };
                assert_eq!(S::EXCS.get(st) & 3, 0, "NIC {k}: a network error");
                let room = (S::OLENGTH.get(st) as usize) < QUEUE_DEPTH;
                self.turn = !self.turn;
                let valid = S::VALID.get(st) != 0 && self.reads;
                if valid && (self.turn || !room || self.to_send == 0) {
                    let ids = (0..5)
                        .map(|n| {
                            let mut c = Command::plain(Loc::I(n));
                            c.nnext = n == 4;
                            Self::push(net, k, c, false, 0)
                        })
                        .collect();
                    self.batch = Batch::Read(ids, S::ITYPE.get(st) as u8);
                    return;
                }
                if self.to_send > 0 && room {
                    self.to_send -= 1;
                    let d = self.dsts[self.rng.below(self.dsts.len() as u64) as usize];
                    // node number: d in bits 2:0, random bits 7:3 (ignored by the routing);
                    // the source and a sequence number in word 0 too
                    let node = (self.rng.below(32) as u32) << 3 | d as u32;
                    let mut words = [0u32; 5].map(|_| self.rng.next_u64() as u32);
                    words[0] = node << 24 | (k as u32) << 16 | (self.seq & 0xFFFF);
                    self.seq += 1;
                    let ty = 1 + self.rng.below(29) as u8;
                    let csp = self.rng.chance(0.2);
                    let ids = net.master[k].push_send(&words, ty, csp).to_vec();
                    self.sent[d].push(Msg { words, ty });
                    self.batch = Batch::Send(ids);
                    return;
                }
            }
        }
        let id = Self::push(net, k, Command::plain(Loc::Status), false, 0);
        self.batch = Batch::Poll(id);
    }
}

/// Every NIC on with the routing mode; thresholds at their maximum, F/W = 0.
pub fn enable_all(net: &mut NicNet, ring: bool) {
    for k in 0..N {
        enable(net, k, false, ring);
    }
}

/// NIC k on: both ports on, F/W and ROUTE as given, thresholds at their maximum.
pub fn enable(net: &mut NicNet, k: usize, fw: bool, ring: bool) {
    let mut c = C::OP_ON.set(0, 1);
    c = C::IP_ON.set(c, 1);
    c = C::FW.set(c, fw as u32);
    c = C::ROUTE.set(c, ring as u32);
    c = C::ITHRESH.set(c, 15);
    c = C::OTHRESH.set(c, 15);
    assert_eq!(net.write(k, Command::plain(Loc::Control), c), Done::Ok(0));
}

/// P-bus clocks around 100 MHz, each its own; the network at 50 MHz.
pub fn network(top: &str) -> NicNet {
    let pbus: Vec<u64> = (0..N as u64).map(|k| 10_000 + 2 * k).collect();
    let mut net = NicNet::with_fabric(Backend::Verilator, top, &pbus, 20_000);
    enable_all(&mut net, top == "parc_ring8");
    net
}

/// Run the programs until every message sent has arrived; the scoreboard.
pub fn run(net: &mut NicNet, prog: &mut [Prog], limit_ps: u64) {
    let end = net.time_ps + limit_ps;
    loop {
        let sent: usize = prog
            .iter()
            .map(|p| p.sent.iter().map(|v| v.len()).sum::<usize>())
            .sum();
        let got: usize = prog
            .iter()
            .map(|p| p.got.iter().map(|v| v.len()).sum::<usize>())
            .sum();
        if prog.iter().all(|p| p.to_send == 0) && sent == got {
            break;
        }
        assert!(
            net.time_ps < end,
            "no progress: {got} of {sent} received, {} still to send",
            prog.iter().map(|p| p.to_send).sum::<usize>()
        );
        for p in prog.iter_mut() {
            if net.master[p.k].idle() {
                p.advance(net);
            }
        }
        net.step().unwrap_or_else(|e| panic!("{e}"));
    }
    for s in 0..prog.len() {
        for d in 0..prog.len() {
            assert_eq!(
                prog[d].got[s], prog[s].sent[d],
                "NIC {s} -> NIC {d}: messages (every one once, in order)"
            );
        }
    }
}

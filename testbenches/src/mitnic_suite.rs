//! The MIT NIC driver suite (`nicgen_driver::mitnic`), written against any way to reach NIC k
//! of two NICs that can message each other: the simulated NICs (`tests/mitnic/driver.rs`) and
//! the board over its serial bridge (`tests/board/mitnic.rs`) run the same checks: argument
//! checks, configuration, send and receive, REPLY and FORWARD with NNEXT, the dispatch address,
//! FAULT and `send_if_room`, thresholds, RESET_NIC.

use nicgen_driver::mitnic::{decode_inst, Config, Dispatch, Nic};
use nicgen_driver::{Error, RegAccess};
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::mitnic::net::NicNet;
use nicgen_sim::mitnic::transport::PBus;
use nicgen_wire::mitnic::{self as w, Msg, Send, QUEUE_DEPTH};

/// Run `f` on the driver of NIC k.
pub trait Nics {
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut Nic<'_, dyn RegAccess + '_>) -> R) -> R;
}

/// The simulated NICs, each through its P-bus master.
impl Nics for NicNet {
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut Nic<'_, dyn RegAccess + '_>) -> R) -> R {
        let mut t = PBus { net: self, nic: k };
        let mut n: Nic<'_, dyn RegAccess> = Nic::new(&mut t);
        f(&mut n)
    }
}

fn on() -> Config {
    Config {
        op_on: true,
        ip_on: true,
        ithresh: 15,
        othresh: 15,
        // ring routing: on the board the NICs are ring nodes 0 and 1 (no effect on a cable)
        ring: true,
        ..Config::default()
    }
}

/// Node bits 7:3 random (ignored by the ring table), 2:0 the NIC.
fn node(rng: &mut Rng, nic: u32) -> u32 {
    ((rng.below(32) as u32) << 3 | nic) << 24
}

/// Message i of a numbered run to NIC 1.
fn seq(i: u32) -> [u32; 5] {
    [1 << 24 | i, i, i, i, i]
}

/// A random message to NIC `dst` (word 0's top byte names it).
fn msg_to(rng: &mut Rng, dst: u32) -> [u32; 5] {
    let mut m = [0; 5].map(|_| rng.next_u64() as u32);
    m[0] = m[0] & 0x00FF_FFFF | node(rng, dst);
    m
}

pub fn suite(n: &mut impl Nics, rng: &mut Rng) {
    // arguments checked before anything reaches the NIC
    n.on(0, |d| {
        assert!(matches!(d.send(&[0; 5], 30, false), Err(Error::Invalid(_))));
        assert!(matches!(d.send(&[0; 5], 40, false), Err(Error::Invalid(_))));
        let bad = Config {
            othresh: 16,
            ..on()
        };
        assert!(matches!(d.configure(&bad), Err(Error::Invalid(_))));
        assert!(matches!(d.set_code_base(0x1234), Err(Error::Invalid(_))));
        assert!(matches!(d.clear_net_excs(4), Err(Error::Invalid(_))));
        assert!(matches!(
            d.bypass(Send::Msg, [None; 3], 1, false, false),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(d.t.read32(1 << 16), Err(Error::Invalid(_))));
        assert_eq!(
            d.config().unwrap(),
            Config::default(),
            "nothing was written"
        );
    });
    for k in 0..2 {
        n.on(k, |d| {
            d.configure(&on()).unwrap();
            assert_eq!(d.config().unwrap(), on());
        });
    }
    // a message each way
    for (a, b) in [(0, 1), (1, 0)] {
        let m = msg_to(rng, b as u32);
        let ty = rng.below(30) as u8;
        n.on(a, |d| d.send(&m, ty, rng.chance(0.5)).unwrap());
        let got = n.on(b, |d| d.recv_wait().unwrap());
        assert_eq!(got, Msg { words: m, ty });
    }
    // REPLY: NIC 1 answers NIC 0's message from i1, i2 with its own o2-o4, NNEXT with it (i1
    // names NIC 0)
    let mut m = msg_to(rng, 1);
    m[1] = m[1] & 0x00FF_FFFF | node(rng, 0);
    n.on(0, |d| d.send(&m, 3, false).unwrap());
    let o = [
        rng.next_u64() as u32,
        rng.next_u64() as u32,
        rng.next_u64() as u32,
    ];
    n.on(1, |d| {
        while !d.status().unwrap().valid {}
        d.bypass(Send::Reply, o.map(Some), 9, false, true).unwrap();
        assert!(!d.status().unwrap().valid, "NNEXT with the reply");
    });
    let r = n.on(0, |d| d.recv_wait().unwrap());
    assert_eq!(r.words, [m[1], m[2], o[0], o[1], o[2]]);
    assert_eq!(r.ty, 9);
    // FORWARD: i3, i4 as o3, o4 (the new o0 names NIC 0)
    let m = msg_to(rng, 1);
    n.on(0, |d| d.send(&m, 4, false).unwrap());
    let o = [
        rng.next_u64() as u32 & 0x00FF_FFFF | node(rng, 0),
        rng.next_u64() as u32,
        rng.next_u64() as u32,
    ];
    n.on(1, |d| {
        while !d.status().unwrap().valid {}
        d.bypass(Send::Forward, o.map(Some), 11, true, false)
            .unwrap();
        d.next().unwrap();
    });
    let r = n.on(0, |d| d.recv_wait().unwrap());
    assert_eq!(r.words, [o[0], o[1], o[2], m[3], m[4]]);
    // dispatch: the table address of a type, of "no message", a type-0 handler
    let base = 0x0003_8000;
    n.on(1, |d| d.set_code_base(base).unwrap());
    assert_eq!(
        n.on(1, |d| decode_inst(d.inst().unwrap(), base)),
        Dispatch::Table {
            addr: base | (w::TYPE_NO_MSG as u32) << 8,
            ty: w::TYPE_NO_MSG,
            oafull: false,
            iafull: false
        }
    );
    let m = msg_to(rng, 1);
    n.on(0, |d| d.send(&m, 7, false).unwrap());
    n.on(1, |d| {
        while !d.status().unwrap().valid {}
        assert_eq!(
            decode_inst(d.inst().unwrap(), base),
            Dispatch::Table {
                addr: base | 7 << 8,
                ty: 7,
                oafull: false,
                iafull: false
            }
        );
        d.next().unwrap();
    });
    let mut m = msg_to(rng, 1);
    m[1] = 0x4000_1234;
    n.on(0, |d| d.send(&m, 0, false).unwrap());
    n.on(1, |d| {
        while !d.status().unwrap().valid {}
        assert_eq!(
            decode_inst(d.inst().unwrap(), base),
            Dispatch::Handler(0x4000_1234)
        );
        d.next().unwrap();
    });
    // FAULT mode with the port off: sixteen sends, the seventeenth refused; send_if_room
    n.on(0, |d| {
        d.configure(&Config {
            fault: true,
            op_on: false,
            othresh: 3,
            ..on()
        })
        .unwrap();
        for i in 0..QUEUE_DEPTH {
            d.send(&seq(i as u32), 1, false).unwrap();
            assert_eq!(
                d.status().unwrap().oafull,
                i + 1 > 3,
                "oaFULL after {}",
                i + 1
            );
        }
        assert_eq!(
            d.send(&[99; 5], 1, false),
            Err(Error::Command {
                code: w::DR_FAULT as u32,
                name: "FAULT (output queue full, F/W = 1)"
            })
        );
        assert_eq!(d.send_if_room(&[99; 5], 1, false), Ok(false));
        d.configure(&Config {
            fault: true,
            ..on()
        })
        .unwrap();
    });
    for i in 0..QUEUE_DEPTH {
        let got = n.on(1, |d| d.recv_wait().unwrap());
        assert_eq!(got.words, seq(i as u32));
    }
    // RESET_NIC: every register 0, both ports off
    n.on(1, |d| {
        d.reset().unwrap();
        assert_eq!(d.config().unwrap(), Config::default());
        let st = d.status().unwrap();
        assert!(!st.valid && st.ilength == 0 && st.olength == 0 && st.excs == 0);
    });
}

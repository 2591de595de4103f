//! The Utah PPE driver suite (`nicgen_driver::ppe`), written against any way to reach the hosts
//! of two PPEs whose fabric ports reach each other: the simulated nodes on the model fabric
//! (`tests/ppe/driver.rs`) and the board over its serial bridge (`tests/board/ppe.rs`) run the
//! same checks: argument checks, boot, rslots, DMA and DIO messages both ways with their
//! notifications and tokens, the ack flow, an error notification, quiesce, a reboot with a new
//! incarnation and the stale packet it refuses.

use nicgen_driver::ppe::{Config, Conn, Host, NoteKind, Ppe, Rslot, Send};
use nicgen_driver::Error;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::ppe::net::PpeNet;
use nicgen_sim::ppe::transport::NodeBus;
use nicgen_wire::ppe::error_status as es;
use nicgen_wire::ppe::host as hw;
use nicgen_wire::ppe::note;

/// The two PPEs' node numbers (the second with the 12th bit set, AMB-36).
pub const NUMS: [u16; 2] = [0x011, 0x822];
/// Lists: 0 errors, 1 receptions, 2 transmit completions, 3 acks.
const L_RX: u16 = 1;
const L_TX: u16 = 2;
const L_ACK: u16 = 3;

/// The hosts of two PPEs.
pub trait PpeNodes {
    /// Runs `f` with node k's transport (its window and the host memory its PPE writes).
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut dyn Host) -> R) -> R;
    /// `data` in a new buffer node k's PPE can read by DMA; its host address.
    fn source(&mut self, k: usize, data: &[u8]) -> u32;
}

/// The simulated nodes: `PpeNet` nodes 0 and 1 with the suite's node numbers.
impl PpeNodes for PpeNet {
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut dyn Host) -> R) -> R {
        self.nodes[k].num = NUMS[k];
        let mut b = NodeBus { net: self, node: k };
        f(&mut b)
    }
    fn source(&mut self, k: usize, data: &[u8]) -> u32 {
        use nicgen_driver::HostMem;
        let at = self.src_alloc(k, data.len());
        self.nodes[k].rd.srv.mem.write(at, data).unwrap();
        at as u32
    }
}

fn config(k: usize, incarnation: u8) -> Config {
    Config {
        node: NUMS[k],
        incarnation,
        nlhr: 0x2000,
        rslots: 8,
        lists: 4,
        nbqr: 16,
    }
}

fn bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

fn read(h: &mut dyn Host, at: u32, n: usize) -> Vec<u8> {
    let mut b = vec![0; n];
    h.read(at as u64, &mut b).unwrap();
    b
}

fn wait_note(n: &mut impl PpeNodes, p: &mut Ppe, k: usize, l: u16) -> nicgen_driver::ppe::Note {
    n.on(k, |h| p.wait_note(h, l)).unwrap()
}

pub fn suite(n: &mut impl PpeNodes, rng: &mut Rng) {
    let mut p = [Ppe::new(config(0, 3)), Ppe::new(config(1, 9))];
    for (k, d) in p.iter_mut().enumerate() {
        d.timeout = 200_000;
        // arguments refused before anything reaches the PPE
        let mut bad = Ppe::new(Config {
            node: 0x1000,
            ..config(k, 3)
        });
        assert!(matches!(n.on(k, |h| bad.init(h)), Err(Error::Invalid(_))));
        n.on(k, |h| d.init(h)).unwrap();
        let p1 = n.on(k, |h| h.read32(hw::PCSR1 as u64)).unwrap();
        assert_ne!(
            p1 & hw::READY.mask() as u32,
            0,
            "node {k}: ready after init"
        );
        assert_eq!(hw::SEND_DESC_CNT.get(p1 as u64), 4);
    }
    // rslots: node 1's data rslot 2 (notified, with acks), node 0's ack rslot 1 and data rslot 3
    let buf1 = n.on(1, |h| h.alloc(384, 64)).unwrap() as u32;
    let rs = |buf, size, do_acks| Rslot {
        buf,
        size,
        note: Some(L_RX),
        ack_note: L_ACK,
        do_acks,
    };
    assert!(matches!(
        n.on(1, |h| p[1].rslot_open(h, 0, rs(buf1, 384, true))),
        Err(Error::Invalid(_))
    ));
    let c1 = n
        .on(1, |h| p[1].rslot_open(h, 2, rs(buf1, 384, true)))
        .unwrap();
    let ack0 = n.on(0, |h| p[0].rslot_open(h, 1, rs(0, 0, false))).unwrap();
    let buf0 = n.on(0, |h| h.alloc(256, 64)).unwrap() as u32;
    let c0 = n
        .on(0, |h| p[0].rslot_open(h, 3, rs(buf0, 256, false)))
        .unwrap();
    assert_eq!((c1.node, c1.rslot, c1.incarnation), (NUMS[1], 2, 9));
    // a send with no connection is refused; then the connections
    let data = bytes(rng, 300);
    let from = n.source(0, &data);
    let mut s = Send::dma(c1, from, 300, 0);
    assert!(matches!(
        n.on(0, |h| p[0].send(h, &s)),
        Err(Error::Invalid(_))
    ));
    p[0].sslot_create(c1);
    p[1].sslot_create(c0);
    p[1].sslot_create(ack0);
    s.notify = Some(L_TX);
    // past the connection's 384 bytes
    let mut long = s;
    long.len = 388;
    assert!(matches!(
        n.on(0, |h| p[0].send(h, &long)),
        Err(Error::Invalid(_))
    ));
    // 0 -> 1 by DMA, three packets
    let hd = n.on(0, |h| p[0].send(h, &s)).unwrap();
    n.on(0, |h| p[0].send_wait(h, hd)).unwrap();
    assert_eq!(wait_note(n, &mut p[0], 0, L_TX).kind(), NoteKind::TxDone);
    let r = wait_note(n, &mut p[1], 1, L_RX);
    assert_eq!(
        r.kind(),
        NoteKind::Reception {
            rslot: 2,
            src_node: NUMS[0],
            incarnation: 9,
            offset: 0,
            size: 300,
            meta: None
        }
    );
    assert_eq!(n.on(1, |h| read(h, buf1, 300)), data, "0 -> 1 payload");
    // node 1's interrupt: the token, and rslot 2 on AQR; the handler acks to node 0
    let mut acks = vec![];
    let mut tokens = vec![];
    for _ in 0..100 {
        let i = n.on(1, |h| p[1].intr(h)).unwrap();
        acks.extend(i.acks);
        tokens.extend(i.tokens);
        if !acks.is_empty() && !tokens.is_empty() {
            break;
        }
        n.on(1, |h| h.wait_cycles(64)).unwrap();
    }
    assert_eq!((acks.clone(), tokens), (vec![2], vec![L_RX as u32 + 1]));
    let ha = n.on(1, |h| p[1].send_ack(h, ack0, 0x123, 300)).unwrap();
    n.on(1, |h| p[1].send_wait(h, ha)).unwrap();
    let a = wait_note(n, &mut p[0], 0, L_ACK);
    assert_eq!(
        a.kind(),
        NoteKind::Ack {
            rslot: 1,
            src_node: NUMS[1],
            d1: 0x123,
            d2: 300
        }
    );
    // 1 -> 0 by DIO with metadata
    let words: Vec<u32> = (0..40).map(|_| rng.next_u64() as u32).collect();
    n.on(1, |h| p[1].xmt_write(h, 0x400, &words)).unwrap();
    let meta = [1, 2, 3, 0xFFFF_FFFF];
    let mut s = Send::dma(c0, 0x400, 160, 64);
    s.dio = true;
    s.meta = Some(meta);
    let hd = n.on(1, |h| p[1].send(h, &s)).unwrap();
    n.on(1, |h| p[1].send_wait(h, hd)).unwrap();
    let r = wait_note(n, &mut p[0], 0, L_RX);
    assert_eq!(
        r.kind(),
        NoteKind::Reception {
            rslot: 3,
            src_node: NUMS[1],
            incarnation: 3,
            offset: 64,
            size: 160,
            meta: Some(meta)
        }
    );
    let want: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(
        n.on(0, |h| read(h, buf0 + 64, 160)),
        want,
        "1 -> 0 DIO payload"
    );
    // a packet for an rslot that is not open: an error notification at node 1, nothing written
    let closed = Conn { rslot: 5, ..c1 };
    p[0].sslot_create(closed);
    let hd = n
        .on(0, |h| p[0].send(h, &Send::dma(closed, from, 8, 0)))
        .unwrap();
    n.on(0, |h| p[0].send_wait(h, hd)).unwrap();
    let e = wait_note(n, &mut p[1], 1, 0);
    assert_eq!(
        e.kind(),
        NoteKind::Error {
            status: es::INVALID_RSLOT,
            rslot: 5,
            dst_node: NUMS[1],
            src_node: NUMS[0]
        }
    );
    assert_eq!(e.words[note::NEXT] % 32, 0);
    // quiesce: enable 0 and idle, then on again
    n.on(1, |h| p[1].quiesce(h)).unwrap();
    let p1 = n.on(1, |h| h.read32(hw::PCSR1 as u64)).unwrap();
    assert_ne!(p1 & hw::IDLE.mask() as u32, 0);
    n.on(1, |h| p[1].unquiesce(h)).unwrap();
    // node 1 reboots with the next incarnation: node 0's old connection is refused
    assert!(!n.on(1, |h| p[1].set_incarnation(h, 9)).unwrap());
    n.on(1, |h| p[1].init(h)).unwrap();
    let c1b = n
        .on(1, |h| p[1].rslot_open(h, 2, rs(buf1, 384, false)))
        .unwrap();
    assert_eq!(c1b.incarnation, 10);
    let hd = n
        .on(0, |h| p[0].send(h, &Send::dma(c1, from, 8, 0)))
        .unwrap();
    n.on(0, |h| p[0].send_wait(h, hd)).unwrap();
    let e = wait_note(n, &mut p[1], 1, 0);
    assert!(
        matches!(e.kind(), NoteKind::Error { status, .. } if status == es::BAD_INCARNATION),
        "{:?}",
        e.kind()
    );
    // the fresh connection works
    p[0].sslot_invalidate(NUMS[1]);
    p[0].sslot_create(c1b);
    let data = bytes(rng, 64);
    let from = n.source(0, &data);
    let hd = n
        .on(0, |h| p[0].send(h, &Send::dma(c1b, from, 64, 0)))
        .unwrap();
    n.on(0, |h| p[0].send_wait(h, hd)).unwrap();
    let r = wait_note(n, &mut p[1], 1, L_RX);
    assert!(matches!(
        r.kind(),
        NoteKind::Reception {
            size: 64,
            incarnation: 10,
            ..
        }
    ));
    assert_eq!(n.on(1, |h| read(h, buf1, 64)), data, "after the reboot");
}

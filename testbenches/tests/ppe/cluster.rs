//! PPE nodes on a model fabric driven by the driver (`nicgen_driver::ppe`): the scenario set of
//! checklist §4.5 (S1-S17). Every node is a `ppe_node` (Verilated; a short run natively), its
//! host memory strict (any PPE write outside an allocated buffer fails the test), the fabric
//! reordering packets. Every test checks every payload byte in the receive buffers and every
//! notification's words.

use nicgen_driver::ppe::{Config, Conn, Note, NoteKind, Ppe, Rslot, Send};
use nicgen_driver::{HostMem, RegAccess};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::net::PpeNet;
use nicgen_sim::ppe::transport::NodeBus;
use nicgen_wire::ppe::error_status as es;
use nicgen_wire::ppe::host as hw;
use nicgen_wire::ppe::{address0, address1, control0, control1, Packet};

/// Node numbers: one with the top bit of the 12 (AMB-36).
const NUMS: [u16; 5] = [0x001, 0x2A5, 0x801, 0x0FE, 0x555];
/// Lists: 0 errors, 1 receptions, 2 transmit completions, 3 acks.
const L_RX: u16 = 1;
const L_TX: u16 = 2;
const L_ACK: u16 = 3;

struct Cluster {
    net: PpeNet,
    drv: Vec<Ppe>,
}

/// A receive buffer on node `k` and the connection to it.
#[derive(Clone, Copy, Debug)]
struct Rx {
    k: usize,
    buf: u32,
    conn: Conn,
}

impl Cluster {
    fn new(backend: Backend, n: usize, seed: u64) -> Self {
        let mut net = PpeNet::new(backend, n, seed);
        let mut drv = vec![];
        for (k, &num) in NUMS.iter().enumerate().take(n) {
            net.nodes[k].num = num;
            let mut p = Ppe::new(Config {
                node: num,
                incarnation: (3 + k as u8) % 16,
                nlhr: 0x2000,
                rslots: 16,
                lists: 4,
                nbqr: 64,
            });
            p.init(&mut NodeBus {
                net: &mut net,
                node: k,
            })
            .unwrap();
            drv.push(p);
        }
        Self { net, drv }
    }

    /// Runs `f` with node k's driver and transport.
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut Ppe, &mut NodeBus) -> R) -> R {
        let mut bus = NodeBus {
            net: &mut self.net,
            node: k,
        };
        f(&mut self.drv[k], &mut bus)
    }

    /// Opens rslot `n` on node `k` with a fresh buffer of `size` bytes; the connection.
    fn open(&mut self, k: usize, n: u16, size: u32, notify: bool, do_acks: bool) -> Rx {
        self.on(k, |p, b| {
            let buf = b.alloc(size.max(4) as usize, 64).unwrap() as u32;
            let conn = p
                .rslot_open(
                    b,
                    n,
                    Rslot {
                        buf,
                        size,
                        note: notify.then_some(L_RX),
                        ack_note: L_ACK,
                        do_acks,
                    },
                )
                .unwrap();
            Rx { k, buf, conn }
        })
    }

    /// `len` random bytes in node k's send memory; their address and the words.
    fn source(&mut self, k: usize, len: u32, rng: &mut Rng) -> (u32, Vec<u8>) {
        let at = self.net.src_alloc(k, len as usize);
        let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        self.net.nodes[k].rd.srv.mem.write(at, &data).unwrap();
        (at as u32, data)
    }

    /// The bytes of node k's memory at `at`.
    fn host(&self, k: usize, at: u32, len: usize) -> Vec<u8> {
        let mut b = vec![0; len];
        self.net.nodes[k].wr.srv.mem.read(at as u64, &mut b).unwrap();
        b
    }

    /// Steps until the fabric and every port are quiet for 50 cycles.
    fn settle(&mut self) {
        let mut q = 0;
        for _ in 0..2_000_000 {
            q = if self.net.quiet() { q + 1 } else { 0 };
            if q > 50 {
                return;
            }
            self.net.step();
        }
        panic!("the fabric never goes quiet");
    }
}

/// The reception notification `n` must report.
fn want_reception(n: &Note, rslot: u16, src: u16, inc: u8, off: u32, size: u32) {
    assert_eq!(
        n.kind(),
        NoteKind::Reception {
            rslot,
            src_node: src & 0xFFF,
            incarnation: inc,
            offset: off,
            size,
            meta: None
        },
        "reception notification {:x?}",
        n.words
    );
}

/// S2: one message between every ordered pair of nodes, DMA and DIO, with and without notify
/// and do_acks, one packet long (4-128 bytes).
fn s2_all_pairs(backend: Backend, rng: &mut Rng) {
    let n = 4;
    let mut c = Cluster::new(backend, n, rng.next_u64());
    for src in 0..n {
        for dst in (0..n).filter(|&d| d != src) {
            let dio = rng.chance(0.5);
            let notify = rng.chance(0.5);
            let do_acks = rng.chance(0.5);
            let len = 4 * (1 + rng.below(32) as u32);
            let slot = 1 + rng.below(15) as u16;
            let rx = c.open(dst, slot, 128, notify, do_acks);
            c.drv[src].sslot_create(rx.conn);
            let (from, data) = if dio {
                let words: Vec<u32> = (0..len / 4).map(|_| rng.next_u64() as u32).collect();
                let at = 0x100 + 4 * rng.below(1000) as u32;
                c.on(src, |p, b| p.xmt_write(b, at, &words)).unwrap();
                (at, words.iter().flat_map(|w| w.to_le_bytes()).collect())
            } else {
                c.source(src, len, rng)
            };
            let mut s = Send::dma(rx.conn, from, len, 0);
            s.dio = dio;
            s.notify = Some(L_TX);
            let h = c.on(src, |p, b| p.send(b, &s)).unwrap();
            c.on(src, |p, b| p.send_wait(b, h)).unwrap();
            let tx = c.on(src, |p, b| p.wait_note(b, L_TX)).unwrap();
            assert_eq!(tx.kind(), NoteKind::TxDone, "{src}->{dst}");
            c.settle();
            assert_eq!(c.host(dst, rx.buf, len as usize), data, "{src}->{dst} payload");
            let rs = c.on(dst, |p, b| p.rslot_read(b, slot)).unwrap();
            assert_eq!(rs[3], 0, "{src}->{dst} bytes_to_go");
            let inc = c.drv[dst].cfg.incarnation;
            if notify {
                let note = c.on(dst, |p, b| p.wait_note(b, L_RX)).unwrap();
                want_reception(&note, slot, NUMS[src], inc, 0, len);
            }
            let irq = c.on(dst, |p, b| p.intr(b)).unwrap();
            assert_eq!(
                irq.tokens,
                if notify { vec![L_RX as u32 + 1] } else { vec![] },
                "{src}->{dst}: NQR"
            );
            assert_eq!(
                irq.acks,
                if do_acks { vec![slot as u32] } else { vec![] },
                "{src}->{dst}: AQR"
            );
            // the sender's transmit token
            let irq = c.on(src, |p, b| p.intr(b)).unwrap();
            assert_eq!(irq.tokens, vec![L_TX as u32 + 1], "{src}->{dst}: sender's NQR");
            for k in 0..n {
                assert!(c.on(k, |p, b| p.poll(b, 0)).unwrap().is_none(), "node {k}: an error");
            }
            assert!(!c.net.irq(src) && !c.net.irq(dst), "irq after the handler");
        }
    }
    assert!(c.net.undeliverable.is_empty());
    eprintln!("cycles {} frames {}", c.net.cycles, c.net.log.len());
}

// verifies: PPE-R102 PPE-R103 PPE-R104 PPE-R148 PPE-R150
#[test]
fn s02_single_packet_messages_between_all_pairs_verilator() {
    if !verilator::require("ppe_node in Verilator") {
        return;
    }
    check("ppe_s02_verilator", 0xC502, |rng| {
        s2_all_pairs(Backend::Verilator, rng)
    });
}

#[allow(dead_code)]
fn unused(_: &dyn RegAccess) {
    let _ = (es::BAD_DST_NODE, hw::PCSR0, address0::DST_NODE, address1::DST_SLOT);
    let _ = (control0::ACK_PKT, control1::MSG_SIZE);
    let _: Option<Packet> = None;
}

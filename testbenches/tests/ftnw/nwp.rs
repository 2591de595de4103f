//! The network processor (`ftnw_nwp`: the node behind the IOC) on the single-node loop-back: X+
//! (link 0) cabled to X- (link 1) and back, with a cable latency. Everything goes through PCIe
//! as the host would use it: the links brought online and the receive side programmed with
//! BAR2 writes, credits issued before or after the send, messages sent by PPUT (the TX window,
//! write-combining flushes) or by NGET (the DMA engine), and the receive data and notification
//! read from host memory where POC wrote them. Ping (FTNW-H135) and ping-pong (H136) as §4.4
//! runs them, on VC 0 and another, native and Verilator.

use nicgen_driver::HostMem;
use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::pcie::WcCpu;
use nicgen_testbenches::ftnw_ioc::{Dma, Pput};
use nicgen_wire::ftnw::ioc::DmaRequest;
use nicgen_wire::ftnw::link as tnw;
use nicgen_wire::ftnw::rxbuff::{self as rxb, POLLMAGIC};
use nicgen_wire::ftnw::txwin::tx_offset;

/// Link l's register `off` (BAR2 offset).
fn link_reg(l: usize, off: u32) -> u32 {
    ((l as u32) << 12) + off
}

/// The loop-back NWP with its links online, an NGET buffer, and per (link, VC) a 256 KB receive
/// buffer and a notify block.
struct Loop {
    x: Dma,
    rx: u64,
    ntf: u64,
}

impl Loop {
    fn new(rng: &mut Rng, backend: Backend) -> Self {
        let cable = ChannelCfg {
            latency: 64,
            ..ChannelCfg::default()
        };
        let d = Pput::nwp(
            backend,
            4000,
            rng.next_u64(),
            &[(0, 1, cable.clone()), (1, 0, cable)],
        );
        let mut x = Dma::on(rng, d);
        for l in 0..2 {
            x.d.reg_write(link_reg(l, tnw::TX_CTRL::OFFSET), &0u32.to_le_bytes());
        }
        let rx = x.d.rc.mem.mem.alloc(2 * 8 * 0x4_0000, 4096).unwrap();
        let ntf = x.d.rc.mem.mem.alloc(2 * 8 * 64, 64).unwrap();
        x.d.rc.mem.mem.write(ntf, &[0; 2 * 8 * 64]).unwrap();
        for l in 0..2 {
            for vc in 0..8 {
                let (b, n) = (Self::buf(rx, l, vc), ntf + 64 * (8 * l + vc) as u64);
                x.d.reg_write(
                    link_reg(l, rxb::CRDBAR[vc].offset),
                    &(b as u32).to_le_bytes(),
                );
                x.d.reg_write(
                    link_reg(l, rxb::NTFBAR[vc].offset),
                    &(n as u32).to_le_bytes(),
                );
            }
        }
        x.d.drain(rng, 2000);
        Loop { x, rx, ntf }
    }

    fn buf(rx: u64, l: usize, vc: usize) -> u64 {
        rx + 0x4_0000 * (8 * l + vc) as u64
    }

    /// A credit on link `l`, VC `vc`: `size` packets at offset `c_d`, notify index `nid`.
    fn credit(&mut self, l: usize, vc: usize, c_d: u32, size: u32, nid: u32) {
        let at = self.ntf + 64 * (8 * l + vc) as u64 + 4 * nid as u64;
        self.x.d.rc.mem.mem.write(at, &[0; 4]).unwrap();
        let w = rxb::credit(c_d, size, nid);
        self.x
            .d
            .reg_write(link_reg(l, rxb::CRDFIFO[vc].offset), &w.to_le_bytes());
    }

    /// Run until the notification (`l`, `vc`, `nid`) holds POLLMAGIC.
    fn poll(&mut self, rng: &mut Rng, l: usize, vc: usize, nid: u32, what: &str) {
        let at = self.ntf + 64 * (8 * l + vc) as u64 + 4 * nid as u64;
        let start = self.x.d.cycles;
        loop {
            let mut b = [0u8; 4];
            self.x.d.rc.mem.mem.read(at, &mut b).unwrap();
            if u32::from_le_bytes(b) == POLLMAGIC {
                return;
            }
            for _ in 0..64 {
                self.x.d.event(rng);
            }
            assert!(self.x.d.cycles - start < 400_000, "{what}: no notification");
        }
    }

    /// `n` packets of link `l`'s VC `vc` receive buffer from offset `c_d`.
    fn received(&mut self, l: usize, vc: usize, c_d: u32, n: usize) -> Vec<u8> {
        let mut b = vec![0u8; 128 * n];
        let at = Self::buf(self.rx, l, vc) + 128 * c_d as u64;
        self.x.d.rc.mem.mem.read(at, &mut b).unwrap();
        b
    }

    /// A message of `msg.len() / 128` packets on link `l`, VC `vc`, from RAO 0: by PPUT as
    /// write-combining flushes, or by NGET from the DMA buffer (4 KB per request).
    fn send(&mut self, rng: &mut Rng, l: usize, vc: usize, msg: &[u8], nget: bool) {
        if nget {
            for (i, part) in msg.chunks(4096).enumerate() {
                let slot = i % 8;
                let at = self.x.buf + 4096 * slot as u64;
                self.x.d.rc.mem.mem.write(at, part).unwrap();
                let q = DmaRequest {
                    dwords: part.len() as u32 / 4,
                    link: l as u32,
                    vc: vc as u32,
                    rao: 32 * i as u32,
                    notidx: slot as u32,
                    bufoff: slot as u32,
                };
                self.x.request(rng, &q);
                // at most eight requests outstanding (the library waits for the oldest)
                if slot == 7 {
                    let n = self.x.notifications().len();
                    self.x.await_notifications(rng, n.max(1), "NGET part");
                }
            }
        } else {
            let mut cpu = WcCpu::new(rng.next_u64());
            cpu.store(tx_offset(l as u8, vc as u8, 0), msg);
            for (off, b) in cpu.flush() {
                self.x.d.write(off, &b);
            }
        }
    }
}

/// The pings: packets, by NGET, credit before the send, VC.
const PINGS: [(usize, bool, bool, usize); 4] = [
    (1, false, true, 0),
    (8, false, false, 5),
    (40, true, true, 0),
    (3, true, false, 3),
];

fn ping(rng: &mut Rng, backend: Backend, pings: &[(usize, bool, bool, usize)]) {
    let mut p = Loop::new(rng, backend);
    let mut nid = 0;
    for (k, &(pkts, nget, credit_first, vc)) in pings.iter().enumerate() {
        let msg: Vec<u8> = (0..128 * pkts).map(|_| rng.next_u64() as u8).collect();
        let what = format!(
            "ping {k}: {pkts} packets, VC {vc}, {}",
            if nget { "NGET" } else { "PPUT" }
        );
        // X+ sends, X- receives (the loop-back: link 0 to link 1)
        if credit_first {
            p.credit(1, vc, 0, pkts as u32, nid);
        }
        p.send(rng, 0, vc, &msg, nget);
        if !credit_first {
            for _ in 0..3000 {
                p.x.d.event(rng);
            }
            p.credit(1, vc, 0, pkts as u32, nid);
        }
        p.poll(rng, 1, vc, nid, &what);
        assert_eq!(
            p.received(1, vc, 0, pkts),
            msg,
            "{what}: the message in X-'s buffer"
        );
        nid = (nid + 1) % 16;
    }
    assert_eq!(p.x.d.seen, Default::default(), "no exception");
}

/// Ping-pong (§4.4.2): the initiator credits the pong, then sends the ping on X+; the
/// completer (here the same node) polls X-, sends the message back on X- (the loop-back cables
/// it to X+), the initiator polls X+. Message sizes 128 B to 8 KB, PPUT and NGET.
fn ping_pong(rng: &mut Rng, backend: Backend) {
    let mut p = Loop::new(rng, backend);
    for (it, &pkts) in [1usize, 4, 64, 2, 16].iter().enumerate() {
        let nget = it % 2 == 1;
        let nid = it as u32 % 16;
        let msg: Vec<u8> = (0..128 * pkts).map(|_| rng.next_u64() as u8).collect();
        let what = format!("ping-pong {it}: {pkts} packets");
        p.credit(0, 1, 0, pkts as u32, nid);
        p.send(rng, 0, 1, &msg, nget);
        p.credit(1, 1, 0, pkts as u32, nid);
        p.poll(rng, 1, 1, nid, &what);
        let got = p.received(1, 1, 0, pkts);
        assert_eq!(got, msg, "{what}: the ping");
        p.send(rng, 1, 1, &got, nget);
        p.poll(rng, 0, 1, nid, &what);
        assert_eq!(p.received(0, 1, 0, pkts), msg, "{what}: the pong");
    }
    assert_eq!(p.x.d.seen, Default::default(), "no exception");
}

// verifies: FTNW-H135 FTNW-H137 FTNW-H167
#[test]
fn nwp_ping_on_the_loopback_by_pput_and_nget() {
    // the native model of the whole NWP runs about 30 times slower than Verilator: two pings
    check("nwp_ping", 0x1D0, |rng| {
        ping(rng, Backend::Native, &[PINGS[0], PINGS[3]])
    });
}

// verifies: FTNW-H135 FTNW-H137 FTNW-H167
#[test]
fn nwp_ping_on_the_loopback_by_pput_and_nget_verilator() {
    if !verilator::require("nwp_ping_on_the_loopback_by_pput_and_nget_verilator") {
        return;
    }
    check("nwp_ping_verilator", 0x1D1, |rng| {
        ping(rng, Backend::Verilator, &PINGS)
    });
}

// verifies: FTNW-H136
#[test]
fn nwp_ping_pong_on_the_loopback_verilator() {
    if !verilator::require("nwp_ping_pong_on_the_loopback_verilator") {
        return;
    }
    check("nwp_ping_pong_verilator", 0x1D2, |rng| {
        ping_pong(rng, Backend::Verilator)
    });
}

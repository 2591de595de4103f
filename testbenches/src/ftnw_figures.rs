//! The FTNW host side's measurements (issue 13), shared by the bench (`ftnw_host_bench`, which
//! writes them to `build/bench/ftnw_host.json`) and by the tests that hold them to the thesis'
//! figures (`tests/ftnw/perf.rs`). All on Verilator with the IOC and TNW clocks at 4 ns, in IOC
//! cycles, with the host and the links never holding anything back by their own choice. Each
//! function checks its traffic (every packet, every byte, no exception) before it measures.

use nicgen_driver::ftnw::libftnw::Ftnw;
use nicgen_driver::ftnw::programs::{self, End, Method};
use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::ftnw::cluster::{nwp_loop, Cluster, NwpHost, Port};
use nicgen_sim::ftnw::ioc_host::{Dma, Pput};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::pcie::PcieConfig;
use nicgen_wire::ftnw::ioc::DmaRequest;
use nicgen_wire::ftnw::txwin::{tx_offset, ROB_SLOTS};

/// The cable latency of the loop-back and of two nodes, in words (TNW cycles) each way.
pub const CABLE_WORDS: usize = 64;

/// The re-order buffer on `ftnw_ioc` (FTNW-H058, H149).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RobFigures {
    /// A packet written as one 128-byte write into an idle re-order buffer: the CQ beat with
    /// its last item taken -> its first item taken by the link (the same for every link).
    pub traversal: u64,
    /// 64 packets as 128 back-to-back 64-byte writes into one link: CQ cycles per write (one
    /// header and four payload beats: 5 when nothing holds CQ back).
    pub per_64b_write: f64,
    /// The cycles CQ's `tready` held a beat back during those writes.
    pub cq_stalls: u64,
}

pub fn rob_figures() -> RobFigures {
    let mut rng = Rng::new(0xB0B);
    let mut d = Pput::new(Backend::Verilator, 4000, 1);
    d.p_ready = 1.0;
    eager(&mut d);
    // traversal: one packet at a time, each link in turn
    let mut trav = vec![];
    for k in 0..24u16 {
        let l = (k % 6) as usize;
        d.write(tx_offset(l as u8, (k % 8) as u8, k), &[k as u8; 128]);
        d.drain(&mut rng, 40);
        let first = d.first_at[l].pop_front().expect("the packet left");
        trav.push(first - d.cq_last_at);
        d.got[l].clear();
    }
    let traversal = *trav.iter().max().unwrap();
    assert_eq!(
        traversal,
        *trav.iter().min().unwrap(),
        "traversal varies: {trav:?}"
    );
    // back-to-back 64-byte writes into one link
    let start = d.cycles;
    let stalls = d.cq_stalls;
    for p in 0..ROB_SLOTS as u16 {
        for h in 0..2u64 {
            d.write(tx_offset(0, 1, p) + 64 * h, &[p as u8; 64]);
        }
    }
    d.drain(&mut rng, 400);
    let per_64b_write = (d.cq_last_at - start) as f64 / (2 * ROB_SLOTS) as f64;
    assert_eq!(d.got[0].len(), ROB_SLOTS, "every packet left");
    for (p, (_, words)) in d.got[0].iter().enumerate() {
        let b = p as u32 & 0xff;
        assert_eq!(words, &vec![b * 0x0101_0101; 32], "packet {p}");
    }
    assert_eq!(d.seen, Default::default(), "no write refused");
    RobFigures {
        traversal,
        per_64b_write,
        cq_stalls: d.cq_stalls - stalls,
    }
}

/// NGET on `ftnw_ioc` (FTNW-H146-H148).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NgetFigures {
    /// One 128-byte request (one 8-byte write): its CQ beat taken -> its read request taken on RQ.
    pub cmd_to_read: u64,
    /// The completion's last RC beat taken -> the notification taken on RQ.
    pub cpl_to_notify: u64,
    /// 32 requests of 4 KB over two links (max read request 512 B, max payload 256 B, read
    /// completion boundary 64 B, 113 cycles to the first completion, at most 8 requests out,
    /// the library's rule): RC beats over the cycles from the first to the last.
    pub host_efficiency: f64,
    /// The cycles of that stream in which the IOC held an offered RC beat back.
    pub rc_stalls: u64,
}

pub fn nget_figures() -> NgetFigures {
    let mut rng = Rng::new(0xB0B);
    let mut x = Dma::new(&mut rng, Backend::Verilator, 4000);
    x.d.p_ready = 1.0;
    eager(&mut x.d);
    x.d.set_config(PcieConfig {
        jitter: 0,
        ..PcieConfig::default()
    });
    x.d.drain(&mut rng, 100);
    let one = DmaRequest {
        dwords: 32,
        link: 0,
        vc: 0,
        rao: 0,
        notidx: 0,
        bufoff: 0,
    };
    x.request_as(&one, false);
    x.await_notifications(&mut rng, 1, "one NGET");
    let cmd_to_read = x.d.rq_reads_at[0] - x.d.cq_last_at;
    let cpl_to_notify = x.d.rq_log_at.last().unwrap() - x.d.rc_last_at;
    x.d.set_config(PcieConfig {
        jitter: 0,
        max_read_request: 512,
        max_payload: 256,
        rcb: 64,
        ..PcieConfig::default()
    });
    x.d.rc_beats = 0;
    x.d.rc_stalls = 0;
    let mut want = vec![];
    for k in 0..32u32 {
        let q = DmaRequest {
            dwords: 1024,
            link: k % 2,
            vc: 1,
            rao: 32 * (k / 2),
            notidx: k % 8,
            bufoff: k % 8,
        };
        want.extend(x.packets(&q).into_iter().map(|p| (q.link as usize, p)));
        x.request_in_window(&mut rng, &q);
    }
    x.await_notifications(&mut rng, 33, "NGET stream");
    x.d.deliver(&mut rng, 1 + 32 * 32, "NGET stream");
    assert_eq!(x.d.seen, Default::default(), "no exception");
    // the first request's packet on link 0, then the stream's (any order across requests)
    let mut got = vec![];
    for l in 0..2 {
        got.extend(x.d.got[l].drain(..).map(|p| (l, p)));
    }
    let first = got.iter().position(|g| g.0 == 0).expect("the first packet");
    assert_eq!(
        got.remove(first).1 .0,
        0,
        "the first request's packet first"
    );
    got.sort();
    want.sort();
    assert!(got == want, "every packet of the stream, once");
    NgetFigures {
        cmd_to_read,
        cpl_to_notify,
        host_efficiency: x.d.rc_beats as f64 / (x.d.rc_last_at - x.d.rc_first_at + 1) as f64,
        rc_stalls: x.d.rc_stalls,
    }
}

/// The root complex offers CQ and RC beats without gaps of its own choosing.
fn eager(d: &mut Pput) {
    d.src.p_gap = 0.0;
    d.rc_src.p_gap = 0.0;
}

/// libftnw on the loop-back (`CABLE_WORDS` each way) with the root complex never holding
/// anything back by its own choice.
pub fn fast_loop(seed: u64) -> Ftnw<NwpHost> {
    let mut f = nwp_loop(Backend::Verilator, CABLE_WORDS, seed);
    eager(&mut f.transport().d());
    f
}

/// `ftnw_nwp` on the loop-back, a 128-byte message credited before it is sent, by PPUT and by
/// NGET: the CQ beat of the host's last write of it (PPUT: the 128-byte TX-window write; NGET:
/// the DMA request) -> the receiver's notification write taken on RQ (FTNW-H150, H152).
pub fn latencies() -> [u64; 2] {
    let mut f = fast_loop(0x1A7);
    let ntf = f.buffers().unwrap().ntf;
    let mut lat = [0; 2];
    for (k, nget) in [false, true].into_iter().enumerate() {
        let k32 = k as u32;
        let msg: Vec<u8> = (0..128).map(|i| (i * 7 + k) as u8).collect();
        f.credit(1, 0, k32, 1, k32).unwrap();
        f.transport().cluster().drain(200);
        let n0 = f.transport().d().rq_log_at.len();
        if nget {
            f.nget_send(0, 0, &msg, 0, k32, 1).unwrap();
        } else {
            f.send(0, 0, &msg, 0, 1).unwrap();
        }
        let mut rx = vec![0; 128];
        f.poll(1, 0, k32, 1, &mut rx, k32).unwrap();
        assert_eq!(rx, msg, "the message");
        // the notification slot of (X-, VC 0, k)
        let slot = ntf + 4 * (16 * 8 + k as u64);
        let d = f.transport().d();
        let at = d.rq_log[n0..]
            .iter()
            .position(|&(a, _)| a == slot)
            .expect("the notification");
        lat[k] = d.rq_log_at[n0 + at] - d.cq_last_at;
    }
    lat
}

/// CPU-to-CPU efficiency on the loop-back: `messages` messages of 32 KB from X+ to X- by the
/// bandwidth program (credits kept out ahead, each message polled and copied out by the
/// receiver): payload bytes over the cycles from the first send to the last message taken, as
/// a fraction of the link's 4 bytes per cycle (FTNW-H151).
pub fn efficiency(how: Method, messages: usize) -> f64 {
    let mut f = fast_loop(0xEFF);
    let mut r = Rng::new(how as u64);
    let msgs: Vec<Vec<u8>> = (0..messages)
        .map(|_| (0..32768).map(|_| r.next_u64() as u8).collect())
        .collect();
    let t0 = f.transport().d().cycles;
    let end = |lid| End {
        node: 0,
        lid,
        vcid: 2,
    };
    let got = programs::bandwidth(std::slice::from_mut(&mut f), end(0), end(1), &msgs, how)
        .expect("bandwidth run");
    assert_eq!(got, msgs, "{how:?}: every message");
    let d = f.transport().d();
    assert_eq!(d.seen, Default::default(), "no exception");
    // the link carries one 32-bit word per TNW cycle, the TNW clock is the IOC's
    (messages * 32768) as f64 / (4.0 * (d.cycles - t0) as f64)
}

/// §5.6's multi-link ping-pong (FTNW-H155) between two nodes cabled X+/X-/Y+/Y- both ways,
/// 256 KB by PPUT, 2 rounds on `links` links at once: 2 x length x rounds x links over the
/// time at 4 ns a cycle, in GB/s.
pub fn pingpong_gbps(links: usize) -> f64 {
    let pairs: Vec<(Port, Port)> = (0..4).map(|l| ((0, l), (1, l ^ 1))).collect();
    let cables = Cluster::duplex(&pairs, |_| ChannelCfg {
        latency: CABLE_WORDS,
        ..ChannelCfg::default()
    });
    let mut f = Cluster::new(Backend::Verilator, 2, &cables, 0x44).libraries();
    for x in &mut f {
        eager(&mut x.transport().d());
    }
    let end = |node, lid: usize| End {
        node,
        lid: lid as u32,
        vcid: 0,
    };
    let ends: Vec<(End, End)> = pairs[..links]
        .iter()
        .map(|&((na, la), (nb, lb))| (end(na, la), end(nb, lb)))
        .collect();
    let msg: Vec<u8> = (0..256 * 1024).map(|i| (i * 13 + i / 256) as u8).collect();
    let (rounds, t0) = (2, f[0].transport().cluster().cycles());
    let got = programs::ping_pong_links(&mut f, &ends, &msg, rounds).expect("ping-pong");
    assert!(got.iter().all(|g| *g == msg), "every pong");
    let cycles = f[0].transport().cluster().cycles() - t0;
    (2 * msg.len() * rounds * links) as f64 / (cycles as f64 * 4.0)
}

//! `make bench`: the FTNW host side's figures (issue 13) in Verilator, the `ftnw_ioc` top driven
//! by the root-complex model's CPU, the IOC and TNW clocks both at 4 ns (cycles are IOC cycles):
//! - `rob_traversal_cycles`: a packet written as one 128-byte write into an idle re-order
//!   buffer, the CQ beat with its last item taken -> its first item taken by the link
//!   (thesis §3.2.2: 20 for its re-order buffer, 17 for a plain FIFO; the goal <= 17);
//! - `pput_cycles_per_64b_write`, `pput_cq_stall_cycles`: 64 packets as 128 back-to-back 64-byte
//!   writes into one link (DATA_MEM's 64 slots) with the link always ready: CQ cycles per write
//!   (one header and four payload beats), and the cycles CQ's `tready` held a beat back
//!   (FTNW-H149: none until the buffer is full);
//! - `nget_cmd_to_read_cycles`, `nget_cpl_to_notify_cycles`: a 128-byte NGET, the CQ beat of
//!   the DMA request taken -> its read request taken on RQ, and the completion's last RC beat
//!   taken -> the notification taken on RQ (FTNW-H146: the thesis' 60 ns = 15 cycles and ~10
//!   cycles at 250 MHz);
//! - `nget_host_efficiency`: 32 requests of 4 KB over two links (max read request 512 B, max
//!   payload 256 B, read completion boundary 64 B, 113 cycles to the first completion, RC never
//!   idle by the host's choice): RC beats over the cycles from the first to the last (FTNW-H148:
//!   the thesis reaches 0.93 of what its completions allow; goal >= 0.95);
//! - `pput_latency_cycles`, `nget_latency_cycles`: `ftnw_nwp` on the single-node loop-back
//!   (64-word cables), a 128-byte message credited before it is sent: the CQ beat of the host's
//!   last write of it (PPUT: the 128-byte TX-window write; NGET: the DMA request) -> the
//!   receiver's notification write taken on RQ (thesis §5.5: 1.561 us and 2.103 us, 390 and 526
//!   cycles at 250 MHz, through two PHYs and a cable);
//! - `pput_efficiency_32k`, `nget_efficiency_32k`: the bandwidth program of libftnw on the
//!   loop-back, 8 messages of 32 KB from X+ to X- (credits kept out ahead, each message polled
//!   and copied out by the receiver): payload bytes over the cycles from the first send to the
//!   last message taken, as a fraction of the link's 4 bytes per cycle (thesis: 0.88 and 0.81;
//!   goals 0.92 and 0.90);
//! - `pingpong_1link_gbps_at_250mhz`, `pingpong_4links_gbps_at_250mhz`: §5.6's multi-link
//!   ping-pong (FTNW-H155) between two nodes cabled X+/X-/Y+/Y- both ways (64-word cables),
//!   256 KB by PPUT, 2 rounds on 1 and on 4 links at once: 2 x length x rounds x links over
//!   the time at 4 ns a cycle (thesis Table 5.12: 0.50 and 1.84 GB/s);
//! - ECP5 figures of `ftnw_ioc` and `ftnw_nwp` from `build/synth/<top>.json` (`make synth
//!   TOPS="ftnw_ioc ftnw_nwp"`; `ftnw_nwp` placed, not routed: its Fmax is nextpnr's estimate).
//! Writes build/bench/ftnw_host.json.

use nicgen_driver::ftnw::libftnw::Ftnw;
use nicgen_driver::ftnw::programs::{self, End, Method};
use nicgen_sim::ftnw::channel::ChannelCfg;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::pcie::PcieConfig;
use nicgen_testbenches::bench::{synth, write};
use nicgen_testbenches::ftnw_ioc::{Dma, Pput};
use nicgen_testbenches::ftnw_nwp::{nwp_loop, Cluster, NwpHost, Port};
use nicgen_wire::ftnw::ioc::DmaRequest;
use nicgen_wire::ftnw::txwin::{tx_offset, ROB_SLOTS};
use std::collections::BTreeMap;

fn main() {
    // emitting `ftnw_nwp` for Verilator recurses deeply: a thread with the stack the tests get
    // (RUST_MIN_STACK in .cargo/config.toml)
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

/// libftnw on the loop-back (64-word cables) with the root complex and the links never holding
/// anything back by their own choice.
fn fast_loop(seed: u64) -> Ftnw<NwpHost> {
    let mut f = nwp_loop(Backend::Verilator, 64, seed);
    {
        let mut d = f.transport().d();
        d.src.p_gap = 0.0;
        d.rc_src.p_gap = 0.0;
    }
    f
}

fn run() {
    let mut rng = Rng::new(0xB0B);
    let mut d = Pput::new(Backend::Verilator, 4000, 1);
    d.p_ready = 1.0;
    d.src.p_gap = 0.0;
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
    let per_write = (d.cq_last_at - start) as f64 / (2 * ROB_SLOTS) as f64;
    let stalls = d.cq_stalls - stalls;
    assert_eq!(d.got[0].len(), ROB_SLOTS, "every packet left");
    assert_eq!(d.seen, Default::default(), "no write refused");
    // NGET: one 128-byte request, timed at both ends
    let mut x = Dma::new(&mut rng, Backend::Verilator, 4000);
    x.d.p_ready = 1.0;
    x.d.src.p_gap = 0.0;
    x.d.rc_src.p_gap = 0.0;
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
    x.request(&mut rng, &one);
    x.await_notifications(&mut rng, 1, "one NGET");
    let cmd_to_read = x.d.rq_reads_at[0] - x.d.cq_last_at;
    let cpl_to_notify = x.d.rq_log_at.last().unwrap() - x.d.rc_last_at;
    // NGET streaming: 32 requests of 4 KB, alternating links, at most 8 outstanding (the
    // library's rule)
    x.d.set_config(PcieConfig {
        jitter: 0,
        max_read_request: 512,
        max_payload: 256,
        rcb: 64,
        ..PcieConfig::default()
    });
    x.d.rc_beats = 0;
    for k in 0..32u32 {
        let q = DmaRequest {
            dwords: 1024,
            link: k % 2,
            vc: 1,
            rao: 32 * (k / 2),
            notidx: k % 8,
            bufoff: k % 8,
        };
        x.request_in_window(&mut rng, &q);
    }
    x.await_notifications(&mut rng, 33, "NGET stream");
    x.d.deliver(&mut rng, 1 + 32 * 32, "NGET stream");
    assert_eq!(x.d.seen, Default::default(), "no exception");
    let host_eff = x.d.rc_beats as f64 / (x.d.rc_last_at - x.d.rc_first_at + 1) as f64;
    // latency on the loop-back, through libftnw: PPUT, then NGET, one 128-byte message each
    let mut f = fast_loop(0x1A7);
    let ntf = f.buffers().unwrap().ntf;
    let mut lat = vec![];
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
        lat.push(d.rq_log_at[n0 + at] - d.cq_last_at);
    }
    // CPU-to-CPU efficiency: 8 messages of 32 KB from X+ to X- by the bandwidth program
    let eff = |how: Method| {
        let mut f = fast_loop(0xEFF);
        let mut r = Rng::new(how as u64);
        let msgs: Vec<Vec<u8>> = (0..8)
            .map(|_| (0..32768).map(|_| r.next_u64() as u8).collect())
            .collect();
        let t0 = f.transport().d().cycles;
        let (from, to) = (
            End {
                node: 0,
                lid: 0,
                vcid: 2,
            },
            End {
                node: 0,
                lid: 1,
                vcid: 2,
            },
        );
        let got = programs::bandwidth(std::slice::from_mut(&mut f), from, to, &msgs, how)
            .expect("bandwidth run");
        assert_eq!(got, msgs, "{how:?}: every message");
        let d = f.transport().d();
        assert_eq!(d.seen, Default::default(), "no exception");
        // the link carries one 32-bit word per TNW cycle, the TNW clock is the IOC's
        (8 * 32768) as f64 / (4.0 * (d.cycles - t0) as f64)
    };
    let (pput_eff, nget_eff) = (eff(Method::Pput), eff(Method::Nget));
    // the multi-link ping-pong of §5.6: two nodes, X and Y cabled both ways; 256 KB
    let pingpong = |links: usize| {
        let pairs: Vec<(Port, Port)> = (0..4).map(|l| ((0, l), (1, l ^ 1))).collect();
        let cables = Cluster::duplex(&pairs, |_| ChannelCfg::default());
        let mut f = Cluster::new(Backend::Verilator, 2, &cables, 0x44).libraries();
        for x in &mut f {
            let mut d = x.transport().d();
            d.src.p_gap = 0.0;
            d.rc_src.p_gap = 0.0;
        }
        let ends: Vec<(End, End)> = pairs[..links]
            .iter()
            .map(|&((na, la), (nb, lb))| {
                (
                    End {
                        node: na,
                        lid: la as u32,
                        vcid: 0,
                    },
                    End {
                        node: nb,
                        lid: lb as u32,
                        vcid: 0,
                    },
                )
            })
            .collect();
        let msg: Vec<u8> = (0..256 * 1024).map(|i| (i * 13 + i / 256) as u8).collect();
        let (rounds, t0) = (2, f[0].transport().cluster().cycles());
        let got = programs::ping_pong_links(&mut f, &ends, &msg, rounds).expect("ping-pong");
        assert!(got.iter().all(|g| *g == msg), "every pong");
        let cycles = f[0].transport().cluster().cycles() - t0;
        // the thesis' totData = 2 * msgLen * nIter * nLink over the time, in GB/s at 4 ns
        (2 * msg.len() * rounds * links) as f64 / (cycles as f64 * 4.0)
    };
    let (pp1, pp4) = (pingpong(1), pingpong(4));
    let mut j = BTreeMap::new();
    j.insert("pput_latency_cycles", lat[0] as f64);
    j.insert("pput_efficiency_32k", pput_eff);
    j.insert("pingpong_1link_gbps_at_250mhz", pp1);
    j.insert("pingpong_4links_gbps_at_250mhz", pp4);
    j.insert("nget_efficiency_32k", nget_eff);
    j.insert("nget_latency_cycles", lat[1] as f64);
    j.insert("nget_cmd_to_read_cycles", cmd_to_read as f64);
    j.insert("nget_cpl_to_notify_cycles", cpl_to_notify as f64);
    j.insert("nget_host_efficiency", host_eff);
    j.insert("rob_traversal_cycles", traversal as f64);
    j.insert("pput_cycles_per_64b_write", per_write);
    j.insert("pput_cq_stall_cycles", stalls as f64);
    // per top: its LUT4, FF, DP16KD and Fmax keys
    let tops = [
        (
            "ftnw_ioc",
            [
                "ftnw_ioc_lut4",
                "ftnw_ioc_ff",
                "ftnw_ioc_dp16kd",
                "ftnw_ioc_fmax_mhz_ioc_clock",
                "ftnw_ioc_fmax_mhz_tnw_clock",
            ],
        ),
        (
            "ftnw_nwp",
            [
                "ftnw_nwp_lut4",
                "ftnw_nwp_ff",
                "ftnw_nwp_dp16kd",
                "ftnw_nwp_fmax_mhz_ioc_clock",
                "ftnw_nwp_fmax_mhz_tnw_clock",
            ],
        ),
    ];
    for (top, [lut4, ff, dp16kd, f_ioc, f_tnw]) in tops {
        let s = synth(top);
        let num = |k: &str| s.as_ref().and_then(|o| o.num(k)).unwrap_or(f64::NAN);
        let fmax = |clk: &str| {
            s.as_ref()
                .and_then(|o| {
                    let i = o.0.find("\"fmax_mhz\"")?;
                    nicgen_testbenches::bench::Obj(o.0[i..].to_string()).num(clk)
                })
                .unwrap_or(f64::NAN)
        };
        j.insert(lut4, num("lut4"));
        j.insert(ff, num("ff"));
        j.insert(dp16kd, num("bram"));
        j.insert(f_ioc, fmax("clock"));
        j.insert(f_tnw, fmax("tnw_clock"));
    }
    eprintln!(
        "loop-back latency: PPUT {} cycles, NGET {} cycles; 32 KB efficiency PPUT {pput_eff:.3}, NGET {nget_eff:.3}; ping-pong 256 KB {pp1:.3} GB/s on one link, {pp4:.3} on four",
        lat[0], lat[1]
    );
    eprintln!(
        "NGET: {cmd_to_read} cycles command to read, {cpl_to_notify} completion to notification, {host_eff:.3} of RC"
    );
    eprintln!(
        "rob traversal {traversal} cycles; {per_write:.2} cycles per 64-byte write, {stalls} stalls"
    );
    write("ftnw_host", &j);
}

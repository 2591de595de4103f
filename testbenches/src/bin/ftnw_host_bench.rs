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
//!   the thesis reaches 0.93 of what its completions allow; goal >= 0.95), and
//!   `nget_rc_stall_cycles`, the cycles the IOC held an RC beat back (FTNW-H147: none);
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
//! The measurements are `nicgen_testbenches::ftnw_figures`'s, which `tests/ftnw/perf.rs` holds
//! to the thesis. Writes build/bench/ftnw_host.json.

use nicgen_driver::ftnw::programs::Method;
use nicgen_testbenches::bench::{synth, write};
use nicgen_testbenches::ftnw_figures::{
    efficiency, latencies, nget_figures, pingpong_gbps, rob_figures,
};
use std::collections::BTreeMap;

fn main() {
    nicgen_testbenches::bench::on_big_stack(run);
}

fn run() {
    let rob = rob_figures();
    let (traversal, per_write, stalls) = (rob.traversal, rob.per_64b_write, rob.cq_stalls);
    let nget = nget_figures();
    let (cmd_to_read, cpl_to_notify, host_eff) =
        (nget.cmd_to_read, nget.cpl_to_notify, nget.host_efficiency);
    let lat = latencies();
    let (pput_eff, nget_eff) = (efficiency(Method::Pput, 8), efficiency(Method::Nget, 8));
    let (pp1, pp4) = (pingpong_gbps(1), pingpong_gbps(4));
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
    j.insert("nget_rc_stall_cycles", nget.rc_stalls as f64);
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

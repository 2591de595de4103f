//! `make bench`: the M3 DTU's command latencies (issue 16) in Verilator: two PEs (`dtu` tops) on
//! the NoC model with a one-cycle hop and single-cycle local memories, no stalls. A command's
//! latency is the cycles from its COMMAND write's strobe to the first cycle COMMAND reads 0
//! (the DTU's `cmd_busy` falling), for an 8-byte payload where one applies; next to each the
//! gem5 TCU model's figure the issue compares with (`gem5_*`). Also the MMIO access latency
//! (strobe to `ready`), the bytes per cycle of a 4 KB READ and WRITE and of 1 KB SENDs, and
//! `send_msgs_per_kcycle`: 64-byte messages from PE 0 to PE 1, sustained (PE 1's core fetches
//! and acknowledges each message while PE 0 sends the next; every MMIO access of both cores
//! counted).
//! Writes build/bench/dtu.json (with `build/synth/dtu.json`'s and `dtu_system.json`'s figures
//! when present).

use nicgen_sim::dtu::net::DtuNet;
use nicgen_sim::harness::backend::Backend;
use nicgen_testbenches::bench::{synth, write};
use nicgen_wire::dtu::{self as w, command_word, mem_ep, send_ep, Op};
use std::collections::BTreeMap;

fn net() -> DtuNet {
    let mut n = DtuNet::new(Backend::Verilator, 2, 1 << 16, 1);
    n.delay = (1, 1);
    n.req_capacity = 64;
    // PE 1: receive EP 0 (32 slots of 2 KB); PE 0: send EP 1 to it (unlimited credits), reply
    // EP 2, memory EP 3 on PE 1 (32 KB, read and write)
    let cfg = [
        (1, 0, w::recv_ep(0x8000, 11, 4, 0)),
        (0, 1, w::send_ep(1, 1, 0, send_ep::UNLIMITED, 0, 0x800)),
        (0, 2, w::recv_ep(0x8000, 11, 4, 0)),
        (
            0,
            3,
            w::memory_ep(1, mem_ep::READ | mem_ep::WRITE, 0, 0x8000),
        ),
    ];
    for (pe, ep, words) in cfg {
        for (j, x) in words.into_iter().enumerate() {
            n.write(pe, w::ep_addr(ep, j), x);
        }
    }
    n
}

fn args(n: &mut DtuNet, pe: usize, addr: u64, size: u64) {
    n.write(pe, w::DATA, w::data_word(addr, size));
    n.write(pe, w::ARG1, 0);
}

fn main() {
    nicgen_testbenches::bench::on_big_stack(bench);
}

fn bench() {
    if !nicgen_sim::harness::verilator::available() {
        eprintln!("dtu_bench: verilator not on PATH (make setup)");
        std::process::exit(1);
    }
    let mut n = net();
    let mut j: BTreeMap<&str, f64> = BTreeMap::new();
    let put = |j: &mut BTreeMap<&str, f64>, k: &'static str, v: f64| {
        eprintln!("  {k}: {v}");
        j.insert(k, v);
    };
    // MMIO: strobe to ready (a command register, an endpoint word)
    let t = n.cycles;
    n.read(0, w::COMMAND);
    put(&mut j, "reg_access_cycles", (n.cycles - t - 1) as f64);
    let t = n.cycles;
    n.read(0, w::ep_addr(1, 0));
    put(&mut j, "reg_access_ep_cycles", (n.cycles - t - 1) as f64);
    // one command of each kind, 8 bytes where data moves (DTU_BENCH_TRACE=1: every flit,
    // memory request and busy cycle of these on stderr)
    n.trace = std::env::var("DTU_BENCH_TRACE").is_ok_and(|v| v == "1");
    args(&mut n, 0, 0x100, 8);
    let send = n.command_cycles(0, command_word(Op::Send, 1, 2));
    n.quiesce();
    let fetch = n.command_cycles(1, command_word(Op::Fetch, 0, 0));
    args(&mut n, 1, 0x100, 8);
    let reply = n.command_cycles(1, command_word(Op::Reply, 0, 0x8000));
    n.quiesce();
    let ack = n.command_cycles(1, command_word(Op::AckMsg, 0, 0x8000));
    args(&mut n, 0, 0x200, 8);
    let read = n.command_cycles(0, command_word(Op::Read, 3, 0x40));
    let wr = n.command_cycles(0, command_word(Op::Write, 3, 0x40));
    n.trace = false;
    for (k, v, gem5_k, gem5) in [
        ("cmd_send_cycles", send, "gem5_send_cycles", 21),
        ("cmd_reply_cycles", reply, "gem5_reply_cycles", 25),
        ("cmd_read_cycles", read, "gem5_read_cycles", 20),
        ("cmd_write_cycles", wr, "gem5_write_cycles", 14),
        ("cmd_fetch_cycles", fetch, "gem5_fetch_cycles", 8),
        ("cmd_ack_msg_cycles", ack, "gem5_ack_msg_cycles", 10),
    ] {
        put(&mut j, k, v as f64);
        j.insert(gem5_k, gem5 as f64);
    }
    j.insert("gem5_reg_access_cycles", 6.0);
    // throughput: 4 KB READ and WRITE, 1 KB messages back to back
    n.quiesce();
    args(&mut n, 0, 0x1000, 4096);
    let c = n.command_cycles(0, command_word(Op::Read, 3, 0x1000));
    put(&mut j, "read_4k_bytes_per_cycle", 4096.0 / c as f64);
    let c = n.command_cycles(0, command_word(Op::Write, 3, 0x1000));
    put(&mut j, "write_4k_bytes_per_cycle", 4096.0 / c as f64);
    args(&mut n, 0, 0x1000, 1000);
    let t = n.cycles;
    for _ in 0..8 {
        n.command_cycles(0, command_word(Op::Send, 1, 2));
    }
    put(
        &mut j,
        "send_1k_bytes_per_cycle",
        8000.0 / (n.cycles - t) as f64,
    );
    // sustained 64-byte messages, the receiver draining as they come
    n.quiesce();
    args(&mut n, 0, 0x1000, 64);
    let msgs = 64;
    let t = n.cycles;
    let mut drained = 0;
    for i in 0..=msgs {
        if i < msgs {
            n.start(0, command_word(Op::Send, 1, 2));
        }
        if i > 0 {
            let (v, _) = n.command(1, command_word(Op::Fetch, 0, 0));
            assert_eq!(w::command::ERR.get(v), 0, "FETCH");
            let msg = n.read(1, w::ARG1);
            assert_ne!(msg, 0, "message {} not received", i - 1);
            let (v, _) = n.command(1, command_word(Op::AckMsg, 0, msg));
            assert_eq!(w::command::ERR.get(v), 0, "ACK_MSG");
            drained += 1;
        }
        if i < msgs {
            let v = n.wait(0);
            assert_eq!(w::command::ERR.get(v), 0, "SEND {i}");
        }
    }
    assert_eq!(drained, msgs);
    put(
        &mut j,
        "send_msgs_per_kcycle",
        msgs as f64 * 1000.0 / (n.cycles - t) as f64,
    );
    match synth("dtu") {
        Some(s) => {
            j.insert("fmax_mhz", s.num("clock").unwrap_or(f64::NAN));
            j.insert("lut4", s.num("lut4").unwrap_or(f64::NAN));
            j.insert("ff", s.num("ff").unwrap_or(f64::NAN));
            j.insert("bram", s.num("bram").unwrap_or(f64::NAN));
        }
        None => eprintln!("  no build/synth/dtu.json: run `make synth TOPS=dtu`"),
    }
    // the 4-PE system (`make synth TOPS=dtu_system`: about an hour of place and route)
    match synth("dtu_system") {
        Some(s) => {
            j.insert("system_fmax_mhz", s.num("clock").unwrap_or(f64::NAN));
            j.insert("system_lut4", s.num("lut4").unwrap_or(f64::NAN));
            j.insert("system_ff", s.num("ff").unwrap_or(f64::NAN));
        }
        None => eprintln!("  no build/synth/dtu_system.json: run `make synth TOPS=dtu_system`"),
    }
    write("dtu", &j);
}

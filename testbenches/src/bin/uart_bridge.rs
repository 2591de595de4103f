//! `make bench`: register accesses per second through the ULX3S board's UART bridge at its
//! default baud rate, measured on the Verilated board top (in-process byte stream: the host
//! sends the next request the cycle the last response byte arrives, so the figure is the
//! board's, without USB or host latency), as a fraction of the frame format's theoretical
//! maximum (`nicgen_wire::board::bridge::max_accesses_per_second`). Also the same accesses over the
//! pseudo-terminal, in wall-clock time, as the simulated board's speed. Writes
//! build/bench/uart_bridge.json.

use nicgen_driver::transport::serial::{Serial, TtyPort};
use nicgen_driver::RegAccess;
use nicgen_sim::board::{over_pty, BoardSim};
use nicgen_wire::board::bridge as wb;
use std::time::{Duration, Instant};

const N: u64 = 200;

fn main() {
    nicgen_testbenches::bench::on_big_stack(bench);
}

fn bench() {
    nicgen_testbenches::register_boards();
    let Some(b) = BoardSim::verilator() else {
        eprintln!("uart_bridge: needs Verilator");
        std::process::exit(1);
    };
    let (hz, div, baud) = (b.cfg.clock_hz(), b.cfg.baud_div(), b.cfg.baud);
    let id = wb::board_addr(&wb::BOARD_ID) as u64;
    let flip = wb::board_addr(&wb::BOARD_CABLE_FLIP) as u64;
    let mut s = Serial::new(b);
    s.read32(id).unwrap(); // settle
    let cyc = |s: &mut Serial<BoardSim>, write: bool| -> f64 {
        let b = s.get_mut().cycle;
        for i in 0..N {
            if write {
                s.write32(flip, i as u32).unwrap();
            } else {
                assert_eq!(s.read32(id).unwrap(), wb::BOARD_ID_VALUE);
            }
        }
        (s.get_mut().cycle - b) as f64 / N as f64
    };
    let read_cycles = cyc(&mut s, false);
    let write_cycles = cyc(&mut s, true);
    let max = wb::max_accesses_per_second(baud);
    let per_s = |c: f64| hz as f64 / c;
    let ideal_cycles = hz as f64 / max;
    println!(
        "uart_bridge: {baud} baud ({div} cycles per bit at {hz} Hz): read {read_cycles:.0} cycles, write {write_cycles:.0} cycles per access (frame time {ideal_cycles:.0})"
    );
    let (r, w) = (per_s(read_cycles), per_s(write_cycles));
    println!(
        "  {r:.0} reads/s, {w:.0} writes/s; theoretical {max:.0}/s: {:.3} and {:.3}",
        r / max,
        w / max
    );

    // the same over the pseudo-terminal, wall clock (the simulator's speed, not the board's)
    let (pty_rate, board_cycles) = over_pty("uart_bridge bench", |path| {
        let tty = TtyPort::open(path, baud, Duration::from_secs(30)).unwrap();
        let mut s = Serial::new(tty);
        s.read32(id).unwrap();
        let t = Instant::now();
        for _ in 0..N {
            s.read32(id).unwrap();
        }
        N as f64 / t.elapsed().as_secs_f64()
    })
    .map(|(r, sim)| (r, sim.cycle))
    .unwrap();
    println!(
        "  over the pty (Verilated board, wall clock): {pty_rate:.0} accesses/s ({board_cycles} board cycles)"
    );
    let json = format!(
        "{{\n  \"baud\": {baud},\n  \"clock_hz\": {hz},\n  \"cycles_per_bit\": {div},\n  \"request_bytes\": {},\n  \"response_bytes\": {},\n  \"theoretical_accesses_per_s\": {max:.1},\n  \"read_cycles_per_access\": {read_cycles:.1},\n  \"write_cycles_per_access\": {write_cycles:.1},\n  \"reads_per_s\": {r:.1},\n  \"writes_per_s\": {w:.1},\n  \"read_fraction_of_max\": {:.4},\n  \"write_fraction_of_max\": {:.4},\n  \"pty_sim_accesses_per_s_wall\": {pty_rate:.1}\n}}\n",
        wb::REQUEST_BYTES,
        wb::RESPONSE_BYTES,
        r / max,
        w / max
    );
    let dir = nicgen_sim::workspace_root().join("build/bench");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("uart_bridge.json");
    std::fs::write(&path, json).unwrap();
    println!("wrote {}", path.display());
}

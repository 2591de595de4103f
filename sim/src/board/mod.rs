//! Hardware in the loop without a board: the Verilator model of an emitted board top (`ulx3s`,
//! or `ulx3s_dtu` with [`BoardSim::verilator_top`]), its UART pins driven and sampled by the
//! bit-level models of `uart`, its MDIO pins (`ulx3s`'s two) answered by `MdioPhy` models, and its UART joined either to a pseudo-terminal ([`serve_pty`]: the
//! driver's serial transport opens the path as it would open the board's `/dev/ttyUSB0`) or
//! directly to the caller as a byte stream ([`BoardSim`] is `Read + Write`; deterministic).
//!
//! Simulation time is the link clock (the PLL is a pass-through in simulation). Behind a pty
//! the model runs while bytes are in flight and for `tail` cycles after (longer than the
//! bridge's truncation timeout, so a truncated request is answered), then waits for the
//! driver. Every byte from the driver is logged with its cycle, so a failing run is replayed
//! exactly with a VCD of its last cycles ([`over_pty`]).

pub mod pty;
pub mod uart;

use crate::board::pty::Pty;
use crate::board::uart::{RxEvent, UartRxModel, UartTxModel};
use crate::ftnw::mdio_phy::MdioPhy;
use crate::harness::clock::Clocks;
use crate::harness::verilator::Model;
use nicgen_wire::board::clocking::BoardConfig;
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

struct Ports {
    clk: usize,
    btn: usize,
    txd: usize,
    rxd: usize,
    /// Per MDIO bus of the top: mdc, mdio_o, mdio_oe, mdio_i.
    mdio: Vec<[usize; 4]>,
}

pub struct BoardSim {
    /// The board top's name.
    pub top: &'static str,
    m: Model,
    p: Ports,
    /// The link clock (the PLL passes the oscillator through in simulation), 10 ns.
    clk: Clocks,
    pub cfg: BoardConfig,
    /// Host to board (`ftdi_txd`) and board to host (`ftdi_rxd`).
    pub tx: UartTxModel,
    pub rx: UartRxModel,
    pub phy: Vec<MdioPhy>,
    /// Link-clock cycles simulated.
    pub cycle: u64,
    /// Bytes from the board not yet taken by the host.
    pub out: VecDeque<u8>,
    /// Bytes the board sent with a bad stop bit (a bug: the test fails on any).
    pub framing_errors: u64,
    /// Every byte the host put on the line, with the cycle it was queued.
    pub log: Vec<(u64, u8)>,
    trace_from: Option<u64>,
    /// Cycles `Read` may run without a byte before it gives up.
    pub read_limit: u64,
}

impl BoardSim {
    /// The Verilated `ulx3s` top, out of reset; `None` (after a loud SKIPPED) without Verilator.
    pub fn verilator() -> Option<BoardSim> {
        Self::verilator_top("ulx3s")
    }

    /// The Verilated board top `top` (`ulx3s` or `ulx3s_dtu`), out of reset; `None` (after a
    /// loud SKIPPED) without Verilator. The board tops must have been registered with
    /// `harness::backend::register` (`nicgen_testbenches::register_boards`).
    pub fn verilator_top(top: &'static str) -> Option<BoardSim> {
        Self::verilator_top_vcd(top, None)
    }

    /// [`BoardSim::verilator_top`], with `vcd`: built with `--trace`, its VCD opened there (a
    /// replay; dumps start at `trace_from`).
    fn verilator_top_vcd(top: &'static str, vcd: Option<&Path>) -> Option<BoardSim> {
        if !crate::harness::verilator::require(&format!("the Verilated {top} board top")) {
            return None;
        }
        let built = crate::harness::backend::emitted(top);
        let cfg = BoardConfig::of_board(top)
            .unwrap_or_else(|| panic!("no board configuration for {top}"));
        let m = Model::with_vcd(top, &built.0, built.1.clone(), vcd)
            .unwrap_or_else(|e| panic!("{e:#}"));
        let pi = |n: &str| m.port(n);
        let phys = built.1.iter().filter(|p| p.name.ends_with("_mdc")).count();
        let p = Ports {
            clk: pi("clk_25mhz"),
            btn: pi("btn"),
            txd: pi("ftdi_txd"),
            rxd: pi("ftdi_rxd"),
            mdio: (0..phys)
                .map(|k| ["mdc", "mdio_o", "mdio_oe", "mdio_i"].map(|n| pi(&format!("phy{k}_{n}"))))
                .collect(),
        };
        let div = cfg.baud_div() as u32;
        let mut s = BoardSim {
            top,
            m,
            p,
            clk: Clocks::new(&[10_000]),
            cfg,
            tx: UartTxModel::new(div),
            rx: UartRxModel::new(div),
            phy: (0..phys).map(|_| MdioPhy::new(0)).collect(),
            cycle: 0,
            out: VecDeque::new(),
            framing_errors: 0,
            log: vec![],
            trace_from: None,
            read_limit: 50_000_000,
        };
        s.m.set(s.p.btn, 0x01); // PWRn released
        s.m.set(s.p.txd, 1);
        for q in &s.p.mdio {
            s.m.set(q[3], 1);
        }
        s.m.set(s.p.clk, 0);
        s.m.eval();
        s.run(16); // through the reset synchronizer
        Some(s)
    }

    /// Queue host bytes on the line (logged with the current cycle).
    pub fn send(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.log.push((self.cycle, b));
            self.tx.queue.push_back(b);
        }
    }

    /// The UART is quiet both ways.
    pub fn line_idle(&self) -> bool {
        self.tx.idle() && !self.rx.busy()
    }

    /// One link-clock cycle.
    pub fn step(&mut self) {
        let p = &self.p;
        let level = self.tx.tick();
        self.m.set(p.txd, level as u128);
        self.m.eval();
        let rise = self.clk.advance();
        self.m.set(p.clk, 1);
        self.m.eval();
        if self.trace_from.is_some_and(|c| self.cycle >= c) {
            self.m.dump(rise.time_ps);
        }
        match self.rx.tick(self.m.get(p.rxd) != 0) {
            Some(RxEvent::Byte(b)) => self.out.push_back(b),
            Some(RxEvent::FramingError(_)) => self.framing_errors += 1,
            None => {}
        }
        for (q, phy) in p.mdio.iter().zip(self.phy.iter_mut()) {
            let (mdc, o, oe) = (
                self.m.get(q[0]) != 0,
                self.m.get(q[1]) != 0,
                self.m.get(q[2]) != 0,
            );
            let line = phy.step(mdc, o, oe);
            self.m.set(q[3], line as u128);
        }
        let fall = self.clk.advance();
        self.m.set(p.clk, 0);
        self.m.eval();
        if self.trace_from.is_some_and(|c| self.cycle >= c) {
            self.m.dump(fall.time_ps);
        }
        self.cycle += 1;
    }

    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.step();
        }
    }

    /// Cycles after the last line activity that a served board keeps running: the truncation
    /// timeout plus a response, twice over.
    pub fn tail_cycles(&self) -> u64 {
        2 * (self.cfg.truncate_cycles() as u64
            + 10 * nicgen_wire::board::bridge::RESPONSE_BYTES as u64 * self.cfg.baud_div() as u64)
    }

    /// Replay `log` (bytes and the cycles they were queued) up to `end` cycles, with a VCD of
    /// the cycles from `end - window` on, written to `vcd`.
    pub fn replay(
        top: &'static str,
        log: &[(u64, u8)],
        end: u64,
        window: u64,
        vcd: &Path,
    ) -> Option<()> {
        let mut s = BoardSim::verilator_top_vcd(top, Some(vcd))?;
        let start = s.cycle;
        let from = end.saturating_sub(window).max(start);
        s.trace_from = Some(from);
        let mut i = 0;
        while s.cycle < end {
            while i < log.len() && log[i].0 <= s.cycle {
                s.send(&[log[i].1]);
                i += 1;
            }
            s.step();
        }
        s.m.flush_trace();
        Some(())
    }
}

/// The board as a byte stream, in-process: writes queue bytes on the UART line; reads run the
/// model until the board has sent a byte (at most `read_limit` cycles, then `TimedOut`).
impl Write for BoardSim {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.send(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Read for BoardSim {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let start = self.cycle;
        while self.out.is_empty() {
            if self.cycle - start > self.read_limit {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!("the board sent nothing in {} cycles", self.read_limit),
                ));
            }
            self.step();
        }
        let n = buf.len().min(self.out.len());
        for b in buf.iter_mut().take(n) {
            *b = self.out.pop_front().unwrap();
        }
        Ok(n)
    }
}

/// Serve the board on `pty` until `stop` is set; returns the board (its log and cycle count).
pub fn serve_pty(mut s: BoardSim, mut pty: Pty, stop: Arc<AtomicBool>) -> BoardSim {
    let tail = s.tail_cycles();
    let mut quiet = tail; // start waiting for the driver
    let mut buf = [0u8; 256];
    while !stop.load(Ordering::Relaxed) {
        if s.tx.queue.len() < 64 {
            let n = pty.read_available(&mut buf);
            if n > 0 {
                s.send(&buf[..n]);
                quiet = 0;
            }
        }
        if s.line_idle() && s.out.is_empty() && quiet >= tail {
            pty.wait_readable(20);
            continue;
        }
        for _ in 0..64 {
            s.step();
        }
        if !s.out.is_empty() {
            let v: Vec<u8> = s.out.drain(..).collect();
            if pty.send(&v).is_err() {
                break;
            }
        }
        quiet = if s.line_idle() { quiet + 64 } else { 0 };
    }
    s
}

/// Run `body` with the path of a pseudo-terminal behind which the Verilated `ulx3s` board runs
/// (in a thread). When `body` panics, the run is replayed from the log with a VCD of its last
/// `NICGEN_VCD_WINDOW` cycles (default 20000) and the path is printed. `None` without Verilator.
pub fn over_pty<R>(name: &str, body: impl FnOnce(&Path) -> R) -> Option<(R, BoardSim)> {
    over_pty_top("ulx3s", name, body)
}

/// [`over_pty`] with the board top `top`.
pub fn over_pty_top<R>(
    top: &'static str,
    name: &str,
    body: impl FnOnce(&Path) -> R,
) -> Option<(R, BoardSim)> {
    let sim = BoardSim::verilator_top(top)?;
    let pty = Pty::open().unwrap_or_else(|e| panic!("{name}: cannot open a pseudo-terminal: {e}"));
    let path = pty.path.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let st = stop.clone();
    let h = std::thread::spawn(move || serve_pty(sim, pty, st));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&path)));
    stop.store(true, Ordering::Relaxed);
    let sim = h
        .join()
        .unwrap_or_else(|_| panic!("{name}: the board simulation panicked"));
    match r {
        Ok(r) => {
            assert_eq!(
                sim.framing_errors, 0,
                "{name}: the board sent bytes with a bad stop bit"
            );
            Some((r, sim))
        }
        Err(panic) => {
            eprintln!(
                "\n*** {name} FAILED after {} board cycles, {} host bytes",
                sim.cycle,
                sim.log.len()
            );
            if std::env::var("NICGEN_NO_VCD").is_err() {
                let window = crate::harness::testing::vcd_window(20_000);
                let vcd = crate::harness::vcd::vcd_dir()
                    .join(format!("{}.vcd", crate::harness::testing::file_stem(name)));
                BoardSim::replay(top, &sim.log, sim.cycle, window, &vcd);
                eprintln!("*** {name}: waveform {}", vcd.display());
            }
            std::panic::resume_unwind(panic)
        }
    }
}

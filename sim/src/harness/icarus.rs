//! Icarus Verilog (cocotb's default simulator) in the differential net: a native run recorded
//! step by step (`diff::record`: every input as driven, every output as the native model
//! answered, at every point the lock-step check compares) is replayed to the emitted Verilog
//! by a generated testbench (`$readmemh`), which compares every output at every step. A
//! simulation that goes a wall-clock budget without advancing is a failure (the hang that
//! rust-hdl's Verilog used to cause at time 0): the testbench reports its step every
//! `PROGRESS_STEPS`, and the budget runs from the last report, so a slow or loaded machine
//! only makes the run longer.
//!
//! Power-up: an output bit may read X until it is first defined (a Verilog-2001 `always @(*)`
//! runs on its first event, and a register without an initial value is X until its first
//! clock edge, where the native model starts from 0); from then on every bit must equal the
//! native model's at every step.

use crate::harness::diff::Recording;
use nicgen_hdl::top::PortDir;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Steps between the testbench's progress reports (`STEP k`).
const PROGRESS_STEPS: usize = 256;

/// Whether `iverilog` and `vvp` are on PATH; under `NICGEN_REQUIRE_VERILATOR` (`make test`) a
/// missing Icarus is a failure, else a loud SKIPPED.
pub fn require(what: &str) -> bool {
    let found = Command::new("iverilog")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    crate::harness::testing::require_tool(what, "iverilog", found)
}

#[derive(Clone, Debug)]
pub struct IcarusRun {
    pub steps: usize,
    pub cycles: u64,
    /// Wall-clock seconds of `vvp` alone.
    pub seconds: f64,
}

impl IcarusRun {
    pub fn cycles_per_s(&self) -> f64 {
        self.cycles as f64 / self.seconds.max(1e-9)
    }
}

fn hex(v: &[(u128, usize)]) -> String {
    // little end first in `v`; the hex string is most significant digit first
    let bits: usize = v.iter().map(|p| p.1).sum();
    let mut words = vec![0u64; bits.div_ceil(64).max(1)];
    let mut at = 0;
    for &(x, w) in v {
        for b in 0..w {
            if (x >> b) & 1 != 0 {
                words[(at + b) / 64] |= 1 << ((at + b) % 64);
            }
        }
        at += w;
    }
    let digits = bits.div_ceil(4).max(1);
    let mut s = String::new();
    for d in (0..digits).rev() {
        let nib = (words[d * 4 / 64] >> ((d * 4) % 64)) & 0xF;
        s.push(char::from_digit(nib as u32, 16).unwrap());
    }
    s
}

/// Replay `rec` to `verilog` (module `top`) in Icarus, in `dir`. `Err` carries the first
/// mismatches (step, port, native value, Icarus value) or why the run failed, among them a
/// run that reported no progress for `budget` (wall clock).
pub fn replay(
    top: &str,
    verilog: &str,
    rec: &Recording,
    dir: &Path,
    budget: Duration,
) -> Result<IcarusRun, String> {
    let ins: Vec<usize> = (0..rec.ports.len())
        .filter(|&i| rec.ports[i].dir == PortDir::In)
        .collect();
    let outs: Vec<usize> = (0..rec.ports.len())
        .filter(|&i| rec.ports[i].dir == PortDir::Out)
        .collect();
    let iw: usize = ins.iter().map(|&i| rec.ports[i].width).sum();
    let ow: usize = outs.iter().map(|&i| rec.ports[i].width).sum();
    let n = rec.steps.len();
    let w = |e: std::io::Error| e.to_string();
    std::fs::create_dir_all(dir).map_err(w)?;
    let mut stim = String::with_capacity(n * (iw / 4 + 2));
    let mut want = String::with_capacity(n * (ow / 4 + 2));
    for s in &rec.steps {
        stim += &hex(&ins
            .iter()
            .flat_map(|&i| rec.value(s, i))
            .collect::<Vec<_>>());
        stim.push('\n');
        want += &hex(&outs
            .iter()
            .flat_map(|&i| rec.value(s, i))
            .collect::<Vec<_>>());
        want.push('\n');
    }
    std::fs::write(dir.join("stim.hex"), stim).map_err(w)?;
    std::fs::write(dir.join("expect.hex"), want).map_err(w)?;
    std::fs::write(dir.join(format!("{top}.v")), verilog).map_err(w)?;
    let sig = |i: usize| format!("p{i}");
    let decl = |i: usize, kind: &str| {
        let wd = rec.ports[i].width;
        if wd == 1 {
            format!("    {kind} {};\n", sig(i))
        } else {
            format!("    {kind} [{}:0] {};\n", wd - 1, sig(i))
        }
    };
    // concatenations, most significant (last port) first
    let cat = |v: &[usize]| {
        v.iter()
            .rev()
            .map(|&i| sig(i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut tb = String::from("`timescale 1ns/1ps\nmodule nicgen_tb;\n");
    tb += &format!(
        "    reg [{}:0] stim [0:{}];\n    reg [{}:0] want [0:{}];\n",
        iw - 1,
        n - 1,
        ow.max(1) - 1,
        n - 1
    );
    for &i in &ins {
        tb += &decl(i, "reg");
    }
    for &i in &outs {
        tb += &decl(i, "wire");
    }
    let conns: Vec<String> = rec
        .ports
        .iter()
        .enumerate()
        .map(|(i, p)| format!(".{}({})", p.name, sig(i)))
        .collect();
    tb += &format!("    {top} dut({});\n", conns.join(", "));
    tb += &format!("    reg [{0}:0] got;\n    reg [{0}:0] seen;\n    reg bad;\n    integer k, b, errors;\n    initial begin\n        seen = 0;\n", ow.max(1) - 1);
    // time 0 belongs to the design's `initial` values; the stimulus starts after it
    tb += "        $readmemh(\"stim.hex\", stim);\n        $readmemh(\"expect.hex\", want);\n        errors = 0;\n        #1;\n";
    tb += &format!("        for (k = 0; k < {n}; k = k + 1) begin\n");
    tb += &format!("            if (k % {PROGRESS_STEPS} == 0) $display(\"STEP %0d\", k);\n");
    tb += &format!(
        "            {{{}}} = stim[k];\n            #1;\n",
        cat(&ins)
    );
    if !outs.is_empty() {
        // an output bit may be X only until it has first been defined (power-up state the
        // native model calls 0); after that every bit must equal the native model's
        tb += &format!("            got = {{{}}};\n", cat(&outs));
        tb += "            if (got !== want[k]) begin\n                bad = 0;\n";
        tb += &format!("                for (b = 0; b < {ow}; b = b + 1) begin\n");
        tb += "                    if (got[b] === 1'bx || got[b] === 1'bz) begin\n                        if (seen[b]) bad = 1;\n";
        tb += "                    end else if (got[b] !== want[k][b]) bad = 1;\n                end\n";
        tb += "                if (bad) begin\n";
        tb += "                    if (errors < 3) $display(\"MISMATCH %0d %h %h\", k, got, want[k]);\n";
        tb += "                    errors = errors + 1;\n                end\n            end\n";
        // until every output bit has been defined once, note which are
        tb += &format!("            if (seen !== {{{ow}{{1'b1}}}})\n                for (b = 0; b < {ow}; b = b + 1) if (got[b] !== 1'bx && got[b] !== 1'bz) seen[b] = 1'b1;\n");
    }
    tb += "        end\n        $display(\"DONE %0d %0d\", k, errors);\n        $finish;\n    end\nendmodule\n";
    std::fs::write(dir.join("tb.v"), tb).map_err(w)?;
    let c = Command::new("iverilog")
        .args([
            "-g2012",
            "-Wall",
            "-Wno-timescale",
            "-o",
            "sim.vvp",
            &format!("{top}.v"),
            "tb.v",
        ])
        .current_dir(dir)
        .output()
        .map_err(w)?;
    let msgs = String::from_utf8_lossy(&c.stderr).to_string() + &String::from_utf8_lossy(&c.stdout);
    if !c.status.success() || !msgs.trim().is_empty() {
        return Err(format!(
            "iverilog -g2012 -Wall: {}",
            msgs.lines().take(10).collect::<Vec<_>>().join("\n")
        ));
    }
    let start = Instant::now();
    let mut child = Command::new("vvp")
        .args(["-n", "sim.vvp"])
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(w)?;
    // stdout line by line through a thread, so the wait for the next line has a timeout;
    // stderr drained by another, so a chatty run cannot block on a full pipe
    let (tx, rx) = channel::<String>();
    let stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut stderr = child.stderr.take().expect("piped stderr");
    let drain = std::thread::spawn(move || {
        let mut e = String::new();
        let _ = stderr.read_to_string(&mut e);
        e
    });
    let mut text = String::new();
    let mut step = 0usize;
    loop {
        match rx.recv_timeout(budget) {
            Ok(l) => match l.strip_prefix("STEP ") {
                Some(k) => step = k.trim().parse().unwrap_or(step),
                None => {
                    text += &l;
                    text.push('\n');
                }
            },
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "vvp made no progress for {budget:?} (at step {step} of {n}): the simulation \
                     does not advance"
                ));
            }
        }
    }
    let _ = reader.join();
    let errors = drain.join().unwrap_or_default();
    child.wait().map_err(w)?;
    let seconds = start.elapsed().as_secs_f64();
    let mut errs = vec![];
    for l in text.lines() {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.first() == Some(&"MISMATCH") && f.len() == 4 {
            let step: usize = f[1].parse().unwrap_or(0);
            // name the outputs that differ
            let (got, exp) = (f[2], f[3]);
            let mut at = 0;
            for &o in &outs {
                let wd = rec.ports[o].width;
                let (g, e) = (bits_of(got, at, wd), bits_of(exp, at, wd));
                if g != e {
                    errs.push(format!(
                        "step {step}: `{}` Icarus {g} native {e}",
                        rec.ports[o].name
                    ));
                }
                at += wd;
            }
        }
    }
    let done = text.lines().find(|l| l.starts_with("DONE "));
    match done.map(|l| l.split_whitespace().nth(2).unwrap_or("?").to_string()) {
        Some(e) if e == "0" => Ok(IcarusRun {
            steps: n,
            cycles: rec.cycles,
            seconds,
        }),
        Some(e) => Err(format!(
            "{e} of {n} steps differ from the native model:\n{}",
            errs.join("\n")
        )),
        None => Err(format!(
            "vvp ended without finishing: {} {}",
            text.lines().last().unwrap_or(""),
            errors.lines().take(5).collect::<Vec<_>>().join("\n")
        )),
    }
}

/// Bits `at .. at + w` of a hex string (most significant digit first) as text ("x" for unknown).
fn bits_of(hexs: &str, at: usize, w: usize) -> String {
    let digits: Vec<char> = hexs.chars().rev().collect();
    let mut nibs = vec![0u32; w.div_ceil(4).max(1)];
    for b in 0..w {
        let d = (at + b) / 4;
        let Some(c) = digits.get(d) else { break };
        match c.to_digit(16) {
            Some(n) => nibs[b / 4] |= ((n >> ((at + b) % 4)) & 1) << (b % 4),
            None => return "x".into(),
        }
    }
    while nibs.len() > 1 && nibs.last() == Some(&0) {
        nibs.pop();
    }
    let s: String = nibs
        .iter()
        .rev()
        .map(|&n| char::from_digit(n, 16).unwrap())
        .collect();
    format!("0x{s}")
}

/// Write a testbench's files and run it: convenience for `replay` into a scratch directory
/// (`target/icarus/<top>-<pid>-<n>`, one per call, so tests of the same top running at once do
/// not share files; removed after a pass unless `NICGEN_KEEP_ICARUS=1`).
pub fn replay_in_tmp(
    top: &str,
    verilog: &str,
    rec: &Recording,
    budget: Duration,
) -> Result<IcarusRun, String> {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = crate::workspace_root()
        .join("target/icarus")
        .join(format!("{top}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let r = replay(top, verilog, rec, &dir, budget);
    if r.is_ok() && !std::env::var("NICGEN_KEEP_ICARUS").is_ok_and(|v| v == "1") {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        eprintln!("Icarus files kept in {}", dir.display());
    }
    r
}

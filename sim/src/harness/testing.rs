//! Test runner conventions: a test body runs with a seeded `Rng`; on failure the seed is
//! printed (set `NICGEN_SEED` to replay), then the body is replayed with VCD tracing on, and
//! the paths of the VCD window (last `NICGEN_VCD_WINDOW` events, default 4000) are printed.
//! `NICGEN_NO_VCD=1` skips the replay. Verilator-backed harnesses (`diff::lockstep`,
//! `tnw::Pair`) note the cycle where the first run stopped (`note_end_cycle`) and, in the
//! replay, dump the model's VCD from that cycle minus the window (`cosim_trace`).

use crate::harness::rng::Rng;
use std::cell::RefCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::path::PathBuf;

thread_local! {
    static END_CYCLE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static TRACE: RefCell<Option<(String, u64, u32)>> = const { RefCell::new(None) };
    static VCD_FILES: RefCell<Vec<PathBuf>> = const { RefCell::new(Vec::new()) };
}

/// Whether benches created now should trace, and under which file stem.
pub(crate) fn trace_request() -> Option<(String, u64)> {
    TRACE.with(|t| {
        let mut t = t.borrow_mut();
        t.as_mut().map(|(stem, window, n)| {
            *n += 1;
            (format!("{stem}-{n}"), *window)
        })
    })
}

/// Cycle-based co-simulation harnesses (Verilator models) note the cycle they stopped at, so
/// that a replay can trace the window before it.
pub fn note_end_cycle(cycle: u64) {
    if TRACE.with(|t| t.borrow().is_none()) {
        END_CYCLE.with(|c| c.set(cycle));
    }
}

/// For `n` Verilator models created now: during a replay, the VCD files to write (already
/// registered for printing) and the first cycle to dump (the noted end minus the window).
pub fn cosim_trace(n: usize) -> Option<(Vec<PathBuf>, u64)> {
    let (stem, window) = trace_request()?;
    let dir = crate::harness::vcd::vcd_dir();
    let paths: Vec<PathBuf> = (0..n)
        .map(|k| match n {
            1 => dir.join(format!("{stem}.vcd")),
            _ => dir.join(format!("{stem}-model{k}.vcd")),
        })
        .collect();
    record_vcd_files(paths.clone());
    Some((paths, END_CYCLE.with(|c| c.get()).saturating_sub(window)))
}

pub(crate) fn record_vcd_files(files: Vec<PathBuf>) {
    VCD_FILES.with(|v| v.borrow_mut().extend(files));
}

/// Cycles (events) a failure's waveform covers: `NICGEN_VCD_WINDOW`, else `default`.
pub fn vcd_window(default: u64) -> u64 {
    std::env::var("NICGEN_VCD_WINDOW")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(default)
}

/// A test name as a file stem (non-alphanumerics become `_`).
pub fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Run `body` with a reproducible `Rng`; on failure print the seed and a VCD of the end.
pub fn check(name: &str, default_seed: u64, body: impl Fn(&mut Rng)) {
    let seed = Rng::seed_from_env(default_seed);
    let first = catch_unwind(AssertUnwindSafe(|| body(&mut Rng::new(seed))));
    let Err(panic) = first else { return };
    eprintln!("\n*** {name} FAILED with seed {seed:#x}; replay with NICGEN_SEED={seed:#x}");
    if std::env::var("NICGEN_NO_VCD").is_err() {
        let window = vcd_window(4000);
        let stem = file_stem(name);
        TRACE.with(|t| *t.borrow_mut() = Some((stem, window, 0)));
        VCD_FILES.with(|v| v.borrow_mut().clear());
        let _ = catch_unwind(AssertUnwindSafe(|| body(&mut Rng::new(seed))));
        TRACE.with(|t| *t.borrow_mut() = None);
        let files = VCD_FILES.with(|v| std::mem::take(&mut *v.borrow_mut()));
        if files.is_empty() {
            eprintln!("*** {name}: no bench was created, no waveform");
        }
        for f in files {
            eprintln!("*** {name}: waveform {}", f.display());
        }
    }
    resume_unwind(panic);
}

/// `true` when `tool` is there (`found`); otherwise says SKIPPED loudly for `test`, or panics
/// under `make test` (`NICGEN_REQUIRE_VERILATOR=1`), where every simulator must be installed.
pub fn require_tool(test: &str, tool: &str, found: bool) -> bool {
    if found {
        return true;
    }
    if std::env::var("NICGEN_REQUIRE_VERILATOR").is_ok_and(|v| v == "1") {
        panic!("{test}: {tool} is required (NICGEN_REQUIRE_VERILATOR=1) but not on PATH");
    }
    eprintln!("\n!!!!!!!! SKIPPED {test}: {tool} not found on PATH (install it or run `make test`) !!!!!!!!\n");
    false
}

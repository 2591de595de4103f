//! Streaming VCD of the last N cycles: the trace goes to disk as it is produced, in segments
//! of `window` cycles; only the current and the previous segment are kept, so a failing test
//! leaves at least the last `window` cycles whatever its length, and memory stays flat.

use rust_hdl::prelude::*;
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

pub struct VcdWindow {
    dir: PathBuf,
    stem: String,
    window: u64,
    segment: u64,
    in_segment: u64,
    probe: Option<rust_hdl::core::vcd_probe::VCDProbe<BufWriter<File>>>,
}

/// Where waveforms of failing tests go: `NICGEN_VCD_DIR`, or build/vcd (created).
pub fn vcd_dir() -> PathBuf {
    let dir = std::env::var("NICGEN_VCD_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| crate::workspace_root().join("build/vcd"));
    std::fs::create_dir_all(&dir).expect("cannot create the VCD directory");
    dir
}

impl VcdWindow {
    pub fn new(stem: &str, window: u64) -> Self {
        let dir = vcd_dir();
        Self {
            dir,
            stem: stem.to_string(),
            window: window.max(1),
            segment: 0,
            in_segment: 0,
            probe: None,
        }
    }
    fn path(&self, seg: u64) -> PathBuf {
        self.dir.join(format!("{}.{:04}.vcd", self.stem, seg))
    }
    /// Record the design's state at `time_ps`.
    pub fn sample(&mut self, uut: &dyn Block, time_ps: u64) {
        if self.probe.is_none() || self.in_segment >= self.window {
            if let Some(mut p) = self.probe.take() {
                let _ = p.timestamp(time_ps);
                drop(p);
                self.segment += 1;
                if self.segment >= 2 {
                    let _ = std::fs::remove_file(self.path(self.segment - 2));
                }
            }
            let f = File::create(self.path(self.segment)).expect("cannot create VCD file");
            let mut p = write_vcd_header(BufWriter::new(f), uut);
            p.timestamp(time_ps).unwrap();
            self.probe = Some(write_vcd_dump(p, uut));
            self.in_segment = 0;
            return;
        }
        let mut p = self.probe.take().unwrap();
        p.timestamp(time_ps).unwrap();
        self.probe = Some(write_vcd_change(p, uut));
        self.in_segment += 1;
    }
    /// The files that hold the window, oldest first.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut v = vec![];
        if self.segment >= 1 {
            v.push(self.path(self.segment - 1));
        }
        v.push(self.path(self.segment));
        v
    }
}

impl Drop for VcdWindow {
    fn drop(&mut self) {
        // flush the writer so the files are complete (the bench that owns the window tells the
        // test runner where they are)
        self.probe.take();
    }
}

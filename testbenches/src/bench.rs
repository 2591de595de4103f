//! What the benchmark programs share: the few fields they read from `make synth`'s
//! `build/synth/<top>.json` (no JSON dependency), and writing `build/bench/<name>.json`.

use std::collections::BTreeMap;

/// RX_ACK of the TNW benchmarks' coalesced figures, `(EVERY, DELAY)`: an ACK per 8 packets, or
/// 256 cycles after the first it covers.
pub const COALESCE_ACKS: (u32, u32) = (8, 255);

/// Run a benchmark's body on a thread with the stack the tests get (RUST_MIN_STACK in
/// `.cargo/config.toml`, which sets only spawned threads' stacks): building and emitting
/// `ftnw_nwp` recurses deeper than a main thread's 8 MB.
pub fn on_big_stack(body: fn()) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(body)
        .unwrap()
        .join()
        .unwrap();
}

/// `build/synth/<name>.json`, if `make synth` wrote it.
pub fn synth(name: &str) -> Option<Obj> {
    let path = nicgen_sim::workspace_root()
        .join("build/synth")
        .join(format!("{name}.json"));
    std::fs::read_to_string(path).ok().map(Obj)
}

pub struct Obj(pub String);

impl Obj {
    /// The number at `key`, or the first number of the object at `key` (e.g. one clock of
    /// `fmax_mhz`).
    pub fn num(&self, key: &str) -> Option<f64> {
        let i = self.0.find(&format!("\"{key}\""))?;
        let rest = &self.0[i + key.len() + 2..];
        let rest = rest.trim_start().strip_prefix(':')?.trim_start();
        let rest = if let Some(r) = rest.strip_prefix('{') {
            r.split(':').nth(1)?.trim_start()
        } else {
            rest
        };
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
            .unwrap_or(rest.len());
        rest[..end].trim().parse().ok()
    }
}

/// Write `build/bench/<name>.json`: flat keys, numbers (NaN as null).
pub fn write(name: &str, j: &BTreeMap<&str, f64>) {
    let body: Vec<String> = j
        .iter()
        .map(|(k, v)| {
            if v.is_nan() {
                format!("  \"{k}\": null")
            } else {
                format!("  \"{k}\": {v}")
            }
        })
        .collect();
    let out = nicgen_sim::workspace_root()
        .join("build/bench")
        .join(format!("{name}.json"));
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(&out, format!("{{\n{}\n}}\n", body.join(",\n"))).unwrap();
    eprintln!("wrote {}", out.display());
}

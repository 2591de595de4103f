//! `scripts/bram_outreg.py` (the DP16KD output-register fold `make synth` and `make bitstream`
//! run between Yosys and nextpnr) on Yosys's own ECP5 mapping: a `BlockRamReg`'s output flops
//! are folded into the RAM (REGMODE OUTREG, no flop left), a plain `BlockRam` whose read leaves
//! the design is left alone.

use nicgen_hdl::common::ram::{BlockRam, BlockRamReg};
use nicgen_hdl::top::DynTop;
use nicgen_hdl::AutoTop;
use nicgen_sim::harness::testing::require_tool;
use rust_hdl::prelude::*;
use std::path::Path;
use std::process::Command;

/// Runs `c`, fails with its stderr unless it succeeds, and returns its stdout, trimmed.
fn run(c: &mut Command) -> String {
    let o = c.output().unwrap();
    assert!(
        o.status.success(),
        "{c:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

/// Synthesizes `top` for ECP5, folds, and returns the fold's report and, from the netlist,
/// `"<REGMODE of each read port with data pins in use> ff=<flops left>"`.
fn fold(top: &dyn DynTop, name: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path().join(format!("{name}.v"));
    let js = dir.path().join(format!("{name}.json"));
    std::fs::write(&v, top.verilog()).unwrap();
    run(Command::new("yosys").args(["-q", "-p"]).arg(format!(
        "read_verilog -sv {}; synth_ecp5 -top {name} -json {}",
        v.display(),
        js.display()
    )));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bram_outreg.py");
    let report = run(Command::new("python3").arg(script).arg(&js).arg(name));
    let probe = "import json, sys\n\
        m = json.load(open(sys.argv[1]))['modules'][sys.argv[2]]\n\
        out = []\n\
        for c in m['cells'].values():\n\
        \x20   if c['type'] == 'DP16KD':\n\
        \x20       for x in 'AB':\n\
        \x20           if any(isinstance(b, int) for p, bits in c['connections'].items() if p.startswith('DO' + x) for b in bits):\n\
        \x20               out.append(c['parameters'].get('REGMODE_' + x, 'NOREG'))\n\
        out.append('ff=%d' % sum(c['type'] == 'TRELLIS_FF' for c in m['cells'].values()))\n\
        print(' '.join(out))\n";
    let net = run(Command::new("python3")
        .args(["-c", probe])
        .arg(&js)
        .arg(name));
    (report, net)
}

#[test]
fn bram_outreg_folds_the_flop_behind_a_block_ram_read_and_nothing_else() {
    let found = Command::new("yosys").arg("-V").output().is_ok();
    if !require_tool("bram_outreg", "yosys", found) {
        return;
    }
    let reg = AutoTop::new("bram_outreg_reg", BlockRamReg::<Bits<32>, 9>::default());
    let (report, net) = fold(&reg, "bram_outreg_reg");
    assert!(
        report.ends_with("32 flops folded into output registers"),
        "{report}"
    );
    assert!(
        net.ends_with("ff=0") && !net.contains("NOREG") && net.contains("OUTREG"),
        "{net}"
    );
    let plain = AutoTop::new("bram_outreg_plain", BlockRam::<Bits<32>, 9>::in_block_ram());
    let (report, net) = fold(&plain, "bram_outreg_plain");
    assert!(
        report.contains(": 0 block RAM port(s), 0 flops folded"),
        "{report}"
    );
    assert!(!net.contains("OUTREG") && net.contains("NOREG"), "{net}");
}

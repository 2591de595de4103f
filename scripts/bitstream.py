#!/usr/bin/env python3
"""make bitstream BOARD=<board>: Yosys synth_ecp5, nextpnr-ecp5 with the board's LPF (pins and the
oscillator's FREQUENCY constraint, from which nextpnr derives the PLL's link clock), ecppack.

Leaves build/bitstream/<board>.bit, <board>.summary.json and a printed summary (LUT4, FF, BRAM,
achieved MHz per clock against its constraint). Fails on a latch, on a yosys or nextpnr error,
and when timing is not met: nextpnr runs without --timing-allow-fail, and the summary is checked
again (every constrained clock must reach its constraint). Between Yosys and nextpnr,
scripts/bram_outreg.py folds the flops behind block RAM reads into the RAMs' output registers."""
import json, os, re, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from synth import ROOT, tool, run, yosys_stats  # noqa: E402
import bram_outreg  # noqa: E402

BOARDS = {
    "ulx3s": {
        "top": "ulx3s",
        "device": ["--85k", "--package", "CABGA381", "--speed", "6"],
        "part": "LFE5U-85F-6BG381C",
        "lpf": "constraints/ulx3s.lpf",
    },
    "ulx3s_dtu": {
        "top": "ulx3s_dtu",
        "device": ["--85k", "--package", "CABGA381", "--speed", "6"],
        "part": "LFE5U-85F-6BG381C",
        "lpf": "constraints/ulx3s_dtu.lpf",
    },
    "ulx3s_mitnic": {
        "top": "ulx3s_mitnic",
        "device": ["--85k", "--package", "CABGA381", "--speed", "6"],
        "part": "LFE5U-85F-6BG381C",
        "lpf": "constraints/ulx3s_mitnic.lpf",
    },
    "ulx3s_ppe": {
        "top": "ulx3s_ppe",
        "device": ["--85k", "--package", "CABGA381", "--speed", "6"],
        "part": "LFE5U-85F-6BG381C",
        "lpf": "constraints/ulx3s_ppe.lpf",
    },
}


def main():
    board = sys.argv[1] if len(sys.argv) > 1 else ""
    if board not in BOARDS:
        print(f"bitstream: unknown BOARD={board!r}; boards: {', '.join(BOARDS)}")
        sys.exit(2)
    b = BOARDS[board]
    src = os.path.join(ROOT, "build/verilog", b["top"] + ".v")
    if not os.path.exists(src):
        print(f"bitstream: {src} missing (make verilog)")
        sys.exit(2)
    out = os.path.join(ROOT, "build/bitstream")
    os.makedirs(out, exist_ok=True)
    t0 = time.time()
    js = os.path.join(out, board + ".netlist.json")
    ylog = os.path.join(out, board + ".yosys.log")
    script = (f"read_verilog -sv {src}; synth_ecp5 -top {b['top']} -json {js}; "
              f"select -assert-none t:$dlatch t:$adlatch t:$_DLATCH_* ; stat")
    rc, text = run([tool("yosys"), "-q", "-l", ylog, "-p", script], ylog + ".out")
    text = open(ylog).read() if os.path.exists(ylog) else text
    problems = [l for l in text.splitlines()
                if re.search(r"Latch inferred|[Uu]ndriven|combinational loop|Found logic loop", l)]
    if rc != 0 or problems:
        print(f"bitstream {board}: yosys FAILED (see {ylog})\n  " + "\n  ".join(problems[:10]))
        sys.exit(1)
    # the flops behind block RAM reads into the RAMs' output registers (Yosys does not)
    outreg = bram_outreg.fold(js, b["top"])
    ty = time.time() - t0
    cfg = os.path.join(out, board + ".config")
    plog = os.path.join(out, board + ".nextpnr.log")
    rep = os.path.join(out, board + ".report.json")
    rc, ptext = run([tool("nextpnr-ecp5"), *b["device"], "--json", js, "--lpf", os.path.join(ROOT, b["lpf"]),
                     "--textcfg", cfg, "--report", rep, "--seed", "1", "--quiet", "--log", plog],
                    plog + ".out")
    ptext = open(plog).read() if os.path.exists(plog) else ptext
    report = {}
    try:
        report = json.load(open(rep))
    except Exception:
        pass
    clocks = {}
    for name, v in report.get("fmax", {}).items():
        clocks[name.replace("$glbnet$", "")] = {"achieved_mhz": round(v["achieved"], 2),
                                                  "constraint_mhz": round(v["constraint"], 2)}
    if rc != 0:
        fails = [l for l in ptext.splitlines() if "FAIL" in l or "ERROR" in l]
        print(f"bitstream {board}: nextpnr FAILED (timing or placement; see {plog})\n  " + "\n  ".join(fails[-10:]))
        for n, c in clocks.items():
            print(f"  clock {n}: {c['achieved_mhz']} MHz of {c['constraint_mhz']} MHz")
        sys.exit(1)
    tp = time.time() - t0 - ty
    bit = os.path.join(out, board + ".bit")
    rc, ctext = run([tool("ecppack"), "--compress", cfg, bit], os.path.join(out, board + ".ecppack.log"))
    if rc != 0 or not os.path.exists(bit):
        print(f"bitstream {board}: ecppack FAILED\n{ctext}")
        sys.exit(1)
    util = {k: {"used": v.get("used", 0), "available": v.get("available", 0)}
            for k, v in report.get("utilization", {}).items() if v.get("used", 0)}
    st = yosys_stats(text, outreg)
    met = all(c["achieved_mhz"] >= c["constraint_mhz"] for c in clocks.values()) and bool(clocks)
    summary = {"board": board, "top": b["top"], "part": b["part"], **st, "clocks": clocks,
               "timing_met": met, "utilization": util, "bitstream": os.path.relpath(bit, ROOT),
               "bitstream_bytes": os.path.getsize(bit),
               "elapsed_s": {"yosys": round(ty, 1), "nextpnr": round(tp, 1)}}
    json.dump(summary, open(os.path.join(out, board + ".summary.json"), "w"), indent=2)
    print(f"bitstream {board}: {summary['bitstream']} ({summary['bitstream_bytes']} bytes)")
    print(f"  {b['part']}: LUT4 {st['lut4']}, FF {st['ff']}, DP16KD {st['bram']}, "
          f"TRELLIS_DPR16X4 {st['lutram']}")
    for k in ("TRELLIS_COMB", "TRELLIS_FF", "DP16KD", "EHXPLLL", "TRELLIS_IO"):
        if k in util:
            print(f"  {k:<14} {util[k]['used']:>6} / {util[k]['available']}")
    for n, c in clocks.items():
        print(f"  clock {n}: {c['achieved_mhz']} MHz (constraint {c['constraint_mhz']} MHz)"
              f" {'PASS' if c['achieved_mhz'] >= c['constraint_mhz'] else 'FAIL'}")
    print(f"  yosys {ty:.0f}s, nextpnr {tp:.0f}s")
    if not met:
        print(f"bitstream {board}: timing NOT met")
        sys.exit(1)


if __name__ == "__main__":
    main()

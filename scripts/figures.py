#!/usr/bin/env python3
"""make figures: docs/figures.md from what the measuring targets wrote under build/ (boards,
synthesis, benchmarks, formal, mutants), each figure beside the value the previous `make
figures` recorded (docs/figures.json, rewritten by each run). A source that is missing says
which target writes it. Nothing here is typed by hand.

    python3 scripts/figures.py
"""
import datetime
import glob
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")
PAGE = os.path.join(ROOT, "docs", "figures.md")
STORE = os.path.join(ROOT, "docs", "figures.json")


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def when(path):
    t = datetime.datetime.fromtimestamp(os.path.getmtime(path), datetime.timezone.utc)
    return t.strftime("%Y-%m-%d %H:%M UTC")


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.4g}" if abs(v) < 1000 else f"{v:.0f}"
    return str(v)


class Page:
    def __init__(self, prev):
        self.prev = prev
        self.now = {}
        self.lines = []

    def out(self, s=""):
        self.lines.append(s)

    def val(self, key, v):
        """The figure and, when the previous run had another value, that value beside it."""
        self.now[key] = v
        p = self.prev.get(key)
        if p is None or p == v or v is None:
            return fmt(v)
        return f"{fmt(v)} (was {fmt(p)})"

    def table(self, head, rows):
        self.out("| " + " | ".join(head) + " |")
        self.out("|" + "---|" * len(head))
        for r in rows:
            self.out("| " + " | ".join(r) + " |")
        self.out()


def boards(pg):
    pg.out("## Boards (`make bitstreams`: `build/bitstream/<board>.summary.json`)")
    pg.out()
    files = sorted(glob.glob(os.path.join(BUILD, "bitstream", "*.summary.json")))
    if not files:
        pg.out("Not measured in this build tree: run `make bitstreams`.")
        pg.out()
        return
    rows = []
    for f in files:
        s = load(f)
        b = s["board"]
        for clk, c in sorted(s["clocks"].items()):
            ach, con = c["achieved_mhz"], c["constraint_mhz"]
            slack = round(100 * (ach / con - 1), 1)
            k = f"board.{b}.{clk}"
            rows.append([f"`{b}`", f"`{clk}`", fmt(con), pg.val(k + ".achieved_mhz", ach),
                         pg.val(k + ".slack_percent", slack),
                         pg.val(f"board.{b}.lut4", s["lut4"]), pg.val(f"board.{b}.ff", s["ff"]),
                         pg.val(f"board.{b}.bram", s["bram"]),
                         pg.val(f"board.{b}.timing_met", s["timing_met"]), when(f)])
    pg.table(["board", "clock", "constraint MHz", "achieved MHz", "slack %", "LUT4", "FF",
              "DP16KD", "timing met", "placed"], rows)


def synth(pg):
    pg.out("## Synthesis out of context, LFE5U-85F-6 (`make synth`: `build/synth/<top>.json`)")
    pg.out()
    files = sorted(f for f in glob.glob(os.path.join(BUILD, "synth", "*.json"))
                   if not f.endswith((".report.json", ".xcup.json", ".netlist.json")))
    if not files:
        pg.out("Not measured in this build tree: run `make synth` (every top, hours) or "
               "`make synth TOPS=\"...\"`.")
        pg.out()
        return
    rows = []
    for f in files:
        s = load(f)
        if not s or "lut4" not in s:
            continue
        t = os.path.basename(f)[:-5]
        fm = s.get("fmax_mhz") or {}
        if not isinstance(fm, dict):
            fm = {"clock": fm}
        clocks = ", ".join(f"{c} {pg.val(f'synth.{t}.fmax.{c}', v)}" for c, v in sorted(fm.items()))
        rows.append([f"`{t}`", pg.val(f"synth.{t}.lut4", s["lut4"]),
                     pg.val(f"synth.{t}.ff", s["ff"]), pg.val(f"synth.{t}.bram", s.get("bram")),
                     clocks or "-", when(f)])
    pg.table(["top", "LUT4", "FF", "DP16KD", "Fmax MHz per clock", "measured"], rows)


def xcup(pg):
    pg.out("## Area on UltraScale+ (`make synth TARGET=xcup`: `build/synth/<top>.xcup.json`)")
    pg.out()
    files = sorted(glob.glob(os.path.join(BUILD, "synth", "*.xcup.json")))
    if not files:
        pg.out("Not measured in this build tree: run `make synth TARGET=xcup`.")
        pg.out()
        return
    pg.out("Yosys `synth_xilinx -family xcup`, no place and route: LUTs (each a LUT6 site), flops, "
           "block RAM in 36 Kb units, DSPs; the unit nearest the thesis' Stratix IV ALUTs "
           "(its whole NWP: 17,308 ALUTs).")
    pg.out()
    rows = []
    for f in files:
        s = load(f)
        t = s["top"]
        rows.append([f"`{t}`", pg.val(f"xcup.{t}.lut6", s["lut6"]), pg.val(f"xcup.{t}.ff", s["ff"]),
                     pg.val(f"xcup.{t}.bram36", s["bram36"]), pg.val(f"xcup.{t}.dsp", s["dsp"]),
                     pg.val(f"xcup.{t}.lutram", s["lutram"]), when(f)])
    pg.table(["top", "LUT6", "FF", "RAMB36", "DSP48E2", "LUT RAM", "measured"], rows)


def bench(pg):
    pg.out("## Benchmarks (`make bench`: `build/bench/<name>.json`)")
    pg.out()
    files = sorted(glob.glob(os.path.join(BUILD, "bench", "*.json")))
    if not files:
        pg.out("Not measured in this build tree: run `make bench`.")
        pg.out()
        return
    for f in files:
        name = os.path.basename(f)[:-5]
        j = load(f) or {}
        pg.out(f"### {name} ({when(f)})")
        pg.out()
        pg.table(["key", "value"],
                 [[f"`{k}`", pg.val(f"bench.{name}.{k}", v)] for k, v in sorted(j.items())])


def formal(pg):
    pg.out("## Formal (`make formal`: `build/formal/report.json`)")
    pg.out()
    f = os.path.join(BUILD, "formal", "report.json")
    r = load(f)
    if not r:
        pg.out("Not measured in this build tree: run `make formal`.")
        pg.out()
        return
    rows = []
    for t, x in r.items():
        k = f"formal.{t}"
        rows.append([f"`{t}`", f"`{x['top']}`", x["mode"], str(x["depth"]),
                     pg.val(k + ".result", x["result"]), str(x["asserts"]),
                     pg.val(k + ".seconds", x["seconds"]),
                     pg.val(k + ".broken_copy", x["broken_copy"]["result"]), x["checks"]])
    pg.out(f"{len(r)} targets ({when(f)}); a target passes when its properties hold (k-induction: "
           "proven; bmc: no counterexample to the depth) and its deliberately broken copy fails.")
    pg.out()
    pg.table(["target", "top", "mode", "depth", "result", "asserts", "seconds", "broken copy",
              "checks"], rows)


def mutants(pg):
    pg.out("## Mutants (`make mutants`: `build/mutants/report.json`)")
    pg.out()
    f = os.path.join(BUILD, "mutants", "report.json")
    r = load(f)
    if not r:
        pg.out("Not measured in this build tree: run `make mutants` (DEVICES=1 for every "
               "device folder).")
        pg.out()
        return
    per = r.get("by_folder") or {", ".join(r["folders"]): r}
    rows = []
    for folder, m in per.items():
        k = f"mutants.{folder}"
        rows.append([f"`{folder}`", str(m["killed"]), str(m["timeout"]), str(m["survived"]),
                     str(m["equivalent"]), str(m["unviable"]),
                     pg.val(k + ".killed_percent", m["killed_percent"])])
    pg.out(f"Seed {r['seed']}, {r['sampled']} of {r['sites']} sites ({when(f)}).")
    pg.out()
    pg.table(["folder", "killed", "timed out", "survived", "equivalent", "unviable",
              "killed % of viable"], rows)


def main():
    prev = load(STORE) or {}
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                         text=True).stdout.strip()
    pg = Page(prev.get("figures", {}))
    pg.out("# Figures")
    pg.out()
    pg.out(f"Generated by `make figures` (`scripts/figures.py`) at revision {rev} from the JSON "
           "the measuring targets wrote under `build/`; do not edit. Each figure that changed "
           "since the previous `make figures` shows the earlier value beside it (`was`); "
           "`docs/figures.json` keeps the values for the next run. The time beside each source "
           "is when it was measured.")
    pg.out()
    for section in (boards, synth, xcup, bench, formal, mutants):
        section(pg)
    # a figure not measured in this tree keeps its last value in the store
    kept = dict(prev.get("figures", {}))
    kept.update(pg.now)
    with open(PAGE, "w") as f:
        f.write("\n".join(pg.lines).rstrip() + "\n")
    with open(STORE, "w") as f:
        json.dump({"revision": rev, "figures": kept}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {os.path.relpath(PAGE, ROOT)} and {os.path.relpath(STORE, ROOT)}")


if __name__ == "__main__":
    main()

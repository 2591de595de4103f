#!/usr/bin/env python3
"""make synth: Yosys synth_ecp5 then nextpnr-ecp5 (LFE5U-85F, CABGA381, out of context) for every
top in build/verilog/manifest.json. Writes build/synth/<top>.json (lut4, ff, bram, fmax_mhz per
clock, device) and prints a table. Fails on a latch, an undriven net or a combinational loop.

Replicas (REPLICAS below) measure N copies of an emitted top side by side: a generated wrapper
(build/synth/<name>.v) instantiates the top N times, clocks shared, every other port widened
N-fold, so nothing is optimised away; it is synthesized and placed like a top.

nextpnr's report (build/synth/<top>.report.json) carries every register input's latest arrival:
scripts/slack.py lists those a period cannot reach.

Between Yosys and nextpnr, scripts/bram_outreg.py folds the flop behind a block RAM's read into
the RAM's output register (Yosys does not); the flop count excludes the folded flops."""
import json, os, re, subprocess, sys, time

import bram_outreg

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv", "bin")
DEVICE = "LFE5U-85F-6BG381C"


def tool(name):
    p = os.path.join(VENV, "yowasp-" + name)
    return p if os.path.exists(p) else name


def yosys_stats(ylog_text, outreg=(0, 0)):
    """LUT4s (a CCU2C carry cell counts as two), FFs, block and distributed RAMs from the last
    `stat` of a Yosys log; `outreg` is `bram_outreg.fold`'s (ports, flops): the folded flops are
    in the RAMs now, so they leave the flop count."""
    def last(cell):
        return sum(int(n) for n in re.findall(rf"^\s+(\d+)\s+{cell}$", ylog_text, re.M)[-1:])
    ports, ffs = outreg
    return {"lut4": last("LUT4") + 2 * last("CCU2C"), "ff": last("TRELLIS_FF") - ffs,
            "bram": last("DP16KD"), "lutram": last("TRELLIS_DPR16X4"), "bram_outreg_ports": ports}


def nextpnr_fmax(ptext):
    """{clock: MHz} from nextpnr's last timing report in a log."""
    fmax = {}
    for m in re.finditer(r"Max frequency for clock\s+'([^']+)':\s+([0-9.]+) MHz", ptext):
        fmax[m.group(1).replace("$glbnet$", "")] = float(m.group(2))
    return fmax


def run(cmd, log):
    """Run a tool in ROOT with every path in its arguments relative to ROOT: YoWASP tools see
    /tmp as a private directory, so absolute paths of a checkout under /tmp are not writable."""
    cmd = cmd[:1] + [a.replace(ROOT + os.sep, "") for a in cmd[1:]]
    with open(log, "w") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    text = open(log).read()
    return r.returncode, text


BOARD_TOPS = {"ulx3s"}

# tops that nextpnr places but does not route: routing them at their 250 MHz target does not
# finish in 20 minutes on 2 cores; their Fmax is nextpnr's estimate after placement
PLACE_ONLY = {"ftnw_node", "ftnw_nwp"}

# name -> (emitted top, copies): six TNW links side by side, as on one torus node
REPLICAS = {"tnw_6links": ("tnw_link", 6)}


def replica(top, name, n, out):
    """Write a wrapper instantiating `top` n times; return (its top entry, path of the wrapper)."""
    src = os.path.join(ROOT, "build/verilog", top["file"])
    text = open(src).read()
    head = text[text.index(f"module {top['name']}("):]
    body = head[:head.index("endmodule")]
    ports = re.findall(r"^\s*(input|output)\s+(?:wire|reg)\s*(?:\[(\d+):0\])?\s*(\w+);", body, re.M)
    clocks = set(top["clocks_mhz"])
    decl, conns = [], [[] for _ in range(n)]
    for d, msb, p in ports:
        w = int(msb) + 1 if msb else 1
        if p in clocks:
            decl.append(f"    input wire {p};")
            for i in range(n):
                conns[i].append(f".{p}({p})")
            continue
        decl.append(f"    {d} wire [{n * w - 1}:0] {p};")
        for i in range(n):
            conns[i].append(f".{p}({p}[{(i + 1) * w - 1}:{i * w}])")
    names = [p for _, _, p in ports]
    v = [f"// {n} copies of {top['name']} side by side (scripts/synth.py replica; measurement only)",
         f"module {name}({', '.join(names)});"] + decl
    for i in range(n):
        v.append(f"    {top['name']} u{i} ({', '.join(conns[i])});")
    v.append("endmodule")
    path = os.path.join(out, name + ".v")
    open(path, "w").write(text + "\n" + "\n".join(v) + "\n")
    return dict(top, name=name), path


def xcup(top, v, out):
    """Yosys synth_xilinx for UltraScale+ (no place and route): LUTs (every LUT1-LUT6 takes a
    LUT6 site, an inverter too), flops, block RAM in 36 Kb units (a RAMB18 is half), DSPs, LUT RAMs; the area
    the thesis' Stratix IV figures (ALUTs) are nearest to. Writes build/synth/<top>.xcup.json."""
    name = top["name"]
    t0 = time.time()
    ylog = os.path.join(out, name + ".xcup.yosys.log")
    opts = "-family xcup -flatten -noiopad"
    script = (f"read_verilog -sv {v}; hierarchy -check -top {name}; proc; check -assert; "
              f"synth_xilinx {opts} -top {name}; stat")
    rc, text = run([tool("yosys"), "-q", "-l", ylog, "-p", script], ylog + ".out")
    if rc != 0 and "lutrams_" in text:
        # Yosys 0.70's LUT-RAM mapping refuses some shapes (OPTION_ABITS/WIDTH): those
        # memories go to flops and LUTs instead, which overstates the area a little
        opts += " -nolutram"
        script = script.replace("-noiopad", "-noiopad -nolutram")
        rc, text = run([tool("yosys"), "-q", "-l", ylog, "-p", script], ylog + ".out")
    if rc != 0 and "Abc9Pass" in text:
        # yowasp's ABC9 traps on some small designs (rr_arbiter) when it may use the wide
        # multiplexers (MUXF7/F8); without them it maps
        opts += " -nowidelut"
        script = script.replace("-noiopad", "-noiopad -nowidelut")
        rc, text = run([tool("yosys"), "-q", "-l", ylog, "-p", script], ylog + ".out")
    text = open(ylog).read() if os.path.exists(ylog) else text
    if rc != 0:
        print(f"  xcup  {name:<16} FAILED (yosys, see {ylog})")
        return None
    # the last statistics: the flattened top's
    stat = text[text.rfind(f"=== {name} ==="):]

    def cells(pattern):
        return sum(int(n) for n in re.findall(rf"^\s+(\d+)\s+{pattern}$", stat, re.M))
    res = {"top": name, "family": "xcup",
           "lut6": cells(r"LUT[1-6]") + cells("INV"), "ff": cells(r"FD[RSCP]E"),
           "bram36": cells("RAMB36E2") + cells("RAMB18E2") / 2, "dsp": cells("DSP48E2"),
           "lutram": cells(r"RAM\w*[MSD]\w*"), "carry8": cells("CARRY8"), "options": opts,
           "elapsed_s": round(time.time() - t0, 1)}
    json.dump(res, open(os.path.join(out, name + ".xcup.json"), "w"), indent=2)
    print(f"  xcup  {name:<16} lut6 {res['lut6']:>6}  ff {res['ff']:>6}  bram36 {res['bram36']:>5}"
          f"  dsp {res['dsp']:>3}  ({res['elapsed_s']}s)")
    return res


def main():
    only = sys.argv[1:]
    target = os.environ.get("SYNTH_TARGET") or "ecp5"
    if target not in ("ecp5", "xcup"):
        sys.exit(f"synth: TARGET={target}: ecp5 (default) or xcup")
    man = json.load(open(os.path.join(ROOT, "build/verilog/manifest.json")))
    out = os.path.join(ROOT, "build/synth")
    os.makedirs(out, exist_ok=True)
    rows, failed = [], False
    # board tops are placed with their pins and PLL by `make bitstream` (scripts/bitstream.py)
    jobs = [(t, os.path.join(ROOT, "build/verilog", t["file"])) for t in man["tops"]
            if t["name"] not in BOARD_TOPS]
    for name, (base, n) in REPLICAS.items():
        if only and name not in only:
            continue
        top = next(t for t in man["tops"] if t["name"] == base)
        jobs.append(replica(top, name, n, out))
    for top, v in jobs:
        name = top["name"]
        if only and name not in only:
            continue
        if target == "xcup":
            failed |= xcup(top, v, out) is None
            continue
        t0 = time.time()
        js = os.path.join(out, name + ".netlist.json")
        ylog = os.path.join(out, name + ".yosys.log")
        script = (f"read_verilog -sv {v}; hierarchy -check -top {name}; proc; "
                  f"check -assert; synth_ecp5 -top {name} -json {js}; "
                  f"select -assert-none t:$dlatch t:$adlatch t:$_DLATCH_* ; stat")
        rc, ylog_text = run([tool("yosys"), "-q", "-l", ylog, "-p", script], ylog + ".out")
        ylog_text = open(ylog).read() if os.path.exists(ylog) else ylog_text
        problems = [l for l in ylog_text.splitlines() if re.search(r"Latch inferred|[Uu]ndriven|combinational loop|Found logic loop", l)]
        if rc != 0 or problems:
            print(f"  synth {name:<16} FAILED (yosys, see {ylog})\n    " + "\n    ".join(problems[:10]))
            failed = True
            continue
        outreg = bram_outreg.fold(js, name)
        freq = max(f for f in top["clocks_mhz"].values())
        plog = os.path.join(out, name + ".nextpnr.log")
        rep = os.path.join(out, name + ".report.json")
        if os.path.exists(rep):
            os.remove(rep)
        rc, ptext = run([tool("nextpnr-ecp5"), "--85k", "--package", "CABGA381", "--speed", "6",
                         "--out-of-context", "--json", js, "--freq", str(freq), "--report", rep,
                         "--detailed-timing-report",
                         "--seed", "1", "--timing-allow-fail", "--quiet", "--log", plog]
                        + (["--no-route"] if name in PLACE_ONLY else []), plog + ".out")
        ptext = open(plog).read() if os.path.exists(plog) else ptext
        placed = rc == 0
        if not placed and name not in PLACE_ONLY:
            print(f"  synth {name:<16} FAILED (nextpnr, see {plog})")
            failed = True
            continue
        if not placed:
            # a top too full to place: its Yosys figures stand, without an Fmax
            print(f"  synth {name:<16} not placed (nextpnr, see {plog}): Yosys figures only")
        fmax = nextpnr_fmax(ptext) if placed else {}
        cells = {}
        try:
            r = json.load(open(rep))
            for k, val in r.get("utilization", {}).items():
                cells[k] = val.get("used", 0)
        except Exception:
            pass
        st = yosys_stats(ylog_text, outreg)
        ff, bram = st["ff"], st["bram"]
        comb = re.search(r"TRELLIS_COMB:\s+(\d+)/\s*(\d+)", ptext)
        if comb:
            cells.setdefault("TRELLIS_COMB", int(comb.group(1)))
            cells["TRELLIS_COMB_of"] = int(comb.group(2))
        res = {"top": name, "device": DEVICE, **st, "fmax_mhz": fmax, "target_mhz": freq,
               "placed_only": name in PLACE_ONLY, "placed": placed,
               "nextpnr_cells": cells, "elapsed_s": round(time.time() - t0, 1)}
        json.dump(res, open(os.path.join(out, name + ".json"), "w"), indent=2)
        rows.append(res)
        f = ", ".join(f"{k} {v:.1f}" for k, v in fmax.items()) or (
            "(no clocked path)" if placed else "(not placed)")
        print(f"  synth {name:<16} lut4 {res['lut4']:>6}  ff {ff:>6}  bram {bram:>3}  fmax {f}  ({res['elapsed_s']}s)")
    if target == "xcup":
        sys.exit(1 if failed else 0)
    print(f"\n{'top':<16} {'LUT4':>7} {'FF':>7} {'BRAM':>5}  Fmax (MHz)")
    for r in rows:
        print(f"{r['top']:<16} {r['lut4']:>7} {r['ff']:>7} {r['bram']:>5}  " + ", ".join(f"{k}={v:.1f}" for k, v in r["fmax_mhz"].items()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

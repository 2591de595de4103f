#!/usr/bin/env python3
"""Estimate, from a Yosys `synth_ecp5` netlist, which register inputs a clock period cannot reach.

    python3 scripts/paths.py build/synth/tnw_link.netlist.json tnw_link [period_ns]

A quick work list for timing closure without place and route: every flop and block-RAM input
gets an arrival time from a fixed delay per cell plus a fixed routing delay per net, and the
inputs later than `period_ns` (default 6.67, 150 MHz) are printed grouped by the register they
feed and the register their slowest path starts at. The delays are nextpnr's ECP5 -6 cell
delays with an average route. Against nextpnr on `tnw_link` it is pessimistic by up to
about 1 ns (the lane RAMs' read: 8.8 estimated, 7.7-8.1 placed), and the paths nextpnr reports
as critical over five seeds all appear in its list. It ranks candidates; placement
decides, and nextpnr's report is the figure.

It also counts the register inputs by the LUT levels behind them (a LUT4 or a carry cell's
input one level; a PFUMX or L6MUX21, inside the slice, and a carry hop none): a figure that
does not depend on placement. On ECP5 -6 a route costs 0.4-1.3 ns, so 150 MHz needs the
inputs at four levels and more gone.
"""
import json
import re
import signal
import sys
from collections import defaultdict

ROUTE = 0.85      # ns per net, average over nextpnr's routes in tnw_link
CLK_Q = 0.45      # TRELLIS_FF clock to Q
BRAM_CLK_Q = 5.83  # DP16KD without its output register (REGMODE NOREG)
BRAM_OUTREG_CLK_Q = 0.96  # with it (REGMODE OUTREG: scripts/bram_outreg.py)
BRAM_ROUTE = 1.8  # DP16KD output to a slice
LUT = 0.25
MUX = 0.2         # PFUMX, L6MUX21 (no route: inside the slice)
CARRY_IN = 0.4    # CCU2C input to carry out; then 0.06 per carry hop
SUM = 0.45        # CCU2C input to sum
SETUP = 0.1


def main():
    path, top = sys.argv[1], sys.argv[2]
    period = float(sys.argv[3]) if len(sys.argv) > 3 else 6.67
    mod = json.load(open(path))["modules"][top]
    cells = {n: c for n, c in mod["cells"].items() if c["type"] != "$scopeinfo"}
    drv = {}
    for name, c in cells.items():
        for p, bits in c["connections"].items():
            if c["port_directions"].get(p) == "output":
                for b in bits:
                    if isinstance(b, int):
                        drv[b] = (name, p)
    netname = {}
    for n, v in mod["netnames"].items():
        for b in v["bits"]:
            if isinstance(b, int) and b not in drv:
                netname[b] = n
    memo = {}
    sys.setrecursionlimit(1 << 20)

    def inputs(c, skip=()):
        """The net bits on a cell's inputs that its outputs follow without a clock: a
        distributed RAM's read follows its read address only."""
        if c["type"] == "TRELLIS_DPR16X4":
            return list(c["connections"].get("RAD", []))
        return [x for q, bits in c["connections"].items()
                if c["port_directions"][q] == "input" and q not in skip for x in bits]

    def worst(bits):
        return max((arrival(b) for b in bits), default=(0.0, None), key=lambda a: a[0])

    def arrival(b):
        """(ns, start bit) at net bit b, at the input of the cells it feeds."""
        if isinstance(b, str) or b not in drv:
            return (0.0, None)
        if b in memo:
            return memo[b]
        memo[b] = (0.0, None)  # a loop through no register (none expected) ends here
        name, port = drv[b]
        c = cells[name]
        t, con = c["type"], c["connections"]
        if t == "TRELLIS_FF":
            r = (CLK_Q + ROUTE, b)
        elif t == "DP16KD":
            side = "B" if port.startswith("DOB") else "A"
            reg = c["parameters"].get("REGMODE_" + side, "NOREG") == "OUTREG"
            r = ((BRAM_OUTREG_CLK_Q if reg else BRAM_CLK_Q) + BRAM_ROUTE, b)
        elif t == "TRELLIS_DPR16X4":  # asynchronous read from the read address
            a, s = worst(inputs(c))
            r = (a + 0.5 + ROUTE, s)
        elif t in ("PFUMX", "L6MUX21"):
            a, s = worst(inputs(c))
            r = (a + MUX, s)
        elif t == "CCU2C":
            a, s = worst(inputs(c, skip=("CIN",)))
            ca, cs = arrival(con["CIN"][0]) if con.get("CIN") else (0.0, None)
            if con.get("CIN") and drv.get(con["CIN"][0], ("", ""))[1] == "COUT":
                ca -= ROUTE  # the carry chain is a dedicated wire
            if port == "COUT":
                r = max((a + CARRY_IN, s), (ca + 0.06, cs), key=lambda z: z[0])
            else:
                r = max((a + SUM, s), (ca + 0.3, cs), key=lambda z: z[0])
            r = (r[0] + ROUTE, r[1])
        else:  # LUT4 and anything else: one logic level
            a, s = worst(inputs(c))
            r = (a + LUT + ROUTE, s)
        memo[b] = r
        return r

    depth = {}

    def level(b):
        """LUT levels behind net bit b since a register: a LUT4 or a carry cell's input is one
        level; a wide-function mux (inside the slice) and a carry hop are none."""
        if isinstance(b, str) or b not in drv:
            return 0
        if b in depth:
            return depth[b]
        depth[b] = 0
        name, _ = drv[b]
        c = cells[name]
        if c["type"] in ("TRELLIS_FF", "DP16KD"):
            return 0
        cin = c["connections"].get("CIN")
        n = max((level(x) for x in inputs(c, skip=("CIN",))), default=0)
        n += 0 if c["type"] in ("PFUMX", "L6MUX21") else 1
        if cin:
            n = max(n, level(cin[0]))
        depth[b] = n
        return n

    ends, hist = [], defaultdict(int)
    for name, c in cells.items():
        if c["type"] not in ("TRELLIS_FF", "DP16KD"):
            continue
        for q, bits in c["connections"].items():
            if c["port_directions"][q] != "input" or q.startswith("CLK"):
                continue
            for b in bits:
                a, s = arrival(b)
                ends.append((a + SETUP, name, s))
                hist[level(b)] += 1
    late = [e for e in ends if e[0] > period]
    print(f"{top}: {len(ends)} register inputs, {len(late)} estimated later than {period} ns"
          f" (worst {max(e[0] for e in ends):.2f} ns)")
    print("register inputs by LUT levels behind them: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(hist.items())))

    def base(n):
        return re.sub(r"(_TRELLIS_FF_Q.*|_DP16KD.*|\[\d+\]|\$\d+$)", "", n)

    groups = defaultdict(list)
    for a, name, s in late:
        start = base(drv[s][0]) if s in drv else base(netname.get(s, "an input port"))
        groups[(base(name), start)].append(a)
    for (end, start), v in sorted(groups.items(), key=lambda kv: -max(kv[1])):
        print(f"{max(v):6.2f} ns {len(v):4d}  {end}  <-  {start}")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly
    main()

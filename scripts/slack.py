#!/usr/bin/env python3
"""Which register inputs a clock period cannot reach, after nextpnr placed and routed a top.

    python3 scripts/slack.py build/synth/tnw_link.report.json [period_ns] [clock]

Reads the report `make synth` has nextpnr write (`--report` with `--detailed-timing-report`):
for every net into a clocked cell input, nextpnr gives the latest arrival at that input.
Prints the count of inputs of `clock` (default `clock`) arriving later than `period_ns`
(default 6.667, 150 MHz), then those inputs grouped by register (nextpnr's cell names with the
technology-mapping suffixes and bit indices taken off), latest first. Unlike
`scripts/paths.py` (an estimate from the Yosys netlist, no placement), these are nextpnr's own
figures for one placement: the work list for timing closure, which the next seed reshuffles
at the margin. An input's time is its arrival plus its setup time, as nextpnr's critical path
reports give them for ECP5 -6: 0 for a flop's data inputs (DI, M), 0.42 ns for its set/reset
(LSR), 0.39 ns for a LUT RAM's write enable (WRE); other inputs (a flop's CE among them) are
counted with none, so they are shown up to a few tenths of a nanosecond early.
"""
import json
import re
import signal
import sys
from collections import defaultdict

SETUP_NS = {"LSR": 0.42, "WRE": 0.39}


def late_inputs(report, period_ns, clock):
    """[(arrival + setup in ns, cell, port)] of the inputs clocked by `clock` later than
    `period_ns`, and the number of inputs of that clock."""
    event = "posedge " + clock
    late, total = [], 0
    for net in report.get("detailed_net_timings", []):
        for e in net["endpoints"]:
            if e["event"] != event:
                continue
            total += 1
            arrival = e["delay"][1] + SETUP_NS.get(e["port"], 0.0)
            if arrival > period_ns:
                late.append((arrival, e["cell"], e["port"]))
    return late, total


def register_of(cell):
    """`rxlink.sel_vc$q_TRELLIS_FF_Q_1` -> `rxlink.sel_vc`; `head$3$q...` -> `head$N`."""
    name = re.sub(r"(\$q|\.q|\.dff|\$d)?_(TRELLIS|DP16KD|LUT4|PFUMX|CCU2C|L6MUX).*$", "", cell)
    return re.sub(r"\$\d+", "$N", name)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    report = json.load(open(sys.argv[1]))
    period = float(sys.argv[2]) if len(sys.argv) > 2 else 6.667
    clock = sys.argv[3] if len(sys.argv) > 3 else "clock"
    if "detailed_net_timings" not in report:
        sys.exit(f"{sys.argv[1]}: no detailed_net_timings (nextpnr without --detailed-timing-report)")
    late, total = late_inputs(report, period, clock)
    print(f"{sys.argv[1]}: clock {clock!r}: {len(late)} of {total} register inputs later than "
          f"{period} ns ({1000 / period:.1f} MHz)")
    groups = defaultdict(list)
    for arrival, cell, _ in late:
        groups[register_of(cell)].append(arrival)
    for reg, arr in sorted(groups.items(), key=lambda kv: -max(kv[1])):
        print(f"  {max(arr):5.2f} ns {len(arr):4d}  {reg}")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly
    main()

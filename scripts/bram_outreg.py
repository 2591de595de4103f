#!/usr/bin/env python3
"""Fold the flop behind an ECP5 block RAM's read data into the RAM's output register.

    python3 scripts/bram_outreg.py NETLIST.json [TOP]

Yosys (0.23 to 0.70 at least) maps a memory read into DP16KD's read latch but offers no
output register (`REGMODE` OUTREG): a second register behind the read (`BlockRamReg`,
hdl/src/common/ram.rs) stays a fabric flop, behind the read latch's 5.83 ns clock-to-out in
nextpnr's ECP5 -6 model. This pass rewrites the netlist `synth_ecp5 -json` wrote, between Yosys
and nextpnr: where every used read-data pin of a DP16KD port feeds exactly one TRELLIS_FF and
nothing else, and those flops share the port's read clock (rising edge, as the RAM's) and one
clock enable, have no set or reset and start at 0, the flops are removed, their outputs are
driven by the RAM's pins, and the port takes `REGMODE` OUTREG with the flops' enable on its
output clock enable (OCE). The
behaviour is the same: the output register loads the read latch at each enabled read clock
edge, and starts at 0 after configuration.

A 36-bit port (Yosys maps a 512 x 36 memory as DP16KD in its pseudo-dual-port mode, the read
data on both ports' pins, clocked by port B) is folded as one: both ports' REGMODE and OCE, as
nextpnr does for PDPW16KD. A port whose reset input is used is left alone (the RAM's reset acts
on the output register in OUTREG mode, which the flops did not have).

Prints the number of ports and flops folded; rewrites NETLIST in place. `fold` returns them
(scripts/synth.py and scripts/bitstream.py take the flops off Yosys's flop count).
"""
import json
import sys


def is_const(bits, value):
    return all(b == value for b in bits)


def param_int(v):
    """A Yosys JSON parameter as an integer (a string of bits, or a number)."""
    return int(v, 2) if isinstance(v, str) else int(v)


def fold(path, top=None):
    d = json.load(open(path))
    mods = d["modules"]
    if top is None:
        top = next(n for n, m in mods.items() if m.get("attributes", {}).get("top"))
    m = mods[top]
    cells = m["cells"]
    # every net bit's sinks (cell, port) and whether it is a module port
    sinks = {}
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c.get("port_directions", {}).get(port) != "input":
                continue
            for b in bits:
                if isinstance(b, int):
                    sinks.setdefault(b, []).append((name, port))
    port_bits = {b for p in m["ports"].values() for b in p["bits"] if isinstance(b, int)}
    folded, remove = 0, set()
    for name, c in sorted(cells.items()):
        if c["type"] != "DP16KD":
            continue
        p, conn = c["parameters"], c["connections"]
        wide = param_int(p.get("DATA_WIDTH_A", 18)) == 36
        groups = [("A", "B")] if wide else [("A",), ("B",)]
        for ports in groups:
            clk_port = "B" if wide else ports[0]
            if any(p.get("REGMODE_" + x, "NOREG") != "NOREG" for x in ports):
                continue
            if any(not is_const(conn.get("RST" + x, ["0"]), "0") for x in ports):
                continue
            clk = conn.get("CLK" + clk_port)
            # a RAM read on the falling edge (CLKxMUX INV) keeps its flop
            if str(p.get(f"CLK{clk_port}MUX", f"CLK{clk_port}")).strip() != f"CLK{clk_port}":
                continue
            ffs, ce, ok = [], None, True
            for x in ports:
                for i in range(18):
                    pin = f"DO{x}{i}"
                    bits = conn.get(pin, [])
                    if not bits or not isinstance(bits[0], int):
                        continue
                    b = bits[0]
                    s = sinks.get(b, [])
                    if not s and b not in port_bits:
                        continue  # an unused pin
                    if len(s) != 1 or b in port_bits or s[0][1] != "DI":
                        ok = False
                        break
                    ff = cells[s[0][0]]
                    fp, fc = ff["parameters"], ff["connections"]
                    if (ff["type"] != "TRELLIS_FF" or fc.get("CLK") != clk
                            or fp.get("CLKMUX", "CLK").strip() != "CLK"
                            or fp.get("REGSET", "RESET").strip() != "RESET"
                            or fp.get("GSR", "DISABLED").strip() != "DISABLED"
                            or not is_const(fc.get("LSR", ["0"]), "0")
                            or fp.get("LSRMUX", "LSR").strip() not in ("LSR", "0")):
                        ok = False
                        break
                    cemux = fp.get("CEMUX", "1").strip()
                    if cemux == "1":
                        this_ce = ["1"]
                    elif cemux == "CE":
                        this_ce = fc.get("CE", ["1"])
                    else:
                        ok = False
                        break
                    if ce is not None and this_ce != ce:
                        ok = False
                        break
                    ce = this_ce
                    ffs.append((pin, s[0][0]))
                if not ok:
                    break
            if not ok or not ffs:
                continue
            for pin, ffname in ffs:
                conn[pin] = cells[ffname]["connections"]["Q"]
                remove.add(ffname)
            for x in ports:
                p["REGMODE_" + x] = "OUTREG"
                conn["OCE" + x] = ce
            folded += 1
    for n in remove:
        del cells[n]
    json.dump(d, open(path, "w"))
    return folded, len(remove)


if __name__ == "__main__":
    n, f = fold(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
    print(f"bram_outreg: {n} block RAM port(s), {f} flops folded into output registers")

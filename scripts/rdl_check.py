#!/usr/bin/env python3
"""make rdl: compile and elaborate each build/rdl/<map>.rdl (bsp/src/rdl.rs) with the
systemrdl-compiler, and check what the compiler elaborated against the C header the same register
description gives (include/<map>_regs.h, kept current by a test): every register at its offset,
every field with its bit offset, width and reset value, nothing more. rdl_check.py [dir];
exit 1 on a problem."""

import re
import sys
from pathlib import Path

from systemrdl import RDLCompileError, RDLCompiler
from systemrdl.node import FieldNode, RegNode


def header(stem):
    """`NAME -> value` of include/<stem>_regs.h."""
    h = Path(__file__).resolve().parent.parent / "include" / f"{stem}_regs.h"
    return {n: int(v, 16) for n, v in
            re.findall(r"^#define (\w+)\s+0x([0-9A-Fa-f]+)u", h.read_text(), re.M)}


def check(path):
    rdlc = RDLCompiler()
    try:
        rdlc.compile_file(str(path))
        root = rdlc.elaborate()
    except RDLCompileError:
        return [f"{path.name}: does not compile"]
    h = header(path.stem)
    pre = path.stem.upper()
    e = []
    regs = [n for n in root.descendants() if isinstance(n, RegNode)]
    fields = [n for n in root.descendants() if isinstance(n, FieldNode)]
    for r in regs:
        if h.get(f"{pre}_{r.inst_name}_OFFSET") != r.address_offset:
            e.append(f"{path.name}: {r.inst_name} at {r.address_offset:#x}")
    for f in fields:
        k = f"{pre}_{f.parent.inst_name}_{f.inst_name}"
        got = (f.lsb, f.width, f.get_property("reset"))
        want = (h.get(k + "_SHIFT"), h.get(k + "_WIDTH"), h.get(k + "_RESET"))
        if got[:2] != want[:2] or got[2] not in (want[2], None):
            e.append(f"{path.name}: {k} (lsb, width, reset) {got}, the header {want}")
    n_regs = sum(1 for n in h if n.endswith("_OFFSET"))
    n_fields = sum(1 for n in h if n.endswith("_SHIFT"))
    if (len(regs), len(fields)) != (n_regs, n_fields):
        e.append(f"{path.name}: {len(regs)} registers, {len(fields)} fields; "
                 f"the header {n_regs}, {n_fields}")
    return e


def main(argv):
    d = Path(argv[0]) if argv else Path("build/rdl")
    files = sorted(d.glob("*.rdl"))
    if not files:
        print(f"rdl: no .rdl in {d} (run make verilog)")
        return 1
    problems = []
    for f in files:
        p = check(f)
        problems += p
        print(f"  rdl  {f.stem:<16} {'FAILED' if p else 'compiles'}")
    for p in problems:
        print("  rdl ", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

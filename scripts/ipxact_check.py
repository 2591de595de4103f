#!/usr/bin/env python3
"""Check each build/verilog/<top>.xml (IP-XACT 1685-2014, bsp/src/ipxact.rs) against its Verilog:
parsed with the standard library's XML parser; the component's ports equal the module header's
(name, direction, width; each once); every bus interface's physical ports exist, its logical
ports belong to its bus definition, each drives the way its mode says (a manager drives AWVALID,
a subordinate AWREADY; a stream master TDATA, its slave TREADY); every AXI-named port is in an
interface; every memory map referenced exists. ipxact_check.py [dir [top ...]]; exit 1 on a
problem, each printed."""

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

NS = {"ipxact": "http://www.accellera.org/XMLSchema/IPXACT/1685-2014"}
Q = "{%s}" % NS["ipxact"]

# logical ports of each bus definition the writer uses, with the side that drives each
# (m: the manager / stream master / the clock or reset source, s: the subordinate)
AXIMM = {}
for ch, sigs in (("AW", "ID ADDR LEN SIZE BURST LOCK CACHE PROT QOS VALID"),
                 ("AR", "ID ADDR LEN SIZE BURST LOCK CACHE PROT QOS VALID")):
    for s in sigs.split():
        AXIMM[ch + s] = "m"
    AXIMM[ch + "READY"] = "s"
AXIMM.update({s: "m" for s in ("WDATA", "WSTRB", "WLAST", "WVALID", "BREADY", "RREADY")})
AXIMM.update({s: "s" for s in ("WREADY", "BID", "BRESP", "BVALID",
                               "RID", "RDATA", "RRESP", "RLAST", "RVALID")})
AXIS = {s: "m" for s in ("TDATA", "TKEEP", "TLAST", "TUSER", "TVALID")}
AXIS["TREADY"] = "s"
BUSES = {
    ("xilinx.com", "interface", "aximm"): AXIMM,
    ("xilinx.com", "interface", "axis"): AXIS,
    ("xilinx.com", "signal", "clock"): {"CLK": "m"},
    ("xilinx.com", "signal", "reset"): {"RST": "m"},
}
AXI_PREFIX = re.compile(r"^(s_axil|m_axi|s_axis_[a-z0-9]+|m_axis_[a-z0-9]+)_")


def verilog_ports(v, top):
    body = v[v.index(f"module {top}("):]
    body = body[:body.index("endmodule")]
    return [(n, d.replace("put", ""), int(msb) + 1 if msb else 1)
            for d, msb, n in re.findall(
                r"^\s*(input|output)\s+(?:wire|reg)\s*(?:\[(\d+):0\])?\s*(\w+);", body, re.M)]


def check(xml_path, v_path):
    top = xml_path.stem
    e = []
    root = ET.parse(xml_path).getroot()
    if root.tag != Q + "component":
        return [f"{top}: root is {root.tag}, not an IP-XACT 2014 component"]
    if root.findtext("ipxact:name", namespaces=NS) != top:
        e.append(f"{top}: component name {root.findtext('ipxact:name', namespaces=NS)}")
    ports = []
    for p in root.findall("ipxact:model/ipxact:ports/ipxact:port", NS):
        left = p.findtext("ipxact:wire/ipxact:vectors/ipxact:vector/ipxact:left", namespaces=NS)
        ports.append((p.findtext("ipxact:name", namespaces=NS),
                      p.findtext("ipxact:wire/ipxact:direction", namespaces=NS),
                      int(left) + 1 if left is not None else 1))
    want = verilog_ports(v_path.read_text(), top)
    if sorted(ports) != sorted(want):
        e.append(f"{top}: ports differ from the Verilog header: "
                 f"{sorted(set(ports) ^ set(want))[:6]}")
    dirs = {n: d for n, d, _ in ports}
    maps = {m.findtext("ipxact:name", namespaces=NS)
            for m in root.findall("ipxact:memoryMaps/ipxact:memoryMap", NS)}
    mapped = set()
    for b in root.findall("ipxact:busInterfaces/ipxact:busInterface", NS):
        name = b.findtext("ipxact:name", namespaces=NS)
        bt = b.find("ipxact:busType", NS)
        bus = BUSES.get((bt.get("vendor"), bt.get("library"), bt.get("name")))
        if bus is None or bt.get("version") != "1.0":
            e.append(f"{top}: {name}: unknown bus type {bt.attrib}")
            continue
        master = b.find("ipxact:master", NS) is not None
        if not master and b.find("ipxact:slave", NS) is None:
            e.append(f"{top}: {name}: neither master nor slave")
        ref = b.find("ipxact:slave/ipxact:memoryMapRef", NS)
        if ref is not None and ref.get("memoryMapRef") not in maps:
            e.append(f"{top}: {name}: memory map {ref.get('memoryMapRef')} missing")
        for pm in b.findall(".//ipxact:portMap", NS):
            lp = pm.findtext("ipxact:logicalPort/ipxact:name", namespaces=NS)
            pp = pm.findtext("ipxact:physicalPort/ipxact:name", namespaces=NS)
            mapped.add(pp)
            if pp not in dirs:
                e.append(f"{top}: {name}: {lp} -> {pp}, no such port")
            elif lp not in bus:
                e.append(f"{top}: {name}: {lp} is not a port of {bt.get('name')}")
            else:
                # clocks and resets are inputs of the component (their source is outside)
                drives = bus[lp] == ("m" if master else "s") and bt.get("library") != "signal"
                if dirs[pp] != ("out" if drives else "in"):
                    e.append(f"{top}: {name}: {lp} ({pp}) is {dirs[pp]}put")
    for n in dirs:
        if AXI_PREFIX.match(n) and n not in mapped:
            e.append(f"{top}: {n} is in no bus interface")
    return e


def main(argv):
    d = Path(argv[0]) if argv else Path("build/verilog")
    tops = argv[1:] or sorted(p.stem for p in d.glob("*.v"))
    problems = []
    for t in tops:
        x = d / f"{t}.xml"
        if not x.exists():
            problems.append(f"{t}: no {x}")
            continue
        problems += check(x, d / f"{t}.v")
    n_if = sum(len(ET.parse(d / f"{t}.xml").getroot().findall(".//ipxact:busInterface", NS))
               for t in tops if (d / f"{t}.xml").exists())
    for p in problems:
        print("  ipxact", p)
    print(f"  ipxact {len(tops)} components, {n_if} bus interfaces: "
          f"{'FAILED' if problems else 'clean'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

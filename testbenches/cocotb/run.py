#!/usr/bin/env python3
"""make cocotb: each AXI top of build/verilog in Icarus under cocotb, its AXI ports bound by
cocotbext-axi's stock from_prefix (test_ports.py, one test per top), two of the aclk/aresetn
wrappers, and ftnw_ioc_pg156 under cocotbext-pcie's UltraScale PCIe model. Fails if a test
fails."""

import os
import sys
from pathlib import Path

from cocotb_tools.runner import get_results, get_runner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# a `<top>_aresetn` wrapper lives in `<top>.v` (bsp emit::aresetn_wrapper)
TOPS = ["axil_regs_demo", "mem_axi4", "dma_axi4", "ppe_node_axil", "dtu_axil", "dtu_axil32",
        "ftnw_node", "axil_regs_demo_aresetn", "mem_axi4_aresetn", "ftnw_ioc_pg156"]


def main(tops):
    failed = []
    for top in tops:
        build = ROOT / "build" / "cocotb" / top
        runner = get_runner("icarus")
        src = top.removesuffix("_aresetn").removesuffix("_pg156")
        runner.build(sources=[ROOT / "build" / "verilog" / f"{src}.v"], hdl_toplevel=top,
                     build_dir=build, always=True)
        xml = runner.test(test_module="test_ports", hdl_toplevel=top, testcase=top,
                          build_dir=build, test_dir=HERE, seed=1,
                          results_xml=str(build / "results.xml"))
        n, bad = get_results(xml)
        print(f"  cocotb  {top:<16} {'FAILED' if bad or not n else 'pass'}")
        if bad or not n:
            failed.append(top)
    if failed:
        sys.exit(f"cocotb: failed: {' '.join(failed)}")


if __name__ == "__main__":
    main(sys.argv[1:] or TOPS)

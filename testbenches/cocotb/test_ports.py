"""The emitted tops as an integrator meets them: each AXI port bound with cocotbext-axi's stock
`from_prefix(dut, "s_axil")` / `from_prefix(dut, "m_axi")` and driven through a transaction.
`ftnw_ioc_pg156` meets cocotbext-pcie's UltraScale PCIe block. Run by run.py (make cocotb); one
test per top, selected by the top's name."""

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge
from cocotbext.axi import (AxiBus, AxiLiteBus, AxiLiteMaster, AxiRam, AxiResp,
                           AxiWriteBus, AxiRamWrite)

# the demo register block (wire/src/demo.rs): CTRL's reset value, an unmapped offset
DEMO_CTRL_RESET = (0x100 << 16) | (0xA << 4) | 1
DEMO_UNMAPPED = 0x20


async def start(dut, cycles=4, clock="clock", reset="reset", active=1):
    """Clock at 100 MHz, reset active for `cycles` edges, then released (a `<top>_aresetn`
    wrapper: clock "aclk", reset "aresetn", active 0)."""
    clk, rst = getattr(dut, clock), getattr(dut, reset)
    cocotb.start_soon(Clock(clk, 10, unit="ns").start())
    rst.value = active
    for _ in range(cycles):
        await RisingEdge(clk)
    rst.value = 1 - active
    await RisingEdge(clk)


async def handshake(dut, valid, ready, clock="clock"):
    """Hold `valid` high until the edge of `clock` where `ready` is high."""
    clk = getattr(dut, clock)
    getattr(dut, valid).value = 1
    await RisingEdge(clk)
    while not getattr(dut, ready).value:
        await RisingEdge(clk)
    getattr(dut, valid).value = 0


# the DTU's inputs other than its CU port, held low: no NoC traffic, no memory answers
DTU_QUIET = ("req_in_valid", "rsp_in_valid", "req_out_ready", "rsp_out_ready", "mem_req_ready",
             "mem_rsp_valid", "own_pe")


def tie_low(dut, *names):
    for n in names:
        getattr(dut, n).value = 0


@cocotb.test()
async def axil_regs_demo(dut):
    """Read CTRL's reset value, write and read it back, and an unmapped read answers SLVERR."""
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clock, dut.reset)
    tie_low(dut, "status_value", "exc_err_set")
    await start(dut)
    got = await axil.read_dword(0)
    assert got == DEMO_CTRL_RESET, f"CTRL {got:#x}"
    await axil.write_dword(0, 0x0020_0031)
    got = await axil.read_dword(0)
    assert got == 0x0020_0031, f"CTRL after write {got:#x}"
    rsp = await axil.read(DEMO_UNMAPPED, 4)
    assert rsp.resp == AxiResp.SLVERR, rsp


@cocotb.test()
async def mem_axi4(dut):
    """Words written and read through the local-memory port land in an AxiRam on m_axi."""
    ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clock, dut.reset, size=1 << 16)
    tie_low(dut, "mem_req_valid", "mem_req_we", "mem_req_addr", "mem_req_wdata", "mem_req_strb")
    await start(dut)
    words = {0x100 + 8 * i: 0x0123_4567_89AB_CDEF ^ (i * 0x1111) for i in range(8)}

    async def request(addr, we, wdata=0, strb=0xFF):
        dut.mem_req_addr.value = addr
        dut.mem_req_we.value = we
        dut.mem_req_wdata.value = wdata
        dut.mem_req_strb.value = strb
        await handshake(dut, "mem_req_valid", "mem_req_ready")

    for a, w in words.items():
        await request(a, 1, w)
    for _ in range(40):
        await RisingEdge(dut.clock)
    for a, w in words.items():
        assert ram.read_qword(a) == w, f"RAM at {a:#x}: {ram.read_qword(a):#x}"
    ram.write_qword(0x200, 0xFEED_FACE_CAFE_BEEF)
    await request(0x200, 0)
    for _ in range(40):
        await RisingEdge(dut.clock)
        if dut.mem_rsp_valid.value:
            assert dut.mem_rsp_data.value == 0xFEED_FACE_CAFE_BEEF
            return
    assert False, "no read response"


@cocotb.test()
async def dma_axi4(dut):
    """A DMA write of 300 beats (two bursts, one across no 4 KB line) lands in an AxiRam on
    m_axi, and a DMA read of it returns every beat."""
    ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clock, dut.reset, size=1 << 16)
    tie_low(dut, "dma_rd_req_valid", "dma_wr_req_valid", "dma_wr_dat_valid", "dma_rd_rsp_ready",
            "dma_wr_rsp_ready")
    await start(dut, 8)
    addr, beats = 0x1000, 300
    data = [(0x1111_2222_0000_0000 | i) * 3 & (1 << 64) - 1 for i in range(beats)]
    dut.dma_wr_req_addr.value = addr
    dut.dma_wr_req_beats.value = beats
    await handshake(dut, "dma_wr_req_valid", "dma_wr_req_ready")
    for i, w in enumerate(data):
        dut.dma_wr_dat_data.value = w
        dut.dma_wr_dat_last.value = int(i == beats - 1)
        await handshake(dut, "dma_wr_dat_valid", "dma_wr_dat_ready")
    dut.dma_wr_rsp_ready.value = 1
    while not dut.dma_wr_rsp_valid.value:
        await RisingEdge(dut.clock)
    assert not dut.dma_wr_rsp_err.value
    for i, w in enumerate(data):
        assert ram.read_qword(addr + 8 * i) == w, f"beat {i}"
    dut.dma_rd_req_addr.value = addr
    dut.dma_rd_req_beats.value = beats
    dut.dma_rd_req_tag.value = 5
    dut.dma_rd_rsp_ready.value = 1
    await handshake(dut, "dma_rd_req_valid", "dma_rd_req_ready")
    got = []
    while len(got) < beats:
        await RisingEdge(dut.clock)
        if dut.dma_rd_rsp_valid.value:
            assert dut.dma_rd_rsp_tag.value == 5 and not dut.dma_rd_rsp_err.value
            got.append(int(dut.dma_rd_rsp_data.value))
    assert got == data


@cocotb.test()
async def ppe_node_axil(dut):
    """The PPE's host window on s_axil: a read is answered OKAY."""
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clock, dut.reset)
    for h in ("rx_valid", "tx_ready", "dma_rd_req_ready", "dma_rd_rsp_valid",
              "dma_wr_req_ready", "dma_wr_dat_ready", "dma_wr_rsp_valid"):
        if hasattr(dut, h):
            getattr(dut, h).value = 0
    await start(dut, 8)
    rsp = await axil.read(0, 4)
    assert rsp.resp == AxiResp.OKAY, rsp


@cocotb.test()
async def dtu_axil(dut):
    """The DTU's 64-bit register file on s_axil: a read of a register is answered OKAY."""
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clock, dut.reset)
    tie_low(dut, *DTU_QUIET)
    await start(dut, 8)
    rsp = await axil.read(0, 8)
    assert rsp.resp == AxiResp.OKAY, rsp


@cocotb.test()
async def dtu_axil32(dut):
    """A 32-bit master writes a 64-bit endpoint word of the DTU as two halves (low first) and
    reads it back the same way."""
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clock, dut.reset)
    tie_low(dut, *DTU_QUIET)
    await start(dut, 8)
    ep5_word1 = 0x30 + 0x18 * 5 + 8
    await axil.write_dword(ep5_word1, 0x89AB_CDEF)
    await axil.write_dword(ep5_word1 + 4, 0x0123_4567)
    lo = await axil.read_dword(ep5_word1)
    hi = await axil.read_dword(ep5_word1 + 4)
    assert (hi << 32 | lo) == 0x0123_4567_89AB_CDEF, f"{hi:#x} {lo:#x}"


@cocotb.test()
async def ftnw_node(dut):
    """The node's write-only AXI4 manager binds to AxiRamWrite (the read channels absent)."""
    ram = AxiRamWrite(AxiWriteBus.from_prefix(dut, "m_axi"), dut.clock, dut.reset, size=1 << 20)
    await start(dut, 8)
    for _ in range(16):
        await RisingEdge(dut.clock)
        assert not dut.m_axi_awvalid.value
    assert ram is not None


async def start_n(dut, cycles=4):
    """The `<top>_aresetn` wrappers: aclk, aresetn active low."""
    await start(dut, cycles, "aclk", "aresetn", 0)


@cocotb.test()
async def axil_regs_demo_aresetn(dut):
    """The demo through its aclk/aresetn wrapper: CTRL written, then aresetn low for a cycle
    puts it back to its reset value."""
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn,
                         reset_active_level=False)
    tie_low(dut, "status_value", "exc_err_set")
    await start_n(dut)
    await axil.write_dword(0, 0x0020_0031)
    got = await axil.read_dword(0)
    assert got == 0x0020_0031, f"CTRL after write {got:#x}"
    await start_n(dut, cycles=1)
    got = await axil.read_dword(0)
    assert got == DEMO_CTRL_RESET, f"CTRL after aresetn {got:#x}"


@cocotb.test()
async def mem_axi4_aresetn(dut):
    """The memory-port adapter through its aclk/aresetn wrapper: a word written lands in an
    AxiRam on m_axi whose reset is the same active-low aresetn."""
    ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.aclk, dut.aresetn,
                 reset_active_level=False, size=1 << 16)
    tie_low(dut, "mem_req_valid", "mem_req_we", "mem_req_addr", "mem_req_wdata", "mem_req_strb")
    await start_n(dut)
    dut.mem_req_addr.value = 0x180
    dut.mem_req_we.value = 1
    dut.mem_req_wdata.value = 0x0123_4567_89AB_CDEF
    dut.mem_req_strb.value = 0xFF
    await handshake(dut, "mem_req_valid", "mem_req_ready", "aclk")
    for _ in range(20):
        await RisingEdge(dut.aclk)
    assert ram.read_qword(0x180) == 0x0123_4567_89AB_CDEF, f"{ram.read_qword(0x180):#x}"


@cocotb.test()
async def ftnw_ioc_pg156(dut):
    """`ftnw_ioc_pg156` against cocotbext-pcie's model of the UltraScale PCIe block, every PCIe
    port bound by the block's own name: enumerated by a root complex, an IOC register written
    and read back through BAR2 (CQ, CC), and link 0's receive write reaching host memory as a
    memory write (RQ, with bus mastering from cfg_function_status)."""
    from cocotb.triggers import ValueChange
    from cocotbext.axi import AxiStreamBus
    from cocotbext.pcie.core import RootComplex
    from cocotbext.pcie.xilinx.us import UltraScalePcieDevice
    from cocotbext.pcie.xilinx.us import interface as us_if

    # cocotbext-pcie 0.2.16 was written for cocotb 1: its sinks wait for a rising edge of the
    # block's multi-bit tready, which cocotb 2 refuses; any change wakes them just as well
    async def tready_monitor(self):
        while True:
            await ValueChange(self.bus.tready)
            self.wake_event.set()
    us_if.UsPcieSink._run_tready_monitor = tready_monitor

    dev = UltraScalePcieDevice(
        pcie_generation=3, pcie_link_width=4, user_clk_frequency=250e6, alignment="dword",
        enable_client_tag=True,
        user_clk=dut.user_clk, user_reset=dut.user_reset,
        rq_bus=AxiStreamBus.from_prefix(dut, "s_axis_rq"),
        rc_bus=AxiStreamBus.from_prefix(dut, "m_axis_rc"),
        cq_bus=AxiStreamBus.from_prefix(dut, "m_axis_cq"),
        cc_bus=AxiStreamBus.from_prefix(dut, "s_axis_cc"),
        cfg_max_read_req=dut.cfg_max_read_req,
        cfg_function_status=dut.cfg_function_status)
    dev.functions[0].configure_bar(0, 1 << 24)
    dev.functions[0].configure_bar(2, 1 << 17)
    rc = RootComplex()
    rc.make_port().connect(dev)
    mem = rc.mem_pool.alloc_region(1 << 16)

    # the TNW side: its own clock, nothing offered, nothing taken
    cocotb.start_soon(Clock(dut.tnw_clock, 5, unit="ns").start())
    tie_low(dut, "tnw_rdata", "tnw_ready", "tnw_err", "link_irq_rx", "link_irq_tx",
            *[f"host_{k}_{s}" for k in range(6) for s in ("wr_req_valid", "wr_dat_valid")],
            *[f"tx_{k}_ready" for k in range(6)])
    for k in range(6):
        getattr(dut, f"host_{k}_wr_rsp_ready").value = 1
    dut.tnw_reset.value = 1
    for _ in range(8):
        await RisingEdge(dut.tnw_clock)
    dut.tnw_reset.value = 0

    await FallingEdge(dut.user_reset)
    await rc.enumerate()
    fn = rc.find_device(dev.functions[0].pcie_id)
    await fn.enable_device()
    await fn.set_master()
    bar2 = fn.bar_window[2]
    # DMA_BUF_LO (IOC registers at BAR2 + 0x1_0000): bits 11:0 read 0
    await bar2.write_dword(0x1_0060, 0x1234_5000)
    got = await bar2.read_dword(0x1_0060)
    assert got == 0x1234_5000, f"DMA_BUF_LO {got:#x}"

    # link 0's receive write of four Dwords goes out on RQ into host memory
    base = mem.get_absolute_address(0x100)
    words = [0xA0A0_0001 + 0x1111 * i for i in range(4)]
    dut.host_0_wr_req_addr.value = base
    dut.host_0_wr_req_beats.value = len(words)
    await handshake(dut, "host_0_wr_req_valid", "host_0_wr_req_ready", "tnw_clock")
    for i, w in enumerate(words):
        dut.host_0_wr_dat_data.value = w
        dut.host_0_wr_dat_last.value = int(i == len(words) - 1)
        await handshake(dut, "host_0_wr_dat_valid", "host_0_wr_dat_ready", "tnw_clock")
    for _ in range(400):
        await RisingEdge(dut.user_clk)
    got = [int.from_bytes(mem[0x100 + 4 * i:0x104 + 4 * i], "little") for i in range(4)]
    assert got == words, [hex(g) for g in got]

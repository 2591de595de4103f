//! The registry of every top: the device and common tops of `nicgen_hdl::tops` and the board
//! tops. What `make verilog` emits, lints and synthesizes, what the lock-step test runs, and
//! what the simulation harness builds by name.

use crate::ulx3s::dtu::Ulx3sDtu;
use crate::ulx3s::mitnic::Ulx3sMitNic;
use crate::ulx3s::ppe::Ulx3sPpe;
use crate::ulx3s::Ulx3s;
use nicgen_hdl::top::{DynTop, TopEntry};
use nicgen_hdl::AutoTop;
use nicgen_wire::board::bridge as wb;

/// The device boards' clocks (the PLL's output, `BoardConfig`), in MHz.
const DTU_MHZ: f64 = wb::DTU_BOARD_CLOCK_HZ as f64 / 1e6;
const MITNIC_MHZ: f64 = wb::MITNIC_BOARD_CLOCK_HZ as f64 / 1e6;
const PPE_MHZ: f64 = wb::PPE_BOARD_CLOCK_HZ as f64 / 1e6;

/// `tops()`, or only those `NICGEN_TOPS` names (comma-separated) when it is set: the
/// every-top tests (lock-step, Icarus) on a subset while working on one block.
pub fn selected() -> Vec<TopEntry> {
    match std::env::var("NICGEN_TOPS") {
        Ok(list) if !list.trim().is_empty() => {
            let want: Vec<&str> = list.split(',').map(str::trim).collect();
            named(&want).unwrap_or_else(|e| panic!("NICGEN_TOPS: {e}"))
        }
        _ => tops(),
    }
}

/// The tops of these names, in `tops()`'s order; every name must be a top's. No names: every
/// top.
pub fn named<S: AsRef<str>>(want: &[S]) -> anyhow::Result<Vec<TopEntry>> {
    let all = tops();
    for w in want {
        let w = w.as_ref();
        anyhow::ensure!(all.iter().any(|t| t.name == w), "no top named {w:?}");
    }
    if want.is_empty() {
        return Ok(all);
    }
    Ok(all
        .into_iter()
        .filter(|t| want.iter().any(|w| w.as_ref() == t.name))
        .collect())
}

/// Every top, device and common tops first, then the boards.
pub fn tops() -> Vec<TopEntry> {
    let mut v = nicgen_hdl::tops::tops();
    v.extend(boards());
    v
}

/// The board tops.
pub fn boards() -> Vec<TopEntry> {
    let mut v = vec![];
    v.push(TopEntry {
        name: "ulx3s",
        doc: "ULX3S 85F board: EHXPLLL 25 → 75 MHz, reset synchronizer (PWRn button, PLL lock), UART register bridge (3 Mbaud, FT231X), two `tnw_link` cabled inside the FPGA with a bit-error injector, board registers, MDIO and PHY-reset pins on J1, LEDs (board)",
        // simulated: the PLL is a pass-through, so this input runs at the link clock
        clocks_mhz: &[("clk_25mhz", 75.0)],
        build: || Box::new(AutoTop::new("ulx3s", Ulx3s::default())) as Box<dyn DynTop>,
    });
    v.push(TopEntry {
        name: "ulx3s_dtu",
        doc: "ULX3S 85F board of the M3 DTU: EHXPLLL 25 MHz → the board clock (`BoardConfig::ulx3s_dtu`), the same bridge and board registers, two DTU PEs (each interposed before 4 KiB of block-RAM local memory) on a crossbar per class; the PC is both PEs' cores: PE k's MMIO at `k << 12` (64-bit registers as word pairs, low word first), its memory at `(2 + k) << 12` (board)",
        clocks_mhz: &[("clk_25mhz", DTU_MHZ)],
        build: || Box::new(AutoTop::new("ulx3s_dtu", Ulx3sDtu::default())) as Box<dyn DynTop>,
    });
    v.push(TopEntry {
        name: "ulx3s_mitnic",
        doc: "ULX3S 85F board of the MIT NIC: EHXPLLL 25 MHz → the board clock (`BoardConfig::ulx3s_mitnic`), the same bridge and board registers, two `mit_nic` on a ring of two `ParcSwitch2`; the PC is both NICs' 88100: NIC k's P bus at `k << 12` (A[11:2] = da[9:0]), its da[13:10] register at `(2 + k) << 12`; btn[4:1] NIC 0's exception pins (board)",
        clocks_mhz: &[("clk_25mhz", MITNIC_MHZ)],
        build: || Box::new(AutoTop::new("ulx3s_mitnic", Ulx3sMitNic::default())) as Box<dyn DynTop>,
    });
    v.push(TopEntry {
        name: "ulx3s_ppe",
        doc: "ULX3S 85F board of the Utah PPE: EHXPLLL 25 MHz → the board clock (`BoardConfig::ulx3s_ppe`), the same bridge and board registers, two `ppe_node` cabled to each other (each one's injection port the other's ejection port), each with 4 KiB of block-RAM host memory that its DMA port reads and writes (`common::dma_mem`); the PC is both hosts: PPE k's host window at `k << 12`, its host memory at `(2 + k) << 12` (host address b at byte b) (board)",
        clocks_mhz: &[("clk_25mhz", PPE_MHZ)],
        build: || Box::new(AutoTop::new("ulx3s_ppe", Ulx3sPpe::default())) as Box<dyn DynTop>,
    });
    v
}

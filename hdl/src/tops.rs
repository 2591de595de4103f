//! The registry of top-level designs: what `make verilog` emits, lints and synthesizes, and
//! what the differential native-vs-Verilator test runs. One entry per top.

use crate::board::ulx3s::Ulx3s;
use crate::common::{
    arbiter::RoundRobin, async_fifo::AsyncFifo, crc::Crc, reset::ResetSync, sync_fifo::SyncFifo,
};
use crate::dyn_top;
use crate::ftnw::link::TnwLink;
use crate::top::{DynTop, TopEntry};
use nicgen_wire::crc::{CRC16_CCITT, CRC32_IEEE};
use rust_hdl::prelude::*;

pub type Crc32 = Crc<32, 32>;
pub type Crc16 = Crc<16, 32>;
pub type SyncFifo512x32 = SyncFifo<Bits<32>, 9, 10>;
pub type AsyncFifo512x36 = AsyncFifo<Bits<36>, 9, 10>;
pub type RoundRobin8 = RoundRobin<8>;
pub type ResetSync3 = ResetSync<3>;

dyn_top!(Crc32Top, Crc32, clocks: [clock], inputs: [reset, start, valid, data], outputs: [crc, crc_next]);
dyn_top!(Crc16Top, Crc16, clocks: [clock], inputs: [reset, start, valid, data], outputs: [crc, crc_next]);
dyn_top!(SyncFifoTop, SyncFifo512x32, clocks: [clock],
    inputs: [reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, source.data, source.valid, occupancy, almost_full, almost_empty]);
dyn_top!(AsyncFifoTop, AsyncFifo512x36, clocks: [wr_clock, rd_clock],
    inputs: [wr_reset, rd_reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, wr_occupancy, almost_full, source.data, source.valid, rd_occupancy, almost_empty]);
dyn_top!(RoundRobinTop, RoundRobin8, clocks: [clock], inputs: [reset, req, ack], outputs: [grant, valid]);
dyn_top!(ResetSyncTop, ResetSync3, clocks: [clock], inputs: [arst], outputs: [rst]);
dyn_top!(RegBankDemoTop, RegBankDemo, clocks: [clock],
    inputs: [reset, bus.addr, bus.wdata, bus.write, bus.read, status_value, exc_err_set],
    outputs: [bus.rdata, bus.ready, bus.err, ctrl_enable, ctrl_mode, ctrl_start, ctrl_limit, ctrl_wrote,
        exc_mask, exc_pending, doorbell_value, doorbell_wrote]);

dyn_top!(TnwLinkTop, TnwLink, clocks: [clock, phy_clock],
    inputs: [reset, phy_rxd, phy_rxc, tx_data, tx_dest, tx_valid, rx_ready, bus.addr, bus.wdata, bus.write, bus.read,
        phy_rx_fault_p, phy_rx_fault_r, phy_intb, phy_tx_fault, phy_rxh, mdio_i],
    outputs: [phy_txd, phy_txc, tx_ready, rx_data, rx_dest, rx_first, rx_last, rx_valid, bus.rdata, bus.ready, bus.err,
        irq_rx, irq_tx, phy_reset, mdc, mdio_o, mdio_oe, rsnd_occupancy]);

dyn_top!(Ulx3sTop, Ulx3s, clocks: [clk_25mhz],
    inputs: [btn, ftdi_txd, phy0_mdio_i, phy1_mdio_i],
    outputs: [led, ftdi_rxd, wifi_gpio0, phy0_mdc, phy0_mdio_o, phy0_mdio_oe, phy0_reset,
        phy1_mdc, phy1_mdio_o, phy1_mdio_oe, phy1_reset]);

/// The register file generated for the demo map (`nicgen_wire::demo`): the shared register
/// bank with one named port per field, one register of each access kind.
pub type RegBankDemo = crate::common::regfile::RegBankDemoRegs;

pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "crc32",
            doc: "CRC-32/IEEE 802.3, 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(Crc32Top::new("crc32", Crc32::new(&CRC32_IEEE))) as Box<dyn DynTop>,
        },
        TopEntry {
            name: "crc16",
            doc: "CRC-16/CCITT (IBM-3740), 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(Crc16Top::new("crc16", Crc16::new(&CRC16_CCITT))),
        },
        TopEntry {
            name: "sync_fifo",
            doc: "synchronous FWFT FIFO, 512 x 32 in block RAM (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(SyncFifoTop::new("sync_fifo", SyncFifo512x32::new(448, 64))),
        },
        TopEntry {
            name: "async_fifo",
            doc: "dual-clock FWFT FIFO, 512 x 36 in block RAM (common)",
            clocks_mhz: &[("wr_clock", 250.0), ("rd_clock", 250.0)],
            build: || {
                Box::new(AsyncFifoTop::new(
                    "async_fifo",
                    AsyncFifo512x36::new(448, 64),
                ))
            },
        },
        TopEntry {
            name: "rr_arbiter",
            doc: "round-robin arbiter, 8 requesters (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(RoundRobinTop::new("rr_arbiter", RoundRobin8::default())),
        },
        TopEntry {
            name: "reset_sync",
            doc: "reset synchronizer, 3 stages (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(ResetSyncTop::new("reset_sync", ResetSync3::default())),
        },
        TopEntry {
            name: "reg_bank_demo",
            doc: "register bank on the demo map, one register per access kind (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(RegBankDemoTop::new("reg_bank_demo", RegBankDemo::default())),
        },
        TopEntry {
            name: "tnw_link",
            doc:
                "FTNW torus link: TXLINK, RXSYNC, RXLINK, MDIO, test-bench module, registers (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("phy_clock", 250.0)],
            build: || Box::new(TnwLinkTop::new("tnw_link", TnwLink::default())),
        },
        TopEntry {
            name: "ulx3s",
            doc: "ULX3S 85F board top: PLL, UART register bridge, two TNW links cabled in the FPGA (board)",
            // simulated: the PLL is a pass-through, so this input runs at the link clock
            clocks_mhz: &[("clk_25mhz", 75.0)],
            build: || Box::new(Ulx3sTop::new("ulx3s", Ulx3s::default())),
        },
    ]
}

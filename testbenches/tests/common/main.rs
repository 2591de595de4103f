//! The common blocks and interfaces (`nicgen_hdl::common`), each against its reference model:
//! CRC, FIFOs, arbiter, register bank, register files, register-bus splitter, AXI4-Lite and
//! DMA-on-AXI4 adapters. One test binary.

mod arbiter;
mod axi_lite;
mod axil_tops;
mod bram_outreg;
mod crc;
mod dma_arb;
mod dma_axi;
mod dma_wide;
mod fifo;
mod leaves;
mod mem;
mod mem_axi;
mod packet_xbar;
mod pgo;
mod regbank;
mod regbus;
mod regbus_cdc;
mod regbus_wide;
mod regfile;
mod skid;

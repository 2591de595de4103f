//! Blocks more than one device uses. Each file is one block; its Verilog module carries the
//! block's name under the top that instantiates it.

pub mod arbiter;
pub mod async_fifo;
pub mod axi;
pub mod axi_lite;
pub mod axis;
pub mod crc;
pub mod dma;
pub mod dma_arb;
pub mod dma_mem;
pub mod dma_wide;
pub mod gray;
pub mod handoff;
pub mod mem;
pub mod mem_axi;
pub mod mem_bram;
pub mod packet;
pub mod packet_mesh;
pub mod packet_xbar;
pub mod prim;
pub mod ram;
pub mod regbank;
pub mod regbus_cdc;
pub mod regbus_split;
pub mod regbus_wide;
pub mod regfile;
pub mod reset;
pub mod skid;
pub mod stream;
pub mod sync_fifo;
pub mod tops;
pub mod unused;
pub mod widen;

//! Blocks more than one device uses. Each file is one block; its Verilog module carries the
//! block's name under the top that instantiates it.

pub mod arbiter;
pub mod async_fifo;
pub mod crc;
#[doc(hidden)]
pub mod fixtures;
pub mod gray;
pub mod ram;
pub mod regbank;
pub mod regfile;
pub mod reset;
pub mod stream;
pub mod sync_fifo;
pub mod unused;
pub mod widen;

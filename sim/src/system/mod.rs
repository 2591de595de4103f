//! Models of the systems around a device: bus managers and memories it is connected to.

pub mod axi;
pub mod dma;
pub mod hostmem;
pub mod localmem;

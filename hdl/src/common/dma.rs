//! The host-memory (DMA) master interface every device with DMA uses: tagged reads whose
//! responses may come back out of order across tags, writes with their data, and errors.
//! `D` data bits per beat (`D/8` bytes), `T` tag bits. Addresses are byte addresses, 64 bits;
//! lengths are in beats, 1 to 4096. Five valid/ready channels, each with the rules of
//! `common::stream`:
//!
//! - `rd_req` (master -> memory): `addr` (aligned to D/8), `beats`, `tag`. A tag is in use from
//!   its request until its response's `last` beat; the master never reuses a tag in use.
//! - `rd_rsp` (memory -> master): `beats` beats per request, `data`, the request's `tag`, `last`
//!   on its final beat, `err` on a beat whose data could not be read (the beats still come and
//!   still end with `last`). Beats of one tag arrive in address order; beats of different tags
//!   may interleave in any order.
//! - `wr_req` (master -> memory): `addr` (aligned), `beats`.
//! - `wr_dat` (master -> memory): the write data, `beats` beats per request in request order,
//!   `last` on each request's final beat.
//! - `wr_rsp` (memory -> master): one per write request, in request order, after all its data
//!   is written (visible to a later read); `err` when any of it could not be written.
//!
//! Adapters: `common::axi::DmaToAxi4` (an AXI4 manager). Models: `nicgen_sim::system::
//! hostmem` (host memory with latency, reordering and bounds checks).

use crate::top::Ports;
use rust_hdl::prelude::*;

/// The device (DMA master) side.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "DmaSlave"]
pub struct DmaMaster<const D: usize, const T: usize> {
    pub rd_req_addr: Signal<Out, Bits<64>>,
    pub rd_req_beats: Signal<Out, Bits<13>>,
    pub rd_req_tag: Signal<Out, Bits<T>>,
    pub rd_req_valid: Signal<Out, Bit>,
    pub rd_req_ready: Signal<In, Bit>,
    pub rd_rsp_data: Signal<In, Bits<D>>,
    pub rd_rsp_tag: Signal<In, Bits<T>>,
    pub rd_rsp_last: Signal<In, Bit>,
    pub rd_rsp_err: Signal<In, Bit>,
    pub rd_rsp_valid: Signal<In, Bit>,
    pub rd_rsp_ready: Signal<Out, Bit>,
    pub wr_req_addr: Signal<Out, Bits<64>>,
    pub wr_req_beats: Signal<Out, Bits<13>>,
    pub wr_req_valid: Signal<Out, Bit>,
    pub wr_req_ready: Signal<In, Bit>,
    pub wr_dat_data: Signal<Out, Bits<D>>,
    pub wr_dat_last: Signal<Out, Bit>,
    pub wr_dat_valid: Signal<Out, Bit>,
    pub wr_dat_ready: Signal<In, Bit>,
    pub wr_rsp_err: Signal<In, Bit>,
    pub wr_rsp_valid: Signal<In, Bit>,
    pub wr_rsp_ready: Signal<Out, Bit>,
}

/// The memory side.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "DmaMaster"]
pub struct DmaSlave<const D: usize, const T: usize> {
    pub rd_req_addr: Signal<In, Bits<64>>,
    pub rd_req_beats: Signal<In, Bits<13>>,
    pub rd_req_tag: Signal<In, Bits<T>>,
    pub rd_req_valid: Signal<In, Bit>,
    pub rd_req_ready: Signal<Out, Bit>,
    pub rd_rsp_data: Signal<Out, Bits<D>>,
    pub rd_rsp_tag: Signal<Out, Bits<T>>,
    pub rd_rsp_last: Signal<Out, Bit>,
    pub rd_rsp_err: Signal<Out, Bit>,
    pub rd_rsp_valid: Signal<Out, Bit>,
    pub rd_rsp_ready: Signal<In, Bit>,
    pub wr_req_addr: Signal<In, Bits<64>>,
    pub wr_req_beats: Signal<In, Bits<13>>,
    pub wr_req_valid: Signal<In, Bit>,
    pub wr_req_ready: Signal<Out, Bit>,
    pub wr_dat_data: Signal<In, Bits<D>>,
    pub wr_dat_last: Signal<In, Bit>,
    pub wr_dat_valid: Signal<In, Bit>,
    pub wr_dat_ready: Signal<Out, Bit>,
    pub wr_rsp_err: Signal<Out, Bit>,
    pub wr_rsp_valid: Signal<Out, Bit>,
    pub wr_rsp_ready: Signal<In, Bit>,
}

/// The write half of `DmaMaster` alone (same signals, same rules), for blocks that only write
/// host memory (a receive buffer's data and notifications).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "DmaWrSlave"]
pub struct DmaWrMaster<const D: usize> {
    pub wr_req_addr: Signal<Out, Bits<64>>,
    pub wr_req_beats: Signal<Out, Bits<13>>,
    pub wr_req_valid: Signal<Out, Bit>,
    pub wr_req_ready: Signal<In, Bit>,
    pub wr_dat_data: Signal<Out, Bits<D>>,
    pub wr_dat_last: Signal<Out, Bit>,
    pub wr_dat_valid: Signal<Out, Bit>,
    pub wr_dat_ready: Signal<In, Bit>,
    pub wr_rsp_err: Signal<In, Bit>,
    pub wr_rsp_valid: Signal<In, Bit>,
    pub wr_rsp_ready: Signal<Out, Bit>,
}

/// The memory side of `DmaWrMaster`.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "DmaWrMaster"]
pub struct DmaWrSlave<const D: usize> {
    pub wr_req_addr: Signal<In, Bits<64>>,
    pub wr_req_beats: Signal<In, Bits<13>>,
    pub wr_req_valid: Signal<In, Bit>,
    pub wr_req_ready: Signal<Out, Bit>,
    pub wr_dat_data: Signal<In, Bits<D>>,
    pub wr_dat_last: Signal<In, Bit>,
    pub wr_dat_valid: Signal<In, Bit>,
    pub wr_dat_ready: Signal<Out, Bit>,
    pub wr_rsp_err: Signal<Out, Bit>,
    pub wr_rsp_valid: Signal<Out, Bit>,
    pub wr_rsp_ready: Signal<In, Bit>,
}

/// The read half of `DmaMaster` alone (same signals, same rules), for blocks that only read
/// host memory (a send engine's payload).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "DmaRdSlave"]
pub struct DmaRdMaster<const D: usize, const T: usize> {
    pub rd_req_addr: Signal<Out, Bits<64>>,
    pub rd_req_beats: Signal<Out, Bits<13>>,
    pub rd_req_tag: Signal<Out, Bits<T>>,
    pub rd_req_valid: Signal<Out, Bit>,
    pub rd_req_ready: Signal<In, Bit>,
    pub rd_rsp_data: Signal<In, Bits<D>>,
    pub rd_rsp_tag: Signal<In, Bits<T>>,
    pub rd_rsp_last: Signal<In, Bit>,
    pub rd_rsp_err: Signal<In, Bit>,
    pub rd_rsp_valid: Signal<In, Bit>,
    pub rd_rsp_ready: Signal<Out, Bit>,
}

/// The memory side of `DmaRdMaster`.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "DmaRdMaster"]
pub struct DmaRdSlave<const D: usize, const T: usize> {
    pub rd_req_addr: Signal<In, Bits<64>>,
    pub rd_req_beats: Signal<In, Bits<13>>,
    pub rd_req_tag: Signal<In, Bits<T>>,
    pub rd_req_valid: Signal<In, Bit>,
    pub rd_req_ready: Signal<Out, Bit>,
    pub rd_rsp_data: Signal<Out, Bits<D>>,
    pub rd_rsp_tag: Signal<Out, Bits<T>>,
    pub rd_rsp_last: Signal<Out, Bit>,
    pub rd_rsp_err: Signal<Out, Bit>,
    pub rd_rsp_valid: Signal<Out, Bit>,
    pub rd_rsp_ready: Signal<In, Bit>,
}

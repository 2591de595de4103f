//! The valid/ready stream interface, with its handshake rules written once.
//!
//! A transfer happens on a rising clock edge where `valid && ready`. The rules:
//! 1. A source, once it raises `valid`, keeps it high and keeps `data` unchanged until the
//!    transfer happens (no retraction, no change while `valid && !ready`).
//! 2. A source never waits for `ready` before raising `valid` (no combinational path from
//!    `ready` to `valid` is needed; one may exist in a sink from `valid` to `ready`).
//! 3. A sink may raise and drop `ready` freely; `ready` without `valid` means nothing.
//! 4. During its reset a block drives `valid` low (as a source) and `ready` low (as a sink).
//! The FIFO tests assert rules 1 and 4 on both ports of every FIFO they drive.

use crate::top::Ports;
use rust_hdl::prelude::*;

/// The producing side of a stream.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "StreamSink"]
pub struct StreamSource<T: Synth> {
    pub data: Signal<Out, T>,
    pub valid: Signal<Out, Bit>,
    pub ready: Signal<In, Bit>,
}

/// The consuming side of a stream.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "StreamSource"]
pub struct StreamSink<T: Synth> {
    pub data: Signal<In, T>,
    pub valid: Signal<In, Bit>,
    pub ready: Signal<Out, Bit>,
}

//! The packet stream: a valid/ready stream (the rules of `common::stream`) whose items are the
//! beats of packets, with framing and side-band. `D` data bits, `K` = D/8 byte enables, `M`
//! side-band bits. Beyond the stream's rules:
//! 5. `first` marks a packet's first beat and `last` its last; a one-beat packet has both.
//!    The beats of a packet are consecutive on the stream.
//! 6. `meta` (destination, channel, ...) is the same on every beat of a packet.
//! 7. `keep` enables the beat's bytes (bit i for `data[8i+7:8i]`, byte 0 first on a wire): all
//!    ones on every beat but the last, whose set bits are contiguous from bit 0 and not none.
//!
//! `nicgen_sim::harness::monitor::PacketMonitor` checks rules 1, 5, 6 and 7 on any port of
//! this shape; every block with a packet port is tested under it with random stalls.

use crate::top::Ports;
use rust_hdl::prelude::*;

/// The producing side of a packet stream.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "PacketSink"]
pub struct PacketSource<const D: usize, const K: usize, const M: usize> {
    pub data: Signal<Out, Bits<D>>,
    pub keep: Signal<Out, Bits<K>>,
    pub meta: Signal<Out, Bits<M>>,
    pub first: Signal<Out, Bit>,
    pub last: Signal<Out, Bit>,
    pub valid: Signal<Out, Bit>,
    pub ready: Signal<In, Bit>,
}

/// The consuming side of a packet stream.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "PacketSource"]
pub struct PacketSink<const D: usize, const K: usize, const M: usize> {
    pub data: Signal<In, Bits<D>>,
    pub keep: Signal<In, Bits<K>>,
    pub meta: Signal<In, Bits<M>>,
    pub first: Signal<In, Bit>,
    pub last: Signal<In, Bit>,
    pub valid: Signal<In, Bit>,
    pub ready: Signal<Out, Bit>,
}

//! The AXI4-Stream interface (AMBA IHI 0051) with TDATA, TKEEP, TLAST, TUSER: the shape of the
//! UltraScale PCIe core's CQ, CC, RQ and RC channels (PG156), whose names (`s_axis_cq_tdata`,
//! ...) it gives a top's ports. The handshake is `common::stream`'s: a transfer on a rising edge
//! with `tvalid && tready`, the payload held meanwhile. `K` is TKEEP's width (PG156 straddle-free
//! 128-bit interfaces: one bit per Dword), `U` TUSER's.

use crate::top::Ports;
use rust_hdl::prelude::*;

/// The transmitting side (`m_axis_*`).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "AxisSink"]
pub struct AxisSource<const D: usize, const K: usize, const U: usize> {
    /// TDATA: the beat's data
    pub tdata: Signal<Out, Bits<D>>,
    /// TKEEP: which parts of `tdata` carry data (PG156: one bit per Dword)
    pub tkeep: Signal<Out, Bits<K>>,
    /// TLAST: the packet's last beat
    pub tlast: Signal<Out, Bit>,
    /// TUSER: sideband of the beat (PG156: descriptor fields, byte enables, parity)
    pub tuser: Signal<Out, Bits<U>>,
    /// TVALID: a beat is offered
    pub tvalid: Signal<Out, Bit>,
    /// TREADY: the beat is taken
    pub tready: Signal<In, Bit>,
}

/// The receiving side (`s_axis_*`).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "AxisSource"]
pub struct AxisSink<const D: usize, const K: usize, const U: usize> {
    /// TDATA: the beat's data
    pub tdata: Signal<In, Bits<D>>,
    /// TKEEP: which parts of `tdata` carry data (PG156: one bit per Dword)
    pub tkeep: Signal<In, Bits<K>>,
    /// TLAST: the packet's last beat
    pub tlast: Signal<In, Bit>,
    /// TUSER: sideband of the beat (PG156: descriptor fields, byte enables, parity)
    pub tuser: Signal<In, Bits<U>>,
    /// TVALID: a beat is offered
    pub tvalid: Signal<In, Bit>,
    /// TREADY: the beat is taken
    pub tready: Signal<Out, Bit>,
}

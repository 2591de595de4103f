//! Synchronous first-word-fall-through FIFO on the stream interface, in block RAM.
//!
//! Depth `2^N` (pointers carry one extra bit, `NP1 = N + 1`, so a full FIFO is distinct from an
//! empty one). Flushable by the synchronous `reset`. Latency: a word pushed at edge t is
//! offered (`source.valid`) after edge t+2 (one cycle for the RAM write, one for the registered
//! read). Throughput: one word per cycle in and out at once. `occupancy` counts every word
//! accepted and not yet popped; `almost_full` is `occupancy >= af_level`, `almost_empty` is
//! `occupancy <= ae_level`.
//!
//! Read-during-write never happens: a word becomes readable one cycle after its write, and the
//! only address read while not yet readable is re-read after the write has landed.

use super::ram::BlockRam;
use super::stream::{StreamSink, StreamSource};
use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports)]
pub struct SyncFifo<D: Synth, const N: usize, const NP1: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: empties the FIFO
    pub reset: Signal<In, Bit>,
    /// Stream sink (`common::stream`): `data` taken on a rising edge with `valid && ready`; `ready`
    /// low in reset
    #[port]
    pub sink: StreamSink<D>,
    /// Stream source (`common::stream`): `data` valid with `valid`, held until `ready`; `valid` low
    /// in reset
    #[port]
    pub source: StreamSource<D>,
    /// Words held (including the one on `source`)
    pub occupancy: Signal<Out, Bits<NP1>>,
    /// Occupancy at or above the almost-full threshold (`af_level`, `new`'s first argument)
    pub almost_full: Signal<Out, Bit>,
    /// Occupancy at or below the almost-empty threshold (`ae_level`, `new`'s second argument)
    pub almost_empty: Signal<Out, Bit>,
    ram: BlockRam<D, N>,
    wr_ptr: DFF<Bits<NP1>>,
    wr_ptr_late: DFF<Bits<NP1>>,
    rd_ptr: DFF<Bits<NP1>>,
    can_push: Signal<Local, Bit>,
    push: Signal<Local, Bit>,
    has_data: Signal<Local, Bit>,
    rd_next: Signal<Local, Bits<NP1>>,
    depth: Constant<Bits<NP1>>,
    af_level: Constant<Bits<NP1>>,
    ae_level: Constant<Bits<NP1>>,
    one: Constant<Bits<NP1>>,
    zero: Constant<Bits<NP1>>,
}

impl<D: Synth, const N: usize, const NP1: usize> SyncFifo<D, N, NP1> {
    /// `af_level`/`ae_level`: the almost-full and almost-empty thresholds, in words.
    pub fn new(af_level: usize, ae_level: usize) -> Self {
        assert_eq!(NP1, N + 1, "SyncFifo: NP1 must be N + 1");
        let depth = 1usize << N;
        assert!(
            af_level <= depth,
            "SyncFifo: almost-full level {af_level} above depth {depth}"
        );
        assert!(
            ae_level <= depth,
            "SyncFifo: almost-empty level {ae_level} above depth {depth}"
        );
        Self {
            clock: Default::default(),
            reset: Default::default(),
            sink: Default::default(),
            source: Default::default(),
            occupancy: Default::default(),
            almost_full: Default::default(),
            almost_empty: Default::default(),
            ram: Default::default(),
            wr_ptr: Default::default(),
            wr_ptr_late: Default::default(),
            rd_ptr: Default::default(),
            can_push: Default::default(),
            push: Default::default(),
            has_data: Default::default(),
            rd_next: Default::default(),
            depth: Constant::new((depth as u64).into()),
            af_level: Constant::new((af_level as u64).into()),
            ae_level: Constant::new((ae_level as u64).into()),
            one: Constant::new(1u64.into()),
            zero: Constant::new(0u64.into()),
        }
    }
    pub fn depth() -> usize {
        1 << N
    }
}

impl<D: Synth, const N: usize, const NP1: usize> Logic for SyncFifo<D, N, NP1> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, wr_ptr, wr_ptr_late, rd_ptr);
        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();
        self.occupancy.next = self.wr_ptr.q.val() - self.rd_ptr.q.val();
        self.almost_full.next = (self.wr_ptr.q.val() - self.rd_ptr.q.val()) >= self.af_level.val();
        self.almost_empty.next = (self.wr_ptr.q.val() - self.rd_ptr.q.val()) <= self.ae_level.val();
        // Write side
        self.can_push.next =
            ((self.wr_ptr.q.val() - self.rd_ptr.q.val()) != self.depth.val()) && !self.reset.val();
        self.sink.ready.next = self.can_push.val();
        self.push.next = self.sink.valid.val() && self.can_push.val();
        self.ram.write_address.next = self.wr_ptr.q.val().get_bits::<N>(0);
        self.ram.write_data.next = self.sink.data.val();
        self.ram.write_enable.next = self.push.val();
        if self.push.val() {
            self.wr_ptr.d.next = self.wr_ptr.q.val() + self.one.val();
        }
        self.wr_ptr_late.d.next = self.wr_ptr.q.val();
        // Read side: address the RAM with the pointer after this edge's pop (look-ahead)
        self.has_data.next = (self.wr_ptr_late.q.val() != self.rd_ptr.q.val()) && !self.reset.val();
        self.source.valid.next = self.has_data.val();
        self.source.data.next = self.ram.read_data.val();
        self.rd_next.next = self.rd_ptr.q.val();
        if self.has_data.val() && self.source.ready.val() {
            self.rd_next.next = self.rd_ptr.q.val() + self.one.val();
        }
        self.rd_ptr.d.next = self.rd_next.val();
        self.ram.read_address.next = self.rd_next.val().get_bits::<N>(0);
        if self.reset.val() {
            self.wr_ptr.d.next = self.zero.val();
            self.wr_ptr_late.d.next = self.zero.val();
            self.rd_ptr.d.next = self.zero.val();
        }
    }
}

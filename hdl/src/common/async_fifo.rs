//! Dual-clock first-word-fall-through FIFO on the stream interface, in block RAM.
//!
//! Clock domains: `wr_clock` (sink, `wr_reset`, `wr_occupancy`, `almost_full`) and `rd_clock`
//! (source, `rd_reset`, `rd_occupancy`, `almost_empty`). Crossings, the only two: the write
//! pointer in Gray code into `rd_clock` and the read pointer in Gray code into `wr_clock`,
//! each through two flops, then decoded to binary into a third register (so the XOR chain of
//! the decode is off the push and pop paths). Gray pointers are registered in their home
//! domain, so a synchronizer samples one-bit changes only.
//!
//! Depth `2^N`, `NP1 = N + 1`. Flush: assert both resets (each synchronous to its own clock)
//! together for at least 4 cycles of the slower clock; a `ResetSync` per domain fed by one
//! request does that. Occupancies are conservative: the writer may see a few more words than
//! there are, the reader fewer. Latency: a word pushed at write edge t is offered about
//! 4 read cycles later (the Gray pointer is published at the edge that writes the word). The
//! read side's "has data" and `rd_ptr + 1` are registers computed from their next values, so
//! the pop and the RAM's read address start at flops (no compare or adder before the RAM read;
//! the same cycles as a combinational compare).
//! So is the write side's "full" (compared in Gray code with the synchronised read pointer, no
//! decode before it): the push and the RAM's write enable start at a flop.

use super::gray::GrayDecode;
use super::ram::BlockRam;
use super::stream::{StreamSink, StreamSource};
use crate::top::Ports;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports)]
pub struct AsyncFifo<D: Synth, const N: usize, const NP1: usize> {
    /// Write clock: `sink`, `wr_reset`, `wr_occupancy`, `almost_full` are in its domain
    pub wr_clock: Signal<In, Clock>,
    /// Synchronous reset of the write side, active high (reset both sides to empty the FIFO)
    pub wr_reset: Signal<In, Bit>,
    /// Stream sink in the write-clock domain (`common::stream`)
    #[port]
    pub sink: StreamSink<D>,
    /// Words held as the write side sees them (Gray-synchronized read pointer)
    pub wr_occupancy: Signal<Out, Bits<NP1>>,
    /// Write side: occupancy at or above 448
    pub almost_full: Signal<Out, Bit>,
    /// Read clock: `source`, `rd_reset`, `rd_occupancy`, `almost_empty` are in its domain
    pub rd_clock: Signal<In, Clock>,
    /// Synchronous reset of the read side, active high
    pub rd_reset: Signal<In, Bit>,
    /// Stream source in the read-clock domain (`common::stream`)
    #[port]
    pub source: StreamSource<D>,
    /// Words held as the read side sees them
    pub rd_occupancy: Signal<Out, Bits<NP1>>,
    /// Read side: occupancy at or below 64
    pub almost_empty: Signal<Out, Bit>,
    ram: BlockRam<D, N>,
    // write domain
    wr_ptr: DFF<Bits<NP1>>,
    rd_gray_s1: DFF<Bits<NP1>>,
    rd_gray_s2: DFF<Bits<NP1>>,
    rd_bin_w: GrayDecode<NP1>,
    /// The decoded read pointer, registered (the Gray decode's XOR chain stays off the push path).
    rd_bin_q: DFF<Bits<NP1>>,
    can_push: Signal<Local, Bit>,
    /// "Full": the write pointer is `depth` ahead of the synchronised read pointer, a register
    /// computed from their next values, in Gray code: `a - b == 2^N` exactly when `gray(a)` is
    /// `gray(b)` with its top two bits inverted, so it is one compare of flops against the
    /// synchronised Gray pointer (no decode and no subtraction before it).
    full_r: DFF<Bit>,
    /// `gray(wr_ptr)` and `gray(wr_ptr + 1)`, registered (the two write pointers `full_r`
    /// compares, without and with a push); `wg0` is also the write pointer the read side
    /// synchronises.
    wg0: DFF<Bits<NP1>>,
    wg1: DFFWithInit<Bits<NP1>>,
    /// `wr_ptr + 2`: `wg1`'s next value after a push.
    wr_ptr2: Signal<Local, Bits<NP1>>,
    /// The synchronised read pointer `depth` on: its Gray code with the top two bits inverted.
    rd_full_at: Signal<Local, Bits<NP1>>,
    gray_top2: Constant<Bits<NP1>>,
    two: Constant<Bits<NP1>>,
    push: Signal<Local, Bit>,
    // read domain
    rd_ptr: DFF<Bits<NP1>>,
    rd_gray: DFF<Bits<NP1>>,
    wr_gray_s1: DFF<Bits<NP1>>,
    wr_gray_s2: DFF<Bits<NP1>>,
    wr_bin_r: GrayDecode<NP1>,
    wr_bin_q: DFF<Bits<NP1>>,
    /// `wr_bin_q != rd_ptr`, and `rd_ptr + 1`, as registers (computed from their next values),
    /// so the pop and the RAM's read address start at flops: no compare or adder before the
    /// RAM read.
    has_r: DFF<Bit>,
    rd_ptr1: DFFWithInit<Bits<NP1>>,
    has_data: Signal<Local, Bit>,
    rd_next: Signal<Local, Bits<NP1>>,
    af_level: Constant<Bits<NP1>>,
    ae_level: Constant<Bits<NP1>>,
    one: Constant<Bits<NP1>>,
    zero: Constant<Bits<NP1>>,
}

impl<D: Synth, const N: usize, const NP1: usize> AsyncFifo<D, N, NP1> {
    pub fn new(af_level: usize, ae_level: usize) -> Self {
        assert_eq!(NP1, N + 1, "AsyncFifo: NP1 must be N + 1");
        let depth = 1usize << N;
        assert!(
            depth >= 4,
            "AsyncFifo: depth must be at least 4 to cover the synchronizer delay"
        );
        assert!(
            af_level <= depth,
            "AsyncFifo: almost-full level {af_level} above depth {depth}"
        );
        assert!(
            ae_level <= depth,
            "AsyncFifo: almost-empty level {ae_level} above depth {depth}"
        );
        Self {
            wr_clock: Default::default(),
            wr_reset: Default::default(),
            sink: Default::default(),
            wr_occupancy: Default::default(),
            almost_full: Default::default(),
            rd_clock: Default::default(),
            rd_reset: Default::default(),
            source: Default::default(),
            rd_occupancy: Default::default(),
            almost_empty: Default::default(),
            ram: Default::default(),
            wr_ptr: Default::default(),
            rd_bin_q: Default::default(),
            wr_bin_q: Default::default(),
            rd_gray_s1: Default::default(),
            rd_gray_s2: Default::default(),
            rd_bin_w: Default::default(),
            can_push: Default::default(),
            full_r: Default::default(),
            wg0: Default::default(),
            wg1: DFFWithInit::new(1u64.into()),
            wr_ptr2: Default::default(),
            rd_full_at: Default::default(),
            gray_top2: Constant::new((3u64 << (N - 1)).into()),
            two: Constant::new(2u64.into()),
            push: Default::default(),
            rd_ptr: Default::default(),
            rd_gray: Default::default(),
            wr_gray_s1: Default::default(),
            wr_gray_s2: Default::default(),
            wr_bin_r: Default::default(),
            has_r: Default::default(),
            rd_ptr1: DFFWithInit::new(1u64.into()),
            has_data: Default::default(),
            rd_next: Default::default(),
            af_level: Constant::new((af_level as u64).into()),
            ae_level: Constant::new((ae_level as u64).into()),
            one: Constant::new(1u64.into()),
            zero: Constant::new(0u64.into()),
        }
    }

    /// The same FIFO with its RAM in block RAM whatever its size (`BlockRam::in_block_ram`).
    pub fn in_block_ram(af_level: usize, ae_level: usize) -> Self {
        Self {
            ram: BlockRam::in_block_ram(),
            ..Self::new(af_level, ae_level)
        }
    }
}

impl<D: Synth, const N: usize, const NP1: usize> Logic for AsyncFifo<D, N, NP1> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, wr_clock, wr_ptr, rd_gray_s1, rd_gray_s2, rd_bin_q, full_r, wg0, wg1);
        dff_setup!(
            self, rd_clock, rd_ptr, rd_gray, wr_gray_s1, wr_gray_s2, wr_bin_q, has_r, rd_ptr1
        );
        self.ram.write_clock.next = self.wr_clock.val();
        self.ram.read_clock.next = self.rd_clock.val();
        // ---- write domain
        self.rd_gray_s1.d.next = self.rd_gray.q.val();
        self.rd_gray_s2.d.next = self.rd_gray_s1.q.val();
        self.rd_bin_w.gray.next = self.rd_gray_s2.q.val();
        self.rd_bin_q.d.next = self.rd_bin_w.bin.val();
        self.wr_occupancy.next = self.wr_ptr.q.val() - self.rd_bin_q.q.val();
        self.almost_full.next =
            (self.wr_ptr.q.val() - self.rd_bin_q.q.val()) >= self.af_level.val();
        self.can_push.next = !self.full_r.q.val() && !self.wr_reset.val();
        self.sink.ready.next = self.can_push.val();
        self.push.next = self.sink.valid.val() && self.can_push.val();
        self.ram.write_address.next = self.wr_ptr.q.val().get_bits::<N>(0);
        self.ram.write_data.next = self.sink.data.val();
        self.ram.write_enable.next = self.push.val();
        if self.push.val() {
            self.wr_ptr.d.next = self.wr_ptr.q.val() + self.one.val();
        }
        // full next cycle: the next write pointer `depth` ahead of the synchronised read
        // pointer (the one `rd_bin_q` takes next), compared in Gray code
        self.wr_ptr2.next = self.wr_ptr.q.val() + self.two.val();
        self.rd_full_at.next = self.rd_gray_s2.q.val() ^ self.gray_top2.val();
        self.full_r.d.next = self.wg0.q.val() == self.rd_full_at.val();
        if self.push.val() {
            self.wg0.d.next = self.wg1.q.val();
            self.wg1.d.next = self.wr_ptr2.val() ^ (self.wr_ptr2.val() >> self.one.val());
            self.full_r.d.next = self.wg1.q.val() == self.rd_full_at.val();
        }
        if self.wr_reset.val() {
            self.full_r.d.next = false;
            self.wg0.d.next = self.zero.val();
            self.wg1.d.next = self.one.val();
            self.wr_ptr.d.next = self.zero.val();
            self.rd_gray_s1.d.next = self.zero.val();
            self.rd_gray_s2.d.next = self.zero.val();
            self.rd_bin_q.d.next = self.zero.val();
        }
        // ---- read domain
        // the published write pointer is `wg0`, `gray(wr_ptr)` written at the edge that writes
        // the word into the RAM: it never runs ahead of the data in the RAM
        self.wr_gray_s1.d.next = self.wg0.q.val();
        self.wr_gray_s2.d.next = self.wr_gray_s1.q.val();
        self.wr_bin_r.gray.next = self.wr_gray_s2.q.val();
        self.wr_bin_q.d.next = self.wr_bin_r.bin.val();
        self.rd_occupancy.next = self.wr_bin_q.q.val() - self.rd_ptr.q.val();
        self.almost_empty.next =
            (self.wr_bin_q.q.val() - self.rd_ptr.q.val()) <= self.ae_level.val();
        self.has_data.next = self.has_r.q.val() && !self.rd_reset.val();
        self.source.valid.next = self.has_data.val();
        self.source.data.next = self.ram.read_data.val();
        self.rd_next.next = self.rd_ptr.q.val();
        if self.has_data.val() && self.source.ready.val() {
            self.rd_next.next = self.rd_ptr1.q.val();
        }
        self.rd_ptr.d.next = self.rd_next.val();
        self.rd_ptr1.d.next = self.rd_next.val() + self.one.val();
        self.has_r.d.next = self.wr_bin_r.bin.val() != self.rd_next.val();
        self.ram.read_address.next = self.rd_next.val().get_bits::<N>(0);
        self.rd_gray.d.next = self.rd_next.val() ^ (self.rd_next.val() >> self.one.val());
        if self.rd_reset.val() {
            self.rd_ptr.d.next = self.zero.val();
            self.rd_ptr1.d.next = self.one.val();
            self.has_r.d.next = false;
            self.rd_gray.d.next = self.zero.val();
            self.wr_gray_s1.d.next = self.zero.val();
            self.wr_gray_s2.d.next = self.zero.val();
            self.wr_bin_q.d.next = self.zero.val();
        }
    }
}

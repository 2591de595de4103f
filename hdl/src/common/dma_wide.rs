//! Wide DMA writes: `DmaWrPack` turns a 32-bit DMA write port (`common::dma::DmaWrMaster<32>`)
//! into writes of 256-bit beats with byte strobes, store-and-forward, so that several narrow
//! writers can share one wide port at full rate (`common::dma_arb` over the packed ports, then
//! `common::axi::WideWrToAxi4`).
//!
//! A wide write travels on `DmaWrMaster<WIDE>`: the request's address is aligned down to the
//! 32-byte beat and counts wide beats; each beat's `data` carries the 256 data bits in bits
//! 0-255 (byte b at bits 8b..8b+7 is the byte at beat address + b) and the 32 byte strobes in
//! bits 256-287 (strobe b high: byte b is written). A narrow write of n words at address a
//! (4-byte aligned) becomes one wide write of `(a[4:2] + n + 7) / 8` beats at `a & !31`, its
//! words at lanes `a[4:2]`, `a[4:2] + 1`, ..., each lane's four strobes high and every other
//! strobe low; its response is the wide write's, so responses stay one per write, in order.
//!
//! Store-and-forward: the wide request is offered only once all of its beats are buffered
//! (a 16-beat FIFO and a 4-request FIFO), so an arbiter that grants it passes its beats one per
//! cycle and never waits on the narrow writer's rate. Latency: a write's request is offered two
//! cycles after the edge that takes its last narrow word (the FIFO's). The narrow side takes
//! one word per cycle while the FIFOs have room, and a request when no write is being packed
//! (so a write's words follow its request, never the next write's request first).

use crate::common::dma::{DmaWrMaster, DmaWrSlave};
use crate::common::prim::{k, Concat};
use crate::common::sync_fifo::SyncFifo;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use rust_hdl::prelude::*;

/// Lanes (32-bit words) per wide beat.
pub const LANES: usize = 8;
/// Data bits of a wide beat.
pub const BEAT_BITS: usize = 256;
/// Byte strobes of a wide beat.
pub const BEAT_STRB: usize = 32;
/// A wide beat on `DmaWrMaster<WIDE>`: data, then strobes.
pub const WIDE: usize = BEAT_BITS + BEAT_STRB;

/// `y = {last, strobes, data}` of a wide beat: lane `lane` takes `word`, every other lane i its
/// `a<i>`; the strobes are `strb` with lane `lane`'s bit set, each lane's bit repeated for its
/// four bytes; `s` is that lane strobe mask (8 bits).
#[derive(LogicBlock, Default)]
pub struct WideBeat {
    pub a: [Signal<In, Bits<32>>; LANES],
    pub word: Signal<In, Bits<32>>,
    pub lane: Signal<In, Bits<3>>,
    pub strb: Signal<In, Bits<8>>,
    pub last: Signal<In, Bit>,
    pub s: Signal<Out, Bits<8>>,
    pub y: Signal<Out, Bits<{ WIDE + 1 }>>,
}

impl Logic for WideBeat {
    fn update(&mut self) {
        let lane = self.lane.val().to_u64() as usize;
        let s = self.strb.val().to_u64() | (1 << lane);
        let mut v = num_bigint::BigUint::from(self.last.val() as u8) << WIDE;
        for i in 0..LANES {
            let w = if i == lane {
                self.word.val()
            } else {
                self.a[i].val()
            };
            v |= num_bigint::BigUint::from(w.to_u64()) << (32 * i);
            if s >> i & 1 != 0 {
                v |= num_bigint::BigUint::from(0xFu8) << (BEAT_BITS + 4 * i);
            }
        }
        self.s.next = Bits::<8>::from(s);
        self.y.next = Bits::<{ WIDE + 1 }>::from(v);
    }
    fn connect(&mut self) {
        self.s.connect();
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        let lanes: Vec<String> = (0..LANES)
            .rev()
            .map(|i| format!("(lane == 3'd{i}) ? word : a${i}"))
            .collect();
        let strobes: Vec<String> = (0..LANES)
            .rev()
            .map(|i| format!("{{4{{s[{i}]}}}}"))
            .collect();
        Verilog::Custom(format!(
            "always @(*) s = strb | (8'd1 << lane);\nalways @(*) y = {{last, {}, {}}};\n",
            strobes.join(", "),
            lanes.join(", ")
        ))
    }
}

/// A 32-bit DMA write port packed into wide writes (see the module documentation).
#[derive(LogicBlock)]
pub struct DmaWrPack {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// The narrow writer connects here.
    pub m: DmaWrSlave<32>,
    /// Wide writes.
    pub s: DmaWrMaster<WIDE>,
    /// A write is being packed: its wide address and beats, the next lane, the lanes so far.
    busy: DFF<Bit>,
    addr: DFF<Bits<64>>,
    beats: DFF<Bits<13>>,
    lane: DFF<Bits<3>>,
    strb: DFF<Bits<8>>,
    acc: [DFF<Bits<32>>; LANES],
    beat: WideBeat,
    /// Beats `{last, strobes, data}`, and requests `{beats, addr}` once their beats are in.
    beatf: SyncFifo<Bits<{ WIDE + 1 }>, 4, 5>,
    reqf: SyncFifo<Bits<77>, 2, 3>,
    req_cat: Concat<64, 13, 77>,
    /// The FIFOs' room is read from `almost_full` (at the depth): their `sink.ready` shares
    /// statements with the push, a loop to Verilator when it decides the push (UNOPTFLAT).
    u_ready: [Unused<Bit>; 2],
    u_empty: [Unused<Bit>; 2],
    u_occ_b: Unused<Bits<5>>,
    u_occ_r: Unused<Bits<3>>,
    w_lane0: Widen<3, 13>,
    take: Signal<Local, Bit>,
    emit: Signal<Local, Bit>,
    wbeats: Signal<Local, Bits<13>>,
    beat_q: Signal<Local, Bits<{ WIDE + 1 }>>,
    req_q: Signal<Local, Bits<77>>,
    lane_val: [Constant<Bits<3>>; LANES],
    c_align: Constant<Bits<64>>,
    c_seven: Constant<Bits<13>>,
    c_three: Constant<Bits<13>>,
    c_lane7: Constant<Bits<3>>,
    c_one3: Constant<Bits<3>>,
    c_zero8: Constant<Bits<8>>,
}

impl Default for DmaWrPack {
    fn default() -> Self {
        assert_eq!(WIDE, 288, "DmaWrPack's `last` is bit 288 of a FIFO word");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            m: Default::default(),
            s: Default::default(),
            busy: Default::default(),
            addr: Default::default(),
            beats: Default::default(),
            lane: Default::default(),
            strb: Default::default(),
            acc: Default::default(),
            beat: Default::default(),
            beatf: SyncFifo::new(16, 0),
            reqf: SyncFifo::new(4, 0),
            req_cat: Default::default(),
            u_ready: Default::default(),
            u_empty: Default::default(),
            u_occ_b: Default::default(),
            u_occ_r: Default::default(),
            w_lane0: Default::default(),
            take: Default::default(),
            emit: Default::default(),
            wbeats: Default::default(),
            beat_q: Default::default(),
            req_q: Default::default(),
            lane_val: std::array::from_fn(|i| k(i as u64)),
            c_align: k(!31u64),
            c_seven: k(7),
            c_three: k(3),
            c_lane7: k(7),
            c_one3: k(1),
            c_zero8: k(0),
        }
    }
}

impl Logic for DmaWrPack {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, busy, addr, beats, lane, strb);
        for i in 0..LANES {
            self.acc[i].clock.next = self.clock.val();
            self.acc[i].d.next = self.acc[i].q.val();
        }
        clock!(self, clock, beatf, reqf);
        self.beatf.reset.next = self.reset.val();
        self.reqf.reset.next = self.reset.val();
        self.u_ready[0].x.next = self.beatf.sink.ready.val();
        self.u_ready[1].x.next = self.reqf.sink.ready.val();
        self.u_empty[0].x.next = self.beatf.almost_empty.val();
        self.u_empty[1].x.next = self.reqf.almost_empty.val();
        self.u_occ_b.x.next = self.beatf.occupancy.val();
        self.u_occ_r.x.next = self.reqf.occupancy.val();

        // a request: its wide address and beats
        self.w_lane0.x.next = self.m.wr_req_addr.val().get_bits::<3>(2);
        self.wbeats.next = (self.w_lane0.y.val() + self.m.wr_req_beats.val() + self.c_seven.val())
            >> self.c_three.val();
        self.m.wr_req_ready.next = !self.busy.q.val();
        if self.m.wr_req_valid.val() && !self.busy.q.val() {
            self.busy.d.next = true;
            self.addr.d.next = self.m.wr_req_addr.val() & self.c_align.val();
            self.beats.d.next = self.wbeats.val();
            self.lane.d.next = self.m.wr_req_addr.val().get_bits::<3>(2);
            self.strb.d.next = self.c_zero8.val();
        }

        // its words, lane by lane; a beat when lane 7 or the last word is filled
        for i in 0..LANES {
            self.beat.a[i].next = self.acc[i].q.val();
        }
        self.beat.word.next = self.m.wr_dat_data.val();
        self.beat.lane.next = self.lane.q.val();
        self.beat.strb.next = self.strb.q.val();
        self.beat.last.next = self.m.wr_dat_last.val();
        self.m.wr_dat_ready.next =
            self.busy.q.val() && !self.beatf.almost_full.val() && !self.reqf.almost_full.val();
        self.take.next = self.m.wr_dat_valid.val()
            && self.busy.q.val()
            && !self.beatf.almost_full.val()
            && !self.reqf.almost_full.val();
        self.emit.next = (self.lane.q.val() == self.c_lane7.val()) || self.m.wr_dat_last.val();
        self.beatf.sink.data.next = self.beat.y.val();
        self.beatf.sink.valid.next = self.take.val() && self.emit.val();
        self.req_cat.lo.next = self.addr.q.val();
        self.req_cat.hi.next = self.beats.q.val();
        self.reqf.sink.data.next = self.req_cat.y.val();
        self.reqf.sink.valid.next = self.take.val() && self.m.wr_dat_last.val();
        if self.take.val() {
            for i in 0..LANES {
                if self.lane.q.val() == self.lane_val[i].val() {
                    self.acc[i].d.next = self.m.wr_dat_data.val();
                }
            }
            self.lane.d.next = self.lane.q.val() + self.c_one3.val();
            self.strb.d.next = self.beat.s.val();
            if self.emit.val() {
                self.strb.d.next = self.c_zero8.val();
            }
            if self.m.wr_dat_last.val() {
                self.busy.d.next = false;
            }
        }

        // the wide side: a request once its beats are in, the beats, the responses
        self.req_q.next = self.reqf.source.data.val();
        self.s.wr_req_addr.next = self.req_q.val().get_bits::<64>(0);
        self.s.wr_req_beats.next = self.req_q.val().get_bits::<13>(64);
        self.s.wr_req_valid.next = self.reqf.source.valid.val();
        self.reqf.source.ready.next = self.s.wr_req_ready.val();
        self.beat_q.next = self.beatf.source.data.val();
        self.s.wr_dat_data.next = self.beat_q.val().get_bits::<WIDE>(0);
        // bit WIDE (a literal: hdl_gen emits a named constant as an identifier)
        self.s.wr_dat_last.next = self.beat_q.val().get_bit(288);
        self.s.wr_dat_valid.next = self.beatf.source.valid.val();
        self.beatf.source.ready.next = self.s.wr_dat_ready.val();
        self.m.wr_rsp_err.next = self.s.wr_rsp_err.val();
        self.m.wr_rsp_valid.next = self.s.wr_rsp_valid.val();
        self.s.wr_rsp_ready.next = self.m.wr_rsp_ready.val();

        if self.reset.val() {
            self.busy.d.next = false;
        }
    }
}

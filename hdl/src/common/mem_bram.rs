//! A local memory in block RAM behind the local-memory interface (`common::mem`): 2^N words of
//! 64 bits (8 << N bytes) in eight byte lanes (`BlockRam<Bits<8>, N>` each, so a byte strobe is
//! a lane's write enable). Every request is taken at once (`req_ready` high) and answered the
//! next cycle: a read with the word, a write after its strobed bytes are written. A request at
//! or above 8 << N is answered (a read with 0) and writes nothing.

use crate::common::mem::MemSlave;
use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct MemBram<const A: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub mem: MemSlave<A>,
    lane: [BlockRam<Bits<8>, N>; 8],
    lane_w: [Widen<8, 64>; 8],
    rsp: DFF<Bit>,
    /// The answered read was in range.
    hit: DFF<Bit>,
    in_range: Signal<Local, Bit>,
    word: Signal<Local, Bits<64>>,
    sink_lo: Unused<Bits<3>>,
    sink_reset: Unused<Bit>,
    c_top: Constant<Bits<A>>,
    c_zero_a: Constant<Bits<A>>,
    c_zero64: Constant<Bits<64>>,
    c_shift: [Constant<Bits<64>>; 8],
}

impl<const A: usize, const N: usize> Default for MemBram<A, N> {
    fn default() -> Self {
        assert!(N + 3 < A && A <= 63, "MemBram: N={N}, A={A}");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            mem: Default::default(),
            lane: Default::default(),
            lane_w: Default::default(),
            rsp: Default::default(),
            hit: Default::default(),
            in_range: Default::default(),
            word: Default::default(),
            sink_lo: Default::default(),
            sink_reset: Default::default(),
            c_top: k(((1u64 << A) - 1) & !((8u64 << N) - 1)),
            c_zero_a: k(0),
            c_zero64: k(0),
            c_shift: std::array::from_fn(|i| k(8 * i as u64)),
        }
    }
}

impl<const A: usize, const N: usize> Logic for MemBram<A, N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rsp, hit);
        self.sink_lo.x.next = self.mem.req_addr.val().get_bits::<3>(0);
        self.sink_reset.x.next = self.reset.val();
        self.in_range.next = (self.mem.req_addr.val() & self.c_top.val()) == self.c_zero_a.val();
        self.mem.req_ready.next = true;
        self.rsp.d.next = self.mem.req_valid.val();
        self.hit.d.next = self.in_range.val();
        self.word.next = self.c_zero64.val();
        for i in 0..8 {
            self.lane[i].read_clock.next = self.clock.val();
            self.lane[i].write_clock.next = self.clock.val();
            self.lane[i].read_address.next = self.mem.req_addr.val().get_bits::<N>(3);
            self.lane[i].write_address.next = self.mem.req_addr.val().get_bits::<N>(3);
            self.lane[i].write_data.next = self.mem.req_wdata.val().get_bits::<8>(8 * i);
            self.lane[i].write_enable.next = self.mem.req_valid.val()
                && self.mem.req_we.val()
                && self.in_range.val()
                && self.mem.req_strb.val().get_bit(i);
            self.lane_w[i].x.next = self.lane[i].read_data.val();
            self.word.next = self.word.val() | (self.lane_w[i].y.val() << self.c_shift[i].val());
        }
        self.mem.rsp_valid.next = self.rsp.q.val();
        self.mem.rsp_data.next = self.c_zero64.val();
        if self.hit.q.val() {
            self.mem.rsp_data.next = self.word.val();
        }
    }
}

//! A PaRC-like 2x2 packet switch (issue 15 item 6): the element of the ring and butterfly
//! networks the MIT NICs are tested on. The memo cites PaRC (TR-482) without describing it, so
//! this switch keeps to what the memo fixes for a PaRC link (NIC-R094-R107: 16-bit words,
//! 0x5555 idles, twelve-word packets headed by a word with bit 15 set, a wait line) and decides
//! the rest (docs/spec-decisions.md, NIC-A43).
//!
//! - One clock for the switch and its links (the network's clock; each NIC's P-bus clock stays
//!   its own).
//! - Input i (`in{i}`): a framer writes each packet's twelve words into a 64-word block-RAM
//!   FIFO; idles and any other word outside a packet are not stored. `wait{i}` (registered)
//!   rises while more than `WAIT_LEVEL` words are held: the room left takes the packet in flight
//!   and one the sender starts before it sees the wait. `bubble{i}` rises above
//!   `BUBBLE_LEVEL`, one packet earlier (see the ring's injection rule below).
//! - Routing: a packet leaves on output 1 when `(header & MASK) == VALUE`, else on output 0.
//!   Butterfly stage with bit b: MASK = VALUE = 1 << b. Ring router of node r: MASK = 0xFF,
//!   VALUE = r (output 1 the NIC, output 0 the next router).
//! - Output o (`out{o}`, registered): store and forward; an output starts a packet only when a
//!   whole one waits at an input routed to it and the downstream `wait` (registered here) is
//!   low, then sends its twelve words on consecutive cycles, the next packet's header right
//!   after if one is ready (no idle between). Round-robin between the two inputs.
//! - Ring injection (`ring` = true): a packet from input 1 (the NIC) to output 0 (the ring)
//!   also needs the downstream `bubble` low, so the ring always keeps a packet's room free for
//!   traffic already on it (bubble flow control: no deadlock however the NICs inject).

use rust_hdl::prelude::*;

use crate::common::prim::k;
use crate::common::ram::BlockRam;
use nicgen_wire::mitnic as w;

/// Words an input FIFO holds (2^6).
const FW: usize = 6;
/// Above this many words held, an input raises wait / bubble.
pub const WAIT_LEVEL: u64 = 36;
pub const BUBBLE_LEVEL: u64 = WAIT_LEVEL - w::PACKET_WORDS as u64;

#[derive(LogicBlock)]
pub struct ParcSwitch2 {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub in0: Signal<In, Bits<16>>,
    pub in1: Signal<In, Bits<16>>,
    pub wait0: Signal<Out, Bit>,
    pub wait1: Signal<Out, Bit>,
    pub bubble0: Signal<Out, Bit>,
    pub bubble1: Signal<Out, Bit>,
    pub out0: Signal<Out, Bits<16>>,
    pub out1: Signal<Out, Bits<16>>,
    /// The downstream wait (and bubble) of each output.
    pub down_wait0: Signal<In, Bit>,
    pub down_wait1: Signal<In, Bit>,
    pub down_bubble0: Signal<In, Bit>,
    // inputs: registered word, framer, FIFO pointers (one bit more than the address), whole
    // packets held, and whether an output is taking the head packet
    din: [DFF<Bits<16>>; 2],
    left_in: [DFF<Bits<4>>; 2],
    ram: [BlockRam<Bits<16>, FW>; 2],
    wr: [DFF<Bits<7>>; 2],
    rd: [DFF<Bits<7>>; 2],
    pkts: [DFF<Bits<4>>; 2],
    taken: [DFF<Bit>; 2],
    wait_q: [DFF<Bit>; 2],
    bubble_q: [DFF<Bit>; 2],
    // outputs
    /// The words on the output lines (idle from power-up on).
    dout: [DFFWithInit<Bits<16>>; 2],
    busy: [DFF<Bit>; 2],
    src: [DFF<Bit>; 2],
    left_out: [DFF<Bits<4>>; 2],
    dw: [DFF<Bit>; 2],
    db0: DFF<Bit>,
    // per cycle
    store: [Signal<Local, Bit>; 2],
    pop: [Signal<Local, Bit>; 2],
    done_pkt: [Signal<Local, Bit>; 2],
    start_pkt: [Signal<Local, Bit>; 2],
    route: [Signal<Local, Bit>; 2],
    ready: [Signal<Local, Bit>; 2],
    rd_next: [Signal<Local, Bits<7>>; 2],
    held: [Signal<Local, Bits<7>>; 2],
    /// output o starts with input i: `go[o]` and the chosen input `pick[o]`
    go: [Signal<Local, Bit>; 2],
    pick: [Signal<Local, Bit>; 2],
    /// Output 0's / output 1's candidates, per input.
    want0: [Signal<Local, Bit>; 2],
    want1: [Signal<Local, Bit>; 2],
    ring: Constant<Bit>,
    c_mask: Constant<Bits<16>>,
    c_value: Constant<Bits<16>>,
    c_idle: Constant<Bits<16>>,
    c_rest: Constant<Bits<4>>,
    c_zero4: Constant<Bits<4>>,
    c_one4: Constant<Bits<4>>,
    c_one7: Constant<Bits<7>>,
    c_zero7: Constant<Bits<7>>,
    c_wait: Constant<Bits<7>>,
    c_bubble: Constant<Bits<7>>,
}

impl ParcSwitch2 {
    /// `mask`, `value`: output 1 when `(header & mask) == value`; `ring`: input 1 into output 0
    /// waits for the downstream bubble too.
    pub fn new(mask: u16, value: u16, ring: bool) -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            in0: Default::default(),
            in1: Default::default(),
            wait0: Default::default(),
            wait1: Default::default(),
            bubble0: Default::default(),
            bubble1: Default::default(),
            out0: Default::default(),
            out1: Default::default(),
            down_wait0: Default::default(),
            down_wait1: Default::default(),
            down_bubble0: Default::default(),
            din: Default::default(),
            left_in: Default::default(),
            ram: Default::default(),
            wr: Default::default(),
            rd: Default::default(),
            pkts: Default::default(),
            taken: Default::default(),
            wait_q: Default::default(),
            bubble_q: Default::default(),
            dout: std::array::from_fn(|_| DFFWithInit::new((w::IDLE as u64).into())),
            busy: Default::default(),
            src: Default::default(),
            left_out: Default::default(),
            dw: Default::default(),
            db0: Default::default(),
            store: Default::default(),
            pop: Default::default(),
            done_pkt: Default::default(),
            start_pkt: Default::default(),
            route: Default::default(),
            ready: Default::default(),
            rd_next: Default::default(),
            held: Default::default(),
            go: Default::default(),
            pick: Default::default(),
            want0: Default::default(),
            want1: Default::default(),
            ring: Constant::new(ring),
            c_mask: k(mask as u64),
            c_value: k(value as u64),
            c_idle: k(w::IDLE as u64),
            c_rest: k(w::PACKET_WORDS as u64 - 1),
            c_zero4: k(0),
            c_one4: k(1),
            c_one7: k(1),
            c_zero7: k(0),
            c_wait: k(WAIT_LEVEL),
            c_bubble: k(BUBBLE_LEVEL),
        }
    }
}

impl Logic for ParcSwitch2 {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, db0);
        for i in 0..2 {
            self.din[i].clock.next = self.clock.val();
            self.left_in[i].clock.next = self.clock.val();
            self.ram[i].read_clock.next = self.clock.val();
            self.ram[i].write_clock.next = self.clock.val();
            self.wr[i].clock.next = self.clock.val();
            self.rd[i].clock.next = self.clock.val();
            self.pkts[i].clock.next = self.clock.val();
            self.taken[i].clock.next = self.clock.val();
            self.wait_q[i].clock.next = self.clock.val();
            self.bubble_q[i].clock.next = self.clock.val();
            self.dout[i].clock.next = self.clock.val();
            self.busy[i].clock.next = self.clock.val();
            self.src[i].clock.next = self.clock.val();
            self.left_out[i].clock.next = self.clock.val();
            self.dw[i].clock.next = self.clock.val();
            self.left_in[i].d.next = self.left_in[i].q.val();
            self.wr[i].d.next = self.wr[i].q.val();
            self.pkts[i].d.next = self.pkts[i].q.val();
            self.taken[i].d.next = self.taken[i].q.val();
            self.dout[i].d.next = self.c_idle.val();
            self.busy[i].d.next = self.busy[i].q.val();
            self.src[i].d.next = self.src[i].q.val();
            self.left_out[i].d.next = self.left_out[i].q.val();
        }
        self.din[0].d.next = self.in0.val();
        self.din[1].d.next = self.in1.val();
        self.dw[0].d.next = self.down_wait0.val();
        self.dw[1].d.next = self.down_wait1.val();
        self.db0.d.next = self.down_bubble0.val();
        self.out0.next = self.dout[0].q.val();
        self.out1.next = self.dout[1].q.val();
        self.wait0.next = self.wait_q[0].q.val();
        self.wait1.next = self.wait_q[1].q.val();
        self.bubble0.next = self.bubble_q[0].q.val();
        self.bubble1.next = self.bubble_q[1].q.val();

        // ---- inputs: frame, store
        for i in 0..2 {
            self.store[i].next = false;
            self.done_pkt[i].next = false;
            if self.left_in[i].q.val() == self.c_zero4.val() {
                if self.din[i].q.val().get_bit(15) {
                    self.store[i].next = true;
                    self.left_in[i].d.next = self.c_rest.val();
                }
            } else {
                self.store[i].next = true;
                self.left_in[i].d.next = self.left_in[i].q.val() - self.c_one4.val();
                if self.left_in[i].q.val() == self.c_one4.val() {
                    self.done_pkt[i].next = true;
                }
            }
            self.ram[i].write_address.next = self.wr[i].q.val().get_bits::<FW>(0);
            self.ram[i].write_data.next = self.din[i].q.val();
            self.ram[i].write_enable.next = self.store[i].val();
            if self.store[i].val() {
                self.wr[i].d.next = self.wr[i].q.val() + self.c_one7.val();
            }
            // the head packet: whole, not being sent, and where it goes
            self.ready[i].next =
                (self.pkts[i].q.val() != self.c_zero4.val()) && !self.taken[i].q.val();
            self.route[i].next =
                (self.ram[i].read_data.val() & self.c_mask.val()) == self.c_value.val();
        }

        // ---- outputs: pick, start, send
        // want<o>[i]: input i's head packet is whole and goes to output o, which may start it
        self.want0[0].next = self.ready[0].val() && !self.route[0].val();
        self.want0[1].next =
            self.ready[1].val() && !self.route[1].val() && !(self.ring.val() && self.db0.q.val());
        self.want1[0].next = self.ready[0].val() && self.route[0].val();
        self.want1[1].next = self.ready[1].val() && self.route[1].val();
        // round robin: on a tie the input not served last (`src` keeps the last one served)
        self.go[0].next = !self.busy[0].q.val()
            && !self.dw[0].q.val()
            && (self.want0[0].val() || self.want0[1].val());
        self.pick[0].next = self.want0[1].val() && !(self.want0[0].val() && self.src[0].q.val());
        self.go[1].next = !self.busy[1].q.val()
            && !self.dw[1].q.val()
            && (self.want1[0].val() || self.want1[1].val());
        self.pick[1].next = self.want1[1].val() && !(self.want1[0].val() && self.src[1].q.val());
        for i in 0..2 {
            self.pop[i].next = false;
            self.start_pkt[i].next = false;
        }
        for o in 0..2 {
            if self.go[o].val() {
                self.busy[o].d.next = true;
                self.src[o].d.next = self.pick[o].val();
                self.left_out[o].d.next = self.c_rest.val();
                if self.pick[o].val() {
                    self.dout[o].d.next = self.ram[1].read_data.val();
                    self.pop[1].next = true;
                    self.start_pkt[1].next = true;
                } else {
                    self.dout[o].d.next = self.ram[0].read_data.val();
                    self.pop[0].next = true;
                    self.start_pkt[0].next = true;
                }
            }
            if self.busy[o].q.val() {
                self.left_out[o].d.next = self.left_out[o].q.val() - self.c_one4.val();
                if self.left_out[o].q.val() == self.c_one4.val() {
                    self.busy[o].d.next = false;
                }
                if self.src[o].q.val() {
                    self.dout[o].d.next = self.ram[1].read_data.val();
                    self.pop[1].next = true;
                    if self.left_out[o].q.val() == self.c_one4.val() {
                        self.taken[1].d.next = false;
                    }
                } else {
                    self.dout[o].d.next = self.ram[0].read_data.val();
                    self.pop[0].next = true;
                    if self.left_out[o].q.val() == self.c_one4.val() {
                        self.taken[0].d.next = false;
                    }
                }
            }
        }
        for i in 0..2 {
            if self.start_pkt[i].val() {
                self.taken[i].d.next = true;
            }
            if self.done_pkt[i].val() && !self.start_pkt[i].val() {
                self.pkts[i].d.next = self.pkts[i].q.val() + self.c_one4.val();
            }
            if self.start_pkt[i].val() && !self.done_pkt[i].val() {
                self.pkts[i].d.next = self.pkts[i].q.val() - self.c_one4.val();
            }
            self.rd_next[i].next = self.rd[i].q.val();
            if self.pop[i].val() {
                self.rd_next[i].next = self.rd[i].q.val() + self.c_one7.val();
            }
            self.rd[i].d.next = self.rd_next[i].val();
            self.ram[i].read_address.next = self.rd_next[i].val().get_bits::<FW>(0);
            self.held[i].next = self.wr[i].q.val() - self.rd[i].q.val();
            self.wait_q[i].d.next = self.held[i].val() > self.c_wait.val();
            self.bubble_q[i].d.next = self.held[i].val() > self.c_bubble.val();
        }
        if self.reset.val() {
            for i in 0..2 {
                self.left_in[i].d.next = self.c_zero4.val();
                self.wr[i].d.next = self.c_zero7.val();
                self.rd[i].d.next = self.c_zero7.val();
                self.pkts[i].d.next = self.c_zero4.val();
                self.taken[i].d.next = false;
                self.busy[i].d.next = false;
                self.dout[i].d.next = self.c_idle.val();
                self.wait_q[i].d.next = true;
                self.bubble_q[i].d.next = true;
            }
        }
    }
}

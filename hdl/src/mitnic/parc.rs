//! The MIT NIC's PaRC ports (CSG Memo 331 §3.3, §3.4; issue 15), each in its own clock domain.
//!
//! `ParcOut` (netclk): takes a packet's twelve words (packed in the P-bus domain, handed over by
//! `common::handoff::Handoff`) and sends them on `nodata` on twelve consecutive cycles, the
//! header first, then the next packet's header right after the twelfth word if one is waiting
//! (NIC-R101, R102); 0x5555 otherwise (R099). A packet starts only while the synchronized
//! `nowait` is low, sampled in the cycle before the header (NIC-A28); a started packet ignores
//! it. `nodata` is a register (it changes just after a rising edge of netclk); `noclk` is
//! netclk, so a receiver clocked by `noclk` samples every word a full cycle after it changed
//! (on a board, forward `noclk` through the pad's DDR register to centre the edge). On the P-bus
//! clock (`mit_nic_sync`) the port also takes an early header (`eh_valid`, `eh_word`) when it
//! could start a packet, and the packet's other eleven words in the next cycle.
//!
//! `ParcIn` (niclk): `nidata` enters a register; outside a packet a word with bit 15 set is a
//! header and the next eleven words are the rest of the packet whatever their bit 15 (R107); a
//! word with bit 15 clear that is neither idle word toggles `idle_t` (idle_error, R109). At the
//! twelfth word (ignored, NIC-A37) the header and the ten data words are offered to the handoff;
//! if it has no room the packet is dropped and `lost_t` toggles (room_error, NIC-A32). `niwait`
//! is the core's registered "input queue nearly full" through two flops (NIC-A27).

use crate::BlockDefault;
use rust_hdl::prelude::*;

use crate::common::prim::k;
use crate::common::widen::Widen;
use nicgen_wire::mitnic as w;

/// The twelve words of a packet, header at 15:0 (`nicgen_wire::mitnic::pack` order).
pub const PKT_BITS: usize = 16 * w::PACKET_WORDS;
/// The header and the ten data words a receiver keeps (word 11 is ignored).
pub const RX_BITS: usize = 16 * (w::PACKET_WORDS - 1);

#[derive(LogicBlock, BlockDefault)]
pub struct ParcOut {
    /// netclk.
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub nowait: Signal<In, Bit>,
    pub nodata: Signal<Out, Bits<16>>,
    pub noclk: Signal<Out, Clock>,
    pub ho_valid: Signal<In, Bit>,
    pub ho_words: Signal<In, Bits<PKT_BITS>>,
    pub ho_take: Signal<Out, Bit>,
    /// Registered: a packet may start at the next edge (`ho_valid` or `eh_valid` is taken).
    pub can_start: Signal<Out, Bit>,
    /// Registered: `ho_valid` is taken at the next edge (`can_start`, or the words of a packet
    /// whose header went early are due).
    pub ready: Signal<Out, Bit>,
    /// Early header (the port on the P-bus clock): with `can_start`, `eh_word` leaves as a
    /// header at this edge and the packet's twelve words are taken from `ho_words` in the next
    /// cycle (`ho_valid` must be high then), whose header word is not sent again.
    pub eh_valid: Signal<In, Bit>,
    pub eh_word: Signal<In, Bits<16>>,
    /// The header went early; the words are due now.
    body: DFF<Bit>,
    nw_s1: DFF<Bit>,
    nw_s2: DFF<Bit>,
    /// Words still to send after the one in `data` (0: the next word may be a header).
    cnt: DFF<Bits<4>>,
    shift: DFF<Bits<PKT_BITS>>,
    /// The word on the line (idle from power-up on).
    #[init(DFFWithInit::new((w::IDLE as u64).into()))]
    data: DFFWithInit<Bits<16>>,
    #[init(k(w::IDLE as u64))]
    c_idle: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero: Constant<Bits<4>>,
    #[init(k(1))]
    c_one: Constant<Bits<4>>,
    #[init(k(w::PACKET_WORDS as u64 - 1))]
    c_rest: Constant<Bits<4>>,
    #[init(k(16))]
    c_sh: Constant<Bits<8>>,
    #[init(k(32))]
    c_sh2: Constant<Bits<8>>,
}

impl Logic for ParcOut {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, nw_s1, nw_s2, cnt, shift, data, body);
        self.noclk.next = self.clock.val();
        self.nodata.next = self.data.q.val();
        self.nw_s1.d.next = self.nowait.val();
        self.nw_s2.d.next = self.nw_s1.q.val();
        self.can_start.next =
            (self.cnt.q.val() == self.c_zero.val()) && !self.nw_s2.q.val() && !self.reset.val();
        self.ready.next = (((self.cnt.q.val() == self.c_zero.val()) && !self.nw_s2.q.val())
            || self.body.q.val())
            && !self.reset.val();
        self.ho_take.next = false;
        self.data.d.next = self.c_idle.val();
        self.body.d.next = false;
        if self.cnt.q.val() == self.c_zero.val() {
            if !self.nw_s2.q.val() && !self.reset.val() {
                if self.ho_valid.val() {
                    self.ho_take.next = true;
                    self.data.d.next = self.ho_words.val().get_bits::<16>(0);
                    self.shift.d.next = self.ho_words.val() >> self.c_sh.val();
                    self.cnt.d.next = self.c_rest.val();
                } else if self.eh_valid.val() {
                    self.data.d.next = self.eh_word.val();
                    self.cnt.d.next = self.c_rest.val();
                    self.body.d.next = true;
                }
            }
        } else if self.body.q.val() {
            // the header left a cycle ago: word 1 now, words 2-11 after it
            self.ho_take.next = true;
            self.data.d.next = self.ho_words.val().get_bits::<16>(16);
            self.shift.d.next = self.ho_words.val() >> self.c_sh2.val();
            self.cnt.d.next = self.cnt.q.val() - self.c_one.val();
        } else {
            self.data.d.next = self.shift.q.val().get_bits::<16>(0);
            self.shift.d.next = self.shift.q.val() >> self.c_sh.val();
            self.cnt.d.next = self.cnt.q.val() - self.c_one.val();
        }
        if self.reset.val() {
            self.cnt.d.next = self.c_zero.val();
            self.data.d.next = self.c_idle.val();
            self.body.d.next = false;
        }
    }
}

#[derive(LogicBlock, BlockDefault)]
pub struct ParcIn {
    /// niclk.
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub nidata: Signal<In, Bits<16>>,
    pub niwait: Signal<Out, Bit>,
    /// From the P-bus domain (a register there): the input queue is nearly full.
    pub nearly_full: Signal<In, Bit>,
    pub ho_valid: Signal<Out, Bit>,
    pub ho_words: Signal<Out, Bits<RX_BITS>>,
    pub ho_room: Signal<In, Bit>,
    /// Toggle on an idle error / a packet dropped for want of room.
    pub idle_t: Signal<Out, Bit>,
    pub lost_t: Signal<Out, Bit>,
    din: DFF<Bits<16>>,
    nf_s1: DFF<Bit>,
    nf_s2: DFF<Bit>,
    /// 0: outside a packet; else the words of the packet still to come.
    cnt: DFF<Bits<4>>,
    acc: DFF<Bits<RX_BITS>>,
    idle_q: DFF<Bit>,
    lost_q: DFF<Bit>,
    w_in: Widen<16, RX_BITS>,
    #[init(k(w::IDLE as u64))]
    c_idle: Constant<Bits<16>>,
    #[init(k(w::IDLE_ALT as u64))]
    c_idle_alt: Constant<Bits<16>>,
    #[init(k(0))]
    c_zero: Constant<Bits<4>>,
    #[init(k(1))]
    c_one: Constant<Bits<4>>,
    #[init(k(w::PACKET_WORDS as u64 - 1))]
    c_rest: Constant<Bits<4>>,
    #[init(k(16))]
    c_sh: Constant<Bits<8>>,
    #[init(k(RX_BITS as u64 - 16))]
    c_top: Constant<Bits<8>>,
}

impl Logic for ParcIn {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, din, nf_s1, nf_s2, cnt, acc, idle_q, lost_q);
        self.din.d.next = self.nidata.val();
        self.nf_s1.d.next = self.nearly_full.val();
        self.nf_s2.d.next = self.nf_s1.q.val();
        self.niwait.next = self.nf_s2.q.val();
        self.idle_t.next = self.idle_q.q.val();
        self.lost_t.next = self.lost_q.q.val();
        self.w_in.x.next = self.din.q.val();
        self.ho_words.next = self.acc.q.val();
        self.ho_valid.next = false;
        if self.cnt.q.val() == self.c_zero.val() {
            if self.din.q.val().get_bit(15) {
                self.acc.d.next =
                    (self.acc.q.val() >> self.c_sh.val()) | (self.w_in.y.val() << self.c_top.val());
                self.cnt.d.next = self.c_rest.val();
            } else if (self.din.q.val() != self.c_idle.val())
                && (self.din.q.val() != self.c_idle_alt.val())
            {
                self.idle_q.d.next = !self.idle_q.q.val();
            }
        } else if self.cnt.q.val() == self.c_one.val() {
            // the twelfth word (ignored): the packet is complete
            self.ho_valid.next = true;
            if !self.ho_room.val() {
                self.lost_q.d.next = !self.lost_q.q.val();
            }
            self.cnt.d.next = self.c_zero.val();
        } else {
            self.acc.d.next =
                (self.acc.q.val() >> self.c_sh.val()) | (self.w_in.y.val() << self.c_top.val());
            self.cnt.d.next = self.cnt.q.val() - self.c_one.val();
        }
        if self.reset.val() {
            self.cnt.d.next = self.c_zero.val();
            self.ho_valid.next = false;
        }
    }
}

/// A packet's header word (§3.3 with NIC-A12, as `nicgen_wire::mitnic::header`): the start bit,
/// CSP, the type and the routing byte.
#[derive(LogicBlock, BlockDefault)]
pub struct ParcHeader {
    pub ty: Signal<In, Bits<5>>,
    pub route: Signal<In, Bits<8>>,
    pub csp: Signal<In, Bit>,
    pub word: Signal<Out, Bits<16>>,
    w_type: Widen<5, 16>,
    w_route: Widen<8, 16>,
    #[init(k(w::header(0, false, 0) as u64))]
    c_hdr: Constant<Bits<16>>,
    #[init(k(w::header(0, true, 0) as u64 ^ w::header(0, false, 0) as u64))]
    c_csp: Constant<Bits<16>>,
    #[init(k(8))]
    c_sh8: Constant<Bits<16>>,
}

impl Logic for ParcHeader {
    #[hdl_gen]
    fn update(&mut self) {
        self.w_type.x.next = self.ty.val();
        self.w_route.x.next = self.route.val();
        self.word.next =
            self.c_hdr.val() | (self.w_type.y.val() << self.c_sh8.val()) | self.w_route.y.val();
        if self.csp.val() {
            self.word.next = self.c_hdr.val()
                | (self.w_type.y.val() << self.c_sh8.val())
                | self.w_route.y.val()
                | self.c_csp.val();
        }
    }
}

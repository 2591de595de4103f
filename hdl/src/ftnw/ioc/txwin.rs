//! PIC's TX-window path (thesis §3.2.1, FTNW-H046-H048, H157; ambiguity A11): a BAR0 memory
//! write (`nicgen_wire::ftnw::txwin`: link, VC, RAO from the address) becomes items for the
//! link's re-order buffer, one per payload beat, nothing buffered beyond one beat.
//!
//! The write may start at any Dword of a 16-byte item (a write-combining buffer flushed in
//! pieces): Dword j of the payload is Dword `(o + j) mod 4` of item `(o + j) / 4` counted from
//! the item the address points to, `o` the address' bits 3:2. An item is the current payload
//! beat's Dwords shifted up by `o` lanes with the previous beat's last `o` Dwords below them
//! (`DwAlign`), its enables the lanes the write covers; when the last beat leaves Dwords over,
//! one more item follows (the one cycle the path holds the payload stream).
//!
//! Refused, the payload drained and nothing written: a write whose first or last byte enables
//! are partial (`exc_partial`: a Dword can only be written whole; H048), a write to link 6 or 7
//! (`exc_link`). Both are one-cycle pulses. The path never stalls on a full re-order buffer:
//! PPUT is posted, the buffer drops and flags what it cannot take (H157).
//!
//! The first payload beat is taken in the cycle the header is (the item's position comes from
//! the header then), so a write of k beats holds CQ for k + 1 cycles with its header beat.
//! Latency: an item leaves (registered `i_*`) at the edge after its beat is taken.

use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use num_bigint::BigUint;
use rust_hdl::prelude::*;

/// `y` = the 128-bit window of `{cur, prev}` starting `4 - o` Dwords into `prev`: lanes `o..3`
/// are `cur`'s Dwords `0..3-o`, lanes `0..o-1` are `prev`'s Dwords `4-o..3`.
#[derive(LogicBlock, Default, Ports)]
pub struct DwAlign {
    pub cur: Signal<In, Bits<128>>,
    pub prev: Signal<In, Bits<128>>,
    pub o: Signal<In, Bits<2>>,
    pub y: Signal<Out, Bits<128>>,
}

impl Logic for DwAlign {
    fn update(&mut self) {
        let o = self.o.val().to_u64() as usize;
        let both = (BigUint::from(self.cur.val().to_u128()) << 128)
            | BigUint::from(self.prev.val().to_u128());
        let mask = (BigUint::from(1u8) << 128) - 1u8;
        self.y.next = Bits::<128>::from((both >> (32 * (4 - o))) & mask);
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "wire unused_ok = &{1'b0, prev[31:0]};\n\
             always @(*) begin\n\
             \x20  case (o)\n\
             \x20    2'd1: y = {cur[95:0], prev[127:96]};\n\
             \x20    2'd2: y = {cur[63:0], prev[127:64]};\n\
             \x20    2'd3: y = {cur[31:0], prev[127:32]};\n\
             \x20    default: y = cur;\n\
             \x20  endcase\n\
             end\n"
                .into(),
        )
    }
}

const IDLE: u64 = 0;
const DATA: u64 = 1;
const FLUSH: u64 = 2;
const DROP: u64 = 3;

#[derive(LogicBlock, BlockDefault)]
pub struct TxWin {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// A BAR0 memory write (the PIC hands over only these).
    pub h_valid: Signal<In, Bit>,
    pub h_ready: Signal<Out, Bit>,
    pub h_addr: Signal<In, Bits<32>>,
    pub h_dwords: Signal<In, Bits<11>>,
    pub h_first_be: Signal<In, Bits<4>>,
    pub h_last_be: Signal<In, Bits<4>>,
    pub h_has_data: Signal<In, Bit>,
    pub p_data: Signal<In, Bits<128>>,
    pub p_last: Signal<In, Bit>,
    pub p_valid: Signal<In, Bit>,
    pub p_ready: Signal<Out, Bit>,
    /// The item for the re-order buffer of link `i_link`.
    pub i_valid: Signal<Out, Bit>,
    pub i_link: Signal<Out, Bits<3>>,
    pub i_vc: Signal<Out, Bits<3>>,
    pub i_rao: Signal<Out, Bits<11>>,
    pub i_item: Signal<Out, Bits<3>>,
    pub i_dw: Signal<Out, Bits<4>>,
    pub i_data: Signal<Out, Bits<128>>,
    pub exc_partial: Signal<Out, Bit>,
    pub exc_link: Signal<Out, Bit>,
    align: DwAlign,
    wn: Widen<11, 12>,
    wo: Widen<2, 12>,
    /// Address bits above the window (the BAR's base) and the Dword's byte bits.
    unused_addr: Unused<Bits<32>>,
    state: DFF<Bits<2>>,
    link: DFF<Bits<3>>,
    vc: DFF<Bits<3>>,
    iaddr: DFF<Bits<14>>,
    o: DFF<Bits<2>>,
    left: DFF<Bits<12>>,
    first: DFF<Bit>,
    prev: DFF<Bits<128>>,
    iv: DFF<Bit>,
    ilink: DFF<Bits<3>>,
    ivc: DFF<Bits<3>>,
    iad: DFF<Bits<14>>,
    idw: DFF<Bits<4>>,
    idata: DFF<Bits<128>>,
    xp: DFF<Bit>,
    xl: DFF<Bit>,
    lo_mask: Signal<Local, Bits<4>>,
    hi_mask: Signal<Local, Bits<4>>,
    n: Signal<Local, Bits<12>>,
    bad_be: Signal<Local, Bit>,
    bad_link: Signal<Local, Bit>,
    hdr: Signal<Local, Bit>,
    e_o: Signal<Local, Bits<2>>,
    e_first: Signal<Local, Bit>,
    e_left: Signal<Local, Bits<12>>,
    e_iaddr: Signal<Local, Bits<14>>,
    e_link: Signal<Local, Bits<3>>,
    e_vc: Signal<Local, Bits<3>>,
    #[init(k(IDLE))]
    c_idle: Constant<Bits<2>>,
    #[init(k(DATA))]
    c_data: Constant<Bits<2>>,
    #[init(k(FLUSH))]
    c_flush: Constant<Bits<2>>,
    #[init(k(DROP))]
    c_drop: Constant<Bits<2>>,
    #[init(k(0xf))]
    c_f4: Constant<Bits<4>>,
    #[init(k(0))]
    c_z4: Constant<Bits<4>>,
    #[init(k(4))]
    c_four: Constant<Bits<12>>,
    #[init(k(0))]
    c_z12: Constant<Bits<12>>,
    #[init(k(1024))]
    c_k1024: Constant<Bits<12>>,
    #[init(k(0))]
    c_z11: Constant<Bits<11>>,
    #[init(k(1))]
    c_one11: Constant<Bits<11>>,
    #[init(k(1))]
    c_one14: Constant<Bits<14>>,
    #[init(k(nicgen_wire::ftnw::txwin::LINKS as u64))]
    c_links: Constant<Bits<3>>,
}

impl Logic for TxWin {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, link, vc, iaddr, o, left, first, prev, iv, ilink, ivc, iad, idw,
            idata, xp, xl
        );
        self.unused_addr.x.next = self.h_addr.val();
        self.i_valid.next = self.iv.q.val();
        self.i_link.next = self.ilink.q.val();
        self.i_vc.next = self.ivc.q.val();
        self.i_rao.next = self.iad.q.val().get_bits::<11>(3);
        self.i_item.next = self.iad.q.val().get_bits::<3>(0);
        self.i_dw.next = self.idw.q.val();
        self.i_data.next = self.idata.q.val();
        self.exc_partial.next = self.xp.q.val();
        self.exc_link.next = self.xl.q.val();
        self.h_ready.next = self.state.q.val() == self.c_idle.val();
        // idle, a payload beat is on offer only after its header (`CqRx` takes a header only
        // when the previous payload has gone), so the two are taken together
        self.p_ready.next = self.state.q.val() != self.c_flush.val();
        // the header's checks
        self.wn.x.next = self.h_dwords.val();
        self.wo.x.next = self.h_addr.val().get_bits::<2>(2);
        self.n.next = self.wn.y.val();
        if self.h_dwords.val() == self.c_z11.val() {
            self.n.next = self.c_k1024.val();
        }
        self.bad_be.next = (self.h_first_be.val() != self.c_f4.val())
            || ((self.h_dwords.val() == self.c_one11.val())
                && (self.h_last_be.val() != self.c_z4.val()))
            || ((self.h_dwords.val() != self.c_one11.val())
                && (self.h_last_be.val() != self.c_f4.val()));
        self.bad_link.next = self.h_addr.val().get_bits::<3>(21) >= self.c_links.val();
        self.hdr.next = (self.state.q.val() == self.c_idle.val())
            && self.h_valid.val()
            && self.h_has_data.val();
        // the write's position for the beat on offer: from the header while it is taken (the
        // first beat is taken with it), else from the registers
        self.e_o.next = self.o.q.val();
        self.e_first.next = self.first.q.val();
        self.e_left.next = self.left.q.val();
        self.e_iaddr.next = self.iaddr.q.val();
        self.e_link.next = self.link.q.val();
        self.e_vc.next = self.vc.q.val();
        if self.state.q.val() == self.c_idle.val() {
            self.e_o.next = self.h_addr.val().get_bits::<2>(2);
            self.e_first.next = true;
            self.e_left.next = self.wo.y.val() + self.n.val();
            self.e_iaddr.next = self.h_addr.val().get_bits::<14>(4);
            self.e_link.next = self.h_addr.val().get_bits::<3>(21);
            self.e_vc.next = self.h_addr.val().get_bits::<3>(18);
        }
        self.align.cur.next = self.p_data.val();
        self.align.prev.next = self.prev.q.val();
        self.align.o.next = self.e_o.val();
        // the lanes an item covers: from `o` on in the first, below `left` in every one
        self.lo_mask.next = self.c_f4.val();
        if self.e_first.val() {
            self.lo_mask.next = self.c_f4.val() << self.e_o.val();
        }
        self.hi_mask.next = self.c_f4.val();
        if self.e_left.val() < self.c_four.val() {
            self.hi_mask.next = !(self.c_f4.val() << self.e_left.val().get_bits::<2>(0));
        }
        self.iv.d.next = false;
        self.xp.d.next = false;
        self.xl.d.next = false;
        self.idata.d.next = self.align.y.val();
        self.idw.d.next = self.lo_mask.val() & self.hi_mask.val();
        self.ilink.d.next = self.e_link.val();
        self.ivc.d.next = self.e_vc.val();
        self.iad.d.next = self.e_iaddr.val();
        if self.hdr.val() {
            self.link.d.next = self.e_link.val();
            self.vc.d.next = self.e_vc.val();
            self.iaddr.d.next = self.e_iaddr.val();
            self.o.d.next = self.e_o.val();
            self.left.d.next = self.e_left.val();
            self.first.d.next = true;
            self.state.d.next = self.c_data.val();
            if self.bad_link.val() {
                self.state.d.next = self.c_drop.val();
                self.xl.d.next = true;
            }
            if self.bad_be.val() {
                self.state.d.next = self.c_drop.val();
                self.xp.d.next = true;
                self.xl.d.next = false;
            }
            if (self.bad_link.val() || self.bad_be.val()) && self.p_valid.val() && self.p_last.val()
            {
                self.state.d.next = self.c_idle.val();
            }
        }
        // a payload beat becomes an item
        if self.p_valid.val()
            && ((self.state.q.val() == self.c_data.val())
                || (self.hdr.val() && !self.bad_link.val() && !self.bad_be.val()))
        {
            self.iv.d.next = (self.lo_mask.val() & self.hi_mask.val()) != self.c_z4.val();
            self.prev.d.next = self.p_data.val();
            self.iaddr.d.next = self.e_iaddr.val() + self.c_one14.val();
            self.first.d.next = false;
            self.left.d.next = self.c_z12.val();
            if self.e_left.val() > self.c_four.val() {
                self.left.d.next = self.e_left.val() - self.c_four.val();
            }
            if self.p_last.val() {
                self.state.d.next = self.c_idle.val();
                if self.e_left.val() > self.c_four.val() {
                    self.state.d.next = self.c_flush.val();
                }
            }
        }
        if self.state.q.val() == self.c_flush.val() {
            self.iv.d.next = (self.lo_mask.val() & self.hi_mask.val()) != self.c_z4.val();
            self.left.d.next = self.c_z12.val();
            self.state.d.next = self.c_idle.val();
        }
        if self.state.q.val() == self.c_drop.val() && self.p_valid.val() && self.p_last.val() {
            self.state.d.next = self.c_idle.val();
        }
        if self.reset.val() {
            self.state.d.next = self.c_idle.val();
            self.iv.d.next = false;
            self.xp.d.next = false;
            self.xl.d.next = false;
        }
    }
}

//! TFCNT (thesis §3.2.5, §4.3.3; FTNW-H079, H091, H092, H158, H159; ambiguity A13): per link
//! NWP_CNT, the packets extracted from the link's re-order buffer, mirrored into host memory
//! at `TFCNT_ADDR + 8l` (`nicgen_wire::ftnw::ioc`) so that software can tell when its packets
//! have left (CPU_CNT == NWP_CNT) without reading a register.
//!
//! Clock domains: `extracted` in the TNW domain (one cycle per packet, at most one per 8
//! cycles), everything else in the IOC domain. Crossing: per link a 4-bit Gray count of the
//! extracted packets, registered in the TNW domain and synchronized through two flops; the IOC
//! side adds the difference to the last value seen to NWP_CNT (32 bits). The 4 bits cover 15
//! packets between two looks, which holds for a TNW clock up to 30 times the IOC's.
//!
//! A link's NWP_CNT is written (one 4-byte memory write through `r_*`) when it has advanced by
//! THRESHOLD (0 acts as 1) since its last write, or when it has changed and the link's buffer
//! holds no complete packet any more (`completed` minus extracted is 0), so software waiting
//! for "empty" always sees the final count. A TFCNT_RST bit sets the link's NWP_CNT to 0 and
//! writes it. Nothing is written while TFCNT_ADDR is 0 (its reset value): a count that changed
//! meanwhile is written once the address is set. The links are served round-robin, one look per
//! cycle; the value written is remembered as the link's last write.

use crate::common::gray::GrayDecode;
use crate::common::prim::k;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ftnw::txwin::LINKS;
use rust_hdl::prelude::*;

#[derive(LogicBlock, BlockDefault)]
pub struct Tfcnt {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub tnw_clock: Signal<In, Clock>,
    pub tnw_reset: Signal<In, Bit>,
    /// Per link: a packet left its re-order buffer (TNW clock).
    pub extracted: [Signal<In, Bit>; LINKS],
    /// Per link: a packet was completed in its re-order buffer (IOC clock).
    pub completed: [Signal<In, Bit>; LINKS],
    /// TFCNT_ADDR bits 31:6 and 47:32, TFCNT_CTRL.THRESHOLD, TFCNT_RST with its write strobe.
    pub addr_lo: Signal<In, Bits<26>>,
    pub addr_hi: Signal<In, Bits<16>>,
    pub threshold: Signal<In, Bits<16>>,
    pub rst: Signal<In, Bits<6>>,
    pub rst_wrote: Signal<In, Bit>,
    /// The counter write: 4 bytes `r_data0` at `r_addr`.
    pub r_valid: Signal<Out, Bit>,
    pub r_ready: Signal<In, Bit>,
    pub r_addr: Signal<Out, Bits<48>>,
    pub r_data0: Signal<Out, Bits<32>>,
    // TNW clock
    tb: [DFF<Bits<4>>; LINKS],
    tg: [DFF<Bits<4>>; LINKS],
    // IOC clock
    gs1: [DFF<Bits<4>>; LINKS],
    gs2: [DFF<Bits<4>>; LINKS],
    dec: [GrayDecode<4>; LINKS],
    seen: [DFF<Bits<4>>; LINKS],
    delta: [Widen<4, 32>; LINKS],
    delta8: [Widen<4, 8>; LINKS],
    cnt: [DFF<Bits<32>>; LINKS],
    last_w: [DFF<Bits<32>>; LINKS],
    inflight: [DFF<Bits<8>>; LINKS],
    pend: [DFF<Bit>; LINKS],
    thr: Widen<16, 32>,
    addr: TfcntAddr,
    ptr: DFF<Bits<3>>,
    rv: DFF<Bit>,
    rsel: DFF<Bits<3>>,
    rdata: DFF<Bits<32>>,
    addr_set: Signal<Local, Bit>,
    armed: DFF<Bit>,
    q_lo: DFF<Bits<26>>,
    q_hi: DFF<Bits<16>>,
    #[init(std::array::from_fn(|l| k(l as u64)))]
    c_link: [Constant<Bits<3>>; LINKS],
    #[init(k(LINKS as u64 - 1))]
    c_last: Constant<Bits<3>>,
    #[init(k(1))]
    c_one3: Constant<Bits<3>>,
    #[init(k(1))]
    c_one4: Constant<Bits<4>>,
    #[init(k(1))]
    c_one8: Constant<Bits<8>>,
    #[init(k(0))]
    c_z3: Constant<Bits<3>>,
    #[init(k(0))]
    c_z4: Constant<Bits<4>>,
    #[init(k(0))]
    c_z8: Constant<Bits<8>>,
    #[init(k(0))]
    c_z16: Constant<Bits<16>>,
    #[init(k(0))]
    c_z26: Constant<Bits<26>>,
    #[init(k(0))]
    c_z32: Constant<Bits<32>>,
}

/// `{addr_hi, addr_lo, link, 3'b000}`: the counter's host address (no adder: the six counters
/// share the 64-byte line at the address).
#[derive(LogicBlock, Default, Ports)]
pub struct TfcntAddr {
    pub hi: Signal<In, Bits<16>>,
    pub lo: Signal<In, Bits<26>>,
    pub link: Signal<In, Bits<3>>,
    pub y: Signal<Out, Bits<48>>,
}

impl Logic for TfcntAddr {
    fn update(&mut self) {
        let v = self.hi.val().to_u64() << 32
            | self.lo.val().to_u64() << 6
            | self.link.val().to_u64() << 3;
        self.y.next = v.into();
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) y = {hi, lo, link, 3'b000};\n".into())
    }
}

impl Logic for Tfcnt {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ptr, rv, rsel, rdata, armed, q_lo, q_hi);
        for l in 0..LINKS {
            self.tb[l].clock.next = self.tnw_clock.val();
            self.tg[l].clock.next = self.tnw_clock.val();
            self.gs1[l].clock.next = self.clock.val();
            self.gs2[l].clock.next = self.clock.val();
            self.seen[l].clock.next = self.clock.val();
            self.cnt[l].clock.next = self.clock.val();
            self.last_w[l].clock.next = self.clock.val();
            self.inflight[l].clock.next = self.clock.val();
            self.pend[l].clock.next = self.clock.val();
            // TNW: the count of extracted packets, in Gray code from a register
            self.tb[l].d.next = self.tb[l].q.val();
            if self.extracted[l].val() {
                self.tb[l].d.next = self.tb[l].q.val() + self.c_one4.val();
            }
            self.tg[l].d.next = self.tb[l].q.val() ^ (self.tb[l].q.val() >> self.c_one4.val());
            if self.tnw_reset.val() {
                self.tb[l].d.next = self.c_z4.val();
                self.tg[l].d.next = self.c_z4.val();
            }
            // IOC: what arrived since the last look
            self.gs1[l].d.next = self.tg[l].q.val();
            self.gs2[l].d.next = self.gs1[l].q.val();
            self.dec[l].gray.next = self.gs2[l].q.val();
            self.seen[l].d.next = self.dec[l].bin.val();
            self.delta[l].x.next = self.dec[l].bin.val() - self.seen[l].q.val();
            self.delta8[l].x.next = self.dec[l].bin.val() - self.seen[l].q.val();
            self.cnt[l].d.next = self.cnt[l].q.val() + self.delta[l].y.val();
            self.inflight[l].d.next = self.inflight[l].q.val() - self.delta8[l].y.val();
            if self.completed[l].val() {
                self.inflight[l].d.next =
                    self.inflight[l].q.val() - self.delta8[l].y.val() + self.c_one8.val();
            }
            self.last_w[l].d.next = self.last_w[l].q.val();
            self.pend[l].d.next = self.pend[l].q.val();
            if self.rst_wrote.val() && self.rst.val().get_bit(l) {
                self.cnt[l].d.next = self.c_z32.val();
                self.pend[l].d.next = true;
            }
        }
        self.thr.x.next = self.threshold.val();
        self.addr_set.next =
            (self.addr_lo.val() != self.c_z26.val()) || (self.addr_hi.val() != self.c_z16.val());
        self.q_lo.d.next = self.addr_lo.val();
        self.q_hi.d.next = self.addr_hi.val();
        if self.rst_wrote.val() {
            self.armed.d.next = true;
        }
        if (self.addr_lo.val() != self.q_lo.q.val()) || (self.addr_hi.val() != self.q_hi.q.val()) {
            self.armed.d.next = false;
        }
        // the write on offer; its value becomes the link's last write when taken
        self.r_valid.next = self.rv.q.val();
        self.r_data0.next = self.rdata.q.val();
        self.addr.hi.next = self.addr_hi.val();
        self.addr.lo.next = self.addr_lo.val();
        self.addr.link.next = self.rsel.q.val();
        self.r_addr.next = self.addr.y.val();
        if self.rv.q.val() && self.r_ready.val() {
            self.rv.d.next = false;
            for l in 0..LINKS {
                if self.rsel.q.val() == self.c_link[l].val() {
                    self.last_w[l].d.next = self.rdata.q.val();
                    if !(self.rst_wrote.val() && self.rst.val().get_bit(l)) {
                        self.pend[l].d.next = false;
                    }
                }
            }
        }
        // one link looked at per cycle, round-robin
        if !self.rv.q.val() {
            self.ptr.d.next = self.ptr.q.val() + self.c_one3.val();
            if self.ptr.q.val() == self.c_last.val() {
                self.ptr.d.next = self.c_z3.val();
            }
            for l in 0..LINKS {
                if (self.ptr.q.val() == self.c_link[l].val())
                    && self.addr_set.val()
                    && self.armed.q.val()
                    && (self.pend[l].q.val()
                        || ((self.cnt[l].q.val() != self.last_w[l].q.val())
                            && (((self.cnt[l].q.val() - self.last_w[l].q.val())
                                >= self.thr.y.val())
                                || (self.inflight[l].q.val() == self.c_z8.val()))))
                {
                    self.rv.d.next = true;
                    self.rsel.d.next = self.c_link[l].val();
                    self.rdata.d.next = self.cnt[l].q.val();
                }
            }
        }
        if self.reset.val() {
            self.rv.d.next = false;
            self.armed.d.next = false;
            self.ptr.d.next = self.c_z3.val();
            for l in 0..LINKS {
                self.gs1[l].d.next = self.c_z4.val();
                self.gs2[l].d.next = self.c_z4.val();
                self.seen[l].d.next = self.c_z4.val();
                self.cnt[l].d.next = self.c_z32.val();
                self.last_w[l].d.next = self.c_z32.val();
                self.inflight[l].d.next = self.c_z8.val();
                self.pend[l].d.next = false;
            }
        }
    }
}

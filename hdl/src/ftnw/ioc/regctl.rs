//! The IOC's register controller (thesis §3.2.3, FTNW-H060-H065, H086-H088): the BAR2 requests
//! PIC hands over (a generic request header and its payload beats, `CqRx`'s side), executed one
//! at a time in arrival order, each Dword as one access on a register bus; a read is answered
//! with one completion (`c_*`, `CcTx`'s side) carrying the request's TC, attributes, requester
//! ID, tag and lower address, and the next request is taken only after it.
//!
//! BAR2 (128 KB, offsets are the low 17 address bits): below 0x6000 the six links' registers
//! (`l << 12`), reached on `tnw` in the TNW clock domain through `common::regbus_cdc` (command
//! toggle and echo); 0x1_0000-0x1_00ff the IOC registers on `ioc` (IOC clock domain); any other
//! offset reads 0 and ignores writes (H088), as does an access a bus answers with `err`.
//!
//! Reads of one or two Dwords complete with their data (byte count and lower address from the
//! byte enables); a longer read, a read of another BAR or a non-posted request of another type
//! completes with Unsupported Request and raises `exc_request` for a cycle; a write to another
//! BAR, or of another posted type, is drained and raises `exc_request`. A written Dword whose
//! byte enables are partial is not written (the register bus has no byte strobes) and raises
//! `exc_partial`; one with no enabled byte is skipped.

use crate::common::regbank::RegBusMaster;
use crate::common::regbus_cdc::RegBusCdc;
use crate::common::unused::Unused;
use crate::ftnw::ioc::rd_bytes::ReadBytes;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// Register address bits on the TNW side (the node's six 4 KB windows).
pub const TNW_BUS_BITS: usize = 15;
/// Register address bits of the IOC registers (0x1_0000 + 0..0x100, `nicgen_wire::ftnw::ioc`).
pub const IOC_BUS_BITS: usize = nicgen_wire::ftnw::ioc::IOC_ADDR_BITS as usize;

const IDLE: u64 = 0;
const RD_GO: u64 = 1;
const RD_WAIT: u64 = 2;
const WR_BEAT: u64 = 3;
const WR_LANE: u64 = 4;
const WR_WAIT: u64 = 5;
const DROP: u64 = 6;
const CPL: u64 = 7;

#[derive(LogicBlock, BlockDefault)]
pub struct RegCtl {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub tnw_clock: Signal<In, Clock>,
    pub tnw_reset: Signal<In, Bit>,
    // request (from CqRx)
    pub h_valid: Signal<In, Bit>,
    pub h_ready: Signal<Out, Bit>,
    pub h_addr: Signal<In, Bits<32>>,
    pub h_dwords: Signal<In, Bits<11>>,
    pub h_type: Signal<In, Bits<4>>,
    pub h_first_be: Signal<In, Bits<4>>,
    pub h_last_be: Signal<In, Bits<4>>,
    pub h_req_id: Signal<In, Bits<16>>,
    pub h_tag: Signal<In, Bits<8>>,
    pub h_bar: Signal<In, Bits<3>>,
    pub h_tc: Signal<In, Bits<3>>,
    pub h_attr: Signal<In, Bits<3>>,
    pub h_has_data: Signal<In, Bit>,
    pub p_data: Signal<In, Bits<128>>,
    pub p_keep: Signal<In, Bits<4>>,
    pub p_last: Signal<In, Bit>,
    pub p_valid: Signal<In, Bit>,
    pub p_ready: Signal<Out, Bit>,
    // completion (to CcTx)
    pub c_valid: Signal<Out, Bit>,
    pub c_ready: Signal<In, Bit>,
    pub c_lower_addr: Signal<Out, Bits<7>>,
    pub c_byte_count: Signal<Out, Bits<13>>,
    pub c_dwords: Signal<Out, Bits<11>>,
    pub c_status: Signal<Out, Bits<3>>,
    pub c_req_id: Signal<Out, Bits<16>>,
    pub c_tag: Signal<Out, Bits<8>>,
    pub c_tc: Signal<Out, Bits<3>>,
    pub c_attr: Signal<Out, Bits<3>>,
    pub c_data0: Signal<Out, Bits<32>>,
    pub c_data1: Signal<Out, Bits<32>>,
    // registers
    pub tnw: RegBusMaster<TNW_BUS_BITS>,
    pub ioc: RegBusMaster<IOC_BUS_BITS>,
    pub exc_request: Signal<Out, Bit>,
    pub exc_partial: Signal<Out, Bit>,
    /// With `ioc.write`: the Dword is the first, the last of its request (the DMA Request
    /// register is issued only by one write of both its Dwords).
    pub ioc_first: Signal<Out, Bit>,
    pub ioc_last: Signal<Out, Bit>,
    cdc: RegBusCdc<TNW_BUS_BITS>,
    rd_bytes: ReadBytes,
    /// Address bits above BAR2's 128 KB.
    unused_addr: Unused<Bits<32>>,
    st: DFF<Bits<3>>,
    /// The current Dword's BAR2 offset.
    off: DFF<Bits<17>>,
    /// Dwords of the request, and the current one.
    n: DFF<Bits<11>>,
    /// Dwords left (the current one included), and whether the current one is the first.
    left: DFF<Bits<11>>,
    first: DFF<Bit>,
    first_be: DFF<Bits<4>>,
    last_be: DFF<Bits<4>>,
    req_id: DFF<Bits<16>>,
    tag: DFF<Bits<8>>,
    tc: DFF<Bits<3>>,
    attr: DFF<Bits<3>>,
    lower: DFF<Bits<7>>,
    bcount: DFF<Bits<13>>,
    ur: DFF<Bit>,
    needs_cpl: DFF<Bit>,
    data0: DFF<Bits<32>>,
    data1: DFF<Bits<32>>,
    /// The payload beat being written, its keep, and whether it is the last.
    beat: DFF<Bits<128>>,
    keep: DFF<Bits<4>>,
    beat_last: DFF<Bit>,
    lane: DFF<Bits<2>>,
    /// The access under way goes to `tnw` (else `ioc`).
    to_tnw: DFF<Bit>,
    exc_req: DFF<Bit>,
    exc_part: DFF<Bit>,
    is_tnw: Signal<Local, Bit>,
    is_ioc: Signal<Local, Bit>,
    word: Signal<Local, Bits<32>>,
    rword: Signal<Local, Bits<32>>,
    lane_on: Signal<Local, Bit>,
    /// The request needs a completion (not a write, not a message).
    non_posted: Signal<Local, Bit>,
    be: Signal<Local, Bits<4>>,
    #[init(Constant::new(IDLE.into()))]
    s_idle: Constant<Bits<3>>,
    #[init(Constant::new(RD_GO.into()))]
    s_rd_go: Constant<Bits<3>>,
    #[init(Constant::new(RD_WAIT.into()))]
    s_rd_wait: Constant<Bits<3>>,
    #[init(Constant::new(WR_BEAT.into()))]
    s_wr_beat: Constant<Bits<3>>,
    #[init(Constant::new(WR_LANE.into()))]
    s_wr_lane: Constant<Bits<3>>,
    #[init(Constant::new(WR_WAIT.into()))]
    s_wr_wait: Constant<Bits<3>>,
    #[init(Constant::new(DROP.into()))]
    s_drop: Constant<Bits<3>>,
    #[init(Constant::new(CPL.into()))]
    s_cpl: Constant<Bits<3>>,
    #[init(Constant::new(1u64.into()))]
    c_one11: Constant<Bits<11>>,
    #[init(Constant::new(2u64.into()))]
    c_two11: Constant<Bits<11>>,
    #[init(Constant::new(4u64.into()))]
    c_four17: Constant<Bits<17>>,
    #[init(Constant::new(0x6000u64.into()))]
    c_tnw_top: Constant<Bits<17>>,
    #[init(Constant::new((nicgen_wire::ftnw::ioc::IOC_REGS_BASE as u64).into()))]
    c_ioc_base: Constant<Bits<17>>,
    #[init(Constant::new(
        (nicgen_wire::ftnw::ioc::IOC_REGS_BASE as u64 + (1 << IOC_BUS_BITS)).into(),
    ))]
    c_ioc_top: Constant<Bits<17>>,
    #[init(Constant::new(2u64.into()))]
    c_bar2: Constant<Bits<3>>,
    #[init(Constant::new(0u64.into()))]
    c_rd: Constant<Bits<4>>,
    #[init(Constant::new(1u64.into()))]
    c_wr: Constant<Bits<4>>,
    #[init(Constant::new(12u64.into()))]
    c_msg: Constant<Bits<4>>,
    #[init(Constant::new(15u64.into()))]
    c_be_all: Constant<Bits<4>>,
    #[init(Constant::new(0u64.into()))]
    c_be_none: Constant<Bits<4>>,
    #[init(Constant::new(0u64.into()))]
    c_zero32: Constant<Bits<32>>,
    #[init(Constant::new(3u64.into()))]
    c_three2: Constant<Bits<2>>,
    #[init(Constant::new(1u64.into()))]
    c_one2: Constant<Bits<2>>,
    #[init(Constant::new(0u64.into()))]
    c_sc: Constant<Bits<3>>,
    #[init(Constant::new(1u64.into()))]
    c_ur: Constant<Bits<3>>,
    #[init(Constant::new(0u64.into()))]
    c_zero11: Constant<Bits<11>>,
    #[init(std::array::from_fn(|i| Constant::new((i as u64).into())))]
    c_lane: [Constant<Bits<2>>; 4],
}

impl Logic for RegCtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, off, n, left, first, first_be, last_be, req_id, tag, tc, attr, lower,
            bcount, ur, needs_cpl, data0, data1, beat, keep, beat_last, lane, to_tnw, exc_req,
            exc_part
        );
        self.unused_addr.x.next = self.h_addr.val();
        self.cdc.m_clock.next = self.clock.val();
        self.cdc.m_reset.next = self.reset.val();
        self.cdc.s_clock.next = self.tnw_clock.val();
        self.cdc.s_reset.next = self.tnw_reset.val();
        // the TNW side of the crossing is this block's `tnw` bus
        RegBusMaster::<TNW_BUS_BITS>::link(&mut self.tnw, &mut self.cdc.out);
        // a read's completion fields, from its address and byte enables
        self.rd_bytes.addr.next = self.h_addr.val().get_bits::<7>(0);
        self.rd_bytes.dwords.next = self.h_dwords.val();
        self.rd_bytes.first_be.next = self.h_first_be.val();
        self.rd_bytes.last_be.next = self.h_last_be.val();
        // where the current Dword goes
        self.is_tnw.next = self.off.q.val() < self.c_tnw_top.val();
        self.is_ioc.next = (self.off.q.val() >= self.c_ioc_base.val())
            && (self.off.q.val() < self.c_ioc_top.val());
        self.cdc.bus.addr.next = self.off.q.val().get_bits::<TNW_BUS_BITS>(0);
        self.ioc.addr.next = self.off.q.val().get_bits::<IOC_BUS_BITS>(0);
        // the current lane's Dword of the payload beat, and its byte enables
        self.word.next = self.beat.q.val().get_bits::<32>(0);
        if self.lane.q.val() == self.c_lane[1].val() {
            self.word.next = self.beat.q.val().get_bits::<32>(32);
        }
        if self.lane.q.val() == self.c_lane[2].val() {
            self.word.next = self.beat.q.val().get_bits::<32>(64);
        }
        if self.lane.q.val() == self.c_lane[3].val() {
            self.word.next = self.beat.q.val().get_bits::<32>(96);
        }
        self.lane_on.next = self.keep.q.val().get_bit(0);
        if self.lane.q.val() == self.c_lane[1].val() {
            self.lane_on.next = self.keep.q.val().get_bit(1);
        }
        if self.lane.q.val() == self.c_lane[2].val() {
            self.lane_on.next = self.keep.q.val().get_bit(2);
        }
        if self.lane.q.val() == self.c_lane[3].val() {
            self.lane_on.next = self.keep.q.val().get_bit(3);
        }
        self.be.next = self.c_be_all.val();
        if self.left.q.val() == self.c_one11.val() {
            self.be.next = self.last_be.q.val();
        }
        if self.first.q.val() {
            self.be.next = self.first_be.q.val();
        }
        self.cdc.bus.wdata.next = self.word.val();
        self.rword.next = self.cdc.bus.rdata.val();
        self.ioc.wdata.next = self.word.val();
        self.cdc.bus.read.next = false;
        self.cdc.bus.write.next = false;
        self.ioc.read.next = false;
        self.ioc.write.next = false;
        // outputs
        self.h_ready.next = self.st.q.val() == self.s_idle.val();
        self.p_ready.next =
            (self.st.q.val() == self.s_wr_beat.val()) || (self.st.q.val() == self.s_drop.val());
        self.c_valid.next = self.st.q.val() == self.s_cpl.val();
        self.c_lower_addr.next = self.lower.q.val();
        self.c_byte_count.next = self.bcount.q.val();
        self.c_dwords.next = self.n.q.val();
        self.c_status.next = self.c_sc.val();
        if self.ur.q.val() {
            self.c_dwords.next = self.c_zero11.val();
            self.c_status.next = self.c_ur.val();
        }
        self.c_req_id.next = self.req_id.q.val();
        self.c_tag.next = self.tag.q.val();
        self.c_tc.next = self.tc.q.val();
        self.c_attr.next = self.attr.q.val();
        self.c_data0.next = self.data0.q.val();
        self.c_data1.next = self.data1.q.val();
        self.exc_request.next = self.exc_req.q.val();
        self.exc_partial.next = self.exc_part.q.val();
        self.ioc_first.next = self.first.q.val();
        self.ioc_last.next = self.left.q.val() == self.c_one11.val();
        self.exc_req.d.next = false;
        self.exc_part.d.next = false;
        self.non_posted.next =
            (self.h_type.val() != self.c_wr.val()) && (self.h_type.val() < self.c_msg.val());
        if self.st.q.val() == self.s_idle.val() {
            if self.h_valid.val() {
                self.off.d.next = self.h_addr.val().get_bits::<17>(0);
                self.n.d.next = self.h_dwords.val();
                self.left.d.next = self.h_dwords.val();
                self.first.d.next = true;
                self.first_be.d.next = self.h_first_be.val();
                self.last_be.d.next = self.h_last_be.val();
                self.req_id.d.next = self.h_req_id.val();
                self.tag.d.next = self.h_tag.val();
                self.tc.d.next = self.h_tc.val();
                self.attr.d.next = self.h_attr.val();
                self.data0.d.next = self.c_zero32.val();
                self.data1.d.next = self.c_zero32.val();
                self.ur.d.next = false;
                self.lower.d.next = self.rd_bytes.lower_addr.val();
                self.bcount.d.next = self.rd_bytes.byte_count.val();
                self.needs_cpl.d.next = self.non_posted.val();
                if self.h_type.val() == self.c_rd.val()
                    && self.h_bar.val() == self.c_bar2.val()
                    && self.h_dwords.val() != self.c_zero11.val()
                    && self.h_dwords.val() <= self.c_two11.val()
                {
                    self.st.d.next = self.s_rd_go.val();
                } else if self.h_type.val() == self.c_wr.val()
                    && self.h_bar.val() == self.c_bar2.val()
                    && self.h_has_data.val()
                {
                    self.st.d.next = self.s_wr_beat.val();
                } else {
                    self.exc_req.d.next = true;
                    self.ur.d.next = true;
                    if self.h_has_data.val() {
                        self.st.d.next = self.s_drop.val();
                    } else if self.non_posted.val() {
                        self.st.d.next = self.s_cpl.val();
                    }
                }
            }
        } else if self.st.q.val() == self.s_rd_go.val() {
            if self.is_tnw.val() {
                self.cdc.bus.read.next = true;
                self.to_tnw.d.next = true;
                self.st.d.next = self.s_rd_wait.val();
            } else if self.is_ioc.val() {
                self.ioc.read.next = true;
                self.to_tnw.d.next = false;
                self.st.d.next = self.s_rd_wait.val();
            } else {
                // no register: reads 0
                self.left.d.next = self.left.q.val() - self.c_one11.val();
                self.first.d.next = false;
                self.off.d.next = self.off.q.val() + self.c_four17.val();
                if self.left.q.val() == self.c_one11.val() {
                    self.st.d.next = self.s_cpl.val();
                }
            }
        } else if self.st.q.val() == self.s_rd_wait.val() {
            if (self.to_tnw.q.val() && self.cdc.bus.ready.val())
                || (!self.to_tnw.q.val() && self.ioc.ready.val())
            {
                self.rword.next = self.cdc.bus.rdata.val();
                if self.to_tnw.q.val() && self.cdc.bus.err.val() {
                    self.rword.next = self.c_zero32.val();
                }
                if !self.to_tnw.q.val() {
                    self.rword.next = self.ioc.rdata.val();
                    if self.ioc.err.val() {
                        self.rword.next = self.c_zero32.val();
                    }
                }
                if self.first.q.val() {
                    self.data0.d.next = self.rword.val();
                } else {
                    self.data1.d.next = self.rword.val();
                }
                self.left.d.next = self.left.q.val() - self.c_one11.val();
                self.first.d.next = false;
                self.off.d.next = self.off.q.val() + self.c_four17.val();
                self.st.d.next = self.s_rd_go.val();
                if self.left.q.val() == self.c_one11.val() {
                    self.st.d.next = self.s_cpl.val();
                }
            }
        } else if self.st.q.val() == self.s_wr_beat.val() {
            if self.p_valid.val() {
                self.beat.d.next = self.p_data.val();
                self.keep.d.next = self.p_keep.val();
                self.beat_last.d.next = self.p_last.val();
                self.lane.d.next = self.c_lane[0].val();
                self.st.d.next = self.s_wr_lane.val();
            }
        } else if self.st.q.val() == self.s_wr_lane.val() {
            // a lane without a Dword, or Dwords past the request's: the beat is done
            if !self.lane_on.val() || self.left.q.val() == self.c_zero11.val() {
                self.st.d.next = self.s_wr_beat.val();
                if self.beat_last.q.val() {
                    self.st.d.next = self.s_idle.val();
                }
            } else if self.be.val() == self.c_be_all.val()
                && (self.is_tnw.val() || self.is_ioc.val())
            {
                self.cdc.bus.write.next = self.is_tnw.val();
                self.ioc.write.next = self.is_ioc.val();
                self.to_tnw.d.next = self.is_tnw.val();
                self.st.d.next = self.s_wr_wait.val();
            } else {
                // not written: no register, partial enables (flagged), or none
                if (self.be.val() != self.c_be_all.val()) && (self.be.val() != self.c_be_none.val())
                {
                    self.exc_part.d.next = true;
                }
                self.left.d.next = self.left.q.val() - self.c_one11.val();
                self.first.d.next = false;
                self.off.d.next = self.off.q.val() + self.c_four17.val();
                self.lane.d.next = self.lane.q.val() + self.c_one2.val();
                if self.lane.q.val() == self.c_three2.val() {
                    self.st.d.next = self.s_wr_beat.val();
                    if self.beat_last.q.val() {
                        self.st.d.next = self.s_idle.val();
                    }
                }
            }
        } else if self.st.q.val() == self.s_wr_wait.val() {
            if (self.to_tnw.q.val() && self.cdc.bus.ready.val())
                || (!self.to_tnw.q.val() && self.ioc.ready.val())
            {
                self.left.d.next = self.left.q.val() - self.c_one11.val();
                self.first.d.next = false;
                self.off.d.next = self.off.q.val() + self.c_four17.val();
                self.lane.d.next = self.lane.q.val() + self.c_one2.val();
                self.st.d.next = self.s_wr_lane.val();
                if self.lane.q.val() == self.c_three2.val() {
                    self.st.d.next = self.s_wr_beat.val();
                    if self.beat_last.q.val() {
                        self.st.d.next = self.s_idle.val();
                    }
                }
            }
        } else if self.st.q.val() == self.s_drop.val() {
            if self.p_valid.val() && self.p_last.val() {
                self.st.d.next = self.s_idle.val();
                if self.needs_cpl.q.val() {
                    self.st.d.next = self.s_cpl.val();
                }
            }
        } else if self.st.q.val() == self.s_cpl.val() {
            if self.c_ready.val() {
                self.st.d.next = self.s_idle.val();
            }
        } else {
            self.st.d.next = self.s_idle.val();
        }
        if self.reset.val() {
            self.st.d.next = self.s_idle.val();
        }
    }
}

//! RXBUFF, the credit half of the receive buffer behind one link (thesis §2.4.4, App. A.1):
//! per VC a credit FIFO (16 credits, FTNW-H163) with its head credit in registers, the credit
//! base (CRDBAR) and notify base (NTFBAR) registers, and the delivery FSM that writes each packet
//! RXLINK hands over into host memory and notifies the end of every credit. RXLINK holds the
//! other half (PCKBUFFER with its free pool, DESCRFIFOs, and the match: it offers a packet of a
//! VC only while `vc_ready` says a credit is there), so a VC without credit never blocks another.
//!
//! A packet of VC v with remote-address offset RAO, matched with v's head credit
//! `{NID, SIZE, C_D}`, is one 32-beat write at `CRDBAR[v] + (C_D + RAO) x 128` (FTNW-H017,
//! ambiguity A4). After SIZE packets the credit is used up: one 1-beat write of `POLLMAGIC` at
//! `NTFBAR[v] | (NID << 2)` follows the message's last data write on the same port, so it
//! cannot overtake it (FTNW-H018), and the next credit of v moves up.
//!
//! Bad input (RX_EXC events, one cycle each): a credit of size 0 (`ev_crd_size0`) or into a full
//! FIFO (`ev_crd_overrun`) is dropped; a base written while its VC is in use (a credit held or a
//! packet of it under way) is refused (`ev_cba_busy`, `ev_nba_busy`); an address that carries
//! into bit 32 or a CRDBAR not aligned to 128 bytes (`ev_rcba_carry`; CRDBAR still at its reset
//! value is both) drops the packet, which
//! still counts against the credit, and the message's notification carries `POLLMAGIC_ERR`; an
//! NTFBAR with bits 5:0 set (`ev_rnba_lsb`) writes no notification; a RAO not below SIZE
//! (`ev_rao_range`, A29) is reported and the packet written. The packet stream is checked
//! (`ev_poc_first`: `first` missing or inside a packet; `ev_poc_done`: `last` not on beat 32,
//! or a write response with `err` or none outstanding); the writes keep their 32-beat framing.
//!
//! An RXLINK reset (`abort`) in the middle of a packet ends its write with zero beats (PAD) so
//! the host port's framing holds; the packet counts as lost (POLLMAGIC_ERR).
//!
//! RX_CTRL (ambiguity A7, levels): `hold` lets no packet start; `flush` (CRD_RESET) empties the
//! credit FIFOs, drops every head credit not in use, ignores credit writes, and drops the head
//! credit of a packet under way when that packet ends, without notification.
//!
//! Throughput: 34 cycles per packet with an always-ready host port (one to compute the
//! address, one for the request, 32 data beats), plus 2 per notification. RXLINK announces its
//! next packet a cycle before offering it (`pkt_next`, its `meta` already valid), and the
//! address cycle happens then: RXLINK's idle cycle between packets and RXBUFF's address cycle
//! overlap, so a stream of packets takes 34 cycles each, one less than the two in turn.

use crate::common::dma::DmaWrMaster;
use crate::common::packet::PacketSink;
use crate::common::prim::{k, Concat};
use crate::common::ram::BlockRam;
use crate::common::regbank::RegBusSlave;
use crate::common::regfile::TnwRxbuffRegs;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ftnw::link as tnw;
use nicgen_wire::ftnw::rxbuff as rxb;
use rust_hdl::prelude::*;

const S_IDLE: u64 = 0;
const S_REQ: u64 = 1;
const S_DATA: u64 = 2;
const S_DROP: u64 = 3;
const S_NTF: u64 = 4;
const S_NTFD: u64 = 5;
const S_PAD: u64 = 6;

/// The RXBUFF side of the link <-> RXBUFF control and status (RX_CTRL in, RX_FIFO_STATUS and
/// RX_EXC events out); `tnw_link` carries the other side.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "RxBuffStatus"]
pub struct RxBuffCtl {
    pub hold: Signal<In, Bit>,
    pub flush: Signal<In, Bit>,
    /// RXLINK is being reset: the packet under way will not come whole.
    pub abort: Signal<In, Bit>,
    /// RXLINK's next packet is offered from the next cycle; its `{rao, vc}` is on the packet
    /// stream's `meta` now (RXLINK's `out_next`).
    pub pkt_next: Signal<In, Bit>,
    pub crd_not_empty: Signal<Out, Bits<8>>,
    pub crd_full: Signal<Out, Bits<8>>,
    pub ev_crd_overrun: Signal<Out, Bit>,
    pub ev_crd_size0: Signal<Out, Bit>,
    pub ev_cba_busy: Signal<Out, Bit>,
    pub ev_nba_busy: Signal<Out, Bit>,
    pub ev_poc_done: Signal<Out, Bit>,
    pub ev_poc_first: Signal<Out, Bit>,
    pub ev_rcba_carry: Signal<Out, Bit>,
    pub ev_rnba_lsb: Signal<Out, Bit>,
    pub ev_rao_range: Signal<Out, Bit>,
}

/// The link side of `RxBuffCtl`.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "RxBuffCtl"]
pub struct RxBuffStatus {
    /// RX_CTRL.CRD_HOLD, to RXBUFF
    pub hold: Signal<Out, Bit>,
    /// RX_CTRL.CRD_RESET, to RXBUFF
    pub flush: Signal<Out, Bit>,
    /// RXLINK is in reset (a delivery under way on `rx` ends), to RXBUFF
    pub abort: Signal<Out, Bit>,
    /// A packet is offered on `rx` from the next cycle, its `{rao, vc}` on `rx_meta` now, to RXBUFF
    pub pkt_next: Signal<Out, Bit>,
    /// RXBUFF's credit FIFO status for RX_FIFO_STATUS (bit per VC)
    pub crd_not_empty: Signal<In, Bits<8>>,
    /// RXBUFF's credit FIFO status for RX_FIFO_STATUS (bit per VC)
    pub crd_full: Signal<In, Bits<8>>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.CRD_OVERRUN
    pub ev_crd_overrun: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.CRD_SIZE0
    pub ev_crd_size0: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.CBA_BUSY
    pub ev_cba_busy: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.NBA_BUSY
    pub ev_nba_busy: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.POC_DONE
    pub ev_poc_done: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.POC_FIRST
    pub ev_poc_first: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.RCBA_CARRY
    pub ev_rcba_carry: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.RNBA_LSB
    pub ev_rnba_lsb: Signal<In, Bit>,
    /// RXBUFF's exception event (one cycle): sets RX_EXC.RAO_RANGE
    pub ev_rao_range: Signal<In, Bit>,
}

#[derive(LogicBlock, BlockDefault)]
pub struct RxBuff {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Packets from RXLINK: 32 beats, `meta` = {RAO, VC}.
    pub pkt: PacketSink<32, 4, 14>,
    /// Bit v: a packet of VC v may be offered (a credit with room for it, not held). RXLINK
    /// obeys a cleared bit from the next cycle on, so a credit reset (`flush`) clears it a
    /// cycle before it drops the head credits.
    pub vc_ready: Signal<Out, Bits<8>>,
    pub ctl: RxBuffCtl,
    /// The NTFBAR / CRDFIFO / CRDBAR registers (`nicgen_wire::ftnw::rxbuff`).
    pub bus: RegBusSlave<{ tnw::TNW_WINDOW_BITS as usize }>,
    /// Host memory: packet data and notifications.
    pub host: DmaWrMaster<32>,
    regs: TnwRxbuffRegs,
    crd: BlockRam<Bits<32>, 7>,
    cat_lo: Concat<16, 12, 28>,
    cat_hi: Concat<28, 4, 32>,
    crd_wa: Concat<4, 3, 7>,
    crd_ra: Concat<4, 3, 7>,
    w_addr: Widen<32, 64>,
    sel: CreditSel,
    addr: CreditAddr,
    /// `keep` is all ones on RXLINK's packets.
    sink_keep: Unused<Bits<4>>,
    // per VC
    wp: [DFF<Bits<5>>; 8],
    rp: [DFF<Bits<5>>; 8],
    hc: [DFF<Bits<32>>; 8],
    hcv: [DFF<Bit>; 8],
    used: [DFF<Bits<12>>; 8],
    lost: [DFF<Bit>; 8],
    ntf: [DFF<Bits<32>>; 8],
    cba: [DFF<Bits<32>>; 8],
    // head-credit refill
    rf_busy: DFF<Bit>,
    rf_vc: DFF<Bits<3>>,
    // delivery
    st: DFF<Bits<3>>,
    vc_r: DFF<Bits<3>>,
    last_r: DFF<Bit>,
    rao_r: DFF<Bits<11>>,
    cd_r: DFF<Bits<16>>,
    nid_r: DFF<Bits<4>>,
    cba_r: DFF<Bits<32>>,
    bcnt: DFF<Bits<5>>,
    outst: DFF<Bits<6>>,
    /// RXLINK was reset while the packet's request waited: pad it.
    pad_r: DFF<Bit>,
    /// The data beat offered to host memory and not taken in the last DATA cycle.
    held_v: DFF<Bit>,
    held_d: DFF<Bits<32>>,
    /// RX_CTRL's `flush` a cycle late: `vc_ready` drops with the level itself, so RXLINK, whose
    /// pick trusts last cycle's `vc_ready`, does not offer a packet whose head credit the flush
    /// has dropped already.
    flush_r: DFF<Bit>,
    // locals
    ntf_wr: [Signal<Local, Bit>; 8],
    cba_wr: [Signal<Local, Bit>; 8],
    crd_wr: [Signal<Local, Bit>; 8],
    ntf_wdata: Signal<Local, Bits<32>>,
    cba_wdata: Signal<Local, Bits<32>>,
    crd_cd: Signal<Local, Bits<16>>,
    crd_size: Signal<Local, Bits<12>>,
    crd_nid: Signal<Local, Bits<4>>,
    in_use: [Signal<Local, Bit>; 8],
    vc_in: Signal<Local, Bits<3>>,
    req_addr: Signal<Local, Bits<32>>,
    beat: Signal<Local, Bit>,
    done: Signal<Local, Bit>,
    pop: Signal<Local, Bit>,
    rf_go: Signal<Local, Bit>,
    rf_pick: Signal<Local, Bits<3>>,
    issued: Signal<Local, Bit>,
    crd_ready: Signal<Local, Bits<8>>,
    #[init([
        k(S_IDLE),
        k(S_REQ),
        k(S_DATA),
        k(S_DROP),
        k(S_NTF),
        k(S_NTFD),
        k(S_PAD),
    ])]
    c_s: [Constant<Bits<3>>; 7],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_vc: [Constant<Bits<3>>; 8],
    #[init(std::array::from_fn(|i| k(1 << i)))]
    c_vc_bit: [Constant<Bits<8>>; 8],
    #[init(k(0))]
    c_zero8: Constant<Bits<8>>,
    #[init(k(1))]
    c_one5: Constant<Bits<5>>,
    #[init(k(0))]
    c_zero5: Constant<Bits<5>>,
    #[init(k(tnw::PAYLOAD_WORDS as u64 - 1))]
    c_last5: Constant<Bits<5>>,
    #[init(k(rxb::CREDIT_FIFO_DEPTH as u64))]
    c_depth: Constant<Bits<5>>,
    #[init(k(1))]
    c_one12: Constant<Bits<12>>,
    #[init(k(0))]
    c_zero12: Constant<Bits<12>>,
    #[init(k(1))]
    c_one6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(0xFFFF_FFFF))]
    c_ones32: Constant<Bits<32>>,
    #[init(k(rxb::POLLMAGIC as u64))]
    c_magic: Constant<Bits<32>>,
    #[init(k(rxb::POLLMAGIC_ERR as u64))]
    c_magic_err: Constant<Bits<32>>,
    #[init(k(tnw::PAYLOAD_WORDS as u64))]
    c_beats_pkt: Constant<Bits<13>>,
    #[init(k(1))]
    c_beats_one: Constant<Bits<13>>,
}

impl Logic for RxBuff {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, rf_busy, rf_vc, st, vc_r, last_r, rao_r, cd_r, nid_r, cba_r, bcnt, outst,
            pad_r, held_v, held_d, flush_r
        );
        self.flush_r.d.next = self.ctl.flush.val();
        for v in 0..8 {
            self.wp[v].clock.next = self.clock.val();
            self.wp[v].d.next = self.wp[v].q.val();
            self.rp[v].clock.next = self.clock.val();
            self.rp[v].d.next = self.rp[v].q.val();
            self.hc[v].clock.next = self.clock.val();
            self.hc[v].d.next = self.hc[v].q.val();
            self.hcv[v].clock.next = self.clock.val();
            self.hcv[v].d.next = self.hcv[v].q.val();
            self.used[v].clock.next = self.clock.val();
            self.used[v].d.next = self.used[v].q.val();
            self.lost[v].clock.next = self.clock.val();
            self.lost[v].d.next = self.lost[v].q.val();
            self.ntf[v].clock.next = self.clock.val();
            self.ntf[v].d.next = self.ntf[v].q.val();
            self.cba[v].clock.next = self.clock.val();
            self.cba[v].d.next = self.cba[v].q.val();
        }
        self.regs.clock.next = self.clock.val();
        self.regs.reset.next = self.reset.val();
        self.regs.bus.addr.next = self.bus.addr.val();
        self.regs.bus.wdata.next = self.bus.wdata.val();
        self.regs.bus.write.next = self.bus.write.val();
        self.regs.bus.read.next = self.bus.read.val();
        self.bus.rdata.next = self.regs.bus.rdata.val();
        self.bus.ready.next = self.regs.bus.ready.val();
        self.bus.err.next = self.regs.bus.err.val();
        self.ntf_wr[0].next = self.regs.ntfbar0_wrote.val();
        self.cba_wr[0].next = self.regs.crdbar0_wrote.val();
        self.crd_wr[0].next = self.regs.crdfifo0_wrote.val();
        self.regs.ntfbar0_base.next = self.ntf[0].q.val();
        self.regs.crdbar0_base.next = self.cba[0].q.val();
        self.ntf_wr[1].next = self.regs.ntfbar1_wrote.val();
        self.cba_wr[1].next = self.regs.crdbar1_wrote.val();
        self.crd_wr[1].next = self.regs.crdfifo1_wrote.val();
        self.regs.ntfbar1_base.next = self.ntf[1].q.val();
        self.regs.crdbar1_base.next = self.cba[1].q.val();
        self.ntf_wr[2].next = self.regs.ntfbar2_wrote.val();
        self.cba_wr[2].next = self.regs.crdbar2_wrote.val();
        self.crd_wr[2].next = self.regs.crdfifo2_wrote.val();
        self.regs.ntfbar2_base.next = self.ntf[2].q.val();
        self.regs.crdbar2_base.next = self.cba[2].q.val();
        self.ntf_wr[3].next = self.regs.ntfbar3_wrote.val();
        self.cba_wr[3].next = self.regs.crdbar3_wrote.val();
        self.crd_wr[3].next = self.regs.crdfifo3_wrote.val();
        self.regs.ntfbar3_base.next = self.ntf[3].q.val();
        self.regs.crdbar3_base.next = self.cba[3].q.val();
        self.ntf_wr[4].next = self.regs.ntfbar4_wrote.val();
        self.cba_wr[4].next = self.regs.crdbar4_wrote.val();
        self.crd_wr[4].next = self.regs.crdfifo4_wrote.val();
        self.regs.ntfbar4_base.next = self.ntf[4].q.val();
        self.regs.crdbar4_base.next = self.cba[4].q.val();
        self.ntf_wr[5].next = self.regs.ntfbar5_wrote.val();
        self.cba_wr[5].next = self.regs.crdbar5_wrote.val();
        self.crd_wr[5].next = self.regs.crdfifo5_wrote.val();
        self.regs.ntfbar5_base.next = self.ntf[5].q.val();
        self.regs.crdbar5_base.next = self.cba[5].q.val();
        self.ntf_wr[6].next = self.regs.ntfbar6_wrote.val();
        self.cba_wr[6].next = self.regs.crdbar6_wrote.val();
        self.crd_wr[6].next = self.regs.crdfifo6_wrote.val();
        self.regs.ntfbar6_base.next = self.ntf[6].q.val();
        self.regs.crdbar6_base.next = self.cba[6].q.val();
        self.ntf_wr[7].next = self.regs.ntfbar7_wrote.val();
        self.cba_wr[7].next = self.regs.crdbar7_wrote.val();
        self.crd_wr[7].next = self.regs.crdfifo7_wrote.val();
        self.regs.ntfbar7_base.next = self.ntf[7].q.val();
        self.regs.crdbar7_base.next = self.cba[7].q.val();
        // one register write at a time: the written values of the 8 VCs, OR-ed
        self.ntf_wdata.next = self.regs.ntfbar0_base_wr.val()
            | self.regs.ntfbar1_base_wr.val()
            | self.regs.ntfbar2_base_wr.val()
            | self.regs.ntfbar3_base_wr.val()
            | self.regs.ntfbar4_base_wr.val()
            | self.regs.ntfbar5_base_wr.val()
            | self.regs.ntfbar6_base_wr.val()
            | self.regs.ntfbar7_base_wr.val();
        self.cba_wdata.next = self.regs.crdbar0_base_wr.val()
            | self.regs.crdbar1_base_wr.val()
            | self.regs.crdbar2_base_wr.val()
            | self.regs.crdbar3_base_wr.val()
            | self.regs.crdbar4_base_wr.val()
            | self.regs.crdbar5_base_wr.val()
            | self.regs.crdbar6_base_wr.val()
            | self.regs.crdbar7_base_wr.val();
        self.crd_cd.next = self.regs.crdfifo0_c_d.val()
            | self.regs.crdfifo1_c_d.val()
            | self.regs.crdfifo2_c_d.val()
            | self.regs.crdfifo3_c_d.val()
            | self.regs.crdfifo4_c_d.val()
            | self.regs.crdfifo5_c_d.val()
            | self.regs.crdfifo6_c_d.val()
            | self.regs.crdfifo7_c_d.val();
        self.crd_size.next = self.regs.crdfifo0_size.val()
            | self.regs.crdfifo1_size.val()
            | self.regs.crdfifo2_size.val()
            | self.regs.crdfifo3_size.val()
            | self.regs.crdfifo4_size.val()
            | self.regs.crdfifo5_size.val()
            | self.regs.crdfifo6_size.val()
            | self.regs.crdfifo7_size.val();
        self.crd_nid.next = self.regs.crdfifo0_nid.val()
            | self.regs.crdfifo1_nid.val()
            | self.regs.crdfifo2_nid.val()
            | self.regs.crdfifo3_nid.val()
            | self.regs.crdfifo4_nid.val()
            | self.regs.crdfifo5_nid.val()
            | self.regs.crdfifo6_nid.val()
            | self.regs.crdfifo7_nid.val();
        self.cat_lo.lo.next = self.crd_cd.val();
        self.cat_lo.hi.next = self.crd_size.val();
        self.cat_hi.hi.next = self.crd_nid.val();
        self.cat_hi.lo.next = self.cat_lo.y.val();

        // ---- the VC the delivery works on (the offered packet's in IDLE, else the latched),
        // its head credit and bases, and the addresses, in `CreditSel` ----
        self.vc_in.next = self.pkt.meta.val().get_bits::<3>(0);
        self.sel.vc.next = self.vc_r.q.val();
        if self.st.q.val() == self.c_s[0].val() {
            self.sel.vc.next = self.pkt.meta.val().get_bits::<3>(0);
        }
        self.sel.rao.next = self.pkt.meta.val().get_bits::<11>(3);
        // the addresses, from registers (the data address) and the latched VC's NTFBAR
        self.addr.rao.next = self.rao_r.q.val();
        self.addr.cd.next = self.cd_r.q.val();
        self.addr.nid.next = self.nid_r.q.val();
        self.addr.cba.next = self.cba_r.q.val();
        self.addr.ntf.next = self.sel.ntf_sel.val();
        for v in 0..8 {
            self.sel.hc[v].next = self.hc[v].q.val();
            self.sel.hcv[v].next = self.hcv[v].q.val();
            self.sel.used[v].next = self.used[v].q.val();
            self.sel.lost[v].next = self.lost[v].q.val();
            self.sel.ntf[v].next = self.ntf[v].q.val();
            self.sel.cba[v].next = self.cba[v].q.val();
        }

        // ---- delivery FSM ----
        self.ctl.ev_poc_done.next = false;
        self.ctl.ev_poc_first.next = false;
        self.ctl.ev_rcba_carry.next = false;
        self.ctl.ev_rnba_lsb.next = false;
        self.ctl.ev_rao_range.next = false;
        self.pkt.ready.next = false;
        self.host.wr_req_valid.next = false;
        self.host.wr_req_beats.next = self.c_beats_pkt.val();
        self.req_addr.next = self.addr.data_addr.val();
        self.host.wr_dat_valid.next = false;
        self.host.wr_dat_data.next = self.pkt.data.val();
        self.host.wr_dat_last.next = self.bcnt.q.val() == self.c_last5.val();
        self.host.wr_rsp_ready.next = true;
        self.beat.next = false;
        self.done.next = false;
        self.pop.next = false;
        self.issued.next = false;
        if self.st.q.val() == self.c_s[0].val() {
            // the offered or announced packet's VC, RAO, head credit and base, latched in every
            // IDLE cycle (used from REQ on, for its address), so only the state waits on the
            // decision below
            self.vc_r.d.next = self.vc_in.val();
            self.last_r.d.next = self.sel.is_last.val();
            self.rao_r.d.next = self.pkt.meta.val().get_bits::<11>(3);
            self.cd_r.d.next = self.sel.cd_sel.val();
            self.nid_r.d.next = self.sel.nid_sel.val();
            self.cba_r.d.next = self.sel.cba_sel.val();
            self.bcnt.d.next = self.c_zero5.val();
            if self.pkt.valid.val() && !self.pkt.first.val() {
                // a beat outside any packet: dropped
                self.ctl.ev_poc_first.next = true;
                self.pkt.ready.next = true;
            } else if (self.pkt.valid.val() || (self.ctl.pkt_next.val() && !self.ctl.abort.val()))
                && self.sel.hcv_sel.val()
                && !self.ctl.hold.val()
            {
                // the packet starts (its `meta` is offered now or, with `pkt_next`, from the
                // next cycle on): its address in REQ
                if self.sel.rao_ge.val() {
                    self.ctl.ev_rao_range.next = true;
                }
                self.st.d.next = self.c_s[1].val();
            }
        } else if self.st.q.val() == self.c_s[1].val() && self.addr.carry.val() {
            // the address would carry past 4 GB or CRDBAR is misaligned: not written
            self.ctl.ev_rcba_carry.next = true;
            self.st.d.next = self.c_s[3].val();
        } else if self.st.q.val() == self.c_s[1].val() {
            self.host.wr_req_valid.next = true;
            if self.host.wr_req_ready.val() {
                self.issued.next = true;
                self.pad_r.d.next = false;
                self.st.d.next = self.c_s[2].val();
                if self.pad_r.q.val() || self.ctl.abort.val() {
                    self.st.d.next = self.c_s[6].val();
                }
            }
        } else if (self.st.q.val() == self.c_s[2].val()) || (self.st.q.val() == self.c_s[3].val()) {
            // DATA passes the beats to host memory, DROP consumes them
            if self.st.q.val() == self.c_s[2].val() {
                self.host.wr_dat_valid.next = self.pkt.valid.val();
                self.pkt.ready.next = self.host.wr_dat_ready.val();
                self.held_v.d.next = self.pkt.valid.val() && !self.host.wr_dat_ready.val();
                self.held_d.d.next = self.pkt.data.val();
            } else {
                self.pkt.ready.next = true;
            }
            self.beat.next = self.pkt.valid.val() && self.pkt.ready.val();
            if self.beat.val() {
                self.bcnt.d.next = self.bcnt.q.val() + self.c_one5.val();
                if self.pkt.first.val() && (self.bcnt.q.val() != self.c_zero5.val()) {
                    self.ctl.ev_poc_first.next = true;
                }
                if self.pkt.last.val() != (self.bcnt.q.val() == self.c_last5.val()) {
                    self.ctl.ev_poc_done.next = true;
                }
                if self.bcnt.q.val() == self.c_last5.val() {
                    self.done.next = true;
                    if self.last_r.q.val() {
                        self.st.d.next = self.c_s[4].val();
                    } else {
                        self.st.d.next = self.c_s[0].val();
                    }
                }
            }
        } else if self.st.q.val() == self.c_s[6].val() {
            // PAD: the rest of an aborted packet's write: the beat offered and not yet taken
            // when RXLINK was reset (held: a VALID payload stays until READY), then zeros
            self.host.wr_dat_valid.next = true;
            self.host.wr_dat_data.next = self.c_zero32.val();
            if self.held_v.q.val() {
                self.host.wr_dat_data.next = self.held_d.q.val();
            }
            if self.host.wr_dat_ready.val() {
                self.held_v.d.next = false;
                self.bcnt.d.next = self.bcnt.q.val() + self.c_one5.val();
                if self.bcnt.q.val() == self.c_last5.val() {
                    self.done.next = true;
                    self.st.d.next = self.c_s[0].val();
                    if self.last_r.q.val() {
                        self.st.d.next = self.c_s[4].val();
                    }
                }
            }
        } else if self.st.q.val() == self.c_s[4].val() {
            self.req_addr.next = self.addr.ntf_addr.val();
            self.host.wr_req_beats.next = self.c_beats_one.val();
            if self.addr.ntf_bad.val() {
                self.ctl.ev_rnba_lsb.next = true;
                self.pop.next = true;
                self.st.d.next = self.c_s[0].val();
            } else {
                self.host.wr_req_valid.next = true;
                if self.host.wr_req_ready.val() {
                    self.issued.next = true;
                    self.st.d.next = self.c_s[5].val();
                }
            }
        } else {
            // NTFD: the notification's one beat
            self.host.wr_dat_valid.next = true;
            self.host.wr_dat_last.next = true;
            self.host.wr_dat_data.next = self.c_magic.val();
            if self.sel.lost_sel.val() {
                self.host.wr_dat_data.next = self.c_magic_err.val();
            }
            if self.host.wr_dat_ready.val() {
                self.pop.next = true;
                self.st.d.next = self.c_s[0].val();
            }
        }
        // RXLINK reset: a packet under way ends here (its write padded, DROP just ends)
        if self.ctl.abort.val() && (self.st.q.val() == self.c_s[1].val()) {
            self.pad_r.d.next = true;
        }
        if self.ctl.abort.val() && !self.done.val() {
            if self.st.q.val() == self.c_s[2].val() {
                self.st.d.next = self.c_s[6].val();
            }
            if self.st.q.val() == self.c_s[3].val() {
                self.done.next = true;
                self.st.d.next = self.c_s[0].val();
                if self.last_r.q.val() {
                    self.st.d.next = self.c_s[4].val();
                }
            }
        }
        self.w_addr.x.next = self.req_addr.val();
        self.sink_keep.x.next = self.pkt.keep.val();
        self.host.wr_req_addr.next = self.w_addr.y.val();

        // write responses: one per request
        if self.host.wr_rsp_valid.val() {
            if self.host.wr_rsp_err.val() || (self.outst.q.val() == self.c_zero6.val()) {
                self.ctl.ev_poc_done.next = true;
            }
        }
        if self.issued.val()
            && !(self.host.wr_rsp_valid.val() && (self.outst.q.val() != self.c_zero6.val()))
        {
            self.outst.d.next = self.outst.q.val() + self.c_one6.val();
        }
        if !self.issued.val()
            && self.host.wr_rsp_valid.val()
            && (self.outst.q.val() != self.c_zero6.val())
        {
            self.outst.d.next = self.outst.q.val() - self.c_one6.val();
        }

        // ---- per VC: packet accounting, credits, bases ----
        self.ctl.ev_crd_overrun.next = false;
        self.ctl.ev_crd_size0.next = false;
        self.ctl.ev_cba_busy.next = false;
        self.ctl.ev_nba_busy.next = false;
        self.crd.write_clock.next = self.clock.val();
        self.crd.read_clock.next = self.clock.val();
        self.crd.write_enable.next = false;
        self.crd.write_data.next = self.cat_hi.y.val();
        self.crd_wa.lo.next = self.wp[0].q.val().get_bits::<4>(0);
        self.crd_wa.hi.next = self.c_vc[0].val();
        self.crd_ready.next = self.c_zero8.val();
        self.ctl.crd_not_empty.next = self.c_zero8.val();
        self.ctl.crd_full.next = self.c_zero8.val();
        // the refill: the lowest VC without a head credit and with one queued
        self.rf_go.next = false;
        self.rf_pick.next = self.c_vc[0].val();
        for v in 0..8 {
            if !self.hcv[v].q.val()
                && (self.wp[v].q.val() != self.rp[v].q.val())
                && !self.rf_busy.q.val()
                && !self.flush_r.q.val()
                && !self.rf_go.val()
            {
                self.rf_go.next = true;
                self.rf_pick.next = self.c_vc[v].val();
            }
        }
        self.crd_ra.lo.next = self.rp[0].q.val().get_bits::<4>(0);
        self.crd_ra.hi.next = self.rf_pick.val();
        self.rf_busy.d.next = self.rf_go.val();
        self.rf_vc.d.next = self.rf_pick.val();
        for v in 0..8 {
            self.in_use[v].next = self.hcv[v].q.val()
                || (self.wp[v].q.val() != self.rp[v].q.val())
                || (self.rf_busy.q.val() && (self.rf_vc.q.val() == self.c_vc[v].val()))
                || ((self.st.q.val() != self.c_s[0].val())
                    && (self.vc_r.q.val() == self.c_vc[v].val()));
            if self.rf_pick.val() == self.c_vc[v].val() {
                self.crd_ra.lo.next = self.rp[v].q.val().get_bits::<4>(0);
                if self.rf_go.val() {
                    self.rp[v].d.next = self.rp[v].q.val() + self.c_one5.val();
                }
            }
            if self.rf_busy.q.val()
                && (self.rf_vc.q.val() == self.c_vc[v].val())
                && !self.flush_r.q.val()
            {
                self.hc[v].d.next = self.crd.read_data.val();
                self.hcv[v].d.next = true;
                self.used[v].d.next = self.c_zero12.val();
                self.lost[v].d.next = false;
            }
            // a packet ends: one more of the head credit used; a notification ends the credit
            if self.vc_r.q.val() == self.c_vc[v].val() {
                if self.done.val() {
                    self.used[v].d.next = self.used[v].q.val() + self.c_one12.val();
                    if (self.st.q.val() == self.c_s[3].val())
                        || (self.st.q.val() == self.c_s[6].val())
                    {
                        self.lost[v].d.next = true;
                    }
                    if self.flush_r.q.val() && !self.last_r.q.val() {
                        self.hcv[v].d.next = false;
                    }
                }
                if self.pop.val() {
                    self.hcv[v].d.next = false;
                }
            }
            // CRD_RESET: queued credits and head credits not in use go
            if self.flush_r.q.val() {
                self.rp[v].d.next = self.wp[v].q.val();
                if (self.st.q.val() == self.c_s[0].val())
                    || (self.vc_r.q.val() != self.c_vc[v].val())
                {
                    self.hcv[v].d.next = false;
                }
            }
            // a credit written
            if self.crd_wr[v].val() && !self.ctl.flush.val() {
                if self.crd_size.val() == self.c_zero12.val() {
                    self.ctl.ev_crd_size0.next = true;
                } else if (self.wp[v].q.val() - self.rp[v].q.val()) == self.c_depth.val() {
                    self.ctl.ev_crd_overrun.next = true;
                } else {
                    self.crd.write_enable.next = true;
                    self.crd_wa.lo.next = self.wp[v].q.val().get_bits::<4>(0);
                    self.crd_wa.hi.next = self.c_vc[v].val();
                    self.wp[v].d.next = self.wp[v].q.val() + self.c_one5.val();
                }
            }
            // base registers: refused while the VC is in use
            if self.ntf_wr[v].val() {
                if self.in_use[v].val() {
                    self.ctl.ev_nba_busy.next = true;
                } else {
                    self.ntf[v].d.next = self.ntf_wdata.val();
                }
            }
            if self.cba_wr[v].val() {
                if self.in_use[v].val() {
                    self.ctl.ev_cba_busy.next = true;
                } else {
                    self.cba[v].d.next = self.cba_wdata.val();
                }
            }
            // status and the offer to RXLINK
            if self.hcv[v].q.val() || (self.wp[v].q.val() != self.rp[v].q.val()) {
                self.ctl.crd_not_empty.next = self.ctl.crd_not_empty.val() | self.c_vc_bit[v].val();
            }
            if (self.wp[v].q.val() - self.rp[v].q.val()) == self.c_depth.val() {
                self.ctl.crd_full.next = self.ctl.crd_full.val() | self.c_vc_bit[v].val();
            }
            if self.hcv[v].q.val()
                && !((self.st.q.val() != self.c_s[0].val())
                    && (self.vc_r.q.val() == self.c_vc[v].val())
                    && self.last_r.q.val())
            {
                self.crd_ready.next = self.crd_ready.val() | self.c_vc_bit[v].val();
            }
        }
        self.crd.write_address.next = self.crd_wa.y.val();
        self.crd.read_address.next = self.crd_ra.y.val();
        self.vc_ready.next = self.crd_ready.val();
        if self.ctl.hold.val() || self.ctl.flush.val() || self.flush_r.q.val() {
            self.vc_ready.next = self.c_zero8.val();
        }

        if self.reset.val() {
            self.st.d.next = self.c_s[0].val();
            self.rf_busy.d.next = false;
            self.outst.d.next = self.c_zero6.val();
            self.pad_r.d.next = false;
            self.held_v.d.next = false;
            for v in 0..8 {
                self.wp[v].d.next = self.c_zero5.val();
                self.rp[v].d.next = self.c_zero5.val();
                self.hcv[v].d.next = false;
                self.ntf[v].d.next = self.c_ones32.val();
                self.cba[v].d.next = self.c_ones32.val();
            }
        }
    }
}

/// The delivery's VC selected (`vc`) among the 8: its head credit, bases and state, whether
/// the next packet (RAO `rao`) uses the credit up (`is_last`) and whether its RAO is not below
/// the credit's SIZE (`rao_ge`). Its own block so the FSM that reads these and the statements
/// that feed them stay apart (Verilator orders them; no UNOPTFLAT).
#[derive(LogicBlock, BlockDefault)]
pub struct CreditSel {
    pub vc: Signal<In, Bits<3>>,
    pub rao: Signal<In, Bits<11>>,
    pub hc: [Signal<In, Bits<32>>; 8],
    pub hcv: [Signal<In, Bit>; 8],
    pub used: [Signal<In, Bits<12>>; 8],
    pub lost: [Signal<In, Bit>; 8],
    pub ntf: [Signal<In, Bits<32>>; 8],
    pub cba: [Signal<In, Bits<32>>; 8],
    pub cd_sel: Signal<Out, Bits<16>>,
    pub nid_sel: Signal<Out, Bits<4>>,
    pub hcv_sel: Signal<Out, Bit>,
    pub lost_sel: Signal<Out, Bit>,
    pub ntf_sel: Signal<Out, Bits<32>>,
    pub cba_sel: Signal<Out, Bits<32>>,
    pub is_last: Signal<Out, Bit>,
    pub rao_ge: Signal<Out, Bit>,
    used_sel: Signal<Local, Bits<12>>,
    hc_sel: Signal<Local, Bits<32>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_vc: [Constant<Bits<3>>; 8],
    #[init(k(1))]
    c_one12: Constant<Bits<12>>,
}

impl Logic for CreditSel {
    #[hdl_gen]
    fn update(&mut self) {
        self.hc_sel.next = self.hc[0].val();
        self.hcv_sel.next = self.hcv[0].val();
        self.used_sel.next = self.used[0].val();
        self.lost_sel.next = self.lost[0].val();
        self.ntf_sel.next = self.ntf[0].val();
        self.cba_sel.next = self.cba[0].val();
        for v in 0..8 {
            if self.vc.val() == self.c_vc[v].val() {
                self.hc_sel.next = self.hc[v].val();
                self.hcv_sel.next = self.hcv[v].val();
                self.used_sel.next = self.used[v].val();
                self.lost_sel.next = self.lost[v].val();
                self.ntf_sel.next = self.ntf[v].val();
                self.cba_sel.next = self.cba[v].val();
            }
        }
        self.cd_sel.next = self.hc_sel.val().get_bits::<16>(0);
        self.nid_sel.next = self.hc_sel.val().get_bits::<4>(28);
        self.is_last.next =
            (self.used_sel.val() + self.c_one12.val()) == self.hc_sel.val().get_bits::<12>(16);
        // RAO (11 bits) >= SIZE (12 bits): SIZE below 2048 and RAO not below it
        self.rao_ge.next = !self.hc_sel.val().get_bit(27)
            && (self.rao.val() >= self.hc_sel.val().get_bits::<11>(16));
    }
}

/// A packet's addresses: `data_addr` = CRDBAR + (C_D + RAO) x 128 with `carry` when it
/// carries out of bit 31 or CRDBAR is not 128-byte aligned; `ntf_addr` = NTFBAR | (NID << 2)
/// with `ntf_bad` when NTFBAR's bits 5:0 are not 0.
#[derive(LogicBlock, BlockDefault)]
pub struct CreditAddr {
    pub rao: Signal<In, Bits<11>>,
    pub cd: Signal<In, Bits<16>>,
    pub nid: Signal<In, Bits<4>>,
    pub ntf: Signal<In, Bits<32>>,
    pub cba: Signal<In, Bits<32>>,
    pub data_addr: Signal<Out, Bits<32>>,
    pub carry: Signal<Out, Bit>,
    pub ntf_addr: Signal<Out, Bits<32>>,
    pub ntf_bad: Signal<Out, Bit>,
    sum: Signal<Local, Bits<33>>,
    w_cd: Widen<16, 33>,
    w_rao: Widen<11, 33>,
    w_cba: Widen<32, 33>,
    w_nid: Widen<4, 32>,
    #[init(k(7))]
    c_seven: Constant<Bits<33>>,
    #[init(k(2))]
    c_two: Constant<Bits<32>>,
    #[init(k((1 << rxb::NTFBAR_ZERO_BITS) - 1))]
    c_lsb_mask: Constant<Bits<32>>,
    #[init(k((1 << rxb::CRDBAR_ZERO_BITS) - 1))]
    c_cba_mask: Constant<Bits<32>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
}

impl Logic for CreditAddr {
    #[hdl_gen]
    fn update(&mut self) {
        self.w_cd.x.next = self.cd.val();
        self.w_rao.x.next = self.rao.val();
        self.w_cba.x.next = self.cba.val();
        self.w_nid.x.next = self.nid.val();
        self.sum.next =
            self.w_cba.y.val() + ((self.w_cd.y.val() + self.w_rao.y.val()) << self.c_seven.val());
        self.data_addr.next = self.sum.val().get_bits::<32>(0);
        self.carry.next = self.sum.val().get_bit(32)
            || ((self.cba.val() & self.c_cba_mask.val()) != self.c_zero32.val());
        self.ntf_addr.next = self.ntf.val() | (self.w_nid.y.val() << self.c_two.val());
        self.ntf_bad.next = (self.ntf.val() & self.c_lsb_mask.val()) != self.c_zero32.val();
    }
}

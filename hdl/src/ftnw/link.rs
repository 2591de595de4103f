//! One FTNW torus link (thesis §2.4, Fig. 2.5): TXLINK, RXSYNC, RXLINK, the MDIO master, the
//! test-bench module and the link's registers (App. A.1–A.3 at the offsets of Table A.2,
//! declared in `nicgen_wire::ftnw::link::TNW_LINK_REGS`).
//!
//! Clock domains: `clock` (TNW: registers, TXLINK, RXLINK, TB, MDIO, `phy_tx*`) and
//! `phy_clock` (the PHY's receive clock: `phy_rx*`). The only crossing is inside `RxSync`.
//!
//! Host side: packet streams (`common::packet`): `tx` writes a packet as 8 beats of 16 bytes
//! into TXFIFO (`data[31:0]` goes first on the wire), `rx` delivers received packets as 32
//! beats of 4 bytes; `meta` is {RAO, VC}. With PICSWITCH / POCSWITCH set the TB module owns
//! these paths and the host sees `tx.ready` / `rx.valid` low.
//!
//! Resets: `reset` (everything); TX_CTRL commands: txLink reset (TXLINK: TXFIFO, resend buffer,
//! sequence numbers), rxLink reset (RXLINK: reception buffer, expected sequence number), DCM
//! reset (RXSYNC, held 16 cycles), PHY reset (`phy_reset` high for 16 cycles). Each sets its
//! Done flag when finished. Registers keep their values across the command resets.

use super::counters::FieldCounter;
use super::datagen::{TbChk, TbGen};
use super::mdio::MdioMaster;
use super::rx_buff::RxBuffStatus;
use super::rx_link::{RxConfig, RxLinkDefault};
use super::rxsync::RxSync;
use super::tx_link::{TxConfig, TxLinkDefault};
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::{k, Concat};
use crate::common::regbank::RegBusSlave;
use crate::common::regfile::TnwLinkRegs;
use crate::common::skid::Pipe;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::ftnw::phy::PhyPins;
use crate::top::Ports;
use nicgen_wire::ftnw::link::{self as tnw, TX_MDIO_R};
use rust_hdl::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct LinkConfig {
    pub tx: TxConfig,
    pub rx: RxConfig,
    /// MDC half period in TNW cycles.
    pub mdio_half_period: u8,
    /// PHY port address used in MDIO frames.
    pub mdio_prtad: u8,
}

impl Default for LinkConfig {
    fn default() -> Self {
        Self {
            tx: TxConfig::default(),
            rx: RxConfig::default(),
            mdio_half_period: 50,
            mdio_prtad: 0,
        }
    }
}

#[derive(LogicBlock, Ports)]
pub struct TnwLink {
    /// The link's TNW clock: registers, TXLINK, RXLINK, test-bench module, MDIO and `phy_tx*` are
    /// in its domain
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `clock`: everything, registers included, back to the
    /// documented reset values; both directions come up offline (TX_CTRL)
    pub reset: Signal<In, Bit>,
    /// The PHY's receive clock (recovered from the line): `phy_rxd`/`phy_rxc` are sampled on its
    /// rising edge; RXSYNC crosses them into `clock`
    pub phy_clock: Signal<In, Clock>,
    /// The PHY (`ftnw::phy`): words in on `phy_clock`, out on `clock`.
    #[port]
    pub phy: PhyPins,
    /// Packets to send: 8 beats of 16 bytes (`data[31:0]` first on the wire), `meta` =
    /// {RAO[10:0], VC[2:0]} on every beat, `keep` all ones, `first` on beat 0 and `last` on
    /// beat 7 (a beat that breaks these rules raises TX_EXC.BAD_HEADER).
    #[port(
        data = "Packet to send, 8 beats of 16 bytes; `data[31:0]` is the first word on the wire (`common::packet` stream sink)",
        keep = "Byte enables: must be all ones (else TX_EXC.BAD_HEADER)",
        meta = "{RAO[10:0], VC[2:0]}: the receiver's offset and virtual channel, equal on all 8 beats (else BAD_HEADER)",
        first = "On beat 0 of a packet, and only there (else BAD_HEADER; the beat is still taken)",
        last = "On beat 7 of a packet, and only there (else BAD_HEADER)",
        valid = "A beat is offered; held with its data until `tx_ready`",
        ready = "TXFIFO takes the beat on this edge; low while the host path is switched to the test-bench module (PICSWITCH) or TXFIFO is full"
    )]
    pub tx: PacketSink<128, 16, 14>,
    /// Packets received: 32 beats of 4 bytes, `meta` = {RAO, VC}, `keep` all ones. Within a VC
    /// in arrival order; among VCs round-robin over those whose `rx_vc_ready` bit is set.
    #[port(
        data = "Received packet, 32 beats of 4 bytes in wire order (`common::packet` stream source)",
        keep = "Always all ones (whole words)",
        meta = "{RAO[10:0], VC[2:0]} of the packet, on every beat",
        first = "First beat of a packet",
        last = "Last (32nd) beat of a packet",
        valid = "A beat is offered, held until `rx_ready`; low while POCSWITCH gives the packets to the test-bench checker",
        ready = "The host takes the beat; a host that stalls fills the reception buffer and the link NAKs (buffer full) until it drains"
    )]
    pub rx: PacketSource<32, 4, 14>,
    /// Bit v: packets of VC v may be offered on `rx` (RXBUFF: a credit is there); a VC held back
    /// keeps its packets in the reception buffer and the others pass
    ///
    /// Bit v: packets of VC v may be delivered on `rx` (RXBUFF: a credit is available). A VC
    /// held back keeps its packets in the reception buffer without blocking the others. A bit
    /// is obeyed from the cycle after it clears: a packet of that VC picked in the cycle it
    /// clears is still offered (`rx_buff::RxBuff` clears it a cycle before a credit goes).
    pub rx_vc_ready: Signal<In, Bits<8>>,
    /// RXBUFF's RX_CTRL levels (out), credit status and exception events (in): the receive
    /// buffer behind `rx` (`rx_buff::RxBuff`) keeps its bits in this link's registers.
    #[port]
    pub rxb: RxBuffStatus,
    /// Register bus slave (`common::regbank`): the master raises `write` or `read` for one cycle
    /// with `addr` (byte address) and `wdata`; the slave answers in the next cycle with `ready` for
    /// one cycle, `rdata` on a read, `err` for an unmapped or unaligned address, a write to a
    /// read-only register, or write and read together (no effect); the next strobe no earlier than
    /// the cycle of `ready`
    #[port]
    pub bus: RegBusSlave<{ tnw::TNW_WINDOW_BITS as usize }>,
    /// Level: some RX_EXC bit enabled in RX_EXEN is set
    pub irq_rx: Signal<Out, Bit>,
    /// Level: some TX_EXC bit 8:0 enabled in TX_EXEN is set
    pub irq_tx: Signal<Out, Bit>,
    /// MDIO clock (clause 45), MDC half period a parameter (50 TNW cycles)
    pub mdc: Signal<Out, Bit>,
    /// MDIO data out (value to drive while `mdio_oe`)
    pub mdio_o: Signal<Out, Bit>,
    /// MDIO output enable: drive `mdio_o` onto the shared line; released during a read's turnaround
    /// and data
    pub mdio_oe: Signal<Out, Bit>,
    /// MDIO line as read (pulled high when nobody drives)
    pub mdio_i: Signal<In, Bit>,
    /// Packets sent and not yet acknowledged (resend buffer), for monitoring
    pub rsnd_occupancy: Signal<Out, Bits<8>>,
    txlink: TxLinkDefault,
    rxlink: RxLinkDefault,
    /// Beat of the host packet being written (0..8), to check its framing.
    tx_beat: DFF<Bits<3>>,
    tx_frame_err: DFF<Bit>,
    c_last_beat: Constant<Bits<3>>,
    c_beat_one: Constant<Bits<3>>,
    c_beat_zero: Constant<Bits<3>>,
    c_keep_all: Constant<Bits<16>>,
    c_keep_rx: Constant<Bits<4>>,
    c_all_vcs: Constant<Bits<8>>,
    sync: RxSync,
    mdio: MdioMaster,
    gen: TbGen,
    /// The injection's register stage, and the generator's lanes as one item.
    inj: Pipe<128, 14>,
    gcat: [Concat<32, 32, 64>; 2],
    gcat_all: Concat<64, 64, 128>,
    chk: TbChk,
    regs: TnwLinkRegs,
    cnt_dirty_ack: FieldCounter<8>,
    cnt_dirty_nak: FieldCounter<8>,
    cnt_dirty_restart: FieldCounter<8>,
    cnt_dirty_idle: FieldCounter<8>,
    cnt_crc_err: FieldCounter<16>,
    cnt_dirty_pkt: FieldCounter<8>,
    cnt_timeout: FieldCounter<8>,
    cnt_hdr_reject: FieldCounter<16>,
    cnt_full_reject: FieldCounter<16>,
    cnt_rxh: [FieldCounter<8>; 4],
    cnt_nak: FieldCounter<32>,
    cnt_resend: FieldCounter<32>,
    w_addr_lo: Widen<13, 16>,
    w_addr_hi: Widen<2, 16>,
    w_tx_en: Widen<9, 32>,
    sink_wrap: [Unused<Bit>; 12],
    sink_regs_bit: Unused<Bit>,
    sink_ctrl_pending: Unused<Bits<32>>,
    unused_dbg: Unused<Bits<8>>,
    mdio_r_data: DFF<Bits<16>>,
    mdio_r_addr_lo: DFF<Bits<13>>,
    mdio_r_addr_hi: DFF<Bits<2>>,
    mdio_w_data: DFF<Bits<16>>,
    mdio_w_addr_lo: DFF<Bits<13>>,
    mdio_w_addr_hi: DFF<Bits<2>>,
    mdio_rd: DFF<Bit>,
    fd_arm: DFF<Bit>,
    fc_arm: DFF<Bit>,
    tx_rst_r: DFF<Bit>,
    rx_rst_r: DFF<Bit>,
    dcm_cnt: DFF<Bits<5>>,
    /// A DCM reset was commanded (its end sets DCM_RESET_DONE).
    dcm_cmd: DFF<Bit>,
    phy_cnt: DFF<Bits<5>>,
    /// RXSYNC's reset, registered (the counter's compare would otherwise run through the
    /// FIFO's valid into RXLINK's state and CRC in one cycle).
    sync_rst: DFF<Bit>,
    tx_rst: Signal<Local, Bit>,
    rx_rst: Signal<Local, Bit>,
    c_zero: Constant<Bits<32>>,
    c_addr_hi_shift: Constant<Bits<16>>,
    c_rev: Constant<Bits<32>>,
    c_rst_len: Constant<Bits<5>>,
    c_one5: Constant<Bits<5>>,
    c_zero5: Constant<Bits<5>>,
}

impl TnwLink {
    pub fn new(cfg: LinkConfig) -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            phy_clock: Default::default(),
            phy: Default::default(),
            tx: Default::default(),
            rx: Default::default(),
            rx_vc_ready: Default::default(),
            rxb: Default::default(),
            bus: Default::default(),
            irq_rx: Default::default(),
            irq_tx: Default::default(),
            mdc: Default::default(),
            mdio_o: Default::default(),
            mdio_oe: Default::default(),
            mdio_i: Default::default(),
            rsnd_occupancy: Default::default(),
            txlink: TxLinkDefault::new(cfg.tx),
            rxlink: RxLinkDefault::new(cfg.rx),
            tx_beat: Default::default(),
            tx_frame_err: Default::default(),
            c_last_beat: k(7),
            c_beat_one: k(1),
            c_beat_zero: k(0),
            c_keep_all: k(0xFFFF),
            c_keep_rx: k(0xF),
            c_all_vcs: k(0xFF),
            sync: Default::default(),
            mdio: MdioMaster::new(cfg.mdio_half_period, cfg.mdio_prtad),
            gen: Default::default(),
            inj: Default::default(),
            gcat: Default::default(),
            gcat_all: Default::default(),
            chk: Default::default(),
            regs: Default::default(),
            cnt_dirty_ack: FieldCounter::new(true),
            cnt_dirty_nak: FieldCounter::new(true),
            cnt_dirty_restart: FieldCounter::new(true),
            cnt_dirty_idle: FieldCounter::new(true),
            cnt_crc_err: FieldCounter::new(true),
            cnt_dirty_pkt: FieldCounter::new(true),
            cnt_timeout: FieldCounter::new(true),
            cnt_hdr_reject: FieldCounter::new(true),
            cnt_full_reject: FieldCounter::new(true),
            cnt_rxh: std::array::from_fn(|_| FieldCounter::new(true)),
            cnt_nak: FieldCounter::new(false),
            cnt_resend: FieldCounter::new(false),
            w_addr_lo: Default::default(),
            w_addr_hi: Default::default(),
            w_tx_en: Default::default(),
            sink_wrap: Default::default(),
            sink_regs_bit: Default::default(),
            sink_ctrl_pending: Default::default(),
            unused_dbg: Default::default(),
            mdio_r_data: Default::default(),
            mdio_r_addr_lo: Default::default(),
            mdio_r_addr_hi: Default::default(),
            mdio_w_data: Default::default(),
            mdio_w_addr_lo: Default::default(),
            mdio_w_addr_hi: Default::default(),
            mdio_rd: Default::default(),
            fd_arm: Default::default(),
            fc_arm: Default::default(),
            tx_rst_r: Default::default(),
            rx_rst_r: Default::default(),
            dcm_cnt: Default::default(),
            dcm_cmd: Default::default(),
            phy_cnt: Default::default(),
            sync_rst: Default::default(),
            tx_rst: Default::default(),
            rx_rst: Default::default(),
            c_zero: k(0),
            // the PHY register address is {ADDR_HI, 0, ADDR_LO}: ADDR_HI sits this far above
            // ADDR_LO in the register and in the address (bit 13 is not mapped)
            c_addr_hi_shift: k((TX_MDIO_R::ADDR_HI.lsb - TX_MDIO_R::ADDR_LO.lsb) as u64),
            c_rev: k(tnw::REVISION as u64),
            c_rst_len: k(16),
            c_one5: k(1),
            c_zero5: k(0),
        }
    }
}

impl Default for TnwLink {
    fn default() -> Self {
        Self::new(LinkConfig::default())
    }
}

impl Logic for TnwLink {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            mdio_r_data,
            mdio_r_addr_lo,
            mdio_r_addr_hi,
            mdio_w_data,
            mdio_w_addr_lo,
            mdio_w_addr_hi,
            mdio_rd,
            fd_arm,
            fc_arm,
            tx_rst_r,
            rx_rst_r,
            dcm_cnt,
            dcm_cmd,
            phy_cnt,
            sync_rst,
            tx_beat,
            tx_frame_err
        );
        clock!(
            self,
            clock,
            regs,
            cnt_dirty_ack,
            cnt_dirty_nak,
            cnt_dirty_restart,
            cnt_dirty_idle,
            cnt_crc_err,
            cnt_dirty_pkt,
            cnt_timeout,
            cnt_hdr_reject,
            cnt_full_reject,
            cnt_nak,
            cnt_resend,
            mdio,
            gen,
            chk
        );
        self.regs.reset.next = self.reset.val();
        self.cnt_dirty_ack.reset.next = self.reset.val();
        self.cnt_dirty_nak.reset.next = self.reset.val();
        self.cnt_dirty_restart.reset.next = self.reset.val();
        self.cnt_dirty_idle.reset.next = self.reset.val();
        self.cnt_crc_err.reset.next = self.reset.val();
        self.cnt_dirty_pkt.reset.next = self.reset.val();
        self.cnt_timeout.reset.next = self.reset.val();
        self.cnt_hdr_reject.reset.next = self.reset.val();
        self.cnt_full_reject.reset.next = self.reset.val();
        self.cnt_nak.reset.next = self.reset.val();
        self.cnt_resend.reset.next = self.reset.val();
        self.mdio.reset.next = self.reset.val();
        self.gen.reset.next = self.reset.val();
        self.chk.reset.next = self.reset.val();
        // ---- clocks and resets ----
        self.regs.bus.addr.next = self.bus.addr.val();
        self.regs.bus.wdata.next = self.bus.wdata.val();
        self.regs.bus.write.next = self.bus.write.val();
        self.regs.bus.read.next = self.bus.read.val();
        self.bus.rdata.next = self.regs.bus.rdata.val();
        self.bus.ready.next = self.regs.bus.ready.val();
        self.bus.err.next = self.regs.bus.err.val();
        self.tx_rst.next = self.reset.val() || self.regs.tx_ctrl_tx_reset.val();
        self.rx_rst.next = self.reset.val() || self.regs.tx_ctrl_rx_reset.val();
        self.tx_rst_r.d.next = self.regs.tx_ctrl_tx_reset.val();
        self.rx_rst_r.d.next = self.regs.tx_ctrl_rx_reset.val();
        self.txlink.clock.next = self.clock.val();
        self.txlink.reset.next = self.tx_rst.val();
        self.rxlink.clock.next = self.clock.val();
        self.rxlink.reset.next = self.rx_rst.val();
        for i in 0..4 {
            self.cnt_rxh[i].clock.next = self.clock.val();
            self.cnt_rxh[i].reset.next = self.reset.val();
        }
        // DCM (RXSYNC) and PHY resets: held for 16 cycles, then Done
        if self.dcm_cnt.q.val() != self.c_zero5.val() {
            self.dcm_cnt.d.next = self.dcm_cnt.q.val() - self.c_one5.val();
        }
        if self.reset.val() || self.regs.tx_ctrl_dcm_reset.val() {
            self.dcm_cnt.d.next = self.c_rst_len.val();
        }
        // Done only for a commanded DCM reset, not for the one every reset makes
        if self.dcm_cnt.q.val() == self.c_one5.val() {
            self.dcm_cmd.d.next = false;
        }
        if self.regs.tx_ctrl_dcm_reset.val() {
            self.dcm_cmd.d.next = true;
        }
        if self.reset.val() {
            self.dcm_cmd.d.next = false;
        }
        if self.phy_cnt.q.val() != self.c_zero5.val() {
            self.phy_cnt.d.next = self.phy_cnt.q.val() - self.c_one5.val();
        }
        if self.regs.tx_ctrl_phy_reset.val() {
            self.phy_cnt.d.next = self.c_rst_len.val();
        }
        self.phy.reset.next = self.phy_cnt.q.val() != self.c_zero5.val();
        self.sync.clock.next = self.clock.val();
        self.sync.phy_clock.next = self.phy_clock.val();
        self.sync_rst.d.next = self.dcm_cnt.q.val() != self.c_zero5.val();
        self.sync.reset.next = self.sync_rst.q.val();
        self.sync.phy_rxd.next = self.phy.rxd.val();
        self.sync.phy_rxc.next = self.phy.rxc.val();

        // ---- datapath ----
        // PICSWITCH / POCSWITCH are read where used, not through a shared local: a local
        // read by several statements ties them into one block for Verilator (UNOPTFLAT)
        // the injection reaches TXLINK through a register stage (its valid and item from flops:
        // the source's mux stays off TXLINK's write enables; TXLINK's ready is a flop)
        self.inj.clock.next = self.clock.val();
        self.inj.reset.next = self.tx_rst.val();
        self.gcat[0].lo.next = self.gen.data[0].val();
        self.gcat[0].hi.next = self.gen.data[1].val();
        self.gcat[1].lo.next = self.gen.data[2].val();
        self.gcat[1].hi.next = self.gen.data[3].val();
        self.gcat_all.lo.next = self.gcat[0].y.val();
        self.gcat_all.hi.next = self.gcat[1].y.val();
        self.inj.in_a.next = self.tx.data.val();
        self.inj.in_b.next = self.tx.meta.val();
        if self.regs.tb_txctrl_picswitch.val() {
            self.inj.in_a.next = self.gcat_all.y.val();
            self.inj.in_b.next = self.gen.dest.val();
        }
        self.txlink.inj_data[0].next = self.inj.out_a.val().get_bits::<32>(0);
        self.txlink.inj_data[1].next = self.inj.out_a.val().get_bits::<32>(32);
        self.txlink.inj_data[2].next = self.inj.out_a.val().get_bits::<32>(64);
        self.txlink.inj_data[3].next = self.inj.out_a.val().get_bits::<32>(96);
        self.txlink.inj_dest.next = self.inj.out_b.val();
        self.txlink.inj_valid.next = self.inj.out_valid.val();
        self.inj.out_ready.next = self.txlink.inj_ready.val();
        // valid/ready muxes unconditional, so Verilator can order them (no UNOPTFLAT)
        self.inj.in_valid.next = (self.regs.tb_txctrl_picswitch.val() && self.gen.valid.val())
            || (!self.regs.tb_txctrl_picswitch.val() && self.tx.valid.val());
        self.tx.ready.next = self.inj.in_ready.val() && !self.regs.tb_txctrl_picswitch.val();
        // host packet framing: first on beat 0, last on beat 7, every byte kept (flagged a
        // cycle later; inputs and registers only, so Verilator can order the block)
        self.tx_frame_err.d.next = false;
        if self.tx.valid.val() && self.inj.in_ready.val() && !self.regs.tb_txctrl_picswitch.val() {
            self.tx_beat.d.next = self.tx_beat.q.val() + self.c_beat_one.val();
            if (self.tx.first.val() != (self.tx_beat.q.val() == self.c_beat_zero.val()))
                || (self.tx.last.val() != (self.tx_beat.q.val() == self.c_last_beat.val()))
                || (self.tx.keep.val() != self.c_keep_all.val())
            {
                self.tx_frame_err.d.next = true;
            }
        }
        if self.reset.val() || self.regs.tx_ctrl_tx_reset.val() {
            self.tx_beat.d.next = self.c_beat_zero.val();
        }
        self.gen.ready.next = self.inj.in_ready.val() && self.regs.tb_txctrl_picswitch.val();
        self.txlink.fb_req.next = self.rxlink.fb_req.val();
        self.txlink.fb_nak.next = self.rxlink.fb_nak.val();
        self.txlink.fb_seq.next = self.rxlink.fb_seq.val();
        self.txlink.peer_fb.next = self.rxlink.peer_fb.val();
        self.txlink.peer_nak.next = self.rxlink.peer_nak.val();
        self.txlink.peer_seq.next = self.rxlink.peer_seq.val();
        self.txlink.offline.next = self.regs.tx_ctrl_tx_offline.val();
        self.txlink.restart_limit.next = self.regs.tx_exen_restart_limit.val();
        self.txlink.restart_cnt_load.next = self.regs.tx_exc_wrote.val();
        self.txlink.restart_cnt_wdata.next = self.regs.tx_exc_last_restart_cnt_wr.val();
        self.txlink.force_d.next = self.fd_arm.q.val();
        self.txlink.force_c.next = self.fc_arm.q.val();
        self.phy.txd.next = self.txlink.txd.val();
        self.phy.txc.next = self.txlink.txc.val();
        self.rsnd_occupancy.next = self.txlink.inflight.val();
        self.rxlink.rxd.next = self.sync.rxd.val();
        self.rxlink.rxf.next = self.sync.rxf.val();
        self.rxlink.rxv.next = self.sync.rxv.val();
        self.rxlink.offline.next = self.regs.tx_ctrl_rx_offline.val();
        self.rxlink.ack_every.next = self.regs.rx_ack_every.val();
        self.rxlink.ack_delay.next = self.regs.rx_ack_delay.val();
        self.rxlink.out_ready.next = self.rx.ready.val() || self.regs.tb_rxctrl_pocswitch.val();
        // the test-bench module drains every VC
        self.rxlink.vc_ready.next = self.rx_vc_ready.val();
        if self.regs.tb_rxctrl_pocswitch.val() {
            self.rxlink.vc_ready.next = self.c_all_vcs.val();
        }
        self.rx.data.next = self.rxlink.out_data.val();
        self.rx.meta.next = self.rxlink.out_dest.val();
        self.rx.keep.next = self.c_keep_rx.val();
        self.rx.first.next = self.rxlink.out_first.val();
        self.rx.last.next = self.rxlink.out_last.val();
        self.rx.valid.next = self.rxlink.out_valid.val() && !self.regs.tb_rxctrl_pocswitch.val();

        // ---- test-bench module ----
        self.gen.en.next = self.regs.tb_txctrl_dgen_en.val();
        self.gen.seq_mode.next = self.regs.tb_txctrl_dgen_flag.val();
        self.gen.clear.next = self.regs.tb_txctrl_dgen_clear.val();
        self.gen.chaddr.next = self.regs.tb_txctrl_chaddr.val();
        self.gen.oneshot_load.next = self.regs.tb_txctrl_wrote.val();
        self.gen.oneshot_val.next = self.regs.tb_txctrl_oneshotcnt_wr.val();
        if self.txlink.forced_d.val() {
            self.fd_arm.d.next = false;
        }
        if self.txlink.forced_c.val() {
            self.fc_arm.d.next = false;
        }
        if self.regs.tb_txctrl_wrote.val() {
            self.fd_arm.d.next = self.regs.tb_txctrl_bacatxd_wr.val();
            self.fc_arm.d.next = self.regs.tb_txctrl_bacatxc_wr.val();
        }
        self.chk.en.next = self.regs.tb_rxctrl_chken.val();
        self.chk.seq_mode.next = self.regs.tb_rxctrl_chkflag.val();
        self.chk.data.next = self.rxlink.out_data.val();
        self.chk.last.next = self.rxlink.out_last.val();
        self.chk.valid.next = self.rxlink.out_valid.val() && self.regs.tb_rxctrl_pocswitch.val();
        self.regs.tb_txctrl_oneshotcnt.next = self.gen.oneshot_left.val();
        self.regs.tb_txctrl_bacatxd.next = self.fd_arm.q.val();
        self.regs.tb_txctrl_bacatxc.next = self.fc_arm.q.val();
        self.regs.tb_txframecnt_count.next = self.gen.frames.val();
        self.regs.tb_rxerrcnt_count.next = self.chk.errors.val();
        self.regs.tb_rxframecnt_count.next = self.chk.frames.val();
        self.regs.tb_lastdatachecked_data.next = self.chk.last_data.val();

        // ---- MDIO ----
        self.mdio.mdio_i.next = self.mdio_i.val();
        self.mdc.next = self.mdio.mdc.val();
        self.mdio_o.next = self.mdio.mdio_o.val();
        self.mdio_oe.next = self.mdio.mdio_oe.val();
        self.mdio.start.next = false;
        self.mdio.read.next = self.regs.tx_mdio_r_wrote.val();
        self.w_addr_lo.x.next = self.regs.tx_mdio_w_addr_lo_wr.val();
        self.w_addr_hi.x.next = self.regs.tx_mdio_w_addr_hi_wr.val();
        self.mdio.wdata.next = self.regs.tx_mdio_w_data_wr.val();
        if self.regs.tx_mdio_r_wrote.val() {
            self.w_addr_lo.x.next = self.regs.tx_mdio_r_addr_lo_wr.val();
            self.w_addr_hi.x.next = self.regs.tx_mdio_r_addr_hi_wr.val();
        }
        self.mdio.addr.next =
            self.w_addr_lo.y.val() | (self.w_addr_hi.y.val() << self.c_addr_hi_shift.val());
        if !self.mdio.busy.val() {
            if self.regs.tx_mdio_r_wrote.val() {
                self.mdio.start.next = true;
                self.mdio_r_data.d.next = self.regs.tx_mdio_r_data_wr.val();
                self.mdio_r_addr_lo.d.next = self.regs.tx_mdio_r_addr_lo_wr.val();
                self.mdio_r_addr_hi.d.next = self.regs.tx_mdio_r_addr_hi_wr.val();
                self.mdio_rd.d.next = true;
            } else if self.regs.tx_mdio_w_wrote.val() {
                self.mdio.start.next = true;
                self.mdio_w_data.d.next = self.regs.tx_mdio_w_data_wr.val();
                self.mdio_w_addr_lo.d.next = self.regs.tx_mdio_w_addr_lo_wr.val();
                self.mdio_w_addr_hi.d.next = self.regs.tx_mdio_w_addr_hi_wr.val();
                self.mdio_rd.d.next = false;
            }
        }
        if self.mdio.done.val() && self.mdio_rd.q.val() {
            self.mdio_r_data.d.next = self.mdio.rdata.val();
        }
        self.regs.tx_mdio_r_data.next = self.mdio_r_data.q.val();
        self.regs.tx_mdio_r_addr_lo.next = self.mdio_r_addr_lo.q.val();
        self.regs.tx_mdio_r_addr_hi.next = self.mdio_r_addr_hi.q.val();
        self.regs.tx_mdio_r_busy.next = self.mdio.busy.val();
        self.regs.tx_mdio_w_data.next = self.mdio_w_data.q.val();
        self.regs.tx_mdio_w_addr_lo.next = self.mdio_w_addr_lo.q.val();
        self.regs.tx_mdio_w_addr_hi.next = self.mdio_w_addr_hi.q.val();
        self.regs.tx_mdio_w_busy.next = self.mdio.busy.val();

        // ---- RX registers ----
        self.regs.rx_exc_rx_fault_p_set.next = self.phy.rx_fault_p.val();
        self.regs.rx_exc_rx_fault_r_set.next = self.phy.rx_fault_r.val();
        self.regs.rx_exc_intb_set.next = self.phy.intb.val();
        self.regs.rx_exc_timeout_set.next = self.rxlink.ev_timeout.val();
        self.regs.rx_exc_rx_offline_data_set.next = self.rxlink.ev_offline_data.val();
        self.regs.rx_exc_rxsync_ovf_set.next = self.sync.overflow.val();
        // the receive-buffer exceptions belong to RXBUFF (the FTNW node issue)
        // RXBUFF's events, and its control and status
        self.regs.rx_exc_crd_overrun_set.next = self.rxb.ev_crd_overrun.val();
        self.regs.rx_exc_crd_size0_set.next = self.rxb.ev_crd_size0.val();
        self.regs.rx_exc_cba_busy_set.next = self.rxb.ev_cba_busy.val();
        self.regs.rx_exc_nba_busy_set.next = self.rxb.ev_nba_busy.val();
        self.regs.rx_exc_poc_done_set.next = self.rxb.ev_poc_done.val();
        self.regs.rx_exc_poc_first_set.next = self.rxb.ev_poc_first.val();
        self.regs.rx_exc_rcba_carry_set.next = self.rxb.ev_rcba_carry.val();
        self.regs.rx_exc_rnba_lsb_set.next = self.rxb.ev_rnba_lsb.val();
        self.regs.rx_exc_rao_range_set.next = self.rxb.ev_rao_range.val();
        self.rxb.hold.next = self.regs.rx_ctrl_crd_hold.val();
        self.rxb.flush.next = self.regs.rx_ctrl_crd_reset.val();
        self.rxb.abort.next = self.rx_rst.val();
        self.rxb.pkt_next.next = self.rxlink.out_next.val() && !self.regs.tb_rxctrl_pocswitch.val();
        // RXLINK's NAK cause vector is in `NakCause` order (a wire test ties it to RX_EXC)
        self.regs.rx_exc_nak_crc_set.next = self.rxlink.nak_cause.val().get_bit(0);
        self.regs.rx_exc_nak_dirty_set.next = self.rxlink.nak_cause.val().get_bit(1);
        self.regs.rx_exc_nak_header_set.next = self.rxlink.nak_cause.val().get_bit(2);
        self.regs.rx_exc_nak_full_set.next = self.rxlink.nak_cause.val().get_bit(3);
        self.regs.rx_exc_nak_timeout_set.next = self.rxlink.nak_cause.val().get_bit(4);
        self.irq_rx.next =
            (self.regs.rx_exc_pending.val() & self.regs.rx_exen_en.val()) != self.c_zero.val();
        // dirty control words by class (RXLINK's ev_dirty_class: 0 ACK, 1 NAK, 2 RESTART, 3 IDLE)
        self.cnt_dirty_ack.inc.next = false;
        self.cnt_dirty_nak.inc.next = false;
        self.cnt_dirty_restart.inc.next = false;
        self.cnt_dirty_idle.inc.next = false;
        if self.rxlink.ev_dirty_cmd.val() {
            if self.rxlink.ev_dirty_class.val().get_bit(1) {
                if self.rxlink.ev_dirty_class.val().get_bit(0) {
                    self.cnt_dirty_idle.inc.next = true;
                } else {
                    self.cnt_dirty_restart.inc.next = true;
                }
            } else if self.rxlink.ev_dirty_class.val().get_bit(0) {
                self.cnt_dirty_nak.inc.next = true;
            } else {
                self.cnt_dirty_ack.inc.next = true;
            }
        }
        self.cnt_dirty_ack.load.next = self.regs.rx_cmd_wrote.val();
        self.cnt_dirty_nak.load.next = self.regs.rx_cmd_wrote.val();
        self.cnt_dirty_restart.load.next = self.regs.rx_cmd_wrote.val();
        self.cnt_dirty_idle.load.next = self.regs.rx_cmd_wrote.val();
        self.cnt_dirty_ack.load_val.next = self.regs.rx_cmd_dirty_ack_wr.val();
        self.cnt_dirty_nak.load_val.next = self.regs.rx_cmd_dirty_nak_wr.val();
        self.cnt_dirty_restart.load_val.next = self.regs.rx_cmd_dirty_restart_wr.val();
        self.cnt_dirty_idle.load_val.next = self.regs.rx_cmd_dirty_idle_wr.val();
        self.regs.rx_cmd_dirty_ack.next = self.cnt_dirty_ack.value.val();
        self.regs.rx_cmd_dirty_nak.next = self.cnt_dirty_nak.value.val();
        self.regs.rx_cmd_dirty_restart.next = self.cnt_dirty_restart.value.val();
        self.regs.rx_cmd_dirty_idle.next = self.cnt_dirty_idle.value.val();
        self.cnt_crc_err.inc.next = self.rxlink.ev_crc.val();
        self.cnt_dirty_pkt.inc.next = self.rxlink.ev_dirty_pkt.val();
        self.cnt_timeout.inc.next = self.rxlink.ev_timeout.val();
        self.cnt_crc_err.load.next = self.regs.rx_data_wrote.val();
        self.cnt_dirty_pkt.load.next = self.regs.rx_data_wrote.val();
        self.cnt_timeout.load.next = self.regs.rx_data_wrote.val();
        self.cnt_crc_err.load_val.next = self.regs.rx_data_crc_err_wr.val();
        self.cnt_dirty_pkt.load_val.next = self.regs.rx_data_dirty_wr.val();
        self.cnt_timeout.load_val.next = self.regs.rx_data_timeout_wr.val();
        self.regs.rx_data_crc_err.next = self.cnt_crc_err.value.val();
        self.regs.rx_data_dirty.next = self.cnt_dirty_pkt.value.val();
        self.regs.rx_data_timeout.next = self.cnt_timeout.value.val();
        self.cnt_hdr_reject.inc.next = self.rxlink.ev_hdr_reject.val();
        self.cnt_full_reject.inc.next = self.rxlink.ev_full_reject.val();
        self.cnt_hdr_reject.load.next = self.regs.rx_flow_wrote.val();
        self.cnt_full_reject.load.next = self.regs.rx_flow_wrote.val();
        self.cnt_hdr_reject.load_val.next = self.regs.rx_flow_hdr_reject_wr.val();
        self.cnt_full_reject.load_val.next = self.regs.rx_flow_full_reject_wr.val();
        self.regs.rx_flow_hdr_reject.next = self.cnt_hdr_reject.value.val();
        self.regs.rx_flow_full_reject.next = self.cnt_full_reject.value.val();
        for i in 0..4 {
            self.cnt_rxh[i].inc.next = self.phy.rxh.val().get_bit(i);
            self.cnt_rxh[i].load.next = self.regs.rx_rxh_wrote.val();
        }
        self.cnt_rxh[0].load_val.next = self.regs.rx_rxh_rxh0_wr.val();
        self.cnt_rxh[1].load_val.next = self.regs.rx_rxh_rxh1_wr.val();
        self.cnt_rxh[2].load_val.next = self.regs.rx_rxh_rxh2_wr.val();
        self.cnt_rxh[3].load_val.next = self.regs.rx_rxh_rxh3_wr.val();
        self.regs.rx_rxh_rxh0.next = self.cnt_rxh[0].value.val();
        self.regs.rx_rxh_rxh1.next = self.cnt_rxh[1].value.val();
        self.regs.rx_rxh_rxh2.next = self.cnt_rxh[2].value.val();
        self.regs.rx_rxh_rxh3.next = self.cnt_rxh[3].value.val();
        self.regs.rx_fifo_status_pb_not_empty.next = self.rxlink.pb_not_empty.val();
        self.regs.rx_fifo_status_pb_half.next = self.rxlink.pb_half.val();
        self.regs.rx_fifo_status_pb_full.next = self.rxlink.pb_full.val();
        self.regs.rx_fifo_status_descr_not_empty.next = self.rxlink.descr_vc.val();
        self.regs.rx_fifo_status_crd_not_empty.next = self.rxb.crd_not_empty.val();
        self.regs.rx_fifo_status_crd_full.next = self.rxb.crd_full.val();

        // ---- TX registers ----
        self.regs.tx_exc_phy_fault_set.next = self.phy.tx_fault.val();
        self.regs.tx_exc_nak_ovf_set.next = self.cnt_nak.wrapped.val();
        self.regs.tx_exc_restart_ovf_set.next = self.txlink.ev_restart_ovf.val();
        self.regs.tx_exc_fb_mismatch_set.next = self.txlink.ev_fb_mismatch.val();
        self.regs.tx_exc_bad_header_set.next =
            self.txlink.ev_bad_header.val() || self.tx_frame_err.q.val();
        self.regs.tx_exc_txfifo_ovf_set.next = self.txlink.ev_fifo_ovf.val();
        self.regs.tx_exc_txfifo_unf_set.next = false;
        self.regs.tx_exc_txbuf_full_set.next = self.txlink.ev_buf_full.val();
        self.regs.tx_exc_offline_write_set.next = self.txlink.ev_offline_write.val();
        self.regs.tx_exc_fb_in_acc_set.next = self.txlink.ev_fb_in_acc.val();
        self.regs.tx_exc_fb_out_acc_set.next = self.txlink.ev_fb_out_acc.val();
        self.regs.tx_exc_last_restart_cnt.next = self.txlink.restart_cnt.val();
        self.regs.tx_exc_txfifo_not_empty.next = self.txlink.fifo_not_empty.val();
        self.regs.tx_exc_txfifo_not_ae.next = self.txlink.fifo_ge8.val();
        self.regs.tx_exc_txfifo_af.next = self.txlink.fifo_af.val();
        self.w_tx_en.x.next = self.regs.tx_exen_en.val();
        self.irq_tx.next =
            (self.regs.tx_exc_pending.val() & self.w_tx_en.y.val()) != self.c_zero.val();
        self.cnt_nak.inc.next = self.txlink.ev_nak.val();
        self.cnt_nak.load.next = self.regs.tx_cnt_nak_wrote.val();
        self.cnt_nak.load_val.next = self.regs.tx_cnt_nak_count_wr.val();
        self.regs.tx_cnt_nak_count.next = self.cnt_nak.value.val();
        self.cnt_resend.inc.next = self.txlink.ev_resend.val();
        self.cnt_resend.load.next = self.regs.tx_cnt_resend_wrote.val();
        self.cnt_resend.load_val.next = self.regs.tx_cnt_resend_count_wr.val();
        self.regs.tx_cnt_resend_count.next = self.cnt_resend.value.val();
        self.regs.tnw_revision_rev.next = self.c_rev.val();

        // TX_CTRL: Done flags and status
        self.regs.tx_ctrl_tx_reset_done_set.next = self.tx_rst_r.q.val();
        self.regs.tx_ctrl_rx_reset_done_set.next = self.rx_rst_r.q.val();
        self.regs.tx_ctrl_dcm_reset_done_set.next =
            self.dcm_cmd.q.val() && (self.dcm_cnt.q.val() == self.c_one5.val());
        self.regs.tx_ctrl_phy_reset_done_set.next = self.phy_cnt.q.val() == self.c_one5.val();
        self.regs.tx_ctrl_dcm_locked.next = self.dcm_cnt.q.val() == self.c_zero5.val();
        self.regs.tx_ctrl_tx_busy.next = self.txlink.busy.val();
        self.regs.tx_ctrl_txfifo_not_empty.next = self.txlink.fifo_not_empty.val();
        self.regs.tx_ctrl_txbuf_not_empty.next = self.txlink.buf_not_empty.val();
        self.regs.tx_ctrl_rx_busy.next = self.rxlink.busy.val();
        self.regs.tx_ctrl_rxbuf_busy.next = self.rxlink.rd_busy.val();
        self.regs.tx_ctrl_pb_not_empty.next = self.rxlink.pb_not_empty.val();
        self.regs.tx_ctrl_descr_not_empty.next = self.rxlink.descr_not_empty.val();
        self.regs.tx_ctrl_crd_not_empty.next = false;

        // outputs this link does not use (lint sinks)
        self.sink_wrap[0].x.next = self.cnt_dirty_ack.wrapped.val();
        self.sink_wrap[1].x.next = self.cnt_dirty_nak.wrapped.val();
        self.sink_wrap[2].x.next = self.cnt_dirty_restart.wrapped.val();
        self.sink_wrap[3].x.next = self.cnt_dirty_idle.wrapped.val();
        self.sink_wrap[4].x.next = self.cnt_crc_err.wrapped.val();
        self.sink_wrap[5].x.next = self.cnt_dirty_pkt.wrapped.val();
        self.sink_wrap[6].x.next = self.cnt_timeout.wrapped.val();
        self.sink_wrap[7].x.next = self.cnt_hdr_reject.wrapped.val();
        self.sink_wrap[8].x.next = self.cnt_full_reject.wrapped.val();
        self.sink_wrap[9].x.next = self.cnt_resend.wrapped.val();
        self.sink_wrap[10].x.next = self.cnt_rxh[0].wrapped.val()
            || self.cnt_rxh[1].wrapped.val()
            || self.cnt_rxh[2].wrapped.val()
            || self.cnt_rxh[3].wrapped.val();
        self.sink_wrap[11].x.next = self.regs.tx_exc_wrote.val();
        // TX_CTRL's own writes need no action
        self.sink_regs_bit.x.next = self.regs.tx_ctrl_wrote.val();

        self.sink_ctrl_pending.x.next = self.regs.tx_ctrl_pending.val();
        self.unused_dbg.x.next = self.rxlink.expected.val();
    }
}

//! One FTNW torus link (thesis §2.4, Fig. 2.5): TXLINK, RXSYNC, RXLINK, the MDIO master, the
//! test-bench module and the link's registers (App. A.1–A.3 at the offsets of Table A.2,
//! declared in `nicgen_wire::tnw::TNW_LINK_REGS`).
//!
//! Clock domains: `clock` (TNW: registers, TXLINK, RXLINK, TB, MDIO, `phy_tx*`) and
//! `phy_clock` (the PHY's receive clock: `phy_rx*`). The only crossing is inside `RxSync`.
//!
//! Host side: `tx_*` writes 128-bit items into TXFIFO (`tx_data[31:0]` goes first on the
//! wire), `rx_*` delivers received packets as 32 words. With PICSWITCH / POCSWITCH set the
//! TB module owns these paths and the host sees `tx_ready` / `rx_valid` low.
//!
//! Resets: `reset` (everything); TX_CTRL commands: txLink reset (TXLINK: TXFIFO, resend buffer,
//! sequence numbers), rxLink reset (RXLINK: reception buffer, expected sequence number), DCM
//! reset (RXSYNC, held 16 cycles), PHY reset (`phy_reset` high for 16 cycles). Each sets its
//! Done flag when finished. Registers keep their values across the command resets.

use super::codec::k;
use super::counters::LaneCounters;
use super::mdio::MdioMaster;
use super::rx_link::{RxConfig, RxLinkDefault};
use super::rxsync::RxSync;
use super::tb::{TbChk, TbGen};
use super::tx_link::{TxConfig, TxLinkDefault};
use crate::common::regbank::{RegBank, RegBusSlave};
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use nicgen_wire::tnw::{self, TNW_LINK_REGS};
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

/// Register-bank port of each register of `TNW_LINK_REGS` (checked by a test).
pub const REG_PORTS: [(&str, usize); 22] = [
    ("RX_EXC", 0),
    ("RX_EXEN", 1),
    ("RX_CMD", 2),
    ("RX_DATA", 3),
    ("RX_FLOW", 4),
    ("RX_RXH", 5),
    ("RX_FIFO_STATUS", 6),
    ("RX_CTRL", 7),
    ("TX_EXC", 8),
    ("TX_EXEN", 9),
    ("TX_CTRL", 10),
    ("TX_MDIO_R", 11),
    ("TX_MDIO_W", 12),
    ("TX_CNT_NAK", 13),
    ("TX_CNT_RESEND", 14),
    ("TNW_REVISION", 15),
    ("TB_TXCTRL", 16),
    ("TB_RXCTRL", 17),
    ("TB_TXFRAMECNT", 18),
    ("TB_RXERRCNT", 19),
    ("TB_RXFRAMECNT", 20),
    ("TB_LASTDATACHECKED", 21),
];

#[derive(LogicBlock)]
pub struct TnwLink {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub phy_clock: Signal<In, Clock>,
    pub phy_rxd: Signal<In, Bits<32>>,
    pub phy_rxc: Signal<In, Bits<4>>,
    pub phy_txd: Signal<Out, Bits<32>>,
    pub phy_txc: Signal<Out, Bits<4>>,
    pub tx_data: Signal<In, Bits<128>>,
    pub tx_dest: Signal<In, Bits<14>>,
    pub tx_valid: Signal<In, Bit>,
    pub tx_ready: Signal<Out, Bit>,
    pub rx_data: Signal<Out, Bits<32>>,
    pub rx_dest: Signal<Out, Bits<14>>,
    pub rx_first: Signal<Out, Bit>,
    pub rx_last: Signal<Out, Bit>,
    pub rx_valid: Signal<Out, Bit>,
    pub rx_ready: Signal<In, Bit>,
    pub bus: RegBusSlave<12>,
    pub irq_rx: Signal<Out, Bit>,
    pub irq_tx: Signal<Out, Bit>,
    pub phy_rx_fault_p: Signal<In, Bit>,
    pub phy_rx_fault_r: Signal<In, Bit>,
    pub phy_intb: Signal<In, Bit>,
    pub phy_tx_fault: Signal<In, Bit>,
    pub phy_rxh: Signal<In, Bits<4>>,
    pub phy_reset: Signal<Out, Bit>,
    pub mdc: Signal<Out, Bit>,
    pub mdio_o: Signal<Out, Bit>,
    pub mdio_oe: Signal<Out, Bit>,
    pub mdio_i: Signal<In, Bit>,
    /// Resend-buffer occupancy (packets sent, not acknowledged), for monitoring.
    pub rsnd_occupancy: Signal<Out, Bits<8>>,
    tx: TxLinkDefault,
    rx: RxLinkDefault,
    sync: RxSync,
    mdio: MdioMaster,
    gen: TbGen,
    chk: TbChk,
    bank: RegBank<22, 12>,
    cnt_cmd: LaneCounters<4>,
    cnt_data: LaneCounters<3>,
    cnt_flow: LaneCounters<2>,
    cnt_rxh: LaneCounters<4>,
    cnt_nak: LaneCounters<1>,
    cnt_resend: LaneCounters<1>,
    w_rcnt: Widen<8, 32>,
    w_oneshot: Widen<5, 32>,
    w_descr: Widen<8, 32>,
    w_rdata: Widen<16, 32>,
    w_nak: Widen<5, 32>,
    sink_value: [Unused<Bits<32>>; 22],
    sink_pulse: [Unused<Bits<32>>; 22],
    sink_wrote: [Unused<Bit>; 22],
    sink_read: [Unused<Bit>; 22],
    sink_wrap: [Unused<Bit>; 14],
    sink_bitc: Unused<Bits<32>>,
    unused_dbg: Unused<Bits<8>>,
    mdio_r_img: DFF<Bits<32>>,
    mdio_w_img: DFF<Bits<32>>,
    mdio_rd: DFF<Bit>,
    fd_arm: DFF<Bit>,
    fc_arm: DFF<Bit>,
    tx_rst_r: DFF<Bit>,
    rx_rst_r: DFF<Bit>,
    dcm_cnt: DFF<Bits<5>>,
    phy_cnt: DFF<Bits<5>>,
    tx_rst: Signal<Local, Bit>,
    rx_rst: Signal<Local, Bit>,
    rx_set: Signal<Local, Bits<32>>,
    tx_set: Signal<Local, Bits<32>>,
    tx_ro: Signal<Local, Bits<32>>,
    ctrl_ro: Signal<Local, Bits<32>>,
    ctrl_set: Signal<Local, Bits<32>>,
    fifo_ro: Signal<Local, Bits<32>>,
    tb_ro: Signal<Local, Bits<32>>,
    c_bit: [Constant<Bits<32>>; 32],
    c_zero: Constant<Bits<32>>,
    c_sh8: Constant<Bits<32>>,
    c_sh16: Constant<Bits<32>>,
    c_sh24: Constant<Bits<32>>,
    c_data_mask: Constant<Bits<32>>,
    c_en_mask: Constant<Bits<32>>,
    c_rev: Constant<Bits<32>>,
    c_rst_len: Constant<Bits<5>>,
    c_one5: Constant<Bits<5>>,
    c_zero5: Constant<Bits<5>>,
}

impl TnwLink {
    pub fn new(cfg: LinkConfig) -> Self {
        for (name, i) in REG_PORTS {
            assert_eq!(
                TNW_LINK_REGS.regs[i].name, name,
                "TnwLink: register port {i} is not {name}"
            );
        }
        Self {
            clock: Default::default(),
            reset: Default::default(),
            phy_clock: Default::default(),
            phy_rxd: Default::default(),
            phy_rxc: Default::default(),
            phy_txd: Default::default(),
            phy_txc: Default::default(),
            tx_data: Default::default(),
            tx_dest: Default::default(),
            tx_valid: Default::default(),
            tx_ready: Default::default(),
            rx_data: Default::default(),
            rx_dest: Default::default(),
            rx_first: Default::default(),
            rx_last: Default::default(),
            rx_valid: Default::default(),
            rx_ready: Default::default(),
            bus: Default::default(),
            irq_rx: Default::default(),
            irq_tx: Default::default(),
            phy_rx_fault_p: Default::default(),
            phy_rx_fault_r: Default::default(),
            phy_intb: Default::default(),
            phy_tx_fault: Default::default(),
            phy_rxh: Default::default(),
            phy_reset: Default::default(),
            mdc: Default::default(),
            mdio_o: Default::default(),
            mdio_oe: Default::default(),
            mdio_i: Default::default(),
            rsnd_occupancy: Default::default(),
            tx: TxLinkDefault::new(cfg.tx),
            rx: RxLinkDefault::new(cfg.rx),
            sync: Default::default(),
            mdio: MdioMaster::new(cfg.mdio_half_period, cfg.mdio_prtad),
            gen: Default::default(),
            chk: Default::default(),
            bank: RegBank::new(&TNW_LINK_REGS),
            cnt_cmd: LaneCounters::new([(0, 8, true), (8, 8, true), (16, 8, true), (24, 8, true)]),
            cnt_data: LaneCounters::new([(0, 16, true), (16, 8, true), (24, 8, true)]),
            cnt_flow: LaneCounters::new([(0, 16, true), (16, 16, true)]),
            cnt_rxh: LaneCounters::new([(0, 8, true), (8, 8, true), (16, 8, true), (24, 8, true)]),
            cnt_nak: LaneCounters::new([(0, 32, false)]),
            cnt_resend: LaneCounters::new([(0, 32, false)]),
            w_rcnt: Default::default(),
            w_oneshot: Default::default(),
            w_descr: Default::default(),
            w_rdata: Default::default(),
            w_nak: Default::default(),
            sink_value: Default::default(),
            sink_pulse: Default::default(),
            sink_wrote: Default::default(),
            sink_read: Default::default(),
            sink_wrap: Default::default(),
            sink_bitc: Default::default(),
            unused_dbg: Default::default(),
            mdio_r_img: Default::default(),
            mdio_w_img: Default::default(),
            mdio_rd: Default::default(),
            fd_arm: Default::default(),
            fc_arm: Default::default(),
            tx_rst_r: Default::default(),
            rx_rst_r: Default::default(),
            dcm_cnt: Default::default(),
            phy_cnt: Default::default(),
            tx_rst: Default::default(),
            rx_rst: Default::default(),
            rx_set: Default::default(),
            tx_set: Default::default(),
            tx_ro: Default::default(),
            ctrl_ro: Default::default(),
            ctrl_set: Default::default(),
            fifo_ro: Default::default(),
            tb_ro: Default::default(),
            c_bit: std::array::from_fn(|i| k(1 << i)),
            c_zero: k(0),
            c_sh8: k(8),
            c_sh16: k(16),
            c_sh24: k(24),
            c_data_mask: k(0xFFFF),
            c_en_mask: k(0x1FF),
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
            self, clock, mdio_r_img, mdio_w_img, mdio_rd, fd_arm, fc_arm, tx_rst_r, rx_rst_r,
            dcm_cnt, phy_cnt
        );
        // ---- clocks and resets ----
        self.bank.clock.next = self.clock.val();
        self.bank.reset.next = self.reset.val();
        self.bank.bus.addr.next = self.bus.addr.val();
        self.bank.bus.wdata.next = self.bus.wdata.val();
        self.bank.bus.write.next = self.bus.write.val();
        self.bank.bus.read.next = self.bus.read.val();
        self.bus.rdata.next = self.bank.bus.rdata.val();
        self.bus.ready.next = self.bank.bus.ready.val();
        self.bus.err.next = self.bank.bus.err.val();
        self.tx_rst.next = self.reset.val() || self.bank.pulse[10].val().get_bit(1);
        self.rx_rst.next = self.reset.val() || self.bank.pulse[10].val().get_bit(5);
        self.tx_rst_r.d.next = self.bank.pulse[10].val().get_bit(1);
        self.rx_rst_r.d.next = self.bank.pulse[10].val().get_bit(5);
        self.tx.clock.next = self.clock.val();
        self.tx.reset.next = self.tx_rst.val();
        self.rx.clock.next = self.clock.val();
        self.rx.reset.next = self.rx_rst.val();
        self.mdio.clock.next = self.clock.val();
        self.mdio.reset.next = self.reset.val();
        self.gen.clock.next = self.clock.val();
        self.gen.reset.next = self.reset.val();
        self.chk.clock.next = self.clock.val();
        self.chk.reset.next = self.reset.val();
        self.cnt_cmd.clock.next = self.clock.val();
        self.cnt_cmd.reset.next = self.reset.val();
        self.cnt_data.clock.next = self.clock.val();
        self.cnt_data.reset.next = self.reset.val();
        self.cnt_flow.clock.next = self.clock.val();
        self.cnt_flow.reset.next = self.reset.val();
        self.cnt_rxh.clock.next = self.clock.val();
        self.cnt_rxh.reset.next = self.reset.val();
        self.cnt_nak.clock.next = self.clock.val();
        self.cnt_nak.reset.next = self.reset.val();
        self.cnt_resend.clock.next = self.clock.val();
        self.cnt_resend.reset.next = self.reset.val();
        // DCM (RXSYNC) and PHY resets: held for 16 cycles, then Done
        if self.dcm_cnt.q.val() != self.c_zero5.val() {
            self.dcm_cnt.d.next = self.dcm_cnt.q.val() - self.c_one5.val();
        }
        if self.reset.val() || self.bank.pulse[10].val().get_bit(8) {
            self.dcm_cnt.d.next = self.c_rst_len.val();
        }
        if self.phy_cnt.q.val() != self.c_zero5.val() {
            self.phy_cnt.d.next = self.phy_cnt.q.val() - self.c_one5.val();
        }
        if self.bank.pulse[10].val().get_bit(12) {
            self.phy_cnt.d.next = self.c_rst_len.val();
        }
        self.phy_reset.next = self.phy_cnt.q.val() != self.c_zero5.val();
        self.sync.clock.next = self.clock.val();
        self.sync.phy_clock.next = self.phy_clock.val();
        self.sync.reset.next = self.dcm_cnt.q.val() != self.c_zero5.val();
        self.sync.phy_rxd.next = self.phy_rxd.val();
        self.sync.phy_rxc.next = self.phy_rxc.val();

        // ---- datapath ----
        // PICSWITCH / POCSWITCH are read where used, not through a shared local: a local
        // read by several statements ties them into one block for Verilator (UNOPTFLAT)
        self.tx.inj_data[0].next = self.tx_data.val().get_bits::<32>(0);
        self.tx.inj_data[1].next = self.tx_data.val().get_bits::<32>(32);
        self.tx.inj_data[2].next = self.tx_data.val().get_bits::<32>(64);
        self.tx.inj_data[3].next = self.tx_data.val().get_bits::<32>(96);
        self.tx.inj_dest.next = self.tx_dest.val();
        if self.bank.value[16].val().get_bit(4) {
            for i in 0..4 {
                self.tx.inj_data[i].next = self.gen.data[i].val();
            }
            self.tx.inj_dest.next = self.gen.dest.val();
        }
        // valid/ready muxes unconditional, so Verilator can order them (no UNOPTFLAT)
        self.tx.inj_valid.next = (self.bank.value[16].val().get_bit(4) && self.gen.valid.val())
            || (!self.bank.value[16].val().get_bit(4) && self.tx_valid.val());
        self.tx_ready.next = self.tx.inj_ready.val() && !self.bank.value[16].val().get_bit(4);
        self.gen.ready.next = self.tx.inj_ready.val() && self.bank.value[16].val().get_bit(4);
        self.tx.fb_req.next = self.rx.fb_req.val();
        self.tx.fb_nak.next = self.rx.fb_nak.val();
        self.tx.fb_seq.next = self.rx.fb_seq.val();
        self.tx.peer_fb.next = self.rx.peer_fb.val();
        self.tx.peer_nak.next = self.rx.peer_nak.val();
        self.tx.peer_seq.next = self.rx.peer_seq.val();
        self.tx.offline.next = self.bank.value[10].val().get_bit(0);
        self.tx.restart_limit.next = self.bank.value[9].val().get_bits::<8>(16);
        self.tx.force_d.next = self.fd_arm.q.val();
        self.tx.force_c.next = self.fc_arm.q.val();
        self.phy_txd.next = self.tx.txd.val();
        self.phy_txc.next = self.tx.txc.val();
        self.rsnd_occupancy.next = self.tx.inflight.val();
        self.rx.rxd.next = self.sync.rxd.val();
        self.rx.rxc.next = self.sync.rxc.val();
        self.rx.rxv.next = self.sync.rxv.val();
        self.rx.offline.next = self.bank.value[10].val().get_bit(4);
        self.rx.out_ready.next = self.rx_ready.val() || self.bank.value[17].val().get_bit(4);
        self.rx_data.next = self.rx.out_data.val();
        self.rx_dest.next = self.rx.out_dest.val();
        self.rx_first.next = self.rx.out_first.val();
        self.rx_last.next = self.rx.out_last.val();
        self.rx_valid.next = self.rx.out_valid.val() && !self.bank.value[17].val().get_bit(4);

        // ---- test-bench module ----
        self.gen.en.next = self.bank.value[16].val().get_bit(0);
        self.gen.seq_mode.next = self.bank.value[16].val().get_bit(1);
        self.gen.clear.next = self.bank.pulse[16].val().get_bit(2);
        self.gen.chaddr.next = self.bank.value[16].val().get_bits::<3>(12);
        self.gen.oneshot_load.next = self.bank.wrote[16].val();
        self.gen.oneshot_val.next = self.bank.pulse[16].val().get_bits::<5>(24);
        if self.tx.forced_d.val() {
            self.fd_arm.d.next = false;
        }
        if self.tx.forced_c.val() {
            self.fc_arm.d.next = false;
        }
        if self.bank.wrote[16].val() {
            self.fd_arm.d.next = self.bank.pulse[16].val().get_bit(8);
            self.fc_arm.d.next = self.bank.pulse[16].val().get_bit(9);
        }
        self.chk.en.next = self.bank.value[17].val().get_bit(0);
        self.chk.seq_mode.next = self.bank.value[17].val().get_bit(1);
        self.chk.data.next = self.rx.out_data.val();
        self.chk.last.next = self.rx.out_last.val();
        self.chk.valid.next = self.rx.out_valid.val() && self.bank.value[17].val().get_bit(4);
        self.w_oneshot.x.next = self.gen.oneshot_left.val();
        self.tb_ro.next = self.w_oneshot.y.val() << self.c_sh24.val();
        if self.fd_arm.q.val() {
            self.tb_ro.next = self.tb_ro.val() | self.c_bit[8].val();
        }
        if self.fc_arm.q.val() {
            self.tb_ro.next = self.tb_ro.val() | self.c_bit[9].val();
        }
        self.bank.hw_in[16].next = self.tb_ro.val();
        self.bank.hw_in[18].next = self.gen.frames.val();
        self.bank.hw_in[19].next = self.chk.errors.val();
        self.bank.hw_in[20].next = self.chk.frames.val();
        self.bank.hw_in[21].next = self.chk.last_data.val();

        // ---- MDIO ----
        self.mdio.mdio_i.next = self.mdio_i.val();
        self.mdc.next = self.mdio.mdc.val();
        self.mdio_o.next = self.mdio.mdio_o.val();
        self.mdio_oe.next = self.mdio.mdio_oe.val();
        self.mdio.start.next = false;
        self.mdio.read.next = self.bank.wrote[11].val();
        self.mdio.addr.next = self.bank.pulse[12].val().get_bits::<16>(16);
        self.mdio.wdata.next = self.bank.pulse[12].val().get_bits::<16>(0);
        if self.bank.wrote[11].val() {
            self.mdio.addr.next = self.bank.pulse[11].val().get_bits::<16>(16);
        }
        if !self.mdio.busy.val() {
            if self.bank.wrote[11].val() {
                self.mdio.start.next = true;
                self.mdio_r_img.d.next = self.bank.pulse[11].val();
                self.mdio_rd.d.next = true;
            } else if self.bank.wrote[12].val() {
                self.mdio.start.next = true;
                self.mdio_w_img.d.next = self.bank.pulse[12].val();
                self.mdio_rd.d.next = false;
            }
        }
        self.w_rdata.x.next = self.mdio.rdata.val();
        if self.mdio.done.val() && self.mdio_rd.q.val() {
            self.mdio_r_img.d.next =
                (self.mdio_r_img.q.val() & !self.c_data_mask.val()) | self.w_rdata.y.val();
        }
        self.bank.hw_in[11].next = self.mdio_r_img.q.val();
        self.bank.hw_in[12].next = self.mdio_w_img.q.val();
        if self.mdio.busy.val() {
            self.bank.hw_in[11].next = self.mdio_r_img.q.val() | self.c_bit[29].val();
            self.bank.hw_in[12].next = self.mdio_w_img.q.val() | self.c_bit[29].val();
        }

        // ---- RX registers ----
        self.rx_set.next = self.c_zero.val();
        if self.phy_rx_fault_p.val() {
            self.rx_set.next = self.rx_set.val() | self.c_bit[0].val();
        }
        if self.phy_rx_fault_r.val() {
            self.rx_set.next = self.rx_set.val() | self.c_bit[1].val();
        }
        if self.phy_intb.val() {
            self.rx_set.next = self.rx_set.val() | self.c_bit[2].val();
        }
        if self.rx.ev_timeout.val() {
            self.rx_set.next = self.rx_set.val() | self.c_bit[3].val();
        }
        if self.rx.ev_offline_data.val() {
            self.rx_set.next = self.rx_set.val() | self.c_bit[8].val();
        }
        if self.sync.overflow.val() {
            self.rx_set.next = self.rx_set.val() | self.c_bit[11].val();
        }
        self.w_nak.x.next = self.rx.nak_cause.val();
        self.bank.hw_set[0].next = self.rx_set.val() | (self.w_nak.y.val() << self.c_sh16.val());
        self.irq_rx.next =
            (self.bank.value[0].val() & self.bank.value[1].val()) != self.c_zero.val();
        for i in 0..4 {
            self.cnt_cmd.inc[i].next = false;
            self.cnt_rxh.inc[i].next = self.phy_rxh.val().get_bit(i);
        }
        if self.rx.ev_dirty_cmd.val() {
            if self.rx.ev_dirty_class.val().get_bit(1) {
                if self.rx.ev_dirty_class.val().get_bit(0) {
                    self.cnt_cmd.inc[3].next = true;
                } else {
                    self.cnt_cmd.inc[2].next = true;
                }
            } else if self.rx.ev_dirty_class.val().get_bit(0) {
                self.cnt_cmd.inc[1].next = true;
            } else {
                self.cnt_cmd.inc[0].next = true;
            }
        }
        self.cnt_cmd.load.next = self.bank.wrote[2].val();
        self.cnt_cmd.load_val.next = self.bank.pulse[2].val();
        self.bank.hw_in[2].next = self.cnt_cmd.value.val();
        self.cnt_data.inc[0].next = self.rx.ev_crc.val();
        self.cnt_data.inc[1].next = self.rx.ev_dirty_pkt.val();
        self.cnt_data.inc[2].next = self.rx.ev_timeout.val();
        self.cnt_data.load.next = self.bank.wrote[3].val();
        self.cnt_data.load_val.next = self.bank.pulse[3].val();
        self.bank.hw_in[3].next = self.cnt_data.value.val();
        self.cnt_flow.inc[0].next = self.rx.ev_hdr_reject.val();
        self.cnt_flow.inc[1].next = self.rx.ev_full_reject.val();
        self.cnt_flow.load.next = self.bank.wrote[4].val();
        self.cnt_flow.load_val.next = self.bank.pulse[4].val();
        self.bank.hw_in[4].next = self.cnt_flow.value.val();
        self.cnt_rxh.load.next = self.bank.wrote[5].val();
        self.cnt_rxh.load_val.next = self.bank.pulse[5].val();
        self.bank.hw_in[5].next = self.cnt_rxh.value.val();
        self.w_descr.x.next = self.rx.descr_vc.val();
        self.fifo_ro.next = self.w_descr.y.val() << self.c_sh8.val();
        if self.rx.pb_not_empty.val() {
            self.fifo_ro.next = self.fifo_ro.val() | self.c_bit[0].val();
        }
        if self.rx.pb_half.val() {
            self.fifo_ro.next = self.fifo_ro.val() | self.c_bit[1].val();
        }
        if self.rx.pb_full.val() {
            self.fifo_ro.next = self.fifo_ro.val() | self.c_bit[2].val();
        }
        self.bank.hw_in[6].next = self.fifo_ro.val();

        // ---- TX registers ----
        self.tx_set.next = self.c_zero.val();
        if self.phy_tx_fault.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[0].val();
        }
        if self.cnt_nak.wrapped[0].val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[1].val();
        }
        if self.tx.ev_restart_ovf.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[2].val();
        }
        if self.tx.ev_fb_mismatch.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[3].val();
        }
        if self.tx.ev_bad_header.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[4].val();
        }
        if self.tx.ev_fifo_ovf.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[5].val();
        }
        if self.tx.ev_buf_full.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[7].val();
        }
        if self.tx.ev_offline_write.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[8].val();
        }
        if self.tx.ev_fb_in_acc.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[9].val();
        }
        if self.tx.ev_fb_out_acc.val() {
            self.tx_set.next = self.tx_set.val() | self.c_bit[10].val();
        }
        self.bank.hw_set[8].next = self.tx_set.val();
        self.w_rcnt.x.next = self.tx.restart_cnt.val();
        self.tx_ro.next = self.w_rcnt.y.val() << self.c_sh16.val();
        if self.tx.fifo_not_empty.val() {
            self.tx_ro.next = self.tx_ro.val() | self.c_bit[28].val();
        }
        if self.tx.fifo_ge8.val() {
            self.tx_ro.next = self.tx_ro.val() | self.c_bit[29].val();
        }
        if self.tx.fifo_af.val() {
            self.tx_ro.next = self.tx_ro.val() | self.c_bit[30].val();
        }
        self.bank.hw_in[8].next = self.tx_ro.val();
        self.irq_tx.next =
            (self.bank.value[8].val() & self.bank.value[9].val() & self.c_en_mask.val())
                != self.c_zero.val();
        self.cnt_nak.inc[0].next = self.tx.ev_nak.val();
        self.cnt_nak.load.next = self.bank.wrote[13].val();
        self.cnt_nak.load_val.next = self.bank.pulse[13].val();
        self.bank.hw_in[13].next = self.cnt_nak.value.val();
        self.cnt_resend.inc[0].next = self.tx.ev_resend.val();
        self.cnt_resend.load.next = self.bank.wrote[14].val();
        self.cnt_resend.load_val.next = self.bank.pulse[14].val();
        self.bank.hw_in[14].next = self.cnt_resend.value.val();
        self.bank.hw_in[15].next = self.c_rev.val();

        // TX_CTRL: Done flags and status
        self.ctrl_set.next = self.c_zero.val();
        if self.tx_rst_r.q.val() {
            self.ctrl_set.next = self.ctrl_set.val() | self.c_bit[2].val();
        }
        if self.rx_rst_r.q.val() {
            self.ctrl_set.next = self.ctrl_set.val() | self.c_bit[6].val();
        }
        if self.dcm_cnt.q.val() == self.c_one5.val() {
            self.ctrl_set.next = self.ctrl_set.val() | self.c_bit[9].val();
        }
        if self.phy_cnt.q.val() == self.c_one5.val() {
            self.ctrl_set.next = self.ctrl_set.val() | self.c_bit[13].val();
        }
        self.bank.hw_set[10].next = self.ctrl_set.val();
        self.ctrl_ro.next = self.c_zero.val();
        if self.dcm_cnt.q.val() == self.c_zero5.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[10].val();
        }
        if self.tx.busy.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[20].val();
        }
        if self.tx.fifo_not_empty.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[21].val();
        }
        if self.tx.buf_not_empty.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[22].val();
        }
        if self.rx.busy.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[24].val();
        }
        if self.rx.rd_busy.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[25].val();
        }
        if self.rx.pb_not_empty.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[26].val();
        }
        if self.rx.descr_not_empty.val() {
            self.ctrl_ro.next = self.ctrl_ro.val() | self.c_bit[27].val();
        }
        self.bank.hw_in[10].next = self.ctrl_ro.val();

        // registers with no hardware input or events
        self.bank.hw_in[0].next = self.c_zero.val();
        self.bank.hw_in[1].next = self.c_zero.val();
        self.bank.hw_in[7].next = self.c_zero.val();
        self.bank.hw_in[9].next = self.c_zero.val();
        self.bank.hw_in[17].next = self.c_zero.val();
        for i in 0..22 {
            if (i != 0) && (i != 8) && (i != 10) {
                self.bank.hw_set[i].next = self.c_zero.val();
            }
        }
        // outputs this link does not use (lint sinks; the bank's outputs are generic)
        for i in 0..22 {
            self.sink_value[i].x.next = self.bank.value[i].val();
            self.sink_pulse[i].x.next = self.bank.pulse[i].val();
            self.sink_wrote[i].x.next = self.bank.wrote[i].val();
            self.sink_read[i].x.next = self.bank.was_read[i].val();
        }
        for i in 0..4 {
            self.sink_wrap[i].x.next = self.cnt_cmd.wrapped[i].val();
            self.sink_wrap[4 + i].x.next = self.cnt_rxh.wrapped[i].val();
        }
        for i in 0..3 {
            self.sink_wrap[8 + i].x.next = self.cnt_data.wrapped[i].val();
        }
        for i in 0..2 {
            self.sink_wrap[11 + i].x.next = self.cnt_flow.wrapped[i].val();
        }
        self.sink_wrap[13].x.next = self.cnt_resend.wrapped[0].val();
        self.sink_bitc.x.next = self.c_bit[12].val()
            | self.c_bit[14].val()
            | self.c_bit[15].val()
            | self.c_bit[16].val()
            | self.c_bit[17].val()
            | self.c_bit[18].val()
            | self.c_bit[19].val()
            | self.c_bit[23].val()
            | self.c_bit[31].val();
        self.unused_dbg.x.next = self.rx.expected.val();
    }
}

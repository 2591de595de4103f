//! The whole PPE (UUCS-95-013; blocks B1-B15 of the checklist): the host window of A.2.3
//! (`bus`, 1 KB, word locations at address bits 9:2, `nicgen_wire::ppe::host`), the send side
//! (`PpeTx`, XMT_RAM), the receive side (`PpeRxNode`: rslots, heads table, notifications,
//! queues), one host-memory master (`dma`: the send side's payload reads, the receive side's
//! writes), the injection and ejection ports and the interrupt line.
//!
//! **Window** (PPE-R001-R013): PCSR0 (reset, enable, incarnation, local_node_num; the reserved
//! bits read 0), PCSR1 (ready, int_hi, int_lo, idle, nbqr_empty, nbqr_full, send_desc_cnt = 4; a
//! write of 0 to int_hi or int_lo clears it, everything else ignores writes), NLHR and
//! RSLOT_LIMIT (bits 15:0), NQR and AQR (a read pops, writes ignored), NBQR (a write pushes, a
//! read answers 0), the pointers PXR_Ptr and PRR_Ptr (bits 15:2; the others read 0), the
//! static (`*_MEM`) and auto-increment (`*_MEM_INC`, the pointer + 4 after the access, wrapping
//! in 64 KB) windows, the send-descriptor page (0x100: XMT_RAM 0x0000-0x00FC) and the paged
//! windows (0x200: XMT_RAM {PXR_Ptr[14:8], offset}; 0x300: RCV_RAM {PRR_Ptr[15:8], offset}).
//! A bad access (an unaligned address, an offset with no register, a write to NQR or AQR) has
//! no effect and is answered `err` with 0, like every register bus of the project. XMT_RAM
//! addresses wrap at 32 KB.
//! RCV_RAM: byte addresses below 0x1000 are the 64 rslots (`PpeRx`'s table), 0xFF00 and up the
//! last received packet (header words at 0xFF00-0xFF1C, payload at 0xFF80-0xFFFC; read-only),
//! the rest the RAM the heads table lives in (docs/spec-decisions.md). A miscellaneous fabric
//! packet (address0.fab_bits not DATA_TYPE) clears PCSR0.enable, so it stays there until
//! software sets enable again (PPE-R015, R161, R162). An access is answered two cycles after
//! its strobe, later while the engines hold the RAM it reaches.
//!
//! **PCSR0** (PPE-R014-R020, R165-R176): `reset` holds both engines in reset (level, AMB-16):
//! descriptors idle and done, queues empty, packets in progress dropped; the window's registers
//! and the RAMs stay. ready (PCSR1) is 0 while it is set and rises two cycles after it clears
//! (the engines' reset is registered).
//! `enable` low: no packet is picked for injection and no new packet is taken from the fabric
//! (the ejection port holds it off); packets under way complete. idle: no packet in the send
//! engine or on the ports, no received packet or notification under way.

use super::rx_node::PpeRxNode;
use super::tx::PpeTx;
use crate::common::dma::DmaMaster;
use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use crate::common::regbank::RegBusSlave;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use nicgen_wire::ppe::host as hw;
use rust_hdl::prelude::*;

/// Host window address bits (1 KB).
pub const WIN_BITS: usize = 10;

const _: () = assert!(
    hw::PCSR0 == 0
        && hw::PCSR1 == 4
        && hw::NLHR == 8
        && hw::RSLOT_LIMIT == 0xC
        && hw::NQR == 0x14
        && hw::AQR == 0x18
        && hw::NBQR == 0x1C
        && hw::PXR_PTR == 0x40
        && hw::PXR_MEM == 0x44
        && hw::PXR_MEM_INC == 0x48
        && hw::PRR_PTR == 0x80
        && hw::PRR_MEM == 0x84
        && hw::PRR_MEM_INC == 0x88
        && hw::SEND_DESC_PAGE == 0x100
        && hw::XMT_PAGE == 0x200
        && hw::RCV_PAGE == 0x300
        && hw::RESET.lsb == 31
        && hw::ENABLE.lsb == 30
        && hw::INCARNATION.lsb == 16
        && hw::READY.lsb == 31
        && hw::INT_HI.lsb == 30
        && hw::INT_LO.lsb == 29
        && hw::IDLE.lsb == 28
        && hw::NBQR_EMPTY.lsb == 27
        && hw::NBQR_FULL.lsb == 26
        && hw::SEND_DESC_CNT.lsb == 16
        && hw::RSLOT_BYTES_TOTAL == 0x1000
);

// access targets
const T_REG: u64 = 0;
const T_QN: u64 = 1;
const T_QA: u64 = 2;
const T_X: u64 = 3;
const T_H: u64 = 4;
const T_G: u64 = 5;
const T_P: u64 = 6;

#[derive(LogicBlock, Ports)]
pub struct PpeNode {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high (power-on): every window register 0 (enable 0), both engines
    /// reset
    pub reset: Signal<In, Bit>,
    /// The host window (`common::regbank`'s bus, byte addresses 0x000-0x3FF, word locations at bits
    /// 9:2): answered two cycles after the strobe, three or more for an RCV_RAM word; offsets in
    /// `nicgen_wire::ppe::host`
    ///
    /// The host window (byte addresses; `common::regbank`'s bus).
    #[port]
    pub bus: RegBusSlave<WIN_BITS>,
    /// The interrupt level: int_hi or int_lo or an NBQR-emptied request
    pub irq: Signal<Out, Bit>,
    /// A notification write answered with an error (one cycle)
    pub note_err: Signal<Out, Bit>,
    /// Packets into the fabric (`ppe_tx`'s)
    #[port]
    pub tx: PacketSource<32, 4, 1>,
    /// Packets from the fabric (`ppe_rx_node`'s; held off while enable is 0 between packets)
    #[port]
    pub rx: PacketSink<32, 4, 1>,
    /// Host memory (`common::dma`, 32-bit beats): the send side's payload reads (tag = packet
    /// buffer), the receive side's payload and notification writes
    #[port]
    pub dma: DmaMaster<32, 2>,
    txe: PpeTx,
    rxn: PpeRxNode,
    pcsr0: DFF<Bits<32>>,
    nlhr: DFF<Bits<32>>,
    rlim: DFF<Bits<32>>,
    pxr: DFF<Bits<32>>,
    prr: DFF<Bits<32>>,
    rdy: DFF<Bit>,
    rx_in: DFF<Bit>,
    /// The access: 0 idle, 1 request (rslot or heads RAM), 3 capture the word read, 2 answer.
    st: DFF<Bits<2>>,
    a_t: DFF<Bits<3>>,
    a_we: DFF<Bit>,
    a_wd: DFF<Bits<32>>,
    a_x: DFF<Bits<13>>,
    a_r: DFF<Bits<14>>,
    a_rd: DFF<Bits<32>>,
    /// The answer is a word read from a port: `c_q`, `c_x`, `c_h` or `c_g` by the target.
    a_cap: DFF<Bit>,
    /// The access is a bad one: answered `err`.
    a_bad: DFF<Bit>,
    c_q: DFF<Bits<32>>,
    c_x: DFF<Bits<32>>,
    c_h: DFF<Bits<32>>,
    c_g: DFF<Bits<32>>,
    c_p: DFF<Bits<32>>,
    eng_rst: DFF<Bit>,
    /// The receive side's reset (power-on, or PCSR0.reset once no host-memory write is open).
    rx_rst: DFF<Bit>,
    /// PCSR0.reset was seen and the receive side is not yet reset: it finishes the host-memory
    /// writes it has open (their data and responses) and starts none.
    rx_rp: DFF<Bit>,
    /// Host-memory write requests taken whose response has not been taken.
    w_open: DFF<Bits<4>>,
    /// A write request is offered on the port and not yet taken (it stays offered).
    w_req_on: DFF<Bit>,
    rst_pend: Signal<Local, Bit>,
    rx_go: Signal<Local, Bit>,
    w_gate: Signal<Local, Bit>,
    /// PCSR0's next value.
    p0n: Signal<Local, Bits<32>>,
    sink_bits: [Unused<Bits<32>>; 2],
    en: Signal<Local, Bit>,
    w: Signal<Local, Bits<8>>,
    strobe: Signal<Local, Bit>,
    /// The access at the strobe is bad (unaligned, no register there, a write to a queue).
    bad: Signal<Local, Bit>,
    t: Signal<Local, Bits<3>>,
    xw: Signal<Local, Bits<13>>,
    lo16: Signal<Local, Bits<32>>,
    xa16: Signal<Local, Bits<32>>,
    ra16: Signal<Local, Bits<32>>,
    w_lo: Widen<8, 32>,
    rw: Signal<Local, Bits<14>>,
    rd: Signal<Local, Bits<32>>,
    pcsr1: Signal<Local, Bits<32>>,
    idle: Signal<Local, Bit>,
    rx_gate: Signal<Local, Bit>,
    c_t: [Constant<Bits<3>>; 7],
    c_st: [Constant<Bits<2>>; 3],
    c_w: [Constant<Bits<8>>; 13],
    c_page_d: Constant<Bits<2>>,
    c_page_x: Constant<Bits<2>>,
    c_page_r: Constant<Bits<2>>,
    c_zero32: Constant<Bits<32>>,
    c_zero2: Constant<Bits<2>>,
    c_four32: Constant<Bits<32>>,
    c_ptr_mask: Constant<Bits<32>>,
    c_lo16: Constant<Bits<32>>,
    c_page: Constant<Bits<32>>,
    c_word16: Constant<Bits<32>>,
    c_cap: Constant<Bits<2>>,
    c_pcsr0_mask: Constant<Bits<32>>,
    c_rslot_words: Constant<Bits<14>>,
    /// RCV_RAM word 0x3FC0 (byte 0xFF00): the packet buffer's window.
    c_pkt_words: Constant<Bits<14>>,
    /// Word bits 5:3 of the header block (0xFF00-0xFF1C).
    c_hdr_blk: Constant<Bits<3>>,
    c_reset: Constant<Bits<32>>,
    c_w0: Constant<Bits<4>>,
    c_w1: Constant<Bits<4>>,
    c_enable: Constant<Bits<32>>,
    c_ready: Constant<Bits<32>>,
    c_int_hi: Constant<Bits<32>>,
    c_int_lo: Constant<Bits<32>>,
    c_idle: Constant<Bits<32>>,
    c_nb_empty: Constant<Bits<32>>,
    c_nb_full: Constant<Bits<32>>,
    c_sd_cnt: Constant<Bits<32>>,
}

impl Default for PpeNode {
    fn default() -> Self {
        let wd = |o: u32| k(o as u64 / 4);
        Self {
            clock: Default::default(),
            reset: Default::default(),
            bus: Default::default(),
            irq: Default::default(),
            tx: Default::default(),
            rx: Default::default(),
            dma: Default::default(),
            txe: Default::default(),
            rxn: Default::default(),
            pcsr0: Default::default(),
            nlhr: Default::default(),
            rlim: Default::default(),
            pxr: Default::default(),
            prr: Default::default(),
            rdy: Default::default(),
            rx_in: Default::default(),
            st: Default::default(),
            a_t: Default::default(),
            a_we: Default::default(),
            a_wd: Default::default(),
            a_x: Default::default(),
            a_r: Default::default(),
            a_rd: Default::default(),
            a_cap: Default::default(),
            a_bad: Default::default(),
            c_q: Default::default(),
            c_x: Default::default(),
            c_h: Default::default(),
            c_g: Default::default(),
            c_p: Default::default(),
            c_pkt_words: k(0xFF00 / 4),
            c_hdr_blk: k(0),
            eng_rst: Default::default(),
            rx_rst: Default::default(),
            rx_rp: Default::default(),
            w_open: Default::default(),
            w_req_on: Default::default(),
            rst_pend: Default::default(),
            rx_go: Default::default(),
            w_gate: Default::default(),
            p0n: Default::default(),
            sink_bits: Default::default(),
            note_err: Default::default(),
            en: Default::default(),
            w: Default::default(),
            strobe: Default::default(),
            bad: Default::default(),
            t: Default::default(),
            xw: Default::default(),
            lo16: Default::default(),
            xa16: Default::default(),
            ra16: Default::default(),
            w_lo: Default::default(),
            rw: Default::default(),
            rd: Default::default(),
            pcsr1: Default::default(),
            idle: Default::default(),
            rx_gate: Default::default(),
            c_t: [T_REG, T_QN, T_QA, T_X, T_H, T_G, T_P].map(k),
            c_st: std::array::from_fn(|i| k(i as u64)),
            c_w: [
                wd(hw::PCSR0),
                wd(hw::PCSR1),
                wd(hw::NLHR),
                wd(hw::RSLOT_LIMIT),
                wd(hw::NQR),
                wd(hw::AQR),
                wd(hw::NBQR),
                wd(hw::PXR_PTR),
                wd(hw::PXR_MEM),
                wd(hw::PXR_MEM_INC),
                wd(hw::PRR_PTR),
                wd(hw::PRR_MEM),
                wd(hw::PRR_MEM_INC),
            ],
            c_page_d: k(1),
            c_page_x: k(2),
            c_page_r: k(3),
            c_zero32: k(0),
            c_zero2: k(0),
            c_four32: k(4),
            c_ptr_mask: k(0xFFFC),
            c_lo16: k(0xFFFF),
            c_page: k(0xFF00),
            c_word16: k(0xFC),
            c_cap: k(3),
            c_pcsr0_mask: k((hw::RESET.mask()
                | hw::ENABLE.mask()
                | hw::INCARNATION.mask()
                | hw::LOCAL_NODE_NUM.mask()) as u64),
            c_rslot_words: k(hw::RSLOT_BYTES_TOTAL as u64 / 4),
            c_reset: k(hw::RESET.mask() as u64),
            c_w0: k(0),
            c_w1: k(1),
            c_enable: k(hw::ENABLE.mask() as u64),
            c_ready: k(hw::READY.mask() as u64),
            c_int_hi: k(hw::INT_HI.mask() as u64),
            c_int_lo: k(hw::INT_LO.mask() as u64),
            c_idle: k(hw::IDLE.mask() as u64),
            c_nb_empty: k(hw::NBQR_EMPTY.mask() as u64),
            c_nb_full: k(hw::NBQR_FULL.mask() as u64),
            c_sd_cnt: k(hw::SEND_DESC_CNT.set(0, 4) as u64),
        }
    }
}

impl Logic for PpeNode {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, pcsr0, nlhr, rlim, pxr, prr, rdy, rx_in, eng_rst, rx_rst, rx_rp, w_open,
            w_req_on, st, a_t, a_we, a_wd, a_x, a_r, a_rd, a_cap, a_bad, c_q, c_x, c_h, c_g, c_p
        );
        clock!(self, clock, txe, rxn);
        // the engines' reset, registered: power-on or PCSR0.reset
        self.eng_rst.d.next =
            self.reset.val() || ((self.pcsr0.q.val() & self.c_reset.val()) != self.c_zero32.val());
        self.txe.reset.next = self.eng_rst.q.val();
        // the receive side's reset waits until its host-memory writes are complete, so the
        // write port never sees a request whose data or response is abandoned (the send side
        // keeps its own read requests whole, `PpeTx`)
        self.rst_pend.next = ((self.pcsr0.q.val() & self.c_reset.val()) != self.c_zero32.val())
            || self.rx_rp.q.val();
        self.rx_go.next = self.rst_pend.val()
            && (self.w_open.q.val() == self.c_w0.val())
            && !self.w_req_on.q.val();
        self.rx_rst.d.next = self.reset.val() || self.rx_go.val();
        self.rx_rp.d.next = self.rst_pend.val() && !self.rx_go.val() && !self.reset.val();
        self.rxn.reset.next = self.rx_rst.q.val();
        self.rdy.d.next = !self.eng_rst.q.val() && !self.rx_rst.q.val() && !self.rx_rp.q.val();
        self.en.next =
            self.rdy.q.val() && ((self.pcsr0.q.val() & self.c_enable.val()) != self.c_zero32.val());
        // a received frame goes on to the engine only while enabled: a miscellaneous packet
        // stays readable, and a quiesced node's next frame waits (idle holds)
        // (spelled out: a shared local would make Verilator see a loop through the link's ready)
        self.rxn.promote.next =
            self.rdy.q.val() && ((self.pcsr0.q.val() & self.c_enable.val()) != self.c_zero32.val());

        // ---- the engines ----
        self.txe.en.next = self.en.val();
        self.txe.node.next = self.pcsr0.q.val().get_bits::<16>(0);
        PacketSource::<32, 4, 1>::link(&mut self.tx, &mut self.txe.tx);
        self.rxn.local_node.next = self.pcsr0.q.val().get_bits::<16>(0);
        self.rxn.incarnation.next = self.pcsr0.q.val().get_bits::<4>(16);
        self.rxn.rslot_limit.next = self.rlim.q.val().get_bits::<16>(0);
        self.rxn.nlhr.next = self.nlhr.q.val().get_bits::<16>(0);
        self.rxn.tn_valid.next = self.txe.nt_valid.val();
        self.rxn.tn_list.next = self.txe.nt_list.val();
        self.txe.nt_ready.next = self.rxn.tn_ready.val();
        self.irq.next = self.rxn.irq.val();
        self.note_err.next = self.rxn.note_err.val();
        // ejection: a new packet only while enabled; one under way completes
        self.rx_gate.next = self.rx_in.q.val() || self.en.val();
        self.rxn.rx.data.next = self.rx.data.val();
        self.rxn.rx.keep.next = self.rx.keep.val();
        self.rxn.rx.meta.next = self.rx.meta.val();
        self.rxn.rx.first.next = self.rx.first.val();
        self.rxn.rx.last.next = self.rx.last.val();
        self.rxn.rx.valid.next = self.rx.valid.val() && self.rx_gate.val();
        self.rx.ready.next = self.rxn.rx.ready.val() && self.rx_gate.val();
        if self.rx.valid.val() && self.rx.ready.val() {
            self.rx_in.d.next = !self.rx.last.val();
        }
        if self.rx_rst.q.val() {
            self.rx_in.d.next = false;
        }
        // host memory: reads from the send side, writes from the receive side
        self.dma.rd_req_addr.next = self.txe.dma.rd_req_addr.val();
        self.dma.rd_req_beats.next = self.txe.dma.rd_req_beats.val();
        self.dma.rd_req_tag.next = self.txe.dma.rd_req_tag.val();
        self.dma.rd_req_valid.next = self.txe.dma.rd_req_valid.val();
        self.txe.dma.rd_req_ready.next = self.dma.rd_req_ready.val();
        self.txe.dma.rd_rsp_data.next = self.dma.rd_rsp_data.val();
        self.txe.dma.rd_rsp_tag.next = self.dma.rd_rsp_tag.val();
        self.txe.dma.rd_rsp_last.next = self.dma.rd_rsp_last.val();
        self.txe.dma.rd_rsp_err.next = self.dma.rd_rsp_err.val();
        self.txe.dma.rd_rsp_valid.next = self.dma.rd_rsp_valid.val();
        self.dma.rd_rsp_ready.next = self.txe.dma.rd_rsp_ready.val();
        self.dma.wr_req_addr.next = self.rxn.dma.wr_req_addr.val();
        self.dma.wr_req_beats.next = self.rxn.dma.wr_req_beats.val();
        // no new write request while the receive side's reset is pending
        self.w_gate.next = !self.rst_pend.val() || self.w_req_on.q.val();
        self.dma.wr_req_valid.next = self.rxn.dma.wr_req_valid.val() && self.w_gate.val();
        self.rxn.dma.wr_req_ready.next = self.dma.wr_req_ready.val() && self.w_gate.val();
        self.w_req_on.d.next =
            self.rxn.dma.wr_req_valid.val() && self.w_gate.val() && !self.dma.wr_req_ready.val();
        if self.rxn.dma.wr_req_valid.val() && self.w_gate.val() && self.dma.wr_req_ready.val() {
            if !(self.dma.wr_rsp_valid.val() && self.rxn.dma.wr_rsp_ready.val()) {
                self.w_open.d.next = self.w_open.q.val() + self.c_w1.val();
            }
        } else if self.dma.wr_rsp_valid.val() && self.rxn.dma.wr_rsp_ready.val() {
            self.w_open.d.next = self.w_open.q.val() - self.c_w1.val();
        }
        self.dma.wr_dat_data.next = self.rxn.dma.wr_dat_data.val();
        self.dma.wr_dat_last.next = self.rxn.dma.wr_dat_last.val();
        self.dma.wr_dat_valid.next = self.rxn.dma.wr_dat_valid.val();
        self.rxn.dma.wr_dat_ready.next = self.dma.wr_dat_ready.val();
        self.rxn.dma.wr_rsp_err.next = self.dma.wr_rsp_err.val();
        self.rxn.dma.wr_rsp_valid.next = self.dma.wr_rsp_valid.val();
        self.dma.wr_rsp_ready.next = self.rxn.dma.wr_rsp_ready.val();

        // ---- PCSR1 ----
        // a packet offered but held off (enable 0) is not being ejected
        self.idle.next = !self.txe.active.val() && !self.rxn.busy.val() && !self.rx_in.q.val();
        self.pcsr1.next = self.c_sd_cnt.val();
        if self.rdy.q.val() {
            self.pcsr1.next = self.pcsr1.val() | self.c_ready.val();
        }
        if self.rxn.int_hi.val() {
            self.pcsr1.next = self.pcsr1.val() | self.c_int_hi.val();
        }
        if self.rxn.int_lo.val() {
            self.pcsr1.next = self.pcsr1.val() | self.c_int_lo.val();
        }
        if self.idle.val() {
            self.pcsr1.next = self.pcsr1.val() | self.c_idle.val();
        }
        if self.rxn.nbqr_empty.val() {
            self.pcsr1.next = self.pcsr1.val() | self.c_nb_empty.val();
        }
        if self.rxn.nbqr_full.val() {
            self.pcsr1.next = self.pcsr1.val() | self.c_nb_full.val();
        }

        // ---- the host window ----
        self.p0n.next = self.pcsr0.q.val();
        self.strobe.next = (self.st.q.val() == self.c_st[0].val())
            && (self.bus.write.val() || self.bus.read.val());
        self.w.next = self.bus.addr.val().get_bits::<8>(2);
        self.w_lo.x.next = self.bus.addr.val().get_bits::<8>(0);
        self.lo16.next = self.w_lo.y.val() & self.c_word16.val();
        self.xa16.next = (self.pxr.q.val() & self.c_page.val()) | self.lo16.val();
        self.ra16.next = (self.prr.q.val() & self.c_page.val()) | self.lo16.val();
        // the target and its word: the pages by address bits 9:8, the registers below
        self.t.next = self.c_t[0].val();
        self.xw.next = self.lo16.val().get_bits::<13>(2);
        self.rw.next = self.ra16.val().get_bits::<14>(2);
        if self.w.val().get_bits::<2>(6) == self.c_page_d.val() {
            self.t.next = self.c_t[3].val();
        }
        if self.w.val().get_bits::<2>(6) == self.c_page_x.val() {
            self.t.next = self.c_t[3].val();
            self.xw.next = self.xa16.val().get_bits::<13>(2);
        }
        if self.w.val().get_bits::<2>(6) == self.c_page_r.val() {
            self.t.next = self.c_t[5].val();
        }
        if (self.w.val() == self.c_w[8].val()) || (self.w.val() == self.c_w[9].val()) {
            self.t.next = self.c_t[3].val();
            self.xw.next = self.pxr.q.val().get_bits::<13>(2);
        }
        if (self.w.val() == self.c_w[11].val()) || (self.w.val() == self.c_w[12].val()) {
            self.t.next = self.c_t[5].val();
            self.rw.next = self.prr.q.val().get_bits::<14>(2);
        }
        if self.bus.read.val() && (self.w.val() == self.c_w[4].val()) {
            self.t.next = self.c_t[1].val();
        }
        if self.bus.read.val() && (self.w.val() == self.c_w[5].val()) {
            self.t.next = self.c_t[2].val();
        }
        // RCV_RAM: the rslots below 0x1000, the heads table's RAM above
        if (self.t.val() == self.c_t[5].val()) && (self.rw.val() < self.c_rslot_words.val()) {
            self.t.next = self.c_t[4].val();
        }
        // 0xFF00 and up: the last received packet (header at 0xFF00, payload at 0xFF80)
        if (self.t.val() == self.c_t[5].val()) && (self.rw.val() >= self.c_pkt_words.val()) {
            self.t.next = self.c_t[6].val();
        }
        // a bad access reaches nothing: a register word with no register (NQR and AQR are one
        // only for a read), or an unaligned address
        self.bad.next = (self.t.val() == self.c_t[0].val())
            && (self.w.val() != self.c_w[0].val())
            && (self.w.val() != self.c_w[1].val())
            && (self.w.val() != self.c_w[2].val())
            && (self.w.val() != self.c_w[3].val())
            && (self.w.val() != self.c_w[6].val())
            && (self.w.val() != self.c_w[7].val())
            && (self.w.val() != self.c_w[10].val());
        if self.bus.addr.val().get_bits::<2>(0) != self.c_zero2.val() {
            self.bad.next = true;
        }
        if self.bad.val() {
            self.t.next = self.c_t[0].val();
        }
        // a register read's word
        self.rd.next = self.c_zero32.val();
        if self.w.val() == self.c_w[0].val() {
            self.rd.next = self.pcsr0.q.val();
        }
        if self.w.val() == self.c_w[1].val() {
            self.rd.next = self.pcsr1.val();
        }
        if self.w.val() == self.c_w[2].val() {
            self.rd.next = self.nlhr.q.val();
        }
        if self.w.val() == self.c_w[3].val() {
            self.rd.next = self.rlim.q.val();
        }
        if self.w.val() == self.c_w[7].val() {
            self.rd.next = self.pxr.q.val();
        }
        if self.w.val() == self.c_w[10].val() {
            self.rd.next = self.prr.q.val();
        }

        // the ports reached at the strobe: XMT_RAM, the queues
        self.txe.x_addr.next = self.xw.val();
        self.txe.x_wdata.next = self.bus.wdata.val();
        self.txe.x_write.next =
            self.strobe.val() && self.bus.write.val() && (self.t.val() == self.c_t[3].val());
        self.txe.x_read.next =
            self.strobe.val() && self.bus.read.val() && (self.t.val() == self.c_t[3].val());
        self.rxn.q_pop_nqr.next = self.strobe.val() && (self.t.val() == self.c_t[1].val());
        self.rxn.q_pop_aqr.next = self.strobe.val() && (self.t.val() == self.c_t[2].val());
        self.rxn.q_push_nbqr.next = self.strobe.val()
            && !self.bad.val()
            && self.bus.write.val()
            && (self.w.val() == self.c_w[6].val());
        self.rxn.q_wdata.next = self.bus.wdata.val();
        self.rxn.q_clear_hi.next = self.strobe.val()
            && !self.bad.val()
            && self.bus.write.val()
            && (self.w.val() == self.c_w[1].val())
            && ((self.bus.wdata.val() & self.c_int_hi.val()) == self.c_zero32.val());
        self.rxn.q_clear_lo.next = self.strobe.val()
            && !self.bad.val()
            && self.bus.write.val()
            && (self.w.val() == self.c_w[1].val())
            && ((self.bus.wdata.val() & self.c_int_lo.val()) == self.c_zero32.val());
        // the RAM ports reached from the request state
        self.rxn.h_addr.next = self.a_r.q.val().get_bits::<10>(0);
        self.rxn.h_wdata.next = self.a_wd.q.val();
        self.rxn.h_we.next = (self.st.q.val() == self.c_st[1].val())
            && (self.a_t.q.val() == self.c_t[4].val())
            && self.a_we.q.val();
        self.rxn.h_re.next = (self.st.q.val() == self.c_st[1].val())
            && (self.a_t.q.val() == self.c_t[4].val())
            && !self.a_we.q.val();
        self.rxn.g_addr.next = self.a_r.q.val();
        self.rxn.pb_addr.next = self.a_r.q.val().get_bits::<5>(0);
        self.rxn.hb_sel.next = self.a_r.q.val().get_bits::<3>(0);
        self.rxn.g_wdata.next = self.a_wd.q.val();
        self.rxn.g_we.next = (self.st.q.val() == self.c_st[1].val())
            && (self.a_t.q.val() == self.c_t[5].val())
            && self.a_we.q.val();

        self.sink_bits[0].x.next = self.xa16.val();
        self.sink_bits[1].x.next = self.ra16.val();
        self.bus.ready.next = self.st.q.val() == self.c_st[2].val();
        self.bus.err.next = (self.st.q.val() == self.c_st[2].val()) && self.a_bad.q.val();
        self.bus.rdata.next = self.a_rd.q.val();
        if self.a_cap.q.val() && !self.a_we.q.val() {
            if (self.a_t.q.val() == self.c_t[1].val()) || (self.a_t.q.val() == self.c_t[2].val()) {
                self.bus.rdata.next = self.c_q.q.val();
            }
            if self.a_t.q.val() == self.c_t[3].val() {
                self.bus.rdata.next = self.c_x.q.val();
            }
            if self.a_t.q.val() == self.c_t[4].val() {
                self.bus.rdata.next = self.c_h.q.val();
            }
            if self.a_t.q.val() == self.c_t[5].val() {
                self.bus.rdata.next = self.c_g.q.val();
            }
            if self.a_t.q.val() == self.c_t[6].val() {
                self.bus.rdata.next = self.c_p.q.val();
            }
        }
        if self.strobe.val() {
            self.a_t.d.next = self.t.val();
            self.a_we.d.next = self.bus.write.val();
            self.a_wd.d.next = self.bus.wdata.val();
            self.a_r.d.next = self.rw.val();
            self.a_rd.d.next = self.rd.val();
            self.a_cap.d.next = false;
            self.a_bad.d.next = self.bad.val();
            if self.bad.val() {
                self.a_rd.d.next = self.c_zero32.val();
            }
            self.st.d.next = self.c_st[2].val();
            if (self.t.val() == self.c_t[1].val())
                || (self.t.val() == self.c_t[2].val())
                || (self.t.val() == self.c_t[3].val())
            {
                self.st.d.next = self.c_cap.val();
            }
            if (self.t.val() == self.c_t[4].val())
                || (self.t.val() == self.c_t[5].val())
                || (self.t.val() == self.c_t[6].val())
            {
                self.st.d.next = self.c_st[1].val();
            }
            // register writes, pointer increments
            if self.bus.write.val() && !self.bad.val() {
                if self.w.val() == self.c_w[0].val() {
                    self.p0n.next = self.bus.wdata.val() & self.c_pcsr0_mask.val();
                }
                if self.w.val() == self.c_w[2].val() {
                    self.nlhr.d.next = self.bus.wdata.val() & self.c_lo16.val();
                }
                if self.w.val() == self.c_w[3].val() {
                    self.rlim.d.next = self.bus.wdata.val() & self.c_lo16.val();
                }
                if self.w.val() == self.c_w[7].val() {
                    self.pxr.d.next = self.bus.wdata.val() & self.c_ptr_mask.val();
                }
                if self.w.val() == self.c_w[10].val() {
                    self.prr.d.next = self.bus.wdata.val() & self.c_ptr_mask.val();
                }
            }
            if !self.bad.val() && (self.w.val() == self.c_w[9].val()) {
                self.pxr.d.next = (self.pxr.q.val() + self.c_four32.val()) & self.c_ptr_mask.val();
            }
            if !self.bad.val() && (self.w.val() == self.c_w[12].val()) {
                self.prr.d.next = (self.prr.q.val() + self.c_four32.val()) & self.c_ptr_mask.val();
            }
        }
        if self.st.q.val() == self.c_st[1].val() {
            if ((self.a_t.q.val() == self.c_t[4].val()) && self.rxn.h_ready.val())
                || ((self.a_t.q.val() == self.c_t[5].val()) && self.rxn.g_ready.val())
                || (self.a_t.q.val() == self.c_t[6].val())
            {
                self.st.d.next = self.c_cap.val();
                if self.a_we.q.val() {
                    self.st.d.next = self.c_st[2].val();
                }
            }
        }
        // the word read, each source into its own register (a block RAM's output goes
        // straight into a flop); the answer picks one
        if self.st.q.val() == self.c_cap.val() {
            self.st.d.next = self.c_st[2].val();
            self.a_cap.d.next = true;
            self.c_q.d.next = self.rxn.q_rdata.val();
            self.c_x.d.next = self.txe.x_rdata.val();
            self.c_h.d.next = self.rxn.h_rdata.val();
            self.c_g.d.next = self.rxn.g_rdata.val();
            self.c_p.d.next = self.c_zero32.val();
            if self.a_r.q.val().get_bits::<3>(3) == self.c_hdr_blk.val() {
                self.c_p.d.next = self.rxn.hb_data.val();
            }
            if self.a_r.q.val().get_bit(5) {
                self.c_p.d.next = self.rxn.pb_data.val();
            }
            self.a_rd.d.next = self.c_zero32.val();
        }
        if self.st.q.val() == self.c_st[2].val() {
            self.st.d.next = self.c_st[0].val();
        }
        // a miscellaneous fabric packet clears enable (PPE-R015, R161), after a host write
        if self.rxn.misc.val() {
            self.p0n.next = self.p0n.val() & !self.c_enable.val();
        }
        self.pcsr0.d.next = self.p0n.val();
        if self.reset.val() {
            self.pcsr0.d.next = self.c_zero32.val();
            self.nlhr.d.next = self.c_zero32.val();
            self.rlim.d.next = self.c_zero32.val();
            self.pxr.d.next = self.c_zero32.val();
            self.prr.d.next = self.c_zero32.val();
            self.st.d.next = self.c_st[0].val();
        }
    }
}

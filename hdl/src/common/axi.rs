//! AXI4 (AMBA AXI4, ARM IHI 0022): the manager/subordinate interface pair (64-bit addresses,
//! `D` data bits, `S` = D/8 strobes, `I` ID bits; AxLOCK, AxCACHE, AxPROT and AxQOS carried,
//! driven from `AXCACHE`, `AXPROT`, `AXQOS`; AxREGION and USER, zero-width here, are not) and
//! `DmaToAxi4`, the adapter that puts the project's DMA interface (`common::dma`) on an AXI4
//! manager port.
//!
//! The adapter's AXI behaviour: INCR bursts of full-width beats (AxSIZE = log2(D/8)), never
//! longer than 256 beats and never crossing a 4 KB boundary (A3.4.1); a DMA request is split
//! into as many bursts as that takes. Reads: ARID = the DMA tag, so reads of different tags
//! proceed and complete out of order, and R beats pass straight to the DMA read response; RLAST
//! of a request's final burst is its `last`; RRESP SLVERR or DECERR sets `err` on the beat.
//! Writes: one DMA write request at a time; each burst's AW goes before its W beats (WLAST on
//! the burst's final beat, WSTRB all ones); the DMA write response follows the last burst's B,
//! `err` if any burst answered SLVERR or DECERR or the data stream's `last` was misplaced. A VALID the adapter drives is raised without
//! waiting for READY and held with its payload until the handshake (A3.2.1).

use crate::common::dma::{DmaSlave, DmaWrSlave};
use crate::common::skid::Pipe;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// AXI4 manager side.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "Axi4Slave"]
pub struct Axi4Master<const D: usize, const S: usize, const I: usize> {
    pub awid: Signal<Out, Bits<I>>,
    pub awaddr: Signal<Out, Bits<64>>,
    pub awlen: Signal<Out, Bits<8>>,
    pub awsize: Signal<Out, Bits<3>>,
    pub awburst: Signal<Out, Bits<2>>,
    pub awlock: Signal<Out, Bit>,
    pub awcache: Signal<Out, Bits<4>>,
    pub awprot: Signal<Out, Bits<3>>,
    pub awqos: Signal<Out, Bits<4>>,
    pub awvalid: Signal<Out, Bit>,
    pub awready: Signal<In, Bit>,
    pub wdata: Signal<Out, Bits<D>>,
    pub wstrb: Signal<Out, Bits<S>>,
    pub wlast: Signal<Out, Bit>,
    pub wvalid: Signal<Out, Bit>,
    pub wready: Signal<In, Bit>,
    pub bid: Signal<In, Bits<I>>,
    pub bresp: Signal<In, Bits<2>>,
    pub bvalid: Signal<In, Bit>,
    pub bready: Signal<Out, Bit>,
    pub arid: Signal<Out, Bits<I>>,
    pub araddr: Signal<Out, Bits<64>>,
    pub arlen: Signal<Out, Bits<8>>,
    pub arsize: Signal<Out, Bits<3>>,
    pub arburst: Signal<Out, Bits<2>>,
    pub arlock: Signal<Out, Bit>,
    pub arcache: Signal<Out, Bits<4>>,
    pub arprot: Signal<Out, Bits<3>>,
    pub arqos: Signal<Out, Bits<4>>,
    pub arvalid: Signal<Out, Bit>,
    pub arready: Signal<In, Bit>,
    pub rid: Signal<In, Bits<I>>,
    pub rdata: Signal<In, Bits<D>>,
    pub rresp: Signal<In, Bits<2>>,
    pub rlast: Signal<In, Bit>,
    pub rvalid: Signal<In, Bit>,
    pub rready: Signal<Out, Bit>,
}

/// AXI4 subordinate side.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "Axi4Master"]
pub struct Axi4Slave<const D: usize, const S: usize, const I: usize> {
    pub awid: Signal<In, Bits<I>>,
    pub awaddr: Signal<In, Bits<64>>,
    pub awlen: Signal<In, Bits<8>>,
    pub awsize: Signal<In, Bits<3>>,
    pub awburst: Signal<In, Bits<2>>,
    pub awlock: Signal<In, Bit>,
    pub awcache: Signal<In, Bits<4>>,
    pub awprot: Signal<In, Bits<3>>,
    pub awqos: Signal<In, Bits<4>>,
    pub awvalid: Signal<In, Bit>,
    pub awready: Signal<Out, Bit>,
    pub wdata: Signal<In, Bits<D>>,
    pub wstrb: Signal<In, Bits<S>>,
    pub wlast: Signal<In, Bit>,
    pub wvalid: Signal<In, Bit>,
    pub wready: Signal<Out, Bit>,
    pub bid: Signal<Out, Bits<I>>,
    pub bresp: Signal<Out, Bits<2>>,
    pub bvalid: Signal<Out, Bit>,
    pub bready: Signal<In, Bit>,
    pub arid: Signal<In, Bits<I>>,
    pub araddr: Signal<In, Bits<64>>,
    pub arlen: Signal<In, Bits<8>>,
    pub arsize: Signal<In, Bits<3>>,
    pub arburst: Signal<In, Bits<2>>,
    pub arlock: Signal<In, Bit>,
    pub arcache: Signal<In, Bits<4>>,
    pub arprot: Signal<In, Bits<3>>,
    pub arqos: Signal<In, Bits<4>>,
    pub arvalid: Signal<In, Bit>,
    pub arready: Signal<Out, Bit>,
    pub rid: Signal<Out, Bits<I>>,
    pub rdata: Signal<Out, Bits<D>>,
    pub rresp: Signal<Out, Bits<2>>,
    pub rlast: Signal<Out, Bit>,
    pub rvalid: Signal<Out, Bit>,
    pub rready: Signal<In, Bit>,
}

/// The transaction attributes every AXI4 manager of the project drives, on AW and AR alike
/// (each adapter holds them as constants; AxLOCK 0, normal access, A7.4): AxCACHE Normal
/// Non-cacheable Bufferable (A4.4: what Xilinx's DMA IP drive; a write buffer may answer).
pub const AXCACHE: u64 = 0b0011;
/// AxPROT: unprivileged, secure, data access (A4.7).
pub const AXPROT: u64 = 0b000;
/// AxQOS: no QoS scheme (A8.1).
pub const AXQOS: u64 = 0;

/// AXI burst type INCR (A3.4.1).
pub const BURST_INCR: u64 = 0b01;

/// Beats a burst from `addr` may have: at most 256 and not past the next 4 KB boundary.
pub fn burst_beats(addr: u64, beats_left: u64, beat_bytes: u64) -> u64 {
    let to_4k = (4096 - (addr & 0xFFF)) / beat_bytes;
    beats_left.min(256).min(to_4k)
}

/// The DMA interface (tags of `I` bits) on an AXI4 manager port with 64-bit data (8-byte
/// beats). `N` = 2^I, the number of tags. Burst arithmetic is in bytes, on 64 bits.
#[derive(LogicBlock, Ports)]
pub struct DmaToAxi4<const I: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: drops the requests in progress (only between transfers: AXI
    /// has no abort)
    pub reset: Signal<In, Bit>,
    /// DMA interface, memory side (`common::dma`): `rd_req` (addr, beats, tag) -> `rd_rsp` (data,
    /// tag, last, err; out of order across tags), `wr_req` (addr, beats) + `wr_dat` (data, last) ->
    /// `wr_rsp` (err, in request order); valid/ready handshakes
    #[port]
    pub dma: DmaSlave<64, I>,
    /// AXI4 manager port (64-bit addresses and data, 4 ID bits; `common::axi`): INCR bursts of full
    /// beats, at most 256 beats, never across 4 KB; ARID = DMA tag; one write request at a time
    #[port]
    pub m_axi: Axi4Master<64, 8, I>,
    c_cache: Constant<Bits<4>>,
    c_prot: Constant<Bits<3>>,
    c_qos: Constant<Bits<4>>,
    // read: the request being split into bursts (bytes left)
    rd_busy: DFF<Bit>,
    rd_addr: DFF<Bits<64>>,
    rd_left: DFF<Bits<64>>,
    rd_tag: DFF<Bits<I>>,
    ar_bytes: Signal<Local, Bits<64>>,
    ar_to_4k: Signal<Local, Bits<64>>,
    ar_len: Signal<Local, Bits<64>>,
    /// Per tag: bursts issued and not yet ended by RLAST; all bursts of the request issued.
    out_bursts: [DFF<Bits<13>>; N],
    issued_all: [DFF<Bit>; N],
    tag_val: [Constant<Bits<I>>; N],
    // write: one request at a time, AW of a burst then its W beats
    wr_busy: DFF<Bit>,
    wr_addr: DFF<Bits<64>>,
    wr_left: DFF<Bits<64>>,
    wr_phase_w: DFF<Bit>,
    wr_burst_left: DFF<Bits<64>>,
    wr_bursts_out: DFF<Bits<13>>,
    wr_err: DFF<Bit>,
    wr_rsp: DFF<Bit>,
    aw_bytes: Signal<Local, Bits<64>>,
    aw_to_4k: Signal<Local, Bits<64>>,
    aw_len: Signal<Local, Bits<64>>,
    w_rd_beats: Widen<13, 64>,
    w_wr_beats: Widen<13, 64>,
    sink_bid: Unused<Bits<I>>,
    sink_resp: [Unused<Bits<2>>; 2],
    sink_len: [Unused<Bits<64>>; 2],
    c_page_mask: Constant<Bits<64>>,
    c_page: Constant<Bits<64>>,
    c_max_bytes: Constant<Bits<64>>,
    c_beat: Constant<Bits<64>>,
    c_zero64: Constant<Bits<64>>,
    c_shift3: Constant<Bits<64>>,
    c_one13: Constant<Bits<13>>,
    c_zero13: Constant<Bits<13>>,
    c_size: Constant<Bits<3>>,
    c_incr: Constant<Bits<2>>,
    c_strb: Constant<Bits<8>>,
    c_zero_id: Constant<Bits<I>>,
}

impl<const I: usize, const N: usize> Default for DmaToAxi4<I, N> {
    fn default() -> Self {
        assert_eq!(N, 1 << I, "DmaToAxi4<{I}, {N}>: N must be 2^I");
        let k = |v: u64| Constant::new(v.into());
        Self {
            clock: Default::default(),
            reset: Default::default(),
            dma: Default::default(),
            m_axi: Default::default(),
            c_cache: Constant::new(AXCACHE.into()),
            c_prot: Constant::new(AXPROT.into()),
            c_qos: Constant::new(AXQOS.into()),
            rd_busy: Default::default(),
            rd_addr: Default::default(),
            rd_left: Default::default(),
            rd_tag: Default::default(),
            ar_bytes: Default::default(),
            ar_to_4k: Default::default(),
            ar_len: Default::default(),
            out_bursts: std::array::from_fn(|_| Default::default()),
            issued_all: std::array::from_fn(|_| Default::default()),
            tag_val: std::array::from_fn(|i| Constant::new((i as u64).into())),
            wr_busy: Default::default(),
            wr_addr: Default::default(),
            wr_left: Default::default(),
            wr_phase_w: Default::default(),
            wr_burst_left: Default::default(),
            wr_bursts_out: Default::default(),
            wr_err: Default::default(),
            wr_rsp: Default::default(),
            aw_bytes: Default::default(),
            aw_to_4k: Default::default(),
            aw_len: Default::default(),
            w_rd_beats: Default::default(),
            w_wr_beats: Default::default(),
            sink_bid: Default::default(),
            sink_resp: Default::default(),
            sink_len: Default::default(),
            c_page_mask: k(0xFFF),
            c_page: k(4096),
            c_max_bytes: k(256 * 8),
            c_beat: k(8),
            c_zero64: k(0),
            c_shift3: k(3),
            c_one13: Constant::new(1u64.into()),
            c_zero13: Constant::new(0u64.into()),
            c_size: Constant::new(3u64.into()),
            c_incr: Constant::new(BURST_INCR.into()),
            c_strb: Constant::new(0xFFu64.into()),
            c_zero_id: Constant::new(0u64.into()),
        }
    }
}

impl<const I: usize, const N: usize> Logic for DmaToAxi4<I, N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            rd_busy,
            rd_addr,
            rd_left,
            rd_tag,
            wr_busy,
            wr_addr,
            wr_left,
            wr_phase_w,
            wr_burst_left,
            wr_bursts_out,
            wr_err,
            wr_rsp
        );
        for i in 0..N {
            self.out_bursts[i].clock.next = self.clock.val();
            self.issued_all[i].clock.next = self.clock.val();
            self.out_bursts[i].d.next = self.out_bursts[i].q.val();
            self.issued_all[i].d.next = self.issued_all[i].q.val();
        }
        self.w_rd_beats.x.next = self.dma.rd_req_beats.val();
        self.w_wr_beats.x.next = self.dma.wr_req_beats.val();
        self.sink_bid.x.next = self.m_axi.bid.val();
        self.sink_resp[0].x.next = self.m_axi.bresp.val();
        self.sink_resp[1].x.next = self.m_axi.rresp.val();

        // ---- reads: split the request into AR bursts: <= 256 beats, not past 4 KB ----
        self.ar_to_4k.next = self.c_page.val() - (self.rd_addr.q.val() & self.c_page_mask.val());
        self.ar_bytes.next = self.rd_left.q.val();
        if self.ar_bytes.val() > self.c_max_bytes.val() {
            self.ar_bytes.next = self.c_max_bytes.val();
        }
        if self.ar_bytes.val() > self.ar_to_4k.val() {
            self.ar_bytes.next = self.ar_to_4k.val();
        }
        self.ar_len.next = (self.ar_bytes.val() >> self.c_shift3.val())
            - (self.c_beat.val() >> self.c_shift3.val());
        self.sink_len[0].x.next = self.ar_len.val();
        self.dma.rd_req_ready.next = !self.rd_busy.q.val();
        if self.dma.rd_req_valid.val() && !self.rd_busy.q.val() {
            self.rd_busy.d.next = true;
            self.rd_addr.d.next = self.dma.rd_req_addr.val();
            self.rd_left.d.next = self.w_rd_beats.y.val() << self.c_shift3.val();
            self.rd_tag.d.next = self.dma.rd_req_tag.val();
        }
        self.m_axi.arid.next = self.rd_tag.q.val();
        self.m_axi.araddr.next = self.rd_addr.q.val();
        self.m_axi.arlen.next = self.ar_len.val().get_bits::<8>(0);
        self.m_axi.arsize.next = self.c_size.val();
        self.m_axi.arburst.next = self.c_incr.val();
        self.m_axi.arlock.next = false;
        self.m_axi.arcache.next = self.c_cache.val();
        self.m_axi.arprot.next = self.c_prot.val();
        self.m_axi.arqos.next = self.c_qos.val();
        self.m_axi.arvalid.next = self.rd_busy.q.val();
        // R beats go straight to the DMA read response
        self.dma.rd_rsp_data.next = self.m_axi.rdata.val();
        self.dma.rd_rsp_tag.next = self.m_axi.rid.val();
        self.dma.rd_rsp_err.next = self.m_axi.rresp.val().get_bit(1);
        self.dma.rd_rsp_valid.next = self.m_axi.rvalid.val();
        self.m_axi.rready.next = self.dma.rd_rsp_ready.val();
        self.dma.rd_rsp_last.next = false;
        for i in 0..N {
            // a burst issued for tag i, and a burst of tag i ended, in this cycle
            if self.rd_busy.q.val()
                && self.m_axi.arready.val()
                && (self.rd_tag.q.val() == self.tag_val[i].val())
            {
                self.out_bursts[i].d.next = self.out_bursts[i].q.val() + self.c_one13.val();
                self.issued_all[i].d.next = self.rd_left.q.val() == self.ar_bytes.val();
                if self.m_axi.rvalid.val()
                    && self.m_axi.rready.val()
                    && self.m_axi.rlast.val()
                    && (self.m_axi.rid.val() == self.tag_val[i].val())
                {
                    self.out_bursts[i].d.next = self.out_bursts[i].q.val();
                }
            } else if self.m_axi.rvalid.val()
                && self.m_axi.rready.val()
                && self.m_axi.rlast.val()
                && (self.m_axi.rid.val() == self.tag_val[i].val())
            {
                self.out_bursts[i].d.next = self.out_bursts[i].q.val() - self.c_one13.val();
            }
            if (self.m_axi.rid.val() == self.tag_val[i].val())
                && self.m_axi.rlast.val()
                && self.issued_all[i].q.val()
                && (self.out_bursts[i].q.val() == self.c_one13.val())
            {
                self.dma.rd_rsp_last.next = true;
            }
        }
        if self.rd_busy.q.val() && self.m_axi.arready.val() {
            self.rd_addr.d.next = self.rd_addr.q.val() + self.ar_bytes.val();
            self.rd_left.d.next = self.rd_left.q.val() - self.ar_bytes.val();
            if self.rd_left.q.val() == self.ar_bytes.val() {
                self.rd_busy.d.next = false;
            }
        }

        // ---- writes: one request; per burst its AW, then its W beats ----
        self.aw_to_4k.next = self.c_page.val() - (self.wr_addr.q.val() & self.c_page_mask.val());
        self.aw_bytes.next = self.wr_left.q.val();
        if self.aw_bytes.val() > self.c_max_bytes.val() {
            self.aw_bytes.next = self.c_max_bytes.val();
        }
        if self.aw_bytes.val() > self.aw_to_4k.val() {
            self.aw_bytes.next = self.aw_to_4k.val();
        }
        self.aw_len.next = (self.aw_bytes.val() >> self.c_shift3.val())
            - (self.c_beat.val() >> self.c_shift3.val());
        self.sink_len[1].x.next = self.aw_len.val();
        self.dma.wr_req_ready.next = !self.wr_busy.q.val();
        if self.dma.wr_req_valid.val() && !self.wr_busy.q.val() {
            self.wr_busy.d.next = true;
            self.wr_addr.d.next = self.dma.wr_req_addr.val();
            self.wr_left.d.next = self.w_wr_beats.y.val() << self.c_shift3.val();
            self.wr_phase_w.d.next = false;
            self.wr_bursts_out.d.next = self.c_zero13.val();
            self.wr_err.d.next = false;
        }
        self.m_axi.awid.next = self.c_zero_id.val();
        self.m_axi.awaddr.next = self.wr_addr.q.val();
        self.m_axi.awlen.next = self.aw_len.val().get_bits::<8>(0);
        self.m_axi.awsize.next = self.c_size.val();
        self.m_axi.awburst.next = self.c_incr.val();
        self.m_axi.awlock.next = false;
        self.m_axi.awcache.next = self.c_cache.val();
        self.m_axi.awprot.next = self.c_prot.val();
        self.m_axi.awqos.next = self.c_qos.val();
        self.m_axi.awvalid.next = self.wr_busy.q.val()
            && !self.wr_phase_w.q.val()
            && (self.wr_left.q.val() != self.c_zero64.val());
        if self.wr_busy.q.val()
            && !self.wr_phase_w.q.val()
            && (self.wr_left.q.val() != self.c_zero64.val())
            && self.m_axi.awready.val()
        {
            self.wr_phase_w.d.next = true;
            self.wr_burst_left.d.next = self.aw_bytes.val();
            self.wr_addr.d.next = self.wr_addr.q.val() + self.aw_bytes.val();
            self.wr_left.d.next = self.wr_left.q.val() - self.aw_bytes.val();
        }
        self.m_axi.wdata.next = self.dma.wr_dat_data.val();
        self.m_axi.wstrb.next = self.c_strb.val();
        self.m_axi.wlast.next = self.wr_burst_left.q.val() == self.c_beat.val();
        self.m_axi.wvalid.next = self.wr_phase_w.q.val() && self.dma.wr_dat_valid.val();
        self.dma.wr_dat_ready.next = self.wr_phase_w.q.val() && self.m_axi.wready.val();
        if self.wr_phase_w.q.val() && self.dma.wr_dat_valid.val() && self.m_axi.wready.val() {
            // the DMA stream's `last` must mark the request's final beat, and only that one
            if self.dma.wr_dat_last.val()
                != ((self.wr_left.q.val() == self.c_zero64.val())
                    && (self.wr_burst_left.q.val() == self.c_beat.val()))
            {
                self.wr_err.d.next = true;
            }
            self.wr_burst_left.d.next = self.wr_burst_left.q.val() - self.c_beat.val();
            if self.wr_burst_left.q.val() == self.c_beat.val() {
                self.wr_phase_w.d.next = false;
                self.wr_bursts_out.d.next = self.wr_bursts_out.q.val() + self.c_one13.val();
            }
        }
        // B: collect every burst's response, then one DMA write response
        self.m_axi.bready.next = true;
        if self.m_axi.bvalid.val() {
            self.wr_bursts_out.d.next = self.wr_bursts_out.q.val() - self.c_one13.val();
            if self.m_axi.bresp.val().get_bit(1) {
                self.wr_err.d.next = true;
            }
            if self.wr_phase_w.q.val()
                && self.dma.wr_dat_valid.val()
                && self.m_axi.wready.val()
                && (self.wr_burst_left.q.val() == self.c_beat.val())
            {
                self.wr_bursts_out.d.next = self.wr_bursts_out.q.val();
            }
        }
        if self.wr_busy.q.val()
            && !self.wr_rsp.q.val()
            && (self.wr_left.q.val() == self.c_zero64.val())
            && !self.wr_phase_w.q.val()
            && (self.wr_bursts_out.q.val() == self.c_zero13.val())
        {
            self.wr_rsp.d.next = true;
        }
        self.dma.wr_rsp_valid.next = self.wr_rsp.q.val();
        self.dma.wr_rsp_err.next = self.wr_err.q.val();
        if self.wr_rsp.q.val() && self.dma.wr_rsp_ready.val() {
            self.wr_rsp.d.next = false;
            self.wr_busy.d.next = false;
        }
        if self.reset.val() {
            self.rd_busy.d.next = false;
            self.wr_busy.d.next = false;
            self.wr_phase_w.d.next = false;
            self.wr_rsp.d.next = false;
            self.wr_bursts_out.d.next = self.c_zero13.val();
            for i in 0..N {
                self.out_bursts[i].d.next = self.c_zero13.val();
                self.issued_all[i].d.next = false;
            }
        }
    }
}

/// The write channels of `Axi4Master` alone (AW, W, B; same signals, same rules): a write-only
/// AXI4 manager (A9.1: an interface may omit the read channels).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "Axi4WrSlave"]
pub struct Axi4WrMaster<const D: usize, const S: usize, const I: usize> {
    pub awid: Signal<Out, Bits<I>>,
    pub awaddr: Signal<Out, Bits<64>>,
    pub awlen: Signal<Out, Bits<8>>,
    pub awsize: Signal<Out, Bits<3>>,
    pub awburst: Signal<Out, Bits<2>>,
    pub awlock: Signal<Out, Bit>,
    pub awcache: Signal<Out, Bits<4>>,
    pub awprot: Signal<Out, Bits<3>>,
    pub awqos: Signal<Out, Bits<4>>,
    pub awvalid: Signal<Out, Bit>,
    pub awready: Signal<In, Bit>,
    pub wdata: Signal<Out, Bits<D>>,
    pub wstrb: Signal<Out, Bits<S>>,
    pub wlast: Signal<Out, Bit>,
    pub wvalid: Signal<Out, Bit>,
    pub wready: Signal<In, Bit>,
    pub bid: Signal<In, Bits<I>>,
    pub bresp: Signal<In, Bits<2>>,
    pub bvalid: Signal<In, Bit>,
    pub bready: Signal<Out, Bit>,
}

/// The subordinate side of `Axi4WrMaster`.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "Axi4WrMaster"]
pub struct Axi4WrSlave<const D: usize, const S: usize, const I: usize> {
    pub awid: Signal<In, Bits<I>>,
    pub awaddr: Signal<In, Bits<64>>,
    pub awlen: Signal<In, Bits<8>>,
    pub awsize: Signal<In, Bits<3>>,
    pub awburst: Signal<In, Bits<2>>,
    pub awlock: Signal<In, Bit>,
    pub awcache: Signal<In, Bits<4>>,
    pub awprot: Signal<In, Bits<3>>,
    pub awqos: Signal<In, Bits<4>>,
    pub awvalid: Signal<In, Bit>,
    pub awready: Signal<Out, Bit>,
    pub wdata: Signal<In, Bits<D>>,
    pub wstrb: Signal<In, Bits<S>>,
    pub wlast: Signal<In, Bit>,
    pub wvalid: Signal<In, Bit>,
    pub wready: Signal<Out, Bit>,
    pub bid: Signal<Out, Bits<I>>,
    pub bresp: Signal<Out, Bits<2>>,
    pub bvalid: Signal<Out, Bit>,
    pub bready: Signal<In, Bit>,
}

/// Wide DMA writes (`common::dma_wide`: 256-bit beats with byte strobes) on a write-only AXI4
/// manager port with 256-bit data: each DMA write request is one AW (AWID 0, INCR, AWSIZE 5 =
/// 32-byte beats, AWLEN = beats - 1), each beat one W (WSTRB the beat's strobes, WLAST the DMA
/// `last`), combinationally; each B one DMA write response (`err` on SLVERR or DECERR; one ID, so
/// the responses come in order, A5.3), through a register stage (`common::skid::Pipe`: a cycle
/// of latency, a response per cycle; no logic behind the port sees BVALID combinationally, which
/// keeps the write-response paths short and Verilator's input-evaluated logic small). VALIDs and
/// payloads are the DMA side's, which holds them until READY; a beat is offered only for a
/// request already taken (`common::dma_arb`'s memory slice), so W never runs ahead of its AW.
///
/// No burst splitting: each request must be a legal burst, at most 256 beats not crossing a
/// 4 KB boundary (A3.4.1). Its users guarantee it: an RXBUFF writes 128-byte packets at
/// 128-byte aligned addresses (4 beats) and 4-byte notifications (1 beat).
#[derive(LogicBlock, BlockDefault)]
pub struct WideWrToAxi4 {
    pub dma: DmaWrSlave<{ crate::common::dma_wide::WIDE }>,
    pub m_axi: Axi4WrMaster<256, 32, 1>,
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    #[init(Constant::new(AXCACHE.into()))]
    c_cache: Constant<Bits<4>>,
    #[init(Constant::new(AXPROT.into()))]
    c_prot: Constant<Bits<3>>,
    #[init(Constant::new(AXQOS.into()))]
    c_qos: Constant<Bits<4>>,
    /// The B channel's register stage (`a`: the error bit).
    rsp: Pipe<1, 1>,
    len: Signal<Local, Bits<13>>,
    sink_len: Unused<Bits<13>>,
    sink_bid: Unused<Bits<1>>,
    sink_bresp: Unused<Bits<2>>,
    sink_rsp_b: Unused<Bits<1>>,
    #[init(Constant::new(1u64.into()))]
    c_one13: Constant<Bits<13>>,
    #[init(Constant::new(5u64.into()))]
    c_size: Constant<Bits<3>>,
    #[init(Constant::new(BURST_INCR.into()))]
    c_incr: Constant<Bits<2>>,
    #[init(Constant::new(0u64.into()))]
    c_zero_id: Constant<Bits<1>>,
}

impl Logic for WideWrToAxi4 {
    #[hdl_gen]
    fn update(&mut self) {
        self.len.next = self.dma.wr_req_beats.val() - self.c_one13.val();
        self.sink_len.x.next = self.len.val();
        self.sink_bid.x.next = self.m_axi.bid.val();
        self.sink_bresp.x.next = self.m_axi.bresp.val();
        self.m_axi.awid.next = self.c_zero_id.val();
        self.m_axi.awaddr.next = self.dma.wr_req_addr.val();
        self.m_axi.awlen.next = self.len.val().get_bits::<8>(0);
        self.m_axi.awsize.next = self.c_size.val();
        self.m_axi.awburst.next = self.c_incr.val();
        self.m_axi.awlock.next = false;
        self.m_axi.awcache.next = self.c_cache.val();
        self.m_axi.awprot.next = self.c_prot.val();
        self.m_axi.awqos.next = self.c_qos.val();
        self.m_axi.awvalid.next = self.dma.wr_req_valid.val();
        self.dma.wr_req_ready.next = self.m_axi.awready.val();
        self.m_axi.wdata.next = self.dma.wr_dat_data.val().get_bits::<256>(0);
        self.m_axi.wstrb.next = self.dma.wr_dat_data.val().get_bits::<32>(256);
        self.m_axi.wlast.next = self.dma.wr_dat_last.val();
        self.m_axi.wvalid.next = self.dma.wr_dat_valid.val();
        self.dma.wr_dat_ready.next = self.m_axi.wready.val();
        self.rsp.clock.next = self.clock.val();
        self.rsp.reset.next = self.reset.val();
        self.rsp.in_a.next = self.m_axi.bresp.val().get_bits::<1>(1);
        self.rsp.in_b.next = self.c_zero_id.val();
        self.rsp.in_valid.next = self.m_axi.bvalid.val();
        self.m_axi.bready.next = self.rsp.in_ready.val();
        self.dma.wr_rsp_err.next = self.rsp.out_a.val().any();
        self.dma.wr_rsp_valid.next = self.rsp.out_valid.val();
        self.rsp.out_ready.next = self.dma.wr_rsp_ready.val();
        self.sink_rsp_b.x.next = self.rsp.out_b.val();
    }
}

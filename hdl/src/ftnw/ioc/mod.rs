//! The FTNW IOC (thesis §3.2): the shim to the PCIe hard IP (`pcie_us`), PIC's demultiplexer
//! with its TX-window path (`txwin`) into the six links' re-order buffers (`rob`), the register
//! controller (`regctl`) with the IOC registers (`nicgen_wire::ftnw::ioc`), TFCNT (`tfcnt`),
//! and the NGET DMA engine (`nget`), which reads host memory on RQ/RC into the same re-order
//! buffers. The requests on RQ (NGET's, then TFCNT's) are POC's first part; the node's receive
//! writes join it with the `ftnw_nwp` top.

pub mod nget;
pub mod pcie_us;
pub mod poc;
pub mod rd_bytes;
pub mod regctl;
pub mod rob;
pub mod tfcnt;
pub mod txwin;

use crate::common::axis::{AxisSink, AxisSource};
use crate::common::dma::DmaWrSlave;
use crate::common::packet::PacketSource;
use crate::common::prim::{k, Concat};
use crate::common::regbank::RegBusMaster;
use crate::common::regfile::FtnwIocRegs;
use crate::common::skid::Skid;
use crate::common::sync_fifo::SyncFifo;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nget::Nget;
use nicgen_wire::ftnw::txwin::LINKS;
use pcie_us::{CcTx, CqPack, CqRx, RqTx};
use poc::Poc;
use regctl::{RegCtl, TNW_BUS_BITS};
use rob::Rob;
use rust_hdl::prelude::*;
use tfcnt::Tfcnt;
use txwin::TxWin;

/// PG156 request types.
const REQ_MEM_WRITE: u64 = 0b0001;

/// The IOC as far as it is built: CQ in, CC out, RQ out, RC in. PIC routes whole CQ transfers by
/// their descriptor: a memory write to BAR0 to the TX-window path, which feeds the six re-order
/// buffers (their packets leave on `tx_0`-`tx_5` in the TNW clock domain); every other request
/// through CMD_FIFO (32 beats) to the register controller, so that a register access waiting
/// for its completion or for the TNW clock never holds the TX window up (FTNW-H060, H081). The
/// register controller's link bus goes out (`tnw`, in the TNW clock domain), its IOC bus reaches
/// the IOC registers; TFCNT's counter writes leave on RQ (`m_axis_rq_*`) while bus mastering is
/// enabled (`cfg_bus_master`). NGET's reads leave on RQ too, their completions come back on RC
/// (`s_axis_rc_*`), and their items share the re-order buffers' write port with the TX window,
/// which goes first (RC waits meanwhile: PCIe lets a requester hold its completions briefly,
/// while the TX window's posted writes must not wait).
///
/// A register write may thus be executed after a TX-window write that followed it on CQ (the two
/// paths are independent, as in the thesis' PIC); a register read completes only after every
/// register access before it.
#[derive(LogicBlock, Ports, BlockDefault)]
pub struct Ioc {
    /// The IOC clock (the PCIe core's user clock): CQ, CC, RQ, `cfg_bus_master`, `exc_*` are in its
    /// domain
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `clock` (with `tnw_reset`, for three cycles of the slower
    /// clock)
    pub reset: Signal<In, Bit>,
    /// The TNW clock: `tnw_*`, `tx*` and `tnw_reset` are in its domain
    pub tnw_clock: Signal<In, Clock>,
    /// Synchronous reset, active high, in `tnw_clock`
    pub tnw_reset: Signal<In, Bit>,
    /// This function's bus/device/function number, put in every completion
    pub completer_id: Signal<In, Bits<16>>,
    /// The hard IP's completer request interface (PG156 `m_axis_cq_*`, 128 bits, Dword-aligned,
    /// `tuser` 85 bits): requests to the BARs; memory writes to BAR0 (the TX window,
    /// `nicgen_wire::ftnw::txwin`) go to the re-order buffers, never stalled by them; BAR2 accesses
    /// are executed; others are dropped (writes) or completed with UR (reads) and flagged on
    /// `exc_request`
    #[port]
    pub s_axis_cq: AxisSink<128, 4, 85>,
    /// The hard IP's completer completion interface (PG156 `s_axis_cc_*`, 128 bits, `tuser` 33
    /// bits, odd parity per byte): one completion per read, carrying its TC, attributes, requester
    /// ID, tag and lower address
    #[port]
    pub m_axis_cc: AxisSource<128, 4, 33>,
    /// Register bus master (`common::regbank`) in `tnw_clock` to the node's registers (BAR2 offsets
    /// below 0x6000, link l at `l << 12`); `err` answers read 0
    #[port]
    pub tnw: RegBusMaster<TNW_BUS_BITS>,
    /// The Command register's bus master enable (the core's `cfg_function_status`): no request
    /// leaves on RQ without it
    pub cfg_bus_master: Signal<In, Bit>,
    /// The hard IP's requester request interface (PG156 `s_axis_rq_*`, 128 bits, Dword-aligned,
    /// `tuser` 60 bits, odd parity per byte): NGET's memory reads (tags 0-7, at most
    /// `cfg_max_read_req`) and 4-byte notification writes, TFCNT's 4-byte counter writes
    #[port]
    pub m_axis_rq: AxisSource<128, 4, 60>,
    /// The hard IP's requester completion interface (PG156 `m_axis_rc_*`, 128 bits, Dword-aligned,
    /// `tuser` 75 bits of which bit 42, discontinue, is read): NGET's read data; held only while
    /// the TX window uses the re-order buffers' write port
    #[port]
    pub s_axis_rc: AxisSink<128, 4, 75>,
    /// The Device Control register's max read request size (the core's `cfg_max_read_req`, 128 << n
    /// bytes): NGET splits its requests into reads of at most this
    pub cfg_max_read_req: Signal<In, Bits<3>>,
    /// One cycle per DMA exception (a bit of DMA_EXC): a bad, split or overflowing request, a
    /// failed or unexpected completion, a read timed out
    ///
    /// A DMA exception (any bit of DMA_EXC raised this cycle).
    pub exc_dma: Signal<Out, Bit>,
    /// `host_L_*`: link L's receive writes from the node (`common::dma` write slave, 32-bit
    /// beats, in `tnw_clock`): packets and notifications of 1 to 32 Dwords not crossing 4 KB,
    /// each link's sent on RQ as memory writes in their order, whole writes round-robin over the
    /// links, answered once queued (posted)
    #[port]
    pub host: [DmaWrSlave<32>; LINKS],
    /// One `tnw_clock` cycle per receive write POC cannot carry (0 or more than 32 Dwords, across 4
    /// KB, above 2^48): answered with `err`, not sent
    ///
    /// A receive write POC cannot carry (TNW clock, one cycle; the node issues none).
    pub exc_host_write: Signal<Out, Bit>,
    /// Bit l: link l's exception interrupt (`irq_rx`, `irq_tx` of the node's link l, in
    /// `tnw_clock`), shown in LINK_EXC
    ///
    /// Per link, its exception interrupts (TNW clock): LINK_EXC's RX and TX bits.
    pub link_irq_rx: Signal<In, Bits<6>>,
    /// Bit l: link l's exception interrupt (`irq_rx`, `irq_tx` of the node's link l, in
    /// `tnw_clock`), shown in LINK_EXC
    pub link_irq_tx: Signal<In, Bits<6>>,
    /// One cycle per request refused: a read of another BAR or of more than two Dwords, another
    /// request type, a write to another BAR
    pub exc_request: Signal<Out, Bit>,
    /// One cycle per BAR2 Dword written with partial byte enables (not written: the register bus
    /// has no byte strobes)
    pub exc_partial: Signal<Out, Bit>,
    /// `tx_L_*`: link L's packets (`common::packet`, 128 bits, `meta` = `{rao, vc}`), whole, in
    /// the order they were completed, in `tnw_clock`: what the link's injection port takes
    #[port]
    pub tx: [PacketSource<128, 16, 14>; LINKS],
    /// One cycle per TX-window write refused for partial first or last byte enables (dropped whole)
    ///
    /// A TX-window write refused: partial byte enables, or a link that does not exist.
    pub exc_tx_partial: Signal<Out, Bit>,
    /// One cycle per TX-window write to link 6 or 7 (dropped)
    pub exc_tx_link: Signal<Out, Bit>,
    /// One cycle per item a re-order buffer refused: its slot holds a packet not yet sent, or a
    /// Dword of it was written already (TX_EXC[5])
    ///
    /// An item a re-order buffer refused (any link; each link's TX_EXC gets its own when the
    /// node joins): overrun (TX_EXC[5]) and invalid header (TX_EXC[4]).
    pub exc_tx_overrun: Signal<Out, Bit>,
    /// One cycle per item a re-order buffer refused: its slot holds part of a packet of another VC
    /// or RAO (TX_EXC[4])
    pub exc_tx_header: Signal<Out, Bit>,
    /// The TX-window path's receiver, and the register path's: CMD_FIFO and its receiver.
    cq: CqRx,
    pack: CqPack,
    #[init(SyncFifo::new(32, 0))]
    cmd: SyncFifo<Bits<141>, 5, 6>,
    cqr: CqRx,
    cmd_user: Widen<8, 85>,
    in_xfer: DFF<Bit>,
    xfer_win: DFF<Bit>,
    first_win: Signal<Local, Bit>,
    route_win: Signal<Local, Bit>,
    /// Fields of the TX-window path's requests it does not need (all are BAR0 writes), and
    /// CMD_FIFO's levels.
    u_type: Unused<Bits<4>>,
    u_reqid: Unused<Bits<16>>,
    u_tag: Unused<Bits<8>>,
    u_bar: Unused<Bits<3>>,
    u_tc: Unused<Bits<3>>,
    u_attr: Unused<Bits<3>>,
    u_keep: Unused<Bits<4>>,
    u_occ: Unused<Bits<6>>,
    u_af: Unused<Bit>,
    u_ae: Unused<Bit>,
    ctl: RegCtl,
    cc: CcTx,
    win: TxWin,
    rob: [Rob; LINKS],
    regs: FtnwIocRegs,
    exc_cnt: DFF<Bits<8>>,
    /// LINK_EXC's pending bits: an interrupt source once the IOC has an interrupt.
    unused_pending: Unused<Bits<32>>,
    any_exc: Signal<Local, Bit>,
    rob_ovr: Signal<Local, Bit>,
    rob_hdr: Signal<Local, Bit>,
    tfcnt: Tfcnt,
    rq: RqTx,
    poc: Poc<LINKS>,
    nget: Nget,
    /// The DMA Request register: the Dword last written on the IOC bus, whether it was the
    /// first or last of its request, the low Dword waiting for its high one.
    wd: DFF<Bits<32>>,
    wd_first: DFF<Bit>,
    wd_last: DFF<Bit>,
    req_lo: DFF<Bits<32>>,
    lo_fresh: DFF<Bit>,
    req_split: DFF<Bit>,
    req_w: Concat<32, 2, 34>,
    u_req: [Unused<Bits<11>>; 2],
    u_req3: [Unused<Bits<3>>; 3],
    u_req1: Unused<Bit>,
    u_req2: Unused<Bits<2>>,
    u_dma_pending: Unused<Bits<32>>,
    u_rc_keep: Unused<Bits<4>>,
    u_rc_user: Unused<Bits<75>>,
    buf_at: Concat<20, 16, 36>,
    rc_in: Skid<128, 2>,
    rc_flags: Signal<Local, Bits<2>>,
    #[init([k(0), k(1), k(2)])]
    c_rc: [Constant<Bits<2>>; 3],
    ntf_at: Concat<27, 16, 43>,
    /// NGET's clears, delayed to meet the items they follow inside the re-order buffers.
    cd1_v: DFF<Bit>,
    cd1_live: DFF<Bit>,
    cd1_link: DFF<Bits<3>>,
    cd1_mask: DFF<Bits<64>>,
    cd2_v: DFF<Bit>,
    cd2_live: DFF<Bit>,
    cd2_link: DFF<Bits<3>>,
    cd2_mask: DFF<Bits<64>>,
    /// The re-order buffers' write port: the TX window's item, else NGET's.
    pw_valid: Signal<Local, Bit>,
    pw_link: Signal<Local, Bits<3>>,
    pw_vc: Signal<Local, Bits<3>>,
    pw_rao: Signal<Local, Bits<11>>,
    pw_item: Signal<Local, Bits<3>>,
    pw_dw: Signal<Local, Bits<4>>,
    pw_data: Signal<Local, Bits<128>>,
    any_dma: Signal<Local, Bit>,
    /// The links' interrupts, synchronized (each bit on its own: levels, not a count).
    irq_rx1: DFF<Bits<6>>,
    irq_rx2: DFF<Bits<6>>,
    irq_tx1: DFF<Bits<6>>,
    irq_tx2: DFF<Bits<6>>,
    #[init(k(0))]
    c_z64: Constant<Bits<64>>,
    #[init(k(0))]
    c_bar0: Constant<Bits<3>>,
    #[init(k(REQ_MEM_WRITE))]
    c_mwr: Constant<Bits<4>>,
    #[init(std::array::from_fn(|l| k(l as u64)))]
    c_link: [Constant<Bits<3>>; LINKS],
    #[init(k(1))]
    c_one11: Constant<Bits<11>>,
    #[init(k(0))]
    c_z8: Constant<Bits<8>>,
    #[init(k(0xf))]
    c_f4: Constant<Bits<4>>,
    #[init(k(0))]
    c_z4: Constant<Bits<4>>,
    #[init(k(1))]
    c_one8: Constant<Bits<8>>,
    #[init(k(255))]
    c_max8: Constant<Bits<8>>,
}

impl Logic for Ioc {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, in_xfer, xfer_win, wd, wd_first, wd_last, req_lo, lo_fresh, req_split,
            cd1_v, cd1_live, cd1_link, cd1_mask, cd2_v, cd2_live, cd2_link, cd2_mask, irq_rx1,
            irq_rx2, irq_tx1, irq_tx2
        );
        self.irq_rx1.d.next = self.link_irq_rx.val();
        self.irq_rx2.d.next = self.irq_rx1.q.val();
        self.irq_tx1.d.next = self.link_irq_tx.val();
        self.irq_tx2.d.next = self.irq_tx1.q.val();
        self.regs.link_exc_rx.next = self.irq_rx2.q.val();
        self.regs.link_exc_tx.next = self.irq_tx2.q.val();
        self.cq.clock.next = self.clock.val();
        self.cq.reset.next = self.reset.val();
        self.cqr.clock.next = self.clock.val();
        self.cqr.reset.next = self.reset.val();
        self.cmd.clock.next = self.clock.val();
        self.cmd.reset.next = self.reset.val();
        self.ctl.clock.next = self.clock.val();
        self.ctl.reset.next = self.reset.val();
        self.ctl.tnw_clock.next = self.tnw_clock.val();
        self.ctl.tnw_reset.next = self.tnw_reset.val();
        self.cc.clock.next = self.clock.val();
        self.cc.reset.next = self.reset.val();
        self.cc.completer_id.next = self.completer_id.val();
        // PIC: a transfer goes where its descriptor beat says, its other beats follow it
        // (the descriptor's BAR ID and request type, at CqFields' bit positions)
        self.first_win.next = (self.s_axis_cq.tdata.val().get_bits::<3>(112) == self.c_bar0.val())
            && (self.s_axis_cq.tdata.val().get_bits::<4>(75) == self.c_mwr.val());
        self.route_win.next = self.first_win.val();
        if self.in_xfer.q.val() {
            self.route_win.next = self.xfer_win.q.val();
        }
        self.cq.cq.tdata.next = self.s_axis_cq.tdata.val();
        self.cq.cq.tkeep.next = self.s_axis_cq.tkeep.val();
        self.cq.cq.tlast.next = self.s_axis_cq.tlast.val();
        self.cq.cq.tuser.next = self.s_axis_cq.tuser.val();
        // the two valids read registers and inputs only (no local shared with the ready: a
        // loop to Verilator otherwise, see docs/conventions.md)
        if self.in_xfer.q.val() {
            self.cq.cq.tvalid.next = self.s_axis_cq.tvalid.val() && self.xfer_win.q.val();
            self.cmd.sink.valid.next = self.s_axis_cq.tvalid.val() && !self.xfer_win.q.val();
        } else {
            self.cq.cq.tvalid.next = self.s_axis_cq.tvalid.val()
                && (self.s_axis_cq.tdata.val().get_bits::<3>(112) == self.c_bar0.val())
                && (self.s_axis_cq.tdata.val().get_bits::<4>(75) == self.c_mwr.val());
            self.cmd.sink.valid.next = self.s_axis_cq.tvalid.val()
                && !((self.s_axis_cq.tdata.val().get_bits::<3>(112) == self.c_bar0.val())
                    && (self.s_axis_cq.tdata.val().get_bits::<4>(75) == self.c_mwr.val()));
        }
        self.pack.data.next = self.s_axis_cq.tdata.val();
        self.pack.keep.next = self.s_axis_cq.tkeep.val();
        self.pack.last.next = self.s_axis_cq.tlast.val();
        self.pack.user8.next = self.s_axis_cq.tuser.val().get_bits::<8>(0);
        self.cmd.sink.data.next = self.pack.y.val();
        if self.route_win.val() {
            self.s_axis_cq.tready.next = self.cq.cq.tready.val();
        } else {
            self.s_axis_cq.tready.next = self.cmd.sink.ready.val();
        }
        if self.s_axis_cq.tvalid.val()
            && ((self.route_win.val() && self.cq.cq.tready.val())
                || (!self.route_win.val() && self.cmd.sink.ready.val()))
        {
            self.in_xfer.d.next = !self.s_axis_cq.tlast.val();
            if !self.in_xfer.q.val() {
                self.xfer_win.d.next = self.first_win.val();
            }
        }
        if self.reset.val() {
            self.in_xfer.d.next = false;
        }
        // CMD_FIFO to the register path's receiver
        self.cqr.cq.tdata.next = self.cmd.source.data.val().get_bits::<128>(0);
        self.cqr.cq.tkeep.next = self.cmd.source.data.val().get_bits::<4>(128);
        self.cqr.cq.tlast.next = self.cmd.source.data.val().get_bit(132);
        self.cmd_user.x.next = self.cmd.source.data.val().get_bits::<8>(133);
        self.cqr.cq.tuser.next = self.cmd_user.y.val();
        self.cqr.cq.tvalid.next = self.cmd.source.valid.val();
        self.cmd.source.ready.next = self.cqr.cq.tready.val();
        self.u_occ.x.next = self.cmd.occupancy.val();
        self.u_af.x.next = self.cmd.almost_full.val();
        self.u_ae.x.next = self.cmd.almost_empty.val();
        self.u_type.x.next = self.cq.h_type.val();
        self.u_reqid.x.next = self.cq.h_req_id.val();
        self.u_tag.x.next = self.cq.h_tag.val();
        self.u_bar.x.next = self.cq.h_bar.val();
        self.u_tc.x.next = self.cq.h_tc.val();
        self.u_attr.x.next = self.cq.h_attr.val();
        self.u_keep.x.next = self.cq.p_keep.val();
        // the TX window's receiver carries BAR0 writes only
        self.win.h_valid.next = self.cq.h_valid.val();
        self.cq.h_ready.next = self.win.h_ready.val();
        self.win.p_valid.next = self.cq.p_valid.val();
        self.cq.p_ready.next = self.win.p_ready.val();
        // the TX-window path and the re-order buffers
        self.win.clock.next = self.clock.val();
        self.win.reset.next = self.reset.val();
        self.win.h_addr.next = self.cq.h_addr.val();
        self.win.h_dwords.next = self.cq.h_dwords.val();
        self.win.h_first_be.next = self.cq.h_first_be.val();
        self.win.h_last_be.next = self.cq.h_last_be.val();
        self.win.h_has_data.next = self.cq.h_has_data.val();
        self.win.p_data.next = self.cq.p_data.val();
        self.win.p_last.next = self.cq.p_last.val();
        self.exc_tx_partial.next = self.win.exc_partial.val();
        self.exc_tx_link.next = self.win.exc_link.val();
        // the buffers' write port: the TX window's item, else NGET's command (its item, and its
        // clear two cycles later, when the items before it are being written)
        self.nget.o_ready.next = !self.win.i_valid.val();
        self.pw_valid.next = self.win.i_valid.val();
        self.pw_link.next = self.win.i_link.val();
        self.pw_vc.next = self.win.i_vc.val();
        self.pw_rao.next = self.win.i_rao.val();
        self.pw_item.next = self.win.i_item.val();
        self.pw_dw.next = self.win.i_dw.val();
        self.pw_data.next = self.win.i_data.val();
        if !self.win.i_valid.val() {
            self.pw_valid.next = self.nget.o_valid.val() && self.nget.o_has_item.val();
            self.pw_link.next = self.nget.o_link.val();
            self.pw_vc.next = self.nget.o_vc.val();
            self.pw_rao.next = self.nget.o_rao.val();
            self.pw_item.next = self.nget.o_item.val();
            self.pw_dw.next = self.c_f4.val();
            self.pw_data.next = self.nget.o_data.val();
        }
        self.cd1_v.d.next =
            self.nget.o_valid.val() && self.nget.o_clr.val() && !self.win.i_valid.val();
        self.cd1_live.d.next = self.nget.o_clr_live.val();
        self.cd1_link.d.next = self.nget.o_link.val();
        self.cd1_mask.d.next = self.nget.o_mask.val();
        self.cd2_v.d.next = self.cd1_v.q.val();
        self.cd2_live.d.next = self.cd1_live.q.val();
        self.cd2_link.d.next = self.cd1_link.q.val();
        self.cd2_mask.d.next = self.cd1_mask.q.val();
        if self.reset.val() {
            self.cd1_v.d.next = false;
            self.cd2_v.d.next = false;
        }
        // a buffer refused an item (one item a cycle: at most one buffer at a time)
        self.rob_ovr.next = false;
        self.rob_hdr.next = false;
        for l in 0..LINKS {
            self.rob[l].clock.next = self.clock.val();
            self.rob[l].reset.next = self.reset.val();
            self.rob[l].tnw_clock.next = self.tnw_clock.val();
            self.rob[l].tnw_reset.next = self.tnw_reset.val();
            self.rob[l].w_valid.next =
                self.pw_valid.val() && (self.pw_link.val() == self.c_link[l].val());
            self.rob[l].w_vc.next = self.pw_vc.val();
            self.rob[l].w_rao.next = self.pw_rao.val();
            self.rob[l].w_item.next = self.pw_item.val();
            self.rob[l].w_dw.next = self.pw_dw.val();
            self.rob[l].w_data.next = self.pw_data.val();
            self.rob[l].rsv_set.next = self.c_z64.val();
            if self.nget.rsv_link.val() == self.c_link[l].val() {
                self.rob[l].rsv_set.next = self.nget.rsv_set.val();
            }
            self.rob[l].c_valid.next =
                self.cd2_v.q.val() && (self.cd2_link.q.val() == self.c_link[l].val());
            self.rob[l].c_live.next = self.cd2_live.q.val();
            self.rob[l].c_mask.next = self.cd2_mask.q.val();
            self.nget.busy[l].next = self.rob[l].busy_slots.val();
            self.tfcnt.extracted[l].next = self.rob[l].extracted.val();
            self.tfcnt.completed[l].next = self.rob[l].completed.val();
            if self.rob[l].exc_overrun.val() {
                self.rob_ovr.next = true;
            }
            if self.rob[l].exc_header.val() {
                self.rob_hdr.next = true;
            }
        }
        self.exc_tx_overrun.next = self.rob_ovr.val();
        self.exc_tx_header.next = self.rob_hdr.val();
        PacketSource::<128, 16, 14>::link(&mut self.tx[0], &mut self.rob[0].tx);
        PacketSource::<128, 16, 14>::link(&mut self.tx[1], &mut self.rob[1].tx);
        PacketSource::<128, 16, 14>::link(&mut self.tx[2], &mut self.rob[2].tx);
        PacketSource::<128, 16, 14>::link(&mut self.tx[3], &mut self.rob[3].tx);
        PacketSource::<128, 16, 14>::link(&mut self.tx[4], &mut self.rob[4].tx);
        PacketSource::<128, 16, 14>::link(&mut self.tx[5], &mut self.rob[5].tx);
        // request to the controller
        self.ctl.h_valid.next = self.cqr.h_valid.val();
        self.cqr.h_ready.next = self.ctl.h_ready.val();
        self.ctl.p_valid.next = self.cqr.p_valid.val();
        self.cqr.p_ready.next = self.ctl.p_ready.val();
        self.ctl.h_addr.next = self.cqr.h_addr.val();
        self.ctl.h_dwords.next = self.cqr.h_dwords.val();
        self.ctl.h_type.next = self.cqr.h_type.val();
        self.ctl.h_first_be.next = self.cqr.h_first_be.val();
        self.ctl.h_last_be.next = self.cqr.h_last_be.val();
        self.ctl.h_req_id.next = self.cqr.h_req_id.val();
        self.ctl.h_tag.next = self.cqr.h_tag.val();
        self.ctl.h_bar.next = self.cqr.h_bar.val();
        self.ctl.h_tc.next = self.cqr.h_tc.val();
        self.ctl.h_attr.next = self.cqr.h_attr.val();
        self.ctl.h_has_data.next = self.cqr.h_has_data.val();
        self.ctl.p_data.next = self.cqr.p_data.val();
        self.ctl.p_keep.next = self.cqr.p_keep.val();
        self.ctl.p_last.next = self.cqr.p_last.val();
        // completion
        self.cc.c_valid.next = self.ctl.c_valid.val();
        self.ctl.c_ready.next = self.cc.c_ready.val();
        self.cc.c_lower_addr.next = self.ctl.c_lower_addr.val();
        self.cc.c_byte_count.next = self.ctl.c_byte_count.val();
        self.cc.c_dwords.next = self.ctl.c_dwords.val();
        self.cc.c_status.next = self.ctl.c_status.val();
        self.cc.c_req_id.next = self.ctl.c_req_id.val();
        self.cc.c_tag.next = self.ctl.c_tag.val();
        self.cc.c_tc.next = self.ctl.c_tc.val();
        self.cc.c_attr.next = self.ctl.c_attr.val();
        self.cc.c_data0.next = self.ctl.c_data0.val();
        self.cc.c_data1.next = self.ctl.c_data1.val();
        AxisSource::<128, 4, 33>::link(&mut self.m_axis_cc, &mut self.cc.cc);
        // buses
        RegBusMaster::<TNW_BUS_BITS>::link(&mut self.tnw, &mut self.ctl.tnw);
        // the IOC registers
        self.regs.clock.next = self.clock.val();
        self.regs.reset.next = self.reset.val();
        self.regs.bus.addr.next = self.ctl.ioc.addr.val();
        self.regs.bus.wdata.next = self.ctl.ioc.wdata.val();
        self.regs.bus.write.next = self.ctl.ioc.write.val();
        self.regs.bus.read.next = self.ctl.ioc.read.val();
        self.ctl.ioc.rdata.next = self.regs.bus.rdata.val();
        self.ctl.ioc.ready.next = self.regs.bus.ready.val();
        self.ctl.ioc.err.next = self.regs.bus.err.val();
        // the IOC's exceptions: sticky bits and a saturating count of the cycles raising one
        self.exc_cnt.clock.next = self.clock.val();
        self.regs.link_exc_request_set.next = self.ctl.exc_request.val();
        self.regs.link_exc_partial_set.next = self.ctl.exc_partial.val();
        self.regs.link_exc_tx_partial_set.next = self.win.exc_partial.val();
        self.regs.link_exc_tx_link_set.next = self.win.exc_link.val();
        self.regs.link_exc_tx_overrun_set.next = self.rob_ovr.val();
        self.regs.link_exc_tx_header_set.next = self.rob_hdr.val();
        self.any_dma.next = self.nget.exc_bad.val()
            || self.req_split.q.val()
            || self.nget.exc_overrun.val()
            || self.nget.exc_cpl.val()
            || self.nget.exc_tag.val()
            || self.nget.exc_timeout.val();
        self.any_exc.next = self.ctl.exc_request.val()
            || self.ctl.exc_partial.val()
            || self.win.exc_partial.val()
            || self.win.exc_link.val()
            || self.rob_ovr.val()
            || self.rob_hdr.val()
            || self.any_dma.val();
        self.regs.link_exc_count.next = self.exc_cnt.q.val();
        self.unused_pending.x.next = self.regs.link_exc_pending.val();
        self.exc_cnt.d.next = self.exc_cnt.q.val();
        if self.any_exc.val() && (self.exc_cnt.q.val() != self.c_max8.val()) {
            self.exc_cnt.d.next = self.exc_cnt.q.val() + self.c_one8.val();
        }
        if self.regs.link_exc_wrote.val() {
            self.exc_cnt.d.next = self.regs.link_exc_count_wr.val();
        }
        if self.reset.val() {
            self.exc_cnt.d.next = self.c_z8.val();
        }
        // TFCNT and its writes on RQ
        self.tfcnt.clock.next = self.clock.val();
        self.tfcnt.reset.next = self.reset.val();
        self.tfcnt.tnw_clock.next = self.tnw_clock.val();
        self.tfcnt.tnw_reset.next = self.tnw_reset.val();
        self.tfcnt.addr_lo.next = self.regs.tfcnt_addr_lo_addr.val();
        self.tfcnt.addr_hi.next = self.regs.tfcnt_addr_hi_addr.val();
        self.tfcnt.threshold.next = self.regs.tfcnt_ctrl_threshold.val();
        self.tfcnt.rst.next = self.regs.tfcnt_rst_reset.val();
        self.tfcnt.rst_wrote.next = self.regs.tfcnt_rst_wrote.val();
        self.rq.clock.next = self.clock.val();
        self.rq.reset.next = self.reset.val();
        self.rq.bus_master.next = self.cfg_bus_master.val();
        // RQ: NGET's notifications and reads, else TFCNT's counter writes (NGET leaves gaps:
        // a read every four cycles at most, eight at a time)
        self.rq.r_valid.next = self.nget.r_valid.val() || self.tfcnt.r_valid.val();
        self.nget.r_ready.next = self.rq.r_ready.val();
        self.tfcnt.r_ready.next = self.rq.r_ready.val() && !self.nget.r_valid.val();
        self.rq.r_first_be.next = self.c_f4.val();
        self.rq.r_write.next = true;
        self.rq.r_addr.next = self.tfcnt.r_addr.val();
        self.rq.r_dwords.next = self.c_one11.val();
        self.rq.r_tag.next = self.c_z8.val();
        self.rq.r_last_be.next = self.c_z4.val();
        self.rq.r_data0.next = self.tfcnt.r_data0.val();
        if self.nget.r_valid.val() {
            self.rq.r_write.next = self.nget.r_write.val();
            self.rq.r_addr.next = self.nget.r_addr.val();
            self.rq.r_dwords.next = self.nget.r_dwords.val();
            self.rq.r_tag.next = self.nget.r_tag.val();
            self.rq.r_last_be.next = self.nget.r_last_be.val();
            self.rq.r_data0.next = self.nget.r_data0.val();
        }
        // NGET: its registers, the DMA Request register (issued by one write of both Dwords,
        // A6), RC
        self.nget.clock.next = self.clock.val();
        self.nget.reset.next = self.reset.val();
        if self.ctl.ioc.write.val() {
            self.wd.d.next = self.ctl.ioc.wdata.val();
            self.wd_first.d.next = self.ctl.ioc_first.val();
            self.wd_last.d.next = self.ctl.ioc_last.val();
        }
        self.req_split.d.next = false;
        if self.regs.dma_req_lo_wrote.val() {
            self.req_lo.d.next = self.wd.q.val();
            self.lo_fresh.d.next = !self.wd_last.q.val();
            self.req_split.d.next = self.wd_last.q.val();
        }
        self.req_w.lo.next = self.req_lo.q.val();
        self.req_w.hi.next = self.wd.q.val().get_bits::<2>(0);
        self.nget.req.next = self.req_w.y.val();
        self.nget.req_valid.next = false;
        if self.regs.dma_req_hi_wrote.val() {
            self.lo_fresh.d.next = false;
            self.nget.req_valid.next = self.lo_fresh.q.val() && !self.wd_first.q.val();
            self.req_split.d.next = !(self.lo_fresh.q.val() && !self.wd_first.q.val());
        }
        if self.reset.val() {
            self.lo_fresh.d.next = false;
            self.req_split.d.next = false;
        }
        self.u_req[0].x.next = self.regs.dma_req_lo_length.val();
        self.u_req[1].x.next = self.regs.dma_req_lo_rao.val();
        self.u_req3[0].x.next = self.regs.dma_req_lo_vc.val();
        self.u_req3[1].x.next = self.regs.dma_req_lo_link.val();
        self.u_req3[2].x.next = self.regs.dma_req_lo_notidx.val();
        self.u_req1.x.next = self.regs.dma_req_lo_bufoff_lo.val();
        self.u_req2.x.next = self.regs.dma_req_hi_bufoff_hi.val();
        self.buf_at.lo.next = self.regs.dma_buf_lo_addr.val();
        self.buf_at.hi.next = self.regs.dma_buf_hi_addr.val();
        self.nget.buf_addr.next = self.buf_at.y.val();
        self.ntf_at.lo.next = self.regs.dma_ntf_lo_addr.val();
        self.ntf_at.hi.next = self.regs.dma_ntf_hi_addr.val();
        self.nget.ntf_addr.next = self.ntf_at.y.val();
        self.nget.timeout.next = self.regs.dma_ctrl_timeout.val();
        self.nget.max_read_req.next = self.cfg_max_read_req.val();
        // RC through a register slice (its beats reach the tag store from registers)
        self.rc_in.clock.next = self.clock.val();
        self.rc_in.reset.next = self.reset.val();
        self.rc_in.out_en.next = true;
        self.rc_in.in_a.next = self.s_axis_rc.tdata.val();
        // {discontinue, tlast}
        self.rc_flags.next = self.c_rc[0].val();
        if self.s_axis_rc.tlast.val() {
            self.rc_flags.next = self.c_rc[1].val();
        }
        if self.s_axis_rc.tuser.val().get_bit(42) {
            self.rc_flags.next = self.rc_flags.val() | self.c_rc[2].val();
        }
        self.rc_in.in_b.next = self.rc_flags.val();
        self.rc_in.in_valid.next = self.s_axis_rc.tvalid.val();
        self.s_axis_rc.tready.next = self.rc_in.in_ready.val();
        self.nget.rc_tdata.next = self.rc_in.out_a.val();
        self.nget.rc_tlast.next = self.rc_in.out_b.val().get_bit(0);
        self.nget.rc_discontinue.next = self.rc_in.out_b.val().get_bit(1);
        self.nget.rc_tvalid.next = self.rc_in.out_valid.val();
        self.rc_in.out_ready.next = self.nget.rc_tready.val();
        self.u_rc_keep.x.next = self.s_axis_rc.tkeep.val();
        self.u_rc_user.x.next = self.s_axis_rc.tuser.val();
        self.regs.dma_exc_req_bad_set.next = self.nget.exc_bad.val();
        self.regs.dma_exc_req_split_set.next = self.req_split.q.val();
        self.regs.dma_exc_req_overrun_set.next = self.nget.exc_overrun.val();
        self.regs.dma_exc_cpl_error_set.next = self.nget.exc_cpl.val();
        self.regs.dma_exc_cpl_tag_set.next = self.nget.exc_tag.val();
        self.regs.dma_exc_cpl_timeout_set.next = self.nget.exc_timeout.val();
        self.u_dma_pending.x.next = self.regs.dma_exc_pending.val();
        self.exc_dma.next = self.any_dma.val();
        // POC: RqTx's short requests and the node's receive writes share RQ
        self.poc.clock.next = self.clock.val();
        self.poc.reset.next = self.reset.val();
        self.poc.tnw_clock.next = self.tnw_clock.val();
        self.poc.tnw_reset.next = self.tnw_reset.val();
        self.poc.bus_master.next = self.cfg_bus_master.val();
        DmaWrSlave::<32>::link(&mut self.host[0], &mut self.poc.host[0]);
        DmaWrSlave::<32>::link(&mut self.host[1], &mut self.poc.host[1]);
        DmaWrSlave::<32>::link(&mut self.host[2], &mut self.poc.host[2]);
        DmaWrSlave::<32>::link(&mut self.host[3], &mut self.poc.host[3]);
        DmaWrSlave::<32>::link(&mut self.host[4], &mut self.poc.host[4]);
        DmaWrSlave::<32>::link(&mut self.host[5], &mut self.poc.host[5]);
        self.exc_host_write.next = self.poc.exc_write.val();
        self.poc.s_tdata.next = self.rq.rq.tdata.val();
        self.poc.s_tkeep.next = self.rq.rq.tkeep.val();
        self.poc.s_tlast.next = self.rq.rq.tlast.val();
        self.poc.s_tuser.next = self.rq.rq.tuser.val();
        self.poc.s_tvalid.next = self.rq.rq.tvalid.val();
        self.rq.rq.tready.next = self.poc.s_tready.val();
        AxisSource::<128, 4, 60>::link(&mut self.m_axis_rq, &mut self.poc.rq);
        self.exc_request.next = self.ctl.exc_request.val();
        self.exc_partial.next = self.ctl.exc_partial.val();
    }
}

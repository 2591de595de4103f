//! The registry of top-level designs: what `make verilog` emits, lints and synthesizes, and
//! what the differential native-vs-Verilator test runs. One entry per top.

use crate::common::{
    arbiter::RoundRobin,
    async_fifo::AsyncFifo,
    axi::DmaToAxi4,
    axi_lite::{AxiLiteSlave, AxiLiteToRegBus},
    crc::Crc,
    mem_axi::MemToAxi4,
    regbank::RegBusMaster,
    reset::ResetSync,
    sync_fifo::SyncFifo,
    unused::Unused,
};
use crate::dtu::dtu::Dtu;
use crate::dtu::dtu_axil::DtuAxil;
use crate::dtu::dtu_axil32::DtuAxil32;
use crate::dtu::interposed::DtuAxi4;
use crate::dtu::system::DtuSystem;
use crate::dyn_top;
use crate::ftnw::ioc::Ioc;
use crate::ftnw::link::TnwLink;
use crate::ftnw::node::{FtnwNode, LINKS};
use crate::ftnw::nwp::Nwp;
use crate::ftnw::port::TnwPort;
use crate::mitnic::core::NicCore;
use crate::mitnic::network::{ParcButterfly8, ParcRing8};
use crate::mitnic::nic::{MitNic, MitNicSync};
use crate::ppe::axil::PpeAxil;
use crate::ppe::events::PpeEvents;
use crate::ppe::node::PpeNode;
use crate::ppe::notify::PpeNotify;
use crate::ppe::queues::PpeQueues;
use crate::ppe::rx::PpeRx;
use crate::ppe::rx_check::PpeRxCheck;
use crate::ppe::rx_link::PpeRxLink;
use crate::ppe::rx_node::PpeRxNode;
use crate::ppe::tx::PpeTx;
use crate::top::{port_doc, DynTop, TopEntry};
use nicgen_wire::crc::{CRC16_CCITT, CRC32_IEEE};
use rust_hdl::prelude::*;

pub type Crc32 = Crc<32, 32>;
pub type Crc16 = Crc<16, 32>;
pub type SyncFifo512x32 = SyncFifo<Bits<32>, 9, 10>;
/// The same FIFO at 4 x 8: the configuration `make formal` proves (formal/sync_fifo_formal.sv).
pub type SyncFifo4x8 = SyncFifo<Bits<8>, 2, 3>;
pub type AsyncFifo512x36 = AsyncFifo<Bits<36>, 9, 10>;
pub type RoundRobin8 = RoundRobin<8>;
pub type ResetSync3 = ResetSync<3>;

dyn_top!(Crc32Top, Crc32, clocks: [clock], inputs: [reset, start, valid, data], outputs: [crc, crc_next]);
dyn_top!(Crc16Top, Crc16, clocks: [clock], inputs: [reset, start, valid, data], outputs: [crc, crc_next]);
dyn_top!(SyncFifoTop, SyncFifo512x32, clocks: [clock],
    inputs: [reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, source.data, source.valid, occupancy, almost_full, almost_empty]);
dyn_top!(SyncFifoSmallTop, SyncFifo4x8, clocks: [clock],
    inputs: [reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, source.data, source.valid, occupancy, almost_full, almost_empty]);
dyn_top!(AsyncFifoTop, AsyncFifo512x36, clocks: [wr_clock, rd_clock],
    inputs: [wr_reset, rd_reset, sink.data, sink.valid, source.ready],
    outputs: [sink.ready, wr_occupancy, almost_full, source.data, source.valid, rd_occupancy, almost_empty]);
dyn_top!(RoundRobinTop, RoundRobin8, clocks: [clock], inputs: [reset, req, ack], outputs: [grant, valid]);
dyn_top!(ResetSyncTop, ResetSync3, clocks: [clock], inputs: [arst], outputs: [rst]);
dyn_top!(RegBankDemoTop, RegBankDemo, clocks: [clock],
    inputs: [reset, bus.addr, bus.wdata, bus.write, bus.read, status_value, exc_err_set],
    outputs: [bus.rdata, bus.ready, bus.err, ctrl_enable, ctrl_mode, ctrl_start, ctrl_limit, ctrl_wrote,
        exc_mask, exc_pending, doorbell_value, doorbell_wrote]);

dyn_top!(AxiLiteRegsDemoTop, AxiLiteRegsDemo, clocks: [clock],
    inputs: [reset, s_axil.awaddr, s_axil.awprot, s_axil.awvalid, s_axil.wdata, s_axil.wstrb, s_axil.wvalid,
        s_axil.bready, s_axil.araddr, s_axil.arprot, s_axil.arvalid, s_axil.rready, status_value, exc_err_set],
    outputs: [s_axil.awready, s_axil.wready, s_axil.bresp, s_axil.bvalid, s_axil.arready, s_axil.rdata,
        s_axil.rresp, s_axil.rvalid, ctrl_start, doorbell_value, doorbell_wrote]);

/// The DMA interface on an AXI4 manager port (16 tags, 64-bit data): both sides are ports.
pub type DmaAxi4 = DmaToAxi4<4, 16>;

dyn_top!(DmaAxi4Top, DmaAxi4, clocks: [clock],
    inputs: [reset, dma.rd_req_addr, dma.rd_req_beats, dma.rd_req_tag, dma.rd_req_valid, dma.rd_rsp_ready,
        dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid, dma.wr_dat_data, dma.wr_dat_last, dma.wr_dat_valid,
        dma.wr_rsp_ready, m_axi.awready, m_axi.wready, m_axi.bid, m_axi.bresp, m_axi.bvalid,
        m_axi.arready, m_axi.rid,
        m_axi.rdata, m_axi.rresp, m_axi.rlast, m_axi.rvalid],
    outputs: [dma.rd_req_ready, dma.rd_rsp_data, dma.rd_rsp_tag, dma.rd_rsp_last, dma.rd_rsp_err,
        dma.rd_rsp_valid, dma.wr_req_ready, dma.wr_dat_ready, dma.wr_rsp_err, dma.wr_rsp_valid, m_axi.awid,
        m_axi.awaddr, m_axi.awlen, m_axi.awsize, m_axi.awburst, m_axi.awvalid, m_axi.awlock,
        m_axi.awcache, m_axi.awprot, m_axi.awqos, m_axi.arlock, m_axi.arcache, m_axi.arprot,
        m_axi.arqos, m_axi.wdata, m_axi.wstrb, m_axi.wlast,
        m_axi.wvalid, m_axi.bready, m_axi.arid, m_axi.araddr, m_axi.arlen, m_axi.arsize,
        m_axi.arburst, m_axi.arvalid,
        m_axi.rready]);

/// The local-memory interface on an AXI4 manager port (32-bit word addresses).
pub type MemAxi4 = MemToAxi4<32>;

dyn_top!(MemAxi4Top, MemAxi4, clocks: [clock],
    inputs: [reset, mem.req_addr, mem.req_we, mem.req_wdata, mem.req_strb, mem.req_valid, m_axi.awready,
        m_axi.wready, m_axi.bid, m_axi.bresp, m_axi.bvalid, m_axi.arready, m_axi.rid, m_axi.rdata,
        m_axi.rresp, m_axi.rlast,
        m_axi.rvalid],
    outputs: [mem.req_ready, mem.rsp_data, mem.rsp_valid, err, m_axi.awid, m_axi.awaddr,
    m_axi.awlen, m_axi.awsize,
        m_axi.awburst, m_axi.awvalid, m_axi.awlock, m_axi.awcache, m_axi.awprot, m_axi.awqos,
        m_axi.arlock, m_axi.arcache, m_axi.arprot, m_axi.arqos, m_axi.wdata, m_axi.wstrb,
        m_axi.wlast, m_axi.wvalid, m_axi.bready, m_axi.arid,
        m_axi.araddr, m_axi.arlen, m_axi.arsize, m_axi.arburst, m_axi.arvalid, m_axi.rready]);

dyn_top!(DtuTop, Dtu, clocks: [clock],
    inputs: [reset, own_pe, bus.addr, bus.wdata, bus.write, bus.read, mem.req_ready, mem.rsp_data,
        mem.rsp_valid, req_out.ready, req_in.data, req_in.keep, req_in.meta, req_in.first,
        req_in.last, req_in.valid, rsp_out.ready, rsp_in.data, rsp_in.keep, rsp_in.meta,
        rsp_in.first, rsp_in.last, rsp_in.valid],
    outputs: [bus.rdata, bus.ready, bus.err, cmd_busy, mem.req_addr, mem.req_we, mem.req_wdata, mem.req_strb,
        mem.req_valid, req_out.data, req_out.keep, req_out.meta, req_out.first, req_out.last,
        req_out.valid, req_in.ready, rsp_out.data, rsp_out.keep, rsp_out.meta, rsp_out.first,
        rsp_out.last, rsp_out.valid, rsp_in.ready]);

/// `dtu_axil` and `dtu_axil32`: the DTU behind an AXI4-Lite subordinate at 64 or 32 bits, the
/// same ports.
macro_rules! dtu_axil_top {
    ($wrap:ident, $ty:ty) => {
        dyn_top!($wrap, $ty, clocks: [clock],
            inputs: [reset, own_pe, s_axil.awaddr, s_axil.awprot, s_axil.awvalid, s_axil.wdata, s_axil.wstrb,
                s_axil.wvalid, s_axil.bready, s_axil.araddr, s_axil.arprot, s_axil.arvalid, s_axil.rready,
                mem.req_ready, mem.rsp_data, mem.rsp_valid, req_out.ready, req_in.data, req_in.keep,
                req_in.meta, req_in.first, req_in.last, req_in.valid, rsp_out.ready, rsp_in.data,
                rsp_in.keep, rsp_in.meta, rsp_in.first, rsp_in.last, rsp_in.valid],
            outputs: [s_axil.awready, s_axil.wready, s_axil.bresp, s_axil.bvalid, s_axil.arready,
                s_axil.rdata, s_axil.rresp, s_axil.rvalid, cmd_busy, mem.req_addr, mem.req_we,
                mem.req_wdata, mem.req_strb, mem.req_valid, req_out.data, req_out.keep, req_out.meta,
                req_out.first, req_out.last, req_out.valid, req_in.ready, rsp_out.data, rsp_out.keep,
                rsp_out.meta, rsp_out.first, rsp_out.last, rsp_out.valid, rsp_in.ready]);
    };
}
dtu_axil_top!(DtuAxilTop, DtuAxil);
dtu_axil_top!(DtuAxil32Top, DtuAxil32);

dyn_top!(DtuAxi4Top, DtuAxi4, clocks: [clock],
    inputs: [reset, own_pe, bus.addr, bus.wdata, bus.write, bus.read, cu_mem.req_addr, cu_mem.req_we,
        cu_mem.req_wdata, cu_mem.req_strb, cu_mem.req_valid, m_axi.awready, m_axi.wready, m_axi.bid,
        m_axi.bresp, m_axi.bvalid, m_axi.arready, m_axi.rid, m_axi.rdata, m_axi.rresp, m_axi.rlast,
        m_axi.rvalid,
        req_out.ready, req_in.data, req_in.keep, req_in.meta, req_in.first, req_in.last,
        req_in.valid, rsp_out.ready, rsp_in.data, rsp_in.keep, rsp_in.meta, rsp_in.first,
        rsp_in.last, rsp_in.valid],
    outputs: [bus.rdata, bus.ready, bus.err, cmd_busy, cu_mem.req_ready, cu_mem.rsp_data,
        cu_mem.rsp_valid, mem_err, m_axi.awid, m_axi.awaddr, m_axi.awlen, m_axi.awsize, m_axi.awburst,
        m_axi.awvalid, m_axi.awlock, m_axi.awcache, m_axi.awprot, m_axi.awqos, m_axi.arlock,
        m_axi.arcache, m_axi.arprot, m_axi.arqos, m_axi.wdata, m_axi.wstrb, m_axi.wlast,
        m_axi.wvalid, m_axi.bready, m_axi.arid, m_axi.araddr,
        m_axi.arlen, m_axi.arsize, m_axi.arburst, m_axi.arvalid, m_axi.rready, req_out.data, req_out.keep,
        req_out.meta, req_out.first, req_out.last, req_out.valid, req_in.ready, rsp_out.data,
        rsp_out.keep, rsp_out.meta, rsp_out.first, rsp_out.last, rsp_out.valid, rsp_in.ready]);

/// The ring routing table of the emitted `nic_core` (node[2:0] -> routing byte): a placeholder
/// until Figure 2.2 or TR-482 gives the values (NIC-A13).
pub const NIC_RING_TABLE: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

dyn_top!(NicCoreTop, NicCore, clocks: [clock],
    inputs: [reset, t_strobe, t_da, t_write, t_wdata, out_ready, out_held, in_valid, in_w0, in_w1,
        in_w2, in_w3, in_w4, in_type, idle_err, in_lost, exc_pins, eh_room, port_seen],
    outputs: [t_done, t_fault, t_wait, t_rdata, out_valid, out_w0, out_w1, out_w2, out_w3, out_w4,
        out_type, out_csp, out_route, out_excs, in_nearly_full, eh_valid, eh_type, eh_csp,
        eh_route, port_go]);

dyn_top!(ParcRing8Top, ParcRing8, clocks: [clock], inputs: [reset, nin, nout_wait],
    outputs: [nin_wait, nout]);
dyn_top!(ParcButterfly8Top, ParcButterfly8, clocks: [clock], inputs: [reset, nin, nout_wait],
    outputs: [nin_wait, nout]);

/// The port docs of `mit_nic` and `mit_nic_sync`: the clock entries given, then every pin both
/// have.
macro_rules! mit_nic_port_docs {
    ($($head:expr),* $(,)?) => {
        &[
            $($head,)*
            ("niclk", "the input port's clock (`nidata` is sampled on its rising edges; the upstream port's noclk)"),
            ("reset", "power-on reset request, asynchronous, active high (NIC-A21): synchronized into each domain"),
            ("ncs", "P-bus chip select, active low (the decode of the upper address bits is outside)"),
            ("dbe", "P-bus: high for a non-NULL transaction (the OR of dbe3-dbe0)"),
            ("da", "P-bus address bits A[15:2]: LOC, OTYPE, NNEXT, SEND, CSP (`nicgen_wire::mitnic::Command`)"),
            ("r_w", "P-bus: 1 read, 0 write"),
            ("d_in", "P-bus data as driven by the master (write data, the cycle after the address)"),
            ("dr_in", "P-bus reply lines as every slave drives them: a transaction in the cycle after a non-NULL one that did not succeed is ignored"),
            ("d_out", "read data (0 when `d_oe` is low)"),
            ("d_oe", "drive `d_out` on the data bus (the reply cycle of a read that succeeds)"),
            ("dr_out", "reply: `nicgen_wire::mitnic::DR_SUCCESS`, `DR_WAIT` or `DR_FAULT`"),
            ("dr_oe", "drive `dr_out` (every reply cycle of a NIC transaction)"),
            ("nodata", "PaRC output data: 0x5555 idles, twelve-word packets"),
            ("nowait", "PaRC output wait (asynchronous; a packet starts only while it is low)"),
            ("nidata", "PaRC input data (niclk domain)"),
            ("niwait", "PaRC input wait (niclk domain): high while the input queue holds 12 or more messages"),
            ("exc_in", "the four exception input pins (asynchronous; STATUS.EXCS[5:2])"),
            ("exc_out", "the four exception output pins (CONTROL.OUT_EXCS)"),
        ]
    };
}

dyn_top!(MitNicTop, MitNic, clocks: [clock, netclk, niclk],
    inputs: [reset, ncs, dbe, da, r_w, d_in, dr_in, nowait, nidata, exc_in],
    outputs: [d_out, d_oe, dr_out, dr_oe, nodata, noclk, niwait, exc_out]);
dyn_top!(PpeRxCheckTop, PpeRxCheck, clocks: [clock],
    inputs: [reset, in_valid, dst_node, dst_slot, use_msg_size, use_msg_offset, ack_pkt, pkt_inc,
        remote_offset, msg_size, hdr_ok, body_ok, pkt_words, rs_base, rs_size, rs_valid, rs_btg,
        local_node, incarnation, rslot_limit],
    outputs: [out_valid, status, ack, data, host_addr, new_btg, set_msg_size, new_msg_size,
        set_msg_offset, new_msg_offset, complete]);

dyn_top!(PpeRxLinkTop, PpeRxLink, clocks: [clock],
    inputs: [reset, rx.data, rx.keep, rx.meta, rx.first, rx.last, rx.valid, d_take, promote, p_addr],
    outputs: [rx.ready, d_valid, ending, w0, w1, w2, w3, m0, m1, m2, m3, hdr_ok, body_ok, pkt_words,
        p_data]);

dyn_top!(PpeRxTop, PpeRx, clocks: [clock],
    inputs: [reset, rx.data, rx.keep, rx.meta, rx.first, rx.last, rx.valid, local_node,
        incarnation, rslot_limit, ev_take, promote, p_addr, dma.wr_req_ready, dma.wr_dat_ready,
        dma.wr_rsp_err, dma.wr_rsp_valid, h_addr, h_wdata, h_we, h_re],
    outputs: [rx.ready, ev_valid, busy, ev_status, ev_ack, ev_data, ev_complete, ev_host_addr, ev_words,
        ev_w0, ev_w1, ev_w2, ev_w3, ev_m0, ev_m1, ev_m2, ev_m3, ev_rs_ctl, ev_rs_msg_size, ev_rs_msg_offset, ev_rs_ack_note,
        ev_rs_meta_ctl, ev_rs_meta0, ev_rs_meta1, ev_rs_meta2, ev_rs_meta3, ev_host_err, p_data,
        dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid, dma.wr_dat_data, dma.wr_dat_last,
        dma.wr_dat_valid, dma.wr_rsp_ready, h_ready, h_rdata]);

dyn_top!(PpeQueuesTop, PpeQueues, clocks: [clock],
    inputs: [reset, h_pop_nqr, h_pop_aqr, h_push_nbqr, h_wdata, h_clear_lo, h_clear_hi, nq_valid,
        nq_data, aq_valid, aq_data, nb_take],
    outputs: [h_rdata, nq_ready, aq_ready, nb_valid, nb_data, int_lo, int_hi, nbqr_empty,
        nbqr_full, irq]);

dyn_top!(PpeEventsTop, PpeEvents, clocks: [clock],
    inputs: [reset, ev_valid, ev_status, ev_ack, ev_data, ev_host_err, ev_complete, ev_w0, ev_w1,
        ev_w2, ev_w3, ev_m0, ev_m1, ev_m2, ev_m3, ev_rs_ctl, ev_rs_msg_size, ev_rs_msg_offset,
        ev_rs_ack_note, ev_rs_meta_ctl, ev_rs_meta0, ev_rs_meta1, ev_rs_meta2, ev_rs_meta3,
        n_ready, n_busy, aq_ready],
    outputs: [ev_take, n_valid, n_list, n_w0, n_w1, n_w2, n_m0, n_m1, n_m2, n_m3, n_force,
        misc, aq_valid, aq_data]);

dyn_top!(PpeRxNodeTop, PpeRxNode, clocks: [clock],
    inputs: [reset, rx.data, rx.keep, rx.meta, rx.first, rx.last, rx.valid, local_node,
        incarnation, rslot_limit, nlhr, h_addr, h_wdata, h_we, h_re, g_addr, g_wdata, g_we,
        q_pop_nqr, q_pop_aqr, q_push_nbqr, q_wdata, q_clear_lo, q_clear_hi, dma.wr_req_ready,
        dma.wr_dat_ready, dma.wr_rsp_err, dma.wr_rsp_valid, tn_valid, tn_list, promote, pb_addr, hb_sel],
    outputs: [rx.ready, h_ready, h_rdata, g_ready, g_rdata, q_rdata, int_lo, int_hi, nbqr_empty,
        nbqr_full, irq, dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid, dma.wr_dat_data,
        dma.wr_dat_last, dma.wr_dat_valid, dma.wr_rsp_ready, busy, note_err, tn_ready, misc,
        pb_data, hb_data]);

dyn_top!(PpeNodeTop, PpeNode, clocks: [clock],
    inputs: [reset, bus.addr, bus.wdata, bus.write, bus.read, tx.ready, rx.data, rx.keep, rx.meta,
        rx.first, rx.last, rx.valid, dma.rd_req_ready, dma.rd_rsp_data, dma.rd_rsp_tag,
        dma.rd_rsp_last, dma.rd_rsp_err, dma.rd_rsp_valid, dma.wr_req_ready, dma.wr_dat_ready,
        dma.wr_rsp_err, dma.wr_rsp_valid],
    outputs: [bus.rdata, bus.ready, bus.err, irq, note_err, tx.data, tx.keep, tx.meta, tx.first, tx.last,
        tx.valid, rx.ready, dma.rd_req_addr, dma.rd_req_beats, dma.rd_req_tag, dma.rd_req_valid,
        dma.rd_rsp_ready, dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid, dma.wr_dat_data,
        dma.wr_dat_last, dma.wr_dat_valid, dma.wr_rsp_ready]);

dyn_top!(PpeAxilTop, PpeAxil, clocks: [clock],
    inputs: [reset, s_axil.awaddr, s_axil.awprot, s_axil.awvalid, s_axil.wdata, s_axil.wstrb,
        s_axil.wvalid, s_axil.bready, s_axil.araddr, s_axil.arprot, s_axil.arvalid, s_axil.rready,
        tx.ready, rx.data, rx.keep, rx.meta, rx.first, rx.last, rx.valid, dma.rd_req_ready,
        dma.rd_rsp_data, dma.rd_rsp_tag, dma.rd_rsp_last, dma.rd_rsp_err, dma.rd_rsp_valid,
        dma.wr_req_ready, dma.wr_dat_ready, dma.wr_rsp_err, dma.wr_rsp_valid],
    outputs: [s_axil.awready, s_axil.wready, s_axil.bresp, s_axil.bvalid, s_axil.arready,
        s_axil.rdata, s_axil.rresp, s_axil.rvalid, irq, note_err, tx.data, tx.keep, tx.meta,
        tx.first, tx.last, tx.valid, rx.ready, dma.rd_req_addr, dma.rd_req_beats, dma.rd_req_tag,
        dma.rd_req_valid, dma.rd_rsp_ready, dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid,
        dma.wr_dat_data, dma.wr_dat_last, dma.wr_dat_valid, dma.wr_rsp_ready]);

dyn_top!(PpeTxTop, PpeTx, clocks: [clock],
    inputs: [reset, en, node, x_addr, x_write, x_wdata, x_read, tx.ready, dma.rd_req_ready,
        dma.rd_rsp_data, dma.rd_rsp_tag, dma.rd_rsp_last, dma.rd_rsp_err, dma.rd_rsp_valid,
        nt_ready],
    outputs: [x_rdata, tx.data, tx.keep, tx.meta, tx.first, tx.last, tx.valid, dma.rd_req_addr,
        dma.rd_req_beats, dma.rd_req_tag, dma.rd_req_valid, dma.rd_rsp_ready, nt_valid, nt_list,
        active]);

dyn_top!(PpeNotifyTop, PpeNotify, clocks: [clock],
    inputs: [reset, req_valid, req_list, req_w0, req_w1, req_w2, req_m0, req_m1, req_m2, req_m3,
        req_force, nlhr, ram_ready, ram_rdata, nb_valid, nb_data, nq_ready, dma.wr_req_ready,
        dma.wr_dat_ready, dma.wr_rsp_err, dma.wr_rsp_valid],
    outputs: [req_ready, ram_addr, ram_we, ram_wdata, ram_valid, nb_take, nq_valid, nq_data,
        dma.wr_req_addr, dma.wr_req_beats, dma.wr_req_valid, dma.wr_dat_data, dma.wr_dat_last,
        dma.wr_dat_valid, dma.wr_rsp_ready, busy, err]);

dyn_top!(MitNicSyncTop, MitNicSync, clocks: [clock, niclk],
    inputs: [reset, ncs, dbe, da, r_w, d_in, dr_in, nowait, nidata, exc_in],
    outputs: [d_out, d_oe, dr_out, dr_oe, nodata, noclk, niwait, exc_out]);

/// The ports of the MIT NIC networks (`parc_ring8`, `parc_bfly8`).
const PARC_NET_PORT_DOCS: &[(&str, &str)] = &[
    ("clock", "the network's clock (every link's word clock)"),
    (
        "reset",
        "synchronous reset, active high: every buffer empty, every wait high while it lasts",
    ),
    (
        "nin",
        "link k's word into the network at bits 16k+15:16k (NIC k's nodata)",
    ),
    (
        "nin_wait",
        "bit k: the network takes no new packet on link k (NIC k's nowait)",
    ),
    (
        "nout",
        "link k's word out of the network at bits 16k+15:16k (NIC k's nidata)",
    ),
    ("nout_wait", "bit k: NIC k takes no new packet (its niwait)"),
];

/// `dtu_system`: every PE's CU and memory ports, PE by PE.
macro_rules! dtu_system_top {
    ($($pe:ident),*) => {
        dyn_top!(DtuSystemTop, DtuSystem, clocks: [clock],
            inputs: [reset $(, $pe.bus.addr, $pe.bus.wdata, $pe.bus.write, $pe.bus.read,
                $pe.mem.req_ready, $pe.mem.rsp_data, $pe.mem.rsp_valid)*],
            outputs: [$($pe.bus.rdata, $pe.bus.ready, $pe.bus.err, $pe.cmd_busy, $pe.mem.req_addr,
                $pe.mem.req_we, $pe.mem.req_wdata, $pe.mem.req_strb, $pe.mem.req_valid),*]);
    };
}
dtu_system_top!(pe0, pe1, pe2, pe3);

dyn_top!(TnwPortTop, TnwPort, clocks: [clock, phy_clock],
    inputs: [reset, phy_rxd, phy_rxc, tx.data, tx.keep, tx.meta, tx.first, tx.last, tx.valid,
        bus.addr, bus.wdata, bus.write, bus.read, host.wr_req_ready, host.wr_dat_ready,
        host.wr_rsp_err, host.wr_rsp_valid,
        phy_rx_fault_p, phy_rx_fault_r, phy_intb, phy_tx_fault, phy_rxh, mdio_i],
    outputs: [phy_txd, phy_txc, tx.ready, bus.rdata, bus.ready, bus.err, host.wr_req_addr,
        host.wr_req_beats, host.wr_req_valid, host.wr_dat_data, host.wr_dat_last, host.wr_dat_valid,
        host.wr_rsp_ready, irq_rx, irq_tx, phy_reset, mdc, mdio_o, mdio_oe, rsnd_occupancy]);

dyn_top!(FtnwIocTop, Ioc, clocks: [clock, tnw_clock],
    inputs: [reset, tnw_reset, completer_id, s_axis_cq_tdata, s_axis_cq_tkeep, s_axis_cq_tlast,
        s_axis_cq_tuser, s_axis_cq_tvalid, m_axis_cc_tready, tnw.rdata, tnw.ready, tnw.err,
        cfg_bus_master, m_axis_rq_tready, s_axis_rc_tdata, s_axis_rc_tkeep, s_axis_rc_tlast,
        s_axis_rc_tuser, s_axis_rc_tvalid, cfg_max_read_req, host0.wr_req_addr, host0.wr_req_beats, host0.wr_req_valid, host0.wr_dat_data, host0.wr_dat_last, host0.wr_dat_valid, host0.wr_rsp_ready, host1.wr_req_addr, host1.wr_req_beats, host1.wr_req_valid, host1.wr_dat_data, host1.wr_dat_last, host1.wr_dat_valid, host1.wr_rsp_ready, host2.wr_req_addr, host2.wr_req_beats, host2.wr_req_valid, host2.wr_dat_data, host2.wr_dat_last, host2.wr_dat_valid, host2.wr_rsp_ready, host3.wr_req_addr, host3.wr_req_beats, host3.wr_req_valid, host3.wr_dat_data, host3.wr_dat_last, host3.wr_dat_valid, host3.wr_rsp_ready, host4.wr_req_addr, host4.wr_req_beats, host4.wr_req_valid, host4.wr_dat_data, host4.wr_dat_last, host4.wr_dat_valid, host4.wr_rsp_ready, host5.wr_req_addr, host5.wr_req_beats, host5.wr_req_valid, host5.wr_dat_data, host5.wr_dat_last, host5.wr_dat_valid, host5.wr_rsp_ready,
        link_irq_rx, link_irq_tx, tx0.ready, tx1.ready, tx2.ready, tx3.ready, tx4.ready, tx5.ready],
    outputs: [s_axis_cq_tready, m_axis_cc_tdata, m_axis_cc_tkeep, m_axis_cc_tlast, m_axis_cc_tuser,
        m_axis_cc_tvalid, tnw.addr, tnw.wdata, tnw.write, tnw.read, m_axis_rq_tdata,
        m_axis_rq_tkeep, m_axis_rq_tlast, m_axis_rq_tuser, m_axis_rq_tvalid, s_axis_rc_tready,
        exc_request, exc_partial, exc_tx_partial, exc_tx_link, exc_tx_overrun, exc_tx_header,
        exc_dma, host0.wr_req_ready, host0.wr_dat_ready, host0.wr_rsp_err, host0.wr_rsp_valid, host1.wr_req_ready, host1.wr_dat_ready, host1.wr_rsp_err, host1.wr_rsp_valid, host2.wr_req_ready, host2.wr_dat_ready, host2.wr_rsp_err, host2.wr_rsp_valid, host3.wr_req_ready, host3.wr_dat_ready, host3.wr_rsp_err, host3.wr_rsp_valid, host4.wr_req_ready, host4.wr_dat_ready, host4.wr_rsp_err, host4.wr_rsp_valid, host5.wr_req_ready, host5.wr_dat_ready, host5.wr_rsp_err, host5.wr_rsp_valid,
        exc_host_write,
        tx0.data, tx0.keep, tx0.meta, tx0.first, tx0.last, tx0.valid,
        tx1.data, tx1.keep, tx1.meta, tx1.first, tx1.last, tx1.valid,
        tx2.data, tx2.keep, tx2.meta, tx2.first, tx2.last, tx2.valid,
        tx3.data, tx3.keep, tx3.meta, tx3.first, tx3.last, tx3.valid,
        tx4.data, tx4.keep, tx4.meta, tx4.first, tx4.last, tx4.valid,
        tx5.data, tx5.keep, tx5.meta, tx5.first, tx5.last, tx5.valid]);

dyn_top!(TnwLinkTop, TnwLink, clocks: [clock, phy_clock],
    inputs: [reset, phy_rxd, phy_rxc, tx.data, tx.keep, tx.meta, tx.first, tx.last, tx.valid, rx.ready,
        rx_vc_ready, bus.addr, bus.wdata, bus.write, bus.read,
        phy_rx_fault_p, phy_rx_fault_r, phy_intb, phy_tx_fault, phy_rxh, mdio_i,
        rxb.crd_not_empty, rxb.crd_full, rxb.ev_crd_overrun, rxb.ev_crd_size0, rxb.ev_cba_busy,
        rxb.ev_nba_busy, rxb.ev_poc_done, rxb.ev_poc_first, rxb.ev_rcba_carry, rxb.ev_rnba_lsb,
        rxb.ev_rao_range],
    outputs: [phy_txd, phy_txc, tx.ready, rx.data, rx.keep, rx.meta, rx.first, rx.last, rx.valid,
        bus.rdata, bus.ready, bus.err, rxb.hold, rxb.flush, rxb.abort, rxb.pkt_next,
        irq_rx, irq_tx, phy_reset, mdc, mdio_o, mdio_oe, rsnd_occupancy]);

/// The demo register file behind the AXI4-Lite slave adapter: the shape every device's
/// registers take in an AXI system.
#[derive(LogicBlock, Default)]
pub struct AxiLiteRegsDemo {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub s_axil: AxiLiteSlave<6, 32, 4>,
    pub status_value: Signal<In, Bits<32>>,
    pub exc_err_set: Signal<In, Bits<8>>,
    pub ctrl_start: Signal<Out, Bit>,
    pub doorbell_value: Signal<Out, Bits<32>>,
    pub doorbell_wrote: Signal<Out, Bit>,
    adapter: AxiLiteToRegBus<6>,
    regs: RegBankDemo,
    sink_bits: [Unused<Bit>; 2],
    sink_ctrl: Unused<Bits<4>>,
    sink_limit: Unused<Bits<16>>,
    sink_mask: Unused<Bits<8>>,
    sink_pending: Unused<Bits<32>>,
}

impl Logic for AxiLiteRegsDemo {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, adapter, regs);
        self.adapter.reset.next = self.reset.val();
        self.regs.reset.next = self.reset.val();
        AxiLiteSlave::<6, 32, 4>::link(&mut self.s_axil, &mut self.adapter.axi);
        RegBusMaster::<6>::join(&mut self.adapter.bus, &mut self.regs.bus);
        self.regs.status_value.next = self.status_value.val();
        self.regs.exc_err_set.next = self.exc_err_set.val();
        self.ctrl_start.next = self.regs.ctrl_start.val();
        self.doorbell_value.next = self.regs.doorbell_value.val();
        self.doorbell_wrote.next = self.regs.doorbell_wrote.val();
        self.sink_bits[0].x.next = self.regs.ctrl_enable.val();
        self.sink_bits[1].x.next = self.regs.ctrl_wrote.val();
        self.sink_ctrl.x.next = self.regs.ctrl_mode.val();
        self.sink_limit.x.next = self.regs.ctrl_limit.val();
        self.sink_mask.x.next = self.regs.exc_mask.val();
        self.sink_pending.x.next = self.regs.exc_pending.val();
    }
}

/// The register file generated for the demo map (`nicgen_wire::demo`): the shared register
/// bank with one named port per field, one register of each access kind.
pub type RegBankDemo = crate::common::regfile::RegBankDemoRegs;

// the demo register file's ports, in `reg_bank_demo` and behind AXI4-Lite in `axil_regs_demo`
const DEMO_STATUS: &str = "STATUS.VALUE (RO): the value a read of STATUS returns";
const DEMO_EXC_SET: &str =
    "EXC.ERR (W1C): a 1 sets the bit (set wins over a clear written in the same cycle)";
const DEMO_START: &str = "CTRL.START (SC): one-cycle pulse when written with 1";
const DEMO_DOORBELL_VALUE: &str =
    "DOORBELL.VALUE (WO): the value written, for the cycle of `doorbell_wrote`";
const DEMO_DOORBELL_WROTE: &str = "a write reached DOORBELL (one cycle, with `doorbell_value`)";

pub fn tops() -> Vec<TopEntry> {
    vec![
        TopEntry {
            name: "crc32",
            doc: "CRC-32/IEEE 802.3, 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(Crc32Top::new("crc32", Crc32::new(&CRC32_IEEE))) as Box<dyn DynTop>,
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: the CRC state returns to its initial value"),
                ("start", "the word on `data` starts a new message (the state is the initial value before it)"),
                ("valid", "`data` is a word of the message: the state advances by it on this edge"),
                ("data", "message word, 32 bits, fed LSB first (the CRC's bit order; docs/spec-decisions.md)"),
                ("crc", "the CRC of the words taken so far (register, final XOR applied)"),
                ("crc_next", "the CRC including the word on `data` this cycle (combinational)"),
            ],
        },
        TopEntry {
            name: "crc16",
            doc: "CRC-16/CCITT (IBM-3740), 32 bits per clock (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(Crc16Top::new("crc16", Crc16::new(&CRC16_CCITT))),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: the CRC state returns to its initial value"),
                ("start", "the word on `data` starts a new message (the state is the initial value before it)"),
                ("valid", "`data` is a word of the message: the state advances by it on this edge"),
                ("data", "message word, 32 bits, fed LSB first (the CRC's bit order; docs/spec-decisions.md)"),
                ("crc", "the CRC of the words taken so far (register, final XOR applied)"),
                ("crc_next", "the CRC including the word on `data` this cycle (combinational)"),
            ],
        },
        TopEntry {
            name: "sync_fifo",
            doc: "synchronous FWFT stream FIFO, 512 x 32, block RAM (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(SyncFifoTop::new("sync_fifo", SyncFifo512x32::new(448, 64))),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: empties the FIFO"),
                ("sink_*", port_doc::STREAM_IN),
                ("source_*", port_doc::STREAM_OUT),
                ("occupancy", "words held (including the one on `source`)"),
                ("almost_full", "occupancy at or above the almost-full threshold (448)"),
                ("almost_empty", "occupancy at or below the almost-empty threshold (64)"),
            ],
        },
        TopEntry {
            name: "sync_fifo_small",
            doc: "the same FIFO at 4 x 8, the configuration `make formal` proves (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(SyncFifoSmallTop::new("sync_fifo_small", SyncFifo4x8::new(3, 1))),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: empties the FIFO"),
                ("sink_*", port_doc::STREAM_IN),
                ("source_*", port_doc::STREAM_OUT),
                ("occupancy", "words held (including the one on `source`)"),
                ("almost_full", "occupancy at or above the almost-full threshold (3)"),
                ("almost_empty", "occupancy at or below the almost-empty threshold (1)"),
            ],
        },
        TopEntry {
            name: "async_fifo",
            doc: "dual-clock FWFT stream FIFO, 512 x 36, block RAM, Gray pointers (common)",
            clocks_mhz: &[("wr_clock", 250.0), ("rd_clock", 250.0)],
            build: || {
                Box::new(AsyncFifoTop::new(
                    "async_fifo",
                    AsyncFifo512x36::new(448, 64),
                ))
            },
            port_docs: &[
                ("wr_clock", "write clock: `sink`, `wr_reset`, `wr_occupancy`, `almost_full` are in its domain"),
                ("rd_clock", "read clock: `source`, `rd_reset`, `rd_occupancy`, `almost_empty` are in its domain"),
                ("wr_reset", "synchronous reset of the write side, active high (reset both sides to empty the FIFO)"),
                ("rd_reset", "synchronous reset of the read side, active high"),
                ("sink_*", "stream sink in the write-clock domain (`common::stream`)"),
                ("source_*", "stream source in the read-clock domain (`common::stream`)"),
                ("wr_occupancy", "words held as the write side sees them (Gray-synchronized read pointer)"),
                ("rd_occupancy", "words held as the read side sees them"),
                ("almost_full", "write side: occupancy at or above 448"),
                ("almost_empty", "read side: occupancy at or below 64"),
            ],
        },
        TopEntry {
            name: "rr_arbiter",
            doc: "round-robin arbiter, 8 requesters (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(RoundRobinTop::new("rr_arbiter", RoundRobin8::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", port_doc::RESET),
                ("req", "request bit per requester (8)"),
                ("ack", "the granted requester is served: the priority moves past it"),
                ("grant", "one-hot grant, round-robin from the requester after the last served"),
                ("valid", "some requester is granted"),
            ],
        },
        TopEntry {
            name: "reset_sync",
            doc: "reset synchronizer (async assert, sync release), 3 stages (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(ResetSyncTop::new("reset_sync", ResetSync3::default())),
            port_docs: &[
                ("clock", "the clock of the domain the reset is released into"),
                ("arst", "asynchronous reset request, active high (a pin, another domain)"),
                ("rst", "the synchronized reset: asserted at once (and at power-up), released 3 clock edges after `arst` falls"),
            ],
        },
        TopEntry {
            name: "reg_bank_demo",
            doc: "the register file generated for a demo map (one register of each access kind: RW, RO, W1C, WO, SC), one named port per field (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(RegBankDemoTop::new("reg_bank_demo", RegBankDemo::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: every register back to its documented reset value"),
                ("bus_*", port_doc::REG_BUS),
                ("status_value", DEMO_STATUS),
                ("exc_err_set", DEMO_EXC_SET),
                ("exc_pending", "EXC's stored W1C bits, in place (for an interrupt)"),
                ("ctrl_wrote", "a write reached CTRL (one cycle, with `ctrl_start`)"),
                ("doorbell_wrote", DEMO_DOORBELL_WROTE),
                ("doorbell_value", DEMO_DOORBELL_VALUE),
                ("ctrl_start", DEMO_START),
                ("ctrl_*", "CTRL's RW fields (ENABLE, MODE, LIMIT): the stored value (docs/registers.md)"),
                ("exc_mask", "EXC.MASK (RW): the stored value"),
            ],
        },
        TopEntry {
            name: "axil_regs_demo",
            doc: "the demo register file behind the AXI4-Lite slave adapter (`s_axil_*`): the shape of every device's registers in an AXI system (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || {
                Box::new(AxiLiteRegsDemoTop::new(
                    "axil_regs_demo",
                    AxiLiteRegsDemo::default(),
                ))
            },
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: the adapter drops what it holds, the registers return to their reset values"),
                ("s_axil_*", port_doc::AXIL),
                ("status_value", DEMO_STATUS),
                ("exc_err_set", DEMO_EXC_SET),
                ("ctrl_start", DEMO_START),
                ("doorbell_value", DEMO_DOORBELL_VALUE),
                ("doorbell_wrote", DEMO_DOORBELL_WROTE),
            ],
        },
        TopEntry {
            name: "dma_axi4",
            doc: "the DMA interface (`dma_*`: tagged reads, writes, errors) on an AXI4 manager port (`m_axi_*`), 16 tags, 64-bit data (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(DmaAxi4Top::new("dma_axi4", DmaAxi4::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: drops the requests in progress (only between transfers: AXI has no abort)"),
                ("dma_*", port_doc::DMA),
                ("m_axi_*", port_doc::AXI4),
            ],
        },
        TopEntry {
            name: "mem_axi4",
            doc: "the local-memory interface (`mem_*`: 64-bit words with byte strobes, answers in order) on an AXI4 manager port (`m_axi_*`): single-beat transactions, up to 8 in flight of one kind, a read never passing a write (common)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(MemAxi4Top::new("mem_axi4", MemAxi4::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: drops the request held (only between transfers: AXI has no abort)"),
                ("mem_*", "local-memory slave (`common::mem`): 64-bit word requests with byte strobes (valid/ready), one response per request in order"),
                ("err", "one cycle per R or B answered SLVERR or DECERR"),
                ("m_axi_*", "AXI4 manager port (64-bit addresses and data, 1 ID bit, ID 0; `common::mem_axi`): single-beat INCR transactions of 8 bytes, WSTRB = the request's strobes, RREADY and BREADY always high; up to 8 in flight, all reads or all writes"),
            ],
        },
        TopEntry {
            name: "nic_core",
            doc: "MIT NIC core: o0-o4, i0-i4, CONTROL, STATUS, CODE-BASE, INST, the two 16-message queues (block RAM), the commands of a P-bus transaction decoded from the address (LOC, OTYPE, NNEXT, SEND with REPLY/FORWARD, CSP) in the memo's order, WAIT and FAULT on a full output queue, NNEXT and the automatic load, room and idle errors, RESET_NIC; transaction port `t_*`, output-queue head `out_*` (a send into the empty queue offered from its execution cycle), early header `eh_*` (NIC-A44), arrivals `in_*` (mitnic)",
            clocks_mhz: &[("clock", 50.0)],
            build: || Box::new(NicCoreTop::new("nic_core", NicCore::new(NIC_RING_TABLE))),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high (the power-on reset NIC-A21 adds): every register 0, both queues empty"),
                ("t_*", "transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2], `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`, the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused"),
                ("out_*", "output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing byte; with the queue empty, the message a send is executing (cut-through: queued only if `out_ready` is low)"),
                ("eh_room", "the output port (on this clock) can start a packet at the next edge; 0 disables the early header"),
                ("eh_*", "early header: `eh_valid` in the address cycle of a send whose header (`eh_type`, `eh_csp`, `eh_route`) the port may start at once; the port must then take the words (`out_ready` high) in the next cycle"),
                ("in_*", "an arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON = 0; room_error into a full queue)"),
                ("idle_err", "one cycle: the input port saw an idle error (STATUS.EXCS[1])"),
                ("in_lost", "one cycle: the input port dropped a packet it could not hand over (room_error, STATUS.EXCS[0])"),
                ("out_held", "messages the output port has taken whose header has not left: counted in oLENGTH"),
                ("in_nearly_full", "registered: the input queue holds at least 12 messages (the input port's niwait)"),
                ("exc_pins", "the four exception input pins (STATUS.EXCS[5:2]), synchronous to `clock`"),
                ("out_excs", "the four exception output pins (CONTROL.OUT_EXCS)"),
                ("port_go", "the output port may start a message: the OP_ON of the last CONTROL store other than RESET_NIC, low from the cycle a store clearing it is taken"),
                ("port_seen", "`port_go` as the port's clock domain has it, synchronized back: a store clearing OP_ON waits (WAIT) while it is high; tie 0 when the port is on this clock"),
            ],
        },
        TopEntry {
            name: "mit_nic",
            doc: "the MIT NIC: 88100 P-bus slave (`ncs`, `dbe`, `da`, `r_w`, data and reply lines split into in/out/enable; NIC-A24), the core, PaRC output port on `netclk` (`nodata`, `noclk`, `nowait`) and input port on `niclk` (`nidata`, `niwait`), each direction through a two-slot dual-clock handoff, exception pins through synchronizers (mitnic)",
            clocks_mhz: &[("clock", 50.0), ("netclk", 100.0), ("niclk", 100.0)],
            build: || Box::new(MitNicTop::new("mit_nic", MitNic::new(NIC_RING_TABLE))),
            port_docs: mit_nic_port_docs![
                ("clock", "the P-bus clock: the P-bus pins, the registers and both queues are in its domain"),
                ("netclk", "the output port's clock; `noclk` is netclk and `nodata` changes just after its rising edges"),
                ("noclk", "PaRC output clock (netclk)"),
            ],
        },
        TopEntry {
            name: "mit_nic_sync",
            doc: "`mit_nic` with the PaRC output port on the P-bus clock (no `netclk` pin; `noclk` is `clock`): no output handoff, and a send whose header the address fixes starts it at the end of its address cycle (NIC-A44) (mitnic)",
            clocks_mhz: &[("clock", 50.0), ("niclk", 100.0)],
            build: || Box::new(MitNicSyncTop::new("mit_nic_sync", MitNicSync::new(NIC_RING_TABLE))),
            port_docs: mit_nic_port_docs![
                ("clock", "the P-bus clock: the P-bus pins, the registers, both queues and the output port (`noclk` is `clock`)"),
                ("noclk", "PaRC output clock (`clock`)"),
            ],
        },
        TopEntry {
            name: "ppe_events",
            doc: "Utah PPE event actions: a received packet's event (`ppe_rx`'s `ev_*`) to the postings for `ppe_notify` (an error packet's error notification on list 0; an ack packet's notification on the rslot's ack_note_index; a refused payload write's error notification, `HOST_ERR`; a completed message's reception notification on its note_index when notify is set) and the AQR push when do_acks is set, in the order of PPE-R150, then taken (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeEventsTop::new("ppe_events", PpeEvents::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: no step done"),
                ("ev_*", "`ppe_rx`'s event (held until `ev_take`), with the packet's metadata words `ev_m*`"),
                ("ev_take", "the event's steps are done"),
                ("n_valid", "a posting for `ppe_notify` (its `req_*`; held until `n_ready`)"),
                ("n_force", "the posting's token goes onto NQR whatever enqueue says (a miscellaneous packet's, AMB-18)"),
                ("misc", "a miscellaneous packet's event is taken (one cycle)"),
                ("n_ready", "the writer takes the posting"),
                ("n_busy", "the writer is working on a posting (`ppe_notify`'s `busy`): an AQR push waits until the event's notification is written"),
                ("n_list", "the note_index: 0 for an error, the rslot's ack_note_index for an ack, its note_index for a completion"),
                ("n_w*", "object words 0-2"),
                ("n_m*", "object words 4-7 (metadata when flagged, else 0)"),
                ("aq_valid", "the completed rslot's index onto AQR (do_acks; held until `aq_ready`)"),
                ("aq_data", "the rslot index (dst_slot, zero-extended)"),
                ("aq_ready", "AQR has room"),
            ],
        },
        TopEntry {
            name: "ppe_rx_node",
            doc: "Utah PPE receive side whole: `ppe_rx`, `ppe_events`, `ppe_notify`, `ppe_queues` and the 64 KB heads-table RAM (host port `g_*`); payload and notification writes share the host write port (`common::dma_arb`), a notification after its data (PPE-R150) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeRxNodeTop::new("ppe_rx_node", PpeRxNode::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high"),
                ("rx_*", "the fabric's packet stream in (`ppe_rx`'s)"),
                ("local_node", "this node's id"),
                ("incarnation", "this node's incarnation"),
                ("rslot_limit", "RSLOT_LIMIT"),
                ("nlhr", "NLHR: the heads table's byte address in RCV_RAM"),
                ("h_*", "host access to the rslot table (`ppe_rx`'s)"),
                ("g_addr", "host access to the heads-table RAM: word address, read every cycle `g_ready` is high"),
                ("g_wdata", "the word a host write writes"),
                ("g_we", "a host write (taken when `g_ready`)"),
                ("g_ready", "the notification writer leaves the RAM to the host this cycle"),
                ("g_rdata", "the word at the `g_addr` of the cycle before"),
                ("q_*", "the queues' host side (`ppe_queues`' `h_*`)"),
                ("int_lo", "PCSR1.int_lo"),
                ("int_hi", "PCSR1.int_hi"),
                ("nbqr_empty", "PCSR1.nbqr_empty"),
                ("nbqr_full", "PCSR1.nbqr_full"),
                ("irq", "the interrupt level"),
                ("dma_*", "host-memory write port (`common::dma`, 32-bit beats): payloads and notification objects, whole writes round-robin (`common::dma_arb`)"),
                ("busy", "a packet's event is under way or a notification is being written"),
                ("note_err", "a notification write answered with an error (one cycle)"),
                ("promote", "a received frame may go on to the engine (the node: while enabled); until then it waits in the link receiver, the one before it held"),
                ("tn_valid", "a transmission-completion notification on list `tn_list` (words 0, PPE-R068; held until `tn_ready`); it and the events' postings take turns"),
                ("tn_list", "its note_index"),
                ("tn_ready", "the notification writer takes it"),
                ("misc", "a miscellaneous fabric packet's event was taken (one cycle): PCSR0.enable is to be cleared"),
                ("pb_addr", "the last received packet's payload word to read (RCV_RAM 0xFF80 + 4 pb_addr)"),
                ("pb_data", "that word, the cycle after"),
                ("hb_sel", "the last received packet's header word to read: address0, address1, control0, control1, metadata 0-3 (RCV_RAM 0xFF00 + 4 hb_sel)"),
                ("hb_data", "that word (combinational)"),
            ],
        },
        TopEntry {
            name: "ppe_node",
            doc: "Utah PPE whole: the 1 KB host window of A.2.3 on the register bus (PCSR0 with reset and enable, PCSR1, NLHR, RSLOT_LIMIT, NQR/AQR pops, NBQR pushes, PXR_Ptr/PRR_Ptr with static, auto-increment and paged windows onto XMT_RAM and RCV_RAM, the send-descriptor page), `ppe_tx`, `ppe_rx_node` (the completion postings of both sides taking turns at the notification writer), one host-memory master (reads for the send side, writes for the receive side), the injection and ejection ports (ejection held off between packets while enable is 0), the interrupt; a miscellaneous fabric packet (fab_bits not DATA_TYPE) is notified on list 0 with its token forced, clears enable and stays readable at RCV_RAM 0xFF00/0xFF80 (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeNodeTop::new("ppe_node", PpeNode::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high (power-on): every window register 0 (enable 0), both engines reset"),
                ("bus_*", "the host window (`common::regbank`'s bus, byte addresses 0x000-0x3FF, word locations at bits 9:2): answered two cycles after the strobe, three or more for an RCV_RAM word; offsets in `nicgen_wire::ppe::host`"),
                ("irq", "the interrupt level: int_hi or int_lo or an NBQR-emptied request"),
                ("note_err", "a notification write answered with an error (one cycle)"),
                ("tx_*", "packets into the fabric (`ppe_tx`'s)"),
                ("rx_*", "packets from the fabric (`ppe_rx_node`'s; held off while enable is 0 between packets)"),
                ("dma_*", "host memory (`common::dma`, 32-bit beats): the send side's payload reads (tag = packet buffer), the receive side's payload and notification writes"),
            ],
        },
        TopEntry {
            name: "ppe_node_axil",
            doc: "`ppe_node` with its host window as a 32-bit AXI4-Lite subordinate (`s_axil_*`, the project's AXI4-Lite adapter: OKAY, SLVERR for a write enabling some but not all bytes; an address's byte bits ignored as by the window) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeAxilTop::new("ppe_node_axil", PpeAxil::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high, as `ppe_node`'s (the AXI4-Lite channels idle)"),
                ("s_axil_*", "AXI4-Lite subordinate port (AMBA AXI4-Lite, 32-bit data, 10 address bits: the host window of `nicgen_wire::ppe::host`; `common::axi_lite`): AW, W, B, AR, R with their VALID/READY handshakes; responses OKAY or SLVERR (a WSTRB enabling some but not all bytes; an address's byte bits are ignored, as on `ppe_node`'s bus)"),
                ("irq", "the interrupt level, as on `ppe_node`"),
                ("note_err", "a notification write answered with an error, as on `ppe_node`"),
                ("tx_*", "packets into the fabric, as on `ppe_node`"),
                ("rx_*", "packets from the fabric, as on `ppe_node`"),
                ("dma_*", "host memory, as on `ppe_node`"),
            ],
        },
        TopEntry {
            name: "ppe_tx",
            doc: "Utah PPE send side (§5): XMT_RAM (32 KB, host word port `x_*`) with the four send descriptors, kept in registers as the host writes them (a control1 write with go is a start, without it a stop; status from the PPE); least-recently-picked-first picks among active descriptors (at most 3 other packets between two of one descriptor's), one packet each in the engine; the payload (min(128, bytes_to_go) bytes) fetched by DMA (`dma_*`, read channels, tag = one of four packet buffers) or from XMT_RAM (DIO, its second port) while earlier packets leave; header with its checksum, metadata in the first packet, payload, trailer on `tx_*`; progress written back as a trailer is taken; the completion notification request (`nt_*`); stalled after 64 refused cycles; a failed payload read drops the packet and sets host_err; a reset leaves every descriptor done with its words kept, lets a packet already on the port finish and keeps the DMA channels legal (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeTxTop::new("ppe_tx", PpeTx::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high (PCSR0.reset or power-on): every descriptor idle with done set and bytes_to_go 0, its words untouched; packets in the engine dropped"),
                ("en", "PCSR0.enable and ready: packets are picked and started only while high"),
                ("node", "PCSR0.local_node_num (bits 11:0 are each packet's src_node)"),
                ("x_addr", "XMT_RAM word address of a host access (byte address bits 14:2; descriptor n at words 16 n .. 16 n + 15)"),
                ("x_write", "the host writes `x_wdata` at `x_addr` (a control1 write is a start with go = 1, a stop with go = 0; status writes ignored)"),
                ("x_wdata", "the written word"),
                ("x_read", "the host reads `x_addr`"),
                ("x_rdata", "the word read, the cycle after `x_read` (a descriptor's working words and status from the PPE's registers)"),
                ("tx_*", "the packets into the fabric (`common::packet`, 32-bit words, `first` on address0, `last` on the trailer; `keep` all ones, `meta` 0); one exception to the stream's rule 1: a first word refused STALL_CYCLES = 64 edges in a row is withdrawn (the injection attempt ends, AMB-28), a word inside a packet never"),
                ("dma_*", "payload reads from host memory (`common::dma` read channels, 32-bit beats, tag = packet buffer 0-3)"),
                ("nt_valid", "a transmission-completion notification is requested on list `nt_list` (held until `nt_ready`)"),
                ("nt_list", "the completed descriptor's note_index[8:0]"),
                ("nt_ready", "the notification writer takes the request"),
                ("active", "a descriptor is busy, a packet is in the engine or a notification is pending"),
            ],
        },
        TopEntry {
            name: "ppe_notify",
            doc: "Utah PPE notification writer (§4): a posting on list n reads heads entry n at NLHR + 8 n of RCV_RAM (`ram_*`, a word port), takes an empty object from NBQR (waiting while it is empty), writes the object at the entry's head in one 8-word burst on the host write port (`dma_*`) with `next` 0, then `next` alone once that is answered, then the entry's new head, then the token onto NQR if enqueue is set (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeNotifyTop::new("ppe_notify", PpeNotify::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: idle"),
                ("req_valid", "a posting: list `req_list`, words 0-2 `req_w*` and metadata words 4-7 `req_m*` (held until `req_ready`)"),
                ("req_ready", "the writer is idle and takes the posting"),
                ("req_list", "the note_index: the list's heads-table entry"),
                ("req_w0", "object word 0 (Fig 4, 11, 12)"),
                ("req_w1", "object word 1"),
                ("req_w2", "object word 2"),
                ("req_m0", "object word 4 (metadata 0)"),
                ("req_m1", "object word 5"),
                ("req_m2", "object word 6"),
                ("req_m3", "object word 7"),
                ("req_force", "push the token onto NQR whatever enqueue says (a miscellaneous packet's posting, AMB-18)"),
                ("nlhr", "NLHR: the heads table's byte address in RCV_RAM (bits 2:0 ignored; entry n at NLHR + 8 n, wrapping in 64 KB)"),
                ("ram_addr", "RCV_RAM word address of the request"),
                ("ram_we", "the request writes `ram_wdata` (the entry's head word), else reads"),
                ("ram_wdata", "the written word: the new empty object's address"),
                ("ram_valid", "an RCV_RAM request (held until `ram_ready`)"),
                ("ram_ready", "the request is taken this cycle"),
                ("ram_rdata", "a taken read's word, in the cycle after it is taken"),
                ("nb_valid", "NBQR holds an entry"),
                ("nb_data", "NBQR's head: an empty object's host address"),
                ("nb_take", "the writer takes NBQR's head"),
                ("nq_valid", "the token is pushed onto NQR (held until `nq_ready`)"),
                ("nq_data", "the token (heads word 1 >> 1, zero-extended, AMB-22)"),
                ("nq_ready", "NQR has room"),
                ("dma_*", "host-memory write port (`common::dma`, 32-bit beats): the object's 8 words at `head` (`next` 0), then `next` alone at `head` + 12 once the burst is answered"),
                ("busy", "a posting is under way"),
                ("err", "one cycle per host write answered with an error (the posting goes on)"),
            ],
        },
        TopEntry {
            name: "ppe_queues",
            doc: "Utah PPE queues and interrupt bits: NQR and AQR (256 each; the PPE pushes and stalls while full; a host read pops, 0 when empty), NBQR (256; host writes dropped when full or 0; the PPE takes), int_lo and int_hi on an empty-to-non-empty push (write-0-to-clear, a set wins over a clear), nbqr_empty/full and the NBQR-emptied interrupt, one interrupt level (AMB-19, 23, 24, 49) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeQueuesTop::new("ppe_queues", PpeQueues::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: the three queues empty, the bits 0, no interrupt (AMB-19)"),
                ("h_pop_nqr", "a host read of NQR (0x014): pops its oldest token; `h_rdata` the cycle after, 0 when empty"),
                ("h_pop_aqr", "a host read of AQR (0x018): pops its oldest entry; `h_rdata` the cycle after, 0 when empty"),
                ("h_push_nbqr", "a host write of NBQR (0x01C) with `h_wdata`: appended unless NBQR is full or the word is 0 (AMB-49)"),
                ("h_wdata", "the host's NBQR word"),
                ("h_clear_lo", "the host clears int_lo (a PCSR1 write with bit 29 = 0, AMB-23); a set in the same cycle wins"),
                ("h_clear_hi", "the host clears int_hi (a PCSR1 write with bit 30 = 0)"),
                ("h_rdata", "the value of the last host pop"),
                ("nq_valid", "the PPE pushes `nq_data` onto NQR (held until `nq_ready`)"),
                ("nq_data", "the NQR token"),
                ("nq_ready", "NQR has room (registered)"),
                ("aq_valid", "the PPE pushes `aq_data` onto AQR (held until `aq_ready`)"),
                ("aq_data", "the AQR entry (an rslot index)"),
                ("aq_ready", "AQR has room (registered)"),
                ("nb_valid", "NBQR's head `nb_data` is there for the PPE (an entry from the second cycle after its write)"),
                ("nb_data", "NBQR's head: an empty notification object's host address"),
                ("nb_take", "the PPE takes NBQR's head"),
                ("int_lo", "PCSR1.int_lo: set when a push takes NQR from empty to non-empty"),
                ("int_hi", "PCSR1.int_hi: set when a push takes AQR from empty to non-empty"),
                ("nbqr_empty", "PCSR1.nbqr_empty"),
                ("nbqr_full", "PCSR1.nbqr_full"),
                ("irq", "the interrupt level: int_hi | int_lo | NBQR emptied by the PPE and not yet written (AMB-19, AMB-24)"),
            ],
        },
        TopEntry {
            name: "ppe_rx",
            doc: "Utah PPE receive path through the host write: `ppe_rx_link`, a table of 64 rslots (host port: slot x 16 + word), `ppe_rx_check`, the rslot's read-modify-write, and the payload written to host memory (`dma_*`, the platform's DMA write port) before the packet is offered, one packet at a time; each packet offered as an event: error (its error_status bit), ack, or data (host address, payload words, completion with the rslot words a notification reads, the write's error answer) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeRxTop::new("ppe_rx", PpeRx::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: the frame in progress and the event offered are dropped; the rslot table keeps its contents (PPE-R172)"),
                ("rx_*", "the fabric's ejection port (as `ppe_rx_link`)"),
                ("local_node", "PCSR0.local_node_num"),
                ("incarnation", "PCSR0.incarnation"),
                ("rslot_limit", "RSLOT_LIMIT (a dst_slot at or past it, or past the 64 rslots of the table, fails step 3)"),
                ("ev_valid", "a packet's event is offered (until `ev_take`)"),
                ("busy", "a finished frame waits for the engine, or the engine works on a packet (PCSR1.idle)"),
                ("ev_take", "take the event (and release the frame's payload buffer)"),
                ("promote", "a received frame may go on to the engine; until then it waits in the link receiver"),
                ("ev_status", "an error packet: the first failing check's error_status bit (`nicgen_wire::ppe::error_status`); nothing was written"),
                ("ev_ack", "an ack packet that passed steps 1-6"),
                ("ev_data", "a data packet: the rslot was updated and its payload written at `ev_host_addr` (the write answered before the event is offered)"),
                ("ev_host_err", "with `ev_data`: host memory answered the payload write with an error"),
                ("dma_*", "host-memory write port (`common::dma`, 32-bit beats): one request of `ev_words` beats per data packet with a payload"),
                ("ev_complete", "with `ev_data`: the message completed"),
                ("ev_host_addr", "buffer_base_phys + remote_offset"),
                ("ev_words", "payload words (readable at `p_addr` while the event is offered)"),
                ("ev_w*", "the header words address0, address1, control0, control1 as received (for the notifications)"),
                ("ev_m*", "the packet's metadata words as received (an ack notification's, when flagged)"),
                ("ev_rs_*", "the rslot as the packet left it (words 2, 4-11: control, msg_size, msg_offset, ack_note, meta_ctl, metadata): the completion notification's fields; the stored meta_ctl is cleared at completion"),
                ("p_addr", "payload word to read (while the event is offered)"),
                ("p_data", "payload word `p_addr` of the cycle before"),
                ("h_addr", "host access to the rslot table: slot x 16 + word"),
                ("h_wdata", "host write data"),
                ("h_we", "host write (taken when `h_ready`)"),
                ("h_re", "host read (taken when `h_ready`; `h_rdata` the cycle after)"),
                ("h_ready", "the table is free for the host this cycle"),
                ("h_rdata", "the word read the cycle before"),
            ],
        },
        TopEntry {
            name: "ppe_rx_link",
            doc: "Utah PPE link receiver: a frame from the fabric's packet stream taken whole, split by its length (AMB-11), both CRC-16 checksums checked (AMB-30, AMB-31), the header and metadata held and the payload kept (32 words) for the host write; a frame too short or too long comes out with both checksums bad (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeRxLinkTop::new("ppe_rx_link", PpeRxLink::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: a frame in progress and a finished one are dropped"),
                ("rx_*", "the fabric's ejection port (`common::packet`, 32-bit words, `first`..`last` a frame; `keep` and `meta` not used): taken while no finished frame is held"),
                ("d_valid", "a finished frame is held (until `d_take`)"),
                ("ending", "a frame is finishing: its last word taken and its checksums being compared, or waiting (while `promote`) to move to the held place"),
                ("d_take", "release the finished frame"),
                ("promote", "a finished frame may move to the held place (`d_valid`); until then the next frame waits at the port"),
                ("w0", "address0 as received (`nicgen_wire::ppe::address0`)"),
                ("w1", "address1"),
                ("w2", "control0"),
                ("w3", "control1"),
                ("m0", "metadata word 0 (when control1.meta_data_flag)"),
                ("m1", "metadata word 1"),
                ("m2", "metadata word 2"),
                ("m3", "metadata word 3"),
                ("hdr_ok", "the header checksum matches (low for a frame too short or too long: bad_hdr_chksum)"),
                ("body_ok", "the payload checksum matches (0xFFFF for no payload)"),
                ("pkt_words", "payload words, 0-32"),
                ("p_addr", "payload word to read"),
                ("p_data", "payload word `p_addr` of the cycle before"),
            ],
        },
        TopEntry {
            name: "ppe_rx_check",
            doc: "Utah PPE reception decision for one packet a cycle: the checks of UUCS-95-013 §6.1 in their order with the first failure's error_status bit (AMB-29, AMB-30), the ack dispatch, the payload's host address, and the rslot's new bytes_to_go, msg_size and msg_offset with the completion (AMB-37) (ppe)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(PpeRxCheckTop::new("ppe_rx_check", PpeRxCheck::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: no decision is offered in the next cycle"),
                ("in_valid", "a packet to decide this cycle (a decision with `out_valid` in the next)"),
                ("dst_node", "the received header's address0.dst_node (`nicgen_wire::ppe::address0`)"),
                ("dst_slot", "address1.dst_slot"),
                ("use_msg_size", "control0.use_msg_size"),
                ("use_msg_offset", "control0.use_msg_offset"),
                ("ack_pkt", "control0.ack_pkt"),
                ("pkt_inc", "control0.incarnation"),
                ("remote_offset", "control0.remote_offset"),
                ("msg_size", "control1.msg_size"),
                ("hdr_ok", "the header checksum matched (step 1; AMB-31 coverage)"),
                ("body_ok", "the payload checksum matched (checked with step 1, AMB-30)"),
                ("pkt_words", "payload words from the framing, 0-32 (pkt_size / 4, AMB-11)"),
                ("rs_base", "the rslot's buffer_base_phys (rslot word 0 as read for dst_slot)"),
                ("rs_size", "the rslot's buffer_size (word 1)"),
                ("rs_valid", "the rslot's valid bit (word 2)"),
                ("rs_btg", "the rslot's bytes_to_go (word 3, signed)"),
                ("local_node", "PCSR0.local_node_num (step 2 compares the zero-extended dst_node with it, AMB-36)"),
                ("incarnation", "PCSR0.incarnation (step 6, AMB-01)"),
                ("rslot_limit", "RSLOT_LIMIT (step 3 fails when dst_slot >= it, AMB-12, AMB-13)"),
                ("out_valid", "the decision of the packet offered the cycle before"),
                ("status", "the error_status bit of the first failing check (`nicgen_wire::ppe::error_status`), 0 if none"),
                ("ack", "an ack packet that passed steps 1-6: post its notification, change no rslot"),
                ("data", "a data packet that passed every check"),
                ("host_addr", "where its payload goes: buffer_base_phys + remote_offset (step 10)"),
                ("new_btg", "the rslot's bytes_to_go after steps 11 and 13 (written back whenever `data`)"),
                ("set_msg_size", "with `data`: write `new_msg_size` into the rslot's msg_size (step 11)"),
                ("new_msg_size", "the header's msg_size"),
                ("set_msg_offset", "with `data`: write `new_msg_offset` into the rslot's msg_offset (step 12)"),
                ("new_msg_offset", "the header's remote_offset"),
                ("complete", "with `data`: the message completed (bytes_to_go became 0, AMB-37)"),
            ],
        },
        TopEntry {
            name: "parc_ring8",
            doc: "ring of eight PaRC-like routers (`ParcSwitch2`: store and forward, wait and bubble flow control) for eight NICs in ring mode; link k at `nin`/`nout` bits 16k+15:16k (mitnic)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(ParcRing8Top::new("parc_ring8", ParcRing8::default())),
            port_docs: PARC_NET_PORT_DOCS,
        },
        TopEntry {
            name: "parc_bfly8",
            doc: "butterfly of eight ports: three stages of four `ParcSwitch2`, routed by the node number (mitnic)",
            clocks_mhz: &[("clock", 100.0)],
            build: || Box::new(ParcButterfly8Top::new("parc_bfly8", ParcButterfly8::default())),
            port_docs: PARC_NET_PORT_DOCS,
        },
        TopEntry {
            name: "tnw_link",
            doc: "FTNW torus link: TXLINK (TXFIFO + resend buffer, CRC-32, ACK/NAK/RESTART go-back-N, timeouts, IDLE bursts), RXSYNC, RXLINK, MDIO clause-45 master, test-bench module, registers of App. A.1–A.3 at Table A.2 (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("phy_clock", 250.0)],
            build: || Box::new(TnwLinkTop::new("tnw_link", TnwLink::default())),
            port_docs: &[
                ("clock", "the link's TNW clock: registers, TXLINK, RXLINK, test-bench module, MDIO and `phy_tx*` are in its domain"),
                ("phy_clock", "the PHY's receive clock (recovered from the line): `phy_rxd`/`phy_rxc` are sampled on its rising edge; RXSYNC crosses them into `clock`"),
                ("reset", "synchronous reset, active high, in `clock`: everything, registers included, back to the documented reset values; both directions come up offline (TX_CTRL)"),
                ("phy_rxd", "received word, 32 bits, in `phy_clock` (XGMII-like; docs/registers.md word formats); a dead line is IDLE or garbage: no header, so nothing is taken"),
                ("phy_rxc", "control flag per byte of `phy_rxd` (bit i flags byte i as a control character)"),
                ("phy_txd", "transmitted word, 32 bits, in `clock`: IDLE (K28.3) when there is nothing to send"),
                ("phy_txc", "control flag per byte of `phy_txd`"),
                ("tx_data", "packet to send, 8 beats of 16 bytes; `data[31:0]` is the first word on the wire (`common::packet` stream sink)"),
                ("tx_keep", "byte enables: must be all ones (else TX_EXC.BAD_HEADER)"),
                ("tx_meta", "{RAO[10:0], VC[2:0]}: the receiver's offset and virtual channel, equal on all 8 beats (else BAD_HEADER)"),
                ("tx_first", "on beat 0 of a packet, and only there (else BAD_HEADER; the beat is still taken)"),
                ("tx_last", "on beat 7 of a packet, and only there (else BAD_HEADER)"),
                ("tx_valid", "a beat is offered; held with its data until `tx_ready`"),
                ("tx_ready", "TXFIFO takes the beat on this edge; low while the host path is switched to the test-bench module (PICSWITCH) or TXFIFO is full"),
                ("rx_data", "received packet, 32 beats of 4 bytes in wire order (`common::packet` stream source)"),
                ("rx_keep", "always all ones (whole words)"),
                ("rx_meta", "{RAO[10:0], VC[2:0]} of the packet, on every beat"),
                ("rx_first", "first beat of a packet"),
                ("rx_last", "last (32nd) beat of a packet"),
                ("rx_valid", "a beat is offered, held until `rx_ready`; low while POCSWITCH gives the packets to the test-bench checker"),
                ("rx_ready", "the host takes the beat; a host that stalls fills the reception buffer and the link NAKs (buffer full) until it drains"),
                ("rx_vc_ready", "bit v: packets of VC v may be offered on `rx` (RXBUFF: a credit is there); a VC held back keeps its packets in the reception buffer and the others pass"),
                ("rxb_hold", "RX_CTRL.CRD_HOLD, to RXBUFF"),
                ("rxb_flush", "RX_CTRL.CRD_RESET, to RXBUFF"),
                ("rxb_abort", "RXLINK is in reset (a delivery under way on `rx` ends), to RXBUFF"),
                ("rxb_pkt_next", "a packet is offered on `rx` from the next cycle, its `{rao, vc}` on `rx_meta` now, to RXBUFF"),
                ("rxb_crd_*", "RXBUFF's credit FIFO status for RX_FIFO_STATUS (bit per VC)"),
                ("rxb_ev_*", "RXBUFF's exception events, one cycle each, setting their RX_EXC bits"),
                ("bus_*", port_doc::REG_BUS),
                ("irq_rx", "level: some RX_EXC bit enabled in RX_EXEN is set"),
                ("irq_tx", "level: some TX_EXC bit 8:0 enabled in TX_EXEN is set"),
                ("phy_rx_fault_p", "PHY RX_FAULT (primary port): sets RX_EXC.RX_FAULT_P"),
                ("phy_rx_fault_r", "PHY RX_FAULT (redundant port): sets RX_EXC.RX_FAULT_R"),
                ("phy_intb", "PHY interrupt: sets RX_EXC.INTB"),
                ("phy_tx_fault", "PHY TX fault: sets TX_EXC.PHY_FAULT"),
                ("phy_rxh", "PHY RXH status bits: each cycle high counts in RX_RXH"),
                ("phy_reset", "PHY reset output, high for 16 cycles after a TX_CTRL.PHY_RESET command"),
                ("mdc", "MDIO clock (clause 45), MDC half period a parameter (50 TNW cycles)"),
                ("mdio_o", "MDIO data out (value to drive while `mdio_oe`)"),
                ("mdio_oe", "MDIO output enable: drive `mdio_o` onto the shared line; released during a read's turnaround and data"),
                ("mdio_i", "MDIO line as read (pulled high when nobody drives)"),
                ("rsnd_occupancy", "packets sent and not yet acknowledged (resend buffer), for monitoring"),
            ],
        },
        TopEntry {
            name: "tnw_port",
            doc: "`tnw_link` with its receive buffer: RXLINK's slot-addressed packet buffer (free pool, per-VC descriptor queues) matched with RXBUFF's per-VC credits (16 queued + 1 in use), CRDBAR/NTFBAR, each packet one host write at CRDBAR + (C_D + RAO) x 128, a notification after each credit's last packet, RX_EXC bits 4-7, 9, 10, 12-14; one register window (RXBUFF at 0x100-0x3ff); host memory on a DMA write port (`host_*`) (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("phy_clock", 250.0)],
            build: || Box::new(TnwPortTop::new("tnw_port", TnwPort::default())),
            port_docs: &[
                ("clock", "the link's TNW clock: everything but the PHY receive side is in its domain"),
                ("phy_clock", "the PHY's receive clock, as on `tnw_link`"),
                ("reset", "synchronous reset, active high, in `clock`: everything back to the documented reset values (both bases 0xffffffff, no credit)"),
                ("phy_*", "the PHY ports, as on `tnw_link`"),
                ("tx_*", "packets to send, as `tnw_link`'s `tx` stream sink"),
                ("bus_*", port_doc::REG_BUS),
                ("host_*", port_doc::DMA_WR),
                ("irq_rx", "level: some RX_EXC bit enabled in RX_EXEN is set (RXBUFF's exceptions included)"),
                ("irq_tx", "level: some TX_EXC bit 8:0 enabled in TX_EXEN is set"),
                ("mdc", "MDIO clock, as on `tnw_link`"),
                ("mdio_*", "MDIO data, as on `tnw_link`"),
                ("rsnd_occupancy", "packets sent and not yet acknowledged, for monitoring"),
            ],
        },
        TopEntry {
            name: "dtu",
            doc: "M3 DTU of one PE: the CU's 64-bit MMIO register file (`bus_*`, map of `nicgen_wire::dtu`), 16 endpoints and 32 header entries in block RAM, the command unit (READ, WRITE, SEND, REPLY, FETCH, ACK_MSG with every check and error code of the spec), message reception with credits (slot allocation, header table, GRANT_CREDITS), the target of remote reads and writes; a local-memory master (`mem_*`, byte strobes, byte-granular transfers) and the NoC on two packet-port pairs (requests `req_*`, responses `rsp_*`), each through a register slice (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(DtuTop::new("dtu", Dtu::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: command registers 0, engines idle, then every endpoint and header word written 0 (32 cycles; MMIO accesses wait)"),
                ("own_pe", "this PE's id (8 bits, static): the source of its packets and spe of its messages"),
                ("bus_*", "the CU's MMIO port (`dtu::dtu_core`, 64-bit data, offsets of the DTU map in `nicgen_wire::dtu`): a one-cycle `write` or `read` strobe, answered by one `ready` pulse with `rdata`, or `err` for an unaligned or unmapped offset; the next strobe no earlier than the cycle of `ready`"),
                ("cmd_busy", "level: a command runs (COMMAND's op is not 0); falls in the cycle COMMAND reads 0"),
                ("mem_*", "local-memory master (`common::mem`): 64-bit word requests with byte strobes (valid/ready), one response per request in order (rsp_valid, never refused)"),
                ("req_out_*", "NoC request class out (`common::packet`, `meta` = destination PE): MSG, RD_REQ, WR_REQ packets of `nicgen_wire::dtu::noc`"),
                ("req_in_*", "NoC request class in: packets addressed to this PE"),
                ("rsp_out_*", "NoC response class out (ACK, RD_RSP, WR_RSP), `meta` = destination PE"),
                ("rsp_in_*", "NoC response class in: always drained (ready whenever the DTU waits for a response)"),
            ],
        },
        TopEntry {
            name: "dtu_axil",
            doc: "`dtu` with its CU port as a 64-bit AXI4-Lite subordinate (`s_axil_*`, the project's AXI4-Lite adapter made generic in data width) (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(DtuAxilTop::new("dtu_axil", DtuAxil::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high, as `dtu`'s (the AXI4-Lite channels idle)"),
                ("own_pe", "this PE's id, as on `dtu`"),
                ("s_axil_*", "AXI4-Lite subordinate port (AMBA AXI4-Lite, 64-bit data, 11 address bits: the DTU's MMIO offsets; `common::axi_lite`): AW, W, B, AR, R with their VALID/READY handshakes; responses OKAY or SLVERR (an unmapped or unaligned offset, or a WSTRB enabling some but not all bytes)"),
                ("cmd_busy", "a command runs, as on `dtu`"),
                ("mem_*", "local-memory master, as on `dtu`"),
                ("req_out_*", "NoC request class out, as on `dtu`"),
                ("req_in_*", "NoC request class in, as on `dtu`"),
                ("rsp_out_*", "NoC response class out, as on `dtu`"),
                ("rsp_in_*", "NoC response class in, as on `dtu`"),
            ],
        },
        TopEntry {
            name: "dtu_axil32",
            doc: "`dtu` with its CU port as a 32-bit AXI4-Lite subordinate (`s_axil_*`): 64-bit register r as the word pair r (low) and r + 4 (high), written and read low half first (`common::regbus_wide::RegBus32To64`), for a 32-bit CPU (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(DtuAxil32Top::new("dtu_axil32", DtuAxil32::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high, as `dtu`'s (the AXI4-Lite channels idle)"),
                ("own_pe", "this PE's id, as on `dtu`"),
                ("s_axil_*", "AXI4-Lite subordinate port (AMBA AXI4-Lite, 32-bit data, 11 address bits: the DTU's MMIO offsets, 64-bit register r as the word pair r (low) and r + 4 (high), written and read low half first; `common::axi_lite`, `common::regbus_wide::RegBus32To64`): AW, W, B, AR, R with their VALID/READY handshakes; responses OKAY or SLVERR (an unmapped or unaligned offset, or a WSTRB enabling some but not all bytes)"),
                ("cmd_busy", "a command runs, as on `dtu`"),
                ("mem_*", "local-memory master, as on `dtu`"),
                ("req_out_*", "NoC request class out, as on `dtu`"),
                ("req_in_*", "NoC request class in, as on `dtu`"),
                ("rsp_out_*", "NoC response class out, as on `dtu`"),
                ("rsp_in_*", "NoC response class in, as on `dtu`"),
            ],
        },
        TopEntry {
            name: "dtu_axi4",
            doc: "`dtu` interposed between the CU and its local memory (DTU-R002: the CU's loads and stores at `cu_mem_*` share the memory port with the DTU), that memory on an AXI4 manager port (`m_axi_*`, `mem_axi4`'s adapter) (dtu)",
            clocks_mhz: &[("clock", 250.0)],
            build: || Box::new(DtuAxi4Top::new("dtu_axi4", DtuAxi4::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: as `dtu`; the AXI side drops the request it holds"),
                ("own_pe", "this PE's id (8 bits, static)"),
                ("bus_*", "the CU's MMIO port, as `dtu`"),
                ("cmd_busy", "level: a command runs"),
                ("cu_mem_*", "the CU's local-memory port (`common::mem` slave): its loads and stores pass through the DTU to `m_axi_*`, round-robin with the DTU's own"),
                ("m_axi_*", "the local memory, AXI4 manager port (64-bit addresses and data, 1 ID bit, ID 0; `common::mem_axi`): single-beat INCR transactions of 8 bytes with the request's byte strobes, RREADY and BREADY always high, up to 8 in flight of one kind"),
                ("mem_err", "one cycle per R or B answered SLVERR or DECERR"),
                ("req_out_*", "NoC request class out, as `dtu`"),
                ("req_in_*", "NoC request class in, as `dtu`"),
                ("rsp_out_*", "NoC response class out, as `dtu`"),
                ("rsp_in_*", "NoC response class in, as `dtu`"),
            ],
        },
        TopEntry {
            name: "dtu_system",
            doc: "four `dtu` (PE 0-3) on an on-chip NoC: a 2x2 mesh per class (`common::packet_mesh`: three-port routers with XY routing, whole packets, a register slice on every link, a bad destination dropped); each PE's CU port (`peI_bus_*`, `peI_cmd_busy`) and local-memory port (`peI_mem_*`) outside (dtu)",
            // the place-and-route target: near one DTU's Fmax, so that routing converges
            clocks_mhz: &[("clock", 60.0)],
            build: || Box::new(DtuSystemTop::new("dtu_system", DtuSystem::default())),
            port_docs: &[
                ("clock", port_doc::CLOCK),
                ("reset", "synchronous reset, active high: every DTU and both crossbars (the DTUs then clear their tables, 32 cycles)"),
                ("pe*", "PE i's ports `peI_<port>`: its CU's MMIO port (`bus_*`), `cmd_busy` and its local-memory master (`mem_*`), each as on `dtu`"),
            ],
        },
        TopEntry {
            name: "ftnw_ioc",
            doc: "FTNW IOC as far as built (issue 13): the UltraScale PCIe hard IP's CQ in, CC out, RQ out and RC in (PG156, 128 bits; descriptors in `nicgen_wire::pcie_us`); PIC hands BAR0 writes (the TX window, `nicgen_wire::ftnw::txwin`) to the TX-window path, which places any run of whole Dwords into 16-byte items of link l's re-order buffer (64 packets, per-Dword records, a packet leaves whole once all 32 Dwords are in, in completion order, into the TNW clock domain; partial byte enables, missing links, duplicates, aliasing and writes into a waiting packet refused and flagged); every other request goes through CMD_FIFO (so a register access waiting for its completion never holds PPUT up) to the register controller, which executes BAR2 accesses one at a time in arrival order, the link registers in the TNW clock domain through a command-toggle-and-echo crossing (`common::regbus_cdc`), the IOC registers of A.5 (`nicgen_wire::ftnw::ioc`) in its own, one completion per read with the request's TC, attributes, requester ID, tag and lower address; TFCNT mirrors each link's count of packets sent into host memory with 4-byte writes on RQ (at THRESHOLD and when the buffer empties), only while bus mastering is enabled; NGET (the DMA engine, `ftnw::ioc::nget`) takes a request from one 8- or 16-byte write of the DMA Request register into an 8-deep FIFO, reads its packets from the host's DMA buffer in reads of at most the max read request (8 tags), each only once the re-order-buffer slots of its packets are free and reserved, reassembles the completions (split at the RCB, reordered across tags, each checked against its read's address and bytes left) into the link's re-order buffer, and writes each request's notification after its data, in request order; failed, lost and stray completions, bad and split requests and a full FIFO are dropped and flagged in DMA_EXC, a failed request notified with POLLMAGIC_ERR; POC carries each link's receive writes (`host0_*`-`host5_*`, TNW clock, each link through its own asynchronous FIFO, a write started only once whole in it) to RQ as memory writes in their order, round-robin over the links, sharing RQ with NGET and TFCNT whole requests in turn (ftnw)",
            clocks_mhz: &[("clock", 250.0), ("tnw_clock", 250.0)],
            build: || Box::new(FtnwIocTop::new("ftnw_ioc", Ioc::default())),
            port_docs: &[
                ("clock", "the IOC clock (the PCIe core's user clock): CQ, CC, RQ, `cfg_bus_master`, `exc_*` are in its domain"),
                ("tnw_clock", "the TNW clock: `tnw_*`, `tx*` and `tnw_reset` are in its domain"),
                ("reset", "synchronous reset, active high, in `clock` (with `tnw_reset`, for three cycles of the slower clock)"),
                ("tnw_reset", "synchronous reset, active high, in `tnw_clock`"),
                ("completer_id", "this function's bus/device/function number, put in every completion"),
                ("s_axis_cq_*", "the hard IP's completer request interface (PG156 `m_axis_cq_*`, 128 bits, Dword-aligned, `tuser` 85 bits): requests to the BARs; memory writes to BAR0 (the TX window, `nicgen_wire::ftnw::txwin`) go to the re-order buffers, never stalled by them; BAR2 accesses are executed; others are dropped (writes) or completed with UR (reads) and flagged on `exc_request`"),
                ("m_axis_cc_*", "the hard IP's completer completion interface (PG156 `s_axis_cc_*`, 128 bits, `tuser` 33 bits, odd parity per byte): one completion per read, carrying its TC, attributes, requester ID, tag and lower address"),
                ("tnw_*", "register bus master (`common::regbank`) in `tnw_clock` to the node's registers (BAR2 offsets below 0x6000, link l at `l << 12`); `err` answers read 0"),
                ("cfg_bus_master", "the Command register's bus master enable (the core's `cfg_function_status`): no request leaves on RQ without it"),
                ("m_axis_rq_*", "the hard IP's requester request interface (PG156 `s_axis_rq_*`, 128 bits, Dword-aligned, `tuser` 60 bits, odd parity per byte): NGET's memory reads (tags 0-7, at most `cfg_max_read_req`) and 4-byte notification writes, TFCNT's 4-byte counter writes"),
                ("s_axis_rc_*", "the hard IP's requester completion interface (PG156 `m_axis_rc_*`, 128 bits, Dword-aligned, `tuser` 75 bits of which bit 42, discontinue, is read): NGET's read data; held only while the TX window uses the re-order buffers' write port"),
                ("cfg_max_read_req", "the Device Control register's max read request size (the core's `cfg_max_read_req`, 128 << n bytes): NGET splits its requests into reads of at most this"),
                ("host*", "`hostL_*`: link L's receive writes from the node (`common::dma` write slave, 32-bit beats, in `tnw_clock`): packets and notifications of 1 to 32 Dwords not crossing 4 KB, each link's sent on RQ as memory writes in their order, whole writes round-robin over the links, answered once queued (posted)"),
                ("link_irq_*", "bit l: link l's exception interrupt (`irq_rx`, `irq_tx` of the node's link l, in `tnw_clock`), shown in LINK_EXC"),
                ("exc_host_write", "one `tnw_clock` cycle per receive write POC cannot carry (0 or more than 32 Dwords, across 4 KB, above 2^48): answered with `err`, not sent"),
                ("exc_dma", "one cycle per DMA exception (a bit of DMA_EXC): a bad, split or overflowing request, a failed or unexpected completion, a read timed out"),
                ("exc_request", "one cycle per request refused: a read of another BAR or of more than two Dwords, another request type, a write to another BAR"),
                ("exc_partial", "one cycle per BAR2 Dword written with partial byte enables (not written: the register bus has no byte strobes)"),
                ("exc_tx_partial", "one cycle per TX-window write refused for partial first or last byte enables (dropped whole)"),
                ("exc_tx_link", "one cycle per TX-window write to link 6 or 7 (dropped)"),
                ("exc_tx_overrun", "one cycle per item a re-order buffer refused: its slot holds a packet not yet sent, or a Dword of it was written already (TX_EXC[5])"),
                ("exc_tx_header", "one cycle per item a re-order buffer refused: its slot holds part of a packet of another VC or RAO (TX_EXC[4])"),
                ("tx*", "link l's packets (`txL_*`, `common::packet`, 128 bits, `meta` = `{rao, vc}`), whole, in the order they were completed, in `tnw_clock`: what the link's injection port takes"),
            ],
        },
        TopEntry {
            name: "ftnw_nwp",
            doc: "FTNW network processor (issue 13): `ftnw_node` behind the IOC of `ftnw_ioc`, one device on the PCIe interfaces: BAR2 reaches the node's registers, the re-order buffers feed the six links, each link's receive data and notifications go to host memory through its own crossing into POC; libftnw's ping, ping-pong, bandwidth and multi-link programs run on it on the single-node loop-back, between two nodes and on the 2x2x2 torus (ftnw)",
            clocks_mhz: &[
                ("clock", 250.0),
                ("tnw_clock", 250.0),
                ("phy_clock_0", 250.0),
                ("phy_clock_1", 250.0),
                ("phy_clock_2", 250.0),
                ("phy_clock_3", 250.0),
                ("phy_clock_4", 250.0),
                ("phy_clock_5", 250.0),
            ],
            build: || Box::new(FtnwNwpTop::new("ftnw_nwp", Nwp::default())),
            port_docs: &[
                ("clock", "the IOC clock (the PCIe core's user clock): the PCIe interfaces, `cfg_*`, `exc_*` but `exc_host_write`"),
                ("tnw_clock", "the TNW clock: the node (each link's transmit side, the receive buffers), `exc_host_write`, `tnw_reset`"),
                ("phy_clock_*", "link l's PHY receive clock (`phy_clock_l`), as on `ftnw_node`"),
                ("reset", "synchronous reset, active high, in `clock` (with `tnw_reset`, for three cycles of the slower clock)"),
                ("tnw_reset", "synchronous reset, active high, in `tnw_clock`: the node and the IOC's TNW side"),
                ("completer_id", "as on `ftnw_ioc`"),
                ("s_axis_cq_*", "as on `ftnw_ioc`; BAR2 offsets below 0x6000 reach the node's registers (link l at `l << 12`)"),
                ("m_axis_cc_*", "as on `ftnw_ioc`"),
                ("m_axis_rq_*", "as on `ftnw_ioc`, and the node's receive data (128-byte writes) and notifications (4-byte writes), in their order"),
                ("s_axis_rc_*", "as on `ftnw_ioc`"),
                ("cfg_bus_master", "as on `ftnw_ioc`: without it no request leaves (the node's receive writes wait, its links refuse packets once its buffers are full)"),
                ("cfg_max_read_req", "as on `ftnw_ioc`"),
                ("exc_*", "as on `ftnw_ioc`"),
                ("link_*", "link l's PHY, MDIO and interrupt ports `link_l_<port>`, as on `ftnw_node` (its injection stream is the IOC's re-order buffer l)"),
            ],
        },
        TopEntry {
            name: "ftnw_node",
            doc: "FTNW node: six `tnw_port` (X+, X-, Y+, Y-, Z+, Z-), one register bus split by link (`l << 12`; the splitter registers the request, so an access is answered two cycles after its strobe), an injection stream per link (`link_l_tx_*`), one host write port for all six receive buffers, a write-only AXI4 manager with 256-bit data and WSTRB (`host_*`: each link's 32-bit writes packed into 32-byte strobed beats, store-and-forward, `common::dma_wide`; whole writes round-robin, each link's writes in order, a register slice at each port and at memory, `common::dma_arb`, `common::skid`; one INCR burst per write and the B channel through a register stage, `common::axi::WideWrToAxi4`) (ftnw)",
            clocks_mhz: &[
                ("clock", 250.0),
                ("phy_clock_0", 250.0),
                ("phy_clock_1", 250.0),
                ("phy_clock_2", 250.0),
                ("phy_clock_3", 250.0),
                ("phy_clock_4", 250.0),
                ("phy_clock_5", 250.0),
            ],
            build: || Box::new(FtnwNodeTop::new("ftnw_node", FtnwNode::default())),
            port_docs: &[
                ("clock", "the node's TNW clock: everything but each link's PHY receive side"),
                ("phy_clock_*", "link l's PHY receive clock (`phy_clock_l`), as `tnw_link`'s `phy_clock`"),
                ("reset", "synchronous reset, active high, in `clock`: the whole node back to its documented reset values"),
                ("bus_*", "register bus slave (`common::regbank`), link l's 4 KB window at `l << 12` (its `tnw_link` and RXBUFF registers); an address above link 5 answers `err`"),
                ("m_axi_*", port_doc::AXI4_WR_256),
                ("link_*", "link l's ports `link_l_<port>`, as on `tnw_port` (`tx_*` is its `tx_*` injection stream)"),
            ],
        },
    ]
}

/// `ftnw_node` behind the uniform port interface: its ports are the node's own (clock, reset,
/// the six PHY clocks, bus, `m_axi`) and, per link l, `link_l_<field>` (an
/// array of interfaces), so `dyn_top!` (paths of names only) does not fit; the same shape by hand.
pub struct FtnwNodeTop {
    pub name: String,
    pub uut: FtnwNode,
}

/// A top with six links (`link_l_<port>`), their PHY receive clocks after the block's clocks.
macro_rules! node_ports {
    ($top:ident, $uut:ty, clocks: [$($c:ident),+],
     scalar_in: [$($($i:ident).+),*],
     scalar_out: [$($($o:ident).+),*],
     link_in: [$($li:ident),*],
     link_out: [$($lo:ident),*]) => {
        impl $top {
            pub fn new(name: &str, mut uut: $uut) -> Self {
                rust_hdl::prelude::Block::connect_all(&mut uut);
                Self { name: name.to_string(), uut }
            }
            /// Port `index` (an index into `ports()`), to read.
            #[allow(unused_assignments)]
            fn port(&self, index: usize) -> &dyn crate::top::PortRead {
                let u = &self.uut;
                let mut k = 0;
                $( if index == k { return &u.$c; } k += 1; )+
                if index < k + LINKS { return &u.phy_clock[index - k]; }
                k += LINKS;
                $( if index == k { return &u.$($i).+; } k += 1; )*
                for l in 0..LINKS {
                    $( if index == k { return &u.link[l].$li; } k += 1; )*
                }
                $( if index == k { return &u.$($o).+; } k += 1; )*
                for l in 0..LINKS {
                    $( if index == k { return &u.link[l].$lo; } k += 1; )*
                }
                panic!("{}: no port {}", self.name, index);
            }
        }
        impl DynTop for $top {
            fn name(&self) -> &str { &self.name }
            fn ports(&self) -> Vec<crate::top::PortInfo> {
                use crate::top::{port_width, PortDir, PortInfo};
                let u = &self.uut;
                let mut v: Vec<PortInfo> = [$(stringify!($c)),+].iter()
                    .map(|c| PortInfo { name: c.to_string(), dir: PortDir::In, width: 1, clock: true })
                    .collect();
                for l in 0..LINKS {
                    v.push(PortInfo { name: format!("phy_clock_{l}"), dir: PortDir::In, width: 1, clock: true });
                }
                $( v.push(PortInfo { name: crate::top::port_name(&[$(stringify!($i)),+]), dir: PortDir::In, width: port_width(&u.$($i).+), clock: false }); )*
                for l in 0..LINKS {
                    $( v.push(PortInfo { name: format!("link_{l}_{}", stringify!($li)), dir: PortDir::In, width: port_width(&u.link[l].$li), clock: false }); )*
                }
                $( v.push(PortInfo { name: crate::top::port_name(&[$(stringify!($o)),+]), dir: PortDir::Out, width: port_width(&u.$($o).+), clock: false }); )*
                for l in 0..LINKS {
                    $( v.push(PortInfo { name: format!("link_{l}_{}", stringify!($lo)), dir: PortDir::Out, width: port_width(&u.link[l].$lo), clock: false }); )*
                }
                v
            }
            #[allow(unused_assignments)]
            fn set(&mut self, index: usize, v: u128) {
                use crate::top::port_set;
                let u = &mut self.uut;
                let mut k = 0;
                $( if index == k { port_set(&mut u.$c, v); return; } k += 1; )+
                if index < k + LINKS { port_set(&mut u.phy_clock[index - k], v); return; }
                k += LINKS;
                $( if index == k { port_set(&mut u.$($i).+, v); return; } k += 1; )*
                for l in 0..LINKS {
                    $( if index == k { port_set(&mut u.link[l].$li, v); return; } k += 1; )*
                }
                panic!("{}: port {} is not an input", self.name, index);
            }
            fn get(&self, index: usize) -> u128 {
                self.port(index).read_port()
            }
            fn get_wide(&self, index: usize) -> Vec<u128> {
                self.port(index).read_wide()
            }
            fn settle(&mut self) {
                assert!(rust_hdl::prelude::simulate(&mut self.uut, 1000), "{}: logic did not settle", self.name);
            }
            fn verilog(&self) -> String { crate::top::emit_verilog(&self.uut, &self.name) }
            fn block(&self) -> &dyn rust_hdl::prelude::Block { &self.uut }
        }
    };
}

node_ports!(FtnwNodeTop, FtnwNode, clocks: [clock],
    scalar_in: [reset, bus.addr, bus.wdata, bus.write, bus.read, m_axi.awready, m_axi.wready,
        m_axi.bid, m_axi.bresp, m_axi.bvalid],
    scalar_out: [bus.rdata, bus.ready, bus.err, m_axi.awid, m_axi.awaddr, m_axi.awlen, m_axi.awsize,
        m_axi.awburst, m_axi.awvalid, m_axi.awlock, m_axi.awcache, m_axi.awprot, m_axi.awqos,
        m_axi.wdata, m_axi.wstrb, m_axi.wlast, m_axi.wvalid, m_axi.bready],
    link_in: [phy_rxd, phy_rxc, tx_data, tx_keep, tx_meta, tx_first, tx_last, tx_valid,
        phy_rx_fault_p, phy_rx_fault_r, phy_intb, phy_tx_fault, phy_rxh, mdio_i],
    link_out: [phy_txd, phy_txc, tx_ready, irq_rx, irq_tx, phy_reset, mdc, mdio_o, mdio_oe,
        rsnd_occupancy]
);

/// The `ftnw_nwp` top: `nwp::Nwp` with its six links' ports.
pub struct FtnwNwpTop {
    pub name: String,
    pub uut: Nwp,
}

node_ports!(FtnwNwpTop, Nwp, clocks: [clock, tnw_clock],
    scalar_in: [reset, tnw_reset, completer_id, s_axis_cq_tdata, s_axis_cq_tkeep, s_axis_cq_tlast,
        s_axis_cq_tuser, s_axis_cq_tvalid, m_axis_cc_tready, m_axis_rq_tready, s_axis_rc_tdata,
        s_axis_rc_tkeep, s_axis_rc_tlast, s_axis_rc_tuser, s_axis_rc_tvalid, cfg_bus_master,
        cfg_max_read_req],
    scalar_out: [s_axis_cq_tready, m_axis_cc_tdata, m_axis_cc_tkeep, m_axis_cc_tlast,
        m_axis_cc_tuser, m_axis_cc_tvalid, m_axis_rq_tdata, m_axis_rq_tkeep, m_axis_rq_tlast,
        m_axis_rq_tuser, m_axis_rq_tvalid, s_axis_rc_tready, exc_request, exc_partial,
        exc_tx_partial, exc_tx_link, exc_tx_overrun, exc_tx_header, exc_dma, exc_host_write],
    link_in: [phy_rxd, phy_rxc, phy_rx_fault_p, phy_rx_fault_r, phy_intb, phy_tx_fault, phy_rxh,
        mdio_i],
    link_out: [phy_txd, phy_txc, irq_rx, irq_tx, phy_reset, mdc, mdio_o, mdio_oe, rsnd_occupancy]
);

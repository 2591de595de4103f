//! The MIT NIC (CSG Memo 331 §3.1; issue 15): the five sections of Figure 3.1 in three clock
//! domains (NIC-R113, R114).
//!
//! - P-bus clock (`clock`): `PBusSlave` and `NicCore` (registers, both queues, commands).
//! - netclk (`netclk`): `ParcOut`; noclk is netclk.
//! - niclk (`niclk`): `ParcIn`.
//!
//! Crossings (docs/conventions.md): each direction's messages through a two-slot
//! `common::handoff::Handoff` (Gray pointers, two flops); the input port's two error events as
//! toggles through two flops and an edge detector; the input queue's "nearly full" level (a
//! register in the core) through two flops into niclk; the four exception input pins through
//! two flops into the P-bus domain. One reset pin, synchronized into each domain by a
//! `ResetSync` (assertion asynchronous, release on the domain's clock); RESET_NIC resets the
//! core only (NIC-A21), and up to two messages already handed to the output port still leave
//! (NIC-A30). OP_ON crosses to netclk through two flops and back: the port starts nothing from
//! the handoff while it is off there, and a store clearing OP_ON is held in WAIT until the port
//! has seen it (§2.2.2: nothing starts after the store completes; a packet under way ends).
//!
//! The output queue's head is packed into the packet's twelve words in the P-bus domain (the
//! chart of §3.3 with NIC-A12, as `nicgen_wire::mitnic::pack`), handed to netclk, and leaves the
//! queue's count when the port's take is seen back (NIC-A23): the core counts the messages in
//! the handoff (`out_held`), so the queue and the port hold 16 at most. An arriving packet's
//! header and data words are handed to the P-bus domain and unpacked there into the core.
//!
//! A send into the empty output queue is offered to the port from its execution cycle (the
//! core's cut-through). `MitNic::on_pbus_clock` (top `mit_nic_sync`, `MitNicSync`) puts the
//! output port on the P-bus clock: the core's head goes straight to `ParcOut` (the output
//! handoff is unused), and a send whose header its address fixes starts that header at the end
//! of its address cycle (`NicCore::eh_*`, NIC-A44).

use crate::top::Ports;
use rust_hdl::prelude::*;

use super::core::NicCore;
use super::parc::{ParcHeader, ParcIn, ParcOut, PKT_BITS, RX_BITS};
use super::pbus::{PBus, PBusSlave};
use crate::common::handoff::Handoff;
use crate::common::prim::k;
use crate::common::reset::ResetSync;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use nicgen_wire::mitnic as w;

#[derive(LogicBlock, Ports)]
pub struct MitNic {
    /// The P-bus clock: the P-bus pins, the registers and both queues are in its domain
    pub clock: Signal<In, Clock>,
    /// The output port's clock; `noclk` is netclk and `nodata` changes just after its rising edges
    pub netclk: Signal<In, Clock>,
    /// The input port's clock (`nidata` is sampled on its rising edges; the upstream port's noclk)
    pub niclk: Signal<In, Clock>,
    /// Power-on reset request, asynchronous, active high (NIC-A21): synchronized into each domain
    pub reset: Signal<In, Bit>,
    /// The 88100 P bus (`pbus_*`): the NIC is a slave on it
    #[port]
    pub pbus: PBus,
    /// PaRC output data: 0x5555 idles, twelve-word packets
    pub nodata: Signal<Out, Bits<16>>,
    /// PaRC output clock (netclk)
    pub noclk: Signal<Out, Clock>,
    /// PaRC output wait (asynchronous; a packet starts only while it is low)
    pub nowait: Signal<In, Bit>,
    /// PaRC input data (niclk domain)
    pub nidata: Signal<In, Bits<16>>,
    /// PaRC input wait (niclk domain): high while the input queue holds 12 or more messages
    pub niwait: Signal<Out, Bit>,
    /// The four exception input pins (asynchronous; STATUS.EXCS[5:2])
    pub exc_in: Signal<In, Bits<4>>,
    /// The four exception output pins (CONTROL.OUT_EXCS)
    pub exc_out: Signal<Out, Bits<4>>,
    rs_p: ResetSync<3>,
    rs_o: ResetSync<3>,
    rs_i: ResetSync<3>,
    slave: PBusSlave,
    core: NicCore,
    oho: Handoff<Bits<PKT_BITS>>,
    pout: ParcOut,
    iho: Handoff<Bits<RX_BITS>>,
    pin: ParcIn,
    /// The receiver does not use the header's CSP, bit 13 and routing byte (i0 comes from the
    /// data words, NIC-A14, A37), nor the input handoff's count.
    sink_hdr_hi: Unused<Bits<3>>,
    sink_hdr_lo: Unused<Bits<8>>,
    sink_held: Unused<Bits<2>>,
    exc_s1: DFF<Bits<4>>,
    exc_s2: DFF<Bits<4>>,
    idle_s: [DFF<Bit>; 3],
    lost_s: [DFF<Bit>; 3],
    /// OP_ON into netclk (two flops; the port starts a message from the handoff only while the
    /// second is high), and back into the P-bus domain (the core's `port_seen`).
    go_n: [DFF<Bit>; 2],
    go_p: [DFF<Bit>; 2],
    /// The output port on the P-bus clock (`MitNic::on_pbus_clock`).
    c_sync: Constant<Bit>,
    // packing (P-bus domain): header 15:0, then words 1-11
    hdr: ParcHeader,
    /// The early header (`NicCore::eh_*`), for the port on the P-bus clock.
    ehdr: ParcHeader,
    pkt_words: Signal<Local, Bits<PKT_BITS>>,
    w_hdr: Widen<16, PKT_BITS>,
    w_word: [Widen<32, PKT_BITS>; 4],
    w_byte: [Widen<8, PKT_BITS>; 4],
    w_idle: Widen<16, PKT_BITS>,
    // unpacking o2 (P-bus domain)
    w_o2: [Widen<8, 32>; 4],
    c_idle: Constant<Bits<16>>,
    c_zero2: Constant<Bits<2>>,
    c_sh_word: [Constant<Bits<8>>; 4],
    c_sh_byte: [Constant<Bits<8>>; 4],
    c_sh_idle: Constant<Bits<8>>,
    c_sh_o2: [Constant<Bits<32>>; 4],
}

/// The ring routing table of the emitted NICs (node[2:0] -> routing byte): a placeholder until
/// Figure 2.2 or TR-482 gives the values (NIC-A13).
pub const NIC_RING_TABLE: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

impl Default for MitNic {
    fn default() -> Self {
        MitNic::new(NIC_RING_TABLE)
    }
}

impl MitNic {
    /// The NIC with its output port on `netclk` (three clock domains).
    pub fn new(ring_table: [u8; 8]) -> Self {
        Self::build(ring_table, false)
    }

    /// The NIC with its output port on the P-bus clock: `netclk` must be `clock` (`MitNicSync`
    /// ties them). No output handoff, and a send presented while the queue is empty and the port
    /// idle starts its header at the end of its address cycle (`NicCore::eh_valid`).
    pub fn on_pbus_clock(ring_table: [u8; 8]) -> Self {
        Self::build(ring_table, true)
    }

    fn build(ring_table: [u8; 8], sync: bool) -> Self {
        Self {
            clock: Default::default(),
            netclk: Default::default(),
            niclk: Default::default(),
            reset: Default::default(),
            pbus: Default::default(),
            nodata: Default::default(),
            noclk: Default::default(),
            nowait: Default::default(),
            nidata: Default::default(),
            niwait: Default::default(),
            exc_in: Default::default(),
            exc_out: Default::default(),
            rs_p: Default::default(),
            rs_o: Default::default(),
            rs_i: Default::default(),
            slave: Default::default(),
            core: NicCore::new(ring_table),
            oho: Default::default(),
            pout: Default::default(),
            iho: Default::default(),
            pin: Default::default(),
            sink_hdr_hi: Default::default(),
            sink_hdr_lo: Default::default(),
            sink_held: Default::default(),
            exc_s1: Default::default(),
            exc_s2: Default::default(),
            idle_s: Default::default(),
            lost_s: Default::default(),
            go_n: Default::default(),
            go_p: Default::default(),
            c_sync: Constant::new(sync),
            hdr: Default::default(),
            ehdr: Default::default(),
            pkt_words: Default::default(),
            w_hdr: Default::default(),
            w_word: Default::default(),
            w_byte: Default::default(),
            w_idle: Default::default(),
            w_o2: Default::default(),
            c_idle: k(w::IDLE as u64),
            c_zero2: k(0),
            // o0, o1, o3, o4 (little-endian runs of the chart, NIC-A12)
            c_sh_word: [k(16), k(48), k(88), k(120)],
            // o2's bytes 0, 1, 3, 2
            c_sh_byte: [k(80), k(152), k(160), k(168)],
            c_sh_idle: k(176),
            c_sh_o2: [k(0), k(8), k(16), k(24)],
        }
    }
}

impl Logic for MitNic {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, exc_s1, exc_s2);
        for n in 0..3 {
            self.idle_s[n].clock.next = self.clock.val();
            self.lost_s[n].clock.next = self.clock.val();
        }
        for n in 0..2 {
            self.go_n[n].clock.next = self.netclk.val();
            self.go_p[n].clock.next = self.clock.val();
        }
        // clocks and resets
        self.rs_p.clock.next = self.clock.val();
        self.rs_o.clock.next = self.netclk.val();
        self.pout.clock.next = self.netclk.val();
        self.rs_i.clock.next = self.niclk.val();
        self.rs_p.arst.next = self.reset.val();
        self.rs_o.arst.next = self.reset.val();
        self.rs_i.arst.next = self.reset.val();
        self.slave.clock.next = self.clock.val();
        self.core.clock.next = self.clock.val();
        self.oho.wr_clock.next = self.clock.val();
        self.oho.rd_clock.next = self.netclk.val();
        self.iho.wr_clock.next = self.niclk.val();
        self.iho.rd_clock.next = self.clock.val();
        self.pin.clock.next = self.niclk.val();
        self.slave.reset.next = self.rs_p.rst.val();
        self.core.reset.next = self.rs_p.rst.val();
        self.oho.wr_reset.next = self.rs_p.rst.val();
        self.oho.rd_reset.next = self.rs_o.rst.val();
        self.pout.reset.next = self.rs_o.rst.val();
        self.iho.wr_reset.next = self.rs_i.rst.val();
        self.iho.rd_reset.next = self.rs_p.rst.val();
        self.pin.reset.next = self.rs_i.rst.val();

        // the P bus
        PBus::link(&mut self.pbus, &mut self.slave.bus);
        self.core.t_strobe.next = self.slave.t_strobe.val();
        self.core.t_da.next = self.slave.t_da.val();
        self.core.t_write.next = self.slave.t_write.val();
        self.core.t_wdata.next = self.slave.t_wdata.val();
        self.slave.t_done.next = self.core.t_done.val();
        self.slave.t_fault.next = self.core.t_fault.val();
        self.slave.t_wait.next = self.core.t_wait.val();
        self.slave.t_rdata.next = self.core.t_rdata.val();

        // exception pins
        self.exc_s1.d.next = self.exc_in.val();
        self.exc_s2.d.next = self.exc_s1.q.val();
        self.core.exc_pins.next = self.exc_s2.q.val();
        self.exc_out.next = self.core.out_excs.val();

        // output: the head pkt_words (§3.3), handed to netclk, or straight to the port on this clock
        self.hdr.ty.next = self.core.out_type.val();
        self.hdr.route.next = self.core.out_route.val();
        self.hdr.csp.next = self.core.out_csp.val();
        self.w_hdr.x.next = self.hdr.word.val();
        self.w_word[0].x.next = self.core.out_w0.val();
        self.w_word[1].x.next = self.core.out_w1.val();
        self.w_word[2].x.next = self.core.out_w3.val();
        self.w_word[3].x.next = self.core.out_w4.val();
        self.w_byte[0].x.next = self.core.out_w2.val().get_bits::<8>(0);
        self.w_byte[1].x.next = self.core.out_w2.val().get_bits::<8>(8);
        self.w_byte[2].x.next = self.core.out_w2.val().get_bits::<8>(24);
        self.w_byte[3].x.next = self.core.out_w2.val().get_bits::<8>(16);
        self.w_idle.x.next = self.c_idle.val();
        self.pkt_words.next = self.w_hdr.y.val()
            | (self.w_word[0].y.val() << self.c_sh_word[0].val())
            | (self.w_word[1].y.val() << self.c_sh_word[1].val())
            | (self.w_word[2].y.val() << self.c_sh_word[2].val())
            | (self.w_word[3].y.val() << self.c_sh_word[3].val())
            | (self.w_byte[0].y.val() << self.c_sh_byte[0].val())
            | (self.w_byte[1].y.val() << self.c_sh_byte[1].val())
            | (self.w_byte[2].y.val() << self.c_sh_byte[2].val())
            | (self.w_byte[3].y.val() << self.c_sh_byte[3].val())
            | (self.w_idle.y.val() << self.c_sh_idle.val());
        self.ehdr.ty.next = self.core.eh_type.val();
        self.ehdr.route.next = self.core.eh_route.val();
        self.ehdr.csp.next = self.core.eh_csp.val();
        self.pout.eh_word.next = self.ehdr.word.val();
        self.oho.w_data.next = self.pkt_words.val();
        self.oho.r_take.next = self.pout.ho_take.val();
        // OP_ON to the port's clock and back: messages already in the handoff wait there while
        // it is off (§2.2.2), and the store clearing it completes once the port has seen it
        self.go_n[0].d.next = self.core.port_go.val();
        self.go_n[1].d.next = self.go_n[0].q.val();
        self.go_p[0].d.next = self.go_n[1].q.val();
        self.go_p[1].d.next = self.go_p[0].q.val();
        if self.c_sync.val() {
            self.core.port_seen.next = false;
            self.oho.w_valid.next = false;
            self.core.out_ready.next = self.pout.ready.val();
            self.core.out_held.next = self.c_zero2.val();
            self.core.eh_room.next = self.pout.can_start.val();
            self.pout.eh_valid.next = self.core.eh_valid.val();
            self.pout.ho_valid.next = self.core.out_valid.val();
            self.pout.ho_words.next = self.pkt_words.val();
        } else {
            self.oho.w_valid.next = self.core.out_valid.val();
            self.core.out_ready.next = self.oho.w_room.val();
            self.core.out_held.next = self.oho.w_held.val();
            self.core.eh_room.next = false;
            self.pout.eh_valid.next = false;
            self.core.port_seen.next = self.go_p[1].q.val();
            self.pout.ho_valid.next = self.oho.r_valid.val() && self.go_n[1].q.val();
            self.pout.ho_words.next = self.oho.r_data.val();
        }
        self.pout.nowait.next = self.nowait.val();
        self.nodata.next = self.pout.nodata.val();
        self.noclk.next = self.pout.noclk.val();

        // input: a packet's words handed to the P-bus domain, unpacked into the core
        self.pin.nidata.next = self.nidata.val();
        self.niwait.next = self.pin.niwait.val();
        self.pin.nearly_full.next = self.core.in_nearly_full.val();
        self.iho.w_valid.next = self.pin.ho_valid.val();
        self.iho.w_data.next = self.pin.ho_words.val();
        self.pin.ho_room.next = self.iho.w_room.val();
        self.iho.r_take.next = true;
        self.sink_held.x.next = self.iho.w_held.val();
        self.sink_hdr_hi.x.next = self.iho.r_data.val().get_bits::<3>(13);
        self.sink_hdr_lo.x.next = self.iho.r_data.val().get_bits::<8>(0);
        self.core.in_valid.next = self.iho.r_valid.val();
        self.core.in_type.next = self.iho.r_data.val().get_bits::<5>(8);
        self.core.in_w0.next = self.iho.r_data.val().get_bits::<32>(16);
        self.core.in_w1.next = self.iho.r_data.val().get_bits::<32>(48);
        self.core.in_w3.next = self.iho.r_data.val().get_bits::<32>(88);
        self.core.in_w4.next = self.iho.r_data.val().get_bits::<32>(120);
        self.w_o2[0].x.next = self.iho.r_data.val().get_bits::<8>(80);
        self.w_o2[1].x.next = self.iho.r_data.val().get_bits::<8>(152);
        self.w_o2[2].x.next = self.iho.r_data.val().get_bits::<8>(168);
        self.w_o2[3].x.next = self.iho.r_data.val().get_bits::<8>(160);
        self.core.in_w2.next = (self.w_o2[0].y.val() << self.c_sh_o2[0].val())
            | (self.w_o2[1].y.val() << self.c_sh_o2[1].val())
            | (self.w_o2[2].y.val() << self.c_sh_o2[2].val())
            | (self.w_o2[3].y.val() << self.c_sh_o2[3].val());
        // the input port's events: toggles through two flops, an edge a pulse
        self.idle_s[0].d.next = self.pin.idle_t.val();
        self.idle_s[1].d.next = self.idle_s[0].q.val();
        self.idle_s[2].d.next = self.idle_s[1].q.val();
        self.lost_s[0].d.next = self.pin.lost_t.val();
        self.lost_s[1].d.next = self.lost_s[0].q.val();
        self.lost_s[2].d.next = self.lost_s[1].q.val();
        self.core.idle_err.next = self.idle_s[1].q.val() != self.idle_s[2].q.val();
        self.core.in_lost.next = self.lost_s[1].q.val() != self.lost_s[2].q.val();
    }
}

/// `MitNic::on_pbus_clock` with `netclk` tied to `clock` (top `mit_nic_sync`): two clock domains,
/// the P bus with the output port (`noclk` is `clock`), and the input port on `niclk`.
#[derive(LogicBlock, Ports)]
pub struct MitNicSync {
    /// The P-bus clock: the P-bus pins, the registers, both queues and the output port (`noclk` is
    /// `clock`)
    pub clock: Signal<In, Clock>,
    /// The input port's clock (`nidata` is sampled on its rising edges; the upstream port's noclk)
    pub niclk: Signal<In, Clock>,
    /// Power-on reset request, asynchronous, active high (NIC-A21): synchronized into each domain
    pub reset: Signal<In, Bit>,
    /// The 88100 P bus (`pbus_*`): the NIC is a slave on it
    #[port]
    pub pbus: PBus,
    /// PaRC output data: 0x5555 idles, twelve-word packets
    pub nodata: Signal<Out, Bits<16>>,
    /// PaRC output clock (`clock`)
    pub noclk: Signal<Out, Clock>,
    /// PaRC output wait (asynchronous; a packet starts only while it is low)
    pub nowait: Signal<In, Bit>,
    /// PaRC input data (niclk domain)
    pub nidata: Signal<In, Bits<16>>,
    /// PaRC input wait (niclk domain): high while the input queue holds 12 or more messages
    pub niwait: Signal<Out, Bit>,
    /// The four exception input pins (asynchronous; STATUS.EXCS[5:2])
    pub exc_in: Signal<In, Bits<4>>,
    /// The four exception output pins (CONTROL.OUT_EXCS)
    pub exc_out: Signal<Out, Bits<4>>,
    nic: MitNic,
}

impl MitNicSync {
    pub fn new(ring_table: [u8; 8]) -> Self {
        Self {
            clock: Default::default(),
            niclk: Default::default(),
            reset: Default::default(),
            pbus: Default::default(),
            nodata: Default::default(),
            noclk: Default::default(),
            nowait: Default::default(),
            nidata: Default::default(),
            niwait: Default::default(),
            exc_in: Default::default(),
            exc_out: Default::default(),
            nic: MitNic::on_pbus_clock(ring_table),
        }
    }
}

impl Logic for MitNicSync {
    #[hdl_gen]
    fn update(&mut self) {
        self.nic.clock.next = self.clock.val();
        self.nic.netclk.next = self.clock.val();
        self.nic.niclk.next = self.niclk.val();
        self.nic.reset.next = self.reset.val();
        PBus::link(&mut self.pbus, &mut self.nic.pbus);
        self.nodata.next = self.nic.nodata.val();
        self.noclk.next = self.nic.noclk.val();
        self.nic.nowait.next = self.nowait.val();
        self.nic.nidata.next = self.nidata.val();
        self.niwait.next = self.nic.niwait.val();
        self.nic.exc_in.next = self.exc_in.val();
        self.exc_out.next = self.nic.exc_out.val();
    }
}

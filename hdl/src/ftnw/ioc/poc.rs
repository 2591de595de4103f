//! POC, the PCIe output controller (thesis §3.2.5; FTNW-H075-H078, H153, H160, H162): the one
//! grant on RQ. Its sources share it, whole requests at a time:
//!
//! - **each link's receive writes** (`host[l]`, the link's write port in the TNW clock domain:
//!   packets of 128 bytes and 4-byte notifications, `TNW_FSM`): each link's writes cross into
//!   the IOC clock domain through their own asynchronous FIFO (`PocIn`: a write's header, then
//!   its Dwords four to a beat) and leave as one memory write each (`RqBeats`' descriptor, then
//!   its payload beats with their parity). A write is started only once all of it is in its
//!   FIFO, so its beats follow without a gap and the links fill their FIFOs at their own rate
//!   side by side: the six links share RQ's 16 bytes a cycle, not one link's 4. The links take
//!   turns write by write. A write is answered (`wr_rsp`) once its last Dword is in the FIFO:
//!   PCIe writes are posted, and those behind it on RQ keep its order, so a notification never
//!   overtakes its data (H018, H162). POC carries writes of 1 to 32 Dwords below 2^48 that do
//!   not cross 4 KB (the node's are 128-byte aligned packets and single Dwords, within any max
//!   payload size, H160); another is drained, answered with `err` and flagged on `exc_write`,
//!   never sent;
//! - **the short requests** of `RqTx` (`s_*`: NGET's reads and notifications, TFCNT's counter
//!   writes, each one or two beats).
//!
//! The links' writes and the short requests take turns when both wait. Nothing starts while bus
//! mastering is disabled (`bus_master`; `RqTx` obeys it too), so the node's writes wait in the
//! FIFOs and the node's buffers fill (its links refuse packets until bus mastering returns). The output beat is a register, loaded when empty or taken, so it
//! never changes while offered (AXI4-Stream).

use crate::common::async_fifo::AsyncFifo;
use crate::common::axis::AxisSource;
use crate::common::dma::DmaWrSlave;
use crate::common::prim::{k, Concat};
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::ftnw::ioc::pcie_us::RqBeats;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::pcie_us::ReqType;
use num_bigint::BigUint;
use rust_hdl::prelude::*;

/// FIFO entry: `{hdr, last, bits}`; a header's bits are `{dwords[5:0], addr[47:2]}`.
const ENTRY: usize = 130;

/// The odd parity of each byte of a 128-bit beat, where RQ's `tuser` carries it (bits 43:28).
#[derive(LogicBlock, Default, Ports)]
pub struct RqDataUser {
    pub d: Signal<In, Bits<128>>,
    pub u: Signal<Out, Bits<60>>,
}

impl Logic for RqDataUser {
    fn update(&mut self) {
        let v = self.d.val().to_u128();
        let par = (0..16).fold(0u64, |a, i| {
            a | ((((v >> (8 * i)) & 0xff).count_ones() as u64 + 1) & 1) << i
        });
        self.u.next = Bits::<60>::from(par << 28);
    }
    fn connect(&mut self) {
        self.u.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "wire [15:0] p;\n\
             genvar pi;\n\
             generate for (pi = 0; pi < 16; pi = pi + 1) begin : par\n\
             \x20  assign p[pi] = ~^d[8 * pi +: 8];\n\
             end endgenerate\n\
             always @(*) u = {16'd0, p, 28'd0};\n"
                .into(),
        )
    }
}

/// `y = {hdr, last, x}`: a FIFO entry.
#[derive(LogicBlock, Default)]
pub struct PocEntry {
    pub hdr: Signal<In, Bit>,
    pub last: Signal<In, Bit>,
    pub x: Signal<In, Bits<128>>,
    pub y: Signal<Out, Bits<ENTRY>>,
}

impl Logic for PocEntry {
    fn update(&mut self) {
        let v = BigUint::from(self.x.val().to_u128())
            | BigUint::from(self.last.val() as u8) << 128
            | BigUint::from(self.hdr.val() as u8) << 129;
        self.y.next = Bits::<ENTRY>::from(v);
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) y = {hdr, last, x};\n".into())
    }
}

const IDLE: u64 = 0;
const SHORT: u64 = 1;
const DATA: u64 = 2;

/// One link's receive writes into the IOC clock domain: the node's write port (TNW clock) into
/// an asynchronous FIFO of 32 entries (a write's header, then its Dwords four to a beat) in block
/// RAM (four DP16KD on ECP5: in distributed RAM the six links' FIFOs take the slices that
/// `ftnw_nwp` needs to place on the 85F), and on
/// the IOC side the FIFO's head with `whole`, registered: the head is a header and every entry
/// of its write is in the FIFO (so a write, once started on RQ, never waits for its data).
#[derive(LogicBlock, BlockDefault)]
pub struct PocIn {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub tnw_clock: Signal<In, Clock>,
    pub tnw_reset: Signal<In, Bit>,
    /// The link's receive writes (TNW clock).
    pub host: DmaWrSlave<32>,
    /// A write POC cannot carry (TNW clock, one cycle).
    pub exc_write: Signal<Out, Bit>,
    /// IOC side: the head entry `{hdr, last, bits}`, a whole write at the head, take the head.
    pub head: Signal<Out, Bits<ENTRY>>,
    pub whole: Signal<Out, Bit>,
    pub pop: Signal<In, Bit>,
    #[init(AsyncFifo::in_block_ram(28, 1))]
    fifo: AsyncFifo<Bits<ENTRY>, 5, 6>,
    u_af: Unused<Bit>,
    u_ae: Unused<Bit>,
    u_sink_ready: Unused<Bit>,
    u_valid: Unused<Bit>,
    // TNW side: a write being taken, its Dwords gathered four to a beat
    w_st: DFF<Bit>,
    w_ok: DFF<Bit>,
    lane: DFF<Bits<2>>,
    acc: DFF<Bits<128>>,
    rsp_v: DFF<Bit>,
    rsp_err: DFF<Bit>,
    x_wr: DFF<Bit>,
    /// Room for an entry, registered: the occupancy a cycle ago left two free (one entry may
    /// have been pushed since), so the subtraction and compare stay off the handshake paths.
    room: DFF<Bit>,
    req_ok: Signal<Local, Bit>,
    lo12: Widen<12, 13>,
    bytes: Concat<2, 6, 8>,
    bytes13: Widen<8, 13>,
    h_bits: Concat<46, 6, 52>,
    h_x: Widen<52, 128>,
    e_hdr: PocEntry,
    e_dat: PocEntry,
    word: Widen<32, 128>,
    sh: Concat<5, 2, 7>,
    // IOC side
    whole_q: DFF<Bit>,
    /// Entries of the head's write: 1 + ceil(dwords / 4).
    dw3: Signal<Local, Bits<6>>,
    u_dw3: Unused<Bits<2>>,
    beats: Widen<4, 6>,
    #[init(k(0))]
    c_z2: Constant<Bits<2>>,
    #[init(k(1))]
    c_one2: Constant<Bits<2>>,
    #[init(k(3))]
    c_three2: Constant<Bits<2>>,
    #[init(k(3))]
    c_three6: Constant<Bits<6>>,
    #[init(k(0))]
    c_z5: Constant<Bits<5>>,
    #[init(k(0))]
    c_z13: Constant<Bits<13>>,
    #[init(k(32))]
    c_32: Constant<Bits<13>>,
    #[init(k(4096))]
    c_4k: Constant<Bits<13>>,
    #[init(k(0))]
    c_z16: Constant<Bits<16>>,
    #[init(k(0))]
    c_z128: Constant<Bits<128>>,
    #[init(k(31))]
    c_full: Constant<Bits<6>>,
}

impl Logic for PocIn {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, tnw_clock, w_st, w_ok, lane, acc, rsp_v, rsp_err, x_wr, room);
        dff_setup!(self, clock, whole_q);
        self.fifo.wr_clock.next = self.tnw_clock.val();
        self.fifo.wr_reset.next = self.tnw_reset.val();
        self.fifo.rd_clock.next = self.clock.val();
        self.fifo.rd_reset.next = self.reset.val();
        self.u_af.x.next = self.fifo.almost_full.val();
        self.u_ae.x.next = self.fifo.almost_empty.val();
        self.u_sink_ready.x.next = self.fifo.sink.ready.val();

        // ---- TNW side: the node's writes into the FIFO (room from the occupancy: the FIFO's
        // `ready` shares its statements with `valid`)
        self.room.d.next = self.fifo.wr_occupancy.val() < self.c_full.val();
        // a write POC carries: 1-32 Dwords, below 2^48, not across 4 KB
        self.lo12.x.next = self.host.wr_req_addr.val().get_bits::<12>(0);
        self.bytes.lo.next = self.c_z2.val();
        self.bytes.hi.next = self.host.wr_req_beats.val().get_bits::<6>(0);
        self.bytes13.x.next = self.bytes.y.val();
        self.req_ok.next = (self.host.wr_req_beats.val() != self.c_z13.val())
            && (self.host.wr_req_beats.val() <= self.c_32.val())
            && (self.host.wr_req_addr.val().get_bits::<16>(48) == self.c_z16.val())
            && ((self.lo12.y.val() + self.bytes13.y.val()) <= self.c_4k.val());
        self.h_bits.lo.next = self.host.wr_req_addr.val().get_bits::<46>(2);
        self.h_bits.hi.next = self.host.wr_req_beats.val().get_bits::<6>(0);
        self.h_x.x.next = self.h_bits.y.val();
        self.e_hdr.hdr.next = true;
        self.e_hdr.last.next = false;
        self.e_hdr.x.next = self.h_x.y.val();
        // a Dword into its lane of the beat
        self.word.x.next = self.host.wr_dat_data.val();
        self.sh.lo.next = self.c_z5.val();
        self.sh.hi.next = self.lane.q.val();
        self.e_dat.hdr.next = false;
        self.e_dat.last.next = self.host.wr_dat_last.val();
        self.e_dat.x.next = self.acc.q.val() | (self.word.y.val() << self.sh.y.val());
        self.host.wr_req_ready.next =
            !self.w_st.q.val() && !self.rsp_v.q.val() && self.room.q.val();
        self.host.wr_dat_ready.next = self.w_st.q.val() && self.room.q.val();
        self.host.wr_rsp_valid.next = self.rsp_v.q.val();
        self.host.wr_rsp_err.next = self.rsp_err.q.val();
        if self.rsp_v.q.val() && self.host.wr_rsp_ready.val() {
            self.rsp_v.d.next = false;
        }
        self.fifo.sink.valid.next = false;
        self.fifo.sink.data.next = self.e_hdr.y.val();
        self.x_wr.d.next = false;
        self.exc_write.next = self.x_wr.q.val();
        if !self.w_st.q.val()
            && !self.rsp_v.q.val()
            && self.room.q.val()
            && self.host.wr_req_valid.val()
        {
            self.w_st.d.next = true;
            self.w_ok.d.next = self.req_ok.val();
            self.x_wr.d.next = !self.req_ok.val();
            self.lane.d.next = self.c_z2.val();
            self.acc.d.next = self.c_z128.val();
            self.fifo.sink.valid.next = self.req_ok.val();
        }
        if self.w_st.q.val() && self.room.q.val() && self.host.wr_dat_valid.val() {
            self.lane.d.next = self.lane.q.val() + self.c_one2.val();
            self.acc.d.next = self.acc.q.val() | (self.word.y.val() << self.sh.y.val());
            if (self.lane.q.val() == self.c_three2.val()) || self.host.wr_dat_last.val() {
                self.fifo.sink.valid.next = self.w_ok.q.val();
                self.fifo.sink.data.next = self.e_dat.y.val();
                self.acc.d.next = self.c_z128.val();
            }
            if self.host.wr_dat_last.val() {
                self.w_st.d.next = false;
                self.rsp_v.d.next = true;
                self.rsp_err.d.next = !self.w_ok.q.val();
            }
        }
        if self.tnw_reset.val() {
            self.w_st.d.next = false;
            self.rsp_v.d.next = false;
            self.x_wr.d.next = false;
        }

        // ---- IOC side: the head, and whether its whole write is in
        self.head.next = self.fifo.source.data.val();
        self.fifo.source.ready.next = self.pop.val();
        self.u_valid.x.next = self.fifo.source.valid.val();
        self.dw3.next = self.fifo.source.data.val().get_bits::<6>(46) + self.c_three6.val();
        self.beats.x.next = self.dw3.val().get_bits::<4>(2);
        self.u_dw3.x.next = self.dw3.val().get_bits::<2>(0);
        self.whole_q.d.next = self.fifo.source.valid.val()
            && self.fifo.source.data.val().get_bit(129)
            && (self.fifo.rd_occupancy.val() > self.beats.y.val());
        self.whole.next = self.whole_q.q.val();
        if self.reset.val() {
            self.whole_q.d.next = false;
        }
    }
}

/// The current link's head entry and `whole` (`sel` picks one of `N`).
#[derive(LogicBlock, BlockDefault)]
pub struct HeadPick<const N: usize> {
    pub sel: Signal<In, Bits<3>>,
    #[init(std::array::from_fn(|_| Default::default()))]
    pub head: [Signal<In, Bits<ENTRY>>; N],
    #[init(std::array::from_fn(|_| Default::default()))]
    pub whole: [Signal<In, Bit>; N],
    pub y: Signal<Out, Bits<ENTRY>>,
    pub w: Signal<Out, Bit>,
    #[init(std::array::from_fn(|l| k(l as u64)))]
    c_idx: [Constant<Bits<3>>; N],
    #[init(Constant::new(Bits::<ENTRY>::default()))]
    c_zentry: Constant<Bits<ENTRY>>,
}

impl<const N: usize> Logic for HeadPick<N> {
    #[hdl_gen]
    fn update(&mut self) {
        self.y.next = self.c_zentry.val();
        self.w.next = false;
        for l in 0..N {
            if self.sel.val() == self.c_idx[l].val() {
                self.y.next = self.head[l].val();
                self.w.next = self.whole[l].val();
            }
        }
    }
}

/// POC: `N` links' receive writes (`host[l]`, TNW clock) and the short requests on one RQ.
#[derive(LogicBlock)]
pub struct Poc<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub tnw_clock: Signal<In, Clock>,
    pub tnw_reset: Signal<In, Bit>,
    pub bus_master: Signal<In, Bit>,
    /// Each link's receive writes (TNW clock).
    pub host: [DmaWrSlave<32>; N],
    /// A write POC cannot carry (TNW clock, one cycle).
    pub exc_write: Signal<Out, Bit>,
    /// The short requests (`RqTx`'s stream).
    pub s_tdata: Signal<In, Bits<128>>,
    pub s_tkeep: Signal<In, Bits<4>>,
    pub s_tlast: Signal<In, Bit>,
    pub s_tuser: Signal<In, Bits<60>>,
    pub s_tvalid: Signal<In, Bit>,
    pub s_tready: Signal<Out, Bit>,
    pub rq: AxisSource<128, 4, 60>,
    inp: [PocIn; N],
    /// The link whose writes are looked at (and, in DATA, sent).
    cur: DFF<Bits<3>>,
    st: DFF<Bits<2>>,
    rr: DFF<Bit>,
    left: DFF<Bits<6>>,
    tv: DFF<Bit>,
    td: DFF<Bits<128>>,
    tk: DFF<Bits<4>>,
    tl: DFF<Bit>,
    tu: DFF<Bits<60>>,
    free: Signal<Local, Bit>,
    take_s: Signal<Local, Bit>,
    take_f: Signal<Local, Bit>,
    /// The current link's head entry and whether a whole write is at it.
    pick: HeadPick<N>,
    xw: Signal<Local, Bit>,
    desc: RqBeats,
    d_addr: Concat<2, 46, 48>,
    d_dw: Widen<6, 11>,
    par: RqDataUser,
    u_d1: Unused<Bits<128>>,
    u_u1: Unused<Bits<60>>,
    u_hdr: Unused<Bit>,
    c_idx: [Constant<Bits<3>>; N],
    c_lastl: Constant<Bits<3>>,
    c_z3: Constant<Bits<3>>,
    c_one3: Constant<Bits<3>>,
    s_idle: Constant<Bits<2>>,
    s_short: Constant<Bits<2>>,
    s_data: Constant<Bits<2>>,
    c_wr: Constant<Bits<4>>,
    c_z2: Constant<Bits<2>>,
    c_one6: Constant<Bits<6>>,
    c_two6: Constant<Bits<6>>,
    c_three6: Constant<Bits<6>>,
    c_four6: Constant<Bits<6>>,
    c_z8: Constant<Bits<8>>,
    c_z32: Constant<Bits<32>>,
    c_f4: Constant<Bits<4>>,
    c_z4: Constant<Bits<4>>,
    c_k1: Constant<Bits<4>>,
    c_k3: Constant<Bits<4>>,
    c_k7: Constant<Bits<4>>,
}

impl<const N: usize> Default for Poc<N> {
    fn default() -> Self {
        assert!((1..=8).contains(&N), "POC: 1 to 8 links");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            tnw_clock: Default::default(),
            tnw_reset: Default::default(),
            bus_master: Default::default(),
            host: std::array::from_fn(|_| Default::default()),
            exc_write: Default::default(),
            s_tdata: Default::default(),
            s_tkeep: Default::default(),
            s_tlast: Default::default(),
            s_tuser: Default::default(),
            s_tvalid: Default::default(),
            s_tready: Default::default(),
            rq: Default::default(),
            inp: std::array::from_fn(|_| Default::default()),
            cur: Default::default(),
            st: Default::default(),
            rr: Default::default(),
            left: Default::default(),
            tv: Default::default(),
            td: Default::default(),
            tk: Default::default(),
            tl: Default::default(),
            tu: Default::default(),
            free: Default::default(),
            take_s: Default::default(),
            take_f: Default::default(),
            pick: Default::default(),
            xw: Default::default(),
            desc: Default::default(),
            d_addr: Default::default(),
            d_dw: Default::default(),
            par: Default::default(),
            u_d1: Default::default(),
            u_u1: Default::default(),
            u_hdr: Default::default(),
            c_idx: std::array::from_fn(|l| k(l as u64)),
            c_lastl: k(N as u64 - 1),
            c_z3: k(0),
            c_one3: k(1),
            s_idle: k(IDLE),
            s_short: k(SHORT),
            s_data: k(DATA),
            c_wr: k(ReqType::MemWrite as u64),
            c_z2: k(0),
            c_one6: k(1),
            c_two6: k(2),
            c_three6: k(3),
            c_four6: k(4),
            c_z8: k(0),
            c_z32: k(0),
            c_f4: k(0xf),
            c_z4: k(0),
            c_k1: k(1),
            c_k3: k(3),
            c_k7: k(7),
        }
    }
}

impl<const N: usize> Logic for Poc<N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, cur, st, rr, left, tv, td, tk, tl, tu);
        // the links' crossings, and the current link's head
        self.xw.next = false;
        self.pick.sel.next = self.cur.q.val();
        for l in 0..N {
            self.inp[l].clock.next = self.clock.val();
            self.inp[l].reset.next = self.reset.val();
            self.inp[l].tnw_clock.next = self.tnw_clock.val();
            self.inp[l].tnw_reset.next = self.tnw_reset.val();
            DmaWrSlave::<32>::link(&mut self.host[l], &mut self.inp[l].host);
            if self.inp[l].exc_write.val() {
                self.xw.next = true;
            }
            self.pick.head[l].next = self.inp[l].head.val();
            self.pick.whole[l].next = self.inp[l].whole.val();
        }
        self.exc_write.next = self.xw.val();
        self.u_hdr.x.next = self.pick.y.val().get_bit(129);

        // ---- one grant on RQ, whole requests, in turn: a write is started only once it is
        // whole in its FIFO (`whole`, registered), so its beats then follow without a gap
        self.free.next = !self.tv.q.val() || self.rq.tready.val();
        self.s_tready.next = (!self.tv.q.val() || self.rq.tready.val())
            && ((self.st.q.val() == self.s_short.val())
                || ((self.st.q.val() == self.s_idle.val())
                    && (!self.rr.q.val() || !self.pick.w.val() || !self.bus_master.val())));
        self.take_s.next = self.free.val()
            && self.s_tvalid.val()
            && ((self.st.q.val() == self.s_short.val())
                || ((self.st.q.val() == self.s_idle.val())
                    && (!self.rr.q.val() || !self.pick.w.val() || !self.bus_master.val())));
        self.take_f.next = self.free.val()
            && ((self.st.q.val() == self.s_data.val())
                || ((self.st.q.val() == self.s_idle.val())
                    && self.pick.w.val()
                    && self.bus_master.val()
                    && (self.rr.q.val() || !self.s_tvalid.val())));
        for l in 0..N {
            self.inp[l].pop.next = self.take_f.val() && (self.cur.q.val() == self.c_idx[l].val());
        }
        // the write's descriptor and its payload beats
        self.d_addr.lo.next = self.c_z2.val();
        self.d_addr.hi.next = self.pick.y.val().get_bits::<46>(0);
        self.d_dw.x.next = self.pick.y.val().get_bits::<6>(46);
        self.desc.addr.next = self.d_addr.y.val();
        self.desc.dwords.next = self.d_dw.y.val();
        self.desc.req_type.next = self.c_wr.val();
        self.desc.tag.next = self.c_z8.val();
        self.desc.first_be.next = self.c_f4.val();
        self.desc.last_be.next = self.c_f4.val();
        if self.pick.y.val().get_bits::<6>(46) == self.c_one6.val() {
            self.desc.last_be.next = self.c_z4.val();
        }
        self.desc.data0.next = self.c_z32.val();
        self.u_d1.x.next = self.desc.d1.val();
        self.u_u1.x.next = self.desc.u1.val();
        self.par.d.next = self.pick.y.val().get_bits::<128>(0);
        // idle with no whole write at the current link: look at the next one
        if (self.st.q.val() == self.s_idle.val()) && !self.take_f.val() && !self.pick.w.val() {
            self.cur.d.next = self.cur.q.val() + self.c_one3.val();
            if self.cur.q.val() == self.c_lastl.val() {
                self.cur.d.next = self.c_z3.val();
            }
        }
        if self.free.val() {
            self.tv.d.next = false;
        }
        if self.take_s.val() {
            self.tv.d.next = true;
            self.td.d.next = self.s_tdata.val();
            self.tk.d.next = self.s_tkeep.val();
            self.tl.d.next = self.s_tlast.val();
            self.tu.d.next = self.s_tuser.val();
            self.st.d.next = self.s_short.val();
            if self.s_tlast.val() {
                self.st.d.next = self.s_idle.val();
                self.rr.d.next = true;
            }
        }
        if self.take_f.val() {
            self.tv.d.next = true;
            if self.st.q.val() == self.s_idle.val() {
                self.td.d.next = self.desc.d0.val();
                self.tu.d.next = self.desc.u0.val();
                self.tk.d.next = self.c_f4.val();
                self.tl.d.next = false;
                self.left.d.next = self.pick.y.val().get_bits::<6>(46);
                self.st.d.next = self.s_data.val();
                self.rr.d.next = false;
            } else {
                self.td.d.next = self.pick.y.val().get_bits::<128>(0);
                self.tu.d.next = self.par.u.val();
                self.tk.d.next = self.c_f4.val();
                if self.left.q.val() == self.c_three6.val() {
                    self.tk.d.next = self.c_k7.val();
                }
                if self.left.q.val() == self.c_two6.val() {
                    self.tk.d.next = self.c_k3.val();
                }
                if self.left.q.val() == self.c_one6.val() {
                    self.tk.d.next = self.c_k1.val();
                }
                self.tl.d.next = self.pick.y.val().get_bit(128);
                self.left.d.next = self.left.q.val() - self.c_four6.val();
                if self.pick.y.val().get_bit(128) {
                    // the write is over: the next link's turn
                    self.st.d.next = self.s_idle.val();
                    self.cur.d.next = self.cur.q.val() + self.c_one3.val();
                    if self.cur.q.val() == self.c_lastl.val() {
                        self.cur.d.next = self.c_z3.val();
                    }
                }
            }
        }
        self.rq.tdata.next = self.td.q.val();
        self.rq.tkeep.next = self.tk.q.val();
        self.rq.tlast.next = self.tl.q.val();
        self.rq.tuser.next = self.tu.q.val();
        self.rq.tvalid.next = self.tv.q.val();
        if self.reset.val() {
            self.st.d.next = self.s_idle.val();
            self.tv.d.next = false;
            self.rr.d.next = false;
            self.cur.d.next = self.c_z3.val();
        }
    }
}

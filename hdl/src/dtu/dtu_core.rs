//! The DTU's core (spec §2-§4): the CU's 64-bit MMIO port, the command registers, the endpoint
//! table (`NUM_EPS` x 3 words) and the header table (`NUM_HDRS` x 3 words) in block RAM, and
//! the command unit. One FSM owns both tables, so every read-modify-write of an endpoint or a
//! header entry (a command's, an MMIO access) is atomic against the others (DTU-R084).
//!
//! MMIO (`bus`, the project's register-bus protocol at 64 bits): a one-cycle `write` or `read`
//! strobe with `addr` (offset in the DTU's region, `nicgen_wire::dtu`'s map) and `wdata`; one
//! `ready` pulse answers, with `rdata` for a read, `err` for an unaligned or unmapped offset
//! (nothing written, 0 read). The register file answers two cycles after the strobe (three for
//! an endpoint or header word, which come from RAM), or after the table operation under way.
//! EXT_CMD, EVENTS and ABORT are plain storage (DTU-A21). While a command runs, writes of
//! COMMAND, DATA and ARG1 are answered and ignored (DTU-A25).
//!
//! Commands (a COMMAND write with op != 0; completion writes COMMAND <- 0, or only the error
//! code, DTU-A06): FETCH (Alg. 6; OFFSET returned in ARG1, DTU-A03) and ACK_MSG (Alg. 7, with
//! the argument checks of DTU-A15), each in 4 cycles from the COMMAND write's strobe to
//! COMMAND reading 0 (5 for ACK_MSG, which also rewrites a header entry). An endpoint id past
//! the table ends with INV_EP, an unknown opcode with INV_ARGS (DTU-A26). The commands that
//! move data (SEND, REPLY, READ, WRITE) join with the DTU's memory and NoC ports; until then
//! this core ends them with INV_ARGS like an unknown opcode.

use crate::common::prim::k;
use crate::common::ram::BlockRam;
use nicgen_wire::dtu as w;
use rust_hdl::prelude::*;

/// Address bits of an endpoint index and of a header-table index.
pub const EPB: usize = 4;
pub const HDB: usize = 5;
const _: () = assert!(1 << EPB == w::NUM_EPS && 1 << HDB == w::NUM_HDRS);
const AB: usize = w::MMIO_BITS;

/// The CU's MMIO port, DTU side (64-bit register bus).
#[derive(Clone, Debug, Default, LogicInterface)]
#[join = "DtuBusMaster"]
pub struct DtuBusSlave {
    pub addr: Signal<In, Bits<AB>>,
    pub wdata: Signal<In, Bits<64>>,
    pub write: Signal<In, Bit>,
    pub read: Signal<In, Bit>,
    pub rdata: Signal<Out, Bits<64>>,
    pub ready: Signal<Out, Bit>,
    pub err: Signal<Out, Bit>,
}

/// The CU's MMIO port, CU side.
#[derive(Clone, Debug, Default, LogicInterface)]
#[join = "DtuBusSlave"]
pub struct DtuBusMaster {
    pub addr: Signal<Out, Bits<AB>>,
    pub wdata: Signal<Out, Bits<64>>,
    pub write: Signal<Out, Bit>,
    pub read: Signal<Out, Bit>,
    pub rdata: Signal<In, Bits<64>>,
    pub ready: Signal<In, Bit>,
    pub err: Signal<In, Bit>,
}

// FSM states
const S_IDLE: u64 = 0;
/// An MMIO read of a table word: the RAM answers.
const S_MRD: u64 = 1;
/// A command's endpoint is being read.
const S_CRD: u64 = 2;
/// The endpoint's words are latched.
const S_CLATCH: u64 = 3;
/// ACK_MSG's header word 2 is read.
const S_CHD: u64 = 4;
/// After reset: every table word is written 0 (DTU-A24), one entry per cycle.
const S_CLR: u64 = 5;

#[derive(LogicBlock)]
pub struct DtuCore {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub bus: DtuBusSlave,
    /// The command registers and DtuRegs.
    command: DFF<Bits<64>>,
    data: DFF<Bits<64>>,
    arg1: DFF<Bits<64>>,
    ext_cmd: DFF<Bits<64>>,
    events: DFF<Bits<64>>,
    abort: DFF<Bits<64>>,
    /// A command was started and has not ended.
    busy: DFF<Bit>,
    state: DFF<Bits<3>>,
    /// The MMIO access waiting to be served.
    m_pend: DFF<Bit>,
    m_write: DFF<Bit>,
    m_addr: DFF<Bits<AB>>,
    m_wdata: DFF<Bits<64>>,
    /// The answer.
    r_ready: DFF<Bit>,
    r_err: DFF<Bit>,
    r_rdata: DFF<Bits<64>>,
    /// The command's endpoint, latched.
    e0: DFF<Bits<64>>,
    e1: DFF<Bits<64>>,
    e2: DFF<Bits<64>>,
    /// ACK_MSG: the header entry to clear (index, inside the table).
    hd_k: DFF<Bits<HDB>>,
    hd_in: DFF<Bit>,
    /// The entry S_CLR writes.
    clr: DFF<Bits<HDB>>,
    ep_ram: [BlockRam<Bits<64>, EPB>; 3],
    hd_ram: [BlockRam<Bits<64>, HDB>; 3],
    // ---- MMIO decode ----
    m_aligned: Signal<Local, Bit>,
    m_cmdreg: Signal<Local, Bit>,
    m_ep: Signal<Local, Bit>,
    m_hd: Signal<Local, Bit>,
    m_q: Signal<Local, Bits<AB>>,
    m_idx: Signal<Local, Bits<HDB>>,
    m_word: Signal<Local, Bits<2>>,
    m_word_q: DFF<Bits<2>>,
    m_hd_q: DFF<Bit>,
    // ---- command decode and datapath ----
    op: Signal<Local, Bits<4>>,
    ep_oob: Signal<Local, Bit>,
    arg0: Signal<Local, Bits<64>>,
    is_recv: Signal<Local, Bit>,
    slots: Signal<Local, Bits<64>>,
    nmask: Signal<Local, Bits<64>>,
    nm1: Signal<Local, Bits<64>>,
    ss: Signal<Local, Bits<64>>,
    unread: Signal<Local, Bits<64>>,
    upper: Signal<Local, Bits<64>>,
    ge_rpos: Signal<Local, Bits<64>>,
    f_found: Signal<Local, Bit>,
    f_idx: Signal<Local, Bits<64>>,
    f_found_hi: Signal<Local, Bit>,
    f_idx_hi: Signal<Local, Bits<64>>,
    a_off: Signal<Local, Bits<64>>,
    a_idx: Signal<Local, Bits<64>>,
    a_ok: Signal<Local, Bit>,
    idx: Signal<Local, Bits<64>>,
    occ_bit: Signal<Local, Bits<64>>,
    unr_bit: Signal<Local, Bits<64>>,
    msgs_dec: Signal<Local, Bits<64>>,
    hd_sum: Signal<Local, Bits<64>>,
    done: Signal<Local, Bit>,
    result: Signal<Local, Bits<64>>,
    c_s_idle: Constant<Bits<3>>,
    c_s_mrd: Constant<Bits<3>>,
    c_s_crd: Constant<Bits<3>>,
    c_s_clatch: Constant<Bits<3>>,
    c_s_chd: Constant<Bits<3>>,
    c_s_clr: Constant<Bits<3>>,
    c_op_fetch: Constant<Bits<4>>,
    c_op_ack: Constant<Bits<4>>,
    c_op_idle: Constant<Bits<4>>,
    c_t_recv: Constant<Bits<64>>,
    c_zero64: Constant<Bits<64>>,
    c_one64: Constant<Bits<64>>,
    c_ones64: Constant<Bits<64>>,
    c_err_invep: Constant<Bits<64>>,
    c_err_invargs: Constant<Bits<64>>,
    c_cmd_end: Constant<Bits<AB>>,
    c_ep_base: Constant<Bits<AB>>,
    c_hd_base: Constant<Bits<AB>>,
    c_mmio_end: Constant<Bits<AB>>,
    c_seven: Constant<Bits<AB>>,
    c_zero_ab: Constant<Bits<AB>>,
    c_three_ab: Constant<Bits<AB>>,
    /// 3(i + 1) and i + 1: the entries after the first.
    c_3i: [Constant<Bits<AB>>; 31],
    c_i5p1: [Constant<Bits<HDB>>; 31],
    c_hd0: Constant<Bits<HDB>>,
    c_hd1: Constant<Bits<HDB>>,
    c_hd_last: Constant<Bits<HDB>>,
    c_creg: [Constant<Bits<AB>>; 6],
    c_w2: [Constant<Bits<2>>; 3],
    c_zero4: Constant<Bits<4>>,
    c_max_slots: Constant<Bits<64>>,
    c_slots: [Constant<Bits<64>>; 6],
    c_3i1: [Constant<Bits<AB>>; 32],
    c_3i2: [Constant<Bits<AB>>; 32],
    c_nmask: [Constant<Bits<64>>; 6],
    c_nm1: [Constant<Bits<64>>; 6],
    c_idx64_down: [Constant<Bits<64>>; 32],
    c_bit64_down: [Constant<Bits<64>>; 32],
    c_ge: [Constant<Bits<64>>; 32],
    c_rpos: [Constant<Bits<64>>; 32],
    c_sh_t: Constant<Bits<64>>,
    c_sh_unread: Constant<Bits<64>>,
    c_sh_rpos: Constant<Bits<64>>,
    c_sh_ss: Constant<Bits<64>>,
    c_sh_slots: Constant<Bits<64>>,
    c_sh_hdr: Constant<Bits<64>>,
    c_sh_arg0: Constant<Bits<64>>,
    c_m16: Constant<Bits<64>>,
    c_m6: Constant<Bits<64>>,
    c_m20: Constant<Bits<64>>,
    c_msgs: Constant<Bits<64>>,
    c_rpos_mask: Constant<Bits<64>>,
    c_flags: Constant<Bits<64>>,
    c_num_hdrs: Constant<Bits<64>>,
}

impl Default for DtuCore {
    fn default() -> Self {
        use w::recv_ep as r;
        Self {
            clock: Default::default(),
            reset: Default::default(),
            bus: Default::default(),
            command: Default::default(),
            data: Default::default(),
            arg1: Default::default(),
            ext_cmd: Default::default(),
            events: Default::default(),
            abort: Default::default(),
            busy: Default::default(),
            state: Default::default(),
            m_pend: Default::default(),
            m_write: Default::default(),
            m_addr: Default::default(),
            m_wdata: Default::default(),
            r_ready: Default::default(),
            r_err: Default::default(),
            r_rdata: Default::default(),
            e0: Default::default(),
            e1: Default::default(),
            e2: Default::default(),
            hd_k: Default::default(),
            hd_in: Default::default(),
            clr: Default::default(),
            ep_ram: Default::default(),
            hd_ram: Default::default(),
            m_aligned: Default::default(),
            m_cmdreg: Default::default(),
            m_ep: Default::default(),
            m_hd: Default::default(),
            m_q: Default::default(),
            m_idx: Default::default(),
            m_word: Default::default(),
            m_word_q: Default::default(),
            m_hd_q: Default::default(),
            op: Default::default(),
            ep_oob: Default::default(),
            arg0: Default::default(),
            is_recv: Default::default(),
            slots: Default::default(),
            nmask: Default::default(),
            nm1: Default::default(),
            ss: Default::default(),
            unread: Default::default(),
            upper: Default::default(),
            ge_rpos: Default::default(),
            f_found: Default::default(),
            f_idx: Default::default(),
            f_found_hi: Default::default(),
            f_idx_hi: Default::default(),
            a_off: Default::default(),
            a_idx: Default::default(),
            a_ok: Default::default(),
            idx: Default::default(),
            occ_bit: Default::default(),
            unr_bit: Default::default(),
            msgs_dec: Default::default(),
            hd_sum: Default::default(),
            done: Default::default(),
            result: Default::default(),
            c_s_idle: k(S_IDLE),
            c_s_mrd: k(S_MRD),
            c_s_crd: k(S_CRD),
            c_s_clatch: k(S_CLATCH),
            c_s_chd: k(S_CHD),
            c_s_clr: k(S_CLR),
            c_op_fetch: k(w::Op::Fetch as u64),
            c_op_ack: k(w::Op::AckMsg as u64),
            c_op_idle: k(w::Op::Idle as u64),
            c_t_recv: k(w::EpType::Receive as u64),
            c_zero64: k(0),
            c_one64: k(1),
            c_ones64: k(u64::MAX),
            c_err_invep: k(w::command::ERR.set(0, w::Error::InvEp as u64)),
            c_err_invargs: k(w::command::ERR.set(0, w::Error::InvArgs as u64)),
            c_cmd_end: k(w::EP_BASE),
            c_ep_base: k(w::EP_BASE),
            c_hd_base: k(w::HD_BASE),
            c_mmio_end: k(w::MMIO_END),
            c_seven: k(7),
            c_zero_ab: k(0),
            c_three_ab: k(3),
            c_3i: std::array::from_fn(|i| k(3 * (i as u64 + 1))),
            c_i5p1: std::array::from_fn(|i| k(i as u64 + 1)),
            c_hd0: k(0),
            c_hd1: k(1),
            c_hd_last: k(w::NUM_HDRS as u64 - 1),
            c_creg: std::array::from_fn(|i| k(8 * i as u64)),
            c_w2: std::array::from_fn(|i| k(i as u64)),
            c_zero4: k(0),
            c_max_slots: k(r::MAX_SLOTS_LOG2),
            c_slots: std::array::from_fn(|i| k(i as u64)),
            c_3i1: std::array::from_fn(|i| k(3 * i as u64 + 1)),
            c_3i2: std::array::from_fn(|i| k(3 * i as u64 + 2)),
            c_nmask: std::array::from_fn(|i| k(((1u128 << (1 << i)) - 1) as u64)),
            c_nm1: std::array::from_fn(|i| k((1 << i) - 1)),
            c_idx64_down: std::array::from_fn(|i| k(31 - i as u64)),
            c_bit64_down: std::array::from_fn(|i| k(1 << (31 - i))),
            c_ge: std::array::from_fn(|i| k(0xFFFF_FFFFu64 & !((1u64 << i) - 1))),
            c_rpos: std::array::from_fn(|i| k(i as u64)),
            c_sh_t: k(w::EP_T.lsb as u64),
            c_sh_unread: k(r::UNREAD.lsb as u64),
            c_sh_rpos: k(r::RPOS.lsb as u64),
            c_sh_ss: k(r::SLOT_SIZE.lsb as u64),
            c_sh_slots: k(r::SLOTS.lsb as u64),
            c_sh_hdr: k(r::HEADER.lsb as u64),
            c_sh_arg0: k(w::command::ARG0.lsb as u64),
            c_m16: k(0xFFFF),
            c_m6: k(0x3F),
            c_m20: k(r::HEADER.max()),
            c_msgs: k(r::MSGS.mask()),
            c_rpos_mask: k(r::RPOS.mask()),
            c_flags: k(w::header::FLAGS.mask()),
            c_num_hdrs: k(w::NUM_HDRS as u64),
        }
    }
}

impl Logic for DtuCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, command, data, arg1, ext_cmd, events, abort, busy, state, m_pend, m_write,
            m_addr, m_wdata, r_ready, r_err, r_rdata, e0, e1, e2, hd_k, hd_in, clr, m_word_q,
            m_hd_q
        );
        for j in 0..3 {
            self.ep_ram[j].read_clock.next = self.clock.val();
            self.ep_ram[j].write_clock.next = self.clock.val();
            self.ep_ram[j].write_enable.next = false;
            self.ep_ram[j].write_data.next = self.m_wdata.q.val();
            self.hd_ram[j].read_clock.next = self.clock.val();
            self.hd_ram[j].write_clock.next = self.clock.val();
            self.hd_ram[j].write_enable.next = false;
            self.hd_ram[j].write_data.next = self.m_wdata.q.val();
        }
        self.bus.ready.next = self.r_ready.q.val();
        self.bus.err.next = self.r_err.q.val();
        self.bus.rdata.next = self.r_rdata.q.val();
        self.r_ready.d.next = false;
        self.r_err.d.next = false;
        self.r_rdata.d.next = self.c_zero64.val();

        // ---- the MMIO request waits in registers until the FSM serves it ----
        if self.bus.write.val() || self.bus.read.val() {
            self.m_pend.d.next = true;
            self.m_write.d.next = self.bus.write.val();
            self.m_addr.d.next = self.bus.addr.val();
            self.m_wdata.d.next = self.bus.wdata.val();
        }
        // decode: command registers below EP_BASE, endpoint words, header words; with q the
        // word's offset / 8 in its table, the entry is the last multiple of 3 not above q and
        // the word q minus it
        self.m_aligned.next = (self.m_addr.q.val() & self.c_seven.val()) == self.c_zero_ab.val();
        self.m_cmdreg.next = self.m_addr.q.val() < self.c_cmd_end.val();
        self.m_ep.next = (self.m_addr.q.val() >= self.c_ep_base.val())
            && (self.m_addr.q.val() < self.c_hd_base.val());
        self.m_hd.next = (self.m_addr.q.val() >= self.c_hd_base.val())
            && (self.m_addr.q.val() < self.c_mmio_end.val());
        self.m_q.next = (self.m_addr.q.val() - self.c_ep_base.val()) >> self.c_three_ab.val();
        if self.m_hd.val() {
            self.m_q.next = (self.m_addr.q.val() - self.c_hd_base.val()) >> self.c_three_ab.val();
        }
        self.m_idx.next = self.c_hd0.val();
        self.m_word.next = self.c_w2[0].val();
        for i in 0..31 {
            if self.m_q.val() >= self.c_3i[i].val() {
                self.m_idx.next = self.c_i5p1[i].val();
            }
        }
        for i in 0..32 {
            if self.m_q.val() == self.c_3i1[i].val() {
                self.m_word.next = self.c_w2[1].val();
            }
            if self.m_q.val() == self.c_3i2[i].val() {
                self.m_word.next = self.c_w2[2].val();
            }
        }
        for j in 0..3 {
            self.ep_ram[j].read_address.next = self.m_idx.val().get_bits::<EPB>(0);
            self.ep_ram[j].write_address.next = self.m_idx.val().get_bits::<EPB>(0);
            self.hd_ram[j].read_address.next = self.m_idx.val();
            self.hd_ram[j].write_address.next = self.m_idx.val();
        }

        // ---- command decode ----
        self.op.next = self.command.q.val().get_bits::<4>(0);
        self.ep_oob.next = self.command.q.val().get_bits::<4>(8) != self.c_zero4.val();
        self.arg0.next = self.command.q.val() >> self.c_sh_arg0.val();
        self.is_recv.next = (self.e2.q.val() >> self.c_sh_t.val()) == self.c_t_recv.val();
        // DTU-A14: at most 2^5 slots
        self.slots.next = (self.e2.q.val() >> self.c_sh_slots.val()) & self.c_m6.val();
        if self.slots.val() > self.c_max_slots.val() {
            self.slots.next = self.c_max_slots.val();
        }
        self.nmask.next = self.c_nmask[0].val();
        self.nm1.next = self.c_nm1[0].val();
        for i in 0..6 {
            if self.slots.val() == self.c_slots[i].val() {
                self.nmask.next = self.c_nmask[i].val();
                self.nm1.next = self.c_nm1[i].val();
            }
        }
        self.ss.next = (self.e2.q.val() >> self.c_sh_ss.val()) & self.c_m16.val();
        // FETCH: the first unread slot at or after rpos, else the first unread (DTU-A13; rpos
        // modulo the slot count, as software may have written any value)
        self.unread.next = (self.e0.q.val() >> self.c_sh_unread.val()) & self.nmask.val();
        self.ge_rpos.next = self.c_zero64.val();
        for i in 0..32 {
            if ((self.e2.q.val() >> self.c_sh_rpos.val()) & self.nm1.val()) == self.c_rpos[i].val()
            {
                self.ge_rpos.next = self.c_ge[i].val();
            }
        }
        self.upper.next = self.unread.val() & self.ge_rpos.val();
        self.f_found.next = false;
        self.f_idx.next = self.c_zero64.val();
        self.f_found_hi.next = false;
        self.f_idx_hi.next = self.c_zero64.val();
        // from bit 31 down, so the lowest set bit is assigned last
        for i in 0..32 {
            if (self.unread.val() & self.c_bit64_down[i].val()) != self.c_zero64.val() {
                self.f_found.next = true;
                self.f_idx.next = self.c_idx64_down[i].val();
            }
            if (self.upper.val() & self.c_bit64_down[i].val()) != self.c_zero64.val() {
                self.f_found_hi.next = true;
                self.f_idx_hi.next = self.c_idx64_down[i].val();
            }
        }
        // ACK_MSG: the slot of message address arg0 (DTU-A15: inside the buffer, at a slot's
        // start, below the slot count)
        self.a_off.next = self.arg0.val() - self.e1.q.val();
        self.a_idx.next = self.a_off.val() >> self.ss.val();
        self.a_ok.next = (self.arg0.val() >= self.e1.q.val())
            && ((self.a_off.val() & !(self.c_ones64.val() << self.ss.val()))
                == self.c_zero64.val())
            && ((self.a_idx.val() & !self.nm1.val()) == self.c_zero64.val());
        self.idx.next = self.a_idx.val();
        if self.op.val() == self.c_op_fetch.val() {
            self.idx.next = self.f_idx.val();
            if self.f_found_hi.val() {
                self.idx.next = self.f_idx_hi.val();
            }
        }
        self.occ_bit.next = self.c_one64.val() << self.idx.val();
        self.unr_bit.next = self.occ_bit.val() << self.c_sh_unread.val();
        self.msgs_dec.next = (self.e2.q.val() & !self.c_msgs.val())
            | ((self.e2.q.val() - self.c_one64.val()) & self.c_msgs.val());
        self.hd_sum.next =
            ((self.e2.q.val() >> self.c_sh_hdr.val()) & self.c_m20.val()) + self.idx.val();

        // ---- FSM ----
        self.done.next = false;
        self.result.next = self.c_zero64.val();
        if self.state.q.val() == self.c_s_idle.val() {
            if self.m_pend.q.val() {
                self.m_pend.d.next = false;
                self.m_word_q.d.next = self.m_word.val();
                self.m_hd_q.d.next = self.m_hd.val();
                if !self.m_aligned.val()
                    || !(self.m_cmdreg.val() || self.m_ep.val() || self.m_hd.val())
                {
                    self.r_ready.d.next = true;
                    self.r_err.d.next = true;
                } else if self.m_cmdreg.val() {
                    self.r_ready.d.next = true;
                    if self.m_write.q.val() {
                        if self.m_addr.q.val() == self.c_creg[0].val() {
                            self.ext_cmd.d.next = self.m_wdata.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[1].val() {
                            self.events.d.next = self.m_wdata.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[3].val() {
                            self.abort.d.next = self.m_wdata.q.val();
                        }
                        // DTU-A25: ignored while a command runs
                        if !self.busy.q.val() {
                            if self.m_addr.q.val() == self.c_creg[2].val() {
                                self.command.d.next = self.m_wdata.q.val();
                                self.busy.d.next =
                                    self.m_wdata.q.val().get_bits::<4>(0) != self.c_op_idle.val();
                            }
                            if self.m_addr.q.val() == self.c_creg[4].val() {
                                self.data.d.next = self.m_wdata.q.val();
                            }
                            if self.m_addr.q.val() == self.c_creg[5].val() {
                                self.arg1.d.next = self.m_wdata.q.val();
                            }
                        }
                    } else {
                        if self.m_addr.q.val() == self.c_creg[0].val() {
                            self.r_rdata.d.next = self.ext_cmd.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[1].val() {
                            self.r_rdata.d.next = self.events.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[2].val() {
                            self.r_rdata.d.next = self.command.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[3].val() {
                            self.r_rdata.d.next = self.abort.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[4].val() {
                            self.r_rdata.d.next = self.data.q.val();
                        }
                        if self.m_addr.q.val() == self.c_creg[5].val() {
                            self.r_rdata.d.next = self.arg1.q.val();
                        }
                    }
                } else if self.m_write.q.val() {
                    // a table word: written now, or read from RAM next cycle
                    self.r_ready.d.next = true;
                    for j in 0..3 {
                        if self.m_word.val() == self.c_w2[j].val() {
                            self.ep_ram[j].write_enable.next = self.m_ep.val();
                            self.hd_ram[j].write_enable.next = self.m_hd.val();
                        }
                    }
                } else {
                    self.state.d.next = self.c_s_mrd.val();
                }
            } else if self.busy.q.val() {
                // the command's endpoint (only its low index bits address the table)
                for j in 0..3 {
                    self.ep_ram[j].read_address.next = self.command.q.val().get_bits::<EPB>(4);
                }
                self.state.d.next = self.c_s_crd.val();
            }
        }
        if self.state.q.val() == self.c_s_mrd.val() {
            self.r_ready.d.next = true;
            for j in 0..3 {
                if self.m_word_q.q.val() == self.c_w2[j].val() {
                    self.r_rdata.d.next = self.ep_ram[j].read_data.val();
                    if self.m_hd_q.q.val() {
                        self.r_rdata.d.next = self.hd_ram[j].read_data.val();
                    }
                }
            }
            self.state.d.next = self.c_s_idle.val();
        }
        if self.state.q.val() == self.c_s_crd.val() {
            self.e0.d.next = self.ep_ram[0].read_data.val();
            self.e1.d.next = self.ep_ram[1].read_data.val();
            self.e2.d.next = self.ep_ram[2].read_data.val();
            self.state.d.next = self.c_s_clatch.val();
        }
        if self.state.q.val() == self.c_s_clatch.val() {
            // checks in the algorithms' order; write-back of word 0 and word 2
            for j in 0..3 {
                self.ep_ram[j].write_address.next = self.command.q.val().get_bits::<EPB>(4);
            }
            self.ep_ram[0].write_data.next = self.e0.q.val();
            self.ep_ram[2].write_data.next = self.e2.q.val();
            self.done.next = true;
            // DTU-A26: an unknown opcode has no endpoint to check
            if self.op.val() > self.c_op_ack.val() {
                self.result.next = self.c_err_invargs.val();
            } else if self.ep_oob.val() {
                self.result.next = self.c_err_invep.val();
            } else if (self.op.val() != self.c_op_fetch.val())
                && (self.op.val() != self.c_op_ack.val())
            {
                self.result.next = self.c_err_invargs.val();
            } else if !self.is_recv.val() {
                self.result.next = self.c_err_invep.val();
            } else if self.op.val() == self.c_op_fetch.val() {
                // DTU-A20: msgs != 0 without an unread slot acts as msgs = 0
                if ((self.e2.q.val() & self.c_msgs.val()) == self.c_zero64.val())
                    || !self.f_found.val()
                {
                    self.arg1.d.next = self.c_zero64.val();
                } else {
                    self.ep_ram[0].write_data.next = self.e0.q.val() & !self.unr_bit.val();
                    self.ep_ram[2].write_data.next = (self.msgs_dec.val()
                        & !self.c_rpos_mask.val())
                        | (((self.idx.val() + self.c_one64.val()) & self.nm1.val())
                            << self.c_sh_rpos.val());
                    self.ep_ram[0].write_enable.next = true;
                    self.ep_ram[2].write_enable.next = true;
                    self.arg1.d.next = self.e1.q.val() + (self.idx.val() << self.ss.val());
                }
            } else if !self.a_ok.val() {
                self.result.next = self.c_err_invargs.val();
            } else {
                // ACK_MSG: free the slot, count an unread message as gone, then clear the
                // header entry's flags (DTU-A34: only an entry inside the table)
                self.ep_ram[0].write_data.next =
                    self.e0.q.val() & !self.occ_bit.val() & !self.unr_bit.val();
                if (self.e0.q.val() & self.unr_bit.val()) != self.c_zero64.val() {
                    self.ep_ram[2].write_data.next = self.msgs_dec.val();
                }
                self.ep_ram[0].write_enable.next = true;
                self.ep_ram[2].write_enable.next = true;
                self.hd_k.d.next = self.hd_sum.val().get_bits::<HDB>(0);
                self.hd_in.d.next = self.hd_sum.val() < self.c_num_hdrs.val();
                for j in 0..3 {
                    self.hd_ram[j].read_address.next = self.hd_sum.val().get_bits::<HDB>(0);
                }
                self.done.next = false;
                self.state.d.next = self.c_s_chd.val();
            }
            if self.done.val() {
                self.state.d.next = self.c_s_idle.val();
            }
        }
        if self.state.q.val() == self.c_s_chd.val() {
            for j in 0..3 {
                self.hd_ram[j].write_address.next = self.hd_k.q.val();
            }
            self.hd_ram[2].write_data.next = self.hd_ram[2].read_data.val() & !self.c_flags.val();
            self.hd_ram[2].write_enable.next = self.hd_in.q.val();
            self.done.next = true;
            self.state.d.next = self.c_s_idle.val();
        }
        if self.state.q.val() == self.c_s_clr.val() {
            for j in 0..3 {
                self.ep_ram[j].write_address.next = self.clr.q.val().get_bits::<EPB>(0);
                self.ep_ram[j].write_data.next = self.c_zero64.val();
                self.ep_ram[j].write_enable.next = true;
                self.hd_ram[j].write_address.next = self.clr.q.val();
                self.hd_ram[j].write_data.next = self.c_zero64.val();
                self.hd_ram[j].write_enable.next = true;
            }
            self.clr.d.next = self.clr.q.val() + self.c_hd1.val();
            if self.clr.q.val() == self.c_hd_last.val() {
                self.state.d.next = self.c_s_idle.val();
            }
        }
        if self.done.val() {
            self.command.d.next = self.result.val();
            self.busy.d.next = false;
        }

        if self.reset.val() {
            // DTU-A24: command registers 0, nothing pending, then every table word 0 (an MMIO
            // access waits until the tables are clear)
            self.command.d.next = self.c_zero64.val();
            self.data.d.next = self.c_zero64.val();
            self.arg1.d.next = self.c_zero64.val();
            self.ext_cmd.d.next = self.c_zero64.val();
            self.events.d.next = self.c_zero64.val();
            self.abort.d.next = self.c_zero64.val();
            self.busy.d.next = false;
            self.state.d.next = self.c_s_clr.val();
            self.clr.d.next = self.c_hd0.val();
            self.m_pend.d.next = false;
            self.r_ready.d.next = false;
        }
    }
}

//! The DTU's core (spec §2-§4): the CU's 64-bit MMIO port, the command registers, the endpoint
//! table (`NUM_EPS` x 3 words) and the header table (`NUM_HDRS` x 3 words) in block RAM, and
//! the decisions of every command and of message reception. One FSM owns both tables, so every
//! read-modify-write of an endpoint or a header entry (a command's, a reception's, an MMIO
//! access) is atomic against the others (DTU-R084). The data moves in `CmdEngine` (a
//! command's packet and its response) and `RcvEngine` (received packets); the core hands the
//! first a job and answers the second's slot allocation and commit.
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
//! code, DTU-A06), checks in the algorithms' order, the first failing one reported, nothing
//! changed on an error (DTU-R039, R042):
//! - READ / WRITE (Alg. 1, 2): MEMORY, permission (DTU-A29), the whole access inside the region
//!   without wrapping (DTU-A01); size 0 ends at once (DTU-A30); else a RD_REQ / WR_REQ job.
//! - SEND (Alg. 3): SEND, credits (UNLIMITED = 0xFFFF, DTU-A07), 24 + size <= max_msg_size
//!   (DTU-A12, A36); credits taken, then a MSG job with the header of l. 9-15 (rep = arg0's low
//!   byte, DTU-A17).
//! - REPLY (Alg. 5): RECEIVE, arg0 a slot's start (DTU-A15), the header entry inside the table
//!   (DTU-A34) and REPLY_ENABLED; the entry's flags cleared, then a MSG job to (spe, rep).
//! - FETCH (Alg. 6; OFFSET in ARG1, DTU-A03, A13, A20) and ACK_MSG (Alg. 7, DTU-A15, A34) here.
//! An endpoint id past the table ends with INV_EP, an unknown opcode with INV_ARGS (DTU-A26).
//! Latency: a COMMAND write that starts a command while the FSM is idle is served as its strobe
//! is taken (answered a cycle later) and its endpoint read at once; SEND, READ and WRITE are
//! decided as the endpoint's words arrive (their job leaves a cycle later), FETCH and ACK_MSG
//! a cycle after that on the registered slot search (COMMAND reads 0 three and four cycles
//! after the strobe), REPLY after its header entry is read; a job's command ends in the cycle
//! its response is taken. One table operation runs at a time.
//!
//! Reception (Alg. 4) in two steps around the slot write, so the CU never fetches a message
//! before its bytes are in memory: allocation, asked with the message's head (RECEIVE, 24 +
//! the head's size fits the slot and 64 KB (DTU-A12), a free slot from wpos (DTU-A13);
//! occupied and wpos written), and commit, asked as the slot's last write is answered and
//! taken as the endpoint is read (unread, msgs, the header entry if inside the table
//! (DTU-A34), then GRANT_CREDITS to header.rep, whose endpoint is read at once, if it is a
//! SEND endpoint that is not UNLIMITED, saturating at max_crd (DTU-A08, A09, A10), also for a
//! dropped message (DTU-A11)); the ACK leaves with the commit's answer.

use super::cmd_engine::LA;
use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::regbank::{RegBusMasterD, RegBusSlaveD};
use crate::common::widen::Widen;
use crate::BlockDefault;
use nicgen_wire::dtu::{self as w, header as hd, mem_ep as m_, noc, recv_ep as r, send_ep as s_};
use rust_hdl::prelude::*;

/// Address bits of an endpoint index and of a header-table index.
pub const EPB: usize = 4;
pub const HDB: usize = 5;
const _: () = assert!(1 << EPB == w::NUM_EPS && 1 << HDB == w::NUM_HDRS);
const AB: usize = w::MMIO_BITS;
// the literal bit offsets of `get_bits` in the kernel (rust-hdl takes literals only)
const _: () = assert!(
    w::command::OP.lsb == 0
        && w::command::EP.lsb == 4
        && s_::PE.lsb == 40
        && s_::EP.lsb == 32
        && m_::PE.lsb == 4
        && hd::SPE.lsb == 8
        && hd::REP.lsb == 24
        && w::data::ADDR.lsb == 0
        && w::data::SIZE.lsb == 48
);

/// The CU's MMIO port, DTU side: the project's register bus at 64 bits.
pub type DtuBusSlave = RegBusSlaveD<AB, 64>;
/// The CU's MMIO port, CU side.
pub type DtuBusMaster = RegBusMasterD<AB, 64>;

// FSM states
const S_IDLE: u64 = 0;
/// An MMIO read of a table word: the RAM answers.
const S_MRD: u64 = 1;
/// A command's checks and effects.
const S_CMD: u64 = 3;
/// ACK_MSG's header word 2 is read: clear its flags.
const S_ACKHD: u64 = 4;
/// After reset: every table word is written 0 (DTU-A24), one entry per cycle.
const S_CLR: u64 = 5;
/// REPLY's header entry is read.
const S_RPHD: u64 = 6;
/// Reception: slot allocation.
const S_ALLOC: u64 = 7;
/// Reception: commit (only as `after`: it is taken in S_PREP as the endpoint is read).
const S_COMMIT: u64 = 8;
/// Reception: GRANT_CREDITS to header.rep.
const S_GRANT: u64 = 9;
/// The endpoint's words arrive from the RAM: the slot search, the slot of arg0 and the bounds
/// checks are registered with them (a pipeline stage before the decision that uses them).
const S_PREP: u64 = 11;

#[derive(LogicBlock, BlockDefault)]
pub struct DtuCore {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// This PE's id (spe of the messages it sends).
    pub own_pe: Signal<In, Bits<8>>,
    pub bus: DtuBusSlave,
    /// A command runs (COMMAND's op is not 0): what a CU polls for, as a level.
    pub cmd_busy: Signal<Out, Bit>,
    /// A job for `CmdEngine` (one cycle), its fields, and its end.
    pub j_start: Signal<Out, Bit>,
    pub j_kind: Signal<Out, Bits<4>>,
    pub j_pe: Signal<Out, Bits<8>>,
    pub j_ep: Signal<Out, Bits<8>>,
    pub j_h0: Signal<Out, Bits<64>>,
    pub j_h1: Signal<Out, Bits<64>>,
    pub j_h2: Signal<Out, Bits<64>>,
    pub j_raddr: Signal<Out, Bits<64>>,
    pub j_laddr: Signal<Out, Bits<LA>>,
    pub j_size: Signal<Out, Bits<16>>,
    pub j_done: Signal<In, Bit>,
    /// The message `RcvEngine` receives (see its ports) and its requests; the answers.
    pub r_ep: Signal<In, Bits<8>>,
    pub r_h0: Signal<In, Bits<64>>,
    pub r_h1: Signal<In, Bits<64>>,
    pub r_h2: Signal<In, Bits<64>>,
    /// The message's payload size (its NoC head's).
    pub r_size: Signal<In, Bits<16>>,
    pub r_idx: Signal<In, Bits<6>>,
    pub r_ok: Signal<In, Bit>,
    pub r_a_req: Signal<In, Bit>,
    pub r_c_req: Signal<In, Bit>,
    pub a_ack: Signal<Out, Bit>,
    pub a_ok: Signal<Out, Bit>,
    pub a_dest: Signal<Out, Bits<LA>>,
    pub a_idx: Signal<Out, Bits<6>>,
    pub c_ack: Signal<Out, Bit>,
    /// The command registers and DtuRegs.
    command: DFF<Bits<64>>,
    data: DFF<Bits<64>>,
    arg1: DFF<Bits<64>>,
    ext_cmd: DFF<Bits<64>>,
    events: DFF<Bits<64>>,
    abort: DFF<Bits<64>>,
    /// A command was started and has not ended; its job is with `CmdEngine`.
    busy: DFF<Bit>,
    cmd_wait: DFF<Bit>,
    state: DFF<Bits<4>>,
    after: DFF<Bits<4>>,
    /// The MMIO access waiting to be served.
    m_pend: DFF<Bit>,
    m_write: DFF<Bit>,
    m_addr: DFF<Bits<AB>>,
    m_wdata: DFF<Bits<64>>,
    m_word_q: DFF<Bits<2>>,
    /// The decode of the pending request's address.
    d_aligned: DFF<Bit>,
    d_cmdreg: DFF<Bit>,
    d_ep: DFF<Bit>,
    d_hd: DFF<Bit>,
    d_idx: DFF<Bits<HDB>>,
    d_word: DFF<Bits<2>>,
    m_hd_q: DFF<Bit>,
    /// The answer.
    r_ready: DFF<Bit>,
    r_err: DFF<Bit>,
    r_rdata: DFF<Bits<64>>,
    /// The endpoint of the table operation under way, latched.
    wep: DFF<Bits<8>>,
    e0: DFF<Bits<64>>,
    e1: DFF<Bits<64>>,
    e2: DFF<Bits<64>>,
    /// The header entry of ACK_MSG / REPLY (index inside the table).
    hd_k: DFF<Bits<HDB>>,
    hd_in: DFF<Bit>,
    /// The entry S_CLR writes.
    clr: DFF<Bits<HDB>>,
    /// The job.
    js: DFF<Bit>,
    jk: DFF<Bits<4>>,
    jpe: DFF<Bits<8>>,
    jep: DFF<Bits<8>>,
    jh0: DFF<Bits<64>>,
    jh1: DFF<Bits<64>>,
    jh2: DFF<Bits<64>>,
    jra: DFF<Bits<64>>,
    /// S_PREP's results: the slot index, arg0 is a slot's start, a slot was found, READ/WRITE
    /// out of bounds, the message too large.
    ixr: DFF<Bits<6>>,
    fits_r: DFF<Bit>,
    found_r: DFF<Bit>,
    tl_r: DFF<Bit>,
    ix64: Widen<6, 64>,
    /// The answers to the receive engine.
    ack_a: DFF<Bit>,
    aok: DFF<Bit>,
    adest: DFF<Bits<64>>,
    aidx: DFF<Bits<6>>,
    ack_c: DFF<Bit>,
    ep_ram: [BlockRam<Bits<64>, EPB>; 3],
    hd_ram: [BlockRam<Bits<64>, HDB>; 3],
    own64: Widen<8, 64>,
    rs64: Widen<16, 64>,
    // ---- MMIO decode ----
    m_aligned: Signal<Local, Bit>,
    m_cmdreg: Signal<Local, Bit>,
    m_ep: Signal<Local, Bit>,
    m_hd: Signal<Local, Bit>,
    m_q: Signal<Local, Bits<AB>>,
    m_idx: Signal<Local, Bits<HDB>>,
    m_word: Signal<Local, Bits<2>>,
    /// A COMMAND write that starts a command as its strobe is taken.
    fast: Signal<Local, Bit>,
    /// A command's decision is taken this cycle.
    cmd_now: Signal<Local, Bit>,
    // ---- decisions ----
    v0: Signal<Local, Bits<64>>,
    v1: Signal<Local, Bits<64>>,
    v2: Signal<Local, Bits<64>>,
    op: Signal<Local, Bits<4>>,
    ep_oob: Signal<Local, Bit>,
    r_oob: Signal<Local, Bit>,
    arg0: Signal<Local, Bits<64>>,
    size64: Signal<Local, Bits<64>>,
    ty: Signal<Local, Bits<64>>,
    slots: Signal<Local, Bits<64>>,
    nmask: Signal<Local, Bits<64>>,
    nm1: Signal<Local, Bits<64>>,
    ss: Signal<Local, Bits<64>>,
    srch: Signal<Local, Bits<64>>,
    spos: Signal<Local, Bits<64>>,
    ge_pos: Signal<Local, Bits<64>>,
    upper: Signal<Local, Bits<64>>,
    f_found: Signal<Local, Bit>,
    f_idx: Signal<Local, Bits<6>>,
    f_found_hi: Signal<Local, Bit>,
    f_idx_hi: Signal<Local, Bits<6>>,
    a_off: Signal<Local, Bits<64>>,
    a_slot: Signal<Local, Bits<64>>,
    a_fits: Signal<Local, Bit>,
    idx: Signal<Local, Bits<6>>,
    occ_bit: Signal<Local, Bits<64>>,
    unr_bit: Signal<Local, Bits<64>>,
    msgs_dec: Signal<Local, Bits<64>>,
    msgs_inc: Signal<Local, Bits<64>>,
    hd_sum: Signal<Local, Bits<64>>,
    slot_addr: Signal<Local, Bits<64>>,
    mbytes: Signal<Local, Bits<64>>,
    too_large: Signal<Local, Bit>,
    g_cur: Signal<Local, Bits<64>>,
    g_max: Signal<Local, Bits<64>>,
    g_add: Signal<Local, Bits<64>>,
    g_sum: Signal<Local, Bits<64>>,
    g_lim: Signal<Local, Bits<64>>,
    g_new: Signal<Local, Bits<64>>,
    b_end: Signal<Local, Bits<64>>,
    b_remote: Signal<Local, Bits<64>>,
    b_rend: Signal<Local, Bits<64>>,
    b_bad: Signal<Local, Bit>,
    rw_bit: Signal<Local, Bits<64>>,
    cmd_ep64: Signal<Local, Bits<64>>,
    done: Signal<Local, Bit>,
    result: Signal<Local, Bits<64>>,
    #[init(k(S_IDLE))]
    c_s_idle: Constant<Bits<4>>,
    #[init(k(S_MRD))]
    c_s_mrd: Constant<Bits<4>>,
    #[init(k(S_PREP))]
    c_s_prep: Constant<Bits<4>>,
    #[init(k(S_CMD))]
    c_s_cmd: Constant<Bits<4>>,
    #[init(k(S_ACKHD))]
    c_s_ackhd: Constant<Bits<4>>,
    #[init(k(S_CLR))]
    c_s_clr: Constant<Bits<4>>,
    #[init(k(S_RPHD))]
    c_s_rphd: Constant<Bits<4>>,
    #[init(k(S_ALLOC))]
    c_s_alloc: Constant<Bits<4>>,
    #[init(k(S_COMMIT))]
    c_s_commit: Constant<Bits<4>>,
    #[init(k(S_GRANT))]
    c_s_grant: Constant<Bits<4>>,
    #[init(k(w::Op::Send as u64))]
    c_op_send: Constant<Bits<4>>,
    #[init(k(w::Op::Reply as u64))]
    c_op_reply: Constant<Bits<4>>,
    #[init(k(w::Op::Read as u64))]
    c_op_read: Constant<Bits<4>>,
    #[init(k(w::Op::Write as u64))]
    c_op_write: Constant<Bits<4>>,
    #[init(k(w::Op::Fetch as u64))]
    c_op_fetch: Constant<Bits<4>>,
    #[init(k(w::Op::AckMsg as u64))]
    c_op_ack: Constant<Bits<4>>,
    #[init(k(w::Op::Idle as u64))]
    c_op_idle: Constant<Bits<4>>,
    #[init(k(noc::Kind::Msg as u64))]
    c_k_msg: Constant<Bits<4>>,
    #[init(k(noc::Kind::RdReq as u64))]
    c_k_rd: Constant<Bits<4>>,
    #[init(k(noc::Kind::WrReq as u64))]
    c_k_wr: Constant<Bits<4>>,
    #[init(k(w::EpType::Send as u64))]
    c_t_send: Constant<Bits<64>>,
    #[init(k(w::EpType::Receive as u64))]
    c_t_recv: Constant<Bits<64>>,
    #[init(k(w::EpType::Memory as u64))]
    c_t_mem: Constant<Bits<64>>,
    #[init(k(0))]
    c_zero64: Constant<Bits<64>>,
    #[init(k(1))]
    c_one64: Constant<Bits<64>>,
    #[init(k(u64::MAX))]
    c_ones64: Constant<Bits<64>>,
    #[init(k(w::command::ERR.set(0, w::Error::InvEp as u64)))]
    c_err_invep: Constant<Bits<64>>,
    #[init(k(w::command::ERR.set(0, w::Error::NoPerm as u64)))]
    c_err_noperm: Constant<Bits<64>>,
    #[init(k(w::command::ERR.set(0, w::Error::InvArgs as u64)))]
    c_err_invargs: Constant<Bits<64>>,
    #[init(k(w::command::ERR.set(0, w::Error::NoCredits as u64)))]
    c_err_nocrd: Constant<Bits<64>>,
    #[init(k(w::EP_BASE))]
    c_cmd_end: Constant<Bits<AB>>,
    #[init(k(w::EP_BASE))]
    c_ep_base: Constant<Bits<AB>>,
    #[init(k(w::HD_BASE))]
    c_hd_base: Constant<Bits<AB>>,
    #[init(k(w::MMIO_END))]
    c_mmio_end: Constant<Bits<AB>>,
    #[init(k(7))]
    c_seven: Constant<Bits<AB>>,
    #[init(k(0))]
    c_zero_ab: Constant<Bits<AB>>,
    #[init(k(3))]
    c_three_ab: Constant<Bits<AB>>,
    #[init(std::array::from_fn(|i| k(3 * (i as u64 + 1))))]
    c_3i: [Constant<Bits<AB>>; 31],
    #[init(std::array::from_fn(|i| k(i as u64 + 1)))]
    c_i5p1: [Constant<Bits<HDB>>; 31],
    #[init(std::array::from_fn(|i| k(3 * i as u64 + 1)))]
    c_3i1: [Constant<Bits<AB>>; 32],
    #[init(std::array::from_fn(|i| k(3 * i as u64 + 2)))]
    c_3i2: [Constant<Bits<AB>>; 32],
    #[init(k(0))]
    c_hd0: Constant<Bits<HDB>>,
    #[init(k(1))]
    c_hd1: Constant<Bits<HDB>>,
    #[init(k(w::NUM_HDRS as u64 - 1))]
    c_hd_last: Constant<Bits<HDB>>,
    #[init(std::array::from_fn(|i| k(8 * i as u64)))]
    c_creg: [Constant<Bits<AB>>; 6],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_w2: [Constant<Bits<2>>; 3],
    #[init(k(w::recv_ep::MAX_SLOTS_LOG2))]
    c_max_slots: Constant<Bits<64>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_slots: [Constant<Bits<64>>; 6],
    #[init(std::array::from_fn(|i| k(((1u128 << (1 << i)) - 1) as u64)))]
    c_nmask: [Constant<Bits<64>>; 6],
    #[init(std::array::from_fn(|i| k((1 << i) - 1)))]
    c_nm1: [Constant<Bits<64>>; 6],
    #[init(std::array::from_fn(|i| k(31 - i as u64)))]
    c_idx64_down: [Constant<Bits<6>>; 32],
    #[init(k(0))]
    c_zero6: Constant<Bits<6>>,
    #[init(std::array::from_fn(|i| k(1 << (31 - i))))]
    c_bit64_down: [Constant<Bits<64>>; 32],
    #[init(std::array::from_fn(|i| k(0xFFFF_FFFFu64 & !((1u64 << i) - 1))))]
    c_ge: [Constant<Bits<64>>; 32],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_pos: [Constant<Bits<64>>; 32],
    #[init(k(w::EP_T.lsb as u64))]
    c_sh_t: Constant<Bits<64>>,
    #[init(k(r::UNREAD.lsb as u64))]
    c_sh_unread: Constant<Bits<64>>,
    #[init(k(r::RPOS.lsb as u64))]
    c_sh_rpos: Constant<Bits<64>>,
    #[init(k(r::WPOS.lsb as u64))]
    c_sh_wpos: Constant<Bits<64>>,
    #[init(k(r::SLOT_SIZE.lsb as u64))]
    c_sh_ss: Constant<Bits<64>>,
    #[init(k(r::SLOTS.lsb as u64))]
    c_sh_slots: Constant<Bits<64>>,
    #[init(k(r::HEADER.lsb as u64))]
    c_sh_hdr: Constant<Bits<64>>,
    #[init(k(w::command::ARG0.lsb as u64))]
    c_sh_arg0: Constant<Bits<64>>,
    #[init(k(w::data::SIZE.lsb as u64))]
    c_sh_size: Constant<Bits<64>>,
    #[init(k(s_::MAX_CRD.lsb as u64))]
    c_sh_maxcrd: Constant<Bits<64>>,
    #[init(k(hd::LENGTH.lsb as u64))]
    c_sh_len: Constant<Bits<64>>,
    #[init(k(hd::REP.lsb as u64))]
    c_sh_rep: Constant<Bits<64>>,
    #[init(k(hd::SEP.lsb as u64))]
    c_sh_sep: Constant<Bits<64>>,
    #[init(k(hd::SPE.lsb as u64))]
    c_sh_spe: Constant<Bits<64>>,
    #[init(k(w::command::EP.lsb as u64))]
    c_sh_cmd_ep: Constant<Bits<64>>,
    #[init(k(0xFFFF))]
    c_m16: Constant<Bits<64>>,
    #[init(k(0xFF))]
    c_m8: Constant<Bits<64>>,
    #[init(k(0x3F))]
    c_m6: Constant<Bits<64>>,
    #[init(k(r::HEADER.max()))]
    c_m20: Constant<Bits<64>>,
    #[init(k(m_::SIZE.mask()))]
    c_mem_size: Constant<Bits<64>>,
    #[init(k(r::MSGS.mask()))]
    c_msgs: Constant<Bits<64>>,
    #[init(k(r::RPOS.mask()))]
    c_rpos_mask: Constant<Bits<64>>,
    #[init(k(r::WPOS.mask()))]
    c_wpos_mask: Constant<Bits<64>>,
    #[init(k(s_::CUR_CRD.mask()))]
    c_crd_mask: Constant<Bits<64>>,
    #[init(k(hd::FLAGS.mask()))]
    c_flags: Constant<Bits<64>>,
    #[init(k(s_::UNLIMITED))]
    c_unlimited: Constant<Bits<64>>,
    #[init(k(hd::BYTES))]
    c_hdr_bytes: Constant<Bits<64>>,
    #[init(k(hd::GRANT_CREDITS))]
    c_f_grant: Constant<Bits<64>>,
    #[init(k(hd::REPLY_ENABLED))]
    c_f_renable: Constant<Bits<64>>,
    #[init(k(hd::REPLY | hd::GRANT_CREDITS))]
    c_f_reply: Constant<Bits<64>>,
    #[init(k(m_::READ))]
    c_rw_read: Constant<Bits<64>>,
    #[init(k(m_::WRITE))]
    c_rw_write: Constant<Bits<64>>,
    #[init(k(w::NUM_HDRS as u64))]
    c_num_hdrs: Constant<Bits<64>>,
    #[init(k(w::NUM_EPS as u64))]
    c_num_eps: Constant<Bits<8>>,
}

impl Logic for DtuCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, command, data, arg1, ext_cmd, events, abort, busy, cmd_wait, state, after,
            m_pend, m_write, m_addr, m_wdata, m_word_q, d_aligned, d_cmdreg, d_ep, d_hd, d_idx,
            d_word, m_hd_q, r_ready, r_err, r_rdata, wep, e0, e1, e2, hd_k, hd_in, clr, js, jk,
            jpe, jep, jh0, jh1, jh2, jra, ixr, fits_r, found_r, tl_r, ack_a, aok, adest, aidx,
            ack_c
        );
        for j in 0..3 {
            self.ep_ram[j].read_clock.next = self.clock.val();
            self.ep_ram[j].write_clock.next = self.clock.val();
            self.ep_ram[j].write_enable.next = false;
            self.hd_ram[j].read_clock.next = self.clock.val();
            self.hd_ram[j].write_clock.next = self.clock.val();
            self.hd_ram[j].write_enable.next = false;
        }
        self.ep_ram[0].write_data.next = self.e0.q.val();
        self.ep_ram[1].write_data.next = self.e1.q.val();
        self.ep_ram[2].write_data.next = self.e2.q.val();
        self.hd_ram[0].write_data.next = self.r_h0.val();
        self.hd_ram[1].write_data.next = self.r_h1.val();
        self.hd_ram[2].write_data.next = self.r_h2.val();
        self.own64.x.next = self.own_pe.val();
        self.bus.ready.next = self.r_ready.q.val();
        self.bus.err.next = self.r_err.q.val();
        self.bus.rdata.next = self.r_rdata.q.val();
        self.r_ready.d.next = false;
        self.r_err.d.next = false;
        self.r_rdata.d.next = self.c_zero64.val();
        self.cmd_busy.next = self.busy.q.val();
        self.j_start.next = self.js.q.val();
        self.j_kind.next = self.jk.q.val();
        self.j_pe.next = self.jpe.q.val();
        self.j_ep.next = self.jep.q.val();
        self.j_h0.next = self.jh0.q.val();
        self.j_h1.next = self.jh1.q.val();
        self.j_h2.next = self.jh2.q.val();
        self.j_raddr.next = self.jra.q.val();
        self.j_laddr.next = self.data.q.val().get_bits::<LA>(0);
        self.j_size.next = self.data.q.val().get_bits::<16>(48);
        self.a_ack.next = self.ack_a.q.val();
        self.a_ok.next = self.aok.q.val();
        self.a_dest.next = self.adest.q.val().get_bits::<LA>(0);
        self.a_idx.next = self.aidx.q.val();
        self.c_ack.next = self.ack_c.q.val();
        self.js.d.next = false;
        self.ack_a.d.next = false;
        self.ack_c.d.next = false;

        // ---- the MMIO request waits in registers until the FSM serves it; a COMMAND write
        // that starts a command while the FSM is idle is served as its strobe is taken ----
        self.fast.next = self.bus.write.val()
            && (self.bus.addr.val() == self.c_creg[2].val())
            && (self.bus.wdata.val().get_bits::<4>(0) != self.c_op_idle.val())
            && (self.state.q.val() == self.c_s_idle.val())
            && !self.m_pend.q.val()
            && !self.busy.q.val();
        if (self.bus.write.val() || self.bus.read.val()) && !self.fast.val() {
            self.m_pend.d.next = true;
            self.m_write.d.next = self.bus.write.val();
            self.m_addr.d.next = self.bus.addr.val();
            self.m_wdata.d.next = self.bus.wdata.val();
        }
        // decode: command registers below EP_BASE, endpoint words, header words; with q the
        // word's offset / 8 in its table, the entry is the last multiple of 3 not above q and
        // the word q minus it
        self.m_aligned.next = (self.bus.addr.val() & self.c_seven.val()) == self.c_zero_ab.val();
        self.m_cmdreg.next = self.bus.addr.val() < self.c_cmd_end.val();
        self.m_ep.next = (self.bus.addr.val() >= self.c_ep_base.val())
            && (self.bus.addr.val() < self.c_hd_base.val());
        self.m_hd.next = (self.bus.addr.val() >= self.c_hd_base.val())
            && (self.bus.addr.val() < self.c_mmio_end.val());
        self.m_q.next = (self.bus.addr.val() - self.c_ep_base.val()) >> self.c_three_ab.val();
        if self.m_hd.val() {
            self.m_q.next = (self.bus.addr.val() - self.c_hd_base.val()) >> self.c_three_ab.val();
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
        // the decode of the request's address is registered with it (off the path from a
        // pending request to the tables)
        if self.bus.write.val() || self.bus.read.val() {
            self.d_aligned.d.next = self.m_aligned.val();
            self.d_cmdreg.d.next = self.m_cmdreg.val();
            self.d_ep.d.next = self.m_ep.val();
            self.d_hd.d.next = self.m_hd.val();
            self.d_idx.d.next = self.m_idx.val();
            self.d_word.d.next = self.m_word.val();
        }
        for j in 0..3 {
            self.ep_ram[j].read_address.next = self.d_idx.q.val().get_bits::<EPB>(0);
            self.ep_ram[j].write_address.next = self.wep.q.val().get_bits::<EPB>(0);
            self.hd_ram[j].read_address.next = self.d_idx.q.val();
            self.hd_ram[j].write_address.next = self.hd_k.q.val();
        }

        // ---- decisions, from the endpoint: as the RAM reads it in S_PREP, latched after ----
        self.v0.next = self.e0.q.val();
        self.v1.next = self.e1.q.val();
        self.v2.next = self.e2.q.val();
        if self.state.q.val() == self.c_s_prep.val() {
            self.v0.next = self.ep_ram[0].read_data.val();
            self.v1.next = self.ep_ram[1].read_data.val();
            self.v2.next = self.ep_ram[2].read_data.val();
        }
        self.op.next = self.command.q.val().get_bits::<4>(0);
        self.ep_oob.next = self.wep.q.val() >= self.c_num_eps.val();
        self.r_oob.next = self.r_ep.val() >= self.c_num_eps.val();
        self.arg0.next = self.command.q.val() >> self.c_sh_arg0.val();
        self.size64.next = self.data.q.val() >> self.c_sh_size.val();
        self.cmd_ep64.next = (self.command.q.val() >> self.c_sh_cmd_ep.val()) & self.c_m8.val();
        self.ty.next = self.v2.val() >> self.c_sh_t.val();
        // DTU-A14: at most 2^5 slots
        self.slots.next = (self.v2.val() >> self.c_sh_slots.val()) & self.c_m6.val();
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
        self.ss.next = (self.v2.val() >> self.c_sh_ss.val()) & self.c_m16.val();
        // slot search (DTU-A13): FETCH the first unread slot at or after rpos, allocation the
        // first free one at or after wpos; ascending, modulo the slot count (a position written
        // out of range by software is taken modulo the count as well)
        self.srch.next = (self.v0.val() >> self.c_sh_unread.val()) & self.nmask.val();
        self.spos.next = (self.v2.val() >> self.c_sh_rpos.val()) & self.nm1.val();
        if self.after.q.val() == self.c_s_alloc.val() {
            self.srch.next = !self.v0.val() & self.nmask.val();
            self.spos.next = (self.v2.val() >> self.c_sh_wpos.val()) & self.nm1.val();
        }
        self.ge_pos.next = self.c_zero64.val();
        for i in 0..32 {
            if self.spos.val() == self.c_pos[i].val() {
                self.ge_pos.next = self.c_ge[i].val();
            }
        }
        self.upper.next = self.srch.val() & self.ge_pos.val();
        self.f_found.next = false;
        self.f_idx.next = self.c_zero6.val();
        self.f_found_hi.next = false;
        self.f_idx_hi.next = self.c_zero6.val();
        // from bit 31 down, so the lowest set bit is assigned last
        for i in 0..32 {
            if (self.srch.val() & self.c_bit64_down[i].val()) != self.c_zero64.val() {
                self.f_found.next = true;
                self.f_idx.next = self.c_idx64_down[i].val();
            }
            if (self.upper.val() & self.c_bit64_down[i].val()) != self.c_zero64.val() {
                self.f_found_hi.next = true;
                self.f_idx_hi.next = self.c_idx64_down[i].val();
            }
        }
        // REPLY, ACK_MSG: the slot of message address arg0 (DTU-A15: inside the buffer, at a
        // slot's start, below the slot count)
        self.a_off.next = self.arg0.val() - self.v1.val();
        self.a_slot.next = self.a_off.val() >> self.ss.val();
        self.a_fits.next = (self.arg0.val() >= self.v1.val())
            && ((self.a_off.val() & !(self.c_ones64.val() << self.ss.val()))
                == self.c_zero64.val())
            && ((self.a_slot.val() & !self.nm1.val()) == self.c_zero64.val());
        self.idx.next = self.a_slot.val().get_bits::<6>(0);
        if ((self.after.q.val() == self.c_s_cmd.val()) && (self.op.val() == self.c_op_fetch.val()))
            || (self.after.q.val() == self.c_s_alloc.val())
        {
            self.idx.next = self.f_idx.val();
            if self.f_found_hi.val() {
                self.idx.next = self.f_idx_hi.val();
            }
        }
        if self.after.q.val() == self.c_s_commit.val() {
            self.idx.next = self.r_idx.val();
        }
        // the decision stage works on S_PREP's registered index; the commit (in S_PREP) on the
        // receive engine's
        self.ix64.x.next = self.ixr.q.val();
        if (self.state.q.val() == self.c_s_prep.val())
            && (self.after.q.val() == self.c_s_commit.val())
        {
            self.ix64.x.next = self.r_idx.val();
        }
        self.occ_bit.next = self.c_one64.val() << self.ix64.y.val();
        self.unr_bit.next = self.occ_bit.val() << self.c_sh_unread.val();
        self.msgs_dec.next = (self.v2.val() & !self.c_msgs.val())
            | ((self.v2.val() - self.c_one64.val()) & self.c_msgs.val());
        self.msgs_inc.next = (self.v2.val() & !self.c_msgs.val())
            | ((self.v2.val() + self.c_one64.val()) & self.c_msgs.val());
        self.hd_sum.next =
            ((self.v2.val() >> self.c_sh_hdr.val()) & self.c_m20.val()) + self.ix64.y.val();
        self.slot_addr.next = self.v1.val() + (self.ix64.y.val() << self.ss.val());
        // reception: header and payload must fit the slot and a 16-bit transfer (DTU-A12)
        self.rs64.x.next = self.r_size.val();
        self.mbytes.next = self.rs64.y.val() + self.c_hdr_bytes.val();
        self.too_large.next = (self.mbytes.val() > self.c_m16.val())
            || (((self.mbytes.val() - self.c_one64.val()) >> self.ss.val()) != self.c_zero64.val());
        // credits (send endpoint word 1 low half; word 2's max_msg_size)
        self.g_cur.next = self.v1.val() & self.c_m16.val();
        self.g_max.next = (self.v1.val() >> self.c_sh_maxcrd.val()) & self.c_m16.val();
        self.g_add.next = self.v2.val() & self.c_m16.val();
        self.g_sum.next = self.g_cur.val() + self.g_add.val();
        self.g_lim.next = self.g_max.val();
        if self.g_cur.val() > self.g_max.val() {
            self.g_lim.next = self.g_cur.val();
        }
        self.g_new.next = self.g_sum.val();
        if self.g_sum.val() > self.g_lim.val() {
            self.g_new.next = self.g_lim.val();
        }
        // READ / WRITE bounds (DTU-A01): arg0 + size inside the region, no wrap of the address
        self.b_end.next = self.arg0.val() + self.size64.val();
        self.b_remote.next = self.v1.val() + self.arg0.val();
        // (the same sum as b_remote + size, beside b_remote rather than after it: the endpoint's
        // words go through one adder before the compares)
        self.b_rend.next = self.v1.val() + self.b_end.val();
        self.b_bad.next = (self.b_end.val() > (self.v2.val() & self.c_mem_size.val()))
            || (self.b_remote.val() < self.v1.val())
            || (self.b_rend.val() < self.b_remote.val());
        self.rw_bit.next = self.c_rw_read.val();
        if self.op.val() == self.c_op_write.val() {
            self.rw_bit.next = self.c_rw_write.val();
        }

        // ---- FSM ----
        self.done.next = false;
        self.result.next = self.c_zero64.val();
        if self.state.q.val() == self.c_s_idle.val() {
            if self.m_pend.q.val() {
                self.m_pend.d.next = false;
                self.m_word_q.d.next = self.d_word.q.val();
                self.m_hd_q.d.next = self.d_hd.q.val();
                if !self.d_aligned.q.val()
                    || !(self.d_cmdreg.q.val() || self.d_ep.q.val() || self.d_hd.q.val())
                {
                    self.r_ready.d.next = true;
                    self.r_err.d.next = true;
                } else if self.d_cmdreg.q.val() {
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
                                // a command starts at once: its endpoint is read now
                                if self.m_wdata.q.val().get_bits::<4>(0) != self.c_op_idle.val() {
                                    for j in 0..3 {
                                        self.ep_ram[j].read_address.next =
                                            self.m_wdata.q.val().get_bits::<EPB>(4);
                                    }
                                    self.wep.d.next = self.m_wdata.q.val().get_bits::<8>(4);
                                    self.after.d.next = self.c_s_cmd.val();
                                    self.state.d.next = self.c_s_prep.val();
                                }
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
                        self.ep_ram[j].write_address.next = self.d_idx.q.val().get_bits::<EPB>(0);
                        self.ep_ram[j].write_data.next = self.m_wdata.q.val();
                        self.hd_ram[j].write_address.next = self.d_idx.q.val();
                        self.hd_ram[j].write_data.next = self.m_wdata.q.val();
                        if self.d_word.q.val() == self.c_w2[j].val() {
                            self.ep_ram[j].write_enable.next = self.d_ep.q.val();
                            self.hd_ram[j].write_enable.next = self.d_hd.q.val();
                        }
                    }
                } else {
                    self.state.d.next = self.c_s_mrd.val();
                }
            } else if self.fast.val() {
                self.r_ready.d.next = true;
                self.command.d.next = self.bus.wdata.val();
                self.busy.d.next = true;
                for j in 0..3 {
                    self.ep_ram[j].read_address.next = self.bus.wdata.val().get_bits::<EPB>(4);
                }
                self.wep.d.next = self.bus.wdata.val().get_bits::<8>(4);
                self.after.d.next = self.c_s_cmd.val();
                self.state.d.next = self.c_s_prep.val();
            } else if self.r_c_req.val() && !self.ack_c.q.val() {
                // (a request whose answer is on its way this cycle is not served twice)
                for j in 0..3 {
                    self.ep_ram[j].read_address.next = self.r_ep.val().get_bits::<EPB>(0);
                }
                self.wep.d.next = self.r_ep.val();
                self.after.d.next = self.c_s_commit.val();
                self.state.d.next = self.c_s_prep.val();
            } else if self.r_a_req.val() && !self.ack_a.q.val() {
                for j in 0..3 {
                    self.ep_ram[j].read_address.next = self.r_ep.val().get_bits::<EPB>(0);
                }
                self.wep.d.next = self.r_ep.val();
                self.after.d.next = self.c_s_alloc.val();
                self.state.d.next = self.c_s_prep.val();
            } else if self.busy.q.val() && !self.cmd_wait.q.val() {
                for j in 0..3 {
                    self.ep_ram[j].read_address.next = self.command.q.val().get_bits::<EPB>(4);
                }
                self.wep.d.next = self.command.q.val().get_bits::<8>(4);
                self.after.d.next = self.c_s_cmd.val();
                self.state.d.next = self.c_s_prep.val();
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
        if self.state.q.val() == self.c_s_prep.val() {
            self.e0.d.next = self.ep_ram[0].read_data.val();
            self.e1.d.next = self.ep_ram[1].read_data.val();
            self.e2.d.next = self.ep_ram[2].read_data.val();
            self.ixr.d.next = self.idx.val();
            self.fits_r.d.next = self.a_fits.val();
            self.found_r.d.next = self.f_found.val();
            self.tl_r.d.next = self.too_large.val();
            self.state.d.next = self.after.q.val();
        }

        // ---- a command: SEND, READ and WRITE decided as their endpoint is read (S_PREP),
        // the others a cycle later (S_CMD), on S_PREP's slot search ----
        self.cmd_now.next = (self.state.q.val() == self.c_s_cmd.val())
            || ((self.state.q.val() == self.c_s_prep.val())
                && (self.after.q.val() == self.c_s_cmd.val())
                && ((self.op.val() == self.c_op_send.val())
                    || (self.op.val() == self.c_op_read.val())
                    || (self.op.val() == self.c_op_write.val())));
        if self.cmd_now.val() {
            self.done.next = true;
            self.state.d.next = self.c_s_idle.val();
            self.jh1.d.next = self.arg1.q.val();
            self.jh2.d.next = (self.size64.val() << self.c_sh_len.val())
                | ((self.arg0.val() & self.c_m8.val()) << self.c_sh_rep.val())
                | (self.cmd_ep64.val() << self.c_sh_sep.val())
                | (self.own64.y.val() << self.c_sh_spe.val())
                | self.c_f_renable.val();
            for j in 0..3 {
                self.hd_ram[j].read_address.next = self.hd_sum.val().get_bits::<HDB>(0);
            }
            // DTU-A26: an unknown opcode has no endpoint to check
            if self.op.val() > self.c_op_ack.val() {
                self.result.next = self.c_err_invargs.val();
            } else if self.ep_oob.val() {
                self.result.next = self.c_err_invep.val();
            } else if self.op.val() == self.c_op_send.val() {
                if self.ty.val() != self.c_t_send.val() {
                    self.result.next = self.c_err_invep.val();
                } else if (self.g_cur.val() != self.c_unlimited.val())
                    && (self.g_cur.val() < self.g_add.val())
                {
                    self.result.next = self.c_err_nocrd.val();
                } else if (self.size64.val() + self.c_hdr_bytes.val()) > self.g_add.val() {
                    // DTU-A12, A36: the message, header included, within max_msg_size
                    self.result.next = self.c_err_invargs.val();
                } else {
                    if self.g_cur.val() != self.c_unlimited.val() {
                        self.ep_ram[1].write_data.next = self.v1.val() - self.g_add.val();
                        self.ep_ram[1].write_enable.next = true;
                    }
                    self.jk.d.next = self.c_k_msg.val();
                    self.jpe.d.next = self.v1.val().get_bits::<8>(40);
                    self.jep.d.next = self.v1.val().get_bits::<8>(32);
                    self.jh0.d.next = self.v0.val();
                    self.js.d.next = true;
                    self.cmd_wait.d.next = true;
                    self.done.next = false;
                }
            } else if (self.op.val() == self.c_op_read.val())
                || (self.op.val() == self.c_op_write.val())
            {
                if self.ty.val() != self.c_t_mem.val() {
                    self.result.next = self.c_err_invep.val();
                } else if (self.v0.val() & self.rw_bit.val()) == self.c_zero64.val() {
                    self.result.next = self.c_err_noperm.val();
                } else if self.b_bad.val() {
                    self.result.next = self.c_err_invargs.val();
                } else if self.size64.val() != self.c_zero64.val() {
                    // DTU-A30: size 0 moves nothing and ends here
                    self.jk.d.next = self.c_k_wr.val();
                    if self.op.val() == self.c_op_read.val() {
                        self.jk.d.next = self.c_k_rd.val();
                    }
                    self.jpe.d.next = self.v0.val().get_bits::<8>(4);
                    self.jra.d.next = self.b_remote.val();
                    self.js.d.next = true;
                    self.cmd_wait.d.next = true;
                    self.done.next = false;
                }
            } else if self.ty.val() != self.c_t_recv.val() {
                self.result.next = self.c_err_invep.val();
            } else if self.op.val() == self.c_op_fetch.val() {
                // DTU-A20: msgs != 0 without an unread slot acts as msgs = 0
                if ((self.v2.val() & self.c_msgs.val()) == self.c_zero64.val())
                    || !self.found_r.q.val()
                {
                    self.arg1.d.next = self.c_zero64.val();
                } else {
                    self.ep_ram[0].write_data.next = self.v0.val() & !self.unr_bit.val();
                    self.ep_ram[2].write_data.next = (self.msgs_dec.val()
                        & !self.c_rpos_mask.val())
                        | (((self.ix64.y.val() + self.c_one64.val()) & self.nm1.val())
                            << self.c_sh_rpos.val());
                    self.ep_ram[0].write_enable.next = true;
                    self.ep_ram[2].write_enable.next = true;
                    self.arg1.d.next = self.slot_addr.val();
                }
            } else if !self.fits_r.q.val() {
                self.result.next = self.c_err_invargs.val();
            } else if self.op.val() == self.c_op_reply.val() {
                // DTU-A34: an entry past the table cannot be replied to
                if self.hd_sum.val() >= self.c_num_hdrs.val() {
                    self.result.next = self.c_err_invargs.val();
                } else {
                    self.hd_k.d.next = self.hd_sum.val().get_bits::<HDB>(0);
                    self.done.next = false;
                    self.state.d.next = self.c_s_rphd.val();
                }
            } else {
                // ACK_MSG: free the slot, count an unread message as gone, then clear the
                // header entry's flags (DTU-A34: only an entry inside the table)
                self.ep_ram[0].write_data.next =
                    self.v0.val() & !self.occ_bit.val() & !self.unr_bit.val();
                if (self.v0.val() & self.unr_bit.val()) != self.c_zero64.val() {
                    self.ep_ram[2].write_data.next = self.msgs_dec.val();
                }
                self.ep_ram[0].write_enable.next = true;
                self.ep_ram[2].write_enable.next = true;
                self.hd_k.d.next = self.hd_sum.val().get_bits::<HDB>(0);
                self.hd_in.d.next = self.hd_sum.val() < self.c_num_hdrs.val();
                self.done.next = false;
                self.state.d.next = self.c_s_ackhd.val();
            }
        }
        if self.state.q.val() == self.c_s_ackhd.val() {
            self.hd_ram[2].write_data.next = self.hd_ram[2].read_data.val() & !self.c_flags.val();
            self.hd_ram[2].write_enable.next = self.hd_in.q.val();
            self.done.next = true;
            self.state.d.next = self.c_s_idle.val();
        }
        if self.state.q.val() == self.c_s_rphd.val() {
            self.state.d.next = self.c_s_idle.val();
            if (self.hd_ram[2].read_data.val() & self.c_f_renable.val()) == self.c_zero64.val() {
                self.done.next = true;
                self.result.next = self.c_err_invargs.val();
            } else {
                self.hd_ram[2].write_data.next =
                    self.hd_ram[2].read_data.val() & !self.c_flags.val();
                self.hd_ram[2].write_enable.next = true;
                self.jk.d.next = self.c_k_msg.val();
                self.jpe.d.next = self.hd_ram[2].read_data.val().get_bits::<8>(8);
                self.jep.d.next = self.hd_ram[2].read_data.val().get_bits::<8>(24);
                self.jh0.d.next = self.hd_ram[1].read_data.val();
                self.jh1.d.next = self.c_zero64.val();
                self.jh2.d.next = (self.size64.val() << self.c_sh_len.val())
                    | (((self.hd_ram[2].read_data.val() >> self.c_sh_sep.val()) & self.c_m8.val())
                        << self.c_sh_rep.val())
                    | (self.cmd_ep64.val() << self.c_sh_sep.val())
                    | (self.own64.y.val() << self.c_sh_spe.val())
                    | self.c_f_reply.val();
                self.js.d.next = true;
                self.cmd_wait.d.next = true;
            }
        }

        // ---- reception ----
        if self.state.q.val() == self.c_s_alloc.val() {
            self.ack_a.d.next = true;
            self.aok.d.next = false;
            self.aidx.d.next = self.ixr.q.val();
            self.adest.d.next = self.slot_addr.val();
            if !self.r_oob.val()
                && (self.ty.val() == self.c_t_recv.val())
                && !self.tl_r.q.val()
                && self.found_r.q.val()
            {
                self.aok.d.next = true;
                self.ep_ram[0].write_data.next = self.e0.q.val() | self.occ_bit.val();
                self.ep_ram[2].write_data.next = (self.e2.q.val() & !self.c_wpos_mask.val())
                    | (((self.ix64.y.val() + self.c_one64.val()) & self.nm1.val())
                        << self.c_sh_wpos.val());
                self.ep_ram[0].write_enable.next = true;
                self.ep_ram[2].write_enable.next = true;
            }
            self.state.d.next = self.c_s_idle.val();
        }
        // the commit, as the endpoint is read (S_PREP); then GRANT_CREDITS reads header.rep's
        // endpoint at once (if it is this one, the words read are the old ones: a RECEIVE
        // endpoint, which gets no credits either way)
        if (self.state.q.val() == self.c_s_prep.val())
            && (self.after.q.val() == self.c_s_commit.val())
        {
            if self.r_ok.val() {
                self.ep_ram[0].write_data.next = self.v0.val() | self.unr_bit.val();
                self.ep_ram[2].write_data.next = self.msgs_inc.val();
                self.ep_ram[0].write_enable.next = true;
                self.ep_ram[2].write_enable.next = true;
                for j in 0..3 {
                    self.hd_ram[j].write_address.next = self.hd_sum.val().get_bits::<HDB>(0);
                    self.hd_ram[j].write_enable.next = self.hd_sum.val() < self.c_num_hdrs.val();
                }
            }
            self.ack_c.d.next = true;
            self.state.d.next = self.c_s_idle.val();
            if (self.r_h2.val() & self.c_f_grant.val()) != self.c_zero64.val() {
                self.ack_c.d.next = false;
                for j in 0..3 {
                    self.ep_ram[j].read_address.next = self.r_h2.val().get_bits::<EPB>(24);
                }
                self.wep.d.next = self.r_h2.val().get_bits::<8>(24);
                self.after.d.next = self.c_s_grant.val();
                self.state.d.next = self.c_s_prep.val();
            }
        }
        if self.state.q.val() == self.c_s_grant.val() {
            if !self.ep_oob.val()
                && (self.ty.val() == self.c_t_send.val())
                && (self.g_cur.val() != self.c_unlimited.val())
            {
                self.ep_ram[1].write_data.next =
                    (self.e1.q.val() & !self.c_crd_mask.val()) | self.g_new.val();
                self.ep_ram[1].write_enable.next = true;
            }
            self.ack_c.d.next = true;
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
        if self.j_done.val() {
            self.command.d.next = self.c_zero64.val();
            self.busy.d.next = false;
            self.cmd_wait.d.next = false;
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
            self.cmd_wait.d.next = false;
            self.state.d.next = self.c_s_clr.val();
            self.clr.d.next = self.c_hd0.val();
            self.m_pend.d.next = false;
            self.r_ready.d.next = false;
            self.js.d.next = false;
            self.ack_a.d.next = false;
            self.ack_c.d.next = false;
        }
    }
}

//! TXLINK (thesis §2.4.1, protocol §2.2): injection buffer, resend buffer, packet transmitter
//! with CRC-32, feedback and RESTART insertion, go-back-N resend, acknowledgement timeout and
//! IDLE insertion for clock compensation.
//!
//! Storage: one circular buffer of `2^B` packet slots holds both the injection buffer (TXFIFO:
//! packets loaded, never sent) and the resend buffer (RSND: sent, not yet acknowledged). Four
//! 32-bit lane RAMs of `2^(B+3)` words take a 128-bit item per cycle (item i of the packet in
//! slot s at address `{s, i}`); a slot RAM keeps the packet's destination. Sequence numbers
//! (S bits, `S > B`) double as pointers: `ack <= send <= high <= fill`, slot = seq mod 2^B.
//! A packet is never copied: "store a copy into RSND" is leaving it in its slot until ACKed.
//!
//! Transmitter, one word per clock on `txd/txc` (registered), priority per word:
//! offline -> IDLE; pending feedback (ACK/NAK asked by the local RXLINK, also between two
//! words of a packet); at a packet boundary: pending RESTART (then resend from `ack`), IDLE burst
//! (`idle_burst` IDLEs after every 256 packets), next packet (header, 32 payload words, CRC);
//! otherwise IDLE.
//!
//! Feedback from the peer (decoded by the local RXLINK): ACK(s) acknowledges up to s, NAK(s)
//! acknowledges before s and asks for a resend from s (the current packet is cut, RESTART is
//! sent, then go-back-N). A sequence number not in flight is ignored; if it is not a recent one
//! either, it raises FB_MISMATCH. With packets in flight and no progress for `ack_timeout`
//! cycles, the transmitter re-enters resend on its own. Restarts without progress in between
//! are counted; one beyond `restart_limit` raises RESTART_OVF.
//!
//! Latency: a packet whose last item is written at edge t has its header on `txd` after edge t+2
//! (if the link is free). Throughput: 34 words per packet, no gap between packets.
//!
//! Timing (ECP5): the peer's feedback is registered on entry (it acts one cycle after RXLINK
//! decodes it), and its window test is made a cycle ahead against the `ack` and `high` it will
//! meet (`fbok_r`); the lane RAMs are read through the block RAM's output register
//! (`BlockRamReg`), one item at a time: the read latch reads every cycle (item 0 of the slot
//! sent next between packets, the next item inside one), the output registers take it between
//! packets and after an item's last word, and a 4:1 lane mux of those flops feeds `txp_r`,
//! which the CRC (the header goes there too, in its branch) and `txd` take; so the RAMs' slow
//! read-latch clock-to-out ends at their own output register, and the read address and the
//! output registers' enable depend only on flat conditions (between packets, the payload
//! branch), not on the priority chain; `send + 1` and `fill + 1` are registers beside the
//! pointers; the CRC trailer
//! leaves from the CRC's own register (`CrcClear`, cleared while no packet is sent, so its loop
//! holds the XOR trees alone); "acknowledgements
//! overtook a resend" (the sign of `send - ack`) and "a packet waits" (`send != fill`) are
//! registers computed a cycle ahead from every pair of next values the pointers can take, and
//! `send` moves in flat branches (`to_next`, `to_ack`, `jump`), so the word selection's
//! priority chain and `send`'s enable start at flops; `inj_ready` is a register (room freed by
//! an ACK shows a cycle later).

use super::codec::{CtrlEncode, HeaderEncode, KIND_ACK, KIND_NAK, LINK_SEQ_BITS};
use crate::common::prim::{k, Concat, DffInit};
use crate::common::{
    crc::CrcClear,
    ram::{BlockRam, BlockRamReg},
    unused::Unused,
};
use nicgen_wire::crc::CRC32_IEEE;
use nicgen_wire::ftnw::link::{self as tnw, Word};
use rust_hdl::prelude::*;

/// Run-time constants of a link (the thesis leaves them open; defaults documented).
#[derive(Clone, Copy, Debug)]
pub struct TxConfig {
    /// Cycles without acknowledgement progress, with packets in flight, before resending.
    pub ack_timeout: u16,
    /// IDLEs sent after every 256 consecutive packets (clock compensation, 1..=7).
    pub idle_burst: u8,
}

impl Default for TxConfig {
    fn default() -> Self {
        Self {
            ack_timeout: 1024,
            idle_burst: 4,
        }
    }
}

#[derive(LogicBlock)]
pub struct TxLink<const B: usize, const BI: usize, const S: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Injection (TXFIFO write): a 128-bit item as four lanes, lane 0 first on the wire.
    pub inj_data: [Signal<In, Bits<32>>; 4],
    /// Destination `{rao, vc}`; the first item of a packet sets it.
    pub inj_dest: Signal<In, Bits<14>>,
    pub inj_valid: Signal<In, Bit>,
    pub inj_ready: Signal<Out, Bit>,
    /// Feedback to send, asked by the local RXLINK (one-cycle request).
    pub fb_req: Signal<In, Bit>,
    pub fb_nak: Signal<In, Bit>,
    pub fb_seq: Signal<In, Bits<S>>,
    /// Feedback received from the peer (one-cycle strobe from the local RXLINK).
    pub peer_fb: Signal<In, Bit>,
    pub peer_nak: Signal<In, Bit>,
    pub peer_seq: Signal<In, Bits<S>>,
    pub offline: Signal<In, Bit>,
    pub restart_limit: Signal<In, Bits<8>>,
    /// Software writes the restart counter (TX_EXC.LAST_RESTART_CNT is RW, A.2 REG0).
    pub restart_cnt_load: Signal<In, Bit>,
    pub restart_cnt_wdata: Signal<In, Bits<8>>,
    /// Forced errors (TB BACATXD/BACATXC), armed levels: the next payload word sent has its
    /// data / flags replaced and `forced_d` / `forced_c` pulses (the owner then disarms).
    pub force_d: Signal<In, Bit>,
    pub force_c: Signal<In, Bit>,
    pub forced_d: Signal<Out, Bit>,
    pub forced_c: Signal<Out, Bit>,
    pub txd: Signal<Out, Bits<32>>,
    pub txc: Signal<Out, Bits<4>>,
    /// One-cycle events (exception sources and counters).
    pub ev_nak: Signal<Out, Bit>,
    pub ev_resend: Signal<Out, Bit>,
    pub ev_restart_ovf: Signal<Out, Bit>,
    pub ev_fb_mismatch: Signal<Out, Bit>,
    pub ev_bad_header: Signal<Out, Bit>,
    pub ev_fifo_ovf: Signal<Out, Bit>,
    pub ev_buf_full: Signal<Out, Bit>,
    pub ev_offline_write: Signal<Out, Bit>,
    pub ev_fb_in_acc: Signal<Out, Bit>,
    pub ev_fb_out_acc: Signal<Out, Bit>,
    /// Status.
    pub restart_cnt: Signal<Out, Bits<8>>,
    pub busy: Signal<Out, Bit>,
    pub fifo_not_empty: Signal<Out, Bit>,
    pub fifo_ge8: Signal<Out, Bit>,
    pub fifo_af: Signal<Out, Bit>,
    pub buf_not_empty: Signal<Out, Bit>,
    /// Packets sent and not yet acknowledged (resend-buffer occupancy).
    pub inflight: Signal<Out, Bits<S>>,
    lanes: [BlockRamReg<Bits<32>, BI>; 4],
    /// The destination of each slot, three times: read at `send`, at `ack` and at `send + 1`
    /// (the three slots that can be sent next), all from registers, so the decision which one
    /// it is selects after the RAMs (`to_ack_r`, `to_next_r`), not their read address.
    dest_ram: [BlockRam<Bits<14>, B>; 3],
    to_ack_r: DFF<Bit>,
    to_next_r: DFF<Bit>,
    to_ack: Signal<Local, Bit>,
    to_next: Signal<Local, Bit>,
    send1: Signal<Local, Bits<S>>,
    /// `send + 1` and `fill + 1`, registers that move with `send` and `fill` (no adder between
    /// the pointers and the compares of `sf_r`, the destination RAM's and the lane RAMs' reads).
    send1_r: DffInit<Bits<S>>,
    fill1_r: DffInit<Bits<S>>,
    /// `send - 1` and `ack - 1`, registers that move with `send` and `ack`: the differences
    /// `send - pseq - 1` and `ack - pseq - 1` are one subtraction each, not two in series.
    sendm1_r: DffInit<Bits<S>>,
    ackm1_r: DffInit<Bits<S>>,
    /// TXFIFO has room for the next item (registered `inj_ready`).
    room_r: DFF<Bit>,
    /// Acknowledgement progress, registered (resets the timeout).
    prog_r: DFF<Bit>,
    /// `prog_r` a cycle later: clears the restart count in step with the resend's increment,
    /// which comes from the registered event (`ev_resend_r`), also a cycle late.
    prog_rr: DFF<Bit>,
    /// Events and status, registered.
    ev_nak_r: DFF<Bit>,
    ev_resend_r: DFF<Bit>,
    ev_restart_ovf_r: DFF<Bit>,
    ev_fb_mismatch_r: DFF<Bit>,
    ev_bad_header_r: DFF<Bit>,
    ev_fifo_ovf_r: DFF<Bit>,
    ev_buf_full_r: DFF<Bit>,
    ev_offline_write_r: DFF<Bit>,
    ev_fb_in_acc_r: DFF<Bit>,
    ev_fb_out_acc_r: DFF<Bit>,
    fifo_not_empty_r: DFF<Bit>,
    fifo_ge8_r: DFF<Bit>,
    fifo_af_r: DFF<Bit>,
    buf_not_empty_r: DFF<Bit>,
    inflight_r: DFF<Bits<S>>,
    /// The lane RAMs' read pipeline, one item (four words) at a time: the read latch reads
    /// every cycle; the output registers hold the item of the payload word decided now and
    /// take the latch when its last word goes (`consume` with `lane` 3) or, between packets
    /// (`prime`), in every cycle. `lane` is that word's lane; `nitem` the item the latch reads
    /// inside a packet (the next one); between packets the latch reads item 0 of the slot sent
    /// next.
    lane: DFF<Bits<2>>,
    nitem: DFF<Bits<3>>,
    prime: Signal<Local, Bit>,
    consume: Signal<Local, Bit>,
    advance: Signal<Local, Bit>,
    /// `send`'s next value: `send_p`'s input and the slot the lane RAMs read in.
    send_n: Signal<Local, Bits<S>>,
    wr_addr: Concat<3, B, BI>,
    rd_addr: Concat<3, B, BI>,
    pcrc: CrcClear<32, 32>,
    sink_crc: Unused<Bits<32>>,
    fb_enc: CtrlEncode<S>,
    hdr_enc: HeaderEncode<S>,
    ack_p: DFF<Bits<S>>,
    send_p: DFF<Bits<S>>,
    high_p: DFF<Bits<S>>,
    fill_p: DFF<Bits<S>>,
    fill_item: DFF<Bits<3>>,
    cur_dest: DFF<Bits<14>>,
    widx: DFF<Bits<6>>,
    /// `widx != 0` and `widx` at the CRC word, kept beside `widx` (set with each branch's `wn`), so
    /// the word decision starts at flops, not at a 6-bit compare.
    wbusy: DFF<Bit>,
    wlast: DFF<Bit>,
    fb_pend: DFF<Bit>,
    fb_kind: DFF<Bits<2>>,
    fb_seq_r: DFF<Bits<S>>,
    rst_pend: DFF<Bit>,
    pkt_cnt: DFF<Bits<8>>,
    idle_left: DFF<Bits<3>>,
    /// `idle_left != 0`, kept beside it (set with each of its writes), so the word decision
    /// starts at a flop, not at a 3-bit compare.
    idle_nz: DFF<Bit>,
    /// Cycles without progress while packets are in flight, the count as of `tclr_r` (below).
    timer: DFF<Bits<16>>,
    /// The count's clear (`tclr`) a cycle later.
    tclr: Signal<Local, Bit>,
    tclr_r: DFF<Bit>,
    rcnt: DFF<Bits<8>>,
    /// The peer's feedback, registered (breaks the RXLINK decode -> TX word-selection path).
    pfb_r: DFF<Bit>,
    pnak_r: DFF<Bit>,
    pseq_r: DFF<Bits<S>>,
    /// The registered feedback's sequence lies in the window `ack <= seq < high` of this cycle
    /// (computed a cycle ahead against the next `ack` and `high`, see `update`).
    fbok_r: DFF<Bit>,
    /// The window tests of the feedback arriving (`peer_seq`) against `ack` and against the
    /// registered feedback's sequence (`pseq_r`), and `high` moving this cycle.
    ge_ack: Signal<Local, Bit>,
    ge_p: Signal<Local, Bit>,
    lt_high: Signal<Local, Bit>,
    /// The windows `[ack, high)` and `[pseq_r, high)` do not wrap past 2^S.
    nowrap_ack: Signal<Local, Bit>,
    nowrap_p: Signal<Local, Bit>,
    win_ack: Signal<Local, Bit>,
    win_p: Signal<Local, Bit>,
    fbok_n: Signal<Local, Bit>,
    high_inc: Signal<Local, Bit>,
    /// The restart count a RESTART of this cycle continues from (0 after progress).
    rbase: Signal<Local, Bits<8>>,
    crc_v: DFF<Bit>,
    txd_r: DffInit<Bits<32>>,
    /// The word the CRC takes next cycle (`crc_v`): the header, or the payload word (the lane
    /// mux after the lane RAMs' output registers), which `txd` also sends from here
    /// (`txsel_r`); so the CRC's XOR trees start at a flop. And whether `txd` is it rather
    /// than `txd_r`.
    txp_r: DFF<Bits<32>>,
    txsel_r: DFF<Bit>,
    /// Whether `txd` is the CRC word: the CRC's own register (`pcrc.crc`, the packet's CRC in
    /// the cycle after its last payload word's), so the XOR trees end at that register, not
    /// at `txd_r` through the word selection.
    crcsel_r: DFF<Bit>,
    txc_r: DffInit<Bits<4>>,
    // locals
    occ: Signal<Local, Bits<S>>,
    infl: Signal<Local, Bits<S>>,
    /// Acknowledgements overtook a resend (`send - ack` wrapped) and `send != fill`, for this
    /// cycle's pointers: registers computed a cycle ahead from every pair of next values the
    /// pointers can take (`send`: itself, `send + 1`, `ack`; `ack`: itself, the feedback's
    /// `p` or `p + 1`; `fill`: itself or `fill + 1`), chosen by flops, so the word selection's
    /// chain starts at flops, not at a subtraction or a compare of the pointers. `ovt_r`
    /// does not follow a NAK's move of `ack` (unless `send` moves to `ack` in the same cycle):
    /// the NAK's `rst_pend` hides it until the RESTART's branch sets it again.
    ovt_r: DFF<Bit>,
    sf_r: DFF<Bit>,
    d_sa: Signal<Local, Bits<S>>,
    d_sp: Signal<Local, Bits<S>>,
    d_sp1: Signal<Local, Bits<S>>,
    d_s1a: Signal<Local, Bits<S>>,
    /// The next cycle's `send - ack` (its sign is `ovt_r`).
    d_ov: Signal<Local, Bits<S>>,
    /// Peer feedback of this cycle that is an ACK.
    fb_ack: Signal<Local, Bit>,
    d_ap: Signal<Local, Bits<S>>,
    fill1: Signal<Local, Bits<S>>,
    /// Which next values: `send` moves to `send + 1` / to `ack`, `ack` moves (to `p` on a NAK,
    /// `p + 1` on an ACK), `fill` moves.
    nx_s1: Signal<Local, Bit>,
    nx_sa: Signal<Local, Bit>,
    nx_fill: Signal<Local, Bit>,
    stale: Signal<Local, Bits<S>>,
    inj_go: Signal<Local, Bit>,
    wn: Signal<Local, Bits<6>>,
    pword: Signal<Local, Bits<32>>,
    /// Acknowledgements overtook a resend: the slot sent next is `ack`, not `send`.
    jump: Signal<Local, Bit>,
    fb_valid: Signal<Local, Bit>,
    progress: Signal<Local, Bit>,
    cut: Signal<Local, Bit>,
    send_pay: Signal<Local, Bit>,
    c_slots: Constant<Bits<S>>,
    c_slots_m1: Constant<Bits<S>>,
    c_eight: Constant<Bits<S>>,
    c_one_s: Constant<Bits<S>>,
    c_all_s: Constant<Bits<S>>,
    c_msb_s: Constant<Bits<S>>,
    c_zero_s: Constant<Bits<S>>,
    c_w_crc_m1: Constant<Bits<6>>,
    c_one6: Constant<Bits<6>>,
    c_zero6: Constant<Bits<6>>,
    c_item_last: Constant<Bits<3>>,
    c_one3: Constant<Bits<3>>,
    c_zero3: Constant<Bits<3>>,
    c_burst: Constant<Bits<3>>,
    c_pkt_last: Constant<Bits<8>>,
    c_one8: Constant<Bits<8>>,
    c_zero8: Constant<Bits<8>>,
    c_max8: Constant<Bits<8>>,
    c_timeout: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_zero16: Constant<Bits<16>>,
    c_lane0: Constant<Bits<2>>,
    c_lane1: Constant<Bits<2>>,
    c_lane2: Constant<Bits<2>>,
    c_lane3: Constant<Bits<2>>,
    c_kind_ack: Constant<Bits<2>>,
    c_kind_nak: Constant<Bits<2>>,
    c_idle: Constant<Bits<32>>,
    c_restart: Constant<Bits<32>>,
    c_ctrl: Constant<Bits<4>>,
    c_hdr: Constant<Bits<4>>,
    c_data: Constant<Bits<4>>,
    c_force_d: Constant<Bits<32>>,
    c_force_c: Constant<Bits<4>>,
}

/// The default link: 64 packet slots, 8-bit sequence numbers.
pub type TxLinkDefault = TxLink<6, 9, LINK_SEQ_BITS>;

impl<const B: usize, const BI: usize, const S: usize> TxLink<B, BI, S> {
    pub fn new(cfg: TxConfig) -> Self {
        assert_eq!(BI, B + 3, "TxLink: BI must be B + 3 (8 items per packet)");
        assert!(S >= B + 2 && S <= 9, "TxLink: sequence width {S} must exceed slot bits {B} by 2 (go-back-N window; `send - ack` wraps when acks overtake a resend) and be at most 9");
        assert!(
            (1..=7).contains(&cfg.idle_burst),
            "TxLink: idle_burst {} out of 1..=7",
            cfg.idle_burst
        );
        assert!(
            cfg.ack_timeout >= 64,
            "TxLink: ack_timeout {} below 64 cycles",
            cfg.ack_timeout
        );
        Self {
            clock: Default::default(),
            reset: Default::default(),
            inj_data: Default::default(),
            inj_dest: Default::default(),
            inj_valid: Default::default(),
            inj_ready: Default::default(),
            fb_req: Default::default(),
            fb_nak: Default::default(),
            fb_seq: Default::default(),
            peer_fb: Default::default(),
            peer_nak: Default::default(),
            peer_seq: Default::default(),
            offline: Default::default(),
            restart_limit: Default::default(),
            restart_cnt_load: Default::default(),
            restart_cnt_wdata: Default::default(),
            force_d: Default::default(),
            force_c: Default::default(),
            forced_d: Default::default(),
            forced_c: Default::default(),
            txd: Default::default(),
            txc: Default::default(),
            ev_nak: Default::default(),
            ev_resend: Default::default(),
            ev_restart_ovf: Default::default(),
            ev_fb_mismatch: Default::default(),
            ev_bad_header: Default::default(),
            ev_fifo_ovf: Default::default(),
            ev_buf_full: Default::default(),
            ev_offline_write: Default::default(),
            ev_fb_in_acc: Default::default(),
            ev_fb_out_acc: Default::default(),
            restart_cnt: Default::default(),
            busy: Default::default(),
            fifo_not_empty: Default::default(),
            fifo_ge8: Default::default(),
            fifo_af: Default::default(),
            buf_not_empty: Default::default(),
            inflight: Default::default(),
            lanes: Default::default(),
            dest_ram: Default::default(),
            to_ack_r: Default::default(),
            to_next_r: Default::default(),
            to_ack: Default::default(),
            to_next: Default::default(),
            send1: Default::default(),
            send1_r: DffInit::new(1.into()),
            sendm1_r: DffInit::new(((1u64 << S) - 1).into()),
            ackm1_r: DffInit::new(((1u64 << S) - 1).into()),
            fill1_r: DffInit::new(1.into()),
            room_r: Default::default(),
            prog_r: Default::default(),
            prog_rr: Default::default(),
            ev_nak_r: Default::default(),
            ev_resend_r: Default::default(),
            ev_restart_ovf_r: Default::default(),
            ev_fb_mismatch_r: Default::default(),
            ev_bad_header_r: Default::default(),
            ev_fifo_ovf_r: Default::default(),
            ev_buf_full_r: Default::default(),
            ev_offline_write_r: Default::default(),
            ev_fb_in_acc_r: Default::default(),
            ev_fb_out_acc_r: Default::default(),
            fifo_not_empty_r: Default::default(),
            fifo_ge8_r: Default::default(),
            fifo_af_r: Default::default(),
            buf_not_empty_r: Default::default(),
            inflight_r: Default::default(),
            lane: Default::default(),
            nitem: Default::default(),
            prime: Default::default(),
            consume: Default::default(),
            advance: Default::default(),
            send_n: Default::default(),
            wr_addr: Default::default(),
            rd_addr: Default::default(),
            pcrc: CrcClear::new(&CRC32_IEEE),
            sink_crc: Default::default(),
            fb_enc: Default::default(),
            hdr_enc: Default::default(),
            ack_p: Default::default(),
            send_p: Default::default(),
            high_p: Default::default(),
            fill_p: Default::default(),
            fill_item: Default::default(),
            cur_dest: Default::default(),
            widx: Default::default(),
            wbusy: Default::default(),
            wlast: Default::default(),
            fb_pend: Default::default(),
            fb_kind: Default::default(),
            fb_seq_r: Default::default(),
            rst_pend: Default::default(),
            pkt_cnt: Default::default(),
            idle_left: Default::default(),
            idle_nz: Default::default(),
            timer: Default::default(),
            tclr: Default::default(),
            tclr_r: Default::default(),
            rcnt: Default::default(),
            pfb_r: Default::default(),
            pnak_r: Default::default(),
            pseq_r: Default::default(),
            crc_v: Default::default(),
            txp_r: Default::default(),
            txsel_r: Default::default(),
            crcsel_r: Default::default(),
            txd_r: DffInit::new((Word::idle().d as u64).into()),
            txc_r: DffInit::new((tnw::C_CONTROL as u64).into()),
            occ: Default::default(),
            infl: Default::default(),
            ovt_r: Default::default(),
            sf_r: Default::default(),
            d_sa: Default::default(),
            d_sp: Default::default(),
            d_sp1: Default::default(),
            d_s1a: Default::default(),
            d_ov: Default::default(),
            fb_ack: Default::default(),
            d_ap: Default::default(),
            fill1: Default::default(),
            nx_s1: Default::default(),
            nx_sa: Default::default(),
            nx_fill: Default::default(),
            fbok_r: Default::default(),
            ge_ack: Default::default(),
            ge_p: Default::default(),
            lt_high: Default::default(),
            rbase: Default::default(),
            nowrap_ack: Default::default(),
            nowrap_p: Default::default(),
            win_ack: Default::default(),
            win_p: Default::default(),
            fbok_n: Default::default(),
            high_inc: Default::default(),
            stale: Default::default(),
            inj_go: Default::default(),
            wn: Default::default(),
            pword: Default::default(),
            jump: Default::default(),
            fb_valid: Default::default(),
            progress: Default::default(),
            cut: Default::default(),
            send_pay: Default::default(),
            c_slots: k(1 << B),
            c_slots_m1: k((1 << B) - 1),
            c_eight: k(8),
            c_one_s: k(1),
            c_all_s: Constant::new(((1u64 << S) - 1).into()),
            c_msb_s: k(1 << (S - 1)),
            c_zero_s: k(0),
            c_w_crc_m1: k(tnw::PACKET_WORDS as u64 - 2),
            c_one6: k(1),
            c_zero6: k(0),
            c_item_last: k(7),
            c_one3: k(1),
            c_zero3: k(0),
            c_burst: k(cfg.idle_burst as u64),
            c_pkt_last: k(255),
            c_one8: k(1),
            c_zero8: k(0),
            c_max8: k(255),
            c_timeout: k(cfg.ack_timeout as u64),
            c_one16: k(1),
            c_zero16: k(0),
            c_lane0: k(0),
            c_lane1: k(1),
            c_lane2: k(2),
            c_lane3: k(3),
            c_kind_ack: k(KIND_ACK),
            c_kind_nak: k(KIND_NAK),
            c_idle: k(Word::idle().d as u64),
            c_restart: k(Word::control(tnw::Ctrl::Restart, 0).d as u64),
            c_ctrl: k(tnw::C_CONTROL as u64),
            c_hdr: k(tnw::C_HEADER as u64),
            c_data: k(tnw::C_DATA as u64),
            c_force_d: k(tnw::BACATXD_WORD as u64),
            c_force_c: k(tnw::BACATXC_FLAGS as u64),
        }
    }
}

impl<const B: usize, const BI: usize, const S: usize> Logic for TxLink<B, BI, S> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            ovt_r,
            sf_r,
            ack_p,
            fbok_r,
            send_p,
            high_p,
            fill_p,
            fill_item,
            cur_dest,
            widx,
            wbusy,
            wlast,
            fb_pend,
            fb_kind,
            fb_seq_r,
            rst_pend,
            pkt_cnt,
            idle_left,
            idle_nz,
            timer,
            tclr_r,
            rcnt,
            pfb_r,
            pnak_r,
            pseq_r,
            crc_v,
            txd_r,
            txc_r,
            to_ack_r,
            to_next_r,
            room_r,
            prog_r,
            prog_rr,
            txp_r,
            lane,
            nitem,
            send1_r,
            sendm1_r,
            ackm1_r,
            fill1_r,
            ev_nak_r,
            ev_resend_r,
            ev_restart_ovf_r,
            ev_fb_mismatch_r,
            ev_bad_header_r,
            ev_fifo_ovf_r,
            ev_buf_full_r,
            ev_offline_write_r,
            ev_fb_in_acc_r,
            ev_fb_out_acc_r,
            fifo_not_empty_r,
            fifo_ge8_r,
            fifo_af_r,
            buf_not_empty_r,
            inflight_r,
            txsel_r,
            crcsel_r
        );
        // ---- pointers and occupancy ----
        self.occ.next = self.fill_p.q.val() - self.ack_p.q.val();
        self.infl.next = self.high_p.q.val() - self.ack_p.q.val();
        self.pfb_r.d.next = self.peer_fb.val();
        self.pnak_r.d.next = self.peer_nak.val();
        self.pseq_r.d.next = self.peer_seq.val();
        self.stale.next = self.ackm1_r.q.val() - self.pseq_r.q.val();
        // a register, in its own statement, so Verilator sees no loop through the injector and
        // the injector's decisions start at a flop: room after this cycle's write (the last
        // free slot fills when its last item goes in now); acks free room a cycle later
        self.inj_go.next = self.inj_valid.val() && self.room_r.q.val();
        self.inj_ready.next = self.room_r.q.val();
        self.room_r.d.next = (self.occ.val() < self.c_slots_m1.val())
            || ((self.occ.val() == self.c_slots_m1.val())
                && !(self.inj_go.val() && (self.fill_item.q.val() == self.c_item_last.val())));

        // ---- injection into the slot of `fill` ----
        self.wr_addr.lo.next = self.fill_item.q.val();
        self.wr_addr.hi.next = self.fill_p.q.val().get_bits::<B>(0);
        for i in 0..4 {
            self.lanes[i].write_clock.next = self.clock.val();
            self.lanes[i].read_clock.next = self.clock.val();
            self.lanes[i].write_address.next = self.wr_addr.y.val();
            self.lanes[i].write_data.next = self.inj_data[i].val();
            self.lanes[i].write_enable.next = self.inj_go.val();
        }
        for i in 0..3 {
            self.dest_ram[i].write_clock.next = self.clock.val();
            self.dest_ram[i].read_clock.next = self.clock.val();
            self.dest_ram[i].write_address.next = self.fill_p.q.val().get_bits::<B>(0);
            self.dest_ram[i].write_data.next = self.inj_dest.val();
            self.dest_ram[i].write_enable.next =
                self.inj_go.val() && (self.fill_item.q.val() == self.c_zero3.val());
        }
        // the stream interface back-pressures: an item can never be written into a full TXFIFO
        self.ev_fifo_ovf_r.d.next = false;
        self.ev_offline_write_r.d.next = self.inj_go.val() && self.offline.val();
        self.ev_bad_header_r.d.next = false;
        if self.inj_go.val() {
            self.fill_item.d.next = self.fill_item.q.val() + self.c_one3.val();
            if self.fill_item.q.val() == self.c_item_last.val() {
                self.fill_p.d.next = self.fill1_r.q.val();
                self.fill1_r.d.next = self.fill1_r.q.val() + self.c_one_s.val();
            }
            if self.fill_item.q.val() == self.c_zero3.val() {
                self.cur_dest.d.next = self.inj_dest.val();
            } else if self.inj_dest.val() != self.cur_dest.q.val() {
                self.ev_bad_header_r.d.next = true;
            }
        }

        // ---- feedback requests from the local RXLINK ----
        self.ev_fb_out_acc_r.d.next = false;
        self.fb_enc.kind.next = self.fb_kind.q.val();
        self.fb_enc.seq.next = self.fb_seq_r.q.val();

        // ---- feedback from the peer ----
        self.ev_nak_r.d.next = false;
        self.ev_fb_mismatch_r.d.next = false;
        self.ev_fb_in_acc_r.d.next = false;
        // the window test `ack <= seq < high` (modulo 2^S: `seq - ack < high - ack`) is made a
        // cycle ahead, as the feedback is registered, against the `ack` and `high` the feedback
        // will meet. `ack` then is `ack`, or this feedback's `p` (NAK) or `p + 1` (ACK);
        // `high` is `high` or `high + 1`. With `p` in the window (so `high - p >= 1`):
        //   seq in [p + 1, high)    <=>  seq in [p, high) and seq != p
        //   seq in [a, high + 1)    <=>  seq in [a, high) or seq == high
        // so two window tests serve, and the choice among them follows them. A window test
        // `seq - a < high - a` is made without the subtractions (one compare deep, not a
        // subtraction and a compare in series): `a <= seq && seq < high` when `a <= high`,
        // else (the window wraps past 2^S) `a <= seq || seq < high`; `a == high` is empty.
        self.ge_ack.next = self.peer_seq.val() >= self.ack_p.q.val();
        self.ge_p.next = self.peer_seq.val() >= self.pseq_r.q.val();
        self.lt_high.next = self.peer_seq.val() < self.high_p.q.val();
        self.nowrap_ack.next = self.high_p.q.val() >= self.ack_p.q.val();
        self.nowrap_p.next = self.high_p.q.val() >= self.pseq_r.q.val();
        self.win_ack.next = self.ge_ack.val() || self.lt_high.val();
        if self.nowrap_ack.val() {
            self.win_ack.next = self.ge_ack.val() && self.lt_high.val();
        }
        self.win_p.next = self.ge_p.val() || self.lt_high.val();
        if self.nowrap_p.val() {
            self.win_p.next = self.ge_p.val() && self.lt_high.val();
        }
        self.fb_valid.next = self.pfb_r.q.val() && self.fbok_r.q.val();
        self.progress.next = false;
        self.cut.next = false;
        self.wn.next = self.widx.q.val();
        // the RESTART and CRC-word branches below, spelled out flat (the RAM copy to read
        // next is chosen off the priority chain)
        self.to_ack.next = !self.offline.val()
            && !self.fb_pend.q.val()
            && !self.wbusy.q.val()
            && self.rst_pend.q.val();
        self.to_next.next = !self.offline.val() && !self.fb_pend.q.val() && self.wlast.q.val();
        self.send1.next = self.send1_r.q.val();
        // the lane RAMs' read pipeline (see `lane`): between packets (no packet, or its CRC
        // word next) the output registers reload every cycle with item 0 of the slot sent next,
        // so a header's first payload word is there in the cycle after the header; inside a
        // packet a payload word is decided only in the payload branch (`consume`, flat: every
        // branch before it needs `!wbusy`, offline or feedback), and the output registers move
        // to the next item after its lane-3 word. A feedback word between two payload words
        // holds all of it.
        self.prime.next = !self.wbusy.q.val() || self.wlast.q.val();
        self.consume.next = !self.offline.val()
            && !self.fb_pend.q.val()
            && self.wbusy.q.val()
            && !self.wlast.q.val();
        self.advance.next = self.consume.val() && (self.lane.q.val() == self.c_lane3.val());
        if self.prime.val() {
            self.lane.d.next = self.c_lane0.val();
            self.nitem.d.next = self.c_one3.val();
        } else if self.consume.val() {
            self.lane.d.next = self.lane.q.val() + self.c_lane1.val();
            if self.advance.val() {
                self.nitem.d.next = self.nitem.q.val() + self.c_one3.val();
            }
        }
        if self.pfb_r.q.val() && self.pnak_r.q.val() {
            self.ev_nak_r.d.next = true;
        }
        if self.fb_valid.val() {
            if self.pnak_r.q.val() {
                self.ack_p.d.next = self.pseq_r.q.val();
                self.ackm1_r.d.next = self.pseq_r.q.val() - self.c_one_s.val();
                self.progress.next = self.pseq_r.q.val() != self.ack_p.q.val();
                if self.rst_pend.q.val() {
                    self.ev_fb_in_acc_r.d.next = true;
                }
                self.rst_pend.d.next = true;
                self.cut.next = true;
            } else {
                self.ack_p.d.next = self.pseq_r.q.val() + self.c_one_s.val();
                self.ackm1_r.d.next = self.pseq_r.q.val();
                self.progress.next = true;
            }
        } else if self.pfb_r.q.val() && !(self.stale.val() < self.c_slots.val()) {
            self.ev_fb_mismatch_r.d.next = true;
        }

        // ---- acknowledgement timeout ----
        // progress acts a cycle later (registered: off the feedback compare's path)
        self.prog_r.d.next = self.progress.val();
        // The count restarts (is 0 after the cycle) with progress, with nothing in flight and
        // offline (`tclr`). `timer` takes that clear a cycle later, from a flop (`tclr_r`), so
        // the clear's compare is off its sixteen flops: it is 1 after a `tclr_r`, as the count
        // is unless `tclr` holds again (which `tclr_r` then shows), so `timer` equals the count
        // whenever `tclr_r` is low; while it is high the count is 0, never the timeout.
        self.tclr.next = self.prog_r.q.val()
            || (self.high_p.q.val() == self.ack_p.q.val())
            || self.offline.val();
        self.tclr_r.d.next = self.tclr.val();
        if self.tclr_r.q.val() {
            self.timer.d.next = self.c_one16.val();
        } else if self.timer.q.val() == self.c_timeout.val() {
            self.timer.d.next = self.c_zero16.val();
            if !self.tclr.val() {
                self.rst_pend.d.next = true;
            }
        } else {
            self.timer.d.next = self.timer.q.val() + self.c_one16.val();
        }
        self.prog_rr.d.next = self.prog_r.q.val();

        // ---- forced errors ----
        self.forced_d.next = false;
        self.forced_c.next = false;

        // ---- the word sent next ----
        self.hdr_enc.dest.next = self.dest_ram[0].read_data.val();
        if self.to_ack_r.q.val() {
            self.hdr_enc.dest.next = self.dest_ram[1].read_data.val();
        }
        if self.to_next_r.q.val() {
            self.hdr_enc.dest.next = self.dest_ram[2].read_data.val();
        }
        self.hdr_enc.seq.next = self.send_p.q.val();
        // the word decided now, from the lane RAMs' output registers by `lane` (a 4:1 mux of
        // flops into `txp_r`)
        self.pword.next = self.lanes[0].read_data.val();
        if self.lane.q.val() == self.c_lane1.val() {
            self.pword.next = self.lanes[1].read_data.val();
        }
        if self.lane.q.val() == self.c_lane2.val() {
            self.pword.next = self.lanes[2].read_data.val();
        }
        if self.lane.q.val() == self.c_lane3.val() {
            self.pword.next = self.lanes[3].read_data.val();
        }
        self.txd_r.d.next = self.c_idle.val();
        self.crcsel_r.d.next = false;
        self.txc_r.d.next = self.c_ctrl.val();
        self.crc_v.d.next = false;
        // the payload word has a register of its own (the lane mux after the RAMs' output
        // registers; the header's branch puts the header there instead, for the CRC), and
        // `txd` and the CRC take it after the flop (a RAM read must not run through the
        // priority chain)
        self.txp_r.d.next = self.pword.val();
        self.send_pay.next = false;
        // the CRC returns to its initial value in every cycle without a packet being sent
        // (`wbusy` low: from the cycle after the last payload word's, or a cut, to the header's
        // branch), so a header starts it without a restart in its loop
        self.pcrc.clear.next = !self.wbusy.q.val() || self.reset.val();
        self.pcrc.valid.next = self.crc_v.q.val();
        self.pcrc.data.next = self.txp_r.q.val();
        self.ev_resend_r.d.next = false;
        self.ev_restart_ovf_r.d.next = false;
        self.busy.next = self.wbusy.q.val();
        self.high_inc.next = false;
        if self.offline.val() {
            // cut any packet; coming back online starts with RESTART and a resend from `ack`
            self.wn.next = self.c_zero6.val();
            self.wbusy.d.next = false;
            self.wlast.d.next = false;
            self.rst_pend.d.next = true;
        } else if self.fb_pend.q.val() {
            self.txd_r.d.next = self.fb_enc.d.val();
            self.fb_pend.d.next = false;
        } else if !self.wbusy.q.val() && self.rst_pend.q.val() {
            self.txd_r.d.next = self.c_restart.val();
            self.rst_pend.d.next = false;
            // a RESTART with nothing in flight (coming online) is no entry into resend
            self.ev_resend_r.d.next = self.high_p.q.val() != self.ack_p.q.val();
        } else if !self.wbusy.q.val() && self.idle_nz.q.val() {
            self.idle_left.d.next = self.idle_left.q.val() - self.c_one3.val();
            self.idle_nz.d.next = self.idle_left.q.val() != self.c_one3.val();
        } else if !self.wbusy.q.val() && self.ovt_r.q.val() {
            // acknowledgements overtook a resend (`jump`, below): nothing is sent
        } else if !self.wbusy.q.val() && self.sf_r.q.val() {
            self.txd_r.d.next = self.hdr_enc.d.val();
            self.txc_r.d.next = self.c_hdr.val();
            self.txp_r.d.next = self.hdr_enc.d.val();
            self.crc_v.d.next = true;
            self.wn.next = self.c_one6.val();
            self.wbusy.d.next = true;
        } else if self.wlast.q.val() {
            // the last payload word is in the CRC stage now; `txd` selects the CRC's register
            // in the next cycle
            self.crcsel_r.d.next = true;
            self.txc_r.d.next = self.c_data.val();
            self.wn.next = self.c_zero6.val();
            self.wbusy.d.next = false;
            self.wlast.d.next = false;
        } else if self.wbusy.q.val() {
            self.txc_r.d.next = self.c_data.val();
            self.crc_v.d.next = true;
            self.wn.next = self.widx.q.val() + self.c_one6.val();
            self.wlast.d.next = self.widx.q.val() == self.c_w_crc_m1.val();
            if self.force_d.val() {
                self.txd_r.d.next = self.c_force_d.val();
                self.forced_d.next = true;
            } else {
                self.send_pay.next = true;
            }
            if self.force_c.val() {
                self.txc_r.d.next = self.c_force_c.val();
                self.forced_c.next = true;
            }
        }
        self.txsel_r.d.next = self.send_pay.val();
        if self.fb_req.val() {
            // a pending request is sent this cycle unless offline; otherwise it is replaced
            if self.fb_pend.q.val() && self.offline.val() {
                self.ev_fb_out_acc_r.d.next = true;
            }
            self.fb_pend.d.next = true;
            self.fb_seq_r.d.next = self.fb_seq.val();
            if self.fb_nak.val() {
                self.fb_kind.d.next = self.c_kind_nak.val();
            } else {
                self.fb_kind.d.next = self.c_kind_ack.val();
            }
        }
        if self.cut.val() {
            // the peer drops everything until RESTART: cut the packet being sent. The lane RAMs
            // are read as if not cut: the next word is the RESTART (a cut sets `rst_pend`) or
            // feedback, never payload, so the read is unused and the compare stays off the
            // RAM's address
            self.wn.next = self.c_zero6.val();
            self.wbusy.d.next = false;
            self.wlast.d.next = false;
        }
        self.widx.d.next = self.wn.val();
        // `send` moves in three branches of the chain above, spelled out flat (their data
        // compares stay off `send`'s enable): after the CRC word (`to_next`: `wlast` implies
        // `wbusy`, so no branch before it can be taken) to `send + 1`; with a RESTART
        // (`to_ack`) or when acknowledgements overtook a resend (`jump`: `send - ack` wrapped,
        // as `ack` is never more than 2^B ahead of `send`, nor `send` of `ack`, and
        // S >= B + 2; nothing is sent and the lane RAMs are read again in the next cycle) to
        // `ack`. The CRC word's branch also counts the packet.
        self.jump.next = !self.offline.val()
            && !self.fb_pend.q.val()
            && !self.wbusy.q.val()
            && !self.rst_pend.q.val()
            && !self.idle_nz.q.val()
            && self.ovt_r.q.val();
        self.send_n.next = self.send_p.q.val();
        if self.to_next.val() {
            self.send_n.next = self.send1.val();
            self.send1_r.d.next = self.send1.val() + self.c_one_s.val();
            self.sendm1_r.d.next = self.send_p.q.val();
            if self.send_p.q.val() == self.high_p.q.val() {
                self.high_p.d.next = self.high_p.q.val() + self.c_one_s.val();
                self.high_inc.next = true;
            }
            self.pkt_cnt.d.next = self.pkt_cnt.q.val() + self.c_one8.val();
            if self.pkt_cnt.q.val() == self.c_pkt_last.val() {
                self.idle_left.d.next = self.c_burst.val();
                self.idle_nz.d.next = self.c_burst.val() != self.c_zero3.val();
            }
        }
        if self.to_ack.val() || self.jump.val() {
            self.send_n.next = self.ack_p.q.val();
            self.send1_r.d.next = self.ack_p.q.val() + self.c_one_s.val();
            self.sendm1_r.d.next = self.ackm1_r.q.val();
        }
        self.send_p.d.next = self.send_n.val();
        // `ovt_r` and `sf_r` for the next cycle's pointers (see their declaration). `ovt_r` is
        // the sign of `d_ov`, the next cycle's `send - ack`, chosen among the differences the
        // pointers' next values can have. A NAK sets `rst_pend`, which keeps `jump` and the
        // chain's `ovt_r` branch off until the RESTART's branch (`nx_sa`) moves `send`, so
        // `ovt_r` is not looked at after a NAK and follows only `ack` moved by an ACK, or by
        // a NAK that meets the RESTART's or the jump's branch.
        self.nx_s1.next = self.to_next.val();
        self.nx_sa.next = self.to_ack.val() || self.jump.val();
        self.nx_fill.next = self.inj_go.val() && (self.fill_item.q.val() == self.c_item_last.val());
        self.d_sa.next = self.send_p.q.val() - self.ack_p.q.val();
        self.d_sp.next = self.send_p.q.val() - self.pseq_r.q.val();
        self.d_sp1.next = self.sendm1_r.q.val() - self.pseq_r.q.val();
        self.d_s1a.next = self.send1.val() - self.ack_p.q.val();
        self.d_ap.next = self.ack_p.q.val() - self.pseq_r.q.val();
        self.fb_ack.next = self.fb_valid.val() && !self.pnak_r.q.val();
        self.d_ov.next = self.d_sa.val();
        if self.fb_ack.val() {
            self.d_ov.next = self.d_sp1.val();
        }
        if self.nx_s1.val() {
            self.d_ov.next = self.d_s1a.val();
            if self.fb_ack.val() {
                self.d_ov.next = self.d_sp.val();
            }
        }
        if self.nx_sa.val() {
            self.d_ov.next = self.c_zero_s.val();
            if self.fb_valid.val() && self.pnak_r.q.val() {
                self.d_ov.next = self.d_ap.val();
            }
            if self.fb_ack.val() {
                self.d_ov.next = self.stale.val();
            }
        }
        self.ovt_r.d.next = (self.d_ov.val() & self.c_msb_s.val()) != self.c_zero_s.val();
        self.fill1.next = self.fill1_r.q.val();
        self.sf_r.d.next = self.send_p.q.val() != self.fill_p.q.val();
        if self.nx_fill.val() {
            self.sf_r.d.next = self.send_p.q.val() != self.fill1.val();
        }
        if self.nx_s1.val() {
            self.sf_r.d.next = self.send1.val() != self.fill_p.q.val();
            if self.nx_fill.val() {
                self.sf_r.d.next = self.send_p.q.val() != self.fill_p.q.val();
            }
        }
        if self.nx_sa.val() {
            self.sf_r.d.next = self.ack_p.q.val() != self.fill_p.q.val();
            if self.nx_fill.val() {
                self.sf_r.d.next = self.ack_p.q.val() != self.fill1.val();
            }
        }
        // the window test for the feedback registered now (see `win_ack`)
        self.fbok_n.next = self.win_ack.val();
        if self.fb_valid.val() {
            self.fbok_n.next = self.win_p.val();
            if !self.pnak_r.q.val() {
                self.fbok_n.next = self.win_p.val() && (self.peer_seq.val() != self.pseq_r.q.val());
            }
        }
        self.fbok_r.d.next = self.fbok_n.val()
            || (self.high_inc.val() && (self.peer_seq.val() == self.high_p.q.val()));
        self.to_ack_r.d.next = self.to_ack.val() || self.jump.val();
        self.to_next_r.d.next = self.to_next.val();
        self.dest_ram[0].read_address.next = self.send_p.q.val().get_bits::<B>(0);
        self.dest_ram[1].read_address.next = self.ack_p.q.val().get_bits::<B>(0);
        self.dest_ram[2].read_address.next = self.send1.val().get_bits::<B>(0);
        // the lane RAMs read, in the slot sent from the next cycle on (`send_n`, as the
        // destination RAMs are read: the branches that move `send` are all between packets),
        // item 0 between packets and `nitem` inside one
        self.rd_addr.lo.next = self.nitem.q.val();
        if self.prime.val() {
            self.rd_addr.lo.next = self.c_zero3.val();
        }
        self.rd_addr.hi.next = self.send_n.val().get_bits::<B>(0);
        for i in 0..4 {
            self.lanes[i].read_address.next = self.rd_addr.y.val();
            self.lanes[i].out_enable.next = self.prime.val() || self.advance.val();
        }
        self.pcrc.clock.next = self.clock.val();

        self.sink_crc.x.next = self.pcrc.crc_next.val();

        // ---- status ----
        // consecutive RESTARTs without progress: a resend's RESTART is counted from its
        // registered event and progress clears from `prog_rr`, both a cycle after they happened
        // (off the decision path). Progress clears every earlier RESTART; one in the same cycle
        // as the progress counts as the first of a new run.
        // `rbase` is the count a RESTART in this cycle continues: 0 after progress.
        self.rbase.next = self.rcnt.q.val();
        if self.prog_rr.q.val() {
            self.rbase.next = self.c_zero8.val();
            self.rcnt.d.next = self.c_zero8.val();
        }
        if self.ev_resend_r.q.val() {
            if self.rbase.val() != self.c_max8.val() {
                self.rcnt.d.next = self.rbase.val() + self.c_one8.val();
            }
            if self.rbase.val() >= self.restart_limit.val() {
                self.ev_restart_ovf_r.d.next = true;
            }
        }
        self.ev_buf_full_r.d.next = self.infl.val() == self.c_slots.val();
        if self.restart_cnt_load.val() {
            self.rcnt.d.next = self.restart_cnt_wdata.val();
        }
        self.restart_cnt.next = self.rcnt.q.val();
        self.fifo_not_empty_r.d.next = self.fill_p.q.val() != self.high_p.q.val();
        self.fifo_ge8_r.d.next = (self.fill_p.q.val() - self.high_p.q.val()) >= self.c_eight.val();
        self.fifo_af_r.d.next = self.occ.val() >= self.c_slots_m1.val();
        self.buf_not_empty_r.d.next = self.high_p.q.val() != self.ack_p.q.val();
        self.inflight_r.d.next = self.infl.val();
        self.txd.next = self.txd_r.q.val();
        if self.crcsel_r.q.val() {
            self.txd.next = self.pcrc.crc.val();
        }
        if self.txsel_r.q.val() {
            self.txd.next = self.txp_r.q.val();
        }
        self.txc.next = self.txc_r.q.val();

        // events and status leave from registers (into the exception bits and counters)
        self.ev_nak.next = self.ev_nak_r.q.val();
        self.ev_resend.next = self.ev_resend_r.q.val();
        self.ev_restart_ovf.next = self.ev_restart_ovf_r.q.val();
        self.ev_fb_mismatch.next = self.ev_fb_mismatch_r.q.val();
        self.ev_bad_header.next = self.ev_bad_header_r.q.val();
        self.ev_fifo_ovf.next = self.ev_fifo_ovf_r.q.val();
        self.ev_buf_full.next = self.ev_buf_full_r.q.val();
        self.ev_offline_write.next = self.ev_offline_write_r.q.val();
        self.ev_fb_in_acc.next = self.ev_fb_in_acc_r.q.val();
        self.ev_fb_out_acc.next = self.ev_fb_out_acc_r.q.val();
        self.fifo_not_empty.next = self.fifo_not_empty_r.q.val();
        self.fifo_ge8.next = self.fifo_ge8_r.q.val();
        self.fifo_af.next = self.fifo_af_r.q.val();
        self.buf_not_empty.next = self.buf_not_empty_r.q.val();
        self.inflight.next = self.inflight_r.q.val();
        if self.reset.val() {
            self.ack_p.d.next = self.c_zero_s.val();
            self.fbok_r.d.next = false;
            self.ovt_r.d.next = false;
            self.sf_r.d.next = false;
            self.send_p.d.next = self.c_zero_s.val();
            self.send1_r.d.next = self.c_one_s.val();
            self.sendm1_r.d.next = self.c_all_s.val();
            self.ackm1_r.d.next = self.c_all_s.val();
            self.high_p.d.next = self.c_zero_s.val();
            self.fill_p.d.next = self.c_zero_s.val();
            self.fill1_r.d.next = self.c_one_s.val();
            self.fill_item.d.next = self.c_zero3.val();
            self.widx.d.next = self.c_zero6.val();
            self.lane.d.next = self.c_lane0.val();
            self.nitem.d.next = self.c_one3.val();
            self.wbusy.d.next = false;
            self.wlast.d.next = false;
            self.fb_pend.d.next = false;
            self.rst_pend.d.next = false;
            self.pkt_cnt.d.next = self.c_zero8.val();
            self.idle_left.d.next = self.c_zero3.val();
            self.idle_nz.d.next = false;
            self.timer.d.next = self.c_zero16.val();
            self.tclr_r.d.next = true;
            self.rcnt.d.next = self.c_zero8.val();
            self.crc_v.d.next = false;
            self.txd_r.d.next = self.c_idle.val();
            self.txc_r.d.next = self.c_ctrl.val();
            self.txsel_r.d.next = false;
            self.crcsel_r.d.next = false;
        }
    }
}

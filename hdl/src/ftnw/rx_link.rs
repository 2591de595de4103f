//! RXLINK (thesis §2.4.4, protocol §2.2): takes the words RXSYNC delivers with their class (RXSYNC
//! decodes them on the PHY side, `codec::WordDecode`), checks packets
//! (sequence, CRC-32, dirty decoding, timeout), asks the local TXLINK for ACK/NAK, passes the
//! peer's ACK/NAK to it, and stores accepted packets in the reception buffer, delivered as a
//! packet stream with back-pressure.
//!
//! States: WAIT (for a header), RECV (receiving the expected packet), DUP (receiving a packet
//! already accepted: checked, dropped, acknowledged again), DROP (after a NAK: everything is
//! dropped without feedback until RESTART). RESTART from any state returns to WAIT and
//! abandons a partial packet. ACK/NAK characters are handled in any state, also between two
//! words of a packet. NAK causes: CRC, dirty word inside a packet, missed header (a sequence
//! number ahead of the expected one), buffer full (no room for a whole packet at its header),
//! timeout (no word for `rx_timeout` cycles inside a packet).
//!
//! Acknowledgements (RX_ACK, a project extension): ACKs are cumulative, so one may cover
//! several committed packets, as PCIe's data link layer coalesces them. The ACK of a committed
//! packet is asked for with its commit when it is the `ack_every`-th held back (0 or 1, the
//! reset value: every packet, as the thesis does), otherwise `ack_delay + 2` cycles after the
//! first held-back packet's commit (ACK of the last committed), or never when a NAK comes
//! first (a NAK acknowledges everything before it). A duplicate is acknowledged again at once.
//! Feedback requests leave from a register stage, one cycle after the word that caused them
//! (after the CRC verdict for a packet's ACK or CRC NAK). When a commit and a NAK for the
//! next header fall in one cycle, the NAK alone is asked for: it acknowledges the committed
//! packet too.
//!
//! Reception buffer (thesis §2.4.4 PCKBUFFER and DESCRFIFO): `NS = 2^SB` packet slots of 32
//! words in one block RAM (`PB = SB + 5` address bits), a free pool (one bit per slot), and per
//! VC a descriptor queue kept as a linked list through the slots (head, tail, count; a slot's
//! link and `{rao, vc}` in registers), so a VC's queue can hold every slot and never overflows
//! (FTNW-H164). A packet takes the lowest free slot at its header (none free: NAK "buffer
//! full", wErrW), is written as it arrives, and is committed (descriptor queued on its VC)
//! only after its CRC checked; its slot leaves the pool at its CRC word, and a bad packet
//! returns it with the verdict. So no packet is delivered twice, out of order within its VC or
//! with a bad CRC.
//! Delivery (the match half of PCKARB): among the VCs with a queued packet whose bit of
//! `vc_ready` is set (RXBUFF: a credit is available), round-robin after the VC served last, one
//! whole packet at a time; a VC without `vc_ready` never holds back the others (FTNW-H014,
//! H165). 32 words per packet, `out_first`/`out_last`, `out_dest` = `{rao, vc}`; the slot
//! returns to the pool with the last word. The picks are made a cycle before they are used,
//! from the VCs eligible in the cycle before that, and registered with the slot they lead to; a
//! registered pick is taken only if its VC was eligible in the cycle before its use too (so its
//! queue head, or for the VC being delivered the slot after it, still holds: a head moves only
//! with a pop, and the pick is not used in the cycle after one), else the next pick follows a
//! cycle later. The selection so looks at registers alone: the round-robin logic, the queue
//! heads' mux and `vc_ready` are off its path. A `vc_ready` bit is obeyed from the cycle after
//! it clears (a pick used in the cycle it clears was checked against the cycle before); RXBUFF
//! clears it a cycle before a credit reset takes the credit. One idle
//! cycle between packets, 33 cycles per packet against 34 words per packet on the line.
//! `out_next` marks the pending cycle, with the picked packet's `{rao, vc}` already on
//! `out_dest`, so RXBUFF computes its address while the first word is read.
//!
//! The CRC verdict: the CRC word is compared with the CRC register at its cycle and the result
//! registered (`crc_ok`); the verdict acts in the next cycle (`good`: commit, queue on the VC,
//! `exp` + 1, ACK; `bad`: NAK, the slot back to the pool, DROP), which takes the word after the
//! CRC word as WAIT does (a header of the next packet back to back), or as DROP after a bad
//! CRC. So the 32-bit compare ends at a flop, and the commit's enables (the queue, the free
//! pool, each slot's destination, `exp`, the feedback) start at flops. A header in the
//! verdict's cycle is checked against `exp + 1` after a good CRC, and takes a slot other than
//! the one being judged (it left the pool at the CRC word).
//!
//! Timing: an input stage registers the word from RXSYNC and its class, so every decision
//! (the sequence compares, the state, the CRC's controls, which take every header and data word
//! whatever the state) starts at a flop; the events leave from registers too. Latency: the
//! packet is offered 8 cycles after its CRC word arrives; feedback leaves 2 cycles after the
//! word that caused it, 3 after a CRC word (input stage, verdict, feedback register).

use super::codec::{
    CLS_CTRL, CLS_DATA, CLS_DCLASS, CLS_DIRTY, CLS_HDR, CLS_KIND, KIND_ACK, KIND_NAK, KIND_RESTART,
    LINK_SEQ_BITS,
};
use crate::common::arbiter::RrPick;
use crate::common::prim::{k, Concat, DffInit, IdxMux};
use crate::common::{crc::Crc, ram::BlockRamReg, unused::Unused};
use nicgen_wire::crc::CRC32_IEEE;
use nicgen_wire::ftnw::link as tnw;
use rust_hdl::prelude::*;

// The kernel reads the class byte and the word's fields at these bit positions as literals
// (rust-hdl's `get_bits` takes no named constant).
const _: () = assert!(
    CLS_DATA == 0
        && CLS_HDR == 1
        && CLS_CTRL == 2
        && CLS_DIRTY == 3
        && CLS_KIND == 4
        && CLS_DCLASS == 6
);
const _: () = assert!(tnw::HDR_SEQ_LSB == 22 && tnw::CTRL_SEQ_LSB == 8 && tnw::HDR_DEST_LSB == 8);

#[derive(Clone, Copy, Debug)]
pub struct RxConfig {
    /// Cycles without a word inside a packet before it is abandoned with NAK (timeout).
    pub rx_timeout: u16,
}

impl Default for RxConfig {
    fn default() -> Self {
        Self { rx_timeout: 256 }
    }
}

const ST_WAIT: u64 = 0;
const ST_RECV: u64 = 1;
const ST_DROP: u64 = 2;
const ST_DUP: u64 = 3;

#[derive(LogicBlock)]
pub struct RxLink<const S: usize, const SB: usize, const NS: usize, const PB: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Words from RXSYNC (IDLEs removed), one per cycle at most; always accepted.
    pub rxd: Signal<In, Bits<32>>,
    /// The word's class byte (`codec::CLS_*`, from RXSYNC's `WordDecode`).
    pub rxf: Signal<In, Bits<8>>,
    pub rxv: Signal<In, Bit>,
    pub offline: Signal<In, Bit>,
    /// Acknowledgement coalescing (RX_ACK): one ACK covers up to `ack_every` committed packets
    /// (0 and 1: each its own ACK); a held-back ACK is asked for `ack_delay + 2` cycles after
    /// the first packet it covers was committed (or covered by the next NAK, which
    /// acknowledges everything before it).
    pub ack_every: Signal<In, Bits<4>>,
    pub ack_delay: Signal<In, Bits<10>>,
    /// Feedback for the local TXLINK to send.
    pub fb_req: Signal<Out, Bit>,
    pub fb_nak: Signal<Out, Bit>,
    pub fb_seq: Signal<Out, Bits<S>>,
    /// Feedback received from the peer, for the local TXLINK (`peer_nak` and `peer_seq` are
    /// valid with `peer_fb`).
    pub peer_fb: Signal<Out, Bit>,
    pub peer_nak: Signal<Out, Bit>,
    pub peer_seq: Signal<Out, Bits<S>>,
    /// Delivered packets.
    pub out_data: Signal<Out, Bits<32>>,
    pub out_dest: Signal<Out, Bits<14>>,
    pub out_first: Signal<Out, Bit>,
    pub out_last: Signal<Out, Bit>,
    pub out_valid: Signal<Out, Bit>,
    pub out_ready: Signal<In, Bit>,
    /// A packet is picked and is offered from the next cycle: its `{rao, vc}` is already on
    /// `out_dest` this cycle (`out_valid` low), so a consumer can prepare for it.
    pub out_next: Signal<Out, Bit>,
    /// Bit v: VC v may be delivered (a credit is available for its next packet). Obeyed from
    /// the cycle after: a packet picked in the cycle a bit clears is still offered.
    pub vc_ready: Signal<In, Bits<8>>,
    /// One-cycle events.
    pub ev_dirty_cmd: Signal<Out, Bit>,
    pub ev_dirty_class: Signal<Out, Bits<2>>,
    pub ev_crc: Signal<Out, Bit>,
    pub ev_dirty_pkt: Signal<Out, Bit>,
    pub ev_timeout: Signal<Out, Bit>,
    pub ev_hdr_reject: Signal<Out, Bit>,
    pub ev_full_reject: Signal<Out, Bit>,
    pub ev_offline_data: Signal<Out, Bit>,
    /// One-hot NAK cause (RX_EXC bits 20:16, bit order of `nicgen_wire::ftnw::link::NakCause`) when a
    /// NAK is asked for.
    pub nak_cause: Signal<Out, Bits<5>>,
    /// Status.
    pub busy: Signal<Out, Bit>,
    pub rd_busy: Signal<Out, Bit>,
    pub pb_not_empty: Signal<Out, Bit>,
    pub pb_half: Signal<Out, Bit>,
    pub pb_full: Signal<Out, Bit>,
    pub descr_vc: Signal<Out, Bits<8>>,
    pub descr_not_empty: Signal<Out, Bit>,
    /// Next expected sequence number.
    pub expected: Signal<Out, Bits<S>>,
    pcrc: Crc<32, 32>,
    pbuf: BlockRamReg<Bits<32>, PB>,
    /// Buffer addresses `{slot, word}`.
    wa: Concat<5, SB, PB>,
    ra: Concat<5, SB, PB>,
    sink_crc: Unused<Bits<32>>,
    st: DFF<Bits<2>>,
    exp: DFF<Bits<S>>,
    cur_seq: DFF<Bits<S>>,
    cur_dest: DFF<Bits<14>>,
    cur_slot: DFF<Bits<SB>>,
    cnt: DFF<Bits<6>>,
    /// `cnt` is at the CRC word (kept beside it, so the verdict needs no compare of `cnt`).
    at_crc: DFF<Bit>,
    timer: DFF<Bits<16>>,
    /// The CRC verdict, a cycle after the CRC word: `vchk` (a packet received in RECV) or
    /// `vdup` (a duplicate) had its CRC word last cycle, and `crc_ok` is its compare, registered
    /// (the compare ends at this flop; the commit and its enables start at flops).
    vchk: DFF<Bit>,
    vdup: DFF<Bit>,
    crc_ok: DFF<Bit>,
    /// The packet's VC's queue tail and whether that queue was non-empty, taken at the CRC word
    /// (a tail moves only with a commit), so the commit's link write decodes registers.
    tq_r: DFF<Bits<SB>>,
    tnz_r: DFF<Bit>,
    /// `cur_seq` a cycle later: the sequence number of the packet whose verdict was last
    /// cycle, for its ACK (a header in the verdict cycle has replaced `cur_seq` since).
    cseq_r: DFF<Bits<S>>,
    /// The verdict's commit (queued on its VC now), its slot and VC (`cur_slot` and `cur_dest`
    /// still hold them: a header in this cycle replaces them from the next).
    qcommit: Signal<Local, Bit>,
    qslot: Signal<Local, Bits<SB>>,
    qvc: Signal<Local, Bits<3>>,
    /// The verdict is a bad CRC: NAK, and the word of this cycle is dropped.
    bad: Signal<Local, Bit>,
    /// Free pool: bit s set while slot s holds no committed packet.
    free: DFF<Bits<NS>>,
    /// Committed packets in the buffer (delivery under way included).
    used: DFF<Bits<5>>,
    /// Per slot: the next slot of its VC's queue, and the packet's `{rao, vc}`.
    nxt: [DFF<Bits<SB>>; NS],
    sdest: [DFF<Bits<14>>; NS],
    /// Per VC: queue head, tail and length.
    head: [DFF<Bits<SB>>; 8],
    tail: [DFF<Bits<SB>>; 8],
    vc_cnt: [DFF<Bits<5>>; 8],
    /// Per VC `vc_cnt != 0` and `vc_cnt == 1`, kept beside the count so the eligibility and
    /// the queue updates start at flops.
    vc_nz: [DFF<Bit>; 8],
    vc_one: [DFF<Bit>; 8],
    /// The packet being delivered: its VC, slot and `{rao, vc}`; the VC served last.
    sel_valid: DFF<Bit>,
    /// A packet picked, its first word being read: offered from the next cycle.
    pend: DFF<Bit>,
    sel_vc: DFF<Bits<3>>,
    sel_slot: DFF<Bits<SB>>,
    /// `sel_vc` and `sel_slot` one-hot, loaded with them: a pop's per-VC and per-slot updates
    /// (queue head and count, free pool) take one bit each, not a compare behind `pop`.
    sel_vc_oh: DFF<Bits<8>>,
    sel_slot_oh: DFF<Bits<NS>>,
    /// The one-hot forms of the two picks' VC and slot.
    pn_oh: Signal<Local, Bits<8>>,
    pns_oh: Signal<Local, Bits<NS>>,
    pk_oh: Signal<Local, Bits<8>>,
    pks_oh: Signal<Local, Bits<NS>>,
    sel_dest: DFF<Bits<14>>,
    rr: DFF<Bits<3>>,
    ocnt: DFF<Bits<5>>,
    olast: DFF<Bit>,
    /// Committed packets whose ACK is still held back, and the cycles since the first of them.
    ack_cnt: DFF<Bits<4>>,
    ack_timer: DFF<Bits<10>>,
    /// `ack_timer + 1`, a register that moves with the timer (no adder before `ack_due`'s
    /// compare).
    ack_timer1: DffInit<Bits<10>>,
    /// `ack_timer >= ack_delay`, made a cycle ahead from the timer's three next values (cleared,
    /// counted up, held) against the delay of that cycle: the compare is off the feedback path
    /// (an RX_ACK write takes effect one cycle later).
    ack_due: DFF<Bit>,
    /// `ack_cnt + 1 >= ack_every`, made a cycle ahead in the same way from the count's three
    /// next values (cleared, counted up, held), so a commit's ACK decision (`ack_now`) is one
    /// AND of registers (an RX_ACK write takes effect one cycle later).
    ack_hit: DFF<Bit>,
    /// The feedback stage: the events of the previous cycle (a packet committed, a NAK, a
    /// duplicate), so the feedback request leaves from registers. Their sequence numbers need
    /// no register: `cur_seq` and `exp` change only with a header or a commit, so in the cycle
    /// after the event they still hold the packet's and the expected sequence number.
    good_r: DFF<Bit>,
    nak_r: DFF<Bit>,
    dup_r: DFF<Bit>,
    cause_r: DFF<Bits<5>>,
    /// The input stage: the word from RXSYNC and its class, registered.
    i_rxd: DFF<Bits<32>>,
    i_rxv: DFF<Bit>,
    /// `rxv` and a control word; `rxv` and any other word (the state machine's branches).
    i_cv: DFF<Bit>,
    i_wv: DFF<Bit>,
    i_data: DFF<Bit>,
    i_hdr: DFF<Bit>,
    /// The CRC's controls for the registered word (`rxv` and header; `rxv` and header or data),
    /// registered themselves: the CRC state's update starts at flops.
    i_crc_start: DFF<Bit>,
    i_crc_valid: DFF<Bit>,
    i_dirty: DFF<Bit>,
    i_kind: DFF<Bits<2>>,
    i_seq: DFF<Bits<S>>,
    /// The word's sequence number for the peer feedback passed to TXLINK (`peer_seq`, read
    /// only with `peer_fb`): a register of its own, placed by TXLINK's window test, loaded
    /// every cycle (a load enable from the control-word decode would put the decode on it).
    i_fseq: DFF<Bits<S>>,
    /// A header's sequence checks, made a cycle ahead against both values `exp` can have when
    /// the header is processed (unchanged, or one up after a commit, which `good_r` then shows):
    /// the sequence number is `exp` (`h_eq0`, `h_eq1`), or a duplicate, less than half the
    /// sequence space behind it (`h_dup0`, `h_dup1`).
    h_eq0: DFF<Bit>,
    h_eq1: DFF<Bit>,
    h_dup0: DFF<Bit>,
    h_dup1: DFF<Bit>,
    i_dest: DFF<Bits<14>>,
    i_dclass: DFF<Bits<2>>,
    /// The events, registered.
    ev_dirty_cmd_r: DFF<Bit>,
    ev_dirty_class_r: DFF<Bits<2>>,
    ev_crc_r: DFF<Bit>,
    ev_dirty_pkt_r: DFF<Bit>,
    ev_timeout_r: DFF<Bit>,
    ev_hdr_reject_r: DFF<Bit>,
    ev_full_reject_r: DFF<Bit>,
    ev_offline_data_r: DFF<Bit>,
    // locals
    good: Signal<Local, Bit>,
    cause: Signal<Local, Bits<5>>,
    nak_req: Signal<Local, Bit>,
    dup_ack: Signal<Local, Bit>,
    ack_now: Signal<Local, Bit>,
    ack_late: Signal<Local, Bit>,
    /// The ACK timer's next value: cleared, or counted up.
    tmr_clr: Signal<Local, Bit>,
    tmr_inc: Signal<Local, Bit>,
    /// `exp + 1`, and the header's age (`exp - seq - 1`) against `exp` and `exp + 1`.
    exp1: Signal<Local, Bits<S>>,
    age0: Signal<Local, Bits<S>>,
    age1: Signal<Local, Bits<S>>,
    h_eq: Signal<Local, Bit>,
    h_dup: Signal<Local, Bit>,
    take: Signal<Local, Bit>,
    pop: Signal<Local, Bit>,
    /// The CRC word of a packet received in RECV: its slot leaves the free pool (the packet is
    /// committed a cycle later if its CRC is good, `qcommit`).
    commit: Signal<Local, Bit>,
    write: Signal<Local, Bit>,
    /// The lowest free slot, and whether there is one.
    lo_free: Signal<Local, Bits<SB>>,
    any_free: Signal<Local, Bit>,
    free_next: Signal<Local, Bits<NS>>,
    /// Delivery pick: the VCs that may go, the choice.
    /// The slot linked from the selected one (`nxt[sel_slot]`), registered: it is read at a
    /// pop and by the pick made the cycle before, both at least 31 cycles after `sel_slot`
    /// was loaded, and a link written to the selected slot in the cycle before is passed on
    /// by `hn_r` itself; so the 32-to-1 mux of links is off the head's and the pick's paths.
    hn_r: DFF<Bits<SB>>,
    elig: Signal<Local, Bits<8>>,
    elig_p: Signal<Local, Bits<8>>,
    pick_np: RrPick<8>,
    pick_p: RrPick<8>,
    slot_p: Signal<Local, Bits<SB>>,
    /// The pop path's pick, made a cycle early: VC, valid, slot; still eligible now.
    pk_r: DFF<Bits<3>>,
    pkv_r: DFF<Bit>,
    pks_r: DFF<Bits<SB>>,
    pk_ok: Signal<Local, Bit>,
    /// The idle path's pick, made a cycle early (not across a pop); its slot is the picked
    /// VC's head read in the cycle of use (`pn_slot`), which still holds then.
    pn_r: DFF<Bits<3>>,
    pnv_r: DFF<Bit>,
    pn_slot: Signal<Local, Bits<SB>>,
    /// The slot and VC selections above as balanced multiplexer trees (`IdxMux`): the
    /// selected slot's link (`hn_r`) and `{rao, vc}` (`sel_dest`), the picks' queue heads
    /// (`slot_p` behind the arbiter, `pn_slot`).
    nxt_sel: IdxMux<SB, SB, NS>,
    dest_sel: IdxMux<14, SB, NS>,
    head_p: IdxMux<SB, 3, 8>,
    head_n: IdxMux<SB, 3, 8>,
    pn_ok: Signal<Local, Bit>,
    /// Last cycle's eligible VCs: the idle pick's requests and, a cycle later, its check; and
    /// the same without the VC being delivered when that packet is its last (the pick at a
    /// last word).
    elig_r: DFF<Bits<8>>,
    eligp_r: DFF<Bits<8>>,
    c_ns: Constant<Bits<5>>,
    c_half_ns: Constant<Bits<5>>,
    c_slot: [Constant<Bits<SB>>; NS],
    c_slot_bit: [Constant<Bits<NS>>; NS],
    c_all_free: Constant<Bits<NS>>,
    c_zero_ns: Constant<Bits<NS>>,
    c_zero_w: Constant<Bits<5>>,
    c_st_wait: Constant<Bits<2>>,
    c_st_recv: Constant<Bits<2>>,
    c_st_drop: Constant<Bits<2>>,
    c_st_dup: Constant<Bits<2>>,
    c_kind_ack: Constant<Bits<2>>,
    c_kind_nak: Constant<Bits<2>>,
    c_kind_restart: Constant<Bits<2>>,
    c_one_s: Constant<Bits<S>>,
    c_zero_s: Constant<Bits<S>>,
    c_half_s: Constant<Bits<S>>,
    c_crc_last: Constant<Bits<6>>,
    c_one6: Constant<Bits<6>>,
    c_zero6: Constant<Bits<6>>,
    c_timeout: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_zero16: Constant<Bits<16>>,
    c_prelast5: Constant<Bits<5>>,
    c_one5: Constant<Bits<5>>,
    c_two5: Constant<Bits<5>>,
    c_zero5: Constant<Bits<5>>,
    c_vc: [Constant<Bits<3>>; 8],
    c_vc_bit: [Constant<Bits<8>>; 8],
    c_zero8: Constant<Bits<8>>,
    c_nak: [Constant<Bits<5>>; 5],
    c_zero_nak: Constant<Bits<5>>,
    c_one4: Constant<Bits<4>>,
    c_two4: Constant<Bits<4>>,
    c_zero4: Constant<Bits<4>>,
    c_one10: Constant<Bits<10>>,
    c_zero10: Constant<Bits<10>>,
    c_max10: Constant<Bits<10>>,
}

/// The default receiver: 8-bit sequence numbers, 8 packet slots (256 words, one block RAM).
pub type RxLinkDefault = RxLink<LINK_SEQ_BITS, 3, 8, 8>;

impl<const S: usize, const SB: usize, const NS: usize, const PB: usize> RxLink<S, SB, NS, PB> {
    pub fn new(cfg: RxConfig) -> Self {
        assert!(
            (1..=4).contains(&SB) && NS == 1 << SB && PB == SB + 5,
            "RxLink: {NS} slots of 32 words need SB = log2(NS) in 1..=4 and PB = SB + 5"
        );
        assert!(
            (2..=9).contains(&S),
            "RxLink: sequence width {S} out of 2..=9"
        );
        assert!(
            cfg.rx_timeout >= 16,
            "RxLink: rx_timeout {} below 16 cycles",
            cfg.rx_timeout
        );
        let pw = tnw::PAYLOAD_WORDS as u64;
        Self {
            clock: Default::default(),
            reset: Default::default(),
            rxd: Default::default(),
            rxf: Default::default(),
            rxv: Default::default(),
            offline: Default::default(),
            ack_every: Default::default(),
            ack_delay: Default::default(),
            fb_req: Default::default(),
            fb_nak: Default::default(),
            fb_seq: Default::default(),
            peer_fb: Default::default(),
            peer_nak: Default::default(),
            peer_seq: Default::default(),
            out_data: Default::default(),
            out_dest: Default::default(),
            out_first: Default::default(),
            out_last: Default::default(),
            out_valid: Default::default(),
            out_next: Default::default(),
            out_ready: Default::default(),
            vc_ready: Default::default(),
            ev_dirty_cmd: Default::default(),
            ev_dirty_class: Default::default(),
            ev_crc: Default::default(),
            ev_dirty_pkt: Default::default(),
            ev_timeout: Default::default(),
            ev_hdr_reject: Default::default(),
            ev_full_reject: Default::default(),
            ev_offline_data: Default::default(),
            nak_cause: Default::default(),
            busy: Default::default(),
            rd_busy: Default::default(),
            pb_not_empty: Default::default(),
            pb_half: Default::default(),
            pb_full: Default::default(),
            descr_vc: Default::default(),
            descr_not_empty: Default::default(),
            expected: Default::default(),
            pcrc: Crc::new(&CRC32_IEEE),
            pbuf: Default::default(),
            wa: Default::default(),
            ra: Default::default(),
            sink_crc: Default::default(),
            st: Default::default(),
            exp: Default::default(),
            cur_seq: Default::default(),
            cur_dest: Default::default(),
            cur_slot: Default::default(),
            cnt: Default::default(),
            at_crc: Default::default(),
            timer: Default::default(),
            vchk: Default::default(),
            vdup: Default::default(),
            crc_ok: Default::default(),
            tq_r: Default::default(),
            tnz_r: Default::default(),
            cseq_r: Default::default(),
            qcommit: Default::default(),
            qslot: Default::default(),
            qvc: Default::default(),
            bad: Default::default(),
            free: Default::default(),
            used: Default::default(),
            nxt: std::array::from_fn(|_| Default::default()),
            sdest: std::array::from_fn(|_| Default::default()),
            head: Default::default(),
            tail: Default::default(),
            vc_cnt: Default::default(),
            vc_nz: Default::default(),
            vc_one: Default::default(),
            sel_valid: Default::default(),
            pend: Default::default(),
            sel_vc: Default::default(),
            sel_slot: Default::default(),
            sel_vc_oh: Default::default(),
            sel_slot_oh: Default::default(),
            pn_oh: Default::default(),
            pns_oh: Default::default(),
            pk_oh: Default::default(),
            pks_oh: Default::default(),
            sel_dest: Default::default(),
            rr: Default::default(),
            ocnt: Default::default(),
            olast: Default::default(),
            ack_cnt: Default::default(),
            ack_timer: Default::default(),
            ack_timer1: DffInit::new(1u64.into()),
            ack_due: Default::default(),
            ack_hit: Default::default(),
            good_r: Default::default(),
            nak_r: Default::default(),
            dup_r: Default::default(),
            cause_r: Default::default(),
            i_rxd: Default::default(),
            i_rxv: Default::default(),
            i_cv: Default::default(),
            i_wv: Default::default(),
            i_data: Default::default(),
            i_hdr: Default::default(),
            i_crc_start: Default::default(),
            i_crc_valid: Default::default(),
            i_dirty: Default::default(),
            i_kind: Default::default(),
            i_seq: Default::default(),
            i_fseq: Default::default(),
            h_eq0: Default::default(),
            h_eq1: Default::default(),
            h_dup0: Default::default(),
            h_dup1: Default::default(),
            i_dest: Default::default(),
            i_dclass: Default::default(),
            ev_dirty_cmd_r: Default::default(),
            ev_dirty_class_r: Default::default(),
            ev_crc_r: Default::default(),
            ev_dirty_pkt_r: Default::default(),
            ev_timeout_r: Default::default(),
            ev_hdr_reject_r: Default::default(),
            ev_full_reject_r: Default::default(),
            ev_offline_data_r: Default::default(),
            cause: Default::default(),
            good: Default::default(),
            nak_req: Default::default(),
            dup_ack: Default::default(),
            ack_now: Default::default(),
            ack_late: Default::default(),
            tmr_clr: Default::default(),
            tmr_inc: Default::default(),
            exp1: Default::default(),
            age0: Default::default(),
            age1: Default::default(),
            h_eq: Default::default(),
            h_dup: Default::default(),
            take: Default::default(),
            pop: Default::default(),
            commit: Default::default(),
            write: Default::default(),
            lo_free: Default::default(),
            any_free: Default::default(),
            free_next: Default::default(),
            hn_r: Default::default(),
            elig: Default::default(),
            elig_p: Default::default(),
            pick_np: Default::default(),
            pick_p: Default::default(),
            slot_p: Default::default(),
            pk_r: Default::default(),
            pkv_r: Default::default(),
            pks_r: Default::default(),
            pk_ok: Default::default(),
            pn_r: Default::default(),
            pnv_r: Default::default(),
            pn_slot: Default::default(),
            nxt_sel: Default::default(),
            dest_sel: Default::default(),
            head_p: Default::default(),
            head_n: Default::default(),
            pn_ok: Default::default(),
            elig_r: Default::default(),
            eligp_r: Default::default(),
            c_ns: k(NS as u64),
            c_half_ns: k(NS as u64 / 2),
            c_slot: std::array::from_fn(|i| k(i as u64)),
            c_slot_bit: std::array::from_fn(|i| k(1 << i)),
            c_all_free: k((1u64 << NS) - 1),
            c_zero_ns: k(0),
            c_zero_w: k(0),
            c_st_wait: k(ST_WAIT),
            c_st_recv: k(ST_RECV),
            c_st_drop: k(ST_DROP),
            c_st_dup: k(ST_DUP),
            c_kind_ack: k(KIND_ACK),
            c_kind_nak: k(KIND_NAK),
            c_kind_restart: k(KIND_RESTART),
            c_one_s: k(1),
            c_zero_s: k(0),
            c_half_s: k(1 << (S - 1)),
            c_crc_last: k(pw - 1),
            c_one6: k(1),
            c_zero6: k(0),
            c_timeout: k(cfg.rx_timeout as u64),
            c_one16: k(1),
            c_zero16: k(0),
            c_prelast5: k(pw - 2),
            c_one5: k(1),
            c_two5: k(2),
            c_zero5: k(0),
            c_vc: std::array::from_fn(|i| k(i as u64)),
            c_vc_bit: std::array::from_fn(|i| k(1 << i)),
            c_zero8: k(0),
            c_nak: std::array::from_fn(|i| k(1 << i)),
            c_zero_nak: k(0),
            c_one4: k(1),
            c_two4: k(2),
            c_zero4: k(0),
            c_one10: k(1),
            c_zero10: k(0),
            c_max10: k(1023),
        }
    }
}

impl<const S: usize, const SB: usize, const NS: usize, const PB: usize> Logic
    for RxLink<S, SB, NS, PB>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            st,
            exp,
            cur_seq,
            cur_dest,
            cur_slot,
            cnt,
            at_crc,
            timer,
            vchk,
            vdup,
            crc_ok,
            tq_r,
            tnz_r,
            cseq_r,
            free,
            used,
            sel_valid,
            pend,
            sel_vc,
            sel_slot,
            sel_dest,
            sel_vc_oh,
            sel_slot_oh,
            rr,
            ocnt,
            ack_cnt,
            ack_timer,
            ack_timer1,
            ack_due,
            ack_hit,
            good_r,
            nak_r,
            dup_r,
            cause_r,
            i_rxd,
            i_rxv,
            i_cv,
            i_wv,
            i_data,
            i_hdr,
            i_crc_start,
            i_crc_valid,
            i_dirty,
            i_kind,
            i_seq,
            i_fseq,
            h_eq0,
            h_eq1,
            h_dup0,
            h_dup1,
            i_dest,
            i_dclass,
            pk_r,
            pkv_r,
            pks_r,
            hn_r,
            olast,
            pn_r,
            pnv_r,
            elig_r,
            eligp_r,
            ev_dirty_cmd_r,
            ev_dirty_class_r,
            ev_crc_r,
            ev_dirty_pkt_r,
            ev_timeout_r,
            ev_hdr_reject_r,
            ev_full_reject_r,
            ev_offline_data_r
        );
        for i in 0..8 {
            self.vc_cnt[i].clock.next = self.clock.val();
            self.vc_cnt[i].d.next = self.vc_cnt[i].q.val();
            self.vc_nz[i].clock.next = self.clock.val();
            self.vc_nz[i].d.next = self.vc_nz[i].q.val();
            self.vc_one[i].clock.next = self.clock.val();
            self.vc_one[i].d.next = self.vc_one[i].q.val();
            self.head[i].clock.next = self.clock.val();
            self.head[i].d.next = self.head[i].q.val();
            self.tail[i].clock.next = self.clock.val();
            self.tail[i].d.next = self.tail[i].q.val();
        }
        for s in 0..NS {
            self.nxt[s].clock.next = self.clock.val();
            self.nxt[s].d.next = self.nxt[s].q.val();
            self.sdest[s].clock.next = self.clock.val();
            self.sdest[s].d.next = self.sdest[s].q.val();
        }
        // the input stage: the word and its class registered, so every decision below starts
        // at a flop (the class comes from RXSYNC's decoder, itself behind a register)
        self.i_rxd.d.next = self.rxd.val();
        self.i_rxv.d.next = self.rxv.val();
        self.i_cv.d.next = self.rxv.val() && self.rxf.val().get_bit(2);
        self.i_wv.d.next = self.rxv.val() && !self.rxf.val().get_bit(2);
        self.i_data.d.next = self.rxf.val().get_bit(0);
        self.i_hdr.d.next = self.rxf.val().get_bit(1);
        self.i_crc_start.d.next = self.rxv.val() && self.rxf.val().get_bit(1);
        self.i_crc_valid.d.next =
            self.rxv.val() && (self.rxf.val().get_bit(1) || self.rxf.val().get_bit(0));
        self.i_dirty.d.next = self.rxf.val().get_bit(3);
        self.i_kind.d.next = self.rxf.val().get_bits::<2>(4);
        // the fields read off the word whatever its class (each used only with its class)
        self.i_seq.d.next = self.rxd.val().get_bits::<S>(22);
        self.i_fseq.d.next = self.rxd.val().get_bits::<S>(8);
        self.i_dest.d.next = self.rxd.val().get_bits::<14>(8);
        self.i_dclass.d.next = self.rxf.val().get_bits::<2>(6);
        // the events leave from registers (into the counters and exception bits)
        self.ev_dirty_cmd.next = self.ev_dirty_cmd_r.q.val();
        self.ev_dirty_class.next = self.ev_dirty_class_r.q.val();
        self.ev_crc.next = self.ev_crc_r.q.val();
        self.ev_dirty_pkt.next = self.ev_dirty_pkt_r.q.val();
        self.ev_timeout.next = self.ev_timeout_r.q.val();
        self.ev_hdr_reject.next = self.ev_hdr_reject_r.q.val();
        self.ev_full_reject.next = self.ev_full_reject_r.q.val();
        self.ev_offline_data.next = self.ev_offline_data_r.q.val();
        self.pcrc.clock.next = self.clock.val();
        self.pcrc.reset.next = self.reset.val();
        self.pcrc.data.next = self.i_rxd.q.val();
        // the CRC restarts at every header and takes every header and data word, whatever the
        // state: only a packet received from its header on (RECV, DUP) compares it, at its CRC
        // word, before that word enters; anything else leaves the state for DROP or WAIT, and
        // the next packet starts it anew (its controls come from the input stage alone)
        self.pcrc.start.next = self.i_crc_start.q.val();
        self.pcrc.valid.next = self.i_crc_valid.q.val();
        // the lowest free slot
        self.any_free.next = false;
        self.lo_free.next = self.c_slot[0].val();
        for s in 0..NS {
            if ((self.free.q.val() & self.c_slot_bit[s].val()) != self.c_zero_ns.val())
                && !self.any_free.val()
            {
                self.any_free.next = true;
                self.lo_free.next = self.c_slot[s].val();
            }
        }
        self.exp1.next = self.exp.q.val() + self.c_one_s.val();
        self.age0.next = self.exp.q.val() - self.rxd.val().get_bits::<S>(22) - self.c_one_s.val();
        self.age1.next = self.exp.q.val() - self.rxd.val().get_bits::<S>(22);
        self.h_eq0.d.next = self.rxd.val().get_bits::<S>(22) == self.exp.q.val();
        self.h_eq1.d.next = self.rxd.val().get_bits::<S>(22) == self.exp1.val();
        self.h_dup0.d.next = self.age0.val() < self.c_half_s.val();
        self.h_dup1.d.next = self.age1.val() < self.c_half_s.val();
        // the verdict of last cycle's CRC word: a packet received in RECV is committed (good)
        // or NAKed (bad); a duplicate with a good CRC is acknowledged again at once
        self.good.next = self.vchk.q.val() && self.crc_ok.q.val();
        self.bad.next = self.vchk.q.val() && !self.crc_ok.q.val();
        self.dup_ack.next = self.vdup.q.val() && self.crc_ok.q.val();
        self.vchk.d.next = false;
        self.vdup.d.next = false;
        self.crc_ok.d.next = self.i_rxd.q.val() == self.pcrc.crc.val();
        self.cseq_r.d.next = self.cur_seq.q.val();
        // a commit moves `exp` at the next edge: a header's checks made against the `exp` of a
        // commit's cycle (made in it, or in the cycle before) take `exp + 1`
        self.h_eq.next = self.h_eq0.q.val();
        self.h_dup.next = self.h_dup0.q.val();
        if self.good.val() || self.good_r.q.val() {
            self.h_eq.next = self.h_eq1.q.val();
            self.h_dup.next = self.h_dup1.q.val();
        }

        self.nak_req.next = false;
        self.peer_fb.next = false;
        self.peer_nak.next = self.i_kind.q.val() == self.c_kind_nak.val();
        self.peer_seq.next = self.i_fseq.q.val();
        self.ev_dirty_cmd_r.d.next = false;
        self.ev_dirty_class_r.d.next = self.i_dclass.q.val();
        self.ev_crc_r.d.next = false;
        self.ev_dirty_pkt_r.d.next = false;
        self.ev_timeout_r.d.next = false;
        self.ev_hdr_reject_r.d.next = false;
        self.ev_full_reject_r.d.next = false;
        self.ev_offline_data_r.d.next = false;
        self.cause.next = self.c_zero_nak.val();
        self.commit.next = false;
        self.write.next = false;
        self.tq_r.d.next = self.c_slot[0].val();
        self.tnz_r.d.next = false;
        for i in 0..8 {
            if self.cur_dest.q.val().get_bits::<3>(0) == self.c_vc[i].val() {
                self.tq_r.d.next = self.tail[i].q.val();
                self.tnz_r.d.next = self.vc_nz[i].q.val();
            }
        }

        // ---- timeout inside a packet ----
        if self.i_rxv.q.val()
            || (self.st.q.val() == self.c_st_wait.val())
            || (self.st.q.val() == self.c_st_drop.val())
        {
            self.timer.d.next = self.c_zero16.val();
        } else {
            self.timer.d.next = self.timer.q.val() + self.c_one16.val();
        }

        if self.i_cv.q.val() {
            if (self.i_kind.q.val() == self.c_kind_ack.val())
                || (self.i_kind.q.val() == self.c_kind_nak.val())
            {
                self.peer_fb.next = true;
            }
            if self.i_kind.q.val() == self.c_kind_restart.val() {
                self.st.d.next = self.c_st_wait.val();
            }
        } else if self.offline.val() {
            self.st.d.next = self.c_st_wait.val();
            if self.i_rxv.q.val() && self.i_hdr.q.val() {
                self.ev_offline_data_r.d.next = true;
            }
        } else if self.i_wv.q.val() && (self.st.q.val() == self.c_st_wait.val()) && !self.bad.val()
        {
            if self.i_hdr.q.val() {
                self.cur_seq.d.next = self.i_seq.q.val();
                self.cur_dest.d.next = self.i_dest.q.val();
                self.cur_slot.d.next = self.lo_free.val();
                self.cnt.d.next = self.c_zero6.val();
                self.at_crc.d.next = false;
                if self.h_eq.val() {
                    if self.any_free.val() {
                        self.st.d.next = self.c_st_recv.val();
                    } else {
                        self.st.d.next = self.c_st_drop.val();
                        self.nak_req.next = true;
                        self.ev_full_reject_r.d.next = true;
                        self.cause.next = self.c_nak[3].val();
                    }
                } else if self.h_dup.val() {
                    self.st.d.next = self.c_st_dup.val();
                } else {
                    self.st.d.next = self.c_st_drop.val();
                    self.nak_req.next = true;
                    self.ev_hdr_reject_r.d.next = true;
                    self.cause.next = self.c_nak[2].val();
                }
            } else if self.i_dirty.q.val() {
                self.ev_dirty_cmd_r.d.next = true;
            }
        } else if self.i_wv.q.val() && ((self.st.q.val() == self.c_st_drop.val()) || self.bad.val())
        {
            if self.i_dirty.q.val() {
                self.ev_dirty_cmd_r.d.next = true;
            }
        } else if self.i_wv.q.val() {
            // RECV or DUP
            if self.i_data.q.val() {
                if self.at_crc.q.val() {
                    // the CRC word: compared now (`crc_ok`), judged in the next cycle (`good`,
                    // `bad`), which takes the next word as WAIT does, or as DROP after a bad CRC
                    self.st.d.next = self.c_st_wait.val();
                    self.vchk.d.next = self.st.q.val() == self.c_st_recv.val();
                    self.vdup.d.next = self.st.q.val() == self.c_st_dup.val();
                    // the slot leaves the pool now (a header in the verdict's cycle takes
                    // another); a bad CRC returns it
                    self.commit.next = self.st.q.val() == self.c_st_recv.val();
                } else {
                    self.cnt.d.next = self.cnt.q.val() + self.c_one6.val();
                    self.at_crc.d.next = self.cnt.q.val() == self.c_crc_last.val();
                    self.write.next = self.st.q.val() == self.c_st_recv.val();
                }
            } else if self.st.q.val() == self.c_st_recv.val() {
                self.st.d.next = self.c_st_drop.val();
                self.nak_req.next = true;
                self.ev_dirty_pkt_r.d.next = true;
                self.cause.next = self.c_nak[1].val();
            } else {
                self.st.d.next = self.c_st_wait.val();
            }
        } else if self.timer.q.val() == self.c_timeout.val() {
            self.timer.d.next = self.c_zero16.val();
            if self.st.q.val() == self.c_st_recv.val() {
                self.st.d.next = self.c_st_drop.val();
                self.nak_req.next = true;
                self.ev_timeout_r.d.next = true;
                self.cause.next = self.c_nak[4].val();
            } else {
                self.st.d.next = self.c_st_wait.val();
            }
        }
        // a bad CRC: NAK, then DROP (unless a RESTART or going offline in this cycle returns to
        // WAIT, as they would in DROP); no other NAK can come in its cycle (the state is WAIT
        // and a header is dropped)
        if self.bad.val() {
            self.nak_req.next = true;
            self.ev_crc_r.d.next = true;
            self.cause.next = self.c_nak[0].val();
            if !(self.i_cv.q.val() && (self.i_kind.q.val() == self.c_kind_restart.val()))
                && !self.offline.val()
            {
                self.st.d.next = self.c_st_drop.val();
            }
        }
        if self.good.val() {
            self.exp.d.next = self.exp.q.val() + self.c_one_s.val();
        }

        // ---- feedback, one register stage after the word that caused it: NAKs and duplicate
        // ACKs as they come, committed packets' ACKs coalesced (ack_every 0 or 1: each at once,
        // as the thesis does) ----
        self.good_r.d.next = self.good.val();
        self.nak_r.d.next = self.nak_req.val();
        self.dup_r.d.next = self.dup_ack.val();
        self.cause_r.d.next = self.cause.val();
        self.nak_cause.next = self.cause_r.q.val();
        self.ack_now.next = self.good_r.q.val() && self.ack_hit.q.val();
        // the held-back ACK, when it is due and the feedback request is free
        self.ack_late.next = !self.good_r.q.val()
            && !self.nak_r.q.val()
            && !self.dup_r.q.val()
            && (self.ack_cnt.q.val() != self.c_zero4.val())
            && self.ack_due.q.val();
        self.fb_req.next =
            self.nak_r.q.val() || self.dup_r.q.val() || self.ack_now.val() || self.ack_late.val();
        self.fb_nak.next = self.nak_r.q.val();
        // a NAK names the next expected packet, an ACK the committed packet or the duplicate
        // (whose verdict was last cycle: `cseq_r`). A NAK for a header in a commit's cycle
        // comes with that commit's ACK: the NAK alone is sent, and acknowledges it.
        self.fb_seq.next = self.exp.q.val();
        if (self.good_r.q.val() || self.dup_r.q.val()) && !self.nak_r.q.val() {
            self.fb_seq.next = self.cseq_r.q.val();
        }
        if self.ack_late.val() {
            // the last committed: every commit up to the previous cycle is in `exp`, and one
            // in the previous cycle (good_r) holds the late ACK back
            self.fb_seq.next = self.exp.q.val() - self.c_one_s.val();
        }
        // counted up only below `ack_every` (at most 14 then), so `ack_cnt + 2` does not wrap
        self.ack_hit.d.next = (self.ack_cnt.q.val() + self.c_one4.val()) >= self.ack_every.val();
        if self.good_r.q.val() && !self.ack_now.val() {
            self.ack_cnt.d.next = self.ack_cnt.q.val() + self.c_one4.val();
            self.ack_hit.d.next =
                (self.ack_cnt.q.val() + self.c_two4.val()) >= self.ack_every.val();
        }
        // an ACK, or a NAK (which acknowledges everything before it), covers every held-back
        // one; the timer runs only while one is held back
        self.tmr_clr.next = self.ack_now.val() || self.ack_late.val() || self.nak_r.q.val();
        self.tmr_inc.next = (self.ack_cnt.q.val() != self.c_zero4.val())
            && (self.ack_timer.q.val() != self.c_max10.val());
        self.ack_due.d.next = self.ack_timer.q.val() >= self.ack_delay.val();
        if self.tmr_clr.val() {
            self.ack_cnt.d.next = self.c_zero4.val();
            self.ack_timer.d.next = self.c_zero10.val();
            self.ack_timer1.d.next = self.c_one10.val();
            self.ack_due.d.next = self.ack_delay.val() == self.c_zero10.val();
            self.ack_hit.d.next = self.c_one4.val() >= self.ack_every.val();
        } else if self.tmr_inc.val() {
            self.ack_timer.d.next = self.ack_timer1.q.val();
            self.ack_timer1.d.next = self.ack_timer1.q.val() + self.c_one10.val();
            self.ack_due.d.next = self.ack_timer1.q.val() >= self.ack_delay.val();
        }

        // ---- reception buffer: a packet is written into its slot as it arrives; a commit
        // takes the slot out of the pool and queues it on its VC ----
        self.pbuf.write_clock.next = self.clock.val();
        self.pbuf.read_clock.next = self.clock.val();
        self.wa.hi.next = self.cur_slot.q.val();
        self.wa.lo.next = self.cnt.q.val().get_bits::<5>(0);
        self.pbuf.write_address.next = self.wa.y.val();
        self.pbuf.write_data.next = self.i_rxd.q.val();
        self.pbuf.write_enable.next = self.write.val();

        // ---- delivery: one packet at a time, a new pick when none is selected or with the
        // last word of the selected one ----
        self.out_valid.next = self.sel_valid.q.val();
        self.out_data.next = self.pbuf.read_data.val();
        self.out_dest.next = self.sel_dest.q.val();
        self.out_next.next = self.pend.q.val();
        self.out_first.next = self.ocnt.q.val() == self.c_zero5.val();
        self.out_last.next = self.olast.q.val();
        self.take.next = self.sel_valid.q.val() && self.out_ready.val();
        self.pop.next = self.take.val() && self.olast.q.val();
        // `ocnt == last`, registered (ocnt moves only with a take)
        if self.take.val() {
            self.olast.d.next = self.ocnt.q.val() == self.c_prelast5.val();
        }
        // the selected packet is its VC's head: the VC's next head is the slot linked from it
        for s in 0..NS {
            self.nxt_sel.x[s].next = self.nxt[s].q.val();
            self.dest_sel.x[s].next = self.sdest[s].q.val();
        }
        self.nxt_sel.sel.next = self.sel_slot.q.val();
        self.dest_sel.sel.next = self.sel_slot.q.val();
        self.hn_r.d.next = self.nxt_sel.y.val();
        // (`good`, `cur_slot`: this cycle's `qcommit`, `qslot`)
        if self.good.val() && self.tnz_r.q.val() && (self.tq_r.q.val() == self.sel_slot.q.val()) {
            self.hn_r.d.next = self.cur_slot.q.val();
        }
        // Two picks from registers only, so the host's `out_ready` (through `pop`) only
        // selects between them: `np` when nothing is selected, `p` with the selected packet's
        // last word (its VC then has one packet less).
        self.elig.next = self.c_zero8.val();
        self.elig_p.next = self.c_zero8.val();
        for i in 0..8 {
            if self.vc_nz[i].q.val() {
                self.elig.next = self.elig.val() | (self.vc_ready.val() & self.c_vc_bit[i].val());
                if !((self.sel_vc.q.val() == self.c_vc[i].val()) && self.vc_one[i].q.val()) {
                    self.elig_p.next =
                        self.elig_p.val() | (self.vc_ready.val() & self.c_vc_bit[i].val());
                }
            }
        }
        // the picks take last cycle's eligible VCs (registered): a pick is used a cycle after
        // it is made, and only for a VC still eligible in the cycle it was made (registered
        // again), so its queue's head (or, for the VC being delivered, the slot after it) read
        // with the pick still holds; this cycle's eligibility is not on the selection's path
        self.elig_r.d.next = self.elig.val();
        self.eligp_r.d.next = self.elig_p.val();
        self.pick_np.req.next = self.elig_r.q.val();
        self.pick_np.last.next = self.rr.q.val();
        self.pick_p.req.next = self.eligp_r.q.val();
        self.pick_p.last.next = self.rr.q.val();
        // (each VC's candidate, the VC being delivered's the slot after its head, is chosen
        // from registers before the arbiter's pick selects one)
        for i in 0..8 {
            self.head_p.x[i].next = self.head[i].q.val();
            if self.sel_vc.q.val() == self.c_vc[i].val() {
                self.head_p.x[i].next = self.hn_r.q.val();
            }
            self.head_n.x[i].next = self.head[i].q.val();
        }
        self.head_p.sel.next = self.pick_p.pick.val();
        self.slot_p.next = self.head_p.y.val();
        // The picked VC's head is read now, a cycle after the pick (a mux of flops by a flop
        // into `sel_slot`, not behind the arbiter): when the pick is taken it is the head of
        // the pick's cycle. In that cycle there was no pop (`pnv_r`), and the VC's queue was
        // not empty (`pn_ok` is its eligibility then), so a commit to it moved only its tail.
        self.head_n.sel.next = self.pn_r.q.val();
        self.pn_slot.next = self.head_n.y.val();
        self.pn_ok.next = false;
        for i in 0..8 {
            if self.pn_r.q.val() == self.c_vc[i].val() {
                self.pn_ok.next =
                    (self.elig_r.q.val() & self.c_vc_bit[i].val()) != self.c_zero8.val();
            }
        }
        // The buffer is read through the block RAM's output register, which holds the word
        // offered (`out_data`, word `ocnt` of the selected slot), while the read latch holds
        // the word after it: the read address leads the output by one more cycle. A pick is
        // taken (`sel_slot` loaded) in a cycle that reads word 0 of the slot it may pick:
        // with nothing selected the idle pick's (`pn_slot`), at a last word the registered
        // pick's (`pks_r`; the latch's word is not needed after the last). The pending cycle
        // moves word 0 into the output register and reads word 1; then each take moves the
        // latch's word out and reads the word after it, and a cycle without a take reads the
        // latch's word again. So a packet is offered in the cycle after its pending cycle, as
        // from the read latch alone, and the address is chosen by flops and `take` only (not
        // by whether a pick is taken).
        if self.take.val() {
            self.ocnt.d.next = self.ocnt.q.val() + self.c_one5.val();
        }
        self.ra.hi.next = self.sel_slot.q.val();
        self.ra.lo.next = self.ocnt.q.val() + self.c_one5.val();
        if self.take.val() && !self.olast.q.val() {
            self.ra.lo.next = self.ocnt.q.val() + self.c_two5.val();
        }
        if self.olast.q.val() {
            self.ra.hi.next = self.pks_r.q.val();
            self.ra.lo.next = self.c_zero5.val();
        }
        if !self.sel_valid.q.val() {
            self.ra.hi.next = self.sel_slot.q.val();
            self.ra.lo.next = self.c_one5.val();
            if !self.pend.q.val() {
                self.ra.hi.next = self.pn_slot.val();
                self.ra.lo.next = self.c_zero5.val();
            }
        }
        self.pbuf.out_enable.next = self.take.val() || self.pend.q.val();
        if self.pend.q.val() {
            self.pend.d.next = false;
            self.sel_valid.d.next = true;
        }
        // the picked packet's `{rao, vc}`: on `out_dest` from the pending cycle on (a pick
        // registers only its slot: the slot's dest is a mux of registers after it)
        self.sel_dest.d.next = self.sel_dest.q.val();
        if self.pend.q.val() {
            self.sel_dest.d.next = self.dest_sel.y.val();
            self.out_dest.next = self.dest_sel.y.val();
        }
        // the idle pick, likewise made a cycle before; not right after a pop (whose VC's head
        // has moved since)
        self.pn_r.d.next = self.pick_np.pick.val();
        self.pnv_r.d.next = self.pick_np.valid.val() && !self.pop.val();
        self.pn_oh.next = self.c_zero8.val();
        self.pk_oh.next = self.c_zero8.val();
        for i in 0..8 {
            if self.pn_r.q.val() == self.c_vc[i].val() {
                self.pn_oh.next = self.c_vc_bit[i].val();
            }
            if self.pk_r.q.val() == self.c_vc[i].val() {
                self.pk_oh.next = self.c_vc_bit[i].val();
            }
        }
        self.pns_oh.next = self.c_zero_ns.val();
        self.pks_oh.next = self.c_zero_ns.val();
        for s in 0..NS {
            if self.pn_slot.val() == self.c_slot[s].val() {
                self.pns_oh.next = self.c_slot_bit[s].val();
            }
            if self.pks_r.q.val() == self.c_slot[s].val() {
                self.pks_oh.next = self.c_slot_bit[s].val();
            }
        }
        if !self.sel_valid.q.val() && !self.pend.q.val() && self.pnv_r.q.val() && self.pn_ok.val() {
            self.pend.d.next = true;
            self.sel_vc.d.next = self.pn_r.q.val();
            self.sel_slot.d.next = self.pn_slot.val();
            self.sel_vc_oh.d.next = self.pn_oh.val();
            self.sel_slot_oh.d.next = self.pns_oh.val();
            self.rr.d.next = self.pn_r.q.val();
        }
        // the pick at the last word is the one made a cycle before, registered, if its VC may
        // still go (a VC's queue head only moves with a pop, and pops are never in consecutive
        // cycles); else nothing is picked now and the idle pick follows in the next cycle
        self.pk_r.d.next = self.pick_p.pick.val();
        self.pkv_r.d.next = self.pick_p.valid.val();
        self.pks_r.d.next = self.slot_p.val();
        self.pk_ok.next = false;
        for i in 0..8 {
            if self.pk_r.q.val() == self.c_vc[i].val() {
                self.pk_ok.next =
                    (self.eligp_r.q.val() & self.c_vc_bit[i].val()) != self.c_zero8.val();
            }
        }
        if self.pop.val() {
            self.sel_valid.d.next = false;
            if self.pkv_r.q.val() && self.pk_ok.val() {
                self.pend.d.next = true;
                self.sel_vc.d.next = self.pk_r.q.val();
                self.sel_slot.d.next = self.pks_r.q.val();
                self.sel_vc_oh.d.next = self.pk_oh.val();
                self.sel_slot_oh.d.next = self.pks_oh.val();
                self.rr.d.next = self.pk_r.q.val();
            }
        }
        self.pbuf.read_address.next = self.ra.y.val();

        // ---- the free pool and the per-VC queues ----
        // a packet's slot leaves the pool at its CRC word (`commit`, whatever the CRC), returns
        // with a bad verdict (`bad`, a cycle later) or once delivered (`pop`)
        self.qcommit.next = self.good.val();
        self.qslot.next = self.cur_slot.q.val();
        self.qvc.next = self.cur_dest.q.val().get_bits::<3>(0);
        self.free_next.next = self.free.q.val();
        for s in 0..NS {
            if self.commit.val() && (self.cur_slot.q.val() == self.c_slot[s].val()) {
                self.free_next.next = self.free_next.val() & !self.c_slot_bit[s].val();
            }
            if self.qcommit.val() && (self.qslot.val() == self.c_slot[s].val()) {
                self.sdest[s].d.next = self.cur_dest.q.val();
            }
        }
        for s in 0..NS {
            if (self.pop.val()
                && ((self.sel_slot_oh.q.val() & self.c_slot_bit[s].val()) != self.c_zero_ns.val()))
                || (self.bad.val() && (self.cur_slot.q.val() == self.c_slot[s].val()))
            {
                self.free_next.next = self.free_next.val() | self.c_slot_bit[s].val();
            }
        }
        self.free.d.next = self.free_next.val();
        if self.qcommit.val() && !self.pop.val() {
            self.used.d.next = self.used.q.val() + self.c_one5.val();
        }
        if self.pop.val() && !self.qcommit.val() {
            self.used.d.next = self.used.q.val() - self.c_one5.val();
        }
        self.descr_vc.next = self.c_zero8.val();
        for i in 0..8 {
            if self.qcommit.val() && (self.qvc.val() == self.c_vc[i].val()) {
                self.vc_cnt[i].d.next = self.vc_cnt[i].q.val() + self.c_one5.val();
                self.vc_nz[i].d.next = true;
                self.vc_one[i].d.next = !self.vc_nz[i].q.val();
                self.tail[i].d.next = self.qslot.val();
                // an empty queue (or one emptied by this cycle's pop) starts at the new slot;
                // else the tail links to it (an empty queue's tail is stale: another VC may
                // own that slot now)
                if !self.vc_nz[i].q.val()
                    || (self.pop.val()
                        && ((self.sel_vc_oh.q.val() & self.c_vc_bit[i].val())
                            != self.c_zero8.val())
                        && self.vc_one[i].q.val())
                {
                    self.head[i].d.next = self.qslot.val();
                }
            }
            if self.pop.val()
                && ((self.sel_vc_oh.q.val() & self.c_vc_bit[i].val()) != self.c_zero8.val())
            {
                self.vc_cnt[i].d.next = self.vc_cnt[i].q.val() - self.c_one5.val();
                self.vc_nz[i].d.next = !self.vc_one[i].q.val();
                self.vc_one[i].d.next = self.vc_cnt[i].q.val() == self.c_two5.val();
                if !(self.vc_one[i].q.val()
                    && self.qcommit.val()
                    && (self.qvc.val() == self.c_vc[i].val()))
                {
                    self.head[i].d.next = self.hn_r.q.val();
                }
                if self.qcommit.val() && (self.qvc.val() == self.c_vc[i].val()) {
                    self.vc_cnt[i].d.next = self.vc_cnt[i].q.val();
                    self.vc_nz[i].d.next = self.vc_nz[i].q.val();
                    self.vc_one[i].d.next = self.vc_one[i].q.val();
                }
            }
            if self.vc_nz[i].q.val() {
                self.descr_vc.next = self.descr_vc.val() | self.c_vc_bit[i].val();
            }
        }
        // a non-empty queue's tail links to the new slot (tail and emptiness taken at the CRC
        // word; a queue that a pop has emptied since links from its tail too: that is the
        // popped slot, free from then on, so the link is never read)
        if self.qcommit.val() && self.tnz_r.q.val() {
            for s in 0..NS {
                if self.tq_r.q.val() == self.c_slot[s].val() {
                    self.nxt[s].d.next = self.qslot.val();
                }
            }
        }

        self.sink_crc.x.next = self.pcrc.crc_next.val();

        // ---- status ----
        self.expected.next = self.exp.q.val();
        self.busy.next = self.st.q.val() != self.c_st_wait.val();
        self.rd_busy.next = self.ocnt.q.val() != self.c_zero5.val();
        self.pb_not_empty.next = self.used.q.val() != self.c_zero_w.val();
        self.pb_half.next = self.used.q.val() >= self.c_half_ns.val();
        self.pb_full.next = self.used.q.val() == self.c_ns.val();
        self.descr_not_empty.next = self.descr_vc.val() != self.c_zero8.val();

        if self.reset.val() {
            self.st.d.next = self.c_st_wait.val();
            self.exp.d.next = self.c_zero_s.val();
            self.cnt.d.next = self.c_zero6.val();
            self.at_crc.d.next = false;
            self.timer.d.next = self.c_zero16.val();
            self.free.d.next = self.c_all_free.val();
            self.used.d.next = self.c_zero_w.val();
            self.sel_valid.d.next = false;
            self.pend.d.next = false;
            self.vchk.d.next = false;
            self.vdup.d.next = false;
            self.rr.d.next = self.c_vc[7].val();
            self.ocnt.d.next = self.c_zero5.val();
            self.olast.d.next = false;
            self.ack_cnt.d.next = self.c_zero4.val();
            self.ack_timer.d.next = self.c_zero10.val();
            self.ack_timer1.d.next = self.c_one10.val();
            self.ack_due.d.next = self.ack_delay.val() == self.c_zero10.val();
            self.ack_hit.d.next = self.c_one4.val() >= self.ack_every.val();
            self.good_r.d.next = false;
            self.nak_r.d.next = false;
            self.dup_r.d.next = false;
            self.cause_r.d.next = self.c_zero_nak.val();
            self.i_rxv.d.next = false;
            self.i_crc_start.d.next = false;
            self.i_crc_valid.d.next = false;
            // the registered picks and eligibility go too: a pick checks last cycle's
            // eligibility alone, which must not outlive the queues it was made from
            self.elig_r.d.next = self.c_zero8.val();
            self.eligp_r.d.next = self.c_zero8.val();
            self.pnv_r.d.next = false;
            self.pkv_r.d.next = false;
            for i in 0..8 {
                self.vc_cnt[i].d.next = self.c_zero5.val();
                self.vc_nz[i].d.next = false;
                self.vc_one[i].d.next = false;
            }
        }
    }
}

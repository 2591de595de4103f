//! RXLINK (thesis §2.4.4, protocol §2.2): decodes the words RXSYNC delivers, checks packets
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
//! Feedback requests leave from a register stage, one cycle after the word that caused them.
//!
//! Reception buffer: `2^PB` words of block RAM; a packet is written as it arrives and
//! committed (made visible, its descriptor queued) only after its CRC checked; a bad packet's
//! words are rolled back. So no packet is delivered twice, out of order or with a bad CRC.
//! Delivery: 32 words per packet, `out_first`/`out_last`, `out_dest` = `{rao, vc}`.
//! Latency: the packet is offered 3 cycles after its CRC word is consumed.

use super::codec::{WordDecode, KIND_ACK, KIND_NAK, KIND_RESTART};
use crate::common::prim::k;
use crate::common::{crc::Crc, ram::BlockRam, sync_fifo::SyncFifo, unused::Unused};
use nicgen_wire::crc::CRC32_IEEE;
use nicgen_wire::ftnw::link as tnw;
use rust_hdl::prelude::*;

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
pub struct RxLink<const S: usize, const PB: usize, const PBP1: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Words from RXSYNC (IDLEs removed), one per cycle at most; always accepted.
    pub rxd: Signal<In, Bits<32>>,
    pub rxc: Signal<In, Bits<4>>,
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
    /// Feedback received from the peer, for the local TXLINK.
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
    dec: WordDecode<S>,
    pcrc: Crc<32, 32>,
    pbuf: BlockRam<Bits<32>, PB>,
    descr: SyncFifo<Bits<14>, 4, 5>,
    sink_descr: Unused<Bits<5>>,
    sink_bits: [Unused<Bit>; 3],
    sink_crc: Unused<Bits<32>>,
    st: DFF<Bits<2>>,
    exp: DFF<Bits<S>>,
    cur_seq: DFF<Bits<S>>,
    cur_dest: DFF<Bits<14>>,
    cnt: DFF<Bits<6>>,
    timer: DFF<Bits<16>>,
    wp_spec: DFF<Bits<PBP1>>,
    wp: DFF<Bits<PBP1>>,
    rp: DFF<Bits<PBP1>>,
    ocnt: DFF<Bits<5>>,
    vc_cnt: [DFF<Bits<5>>; 8],
    /// Committed packets whose ACK is still held back, and the cycles since the first of them.
    ack_cnt: DFF<Bits<4>>,
    ack_timer: DFF<Bits<10>>,
    /// The feedback stage: the events of the previous cycle (a packet committed, a NAK, a
    /// duplicate) and their sequence number, so the feedback request leaves from registers.
    good_r: DFF<Bit>,
    nak_r: DFF<Bit>,
    dup_r: DFF<Bit>,
    seq_r: DFF<Bits<S>>,
    cause_r: DFF<Bits<5>>,
    // locals
    good: Signal<Local, Bit>,
    cause: Signal<Local, Bits<5>>,
    nak_req: Signal<Local, Bit>,
    dup_ack: Signal<Local, Bit>,
    ack_now: Signal<Local, Bit>,
    ack_late: Signal<Local, Bit>,
    occ: Signal<Local, Bits<PBP1>>,
    age: Signal<Local, Bits<S>>,
    take: Signal<Local, Bit>,
    pop: Signal<Local, Bit>,
    commit: Signal<Local, Bit>,
    abort: Signal<Local, Bit>,
    write: Signal<Local, Bit>,
    rp_next: Signal<Local, Bits<PBP1>>,
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
    c_crc_word: Constant<Bits<6>>,
    c_one6: Constant<Bits<6>>,
    c_zero6: Constant<Bits<6>>,
    c_timeout: Constant<Bits<16>>,
    c_one16: Constant<Bits<16>>,
    c_zero16: Constant<Bits<16>>,
    c_room: Constant<Bits<PBP1>>,
    c_half: Constant<Bits<PBP1>>,
    c_one_p: Constant<Bits<PBP1>>,
    c_zero_p: Constant<Bits<PBP1>>,
    c_last5: Constant<Bits<5>>,
    c_one5: Constant<Bits<5>>,
    c_zero5: Constant<Bits<5>>,
    c_vc: [Constant<Bits<3>>; 8],
    c_vc_bit: [Constant<Bits<8>>; 8],
    c_zero8: Constant<Bits<8>>,
    c_nak: [Constant<Bits<5>>; 5],
    c_zero_nak: Constant<Bits<5>>,
    c_one4: Constant<Bits<4>>,
    c_zero4: Constant<Bits<4>>,
    c_one10: Constant<Bits<10>>,
    c_zero10: Constant<Bits<10>>,
    c_max10: Constant<Bits<10>>,
}

/// The default receiver: 8-bit sequence numbers, 256-word (8-packet) reception buffer.
pub type RxLinkDefault = RxLink<8, 8, 9>;

impl<const S: usize, const PB: usize, const PBP1: usize> RxLink<S, PB, PBP1> {
    pub fn new(cfg: RxConfig) -> Self {
        assert_eq!(PBP1, PB + 1, "RxLink: PBP1 must be PB + 1");
        assert!(
            PB >= 6,
            "RxLink: the reception buffer must hold at least two packets (PB >= 6)"
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
            rxc: Default::default(),
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
            out_ready: Default::default(),
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
            dec: Default::default(),
            pcrc: Crc::new(&CRC32_IEEE),
            pbuf: Default::default(),
            descr: SyncFifo::new(16, 0),
            sink_descr: Default::default(),
            sink_bits: Default::default(),
            sink_crc: Default::default(),
            st: Default::default(),
            exp: Default::default(),
            cur_seq: Default::default(),
            cur_dest: Default::default(),
            cnt: Default::default(),
            timer: Default::default(),
            wp_spec: Default::default(),
            wp: Default::default(),
            rp: Default::default(),
            ocnt: Default::default(),
            vc_cnt: Default::default(),
            ack_cnt: Default::default(),
            ack_timer: Default::default(),
            good_r: Default::default(),
            nak_r: Default::default(),
            dup_r: Default::default(),
            seq_r: Default::default(),
            cause_r: Default::default(),
            cause: Default::default(),
            good: Default::default(),
            nak_req: Default::default(),
            dup_ack: Default::default(),
            ack_now: Default::default(),
            ack_late: Default::default(),
            occ: Default::default(),
            age: Default::default(),
            take: Default::default(),
            pop: Default::default(),
            commit: Default::default(),
            abort: Default::default(),
            write: Default::default(),
            rp_next: Default::default(),
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
            c_crc_word: k(pw),
            c_one6: k(1),
            c_zero6: k(0),
            c_timeout: k(cfg.rx_timeout as u64),
            c_one16: k(1),
            c_zero16: k(0),
            c_room: k((1 << PB) - pw),
            c_half: k(1 << (PB - 1)),
            c_one_p: k(1),
            c_zero_p: k(0),
            c_last5: k(pw - 1),
            c_one5: k(1),
            c_zero5: k(0),
            c_vc: std::array::from_fn(|i| k(i as u64)),
            c_vc_bit: std::array::from_fn(|i| k(1 << i)),
            c_zero8: k(0),
            c_nak: std::array::from_fn(|i| k(1 << i)),
            c_zero_nak: k(0),
            c_one4: k(1),
            c_zero4: k(0),
            c_one10: k(1),
            c_zero10: k(0),
            c_max10: k(1023),
        }
    }
}

impl<const S: usize, const PB: usize, const PBP1: usize> Logic for RxLink<S, PB, PBP1> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, exp, cur_seq, cur_dest, cnt, timer, wp_spec, wp, rp, ocnt, ack_cnt,
            ack_timer, good_r, nak_r, dup_r, seq_r, cause_r
        );
        for i in 0..8 {
            self.vc_cnt[i].clock.next = self.clock.val();
            self.vc_cnt[i].d.next = self.vc_cnt[i].q.val();
        }
        self.dec.d.next = self.rxd.val();
        self.dec.c.next = self.rxc.val();
        self.pcrc.clock.next = self.clock.val();
        self.pcrc.reset.next = self.reset.val();
        self.pcrc.data.next = self.rxd.val();
        self.pcrc.start.next = false;
        self.pcrc.valid.next = false;
        self.occ.next = self.wp.q.val() - self.rp.q.val();
        self.age.next = self.exp.q.val() - self.dec.seq.val() - self.c_one_s.val();

        self.good.next = false;
        self.nak_req.next = false;
        self.dup_ack.next = false;
        self.peer_fb.next = false;
        self.peer_nak.next = self.dec.kind.val() == self.c_kind_nak.val();
        self.peer_seq.next = self.dec.seq.val();
        self.ev_dirty_cmd.next = false;
        self.ev_dirty_class.next = self.dec.dclass.val();
        self.ev_crc.next = false;
        self.ev_dirty_pkt.next = false;
        self.ev_timeout.next = false;
        self.ev_hdr_reject.next = false;
        self.ev_full_reject.next = false;
        self.ev_offline_data.next = false;
        self.cause.next = self.c_zero_nak.val();
        self.commit.next = false;
        self.abort.next = false;
        self.write.next = false;

        // ---- timeout inside a packet ----
        if self.rxv.val()
            || (self.st.q.val() == self.c_st_wait.val())
            || (self.st.q.val() == self.c_st_drop.val())
        {
            self.timer.d.next = self.c_zero16.val();
        } else {
            self.timer.d.next = self.timer.q.val() + self.c_one16.val();
        }

        if self.rxv.val() && self.dec.is_ctrl.val() {
            if (self.dec.kind.val() == self.c_kind_ack.val())
                || (self.dec.kind.val() == self.c_kind_nak.val())
            {
                self.peer_fb.next = true;
            }
            if self.dec.kind.val() == self.c_kind_restart.val() {
                self.st.d.next = self.c_st_wait.val();
                self.abort.next = true;
            }
        } else if self.offline.val() {
            self.st.d.next = self.c_st_wait.val();
            self.abort.next = true;
            if self.rxv.val() && self.dec.is_hdr.val() {
                self.ev_offline_data.next = true;
            }
        } else if self.rxv.val() && (self.st.q.val() == self.c_st_wait.val()) {
            if self.dec.is_hdr.val() {
                self.cur_seq.d.next = self.dec.seq.val();
                self.cur_dest.d.next = self.dec.dest.val();
                self.cnt.d.next = self.c_zero6.val();
                self.pcrc.start.next = true;
                self.pcrc.valid.next = true;
                if self.dec.seq.val() == self.exp.q.val() {
                    if self.occ.val() <= self.c_room.val() {
                        self.st.d.next = self.c_st_recv.val();
                    } else {
                        self.st.d.next = self.c_st_drop.val();
                        self.nak_req.next = true;
                        self.ev_full_reject.next = true;
                        self.cause.next = self.c_nak[3].val();
                    }
                } else if self.age.val() < self.c_half_s.val() {
                    self.st.d.next = self.c_st_dup.val();
                } else {
                    self.st.d.next = self.c_st_drop.val();
                    self.nak_req.next = true;
                    self.ev_hdr_reject.next = true;
                    self.cause.next = self.c_nak[2].val();
                }
            } else if self.dec.dirty.val() {
                self.ev_dirty_cmd.next = true;
            }
        } else if self.rxv.val() && (self.st.q.val() == self.c_st_drop.val()) {
            if self.dec.dirty.val() {
                self.ev_dirty_cmd.next = true;
            }
        } else if self.rxv.val() {
            // RECV or DUP
            if self.dec.is_data.val() {
                if self.cnt.q.val() == self.c_crc_word.val() {
                    self.st.d.next = self.c_st_wait.val();
                    if self.rxd.val() == self.pcrc.crc.val() {
                        if self.st.q.val() == self.c_st_recv.val() {
                            self.good.next = true;
                            self.commit.next = true;
                            self.exp.d.next = self.exp.q.val() + self.c_one_s.val();
                        } else {
                            // a duplicate is acknowledged again at once
                            self.dup_ack.next = true;
                        }
                    } else if self.st.q.val() == self.c_st_recv.val() {
                        self.st.d.next = self.c_st_drop.val();
                        self.abort.next = true;
                        self.nak_req.next = true;
                        self.ev_crc.next = true;
                        self.cause.next = self.c_nak[0].val();
                    }
                } else {
                    self.cnt.d.next = self.cnt.q.val() + self.c_one6.val();
                    self.pcrc.valid.next = true;
                    self.write.next = self.st.q.val() == self.c_st_recv.val();
                }
            } else if self.st.q.val() == self.c_st_recv.val() {
                self.st.d.next = self.c_st_drop.val();
                self.abort.next = true;
                self.nak_req.next = true;
                self.ev_dirty_pkt.next = true;
                self.cause.next = self.c_nak[1].val();
            } else {
                self.st.d.next = self.c_st_wait.val();
            }
        } else if self.timer.q.val() == self.c_timeout.val() {
            self.timer.d.next = self.c_zero16.val();
            if self.st.q.val() == self.c_st_recv.val() {
                self.st.d.next = self.c_st_drop.val();
                self.abort.next = true;
                self.nak_req.next = true;
                self.ev_timeout.next = true;
                self.cause.next = self.c_nak[4].val();
            } else {
                self.st.d.next = self.c_st_wait.val();
            }
        }

        // ---- feedback, one register stage after the word that caused it: NAKs and duplicate
        // ACKs as they come, committed packets' ACKs coalesced (ack_every 0 or 1: each at once,
        // as the thesis does) ----
        self.good_r.d.next = self.good.val();
        self.nak_r.d.next = self.nak_req.val();
        self.dup_r.d.next = self.dup_ack.val();
        self.cause_r.d.next = self.cause.val();
        self.nak_cause.next = self.cause_r.q.val();
        // a NAK names the next expected packet, an ACK the committed packet or the duplicate
        self.seq_r.d.next = self.exp.q.val();
        if self.good.val() || self.dup_ack.val() {
            self.seq_r.d.next = self.cur_seq.q.val();
        }
        self.ack_now.next = self.good_r.q.val()
            && ((self.ack_cnt.q.val() + self.c_one4.val()) >= self.ack_every.val());
        // the held-back ACK, when it is due and the feedback request is free
        self.ack_late.next = !self.good_r.q.val()
            && !self.nak_r.q.val()
            && !self.dup_r.q.val()
            && (self.ack_cnt.q.val() != self.c_zero4.val())
            && (self.ack_timer.q.val() >= self.ack_delay.val());
        self.fb_req.next =
            self.nak_r.q.val() || self.dup_r.q.val() || self.ack_now.val() || self.ack_late.val();
        self.fb_nak.next = self.nak_r.q.val();
        self.fb_seq.next = self.seq_r.q.val();
        if self.ack_late.val() {
            // the last committed: every commit up to the previous cycle is in `exp`, and one
            // in the previous cycle (good_r) holds the late ACK back
            self.fb_seq.next = self.exp.q.val() - self.c_one_s.val();
        }
        if self.ack_cnt.q.val() != self.c_zero4.val() {
            if self.ack_timer.q.val() != self.c_max10.val() {
                self.ack_timer.d.next = self.ack_timer.q.val() + self.c_one10.val();
            }
        }
        if self.good_r.q.val() && !self.ack_now.val() {
            self.ack_cnt.d.next = self.ack_cnt.q.val() + self.c_one4.val();
        }
        // an ACK, or a NAK (which acknowledges everything before it), covers every held-back
        // one; the timer runs only while one is held back
        if self.ack_now.val() || self.ack_late.val() || self.nak_r.q.val() {
            self.ack_cnt.d.next = self.c_zero4.val();
            self.ack_timer.d.next = self.c_zero10.val();
        }

        // ---- reception buffer: speculative write, commit or roll back ----
        self.pbuf.write_clock.next = self.clock.val();
        self.pbuf.read_clock.next = self.clock.val();
        self.pbuf.write_address.next = self.wp_spec.q.val().get_bits::<PB>(0);
        self.pbuf.write_data.next = self.rxd.val();
        self.pbuf.write_enable.next = self.write.val();
        if self.write.val() {
            self.wp_spec.d.next = self.wp_spec.q.val() + self.c_one_p.val();
        }
        if self.abort.val() {
            self.wp_spec.d.next = self.wp.q.val();
        }
        if self.commit.val() {
            self.wp.d.next = self.wp_spec.q.val();
        }
        self.descr.clock.next = self.clock.val();
        self.descr.reset.next = self.reset.val();
        self.descr.sink.data.next = self.cur_dest.q.val();
        self.descr.sink.valid.next = self.commit.val();

        // ---- delivery ----
        self.out_valid.next = self.descr.source.valid.val();
        self.out_data.next = self.pbuf.read_data.val();
        self.out_dest.next = self.descr.source.data.val();
        self.out_first.next = self.ocnt.q.val() == self.c_zero5.val();
        self.out_last.next = self.ocnt.q.val() == self.c_last5.val();
        self.take.next = self.descr.source.valid.val() && self.out_ready.val();
        self.pop.next = self.take.val() && (self.ocnt.q.val() == self.c_last5.val());
        // ready without valid: the FIFO pops only when valid (no combinational loop)
        self.descr.source.ready.next =
            self.out_ready.val() && (self.ocnt.q.val() == self.c_last5.val());
        self.rp_next.next = self.rp.q.val();
        if self.take.val() {
            self.ocnt.d.next = self.ocnt.q.val() + self.c_one5.val();
            self.rp_next.next = self.rp.q.val() + self.c_one_p.val();
        }
        self.rp.d.next = self.rp_next.val();
        self.pbuf.read_address.next = self.rp_next.val().get_bits::<PB>(0);
        self.descr_vc.next = self.c_zero8.val();
        for i in 0..8 {
            if self.commit.val() && (self.cur_dest.q.val().get_bits::<3>(0) == self.c_vc[i].val()) {
                self.vc_cnt[i].d.next = self.vc_cnt[i].q.val() + self.c_one5.val();
            }
            if self.pop.val()
                && (self.descr.source.data.val().get_bits::<3>(0) == self.c_vc[i].val())
            {
                self.vc_cnt[i].d.next = self.vc_cnt[i].q.val() - self.c_one5.val();
                if self.commit.val()
                    && (self.cur_dest.q.val().get_bits::<3>(0) == self.c_vc[i].val())
                {
                    self.vc_cnt[i].d.next = self.vc_cnt[i].q.val();
                }
            }
            if self.vc_cnt[i].q.val() != self.c_zero5.val() {
                self.descr_vc.next = self.descr_vc.val() | self.c_vc_bit[i].val();
            }
        }

        self.sink_descr.x.next = self.descr.occupancy.val();
        self.sink_bits[0].x.next = self.descr.sink.ready.val();
        self.sink_bits[1].x.next = self.descr.almost_full.val();
        self.sink_bits[2].x.next = self.descr.almost_empty.val();
        self.sink_crc.x.next = self.pcrc.crc_next.val();

        // ---- status ----
        self.expected.next = self.exp.q.val();
        self.busy.next = self.st.q.val() != self.c_st_wait.val();
        self.rd_busy.next = self.ocnt.q.val() != self.c_zero5.val();
        self.pb_not_empty.next = self.occ.val() != self.c_zero_p.val();
        self.pb_half.next = self.occ.val() >= self.c_half.val();
        self.pb_full.next = self.occ.val() > self.c_room.val();
        self.descr_not_empty.next = self.descr.source.valid.val();

        if self.reset.val() {
            self.st.d.next = self.c_st_wait.val();
            self.exp.d.next = self.c_zero_s.val();
            self.cnt.d.next = self.c_zero6.val();
            self.timer.d.next = self.c_zero16.val();
            self.wp_spec.d.next = self.c_zero_p.val();
            self.wp.d.next = self.c_zero_p.val();
            self.rp.d.next = self.c_zero_p.val();
            self.ocnt.d.next = self.c_zero5.val();
            self.ack_cnt.d.next = self.c_zero4.val();
            self.ack_timer.d.next = self.c_zero10.val();
            self.good_r.d.next = false;
            self.nak_r.d.next = false;
            self.dup_r.d.next = false;
            self.cause_r.d.next = self.c_zero_nak.val();
            for i in 0..8 {
                self.vc_cnt[i].d.next = self.c_zero5.val();
            }
        }
    }
}

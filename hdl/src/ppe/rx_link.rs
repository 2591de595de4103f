//! The PPE's link receiver (UUCS-95-013 A.2.2 "RCV Pkt"; block B8 of the checklist): a frame
//! from the fabric taken whole, split by its length (there is no length field, AMB-11), both
//! checksums checked (AMB-30, AMB-31), the payload kept for the host write.
//!
//! One clock, two frames: `rx` takes a frame's 32-bit words (`first` .. `last`; `keep` and
//! `meta` are not used: the link carries whole words) while the frame before it is held for the
//! engine, so reception and processing overlap. A finished frame moves to the held place when
//! that is free and `promote` is high (the node holds it back while a miscellaneous packet
//! must stay readable, and while enable is 0); until then the next frame waits at the port.
//! The payload buffer has a bank per place. The frame is read as
//! `nicgen_wire::ppe::Received::split` reads it: address0, address1, control0, control1,
//! control2, four metadata words when control1.meta_data_flag is set, the payload, and the
//! trailer (the last word). Two cycles after its last word at the earliest (the checksums
//! compared in their registers), `d_valid` holds until `d_take`:
//! - `w0`-`w3` (address0 .. control1) and `m0`-`m3` (the metadata, when flagged) as received;
//! - `hdr_ok`: the header checksum matches (`crc16` over w0-w3 and the metadata);
//! - `body_ok`: the payload checksum in the trailer matches (0xFFFF for no payload);
//! - `pkt_words`: payload words (0-32), readable at `p_addr` (`p_data` the cycle after).
//! A frame too short for its header, flagged metadata and trailer, or with more than 32
//! payload words (the rest is consumed and not kept) has `hdr_ok` and `body_ok` low (an error
//! packet with bad_hdr_chksum: the framing decision in docs/spec-decisions.md). After a reset,
//! words are taken and dropped until one with `first`: a frame the reset cut is not taken for
//! a new one.

use crate::common::crc::Crc;
use crate::common::packet::PacketSink;
use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::crc::CRC16_CCITT;
use nicgen_wire::ppe as w;
use rust_hdl::prelude::*;

// the literal bit offsets of `get_bits` in the kernel
const _: () = assert!(
    w::control1::META_DATA_FLAG.lsb == 27
        && w::control2::HDR_CHECKSUM.lsb == 16
        && w::control2::PKT_CHECKSUM.lsb == 16
        && w::MAX_PAYLOAD_WORDS == 32
);

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeRxLink {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: a frame in progress and a finished one are dropped
    pub reset: Signal<In, Bit>,
    /// The fabric's ejection port (`common::packet`, 32-bit words, `first`..`last` a frame; `keep`
    /// and `meta` not used): taken while no finished frame is held
    #[port]
    pub rx: PacketSink<32, 4, 1>,
    /// A finished frame is held (until `d_take`)
    pub d_valid: Signal<Out, Bit>,
    /// A frame is finishing: its last word taken and its checksums being compared, or waiting
    /// (while `promote`) to move to the held place
    pub ending: Signal<Out, Bit>,
    /// Release the finished frame
    pub d_take: Signal<In, Bit>,
    /// A finished frame may move to the held place (`d_valid`); until then the next frame waits at
    /// the port
    pub promote: Signal<In, Bit>,
    /// Address0 as received (`nicgen_wire::ppe::address0`)
    pub w0: Signal<Out, Bits<32>>,
    /// Address1
    pub w1: Signal<Out, Bits<32>>,
    /// Control0
    pub w2: Signal<Out, Bits<32>>,
    /// Control1
    pub w3: Signal<Out, Bits<32>>,
    /// Metadata word 0 (when control1.meta_data_flag)
    pub m0: Signal<Out, Bits<32>>,
    /// Metadata word 1
    pub m1: Signal<Out, Bits<32>>,
    /// Metadata word 2
    pub m2: Signal<Out, Bits<32>>,
    /// Metadata word 3
    pub m3: Signal<Out, Bits<32>>,
    /// The header checksum matches (low for a frame too short or too long: bad_hdr_chksum)
    pub hdr_ok: Signal<Out, Bit>,
    /// The payload checksum matches (0xFFFF for no payload)
    pub body_ok: Signal<Out, Bit>,
    /// Payload words, 0-32
    pub pkt_words: Signal<Out, Bits<6>>,
    /// Payload word to read
    pub p_addr: Signal<In, Bits<5>>,
    /// Payload word `p_addr` of the cycle before
    pub p_data: Signal<Out, Bits<32>>,
    #[init(Crc::new(&CRC16_CCITT))]
    crc_h: Crc<16, 32>,
    #[init(Crc::new(&CRC16_CCITT))]
    crc_p: Crc<16, 32>,
    buf_ram: BlockRam<Bits<32>, 6>,
    hw: [DFF<Bits<32>>; 4],
    mw: [DFF<Bits<32>>; 4],
    /// The held frame's header words and metadata (the outputs).
    ow: [DFF<Bits<32>>; 4],
    om: [DFF<Bits<32>>; 4],
    /// A finished frame waits to move to the held place: its checks and payload words.
    pv: DFF<Bit>,
    hdr_ok_p: DFF<Bit>,
    body_ok_p: DFF<Bit>,
    words_p: DFF<Bits<6>>,
    /// The payload bank being received into; the held frame's.
    rbank: DFF<Bit>,
    hbank: DFF<Bit>,
    wa: Widen<5, 6>,
    ra: Widen<5, 6>,
    #[init(k(32))]
    c_bank: Constant<Bits<6>>,
    #[init(k(0))]
    c_nobank: Constant<Bits<6>>,
    c2: DFF<Bits<32>>,
    meta_q: DFF<Bit>,
    /// Words of the frame taken so far (saturating).
    n: DFF<Bits<4>>,
    /// The last word taken after the header: payload, unless it turns out to be the trailer.
    pend: DFF<Bits<32>>,
    pend_v: DFF<Bit>,
    /// Payload words committed; more than 32 seen.
    pl: DFF<Bits<6>>,
    over: DFF<Bit>,
    /// After a reset: words are taken and dropped until a first word (the rest of a frame cut
    /// by the reset is not a frame).
    skip: DFF<Bit>,
    done: DFF<Bit>,
    /// The last word was taken: the checksums are compared in this cycle.
    fin: DFF<Bit>,
    short_q: DFF<Bit>,
    trailer_q: DFF<Bits<16>>,
    hdr_ok_q: DFF<Bit>,
    body_ok_q: DFF<Bit>,
    words_q: DFF<Bits<6>>,
    /// The held frame's payload words.
    pkt_q: DFF<Bits<6>>,
    sink_keep: Unused<Bits<4>>,
    sink_meta: Unused<Bits<1>>,
    sink_c2: Unused<Bits<16>>,
    /// The checksums are compared from their registers (`crc`), not `crc_next`.
    sink_crc_next: [Unused<Bits<16>>; 2],
    take: Signal<Local, Bit>,
    go_now: Signal<Local, Bit>,
    hok: Signal<Local, Bit>,
    bok: Signal<Local, Bit>,
    idx: Signal<Local, Bits<4>>,
    hd: Signal<Local, Bits<4>>,
    pl0: Signal<Local, Bits<6>>,
    pv0: Signal<Local, Bit>,
    commit: Signal<Local, Bit>,
    pl_next: Signal<Local, Bits<6>>,
    body: Signal<Local, Bits<16>>,
    short: Signal<Local, Bit>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_n: [Constant<Bits<4>>; 10],
    #[init(k(4))]
    c_four: Constant<Bits<4>>,
    #[init(k(1))]
    c_one4: Constant<Bits<4>>,
    #[init(k(1))]
    c_one6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(w::MAX_PAYLOAD_WORDS as u64))]
    c_max: Constant<Bits<6>>,
    #[init(k(15))]
    c_sat: Constant<Bits<4>>,
    #[init(k(0xFFFF))]
    c_empty: Constant<Bits<16>>,
}

impl Logic for PpeRxLink {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, c2, meta_q, n, pend, pend_v, pl, over, skip, done, fin, short_q,
            trailer_q, hdr_ok_q, body_ok_q, words_q, pkt_q, pv, hdr_ok_p, body_ok_p, words_p,
            rbank, hbank
        );
        for i in 0..4 {
            self.hw[i].clock.next = self.clock.val();
            self.hw[i].d.next = self.hw[i].q.val();
            self.mw[i].clock.next = self.clock.val();
            self.mw[i].d.next = self.mw[i].q.val();
            self.ow[i].clock.next = self.clock.val();
            self.ow[i].d.next = self.ow[i].q.val();
            self.om[i].clock.next = self.clock.val();
            self.om[i].d.next = self.om[i].q.val();
        }
        self.crc_h.clock.next = self.clock.val();
        self.crc_p.clock.next = self.clock.val();
        self.crc_h.reset.next = self.reset.val();
        self.crc_p.reset.next = self.reset.val();
        self.buf_ram.read_clock.next = self.clock.val();
        self.buf_ram.write_clock.next = self.clock.val();
        self.sink_keep.x.next = self.rx.keep.val();
        self.sink_meta.x.next = self.rx.meta.val();
        self.sink_c2.x.next = self.c2.q.val().get_bits::<16>(0);
        self.sink_crc_next[0].x.next = self.crc_h.crc_next.val();
        self.sink_crc_next[1].x.next = self.crc_p.crc_next.val();

        // the next frame's words are taken while the one before finishes, unless that one must
        // wait (its words stay where they are until it moves to the held place)
        self.go_now.next = !self.done.q.val() && self.promote.val();
        self.rx.ready.next = !self.pv.q.val()
            && (!self.fin.q.val() || (!self.done.q.val() && self.promote.val()))
            && !self.reset.val();
        self.take.next = self.rx.valid.val()
            && !self.pv.q.val()
            && (!self.fin.q.val() || (!self.done.q.val() && self.promote.val()))
            && !self.reset.val()
            && (!self.skip.q.val() || self.rx.first.val());
        if self.take.val() && self.rx.first.val() {
            self.skip.d.next = false;
        }
        // the word's place in the frame; a first word restarts
        self.idx.next = self.n.q.val();
        self.pl0.next = self.pl.q.val();
        self.pv0.next = self.pend_v.q.val();
        if self.rx.valid.val() && self.rx.first.val() {
            self.idx.next = self.c_n[0].val();
            self.pl0.next = self.c_zero6.val();
            self.pv0.next = false;
        }
        // header length: 5 words, 9 with metadata (the flag is known from word 3 on)
        self.hd.next = self.c_n[5].val();
        if self.meta_q.q.val() {
            self.hd.next = self.c_n[9].val();
        }
        // header words into the header checksum
        self.crc_h.start.next = self.idx.val() == self.c_n[0].val();
        self.crc_h.valid.next = self.take.val()
            && ((self.idx.val() < self.c_four.val())
                || (self.meta_q.q.val()
                    && (self.idx.val() >= self.c_n[5].val())
                    && (self.idx.val() < self.c_n[9].val())));
        self.crc_h.data.next = self.rx.data.val();
        // after the header: the pending word becomes payload when another word follows
        self.commit.next = self.take.val() && (self.idx.val() >= self.hd.val()) && self.pv0.val();
        self.crc_p.start.next = self.pl0.val() == self.c_zero6.val();
        self.crc_p.valid.next = self.commit.val() && (self.pl0.val() < self.c_max.val());
        self.crc_p.data.next = self.pend.q.val();
        self.wa.x.next = self.pl0.val().get_bits::<5>(0);
        self.buf_ram.write_address.next = self.wa.y.val() | self.c_nobank.val();
        if self.rbank.q.val() {
            self.buf_ram.write_address.next = self.wa.y.val() | self.c_bank.val();
        }
        self.buf_ram.write_data.next = self.pend.q.val();
        self.buf_ram.write_enable.next = self.commit.val() && (self.pl0.val() < self.c_max.val());
        self.pl_next.next = self.pl0.val();
        if self.commit.val() && (self.pl0.val() <= self.c_max.val()) {
            self.pl_next.next = self.pl0.val() + self.c_one6.val();
        }
        self.ra.x.next = self.p_addr.val();
        self.buf_ram.read_address.next = self.ra.y.val() | self.c_nobank.val();
        if self.hbank.q.val() {
            self.buf_ram.read_address.next = self.ra.y.val() | self.c_bank.val();
        }
        self.p_data.next = self.buf_ram.read_data.val();
        if self.take.val() {
            self.n.d.next = self.idx.val();
            if self.idx.val() < self.c_sat.val() {
                self.n.d.next = self.idx.val() + self.c_one4.val();
            }
            if self.idx.val() == self.c_n[0].val() {
                self.hw[0].d.next = self.rx.data.val();
                self.meta_q.d.next = false;
                // a frame shorter than its four header words reports 0 for the missing ones,
                // never the previous frame's
                self.hw[1].d.next = self.c_zero32.val();
                self.hw[2].d.next = self.c_zero32.val();
                self.hw[3].d.next = self.c_zero32.val();
            }
            if self.idx.val() == self.c_n[1].val() {
                self.hw[1].d.next = self.rx.data.val();
            }
            if self.idx.val() == self.c_n[2].val() {
                self.hw[2].d.next = self.rx.data.val();
            }
            if self.idx.val() == self.c_n[3].val() {
                self.hw[3].d.next = self.rx.data.val();
                self.meta_q.d.next = self.rx.data.val().get_bit(27);
            }
            if self.idx.val() == self.c_n[4].val() {
                self.c2.d.next = self.rx.data.val();
            }
            if self.meta_q.q.val() {
                if self.idx.val() == self.c_n[5].val() {
                    self.mw[0].d.next = self.rx.data.val();
                }
                if self.idx.val() == self.c_n[6].val() {
                    self.mw[1].d.next = self.rx.data.val();
                }
                if self.idx.val() == self.c_n[7].val() {
                    self.mw[2].d.next = self.rx.data.val();
                }
                if self.idx.val() == self.c_n[8].val() {
                    self.mw[3].d.next = self.rx.data.val();
                }
            }
            self.pl.d.next = self.pl_next.val();
            self.pend_v.d.next = self.pv0.val();
            if self.idx.val() >= self.hd.val() {
                self.pend.d.next = self.rx.data.val();
                self.pend_v.d.next = !self.rx.last.val();
            }
            if self.rx.first.val() {
                self.over.d.next = false;
            }
            if self.commit.val() && (self.pl0.val() == self.c_max.val()) {
                self.over.d.next = true;
            }
        }
        // the last word: the trailer, when the header is whole; the checksums are final (in
        // their registers) the cycle after
        self.short.next = (self.idx.val() < self.hd.val())
            || self.over.q.val()
            || (self.commit.val() && (self.pl0.val() == self.c_max.val()));
        self.fin.d.next = false;
        if self.take.val() && self.rx.last.val() {
            self.fin.d.next = true;
            self.short_q.d.next = self.short.val();
            self.trailer_q.d.next = self.rx.data.val().get_bits::<16>(16);
            self.words_q.d.next = self.pl_next.val();
            self.n.d.next = self.c_n[0].val();
            self.pl.d.next = self.c_zero6.val();
        }
        self.body.next = self.c_empty.val();
        if self.words_q.q.val() != self.c_zero6.val() {
            self.body.next = self.crc_p.crc.val();
        }
        // the finished frame's checks: straight to the held place when it is free, else it
        // waits (its words in place, the port closed) until the held frame is taken
        self.hok.next =
            !self.short_q.q.val() && (self.c2.q.val().get_bits::<16>(16) == self.crc_h.crc.val());
        self.bok.next = !self.short_q.q.val() && (self.trailer_q.q.val() == self.body.val());
        if self.d_take.val() {
            self.done.d.next = false;
        }
        if self.fin.q.val() && self.go_now.val() {
            self.done.d.next = true;
            self.hdr_ok_q.d.next = self.hok.val();
            self.body_ok_q.d.next = self.bok.val();
            self.pkt_q.d.next = self.words_q.q.val();
            self.hbank.d.next = self.rbank.q.val();
            self.rbank.d.next = !self.rbank.q.val();
            for i in 0..4 {
                self.ow[i].d.next = self.hw[i].q.val();
                self.om[i].d.next = self.mw[i].q.val();
            }
        }
        if self.fin.q.val() && !self.go_now.val() {
            self.pv.d.next = true;
            self.hdr_ok_p.d.next = self.hok.val();
            self.body_ok_p.d.next = self.bok.val();
            self.words_p.d.next = self.words_q.q.val();
        }
        if self.pv.q.val() && (!self.done.q.val() || self.d_take.val()) && self.promote.val() {
            self.pv.d.next = false;
            self.done.d.next = true;
            self.hdr_ok_q.d.next = self.hdr_ok_p.q.val();
            self.body_ok_q.d.next = self.body_ok_p.q.val();
            self.pkt_q.d.next = self.words_p.q.val();
            self.hbank.d.next = self.rbank.q.val();
            self.rbank.d.next = !self.rbank.q.val();
            for i in 0..4 {
                self.ow[i].d.next = self.hw[i].q.val();
                self.om[i].d.next = self.mw[i].q.val();
            }
        }
        self.d_valid.next = self.done.q.val();
        // a finished frame not yet held (it counts as received only when it may move on)
        self.ending.next = self.fin.q.val() || (self.pv.q.val() && self.promote.val());
        self.w0.next = self.ow[0].q.val();
        self.w1.next = self.ow[1].q.val();
        self.w2.next = self.ow[2].q.val();
        self.w3.next = self.ow[3].q.val();
        self.m0.next = self.om[0].q.val();
        self.m1.next = self.om[1].q.val();
        self.m2.next = self.om[2].q.val();
        self.m3.next = self.om[3].q.val();
        self.hdr_ok.next = self.hdr_ok_q.q.val();
        self.body_ok.next = self.body_ok_q.q.val();
        self.pkt_words.next = self.pkt_q.q.val();
        if self.reset.val() {
            self.skip.d.next = true;
            self.done.d.next = false;
            self.fin.d.next = false;
            self.pv.d.next = false;
            self.n.d.next = self.c_n[0].val();
            self.pl.d.next = self.c_zero6.val();
            self.pend_v.d.next = false;
            self.over.d.next = false;
        }
    }
}

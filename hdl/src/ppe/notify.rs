//! The PPE's notification writer (block B12; UUCS-95-013 §4, PPE-R054-R064): one posting at a
//! time on list `n`:
//! 1. read the heads-table entry n (`nicgen_wire::ppe::heads`: word 0 `head`, the host address
//!    of the list's empty tail object; word 1 token and enqueue) at `NLHR + 8 n` of RCV_RAM;
//! 2. take the next empty object P from NBQR, waiting while it is empty (AMB-20, PPE-R046);
//! 3. write the object at `head` in one 8-word burst, `next` (word 3) as 0, its value already
//!    (software zeroed it, PPE-R061), the undefined words 0 (AMB-34);
//! 4. once that burst is answered (visible), write `next := P` alone (AMB-32, PPE-R055);
//! 5. once that is answered, write P into the entry's head word (the token word is never
//!    written, PPE-R057);
//! 6. if enqueue was set in the word read, push the token (zero-extended, AMB-22) onto NQR,
//!    waiting while it is full (PPE-R058, R059).
//!
//! Ports: a posting request (`req_*`: list, words 0-2 and metadata 0-3, valid/ready), `nlhr`,
//! an RCV_RAM port (`ram_*`: a word request with `valid`/`ready`; a taken read's word on
//! `ram_rdata` in the next cycle), NBQR's head (`nb_valid`, `nb_data`, `nb_take`), NQR's push
//! (`nq_*`), the host-memory write port (`dma`), `busy` and `err` (a cycle per write answered
//! with an error; the posting goes on). Postings on a list become visible in request order
//! (PPE-R060); the caller asks only once the data they report is visible (PPE-R150).

use crate::common::dma::DmaWrMaster;
use crate::common::prim::k;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ppe::{heads, note};
use rust_hdl::prelude::*;

const _: () = assert!(note::WORDS == 8 && note::NEXT == 3 && heads::BYTES == 8);

// States (`c_s[i]`): 0 idle; 1, 2 the entry's head word read, then its token word; 3 the
// token word arrives; 4 an empty object from NBQR; 5, 6 the object's burst and its answer;
// 7, 8 `next` and its answer; 9 the entry's new head; 10 the token.

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeNotify {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: idle
    pub reset: Signal<In, Bit>,
    /// A posting: list `req_list`, words 0-2 `req_w*` and metadata words 4-7 `req_m*` (held until
    /// `req_ready`)
    pub req_valid: Signal<In, Bit>,
    /// The writer is idle and takes the posting
    pub req_ready: Signal<Out, Bit>,
    /// The note_index: the list's heads-table entry
    pub req_list: Signal<In, Bits<16>>,
    /// Object word 0 (Fig 4, 11, 12)
    pub req_w0: Signal<In, Bits<32>>,
    /// Object word 1
    pub req_w1: Signal<In, Bits<32>>,
    /// Object word 2
    pub req_w2: Signal<In, Bits<32>>,
    /// Object word 4 (metadata 0)
    pub req_m0: Signal<In, Bits<32>>,
    /// Object word 5
    pub req_m1: Signal<In, Bits<32>>,
    /// Object word 6
    pub req_m2: Signal<In, Bits<32>>,
    /// Object word 7
    pub req_m3: Signal<In, Bits<32>>,
    /// Push the token onto NQR whatever enqueue says (a miscellaneous packet's posting, AMB-18)
    pub req_force: Signal<In, Bit>,
    /// NLHR: the heads table's byte address in RCV_RAM (bits 2:0 ignored; entry n at NLHR + 8 n,
    /// wrapping in 64 KB)
    pub nlhr: Signal<In, Bits<16>>,
    /// RCV_RAM word address of the request
    pub ram_addr: Signal<Out, Bits<14>>,
    /// The request writes `ram_wdata` (the entry's head word), else reads
    pub ram_we: Signal<Out, Bit>,
    /// The written word: the new empty object's address
    pub ram_wdata: Signal<Out, Bits<32>>,
    /// An RCV_RAM request (held until `ram_ready`)
    pub ram_valid: Signal<Out, Bit>,
    /// The request is taken this cycle
    pub ram_ready: Signal<In, Bit>,
    /// A taken read's word, in the cycle after it is taken
    pub ram_rdata: Signal<In, Bits<32>>,
    /// NBQR holds an entry
    pub nb_valid: Signal<In, Bit>,
    /// NBQR's head: an empty object's host address
    pub nb_data: Signal<In, Bits<32>>,
    /// The writer takes NBQR's head
    pub nb_take: Signal<Out, Bit>,
    /// The token is pushed onto NQR (held until `nq_ready`)
    pub nq_valid: Signal<Out, Bit>,
    /// The token (heads word 1 >> 1, zero-extended, AMB-22)
    pub nq_data: Signal<Out, Bits<32>>,
    /// NQR has room
    pub nq_ready: Signal<In, Bit>,
    /// Host-memory write port (`common::dma`, 32-bit beats): the object's 8 words at `head` (`next`
    /// 0), then `next` alone at `head` + 12 once the burst is answered
    #[port]
    pub dma: DmaWrMaster<32>,
    /// A posting is under way
    pub busy: Signal<Out, Bit>,
    /// One cycle per host write answered with an error (the posting goes on)
    pub err: Signal<Out, Bit>,
    state: DFF<Bits<4>>,
    list: DFF<Bits<16>>,
    w: [DFF<Bits<32>>; 8],
    head: DFF<Bits<32>>,
    ctl: DFF<Bits<32>>,
    p: DFF<Bits<32>>,
    /// The entry's head word has been captured (S_RD1).
    got_h: DFF<Bit>,
    /// The write's request has been taken; data beats taken.
    sent: DFF<Bit>,
    beat: DFF<Bits<3>>,
    err_r: DFF<Bit>,
    ebyte: Signal<Local, Bits<16>>,
    sink_ebyte: Unused<Bits<2>>,
    entry: Signal<Local, Bits<14>>,
    entry1: Signal<Local, Bits<14>>,
    head64: Widen<32, 64>,
    beat_w: Signal<Local, Bits<32>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_s: [Constant<Bits<4>>; 11],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_beat: [Constant<Bits<3>>; 8],
    #[init(k(1))]
    c_one3: Constant<Bits<3>>,
    #[init(k(7))]
    c_last: Constant<Bits<3>>,
    #[init(k(note::WORDS as u64))]
    c_eight13: Constant<Bits<13>>,
    #[init(k(1))]
    c_one13: Constant<Bits<13>>,
    #[init(k(4 * note::NEXT as u64))]
    c_next_off: Constant<Bits<64>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(!7u64 & 0xFFFF))]
    c_mask8: Constant<Bits<16>>,
    #[init(k(3))]
    c_sh3: Constant<Bits<16>>,
    #[init(k(1))]
    c_one14: Constant<Bits<14>>,
    #[init(k(1))]
    c_one32: Constant<Bits<32>>,
    frc: DFF<Bit>,
}

impl Logic for PpeNotify {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, frc, state, list, head, ctl, p, got_h, sent, beat, err_r);
        for i in 0..8 {
            self.w[i].clock.next = self.clock.val();
            self.w[i].d.next = self.w[i].q.val();
        }
        self.busy.next = self.state.q.val() != self.c_s[0].val();
        self.err.next = self.err_r.q.val();
        self.err_r.d.next = false;
        // entry n's first word: (NLHR + 8 n) as a word address (wrapping in 64 KB, PPE-R031)
        self.ebyte.next =
            (self.nlhr.val() & self.c_mask8.val()) + (self.list.q.val() << self.c_sh3.val());
        self.entry.next = self.ebyte.val().get_bits::<14>(2);
        self.sink_ebyte.x.next = self.ebyte.val().get_bits::<2>(0);
        self.entry1.next = self.entry.val() + self.c_one14.val();
        self.head64.x.next = self.head.q.val();

        // ---- the request ----
        self.req_ready.next = self.state.q.val() == self.c_s[0].val();
        if (self.state.q.val() == self.c_s[0].val()) && self.req_valid.val() {
            self.list.d.next = self.req_list.val();
            self.w[0].d.next = self.req_w0.val();
            self.w[1].d.next = self.req_w1.val();
            self.w[2].d.next = self.req_w2.val();
            self.w[3].d.next = self.c_zero32.val();
            self.w[4].d.next = self.req_m0.val();
            self.w[5].d.next = self.req_m1.val();
            self.w[6].d.next = self.req_m2.val();
            self.w[7].d.next = self.req_m3.val();
            self.frc.d.next = self.req_force.val();
            self.got_h.d.next = false;
            self.state.d.next = self.c_s[1].val();
        }

        // ---- RCV_RAM: the entry's two words read, its head word written ----
        self.ram_valid.next = (self.state.q.val() == self.c_s[1].val())
            || (self.state.q.val() == self.c_s[2].val())
            || (self.state.q.val() == self.c_s[9].val());
        self.ram_we.next = self.state.q.val() == self.c_s[9].val();
        self.ram_wdata.next = self.p.q.val();
        self.ram_addr.next = self.entry.val();
        if self.state.q.val() == self.c_s[2].val() {
            self.ram_addr.next = self.entry1.val();
        }
        if (self.state.q.val() == self.c_s[1].val()) && self.ram_ready.val() {
            self.state.d.next = self.c_s[2].val();
        }
        // the head word arrives in the first cycle of S_RD1
        if (self.state.q.val() == self.c_s[2].val()) && !self.got_h.q.val() {
            self.head.d.next = self.ram_rdata.val();
            self.got_h.d.next = true;
        }
        if (self.state.q.val() == self.c_s[2].val()) && self.ram_ready.val() {
            self.state.d.next = self.c_s[3].val();
        }
        if self.state.q.val() == self.c_s[3].val() {
            self.ctl.d.next = self.ram_rdata.val();
            self.state.d.next = self.c_s[4].val();
        }

        // ---- an empty object from NBQR ----
        self.nb_take.next = (self.state.q.val() == self.c_s[4].val()) && self.nb_valid.val();
        if (self.state.q.val() == self.c_s[4].val()) && self.nb_valid.val() {
            self.p.d.next = self.nb_data.val();
            self.sent.d.next = false;
            self.beat.d.next = self.c_beat[0].val();
            self.state.d.next = self.c_s[5].val();
        }

        // ---- host memory: the object's burst, then `next`, each after its request ----
        self.beat_w.next = self.w[0].q.val();
        for i in 1..8 {
            if self.beat.q.val() == self.c_beat[i].val() {
                self.beat_w.next = self.w[i].q.val();
            }
        }
        self.dma.wr_req_addr.next = self.head64.y.val();
        self.dma.wr_req_beats.next = self.c_eight13.val();
        self.dma.wr_dat_data.next = self.beat_w.val();
        self.dma.wr_dat_last.next = self.beat.q.val() == self.c_last.val();
        if self.state.q.val() == self.c_s[7].val() {
            self.dma.wr_req_addr.next = self.head64.y.val() + self.c_next_off.val();
            self.dma.wr_req_beats.next = self.c_one13.val();
            self.dma.wr_dat_data.next = self.p.q.val();
            self.dma.wr_dat_last.next = true;
        }
        self.dma.wr_req_valid.next = ((self.state.q.val() == self.c_s[5].val())
            || (self.state.q.val() == self.c_s[7].val()))
            && !self.sent.q.val();
        self.dma.wr_dat_valid.next = ((self.state.q.val() == self.c_s[5].val())
            || (self.state.q.val() == self.c_s[7].val()))
            && self.sent.q.val();
        self.dma.wr_rsp_ready.next =
            (self.state.q.val() == self.c_s[6].val()) || (self.state.q.val() == self.c_s[8].val());
        if self.dma.wr_req_valid.val() && self.dma.wr_req_ready.val() {
            self.sent.d.next = true;
        }
        if (self.state.q.val() == self.c_s[5].val())
            && self.sent.q.val()
            && self.dma.wr_dat_ready.val()
        {
            self.beat.d.next = self.beat.q.val() + self.c_one3.val();
            if self.beat.q.val() == self.c_last.val() {
                self.state.d.next = self.c_s[6].val();
            }
        }
        if (self.state.q.val() == self.c_s[7].val())
            && self.sent.q.val()
            && self.dma.wr_dat_ready.val()
        {
            self.state.d.next = self.c_s[8].val();
        }
        if (self.state.q.val() == self.c_s[6].val()) && self.dma.wr_rsp_valid.val() {
            self.err_r.d.next = self.dma.wr_rsp_err.val();
            self.sent.d.next = false;
            self.state.d.next = self.c_s[7].val();
        }
        if (self.state.q.val() == self.c_s[8].val()) && self.dma.wr_rsp_valid.val() {
            self.err_r.d.next = self.dma.wr_rsp_err.val();
            self.state.d.next = self.c_s[9].val();
        }

        // ---- the entry's new head, then the token if enqueue is set ----
        if (self.state.q.val() == self.c_s[9].val()) && self.ram_ready.val() {
            self.state.d.next = self.c_s[0].val();
            if ((self.ctl.q.val() & self.c_one32.val()) != self.c_zero32.val()) || self.frc.q.val()
            {
                self.state.d.next = self.c_s[10].val();
            }
        }
        self.nq_valid.next = self.state.q.val() == self.c_s[10].val();
        self.nq_data.next = self.ctl.q.val() >> self.c_one32.val();
        if (self.state.q.val() == self.c_s[10].val()) && self.nq_ready.val() {
            self.state.d.next = self.c_s[0].val();
        }

        if self.reset.val() {
            self.state.d.next = self.c_s[0].val();
            self.err_r.d.next = false;
        }
    }
}

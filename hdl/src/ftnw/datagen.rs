//! Test-bench module (thesis §2.4.5): DATAGEN feeds the link's injection buffer with packets of
//! a sequential counter (a 32-bit counter replicated on the four lanes) or of the thesis'
//! pseudo-random sequence (two 64-bit generators, `rnd = rnd ^ (C + swap(rnd))`, for the
//! 128-bit item); DATACHK regenerates the same sequence and counts the items that differ.
//! The link's muxes (PICSWITCH, POCSWITCH) make the module transparent when not selected.
//!
//! DATAGEN runs while DGEN_EN is set (endless) or while the one-shot count is not zero; it
//! always completes a packet it started. The sequence restarts on DGEN_CLEAR, at the end of a
//! one-shot run and when DGEN_EN drops, after the packet it started is complete (restarting
//! mid-packet would fill its last items from the new sequence); after the last packet of a run
//! the restart takes one cycle, in which nothing is offered. DATACHK restarts its sequence and
//! clears its error counter while CHKEN is 0. DATACHK registers its input and compares a cycle
//! later, so its counters move one cycle after the word was delivered.

use crate::common::prim::{k, Concat, DffInit};
use crate::common::unused::Unused;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::ftnw::link as tnw;
use rust_hdl::prelude::*;

/// One step of the TB generator (`nicgen_wire::ftnw::link::tb_prng_next`).
#[derive(LogicBlock, Default, Ports)]
pub struct TbPrng {
    pub x: Signal<In, Bits<64>>,
    pub y: Signal<Out, Bits<64>>,
}

impl Logic for TbPrng {
    fn update(&mut self) {
        self.y.next = tnw::tb_prng_next(self.x.val().to_u64()).into();
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "always @(*) y = x ^ (64'h{:016X} + {{x[16:0], x[63:17]}});\n",
            tnw::TB_PRNG_C
        ))
    }
}

/// `TbPrngLo`'s model: the low word of `swap(x)` (`xl`, bits 48:17 of `x`) plus `C[31:0]`, and
/// the carry out of it.
pub fn tb_prng_lo(xl: u32) -> (u32, bool) {
    xl.overflowing_add(tnw::TB_PRNG_C as u32)
}

/// `TbPrngHi`'s model: the step of `x` from the low half of its sum.
pub fn tb_prng_hi(x: u64, lo: u32, carry: bool) -> u64 {
    let hi = ((x.rotate_right(17) >> 32) as u32)
        .wrapping_add((tnw::TB_PRNG_C >> 32) as u32)
        .wrapping_add(carry as u32);
    x ^ (((hi as u64) << 32) | lo as u64)
}

/// The low half of the TB generator's sum: `xl + C[31:0]` with its carry, where `xl` is bits
/// 48:17 of the item (the low word of `swap(rnd)`). With `TbPrngHi` a step in two halves, for
/// DATACHK, which registers the low half and its carry between them.
#[derive(LogicBlock, Default, Ports)]
pub struct TbPrngLo {
    pub xl: Signal<In, Bits<32>>,
    pub lo: Signal<Out, Bits<32>>,
    pub carry: Signal<Out, Bit>,
}

impl Logic for TbPrngLo {
    fn update(&mut self) {
        let (lo, carry) = tb_prng_lo(self.xl.val().to_u64() as u32);
        self.lo.next = (lo as u64).into();
        self.carry.next = carry;
    }
    fn connect(&mut self) {
        self.lo.connect();
        self.carry.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "always @(*) {{carry, lo}} = {{1'b0, xl}} + {{1'b0, 32'h{:08X}}};\n",
            tnw::TB_PRNG_C & 0xFFFF_FFFF
        ))
    }
}

/// The TB generator's step from the item `x` and the low half of its sum (`TbPrngLo`'s `lo`
/// and `carry` for the same `x`): `x ^ {swap(x)[63:32] + C[63:32] + carry, lo}`.
#[derive(LogicBlock, Default, Ports)]
pub struct TbPrngHi {
    pub x: Signal<In, Bits<64>>,
    pub lo: Signal<In, Bits<32>>,
    pub carry: Signal<In, Bit>,
    pub y: Signal<Out, Bits<64>>,
}

impl Logic for TbPrngHi {
    fn update(&mut self) {
        let y = tb_prng_hi(
            self.x.val().to_u64(),
            self.lo.val().to_u64() as u32,
            self.carry.val(),
        );
        self.y.next = y.into();
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "always @(*) y = x ^ {{({{x[16:0], x[63:49]}} + 32'h{:08X} + {{31'd0, carry}}), lo}};\n",
            tnw::TB_PRNG_C >> 32
        ))
    }
}

/// The generator state shared by DATAGEN and DATACHK: the four lanes of the current item. The
/// parent gives the value an advance takes (`next`): DATAGEN the step of the current item
/// (`step_y`) at once, DATACHK that step registered (it advances at most every fourth cycle).
#[derive(LogicBlock, BlockDefault)]
pub struct TbSeq {
    pub clock: Signal<In, Clock>,
    /// Re-initialise (wins over `advance`).
    pub init: Signal<In, Bit>,
    pub advance: Signal<In, Bit>,
    /// The pseudo-random item's four lanes and the counter (each parent picks by its mode).
    pub prng: [Signal<Out, Bits<32>>; 4],
    pub count: Signal<Out, Bits<32>>,
    /// The two generators' step from the current item, and what they take at an advance.
    pub step_y: [Signal<Out, Bits<64>>; 2],
    pub next: [Signal<In, Bits<64>>; 2],
    /// The two generators' current item (DATACHK steps it in two halves).
    pub state: [Signal<Out, Bits<64>>; 2],
    #[init(std::array::from_fn(|i| DffInit::new(tnw::TB_PRNG_SEED[i].into())))]
    g: [DffInit<Bits<64>>; 2],
    step: [TbPrng; 2],
    cnt: DFF<Bits<32>>,
    #[init(std::array::from_fn(|i| Constant::new(tnw::TB_PRNG_SEED[i].into())))]
    seed: [Constant<Bits<64>>; 2],
    #[init(Constant::new(1u64.into()))]
    c_one: Constant<Bits<32>>,
    #[init(Constant::new(0u64.into()))]
    c_zero: Constant<Bits<32>>,
}

impl Logic for TbSeq {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, cnt);
        for i in 0..2 {
            self.g[i].clock.next = self.clock.val();
            self.g[i].d.next = self.g[i].q.val();
            self.step[i].x.next = self.g[i].q.val();
            self.step_y[i].next = self.step[i].y.val();
            self.state[i].next = self.g[i].q.val();
            if self.advance.val() {
                self.g[i].d.next = self.next[i].val();
            }
            if self.init.val() {
                self.g[i].d.next = self.seed[i].val();
            }
        }
        if self.advance.val() {
            self.cnt.d.next = self.cnt.q.val() + self.c_one.val();
        }
        if self.init.val() {
            self.cnt.d.next = self.c_zero.val();
        }
        self.count.next = self.cnt.q.val();
        self.prng[0].next = self.g[0].q.val().get_bits::<32>(0);
        self.prng[1].next = self.g[0].q.val().get_bits::<32>(32);
        self.prng[2].next = self.g[1].q.val().get_bits::<32>(0);
        self.prng[3].next = self.g[1].q.val().get_bits::<32>(32);
    }
}

#[derive(LogicBlock, BlockDefault)]
pub struct TbGen {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub en: Signal<In, Bit>,
    pub seq_mode: Signal<In, Bit>,
    pub clear: Signal<In, Bit>,
    pub chaddr: Signal<In, Bits<3>>,
    /// Load the one-shot count (one cycle).
    pub oneshot_load: Signal<In, Bit>,
    pub oneshot_val: Signal<In, Bits<5>>,
    pub oneshot_left: Signal<Out, Bits<5>>,
    pub frames: Signal<Out, Bits<32>>,
    pub data: [Signal<Out, Bits<32>>; 4],
    pub dest: Signal<Out, Bits<14>>,
    pub valid: Signal<Out, Bit>,
    pub ready: Signal<In, Bit>,
    seq: TbSeq,
    sink_state: [Unused<Bits<64>>; 2],
    dest_cat: Concat<3, 11, 14>,
    item: DFF<Bits<3>>,
    left: DFF<Bits<5>>,
    /// `left != 0` and `item != 0`, kept beside them: `valid` starts at flops.
    left_nz: DFF<Bit>,
    item_nz: DFF<Bit>,
    en_d: DFF<Bit>,
    fcnt: DFF<Bits<32>>,
    /// The last item of a run went last cycle: the sequence restarts at the next edge (a
    /// register, so the consumer's `ready` reaches no reset of the generator's 128 flops), and
    /// nothing is offered meanwhile.
    restart: DFF<Bit>,
    active: Signal<Local, Bit>,
    go: Signal<Local, Bit>,
    #[init(k(1))]
    c_one3: Constant<Bits<3>>,
    #[init(k(0))]
    c_zero3: Constant<Bits<3>>,
    #[init(k(7))]
    c_last3: Constant<Bits<3>>,
    #[init(k(1))]
    c_one5: Constant<Bits<5>>,
    #[init(k(0))]
    c_zero5: Constant<Bits<5>>,
    #[init(k(1))]
    c_one32: Constant<Bits<32>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
}

impl Logic for TbGen {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, item, left, left_nz, item_nz, en_d, fcnt, restart);
        self.seq.clock.next = self.clock.val();
        for i in 0..2 {
            self.seq.next[i].next = self.seq.step_y[i].val();
            self.sink_state[i].x.next = self.seq.state[i].val();
        }
        self.active.next = (self.en.val() || self.left_nz.q.val() || self.item_nz.q.val())
            && !self.restart.q.val();
        // its own expression, not `active`: Verilator sees no loop through `ready`
        self.valid.next = (self.en.val() || self.left_nz.q.val() || self.item_nz.q.val())
            && !self.restart.q.val();
        self.go.next = self.active.val() && self.ready.val();
        for i in 0..4 {
            self.data[i].next = self.seq.prng[i].val();
            if self.seq_mode.val() {
                self.data[i].next = self.seq.count.val();
            }
        }
        self.dest_cat.lo.next = self.chaddr.val();
        self.dest_cat.hi.next = self.fcnt.q.val().get_bits::<11>(0);
        self.dest.next = self.dest_cat.y.val();
        self.seq.advance.next = self.go.val();
        // restart when DGEN_EN drops, but only once the packet it started is complete (here
        // when between packets, below when its last item goes)
        self.restart.d.next = false;
        self.seq.init.next = self.clear.val()
            || self.restart.q.val()
            || (self.en_d.q.val()
                && !self.en.val()
                && !self.left_nz.q.val()
                && !self.item_nz.q.val());
        self.en_d.d.next = self.en.val();
        if self.go.val() {
            self.item.d.next = self.item.q.val() + self.c_one3.val();
            self.item_nz.d.next = self.item.q.val() != self.c_last3.val();
            if self.item.q.val() == self.c_last3.val() {
                self.fcnt.d.next = self.fcnt.q.val() + self.c_one32.val();
                if !self.en.val() && !self.left_nz.q.val() {
                    self.restart.d.next = true;
                }
                if !self.en.val() && self.left_nz.q.val() {
                    self.left.d.next = self.left.q.val() - self.c_one5.val();
                    self.left_nz.d.next = self.left.q.val() != self.c_one5.val();
                    if self.left.q.val() == self.c_one5.val() {
                        self.restart.d.next = true;
                    }
                }
            }
        }
        if self.oneshot_load.val() {
            self.left.d.next = self.oneshot_val.val();
            self.left_nz.d.next = self.oneshot_val.val() != self.c_zero5.val();
        }
        self.oneshot_left.next = self.left.q.val();
        self.frames.next = self.fcnt.q.val();
        if self.reset.val() {
            self.item.d.next = self.c_zero3.val();
            self.left.d.next = self.c_zero5.val();
            self.left_nz.d.next = false;
            self.item_nz.d.next = false;
            self.en_d.d.next = false;
            self.fcnt.d.next = self.c_zero32.val();
            self.restart.d.next = false;
            self.seq.init.next = true;
        }
    }
}

#[derive(LogicBlock)]
pub struct TbChk {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub en: Signal<In, Bit>,
    pub seq_mode: Signal<In, Bit>,
    pub data: Signal<In, Bits<32>>,
    pub last: Signal<In, Bit>,
    pub valid: Signal<In, Bit>,
    pub errors: Signal<Out, Bits<32>>,
    pub frames: Signal<Out, Bits<32>>,
    pub last_data: Signal<Out, Bits<32>>,
    seq: TbSeq,
    lane: DFF<Bits<2>>,
    bad: DFF<Bit>,
    ecnt: DFF<Bits<32>>,
    fcnt: DFF<Bits<32>>,
    last_r: DFF<Bits<32>>,
    /// Input stage: the word is compared the cycle after it is taken (off the RAM output path).
    in_d: DFF<Bits<32>>,
    in_last: DFF<Bit>,
    in_v: DFF<Bit>,
    /// The compare, registered every cycle, and whether it counts (`mv_r`: a word was
    /// compared): the enables stay off the compare's path.
    miss_r: DFF<Bit>,
    mv_r: DFF<Bit>,
    end_r: DFF<Bit>,
    /// The pseudo-random word the next compare expects (lane `lane` of the item), a register
    /// computed from the next values of `lane` and the generator, so the compare starts at
    /// flops (in counter mode the counter, a flop, is the word).
    exp_r: DffInit<Bits<32>>,
    /// The generators' step, registered: an advance (at the last lane) takes it at least four
    /// cycles after the item it steps from was loaded, so the adders are off `g`'s input. It
    /// is computed in two halves (`TbPrngLo`, `TbPrngHi`), the low half's sum and carry
    /// registered between them (`lo_r`, `cy_r`): two cycles after the item was loaded, two
    /// 32-bit carry chains instead of one of 64.
    st_r: [DFF<Bits<64>>; 2],
    st_lo: [TbPrngLo; 2],
    st_hi: [TbPrngHi; 2],
    lo_r: [DFF<Bits<32>>; 2],
    cy_r: [DFF<Bit>; 2],
    sink_step: [Unused<Bits<64>>; 2],
    exp_n: Signal<Local, Bits<32>>,
    lane1: Signal<Local, Bits<2>>,
    miss: Signal<Local, Bit>,
    c_seed_lo: Constant<Bits<32>>,
    c_one2: Constant<Bits<2>>,
    c_zero2: Constant<Bits<2>>,
    c_l1: Constant<Bits<2>>,
    c_l2: Constant<Bits<2>>,
    c_l3: Constant<Bits<2>>,
    c_one32: Constant<Bits<32>>,
    c_zero32: Constant<Bits<32>>,
}

impl Default for TbChk {
    fn default() -> Self {
        // the first word the generator sends: the low half of its seed
        let seed_lo = tnw::TB_PRNG_SEED[0] & 0xFFFF_FFFF;
        Self {
            clock: Default::default(),
            reset: Default::default(),
            en: Default::default(),
            seq_mode: Default::default(),
            data: Default::default(),
            last: Default::default(),
            valid: Default::default(),
            errors: Default::default(),
            frames: Default::default(),
            last_data: Default::default(),
            seq: Default::default(),
            lane: Default::default(),
            bad: Default::default(),
            ecnt: Default::default(),
            fcnt: Default::default(),
            last_r: Default::default(),
            in_d: Default::default(),
            in_last: Default::default(),
            in_v: Default::default(),
            miss_r: Default::default(),
            mv_r: Default::default(),
            end_r: Default::default(),
            st_r: Default::default(),
            st_lo: Default::default(),
            st_hi: Default::default(),
            lo_r: Default::default(),
            cy_r: Default::default(),
            sink_step: Default::default(),
            exp_r: DffInit::new(seed_lo.into()),
            exp_n: Default::default(),
            lane1: Default::default(),
            miss: Default::default(),
            c_seed_lo: Constant::new(seed_lo.into()),
            c_one2: k(1),
            c_zero2: k(0),
            c_l1: k(1),
            c_l2: k(2),
            c_l3: k(3),
            c_one32: k(1),
            c_zero32: k(0),
        }
    }
}

impl Logic for TbChk {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, lane, bad, ecnt, fcnt, last_r, in_d, in_last, in_v, miss_r, mv_r, end_r,
            exp_r
        );
        self.in_d.d.next = self.data.val();
        self.in_last.d.next = self.last.val();
        self.in_v.d.next = self.valid.val() && self.en.val();
        self.seq.clock.next = self.clock.val();
        for i in 0..2 {
            self.sink_step[i].x.next = self.seq.step_y[i].val();
            self.st_lo[i].xl.next = self.seq.state[i].val().get_bits::<32>(17);
            self.lo_r[i].clock.next = self.clock.val();
            self.lo_r[i].d.next = self.st_lo[i].lo.val();
            self.cy_r[i].clock.next = self.clock.val();
            self.cy_r[i].d.next = self.st_lo[i].carry.val();
            self.st_hi[i].x.next = self.seq.state[i].val();
            self.st_hi[i].lo.next = self.lo_r[i].q.val();
            self.st_hi[i].carry.next = self.cy_r[i].q.val();
            self.st_r[i].clock.next = self.clock.val();
            self.st_r[i].d.next = self.st_hi[i].y.val();
            self.seq.next[i].next = self.st_r[i].q.val();
        }
        self.miss.next = self.in_d.q.val() != self.exp_r.q.val();
        if self.seq_mode.val() {
            self.miss.next = self.in_d.q.val() != self.seq.count.val();
        }
        self.seq.advance.next = false;
        self.seq.init.next = !self.en.val();
        // the next compare's pseudo-random word: the same, the next lane's, or lane 0 of the
        // next item (at the last lane) or of the restarted sequence
        self.lane1.next = self.lane.q.val() + self.c_one2.val();
        self.exp_n.next = self.exp_r.q.val();
        if self.en.val() && self.in_v.q.val() {
            self.exp_n.next = self.seq.prng[0].val();
            if self.lane1.val() == self.c_l1.val() {
                self.exp_n.next = self.seq.prng[1].val();
            }
            if self.lane1.val() == self.c_l2.val() {
                self.exp_n.next = self.seq.prng[2].val();
            }
            if self.lane1.val() == self.c_l3.val() {
                self.exp_n.next = self.seq.prng[3].val();
            }
            if self.lane.q.val() == self.c_l3.val() {
                self.exp_n.next = self.st_r[0].q.val().get_bits::<32>(0);
            }
        }
        if !self.en.val() || self.reset.val() {
            self.exp_n.next = self.c_seed_lo.val();
        }
        self.exp_r.d.next = self.exp_n.val();
        // the compare is registered (`miss_r`, with `end_r`: the item's last lane); an item
        // with a wrong word counts one error a cycle later
        self.miss_r.d.next = self.miss.val();
        self.mv_r.d.next = false;
        self.end_r.d.next = false;
        if self.en.val() && self.in_v.q.val() {
            self.lane.d.next = self.lane.q.val() + self.c_one2.val();
            self.last_r.d.next = self.in_d.q.val();
            self.mv_r.d.next = true;
            if self.lane.q.val() == self.c_l3.val() {
                self.seq.advance.next = true;
                self.end_r.d.next = true;
            }
            if self.in_last.q.val() {
                self.fcnt.d.next = self.fcnt.q.val() + self.c_one32.val();
            }
        }
        self.bad.d.next = self.bad.q.val() || (self.miss_r.q.val() && self.mv_r.q.val());
        if self.end_r.q.val() {
            self.bad.d.next = false;
            if self.bad.q.val() || (self.miss_r.q.val() && self.mv_r.q.val()) {
                self.ecnt.d.next = self.ecnt.q.val() + self.c_one32.val();
            }
        }
        if !self.en.val() {
            self.lane.d.next = self.c_zero2.val();
            self.bad.d.next = false;
            self.ecnt.d.next = self.c_zero32.val();
            self.mv_r.d.next = false;
            self.end_r.d.next = false;
        }
        self.errors.next = self.ecnt.q.val();
        self.frames.next = self.fcnt.q.val();
        self.last_data.next = self.last_r.q.val();
        if self.reset.val() {
            self.lane.d.next = self.c_zero2.val();
            self.bad.d.next = false;
            self.ecnt.d.next = self.c_zero32.val();
            self.fcnt.d.next = self.c_zero32.val();
            self.last_r.d.next = self.c_zero32.val();
            self.in_v.d.next = false;
            self.mv_r.d.next = false;
            self.end_r.d.next = false;
            self.seq.init.next = true;
        }
    }
}

//! A 32-bit register image made of `L` counter lanes (error counters of RX_CMD, RX_DATA,
//! RX_FLOW, RX_RXH, TX_CNT_*): lane i counts `inc[i]` events, saturating or wrapping
//! (`wrapped[i]` pulses when a wrapping lane rolls over); a register write (`load`) replaces
//! the whole image. Several lanes may count in the same cycle.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct LaneCounters<const L: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub inc: [Signal<In, Bit>; L],
    pub load: Signal<In, Bit>,
    pub load_val: Signal<In, Bits<32>>,
    pub value: Signal<Out, Bits<32>>,
    pub wrapped: [Signal<Out, Bit>; L],
    img: DFF<Bits<32>>,
    acc: Signal<Local, Bits<32>>,
    mask: [Constant<Bits<32>>; L],
    one: [Constant<Bits<32>>; L],
    sat: [Constant<Bit>; L],
    zero: Constant<Bits<32>>,
}

impl<const L: usize> LaneCounters<L> {
    /// `lanes`: (lsb, width, saturating) per lane.
    pub fn new(lanes: [(u32, u32, bool); L]) -> Self {
        let mut used = 0u64;
        for (lsb, w, _) in lanes {
            assert!(
                w >= 1 && lsb + w <= 32,
                "LaneCounters: lane {lsb}+{w} outside 32 bits"
            );
            let m = ((1u64 << w) - 1) << lsb;
            assert_eq!(used & m, 0, "LaneCounters: lanes overlap");
            used |= m;
        }
        Self {
            clock: Default::default(),
            reset: Default::default(),
            inc: std::array::from_fn(|_| Default::default()),
            load: Default::default(),
            load_val: Default::default(),
            value: Default::default(),
            wrapped: std::array::from_fn(|_| Default::default()),
            img: Default::default(),
            acc: Default::default(),
            mask: std::array::from_fn(|i| {
                Constant::new((((1u64 << lanes[i].1) - 1) << lanes[i].0).into())
            }),
            one: std::array::from_fn(|i| Constant::new((1u64 << lanes[i].0).into())),
            sat: std::array::from_fn(|i| Constant::new(lanes[i].2)),
            zero: Constant::new(0u64.into()),
        }
    }
}

impl<const L: usize> Logic for LaneCounters<L> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, img);
        self.acc.next = self.img.q.val();
        for i in 0..L {
            self.wrapped[i].next = false;
            if self.inc[i].val() {
                if (self.img.q.val() & self.mask[i].val()) != self.mask[i].val() {
                    self.acc.next = self.acc.val() + self.one[i].val();
                } else if !self.sat[i].val() {
                    self.acc.next = self.acc.val() & !self.mask[i].val();
                    self.wrapped[i].next = true;
                }
            }
        }
        self.img.d.next = self.acc.val();
        if self.load.val() {
            self.img.d.next = self.load_val.val();
        }
        self.value.next = self.img.q.val();
        if self.reset.val() {
            self.img.d.next = self.zero.val();
        }
    }
}

//! One counter field of a register (the error counters of RX_CMD, RX_DATA, RX_FLOW, RX_RXH
//! and TX_CNT_*): counts `inc` events, saturating or wrapping (`wrapped` pulses when a
//! wrapping counter rolls over); a register write (`load`, the register's `wrote`) replaces
//! the value with `load_val` (the field's written value) and wins over a simultaneous event.
//! Its width is the field's, so it plugs into the generated register file's named ports.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct FieldCounter<const W: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub inc: Signal<In, Bit>,
    pub load: Signal<In, Bit>,
    pub load_val: Signal<In, Bits<W>>,
    pub value: Signal<Out, Bits<W>>,
    pub wrapped: Signal<Out, Bit>,
    count: DFF<Bits<W>>,
    saturating: Constant<Bit>,
    ones: Constant<Bits<W>>,
    one: Constant<Bits<W>>,
    zero: Constant<Bits<W>>,
}

impl<const W: usize> FieldCounter<W> {
    pub fn new(saturating: bool) -> Self {
        assert!((1..=32).contains(&W), "FieldCounter<{W}>: 1..=32 bits");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            inc: Default::default(),
            load: Default::default(),
            load_val: Default::default(),
            value: Default::default(),
            wrapped: Default::default(),
            count: Default::default(),
            saturating: Constant::new(saturating),
            ones: Constant::new((((1u64 << W) - 1) as u64).into()),
            one: Constant::new(1u64.into()),
            zero: Constant::new(0u64.into()),
        }
    }
}

impl<const W: usize> Logic for FieldCounter<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, count);
        self.wrapped.next = false;
        if self.inc.val() {
            if self.count.q.val() != self.ones.val() {
                self.count.d.next = self.count.q.val() + self.one.val();
            } else if !self.saturating.val() {
                self.count.d.next = self.zero.val();
                self.wrapped.next = true;
            }
        }
        if self.load.val() {
            self.count.d.next = self.load_val.val();
        }
        self.value.next = self.count.q.val();
        if self.reset.val() {
            self.count.d.next = self.zero.val();
        }
    }
}

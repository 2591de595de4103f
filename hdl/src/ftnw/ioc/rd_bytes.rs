//! A read completion's lower address and byte count from the request's address and byte
//! enables (PCIe Base Specification §2.3.1.1 and §2.2.9): the lower address is the first
//! enabled byte (a zero-length read: its Dword); one Dword counts from its first enabled byte
//! to its last (a zero-length read counts 1), two from the first's first to the last's last.
//! Combinational, for the register controller's reads of one or two Dwords.

use crate::common::unused::Unused;
use crate::BlockDefault;
use rust_hdl::prelude::*;

#[derive(LogicBlock, BlockDefault)]
pub struct ReadBytes {
    /// The request's address bits 6:0.
    pub addr: Signal<In, Bits<7>>,
    /// Dwords read: 1 or 2.
    pub dwords: Signal<In, Bits<11>>,
    pub first_be: Signal<In, Bits<4>>,
    pub last_be: Signal<In, Bits<4>>,
    pub lower_addr: Signal<Out, Bits<7>>,
    pub byte_count: Signal<Out, Bits<13>>,
    /// Disabled bytes below the first Dword's first enabled one, above its last, above the
    /// last Dword's last.
    tz_first: Signal<Local, Bits<13>>,
    lz_first: Signal<Local, Bits<13>>,
    lz_last: Signal<Local, Bits<13>>,
    /// Byte 0 of the last Dword: enabled or not, the count runs to byte 0 at least.
    unused_last_be0: Unused<Bit>,
    #[init(std::array::from_fn(|i| Constant::new((i as u64).into())))]
    c_n13: [Constant<Bits<13>>; 5],
    #[init(Constant::new(8u64.into()))]
    c_eight13: Constant<Bits<13>>,
    #[init(Constant::new(1u64.into()))]
    c_one13: Constant<Bits<13>>,
    #[init(Constant::new(1u64.into()))]
    c_one11: Constant<Bits<11>>,
    #[init(Constant::new(0u64.into()))]
    c_be_none: Constant<Bits<4>>,
    #[init(Constant::new(0x7cu64.into()))]
    c_lo_mask: Constant<Bits<7>>,
}

impl Logic for ReadBytes {
    #[hdl_gen]
    fn update(&mut self) {
        self.tz_first.next = self.c_n13[0].val();
        if !self.first_be.val().get_bit(0) {
            self.tz_first.next = self.c_n13[1].val();
            if !self.first_be.val().get_bit(1) {
                self.tz_first.next = self.c_n13[2].val();
                if !self.first_be.val().get_bit(2) {
                    self.tz_first.next = self.c_n13[3].val();
                    if !self.first_be.val().get_bit(3) {
                        self.tz_first.next = self.c_n13[0].val();
                    }
                }
            }
        }
        self.lz_first.next = self.c_n13[0].val();
        if !self.first_be.val().get_bit(3) {
            self.lz_first.next = self.c_n13[1].val();
            if !self.first_be.val().get_bit(2) {
                self.lz_first.next = self.c_n13[2].val();
                if !self.first_be.val().get_bit(1) {
                    self.lz_first.next = self.c_n13[3].val();
                }
            }
        }
        self.unused_last_be0.x.next = self.last_be.val().get_bit(0);
        self.lz_last.next = self.c_n13[0].val();
        if !self.last_be.val().get_bit(3) {
            self.lz_last.next = self.c_n13[1].val();
            if !self.last_be.val().get_bit(2) {
                self.lz_last.next = self.c_n13[2].val();
                if !self.last_be.val().get_bit(1) {
                    self.lz_last.next = self.c_n13[3].val();
                }
            }
        }
        self.lower_addr.next =
            (self.addr.val() & self.c_lo_mask.val()) | self.tz_first.val().get_bits::<7>(0);
        self.byte_count.next = self.c_eight13.val() - self.tz_first.val() - self.lz_last.val();
        if self.dwords.val() == self.c_one11.val() {
            self.byte_count.next = self.c_n13[4].val() - self.tz_first.val() - self.lz_first.val();
            if self.first_be.val() == self.c_be_none.val() {
                self.byte_count.next = self.c_one13.val();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The completion fields by the specification's rules, counted byte by byte.
    fn model(addr: u64, dwords: u64, first_be: u64, last_be: u64) -> (u64, u64) {
        let first = (0..4).find(|b| first_be >> b & 1 != 0);
        let lower = (addr & 0x7c) | first.unwrap_or(0);
        let count = match (dwords, first) {
            (1, None) => 1,
            (1, Some(f)) => (0..4).rev().find(|b| first_be >> b & 1 != 0).unwrap() + 1 - f,
            _ => {
                let last = (0..4).rev().find(|b| last_be >> b & 1 != 0).unwrap_or(0);
                4 + last + 1 - first.unwrap_or(0)
            }
        };
        (lower, count)
    }

    #[test]
    fn every_byte_enable_pair_gives_the_specified_address_and_count() {
        let mut uut = ReadBytes::default();
        uut.connect_all();
        for addr in [0u64, 0x04, 0x3b, 0x7f] {
            for dwords in [1u64, 2] {
                for first_be in 0..16u64 {
                    // two Dwords: both byte enables non-zero, the first's contiguous to its top
                    let lasts = if dwords == 1 { 0..1 } else { 1..16 };
                    for last_be in lasts {
                        if dwords == 2 && (first_be == 0 || first_be & 8 == 0 || last_be & 1 == 0) {
                            continue;
                        }
                        uut.addr.next = addr.into();
                        uut.dwords.next = dwords.into();
                        uut.first_be.next = first_be.into();
                        uut.last_be.next = last_be.into();
                        assert!(simulate(&mut uut, 100));
                        let got = (uut.lower_addr.val().to_u64(), uut.byte_count.val().to_u64());
                        let want = model(addr, dwords, first_be, last_be);
                        assert_eq!(
                            got, want,
                            "addr {addr:#x} dwords {dwords} be {first_be:04b}/{last_be:04b}"
                        );
                    }
                }
            }
        }
    }
}

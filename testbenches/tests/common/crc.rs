//! CRC-32 and CRC-16 engines against the `crc` crate on random data of random lengths,
//! including the zero-length and one-word cases, with idle cycles between words.

use crc::{Crc as RefCrc, CRC_16_IBM_3740, CRC_32_ISO_HDLC};
use nicgen_hdl::tops::{Crc16, Crc32};
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::testing::check;
use nicgen_wire::crc::{CRC16_CCITT, CRC32_IEEE};
use rust_hdl::prelude::*;

/// One message's words into a CRC bench `b` (a `Crc` or a `CrcClear`), with idle cycles between
/// them (their data random: an idle word must not count); `crc_next` checked at the last word
/// and `crc` after it against `expect`.
macro_rules! feed_message {
    ($b:ident, $rng:ident, $words:expr, $expect:expr, $msg:expr) => {
        let len = $words.len();
        for (k, &w) in $words.iter().enumerate() {
            while $rng.chance(0.3) {
                $b.uut.valid.next = false;
                $b.uut.data.next = ($rng.next_u64() & 0xffff_ffff).into();
                $b.tick();
            }
            $b.uut.valid.next = true;
            $b.uut.data.next = (w as u64).into();
            $b.settle();
            if k + 1 == len {
                assert_eq!(
                    $b.uut.crc_next.val().to_u32(),
                    $expect,
                    "crc_next, message {}",
                    $msg
                );
            }
            $b.tick();
        }
        $b.uut.valid.next = false;
        $b.settle();
        assert_eq!(
            $b.uut.crc.val().to_u32(),
            $expect,
            "message {} of {len} words",
            $msg
        );
    };
}

macro_rules! crc_test {
    ($name:ident, $ty:ty, $spec:expr, $refalg:expr, $rt:ty, $w:expr) => {
        #[test]
        fn $name() {
            check(stringify!($name), 0xC0C0 + $w, |rng| {
                let reference = RefCrc::<$rt>::new(&$refalg);
                let mut b = Bench::new(<$ty>::new(&$spec), |u, c| u.clock.next = Clock { clk: c });
                for msg in 0..400 {
                    let len = match msg {
                        0 => 0,
                        1 => 1,
                        _ => rng.below(40) as usize,
                    };
                    let words: Vec<u32> = (0..len).map(|_| rng.next_u64() as u32).collect();
                    let bytes: Vec<u8> = words
                        .iter()
                        .flat_map(|&w| $spec.word_bytes(w as u64, 32))
                        .collect();
                    let expect = reference.checksum(&bytes) as u32;
                    // start with no word (covers the empty message), then the words with idles
                    b.uut.start.next = true;
                    b.uut.valid.next = false;
                    b.tick();
                    b.uut.start.next = false;
                    feed_message!(b, rng, words, expect, msg);
                    assert_eq!(
                        expect as u64,
                        $spec.compute(&bytes),
                        "wire model vs crc crate"
                    );
                }
                // reset returns to the initial value
                b.uut.valid.next = true;
                b.uut.data.next = 0x1234u64.into();
                b.tick();
                b.uut.valid.next = false;
                b.uut.reset.next = true;
                b.tick();
                b.uut.reset.next = false;
                b.settle();
                assert_eq!(b.uut.crc.val().to_u32(), reference.checksum(&[]) as u32);
            });
        }
    };
}

crc_test!(
    crc32_matches_reference,
    Crc32,
    CRC32_IEEE,
    CRC_32_ISO_HDLC,
    u32,
    32
);
crc_test!(
    crc16_matches_reference,
    Crc16,
    CRC16_CCITT,
    CRC_16_IBM_3740,
    u16,
    16
);

#[test]
fn crc32_of_check_string_word() {
    // "1234" as one little-endian word, the standard 4-byte check
    let mut b = Bench::new(Crc32::new(&CRC32_IEEE), |u, c| {
        u.clock.next = Clock { clk: c }
    });
    b.uut.start.next = true;
    b.uut.valid.next = true;
    b.uut.data.next = (u32::from_le_bytes(*b"1234") as u64).into();
    b.tick();
    b.uut.valid.next = false;
    b.uut.start.next = false;
    b.settle();
    assert_eq!(b.uut.crc.val().to_u32(), 0x9BE3_E0A3);
}

/// `CrcClear` (TXLINK's CRC): words with idle cycles between them, a `clear` between messages,
/// sometimes in the same cycle as a stray word (the clear wins); `crc_next` at every message's
/// last word and `crc` after it against the reference.
#[test]
fn crc32_clear_variant_matches_reference() {
    use nicgen_hdl::common::crc::CrcClear;
    check("crc32_clear_variant_matches_reference", 0xC1EA, |rng| {
        let reference = RefCrc::<u32>::new(&CRC_32_ISO_HDLC);
        let mut b = Bench::new(CrcClear::<32, 32>::new(&CRC32_IEEE), |u, c| {
            u.clock.next = Clock { clk: c }
        });
        for msg in 0..400 {
            // the clear: one or more cycles, sometimes beside a word that must not count
            b.uut.clear.next = true;
            b.uut.valid.next = rng.chance(0.5);
            b.uut.data.next = (rng.next_u64() & 0xffff_ffff).into();
            for _ in 0..=rng.below(3) {
                b.tick();
            }
            b.uut.clear.next = false;
            let len = if msg == 0 {
                1
            } else {
                1 + rng.below(40) as usize
            };
            let words: Vec<u32> = (0..len).map(|_| rng.next_u64() as u32).collect();
            let bytes: Vec<u8> = words
                .iter()
                .flat_map(|&w| CRC32_IEEE.word_bytes(w as u64, 32))
                .collect();
            let expect = reference.checksum(&bytes);
            feed_message!(b, rng, words, expect, msg);
        }
    });
}

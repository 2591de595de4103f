//! Every leaf whose Verilog is written by hand (`Verilog::Custom`), against its Rust model in
//! Icarus: the Rust model of each leaf is the reference (the wire crate's encoder, decoder,
//! frame and generator functions, the CRC matrices derived from the bit-serial definition, the
//! Gray decode), so a wrong term in the hand-written Verilog shows up here and not only as
//! traffic between two copies of itself. Stimulus reaches each leaf's corners: valid code
//! words, the same words with one bit flipped, every control flag pattern, random words.

use nicgen_hdl::common::crc::CrcMatrix;
use nicgen_hdl::common::gray::GrayDecode;
use nicgen_hdl::common::prim::{Concat, DffInit, IdxMux, Join4, OneHot64, SlotRun};
use nicgen_hdl::common::ram::{BlockRam, BlockRamReg};
use nicgen_hdl::common::widen::Widen;
use nicgen_hdl::ftnw::codec::{
    class_byte, CtrlEncode, HeaderEncode, WordDecode, CLS_CTRL, CLS_DCLASS, CLS_DIRTY, CLS_KIND,
    LINK_SEQ_BITS,
};
use nicgen_hdl::ftnw::datagen::{tb_prng_hi, tb_prng_lo, TbPrng, TbPrngHi, TbPrngLo};
use nicgen_hdl::ftnw::ioc::pcie_us::{CcBeats, CqFields, RqBeats};
use nicgen_hdl::ftnw::ioc::poc::RqDataUser;
use nicgen_hdl::ftnw::ioc::tfcnt::TfcntAddr;
use nicgen_hdl::ftnw::ioc::txwin::DwAlign;
use nicgen_hdl::ftnw::mdio::MdioFrame;
use nicgen_hdl::top::DynTop;
use nicgen_hdl::AutoTop;
use nicgen_hdl::Ports;
use nicgen_sim::harness::diff::{drifting_periods, record, Drive, Stimulus};
use nicgen_sim::harness::icarus;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_wire::crc::{CRC16_CCITT, CRC32_IEEE};
use nicgen_wire::ftnw::link::{decode, Ctrl, Decoded, Header, Word};
use rust_hdl::prelude::*;
use std::time::Duration;

/// The sequence width the link uses.
const S: usize = LINK_SEQ_BITS;

/// `IdxMux` with five inputs behind a 3-bit index (8 to 5: the tree's zeros past `N`), its
/// array ports named for the harness.
#[derive(LogicBlock, Default, Ports)]
pub struct IdxMux5 {
    pub x0: Signal<In, Bits<6>>,
    pub x1: Signal<In, Bits<6>>,
    pub x2: Signal<In, Bits<6>>,
    pub x3: Signal<In, Bits<6>>,
    pub x4: Signal<In, Bits<6>>,
    pub sel: Signal<In, Bits<3>>,
    pub y: Signal<Out, Bits<6>>,
    m: IdxMux<6, 3, 5>,
}

impl Logic for IdxMux5 {
    #[hdl_gen]
    fn update(&mut self) {
        self.m.x[0].next = self.x0.val();
        self.m.x[1].next = self.x1.val();
        self.m.x[2].next = self.x2.val();
        self.m.x[3].next = self.x3.val();
        self.m.x[4].next = self.x4.val();
        self.m.sel.next = self.sel.val();
        self.y.next = self.m.y.val();
    }
}

/// A word on the PHY lines: a control character of any kind, a header, or random, with a
/// sequence number sometimes too wide for `S`, and with one bit flipped a third of the time.
fn phy_d(rng: &mut Rng) -> u128 {
    let kind = [Ctrl::Ack, Ctrl::Nak, Ctrl::Restart, Ctrl::Idle][rng.below(4) as usize];
    let seq = match (kind, rng.chance(0.8)) {
        (Ctrl::Ack | Ctrl::Nak, true) => rng.below(1 << S),
        (_, true) => 0,
        _ => rng.below(1 << 16),
    } as u16;
    let d = match rng.below(3) {
        0 => Word::control(kind, seq).d,
        1 => {
            Word::header(Header {
                vc: rng.below(8) as u8,
                rao: rng.below(1 << 11) as u16,
                seq: rng.below(1 << 10) as u16 & if rng.chance(0.8) { 0xff } else { 0x3ff },
            })
            .d
        }
        _ => rng.next_u64() as u32,
    };
    let d = if rng.chance(0.33) {
        d ^ (1 << rng.below(32))
    } else {
        d
    };
    d as u128
}

/// The control flags: data, header, control, or any other pattern.
fn phy_c(rng: &mut Rng) -> u128 {
    [0x0, 0x1, 0xF, rng.below(16)][rng.below(4) as usize] as u128
}

/// A 64-bit value with runs of ones and zeros as often as random bits (carries in adders).
fn runs(rng: &mut Rng) -> u128 {
    match rng.below(4) {
        0 => 0,
        1 => u64::MAX as u128,
        2 => (u64::MAX >> rng.below(64)) as u128,
        _ => rng.next_u64() as u128,
    }
}

fn leaves() -> Vec<(Box<dyn DynTop>, Stimulus)> {
    let plain = Stimulus::default;
    let with = |drive: Vec<(&'static str, Drive)>| Stimulus {
        drive,
        ..Stimulus::default()
    };
    // a CRC step restarts now and then and idles one word in five
    let crc_stim = || {
        with(vec![
            ("start", Drive::Chance(0.2)),
            ("valid", Drive::Chance(0.8)),
        ])
    };
    vec![
        (
            Box::new(AutoTop::new("gray_decode", GrayDecode::<10>::default())) as Box<dyn DynTop>,
            plain(),
        ),
        (
            Box::new(AutoTop::new(
                "crc32_matrix",
                CrcMatrix::<32, 32>::new(&CRC32_IEEE),
            )),
            crc_stim(),
        ),
        (
            Box::new(AutoTop::new(
                "crc16_matrix",
                CrcMatrix::<16, 32>::new(&CRC16_CCITT),
            )),
            crc_stim(),
        ),
        (
            Box::new(AutoTop::new("ctrl_encode", CtrlEncode::<S>::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("header_encode", HeaderEncode::<S>::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("word_decode", WordDecode::<S>::default())),
            with(vec![("d", Drive::With(phy_d)), ("c", Drive::With(phy_c))]),
        ),
        (
            Box::new(AutoTop::new("mdio_frame", MdioFrame::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("tb_prng", TbPrng::default())),
            with(vec![("x", Drive::With(runs))]),
        ),
        (
            Box::new(AutoTop::new("tb_prng_lo", TbPrngLo::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("tb_prng_hi", TbPrngHi::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("widen", Widen::<5, 12>::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("concat", Concat::<3, 6, 9>::default())),
            plain(),
        ),
        (Box::new(AutoTop::new("join4", Join4::default())), plain()),
        (
            Box::new(AutoTop::new("one_hot64", OneHot64::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("idx_mux5", IdxMux5::default())),
            plain(),
        ),
        // a power-up value with bits set and clear, held until the first edge
        (
            Box::new(AutoTop::new(
                "dff_init",
                DffInit::new(Bits::<8>::from(0xA5u64)),
            )),
            plain(),
        ),
        // NGET's slot reservations: runs of slots around the ring
        (
            Box::new(AutoTop::new("slot_run", SlotRun::default())),
            plain(),
        ),
        // the TX window's Dword realignment against a shift of the 256-bit pair
        (
            Box::new(AutoTop::new("dw_align", DwAlign::default())),
            plain(),
        ),
        // the PCIe descriptors against the wire crate's CqDesc::unpack and CcDesc::pack
        (
            Box::new(AutoTop::new("cq_fields", CqFields::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("cc_beats", CcBeats::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("rq_beats", RqBeats::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("rq_data_user", RqDataUser::default())),
            plain(),
        ),
        // (`poc::PocEntry`, 130 bits, is wider than a test port: the `ftnw_ioc` top's Icarus
        // run covers it)
        (
            Box::new(AutoTop::new("tfcnt_addr", TfcntAddr::default())),
            plain(),
        ),
        (
            Box::new(AutoTop::new("block_ram", BlockRam::<Bits<8>, 4>::default())),
            with(vec![("write_enable", Drive::Chance(0.5))]),
        ),
        (
            Box::new(AutoTop::new(
                "block_ram_reg",
                BlockRamReg::<Bits<8>, 4>::default(),
            )),
            with(vec![
                ("write_enable", Drive::Chance(0.5)),
                ("out_enable", Drive::Chance(0.7)),
            ]),
        ),
        // `arst` is pulsed as a reset input (a few times in 3000 cycles)
        (
            Box::new(AutoTop::new(
                "reset_sync",
                nicgen_hdl::tops::ResetSync3::default(),
            )),
            plain(),
        ),
    ]
}

// verifies: FTNW-L070
#[test]
fn every_hand_written_leaf_matches_its_rust_model_in_icarus() {
    if !icarus::require("every_hand_written_leaf_matches_its_rust_model_in_icarus") {
        return;
    }
    check("leaves in icarus", 0x1EAF_0000, |rng| {
        for (top, stim) in leaves() {
            let name = top.name().to_string();
            let v = top.verilog();
            let periods = drifting_periods(top.as_ref());
            let rec = record(top, &periods, 3000, rng, &stim);
            icarus::replay_in_tmp(&name, &v, &rec, Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("{name} in Icarus: {e}"));
        }
    });
}

/// The stimulus reaches the decoder's corners (its Rust model is `class_byte`, the wire
/// crate's decode): every class of word, every dirty class, and clean IDLEs.
#[test]
fn the_decoder_stimulus_reaches_every_class() {
    let mut rng = Rng::new(0x1EAF_0001);
    let mut seen = [0u32; 4];
    let mut dclass = [0u32; 4];
    let mut idles = 0;
    for _ in 0..3000 {
        let w = Word {
            d: phy_d(&mut rng) as u32,
            c: phy_c(&mut rng) as u8,
        };
        let cls = class_byte(w, S as u32);
        assert_eq!((cls & 0xF).count_ones(), 1, "exactly one class: {w:?}");
        seen[(cls & 0xF).trailing_zeros() as usize] += 1;
        if cls >> CLS_DIRTY & 1 == 1 {
            dclass[(cls >> CLS_DCLASS) as usize & 3] += 1;
        }
        idles += (w == Word::idle()) as u32;
        if let Decoded::Ctrl(k, _) = decode(w, S as u32) {
            let want = 1 << CLS_CTRL | (k.rx_cmd_lane() as u64) << CLS_KIND;
            assert_eq!(cls, want, "class byte of {w:?}");
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "classes {seen:?}");
    assert!(dclass.iter().all(|&n| n > 20), "dirty classes {dclass:?}");
    assert!(idles > 10, "clean IDLEs {idles}");
}

/// DATACHK's step in two halves is the generator's step: `TbPrngLo` then `TbPrngHi` (their Rust
/// models, which the Icarus test above holds the Verilog to) against the wire crate's
/// `tb_prng_next`, from the seeds on and at random items, carries into and out of the high half
/// included.
#[test]
fn tb_prng_in_two_halves_is_the_generator_step() {
    use nicgen_wire::ftnw::link::{tb_prng_next, TB_PRNG_SEED};
    fn split(x: u64) -> u64 {
        let (lo, carry) = tb_prng_lo((x >> 17) as u32);
        tb_prng_hi(x, lo, carry)
    }
    check("tb prng halves", 0x7B2_0001, |rng| {
        let mut xs: Vec<u64> = vec![0, u64::MAX, 1 << 17, (1 << 49) - (1 << 17)];
        for seed in TB_PRNG_SEED {
            let mut x = seed;
            for _ in 0..64 {
                xs.push(x);
                x = tb_prng_next(x);
            }
        }
        for _ in 0..4096 {
            xs.push(rng.next_u64());
        }
        for x in xs {
            assert_eq!(split(x), tb_prng_next(x), "item {x:#018x}");
        }
    });
}

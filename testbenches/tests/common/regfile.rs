//! The generated register files: a field moved in the wire crate moves everywhere. Two scratch
//! maps differ only in where CTRL.GO sits (bit 3 or bit 9); the generated register file's
//! named port follows the bit on the bus, and so do the driver constants, the docs and the C
//! header, with no hand edit anywhere.

use nicgen_sim::harness::bench::Bench;
use nicgen_testbenches::scratch_maps::{a, b};
use nicgen_testbenches::scratch_regfiles::{ScratchARegs, ScratchBRegs};
use nicgen_wire::regs::{Field, RegMap};
use rust_hdl::prelude::*;

/// The generated block's bus as one access (write or read), its answer, and the named ports
/// after it: (rdata, err, go, mode).
macro_rules! access {
    ($b:expr, $write:expr, $addr:expr, $wdata:expr) => {{
        let b = &mut $b;
        b.uut.bus.addr.next = ($addr as u64).into();
        b.uut.bus.wdata.next = ($wdata as u64).into();
        b.uut.bus.write.next = $write;
        b.uut.bus.read.next = !$write;
        b.tick();
        b.uut.bus.write.next = false;
        b.uut.bus.read.next = false;
        b.settle();
        assert!(b.uut.bus.ready.val());
        let r = (b.uut.bus.rdata.val().to_u32(), b.uut.bus.err.val());
        b.tick();
        (
            r.0,
            r.1,
            b.uut.ctrl_go.val(),
            b.uut.ctrl_mode.val().to_u32(),
        )
    }};
}

fn docs_bit(map: &RegMap, f: &Field) -> (bool, bool) {
    let md = map.to_markdown();
    let h = map.to_c_header();
    (
        md.contains(&format!("| | | {} | {} |", f.lsb, f.name)),
        h.contains(&format!("{}_CTRL_GO_SHIFT", map.c_prefix()))
            && h.contains(&format!("0x{:08X}u", f.mask())),
    )
}

#[test]
fn a_moved_field_moves_in_the_rtl_the_driver_constants_and_the_docs() {
    // driver constants
    assert_eq!((a::CTRL::GO.lsb, b::CTRL::GO.lsb), (3, 9));
    assert_eq!((a::CTRL::GO.mask(), b::CTRL::GO.mask()), (1 << 3, 1 << 9));
    // docs and C header
    assert_eq!(docs_bit(&a::MAP, &a::CTRL::GO), (true, true));
    assert_eq!(docs_bit(&b::MAP, &b::CTRL::GO), (true, true));
    assert!(!a::MAP.to_markdown().contains("| | | 9 | GO |"));

    // RTL: the same software write (through each map's own constant) raises `ctrl_go`; the
    // other map's bit does not
    let mut ba = Bench::new(ScratchARegs::default(), |u, c| {
        u.clock.next = Clock { clk: c }
    });
    let mut bb = Bench::new(ScratchBRegs::default(), |u, c| {
        u.clock.next = Clock { clk: c }
    });
    let mode_a = a::CTRL::MODE.set(0, a::CTRL::MODE.reset);
    assert_eq!(
        access!(ba, false, a::CTRL::OFFSET, 0),
        (a::CTRL.reset(), false, false, 5)
    );
    assert_eq!(
        access!(ba, true, a::CTRL::OFFSET, b::CTRL::GO.mask() | mode_a).2,
        false
    );
    assert_eq!(
        access!(ba, true, a::CTRL::OFFSET, a::CTRL::GO.mask() | mode_a).2,
        true
    );
    assert_eq!(
        access!(ba, false, a::CTRL::OFFSET, 0),
        (a::CTRL::GO.mask() | mode_a, false, true, 5)
    );
    let mode_b = b::CTRL::MODE.set(0, b::CTRL::MODE.reset);
    assert_eq!(
        access!(bb, true, b::CTRL::OFFSET, a::CTRL::GO.mask() | mode_b).2,
        false
    );
    assert_eq!(
        access!(bb, true, b::CTRL::OFFSET, b::CTRL::GO.mask() | mode_b).2,
        true
    );
    assert_eq!(
        access!(bb, false, b::CTRL::OFFSET, 0),
        (b::CTRL::GO.mask() | mode_b, false, true, 5)
    );
    // RO field through its named input; a write to the read-only register is an error
    bb.uut.stat_level.next = 0xA5u64.into();
    assert_eq!(
        access!(bb, false, b::STAT::OFFSET, 0).0,
        b::STAT::LEVEL.set(0, 0xA5)
    );
    assert!(access!(bb, true, b::STAT::OFFSET, 0xFF).1);
}

//! Every AXI4-Lite subordinate top gives the same answers to the same bad accesses (the
//! project's AXI4-Lite rule, docs/spec-decisions.md): an unmapped offset and an unaligned address
//! answer SLVERR with 0 and no effect, a write enabling some but not all bytes SLVERR with no
//! effect, a write to a read-only register SLVERR, WSTRB = 0 OKAY with no effect (`dtu_axil32`
//! holds a low half's write and answers it OKAY: its unmapped write is a high half). One table of
//! tops, each in Verilator behind the AXI4-Lite manager model (random VALID delays and READY
//! stalls, the AMBA rules checked every edge).

use nicgen_sim::harness::ports::index;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::system::axi::AxiLiteBench;

const OKAY: u8 = 0;
const SLVERR: u8 = 2;

/// A top and the offsets its bad accesses go to.
struct Case {
    top: &'static str,
    /// A read-write register and a value whose every bit reads back.
    rw: (u64, u64),
    unmapped: u64,
    read_only: Option<u64>,
    /// 64-bit registers as 32-bit word pairs, low half first (`dtu_axil32`): a low half's write
    /// is held and answered OKAY, so the unmapped write goes to a high half.
    halves: bool,
}

const CASES: &[Case] = &[
    Case {
        top: "axil_regs_demo",
        rw: (nicgen_wire::demo::CTRL::OFFSET as u64, 0x0020_0031),
        unmapped: 0x20,
        read_only: Some(nicgen_wire::demo::STATUS::OFFSET as u64),
        halves: false,
    },
    Case {
        top: "dtu_axil",
        // an endpoint's word: plain storage (the DTU map has no read-only word)
        rw: (nicgen_wire::dtu::ep_addr(5, 1), 0x0123_4567_89AB_CDEF),
        unmapped: 0x7F8,
        read_only: None,
        halves: false,
    },
    Case {
        top: "dtu_axil32",
        rw: (nicgen_wire::dtu::ep_addr(5, 1), 0x0123_4567_89AB_CDEF),
        unmapped: 0x7F8,
        read_only: None,
        halves: true,
    },
    Case {
        top: "ppe_node_axil",
        rw: (nicgen_wire::ppe::host::NLHR as u64, 0x2468),
        unmapped: 0x010,
        // NQR is only read (a write is ignored, AMB-41)
        read_only: Some(nicgen_wire::ppe::host::NQR as u64),
        halves: false,
    },
];

// verifies: PPE-R004 PPE-R047 DTU-R003
#[test]
fn every_axi_lite_top_answers_bad_accesses_alike_verilator() {
    if !verilator::require("the AXI4-Lite tops in Verilator") {
        return;
    }
    check("axil_tops_verilator", 0xA1A1, |rng| {
        for c in CASES {
            let mut tb = AxiLiteBench::verilated(c.top, rng.next_u64(), 40);
            let bytes = tb.ports[index(&tb.ports, "s_axil_wdata")].width as u64 / 8;
            let all = (1u64 << bytes) - 1;
            let top = c.top;
            let (a, v) = c.rw;
            // the register's value: one access, or its two halves, low first
            let get = |tb: &mut AxiLiteBench| {
                if !c.halves {
                    return tb.read(a);
                }
                let (lo, r0) = tb.read(a);
                let (hi, r1) = tb.read(a + 4);
                (lo | hi << 32, r0.max(r1))
            };
            let w = if c.halves {
                tb.write(a, v & 0xFFFF_FFFF, all)
                    .max(tb.write(a + 4, v >> 32, all))
            } else {
                tb.write(a, v, all)
            };
            assert_eq!(w, OKAY, "{top}: write");
            assert_eq!(get(&mut tb), (v, OKAY), "{top}: read back");
            let unmapped = tb.read(c.unmapped);
            assert_eq!(unmapped, (0, SLVERR), "{top}: unmapped read");
            let unaligned = tb.read(a + 1);
            assert_eq!(unaligned, (0, SLVERR), "{top}: unaligned read");
            let unmapped_write = c.unmapped + if c.halves { 4 } else { 0 };
            for (wa, ws, want, what) in [
                (unmapped_write, all, SLVERR, "unmapped write"),
                (a + 1, all, SLVERR, "unaligned write"),
                (a, 1, SLVERR, "partial strobe"),
                (a, 0, OKAY, "WSTRB 0"),
            ] {
                let other = !v & (u64::MAX >> (64 - 8 * bytes));
                assert_eq!(tb.write(wa, other, ws), want, "{top}: {what}");
                let after = get(&mut tb);
                assert_eq!(after, (v, OKAY), "{top}: {what} wrote nothing");
            }
            if let Some(ro) = c.read_only {
                let r = tb.write(ro, 1, all);
                assert_eq!(r, SLVERR, "{top}: read-only write");
            }
        }
    });
}

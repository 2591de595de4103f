//! `dtu_axil`: the DTU's CU port as a 64-bit AXI4-Lite subordinate, driven by the AXI4-Lite
//! manager model (random VALID delays and READY stalls, the AMBA rules checked every edge):
//! every table word written and read back at its offset, a command started and polled through
//! AXI, and the bad requests answered SLVERR with no effect (unmapped and unaligned offsets, a
//! write enabling some but not all bytes); WSTRB = 0 writes nothing and answers OKAY.

use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::system::axi::AxiLiteBench;
use nicgen_wire::dtu::{self as w, command, command_word, recv_ep, Op};

const OKAY: u8 = 0;
const SLVERR: u8 = 2;

// verifies: DTU-R003
#[test]
fn dtu_axil_port_reads_writes_commands_and_refuses_bad_requests_verilator() {
    if !verilator::require("dtu_axil in Verilator") {
        return;
    }
    check("dtu_axil_verilator", 0xDA1, |rng| {
        let mut tb = AxiLiteBench::verilated("dtu_axil", rng.next_u64(), 40);
        // every endpoint and header word at its offset
        let words: Vec<(u64, u64)> = (w::EP_BASE..w::MMIO_END)
            .step_by(8)
            .map(|a| (a, rng.next_u64()))
            .collect();
        for &(a, v) in &words {
            tb.m.write(a, v, 0xFF);
        }
        assert!(
            tb.run().iter().all(|r| r.3 == OKAY),
            "table writes answered OKAY"
        );
        for &(a, v) in &words {
            assert_eq!(tb.read(a), (v, OKAY), "offset {a:#x}");
        }
        // a receive endpoint with one unread message in slot 2; FETCH through AXI
        let mut e = w::recv_ep(0x4000, 6, 2, 0);
        e[0] = recv_ep::UNREAD.set(recv_ep::OCCUPIED.set(0, 0b100), 0b100);
        e[2] = recv_ep::MSGS.set(e[2], 1);
        for (j, x) in e.into_iter().enumerate() {
            tb.m.write(w::ep_addr(3, j), x, 0xFF);
        }
        tb.m.write(w::COMMAND, command_word(Op::Fetch, 3, 0), 0xFF);
        assert!(tb.run().iter().all(|r| r.3 == OKAY));
        loop {
            let (c, r) = tb.read(w::COMMAND);
            assert_eq!(r, OKAY);
            if command::OP.get(c) == 0 {
                assert_eq!(c, 0, "FETCH ended without error");
                break;
            }
        }
        assert_eq!(
            tb.read(w::ARG1),
            (0x4000 + 2 * 64, OKAY),
            "OFFSET of slot 2"
        );
        // bad requests: SLVERR and no effect
        let before = tb.read(w::ep_addr(3, 1)).0;
        for (addr, strb) in [
            (w::ep_addr(3, 1), 0x0F),
            (w::ep_addr(3, 1) + 4, 0xFF),
            (w::MMIO_END, 0xFF),
        ] {
            tb.m.write(addr, 0x1234, strb);
            assert_eq!(
                tb.run()[0].3,
                SLVERR,
                "write at {addr:#x} strobes {strb:#x}"
            );
        }
        tb.m.write(w::ep_addr(3, 1), 0x5678, 0);
        assert_eq!(tb.run()[0].3, OKAY, "WSTRB = 0");
        assert_eq!(tb.read(w::ep_addr(3, 1)), (before, OKAY), "nothing written");
        assert_eq!(tb.read(w::MMIO_END).1, SLVERR);
        assert_eq!(tb.read(4).1, SLVERR);
    });
}

/// `dtu_axil32`: a 32-bit AXI4-Lite manager writes every endpoint and header word as two halves
/// (low first), reads each back the same way, and runs FETCH: the DTU's registers from a 32-bit
/// CPU.
// verifies: DTU-R003
#[test]
fn dtu_axil32_port_takes_every_word_as_halves_and_runs_a_command_verilator() {
    if !verilator::require("dtu_axil32 in Verilator") {
        return;
    }
    check("dtu_axil32_verilator", 0xDA32, |rng| {
        let mut tb = AxiLiteBench::verilated("dtu_axil32", rng.next_u64(), 40);
        let write64 = |tb: &mut AxiLiteBench, a: u64, v: u64| {
            tb.m.write(a, v & 0xFFFF_FFFF, 0xF);
            tb.m.write(a + 4, v >> 32, 0xF);
            assert!(tb.run().iter().all(|r| r.3 == OKAY), "write at {a:#x}");
        };
        let read64 = |tb: &mut AxiLiteBench, a: u64| {
            let (lo, r0) = tb.read(a);
            let (hi, r1) = tb.read(a + 4);
            assert_eq!((r0, r1), (OKAY, OKAY), "read at {a:#x}");
            lo | hi << 32
        };
        let words: Vec<(u64, u64)> = (w::EP_BASE..w::MMIO_END)
            .step_by(8)
            .map(|a| (a, rng.next_u64()))
            .collect();
        for &(a, v) in &words {
            write64(&mut tb, a, v);
        }
        for &(a, v) in &words {
            assert_eq!(read64(&mut tb, a), v, "offset {a:#x}");
        }
        // a receive endpoint with one unread message in slot 2; FETCH through the halves
        let mut e = w::recv_ep(0x4000, 6, 2, 0);
        e[0] = recv_ep::UNREAD.set(recv_ep::OCCUPIED.set(0, 0b100), 0b100);
        e[2] = recv_ep::MSGS.set(e[2], 1);
        for (j, x) in e.into_iter().enumerate() {
            write64(&mut tb, w::ep_addr(3, j), x);
        }
        write64(&mut tb, w::COMMAND, command_word(Op::Fetch, 3, 0));
        while command::OP.get(read64(&mut tb, w::COMMAND)) != 0 {}
        assert_eq!(read64(&mut tb, w::COMMAND), 0, "FETCH ended without error");
        assert_eq!(
            read64(&mut tb, w::ARG1),
            0x4000 + 2 * 64,
            "OFFSET of slot 2"
        );
    });
}

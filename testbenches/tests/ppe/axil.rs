//! `ppe_node_axil`: the PPE's host window as a 32-bit AXI4-Lite subordinate, driven by the
//! AXI4-Lite manager model (random VALID delays and READY stalls, the AMBA rules checked every
//! edge): the registers and the XMT_RAM and RCV_RAM windows written and read back through AXI,
//! PCSR1 after reset; a write enabling some but not all bytes is answered SLVERR with no effect,
//! WSTRB = 0 writes nothing and answers OKAY, and an unaligned address, an offset with no
//! register and a write to NQR answer SLVERR with no effect (the project's register-bus rule).

use nicgen_sim::system::axi::AxiLiteBench;
use nicgen_wire::ppe::host as hw;

use super::cluster::verilated;

const OKAY: u8 = 0;
const SLVERR: u8 = 2;

/// A register write that must be answered OKAY.
fn write(tb: &mut AxiLiteBench, addr: u32, v: u32) {
    assert_eq!(
        tb.write(addr as u64, v as u64, 0xF),
        OKAY,
        "write at {addr:#x}"
    );
}

/// A read: (RDATA, RRESP).
fn read(tb: &mut AxiLiteBench, addr: u32) -> (u32, u8) {
    let (d, r) = tb.read(addr as u64);
    (d as u32, r)
}

// verifies: PPE-R001 PPE-R002 PPE-R007 PPE-R009
#[test]
fn ppe_axil_window_reads_writes_and_refuses_bad_requests_verilator() {
    verilated("ppe_axil_verilator", 0xA11, |rng| {
        let mut tb = AxiLiteBench::verilated("ppe_node_axil", rng.next_u64(), 8);
        let p1 = (hw::READY.mask()
            | hw::IDLE.mask()
            | hw::NBQR_EMPTY.mask()
            | hw::SEND_DESC_CNT.set(0, 4)) as u32;
        assert_eq!(read(&mut tb, hw::PCSR1), (p1, OKAY), "PCSR1 after reset");
        // registers
        for (a, mask) in [(hw::NLHR, 0xFFFFu32), (hw::RSLOT_LIMIT, 0xFFFF)] {
            let v = rng.next_u64() as u32;
            write(&mut tb, a, v);
            assert_eq!(read(&mut tb, a), (v & mask, OKAY), "register {a:#x}");
        }
        // XMT_RAM words past the descriptors and RCV_RAM words past the rslots, by the
        // auto-increment windows, read back by the paged ones
        let xw: Vec<u32> = (0..64).map(|_| rng.next_u64() as u32).collect();
        let rw: Vec<u32> = (0..64).map(|_| rng.next_u64() as u32).collect();
        write(&mut tb, hw::PXR_PTR, 0x1000);
        write(&mut tb, hw::PRR_PTR, 0x4000);
        for k in 0..64 {
            write(&mut tb, hw::PXR_MEM_INC, xw[k]);
            write(&mut tb, hw::PRR_MEM_INC, rw[k]);
        }
        write(&mut tb, hw::PXR_PTR, 0x1000);
        write(&mut tb, hw::PRR_PTR, 0x4000);
        for k in 0..64 {
            assert_eq!(
                read(&mut tb, hw::XMT_PAGE + 4 * k as u32),
                (xw[k], OKAY),
                "XMT word {k}"
            );
            assert_eq!(
                read(&mut tb, hw::RCV_PAGE + 4 * k as u32),
                (rw[k], OKAY),
                "RCV word {k}"
            );
        }
        // bad requests: SLVERR and no effect
        let before = read(&mut tb, hw::NLHR).0;
        tb.m.write(hw::NLHR as u64, 0x1234, 0x3);
        assert_eq!(tb.run()[0].3, SLVERR, "a write of two bytes");
        tb.m.write(hw::NLHR as u64, 0x5678, 0);
        assert_eq!(tb.run()[0].3, OKAY, "WSTRB = 0");
        assert_eq!(read(&mut tb, hw::NLHR), (before, OKAY), "nothing written");
        // an unaligned address, an offset with no register, a write to a queue that is only
        // read: SLVERR, 0, nothing written or popped
        assert_eq!(read(&mut tb, hw::PCSR1 + 1), (0, SLVERR), "unaligned read");
        tb.m.write(hw::NLHR as u64 + 2, 0x2468, 0xF);
        assert_eq!(tb.run()[0].3, SLVERR, "unaligned write");
        assert_eq!(read(&mut tb, hw::NLHR), (before, OKAY), "nothing written");
        assert_eq!(read(&mut tb, 0x010), (0, SLVERR), "no register at 0x010");
        tb.m.write(0x0FC, 1, 0xF);
        assert_eq!(tb.run()[0].3, SLVERR, "no register at 0x0FC");
        tb.m.write(hw::NQR as u64, 1, 0xF);
        assert_eq!(tb.run()[0].3, SLVERR, "a write to NQR");
        tb.m.write(hw::NLHR as u64, 0x2468, 0xF);
        assert_eq!(tb.run()[0].3, OKAY);
        assert_eq!(read(&mut tb, hw::NLHR), (0x2468, OKAY));
    });
}

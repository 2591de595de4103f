//! The FTNW IOC's registers (thesis App. A.5, Table A.3) at BAR2 + 0x1_0000, and the layout of
//! what the IOC writes into host memory on its own (TFCNT).
//!
//! Table A.3 numbers IOC registers in 16-byte slots (0x1001 is BAR2 + 0x1_0010); a 48-bit
//! register is two 32-bit registers at +0 and +4 of its slot, written by one 8-byte write or two
//! 4-byte writes (FTNW-H102). The flash control (0x1000) and slot address (0x1003) registers are
//! not implemented: their offsets read 0 and ignore writes, as every offset without a register.

#[allow(unused_imports)]
use crate::regs::Reg;

/// BAR2 offset of the IOC registers.
pub const IOC_REGS_BASE: u32 = 0x1_0000;
/// Address bits of the IOC register window (256 bytes).
pub const IOC_ADDR_BITS: u32 = 8;
/// TFCNT: link l's NWP_CNT (32 bits) is written at `TFCNT_ADDR + l * TFCNT_STRIDE` (FTNW-H091,
/// ambiguity A13: the six counters in one 64-byte line).
pub const TFCNT_STRIDE: u64 = 8;

crate::regmap! {
    pub static IOC_REGS: "ftnw_ioc", addr_bits = IOC_ADDR_BITS, "FTNW IOC registers (A.5, Table A.3) at BAR2 + 0x1_0000.";
    TFCNT_ADDR_LO @ 0x10, "TFCNT main memory address, bits 31:0 (A.5.3, 0x1001): link l's NWP_CNT is written at TFCNT_ADDR + 8l. Bits 5:0 are 0 (the six counters share one 64-byte line). Counter writes start with the next TFCNT_RST write after the address changed (never with a half-written address), and never while the address is 0." {
        ADDR [6, 26] RW = 0, "address bits 31:6";
    }
    TFCNT_ADDR_HI @ 0x14, "TFCNT main memory address, bits 47:32 (A.5.3, 0x1001 + 4)." {
        ADDR [0, 16] RW = 0, "address bits 47:32";
    }
    TFCNT_RST @ 0x20, "TFCNT counters reset (A.5.3, 0x1002): bit l sets link l's NWP_CNT to 0 and writes the 0 to host memory. Reads 0." {
        RESET [0, 6] WO = 0, "links to reset, one bit each";
    }
    LINK_EXC @ 0x40, "Links exceptions (Table A.3, 0x1004; FTNW-H094, H166): the IOC's own exceptions, sticky, cleared by writing 1, and a count of the cycles that raised one (bits 15:0, the per-link summary, come with the node: read 0 here)." {
        REQUEST [16, 1] W1C = 0, "a request PIC does not serve: a read of BAR0 or of more than two BAR2 Dwords, another type or BAR (completed with UR or dropped)";
        PARTIAL [17, 1] W1C = 0, "a BAR2 Dword written with partial byte enables (not written)";
        TX_PARTIAL [18, 1] W1C = 0, "a TX-window write with partial first or last byte enables (dropped)";
        TX_LINK [19, 1] W1C = 0, "a TX-window write to link 6 or 7 (dropped)";
        TX_OVERRUN [20, 1] W1C = 0, "an item a re-order buffer refused: its packet waits to leave, or a Dword of it was there (the link's TX_EXC[5])";
        TX_HEADER [21, 1] W1C = 0, "an item a re-order buffer refused: its slot holds part of another packet (the link's TX_EXC[4])";
        COUNT [24, 8] RWH = 0, "cycles that raised an exception above, saturating at 255; a write sets it";
    }
    TFCNT_CTRL @ 0x80, "TFCNT control (ambiguity A13, 0x1008): a link's NWP_CNT is written to host memory when it has advanced by THRESHOLD packets since its last write, and when the link's re-order buffer has sent every complete packet it held." {
        THRESHOLD [0, 16] RW = 1, "packets between two writes (0 acts as 1)";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_sit_in_their_table_a3_slots() {
        assert_eq!(IOC_REGS_BASE + TFCNT_ADDR_LO.offset, 0x1_0010);
        assert_eq!(IOC_REGS_BASE + TFCNT_RST.offset, 0x1_0020);
        assert_eq!(TFCNT_ADDR_LO::ADDR.mask(), 0xffff_ffc0);
        assert_eq!(TFCNT_CTRL::THRESHOLD.reset, 1);
        assert_eq!(IOC_REGS_BASE + LINK_EXC.offset, 0x1_0040);
        assert!(6 * TFCNT_STRIDE <= 64);
    }
}

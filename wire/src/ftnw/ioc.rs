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
/// Address bits of BAR2 (128 KB): link l's registers at `l << 12`, the IOC's at `IOC_REGS_BASE`.
pub const BAR2_BITS: u32 = 17;
/// Address bits of the IOC register window (256 bytes).
pub const IOC_ADDR_BITS: u32 = 8;
/// TFCNT: link l's NWP_CNT (32 bits) is written at `TFCNT_ADDR + l * TFCNT_STRIDE` (FTNW-H091,
/// ambiguity A13: the six counters in one 64-byte line).
pub const TFCNT_STRIDE: u64 = 8;
/// NGET: requests the DMA engine queues (REQ_FIFO, FTNW-H141), and read tags it uses.
pub const DMA_REQS: usize = 8;
pub const DMA_TAGS: usize = 8;
/// NGET: the source buffer's slots (DMABUFOFF, 4 KB each).
pub const DMA_SLOT_BYTES: u64 = 4096;

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
    LINK_EXC @ 0x40, "Links exceptions (Table A.3, 0x1004; FTNW-H094, H166): which links have an exception interrupt up, the IOC's own exceptions (sticky, cleared by writing 1), and a count of the cycles that raised one." {
        RX [0, 6] RO = 0, "bit l: link l's RX exception interrupt is up (RX_EXC & RX_EXEN, the link's `irq_rx`); cleared where it is raised";
        TX [8, 6] RO = 0, "bit l: link l's TX exception interrupt is up (TX_EXC & TX_EXEN, `irq_tx`)";
        REQUEST [16, 1] W1C = 0, "a request PIC does not serve: a read of BAR0 or of more than two BAR2 Dwords, another type or BAR (completed with UR or dropped)";
        PARTIAL [17, 1] W1C = 0, "a BAR2 Dword written with partial byte enables (not written)";
        TX_PARTIAL [18, 1] W1C = 0, "a TX-window write with partial first or last byte enables (dropped)";
        TX_LINK [19, 1] W1C = 0, "a TX-window write to link 6 or 7 (dropped)";
        TX_OVERRUN [20, 1] W1C = 0, "an item a re-order buffer refused: its packet waits to leave, or a Dword of it was there (the link's TX_EXC[5])";
        TX_HEADER [21, 1] W1C = 0, "an item a re-order buffer refused: its slot holds part of another packet (the link's TX_EXC[4])";
        COUNT [24, 8] RWH = 0, "cycles that raised an exception above, saturating at 255; a write sets it";
    }
    DMA_REQ_LO @ 0x50, "DMA request, bits 31:0 (A.5.4, 0x1005; FTNW-H095-H099, H142, H144): issues one NGET. Write-only, and only as part of one write that covers bytes 0-7 of the slot (an 8-byte write, or the thesis' 16-byte write): a write of this Dword alone, or of DMA_REQ_HI alone, is dropped and raises DMA_EXC.REQ_SPLIT (a request split over two writes could be issued half-written, ambiguity A6). Reads 0." {
        LENGTH [0, 11] WO = 0, "DMALENGTH: Dwords to read, 32 to 1024 in multiples of 32 (whole 128-byte packets within one 4 KB slot, ambiguity A15); other values raise DMA_EXC.REQ_BAD and read nothing";
        RAO [11, 11] WO = 0, "DMAPICATTR[10:0]: the remote address offset of the first packet (the packets take RAO, RAO + 1, ...; past 2047 raises DMA_EXC.REQ_BAD)";
        VC [22, 3] WO = 0, "DMAPICATTR[13:11]: the virtual channel";
        LINK [25, 3] WO = 0, "DMAPICATTR[16:14]: the link whose injection buffer takes the packets (6 and 7 raise DMA_EXC.REQ_BAD)";
        NOTIDX [28, 3] WO = 0, "DMANOTIDX: the notification slot, at DMA_NTF_ADDR + 4 NOTIDX";
        BUFOFF_LO [31, 1] WO = 0, "DMABUFOFF[0]: the source slot in the DMA buffer, in 4 KB units";
    }
    DMA_REQ_HI @ 0x54, "DMA request, bits 63:32 (A.5.4, 0x1005 + 4)." {
        BUFOFF_HI [0, 2] WO = 0, "DMABUFOFF[2:1]";
    }
    DMA_BUF_LO @ 0x60, "DMA buffer BAR, bits 31:0 (A.5.5, 0x1006; FTNW-H100): the host address of the NGET source buffer, 8 slots of 4 KB. Bits 11:0 are 0." {
        ADDR [12, 20] RW = 0, "address bits 31:12";
    }
    DMA_BUF_HI @ 0x64, "DMA buffer BAR, bits 47:32 (A.5.5, 0x1006 + 4)." {
        ADDR [0, 16] RW = 0, "address bits 47:32";
    }
    DMA_NTF_LO @ 0x70, "DMA notify BAR, bits 31:0 (Table A.3, 0x1007; FTNW-H101): request n's notification is one 4-byte write at DMA_NTF_ADDR + 4 NOTIDX, of POLLMAGIC when its data reached the injection buffer, of POLLMAGIC_ERR when a read of it failed (ambiguity A12). Bits 4:0 are 0 (the eight slots in one 32-byte block)." {
        ADDR [5, 27] RW = 0, "address bits 31:5";
    }
    DMA_NTF_HI @ 0x74, "DMA notify BAR, bits 47:32 (Table A.3, 0x1007 + 4)." {
        ADDR [0, 16] RW = 0, "address bits 47:32";
    }
    TFCNT_CTRL @ 0x80, "TFCNT control (ambiguity A13, 0x1008): a link's NWP_CNT is written to host memory when it has advanced by THRESHOLD packets since its last write, and when the link's re-order buffer has sent every complete packet it held." {
        THRESHOLD [0, 16] RW = 1, "packets between two writes (0 acts as 1)";
    }
    DMA_CTRL @ 0x90, "DMA control (0x1009, ambiguity A12)." {
        TIMEOUT [0, 5] RW = 14, "completion timeout: a read not completed within 2 to 3 times 2^TIMEOUT IOC cycles fails (DMA_EXC.CPL_TIMEOUT); 14 is 131 to 197 us at 250 MHz, inside PCIe's default range of 50 us to 50 ms";
    }
    DMA_EXC @ 0xa0, "DMA exceptions (0x100a; FTNW-H073, H098, H142, H166): sticky, cleared by writing 1; each also counts in LINK_EXC.COUNT. A failed read drops its data and the packets it had started, frees its tag, and its request's notification carries POLLMAGIC_ERR." {
        REQ_BAD [0, 1] W1C = 0, "a request with a bad length, link 6 or 7, or packets past RAO 2047 (no read, no notification)";
        REQ_SPLIT [1, 1] W1C = 0, "a write of DMA_REQ_LO or DMA_REQ_HI alone (dropped)";
        REQ_OVERRUN [2, 1] W1C = 0, "a request while 8 were queued (dropped)";
        CPL_ERROR [3, 1] W1C = 0, "a completion with an error status, poisoned, with an error code of the core, more data than its read has left, or not in whole 16-byte items (the read fails)";
        CPL_TAG [4, 1] W1C = 0, "a completion for a tag with no read outstanding (dropped)";
        CPL_TIMEOUT [5, 1] W1C = 0, "a read not completed in time (it fails)";
    }
}

/// One NGET request as the DMA Request register takes it (one 8-byte write at DMA_REQ_LO).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaRequest {
    /// Dwords to read (DMALENGTH).
    pub dwords: u32,
    pub link: u32,
    pub vc: u32,
    /// RAO of the first packet.
    pub rao: u32,
    pub notidx: u32,
    /// Source slot of the DMA buffer (4 KB units).
    pub bufoff: u32,
}

impl DmaRequest {
    /// The 64-bit register value (panics on a field that does not fit).
    pub fn pack(&self) -> u64 {
        let lo = DMA_REQ_LO::LENGTH.set(0, self.dwords);
        let lo = DMA_REQ_LO::RAO.set(lo, self.rao);
        let lo = DMA_REQ_LO::VC.set(lo, self.vc);
        let lo = DMA_REQ_LO::LINK.set(lo, self.link);
        let lo = DMA_REQ_LO::NOTIDX.set(lo, self.notidx);
        let lo = DMA_REQ_LO::BUFOFF_LO.set(lo, self.bufoff & 1);
        let hi = DMA_REQ_HI::BUFOFF_HI.set(0, self.bufoff >> 1);
        (hi as u64) << 32 | lo as u64
    }
    /// Whether the engine takes it (else DMA_EXC.REQ_BAD): whole packets, 32 to 1024 Dwords,
    /// an existing link, no packet past RAO 2047.
    pub fn valid(&self) -> bool {
        self.dwords != 0
            && self.dwords % 32 == 0
            && self.dwords <= 1024
            && (self.link as usize) < super::txwin::LINKS
            && self.rao + self.dwords / 32 <= 2048
    }
    /// The packets it injects, in order: (RAO, byte offset in the DMA buffer).
    pub fn packets(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        (0..self.dwords / 32).map(move |p| {
            (
                self.rao + p,
                self.bufoff as u64 * DMA_SLOT_BYTES + p as u64 * 128,
            )
        })
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
        assert_eq!(IOC_REGS_BASE + DMA_REQ_LO.offset, 0x1_0050);
        assert_eq!(IOC_REGS_BASE + DMA_BUF_LO.offset, 0x1_0060);
        assert_eq!(IOC_REGS_BASE + DMA_NTF_LO.offset, 0x1_0070);
    }

    #[test]
    fn dma_request_fields_sit_where_a5_4_prints_them() {
        let r = DmaRequest {
            dwords: 0x7ff,
            link: 0,
            vc: 0,
            rao: 0,
            notidx: 0,
            bufoff: 0,
        };
        assert_eq!(r.pack(), 0x7ff);
        let r = DmaRequest {
            dwords: 0,
            link: 7,
            vc: 7,
            rao: 0x7ff,
            notidx: 0,
            bufoff: 0,
        };
        assert_eq!(r.pack(), 0x0fff_f800); // DMAPICATTR [27:11]
        let r = DmaRequest {
            dwords: 0,
            link: 0,
            vc: 0,
            rao: 0,
            notidx: 7,
            bufoff: 0,
        };
        assert_eq!(r.pack(), 0x7000_0000); // DMANOTIDX [30:28]
        let r = DmaRequest {
            dwords: 0,
            link: 0,
            vc: 0,
            rao: 0,
            notidx: 0,
            bufoff: 7,
        };
        assert_eq!(r.pack(), 0x3_8000_0000); // DMABUFOFF [33:31]
        let ok = DmaRequest {
            dwords: 1024,
            link: 5,
            vc: 7,
            rao: 2016,
            notidx: 0,
            bufoff: 0,
        };
        assert!(ok.valid());
        assert!(!DmaRequest { rao: 2017, ..ok }.valid());
        assert!(!DmaRequest { dwords: 1056, ..ok }.valid());
        assert!(!DmaRequest { dwords: 48, ..ok }.valid());
        assert!(!DmaRequest { link: 6, ..ok }.valid());
    }
}

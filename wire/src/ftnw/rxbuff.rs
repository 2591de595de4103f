//! RXBUFF register map (thesis §2.4.4, App. A.1, addresses of the A.5 table): per VC of a link
//! the notify base, the credit FIFO and the credit base, in the link's 4 KB window next to the
//! `tnw_link` registers (`BAR2 + (l << 12) + 0x100 ...`). The status and control bits of the
//! receive buffer (RX_FIFO_STATUS, RX_CTRL) and its exception bits (RX_EXC) are in `tnw_link`.

use crate::regs::Reg;

/// The value a notification writes (ambiguity A9: the thesis does not print POLLMAGIC).
/// Software arms a slot with 0 before it issues the credit; 0 is never a notification.
pub const POLLMAGIC: u32 = 0x600D_F00D;
/// The value of a notification whose message lost a packet (RX_EXC.RCBA_CARRY: its address
/// would have carried past 4 GB); ambiguity A12's error value.
pub const POLLMAGIC_ERR: u32 = !POLLMAGIC;
/// Credits one VC's credit FIFO holds (FTNW-H163).
pub const CREDIT_FIFO_DEPTH: usize = 16;
/// Low bits of CRDBAR that must be 0: packets are 128-byte writes at 128-byte boundaries
/// (never across 4 KB; FTNW-H160). Else RX_EXC.RCBA_CARRY and the packet is not written.
pub const CRDBAR_ZERO_BITS: u32 = 7;
/// Low bits of NTFBAR that must be 0: 16 notification slots of 4 bytes (ambiguity A5).
pub const NTFBAR_ZERO_BITS: u32 = 6;

/// A credit word (CRDFIFO).
pub const fn credit(c_d: u32, size: u32, nid: u32) -> u32 {
    let w = CRDFIFO0::C_D.set(0, c_d);
    let w = CRDFIFO0::SIZE.set(w, size);
    CRDFIFO0::NID.set(w, nid)
}

crate::regmap! {
    pub static TNW_RXBUFF_REGS: "tnw_rxbuff", addr_bits = super::link::TNW_WINDOW_BITS, "RXBUFF of one FTNW link (A.1, A.5): per VC c the notify base (0x100 + 16c), the credit FIFO (0x200 + 16c) and the credit base (0x300 + 16c), in link l's window at BAR2 + (l << 12).";
    NTFBAR0 @ 0x100, "Notify base address B_n of VC 0 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 0 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR1 @ 0x110, "Notify base address B_n of VC 1 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 1 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR2 @ 0x120, "Notify base address B_n of VC 2 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 2 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR3 @ 0x130, "Notify base address B_n of VC 3 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 3 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR4 @ 0x140, "Notify base address B_n of VC 4 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 4 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR5 @ 0x150, "Notify base address B_n of VC 5 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 5 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR6 @ 0x160, "Notify base address B_n of VC 6 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 6 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    NTFBAR7 @ 0x170, "Notify base address B_n of VC 7 (A.1 0x0<l>1<c>): the notification of a credit with notify index n is one 4-byte write of POLLMAGIC at B_n | (n << 2). Bits 5:0 must be 0 (else RX_EXC.RNBA_LSB and no write). A write while VC 7 is in use (a credit queued or a packet of it being delivered) is refused and raises RX_EXC.NBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "notify base address";
    }
    CRDFIFO0 @ 0x200, "Credit FIFO of VC 0 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO1 @ 0x210, "Credit FIFO of VC 1 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO2 @ 0x220, "Credit FIFO of VC 2 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO3 @ 0x230, "Credit FIFO of VC 3 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO4 @ 0x240, "Credit FIFO of VC 4 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO5 @ 0x250, "Credit FIFO of VC 5 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO6 @ 0x260, "Credit FIFO of VC 6 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDFIFO7 @ 0x270, "Credit FIFO of VC 7 (A.1 0x0<l>2<c>; 16 credits): a write queues one credit. Size 0 raises RX_EXC.CRD_SIZE0, a full FIFO RX_EXC.CRD_OVERRUN; either credit is dropped. Ignored while RX_CTRL.CRD_RESET is 1." {
        C_D [0, 16] WO = 0, "credit address: the message's offset in the VC's receive buffer, in 128-byte units (packet RAO r lands at CRDBAR + (C_D + r) x 128)";
        SIZE [16, 12] WO = 0, "packets the credit covers (1-4095; 2048 = 256 KB)";
        NID [28, 4] WO = 0, "notify index: the notification goes to NTFBAR | (NID << 2)";
    }
    CRDBAR0 @ 0x300, "Credit base address B_d (CRDBAR) of VC 0 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 0 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR1 @ 0x310, "Credit base address B_d (CRDBAR) of VC 1 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 1 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR2 @ 0x320, "Credit base address B_d (CRDBAR) of VC 2 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 2 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR3 @ 0x330, "Credit base address B_d (CRDBAR) of VC 3 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 3 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR4 @ 0x340, "Credit base address B_d (CRDBAR) of VC 4 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 4 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR5 @ 0x350, "Credit base address B_d (CRDBAR) of VC 5 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 5 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR6 @ 0x360, "Credit base address B_d (CRDBAR) of VC 6 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 6 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
    CRDBAR7 @ 0x370, "Credit base address B_d (CRDBAR) of VC 7 (A.5 0x0<l>3<c>; A.1 prints the credit FIFO's offset). Bits 6:0 must be 0 (else RX_EXC.RCBA_CARRY and the VC's packets are not written). A write while VC 7 is in use is refused and raises RX_EXC.CBA_BUSY." {
        BASE [0, 32] RWH = 0xffffffff, "receive buffer base address";
    }
}

/// Per VC: NTFBAR, CRDFIFO, CRDBAR.
pub const NTFBAR: [Reg; 8] = [
    NTFBAR0, NTFBAR1, NTFBAR2, NTFBAR3, NTFBAR4, NTFBAR5, NTFBAR6, NTFBAR7,
];
pub const CRDFIFO: [Reg; 8] = [
    CRDFIFO0, CRDFIFO1, CRDFIFO2, CRDFIFO3, CRDFIFO4, CRDFIFO5, CRDFIFO6, CRDFIFO7,
];
pub const CRDBAR: [Reg; 8] = [
    CRDBAR0, CRDBAR1, CRDBAR2, CRDBAR3, CRDBAR4, CRDBAR5, CRDBAR6, CRDBAR7,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_vc_registers_at_the_a5_offsets() {
        for v in 0..8u32 {
            assert_eq!(NTFBAR[v as usize].offset, 0x100 + (v << 4));
            assert_eq!(CRDFIFO[v as usize].offset, 0x200 + (v << 4));
            assert_eq!(CRDBAR[v as usize].offset, 0x300 + (v << 4));
        }
        assert_eq!(NTFBAR0::BASE.reset, 0xffff_ffff);
        assert_eq!(CRDBAR0::BASE.reset, 0xffff_ffff);
    }

    #[test]
    fn credit_word_fields_follow_the_a1_masks() {
        // A3: masks win: C_d 0x0000ffff, SIZE 0x0fff0000, NID 0xf0000000
        assert_eq!(CRDFIFO0::C_D.mask(), 0x0000_ffff);
        assert_eq!(CRDFIFO0::SIZE.mask(), 0x0fff_0000);
        assert_eq!(CRDFIFO0::NID.mask(), 0xf000_0000);
        assert_eq!(credit(0x1234, 2048, 0xf), 0xf800_1234);
    }
}

//! The FTNW TX window (thesis §2.4.1, §3.2.1-3.2.2, App. A.4): BAR0/1, 16 MB, where the host
//! writes the packets it sends with PPUT. The byte at offset
//! `(l << 21) + (c << 18) + (rao << 7) + b` is byte `b` (0..127) of the packet with remote
//! address offset `rao` (0..2047) on VC `c` (0..7) of link `l` (0..5); links 6 and 7 do not
//! exist. Inside the IOC each link's re-order buffer holds `ROB_SLOTS` packets, the packet with
//! offset `rao` in slot `rao mod ROB_SLOTS`.

use super::link::{RAO_BITS, VCS};

/// log2 of the window's size.
pub const TX_WINDOW_BITS: u32 = 24;
/// Links of a node (X+, X-, Y+, Y-, Z+, Z-).
pub const LINKS: usize = 6;
/// log2 of a re-order buffer's packet slots (DATA_MEM, ambiguity A23: 64 packets, 8 KB).
pub const ROB_SLOT_BITS: u32 = 6;
pub const ROB_SLOTS: usize = 1 << ROB_SLOT_BITS;
/// Bytes of DATA_MEM: a send larger than this is split by the library (FTNW-H056, H126).
pub const ROB_BYTES: usize = ROB_SLOTS * 128;

/// Byte offset in the TX window of byte 0 of packet `rao` of VC `vc` on link `link`.
pub const fn tx_offset(link: u8, vc: u8, rao: u16) -> u64 {
    ((link as u64) << 21) | ((vc as u64) << 18) | ((rao as u64) << 7)
}

/// Where a window offset points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TxTarget {
    pub link: u8,
    pub vc: u8,
    pub rao: u16,
    /// Byte within the packet (0..127).
    pub byte: u8,
}

/// The packet byte a window offset addresses; `None` for a link that does not exist.
pub fn tx_target(off: u64) -> Option<TxTarget> {
    let off = off & ((1 << TX_WINDOW_BITS) - 1);
    let link = (off >> 21) as u8;
    (usize::from(link) < LINKS).then_some(TxTarget {
        link,
        vc: (off >> 18) as u8 & (VCS as u8 - 1),
        rao: (off >> 7) as u16 & ((1 << RAO_BITS) - 1),
        byte: off as u8 & 0x7f,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_round_trip_and_missing_links_decode_to_none() {
        for link in 0..8u8 {
            for vc in 0..8u8 {
                for rao in [0u16, 1, 63, 64, 2047] {
                    let off = tx_offset(link, vc, rao) + 77;
                    let t = tx_target(off);
                    if link < 6 {
                        assert_eq!(
                            t,
                            Some(TxTarget {
                                link,
                                vc,
                                rao,
                                byte: 77
                            })
                        );
                    } else {
                        assert_eq!(t, None);
                    }
                }
            }
        }
        assert_eq!(tx_offset(5, 7, 2047) + 127, (6 << 21) - 1);
    }
}

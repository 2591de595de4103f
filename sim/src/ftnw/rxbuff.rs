//! The reference of RXBUFF (thesis §2.4.4; `nicgen_hdl::ftnw::rx_buff`) that a network's
//! scoreboard checks every host write of a `tnw_port` against: per VC the bases and the credits
//! software issued, in order; a packet of VC v (the next one its sender sent on v) must be one
//! 32-word write of its payload at `CRDBAR[v] + (C_D + RAO) x 128` of v's head credit, and the
//! write of that RXBUFF after a credit's SIZE-th packet must be its notification, `POLLMAGIC`
//! at `NTFBAR[v] | (NID << 2)` (other RXBUFFs' writes may come between on a node's shared
//! port). A write no RXBUFF of the port expects (a wrong address or word, a packet out of order
//! within its VC, a notification early, late or missing) is an error.

use crate::ftnw::net::Pkt;
use crate::system::hostmem::HostWrite;
use nicgen_wire::ftnw::link::PAYLOAD_WORDS;
use nicgen_wire::ftnw::rxbuff as rxb;
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Credit {
    pub c_d: u32,
    pub size: u32,
    pub nid: u32,
}

#[derive(Clone, Debug, Default)]
pub struct VcRef {
    pub cba: u32,
    pub ntf: u32,
    pub credits: VecDeque<Credit>,
    /// Packets delivered of the head credit.
    pub used: u32,
}

#[derive(Clone, Debug)]
pub struct RxbRef {
    pub vc: [VcRef; 8],
    /// The notification the next write must be: (VC, address).
    pub due: Option<(usize, u64)>,
    /// Messages completed (notifications written), and packets written.
    pub notified: u64,
    pub packets: u64,
}

impl Default for RxbRef {
    fn default() -> Self {
        let reset = rxb::CRDBAR0::BASE.reset;
        Self {
            vc: std::array::from_fn(|_| VcRef {
                cba: reset,
                ntf: reset,
                ..Default::default()
            }),
            due: None,
            notified: 0,
            packets: 0,
        }
    }
}

impl RxbRef {
    /// The expected address of the next packet of `vc` with RAO `rao`, if VC has a credit.
    pub fn data_addr(&self, vc: usize, rao: u32) -> Option<u64> {
        let v = &self.vc[vc];
        let c = v.credits.front()?;
        Some(v.cba as u64 + ((c.c_d as u64 + rao as u64) << 7))
    }

    /// Take one host write if it is this RXBUFF's next: its due notification, or (none due) the
    /// next packet of one of its VCs, at its credited address with its payload, taken from the
    /// sender's queue `peer` (packets in flight, in send order). `Ok(false)`: not this RXBUFF's
    /// write; `Err`: its due notification with a wrong value.
    pub fn accept(&mut self, w: &HostWrite, peer: &mut VecDeque<Pkt>) -> Result<bool, String> {
        if let Some((vc, addr)) = self.due {
            if w.addr != addr {
                return Ok(false);
            }
            if w.words != [rxb::POLLMAGIC] {
                return Err(format!(
                    "VC {vc}: notification at {addr:#x} is {:#x?}, want POLLMAGIC",
                    w.words
                ));
            }
            self.due = None;
            self.vc[vc].credits.pop_front();
            self.vc[vc].used = 0;
            self.notified += 1;
            return Ok(true);
        }
        if w.words.len() != PAYLOAD_WORDS {
            return Ok(false);
        }
        // the VC whose next packet goes exactly there with exactly this payload
        let hit = (0..8).find_map(|vc| {
            let i = peer.iter().position(|p| (p.dest & 7) as usize == vc)?;
            let pkt = &peer[i];
            (self.data_addr(vc, (pkt.dest >> 3) as u32) == Some(w.addr)
                && pkt.data[..] == w.words[..])
                .then_some((vc, i))
        });
        let Some((vc, i)) = hit else {
            return Ok(false);
        };
        peer.remove(i);
        self.packets += 1;
        let v = &mut self.vc[vc];
        v.used += 1;
        let c = *v.credits.front().unwrap();
        if v.used == c.size {
            if v.ntf & ((1 << rxb::NTFBAR_ZERO_BITS) - 1) != 0 {
                // RX_EXC.RNBA_LSB: no notification, the credit ends
                v.credits.pop_front();
                v.used = 0;
            } else {
                self.due = Some((vc, (v.ntf | (c.nid << 2)) as u64));
            }
        }
        Ok(true)
    }

    /// What this RXBUFF writes next, for an error message.
    pub fn expected(&self, peer: &VecDeque<Pkt>) -> String {
        if let Some((vc, addr)) = self.due {
            return format!("VC {vc}'s notification at {addr:#x}");
        }
        let next: Vec<String> = (0..8)
            .filter_map(|vc| {
                let p = peer.iter().find(|p| (p.dest & 7) as usize == vc)?;
                let a = self.data_addr(vc, (p.dest >> 3) as u32)?;
                Some(format!("VC {vc} RAO {} at {a:#x}", p.dest >> 3))
            })
            .collect();
        format!("a packet: {}", next.join(", "))
    }
}

//! Protocol monitors: the handshake rules of the common interfaces (`nicgen_hdl::common::
//! stream` and `packet`), checked on every cycle of a port a harness drives or observes.

/// One cycle of a packet port as seen at a rising edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Beat {
    pub valid: bool,
    pub ready: bool,
    pub data: u128,
    pub keep: u128,
    pub meta: u128,
    pub first: bool,
    pub last: bool,
}

/// Checks the packet-stream rules on one port: 1 (a beat offered and not taken stays, unchanged),
/// 5 (first/last framing), 6 (meta constant within a packet) and 7 (keep: all ones but on the
/// last beat, contiguous from byte 0 and not empty there). `keep_bits` is the port's K.
#[derive(Clone, Debug)]
pub struct PacketMonitor {
    keep_bits: u32,
    stalled: Option<Beat>,
    in_packet: bool,
    meta: u128,
    /// Beats transferred.
    pub beats: u64,
    /// Packets completed.
    pub packets: u64,
    /// A source that may withdraw a packet's first beat after refusals (the PPE's injection
    /// attempt, AMB-28): the least number of edges it must have been refused at.
    pub withdraw_first_after: Option<u64>,
    /// Edges at which the beat now offered was refused.
    refused: u64,
    /// First beats withdrawn.
    pub withdrawn: u64,
}

impl PacketMonitor {
    pub fn new(keep_bits: u32) -> Self {
        Self {
            keep_bits,
            stalled: None,
            in_packet: false,
            meta: 0,
            beats: 0,
            packets: 0,
            withdraw_first_after: None,
            refused: 0,
            withdrawn: 0,
        }
    }

    /// A monitor for a source that may withdraw a first beat refused at `n` edges or more.
    pub fn withdrawing_first_after(mut self, n: u64) -> Self {
        self.withdraw_first_after = Some(n);
        self
    }

    /// The source abandoned the packet under way, and said so on its own abort signal (a
    /// `tnw_link`'s `rxb_abort` during an RXLINK reset): framing and the stalled beat restart.
    pub fn abort(&mut self) {
        self.stalled = None;
        self.in_packet = false;
        self.refused = 0;
    }

    /// The rules for the beat at this edge; `Err` names the rule broken.
    pub fn edge(&mut self, b: Beat) -> Result<(), String> {
        if let Some(s) = self.stalled.take() {
            if !b.valid {
                return match self.withdraw_first_after {
                    Some(n) if s.first && !self.in_packet && self.refused >= n => {
                        self.withdrawn += 1;
                        self.refused = 0;
                        Ok(())
                    }
                    Some(n) => Err(format!(
                        "rule 1: valid dropped before the beat was taken (refused at {} edges, a first beat may go after {n})",
                        self.refused
                    )),
                    None => Err("rule 1: valid dropped before the beat was taken".into()),
                };
            }
            let mut was = b;
            was.ready = s.ready;
            if was != s {
                return Err(format!(
                    "rule 1: beat changed while stalled: {s:x?} then {b:x?}"
                ));
            }
        }
        if !b.valid {
            return Ok(());
        }
        if !b.ready {
            self.stalled = Some(b);
            self.refused += 1;
            return Ok(());
        }
        self.refused = 0;
        if b.first == self.in_packet {
            return Err(format!(
                "rule 5: first = {} on a beat {} a packet",
                b.first,
                if self.in_packet { "inside" } else { "starting" }
            ));
        }
        if self.in_packet && b.meta != self.meta {
            return Err(format!(
                "rule 6: meta {:#x} changed to {:#x} inside a packet",
                self.meta, b.meta
            ));
        }
        let all = (1u128 << self.keep_bits) - 1;
        let k = b.keep & all;
        let contiguous = k != 0 && (k & (k + 1)) == 0;
        if (!b.last && k != all) || (b.last && !contiguous) {
            return Err(format!(
                "rule 7: keep {k:#x} on a {} beat",
                if b.last { "last" } else { "middle" }
            ));
        }
        self.meta = b.meta;
        self.in_packet = !b.last;
        self.beats += 1;
        self.packets += b.last as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beat(first: bool, last: bool, keep: u128, meta: u128) -> Beat {
        Beat {
            valid: true,
            ready: true,
            data: 7,
            keep,
            meta,
            first,
            last,
        }
    }

    #[test]
    fn each_rule_is_caught() {
        let mut m = PacketMonitor::new(4);
        assert!(m.edge(beat(true, false, 0xF, 1)).is_ok());
        assert!(m.edge(beat(false, true, 0x3, 1)).is_ok());
        assert_eq!((m.beats, m.packets), (2, 1));
        assert!(m
            .edge(beat(false, true, 0xF, 1))
            .unwrap_err()
            .starts_with("rule 5"));
        let mut m = PacketMonitor::new(4);
        m.edge(beat(true, false, 0xF, 1)).unwrap();
        assert!(m
            .edge(beat(false, true, 0xF, 2))
            .unwrap_err()
            .starts_with("rule 6"));
        let mut m = PacketMonitor::new(4);
        assert!(m
            .edge(beat(true, false, 0x7, 1))
            .unwrap_err()
            .starts_with("rule 7"));
        let mut m = PacketMonitor::new(4);
        assert!(m
            .edge(beat(true, true, 0x5, 1))
            .unwrap_err()
            .starts_with("rule 7"));
        let mut m = PacketMonitor::new(4);
        let mut b = beat(true, true, 0xF, 1);
        b.ready = false;
        m.edge(b).unwrap();
        b.data = 8;
        assert!(m.edge(b).unwrap_err().starts_with("rule 1"));
        let mut m = PacketMonitor::new(4);
        m.edge(Beat {
            ready: false,
            ..beat(true, true, 0xF, 1)
        })
        .unwrap();
        assert!(m.edge(Beat::default()).unwrap_err().starts_with("rule 1"));
        // an announced abort restarts framing and forgets the stalled beat
        let mut m = PacketMonitor::new(4);
        m.edge(beat(true, false, 0xF, 1)).unwrap();
        m.edge(Beat {
            ready: false,
            ..beat(false, false, 0xF, 1)
        })
        .unwrap();
        m.abort();
        m.edge(Beat::default()).unwrap();
        m.edge(beat(true, true, 0xF, 2)).unwrap();
        assert_eq!((m.beats, m.packets), (2, 1));
    }

    #[test]
    fn a_first_beat_may_be_withdrawn_only_after_its_refusals() {
        let refused = |first| Beat {
            ready: false,
            ..beat(first, false, 0xF, 1)
        };
        let mut m = PacketMonitor::new(4);
        m.withdraw_first_after = Some(3);
        for _ in 0..2 {
            m.edge(refused(true)).unwrap();
        }
        assert!(m
            .edge(Beat::default())
            .unwrap_err()
            .contains("refused at 2"));
        let mut m = PacketMonitor::new(4);
        m.withdraw_first_after = Some(3);
        for _ in 0..3 {
            m.edge(refused(true)).unwrap();
        }
        m.edge(Beat::default()).unwrap();
        assert_eq!(m.withdrawn, 1);
        // never a beat inside a packet
        m.edge(beat(true, false, 0xF, 1)).unwrap();
        for _ in 0..5 {
            m.edge(refused(false)).unwrap();
        }
        assert!(m.edge(Beat::default()).unwrap_err().starts_with("rule 1"));
    }
}

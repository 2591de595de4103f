//! Channel model between two TNW links (one direction): a word delay line with random bit
//! errors at a BER, error bursts, dropped, duplicated and inserted words, corrupted control
//! characters, link-down periods (IDLEs or garbage), plus scripted faults for directed tests.
//! Seeded and reproducible; `stats` counts every fault injected.

use crate::harness::rng::Rng;
use nicgen_wire::ftnw::link::{Word, C_CONTROL};
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub struct ChannelCfg {
    /// One-way latency in words (cycles of the sender's clock).
    pub latency: usize,
    /// Probability of each of the 36 bits of a word being flipped.
    pub ber: f64,
    /// Per-word probability of starting a burst of `burst_len` words with half their bits random.
    pub burst_rate: f64,
    pub burst_len: (u32, u32),
    pub drop_rate: f64,
    pub dup_rate: f64,
    pub insert_rate: f64,
    /// Per-control-word probability of one bit flip.
    pub ctrl_corrupt_rate: f64,
    /// Per-word probability of a link-down period of `down_len` words.
    pub down_rate: f64,
    pub down_len: (u32, u32),
    /// Link down sends garbage (true) or IDLEs (false).
    pub down_garbage: bool,
    /// Scripted faults.
    pub faults: Vec<Fault>,
}

impl Default for ChannelCfg {
    fn default() -> Self {
        Self {
            latency: 64,
            ber: 0.0,
            burst_rate: 0.0,
            burst_len: (2, 8),
            drop_rate: 0.0,
            dup_rate: 0.0,
            insert_rate: 0.0,
            ctrl_corrupt_rate: 0.0,
            down_rate: 0.0,
            down_len: (100, 2000),
            down_garbage: true,
            faults: vec![],
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChannelStats {
    pub words: u64,
    pub bit_errors: u64,
    pub bursts: u64,
    pub dropped: u64,
    pub duplicated: u64,
    pub inserted: u64,
    pub ctrl_corrupted: u64,
    pub down_periods: u64,
    pub down_words: u64,
}

/// A scripted fault: applied to the n-th word (0-based, counting every word sent) matching.
#[derive(Clone, Copy, Debug)]
pub enum Fault {
    /// Flip `mask` (36 bits, `{c, d}`) in the n-th control word whose code byte is `code`.
    FlipCtrl { code: u8, n: u64, mask: u64 },
    /// Drop the n-th control word whose code byte is `code`.
    DropCtrl { code: u8, n: u64 },
    /// Flip `mask` in the n-th data word (`c == 0`).
    FlipData { n: u64, mask: u64 },
}

pub struct Channel {
    pub cfg: ChannelCfg,
    rng: Rng,
    line: VecDeque<Word>,
    next_err: u64,
    burst_left: u32,
    down_left: u32,
    /// Force the link down (garbage or IDLE per `cfg.down_garbage`) while set.
    pub forced_down: bool,
    pub faults: Vec<Fault>,
    ctrl_seen: [u64; 256],
    data_seen: u64,
    pub stats: ChannelStats,
}

impl Channel {
    pub fn new(cfg: ChannelCfg, seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let next_err = Self::gap(&mut rng, cfg.ber);
        let line = (0..cfg.latency).map(|_| Word::idle()).collect();
        let faults = cfg.faults.clone();
        Self {
            cfg,
            rng,
            line,
            next_err,
            burst_left: 0,
            down_left: 0,
            forced_down: false,
            faults,
            ctrl_seen: [0; 256],
            data_seen: 0,
            stats: ChannelStats::default(),
        }
    }

    fn gap(rng: &mut Rng, ber: f64) -> u64 {
        if ber <= 0.0 {
            return u64::MAX;
        }
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        ((1.0 - u).ln() / (1.0 - ber).ln())
            .floor()
            .min(u64::MAX as f64 / 2.0) as u64
    }

    fn range(&mut self, r: (u32, u32)) -> u32 {
        r.0 + self.rng.below((r.1 - r.0 + 1) as u64) as u32
    }

    fn garbage(&mut self) -> Word {
        Word::unpack(self.rng.next_u64() & 0xf_ffff_ffff)
    }

    /// One sender cycle: `w` goes in, the word the receiver sees comes out.
    pub fn step(&mut self, w: Word) -> Word {
        self.stats.words += 1;
        let mut w = w;
        let mut drop = false;
        // scripted faults
        if w.c == C_CONTROL {
            let code = w.d as u8;
            let n = self.ctrl_seen[code as usize];
            self.ctrl_seen[code as usize] += 1;
            for f in &self.faults {
                match *f {
                    Fault::FlipCtrl {
                        code: c,
                        n: m,
                        mask,
                    } if c == code && m == n => w = Word::unpack(w.packed() ^ mask),
                    Fault::DropCtrl { code: c, n: m } if c == code && m == n => drop = true,
                    _ => {}
                }
            }
        } else if w.c == 0 {
            let n = self.data_seen;
            self.data_seen += 1;
            for f in &self.faults {
                if let Fault::FlipData { n: m, mask } = *f {
                    if m == n {
                        w = Word::unpack(w.packed() ^ mask);
                    }
                }
            }
        }
        // random faults
        if self.down_left == 0 && self.cfg.down_rate > 0.0 && self.rng.chance(self.cfg.down_rate) {
            self.down_left = self.range(self.cfg.down_len);
            self.stats.down_periods += 1;
        }
        if self.down_left > 0 || self.forced_down {
            self.down_left = self.down_left.saturating_sub(1);
            self.stats.down_words += 1;
            w = if self.cfg.down_garbage {
                self.garbage()
            } else {
                Word::idle()
            };
        } else {
            if self.burst_left == 0
                && self.cfg.burst_rate > 0.0
                && self.rng.chance(self.cfg.burst_rate)
            {
                self.burst_left = self.range(self.cfg.burst_len);
                self.stats.bursts += 1;
            }
            if self.burst_left > 0 {
                self.burst_left -= 1;
                let g = self.rng.next_u64() & self.rng.next_u64() & 0xf_ffff_ffff;
                w = Word::unpack(w.packed() ^ g);
            }
            if w.c == C_CONTROL
                && self.cfg.ctrl_corrupt_rate > 0.0
                && self.rng.chance(self.cfg.ctrl_corrupt_rate)
            {
                w = Word::unpack(w.packed() ^ (1 << self.rng.below(36)));
                self.stats.ctrl_corrupted += 1;
            }
            let mut bits = 36u64;
            let mut v = w.packed();
            while self.next_err < bits {
                let b = 36 - bits + self.next_err;
                v ^= 1 << b;
                self.stats.bit_errors += 1;
                bits -= self.next_err + 1;
                self.next_err = Self::gap(&mut self.rng, self.cfg.ber);
            }
            self.next_err -= bits;
            w = Word::unpack(v);
        }
        if drop || (self.cfg.drop_rate > 0.0 && self.rng.chance(self.cfg.drop_rate)) {
            self.stats.dropped += 1;
        } else {
            if self.cfg.insert_rate > 0.0 && self.rng.chance(self.cfg.insert_rate) {
                let g = self.garbage();
                self.line.push_back(g);
                self.stats.inserted += 1;
            }
            self.line.push_back(w);
            if self.cfg.dup_rate > 0.0 && self.rng.chance(self.cfg.dup_rate) {
                self.line.push_back(w);
                self.stats.duplicated += 1;
            }
        }
        // keep the latency: pad with IDLE when words were dropped, shed IDLEs when inserted
        while self.line.len() > self.cfg.latency + 1 {
            match self.line.iter().position(|x| *x == Word::idle()) {
                Some(i) => {
                    self.line.remove(i);
                }
                None => break,
            }
        }
        if self.line.len() > self.cfg.latency {
            self.line.pop_front().unwrap()
        } else {
            Word::idle()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn ber_matches_configuration() {
        let mut c = Channel::new(
            ChannelCfg {
                latency: 4,
                ber: 1e-3,
                ..Default::default()
            },
            7,
        );
        for _ in 0..100_000 {
            c.step(Word::data(0));
        }
        let rate = c.stats.bit_errors as f64 / (36.0 * 100_000.0);
        assert!((rate - 1e-3).abs() < 1e-4, "measured BER {rate}");
    }
    #[test]
    fn latency_and_order() {
        let mut c = Channel::new(
            ChannelCfg {
                latency: 3,
                ..Default::default()
            },
            1,
        );
        let out: Vec<Word> = (0..10).map(|i| c.step(Word::data(i))).collect();
        assert_eq!(out[..3], [Word::idle(); 3]);
        assert_eq!(
            out[3..].iter().map(|w| w.d).collect::<Vec<_>>(),
            (0..7).collect::<Vec<_>>()
        );
    }
}

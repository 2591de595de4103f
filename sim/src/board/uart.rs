//! Bit-level UART models (8N1, `nicgen_wire::board::bridge`), one call per clock cycle: the host side
//! of a board's UART pins in simulation.
//!
//! `UartTxModel` turns queued bytes into line levels, `div` cycles per bit (the host's baud
//! rate may differ from the board's by giving another `div`); `UartRxModel` samples a line at
//! the middle of each bit, like the RTL receiver, and reports a bad stop bit. A byte starts at a
//! falling edge, so after a stop bit held low the line must return high first.

use std::collections::VecDeque;

pub struct UartTxModel {
    pub div: u32,
    pub queue: VecDeque<u8>,
    /// Bits of the byte on the line (start, data LSB first, stop), and position.
    cur: Option<(u16, u32)>,
    /// Send the next stop bit as 0 (a framing error on purpose).
    pub break_stop: bool,
}

impl UartTxModel {
    pub fn new(div: u32) -> Self {
        Self {
            div,
            queue: VecDeque::new(),
            cur: None,
            break_stop: false,
        }
    }

    /// Nothing queued and nothing on the line.
    pub fn idle(&self) -> bool {
        self.cur.is_none() && self.queue.is_empty()
    }

    /// The line level for this cycle.
    pub fn tick(&mut self) -> bool {
        if self.cur.is_none() {
            let b = self.queue.pop_front();
            self.cur = b.map(|b| {
                let stop = if std::mem::take(&mut self.break_stop) {
                    0
                } else {
                    1
                };
                (((b as u16) << 1) | (stop << 9), 0)
            });
        }
        match &mut self.cur {
            None => true,
            Some((bits, t)) => {
                let level = (*bits >> (*t / self.div)) & 1 != 0;
                *t += 1;
                if *t == 10 * self.div {
                    self.cur = None;
                }
                level
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RxEvent {
    Byte(u8),
    /// A byte whose stop bit was 0.
    FramingError(u8),
}

pub struct UartRxModel {
    pub div: u32,
    /// Cycles into the current byte (None: waiting for a start bit).
    t: Option<u32>,
    bits: u16,
    last: bool,
}

impl UartRxModel {
    pub fn new(div: u32) -> Self {
        Self {
            div,
            t: None,
            bits: 0,
            last: true,
        }
    }

    pub fn busy(&self) -> bool {
        self.t.is_some()
    }

    /// Feed this cycle's line level.
    pub fn tick(&mut self, level: bool) -> Option<RxEvent> {
        let falling = std::mem::replace(&mut self.last, level) && !level;
        let Some(t) = self.t else {
            if falling {
                self.t = Some(0);
                self.bits = 0;
            }
            return None;
        };
        let mut ev = None;
        // sample bit i at cycle i * div + div / 2 after the falling edge
        if t % self.div == self.div / 2 {
            let i = t / self.div;
            if i == 0 && level {
                self.t = None; // a glitch, not a start bit
                return None;
            }
            self.bits |= (level as u16) << i;
            if i == 9 {
                let b = (self.bits >> 1) as u8;
                ev = Some(if level {
                    RxEvent::Byte(b)
                } else {
                    RxEvent::FramingError(b)
                });
                self.t = None;
                return ev;
            }
        }
        self.t = Some(t + 1);
        ev
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_talk_to_each_other_at_small_baud_mismatch() {
        for (dtx, drx) in [(25, 25), (25, 24), (24, 25), (16, 16)] {
            let mut tx = UartTxModel::new(dtx);
            let mut rx = UartRxModel::new(drx);
            let data: Vec<u8> = (0..=255u8).collect();
            tx.queue.extend(&data);
            let mut got = vec![];
            for _ in 0..(data.len() as u32 + 2) * 10 * dtx {
                if let Some(e) = rx.tick(tx.tick()) {
                    got.push(e);
                }
            }
            let want: Vec<RxEvent> = data.iter().map(|b| RxEvent::Byte(*b)).collect();
            assert_eq!(got, want, "div tx {dtx} rx {drx}");
        }
        let mut tx = UartTxModel::new(8);
        let mut rx = UartRxModel::new(8);
        tx.queue.push_back(0x55);
        tx.break_stop = true;
        let mut got = vec![];
        for c in 0..400 {
            if c == 200 {
                tx.queue.push_back(0xAA);
            }
            if let Some(e) = rx.tick(tx.tick()) {
                got.push(e);
            }
        }
        assert_eq!(got, vec![RxEvent::FramingError(0x55), RxEvent::Byte(0xAA)]);
    }
}

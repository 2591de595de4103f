//! The clock scheduler: any number of free-running clocks with their own periods (ps). Every
//! simulation loop of the project (the native `Bench`, the N-node network, the lock-step
//! checker, the board) advances time through it, so an edge happens at the same picosecond in
//! every backend.

/// The edges of one instant: bit k of `rose` / `fell` for clock k.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edges {
    pub time_ps: u64,
    pub rose: u64,
    pub fell: u64,
}

impl Edges {
    pub fn rose(&self, k: usize) -> bool {
        self.rose >> k & 1 != 0
    }
    pub fn fell(&self, k: usize) -> bool {
        self.fell >> k & 1 != 0
    }
    pub fn toggled(&self, k: usize) -> bool {
        (self.rose | self.fell) >> k & 1 != 0
    }
}

#[derive(Clone, Debug)]
struct Clk {
    half_ps: u64,
    next_ps: u64,
    level: bool,
}

/// Up to 64 clocks. All start low; clock k first rises at half its period.
#[derive(Clone, Debug)]
pub struct Clocks {
    clks: Vec<Clk>,
    pub time_ps: u64,
    /// Rising edges so far, per clock.
    pub edges: Vec<u64>,
}

impl Clocks {
    pub fn new(periods_ps: &[u64]) -> Self {
        assert!(
            !periods_ps.is_empty() && periods_ps.len() <= 64,
            "1 to 64 clocks"
        );
        let clks = periods_ps
            .iter()
            .map(|&p| {
                assert!(p >= 2 && p % 2 == 0, "clock period {p} ps must be even");
                Clk {
                    half_ps: p / 2,
                    next_ps: p / 2,
                    level: false,
                }
            })
            .collect();
        Self {
            clks,
            time_ps: 0,
            edges: vec![0; periods_ps.len()],
        }
    }

    pub fn len(&self) -> usize {
        self.clks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.clks.is_empty()
    }

    pub fn level(&self, k: usize) -> bool {
        self.clks[k].level
    }

    /// The time of the next edge, without taking it.
    pub fn peek(&self) -> u64 {
        self.clks.iter().map(|c| c.next_ps).min().unwrap()
    }

    /// Take the next instant: every clock with an edge then toggles.
    pub fn advance(&mut self) -> Edges {
        let t = self.peek();
        self.time_ps = t;
        let mut e = Edges {
            time_ps: t,
            ..Default::default()
        };
        for (k, c) in self.clks.iter_mut().enumerate() {
            if c.next_ps == t {
                c.level = !c.level;
                c.next_ps += c.half_ps;
                if c.level {
                    e.rose |= 1 << k;
                    self.edges[k] += 1;
                } else {
                    e.fell |= 1 << k;
                }
            }
        }
        e
    }

    /// The edges the next `advance` will take, without taking them.
    pub fn upcoming(&self) -> Edges {
        let t = self.peek();
        let mut e = Edges {
            time_ps: t,
            ..Default::default()
        };
        for (k, c) in self.clks.iter().enumerate() {
            if c.next_ps == t {
                if c.level {
                    e.fell |= 1 << k;
                } else {
                    e.rose |= 1 << k;
                }
            }
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_clocks_interleave_at_their_periods() {
        let mut c = Clocks::new(&[10, 6]);
        let mut seen = vec![];
        for _ in 0..6 {
            let up = c.upcoming();
            let e = c.advance();
            assert_eq!(up, e);
            seen.push((e.time_ps, e.rose, e.fell));
        }
        assert_eq!(
            seen,
            vec![
                (3, 0b10, 0),
                (5, 0b01, 0),
                (6, 0, 0b10),
                (9, 0b10, 0),
                (10, 0, 0b01),
                (12, 0, 0b10)
            ]
        );
        assert_eq!(c.edges, vec![1, 2]);
    }
}

//! The PPE's three queues and their interrupt bits at cycle level (UUCS-95-013 §3.2, §3.4, §3.5
//! with AMB-19, AMB-23, AMB-49): NQR and AQR (the PPE pushes, stalling while full; a host read
//! pops, 0 when empty), NBQR (the host pushes, a full queue or a 0 drops the write; the PPE
//! takes), int_lo / int_hi set when NQR / AQR goes from empty to non-empty while clear, cleared
//! by the host (a set and a clear in one cycle: the set wins), nbqr_empty's interrupt pending
//! from the PPE taking the last entry until the next accepted NBQR write. An entry can be popped
//! or taken from the second cycle after its push on (the queues are block RAMs with a
//! registered read); until then a host pop of it reads 0 as from an empty queue.

use std::collections::VecDeque;

pub const DEPTH: usize = 256;

/// What happens in one cycle (the host does one of its operations at most).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cycle {
    pub host_pop_nqr: bool,
    pub host_pop_aqr: bool,
    pub host_push_nbqr: Option<u32>,
    pub clear_lo: bool,
    pub clear_hi: bool,
    /// The PPE offers these; they are taken when the queue has room (`push_nqr` returns it).
    pub push_nqr: Option<u32>,
    pub push_aqr: Option<u32>,
    /// The PPE takes NBQR's head if there is one.
    pub take_nbqr: bool,
}

/// What the cycle did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Result {
    /// A host pop's value (0 from an empty queue).
    pub popped: Option<u32>,
    pub nqr_pushed: bool,
    pub aqr_pushed: bool,
    pub nbqr_taken: Option<u32>,
}

/// A FIFO whose entries become readable two cycles after their push.
#[derive(Clone, Debug, Default)]
pub struct Fifo {
    /// (value, cycles until readable)
    q: VecDeque<(u32, u8)>,
}

impl Fifo {
    pub fn len(&self) -> usize {
        self.q.len()
    }
    pub fn is_empty(&self) -> bool {
        self.q.is_empty()
    }
    fn push_back(&mut self, v: u32) {
        self.q.push_back((v, 2));
    }
    /// The head if it is readable.
    fn pop_front(&mut self) -> Option<u32> {
        match self.q.front() {
            Some(&(v, 0)) => {
                self.q.pop_front();
                Some(v)
            }
            _ => None,
        }
    }
    fn age(&mut self) {
        for e in self.q.iter_mut() {
            e.1 = e.1.saturating_sub(1);
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Queues {
    pub nqr: Fifo,
    pub aqr: Fifo,
    pub nbqr: Fifo,
    pub int_lo: bool,
    pub int_hi: bool,
    pub nb_pend: bool,
}

impl Queues {
    pub fn nbqr_empty(&self) -> bool {
        self.nbqr.is_empty()
    }
    pub fn nbqr_full(&self) -> bool {
        self.nbqr.len() == DEPTH
    }
    pub fn irq(&self) -> bool {
        self.int_lo || self.int_hi || self.nb_pend
    }

    /// One cycle: every operation sees the state at its start (a push into a full queue waits
    /// even if the host pops in the same cycle; an entry pushed is not poppable until the
    /// next cycle).
    pub fn cycle(&mut self, c: &Cycle) -> Result {
        let mut r = Result::default();
        let (nq0, aq0, nb0) = (self.nqr.len(), self.aqr.len(), self.nbqr.len());
        let (mut set_lo, mut set_hi) = (false, false);
        if c.host_pop_nqr {
            r.popped = Some(self.nqr.pop_front().unwrap_or(0));
        }
        if c.host_pop_aqr {
            r.popped = Some(self.aqr.pop_front().unwrap_or(0));
        }
        if let Some(v) = c.push_nqr {
            if nq0 < DEPTH {
                self.nqr.push_back(v);
                r.nqr_pushed = true;
                set_lo = nq0 == 0;
            }
        }
        if let Some(v) = c.push_aqr {
            if aq0 < DEPTH {
                self.aqr.push_back(v);
                r.aqr_pushed = true;
                set_hi = aq0 == 0;
            }
        }
        let mut took_last = false;
        if c.take_nbqr {
            r.nbqr_taken = self.nbqr.pop_front();
            took_last = r.nbqr_taken.is_some() && nb0 == 1;
        }
        let mut accepted = false;
        if let Some(v) = c.host_push_nbqr {
            if v != 0 && nb0 < DEPTH {
                self.nbqr.push_back(v);
                accepted = true;
            }
        }
        if c.clear_lo {
            self.int_lo = false;
        }
        if c.clear_hi {
            self.int_hi = false;
        }
        self.int_lo |= set_lo;
        self.int_hi |= set_hi;
        if accepted {
            self.nb_pend = false;
        } else if took_last {
            self.nb_pend = true;
        }
        self.nqr.age();
        self.aqr.age();
        self.nbqr.age();
        r
    }
}

//! Ordering monitor: time-stamped events seen at a device's ports (host-memory writes, queue
//! pushes and pops, register reads, packets on a network port) and online checks of the form
//! "A is visible before B", made at the cycle B happens, so a test fails at the offending cycle
//! with both events printed rather than on the state left after the traffic drains.
//!
//! Events are keyed by a string the test chooses (`"note 3.7"`, `"aqr 12"`); a key seen again
//! keeps its first time. A check passes when A was seen at or before B's cycle.

use std::collections::HashMap;

/// One event: when (the port's clock edges, or picoseconds: the test chooses one unit per
/// monitor) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub at: u64,
    pub what: String,
}

#[derive(Clone, Debug, Default)]
pub struct Order {
    seen: HashMap<String, Event>,
    /// Every event in the order it was recorded.
    pub log: Vec<(String, Event)>,
    /// Checks made and passed.
    pub checks: u64,
}

impl Order {
    pub fn new() -> Self {
        Self::default()
    }

    /// Record event `key` at `at` (the first time only).
    pub fn saw(&mut self, key: &str, at: u64, what: impl Into<String>) {
        if self.seen.contains_key(key) {
            return;
        }
        let e = Event {
            at,
            what: what.into(),
        };
        self.log.push((key.to_string(), e.clone()));
        self.seen.insert(key.to_string(), e);
    }

    /// When event `key` was seen.
    pub fn when(&self, key: &str) -> Option<u64> {
        self.seen.get(key).map(|e| e.at)
    }

    /// B (`what`, at `at`) happens now: A (`key`) must have been seen at or before it.
    pub fn before(&mut self, key: &str, at: u64, what: &str) -> Result<(), String> {
        match self.seen.get(key) {
            Some(a) if a.at <= at => {
                self.checks += 1;
                Ok(())
            }
            Some(a) => Err(format!(
                "order: {what} at {at}, but {key} ({}) only at {}",
                a.what, a.at
            )),
            None => Err(format!("order: {what} at {at}, but {key} not yet seen")),
        }
    }

    /// Nothing may happen after a stop: B (`what`, at `at`) is an event that must not follow
    /// `key` (a stop seen at or before `at` fails the check).
    pub fn not_after(&mut self, key: &str, at: u64, what: &str) -> Result<(), String> {
        match self.seen.get(key) {
            Some(a) if a.at < at => Err(format!(
                "order: {what} at {at}, after {key} ({}) at {}",
                a.what, a.at
            )),
            _ => {
                self.checks += 1;
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_before_b_passes_and_fails_with_both_events() {
        let mut o = Order::new();
        assert!(o.before("a", 3, "b").unwrap_err().contains("not yet seen"));
        o.saw("a", 5, "the data");
        o.saw("a", 9, "again");
        assert_eq!(o.when("a"), Some(5));
        let e = o.before("a", 4, "the flag").unwrap_err();
        assert!(e.contains("the flag at 4") && e.contains("the data") && e.contains("at 5"));
        o.before("a", 5, "the flag").unwrap();
        o.not_after("stop", 7, "a start").unwrap();
        o.saw("stop", 7, "OP_ON cleared");
        o.not_after("stop", 7, "a start").unwrap();
        assert!(o.not_after("stop", 8, "a start").is_err());
        assert_eq!(o.checks, 3);
    }
}

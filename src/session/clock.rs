//! The move clock of RULES H5.1 (and Y8): how much of the time per move the seat to
//! move has used this turn.
//!
//! It reads an injected monotonic clock (milliseconds, `performance.now()` in the
//! browser), never the system time, so changing the computer's clock changes nothing.
//! What it keeps is the time *used* this turn, so it is saved with the game and a reload
//! resumes with the time that was left; a longer or shorter limit chosen mid-turn counts
//! the time already used.

/// The time used by the seat to move in this turn.
///
/// The clock runs only while [`MoveClock::tick`] is told it may run (a limit is set, the
/// game is on, no modal dialog is open). Between ticks it remembers the instant of the
/// last one; an instant earlier than the last (another page's clock) counts as no time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveClock {
    /// Milliseconds used in this turn while the clock ran.
    used_ms: f64,
    /// The instant (milliseconds of the injected clock) of the last tick, `None` before
    /// the first tick after a start, a pause or a reload.
    last_tick: Option<f64>,
}

impl MoveClock {
    /// A clock for a new turn: nothing used.
    pub const fn new() -> MoveClock {
        MoveClock {
            used_ms: 0.0,
            last_tick: None,
        }
    }

    /// A clock that resumes a turn of which `used_ms` milliseconds were used (a saved
    /// game); negative or non-finite values count as 0.
    pub fn resumed(used_ms: f64) -> MoveClock {
        MoveClock {
            used_ms: if used_ms.is_finite() {
                used_ms.max(0.0)
            } else {
                0.0
            },
            last_tick: None,
        }
    }

    /// Milliseconds used in this turn.
    pub const fn used_ms(&self) -> f64 {
        self.used_ms
    }

    /// Milliseconds left of `limit_ms` (never below 0).
    pub fn remaining_ms(&self, limit_ms: u32) -> f64 {
        (f64::from(limit_ms) - self.used_ms).max(0.0)
    }

    /// Advances to the instant `now_ms`. If `running`, the time since the last tick is
    /// counted as used; otherwise it is not (a pause), and counting starts again from
    /// `now_ms` at the next running tick.
    pub fn tick(&mut self, now_ms: f64, running: bool) {
        if !now_ms.is_finite() {
            return;
        }
        if running && let Some(last) = self.last_tick {
            self.used_ms += (now_ms - last).max(0.0);
        }
        self.last_tick = running.then_some(now_ms);
    }

    /// Starts a new turn: nothing used. The next tick starts counting.
    pub fn restart(&mut self) {
        *self = MoveClock::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_running() {
        let mut c = MoveClock::new();
        c.tick(1_000.0, true); // first tick: starts counting
        assert_eq!(c.used_ms(), 0.0);
        c.tick(1_500.0, true);
        assert_eq!(c.used_ms(), 500.0);
        c.tick(9_000.0, false); // paused from 1 500 to 9 000: not counted
        assert_eq!(c.used_ms(), 500.0);
        c.tick(10_000.0, true); // resumes: the first running tick only anchors
        c.tick(10_250.0, true);
        assert_eq!(c.used_ms(), 750.0);
        assert_eq!(c.remaining_ms(30_000), 29_250.0);
        assert_eq!(c.remaining_ms(500), 0.0);
    }

    #[test]
    fn a_clock_going_backwards_counts_nothing() {
        let mut c = MoveClock::new();
        c.tick(5_000.0, true);
        c.tick(4_000.0, true);
        assert_eq!(c.used_ms(), 0.0);
        c.tick(4_100.0, true);
        assert_eq!(c.used_ms(), 100.0);
        c.tick(f64::NAN, true);
        assert_eq!(c.used_ms(), 100.0);
    }

    #[test]
    fn resumed_keeps_the_time_used_not_the_instant() {
        let mut c = MoveClock::new();
        c.tick(0.0, true);
        c.tick(12_000.0, true);
        // After a reload the page's clock starts again near 0.
        let mut back = MoveClock::resumed(c.used_ms());
        back.tick(30.0, true);
        back.tick(1_030.0, true);
        assert_eq!(back.used_ms(), 13_000.0);
        assert_eq!(MoveClock::resumed(-5.0).used_ms(), 0.0);
        assert_eq!(MoveClock::resumed(f64::INFINITY).used_ms(), 0.0);
    }
}

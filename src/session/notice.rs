//! Notices: what the app tells the player in passing (a time-out, another tab's move)
//! or until dismissed (unreadable data, storage off). Each notice has its own timer,
//! counted on the same injected monotonic clock as the move clock.

/// How long a passing notice stays on screen, in milliseconds.
pub const TRANSIENT_MS: f64 = 8_000.0;

/// One notice on screen: a number that identifies it (for dismissing it), what it says,
/// and when it goes away by itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Posted<N> {
    /// Unique within its [`Notices`], increasing.
    pub id: u64,
    /// What it says.
    pub notice: N,
    /// The instant (milliseconds of the injected clock) it goes away, `None` to stay
    /// until dismissed.
    pub expires_at: Option<f64>,
}

/// The notices on screen, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Notices<N> {
    posted: Vec<Posted<N>>,
    next_id: u64,
}

impl<N> Default for Notices<N> {
    fn default() -> Notices<N> {
        Notices {
            posted: Vec::new(),
            next_id: 1,
        }
    }
}

impl<N: PartialEq> Notices<N> {
    /// Shows `notice` at the instant `now_ms`; a passing one (`transient`) goes away
    /// [`TRANSIENT_MS`] later. An equal notice already on screen is replaced (so it is
    /// shown once, and its timer starts again). Returns the new notice's id.
    pub fn push(&mut self, notice: N, transient: bool, now_ms: f64) -> u64 {
        self.posted.retain(|p| p.notice != notice);
        let id = self.next_id;
        self.next_id += 1;
        self.posted.push(Posted {
            id,
            notice,
            expires_at: transient.then_some(now_ms + TRANSIENT_MS),
        });
        id
    }

    /// Removes the notices whose time is up at `now_ms`. Returns whether any went.
    pub fn expire(&mut self, now_ms: f64) -> bool {
        let before = self.posted.len();
        self.posted
            .retain(|p| p.expires_at.is_none_or(|at| now_ms < at));
        self.posted.len() != before
    }

    /// Removes the notice `id` (the player dismissed it); an unknown id does nothing.
    pub fn dismiss(&mut self, id: u64) {
        self.posted.retain(|p| p.id != id);
    }

    /// Removes every notice for which `f` is true.
    pub fn remove_where(&mut self, f: impl Fn(&N) -> bool) {
        self.posted.retain(|p| !f(&p.notice));
    }

    /// The notices on screen, oldest first.
    pub fn posted(&self) -> &[Posted<N>] {
        &self.posted
    }

    /// Whether `notice` is on screen.
    pub fn contains(&self, notice: &N) -> bool {
        self.posted.iter().any(|p| &p.notice == notice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_notice_keeps_its_own_timer() {
        let mut n = Notices::default();
        n.push("a", true, 0.0);
        n.push("b", true, 5_000.0);
        n.push("kept", false, 5_000.0);
        assert!(!n.expire(7_999.0));
        assert!(n.expire(8_000.0), "a's 8 s are up");
        let left: Vec<_> = n.posted().iter().map(|p| p.notice).collect();
        assert_eq!(left, ["b", "kept"]);
        n.expire(13_000.0);
        let left: Vec<_> = n.posted().iter().map(|p| p.notice).collect();
        assert_eq!(left, ["kept"], "b went 8 s after it was shown");
        n.expire(1e12);
        assert_eq!(n.posted().len(), 1, "a lasting notice stays");
    }

    #[test]
    fn a_repeated_notice_is_shown_once_and_stays_its_full_time() {
        // The old UI removed every equal notice 8 s after the *first* push, so a notice
        // repeated at 7 s vanished after 1 s.
        let mut n = Notices::default();
        let first = n.push("timeout", true, 0.0);
        let second = n.push("timeout", true, 7_000.0);
        assert_ne!(first, second);
        assert_eq!(n.posted().len(), 1);
        n.expire(8_000.0);
        assert!(n.contains(&"timeout"), "still there 1 s after the repeat");
        n.expire(15_000.0);
        assert!(!n.contains(&"timeout"));
    }

    #[test]
    fn dismiss_removes_only_that_notice() {
        let mut n = Notices::default();
        let a = n.push("a", false, 0.0);
        n.push("b", false, 0.0);
        n.dismiss(a);
        n.dismiss(999);
        assert_eq!(n.posted().len(), 1);
        assert_eq!(n.posted()[0].notice, "b");
    }
}

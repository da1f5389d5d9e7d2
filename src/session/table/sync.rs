//! Several tabs on one table: each change makes a new [`Revision`], and a tab takes
//! another tab's save only when its revision is newer ([`Table::storage_event`]).
//! Only the tab in charge (a Web Lock in the browser, [`Table::set_leader`]) asks the
//! CPU and acts when the clock runs out; the others follow what it saves. A tab asks
//! to be in charge of a table only while the table is on screen ([`ChargeLock`]), so a
//! tab that left a game for another does not keep its CPU from a tab that shows it.

use super::error::TableNotice;
use super::game::TableGame;
use super::saved::SavedTable;
use super::{Controller, Table};
use crate::session::clock::MoveClock;
use crate::session::storage;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One change of a table: a sequence number that only grows (saved with the table)
/// and the id of the page that made the change. Ordered by sequence, then page id, so
/// two tabs that change the table at once still make two different revisions and agree
/// on which is newer.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Revision {
    /// Changes made to this table since it was first created, on any page.
    pub seq: u64,
    /// The id of the page that made the change (random per page load).
    pub page: u64,
}

impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:x}", self.seq, self.page)
    }
}

impl<G: TableGame> Table<G> {
    /// This tab is (`true`) or is no longer the one in charge of the CPU and the clock.
    pub fn set_leader(&mut self, leader: bool) {
        self.leader = leader;
        self.refresh_request();
    }

    /// Another tab wrote the table (`text` is the new stored value, `None` if removed).
    ///
    /// A newer revision is taken whole (the game, seats, settings and clock); unless it
    /// only adds moves of CPU seats (made by the tab in charge), a passing notice says
    /// another tab changed the table; a game it finished shows its result. An older
    /// revision is ignored and this table is saved again, so storage keeps the newer
    /// one. The same revision from the tab in charge brings its clock. Text that cannot
    /// be read is ignored (this table stays, and is saved again at the next change).
    pub fn storage_event(&mut self, text: Option<&str>) {
        let Some(text) = text else { return };
        let Ok(remote) = storage::decode::<SavedTable<G>>(text, storage::TABLE_VERSION) else {
            return;
        };
        if remote.revision > self.revision {
            self.adopt(remote);
        } else if remote.revision < self.revision {
            self.request_save();
        } else if !self.leader {
            self.clock = MoveClock::resumed(remote.clock_used_ms);
        }
    }

    /// Whether the moves `remote` adds to this table's game were all made for CPU
    /// seats, with nothing else changed: what the tab in charge saves as the CPU plays.
    fn only_cpu_moves(&self, remote: &SavedTable<G>) -> bool {
        let continues = remote.game_number == self.game_number
            && remote.game.moves().starts_with(self.game.moves());
        continues
            && remote.settings == self.settings
            && remote
                .participants
                .iter()
                .map(|p| p.controller)
                .eq(self.participants.iter().map(|p| p.controller))
            && remote.seating == self.seating
            && {
                let mut replay = self.game.clone();
                remote.game.moves()[self.game.moves().len()..]
                    .iter()
                    .all(|&mv| {
                        let cpu = replay.side_to_move().is_some_and(|s| {
                            remote.participants[remote.seating[G::seat_index(s)]].controller
                                == Controller::Cpu
                        });
                        cpu && replay.play(mv).is_ok()
                    })
            }
    }

    fn adopt(&mut self, remote: SavedTable<G>) {
        let continues = remote.game_number == self.game_number
            && remote.game.moves().starts_with(self.game.moves());
        let was_over = continues && self.game.is_over();
        let moved = remote.game.moves() != self.game.moves() || !continues;
        // Tell the player when a person at another tab changed the table; the moves
        // the tab in charge makes for CPU seats are not news (no notice at every one).
        let news = !self.only_cpu_moves(&remote);
        if remote.game.is_over() && !was_over {
            self.result_dismissed = false;
        }
        self.settings = remote.settings;
        self.participants = remote.participants;
        self.seating = remote.seating;
        self.game = remote.game;
        self.game_number = remote.game_number;
        self.redo = remote.redo;
        self.stats = remote.stats;
        self.revision = remote.revision;
        self.clock = MoveClock::resumed(remote.clock_used_ms);
        self.clock_saved_ms = remote.clock_used_ms;
        self.timed_out = false;
        self.game_changed();
        self.picking.forget_proposal();
        if moved {
            self.picking.clear();
            self.last_report = None;
        }
        self.follow_review();
        if news {
            // A replay that goes on shows its move, not the latest position.
            self.notify(if self.replay_status().is_some() {
                TableNotice::OtherTabReplaying
            } else {
                TableNotice::OtherTab
            });
        }
        self.update_view_seat();
        self.refresh_request();
    }
}

/// What the page does with the Web Lock of a table after [`ChargeLock::want`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LockStep {
    /// Nothing: the lock is held, asked for, or neither held nor wanted already.
    Nothing,
    /// Ask for the lock (this tab is in charge once it is granted).
    Request,
    /// Give the lock back now: this tab is no longer in charge.
    Release,
}

/// What the page does with the Web Lock just granted ([`ChargeLock::granted`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Grant {
    /// Keep it: this tab is in charge until [`LockStep::Release`].
    Keep,
    /// Give it back at once: the table left the screen while the lock was asked for.
    GiveBack,
}

/// When a tab asks for, keeps and gives back the Web Lock that puts it in charge of a
/// table ([`Table::set_leader`]): it wants the lock while it may lead
/// ([`Table::may_lead`]: the table on screen, no dialog, no replay) and gives it back
/// when the player goes to another game or to the choice of a game, opens a dialog or
/// the rules, or replays the game, so that another tab showing that table takes over
/// its CPU and clock (a tab left in a replay does not keep the other's CPU waiting).
/// At most one request is outstanding: a lock granted after the table was hidden is
/// given back.
/// Where the browser refuses Web Locks, the tab is in charge alone and this asks
/// nothing more.
#[derive(Clone, Copy, Default, Debug)]
pub struct ChargeLock {
    wanted: bool,
    requested: bool,
    held: bool,
    alone: bool,
}

impl ChargeLock {
    /// The table may lead (`true`: the lock is wanted, [`Table::may_lead`]) or not.
    pub fn want(&mut self, wanted: bool) -> LockStep {
        self.wanted = wanted;
        if self.alone {
            LockStep::Nothing
        } else if wanted && !self.held && !self.requested {
            self.requested = true;
            LockStep::Request
        } else if !wanted && self.held {
            self.held = false;
            LockStep::Release
        } else {
            LockStep::Nothing
        }
    }

    /// The lock asked for is granted.
    pub fn granted(&mut self) -> Grant {
        self.requested = false;
        if self.wanted && !self.alone {
            self.held = true;
            Grant::Keep
        } else {
            Grant::GiveBack
        }
    }

    /// The browser refused the request (site data blocked, a sandboxed frame): no other
    /// tab can share the table, so this tab is in charge alone from now on.
    pub fn refused(&mut self) {
        self.requested = false;
        self.alone = true;
    }

    /// Whether this tab holds the lock now (for the tests: the page acts on
    /// [`LockStep`] and [`Grant`]).
    #[cfg(test)]
    fn holds(&self) -> bool {
        self.held
    }
}

#[cfg(test)]
mod charge_tests {
    use super::{ChargeLock, Grant, LockStep};

    #[test]
    fn the_lock_is_held_while_the_table_is_shown() {
        let mut lock = ChargeLock::default();
        assert_eq!(lock.want(true), LockStep::Request);
        assert_eq!(lock.want(true), LockStep::Nothing, "one request at a time");
        assert_eq!(lock.granted(), Grant::Keep);
        assert!(lock.holds());
        assert_eq!(lock.want(false), LockStep::Release);
        assert!(!lock.holds());
        assert_eq!(lock.want(false), LockStep::Nothing);
        assert_eq!(
            lock.want(true),
            LockStep::Request,
            "shown again: asked again"
        );
        assert_eq!(lock.granted(), Grant::Keep);
    }

    #[test]
    fn a_lock_granted_after_the_table_left_is_given_back() {
        let mut lock = ChargeLock::default();
        assert_eq!(lock.want(true), LockStep::Request);
        assert_eq!(lock.want(false), LockStep::Nothing, "nothing held yet");
        assert_eq!(lock.granted(), Grant::GiveBack);
        assert!(!lock.holds());
        // Hidden then shown again while the request waits: that request will do.
        assert_eq!(lock.want(true), LockStep::Request);
        assert_eq!(lock.want(false), LockStep::Nothing);
        assert_eq!(lock.want(true), LockStep::Nothing, "still asked for");
        assert_eq!(lock.granted(), Grant::Keep);
    }

    #[test]
    fn a_refused_lock_leaves_the_tab_alone_in_charge() {
        let mut lock = ChargeLock::default();
        assert_eq!(lock.want(true), LockStep::Request);
        lock.refused();
        assert_eq!(lock.want(false), LockStep::Nothing);
        assert_eq!(lock.want(true), LockStep::Nothing, "not asked again");
        assert!(!lock.holds());
    }
}

//! Looking back and going forward at a table: replaying the game move by move (or a
//! game opened from a share link) while the live game waits, taking back and redoing
//! moves, loading a game in place of the one in progress, and the statistics.

use super::history::game_at;
use super::stats::{Against, Stats};
use super::{Controller, Table, TableError, TableGame, TableNotice};
use crate::engine::Undone;
use crate::record::text::{MoveAt, last_move_at};

/// The game being replayed: its position after `ply` moves.
#[derive(Clone, Debug)]
pub(super) struct Review<G> {
    /// A game opened from a share link, shown in place of the table's own; `None` when
    /// the table's own game is replayed.
    pub(super) shared: Option<G>,
    /// The share link's payload the shared game was opened from ([`Table::open_link`]),
    /// kept so that a reload of the page can open it again ([`Table::shared_link`]).
    pub(super) link: Option<String>,
    /// Moves shown, from 0 (the start).
    pub(super) ply: usize,
    /// The game after `ply` moves.
    pub(super) shown: G,
}

/// What the replay line tells (`status` while replaying): the move the board shows,
/// numbered as the move list numbers it, and how far into the game it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayStatus<S> {
    /// The last move shown, as the move list and the record number it
    /// ([`crate::record::text::RecordText::move_number`]: Hasami in pairs, `1. e1e5 e9e6`,
    /// Yonin by the move count), with the seat that played it; `None` at the start.
    pub at: Option<MoveAt<S>>,
    /// Moves shown, from 0 (the start); each player's move counts one.
    pub ply: usize,
    /// Moves of the game replayed, each player's move one.
    pub total: usize,
    /// Whether the game replayed is a shared game shown in place of the table's own.
    pub shared: bool,
}

/// A step of the replay buttons and keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayStep {
    /// The start (Home).
    First,
    /// One move back (Left).
    Previous,
    /// One move on (Right).
    Next,
    /// The last move (End): back to the game, for the table's own game.
    Last,
}

impl<G: TableGame> Table<G> {
    /// Moves shown while replaying, `None` in live play.
    pub fn replay_ply(&self) -> Option<usize> {
        self.review.as_ref().map(|r| r.ply)
    }

    /// Whether a game opened from a share link is shown (until it is continued here or
    /// closed).
    pub fn shows_shared(&self) -> bool {
        self.review.as_ref().is_some_and(|r| r.shared.is_some())
    }

    /// The payload of the share link (a URL fragment without its `#`) whose game is
    /// shown ([`Table::open_link`]), `None` when no shared game is shown or it was not
    /// opened from a link. The page keeps it for this tab while it is `Some`, so that a
    /// reload shows the shared game again (its fragment was removed from the address).
    pub fn shared_link(&self) -> Option<&str> {
        // Set only beside a shared game, and taken with it (`replay_to`).
        self.review.as_ref()?.link.as_deref()
    }

    /// Whether "New game" is offered: not while a shared game is shown, since the game
    /// it would replace (the table's, [`Table::new_game`]) is not the one on screen.
    pub fn can_start_new_game(&self) -> bool {
        !self.shows_shared()
    }

    /// The game replayed: the shared game when one is shown, else the table's own.
    pub fn replayed(&self) -> &G {
        self.review
            .as_ref()
            .and_then(|r| r.shared.as_ref())
            .unwrap_or(&self.game)
    }

    /// The game whose last move the screen-reader line tells: the table's own, or `None`
    /// while a shared game is shown in its place (the replay line then tells which move
    /// of which game is on the board).
    pub fn announced_game(&self) -> Option<&G> {
        (!self.shows_shared()).then_some(&self.game)
    }

    /// What the replay line tells ([`ReplayStatus`]), `None` in live play.
    pub fn replay_status(&self) -> Option<ReplayStatus<G::Seat>> {
        let ply = self.replay_ply()?;
        Some(ReplayStatus {
            at: last_move_at(self.shown_game()),
            ply,
            total: self.replayed().moves().len(),
            shared: self.shows_shared(),
        })
    }

    /// The game as the board shows it: the position replayed, or the live game.
    pub fn shown_game(&self) -> &G {
        self.review.as_ref().map_or(&self.game, |r| &r.shown)
    }

    /// Shows the replayed game after `ply` moves. For the table's own game, `ply` at (or
    /// past) its last move returns to live play; a shared game stays shown, at most at
    /// its last move. While replaying, the board takes no moves, the clock stops and
    /// the CPU waits.
    pub fn replay_to(&mut self, ply: usize) {
        let (shared, link) = self
            .review
            .as_mut()
            .map_or((None, None), |r| (r.shared.take(), r.link.take()));
        let source = shared.as_ref().unwrap_or(&self.game);
        let len = source.moves().len();
        if shared.is_none() && ply >= len {
            self.exit_replay();
            return;
        }
        let ply = ply.min(len);
        let shown = game_at(source, ply);
        self.pause_while(|t| {
            t.review = Some(Review {
                shared,
                link,
                ply,
                shown,
            });
            t.picking.clear();
        });
    }

    /// One step of the replay from where it stands (from the live game's last move when
    /// not replaying).
    pub fn replay_step(&mut self, step: ReplayStep) {
        let len = self.replayed().moves().len();
        let at = self.replay_ply().unwrap_or(len);
        let to = match step {
            ReplayStep::First => 0,
            ReplayStep::Previous => at.saturating_sub(1),
            ReplayStep::Next => at + 1,
            ReplayStep::Last => len,
        };
        if to != at || self.review.is_some() {
            self.replay_to(to);
        }
    }

    /// Back to the live game (a shared game shown is closed; the table's own game was
    /// never touched).
    pub fn exit_replay(&mut self) {
        if self.review.is_some() {
            self.pause_while(|t| t.review = None);
        }
    }

    /// Shows `game`, opened from a share link, at its last move, without touching the
    /// table's own game (see [`Table::continue_shared`]).
    pub fn open_shared(&mut self, game: G) {
        let ply = game.moves().len();
        self.pause_while(|t| {
            t.review = Some(Review {
                shared: Some(game.clone()),
                link: None,
                ply,
                shown: game,
            });
            t.picking.clear();
        });
    }

    /// [`Table::open_shared`] of `game`, read from the share link `payload`
    /// ([`Table::shared_link`]).
    pub(super) fn open_shared_link(&mut self, game: G, payload: &str) {
        self.open_shared(game);
        if let Some(review) = self.review.as_mut() {
            review.link = Some(payload.to_owned());
        }
    }

    /// Continues the shared game shown as this table's game, in place of the game in
    /// progress (the player has confirmed). Returns whether there was one.
    pub fn continue_shared(&mut self) -> bool {
        match self.review.as_mut().and_then(|r| r.shared.take()) {
            Some(game) => {
                self.load_game(game);
                true
            }
            None => false,
        }
    }

    /// [`Table::load_game`] of a record the player imported, told by a passing notice
    /// ([`TableNotice::Imported`]): the dialog closes, and the board may not change
    /// (the same game loaded again), so the player knows it worked.
    pub fn import_game(&mut self, game: G) {
        let moves = game.moves().len();
        self.load_game(game);
        self.notices
            .remove_where(|n| matches!(n, TableNotice::Imported { .. }));
        self.notify(TableNotice::Imported { moves });
    }

    /// Makes `game` the table's game, as a new game at the table (an imported record,
    /// a shared game continued): replay ends, nothing is left to redo, and the move may
    /// be the CPU's. The settings are untouched: when `game`'s rules differ from them,
    /// the panel says they apply from the next game.
    pub fn load_game(&mut self, game: G) {
        self.review = None;
        self.finishing = false;
        self.redo.clear();
        self.game = game;
        self.game_number += 1;
        self.new_turn();
        self.result_dismissed = self.game.is_over();
        self.last_report = None;
        self.view_seat = self.home_seat();
        self.update_view_seat();
        self.changed();
    }

    /// After the live game changed under a replay of it (another tab's move or
    /// take-back): the replay stays at its move when it still exists, else returns to
    /// live play.
    pub(super) fn follow_review(&mut self) {
        let Some(review) = &self.review else { return };
        if review.shared.is_some() {
            return;
        }
        let ply = review.ply;
        if ply >= self.game.moves().len() {
            self.review = None;
        } else {
            self.review = Some(Review {
                shared: None,
                link: None,
                ply,
                shown: game_at(&self.game, ply),
            });
        }
    }

    // ------------------------------------------------------------------------------
    // Take-back and redo
    // ------------------------------------------------------------------------------

    /// Whether take-backs are allowed at this table (the *take-backs* setting).
    pub fn takebacks_allowed(&self) -> bool {
        self.settings.table.take_backs
    }

    /// Whether a take-back is possible now: take-backs are allowed, a person is at the
    /// table, nothing is being replayed, and there is a move (or a resignation) to take
    /// back.
    pub fn can_take_back(&self) -> bool {
        self.takebacks_allowed()
            && self.review.is_none()
            && self.someone_at_the_table()
            && (!self.game.moves().is_empty() || self.game.is_over())
    }

    /// Whether a redo is possible now: moves taken back wait to be played again, and
    /// take-backs are allowed, a person is at the table and nothing is being replayed.
    pub fn can_redo(&self) -> bool {
        self.takebacks_allowed()
            && self.review.is_none()
            && self.someone_at_the_table()
            && !self.redo.is_empty()
    }

    /// Moves taken back that a redo would play again, the next first.
    pub fn redo_moves(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.redo.iter().rev().copied()
    }

    /// Takes back moves until a person is to move: against the CPU, the CPU's reply and
    /// the person's move; in pass-and-play, one move. A resignation is taken back
    /// alone. A result counted for the game taken back is uncounted. The moves taken
    /// back can be played again by [`Table::redo`] until another move is made. A CPU
    /// thinking meanwhile is cancelled (its answer is stale).
    ///
    /// # Errors
    /// [`TableError::NothingToTakeBack`] when [`Table::can_take_back`] is false.
    pub fn take_back(&mut self) -> Result<(), TableError<G::PlayError>> {
        if !self.can_take_back() {
            return Err(TableError::NothingToTakeBack);
        }
        self.count_result(-1);
        while let Some(undone) = self.game.undo() {
            match undone {
                Undone::Resignation => break,
                Undone::Move(mv) => self.redo.push(mv),
            }
            if self.human_to_move_ignoring_time() {
                break;
            }
        }
        self.new_turn();
        self.last_report = None;
        self.result_dismissed = false;
        self.update_view_seat();
        self.changed();
        Ok(())
    }

    /// Plays again what the last take-back took back, until a person is to move (one
    /// move in pass-and-play; the person's move and the CPU's reply against the CPU).
    ///
    /// # Errors
    /// [`TableError::NothingToRedo`] when [`Table::can_redo`] is false;
    /// [`TableError::Play`] when a move waiting to be redone is refused (the game
    /// changed meanwhile): nothing is left to redo then.
    pub fn redo(&mut self) -> Result<(), TableError<G::PlayError>> {
        if !self.can_redo() {
            return Err(TableError::NothingToRedo);
        }
        while let Some(&mv) = self.redo.last() {
            match self.game.play(mv) {
                Ok(report) => self.after_move(&report),
                Err(error) => {
                    self.redo.clear();
                    return Err(TableError::Play(error));
                }
            }
            if self.human_to_move_ignoring_time() || self.game.is_over() {
                break;
            }
        }
        Ok(())
    }

    /// A move was made: it is the next move to redo (the rest can still be redone), or
    /// a new move (nothing is left to redo).
    pub(super) fn forget_redo_unless(&mut self, mv: G::Move) {
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
    }

    // ------------------------------------------------------------------------------
    // Statistics
    // ------------------------------------------------------------------------------

    /// The results of the people at this table on this device.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Forgets the statistics (the player has confirmed).
    pub fn reset_stats(&mut self) {
        if !self.stats.is_empty() {
            self.stats = Stats::default();
            self.request_save();
        }
    }

    /// Who the people at the table play against: the strongest CPU level among the CPU
    /// seats, or other people only.
    pub fn against(&self) -> Against {
        G::SEATS
            .iter()
            .map(|&s| self.participant(s))
            .filter(|p| p.controller == Controller::Cpu)
            .map(|p| p.level)
            .max()
            .map_or(Against::People, Against::Cpu)
    }

    /// Counts (`delta` = 1) or uncounts (-1) the result of the finished game: the wins
    /// of the participants and the statistics of the person seats.
    /// A table playing by link counts nothing: each device would count the game
    /// differently (the one that saw its end live, or opened it later), and link games
    /// stay apart from the pass-and-play statistics.
    pub(super) fn count_result(&mut self, delta: i32) {
        if self.link.is_some() {
            return;
        }
        let Some(outcome) = self.game.outcome() else {
            return;
        };
        for seat in G::winners(&outcome) {
            let i = self.participant_of(seat);
            let wins = &mut self.participants[i].wins;
            *wins = if delta >= 0 {
                wins.saturating_add(1)
            } else {
                wins.saturating_sub(1)
            };
        }
        let standings: Vec<_> = G::SEATS
            .iter()
            .filter(|&&s| self.controller(s) == Controller::Human)
            .map(|&s| G::standing(&self.game, &outcome, s))
            .collect();
        if !standings.is_empty() {
            let against = self.against();
            self.stats.count(against, &standings, delta);
        }
    }
}

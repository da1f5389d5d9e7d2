//! The CPU's side of a table: when it is asked to move ([`CpuRequest`], one per
//! revision, only in the tab in charge, with no dialog open), and how its answer is
//! played ([`Table::cpu_answer`]): only for the revision it was asked in, so an answer
//! for an older position is never played.

use super::error::{TableError, TableNotice};
use super::game::TableGame;
use super::{Controller, Revision, Table};
use crate::ai::{Clock, Level, THINK_TIMES_MS, Think};

/// Why the CPU is asked to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CpuReason {
    /// The CPU plays the seat to move.
    Turn,
    /// The person to move ran out of time; the CPU moves for them (RULES H5.1).
    Timeout,
}

/// A request for the CPU: the game to think about, for which revision of the table, and
/// the seed to think with. Its answer goes back through [`Table::cpu_answer`] with
/// `revision`.
#[derive(Clone, Debug)]
pub struct CpuRequest<G: TableGame> {
    /// Identifies this request among those of the table (a new request, even for the
    /// same revision, gets a new id, e.g. after a dialog closed).
    pub id: u64,
    /// The revision the answer must carry.
    pub revision: Revision,
    /// A copy of the game.
    pub game: G,
    /// The seat the CPU moves for.
    pub seat: G::Seat,
    /// Why.
    pub reason: CpuReason,
    /// The seed of the search (from the revision, so a replay gives the same moves).
    pub seed: u64,
    /// The level the CPU plays at (the seat's; [`TIMEOUT_LEVEL`] when it moves for a
    /// person out of time).
    pub level: Level,
    /// Think time of the top level, in milliseconds.
    pub think_ms: u32,
}

/// How long to hold the CPU's answer before playing it, in milliseconds: the CPU is
/// asked at once and thinks while the last move is on show, and its answer is played no
/// sooner than `pause_ms` after it was asked (`asked_ms`, `now_ms` on the same monotonic
/// clock). So the pause and the thinking overlap: a quick answer waits out the pause, a
/// slow one is played as soon as it comes. Never negative; 0 for clocks that are not
/// numbers.
pub fn answer_delay_ms(asked_ms: f64, now_ms: f64, pause_ms: u32) -> f64 {
    let delay = asked_ms + f64::from(pause_ms) - now_ms;
    if delay.is_finite() {
        delay.max(0.0)
    } else {
        0.0
    }
}

/// The level the CPU plays at when it moves for a person whose time ran out: strong,
/// as it was while strong was the default level (a new CPU seat is casual now,
/// [`Level::default`]; a timed-out person's move is not the CPU opponent's).
pub const TIMEOUT_LEVEL: Level = Level::Strong;

impl<G: TableGame> CpuRequest<G> {
    /// Computes the answer on this thread, bounded in wall time by `clock` if given
    /// (the seam a Web Worker takes over).
    pub fn think(&self, clock: Option<&dyn Clock>) -> Option<G::Move> {
        self.game.cpu_move(&Think {
            level: self.level,
            think_ms: self.think_ms,
            seed: self.seed,
            clock,
        })
    }
}

impl<G: TableGame> Table<G> {
    /// The request the CPU should answer now, if any (only in the tab in charge, with
    /// no dialog open, while the game is on and the CPU moves).
    pub fn cpu_request(&self) -> Option<&CpuRequest<G>> {
        self.pending.as_ref()
    }

    /// How long the CPU waits before it answers, in milliseconds, so that people can
    /// see the position it answers: 450 with a person at the table, 250 when the CPU
    /// plays every seat (there is only watching to do, and a game takes hundreds of
    /// moves).
    /// None while finishing a game at once ([`Table::finish_now`]).
    pub fn cpu_pause_ms(&self) -> u32 {
        if self.finishing {
            0
        } else if self.someone_at_the_table() {
            450
        } else {
            250
        }
    }

    /// Plays the CPU's answer `mv` to the request made for `revision`.
    ///
    /// # Errors
    /// [`TableError::Stale`] if no request for `revision` is pending (a move, take-back,
    /// new game, seat or settings change came in between, another tab took over, or a
    /// dialog is open); [`TableError::Play`] if the engine refuses the move. Nothing
    /// changes on error.
    pub fn cpu_answer(
        &mut self,
        revision: Revision,
        mv: G::Move,
    ) -> Result<G::Report, TableError<G::PlayError>> {
        let request = match &self.pending {
            Some(r) if r.revision == revision && r.revision == self.revision => r,
            _ => return Err(TableError::Stale),
        };
        let (seat, reason) = (request.seat, request.reason);
        let report = self.game.play(mv).map_err(TableError::Play)?;
        let for_person = reason == CpuReason::Timeout && self.controller(seat) == Controller::Human;
        self.after_move(&report);
        if for_person {
            self.notify(TableNotice::Timeout { seat });
        }
        Ok(report)
    }

    /// Makes the pending CPU request match the table: one request per revision while
    /// this tab is in charge, no dialog is open and the CPU is to move.
    pub(super) fn refresh_request(&mut self) {
        let seat = match self.game.side_to_move() {
            Some(s) if self.leader && self.may_lead() => s,
            _ => {
                self.pending = None;
                return;
            }
        };
        let reason = if self.away(seat) {
            self.pending = None;
            return;
        } else if self.controller(seat) == Controller::Cpu {
            CpuReason::Turn
        } else if self.timed_out {
            CpuReason::Timeout
        } else {
            self.pending = None;
            return;
        };
        if self
            .pending
            .as_ref()
            .is_some_and(|r| r.revision == self.revision && r.reason == reason)
        {
            return;
        }
        let id = self.next_request_id;
        self.next_request_id += 1;
        let player = self.participant(seat);
        let (level, think_ms) = match reason {
            CpuReason::Turn => (player.level, player.think_ms),
            CpuReason::Timeout => (TIMEOUT_LEVEL, THINK_TIMES_MS[0]),
        };
        self.pending = Some(CpuRequest {
            level,
            think_ms,
            id,
            revision: self.revision,
            game: self.game.clone(),
            seat,
            reason,
            seed: self.revision.seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.revision.page,
        });
    }
}

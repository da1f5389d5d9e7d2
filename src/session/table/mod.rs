//! The table controller, one for both games: everything that happens between two
//! clicks. It holds the game, the seats (a person or the CPU), the settings, the
//! pick, the pending CPU request, the move clock, the notices and what must be saved,
//! and it is driven by plain method calls:
//!
//! | event | method |
//! |---|---|
//! | a click on a square, a hand piece, a promotion choice | [`Table::click_square`], [`Table::click_hand`], [`Table::choose_promotion`] |
//! | the held move confirmed or cancelled (*confirm moves* on) | [`Table::confirm_move`], [`Table::cancel_move`] |
//! | the CPU's answer | [`Table::cpu_answer`] |
//! | a tick of the monotonic clock (ms) | [`Table::tick`] |
//! | another tab saved the table | [`Table::storage_event`] |
//! | a modal dialog opened or closed | [`Table::set_modal`] |
//! | this tab became the one in charge | [`Table::set_leader`] |
//! | a save was written or failed | [`Table::save_done`] |
//!
//! The browser UI renders it and forwards events; it decides nothing about the game.
//! What differs between the games is behind [`TableGame`]. The parts, each in its
//! module: the settings panel ([`settings`]), saving and older formats ([`saved`],
//! [`game`]), the pick and the held move ([`picking`]), the CPU's requests
//! ([`cpu_request`]), other tabs ([`sync`]), refusals and notices ([`error`]).
//!
//! **Revisions.** Every change that makes a pending CPU answer stale (a move, a
//! take-back, a new game, a seat change, a settings change) gives the table a new
//! [`Revision`]: a sequence number that only grows, saved with the table, paired with
//! the id of the page that made the change, so two tabs never make the same revision.
//! A CPU answer is played only for the current revision; another tab's save is taken
//! only if its revision is newer.

pub mod cpu_request;
pub mod error;
pub mod game;
pub mod history;
pub mod link;
pub mod picking;
pub mod records;
pub mod review;
pub mod saved;
pub mod settings;
pub mod since;
pub mod stats;
pub mod sync;

#[cfg(test)]
mod tests;

pub use cpu_request::{CpuReason, CpuRequest};
pub use error::{Refusal, TableError, TableNotice};
pub use game::{LegacyError, LegacyFormat, PieceStyleChoice, SettingsOf, TableGame};
pub use link::LinkSeats;
pub use picking::{Click, Dests, Selection, Source};
pub use records::{
    ImportFault, LinkProblem, link_elsewhere_in_text, link_in_text, link_of_fragment,
    other_games_record, read_import, record_file_name,
};
pub use review::{ReplayStatus, ReplayStep};
pub use saved::{SavedTable, SavedTableError};
pub use settings::{PanelRules, Settings, SettingsError, TableSettings, TimePerMove, ViewMode};
pub use since::{SinceMove, since_plies};
pub use stats::{Against, Standing, Stats, StatsRow};
pub use sync::{ChargeLock, Grant, LockStep, Revision};

use crate::ai::{Level, THINK_TIMES_MS};
use crate::engine::{Square, SquareSet};
use crate::session::clock::MoveClock;
use crate::session::feedback::{MoveFeedback, MoveMotion};
use crate::session::notice::Notices;
use crate::session::storage::{self, LoadError, StorageError};
use picking::{Picking, Turn};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Whom the table tells "your move" ([`Table::your_move`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum YourMove<S> {
    /// The only person at the table.
    Only,
    /// One of several people sharing the device: this seat's.
    Seat(S),
    /// One of several people sharing the device: this seat's, and the last move made
    /// by a person was another seat's, so the device goes to this seat's person (in a
    /// game of more than two seats, where whom it goes to is not always the same).
    HandTo(S),
}

/// Who makes the moves of a seat (RULES H5.2, Y8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Controller {
    /// A person at this device.
    Human,
    /// The CPU.
    Cpu,
}

/// One participant of the table. Participants keep their identity across games while
/// the seat they play may change (RULES H1.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Participant {
    /// Who moves for this participant.
    pub controller: Controller,
    /// Games won (or first places) at this table.
    pub wins: u32,
    /// How strong the CPU plays when it moves for this participant. A save without it
    /// (version 1) is read as [`Level::SAVED_DEFAULT`], strong, the default when it was
    /// written, not today's default for a new seat.
    #[serde(default = "saved_default_level")]
    pub level: Level,
    /// Think time of [`Level::Master`] in milliseconds, one of [`THINK_TIMES_MS`].
    #[serde(default = "default_think_ms")]
    pub think_ms: u32,
}

impl Participant {
    /// A participant who has won nothing yet, played by `controller` at the default
    /// level for a new seat, casual ([`Level::default`]), so that a first game against
    /// the CPU is not a strong one.
    pub const fn new(controller: Controller) -> Participant {
        Participant {
            controller,
            wins: 0,
            level: Level::Casual,
            think_ms: THINK_TIMES_MS[0],
        }
    }
}

/// The level of a saved participant without one ([`Level::SAVED_DEFAULT`]).
const fn saved_default_level() -> Level {
    Level::SAVED_DEFAULT
}

const fn default_think_ms() -> u32 {
    THINK_TIMES_MS[0]
}

/// How often the time used on a running clock is saved, in milliseconds, so a reload
/// or a closed tab loses at most this much of it.
pub const CLOCK_SAVE_MS: f64 = 5_000.0;

/// A table: see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Table<G: TableGame> {
    settings: SettingsOf<G>,
    participants: Vec<Participant>,
    seating: Vec<usize>,
    game: G,
    game_number: u64,
    revision: Revision,
    /// This page's id (random per page load).
    page: u64,
    clock: MoveClock,
    /// The clock's time used when the table was last saved.
    clock_saved_ms: f64,
    /// The time of the seat to move ran out this turn: the CPU moves for it.
    timed_out: bool,
    /// The legal moves of the game as it stands, computed once per position.
    dests: OnceLock<Dests<G>>,
    /// The pick and the move held for confirmation.
    picking: Picking<G>,
    modal_open: bool,
    /// The table is on screen (not another game's).
    shown: bool,
    leader: bool,
    result_dismissed: bool,
    view_seat: G::Seat,
    pending: Option<CpuRequest<G>>,
    next_request_id: u64,
    last_report: Option<G::Report>,
    /// Moves made on this page (a person's or the CPU's), for [`MoveFeedback::id`].
    moves_here: u64,
    /// *Confirm moves* (an app preference): a chosen move is held until confirmed.
    confirm_moves: bool,
    notices: Notices<TableNotice<G::Seat>>,
    /// Bumped whenever the table should be written.
    save_generation: u64,
    /// Saving is off: the stored table is from a newer version, or storage is blocked.
    save_blocked: bool,
    now_ms: f64,
    /// The game being replayed, if any.
    review: Option<review::Review<G>>,
    /// Moves taken back that can be played again, the next last.
    redo: Vec<G::Move>,
    /// The results of the people at this table.
    stats: Stats,
    /// The rest of the game is being played at once ([`Table::finish_now`]).
    finishing: bool,
    /// Who plays the seats when the table plays a game by link ([`link`]).
    link: Option<LinkSeats<G::Seat>>,
    /// The moves the link opened last added ([`Table::link_applied`]).
    link_applied: usize,
}

impl<G: TableGame> Table<G> {
    /// A table with a first game under `settings`: the first seat is a person, the others
    /// the CPU. `page` is this page's random id (see [`Revision`]).
    pub fn new(settings: SettingsOf<G>, page: u64) -> Table<G> {
        let n = G::SEATS.len();
        let participants = (0..n)
            .map(|i| {
                Participant::new(if i == 0 {
                    Controller::Human
                } else {
                    Controller::Cpu
                })
            })
            .collect();
        let game = G::next_game(&settings, None, false);
        Table::restore(
            SavedTable {
                settings,
                participants,
                seating: (0..n).collect(),
                game,
                game_number: 1,
                revision: Revision { seq: 0, page },
                clock_used_ms: 0.0,
                redo: Vec::new(),
                stats: Stats::default(),
                result_dismissed: false,
            },
            page,
        )
    }

    /// A table as it was saved; `page` is this page's random id.
    pub fn restore(saved: SavedTable<G>, page: u64) -> Table<G> {
        let mut t = Table {
            settings: saved.settings,
            participants: saved.participants,
            seating: saved.seating,
            view_seat: G::SEATS[0],
            game: saved.game,
            game_number: saved.game_number,
            revision: saved.revision,
            page,
            clock: MoveClock::resumed(saved.clock_used_ms),
            clock_saved_ms: saved.clock_used_ms,
            timed_out: false,
            dests: OnceLock::new(),
            picking: Picking::default(),
            modal_open: false,
            shown: true,
            leader: false,
            result_dismissed: saved.result_dismissed,
            pending: None,
            next_request_id: 1,
            last_report: None,
            moves_here: 0,
            confirm_moves: false,
            notices: Notices::default(),
            save_generation: 0,
            save_blocked: false,
            now_ms: 0.0,
            review: None,
            redo: saved.redo,
            stats: saved.stats,
            finishing: false,
            link: None,
            link_applied: 0,
        };
        t.view_seat = t.home_seat();
        t.update_view_seat();
        t
    }

    /// The table of a page that opens: the one stored as `text` (any version
    /// [`SavedTable::open`] reads), or a new one when nothing is stored. With nothing
    /// stored, the settings of a [`TableGame::legacy`] format (`legacy_settings`) still
    /// give the settings.
    ///
    /// Returns the table and, when `text` could not be used, why: the caller keeps the
    /// text aside (except for a newer version, left where it is) and reports it with
    /// [`Table::load_failed`]. A table whose only damage is its choice of pieces opens
    /// with the default pieces and the notice [`TableNotice::PiecesReset`]; one whose
    /// game's last moves do not replay opens with the moves before them
    /// ([`SavedTable::open_good_moves`], [`TableNotice::Recovered`]), the error still
    /// returned so that the text is kept aside.
    pub fn open(
        text: Option<&str>,
        legacy_settings: Option<&str>,
        page: u64,
    ) -> (Table<G>, Option<LoadError>) {
        let Some(text) = text else {
            let settings = legacy_settings
                .and_then(|s| storage::decode::<SettingsOf<G>>(s, 1).ok())
                .unwrap_or_default();
            return (Table::new(settings, page), None);
        };
        match SavedTable::open(text, legacy_settings) {
            Ok(saved) => (Table::restore(saved, page), None),
            Err(error) => match SavedTable::open_without_pieces(text) {
                // Only the choice of pieces was damaged: keep the game.
                Some(saved) => {
                    let mut table = Table::restore(saved, page);
                    table.notify(TableNotice::PiecesReset);
                    (table, None)
                }
                // Only some moves at the game's end were damaged: the game before them.
                None => match SavedTable::open_good_moves(text) {
                    Some((saved, moves)) => {
                        let mut table = Table::restore(saved, page);
                        table.notify(TableNotice::Recovered {
                            moves,
                            error: error.clone(),
                            kept: false,
                        });
                        table.request_save();
                        (table, Some(error))
                    }
                    None => (Table::new(SettingsOf::<G>::default(), page), Some(error)),
                },
            },
        }
    }

    // ------------------------------------------------------------------------------
    // What the UI draws
    // ------------------------------------------------------------------------------

    /// The game in progress (or just finished).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The settings panel.
    pub fn settings(&self) -> &SettingsOf<G> {
        &self.settings
    }

    /// The current revision.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// Games started at this table, 1 for the first.
    pub fn game_number(&self) -> u64 {
        self.game_number
    }

    /// The participants, in participant order.
    pub fn participants(&self) -> &[Participant] {
        &self.participants
    }

    /// The index of the participant in `seat` in this game.
    pub fn participant_of(&self, seat: G::Seat) -> usize {
        self.seating[G::seat_index(seat)]
    }

    /// The participant in `seat`.
    pub fn participant(&self, seat: G::Seat) -> Participant {
        self.participants[self.participant_of(seat)]
    }

    /// Who moves for `seat` in this game.
    pub fn controller(&self, seat: G::Seat) -> Controller {
        self.participant(seat).controller
    }

    /// Whether the game has begun: a move was played (or taken back and may be
    /// redone), or it is over. Before, a rule change applies to it at once.
    pub fn has_begun(&self) -> bool {
        !self.game.moves().is_empty() || !self.redo.is_empty() || self.game.is_over()
    }

    /// Whether the rules in the settings differ from those of the game in progress, so
    /// they will apply from the next game.
    pub fn rules_pending(&self) -> bool {
        self.settings.rules != self.game.rules()
    }

    /// Whether a person may move now: the game is on, a person plays the seat to move,
    /// and their time has not run out.
    pub fn human_to_move(&self) -> bool {
        !self.timed_out && self.human_to_move_ignoring_time()
    }

    /// Whom to tell that it is their move: `None` unless a person may move now (and
    /// nothing is being replayed); [`YourMove::Only`] when they are the only person at
    /// the table, [`YourMove::Seat`] when several people share the device (so it says
    /// whose turn it is), [`YourMove::HandTo`] when it also passes to another person.
    pub fn your_move(&self) -> Option<YourMove<G::Seat>> {
        if self.review.is_some() || !self.human_to_move() {
            return None;
        }
        let seat = self.game.side_to_move()?;
        Some(if self.humans().len() == 1 {
            YourMove::Only
        } else if self.hands_over_to(seat) {
            YourMove::HandTo(seat)
        } else {
            YourMove::Seat(seat)
        })
    }

    /// The legal moves of the game as it stands, by where they start (computed once
    /// per position; empty when the game is over).
    pub fn dests(&self) -> &Dests<G> {
        self.dests.get_or_init(|| Dests::of(&self.game))
    }

    /// What the player has picked.
    pub fn selection(&self) -> Selection<G::HandPiece> {
        self.picking.selection()
    }

    /// The squares the picked piece can go to (empty when nothing is picked or a person
    /// may not move), whether or not the settings mark them.
    pub fn destinations(&self) -> SquareSet {
        self.picking.destinations(&self.turn())
    }

    /// The time per move left to the seat to move, in milliseconds, when the clock
    /// counts (a time per move is set, the game is on and a person is to move).
    pub fn remaining_ms(&self) -> Option<f64> {
        let limit = self.settings.table.time_per_move.millis()?;
        let seat = self.game.side_to_move()?;
        (self.controller(seat) == Controller::Human).then(|| self.clock.remaining_ms(limit))
    }

    /// Whether this tab may be in charge of the CPU and the clock: the table is on
    /// screen, with no dialog open (the rules page included) and its game not replayed.
    /// A tab that may not gives the Web Lock to another tab that shows the table
    /// ([`ChargeLock`]), so a player in that tab is answered.
    pub fn may_lead(&self) -> bool {
        self.shown && !self.modal_open && self.review.is_none()
    }

    /// Whether the status should say the CPU is thinking: the game is on, no person may
    /// move now (the CPU's seat is to move, or a person's time ran out and the CPU moves
    /// for them), and nothing holds the CPU back ([`Table::may_lead`]: a dialog open,
    /// the table hidden or replayed). A tab not in charge says so too: the tab in charge
    /// thinks. False for a seat of a game by link that moves on another device
    /// ([`Table::away`]).
    pub fn cpu_thinking(&self) -> bool {
        self.game
            .side_to_move()
            .is_some_and(|seat| !self.away(seat) && !self.human_to_move() && self.may_lead())
    }

    /// Whether the clock is counting now.
    pub fn clock_running(&self) -> bool {
        self.may_lead() && !self.timed_out && self.remaining_ms().is_some()
    }

    /// The notices on screen.
    pub fn notices(&self) -> &Notices<TableNotice<G::Seat>> {
        &self.notices
    }

    /// Whether the result of the finished game should be shown (it was not dismissed).
    pub fn show_result(&self) -> bool {
        self.game.is_over() && !self.result_dismissed
    }

    /// What the last move did, when it was made on this page.
    pub fn last_report(&self) -> Option<&G::Report> {
        self.last_report.as_ref()
    }

    /// The sound and motion of the last move, when it was made on this page (a
    /// person's click or the CPU's answer) and is still the last move: `None` for a
    /// game opened from storage, taken from another tab, after a take-back or a new
    /// game, so those never sound or move.
    pub fn move_feedback(&self) -> Option<MoveFeedback> {
        if self.finishing {
            return None;
        }
        let report = self.last_report.as_ref()?;
        let &mv = self.game.moves().last()?;
        let from = match G::source(mv) {
            Source::Square(sq) => Some(sq),
            Source::Hand(_) => None,
        };
        Some(MoveFeedback {
            id: self.moves_here,
            sound: G::sound(report),
            motion: MoveMotion::of(from, G::destination(mv)),
        })
    }

    /// Whether *confirm moves* is on.
    pub fn confirm_moves(&self) -> bool {
        self.confirm_moves
    }

    /// The move held for confirmation, if any (only while *confirm moves* is on, a
    /// person is to move, and nothing changed since it was chosen).
    pub fn proposed(&self) -> Option<G::Move> {
        self.picking.proposed(self.revision, self.human_to_move())
    }

    /// The seat seen at the bottom of the board.
    pub fn bottom_seat(&self) -> G::Seat {
        self.view_seat
    }

    /// The seat that would resign now (RULES H4.3): with one person at the table, that
    /// person at any time; with several, the one to move if a person; `None` when the
    /// game is over, nobody may resign in this game, no person is at the table, or a
    /// shared game is shown over the table's (a resignation would end a game not on
    /// screen). In a game by link, the seat to move when this device plays it (the
    /// others' move may be on its way), never a seat that only watches.
    pub fn resigner(&self) -> Option<G::Seat> {
        if !G::CAN_RESIGN || self.shows_shared() {
            return None;
        }
        let to_move = self.game.side_to_move()?;
        if self.link.is_some() {
            // By link, only on one's turn: a resignation while the other's move is on
            // its way would make two games of one.
            return self.human_to_move().then_some(to_move);
        }
        match self.humans().as_slice() {
            [] => None,
            [only] => Some(*only),
            _ => (self.controller(to_move) == Controller::Human).then_some(to_move),
        }
    }

    /// Bumped every time the table should be saved (compare with the last value saved).
    pub fn save_generation(&self) -> u64 {
        self.save_generation
    }

    /// Whether the table may be written to storage (not when storage is blocked, nor
    /// over a table saved by a newer version).
    pub fn may_save(&self) -> bool {
        !self.save_blocked
    }

    /// What to save now.
    pub fn saved(&self) -> SavedTable<G> {
        SavedTable {
            settings: self.settings,
            participants: self.participants.clone(),
            seating: self.seating.clone(),
            game: self.game.clone(),
            game_number: self.game_number,
            revision: self.revision,
            clock_used_ms: self.clock.used_ms(),
            redo: self.redo.clone(),
            stats: self.stats.clone(),
            result_dismissed: self.result_closed(),
        }
    }

    // ------------------------------------------------------------------------------
    // Clicks (decided by `picking`)
    // ------------------------------------------------------------------------------

    /// A click (or tap, or Enter) on `sq`: see [`Picking::click_square`]. Ignored when
    /// a person may not move now; while a move is held, any click on the board cancels
    /// it ([`Table::cancel_move`]) and the piece stays picked.
    pub fn click_square(&mut self, sq: Square) -> Click<G::Report> {
        let picked = self.with_turn(|picking, turn| picking.click_square(turn, sq));
        self.play_picked(picked)
    }

    /// A click on a piece of kind `piece` in the hand of `seat`: see
    /// [`Picking::click_hand`].
    /// A piece with no legal drop is refused with [`Refusal::NoDrop`] told.
    pub fn click_hand(&mut self, seat: G::Seat, piece: G::HandPiece) -> Click<G::Report> {
        let picked = self.with_turn(|picking, turn| picking.click_hand(turn, seat, piece));
        if picked == Click::NoDrop {
            self.notify(TableNotice::Refused(Refusal::NoDrop));
        }
        self.play_picked(picked)
    }

    /// Answers the promotion question: `Some(true)` promote, `Some(false)` not, `None`
    /// cancel (the piece stays picked).
    pub fn choose_promotion(&mut self, promote: Option<bool>) -> Click<G::Report> {
        let picked = self.with_turn(|picking, turn| picking.choose_promotion(turn, promote));
        self.play_picked(picked)
    }

    /// Turns *confirm moves* on or off (an app preference, not saved with the table).
    /// Turning it off cancels a held move.
    pub fn set_confirm_moves(&mut self, on: bool) {
        self.confirm_moves = on;
        if !on && self.picking.holds() {
            self.cancel_move();
        }
    }

    /// Plays the move held for confirmation. Returns [`Click::Played`], or
    /// [`Click::Ignored`] (and forgets it) when no move is held or it went stale: the
    /// table changed since it was chosen, a person may not move now, or it is no
    /// longer legal.
    pub fn confirm_move(&mut self) -> Click<G::Report> {
        let picked = self.with_turn(|picking, turn| picking.confirm(turn));
        self.play_picked(picked)
    }

    /// Cancels the move held for confirmation: nothing is played and its piece (on the
    /// board or in hand) stays picked. Returns [`Click::Selected`], or
    /// [`Click::Ignored`] when no move was held.
    pub fn cancel_move(&mut self) -> Click<G::Report> {
        let picked = self.with_turn(|picking, turn| picking.cancel(turn));
        self.play_picked(picked)
    }

    /// Drops the piece picked (on the board or in hand), as Escape does on the board.
    /// Returns whether one was picked; a held move or promotion choice is left to its
    /// own cancel ([`Table::cancel_move`], [`Table::choose_promotion`]).
    pub fn drop_pick(&mut self) -> bool {
        if self.picking.holds() || !matches!(self.selection(), Selection::Source(_)) {
            return false;
        }
        self.picking.clear();
        true
    }

    /// What a person's turn looks like to [`Picking`].
    fn turn(&self) -> Turn<'_, G> {
        Turn {
            game: &self.game,
            dests: self.dests(),
            revision: self.revision,
            person_to_move: self.human_to_move() && self.review.is_none(),
            confirm_moves: self.confirm_moves,
        }
    }

    /// Runs `f` on the pick with what the turn looks like.
    fn with_turn<R>(&mut self, f: impl FnOnce(&mut Picking<G>, &Turn<'_, G>) -> R) -> R {
        let person_to_move = self.human_to_move() && self.review.is_none();
        let turn = Turn {
            game: &self.game,
            dests: self.dests.get_or_init(|| Dests::of(&self.game)),
            revision: self.revision,
            person_to_move,
            confirm_moves: self.confirm_moves,
        };
        f(&mut self.picking, &turn)
    }

    /// Plays the move a click chose, if any.
    fn play_picked(&mut self, picked: Click<G::Move>) -> Click<G::Report> {
        match picked {
            Click::Played(mv) => match self.game.play(mv) {
                Ok(report) => {
                    // A person here moved: the note of the link's moves is old news.
                    self.link_applied = 0;
                    self.after_move(&report);
                    Click::Played(report)
                }
                Err(_) => {
                    // Taken from the legal moves; a refusal changes nothing.
                    self.picking.clear();
                    Click::Ignored
                }
            },
            Click::Ignored => Click::Ignored,
            Click::NoDrop => Click::NoDrop,
            Click::Selected => Click::Selected,
            Click::Deselected => Click::Deselected,
            Click::AskPromotion => Click::AskPromotion,
            Click::AskConfirm => Click::AskConfirm,
        }
    }

    // ------------------------------------------------------------------------------
    // Other events
    // ------------------------------------------------------------------------------

    /// Advances the monotonic clock to `now_ms`: the move clock counts (and at zero the
    /// CPU is asked to move for the person, once, RULES H5.1), passing notices expire,
    /// and a running clock asks to be saved every [`CLOCK_SAVE_MS`].
    pub fn tick(&mut self, now_ms: f64) {
        if now_ms.is_finite() {
            self.now_ms = now_ms;
        }
        let running = self.clock_running();
        self.clock.tick(now_ms, running);
        if running
            && let Some(left) = self.remaining_ms()
            && left <= 0.0
            && self.leader
        {
            self.timed_out = true;
            self.picking.clear();
            self.request_save();
            self.refresh_request();
        }
        if running && (self.clock.used_ms() - self.clock_saved_ms).abs() >= CLOCK_SAVE_MS {
            self.request_save();
        }
        self.notices.expire(self.now_ms);
    }

    /// A modal dialog opened (`true`) or closed: while one is open the clock stops and
    /// the CPU is not asked.
    pub fn set_modal(&mut self, open: bool) {
        self.pause_while(|t| t.modal_open = open);
    }

    /// The table is on screen (`true`) or not (the player is looking at another game):
    /// while it is not, the clock stops and the CPU is not asked, as behind a dialog.
    pub fn set_shown(&mut self, shown: bool) {
        self.pause_while(|t| t.shown = shown);
    }

    /// Counts the clock up to now, applies `change` (which may stop or start it), and
    /// asks the CPU again if it should.
    fn pause_while(&mut self, change: impl FnOnce(&mut Table<G>)) {
        let now = self.now_ms;
        self.clock.tick(now, self.clock_running());
        change(self);
        self.clock.tick(now, self.clock_running());
        self.refresh_request();
    }

    /// Hands `seat` to the CPU or back to a person, at any point of the game (RULES
    /// H5.2). The clock is not refilled.
    pub fn set_controller(&mut self, seat: G::Seat, controller: Controller) {
        let i = self.participant_of(seat);
        if self.participants[i].controller != controller {
            self.participants[i].controller = controller;
            if controller == Controller::Human {
                self.timed_out = false;
                self.finishing = false;
            }
            self.picking.clear();
            self.changed();
            self.update_view_seat();
        }
    }

    /// Sets how strong the CPU plays for `seat`, and the think time of the top level in
    /// milliseconds. A pending CPU request is asked again at the new level.
    ///
    /// # Errors
    /// [`TableError::ThinkTime`] for a think time not in [`THINK_TIMES_MS`]; nothing
    /// changes then.
    pub fn set_level(
        &mut self,
        seat: G::Seat,
        level: Level,
        think_ms: u32,
    ) -> Result<(), TableError<G::PlayError>> {
        if !THINK_TIMES_MS.contains(&think_ms) {
            return Err(TableError::ThinkTime(think_ms));
        }
        let i = self.participant_of(seat);
        let p = &mut self.participants[i];
        if (p.level, p.think_ms) != (level, think_ms) {
            p.level = level;
            p.think_ms = think_ms;
            self.changed();
        }
        Ok(())
    }

    /// Replaces the settings. Rule changes apply from the next game, or at once to a
    /// game that has not begun ([`Table::has_begun`]; not at a table playing by link,
    /// whose rules the link fixed); a new time per move counts the time already used in
    /// this turn.
    pub fn set_settings(&mut self, settings: SettingsOf<G>) {
        if settings != self.settings {
            self.settings = settings;
            if self.rules_pending()
                && !self.has_begun()
                && self.link.is_none()
                && let Some(game) = self.game.under_rules(self.settings.rules)
            {
                self.game = game;
                self.new_turn();
            }
            self.changed();
            self.update_view_seat();
        }
    }

    /// Whether the rest of the game can be played at once: it is on, nobody is
    /// replaying it, and no person still plays in it (every seat the CPU's, or the
    /// people all mated, RULES Y5), and it is not already being finished.
    pub fn can_finish_now(&self) -> bool {
        !self.finishing
            && self.review.is_none()
            && !self.game.is_over()
            && !G::SEATS
                .iter()
                .any(|&s| self.controller(s) == Controller::Human && self.game.still_plays(s))
    }

    /// Plays the rest of the game at once: the CPU answers without the pause and the
    /// moves are neither animated nor heard, until the game ends (or a person plays a
    /// seat again, or a new game starts).
    pub fn finish_now(&mut self) {
        if self.can_finish_now() {
            self.finishing = true;
            self.refresh_request();
        }
    }

    /// Whether the rest of the game is being played at once.
    pub fn finishing(&self) -> bool {
        self.finishing
    }

    /// Starts the next game under the rules of the settings (RULES H1.3, Y1.5).
    ///
    /// When the only person at the table changes seats (*alternate who starts*, RULES
    /// H1.3), they are told which seat is theirs now ([`TableNotice::SeatChanged`], in
    /// place of an earlier one).
    pub fn new_game(&mut self) {
        self.finishing = false;
        let begun = !self.game.moves().is_empty() || self.game.is_over();
        let person_before = self.only_person();
        G::next_seating(&self.settings, begun, &mut self.seating);
        self.game = G::next_game(&self.settings, Some(&self.game), begun);
        self.game_number += 1;
        self.review = None;
        self.redo.clear();
        self.new_turn();
        self.result_dismissed = false;
        self.last_report = None;
        self.view_seat = self.home_seat();
        self.update_view_seat();
        self.changed();
        // Only the latest new game's seat is told: an older notice would contradict it.
        self.notices
            .remove_where(|n| matches!(n, TableNotice::SeatChanged { .. }));
        if let (Some((who, before)), Some((who_now, now))) = (person_before, self.only_person())
            && who == who_now
            && before != now
        {
            self.notify(TableNotice::SeatChanged { seat: now });
        }
    }

    /// The only person at the table, if there is exactly one: their participant index
    /// and seat.
    fn only_person(&self) -> Option<(usize, G::Seat)> {
        match self.humans().as_slice() {
            [seat] => Some((self.participant_of(*seat), *seat)),
            _ => None,
        }
    }

    /// Whether a take-back now would reopen a finished game (the UI asks first).
    pub fn take_back_reopens(&self) -> bool {
        self.game.is_over()
    }

    /// Resigns for [`Table::resigner`] (RULES H4.3).
    ///
    /// # Errors
    /// [`TableError::CannotResign`] when nobody may resign.
    pub fn resign(&mut self) -> Result<(), TableError<G::PlayError>> {
        let seat = self.resigner().ok_or(TableError::CannotResign)?;
        if !self.game.resign(seat) {
            return Err(TableError::CannotResign);
        }
        self.count_result(1);
        self.link_applied = 0;
        self.picking.clear();
        self.result_dismissed = false;
        self.changed();
        Ok(())
    }

    /// Tells the player that an action of theirs was refused
    /// ([`TableNotice::Refused`]); errors that are not the player's doing
    /// ([`TableError::refusal`] is `None`) are not told.
    pub fn tell_refusal(&mut self, error: &TableError<G::PlayError>) {
        if let Some(refusal) = error.refusal() {
            self.notify(TableNotice::Refused(refusal));
        }
    }

    /// The result dialog was closed: saved, so that a reload shows the board (the
    /// revision stays: nothing of the game changed).
    pub fn dismiss_result(&mut self) {
        if !self.result_dismissed {
            self.result_dismissed = true;
            self.request_save();
        }
    }

    /// The result of the finished game is asked for again (its dialog closed before):
    /// shown, and saved so. Nothing happens while the game goes on.
    pub fn reopen_result(&mut self) {
        if self.game.is_over() && self.result_dismissed {
            self.result_dismissed = false;
            self.request_save();
        }
    }

    /// The player dismissed notice `id`.
    pub fn dismiss_notice(&mut self, id: u64) {
        self.notices.dismiss(id);
    }

    /// Shows a notice now.
    pub fn notify(&mut self, notice: TableNotice<G::Seat>) {
        let transient = notice.transient();
        self.notices.push(notice, transient, self.now_ms);
    }

    /// The stored table could not be used when the page opened: tells the player and,
    /// for a newer version, never overwrites it.
    pub fn load_failed(&mut self, error: LoadError, kept: bool) {
        match error {
            LoadError::UnknownVersion(version) => {
                self.save_blocked = true;
                self.notify(TableNotice::Newer { version });
            }
            error => {
                // Its game's first moves were kept ([`Table::open`]): say whether the
                // text as it was is kept too.
                let recovered = self.notices.posted().iter().find_map(|p| match p.notice {
                    TableNotice::Recovered { moves, .. } => Some(moves),
                    _ => None,
                });
                self.notices
                    .remove_where(|n| matches!(n, TableNotice::Recovered { .. }));
                self.notify(match recovered {
                    Some(moves) => TableNotice::Recovered { moves, error, kept },
                    None => TableNotice::Unreadable { error, kept },
                });
            }
        }
    }

    /// The browser refuses storage (`error` says how): the game goes on unsaved, and
    /// the player is told.
    pub fn storage_unavailable(&mut self, error: StorageError) {
        self.save_blocked = true;
        self.notify(TableNotice::StorageUnavailable { error });
    }

    /// The page is being hidden or closed. Returns whether the table must be saved now:
    /// only when the clock used time since the last save (everything else was saved
    /// when it changed, and writing again could overwrite a newer table).
    pub fn page_hidden(&mut self) -> bool {
        let now = self.now_ms;
        self.clock.tick(now, self.clock_running());
        let unsaved = self.clock.used_ms() != self.clock_saved_ms;
        if unsaved {
            self.request_save();
        }
        unsaved
    }

    /// The result of writing the table (generation [`Table::save_generation`]). A
    /// failure is told by the app, in one notice for every save
    /// ([`crate::session::app::AppNotice::SaveFailed`]), not by the table.
    pub fn save_done(&mut self, result: Result<(), StorageError>) {
        if result.is_ok() {
            self.clock_saved_ms = self.clock.used_ms();
        }
    }

    // ------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------

    /// The seats played by a person, in seat order.
    fn humans(&self) -> Vec<G::Seat> {
        G::SEATS
            .iter()
            .copied()
            .filter(|&s| self.person_here(s))
            .collect()
    }

    /// A person plays `seat` at this device (not a seat of a game by link played on
    /// another device).
    fn person_here(&self, seat: G::Seat) -> bool {
        self.controller(seat) == Controller::Human && !self.away(seat)
    }

    /// Whether a person plays a seat here (a seat of a game by link played on another
    /// device does not count): with nobody, the CPU plays every seat and the page
    /// leaves out what is told to the person to move.
    pub fn people_here(&self) -> bool {
        G::SEATS.iter().any(|&s| self.person_here(s))
    }

    /// Whether a person plays any seat.
    fn someone_at_the_table(&self) -> bool {
        G::SEATS
            .iter()
            .any(|&s| self.controller(s) == Controller::Human)
    }

    /// A person plays the seat to move (their time aside).
    fn human_to_move_ignoring_time(&self) -> bool {
        self.game
            .side_to_move()
            .is_some_and(|s| self.controller(s) == Controller::Human && !self.away(s))
    }

    /// The seat at the bottom in the fixed view: the only person's, else the first.
    fn home_seat(&self) -> G::Seat {
        match self.humans().as_slice() {
            [only] => *only,
            _ => G::SEATS[0],
        }
    }

    fn update_view_seat(&mut self) {
        match self.settings.table.view {
            ViewMode::Fixed => self.view_seat = self.home_seat(),
            ViewMode::TurnToMove => {
                if let Some(s) = self.game.side_to_move()
                    && self.controller(s) == Controller::Human
                {
                    self.view_seat = s;
                }
            }
        }
    }

    fn after_move(&mut self, report: &G::Report) {
        if self.game.is_over() {
            self.finishing = false;
        }
        if let Some(&mv) = self.game.moves().last() {
            self.forget_redo_unless(mv);
        }
        self.last_report = Some(report.clone());
        self.moves_here += 1;
        if self.game.is_over() {
            self.count_result(1);
            self.result_dismissed = false;
        }
        self.new_turn();
        self.update_view_seat();
        self.changed();
    }

    /// A new turn: the clock restarts, nobody has run out of time, nothing is picked.
    fn new_turn(&mut self) {
        self.clock.restart();
        self.clock.tick(self.now_ms, self.clock_running());
        self.clock_saved_ms = 0.0;
        self.timed_out = false;
        self.picking.clear();
    }

    /// The game may have changed: its legal moves are computed again when next asked.
    fn game_changed(&mut self) {
        self.dests = OnceLock::new();
    }

    /// Something that makes pending answers stale changed: a new revision, a save.
    /// A move held for confirmation is forgotten (its piece stays picked if it was).
    fn changed(&mut self) {
        self.game_changed();
        self.picking.forget_proposal();
        self.revision = Revision {
            seq: self.revision.seq + 1,
            page: self.page,
        };
        self.request_save();
        self.refresh_request();
    }

    fn request_save(&mut self) {
        self.save_generation += 1;
    }
}

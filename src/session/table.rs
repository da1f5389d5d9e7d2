//! The table controller, one for both games: everything that happens between two
//! clicks. It holds the game, the seats (a person or the CPU), the settings, the
//! selection, the pending CPU request, the move clock, the notices and what must be
//! saved, and it is driven by plain method calls:
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
//! What differs between the games is behind [`TableGame`].
//!
//! **Revisions.** Every change that makes a pending CPU answer stale (a move, a
//! take-back, a new game, a seat change, a settings change) gives the table a new
//! [`Revision`]: a sequence number that only grows, saved with the table, paired with
//! the id of the page that made the change, so two tabs never make the same revision.
//! A CPU answer is played only for the current revision; another tab's save is taken
//! only if its revision is newer.
//!
//! **One tab in charge.** Several tabs may show the same table. Only the one in charge
//! ([`Table::set_leader`], a Web Lock in the browser) asks the CPU and acts when the
//! clock runs out; the others follow what it saves.

use crate::ai::{Clock, Level, THINK_TIMES_MS, Think};
use crate::engine::{Square, SquareSet, Undone, Variant};
use crate::session::clock::MoveClock;
use crate::session::feedback::{MoveMotion, MoveSound};
use crate::session::notice::Notices;
use crate::session::storage::{self, LoadError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use super::TimePerMove;

/// Who makes the moves of a seat (RULES H5.2, Y8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Controller {
    /// A person at this device.
    Human,
    /// The CPU.
    Cpu,
}

/// How the board is turned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ViewMode {
    /// The board stays put: the seat of the only person at the table at the bottom, or
    /// the first seat (Black, South) when there are several people or none (default).
    #[default]
    Fixed,
    /// After each move the board turns so that the person to move sits at the bottom
    /// (pass-and-play on one device).
    TurnToMove,
}

impl ViewMode {
    /// Every choice, the default first.
    pub const ALL: [ViewMode; 2] = [ViewMode::Fixed, ViewMode::TurnToMove];
}

/// What the table needs of the settings panel of a game (RULES H5, Y8).
pub trait GameSettings:
    Clone + PartialEq + fmt::Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The game's local rules.
    type Rules: Copy + Eq + fmt::Debug;
    /// The local rules a new game would be played under.
    fn rules(&self) -> Self::Rules;
    /// Mark the legal destinations of the selected piece.
    fn show_legal_moves(&self) -> bool;
    /// Change who starts at each new game (RULES H1.3, Y1.5).
    fn alternate_start(&self) -> bool;
    /// Time per move (RULES H5.1).
    fn time_per_move(&self) -> TimePerMove;
    /// How the board is turned.
    fn view(&self) -> ViewMode;
}

/// Where a move starts: a square of the board, or a piece in hand (a drop).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Source<H> {
    /// A piece on this square.
    Square(Square),
    /// A piece of this kind in the hand of the side to move.
    Hand(H),
}

/// What differs between the games at a table: how a game starts, how its moves are
/// taken apart for clicks, resignation, who won, and the CPU.
pub trait TableGame: Variant {
    /// The settings panel.
    type Settings: GameSettings<Rules = Self::Rules>;
    /// A kind of piece that can be in hand ([`std::convert::Infallible`] when the game
    /// has no hands).
    type HandPiece: Copy + Eq + fmt::Debug + Send + Sync + 'static;

    /// The storage name of the game (`hasami`, `yonin`).
    const KEY: &'static str;
    /// Whether a player may resign (RULES H4.3; Yonin has no resignation, RULES Y6.6).
    const CAN_RESIGN: bool;

    /// The next game under the rules of `settings`, after `previous` (`None` for the
    /// first game at the table). `begun` tells whether `previous` had begun (a move or
    /// an outcome); restarting a game nobody moved in keeps who starts.
    fn next_game(settings: &Self::Settings, previous: Option<&Self>, begun: bool) -> Self;

    /// Changes which participant sits in which seat for the next game; `seating[seat
    /// index]` is the participant's index. The default keeps everyone in place.
    fn next_seating(_settings: &Self::Settings, _begun: bool, _seating: &mut [usize]) {}

    /// Where `mv` starts.
    fn source(mv: Self::Move) -> Source<Self::HandPiece>;
    /// Where `mv` ends.
    fn destination(mv: Self::Move) -> Square;
    /// Whether `mv` promotes (RULES Y2.4); Hasami never does.
    fn is_promotion(mv: Self::Move) -> bool;
    /// The sound of a move that did `report` ([`crate::session::feedback`]).
    fn sound(report: &Self::Report) -> MoveSound;
    /// The seat that moves the piece on `sq`, if any.
    fn owner_at(&self, sq: Square) -> Option<Self::Seat>;

    /// Resigns for `seat` (RULES H4.3). Returns whether the game ended so; the default
    /// (no resignation) refuses.
    fn resign(&mut self, _seat: Self::Seat) -> bool {
        false
    }

    /// The seats that won `outcome` (empty for a draw).
    fn winners(outcome: &Self::Outcome) -> Vec<Self::Seat>;

    /// The CPU's move for the side to move, `None` when the game is over. Deterministic
    /// for the same game, level and seed when no clock stops it. This is the seam a
    /// Web Worker takes over.
    fn cpu_move(&self, think: &Think) -> Option<Self::Move>;

    /// Reads a table saved by version 1 of the app: `data` is its envelope's data and
    /// `legacy_settings` the text under the version-1 settings key, if any.
    ///
    /// # Errors
    /// What is damaged. The default: version 1 saved no table of this game.
    fn migrate_v1(
        _data: serde_json::Value,
        _legacy_settings: Option<&str>,
    ) -> Result<SavedTable<Self>, String> {
        Err(format!("version 1 saved no {} table", Self::KEY))
    }
}

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

/// One participant of the table. Participants keep their identity across games while
/// the seat they play may change (RULES H1.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Participant {
    /// Who moves for this participant.
    pub controller: Controller,
    /// Games won (or first places) at this table.
    pub wins: u32,
    /// How strong the CPU plays when it moves for this participant (saved since this
    /// version; older saves get the default).
    #[serde(default)]
    pub level: Level,
    /// Think time of [`Level::Master`] in milliseconds, one of [`THINK_TIMES_MS`].
    #[serde(default = "default_think_ms")]
    pub think_ms: u32,
}

impl Participant {
    /// A participant who has won nothing yet, played by `controller` at the default
    /// level.
    pub const fn new(controller: Controller) -> Participant {
        Participant {
            controller,
            wins: 0,
            level: Level::Strong,
            think_ms: THINK_TIMES_MS[0],
        }
    }
}

const fn default_think_ms() -> u32 {
    THINK_TIMES_MS[0]
}

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
    /// The level the CPU plays at (the seat's; the default level when it moves for a
    /// person out of time).
    pub level: Level,
    /// Think time of the top level, in milliseconds.
    pub think_ms: u32,
}

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

/// Why the table refused an action. Nothing changes on error.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TableError<E> {
    /// The answer is for another revision of the table, or the CPU was not asked.
    Stale,
    /// The game is over.
    GameOver,
    /// Nobody at this table may resign now.
    CannotResign,
    /// Nothing to take back.
    NothingToTakeBack,
    /// The engine refused the move.
    Play(E),
}

impl<E: fmt::Display> fmt::Display for TableError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Stale => f.write_str("the table changed since the CPU was asked"),
            TableError::GameOver => f.write_str("the game is over"),
            TableError::CannotResign => f.write_str("nobody may resign now"),
            TableError::NothingToTakeBack => f.write_str("nothing to take back"),
            TableError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for TableError<E> {}

/// What a table tells the player.
#[derive(Clone, PartialEq, Debug)]
pub enum TableNotice<S> {
    /// The saved table could not be read; a new game was started. `kept`: the
    /// unreadable text was copied aside (under `KEY/unreadable`).
    Unreadable {
        /// Why.
        error: LoadError,
        /// Whether the text was kept aside.
        kept: bool,
    },
    /// The saved table is from a newer version of the app: it is left as it is, and
    /// this table is not saved (so it is not overwritten).
    Newer {
        /// The format version found.
        version: u64,
    },
    /// The browser does not let the app keep data: the game will not be kept.
    StorageUnavailable,
    /// Saving failed (storage full or refused); play goes on.
    SaveFailed,
    /// Another tab changed this table in a way that replaced what this tab showed.
    OtherTab,
    /// The time per move ran out and the CPU moved for a person (RULES H5.1).
    Timeout {
        /// The seat the CPU moved for.
        seat: S,
    },
    /// The saved choice of pieces (a display setting, `settings.pieces`) was damaged:
    /// the default pieces are shown, and the game and every other setting are kept.
    PiecesReset,
    /// The CPU's Web Worker failed (did not start, crashed, or answered with an error):
    /// from now on the CPU thinks on the page itself, which may freeze it while it
    /// thinks.
    CpuFailed {
        /// What went wrong, for the notice's tooltip.
        detail: String,
    },
}

impl<S> TableNotice<S> {
    /// Whether the notice goes away by itself.
    pub fn transient(&self) -> bool {
        matches!(self, TableNotice::OtherTab | TableNotice::Timeout { .. })
    }
}

/// What the player has picked on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Selection<H> {
    /// Nothing.
    None,
    /// A piece on the board, or a piece in hand.
    Source(Source<H>),
    /// A move from `from` to `to` that may promote or not: the player chooses
    /// ([`Table::choose_promotion`]).
    Promotion {
        /// The piece's square.
        from: Square,
        /// Its destination.
        to: Square,
    },
}

/// What a click did.
#[derive(Clone, Debug, PartialEq)]
pub enum Click<R> {
    /// Nothing (not a person's turn, or not a piece of the side to move).
    Ignored,
    /// A piece was picked.
    Selected,
    /// The pick was dropped.
    Deselected,
    /// The move may promote: the player is asked.
    AskPromotion,
    /// *Confirm moves* is on: the move is held, not played, until the player confirms
    /// ([`Table::confirm_move`]) or cancels it ([`Table::cancel_move`]).
    AskConfirm,
    /// A move was played.
    Played(R),
}

/// Everything saved of a table, in one write: settings, participants, seating, the game
/// (as its record), the game number, the revision and the time used on the move clock.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "", try_from = "SavedTableData<G>")]
pub struct SavedTable<G: TableGame> {
    /// The settings panel.
    pub settings: G::Settings,
    /// The participants (one per seat).
    pub participants: Vec<Participant>,
    /// `seating[seat index]` = index of the participant in that seat.
    pub seating: Vec<usize>,
    /// The game in progress or just finished.
    pub game: G,
    /// Games started at this table (1 for the first).
    pub game_number: u64,
    /// The revision of the table when saved.
    pub revision: Revision,
    /// Milliseconds of the time per move used by the seat to move.
    pub clock_used_ms: f64,
}

impl<G: TableGame> SavedTable<G> {
    /// Reads a table stored as `text` in any version this build knows: the current one
    /// ([`storage::TABLE_VERSION`]) or version 1, migrated ([`TableGame::migrate_v1`],
    /// which may read `legacy_settings`, the text under the version-1 settings key).
    ///
    /// # Errors
    /// [`LoadError::NotJson`], [`LoadError::NotOurs`], [`LoadError::Corrupt`], or
    /// [`LoadError::UnknownVersion`] for a newer version, which the caller must leave
    /// untouched.
    pub fn open(text: &str, legacy_settings: Option<&str>) -> Result<SavedTable<G>, LoadError> {
        let (version, data) = storage::open(text)?;
        match version {
            storage::TABLE_VERSION => storage::decode_data(data),
            1 => G::migrate_v1(data, legacy_settings).map_err(LoadError::Corrupt),
            v if v > storage::TABLE_VERSION => Err(LoadError::UnknownVersion(v)),
            v => Err(LoadError::Corrupt(format!("version {v} was never written"))),
        }
    }

    /// [`SavedTable::open`] of `text` whose only problem is its choice of pieces
    /// (`settings.pieces`, a display setting): the table without it (the default
    /// pieces), or `None` when that does not make it readable.
    pub fn open_without_pieces(text: &str) -> Option<SavedTable<G>> {
        let (version, mut data) = storage::open(text).ok()?;
        if version != storage::TABLE_VERSION {
            return None;
        }
        data.get_mut("settings")?
            .as_object_mut()?
            .remove("pieces")?;
        storage::decode_data(data).ok()
    }

    /// This table as stored: the envelope of version [`storage::TABLE_VERSION`], as
    /// JSON text.
    pub fn encode(&self) -> String {
        storage::encode(storage::TABLE_VERSION, self)
    }
}

/// [`SavedTable`] as stored, before it is checked.
#[derive(Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
struct SavedTableData<G: TableGame> {
    settings: G::Settings,
    participants: Vec<Participant>,
    seating: Vec<usize>,
    game: G,
    game_number: u64,
    revision: Revision,
    #[serde(default)]
    clock_used_ms: f64,
}

impl<G: TableGame> TryFrom<SavedTableData<G>> for SavedTable<G> {
    type Error = String;

    fn try_from(d: SavedTableData<G>) -> Result<SavedTable<G>, String> {
        let n = G::SEATS.len();
        if d.participants.len() != n {
            return Err(format!(
                "{} participants for {n} seats",
                d.participants.len()
            ));
        }
        let mut seen = vec![false; n];
        if d.seating.len() != n {
            return Err(format!("seating lists {} seats, not {n}", d.seating.len()));
        }
        for &p in &d.seating {
            if p >= n || std::mem::replace(&mut seen[p], true) {
                return Err(format!(
                    "seating {:?} is not one seat per participant",
                    d.seating
                ));
            }
        }
        if let Some(p) = d
            .participants
            .iter()
            .find(|p| !THINK_TIMES_MS.contains(&p.think_ms))
        {
            return Err(format!(
                "think time {} ms is not one of those offered",
                p.think_ms
            ));
        }
        if !d.clock_used_ms.is_finite() || d.clock_used_ms < 0.0 {
            return Err(format!("clock time {} is not a duration", d.clock_used_ms));
        }
        Ok(SavedTable {
            settings: d.settings,
            participants: d.participants,
            seating: d.seating,
            game: d.game,
            game_number: d.game_number,
            revision: d.revision,
            clock_used_ms: d.clock_used_ms,
        })
    }
}

/// A move chosen while *confirm moves* is on, held until the player confirms it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Proposal<M> {
    /// The move.
    mv: M,
    /// The revision of the table when it was chosen: it is played only in that one.
    revision: Revision,
}

/// What the last move made on this page sounds and looks like
/// ([`Table::move_feedback`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveFeedback {
    /// Counts the moves made on this page (a person's or the CPU's), from 1: a new
    /// value is a new move to sound and show.
    pub id: u64,
    /// Its sound (before the player's mute switch).
    pub sound: MoveSound,
    /// What the board animates (before the player's motion choice).
    pub motion: MoveMotion,
}

/// How often the time used on a running clock is saved, in milliseconds, so a reload
/// or a closed tab loses at most this much of it.
pub const CLOCK_SAVE_MS: f64 = 5_000.0;

/// A table: see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Table<G: TableGame> {
    settings: G::Settings,
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
    selection: Selection<G::HandPiece>,
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
    /// The move held for confirmation.
    proposal: Option<Proposal<G::Move>>,
    notices: Notices<TableNotice<G::Seat>>,
    /// Bumped whenever the table should be written.
    save_generation: u64,
    /// Saving is off: the stored table is from a newer version, or storage is blocked.
    save_blocked: bool,
    now_ms: f64,
}

impl<G: TableGame> Table<G> {
    /// A table with a first game under `settings`: the first seat is a person, the others
    /// the CPU. `page` is this page's random id (see [`Revision`]).
    pub fn new(settings: G::Settings, page: u64) -> Table<G> {
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
        Table::assemble(
            SavedTable {
                settings,
                participants,
                seating: (0..n).collect(),
                game,
                game_number: 1,
                revision: Revision { seq: 0, page },
                clock_used_ms: 0.0,
            },
            page,
        )
    }

    /// A table as it was saved; `page` is this page's random id.
    pub fn restore(saved: SavedTable<G>, page: u64) -> Table<G> {
        Table::assemble(saved, page)
    }

    /// The table of a page that opens: the one stored as `text` (any version
    /// [`SavedTable::open`] reads), or a new one when nothing is stored. With nothing
    /// stored, version-1 settings (`legacy_settings`) still give the settings.
    ///
    /// Returns the table and, when `text` could not be used, why: the caller keeps the
    /// text aside (except for a newer version, left where it is) and reports it with
    /// [`Table::load_failed`]. A table whose only damage is its choice of pieces opens
    /// with the default pieces and the notice [`TableNotice::PiecesReset`].
    pub fn open(
        text: Option<&str>,
        legacy_settings: Option<&str>,
        page: u64,
    ) -> (Table<G>, Option<LoadError>) {
        let legacy = || {
            legacy_settings
                .and_then(|s| storage::decode::<G::Settings>(s, 1).ok())
                .unwrap_or_default()
        };
        let Some(text) = text else {
            return (Table::new(legacy(), page), None);
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
                None => (Table::new(G::Settings::default(), page), Some(error)),
            },
        }
    }

    fn assemble(saved: SavedTable<G>, page: u64) -> Table<G> {
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
            selection: Selection::None,
            modal_open: false,
            shown: true,
            leader: false,
            result_dismissed: false,
            pending: None,
            next_request_id: 1,
            last_report: None,
            moves_here: 0,
            confirm_moves: false,
            proposal: None,
            notices: Notices::default(),
            save_generation: 0,
            save_blocked: false,
            now_ms: 0.0,
        };
        t.view_seat = t.home_seat();
        t.update_view_seat();
        t
    }

    // ------------------------------------------------------------------------------
    // What the UI draws
    // ------------------------------------------------------------------------------

    /// The game in progress (or just finished).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The settings panel.
    pub fn settings(&self) -> &G::Settings {
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

    /// Whether the rules in the settings differ from those of the game in progress, so
    /// they will apply from the next game.
    pub fn rules_pending(&self) -> bool {
        self.settings.rules() != self.game.rules()
    }

    /// Whether a person may move now: the game is on, a person plays the seat to move,
    /// and their time has not run out.
    pub fn human_to_move(&self) -> bool {
        !self.timed_out
            && self
                .game
                .side_to_move()
                .is_some_and(|s| self.controller(s) == Controller::Human)
    }

    /// What the player has picked.
    pub fn selection(&self) -> Selection<G::HandPiece> {
        self.selection
    }

    /// The squares the picked piece can go to (empty when nothing is picked), whether
    /// or not the settings mark them.
    pub fn destinations(&self) -> SquareSet {
        match self.selection {
            Selection::Source(source) => self.destinations_from(source),
            _ => SquareSet::EMPTY,
        }
    }

    /// The squares a piece at `source` can go to now (empty if a person may not move).
    pub fn destinations_from(&self, source: Source<G::HandPiece>) -> SquareSet {
        if !self.human_to_move() {
            return SquareSet::EMPTY;
        }
        self.game
            .legal_moves()
            .into_iter()
            .filter(|&m| G::source(m) == source)
            .map(G::destination)
            .collect()
    }

    /// The request the CPU should answer now, if any (only in the tab in charge, with
    /// no dialog open, while the game is on and the CPU moves).
    pub fn cpu_request(&self) -> Option<&CpuRequest<G>> {
        self.pending.as_ref()
    }

    /// How long the CPU waits before it answers, in milliseconds, so that people can
    /// see the position it answers: 450 with a person at the table, 250 when the CPU
    /// plays every seat (there is only watching to do, and a game takes hundreds of
    /// moves).
    pub fn cpu_pause_ms(&self) -> u32 {
        let someone = G::SEATS
            .iter()
            .any(|&s| self.controller(s) == Controller::Human);
        if someone { 450 } else { 250 }
    }

    /// Whether the CPU is to move (for a CPU seat or for a person out of time).
    pub fn cpu_to_move(&self) -> bool {
        self.game
            .side_to_move()
            .is_some_and(|s| self.timed_out || self.controller(s) == Controller::Cpu)
    }

    /// The time per move left to the seat to move, in milliseconds, when the clock
    /// counts (a time per move is set, the game is on and a person is to move).
    pub fn remaining_ms(&self) -> Option<f64> {
        let limit = self.settings.time_per_move().millis()?;
        let seat = self.game.side_to_move()?;
        (self.controller(seat) == Controller::Human).then(|| self.clock.remaining_ms(limit))
    }

    /// Whether the clock is counting now.
    pub fn clock_running(&self) -> bool {
        self.shown && !self.modal_open && !self.timed_out && self.remaining_ms().is_some()
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
        self.proposal
            .filter(|p| p.revision == self.revision && self.human_to_move())
            .map(|p| p.mv)
    }

    /// The seat seen at the bottom of the board.
    pub fn bottom_seat(&self) -> G::Seat {
        self.view_seat
    }

    /// The seat that would resign now (RULES H4.3): with one person at the table, that
    /// person at any time; with several, the one to move if a person; `None` when the
    /// game is over, nobody may resign in this game, or no person is at the table.
    pub fn resigner(&self) -> Option<G::Seat> {
        if !G::CAN_RESIGN {
            return None;
        }
        let to_move = self.game.side_to_move()?;
        let humans: Vec<G::Seat> = G::SEATS
            .iter()
            .copied()
            .filter(|&s| self.controller(s) == Controller::Human)
            .collect();
        match humans.as_slice() {
            [] => None,
            [only] => Some(*only),
            _ => (self.controller(to_move) == Controller::Human).then_some(to_move),
        }
    }

    /// Whether a take-back is possible now: a person is at the table and there is a
    /// move (or a resignation) to take back.
    pub fn can_take_back(&self) -> bool {
        let someone = G::SEATS
            .iter()
            .any(|&s| self.controller(s) == Controller::Human);
        someone && (!self.game.moves().is_empty() || self.game.is_over())
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
            settings: self.settings.clone(),
            participants: self.participants.clone(),
            seating: self.seating.clone(),
            game: self.game.clone(),
            game_number: self.game_number,
            revision: self.revision,
            clock_used_ms: self.clock.used_ms(),
        }
    }

    // ------------------------------------------------------------------------------
    // Events
    // ------------------------------------------------------------------------------

    /// A click (or tap, or Enter) on `sq`.
    ///
    /// With nothing picked, a piece of the person to move is picked. With a piece
    /// picked, a click on one of its destinations plays the move (or asks whether to
    /// promote when both are legal), on the piece itself drops the pick, on another
    /// piece of the side to move picks that one; anything else drops the pick.
    /// Ignored when a person may not move now.
    ///
    /// While a move is held for confirmation, any click on the board cancels it
    /// ([`Table::cancel_move`]): the piece stays picked.
    pub fn click_square(&mut self, sq: Square) -> Click<G::Report> {
        if !self.human_to_move() {
            return Click::Ignored;
        }
        if self.proposal.is_some() {
            return self.cancel_move();
        }
        let side = self.game.side_to_move();
        let own = self.game.owner_at(sq).is_some_and(|o| Some(o) == side);
        match self.selection {
            Selection::Source(source) if self.destinations_from(source).contains(sq) => {
                let moves: Vec<G::Move> = self
                    .game
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| G::source(m) == source && G::destination(m) == sq)
                    .collect();
                match (source, moves.as_slice()) {
                    (_, [mv]) => self.play_human(*mv),
                    (Source::Square(from), [_, _, ..]) => {
                        self.selection = Selection::Promotion { from, to: sq };
                        Click::AskPromotion
                    }
                    _ => {
                        self.selection = Selection::None;
                        Click::Deselected
                    }
                }
            }
            Selection::Source(Source::Square(from)) if from == sq => {
                self.selection = Selection::None;
                Click::Deselected
            }
            _ if own => {
                self.selection = Selection::Source(Source::Square(sq));
                Click::Selected
            }
            Selection::None => Click::Ignored,
            _ => {
                self.selection = Selection::None;
                Click::Deselected
            }
        }
    }

    /// A click on a piece of kind `piece` in the hand of `seat`: picks it for a drop if
    /// `seat` is the person to move and holds one; a second click drops the pick.
    /// While a move is held for confirmation, a click on a hand cancels it.
    pub fn click_hand(&mut self, seat: G::Seat, piece: G::HandPiece) -> Click<G::Report> {
        if !self.human_to_move() || self.game.side_to_move() != Some(seat) {
            return Click::Ignored;
        }
        if self.proposal.is_some() {
            return self.cancel_move();
        }
        let source = Source::Hand(piece);
        if self.selection == Selection::Source(source) {
            self.selection = Selection::None;
            return Click::Deselected;
        }
        let held = self
            .game
            .legal_moves()
            .into_iter()
            .any(|m| G::source(m) == source);
        if held {
            self.selection = Selection::Source(source);
            Click::Selected
        } else {
            Click::Ignored
        }
    }

    /// Answers the promotion question: `Some(true)` promote, `Some(false)` not, `None`
    /// cancel (the piece stays picked).
    pub fn choose_promotion(&mut self, promote: Option<bool>) -> Click<G::Report> {
        let Selection::Promotion { from, to } = self.selection else {
            return Click::Ignored;
        };
        let Some(promote) = promote else {
            self.selection = Selection::Source(Source::Square(from));
            return Click::Deselected;
        };
        let mv = self.game.legal_moves().into_iter().find(|&m| {
            G::source(m) == Source::Square(from)
                && G::destination(m) == to
                && G::is_promotion(m) == promote
        });
        match mv {
            Some(mv) if self.human_to_move() => self.play_human(mv),
            _ => {
                self.selection = Selection::None;
                Click::Ignored
            }
        }
    }

    /// Turns *confirm moves* on or off (an app preference, not saved with the table).
    /// Turning it off cancels a held move.
    pub fn set_confirm_moves(&mut self, on: bool) {
        self.confirm_moves = on;
        if !on && self.proposal.is_some() {
            self.cancel_move();
        }
    }

    /// Plays the move held for confirmation. Returns [`Click::Played`], or
    /// [`Click::Ignored`] (and forgets it) when no move is held or it went stale: the
    /// table changed since it was chosen, a person may not move now, or it is no
    /// longer legal.
    pub fn confirm_move(&mut self) -> Click<G::Report> {
        let Some(proposal) = self.proposal.take() else {
            return Click::Ignored;
        };
        let legal = self.game.legal_moves().contains(&proposal.mv);
        if proposal.revision != self.revision || !self.human_to_move() || !legal {
            self.selection = Selection::None;
            return Click::Ignored;
        }
        self.play_now(proposal.mv)
    }

    /// Cancels the move held for confirmation: nothing is played and its piece (on the
    /// board or in hand) stays picked. Returns [`Click::Selected`], or
    /// [`Click::Ignored`] when no move was held.
    pub fn cancel_move(&mut self) -> Click<G::Report> {
        let Some(proposal) = self.proposal.take() else {
            return Click::Ignored;
        };
        if proposal.revision != self.revision || !self.human_to_move() {
            self.selection = Selection::None;
            return Click::Deselected;
        }
        self.selection = Selection::Source(G::source(proposal.mv));
        Click::Selected
    }

    /// A person chose `mv`: played, or held for confirmation when *confirm moves* is on.
    fn play_human(&mut self, mv: G::Move) -> Click<G::Report> {
        if self.confirm_moves {
            self.selection = Selection::Source(G::source(mv));
            self.proposal = Some(Proposal {
                mv,
                revision: self.revision,
            });
            return Click::AskConfirm;
        }
        self.play_now(mv)
    }

    fn play_now(&mut self, mv: G::Move) -> Click<G::Report> {
        match self.game.play(mv) {
            Ok(report) => {
                self.after_move(&report);
                Click::Played(report)
            }
            Err(_) => {
                // Checked against the legal moves just above; a refusal changes nothing.
                self.selection = Selection::None;
                Click::Ignored
            }
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
            let now = self.now_ms;
            self.notices.push(TableNotice::Timeout { seat }, true, now);
        }
        Ok(report)
    }

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
            self.selection = Selection::None;
            self.proposal = None;
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
        let now = self.now_ms;
        self.clock.tick(now, self.clock_running());
        self.modal_open = open;
        self.clock.tick(now, self.clock_running());
        self.refresh_request();
    }

    /// The table is on screen (`true`) or not (the player is looking at another game):
    /// while it is not, the clock stops and the CPU is not asked, as behind a dialog.
    pub fn set_shown(&mut self, shown: bool) {
        let now = self.now_ms;
        self.clock.tick(now, self.clock_running());
        self.shown = shown;
        self.clock.tick(now, self.clock_running());
        self.refresh_request();
    }

    /// This tab is (`true`) or is no longer the one in charge of the CPU and the clock.
    pub fn set_leader(&mut self, leader: bool) {
        self.leader = leader;
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
            }
            self.selection = Selection::None;
            self.changed();
            self.update_view_seat();
        }
    }

    /// Sets how strong the CPU plays for `seat` (and the think time of the top level,
    /// in milliseconds; values not in [`THINK_TIMES_MS`] are refused). A pending CPU
    /// request is asked again at the new level.
    pub fn set_level(&mut self, seat: G::Seat, level: Level, think_ms: u32) {
        if !THINK_TIMES_MS.contains(&think_ms) {
            return;
        }
        let i = self.participant_of(seat);
        let p = &mut self.participants[i];
        if (p.level, p.think_ms) != (level, think_ms) {
            p.level = level;
            p.think_ms = think_ms;
            self.changed();
        }
    }

    /// Replaces the settings. Rule changes apply from the next game; a new time per
    /// move counts the time already used in this turn.
    pub fn set_settings(&mut self, settings: G::Settings) {
        if settings != self.settings {
            self.settings = settings;
            self.changed();
            self.update_view_seat();
        }
    }

    /// Starts the next game under the rules of the settings (RULES H1.3, Y1.5).
    pub fn new_game(&mut self) {
        let begun = !self.game.moves().is_empty() || self.game.is_over();
        G::next_seating(&self.settings, begun, &mut self.seating);
        self.game = G::next_game(&self.settings, Some(&self.game), begun);
        self.game_number += 1;
        self.new_turn();
        self.result_dismissed = false;
        self.last_report = None;
        self.view_seat = self.home_seat();
        self.update_view_seat();
        self.changed();
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
        self.count_result();
        self.selection = Selection::None;
        self.result_dismissed = false;
        self.changed();
        Ok(())
    }

    /// Takes back moves until a person is to move: against the CPU, the CPU's reply and
    /// the person's move; in pass-and-play, one move. A resignation is taken back
    /// alone. A win counted for the game taken back is uncounted.
    ///
    /// # Errors
    /// [`TableError::NothingToTakeBack`] when nothing can be taken back.
    pub fn take_back(&mut self) -> Result<(), TableError<G::PlayError>> {
        if !self.can_take_back() {
            return Err(TableError::NothingToTakeBack);
        }
        if let Some(outcome) = self.game.outcome() {
            for seat in G::winners(&outcome) {
                let i = self.participant_of(seat);
                self.participants[i].wins = self.participants[i].wins.saturating_sub(1);
            }
        }
        while let Some(undone) = self.game.undo() {
            if matches!(undone, Undone::Resignation) || self.human_to_move_ignoring_time() {
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

    /// The result dialog was closed.
    pub fn dismiss_result(&mut self) {
        self.result_dismissed = true;
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
            error => self.notify(TableNotice::Unreadable { error, kept }),
        }
    }

    /// The browser refuses storage: the game goes on unsaved, and the player is told.
    pub fn storage_unavailable(&mut self) {
        self.save_blocked = true;
        self.notify(TableNotice::StorageUnavailable);
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

    /// The result of writing the table (generation [`Table::save_generation`]).
    pub fn save_done(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.clock_saved_ms = self.clock.used_ms();
                self.notices.remove_where(|n| *n == TableNotice::SaveFailed);
            }
            Err(_) => self.notify(TableNotice::SaveFailed),
        }
    }

    /// Another tab wrote the table (`text` is the new stored value, `None` if removed).
    ///
    /// A newer revision is taken whole (the game, seats, settings and clock); unless it
    /// only adds moves of CPU seats (made by the tab in charge), a passing notice says
    /// another tab changed the table; a game it finished shows its result. An older revision is ignored and this table
    /// is saved again, so storage keeps the newer one. The same revision from the tab in
    /// charge brings its clock. Text that cannot be read is ignored (this table stays,
    /// and is saved again at the next change).
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

    fn adopt(&mut self, remote: SavedTable<G>) {
        let continues = remote.game_number == self.game_number
            && remote.game.moves().starts_with(self.game.moves());
        let was_over = continues && self.game.is_over();
        let moved = remote.game.moves() != self.game.moves() || !continues;
        // Tell the player when a person at another tab changed the table; the moves
        // the tab in charge makes for CPU seats are not news (no notice at every one).
        let by_cpu_only = continues
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
            };
        if !by_cpu_only {
            self.notify(TableNotice::OtherTab);
        }
        if remote.game.is_over() && !was_over {
            self.result_dismissed = false;
        }
        self.settings = remote.settings;
        self.participants = remote.participants;
        self.seating = remote.seating;
        self.game = remote.game;
        self.game_number = remote.game_number;
        self.revision = remote.revision;
        self.clock = MoveClock::resumed(remote.clock_used_ms);
        self.clock_saved_ms = remote.clock_used_ms;
        self.timed_out = false;
        self.proposal = None;
        if moved {
            self.selection = Selection::None;
            self.last_report = None;
        }
        self.update_view_seat();
        self.refresh_request();
    }

    // ------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------

    /// A person plays the seat to move (their time aside).
    fn human_to_move_ignoring_time(&self) -> bool {
        self.game
            .side_to_move()
            .is_some_and(|s| self.controller(s) == Controller::Human)
    }

    /// The seat at the bottom in the fixed view: the only person's, else the first.
    fn home_seat(&self) -> G::Seat {
        let humans: Vec<G::Seat> = G::SEATS
            .iter()
            .copied()
            .filter(|&s| self.controller(s) == Controller::Human)
            .collect();
        match humans.as_slice() {
            [only] => *only,
            _ => G::SEATS[0],
        }
    }

    fn update_view_seat(&mut self) {
        match self.settings.view() {
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
        self.last_report = Some(report.clone());
        self.moves_here += 1;
        if self.game.is_over() {
            self.count_result();
            self.result_dismissed = false;
        }
        self.new_turn();
        self.update_view_seat();
        self.changed();
    }

    fn count_result(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            for seat in G::winners(&outcome) {
                let i = self.participant_of(seat);
                self.participants[i].wins = self.participants[i].wins.saturating_add(1);
            }
        }
    }

    /// A new turn: the clock restarts, nobody has run out of time, nothing is picked.
    fn new_turn(&mut self) {
        self.clock.restart();
        self.clock.tick(self.now_ms, self.clock_running());
        self.clock_saved_ms = 0.0;
        self.timed_out = false;
        self.selection = Selection::None;
        self.proposal = None;
    }

    /// Something that makes pending answers stale changed: a new revision, a save.
    /// A move held for confirmation is forgotten (its piece stays picked if it was).
    fn changed(&mut self) {
        self.proposal = None;
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

    /// Makes the pending CPU request match the table: one request per revision while
    /// this tab is in charge, no dialog is open and the CPU is to move.
    fn refresh_request(&mut self) {
        let seat = match self.game.side_to_move() {
            Some(s) if self.leader && self.shown && !self.modal_open => s,
            _ => {
                self.pending = None;
                return;
            }
        };
        let reason = if self.controller(seat) == Controller::Cpu {
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
            CpuReason::Timeout => (Level::default(), THINK_TIMES_MS[0]),
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

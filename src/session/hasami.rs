//! The Hasami Shogi table: the game in progress, who sits in each seat, the site
//! settings and the rules waiting for the next game (RULES H1.3, H5).
//!
//! This is the UI's single source of truth for Hasami; the components derive what
//! they draw from it. It knows no leptos and no browser, so it is tested natively.

use crate::ai::{self, Budget};
use crate::engine::hasami::{Game, Move, MoveReport, PlayError, Player, Rules, WinCondition};
use serde::{Deserialize, Serialize};

pub use super::TimePerMove;
use std::fmt;

/// Who makes the moves of a seat (RULES H5.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Controller {
    /// A person at this device.
    Human,
    /// The CPU.
    Cpu,
}

/// Move limits offered in the settings, in plies (RULES H4.5).
pub const MOVE_LIMITS: [Option<u32>; 4] = [None, Some(100), Some(200), Some(300)];

/// The settings panel of RULES H5: site settings and the local rules for the next game.
///
/// Deserializing checks the values against what the panel offers (a move limit not in
/// [`MOVE_LIMITS`] is refused); missing fields take their defaults.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "SettingsData")]
pub struct Settings {
    /// Mark the legal destinations of the selected piece (default on).
    pub show_legal_moves: bool,
    /// Swap who plays Black at each new game (default on, RULES H1.3).
    pub alternate_start: bool,
    /// RULES H4.1, applies from the next game.
    pub win: WinCondition,
    /// RULES H4.5 in plies, applies from the next game.
    pub move_limit: Option<u32>,
    /// RULES H5.1, applies from the next turn.
    pub time_per_move: TimePerMove,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            show_legal_moves: true,
            alternate_start: true,
            win: WinCondition::CaptureFive,
            move_limit: None,
            time_per_move: TimePerMove::None,
        }
    }
}

/// [`Settings`] as stored, before its values are checked.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct SettingsData {
    show_legal_moves: bool,
    alternate_start: bool,
    win: WinCondition,
    move_limit: Option<u32>,
    time_per_move: TimePerMove,
}

impl Default for SettingsData {
    fn default() -> SettingsData {
        let s = Settings::default();
        SettingsData {
            show_legal_moves: s.show_legal_moves,
            alternate_start: s.alternate_start,
            win: s.win,
            move_limit: s.move_limit,
            time_per_move: s.time_per_move,
        }
    }
}

impl TryFrom<SettingsData> for Settings {
    type Error = String;

    fn try_from(d: SettingsData) -> Result<Settings, String> {
        if !MOVE_LIMITS.contains(&d.move_limit) {
            return Err(format!(
                "move limit {:?} is not one of those offered",
                d.move_limit
            ));
        }
        Ok(Settings {
            show_legal_moves: d.show_legal_moves,
            alternate_start: d.alternate_start,
            win: d.win,
            move_limit: d.move_limit,
            time_per_move: d.time_per_move,
        })
    }
}

impl Settings {
    /// The local rules a new game would be played under.
    pub fn rules(&self) -> Rules {
        Rules {
            win: self.win,
            move_limit: self.move_limit,
        }
    }
}

/// One of the two participants at the table, who keep their identity across games
/// while the colours they play swap (RULES H1.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Participant {
    /// Who moves for this participant.
    pub controller: Controller,
    /// Games won at this table.
    pub wins: u32,
}

/// Why the table refused an action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableError {
    /// The side to move is played by the CPU, so a person may not move for it.
    CpuToMove,
    /// The CPU answer was computed for a position that is no longer current
    /// (new game, seat change, or a move already made).
    Stale,
    /// Nobody at this table may resign now (both seats are CPU, or hot-seat and it
    /// is not that side's turn).
    CannotResign,
    /// The engine refused.
    Play(PlayError),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::CpuToMove => f.write_str("the CPU plays this side"),
            TableError::Stale => f.write_str("the position has changed since the CPU was asked"),
            TableError::CannotResign => f.write_str("no human may resign now"),
            TableError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TableError {}

/// A request for the CPU to move: the game to think about and the token that its
/// answer must carry back ([`Table::apply_cpu`]).
#[derive(Clone, Debug)]
pub struct CpuRequest {
    /// A copy of the game in progress.
    pub game: Game,
    /// Identifies the position the answer is for.
    pub token: CpuToken,
}

/// Identifies a position of a table: the game number, the seat generation and the
/// ply. An answer with another token is stale.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CpuToken {
    generation: u64,
    moves: usize,
}

impl CpuRequest {
    /// Computes the CPU's move (this is the seam a Web Worker will take over).
    pub fn think(&self, budget: Budget) -> Option<Move> {
        let seed =
            self.token.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.token.moves as u64;
        ai::hasami::choose_move(&self.game, budget, seed)
    }
}

/// A Hasami Shogi table: settings, the two participants and the game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The settings panel (RULES H5).
    pub settings: Settings,
    participants: [Participant; 2],
    /// Index of the participant playing Black in the current game.
    black: usize,
    game: Game,
    /// Bumped by every change that makes a pending CPU answer stale.
    generation: u64,
}

impl Default for Table {
    fn default() -> Table {
        Table::new(Settings::default())
    }
}

impl Table {
    /// A table with a new game: participant 0 (a person) plays Black against the CPU.
    pub fn new(settings: Settings) -> Table {
        Table {
            settings,
            participants: [
                Participant {
                    controller: Controller::Human,
                    wins: 0,
                },
                Participant {
                    controller: Controller::Cpu,
                    wins: 0,
                },
            ],
            black: 0,
            game: Game::new(settings.rules()),
            generation: 0,
        }
    }

    /// The game in progress (or just finished).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The participant index (0 or 1) playing `player` in this game.
    pub fn participant_of(&self, player: Player) -> usize {
        match player {
            Player::Black => self.black,
            Player::White => 1 - self.black,
        }
    }

    /// The two participants.
    pub fn participants(&self) -> [Participant; 2] {
        self.participants
    }

    /// Who moves for `player` in this game.
    pub fn controller(&self, player: Player) -> Controller {
        self.participants[self.participant_of(player)].controller
    }

    /// Hands the seat of `player` to the CPU or back to a person, at any point of the
    /// game (RULES H5.2). A pending CPU answer becomes stale.
    pub fn set_controller(&mut self, player: Player, controller: Controller) {
        let i = self.participant_of(player);
        if self.participants[i].controller != controller {
            self.participants[i].controller = controller;
            self.generation += 1;
        }
    }

    /// Whether the rules in the settings differ from those of the game in progress,
    /// so they will apply from the next game.
    pub fn rules_pending(&self) -> bool {
        self.settings.rules() != self.game.rules()
    }

    /// Whether a person may move now: the game is on and the side to move is human.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over()
            && self.controller(self.game.position().side_to_move()) == Controller::Human
    }

    /// Plays a person's move.
    ///
    /// # Errors
    /// [`TableError::CpuToMove`] if the CPU plays the side to move, or the engine's
    /// refusal ([`TableError::Play`]). Nothing changes on error.
    pub fn play_human(&mut self, mv: Move) -> Result<MoveReport, TableError> {
        if !self.game.is_over() && !self.human_to_move() {
            return Err(TableError::CpuToMove);
        }
        let report = self.game.play(mv).map_err(TableError::Play)?;
        self.after_move(&report);
        Ok(report)
    }

    /// A request for the CPU, if the game is on and the CPU plays the side to move.
    pub fn cpu_request(&self) -> Option<CpuRequest> {
        (!self.game.is_over() && !self.human_to_move()).then(|| self.request())
    }

    /// A request for the CPU to move for the person to move, whose time ran out
    /// (RULES H5.1). `None` if the game is over.
    pub fn timeout_request(&self) -> Option<CpuRequest> {
        (!self.game.is_over()).then(|| self.request())
    }

    fn request(&self) -> CpuRequest {
        CpuRequest {
            game: self.game.clone(),
            token: self.token(),
        }
    }

    /// The token of the current position.
    pub fn token(&self) -> CpuToken {
        CpuToken {
            generation: self.generation,
            moves: self.game.moves().len(),
        }
    }

    /// Plays the CPU's answer to a request, if the position is still the one asked
    /// about (RULES H5.1, H5.2).
    ///
    /// # Errors
    /// [`TableError::Stale`] if a move, a new game or a seat change came in between,
    /// or the game is over; [`TableError::Play`] if the move is illegal.
    pub fn apply_cpu(&mut self, token: CpuToken, mv: Move) -> Result<MoveReport, TableError> {
        if token != self.token() || self.game.is_over() {
            return Err(TableError::Stale);
        }
        let report = self.game.play(mv).map_err(TableError::Play)?;
        self.after_move(&report);
        Ok(report)
    }

    fn after_move(&mut self, report: &MoveReport) {
        if let Some(winner) = report.outcome.and_then(|o| o.winner()) {
            let i = self.participant_of(winner);
            self.participants[i].wins = self.participants[i].wins.saturating_add(1);
        }
    }

    /// The side a resignation would be for now (RULES H4.3): against the CPU, the
    /// human at any time; in hot-seat, the side to move. `None` if the game is over
    /// or both seats are CPU.
    pub fn resigner(&self) -> Option<Player> {
        if self.game.is_over() {
            return None;
        }
        let to_move = self.game.position().side_to_move();
        match (
            self.controller(Player::Black),
            self.controller(Player::White),
        ) {
            (Controller::Human, Controller::Human) => Some(to_move),
            (Controller::Human, Controller::Cpu) => Some(Player::Black),
            (Controller::Cpu, Controller::Human) => Some(Player::White),
            (Controller::Cpu, Controller::Cpu) => None,
        }
    }

    /// Resigns for [`Table::resigner`] (RULES H4.3).
    ///
    /// # Errors
    /// [`TableError::CannotResign`] when nobody may resign.
    pub fn resign(&mut self) -> Result<(), TableError> {
        let player = self.resigner().ok_or(TableError::CannotResign)?;
        let outcome = self.game.resign(player).map_err(TableError::Play)?;
        if let Some(winner) = outcome.winner() {
            let i = self.participant_of(winner);
            self.participants[i].wins = self.participants[i].wins.saturating_add(1);
        }
        self.generation += 1;
        Ok(())
    }

    /// Starts the next game under the rules of the settings. With *alternate who
    /// starts*, the participants swap colours (RULES H1.3) if the game being left had
    /// begun; restarting a game nobody has moved in keeps the colours.
    pub fn new_game(&mut self) {
        let begun = !self.game.moves().is_empty() || self.game.is_over();
        if self.settings.alternate_start && begun {
            self.black = 1 - self.black;
        }
        self.game = Game::new(self.settings.rules());
        self.generation += 1;
    }

    /// What is saved of the table besides the settings: the game and the seating.
    pub fn saved(&self) -> SavedTable {
        SavedTable {
            participants: self.participants,
            black: self.black,
            game: self.game.clone(),
        }
    }

    /// A table from its settings and a saved game and seating.
    pub fn restore(settings: Settings, saved: SavedTable) -> Table {
        Table {
            settings,
            participants: saved.participants,
            black: saved.black,
            game: saved.game,
            generation: 0,
        }
    }
}

/// The part of a [`Table`] saved after every move: the participants, who plays Black
/// and the game (as its record, replayed and checked on load). Deserializing refuses a
/// `black` other than 0 or 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SavedTableData")]
pub struct SavedTable {
    /// The two participants.
    pub participants: [Participant; 2],
    /// Index (0 or 1) of the participant playing Black.
    pub black: usize,
    /// The game in progress or just finished.
    pub game: Game,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::{Outcome, WinReason};

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn human_cannot_move_for_the_cpu() {
        let mut table = Table::default();
        table.play_human(mv("e1e5")).unwrap();
        assert_eq!(table.play_human(mv("e9e6")), Err(TableError::CpuToMove));
        assert_eq!(table.game().moves().len(), 1);
    }

    #[test]
    fn stale_cpu_answers_are_refused() {
        // After a new game or a seat change, an answer for the old position is refused.
        let mut table = Table::default();
        table.play_human(mv("e1e5")).unwrap();
        let req = table.cpu_request().expect("the CPU plays White");
        let answer = req
            .think(Budget {
                max_depth: 1,
                max_nodes: 1000,
            })
            .unwrap();
        table.set_controller(Player::White, Controller::Human);
        assert_eq!(table.apply_cpu(req.token, answer), Err(TableError::Stale));
        table.set_controller(Player::White, Controller::Cpu);
        let req = table.cpu_request().unwrap();
        table.new_game();
        assert_eq!(table.apply_cpu(req.token, answer), Err(TableError::Stale));
        assert_eq!(table.game().moves().len(), 0);
    }

    #[test]
    fn cpu_answer_applies_once() {
        let mut table = Table::default();
        table.play_human(mv("e1e5")).unwrap();
        let req = table.cpu_request().unwrap();
        let answer = req
            .think(Budget {
                max_depth: 2,
                max_nodes: 10_000,
            })
            .unwrap();
        table.apply_cpu(req.token, answer).unwrap();
        assert_eq!(
            table.apply_cpu(req.token, answer),
            Err(TableError::Stale),
            "a second answer is stale"
        );
        assert_eq!(table.game().moves().len(), 2);
        assert!(table.cpu_request().is_none(), "the human is to move");
    }

    #[test]
    fn no_cpu_after_the_end() {
        let mut table = Table::default();
        table.resign().unwrap();
        assert_eq!(
            table.game().outcome(),
            Some(Outcome::Win {
                winner: Player::White,
                reason: WinReason::Resignation
            })
        );
        assert!(table.cpu_request().is_none());
        assert!(table.timeout_request().is_none());
        assert_eq!(table.participants()[1].wins, 1);
    }

    #[test]
    fn alternate_start_swaps_colours_h1_3() {
        // RULES H1.3: Black moves first; the participants swap colours at the next game.
        let mut table = Table::default();
        assert_eq!(table.controller(Player::Black), Controller::Human);
        table.new_game();
        assert_eq!(
            table.controller(Player::Black),
            Controller::Human,
            "nobody had moved"
        );
        table.play_human(mv("e1e5")).unwrap();
        table.new_game();
        assert_eq!(table.controller(Player::Black), Controller::Cpu);
        assert!(table.cpu_request().is_some(), "the CPU now opens as Black");
        table.settings.alternate_start = false;
        table.resign().unwrap();
        table.new_game();
        assert_eq!(table.controller(Player::Black), Controller::Cpu);
    }

    #[test]
    fn rule_changes_wait_for_the_next_game() {
        let mut table = Table::default();
        table.settings.win = WinCondition::CaptureAll;
        assert!(table.rules_pending());
        assert_eq!(table.game().rules().win, WinCondition::CaptureFive);
        table.new_game();
        assert!(!table.rules_pending());
        assert_eq!(table.game().rules().win, WinCondition::CaptureAll);
    }

    #[test]
    fn resigner_follows_h4_3() {
        let mut table = Table::default();
        assert_eq!(table.resigner(), Some(Player::Black));
        table.set_controller(Player::White, Controller::Human);
        table.play_human(mv("e1e5")).unwrap();
        assert_eq!(
            table.resigner(),
            Some(Player::White),
            "hot-seat: the side to move"
        );
        table.set_controller(Player::White, Controller::Cpu);
        table.set_controller(Player::Black, Controller::Cpu);
        assert_eq!(table.resign(), Err(TableError::CannotResign));
    }
}

/// [`SavedTable`] as stored, before its values are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedTableData {
    participants: [Participant; 2],
    black: usize,
    game: Game,
}

impl TryFrom<SavedTableData> for SavedTable {
    type Error = String;

    fn try_from(d: SavedTableData) -> Result<SavedTable, String> {
        if d.black > 1 {
            return Err(format!(
                "black is played by participant {}, not 0 or 1",
                d.black
            ));
        }
        Ok(SavedTable {
            participants: d.participants,
            black: d.black,
            game: d.game,
        })
    }
}

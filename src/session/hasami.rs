//! Hasami Shogi at the table: the settings panel (RULES H5), how a new game starts
//! (RULES H1.3: participants swap colours), resignation (RULES H4.3), the CPU seam, and
//! the migration of tables saved by version 1 of the app.

use super::feedback::MoveSound;
use super::storage;
use super::table::{self, GameSettings, Participant, Revision, SavedTable, Source, TableGame};
use crate::ai::{self, Think};
use crate::engine::Square;
use crate::engine::hasami::{Game, Move, MoveReport, Outcome, Player, Rules, WinCondition};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;

pub use super::TimePerMove;
pub use super::table::{Controller, ViewMode};

/// The Hasami table.
pub type Table = table::Table<Game>;

/// Move limits offered in the settings, in plies (RULES H4.5).
pub const MOVE_LIMITS: [Option<u32>; 4] = [None, Some(100), Some(200), Some(300)];

/// The pieces the Hasami board is drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceStyle {
    /// Today's marks: a dark piece with a light disc (Black), a light piece with a
    /// ring (White). The default.
    #[default]
    Marks,
    /// The traditional set, shogi pawns: 歩 for Black and と (the pawn's reverse) for
    /// White, written in ink on plain pentagons, the opponent's pointing the other way.
    Kanji,
}

impl PieceStyle {
    /// Every choice, the default first.
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Marks, PieceStyle::Kanji];

    /// The code of the choice: the saved value and the `value` of its option in the
    /// `piece-set` select.
    pub const fn code(self) -> &'static str {
        match self {
            PieceStyle::Marks => "marks",
            PieceStyle::Kanji => "kanji",
        }
    }

    /// What is written on a piece of `side`: `None` for the marks, else 歩 (Black) or
    /// と (White).
    pub const fn text(self, side: Player) -> Option<&'static str> {
        match (self, side) {
            (PieceStyle::Marks, _) => None,
            (PieceStyle::Kanji, Player::Black) => Some("歩"),
            (PieceStyle::Kanji, Player::White) => Some("と"),
        }
    }
}

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
    /// RULES H5.1; a change counts the time already used in this turn.
    pub time_per_move: TimePerMove,
    /// How the board is turned (default fixed).
    pub view: ViewMode,
    /// The pieces the board is drawn with (default the marks).
    pub pieces: PieceStyle,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            show_legal_moves: true,
            alternate_start: true,
            win: WinCondition::CaptureFive,
            move_limit: None,
            time_per_move: TimePerMove::None,
            view: ViewMode::Fixed,
            pieces: PieceStyle::Marks,
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
    view: ViewMode,
    pieces: PieceStyle,
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
            view: s.view,
            pieces: s.pieces,
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
            view: d.view,
            pieces: d.pieces,
        })
    }
}

impl GameSettings for Settings {
    type Rules = Rules;

    fn rules(&self) -> Rules {
        Rules {
            win: self.win,
            move_limit: self.move_limit,
        }
    }

    fn show_legal_moves(&self) -> bool {
        self.show_legal_moves
    }

    fn alternate_start(&self) -> bool {
        self.alternate_start
    }

    fn time_per_move(&self) -> TimePerMove {
        self.time_per_move
    }

    fn view(&self) -> ViewMode {
        self.view
    }
}

impl TableGame for Game {
    type Settings = Settings;
    type HandPiece = Infallible;

    const KEY: &'static str = "hasami";
    const CAN_RESIGN: bool = true;

    /// Black always moves first (RULES H1.2); who plays Black is the seating's business.
    fn next_game(settings: &Settings, _previous: Option<&Game>, _begun: bool) -> Game {
        Game::new(settings.rules())
    }

    /// RULES H1.3: with *alternate who starts*, the participants swap colours if the game
    /// being left had begun.
    fn next_seating(settings: &Settings, begun: bool, seating: &mut [usize]) {
        if settings.alternate_start && begun {
            seating.swap(0, 1);
        }
    }

    fn source(mv: Move) -> Source<Infallible> {
        Source::Square(mv.from)
    }

    fn destination(mv: Move) -> Square {
        mv.to
    }

    fn is_promotion(_mv: Move) -> bool {
        false
    }

    fn sound(report: &MoveReport) -> MoveSound {
        super::feedback::hasami_sound(report)
    }

    fn owner_at(&self, sq: Square) -> Option<Player> {
        self.position().piece_at(sq)
    }

    fn resign(&mut self, seat: Player) -> bool {
        Game::resign(self, seat).is_ok()
    }

    fn winners(outcome: &Outcome) -> Vec<Player> {
        outcome.winner().into_iter().collect()
    }

    fn cpu_move(&self, think: &Think) -> Option<Move> {
        ai::hasami::choose(self, think)
    }

    fn migrate_v1(
        data: serde_json::Value,
        legacy_settings: Option<&str>,
    ) -> Result<SavedTable<Game>, String> {
        migrate_v1(data, legacy_settings)
    }
}

/// The table as version 1 of the app saved it (`shogi-variants/hasami/table`, with the
/// settings apart under `shogi-variants/hasami/settings`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableV1 {
    participants: [Participant; 2],
    black: usize,
    game: Game,
}

/// Reads a table saved by version 1 of the app: `data` is the table envelope's data,
/// `settings` the text stored under the old settings key (if any; unreadable settings
/// give the defaults, as version 1 did).
///
/// # Errors
/// A description of what is damaged in `data`.
fn migrate_v1(data: serde_json::Value, settings: Option<&str>) -> Result<SavedTable<Game>, String> {
    let old: TableV1 = serde_json::from_value(data).map_err(|e| e.to_string())?;
    let seating = match old.black {
        0 => vec![0, 1],
        1 => vec![1, 0],
        n => return Err(format!("black is played by participant {n}, not 0 or 1")),
    };
    let settings = settings
        .and_then(|text| storage::decode::<Settings>(text, 1).ok())
        .unwrap_or_default();
    Ok(SavedTable {
        settings,
        participants: old.participants.to_vec(),
        seating,
        game: old.game,
        game_number: 1,
        revision: Revision { seq: 1, page: 0 },
        clock_used_ms: 0.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_piece_set_is_saved_with_the_settings() {
        // Saved before there was a piece set: the marks.
        let old: Settings = serde_json::from_str(r#"{"win":"capture_all"}"#).unwrap();
        assert_eq!(old.pieces, PieceStyle::Marks);
        assert_eq!(old.win, WinCondition::CaptureAll);
        let pawns = Settings {
            pieces: PieceStyle::Kanji,
            ..Settings::default()
        };
        let text = serde_json::to_string(&pawns).unwrap();
        assert!(text.contains(r#""pieces":"kanji""#), "{text}");
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), pawns);
        for set in PieceStyle::ALL {
            assert_eq!(serde_json::to_value(set).unwrap(), set.code());
        }
    }

    #[test]
    fn shogi_pawns_are_written_on_the_pieces() {
        assert_eq!(PieceStyle::Kanji.text(Player::Black), Some("歩"));
        assert_eq!(PieceStyle::Kanji.text(Player::White), Some("と"));
        assert_eq!(PieceStyle::Marks.text(Player::Black), None);
        assert_eq!(PieceStyle::Marks.text(Player::White), None);
    }
}

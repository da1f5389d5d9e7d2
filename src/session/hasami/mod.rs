//! Hasami Shogi at the table: the settings panel (RULES H5), how a new game starts
//! (RULES H1.3: participants swap colours), resignation (RULES H4.3), the CPU seam,
//! and the tables version 1 of the app saved ([`legacy`]).

pub mod legacy;
pub mod look;
pub mod rules_page;

use super::feedback::MoveSound;
use super::table::history::MoveNote;
use super::table::stats::Standing;
use super::table::{self, LegacyFormat, PanelRules, PieceStyleChoice, Source, TableGame};
use crate::ai::{self, Think};
use crate::engine::Square;
use crate::engine::hasami::{Game, Move, MoveReport, Outcome, PlayError, Player, Rules};
use crate::session::storage::keys;
use serde::{Deserialize, Serialize};
use std::convert::Infallible;

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

impl PieceStyleChoice for PieceStyle {
    const ALL: &'static [PieceStyle] = &[PieceStyle::Marks, PieceStyle::Kanji];

    /// `marks` or `kanji`: the saved value and the `value` of its option in the
    /// `piece-set` select.
    fn code(self) -> &'static str {
        match self {
            PieceStyle::Marks => "marks",
            PieceStyle::Kanji => "kanji",
        }
    }
}

impl PieceStyle {
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

/// The settings panel of a Hasami table (RULES H5): the shared site settings, the
/// local rules of the next game (win condition, RULES H4.1; move limit, RULES H4.5)
/// and the piece style.
pub type Settings = table::Settings<Rules, PieceStyle>;

impl PanelRules for Rules {
    const MOVE_LIMITS: &'static [Option<u32>] = &MOVE_LIMITS;

    fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }
}

impl TableGame for Game {
    type PieceStyle = PieceStyle;
    type HandPiece = Infallible;

    const KEY: &'static str = "hasami";
    const TABLE_KEY: &'static str = keys::HASAMI_TABLE;
    const SHARED_KEY: &'static str = keys::HASAMI_SHARED;
    const CAN_RESIGN: bool = true;

    /// Black always moves first (RULES H1.2); who plays Black is the seating's business.
    fn next_game(settings: &Settings, _previous: Option<&Game>, _begun: bool) -> Game {
        Game::new(settings.rules)
    }

    fn under_rules(&self, rules: Rules) -> Option<Game> {
        let mut record = crate::engine::Variant::record(self);
        record.rules = rules;
        <Game as crate::engine::Variant>::from_record(&record).ok()
    }

    /// RULES H1.3: with *alternate who starts*, the participants swap colours if the game
    /// being left had begun.
    fn next_seating(settings: &Settings, begun: bool, seating: &mut [usize]) {
        if settings.table.alternate_who_starts && begun {
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

    /// The side to move in the position each move was played in.
    fn moved_by(&self) -> Vec<Player> {
        self.positions()
            .iter()
            .take(self.moves().len())
            .map(|p| p.side_to_move())
            .collect()
    }

    fn resign(&mut self, seat: Player) -> bool {
        Game::resign(self, seat).is_ok()
    }

    fn standing(_game: &Game, outcome: &Outcome, seat: Player) -> Standing {
        match outcome.winner() {
            None => Standing::Draw,
            Some(w) if w == seat => Standing::Win,
            Some(_) => Standing::Loss,
        }
    }

    fn winners(outcome: &Outcome) -> Vec<Player> {
        outcome.winner().into_iter().collect()
    }

    fn cpu_analysis(&self, think: &Think) -> Option<(Move, u64)> {
        ai::hasami::analyse(self, think).map(|a| (a.best, a.nodes))
    }

    const NUMBERS_IN_PAIRS: bool = true;

    fn play_noted(&mut self, mv: Move) -> Result<MoveNote<Player>, PlayError> {
        let seat = self.position().side_to_move();
        let report = self.play(mv)?;
        Ok(MoveNote {
            seat,
            notation: mv.to_string(),
            captured: report.captured.len() as u8,
            promoted: false,
            checks: Vec::new(),
            skipped: Vec::new(),
            mates: Vec::new(),
            ends_game: report.outcome.is_some(),
        })
    }

    fn legacy() -> Option<&'static dyn LegacyFormat<Game>> {
        Some(&legacy::VERSION_1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::WinCondition;
    use crate::session::table::{TimePerMove, ViewMode};

    #[test]
    fn the_piece_style_is_saved_with_the_settings() {
        // Saved before there was a piece style: the marks.
        let old: Settings = serde_json::from_str(r#"{"win":"capture_all"}"#).unwrap();
        assert_eq!(old.pieces, PieceStyle::Marks);
        assert_eq!(old.rules.win, WinCondition::CaptureAll);
        assert_eq!(old.rules.move_limit, None);
        assert!(old.table.alternate_who_starts);
        let pawns = Settings {
            pieces: PieceStyle::Kanji,
            ..Settings::default()
        };
        let text = serde_json::to_string(&pawns).unwrap();
        assert!(text.contains(r#""pieces":"kanji""#), "{text}");
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), pawns);
        for &style in PieceStyle::ALL {
            assert_eq!(serde_json::to_value(style).unwrap(), style.code());
        }
    }

    #[test]
    fn settings_are_stored_flat_and_checked_h5() {
        // RULES H5: the panel's settings, stored as one flat object under the names
        // earlier builds wrote; "alternate_start" is Hasami's first name for
        // alternate who starts.
        let text = r#"{"show_legal_moves":false,"alternate_start":false,"win":"lead_by_three","move_limit":200,"time_per_move":"seconds30","view":"turn_to_move","pieces":"kanji"}"#;
        let s: Settings = serde_json::from_str(text).unwrap();
        assert!(!s.table.show_legal_moves);
        assert!(!s.table.alternate_who_starts);
        assert_eq!(s.table.time_per_move, TimePerMove::Seconds30);
        assert_eq!(s.table.view, ViewMode::TurnToMove);
        assert_eq!(s.rules.win, WinCondition::LeadByThree);
        assert_eq!(s.rules.move_limit, Some(200));
        assert_eq!(s.pieces, PieceStyle::Kanji);
        let again: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(again, s);
        let refused = serde_json::from_str::<Settings>(r#"{"move_limit":7}"#).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains("move limit Some(7) is not one of those offered"),
            "{refused}"
        );
    }

    #[test]
    fn shogi_pawns_are_written_on_the_pieces() {
        assert_eq!(PieceStyle::Kanji.text(Player::Black), Some("歩"));
        assert_eq!(PieceStyle::Kanji.text(Player::White), Some("と"));
        assert_eq!(PieceStyle::Marks.text(Player::Black), None);
        assert_eq!(PieceStyle::Marks.text(Player::White), None);
    }
}

//! Yonin Shogi at the table: the settings panel of RULES Y8 (the local rules of
//! [`crate::engine::yonin::Rules`] and the site settings), how a new game starts (RULES
//! Y1.5: one seat further clockwise), and the CPU seam. Yonin has no resignation (RULES
//! Y6.6). What each move did, told for the banner and the results table: [`story`].

pub mod look;
pub mod rules_page;
pub mod story;

pub use story::{
    MateStory, PlacingRow, TurnStory, last_turn_story, placing_rows, turn_stories, turn_story,
};

use super::feedback::MoveSound;
use super::table::history::{Mate, MoveNote};
use super::table::stats::Standing;
use super::table::{self, PanelRules, PieceStyleChoice, Source, TableGame};
use crate::ai::{self, Think};
use crate::engine::Square;
use crate::engine::yonin::{Game, Move, MoveReport, Outcome, PlayError, Role, Rules, Seat};
use crate::session::storage::keys;
use serde::{Deserialize, Serialize};

/// The Yonin table.
pub type Table = table::Table<Game>;

/// Move limits offered in the settings: moves of all four seats together (RULES Y6.4).
pub const MOVE_LIMITS: [Option<u32>; 4] = [None, Some(200), Some(300), Some(400)];

/// How the kinds of pieces are written on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceStyle {
    /// The kanji of shogi sets: 玉 飛 金 銀 歩, promoted 龍 全 と (default).
    #[default]
    Kanji,
    /// Latin letters K R G S P, promoted +R +S +P, for players who don't read kanji.
    Letters,
}

impl PieceStyleChoice for PieceStyle {
    const ALL: &'static [PieceStyle] = &[PieceStyle::Kanji, PieceStyle::Letters];

    /// `kanji` or `letters`: the saved value and the `value` of its option in the
    /// `piece-set` and `set-pieces` selects.
    fn code(self) -> &'static str {
        match self {
            PieceStyle::Kanji => "kanji",
            PieceStyle::Letters => "letters",
        }
    }
}

impl PieceStyle {
    /// What is written on a piece of `role`, promoted or not.
    pub const fn text(self, role: Role, promoted: bool) -> &'static str {
        match (self, role, promoted) {
            (PieceStyle::Kanji, Role::King, _) => "玉",
            (PieceStyle::Kanji, Role::Rook, false) => "飛",
            (PieceStyle::Kanji, Role::Rook, true) => "龍",
            (PieceStyle::Kanji, Role::Gold, _) => "金",
            (PieceStyle::Kanji, Role::Silver, false) => "銀",
            (PieceStyle::Kanji, Role::Silver, true) => "全",
            (PieceStyle::Kanji, Role::Pawn, false) => "歩",
            (PieceStyle::Kanji, Role::Pawn, true) => "と",
            (PieceStyle::Letters, Role::King, _) => "K",
            (PieceStyle::Letters, Role::Rook, false) => "R",
            (PieceStyle::Letters, Role::Rook, true) => "+R",
            (PieceStyle::Letters, Role::Gold, _) => "G",
            (PieceStyle::Letters, Role::Silver, false) => "S",
            (PieceStyle::Letters, Role::Silver, true) => "+S",
            (PieceStyle::Letters, Role::Pawn, false) => "P",
            (PieceStyle::Letters, Role::Pawn, true) => "+P",
        }
    }
}

/// The settings panel of a Yonin table (RULES Y8): the shared site settings, the local
/// rules of the next game ([`crate::engine::yonin::Rules`]) and the piece style.
/// `Default` is the RULES default (individual, after two mates, pieces to the mater,
/// no move limit, show legal moves on, alternate who starts on, no time per move,
/// fixed view, kanji).
pub type Settings = table::Settings<Rules, PieceStyle>;

impl PanelRules for Rules {
    const MOVE_LIMITS: &'static [Option<u32>] = &MOVE_LIMITS;

    fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }
}

/// The seat that starts the game after one that `previous` started (RULES Y1.5): the
/// next seat clockwise with *alternate who starts* on, South otherwise. The first game
/// of all starts with South.
pub const fn next_starting_seat(settings: &Settings, previous: Seat) -> Seat {
    if settings.table.alternate_who_starts {
        previous.next()
    } else {
        Seat::South
    }
}

impl TableGame for Game {
    type PieceStyle = PieceStyle;
    type HandPiece = Role;

    const KEY: &'static str = "yonin";
    const TABLE_KEY: &'static str = keys::YONIN_TABLE;
    const SHARED_KEY: &'static str = keys::YONIN_SHARED;
    const CAN_RESIGN: bool = false;

    /// RULES Y1.5: the first game starts with South; a new game after one that had begun
    /// starts one seat further clockwise (with *alternate who starts*).
    fn next_game(settings: &Settings, previous: Option<&Game>, begun: bool) -> Game {
        let first = match previous {
            None => Seat::South,
            Some(prev) if begun => next_starting_seat(settings, prev.starting_seat()),
            Some(prev) if settings.table.alternate_who_starts => prev.starting_seat(),
            Some(_) => Seat::South,
        };
        Game::new(settings.rules, first)
    }

    fn under_rules(&self, rules: Rules) -> Option<Game> {
        let mut record = crate::engine::Variant::record(self);
        record.rules = rules;
        <Game as crate::engine::Variant>::from_record(&record).ok()
    }

    fn source(mv: Move) -> Source<Role> {
        match mv {
            Move::Drop { role, .. } => Source::Hand(role),
            _ => Source::Square(mv.from().expect("a board move has a from-square")),
        }
    }

    fn destination(mv: Move) -> Square {
        mv.to()
    }

    fn is_promotion(mv: Move) -> bool {
        mv.is_promotion()
    }

    fn sound(report: &MoveReport) -> MoveSound {
        super::feedback::yonin_sound(report)
    }

    fn owner_at(&self, sq: Square) -> Option<Seat> {
        self.position().piece_at(sq).and_then(|p| p.owner)
    }

    fn moved_by(&self) -> Vec<Seat> {
        self.movers().to_vec()
    }

    fn still_plays(&self, seat: Seat) -> bool {
        self.position().is_live(seat)
    }

    fn in_hand(&self, seat: Seat, piece: Role) -> u32 {
        u32::from(self.position().hand(seat).count(piece))
    }

    fn standing(_game: &Game, outcome: &Outcome, seat: Seat) -> Standing {
        outcome.place(seat).map_or(Standing::Draw, Standing::Place)
    }

    fn winners(outcome: &Outcome) -> Vec<Seat> {
        outcome.winners().iter().collect()
    }

    fn cpu_analysis(&self, think: &Think) -> Option<(Move, u64)> {
        ai::yonin::analyse(self, think).map(|a| (a.best, a.nodes))
    }

    fn play_noted(&mut self, mv: Move) -> Result<MoveNote<Seat>, PlayError> {
        let before = self.position().clone();
        let report = self.play(mv)?;
        let story = story::turn_story(&before, &report);
        Ok(MoveNote {
            seat: story.mover,
            notation: mv.to_string(),
            captured: u8::from(story.captured.is_some()),
            promoted: mv.is_promotion(),
            checks: story.checks.iter().collect(),
            skipped: story.skipped,
            mates: story
                .mates
                .iter()
                .map(|m| Mate {
                    seat: m.seat,
                    by: m.by,
                })
                .collect(),
            ends_game: report.outcome.is_some(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::yonin::{EliminatedPieces, Format, GameEnd};

    #[test]
    fn the_move_list_notes_a_promotion_y2_4_y9_1() {
        // RULES Y2.4, Y9.1: `e6e7+` promotes South's silver and its note says so (the
        // list draws checks apart: a word, not the notation's `+`); `e6e7` does not.
        let pos: crate::engine::yonin::Position = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw2Ss2PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/4RsPs3/2SsGsKsGs3 P/-/-/- s - 0 -"
            .parse()
            .unwrap();
        let mut g = Game::from_position(pos.clone());
        let note = g.play_noted("e6e7+".parse().unwrap()).unwrap();
        assert!(note.promoted);
        assert_eq!(note.notation, "e6e7+");
        let mut g = Game::from_position(pos);
        let note = g.play_noted("e6e7".parse().unwrap()).unwrap();
        assert!(!note.promoted);
    }

    #[test]
    fn starting_seat_alternates_y1_5() {
        // RULES Y1.5
        let s = Settings::default();
        assert_eq!(next_starting_seat(&s, Seat::South), Seat::West);
        assert_eq!(next_starting_seat(&s, Seat::East), Seat::South);
        let mut fixed = Settings::default();
        fixed.table.alternate_who_starts = false;
        assert_eq!(next_starting_seat(&fixed, Seat::North), Seat::South);
        let first = Game::next_game(&s, None, false);
        assert_eq!(first.starting_seat(), Seat::South);
        let second = Game::next_game(&s, Some(&first), true);
        assert_eq!(second.starting_seat(), Seat::West);
        let unplayed = Game::next_game(&s, Some(&second), false);
        assert_eq!(
            unplayed.starting_seat(),
            Seat::West,
            "restarting an unplayed game keeps who starts"
        );
    }

    #[test]
    fn settings_give_the_rules_y8() {
        // RULES Y8: every local rule of the panel reaches the engine.
        let s = Settings {
            rules: Rules {
                format: Format::Pairs,
                end: GameEnd::ToTheLast,
                eliminated_pieces: EliminatedPieces::Ownerless,
                move_limit: Some(300),
            },
            ..Settings::default()
        };
        assert_eq!(s.rules.to_string(), "pairs,last,ownerless,limit=300");
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), s);
        assert!(serde_json::from_str::<Settings>(r#"{"move_limit":7}"#).is_err());
        assert_eq!(
            serde_json::from_str::<Settings>("{}").unwrap(),
            Settings::default()
        );
    }

    #[test]
    fn the_piece_style_is_saved_by_its_code() {
        for &style in PieceStyle::ALL {
            assert_eq!(serde_json::to_value(style).unwrap(), style.code());
        }
        assert_eq!(PieceStyle::ALL, [PieceStyle::Kanji, PieceStyle::Letters]);
        assert_eq!(PieceStyle::Letters.text(Role::Rook, true), "+R");
        assert_eq!(PieceStyle::Kanji.text(Role::Pawn, true), "と");
    }
}

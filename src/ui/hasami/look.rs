//! The names of Hasami Shogi in the player's language: the sides, the pieces for
//! screen readers ([`Names`]), the outcome of a game and the last move read out.

use crate::engine::hasami::{DrawReason, Game, Outcome, Player, WinReason};
use crate::session::board::{BoardNames, MarkWords};
use crate::ui::I18n;
use crate::ui::i18n::t_string;
use std::convert::Infallible;

/// The translated name of a side.
pub fn side_name(i18n: I18n, side: Player) -> String {
    match side {
        Player::Black => t_string!(i18n, black).to_string(),
        Player::White => t_string!(i18n, white).to_string(),
    }
}

/// The board's names of Hasami pieces, translated.
pub struct Names(pub I18n);

impl BoardNames<Game> for Names {
    fn marks(&self) -> MarkWords {
        crate::ui::table::mark_words(self.0)
    }

    fn piece(&self, side: Player) -> String {
        let i18n = self.0;
        match side {
            Player::Black => t_string!(i18n, piece_black).to_string(),
            Player::White => t_string!(i18n, piece_white).to_string(),
        }
    }

    fn hand(&self, _seat: Player) -> String {
        String::new()
    }

    fn kind(&self, kind: Infallible) -> String {
        match kind {}
    }

    fn hand_piece(&self, _seat: Player, kind: Infallible, _count: u8) -> String {
        match kind {}
    }
}

/// The headline of an outcome ("Black wins", "Draw").
pub fn outcome_title(i18n: I18n, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, .. } => {
            let side = side_name(i18n, winner);
            t_string!(i18n, wins_title, side = side).to_string()
        }
        Outcome::Draw { .. } => t_string!(i18n, draw_title).to_string(),
    }
}

/// Why `game` ended (RULES H4), with the winner's captures or lead as the position
/// has them (a multiple capture may go past five, or past a lead of three: H4.1).
pub fn outcome_reason(i18n: I18n, game: &Game, outcome: Outcome) -> String {
    let captures = |p: Player| u32::from(game.position().captures(p));
    match outcome {
        Outcome::Win { reason, winner } => match reason {
            WinReason::CapturedFive => {
                return t_string!(i18n, reason_captured, count = captures(winner)).to_string();
            }
            WinReason::LeadByThree => {
                let lead = captures(winner).saturating_sub(captures(winner.opponent()));
                return t_string!(i18n, reason_lead, count = lead).to_string();
            }
            WinReason::CapturedAll => t_string!(i18n, reason_captured_all),
            WinReason::NoLegalMove => t_string!(i18n, reason_no_legal_move),
            WinReason::Resignation => {
                let loser = side_name(i18n, winner.opponent());
                return t_string!(i18n, reason_resignation, side = loser).to_string();
            }
        },
        Outcome::Draw {
            reason: DrawReason::Repetition,
        } => t_string!(i18n, reason_repetition),
        Outcome::Draw {
            reason: DrawReason::MoveLimit,
        } => t_string!(i18n, reason_move_limit),
    }
    .to_string()
}

/// The last move read out for screen readers, with the number of pieces it captured.
pub fn announcement(i18n: I18n, game: &Game) -> Option<String> {
    let (mv, captured) = (*game.moves().last()?, game.captured().last()?.len());
    let side = side_name(
        i18n,
        game.positions()[game.moves().len() - 1].side_to_move(),
    );
    let mv = mv.to_string();
    Some(if captured > 0 {
        t_string!(
            i18n,
            announce_capture,
            side = side,
            mv = mv,
            count = captured
        )
        .to_string()
    } else {
        t_string!(i18n, announce_move, side = side, mv = mv).to_string()
    })
}

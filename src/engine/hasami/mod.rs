//! Hasami Shogi, RULES Part H: two players, nine pieces each, rook moves and
//! custodian capture.
//!
//! [`Position`] is one validated board state with its notation (RULES H6);
//! [`Game`] adds the local rules ([`Rules`]), the move history, repetition and the
//! [`Outcome`].
//!
//! ```
//! use shogi_variants::engine::hasami::{Game, Move, Rules};
//!
//! let mut game = Game::new(Rules::default());
//! assert_eq!(game.position().legal_moves().len(), 63);
//! let report = game.play("e1e5".parse::<Move>().unwrap()).unwrap();
//! assert!(report.captured.is_empty());
//! assert_eq!(
//!     game.position().to_string(),
//!     "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 0 0 1"
//! );
//! ```

mod game;
mod position;

pub use game::{DrawReason, Game, GameRecord, MoveReport, Outcome, RecordError, WinReason, perft};
pub use position::{
    CORNERS, IllegalMove, Move, ParseMoveError, ParsePositionError, PlayError, Position,
    PositionError,
};

use serde::{Deserialize, Serialize};
use std::fmt;

/// Pieces per side at the start (RULES H1.1).
pub const PIECES_PER_SIDE: u8 = 9;

/// One of the two sides. Black moves first (RULES H1.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Starts on rank 1 and moves first.
    Black,
    /// Starts on rank 9.
    White,
}

impl Player {
    /// Both players, Black first.
    pub const ALL: [Player; 2] = [Player::Black, Player::White];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter: `b` or `w` (RULES H6.3).
    pub const fn letter(self) -> char {
        match self {
            Player::Black => 'b',
            Player::White => 'w',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "black",
            Player::White => "white",
        })
    }
}

/// What wins the game, a local rule (RULES H4.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinCondition {
    /// The first to have captured 5 enemy pieces wins at once (default).
    #[default]
    CaptureFive,
    /// A player wins once their captures exceed the opponent's by 3 or more.
    LeadByThree,
    /// A player wins by capturing every enemy piece.
    CaptureAll,
}

impl WinCondition {
    /// Every win condition, the default first.
    pub const ALL: [WinCondition; 3] = [
        WinCondition::CaptureFive,
        WinCondition::LeadByThree,
        WinCondition::CaptureAll,
    ];
}

/// The local rules that change how a game is played and ends (RULES H4.1, H4.5).
///
/// The site settings that do not touch the rules (show legal moves, alternate who
/// starts, time per move; RULES H5) live in the UI.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// RULES H4.1.
    pub win: WinCondition,
    /// RULES H4.5: the game is drawn when the ply count (moves of both players
    /// together) reaches this number. `None` (default): no limit.
    pub move_limit: Option<u32>,
}

impl Rules {
    /// Whether `player` meets the win condition in `pos` (RULES H4.1): 5 captures,
    /// a lead of 3 captures, or every enemy piece captured (9 captures, or the
    /// opponent left with no piece on the board after a capture).
    ///
    /// The game judges this right after each move, for the mover only.
    pub fn win_reason(&self, pos: &Position, player: Player) -> Option<WinReason> {
        let mine = pos.captures(player) as i32;
        let theirs = pos.captures(player.opponent()) as i32;
        match self.win {
            WinCondition::CaptureFive if mine >= 5 => Some(WinReason::CapturedFive),
            WinCondition::LeadByThree if mine - theirs >= 3 => Some(WinReason::LeadByThree),
            WinCondition::CaptureAll
                if mine >= PIECES_PER_SIDE as i32
                    || (mine > 0 && pos.pieces(player.opponent()).is_empty()) =>
            {
                Some(WinReason::CapturedAll)
            }
            _ => None,
        }
    }
}

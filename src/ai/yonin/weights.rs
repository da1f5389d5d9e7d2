//! The weights of the Yonin evaluation: what a mate, a piece on the board or in hand,
//! and a king in danger are worth, in centi-pawns. Read by the evaluation
//! ([`super::eval`]) and by the attack maps it is computed from ([`super::board`]).

use crate::engine::yonin::{Piece, Role};

/// A seat mated by the CPU (its side in pairs) while the game goes on: mates rank the
/// survivors first (RULES Y6.1, Y6.5).
pub(super) const MATE_BONUS: i32 = 20_000;

/// A seat mated by an opponent while the game goes on: that opponent now ranks higher.
pub(super) const OTHER_MATE: i32 = 5_000;

/// Per attacked square around a king.
pub(super) const KING_ZONE: i32 = 25;
/// A king in check.
pub(super) const IN_CHECK: i32 = 60;
/// A king with no square to step to.
pub(super) const NO_FLIGHT: i32 = 60;

/// Value on the board of a piece (promoted pieces are worth more; kings are never taken).
pub(super) const fn piece_value(p: Piece) -> i32 {
    match (p.role, p.promoted) {
        (Role::King, _) => 0,
        (Role::Rook, false) => 900,
        (Role::Rook, true) => 1200,
        (Role::Gold, _) => 600,
        (Role::Silver, false) => 500,
        (Role::Silver, true) => 600,
        (Role::Pawn, false) => 100,
        (Role::Pawn, true) => 500,
    }
}

/// Value of a piece in hand (captured pieces go to the hand unpromoted, RULES Y2.2).
pub(super) const fn hand_value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Rook => 900,
        Role::Gold => 600,
        Role::Silver => 500,
        Role::Pawn => 100,
    }
}

/// Value of a piece as an attacker in the exchange guess: a king may only take an
/// undefended piece.
pub(super) const fn attacker_value(p: Piece) -> i32 {
    match p.role {
        Role::King => 10_000,
        _ => piece_value(p),
    }
}

//! Move ordering: captures by most valuable victim and cheapest attacker, then
//! promotions, then killer moves, then the rest; the transposition table's move first.

use super::weights::{attacker_value, piece_value};
use crate::engine::yonin::{Move, Position};

/// The ordering key of the transposition table's move: first.
pub(super) const HASH_KEY: i32 = i32::MAX;

/// The ordering key of a killer move: after every capture and promotion (keys above
/// it), before the other quiet moves and drops (keys 0 and below, [`order_key`]).
pub(super) const KILLER_KEY: i32 = 1;

/// Move ordering before a move is played: the most valuable victim first, then the
/// cheapest attacker, then promotions; drops last.
pub(super) fn order_key(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to()).map_or(0, piece_value);
    match mv {
        Move::Normal { from, promote, .. } => {
            let attacker = pos.piece_at(from).map_or(0, attacker_value);
            let promo = if promote { 400 } else { 0 };
            victim * 16 - attacker / 100 + promo + 1
        }
        Move::Drop { .. } => 0,
    }
}

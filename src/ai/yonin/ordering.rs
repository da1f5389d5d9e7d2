//! Move ordering: captures by most valuable victim and cheapest attacker, then
//! promotions, then killer moves, then the rest (by the history heuristic where the
//! style has it); the transposition table's move first.

use super::weights::{attacker_value, piece_value};
use crate::engine::yonin::{Move, Position, Seat};

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

/// Move slots per seat in [`History`]: a board move by its from and to squares
/// (81 × 81, promotion or not alike), a drop by its role (`Role as usize`, as the
/// engine's notation counts roles) and square (5 × 81).
const SLOTS: usize = 81 * 81 + 5 * 81;

/// The most a slot counts: far below `i32::MAX / 16`, so the keys of [`History::order_key`]
/// fit.
const HISTORY_MAX: i32 = 1 << 20;

/// The history heuristic (Schaeffer, "The history heuristic and alpha-beta search
/// enhancements in practice", 1989): for each seat and quiet move, the sum of
/// `depth²` over the nodes where that move cut the search off. Quiet moves with a
/// larger sum are tried first; it only orders moves, so the searched value is unchanged.
pub(super) struct History {
    /// `4 × SLOTS` counts, a seat's after the previous seat's (RULES Y1 seat order).
    counts: Vec<i32>,
}

impl History {
    /// Every count 0.
    pub(super) fn new() -> History {
        History {
            counts: vec![0; 4 * SLOTS],
        }
    }

    /// The slot of `seat`'s `mv`.
    fn slot(seat: Seat, mv: Move) -> usize {
        let within = match mv {
            Move::Normal { from, to, .. } => from.index() * 81 + to.index(),
            Move::Drop { role, to } => 81 * 81 + role as usize * 81 + to.index(),
        };
        seat.index() * SLOTS + within
    }

    /// Records that `seat`'s quiet `mv` cut the search off with `depth` plies left.
    pub(super) fn cut(&mut self, seat: Seat, mv: Move, depth: u32) {
        let count = &mut self.counts[Self::slot(seat, mv)];
        let add = i32::try_from(depth * depth).unwrap_or(HISTORY_MAX);
        *count = count.saturating_add(add).min(HISTORY_MAX);
    }

    /// The ordering key of `seat`'s quiet `mv` whose plain key ([`order_key`]) is
    /// `plain` (0 down to -15): below [`KILLER_KEY`], higher for a larger count, the
    /// plain key breaking ties.
    pub(super) fn order_key(&self, seat: Seat, mv: Move, plain: i32) -> i32 {
        let count = self.counts[Self::slot(seat, mv)];
        (count - HISTORY_MAX - 1) * 16 + plain.clamp(-15, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_orders_quiet_moves_by_their_cuts_below_the_killers() {
        let mut history = History::new();
        let (a, b, drop): (Move, Move, Move) = (
            "e3e4".parse().unwrap(),
            "d3d4".parse().unwrap(),
            "P*e5".parse().unwrap(),
        );
        // No cut yet: the plain key decides, and every key is below a killer's.
        assert!(history.order_key(Seat::South, a, 0) > history.order_key(Seat::South, b, -5));
        assert!(history.order_key(Seat::South, a, 0) < KILLER_KEY);
        history.cut(Seat::South, b, 4);
        history.cut(Seat::South, a, 2);
        history.cut(Seat::South, drop, 3);
        // 16 for b against 4 for a and 9 for the drop, whatever their plain keys.
        let key = |mv| history.order_key(Seat::South, mv, 0);
        assert!(key(b) > key(drop) && key(drop) > key(a));
        assert!(key(b) < KILLER_KEY);
        // The counts are the seat's own: West's b has none.
        assert!(history.order_key(Seat::West, b, 0) < key(a));
        // A count stops at its cap, so the key cannot reach a killer's.
        for _ in 0..10_000 {
            history.cut(Seat::South, b, 40);
        }
        assert!(history.order_key(Seat::South, b, 0) < KILLER_KEY);
    }
}

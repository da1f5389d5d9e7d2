//! The evaluation (centi-pawns, for the CPU's side): material on the board and in
//! hand, mates credited, king safety, drop squares by each king, and the best capture
//! each opponent can make at once past the horizon (module docs of [`super`]).

use super::Eval;
use super::board::{Board, armed_seats};
use super::weights::{MATE_BONUS, OTHER_MATE, hand_value};
use crate::engine::yonin::{Position, Seat};

/// Whose side the evaluation takes and what it weighs: the CPU's seat, the rules'
/// format, and the style's threat and drop-square weights.
#[derive(Clone, Copy, Debug)]
pub(super) struct Evaluator {
    /// The CPU's seat.
    pub(super) me: Seat,
    /// Whether the game is played in pairs (RULES Y7): the partner is on the CPU's side.
    pub(super) pairs: bool,
    /// Percent of the best capture of the seat to move ([`super::Style::threat_to_move`]).
    pub(super) threat_to_move: i32,
    /// Percent of the best capture of the other opponents
    /// ([`super::Style::threat_later`]).
    pub(super) threat_later: i32,
    /// Units per drop square next to a king ([`super::Style::drop_square`]).
    pub(super) drop_square: i32,
    /// Further units per supported drop square ([`super::Style::supported_drop`]).
    pub(super) supported_drop: i32,
}

impl Evaluator {
    /// The evaluation of `style` for the seat `me` under rules played in pairs or not.
    pub(super) fn new(me: Seat, pairs: bool, style: &super::Style) -> Evaluator {
        Evaluator {
            me,
            pairs,
            threat_to_move: style.threat_to_move,
            threat_later: style.threat_later,
            drop_square: style.drop_square,
            supported_drop: style.supported_drop,
        }
    }

    /// Whether `seat` plays on the CPU's side (itself, or its partner in pairs).
    #[inline]
    pub(super) fn friend(&self, seat: Seat) -> bool {
        seat == self.me || (self.pairs && seat == self.me.partner())
    }

    /// Static score of `pos` (not over) for the CPU's side.
    pub(super) fn evaluate(&self, pos: &Position) -> Eval {
        let board = Board::of(pos);
        let live = pos.live_seats();
        let mut total = board.material;
        let mut mine = 0u128;
        let mut theirs = board.loose;
        let armed = (self.drop_square != 0 || self.supported_drop != 0).then(|| armed_seats(pos));
        for seat in live.iter() {
            let t = &mut total[seat.index()];
            for (role, n) in pos.hand(seat).iter() {
                *t += hand_value(role) * i32::from(n);
            }
            *t += board.king_safety(pos, seat, self.pairs);
            if let Some(armed) = armed {
                let (open, supported) = board.drop_squares(pos, seat, self.pairs, armed);
                *t -= self.drop_square * open + self.supported_drop * supported;
            }
            let mates = pos.mates_by(seat) as i32;
            if self.friend(seat) {
                *t += mates * MATE_BONUS;
                mine |= board.occupied[seat.index()];
            } else {
                *t += mates * OTHER_MATE;
                theirs |= board.occupied[seat.index()];
            }
        }
        let mut score = if self.pairs {
            live.iter()
                .map(|s| {
                    if self.friend(s) {
                        total[s.index()]
                    } else {
                        -total[s.index()]
                    }
                })
                .sum()
        } else {
            let (mut sum, mut n) = (0, 0);
            for s in live.iter().filter(|&s| s != self.me) {
                sum += total[s.index()];
                n += 1;
            }
            total[self.me.index()] - sum / n.max(1)
        };
        // Past the horizon: what the seat to move can take at once, and what the other
        // opponents threaten before the CPU's side moves again.
        let to_move = pos.side_to_move();
        let mut later = 0;
        for seat in live.iter().filter(|&s| !self.friend(s)) {
            let gain = board.best_capture(seat, mine, self.pairs);
            if seat == to_move {
                score -= gain * self.threat_to_move / 100;
            } else {
                later = later.max(gain);
            }
        }
        score -= later * self.threat_later / 100;
        if self.friend(to_move) {
            score += board.best_capture(to_move, theirs, self.pairs) * self.threat_to_move / 100;
        }
        // Far below the ends of the game: a position not over holds at most two mates.
        Eval::from_units(score)
    }
}

//! The board as bit sets for the evaluation: what each seat owns and attacks, by
//! attacker class, with king safety, drop squares and a one-exchange capture guess.

use super::weights::{IN_CHECK, KING_ZONE, NO_FLIGHT, piece_value};
use crate::engine::square::SINGLE;
use crate::engine::yonin::attacks;
use crate::engine::yonin::{Piece, Position, Role, Seat};

/// Attacker classes, cheapest first, with their values (as
/// [`attacker_value`](super::weights::attacker_value)).
const CLASS_VALUE: [i32; 6] = [100, 500, 600, 900, 1200, 10_000];

/// Which seats (by index) hold a gold, silver or rook in hand: a piece whose drop next
/// to a king can check it with support ([`Board::drop_squares`]).
pub(super) fn armed_seats(pos: &Position) -> [bool; 4] {
    Seat::ALL.map(|s| {
        pos.hand(s)
            .iter()
            .any(|(role, n)| role != Role::Pawn && n > 0)
    })
}

/// The king's class in [`CLASS_VALUE`] (the last).
const KING_CLASS: usize = 5;

/// The class of `p` as an attacker, an index into [`CLASS_VALUE`].
const fn class_of(p: Piece) -> usize {
    match (p.role, p.promoted) {
        (Role::Pawn, false) => 0,
        (Role::Silver, false) | (Role::Pawn, true) => 1,
        (Role::Gold, _) | (Role::Silver, true) => 2,
        (Role::Rook, false) => 3,
        (Role::Rook, true) => 4,
        (Role::King, _) => KING_CLASS,
    }
}

/// The board as bit sets: what each seat owns and attacks (by attacker class).
pub(super) struct Board {
    pub(super) squares: [Option<Piece>; 81],
    /// Squares of each seat's pieces (its king included).
    pub(super) occupied: [u128; 4],
    /// Squares of kings, live or flipped: never captured, never a square to flee to.
    pub(super) kings: u128,
    /// Every occupied square.
    pub(super) all: u128,
    /// Squares of ownerless pieces (RULES Y5.3): anyone may take them.
    pub(super) loose: u128,
    /// Board material of each seat.
    pub(super) material: [i32; 4],
    /// `attacks[seat][class]`: squares attacked by `seat`'s pieces of that class.
    pub(super) attacks: [[u128; 6]; 4],
    /// Squares attacked by each seat.
    pub(super) attacked: [u128; 4],
}

impl Board {
    pub(super) fn of(pos: &Position) -> Board {
        let mut b = Board {
            squares: [None; 81],
            occupied: [0; 4],
            kings: 0,
            all: 0,
            loose: 0,
            material: [0; 4],
            attacks: [[0; 6]; 4],
            attacked: [0; 4],
        };
        let mut owned = 0u128;
        let mut all = 0u128;
        for (sq, p) in pos.pieces() {
            let i = sq.index();
            b.squares[i] = Some(p);
            let bit = SINGLE[i];
            all |= bit;
            if p.role == Role::King {
                b.kings |= bit;
            }
            match p.owner {
                Some(o) => {
                    b.occupied[o.index()] |= bit;
                    b.material[o.index()] += piece_value(p);
                    owned |= bit;
                }
                None if p.role != Role::King => b.loose |= bit,
                None => {}
            }
        }
        // Flipped kings and ownerless pieces attack nothing (RULES Y3.1).
        while owned != 0 {
            let from = owned.trailing_zeros() as usize;
            owned &= owned - 1;
            let Some(p) = b.squares[from] else { continue };
            let Some(owner) = p.owner else { continue };
            let mask = attacks::attacks(p, from, all);
            b.attacks[owner.index()][class_of(p)] |= mask;
            b.attacked[owner.index()] |= mask;
        }
        b.all = all;
        b
    }

    /// Squares attacked by the enemies of `seat` (not its partner in pairs: a partner
    /// may not give check, RULES Y7.3).
    fn enemy_attacks(&self, seat: Seat, pairs: bool) -> u128 {
        Seat::ALL
            .into_iter()
            .filter(|&a| a != seat && !(pairs && a == seat.partner()))
            .fold(0, |acc, a| acc | self.attacked[a.index()])
    }

    /// Drop squares next to the king of the live `seat`, counted while a live opponent
    /// holds a gold, silver or rook in hand (`armed`, by seat index, from
    /// [`armed_seats`]; (0, 0) otherwise): the empty squares of its king zone that no
    /// piece of its side but the king guards, and how many of those an opponent attacks
    /// (a drop there would be supported). Each at most 8.
    pub(super) fn drop_squares(
        &self,
        pos: &Position,
        seat: Seat,
        pairs: bool,
        armed: [bool; 4],
    ) -> (i32, i32) {
        let live = pos.live_seats();
        let threatened = Seat::ALL.into_iter().any(|a| {
            a != seat && !(pairs && a == seat.partner()) && live.contains(a) && armed[a.index()]
        });
        if !threatened {
            return (0, 0);
        }
        let mut guarded = self.attacks[seat.index()][..KING_CLASS]
            .iter()
            .fold(0, |acc, a| acc | a);
        if pairs {
            guarded |= self.attacked[seat.partner().index()];
        }
        let open = attacks::king_attacks(pos.king_square(seat).index()) & !self.all & !guarded;
        let supported = open & self.enemy_attacks(seat, pairs);
        (open.count_ones() as i32, supported.count_ones() as i32)
    }

    /// King safety of the live `seat` (a penalty, so at most 0).
    pub(super) fn king_safety(&self, pos: &Position, seat: Seat, pairs: bool) -> i32 {
        let k = pos.king_square(seat).index();
        let enemy = self.enemy_attacks(seat, pairs);
        let zone = attacks::king_attacks(k);
        let mut danger = KING_ZONE * (zone & enemy).count_ones() as i32;
        if enemy & SINGLE[k] != 0 {
            danger += IN_CHECK;
        }
        if zone & !enemy & !self.occupied[seat.index()] & !self.kings == 0 {
            danger += NO_FLIGHT;
        }
        -danger
    }

    /// The best gain `seat` can expect from one capture now among the pieces on
    /// `victims`: the piece's value when it is undefended, else its value less the
    /// cheapest attacker's (a one-exchange guess).
    pub(super) fn best_capture(&self, seat: Seat, victims: u128, pairs: bool) -> i32 {
        let s = seat.index();
        let mut targets = self.attacked[s] & victims & !self.kings;
        let mut best = 0;
        while targets != 0 {
            let sq = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let Some(p) = self.squares[sq] else { continue };
            let value = piece_value(p);
            let defended = p.owner.is_some_and(|o| {
                let mut guard = self.attacked[o.index()];
                if pairs {
                    guard |= self.attacked[o.partner().index()];
                }
                guard & SINGLE[sq] != 0
            });
            let gain = if defended {
                let cheapest = (0..6)
                    .find(|&c| self.attacks[s][c] & SINGLE[sq] != 0)
                    .map_or(0, |c| CLASS_VALUE[c]);
                value - cheapest
            } else {
                value
            };
            best = best.max(gain);
        }
        best
    }
}

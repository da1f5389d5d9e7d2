//! The board as bit sets for the evaluation: what each seat owns and attacks, by
//! attacker class, with king safety, drop squares and a one-exchange capture guess.

use super::eval::{IN_CHECK, KING_ZONE, NO_FLIGHT, piece_value};
use crate::engine::square::SINGLE;
use crate::engine::yonin::{Piece, Position, Role, Seat};

/// The 8 directions: N, NE, E, SE, S, SW, W, NW (as South sees the board), clockwise.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// No square there.
const OFF: u8 = 255;

/// `NEIGHBOR[sq][d]`: the square one step from `sq` in direction `d`, or [`OFF`].
const NEIGHBOR: [[u8; 8]; 81] = {
    let mut t = [[OFF; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut d = 0;
        while d < 8 {
            let (nf, nr) = (f + DIRS[d].0, r + DIRS[d].1);
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                t[sq][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Steps as directions relative to the facing (bit 0 forward, then clockwise).
const GOLD_STEPS: u8 = 0b1101_0111;
const SILVER_STEPS: u8 = 0b1010_1011;
const PAWN_STEPS: u8 = 0b0000_0001;
const KING_STEPS: u8 = 0xff;
const DIAGONALS: u8 = 0b1010_1010;

/// The relative step sets: king, gold (and promoted silver and pawn), silver, pawn, and
/// the dragon's diagonal steps (RULES Y1.4).
const STEP_SETS: [u8; 5] = [KING_STEPS, GOLD_STEPS, SILVER_STEPS, PAWN_STEPS, DIAGONALS];

/// The index into [`STEP_SETS`] of `p`'s steps, `None` for a plain rook.
const fn step_set(p: Piece) -> Option<usize> {
    match (p.role, p.promoted) {
        (Role::King, _) => Some(0),
        (Role::Gold, _) | (Role::Silver | Role::Pawn, true) => Some(1),
        (Role::Silver, false) => Some(2),
        (Role::Pawn, false) => Some(3),
        (Role::Rook, true) => Some(4),
        (Role::Rook, false) => None,
    }
}

/// `STEPS[set][facing][sq]`: the squares a piece with that step set and facing attacks
/// by its steps from `sq` (forward is the facing's direction, RULES Y1.3).
static STEPS: [[[u128; 81]; 4]; 5] = {
    let mut t = [[[0u128; 81]; 4]; 5];
    let mut set = 0;
    while set < 5 {
        let mut facing = 0;
        while facing < 4 {
            // South faces north (direction 0), West east (2), North south (4), East west (6).
            let dirs = STEP_SETS[set].rotate_left(2 * facing as u32);
            let mut sq = 0;
            while sq < 81 {
                let mut d = 0;
                while d < 8 {
                    if dirs & (1 << d) != 0 && NEIGHBOR[sq][d] != OFF {
                        t[set][facing][sq] |= 1 << NEIGHBOR[sq][d];
                    }
                    d += 1;
                }
                sq += 1;
            }
            facing += 1;
        }
        set += 1;
    }
    t
};

/// `RAYS[r][sq]`: the squares from `sq` to the edge (`sq` left out) northwards, eastwards,
/// southwards and westwards (`r` = 0, 1, 2, 3).
const RAYS: [[u128; 81]; 4] = {
    let mut t = [[0u128; 81]; 4];
    let mut r = 0;
    while r < 4 {
        let mut sq = 0;
        while sq < 81 {
            let mut s = sq;
            while NEIGHBOR[s][2 * r] != OFF {
                s = NEIGHBOR[s][2 * r] as usize;
                t[r][sq] |= 1 << s;
            }
            sq += 1;
        }
        r += 1;
    }
    t
};

/// The squares a rook on `from` attacks along its four lines, each stopped by the first
/// piece of `occupied` (included).
fn rook_attacks(from: usize, occupied: u128) -> u128 {
    let mut out = 0;
    for (r, rays) in RAYS.iter().enumerate() {
        let ray = rays[from];
        let blockers = ray & occupied;
        out |= if blockers == 0 {
            ray
        } else {
            // North and east go up the square indices, south and west down.
            let first = if r < 2 {
                blockers.trailing_zeros()
            } else {
                127 - blockers.leading_zeros()
            };
            ray ^ rays[first as usize]
        };
    }
    out
}

/// Attacker classes, cheapest first, with their values (as [`attacker_value`]).
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

/// `ZONE[sq]`: the squares around `sq`.
const ZONE: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            if NEIGHBOR[sq][d] != OFF {
                t[sq] |= 1 << NEIGHBOR[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

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
            let mut mask = match step_set(p) {
                Some(set) => STEPS[set][p.facing.index()][from],
                None => 0,
            };
            if p.role == Role::Rook {
                mask |= rook_attacks(from, all);
            }
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
        let open = ZONE[pos.king_square(seat).index()] & !self.all & !guarded;
        let supported = open & self.enemy_attacks(seat, pairs);
        (open.count_ones() as i32, supported.count_ones() as i32)
    }

    /// King safety of the live `seat` (a penalty, so at most 0).
    pub(super) fn king_safety(&self, pos: &Position, seat: Seat, pairs: bool) -> i32 {
        let k = pos.king_square(seat).index();
        let enemy = self.enemy_attacks(seat, pairs);
        let zone = ZONE[k];
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

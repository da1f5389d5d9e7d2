//! Check detection (RULES Y3.1, Y3.2, Y7.3, Y7b.1): the attackers of a square on the
//! board or on the board after a move (without copying it), which seats are in check,
//! which seats a move checks, pins along a rook's line, and the squares that answer a
//! check.

use crate::engine::Square;
use crate::engine::square::SINGLE;

use super::attacks::{Motion, NEIGHBOR, OFF, ORTHOGONAL, step_mask};
use super::tables::SQUARES;
use super::{Move, Piece, Position, Seat, SeatSet};

/// A view of the 81 squares: the board itself or the board with one move applied.
pub(super) trait View {
    fn at(&self, sq: usize) -> Option<Piece>;
}

impl View for [Option<Piece>; 81] {
    #[inline]
    fn at(&self, sq: usize) -> Option<Piece> {
        self[sq]
    }
}

/// The board after a move (`from` emptied unless [`NONE`], `piece` put on `to`), without
/// copying it.
pub(super) struct Overlay<'a> {
    pub(super) base: &'a [Option<Piece>; 81],
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) piece: Option<Piece>,
}

pub(super) const NONE: usize = usize::MAX;

impl View for Overlay<'_> {
    #[inline]
    fn at(&self, sq: usize) -> Option<Piece> {
        if sq == self.to {
            self.piece
        } else if sq == self.from {
            None
        } else {
            self.base[sq]
        }
    }
}

/// The squares (as a 81-bit mask) holding pieces that attack `target` on behalf of a live
/// seat other than `victim` (RULES Y3.1). Flipped kings and ownerless pieces have no owner
/// and attack nothing; every owned piece belongs to a live seat.
#[inline]
pub(super) fn attackers<V: View>(v: &V, target: usize, victim: Seat) -> u128 {
    let mut out = 0u128;
    let mine = Some(victim);
    for (d, &n) in NEIGHBOR[target].iter().enumerate() {
        if n == OFF {
            continue;
        }
        if let Some(p) = v.at(n as usize)
            && p.owner.is_some()
            && p.owner != mine
            && step_mask(p) & (1 << ((d + 4) & 7)) != 0
        {
            out |= SINGLE[n as usize];
        }
    }
    for d in ORTHOGONAL {
        let mut s = target;
        loop {
            let n = NEIGHBOR[s][d];
            if n == OFF {
                break;
            }
            s = n as usize;
            if let Some(p) = v.at(s) {
                if p.owner.is_some() && p.owner != mine && Motion::of(p).slides() {
                    out |= SINGLE[s];
                }
                break;
            }
        }
    }
    out
}

/// Whether the attacker sets before and after a move show a new attacker (RULES Y7b.1):
/// a piece attacking after the move that did not attack before, the moved piece being
/// identified by its from-square (`NONE` for a drop: always new).
#[inline]
fn has_new_attacker(before: u128, after: u128, from: usize, to: usize) -> bool {
    let to_bit = SINGLE[to];
    if after & !to_bit & !before != 0 {
        return true;
    }
    after & to_bit != 0 && (from == NONE || before & SINGLE[from] == 0)
}

impl Position {
    /// Whether `seat` is in check: its live king attacked by a piece of another live seat,
    /// partner included (RULES Y3.1). Always `false` for a mated seat.
    pub fn is_check(&self, seat: Seat) -> bool {
        self.live.contains(seat)
            && attackers(&self.board, self.kings[seat.index()] as usize, seat) != 0
    }

    /// The live seats in check (RULES Y3.1).
    pub fn checked_seats(&self) -> SeatSet {
        Seat::ALL
            .into_iter()
            .filter(|&s| self.is_check(s))
            .collect()
    }

    /// The squares of the pieces giving check to `seat` (empty when it is not in check).
    pub fn checkers(&self, seat: Seat) -> Vec<Square> {
        if !self.live.contains(seat) {
            return Vec::new();
        }
        let mask = attackers(&self.board, self.kings[seat.index()] as usize, seat);
        (0..81)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| SQUARES[i])
            .collect()
    }

    /// The seats that `mv`, by the seat to move, gives check to (RULES Y7b.1): live seats
    /// whose king is attacked after the move by a piece that did not attack it before
    /// (the moved or dropped piece, or a line the move opens), whoever owns that piece.
    ///
    /// `mv` should be legal; for a move whose from-square is empty the result is empty.
    pub fn gives_check(&self, mv: Move) -> SeatSet {
        let mover = self.turn;
        let Some((from, to, piece)) = self.moved_piece(mover, mv) else {
            return SeatSet::EMPTY;
        };
        let ov = Overlay {
            base: &self.board,
            from,
            to,
            piece: Some(piece),
        };
        let mut out = SeatSet::EMPTY;
        for t in self.live.iter() {
            if t == mover {
                continue;
            }
            let k = self.kings[t.index()] as usize;
            // Attackers of `k` are read on its neighbours and lines only.
            if !near_or_in_line(k, to) && (from == NONE || !near_or_in_line(k, from)) {
                continue;
            }
            let before = attackers(&self.board, k, t);
            let after = attackers(&ov, k, t);
            if has_new_attacker(before, after, from, to) {
                out.insert(t);
            }
        }
        out
    }

    /// (from index or `NONE`, to index, the piece as it stands after the move).
    fn moved_piece(&self, seat: Seat, mv: Move) -> Option<(usize, usize, Piece)> {
        match mv {
            Move::Normal { from, to, promote } => {
                let p = self.board[from.index()]?;
                Some((
                    from.index(),
                    to.index(),
                    Piece {
                        promoted: p.promoted || promote,
                        ..p
                    },
                ))
            }
            Move::Drop { role, to } => Some((NONE, to.index(), Piece::new(role, seat))),
        }
    }

    /// When the piece of `seat` on `from`, on a line with its king on `ksq`, is the
    /// first piece from the king along that line and a sliding piece of another seat
    /// stands next beyond it: the squares from the king to that piece (included), the
    /// only ones the pinned piece may move to.
    pub(super) fn pin(&self, seat: Seat, ksq: usize, from: usize) -> Option<u128> {
        let (d, near) = ORTHOGONAL.into_iter().find_map(|d| {
            let (near, first) = ray(&self.board, ksq, d);
            (first == Some(from)).then_some((d, near))
        })?;
        let (far, beyond) = ray(&self.board, from, d);
        let b = beyond?;
        let p = self.board[b]?;
        let slides = p.owner.is_some() && p.owner != Some(seat) && Motion::of(p).slides();
        slides.then_some(near | SINGLE[from] | far | SINGLE[b])
    }

    /// In pairs: the partner, its king square and the attackers of that king now.
    pub(super) fn partner_guard(&self, seat: Seat) -> Option<(Seat, usize, u128)> {
        if !self.rules.is_pairs() {
            return None;
        }
        let p = seat.partner();
        if !self.live.contains(p) {
            return None;
        }
        let k = self.kings[p.index()] as usize;
        Some((p, k, attackers(&self.board, k, p)))
    }

    /// Whether putting `piece` from `from` (or `NONE`) on `to` gives check to the partner
    /// (RULES Y7.3 with Y7b.1).
    pub(super) fn checks_partner(
        &self,
        guard: &Option<(Seat, usize, u128)>,
        from: usize,
        to: usize,
        piece: Piece,
    ) -> bool {
        let Some((p, k, before)) = *guard else {
            return false;
        };
        let ov = Overlay {
            base: &self.board,
            from,
            to,
            piece: Some(piece),
        };
        has_new_attacker(before, attackers(&ov, k, p), from, to)
    }
}

/// The squares where a piece other than the king answers the check of `checkers` (the
/// attackers of the king on `ksq`): the checker's square and, for a rook's check from
/// afar, the squares between it and the king; none with two checkers (RULES Y3.2).
pub(super) fn check_answers(board: &[Option<Piece>; 81], ksq: usize, checkers: u128) -> u128 {
    if checkers == 0 || checkers & (checkers - 1) != 0 {
        return 0;
    }
    let c = checkers.trailing_zeros() as usize;
    for d in ORTHOGONAL {
        let (between, first) = ray(board, ksq, d);
        if first == Some(c) {
            return between | checkers;
        }
    }
    checkers
}

/// Whether `sq` is next to `k` or on its rank or file: the squares [`attackers`] of `k`
/// reads.
fn near_or_in_line(k: usize, sq: usize) -> bool {
    let (kf, kr, f, r) = (k % 9, k / 9, sq % 9, sq / 9);
    kf == f || kr == r || (kf.abs_diff(f) <= 1 && kr.abs_diff(r) <= 1)
}

/// From `sq` in direction `d` (one of [`ORTHOGONAL`]): the empty squares passed and the
/// first occupied square, if any before the edge.
fn ray(board: &[Option<Piece>; 81], sq: usize, d: usize) -> (u128, Option<usize>) {
    let mut s = sq;
    let mut passed = 0u128;
    loop {
        let n = NEIGHBOR[s][d];
        if n == OFF {
            return (passed, None);
        }
        s = n as usize;
        if board[s].is_some() {
            return (passed, Some(s));
        }
        passed |= SINGLE[s];
    }
}

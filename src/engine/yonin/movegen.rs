//! Move generation (RULES Y2, Y3.2, Y4, Y7.3): the legal moves and drops of a seat,
//! with pins, check answers, nifu, dead pawns, pawn drops before a flipped king and
//! uchifuzume, and perft.

use std::ops::ControlFlow;

use crate::engine::square::SINGLE;
use crate::engine::{Square, SquareSet};

use super::attacks::{Motion, NEIGHBOR, OFF, ORTHOGONAL, forward_dir, step_mask};
use super::check::{NONE, Overlay, attackers, check_answers};
use super::tables::{SQUARES, in_zone, is_last_line, nifu_line};
use super::{Move, MoveList, Piece, PlayError, Position, Role, Seat};

/// Which parts of the move list to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    All,
    From(usize),
    Drops,
}

impl Position {
    /// Every legal move and drop of the seat to move (RULES Y2, Y4, Y7.3), a move that may
    /// promote or not counted twice. Empty when the game is over.
    ///
    /// The perpetual-check restriction (RULES Y6.3) needs the history: see
    /// [`Game::legal_moves`](super::Game::legal_moves).
    pub fn legal_moves(&self) -> MoveList {
        self.collect(Scope::All)
    }

    /// The legal moves of the piece on `from` (empty when it is not the mover's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.collect(Scope::From(from.index()))
    }

    /// The legal drops of the seat to move.
    pub fn legal_drops(&self) -> MoveList {
        self.collect(Scope::Drops)
    }

    /// The squares the piece on `from` can legally move to (RULES Y2, Y3.2, Y7.3), for
    /// marking legal moves: the `to` squares of
    /// [`legal_moves_from`](Self::legal_moves_from), a square reached with or without
    /// promotion counted once. Empty when the piece is not the mover's or the game is
    /// over.
    ///
    /// Ignores the game-history rule: a position does not know that a move would be the
    /// perpetual checker's fourth repetition (RULES Y6.3, Y7b.4).
    /// [`Game::destinations`](super::Game::destinations) applies it.
    pub fn destinations(&self, from: Square) -> SquareSet {
        self.legal_moves_from(from).iter().map(|m| m.to()).collect()
    }

    /// The squares where the seat to move may legally drop `role` from its hand
    /// (RULES Y2.3, Y4); empty when it holds none or the game is over.
    ///
    /// Ignores the game-history rule like [`destinations`](Self::destinations);
    /// [`Game::drop_squares`](super::Game::drop_squares) applies it.
    pub fn drop_squares(&self, role: Role) -> SquareSet {
        drop_targets(&self.legal_drops(), role)
    }

    /// The legal moves that `seat` would have if it were to move now (used for lazy mate,
    /// RULES Y3.4, and uchifuzume, Y4.4). Empty for a mated seat or a finished game.
    pub fn legal_moves_of(&self, seat: Seat) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() || !self.live.contains(seat) {
            return list;
        }
        let _ = self.generate(seat, Scope::All, &mut |m| {
            list.push(m);
            ControlFlow::Continue(())
        });
        list
    }

    /// Every legal move of `seat`, whether or not the game is over (for lazy-mate judging
    /// with the perpetual-check rule in [`Game`](super::Game)).
    pub(crate) fn all_legal_moves(&self, seat: Seat) -> MoveList {
        let mut list = MoveList::new();
        if self.live.contains(seat) {
            let _ = self.generate(seat, Scope::All, &mut |m| {
                list.push(m);
                ControlFlow::Continue(())
            });
        }
        list
    }

    fn collect(&self, scope: Scope) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        let _ = self.generate(self.turn, scope, &mut |m| {
            list.push(m);
            ControlFlow::Continue(())
        });
        list
    }

    /// Whether `seat` has at least one legal move or drop (RULES Y5.1), ignoring whether
    /// the game is over.
    pub fn has_legal_move(&self, seat: Seat) -> bool {
        self.live.contains(seat)
            && self
                .generate(seat, Scope::All, &mut |_| ControlFlow::Break(()))
                .is_break()
    }

    /// Visits the legal moves of `seat`; `f` may stop the walk.
    fn generate<F: FnMut(Move) -> ControlFlow<()>>(
        &self,
        seat: Seat,
        scope: Scope,
        f: &mut F,
    ) -> ControlFlow<()> {
        let ksq = self.kings[seat.index()] as usize;
        let checkers = attackers(&self.board, ksq, seat);
        let in_check = checkers != 0;
        let answers = check_answers(&self.board, ksq, checkers);
        let partner = self.partner_guard(seat);
        let mine = Some(seat);

        if scope != Scope::Drops {
            let range = match scope {
                Scope::From(sq) => sq..sq + 1,
                _ => 0..81,
            };
            for from in range {
                let Some(p) = self.board[from] else { continue };
                if p.owner != mine {
                    continue;
                }
                let is_king = p.role == Role::King;
                // A move of another piece can expose the king only by opening a rook's
                // line to it (RULES Y3.2): such a pinned piece may move along that line
                // only; in check it must also take the checker or step between
                // ([`check_answers`]). The king's moves are tested on the board after
                // the move.
                if in_check && !is_king && answers == 0 {
                    continue;
                }
                let pin = if !is_king && (from % 9 == ksq % 9 || from / 9 == ksq / 9) {
                    self.pin(seat, ksq, from)
                } else {
                    None
                };
                let mut visit = |to: usize| -> ControlFlow<()> {
                    if let Some(t) = self.board[to]
                        && (t.role == Role::King || t.owner == mine)
                    {
                        return ControlFlow::Continue(());
                    }
                    if in_check && !is_king && answers & SINGLE[to] == 0 {
                        return ControlFlow::Continue(());
                    }
                    if pin.is_some_and(|line| line & SINGLE[to] == 0) {
                        return ControlFlow::Continue(());
                    }
                    if is_king {
                        let ov = Overlay {
                            base: &self.board,
                            from,
                            to,
                            piece: Some(p),
                        };
                        let k = if is_king { to } else { ksq };
                        if attackers(&ov, k, seat) != 0 {
                            return ControlFlow::Continue(());
                        }
                    }
                    let (can, must) = promotion_options(p, from, to);
                    if !must {
                        let mv = Move::Normal {
                            from: SQUARES[from],
                            to: SQUARES[to],
                            promote: false,
                        };
                        if !self.checks_partner(&partner, from, to, p) {
                            f(mv)?;
                        }
                    }
                    if can {
                        let promoted = Piece {
                            promoted: true,
                            ..p
                        };
                        let mv = Move::Normal {
                            from: SQUARES[from],
                            to: SQUARES[to],
                            promote: true,
                        };
                        if !self.checks_partner(&partner, from, to, promoted) {
                            f(mv)?;
                        }
                    }
                    ControlFlow::Continue(())
                };
                for_each_destination(&self.board, from, p, &mut visit)?;
            }
        }

        if scope == Scope::Drops || scope == Scope::All {
            let hand = self.hands[seat.index()];
            if hand.is_empty() {
                return ControlFlow::Continue(());
            }
            let nifu = self.nifu_lines(seat);
            for (role, _) in hand.iter() {
                for (to, &square) in SQUARES.iter().enumerate() {
                    if self.board[to].is_some() || (in_check && answers & SINGLE[to] == 0) {
                        continue;
                    }
                    if self
                        .drop_error(seat, role, to, in_check, nifu, &partner)
                        .is_none()
                    {
                        f(Move::Drop { role, to: square })?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Bit `l` set when `seat` has an unpromoted pawn with its own facing on nifu line `l`
    /// (RULES Y4.1).
    pub(super) fn nifu_lines(&self, seat: Seat) -> u16 {
        let mut lines = 0u16;
        for (sq, p) in self.board.iter().enumerate() {
            if let Some(p) = p
                && p.role == Role::Pawn
                && !p.promoted
                && p.owner == Some(seat)
                && p.facing == seat
            {
                lines |= 1 << nifu_line(seat, sq);
            }
        }
        lines
    }

    /// Why dropping `role` on the empty square `to` is illegal for `seat`, if it is
    /// (RULES Y2.3, Y4, Y7.3).
    pub(super) fn drop_error(
        &self,
        seat: Seat,
        role: Role,
        to: usize,
        in_check: bool,
        nifu: u16,
        partner: &Option<(Seat, usize, u128)>,
    ) -> Option<PlayError> {
        let mut target = None;
        if role == Role::Pawn {
            if is_last_line(seat, to) {
                return Some(PlayError::DeadPawn);
            }
            if nifu & (1 << nifu_line(seat, to)) != 0 {
                return Some(PlayError::Nifu);
            }
            let ahead = NEIGHBOR[to][forward_dir(seat)] as usize;
            match self.board[ahead] {
                Some(k) if k.is_flipped_king() => return Some(PlayError::PawnBeforeFlippedKing),
                Some(k) if k.role == Role::King && k.owner != Some(seat) => target = k.owner,
                _ => {}
            }
        }
        let piece = Piece::new(role, seat);
        let ksq = self.kings[seat.index()] as usize;
        if in_check && to % 9 != ksq % 9 && to / 9 != ksq / 9 {
            // Off the king's lines a drop blocks no check (RULES Y3.2).
            return Some(PlayError::LeavesKingInCheck);
        }
        if in_check {
            let ov = Overlay {
                base: &self.board,
                from: NONE,
                to,
                piece: Some(piece),
            };
            if attackers(&ov, self.kings[seat.index()] as usize, seat) != 0 {
                return Some(PlayError::LeavesKingInCheck);
            }
        }
        if self.checks_partner(partner, NONE, to, piece) {
            return Some(PlayError::ChecksPartner);
        }
        if let Some(t) = target {
            // RULES Y4.4, Y7b.5: judged at once, with T to move.
            let mut after = self.clone();
            after.board[to] = Some(piece);
            after.hands[seat.index()].take(Role::Pawn);
            after.turn = t;
            if !after.has_legal_move(t) {
                return Some(PlayError::Uchifuzume);
            }
        }
        None
    }

    /// Counts the move paths of exactly `depth` moves (perft): a move that may promote or
    /// not counts twice, drops count like moves, every move is followed by turn resolution
    /// (RULES Y3.3), and a finished game has no moves. Repetition is not tracked.
    ///
    /// # Examples
    /// ```
    /// use shogi_variants::engine::yonin::Position;
    /// assert_eq!(Position::default().perft(2), 81);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_over() {
            return 0;
        }
        let seat = self.turn;
        if depth == 1 {
            let mut n = 0u64;
            let _ = self.generate(seat, Scope::All, &mut |_| {
                n += 1;
                ControlFlow::Continue(())
            });
            return n;
        }
        let moves = self.legal_moves();
        let mut total = 0;
        for &mv in moves.iter() {
            let mut next = self.clone();
            next.apply_move(mv);
            let mut mated = Vec::new();
            next.resolve_turn(seat, &mut |p, s| p.has_legal_move(s), &mut mated);
            total += next.perft(depth - 1);
        }
        total
    }
}

/// The squares of the drops of `role` in `moves`.
pub(super) fn drop_targets(moves: &MoveList, role: Role) -> SquareSet {
    moves
        .iter()
        .filter_map(|m| match *m {
            Move::Drop { role: r, to } if r == role => Some(to),
            _ => None,
        })
        .collect()
}

/// Whether a move of `p` from `from` to `to` may promote, and whether it must
/// (RULES Y2.4, Y4.2).
#[inline]
pub(super) fn promotion_options(p: Piece, from: usize, to: usize) -> (bool, bool) {
    if p.promoted || !p.role.can_promote() {
        return (false, false);
    }
    let can = in_zone(p.facing, from) || in_zone(p.facing, to);
    let must = p.role == Role::Pawn && is_last_line(p.facing, to);
    (can, must)
}

/// Visits every square `p` on `from` could move to by its movement alone (steps, and
/// slides stopped by the first piece, which is included), whatever stands there.
#[inline]
pub(super) fn for_each_destination<F: FnMut(usize) -> ControlFlow<()>>(
    board: &[Option<Piece>; 81],
    from: usize,
    p: Piece,
    f: &mut F,
) -> ControlFlow<()> {
    let mask = step_mask(p);
    for (d, &to) in NEIGHBOR[from].iter().enumerate() {
        if mask & (1 << d) != 0 && to != OFF {
            f(to as usize)?;
        }
    }
    if Motion::of(p).slides() {
        for d in ORTHOGONAL {
            let mut s = from;
            loop {
                let n = NEIGHBOR[s][d];
                if n == OFF {
                    break;
                }
                s = n as usize;
                f(s)?;
                if board[s].is_some() {
                    break;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

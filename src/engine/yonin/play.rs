//! Playing a move (RULES Y2, Y3.3, Y3.4, Y5): why a move is refused, the report of what
//! it did, putting it on the board, turn resolution with check priority and lazy mate,
//! and elimination.

use std::ops::ControlFlow;

use super::check::{Overlay, attackers};
use super::movegen::{for_each_destination, promotion_options};
use super::{EliminatedPieces, Elimination, Move, Outcome, Piece, Position, Role, Seat, SeatSet};

/// Why a move was refused (RULES Y2, Y4, Y6.3, Y7.3). Nothing is changed when a move is
/// refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PlayError {
    /// The game is over: nobody moves any more.
    #[error("the game is over")]
    GameOver,
    /// The from-square holds no piece of the seat to move (or a flipped king, or an
    /// ownerless piece).
    #[error("no piece of the seat to move there")]
    NoPiece,
    /// The piece cannot reach the to-square (RULES Y1.4).
    #[error("the piece cannot move there")]
    Unreachable,
    /// The to-square holds a piece of the seat to move (RULES Y2.2).
    #[error("cannot capture one's own piece")]
    OwnPiece,
    /// The to-square holds a king, live or flipped: kings are never captured (RULES Y2.2).
    #[error("kings are never captured")]
    KingCapture,
    /// A promotion was asked for a piece that cannot promote on this move (RULES Y2.4).
    #[error("the piece cannot promote on this move")]
    CannotPromote,
    /// An unpromoted pawn reaching its last line must promote (RULES Y2.4, Y4.2).
    #[error("a pawn on its last line must promote")]
    MustPromote,
    /// The seat to move has no such piece in hand.
    #[error("no such piece in hand")]
    NotInHand,
    /// A drop on an occupied square (RULES Y2.3).
    #[error("cannot drop on an occupied square")]
    Occupied,
    /// A pawn drop on a line that already holds one of the dropper's own unpromoted pawns
    /// with its own facing (RULES Y4.1).
    #[error("two pawns on one line (nifu)")]
    Nifu,
    /// A pawn drop on its last line (RULES Y4.2).
    #[error("a pawn cannot be dropped on its last line")]
    DeadPawn,
    /// A pawn drop whose forward step would land on a flipped king (RULES Y4.3).
    #[error("a pawn cannot be dropped in front of a flipped king")]
    PawnBeforeFlippedKing,
    /// A pawn drop that checks a seat which would then have no legal move (RULES Y4.4).
    #[error("pawn-drop mate (uchifuzume)")]
    Uchifuzume,
    /// The move leaves the mover's own king in check (RULES Y3.2).
    #[error("the move leaves one's own king in check")]
    LeavesKingInCheck,
    /// In pairs, the move gives check to the partner (RULES Y7.3).
    #[error("the move gives check to the partner")]
    ChecksPartner,
    /// The perpetual checker may not make the fourth occurrence (RULES Y6.3, Y7b.4).
    #[error("the perpetual checker may not repeat a fourth time")]
    PerpetualCheck,
}

/// What a move did, for the UI and the CPU player (RULES Y3.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The seat that moved.
    pub mover: Seat,
    /// The move played.
    pub mv: Move,
    /// The role captured (it went to the mover's hand unpromoted), if any.
    pub captured: Option<Role>,
    /// The seats the move gave check to (RULES Y7b.1).
    pub checks: SeatSet,
    /// Seats mated during turn resolution, in order (RULES Y3.3 step 2, Y6.3).
    pub mated: Vec<Elimination>,
    /// Live seats in check after turn resolution.
    pub in_check: SeatSet,
    /// The seat to move next, `None` when the game is over.
    pub next: Option<Seat>,
    /// How the game ended, when this move ended it.
    pub outcome: Option<Outcome>,
}

impl Position {
    /// Checks `mv` for the seat to move and says why it is illegal (RULES Y2, Y3.2, Y4,
    /// Y7.3). Agrees with [`legal_moves`](Self::legal_moves).
    ///
    /// # Errors
    /// The first [`PlayError`] reason that applies.
    pub fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let seat = self.turn;
        let ksq = self.kings[seat.index()] as usize;
        let in_check = attackers(&self.board, ksq, seat) != 0;
        let partner = self.partner_guard(seat);
        match mv {
            Move::Normal { from, to, promote } => {
                let (from, to) = (from.index(), to.index());
                let p = match self.board[from] {
                    Some(p) if p.owner == Some(seat) => p,
                    _ => return Err(PlayError::NoPiece),
                };
                let mut reaches = false;
                let _ = for_each_destination(&self.board, from, p, &mut |t| {
                    if t == to {
                        reaches = true;
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                if !reaches {
                    return Err(PlayError::Unreachable);
                }
                if let Some(t) = self.board[to] {
                    if t.owner == Some(seat) {
                        return Err(PlayError::OwnPiece);
                    }
                    if t.role == Role::King {
                        return Err(PlayError::KingCapture);
                    }
                }
                let (can, must) = promotion_options(p, from, to);
                if promote && !can {
                    return Err(PlayError::CannotPromote);
                }
                if !promote && must {
                    return Err(PlayError::MustPromote);
                }
                let moved = Piece {
                    promoted: p.promoted || promote,
                    ..p
                };
                let ov = Overlay {
                    base: &self.board,
                    from,
                    to,
                    piece: Some(moved),
                };
                let k = if p.role == Role::King { to } else { ksq };
                if attackers(&ov, k, seat) != 0 {
                    return Err(PlayError::LeavesKingInCheck);
                }
                if self.checks_partner(&partner, from, to, moved) {
                    return Err(PlayError::ChecksPartner);
                }
                Ok(())
            }
            Move::Drop { role, to } => {
                if self.hands[seat.index()].count(role) == 0 {
                    return Err(PlayError::NotInHand);
                }
                if self.board[to.index()].is_some() {
                    return Err(PlayError::Occupied);
                }
                let nifu = self.nifu_lines(seat);
                match self.drop_error(seat, role, to.index(), in_check, nifu, &partner) {
                    Some(e) => Err(e),
                    None => Ok(()),
                }
            }
        }
    }

    /// Whether `mv` is legal for the seat to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` for the seat to move, then resolves the turn (RULES Y3.3): check
    /// priority, lazy mate, elimination, inheritance.
    ///
    /// # Errors
    /// [`PlayError`] when the move is illegal; the position is then unchanged.
    ///
    /// # Examples
    /// ```
    /// use shogi_variants::engine::yonin::{Position, Seat};
    /// let mut pos = Position::default();
    /// let report = pos.play("e3e4".parse().unwrap()).unwrap();
    /// assert_eq!(report.next, Some(Seat::West));
    /// assert!(pos.play("e3e4".parse().unwrap()).is_err()); // now West's turn
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking it and resolves the turn: the fast path of
    /// [`play`](Self::play), with the same report.
    ///
    /// # Panics
    /// `mv` must be legal here ([`is_legal`](Self::is_legal)); otherwise this may panic
    /// or leave an invalid position. Use [`play`](Self::play) for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let mover = self.turn;
        let checks = self.gives_check(mv);
        let captured = self.apply_move(mv);
        let mut mated = Vec::new();
        self.resolve_turn(mover, &mut |p, s| p.has_legal_move(s), &mut mated);
        self.report(mover, mv, captured, checks, mated)
    }

    pub(crate) fn report(
        &self,
        mover: Seat,
        mv: Move,
        captured: Option<Role>,
        checks: SeatSet,
        mated: Vec<Elimination>,
    ) -> MoveReport {
        let outcome = self.outcome();
        MoveReport {
            mover,
            mv,
            captured,
            checks,
            mated,
            in_check: self.checked_seats(),
            next: if outcome.is_some() {
                None
            } else {
                Some(self.turn)
            },
            outcome,
        }
    }

    /// Puts the move on the board and counts it; no turn resolution. Returns the captured
    /// role (RULES Y2.2: it goes to the mover's hand unpromoted).
    pub(crate) fn apply_move(&mut self, mv: Move) -> Option<Role> {
        let seat = self.turn;
        let mut captured = None;
        match mv {
            Move::Normal { from, to, promote } => {
                let mut p = self.board[from.index()].take()?;
                if let Some(c) = self.board[to.index()] {
                    self.hands[seat.index()].add(c.role);
                    captured = Some(c.role);
                }
                p.promoted |= promote;
                if p.role == Role::King {
                    self.kings[seat.index()] = to.index() as u8;
                }
                self.board[to.index()] = Some(p);
            }
            Move::Drop { role, to } => {
                self.hands[seat.index()].take(role);
                self.board[to.index()] = Some(Piece::new(role, seat));
            }
        }
        self.moves += 1;
        captured
    }

    /// Turn resolution after a move by `mover` (RULES Y3.3, Y3.4): the first live seat in
    /// check clockwise from `mover` moves next, else the next live seat; a seat chosen with
    /// no legal move (as judged by `has_move`) is mated by `mover` and the choice is made
    /// again from `mover`. Stops as soon as the game is over by mates.
    pub(crate) fn resolve_turn<J: FnMut(&Position, Seat) -> bool>(
        &mut self,
        mover: Seat,
        has_move: &mut J,
        mated: &mut Vec<Elimination>,
    ) {
        loop {
            if self.is_over_by_mates() {
                self.turn = mover;
                return;
            }
            let chosen = (1..4)
                .map(|k| mover.clockwise(k))
                .find(|&s| self.is_check(s))
                .unwrap_or_else(|| self.next_live(mover));
            self.turn = chosen;
            if has_move(self, chosen) {
                return;
            }
            mated.push(self.eliminate(chosen, mover));
        }
    }

    /// Mates `seat` with `by` as the mater (RULES Y5.1–Y5.3, Y7b.6): its king is flipped,
    /// its hand goes to `by`, its board pieces (own and inherited) go to `by` or become
    /// ownerless.
    pub(crate) fn eliminate(&mut self, seat: Seat, by: Seat) -> Elimination {
        let k = self.kings[seat.index()] as usize;
        if let Some(king) = self.board[k].as_mut() {
            king.owner = None;
        }
        let hand = std::mem::take(&mut self.hands[seat.index()]);
        self.hands[by.index()].absorb(hand);
        let heir = match self.rules.eliminated_pieces {
            EliminatedPieces::ToMater => Some(by),
            EliminatedPieces::Ownerless => None,
        };
        for p in self.board.iter_mut().flatten() {
            if p.owner == Some(seat) {
                p.owner = heir;
            }
        }
        self.live.remove(seat);
        let e = Elimination {
            seat,
            by,
            at_move: self.moves,
        };
        if (self.n_elims as usize) < self.elims.len() {
            self.elims[self.n_elims as usize] = e;
            self.n_elims += 1;
        }
        e
    }
}

//! The validated game state, move generation, legality and turn resolution.

use std::fmt;
use std::ops::ControlFlow;

use crate::engine::square::SINGLE;
use crate::engine::{Square, SquareSet};

use super::tables::{
    Motion, NEIGHBOR, OFF, ORTHO, SQUARES, forward_dir, in_zone, is_last_line, nifu_line, step_mask,
};
use super::{EliminatedPieces, Hand, Move, MoveList, Outcome, Piece, Role, Rules, Seat, SeatSet};

/// The record of one elimination (RULES Y5): who was mated, by whom, and at which move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Elimination {
    /// The mated seat.
    pub seat: Seat,
    /// The mater: the seat that made the last move before the mated seat's turn
    /// (RULES Y5.2).
    pub by: Seat,
    /// The move count (moves of all seats together) when the mate was judged, `1..`.
    pub at_move: u32,
}

const NO_ELIM: Elimination = Elimination {
    seat: Seat::South,
    by: Seat::South,
    at_move: 0,
};

/// Why a move was refused (RULES Y2, Y4, Y6.3, Y7.3). Nothing is changed when a move is
/// refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayError {
    /// The game is over: nobody moves any more.
    GameOver,
    /// The from-square holds no piece of the seat to move (or a flipped king, or an
    /// ownerless piece).
    NoPiece,
    /// The piece cannot reach the to-square (RULES Y1.4).
    Unreachable,
    /// The to-square holds a piece of the seat to move (RULES Y2.2).
    OwnPiece,
    /// The to-square holds a king, live or flipped: kings are never captured (RULES Y2.2).
    KingCapture,
    /// A promotion was asked for a piece that cannot promote on this move (RULES Y2.4).
    CannotPromote,
    /// An unpromoted pawn reaching its last line must promote (RULES Y2.4, Y4.2).
    MustPromote,
    /// The seat to move has no such piece in hand.
    NotInHand,
    /// A drop on an occupied square (RULES Y2.3).
    Occupied,
    /// A pawn drop on a line that already holds one of the dropper's own unpromoted pawns
    /// with its own facing (RULES Y4.1).
    Nifu,
    /// A pawn drop on its last line (RULES Y4.2).
    DeadPawn,
    /// A pawn drop whose forward step would land on a flipped king (RULES Y4.3).
    PawnBeforeFlippedKing,
    /// A pawn drop that checks a seat which would then have no legal move (RULES Y4.4).
    Uchifuzume,
    /// The move leaves the mover's own king in check (RULES Y3.2).
    LeavesKingInCheck,
    /// In pairs, the move gives check to the partner (RULES Y7.3).
    ChecksPartner,
    /// The perpetual checker may not make the fourth occurrence (RULES Y6.3, Y7b.4).
    PerpetualCheck,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::GameOver => "the game is over",
            PlayError::NoPiece => "no piece of the seat to move there",
            PlayError::Unreachable => "the piece cannot move there",
            PlayError::OwnPiece => "cannot capture one's own piece",
            PlayError::KingCapture => "kings are never captured",
            PlayError::CannotPromote => "the piece cannot promote on this move",
            PlayError::MustPromote => "a pawn on its last line must promote",
            PlayError::NotInHand => "no such piece in hand",
            PlayError::Occupied => "cannot drop on an occupied square",
            PlayError::Nifu => "two pawns on one line (nifu)",
            PlayError::DeadPawn => "a pawn cannot be dropped on its last line",
            PlayError::PawnBeforeFlippedKing => {
                "a pawn cannot be dropped in front of a flipped king"
            }
            PlayError::Uchifuzume => "pawn-drop mate (uchifuzume)",
            PlayError::LeavesKingInCheck => "the move leaves one's own king in check",
            PlayError::ChecksPartner => "the move gives check to the partner",
            PlayError::PerpetualCheck => "the perpetual checker may not repeat a fourth time",
        })
    }
}

impl std::error::Error for PlayError {}

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

/// A view of the 81 squares: the board itself or the board with one move applied.
pub(crate) trait View {
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
struct Overlay<'a> {
    base: &'a [Option<Piece>; 81],
    from: usize,
    to: usize,
    piece: Option<Piece>,
}

const NONE: usize = usize::MAX;

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
pub(crate) fn attackers<V: View>(v: &V, target: usize, victim: Seat) -> u128 {
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
    for d in ORTHO {
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

/// Which parts of the move list to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    All,
    From(usize),
    Drops,
}

/// The state of a Yonin Shogi game at one moment (RULES Y1–Y7): the board (pieces with
/// promotion, owner or ownerless, facing; flipped kings), the four hands, the seat to move,
/// the eliminations in order (who, by whom, at which move), the move count and the local
/// rules.
///
/// A `Position` is always valid (see [`PositionError`](super::PositionError)); it is built by
/// [`Position::start`] or parsed from the notation described in the
/// [module docs](super). It is cheap to clone (about 450 bytes, no heap).
///
/// Repetition (RULES Y6.3) needs the history and lives in [`Game`](super::Game); a
/// `Position` knows the endings by mates and by the move limit.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) hands: [Hand; 4],
    pub(crate) kings: [u8; 4],
    pub(crate) turn: Seat,
    pub(crate) live: SeatSet,
    pub(crate) elims: [Elimination; 3],
    pub(crate) n_elims: u8,
    pub(crate) moves: u32,
    pub(crate) rules: Rules,
}

/// The part of a position that repetition compares (RULES Y6.3): every square (piece,
/// promotion, owner or ownerless, facing, flipped kings), the four hands and the seat to
/// move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: [Option<Piece>; 81],
    hands: [Hand; 4],
    turn: Seat,
}

impl Default for Position {
    /// The start position with the default rules, South to move.
    fn default() -> Position {
        Position::start(Rules::default(), Seat::South)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// The start layout of one seat (RULES Y1.2), in South's own terms: (file, rank, role).
const SOUTH_SETUP: [(i8, i8, Role); 9] = [
    (2, 0, Role::Silver),
    (3, 0, Role::Gold),
    (4, 0, Role::King),
    (5, 0, Role::Gold),
    (6, 0, Role::Silver),
    (3, 1, Role::Pawn),
    (4, 1, Role::Rook),
    (5, 1, Role::Pawn),
    (4, 2, Role::Pawn),
];

impl Position {
    /// The start position (RULES Y1.2) under `rules`, with `first` to move (RULES Y1.5).
    ///
    /// # Examples
    /// ```
    /// use shogi_variants::engine::yonin::{Position, Rules, Seat};
    /// let pos = Position::start(Rules::default(), Seat::South);
    /// assert_eq!(pos.legal_moves().len(), 9);
    /// ```
    pub fn start(rules: Rules, first: Seat) -> Position {
        let mut board = [None; 81];
        let mut kings = [0u8; 4];
        for seat in Seat::ALL {
            for (f, r, role) in SOUTH_SETUP {
                // Rotate South's layout a quarter turn per seat (clockwise around the
                // board as South sees it): West sits on file a, North on rank 9, East on
                // file i.
                let (file, rank) = match seat {
                    Seat::South => (f, r),
                    Seat::West => (r, 8 - f),
                    Seat::North => (8 - f, 8 - r),
                    Seat::East => (8 - r, f),
                };
                let sq = (rank * 9 + file) as usize;
                board[sq] = Some(Piece::new(role, seat));
                if role == Role::King {
                    kings[seat.index()] = sq as u8;
                }
            }
        }
        Position {
            board,
            hands: [Hand::EMPTY; 4],
            kings,
            turn: first,
            live: SeatSet::ALL,
            elims: [NO_ELIM; 3],
            n_elims: 0,
            moves: 0,
            rules,
        }
    }

    // ----------------------------------------------------------------------------------
    // Accessors
    // ----------------------------------------------------------------------------------

    /// The local rules this position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The seat to move (after turn resolution, RULES Y3.3). When the game is over this is
    /// the seat that made the last move.
    pub fn side_to_move(&self) -> Seat {
        self.turn
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// All occupied squares with their pieces, `a1` first, then along rank 1, and so on.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..81).filter_map(|i| self.board[i].map(|p| (SQUARES[i], p)))
    }

    /// The hand of `seat` (RULES Y2.2).
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    /// The square of `seat`'s king, live or flipped.
    pub fn king_square(&self, seat: Seat) -> Square {
        SQUARES[self.kings[seat.index()] as usize]
    }

    /// Whether `seat` is still in the game (not mated).
    pub fn is_live(&self, seat: Seat) -> bool {
        self.live.contains(seat)
    }

    /// The seats still in the game.
    pub fn live_seats(&self) -> SeatSet {
        self.live
    }

    /// The eliminations so far, in the order they happened (RULES Y5, Y7b.7).
    pub fn eliminations(&self) -> &[Elimination] {
        &self.elims[..self.n_elims as usize]
    }

    /// The elimination of `seat`, if it was mated.
    pub fn elimination_of(&self, seat: Seat) -> Option<Elimination> {
        self.eliminations().iter().copied().find(|e| e.seat == seat)
    }

    /// Number of seats `seat` has mated (RULES Y6.1).
    pub fn mates_by(&self, seat: Seat) -> u32 {
        self.eliminations().iter().filter(|e| e.by == seat).count() as u32
    }

    /// The move count at `seat`'s latest mate, `None` if it mated nobody (RULES Y7b.7).
    pub fn last_mate_by(&self, seat: Seat) -> Option<u32> {
        self.eliminations()
            .iter()
            .filter(|e| e.by == seat)
            .map(|e| e.at_move)
            .max()
    }

    /// Total pieces of `seat` for placings (RULES Y6.1, Y7b.7): board pieces it owns (its
    /// king included), its hand, and the flipped kings of the seats it mated itself.
    pub fn piece_total(&self, seat: Seat) -> u32 {
        let board = self
            .board
            .iter()
            .filter(|p| matches!(p, Some(p) if p.owner == Some(seat)))
            .count() as u32;
        board + self.hands[seat.index()].total() + self.mates_by(seat)
    }

    /// Moves made so far by all seats together (RULES Y6.4).
    pub fn move_count(&self) -> u32 {
        self.moves
    }

    /// The key that repetition compares (RULES Y6.3).
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            board: self.board,
            hands: self.hands,
            turn: self.turn,
        }
    }

    /// This position with `seat` to move out of the turn order, for the CPU's best-reply
    /// search only (`ai::yonin`): it lets an opponent answer before its turn. Not a
    /// position of the game (RULES Y3.3 decides who moves); `seat` must be live.
    pub(crate) fn set_turn_for_search(&mut self, seat: Seat) {
        debug_assert!(self.live.contains(seat));
        self.turn = seat;
    }

    /// The next live seat clockwise after `seat` (RULES Y1.1); `seat` itself when no other
    /// seat is live.
    pub fn next_live(&self, seat: Seat) -> Seat {
        (1..4)
            .map(|k| seat.clockwise(k))
            .find(|&s| self.live.contains(s))
            .unwrap_or(seat)
    }

    // ----------------------------------------------------------------------------------
    // Check
    // ----------------------------------------------------------------------------------

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

    // ----------------------------------------------------------------------------------
    // End of game
    // ----------------------------------------------------------------------------------

    /// Whether enough seats are mated to end the game (RULES Y6.1, Y6.2, Y7.2).
    pub fn is_over_by_mates(&self) -> bool {
        self.n_elims as usize >= self.rules.mates_to_end()
    }

    /// Whether the move limit is reached (RULES Y6.4, Y7b.8).
    pub fn is_move_limit_reached(&self) -> bool {
        matches!(self.rules.move_limit, Some(limit) if self.moves >= limit)
    }

    /// Whether the game is over by mates or by the move limit. Repetition is judged by
    /// [`Game`](super::Game).
    pub fn is_over(&self) -> bool {
        self.is_over_by_mates() || self.is_move_limit_reached()
    }

    /// How the game ended, if it did by mates or the move limit (RULES Y6, Y7b.2: a game
    /// ended by mates stays so even when the same move reached the limit).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_over_by_mates() {
            Some(Outcome::new(super::EndReason::Mates, self.placings()))
        } else if self.is_move_limit_reached() {
            Some(Outcome::new(super::EndReason::MoveLimit, self.placings()))
        } else {
            None
        }
    }

    /// The placings if the game stopped now, by seat index (RULES Y6.1, Y6.2, Y6.5, Y7b.7),
    /// or `None` in pairs when nobody is mated (a draw).
    ///
    /// Individual: survivors first, ranked by seats mated, then total pieces
    /// ([`piece_total`](Self::piece_total)), then the later last mate; equal survivors share
    /// a place (competition ranking 1, 1, 3, 4). Eliminated seats follow, the seat mated
    /// later placing higher. Pairs: after a mate the winners are 1st and the losers 3rd.
    pub fn placings(&self) -> Option<[u8; 4]> {
        if self.rules.is_pairs() {
            let mated = self.eliminations().first()?;
            let mut out = [1u8; 4];
            out[mated.seat.index()] = 3;
            out[mated.seat.partner().index()] = 3;
            return Some(out);
        }
        let mut out = [0u8; 4];
        let survivors: Vec<Seat> = self.live.iter().collect();
        let key = |s: Seat| {
            (
                self.mates_by(s),
                self.piece_total(s),
                self.last_mate_by(s).map_or(0, |m| u64::from(m) + 1),
            )
        };
        for &s in &survivors {
            let better = survivors.iter().filter(|&&o| key(o) > key(s)).count();
            out[s.index()] = 1 + better as u8;
        }
        let n_live = survivors.len() as u8;
        for (i, e) in self.eliminations().iter().enumerate().rev() {
            // the last eliminated is right below the survivors
            let rank_below = (self.n_elims as usize - 1 - i) as u8;
            out[e.seat.index()] = n_live + 1 + rank_below;
        }
        Some(out)
    }

    // ----------------------------------------------------------------------------------
    // Move generation
    // ----------------------------------------------------------------------------------

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

    /// When the piece of `seat` on `from`, on a line with its king on `ksq`, is the
    /// first piece from the king along that line and a sliding piece of another seat
    /// stands next beyond it: the squares from the king to that piece (included), the
    /// only ones the pinned piece may move to.
    fn pin(&self, seat: Seat, ksq: usize, from: usize) -> Option<u128> {
        let (d, near) = ORTHO.into_iter().find_map(|d| {
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
    fn partner_guard(&self, seat: Seat) -> Option<(Seat, usize, u128)> {
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
    fn checks_partner(
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

    /// Bit `l` set when `seat` has an unpromoted pawn with its own facing on nifu line `l`
    /// (RULES Y4.1).
    fn nifu_lines(&self, seat: Seat) -> u16 {
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
    fn drop_error(
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

    // ----------------------------------------------------------------------------------
    // Playing
    // ----------------------------------------------------------------------------------

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

    // ----------------------------------------------------------------------------------
    // Perft
    // ----------------------------------------------------------------------------------

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
pub(crate) fn drop_targets(moves: &MoveList, role: Role) -> SquareSet {
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
fn promotion_options(p: Piece, from: usize, to: usize) -> (bool, bool) {
    if p.promoted || !p.role.can_promote() {
        return (false, false);
    }
    let can = in_zone(p.facing, from) || in_zone(p.facing, to);
    let must = p.role == Role::Pawn && is_last_line(p.facing, to);
    (can, must)
}

/// The squares where a piece other than the king answers the check of `checkers` (the
/// attackers of the king on `ksq`): the checker's square and, for a rook's check from
/// afar, the squares between it and the king; none with two checkers (RULES Y3.2).
fn check_answers(board: &[Option<Piece>; 81], ksq: usize, checkers: u128) -> u128 {
    if checkers == 0 || checkers & (checkers - 1) != 0 {
        return 0;
    }
    let c = checkers.trailing_zeros() as usize;
    for d in ORTHO {
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

/// From `sq` in direction `d` (one of [`ORTHO`]): the empty squares passed and the
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

/// Visits every square `p` on `from` could move to by its movement alone (steps, and
/// slides stopped by the first piece, which is included), whatever stands there.
#[inline]
fn for_each_destination<F: FnMut(usize) -> ControlFlow<()>>(
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
        for d in ORTHO {
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

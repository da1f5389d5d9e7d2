//! How Yonin Shogi is drawn ([`BoardLook`]): each seat's pieces in its colour with a
//! second mark of the seat, pointing the way they move, in kanji or letters; the four
//! hands beside the board towards their owners; kings in check marked.

use super::{PieceStyle, last_turn_story};
use crate::engine::Square;
use crate::engine::yonin::{Game, Move, Piece, Position, Role, Seat};
use crate::session::board::{BoardLook, Facing, PieceView, SquareView, Turn};

/// The way a seat's pieces move on the board.
pub const fn facing_of(seat: Seat) -> Facing {
    match seat {
        Seat::South => Facing::North,
        Seat::West => Facing::East,
        Seat::North => Facing::South,
        Seat::East => Facing::West,
    }
}

/// The letter of a hand kind in the `hand-<seat>-<kind>` test ids.
pub const fn kind_letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Rook => "R",
        Role::Gold => "G",
        Role::Silver => "S",
        Role::Pawn => "P",
    }
}

impl BoardLook for Game {
    type Piece = Piece;
    type Position = Position;
    const HAND_KINDS: &'static [Role] = &Role::HAND;

    fn board_position(&self) -> &Position {
        self.position()
    }

    fn pieces(pos: &Position) -> Vec<(Square, Piece)> {
        pos.pieces().collect()
    }

    /// In its owner's colour, pointing the way it moves; a piece of nobody (a flipped
    /// king or an ownerless piece, RULES Y5.3) is drawn inert.
    fn piece_view(piece: Piece, style: PieceStyle, label: String) -> PieceView {
        PieceView {
            side: piece.owner.map_or("none", Game::seat_class),
            facing: facing_of(piece.facing),
            text: Some(style.text(piece.role, piece.promoted).to_string()),
            promoted: piece.promoted,
            inert: piece.owner.is_none(),
            label,
        }
    }

    fn turn_for(seat: Seat) -> Turn {
        Turn::ALL[seat.index()]
    }

    /// `south`, `west`, `north`, `east`.
    fn seat_class(seat: Seat) -> &'static str {
        match seat {
            Seat::South => "south",
            Seat::West => "west",
            Seat::North => "north",
            Seat::East => "east",
        }
    }

    /// The kings in check (RULES Y3.1), the squares of the last move, and its
    /// destination ringed when it captured.
    fn mark_last_move(&self, squares: &mut [SquareView]) {
        let pos = self.position();
        for seat in pos.checked_seats().iter() {
            squares[pos.king_square(seat).index()].check = true;
        }
        if let Some(&mv) = self.moves().last() {
            if let Some(from) = mv.from() {
                squares[from.index()].last = true;
            }
            squares[mv.to().index()].last = true;
            if last_turn_story(self).is_some_and(|s| s.captured.is_some()) {
                squares[mv.to().index()].captured = true;
            }
        }
    }

    fn moved_piece(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Drop { role, .. } => self.side_to_move().map(|seat| Piece::new(role, seat)),
            _ => mv
                .from()
                .and_then(|from| self.position().piece_at(from))
                .map(|mut p| {
                    p.promoted |= mv.is_promotion();
                    p
                }),
        }
    }

    fn hand_count(pos: &Position, seat: Seat, kind: Role) -> u8 {
        pos.hand(seat).count(kind)
    }

    fn hand_piece(kind: Role, seat: Seat) -> Piece {
        Piece::new(kind, seat)
    }

    fn kind_letter(kind: Role) -> &'static str {
        kind_letter(kind)
    }
}

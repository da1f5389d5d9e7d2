//! How Hasami Shogi is drawn ([`BoardLook`]): a disc or ring mark (or the shogi pawns
//! 歩 and と) on pentagons pointing the way each side moves, Black at the bottom of the
//! fixed view.

use super::PieceStyle;
use crate::engine::Square;
use crate::engine::hasami::{Game, Move, Player, Position};
use crate::session::board::{BoardLook, Facing, PieceView, SquareView, Turn};
use std::convert::Infallible;

impl BoardLook for Game {
    type Piece = Player;
    type Position = Position;

    fn board_position(&self) -> &Position {
        self.position()
    }

    fn pieces(pos: &Position) -> Vec<(Square, Player)> {
        Square::all()
            .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
            .collect()
    }

    /// A pentagon pointing the way the side moves, with a mark or a pawn's kanji.
    fn piece_view(side: Player, style: PieceStyle, label: String) -> PieceView {
        PieceView {
            side: Game::seat_class(side),
            facing: match side {
                Player::Black => Facing::North,
                Player::White => Facing::South,
            },
            text: style.text(side).map(str::to_string),
            promoted: false,
            inert: false,
            label,
        }
    }

    fn turn_for(bottom: Player) -> Turn {
        match bottom {
            Player::Black => Turn::Rank1,
            Player::White => Turn::Rank9,
        }
    }

    /// `black` or `white`.
    fn seat_class(side: Player) -> &'static str {
        match side {
            Player::Black => "black",
            Player::White => "white",
        }
    }

    /// The squares of the last move, and the pieces it captured (RULES H3).
    fn mark_last_move(&self, squares: &mut [SquareView]) {
        if let (Some(mv), Some(captured)) = (self.moves().last(), self.captured().last()) {
            squares[mv.from.index()].last = true;
            squares[mv.to.index()].last = true;
            for sq in *captured {
                squares[sq.index()].captured = true;
            }
        }
    }

    fn moved_piece(&self, mv: Move) -> Option<Player> {
        self.position().piece_at(mv.from)
    }

    fn hand_piece(kind: Infallible, _seat: Player) -> Player {
        match kind {}
    }
}

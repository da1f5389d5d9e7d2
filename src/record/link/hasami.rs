//! The Hasami share link, tag `H1` (`docs/RECORDS.md`, "Share links": *Hasami header*).
//!
//! Header, in this order: win condition (2 bits: capture 5, lead by 3, capture all), move
//! limit (gamma: 0 none, `n + 1` a limit of `n` plies), resignation (2 bits: none, Black,
//! White), set-up flag (1 bit) and, when set, the start position (side to move 1 bit,
//! Black's and White's captures 4 bits each, ply gamma, then for each square `a1, b1, ..,
//! i9` an occupied bit and, for a piece, its colour bit: 0 Black, 1 White), and the
//! number of moves (gamma).

use super::bits::{BitReader, BitWriter};
use super::{
    HeaderField, LinkError, LinkErrorKind, ShareLink, header_stop, header_u32, read_limit,
    read_moves, write_limit, write_moves,
};
use crate::engine::hasami::{Game, Move, Player, Position, Rules, WinCondition};
use crate::engine::{Square, SquareSet};

/// The header of a Hasami link.
struct Header {
    rules: Rules,
    resigned: Option<Player>,
    start: Position,
    moves: u32,
}

fn win_code(win: WinCondition) -> u64 {
    match win {
        WinCondition::CaptureFive => 0,
        WinCondition::LeadByThree => 1,
        WinCondition::CaptureAll => 2,
    }
}

fn player_bit(p: Player) -> bool {
    p == Player::White
}

fn write_header(game: &Game, w: &mut BitWriter) {
    let rules = game.rules();
    w.bits(win_code(rules.win), 2);
    write_limit(w, rules.move_limit);
    w.bits(
        match game.resigned() {
            None => 0,
            Some(Player::Black) => 1,
            Some(Player::White) => 2,
        },
        2,
    );
    let start = game.start();
    let setup = *start != Position::start();
    w.flag(setup);
    if setup {
        w.flag(player_bit(start.side_to_move()));
        w.bits(u64::from(start.captures(Player::Black)), 4);
        w.bits(u64::from(start.captures(Player::White)), 4);
        w.gamma(u64::from(start.ply()));
        for sq in Square::all() {
            let piece = start.piece_at(sq);
            w.flag(piece.is_some());
            if let Some(p) = piece {
                w.flag(player_bit(p));
            }
        }
    }
    w.gamma(game.moves().len() as u64);
}

fn read_header(r: &mut BitReader) -> Result<Header, LinkErrorKind> {
    let stop = |field| move |s| header_stop(s, field);
    let bad = |field| LinkErrorKind::BadHeader { field };
    let win = match r.bits(2).map_err(stop(HeaderField::WinCondition))? {
        0 => WinCondition::CaptureFive,
        1 => WinCondition::LeadByThree,
        2 => WinCondition::CaptureAll,
        _ => return Err(bad(HeaderField::WinCondition)),
    };
    let move_limit = read_limit(r)?;
    let resigned = match r.bits(2).map_err(stop(HeaderField::Resignation))? {
        0 => None,
        1 => Some(Player::Black),
        2 => Some(Player::White),
        _ => return Err(bad(HeaderField::Resignation)),
    };
    let field = HeaderField::StartPosition;
    let start = if r.flag().map_err(stop(field))? {
        let player = |white: bool| if white { Player::White } else { Player::Black };
        let side = player(r.flag().map_err(stop(field))?);
        let mut captures = [0u8; 2];
        for c in &mut captures {
            *c = r.bits(4).map_err(stop(field))? as u8;
        }
        let ply = header_u32(r, field)?;
        let mut sets = [SquareSet::EMPTY; 2];
        for sq in Square::all() {
            if r.flag().map_err(stop(field))? {
                sets[player(r.flag().map_err(stop(field))?).index()].insert(sq);
            }
        }
        let pos = Position::from_parts(sets[0], sets[1], side, captures, ply).map_err(|e| {
            LinkErrorKind::BadPosition {
                reason: e.to_string(),
            }
        })?;
        if pos == Position::start() {
            // The standard start has the shorter link with the flag off.
            return Err(bad(field));
        }
        pos
    } else {
        Position::start()
    };
    let moves = header_u32(r, HeaderField::MoveCount)?;
    Ok(Header {
        rules: Rules { win, move_limit },
        resigned,
        start,
        moves,
    })
}

impl ShareLink for Game {
    const LINK_TAG: &'static str = "H1";

    fn link_key(mv: Move) -> u32 {
        mv.from.index() as u32 * 81 + mv.to.index() as u32
    }

    fn to_link(&self) -> String {
        let mut w = BitWriter::new();
        write_header(self, &mut w);
        write_moves(
            Game::from_position(self.rules(), *self.start()),
            self.moves(),
            &mut w,
        );
        format!("{}{}", Self::LINK_TAG, w.finish())
    }

    fn from_link(payload: &str) -> Result<Game, LinkError<Game>> {
        let mut r = super::open::<Game>(payload)?;
        let head = read_header(&mut r).map_err(LinkError::head)?;
        let game = Game::from_position(head.rules, head.start);
        let mut game = read_moves(game, head.moves, &mut r)?;
        if let Some(player) = head.resigned
            && game.resign(player).is_err()
        {
            return Err(LinkError {
                kind: LinkErrorKind::ResignedAfterEnd,
                at_move: None,
                seat: Some(player),
                good: Some(game),
            });
        }
        Ok(game)
    }
}

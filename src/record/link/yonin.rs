//! The Yonin share link, tag `Y1` (`docs/RECORDS.md`, "Share links": *Yonin header*).
//!
//! Header, in this order: format, end of game, eliminated pieces (1 bit each, 0 the
//! default), move limit (gamma: 0 none, `n + 1` a limit of `n` moves), starting seat
//! (2 bits: S, W, N, E), set-up flag (1 bit) and, when set, the start position (below),
//! and the number of moves (gamma). Yonin has no resignation (RULES Y6.6): how the game
//! ended follows from its moves.
//!
//! A set-up position: for each square `a1, b1, .., i9` an occupied bit and, for a piece,
//! its role (3 bits: K, R, G, S, P), a promoted bit for R, S and P only, its facing
//! (2 bits) and its owner (a 1 bit when the owner is the facing seat; else `0` then a 1
//! bit for no owner, or a 0 bit and the owner's 2 bits); the hands (for South, West,
//! North, East in turn, the counts of R, G, S, P, gamma); the eliminations (their number,
//! gamma, then each one's seat and mater, 2 bits each, and move count, gamma); the
//! position's move count (gamma). Its seat to move is the starting seat and its rules
//! the header's.

use super::bits::{BitReader, BitWriter};
use super::{
    HeaderField, LinkError, LinkErrorKind, ShareLink, header_stop, header_u32, read_limit,
    read_moves, write_limit, write_moves,
};
use crate::engine::Square;
use crate::engine::yonin::{
    EliminatedPieces, Elimination, Format, Game, GameEnd, Hand, Move, Piece, Position, Role, Rules,
    Seat,
};

/// Roles in the order of their 3-bit codes.
const ROLES: [Role; 5] = [Role::King, Role::Rook, Role::Gold, Role::Silver, Role::Pawn];

/// The header of a Yonin link.
struct Header {
    start: Position,
    standard: bool,
    moves: u32,
}

fn role_code(role: Role) -> u64 {
    match role {
        Role::King => 0,
        Role::Rook => 1,
        Role::Gold => 2,
        Role::Silver => 3,
        Role::Pawn => 4,
    }
}

fn seat_code(seat: Seat) -> u64 {
    seat.index() as u64
}

fn write_position(pos: &Position, w: &mut BitWriter) {
    for sq in Square::all() {
        let piece = pos.piece_at(sq);
        w.flag(piece.is_some());
        let Some(p) = piece else { continue };
        w.bits(role_code(p.role), 3);
        if p.role.can_promote() {
            w.flag(p.promoted);
        }
        w.bits(seat_code(p.facing), 2);
        w.flag(p.owner == Some(p.facing));
        match p.owner {
            Some(o) if o == p.facing => {}
            Some(o) => {
                w.flag(false);
                w.bits(seat_code(o), 2);
            }
            None => w.flag(true),
        }
    }
    for seat in Seat::ALL {
        let hand = pos.hand(seat);
        for role in Role::HAND {
            w.gamma(u64::from(hand.count(role)));
        }
    }
    let elims = pos.eliminations();
    w.gamma(elims.len() as u64);
    for e in elims {
        w.bits(seat_code(e.seat), 2);
        w.bits(seat_code(e.by), 2);
        w.gamma(u64::from(e.at_move));
    }
    w.gamma(u64::from(pos.move_count()));
}

fn write_header(game: &Game, w: &mut BitWriter) {
    let rules = game.rules();
    w.flag(rules.format == Format::Pairs);
    w.flag(rules.end == GameEnd::ToTheLast);
    w.flag(rules.eliminated_pieces == EliminatedPieces::Ownerless);
    write_limit(w, rules.move_limit);
    w.bits(seat_code(game.starting_seat()), 2);
    let setup = *game.start() != Position::start(rules, game.starting_seat());
    w.flag(setup);
    if setup {
        write_position(game.start(), w);
    }
    w.gamma(game.moves().len() as u64);
}

fn read_position(r: &mut BitReader, rules: Rules, turn: Seat) -> Result<Position, LinkErrorKind> {
    let field = HeaderField::StartPosition;
    let stop = |s| header_stop(s, field);
    let bad = LinkErrorKind::BadHeader { field };
    let seat = |r: &mut BitReader| r.bits(2).map(|i| Seat::ALL[i as usize]).map_err(stop);
    let mut board = [None; 81];
    for cell in &mut board {
        if !r.flag().map_err(stop)? {
            continue;
        }
        let role = *ROLES
            .get(r.bits(3).map_err(stop)? as usize)
            .ok_or(bad.clone())?;
        let promoted = role.can_promote() && r.flag().map_err(stop)?;
        let facing = seat(r)?;
        let owner = if r.flag().map_err(stop)? {
            Some(facing)
        } else if r.flag().map_err(stop)? {
            None
        } else {
            let owner = seat(r)?;
            if owner == facing {
                // Written with the shorter code above.
                return Err(bad);
            }
            Some(owner)
        };
        *cell = Some(Piece {
            role,
            promoted,
            owner,
            facing,
        });
    }
    let mut hands = [Hand::EMPTY; 4];
    for hand in &mut hands {
        for role in Role::HAND {
            let n = r.gamma().map_err(stop)?;
            hand.set(role, u8::try_from(n).map_err(|_| bad.clone())?);
        }
    }
    let count = r.gamma().map_err(stop)?;
    if count > 3 {
        return Err(bad);
    }
    let mut elims = Vec::new();
    for _ in 0..count {
        let seat_mated = seat(r)?;
        let by = seat(r)?;
        let at_move = header_u32(r, field)?;
        elims.push(Elimination {
            seat: seat_mated,
            by,
            at_move,
        });
    }
    let moves = header_u32(r, field)?;
    Position::from_parts(board, hands, turn, &elims, moves, rules).map_err(|e| {
        LinkErrorKind::BadPosition {
            reason: e.to_string(),
        }
    })
}

fn read_header(r: &mut BitReader) -> Result<Header, LinkErrorKind> {
    let stop = |s| header_stop(s, HeaderField::MoveLimit);
    let mut flags = [false; 3];
    for f in &mut flags {
        *f = r.flag().map_err(stop)?;
    }
    let rules = Rules {
        format: if flags[0] {
            Format::Pairs
        } else {
            Format::Individual
        },
        end: if flags[1] {
            GameEnd::ToTheLast
        } else {
            GameEnd::AfterTwoMates
        },
        eliminated_pieces: if flags[2] {
            EliminatedPieces::Ownerless
        } else {
            EliminatedPieces::ToMater
        },
        move_limit: read_limit(r)?,
    };
    let field = HeaderField::StartPosition;
    let first = r
        .bits(2)
        .map(|i| Seat::ALL[i as usize])
        .map_err(|s| header_stop(s, field))?;
    let standard_start = Position::start(rules, first);
    let (start, standard) = if r.flag().map_err(|s| header_stop(s, field))? {
        let pos = read_position(r, rules, first)?;
        if pos == standard_start {
            // The standard start has the shorter link with the flag off.
            return Err(LinkErrorKind::BadHeader { field });
        }
        (pos, false)
    } else {
        (standard_start, true)
    };
    let moves = header_u32(r, HeaderField::MoveCount)?;
    Ok(Header {
        start,
        standard,
        moves,
    })
}

impl ShareLink for Game {
    const LINK_TAG: &'static str = "Y1";

    fn link_key(mv: Move) -> u32 {
        match mv {
            Move::Normal { from, to, promote } => {
                2 * (from.index() as u32 * 81 + to.index() as u32) + u32::from(promote)
            }
            Move::Drop { role, to } => {
                let piece = role.hand_index().unwrap_or(0) as u32;
                2 * 81 * 81 + 81 * piece + to.index() as u32
            }
        }
    }

    fn to_link(&self) -> String {
        let mut w = BitWriter::new();
        write_header(self, &mut w);
        write_moves(
            Game::from_position(self.start().clone()),
            self.moves(),
            &mut w,
        );
        format!("{}{}", Self::LINK_TAG, w.finish())
    }

    fn from_link(payload: &str) -> Result<Game, LinkError<Game>> {
        let mut r = super::open::<Game>(payload)?;
        let head = read_header(&mut r).map_err(LinkError::head)?;
        let game = if head.standard {
            Game::new(head.start.rules(), head.start.side_to_move())
        } else {
            Game::from_position(head.start)
        };
        read_moves(game, head.moves, &mut r)
    }
}

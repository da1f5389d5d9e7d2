//! Yonin Shogi (four-player shogi), RULES Part Y.
//!
//! The vocabulary is the one of the Hasami engine: a validated [`Position`] with
//! [`legal_moves`](Position::legal_moves) and [`play`](Position::play); a [`Move`] with its
//! notation; a [`Seat`] for the player (South, West, North, East, clockwise); the local
//! [`Rules`]; a [`Game`] holding the history for repetition; an [`Outcome`] with placings.
//!
//! # What is implemented
//! - Setup and moves (RULES Y1, Y2): pieces have an owner (or none: flipped kings and
//!   ownerless pieces) and a facing; promotion zones follow the facing.
//! - Check and turn resolution (RULES Y3): after every move the first live seat in check
//!   clockwise from the mover moves next, else the next live seat; a seat whose turn
//!   arrives without a legal move is mated by the last mover and the choice is made again
//!   from the mover ([`MoveReport`] tells who moved, who was checked and mated, who is
//!   next).
//! - Forbidden moves (RULES Y4): nifu on the seat's own line (files for South and North,
//!   ranks for West and East), dead pawns, pawn drops in front of a flipped king,
//!   uchifuzume against the checked seat, own king in check, partner check in pairs.
//! - Elimination and placings (RULES Y5–Y7, Y7b), repetition with the perpetual-check rule
//!   and the move limit in [`Game`].
//!
//! # Position notation (RULES Y9.2)
//! Six fields separated by spaces: `BOARD HANDS TURN ELIMINATIONS MOVES RULES`.
//!
//! - `BOARD`: ranks 9 down to 1 separated by `/`; inside a rank, files `a` to `i`. A digit
//!   `1`–`9` is a run of empty squares; a piece is `[+]ROLE FACING [OWNER]`:
//!   - `+` when promoted (only `R`, `S`, `P`);
//!   - `ROLE` one of `K R G S P`;
//!   - `FACING` the lower-case letter of the seat whose direction the piece faces
//!     (`s` faces north, `w` east, `n` south, `e` west) — for a piece still with its first
//!     owner, that owner;
//!   - `OWNER` left out when the owner is the facing seat; otherwise `s`, `w`, `n`, `e` for
//!     an inherited piece, or `x` for no owner: a flipped king (`Kwx`) or an ownerless
//!     piece (`Pwx`).
//!
//!   Each rank covers nine squares.
//! - `HANDS`: four groups separated by `/`, in seat order South/West/North/East; each is
//!   `-` (empty) or count-and-letter items in the order R, G, S, P with counts of 1 left
//!   out: `R2P` is a rook and two pawns.
//! - `TURN`: the seat to move, `s`, `w`, `n` or `e` (after turn resolution; when the game
//!   is over, the last mover).
//! - `ELIMINATIONS`: `-` or, in the order they happened, `SEAT:MATER:MOVE` items joined
//!   by commas: `w:s:37` means West was mated by South when the move count was 37. The
//!   mates credited to each seat follow from it.
//! - `MOVES`: moves made by all seats together (the move count of RULES Y6.4).
//! - `RULES`: the local rules in the text form of [`Rules`] (`-` for the defaults, else
//!   e.g. `pairs,ownerless,limit=300`).
//!
//! The start position with South to move:
//!
//! ```text
//! 2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 -/-/-/- s - 0 -
//! ```
//!
//! Parsing reports the field and place of the first problem ([`ParsePositionError`]) and
//! validates the state ([`PositionError`]).
//!
//! # Game record (RULES Y9.2)
//! [`GameRecord`] is the game as data (local rules, starting seat, the start position when
//! it is a loaded one, the moves); serde stores it and [`Game::from_record`] replays it.
//! The record as text, with tag pairs, every move with its move number and seat letter
//! (`37 S G*b6`) and the result, is [`crate::record::text`] (`docs/RECORDS.md`).
//!
//! # Examples
//! ```
//! use shogi_variants::engine::yonin::{Game, Rules, Seat};
//! use shogi_variants::record::text::{RecordInfo, RecordText};
//! let mut game = Game::new(Rules::default(), Seat::South);
//! for m in ["e3e4", "c5d5", "e7e6", "g5f5"] {
//!     game.play(m.parse().unwrap()).unwrap();
//! }
//! assert_eq!(game.side_to_move(), Some(Seat::South));
//! let text = game.write_record(&RecordInfo::default());
//! assert!(text.ends_with("\n1 S e3e4 2 W c5d5 3 N e7e6 4 E g5f5 *\n"));
//! let (again, _) = Game::read_record(text.as_bytes()).unwrap();
//! assert_eq!(again.position(), game.position());
//! let json = serde_json::to_string(&game.record()).unwrap();
//! let back = Game::from_record(&serde_json::from_str(&json).unwrap()).unwrap();
//! assert_eq!(back.position(), game.position());
//! ```

pub mod attacks;
mod check;
mod game;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod play;
mod position;
mod rules;
mod tables;
mod types;

pub use game::{Game, GameRecord, RecordError, perft};
pub use moves::{MAX_MOVES, Move, MoveList, MoveListIter, ParseMoveError};
pub use notation::{ParsePositionError, PositionError};
pub use outcome::{EndReason, Outcome};
pub use play::{MoveReport, PlayError};
pub use position::{Elimination, Position, RepetitionKey};
pub use rules::{EliminatedPieces, Format, GameEnd, ParseRulesError, Rules};
pub use types::{Hand, ParseSeatError, Piece, Role, Seat, SeatSet};

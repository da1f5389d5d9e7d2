//! Share links: a whole game packed into the fragment of a URL (the part after `#`, which
//! the browser never sends to a server). The format is defined in `docs/RECORDS.md`,
//! section "Share links"; this module is its only reader and writer.
//!
//! A payload (the fragment without its `#`) is a two-character tag, the game's letter
//! and the format's version (`H1` for Hasami, `Y1` for Yonin), then base64url
//! characters (RFC 4648 §5, six bits each): a header (the local rules, the starting seat,
//! a set-up start position, Hasami's resignation, the number of moves) and each move as
//! its index in the legal moves of its position sorted by [`ShareLink::link_key`],
//! written in `ceil(log2(number of legal moves))` bits (a forced move takes none).
//!
//! Decoding is validation: every move is replayed with [`Variant::play`], and a damaged
//! link is refused with a [`LinkError`] that names the move (from 1), the seat to move
//! there and what is wrong, and holds the game of the good moves before it.
//!
//! ```
//! use shogi_variants::engine::hasami::{Game, Rules};
//! use shogi_variants::record::link::{LinkErrorKind, LinkGame, ShareLink, game_of_link};
//!
//! let mut game = Game::new(Rules::default());
//! for mv in ["e1e5", "e9e6", "a1a2"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! let link = game.to_link();
//! assert_eq!(link, "H1II-4A");
//! assert_eq!(game_of_link(&link), Some(LinkGame::Hasami));
//! assert_eq!(Game::from_link(&link).unwrap(), game);
//!
//! // Cut short: the header (11 bits) and move 1 (6 bits) fit in 3 characters, move 2
//! // does not; "load up to move 1".
//! let cut = Game::from_link("H1II-").unwrap_err();
//! assert_eq!(cut.kind, LinkErrorKind::Truncated);
//! assert_eq!(cut.at_move, Some(2));
//! assert_eq!(cut.good.unwrap().moves().len(), 1);
//! ```

mod bits;
mod hasami;
mod yonin;

use std::fmt;

pub(crate) use bits::ALPHABET;
use bits::{BitReader, BitWriter, Stop, width};

use crate::engine::Variant;

/// The game a link belongs to, read from its first character (`H` or `Y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkGame {
    /// Hasami Shogi, tag letter `H`.
    Hasami,
    /// Yonin Shogi, tag letter `Y`.
    Yonin,
}

impl LinkGame {
    /// The tag letter: `H` or `Y`.
    pub const fn letter(self) -> char {
        match self {
            LinkGame::Hasami => 'H',
            LinkGame::Yonin => 'Y',
        }
    }

    fn of_letter(c: char) -> Option<LinkGame> {
        match c {
            'H' => Some(LinkGame::Hasami),
            'Y' => Some(LinkGame::Yonin),
            _ => None,
        }
    }
}

impl fmt::Display for LinkGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LinkGame::Hasami => "Hasami Shogi",
            LinkGame::Yonin => "Yonin Shogi",
        })
    }
}

/// Which game a payload (a URL fragment without its `#`) is a link of, before decoding
/// it: `Some` when it starts with a game letter (`H`, `Y`) and a version digit `1`-`9`,
/// whatever the version, so that a link of a newer version still reaches its game's
/// screen and its [`LinkErrorKind::NewerVersion`] message. `None` for anything else
/// (an empty fragment, another page's fragment).
///
/// ```
/// use shogi_variants::record::link::{LinkGame, game_of_link};
/// assert_eq!(game_of_link("Y1AA"), Some(LinkGame::Yonin));
/// assert_eq!(game_of_link("H7xyz"), Some(LinkGame::Hasami));
/// assert_eq!(game_of_link("Help"), None);
/// assert_eq!(game_of_link(""), None);
/// ```
pub fn game_of_link(payload: &str) -> Option<LinkGame> {
    let mut chars = payload.chars();
    let game = LinkGame::of_letter(chars.next()?)?;
    matches!(chars.next(), Some('1'..='9')).then_some(game)
}

/// A header field of a link (`docs/RECORDS.md`, "Share links": *Header*), named by
/// [`LinkErrorKind::BadHeader`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeaderField {
    /// Hasami's win condition (RULES H4.1): the value 3 stands for none.
    WinCondition,
    /// The move limit (RULES H4.5, Y6.4): a number beyond 2^32 - 1.
    MoveLimit,
    /// Hasami's resignation (RULES H4.3): the value 3 names no player.
    Resignation,
    /// The set-up start position: a value out of range, a number too large, or the
    /// standard start written out (it has a shorter link).
    StartPosition,
    /// The number of moves: beyond 2^32 - 1.
    MoveCount,
}

impl fmt::Display for HeaderField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HeaderField::WinCondition => "win condition",
            HeaderField::MoveLimit => "move limit",
            HeaderField::Resignation => "resignation",
            HeaderField::StartPosition => "start position",
            HeaderField::MoveCount => "number of moves",
        })
    }
}

/// What is wrong with a link: the data the UI translates (five languages), and an English
/// message (`Display`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkErrorKind {
    /// The payload is empty: no game in the fragment.
    #[error("the link holds no game")]
    Empty,
    /// The payload does not start with a tag of this app (`H1`, `Y1`, ...): it is not a
    /// share link, or one of another site.
    #[error("not a game link of this app (it starts with {tag:?})")]
    Foreign {
        /// The first two characters (fewer if the payload is shorter).
        tag: String,
    },
    /// A link of the other game of this app (read with the wrong game).
    #[error("a link of {found}, not of this game")]
    WrongGame {
        /// The game the tag names.
        found: LinkGame,
    },
    /// A link of version 2 (`H2`, `Y2`) whose check does not match the rest: a
    /// character was changed, lost or added on the way.
    #[error("the link is damaged: its check does not match")]
    Damaged,
    /// A link written by a newer version of the app: the player should update the app.
    #[error("a link of a newer version of the app (format {version}): update the app")]
    NewerVersion {
        /// The version digit of the tag, 3 to 9.
        version: u8,
    },
    /// A character that is not one of the 64 of base64url (`A`-`Z`, `a`-`z`, `0`-`9`,
    /// `-`, `_`).
    #[error("character {position} ({character:?}) cannot be in a link")]
    BadCharacter {
        /// Where it stands in the payload, counted in characters from 1 (the tag's letter).
        position: usize,
        /// The character.
        character: char,
    },
    /// A header field holds a value that no game has.
    #[error("the {field} in the link's header is not valid")]
    BadHeader {
        /// The field.
        field: HeaderField,
    },
    /// The set-up start position reads but is not a valid position of the game.
    #[error("the start position in the link is not valid: {reason}")]
    BadPosition {
        /// Why, in English (the engine's position error).
        reason: String,
    },
    /// The link stops before its last move: it was cut short.
    #[error("the link is cut short")]
    Truncated,
    /// The link goes on after its last move (more characters, or bits that are not the
    /// zero padding of the last character).
    #[error("the link goes on after its last move")]
    TooLong,
    /// A move index is not below the number of legal moves.
    #[error("move index {index} is out of range: {count} legal moves")]
    IndexOutOfRange {
        /// The index read, from 0.
        index: u32,
        /// The number of legal moves there.
        count: u32,
    },
    /// The header counts more moves than the game has: it was over before this move.
    #[error("the game was already over")]
    AfterEnd,
    /// The engine refused a move of its own legal move list (an engine fault, not a link
    /// fault; kept so that decoding never panics).
    #[error("move {mv} was refused: {reason}")]
    Illegal {
        /// The move, in the game's notation (RULES H6.2, Y9.1).
        mv: String,
        /// The engine's reason, in English.
        reason: String,
    },
    /// The link has a resignation (RULES H4.3) but the game was over after its moves.
    #[error("a resignation after the end of the game")]
    ResignedAfterEnd,
}

/// Why a payload did not decode, and where: the kind of problem, the move (from 1) and
/// the seat to move there, and the game of the good moves before it (for the UI's
/// "load up to move N", N being `good.moves().len()`).
///
/// `at_move` is `None` for a problem before the moves (the tag or the header), and
/// `count + 1` for a link that goes on after its `count` moves ([`LinkErrorKind::TooLong`],
/// or a bad character there). `good` is `None` when the header could not be read.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}{kind}", place(.at_move, .seat))]
pub struct LinkError<G: Variant> {
    /// What is wrong.
    pub kind: LinkErrorKind,
    /// The move where it went wrong, from 1; `None` in the tag or header.
    pub at_move: Option<u32>,
    /// The seat to move at that move (`None` in the header or once the game is over).
    pub seat: Option<G::Seat>,
    /// The game after the good moves before `at_move`, for "load up to move N".
    pub good: Option<G>,
}

fn place<S: fmt::Display>(at_move: &Option<u32>, seat: &Option<S>) -> String {
    match (at_move, seat) {
        (Some(n), Some(s)) => format!("move {n} ({s}): "),
        (Some(n), None) => format!("move {n}: "),
        (None, _) => String::new(),
    }
}

impl<G: Variant> LinkError<G> {
    /// An error before the moves: no move, no seat, no game.
    fn head(kind: LinkErrorKind) -> LinkError<G> {
        LinkError {
            kind,
            at_move: None,
            seat: None,
            good: None,
        }
    }

    /// An error at the move after those of `good`.
    fn at(kind: LinkErrorKind, good: G) -> LinkError<G> {
        LinkError {
            kind,
            at_move: Some(good.moves().len() as u32 + 1),
            seat: good.side_to_move(),
            good: Some(good),
        }
    }
}

/// A game that has a share link (`docs/RECORDS.md`, "Share links"): Hasami
/// ([`crate::engine::hasami::Game`], tag `H1`) and Yonin ([`crate::engine::yonin::Game`],
/// tag `Y1`).
pub trait ShareLink: Variant {
    /// The tag that starts every payload of this game: `"H1"` or `"Y1"` (game letter,
    /// format version).
    const LINK_TAG: &'static str;

    /// The sort key of a move among the legal moves of a position, defined from the
    /// move's notation (never from the engine's generation order, so an engine change
    /// never changes a link): a move's index in the link is its rank by this key.
    ///
    /// - Hasami (RULES H6.2): `81 × from + to`, where a square's number is
    ///   `9 × (rank − 1) + file` with files a..i as 0..8 (`a1` 0, `b1` 1, .., `i1` 8,
    ///   `a2` 9, .., `i9` 80).
    /// - Yonin (RULES Y9.1): board moves first, by from-square, then to-square, then
    ///   without promotion before with: `2 × (81 × from + to) + promote`; then drops, by
    ///   piece (R, G, S, P as 0..3) then square: `13 122 + 81 × piece + to`.
    fn link_key(mv: Self::Move) -> u32;

    /// The payload of this game (no `#`): [`Self::LINK_TAG`] then `ceil(b / 6)` base64url
    /// characters for the `b` bits of the header and the moves, each move taking
    /// `ceil(log2(legal moves))` bits: about one character per move. Measured
    /// (`docs/RECORDS.md`, "Length"): 114 to 121 characters for a 100-ply Hasami game,
    /// 240 to 287 for a 300-move Yonin game. Every game has exactly one link, and
    /// [`ShareLink::from_link`] of it gives the game back.
    fn to_link(&self) -> String;

    /// The payload to share on its own (the address of a shared game): the same bits as
    /// [`ShareLink::to_link`] under version 2 of the tag (`H2`, `Y2`), followed by
    /// [`CHECK_CHARS`] characters of [`check_of`] the rest, so that a character changed
    /// or lost on the way reads as [`LinkErrorKind::Damaged`], not as another game. Six
    /// characters longer than [`ShareLink::to_link`], which the links of games played by
    /// link carry inside their own check.
    ///
    /// ```
    /// use shogi_variants::engine::hasami::{Game, Rules};
    /// use shogi_variants::record::link::{LinkErrorKind, ShareLink};
    /// let mut game = Game::new(Rules::default());
    /// game.play("e1e5".parse().unwrap()).unwrap();
    /// let link = game.to_checked_link();
    /// assert_eq!(&link[..link.len() - 6], "H2IT4");
    /// assert_eq!(Game::from_link(&link).unwrap(), game);
    /// let changed = link.replacen("T4", "T5", 1);
    /// assert_eq!(Game::from_link(&changed).unwrap_err().kind, LinkErrorKind::Damaged);
    /// ```
    fn to_checked_link(&self) -> String {
        let unchecked = self.to_link();
        let body = format!("{}2{}", &Self::LINK_TAG[..1], &unchecked[2..]);
        let check = check_of(&body);
        body + &check
    }

    /// Decodes a payload (the UI strips the `#`) and replays it, checking every move.
    ///
    /// # Errors
    /// [`LinkError`] with the [`LinkErrorKind`] of the first problem: an empty or foreign
    /// payload, another game's or a newer version's tag, a character outside base64url,
    /// a bad header value or start position, a cut or over-long stream, a move index out
    /// of range, a move after the end; with the move (from 1), the seat and the game of
    /// the good moves before it. Never panics.
    fn from_link(payload: &str) -> Result<Self, LinkError<Self>>;
}

/// The legal moves of `game` in link order: [`Variant::legal_moves`] sorted by
/// [`ShareLink::link_key`].
pub fn link_order<G: ShareLink>(game: &G) -> Vec<G::Move> {
    let mut moves = game.legal_moves();
    moves.sort_by_key(|&mv| G::link_key(mv));
    moves
}

/// Characters of a check ([`check_of`]): the CRC-32 of the text before it, as 6
/// base64url characters, most significant first (the top 4 of their 36 bits are zero).
pub const CHECK_CHARS: usize = 6;

/// The check of `text`: its CRC-32 (IEEE, the `crc` crate's `CRC_32_ISO_HDLC`, computed
/// bit by bit: the payloads are short) as [`CHECK_CHARS`] base64url characters, most
/// significant first. It ends version 2 of a share link ([`ShareLink::to_checked_link`])
/// and a link of a game played by link (`L2`).
///
/// ```
/// use shogi_variants::record::link::check_of;
/// assert_eq!(check_of(""), "AAAAAA");
/// // CRC-32 of "123456789" is 0xCBF43926.
/// assert_eq!(check_of("123456789"), "DL9Dkm");
/// ```
pub fn check_of(text: &str) -> String {
    const CRC_32: crc::Crc<u32, crc::NoTable> =
        crc::Crc::<u32, crc::NoTable>::new(&crc::CRC_32_ISO_HDLC);
    let crc = u64::from(CRC_32.checksum(text.as_bytes()));
    (0..CHECK_CHARS)
        .rev()
        .map(|i| ALPHABET[(crc >> (6 * i) & 63) as usize] as char)
        .collect()
}

/// Reads the tag of `payload` for game `G` and opens a reader on the body (for version
/// 2, once its check matches).
fn open<G: ShareLink>(payload: &str) -> Result<BitReader, LinkError<G>> {
    let err = |kind| Err(LinkError::head(kind));
    let mut chars = payload.chars();
    let Some(letter) = chars.next() else {
        return err(LinkErrorKind::Empty);
    };
    let version = chars.next();
    let tag: String = payload.chars().take(2).collect();
    let own = G::LINK_TAG.chars().next();
    match LinkGame::of_letter(letter) {
        Some(_) if Some(letter) == own => {}
        Some(found) if matches!(version, Some('1'..='9')) => {
            return err(LinkErrorKind::WrongGame { found });
        }
        _ => return err(LinkErrorKind::Foreign { tag }),
    }
    match version {
        None => err(LinkErrorKind::Truncated),
        Some('1') => Ok(BitReader::new(&payload[2..], 3)),
        Some('2') => {
            // The check is tested before anything is read: a damaged link is not read
            // as another game. Its characters are ASCII when it matches.
            let cut = payload.len().saturating_sub(CHECK_CHARS);
            match (payload.get(..cut), payload.get(cut..)) {
                (Some(body), Some(check)) if cut >= 2 && check == check_of(body) => {
                    Ok(BitReader::new(&body[2..], 3))
                }
                _ => err(LinkErrorKind::Damaged),
            }
        }
        Some(d @ '3'..='9') => err(LinkErrorKind::NewerVersion {
            version: d as u8 - b'0',
        }),
        Some(_) => err(LinkErrorKind::Foreign { tag }),
    }
}

/// The error kind of a reader that stopped inside the header.
fn header_stop(stop: Stop, field: HeaderField) -> LinkErrorKind {
    match stop {
        Stop::End => LinkErrorKind::Truncated,
        Stop::Bad(position, character) => LinkErrorKind::BadCharacter {
            position,
            character,
        },
        Stop::Overflow => LinkErrorKind::BadHeader { field },
    }
}

/// Reads a gamma-coded number of the header that must fit in a `u32`.
fn header_u32(r: &mut BitReader, field: HeaderField) -> Result<u32, LinkErrorKind> {
    let v = r.gamma().map_err(|s| header_stop(s, field))?;
    u32::try_from(v).map_err(|_| LinkErrorKind::BadHeader { field })
}

/// Writes a move limit: 0 for none, `n + 1` for a limit of `n` moves.
fn write_limit(w: &mut BitWriter, limit: Option<u32>) {
    w.gamma(limit.map_or(0, |n| u64::from(n) + 1));
}

/// Reads a move limit written by [`write_limit`].
fn read_limit(r: &mut BitReader) -> Result<Option<u32>, LinkErrorKind> {
    let field = HeaderField::MoveLimit;
    let v = r.gamma().map_err(|s| header_stop(s, field))?;
    match v {
        0 => Ok(None),
        v => u32::try_from(v - 1)
            .map(Some)
            .map_err(|_| LinkErrorKind::BadHeader { field }),
    }
}

/// The order of the legal moves of a game, [`link_order`] (the unit tests try others).
type Order<G> = dyn Fn(&G) -> Vec<<G as Variant>::Move>;

/// Writes the moves of a game replayed from `start`: each as its index in
/// [`link_order`], in [`width`] bits.
///
/// # Panics
/// If a move is not legal where it is played, which a game built by the engine never
/// has (its moves were checked when played).
fn write_moves<G: ShareLink>(game: G, moves: &[G::Move], w: &mut BitWriter) {
    write_moves_by(game, moves, w, &link_order::<G>);
}

/// [`write_moves`] with the legal moves in `order`.
fn write_moves_by<G: ShareLink>(
    mut game: G,
    moves: &[G::Move],
    w: &mut BitWriter,
    order: &Order<G>,
) {
    for &mv in moves {
        let order = order(&game);
        let index = order
            .iter()
            .position(|&m| m == mv)
            .expect("a game's moves are legal where they were played");
        w.bits(index as u64, width(order.len()));
        game.play(mv)
            .expect("a game's moves are legal where they were played");
    }
}

/// Reads `count` moves onto `game`, then checks that the stream ends there.
fn read_moves<G: ShareLink>(game: G, count: u32, r: &mut BitReader) -> Result<G, LinkError<G>> {
    read_moves_by(game, count, r, &link_order::<G>)
}

/// [`read_moves`] with the legal moves in `order`.
fn read_moves_by<G: ShareLink>(
    mut game: G,
    count: u32,
    r: &mut BitReader,
    order: &Order<G>,
) -> Result<G, LinkError<G>> {
    for _ in 0..count {
        let order = order(&game);
        if order.is_empty() {
            return Err(LinkError::at(LinkErrorKind::AfterEnd, game));
        }
        let index = match r.bits(width(order.len())) {
            Ok(i) => i,
            Err(Stop::Bad(position, character)) => {
                let kind = LinkErrorKind::BadCharacter {
                    position,
                    character,
                };
                return Err(LinkError::at(kind, game));
            }
            Err(_) => return Err(LinkError::at(LinkErrorKind::Truncated, game)),
        };
        let Some(&mv) = order.get(index as usize) else {
            let kind = LinkErrorKind::IndexOutOfRange {
                index: index as u32,
                count: order.len() as u32,
            };
            return Err(LinkError::at(kind, game));
        };
        if let Err(e) = game.play(mv) {
            let kind = LinkErrorKind::Illegal {
                mv: mv.to_string(),
                reason: e.to_string(),
            };
            return Err(LinkError::at(kind, game));
        }
    }
    match r.finish() {
        Ok(()) => Ok(game),
        Err(Some((position, character))) => {
            let kind = LinkErrorKind::BadCharacter {
                position,
                character,
            };
            Err(LinkError::at(kind, game))
        }
        Err(None) => Err(LinkError::at(LinkErrorKind::TooLong, game)),
    }
}

#[cfg(test)]
mod tests;

//! The record text of each game: tag pairs, then the moves, then the result, in the style
//! of PGN (`docs/RECORDS.md`, RULES H6.5 and Y9.2).
//!
//! [`RecordText`] writes a game in the strict form ([`RecordText::write_record`]) and reads
//! a record, or a bare position string, tolerantly ([`RecordText::read_record`]): unknown
//! tags, comments, move numbers, seat letters (checked when present) and marks such as
//! `x`, `#`, `!?` are read and ignored; UTF-8 with or without a byte order mark, CRLF or
//! LF. Input over [`MAX_RECORD_BYTES`] is refused before it is read. A record that does
//! not read gives an [`ImportError`]: where (line, column, move number and seat), what
//! ([`ImportErrorKind`], data for a message in the player's language) and the game up to
//! the last good move, if any, to offer "load up to move N". Reading never panics.
//!
//! ```
//! use shogi_variants::engine::hasami::{Game, Player, Rules};
//! use shogi_variants::record::text::{RecordInfo, RecordText, SeatPlayer};
//! use shogi_variants::ai::Level;
//!
//! let mut game = Game::new(Rules::default());
//! for mv in ["e1e5", "e9e6"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! let info = RecordInfo {
//!     date: Some("2026.12.02".into()),
//!     players: vec![
//!         (Player::Black, SeatPlayer::Person),
//!         (Player::White, SeatPlayer::Cpu(Level::Strong)),
//!     ],
//!     names: vec![(Player::Black, "Ana".into())],
//! };
//! let text = game.write_record(&info);
//! assert!(text.starts_with("[Game \"Hasami Shogi\"]\n[Date \"2026.12.02\"]\n[Black \"Ana\"]\n"));
//! assert!(text.ends_with("\n1. e1e5 e9e6 *\n"));
//! let (back, back_info) = Game::read_record(text.as_bytes()).unwrap();
//! assert_eq!(back, game);
//! assert_eq!(back_info, info);
//! ```

mod common;
mod hasami;
mod lex;
mod yonin;

pub use hasami::{read_rules as read_hasami_rules, rules_text as hasami_rules_text};

use std::fmt;

use crate::ai::Level;
use crate::engine::Variant;

/// The largest record [`RecordText::read_record`] reads, in bytes (64 KiB); longer input
/// is refused with [`ImportErrorKind::TooLarge`] before anything else is looked at.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// Who played a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatPlayer {
    /// A person (written with their name from [`RecordInfo::names`], else `Person`; on
    /// reading, any value that does not start with the word `CPU`).
    Person,
    /// The CPU at a level (written `CPU strong`).
    Cpu(Level),
}

/// What a record says beside the game itself: the date and who played which seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordInfo<S> {
    /// The date as PGN writes it, `YYYY.MM.DD`, with `?` for unknown digits
    /// (`2026.??.??`); `None` when unknown. A date in another form is written as unknown.
    pub date: Option<String>,
    /// Who played each seat, in seat order when read; seats not listed are unknown
    /// (written `?`). Only the first entry of a seat is written.
    pub players: Vec<(S, SeatPlayer)>,
    /// The names of the seats a person played, as the seat tags give them (a game by
    /// link's names): written instead of `Person`; on reading, every seat tag of a
    /// person other than `Person`. A name that would read back as no person (empty,
    /// `?`, or starting with the word `CPU`) is written `Person`.
    pub names: Vec<(S, String)>,
}

impl<S> Default for RecordInfo<S> {
    fn default() -> RecordInfo<S> {
        RecordInfo {
            date: None,
            players: Vec::new(),
            names: Vec::new(),
        }
    }
}

impl<S: Copy + PartialEq> RecordInfo<S> {
    /// Who played `seat`, if the record says.
    pub fn player(&self, seat: S) -> Option<SeatPlayer> {
        self.players
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|&(_, p)| p)
    }

    /// The name of the person who played `seat`, if the record gives one.
    pub fn name(&self, seat: S) -> Option<&str> {
        self.names
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, n)| n.as_str())
    }
}

/// Which game a text is a record or a position of ([`identify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Hasami Shogi (`[Game "Hasami Shogi"]`, or a RULES H6.3 position).
    Hasami,
    /// Yonin Shogi (`[Game "Yonin Shogi"]`, or a RULES Y9.2 position).
    Yonin,
}

/// Which game `bytes` names: the value of its `Game` tag, else the first seat tag before
/// the moves (`Black`, `White` or `South`, `West`, `North`, `East`); for a bare position
/// string, the notation it parses in. `None` when nothing tells (moves alone, a text over
/// [`MAX_RECORD_BYTES`] or not UTF-8); the text is not otherwise checked.
///
/// ```
/// use shogi_variants::record::text::{GameKind, identify};
/// assert_eq!(identify(b"[Game \"Yonin Shogi\"]\n1 S e3e4"), Some(GameKind::Yonin));
/// assert_eq!(
///     identify(b"wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0"),
///     Some(GameKind::Hasami)
/// );
/// assert_eq!(identify(b"[West \"Person\"]\n1 S e3e4"), Some(GameKind::Yonin));
/// assert_eq!(identify(b"e1e5"), None);
/// ```
pub fn identify(bytes: &[u8]) -> Option<GameKind> {
    common::identify(bytes)
}

/// A game that has a record text (`docs/RECORDS.md`): implemented by
/// [`crate::engine::hasami::Game`] and [`crate::engine::yonin::Game`].
pub trait RecordText: Variant {
    /// The value of the `Game` tag: `"Hasami Shogi"` or `"Yonin Shogi"`.
    const GAME_NAME: &'static str;

    /// Why a position string (RULES H6.3, Y9.2) did not parse.
    type PositionError: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// The record text in its strict form: the tags (`Game` first, then `Date`, the
    /// seats, `Rules`, `Start`, `Position` when the start is not the standard one,
    /// `Result`, and when the game is over `Termination`, plus `Mates` in Yonin), an
    /// empty line, the numbered moves wrapped before 80 columns and the result. Lines end
    /// with `\n`; the text ends with one.
    fn write_record(&self, info: &RecordInfo<Self::Seat>) -> String;

    /// Reads a record, or a bare position string (a game from that position with no
    /// moves, default local rules in Hasami), and replays it.
    ///
    /// # Errors
    /// [`ImportError`] for input over [`MAX_RECORD_BYTES`], not UTF-8, empty, of the
    /// other game, malformed, with an illegal move, or whose result disagrees with the
    /// moves; see [`ImportErrorKind`].
    fn read_record(bytes: &[u8]) -> Result<(Self, RecordInfo<Self::Seat>), ImportError<Self>>;

    /// The move number written before move `index` of this game's moves (0-based):
    /// Hasami numbers pairs of moves as PGN does (`1. e1e5 e9e6 2. …`), Yonin numbers
    /// every move by the move count (`37 S G*b6`). Both continue the count of the start
    /// position.
    fn move_number(&self, index: usize) -> u32;
}

/// The place in the moves where reading stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAt<S> {
    /// The move number as the strict form writes it ([`RecordText::move_number`]).
    pub number: u32,
    /// The seat to move there, `None` when the game was already over.
    pub seat: Option<S>,
    /// How many moves of the record were good before it (0-based index of this move).
    pub index: usize,
}

/// What is wrong with a record, for any game: the kinds of [`ImportErrorKind`] with this
/// game's seat, position error and move refusal.
pub type KindOf<G> = ImportErrorKind<
    <G as Variant>::Seat,
    <G as RecordText>::PositionError,
    <G as Variant>::PlayError,
>;

/// Why a record did not read, and where: line and column (from 1, in characters), the
/// move number and seat, and the game after the good moves.
#[derive(Clone, Debug)]
pub struct ImportError<G: RecordText> {
    /// The line, from 1; `None` when the whole input is at fault (too large, empty).
    pub line: Option<usize>,
    /// The column in characters, from 1 (a byte order mark is not counted).
    pub column: Option<usize>,
    /// The move where reading stopped, for a fault in the moves.
    pub at_move: Option<MoveAt<G::Seat>>,
    /// What is wrong.
    pub kind: KindOf<G>,
    /// The game after the moves that were good, when at least one was: what "load up to
    /// move N" loads. `None` when no move was good or the fault is before the moves.
    /// Boxed: a game is large, and the error travels by value.
    pub good: Option<Box<G>>,
}

impl<G: RecordText> ImportError<G> {
    /// How many moves [`ImportError::good`] holds (0 without it).
    pub fn good_moves(&self) -> usize {
        self.good.as_ref().map_or(0, |g| g.moves().len())
    }

    /// The last of the good moves ([`ImportError::good`]), numbered as the record numbers
    /// the fault's place ([`RecordText::move_number`]; Hasami in pairs, Yonin by the
    /// move count), with the seat that played it and its index (0-based): what "load up
    /// to move N (seat)" loads. `None` without good moves.
    pub fn last_good(&self) -> Option<MoveAt<G::Seat>> {
        last_move_at(self.good.as_deref()?)
    }
}

/// The last move of `game`, numbered as its record numbers it
/// ([`RecordText::move_number`]: Hasami in pairs, Yonin by the move count), with the
/// seat that played it and its index (0-based). `None` when `game` has no moves.
pub fn last_move_at<G: RecordText>(game: &G) -> Option<MoveAt<G::Seat>> {
    move_at(game, game.moves().len().checked_sub(1)?)
}

/// Move `index` (0-based) of `game`, numbered as its record numbers it
/// ([`RecordText::move_number`]), with the seat that played it. `None` when `game` has
/// no such move.
pub fn move_at<G: RecordText>(game: &G, index: usize) -> Option<MoveAt<G::Seat>> {
    if index >= game.moves().len() {
        return None;
    }
    // The seat that played it is the one to move before it (a resignation after it
    // is taken back first).
    let mut before = game.clone();
    while before.moves().len() > index {
        before.undo()?;
    }
    Some(MoveAt {
        number: game.move_number(index),
        seat: before.side_to_move(),
        index,
    })
}

impl<G: RecordText> fmt::Display for ImportError<G> {
    /// `line 3, column 7, move 12 (white): illegal move e1e2: …` in English, for logs and
    /// tests; the UI writes its own sentence from the fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}")?;
            if let Some(column) = self.column {
                write!(f, ", column {column}")?;
            }
            f.write_str(", ")?;
        }
        if let Some(at) = &self.at_move {
            write!(f, "move {}", at.number)?;
            if let Some(seat) = at.seat {
                write!(f, " ({seat})")?;
            }
            f.write_str(", ")?;
        }
        write!(f, "{}", self.kind)?;
        if self.good_moves() > 0 {
            write!(f, " (the first {} moves are good)", self.good_moves())?;
        }
        Ok(())
    }
}

impl<G: RecordText> std::error::Error for ImportError<G> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.kind)
    }
}

/// What part of a tag pair `[Name "value"]` was expected and not found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TagSyntax {
    /// The tag name after `[`.
    Name,
    /// The value in double quotes after the name.
    Value,
    /// The closing `"` on the same line.
    CloseQuote,
    /// The closing `]`.
    CloseBracket,
}

impl fmt::Display for TagSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TagSyntax::Name => "a tag name",
            TagSyntax::Value => "a value in double quotes",
            TagSyntax::CloseQuote => "the closing quote on the same line",
            TagSyntax::CloseBracket => "the closing ]",
        })
    }
}

/// What is wrong with the value of a `Rules` tag (each carries the item as written).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RulesProblem {
    /// An item that is no local rule of this game.
    #[error("unknown rule {0:?}")]
    Unknown(String),
    /// The number after `limit=` is not a whole number.
    #[error("move limit {0:?} is not a number")]
    Limit(String),
    /// Two items set the same rule.
    #[error("rule {0:?} is set twice")]
    Repeated(String),
}

/// What is wrong with a record: data for a sentence in the player's language (`S` a seat,
/// `P` the game's position error, `M` its move refusal); [`fmt::Display`] gives English.
///
/// Texts taken from the input (`found`, `value`, `text`) are cut to 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportErrorKind<S, P, M> {
    /// The input is longer than [`MAX_RECORD_BYTES`]; nothing was read.
    #[error("the text is {bytes} bytes long, more than the {max} a record may have")]
    TooLarge {
        /// Its length in bytes.
        bytes: usize,
        /// [`MAX_RECORD_BYTES`].
        max: usize,
    },
    /// The input is not UTF-8.
    #[error("the text is not UTF-8 (byte {byte})")]
    NotUtf8 {
        /// Offset of the first bad byte from the start of the input, from 0.
        byte: usize,
    },
    /// Nothing but white space and comments.
    #[error("there is no record and no position in the text")]
    Empty,
    /// The `Game` tag, or the position string, names another game.
    #[error("this is a record of {found:?}, not of this game")]
    WrongGame {
        /// The game named (the tag's value, or the other game's name for a position).
        found: String,
    },
    /// A tag pair is not `[Name "value"]`.
    #[error("tag pair: expected {expected}")]
    TagSyntax {
        /// What was expected where the error points.
        expected: TagSyntax,
    },
    /// A tag this game reads appears twice.
    #[error("the {name} tag appears twice")]
    DuplicateTag {
        /// The tag name.
        name: &'static str,
    },
    /// A tag pair after the first move.
    #[error("the tag {name:?} comes after the moves")]
    TagAfterMoves {
        /// The tag name as written.
        name: String,
    },
    /// The value of a tag this game reads is not one it knows (`Date`, a seat, `Start`,
    /// `Result`, `Termination`, `Mates`).
    #[error("the {tag} tag's value {value:?} is not valid")]
    BadTagValue {
        /// The tag name.
        tag: &'static str,
        /// The value as written.
        value: String,
    },
    /// The `Rules` tag does not read.
    #[error("rules: {problem}")]
    BadRules {
        /// What is wrong.
        problem: RulesProblem,
    },
    /// The `Position` tag, or the bare position string, does not parse (RULES H6.3,
    /// Y9.2).
    #[error("position: {error}")]
    BadPosition {
        /// The position notation's own error (field, rank, character).
        error: P,
    },
    /// The `Start` tag names another seat than the one to move in the start position.
    #[error("the Start tag names {start} but {position} is to move in the start position")]
    StartConflict {
        /// The seat the tag names.
        start: S,
        /// The seat to move in the position.
        position: S,
    },
    /// The `Rules` tag disagrees with the rules field of the Yonin position.
    #[error("the Rules tag says {tag:?} but the position says {position:?}")]
    RulesConflict {
        /// The rules of the tag, in their text form.
        tag: String,
        /// The rules of the position, in their text form.
        position: String,
    },
    /// A word of the moves is no move, move number, seat letter or result.
    #[error("{text:?} is not a move")]
    BadMove {
        /// The word.
        text: String,
    },
    /// A seat letter names another seat than the one to move (Yonin).
    #[error("the seat letter says {found} but {expected} is to move")]
    SeatMismatch {
        /// The seat to move.
        expected: S,
        /// The seat written.
        found: S,
    },
    /// A move is against the rules.
    #[error("illegal move {text}: {reason}")]
    IllegalMove {
        /// The move as written.
        text: String,
        /// Why the rules refuse it.
        reason: M,
    },
    /// A move after the game had ended (by the rules, RULES H4 and Y6).
    #[error("move {text} comes after the end of the game")]
    MoveAfterEnd {
        /// The move as written.
        text: String,
    },
    /// Something other than comments after the result that ends the moves.
    #[error("{text:?} comes after the result")]
    AfterResult {
        /// What follows (a word, or `[` and a tag name).
        text: String,
    },
    /// A `{` comment is never closed.
    #[error("a comment is never closed")]
    UnclosedComment,
    /// A tag the record needs is missing (`Result`, for a resignation).
    #[error("the {tag} tag is missing")]
    MissingTag {
        /// The tag name.
        tag: &'static str,
    },
    /// The result, its reason or the mates written disagree with the replayed game.
    #[error("the {tag} says {written} but the moves give {actual}")]
    ResultMismatch {
        /// `Result`, `Termination`, `Mates`, or `result mark` (the result after the
        /// moves).
        tag: &'static str,
        /// What the record says, in the strict form.
        written: String,
        /// What the replayed game gives, in the strict form (`*` when it is not over).
        actual: String,
    },
    /// The `Result` tag and the result after the moves disagree.
    #[error("the Result tag says {tag} but the moves end with {mark}")]
    ResultConflict {
        /// The tag's result, in the strict form.
        tag: String,
        /// The result after the moves, in the strict form.
        mark: String,
    },
}

impl<S, P, M> ImportErrorKind<S, P, M> {
    /// Whether the record looks cut short: it states a result, but its moves stop
    /// while the game goes on (`ResultMismatch` with `actual` `*`), as a record copied
    /// in part does. The page says so beside the mismatch.
    pub fn cut_short(&self) -> bool {
        matches!(self, ImportErrorKind::ResultMismatch { actual, .. } if actual == "*")
    }
}

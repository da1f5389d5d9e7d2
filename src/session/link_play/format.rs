//! The link of a game played by link (`docs/RECORDS.md`, "Link games"): a share link
//! (`H1…`, `Y1…`) with the game's id, its move count, the seats the CPU plays and the
//! players' short names in front, and a check of the whole behind, tag `L2`:
//!
//! ```text
//! L2.<id>.<moves>.<cpus>.<names>.<share link>.<check>
//! ```
//!
//! The check is the CRC-32 of everything before its `.`, so a character changed or lost
//! on the way reads as a damaged link ([`PlayLinkError::Damaged`]), not as another game.
//! Links of the first version (`L1`, the same without the check) are read as before.
//!
//! ```
//! use shogi_variants::engine::Variant;
//! use shogi_variants::engine::yonin::{Game, Rules, Seat};
//! use shogi_variants::ai::Level;
//! use shogi_variants::session::link_play::{GameId, PlayLink};
//!
//! let mut game = Game::new(Rules::default(), Seat::South);
//! game.play("e3e4".parse().unwrap()).unwrap();
//! let link = PlayLink {
//!     id: GameId::from_bits(0x0123_4567_89ab_cdef),
//!     cpus: vec![(Seat::North, Level::Casual)],
//!     names: vec!["Ana".into(), String::new(), String::new(), "Bo".into()],
//!     game,
//! };
//! let payload = link.to_payload();
//! assert_eq!(payload, "L2.EjRWeJq83v.1.n2.Ana,,,Bo.Y1EKA.DhdGN2");
//! let back = PlayLink::<Game>::from_payload(&payload).unwrap();
//! assert_eq!((back.id, back.cpus, back.names), (link.id, link.cpus, link.names));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::Variant;
use crate::record::link::{ALPHABET, LinkErrorKind, LinkGame, ShareLink, game_of_link};
pub use crate::record::link::{CHECK_CHARS, check_of};
use crate::record::text::RecordText;
use crate::session::table::records::numbered;

/// The tag of a link game's payload as written: `L` and the format's version.
pub const PLAY_TAG: &str = "L2";

/// The tag of the first version (no check), still read.
pub const PLAY_TAG_V1: &str = "L1";

/// Characters of a game id: 10 base64url characters, 60 random bits.
pub const ID_CHARS: usize = 10;

/// The longest player name a link carries, in characters (Unicode scalar values).
pub const MAX_NAME_CHARS: usize = 16;

/// The longest link of a link game, in characters, the page's address included: what
/// chat apps carry whole. A 300-move Yonin game with four names of
/// [`MAX_NAME_CHARS`] kana stays under it (tested).
pub const MAX_PLAY_URL_CHARS: usize = 2_000;

/// The id of a game played by link: [`ID_CHARS`] base64url characters, random, the same
/// on every device that holds the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

impl GameId {
    /// The id of the low 60 bits of `bits` (from a random source), most significant
    /// six bits first.
    pub fn from_bits(bits: u64) -> GameId {
        let text = (0..ID_CHARS)
            .rev()
            .map(|i| ALPHABET[(bits >> (6 * i) & 63) as usize] as char)
            .collect();
        GameId(text)
    }

    /// Reads an id: exactly [`ID_CHARS`] base64url characters, else `None`.
    pub fn parse(text: &str) -> Option<GameId> {
        (text.len() == ID_CHARS && text.bytes().all(|b| ALPHABET.contains(&b)))
            .then(|| GameId(text.to_string()))
    }

    /// The id's characters.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for GameId {
    type Error = String;
    fn try_from(text: String) -> Result<GameId, String> {
        GameId::parse(&text).ok_or_else(|| format!("{text:?} is not a game id"))
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

/// A part of a link game's payload, named by [`PlayLinkError::BadPart`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayPart {
    /// The game id: not [`ID_CHARS`] base64url characters.
    Id,
    /// The move count: not a decimal number without leading zeros.
    MoveCount,
    /// The CPU seats: not seat letters each followed by a level digit `0`-`4`, in seat
    /// order, each seat once (or `-`).
    CpuSeats,
    /// The names: not one per seat, too long, or not percent-encoded UTF-8.
    Names,
    /// The parts themselves: fewer than six, separated by `.`.
    Layout,
}

impl fmt::Display for PlayPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayPart::Id => "game id",
            PlayPart::MoveCount => "move count",
            PlayPart::CpuSeats => "CPU seats",
            PlayPart::Names => "names",
            PlayPart::Layout => "layout",
        })
    }
}

/// Why a link game's payload was refused. Nothing is changed by a refused link.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayLinkError {
    /// The payload does not start with `L` and a digit.
    #[error("not a link game of this app (it starts with {tag:?})")]
    Foreign {
        /// The first two characters.
        tag: String,
    },
    /// An `L2` payload whose check part is missing or does not match the rest: a
    /// character was changed, lost or added on the way.
    #[error("the link is damaged: its check does not match")]
    Damaged,
    /// A newer version of the format (`L3` to `L9`): the app should be updated.
    #[error("a link game of a newer version of the app (format {version}): update the app")]
    NewerVersion {
        /// The version digit.
        version: u8,
    },
    /// A part before the game does not read.
    #[error("the {part} of the link is not valid")]
    BadPart {
        /// Which part.
        part: PlayPart,
    },
    /// The link holds a game of the other game of this app (read with the wrong one).
    #[error("a link of {found}, not of this game")]
    WrongGame {
        /// The game the share link is of.
        found: LinkGame,
    },
    /// The game's share link does not read: its error, as the share link tells it.
    #[error("{}the game in the link: {kind}", at_move.map(|n| format!("move {n}: ")).unwrap_or_default())]
    Game {
        /// What is wrong.
        kind: LinkErrorKind,
        /// The move where it went wrong, as the move list numbers it
        /// ([`RecordText::move_number`]: Hasami's pairs of moves, Yonin's move count).
        at_move: Option<u32>,
        /// The index in [`Variant::SEATS`] of the seat to move there.
        seat: Option<usize>,
    },
    /// The move count in front disagrees with the moves of the game: the link was
    /// changed by hand or cut and mended.
    #[error("the link says {said} moves but holds {held}")]
    CountMismatch {
        /// The count written in front.
        said: u32,
        /// The moves of the game.
        held: u32,
    },
}

/// A game played by link, as its link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayLink<G: Variant> {
    /// The game's id.
    pub id: GameId,
    /// The seats the CPU plays, in seat order, with its level.
    pub cpus: Vec<(G::Seat, Level)>,
    /// A short name for each seat, in [`Variant::SEATS`] order; empty for none.
    pub names: Vec<String>,
    /// The game so far.
    pub game: G,
}

impl<G: Variant> PlayLink<G> {
    /// The next game by link of the same players after this one (offered once it is
    /// over): a new game with id `id`, from the same start under the same local rules,
    /// with the same CPU seats at the same levels and the same names; each player keeps
    /// their seat.
    pub fn play_again(&self, id: GameId) -> PlayLink<G> {
        PlayLink {
            id,
            cpus: self.cpus.clone(),
            names: self.names.clone(),
            game: self.game.started(),
        }
    }
}

/// The letter of a seat in the CPU part: `b`, `w` (Hasami, RULES H6.3) or `s`, `w`,
/// `n`, `e` (Yonin, RULES Y9.2), by the seat's index.
pub fn seat_letters(game: LinkGame) -> &'static [char] {
    match game {
        LinkGame::Hasami => &['b', 'w'],
        LinkGame::Yonin => &['s', 'w', 'n', 'e'],
    }
}

/// The game of a [`ShareLink`] type.
pub fn link_game_of<G: ShareLink>() -> LinkGame {
    match G::LINK_TAG.as_bytes().first() {
        Some(b'Y') => LinkGame::Yonin,
        _ => LinkGame::Hasami,
    }
}

/// The digit of a level in the CPU part: novice 0 to master 4.
fn level_digit(level: Level) -> char {
    match level {
        Level::Novice => '0',
        Level::Beginner => '1',
        Level::Casual => '2',
        Level::Strong => '3',
        Level::Master => '4',
    }
}

fn level_of_digit(c: char) -> Option<Level> {
    Some(match c {
        '0' => Level::Novice,
        '1' => Level::Beginner,
        '2' => Level::Casual,
        '3' => Level::Strong,
        '4' => Level::Master,
        _ => return None,
    })
}

/// A name as the link writes it: ASCII letters, digits and `_` as they are, every other
/// byte of its UTF-8 as `%XX` (capitals).
fn encode_name(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b == b'_' {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Reads a name written by [`encode_name`] (any case of hex digits, and any other
/// character but `%` as itself); `None` when it is not UTF-8, has a broken `%XX`, a
/// control character, or more than [`MAX_NAME_CHARS`] characters.
fn decode_name(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    let name = String::from_utf8(out).ok()?;
    (name.chars().count() <= MAX_NAME_CHARS && !name.chars().any(char::is_control)).then_some(name)
}

/// A name cut to what a link carries: trimmed, control characters removed, at most
/// [`MAX_NAME_CHARS`] characters.
pub fn short_name(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// The payload is a link game (`L` and a version digit), whatever its version: the
/// game it is of when its share link's tag can be read, else `None` inside.
///
/// ```
/// use shogi_variants::record::link::LinkGame;
/// use shogi_variants::session::link_play::play_link_game;
/// assert_eq!(play_link_game("L1.AAAAAAAAAA.0.-.-.H1IA"), Some(Some(LinkGame::Hasami)));
/// assert_eq!(play_link_game("L2.AAAAAAAAAA.0.-.-.Y1EA.AbCdEf"), Some(Some(LinkGame::Yonin)));
/// assert_eq!(play_link_game("L3.whatever"), Some(None));
/// assert_eq!(play_link_game("H1IA"), None);
/// ```
pub fn play_link_game(payload: &str) -> Option<Option<LinkGame>> {
    let mut chars = payload.chars();
    if chars.next() != Some('L') || !matches!(chars.next(), Some('1'..='9')) {
        return None;
    }
    let share = if payload.starts_with("L1.") {
        payload.rsplit('.').next()
    } else if payload.starts_with("L2.") {
        payload.rsplit('.').nth(1)
    } else {
        None
    };
    Some(share.and_then(game_of_link))
}

impl<G: ShareLink + RecordText> PlayLink<G> {
    /// The payload (no `#`): [`PLAY_TAG`], the id, the number of moves in decimal, the
    /// CPU seats (`-` for none, else each seat's letter and level digit: `n2` North
    /// casual), the names (`-` for none, else one per seat joined by `,`,
    /// percent-encoded), the game's share link, and the check of all that
    /// ([`check_of`]), joined by `.`.
    pub fn to_payload(&self) -> String {
        let body = self.body(PLAY_TAG);
        let check = check_of(&body);
        format!("{body}.{check}")
    }

    /// The payload in the first version's format (`L1`, no check), as links written
    /// before the check came.
    pub fn to_payload_v1(&self) -> String {
        self.body(PLAY_TAG_V1)
    }

    /// Everything but the check, under `tag`.
    fn body(&self, tag: &str) -> String {
        let letters = seat_letters(link_game_of::<G>());
        let cpus: String = self
            .cpus
            .iter()
            .map(|&(seat, level)| {
                let letter = letters.get(G::seat_index(seat)).copied().unwrap_or('?');
                format!("{letter}{}", level_digit(level))
            })
            .collect();
        let names = if self.names.iter().all(String::is_empty) {
            "-".to_string()
        } else {
            G::SEATS
                .iter()
                .enumerate()
                .map(|(i, _)| encode_name(self.names.get(i).map_or("", String::as_str)))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{tag}.{}.{}.{}.{names}.{}",
            self.id,
            self.game.moves().len(),
            if cpus.is_empty() { "-" } else { &cpus },
            self.game.to_link()
        )
    }

    /// Reads a payload written by [`PlayLink::to_payload`] (`L2`) or by the first
    /// version (`L1`, [`PlayLink::to_payload_v1`]), replaying the game.
    ///
    /// # Errors
    /// [`PlayLinkError`]: a foreign or newer tag, an `L2` payload whose check does not
    /// match ([`PlayLinkError::Damaged`], tested before anything else is read), a part
    /// that does not read, a share link of the other game or one that does not decode
    /// (with its move and seat), or a move count that disagrees with the game. Never
    /// panics.
    pub fn from_payload(payload: &str) -> Result<PlayLink<G>, PlayLinkError> {
        let mut chars = payload.chars();
        match (chars.next(), chars.next()) {
            (Some('L'), Some('1')) => Self::from_body(payload, PLAY_TAG_V1),
            (Some('L'), Some('2')) => {
                let (body, check) = payload.rsplit_once('.').ok_or(PlayLinkError::Damaged)?;
                if check.len() != CHECK_CHARS || check != check_of(body) {
                    return Err(PlayLinkError::Damaged);
                }
                Self::from_body(body, PLAY_TAG)
            }
            (Some('L'), Some(d @ '3'..='9')) => Err(PlayLinkError::NewerVersion {
                version: d as u8 - b'0',
            }),
            _ => Err(PlayLinkError::Foreign {
                tag: payload.chars().take(2).collect(),
            }),
        }
    }

    /// Reads the six parts of a payload whose tag must be `tag` (its check, if any,
    /// already tested and cut off).
    fn from_body(payload: &str, tag_expected: &str) -> Result<PlayLink<G>, PlayLinkError> {
        let bad = |part| PlayLinkError::BadPart { part };
        let parts: Vec<&str> = payload.splitn(6, '.').collect();
        let [tag, id, count, cpus, names, link] = parts.as_slice() else {
            return Err(bad(PlayPart::Layout));
        };
        if *tag != tag_expected {
            return Err(bad(PlayPart::Layout));
        }
        let id = GameId::parse(id).ok_or(bad(PlayPart::Id))?;
        let said: u32 = (!count.is_empty()
            && count.len() <= 9
            && count.bytes().all(|b| b.is_ascii_digit())
            && (*count == "0" || !count.starts_with('0')))
        .then(|| count.parse().ok())
        .flatten()
        .ok_or(bad(PlayPart::MoveCount))?;
        let cpus = read_cpus::<G>(cpus).ok_or(bad(PlayPart::CpuSeats))?;
        let names = read_names::<G>(names).ok_or(bad(PlayPart::Names))?;
        match game_of_link(link) {
            Some(found) if found != link_game_of::<G>() => {
                return Err(PlayLinkError::WrongGame { found });
            }
            _ => {}
        }
        let game = G::from_link(link).map_err(|e| PlayLinkError::Game {
            kind: e.kind,
            at_move: numbered(e.at_move, e.good.as_ref()),
            seat: e.seat.map(G::seat_index),
        })?;
        let held = game.moves().len() as u32;
        if held != said {
            return Err(PlayLinkError::CountMismatch { said, held });
        }
        Ok(PlayLink {
            id,
            cpus,
            names,
            game,
        })
    }
}

/// Reads the CPU part: `-`, or seat letters each with a level digit, in seat order.
fn read_cpus<G: ShareLink>(text: &str) -> Option<Vec<(G::Seat, Level)>> {
    if text == "-" {
        return Some(Vec::new());
    }
    let letters = seat_letters(link_game_of::<G>());
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() || !chars.len().is_multiple_of(2) {
        return None;
    }
    let mut cpus: Vec<(G::Seat, Level)> = Vec::new();
    let mut last = None;
    for pair in chars.chunks(2) {
        let index = letters.iter().position(|&l| l == pair[0])?;
        if last.is_some_and(|l| index <= l) {
            return None;
        }
        last = Some(index);
        cpus.push((*G::SEATS.get(index)?, level_of_digit(pair[1])?));
    }
    Some(cpus)
}

/// Reads the names part: `-`, or one name per seat joined by `,`.
fn read_names<G: Variant>(text: &str) -> Option<Vec<String>> {
    if text == "-" {
        return Some(vec![String::new(); G::SEATS.len()]);
    }
    let names: Vec<String> = text.split(',').map(decode_name).collect::<Option<_>>()?;
    (names.len() == G::SEATS.len() && names.iter().any(|n| !n.is_empty())).then_some(names)
}

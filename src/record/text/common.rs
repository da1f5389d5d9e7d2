//! What both games' records share: the reading loop (tags, then the moves replayed one by
//! one, then the result checked), the `Game`, `Date` and seat tags, and the writing of
//! tags and wrapped moves.

use std::fmt::Write as _;

use super::lex::{Item, Lexer, Pos, Tag, decode};
use super::{
    GameKind, ImportError, ImportErrorKind, KindOf, MoveAt, RecordInfo, RecordText, SeatPlayer,
};
use crate::ai::Level;
use crate::engine::{hasami, yonin};

/// A failure with where it is.
pub(crate) type Fail<G> = (Option<Pos>, KindOf<G>);

/// Longest text of the input an error repeats, in characters.
const CLIP: usize = 40;

/// Movetext lines are wrapped before this many characters.
const WIDTH: usize = 80;

/// `text`, cut to [`CLIP`] characters (an ellipsis marks the cut).
pub(crate) fn clip(text: &str) -> String {
    if text.chars().count() <= CLIP {
        text.to_string()
    } else {
        let mut out: String = text.chars().take(CLIP - 1).collect();
        out.push('…');
        out
    }
}

/// What a word of the moves is, once a game has read it.
pub(crate) enum Word<G: Dialect> {
    /// A move number (`12`, `12.`, `12...`), `...`, or a numeric annotation (`$1`).
    Skip,
    /// A seat letter (Yonin).
    Seat(G::Seat),
    /// A move, marks taken off.
    Move(G::Move),
    /// A result, which ends the moves.
    Result(G::Written),
}

/// What one game's record says beyond what both share.
pub(crate) trait Dialect: RecordText {
    /// The tags this game reads besides `Game`, `Date` and the seats.
    const TAGS: &'static [&'static str];
    /// The seat tags, in seat order.
    const SEAT_TAGS: &'static [(&'static str, Self::Seat)];
    /// A result as written (the `Result` tag and the result after the moves).
    type Written: Clone + PartialEq + std::fmt::Display;
    /// What the header says that is checked once the moves are replayed.
    type Header;

    /// The game from a bare position string (already known to name a board).
    ///
    /// # Errors
    /// The position notation's error.
    fn from_position_text(text: &str) -> Result<Self, Self::PositionError>;

    /// The start of the game from the `Rules`, `Start` and `Position` tags, and the rest
    /// of the header.
    ///
    /// # Errors
    /// A bad value or a conflict between the tags, with where.
    fn header(tags: &Tags<'_>) -> Result<(Self, Self::Header), Fail<Self>>;

    /// What a word of the moves is; `None` when it is nothing this game knows.
    fn word(text: &str) -> Option<Word<Self>>;

    /// Checks the result, its reason (and the mates) against the replayed game; a
    /// resignation is applied here (Hasami).
    ///
    /// # Errors
    /// A disagreement, with where.
    fn finish(
        game: &mut Self,
        header: &Self::Header,
        mark: Option<(Self::Written, Pos)>,
    ) -> Result<(), Fail<Self>>;
}

/// The tags of a record that the game reads, under their canonical names.
#[derive(Default)]
pub(crate) struct Tags<'a> {
    list: Vec<(&'static str, Tag<'a>)>,
}

impl<'a> Tags<'a> {
    /// The tag `name` (canonical), if the record has it.
    pub fn get(&self, name: &str) -> Option<&Tag<'a>> {
        self.list.iter().find(|(n, _)| *n == name).map(|(_, t)| t)
    }
}

/// The value and place of tag `name`, if present.
pub(crate) fn tag<'t>(tags: &'t Tags<'_>, name: &str) -> Option<(&'t str, Pos)> {
    tags.get(name).map(|t| (t.value.as_str(), t.value_at))
}

/// `text` with every run of white space made one space and none at the ends: positions are
/// read so, whatever spacing the record has.
pub(crate) fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `text` is a bare position string rather than a record: no tag or comment, and
/// a first word with at least two `/` (a board; no move or result has two).
fn is_bare_position(text: &str) -> bool {
    !text.contains(['[', '{', ';'])
        && text
            .split_whitespace()
            .next()
            .is_some_and(|w| w.matches('/').count() >= 2)
}

/// Which game's position notation `text` parses in.
pub(crate) fn position_game(text: &str) -> Option<GameKind> {
    let text = squeeze(text);
    if text.parse::<hasami::Position>().is_ok() {
        Some(GameKind::Hasami)
    } else if text.parse::<yonin::Position>().is_ok() {
        Some(GameKind::Yonin)
    } else {
        None
    }
}

/// The `Game` tag's value of each game.
pub(crate) fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Hasami => hasami::Game::GAME_NAME,
        GameKind::Yonin => yonin::Game::GAME_NAME,
    }
}

/// The game a `Game` tag value names: any case, any spacing, with or without "Shogi".
fn game_of_name(value: &str) -> Option<GameKind> {
    let words: Vec<String> = value
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["hasami", "shogi"] | ["hasami"] => Some(GameKind::Hasami),
        ["yonin", "shogi"] | ["yonin"] => Some(GameKind::Yonin),
        _ => None,
    }
}

/// See [`super::identify`].
pub(crate) fn identify(bytes: &[u8]) -> Option<GameKind> {
    let text = decode::<(), (), ()>(bytes).ok()?;
    if is_bare_position(text) {
        return position_game(text);
    }
    let mut lexer = Lexer::new(text);
    let mut by_seats = None;
    while let Some(Ok(Item::Tag(t))) = lexer.next_item::<(), (), ()>() {
        if t.name.eq_ignore_ascii_case("Game") {
            return game_of_name(&t.value);
        }
        let named = |name: &&str| t.name.eq_ignore_ascii_case(name);
        if hasami::Game::SEAT_TAGS.iter().map(|(n, _)| n).any(named) {
            by_seats = by_seats.or(Some(GameKind::Hasami));
        } else if yonin::Game::SEAT_TAGS.iter().map(|(n, _)| n).any(named) {
            by_seats = by_seats.or(Some(GameKind::Yonin));
        }
    }
    by_seats
}

/// A `Date` value in PGN's form `YYYY.MM.DD` (`?` for unknown digits)?
fn is_date(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, &c)| {
            if i == 4 || i == 7 {
                c == b'.'
            } else {
                c.is_ascii_digit() || c == b'?'
            }
        })
}

/// A seat tag's value: `?` or nothing for unknown, `CPU <level>` (any case; the level may
/// follow a space, `:`, `-` or be in parentheses), anything else a person.
fn read_player(value: &str) -> Result<Option<SeatPlayer>, ()> {
    let v = value.trim();
    if v.is_empty() || v == "?" {
        return Ok(None);
    }
    let mut words = v.split(|c: char| c.is_whitespace() || matches!(c, ':' | '(' | ')' | '-'));
    if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("cpu")) {
        return Ok(Some(SeatPlayer::Person));
    }
    let rest: Vec<&str> = words.filter(|w| !w.is_empty()).collect();
    match rest[..] {
        [level] => level
            .to_ascii_lowercase()
            .parse::<Level>()
            .map(|l| Some(SeatPlayer::Cpu(l)))
            .map_err(|_| ()),
        _ => Err(()),
    }
}

fn write_player(player: Option<SeatPlayer>, name: Option<&str>) -> String {
    match player {
        None => "?".into(),
        Some(SeatPlayer::Person) => match name.map(|n| n.replace(['\n', '\r', '\t'], " ")) {
            // Only a name that reads back as a person's ([`read_player`]).
            Some(name) if matches!(read_player(&name), Ok(Some(SeatPlayer::Person))) => {
                name.trim().to_string()
            }
            _ => "Person".into(),
        },
        Some(SeatPlayer::Cpu(level)) => format!("CPU {level}"),
    }
}

fn read_info<G: Dialect>(tags: &Tags<'_>) -> Result<RecordInfo<G::Seat>, Fail<G>> {
    let mut info = RecordInfo::default();
    if let Some((value, at)) = tag(tags, "Date") {
        let value = value.trim();
        if !is_date(value) {
            return Err((Some(at), bad_value("Date", value)));
        }
        if value != "????.??.??" {
            info.date = Some(value.to_string());
        }
    }
    for &(name, seat) in G::SEAT_TAGS {
        if let Some((value, at)) = tag(tags, name) {
            match read_player(value) {
                Ok(Some(p)) => {
                    info.players.push((seat, p));
                    let name = value.trim();
                    if p == SeatPlayer::Person && name != "Person" {
                        info.names.push((seat, name.to_string()));
                    }
                }
                Ok(None) => {}
                Err(()) => return Err((Some(at), bad_value(name, value))),
            }
        }
    }
    Ok(info)
}

/// [`ImportErrorKind::BadTagValue`] for `tag`.
pub(crate) fn bad_value<S, P, M>(tag: &'static str, value: &str) -> ImportErrorKind<S, P, M> {
    ImportErrorKind::BadTagValue {
        tag,
        value: clip(value),
    }
}

/// The error at `at`, reading stopped in the moves of `game` (when `in_moves`).
fn error_in<G: Dialect>(game: &G, (at, kind): Fail<G>, in_moves: bool) -> ImportError<G> {
    let index = game.moves().len();
    ImportError {
        line: at.map(|p| p.line),
        column: at.map(|p| p.column),
        at_move: in_moves.then(|| MoveAt {
            number: game.move_number(index),
            seat: game.side_to_move(),
            index,
        }),
        kind,
        good: (index > 0).then(|| Box::new(game.clone())),
    }
}

fn error_at<G: RecordText>((at, kind): Fail<G>) -> ImportError<G> {
    ImportError {
        line: at.map(|p| p.line),
        column: at.map(|p| p.column),
        at_move: None,
        kind,
        good: None,
    }
}

/// Reads a record or a bare position of game `G` (see [`RecordText::read_record`]).
pub(crate) fn read<G: Dialect>(bytes: &[u8]) -> Result<(G, RecordInfo<G::Seat>), ImportError<G>> {
    let text = decode(bytes).map_err(error_at)?;
    if is_bare_position(text) {
        let at = first_char(text);
        return match G::from_position_text(&squeeze(text)) {
            Ok(game) => Ok((game, RecordInfo::default())),
            Err(error) => Err(error_at((Some(at), position_error::<G>(text, error)))),
        };
    }
    let mut lexer = Lexer::new(text);
    let mut tags = Tags::default();
    let mut first = None;
    let mut any_tag = false;
    while let Some(item) = lexer.next_item() {
        match item.map_err(error_at)? {
            Item::Tag(t) => {
                any_tag = true;
                if t.name.eq_ignore_ascii_case("Game") {
                    if game_of_name(&t.value).map(game_name) != Some(G::GAME_NAME) {
                        let found = clip(t.value.trim());
                        return Err(error_at((
                            Some(t.value_at),
                            ImportErrorKind::WrongGame { found },
                        )));
                    }
                    continue;
                }
                let known = ["Date"]
                    .iter()
                    .chain(G::TAGS)
                    .copied()
                    .chain(G::SEAT_TAGS.iter().map(|&(n, _)| n))
                    .find(|n| n.eq_ignore_ascii_case(t.name));
                if let Some(name) = known {
                    if tags.get(name).is_some() {
                        return Err(error_at((
                            Some(t.at),
                            ImportErrorKind::DuplicateTag { name },
                        )));
                    }
                    tags.list.push((name, t));
                }
            }
            Item::Word { text, at } => {
                first = Some(Item::Word { text, at });
                break;
            }
        }
    }
    if !any_tag && first.is_none() {
        return Err(error_at((None, ImportErrorKind::Empty)));
    }
    let info = read_info::<G>(&tags).map_err(error_at)?;
    let (mut game, header) = G::header(&tags).map_err(error_at)?;
    let mut mark: Option<(G::Written, Pos)> = None;
    let mut next = first.map(Ok);
    loop {
        let Some(item) = next.take().or_else(|| lexer.next_item()) else {
            break;
        };
        let item = item.map_err(|f| error_in(&game, f, mark.is_none()))?;
        if mark.is_some() {
            let (text, at) = match item {
                Item::Tag(t) => (format!("[{}", t.name), t.at),
                Item::Word { text, at } => (text.to_string(), at),
            };
            let kind = ImportErrorKind::AfterResult { text: clip(&text) };
            return Err(error_in(&game, (Some(at), kind), false));
        }
        let (text, at) = match item {
            Item::Tag(t) => {
                let kind = ImportErrorKind::TagAfterMoves { name: clip(t.name) };
                return Err(error_in(&game, (Some(t.at), kind), true));
            }
            Item::Word { text, at } => (text, at),
        };
        let fail = |game: &G, kind| Err(error_in(game, (Some(at), kind), true));
        match G::word(text) {
            None => {
                return fail(&game, ImportErrorKind::BadMove { text: clip(text) });
            }
            Some(Word::Skip) => {}
            Some(Word::Seat(found)) => {
                if let Some(expected) = game.side_to_move()
                    && expected != found
                {
                    return fail(&game, ImportErrorKind::SeatMismatch { expected, found });
                }
            }
            Some(Word::Result(r)) => mark = Some((r, at)),
            Some(Word::Move(mv)) => {
                if game.is_over() {
                    return fail(&game, ImportErrorKind::MoveAfterEnd { text: clip(text) });
                }
                if let Err(reason) = game.play(mv) {
                    let text = clip(text);
                    return fail(&game, ImportErrorKind::IllegalMove { text, reason });
                }
            }
        }
    }
    G::finish(&mut game, &header, mark).map_err(|f| error_in(&game, f, false))?;
    Ok((game, info))
}

/// The place of the first character that is not white space.
fn first_char(text: &str) -> Pos {
    let mut lexer = Lexer::new(text);
    match lexer.next_item::<(), (), ()>() {
        Some(Ok(Item::Word { at, .. })) => at,
        _ => Pos { line: 1, column: 1 },
    }
}

/// A position string of game `G` that does not parse: [`ImportErrorKind::WrongGame`] when
/// it is the other game's, else the notation's own error.
pub(crate) fn position_error<G: Dialect>(text: &str, error: G::PositionError) -> KindOf<G> {
    match position_game(text) {
        Some(kind) if game_name(kind) != G::GAME_NAME => ImportErrorKind::WrongGame {
            found: game_name(kind).to_string(),
        },
        _ => ImportErrorKind::BadPosition { error },
    }
}

/// Appends `[name "value"]` and a line end, escaping `\` and `"`.
pub(crate) fn write_tag(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// Appends the `Game`, `Date` and seat tags.
pub(crate) fn write_head<G: Dialect>(out: &mut String, info: &RecordInfo<G::Seat>) {
    write_tag(out, "Game", G::GAME_NAME);
    let date = info.date.as_deref().filter(|d| is_date(d));
    write_tag(out, "Date", date.unwrap_or("????.??.??"));
    for &(name, seat) in G::SEAT_TAGS {
        write_tag(out, name, &write_player(info.player(seat), info.name(seat)));
    }
}

/// Appends an empty line, then `units` (a move with its number, or a move alone) and the
/// result, joined by spaces and wrapped before [`WIDTH`] characters, ending with a line end.
pub(crate) fn write_moves(out: &mut String, units: impl IntoIterator<Item = String>, result: &str) {
    out.push('\n');
    let mut line = 0;
    for unit in units.into_iter().chain([result.to_string()]) {
        let len = unit.chars().count();
        if line > 0 && line + 1 + len >= WIDTH {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(&unit);
        line += len;
    }
    out.push('\n');
}

/// The move-number words both games skip: `12`, `12.`, `12...`, `...`, `$3`; or the word
/// that follows a number glued to it (`12.e1e5` gives `e1e5`).
pub(crate) enum Number<'a> {
    /// Nothing else in the word.
    Alone,
    /// The rest of the word after `12.`.
    Then(&'a str),
}

/// Splits a move number off `word`, if it starts with one (see [`Number`]).
pub(crate) fn number(word: &str) -> Option<Number<'_>> {
    if let Some(nag) = word.strip_prefix('$') {
        let digits = !nag.is_empty() && nag.bytes().all(|b| b.is_ascii_digit());
        return digits.then_some(Number::Alone);
    }
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let digits = rest.len() < word.len();
    let after = rest.trim_start_matches('.');
    let dots = after.len() < rest.len();
    match (digits, dots, after.is_empty()) {
        (true, _, true) | (false, true, true) => Some(Number::Alone),
        (_, true, false) => Some(Number::Then(after)),
        _ => None,
    }
}

/// Takes PGN's annotation marks `!` and `?` (in any run: `!?`, `??`) and the mate mark `#`
/// off the end of a move word.
pub(crate) fn strip_marks(word: &str) -> &str {
    word.trim_end_matches(['!', '?', '#'])
}

/// A result a record states, where, and in what: `Result` (the tag) or `result mark`.
pub(crate) type Stated<G> = Option<(<G as Dialect>::Written, Pos, &'static str)>;

/// The result the record states, with where and in what (`Result` tag or `result mark`,
/// the result after the moves): the tag when both are there and agree.
///
/// # Errors
/// [`ImportErrorKind::ResultConflict`] when both are there and disagree.
pub(crate) fn reconcile<G: Dialect>(
    tag: Option<(G::Written, Pos)>,
    mark: Option<(G::Written, Pos)>,
) -> Result<Stated<G>, Fail<G>> {
    match (tag, mark) {
        (Some((t, _)), Some((m, at))) if t != m => Err((
            Some(at),
            ImportErrorKind::ResultConflict {
                tag: t.to_string(),
                mark: m.to_string(),
            },
        )),
        (Some((t, at)), _) => Ok(Some((t, at, "Result"))),
        (None, Some((m, at))) => Ok(Some((m, at, "result mark"))),
        (None, None) => Ok(None),
    }
}

/// Takes a capture or move mark `x` or `-` from between the two squares of `body`
/// (`e1xe5`, `e1-e5`), when it stands there.
pub(crate) fn strip_between(body: &str) -> std::borrow::Cow<'_, str> {
    let chars: Vec<char> = body.chars().collect();
    if chars.len() >= 5 && matches!(chars[2], 'x' | 'X' | '-') {
        let mut s: String = chars[..2].iter().collect();
        s.extend(&chars[3..]);
        s.into()
    } else {
        body.into()
    }
}

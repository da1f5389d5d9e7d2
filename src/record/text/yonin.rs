//! The Yonin Shogi record text (`docs/RECORDS.md`, RULES Y9.2): tags, every move with its
//! move number and seat letter (`37 S G*b6`), the result as placings (`S1,W4,N3,E2`),
//! `draw` (pairs, RULES Y6.5) or `*`, and `Termination` and `Mates` tags.

use std::fmt;

use super::common::{
    self, Dialect, Fail, Number, Tags, Word, bad_value, clip, position_error, squeeze,
    strip_between, strip_marks, tag, write_head, write_moves, write_tag,
};
use super::lex::Pos;
use super::{ImportError, ImportErrorKind, RecordInfo, RecordText, RulesProblem};
use crate::engine::yonin::{
    Elimination, EndReason, Game, Move, Outcome, ParsePositionError, ParseRulesError, Position,
    Rules, Seat,
};

/// A result as written: the place of each seat (by [`Seat::index`]), a draw, or not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Written {
    Places([u8; 4]),
    Draw,
    Unfinished,
}

impl Written {
    fn of(outcome: Option<Outcome>) -> Written {
        match outcome {
            Some(Outcome {
                placings: Some(p), ..
            }) => Written::Places(p),
            Some(_) => Written::Draw,
            None => Written::Unfinished,
        }
    }

    /// `*`, `draw` (or `1/2-1/2`), or each seat letter with its place, `S1,W4,N3,E2`: any
    /// order, any case, commas or (in the tag) spaces between.
    fn read(text: &str) -> Option<Written> {
        let text = text.trim();
        if text == "*" {
            return Some(Written::Unfinished);
        }
        if text.eq_ignore_ascii_case("draw") || text == "1/2-1/2" {
            return Some(Written::Draw);
        }
        let mut places = [0u8; 4];
        let items = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|i| !i.is_empty());
        for item in items {
            let mut chars = item.chars();
            let seat = chars.next().and_then(Seat::from_letter)?;
            let place: u8 = chars.as_str().parse().ok()?;
            let slot = &mut places[seat.index()];
            if *slot != 0 || !(1..=4).contains(&place) {
                return None;
            }
            *slot = place;
        }
        places
            .iter()
            .all(|&p| p != 0)
            .then_some(Written::Places(places))
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Written::Places(p) => {
                for seat in Seat::ALL {
                    let sep = if seat == Seat::South { "" } else { "," };
                    let letter = seat.letter().to_ascii_uppercase();
                    write!(f, "{sep}{letter}{}", p[seat.index()])?;
                }
                Ok(())
            }
            Written::Draw => f.write_str("draw"),
            Written::Unfinished => f.write_str("*"),
        }
    }
}

/// The `Termination` value of an outcome (RULES Y6), `*` while the game goes on.
fn termination(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|o| o.reason) {
        None => "*",
        Some(EndReason::Mates) => "mates",
        Some(EndReason::Repetition) => "repetition",
        Some(EndReason::MoveLimit) => "move-limit",
    }
}

/// The `Mates` value: `-`, or `SEAT:MATER:MOVE` items joined by commas in the order of
/// the mates, as in the position notation (`w:s:37,n:e:52`).
fn mates_text(mates: &[Elimination]) -> String {
    if mates.is_empty() {
        return "-".into();
    }
    let items: Vec<String> = mates
        .iter()
        .map(|e| format!("{}:{}:{}", e.seat.letter(), e.by.letter(), e.at_move))
        .collect();
    items.join(",")
}

/// Reads a `Mates` value (see [`mates_text`]; any case, spaces around the commas).
fn read_mates(text: &str) -> Option<Vec<Elimination>> {
    let text = text.trim();
    if text == "-" {
        return Some(Vec::new());
    }
    text.split(',')
        .map(|item| {
            let mut parts = item.trim().split(':');
            let seat = one_seat(parts.next()?)?;
            let by = one_seat(parts.next()?)?;
            let n = parts.next()?;
            let at_move = if n.bytes().all(|b| b.is_ascii_digit()) {
                n.parse().ok()?
            } else {
                return None;
            };
            parts
                .next()
                .is_none()
                .then_some(Elimination { seat, by, at_move })
        })
        .collect()
}

fn one_seat(text: &str) -> Option<Seat> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_letter(c),
        _ => None,
    }
}

/// Reads a Yonin move word (RULES Y9.1) with its marks. Marks: `!`, `?` and `#` at the end
/// are dropped; `x` or `-` may stand between the two squares. A `+` right after the arrival
/// square is always the promotion; a check mark `+` is read only where no promotion can
/// be: after a drop (`P*e5+`), after a promotion's `+` (`e7e8++`) or after `=`, which
/// says the piece does not promote (`e7e8=`, `e7e8=+`).
fn read_move(word: &str) -> Option<Move> {
    let word = strip_marks(word);
    if word.contains('*') {
        let drop = word.strip_suffix('+').unwrap_or(word);
        return drop.parse().ok();
    }
    let word = strip_between(word);
    let chars: Vec<char> = word.chars().collect();
    let (body, suffix) = chars.split_at_checked(4)?;
    let promote = match suffix {
        [] | ['='] | ['=', '+'] => false,
        ['+'] | ['+', '+'] => true,
        _ => return None,
    };
    match body.iter().collect::<String>().parse().ok()? {
        Move::Normal { from, to, .. } => Some(Move::Normal { from, to, promote }),
        Move::Drop { .. } => None,
    }
}

fn rules_problem(e: ParseRulesError) -> RulesProblem {
    match e {
        ParseRulesError::Unknown(s) => RulesProblem::Unknown(clip(&s)),
        ParseRulesError::Limit(s) => RulesProblem::Limit(clip(&s)),
        ParseRulesError::Repeated(s) => RulesProblem::Repeated(clip(&s)),
    }
}

/// Reads the `Rules` tag: the text form of [`Rules`] (`-`, or e.g.
/// `pairs,ownerless,limit=300`), any case, spaces around the commas.
fn read_rules(text: &str) -> Result<Rules, RulesProblem> {
    let items: Vec<String> = text
        .split(',')
        .map(|i| i.trim().to_ascii_lowercase())
        .collect();
    items.join(",").parse().map_err(rules_problem)
}

/// What the header says about the end, checked after the moves.
pub(crate) struct Header {
    result: Option<(Written, Pos)>,
    termination: Option<(&'static str, Pos)>,
    mates: Option<(Vec<Elimination>, Pos)>,
}

/// `Some((value, at))` of tag `name`, read by `read`, or the tag's bad value.
fn read_tag<T>(
    tags: &Tags<'_>,
    name: &'static str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Option<(T, Pos)>, Fail<Game>> {
    match tag(tags, name) {
        Some((value, at)) => match read(value) {
            Some(v) => Ok(Some((v, at))),
            None => Err((Some(at), bad_value(name, value))),
        },
        None => Ok(None),
    }
}

impl Dialect for Game {
    const TAGS: &'static [&'static str] = &[
        "Rules",
        "Start",
        "Position",
        "Result",
        "Termination",
        "Mates",
    ];
    const SEAT_TAGS: &'static [(&'static str, Seat)] = &[
        ("South", Seat::South),
        ("West", Seat::West),
        ("North", Seat::North),
        ("East", Seat::East),
    ];
    type Written = Written;
    type Header = Header;

    fn from_position_text(text: &str) -> Result<Game, ParsePositionError> {
        Ok(Game::from_position(text.parse()?))
    }

    fn header(tags: &Tags<'_>) -> Result<(Game, Header), Fail<Game>> {
        let rules = match tag(tags, "Rules") {
            Some((value, at)) => Some((
                read_rules(value)
                    .map_err(|problem| (Some(at), ImportErrorKind::BadRules { problem }))?,
                at,
            )),
            None => None,
        };
        let start = read_tag(tags, "Start", |v| v.trim().parse::<Seat>().ok())?;
        let game = match tag(tags, "Position") {
            Some((value, at)) => {
                let text = squeeze(value);
                let pos: Position = text
                    .parse()
                    .map_err(|e| (Some(at), position_error::<Game>(&text, e)))?;
                if let Some((rules, at)) = rules
                    && rules != pos.rules()
                {
                    let kind = ImportErrorKind::RulesConflict {
                        tag: rules.to_string(),
                        position: pos.rules().to_string(),
                    };
                    return Err((Some(at), kind));
                }
                if let Some((seat, at)) = start
                    && seat != pos.side_to_move()
                {
                    let kind = ImportErrorKind::StartConflict {
                        start: seat,
                        position: pos.side_to_move(),
                    };
                    return Err((Some(at), kind));
                }
                Game::from_position(pos)
            }
            None => Game::new(
                rules.map(|(r, _)| r).unwrap_or_default(),
                start.map_or(Seat::South, |(s, _)| s),
            ),
        };
        let termination = read_tag(tags, "Termination", |v| {
            let v = v.trim().to_ascii_lowercase();
            ["mates", "repetition", "move-limit"]
                .into_iter()
                .find(|&t| t == v)
        })?;
        let header = Header {
            result: read_tag(tags, "Result", Written::read)?,
            termination,
            mates: read_tag(tags, "Mates", read_mates)?,
        };
        Ok((game, header))
    }

    /// A result (`*`, `draw`, `1/2-1/2`, or placings with a comma), a move number, a seat letter
    /// (`S`, `W`, `N`, `E`, any case), or a move with its marks (see [`read_move`]).
    fn word(text: &str) -> Option<Word<Game>> {
        if text == "*"
            || text == "1/2-1/2"
            || text.eq_ignore_ascii_case("draw")
            || text.contains(',')
        {
            return Written::read(text).map(Word::Result);
        }
        let text = match common::number(text) {
            Some(Number::Alone) => return Some(Word::Skip),
            Some(Number::Then(rest)) => rest,
            None => text,
        };
        if let Some(seat) = one_seat(text) {
            return Some(Word::Seat(seat));
        }
        read_move(text).map(Word::Move)
    }

    fn finish(
        game: &mut Game,
        header: &Header,
        mark: Option<(Written, Pos)>,
    ) -> Result<(), Fail<Game>> {
        let actual = Written::of(game.outcome());
        if let Some((written, at, tag)) = common::reconcile::<Game>(header.result, mark)?
            && written != actual
        {
            let kind = ImportErrorKind::ResultMismatch {
                tag,
                written: written.to_string(),
                actual: actual.to_string(),
            };
            return Err((Some(at), kind));
        }
        let end = termination(game.outcome());
        if let Some((term, at)) = header.termination
            && term != end
        {
            let kind = ImportErrorKind::ResultMismatch {
                tag: "Termination",
                written: term.into(),
                actual: end.into(),
            };
            return Err((Some(at), kind));
        }
        let mates = game.position().eliminations();
        if let Some((written, at)) = &header.mates
            && written.as_slice() != mates
        {
            let kind = ImportErrorKind::ResultMismatch {
                tag: "Mates",
                written: mates_text(written),
                actual: mates_text(mates),
            };
            return Err((Some(*at), kind));
        }
        Ok(())
    }
}

impl RecordText for Game {
    const GAME_NAME: &'static str = "Yonin Shogi";
    type PositionError = ParsePositionError;

    /// See [`RecordText::write_record`]; the tags are `Game`, `Date`, `South`, `West`,
    /// `North`, `East`, `Rules` (the text form of [`Rules`]), `Start` (the seat that moved
    /// first: `s`, `w`, `n`, `e`), `Position` (RULES Y9.2, when the start is not the
    /// standard one), `Result`, and once the game is over `Termination` and `Mates` (who
    /// mated whom; also written before the end once a seat is mated).
    fn write_record(&self, info: &RecordInfo<Seat>) -> String {
        let mut out = String::new();
        write_head::<Game>(&mut out, info);
        write_tag(&mut out, "Rules", &self.rules().to_string());
        write_tag(
            &mut out,
            "Start",
            &self.starting_seat().letter().to_string(),
        );
        if !self.has_standard_start() {
            write_tag(&mut out, "Position", &self.start().to_string());
        }
        let result = Written::of(self.outcome()).to_string();
        write_tag(&mut out, "Result", &result);
        if self.is_over() {
            write_tag(&mut out, "Termination", termination(self.outcome()));
        }
        let mates = self.position().eliminations();
        if self.is_over() || !mates.is_empty() {
            write_tag(&mut out, "Mates", &mates_text(mates));
        }
        let units = self
            .moves()
            .iter()
            .zip(self.movers())
            .enumerate()
            .map(|(i, (mv, seat))| {
                let letter = seat.letter().to_ascii_uppercase();
                format!("{} {letter} {mv}", self.move_number(i))
            });
        write_moves(&mut out, units, &result);
        out
    }

    fn read_record(bytes: &[u8]) -> Result<(Game, RecordInfo<Seat>), ImportError<Game>> {
        common::read(bytes)
    }

    /// The move count (RULES Y6.4) after the move: `1` for the first move from the
    /// standard start, the start position's count plus one for a loaded one.
    fn move_number(&self, index: usize) -> u32 {
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        self.start()
            .move_count()
            .saturating_add(index)
            .saturating_add(1)
    }
}

//! The Hasami Shogi record text (`docs/RECORDS.md`, RULES H6.5): tags, moves numbered in
//! pairs (`1. e1e5 e9e6 2. …`), the result `1-0` (Black won), `0-1` (White won),
//! `1/2-1/2` (drawn) or `*` (not over), and a `Termination` tag with its reason.

use std::fmt;

use super::common::{
    self, Dialect, Fail, Number, Tags, Word, bad_value, clip, position_error, squeeze,
    strip_between, tag, write_head, write_moves, write_tag,
};
use super::lex::Pos;
use super::{ImportError, ImportErrorKind, RecordInfo, RecordText, RulesProblem};
use crate::engine::hasami::{
    DrawReason, Game, Move, Outcome, ParsePositionError, Player, Position, Rules, WinCondition,
    WinReason,
};

/// The `Rules` tag's text of `rules`: `-` for the defaults (capture 5, no move limit),
/// else the other choices joined by commas: `lead-by-3` or `capture-all`, then `limit=N`
/// (N plies, RULES H4.5).
pub fn rules_text(rules: Rules) -> String {
    let mut items = Vec::new();
    match rules.win {
        WinCondition::CaptureFive => {}
        WinCondition::LeadByThree => items.push("lead-by-3".to_string()),
        WinCondition::CaptureAll => items.push("capture-all".to_string()),
    }
    if let Some(n) = rules.move_limit {
        items.push(format!("limit={n}"));
    }
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

/// Reads the `Rules` tag's text (see [`rules_text`]); also accepts the default names
/// `capture-5` and `no-limit`, any case, spaces around the commas.
///
/// # Errors
/// [`RulesProblem`] naming the unknown, repeated or malformed item.
pub fn read_rules(text: &str) -> Result<Rules, RulesProblem> {
    let mut rules = Rules::default();
    let text = text.trim();
    if text == "-" {
        return Ok(rules);
    }
    let mut seen = [false; 2];
    for item in text.split(',').map(str::trim) {
        let lower = item.to_ascii_lowercase();
        let slot = match lower.as_str() {
            "capture-5" | "lead-by-3" | "capture-all" => {
                rules.win = match lower.as_str() {
                    "lead-by-3" => WinCondition::LeadByThree,
                    "capture-all" => WinCondition::CaptureAll,
                    _ => WinCondition::CaptureFive,
                };
                0
            }
            "no-limit" => {
                rules.move_limit = None;
                1
            }
            _ => {
                let Some(n) = lower.strip_prefix("limit=") else {
                    return Err(RulesProblem::Unknown(clip(item)));
                };
                if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(RulesProblem::Limit(clip(n)));
                }
                rules.move_limit = Some(n.parse().map_err(|_| RulesProblem::Limit(clip(n)))?);
                1
            }
        };
        if std::mem::replace(&mut seen[slot], true) {
            return Err(RulesProblem::Repeated(clip(item)));
        }
    }
    Ok(rules)
}

/// A result as written: who won, a draw, or not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Written {
    Win(Player),
    Draw,
    Unfinished,
}

impl Written {
    fn of(outcome: Option<Outcome>) -> Written {
        match outcome {
            Some(Outcome::Win { winner, .. }) => Written::Win(winner),
            Some(Outcome::Draw { .. }) => Written::Draw,
            None => Written::Unfinished,
        }
    }

    fn read(text: &str) -> Option<Written> {
        match text.trim() {
            "1-0" => Some(Written::Win(Player::Black)),
            "0-1" => Some(Written::Win(Player::White)),
            "1/2-1/2" | "½-½" => Some(Written::Draw),
            "*" => Some(Written::Unfinished),
            _ => None,
        }
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Written::Win(Player::Black) => "1-0",
            Written::Win(Player::White) => "0-1",
            Written::Draw => "1/2-1/2",
            Written::Unfinished => "*",
        })
    }
}

/// The `Termination` values, one per way a game ends (RULES H4.1-H4.5).
const TERMINATIONS: [&str; 7] = [
    "capture-5",
    "lead-by-3",
    "capture-all",
    "no-legal-move",
    "resignation",
    "repetition",
    "move-limit",
];

/// The `Termination` value of an outcome, `*` while the game goes on.
fn termination(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Win { reason, .. }) => match reason {
            WinReason::CapturedFive => "capture-5",
            WinReason::LeadByThree => "lead-by-3",
            WinReason::CapturedAll => "capture-all",
            WinReason::NoLegalMove => "no-legal-move",
            WinReason::Resignation => "resignation",
        },
        Some(Outcome::Draw { reason }) => match reason {
            DrawReason::Repetition => "repetition",
            DrawReason::MoveLimit => "move-limit",
        },
    }
}

fn read_side(text: &str) -> Option<Player> {
    match text.trim().to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Player::Black),
        "w" | "white" => Some(Player::White),
        _ => None,
    }
}

/// What the header says about the end, checked after the moves.
pub(crate) struct Header {
    result: Option<(Written, Pos)>,
    termination: Option<(&'static str, Pos)>,
}

impl Dialect for Game {
    const TAGS: &'static [&'static str] = &["Rules", "Start", "Position", "Result", "Termination"];
    const SEAT_TAGS: &'static [(&'static str, Player)] =
        &[("Black", Player::Black), ("White", Player::White)];
    type Written = Written;
    type Header = Header;

    fn from_position_text(text: &str) -> Result<Game, ParsePositionError> {
        Ok(Game::from_position(Rules::default(), text.parse()?))
    }

    fn header(tags: &Tags<'_>) -> Result<(Game, Header), Fail<Game>> {
        let rules = match tag(tags, "Rules") {
            Some((value, at)) => read_rules(value)
                .map_err(|problem| (Some(at), ImportErrorKind::BadRules { problem }))?,
            None => Rules::default(),
        };
        let start = match tag(tags, "Position") {
            Some((value, at)) => {
                let text = squeeze(value);
                text.parse::<Position>()
                    .map_err(|e| (Some(at), position_error::<Game>(&text, e)))?
            }
            None => Position::start(),
        };
        if let Some((value, at)) = tag(tags, "Start") {
            let side = read_side(value).ok_or_else(|| (Some(at), bad_value("Start", value)))?;
            if side != start.side_to_move() {
                let kind = ImportErrorKind::StartConflict {
                    start: side,
                    position: start.side_to_move(),
                };
                return Err((Some(at), kind));
            }
        }
        let result = match tag(tags, "Result") {
            Some((value, at)) => Some((
                Written::read(value).ok_or_else(|| (Some(at), bad_value("Result", value)))?,
                at,
            )),
            None => None,
        };
        let termination = match tag(tags, "Termination") {
            Some((value, at)) => {
                let lower = value.trim().to_ascii_lowercase();
                let found = TERMINATIONS.iter().find(|&&t| t == lower);
                Some((
                    *found.ok_or_else(|| (Some(at), bad_value("Termination", value)))?,
                    at,
                ))
            }
            None => None,
        };
        let header = Header {
            result,
            termination,
        };
        Ok((Game::from_position(rules, start), header))
    }

    /// A result, a move number, or a move: two squares (any case), with `x` or `-` allowed
    /// between them and any of `+ # ! ?` after them (RULES H6.2 writes no captures or
    /// checks, so these are only marks).
    fn word(text: &str) -> Option<Word<Game>> {
        if let Some(r) = Written::read(text) {
            return Some(Word::Result(r));
        }
        let text = match common::number(text) {
            Some(Number::Alone) => return Some(Word::Skip),
            Some(Number::Then(rest)) => rest,
            None => text,
        };
        let body = text.trim_end_matches(['!', '?', '+', '#']);
        let body = strip_between(body).to_ascii_lowercase();
        body.parse::<Move>().ok().map(Word::Move)
    }

    fn finish(
        game: &mut Game,
        header: &Header,
        mark: Option<(Written, Pos)>,
    ) -> Result<(), Fail<Game>> {
        let result = common::reconcile::<Game>(header.result, mark)?;
        if let Some((term, at)) = header.termination
            && term == "resignation"
        {
            if game.is_over() {
                let kind = ImportErrorKind::ResultMismatch {
                    tag: "Termination",
                    written: term.into(),
                    actual: termination(game.outcome()).into(),
                };
                return Err((Some(at), kind));
            }
            return match result {
                Some((Written::Win(winner), _, _)) => {
                    // RULES H4.3: the loser resigned; the game is not over, so this holds.
                    let _ = game.resign(winner.opponent());
                    Ok(())
                }
                Some((other, at, _)) => Err((Some(at), bad_value("Result", &other.to_string()))),
                None => Err((Some(at), ImportErrorKind::MissingTag { tag: "Result" })),
            };
        }
        let actual = Written::of(game.outcome());
        if let Some((written, at, tag)) = result
            && written != actual
        {
            let kind = ImportErrorKind::ResultMismatch {
                tag,
                written: written.to_string(),
                actual: actual.to_string(),
            };
            return Err((Some(at), kind));
        }
        if let Some((term, at)) = header.termination
            && term != termination(game.outcome())
        {
            let kind = ImportErrorKind::ResultMismatch {
                tag: "Termination",
                written: term.into(),
                actual: termination(game.outcome()).into(),
            };
            return Err((Some(at), kind));
        }
        Ok(())
    }
}

impl RecordText for Game {
    const GAME_NAME: &'static str = "Hasami Shogi";
    type PositionError = ParsePositionError;

    /// See [`RecordText::write_record`]; the tags are `Game`, `Date`, `Black`, `White`,
    /// `Rules`, `Start` (`b` or `w`), `Position` (RULES H6.3, when the start is not the
    /// standard one), `Result`, and `Termination` once the game is over.
    fn write_record(&self, info: &RecordInfo<Player>) -> String {
        let mut out = String::new();
        write_head::<Game>(&mut out, info);
        write_tag(&mut out, "Rules", &rules_text(self.rules()));
        let first = self.start().side_to_move();
        write_tag(&mut out, "Start", &first.letter().to_string());
        if *self.start() != Position::start() {
            write_tag(&mut out, "Position", &self.start().to_string());
        }
        let result = Written::of(self.outcome()).to_string();
        write_tag(&mut out, "Result", &result);
        if self.is_over() {
            write_tag(&mut out, "Termination", termination(self.outcome()));
        }
        let units = self.moves().iter().enumerate().map(|(i, mv)| {
            let n = self.move_number(i);
            let black = (i % 2 == 0) == (first == Player::Black);
            if black {
                format!("{n}. {mv}")
            } else if i == 0 {
                format!("{n}... {mv}")
            } else {
                mv.to_string()
            }
        });
        write_moves(&mut out, units, &result);
        out
    }

    fn read_record(bytes: &[u8]) -> Result<(Game, RecordInfo<Player>), ImportError<Game>> {
        common::read(bytes)
    }

    /// `1` for the first pair from the standard start; a start position at ply `p`
    /// begins with pair `p / 2 + 1`, and the number goes up after each White move.
    fn move_number(&self, index: usize) -> u32 {
        let start = self.start();
        let first = start.ply() / 2 + 1;
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        let whites_before = match start.side_to_move() {
            Player::Black => index / 2,
            Player::White => index.div_ceil(2),
        };
        first.saturating_add(whites_before)
    }
}

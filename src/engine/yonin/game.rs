//! A game: rules, start, moves, repetition history with the perpetual-check rule, and
//! the game record (RULES Y6.3, Y7b.2–Y7b.4, Y9.2).

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::Square;

use super::position::RepetitionKey;
use super::{
    EndReason, Move, MoveList, MoveReport, Outcome, ParseMoveError, ParsePositionError,
    ParseRulesError, ParseSeatError, PlayError, Position, Rules, Seat, SeatSet,
};

/// One position of the history: which distinct position it is, and the move that led to
/// it (its mover and whether it gave check, RULES Y7b.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    id: u32,
    mover: Option<Seat>,
    check: bool,
}

/// A game of Yonin Shogi: the rules, the start position, the moves played, the current
/// position and the repetition history (RULES Y6.3).
///
/// [`play`](Game::play) refuses illegal moves (including the perpetual checker's fourth
/// repetition) and leaves the game unchanged; after a legal move it resolves the turn,
/// then judges repetition, then the move limit (RULES Y7b.2).
///
/// Serde stores the record (rules, starting seat, optional start position, moves) and
/// replays it when loading.
///
/// # Examples
/// ```
/// use shogi_variants::engine::yonin::{Game, Rules, Seat};
/// let mut game = Game::new(Rules::default(), Seat::South);
/// let report = game.play("e3e4".parse().unwrap()).unwrap();
/// assert_eq!(report.next, Some(Seat::West));
/// assert_eq!(game.to_move(), Some(Seat::West));
/// assert!(game.play("e4e5".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(into = "GameRecord", try_from = "GameRecord")]
pub struct Game {
    start: Position,
    standard_start: bool,
    moves: Vec<Move>,
    position: Position,
    history: Vec<Entry>,
    index: HashMap<RepetitionKey, u32>,
    counts: Vec<u8>,
    max_count: u8,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the start position (RULES Y1.2) under `rules`, `first` to move.
    pub fn new(rules: Rules, first: Seat) -> Game {
        let mut g = Game::from_position(Position::start(rules, first));
        g.standard_start = true;
        g
    }

    /// A game from a loaded position, which counts as the first occurrence for
    /// repetition (RULES Y7b.3).
    pub fn from_position(start: Position) -> Game {
        let mut g = Game {
            outcome: start.outcome(),
            position: start.clone(),
            standard_start: start == Position::start(*start.rules(), start.turn()),
            start,
            moves: Vec::new(),
            history: Vec::new(),
            index: HashMap::new(),
            counts: Vec::new(),
            max_count: 0,
        };
        let key = g.position.repetition_key();
        g.push_history(key, None, false);
        g
    }

    // ----------------------------------------------------------------------------------
    // Accessors
    // ----------------------------------------------------------------------------------

    /// The local rules.
    pub fn rules(&self) -> &Rules {
        self.start.rules()
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The seat that moved first.
    pub fn starting_seat(&self) -> Seat {
        self.start.turn()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The seat to move, `None` when the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            None
        } else {
            Some(self.position.turn())
        }
    }

    /// The live seats in check now (RULES Y3.1).
    pub fn checked_seats(&self) -> SeatSet {
        self.position.checked_seats()
    }

    /// How the game ended, `None` while it goes on (RULES Y6).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How many times the current position has occurred (1 the first time, RULES Y6.3).
    pub fn repetitions(&self) -> u8 {
        self.history
            .last()
            .map_or(0, |e| self.counts[e.id as usize])
    }

    // ----------------------------------------------------------------------------------
    // Legal moves
    // ----------------------------------------------------------------------------------

    /// The legal moves of the seat to move, the perpetual checker's move that would make
    /// the fourth occurrence left out (RULES Y6.3, Y7b.4). Empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        self.filter(self.position.legal_moves())
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.filter(self.position.legal_moves_from(from))
    }

    /// The legal drops of the seat to move.
    pub fn legal_drops(&self) -> MoveList {
        self.filter(self.position.legal_drops())
    }

    fn filter(&self, list: MoveList) -> MoveList {
        if self.outcome.is_some() {
            return MoveList::new();
        }
        if self.max_count < 3 {
            return list;
        }
        let mut out = MoveList::new();
        for &m in list.iter() {
            if !self.forbidden(&self.position, m, &[]) {
                out.push(m);
            }
        }
        out
    }

    /// Checks `mv` like [`play`](Self::play) without playing it.
    ///
    /// # Errors
    /// The [`PlayError`] that `play` would return.
    pub fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        self.position.check_move(mv)?;
        if self.forbidden(&self.position, mv, &[]) {
            return Err(PlayError::PerpetualCheck);
        }
        Ok(())
    }

    // ----------------------------------------------------------------------------------
    // Playing
    // ----------------------------------------------------------------------------------

    /// Plays `mv` for the seat to move, then in order (RULES Y7b.2): turn resolution
    /// (RULES Y3.3, lazy mates), repetition (RULES Y6.3: plain repetition ends the game,
    /// a perpetual checker is mated by the last mover and play goes on), the move limit
    /// (RULES Y6.4).
    ///
    /// # Errors
    /// [`PlayError`] when the game is over or the move is illegal; the game is then
    /// unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        self.check_move(mv)?;
        let mover = self.position.turn();
        let checks = self.position.gives_check(mv);
        let tentative = [(mover, !checks.is_empty())];
        let mut pos = self.position.clone();
        let captured = pos.apply_move(mv);
        let mut mated = Vec::new();
        let mut outcome = None;
        {
            let mut judge = |p: &Position, s: Seat| self.has_move(p, s, &tentative);
            pos.resolve_turn(mover, &mut judge, &mut mated);
            if !pos.is_over_by_mates() {
                let key = pos.repetition_key();
                if let Some(&id) = self.index.get(&key)
                    && self.counts[id as usize] >= 3
                {
                    let c = self.perpetual_checkers(id, &tentative);
                    match c.iter().next() {
                        Some(p) if c.len() == 1 && p != mover => {
                            mated.push(pos.eliminate(p, mover));
                            pos.resolve_turn(mover, &mut judge, &mut mated);
                        }
                        _ => {
                            outcome = Some(Outcome::new(EndReason::Repetition, pos.placings()));
                        }
                    }
                }
            }
        }
        if outcome.is_none() {
            outcome = pos.outcome();
        }
        let key = pos.repetition_key();
        self.push_history(key, Some(mover), !checks.is_empty());
        self.position = pos;
        self.moves.push(mv);
        self.outcome = outcome;
        let mut report = self.position.report(mover, mv, captured, checks, mated);
        report.outcome = outcome;
        if outcome.is_some() {
            report.next = None;
        }
        Ok(report)
    }

    /// Takes back the last move by replaying the others from the start; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        let moves = std::mem::take(&mut self.moves);
        let mut g = Game::from_position(self.start.clone());
        g.standard_start = self.standard_start;
        for m in moves {
            // These moves were legal when first played and the replay is deterministic.
            let _ = g.play(m);
        }
        *self = g;
        Some(last)
    }

    fn push_history(&mut self, key: RepetitionKey, mover: Option<Seat>, check: bool) {
        let next_id = self.counts.len() as u32;
        let id = *self.index.entry(key).or_insert(next_id);
        if id == next_id {
            self.counts.push(0);
        }
        let c = &mut self.counts[id as usize];
        *c = c.saturating_add(1);
        self.max_count = self.max_count.max(*c);
        self.history.push(Entry { id, mover, check });
    }

    /// The seats that, since the first occurrence of position `id`, made at least one move
    /// and gave check with every one of them, the `extra` moves (not yet in the history)
    /// included (RULES Y7b.4).
    fn perpetual_checkers(&self, id: u32, extra: &[(Seat, bool)]) -> SeatSet {
        let first = self.history.iter().position(|e| e.id == id).unwrap_or(0);
        let mut moved = SeatSet::EMPTY;
        let mut broken = SeatSet::EMPTY;
        let later = self.history[first + 1..]
            .iter()
            .filter_map(|e| e.mover.map(|m| (m, e.check)));
        for (m, check) in later.chain(extra.iter().copied()) {
            moved.insert(m);
            if !check {
                broken.insert(m);
            }
        }
        moved.iter().filter(|&s| !broken.contains(s)).collect()
    }

    /// Whether `mv` by the seat to move in `pos` is the perpetual checker's move that would
    /// make the fourth occurrence (RULES Y6.3, Y7b.4). The turn resolution after it judges
    /// the next seat without the perpetual rule. `extra` are moves already made but not yet
    /// in the history.
    fn forbidden(&self, pos: &Position, mv: Move, extra: &[(Seat, bool)]) -> bool {
        if self.max_count < 3 {
            return false;
        }
        let mover = pos.turn();
        let checks = pos.gives_check(mv);
        if checks.is_empty() {
            // a move without check breaks the mover's perpetual check
            return false;
        }
        let mut next = pos.clone();
        next.apply_move(mv);
        let mut mated = Vec::new();
        next.resolve_turn(mover, &mut |p, s| p.has_legal_move(s), &mut mated);
        if next.is_over_by_mates() {
            return false;
        }
        let Some(&id) = self.index.get(&next.repetition_key()) else {
            return false;
        };
        if self.counts[id as usize] < 3 {
            return false;
        }
        let mut all: Vec<(Seat, bool)> = extra.to_vec();
        all.push((mover, true));
        let c = self.perpetual_checkers(id, &all);
        c.len() == 1 && c.contains(mover)
    }

    /// Whether `seat`, whose turn arrives in `pos`, has a legal move with the perpetual
    /// rule applied (RULES Y3.3 step 2, Y5.1).
    fn has_move(&self, pos: &Position, seat: Seat, extra: &[(Seat, bool)]) -> bool {
        if !pos.has_legal_move(seat) {
            return false;
        }
        if self.max_count < 3 {
            return true;
        }
        pos.all_legal_moves(seat)
            .iter()
            .any(|&m| !self.forbidden(pos, m, extra))
    }

    // ----------------------------------------------------------------------------------
    // Record
    // ----------------------------------------------------------------------------------

    /// The game record (RULES Y9.2): tag lines `[Rules "…"]`, `[Start "…"]` and, for a
    /// loaded start position, `[Position "…"]`, then the moves separated by spaces, four
    /// to a line.
    pub fn record(&self) -> String {
        self.to_string()
    }

    /// Parses and replays a game record (see [`record`](Self::record)).
    ///
    /// # Errors
    /// [`ParseRecordError`] naming the tag line, or the move number and text, of the first
    /// problem.
    pub fn from_record(text: &str) -> Result<Game, ParseRecordError> {
        text.parse()
    }
}

impl Position {
    /// Every legal move of `seat`, whether or not the game is over (for lazy-mate judging).
    pub(crate) fn all_legal_moves(&self, seat: Seat) -> MoveList {
        let mut p = self.clone();
        p.rules.move_limit = None;
        p.legal_moves_of(seat)
    }
}

impl fmt::Display for Game {
    /// Prints the game record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Rules \"{}\"]", self.rules())?;
        writeln!(f, "[Start \"{}\"]", self.starting_seat().letter())?;
        if !self.standard_start {
            writeln!(f, "[Position \"{}\"]", self.start)?;
        }
        for chunk in self.moves.chunks(4) {
            let line: Vec<String> = chunk.iter().map(Move::to_string).collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// Why a game record did not load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRecordError {
    /// A line starting with `[` is not `[Name "value"]`.
    Tag {
        /// 1-based line number.
        line: usize,
    },
    /// A tag other than Rules, Start, Position.
    UnknownTag {
        /// 1-based line number.
        line: usize,
        /// The tag name.
        name: String,
    },
    /// A tag given twice, or after the first move.
    MisplacedTag {
        /// 1-based line number.
        line: usize,
    },
    /// A required tag is missing.
    MissingTag(&'static str),
    /// The Rules tag does not parse.
    Rules(ParseRulesError),
    /// The Start tag does not parse.
    Start(ParseSeatError),
    /// The Position tag does not parse.
    Position(ParsePositionError),
    /// The Rules or Start tag disagrees with the Position tag.
    Conflict(&'static str),
    /// A move does not parse.
    Move {
        /// 1-based move number.
        number: usize,
        /// Its text.
        text: String,
        /// Why.
        error: ParseMoveError,
    },
    /// A move is illegal when replayed.
    Illegal {
        /// 1-based move number.
        number: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: PlayError,
    },
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRecordError::Tag { line } => write!(f, "line {line}: tag is not [Name \"value\"]"),
            ParseRecordError::UnknownTag { line, name } => {
                write!(f, "line {line}: unknown tag {name:?}")
            }
            ParseRecordError::MisplacedTag { line } => {
                write!(f, "line {line}: tag repeated or after the moves")
            }
            ParseRecordError::MissingTag(t) => write!(f, "missing tag {t}"),
            ParseRecordError::Rules(e) => write!(f, "rules tag: {e}"),
            ParseRecordError::Start(e) => write!(f, "start tag: {e}"),
            ParseRecordError::Position(e) => write!(f, "position tag: {e}"),
            ParseRecordError::Conflict(t) => write!(f, "{t} tag disagrees with the position"),
            ParseRecordError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} {text:?}: {error}"),
            ParseRecordError::Illegal { number, mv, error } => {
                write!(f, "move {number} {mv}: {error}")
            }
        }
    }
}

impl std::error::Error for ParseRecordError {}

impl FromStr for Game {
    type Err = ParseRecordError;

    /// Parses a game record (see [`Game::record`]) and replays its moves.
    ///
    /// # Errors
    /// [`ParseRecordError`].
    fn from_str(text: &str) -> Result<Game, ParseRecordError> {
        let mut rules = None;
        let mut start = None;
        let mut position = None;
        let mut move_texts: Vec<&str> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if t.starts_with('[') {
                if !move_texts.is_empty() {
                    return Err(ParseRecordError::MisplacedTag { line: line_no });
                }
                let inner = t
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix(']'))
                    .ok_or(ParseRecordError::Tag { line: line_no })?;
                let (name, value) = inner
                    .split_once(' ')
                    .ok_or(ParseRecordError::Tag { line: line_no })?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|s| s.strip_suffix('"'))
                    .ok_or(ParseRecordError::Tag { line: line_no })?;
                let slot = match name {
                    "Rules" => &mut rules,
                    "Start" => &mut start,
                    "Position" => &mut position,
                    _ => {
                        return Err(ParseRecordError::UnknownTag {
                            line: line_no,
                            name: name.to_string(),
                        });
                    }
                };
                if slot.is_some() {
                    return Err(ParseRecordError::MisplacedTag { line: line_no });
                }
                *slot = Some(value.to_string());
                continue;
            }
            move_texts.extend(t.split_whitespace());
        }
        let rules: Option<Rules> = rules
            .map(|r| r.parse().map_err(ParseRecordError::Rules))
            .transpose()?;
        let start: Option<Seat> = start
            .map(|s| s.parse().map_err(ParseRecordError::Start))
            .transpose()?;
        let mut game = match position {
            Some(p) => {
                let pos: Position = p.parse().map_err(ParseRecordError::Position)?;
                if rules.is_some_and(|r| r != *pos.rules()) {
                    return Err(ParseRecordError::Conflict("Rules"));
                }
                if start.is_some_and(|s| s != pos.turn()) {
                    return Err(ParseRecordError::Conflict("Start"));
                }
                Game::from_position(pos)
            }
            None => Game::new(
                rules.ok_or(ParseRecordError::MissingTag("Rules"))?,
                start.ok_or(ParseRecordError::MissingTag("Start"))?,
            ),
        };
        for (i, t) in move_texts.iter().enumerate() {
            let mv: Move = t.parse().map_err(|error| ParseRecordError::Move {
                number: i + 1,
                text: t.to_string(),
                error,
            })?;
            game.play(mv).map_err(|error| ParseRecordError::Illegal {
                number: i + 1,
                mv,
                error,
            })?;
        }
        Ok(game)
    }
}

/// The serde form of a [`Game`]: enough to replay it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The local rules.
    pub rules: Rules,
    /// The seat that moved first.
    pub start: Seat,
    /// The start position notation, when it is not the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The moves, in notation.
    pub moves: Vec<Move>,
}

impl From<Game> for GameRecord {
    fn from(g: Game) -> GameRecord {
        GameRecord {
            rules: *g.rules(),
            start: g.starting_seat(),
            position: (!g.standard_start).then(|| g.start.to_string()),
            moves: g.moves,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = ParseRecordError;
    fn try_from(r: GameRecord) -> Result<Game, ParseRecordError> {
        let mut game = match r.position {
            Some(p) => {
                let pos: Position = p.parse().map_err(ParseRecordError::Position)?;
                if *pos.rules() != r.rules {
                    return Err(ParseRecordError::Conflict("Rules"));
                }
                if pos.turn() != r.start {
                    return Err(ParseRecordError::Conflict("Start"));
                }
                Game::from_position(pos)
            }
            None => Game::new(r.rules, r.start),
        };
        for (i, mv) in r.moves.into_iter().enumerate() {
            game.play(mv).map_err(|error| ParseRecordError::Illegal {
                number: i + 1,
                mv,
                error,
            })?;
        }
        Ok(game)
    }
}

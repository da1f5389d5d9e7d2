//! A game: rules, start, moves, repetition history with the perpetual-check rule, and
//! the game record (RULES Y6.3, Y7b.2–Y7b.4, Y9.2).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::engine::{Square, SquareSet};

use super::RepetitionKey;
use super::movegen::drop_targets;
use super::{
    EndReason, Move, MoveList, MoveReport, Outcome, ParsePositionError, PlayError, Position, Role,
    Rules, Seat, SeatSet,
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
/// assert_eq!(game.side_to_move(), Some(Seat::West));
/// assert!(game.play("e4e5".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(into = "GameRecord", try_from = "GameRecord")]
pub struct Game {
    start: Position,
    standard_start: bool,
    moves: Vec<Move>,
    /// The seat that made each move, parallel to `moves`.
    movers: Vec<Seat>,
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
            standard_start: start == Position::start(start.rules(), start.side_to_move()),
            start,
            moves: Vec::new(),
            movers: Vec::new(),
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
    pub fn rules(&self) -> Rules {
        self.start.rules()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Whether the game began from the start position (RULES Y1.2) rather than a loaded
    /// one; only a loaded start is written in the record.
    pub fn has_standard_start(&self) -> bool {
        self.standard_start
    }

    /// The seat that moved first.
    pub fn starting_seat(&self) -> Seat {
        self.start.side_to_move()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The seat that made each move, parallel to [`moves`](Self::moves): with check
    /// priority (RULES Y3.3) it cannot be told from the move's index.
    pub fn movers(&self) -> &[Seat] {
        &self.movers
    }

    /// The seat to move, `None` when the game is over.
    pub fn side_to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            None
        } else {
            Some(self.position.side_to_move())
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

    /// The squares the piece on `from` can legally move to, the perpetual checker's
    /// fourth repetition left out (RULES Y2, Y3.2, Y6.3, Y7.3, Y7b.4): exactly the `to`
    /// squares of the [`legal_moves`](Self::legal_moves) from `from`. Empty when the game
    /// is over or the piece is not the mover's.
    ///
    /// # Examples
    /// ```
    /// use shogi_variants::engine::yonin::{Game, Rules, Seat};
    /// let game = Game::new(Rules::default(), Seat::South);
    /// let to: Vec<String> = game
    ///     .destinations("e3".parse().unwrap())
    ///     .iter()
    ///     .map(|sq| sq.to_string())
    ///     .collect();
    /// assert_eq!(to, ["e4"]);
    /// ```
    pub fn destinations(&self, from: Square) -> SquareSet {
        self.legal_moves_from(from).iter().map(|m| m.to()).collect()
    }

    /// The squares where the seat to move may legally drop `role`, the perpetual
    /// checker's fourth repetition left out (RULES Y2.3, Y4, Y6.3, Y7b.4): exactly the
    /// `to` squares of the drops of `role` in [`legal_moves`](Self::legal_moves).
    pub fn drop_squares(&self, role: Role) -> SquareSet {
        drop_targets(&self.legal_drops(), role)
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
        let mover = self.position.side_to_move();
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
        if !mated.is_empty() {
            // A flipped king never turns back: no earlier position can occur again, so the
            // repetition history starts afresh (RULES Y7b.3).
            self.history.clear();
            self.index.clear();
            self.counts.clear();
            self.max_count = 0;
        }
        let key = pos.repetition_key();
        self.push_history(key, Some(mover), !checks.is_empty());
        self.position = pos;
        self.moves.push(mv);
        self.movers.push(mover);
        self.outcome = outcome;
        let mut report = self.position.report(mover, mv, captured, checks, mated);
        report.outcome = outcome;
        if outcome.is_some() {
            report.next = None;
        }
        Ok(report)
    }

    /// The game as it began: its start position and no moves, what taking back every
    /// move gives (without replaying any).
    pub fn started(&self) -> Game {
        let mut g = Game::from_position(self.start.clone());
        g.standard_start = self.standard_start;
        g
    }

    /// Takes back the last move by replaying the others from the start; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        let moves = std::mem::take(&mut self.moves);
        let mut g = self.started();
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
        let mover = pos.side_to_move();
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

    /// The game record (RULES Y9.2): local rules, starting seat, start position when it is
    /// not the standard one, and the moves.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            rules: self.rules(),
            start: self.starting_seat(),
            position: (!self.standard_start).then(|| self.start.to_string()),
            moves: self.moves.clone(),
        }
    }

    /// Replays a record, checking every move (RULES Y9.2).
    ///
    /// # Errors
    /// [`RecordError`] when the start position does not parse or disagrees with the rules
    /// or the starting seat, or when a move is refused (with its index and reason).
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        let mut game = match &record.position {
            Some(text) => {
                let pos: Position = text.parse().map_err(RecordError::Position)?;
                if pos.rules() != record.rules {
                    return Err(RecordError::Conflict("rules"));
                }
                if pos.side_to_move() != record.start {
                    return Err(RecordError::Conflict("starting seat"));
                }
                Game::from_position(pos)
            }
            None => Game::new(record.rules, record.start),
        };
        for (index, &mv) in record.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| RecordError::Move { index, mv, error })?;
        }
        Ok(game)
    }
}

/// A game as data (RULES Y9.2): the local rules, the starting seat, the start position
/// when it is not the standard one, and the moves. This is what is saved and loaded
/// (serde); the record as text, with tags, numbered moves and the result, is
/// [`crate::record::text`] (`docs/RECORDS.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The local rules.
    pub rules: Rules,
    /// The seat that moved first.
    pub start: Seat,
    /// The start position notation, when it is not the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

/// Why a [`GameRecord`] could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The start position does not parse.
    #[error("start position: {0}")]
    Position(ParsePositionError),
    /// The start position disagrees with the record's rules or starting seat.
    #[error("start position disagrees with the {0}")]
    Conflict(&'static str),
    /// A move was refused.
    #[error("move {} {mv}: {error}", .index + 1)]
    Move {
        /// Index in the move list, from 0.
        index: usize,
        /// The move.
        mv: Move,
        /// Why it was refused.
        error: PlayError,
    },
}

impl From<Game> for GameRecord {
    fn from(g: Game) -> GameRecord {
        g.record()
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = RecordError;
    fn try_from(r: GameRecord) -> Result<Game, RecordError> {
        Game::from_record(&r)
    }
}

/// Counts the move paths of exactly `depth` moves from the current position of `game`
/// (perft, RULES Perft): a move that may promote or not counts twice, drops count like
/// moves, every move is followed by turn resolution (RULES Y3.3), and a finished game
/// has no moves (0 for `depth >= 1`, 1 for `depth == 0`).
///
/// Judges what [`Position::perft`], the fast path it runs on the current position,
/// judges: legality, turn resolution, mates and the move limit. Repetition
/// (RULES Y6.3, Y7b.4) is judged at the root only (a game ended by it counts 0); below,
/// the count equals that of playing every [`Game::legal_moves`] move as long as no
/// position would occur a fourth time within `depth` moves.
///
/// # Examples
/// ```
/// use shogi_variants::engine::yonin::{Game, Rules, Seat, perft};
/// let game = Game::new(Rules::default(), Seat::South);
/// assert_eq!(perft(&game, 3), 729);
/// ```
pub fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return 0;
    }
    game.position().perft(depth)
}

//! A whole game: local rules, history, repetition and the outcome (RULES H4).

use super::{Move, PlayError, Player, Position, Rules};
use crate::engine::Undone;
use crate::engine::square::SquareSet;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// Why a game was won (RULES H4.1-H4.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The winner captured 5 pieces (win condition *capture 5*).
    CapturedFive,
    /// The winner's captures exceed the loser's by 3 (win condition *lead by 3*).
    LeadByThree,
    /// The winner captured every enemy piece (win condition *capture all*).
    CapturedAll,
    /// The loser had no legal move at their turn (RULES H4.2).
    NoLegalMove,
    /// The loser resigned (RULES H4.3).
    Resignation,
}

/// Why a game was drawn (RULES H4.4, H4.5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The same board with the same side to move occurred for the fourth time.
    Repetition,
    /// The ply count reached the move limit.
    MoveLimit,
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// One player won.
    Win {
        /// Who won.
        winner: Player,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if the game was won.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::CapturedFive => "captured 5 pieces",
                    WinReason::LeadByThree => "leads by 3 captures",
                    WinReason::CapturedAll => "captured every piece",
                    WinReason::NoLegalMove => "the opponent has no legal move",
                    WinReason::Resignation => "the opponent resigned",
                };
                write!(f, "{winner} wins: {why}")
            }
            Outcome::Draw {
                reason: DrawReason::Repetition,
            } => f.write_str("draw by fourfold repetition"),
            Outcome::Draw {
                reason: DrawReason::MoveLimit,
            } => f.write_str("draw by the move limit"),
        }
    }
}

/// What one move did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveReport {
    /// The move played.
    pub mv: Move,
    /// The enemy pieces it captured (RULES H3), possibly none.
    pub captured: SquareSet,
    /// The outcome, if the move ended the game (RULES H4.6).
    pub outcome: Option<Outcome>,
}

/// A game of Hasami Shogi under some [`Rules`]: the start position, every move
/// played, the repetition table and the outcome.
///
/// Serializes (serde) as a [`GameRecord`]; deserializing replays and validates it.
///
/// ```
/// use shogi_variants::engine::hasami::{Game, Rules};
///
/// let mut game = Game::new(Rules::default());
/// for mv in ["e1e5", "e9e6", "a1a2"] {
///     game.play(mv.parse().unwrap()).unwrap();
/// }
/// assert_eq!(game.moves().len(), 3);
/// assert!(game.outcome().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    captured: Vec<SquareSet>,
    /// Occurrences of each (board, side to move), RULES H4.4.
    seen: HashMap<(u128, u128, Player), u8>,
    resigned: Option<Player>,
    outcome: Option<Outcome>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.positions == other.positions
            && self.moves == other.moves
            && self.resigned == other.resigned
    }
}

impl Eq for Game {}

impl Game {
    /// A new game from the start position (RULES H1).
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Position::start())
    }

    /// A game that starts from `start`, which counts as the first occurrence for
    /// repetition (RULES H4.4).
    ///
    /// A start position that is already decided (a player meets the win condition,
    /// the ply count has reached the move limit, or the side to move has no legal
    /// move) makes a game that is over at once, judged in the order of RULES H4.6.
    pub fn from_position(rules: Rules, start: Position) -> Game {
        let mut game = Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            captured: Vec::new(),
            seen: HashMap::new(),
            resigned: None,
            outcome: None,
        };
        game.seen.insert(start.repetition_key(), 1);
        let last_mover = start.side_to_move().opponent();
        game.outcome = [last_mover, last_mover.opponent()]
            .into_iter()
            .find_map(|p| {
                rules
                    .win_reason(&start, p)
                    .map(|reason| Outcome::Win { winner: p, reason })
            })
            .or_else(|| game.limit_or_stuck(&start, last_mover));
        game
    }

    /// The local rules of this game.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always holds its start position")
    }

    /// Every position so far, the start first; `positions()[i + 1]` follows `moves()[i]`.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The squares captured by each move, parallel to [`Game::moves`].
    pub fn captured(&self) -> &[SquareSet] {
        &self.captured
    }

    /// The outcome, once the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The player who resigned, if the game ended so.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// How many times the current board with the current side to move has occurred,
    /// the present one included (RULES H4.4), `1..=4`.
    pub fn repetitions(&self) -> u8 {
        self.seen
            .get(&self.position().repetition_key())
            .copied()
            .unwrap_or(1)
    }

    /// Plays `mv` for the side to move and judges the result in the order of
    /// RULES H4.6: captures, win condition for the mover, repetition, move limit,
    /// then no legal move for the next player.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended, [`PlayError::Illegal`] for a
    /// move that breaks RULES H2. The game is unchanged on error.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.position()
            .check_move(mv)
            .map_err(|reason| PlayError::Illegal { mv, reason })?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking that it is legal; see [`Game::play`].
    ///
    /// # Panics
    /// May panic, or corrupt the game, if the game is over or `mv` is illegal.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let mover = self.position().side_to_move();
        let mut next = *self.position();
        let captured = next.play_unchecked(mv);
        let count = self.seen.entry(next.repetition_key()).or_insert(0);
        *count += 1;
        let repeated = *count >= 4;
        self.positions.push(next);
        self.moves.push(mv);
        self.captured.push(captured);
        let outcome = self
            .rules
            .win_reason(&next, mover)
            .map(|reason| Outcome::Win {
                winner: mover,
                reason,
            })
            .or(repeated.then_some(Outcome::Draw {
                reason: DrawReason::Repetition,
            }))
            .or_else(|| self.limit_or_stuck(&next, mover));
        self.outcome = outcome;
        MoveReport {
            mv,
            captured,
            outcome,
        }
    }

    /// RULES H4.5 then H4.2, for the position `pos` reached by `mover`'s move.
    fn limit_or_stuck(&self, pos: &Position, mover: Player) -> Option<Outcome> {
        if self
            .rules
            .move_limit
            .is_some_and(|limit| pos.ply() >= limit)
        {
            Some(Outcome::Draw {
                reason: DrawReason::MoveLimit,
            })
        } else if !pos.has_legal_move() {
            Some(Outcome::Win {
                winner: mover,
                reason: WinReason::NoLegalMove,
            })
        } else {
            None
        }
    }

    /// `player` resigns; the opponent wins (RULES H4.3). Who may resign when is the
    /// caller's rule (hot-seat: the side to move; against the CPU: the human).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended.
    pub fn resign(&mut self, player: Player) -> Result<Outcome, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let outcome = Outcome::Win {
            winner: player.opponent(),
            reason: WinReason::Resignation,
        };
        self.resigned = Some(player);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Takes back the resignation if the game ended by one (the moves stay), else the
    /// last move. Returns what was taken back, `None` at the start with nothing to take
    /// back.
    ///
    /// ```
    /// use shogi_variants::engine::Undone;
    /// use shogi_variants::engine::hasami::{Game, Player, Rules};
    ///
    /// let mut game = Game::new(Rules::default());
    /// assert_eq!(game.undo(), None);
    /// game.play("e1e5".parse().unwrap()).unwrap();
    /// game.resign(Player::White).unwrap();
    /// assert_eq!(game.undo(), Some(Undone::Resignation));
    /// assert!(!game.is_over());
    /// assert_eq!(game.undo(), Some(Undone::Move("e1e5".parse().unwrap())));
    /// ```
    pub fn undo(&mut self) -> Option<Undone<Move>> {
        if self.resigned.take().is_some() {
            self.outcome = None;
            return Some(Undone::Resignation);
        }
        let mv = self.moves.pop()?;
        let pos = self.positions.pop().expect("one position per move");
        self.captured.pop();
        if let Some(count) = self.seen.get_mut(&pos.repetition_key()) {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&pos.repetition_key());
            }
        }
        self.outcome = None;
        Some(Undone::Move(mv))
    }

    /// The record of this game: rules, start position, moves and resignation.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            rules: self.rules,
            start: self.start().to_string(),
            moves: self.moves.clone(),
            resigned: self.resigned,
        }
    }

    /// Replays a record, checking every move.
    ///
    /// # Errors
    /// [`RecordError`] when the start position does not parse, a move is illegal or
    /// comes after the end, or the resignation comes after the end.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        let start: Position = record.start.parse().map_err(RecordError::Start)?;
        let mut game = Game::from_position(record.rules, start);
        for (index, &mv) in record.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| RecordError::Move { index, error })?;
        }
        if let Some(player) = record.resigned {
            game.resign(player)
                .map_err(|_| RecordError::ResignedAfterEnd)?;
        }
        Ok(game)
    }
}

/// A game as data: the local rules, the start position in RULES H6.3 notation, the
/// moves in H6.2 notation and who resigned. This is what is saved and loaded.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The local rules.
    pub rules: Rules,
    /// The start position (RULES H6.3).
    pub start: String,
    /// The moves, in order (RULES H6.2).
    pub moves: Vec<Move>,
    /// The player who resigned, if any.
    #[serde(default)]
    pub resigned: Option<Player>,
}

/// Why a [`GameRecord`] could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The start position does not parse.
    #[error("start position: {0}")]
    Start(super::ParsePositionError),
    /// Move number `index` (from 0) was refused.
    #[error("move {}: {error}", .index + 1)]
    Move {
        /// Index in the move list, from 0.
        index: usize,
        /// Why it was refused.
        error: PlayError,
    },
    /// The record has a resignation after the game had ended.
    #[error("resignation after the end of the game")]
    ResignedAfterEnd,
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.record().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let record = GameRecord::deserialize(deserializer)?;
        Game::from_record(&record).map_err(serde::de::Error::custom)
    }
}

/// Counts the games reachable from the current position of `game` in exactly
/// `depth` plies (perft, RULES Perft): every move is judged as [`Game::play`] judges it
/// (RULES H4.6: win condition, repetition, move limit, no legal move), and a finished
/// game has no moves (0 for `depth >= 1`, 1 for `depth == 0`).
///
/// Reference counts from the start, default rules: 63, 3 717, 254 219 for
/// depth 1, 2, 3.
pub fn perft(game: &Game, depth: u32) -> u64 {
    fn walk(game: &mut Game, depth: u32) -> u64 {
        if game.is_over() {
            return 0;
        }
        if depth == 1 {
            return game.position().count_legal_moves() as u64;
        }
        let mut nodes = 0;
        for mv in game.position().legal_moves() {
            game.play_unchecked(mv);
            nodes += walk(game, depth - 1);
            game.undo();
        }
        nodes
    }
    if depth == 0 {
        return 1;
    }
    walk(&mut game.clone(), depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_start_matches_reference_counts() {
        // RULES Perft: 63, 3 717, 254 219
        let game = Game::new(Rules::default());
        assert_eq!(perft(&game, 0), 1);
        assert_eq!(perft(&game, 1), 63);
        assert_eq!(perft(&game, 2), 3_717);
        assert_eq!(perft(&game, 3), 254_219);
    }

    use crate::engine::hasami::WinCondition;

    #[test]
    fn record_round_trips_through_json() {
        let mut game = Game::new(Rules {
            win: WinCondition::LeadByThree,
            move_limit: Some(200),
        });
        for mv in ["e1e5", "e9e6", "a1a2"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.position(), game.position());
        assert_eq!(back.repetitions(), 1);
    }

    #[test]
    fn corrupt_records_are_refused_with_the_reason() {
        let json = r#"{"rules":{"win":"capture_five","move_limit":null},"start":"wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0","moves":["e1e5","e5e9"]}"#;
        let err = serde_json::from_str::<Game>(json).unwrap_err().to_string();
        assert!(err.contains("move 2: illegal move e5e9"), "{err}");
        let json = r#"{"rules":{"win":"capture_five","move_limit":null},"start":"bad","moves":[]}"#;
        let err = serde_json::from_str::<Game>(json).unwrap_err().to_string();
        assert!(err.contains("start position"), "{err}");
    }
}

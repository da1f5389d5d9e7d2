//! The Yonin Shogi CPU: an alpha-beta search, *paranoid* for the lower levels and
//! *best-reply* for the strong and master levels, that follows check priority, with a
//! material, mates and king-safety evaluation.
//!
//! # Design
//! - **Turn order.** Every ply is played with [`Position::play_unchecked`] on a clone, so
//!   check priority, skipped turns and lazy mates (RULES Y3.3, Y3.4) are exactly the
//!   engine's: the seat that replies is the
//!   [`MoveReport::next`](crate::engine::yonin::MoveReport::next) of the move, which may
//!   be any seat, the CPU's own included.
//! - **Paranoid** (beginner, casual). The CPU's seat (with its partner in pairs, RULES
//!   Y7) maximises one score and every other seat minimises it, which makes the search a
//!   two-sided alpha-beta; the seat whose turn it is moves. Four plies see all three
//!   opponents' answers but only one move of the CPU's own.
//! - **Best-reply** (strong, master; Schadd & Winands, "Best Reply Search for Multiplayer
//!   Games", 2011, found it better than max^n in all their games and than paranoid in two
//!   of three). At an opponent's turn the moves of *every* live opponent are tried as if
//!   it were its turn, and only the strongest single reply counts; then the CPU moves
//!   again. So four plies see two moves of the CPU's own, each met by the worst reply of
//!   any opponent. Check priority still binds where the rules make it (RULES Y3.3): an
//!   opponent in check answers alone, and a move that checks an opponent hands it the
//!   turn; a move out of turn is played on a copy whose seat to move is set for the
//!   search only, and its turn resolution (mates included, RULES Y3.4) is the engine's.
//! - **Depth.** Iterative deepening from 1 to `budget.max_depth` plies (3 by default;
//!   best-reply levels up to 16 in even steps, in practice 2 or 4 on their budgets): depth 1
//!   sees mates in one and captures, depth 2 the answer of the seat that moves next (a
//!   recapture, a mate against the CPU), depth 3 one more seat (paranoid) or the CPU's
//!   own follow-up (best-reply).
//! - **Ordering.** Captures by most valuable victim and cheapest attacker, then
//!   promotions, then two killer moves a ply (quiet moves that last cut off there), then
//!   the rest; the best-reply levels also keep a transposition table (2^17 entries,
//!   keyed by a hash of the whole position; `rustc-hash` hashes by machine word, so a
//!   wasm32 search may see other collisions than a 64-bit one and, within its budget,
//!   visit other nodes) whose move is tried first and whose score
//!   is used only at the very same depth, so the search still returns the plain
//!   minimax value (the differential tests compare with a plain reference without
//!   window, ordering, killers or table).
//! - **Budget.** `budget.max_nodes` bounds the work, counted in units that follow the
//!   cost of the engine's calls: playing a position (a move and its turn resolution)
//!   counts 3, evaluating one 1, and generating moves 1 per 24 moves, so that units
//!   follow time (`engine bench yonin` reports units a second). When the budget runs
//!   out, the search stops and answers with
//!   the best move of the last finished iteration, or of the unfinished one once that
//!   has searched the previous best move fully (a move that then beat it is better
//!   informed). Without a clock the same game, budget and seed give the same move;
//!   with one ([`TimeLimit`], read every [`CLOCK_EVERY`] units, never `std::time`) the
//!   search also stops when its time is spent, and does not start an iteration it
//!   cannot finish.
//! - **Levels** ([`style_of`]): depth, work, which threats the evaluation sees, and
//!   whether the opponents' drops are searched (the casual level does not: it plays
//!   into a drop mate or a drop fork it would see on the board).
//! - **Evaluation** (centi-pawns, for the CPU's side): material on the board and in hand
//!   (P 100, S 500, G 600, R 900; +P 500, +S 600, dragon 1200), mates credited (a mate is
//!   worth far more than material, RULES Y6.1), king safety (in check, attacked squares
//!   around the king, no free square to flee to; for the strong and master levels also
//!   the drop squares by each king while an opponent of that king holds a gold, silver
//!   or rook: empty squares next to it that only the king guards, and more for those an
//!   opponent attacks, where a dropped piece would be supported) and, past the horizon, the best capture
//!   each opponent can make at once (a one-exchange guess from attack maps), so that the
//!   last ply does not leave a piece hanging. In individual play the CPU compares its own
//!   total with the mean of the live opponents'; in pairs its partner's total is added
//!   and both opponents' are subtracted.
//! - **Ends** are exact: a move that ends the game scores by the CPU's placing (RULES
//!   Y6.1, Y6.5, Y7.2), and a move after which the CPU is mated scores as its final place
//!   (RULES Y6.2), nearer good ends and farther bad ends first; a mate made by the root
//!   move itself scores above one the search only expects later. Repetition (RULES Y6.3)
//!   needs the history and is left to the game: the root moves come from
//!   [`Game::legal_moves`], so the perpetual checker's forbidden move is never chosen.
//! - **Pairs** (RULES Y7): the partner is on the CPU's side in the search and the
//!   evaluation (its material and king safety count as the CPU's own); a CPU move that
//!   captures a partner's piece pays a penalty, so it does so only when nothing else is
//!   sensible.
//!
//! Strength is measured by matches (`engine match yonin`); the figures are in
//! `docs/STRENGTH.md`.
//!
//! The ignored tests of `tests/yonin_cpu.rs` replay the match against
//! the greedy player and time the CPU over 200 positions; the `yonin_cpu` group of
//! `benches/yonin.rs` times it on the benchmark's mid-game positions.

use super::{Budget, Clock, Level, Think};
use crate::engine::square::SINGLE;
use crate::engine::yonin::{Game, Move, Outcome, Piece, Position, Role, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Beyond every score.
const INF: i32 = i32::MAX / 2;

/// Score of a final place for the CPU's side, 1st to 4th (RULES Y6, Y7b.7). The gaps are
/// far above any material balance, so a better place always wins over material.
const PLACE: [i32; 4] = [900_000, 300_000, -300_000, -900_000];

/// A seat mated by the CPU (its side in pairs) while the game goes on: mates rank the
/// survivors first (RULES Y6.1, Y6.5).
const MATE_BONUS: i32 = 20_000;

/// A mate by the CPU's own move, on top of [`MATE_BONUS`]: a mate now is surer than
/// one the search expects later, whose value is otherwise the same.
const MATE_NOW: i32 = 10_000;

/// A seat mated by an opponent while the game goes on: that opponent now ranks higher.
const OTHER_MATE: i32 = 5_000;

/// Fraction (in percent) of the best immediate capture of the seat to move that the
/// evaluation counts: it may be answered, so a little under the piece. Chosen by
/// matches: lower weights played worse, higher ones about as well.
const THREAT_TO_MOVE: i32 = 80;

/// Fraction (in percent) of the best capture of an opponent who is not to move: it may
/// come before the CPU's next turn.
const THREAT_LATER: i32 = 40;

/// Per attacked square around a king.
const KING_ZONE: i32 = 25;
/// A king in check.
const IN_CHECK: i32 = 60;
/// A king with no square to step to.
const NO_FLIGHT: i32 = 60;
/// The best-reply levels' weight of a drop square next to a king ([`Style::drop_square`]).
const DROP_SQUARE: i32 = 30;
/// The best-reply levels' further weight of a supported drop square
/// ([`Style::supported_drop`]).
const SUPPORTED_DROP: i32 = 250;

/// Work units of the node budget (see the module docs): playing a position (the move
/// and its turn resolution).
const PLAY_COST: u64 = 3;
/// Evaluating a position.
const EVAL_COST: u64 = 1;
/// Generating moves: one unit per this many legal moves, plus one.
const MOVES_PER_UNIT: u64 = 24;

/// Entries of the best-reply levels' transposition table (2^17, 24 bytes each: 3 MiB).
const TABLE_ENTRIES: usize = 1 << 17;

/// Scores beyond this are ends of the game (a place, [`PLACE`]) at some distance.
const END_SCORE: i32 = 200_000;

/// Deepest search, in plies (the killer table's size).
const MAX_PLY: u32 = 16;

/// Penalty for a CPU move that captures its partner's piece (pairs), on top of the value.
const PARTNER_CAPTURE: i32 = 400;

/// Value on the board of a piece (promoted pieces are worth more; kings are never taken).
const fn piece_value(p: Piece) -> i32 {
    match (p.role, p.promoted) {
        (Role::King, _) => 0,
        (Role::Rook, false) => 900,
        (Role::Rook, true) => 1200,
        (Role::Gold, _) => 600,
        (Role::Silver, false) => 500,
        (Role::Silver, true) => 600,
        (Role::Pawn, false) => 100,
        (Role::Pawn, true) => 500,
    }
}

/// Value of a piece in hand (captured pieces go to the hand unpromoted, RULES Y2.2).
const fn hand_value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Rook => 900,
        Role::Gold => 600,
        Role::Silver => 500,
        Role::Pawn => 100,
    }
}

/// Value of a piece as an attacker in the exchange guess: a king may only take an
/// undefended piece.
const fn attacker_value(p: Piece) -> i32 {
    match p.role {
        Role::King => 10_000,
        _ => piece_value(p),
    }
}

/// How a level plays: its budget and the threats its evaluation sees.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Style {
    /// Depth in plies and work units (module docs).
    pub budget: Budget,
    /// Percent of the best capture of the seat to move that the evaluation counts
    /// (0: blind to it past the horizon).
    pub threat_to_move: i32,
    /// Percent of the best capture of the other opponents (0: blind to the seats
    /// further round the table).
    pub threat_later: i32,
    /// Best-reply search instead of paranoid (module docs): at each opponents' layer
    /// only the strongest single reply of any opponent, after which the CPU's side moves
    /// again.
    pub best_reply: bool,
    /// Entries of the transposition table (a power of two; 0: none).
    pub table_entries: usize,
    /// Whether the opponents' answers in the search include drops (false: a level
    /// blind to drop threats, as people new to shogi often are; its own moves still
    /// include drops).
    pub drop_replies: bool,
    /// Evaluation units per drop square next to a king (an empty square that no piece
    /// of the king's side but the king guards) while an opponent of that king holds a
    /// gold, silver or rook in hand (0: blind to drop threats past the horizon).
    pub drop_square: i32,
    /// Further units per drop square that an opponent also attacks (a piece dropped
    /// there would be supported: the usual way to mate in shogi).
    pub supported_drop: i32,
}

impl Style {
    /// The default search: [`Budget::DEFAULT`] with both threat terms.
    pub const DEFAULT: Style = Style {
        budget: Budget::DEFAULT,
        threat_to_move: THREAT_TO_MOVE,
        threat_later: THREAT_LATER,
        best_reply: false,
        table_entries: 0,
        drop_replies: true,
        drop_square: 0,
        supported_drop: 0,
    };
}

/// With a clock, a level other than the master stops after this many milliseconds.
pub use super::SAFETY_MS;

/// How each level searches. The lower levels are weaker the way people are, never by
/// random blunders: they look fewer plies ahead and are blind to some threats.
///
/// | level | search | depth | work units | threats seen past the horizon |
/// |---|---|---|---|---|
/// | beginner | paranoid | 1 ply | 20 000 | none: it sees a capture in reply only when its move invites it by the rules' own turn order (no threat term) |
/// | casual | paranoid | 2 plies | 60 000 | the seat to move's captures, not those of the seats further round; and no drops among the answers it searches (blind to drop threats) |
/// | strong | best-reply | 2 plies, 4 where its work allows | 150 000 | both, and the drop squares by each king (module docs) |
/// | master | best-reply | mostly 4 plies | 1 800 000 a second of think time (about the work a second buys in the browser), or `think_ms` with a clock | both, and the drop squares |
///
/// What separates them: the casual level sees the next seat's answer on the board (not
/// its drops), the strong level
/// the worst reply of any opponent and, where its work allows, its own next move
/// against it; the master has twelve times the work to see that next move. Match
/// figures: `docs/STRENGTH.md`.
pub const fn style_of(level: Level) -> Style {
    match level {
        Level::Beginner => Style {
            budget: Budget {
                max_depth: 1,
                max_nodes: 20_000,
            },
            threat_to_move: 0,
            threat_later: 0,
            best_reply: false,
            table_entries: 0,
            drop_replies: false,
            drop_square: 0,
            supported_drop: 0,
        },
        Level::Casual => Style {
            budget: Budget {
                max_depth: 2,
                max_nodes: 60_000,
            },
            threat_to_move: THREAT_TO_MOVE,
            threat_later: 0,
            best_reply: false,
            table_entries: 0,
            drop_replies: false,
            drop_square: 0,
            supported_drop: 0,
        },
        Level::Strong => Style {
            budget: Budget {
                max_depth: MAX_PLY,
                max_nodes: 150_000,
            },
            threat_to_move: THREAT_TO_MOVE,
            threat_later: THREAT_LATER,
            best_reply: true,
            table_entries: TABLE_ENTRIES,
            drop_replies: true,
            drop_square: DROP_SQUARE,
            supported_drop: SUPPORTED_DROP,
        },
        Level::Master => Style {
            budget: Budget {
                max_depth: MAX_PLY,
                max_nodes: 1_800_000,
            },
            threat_to_move: THREAT_TO_MOVE,
            threat_later: THREAT_LATER,
            best_reply: true,
            table_entries: TABLE_ENTRIES,
            drop_replies: true,
            drop_square: DROP_SQUARE,
            supported_drop: SUPPORTED_DROP,
        },
    }
}

/// What a search found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// The move to play.
    pub best: Move,
    /// The last iteration finished, in plies (0 when the move was forced or even
    /// depth 1 did not finish).
    pub depth: u32,
    /// Work units spent (module docs).
    pub nodes: u64,
    /// The best move's score in the last finished iteration, for the CPU's side
    /// (centi-pawns, or a place score near ±900 000); 0 when nothing was searched.
    pub score: i32,
}

/// A wall-time limit for the search: the clock and the milliseconds it may use.
#[derive(Clone, Copy)]
pub struct TimeLimit<'a> {
    /// The clock, read every [`CLOCK_EVERY`] work units.
    pub clock: &'a dyn Clock,
    /// Milliseconds from the start of the search.
    pub ms: f64,
}

/// The clock is read whenever the work units pass a multiple of this.
pub const CLOCK_EVERY: u64 = 2_048;

/// Chooses a move for the seat to move of `game` at `think.level` ([`style_of`]), or
/// `None` if the game is over. Deterministic for the same game, level and seed when
/// `think.clock` is `None`; with a clock the master thinks [`Think::search_ms`]
/// milliseconds (no work limit) and the other levels at most [`SAFETY_MS`].
pub fn choose(game: &Game, think: &Think) -> Option<Move> {
    analyse(game, think).map(|a| a.best)
}

/// [`choose`] with the depth reached and the work spent.
pub fn analyse(game: &Game, think: &Think) -> Option<Analysis> {
    let mut style = style_of(think.level);
    style.budget.max_nodes = think.node_budget(style.budget.max_nodes);
    let time = think
        .wall_limit()
        .map(|(clock, ms)| TimeLimit { clock, ms });
    search(game, &style, think.seed, time)
}

/// The one-ply greedy player (the CPU before the search, as in `tests/yonin_cpu.rs`):
/// the move that ends the game in first place, else mates the most seats, else
/// captures the most valuable piece (rook 9, gold 6, silver 5, pawn 1) and gives
/// check; `seed` chooses among equal moves. `None` when the game is over.
pub fn greedy(game: &Game, seed: u64) -> Option<Move> {
    let mover = game.side_to_move()?;
    let mut moves: Vec<Move> = game.legal_moves().iter().copied().collect();
    moves.shuffle(&mut StdRng::seed_from_u64(seed));
    moves.into_iter().max_by_key(|&mv| {
        let mut pos = game.position().clone();
        let report = pos.play_unchecked(mv);
        let mates = report.mated.iter().filter(|e| e.by == mover).count() as i32;
        let won = report
            .outcome
            .and_then(|o| o.place(mover))
            .is_some_and(|p| p == 1);
        let captured = report.captured.map_or(0, |role| hand_value(role) / 100);
        let promotes = i32::from(mv.is_promotion());
        (
            i32::from(won),
            mates,
            captured * 10 + report.checks.len() as i32 * 2 + promotes,
        )
    })
}

/// A uniformly random legal move chosen by `seed`, `None` when the game is over.
pub fn random(game: &Game, seed: u64) -> Option<Move> {
    use rand::RngExt;
    game.side_to_move()?;
    let moves = game.legal_moves();
    Some(moves[StdRng::seed_from_u64(seed).random_range(0..moves.len())])
}

/// Chooses a move for the seat to move of `game` within `budget` (the default threat
/// terms), `None` when the game is over. Deterministic for the same game, budget and
/// seed.
pub fn choose_move(game: &Game, budget: Budget, seed: u64) -> Option<Move> {
    let style = Style {
        budget,
        ..Style::DEFAULT
    };
    search(game, &style, seed, None).map(|a| a.best)
}

/// Searches `game` for its seat to move in `style`, within `time` too if given; `None`
/// when the game is over. Deterministic for the same game, style and seed without a
/// time limit.
pub fn search(game: &Game, style: &Style, seed: u64, time: Option<TimeLimit>) -> Option<Analysis> {
    let budget = style.budget;
    let me = game.side_to_move()?;
    let moves = game.legal_moves();
    match moves.len() {
        0 => return None,
        1 => {
            return Some(Analysis {
                best: moves[0],
                depth: 0,
                nodes: 0,
                score: 0,
            });
        }
        _ => {}
    }
    let pos = game.position();
    let pairs = pos.rules().is_pairs();
    let mut search = Search {
        me,
        pairs,
        nodes: 0,
        max_nodes: budget.max_nodes,
        stopped: false,
        threat_to_move: style.threat_to_move,
        threat_later: style.threat_later,
        best_reply: style.best_reply,
        drop_replies: style.drop_replies,
        drop_square: style.drop_square,
        supported_drop: style.supported_drop,
        killers: [[None; 2]; MAX_PLY as usize + 1],
        table: Table::new(style.table_entries),
        start_ms: time.map_or(0.0, |t| t.clock.now_ms()),
        time,
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut root: Vec<Root> = moves
        .iter()
        .map(|&mv| {
            let mut penalty = match pos.piece_at(mv.to()) {
                Some(p) if pairs && p.owner == Some(me.partner()) => {
                    PARTNER_CAPTURE + piece_value(p)
                }
                _ => 0,
            };
            let mut next = pos.clone();
            let report = next.play_unchecked(mv);
            search.nodes += PLAY_COST;
            let terminal = search.terminal(&next, report.outcome, 0);
            if report.mated.iter().any(|e| search.friend(e.by)) {
                penalty -= MATE_NOW;
            }
            Root {
                mv,
                key: order_key(pos, mv),
                next,
                terminal,
                penalty,
            }
        })
        .collect();
    root.shuffle(&mut rng);
    root.sort_by_key(|r| std::cmp::Reverse(r.key));

    let mut best = root[0].mv;
    let mut finished = 0;
    let mut value = 0;
    // Best-reply iterations end on an opponents' reply (2, 4, 6 plies; an odd
    // `max_depth` is searched last): an iteration ending on the CPU's own move lets it
    // move twice against one reply, and choosing by such iterations played weaker
    // (`docs/STRENGTH.md`).
    let max_depth = budget.max_depth.clamp(1, MAX_PLY);
    let iterations = (1..=max_depth).filter(|&d| !style.best_reply || d % 2 == 0 || d == max_depth);
    for depth in iterations {
        let mut alpha = -INF;
        let mut best_this = None;
        let mut scored: Vec<(i32, usize)> = Vec::with_capacity(root.len());
        for (i, r) in root.iter().enumerate() {
            let score = match r.terminal {
                Some(s) => s,
                None => search.search(&r.next, depth - 1, alpha + r.penalty, INF, 1),
            };
            if search.stopped {
                break;
            }
            let score = score - r.penalty;
            scored.push((score, i));
            if score > alpha {
                alpha = score;
                best_this = Some(r.mv);
            }
        }
        if search.stopped {
            // The unfinished iteration searched the previous best move first: when that
            // one is done, a move that beat it is better informed than the old choice.
            if scored.len() > 1 {
                best = best_this.unwrap_or(best);
            }
            break;
        }
        best = best_this.unwrap_or(best);
        finished = depth;
        value = alpha;
        if alpha >= PLACE[0] - 64 {
            break; // a forced first place: deeper search cannot improve it
        }
        if let Some(t) = time
            && (t.clock.now_ms() - search.start_ms) * 4.0 > t.ms
        {
            break; // the next iteration costs several times this one
        }
        // Best moves first at the next depth; the sort is stable, so ties keep the shuffle.
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let mut slots: Vec<Option<Root>> = root.into_iter().map(Some).collect();
        root = scored
            .iter()
            .filter_map(|&(_, i)| slots[i].take())
            .collect();
    }
    Some(Analysis {
        best,
        depth: finished,
        nodes: search.nodes,
        score: value,
    })
}

/// A move of the CPU at the root, played once.
struct Root {
    mv: Move,
    key: i32,
    next: Position,
    /// The score when the move ends the game or the CPU's part in it.
    terminal: Option<i32>,
    /// Subtracted from the move's score: capturing the partner's piece, less a bonus for
    /// a mate at once.
    penalty: i32,
}

/// The ordering key of the transposition table's move: first.
const HASH_KEY: i32 = i32::MAX;

/// The ordering key of a killer move: after every capture and promotion (keys above
/// it), before the other quiet moves and drops (keys 0 and below, [`order_key`]).
const KILLER_KEY: i32 = 1;

/// Move ordering before a move is played: the most valuable victim first, then the
/// cheapest attacker, then promotions; drops last.
fn order_key(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to()).map_or(0, piece_value);
    match mv {
        Move::Normal { from, promote, .. } => {
            let attacker = pos.piece_at(from).map_or(0, attacker_value);
            let promo = if promote { 400 } else { 0 };
            victim * 16 - attacker / 100 + promo + 1
        }
        Move::Drop { .. } => 0,
    }
}

struct Search<'a> {
    /// The CPU's seat.
    me: Seat,
    pairs: bool,
    nodes: u64,
    max_nodes: u64,
    stopped: bool,
    /// The style's threat terms, in percent.
    threat_to_move: i32,
    threat_later: i32,
    /// Best-reply search (the style's).
    best_reply: bool,
    /// Whether opponents' drops are searched (the style's).
    drop_replies: bool,
    /// The style's weights of drop squares.
    drop_square: i32,
    supported_drop: i32,
    /// Per ply below the root's children: two quiet moves that last cut off there
    /// (killer moves), tried after the captures.
    killers: [[Option<Move>; 2]; MAX_PLY as usize + 1],
    /// Scores and best moves of positions searched (module docs).
    table: Table,
    time: Option<TimeLimit<'a>>,
    start_ms: f64,
}

impl Search<'_> {
    /// Counts `units` of work; `false` (and the search stops) once the budget or the
    /// time is spent.
    fn spend(&mut self, units: u64) -> bool {
        let before = self.nodes;
        self.nodes += units;
        if self.nodes > self.max_nodes {
            self.stopped = true;
        } else if let Some(t) = self.time
            && self.nodes / CLOCK_EVERY != before / CLOCK_EVERY
            && t.clock.now_ms() - self.start_ms >= t.ms
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether `seat` plays on the CPU's side (itself, or its partner in pairs).
    fn friend(&self, seat: Seat) -> bool {
        seat == self.me || (self.pairs && seat == self.me.partner())
    }

    /// The exact score of `pos` (just reached, `ply` plies below the root's children)
    /// when the game is over or the CPU has been mated; `None` otherwise.
    fn terminal(&self, pos: &Position, outcome: Option<Outcome>, ply: i32) -> Option<i32> {
        let place = if let Some(outcome) = outcome {
            match outcome.place(self.me) {
                Some(place) => place,
                None => return Some(0), // a pairs draw (RULES Y6.5)
            }
        } else if !pos.is_live(self.me) {
            // Mated while the others play on (RULES Y6.2): the place is final.
            pos.placings().map_or(4, |p| p[self.me.index()])
        } else {
            return None;
        };
        let score = PLACE[usize::from(place.clamp(1, 4)) - 1];
        // Good ends sooner, bad ends later.
        Some(if score > 0 { score - ply } else { score + ply })
    }

    /// Alpha-beta over the CPU's side (maximising) and the others (minimising); `pos` is
    /// not over; `ply` counts plies below the root's children.
    ///
    /// Paranoid: the seat to move moves. Best-reply (RULES Y3.3 kept where it binds): at
    /// an opponent's turn, a seat in check answers alone (check priority); otherwise
    /// every live opponent's moves are tried as if it were its turn, and after an
    /// opponent's move the CPU moves next unless turn resolution gives the turn to a
    /// seat of its side or to an opponent in check.
    fn search(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> i32 {
        if depth == 0 {
            self.spend(EVAL_COST);
            return self.evaluate(pos);
        }
        let key = self.table.key(pos);
        let mut hash_move = None;
        if let Some(entry) = self.table.probe(key) {
            // Only an entry of this very depth gives a score, so that the search finds
            // the plain minimax value; any entry gives a move to try first.
            if u32::from(entry.depth) == depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
            hash_move = entry.best;
        }
        let (alpha0, beta0) = (alpha, beta);
        let to_move = pos.side_to_move();
        let maximising = self.friend(to_move);
        let mut ordered: Vec<(i32, Seat, Move)> = Vec::new();
        let free = self.best_reply && !maximising && !pos.is_check(to_move);
        let seen = |mv: &&Move| self.drop_replies || maximising || !mv.is_drop();
        if free {
            for seat in pos.live_seats().iter().filter(|&s| !self.friend(s)) {
                let moves = pos.legal_moves_of(seat);
                ordered
                    .extend((moves.iter().filter(seen)).map(|&mv| (order_key(pos, mv), seat, mv)));
            }
        } else {
            let moves = pos.legal_moves();
            ordered
                .extend((moves.iter().filter(seen)).map(|&mv| (order_key(pos, mv), to_move, mv)));
        }
        if !self.spend(ordered.len() as u64 / MOVES_PER_UNIT + 1) {
            return 0;
        }
        if ordered.is_empty() {
            return self.evaluate(pos);
        }
        let slot = (ply as usize).min(MAX_PLY as usize);
        for entry in &mut ordered {
            if hash_move == Some((entry.1, entry.2)) {
                entry.0 = HASH_KEY;
            } else if entry.0 <= 0 && self.killers[slot].contains(&Some(entry.2)) {
                entry.0 = KILLER_KEY;
            }
        }
        ordered.sort_by_key(|&(key, _, _)| std::cmp::Reverse(key));
        let mut best = if maximising { -INF } else { INF };
        let mut best_move = None;
        for (order, seat, mv) in ordered {
            if !self.spend(PLAY_COST) {
                return 0;
            }
            let mut next = pos.clone();
            if seat != to_move {
                next.set_turn_for_search(seat);
            }
            let report = next.play_unchecked(mv);
            let score = match self.terminal(&next, report.outcome, ply) {
                Some(s) => s,
                None => {
                    if self.best_reply && !maximising {
                        let t = next.side_to_move();
                        if !self.friend(t) && !next.is_check(t) {
                            next.set_turn_for_search(self.me);
                        }
                    }
                    self.search(&next, depth - 1, alpha, beta, ply + 1)
                }
            };
            if self.stopped {
                return 0;
            }
            if (maximising && score > best) || (!maximising && score < best) {
                best = score;
                best_move = Some((seat, mv));
            }
            if maximising {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                if order <= KILLER_KEY && self.killers[slot][0] != Some(mv) {
                    self.killers[slot] = [Some(mv), self.killers[slot][0]];
                }
                break;
            }
        }
        // Fail-soft bounds: at most alpha0 is an upper bound, at least beta0 a lower one.
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table
            .store(key, depth, to_table(best, ply), bound, best_move);
        best
    }

    /// Static score of `pos` (not over) for the CPU's side.
    fn evaluate(&self, pos: &Position) -> i32 {
        let board = Board::of(pos);
        let live = pos.live_seats();
        let mut total = board.material;
        let mut mine = 0u128;
        let mut theirs = board.loose;
        let armed = (self.drop_square != 0 || self.supported_drop != 0).then(|| armed_seats(pos));
        for seat in live.iter() {
            let t = &mut total[seat.index()];
            for (role, n) in pos.hand(seat).iter() {
                *t += hand_value(role) * i32::from(n);
            }
            *t += board.king_safety(pos, seat, self.pairs);
            if let Some(armed) = armed {
                let (open, supported) = board.drop_squares(pos, seat, self.pairs, armed);
                *t -= self.drop_square * open + self.supported_drop * supported;
            }
            let mates = pos.mates_by(seat) as i32;
            if self.friend(seat) {
                *t += mates * MATE_BONUS;
                mine |= board.occupied[seat.index()];
            } else {
                *t += mates * OTHER_MATE;
                theirs |= board.occupied[seat.index()];
            }
        }
        let mut score = if self.pairs {
            live.iter()
                .map(|s| {
                    if self.friend(s) {
                        total[s.index()]
                    } else {
                        -total[s.index()]
                    }
                })
                .sum()
        } else {
            let (mut sum, mut n) = (0, 0);
            for s in live.iter().filter(|&s| s != self.me) {
                sum += total[s.index()];
                n += 1;
            }
            total[self.me.index()] - sum / n.max(1)
        };
        // Past the horizon: what the seat to move can take at once, and what the other
        // opponents threaten before the CPU's side moves again.
        let to_move = pos.side_to_move();
        let mut later = 0;
        for seat in live.iter().filter(|&s| !self.friend(s)) {
            let gain = board.best_capture(seat, mine, self.pairs);
            if seat == to_move {
                score -= gain * self.threat_to_move / 100;
            } else {
                later = later.max(gain);
            }
        }
        score -= later * self.threat_later / 100;
        if self.friend(to_move) {
            score += board.best_capture(to_move, theirs, self.pairs) * self.threat_to_move / 100;
        }
        score
    }
}

/// What a table score is to the true score of its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// A transposition-table entry.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    depth: u8,
    bound: Bound,
    /// The move that scored best (or cut off) and its seat.
    best: Option<(Seat, Move)>,
}

/// The transposition table: one entry per slot, always replaced. A position's key is
/// its hash (`rustc_hash`: no random seed, the same on every machine of one word size) over everything a
/// score depends on: board, hands, seat to move, live seats, mates, moves played (the
/// move limit) and rules. The CPU's seat is the same for the whole search. A move from
/// the table is only used to reorder generated moves, so a collision never plays an
/// illegal move.
struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `entries` slots (rounded up to a power of two; 0: a table that keeps
    /// nothing).
    fn new(entries: usize) -> Table {
        let n = if entries == 0 {
            0
        } else {
            entries.next_power_of_two()
        };
        Table {
            entries: vec![None; n],
        }
    }

    fn key(&self, pos: &Position) -> u64 {
        if self.entries.is_empty() {
            return 0;
        }
        let mut h = rustc_hash::FxHasher::default();
        std::hash::Hash::hash(pos, &mut h);
        std::hash::Hasher::finish(&h)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self
            .entries
            .get(key as usize & self.entries.len().wrapping_sub(1))?;
        slot.filter(|e| e.key == key)
    }

    fn store(
        &mut self,
        key: u64,
        depth: u32,
        score: i32,
        bound: Bound,
        best: Option<(Seat, Move)>,
    ) {
        let mask = self.entries.len().wrapping_sub(1);
        if let Some(slot) = self.entries.get_mut(key as usize & mask) {
            *slot = Some(Entry {
                key,
                score,
                depth: depth.min(255) as u8,
                bound,
                best,
            });
        }
    }
}

/// A score `ply` plies below the root's children, as the table keeps it: an end's
/// distance counted from this position rather than from the root.
const fn to_table(score: i32, ply: i32) -> i32 {
    if score > END_SCORE {
        score + ply
    } else if score < -END_SCORE {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_table`].
const fn from_table(score: i32, ply: i32) -> i32 {
    if score > END_SCORE {
        score - ply
    } else if score < -END_SCORE {
        score + ply
    } else {
        score
    }
}

/// The 8 directions: N, NE, E, SE, S, SW, W, NW (as South sees the board), clockwise.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// No square there.
const OFF: u8 = 255;

/// `NEIGHBOR[sq][d]`: the square one step from `sq` in direction `d`, or [`OFF`].
const NEIGHBOR: [[u8; 8]; 81] = {
    let mut t = [[OFF; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut d = 0;
        while d < 8 {
            let (nf, nr) = (f + DIRS[d].0, r + DIRS[d].1);
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                t[sq][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Steps as directions relative to the facing (bit 0 forward, then clockwise).
const GOLD_STEPS: u8 = 0b1101_0111;
const SILVER_STEPS: u8 = 0b1010_1011;
const PAWN_STEPS: u8 = 0b0000_0001;
const KING_STEPS: u8 = 0xff;
const DIAGONALS: u8 = 0b1010_1010;

/// The relative step sets: king, gold (and promoted silver and pawn), silver, pawn, and
/// the dragon's diagonal steps (RULES Y1.4).
const STEP_SETS: [u8; 5] = [KING_STEPS, GOLD_STEPS, SILVER_STEPS, PAWN_STEPS, DIAGONALS];

/// The index into [`STEP_SETS`] of `p`'s steps, `None` for a plain rook.
const fn step_set(p: Piece) -> Option<usize> {
    match (p.role, p.promoted) {
        (Role::King, _) => Some(0),
        (Role::Gold, _) | (Role::Silver | Role::Pawn, true) => Some(1),
        (Role::Silver, false) => Some(2),
        (Role::Pawn, false) => Some(3),
        (Role::Rook, true) => Some(4),
        (Role::Rook, false) => None,
    }
}

/// `STEPS[set][facing][sq]`: the squares a piece with that step set and facing attacks
/// by its steps from `sq` (forward is the facing's direction, RULES Y1.3).
static STEPS: [[[u128; 81]; 4]; 5] = {
    let mut t = [[[0u128; 81]; 4]; 5];
    let mut set = 0;
    while set < 5 {
        let mut facing = 0;
        while facing < 4 {
            // South faces north (direction 0), West east (2), North south (4), East west (6).
            let dirs = STEP_SETS[set].rotate_left(2 * facing as u32);
            let mut sq = 0;
            while sq < 81 {
                let mut d = 0;
                while d < 8 {
                    if dirs & (1 << d) != 0 && NEIGHBOR[sq][d] != OFF {
                        t[set][facing][sq] |= 1 << NEIGHBOR[sq][d];
                    }
                    d += 1;
                }
                sq += 1;
            }
            facing += 1;
        }
        set += 1;
    }
    t
};

/// `RAYS[r][sq]`: the squares from `sq` to the edge (`sq` left out) northwards, eastwards,
/// southwards and westwards (`r` = 0, 1, 2, 3).
const RAYS: [[u128; 81]; 4] = {
    let mut t = [[0u128; 81]; 4];
    let mut r = 0;
    while r < 4 {
        let mut sq = 0;
        while sq < 81 {
            let mut s = sq;
            while NEIGHBOR[s][2 * r] != OFF {
                s = NEIGHBOR[s][2 * r] as usize;
                t[r][sq] |= 1 << s;
            }
            sq += 1;
        }
        r += 1;
    }
    t
};

/// The squares a rook on `from` attacks along its four lines, each stopped by the first
/// piece of `occupied` (included).
fn rook_attacks(from: usize, occupied: u128) -> u128 {
    let mut out = 0;
    for (r, rays) in RAYS.iter().enumerate() {
        let ray = rays[from];
        let blockers = ray & occupied;
        out |= if blockers == 0 {
            ray
        } else {
            // North and east go up the square indices, south and west down.
            let first = if r < 2 {
                blockers.trailing_zeros()
            } else {
                127 - blockers.leading_zeros()
            };
            ray ^ rays[first as usize]
        };
    }
    out
}

/// Attacker classes, cheapest first, with their values (as [`attacker_value`]).
const CLASS_VALUE: [i32; 6] = [100, 500, 600, 900, 1200, 10_000];

/// Which seats (by index) hold a gold, silver or rook in hand: a piece whose drop next
/// to a king can check it with support ([`Board::drop_squares`]).
fn armed_seats(pos: &Position) -> [bool; 4] {
    Seat::ALL.map(|s| {
        pos.hand(s)
            .iter()
            .any(|(role, n)| role != Role::Pawn && n > 0)
    })
}

/// The king's class in [`CLASS_VALUE`] (the last).
const KING_CLASS: usize = 5;

/// The class of `p` as an attacker, an index into [`CLASS_VALUE`].
const fn class_of(p: Piece) -> usize {
    match (p.role, p.promoted) {
        (Role::Pawn, false) => 0,
        (Role::Silver, false) | (Role::Pawn, true) => 1,
        (Role::Gold, _) | (Role::Silver, true) => 2,
        (Role::Rook, false) => 3,
        (Role::Rook, true) => 4,
        (Role::King, _) => KING_CLASS,
    }
}

/// `ZONE[sq]`: the squares around `sq`.
const ZONE: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            if NEIGHBOR[sq][d] != OFF {
                t[sq] |= 1 << NEIGHBOR[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The board as bit sets: what each seat owns and attacks (by attacker class).
struct Board {
    squares: [Option<Piece>; 81],
    /// Squares of each seat's pieces (its king included).
    occupied: [u128; 4],
    /// Squares of kings, live or flipped: never captured, never a square to flee to.
    kings: u128,
    /// Every occupied square.
    all: u128,
    /// Squares of ownerless pieces (RULES Y5.3): anyone may take them.
    loose: u128,
    /// Board material of each seat.
    material: [i32; 4],
    /// `attacks[seat][class]`: squares attacked by `seat`'s pieces of that class.
    attacks: [[u128; 6]; 4],
    /// Squares attacked by each seat.
    attacked: [u128; 4],
}

impl Board {
    fn of(pos: &Position) -> Board {
        let mut b = Board {
            squares: [None; 81],
            occupied: [0; 4],
            kings: 0,
            all: 0,
            loose: 0,
            material: [0; 4],
            attacks: [[0; 6]; 4],
            attacked: [0; 4],
        };
        let mut owned = 0u128;
        let mut all = 0u128;
        for (sq, p) in pos.pieces() {
            let i = sq.index();
            b.squares[i] = Some(p);
            let bit = SINGLE[i];
            all |= bit;
            if p.role == Role::King {
                b.kings |= bit;
            }
            match p.owner {
                Some(o) => {
                    b.occupied[o.index()] |= bit;
                    b.material[o.index()] += piece_value(p);
                    owned |= bit;
                }
                None if p.role != Role::King => b.loose |= bit,
                None => {}
            }
        }
        // Flipped kings and ownerless pieces attack nothing (RULES Y3.1).
        while owned != 0 {
            let from = owned.trailing_zeros() as usize;
            owned &= owned - 1;
            let Some(p) = b.squares[from] else { continue };
            let Some(owner) = p.owner else { continue };
            let mut mask = match step_set(p) {
                Some(set) => STEPS[set][p.facing.index()][from],
                None => 0,
            };
            if p.role == Role::Rook {
                mask |= rook_attacks(from, all);
            }
            b.attacks[owner.index()][class_of(p)] |= mask;
            b.attacked[owner.index()] |= mask;
        }
        b.all = all;
        b
    }

    /// Squares attacked by the enemies of `seat` (not its partner in pairs: a partner
    /// may not give check, RULES Y7.3).
    fn enemy_attacks(&self, seat: Seat, pairs: bool) -> u128 {
        Seat::ALL
            .into_iter()
            .filter(|&a| a != seat && !(pairs && a == seat.partner()))
            .fold(0, |acc, a| acc | self.attacked[a.index()])
    }

    /// Drop squares next to the king of the live `seat`, counted while a live opponent
    /// holds a gold, silver or rook in hand (`armed`, by seat index, from
    /// [`armed_seats`]; (0, 0) otherwise): the empty squares of its king zone that no
    /// piece of its side but the king guards, and how many of those an opponent attacks
    /// (a drop there would be supported). Each at most 8.
    fn drop_squares(
        &self,
        pos: &Position,
        seat: Seat,
        pairs: bool,
        armed: [bool; 4],
    ) -> (i32, i32) {
        let live = pos.live_seats();
        let threatened = Seat::ALL.into_iter().any(|a| {
            a != seat && !(pairs && a == seat.partner()) && live.contains(a) && armed[a.index()]
        });
        if !threatened {
            return (0, 0);
        }
        let mut guarded = self.attacks[seat.index()][..KING_CLASS]
            .iter()
            .fold(0, |acc, a| acc | a);
        if pairs {
            guarded |= self.attacked[seat.partner().index()];
        }
        let open = ZONE[pos.king_square(seat).index()] & !self.all & !guarded;
        let supported = open & self.enemy_attacks(seat, pairs);
        (open.count_ones() as i32, supported.count_ones() as i32)
    }

    /// King safety of the live `seat` (a penalty, so at most 0).
    fn king_safety(&self, pos: &Position, seat: Seat, pairs: bool) -> i32 {
        let k = pos.king_square(seat).index();
        let enemy = self.enemy_attacks(seat, pairs);
        let zone = ZONE[k];
        let mut danger = KING_ZONE * (zone & enemy).count_ones() as i32;
        if enemy & SINGLE[k] != 0 {
            danger += IN_CHECK;
        }
        if zone & !enemy & !self.occupied[seat.index()] & !self.kings == 0 {
            danger += NO_FLIGHT;
        }
        -danger
    }

    /// The best gain `seat` can expect from one capture now among the pieces on
    /// `victims`: the piece's value when it is undefended, else its value less the
    /// cheapest attacker's (a one-exchange guess).
    fn best_capture(&self, seat: Seat, victims: u128, pairs: bool) -> i32 {
        let s = seat.index();
        let mut targets = self.attacked[s] & victims & !self.kings;
        let mut best = 0;
        while targets != 0 {
            let sq = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let Some(p) = self.squares[sq] else { continue };
            let value = piece_value(p);
            let defended = p.owner.is_some_and(|o| {
                let mut guard = self.attacked[o.index()];
                if pairs {
                    guard |= self.attacked[o.partner().index()];
                }
                guard & SINGLE[sq] != 0
            });
            let gain = if defended {
                let cheapest = (0..6)
                    .find(|&c| self.attacks[s][c] & SINGLE[sq] != 0)
                    .map_or(0, |c| CLASS_VALUE[c]);
                value - cheapest
            } else {
                value
            };
            best = best.max(gain);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::yonin::{Rules, Seat};
    use rand::RngExt;

    /// The plain reference for [`Search::search`]: paranoid or best-reply minimax with
    /// no window, no ordering, no killers and no budget (minimax-rs's naive search),
    /// with the same evaluation, the same ends (RULES Y6) and the same root penalties.
    /// Returns the root value.
    fn plain_root_value(game: &Game, style: &Style, depth: u32) -> i32 {
        fn plain(s: &mut Search, pos: &Position, depth: u32, ply: i32) -> i32 {
            if depth == 0 {
                return s.evaluate(pos);
            }
            let mover = pos.side_to_move();
            let ours = s.friend(mover);
            // Best-reply: every live opponent may answer unless the seat to move is in
            // check (RULES Y3.3), and after an opponent's move the CPU moves unless the
            // turn goes to its side or to an opponent in check.
            let free = s.best_reply && !ours && !pos.is_check(mover);
            let seats: Vec<Seat> = if free {
                Seat::ALL
                    .into_iter()
                    .filter(|&x| pos.is_live(x) && !s.friend(x))
                    .collect()
            } else {
                vec![mover]
            };
            let mut scores = Vec::new();
            for seat in seats {
                let moves = pos.legal_moves_of(seat);
                // A level blind to drop threats does not search the opponents' drops.
                let blind = !s.drop_replies && !ours;
                for &mv in moves.iter().filter(|m| !(blind && m.is_drop())) {
                    let mut next = pos.clone();
                    next.turn = seat;
                    let report = next.play_unchecked(mv);
                    scores.push(match s.terminal(&next, report.outcome, ply) {
                        Some(v) => v,
                        None => {
                            let t = next.side_to_move();
                            if s.best_reply && !ours && !s.friend(t) && !next.is_check(t) {
                                next.turn = s.me;
                            }
                            plain(s, &next, depth - 1, ply + 1)
                        }
                    });
                }
            }
            if scores.is_empty() {
                return s.evaluate(pos);
            }
            if ours {
                scores.into_iter().max().unwrap()
            } else {
                scores.into_iter().min().unwrap()
            }
        }
        let me = game.side_to_move().unwrap();
        let pos = game.position();
        let pairs = pos.rules().is_pairs();
        let mut s = Search {
            me,
            pairs,
            nodes: 0,
            max_nodes: u64::MAX,
            stopped: false,
            threat_to_move: style.threat_to_move,
            threat_later: style.threat_later,
            best_reply: style.best_reply,
            drop_replies: style.drop_replies,
            drop_square: style.drop_square,
            supported_drop: style.supported_drop,
            killers: [[None; 2]; MAX_PLY as usize + 1],
            table: Table::new(0),
            time: None,
            start_ms: 0.0,
        };
        game.legal_moves()
            .iter()
            .map(|&mv| {
                let mut penalty = match pos.piece_at(mv.to()) {
                    Some(p) if pairs && p.owner == Some(me.partner()) => {
                        PARTNER_CAPTURE + piece_value(p)
                    }
                    _ => 0,
                };
                let mut next = pos.clone();
                let report = next.play_unchecked(mv);
                if report.mated.iter().any(|e| s.friend(e.by)) {
                    penalty -= MATE_NOW;
                }
                let v = match s.terminal(&next, report.outcome, 0) {
                    Some(v) => v,
                    None => plain(&mut s, &next, depth - 1, 1),
                };
                v - penalty
            })
            .max()
            .unwrap()
    }

    #[test]
    fn root_value_equals_the_plain_paranoid_and_best_reply_minimax() {
        // Positions of random games under every rules combination (pairs included), at
        // depth 1 and 2 in the strong and the casual style (paranoid) and the master's
        // (best-reply).
        let checked = compare_with_plain(
            17,
            1,
            &[
                (1, Level::Strong),
                (2, Level::Strong),
                (2, Level::Casual),
                (1, Level::Master),
                (2, Level::Master),
            ],
        );
        assert!(checked >= 40, "{checked} positions checked");
    }

    #[test]
    #[ignore = "minutes in release: cargo test --release --lib ai::yonin -- --ignored"]
    fn root_value_equals_the_plain_best_reply_minimax_deep() {
        // Depth 3 best-reply: killer moves, and the CPU moving after a best reply.
        let checked = compare_with_plain(23, 4, &[(3, Level::Master)]);
        assert!(checked >= 15, "{checked} positions checked");
    }

    /// Compares [`search`] (no budget) with [`plain_root_value`] on positions of
    /// `rounds` random games under each rules combination, for each (depth, level);
    /// returns how many comparisons were made.
    fn compare_with_plain(seed: u64, rounds: usize, settings: &[(u32, Level)]) -> usize {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut checked = 0;
        let combinations = Rules::all_combinations();
        let all = combinations
            .iter()
            .cycle()
            .take(combinations.len() * rounds);
        for (n, &rules) in all.enumerate() {
            let mut game = Game::new(rules, Seat::from_index(n % 4));
            for _ in 0..rng.random_range(10..60) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
            if game.is_over() || game.legal_moves().len() < 2 {
                continue;
            }
            for &(depth, level) in settings {
                let mut style = style_of(level);
                style.budget = Budget {
                    max_depth: depth,
                    max_nodes: u64::MAX,
                };
                let found = search(&game, &style, n as u64, None).unwrap();
                let plain = plain_root_value(&game, &style, depth);
                if found.depth == depth {
                    assert_eq!(found.score, plain, "depth {depth}, {}", game.position());
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn plays_legal_moves_to_the_end() {
        let rules = Rules {
            move_limit: Some(120),
            ..Rules::default()
        };
        let mut game = Game::new(rules, Seat::South);
        let mut seed = 0;
        while let Some(mv) = choose_move(&game, Budget::DEFAULT, seed) {
            game.play(mv).expect("the CPU plays legal moves");
            seed += 1;
        }
        assert!(game.is_over());
        assert!(game.moves().len() <= 120);
        assert_eq!(choose_move(&game, Budget::DEFAULT, seed), None);
    }

    /// Whether `pos` (just after a move) lets its seat to move mate `me` at once.
    fn next_can_mate(pos: &Position, me: Seat) -> bool {
        pos.legal_moves().iter().any(|&reply| {
            let mut p = pos.clone();
            p.play_unchecked(reply).mated.iter().any(|e| e.seat == me)
        })
    }

    /// After `mv` by `me`, the game is over with `me` first, or neither the next seat nor
    /// (after any answer) the seat after it can mate `me` at once.
    fn mate_is_safe(pos: &Position, mv: Move, me: Seat) -> bool {
        let mut p = pos.clone();
        if let Some(outcome) = p.play_unchecked(mv).outcome {
            return outcome.place(me) == Some(1);
        }
        p.legal_moves().iter().all(|&a| {
            let mut q = p.clone();
            let r = q.play_unchecked(a);
            !r.mated.iter().any(|e| e.seat == me)
                && (r.outcome.is_some() || q.side_to_move() == me || !next_can_mate(&q, me))
        })
    }

    #[test]
    fn drop_squares_count_open_and_supported_squares_by_a_king() {
        // RULES Y2.3, Y5.1. West's king on a5 (from a game of the strong level against
        // three casual seats): a4, b5 and b6 hold West's pieces, West's gold on a4
        // guards b4, so a6 is the one open square; East holds a gold. North's silver
        // b8b7 then guards a6, and East's gold dropped there mates West.
        let text = |hands: &str| {
            format!(
                "3Gn1GnSn2/1Sn3Kn3/3PnPnPn2Se/1Pw5Pe1/KwGwPwRwSw1PeGeKe/Gw1Pw5Ge/\
                 Sw1GsPsPs3Se/9/1RwSsKsRsReSs2 {hands} w - 25 -"
            )
        };
        let count =
            |pos: &Position| Board::of(pos).drop_squares(pos, Seat::West, false, armed_seats(pos));
        let mut pos: Position = text("P/-/-/GP").parse().unwrap();
        assert_eq!(count(&pos), (1, 0));
        // Only pawns in the opponents' hands: no drop threat counted.
        let pawns: Position = text("P/-/-/P").parse().unwrap();
        assert_eq!(count(&pawns), (0, 0));
        pos.play_unchecked("a3b2".parse().unwrap());
        pos.play_unchecked("b8b7".parse().unwrap());
        assert_eq!(pos.side_to_move(), Seat::East);
        assert_eq!(count(&pos), (1, 1));
        let mut mate = pos.clone();
        let report = mate.play_unchecked("G*a6".parse().unwrap());
        assert!(
            report
                .mated
                .iter()
                .any(|e| e.seat == Seat::West && e.by == Seat::East)
        );
        // The weights: the best-reply levels count both, the lower levels neither.
        for level in [Level::Strong, Level::Master] {
            let s = style_of(level);
            assert_eq!(
                (s.drop_square, s.supported_drop),
                (DROP_SQUARE, SUPPORTED_DROP)
            );
        }
        for level in [Level::Beginner, Level::Casual] {
            let s = style_of(level);
            assert_eq!((s.drop_square, s.supported_drop), (0, 0));
        }
    }

    #[test]
    fn casual_is_blind_to_drop_mates_and_strong_is_not() {
        // RULES Y2.3, Y5.1. South to move (from a casual-level game); after e4c4 West can
        // drop a gold on d1 and mate South, and no board move of West's mates.
        let pos: Position = "3+Rw2Sn2/4Gn1Kn2/Sw3PnPn3/7PeGe/Kw1Pw3Pe1Ke/Gw1Pw1Rs4/Sw4Ge2Se/\
                             2Gs4PsRe/1RwSs1KsGsSs2 -/2G2S3P/P/P s - 73 -"
            .parse()
            .unwrap();
        let game = Game::from_position(pos.clone());
        let me = Seat::South;
        let after = |mv: Move| {
            let mut p = pos.clone();
            p.play_unchecked(mv);
            p
        };
        let mates_by = |p: &Position, drops: bool| {
            p.legal_moves().iter().any(|&reply| {
                let mut q = p.clone();
                reply.is_drop() == drops
                    && q.play_unchecked(reply).mated.iter().any(|e| e.seat == me)
            })
        };
        let casual = style_of(Level::Casual);
        let chosen = search(&game, &casual, 1, None).unwrap().best;
        let p = after(chosen);
        assert_eq!(p.side_to_move(), Seat::West, "{chosen}");
        assert!(mates_by(&p, true), "{chosen} leaves no drop mate");
        assert!(!mates_by(&p, false), "{chosen} allows a board-move mate");
        // The same search seeing drops, and the strong level, keep South safe.
        let seeing = Style {
            drop_replies: true,
            ..casual
        };
        for style in [seeing, style_of(Level::Strong)] {
            let safe = search(&game, &style, 1, None).unwrap().best;
            assert!(!next_can_mate(&after(safe), me), "{safe} allows a mate");
        }
    }

    #[test]
    fn mates_when_it_safely_can_and_never_allows_an_avoidable_mate_in_one() {
        // RULES Y3.3, Y5.1. Over positions of random games: when a mate in one is on offer
        // that the next two seats cannot answer by mating the CPU, the choice mates (or
        // ends the game in first place); and when the choice lets the seat that moves next
        // (by turn resolution) mate the CPU, no move avoided it. A few other moves are
        // tried to count the positions where that danger was real.
        let mut rng = StdRng::seed_from_u64(11);
        let (mut safe_mates, mut dangers) = (0, 0);
        for game_no in 0..30 {
            let mut game = Game::new(Rules::default(), Seat::from_index(game_no as usize));
            for ply in 0..60 {
                let Some(me) = game.side_to_move() else { break };
                let pos = game.position();
                let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
                let mates = |mv: Move| {
                    let mut p = pos.clone();
                    let r = p.play_unchecked(mv);
                    r.mated.iter().any(|e| e.by == me)
                        || r.outcome.is_some_and(|o| o.place(me) == Some(1))
                };
                let allows_mate = |mv: Move| {
                    let mut p = pos.clone();
                    let r = p.play_unchecked(mv);
                    r.outcome.is_none() && next_can_mate(&p, me)
                };
                let chosen = choose_move(&game, Budget::DEFAULT, game_no * 100 + ply).unwrap();
                if moves.iter().any(|&m| mates(m) && mate_is_safe(pos, m, me)) {
                    safe_mates += 1;
                    assert!(
                        mates(chosen),
                        "{pos}: a safe mate was on offer, not {chosen}"
                    );
                }
                if allows_mate(chosen) {
                    let avoid = moves.iter().find(|&&m| !allows_mate(m));
                    assert!(
                        avoid.is_none(),
                        "{pos}: {chosen} allows a mate, {avoid:?} not"
                    );
                } else {
                    let tries = (0..4).map(|_| moves[rng.random_range(0..moves.len())]);
                    dangers += usize::from(tries.into_iter().any(allows_mate));
                }
                let random = moves[rng.random_range(0..moves.len())];
                game.play(random).unwrap();
            }
        }
        assert!(safe_mates >= 20, "positions with a safe mate: {safe_mates}");
        assert!(
            dangers >= 20,
            "positions where a move would allow a mate: {dangers}"
        );
    }

    #[test]
    fn attack_maps_agree_with_the_engine() {
        // RULES Y1.4, Y3.1: on positions of random games, under every rules combination,
        // a live seat is in check exactly when another live seat attacks its king in the
        // evaluation's maps, and every board move of the seat to move goes to a square
        // its pieces attack.
        let mut rng = StdRng::seed_from_u64(5);
        let mut checks = 0;
        for (n, rules) in Rules::all_combinations().into_iter().enumerate() {
            for game_no in 0..4 {
                let mut game = Game::new(rules, Seat::from_index(game_no));
                for _ in 0..40 + n * 10 {
                    let pos = game.position();
                    let board = Board::of(pos);
                    for seat in pos.live_seats().iter() {
                        let k = 1u128 << pos.king_square(seat).index();
                        let attacked = Seat::ALL
                            .into_iter()
                            .filter(|&o| o != seat && pos.is_live(o))
                            .any(|o| board.attacked[o.index()] & k != 0);
                        assert_eq!(attacked, pos.is_check(seat), "{seat} in {pos}");
                        checks += usize::from(attacked);
                    }
                    let mover = pos.side_to_move().index();
                    for m in game.legal_moves().iter().filter(|m| !m.is_drop()) {
                        let to = 1u128 << m.to().index();
                        assert!(board.attacked[mover] & to != 0, "{m} in {pos}");
                    }
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    game.play(moves[rng.random_range(0..moves.len())]).unwrap();
                }
            }
        }
        assert!(checks > 20, "checks seen: {checks}");
    }

    #[test]
    fn the_same_seed_gives_the_same_move_and_small_budgets_still_answer() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut game = Game::new(Rules::default(), Seat::South);
        for _ in 0..40 {
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        let first = choose_move(&game, Budget::DEFAULT, 9);
        assert_eq!(first, choose_move(&game, Budget::DEFAULT, 9));
        for budget in [
            Budget {
                max_depth: 1,
                max_nodes: 0,
            },
            Budget {
                max_depth: 3,
                max_nodes: 500,
            },
            Budget {
                max_depth: 0,
                max_nodes: u64::MAX,
            },
        ] {
            let mv = choose_move(&game, budget, 1).expect("a move");
            assert!(game.legal_moves().contains(&mv), "{budget:?}");
        }
    }
}

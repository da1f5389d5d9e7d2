//! The Hasami search: negamax alpha-beta with iterative deepening, a transposition
//! table, move ordering and a quiescence search of captures.
//!
//! Every technique here keeps the score of a fixed-depth search exact, so the root
//! value equals that of the plain negamax of `super::reference` (tests); the only
//! inexact thing is stopping when the node budget or the clock runs out.
//!
//! - **Alpha-beta** (Knuth and Moore, "An analysis of alpha-beta pruning", 1975), in
//!   negamax form, fail-soft.
//! - **Iterative deepening** (Slate and Atkin, Chess 4.5, 1977): depth 1, 2, ... until
//!   the budget runs out; each iteration searches the previous one's best moves first.
//! - **Transposition table** with Zobrist keys (Zobrist, "A new hashing method with
//!   application for game playing", 1970): a stored score cuts only when it was searched
//!   to exactly the depth asked (a deeper one would change the fixed-depth value); its
//!   best move is tried first whatever its depth.
//! - **Move ordering**: the hash move, then captures (most pieces first), then the two
//!   killer moves of the ply (Akl and Newborn, "The principal continuation and the
//!   killer heuristic", 1977), then the history heuristic (Schaeffer, "The history
//!   heuristic", 1983).
//! - **Quiescence search** (Beal, "A generalised quiescence search algorithm", 1990):
//!   at depth 0 the side to move may stand pat on the evaluation or play a capture, up
//!   to a few plies, so the search does not stop in the middle of an exchange.
//! - **Threat search** (as Allis's threat-space search, "Searching for solutions in
//!   games and artificial intelligence", 1994), when [`Style::threats`] is not 0: before
//!   the full-width search, the mover tries only moves that win at once or threaten to
//!   win with its next capture, the other side every reply; a proved win is played.
//!   A proof is exact (the plain reference `reference::threat_win` proves the same); it
//!   has its own share of the budget ([`Style::threat_share`]). No level uses it yet
//!   (`docs/STRENGTH.md`, 2026-12-03).
//!
//! The end of the game is judged as RULES H4.6 does, in its order: the win condition
//! for the mover (H4.1), repetition (H4.4), the move limit (H4.5), no legal move for
//! the next player (H4.2). **Repetition**: a position that already occurred in the game
//! or earlier on the search line scores as a draw. The game ends only at the fourth
//! occurrence, but a side that returns to a position has made no progress, and what it
//! could repeat once it can repeat until the game ends; so the side that is ahead looks
//! for progress instead of shuffling, and the side that is behind takes the draw. A
//! draw scores `-contempt` for the side the search plays for (and `+contempt` for its
//! opponent), so the CPU plays on in an equal position and takes a draw only when it
//! is worse.

use super::bits;
use super::eval::{CORNERS, Eval, MAX_PLY, Sight, Weights, captures_to_win, evaluate};
use super::tt::{Bound, Entry, Table, board_key, table_key};
use crate::ai::{Budget, TimeLimit};
use crate::engine::hasami::{Game, Move, Player, Position, Rules};
use crate::engine::square::{Square, SquareSet};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::collections::HashSet;

use super::eval::Window;

/// How a player searches: its budget, what it sees and how it scores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Style {
    /// Deepest iteration (plies) and the node budget (every position visited, the
    /// quiescence search's included, counts one).
    pub budget: Budget,
    /// Plies of captures the quiescence search may add at depth 0 (0: none, the
    /// evaluation is taken at depth 0).
    pub quiescence: u32,
    /// What the player sees.
    pub sight: Sight,
    /// The evaluation's weights.
    pub weights: Weights,
    /// The transposition table has `2^table_bits` slots of 16 bytes.
    pub table_bits: u32,
    /// What a draw costs the side the search plays for, in score units.
    pub contempt: i32,
    /// Before the full-width search, the threat search looks for a win forced by
    /// continuous threats within this many of the mover's own moves (0: none; module
    /// docs).
    pub threats: u32,
    /// The share of the node budget (and of the think time, with a clock) the threat
    /// search may use, in percent.
    pub threat_share: u32,
}

/// What a search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move (exact for the last finished iteration).
    pub score: Eval,
    /// The last iteration finished, in plies (0 when even depth 1 did not finish).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation from the transposition table, `best` first.
    pub pv: Vec<Move>,
}

/// The clock is read every this many nodes.
const CLOCK_EVERY: u64 = 512;

/// A move with the pieces it captures (as the player sees it), not yet played.
#[derive(Clone, Copy)]
struct Candidate {
    mv: Move,
    captured: u32,
}

/// A move and the position after it, as the player sees it.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    next: Position,
    /// Pieces it captures (as the player sees it).
    captured: u32,
}

/// Searches `game` for its side to move in `style`; `seed` orders equal root moves,
/// `time` bounds the search in wall time too. `None` when the game is over.
pub fn search(game: &Game, style: &Style, seed: u64, time: Option<TimeLimit>) -> Option<Analysis> {
    if game.is_over() {
        return None;
    }
    let pos = *game.position();
    let mut searcher = Searcher::new(game, style, time);
    if let Some((best, moves)) = searcher.threat_search(&pos) {
        return Some(Analysis {
            best,
            score: Eval::win_in(2 * moves - 1),
            depth: 2 * moves - 1,
            nodes: searcher.nodes,
            pv: vec![best],
        });
    }
    let mut root = searcher.children(&pos);
    let mut rng = StdRng::seed_from_u64(seed);
    root.shuffle(&mut rng);
    root.sort_by_key(|c| std::cmp::Reverse(c.captured));
    let mut best = (root[0].mv, Eval::DRAW);
    let mut finished = 0;
    let max_depth = style.budget.max_depth.clamp(1, MAX_PLY / 2);
    for depth in 1..=max_depth {
        let mut window = Window::FULL;
        let mut best_this = None;
        let mut scored: Vec<(Eval, usize)> = Vec::with_capacity(root.len());
        for (i, child) in root.iter().enumerate() {
            let score = searcher.child_score(pos.side_to_move(), child, depth - 1, window, 1, None);
            if searcher.stopped {
                break;
            }
            scored.push((score, i));
            if score > window.alpha {
                window.alpha = score;
                best_this = Some(i);
            }
        }
        if searcher.stopped {
            // The unfinished iteration searched the previous best move first: a move
            // that beat it since is better informed than the old choice.
            if let Some(i) = best_this.filter(|_| scored.len() > 1) {
                best = (root[i].mv, window.alpha);
            }
            break;
        }
        let i = best_this.expect("the root has a move");
        best = (root[i].mv, window.alpha);
        finished = depth;
        if best.1.is_win() || best.1.is_loss() {
            break; // every line is decided within `depth` plies: deeper is the same
        }
        if let Some(t) = time {
            // The next iteration costs several times this one: do not start what
            // cannot finish.
            if searcher.elapsed(t) * 2.5 > t.ms {
                break;
            }
        }
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        root = scored.iter().map(|&(_, i)| root[i]).collect();
    }
    let pv = searcher.principal_variation(&pos, best.0, finished);
    Some(Analysis {
        best: best.0,
        score: best.1,
        depth: finished,
        nodes: searcher.nodes,
        pv,
    })
}

/// The threat search's move for `game`'s side to move within exactly `moves` of its
/// moves, with no budget (the tests compare it with the plain reference).
#[cfg(test)]
pub(super) fn threat_win_within(game: &Game, style: &Style, moves: u32) -> Option<Move> {
    let style = Style {
        budget: Budget {
            max_depth: 1,
            max_nodes: u64::MAX,
        },
        ..*style
    };
    let mut searcher = Searcher::new(game, &style, None);
    searcher.threat_win(game.position(), moves, 0)
}

struct Searcher<'a> {
    rules: Rules,
    style: Style,
    /// The side the search plays for (contempt is its).
    root_side: Player,
    table: Table,
    /// Two killer moves per ply.
    killers: Vec<[Option<Move>; 2]>,
    /// History scores by `from * 81 + to`.
    history: Vec<u32>,
    nodes: u64,
    time: Option<TimeLimit<'a>>,
    start_ms: f64,
    /// The node limit and the milliseconds in force (the threat search has its share).
    node_limit: u64,
    time_limit_ms: f64,
    stopped: bool,
    /// Board keys of the game's positions (RULES H4.4 counts from the start).
    game_seen: HashSet<u64>,
    /// Board keys of the positions on the search line below the root.
    line: Vec<u64>,
}

impl<'a> Searcher<'a> {
    fn new(game: &Game, style: &Style, time: Option<TimeLimit<'a>>) -> Searcher<'a> {
        Searcher {
            rules: game.rules(),
            style: *style,
            root_side: game.position().side_to_move(),
            table: Table::new(style.table_bits),
            killers: vec![[None; 2]; MAX_PLY as usize + 2],
            history: vec![0; 81 * 81],
            nodes: 0,
            start_ms: time.map_or(0.0, |t| t.clock.now_ms()),
            node_limit: style.budget.max_nodes,
            time_limit_ms: time.map_or(f64::INFINITY, |t| t.ms),
            time,
            stopped: false,
            game_seen: game.positions().iter().map(board_key).collect(),
            line: Vec::with_capacity(64),
        }
    }

    fn elapsed(&self, t: TimeLimit) -> f64 {
        t.clock.now_ms() - self.start_ms
    }

    /// Counts a node; `false` (and the search stops) once the budget or the time is
    /// spent.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_EVERY)
            && let Some(t) = self.time
            && self.elapsed(t) >= self.time_limit_ms
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// The moves of `pos` (only those that capture if `captures_only`) with the
    /// pieces they capture as the player sees them, in the engine's order.
    fn candidates(&self, pos: &Position, captures_only: bool) -> Vec<Candidate> {
        let me = pos.side_to_move();
        let mine = pos.pieces(me).bits();
        let theirs = pos.pieces(me.opponent()).bits();
        let mut out = Vec::with_capacity(if captures_only { 8 } else { 64 });
        bits::for_each_move(mine, theirs, self.style.sight.corners, |from, to, c| {
            if !captures_only || c != 0 {
                out.push(Candidate {
                    mv: Move::new(square(from), square(to)),
                    captured: c.count_ones(),
                });
            }
        });
        out
    }

    /// Plays `mv` on `pos` as the player sees it: a player blind to corner captures
    /// (RULES H3.4) sees the corner piece stay.
    fn play(&self, pos: &Position, mv: Move) -> Child {
        let mut next = *pos;
        let captured = next.play_unchecked(mv);
        let (next, captured) = perceive(self.style.sight, pos.side_to_move(), next, captured);
        Child { mv, next, captured }
    }

    /// Every move of `pos` played.
    fn children(&self, pos: &Position) -> Vec<Child> {
        self.candidates(pos, false)
            .into_iter()
            .map(|c| self.play(pos, c.mv))
            .collect()
    }

    /// The score of a draw for `mover`.
    fn draw(&self, mover: Player) -> Eval {
        if mover == self.root_side {
            Eval::from_units(-self.style.contempt)
        } else {
            Eval::from_units(self.style.contempt)
        }
    }

    /// The score of `child` for `mover` (the side to move before it), `ply` plies from
    /// the root, judged as RULES H4.6 does; else searched `depth` plies more with the
    /// mover's `window`, or by the quiescence search with `qleft` plies of captures left.
    fn child_score(
        &mut self,
        mover: Player,
        child: &Child,
        depth: u32,
        window: Window,
        ply: u32,
        qleft: Option<u32>,
    ) -> Eval {
        let next = &child.next;
        let key = board_key(next);
        if let Some(end) = self.end(mover, next, key, ply) {
            return end;
        }
        self.line.push(key);
        let score = match qleft {
            Some(q) => -self.quiesce(next, window.flip(), ply, q),
            None => -self.negamax(next, key, depth, window.flip(), ply),
        };
        self.line.pop();
        score
    }

    /// The score for `mover` of `next` (with `key` its [`board_key`], `ply` plies from
    /// the root) if the game or the search line ends there, judged as RULES H4.6 does:
    /// the mover's win (H4.1), repetition (H4.4, module docs), the move limit (H4.5),
    /// no legal move for the next player (H4.2). `None` when it goes on.
    fn end(&self, mover: Player, next: &Position, key: u64, ply: u32) -> Option<Eval> {
        if self.rules.win_reason(next, mover).is_some() {
            return Some(Eval::win_in(ply)); // RULES H4.1
        }
        if self.game_seen.contains(&key) || self.line.contains(&key) {
            return Some(self.draw(mover)); // RULES H4.4 (module docs)
        }
        if self.rules.move_limit.is_some_and(|l| next.ply() >= l) {
            return Some(self.draw(mover)); // RULES H4.5
        }
        if !next.has_legal_move() {
            return Some(Eval::win_in(ply)); // RULES H4.2: the next player loses
        }
        None
    }

    /// The threat search at the root `pos` ([`Style::threats`]): deepening from one of
    /// the mover's moves to `threats`, the first move of a win forced by continuous
    /// threats and the number of the mover's moves it takes, within its share of the
    /// budget. The budget is restored for the full-width search after it.
    fn threat_search(&mut self, pos: &Position) -> Option<(Move, u32)> {
        if self.style.threats == 0 {
            return None;
        }
        let share = u64::from(self.style.threat_share.min(100));
        self.node_limit = self.style.budget.max_nodes.saturating_mul(share) / 100;
        self.time_limit_ms = self
            .time
            .map_or(f64::INFINITY, |t| t.ms * share as f64 / 100.0);
        let mut found = None;
        for moves in 1..=self.style.threats {
            if let Some(mv) = self.threat_win(pos, moves, 0) {
                found = Some((mv, moves));
                break;
            }
            if self.stopped {
                break;
            }
        }
        self.node_limit = self.style.budget.max_nodes;
        self.time_limit_ms = self.time.map_or(f64::INFINITY, |t| t.ms);
        self.stopped = false;
        found
    }

    /// A move by which the side to move of `pos` (`ply` plies from the root) wins by
    /// force within `moves` of its own moves, each of which wins at once (RULES H4.1,
    /// H4.2; the last one only by a capture) or threatens to: after it, the mover could win with its next move if it
    /// were to move again ([`threatens`]), and every reply of the other side still
    /// loses so. `None` when there is none, or the budget ran out before one was
    /// proved (an unfinished proof proves nothing).
    fn threat_win(&mut self, pos: &Position, moves: u32, ply: u32) -> Option<Move> {
        if !self.tick() {
            return None;
        }
        let attacker = pos.side_to_move();
        let mut candidates = self.candidates(pos, moves == 1);
        candidates.sort_by_key(|c| std::cmp::Reverse(c.captured));
        for candidate in &candidates {
            let child = self.play(pos, candidate.mv);
            let key = board_key(&child.next);
            match self.end(attacker, &child.next, key, ply + 1) {
                Some(end) if end.is_win() => return Some(child.mv),
                Some(_) => continue,
                None => {}
            }
            if moves == 1 || !threatens(&self.rules, self.style.sight, attacker, &child.next) {
                continue;
            }
            self.line.push(key);
            let proved = self.every_reply_loses(&child.next, moves - 1, ply + 1);
            self.line.pop();
            if proved {
                return Some(child.mv);
            }
            if self.stopped {
                return None;
            }
        }
        None
    }

    /// Whether every move of the side to move of `pos` (`ply` plies from the root) is
    /// answered by a forced win of the other side within `moves` of its moves
    /// ([`Searcher::threat_win`]): a reply that wins, draws (RULES H4.4, H4.5) or leaves
    /// the other side no move (H4.2) escapes.
    fn every_reply_loses(&mut self, pos: &Position, moves: u32, ply: u32) -> bool {
        if !self.tick() {
            return false;
        }
        let defender = pos.side_to_move();
        for candidate in self.candidates(pos, false) {
            let child = self.play(pos, candidate.mv);
            let key = board_key(&child.next);
            if self.end(defender, &child.next, key, ply + 1).is_some() {
                return false;
            }
            self.line.push(key);
            let lost = self.threat_win(&child.next, moves, ply + 1).is_some();
            self.line.pop();
            if !lost {
                return false;
            }
        }
        true
    }

    /// Negamax alpha-beta: the score of `pos` (not over, `ply` plies from the root,
    /// with `board` its [`board_key`]) for its side to move, searched `depth` plies.
    fn negamax(
        &mut self,
        pos: &Position,
        board: u64,
        depth: u32,
        window: Window,
        ply: u32,
    ) -> Eval {
        if depth == 0 {
            return self.quiesce(pos, window, ply, self.style.quiescence);
        }
        if !self.tick() {
            return Eval::DRAW;
        }
        let key = table_key(pos, &self.rules, board);
        let mut hash_move = None;
        if let Some(entry) = self.table.probe(key) {
            hash_move = entry.best;
            if u32::from(entry.depth) == depth {
                let score = entry.score.read_from_table(ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => window.cuts(score),
                    Bound::Upper => score <= window.alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut children = self.candidates(pos, false);
        let killers = self.killers[ply as usize];
        children.sort_by_cached_key(|c| {
            std::cmp::Reverse(if Some(c.mv) == hash_move {
                u32::MAX
            } else if c.captured > 0 {
                2_000_000_000 + c.captured
            } else if Some(c.mv) == killers[0] {
                1_900_000_000
            } else if Some(c.mv) == killers[1] {
                1_800_000_000
            } else {
                self.history[move_index(c.mv)]
            })
        });
        let mover = pos.side_to_move();
        let mut w = window;
        let mut best = Window::FULL.alpha;
        let mut best_move = None;
        for candidate in &children {
            let child = self.play(pos, candidate.mv);
            let score = self.child_score(mover, &child, depth - 1, w, ply + 1, None);
            if self.stopped {
                return Eval::DRAW;
            }
            if score > best {
                best = score;
                best_move = Some(child.mv);
                if score > w.alpha {
                    w.alpha = score;
                    if w.cuts(score) {
                        if child.captured == 0 {
                            self.reward(child.mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if window.cuts(best) {
            Bound::Lower
        } else if best <= window.alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                score: best.stored_in_table(ply),
                depth: depth.min(255) as u8,
                bound,
                best: best_move,
            },
        );
        best
    }

    /// A quiet move that caused a cutoff: a killer of its ply, and history credit.
    fn reward(&mut self, mv: Move, depth: u32, ply: u32) {
        let k = &mut self.killers[ply as usize];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[move_index(mv)];
        *h = h.saturating_add(depth * depth).min(1_000_000_000);
    }

    /// Quiescence: the side to move of `pos` stands pat on the evaluation or plays a
    /// capture, `qleft` plies of captures at most.
    fn quiesce(&mut self, pos: &Position, window: Window, ply: u32, qleft: u32) -> Eval {
        if !self.tick() {
            return Eval::DRAW;
        }
        let stand = evaluate(pos, &self.rules, &self.style.weights, self.style.sight);
        if qleft == 0 || window.cuts(stand) {
            return stand;
        }
        let mut captures = self.candidates(pos, true);
        captures.sort_by_key(|c| std::cmp::Reverse(c.captured));
        let mover = pos.side_to_move();
        let mut best = stand;
        let mut w = window;
        w.alpha = w.alpha.max(stand);
        for candidate in &captures {
            let child = self.play(pos, candidate.mv);
            let score = self.child_score(mover, &child, 0, w, ply + 1, Some(qleft - 1));
            if self.stopped {
                return Eval::DRAW;
            }
            if score > best {
                best = score;
                if score > w.alpha {
                    w.alpha = score;
                    if w.cuts(score) {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The best line from the root: `first`, then the table's moves, at most `depth`
    /// plies, stopping at a move that is not legal (a key collision) or a repetition.
    fn principal_variation(&self, root: &Position, first: Move, depth: u32) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = *root;
        let mut seen = HashSet::new();
        pos.play_unchecked(first);
        while (pv.len() as u32) < depth {
            let board = board_key(&pos);
            if !seen.insert(board) {
                break;
            }
            let Some(mv) = self
                .table
                .probe(table_key(&pos, &self.rules, board))
                .and_then(|e| e.best)
                .filter(|&mv| pos.is_legal(mv))
            else {
                break;
            };
            pv.push(mv);
            pos.play_unchecked(mv);
        }
        pv
    }
}

/// Whether `attacker`, not to move in `pos`, could win with its next move by a capture
/// if it were to move (RULES H4.1): its best single capture, as `sight` sees captures,
/// reaches the captures it still needs ([`captures_to_win`]).
pub(super) fn threatens(rules: &Rules, sight: Sight, attacker: Player, pos: &Position) -> bool {
    let mine = pos.pieces(attacker).bits();
    let theirs = pos.pieces(attacker.opponent()).bits();
    let best = bits::best_capture(mine, theirs, sight.corners) as i32;
    best > 0 && best >= captures_to_win(rules, pos, attacker)
}

/// The square of a board index below 81.
fn square(index: usize) -> Square {
    Square::from_index(index).expect("a board index")
}

/// The history-table index of a move.
fn move_index(mv: Move) -> usize {
    mv.from.index() * 81 + mv.to.index()
}

/// `next` as a player with `sight` sees it after `mover` captured `captured`, with the
/// number of pieces it sees captured: a player blind to corner captures (RULES H3.4) puts the corner piece back.
pub(super) fn perceive(
    sight: Sight,
    mover: Player,
    next: Position,
    captured: SquareSet,
) -> (Position, u32) {
    let corner = captured.bits() & CORNERS;
    if sight.corners || corner == 0 {
        return (next, captured.len() as u32);
    }
    let mut restored = next.pieces(mover.opponent());
    let mut back = 0;
    for sq in captured.iter().filter(|sq| corner & (1 << sq.index()) != 0) {
        restored.insert(sq);
        back += 1;
    }
    let mut captures = [next.captures(Player::Black), next.captures(Player::White)];
    captures[mover.index()] -= back;
    let mut pieces = [next.pieces(Player::Black), next.pieces(Player::White)];
    pieces[mover.opponent().index()] = restored;
    let seen = Position::from_parts(
        pieces[0],
        pieces[1],
        next.side_to_move(),
        captures,
        next.ply(),
    )
    .expect("the position before the capture, with the piece moved, is valid");
    (seen, captured.len() as u32 - u32::from(back))
}

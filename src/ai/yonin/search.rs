//! The search: iterative deepening over the root moves, then alpha-beta, paranoid or
//! best-reply (module docs of [`super`]), with the work budget and the clock.

use super::eval::Evaluator;
use super::ordering::{HASH_KEY, History, KILLER_KEY, order_key};
use super::tt::{Bound, Table};
use super::weights::piece_value;
use super::{Analysis, CLOCK_EVERY, Eval, MAX_PLY, Style, Window};
use crate::ai::TimeLimit;
use crate::engine::yonin::{Game, Move, MoveReport, Outcome, Position, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Score of a final place for the CPU's side, 1st to 4th, had it come at the root (RULES
/// Y6, Y7b.7): [`Eval::end`] of these. The gaps are far above any material balance, so a
/// better place always wins over material.
pub(super) const PLACE: [i32; 4] = [900_000, 300_000, -300_000, -900_000];

/// Score of second place for a CPU that made the game's first mate before the search
/// began, in the master's style ([`Style::race_to_first`](super::Style::race_to_first)):
/// below every evaluation (at most 200 000 from zero), above third place.
///
/// Why: once the CPU has mated a seat in individual play, the next mate ends
/// the game (RULES Y6.1). If another survivor makes it, that seat has as many mates
/// and takes the mated seat's pieces, hand and king (RULES Y5.2, Y5.3), so it usually
/// wins the piece-count tiebreak and the CPU is second. Scored as second place
/// (300 000, above any evaluation), such an end was a reply the opponents of a
/// best-reply search never chose, so the CPU never saw it coming: of 14 second places
/// in 40 games against three casual seats, 10 were this tiebreak lost, 8 after the
/// CPU's own first mate (`docs/STRENGTH.md`). Below every evaluation, it is the
/// reply an opponent makes whenever it can, as the CPU's opponents do: the CPU then
/// races for the deciding mate, or keeps the others from making it. Only for a first
/// mate already made: applied to first mates inside the search too, it passed up a
/// mate in one to take a rook (the best-reply opponents, moving freely, could then
/// reach a deciding mate in many lines; `tests/yonin_cpu.rs`).
pub(super) const SECOND_AFTER_OWN_MATE: i32 = -250_000;

/// A mate by the CPU's own move, on top of [`MATE_BONUS`]: a mate now is surer than
/// one the search expects later, whose value is otherwise the same.
pub(super) const MATE_NOW: i32 = 10_000;

/// Work units of the node budget (see the module docs): playing a position (the move
/// and its turn resolution).
const PLAY_COST: u64 = 3;
/// Evaluating a position.
const EVAL_COST: u64 = 1;
/// Generating moves: one unit per this many legal moves, plus one.
const MOVES_PER_UNIT: u64 = 24;

/// Penalty for a CPU move that captures its partner's piece (pairs), on top of the value.
pub(super) const PARTNER_CAPTURE: i32 = 400;

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
                score: Eval::DRAW,
            });
        }
        _ => {}
    }
    let pos = game.position();
    let pairs = pos.rules().is_pairs();
    let mut search = Search::new(pos, me, style, time);
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
    let mut value = Eval::DRAW;
    // Best-reply iterations end on an opponents' reply (2, 4, 6 plies; an odd
    // `max_depth` is searched last): an iteration ending on the CPU's own move lets it
    // move twice against one reply, and choosing by such iterations played weaker
    // (`docs/STRENGTH.md`).
    let max_depth = budget.max_depth.clamp(1, MAX_PLY);
    let iterations = (1..=max_depth).filter(|&d| !style.best_reply || d % 2 == 0 || d == max_depth);
    for depth in iterations {
        let mut alpha = Window::FULL.alpha;
        let mut best_this = None;
        let mut scored: Vec<(Eval, usize)> = Vec::with_capacity(root.len());
        for (i, r) in root.iter().enumerate() {
            let score = match r.terminal {
                Some(s) => s,
                None => {
                    let window = Window {
                        alpha: alpha + r.penalty,
                        ..Window::FULL
                    };
                    search.search(&r.next, depth - 1, window, 1)
                }
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
        if alpha >= Eval::end(PLACE[0], 64) {
            break; // a forced first place: deeper search cannot improve it
        }
        // With a clock, an iteration that would not fit in the time left is not
        // started: the next one costs several times this one. With this early stop the
        // master's median move took 708 ms of its 950 in Chromium (447 in wasm under
        // Node, `engine think yonin`); going on into the next iteration until the clock
        // stops it doubled its work and placed it first no more often
        // (`docs/STRENGTH.md`, 2026-12-03).
        if let Some(t) = time
            && (t.clock.now_ms() - search.start_ms) * 4.0 > t.ms
        {
            break;
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

/// Whether a move just played (`report`) is quiet for the selective depth
/// ([`Style::quiet_reduction_from`]): it captures nothing, promotes nothing, checks no
/// seat and mates no seat (RULES Y3.3, Y3.4). Drops count as quiet unless they check.
///
/// Why: best-reply search tries every live opponent's moves at each opponents' layer
/// (hundreds of replies), so a full 6-ply iteration is many times the 4-ply one and
/// the master's work (1 800 000 units a move natively) rarely finishes it; the unit
/// budget left after 4 plies went into an iteration whose result was mostly thrown
/// away. Searching quiet moves two plies shallower (two, so that every line still
/// ends on an opponents' reply, `docs/STRENGTH.md`) keeps every line at least as deep
/// as the 4-ply iteration and reads captures, promotions and checks, the moves that
/// decide material and mates, two plies further. The rule depends on the move and the
/// node's depth only, never on the window or the order, so the plain reference of the
/// tests can apply it too and the search still returns that tree's minimax value.
pub(super) fn is_quiet(mv: Move, report: &MoveReport) -> bool {
    report.captured.is_none()
        && !mv.is_promotion()
        && report.checks.is_empty()
        && report.mated.is_empty()
}

/// Whether a node with `depth` plies left at `pos` searches its quiet moves two plies
/// shallower ([`Style::quiet_reduction_from`], 0: never): from that depth on, and at
/// least 3 so that a reduced move still has a ply left to it (none in a 2- or 4-ply
/// iteration when the threshold is 4), never when the seat to move is in check (its
/// answers are few and decide whether it is mated, RULES Y3.3).
pub(super) fn reduces_here(from: u32, depth: u32, pos: &Position) -> bool {
    from != 0 && depth >= from.max(3) && !pos.is_check(pos.side_to_move())
}

/// A move to search at a node: its ordering key, the seat that plays it and the move.
type Ordered = (i32, Seat, Move);

/// A move of the CPU at the root, played once.
struct Root {
    mv: Move,
    key: i32,
    next: Position,
    /// The score when the move ends the game or the CPU's part in it.
    terminal: Option<Eval>,
    /// Subtracted from the move's score: capturing the partner's piece, less a bonus for
    /// a mate at once.
    penalty: i32,
}

/// One search: its evaluation, what it may spend, and what it has learnt so far.
pub(super) struct Search<'a> {
    /// The evaluation, for the CPU's side.
    pub(super) eval: Evaluator,
    /// Work units spent (module docs of [`super`]).
    pub(super) nodes: u64,
    max_nodes: u64,
    /// Whether the budget or the time ran out: every score found since is meaningless.
    pub(super) stopped: bool,
    /// Best-reply search (the style's).
    pub(super) best_reply: bool,
    /// Whether opponents' drops are searched (the style's).
    pub(super) drop_replies: bool,
    /// The style's [`Style::quiet_reduction_from`] (0: no reduction).
    pub(super) quiet_reduction_from: u32,
    /// The style's [`Style::race_to_first`], when the CPU made the game's first mate
    /// before the root (individual play): second place scores
    /// [`SECOND_AFTER_OWN_MATE`].
    pub(super) race_to_first: bool,
    /// Per ply below the root's children: two quiet moves that last cut off there
    /// (killer moves), tried after the captures.
    killers: [[Option<Move>; 2]; MAX_PLY as usize + 1],
    /// The history heuristic's counts ([`Style::history`]; `None`: not used).
    history: Option<History>,
    /// Scores and best moves of positions searched (module docs).
    table: Table,
    /// Move lists of finished nodes, kept for the next nodes so that a node does not
    /// allocate its own.
    spare: Vec<Vec<Ordered>>,
    time: Option<TimeLimit<'a>>,
    start_ms: f64,
}

impl<'a> Search<'a> {
    /// A search from `root` for the seat `me` in `style`, bounded by the style's work
    /// budget and by `time` if given.
    pub(super) fn new(
        root: &Position,
        me: Seat,
        style: &Style,
        time: Option<TimeLimit<'a>>,
    ) -> Search<'a> {
        let pairs = root.rules().is_pairs();
        Search {
            eval: Evaluator::new(me, pairs, style),
            nodes: 0,
            max_nodes: style.budget.max_nodes,
            stopped: false,
            best_reply: style.best_reply,
            drop_replies: style.drop_replies,
            quiet_reduction_from: style.quiet_reduction_from,
            race_to_first: style.race_to_first
                && !pairs
                && root.eliminations().first().is_some_and(|e| e.by == me),
            killers: [[None; 2]; MAX_PLY as usize + 1],
            history: style.history.then(History::new),
            table: Table::new(style.table_entries),
            spare: Vec::new(),
            start_ms: time.map_or(0.0, |t| t.clock.now_ms()),
            time,
        }
    }

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
    #[inline]
    pub(super) fn friend(&self, seat: Seat) -> bool {
        self.eval.friend(seat)
    }

    /// The exact score of `pos` (just reached, `ply` plies below the root's children)
    /// when the game is over or the CPU has been mated; `None` otherwise.
    pub(super) fn terminal(
        &self,
        pos: &Position,
        outcome: Option<Outcome>,
        ply: u32,
    ) -> Option<Eval> {
        let place = if let Some(outcome) = outcome {
            match outcome.place(self.eval.me) {
                Some(place) => place,
                None => return Some(Eval::DRAW), // a pairs draw (RULES Y6.5)
            }
        } else if !pos.is_live(self.eval.me) {
            // Mated while the others play on (RULES Y6.2): the place is final.
            pos.placings().map_or(4, |p| p[self.eval.me.index()])
        } else {
            return None;
        };
        let place = usize::from(place.clamp(1, 4));
        let at_root = if place == 2 && self.race_to_first {
            SECOND_AFTER_OWN_MATE
        } else {
            PLACE[place - 1]
        };
        // Good ends sooner, bad ends later.
        Some(Eval::end(at_root, ply))
    }

    /// Alpha-beta over the CPU's side (maximising, `window.alpha`) and the others
    /// (minimising, `window.beta`); `pos` is not over; `ply` counts plies below the
    /// root's children.
    ///
    /// Paranoid: the seat to move moves. Best-reply (RULES Y3.3 kept where it binds): at
    /// an opponent's turn, a seat in check answers alone (check priority); otherwise
    /// every live opponent's moves are tried as if it were its turn, and after an
    /// opponent's move the CPU moves next unless turn resolution gives the turn to a
    /// seat of its side or to an opponent in check.
    pub(super) fn search(&mut self, pos: &Position, depth: u32, window: Window, ply: u32) -> Eval {
        if depth == 0 {
            self.spend(EVAL_COST);
            return self.eval.evaluate(pos);
        }
        let key = self.table.key(pos);
        let mut hash_move = None;
        if let Some(entry) = self.table.probe(key) {
            // Only an entry of this very depth gives a score, so that the search finds
            // the plain minimax value; any entry gives a move to try first.
            if u32::from(entry.depth) == depth {
                let score = entry.score.read_from_table(ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if window.cuts(score) => return score,
                    Bound::Upper if score <= window.alpha => return score,
                    _ => {}
                }
            }
            hash_move = entry.best;
        }
        let to_move = pos.side_to_move();
        let maximising = self.friend(to_move);
        let reduces = reduces_here(self.quiet_reduction_from, depth, pos);
        let mut ordered = self.spare.pop().unwrap_or_default();
        ordered.clear();
        let free = self.best_reply && !maximising && !pos.is_check(to_move);
        let seen = |mv: &&Move| self.drop_replies || maximising || !mv.is_drop();
        let mut push = |seat: Seat, mv: Move| ordered.push((order_key(pos, mv), seat, mv));
        if free {
            for seat in pos.live_seats().iter().filter(|&s| !self.friend(s)) {
                for &mv in pos.legal_moves_of(seat).iter().filter(seen) {
                    push(seat, mv);
                }
            }
        } else {
            for &mv in pos.legal_moves().iter().filter(seen) {
                push(to_move, mv);
            }
        }
        if !self.spend(ordered.len() as u64 / MOVES_PER_UNIT + 1) {
            return Eval::DRAW;
        }
        if ordered.is_empty() {
            self.spare.push(ordered);
            return self.eval.evaluate(pos);
        }
        let slot = (ply as usize).min(MAX_PLY as usize);
        for entry in &mut ordered {
            if hash_move == Some((entry.1, entry.2)) {
                entry.0 = HASH_KEY;
            } else if entry.0 <= 0 && self.killers[slot].contains(&Some(entry.2)) {
                entry.0 = KILLER_KEY;
            } else if entry.0 <= 0
                && let Some(history) = &self.history
            {
                entry.0 = history.order_key(entry.1, entry.2, entry.0);
            }
        }
        ordered.sort_by_key(|&(key, _, _)| std::cmp::Reverse(key));
        let mut w = window;
        let mut best = if maximising {
            Window::FULL.alpha
        } else {
            Window::FULL.beta
        };
        let mut best_move = None;
        for &(order, seat, mv) in &ordered {
            if !self.spend(PLAY_COST) {
                return Eval::DRAW;
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
                            next.set_turn_for_search(self.eval.me);
                        }
                    }
                    let below = if reduces && is_quiet(mv, &report) {
                        depth - 3
                    } else {
                        depth - 1
                    };
                    self.search(&next, below, w, ply + 1)
                }
            };
            if self.stopped {
                return Eval::DRAW;
            }
            if (maximising && score > best) || (!maximising && score < best) {
                best = score;
                best_move = Some((seat, mv));
            }
            if maximising {
                w.alpha = w.alpha.max(score);
            } else {
                w.beta = w.beta.min(score);
            }
            if w.is_closed() {
                if order <= KILLER_KEY {
                    if self.killers[slot][0] != Some(mv) {
                        self.killers[slot] = [Some(mv), self.killers[slot][0]];
                    }
                    if let Some(history) = &mut self.history {
                        history.cut(seat, mv, depth);
                    }
                }
                break;
            }
        }
        self.spare.push(ordered);
        // Fail-soft bounds: at most the window's alpha is an upper bound, at least its
        // beta a lower one.
        let bound = if best <= window.alpha {
            Bound::Upper
        } else if window.cuts(best) {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table
            .store(key, depth, best.stored_in_table(ply), bound, best_move);
        best
    }
}

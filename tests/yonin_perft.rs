//! Perft suite for Yonin Shogi (RULES, Perft section) read from `tests/data/yonin.perft`,
//! and a differential test against a deliberately naive reference implementation written
//! here from RULES Part Y alone (geometry by brute force over all squares, legality by
//! making each pseudo-move on a copy and scanning every piece for attacks).
//!
//! Perft convention: after each move the turn is resolved (RULES Y3.3: check priority, lazy
//! mates, inheritance); a move that may promote or not counts twice; drops count like
//! moves; a finished game has no moves; repetition is not tracked.

use shogi_variants::engine::Square;
use shogi_variants::engine::yonin::{
    EliminatedPieces, Format, Game, Move, Position, Role, Rules, Seat, perft,
};

// ---------------------------------------------------------------------------------------
// The perft data file
// ---------------------------------------------------------------------------------------

struct Case {
    position: String,
    depth: u32,
    count: u64,
    slow: bool,
}

fn suite() -> Vec<Case> {
    let text = include_str!("data/yonin.perft");
    let mut out = Vec::new();
    let mut position = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "position" => position = Some(rest.to_string()),
            "perft" | "slow" => {
                let mut it = rest.split_whitespace();
                let depth = it.next().and_then(|d| d.parse().ok());
                let count = it.next().and_then(|c| c.parse().ok());
                let (Some(depth), Some(count), Some(position)) = (depth, count, &position) else {
                    panic!("yonin.perft line {}: bad perft line {line:?}", i + 1);
                };
                out.push(Case {
                    position: position.clone(),
                    depth,
                    count,
                    slow: word == "slow",
                });
            }
            _ => panic!("yonin.perft line {}: unknown line {line:?}", i + 1),
        }
    }
    out
}

fn run_suite(slow: bool) {
    let cases = suite();
    assert!(cases.len() >= 20, "suite has {} cases", cases.len());
    for c in cases.iter().filter(|c| c.slow == slow) {
        let p: Position = c
            .position
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", c.position));
        assert_eq!(p.to_string(), c.position, "notation round trip");
        assert_eq!(
            perft(&Game::from_position(p), c.depth),
            c.count,
            "perft {} of {}",
            c.depth,
            c.position
        );
    }
}

#[test]
fn perft_suite() {
    // RULES Perft: start counts 9, 81, 729, 6561, 82134 and the mid-game positions.
    run_suite(false);
}

#[test]
#[ignore = "deep perft, about a minute: cargo test --release --test yonin_perft -- --ignored"]
fn perft_suite_deep() {
    run_suite(true);
}

#[test]
fn start_position_counts_from_rules() {
    // RULES Perft (reference counts computed independently of the project)
    let p = Position::default();
    let counts: Vec<u64> = (1..=5).map(|d| p.perft(d)).collect();
    assert_eq!(counts, vec![9, 81, 729, 6561, 82134]);
    // The game's perft runs on the same fast path.
    let game = Game::new(Rules::default(), Seat::South);
    let counts: Vec<u64> = (0..=4).map(|d| perft(&game, d)).collect();
    assert_eq!(counts, vec![1, 9, 81, 729, 6561]);
}

// ---------------------------------------------------------------------------------------
// The naive reference
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct RP {
    role: Role,
    promoted: bool,
    owner: Option<usize>,
    facing: usize,
}

#[derive(Clone, Debug)]
struct Ref {
    sq: Vec<Option<RP>>,
    hand: [[u8; 4]; 4],
    turn: usize,
    live: [bool; 4],
    elims: Vec<(usize, usize, u32)>,
    moves: u32,
    rules: Rules,
}

const HAND_ROLES: [Role; 4] = [Role::Rook, Role::Gold, Role::Silver, Role::Pawn];

fn hand_idx(r: Role) -> usize {
    HAND_ROLES.iter().position(|&h| h == r).expect("hand role")
}

/// Forward step of each facing, RULES Y1.3.
fn fwd(f: usize) -> (i32, i32) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][f]
}

fn xy(s: usize) -> (i32, i32) {
    ((s % 9) as i32, (s / 9) as i32)
}

/// 0 on the piece's own back line .. 8 on its last line.
fn depth(f: usize, s: usize) -> i32 {
    let (x, y) = xy(s);
    let (fx, fy) = fwd(f);
    (x - 4) * fx + (y - 4) * fy + 4
}

/// The nifu line of a square for a seat: file for north/south facings, rank otherwise.
fn line(f: usize, s: usize) -> i32 {
    let (x, y) = xy(s);
    if fwd(f).0 == 0 { x } else { y }
}

impl Ref {
    fn from(p: &Position) -> Ref {
        let mut sq = vec![None; 81];
        for s in Square::all() {
            sq[s.index()] = p.piece_at(s).map(|pc| RP {
                role: pc.role,
                promoted: pc.promoted,
                owner: pc.owner.map(|o| o.index()),
                facing: pc.facing.index(),
            });
        }
        let mut hand = [[0u8; 4]; 4];
        for seat in Seat::ALL {
            for r in HAND_ROLES {
                hand[seat.index()][hand_idx(r)] = p.hand(seat).count(r);
            }
        }
        Ref {
            sq,
            hand,
            turn: p.side_to_move().index(),
            live: Seat::ALL.map(|s| p.is_live(s)),
            elims: p
                .eliminations()
                .iter()
                .map(|e| (e.seat.index(), e.by.index(), e.at_move))
                .collect(),
            moves: p.move_count(),
            rules: p.rules(),
        }
    }

    /// Can `p` on `from` reach `to` by its movement (sliders need a clear path)?
    fn reaches(&self, p: RP, from: usize, to: usize) -> bool {
        if from == to {
            return false;
        }
        let (x0, y0) = xy(from);
        let (x1, y1) = xy(to);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let (fx, fy) = fwd(p.facing);
        let f = dx * fx + dy * fy; // steps forward
        let l = (dx * fy - dy * fx).abs(); // steps sideways
        let gold = (l <= 1 && f == 1) || (l == 1 && f == 0) || (l == 0 && f == -1);
        let clear_line = || {
            if dx != 0 && dy != 0 {
                return false;
            }
            let n = dx.abs().max(dy.abs());
            (1..n).all(|k| {
                let s = ((y0 + dy.signum() * k) * 9 + x0 + dx.signum() * k) as usize;
                self.sq[s].is_none()
            })
        };
        match (p.role, p.promoted) {
            (Role::King, _) => l <= 1 && f.abs() <= 1,
            (Role::Gold, _) | (Role::Silver, true) | (Role::Pawn, true) => gold,
            (Role::Silver, false) => (l <= 1 && f == 1) || (l == 1 && f == -1),
            (Role::Pawn, false) => l == 0 && f == 1,
            (Role::Rook, false) => clear_line(),
            (Role::Rook, true) => clear_line() || (l == 1 && f.abs() == 1),
        }
    }

    fn king(&self, seat: usize) -> usize {
        (0..81)
            .find(|&s| matches!(self.sq[s], Some(p) if p.role == Role::King && p.facing == seat))
            .expect("every seat has a king")
    }

    fn attackers(&self, target: usize, victim: usize) -> Vec<usize> {
        (0..81)
            .filter(|&s| match self.sq[s] {
                Some(p) => {
                    p.owner.is_some() && p.owner != Some(victim) && self.reaches(p, s, target)
                }
                None => false,
            })
            .collect()
    }

    fn in_check(&self, seat: usize) -> bool {
        self.live[seat] && !self.attackers(self.king(seat), seat).is_empty()
    }

    fn apply(&self, m: Move) -> Ref {
        let mut r = self.clone();
        let me = self.turn;
        match m {
            Move::Normal { from, to, promote } => {
                let mut p = r.sq[from.index()].take().expect("piece");
                if let Some(c) = r.sq[to.index()] {
                    r.hand[me][hand_idx(c.role)] += 1;
                }
                p.promoted |= promote;
                r.sq[to.index()] = Some(p);
            }
            Move::Drop { role, to } => {
                r.hand[me][hand_idx(role)] -= 1;
                r.sq[to.index()] = Some(RP {
                    role,
                    promoted: false,
                    owner: Some(me),
                    facing: me,
                });
            }
        }
        r.moves += 1;
        r
    }

    fn with_turn(&self, seat: usize) -> Ref {
        let mut r = self.clone();
        r.turn = seat;
        r
    }

    fn pseudo(&self) -> Vec<Move> {
        let me = self.turn;
        let mut out = Vec::new();
        let sq = |i: usize| Square::from_index(i).expect("square");
        for from in 0..81 {
            let Some(p) = self.sq[from] else { continue };
            if p.owner != Some(me) {
                continue;
            }
            for to in 0..81 {
                if !self.reaches(p, from, to) {
                    continue;
                }
                if let Some(t) = self.sq[to]
                    && (t.role == Role::King || t.owner == Some(me))
                {
                    continue;
                }
                let can = !p.promoted
                    && matches!(p.role, Role::Rook | Role::Silver | Role::Pawn)
                    && (depth(p.facing, from) >= 6 || depth(p.facing, to) >= 6);
                let must = p.role == Role::Pawn && !p.promoted && depth(p.facing, to) == 8;
                for promote in [false, true] {
                    if (promote && !can) || (!promote && must) {
                        continue;
                    }
                    out.push(Move::Normal {
                        from: sq(from),
                        to: sq(to),
                        promote,
                    });
                }
            }
        }
        for role in HAND_ROLES {
            if self.hand[me][hand_idx(role)] == 0 {
                continue;
            }
            for to in 0..81 {
                if self.sq[to].is_some() {
                    continue;
                }
                if role == Role::Pawn {
                    if depth(me, to) == 8 {
                        continue;
                    }
                    let nifu = (0..81).any(|s| {
                        matches!(self.sq[s], Some(q) if q.role == Role::Pawn && !q.promoted
                            && q.owner == Some(me) && q.facing == me && line(me, s) == line(me, to))
                    });
                    if nifu {
                        continue;
                    }
                    let (x, y) = xy(to);
                    let (fx, fy) = fwd(me);
                    let ahead = ((y + fy) * 9 + x + fx) as usize;
                    if matches!(self.sq[ahead], Some(k) if k.role == Role::King && k.owner.is_none())
                    {
                        continue;
                    }
                }
                out.push(Move::Drop { role, to: sq(to) });
            }
        }
        out
    }

    fn is_legal(&self, m: Move) -> bool {
        let me = self.turn;
        let after = self.apply(m);
        if !after.attackers(after.king(me), me).is_empty() {
            return false;
        }
        let (from, to) = match m {
            Move::Normal { from, to, .. } => (Some(from.index()), to.index()),
            Move::Drop { to, .. } => (None, to.index()),
        };
        if self.rules.format == Format::Pairs {
            let partner = (me + 2) % 4;
            if self.live[partner] {
                let k = self.king(partner);
                let before = self.attackers(k, partner);
                let new = after.attackers(k, partner).into_iter().any(|a| {
                    if a == to {
                        from.is_none_or(|f| !before.contains(&f))
                    } else {
                        !before.contains(&a)
                    }
                });
                if new {
                    return false;
                }
            }
        }
        if let Move::Drop {
            role: Role::Pawn, ..
        } = m
        {
            let (x, y) = xy(to);
            let (fx, fy) = fwd(me);
            let ahead = ((y + fy) * 9 + x + fx) as usize;
            if let Some(k) = self.sq[ahead]
                && k.role == Role::King
                && let Some(t) = k.owner
                && t != me
                && after.with_turn(t).legal().is_empty()
            {
                return false;
            }
        }
        true
    }

    fn legal(&self) -> Vec<Move> {
        self.pseudo()
            .into_iter()
            .filter(|&m| self.is_legal(m))
            .collect()
    }

    fn mates_to_end(&self) -> usize {
        match (self.rules.format, self.rules.end) {
            (Format::Pairs, _) => 1,
            (_, shogi_variants::engine::yonin::GameEnd::AfterTwoMates) => 2,
            _ => 3,
        }
    }

    fn over(&self) -> bool {
        self.elims.len() >= self.mates_to_end()
            || self.rules.move_limit.is_some_and(|l| self.moves >= l)
    }

    fn eliminate(&mut self, seat: usize, by: usize) {
        let k = self.king(seat);
        if let Some(p) = self.sq[k].as_mut() {
            p.owner = None;
        }
        for i in 0..4 {
            self.hand[by][i] += self.hand[seat][i];
            self.hand[seat][i] = 0;
        }
        for p in self.sq.iter_mut().flatten() {
            if p.owner == Some(seat) {
                p.owner = match self.rules.eliminated_pieces {
                    EliminatedPieces::ToMater => Some(by),
                    EliminatedPieces::Ownerless => None,
                };
            }
        }
        self.live[seat] = false;
        self.elims.push((seat, by, self.moves));
    }

    /// RULES Y3.3 written out again.
    fn play(&self, m: Move) -> Ref {
        let mover = self.turn;
        let mut r = self.apply(m);
        loop {
            if r.elims.len() >= r.mates_to_end() {
                r.turn = mover;
                return r;
            }
            let order: Vec<usize> = (1..4).map(|k| (mover + k) % 4).collect();
            let chosen = order
                .iter()
                .copied()
                .find(|&s| r.in_check(s))
                .or_else(|| order.iter().copied().find(|&s| r.live[s]))
                .expect("a live seat");
            r.turn = chosen;
            if !r.legal().is_empty() {
                return r;
            }
            r.eliminate(chosen, mover);
        }
    }

    fn perft(&self, d: u32) -> u64 {
        if d == 0 {
            return 1;
        }
        if self.over() {
            return 0;
        }
        let moves = self.legal();
        if d == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|m| self.play(m).perft(d - 1)).sum()
    }

    fn same_as(&self, p: &Position) -> bool {
        let o = Ref::from(p);
        o.sq == self.sq
            && o.hand == self.hand
            && o.turn == self.turn
            && o.live == self.live
            && o.elims == self.elims
            && o.moves == self.moves
    }
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// A seeded generator (rand's `StdRng`), so the games are the same every run.
struct Rng(rand::rngs::StdRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(rand::SeedableRng::seed_from_u64(seed))
    }
    fn below(&mut self, n: usize) -> usize {
        rand::RngExt::random_range(&mut self.0, 0..n)
    }
}

/// Picks a move, preferring captures and checks so that games reach mates, drops and
/// inheritance quickly.
fn pick(p: &Position, moves: &[Move], rng: &mut Rng) -> Move {
    let sharp: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let capture = matches!(m, Move::Normal { to, .. } if p.piece_at(to).is_some());
            capture || !p.gives_check(m).is_empty()
        })
        .collect();
    if !sharp.is_empty() && rng.below(3) > 0 {
        sharp[rng.below(sharp.len())]
    } else {
        moves[rng.below(moves.len())]
    }
}

#[test]
fn engine_agrees_with_the_reference_on_random_games() {
    // RULES Y2-Y5, Y7: every legal move list and every turn resolution, compared.
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut mates = 0;
    let mut drops = 0;
    let mut compared = 0;
    for rules in Rules::all_combinations() {
        for game in 0..6 {
            let mut p = Position::start(rules, Seat::from_index(game));
            let mut r = Ref::from(&p);
            for _ply in 0..220 {
                let engine = p.legal_moves();
                let naive = if r.over() { Vec::new() } else { r.legal() };
                assert_eq!(sorted(engine.iter().copied()), sorted(naive), "at {p}");
                compared += 1;
                if engine.is_empty() {
                    break;
                }
                let m = pick(&p, &engine, &mut rng);
                drops += usize::from(m.is_drop());
                let report = p.play_unchecked(m);
                mates += report.mated.len();
                r = r.play(m);
                assert!(r.same_as(&p), "after {m}: engine {p} vs reference {r:?}");
            }
        }
    }
    assert!(compared > 2000, "{compared} positions compared");
    eprintln!("{compared} positions, {mates} mates, {drops} drops");
    assert!(mates >= 5, "only {mates} mates seen");
    assert!(drops >= 20, "only {drops} drops seen");
}

#[test]
fn reference_perft_agrees_with_the_suite() {
    // RULES Perft: the mid-game counts of the data file, recomputed by the reference
    // (small counts only: the reference is slow).
    reference_perft_up_to(300_000, 40);
}

#[test]
#[ignore = "slow naive reference: cargo test --release --test yonin_perft -- --ignored"]
fn reference_perft_agrees_with_the_suite_deep() {
    reference_perft_up_to(3_000_000, 60);
}

fn reference_perft_up_to(max: u64, at_least: usize) {
    let mut checked = 0;
    for c in suite().iter().filter(|c| c.count <= max) {
        let p: Position = c.position.parse().expect("position");
        assert_eq!(
            Ref::from(&p).perft(c.depth),
            c.count,
            "reference perft {} of {}",
            c.depth,
            c.position
        );
        checked += 1;
    }
    assert!(checked >= at_least, "{checked} cases checked");
}

//! Scores and the static evaluation of a Hasami Shogi position (RULES Part H).
//!
//! [`Eval`] is a score for the side to move that knows the distance to a won or lost
//! end (the shared [`score::Eval`] in Hasami's units, [`HasamiScale`]): a win found `n`
//! plies from the root scores above one found `n + 1` plies away, so the search prefers
//! the faster win and the slower loss. [`Window`] is an alpha-beta window of two such
//! scores.
//! [`evaluate`] scores a position that is not over: captures (by the win condition),
//! threats, corners and edges, and mobility.

use super::bits;
use crate::ai::score;
use crate::engine::hasami::{Player, Position, Rules, WinCondition};
use std::fmt;

/// Score of a win at the root itself; a win `ply` plies away scores `WIN - ply`.
const WIN: i32 = 30_000;

/// The deepest line a search follows, in plies: scores within this distance of
/// a win (30 000) are wins and losses, below it ordinary evaluations.
pub const MAX_PLY: u32 = 256;

/// One captured piece, in score units: scores are in hundredths of a capture.
pub const PIECE: i32 = 100;

/// The units of Hasami scores ([`score::Scale`]): hundredths of a capture for the side
/// to move, with a win at the root at 30 000 and a win or loss `ply` plies from the root
/// at `±(30 000 - ply)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct HasamiScale;

impl score::Scale for HasamiScale {
    const END: i32 = WIN - MAX_PLY as i32;
    const INFINITE: i32 = WIN + 1;
}

/// A score for the side to move, in hundredths of a capture, or a win or loss with its
/// distance from the root in plies ([`HasamiScale`]).
///
/// Ordered as the side to move prefers: a loss in 2 < a loss in 6 < any evaluation < a
/// win in 5 < a win in 1. Negating gives the score for the other side.
///
/// ```
/// use shogi_variants::ai::hasami::Eval;
///
/// assert!(Eval::win_in(1) > Eval::win_in(3));
/// assert!(Eval::win_in(3) > Eval::from_units(900));
/// assert_eq!(-Eval::win_in(3), Eval::lost_in(3));
/// assert_eq!(Eval::win_in(3).plies_to_end(), Some(3));
/// assert_eq!(Eval::from_units(150).to_string(), "+1.50");
/// assert_eq!(Eval::lost_in(4).to_string(), "lost in 4");
/// ```
pub type Eval = score::Eval<HasamiScale>;

/// An alpha-beta window of Hasami scores for the side to move (negamax).
pub type Window = score::Window<HasamiScale>;

impl score::Eval<HasamiScale> {
    /// The side to move wins by the move made `ply` plies from the root (the root's
    /// own move is ply 1).
    pub const fn win_in(ply: u32) -> Eval {
        Eval::end(WIN, ply)
    }

    /// The side to move loses by the move made `ply` plies from the root.
    pub const fn lost_in(ply: u32) -> Eval {
        Eval::end(-WIN, ply)
    }

    /// Whether this is a win for the side to move.
    pub const fn is_win(self) -> bool {
        self.is_good_end()
    }

    /// Whether this is a loss for the side to move.
    pub const fn is_loss(self) -> bool {
        self.is_bad_end()
    }

    /// For a win or loss, the plies from the root to the move that ends the game.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((WIN - self.units()) as u32)
        } else if self.is_loss() {
            Some((WIN + self.units()) as u32)
        } else {
            None
        }
    }
}

impl fmt::Display for score::Eval<HasamiScale> {
    /// `+1.50` (captures), `win in 3`, `lost in 4` (plies from the root).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(n) if self.is_win() => write!(f, "win in {n}"),
            Some(n) => write!(f, "lost in {n}"),
            None => write!(f, "{:+.2}", f64::from(self.units()) / f64::from(PIECE)),
        }
    }
}

/// What an evaluation may see: the lower levels are blind to some things, the way a
/// person is (module docs of [`super`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sight {
    /// Whether corner captures (RULES H3.4) exist in the player's mind. A player blind
    /// to them neither plans nor fears one: the search plays them as plain moves.
    pub corners: bool,
}

impl Sight {
    /// Sees everything.
    pub const FULL: Sight = Sight { corners: true };
}

/// Weights of the evaluation, in score units (hundredths of a capture).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// The capture the side to move can make at once, per piece (a look one ply past
    /// the horizon where there is no quiescence search; 0 with one, since it then plays
    /// the captures out).
    pub threat_to_move: i32,
    /// The capture the opponent could make if it were to move, per piece: a piece left
    /// hanging may not be saved by one move.
    pub threat_waiting: i32,
    /// Each piece on an edge square that is not a corner: it can be sandwiched along
    /// one line only (RULES H3.1).
    pub edge: i32,
    /// Each piece in a corner: safe from sandwiches but taken by two neighbours
    /// (RULES H3.4), and with at most two lines to move along.
    pub corner: i32,
    /// Each legal move more than the opponent has (mobility; no legal move loses,
    /// RULES H4.2).
    pub mobility: i32,
    /// When one more capture would win (RULES H4.1), on top of the capture.
    pub one_to_win: i32,
    /// When two more captures would win.
    pub two_to_win: i32,
    /// Per capture of lead and per capture made by either side: exchanges help the
    /// side that is ahead (it nears the win condition first, RULES H4.1; not counted
    /// under lead by three, where an exchange keeps the lead as it is).
    pub trade: i32,
    /// Per enemy piece the opponent (not to move) could capture beyond its best single
    /// capture: two threats at once cannot both be parried.
    pub fork: i32,
    /// Per pair of opposing pieces side by side on a rank or file, times the lead
    /// (at most 2): the side that is ahead seeks contact, the other avoids it.
    pub press: i32,
    /// Per piece of the side that is behind that no sandwich can take (packed against
    /// an edge, `bits::unsandwichable`), times the lead (at most 2): the side that is
    /// ahead keeps the other's pieces from building a fortress it cannot break before
    /// the move limit (RULES H4.5), the side behind builds one.
    pub fortress: i32,
}

impl Weights {
    /// The weights of the full search (with quiescence).
    pub const SEARCH: Weights = Weights {
        threat_to_move: 0,
        threat_waiting: 30,
        edge: 4,
        corner: -6,
        mobility: 1,
        one_to_win: 40,
        two_to_win: 15,
        trade: 0,
        fork: 0,
        press: 0,
        fortress: 0,
    };

    /// The master's weights: [`Weights::SEARCH`] and the terms that convert a lead
    /// (exchanges and contact when ahead, no fortress for the side behind) and fear
    /// two threats at once.
    pub const MASTER: Weights = Weights {
        trade: 20,
        fork: 40,
        press: 10,
        fortress: 10,
        ..Weights::SEARCH
    };

    /// The weights of a search without quiescence: the mover's own capture counts
    /// nearly in full (as in the baseline).
    pub const NO_QUIESCENCE: Weights = Weights {
        threat_to_move: 70,
        ..Weights::SEARCH
    };
}

/// The four corners (RULES H3.4) and the other edge squares, as masks.
pub(crate) const CORNERS: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < 4 {
        m |= 1 << crate::engine::hasami::CORNERS[i].0.index();
        i += 1;
    }
    m
};
const EDGES: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < 9 {
        m |= 1 << i | 1 << (72 + i) | 1 << (9 * i) | 1 << (9 * i + 8);
        i += 1;
    }
    m & !CORNERS
};

/// How many more captures `player` needs to win under `rules` (RULES H4.1), at least 1.
pub fn captures_to_win(rules: &Rules, pos: &Position, player: Player) -> i32 {
    let mine = i32::from(pos.captures(player));
    let theirs = i32::from(pos.captures(player.opponent()));
    match rules.win {
        WinCondition::CaptureFive => (5 - mine).max(1),
        WinCondition::LeadByThree => (3 - (mine - theirs)).max(1),
        WinCondition::CaptureAll => (pos.pieces(player.opponent()).len() as i32).max(1),
    }
}

/// The same pieces and captures with the other side to move.
#[cfg(test)]
pub(crate) fn flipped(pos: &Position) -> Position {
    Position::from_parts(
        pos.pieces(Player::Black),
        pos.pieces(Player::White),
        pos.side_to_move().opponent(),
        [pos.captures(Player::Black), pos.captures(Player::White)],
        pos.ply(),
    )
    .expect("the same pieces with the other side to move are valid")
}

/// Static score of `pos` (not over, the side to move has a move) for its side to move,
/// in score units: captures made (100 a piece, more when close to the win condition,
/// RULES H4.1), the captures each side threatens (RULES H3), pieces on edges and in
/// corners, and mobility; with the master's weights ([`Weights::MASTER`]) also
/// exchanges and contact valued by the lead, the opponent's second threat, and the
/// pieces of the side behind that no sandwich can take (a fortress), valued by the lead.
///
/// A player blind to corner captures (`sight`) does not count them among the threats.
pub fn evaluate(pos: &Position, rules: &Rules, weights: &Weights, sight: Sight) -> Eval {
    let me = pos.side_to_move();
    let them = me.opponent();
    let material = i32::from(pos.captures(me)) - i32::from(pos.captures(them));
    let near = |n: i32| match n {
        1 => weights.one_to_win,
        2 => weights.two_to_win,
        _ => 0,
    };
    let closeness = near(captures_to_win(rules, pos, me)) - near(captures_to_win(rules, pos, them));
    let mine = pos.pieces(me).bits();
    let theirs = pos.pieces(them).bits();
    let (my_moves, my_capture, _) = bits::mobility_and_best_capture(mine, theirs, sight.corners);
    let (their_moves, their_capture, their_hanging) =
        bits::mobility_and_best_capture(theirs, mine, sight.corners);
    let mut score = material * PIECE + closeness;
    if weights.trade != 0 && rules.win != WinCondition::LeadByThree {
        let made = i32::from(pos.captures(me)) + i32::from(pos.captures(them));
        score += material * made * weights.trade;
    }
    if weights.fork != 0 {
        score -= (their_hanging.count_ones() as i32 - their_capture as i32) * weights.fork;
    }
    if weights.fortress != 0 && material != 0 {
        let packed = if material > 0 {
            bits::unsandwichable(mine, theirs)
        } else {
            bits::unsandwichable(theirs, mine)
        };
        let packed = (packed & !CORNERS).count_ones() as i32;
        score -= material.clamp(-2, 2) * packed * weights.fortress;
    }
    if weights.press != 0 && material != 0 {
        let contacts = (bits::adjacent(mine) & theirs).count_ones() as i32;
        score += material.clamp(-2, 2) * contacts * weights.press;
    }
    score += my_capture as i32 * weights.threat_to_move;
    score -= their_capture as i32 * weights.threat_waiting;
    score += (my_moves as i32 - their_moves as i32) * weights.mobility;
    let place = |p: Player| {
        let bits = pos.pieces(p).bits();
        (bits & EDGES).count_ones() as i32 * weights.edge
            + (bits & CORNERS).count_ones() as i32 * weights.corner
    };
    score += place(me) - place(them);
    Eval::from_units(score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_scores_count_from_the_node() {
        // A win 5 plies from the root, stored at ply 2, is a win in 3 from that node;
        // read back at ply 4 (a transposition deeper in the tree) it is a win in 7.
        let stored = Eval::win_in(5).stored_in_table(2);
        assert_eq!(stored, Eval::win_in(3));
        assert_eq!(stored.read_from_table(4), Eval::win_in(7));
        assert_eq!(
            Eval::lost_in(6).stored_in_table(2).read_from_table(2),
            Eval::lost_in(6)
        );
        assert_eq!(
            Eval::from_units(37).stored_in_table(9),
            Eval::from_units(37)
        );
        assert_eq!(Eval::from_units(1_000_000).units(), 30_000 - 256 - 1);
        assert!(!Eval::from_units(1_000_000).is_win());
    }

    #[test]
    fn the_leader_pays_for_the_other_sides_fortress() {
        let rules = Rules::default();
        // White to move leads 3 to 1; Black's g1 h1 g2 h2 i2 are packed in the corner
        // round the hole i1 (no sandwich can take them), Black's e5 is not.
        let pos: Position = "9/9/9/9/4b4/9/6www/5wbbb/5wbb1 w 1 3 50".parse().unwrap();
        let without = Weights {
            fortress: 0,
            ..Weights::MASTER
        };
        let with = evaluate(&pos, &rules, &Weights::MASTER, Sight::FULL).units();
        let base = evaluate(&pos, &rules, &without, Sight::FULL).units();
        assert_eq!(with - base, -2 * 5 * 10);
        // Seen from Black (behind), the same fortress counts for it.
        let black = flipped(&pos);
        let with = evaluate(&black, &rules, &Weights::MASTER, Sight::FULL).units();
        let base = evaluate(&black, &rules, &without, Sight::FULL).units();
        assert_eq!(with - base, 2 * 5 * 10);
    }

    #[test]
    fn masks_hold_the_corners_and_28_edge_squares() {
        assert_eq!(CORNERS.count_ones(), 4);
        assert_eq!(EDGES.count_ones(), 28);
        let corners: Vec<String> = ["a1", "i1", "a9", "i9"]
            .iter()
            .map(|s| {
                s.parse::<crate::engine::square::Square>()
                    .unwrap()
                    .index()
                    .to_string()
            })
            .collect();
        let mut bits = Vec::new();
        let mut m = CORNERS;
        while m != 0 {
            bits.push(m.trailing_zeros().to_string());
            m &= m - 1;
        }
        assert_eq!(bits, corners);
    }

    #[test]
    fn evaluation_counts_captures_threats_and_places() {
        let rules = Rules::default();
        // Black leads 2-0 and has 4 captures: one more wins (RULES H4.1 capture 5).
        let pos: Position = "w8/9/9/9/9/9/9/9/b7b b 4 2 30".parse().unwrap();
        let e = evaluate(&pos, &rules, &Weights::SEARCH, Sight::FULL).units();
        // Material 200, one-to-win 40 against White's three-to-win 0; no threats;
        // Black has two corners (-12) and White one (-6); mobility: a1 7 + 7, i1 8 + 7
        // against a9 7 + 8, so 29 - 15.
        assert_eq!(e, 200 + 40 - 12 + 6 + 14);
        let black_view = e;
        let white = flipped(&pos);
        assert_eq!(
            evaluate(&white, &rules, &Weights::SEARCH, Sight::FULL).units(),
            -black_view
        );
    }
}

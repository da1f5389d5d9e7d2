//! Scores of both CPUs: [`Eval`], a score in a game's units that knows the ends of the
//! game at a distance in plies, and [`Window`], an alpha-beta window of two such scores.
//!
//! A game gives its scale ([`Scale`]): where the ends of the game begin and what lies
//! beyond every score. The Hasami CPU scores for the side to move (negamax) in
//! hundredths of a capture, with wins and losses near ±30 000
//! ([`HasamiScale`](super::hasami::HasamiScale)); the Yonin CPU scores for its own side in
//! centi-pawns, with final places near ±900 000 and ±300 000
//! ([`YoninScale`](super::yonin::YoninScale)). An end found `n` plies from the root scores
//! nearer zero than the same end found at the root by `n`, so the search prefers the
//! sooner good end and the later bad one, in the manner of tantabus's `Eval`
//! (`mate_in(ply)`).

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::ops::{Add, Neg, Sub};

/// The units of a game's scores: where its ends of the game begin and what lies beyond
/// every score.
pub trait Scale: Copy + Eq + Ord + Hash + fmt::Debug + Default {
    /// Scores at least this far from zero (and nearer than [`Scale::INFINITE`]) are
    /// ends of the game; ordinary evaluations stay below it.
    const END: i32;
    /// Beyond every score: the bounds of a full window.
    const INFINITE: i32;
}

/// A score in the units of the game `S`: an evaluation, or an end of the game at some
/// distance in plies ([`Eval::end`]). Ordered as the side it is for prefers; negating
/// gives the score for the other side (negamax).
pub struct Eval<S: Scale>(i32, PhantomData<S>);

impl<S: Scale> Eval<S> {
    /// Neither side better: the score of a draw (before any contempt).
    pub const DRAW: Eval<S> = Eval(0, PhantomData);
    /// Above every score: the bound of a full window.
    pub const INFINITE: Eval<S> = Eval(S::INFINITE, PhantomData);

    /// An evaluation of `units`, kept below the ends of the game (within
    /// `±(S::END - 1)`).
    pub const fn from_units(units: i32) -> Eval<S> {
        let limit = S::END - 1;
        Eval(
            if units > limit {
                limit
            } else if units < -limit {
                -limit
            } else {
                units
            },
            PhantomData,
        )
    }

    /// An end of the game worth `at_root` units had it come at the root, reached by the
    /// move made `ply` plies from the root: a good end (`at_root > 0`) scores `ply` less,
    /// a bad one `ply` more. `|at_root|` is at least `S::END + ply`.
    pub const fn end(at_root: i32, ply: u32) -> Eval<S> {
        let ply = ply as i32;
        Eval(
            if at_root > 0 {
                at_root - ply
            } else {
                at_root + ply
            },
            PhantomData,
        )
    }

    /// A score from its units as [`Eval::units`] gives them (no clamping).
    pub const fn from_raw(units: i32) -> Eval<S> {
        Eval(units, PhantomData)
    }

    /// The score in units.
    pub const fn units(self) -> i32 {
        self.0
    }

    /// Whether this is a good end of the game for the side it is for.
    pub const fn is_good_end(self) -> bool {
        self.0 >= S::END && self.0 < S::INFINITE
    }

    /// Whether this is a bad end of the game for the side it is for.
    pub const fn is_bad_end(self) -> bool {
        self.0 <= -S::END && self.0 > -S::INFINITE
    }

    /// The score to store in a transposition table at a node `ply` plies from the root:
    /// an end counted from that node rather than from the root, so the entry is right
    /// wherever the position is met again.
    pub const fn stored_in_table(self, ply: u32) -> Eval<S> {
        if self.is_good_end() {
            Eval(self.0 + ply as i32, PhantomData)
        } else if self.is_bad_end() {
            Eval(self.0 - ply as i32, PhantomData)
        } else {
            self
        }
    }

    /// The inverse of [`Eval::stored_in_table`] for a node `ply` plies from the root.
    pub const fn read_from_table(self, ply: u32) -> Eval<S> {
        if self.is_good_end() {
            Eval(self.0 - ply as i32, PhantomData)
        } else if self.is_bad_end() {
            Eval(self.0 + ply as i32, PhantomData)
        } else {
            self
        }
    }
}

// By hand rather than derived: a derive would ask the same of `S`, and the `Debug` form
// stays `Eval(units)`.
impl<S: Scale> Clone for Eval<S> {
    fn clone(&self) -> Eval<S> {
        *self
    }
}

impl<S: Scale> Copy for Eval<S> {}

impl<S: Scale> PartialEq for Eval<S> {
    fn eq(&self, other: &Eval<S>) -> bool {
        self.0 == other.0
    }
}

impl<S: Scale> Eq for Eval<S> {}

impl<S: Scale> PartialOrd for Eval<S> {
    fn partial_cmp(&self, other: &Eval<S>) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<S: Scale> Ord for Eval<S> {
    fn cmp(&self, other: &Eval<S>) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl<S: Scale> Hash for Eval<S> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<S: Scale> Default for Eval<S> {
    /// [`Eval::DRAW`].
    fn default() -> Eval<S> {
        Eval::DRAW
    }
}

impl<S: Scale> fmt::Debug for Eval<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Eval").field(&self.0).finish()
    }
}

impl<S: Scale> Neg for Eval<S> {
    type Output = Eval<S>;
    fn neg(self) -> Eval<S> {
        Eval(-self.0, PhantomData)
    }
}

impl<S: Scale> Add<i32> for Eval<S> {
    type Output = Eval<S>;
    /// The score `units` higher (no clamping).
    fn add(self, units: i32) -> Eval<S> {
        Eval(self.0 + units, PhantomData)
    }
}

impl<S: Scale> Sub<i32> for Eval<S> {
    type Output = Eval<S>;
    /// The score `units` lower (no clamping).
    fn sub(self, units: i32) -> Eval<S> {
        Eval(self.0 - units, PhantomData)
    }
}

/// An alpha-beta window for the side a search maximises for: scores at or below `alpha`
/// fail low (that side has something at least as good elsewhere), at or above `beta`
/// fail high (the other side will not allow the line). As in tantabus's `Window`.
pub struct Window<S: Scale> {
    /// The best score the maximising side is already sure of.
    pub alpha: Eval<S>,
    /// The score above which the other side avoids this position.
    pub beta: Eval<S>,
}

impl<S: Scale> Window<S> {
    /// Every score is inside.
    pub const FULL: Window<S> = Window {
        alpha: Eval(-S::INFINITE, PhantomData),
        beta: Eval::INFINITE,
    };

    /// The same window seen by the other side (negamax).
    pub fn flip(self) -> Window<S> {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// Whether `score` fails high (at or above `beta`): a cutoff.
    pub fn cuts(self, score: Eval<S>) -> bool {
        score >= self.beta
    }

    /// Whether no score lies strictly inside any more (`alpha >= beta`): the rest of the
    /// moves cannot change the result.
    pub fn is_closed(self) -> bool {
        self.alpha >= self.beta
    }
}

impl<S: Scale> Clone for Window<S> {
    fn clone(&self) -> Window<S> {
        *self
    }
}

impl<S: Scale> Copy for Window<S> {}

impl<S: Scale> PartialEq for Window<S> {
    fn eq(&self, other: &Window<S>) -> bool {
        self.alpha == other.alpha && self.beta == other.beta
    }
}

impl<S: Scale> Eq for Window<S> {}

impl<S: Scale> fmt::Debug for Window<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Window")
            .field("alpha", &self.alpha)
            .field("beta", &self.beta)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scale for the tests: ends from 1 000, beyond every score 2 000.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
    struct Small;

    impl Scale for Small {
        const END: i32 = 1_000;
        const INFINITE: i32 = 2_000;
    }

    type E = Eval<Small>;

    #[test]
    fn ends_are_nearer_zero_further_away_and_the_table_counts_from_the_node() {
        assert!(E::end(1_500, 1) > E::end(1_500, 3));
        assert!(E::end(-1_500, 3) > E::end(-1_500, 1));
        assert!(E::end(1_500, 3) > E::from_units(999));
        assert_eq!(E::from_units(5_000).units(), 999);
        assert!(!E::from_units(5_000).is_good_end());
        assert!(E::end(1_500, 9).is_good_end() && E::end(-1_500, 9).is_bad_end());
        assert!(!E::INFINITE.is_good_end() && !(-E::INFINITE).is_bad_end());
        let stored = E::end(1_500, 5).stored_in_table(2);
        assert_eq!(stored, E::end(1_500, 3));
        assert_eq!(stored.read_from_table(4), E::end(1_500, 7));
        assert_eq!(
            E::end(-1_500, 6).stored_in_table(2).read_from_table(2),
            E::end(-1_500, 6)
        );
        assert_eq!(E::from_units(37).stored_in_table(9), E::from_units(37));
        assert_eq!(E::from_units(10) + 5 - 2, E::from_units(13));
        assert_eq!(format!("{:?}", E::from_units(-4)), "Eval(-4)");
    }

    #[test]
    fn windows_flip_cut_and_close() {
        let w = Window::<Small> {
            alpha: E::from_units(-10),
            beta: E::from_units(20),
        };
        assert_eq!(
            w.flip(),
            Window {
                alpha: E::from_units(-20),
                beta: E::from_units(10)
            }
        );
        assert!(w.cuts(E::from_units(20)) && !w.cuts(E::from_units(19)));
        assert!(!w.is_closed());
        assert!(
            Window {
                alpha: E::from_units(20),
                ..w
            }
            .is_closed()
        );
        assert_eq!(Window::<Small>::FULL.alpha, -E::INFINITE);
    }
}

//! CPU players. Pure Rust (no leptos, web-sys or `std::time`): a CPU is called with a
//! game and what it may use ([`Think`]: a [`Level`], a seed, and optionally a [`Clock`]
//! with a time limit) and returns a move, so the same code runs natively (bounded in
//! nodes, reproducible) and in the browser (bounded in wall time too).

pub mod arena;
pub mod hasami;
pub mod score;
pub mod yonin;

/// How much a search may do. Counted in nodes and plies, never in wall time, so a
/// search gives the same answer on every machine for the same seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    /// Deepest full-width iteration, in plies (at least 1).
    pub max_depth: u32,
    /// Positions the search may visit before it stops and answers with the best move
    /// of the last finished iteration.
    pub max_nodes: u64,
}

impl Budget {
    /// The budget the CPU uses today: 3 plies, at most 150 000 positions.
    pub const DEFAULT: Budget = Budget {
        max_depth: 3,
        max_nodes: 150_000,
    };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// How strong a CPU seat plays, weakest first.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumIter,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Level {
    /// Sees nothing ahead: it takes the best capture at once most of the time
    /// ([`NOVICE_TAKES_PERCENT`]) and otherwise plays any legal move, never looking at
    /// the opponents' replies. A person playing a first game beats it.
    Novice,
    /// Sees little ahead: a person starting out can win.
    Beginner,
    /// A casual player (the default for a new CPU seat).
    #[default]
    Casual,
    /// A real fight (the default before the novice level; a saved seat without a level
    /// is strong: [`Level::SAVED_DEFAULT`]).
    Strong,
    /// The strongest, with a choice of think time.
    Master,
}

impl Level {
    /// The level of a saved CPU seat that names none: saves from before levels were
    /// kept meant the default of the time, strong. Not [`Level::default`] (casual, for
    /// new seats), so that the meaning of saved data never changes.
    pub const SAVED_DEFAULT: Level = Level::Strong;
}

/// How often, in percent, the Hasami novice takes the best capture at once when it has
/// one (decided by the move's seed); otherwise it plays a uniformly random legal move.
/// The Yonin novice has its own ([`yonin::NOVICE_TAKES_PERCENT`]).
pub const NOVICE_TAKES_PERCENT: u32 = 80;

/// Think times offered for [`Level::Master`], in milliseconds (the first is the default).
pub const THINK_TIMES_MS: [u32; 3] = [1_000, 3_000, 10_000];

/// A monotonic clock in milliseconds: `performance.now()` in a page or a worker,
/// `std::time::Instant` natively. Injected, because a search must never read the time
/// itself (`std::time` panics in wasm, and tests want reproducible results).
pub trait Clock {
    /// Milliseconds since some fixed instant; never goes backwards.
    fn now_ms(&self) -> f64;
}

/// A wall-time limit for a search, the same for both CPUs: the clock and the
/// milliseconds from the start of the search it may use.
#[derive(Clone, Copy)]
pub struct TimeLimit<'a> {
    /// The clock to read (never `std::time`, which panics in the browser).
    pub clock: &'a dyn Clock,
    /// Milliseconds from the start of the search.
    pub ms: f64,
}

/// What a CPU move may use and how it plays.
#[derive(Clone, Copy)]
pub struct Think<'a> {
    /// The level.
    pub level: Level,
    /// For [`Level::Master`]: the time it may think, in milliseconds (one of
    /// [`THINK_TIMES_MS`]); without a clock its node budget grows with it
    /// ([`Think::node_budget`]). The other levels ignore it.
    pub think_ms: u32,
    /// The seed: the same game, level and seed give the same move when no clock
    /// stops the search.
    pub seed: u64,
    /// A clock that bounds the search in wall time too (`think_ms` for the top level,
    /// a level's own short limit otherwise); `None`: nodes only.
    pub clock: Option<&'a dyn Clock>,
}

/// The share of a master's think time its search may use, in percent: the rest is kept
/// for what comes around the search (the worker replaying the game, the answer's way
/// back to the page), so that an answer arrives within the think time. Measured in
/// Chromium (`cargo test --test e2e measure_think_per_level -- --ignored --nocapture`):
/// a search of the whole 1 000 ms answered in 1 004–1 011 ms.
pub const SEARCH_SHARE_PERCENT: u32 = 95;

/// With a clock, a level other than the master stops after this many milliseconds even
/// if its node budget is not spent (a slow device). Both games.
pub const SAFETY_MS: u32 = 1_000;

impl<'a> Think<'a> {
    /// The wall-time bound of this think, if it has a clock: the clock and the
    /// milliseconds the search may use, [`Think::search_ms`] for the master (which then
    /// has no node limit: [`Think::nodes_unlimited`]) and [`SAFETY_MS`] for the other
    /// levels. `None` without a clock (nodes only).
    pub fn wall_limit(&self) -> Option<TimeLimit<'a>> {
        let ms = if self.level == Level::Master {
            self.search_ms()
        } else {
            SAFETY_MS
        };
        self.clock.map(|clock| TimeLimit {
            clock,
            ms: f64::from(ms),
        })
    }

    /// Whether the node budget is lifted: the master with a clock thinks for its time.
    pub fn nodes_unlimited(&self) -> bool {
        self.level == Level::Master && self.clock.is_some()
    }

    /// The node budget (Hasami nodes, Yonin work units) of a level whose budget for the
    /// default think time is `max_nodes`: without a clock the master's budget grows
    /// with its think time (`think_ms` / [`THINK_TIMES_MS`]`[0]` times `max_nodes`, so
    /// its 3 s and 10 s settings buy natively about the work they buy in the browser);
    /// `max_nodes` for the other levels, and for the master with a clock (which then
    /// stops by the clock: [`Think::nodes_unlimited`]).
    pub fn node_budget(&self, max_nodes: u64) -> u64 {
        if self.nodes_unlimited() {
            u64::MAX
        } else if self.level == Level::Master {
            max_nodes.saturating_mul(u64::from(self.think_ms)) / u64::from(THINK_TIMES_MS[0])
        } else {
            max_nodes
        }
    }

    /// The milliseconds a master's search may use with a clock: [`SEARCH_SHARE_PERCENT`]
    /// of `think_ms`.
    pub fn search_ms(&self) -> u32 {
        let ms = u64::from(self.think_ms) * u64::from(SEARCH_SHARE_PERCENT) / 100;
        u32::try_from(ms).unwrap_or(self.think_ms)
    }

    /// Nodes only, at `level`, with `seed`; the default think time.
    pub const fn nodes_only(level: Level, seed: u64) -> Think<'static> {
        Think {
            level,
            think_ms: THINK_TIMES_MS[0],
            seed,
            clock: None,
        }
    }
}

impl std::fmt::Debug for Think<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Think")
            .field("level", &self.level)
            .field("think_ms", &self.think_ms)
            .field("seed", &self.seed)
            .field("clock", &self.clock.map(|c| c.now_ms()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_keeps_a_twentieth_of_the_think_time_for_the_answer() {
        let think = |ms| Think {
            think_ms: ms,
            ..Think::nodes_only(Level::Master, 0)
        };
        assert_eq!(think(1_000).search_ms(), 950);
        assert_eq!(think(3_000).search_ms(), 2_850);
        assert_eq!(think(10_000).search_ms(), 9_500);
        assert_eq!(think(u32::MAX).search_ms(), 4_080_218_930);
    }

    #[test]
    fn natively_the_master_s_work_grows_with_its_think_time() {
        let think = |level, ms| Think {
            think_ms: ms,
            ..Think::nodes_only(level, 0)
        };
        assert_eq!(
            think(Level::Master, 1_000).node_budget(1_800_000),
            1_800_000
        );
        assert_eq!(
            think(Level::Master, 3_000).node_budget(1_800_000),
            5_400_000
        );
        assert_eq!(think(Level::Master, 10_000).node_budget(50_000), 500_000);
        assert_eq!(think(Level::Strong, 10_000).node_budget(150_000), 150_000);
        assert_eq!(
            think(Level::Master, u32::MAX).node_budget(u64::MAX),
            u64::MAX / 1_000
        );
        // With a clock the master stops by the clock alone.
        struct Still;
        impl Clock for Still {
            fn now_ms(&self) -> f64 {
                0.0
            }
        }
        let with_clock = Think {
            clock: Some(&Still),
            ..think(Level::Master, 3_000)
        };
        assert_eq!(with_clock.node_budget(1_800_000), u64::MAX);
        let strong = Think {
            clock: Some(&Still),
            ..think(Level::Strong, 3_000)
        };
        assert_eq!(strong.node_budget(150_000), 150_000);
    }
}

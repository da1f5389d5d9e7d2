//! CPU players. Pure Rust (no leptos, web-sys or `std::time`): a CPU is called with a
//! game and a [`Budget`] and returns a move, so it can run on the page's thread today
//! and in a Web Worker later without change.

pub mod hasami;
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

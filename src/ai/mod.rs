//! CPU players. Pure Rust: called with a position and a budget, returns a move.

//! Hasami Shogi, RULES Part H.

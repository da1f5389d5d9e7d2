//! The best-reply levels' transposition table: scores and best moves of positions
//! searched, keyed by a hash of the whole position.

use super::Eval;
use crate::engine::yonin::{Move, Position, Seat};

/// What a table score is to the true score of its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// A transposition-table entry.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    /// The score, ends counted from the entry's position ([`Eval::stored_in_table`]).
    pub(super) score: Eval,
    pub(super) depth: u8,
    pub(super) bound: Bound,
    /// The move that scored best (or cut off) and its seat.
    pub(super) best: Option<(Seat, Move)>,
}

/// The transposition table: one entry per slot, always replaced. A position's key is
/// its hash (`rustc_hash`: no random seed, the same on every machine of one word size) over everything a
/// score depends on: board, hands, seat to move, live seats, mates, moves played (the
/// move limit) and rules. The CPU's seat is the same for the whole search. A move from
/// the table is only used to reorder generated moves, so a collision never plays an
/// illegal move.
pub(super) struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `entries` slots (rounded up to a power of two; 0: a table that keeps
    /// nothing).
    pub(super) fn new(entries: usize) -> Table {
        let n = if entries == 0 {
            0
        } else {
            entries.next_power_of_two()
        };
        Table {
            entries: vec![None; n],
        }
    }

    pub(super) fn key(&self, pos: &Position) -> u64 {
        if self.entries.is_empty() {
            return 0;
        }
        let mut h = rustc_hash::FxHasher::default();
        std::hash::Hash::hash(pos, &mut h);
        std::hash::Hasher::finish(&h)
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self
            .entries
            .get(key as usize & self.entries.len().wrapping_sub(1))?;
        slot.filter(|e| e.key == key)
    }

    pub(super) fn store(
        &mut self,
        key: u64,
        depth: u32,
        score: Eval,
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

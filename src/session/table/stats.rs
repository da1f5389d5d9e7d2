//! The results of the people at a table, kept on this device ([`Stats`]): per kind of
//! opponent (other people, or the CPU at a level), Hasami's wins, draws and losses and
//! Yonin's places. A finished game counts once: the count is part of the table, saved
//! with it in one write, so a reload or another tab never counts it again; taking back
//! the move (or the resignation) that ended a game uncounts it.

use crate::ai::Level;
use serde::{Deserialize, Serialize};

/// Who the people at the table played against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Against {
    /// Only people at the table (pass-and-play).
    People,
    /// The CPU; in Yonin the strongest level among the CPU seats.
    Cpu(Level),
}

/// How one person seat finished a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Won (Hasami).
    Win,
    /// Drawn (Hasami; a Yonin pairs draw).
    Draw,
    /// Lost (Hasami).
    Loss,
    /// Finished in this place, 1 to 4 (Yonin, RULES Y6.1, Y6.5, Y7b.7).
    Place(u8),
}

/// One line of the statistics: the results against one kind of opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsRow {
    /// The opponents.
    pub against: Against,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games finished first, second, third and fourth.
    pub places: [u32; 4],
}

impl StatsRow {
    fn new(against: Against) -> StatsRow {
        StatsRow {
            against,
            wins: 0,
            draws: 0,
            losses: 0,
            places: [0; 4],
        }
    }

    /// Games counted in this row.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses + self.places.iter().sum::<u32>()
    }

    fn slot(&mut self, standing: Standing) -> Option<&mut u32> {
        match standing {
            Standing::Win => Some(&mut self.wins),
            Standing::Draw => Some(&mut self.draws),
            Standing::Loss => Some(&mut self.losses),
            Standing::Place(p @ 1..=4) => Some(&mut self.places[usize::from(p) - 1]),
            Standing::Place(_) => None,
        }
    }
}

/// The statistics of a table: one row per kind of opponent met, in the order
/// people, then the CPU levels from the weakest.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// The rows, sorted by [`StatsRow::against`].
    pub rows: Vec<StatsRow>,
}

impl Stats {
    /// Adds (`delta` = 1) or removes (`delta` = -1) the standings of one game against
    /// `against`. A count never goes below zero; a row left empty is removed.
    pub fn count(&mut self, against: Against, standings: &[Standing], delta: i32) {
        let i = match self.rows.binary_search_by_key(&against, |r| r.against) {
            Ok(i) => i,
            Err(i) => {
                self.rows.insert(i, StatsRow::new(against));
                i
            }
        };
        for &standing in standings {
            if let Some(n) = self.rows[i].slot(standing) {
                *n = if delta >= 0 {
                    n.saturating_add(delta.unsigned_abs())
                } else {
                    n.saturating_sub(delta.unsigned_abs())
                };
            }
        }
        if self.rows[i].games() == 0 {
            self.rows.remove(i);
        }
    }

    /// Whether nothing has been counted.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

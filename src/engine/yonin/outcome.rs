//! How a game ended and the placings (RULES Y6, Y7.2, Y7b.7).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Seat, SeatSet};

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Enough seats were mated: two (individual, default), all but one (to the last), or
    /// one (pairs) (RULES Y6.1, Y6.2, Y7.2).
    Mates,
    /// The same position occurred for the fourth time (RULES Y6.3).
    Repetition,
    /// The moves of all seats together reached the move limit (RULES Y6.4).
    MoveLimit,
}

/// The end of a game: the reason and the placings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Why the game ended.
    pub reason: EndReason,
    /// Place of each seat (indexed by [`Seat::index`], 1 = first), equal seats sharing a
    /// place with competition ranking (1, 1, 3, 4); `None` for a pairs draw (RULES Y6.5).
    pub placings: Option<[u8; 4]>,
}

impl Outcome {
    /// An outcome with these placings.
    pub const fn new(reason: EndReason, placings: Option<[u8; 4]>) -> Outcome {
        Outcome { reason, placings }
    }

    /// The place of `seat` (1..=4), `None` in a draw.
    pub fn place(&self, seat: Seat) -> Option<u8> {
        self.placings.map(|p| p[seat.index()])
    }

    /// Whether the game is drawn without placings (pairs, RULES Y6.5).
    pub const fn is_draw(&self) -> bool {
        self.placings.is_none()
    }

    /// The seats placed first (empty in a draw).
    pub fn winners(&self) -> SeatSet {
        Seat::ALL
            .into_iter()
            .filter(|&s| self.place(s) == Some(1))
            .collect()
    }
}

impl fmt::Display for Outcome {
    /// `mates: South 1, West 4, North 3, East 2` or `repetition: draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match self.reason {
            EndReason::Mates => "mates",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move limit",
        };
        match self.placings {
            None => write!(f, "{reason}: draw"),
            Some(p) => {
                write!(f, "{reason}:")?;
                for (i, s) in Seat::ALL.into_iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{s} {}", p[i])?;
                }
                Ok(())
            }
        }
    }
}

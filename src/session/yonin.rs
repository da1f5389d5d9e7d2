//! The Yonin Shogi table's site settings (RULES Y8): what the settings panel holds
//! besides the local rules of [`crate::engine::yonin::Rules`].

use super::TimePerMove;
use crate::engine::yonin::Seat;
use serde::{Deserialize, Serialize};

/// Site settings of RULES Y8 that do not change the rules the engine applies.
/// `Default` is the RULES default (show legal moves on, alternate who starts on, no time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Mark the squares the selected piece can reach.
    pub show_legal_moves: bool,
    /// Each new game starts one seat further clockwise (RULES Y1.5).
    pub alternate_who_starts: bool,
    /// Time per move; when it runs out the CPU moves for the seat (RULES H5.1).
    pub time_per_move: TimePerMove,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            show_legal_moves: true,
            alternate_who_starts: true,
            time_per_move: TimePerMove::None,
        }
    }
}

impl Settings {
    /// The seat that starts the game after one that `previous` started (RULES Y1.5): the
    /// next seat clockwise with *alternate who starts* on, South otherwise. The first game
    /// of all starts with South.
    pub const fn next_starting_seat(&self, previous: Seat) -> Seat {
        if self.alternate_who_starts {
            previous.next()
        } else {
            Seat::South
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_seat_alternates_y1_5() {
        // RULES Y1.5
        let s = Settings::default();
        assert_eq!(s.next_starting_seat(Seat::South), Seat::West);
        assert_eq!(s.next_starting_seat(Seat::East), Seat::South);
        let fixed = Settings {
            alternate_who_starts: false,
            ..Settings::default()
        };
        assert_eq!(fixed.next_starting_seat(Seat::North), Seat::South);
    }
}

//! What a move sounds and looks like: the sound it makes ([`MoveSound`], from its
//! report) and what the board animates ([`MoveMotion`], from where it starts and ends).
//! Pure decisions, tested natively; the UI only plays the sound and draws the motion.
//!
//! Only moves made on this page make a sound or move on the board (a person's click or
//! the CPU's answer, see [`super::table::Table::move_feedback`]); a game opened from
//! storage or taken from another tab is shown as it stands.

use crate::engine::Square;
use crate::engine::{hasami, yonin};
use serde::{Deserialize, Serialize};

/// What the last move made on this page sounds and looks like
/// ([`super::table::Table::move_feedback`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveFeedback {
    /// Counts the moves made on this page (a person's or the CPU's), from 1: a new
    /// value is a new move to sound and show.
    pub id: u64,
    /// Its sound (before the player's mute switch).
    pub sound: MoveSound,
    /// What the board animates (before the player's motion choice).
    pub motion: MoveMotion,
}

/// The sound a move makes, from the quietest to the most telling; a move makes only
/// the most telling one that applies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MoveSound {
    /// No sound.
    None,
    /// A plain move or drop: a short soft tick.
    Move,
    /// The move captured (Hasami: sandwiched at least one piece; Yonin: took a piece).
    Capture,
    /// The move gave check or mated a seat without ending the game (Yonin only).
    Check,
    /// The move ended the game.
    End,
}

/// The sound of a Hasami move (RULES H3, H4): the end of the game, else a capture,
/// else a plain move. Hasami has no check.
pub fn hasami_sound(report: &hasami::MoveReport) -> MoveSound {
    if report.outcome.is_some() {
        MoveSound::End
    } else if !report.captured.is_empty() {
        MoveSound::Capture
    } else {
        MoveSound::Move
    }
}

/// The sound of a Yonin move (RULES Y3.3, Y5, Y6): the end of the game, else a check
/// given or a seat mated, else a capture, else a plain move or drop.
pub fn yonin_sound(report: &yonin::MoveReport) -> MoveSound {
    if report.outcome.is_some() {
        MoveSound::End
    } else if !report.checks.is_empty() || !report.mated.is_empty() {
        MoveSound::Check
    } else if report.captured.is_some() {
        MoveSound::Capture
    } else {
        MoveSound::Move
    }
}

/// The sound to play for `sound` when the player has sound on (`enabled`): nothing
/// when it is off.
pub const fn audible(sound: MoveSound, enabled: bool) -> MoveSound {
    if enabled { sound } else { MoveSound::None }
}

/// How moves are shown: a preference of the app ([`super::app::Preferences::motion`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Motion {
    /// The piece slides from its square to its destination (a drop fades in); the
    /// default. Off anyway when the system asks for reduced motion.
    #[default]
    Animated,
    /// Pieces appear on their new square at once.
    Instant,
}

impl Motion {
    /// Every choice, the default first.
    pub const ALL: [Motion; 2] = [Motion::Animated, Motion::Instant];

    /// The code of the choice: the `value` of its option in the `motion` select and
    /// the saved value.
    pub const fn code(self) -> &'static str {
        match self {
            Motion::Animated => "animated",
            Motion::Instant => "instant",
        }
    }

    /// The choice whose [`Motion::code`] is `code`, if any.
    pub fn from_code(code: &str) -> Option<Motion> {
        Motion::ALL.into_iter().find(|m| m.code() == code)
    }
}

/// What the board animates for the last move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveMotion {
    /// Nothing: the pieces are drawn where they stand.
    None,
    /// The piece now on `to` slides there from `from`.
    Slide {
        /// The square the piece left.
        from: Square,
        /// The square it went to.
        to: Square,
    },
    /// The piece now on `to` was dropped from a hand: it fades and scales in.
    Drop {
        /// The square it was dropped on.
        to: Square,
    },
}

impl MoveMotion {
    /// The motion of a move from `from` (`None` for a drop from a hand) to `to`.
    pub const fn of(from: Option<Square>, to: Square) -> MoveMotion {
        match from {
            Some(from) => MoveMotion::Slide { from, to },
            None => MoveMotion::Drop { to },
        }
    }

    /// What is shown of this motion under the player's choice `motion` when the system
    /// asks for reduced motion (`reduced`, `prefers-reduced-motion: reduce`) or not:
    /// nothing when either turns motion off.
    pub const fn shown(self, motion: Motion, reduced: bool) -> MoveMotion {
        match motion {
            Motion::Animated if !reduced => self,
            _ => MoveMotion::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::{Game as HGame, Rules as HRules};
    use crate::engine::yonin::{Game as YGame, Move as YMove, Position as YPosition};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn hplay(game: &mut HGame, mv: &str) -> hasami::MoveReport {
        game.play(mv.parse().unwrap()).unwrap()
    }

    #[test]
    fn hasami_moves_sound_as_moves_captures_and_the_end() {
        let mut game = HGame::new(HRules::default());
        // Black's c1 and e1 pieces close on d5's White piece: e1e5 then ... d9d5, c1c5.
        assert_eq!(hasami_sound(&hplay(&mut game, "e1e5")), MoveSound::Move);
        assert_eq!(hasami_sound(&hplay(&mut game, "d9d5")), MoveSound::Move);
        let capture = hplay(&mut game, "c1c5");
        assert_eq!(capture.captured.len(), 1, "d5 is sandwiched (RULES H3)");
        assert_eq!(hasami_sound(&capture), MoveSound::Capture);
        // A resignation ends the game with no move; a move that ends it sounds the end.
        let end = hasami::MoveReport {
            outcome: Some(hasami::Outcome::Win {
                winner: hasami::Player::Black,
                reason: hasami::WinReason::CapturedFive,
            }),
            ..capture
        };
        assert_eq!(hasami_sound(&end), MoveSound::End, "the end over a capture");
    }

    #[test]
    fn yonin_moves_sound_as_moves_drops_captures_checks_and_the_end() {
        // South's silver on e6 captures North's pawn on e7 (promoting or not).
        let pos: YPosition = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw2Ss2PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/4RsPs3/2SsGsKsGs3 P/-/-/- s - 0 -"
            .parse()
            .unwrap();
        let game = YGame::from_position(pos);
        let mut g = game.clone();
        let capture = g.play("e6e7".parse::<YMove>().unwrap()).unwrap();
        assert!(capture.captured.is_some());
        let expected = if capture.checks.is_empty() {
            MoveSound::Capture
        } else {
            MoveSound::Check
        };
        assert_eq!(yonin_sound(&capture), expected);
        let mut g = game.clone();
        let drop = g.play("P*d5".parse::<YMove>().unwrap()).unwrap();
        assert!(drop.captured.is_none() && drop.checks.is_empty() && drop.outcome.is_none());
        assert_eq!(yonin_sound(&drop), MoveSound::Move);
        // A check given (the report of a real move, with its checks set).
        let check = yonin::MoveReport {
            checks: yonin::SeatSet::EMPTY.with(yonin::Seat::North),
            ..drop.clone()
        };
        assert_eq!(yonin_sound(&check), MoveSound::Check);
        let capture_and_check = yonin::MoveReport {
            captured: Some(yonin::Role::Pawn),
            ..check.clone()
        };
        assert_eq!(
            yonin_sound(&capture_and_check),
            MoveSound::Check,
            "the check is more telling than the capture"
        );
        // The move that ends the game: a move limit of 8 moves (RULES Y6.4) ends it.
        let rules = yonin::Rules {
            move_limit: Some(8),
            ..yonin::Rules::default()
        };
        let mut g = YGame::new(rules, yonin::Seat::South);
        let mut reports = Vec::new();
        while let Some(&mv) = g.legal_moves().iter().next() {
            reports.push(g.play(mv).unwrap());
        }
        let (last, before) = reports.split_last().expect("moves were played");
        assert!(last.outcome.is_some(), "the game ended");
        assert_eq!(yonin_sound(last), MoveSound::End);
        assert!(before.iter().all(|r| yonin_sound(r) != MoveSound::End));
    }

    #[test]
    fn muted_means_no_sound() {
        assert_eq!(audible(MoveSound::Capture, true), MoveSound::Capture);
        assert_eq!(audible(MoveSound::Capture, false), MoveSound::None);
        assert_eq!(audible(MoveSound::End, false), MoveSound::None);
    }

    #[test]
    fn motion_is_off_when_instant_or_reduced() {
        let slide = MoveMotion::of(Some(sq("e1")), sq("e5"));
        assert_eq!(
            slide,
            MoveMotion::Slide {
                from: sq("e1"),
                to: sq("e5")
            }
        );
        assert_eq!(
            MoveMotion::of(None, sq("d5")),
            MoveMotion::Drop { to: sq("d5") }
        );
        assert_eq!(slide.shown(Motion::Animated, false), slide);
        assert_eq!(slide.shown(Motion::Animated, true), MoveMotion::None);
        assert_eq!(slide.shown(Motion::Instant, false), MoveMotion::None);
        assert_eq!(slide.shown(Motion::Instant, true), MoveMotion::None);
    }

    #[test]
    fn motion_codes_round_trip() {
        for m in Motion::ALL {
            assert_eq!(Motion::from_code(m.code()), Some(m));
            assert_eq!(
                serde_json::to_value(m).unwrap(),
                serde_json::json!(m.code())
            );
        }
        assert_eq!(Motion::from_code("slow"), None);
        assert_eq!(Motion::default(), Motion::Animated);
    }
}

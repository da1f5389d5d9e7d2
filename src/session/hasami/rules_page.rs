//! The rules page of Hasami Shogi (RULES Part H): which topics it shows, in which
//! order, the RULES section each one explains, and the small diagrams, whose positions
//! are built with the engine so that what a caption says is what the engine does
//! (tested below by playing the marked move). The UI draws each diagram with
//! [`crate::session::board::diagram_view`]; the texts come from the translations.

use crate::engine::hasami::{self, Player};
use crate::engine::{Square, SquareSet};
use crate::session::board::Marks;

/// A Hasami diagram: a position and its marks.
#[derive(Clone, PartialEq, Debug)]
pub struct HasamiDiagram {
    /// The position drawn (before the marked move, if any).
    pub position: hasami::Position,
    /// What is marked.
    pub marks: Marks,
    /// The move the caption talks about.
    pub mv: Option<hasami::Move>,
}

/// The topics of the Hasami rules page, in the order shown (RULES Part H).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HasamiTopic {
    /// Setup and movement: rook moves, no jumping (H1, H2).
    Movement,
    /// Custodian capture of one piece (H3.1).
    Capture,
    /// Several pieces in a line and several directions at once (H3.1, H3.3).
    CaptureMany,
    /// The corner capture (H3.4).
    Corner,
    /// Moving between two enemies is safe (H3.5).
    Safe,
    /// The win conditions (H4.1).
    Win,
    /// No legal move loses (H4.2).
    NoMove,
    /// Repetition (H4.4).
    Repetition,
    /// The move limit (H4.5).
    MoveLimit,
}

impl HasamiTopic {
    /// Every topic, in page order.
    pub const ALL: [HasamiTopic; 9] = [
        HasamiTopic::Movement,
        HasamiTopic::Capture,
        HasamiTopic::CaptureMany,
        HasamiTopic::Corner,
        HasamiTopic::Safe,
        HasamiTopic::Win,
        HasamiTopic::NoMove,
        HasamiTopic::Repetition,
        HasamiTopic::MoveLimit,
    ];

    /// The RULES section the topic explains, e.g. `"H3.4"`.
    pub const fn rule(self) -> &'static str {
        match self {
            HasamiTopic::Movement => "H2",
            HasamiTopic::Capture => "H3.1",
            HasamiTopic::CaptureMany => "H3.3",
            HasamiTopic::Corner => "H3.4",
            HasamiTopic::Safe => "H3.5",
            HasamiTopic::Win => "H4.1",
            HasamiTopic::NoMove => "H4.2",
            HasamiTopic::Repetition => "H4.4",
            HasamiTopic::MoveLimit => "H4.5",
        }
    }

    /// A stable name: the section's `data-topic` and element id (`rules-NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            HasamiTopic::Movement => "movement",
            HasamiTopic::Capture => "capture",
            HasamiTopic::CaptureMany => "capture-many",
            HasamiTopic::Corner => "corner",
            HasamiTopic::Safe => "safe",
            HasamiTopic::Win => "win",
            HasamiTopic::NoMove => "no-move",
            HasamiTopic::Repetition => "repetition",
            HasamiTopic::MoveLimit => "move-limit",
        }
    }

    /// The topic's diagram, if it has one.
    pub fn diagram(self) -> Option<HasamiDiagram> {
        use HasamiTopic::*;
        match self {
            // A black piece on e5 slides along its rank and file until a piece or the
            // edge stops it.
            Movement => Some(hasami_diagram(
                &["e5", "b5"],
                &["e8"],
                "e5",
                None,
                Player::Black,
            )),
            // e1-e5 closes c5 (black) - d5 (white) - e5: d5 is captured.
            Capture => Some(hasami_diagram(
                &["c5", "e1", "a9"],
                &["d5", "h7"],
                "e1",
                Some("e5"),
                Player::Black,
            )),
            // e1-e5 closes two lines: c5, d5 (to b5) and e6, e7 (to e8); f5 is not
            // closed (g5 is empty).
            CaptureMany => Some(hasami_diagram(
                &["b5", "e8", "e1"],
                &["c5", "d5", "e6", "e7", "f5"],
                "e1",
                Some("e5"),
                Player::Black,
            )),
            // a5-a2 takes both squares next to the corner a1 (b1 is already black).
            Corner => Some(hasami_diagram(
                &["b1", "a5"],
                &["a1", "d4"],
                "a5",
                Some("a2"),
                Player::Black,
            )),
            // e1-e5 goes between d5 and f5: nothing happens to it.
            Safe => Some(hasami_diagram(
                &["e1", "c3"],
                &["d5", "f5"],
                "e1",
                Some("e5"),
                Player::Black,
            )),
            // Black's only piece, in the corner a1, is shut in by a2 and b1.
            NoMove => {
                let position = hasami_position(&["a1"], &["a2", "b1", "e6"], Player::Black);
                let marks = Marks {
                    alert: SquareSet::single(sq("a1")),
                    ..Marks::default()
                };
                Some(HasamiDiagram {
                    position,
                    marks,
                    mv: None,
                })
            }
            Win | Repetition | MoveLimit => None,
        }
    }
}

/// The square named `name` (a constant of this module: always valid).
fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

/// A Hasami position with these pieces, `side` to move, no captures yet.
fn hasami_position(black: &[&str], white: &[&str], side: Player) -> hasami::Position {
    let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
    hasami::Position::from_parts(set(black), set(white), side, [0, 0], 0)
        .expect("a valid diagram position")
}

/// A Hasami diagram: the piece on `from` selected; with `to`, the move `from`-`to` and
/// the pieces it captures marked; without, every square the piece reaches.
fn hasami_diagram(
    black: &[&str],
    white: &[&str],
    from: &str,
    to: Option<&str>,
    side: Player,
) -> HasamiDiagram {
    let position = hasami_position(black, white, side);
    let from = sq(from);
    let mut marks = Marks {
        from: Some(from),
        ..Marks::default()
    };
    let mv = to.map(|to| hasami::Move::new(from, sq(to)));
    match mv {
        Some(mv) => {
            marks.to = Some(mv.to);
            let mut after = position;
            marks.captured = after.play(mv).expect("the diagram's move is legal");
        }
        None => marks.targets = position.destinations(from),
    }
    HasamiDiagram {
        position,
        marks,
        mv,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::{Game, Outcome, Rules, WinReason};

    fn set(names: &[&str]) -> SquareSet {
        names.iter().map(|n| sq(n)).collect()
    }

    fn hasami(topic: HasamiTopic) -> HasamiDiagram {
        topic.diagram().expect("a diagram")
    }

    #[test]
    fn topics_have_unique_names_and_cite_rules() {
        let names: std::collections::HashSet<_> =
            HasamiTopic::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(names.len(), HasamiTopic::ALL.len());
        assert!(HasamiTopic::ALL.iter().all(|t| t.rule().starts_with('H')));
        // The diagrams the rules pages must have at least.
        for t in [
            HasamiTopic::Movement,
            HasamiTopic::Capture,
            HasamiTopic::Corner,
            HasamiTopic::Safe,
        ] {
            assert!(t.diagram().is_some(), "{t:?}");
        }
    }

    /// RULES H2.1, H2.2: the marked squares are exactly the rook moves of e5, stopped
    /// by b5 and e8.
    #[test]
    fn hasami_movement_marks_the_rook_moves() {
        let d = hasami(HasamiTopic::Movement);
        assert_eq!(d.marks.from, Some(sq("e5")));
        assert_eq!(
            d.marks.targets,
            set(&[
                "e6", "e7", "e4", "e3", "e2", "e1", "c5", "d5", "f5", "g5", "h5", "i5"
            ])
        );
        assert!(d.mv.is_none());
    }

    /// RULES H3.1: e1-e5 captures d5 and only d5.
    #[test]
    fn hasami_capture_takes_the_sandwiched_piece() {
        let d = hasami(HasamiTopic::Capture);
        assert_eq!(d.mv.map(|m| m.to_string()).as_deref(), Some("e1e5"));
        let mut pos = d.position;
        let captured = pos.play(d.mv.unwrap()).unwrap();
        assert_eq!(captured, set(&["d5"]));
        assert_eq!(d.marks.captured, captured);
        assert_eq!(pos.captures(Player::Black), 1);
        assert_eq!(pos.pieces(Player::White), set(&["h7"]));
    }

    /// RULES H3.1, H3.3: two lines at once, two pieces each; f5 stays (g5 is empty).
    #[test]
    fn hasami_capture_many_takes_two_lines() {
        let d = hasami(HasamiTopic::CaptureMany);
        let mut pos = d.position;
        let captured = pos.play(d.mv.unwrap()).unwrap();
        assert_eq!(captured, set(&["c5", "d5", "e6", "e7"]));
        assert_eq!(d.marks.captured, captured);
        assert_eq!(pos.pieces(Player::White), set(&["f5"]));
        assert_eq!(pos.captures(Player::Black), 4);
    }

    /// RULES H3.4: a5-a2 takes the corner a1, and only it.
    #[test]
    fn hasami_corner_capture() {
        let d = hasami(HasamiTopic::Corner);
        assert_eq!(d.mv.map(|m| m.to_string()).as_deref(), Some("a5a2"));
        let mut pos = d.position;
        let captured = pos.play(d.mv.unwrap()).unwrap();
        assert_eq!(captured, set(&["a1"]));
        assert_eq!(d.marks.captured, captured);
        assert_eq!(pos.pieces(Player::White), set(&["d4"]));
    }

    /// RULES H3.5: moving between d5 and f5 captures nothing and the piece stays.
    #[test]
    fn hasami_safe_move_between_two_enemies() {
        let d = hasami(HasamiTopic::Safe);
        let mut pos = d.position;
        let captured = pos.play(d.mv.unwrap()).unwrap();
        assert!(captured.is_empty());
        assert!(d.marks.captured.is_empty());
        assert_eq!(pos.piece_at(sq("e5")), Some(Player::Black));
        assert_eq!(pos.pieces(Player::White), set(&["d5", "f5"]));
        // White to move cannot take it without moving away and back (H3.5).
        assert_eq!(pos.side_to_move(), Player::White);
    }

    /// RULES H4.2: Black, shut in on a1, has no legal move and has lost.
    #[test]
    fn hasami_no_legal_move_loses() {
        let d = hasami(HasamiTopic::NoMove);
        assert!(!d.position.has_legal_move());
        let game = Game::from_position(Rules::default(), d.position);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Player::White,
                reason: WinReason::NoLegalMove
            })
        );
        assert_eq!(d.marks.alert, set(&["a1"]));
    }
}

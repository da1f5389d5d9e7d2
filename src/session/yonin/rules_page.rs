//! The rules page of Yonin Shogi (RULES Part Y): which topics it shows, in which
//! order, the RULES section each one explains, and the small diagrams, whose positions
//! are built with the engine so that what a caption says is what the engine does
//! (tested below by playing the marked move). The UI draws each diagram with
//! [`crate::session::board::diagram_view`]; the texts come from the translations.

use crate::engine::yonin::{self, Hand, Piece, Role, Rules as YoninRules, Seat};
use crate::engine::{Square, SquareSet};
use crate::session::board::Marks;

/// A Yonin diagram: a position, its marks and the hand to draw.
#[derive(Clone, PartialEq, Debug)]
pub struct YoninDiagram {
    /// The position before the move the caption talks about (or the only one).
    pub position: yonin::Position,
    /// Whether the diagram shows the position after [`YoninDiagram::mv`] (see
    /// [`YoninDiagram::shown`]) rather than before it.
    pub after: bool,
    /// What is marked.
    pub marks: Marks,
    /// The move the caption talks about.
    pub mv: Option<yonin::Move>,
    /// The seat whose hand is drawn next to the board, if any.
    pub hand: Option<Seat>,
}

impl YoninDiagram {
    /// The position to draw: [`YoninDiagram::position`], or the position after the
    /// move when [`YoninDiagram::after`] is set.
    pub fn shown(&self) -> yonin::Position {
        let mut pos = self.position.clone();
        if self.after
            && let Some(mv) = self.mv
        {
            pos.play(mv).expect("the diagram's move is legal");
        }
        pos
    }
}

/// The topics of the Yonin rules page, in the order shown (RULES Part Y).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum YoninTopic {
    /// The four seats, their pieces and the turn order (Y1.1, Y1.2, Y2.1).
    Seats,
    /// How the pieces move (Y1.4).
    Moves,
    /// Facing: forward is away from the owner's side (Y1.3).
    Facing,
    /// Captures, hands and drops, nifu and the pawn-drop mate (Y2.2, Y2.3, Y4).
    Drops,
    /// The promotion zone (Y2.4).
    Promotion,
    /// Check priority: the first seat in check clockwise moves next (Y3.3).
    CheckPriority,
    /// Mate, and what becomes of the mated seat's pieces (Y5).
    Mate,
    /// End of the game and placings (Y6).
    End,
    /// Pairs (Y7).
    Pairs,
}

impl YoninTopic {
    /// Every topic, in page order.
    pub const ALL: [YoninTopic; 9] = [
        YoninTopic::Seats,
        YoninTopic::Moves,
        YoninTopic::Facing,
        YoninTopic::Drops,
        YoninTopic::Promotion,
        YoninTopic::CheckPriority,
        YoninTopic::Mate,
        YoninTopic::End,
        YoninTopic::Pairs,
    ];

    /// The RULES section the topic explains, e.g. `"Y3.3"`.
    pub const fn rule(self) -> &'static str {
        match self {
            YoninTopic::Seats => "Y1.1",
            YoninTopic::Moves => "Y1.4",
            YoninTopic::Facing => "Y1.3",
            YoninTopic::Drops => "Y2.3, Y4",
            YoninTopic::Promotion => "Y2.4",
            YoninTopic::CheckPriority => "Y3.3",
            YoninTopic::Mate => "Y5",
            YoninTopic::End => "Y6",
            YoninTopic::Pairs => "Y7",
        }
    }

    /// A stable name: the section's `data-topic` and element id (`rules-NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            YoninTopic::Seats => "seats",
            YoninTopic::Moves => "moves",
            YoninTopic::Facing => "facing",
            YoninTopic::Drops => "drops",
            YoninTopic::Promotion => "promotion",
            YoninTopic::CheckPriority => "check-priority",
            YoninTopic::Mate => "mate",
            YoninTopic::End => "end",
            YoninTopic::Pairs => "pairs",
        }
    }

    /// The topic's diagram, if it has one.
    pub fn diagram(self) -> Option<YoninDiagram> {
        match self {
            YoninTopic::Seats => Some(YoninDiagram {
                after: false,
                position: yonin::Position::start(YoninRules::default(), Seat::South),
                marks: Marks::default(),
                mv: None,
                hand: None,
            }),
            // A South gold on e5: the squares it reaches.
            YoninTopic::Moves => Some(reach_diagram(Piece::new(Role::Gold, Seat::South))),
            // A West silver on e5: forward is east.
            YoninTopic::Facing => Some(reach_diagram(Piece::new(Role::Silver, Seat::West))),
            // South's pawn in hand: every square it may be dropped on.
            YoninTopic::Drops => {
                let position = mate_base();
                let marks = Marks {
                    targets: position.drop_squares(Role::Pawn),
                    ..Marks::default()
                };
                Some(YoninDiagram {
                    after: false,
                    position,
                    marks,
                    mv: None,
                    hand: Some(Seat::South),
                })
            }
            // A South silver on e6 steps into South's zone (ranks 7 to 9).
            YoninTopic::Promotion => {
                let position = yonin_position(&[("e6", Piece::new(Role::Silver, Seat::South))]);
                let zone = Square::all().filter(|s| s.rank() >= 6).collect();
                let marks = Marks {
                    from: Some(sq("e6")),
                    to: Some(sq("e7")),
                    zone,
                    ..Marks::default()
                };
                Some(YoninDiagram {
                    after: false,
                    position,
                    marks,
                    mv: Some(ymv("e6e7+")),
                    hand: None,
                })
            }
            // After South's rook c2-c9, which checks North across the board: North moves
            // next and West's turn is skipped.
            YoninTopic::CheckPriority => {
                let position = yonin_position(&[("c2", Piece::new(Role::Rook, Seat::South))]);
                let marks = Marks {
                    last: [sq("c2"), sq("c9")].into_iter().collect(),
                    alert: SquareSet::single(sq("e9")),
                    ..Marks::default()
                };
                Some(YoninDiagram {
                    after: true,
                    position,
                    marks,
                    mv: Some(ymv("c2c9")),
                    hand: None,
                })
            }
            // After South drops its gold on e8: North could not move, it is mated by
            // South, and its silvers and pawns are South's.
            YoninTopic::Mate => {
                let position = mate_base();
                let marks = Marks {
                    last: SquareSet::single(sq("e8")),
                    ..Marks::default()
                };
                Some(YoninDiagram {
                    after: true,
                    position,
                    marks,
                    mv: Some(ymv("G*e8")),
                    hand: Some(Seat::South),
                })
            }
            YoninTopic::End | YoninTopic::Pairs => None,
        }
    }
}

/// The square named `name` (a constant of this module: always valid).
fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}
fn ymv(text: &str) -> yonin::Move {
    text.parse().expect("a move")
}

/// The four kings on their start squares, `pieces` added, the first piece's owner to
/// move, empty hands.
fn yonin_position(pieces: &[(&str, Piece)]) -> yonin::Position {
    yonin_position_with(pieces, [Hand::EMPTY; 4])
}

fn yonin_position_with(pieces: &[(&str, Piece)], hands: [Hand; 4]) -> yonin::Position {
    let mut board = [None; 81];
    for (name, seat) in [
        ("e1", Seat::South),
        ("a5", Seat::West),
        ("e9", Seat::North),
        ("i5", Seat::East),
    ] {
        board[sq(name).index()] = Some(Piece::new(Role::King, seat));
    }
    for &(name, piece) in pieces {
        board[sq(name).index()] = Some(piece);
    }
    let turn = pieces
        .first()
        .and_then(|(_, p)| p.owner)
        .unwrap_or(Seat::South);
    yonin::Position::from_parts(board, hands, turn, &[], 0, YoninRules::default())
        .expect("a valid diagram position")
}

/// `piece` alone on e5 (with the four kings), its owner to move, and the squares it
/// reaches marked.
fn reach_diagram(piece: Piece) -> YoninDiagram {
    let position = yonin_position(&[("e5", piece)]);
    let marks = Marks {
        from: Some(sq("e5")),
        targets: position.destinations(sq("e5")),
        ..Marks::default()
    };
    YoninDiagram {
        after: false,
        position,
        marks,
        mv: None,
        hand: None,
    }
}

/// South to move with a gold and a pawn in hand, a pawn on c4 and a gold on e7; North's
/// king on e9 walled in by its own pawns (d9, f9) and silvers (d8, f8). A pawn on e8
/// would mate North (forbidden, Y4.4); a gold there does mate it (Y5).
fn mate_base() -> yonin::Position {
    let mut south = Hand::EMPTY;
    south.add(Role::Gold);
    south.add(Role::Pawn);
    yonin_position_with(
        &[
            ("e7", Piece::new(Role::Gold, Seat::South)),
            ("c4", Piece::new(Role::Pawn, Seat::South)),
            ("d9", Piece::new(Role::Pawn, Seat::North)),
            ("f9", Piece::new(Role::Pawn, Seat::North)),
            ("d8", Piece::new(Role::Silver, Seat::North)),
            ("f8", Piece::new(Role::Silver, Seat::North)),
        ],
        [south, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::yonin::PlayError;

    fn set(names: &[&str]) -> SquareSet {
        names.iter().map(|n| sq(n)).collect()
    }

    fn yonin(topic: YoninTopic) -> YoninDiagram {
        topic.diagram().expect("a diagram")
    }

    #[test]
    fn topics_have_unique_names_and_cite_rules() {
        let names: std::collections::HashSet<_> =
            YoninTopic::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(names.len(), YoninTopic::ALL.len());
        assert!(YoninTopic::ALL.iter().all(|t| t.rule().starts_with('Y')));
        assert!(YoninTopic::CheckPriority.diagram().is_some());
    }

    #[test]
    fn yonin_seats_diagram_is_the_start() {
        let d = yonin(YoninTopic::Seats);
        assert_eq!(d.position.pieces().count(), 36);
        for seat in Seat::ALL {
            assert_eq!(
                d.position
                    .pieces()
                    .filter(|(_, p)| p.owner == Some(seat))
                    .count(),
                9
            );
        }
        let mut order = vec![d.position.side_to_move()];
        for _ in 0..3 {
            order.push(d.position.next_live(*order.last().unwrap()));
        }
        assert_eq!(order, [Seat::South, Seat::West, Seat::North, Seat::East]);
    }

    /// RULES Y1.4: a gold reaches forward, the two forward diagonals, the sides and
    /// straight back.
    #[test]
    fn yonin_gold_moves() {
        let d = yonin(YoninTopic::Moves);
        assert_eq!(d.position.side_to_move(), Seat::South);
        assert_eq!(d.marks.targets, set(&["d6", "e6", "f6", "d5", "f5", "e4"]));
    }

    /// RULES Y1.3: West's silver faces east: forward (f5) and the four diagonals.
    #[test]
    fn yonin_west_silver_faces_east() {
        let d = yonin(YoninTopic::Facing);
        assert_eq!(d.position.side_to_move(), Seat::West);
        assert_eq!(d.marks.targets, set(&["f5", "f6", "f4", "d6", "d4"]));
    }

    /// RULES Y4.1, Y4.4: the pawn may go anywhere empty but file c (nifu) and e8
    /// (pawn-drop mate of North).
    #[test]
    fn yonin_drop_squares_skip_nifu_and_pawn_drop_mate() {
        let d = yonin(YoninTopic::Drops);
        let pos = &d.position;
        let empty = Square::all().filter(|s| pos.piece_at(*s).is_none()).count();
        let file_c_empty = Square::all()
            .filter(|s| s.file() == 2 && pos.piece_at(*s).is_none())
            .count();
        // Every empty square but file c, e8, and South's last line (dead pawn, Y4.2).
        let rank9_empty = Square::all()
            .filter(|s| s.rank() == 8 && s.file() != 2 && pos.piece_at(*s).is_none())
            .count();
        assert_eq!(
            d.marks.targets.len(),
            empty - file_c_empty - 1 - rank9_empty
        );
        assert!(d.marks.targets.iter().all(|s| s.file() != 2));
        assert!(!d.marks.targets.contains(sq("e8")));
        assert_eq!(pos.check_move(ymv("P*c5")), Err(PlayError::Nifu));
        assert_eq!(pos.check_move(ymv("P*e8")), Err(PlayError::Uchifuzume));
        assert_eq!(pos.check_move(ymv("P*e5")), Ok(()));
        assert_eq!(d.hand, Some(Seat::South));
        assert_eq!(pos.hand(Seat::South).count(Role::Pawn), 1);
    }

    /// RULES Y2.4: the marked zone is South's three far ranks; e6-e7 may promote or
    /// not, e6-e5 (leaving nothing, entering nothing) may not.
    #[test]
    fn yonin_promotion_zone() {
        let d = yonin(YoninTopic::Promotion);
        assert_eq!(d.marks.zone.len(), 27);
        assert!(d.marks.zone.iter().all(|s| s.rank() >= 6));
        let pos = &d.position;
        assert_eq!(pos.check_move(ymv("e6e7+")), Ok(()));
        assert_eq!(pos.check_move(ymv("e6e7")), Ok(()));
        assert_eq!(pos.check_move(ymv("e6d5")), Ok(()));
        assert_eq!(pos.check_move(ymv("e6d5+")), Err(PlayError::CannotPromote));
        let mut after = pos.clone();
        after.play(d.mv.unwrap()).unwrap();
        let p = after.piece_at(sq("e7")).unwrap();
        assert!(p.promoted && p.role == Role::Silver && p.moves_as_gold());
    }

    /// RULES Y3.3: South's rook checks North; North moves next, West is skipped.
    #[test]
    fn yonin_check_priority_skips_west() {
        let d = yonin(YoninTopic::CheckPriority);
        let mut game = yonin::Game::from_position(d.position.clone());
        assert_eq!(game.side_to_move(), Some(Seat::South));
        assert_eq!(d.position.next_live(Seat::South), Seat::West);
        let report = game.play(d.mv.unwrap()).unwrap();
        assert_eq!(report.next, Some(Seat::North));
        assert!(report.checks.contains(Seat::North));
        assert!(!report.in_check.contains(Seat::West));
        assert!(report.mated.is_empty());
        // Drawn after the move: the rook on c9, North's king in check.
        let shown = d.shown();
        assert_eq!(&shown, game.position());
        assert_eq!(shown.checked_seats().to_vec(), [Seat::North]);
        assert_eq!(d.marks.alert, set(&["e9"]));
        assert_eq!(d.marks.last, set(&["c2", "c9"]));
        // North replies; then play goes on clockwise from North: East.
        let reply = game.play(ymv("e9e8")).unwrap();
        assert_eq!(reply.next, Some(Seat::East));
    }

    /// RULES Y5: G*e8 mates North; North's king is turned over, its pieces are
    /// South's (facing unchanged), and West moves next.
    #[test]
    fn yonin_mate_hands_the_pieces_to_the_mater() {
        let d = yonin(YoninTopic::Mate);
        let mut game = yonin::Game::from_position(d.position.clone());
        let report = game.play(d.mv.unwrap()).unwrap();
        assert_eq!(report.mated.len(), 1);
        assert_eq!(report.mated[0].seat, Seat::North);
        assert_eq!(report.mated[0].by, Seat::South);
        assert_eq!(report.next, Some(Seat::West));
        let pos = game.position();
        assert!(pos.piece_at(sq("e9")).unwrap().is_flipped_king());
        for name in ["d8", "f8", "d9", "f9"] {
            let p = pos.piece_at(sq(name)).unwrap();
            assert_eq!(p.owner, Some(Seat::South), "{name}");
            assert_eq!(p.facing, Seat::North, "{name}");
        }
        assert_eq!(pos.mates_by(Seat::South), 1);
        // Drawn after the move.
        assert_eq!(&d.shown(), pos);
        assert_eq!(d.marks.last, set(&["e8"]));
        assert_eq!(d.shown().hand(Seat::South).count(Role::Gold), 0);
    }
}

//! The rules pages of both games (issue 9, "Rules inside"): which topics each page
//! shows, in which order, the RULES section each one explains, and the small diagrams,
//! whose positions are built with the engines so that what a caption says is what the
//! engine does (tested below by playing the marked move).
//!
//! No browser code: `ui::rules` draws a diagram with the board component (its
//! [`Marks`] become square marks) and the texts come from the translations, one set of
//! keys per topic.

use crate::engine::hasami::{self, Player};
use crate::engine::yonin::{self, Hand, Piece, Role, Rules as YoninRules, Seat};
use crate::engine::{Square, SquareSet};

/// What a diagram marks on its squares, besides the pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    /// The piece that moves (drawn selected).
    pub from: Option<Square>,
    /// Where it goes, or where a piece is dropped (drawn as a destination).
    pub to: Option<Square>,
    /// Other squares a piece may reach or a piece may be dropped on (destinations).
    pub targets: SquareSet,
    /// Pieces the marked move captures (drawn with the capture ring).
    pub captured: SquareSet,
    /// A piece in trouble: a king in check, a piece that cannot move (red glow).
    pub alert: SquareSet,
    /// An area of the board, e.g. a promotion zone (tinted).
    pub zone: SquareSet,
    /// The squares of a move already played (tinted like the game's last move).
    pub last: SquareSet,
}

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
    use crate::engine::hasami::{Game, Outcome, Rules, WinReason};
    use crate::engine::yonin::PlayError;

    fn set(names: &[&str]) -> SquareSet {
        names.iter().map(|n| sq(n)).collect()
    }

    fn hasami(topic: HasamiTopic) -> HasamiDiagram {
        topic.diagram().expect("a diagram")
    }

    fn yonin(topic: YoninTopic) -> YoninDiagram {
        topic.diagram().expect("a diagram")
    }

    #[test]
    fn topics_have_unique_names_and_cite_rules() {
        let names: std::collections::HashSet<_> =
            HasamiTopic::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(names.len(), HasamiTopic::ALL.len());
        let names: std::collections::HashSet<_> =
            YoninTopic::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(names.len(), YoninTopic::ALL.len());
        assert!(HasamiTopic::ALL.iter().all(|t| t.rule().starts_with('H')));
        assert!(YoninTopic::ALL.iter().all(|t| t.rule().starts_with('Y')));
        // The diagrams the brief asks for at least.
        for t in [
            HasamiTopic::Movement,
            HasamiTopic::Capture,
            HasamiTopic::Corner,
            HasamiTopic::Safe,
        ] {
            assert!(t.diagram().is_some(), "{t:?}");
        }
        assert!(YoninTopic::CheckPriority.diagram().is_some());
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

    /// RULES Y1.2: the seats diagram is the start position, nine pieces per seat, and
    /// turns go South, West, North, East.
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

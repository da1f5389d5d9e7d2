//! Board views of both games, from tables and from rules diagrams.

use super::*;
use crate::engine::{hasami, yonin};
use crate::session::table::{Controller, Participant, Revision, SavedTable};
use crate::session::{hasami as hasami_table, yonin as yonin_table};

/// Plain English names, for reading the views in tests.
struct Plain;

impl BoardNames<hasami::Game> for Plain {
    fn piece(&self, piece: hasami::Player) -> String {
        format!("{piece} piece")
    }
    fn hand(&self, seat: hasami::Player) -> String {
        format!("{seat} hand")
    }
    fn kind(&self, kind: std::convert::Infallible) -> String {
        match kind {}
    }
    fn hand_piece(&self, _: hasami::Player, kind: std::convert::Infallible, _: u8) -> String {
        match kind {}
    }
}

impl BoardNames<yonin::Game> for Plain {
    fn piece(&self, piece: yonin::Piece) -> String {
        format!("{:?} {:?}", piece.owner, piece.role)
    }
    fn hand(&self, seat: yonin::Seat) -> String {
        format!("{seat}'s hand")
    }
    fn kind(&self, kind: yonin::Role) -> String {
        format!("{kind:?}")
    }
    fn hand_piece(&self, seat: yonin::Seat, kind: yonin::Role, count: u8) -> String {
        format!("{count} {kind:?} in {seat}'s hand")
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn marked(view: &BoardView, mark: fn(&SquareView) -> bool) -> Vec<String> {
    Square::all()
        .filter(|s| mark(&view.squares[s.index()]))
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn each_turn_puts_its_edge_at_the_bottom() {
    // The square at the bottom-left of the screen, and the coordinates along the
    // sides, for each of the four ways the board turns.
    for (turn, bottom_left, top_right, rows_are_ranks) in [
        (Turn::Rank1, "a1", "i9", true),
        (Turn::FileA, "a9", "i1", false),
        (Turn::Rank9, "i9", "a1", true),
        (Turn::FileI, "i1", "a9", false),
    ] {
        assert_eq!(turn.at_screen(8, 0), sq(bottom_left), "{turn:?}");
        assert_eq!(turn.at_screen(0, 8), sq(top_right), "{turn:?}");
        assert_eq!(turn.rows_are_ranks(), rows_are_ranks, "{turn:?}");
        // Every square is drawn once, where screen_of says.
        let mut seen = SquareSet::EMPTY;
        for row in 0..9 {
            for col in 0..9 {
                let s = turn.at_screen(row, col);
                assert_eq!(turn.screen_of(s), (row, col), "{turn:?} {s}");
                seen.insert(s);
            }
        }
        assert_eq!(seen.len(), NUM_SQUARES);
    }
}

#[test]
fn coordinate_labels_stay_files_and_ranks_when_the_board_turns() {
    // RULES H6.2, Y9.1: files are letters, ranks numbers, whichever edge is at the
    // bottom; a quarter turn puts the files down the side, never ranks as letters.
    let join = |labels: [String; 9]| labels.concat();
    for (turn, side, bottom) in [
        (Turn::Rank1, "987654321", "abcdefghi"),
        (Turn::FileA, "ihgfedcba", "987654321"),
        (Turn::Rank9, "123456789", "ihgfedcba"),
        (Turn::FileI, "abcdefghi", "123456789"),
    ] {
        let (s, b) = turn.coordinate_labels();
        assert_eq!(
            (join(s.clone()), join(b.clone())),
            (side.into(), bottom.into())
        );
        // Every square of a screen row or column has the coordinate its label names.
        for i in 0..9u8 {
            for j in 0..9u8 {
                let in_row = turn.at_screen(i, j).to_string();
                let in_col = turn.at_screen(j, i).to_string();
                assert!(in_row.contains(s[i as usize].as_str()), "{turn:?} {in_row}");
                assert!(in_col.contains(b[i as usize].as_str()), "{turn:?} {in_col}");
            }
        }
    }
}

#[test]
fn each_yonin_seat_at_the_bottom_sees_its_pieces_point_up_and_its_hand_below() {
    // RULES Y1.1: seats clockwise South, West, North, East.
    for seat in yonin::Seat::ALL {
        let turn = yonin::Game::turn_for(seat);
        assert_eq!(turn.edge_of(turn), Edge::Bottom, "{seat}");
        assert_eq!(
            yonin_table::look::facing_of(seat).screen_angle(turn),
            0,
            "{seat}'s pieces point up"
        );
        // The next seat clockwise sits on the left, the one across at the top.
        let edge = |k| turn.edge_of(yonin::Game::turn_for(seat.clockwise(k)));
        assert_eq!(
            (edge(1), edge(2), edge(3)),
            (Edge::Left, Edge::Top, Edge::Right)
        );
    }
    assert_eq!(Turn::FileA.edge_of(Turn::Rank1), Edge::Right);
}

/// A Hasami table: a person as Black against the CPU.
fn hasami() -> hasami_table::Table {
    let mut t = hasami_table::Table::new(hasami_table::Settings::default(), 1);
    t.set_leader(true);
    t
}

#[test]
fn a_hasami_view_shows_the_pieces_the_pick_and_the_last_move() {
    let mut t = hasami();
    let view = table_view(&t, hasami::Player::Black, &Plain, None);
    assert_eq!(view.turn, Turn::Rank1);
    assert!(!view.locked, "Black, a person, is to move");
    assert!(view.hands.is_empty(), "Hasami has no hands");
    let black = view.squares[sq("e1").index()].piece.clone().unwrap();
    assert_eq!((black.side, black.facing), ("black", Facing::North));
    assert_eq!(black.label, "black piece");
    assert_eq!(marked(&view, |s| s.piece.is_some()).len(), 18);

    t.click_square(sq("e1"));
    let view = table_view(&t, hasami::Player::Black, &Plain, None);
    assert_eq!(marked(&view, |s| s.selected), ["e1"]);
    let targets = marked(&view, |s| s.target);
    assert_eq!(targets.len(), 7, "e2..e8: {targets:?}");
    assert_eq!(
        targets,
        t.dests()
            .from(Source::Square(sq("e1")))
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
    // Without "show legal moves" the pick is drawn, its destinations are not.
    let mut settings = *t.settings();
    settings.table.show_legal_moves = false;
    t.set_settings(settings);
    let view = table_view(&t, hasami::Player::Black, &Plain, None);
    assert_eq!(marked(&view, |s| s.selected), ["e1"], "still picked");
    assert!(marked(&view, |s| s.target).is_empty());

    t.click_square(sq("e5"));
    let view = table_view(&t, hasami::Player::White, &Plain, None);
    assert_eq!(view.turn, Turn::Rank9);
    assert_eq!(marked(&view, |s| s.last), ["e1", "e5"]);
    assert!(view.locked, "the CPU is to move");
    assert!(marked(&view, |s| s.selected).is_empty());
}

#[test]
fn a_held_move_is_drawn_faded_on_its_square() {
    let mut t = hasami();
    t.set_confirm_moves(true);
    t.click_square(sq("e1"));
    t.click_square(sq("e5"));
    let view = table_view(&t, hasami::Player::Black, &Plain, None);
    assert_eq!(view.confirm, Some(sq("e5")));
    let ghost = view.squares[sq("e5").index()].ghost.clone().unwrap();
    assert_eq!(ghost.side, "black");
    assert!(
        marked(&view, |s| s.target).is_empty(),
        "no destinations meanwhile"
    );
}

#[test]
fn the_arriving_piece_is_the_last_move_made_here() {
    let mut t = hasami();
    t.click_square(sq("e1"));
    t.click_square(sq("e5"));
    let feedback = t.move_feedback();
    let arrive = arrival(feedback, Motion::Animated, false);
    assert_eq!(
        arrive,
        Some((
            sq("e5"),
            Arrive {
                id: 1,
                from: Some(sq("e1"))
            }
        ))
    );
    assert_eq!(arrival(feedback, Motion::Instant, false), None);
    assert_eq!(
        arrival(feedback, Motion::Animated, true),
        None,
        "reduced motion"
    );
    let view = table_view(&t, hasami::Player::Black, &Plain, arrive);
    assert_eq!(view.squares[sq("e5").index()].arrive, arrive.map(|a| a.1));
}

/// South to move with a pawn in hand; South's silver on e6 may promote on e7.
fn yonin_table_promoting() -> yonin_table::Table {
    let pos: yonin::Position = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw2Ss2PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/4RsPs3/2SsGsKsGs3 P/-/-/- s - 0 -"
        .parse()
        .unwrap();
    let mut t = yonin_table::Table::restore(
        SavedTable {
            settings: yonin_table::Settings::default(),
            participants: vec![Participant::new(Controller::Human); 4],
            seating: vec![0, 1, 2, 3],
            game: yonin::Game::from_position(pos),
            game_number: 1,
            revision: Revision::default(),
            clock_used_ms: 0.0,
            redo: Vec::new(),
            stats: Default::default(),
            result_dismissed: false,
        },
        1,
    );
    t.set_leader(true);
    t
}

#[test]
fn a_yonin_view_from_each_seat_has_four_hands_around_the_board() {
    let t = yonin_table_promoting();
    for bottom in yonin::Seat::ALL {
        let view = table_view(&t, bottom, &Plain, None);
        assert_eq!(view.turn, Turn::ALL[bottom.index()]);
        assert_eq!(view.hands.len(), 4);
        let own = view.hands.iter().find(|h| h.edge == Edge::Bottom).unwrap();
        assert_eq!(own.seat, yonin::Game::seat_class(bottom));
    }
    let view = table_view(&t, yonin::Seat::South, &Plain, None);
    let south = view.hands.iter().find(|h| h.seat == "south").unwrap();
    assert_eq!(south.label, "South's hand");
    assert_eq!(south.pieces.len(), 1);
    let pawn = &south.pieces[0];
    assert_eq!((pawn.kind, pawn.count), ("P", 1));
    assert_eq!(pawn.label, "1 Pawn in South's hand");
    assert!(pawn.enabled, "South, a person, is to move");
    assert_eq!(
        hand_piece_of::<yonin::Game>(pawn.id),
        Some((yonin::Seat::South, yonin::Role::Pawn))
    );
    for hand in view.hands.iter().filter(|h| h.seat != "south") {
        assert!(hand.pieces.iter().all(|p| !p.enabled), "{}", hand.seat);
    }
    let king = view.squares[sq("e9").index()].piece.clone().unwrap();
    assert_eq!((king.side, king.facing), ("north", Facing::South));
}

#[test]
fn a_yonin_pick_in_hand_and_a_promotion_question_are_drawn() {
    let mut t = yonin_table_promoting();
    t.click_hand(yonin::Seat::South, yonin::Role::Pawn);
    let view = table_view(&t, yonin::Seat::South, &Plain, None);
    let south = view.hands.iter().find(|h| h.seat == "south").unwrap();
    assert!(south.pieces[0].selected);
    assert_eq!(
        marked(&view, |s| s.target).len(),
        t.dests().from(Source::Hand(yonin::Role::Pawn)).len()
    );
    // The silver on e6 to e7 may promote or not (RULES Y2.4): the board asks.
    t.click_square(sq("e6"));
    t.click_square(sq("e7"));
    let view = table_view(&t, yonin::Seat::South, &Plain, None);
    assert_eq!(view.promotion, Some(sq("e7")));
    assert_eq!(marked(&view, |s| s.selected), ["e6"]);
}

#[test]
fn a_diagram_is_locked_and_shows_its_marks_and_hand() {
    let topic = yonin_table::rules_page::YoninTopic::Drops;
    let d = topic.diagram().unwrap();
    let view = diagram_view::<yonin::Game>(
        &d.shown(),
        &d.marks,
        d.hand,
        yonin_table::PieceStyle::Letters,
        &Plain,
    );
    assert!(view.locked);
    assert_eq!(view.hands.len(), usize::from(d.hand.is_some()));
    assert_eq!(
        marked(&view, |s| s.target).len(),
        d.marks
            .targets
            .union(d.marks.to.map_or(SquareSet::EMPTY, SquareSet::single))
            .len()
    );
    let piece = Square::all()
        .find_map(|s| view.squares[s.index()].piece.clone())
        .unwrap();
    assert_eq!(piece.text.as_deref().map(str::len), Some(1), "letters");
}

/// The seats' moves marked on `view`: `(square, seat, age, to)`, by square.
fn seat_marks(view: &BoardView) -> Vec<(String, &'static str, u8, bool)> {
    Square::all()
        .flat_map(|s| {
            view.squares[s.index()]
                .seat_moves
                .iter()
                .map(move |m| (s.to_string(), m.seat, m.age, m.to))
        })
        .collect()
}

#[test]
fn each_hasami_sides_last_move_is_marked_the_latest_strongest() {
    let mut t = hasami();
    t.set_controller(hasami::Player::White, Controller::Human);
    assert!(seat_marks(&table_view(&t, hasami::Player::Black, &Plain, None)).is_empty());
    t.click_square(sq("e1"));
    t.click_square(sq("e5"));
    t.click_square(sq("e9"));
    t.click_square(sq("e6"));
    let view = table_view(&t, hasami::Player::Black, &Plain, None);
    assert_eq!(
        seat_marks(&view),
        [
            ("e1".into(), "black", 1, false),
            ("e5".into(), "black", 1, true),
            ("e6".into(), "white", 0, true),
            ("e9".into(), "white", 0, false),
        ]
    );
    // The single last-move mark stays on the latest move only.
    assert_eq!(marked(&view, |s| s.last), ["e6", "e9"]);
    assert_eq!(
        latest_moves(t.game()),
        [
            (hasami::Player::White, Some(sq("e9")), sq("e6")),
            (hasami::Player::Black, Some(sq("e1")), sq("e5")),
        ]
    );
}

/// The scripted four-seat game of the browser tests (`tests/e2e/yonin.rs`) up to its
/// 24th move: South's drop R*c9 mates North (RULES Y5).
fn yonin_after_a_mate() -> yonin::Game {
    let script = [
        "d1c2", "a3b3", "c9c8", "h6g6", "c2b3", "a4b3", "c8b9", "g6f6", "c1c2", "b3c2", "e7e6",
        "f6e6", "S*a4", "a5a4", "e8e6", "P*c1", "g1g2", "S*c4", "e6e3+", "c1b1", "e2e3", "d9e8",
        "i3h3", "R*c9",
    ];
    let mut g = yonin::Game::new(Default::default(), yonin::Seat::South);
    for m in script {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

#[test]
fn each_yonin_seats_latest_move_is_marked_and_a_mated_seats_is_not_y5() {
    use yonin::Seat::{East, South, West};
    let game = yonin_after_a_mate();
    // South's drop (no from-square), East's i3h3 before it, West's drop S*c4 at move
    // 18; North, mated, has no mark (its d9e8 at move 22).
    assert_eq!(
        latest_moves(&game),
        [
            (South, None, sq("c9")),
            (East, Some(sq("i3")), sq("h3")),
            (West, None, sq("c4")),
        ]
    );
    let mut t = yonin_table_promoting();
    t.load_game(game);
    let view = table_view(&t, South, &Plain, None);
    assert_eq!(
        seat_marks(&view),
        [
            ("h3".into(), "east", 1, true),
            ("i3".into(), "east", 1, false),
            ("c4".into(), "west", 2, true),
            ("c9".into(), "south", 0, true),
        ]
    );
    assert_eq!(marked(&view, |s| s.last), ["c9"]);
    // The replay shows the marks of the moment replayed: after move 2, West's a3b3
    // is the latest, South's d1c2 before it.
    t.replay_to(2);
    let view = table_view(&t, South, &Plain, None);
    assert_eq!(
        seat_marks(&view),
        [
            ("d1".into(), "south", 1, false),
            ("c2".into(), "south", 1, true),
            ("a3".into(), "west", 0, false),
            ("b3".into(), "west", 0, true),
        ]
    );
}

#[test]
fn a_square_names_its_marks_for_screen_readers() {
    let words = MarkWords {
        target: "legal move".into(),
        last: "last move".into(),
        captured: "captured here".into(),
        check: "in check".into(),
    };
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut cell = SquareView::default();
    assert_eq!(square_label(sq("e5"), &cell, &words), "e5");
    cell.target = true;
    assert_eq!(square_label(sq("e5"), &cell, &words), "e5, legal move");
    cell.target = false;
    cell.piece = Some(hasami::Game::piece_view(
        hasami::Player::Black,
        Default::default(),
        "Black piece".into(),
    ));
    cell.last = true;
    cell.check = true;
    assert_eq!(
        square_label(sq("e2"), &cell, &words),
        "e2 Black piece, in check, last move"
    );
    // Without words (a board whose names add none) the marks add nothing.
    assert_eq!(
        square_label(sq("e2"), &cell, &MarkWords::default()),
        "e2 Black piece"
    );
}

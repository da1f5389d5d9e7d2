use std::cell::Cell;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::*;
use crate::engine::{hasami, yonin};

fn play<G: Variant>(game: &mut G, moves: &str) {
    for m in moves.split_whitespace() {
        let mv: G::Move = m.parse().ok().expect("a move in notation");
        game.play(mv).expect("a legal move");
    }
}

/// A Yonin game with drops, a promotion and two mates (`tests/link_golden.rs`).
fn yonin_mates() -> yonin::Game {
    let mut game = yonin::Game::new(yonin::Rules::default(), yonin::Seat::South);
    play(
        &mut game,
        "d1c2 b4c4 g9g8 h6g6 g1h2 a4b3 g8h7 i3h2 c2b3 a3b3 h7g6 S*b4 a5b4 g6h5 i4h5 G*a3 \
         b4a3 R*a1 a3b4 a1c1+ S*g1 G*h6 i5h6 S*a3 P*h9 G*f4 G*c7 S*h7 h6h7 a7b7 c1c3 b4c3 \
         f9g8 h7g8 R*f9",
    );
    game
}

fn hasami_game() -> hasami::Game {
    let mut game = hasami::Game::new(hasami::Rules::default());
    play(
        &mut game,
        "h1h2 g9g8 i1i5 i9i6 a1a5 b9b7 h2h7 g8g9 h7i7 d9d2 g1g7 d2d9 g7g3 g9g8 d1d4 g8g6",
    );
    game
}

thread_local! {
    static SHUFFLES: Cell<u64> = const { Cell::new(0) };
}

/// The legal moves in a new random order each call.
fn shuffled<G: Variant>(game: &G) -> Vec<G::Move> {
    let seed = SHUFFLES.with(|n| {
        n.set(n.get() + 1);
        n.get()
    });
    let mut moves = game.legal_moves();
    moves.shuffle(&mut StdRng::seed_from_u64(seed));
    moves
}

/// The legal moves shuffled, then sorted by the link key.
fn shuffled_then_sorted<G: ShareLink>(game: &G) -> Vec<G::Move> {
    let mut moves = shuffled(game);
    moves.sort_by_key(|&m| G::link_key(m));
    moves
}

fn moves_text<G: ShareLink>(start: &G, game: &G, order: &Order<G>) -> String {
    let mut w = BitWriter::new();
    write_moves_by(start.clone(), game.moves(), &mut w, order);
    w.finish()
}

/// The stream of moves does not depend on the order of `legal_moves()`: shuffled before
/// sorting by the key it is the same, and it decodes to the same game; unsorted, it
/// differs (so the check has teeth).
fn order_independent<G: ShareLink>(start: &G, game: &G) {
    let text = moves_text(start, game, &link_order::<G>);
    for _ in 0..5 {
        assert_eq!(moves_text(start, game, &shuffled_then_sorted::<G>), text);
        let mut r = BitReader::new(&text, 1);
        let back = read_moves_by(
            start.clone(),
            game.moves().len() as u32,
            &mut r,
            &shuffled_then_sorted::<G>,
        )
        .expect("decodes");
        assert_eq!(back.moves(), game.moves());
    }
    assert_ne!(moves_text(start, game, &shuffled::<G>), text);
}

#[test]
fn the_moves_do_not_depend_on_the_generation_order() {
    order_independent(&hasami::Game::new(hasami::Rules::default()), &hasami_game());
    order_independent(
        &yonin::Game::new(yonin::Rules::default(), yonin::Seat::South),
        &yonin_mates(),
    );
}

#[test]
fn links_decode_to_the_same_games() {
    let game = hasami_game();
    let link = game.to_link();
    assert_eq!(hasami::Game::from_link(&link).unwrap(), game);
    let game = yonin_mates();
    let link = game.to_link();
    let back = yonin::Game::from_link(&link).unwrap();
    assert_eq!(back.record(), game.record());
    assert_eq!(back.outcome(), game.outcome());
}

#[test]
fn errors_print_the_move_and_the_seat() {
    let e = hasami::Game::from_link("H1II-").unwrap_err();
    assert_eq!(e.to_string(), "move 2 (white): the link is cut short");
    let e = yonin::Game::from_link("Y1EFhAQA").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 5 (South): the link goes on after its last move"
    );
    let e = yonin::Game::from_link("Y1E=").unwrap_err();
    assert_eq!(e.to_string(), "character 4 ('=') cannot be in a link");
}

use super::*;
use crate::engine::{hasami, yonin};

fn play<G: Variant>(game: &mut G, moves: &[&str]) {
    for m in moves {
        let mv: G::Move = m.parse().ok().expect("a move in notation");
        game.play(mv).expect("a legal move");
    }
}

#[test]
fn a_short_hasami_game_round_trips() {
    let mut game = hasami::Game::new(hasami::Rules::default());
    play(&mut game, &["e1e5", "e9e6", "a1a2"]);
    let link = game.to_link();
    println!("{link}");
    assert_eq!(hasami::Game::from_link(&link).unwrap(), game);
}

#[test]
fn a_short_yonin_game_round_trips() {
    let mut game = yonin::Game::new(yonin::Rules::default(), yonin::Seat::South);
    play(&mut game, &["e3e4", "c5d5", "e7e6", "g5f5"]);
    let link = game.to_link();
    println!("{link}");
    assert_eq!(yonin::Game::from_link(&link).unwrap().record(), game.record());
}

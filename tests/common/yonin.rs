//! Helpers shared by the Yonin test files: hand-made positions written as
//! `pos("Ks@e1 Kw@a5 …", "HANDS TURN ELIMS MOVES RULES")` (each token is a piece of the
//! position notation and its square), moves and seat sets.

#![allow(dead_code, reason = "each test file uses a subset of the helpers")]

use shogi_variants::engine::Square;
use shogi_variants::engine::yonin::{Game, Move, MoveReport, Position, Seat, SeatSet};

pub fn board(pieces: &str) -> String {
    let mut grid: Vec<Option<String>> = vec![None; 81];
    for tok in pieces.split_whitespace() {
        let (p, sq) = tok.split_once('@').expect("token like Ks@e1");
        let sq: Square = sq.parse().expect("square");
        assert!(grid[sq.index()].is_none(), "square {sq} used twice");
        grid[sq.index()] = Some(p.to_string());
    }
    let mut ranks = Vec::new();
    for r in (0..9).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..9 {
            match &grid[r * 9 + f] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += p;
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    ranks.join("/")
}

pub fn pos(pieces: &str, rest: &str) -> Position {
    let text = format!("{} {}", board(pieces), rest);
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

pub fn game(pieces: &str, rest: &str) -> Game {
    Game::from_position(pos(pieces, rest))
}

pub fn mv(s: &str) -> Move {
    s.parse().expect("move")
}

pub fn play(g: &mut Game, m: &str) -> MoveReport {
    g.play(mv(m))
        .unwrap_or_else(|e| panic!("{m} refused: {e} in {}", g.position()))
}

pub fn set(seats: &[Seat]) -> SeatSet {
    seats.iter().copied().collect()
}

pub fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

pub fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

//! Share links round-trip (`docs/RECORDS.md`, "Share links"): random games of both games
//! under every combination of local rules, with results, resignations, move limits and
//! set-up starts, go to a link and back to the same game, position by position; and a
//! link that decodes is the one link of its game.

use proptest::prelude::*;
use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::link::ShareLink;

#[path = "link_games/mod.rs"]
mod games;

/// Games per game in the default run (the issue asks for at least 1 000).
const GAMES: u64 = 1_000;

fn check_hasami(i: u64) -> hasami::Game {
    let game = games::hasami_game(i);
    let (link, back) = games::round_trip(&game);
    assert_eq!(back, game, "game {i}: {link}");
    assert_eq!(back.record(), game.record(), "game {i}: {link}");
    assert_eq!(back.outcome(), game.outcome(), "game {i}: {link}");
    assert_eq!(back.resigned(), game.resigned(), "game {i}: {link}");
    let texts = |g: &hasami::Game| -> Vec<String> {
        g.positions().iter().map(ToString::to_string).collect()
    };
    assert_eq!(texts(&back), texts(&game), "game {i}: {link}");
    assert_eq!(
        serde_json::to_string(&back).unwrap(),
        serde_json::to_string(&game).unwrap()
    );
    assert_eq!(back.to_link(), link, "one link per game");
    game
}

/// Replays both games move by move and compares the position notation at every ply.
fn same_yonin_positions(a: &yonin::Game, b: &yonin::Game, what: &str) {
    assert_eq!(a.moves(), b.moves(), "{what}");
    let mut x = yonin::Game::from_position(a.start().clone());
    let mut y = yonin::Game::from_position(b.start().clone());
    assert_eq!(x.position().to_string(), y.position().to_string(), "{what}");
    for (n, &mv) in a.moves().iter().enumerate() {
        x.play(mv).unwrap();
        y.play(mv).unwrap();
        assert_eq!(
            x.position().to_string(),
            y.position().to_string(),
            "{what}, ply {}",
            n + 1
        );
    }
}

fn check_yonin(i: u64) -> yonin::Game {
    let game = games::yonin_game(i);
    let (link, back) = games::round_trip(&game);
    assert_eq!(back.record(), game.record(), "game {i}: {link}");
    assert_eq!(back.outcome(), game.outcome(), "game {i}: {link}");
    assert_eq!(back.position(), game.position(), "game {i}: {link}");
    assert_eq!(
        serde_json::to_string(&back).unwrap(),
        serde_json::to_string(&game).unwrap()
    );
    same_yonin_positions(&game, &back, &format!("game {i}: {link}"));
    assert_eq!(back.to_link(), link, "one link per game");
    game
}

#[test]
fn a_thousand_random_hasami_games_round_trip() {
    let (mut results, mut resigned, mut limits, mut setups) = (0, 0, 0, 0);
    for i in 0..GAMES {
        let game = check_hasami(i);
        results += usize::from(game.is_over());
        resigned += usize::from(game.resigned().is_some());
        limits += usize::from(matches!(
            game.outcome(),
            Some(hasami::Outcome::Draw {
                reason: hasami::DrawReason::MoveLimit
            })
        ));
        setups += usize::from(*game.start() != hasami::Position::start());
    }
    println!(
        "{results} finished, {resigned} resigned, {limits} by the move limit, {setups} set up"
    );
    // The mix the test claims: every kind of ending is among the games.
    assert!(results > 300, "{results} finished games");
    assert!(resigned > 50, "{resigned} resigned games");
    assert!(limits > 20, "{limits} games ended by the move limit");
    assert!(setups > 150, "{setups} set-up starts");
}

#[test]
fn a_thousand_random_yonin_games_round_trip() {
    let (mut results, mut mates, mut limits, mut setups) = (0, 0, 0, 0);
    for i in 0..GAMES {
        let game = check_yonin(i);
        results += usize::from(game.is_over());
        mates += usize::from(!game.position().eliminations().is_empty());
        limits += usize::from(matches!(
            game.outcome(),
            Some(o) if o.reason == yonin::EndReason::MoveLimit
        ));
        setups += usize::from(game.record().position.is_some());
    }
    println!(
        "{results} finished, {mates} with a mate, {limits} by the move limit, {setups} set up"
    );
    assert!(results > 100, "{results} finished games");
    assert!(mates > 100, "{mates} games with a mate");
    assert!(limits > 20, "{limits} games ended by the move limit");
    assert!(setups > 100, "{setups} set-up starts");
}

/// The bigger run: `cargo test --test link_roundtrip -- --ignored`.
#[test]
#[ignore = "19 000 more games of each game: about four minutes"]
fn twenty_thousand_random_games_round_trip() {
    for i in GAMES..20 * GAMES {
        check_hasami(i);
        check_yonin(i);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any game the generator makes round-trips (seeds beyond the fixed run).
    #[test]
    fn random_seeds_round_trip(seed in 1_000_000u64..u64::MAX) {
        check_hasami(seed);
        check_yonin(seed);
    }

    /// Any text: decoding never panics, and a text that decodes is the one link of its
    /// game (re-encoding gives it back), for both games.
    #[test]
    fn any_text_decodes_to_its_own_link_or_an_error(text in "[HY][0-9][A-Za-z0-9_=+/-]{0,40}") {
        if let Ok(g) = hasami::Game::from_link(&text) {
            prop_assert_eq!(g.to_link(), text.clone());
        }
        if let Ok(g) = yonin::Game::from_link(&text) {
            prop_assert_eq!(g.to_link(), text.clone());
        }
    }

    /// A link with one character changed, removed or added is refused, or is the link
    /// of another game (never a panic, never a second link of the same game).
    #[test]
    fn damaged_links_are_refused_or_another_game(seed in 0u64..10_000, at in any::<usize>(), c in "[A-Za-z0-9_-]", edit in 0..3u8) {
        let h = games::hasami_game(seed);
        let y = games::yonin_game(seed);
        for (link, is_hasami) in [(h.to_link(), true), (y.to_link(), false)] {
            let mut chars: Vec<char> = link.chars().collect();
            let i = 2 + at % (chars.len() - 1);
            let new = c.chars().next().unwrap();
            match edit {
                0 if i < chars.len() => chars[i] = new,
                1 if i < chars.len() => { chars.remove(i); }
                _ => chars.insert(i, new),
            }
            let damaged: String = chars.into_iter().collect();
            if damaged == link {
                continue;
            }
            if is_hasami {
                if let Ok(g) = hasami::Game::from_link(&damaged) {
                    prop_assert_eq!(g.to_link(), damaged);
                    prop_assert!(g != h);
                }
            } else if let Ok(g) = yonin::Game::from_link(&damaged) {
                prop_assert_eq!(g.to_link(), damaged);
                prop_assert_ne!(g.record(), y.record());
            }
        }
    }
}

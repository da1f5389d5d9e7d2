//! The Yonin share-link reader (`docs/RECORDS.md`, "Share links") on arbitrary text, as
//! sent and with the tag `Y1` put in front: it never panics; a payload it accepts is the
//! one link of its game; a refusal's good game stops before the move it names.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_variants::engine::yonin::Game;
use shogi_variants::record::link::ShareLink;

fn check(payload: &str) {
    match Game::from_link(payload) {
        Ok(game) => assert_eq!(game.to_link(), payload),
        Err(e) => {
            let _ = e.to_string();
            if let (Some(good), Some(at)) = (&e.good, e.at_move) {
                assert_eq!(good.moves().len() as u32 + 1, at);
                let again = Game::from_link(&good.to_link()).expect("the good moves' link reads");
                assert_eq!(again.record(), good.record());
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check(text);
        check(&format!("{}{text}", Game::LINK_TAG));
    }
});

//! The Hasami record reader (RULES H6.5) on arbitrary bytes: it never panics, and a record
//! it accepts writes back to a text that reads as the same game and writes the same again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_variants::engine::hasami::Game;
use shogi_variants::record::text::RecordText;

fuzz_target!(|data: &[u8]| {
    match Game::read_record(data) {
        Ok((game, info)) => {
            let text = game.write_record(&info);
            let (again, again_info) = Game::read_record(text.as_bytes())
                .unwrap_or_else(|e| panic!("the written record does not read: {e}\n{text}"));
            assert_eq!(again, game);
            assert_eq!(again_info, info);
            assert_eq!(again.write_record(&again_info), text);
        }
        Err(e) => {
            assert!(e.good.as_ref().is_none_or(|g| !g.moves().is_empty()));
            let _ = e.to_string();
        }
    }
});

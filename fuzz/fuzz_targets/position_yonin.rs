//! The Yonin position notation (RULES Y9.2) on arbitrary text: parsing never panics, and a
//! position it accepts prints back to a text that parses as itself.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_variants::engine::yonin::{Game, Position};
use shogi_variants::record::text::RecordText;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = text.parse::<Position>() {
        let printed = p.to_string();
        assert_eq!(printed.parse::<Position>().as_ref(), Ok(&p));
        // the same text as a bare position string, through the record reader
        let (game, _) = Game::read_record(printed.as_bytes()).expect("a bare position loads");
        assert_eq!(game.start(), &p);
    }
});

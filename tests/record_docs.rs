//! RULES H6.5, Y9.2: the full examples of `docs/RECORDS.md` are records that read, and the
//! strict form writes them back letter for letter, so the documentation cannot drift from
//! the code.

use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::text::RecordText;

/// The text blocks of `docs/RECORDS.md` that begin with the `Game` tag of `G`.
fn examples<G: RecordText>() -> Vec<String> {
    let doc = include_str!("../docs/RECORDS.md");
    let first = format!("[Game \"{}\"]", G::GAME_NAME);
    doc.split("```text\n")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .filter(|block| block.starts_with(&first))
        .map(str::to_string)
        .collect()
}

fn check<G: RecordText>() -> usize {
    let blocks = examples::<G>();
    for text in &blocks {
        let (game, info) =
            G::read_record(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(game.is_over(), "the example is a whole game");
        assert_eq!(&game.write_record(&info), text);
    }
    blocks.len()
}

#[test]
fn h6_5_the_documented_hasami_record_reads_and_writes_back() {
    assert_eq!(check::<hasami::Game>(), 1);
}

#[test]
fn y9_2_the_documented_yonin_record_reads_and_writes_back() {
    assert_eq!(check::<yonin::Game>(), 1);
}

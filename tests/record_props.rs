//! Property tests of the readers (RULES H6.4, H6.5, Y9.2), the stable-toolchain
//! counterpart of the fuzz targets in `fuzz/`: the record text of both games and both
//! position notations, fed arbitrary bytes, record-like word soups and damaged records,
//! never panic; what they accept writes back to what reads the same; what they refuse
//! points inside the text.

use proptest::prelude::*;

use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::text::{ImportError, RecordInfo, RecordText};

/// Checks one reading of `bytes` as a record of `G`: an error points inside the text and
/// offers good moves only when it has some; an accepted record writes back to a text that
/// reads as the same game and writes the same again.
fn check_read<G: RecordText>(bytes: &[u8], same: impl Fn(&G, &G) -> bool) {
    match G::read_record(bytes) {
        Ok((game, info)) => {
            let text = game.write_record(&info);
            let (again, again_info) = G::read_record(text.as_bytes())
                .unwrap_or_else(|e| panic!("the written record does not read: {e}\n{text}"));
            assert!(same(&game, &again), "{text}");
            assert_eq!(again.write_record(&again_info), text);
        }
        Err(e) => check_place(bytes, &e),
    }
}

/// The line and column of an error are inside the text (or just past its end).
fn check_place<G: RecordText>(bytes: &[u8], e: &ImportError<G>) {
    assert!(e.good.as_ref().is_none_or(|g| !g.moves().is_empty()));
    let Some(line) = e.line else { return };
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines: Vec<&str> = text.split(['\n', '\r']).collect();
    assert!(line >= 1 && line <= lines.len() + 1, "line {line}: {e}");
    let column = e.column.expect("a column with the line");
    assert!(column >= 1, "{e}");
}

fn same_hasami(a: &hasami::Game, b: &hasami::Game) -> bool {
    a == b
}

fn same_yonin(a: &yonin::Game, b: &yonin::Game) -> bool {
    a.start() == b.start() && a.moves() == b.moves() && a.position() == b.position()
}

/// Pieces of record text, valid and not, for word soups.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[Game \"Hasami Shogi\"]".to_string()),
        Just("[Game \"Yonin Shogi\"]".to_string()),
        Just("[Rules \"limit=3\"]".to_string()),
        Just("[Rules \"pairs,last\"]".to_string()),
        Just("[Start \"w\"]".to_string()),
        Just("[Result \"1-0\"]".to_string()),
        Just("[Result \"S1,W2,N3,E4\"]".to_string()),
        Just("[Termination \"resignation\"]".to_string()),
        Just("[Mates \"w:s:1\"]".to_string()),
        Just("[Position \"".to_string()),
        Just("\"]".to_string()),
        Just("e1e5".to_string()),
        Just("e9e6".to_string()),
        Just("e3e4".to_string()),
        Just("c5d5".to_string()),
        Just("e7e6+".to_string()),
        Just("P*e5".to_string()),
        "[a-i][1-9][a-i][1-9][+=x#!?]{0,2}",
        "[0-9]{1,3}\\.{0,3}",
        "[SWNEswne]",
        "[{};\\[\\]\"*/%$]",
        Just("1-0".to_string()),
        Just("1/2-1/2".to_string()),
        Just("draw".to_string()),
        Just("wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0".to_string()),
        "\\PC{1,4}",
    ]
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            word(),
            prop_oneof![Just(" "), Just("\n"), Just("\r\n"), Just("")],
        ),
        0..30,
    )
    .prop_map(|ws| ws.into_iter().map(|(w, s)| w + s).collect())
}

/// A record of a short random game of `G`, written in the strict form.
fn record_of<G: RecordText>(mut game: G, seed: u64, plies: usize) -> String {
    let mut state = seed | 1;
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        game.play(mv).expect("legal");
    }
    game.write_record(&RecordInfo::default())
}

/// `text` with each edit applied: at a character index (modulo the length), delete,
/// insert or replace with a character.
fn damage(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, op, c) in edits {
        let at = at % (chars.len() + 1);
        match op % 3 {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = c,
            _ => chars.insert(at, c),
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = (usize, u8, char)> {
    (
        any::<usize>(),
        any::<u8>(),
        prop_oneof![
            prop::sample::select(
                " \n\r[]{};\"*+=#!?x-/.0123456789abcdefghiSWNEPRGK"
                    .chars()
                    .collect::<Vec<_>>()
            ),
            any::<char>(),
        ],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check_read::<hasami::Game>(&bytes, same_hasami);
        check_read::<yonin::Game>(&bytes, same_yonin);
    }

    #[test]
    fn word_soups_read_or_say_where_they_fail(text in soup()) {
        check_read::<hasami::Game>(text.as_bytes(), same_hasami);
        check_read::<yonin::Game>(text.as_bytes(), same_yonin);
    }

    #[test]
    fn damaged_hasami_records_read_or_say_where_they_fail(
        seed in any::<u64>(),
        plies in 0usize..60,
        edits in prop::collection::vec(edit(), 0..6),
    ) {
        let text = record_of(hasami::Game::new(hasami::Rules::default()), seed, plies);
        check_read::<hasami::Game>(damage(&text, &edits).as_bytes(), same_hasami);
    }

    #[test]
    fn damaged_yonin_records_read_or_say_where_they_fail(
        seed in any::<u64>(),
        plies in 0usize..60,
        first in 0usize..4,
        edits in prop::collection::vec(edit(), 0..6),
    ) {
        let game = yonin::Game::new(yonin::Rules::default(), yonin::Seat::from_index(first));
        let text = record_of(game, seed, plies);
        check_read::<yonin::Game>(damage(&text, &edits).as_bytes(), same_yonin);
    }

    #[test]
    fn hasami_positions_parse_or_fail_and_print_back(
        text in "[bw1-9/]{0,90} [bw ]{0,2}[0-9 ]{0,8}",
        edits in prop::collection::vec(edit(), 0..4),
    ) {
        let start = hasami::Position::start().to_string();
        for t in [text, damage(&start, &edits)] {
            if let Ok(p) = t.parse::<hasami::Position>() {
                prop_assert_eq!(p.to_string().parse::<hasami::Position>(), Ok(p));
            }
        }
    }

    #[test]
    fn yonin_positions_parse_or_fail_and_print_back(
        text in "[+KRGSPswnex1-9/]{0,120} [RGSP1-9/-]{0,12} [swne] [swne:0-9,-]{0,12} [0-9]{1,3} [-a-z=,0-9]{1,12}",
        edits in prop::collection::vec(edit(), 0..4),
    ) {
        let start = yonin::Position::default().to_string();
        for t in [text, damage(&start, &edits)] {
            if let Ok(p) = t.parse::<yonin::Position>() {
                prop_assert_eq!(p.to_string().parse::<yonin::Position>(), Ok(p));
            }
        }
    }
}

//! Perft for Hasami Shogi from the data file `tests/data/hasami.perft` (RULES Perft).

use shogi_variants::engine::hasami::{Game, Position, Rules, WinCondition, perft};

#[path = "common/hasami.rs"]
mod naive;

struct Case {
    id: String,
    /// The position as the file writes it (RULES H6.3).
    position: String,
    rules: Rules,
    game: Game,
    expected: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/hasami.perft");
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let mut id = None;
        let mut position = None;
        let mut text = None;
        let mut rules = Rules::default();
        let mut expected = Vec::new();
        for line in block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (key, value) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("bad line {line:?}"));
            match key {
                "id" => id = Some(value.to_string()),
                "position" => {
                    text = Some(value.to_string());
                    position = Some(
                        value
                            .parse::<Position>()
                            .unwrap_or_else(|e| panic!("{value}: {e}")),
                    )
                }
                "win" => {
                    rules.win = serde_json::from_str::<WinCondition>(&format!("\"{value}\""))
                        .expect("win condition");
                }
                "limit" => rules.move_limit = Some(value.parse().expect("limit in plies")),
                "perft" => {
                    let (d, n) = value.split_once(' ').expect("perft DEPTH NODES");
                    expected.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                other => panic!("unknown key {other:?}"),
            }
        }
        if let (Some(id), Some(position), Some(text)) = (id, position, text) {
            cases.push(Case {
                id,
                position: text,
                rules,
                game: Game::from_position(rules, position),
                expected,
            });
        } else {
            assert!(
                expected.is_empty(),
                "perft lines without an id and a position"
            );
        }
    }
    cases
}

#[test]
fn perft_suite() {
    let cases = cases();
    assert_eq!(cases.len(), 7, "every case of the data file is read");
    for case in cases {
        for &(depth, nodes) in &case.expected {
            assert_eq!(perft(&case.game, depth), nodes, "{} depth {depth}", case.id);
        }
    }
}

/// Cross-checks every case of the data file with the naive reference at depths
/// `1..=max_depth`: against the file where it lists the depth, else against the
/// engine's perft. Returns how many of the counts compared were the file's.
fn cross_check(max_depth: u32) -> usize {
    let mut from_file = 0;
    for case in &cases() {
        let reference = naive::Naive::parse(&case.position, case.rules);
        assert_eq!(
            reference.over,
            case.game.is_over(),
            "{}: over at once or not",
            case.id
        );
        for depth in 1..=max_depth {
            let listed = case
                .expected
                .iter()
                .find(|&&(d, _)| d == depth)
                .map(|&(_, n)| n);
            from_file += usize::from(listed.is_some());
            let expected = listed.unwrap_or_else(|| perft(&case.game, depth));
            assert_eq!(
                reference.perft(depth),
                expected,
                "{} depth {depth}: the naive reference against {}",
                case.id,
                if listed.is_some() {
                    "the file"
                } else {
                    "the engine"
                }
            );
        }
    }
    from_file
}

/// The claim of the data file: every case (7) is counted the same by the naive
/// reference (`tests/common/hasami.rs`: moves, captures and the end of the game written
/// on a plain grid from RULES Part H, sharing no code with the engine) at depths 1, 2
/// and 3: against the file wherever it lists one of those depths, against the engine's
/// perft at the others.
#[test]
fn every_case_agrees_with_the_naive_reference_to_depth_3() {
    // Listed in the file: start 3, start-limit-3 1, midgame 3, midgame-lead-by-three 3,
    // corner 3, capture-all 3, capture-all-limit-82 2 (21 compared in all).
    assert_eq!(cross_check(3), 18, "counts of depth 1-3 in the data file");
}

/// Depth 4 too (about 1.5 million positions for the naive walk, some seconds):
/// `cargo test --test hasami_perft -- --ignored`.
#[test]
#[ignore = "some seconds: the naive reference walks every case to depth 4"]
fn every_case_agrees_with_the_naive_reference_to_depth_4() {
    assert_eq!(cross_check(4), 24, "counts of depth 1-4 in the data file");
}

//! Perft for Hasami Shogi from the data file `tests/data/hasami.perft` (RULES Perft).

use shogi_variants::engine::hasami::{Game, Position, Rules, WinCondition, perft};

struct Case {
    id: String,
    game: Game,
    expected: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/hasami.perft");
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let mut id = None;
        let mut position = None;
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
        if let (Some(id), Some(position)) = (id, position) {
            cases.push(Case {
                id,
                game: Game::from_position(rules, position),
                expected,
            });
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

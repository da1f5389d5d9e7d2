//! The `engine` command line (`src/bin/engine.rs`): every command with `--json` prints
//! one JSON object as its last line, and bad input exits non-zero with a one-line
//! message naming what is wrong.

use serde_json::Value;
use std::process::{Command, Output};

fn engine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(args)
        .output()
        .expect("the engine runs")
}

/// Runs `args` (with `--json`), expects success and returns the last line as JSON.
fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = engine(&all);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.lines().last().expect("a last line")).expect("JSON")
}

/// Runs `args`, expects failure with status `code` and one line on stderr containing
/// `needle`.
fn refused(args: &[&str], code: i32, needle: &str) {
    let out = engine(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

#[test]
fn levels_weakest_first_for_both_games() {
    for game in ["hasami", "yonin"] {
        assert_eq!(
            json(&["levels", game]),
            serde_json::json!({"levels": ["novice", "beginner", "casual", "strong", "master"]})
        );
    }
}

#[test]
fn perft_counts_the_reference_numbers() {
    // RULES Perft: Hasami 3 717 at depth 2, Yonin 729 at depth 3.
    assert_eq!(json(&["perft", "hasami", "2"])["nodes"], 3_717);
    assert_eq!(json(&["perft", "yonin", "3"])["nodes"], 729);
    // From a position (RULES H6.3): Black a1 and White i9 have 16 moves each, but
    // Black's a1a9 and a1i1 each shut one of White's: 14 * 16 + 2 * 15 = 254.
    let v = json(&[
        "perft",
        "hasami",
        "2",
        "--position",
        "8w/9/9/9/9/9/9/9/b8 b 0 0 0",
    ]);
    assert_eq!(v["nodes"], 254);
    assert!(v["ms"].as_f64().unwrap() >= 0.0);
    let start = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 -/-/-/- s - 0 -";
    assert_eq!(
        json(&["perft", "yonin", "2", "--position", start])["nodes"],
        81
    );
}

#[test]
fn bench_reports_its_asserted_node_counts() {
    for game in ["hasami", "yonin"] {
        let v = json(&["bench", game]);
        assert!(v["nodes"].as_u64().unwrap() > 10_000, "{v}");
        assert!(v["nps"].as_f64().unwrap() > 0.0, "{v}");
    }
}

#[test]
fn match_reports_score_elo_and_placings() {
    let v = json(&[
        "match", "hasami", "--a", "greedy", "--b", "random", "--games", "2", "--seed", "3",
    ]);
    assert_eq!(v["games"], 2);
    let (w, d, l) = (
        v["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 2);
    assert_eq!(
        v["score"].as_f64().unwrap(),
        (w as f64 + d as f64 / 2.0) / 2.0
    );
    assert!(v["elo"].is_number() && v["elo_margin"].is_number());
    assert!(v.get("placings").is_none());
    let v = json(&[
        "match",
        "yonin",
        "--a",
        "beginner",
        "--b",
        "random",
        "--games",
        "1",
        "--move-limit",
        "40",
    ]);
    let placings: Vec<u64> = v["placings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    assert_eq!(placings.len(), 4);
    assert_eq!(placings.iter().sum::<u64>(), 1);
}

/// The master with its clock on the positions of one casual game (one second each):
/// every position asked is answered with some work.
#[test]
fn think_reports_the_master_s_work_in_its_second() {
    let v = json(&["think", "yonin", "--games", "1"]);
    let moves = v["moves"].as_u64().expect("moves");
    assert!((1..=8).contains(&moves), "{v}");
    assert!(v["median_work"].as_u64().expect("work") > 0, "{v}");
    assert!(v["median_ms"].as_f64().expect("ms") > 0.0, "{v}");
}

#[test]
fn bad_input_exits_with_a_one_line_message() {
    refused(&["levels", "chess"], 2, "unknown game \"chess\"");
    refused(&["perft", "go", "2"], 2, "unknown game \"go\"");
    refused(&["perft", "hasami", "0"], 2, "depth must be at least 1");
    refused(&["perft", "hasami", "two"], 2, "two");
    refused(
        &["perft", "hasami", "1", "--position", "9/9 b 0 0 0"],
        2,
        "malformed hasami position: board field",
    );
    refused(
        &["perft", "yonin", "1", "--position", "nonsense"],
        2,
        "malformed yonin position",
    );
    refused(&["bench", "chess"], 2, "unknown game");
    refused(
        &["match", "hasami", "--a", "grandmaster", "--b", "greedy"],
        2,
        "player --a: unknown player \"grandmaster\"",
    );
    refused(
        &["match", "yonin", "--a", "master", "--b", "baseline"],
        2,
        "player --b: player \"baseline\" exists for hasami only",
    );
    refused(
        &[
            "match", "hasami", "--a", "casual", "--b", "greedy", "--games", "0",
        ],
        2,
        "games must be at least 1",
    );
    refused(
        &[
            "match",
            "yonin",
            "--a",
            "master",
            "--b",
            "casual",
            "--think-ms",
            "2000",
        ],
        2,
        "think time 2000 ms: expected 1000, 3000 or 10000",
    );
    refused(&["think", "chess"], 2, "unknown game \"chess\"");
    refused(
        &["think", "yonin", "--games", "0"],
        2,
        "games must be at least 1",
    );
    refused(
        &["think", "hasami", "--think-ms", "500"],
        2,
        "think time 500 ms: expected 1000, 3000 or 10000",
    );
    refused(&["fly"], 2, "fly");
}

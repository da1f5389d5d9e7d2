//! The link games' format, merge decisions, who plays a CPU seat, the list of games,
//! and a table playing by link, through both games.

use super::*;
use crate::ai::Level;
use crate::engine::hasami::{self, Player};
use crate::engine::yonin::{self, Seat};
use crate::engine::{Undone, Variant};
use crate::record::link::{LinkErrorKind, LinkGame, ShareLink};
use crate::session::app::GameKind;
use crate::session::table::{Click, LinkSeats, Table, TableGame};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn hasami_game(moves: &[&str]) -> hasami::Game {
    let mut g = hasami::Game::new(hasami::Rules::default());
    for m in moves {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

fn yonin_game(moves: &[&str]) -> yonin::Game {
    let mut g = yonin::Game::new(yonin::Rules::default(), Seat::South);
    for m in moves {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

/// `n` random moves from the start (seeded), avoiding moves that end the game.
fn random_game<G: Variant>(mut game: G, n: usize, seed: u64) -> G {
    let mut rng = StdRng::seed_from_u64(seed);
    while game.moves().len() < n && !game.is_over() {
        let mut moves = game.legal_moves();
        loop {
            let mv = moves[rng.random_range(0..moves.len())];
            let mut next = game.clone();
            next.play(mv).unwrap();
            if !next.is_over() || moves.len() == 1 {
                game = next;
                break;
            }
            moves.retain(|&m| m != mv);
        }
    }
    game
}

fn play_link<G: ShareLink>(game: G) -> PlayLink<G> {
    PlayLink {
        id: GameId::from_bits(42),
        cpus: Vec::new(),
        names: vec![String::new(); G::SEATS.len()],
        game,
    }
}

// ----------------------------------------------------------------------------------
// The link
// ----------------------------------------------------------------------------------

#[test]
fn game_ids_are_ten_base64url_characters_of_60_bits() {
    assert_eq!(GameId::from_bits(0).as_str(), "AAAAAAAAAA");
    assert_eq!(GameId::from_bits(u64::MAX).as_str(), "__________");
    assert_eq!(GameId::from_bits(1 << 60), GameId::from_bits(0));
    assert_eq!(GameId::from_bits(63).as_str(), "AAAAAAAAA_");
    assert!(GameId::parse("AAAAAAAAA").is_none());
    assert!(GameId::parse("AAAAAAAAA+").is_none());
    assert_eq!(GameId::parse("abc-_12345").unwrap().as_str(), "abc-_12345");
}

#[test]
fn a_hasami_link_game_reads_back_with_its_names_and_cpu() {
    let link = PlayLink {
        id: GameId::from_bits(0xDEAD_BEEF),
        cpus: vec![(Player::White, Level::Beginner)],
        names: vec!["Zoë & Li".into(), String::new()],
        game: hasami_game(&["e1e5", "e9e6", "a1a2"]),
    };
    let payload = link.to_payload();
    let v1 = "L1.AAAADerb7v.3.w1.Zo%C3%AB%20%26%20Li,.H1II-4A";
    assert_eq!(link.to_payload_v1(), v1);
    let body = v1.replacen("L1.", "L2.", 1);
    assert_eq!(payload, format!("{body}.{}", check_of(&body)));
    assert_eq!(payload.len(), v1.len() + 1 + CHECK_CHARS);
    assert_eq!(
        PlayLink::<hasami::Game>::from_payload(&payload).unwrap(),
        link
    );
    // Links of the first version, without the check, read as before.
    assert_eq!(PlayLink::<hasami::Game>::from_payload(v1).unwrap(), link);
    assert_eq!(play_link_game(v1), Some(Some(LinkGame::Hasami)));
    assert_eq!(
        play_link_game(&payload),
        Some(Some(LinkGame::Hasami)),
        "the shell tells the game before decoding"
    );
}

#[test]
fn a_yonin_link_game_without_names_or_cpu_writes_dashes() {
    let link = play_link(yonin_game(&["e3e4", "c5d5", "e7e6", "g5f5"]));
    let payload = link.to_payload();
    assert_eq!(link.to_payload_v1(), "L1.AAAAAAAAAq.4.-.-.Y1EFhAQ");
    assert!(
        payload.starts_with("L2.AAAAAAAAAq.4.-.-.Y1EFhAQ."),
        "{payload}"
    );
    assert_eq!(
        PlayLink::<yonin::Game>::from_payload(&payload)
            .unwrap()
            .to_payload(),
        payload
    );
}

#[test]
fn a_300_move_yonin_game_with_four_long_names_fits_in_2000_characters() {
    let mut longest = 0;
    for seed in 0..5 {
        let game = random_game(
            yonin::Game::new(yonin::Rules::default(), Seat::South),
            300,
            seed,
        );
        assert_eq!(game.moves().len(), 300, "seed {seed} reaches 300 moves");
        let link = PlayLink {
            id: GameId::from_bits(seed),
            cpus: vec![(Seat::West, Level::Master), (Seat::East, Level::Strong)],
            // Kana take 9 characters each once percent-encoded: the longest names.
            names: vec!["あ".repeat(MAX_NAME_CHARS); 4],
            game,
        };
        let url = format!(
            "https://someone.github.io/shogi-variants/#{}",
            link.to_payload()
        );
        longest = longest.max(url.len());
        assert!(
            url.len() <= MAX_PLAY_URL_CHARS,
            "seed {seed}: {} characters",
            url.len()
        );
        let back = PlayLink::<yonin::Game>::from_payload(&url[url.find('#').unwrap() + 1..]);
        assert_eq!(back.unwrap().game.moves(), link.game.moves());
    }
    // Measured: 932 characters at most over these seeds (925 before the check).
    println!("the longest link over the seeds: {longest} characters");
    assert!(
        (850..=1_000).contains(&longest),
        "the names are long: {longest}"
    );
}

#[test]
fn bad_link_games_name_what_is_wrong() {
    // The first version's payloads (no check) reach every part's own error.
    let good = play_link(hasami_game(&["e1e5", "e9e6", "a1a2"])).to_payload_v1();
    let read = |p: &str| PlayLink::<hasami::Game>::from_payload(p).unwrap_err();
    let part = |part| PlayLinkError::BadPart { part };
    assert_eq!(
        read("X1.whatever"),
        PlayLinkError::Foreign { tag: "X1".into() }
    );
    assert_eq!(read("L3.x"), PlayLinkError::NewerVersion { version: 3 });
    assert_eq!(read("L9"), PlayLinkError::NewerVersion { version: 9 });
    assert_eq!(read("L1.AAAAAAAAAq.3.-.-"), part(PlayPart::Layout));
    assert_eq!(read("L1.AAAAAAAAq.3.-.-.H1II-4A"), part(PlayPart::Id));
    assert_eq!(
        read("L1.AAAAAAAAAq.03.-.-.H1II-4A"),
        part(PlayPart::MoveCount)
    );
    assert_eq!(
        read("L1.AAAAAAAAAq.3.s2.-.H1II-4A"),
        part(PlayPart::CpuSeats)
    );
    assert_eq!(
        read("L1.AAAAAAAAAq.3.w2b2.-.H1II-4A"),
        part(PlayPart::CpuSeats)
    );
    assert_eq!(
        read("L1.AAAAAAAAAq.3.w9.-.H1II-4A"),
        part(PlayPart::CpuSeats)
    );
    assert_eq!(read("L1.AAAAAAAAAq.3.-.Ana.H1II-4A"), part(PlayPart::Names));
    assert_eq!(
        read("L1.AAAAAAAAAq.3.-.%E3%81,.H1II-4A"),
        part(PlayPart::Names)
    );
    assert_eq!(
        read(&format!("L1.AAAAAAAAAq.3.-.{},.H1II-4A", "x".repeat(17))),
        part(PlayPart::Names)
    );
    assert_eq!(
        read("L1.AAAAAAAAAq.4.-.-.Y1EFhAQ"),
        PlayLinkError::WrongGame {
            found: LinkGame::Yonin
        }
    );
    assert_eq!(
        read("L1.AAAAAAAAAq.2.-.-.H1II-4A"),
        PlayLinkError::CountMismatch { said: 2, held: 3 }
    );
    // Cut short: the share link's own error, with its move and seat (Black is seat 0),
    // numbered as the move list numbers it: the second move read is White's move 1
    // (`1. e1e5 e9e6`), not "move 2".
    let cut = &good[..good.len() - 2];
    assert_eq!(
        read(cut),
        PlayLinkError::Game {
            kind: LinkErrorKind::Truncated,
            at_move: Some(1),
            seat: Some(1),
        }
    );
    // An index beyond the legal moves: "an illegal move in it".
    let wrong = good.replace("H1II-4A", "H1II_4A");
    assert!(matches!(
        read(&wrong),
        PlayLinkError::Game {
            kind: LinkErrorKind::IndexOutOfRange { .. },
            at_move: Some(1),
            ..
        }
    ));
    assert_eq!(
        play_link_game("L7.zzz"),
        Some(None),
        "a newer version still reaches its message"
    );
}

#[test]
fn short_names_are_trimmed_and_cut() {
    assert_eq!(short_name("  Ana  "), "Ana");
    assert_eq!(short_name("a\u{7}b"), "ab");
    assert_eq!(short_name(&"ж".repeat(20)).chars().count(), MAX_NAME_CHARS);
}

// ----------------------------------------------------------------------------------
// Merge decisions
// ----------------------------------------------------------------------------------

/// The four decisions the issue names, and `Same`, for one game: `moves` is a line of
/// at least 4 moves and `fork` a move legal after its first two other than its third.
fn merge_decisions<G: ShareLink>(line: G, fork: G::Move) {
    let at = |n: usize| crate::session::table::history::game_at(&line, n);
    assert_eq!(merge(None, &at(3)), Merge::NewGame);
    assert_eq!(merge(Some(&at(3)), &at(3)), Merge::Same);
    assert_eq!(merge(Some(&at(1)), &at(4)), Merge::Extend { new_moves: 3 });
    assert_eq!(merge(Some(&at(0)), &at(1)), Merge::Extend { new_moves: 1 });
    assert_eq!(
        merge(Some(&at(4)), &at(2)),
        Merge::Older {
            link_moves: 2,
            here_moves: 4
        }
    );
    let mut forked = at(2);
    forked.play(fork).unwrap();
    assert_eq!(
        merge(Some(&at(4)), &forked),
        Merge::Differs { from_move: 3 }
    );
    assert_eq!(
        merge(Some(&forked), &at(4)),
        Merge::Differs { from_move: 3 }
    );
}

#[test]
fn merge_decisions_hasami() {
    merge_decisions(
        hasami_game(&["e1e5", "e9e6", "a1a2", "a9a8"]),
        "b1b2".parse().unwrap(),
    );
}

#[test]
fn merge_decisions_yonin() {
    merge_decisions(
        yonin_game(&["e3e4", "c5d5", "e7e6", "g5f5"]),
        "c9c8".parse().unwrap(),
    );
}

#[test]
fn other_rules_or_starts_differ_from_the_first_move() {
    let here = hasami_game(&["e1e5"]);
    let rules = hasami::Rules {
        move_limit: Some(100),
        ..Default::default()
    };
    let other = hasami::Game::new(rules);
    assert_eq!(merge(Some(&here), &other), Merge::Differs { from_move: 1 });
    let south = yonin_game(&[]);
    let west = yonin::Game::new(yonin::Rules::default(), Seat::West);
    assert_eq!(merge(Some(&south), &west), Merge::Differs { from_move: 1 });
}

#[test]
fn a_resignation_extends_and_a_game_resigned_here_does_not_go_on() {
    let here = hasami_game(&["e1e5", "e9e6"]);
    let mut resigned = here.clone();
    assert!(TableGame::resign(&mut resigned, Player::Black));
    assert_eq!(
        merge(Some(&here), &resigned),
        Merge::Extend { new_moves: 0 }
    );
    assert_eq!(
        merge(Some(&resigned), &here),
        Merge::Older {
            link_moves: 2,
            here_moves: 2
        }
    );
    let longer = hasami_game(&["e1e5", "e9e6", "a1a2"]);
    assert_eq!(
        merge(Some(&resigned), &longer),
        Merge::Differs { from_move: 3 }
    );
}

// ----------------------------------------------------------------------------------
// Who plays a CPU seat
// ----------------------------------------------------------------------------------

#[test]
fn the_cpu_is_played_by_the_device_of_whoever_moved_before_it() {
    // North is the CPU; South, West and East three people on three devices.
    let cpus = [Seat::North];
    let mut game = yonin_game(&["e3e4"]);
    // West to move: nobody's CPU.
    assert!(!cpu_plays_here(&game, &[Seat::West], &cpus, false));
    game.play("c5d5".parse().unwrap()).unwrap();
    assert_eq!(game.side_to_move(), Some(Seat::North));
    assert!(cpu_plays_here(&game, &[Seat::West], &cpus, false));
    assert!(!cpu_plays_here(&game, &[Seat::South], &cpus, true));
    assert!(!cpu_plays_here(&game, &[Seat::East], &cpus, false));
    assert!(moves_here(&game, Seat::North, &[Seat::West], &cpus, false));
    assert!(!moves_here(&game, Seat::East, &[Seat::West], &cpus, false));
    assert!(moves_here(&game, Seat::East, &[Seat::East], &cpus, false));
    // Two CPU seats in a row: West's device plays both.
    let cpus = [Seat::North, Seat::East];
    game.play("e7e6".parse().unwrap()).unwrap();
    assert_eq!(game.side_to_move(), Some(Seat::East));
    assert!(cpu_plays_here(&game, &[Seat::West], &cpus, false));
    // A CPU that moves first: the device that started the game.
    let first = yonin_game(&[]);
    assert!(cpu_plays_here(&first, &[Seat::West], &[Seat::South], true));
    assert!(!cpu_plays_here(
        &first,
        &[Seat::East],
        &[Seat::South],
        false
    ));
}

#[test]
fn the_choice_of_a_seat_puts_first_the_side_to_move_unless_the_link_shows_it_taken() {
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // Hasami (RULES H1.2, Black moves first): an invitation before any move.
    let start = hasami_game(&[]);
    assert_eq!(
        seat_hints(&start, &[], &names(&["", ""])),
        SeatHints {
            to_move: Some(Player::Black),
            moved_last: None,
            suggested: Some(Player::Black),
        }
    );
    // Its sender named Black and sent it before moving: White is left.
    assert_eq!(
        seat_hints(&start, &[], &names(&["Ana", ""])).suggested,
        Some(Player::White)
    );
    // Black moved and sent it: White, to move, is the receiver's.
    let one = hasami_game(&["e1e5"]);
    assert_eq!(
        seat_hints(&one, &[], &names(&["", ""])),
        SeatHints {
            to_move: Some(Player::White),
            moved_last: Some(Player::Black),
            suggested: Some(Player::White),
        }
    );
    // A name given for White, to move, and Black made the last move: no seat is left
    // free, so none is put first.
    assert_eq!(seat_hints(&one, &[], &names(&["", "Bo"])).suggested, None);
    let two = hasami_game(&["e1e5", "e9e6"]);
    assert_eq!(
        seat_hints(&two, &[], &names(&["", ""])).moved_last,
        Some(Player::White)
    );

    // Yonin (turn order South, West, North, East): North is the CPU, played by West's
    // device after West's move; the link West sent ends with North's move.
    let cpus = [Seat::North];
    let game = yonin_game(&["e3e4", "c5d5", "e7e6"]);
    assert_eq!(
        seat_hints(&game, &cpus, &names(&["", "", "", ""])),
        SeatHints {
            to_move: Some(Seat::East),
            moved_last: Some(Seat::West),
            suggested: Some(Seat::East),
        }
    );
    // East named: the first seat left in seat order (South); South named too: none.
    let order: Vec<Seat> = <yonin::Game as Variant>::SEATS.to_vec();
    let mut east_named = vec![String::new(); 4];
    east_named[order.iter().position(|&s| s == Seat::East).unwrap()] = "Cy".into();
    assert_eq!(
        seat_hints(&game, &cpus, &east_named).suggested,
        Some(Seat::South)
    );
    east_named[order.iter().position(|&s| s == Seat::South).unwrap()] = "Ana".into();
    assert_eq!(seat_hints(&game, &cpus, &east_named).suggested, None);
    // A finished game: nobody to move, nothing put first.
    let over = seat_hints(&finished_yonin_game(), &[], &names(&["", "", "", ""]));
    assert_eq!((over.to_move, over.suggested), (None, None));
    assert!(over.moved_last.is_some());
}

// ----------------------------------------------------------------------------------
// The list of games
// ----------------------------------------------------------------------------------

fn entry<G: ShareLink + crate::record::text::RecordText>(
    link: &PlayLink<G>,
    game: GameKind,
    mine: Vec<usize>,
    at: f64,
) -> LinkEntry {
    LinkEntry {
        id: link.id.clone(),
        game,
        link: link.to_payload(),
        mine,
        started_here: false,
        updated_ms: at,
        sent_moves: 0,
        end_sent: false,
        result_closed: false,
    }
}

#[test]
fn the_list_of_games_has_a_row_per_game_last_changed_first() {
    let mut games = LinkGames::default();
    let h = PlayLink {
        id: GameId::from_bits(1),
        cpus: Vec::new(),
        names: vec!["Ana".into(), "Bo".into()],
        game: hasami_game(&["e1e5"]),
    };
    let y = PlayLink {
        id: GameId::from_bits(2),
        cpus: vec![(Seat::North, Level::Casual)],
        names: vec![String::new(); 4],
        game: yonin_game(&["e3e4", "c5d5"]),
    };
    games.upsert(entry(&h, GameKind::Hasami, vec![0], 10.0));
    games.upsert(entry(&y, GameKind::Yonin, vec![1], 20.0));
    let rows = games.rows();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].id, y.id);
    assert_eq!(rows[0].game, GameKind::Yonin);
    assert_eq!(rows[0].moves, 2);
    assert_eq!(rows[0].to_move, Some(2), "North");
    assert_eq!(rows[0].players[2].cpu, Some(Level::Casual));
    assert!(rows[0].players[1].mine);
    assert!(!rows[0].my_turn());
    assert_eq!(rows[1].players[0].name, "Ana");
    assert_eq!(rows[1].to_move, Some(1), "White");
    assert!(!rows[1].my_turn());
    // The game moves on: the entry is replaced, not added.
    let mut h2 = h.clone();
    h2.game.play("e9e6".parse().unwrap()).unwrap();
    games.upsert(entry(&h2, GameKind::Hasami, vec![0], 30.0));
    let rows = games.rows();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0].moves, rows[0].my_turn()), (2, true));
    assert!(rows[0].winners.is_empty(), "in play");
    // Over: no seat to move, and who won (Black resigned, RULES H4.3: White).
    let mut h3 = h2.clone();
    h3.game.resign(Player::Black).unwrap();
    games.upsert(entry(&h3, GameKind::Hasami, vec![0], 40.0));
    let rows = games.rows();
    assert_eq!((rows[0].to_move, rows[0].winners.clone()), (None, vec![1]));
    assert!(!rows[0].my_turn());
    assert!(rows[1].winners.is_empty(), "the Yonin game goes on");
    // Same id, other game: another entry.
    assert!(games.entry(GameKind::Yonin, &h.id).is_none());
    assert!(games.remove(GameKind::Hasami, &h.id));
    assert!(!games.remove(GameKind::Hasami, &h.id));
    assert_eq!(games.rows().len(), 1);
}

#[test]
fn the_list_reads_back_and_fills_defaults() {
    let y = play_link(yonin_game(&["e3e4"]));
    let mut games = LinkGames::default();
    games.upsert(entry(&y, GameKind::Yonin, vec![0, 2], 5.0));
    let text = games.encode();
    assert_eq!(LinkGames::read(Some(&text)).unwrap(), games);
    assert_eq!(LinkGames::read(None).unwrap(), LinkGames::default());
    // An entry saved without the optional fields.
    let bare = format!(
        r#"{{"app":"shogi-variants","version":1,"data":{{"games":[{{"id":"AAAAAAAAAq","game":"yonin","link":"{}"}}]}}}}"#,
        y.to_payload()
    );
    let read = LinkGames::read(Some(&bare)).unwrap();
    assert_eq!(read.games[0].mine, Vec::<usize>::new());
    assert!(!read.games[0].started_here);
    assert_eq!(
        LinkGames::read(Some(r#"{"app":"shogi-variants","version":2,"data":{}}"#)),
        Err(crate::session::storage::LoadError::UnknownVersion(2))
    );
    assert!(LinkGames::read(Some(r#"{"app":"shogi-variants","version":1,"data":{"games":[{"id":"short","game":"yonin","link":""}]}}"#)).is_err());
}

#[test]
fn a_game_changed_in_another_tab_is_told_from_one_left_alone() {
    let link = play_link(hasami_game(&["e1e5"]));
    let shown = entry(&link, GameKind::Hasami, vec![0], 10.0);
    let mut games = LinkGames::default();
    games.upsert(shown.clone());
    assert!(!games.changed_from(&shown), "the same game");
    // Saved again later with nothing else changed: the same.
    games.upsert(LinkEntry {
        updated_ms: 99.0,
        ..shown.clone()
    });
    assert!(!games.changed_from(&shown));
    // A move sent, a seat changed, a move played or taken back: changed.
    for changed in [
        LinkEntry {
            sent_moves: 1,
            ..shown.clone()
        },
        LinkEntry {
            end_sent: true,
            ..shown.clone()
        },
        LinkEntry {
            mine: vec![1],
            ..shown.clone()
        },
        entry(
            &play_link(hasami_game(&["e1e5", "e9e6"])),
            GameKind::Hasami,
            vec![0],
            10.0,
        ),
        entry(
            &play_link(hasami_game(&[])),
            GameKind::Hasami,
            vec![0],
            10.0,
        ),
    ] {
        let mut games = LinkGames::default();
        games.upsert(changed);
        assert!(games.changed_from(&shown));
    }
    // Another game of the same id changed (or added) only: not this one.
    let mut games = LinkGames::default();
    games.upsert(shown.clone());
    games.upsert(entry(
        &play_link(yonin_game(&[])),
        GameKind::Yonin,
        vec![0],
        5.0,
    ));
    assert!(!games.changed_from(&shown));
    // Deleted in another tab: changed.
    assert!(LinkGames::default().changed_from(&shown));
}

#[test]
fn merge_of_finds_the_game_by_its_id() {
    let mut games = LinkGames::default();
    let here = play_link(hasami_game(&["e1e5", "e9e6"]));
    games.upsert(entry(&here, GameKind::Hasami, vec![0], 1.0));
    let mut later = here.clone();
    later.game.play("a1a2".parse().unwrap()).unwrap();
    assert_eq!(
        games.merge_of(GameKind::Hasami, &later),
        Merge::Extend { new_moves: 1 }
    );
    let mut other = later.clone();
    other.id = GameId::from_bits(7);
    assert_eq!(games.merge_of(GameKind::Hasami, &other), Merge::NewGame);
}

// ----------------------------------------------------------------------------------
// A table playing by link
// ----------------------------------------------------------------------------------

fn hasami_link_table(mine: Player) -> Table<hasami::Game> {
    Table::for_link(
        hasami::Game::new(hasami::Rules::default()),
        LinkSeats {
            mine: vec![mine],
            cpus: Vec::new(),
            started_here: false,
            names: vec!["Ana".into(), String::new()],
            sent_moves: 0,
            end_sent: false,
        },
        Default::default(),
        1,
    )
}

fn click<G: TableGame>(t: &mut Table<G>, mv: &str) -> bool {
    let (from, to) = mv.split_at(2);
    t.click_square(from.parse().unwrap());
    matches!(t.click_square(to.parse().unwrap()), Click::Played(_))
}

#[test]
fn only_this_devices_seat_moves_and_the_others_come_by_link() {
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert!(black.human_to_move());
    assert!(!white.human_to_move(), "Black's move comes by link");
    assert!(!click(&mut white, "e9e6"));
    assert!(
        white.cpu_request().is_none(),
        "nobody's CPU moves for Black"
    );
    assert_eq!(white.bottom_seat(), Player::White);
    assert!(click(&mut black, "e1e5"));
    assert!(!black.human_to_move());
    assert_eq!(white.extend_by_link(black.game()), 1);
    assert!(white.human_to_move());
    assert!(white.move_feedback().is_some(), "the move is heard");
    assert_eq!(white.extend_by_link(black.game()), 0, "applied once");
    assert!(click(&mut white, "e9e6"));
    // An older game does not extend.
    assert_eq!(white.extend_by_link(black.game()), 0);
    assert_eq!(white.game().moves().len(), 2);
    // The stats of a link table are its own (the pass-and-play table is another).
    assert!(black.stats().is_empty());
}

#[test]
fn a_cpu_seat_is_asked_only_on_the_device_that_moved_before_it() {
    let seats = |mine| LinkSeats {
        mine: vec![mine],
        cpus: vec![(Seat::West, Level::Novice)],
        started_here: false,
        names: Vec::new(),
        sent_moves: 0,
        end_sent: false,
    };
    let game = yonin_game(&[]);
    let mut south = Table::for_link(game.clone(), seats(Seat::South), Default::default(), 1);
    let mut north = Table::for_link(game, seats(Seat::North), Default::default(), 2);
    south.tick(0.0);
    assert!(click(&mut south, "e3e4"));
    let request = south
        .cpu_request()
        .expect("South's device plays West")
        .clone();
    assert_eq!(request.seat, Seat::West);
    assert_eq!(request.level, Level::Novice);
    assert!(south.cpu_thinking(), "West's CPU thinks on South's device");
    assert!(
        !north.cpu_thinking(),
        "nor before South's move came by link"
    );
    // While West thinks here, the link would stop before its move: nothing to send.
    assert_eq!(south.send_offer(), SendOffer::Wait);
    assert_eq!(
        north.send_offer(),
        SendOffer::Game,
        "North's device does not play West"
    );
    let mv = request.think(None).unwrap();
    south.cpu_answer(request.revision, mv).unwrap();
    assert_eq!(south.game().side_to_move(), Some(Seat::North));
    assert!(!south.human_to_move());
    assert!(!south.cpu_thinking(), "North moves on its own device");
    assert_eq!(
        south.send_offer(),
        SendOffer::Move,
        "South's move and West's"
    );
    // North's device gets both moves by link, and it is North's move there.
    assert_eq!(north.extend_by_link(south.game()), 2);
    assert_eq!(north.send_offer(), SendOffer::Game);
    assert!(north.cpu_request().is_none());
    assert!(north.human_to_move());
    assert_eq!(north.bottom_seat(), Seat::North);
    // Changing seats: this device now plays East, and North's move comes by link.
    north.set_my_seats(vec![Seat::East]);
    assert!(!north.human_to_move());
    assert_eq!(north.bottom_seat(), Seat::East);
}

#[test]
fn a_resignation_by_link_ends_the_game_here() {
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert!(click(&mut black, "e1e5"));
    white.extend_by_link(black.game());
    // By link one resigns on one's own turn only (White's move may be on its way).
    assert!(black.resign().is_err());
    white.resign().unwrap();
    assert!(white.game().is_over());
    assert_eq!(black.extend_by_link(white.game()), 0);
    assert!(black.game().is_over());
    assert!(black.show_result());
    let undone = black.game().clone().undo();
    assert_eq!(undone, Some(Undone::Resignation));
    // Closed here, the result stays closed when the game is opened again.
    assert!(!black.result_closed());
    black.dismiss_result();
    assert!(black.result_closed());
    let mut again = hasami_link_table(Player::Black);
    again.extend_by_link(black.game());
    assert!(again.show_result(), "opened before it was closed");
    again.set_result_closed(true);
    assert!(!again.show_result(), "closed: the board");
    // A game still going on has no result to close.
    let mut going_on = hasami_link_table(Player::Black);
    going_on.set_result_closed(true);
    assert!(!going_on.result_closed());
}

// ----------------------------------------------------------------------------------
// The check (L2)
// ----------------------------------------------------------------------------------

#[test]
fn a_changed_or_lost_character_reads_as_a_damaged_link_not_a_fork() {
    let link = play_link(hasami_game(&["e1e5", "e9e6", "a1a2", "i9i8"]));
    let payload = link.to_payload();
    let read = |p: &str| PlayLink::<hasami::Game>::from_payload(p);
    assert_eq!(read(&payload).unwrap(), link);
    // Every character of the moves part changed to another of the alphabet: the game
    // in it would still read (a fork "from move 2" before the check), but the check
    // tells it apart.
    let share_at = payload.find(".H1").unwrap() + 1;
    let check_at = payload.rfind('.').unwrap();
    for i in share_at + 2..check_at {
        for c in ['A', 'Q', 'z', '-'] {
            let mut changed = payload.clone();
            if changed.as_bytes()[i] == c as u8 {
                continue;
            }
            changed.replace_range(i..=i, &c.to_string());
            assert_eq!(read(&changed), Err(PlayLinkError::Damaged), "{changed}");
        }
    }
    // A changed id, count, name or check; a cut anywhere; an added character.
    assert_eq!(
        read(&payload.replacen("AAAAAAAAAq", "AAAAAAAAAr", 1)),
        Err(PlayLinkError::Damaged)
    );
    for cut in 3..payload.len() {
        assert!(
            matches!(
                read(&payload[..cut]),
                Err(PlayLinkError::Damaged | PlayLinkError::BadPart { .. })
            ),
            "cut at {cut}"
        );
    }
    assert_eq!(
        read(&payload[..payload.len() - 1]),
        Err(PlayLinkError::Damaged)
    );
    assert_eq!(read(&format!("{payload}A")), Err(PlayLinkError::Damaged));
    assert_eq!(read("L2.nothing"), Err(PlayLinkError::Damaged));
    assert_eq!(read("L2"), Err(PlayLinkError::Damaged));
    // The same change in a first-version link reads as a game (nothing tells it).
    let v1 = link.to_payload_v1();
    let mut changed = v1.clone();
    let last = changed.len() - 1;
    changed.replace_range(last.., "A");
    assert!(!matches!(read(&changed), Err(PlayLinkError::Damaged)));
}

#[test]
fn a_checked_link_with_a_valid_check_still_names_its_parts() {
    // A payload written by hand with a valid check: its parts' errors as before.
    let body = "L2.AAAAAAAAAq.2.-.-.H1II-4A";
    let payload = format!("{body}.{}", check_of(body));
    assert_eq!(
        PlayLink::<hasami::Game>::from_payload(&payload),
        Err(PlayLinkError::CountMismatch { said: 2, held: 3 })
    );
    let body = "L2.AAAAAAAAAq.4.-.-.Y1EFhAQ";
    let payload = format!("{body}.{}", check_of(body));
    assert_eq!(
        PlayLink::<hasami::Game>::from_payload(&payload),
        Err(PlayLinkError::WrongGame {
            found: LinkGame::Yonin
        })
    );
    assert_eq!(play_link_game(&payload), Some(Some(LinkGame::Yonin)));
    // An L1 tag inside an L2 payload is a damaged layout.
    let body = "L1.AAAAAAAAAq.4.-.-.Y1EFhAQ";
    let payload = format!("L2{}", &format!("{body}.{}", check_of(body))[2..]);
    assert!(PlayLink::<yonin::Game>::from_payload(&payload).is_err());
}

// ----------------------------------------------------------------------------------
// Watching, sending, taking back, results
// ----------------------------------------------------------------------------------

fn link_table<G: TableGame>(
    game: G,
    mine: Vec<G::Seat>,
    cpus: Vec<(G::Seat, Level)>,
    started_here: bool,
) -> Table<G> {
    Table::for_link(
        game,
        LinkSeats {
            mine,
            cpus,
            started_here,
            names: Vec::new(),
            sent_moves: 0,
            end_sent: false,
        },
        Default::default(),
        7,
    )
}

#[test]
fn a_watching_device_moves_for_no_seat_not_even_the_cpu() {
    let cpus = [Seat::South];
    let start = yonin_game(&[]);
    // The CPU moves first: the device that started plays it, unless it only watches.
    assert!(cpu_plays_here(&start, &[Seat::North], &cpus, true));
    assert!(!cpu_plays_here(&start, &[], &cpus, true));
    let after_west = yonin_game(&["e3e4", "c5d5"]);
    for seat in yonin::Game::SEATS {
        assert!(!moves_here(&after_west, *seat, &[], &[Seat::North], true));
    }
    // At a table: nothing to click, nothing for the CPU to think, the moves come by
    // link, and the player may take a seat later.
    let mut watch = link_table(
        yonin_game(&[]),
        Vec::new(),
        vec![(Seat::South, Level::Novice)],
        true,
    );
    watch.tick(0.0);
    assert!(watch.watching());
    assert!(watch.cpu_request().is_none());
    assert!(!watch.human_to_move());
    assert!(watch.resigner().is_none());
    assert_eq!(watch.send_offer(), SendOffer::Nothing);
    assert_eq!(watch.extend_by_link(&yonin_game(&["e3e4", "c5d5"])), 2);
    assert_eq!(watch.link_applied(), 2);
    watch.set_my_seats(vec![Seat::North]);
    assert!(!watch.watching());
    assert!(watch.human_to_move(), "North to move, now played here");
    watch.set_my_seats(Vec::new());
    assert!(!watch.human_to_move());
}

#[test]
fn the_device_that_ends_the_game_sends_the_final_move_and_the_receiver_does_not() {
    // Black's device plays 1-2 moves and White resigns on its turn (RULES H4.3).
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert_eq!(
        black.send_offer(),
        SendOffer::Game,
        "no move yet: the game's link, no move of this device in it"
    );
    assert_eq!(white.send_offer(), SendOffer::Game);
    assert!(!black.move_unsent(), "nothing played yet");
    assert!(click(&mut black, "e1e5"));
    assert_eq!(black.send_offer(), SendOffer::Move);
    assert!(
        black.move_unsent(),
        "White learns the move only from its link"
    );
    black.link_sent();
    assert_eq!(
        black.send_offer(),
        SendOffer::Move,
        "sent, it may be sent again"
    );
    assert!(!black.move_unsent());
    white.extend_by_link(black.game());
    assert!(!white.move_unsent(), "the last move came by link");
    assert_eq!(
        white.send_offer(),
        SendOffer::Game,
        "Black's move came by link: White has no move of its own to send"
    );
    assert_eq!(white.resigner(), Some(Player::White));
    assert!(black.resigner().is_none(), "by link, only on one's turn");
    assert_eq!(
        black.resign(),
        Err(crate::session::table::TableError::CannotResign)
    );
    white.resign().unwrap();
    assert_eq!(
        white.link_last_action(),
        LastAction::Resignation { here: true }
    );
    assert_eq!(white.send_offer(), SendOffer::Resignation);
    assert_eq!(black.extend_by_link(white.game()), 0);
    assert!(black.game().is_over());
    assert_eq!(
        black.link_last_action(),
        LastAction::Resignation { here: false }
    );
    assert_eq!(black.send_offer(), SendOffer::Nothing);

    // A game ended by a move: in Yonin, the mate that ends it (RULES Y6.1) made on
    // South's device; replayed from a finished game.
    let finished = finished_yonin_game();
    let last_mover = {
        let mut before = finished.clone();
        before.undo();
        before.side_to_move().unwrap()
    };
    let mut before = finished.clone();
    before.undo();
    let mut maker = link_table(before.clone(), vec![last_mover], Vec::new(), false);
    let mut receiver = link_table(before, vec![last_mover.clockwise(1)], Vec::new(), false);
    let mv = *finished.moves().last().unwrap();
    maker.tick(0.0);
    assert!(maker.human_to_move());
    play_move(&mut maker, mv);
    assert!(maker.game().is_over());
    assert_eq!(maker.send_offer(), SendOffer::FinalMove);
    assert_eq!(receiver.extend_by_link(maker.game()), 1);
    assert!(receiver.game().is_over());
    assert_eq!(receiver.send_offer(), SendOffer::Nothing);
    // Reopened later (a reload), each device still tells the same.
    let reopened = link_table(finished.clone(), vec![last_mover], Vec::new(), false);
    assert_eq!(reopened.send_offer(), SendOffer::FinalMove);
    let reopened = link_table(finished, vec![last_mover.clockwise(1)], Vec::new(), false);
    assert_eq!(reopened.send_offer(), SendOffer::Nothing);
}

/// Plays `mv` at `t` as a person's clicks would.
fn play_move(t: &mut Table<yonin::Game>, mv: yonin::Move) {
    let yonin::Move::Normal { from, to, promote } = mv else {
        panic!("a board move: {mv:?}");
    };
    t.click_square(from);
    let mut click = t.click_square(to);
    if matches!(click, Click::AskPromotion) {
        click = t.choose_promotion(Some(promote));
    }
    assert!(matches!(click, Click::Played(_)), "{mv:?}: {click:?}");
}

/// A Yonin game ended by a board move: the move limit (RULES Y6.4, a local rule) of 12
/// moves, reached by seeded plain moves (the end by mates, RULES Y6.1, is the e2e
/// test's).
fn finished_yonin_game() -> yonin::Game {
    let rules = yonin::Rules {
        move_limit: Some(12),
        ..yonin::Rules::default()
    };
    let game = random_game(yonin::Game::new(rules, Seat::South), 11, 5);
    assert_eq!(game.moves().len(), 11);
    let mut rng = StdRng::seed_from_u64(5);
    let mut game = game;
    let moves: Vec<yonin::Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, yonin::Move::Normal { promote: false, .. }))
        .collect();
    game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    assert!(game.is_over(), "the move limit ends it");
    game
}

#[test]
fn take_back_is_for_ones_own_last_move_until_it_is_sent() {
    let cpus = [Seat::West];
    let mine = [Seat::South];
    // South moved, then West (the CPU, played here): both go back together.
    let game = yonin_game(&["e3e4", "c5d5"]);
    assert_eq!(
        take_back_of(&game, &mine, &cpus, false, 0),
        TakeBack::Allowed { moves: 2 }
    );
    assert_eq!(take_back_of(&game, &mine, &cpus, false, 2), TakeBack::Sent);
    assert_eq!(
        take_back_of(&game, &mine, &cpus, false, 1),
        TakeBack::Sent,
        "the link sent held South's move"
    );
    // North's device: the last moves came by link.
    assert_eq!(
        take_back_of(&game, &[Seat::North], &cpus, false, 0),
        TakeBack::NotYours
    );
    assert_eq!(
        take_back_of(&yonin_game(&[]), &mine, &cpus, false, 0),
        TakeBack::Nothing
    );
    // Without the CPU: one move, and only its mover's.
    let game = yonin_game(&["e3e4"]);
    assert_eq!(
        take_back_of(&game, &mine, &[], false, 0),
        TakeBack::Allowed { moves: 1 }
    );
    assert_eq!(take_back_of(&game, &[], &[], false, 0), TakeBack::NotYours);
    // Hasami: a resignation is final.
    let mut resigned = hasami_game(&["e1e5"]);
    resigned.resign(Player::White).unwrap();
    assert_eq!(
        take_back_of(&resigned, &[Player::White], &[], false, 0),
        TakeBack::Resigned
    );
    // The CPU moved first on the device that started: nothing of a person's to take.
    let game = yonin_game(&["e3e4"]);
    assert_eq!(
        take_back_of(&game, &[Seat::North], &[Seat::South], true, 0),
        TakeBack::NotYours
    );
}

#[test]
fn taking_back_at_a_link_table_and_the_receiver_of_another_move_sees_a_fork() {
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert!(click(&mut black, "e1e5"));
    assert_eq!(black.link_take_back(), TakeBack::Allowed { moves: 1 });
    // White's device holds no such move of its own.
    assert_eq!(white.link_take_back(), TakeBack::Nothing);
    assert_eq!(black.take_back_by_link(), Ok(1));
    assert!(black.game().moves().is_empty());
    assert!(black.human_to_move());
    // Sent: it stays.
    assert!(click(&mut black, "a1a5"));
    black.link_sent();
    assert_eq!(black.link_take_back(), TakeBack::Sent);
    assert_eq!(black.take_back_by_link(), Err(TakeBack::Sent));
    assert_eq!(black.game().moves().len(), 1);
    assert_eq!(black.link_seats().unwrap().sent_moves, 1);
    // White got Black's first move (copied from the field, not sent) and Black took
    // it back: the other move reads as a fork there, nothing is lost.
    let mut first = hasami_game(&["e1e5"]);
    assert_eq!(white.extend_by_link(&first), 1);
    assert_eq!(
        merge(Some(white.game()), black.game()),
        Merge::Differs { from_move: 1 }
    );
    first.play("e9e6".parse().unwrap()).unwrap();
    assert!(click(&mut white, "e9e6"));
    assert_eq!(white.game().moves(), first.moves());
    // White's move came by link to Black's device: not Black's to take back.
    let mut black = hasami_link_table(Player::Black);
    black.extend_by_link(&hasami_game(&["e1e5", "e9e6"]));
    assert_eq!(black.link_take_back(), TakeBack::NotYours);
}

#[test]
fn a_finished_link_game_counts_no_wins_and_no_statistics_on_any_device() {
    // Black makes the final move (White resigns on one device; the other gets it by
    // link): the cards' wins and the statistics stay empty on both, so both agree.
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert!(click(&mut black, "e1e5"));
    white.extend_by_link(black.game());
    white.resign().unwrap();
    black.extend_by_link(white.game());
    for t in [&black, &white] {
        assert!(t.game().is_over());
        assert!(t.stats().is_empty(), "no statistics");
        assert!(t.participants().iter().all(|p| p.wins == 0), "no wins");
    }
    // Yonin, ended by a move made here and received by link.
    let finished = finished_yonin_game();
    let mut before = finished.clone();
    before.undo();
    let mover = before.side_to_move().unwrap();
    let mut maker = link_table(before.clone(), vec![mover], Vec::new(), false);
    let mut receiver = link_table(before, vec![mover.next()], Vec::new(), false);
    play_move(&mut maker, *finished.moves().last().unwrap());
    receiver.extend_by_link(maker.game());
    for t in [&maker, &receiver] {
        assert!(t.game().is_over());
        assert!(t.stats().is_empty());
        assert!(t.participants().iter().all(|p| p.wins == 0));
    }
    // The pass-and-play table still counts its own games (RULES H4.3).
    let mut local: Table<hasami::Game> = Table::new(Default::default(), 1);
    local.resign().unwrap();
    assert!(!local.stats().is_empty());
}

#[test]
fn the_end_of_a_game_by_link_waits_to_be_sent_until_a_link_holding_it_is_sent() {
    // White resigns on its turn (RULES H4.3): the others learn it only by link, and a
    // resignation adds no move, so the moves sent cannot tell whether it went.
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert!(click(&mut black, "e1e5"));
    assert!(!black.end_unsent(), "the game goes on");
    black.link_sent();
    white.extend_by_link(black.game());
    white.link_sent();
    assert!(!white.end_unsent());
    white.resign().unwrap();
    assert_eq!(white.send_offer(), SendOffer::Resignation);
    assert!(white.end_unsent(), "the resignation is not sent yet");
    white.link_sent();
    assert!(!white.end_unsent());
    assert!(white.link_seats().unwrap().end_sent);
    // Black's device got the end by link: nothing of it to send there.
    black.extend_by_link(white.game());
    assert!(black.game().is_over());
    assert_eq!(black.send_offer(), SendOffer::Nothing);
    assert!(!black.end_unsent());

    // Yonin, ended by a move made here (RULES Y6): the final move waits to be sent.
    let finished = finished_yonin_game();
    let mut before = finished.clone();
    before.undo();
    let mover = before.side_to_move().unwrap();
    let mut maker = link_table(before, vec![mover], Vec::new(), false);
    play_move(&mut maker, *finished.moves().last().unwrap());
    assert_eq!(maker.send_offer(), SendOffer::FinalMove);
    assert!(maker.end_unsent());
    maker.link_sent();
    assert!(!maker.end_unsent());
    // A final move sent by a build that did not keep `end_sent` counts by its moves.
    let older = |sent_moves| {
        Table::for_link(
            finished.clone(),
            LinkSeats {
                mine: vec![mover],
                cpus: Vec::new(),
                started_here: false,
                names: Vec::new(),
                sent_moves,
                end_sent: false,
            },
            Default::default(),
            3,
        )
    };
    assert!(!older(finished.moves().len()).end_unsent());
    assert!(older(finished.moves().len() - 1).end_unsent());
    // A pass-and-play table sends nothing.
    let mut local: Table<hasami::Game> = Table::new(Default::default(), 1);
    local.resign().unwrap();
    assert!(!local.end_unsent());
}

#[test]
fn the_note_of_new_moves_goes_once_a_person_here_moves_and_names_show_per_seat() {
    let mut black = hasami_link_table(Player::Black);
    let mut white = hasami_link_table(Player::White);
    assert_eq!(black.link_name(Player::Black), Some("Ana"));
    assert_eq!(black.link_name(Player::White), None);
    let local: Table<hasami::Game> = Table::new(Default::default(), 1);
    assert_eq!(local.link_name(Player::Black), None);
    assert!(click(&mut black, "e1e5"));
    assert_eq!(black.link_applied(), 0);
    assert_eq!(white.extend_by_link(black.game()), 1);
    assert_eq!(white.link_applied(), 1);
    assert!(click(&mut white, "e9e6"));
    assert_eq!(white.link_applied(), 0, "cleared by the player's own move");
    // A link that adds nothing leaves no note either.
    assert_eq!(white.extend_by_link(black.game()), 0);
    assert_eq!(white.link_applied(), 0);
}

#[test]
fn a_game_saved_with_a_first_version_link_lists_and_merges_as_before() {
    let mut y = play_link(yonin_game(&["e3e4", "c5d5"]));
    let mut games = LinkGames::default();
    let mut old = entry(&y, GameKind::Yonin, vec![0], 1.0);
    old.link = y.to_payload_v1();
    games.upsert(old);
    let rows = games.rows();
    assert_eq!((rows.len(), rows[0].moves), (1, 2));
    y.game.play("e7e6".parse().unwrap()).unwrap();
    assert_eq!(
        games.merge_of(GameKind::Yonin, &y),
        Merge::Extend { new_moves: 1 }
    );
}

#[test]
fn a_links_parting_move_is_numbered_as_its_move_list_numbers_it() {
    use crate::record::text::MoveAt;
    let mut g = hasami::Game::new(Default::default());
    for mv in ["e1e5", "e9e6", "a1a4"] {
        g.play(mv.parse().unwrap()).unwrap();
    }
    // `1. e1e5 e9e6 2. a1a4` (RULES H6.2): the second move is White's move 1.
    let at = |number, seat, index| {
        Some(MoveAt {
            number,
            seat: Some(seat),
            index,
        })
    };
    assert_eq!(parting_move(&g, 1), at(1, Player::Black, 0));
    assert_eq!(parting_move(&g, 2), at(1, Player::White, 1));
    assert_eq!(parting_move(&g, 3), at(2, Player::Black, 2));
    assert_eq!(parting_move(&g, 4), None, "the link has no fourth move");
    assert_eq!(parting_move(&g, 0), None);
}

// ----------------------------------------------------------------------------------
// Playing again
// ----------------------------------------------------------------------------------

/// After a game by link, the next one of the same players: a new id, no moves, the
/// same rules, start, CPU seats and names (a Lead-by-3 Hasami game resigned by White,
/// RULES H4.1, H4.3; a Yonin game begun by West under pairs rules, RULES Y1.2, Y6.1).
#[test]
fn playing_again_starts_the_same_game_with_a_new_id() {
    let rules = hasami::Rules {
        win: hasami::WinCondition::LeadByThree,
        ..hasami::Rules::default()
    };
    let mut game = hasami::Game::new(rules);
    for m in ["e1e5", "e9e6"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    game.resign(Player::White).unwrap();
    let finished = PlayLink {
        id: GameId::from_bits(7),
        cpus: vec![(Player::White, Level::Strong)],
        names: vec!["Ana".into(), String::new()],
        game,
    };
    let again = finished.play_again(GameId::from_bits(8));
    assert_eq!(again.id, GameId::from_bits(8));
    assert_eq!((again.cpus, again.names), (finished.cpus, finished.names));
    assert!(again.game.moves().is_empty() && !again.game.is_over());
    assert_eq!(again.game.rules(), rules);
    assert_eq!(again.game.side_to_move(), Some(Player::Black));

    let rules = yonin::Rules {
        format: yonin::Format::Pairs,
        ..yonin::Rules::default()
    };
    let mut game = random_game(yonin::Game::new(rules, Seat::West), 12, 3);
    game.play(game.legal_moves()[0]).unwrap();
    let finished = PlayLink {
        id: GameId::from_bits(9),
        cpus: Vec::new(),
        names: vec!["S".into(), "W".into(), "N".into(), "E".into()],
        game,
    };
    let again = finished.play_again(GameId::from_bits(10));
    assert!(again.game.moves().is_empty());
    assert_eq!(again.game.rules(), rules);
    assert_eq!(again.game.starting_seat(), Seat::West);
    assert_eq!(again.names, finished.names);
}

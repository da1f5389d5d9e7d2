//! What earlier builds saved on players' devices still opens, with every value it held.
//!
//! `tests/data/saved/` holds localStorage values byte for byte as the build of commit
//! e164324 wrote them in Chromium, captured by the ignored end-to-end test
//! `capture_saved_blobs` (see there for how to capture them again): a Hasami table
//! (4 moves; win condition, move limit, alternate who starts, kanji pieces, a master CPU
//! with 3 s, 30 s per move, the board turned to the player), a Yonin table (4 moves; pairs,
//! to the last seat, ownerless pieces, move limit, legal moves hidden, letters, a
//! beginner and a master CPU, North a person, 60 s per move, the board turned) and the
//! preferences (Japanese, dark, no sound, instant moves, confirm moves, Yonin last played).
//! `tests/data/v1-hasami-*.json` are the two keys of version 1 of the app, captured the
//! same way from that build.
//!
//! Each blob is opened with the current code (`SavedTable::open`, `Table::open`,
//! `Preferences::read`), checked against the values written here by hand (not computed
//! by the code under test), then encoded again and reopened: the same values come back.

use shogi_variants::ai::Level;
use shogi_variants::engine::hasami::{self, WinCondition};
use shogi_variants::engine::yonin::{self, EliminatedPieces, Format, GameEnd, Seat};
use shogi_variants::session::app::{GameKind, Motion, Preferences, Theme};
use shogi_variants::session::hasami::{PieceStyle as HasamiPieces, Settings as HasamiSettings};
use shogi_variants::session::storage::{self, LoadError};
use shogi_variants::session::table::{
    Controller, Participant, Revision, SavedTable, Table, TableGame, TableSettings, TimePerMove,
    ViewMode,
};
use shogi_variants::session::yonin::{PieceStyle as YoninPieces, Settings as YoninSettings};

const HASAMI_TABLE: &str = include_str!("data/saved/hasami-table.json");
const YONIN_TABLE: &str = include_str!("data/saved/yonin-table.json");
const PREFERENCES: &str = include_str!("data/saved/preferences.json");
const V1_TABLE: &str = include_str!("data/v1-hasami-table.json");
const V1_SETTINGS: &str = include_str!("data/v1-hasami-settings.json");

/// A page id for the tables opened here.
const PAGE: u64 = 0x5eed;

fn participant(controller: Controller, level: Level, think_ms: u32) -> Participant {
    Participant {
        controller,
        wins: 0,
        level,
        think_ms,
    }
}

fn moves<M: ToString>(list: &[M]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// `saved` encoded by the current code and opened again: everything it holds comes back
/// (compared as the stored JSON values, so every field counts).
fn reopened<G: TableGame>(saved: &SavedTable<G>) -> SavedTable<G> {
    let text = saved.encode();
    assert_eq!(
        storage::open(&text).expect("an envelope").0,
        storage::TABLE_VERSION,
        "written in the current version"
    );
    let again = SavedTable::<G>::open(&text, None).expect("the re-encoded table opens");
    assert_eq!(
        serde_json::to_value(&again).unwrap(),
        serde_json::to_value(saved).unwrap(),
        "encoded and reopened, the table is the same"
    );
    again
}

// ---------------------------------------------------------------------------------------
// Hasami
// ---------------------------------------------------------------------------------------

fn check_hasami(saved: &SavedTable<hasami::Game>) {
    assert_eq!(
        saved.settings,
        HasamiSettings {
            table: TableSettings {
                show_legal_moves: true,
                alternate_who_starts: false,
                time_per_move: TimePerMove::Seconds30,
                view: ViewMode::TurnToMove,
                take_backs: true,
            },
            rules: hasami::Rules {
                win: WinCondition::CaptureAll,
                move_limit: Some(200),
            },
            pieces: HasamiPieces::Kanji,
        }
    );
    assert_eq!(
        saved.participants,
        [
            participant(Controller::Human, Level::Strong, 1_000),
            participant(Controller::Cpu, Level::Master, 3_000),
        ]
    );
    assert_eq!(saved.seating, [0, 1], "the person plays Black");
    assert_eq!(saved.game_number, 1);
    assert_eq!(
        saved.revision,
        Revision {
            seq: 12,
            page: 15_762_968_093_574_225_379
        }
    );
    assert_eq!(saved.clock_used_ms, 0.0);
    let game = &saved.game;
    assert_eq!(moves(game.moves()), ["e1e5", "i9i3", "a1a3", "c9c3"]);
    // The game in progress keeps the rules it began with; the new ones wait.
    assert_eq!(
        game.rules(),
        hasami::Rules {
            win: WinCondition::CaptureFive,
            move_limit: None,
        }
    );
    assert_eq!(
        game.position().to_string(),
        "ww1wwwww1/9/9/9/4b4/9/b1w5w/9/1bbb1bbbb b 0 0 4"
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn todays_hasami_table_opens_with_every_value() {
    let saved = SavedTable::<hasami::Game>::open(HASAMI_TABLE, None).expect("it opens");
    check_hasami(&saved);
    check_hasami(&reopened(&saved));
}

#[test]
fn todays_hasami_table_restores_the_table() {
    let (table, error) = Table::<hasami::Game>::open(Some(HASAMI_TABLE), None, PAGE);
    assert_eq!(error, None);
    assert!(table.notices().posted().is_empty(), "no notice");
    let saved = table.saved();
    check_hasami(&saved);
    assert_eq!(table.controller(hasami::Player::White), Controller::Cpu);
    assert!(table.human_to_move(), "Black, the person, is to move");
    assert!(
        table.rules_pending(),
        "the new rules wait for the next game"
    );
    // The table's own save, reopened, is the same table again.
    let (again, error) = Table::<hasami::Game>::open(Some(&saved.encode()), None, PAGE);
    assert_eq!(error, None);
    check_hasami(&again.saved());
}

// ---------------------------------------------------------------------------------------
// Yonin
// ---------------------------------------------------------------------------------------

fn check_yonin(saved: &SavedTable<yonin::Game>) {
    assert_eq!(
        saved.settings,
        YoninSettings {
            table: TableSettings {
                show_legal_moves: false,
                alternate_who_starts: true,
                time_per_move: TimePerMove::Seconds60,
                view: ViewMode::TurnToMove,
                take_backs: true,
            },
            rules: yonin::Rules {
                format: Format::Pairs,
                end: GameEnd::ToTheLast,
                eliminated_pieces: EliminatedPieces::Ownerless,
                move_limit: Some(300),
            },
            pieces: YoninPieces::Letters,
        }
    );
    // South, West, North, East.
    assert_eq!(
        saved.participants,
        [
            participant(Controller::Human, Level::Strong, 1_000),
            participant(Controller::Cpu, Level::Beginner, 1_000),
            participant(Controller::Human, Level::Strong, 1_000),
            participant(Controller::Cpu, Level::Master, 10_000),
        ]
    );
    assert_eq!(saved.seating, [0, 1, 2, 3]);
    assert_eq!(saved.game_number, 1);
    assert_eq!(
        saved.revision,
        Revision {
            seq: 16,
            page: 15_714_790_146_803_249_181
        }
    );
    assert_eq!(saved.clock_used_ms, 0.0);
    let game = &saved.game;
    // South's gold, West's pawn, North's silver, East's pawn.
    assert_eq!(moves(game.moves()), ["d1c2", "b6c6", "c9c8", "h6g6"]);
    // The game in progress keeps the rules it began with (the defaults).
    assert_eq!(
        game.rules(),
        yonin::Rules {
            format: Format::Individual,
            end: GameEnd::AfterTwoMates,
            eliminated_pieces: EliminatedPieces::ToMater,
            move_limit: None,
        }
    );
    assert_eq!(
        game.position().to_string(),
        "3GnKnGnSn2/2SnPnRnPn3/Sw3Pn3Se/Gw1Pw3Pe1Ge/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/\
         2GsPsRsPs3/2Ss1KsGsSs2 -/-/-/- s - 4 -"
    );
    assert_eq!(game.side_to_move(), Some(Seat::South));
    assert!(game.outcome().is_none());
}

#[test]
fn todays_yonin_table_opens_with_every_value() {
    let saved = SavedTable::<yonin::Game>::open(YONIN_TABLE, None).expect("it opens");
    check_yonin(&saved);
    check_yonin(&reopened(&saved));
}

#[test]
fn todays_yonin_table_restores_the_table() {
    let (table, error) = Table::<yonin::Game>::open(Some(YONIN_TABLE), None, PAGE);
    assert_eq!(error, None);
    assert!(table.notices().posted().is_empty(), "no notice");
    let saved = table.saved();
    check_yonin(&saved);
    assert_eq!(table.controller(Seat::North), Controller::Human);
    assert_eq!(table.controller(Seat::East), Controller::Cpu);
    assert!(table.human_to_move(), "South, a person, is to move");
    assert!(
        table.rules_pending(),
        "the new rules wait for the next game"
    );
    let (again, error) = Table::<yonin::Game>::open(Some(&saved.encode()), None, PAGE);
    assert_eq!(error, None);
    check_yonin(&again.saved());
}

#[test]
fn a_saved_table_is_not_read_as_the_other_game() {
    assert!(matches!(
        SavedTable::<yonin::Game>::open(HASAMI_TABLE, None),
        Err(LoadError::Corrupt(_))
    ));
    assert!(matches!(
        SavedTable::<hasami::Game>::open(YONIN_TABLE, None),
        Err(LoadError::Corrupt(_))
    ));
}

// ---------------------------------------------------------------------------------------
// Preferences
// ---------------------------------------------------------------------------------------

fn todays_preferences() -> Preferences {
    Preferences {
        locale: Some("ja".into()),
        game: Some(GameKind::Yonin),
        theme: Theme::Dark,
        sound: false,
        motion: Motion::Instant,
        confirm_move: true,
        // That build did not keep the settings panel's state: no choice yet.
        settings_open: None,
        link_open: None,
        link_arrived: None,
        link_list: false,
        // Nor the name given for a game by link.
        link_name: String::new(),
    }
}

#[test]
fn todays_preferences_open_with_every_value() {
    let (prefs, problems) = Preferences::read(PREFERENCES);
    assert_eq!(problems, []);
    assert_eq!(prefs, todays_preferences());
    assert_ne!(prefs, Preferences::default(), "every value was changed");
    let (again, problems) = Preferences::read(&prefs.encode());
    assert_eq!(problems, []);
    assert_eq!(again, todays_preferences());
}

// ---------------------------------------------------------------------------------------
// Version 1 (the Hasami table and its settings under two keys)
// ---------------------------------------------------------------------------------------

fn check_v1(saved: &SavedTable<hasami::Game>, with_settings: bool) {
    let settings = if with_settings {
        HasamiSettings {
            table: TableSettings {
                show_legal_moves: true,
                alternate_who_starts: true,
                time_per_move: TimePerMove::Seconds60,
                view: ViewMode::Fixed,
                take_backs: true,
            },
            rules: hasami::Rules {
                win: WinCondition::LeadByThree,
                move_limit: None,
            },
            pieces: HasamiPieces::Marks,
        }
    } else {
        HasamiSettings::default()
    };
    assert_eq!(saved.settings, settings);
    // Version 1 kept no level: the default (strong, 1 s).
    assert_eq!(
        saved.participants,
        [
            participant(Controller::Human, Level::Strong, 1_000),
            participant(Controller::Cpu, Level::Strong, 1_000),
        ]
    );
    assert_eq!(saved.seating, [0, 1]);
    assert_eq!(saved.game_number, 1);
    assert_eq!(saved.revision, Revision { seq: 1, page: 0 });
    assert_eq!(saved.clock_used_ms, 0.0);
    assert_eq!(moves(saved.game.moves()), ["e1e5", "f9f3"]);
    assert_eq!(
        saved.game.rules(),
        hasami::Rules {
            win: WinCondition::CaptureFive,
            move_limit: None,
        }
    );
    assert_eq!(
        saved.game.position().to_string(),
        "wwwww1www/9/9/9/4b4/9/5w3/9/bbbb1bbbb b 0 0 2"
    );
}

#[test]
fn a_version_1_table_opens_with_its_settings() {
    let saved = SavedTable::<hasami::Game>::open(V1_TABLE.trim(), Some(V1_SETTINGS.trim()))
        .expect("it opens");
    check_v1(&saved, true);
    // Written again, it is a table of the current version with the same values.
    check_v1(&reopened(&saved), true);
    // Without its settings key (or with one that cannot be read), the defaults.
    let saved = SavedTable::<hasami::Game>::open(V1_TABLE.trim(), None).expect("it opens");
    check_v1(&saved, false);
    let saved = SavedTable::<hasami::Game>::open(V1_TABLE.trim(), Some("{oops")).expect("it opens");
    check_v1(&saved, false);
}

#[test]
fn a_version_1_table_restores_the_table() {
    let (table, error) =
        Table::<hasami::Game>::open(Some(V1_TABLE.trim()), Some(V1_SETTINGS.trim()), PAGE);
    assert_eq!(error, None);
    check_v1(&table.saved(), true);
    // Version 1 settings with no table: a new game under those settings.
    let (table, error) = Table::<hasami::Game>::open(None, Some(V1_SETTINGS.trim()), PAGE);
    assert_eq!(error, None);
    assert_eq!(table.settings().rules.win, WinCondition::LeadByThree);
    assert_eq!(table.settings().table.time_per_move, TimePerMove::Seconds60);
    assert!(table.game().moves().is_empty());
}

#[test]
fn version_1_never_saved_a_yonin_table() {
    assert!(matches!(
        SavedTable::<yonin::Game>::open(V1_TABLE.trim(), None),
        Err(LoadError::Corrupt(_))
    ));
}

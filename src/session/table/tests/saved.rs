//! Saving and reading back ([`super::super::saved`]).

use super::*;

#[test]
fn a_saved_table_round_trips_in_one_write() {
    let mut t = hasami();
    let mut settings = *t.settings();
    settings.table.show_legal_moves = false;
    t.set_settings(settings);
    click_move(&mut t, "e1", "e5");
    let text = t.saved().encode();
    let back = SavedTable::<HGame>::open(&text, None).unwrap();
    assert_eq!(back.settings, *t.settings(), "settings in the same write");
    assert_eq!(back.game, *t.game());
    assert_eq!(back.revision, t.revision());
    let y = yonin::Table::new(YSettings::default(), PAGE_B);
    let text = y.saved().encode();
    let back = SavedTable::<YGame>::open(&text, None).unwrap();
    assert_eq!(back.game.record(), y.game().record());
}

#[test]
fn a_closed_result_stays_closed_after_a_reload() {
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    // A game in play writes nothing of a result.
    assert!(!t.saved().encode().contains("result_dismissed"));
    t.resign().unwrap();
    assert!(t.show_result());
    let reloaded =
        hasami::Table::restore(SavedTable::open(&t.saved().encode(), None).unwrap(), PAGE_B);
    assert!(reloaded.show_result(), "not closed yet: shown again");
    let generation = t.save_generation();
    t.dismiss_result();
    assert_eq!(t.save_generation(), generation + 1, "closing it is saved");
    let text = t.saved().encode();
    let reloaded = hasami::Table::restore(SavedTable::open(&text, None).unwrap(), PAGE_B);
    assert!(reloaded.game().is_over());
    assert!(!reloaded.show_result(), "closed: the board, not the result");
    // Asked for again: shown, and saved so.
    let mut again = reloaded.clone();
    let generation = again.save_generation();
    again.reopen_result();
    assert!(again.show_result());
    assert_eq!(again.save_generation(), generation + 1);
    again.reopen_result();
    assert_eq!(again.save_generation(), generation + 1, "once");
    // The next game's result is shown again.
    let mut next = reloaded;
    next.new_game();
    next.resign().unwrap();
    assert!(next.show_result());
    // A save that claims a closed result for a game in play is read as not closed.
    let mut playing = hasami();
    playing.reopen_result();
    assert!(!playing.show_result(), "no result while the game goes on");
    let playing = playing.saved().encode();
    let claimed = playing.replace(r#""stats":"#, r#""result_dismissed":true,"stats":"#);
    assert_ne!(claimed, playing);
    let back = SavedTable::<HGame>::open(&claimed, None).unwrap();
    assert!(!back.result_dismissed);
}

#[test]
fn a_new_table_plays_casual_and_a_save_without_a_level_keeps_strong() {
    use crate::ai::Level;
    // A new table: every seat at casual, the default for a first game.
    let t = hasami();
    assert!(t.participants().iter().all(|p| p.level == Level::Casual));
    let y = yonin::Table::new(YSettings::default(), PAGE_B);
    assert_eq!(y.participants().len(), 4);
    assert!(y.participants().iter().all(|p| p.level == Level::Casual));
    // The same save with the level left out (as version 1 wrote it): strong, the
    // default when it was written, not casual.
    let text = t.saved().encode();
    assert_eq!(text.matches(r#""level":"casual","#).count(), 2, "{text}");
    let without = text.replace(r#""level":"casual","#, "");
    let back = SavedTable::<HGame>::open(&without, None).unwrap();
    assert_eq!(
        back.participants
            .iter()
            .map(|p| (p.level, p.think_ms))
            .collect::<Vec<_>>(),
        [(Level::Strong, 1_000), (Level::Strong, 1_000)]
    );
    // A novice seat is written by its name and read back.
    let mut t = hasami();
    t.set_level(Player::White, Level::Novice, 1_000).unwrap();
    let text = t.saved().encode();
    assert!(text.contains(r#""level":"novice""#), "{text}");
    let back = SavedTable::<HGame>::open(&text, None).unwrap();
    assert_eq!(back.participants[1].level, Level::Novice);
}

#[test]
fn saved_data_that_makes_no_sense_is_refused() {
    let good = hasami().saved().encode();
    let bad = |from: &str, to: &str| {
        let text = good.replace(from, to);
        assert_ne!(text, good, "{from}");
        SavedTable::<HGame>::open(&text, None).unwrap_err()
    };
    assert!(
        matches!(bad(r#""seating":[0,1]"#, r#""seating":[1,1]"#), LoadError::Corrupt(m) if m.contains("one seat per participant"))
    );
    assert!(matches!(
        bad(r#""seating":[0,1]"#, r#""seating":[0,1,2]"#),
        LoadError::Corrupt(_)
    ));
    assert!(matches!(
        bad(r#""clock_used_ms":0.0"#, r#""clock_used_ms":-5"#),
        LoadError::Corrupt(_)
    ));
    assert!(matches!(
        bad(r#""version":2"#, r#""version":9"#),
        LoadError::UnknownVersion(9)
    ));
    assert!(matches!(
        bad(r#""version":2"#, r#""version":0"#),
        LoadError::Corrupt(_)
    ));
    assert_eq!(
        SavedTable::<HGame>::open("[]", None).unwrap_err(),
        LoadError::NotOurs
    );
    assert!(
        matches!(
            SavedTable::<YGame>::open(&good, None),
            Err(LoadError::Corrupt(_))
        ),
        "a Hasami table is no Yonin table"
    );
}

/// What version 1 of the app (the build before this format) saved in Chromium after
/// e1e5, the CPU's reply, and the settings changed to "lead by 3" and 60 s per move.
const V1_TABLE: &str = include_str!("../../../../tests/data/v1-hasami-table.json");
const V1_SETTINGS: &str = include_str!("../../../../tests/data/v1-hasami-settings.json");

#[test]
fn a_version_1_save_still_opens() {
    let saved = SavedTable::<HGame>::open(V1_TABLE.trim(), Some(V1_SETTINGS.trim())).unwrap();
    assert_eq!(saved.game.moves().len(), 2);
    assert_eq!(saved.game.moves()[0], hmv("e1e5"));
    assert_eq!(
        saved.settings.rules.win,
        crate::engine::hasami::WinCondition::LeadByThree
    );
    assert_eq!(saved.settings.table.time_per_move, TimePerMove::Seconds60);
    assert_eq!(saved.seating, [0, 1]);
    assert_eq!(saved.participants[0].controller, Controller::Human);
    assert_eq!(saved.participants[1].controller, Controller::Cpu);
    // The migrated table goes on, and is written in the current version.
    let mut t = hasami::Table::restore(saved, PAGE_A);
    t.set_leader(true);
    assert!(t.human_to_move());
    let text = t.saved().encode();
    assert_eq!(storage::open(&text).unwrap().0, storage::TABLE_VERSION);
    // Unreadable old settings fall back to the defaults, as version 1 did.
    let saved = SavedTable::<HGame>::open(V1_TABLE.trim(), Some("{oops")).unwrap();
    assert_eq!(saved.settings, HSettings::default());
}

#[test]
fn a_newer_save_is_left_untouched() {
    let mut t = hasami();
    let newer = t
        .saved()
        .encode()
        .replace(r#""version":2"#, r#""version":3"#);
    let error = SavedTable::<HGame>::open(&newer, None).unwrap_err();
    assert_eq!(error, LoadError::UnknownVersion(3));
    t.load_failed(error, false);
    assert!(!t.may_save(), "never overwritten");
    assert!(t.notices().contains(&TableNotice::Newer { version: 3 }));
}

#[test]
fn blocked_storage_is_told_once_and_play_goes_on() {
    let mut t = hasami();
    t.storage_unavailable(StorageError::Missing);
    assert!(!t.may_save());
    click_move(&mut t, "e1", "e5");
    let notices = t.notices().posted();
    assert_eq!(notices.len(), 1);
    assert_eq!(
        notices[0].notice,
        TableNotice::StorageUnavailable {
            error: StorageError::Missing
        }
    );
    assert_eq!(notices[0].expires_at, None, "it stays until dismissed");
}

#[test]
fn a_failed_save_is_left_to_the_app_to_tell() {
    // One notice for every save of the app (AppNotice::SaveFailed), none of the table's.
    let mut t = hasami();
    t.save_done(Err(quota()));
    t.save_done(Err(quota()));
    assert!(t.notices().posted().is_empty());
    t.save_done(Ok(()));
    assert!(t.notices().posted().is_empty());
}

#[test]
fn passing_notices_go_with_the_clock() {
    let mut t = hasami();
    t.tick(1_000.0);
    t.notify(TableNotice::OtherTab);
    t.tick(5_000.0);
    t.notify(TableNotice::Timeout {
        seat: Player::White,
    });
    t.tick(9_000.0);
    assert_eq!(t.notices().posted().len(), 1, "the first went after 8 s");
    t.tick(13_000.0);
    assert!(t.notices().posted().is_empty());
}

#[test]
fn variant_vocabulary_agrees_for_both_games() {
    fn check<G: Variant>(mut g: G) {
        let first = g.side_to_move().unwrap();
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
        assert_ne!(g.side_to_move(), Some(first));
        assert_eq!(g.moves(), [mv]);
        assert_eq!(g.undo(), Some(crate::engine::Undone::Move(mv)));
        assert_eq!(g.side_to_move(), Some(first));
        assert_eq!(g.undo(), None);
        let again = G::from_record(&g.record()).unwrap();
        assert_eq!(again.moves().len(), 0);
    }
    check(HGame::new(Default::default()));
    check(YGame::new(Default::default(), Seat::North));
}

#[test]
fn a_damaged_choice_of_pieces_keeps_the_game() {
    // Hasami: a game with a move, the pawns chosen, then the choice damaged.
    let mut t = hasami();
    t.set_settings(HSettings {
        pieces: hasami::PieceStyle::Kanji,
        rules: crate::engine::hasami::Rules {
            win: crate::engine::hasami::WinCondition::CaptureAll,
            move_limit: None,
        },
        ..HSettings::default()
    });
    click_move(&mut t, "e1", "e5");
    let text = t.saved().encode();
    assert!(text.contains(r#""pieces":"kanji""#), "{text}");
    let (back, error) = hasami::Table::open(Some(&text), None, PAGE_B);
    assert_eq!(error, None);
    assert_eq!(back.settings().pieces, hasami::PieceStyle::Kanji);
    assert!(back.notices().posted().is_empty());

    let bad = text.replace(r#""pieces":"kanji""#, r#""pieces":"chess""#);
    assert!(
        SavedTable::<HGame>::open(&bad, None).is_err(),
        "strict read"
    );
    let (back, error) = hasami::Table::open(Some(&bad), None, PAGE_B);
    assert_eq!(error, None, "not a new game");
    assert_eq!(back.game().moves(), [hmv("e1e5")], "the game is kept");
    assert_eq!(
        back.settings().pieces,
        hasami::PieceStyle::Marks,
        "the default"
    );
    assert_eq!(
        back.settings().rules.win,
        crate::engine::hasami::WinCondition::CaptureAll,
        "the other settings are kept"
    );
    assert!(back.notices().contains(&TableNotice::PiecesReset));
    assert!(
        !TableNotice::<Player>::PiecesReset.transient(),
        "stays until closed"
    );

    // Other damage still refuses the table.
    let worse = bad.replace(r#""seating":[0,1]"#, r#""seating":[5,1]"#);
    assert_ne!(worse, bad);
    let (_, error) = hasami::Table::open(Some(&worse), None, PAGE_B);
    assert!(matches!(error, Some(LoadError::Corrupt(_))), "{error:?}");

    // Yonin: letters chosen, then damaged.
    let mut y = yonin::Table::new(
        YSettings {
            pieces: yonin::PieceStyle::Letters,
            ..YSettings::default()
        },
        PAGE_A,
    );
    y.set_leader(true);
    let text = y.saved().encode();
    let bad = text.replace(r#""pieces":"letters""#, r#""pieces":7"#);
    assert_ne!(bad, text);
    let (back, error) = yonin::Table::open(Some(&bad), None, PAGE_B);
    assert_eq!(error, None);
    assert_eq!(back.settings().pieces, yonin::PieceStyle::Kanji);
    assert!(back.notices().contains(&TableNotice::PiecesReset));
}

#[test]
fn a_save_whose_last_moves_do_not_replay_keeps_the_moves_before_them() {
    // RULES H2: the third move no longer replays (damaged: not a move at all, or one the
    // rules refuse); the game before it is kept, and the player is told.
    let mut played = HGame::new(Default::default());
    for mv in ["e1e5", "e9e6", "a1a4", "a9a6"] {
        played.play(mv.parse().unwrap()).unwrap();
    }
    let mut t = hasami();
    t.import_game(played.clone());
    let text = t.saved().encode();
    assert!(text.contains(r#""a1a4""#), "{text}");
    for bad in [r#""zz99""#, r#""a1a9""#] {
        let damaged = text.replace(r#""a1a4""#, bad);
        assert!(SavedTable::<HGame>::open(&damaged, None).is_err(), "{bad}");
        let (saved, moves) = SavedTable::<HGame>::open_good_moves(&damaged).expect(bad);
        assert_eq!(moves, 2, "{bad}");
        assert_eq!(saved.game.moves(), &played.moves()[..2]);
        assert_eq!(
            saved.settings,
            *t.settings(),
            "the rest of the table as it was"
        );
        let (mut back, error) = hasami::Table::open(Some(&damaged), None, PAGE_B);
        let error = error.expect("the error, so that the text is kept aside");
        assert_eq!(back.game().moves(), &played.moves()[..2]);
        back.load_failed(error.clone(), true);
        let notices: Vec<_> = back
            .notices()
            .posted()
            .iter()
            .map(|p| p.notice.clone())
            .collect();
        assert_eq!(
            notices,
            vec![TableNotice::Recovered {
                moves: 2,
                error,
                kept: true
            }]
        );
    }
    // Damage elsewhere (a participant too many) is no matter of moves: a new game.
    let elsewhere = text.replacen(r#""participants":["#, r#""participants":[{},"#, 1);
    assert_ne!(elsewhere, text);
    assert!(SavedTable::<HGame>::open_good_moves(&elsewhere).is_none());
    let (back, error) = hasami::Table::open(Some(&elsewhere), None, PAGE_B);
    assert!(back.game().moves().is_empty() && error.is_some());
    // Nothing to keep when the first move is bad.
    let first = text.replace(r#""e1e5""#, r#""zz99""#);
    assert!(SavedTable::<HGame>::open_good_moves(&first).is_none());
}

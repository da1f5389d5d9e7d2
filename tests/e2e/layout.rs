//! The page's layout on phones and laptops (issue 20): nothing moves the board while a
//! game goes on; the phone layout (the settings panel closed during a game, the rules
//! near the board, every select labelled and shown whole, hand pieces a finger wide);
//! every select of the settings whole at 1280 × 800 too; the outcome of a game beside
//! the move counter; the replay buttons in sight of the board on a phone. Screenshots of both games in three
//! languages go to `target/screenshots/layout-*.png`.

use crate::harness::{Page, run, wait_cpu_answer};
use serde::Deserialize;
use serde_json::json;
use shogi_variants::engine::yonin::{Game, Move, Rules, Seat};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table::{Controller, Participant, Revision, SavedTable};
use shogi_variants::session::yonin::Settings as YSettings;
use std::time::{Duration, Instant};

/// Where the screenshots go.
fn shots_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots")
}

/// The languages of the app.
const LANGS: [&str; 5] = ["en", "pt", "es", "ru", "ja"];

/// Phones upright: the narrowest the app is checked at, and a common one.
const PHONES: [(u32, u32); 2] = [(360, 740), (390, 844)];

/// A Yonin game of up to `n` moves from the standard start (South first), stopped
/// before a move that would end it, where every seat takes a piece whenever it can
/// (a seeded pick among the captures, else among all moves): the hands fill up. After
/// 60 moves three hands hold pieces, one of them all four kinds.
fn busy_game(n: usize) -> Game {
    let mut game = Game::new(Rules::default(), Seat::South);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..n {
        let moves = game.legal_moves();
        let moves = moves.as_slice();
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| match m {
                Move::Normal { to, .. } => game.position().piece_at(*to).is_some(),
                Move::Drop { .. } => false,
            })
            .collect();
        let pool = if captures.is_empty() {
            moves
        } else {
            &captures[..]
        };
        let pick = pool[(seed >> 33) as usize % pool.len()];
        let mut next = game.clone();
        next.play(pick).expect("a legal move");
        if next.is_over() {
            break;
        }
        game = next;
    }
    game
}

/// Saves `game` as the Yonin table of four people, then loads the page on it.
async fn open_yonin(page: &Page, game: &Game) {
    let saved = SavedTable::<Game> {
        settings: YSettings::default(),
        participants: vec![Participant::new(Controller::Human); 4],
        seating: vec![0, 1, 2, 3],
        game: game.clone(),
        game_number: 1,
        revision: Revision::default(),
        clock_used_ms: 0.0,
        redo: Vec::new(),
        stats: Default::default(),
        result_dismissed: false,
    };
    page.storage_set(keys::YONIN_TABLE, &saved.encode()).await;
    page.open_game("yonin").await;
}

/// The number of moves the Yonin table has saved (0 before the first).
async fn saved_moves(page: &Page) -> usize {
    match page.try_saved_yonin().await {
        Some(Ok(t)) => t.game.moves().len(),
        _ => 0,
    }
}

/// What [`WATCH_JS`] recorded.
#[derive(Debug, Deserialize)]
struct Watch {
    /// The board's place in the page (`left`, `top`, in CSS pixels of the document)
    /// when the watch started.
    first: [f64; 2],
    /// Every place the board took after a move that differs from `first`: the move
    /// counter's text then, and the place.
    moved: Vec<(String, [f64; 2])>,
    /// How many moves were sampled.
    samples: u32,
    /// The sum of the layout shifts since the watch started, those right after an
    /// input of the test left out (`hadRecentInput`), as Cumulative Layout Shift
    /// counts them.
    cls: f64,
    /// Each such shift: its value, and what moved (tag and classes of each source).
    shifts: Vec<(f64, Vec<String>)>,
}

/// Starts watching the Yonin board: a `PerformanceObserver` of `layout-shift` entries
/// (buffered; only those after now are counted), and, at the first animation frame
/// after each change of the move counter (the page as drawn after the move), the
/// board's place in the document.
const WATCH_JS: &str = r#"
const board = () => document.querySelector('.layout.yonin [data-testid="board"]');
const place = () => {
  const r = board().getBoundingClientRect();
  return [r.left + window.scrollX, r.top + window.scrollY];
};
const count = () => {
  const e = document.querySelector('[data-testid="move-count"]');
  return e ? e.textContent.trim() : '';
};
const started = performance.now();
const w = { first: place(), moved: [], samples: 0, cls: 0, shifts: [] };
window.__e2eWatch = w;
let last = count();
new MutationObserver(() => {
  const now = count();
  if (now === last) return;
  last = now;
  requestAnimationFrame(() => {
    const p = place();
    w.samples += 1;
    if (Math.abs(p[0] - w.first[0]) > 0.5 || Math.abs(p[1] - w.first[1]) > 0.5) {
      w.moved.push([now, p]);
    }
  });
}).observe(document.body, { subtree: true, childList: true, characterData: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.startTime < started || e.hadRecentInput) continue;
    w.cls += e.value;
    w.shifts.push([e.value, (e.sources || []).map((s) =>
      s.node ? `${s.node.nodeName}.${s.node.className || ''}` : '?')]);
  }
}).observe({ type: 'layout-shift', buffered: true });
"#;

/// Watches the board while the CPU seats play until the table has saved `until` moves
/// (or the game ends), and returns what was seen.
async fn watch_until(page: &Page, until: usize, within: Duration) -> (Watch, usize) {
    page.js(WATCH_JS, vec![]).await;
    let deadline = Instant::now() + within;
    let played = loop {
        let saved = page.try_saved_yonin().await;
        if let Some(Ok(t)) = &saved
            && (t.game.moves().len() >= until || t.game.is_over())
        {
            break t.game.moves().len();
        }
        assert!(
            Instant::now() < deadline,
            "the CPU seats did not reach move {until} in {within:?} (at {})",
            saved_moves(page).await
        );
        page.sleep(200).await;
    };
    // The frame after the last move.
    page.sleep(100).await;
    let value = page.js("return window.__e2eWatch;", vec![]).await;
    let watch: Watch =
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{value}: {e}"));
    (watch, played)
}

/// Nothing moves the board (issue 20): a game of four CPU seats at the novice level
/// (the quickest; with no person at the table the CPU pauses 250 ms, the shortest
/// pause it has while it is watched) is watched for 100 moves on a 390 px phone, then,
/// the window widened to a 1280 × 800 laptop, for 50 more (or to its end). After every
/// move the board is where it was at the first move, and the page's Cumulative Layout
/// Shift over the moves stays at or under 0.01 (the banner telling checks and mates,
/// the notices and the hands have their room or lie over the page).
#[test]
fn nothing_moves_the_board_in_a_game_of_four_cpu_seats() {
    run(|page| async move {
        page.emulate_media(Some("light"), false).await;
        page.set_viewport(390, 844).await;
        page.switch_game("yonin").await;
        for seat in ["west", "north", "east"] {
            page.select(&format!("level-{seat}"), "novice").await;
        }
        page.select("seat-south", "cpu").await;
        page.select("level-south", "novice").await;
        // The panel closed and the page at its top, as a player watching would have it.
        page.js(
            "document.querySelector('[data-testid=\"settings\"]').open = false;
             window.scrollTo(0, 0);",
            vec![],
        )
        .await;
        page.sleep(100).await;
        let started = Instant::now();
        let (phone, at) = watch_until(&page, 100, Duration::from_secs(50)).await;
        println!(
            "390 px: {} moves sampled to move {at} in {:.1} s; CLS {:.4}; shifts {:?}",
            phone.samples,
            started.elapsed().as_secs_f64(),
            phone.cls,
            phone.shifts
        );
        page.save_screenshot(&shots_dir().join("layout-cpu-game-390.png"))
            .await;
        assert!(
            phone.samples >= 90,
            "the moves were sampled: {}",
            phone.samples
        );
        assert_eq!(
            phone.moved,
            [],
            "390 px: the board left {:?} after these moves",
            phone.first
        );
        assert!(
            phone.cls <= 0.01,
            "390 px: CLS {} {:?}",
            phone.cls,
            phone.shifts
        );

        page.set_viewport(1280, 800).await;
        if page.saved_yonin().await.is_some_and(|t| !t.game.is_over()) {
            let started = Instant::now();
            let (laptop, end) = watch_until(&page, at + 50, Duration::from_secs(30)).await;
            println!(
                "1280 px: {} moves sampled to move {end} in {:.1} s; CLS {:.4}; shifts {:?}",
                laptop.samples,
                started.elapsed().as_secs_f64(),
                laptop.cls,
                laptop.shifts
            );
            page.save_screenshot(&shots_dir().join("layout-cpu-game-1280.png"))
                .await;
            assert!(laptop.samples as usize + 5 >= end - at, "{laptop:?}");
            assert_eq!(
                laptop.moved,
                [],
                "1280 px: the board left {:?} after these moves",
                laptop.first
            );
            assert!(
                laptop.cls <= 0.01,
                "1280 px: CLS {} {:?}",
                laptop.cls,
                laptop.shifts
            );
        }
    });
}

/// On a phone the move list is far below the board: while replaying, its buttons lie
/// over the bottom of the window, in sight of the whole board, and go back into the
/// list after "Back to the game".
#[test]
fn on_a_phone_the_replay_buttons_stay_in_sight_of_the_board() {
    run(|page| async move {
        page.set_viewport(390, 844).await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.click("replay-prev").await;
        page.wait_for("replaying", |s| {
            s.status == "Replaying: move 1 (Black) · 1/2"
        })
        .await;
        page.js("window.scrollTo(0, 0)", vec![]).await;
        page.sleep(200).await;
        let board = rects(&page, "[data-testid=board]").await[0];
        for id in ["replay-prev", "replay-next", "replay-exit"] {
            let button = rects(&page, &format!("[data-testid={id}]")).await[0];
            assert!(
                button[1] >= board[3] && button[3] <= 844.0,
                "{id} {button:?} below the board {board:?}, in the window"
            );
        }
        page.click("replay-exit").await;
        page.wait_for("back in play", |s| s.status == "Black to move")
            .await;
        let position = page
            .js(
                "return getComputedStyle(document.querySelector('.replay-bar')).position",
                vec![],
            )
            .await;
        assert_eq!(position, json!("static"), "back in the move list");
    });
}

/// On a 360 × 740 phone the Yonin status is below the board: while the banner has
/// no story, its room above the board tells the turn ("South to move · Your move",
/// then the CPU thinking), and once the game is over its result; at 1280 px, where the
/// status is beside the board, it does not.
#[test]
fn on_a_phone_the_yonin_turn_shows_above_the_board() {
    run(|page| async move {
        page.set_viewport(360, 740).await;
        page.open_game("yonin").await;
        let turn = |page: &Page| {
            let page = page.clone();
            async move {
                page.js(
                    "const e = document.querySelector('[data-testid=banner-turn]'); \
                     return getComputedStyle(e).display === 'none' ? null : e.textContent;",
                    vec![],
                )
                .await
            }
        };
        assert_eq!(turn(&page).await, json!("South to move · Your move"));
        let line = rects(&page, "[data-testid=banner-turn]").await[0];
        let board = rects(&page, "[data-testid=board]").await[0];
        assert!(
            line[1] >= 0.0 && line[3] <= board[1],
            "the turn {line:?} above the board {board:?}, in the window"
        );
        page.click_square("e3").await;
        page.click_square("e4").await;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let text = turn(&page).await;
            // West's move, or a later CPU seat's if West's was missed between polls.
            if text.as_str().is_some_and(|t| {
                t.ends_with(" to move · CPU is thinking…") && !t.starts_with("South")
            }) {
                break;
            }
            assert!(Instant::now() < deadline, "the CPU's turn told: {text}");
            page.sleep(20).await;
        }
        page.set_viewport(1280, 800).await;
        assert_eq!(
            turn(&page).await,
            json!(null),
            "beside the board, the status tells it"
        );
        // A finished game, its result closed: the banner's room tells the result, not
        // the last move's story (RULES Y6.1).
        page.set_viewport(360, 740).await;
        // The table hidden first: its CPU seats stop, so no move of theirs is saved over
        // the game written next (a race seen once under load).
        page.click("games").await;
        page.el("game-yonin").await;
        open_yonin(&page, &crate::yonin::script_game(crate::yonin::LAST_MATE)).await;
        // The table was open already: read again from storage.
        page.reload().await;
        let title = page.el("result-title").await.text().await.unwrap();
        page.click("close-result").await;
        assert_eq!(turn(&page).await, json!(title));
        let hidden = page
            .js(
                "return getComputedStyle(document.querySelector('[data-testid=banner]')).visibility",
                vec![],
            )
            .await;
        assert_eq!(
            hidden,
            json!("hidden"),
            "the story gives the room to the result"
        );
        page.save_screenshot(&shots_dir().join("layout-yonin-over-360.png"))
            .await;
    });
}

/// The rectangle `[left, top, right, bottom]` of every element matching `css`.
async fn rects(page: &Page, css: &str) -> Vec<[f64; 4]> {
    let v = page
        .js(
            "return [...document.querySelectorAll(arguments[0])].map((e) => {
               const r = e.getBoundingClientRect();
               return [r.left, r.top, r.right, r.bottom];
             });",
            vec![json!(css)],
        )
        .await;
    serde_json::from_value(v).unwrap_or_default()
}

/// Whether two rectangles overlap (more than touching).
fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5
}

/// Every hand piece on the page is at least 44 × 44 px (a finger's tap), and its count
/// lies beside its piece, never over it.
async fn check_hand_pieces(page: &Page, at: &str) {
    let buttons = rects(page, ".layout .hand-piece").await;
    let pieces = rects(page, ".layout .hand-piece .hand-slot svg").await;
    let counts = rects(page, ".layout .hand-piece .count").await;
    assert!(buttons.len() >= 4, "{at}: hand pieces drawn: {buttons:?}");
    assert_eq!((pieces.len(), counts.len()), (buttons.len(), buttons.len()));
    for ((b, p), c) in buttons.iter().zip(&pieces).zip(&counts) {
        let (w, h) = (b[2] - b[0], b[3] - b[1]);
        assert!(w >= 44.0 && h >= 44.0, "{at}: a hand piece of {w} × {h} px");
        assert!(
            !overlap(*p, *c),
            "{at}: the count {c:?} covers the piece {p:?}"
        );
        assert!(
            p[2] - p[0] >= 20.0 && c[2] > c[0],
            "{at}: piece {p:?}, count {c:?}"
        );
    }
}

/// The choices that a select of the page (each on screen matching `css`) cuts: each
/// choice of each select is compared with a copy of the select holding only that choice,
/// at its natural width (the width the browser gives it to show the choice whole); a
/// select narrower than that cuts the choice, chosen or not. Each entry: the select, its
/// width, the width the choice needs, and the choice.
async fn cut_selects(page: &Page, css: &str) -> Vec<(String, f64, f64, String)> {
    let v = page
        .js(
            r#"
            const cut = [];
            for (const sel of document.querySelectorAll(arguments[0])) {
              const r = sel.getBoundingClientRect();
              if (r.width === 0 || r.height === 0) continue;
              for (let i = 0; i < sel.options.length; i++) {
                const copy = sel.cloneNode(true);
                copy.removeAttribute('data-testid');
                copy.style.cssText =
                  'position:absolute;visibility:hidden;left:0;top:0;width:auto;min-width:0;max-width:none';
                [...copy.options].forEach((o, j) => { if (j !== i) o.remove(); });
                sel.parentElement.appendChild(copy);
                const need = copy.getBoundingClientRect().width;
                copy.remove();
                if (need > r.width + 0.5) {
                  cut.push([sel.dataset.testid || sel.className, r.width, need, sel.options[i].text]);
                }
              }
            }
            return cut;
            "#,
            vec![json!(css)],
        )
        .await;
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"))
}

/// Each select of the top bar has a visible label of its own, beside or above it.
async fn check_topbar_labels(page: &Page, at: &str) {
    let v = page
        .js(
            r#"
            return [...document.querySelectorAll('.topbar label.lang')].map((l) => {
              const s = l.querySelector('select');
              const t = l.querySelector('.lang-label');
              const r = t ? t.getBoundingClientRect() : null;
              const sr = s.getBoundingClientRect();
              return [s.dataset.testid, t ? t.textContent.trim() : '',
                      r ? [r.left, r.top, r.right, r.bottom] : [0, 0, 0, 0],
                      [sr.left, sr.top, sr.right, sr.bottom]];
            });
            "#,
            vec![],
        )
        .await;
    let labels: Vec<(String, String, [f64; 4], [f64; 4])> =
        serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"));
    let ids: Vec<&str> = labels.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(ids, ["lang", "theme", "piece-set"], "{at}");
    let width = page
        .js("return window.innerWidth", vec![])
        .await
        .as_f64()
        .unwrap_or(0.0);
    for (id, text, label, select) in labels {
        assert!(!text.is_empty(), "{at}: {id} has no label text");
        assert!(
            label[2] - label[0] >= 10.0 && label[0] >= 0.0 && label[2] <= width + 0.5,
            "{at}: the label of {id} ({text}) is not on screen: {label:?}"
        );
        assert!(
            !overlap(label, select) && (label[2] <= select[0] + 0.5 || label[3] <= select[1] + 0.5),
            "{at}: the label of {id} {label:?} is not beside or above it {select:?}"
        );
    }
}

/// The distance from the bottom of the board to the bottom of the rules button and of
/// "How to play", in CSS pixels.
async fn rules_below_board(page: &Page) -> (f64, f64) {
    let board = page
        .rect(".layout [data-testid=board]")
        .await
        .expect("board");
    let rules = page.rect("[data-testid=open-rules]").await.expect("rules");
    let help = page.rect("[data-testid=how-to-play]").await.expect("help");
    (rules[3] - board[3], help[3] - board[3])
}

/// Whether the settings panel is open.
async fn settings_open(page: &Page) -> bool {
    page.js(
        "return document.querySelector('[data-testid=\"settings\"]').open",
        vec![],
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

/// The phone layout (issue 20), both games, at 360 and 390 px: the Yonin board and its
/// four hands fit the first screen; with a game in progress the settings panel opens
/// closed, so the rules button and "How to play" lie within one screen below the board; the player's opening and closing of it is kept after a
/// reload; the top bar's selects have visible labels; every hand piece is 44 px or more
/// with its count beside the piece (also at 1280 px); and in each of the five languages
/// no select of the top bar, the settings panel (a CPU seat at the master level shows
/// its level and think time) or the preferences menu cuts its text. Screenshots:
/// `layout-GAME-LANG-WIDTH.png` in English, Russian and Japanese (phones: the whole
/// page, in a tall window).
#[test]
fn the_phone_layout_keeps_rules_near_and_every_select_whole() {
    let dir = shots_dir();
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        // A new table: the settings are open, to choose the seats.
        page.set_viewport(390, 844).await;
        page.switch_game("yonin").await;
        assert!(settings_open(&page).await, "a new table shows its settings");
        // A game in progress: closed, the rules near the board.
        open_yonin(&page, &busy_game(60)).await;
        page.switch_game("hasami").await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.reload().await;
        for game in ["hasami", "yonin"] {
            page.switch_game(game).await;
            assert!(!settings_open(&page).await, "{game}: a game in progress");
            for (w, h) in PHONES {
                page.set_viewport(w, h).await;
                let (rules, help) = rules_below_board(&page).await;
                assert!(
                    rules <= f64::from(h) && help <= f64::from(h),
                    "{game} at {w}×{h}: the rules ({rules} px) and the help ({help} px) \
                     are more than a screen below the board"
                );
                check_topbar_labels(&page, &format!("{game} at {w} px")).await;
                if game == "yonin" {
                    check_hand_pieces(&page, &format!("{w} px")).await;
                    // The board and the four hands on the first screen.
                    let play = page.rect(".layout .board-wrap").await.expect("play area");
                    assert!(
                        play[3] <= f64::from(h) + 0.5,
                        "at {w}×{h} the board and hands end at {play:?}"
                    );
                }
            }
            page.set_viewport(1280, 800).await;
            if game == "yonin" {
                check_hand_pieces(&page, "1280 px").await;
            }
        }
        // The player's choice is kept: opened, it opens again; closed, it stays closed
        // (also on a new table).
        page.click_css("[data-testid=settings] > summary").await;
        page.sleep(100).await;
        assert_eq!(page.saved_preferences().await["settings_open"], true);
        page.reload().await;
        page.switch_game("yonin").await;
        assert!(settings_open(&page).await, "opened by the player");
        page.click_css("[data-testid=settings] > summary").await;
        page.sleep(100).await;
        assert_eq!(page.saved_preferences().await["settings_open"], false);
        page.reload().await;
        page.switch_game("yonin").await;
        assert!(!settings_open(&page).await, "closed by the player");

        // Every select whole, in every language, both games; a CPU seat at the master
        // level shows its level and think time; the preferences menu open.
        page.select("seat-west", "cpu").await;
        page.select("level-west", "master").await;
        page.switch_game("hasami").await;
        page.select("level-white", "master").await;
        page.js(
            "document.querySelector('[data-testid=\"settings\"]').open = true;",
            vec![],
        )
        .await;
        let mut cut = Vec::new();
        for game in ["hasami", "yonin"] {
            page.switch_game(game).await;
            page.js(
                "document.querySelector('[data-testid=\"settings\"]').open = true;
                 document.querySelector('[data-testid=\"prefs\"]').open = true;",
                vec![],
            )
            .await;
            for lang in LANGS {
                page.select("lang", lang).await;
                for (w, h) in PHONES {
                    page.set_viewport(w, h).await;
                    for found in cut_selects(&page, "select").await {
                        cut.push(format!("{game} {lang} {w} px: {found:?}"));
                    }
                }
                if ["en", "ru", "ja"].contains(&lang) {
                    page.js(
                        "document.querySelector('[data-testid=\"prefs\"]').open = false;",
                        vec![],
                    )
                    .await;
                    for (w, h) in [(360, 2400), (390, 2400), (1280, 800)] {
                        page.set_viewport(w, h).await;
                        page.save_screenshot(&dir.join(format!("layout-{game}-{lang}-{w}.png")))
                            .await;
                    }
                    page.js(
                        "document.querySelector('[data-testid=\"prefs\"]').open = true;",
                        vec![],
                    )
                    .await;
                }
            }
            page.set_viewport(1280, 800).await;
            page.select("lang", "en").await;
        }
        assert!(
            cut.is_empty(),
            "selects that cut their text:\n{}",
            cut.join("\n")
        );
    });
}

/// A laptop's window (1280 × 800), both games, each of the five languages: no select of
/// the settings panel cuts any of its choices (a CPU seat at the master level shows its
/// level and think time), nor one of the top bar or the preferences menu. Screenshots of
/// the panel's rules: `layout-settings-GAME-LANG-1280.png` in Russian and Japanese.
#[test]
fn at_1280_px_every_select_of_the_settings_shows_each_choice_whole() {
    let dir = shots_dir();
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        page.set_viewport(1280, 800).await;
        let mut cut = Vec::new();
        let mut checked = 0;
        for (game, cpu) in [("hasami", "white"), ("yonin", "west")] {
            page.switch_game(game).await;
            page.select(&format!("seat-{cpu}"), "cpu").await;
            page.select(&format!("level-{cpu}"), "master").await;
            page.js(
                "document.querySelector('[data-testid=\"settings\"]').open = true;
                 document.querySelector('[data-testid=\"prefs\"]').open = true;",
                vec![],
            )
            .await;
            for lang in LANGS {
                page.select("lang", lang).await;
                page.sleep(100).await;
                let shown = page
                    .js(
                        "return [...document.querySelectorAll('[data-testid=\"settings\"] select')]
                           .filter((s) => s.getBoundingClientRect().width > 0).length",
                        vec![],
                    )
                    .await
                    .as_u64()
                    .unwrap_or(0);
                // Seats, a CPU level and think time, rules, display and time.
                assert!(shown >= 8, "{game} {lang}: {shown} selects in the settings");
                checked += shown;
                for found in cut_selects(&page, "[data-testid=settings] select").await {
                    cut.push(format!("{game} {lang} settings: {found:?}"));
                }
                for found in cut_selects(&page, ".topbar select, [data-testid=prefs] select").await
                {
                    cut.push(format!("{game} {lang} top bar: {found:?}"));
                }
                if ["ru", "ja"].contains(&lang) {
                    page.js(
                        "document.querySelector('[data-testid=\"prefs\"]').open = false;
                         document.querySelector('[data-testid=\"set-limit\"]')
                           .scrollIntoView({ block: 'center' });",
                        vec![],
                    )
                    .await;
                    page.save_screenshot(
                        &dir.join(format!("layout-settings-{game}-{lang}-1280.png")),
                    )
                    .await;
                    page.js(
                        "document.querySelector('[data-testid=\"prefs\"]').open = true;",
                        vec![],
                    )
                    .await;
                }
            }
            page.select("lang", "en").await;
        }
        assert!(checked >= 80, "{checked} selects checked");
        assert!(
            cut.is_empty(),
            "selects that cut a choice at 1280 × 800:\n{}",
            cut.join("\n")
        );
    });
}

/// The outcome of a game in the status (issue 20): at 1280 px, in English and Russian,
/// its headline and then its reason on a line of its own, and the move counter under
/// them, nothing overlapping; the counter stays where it was during the game.
#[test]
fn the_outcome_of_a_game_has_its_own_lines_above_the_move_counter() {
    let dir = shots_dir();
    run(|page| async move {
        page.set_viewport(1280, 800).await;
        let last = crate::yonin::LAST_MATE;
        open_yonin(&page, &crate::yonin::script_game(last - 1)).await;
        let during = page
            .rect(".layout [data-testid=move-count]")
            .await
            .expect("counter");
        open_yonin(&page, &crate::yonin::script_game(last)).await;
        page.click("close-result").await;
        for lang in ["en", "ru"] {
            page.select("lang", lang).await;
            page.save_screenshot(&dir.join(format!("layout-over-{lang}-1280.png")))
                .await;
            let title = page.rect(".status .status-title").await.expect("headline");
            let reason = page.rect(".status .status-reason").await.expect("reason");
            let count = page
                .rect(".layout [data-testid=move-count]")
                .await
                .expect("counter");
            assert!(
                reason[1] >= title[3] - 0.5,
                "{lang}: the reason {reason:?} starts a line under the headline {title:?}"
            );
            assert!(
                count[1] >= reason[3] + 4.0,
                "{lang}: the counter {count:?} has room under the reason {reason:?}"
            );
            if lang == "en" {
                assert!(
                    (count[1] - during[1]).abs() < 0.5,
                    "the counter stays at {during:?}: {count:?}"
                );
            }
            let status = page.yonin().await.status;
            assert!(
                status.contains(" — "),
                "the text reads headline — reason: {status}"
            );
        }
    });
}

#[test]
fn on_a_phone_the_yonin_results_fit_in_every_language() {
    // The results of a finished game (RULES Y7) at 360 and 390 px: the dialog inside the
    // window (scrolling inside itself when taller), and the six columns inside the
    // dialog without a word broken (the table's narrowest layout fits its room).
    let dir = shots_dir();
    run(|page| async move {
        page.set_viewport(360, 740).await;
        let last = crate::yonin::LAST_MATE;
        open_yonin(&page, &crate::yonin::script_game(last)).await;
        page.wait_yonin("the results", |s| s.result.is_some()).await;
        let mut problems = Vec::new();
        for lang in LANGS {
            page.select("lang", lang).await;
            for (w, h) in PHONES {
                page.set_viewport(w, h).await;
                page.sleep(150).await;
                let v = page
                    .js(
                        r#"
                        const d = document.querySelector('[data-testid="result-dialog"]');
                        const t = d.querySelector('[data-testid="placings"]');
                        const s = getComputedStyle(d);
                        const room = d.clientWidth - parseFloat(s.paddingLeft)
                          - parseFloat(s.paddingRight);
                        const copy = t.cloneNode(true);
                        copy.removeAttribute('data-testid');
                        copy.style.cssText = 'position:absolute;visibility:hidden;width:min-content';
                        t.parentElement.appendChild(copy);
                        const need = copy.getBoundingClientRect().width;
                        copy.remove();
                        const dr = d.getBoundingClientRect();
                        const tr = t.getBoundingClientRect();
                        return { dialog: [dr.left, dr.top, dr.right, dr.bottom],
                                 table_right: tr.right, room, need,
                                 scrolls: d.scrollHeight <= d.clientHeight || s.overflowY === 'auto' };
                        "#,
                        vec![],
                    )
                    .await;
                let dialog: [f64; 4] = serde_json::from_value(v["dialog"].clone()).unwrap();
                let (room, need) = (v["room"].as_f64().unwrap(), v["need"].as_f64().unwrap());
                let at = format!("{lang} {w}×{h}");
                if dialog[0] < 0.0 || dialog[1] < 0.0 || dialog[2] > f64::from(w) + 0.5 {
                    problems.push(format!("{at}: the dialog {dialog:?} leaves the window"));
                }
                if dialog[3] > f64::from(h) + 0.5 || v["scrolls"] != json!(true) {
                    problems.push(format!("{at}: the dialog {dialog:?} is cut at the bottom"));
                }
                if need > room + 0.5 || v["table_right"].as_f64().unwrap() > dialog[2] + 0.5 {
                    problems.push(format!(
                        "{at}: the table needs {need} px, the dialog has {room} px"
                    ));
                }
                if w == 360 && ["en", "ru", "ja"].contains(&lang) {
                    page.save_screenshot(&dir.join(format!("layout-results-{lang}-{w}.png")))
                        .await;
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    });
}

//! Reading and playing the Yonin page: its snapshot, the saved Yonin table, moves by
//! clicks (board moves, drops, the promotion choice), and its timing.

use super::{POLL, Page, WAIT};
use serde::Deserialize;
use shogi_variants::engine::yonin::{Game, Move, Seat};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The saved Yonin table.
pub type SavedTable = table::SavedTable<Game>;

/// The `data-side` / class name of a seat: `south`, `west`, `north`, `east`.
pub fn side(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "south",
        Seat::West => "west",
        Seat::North => "north",
        Seat::East => "east",
    }
}

/// What a Yonin player card shows.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlayerView {
    /// The card is marked as the seat to move (class `to-move`).
    pub to_move: bool,
    /// The seat is out (class `out`).
    pub out: bool,
    /// The `check-SEAT` badge is shown.
    pub check: bool,
    /// Controller, mates and wins, e.g. "Human · Mates: 0 · Wins: 0".
    pub role: String,
    /// Text of the badges ("Check!", "Mated by South").
    pub badges: String,
}

/// One row of the results table.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlacingView {
    /// `data-seat` of the row.
    pub seat: String,
    /// Texts of the cells: place, seat, mates, pieces, last mate, how it went out.
    pub cells: Vec<String>,
}

/// What the Yonin result dialog shows.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ResultView {
    /// `result-title`.
    pub title: String,
    /// `result-reason`.
    pub reason: String,
    /// The rows of `placings`, top to bottom.
    pub placings: Vec<PlacingView>,
}

/// Everything a test reads from the Yonin page at one moment (one script).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Snapshot {
    /// The Yonin table is drawn.
    pub ready: bool,
    /// `status`.
    #[serde(default)]
    pub status: String,
    /// `move-count`.
    #[serde(default)]
    pub move_count: String,
    /// `banner`.
    #[serde(default)]
    pub banner: String,
    /// Pieces by square: `e5` → `data-side` of `piece-e5` (`south` … `east`, `none`).
    #[serde(default)]
    pub pieces: BTreeMap<String, String>,
    /// Squares of the promoted pieces (drawn with the class `promoted`), top-left first.
    #[serde(default)]
    pub promoted: Vec<String>,
    /// Marks by square (classes of `sq-e5` besides `sq`), squares without any left out.
    #[serde(default)]
    pub marks: BTreeMap<String, Vec<String>>,
    /// Squares in screen order, top-left first.
    #[serde(default)]
    pub order: Vec<String>,
    /// Hands by seat: kind (`R`, `G`, `S`, `P`) → the count shown.
    #[serde(default)]
    pub hands: BTreeMap<String, BTreeMap<String, u32>>,
    /// Hand pieces picked for a drop, as `SEAT-KIND`.
    #[serde(default)]
    pub hand_selected: Vec<String>,
    /// Hand pieces that can be clicked, as `SEAT-KIND`.
    #[serde(default)]
    pub hand_enabled: Vec<String>,
    /// Player cards by seat.
    #[serde(default)]
    pub players: BTreeMap<String, PlayerView>,
    /// The square the promotion choice asks about (`data-for`), if it is shown.
    pub promotion: Option<String>,
    /// The board is locked (no person to move).
    #[serde(default)]
    pub locked: bool,
    /// The result dialog, if open.
    pub result: Option<ResultView>,
    /// Texts of the `notice` banners.
    #[serde(default)]
    pub notices: Vec<String>,
}

const SNAPSHOT_JS: &str = r#"
const q = (id, root) => (root || document).querySelector(`[data-testid="${id}"]`);
const text = (e) => (e ? e.textContent.replace(/\s+/g, " ").trim() : null);
const layout = document.querySelector(".layout.yonin");
const board = layout && q("board", layout);
if (!board) return { ready: false, promotion: null, result: null };
const pieces = {}, marks = {}, order = [], promoted = [];
for (const sq of board.querySelectorAll('[data-testid^="sq-"]')) {
  const name = sq.dataset.testid.slice(3);
  order.push(name);
  const piece = q(`piece-${name}`, sq);
  if (piece) pieces[name] = piece.dataset.side;
  if (piece && piece.querySelector("svg.promoted")) promoted.push(name);
  const cls = [...sq.classList].filter((c) => c !== "sq");
  if (cls.length) marks[name] = cls;
}
const hands = {}, hand_selected = [], hand_enabled = [];
const players = {};
for (const seat of ["south", "west", "north", "east"]) {
  const held = {};
  const group = q(`hand-${seat}`, layout);
  if (group) {
    for (const b of group.querySelectorAll('[data-testid^="hand-"]')) {
      const kind = b.dataset.testid.split("-")[2];
      held[kind] = parseInt((text(b.querySelector(".count")) || "").replace(/\D/g, ""), 10);
      if (b.classList.contains("selected")) hand_selected.push(`${seat}-${kind}`);
      if (!b.disabled) hand_enabled.push(`${seat}-${kind}`);
    }
  }
  hands[seat] = held;
  const card = q(`player-${seat}`, layout);
  if (card) {
    players[seat] = {
      to_move: card.classList.contains("to-move"),
      out: card.classList.contains("out"),
      check: !!q(`check-${seat}`, card),
      role: text(card.querySelector(".who .role")) || "",
      badges: text(card.querySelector(".badges")) || "",
    };
  }
}
const promotion = q("promotion");
const dialog = q("result-dialog");
const result = dialog
  ? {
      title: text(q("result-title", dialog)),
      reason: text(q("result-reason", dialog)),
      placings: [...q("placings", dialog).querySelectorAll("tbody tr")].map((tr) => ({
        seat: tr.dataset.seat,
        cells: [...tr.children].map(text),
      })),
    }
  : null;
return {
  ready: true,
  status: text(q("status", layout)) || "",
  move_count: text(q("move-count", layout)) || "",
  banner: text(q("banner", layout)) || "",
  pieces, promoted, marks, order, hands, hand_selected, hand_enabled, players,
  promotion: promotion ? promotion.dataset.for : null,
  locked: board.classList.contains("locked"),
  result,
  notices: [...document.querySelectorAll('[data-testid="notice"] > span')].map(text),
};
"#;

impl Snapshot {
    /// The squares that carry the mark `class`, sorted.
    pub fn marked(&self, class: &str) -> Vec<String> {
        self.marks
            .iter()
            .filter(|(_, c)| c.iter().any(|c| c == class))
            .map(|(sq, _)| sq.clone())
            .collect()
    }

    /// The player card of `seat`.
    pub fn player(&self, seat: Seat) -> &PlayerView {
        self.players
            .get(side(seat))
            .unwrap_or_else(|| panic!("no player card for {seat}: {self:#?}"))
    }

    /// The seats whose cards are marked to move.
    pub fn to_move(&self) -> Vec<String> {
        self.players
            .iter()
            .filter(|(_, p)| p.to_move)
            .map(|(s, _)| s.clone())
            .collect()
    }
}

/// The pieces of `game`'s position as the page should show them: square →
/// `data-side` (the owner's side, `none` for a flipped king or an ownerless piece).
pub fn pieces_of(game: &Game) -> BTreeMap<String, String> {
    game.position()
        .pieces()
        .map(|(sq, piece)| {
            let owner = piece.owner.map_or("none", side);
            (sq.to_string(), owner.to_string())
        })
        .collect()
}

/// The hands of `game`'s position as the page should show them: seat → kind →
/// count (kinds held only).
pub fn hands_of(game: &Game) -> BTreeMap<String, BTreeMap<String, u32>> {
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let held = game
                .position()
                .hand(seat)
                .iter()
                .map(|(role, n)| (role.letter().to_string(), u32::from(n)))
                .collect();
            (side(seat).to_string(), held)
        })
        .collect()
}

impl Page {
    /// Reads the Yonin page.
    pub async fn yonin(&self) -> Snapshot {
        let value = self.js(SNAPSHOT_JS, vec![]).await;
        serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("unexpected Yonin snapshot {value}: {e}"))
    }

    /// Reads the Yonin page until `cond` holds; fails after the harness's wait.
    pub async fn wait_yonin(&self, what: &str, cond: impl Fn(&Snapshot) -> bool) -> Snapshot {
        self.wait_yonin_within(what, WAIT, cond).await
    }

    /// Reads the Yonin page until `cond` holds; fails after `within`.
    pub async fn wait_yonin_within(
        &self,
        what: &str,
        within: Duration,
        cond: impl Fn(&Snapshot) -> bool,
    ) -> Snapshot {
        let deadline = Instant::now() + within;
        loop {
            let snap = self.yonin().await;
            if cond(&snap) {
                return snap;
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {within:?} waiting for {what}; the page shows {snap:#?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// The saved Yonin table as stored, decoded with the app's own code: `None` if
    /// nothing is saved, `Err` (with the raw text) if it cannot be read.
    pub async fn try_saved_yonin(&self) -> Option<Result<SavedTable, String>> {
        let raw = self.storage_get(keys::YONIN_TABLE).await?;
        Some(SavedTable::open(&raw, None).map_err(|e| format!("{e}: {raw}")))
    }

    /// The saved Yonin table; fails the test if it cannot be read.
    pub async fn saved_yonin(&self) -> Option<SavedTable> {
        self.try_saved_yonin()
            .await
            .map(|r| r.unwrap_or_else(|e| panic!("the saved Yonin table is unreadable: {e}")))
    }

    /// Waits until the saved Yonin table is readable and satisfies `cond`.
    pub async fn wait_saved_yonin(
        &self,
        what: &str,
        cond: impl Fn(&SavedTable) -> bool,
    ) -> SavedTable {
        let deadline = Instant::now() + WAIT;
        loop {
            let saved = self.try_saved_yonin().await;
            if let Some(Ok(saved)) = &saved
                && cond(saved)
            {
                return saved.clone();
            }
            if Instant::now() >= deadline {
                let snap = self.yonin().await;
                panic!(
                    "timed out after {WAIT:?} waiting for {what}; saved: {saved:?}; \
                     the page shows {snap:#?}"
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Waits until the page shows the pieces and hands of `game`.
    pub async fn wait_shows(&self, what: &str, game: &Game) -> Snapshot {
        let (pieces, hands) = (pieces_of(game), hands_of(game));
        self.wait_yonin(what, |s| s.pieces == pieces && s.hands == hands)
            .await
    }

    /// Plays `mv` (Yonin notation: `e3e4`, `e7e8+`, `P*e5`) for the seat to move by
    /// clicks: the piece (or the hand piece) and then the square, then the
    /// promotion choice if the page asks (`promote-yes` for `+`, else `promote-no`).
    /// Waits until the move is saved and the page shows the saved position. Returns
    /// the saved game, the page after the move, and whether the choice was asked.
    pub async fn play_yonin(&self, mv: &str) -> (Game, Snapshot, bool) {
        let parsed: Move = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e:?}"));
        self.pick(parsed).await;
        self.play_yonin_from_picked(mv).await
    }

    /// [`Page::play_yonin`] once what `mv` moves is picked: clicks the square, then
    /// the promotion choice if the page asks.
    pub async fn play_yonin_from_picked(&self, mv: &str) -> (Game, Snapshot, bool) {
        let parsed: Move = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e:?}"));
        let before = match self.try_saved_yonin().await {
            Some(Ok(t)) => t.game.moves().len(),
            _ => 0,
        };
        let to = parsed.to().to_string();
        self.click_square(&to).await;
        let asked = self
            .wait_yonin_or_saved(&format!("{mv} to be played or to ask"), before)
            .await;
        if asked {
            let choice = if parsed.is_promotion() {
                "promote-yes"
            } else {
                "promote-no"
            };
            self.click(choice).await;
        }
        let saved = self
            .wait_saved_yonin(&format!("move {mv} to be saved"), |t| {
                t.game.moves().len() > before
            })
            .await;
        assert_eq!(saved.game.moves()[before].to_string(), mv, "the move saved");
        // The CPUs may move on before the page is read: the page showing the saved
        // position, or already more moves than it holds, is the move played.
        let (pieces, hands) = (pieces_of(&saved.game), hands_of(&saved.game));
        let saved_moves = saved.game.position().move_count() as usize;
        let snap = self
            .wait_yonin(&format!("the page to show {mv}"), |s| {
                (s.pieces == pieces && s.hands == hands)
                    || moves_shown(s).is_some_and(|n| n > saved_moves)
            })
            .await;
        (saved.game, snap, asked)
    }

    /// Picks what `mv` moves: the piece on its square (waiting until it is marked
    /// `selected`) or the hand piece of the seat to move (waiting until it is
    /// picked).
    pub async fn pick(&self, mv: Move) {
        match mv {
            Move::Normal { from, .. } => {
                let from = from.to_string();
                self.click_square(&from).await;
                self.wait_yonin(&format!("{from} to be selected"), |s| {
                    s.marked("selected") == [from.as_str()]
                })
                .await;
            }
            Move::Drop { role, .. } => {
                let seat = self.yonin().await.to_move();
                let [seat] = seat.as_slice() else {
                    panic!("no single seat to move: {seat:?}");
                };
                let id = format!("{seat}-{}", role.letter());
                self.click(&format!("hand-{id}")).await;
                self.wait_yonin(&format!("hand piece {id} to be picked"), |s| {
                    s.hand_selected == [id.as_str()]
                })
                .await;
            }
        }
    }

    /// Waits until the page asks about a promotion (`true`) or a move beyond the
    /// first `before` is saved (`false`).
    async fn wait_yonin_or_saved(&self, what: &str, before: usize) -> bool {
        let deadline = Instant::now() + WAIT;
        loop {
            if self.yonin().await.promotion.is_some() {
                return true;
            }
            if let Some(Ok(t)) = self.try_saved_yonin().await
                && t.game.moves().len() > before
            {
                return false;
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {WAIT:?} waiting for {what}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Saves a screenshot of the page as PNG at `path` (for looking into a failure).
    pub async fn screenshot(&self, path: &std::path::Path) {
        let png = self.client.screenshot().await.expect("screenshot");
        std::fs::write(path, png).expect("write the screenshot");
    }

    /// Starts recording, until the next reload, with times of `performance.now()`:
    /// every text of `move-count`; every long task of the main thread
    /// (`PerformanceObserver`, type `longtask`, buffered: those of the page's start
    /// too); and how long each `setTimeout` callback runs (`window.setTimeout` is
    /// wrapped: the CPU answers in one after its pause).
    pub async fn record_timing(&self) {
        self.js(
            r#"
            const read = () => {
              const e = document.querySelector('[data-testid="move-count"]');
              return e ? e.textContent.trim() : null;
            };
            const started = performance.now();
            const moves = [[started, read()]];
            const tasks = [];
            const timeouts = [];
            window.__e2eTiming = { started, moves, tasks, timeouts };
            new MutationObserver(() => {
              const now = read();
              if (now !== moves[moves.length - 1][1]) moves.push([performance.now(), now]);
            }).observe(document.body, { subtree: true, childList: true, characterData: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
            }).observe({ type: "longtask", buffered: true });
            const setTimeout = window.setTimeout;
            window.setTimeout = function (callback, delay, ...args) {
              if (typeof callback !== "function") return setTimeout.call(window, callback, delay, ...args);
              const timed = function (...a) {
                const start = performance.now();
                try {
                  return callback.apply(this, a);
                } finally {
                  const entry = [delay || 0, start, performance.now() - start, null];
                  timeouts.push(entry);
                  // The microtasks queued so far (the effects after the change) run first.
                  queueMicrotask(() => { entry[3] = performance.now() - start; });
                }
              };
              return setTimeout.call(window, timed, delay, ...args);
            };
            "#,
            vec![],
        )
        .await;
    }

    /// What [`Page::record_timing`] recorded.
    pub async fn timing(&self) -> Timing {
        let value = self.js("return window.__e2eTiming || null;", vec![]).await;
        assert!(value.is_object(), "record_timing was called first");
        serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("unexpected timing {value}: {e}"))
    }
}

/// Times recorded by [`Page::record_timing`], in milliseconds of `performance.now()`.
#[derive(Clone, Debug, Deserialize)]
pub struct Timing {
    /// When the recording started.
    pub started: f64,
    /// `(time, text)` of `move-count`: at the start, then at each change.
    pub moves: Vec<(f64, String)>,
    /// `(start, duration)` of each long task (50 ms or more), page start included.
    pub tasks: Vec<(f64, f64)>,
    /// `(delay, start, duration, duration with the microtasks queued by then)` of
    /// each `setTimeout` callback run.
    pub timeouts: Vec<(f64, f64, f64, Option<f64>)>,
}

/// The number of moves the page's move counter shows (its first number: "Moves: 12"
/// or "Moves: 12 of 300"), `None` when it shows none.
fn moves_shown(s: &Snapshot) -> Option<usize> {
    let digits: String = s
        .move_count
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

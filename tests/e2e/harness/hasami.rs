//! Reading and playing the Hasami page: its snapshot (one script reads everything a
//! test compares), the saved Hasami table, moves by clicks.

use super::{POLL, Page, WAIT};
use serde::Deserialize;
use shogi_variants::engine::hasami::{Game, Move};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table;
use std::collections::BTreeMap;
use std::time::Instant;

/// The saved Hasami table.
pub type SavedTable = table::SavedTable<Game>;

/// The board field of the start position (RULES H1.1, H6.3).
pub const START_BOARD: &str = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb";

/// A move in notation (RULES H6.2).
pub fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// `list` as sorted square names.
pub fn squares(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A legal move for the side to move of `game`, in notation.
pub fn any_legal_move(game: &Game) -> String {
    game.position()
        .legal_moves()
        .first()
        .expect("the side to move has a legal move")
        .to_string()
}

/// What a result dialog shows.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ResultView {
    /// `result-title`.
    pub title: String,
    /// `result-reason`.
    pub reason: String,
}

/// What a player card shows.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlayerView {
    /// Side name, e.g. "Black".
    pub name: String,
    /// Controller and wins, e.g. "Human · Wins: 0".
    pub role: String,
    /// `captures-SIDE`.
    pub captures: String,
    /// The capture target beside the count: "/5", "/9" or "".
    pub target: String,
    /// The move clock, if shown.
    pub clock: Option<String>,
    /// Whether the card is marked as the side to move.
    pub to_move: bool,
}

/// Everything a test reads from the page at one moment, taken by one script so it
/// is consistent.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Snapshot {
    /// The app has drawn its board.
    pub ready: bool,
    /// `status`.
    #[serde(default)]
    pub status: String,
    /// Player cards, by side (`black`, `white`).
    #[serde(default)]
    pub players: BTreeMap<String, PlayerView>,
    /// Pieces by square: `e5` → `black` / `white` (`data-side` of `piece-e5`).
    #[serde(default)]
    pub pieces: BTreeMap<String, String>,
    /// Marks by square (classes of `sq-e5` besides `sq`), squares without any left
    /// out.
    #[serde(default)]
    pub marks: BTreeMap<String, Vec<String>>,
    /// Squares in screen order, top-left first.
    #[serde(default)]
    pub order: Vec<String>,
    /// Classes of the board.
    #[serde(default)]
    pub board_class: String,
    /// The result dialog, if open.
    pub result: Option<ResultView>,
    /// The new-game confirmation is open.
    #[serde(default)]
    pub confirm: bool,
    /// Texts of the `notice` banners.
    #[serde(default)]
    pub notices: Vec<String>,
    /// The `rules-pending` note, if shown.
    pub rules_pending: Option<String>,
    /// Text of the `new-game` button.
    #[serde(default)]
    pub new_game: String,
    /// Whether `resign` is enabled.
    #[serde(default)]
    pub resign_enabled: bool,
}

const SNAPSHOT_JS: &str = r#"
const q = (id, root) => (root || document).querySelector(`[data-testid="${id}"]`);
const text = (e) => (e ? e.textContent.replace(/\s+/g, " ").trim() : null);
const board = q("board");
if (!board) return { ready: false };
const players = {};
for (const side of ["black", "white"]) {
  const card = q(`player-${side}`);
  if (!card) continue;
  players[side] = {
    name: text(card.querySelector(".name")),
    role: text(card.querySelector(".who .role")),
    captures: text(q(`captures-${side}`, card)),
    target: text(card.querySelector(".count .role")) || "",
    clock: text(q("clock", card)),
    to_move: card.classList.contains("to-move"),
  };
}
const pieces = {}, marks = {}, order = [];
for (const sq of board.querySelectorAll('[data-testid^="sq-"]')) {
  const name = sq.dataset.testid.slice(3);
  order.push(name);
  const piece = q(`piece-${name}`, sq);
  if (piece) pieces[name] = piece.dataset.side;
  const cls = [...sq.classList].filter((c) => c !== "sq");
  if (cls.length) marks[name] = cls;
}
const result = q("result-dialog");
const resign = q("resign");
return {
  ready: true,
  status: text(q("status")),
  players, pieces, marks, order,
  board_class: board.className,
  result: result ? { title: text(q("result-title")), reason: text(q("result-reason")) } : null,
  confirm: !!q("confirm-dialog"),
  notices: [...document.querySelectorAll('[data-testid="notice"] > span')].map(text),
  rules_pending: text(q("rules-pending")),
  new_game: text(q("new-game")) || "",
  resign_enabled: !!resign && !resign.disabled,
};
"#;

impl Snapshot {
    /// The board field of the position notation (RULES H6.3), read from the page.
    pub fn board(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (1..=9).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for file in 'a'..='i' {
                match self
                    .pieces
                    .get(&format!("{file}{rank}"))
                    .map(String::as_str)
                {
                    Some(side) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(if side == "black" { 'b' } else { 'w' });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        ranks.join("/")
    }

    /// The squares that carry the mark `class`, sorted.
    pub fn marked(&self, class: &str) -> Vec<String> {
        self.marks
            .iter()
            .filter(|(_, c)| c.iter().any(|c| c == class))
            .map(|(sq, _)| sq.clone())
            .collect()
    }

    /// The player card of `side` (`black` / `white`).
    pub fn player(&self, side: &str) -> &PlayerView {
        self.players
            .get(side)
            .unwrap_or_else(|| panic!("no player card for {side}: {self:#?}"))
    }
}

/// The board field of a game's current position (RULES H6.3).
pub fn board_of(game: &Game) -> String {
    game.position()
        .to_string()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Waits until the CPU (White) has answered in a Hasami game: the saved game has
/// `moves` moves and the page shows "Black to move" with the saved position. Returns
/// the game and what the page shows.
pub async fn wait_cpu_answer(page: &Page, moves: usize) -> (Game, Snapshot) {
    let game = page
        .wait_saved(&format!("the CPU's answer (move {moves})"), |g| {
            g.moves().len() >= moves
        })
        .await;
    assert_eq!(game.moves().len(), moves, "the CPU made exactly one move");
    let snap = page.wait_status("Black to move").await;
    assert_eq!(
        snap.board(),
        board_of(&game),
        "the page shows the saved game"
    );
    (game, snap)
}

impl Page {
    /// Reads the page.
    pub async fn snapshot(&self) -> Snapshot {
        let value = self.js(SNAPSHOT_JS, vec![]).await;
        serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("unexpected snapshot {value}: {e}"))
    }

    /// Reads the page until `cond` holds; fails after [`WAIT`] showing the page.
    pub async fn wait_for(&self, what: &str, cond: impl Fn(&Snapshot) -> bool) -> Snapshot {
        let deadline = Instant::now() + WAIT;
        loop {
            let snap = self.snapshot().await;
            if cond(&snap) {
                return snap;
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {WAIT:?} waiting for {what}; the page shows {snap:#?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Waits until the status line reads `text`.
    pub async fn wait_status(&self, text: &str) -> Snapshot {
        self.wait_for(&format!("status {text:?}"), |s| s.status == text)
            .await
    }

    /// Selects the piece on `from` and clicks `to`, then waits until the move is
    /// saved (the save follows every change). Returns the page after the move.
    pub async fn play(&self, mv: &str) -> Snapshot {
        let (from, to) = mv.split_at(2);
        let before = self.saved_moves().await.len();
        self.click_square(from).await;
        self.wait_for(&format!("{from} to be selected"), |s| {
            s.marked("selected") == [from]
        })
        .await;
        self.click_square(to).await;
        let moves = self
            .wait_saved(&format!("move {mv} to be saved"), |g| {
                g.moves().len() > before
            })
            .await
            .moves()
            .to_vec();
        assert_eq!(moves[before].to_string(), mv, "the move saved");
        self.snapshot().await
    }

    /// The saved table as stored, decoded with the app's own storage code: `None`
    /// if nothing is saved, `Err` (with the raw text) if it cannot be read.
    pub async fn try_saved(&self) -> Option<Result<SavedTable, String>> {
        let raw = self.storage_get(keys::HASAMI_TABLE).await?;
        Some(SavedTable::open(&raw, None).map_err(|e| format!("{e}: {raw}")))
    }

    /// The saved table; fails the test if it cannot be read.
    pub async fn saved(&self) -> Option<SavedTable> {
        self.try_saved()
            .await
            .map(|r| r.unwrap_or_else(|e| panic!("the saved table is unreadable: {e}")))
    }

    /// The moves of the saved game (none if nothing readable is saved yet).
    pub async fn saved_moves(&self) -> Vec<Move> {
        match self.try_saved().await {
            Some(Ok(t)) => t.game.moves().to_vec(),
            _ => Vec::new(),
        }
    }

    /// Waits until the saved game is readable and satisfies `cond`, and returns it.
    pub async fn wait_saved(&self, what: &str, cond: impl Fn(&Game) -> bool) -> Game {
        let deadline = Instant::now() + WAIT;
        loop {
            let saved = self.try_saved().await;
            if let Some(Ok(saved)) = &saved
                && cond(&saved.game)
            {
                return saved.game.clone();
            }
            if Instant::now() >= deadline {
                let snap = self.snapshot().await;
                panic!(
                    "timed out after {WAIT:?} waiting for {what}; saved: {saved:?}; \
                     the page shows {snap:#?}"
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }
}

/// A Hasami table one move from Black's win, as stored: Black (a person, against the
/// CPU) has captured 4, and f1f5 sandwiches e5 between d5 and f5 for the fifth.
pub fn one_move_from_winning() -> SavedTable {
    let start: shogi_variants::engine::hasami::Position =
        "wwww5/9/9/9/3bw4/9/9/9/bbb1bbbbb b 4 0 20"
            .parse()
            .expect("position");
    SavedTable {
        settings: shogi_variants::session::hasami::Settings::default(),
        participants: vec![
            table::Participant::new(table::Controller::Human),
            table::Participant::new(table::Controller::Cpu),
        ],
        seating: vec![0, 1],
        game: Game::from_position(shogi_variants::engine::hasami::Rules::default(), start),
        game_number: 1,
        revision: table::Revision::default(),
        clock_used_ms: 0.0,
        redo: Vec::new(),
        stats: Default::default(),
        result_dismissed: false,
    }
}

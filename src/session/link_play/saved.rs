//! The games played by link that this device holds ([`LinkGames`], saved under
//! [`keys::LINK_GAMES`](crate::session::storage::keys::LINK_GAMES), apart from the
//! pass-and-play tables and their statistics): one [`LinkEntry`] per game id, the rows
//! of the list of games in progress ([`LinkRow`]), and what opening a link means for
//! them ([`LinkGames::merge_of`]).

use serde::{Deserialize, Serialize};

use super::format::{GameId, PlayLink};
use super::merge::{Merge, merge};
use crate::ai::Level;
use crate::engine::{hasami, yonin};
use crate::record::link::ShareLink;
use crate::record::text::RecordText;
use crate::session::app::GameKind;
use crate::session::storage::{self, LoadError};
use crate::session::table::TableGame;

/// The format version of [`LinkGames`] in storage.
pub const LINK_GAMES_VERSION: u64 = 1;

/// One game played by link, as this device holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LinkEntry {
    /// The game's id.
    pub id: GameId,
    /// Which game.
    pub game: GameKind,
    /// The game as it stands here, as its link's payload (`L2…`, or `L1…` when saved
    /// before the check came; [`PlayLink`]).
    pub link: String,
    /// The seats this device plays, by index in [`crate::engine::Variant::SEATS`]
    /// (remembered per game, changeable: a browser and its installed app do not share
    /// storage).
    #[serde(default)]
    pub mine: Vec<usize>,
    /// The game was started on this device (it plays a CPU seat that moves first).
    #[serde(default)]
    pub started_here: bool,
    /// When the game last changed here, in milliseconds since 1970 (the browser's
    /// clock; only for the order of the list).
    #[serde(default)]
    pub updated_ms: f64,
    /// The moves of the link last sent from this device ("send this move"): its own
    /// move among them can no longer be taken back (0 for entries saved before this
    /// was kept).
    #[serde(default)]
    pub sent_moves: usize,
    /// The end of the finished game (this device's final move or resignation, RULES
    /// H4.3) was sent from here: a resignation adds no move, so `sent_moves` cannot
    /// tell (written only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub end_sent: bool,
    /// The finished game's result was closed on this device, so reopening the game
    /// shows its board rather than the result again (written only when true; a new
    /// move's result shows again: [`crate::session::table::Table::set_result_closed`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub result_closed: bool,
}

/// A seat in a row of the list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowSeat {
    /// Its index in [`crate::engine::Variant::SEATS`].
    pub seat: usize,
    /// The name the link gives it (empty for none).
    pub name: String,
    /// The CPU's level when the CPU plays it.
    pub cpu: Option<Level>,
    /// This device plays it.
    pub mine: bool,
}

/// A row of the list of games played by link: id, game, players, move, whose turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRow {
    /// The game's id.
    pub id: GameId,
    /// Which game.
    pub game: GameKind,
    /// Every seat, in seat order.
    pub players: Vec<RowSeat>,
    /// Moves played.
    pub moves: usize,
    /// The index of the seat to move; `None` once the game is over.
    pub to_move: Option<usize>,
    /// Once the game is over, the indices of the seats that won it, in seat order
    /// (RULES H4, Y6: one seat, both seats of a pair, or the seats sharing first
    /// place); empty for a draw, and while the game goes on.
    pub winners: Vec<usize>,
}

impl LinkRow {
    /// Whether the seat to move is one this device plays.
    pub fn my_turn(&self) -> bool {
        self.to_move
            .is_some_and(|s| self.players.get(s).is_some_and(|p| p.mine))
    }
}

/// The games played by link on this device.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LinkGames {
    /// One per game id, in no particular order.
    #[serde(default)]
    pub games: Vec<LinkEntry>,
}

fn row_of<G: ShareLink + RecordText + TableGame>(entry: &LinkEntry) -> Option<LinkRow> {
    let link = PlayLink::<G>::from_payload(&entry.link).ok()?;
    let players = G::SEATS
        .iter()
        .enumerate()
        .map(|(i, &seat)| RowSeat {
            seat: i,
            name: link.names.get(i).cloned().unwrap_or_default(),
            cpu: link.cpus.iter().find(|c| c.0 == seat).map(|c| c.1),
            mine: entry.mine.contains(&i),
        })
        .collect();
    Some(LinkRow {
        id: entry.id.clone(),
        game: entry.game,
        players,
        moves: link.game.moves().len(),
        to_move: link.game.side_to_move().map(G::seat_index),
        winners: link
            .game
            .outcome()
            .map(|o| {
                let mut won: Vec<usize> = G::winners(&o).into_iter().map(G::seat_index).collect();
                won.sort_unstable();
                won
            })
            .unwrap_or_default(),
    })
}

impl LinkEntry {
    /// A game just started, joined or opened as a separate game here (`link` its
    /// payload, `mine` the seats this device plays, `updated_ms` now): nothing sent
    /// from here yet, and no result closed.
    pub fn fresh(
        id: GameId,
        game: GameKind,
        link: String,
        mine: Vec<usize>,
        started_here: bool,
        updated_ms: f64,
    ) -> LinkEntry {
        LinkEntry {
            id,
            game,
            link,
            mine,
            started_here,
            updated_ms,
            sent_moves: 0,
            end_sent: false,
            result_closed: false,
        }
    }

    /// Whether `other` holds the same game here: the same game and id, link, seats and
    /// moves sent (when each changed does not count).
    pub fn same_state(&self, other: &LinkEntry) -> bool {
        self.id == other.id
            && self.game == other.game
            && self.link == other.link
            && self.mine == other.mine
            && self.started_here == other.started_here
            && self.sent_moves == other.sent_moves
            && self.end_sent == other.end_sent
    }
}

impl LinkGames {
    /// Whether the game of `shown` (the entry a screen shows) is stored otherwise: another
    /// tab moved, took back, sent a move, changed its seats, or deleted it.
    pub fn changed_from(&self, shown: &LinkEntry) -> bool {
        self.entry(shown.game, &shown.id)
            .is_none_or(|stored| !stored.same_state(shown))
    }

    /// Reads what is stored (`None`: nothing yet).
    ///
    /// # Errors
    /// [`LoadError`] for text that is not ours, damaged, or of a newer version.
    pub fn read(text: Option<&str>) -> Result<LinkGames, LoadError> {
        match text {
            None => Ok(LinkGames::default()),
            Some(text) => storage::decode(text, LINK_GAMES_VERSION),
        }
    }

    /// The text to store.
    pub fn encode(&self) -> String {
        storage::encode(LINK_GAMES_VERSION, self)
    }

    /// The game `id` of `game`, if this device holds it.
    pub fn entry(&self, game: GameKind, id: &GameId) -> Option<&LinkEntry> {
        self.games.iter().find(|e| e.game == game && &e.id == id)
    }

    /// Keeps `entry`, in place of the one with its game and id.
    pub fn upsert(&mut self, entry: LinkEntry) {
        match self
            .games
            .iter_mut()
            .find(|e| e.game == entry.game && e.id == entry.id)
        {
            Some(e) => *e = entry,
            None => self.games.push(entry),
        }
    }

    /// Forgets game `id` (the player has confirmed). Returns whether it was there.
    pub fn remove(&mut self, game: GameKind, id: &GameId) -> bool {
        let before = self.games.len();
        self.games.retain(|e| !(e.game == game && &e.id == id));
        self.games.len() != before
    }

    /// The list of games, the one changed last first (games whose link no longer
    /// reads are left out).
    pub fn rows(&self) -> Vec<LinkRow> {
        let mut entries: Vec<&LinkEntry> = self.games.iter().collect();
        entries.sort_by(|a, b| b.updated_ms.total_cmp(&a.updated_ms));
        entries
            .into_iter()
            .filter_map(|e| match e.game {
                GameKind::Hasami => row_of::<hasami::Game>(e),
                GameKind::Yonin => row_of::<yonin::Game>(e),
            })
            .collect()
    }

    /// What opening `link` means here: [`Merge::NewGame`] when this device holds no
    /// game with its id (or the one it holds no longer reads), else [`merge`] of the
    /// two games.
    pub fn merge_of<G: ShareLink + RecordText>(&self, game: GameKind, link: &PlayLink<G>) -> Merge {
        let here = self
            .entry(game, &link.id)
            .and_then(|e| PlayLink::<G>::from_payload(&e.link).ok());
        merge(here.as_ref().map(|h| &h.game), &link.game)
    }
}

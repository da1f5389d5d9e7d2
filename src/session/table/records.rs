//! A table's game as a record and as a share link (`docs/RECORDS.md`): what the record
//! says beside the moves ([`Table::record_info`]), opening a share link
//! ([`Table::open_link`]), and reading the link out of a URL fragment
//! ([`link_of_fragment`]).

use super::{Controller, Table, TableGame, TableNotice};
use crate::record::link::{LinkErrorKind, LinkGame, ShareLink, game_of_link};
use crate::record::text::{ImportError, MoveAt, RecordInfo, RecordText, SeatPlayer, last_move_at};

/// The longest share link payload opened, in characters (bytes: base64url is ASCII):
/// the same bound as a record's ([`crate::record::text::MAX_RECORD_BYTES`]), far above
/// any game's link (a 300-move Yonin game's is under 700).
pub const MAX_LINK_CHARS: usize = crate::record::text::MAX_RECORD_BYTES;

/// A share link that could not be opened, as the table tells it: what is wrong, the
/// move (from 1) and seat where, and how many good moves are shown instead (0: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkProblem<S> {
    /// What is wrong.
    pub kind: LinkErrorKind,
    /// The move where it went wrong, numbered as the move list and the records number
    /// it ([`RecordText::move_number`]: Hasami in pairs, Yonin by the move count, both
    /// going on from a set-up start's count); `None` in the link's tag or header.
    pub at_move: Option<u32>,
    /// The seat to move there.
    pub seat: Option<S>,
    /// Good moves before the fault, shown as a shared game (0 when nothing is shown).
    pub shown: usize,
    /// The last of the good moves shown, numbered as [`LinkProblem::at_move`] is, with
    /// the seat that played it ([`last_move_at`]); `None` when nothing is shown.
    pub last_shown: Option<MoveAt<S>>,
}

/// The game link in a URL fragment (`#H1…`, with or without its `#`): its game and its
/// payload; `None` when the fragment is no game link of this app (empty, or another
/// page's anchor such as `#rules-capture`).
pub fn link_of_fragment(fragment: &str) -> Option<(LinkGame, &str)> {
    let payload = fragment.strip_prefix('#').unwrap_or(fragment);
    game_of_link(payload).map(|game| (game, payload))
}

/// The share link in a text pasted or opened for import: one word (no white space)
/// whose first `#` is followed by a game link of this app (an address as the share button
/// gives it, or the fragment alone, `#H2…`); its payload. `None` for anything else,
/// which is read as a record: a record's moves may carry `#` marks, but a record of
/// moves is several words.
pub fn link_in_text(text: &str) -> Option<&str> {
    let text = text.trim();
    if text.contains(char::is_whitespace) {
        return None;
    }
    let (_, fragment) = text.split_once('#')?;
    link_of_fragment(fragment).map(|(_, payload)| payload)
}

/// A link in a text pasted or opened for import that opens elsewhere than the table of
/// game `G`: the link of a game played by link (`#L2…`, played on its own screen) or a
/// share link of the other game (`#Y1…` at Hasami's table); one word whose first `#` is
/// followed by such a link (an address, or the fragment alone); its fragment. The page
/// opens it as from the address bar rather than importing it here; `None` for anything
/// else (this game's share link, [`link_in_text`], or a record).
pub fn link_elsewhere_in_text<G: ShareLink>(text: &str) -> Option<&str> {
    let text = text.trim();
    if text.contains(char::is_whitespace) {
        return None;
    }
    let (_, fragment) = text.split_once('#')?;
    if crate::session::link_play::play_link_game(fragment).is_some() {
        return Some(fragment);
    }
    let (game, _) = link_of_fragment(fragment)?;
    (game != crate::session::link_play::link_game_of::<G>()).then_some(fragment)
}

/// A record or position of the other game, pasted or opened for import at the table of
/// game `G` (`G`'s reader refuses it, [`ImportErrorKind::WrongGame`](crate::record::text::ImportErrorKind::WrongGame)):
/// its share link's payload (`Y2…` at Hasami's table, `H2…` at Yonin's), which the page
/// opens at that game's table as from the address bar, as it does the other game's
/// share link ([`link_elsewhere_in_text`]). A link carries the game (rules, start,
/// moves), not the record's other tags (players, date). `None` when the text is no
/// readable record or position of the other game.
pub fn other_games_record<G: ShareLink>(bytes: &[u8]) -> Option<String> {
    use crate::engine::{hasami, yonin};
    match crate::session::link_play::link_game_of::<G>() {
        LinkGame::Hasami => yonin::Game::read_record(bytes)
            .ok()
            .map(|(game, _)| game.to_checked_link()),
        LinkGame::Yonin => hasami::Game::read_record(bytes)
            .ok()
            .map(|(game, _)| game.to_checked_link()),
    }
}

/// Why what was given to import did not read: a record (or position) that does not
/// read, or a share link that could not be opened.
#[derive(Clone, Debug)]
pub enum ImportFault<G: RecordText> {
    /// A record or position ([`RecordText::read_record`]); its good moves may be loaded.
    Record(ImportError<G>),
    /// A share link ([`link_in_text`]), told as a link opened from the address bar is
    /// (`shown` 0: nothing is loaded).
    Link(LinkProblem<G::Seat>),
}

/// Reads what the player pasted or opened in the import dialog (`docs/RECORDS.md`,
/// "Reading"): a share link of this app ([`link_in_text`]) gives its game, anything
/// else is read as a record or a position string ([`RecordText::read_record`]).
///
/// # Errors
/// [`ImportFault::Link`] for a link that does not open (damaged, of the other game,
/// over [`MAX_LINK_CHARS`]); [`ImportFault::Record`] for a record that does not read.
pub fn read_import<G: RecordText + ShareLink>(bytes: &[u8]) -> Result<G, ImportFault<G>> {
    let link = std::str::from_utf8(bytes).ok().and_then(link_in_text);
    let Some(payload) = link else {
        return G::read_record(bytes)
            .map(|(game, _info)| game)
            .map_err(ImportFault::Record);
    };
    if payload.len() > MAX_LINK_CHARS {
        return Err(ImportFault::Link(LinkProblem {
            kind: LinkErrorKind::TooLong,
            at_move: None,
            seat: None,
            shown: 0,
            last_shown: None,
        }));
    }
    G::from_link(payload).map_err(|e| {
        ImportFault::Link(LinkProblem {
            at_move: numbered(e.at_move, e.good.as_ref()),
            kind: e.kind,
            seat: e.seat,
            shown: 0,
            last_shown: None,
        })
    })
}

/// A link's fault place `at_move` (the link's own count: the `n`th move read, from 1)
/// as the move list numbers it ([`RecordText::move_number`]), from `good`, the game of
/// the moves read before it; as it was without them.
pub(crate) fn numbered<G: RecordText>(at_move: Option<u32>, good: Option<&G>) -> Option<u32> {
    let at = at_move?;
    let Some(good) = good else {
        return Some(at);
    };
    let index = (at as usize).checked_sub(1)?;
    Some(good.move_number(index))
}

/// The file name a record is downloaded as: `KEY-YYYY-MM-DD.txt` from a PGN date
/// (`YYYY.MM.DD`), or `KEY.txt` without one.
pub fn record_file_name(key: &str, date: Option<&str>) -> String {
    match date {
        Some(d) if d.len() == 10 && d.chars().all(|c| c.is_ascii_digit() || c == '.') => {
            format!("{key}-{}.txt", d.replace('.', "-"))
        }
        _ => format!("{key}.txt"),
    }
}

impl<G: TableGame> Table<G> {
    /// Whether a game is in progress: begun and not over. Replacing it (a new game, an
    /// import, a shared game continued) asks first.
    pub fn game_in_progress(&self) -> bool {
        !self.game.is_over() && !self.game.moves().is_empty()
    }

    /// What the record of the table's game says beside the moves: `date` (PGN's
    /// `YYYY.MM.DD`), who plays each seat (a person, or the CPU at its level), and in a
    /// game by link the names its players gave ([`Table::link_name`]).
    pub fn record_info(&self, date: Option<String>) -> RecordInfo<G::Seat> {
        RecordInfo {
            names: G::SEATS
                .iter()
                .filter_map(|&seat| Some((seat, self.link_name(seat)?.to_string())))
                .collect(),
            date,
            players: G::SEATS
                .iter()
                .map(|&seat| {
                    let p = self.participant(seat);
                    let player = match p.controller {
                        Controller::Human => SeatPlayer::Person,
                        Controller::Cpu => SeatPlayer::Cpu(p.level),
                    };
                    (seat, player)
                })
                .collect(),
        }
    }
}

impl<G: TableGame + ShareLink> Table<G> {
    /// Opens a share link's payload (a URL fragment without its `#`): its game is shown
    /// at its last move as a shared game ([`Table::open_shared`]), the table's own game
    /// untouched. A damaged link is told ([`TableNotice::BadLink`]) and, when some of
    /// its moves are good, the game up to them is shown the same way; nothing else
    /// changes.
    /// A payload over [`MAX_LINK_CHARS`] is refused unread ([`LinkErrorKind::TooLong`]).
    /// While its game is shown, [`Table::shared_link`] gives `payload` back.
    pub fn open_link(&mut self, payload: &str) {
        if payload.len() > MAX_LINK_CHARS {
            self.notify(TableNotice::BadLink(LinkProblem {
                kind: LinkErrorKind::TooLong,
                at_move: None,
                seat: None,
                shown: 0,
                last_shown: None,
            }));
            return;
        }
        match G::from_link(payload) {
            Ok(game) => self.open_shared_link(game, payload),
            Err(error) => {
                let at_move = numbered(error.at_move, error.good.as_ref());
                let good = error.good.filter(|g| !g.moves().is_empty());
                self.notify(TableNotice::BadLink(LinkProblem {
                    kind: error.kind,
                    at_move,
                    seat: error.seat,
                    shown: good.as_ref().map_or(0, |g| g.moves().len()),
                    last_shown: good.as_ref().and_then(last_move_at),
                }));
                if let Some(game) = good {
                    self.open_shared_link(game, payload);
                }
            }
        }
    }
}

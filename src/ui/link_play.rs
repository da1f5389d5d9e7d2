//! Games played by link on each player's own device ([`crate::session::link_play`]):
//! starting one (`link-game`, the seat `link-seat-<seat>`), a link opened (a new id:
//! "which seat is yours?"; moves applied; `link-older`; `link-differs` and
//! `link-open-separate`; a bad link's message), the game with its "send this move"
//! (`send-move`, the link in `send-link`), and the list of games (`link-games`). What a
//! link means is decided by the session layer; this only draws, forwards and talks to
//! the browser (storage, the share sheet, the clipboard).

use super::i18n::{t, t_string, use_i18n};
use super::shell::TableSlot;
use super::table::driver::PageCpu;
use super::table::records::{can_share, capitalized, copy_text, link_kind, page_url, share};
use super::table::{
    I18n, RecordsDialog, Screen, TableCtx, driver, follow_bottom, review, table_board,
};
use super::{PrefsContext, sound_moves, store};
use crate::ai::Level;
use crate::engine::{Variant, hasami, yonin};
use crate::record::link::{LinkErrorKind, LinkGame};
use crate::record::text::RecordText;
use crate::session::app::{AppNotice, GameKind};
use crate::session::link_play::{
    GameId, LinkEntry, LinkGames, LinkRow, Merge, PlayLink, PlayLinkError, PlayPart, SendOffer,
    TakeBack, cpu_box_open, cpu_seats_full, parting_move, play_link_game, seat_hints, short_name,
};
use crate::session::storage::{LoadError, StorageError, keys};
use crate::session::table::records::MAX_LINK_CHARS;
use crate::session::table::{LinkSeats, SettingsOf, Table};
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// What the link screen shows.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkView {
    /// The games in progress.
    List,
    /// Start a game by link of this game.
    Start(GameKind),
    /// A link of a game new to this device: "which seat is yours?".
    Seat {
        /// Which game.
        game: GameKind,
        /// The link's payload.
        payload: String,
    },
    /// A game being played.
    Open {
        /// Which game.
        game: GameKind,
        /// Its id.
        id: GameId,
        /// What the link opened says, if a link was opened.
        note: Option<Note>,
        /// A link whose new moves are to be played on opening.
        extend: Option<String>,
    },
    /// A link just opened (`#L…`), not read yet: the link screen reads it into the
    /// screen it opens (`opened`), so that reading it (which replays its game) is in
    /// the link screen's part, not in the page's main wasm.
    Arrived {
        /// The link's payload.
        payload: String,
    },
    /// A link that cannot be opened: nothing changed.
    Bad {
        /// The game, when the link names it.
        game: Option<GameKind>,
        /// What is wrong.
        error: PlayLinkError,
    },
}

impl LinkView {
    /// The game this screen is about, `None` for the list (and a link naming none).
    pub fn game(&self) -> Option<GameKind> {
        match self {
            LinkView::List | LinkView::Arrived { .. } => None,
            LinkView::Start(game) | LinkView::Seat { game, .. } | LinkView::Open { game, .. } => {
                Some(*game)
            }
            LinkView::Bad { game, .. } => *game,
        }
    }
}

/// What the game screen says about the link just opened.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// The link is older than the game here.
    Older {
        /// Moves in the link.
        link: usize,
        /// Moves here.
        here: usize,
    },
    /// The link holds the game here as it stands: nothing new.
    Same,
    /// Another tab of this device changed the game (a move, a take-back, a link sent,
    /// a seat): the screen shows it as stored now.
    OtherTab,
    /// The link parts from the game here at `from`; `payload` may open as another game.
    Differs {
        /// The first move that differs, from 1.
        from: usize,
        /// That move of the link's game as its move list numbers it, and the index in
        /// `SEATS` of the seat that made it ([`parting_move`]).
        at: Option<(u32, usize)>,
        /// The link's payload.
        payload: String,
    },
}

/// The link screen's state, provided by the shell: `None` while a table is shown.
#[derive(Clone, Copy)]
pub struct LinkPlay {
    /// What is shown.
    pub view: RwSignal<Option<LinkView>>,
    /// The Hasami pass-and-play table (its display settings are used), once open.
    pub hasami: TableSlot<hasami::Game>,
    /// The Yonin pass-and-play table, once open.
    pub yonin: TableSlot<yonin::Game>,
    /// Told the result of every save of the games by link (the app's save notice).
    pub saved: Callback<Result<(), StorageError>>,
}

impl LinkPlay {
    /// Whether the pass-and-play table of `game` is open (true for no game; tracked).
    fn table_open(self, game: Option<GameKind>) -> bool {
        match game {
            Some(GameKind::Hasami) => self.hasami.table().is_some(),
            Some(GameKind::Yonin) => self.yonin.table().is_some(),
            None => true,
        }
    }
}

/// A game that can be played by link.
pub trait LinkScreen: Screen + RecordText + PageCpu {
    /// Which game.
    const KIND: GameKind;
    /// Its pass-and-play table.
    fn main_table(lp: LinkPlay) -> TableSlot<Self>;

    /// The display settings of its pass-and-play table (the defaults while that table
    /// is not open; [`link_screen`] waits for it).
    fn main_settings(lp: LinkPlay) -> SettingsOf<Self> {
        Self::main_table(lp)
            .table()
            .map(|t| t.with_untracked(|t| *t.settings()))
            .unwrap_or_default()
    }
}

impl LinkScreen for hasami::Game {
    const KIND: GameKind = GameKind::Hasami;
    fn main_table(lp: LinkPlay) -> TableSlot<Self> {
        lp.hasami
    }
}

impl LinkScreen for yonin::Game {
    const KIND: GameKind = GameKind::Yonin;
    fn main_table(lp: LinkPlay) -> TableSlot<Self> {
        lp.yonin
    }
}

/// The games this device holds (none when storage cannot be read; the page told it
/// when it opened, [`check_games`]).
pub fn load_games() -> LinkGames {
    read_games(|e, _| leptos::logging::warn!("the games by link cannot be read: {e}"))
}

/// The games by link when the page opens, as [`load_games`]; when they cannot be read,
/// tells it ([`AppNotice::LinkGamesUnreadable`]) after copying them aside.
pub fn check_games(tell: impl Fn(AppNotice)) -> LinkGames {
    read_games(|error, kept| tell(AppNotice::LinkGamesUnreadable { error, kept }))
}

/// The games stored; stored text that cannot be read is copied aside before anything
/// is written over it (the first copy is kept), then `unreadable` gets the error and
/// whether the copy was made, and the list starts empty.
fn read_games(unreadable: impl FnOnce(LoadError, bool)) -> LinkGames {
    let text = store::read(keys::LINK_GAMES).ok().flatten();
    LinkGames::read(text.as_deref()).unwrap_or_else(|error| {
        let kept = text
            .as_deref()
            .is_some_and(|text| store::keep_aside(keys::LINK_GAMES, text));
        unreadable(error, kept);
        LinkGames::default()
    })
}

/// Writes the games this device holds; a failure is told as every save's is.
fn save_games(lp: LinkPlay, games: &LinkGames) {
    lp.saved
        .run(store::write(keys::LINK_GAMES, &games.encode()));
}

/// Milliseconds since 1970, the browser's clock (only to order the list).
fn wall_ms() -> f64 {
    js_sys::Date::now()
}

/// A new random game id.
fn new_id() -> GameId {
    GameId::from_bits(driver::page_id())
}

/// The screen a link game's payload opens (the fragment was already cleared).
fn opened(payload: &str) -> LinkView {
    match play_link_game(payload) {
        Some(Some(LinkGame::Hasami)) => incoming::<hasami::Game>(payload),
        Some(Some(LinkGame::Yonin)) => incoming::<yonin::Game>(payload),
        _ => LinkView::Bad {
            game: None,
            error: PlayLink::<hasami::Game>::from_payload(payload)
                .err()
                .unwrap_or(PlayLinkError::BadPart {
                    part: PlayPart::Layout,
                }),
        },
    }
}

fn incoming<G: LinkScreen>(payload: &str) -> LinkView {
    let bad = |error| LinkView::Bad {
        game: Some(G::KIND),
        error,
    };
    if payload.len() > MAX_LINK_CHARS {
        return bad(PlayLinkError::Game {
            kind: LinkErrorKind::TooLong,
            at_move: None,
            seat: None,
        });
    }
    let link = match PlayLink::<G>::from_payload(payload) {
        Ok(link) => link,
        Err(error) => return bad(error),
    };
    let open = |note, extend| LinkView::Open {
        game: G::KIND,
        id: link.id.clone(),
        note,
        extend,
    };
    match load_games().merge_of(G::KIND, &link) {
        Merge::NewGame => LinkView::Seat {
            game: G::KIND,
            payload: payload.to_string(),
        },
        // The same game may bring names the players gave since; told, so that opening
        // it again is not met with silence.
        Merge::Same => open(Some(Note::Same), Some(payload.to_string())),
        Merge::Extend { .. } => open(None, Some(payload.to_string())),
        Merge::Older {
            link_moves,
            here_moves,
        } => open(
            Some(Note::Older {
                link: link_moves,
                here: here_moves,
            }),
            None,
        ),
        Merge::Differs { from_move } => open(
            Some(Note::Differs {
                from: from_move,
                at: parting_move(&link.game, from_move)
                    .and_then(|at| Some((at.number, G::seat_index(at.seat?)))),
                payload: payload.to_string(),
            }),
            None,
        ),
    }
}

/// The link screen (`link-screen`): what [`LinkPlay::view`] says.
pub fn link_screen(lp: LinkPlay) -> impl IntoView {
    // A link just opened is read here, and replaced by the screen it opens.
    Effect::new(move |_| {
        let arrived = lp.view.with(|v| match v {
            Some(LinkView::Arrived { payload }) => Some(payload.clone()),
            _ => None,
        });
        if let Some(payload) = arrived {
            lp.view.set(Some(opened(&payload)));
        }
    });
    view! {
        <section class="link-play" data-testid="link-screen">
            {move || match lp.view.get() {
                // A game's screens use its table's display settings: drawn once it is
                // open (the shell opens it).
                Some(view) if !lp.table_open(view.game()) => ().into_any(),
                None | Some(LinkView::List) => list_view(lp).into_any(),
                Some(LinkView::Arrived { .. }) => ().into_any(),
                Some(LinkView::Start(GameKind::Hasami)) => start_view::<hasami::Game>(lp, None).into_any(),
                Some(LinkView::Start(GameKind::Yonin)) => start_view::<yonin::Game>(lp, None).into_any(),
                Some(LinkView::Seat { game: GameKind::Hasami, payload }) => {
                    start_view::<hasami::Game>(lp, Some(payload)).into_any()
                }
                Some(LinkView::Seat { game: GameKind::Yonin, payload }) => {
                    start_view::<yonin::Game>(lp, Some(payload)).into_any()
                }
                Some(LinkView::Open { game: GameKind::Hasami, id, note, extend }) => {
                    game_view::<hasami::Game>(lp, id, note, extend).into_any()
                }
                Some(LinkView::Open { game: GameKind::Yonin, id, note, extend }) => {
                    game_view::<yonin::Game>(lp, id, note, extend).into_any()
                }
                Some(LinkView::Bad { game, error }) => bad_view(lp, game, error).into_any(),
            }}
        </section>
    }
}

/// The buttons back to the table (or to the choice of a game, on a device where no
/// game was chosen yet) and to the list.
fn nav(lp: LinkPlay, list: bool) -> impl IntoView {
    let i18n = use_i18n();
    let prefs = use_context::<PrefsContext>().map(|c| c.0);
    let to_table = move || prefs.is_none_or(|p| p.with(|p| p.game.is_some()));
    view! {
        <div class="actions link-nav">
            <button type="button" class="btn" data-testid="link-back-table"
                on:click=move |_| lp.view.set(None)>
                {move || if to_table() {
                    t_string!(i18n, link_back_table).to_string()
                } else {
                    t_string!(i18n, choose_game).to_string()
                }}
            </button>
            {list.then(|| view! {
                <button type="button" class="btn" data-testid="link-list"
                    on:click=move |_| lp.view.set(Some(LinkView::List))>
                    {t!(i18n, link_back_list)}
                </button>
            })}
        </div>
    }
}

/// The trust sentence.
fn trust() -> impl IntoView {
    let i18n = use_i18n();
    view! { <p class="hint link-trust" data-testid="link-trust">{t!(i18n, link_trust)}</p> }
}

/// The name of the game of `kind`.
fn game_name(i18n: I18n, kind: GameKind) -> String {
    match kind {
        GameKind::Hasami => t_string!(i18n, app_title).to_string(),
        GameKind::Yonin => t_string!(i18n, yonin_title).to_string(),
    }
}

/// The name of seat `index` of game `kind`.
fn seat_name_of(i18n: I18n, kind: GameKind, index: usize) -> String {
    fn of<G: Screen>(i18n: I18n, index: usize) -> String {
        G::SEATS
            .get(index)
            .map(|&s| G::seat_name(i18n, s))
            .unwrap_or_default()
    }
    match kind {
        GameKind::Hasami => of::<hasami::Game>(i18n, index),
        GameKind::Yonin => of::<yonin::Game>(i18n, index),
    }
}

/// The translated name of a CPU level.
fn level_name(i18n: I18n, level: Level) -> String {
    review::level_name(i18n, level)
}

// ----------------------------------------------------------------------------------
// Starting a game, or choosing a seat in a game new to this device
// ----------------------------------------------------------------------------------

/// Starting a game by link (`payload` `None`) or joining one new to this device: the
/// seat buttons (`link-seat-<seat>`), the name (`link-name`), for a new Yonin game the
/// CPU seats (`link-cpu-<seat>`, `link-cpu-level`), and the trust sentence.
fn start_view<G: LinkScreen>(lp: LinkPlay, payload: Option<String>) -> impl IntoView {
    let i18n = use_i18n();
    let joining = payload
        .as_deref()
        .and_then(|p| PlayLink::<G>::from_payload(p).ok());
    // The name given last time is offered again (kept with the preferences).
    let prefs = use_context::<PrefsContext>();
    let name = RwSignal::new(
        prefs
            .map(|PrefsContext(p, _)| p.with_untracked(|p| p.link_name.clone()))
            .unwrap_or_default(),
    );
    let cpus = RwSignal::new(Vec::<G::Seat>::new());
    let level = RwSignal::new(Level::default());
    let taken: Vec<G::Seat> = joining
        .as_ref()
        .map(|l| l.cpus.iter().map(|c| c.0).collect())
        .unwrap_or_default();
    // Joining: the side to move is put first, unless the link shows it taken.
    let hints = joining
        .as_ref()
        .map(|l| seat_hints(&l.game, &taken, &l.names));
    let joining_for_click = joining.clone();
    let choose = Callback::new(move |seat: G::Seat| {
        let index = G::seat_index(seat);
        let mut games = load_games();
        let (link, started_here) = match &joining_for_click {
            Some(link) => (link.clone(), false),
            None => {
                let settings = G::main_settings(lp);
                let chosen = cpus.get_untracked();
                (
                    PlayLink {
                        id: new_id(),
                        cpus: G::SEATS
                            .iter()
                            .filter(|s| chosen.contains(s))
                            .map(|&s| (s, level.get_untracked()))
                            .collect(),
                        names: vec![String::new(); G::SEATS.len()],
                        game: G::next_game(&settings, None, false),
                    },
                    true,
                )
            }
        };
        let mut link = link;
        let mine = short_name(&name.get_untracked());
        if let Some(PrefsContext(prefs, save)) = prefs
            && prefs.with_untracked(|p| p.link_name != mine)
        {
            prefs.update(|p| p.link_name = mine.clone());
            save.run(());
        }
        if !mine.is_empty()
            && let Some(n) = link.names.get_mut(index)
        {
            *n = mine;
        }
        games.upsert(LinkEntry::fresh(
            link.id.clone(),
            G::KIND,
            link.to_payload(),
            vec![index],
            started_here,
            wall_ms(),
        ));
        save_games(lp, &games);
        lp.view.set(Some(LinkView::Open {
            game: G::KIND,
            id: link.id,
            note: None,
            extend: None,
        }));
    });
    // Joining only to watch: this device plays no seat (changeable in the game).
    let joining_for_watch = joining.clone();
    let watch = move |_| {
        let Some(link) = &joining_for_watch else {
            return;
        };
        let mut games = load_games();
        games.upsert(LinkEntry::fresh(
            link.id.clone(),
            G::KIND,
            link.to_payload(),
            Vec::new(),
            false,
            wall_ms(),
        ));
        save_games(lp, &games);
        lp.view.set(Some(LinkView::Open {
            game: G::KIND,
            id: link.id.clone(),
            note: None,
            extend: None,
        }));
    };
    let seat_buttons = G::SEATS
        .iter()
        .map(|&seat| {
            let class = G::seat_class(seat);
            let fixed_cpu = taken.contains(&seat);
            let label =
                move || t_string!(i18n, link_i_play, seat = G::seat_name(i18n, seat)).to_string();
            let first = hints.is_none_or(|h| h.suggested.is_none_or(|s| s == seat));
            view! {
                <button type="button" class=if first { "btn primary" } else { "btn" }
                    data-testid=format!("link-seat-{class}")
                    disabled=move || fixed_cpu || cpus.with(|c| c.contains(&seat))
                    on:click=move |_| choose.run(seat)>
                    {label}
                </button>
            }
        })
        .collect_view();
    let cpu_choice = (joining.is_none() && G::SEATS.len() > 2).then(|| {
        let boxes = G::SEATS
            .iter()
            .map(|&seat| {
                let class = G::seat_class(seat);
                view! {
                    <label class="check">
                        <input type="checkbox" data-testid=format!("link-cpu-{class}")
                            prop:checked=move || cpus.with(|c| c.contains(&seat))
                            disabled=move || !cpus.with(|c| cpu_box_open(c, seat, G::SEATS.len()))
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                cpus.update(|c| {
                                    c.retain(|&s| s != seat);
                                    if on {
                                        c.push(seat);
                                    }
                                });
                            } />
                        {move || G::seat_name(i18n, seat)}
                    </label>
                }
            })
            .collect_view();
        let levels = [
            Level::Novice,
            Level::Beginner,
            Level::Casual,
            Level::Strong,
            Level::Master,
        ];
        view! {
            <fieldset class="link-cpus">
                <legend>{t!(i18n, link_cpu_seats)}</legend>
                <div class="link-cpu-seats">{boxes}</div>
                <Show when=move || cpus.with(|c| cpu_seats_full(c.len(), G::SEATS.len()))>
                    <p class="hint" data-testid="link-cpu-full">{t!(i18n, link_cpu_full)}</p>
                </Show>
                <label class="field">
                    <span>{t!(i18n, link_cpu_level)}</span>
                    <select data-testid="link-cpu-level" on:change=move |ev| {
                        let code = event_target_value(&ev);
                        if let Some(&l) = levels.iter().find(|l| l.to_string() == code) {
                            level.set(l);
                        }
                    }>
                        {levels.into_iter().map(|l| view! {
                            <option value=l.to_string() selected=move || level.get() == l>
                                {move || level_name(i18n, l)}
                            </option>
                        }).collect_view()}
                    </select>
                </label>
            </fieldset>
        }
    });
    let joined_info = joining.as_ref().map(|link| {
        let players = G::SEATS
            .iter()
            .enumerate()
            .map(|(i, &seat)| {
                let name = link.names.get(i).cloned().unwrap_or_default();
                let cpu = link.cpus.iter().find(|c| c.0 == seat).map(|c| c.1);
                let to_move = hints.is_some_and(|h| h.to_move == Some(seat));
                let moved_last = hints.is_some_and(|h| h.moved_last == Some(seat));
                view! {
                    <li data-testid=format!("link-player-{}", G::seat_class(seat))>
                        {move || G::seat_name(i18n, seat)}
                        {(!name.is_empty()).then(|| format!(": {name}"))}
                        {cpu.map(|l| move || format!(" ({})", level_name(i18n, l)))}
                        {to_move.then_some(move || format!(" — {}", t_string!(i18n, link_seat_to_move)))}
                        {moved_last.then_some(move || format!(" — {}", t_string!(i18n, link_seat_moved_last)))}
                    </li>
                }
            })
            .collect_view();
        let id = link.id.to_string();
        let moves = link.game.moves().len();
        view! {
            <p class="link-id">
                {move || format!("{} · {} · {}", game_name(i18n, G::KIND),
                    t_string!(i18n, link_id, id = id.clone()),
                    t_string!(i18n, link_row_move, n = moves))}
            </p>
            <ul class="link-players">{players}</ul>
        }
    });
    let joining_now = joining.is_some();
    // The local rules of the game joined, or of the one this device would start
    // (its table's settings): they travel in the link, and every device plays by them.
    let rules_of = joining.as_ref().map_or_else(
        || G::next_game(&G::main_settings(lp), None, false),
        |l| l.game.clone(),
    );
    let rules = move || G::current_rules(i18n, &rules_of);
    view! {
        <div class="link-start panel-like" data-testid="link-start">
            <h2>
                {move || if joining_now {
                    t_string!(i18n, link_which_seat).to_string()
                } else {
                    format!("{} — {}", t_string!(i18n, link_play), game_name(i18n, G::KIND))
                }}
            </h2>
            <p class="hint">
                {move || if joining_now {
                    t_string!(i18n, link_which_seat_hint).to_string()
                } else {
                    t_string!(i18n, link_start_hint).to_string()
                }}
            </p>
            {joined_info}
            <p class="hint" data-testid="link-rules">{rules}</p>
            {trust()}
            <label class="field">
                <span>{t!(i18n, link_name)}</span>
                <input type="text" data-testid="link-name" maxlength="16"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            {cpu_choice}
            <div class="actions link-seats">
                {seat_buttons}
                {joining_now.then(|| view! {
                    <button type="button" class="btn" data-testid="link-seat-watch" on:click=watch>
                        {t!(i18n, link_watch)}
                    </button>
                })}
            </div>
            {nav(lp, true)}
        </div>
    }
}

// ----------------------------------------------------------------------------------
// A game being played
// ----------------------------------------------------------------------------------

/// The whole link of a game: the page's address and the payload.
fn full_link(payload: &str) -> String {
    format!("{}#{payload}", page_url())
}

/// A seat as a game by link names it: the seat, and the player's name from the link
/// when it has one ("South (Ana)").
fn seat_label<G: LinkScreen>(i18n: I18n, t: &Table<G>, seat: G::Seat) -> String {
    match t.link_name(seat) {
        Some(name) => format!("{} ({name})", G::seat_name(i18n, seat)),
        None => G::seat_name(i18n, seat),
    }
}

/// The status line of a game by link: the move shown while replaying, the result,
/// whose move it is, the CPU thinking here, or the move awaited by link.
pub(crate) fn link_status<G: LinkScreen>(i18n: I18n, t: &Table<G>) -> String {
    // While replaying, the move shown, as at a table ([`crate::ui::table::replay_text`]).
    if let Some(status) = t.replay_status() {
        return crate::ui::table::replay_text::<G>(i18n, status);
    }
    let game = t.game();
    match (game.outcome(), game.side_to_move()) {
        (Some(outcome), _) => format!(
            "{} — {}",
            G::outcome_title(i18n, game, outcome.clone()),
            G::outcome_reason(i18n, game, outcome)
        ),
        (None, Some(seat)) if t.human_to_move() => {
            t_string!(i18n, seat_your_move, side = seat_label(i18n, t, seat)).to_string()
        }
        (None, Some(_)) if t.cpu_thinking() => t_string!(i18n, cpu_thinking).to_string(),
        // This device's CPU seat, held back by a dialog (the export).
        (None, Some(seat)) if !t.away(seat) => G::to_move_text(i18n, seat),
        (None, Some(seat)) if t.move_unsent() => {
            t_string!(i18n, link_send_waiting, seat = seat_label(i18n, t, seat)).to_string()
        }
        (None, Some(seat)) => {
            t_string!(i18n, link_waiting, seat = seat_label(i18n, t, seat)).to_string()
        }
        (None, None) => String::new(),
    }
}

/// A game by link: the board, the status, the link to send (`send-link`, `send-move`),
/// the seat this device plays (`link-my-seat`), the moves, and what the link just
/// opened said (`link-older`, `link-differs`, `link-open-separate`).
fn game_view<G: LinkScreen>(
    lp: LinkPlay,
    id: GameId,
    note: Option<Note>,
    extend: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let games = load_games();
    // Deleted meanwhile (in another tab), or its saved link damaged (why, in the
    // tooltip): said, with the ways out.
    let gone = |text: String, detail: String| {
        view! {
            <p class="notice-inline" role="status" data-testid="link-gone" title=detail>{text}</p>
            {nav(lp, true)}
        }
        .into_any()
    };
    let Some(entry) = games.entry(G::KIND, &id).cloned() else {
        let text = t_string!(i18n, link_gone, id = id_label(&id)).to_string();
        return gone(text, String::new());
    };
    let link = match PlayLink::<G>::from_payload(&entry.link) {
        Ok(link) => link,
        Err(e) => {
            let text = t_string!(i18n, link_saved_damaged, id = id_label(&id)).to_string();
            return gone(text, e.to_string());
        }
    };
    // The link opened, whose new moves are played and whose names fill the seats that
    // have none here (a player names themselves when they join).
    let newer = extend.and_then(|p| PlayLink::<G>::from_payload(&p).ok());
    let mut names = link.names.clone();
    if let Some(newer) = &newer {
        for (name, new) in names.iter_mut().zip(&newer.names) {
            if name.is_empty() {
                name.clone_from(new);
            }
        }
    }
    let seats = LinkSeats {
        mine: entry
            .mine
            .iter()
            .filter_map(|&i| G::SEATS.get(i).copied())
            .collect(),
        cpus: link.cpus.clone(),
        started_here: entry.started_here,
        names: names.clone(),
        sent_moves: entry.sent_moves,
        end_sent: entry.end_sent,
    };
    let settings = G::main_settings(lp);
    let table = RwSignal::new(Table::for_link(
        link.game.clone(),
        seats,
        settings,
        driver::page_id(),
    ));
    table.update(|t| t.set_result_closed(entry.result_closed));
    // The clock (no time per move; passing notices, pauses), the CPU and the sounds.
    table.update(|t| t.tick(driver::now_ms()));
    if let Ok(handle) = set_interval_with_handle(
        move || table.update(|t| t.tick(driver::now_ms())),
        Duration::from_millis(250),
    ) {
        on_cleanup(move || handle.clear());
    }
    driver::drive_cpu(table);
    if let Some(prefs) = use_context::<PrefsContext>().map(|c| c.0) {
        sound_moves(table, prefs);
        let confirm = Memo::new(move |_| prefs.with(|p| p.confirm_move));
        Effect::new(move |_| {
            let on = confirm.get();
            table.update(|t| t.set_confirm_moves(on));
        });
    }
    // What this screen shows as stored; another tab that stores something else for this
    // game (a move, a take-back, a move sent, a seat, a deletion) makes this screen read
    // it again, as a table follows another tab.
    let shown = StoredValue::new(entry.clone());
    let listener = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().as_deref() != Some(keys::LINK_GAMES) {
            return;
        }
        let Ok(stored) = LinkGames::read(ev.new_value().as_deref()) else {
            return;
        };
        if shown.with_value(|e| stored.changed_from(e)) {
            lp.view.set(Some(LinkView::Open {
                game: G::KIND,
                id: shown.with_value(|e| e.id.clone()),
                note: Some(Note::OtherTab),
                extend: None,
            }));
        }
    });
    on_cleanup(move || listener.remove());
    // Saved at every change of the game or the seats.
    let (cpus, started_here) = (link.cpus.clone(), entry.started_here);
    let payload = Memo::new(move |_| {
        table.with(|t| {
            PlayLink {
                id: id.clone(),
                cpus: cpus.clone(),
                names: names.clone(),
                game: t.game().clone(),
            }
            .to_payload()
        })
    });
    let generation = Memo::new(move |_| table.with(|t| t.save_generation()));
    Effect::new(move |_| {
        if generation.get() == 0 {
            return;
        }
        let Some((mine, sent_moves, end_sent)) = table.with_untracked(|t| {
            t.link_seats().map(|s| {
                let mine = s.mine.iter().map(|&m| G::seat_index(m)).collect::<Vec<_>>();
                (mine, s.sent_moves, s.end_sent)
            })
        }) else {
            return;
        };
        let link = payload.get_untracked();
        let Ok(read) = PlayLink::<G>::from_payload(&link) else {
            return;
        };
        let mut games = load_games();
        // The list's order follows the game: a seat changed or a result closed keeps
        // the game where it is in the list.
        let updated_ms = shown.with_value(|e| (e.link == link).then_some(e.updated_ms));
        let saved = LinkEntry {
            id: read.id,
            game: G::KIND,
            link,
            mine,
            started_here,
            updated_ms: updated_ms.unwrap_or_else(wall_ms),
            sent_moves,
            end_sent,
            result_closed: table.with_untracked(|t| t.result_closed()),
        };
        shown.set_value(saved.clone());
        games.upsert(saved);
        save_games(lp, &games);
    });
    // The new moves of the link opened: played once the page shows the game, so they
    // are heard and seen. The note of them goes when a person here moves.
    if let Some(newer) = newer {
        set_timeout(
            move || {
                table.try_update(|t| t.extend_by_link(&newer.game));
            },
            Duration::from_millis(50),
        );
    }
    let applied = Memo::new(move |_| table.with(|t| t.link_applied()));
    let bottom = follow_bottom(table);
    let ctx = TableCtx {
        table,
        bottom,
        i18n,
    };
    let status = move || table.with(|t| link_status::<G>(i18n, t));
    // The export dialog (the record of the game): the table waits while it is open.
    let export_open = RwSignal::new(false);
    let show_export = move |open: bool| {
        export_open.set(open);
        table.update(|t| t.set_modal(open));
    };
    let url = Memo::new(move |_| full_link(&payload.get()));
    let copied = RwSignal::new(None::<bool>);
    let offer = Memo::new(move |_| table.with(|t| t.send_offer()));
    let send = move |_| {
        if offer.get_untracked() == SendOffer::Wait {
            return;
        }
        // Sent: the move can no longer be taken back.
        table.update(|t| t.link_sent());
        let url = url.get_untracked();
        if can_share() {
            share(G::GAME_NAME, None, Some(&url));
        } else {
            copy_text(url, move |ok| copied.set(Some(ok)));
        }
    };
    // The send button stands out while this device waits for a move by link: after its
    // own move, or for a game just started here whose first move is another's.
    let waiting = Memo::new(move |_| {
        table.with(|t| {
            t.game()
                .side_to_move()
                .is_some_and(|s| t.away(s) && !t.human_to_move())
        })
    });
    // After a move made here, sending it is the next thing to do; on a phone the send
    // button lies below the board, so it is brought into view (nothing moves when it is
    // in view already). Only on the change, not when the screen opens.
    let unsent = Memo::new(move |_| table.with(|t| t.move_unsent()));
    let send_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |before: Option<bool>| {
        let now = unsent.get();
        if now && before == Some(false) {
            // After the frame that draws the button (it shows with the move).
            request_animation_frame(move || {
                if let Some(button) = send_button.try_get_untracked().flatten() {
                    super::scroll_into_view_nearest(&button);
                }
            });
        }
        now
    });
    let mine_now = Memo::new(move |_| {
        table.with(|t| {
            t.link_seats()
                .and_then(|s| s.mine.first().copied())
                .map(G::seat_class)
        })
    });
    let cpu_seats: Vec<G::Seat> = link.cpus.iter().map(|c| c.0).collect();
    let my_seat_options = G::SEATS
        .iter()
        .filter(|s| !cpu_seats.contains(s))
        .map(|&seat| {
            let class = G::seat_class(seat);
            view! {
                <option value=class selected=move || mine_now.get() == Some(class)>
                    {move || G::seat_name(i18n, seat)}
                </option>
            }
        })
        .collect_view();
    let on_my_seat = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        if code == "watch" {
            table.update(|t| t.set_my_seats(Vec::new()));
        } else if let Some(&seat) = G::SEATS.iter().find(|&&s| G::seat_class(s) == code) {
            table.update(|t| t.set_my_seats(vec![seat]));
        }
    };
    let note_view = note.map(|note| match note {
        Note::Same => view! {
            <p class="notice-inline" role="status" data-testid="link-same">
                {move || t_string!(i18n, link_same).to_string()}
            </p>
        }
        .into_any(),
        Note::OtherTab => view! {
            <p class="notice-inline" role="status" data-testid="link-other-tab">
                {move || t_string!(i18n, link_other_tab).to_string()}
            </p>
        }
        .into_any(),
        Note::Older { link, here } => view! {
            <p class="notice-inline" role="status" data-testid="link-older">
                {move || t_string!(i18n, link_older, link = link, here = here).to_string()}
            </p>
        }
        .into_any(),
        Note::Differs { from, at, payload } => {
            let mine = entry.mine.clone();
            let open_separate = move |_| {
                let Ok(mut other) = PlayLink::<G>::from_payload(&payload) else {
                    return;
                };
                other.id = new_id();
                let mut games = load_games();
                games.upsert(LinkEntry::fresh(
                    other.id.clone(),
                    G::KIND,
                    other.to_payload(),
                    mine.clone(),
                    false,
                    wall_ms(),
                ));
                save_games(lp, &games);
                lp.view.set(Some(LinkView::Open {
                    game: G::KIND,
                    id: other.id,
                    note: None,
                    extend: None,
                }));
            };
            view! {
                <div class="notice-inline" role="status" data-testid="link-differs">
                    <p>
                        {move || match at {
                            Some((k, seat)) => {
                                let seat = G::seat_name(i18n, G::SEATS[seat]);
                                t_string!(i18n, link_differs_at, k = k, seat = seat).to_string()
                            }
                            None => t_string!(i18n, link_differs, k = from).to_string(),
                        }}
                    </p>
                    <button type="button" class="btn" data-testid="link-open-separate" on:click=open_separate>
                        {t!(i18n, link_open_separate)}
                    </button>
                </div>
            }
            .into_any()
        }
    });
    let over = Memo::new(move |_| table.with(|t| t.game().is_over()));
    // The next game is offered once the end of this one is sent: the others learn it
    // only from that link.
    let end_unsent = Memo::new(move |_| table.with(|t| t.end_unsent()));
    // Once it is over: the next game of the same players, rules and CPU seats, each
    // keeping their seat ([`PlayLink::play_again`]), opened here as a game just started.
    let again_of = entry.id.clone();
    let play_again = Callback::new(move |()| {
        let mut games = load_games();
        let Some(entry) = games.entry(G::KIND, &again_of).cloned() else {
            return;
        };
        let Ok(link) = PlayLink::<G>::from_payload(&entry.link) else {
            return;
        };
        let again = link.play_again(new_id());
        games.upsert(LinkEntry::fresh(
            again.id.clone(),
            G::KIND,
            again.to_payload(),
            entry.mine.clone(),
            true,
            wall_ms(),
        ));
        save_games(lp, &games);
        lp.view.set(Some(LinkView::Open {
            game: G::KIND,
            id: again.id,
            note: None,
            extend: None,
        }));
    });
    let id_text = id_label(&entry.id);
    view! {
        <div class=G::LAYOUT data-testid="link-table">
            <section class="play">{G::play_area(ctx, table_board(ctx).into_any())}</section>
            <aside class="side">
                <p class="link-id" data-testid="link-id">
                    {move || format!("{} · {}", game_name(i18n, G::KIND), t_string!(i18n, link_id, id = id_text.clone()))}
                </p>
                <p class="hint link-rules" data-testid="link-rules">
                    {move || table.with(|t| G::current_rules(i18n, t.game()))}
                </p>
                {note_view}
                <Show when=move || { applied.get() > 0 }>
                    <p class="hint" role="status" data-testid="link-applied">
                        {move || {
                            let moves = t_string!(i18n, limit_moves, count = applied.get()).to_string();
                            t_string!(i18n, link_applied, moves = moves).to_string()
                        }}
                    </p>
                </Show>
                <div class="status" data-testid="status">
                    {driver::thinking_mark::<G>()}
                    {status}
                </div>
                <div class="move-count" data-testid="move-count">
                    {move || match table.with(|t| G::move_count(t.game())) {
                        (n, Some(limit)) => t_string!(i18n, moves_played_limit, n = n, limit = limit).to_string(),
                        (n, None) => t_string!(i18n, moves_played, n = n).to_string(),
                    }}
                </div>
                <Show when=move || over.get()>
                    <div class="link-result" data-testid="link-result">{G::result_details(ctx)}</div>
                </Show>
                {G::side_players(ctx)}
                <Show when=move || offer.get() != SendOffer::Nothing>
                    <div class="link-send">
                        <label class="field">
                            <span>{t!(i18n, link_send_label)}</span>
                            // Not offered while this device's CPU seat thinks (the link would
                            // stop before its move).
                            <input type="text" data-testid="send-link" readonly
                                prop:value=move || if offer.get() == SendOffer::Wait { String::new() } else { url.get() }
                                disabled=move || offer.get() == SendOffer::Wait
                                on:focus=move |ev| {
                                    if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                        input.select();
                                    }
                                }
                                on:copy=move |_| if offer.get_untracked() != SendOffer::Wait { table.update(|t| t.link_sent()) } />
                        </label>
                        <div class="actions">
                            <button type="button" data-testid="send-move" node_ref=send_button
                                class=move || if waiting.get() || matches!(offer.get(), SendOffer::FinalMove | SendOffer::Resignation) { "btn primary" } else { "btn" }
                                disabled=move || offer.get() == SendOffer::Wait
                                on:click=send>
                                {move || match offer.get() {
                                    SendOffer::FinalMove => t_string!(i18n, link_send_final).to_string(),
                                    SendOffer::Resignation => t_string!(i18n, link_send_resignation).to_string(),
                                    SendOffer::Game => t_string!(i18n, link_send_game).to_string(),
                                    SendOffer::Wait => t_string!(i18n, link_send_wait).to_string(),
                                    SendOffer::Move | SendOffer::Nothing => t_string!(i18n, link_send).to_string(),
                                }}
                            </button>
                            <span class="copied" role="status">
                                {move || copied.get().map(|ok| if ok {
                                    t_string!(i18n, copy_done).to_string()
                                } else {
                                    t_string!(i18n, copy_failed).to_string()
                                })}
                            </span>
                        </div>
                        {trust()}
                    </div>
                </Show>
                // After the way to send the end (the others learn it only by link), the
                // next game: secondary, so the send button stays the first thing to do.
                <Show when=move || over.get() && !end_unsent.get()>
                    <div class="actions link-again">
                        <button type="button" class="btn" data-testid="link-again"
                            on:click=move |_| play_again.run(())>
                            {t!(i18n, link_play_again)}
                        </button>
                    </div>
                </Show>
                {take_back_and_resign::<G>(table)}
                <label class="field link-my-seat">
                    <span>{t!(i18n, link_my_seat)}</span>
                    <select data-testid="link-my-seat" on:change=on_my_seat>
                        {my_seat_options}
                        <option value="watch" selected=move || mine_now.get().is_none()>
                            {t!(i18n, link_watch)}
                        </option>
                    </select>
                </label>
                {review::move_list_panel(ctx, Callback::new(|()| {}))}
                // The record of the game and a link to watch it, as at a table.
                <div class="actions records-actions">
                    <button type="button" class="btn" data-testid="link-export"
                        on:click=move |_| show_export(true)>
                        {t!(i18n, export)}
                    </button>
                </div>
                {nav(lp, true)}
            </aside>
        </div>
        {move || export_open.get().then(|| {
            G::records_dialog(
                ctx,
                RecordsDialog::Export,
                Callback::new(|_| {}),
                Callback::new(move |()| show_export(false)),
            )
        })}
    }
    .into_any()
}

/// Taking back one's own move until it is sent (`link-take-back`, with the reason it
/// is out, `link-take-back-why`), and resigning where the game has it (`link-resign`,
/// then `link-resign-yes` or `link-resign-no`; Hasami, RULES H4.3).
fn take_back_and_resign<G: LinkScreen>(table: RwSignal<Table<G>>) -> impl IntoView {
    let i18n = use_i18n();
    let state = Memo::new(move |_| table.with(|t| t.link_take_back()));
    // Shown for this device's own last move (or resignation), allowed or not.
    let shown = move || {
        matches!(
            state.get(),
            TakeBack::Allowed { .. } | TakeBack::Sent | TakeBack::Resigned
        )
    };
    let why = move || match state.get() {
        TakeBack::Sent => Some(t_string!(i18n, link_take_back_sent).to_string()),
        TakeBack::Resigned => Some(t_string!(i18n, link_take_back_resigned).to_string()),
        _ => None,
    };
    let can_resign = Memo::new(move |_| table.with(|t| G::CAN_RESIGN && t.resigner().is_some()));
    let asking = RwSignal::new(false);
    view! {
        <div class="actions link-actions">
            <Show when=shown>
                <button type="button" class="btn" data-testid="link-take-back"
                    disabled=move || !matches!(state.get(), TakeBack::Allowed { .. })
                    on:click=move |_| {
                        table.update(|t| {
                            let _ = t.take_back_by_link();
                        });
                    }>
                    {t!(i18n, link_take_back)}
                </button>
            </Show>
            <Show when=move || can_resign.get() && !asking.get()>
                <button type="button" class="btn danger" data-testid="link-resign"
                    on:click=move |_| asking.set(true)>
                    {t!(i18n, resign)}
                </button>
            </Show>
        </div>
        {move || why().map(|text| view! {
            <p class="hint" role="status" data-testid="link-take-back-why">{text}</p>
        })}
        <Show when=move || asking.get() && can_resign.get()>
            <div class="link-delete-ask" role="alert" data-testid="link-resign-ask">
                <p>{t!(i18n, link_resign_question)}</p>
                <button type="button" class="btn danger" data-testid="link-resign-yes"
                    on:click=move |_| {
                        asking.set(false);
                        table.update(|t| {
                            if let Err(e) = t.resign() {
                                t.tell_refusal(&e);
                            }
                        });
                    }>
                    {t!(i18n, confirm_resign_yes)}
                </button>
                <button type="button" class="btn" data-testid="link-resign-no"
                    on:click=move |_| asking.set(false)>
                    {t!(i18n, link_resign_no)}
                </button>
            </div>
        </Show>
    }
}

/// An id as shown: its characters.
fn id_label(id: &GameId) -> String {
    id.to_string()
}

// ----------------------------------------------------------------------------------
// A bad link, and the list
// ----------------------------------------------------------------------------------

/// What is wrong with a link game's payload, in the player's language.
fn bad_text(i18n: I18n, game: Option<GameKind>, error: &PlayLinkError) -> String {
    let detail = match error {
        PlayLinkError::Foreign { .. } => t_string!(i18n, link_err_foreign).to_string(),
        PlayLinkError::Damaged => t_string!(i18n, link_err_damaged).to_string(),
        PlayLinkError::NewerVersion { .. } => t_string!(i18n, link_err_newer).to_string(),
        PlayLinkError::BadPart { part } => {
            let part = match part {
                PlayPart::Id => t_string!(i18n, link_part_id).to_string(),
                PlayPart::MoveCount => t_string!(i18n, link_part_moves).to_string(),
                PlayPart::CpuSeats => t_string!(i18n, link_part_cpus).to_string(),
                PlayPart::Names => t_string!(i18n, link_part_names).to_string(),
                PlayPart::Layout => t_string!(i18n, link_part_layout).to_string(),
            };
            capitalized(&t_string!(i18n, link_bad_part, part = part).to_string())
        }
        PlayLinkError::WrongGame { found } => {
            link_kind(i18n, &LinkErrorKind::WrongGame { found: *found })
        }
        PlayLinkError::CountMismatch { said, held } => {
            capitalized(&t_string!(i18n, link_bad_count, said = *said, held = *held).to_string())
        }
        PlayLinkError::Game {
            kind,
            at_move,
            seat,
        } => {
            let place = match (at_move, seat, game) {
                (Some(n), Some(s), Some(g)) => format!(
                    "{}: ",
                    capitalized(
                        &t_string!(
                            i18n,
                            err_move_seat,
                            n = *n,
                            seat = seat_name_of(i18n, g, *s)
                        )
                        .to_string()
                    )
                ),
                (Some(n), _, _) => format!(
                    "{}: ",
                    capitalized(&t_string!(i18n, err_move, n = *n).to_string())
                ),
                _ => String::new(),
            };
            format!("{place}{}", link_kind(i18n, kind))
        }
    };
    format!("{} {detail}", t_string!(i18n, link_bad))
}

/// A link that cannot be opened (`link-error`): what is wrong; nothing changed.
fn bad_view(lp: LinkPlay, game: Option<GameKind>, error: PlayLinkError) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="link-start panel-like">
            <h2>{t!(i18n, link_games)}</h2>
            <p class="error" role="alert" data-testid="link-error">
                {move || bad_text(i18n, game, &error)}
            </p>
            {nav(lp, true)}
        </div>
    }
}

/// One row's words: game, id, players, move, whose turn.
fn row_text(i18n: I18n, row: &LinkRow) -> (String, String, String) {
    let head = format!(
        "{} · {} · {}",
        game_name(i18n, row.game),
        t_string!(i18n, link_id, id = row.id.to_string()),
        t_string!(i18n, link_row_move, n = row.moves)
    );
    let players = row
        .players
        .iter()
        .map(|p| {
            let mut s = seat_name_of(i18n, row.game, p.seat);
            if !p.name.is_empty() {
                s.push_str(&format!(": {}", p.name));
            }
            if let Some(level) = p.cpu {
                s.push_str(&format!(" (CPU {})", level_name(i18n, level)));
            }
            if p.mine {
                s.push_str(&format!(" ({})", t_string!(i18n, link_you)));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let turn = match row.to_move {
        None => {
            let result = if row.winners.is_empty() {
                t_string!(i18n, link_row_draw).to_string()
            } else {
                let seats = row
                    .winners
                    .iter()
                    .map(|&s| seat_name_of(i18n, row.game, s))
                    .collect::<Vec<_>>()
                    .join(", ");
                t_string!(i18n, link_row_won_by, seats = seats).to_string()
            };
            format!("{} · {result}", t_string!(i18n, link_row_over))
        }
        Some(seat) => {
            let to_move = match row.game {
                GameKind::Hasami => hasami::Game::SEATS
                    .get(seat)
                    .map(|&s| <hasami::Game as Screen>::to_move_text(i18n, s)),
                GameKind::Yonin => yonin::Game::SEATS
                    .get(seat)
                    .map(|&s| <yonin::Game as Screen>::to_move_text(i18n, s)),
            }
            .unwrap_or_default();
            if row.my_turn() {
                format!("{to_move} — {}", t_string!(i18n, link_row_yours))
            } else {
                to_move
            }
        }
    };
    (head, players, turn)
}

/// The games in progress (`link-games`, one `link-row` per game): each resumable
/// (`link-resume`) and deletable after a question (`link-delete`, then
/// `link-delete-yes` or `link-delete-no`).
fn list_view(lp: LinkPlay) -> impl IntoView {
    let i18n = use_i18n();
    let rows = RwSignal::new(load_games().rows());
    let asking = RwSignal::new(None::<(GameKind, GameId)>);
    let delete = move |game: GameKind, id: GameId| {
        let mut games = load_games();
        if games.remove(game, &id) {
            save_games(lp, &games);
        }
        asking.set(None);
        rows.set(games.rows());
    };
    view! {
        <div class="link-start panel-like">
            <h2>{t!(i18n, link_games)}</h2>
            <Show when=move || rows.with(Vec::is_empty)>
                <p class="hint" data-testid="link-none">{t!(i18n, link_none)}</p>
            </Show>
            <ul class="link-games" data-testid="link-games">
                <For each=move || rows.get() key=|r| (r.game, r.id.clone(), r.moves) let:row>
                    {
                        let (game, id) = (row.game, row.id.clone());
                        let (id_ask, id_yes, id_open) = (id.clone(), id.clone(), id.clone());
                        let key = (game, id.clone());
                        let texts = row_text(i18n, &row);
                        let mine = row.my_turn();
                        let over = row.to_move.is_none();
                        view! {
                            <li class="link-row" class:my-turn=mine data-testid="link-row" data-id=id.to_string()>
                                <div class="link-row-head">{texts.0}</div>
                                <div class="link-row-players">{texts.1}</div>
                                <div class="link-row-turn">{texts.2}</div>
                                <div class="actions">
                                    <button type="button" class="btn primary" data-testid="link-resume"
                                        on:click=move |_| lp.view.set(Some(LinkView::Open {
                                            game, id: id_open.clone(), note: None, extend: None,
                                        }))>
                                        {move || if over {
                                            t_string!(i18n, link_view_game).to_string()
                                        } else {
                                            t_string!(i18n, link_resume).to_string()
                                        }}
                                    </button>
                                    <button type="button" class="btn" data-testid="link-delete"
                                        on:click=move |_| asking.set(Some((game, id_ask.clone())))>
                                        {t!(i18n, link_delete)}
                                    </button>
                                </div>
                                <Show when=move || asking.with(|a| a.as_ref() == Some(&key))>
                                    {
                                        let id_yes = id_yes.clone();
                                        view! {
                                            <div class="link-delete-ask" role="alert">
                                                <p>{t!(i18n, link_delete_question)}</p>
                                                <button type="button" class="btn danger" data-testid="link-delete-yes"
                                                    on:click=move |_| delete(game, id_yes.clone())>
                                                    {t!(i18n, link_delete)}
                                                </button>
                                                <button type="button" class="btn" data-testid="link-delete-no"
                                                    on:click=move |_| asking.set(None)>
                                                    {t!(i18n, link_keep)}
                                                </button>
                                            </div>
                                        }
                                    }
                                </Show>
                            </li>
                        }
                    }
                </For>
            </ul>
            {nav(lp, false)}
        </div>
    }
}

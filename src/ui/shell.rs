//! The app's page: the top bar (title, games, language, theme, piece style,
//! preferences), the notices, and the table of the game on screen or the choice of a
//! game. It owns both tables and the preferences.
//!
//! A table is opened the first time its game is needed (shown, opened by a share
//! link, or played by link): its controller, its engine and its view are a part of
//! the app's wasm of their own ([`mod@super::lazy`]), so the choice of a game loads
//! neither game. Once open, a table lives as long as the page.

use super::i18n::{Locale, t, t_string, use_i18n};
use super::lazy::{LoadFailed, lazy_view, tell_load_failure};
use super::link_play::{LinkPlay, LinkView, check_games, link_screen, load_games};
use super::notices::{AppNotice, NoticeList, table_notices};
use super::prefs::{PreferencesMenu, apply_theme};
use super::table::settings::edit_settings;
use super::table::{Screen, driver, table_frame, your_move_text};
use super::{PrefsContext, sound, sound_moves, store, update};
use crate::engine::{hasami, yonin};
use crate::record::link::LinkGame;
use crate::session::app::{
    Fragment, GameKind, LANGUAGES, Preferences, PreferencesProblem, Theme, read_fragment,
};
use crate::session::notice::Notices;
use crate::session::storage::{LoadError, StorageError, keys};
use crate::session::table::{PieceStyleChoice, Table, TableGame};
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use leptos_i18n::Locale as _;
use std::future::Future;
use std::pin::Pin;

/// The whole page: it reads the preferences, shows the table of the game last played
/// or the choice of a game, and opens each table when it is first needed
/// ([`TableSlot`]).
#[component]
pub fn Shell() -> impl IntoView {
    let i18n = use_i18n();
    crate::ui::widgets::track_focus();
    let app_notices = RwSignal::new(Notices::<AppNotice>::default());
    // Every save (both tables, the preferences) is told to one notice.
    let saved = Callback::new(move |result: Result<(), StorageError>| {
        app_notices.update(|n| n.save_done(result, driver::now_ms()));
    });
    let hasami = TableSlot::<hasami::Game>::new();
    let yonin = TableSlot::<yonin::Game>::new();
    // The service worker (offline play) and the offer of a new build.
    let updates = update::start();
    // Passing app notices go with the same monotonic clock as the tables'.
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let now = driver::now_ms();
            let due = app_notices.with_untracked(|n| {
                n.posted()
                    .iter()
                    .any(|p| p.expires_at.is_some_and(|at| at <= now))
            });
            if due {
                app_notices.update(|n| {
                    n.expire(now);
                });
            }
        },
        std::time::Duration::from_millis(500),
    ) {
        on_cleanup(move || handle.clear());
    }
    let tell = move |notice: AppNotice| {
        app_notices.update(|n| {
            n.push(notice, false, driver::now_ms());
        });
    };

    let prefs = load_preferences(tell, saved);
    let saved_locale = prefs.locale.as_deref().and_then(|code| {
        Locale::get_all()
            .iter()
            .copied()
            .find(|l| l.as_str() == code)
    });
    let prefs = RwSignal::new(prefs);
    // Sound: the audio context is made on the first gesture (browsers allow sound only
    // after one), then each move made on this page is heard.
    for event in ["pointerdown", "keydown"] {
        let listener = window_event_listener_untyped(event, move |_| {
            if prefs.with_untracked(|p| p.sound) {
                sound::unlock();
            }
        });
        on_cleanup(move || listener.remove());
    }
    let save_prefs = move || {
        let text = prefs.get_untracked().encode();
        // With storage off the tables already say nothing is kept.
        if store::available().is_ok() {
            saved.run(store::write(keys::PREFERENCES, &text));
        }
    };
    provide_context(PrefsContext(prefs, Callback::new(move |()| save_prefs())));
    // Applied in an effect, which runs after the provider's own start-up effect (that
    // one sets the browser's language and would otherwise override the saved choice).
    Effect::new(move |_| {
        if let Some(locale) = saved_locale {
            i18n.set_locale(locale);
        }
    });
    let on_lang = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        if let Some(locale) = Locale::get_all()
            .iter()
            .copied()
            .find(|l| l.as_str() == code)
        {
            i18n.set_locale(locale);
            prefs.update(|p| p.locale = Some(code));
            save_prefs();
        }
    };
    // The theme: `data-theme` on <html> (style/main.css); none follows the system.
    let theme = Memo::new(move |_| prefs.with(|p| p.theme));
    Effect::new(move |_| apply_theme(theme.get()));
    let on_theme = move |ev: leptos::ev::Event| {
        if let Some(chosen) = Theme::from_code(&event_target_value(&ev)) {
            prefs.update(|p| p.theme = chosen);
            save_prefs();
        }
    };
    let theme_name = move |t: Theme| match t {
        Theme::System => t_string!(i18n, theme_system).to_string(),
        Theme::Light => t_string!(i18n, theme_light).to_string(),
        Theme::Dark => t_string!(i18n, theme_dark).to_string(),
    };
    let lang_names = LANGUAGES;

    // The game on screen: the one last played, or the choice. Only the table on screen
    // runs its clock and asks its CPU.
    let game = Memo::new(move |_| prefs.with(|p| p.game));
    // A game played by link, its list or its start, shown instead of the table.
    let link_play = LinkPlay {
        view: RwSignal::new(None),
        hasami,
        yonin,
        saved,
    };
    provide_context(link_play);
    // Read once at start-up: told if damaged, and asked below for the game to reopen.
    let stored_games = check_games(tell);
    let link_shown = Memo::new(move |_| link_play.view.with(Option::is_some));
    // The game the top bar names (title, piece style): the link screen's, else the table's.
    let header_game = Memo::new(move |_| {
        link_play
            .view
            .with(|v| v.as_ref().map(LinkView::game))
            .unwrap_or_else(|| game.get())
    });
    // What a table's part needs of the page when it opens the table (made here, not
    // in the effect below, so that they live as long as the page).
    let owner = Owner::current().unwrap_or_default();
    let shown = |kind: GameKind| -> Signal<bool> {
        Memo::new(move |_| !link_shown.get() && game.get() == Some(kind)).into()
    };
    let (hasami_shown, yonin_shown) = (shown(GameKind::Hasami), shown(GameKind::Yonin));
    let args = move |shown: Signal<bool>| OpenArgs {
        owner: owner.clone(),
        saved,
        prefs,
        shown,
    };
    // The game named in the top bar is the one whose table is needed (on screen, or
    // its display settings on the link screen).
    Effect::new(move |_| match header_game.get() {
        Some(GameKind::Hasami) => hasami.open(args(hasami_shown)),
        Some(GameKind::Yonin) => yonin.open(args(yonin_shown)),
        None => {}
    });
    let choose = move |kind: Option<GameKind>| {
        prefs.update(|p| p.game = kind);
        save_prefs();
    };
    // A share link (`#H1…`, `#Y1…`) opens its game as a shared game on its table, at
    // the page's start and whenever the fragment changes; the fragment is then removed
    // from the address bar. While its game is shown the table keeps the link for this
    // tab (`open_in_part`), so a reload shows it again, and once it is continued here
    // or closed a reload shows the table's own game.
    // A link opened in a page scrolled down (a phone): its screen from the top.
    let scroll_top = || window().scroll_to_with_x_and_y(0.0, 0.0);
    let open_fragment = move || {
        let location = window().location();
        let hash = location.hash().unwrap_or_default();
        let read = read_fragment(&hash);
        if read == Fragment::Nothing {
            return;
        }
        if let Ok(history) = window().history() {
            let url = format!(
                "{}{}",
                location.pathname().unwrap_or_default(),
                location.search().unwrap_or_default()
            );
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
        let (link_game, payload) = match read {
            Fragment::Nothing => return,
            // A game played by link (`#L2…`): its own screen, never the tables.
            Fragment::Play(payload) => {
                scroll_top();
                link_play.view.set(Some(LinkView::Arrived {
                    payload: payload.to_string(),
                }));
                return;
            }
            // Shaped like a link, of no game of this app: told; nothing changes.
            Fragment::Foreign { tag } => {
                tell(AppNotice::ForeignLink { tag });
                return;
            }
            Fragment::Share(game, payload) => (game, payload.to_string()),
        };
        scroll_top();
        link_play.view.set(None);
        match link_game {
            LinkGame::Hasami => {
                hasami.link.set(Some(payload));
                choose(Some(GameKind::Hasami));
            }
            LinkGame::Yonin => {
                yonin.link.set(Some(payload));
                choose(Some(GameKind::Yonin));
            }
        }
    };
    let arriving = window().location().hash().unwrap_or_default();
    open_fragment();
    hasami.reopen_shared();
    yonin.reopen_shared();
    // No link of a game in the address: the game by link that was on screen when the
    // page was left comes back (a reload, since the fragment was cleared once read),
    // or the choice of a seat of a link just opened, or the list of games by link.
    if link_play.view.with_untracked(Option::is_none) {
        let arriving = read_fragment(&arriving);
        let (open, arrived) = prefs.with_untracked(|p| {
            (
                p.link_to_reopen(&arriving, &stored_games),
                p.link_arrived_to_reopen(&arriving).map(str::to_owned),
            )
        });
        if let Some((game, id)) = open {
            link_play.view.set(Some(LinkView::Open {
                game,
                id,
                note: None,
                extend: None,
            }));
        } else if let Some(payload) = arrived {
            link_play.view.set(Some(LinkView::Arrived { payload }));
        } else if prefs.with_untracked(|p| p.link_list_to_reopen(&arriving)) {
            link_play.view.set(Some(LinkView::List));
        }
    }
    // Which game by link (or which link's choice of a seat, or the list of games by
    // link) is on screen is kept with the preferences, for that reload.
    Effect::new(move |_| {
        let (open, arrived, list) = link_play.view.with(|v| match v {
            Some(LinkView::Open { game, id, .. }) => (Some((*game, id.clone())), None, false),
            Some(LinkView::Seat { payload, .. } | LinkView::Arrived { payload }) => {
                (None, Some(payload.clone()), false)
            }
            Some(LinkView::List) => (None, None, true),
            _ => (None, None, false),
        });
        if prefs.with_untracked(|p| {
            p.link_open != open || p.link_arrived != arrived || p.link_list != list
        }) {
            prefs.update(|p| {
                p.link_open = open;
                p.link_arrived = arrived;
                p.link_list = list;
            });
            save_prefs();
        }
    });
    let listener = window_event_listener_untyped("hashchange", move |_| open_fragment());
    on_cleanup(move || listener.remove());

    let title = move || match header_game.get() {
        Some(GameKind::Hasami) => t_string!(i18n, app_title).to_string(),
        Some(GameKind::Yonin) => t_string!(i18n, yonin_title).to_string(),
        None => t_string!(i18n, app_name).to_string(),
    };
    let your_move = move || match (!link_shown.get()).then(|| game.get()).flatten() {
        Some(GameKind::Hasami) => hasami.face(|f| f.your_move.get()).flatten(),
        Some(GameKind::Yonin) => yonin.face(|f| f.your_move.get()).flatten(),
        None => None,
    };
    // The tab's title names the game, says first when a person is to move (seen from
    // another tab while the CPU thinks) and follows the language.
    // A memo: the table changes at every tick of its clock, the title only with a turn.
    // The notices of the table on screen, once it is open.
    let table_notices = Signal::derive(move || match game.get() {
        Some(GameKind::Hasami) => hasami.face(|f| f.notices.clone()),
        Some(GameKind::Yonin) => yonin.face(|f| f.notices.clone()),
        None => None,
    });
    let tab_title = Memo::new(move |_| match your_move() {
        Some(turn) => format!("{turn} · {}", title()),
        None => title(),
    });
    Effect::new(move |_| document().set_title(&tab_title.get()));

    view! {
        <div class="app">
            <header class="topbar">
                <h1>
                    <span class="logo" aria-hidden="true">
                        <span class="dot black"></span>
                        <span class="dot white"></span>
                        <span class="dot black"></span>
                    </span>
                    <span data-testid="title">{title}</span>
                </h1>
                <div class="topbar-tools">
                    // Beside a table or the games by link: back to the choice of a game.
                    <Show when=move || game.get().is_some() || link_shown.get()>
                        <button
                            type="button"
                            class="btn small"
                            data-testid="games"
                            on:click=move |_| {
                                link_play.view.set(None);
                                choose(None);
                                // The button goes with the table: the focus goes to
                                // the first game rather than to the page body.
                                set_timeout(
                                    || {
                                        if let Ok(Some(card)) =
                                            document().query_selector(".choices .game-card")
                                            && let Ok(card) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(card)
                                        {
                                            let _ = card.focus();
                                        }
                                    },
                                    std::time::Duration::ZERO,
                                );
                            }
                        >
                            {t!(i18n, games)}
                        </button>
                    </Show>
                    <label class="lang">
                        <span class="lang-label">{t!(i18n, language)}</span>
                        <select
                            data-testid="lang"
                            aria-label=move || t_string!(i18n, language).to_string()
                            on:change=on_lang
                        >
                            {lang_names
                                .into_iter()
                                .map(|(code, name)| {
                                    view! {
                                        <option
                                            value=code
                                            selected=move || i18n.get_locale().as_str() == code
                                        >
                                            {name}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                    <label class="lang">
                        <span class="lang-label">{t!(i18n, theme)}</span>
                        <select
                            data-testid="theme"
                            aria-label=move || t_string!(i18n, theme).to_string()
                            on:change=on_theme
                        >
                            {Theme::ALL
                                .into_iter()
                                .map(|t| {
                                    view! {
                                        <option value=t.code() selected=move || theme.get() == t>
                                            {move || theme_name(t)}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                    {move || match header_game.get() {
                        Some(GameKind::Hasami) => hasami.face(|f| f.piece_style.clone()),
                        Some(GameKind::Yonin) => yonin.face(|f| f.piece_style.clone()),
                        None => None,
                    }
                        .map(|select| select.run())}
                    <PreferencesMenu prefs=prefs on_change=Callback::new(move |()| save_prefs()) />
                </div>
            </header>
            <NoticeList app=app_notices table=table_notices updates=updates />
            {move || match (link_shown.get(), game.get()) {
                (true, _) => lazy_view(load_link_screen(), move || lazy_link_screen(link_play)),
                (false, Some(GameKind::Hasami)) => (move || hasami.face(|f| f.frame.clone()).map(|f| f.run())).into_any(),
                (false, Some(GameKind::Yonin)) => (move || yonin.face(|f| f.frame.clone()).map(|f| f.run())).into_any(),
                (false, None) => {
                    // Read when the choice is shown: games by link arrive in any tab.
                    let link_games = !load_games().games.is_empty();
                    let open_list = Callback::new(move |()| link_play.view.set(Some(LinkView::List)));
                    view! { <GameChoice on_choose=Callback::new(move |k| choose(Some(k))) link_games open_list /> }.into_any()
                }
            }}
            <footer>{t!(i18n, footer)}</footer>
        </div>
    }
}

/// The saved preferences: the language (else the browser's, leptos_i18n's default),
/// the game last played, the theme, sound, motion and confirm moves. Read field by
/// field: a damaged value takes its default with a notice (`tell`), the others are
/// kept ([`crate::session::app`]).
fn load_preferences(
    tell: impl Fn(AppNotice) + Copy,
    saved: Callback<Result<(), StorageError>>,
) -> Preferences {
    let stored = store::read(keys::PREFERENCES).ok().flatten();
    match stored.as_deref() {
        None => Preferences::default(),
        Some(text) => {
            let (prefs, problems) = Preferences::read(text);
            let kept = !problems.is_empty() && store::keep_aside(keys::PREFERENCES, text);
            // What could be read is saved back (with the defaults for the rest), so the
            // next visit is clean; a newer version's preferences are left alone.
            let newer = problems.iter().any(|p| {
                matches!(
                    p,
                    PreferencesProblem::Unreadable(LoadError::UnknownVersion(_))
                )
            });
            if !problems.is_empty() && !newer {
                saved.run(store::write(keys::PREFERENCES, &prefs.encode()));
            }
            for problem in problems {
                tell(AppNotice::PreferencesUnreadable {
                    topic: problem.topic(),
                    error: problem.error().clone(),
                    kept,
                });
            }
            prefs
        }
    }
}

/// The piece style of the game on screen in the top bar (`data-testid="piece-set"`):
/// Hasami's marks or shogi pawns (歩 と), Yonin's kanji or letters (the same setting
/// as Yonin's `set-pieces` in its settings panel), and beside it what a name cannot draw
/// (Hasami's marks: [`Screen::style_swatch`]). Saved with the game's table.
fn piece_style_select<G: Screen>(table: RwSignal<Table<G>>) -> impl IntoView {
    let i18n = use_i18n();
    let on_change = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        if let Some(&style) = G::PieceStyle::ALL.iter().find(|s| s.code() == code) {
            edit_settings(table, |s| s.pieces = style);
        }
    };
    view! {
        <label class="lang piece-set">
            <span class="lang-label">{t!(i18n, piece_style)}</span>
            <select
                data-testid="piece-set"
                aria-label=move || t_string!(i18n, piece_style).to_string()
                on:change=on_change
            >
                {G::PieceStyle::ALL
                    .iter()
                    .map(|&style| {
                        let selected = move || table.with(|t| t.settings().pieces == style);
                        view! {
                            <option value=style.code() selected=selected>
                                {move || G::style_name(i18n, style)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            {move || G::style_swatch(table.with(|t| t.settings().pieces))}
        </label>
    }
}

/// The choice of a game, shown when the app opens with no game last played; with the
/// games by link (`open_list`) when this device holds any (`link_games`).
#[component]
fn GameChoice(
    on_choose: Callback<GameKind>,
    link_games: bool,
    open_list: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="choice">
            <h2>{t!(i18n, choose_game)}</h2>
            <div class="choices">
                <button type="button" class="game-card" data-testid="game-hasami" on:click=move |_| on_choose.run(GameKind::Hasami)>
                    <span class="game-name">{t!(i18n, app_title)}</span>
                    <span class="game-blurb">{t!(i18n, hasami_blurb)}</span>
                </button>
                <button type="button" class="game-card" data-testid="game-yonin" on:click=move |_| on_choose.run(GameKind::Yonin)>
                    <span class="game-name">{t!(i18n, yonin_title)}</span>
                    <span class="game-blurb">{t!(i18n, yonin_blurb)}</span>
                </button>
                {link_games.then(|| view! {
                    <button type="button" class="game-card" data-testid="game-links" on:click=move |_| open_list.run(())>
                        <span class="game-name">{t!(i18n, link_games)}</span>
                        <span class="game-blurb">{t!(i18n, link_games_blurb)}</span>
                    </button>
                })}
            </div>
        </section>
    }
}

// What the page loads when first needed ([`super::lazy`]).

/// The games played by link ([`link_screen`]), loaded when first opened.
#[wasm_split(link_screen, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_link_screen))]
fn lazy_link_screen(lp: LinkPlay) -> Result<AnyView, LoadFailed> {
    Ok(link_screen(lp).into_any())
}

/// A game's table once open: its controller and what the page draws of it, all made
/// by the game's part (`open_in_part`).
pub struct Opened<G: TableGame> {
    /// The table's controller.
    pub table: RwSignal<Table<G>>,
    face: Face,
}

impl<G: TableGame> Clone for Opened<G> {
    fn clone(&self) -> Self {
        Opened {
            table: self.table,
            face: self.face.clone(),
        }
    }
}

/// What the page draws of an open table, made in its part: the page reaches the
/// table's code only through these.
#[derive(Clone)]
struct Face {
    /// The table ([`table_frame`]).
    frame: ViewFn,
    /// Its piece style in the top bar ([`piece_style_select`]).
    piece_style: ViewFn,
    /// Its notices ([`table_notices`]).
    notices: ViewFn,
    /// "Your move" when a person is to move ([`your_move_text`]), for the tab's title.
    your_move: Signal<Option<String>>,
}

/// What a table's part needs of the page to open the table.
pub struct OpenArgs {
    /// The shell's owner: the table and its effects belong to the page, not to the
    /// place that first needed it.
    owner: Owner,
    /// Hears every save.
    saved: Callback<Result<(), StorageError>>,
    /// The preferences (sound, confirm moves).
    prefs: RwSignal<Preferences>,
    /// Whether the table is on screen (only then its clock runs and its CPU thinks).
    shown: Signal<bool>,
}

/// The table of game `G`: empty until it is first needed, then open for the life of
/// the page (`TableSlot::open`).
pub struct TableSlot<G: TableGame> {
    opened: RwSignal<Option<Opened<G>>>,
    /// A share link's payload waiting to be opened on the table (when it is open).
    link: RwSignal<Option<String>>,
    asked: StoredValue<bool>,
}

impl<G: TableGame> Clone for TableSlot<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: TableGame> Copy for TableSlot<G> {}

impl<G: OpensTable> TableSlot<G> {
    fn new() -> Self {
        TableSlot {
            opened: RwSignal::new(None),
            link: RwSignal::new(None),
            asked: StoredValue::new(false),
        }
    }

    /// Opens the table, once: loads its part, which opens it. A part that cannot be
    /// loaded shows the page's "could not load" screen ([`tell_load_failure`]).
    fn open(self, args: OpenArgs) {
        if self.asked.get_value() {
            return;
        }
        self.asked.set_value(true);
        let link = self.link;
        leptos::task::spawn_local(async move {
            match G::open(args, link).await {
                Ok(opened) => self.opened.set(Some(opened)),
                Err(LoadFailed) => tell_load_failure(),
            }
        });
    }
}

impl<G: TableGame> TableSlot<G> {
    /// At the page's start: the shared game this tab showed at the table when the page
    /// was left (a reload; its link was kept, `open_in_part`) is opened again, unless a
    /// share link of this game has just arrived in the address.
    fn reopen_shared(self) {
        if self.link.with_untracked(Option::is_none)
            && let Some(payload) = store::tab_read(G::SHARED_KEY)
        {
            self.link.set(Some(payload));
        }
    }

    /// The table's controller, once open (tracked).
    pub fn table(self) -> Option<RwSignal<Table<G>>> {
        self.opened.with(|o| o.as_ref().map(|o| o.table))
    }

    /// `f` of what the page draws of the table, once open (tracked).
    fn face<T>(self, f: impl FnOnce(&Face) -> T) -> Option<T> {
        self.opened.with(|o| o.as_ref().map(|o| f(&o.face)))
    }
}

/// A game whose table is opened by a part of its own.
pub trait OpensTable: Screen + driver::PageCpu {
    /// Loads the game's part and opens its table there (`open_in_part`); the share
    /// link in `link` is opened on it. [`LoadFailed`] when the part could not be loaded.
    fn open(
        args: OpenArgs,
        link: RwSignal<Option<String>>,
    ) -> Pin<Box<dyn Future<Output = Result<Opened<Self>, LoadFailed>>>>;
}

impl OpensTable for hasami::Game {
    fn open(
        args: OpenArgs,
        link: RwSignal<Option<String>>,
    ) -> Pin<Box<dyn Future<Output = Result<Opened<Self>, LoadFailed>>>> {
        Box::pin(hasami_table(args, link))
    }
}

impl OpensTable for yonin::Game {
    fn open(
        args: OpenArgs,
        link: RwSignal<Option<String>>,
    ) -> Pin<Box<dyn Future<Output = Result<Opened<Self>, LoadFailed>>>> {
        Box::pin(yonin_table(args, link))
    }
}

/// Opens the table of game `G` in the shell's owner, in `G`'s part: reads the saved
/// game ([`driver::use_table`]), follows the preferences (sound, confirm moves) and
/// whether it is shown, opens each share link put in `link`, and makes its [`Face`].
fn open_in_part<G: Screen + driver::PageCpu>(
    args: OpenArgs,
    link: RwSignal<Option<String>>,
) -> Opened<G> {
    let OpenArgs {
        owner,
        saved,
        prefs,
        shown,
    } = args;
    owner.with(|| {
        let i18n = use_i18n();
        let table = driver::use_table::<G>(saved);
        sound_moves(table, prefs);
        // Confirm moves: the table holds a chosen move until it is confirmed.
        let confirm_move = Memo::new(move |_| prefs.with(|p| p.confirm_move));
        Effect::new(move |_| {
            let on = confirm_move.get();
            table.update(|t| t.set_confirm_moves(on));
        });
        Effect::new(move |_| {
            let on = shown.get();
            table.update(|t| t.set_shown(on));
        });
        Effect::new(move |_| {
            if let Some(payload) = link.get() {
                link.set(None);
                table.update(|t| t.open_link(&payload));
            }
        });
        // The link of the shared game shown is kept for this tab, so that a reload
        // shows it again (its fragment was removed from the address); the shell opens
        // it at the page's start ([`reopen_shared`]).
        let shared_link = Memo::new(move |_| table.with(|t| t.shared_link().map(str::to_owned)));
        Effect::new(move |_| match shared_link.get() {
            Some(payload) => store::tab_write(G::SHARED_KEY, &payload),
            None => store::tab_remove(G::SHARED_KEY),
        });
        Opened {
            table,
            face: Face {
                frame: ViewFn::from(move || table_frame(table)),
                piece_style: ViewFn::from(move || piece_style_select(table)),
                notices: ViewFn::from(move || table_notices(table)),
                your_move: Memo::new(move |_| table.with(|t| your_move_text(i18n, t, false)))
                    .into(),
            },
        }
    })
}

/// The Hasami table, opened when first needed ([`open_in_part`]).
#[wasm_split(hasami_table, wasm_split_path = ::leptos::wasm_split, fallible)]
fn hasami_table(
    args: OpenArgs,
    link: RwSignal<Option<String>>,
) -> Result<Opened<hasami::Game>, LoadFailed> {
    Ok(open_in_part(args, link))
}

/// The Yonin table, opened when first needed ([`open_in_part`]).
#[wasm_split(yonin_table, wasm_split_path = ::leptos::wasm_split, fallible)]
fn yonin_table(
    args: OpenArgs,
    link: RwSignal<Option<String>>,
) -> Result<Opened<yonin::Game>, LoadFailed> {
    Ok(open_in_part(args, link))
}

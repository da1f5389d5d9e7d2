//! The app's page: the top bar (title, games, language, theme, piece style,
//! preferences), the notices, and the table of the game on screen or the choice of a
//! game. It owns both tables and the preferences.

use super::i18n::{Locale, t, t_string, use_i18n};
use super::lazy::{LoadFailed, lazy_view};
use super::link_play::{LinkPlay, LinkView, link_screen, load_games, opened};
use super::notices::{AppNotice, NoticeList};
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
use crate::session::table::{PieceStyleChoice, Table};
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use leptos_i18n::Locale as _;

/// The whole page: it opens both tables ([`driver::use_table`]), reads the
/// preferences, and shows the table of the game last played or the choice of a game.
#[component]
pub fn Shell() -> impl IntoView {
    let i18n = use_i18n();
    let app_notices = RwSignal::new(Notices::<AppNotice>::default());
    // Every save (both tables, the preferences) is told to one notice.
    let saved = Callback::new(move |result: Result<(), StorageError>| {
        app_notices.update(|n| n.save_done(result, driver::now_ms()));
    });
    let hasami = driver::use_table::<hasami::Game>(saved);
    let yonin = driver::use_table::<yonin::Game>(saved);
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
    sound_moves(hasami, prefs);
    sound_moves(yonin, prefs);
    // Confirm moves: both tables hold a chosen move until it is confirmed.
    let confirm_move = Memo::new(move |_| prefs.with(|p| p.confirm_move));
    Effect::new(move |_| {
        let on = confirm_move.get();
        hasami.update(|t| t.set_confirm_moves(on));
        yonin.update(|t| t.set_confirm_moves(on));
    });
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
    };
    provide_context(link_play);
    let link_shown = Memo::new(move |_| link_play.view.with(Option::is_some));
    // The game the top bar names (title, piece style): the link screen's, else the table's.
    let header_game = Memo::new(move |_| {
        link_play
            .view
            .with(|v| v.as_ref().map(LinkView::game))
            .unwrap_or_else(|| game.get())
    });
    Effect::new(move |_| {
        let shown = game.get();
        let table = !link_shown.get();
        hasami.update(|t| t.set_shown(table && shown == Some(GameKind::Hasami)));
        yonin.update(|t| t.set_shown(table && shown == Some(GameKind::Yonin)));
    });
    let choose = move |kind: Option<GameKind>| {
        prefs.update(|p| p.game = kind);
        save_prefs();
    };
    // A share link (`#H1…`, `#Y1…`) opens its game as a shared game on its table, at
    // the page's start and whenever the fragment changes; the fragment is then removed
    // from the address bar, so a reload does not open it again.
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
                link_play.view.set(Some(opened(payload)));
                return;
            }
            // Shaped like a link, of no game of this app: told; nothing changes.
            Fragment::Foreign { tag } => {
                tell(AppNotice::ForeignLink { tag });
                return;
            }
            Fragment::Share(game, payload) => (game, payload.to_string()),
        };
        link_play.view.set(None);
        match link_game {
            LinkGame::Hasami => {
                choose(Some(GameKind::Hasami));
                hasami.update(|t| t.open_link(&payload));
            }
            LinkGame::Yonin => {
                choose(Some(GameKind::Yonin));
                yonin.update(|t| t.open_link(&payload));
            }
        }
    };
    open_fragment();
    // No link in the address: the game by link that was on screen when the page was
    // left comes back (a reload, since the fragment was cleared once read).
    if link_play.view.with_untracked(Option::is_none)
        && let Some((game, id)) = prefs.with_untracked(|p| p.link_to_reopen(&load_games()))
    {
        link_play.view.set(Some(LinkView::Open {
            game,
            id,
            note: None,
            extend: None,
        }));
    }
    // Which game by link is on screen is kept with the preferences, for that reload.
    Effect::new(move |_| {
        let open = link_play.view.with(|v| match v {
            Some(LinkView::Open { game, id, .. }) => Some((*game, id.clone())),
            _ => None,
        });
        if prefs.with_untracked(|p| p.link_open != open) {
            prefs.update(|p| p.link_open = open);
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
        Some(GameKind::Hasami) => hasami.with(|t| your_move_text(i18n, t, false)),
        Some(GameKind::Yonin) => yonin.with(|t| your_move_text(i18n, t, false)),
        None => None,
    };
    // The tab's title names the game, says first when a person is to move (seen from
    // another tab while the CPU thinks) and follows the language.
    // A memo: the table changes at every tick of its clock, the title only with a turn.
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
                    <Show when=move || game.get().is_some()>
                        <button
                            type="button"
                            class="btn small"
                            data-testid="games"
                            on:click=move |_| choose(None)
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
                        Some(GameKind::Hasami) => Some(piece_style_select(hasami).into_any()),
                        Some(GameKind::Yonin) => Some(piece_style_select(yonin).into_any()),
                        None => None,
                    }}
                    <PreferencesMenu prefs=prefs on_change=Callback::new(move |()| save_prefs()) />
                </div>
            </header>
            <NoticeList app=app_notices hasami=hasami yonin=yonin game=game updates=updates />
            {move || match (link_shown.get(), game.get()) {
                (true, _) => lazy_view(load_link_screen(), move || lazy_link_screen(link_play)),
                (false, Some(GameKind::Hasami)) => lazy_view(load_hasami_table(), move || hasami_table(hasami)),
                (false, Some(GameKind::Yonin)) => lazy_view(load_yonin_table(), move || yonin_table(yonin)),
                (false, None) => view! { <GameChoice on_choose=Callback::new(move |k| choose(Some(k))) /> }.into_any(),
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
                    field: match problem {
                        PreferencesProblem::Unreadable(_) => None,
                        PreferencesProblem::Field { field, .. } => Some(field),
                    },
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
/// as Yonin's `set-pieces` in its settings panel). Saved with the game's table.
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
        </label>
    }
}

/// The choice of a game, shown when the app opens with no game last played.
#[component]
fn GameChoice(on_choose: Callback<GameKind>) -> impl IntoView {
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

/// The Hasami table ([`table_frame`]), loaded when first shown.
#[wasm_split(hasami_table, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_hasami_table))]
fn hasami_table(table: RwSignal<Table<hasami::Game>>) -> Result<AnyView, LoadFailed> {
    Ok(table_frame(table).into_any())
}

/// The Yonin table ([`table_frame`]), loaded when first shown.
#[wasm_split(yonin_table, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_yonin_table))]
fn yonin_table(table: RwSignal<Table<yonin::Game>>) -> Result<AnyView, LoadFailed> {
    Ok(table_frame(table).into_any())
}

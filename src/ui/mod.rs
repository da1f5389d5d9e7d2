//! The browser UI (Leptos, client-side rendered). Components draw what the session
//! types of [`crate::session`] hold; effects only touch the outside world (storage,
//! timers, the CPU's turn).

pub mod board;
pub mod driver;
pub mod hasami;
pub mod rules;
pub mod sound;
pub mod store;
pub mod update;
pub mod widgets;
pub mod worker;
pub mod yonin;

use crate::session::app::{GameKind, LANGUAGES, Motion, Preferences, PreferencesProblem, Theme};
use crate::session::feedback::{self, MoveMotion};
use crate::session::notice::Notices;
use crate::session::storage::{LoadError, keys};
use crate::session::table::{MoveFeedback, Table, TableGame, TableNotice};
use leptos::prelude::*;
use leptos_i18n::Locale as _;

/// Translations: `build.rs` turns `src/ui/locales/*.json` into one leptos_i18n
/// `declare_locales!` call (keys checked: a missing or extra key in any language fails
/// the build).
#[allow(missing_docs, reason = "generated code")]
mod translations {
    include!(concat!(env!("OUT_DIR"), "/translations.rs"));
}
use translations::i18n;

use i18n::{I18nContextProvider, Locale, t, t_string, use_i18n};

/// What the app (outside a table) tells the player.
#[derive(Clone, Debug, PartialEq)]
pub enum AppNotice {
    /// The saved preferences, or one of them, could not be read; the default is used
    /// for what could not be read, the rest is kept.
    PreferencesUnreadable {
        /// The preference that was damaged (`locale`, `game`, `theme`), or `None` when
        /// the whole value was unreadable.
        field: Option<&'static str>,
        /// Why.
        error: LoadError,
        /// Whether the unreadable text was copied aside (under `KEY/unreadable`).
        kept: bool,
    },
    /// The language choice could not be saved.
    SaveFailed,
}

/// The app's preferences, provided by the shell to the components below it (the
/// tables read the motion choice).
#[derive(Clone, Copy)]
struct PrefsContext(RwSignal<Preferences>);

/// The player's motion choice (animated unless the preferences say instant; animated
/// when there is no shell, as in a test of one component).
fn use_motion() -> Signal<Motion> {
    let prefs = use_context::<PrefsContext>().map(|c| c.0);
    Signal::derive(move || prefs.map_or(Motion::Animated, |p| p.with(|p| p.motion)))
}

/// Whether the system asks for reduced motion (`prefers-reduced-motion: reduce`);
/// false when the browser cannot tell.
fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The square whose piece the board animates for the last move made on this page, and
/// how ([`board::Arrive`]); `None` when there is nothing to animate, the player chose
/// instant moves, or the system asks for reduced motion.
fn arrival(
    feedback: Option<MoveFeedback>,
    motion: Motion,
) -> Option<(crate::engine::Square, board::Arrive)> {
    let f = feedback?;
    match f.motion.shown(motion, reduced_motion()) {
        MoveMotion::None => None,
        MoveMotion::Slide { from, to } => Some((
            to,
            board::Arrive {
                id: f.id,
                from: Some(from),
            },
        )),
        MoveMotion::Drop { to } => Some((
            to,
            board::Arrive {
                id: f.id,
                from: None,
            },
        )),
    }
}

/// The board's answer about a held move, forwarded to the table: play it or cancel.
fn confirm_callback<G: TableGame>(table: RwSignal<Table<G>>) -> Callback<bool> {
    Callback::new(move |play: bool| {
        table.update(|t| {
            if play {
                t.confirm_move();
            } else {
                t.cancel_move();
            }
        });
    })
}

/// The board's texts (promotion and the confirmation of a held move), translated.
fn board_texts(i18n: leptos_i18n::I18nContext<Locale>) -> Signal<board::BoardTexts> {
    Signal::derive(move || board::BoardTexts {
        question: t_string!(i18n, promote_question).to_string(),
        promote: t_string!(i18n, promote).to_string(),
        keep: t_string!(i18n, promote_keep).to_string(),
        cancel: t_string!(i18n, promote_cancel).to_string(),
        confirm_question: t_string!(i18n, confirm_question).to_string(),
        confirm: t_string!(i18n, move_confirm).to_string(),
        confirm_cancel: t_string!(i18n, move_cancel).to_string(),
    })
}

/// Plays the sound of each new move made on this page at `table`, when sound is on.
fn sound_moves<G: TableGame>(table: RwSignal<Table<G>>, prefs: RwSignal<Preferences>) {
    let latest = Memo::new(move |_| table.with(|t| t.move_feedback()));
    Effect::new(move |previous: Option<Option<u64>>| {
        let f = latest.get();
        let id = f.map(|f| f.id);
        if let (Some(f), Some(before)) = (f, previous)
            && before != id
        {
            let on = prefs.with_untracked(|p| p.sound);
            sound::play(feedback::audible(f.sound, on), f.id);
        }
        id
    });
}

/// The plural rules of the languages for leptos_i18n's plural messages: icu_plurals'
/// compiled data (see Cargo.toml for why not leptos_i18n's own).
struct PluralRulesData;

impl leptos_i18n::custom_provider::IcuDataProvider for PluralRulesData {
    fn try_new_plural_rules(
        &self,
        locale: &leptos_i18n::reexports::icu::locid::Locale,
        rule_type: icu_plurals::PluralRuleType,
    ) -> Result<icu_plurals::PluralRules, leptos_i18n::reexports::icu::provider::DataError> {
        let options = icu_plurals::PluralRulesOptions::default().with_type(rule_type);
        icu_plurals::PluralRules::try_new(locale.into(), options)
    }
}

/// Mounts the app on the page body.
pub fn mount() {
    leptos_i18n::custom_provider::set_icu_data_provider(PluralRulesData);
    leptos::mount::mount_to_body(App);
}

#[component]
fn App() -> impl IntoView {
    view! {
        <I18nContextProvider>
            <Shell />
        </I18nContextProvider>
    }
}

#[component]
fn Shell() -> impl IntoView {
    let i18n = use_i18n();
    let app_notices = RwSignal::new(Notices::<AppNotice>::default());
    let hasami = driver::use_table::<crate::engine::hasami::Game>();
    let yonin = driver::use_table::<crate::engine::yonin::Game>();
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

    // Preferences: the saved language (else the browser's, leptos_i18n's default), the
    // game last played and the theme. Read field by field: a damaged value takes its
    // default with a notice, the others are kept (session::app).
    let stored = store::read(keys::PREFERENCES).ok().flatten();
    let prefs = match stored.as_deref() {
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
                let _ = store::write(keys::PREFERENCES, &prefs.encode());
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
    };
    let saved_locale = prefs.locale.as_deref().and_then(|code| {
        Locale::get_all()
            .iter()
            .copied()
            .find(|l| l.as_str() == code)
    });
    let prefs = RwSignal::new(prefs);
    provide_context(PrefsContext(prefs));
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
        if store::available().is_ok() && store::write(keys::PREFERENCES, &text).is_err() {
            tell(AppNotice::SaveFailed);
        }
    };
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
    Effect::new(move |_| {
        let shown = game.get();
        hasami.update(|t| t.set_shown(shown == Some(GameKind::Hasami)));
        yonin.update(|t| t.set_shown(shown == Some(GameKind::Yonin)));
    });
    let choose = move |kind: Option<GameKind>| {
        prefs.update(|p| p.game = kind);
        save_prefs();
    };
    let title = move || match game.get() {
        Some(GameKind::Hasami) => t_string!(i18n, app_title).to_string(),
        Some(GameKind::Yonin) => t_string!(i18n, yonin_title).to_string(),
        None => t_string!(i18n, app_name).to_string(),
    };
    // The tab's title names the game and follows the language.
    Effect::new(move |_| document().set_title(&title()));

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
                    {move || game.get().map(|g| piece_set_select(g, hasami, yonin))}
                    <PreferencesMenu prefs=prefs on_change=Callback::new(move |()| save_prefs()) />
                </div>
            </header>
            <NoticeList app=app_notices hasami=hasami yonin=yonin game=game updates=updates />
            {move || match game.get() {
                Some(GameKind::Hasami) => view! { <hasami::HasamiTable table=hasami /> }.into_any(),
                Some(GameKind::Yonin) => view! { <yonin::YoninTable table=yonin /> }.into_any(),
                None => view! { <GameChoice on_choose=Callback::new(move |k| choose(Some(k))) /> }.into_any(),
            }}
            <footer>{t!(i18n, footer)}</footer>
        </div>
    }
}

/// The app's preferences that are not shown elsewhere: sound (`sound`, a checkbox),
/// motion (`motion`, a select: `animated`, `instant`) and *confirm moves*
/// (`confirm-move`, a checkbox), in a small menu of the top bar
/// (`data-testid="prefs"`, opened by `prefs-open`) so they never take room from the
/// board. `on_change` saves the preferences after each change. Escape or a click
/// outside closes the menu.
#[component]
fn PreferencesMenu(prefs: RwSignal<Preferences>, on_change: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let menu = NodeRef::<leptos::html::Details>::new();
    let close = move || {
        if let Some(menu) = menu.get_untracked() {
            menu.set_open(false);
        }
    };
    let outside = window_event_listener(leptos::ev::pointerdown, move |ev| {
        use wasm_bindgen::JsCast;
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
            .zip(menu.get_untracked())
            .is_some_and(|(target, menu)| menu.contains(Some(&target)));
        if !inside {
            close();
        }
    });
    on_cleanup(move || outside.remove());
    let motion_name = move |m: Motion| match m {
        Motion::Animated => t_string!(i18n, motion_animated).to_string(),
        Motion::Instant => t_string!(i18n, motion_instant).to_string(),
    };
    view! {
        <details
            class="prefs-menu"
            data-testid="prefs"
            node_ref=menu
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" && menu.get_untracked().is_some_and(|m| m.open()) {
                    ev.prevent_default();
                    close();
                }
            }
        >
            <summary
                class="btn small"
                data-testid="prefs-open"
                aria-label=move || t_string!(i18n, preferences).to_string()
                title=move || t_string!(i18n, preferences).to_string()
            >
                <span class="prefs-icon" aria-hidden="true">"⚙"</span>
                <span class="lang-label">{t!(i18n, preferences)}</span>
            </summary>
            <div class="prefs-panel">
                <label class="pref">
                    <input
                        type="checkbox"
                        data-testid="sound"
                        prop:checked=move || prefs.with(|p| p.sound)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            if on {
                                sound::unlock();
                            }
                            prefs.update(|p| p.sound = on);
                            on_change.run(());
                        }
                    />
                    <span>{t!(i18n, sound)}</span>
                </label>
                <label class="pref">
                    <span>{t!(i18n, motion)}</span>
                    <select
                        data-testid="motion"
                        on:change=move |ev| {
                            if let Some(m) = Motion::from_code(&event_target_value(&ev)) {
                                prefs.update(|p| p.motion = m);
                                on_change.run(());
                            }
                        }
                    >
                        {Motion::ALL
                            .into_iter()
                            .map(|m| {
                                view! {
                                    <option value=m.code() selected=move || prefs.with(|p| p.motion == m)>
                                        {move || motion_name(m)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="pref">
                    <input
                        type="checkbox"
                        data-testid="confirm-move"
                        prop:checked=move || prefs.with(|p| p.confirm_move)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            prefs.update(|p| p.confirm_move = on);
                            on_change.run(());
                        }
                    />
                    <span>{t!(i18n, confirm_move)}</span>
                </label>
                <p class="hint">{t!(i18n, hint_confirm_move)}</p>
            </div>
        </details>
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

/// The translated short reason for a [`LoadError`].
fn reason_text(i18n: leptos_i18n::I18nContext<Locale>, error: &LoadError) -> String {
    match error {
        LoadError::NotJson(_) => t_string!(i18n, reason_not_json),
        LoadError::NotOurs => t_string!(i18n, reason_not_ours),
        LoadError::UnknownVersion(_) => t_string!(i18n, reason_unknown_version),
        LoadError::Corrupt(_) => t_string!(i18n, reason_damaged),
    }
    .to_string()
}

/// One notice as drawn: its text, a technical detail for the tooltip, and how to
/// dismiss it.
struct NoticeLine {
    key: String,
    text: AnyView,
    detail: String,
    dismiss: Callback<()>,
}

/// The view of a table notice; `seat_name` names the seats of its game.
fn table_notice_text<S: Copy + Send + Sync + 'static>(
    i18n: leptos_i18n::I18nContext<Locale>,
    notice: TableNotice<S>,
    seat_name: fn(leptos_i18n::I18nContext<Locale>, S) -> String,
) -> (AnyView, String) {
    let detail = match &notice {
        TableNotice::Unreadable { error, .. } => error.to_string(),
        TableNotice::Newer { version } => format!("format version {version}"),
        TableNotice::CpuFailed { detail } => detail.clone(),
        _ => String::new(),
    };
    let text = match notice {
        TableNotice::Unreadable { error, kept } => {
            let reason = move || reason_text(i18n, &error);
            let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
            view! { {t!(i18n, notice_table_unreadable, reason)} {kept} }.into_any()
        }
        TableNotice::Newer { .. } => t!(i18n, notice_newer).into_any(),
        TableNotice::StorageUnavailable => t!(i18n, notice_storage_unavailable).into_any(),
        TableNotice::SaveFailed => t!(i18n, notice_save_failed).into_any(),
        TableNotice::OtherTab => t!(i18n, notice_other_tab).into_any(),
        TableNotice::Timeout { seat } => {
            t!(i18n, notice_timeout, side = move || seat_name(i18n, seat)).into_any()
        }
        TableNotice::CpuFailed { .. } => t!(i18n, notice_cpu_failed).into_any(),
        TableNotice::PiecesReset => t!(i18n, notice_pieces_reset).into_any(),
    };
    (text, detail)
}

#[component]
fn NoticeList(
    app: RwSignal<Notices<AppNotice>>,
    hasami: RwSignal<crate::session::hasami::Table>,
    yonin: RwSignal<crate::session::yonin::Table>,
    /// The game on screen: only its table's notices are shown (the other's wait).
    game: Memo<Option<GameKind>>,
    /// New builds: the offer to reload is shown above the notices.
    updates: RwSignal<crate::session::update::Updates>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Only the notices, so the list is redrawn when they change, not at every tick.
    let hasami_notices = Memo::new(move |_| hasami.with(|t| t.notices().posted().to_vec()));
    let yonin_notices = Memo::new(move |_| yonin.with(|t| t.notices().posted().to_vec()));
    let lines = move || {
        let mut lines = Vec::new();
        for posted in app.get().posted().iter().cloned() {
            let id = posted.id;
            let (text, detail) = match posted.notice {
                AppNotice::PreferencesUnreadable { field, error, kept } => {
                    let detail = error.to_string();
                    let reason = move || reason_text(i18n, &error);
                    let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
                    let text = match field {
                        Some("theme") => t!(i18n, notice_theme_unreadable, reason).into_any(),
                        Some("sound") => t!(i18n, notice_sound_unreadable, reason).into_any(),
                        Some("motion") => t!(i18n, notice_motion_unreadable, reason).into_any(),
                        Some("confirm_move") => {
                            t!(i18n, notice_confirm_unreadable, reason).into_any()
                        }
                        Some("game") => t!(i18n, notice_game_unreadable, reason).into_any(),
                        Some(_) => t!(i18n, notice_preferences_unreadable, reason).into_any(),
                        None => t!(i18n, notice_all_preferences_unreadable, reason).into_any(),
                    };
                    (view! { {text} {kept} }.into_any(), detail)
                }
                AppNotice::SaveFailed => (t!(i18n, notice_save_failed).into_any(), String::new()),
            };
            lines.push(NoticeLine {
                key: format!("app-{id}"),
                text,
                detail,
                dismiss: Callback::new(move |()| app.update(|n| n.dismiss(id))),
            });
        }
        let shown = game.get();
        let hasami_notices = if shown == Some(GameKind::Hasami) {
            hasami_notices.get()
        } else {
            Vec::new()
        };
        let yonin_notices = if shown == Some(GameKind::Yonin) {
            yonin_notices.get()
        } else {
            Vec::new()
        };
        for p in hasami_notices {
            let id = p.id;
            let (text, detail) = table_notice_text(i18n, p.notice, hasami::side_name);
            lines.push(NoticeLine {
                key: format!("hasami-{id}"),
                text,
                detail,
                dismiss: Callback::new(move |()| hasami.update(|t| t.dismiss_notice(id))),
            });
        }
        for p in yonin_notices {
            let id = p.id;
            let (text, detail) = table_notice_text(i18n, p.notice, yonin::seat_name);
            lines.push(NoticeLine {
                key: format!("yonin-{id}"),
                text,
                detail,
                dismiss: Callback::new(move |()| yonin.update(|t| t.dismiss_notice(id))),
            });
        }
        lines
            .into_iter()
            .map(|line| {
                let dismiss = line.dismiss;
                view! {
                    <div class="notice" data-testid="notice" data-key=line.key title=line.detail>
                        <span>{line.text}</span>
                        <button
                            type="button"
                            class="notice-close"
                            data-testid="notice-close"
                            aria-label=move || t_string!(i18n, dismiss).to_string()
                            title=move || t_string!(i18n, dismiss).to_string()
                            on:click=move |_| dismiss.run(())
                        >
                            "×"
                        </button>
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <div class="notices" role="status" aria-live="polite" data-testid="notices">
            <update::UpdateOffer updates=updates />
            {lines}
        </div>
    }
}

/// Writes the theme on the page's root element: `data-theme="light"` or `"dark"`, no
/// attribute to follow the system (style/main.css reads it).
fn apply_theme(theme: Theme) {
    if let Some(root) = document().document_element() {
        let _ = match theme {
            Theme::System => root.remove_attribute("data-theme"),
            chosen => root.set_attribute("data-theme", chosen.code()),
        };
    }
}

/// The piece set of the game on screen (`data-testid="piece-set"`): Hasami's marks or
/// shogi pawns (歩 と), Yonin's kanji or letters (the same setting as Yonin's
/// `set-pieces` in its settings panel). Saved with the game's table.
fn piece_set_select(
    game: GameKind,
    hasami: RwSignal<crate::session::hasami::Table>,
    yonin: RwSignal<crate::session::yonin::Table>,
) -> impl IntoView {
    let i18n = use_i18n();
    let options: Vec<(&'static str, AnyView)> = match game {
        GameKind::Hasami => crate::session::hasami::PieceStyle::ALL
            .into_iter()
            .map(|set| {
                let name = move || match set {
                    crate::session::hasami::PieceStyle::Marks => {
                        t_string!(i18n, piece_set_marks).to_string()
                    }
                    crate::session::hasami::PieceStyle::Kanji => {
                        t_string!(i18n, piece_set_pawns).to_string()
                    }
                };
                let selected = move || hasami.with(|t| t.settings().pieces == set);
                (
                    set.code(),
                    view! { <option value=set.code() selected=selected>{name}</option> }.into_any(),
                )
            })
            .collect(),
        GameKind::Yonin => crate::session::yonin::PieceStyle::ALL
            .into_iter()
            .map(|style| {
                let code = match style {
                    crate::session::yonin::PieceStyle::Kanji => "kanji",
                    crate::session::yonin::PieceStyle::Letters => "letters",
                };
                let name = move || match style {
                    crate::session::yonin::PieceStyle::Kanji => {
                        t_string!(i18n, style_kanji).to_string()
                    }
                    crate::session::yonin::PieceStyle::Letters => {
                        t_string!(i18n, style_letters).to_string()
                    }
                };
                let selected = move || yonin.with(|t| t.settings().pieces == style);
                (
                    code,
                    view! { <option value=code selected=selected>{name}</option> }.into_any(),
                )
            })
            .collect(),
    };
    let on_change = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        match game {
            GameKind::Hasami => {
                if let Some(set) = crate::session::hasami::PieceStyle::ALL
                    .into_iter()
                    .find(|s| s.code() == code)
                {
                    hasami.update(|t| {
                        let mut s = *t.settings();
                        s.pieces = set;
                        t.set_settings(s);
                    });
                }
            }
            GameKind::Yonin => {
                let style = match code.as_str() {
                    "kanji" => crate::session::yonin::PieceStyle::Kanji,
                    "letters" => crate::session::yonin::PieceStyle::Letters,
                    _ => return,
                };
                yonin.update(|t| {
                    let mut s = *t.settings();
                    s.pieces = style;
                    t.set_settings(s);
                });
            }
        }
    };
    view! {
        <label class="lang">
            <span class="lang-label">{t!(i18n, piece_style)}</span>
            <select
                data-testid="piece-set"
                aria-label=move || t_string!(i18n, piece_style).to_string()
                on:change=on_change
            >
                {options.into_iter().map(|(_, v)| v).collect_view()}
            </select>
        </label>
    }
}

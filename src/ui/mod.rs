//! The browser UI (Leptos, client-side rendered). Components draw what the session
//! types of [`crate::session`] hold; effects only touch the outside world (storage,
//! timers, the CPU's turn).

pub mod board;
pub mod driver;
pub mod hasami;
pub mod store;
pub mod widgets;

use crate::engine::hasami::Player;
use crate::session::notice::Notices;
use crate::session::storage::{self, LoadError, keys};
use crate::session::table::TableNotice;
use leptos::prelude::*;
use leptos_i18n::Locale as _;
use serde::{Deserialize, Serialize};

/// Translations, generated at compile time by leptos_i18n from `src/ui/locales/*.json`
/// (keys checked: a missing key in any language fails the build).
#[allow(missing_docs, reason = "generated code")]
mod translations {
    leptos_i18n_macro::load_locales!();
}
use translations::i18n;

use i18n::{I18nContextProvider, Locale, t, t_string, use_i18n};

/// App-wide preferences saved under [`keys::PREFERENCES`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Preferences {
    /// Locale code (`en`, `pt`, `es`, `ru`), or `None` to follow the browser.
    locale: Option<String>,
}

/// What the app (outside a table) tells the player.
#[derive(Clone, Debug, PartialEq)]
pub enum AppNotice {
    /// The saved language choice could not be read; the browser's language is used.
    PreferencesUnreadable {
        /// Why.
        error: LoadError,
        /// Whether the unreadable text was copied aside (under `KEY/unreadable`).
        kept: bool,
    },
    /// The language choice could not be saved.
    SaveFailed,
}

/// Mounts the app on the page body.
pub fn mount() {
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
    // Passing app notices go with the same monotonic clock as the tables'.
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let now = driver::now_ms();
            if app_notices.with_untracked(|n| {
                n.posted()
                    .iter()
                    .any(|p| p.expires_at.is_some_and(|at| at <= now))
            }) {
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

    // Language: the saved choice, else the browser's (leptos_i18n's default). Applied in
    // an effect, which runs after the provider's own start-up effect (that one sets the
    // browser's language and would otherwise override the saved choice).
    let stored = store::read(keys::PREFERENCES).ok().flatten();
    let saved_locale = match stored
        .as_deref()
        .map(|text| storage::decode::<Preferences>(text, storage::PREFERENCES_VERSION))
    {
        Some(Ok(Preferences { locale: Some(code) })) => {
            let found = Locale::get_all()
                .iter()
                .copied()
                .find(|l| l.as_str() == code);
            if found.is_none() {
                tell(AppNotice::PreferencesUnreadable {
                    error: LoadError::Corrupt(format!("unknown language {code:?}")),
                    kept: false,
                });
            }
            found
        }
        Some(Ok(Preferences { locale: None })) | None => None,
        Some(Err(error)) => {
            let kept = stored
                .as_deref()
                .is_some_and(|text| store::keep_aside(keys::PREFERENCES, text));
            tell(AppNotice::PreferencesUnreadable { error, kept });
            None
        }
    };
    Effect::new(move |_| {
        if let Some(locale) = saved_locale {
            i18n.set_locale(locale);
        }
    });
    // The tab's title follows the language.
    Effect::new(move |_| {
        let title = t_string!(i18n, app_title).to_string();
        document().set_title(&title);
    });
    let on_lang = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        if let Some(locale) = Locale::get_all()
            .iter()
            .copied()
            .find(|l| l.as_str() == code)
        {
            i18n.set_locale(locale);
            let text = storage::encode(
                storage::PREFERENCES_VERSION,
                &Preferences { locale: Some(code) },
            );
            // With storage off the table already says nothing is kept.
            if store::available().is_ok() && store::write(keys::PREFERENCES, &text).is_err() {
                tell(AppNotice::SaveFailed);
            }
        }
    };
    let lang_names = [
        ("en", "English"),
        ("pt", "Português"),
        ("es", "Español"),
        ("ru", "Русский"),
    ];

    view! {
        <div class="app">
            <header class="topbar">
                <h1>
                    <span class="logo" aria-hidden="true">
                        <span class="dot black"></span>
                        <span class="dot white"></span>
                        <span class="dot black"></span>
                    </span>
                    {t!(i18n, app_title)}
                </h1>
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
            </header>
            <hasami::HasamiTable table=hasami />
            <footer>{t!(i18n, footer)}</footer>
        </div>
        <NoticeList app=app_notices hasami=hasami />
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

/// The view of a table notice.
fn table_notice_text(
    i18n: leptos_i18n::I18nContext<Locale>,
    notice: TableNotice<Player>,
) -> (AnyView, String) {
    let detail = match &notice {
        TableNotice::Unreadable { error, .. } => error.to_string(),
        TableNotice::Newer { version } => format!("format version {version}"),
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
        TableNotice::Timeout { seat } => t!(
            i18n,
            notice_timeout,
            side = move || hasami::side_name(i18n, seat)
        )
        .into_any(),
    };
    (text, detail)
}

#[component]
fn NoticeList(
    app: RwSignal<Notices<AppNotice>>,
    hasami: RwSignal<crate::session::hasami::Table>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Only the notices, so the list is redrawn when they change, not at every tick.
    let table_notices = Memo::new(move |_| hasami.with(|t| t.notices().posted().to_vec()));
    let lines = move || {
        let mut lines = Vec::new();
        for posted in app.get().posted().iter().cloned() {
            let id = posted.id;
            let (text, detail) = match posted.notice {
                AppNotice::PreferencesUnreadable { error, kept } => {
                    let detail = error.to_string();
                    let reason = move || reason_text(i18n, &error);
                    let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
                    (
                        view! { {t!(i18n, notice_preferences_unreadable, reason)} {kept} }
                            .into_any(),
                        detail,
                    )
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
        for p in table_notices.get() {
            let id = p.id;
            let (text, detail) = table_notice_text(i18n, p.notice);
            lines.push(NoticeLine {
                key: format!("hasami-{id}"),
                text,
                detail,
                dismiss: Callback::new(move |()| hasami.update(|t| t.dismiss_notice(id))),
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
                            aria-label=move || t_string!(i18n, dismiss).to_string()
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
        <div class="notices" role="status" aria-live="polite">
            {lines}
        </div>
    }
}

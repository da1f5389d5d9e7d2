//! The browser UI (Leptos, client-side rendered). Components draw what the session
//! types of [`crate::session`] hold; effects only touch the outside world (storage,
//! timers, the CPU's turn).

pub mod board;
pub mod hasami;
pub mod store;

use crate::engine::hasami::Player;
use crate::session::storage::{LoadError, keys};
use leptos::prelude::*;
use leptos_i18n::Locale as _;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Translations, generated at compile time by leptos_i18n from `src/ui/locales/*.json`
/// (keys checked: a missing key in any language fails the build).
#[allow(missing_docs, reason = "generated code")]
mod translations {
    leptos_i18n_macro::load_locales!();
}
use translations::i18n;

use i18n::{I18nContextProvider, Locale, t, t_string, use_i18n};

/// How long a passing notice (time-out, another tab) stays on screen.
const TRANSIENT_NOTICE: Duration = Duration::from_secs(8);

/// App-wide preferences saved under [`keys::PREFERENCES`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Preferences {
    /// Locale code (`en`, `pt`, `es`, `ru`), or `None` to follow the browser.
    locale: Option<String>,
}

/// What was stored under a key and could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The Hasami game and seating; a new game was started.
    Table,
    /// The Hasami settings; the defaults are used.
    Settings,
    /// The language choice; the browser's language is used.
    Preferences,
}

/// Something the app tells the player (a dismissible notice).
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Stored data could not be read.
    Unreadable {
        /// Which data.
        what: Stored,
        /// Why.
        error: LoadError,
        /// Whether the unreadable text was copied aside (under `KEY/unreadable`).
        kept: bool,
    },
    /// Saving on the device failed (storage full or disabled).
    SaveFailed,
    /// Another tab changed the table; this one now shows it.
    OtherTab,
    /// The time per move ran out and the CPU moved for a person (RULES H5.1).
    Timeout {
        /// The side the CPU moved for.
        side: Player,
    },
}

impl Notice {
    /// Whether the notice goes away by itself after [`TRANSIENT_NOTICE`].
    fn transient(&self) -> bool {
        matches!(self, Notice::OtherTab | Notice::Timeout { .. })
    }
}

/// The notices on screen, newest last.
#[derive(Clone, Copy)]
pub struct Notices(pub RwSignal<Vec<Notice>>);

impl Notices {
    /// Shows `notice` (once: an identical one already shown is not repeated).
    /// Passing notices go away by themselves.
    pub fn push(self, notice: Notice) {
        let list = self.0;
        list.update(|l| {
            l.retain(|n| n != &notice);
            l.push(notice.clone());
        });
        if notice.transient() {
            set_timeout(
                move || list.update(|l| l.retain(|n| n != &notice)),
                TRANSIENT_NOTICE,
            );
        }
    }
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
    let notices = Notices(RwSignal::new(Vec::new()));
    provide_context(notices);

    // Language: the saved choice, else the browser's (leptos_i18n's default). Applied in
    // an effect, which runs after the provider's own start-up effect (that one sets the
    // browser's language and would otherwise override the saved choice).
    let saved_locale = match store::load::<Preferences>(keys::PREFERENCES) {
        store::Loaded::Found(Preferences { locale: Some(code) }) => {
            let found = Locale::get_all()
                .iter()
                .copied()
                .find(|l| l.as_str() == code);
            if found.is_none() {
                notices.push(Notice::Unreadable {
                    what: Stored::Preferences,
                    error: LoadError::Corrupt(format!("unknown language {code:?}")),
                    kept: false,
                });
            }
            found
        }
        store::Loaded::Found(Preferences { locale: None }) | store::Loaded::Missing => None,
        store::Loaded::Unreadable { error, kept_as } => {
            notices.push(Notice::Unreadable {
                what: Stored::Preferences,
                error,
                kept: kept_as.is_some(),
            });
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
            if store::save(keys::PREFERENCES, &Preferences { locale: Some(code) }).is_err() {
                notices.push(Notice::SaveFailed);
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
            <hasami::HasamiTable />
            <footer>{t!(i18n, footer)}</footer>
        </div>
        <NoticeList />
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

#[component]
fn NoticeList() -> impl IntoView {
    let i18n = use_i18n();
    let notices = expect_context::<Notices>();
    let side_name = move |side: Player| hasami::side_name(i18n, side);
    view! {
        <div class="notices" role="status" aria-live="polite">
            {move || {
                notices
                    .0
                    .get()
                    .into_iter()
                    .map(|notice| {
                        // The technical detail stays available as a tooltip.
                        let detail = match &notice {
                            Notice::Unreadable { error, .. } => error.to_string(),
                            _ => String::new(),
                        };
                        let text = match notice.clone() {
                            Notice::Unreadable { what, error, kept } => {
                                let reason = move || reason_text(i18n, &error);
                                let first = match what {
                                    Stored::Table => {
                                        t!(i18n, notice_table_unreadable, reason).into_any()
                                    }
                                    Stored::Settings => {
                                        t!(i18n, notice_settings_unreadable, reason).into_any()
                                    }
                                    Stored::Preferences => {
                                        t!(i18n, notice_preferences_unreadable, reason).into_any()
                                    }
                                };
                                let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
                                view! { {first} {kept} }.into_any()
                            }
                            Notice::SaveFailed => t!(i18n, notice_save_failed).into_any(),
                            Notice::OtherTab => t!(i18n, notice_other_tab).into_any(),
                            Notice::Timeout { side } => {
                                t!(i18n, notice_timeout, side = move || side_name(side)).into_any()
                            }
                        };
                        view! {
                            <div class="notice" data-testid="notice" title=detail>
                                <span>{text}</span>
                                <button
                                    type="button"
                                    aria-label=move || t_string!(i18n, dismiss).to_string()
                                    on:click=move |_| {
                                        notices.0.update(|list| list.retain(|n| n != &notice))
                                    }
                                >
                                    "×"
                                </button>
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

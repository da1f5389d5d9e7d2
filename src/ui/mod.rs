//! The browser UI (Leptos, client-side rendered). Components draw what the session
//! types of [`crate::session`] hold; effects only touch the outside world (storage,
//! timers, the CPU's turn).

pub mod board;
pub mod hasami;
pub mod store;

use crate::session::storage::keys;
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

use i18n::{I18nContextProvider, Locale, t, use_i18n};

/// App-wide preferences saved under [`keys::PREFERENCES`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Preferences {
    /// Locale code (`en`, `pt`, `es`, `ru`), or `None` to follow the browser.
    locale: Option<String>,
}

/// Something the app tells the player once (a banner that can be dismissed).
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The saved Hasami game could not be read; a new game was started.
    TableUnreadable {
        /// Why (not translated: a technical detail).
        reason: String,
        /// The key the unreadable text was copied to, if it was.
        kept_as: Option<String>,
    },
    /// Saved settings could not be read; defaults are used.
    SettingsUnreadable {
        /// Why.
        reason: String,
    },
    /// The time per move ran out and the CPU moved for a person (RULES H5.1).
    Timeout {
        /// The side the CPU moved for.
        side: crate::engine::hasami::Player,
    },
}

/// The notices shown at the top of the page, newest last.
#[derive(Clone, Copy)]
pub struct Notices(pub RwSignal<Vec<Notice>>);

impl Notices {
    /// Shows `notice` (once: an identical one already shown is not repeated).
    pub fn push(self, notice: Notice) {
        self.0.update(|list| {
            list.retain(|n| n != &notice);
            list.push(notice);
        });
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
        store::Loaded::Found(Preferences { locale: Some(code) }) => Locale::get_all()
            .iter()
            .copied()
            .find(|l| l.as_str() == code),
        _ => None,
    };
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
            store::save(keys::PREFERENCES, &Preferences { locale: Some(code) });
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
                    <span>{t!(i18n, language)}</span>
                    <select data-testid="lang" on:change=on_lang>
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
            <NoticeList />
            <hasami::HasamiTable />
            <footer>{t!(i18n, footer)}</footer>
        </div>
    }
}

#[component]
fn NoticeList() -> impl IntoView {
    let i18n = use_i18n();
    let notices = expect_context::<Notices>();
    let side_name = move |side: crate::engine::hasami::Player| hasami::side_name(i18n, side);
    move || {
        notices
            .0
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, notice)| {
                let text = match notice {
                    Notice::TableUnreadable { reason, kept_as } => {
                        let first = t!(
                            i18n,
                            notice_table_unreadable,
                            reason = move || reason.clone()
                        );
                        let kept = kept_as.map(|key| {
                            view! { " " {t!(i18n, notice_kept, key = move || key.clone())} }
                        });
                        view! { {first} {kept} }.into_any()
                    }
                    Notice::SettingsUnreadable { reason } => t!(
                        i18n,
                        notice_settings_unreadable,
                        reason = move || reason.clone()
                    )
                    .into_any(),
                    Notice::Timeout { side } => {
                        t!(i18n, notice_timeout, side = move || side_name(side)).into_any()
                    }
                };
                view! {
                    <div class="notice" role="status" data-testid="notice">
                        <span>{text}</span>
                        <button
                            type="button"
                            aria-label=move || i18n::t_string!(i18n, dismiss).to_string()
                            on:click=move |_| {
                                notices
                                    .0
                                    .update(|list| {
                                        if i < list.len() {
                                            list.remove(i);
                                        }
                                    })
                            }
                        >
                            "×"
                        </button>
                    </div>
                }
            })
            .collect_view()
    }
}

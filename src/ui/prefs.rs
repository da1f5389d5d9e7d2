//! The app's preferences in the top bar: the ⚙ menu (sound, motion, confirm moves)
//! and the page's colour theme.

use super::i18n::{t, t_string, use_i18n};
use super::sound;
use crate::session::app::{Motion, Preferences, Theme};
use leptos::prelude::*;

/// The app's preferences that are not shown elsewhere: sound (`sound`, a checkbox),
/// motion (`motion`, a select: `animated`, `instant`) and *confirm moves*
/// (`confirm-move`, a checkbox), in a small menu of the top bar
/// (`data-testid="prefs"`, opened by `prefs-open`) so they never take room from the
/// board. `on_change` saves the preferences after each change. Escape or a click
/// outside closes the menu.
#[component]
pub fn PreferencesMenu(
    /// The preferences.
    prefs: RwSignal<Preferences>,
    /// Called after each change (to save them).
    on_change: Callback<()>,
) -> impl IntoView {
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

/// Writes the theme on the page's root element: `data-theme="light"` or `"dark"`, no
/// attribute to follow the system (style/main.css reads it).
pub fn apply_theme(theme: Theme) {
    if let Some(root) = document().document_element() {
        let _ = match theme {
            Theme::System => root.remove_attribute("data-theme"),
            chosen => root.set_attribute("data-theme", chosen.code()),
        };
    }
}

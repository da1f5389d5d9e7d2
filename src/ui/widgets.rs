//! Pieces of the page both games use: modal dialogs, the confirmation question, the
//! move clock.

use super::i18n::{t, use_i18n};
use leptos::prelude::*;

/// A question a table asks before an action that cannot be taken back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Confirm {
    /// Abandon the game in progress for a new one.
    NewGame,
    /// Resign (RULES H4.3).
    Resign,
    /// Forget the statistics.
    ResetStats,
    /// Continue a shared game here, in place of the game in progress.
    ContinueShared,
    /// Load an imported game in place of the game in progress.
    LoadGame,
    /// Take back the end of a finished game, which reopens it.
    Reopen,
}

/// The move clock as drawn: `m:ss`, marked low under 10 s (`data-testid="clock"`).
pub fn clock_view(ms: f64) -> impl IntoView {
    let secs = (ms / 1000.0).ceil() as u32;
    let low = secs <= 10;
    view! {
        <span class=if low { "clock low" } else { "clock" } data-testid="clock">
            {format!("{}:{:02}", secs / 60, secs % 60)}
        </span>
    }
}

thread_local! {
    /// The last control focused outside a dialog ([`track_focus`]).
    static LAST_FOCUS: std::cell::RefCell<Option<web_sys::HtmlElement>> =
        const { std::cell::RefCell::new(None) };
}

/// Whether `el` is inside a dialog's overlay.
fn in_dialog(el: &web_sys::Element) -> bool {
    el.closest(".overlay").ok().flatten().is_some()
}

/// Focuses `el` without scrolling the page (a starting point for Tab, not a move of
/// the player's view).
pub(crate) fn focus_in_place(el: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}

/// Whether the focus is on nothing or on the page body.
pub(crate) fn focus_lost() -> bool {
    document()
        .active_element()
        .is_none_or(|a| document().body().is_some_and(|b| *b == a))
}

/// Follows the focus for [`Modal`], for the life of the page: the last control focused
/// outside a dialog is the one a dialog gives the focus back to when the focus had
/// already left it as the dialog opened. Called once, by the shell.
pub fn track_focus() {
    use wasm_bindgen::JsCast;
    // Kept for the life of the page (never removed).
    let _listener = window_event_listener(leptos::ev::focusin, |ev| {
        if let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            .filter(|el| !in_dialog(el))
        {
            LAST_FOCUS.with(|f| *f.borrow_mut() = Some(el));
        }
    });
}

/// A modal dialog: takes the focus when it opens (the control marked `data-autofocus`,
/// else its first button), shown from its top, and answers Escape with `on_escape`. The page behind is made
/// inert by the caller. Its accessible name is its title, the child with the id
/// `TESTID-title`, and its description the child with the id `TESTID-text`
/// ([`modal_ids`]).
///
/// The focus stays in the dialog: a press on the backdrop does not take it (and one
/// on the dialog's text gives it to the dialog itself), Tab and Shift+Tab go round
/// its controls, and Escape pressed while the focus is on the page body anyway still
/// closes it. When it closes, the control that had the focus before it opened gets
/// it back.
#[component]
pub fn Modal(
    /// `data-testid` of the dialog box.
    testid: &'static str,
    /// What Escape does (the dialog's "no" or "close").
    on_escape: Callback<()>,
    children: Children,
) -> impl IntoView {
    use wasm_bindgen::JsCast;
    let dialog = NodeRef::<leptos::html::Div>::new();
    // The control that had the focus when the dialog opened gets it back when it
    // closes (if it is still on the page and nothing else took the focus), as a native
    // dialog does; without it the focus fell to the page body.
    // The focus may already have left it (the table behind turns inert as the dialog
    // is asked for, before a dialog loaded with its part is made): then the last
    // control focused outside a dialog ([`track_focus`]).
    let opener = document()
        .active_element()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|e| document().body().is_none_or(|b| b != *e) && !in_dialog(e))
        .or_else(|| LAST_FOCUS.with(|f| f.borrow().clone()));
    on_cleanup(move || {
        let Some(opener) = opener else { return };
        // After the dialog has left the page (and the table its inert state).
        set_timeout(
            move || {
                if !focus_lost() || !opener.is_connected() {
                    return;
                }
                let _ = opener.focus();
                // A control the dialog disabled (Resign, once the game is over): the
                // table around it, without scrolling.
                if focus_lost()
                    && let Ok(Some(layout)) = opener.closest(".layout")
                    && let Ok(layout) = layout.dyn_into::<web_sys::HtmlElement>()
                {
                    focus_in_place(&layout);
                }
            },
            std::time::Duration::ZERO,
        );
    });
    Effect::new(move |_| {
        if let Some(el) = dialog.get()
            && let Ok(Some(button)) = el
                .query_selector("[data-autofocus]")
                .transpose()
                .or_else(|| el.query_selector("button").transpose())
                .transpose()
            && let Ok(button) = button.dyn_into::<web_sys::HtmlElement>()
        {
            let _ = button.focus();
            // A dialog taller than the window opens at its top (its title), not where
            // the focused button scrolled it.
            if let Some(el) = dialog.get_untracked() {
                el.set_scroll_top(0);
            }
        }
    });
    // Escape with the focus outside the dialog (on the body, after a press the
    // browser did not give to a control): the keydown reaches only the window.
    let listener = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() != "Escape" || ev.default_prevented() {
            return;
        }
        let inside = dialog.get_untracked().is_some_and(|d| {
            let active: Option<web_sys::Node> = document().active_element().map(Into::into);
            d.contains(active.as_ref())
        });
        if !inside {
            ev.prevent_default();
            on_escape.run(());
        }
    });
    on_cleanup(move || listener.remove());
    // Tab and Shift+Tab go round the dialog's controls.
    let wrap_tab = move |ev: &leptos::ev::KeyboardEvent| {
        let Some(d) = dialog.get_untracked() else {
            return;
        };
        let Ok(list) = d.query_selector_all(FOCUSABLE) else {
            return;
        };
        let controls: Vec<web_sys::HtmlElement> = (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
            .collect();
        let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
            return;
        };
        let active = document().active_element();
        let at = |e: &web_sys::Element| active.as_ref() == Some(e);
        let on_dialog = at(&d);
        if ev.shift_key() && (at(first) || on_dialog) {
            ev.prevent_default();
            let _ = last.focus();
        } else if !ev.shift_key() && at(last) {
            ev.prevent_default();
            let _ = first.focus();
        }
    };
    view! {
        <div
            class="overlay"
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                match ev.key().as_str() {
                    "Escape" => {
                        ev.prevent_default();
                        on_escape.run(());
                    }
                    "Tab" => wrap_tab(&ev),
                    _ => {}
                }
            }
            on:mousedown=move |ev: leptos::ev::MouseEvent| {
                // A press on the backdrop would move the focus to the page body.
                if ev.target() == ev.current_target() {
                    ev.prevent_default();
                }
            }
        >
            <div
                class="dialog"
                role="dialog"
                aria-modal="true"
                aria-labelledby=modal_ids(testid).0
                aria-describedby=modal_ids(testid).1
                tabindex="-1"
                data-testid=testid
                node_ref=dialog
            >
                {children()}
            </div>
        </div>
    }
}

/// What Tab can reach in a dialog.
const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), \
    select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";

/// The ids a [`Modal`] with the `data-testid` `testid` expects on its title and its
/// text: `TESTID-title` and `TESTID-text`.
pub fn modal_ids(testid: &str) -> (String, String) {
    (format!("{testid}-title"), format!("{testid}-text"))
}

/// Asks before abandoning a game or resigning. The safe answer ("keep playing") has
/// the focus, so Enter pressed by habit does not end the game.
#[component]
pub fn ConfirmDialog(
    /// What is asked.
    kind: Confirm,
    /// Called with `kind` on "yes".
    on_yes: Callback<Confirm>,
    /// Called on "no" (and Escape).
    on_no: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    // The safe answer: keep playing, or for a finished game and the statistics, keep
    // what is there.
    let no = match kind {
        Confirm::Reopen => t!(i18n, confirm_reopen_no).into_any(),
        Confirm::ResetStats => t!(i18n, confirm_stats_no).into_any(),
        // The shared game stays on screen, the table's game behind it.
        Confirm::ContinueShared => t!(i18n, confirm_shared_no).into_any(),
        _ => t!(i18n, confirm_no).into_any(),
    };
    let (title, text, yes) = match kind {
        Confirm::NewGame => (
            t!(i18n, confirm_new_title).into_any(),
            t!(i18n, confirm_new_text).into_any(),
            t!(i18n, confirm_yes).into_any(),
        ),
        Confirm::Resign => (
            t!(i18n, confirm_resign_title).into_any(),
            t!(i18n, confirm_resign_text).into_any(),
            t!(i18n, confirm_resign_yes).into_any(),
        ),
        Confirm::ResetStats => (
            t!(i18n, confirm_stats_title).into_any(),
            t!(i18n, confirm_stats_text).into_any(),
            t!(i18n, confirm_stats_yes).into_any(),
        ),
        Confirm::Reopen => (
            t!(i18n, confirm_reopen_title).into_any(),
            t!(i18n, confirm_reopen_text).into_any(),
            t!(i18n, confirm_reopen_yes).into_any(),
        ),
        Confirm::LoadGame => (
            t!(i18n, confirm_load_title).into_any(),
            t!(i18n, confirm_load_text).into_any(),
            t!(i18n, confirm_load_yes).into_any(),
        ),
        Confirm::ContinueShared => (
            t!(i18n, confirm_shared_title).into_any(),
            t!(i18n, confirm_shared_text).into_any(),
            t!(i18n, confirm_shared_yes).into_any(),
        ),
    };
    view! {
        <Modal testid="confirm-dialog" on_escape=on_no>
            <h2 id=modal_ids("confirm-dialog").0>{title}</h2>
            <p id=modal_ids("confirm-dialog").1>{text}</p>
            <div class="actions">
                <button type="button" class="btn primary" data-testid="confirm-yes" on:click=move |_| on_yes.run(kind)>
                    {yes}
                </button>
                <button
                    type="button"
                    class="btn"
                    data-testid="confirm-no"
                    data-autofocus="true"
                    on:click=move |_| on_no.run(())
                >
                    {no}
                </button>
            </div>
        </Modal>
    }
}

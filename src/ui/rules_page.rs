//! The rules pages, shared by both games: a button that opens the rules of the game
//! on screen, and the page's frame: one section per topic with its text and, where the
//! topic has one, a small diagram drawn by the board component in a locked, inert
//! view ([`crate::session::board::diagram_view`]). Each game's topics and texts are in
//! its own `rules_page` module.
//!
//! The page is a modal panel (`data-testid="rules"`, `role="dialog"`): the close
//! button takes the focus when it opens, Escape closes it, and the focus goes back to
//! the button that opened it. The look is in `style/rules.css`.

use super::board::{Board, BoardView};
use super::i18n::{t, t_string, use_i18n};
use crate::engine::Square;
use leptos::html;
use leptos::prelude::*;

/// The button that opens the rules (`data-testid="open-rules"`).
#[component]
pub fn RulesButton(
    /// Called when the button is pressed.
    on_open: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <button
            type="button"
            class="btn rules-open"
            data-testid="open-rules"
            aria-haspopup="dialog"
            on:click=move |_| on_open.run(())
        >
            {t!(i18n, open_rules)}
        </button>
    }
}

/// Gives the keyboard focus back to the button that opens the rules.
pub fn focus_rules_button() {
    use wasm_bindgen::JsCast;
    if let Ok(Some(el)) = document().query_selector("[data-testid=\"open-rules\"]")
        && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
    {
        let _ = el.focus();
    }
}

/// A diagram: the board in a locked, inert view (not a tab stop, no clicks), with its
/// caption.
pub fn diagram(
    topic: &'static str,
    view: Memo<BoardView>,
    caption: impl Fn() -> String + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <figure class="rules-diagram" data-testid=format!("diagram-{topic}")>
            <div class="diagram-board" inert=true>
                <Board view=view on_square=Callback::new(|_: Square| {}) label=Signal::derive(caption) />
            </div>
            <figcaption>{caption}</figcaption>
        </figure>
    }
}

/// The frame of a rules page: the dialog, its title, the close button, the contents,
/// and Escape.
pub fn rules_frame(
    title: impl Fn() -> String + Copy + Send + Sync + 'static,
    contents: Vec<(&'static str, Signal<String>)>,
    on_close: Callback<()>,
    body: AnyView,
) -> impl IntoView {
    let i18n = use_i18n();
    let close_ref = NodeRef::<html::Button>::new();
    close_ref.on_load(|el| {
        let _ = el.focus();
    });
    let close = move || {
        on_close.run(());
        // Once the table behind is no longer inert.
        request_animation_frame(focus_rules_button);
    };
    // Escape closes the page wherever the focus is (also when a click on the text has
    // left it on the body).
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            close();
        }
    });
    on_cleanup(move || handle.remove());
    let local = Signal::derive(move || t_string!(i18n, rules_local_heading).to_string());
    let links = contents
        .into_iter()
        .chain([("local", local)])
        .map(|(name, title)| {
            view! {
                <li>
                    <a href=format!("#rules-{name}")>{move || title.get()}</a>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="rules-overlay">
            <div
                class="rules-page"
                role="dialog"
                aria-modal="true"
                aria-labelledby="rules-title"
                data-testid="rules"
            >
                <header class="rules-head">
                    <h2 id="rules-title">{title}</h2>
                    <button
                        type="button"
                        class="btn small"
                        data-testid="rules-close"
                        node_ref=close_ref
                        on:click=move |_| close()
                    >
                        {t!(i18n, rules_back)}
                    </button>
                </header>
                <nav class="rules-contents" aria-label=move || t_string!(i18n, rules_contents).to_string()>
                    <ol>{links}</ol>
                </nav>
                <div class="rules-body">{body}</div>
            </div>
        </div>
    }
}

/// One section of a page: its title, the RULES number, the text, extra content and
/// the diagram.
pub fn section(
    name: &'static str,
    rule: &'static str,
    title: Signal<String>,
    text: impl IntoView + 'static,
    diagram: Option<AnyView>,
) -> impl IntoView {
    view! {
        <section class="rules-section" id=format!("rules-{name}") data-topic=name>
            <h3>
                {move || title.get()}
                <span class="rules-ref">{format!("§ {rule}")}</span>
            </h3>
            <div class="rules-text-block">{text}</div>
            {diagram}
        </section>
    }
}

/// The list of the local rules, each with its setting's name and explanation.
pub fn local_rules(items: Vec<(AnyView, AnyView)>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="rules-section" id="rules-local" data-topic="local">
            <h3>{t!(i18n, rules_local_heading)}</h3>
            <dl class="rules-local">
                {items
                    .into_iter()
                    .map(|(name, hint)| view! { <dt>{name}</dt><dd>{hint}</dd> })
                    .collect_view()}
            </dl>
        </section>
    }
}

//! The rules pages, shared by both games: a button that opens the rules of the game
//! on screen, and the page's frame: one section per topic with its text and, where the
//! topic has one, a small diagram drawn by the board component in a locked, inert
//! view ([`crate::session::board::diagram_view`]). Each game's topics and texts are in
//! its own `rules_page` module.
//!
//! The page is a modal panel (`data-testid="rules"`, `role="dialog"`): the close
//! button takes the focus when it opens, Escape closes it, and the focus goes back to
//! the button that opened it. The look is in `style/rules.css`.

use super::I18n;
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
fn diagram(
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
fn rules_frame(
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

/// One section of a page: its title, the text, extra content and the diagram. The
/// RULES number it explains is kept in `data-rule` for readers of the code and tests,
/// not shown: a player reads the section's own title.
fn section(
    name: &'static str,
    rule: &'static str,
    title: Signal<String>,
    text: impl IntoView + 'static,
    diagram: Option<AnyView>,
) -> impl IntoView {
    view! {
        <section class="rules-section" id=format!("rules-{name}") data-topic=name data-rule=rule>
            <h3>{move || title.get()}</h3>
            <div class="rules-text-block">{text}</div>
            {diagram}
        </section>
    }
}

/// The list of the local rules, each with its setting's name and explanation.
fn local_rules(items: Vec<(AnyView, AnyView)>) -> impl IntoView {
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

/// One topic of a game's rules page: its place, the RULES section it explains, its
/// translated texts and its diagram.
pub trait PageTopic: Copy + Send + Sync + 'static {
    /// How the game's pieces are drawn.
    type Style: Copy + Send + Sync + 'static;
    /// Every topic, in page order.
    const ALL: &'static [Self];
    /// A stable name: the section's `data-topic` and element id (`rules-NAME`).
    fn name(self) -> &'static str;
    /// The RULES section the topic explains, e.g. `"H3.4"`.
    fn rule(self) -> &'static str;
    /// The section's title.
    fn title(self, i18n: I18n) -> String;
    /// The section's text.
    fn text(self, i18n: I18n) -> String;
    /// The diagram's caption (empty without a diagram).
    fn caption(self, i18n: I18n) -> String;
    /// A list under the text, if the topic has one.
    fn list(self, _i18n: I18n) -> Option<AnyView> {
        None
    }
    /// The diagram in `style`, if the topic has one.
    fn diagram(self, i18n: I18n, style: Self::Style) -> Option<BoardView>;
}

/// A local rule on a rules page: the setting's name and its explanation.
pub fn local_rule(
    name: impl IntoView + 'static,
    hint: impl IntoView + 'static,
) -> (AnyView, AnyView) {
    (name.into_any(), hint.into_any())
}

/// The rules page of a game: `title`, one section per topic of `T` (pieces drawn in
/// `style`), then the local rules `local`.
pub fn rules_page<T: PageTopic>(
    title: impl Fn() -> String + Copy + Send + Sync + 'static,
    style: T::Style,
    local: Vec<(AnyView, AnyView)>,
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let contents = T::ALL
        .iter()
        .map(|&t| (t.name(), Signal::derive(move || t.title(i18n))))
        .collect();
    let sections = T::ALL
        .iter()
        .map(|&topic| {
            let board = topic.diagram(i18n, style).is_some().then(|| {
                let view = Memo::new(move |_| {
                    let _ = i18n.get_locale();
                    topic.diagram(i18n, style).unwrap_or_default()
                });
                diagram(topic.name(), view, move || topic.caption(i18n)).into_any()
            });
            section(
                topic.name(),
                topic.rule(),
                Signal::derive(move || topic.title(i18n)),
                view! {
                    <p>{move || topic.text(i18n)}</p>
                    {topic.list(i18n)}
                },
                board,
            )
        })
        .collect_view();
    let local = local_rules(local);
    rules_frame(
        title,
        contents,
        on_close,
        view! {
            {sections}
            {local}
        }
        .into_any(),
    )
}

//! The small questions asked next to a square: whether to promote, and whether to
//! play a held move.

use super::{BoardTexts, Turn};
use crate::engine::Square;
use leptos::html;
use leptos::prelude::*;

/// Where a choice next to the square at screen `row` and `col` goes: its inline style
/// (position in % of the board) and whether it is below the square (else above).
fn choice_place(row: u8, col: u8) -> (String, bool) {
    let ninth = |n: f32| n * 100.0 / 9.0;
    let mut style = if col <= 2 {
        format!("left: {:.3}%;", ninth(col as f32))
    } else if col >= 6 {
        format!("right: {:.3}%;", ninth((8 - col) as f32))
    } else {
        format!("left: {:.3}%; --shift-x: -50%;", ninth(col as f32 + 0.5))
    };
    // The choice is about 2 squares high on a wide screen, 4 on a phone.
    let below = row < 4;
    if below {
        style.push_str(&format!(" top: {:.3}%;", ninth(row as f32 + 1.0)));
    } else {
        style.push_str(&format!(" bottom: {:.3}%;", ninth((9 - row) as f32)));
    }
    (style, below)
}

/// A text of [`BoardTexts`].
type BoardText = fn(&BoardTexts) -> String;

/// A small group of buttons next to a square, each giving an answer of type `A` to
/// `on_answer`: the promotion choice or the confirmation of a held move.
struct SquareChoice<A, F, const N: usize> {
    /// The group's class; "below" or "above" is added (see [`choice_place`]).
    class: &'static str,
    /// The group's `data-testid`.
    testid: &'static str,
    /// The group's accessible name.
    question: BoardText,
    /// The buttons: class, `data-testid`, text and answer. The first one takes the focus
    /// when the group appears.
    buttons: [(&'static str, &'static str, BoardText, A); N],
    /// The answer of Escape pressed inside the group.
    escape: A,
    /// Called with the answer.
    on_answer: F,
}

/// Draws `choice` next to the square `sq` of a board turned by `turn`.
fn square_choice<A, F, const N: usize>(
    sq: Square,
    turn: Turn,
    texts: Signal<BoardTexts>,
    choice: SquareChoice<A, F, N>,
) -> impl IntoView
where
    A: Copy + Send + Sync + 'static,
    F: Fn(A) + Copy + Send + Sync + 'static,
{
    let SquareChoice {
        class,
        testid,
        question,
        buttons,
        escape,
        on_answer,
    } = choice;
    let (row, col) = turn.screen_of(sq);
    let (style, below) = choice_place(row, col);
    let mut first = true;
    let buttons = buttons.map(|(class, testid, text, answer)| {
        let node_ref = NodeRef::<html::Button>::new();
        if std::mem::take(&mut first) {
            node_ref.on_load(|el| {
                let _ = el.focus();
            });
        }
        view! {
            <button type="button" class=class data-testid=testid node_ref=node_ref on:click=move |_| on_answer(answer)>
                {move || texts.with(text)}
            </button>
        }
    });
    view! {
        <div
            class=format!("{class} {}", if below { "below" } else { "above" })
            role="group"
            aria-label=move || texts.with(question)
            data-testid=testid
            data-for=sq.to_string()
            style=style
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    ev.stop_propagation();
                    on_answer(escape);
                }
            }
        >
            {buttons}
        </div>
    }
}

/// The promotion choice for the move to `sq` (`promote-yes`, `promote-no`,
/// `promote-cancel`): `on_answer` gets `Some(true)`, `Some(false)` or `None`.
pub(super) fn promotion_choice(
    sq: Square,
    turn: Turn,
    texts: Signal<BoardTexts>,
    on_answer: impl Fn(Option<bool>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let choice = SquareChoice {
        class: "promotion",
        testid: "promotion",
        question: |t| t.question.clone(),
        buttons: [
            (
                "promote-yes",
                "promote-yes",
                |t| t.promote.clone(),
                Some(true),
            ),
            ("promote-no", "promote-no", |t| t.keep.clone(), Some(false)),
            (
                "promote-cancel",
                "promote-cancel",
                |t| t.cancel.clone(),
                None,
            ),
        ],
        escape: None,
        on_answer,
    };
    square_choice(sq, turn, texts, choice)
}

/// The confirmation of a held move to `sq` (`move-confirm`, `move-cancel`):
/// `on_answer` gets `true` to play it, `false` to cancel.
pub(super) fn confirm_choice(
    sq: Square,
    turn: Turn,
    texts: Signal<BoardTexts>,
    on_answer: impl Fn(bool) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let choice = SquareChoice {
        class: "promotion confirm",
        testid: "move-confirmation",
        question: |t| t.confirm_question.clone(),
        buttons: [
            ("promote-yes", "move-confirm", |t| t.confirm.clone(), true),
            (
                "promote-no",
                "move-cancel",
                |t| t.confirm_cancel.clone(),
                false,
            ),
        ],
        escape: false,
        on_answer,
    };
    square_choice(sq, turn, texts, choice)
}

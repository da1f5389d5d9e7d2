//! The 9×9 board component for both games. It knows no rules (like lichess's
//! chessground): what stands on each square, which marks to draw, the pieces in hand
//! and whether to ask about a promotion come in as a
//! [`crate::session::board::BoardView`], computed natively by the session
//! layer; a clicked square, hand piece or promotion choice goes out (callbacks of
//! [`Board`]), and the host decides what that click means.
//!
//! The parts: the squares and pieces (`square`), the hands (`hands`), the
//! questions asked next to a square (`choice`). The look is in `style/board.css`
//! (owner colours, seat marks, hands, promotion choice).

mod choice;
mod hands;
mod square;

pub use crate::session::board::{
    Arrive, BoardView, Edge, Facing, HandPieceView, HandView, PieceView, SquareView, Turn,
};
pub use square::piece_svg;

use crate::engine::Square;
use leptos::html;
use leptos::prelude::*;

/// Texts of the promotion choice, translated by the host.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardTexts {
    /// The question, the accessible name of the choice ("Promote?").
    pub question: String,
    /// The button that promotes (`promote-yes`).
    pub promote: String,
    /// The button that moves without promoting (`promote-no`).
    pub keep: String,
    /// The button that takes the move back (`promote-cancel`; Escape does the same).
    pub cancel: String,
    /// The accessible name of the confirmation of a held move ("Play this move?").
    pub confirm_question: String,
    /// The button that plays a held move (`move-confirm`).
    pub confirm: String,
    /// The button that cancels a held move (`move-cancel`; Escape does the same).
    pub confirm_cancel: String,
}

impl Default for BoardTexts {
    /// English.
    fn default() -> BoardTexts {
        BoardTexts {
            question: "Promote?".into(),
            promote: "Promote".into(),
            keep: "Don't promote".into(),
            cancel: "Cancel".into(),
            confirm_question: "Play this move?".into(),
            confirm: "Play".into(),
            confirm_cancel: "Cancel".into(),
        }
    }
}

/// Draws the board from `view`, with the hands around it and the promotion choice.
///
/// - Squares: each a `<button data-testid="sq-e5" data-square="e5">` in screen order
///   (top-left first) with the classes `sq` plus its marks, `aria-label` "e5" and the
///   piece's label, `aria-pressed` when selected. The board (`data-testid="board"`) is
///   one tab stop (roving tabindex); the arrow keys move between squares as seen on
///   screen, Enter or Space clicks. A click calls `on_square`.
/// - Hands: `data-testid="hand-SEAT"` groups outside the board element, each kind a
///   button `hand-SEAT-KIND`; a click calls `on_hand` with its id.
/// - Promotion: when `view.promotion` is set, buttons `promote-yes`, `promote-no` and
///   `promote-cancel` appear next to the square and take the focus; they call
///   `on_promotion` with `Some(true)`, `Some(false)` and `None` (also Escape, and a
///   press anywhere on the page outside the board, its hands and the choice).
/// - A held move: when `view.confirm` is set, buttons `move-confirm` (focused) and
///   `move-cancel` appear next to the square; they call `on_confirm` with `true` and
///   `false` (Escape cancels too).
/// - Escape in the board or its hands with a piece selected and no choice open calls
///   `on_escape`.
/// - Motion: a piece whose square has [`SquareView::arrive`] slides in from its old
///   square (or fades in, for a drop) once per move, by a CSS animation that
///   `prefers-reduced-motion: reduce` turns off.
#[component]
pub fn Board(
    /// What to draw.
    view: Memo<BoardView>,
    /// Called with the square clicked or tapped (also when locked: the host decides).
    on_square: Callback<Square>,
    /// Called with [`HandPieceView::id`] of the hand piece clicked.
    #[prop(optional)]
    on_hand: Option<Callback<u32>>,
    /// Called with the promotion choice: `Some(true)` promote, `Some(false)` don't,
    /// `None` cancel the move.
    #[prop(optional)]
    on_promotion: Option<Callback<Option<bool>>>,
    /// Called with the answer about a held move: `true` play it, `false` cancel.
    #[prop(optional)]
    on_confirm: Option<Callback<bool>>,
    /// Called on Escape in the board or its hands while a piece (on the board or in
    /// hand) is selected and no choice is open: the host drops the pick.
    #[prop(optional)]
    on_escape: Option<Callback<()>>,
    /// Accessible label of the whole board.
    #[prop(into)]
    label: Signal<String>,
    /// Texts of the promotion choice (English by default).
    #[prop(into, optional)]
    texts: Signal<BoardTexts>,
) -> impl IntoView {
    let turn = Memo::new(move |_| view.with(|v| v.turn));
    let promotion = Memo::new(move |_| view.with(|v| v.promotion));
    let confirm = Memo::new(move |_| view.with(|v| v.confirm));
    let picked = Memo::new(move |_| {
        view.with(|v| {
            v.squares.iter().any(|s| s.selected)
                || v.hands.iter().any(|h| h.pieces.iter().any(|p| p.selected))
        })
    });
    // The last move animated: a piece arriving with this id is drawn still (redrawn
    // or turned boards do not replay it).
    // What the board shows when it is created (a reload, a game switched to) is not
    // animated.
    let animated = StoredValue::new(view.with_untracked(|v| {
        v.squares
            .iter()
            .filter_map(|c| c.arrive.map(|a| a.id))
            .max()
            .unwrap_or(0)
    }));
    let board_ref = NodeRef::<html::Div>::new();
    // The square that takes the focus when the board is tabbed to.
    let focus = RwSignal::new(Square::new(4, 0).expect("e1"));
    let promote = move |choice: Option<bool>| {
        if let Some(cb) = on_promotion {
            cb.run(choice);
        }
        // The choice goes away: give the focus back to the board.
        focus_square(board_ref, focus.get_untracked());
    };
    // A press outside the board, its hands and the choice (the status line, the page)
    // cancels the promotion choice, as Cancel does (the piece stays picked).
    let wrap_ref = NodeRef::<html::Div>::new();
    if let Some(cb) = on_promotion {
        let listener = window_event_listener(leptos::ev::pointerdown, move |ev| {
            if promotion.get_untracked().is_none() {
                return;
            }
            use wasm_bindgen::JsCast;
            let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            let inside = wrap_ref
                .get_untracked()
                .is_some_and(|wrap| wrap.contains(target.as_ref()));
            if !inside {
                cb.run(None);
            }
        });
        on_cleanup(move || listener.remove());
    }
    let answer = move |play: bool| {
        if let Some(cb) = on_confirm {
            cb.run(play);
        }
        focus_square(board_ref, focus.get_untracked());
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        // Screen directions, turned with the board: (right, up) steps.
        let (right, up) = match ev.key().as_str() {
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, 1),
            "ArrowDown" => (0, -1),
            "Escape" if promotion.get_untracked().is_some() => {
                ev.prevent_default();
                promote(None);
                return;
            }
            "Escape" if confirm.get_untracked().is_some() => {
                ev.prevent_default();
                answer(false);
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        let t = turn.get_untracked();
        let ((rf, rr), (uf, ur)) = (t.right_step(), t.up_step());
        let (df, dr) = (right * rf + up * uf, right * rr + up * ur);
        if let Some(next) = focus.get_untracked().offset(df, dr) {
            focus.set(next);
            focus_square(board_ref, next);
        }
    };
    // Escape in the board or its hands, with a piece picked there and no choice open
    // (the board's keys answered that one first): the host drops the pick.
    let on_wrap_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape"
            && !ev.default_prevented()
            && picked.get_untracked()
            && let Some(cb) = on_escape
        {
            ev.prevent_default();
            cb.run(());
        }
    };
    let order = move || -> Vec<Square> {
        // Screen order: rows from the top, squares left to right.
        let t = turn.get();
        (0..9u8)
            .flat_map(|row| (0..9u8).map(move |col| t.at_screen(row, col)))
            .collect()
    };
    // Coordinates: along the left side one per screen row, along the bottom one per
    // screen column (files or ranks depending on the turn, decided in the session).
    let side_labels = move || {
        let (side, _) = turn.get().coordinate_labels();
        side.into_iter()
            .map(|l| view! { <span>{l}</span> })
            .collect_view()
    };
    let bottom_labels = move || {
        let (_, bottom) = turn.get().coordinate_labels();
        bottom
            .into_iter()
            .map(|l| view! { <span>{l}</span> })
            .collect_view()
    };
    let has_hands = Memo::new(move |_| view.with(|v| !v.hands.is_empty()));

    // The promotion choice and the confirmation of a held move, next to their square
    // (above it, or below it near the top).
    let promotion_choice = move || {
        Some(choice::promotion_choice(
            promotion.get()?,
            turn.get(),
            texts,
            promote,
        ))
    };
    let confirm_choice = move || {
        Some(choice::confirm_choice(
            confirm.get()?,
            turn.get(),
            texts,
            answer,
        ))
    };

    view! {
        <div node_ref=wrap_ref on:keydown=on_wrap_key class=move || {
            let mut c = format!("board-wrap {}", turn.get().class());
            if has_hands.get() {
                c.push_str(" has-hands");
            }
            c
        }>
            {move || has_hands.get().then(|| view! { <div class="hands-row hands-above">{hands::hands_at(view, [Edge::Left, Edge::Top], turn, on_hand)}</div> })}
            <div class="ranks" aria-hidden="true">
                {side_labels}
            </div>
            <div class="board-frame">
                <div
                    class=move || if view.with(|v| v.locked) { "board locked" } else { "board" }
                    role="group"
                    aria-label=move || label.get()
                    data-testid="board"
                    node_ref=board_ref
                    on:keydown=on_key
                >
                    {move || {
                        order()
                            .into_iter()
                            .map(|sq| square::square_button(view, sq, turn, focus, animated, on_square))
                            .collect_view()
                    }}
                </div>
                {promotion_choice}
                {confirm_choice}
            </div>
            <div class="files" aria-hidden="true">
                {bottom_labels}
            </div>
            {move || has_hands.get().then(|| view! { <div class="hands-row hands-below">{hands::hands_at(view, [Edge::Bottom, Edge::Right], turn, on_hand)}</div> })}
        </div>
    }
}

/// Moves the keyboard focus to the button of `sq` on this board (searched inside the
/// board element only, so other boards on the page are left alone).
fn focus_square(board: NodeRef<html::Div>, sq: Square) {
    use wasm_bindgen::JsCast;
    let selector = format!("[data-square=\"{sq}\"]");
    if let Some(board) = board.get_untracked()
        && let Ok(Some(el)) = board.query_selector(&selector)
        && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
    {
        let _ = el.focus();
    }
}

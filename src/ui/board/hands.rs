//! The hands drawn around the board (Yonin): one group per seat at its screen edge,
//! one button per kind of piece held.

use super::{BoardView, Edge, HandPieceView, Turn, piece_svg};
use leptos::prelude::*;

/// One hand piece button, found again by seat and kind on every change, so the
/// button (and its keyboard focus) stays while its count or marks change. Its
/// `data-kind` gives it its own place in the hand (style/board.css).
fn hand_piece(
    view: Memo<BoardView>,
    seat: &'static str,
    kind: &'static str,
    turn: Memo<Turn>,
    on_hand: Option<Callback<u32>>,
) -> impl IntoView {
    let item = Memo::new(move |_| {
        view.with(|v| {
            v.hands
                .iter()
                .find(|h| h.seat == seat)
                .and_then(|h| h.pieces.iter().find(|p| p.kind == kind))
                .cloned()
        })
    });
    let get = move |f: fn(&HandPieceView) -> bool| item.with(|p| p.as_ref().is_some_and(f));
    view! {
        <button
            type="button"
            class=move || {
                let mut class = String::from("hand-piece");
                if get(|p| p.selected) {
                    class.push_str(" selected");
                }
                if get(|p| p.count == 0) {
                    class.push_str(" empty");
                }
                class
            }
            data-testid=format!("hand-{seat}-{kind}")
            data-kind=kind
            aria-label=move || item.with(|p| p.as_ref().map(|p| p.label.clone()).unwrap_or_default())
            aria-pressed=move || get(|p| p.selected).to_string()
            disabled=move || !get(|p| p.enabled)
            on:click=move |_| {
                if let (Some(cb), Some(id)) = (on_hand, item.with_untracked(|p| p.as_ref().map(|p| p.id))) {
                    cb.run(id);
                }
            }
        >
            <span class="hand-slot">
                {move || {
                    let t = turn.get();
                    item.with(|p| p.as_ref().map(|p| piece_svg(&p.piece, t)))
                }}
            </span>
            <span class="count">{move || item.with(|p| p.as_ref().map(|p| format!("×{}", p.count)))}</span>
        </button>
    }
}

/// The hand of `seat` at the screen edge `edge`.
fn hand(
    view: Memo<BoardView>,
    seat: &'static str,
    edge: Edge,
    turn: Memo<Turn>,
    on_hand: Option<Callback<u32>>,
) -> impl IntoView {
    let hand = Memo::new(move |_| view.with(|v| v.hands.iter().find(|h| h.seat == seat).cloned()));
    let kinds = move || {
        hand.with(|h| {
            h.as_ref()
                .map(|h| h.pieces.iter().map(|p| p.kind).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let empty = move || hand.with(|h| h.as_ref().is_none_or(|h| h.pieces.is_empty()));
    let label = move || hand.with(|h| h.as_ref().map(|h| h.label.clone()).unwrap_or_default());
    view! {
        <div
            class=format!("hand edge-{} seat-{seat}", edge.name())
            role="group"
            data-testid=format!("hand-{seat}")
            aria-label=label
        >
            <For each=kinds key=|kind| *kind children=move |kind| hand_piece(view, seat, kind, turn, on_hand) />
            // An empty hand says whose it is (its group's label, already read out).
            {move || empty().then(|| view! { <span class="hand-empty" aria-hidden="true">{label}</span> })}
        </div>
    }
}

/// The hands at two screen edges, in that order, keyed by seat and edge: a hand moves
/// to its new place when the board turns.
pub(super) fn hands_at(
    view: Memo<BoardView>,
    edges: [Edge; 2],
    turn: Memo<Turn>,
    on_hand: Option<Callback<u32>>,
) -> impl IntoView {
    let seats = move || {
        let mut seats: Vec<(&'static str, Edge)> = view.with(|v| {
            v.hands
                .iter()
                .filter(|h| edges.contains(&h.edge))
                .map(|h| (h.seat, h.edge))
                .collect()
        });
        seats.sort_by_key(|(_, e)| edges.iter().position(|x| x == e));
        seats
    };
    view! { <For each=seats key=|k| *k children=move |(seat, edge)| hand(view, seat, edge, turn, on_hand) /> }
}

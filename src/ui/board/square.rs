//! One square of the board and the pieces drawn on it.

use super::{Arrive, BoardView, PieceView, Turn};
use crate::engine::Square;
use crate::session::board::square_label;
use leptos::prelude::*;

/// Draws one piece as inline SVG, turned so that its point shows `piece.facing` on a
/// board turned by `turn` (text included, as on a real board). Used for the board, the
/// hands and the host's player icons.
///
/// The SVG (`class="piece SIDE"` plus `promoted` / `inert` / `text` (written on),
/// `viewBox="0 0 100 110"`)
/// fills its container; `style/board.css` colours it by side.
pub fn piece_svg(piece: &PieceView, turn: Turn) -> impl IntoView + use<> {
    let mut class = format!("piece {}", piece.side);
    if piece.promoted {
        class.push_str(" promoted");
    }
    if piece.inert {
        class.push_str(" inert");
    }
    if piece.text.is_some() {
        class.push_str(" text");
    }
    let angle = piece.facing.screen_angle(turn);
    let face = match piece.text.clone() {
        Some(t) => {
            let size = if t.chars().count() > 1 {
                "label two"
            } else {
                "label"
            };
            view! {
                <text class=size x="50" y="62" text-anchor="middle" dominant-baseline="central">
                    {t}
                </text>
            }
            .into_any()
        }
        None => view! { <circle class="mark" cx="50" cy="64" r="17" /> }.into_any(),
    };
    let seat_mark = seat_mark(piece.side);
    view! {
        <svg
            class=class
            viewBox="0 0 100 110"
            aria-hidden="true"
            data-side=piece.side
            data-facing=piece.facing.name()
            style=format!("transform: rotate({angle}deg)")
        >
            <polygon class="body" points="50,5 84,19 95,105 5,105 16,19" />
            {seat_mark}
            {face}
        </svg>
    }
}

/// The seat's second cue (not a colour) for Yonin owners, in the piece's back-left
/// corner clear of the text: South a dot, West a bar, North a ring, East a triangle.
fn seat_mark(side: &str) -> Option<AnyView> {
    let mark = match side {
        "south" => view! { <circle class="seat-mark" cx="18" cy="96" r="6" /> }.into_any(),
        "west" => {
            view! { <rect class="seat-mark" x="10" y="92.5" width="18" height="7" rx="1.5" /> }
                .into_any()
        }
        "north" => view! { <circle class="seat-mark ring" cx="18" cy="96" r="5.2" /> }.into_any(),
        "east" => {
            view! { <polygon class="seat-mark" points="18,88 26.5,102 9.5,102" /> }.into_any()
        }
        _ => return None,
    };
    Some(mark)
}

/// The button of square `sq`: its marks as classes, each seat's latest move that
/// starts or ends here as a tint in the seat's colour (`last-move-SEAT` on the
/// destination, `last-from-SEAT` where the piece came from), its piece (sliding or fading in
/// once per move, [`Arrive`]), the ghost of a held move, and its accessible name. A
/// click moves the board's focus here and calls `on_square`.
pub(super) fn square_button(
    view: Memo<BoardView>,
    sq: Square,
    turn: Memo<Turn>,
    focus: RwSignal<Square>,
    animated: StoredValue<u64>,
    on_square: Callback<Square>,
) -> impl IntoView {
    let cell = Memo::new(move |_| view.with(|v| v.squares[sq.index()].clone()));
    // The piece is redrawn only when it (or its arrival) changes, not with the marks.
    let piece = Memo::new(move |_| cell.with(|c| (c.piece.clone(), c.arrive)));
    let ghost = Memo::new(move |_| cell.with(|c| c.ghost.clone()));
    let class = move || {
        cell.with(|c| {
            let mut class = String::from("sq");
            for (on, name) in [
                (c.selected, " selected"),
                (c.target, " target"),
                (c.last, " last"),
                (c.captured, " captured"),
                (c.check, " check"),
                (c.ghost.is_some(), " pending"),
            ] {
                if on {
                    class.push_str(name);
                }
            }
            class
        })
    };
    // A memo: the attribute is written only when the name changes, not at every change
    // of the board.
    let aria =
        Memo::new(move |_| view.with(|v| square_label(sq, &v.squares[sq.index()], &v.words)));
    view! {
        <button
            type="button"
            class=class
            data-testid=format!("sq-{sq}")
            data-square=sq.to_string()
            aria-label=aria
            aria-pressed=move || cell.with(|c| c.selected.to_string())
            tabindex=move || if focus.get() == sq { "0" } else { "-1" }
            on:click=move |_| {
                focus.set(sq);
                on_square.run(sq)
            }
        >
            {move || {
                // Each seat's latest move, tinted in its colour, the most recent drawn last
                // (on top).
                cell.with(|c| {
                    c.seat_moves
                        .iter()
                        .rev()
                        .map(|m| {
                            let (end, hook) = if m.to { ("to", "last-move") } else { ("from", "last-from") };
                            view! {
                                <span
                                    class=format!("seat-move {end} {} age-{}", m.seat, m.age)
                                    data-testid=format!("{hook}-{}", m.seat)
                                    aria-hidden="true"
                                ></span>
                            }
                        })
                        .collect_view()
                })
            }}
            {move || {
                let t = turn.get();
                piece.with(|(piece, arrive)| {
                    piece
                        .as_ref()
                        .map(|p| {
                            // Each move slides (or fades) in once.
                            let arrive = arrive.filter(|a| animated.get_value() < a.id);
                            if let Some(a) = arrive {
                                animated.set_value(a.id);
                            }
                            let (class, style) = match arrive {
                                None => ("piece-slot", String::new()),
                                Some(Arrive { from: None, .. }) => ("piece-slot arrive drop", String::new()),
                                Some(Arrive { from: Some(from), .. }) => {
                                    let ((fr, fc), (tr, tc)) = (t.screen_of(from), t.screen_of(sq));
                                    (
                                        "piece-slot arrive slide",
                                        format!(
                                            "--dx: {}; --dy: {}",
                                            i32::from(fc) - i32::from(tc),
                                            i32::from(fr) - i32::from(tr)
                                        ),
                                    )
                                }
                            };
                            view! {
                                <span class=class style=style data-testid=format!("piece-{sq}") data-side=p.side>
                                    {piece_svg(p, t)}
                                </span>
                            }
                        })
                })
            }}
            {move || {
                let t = turn.get();
                ghost.with(|g| {
                    g.as_ref()
                        .map(|p| {
                            view! {
                                <span class="piece-slot ghost" data-testid=format!("ghost-{sq}") aria-hidden="true">
                                    {piece_svg(p, t)}
                                </span>
                            }
                        })
                })
            }}
        </button>
    }
}

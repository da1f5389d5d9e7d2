//! The 9×9 board component. It knows no rules (like chessground): what stands on each
//! square and which marks to draw come in, a clicked square goes out, and the host
//! decides what that click means.

use crate::engine::Square;
use crate::engine::square::NUM_SQUARES;
use leptos::prelude::*;

/// A piece as the board draws it: a shogi-style pentagon pointing the way it faces.
#[derive(Clone, PartialEq, Debug)]
pub struct PieceView {
    /// CSS classes of the piece (its side, e.g. `"black"`), which colour it and
    /// choose its mark.
    pub class: &'static str,
    /// Text on the piece, if any (Hasami pieces carry a mark instead).
    pub text: Option<&'static str>,
    /// Accessible name (translated), e.g. "black piece".
    pub label: String,
}

/// Draws one piece as inline SVG (no font needed, so it looks the same offline on
/// every device). The mark is a disc; CSS fills it or leaves it hollow per side.
pub fn piece_svg(piece: &PieceView) -> impl IntoView + use<> {
    let text = piece.text;
    view! {
        <svg class=format!("piece {}", piece.class) viewBox="0 0 100 110" aria-hidden="true" data-side=piece.class>
            <polygon class="body" points="50,5 84,19 95,105 5,105 16,19" />
            {match text {
                Some(t) => view! { <text class="label" x="50" y="72" text-anchor="middle">{t}</text> }.into_any(),
                None => view! { <circle class="mark" cx="50" cy="64" r="17" /> }.into_any(),
            }}
        </svg>
    }
}

/// What one square shows.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct SquareView {
    /// The piece standing there, if any.
    pub piece: Option<PieceView>,
    /// The selected piece.
    pub selected: bool,
    /// A legal destination of the selected piece (drawn only when asked to).
    pub target: bool,
    /// From- or to-square of the last move.
    pub last: bool,
    /// A piece was captured here by the last move.
    pub captured: bool,
}

/// The whole board: 81 squares indexed by [`Square::index`], and whether it is seen
/// from the top player's side (rank 9 at the bottom).
#[derive(Clone, PartialEq, Debug)]
pub struct BoardView {
    /// One entry per square, `a1` first.
    pub squares: Vec<SquareView>,
    /// Draw with `i9` at the bottom-left corner's opposite, i.e. turned 180°.
    pub flipped: bool,
    /// Clicks do nothing now (not a person's turn, or the game is over).
    pub locked: bool,
}

impl Default for BoardView {
    fn default() -> BoardView {
        BoardView {
            squares: vec![SquareView::default(); NUM_SQUARES],
            flipped: false,
            locked: false,
        }
    }
}

/// Draws the board from `view`; calls `on_square` with the square clicked or tapped.
///
/// Each square is a `<button>` with `data-testid="sq-e5"` (its name), so the board
/// works with screen readers and the keyboard: the board is one tab stop (roving
/// tabindex), the arrow keys move between squares as seen on screen, Enter or Space
/// clicks.
#[component]
pub fn Board(
    /// What to draw.
    view: Memo<BoardView>,
    /// Called with the square clicked or tapped.
    on_square: Callback<Square>,
    /// Accessible label of the whole board.
    #[prop(into)]
    label: Signal<String>,
) -> impl IntoView {
    let flipped = Memo::new(move |_| view.with(|v| v.flipped));
    // The square that takes the focus when the board is tabbed to.
    let focus = RwSignal::new(Square::new(4, 0).expect("e1"));
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        // Screen directions, turned with the board.
        let (df, dr) = match ev.key().as_str() {
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, 1),
            "ArrowDown" => (0, -1),
            _ => return,
        };
        ev.prevent_default();
        let sign = if flipped.get_untracked() { -1 } else { 1 };
        if let Some(next) = focus.get_untracked().offset(df * sign, dr * sign) {
            focus.set(next);
            focus_square(next);
        }
    };
    let order = move || -> Vec<Square> {
        // Screen order: rows from the top, squares left to right.
        let mut squares = Vec::with_capacity(NUM_SQUARES);
        for row in 0..9u8 {
            for col in 0..9u8 {
                let (file, rank) = if flipped.get() {
                    (8 - col, row)
                } else {
                    (col, 8 - row)
                };
                squares.push(Square::new(file, rank).expect("0..9"));
            }
        }
        squares
    };
    let files = move || {
        let mut names: Vec<char> = ('a'..='i').collect();
        if flipped.get() {
            names.reverse();
        }
        names
            .into_iter()
            .map(|c| view! { <span>{c.to_string()}</span> })
            .collect_view()
    };
    let ranks = move || {
        let mut names: Vec<u8> = (1..=9).rev().collect();
        if flipped.get() {
            names.reverse();
        }
        names
            .into_iter()
            .map(|r| view! { <span>{r}</span> })
            .collect_view()
    };
    let square_button = move |sq: Square| {
        let cell = Memo::new(move |_| view.with(|v| v.squares[sq.index()].clone()));
        let class = move || {
            cell.with(|c| {
                let mut class = String::from("sq");
                for (on, name) in [
                    (c.selected, " selected"),
                    (c.target, " target"),
                    (c.last, " last"),
                    (c.captured, " captured"),
                ] {
                    if on {
                        class.push_str(name);
                    }
                }
                class
            })
        };
        let aria = move || {
            cell.with(|c| match &c.piece {
                Some(p) => format!("{sq} {}", p.label),
                None => sq.to_string(),
            })
        };
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
                    cell.with(|c| {
                        c.piece
                            .as_ref()
                            .map(|p| {
                                view! {
                                    <span class="piece-slot" data-testid=format!("piece-{sq}") data-side=p.class>
                                        {piece_svg(p)}
                                    </span>
                                }
                            })
                    })
                }}
            </button>
        }
    };
    view! {
        <div class="board-wrap">
            <div class="ranks" aria-hidden="true">
                {ranks}
            </div>
            <div
                class=move || {
                    view.with(|v| {
                        let mut c = String::from("board");
                        if v.flipped {
                            c.push_str(" flipped");
                        }
                        if v.locked {
                            c.push_str(" locked");
                        }
                        c
                    })
                }
                role="group"
                aria-label=move || label.get()
                data-testid="board"
                on:keydown=on_key
            >
                {move || order().into_iter().map(square_button).collect_view()}
            </div>
            <div class="files" aria-hidden="true">
                {files}
            </div>
        </div>
    }
}

/// Moves the keyboard focus to the button of `sq`.
fn focus_square(sq: Square) {
    use wasm_bindgen::JsCast;
    let selector = format!("[data-square=\"{sq}\"]");
    if let Ok(Some(el)) = document().query_selector(&selector)
        && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
    {
        let _ = el.focus();
    }
}

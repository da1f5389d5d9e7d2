//! The rules pages (issue 9): a button that opens the rules of the game on screen, and
//! the page itself, one section per topic of [`crate::session::rules`] with its text
//! and, where the topic has one, a small diagram drawn by the board component in a
//! locked, inert view. The topics, their order and the diagrams' positions and marks
//! come from the session module (tested natively); this module only draws them.
//!
//! The page is a modal panel (`data-testid="rules"`, `role="dialog"`): the close
//! button takes the focus when it opens, Escape closes it, and the focus goes back to
//! the button that opened it. The look is in `style/rules.css`.

use super::board::{Board, BoardView, HandPieceView, HandView, PieceView, SquareView, Turn};
use super::i18n::{Locale, t, t_string, use_i18n};
use crate::engine::hasami::Player;
use crate::engine::yonin::{Piece, Role};
use crate::engine::{Square, SquareSet};
use crate::session::rules::{HasamiTopic, Marks, YoninTopic};
use crate::session::yonin::PieceStyle;
use leptos::html;
use leptos::prelude::*;
use leptos_i18n::I18nContext;

type I18n = I18nContext<Locale>;

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

/// The square marks of a diagram as the board draws them: the moving piece selected,
/// its destination and other reachable squares as destinations, captured pieces
/// ringed, a piece in trouble glowing red, a zone tinted.
fn apply_marks(squares: &mut [SquareView], marks: &Marks) {
    if let Some(from) = marks.from {
        squares[from.index()].selected = true;
    }
    let mut targets = marks.targets;
    if let Some(to) = marks.to {
        targets.insert(to);
    }
    let set = |squares: &mut [SquareView], set: SquareSet, f: fn(&mut SquareView)| {
        for sq in set {
            f(&mut squares[sq.index()]);
        }
    };
    set(squares, targets, |s| s.target = true);
    set(squares, marks.captured, |s| s.captured = true);
    set(squares, marks.alert, |s| s.check = true);
    set(squares, marks.zone.union(marks.last), |s| s.last = true);
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

/// One section of a page: its title, the RULES number, the text, extra content and
/// the diagram.
fn section(
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

// ---- Hasami ----

fn hasami_title(i18n: I18n, topic: HasamiTopic) -> String {
    match topic {
        HasamiTopic::Movement => t_string!(i18n, hr_movement_title),
        HasamiTopic::Capture => t_string!(i18n, hr_capture_title),
        HasamiTopic::CaptureMany => t_string!(i18n, hr_capture_many_title),
        HasamiTopic::Corner => t_string!(i18n, hr_corner_title),
        HasamiTopic::Safe => t_string!(i18n, hr_safe_title),
        HasamiTopic::Win => t_string!(i18n, hr_win_title),
        HasamiTopic::NoMove => t_string!(i18n, hr_no_move_title),
        HasamiTopic::Repetition => t_string!(i18n, hr_repetition_title),
        HasamiTopic::MoveLimit => t_string!(i18n, hr_move_limit_title),
    }
    .to_string()
}

fn hasami_text(i18n: I18n, topic: HasamiTopic) -> String {
    match topic {
        HasamiTopic::Movement => t_string!(i18n, hr_movement_text),
        HasamiTopic::Capture => t_string!(i18n, hr_capture_text),
        HasamiTopic::CaptureMany => t_string!(i18n, hr_capture_many_text),
        HasamiTopic::Corner => t_string!(i18n, hr_corner_text),
        HasamiTopic::Safe => t_string!(i18n, hr_safe_text),
        HasamiTopic::Win => t_string!(i18n, hr_win_text),
        HasamiTopic::NoMove => t_string!(i18n, hr_no_move_text),
        HasamiTopic::Repetition => t_string!(i18n, hr_repetition_text),
        HasamiTopic::MoveLimit => t_string!(i18n, hr_move_limit_text),
    }
    .to_string()
}

fn hasami_caption(i18n: I18n, topic: HasamiTopic) -> String {
    match topic {
        HasamiTopic::Movement => t_string!(i18n, hr_movement_caption),
        HasamiTopic::Capture => t_string!(i18n, hr_capture_caption),
        HasamiTopic::CaptureMany => t_string!(i18n, hr_capture_many_caption),
        HasamiTopic::Corner => t_string!(i18n, hr_corner_caption),
        HasamiTopic::Safe => t_string!(i18n, hr_safe_caption),
        HasamiTopic::NoMove => t_string!(i18n, hr_no_move_caption),
        HasamiTopic::Win | HasamiTopic::Repetition | HasamiTopic::MoveLimit => {
            return String::new();
        }
    }
    .to_string()
}

/// The rules page of Hasami Shogi (RULES Part H); pieces drawn in the piece set `set`.
#[component]
pub fn HasamiRules(
    /// The piece set the game on screen uses.
    set: crate::session::hasami::PieceStyle,
    /// Called by the close button and Escape.
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let contents = HasamiTopic::ALL
        .iter()
        .map(|&t| (t.name(), Signal::derive(move || hasami_title(i18n, t))))
        .collect();
    let sections = HasamiTopic::ALL
        .into_iter()
        .map(|topic| {
            let board = topic.diagram().map(|d| {
                let view = Memo::new(move |_| {
                    let black = t_string!(i18n, piece_black).to_string();
                    let white = t_string!(i18n, piece_white).to_string();
                    let mut squares = vec![SquareView::default(); 81];
                    for sq in Square::all() {
                        squares[sq.index()].piece = d.position.piece_at(sq).map(|p| {
                            let label = match p {
                                Player::Black => black.clone(),
                                Player::White => white.clone(),
                            };
                            super::hasami::piece_view(p, label, set)
                        });
                    }
                    apply_marks(&mut squares, &d.marks);
                    BoardView {
                        squares,
                        turn: Turn::Rank1,
                        locked: true,
                        hands: Vec::new(),
                        promotion: None,
                        confirm: None,
                    }
                });
                diagram(topic.name(), view, move || hasami_caption(i18n, topic)).into_any()
            });
            section(
                topic.name(),
                topic.rule(),
                Signal::derive(move || hasami_title(i18n, topic)),
                view! { <p>{move || hasami_text(i18n, topic)}</p> },
                board,
            )
        })
        .collect_view();
    let local = local_rules(vec![
        (
            t!(i18n, win_condition).into_any(),
            t!(i18n, hint_win).into_any(),
        ),
        (
            t!(i18n, move_limit).into_any(),
            t!(i18n, hint_limit).into_any(),
        ),
        (
            t!(i18n, alternate_start).into_any(),
            t!(i18n, hint_alternate).into_any(),
        ),
    ]);
    rules_frame(
        move || t_string!(i18n, rules_title_hasami).to_string(),
        contents,
        on_close,
        view! {
            {sections}
            {local}
        }
        .into_any(),
    )
}

// ---- Yonin ----

fn yonin_title(i18n: I18n, topic: YoninTopic) -> String {
    match topic {
        YoninTopic::Seats => t_string!(i18n, yr_seats_title),
        YoninTopic::Moves => t_string!(i18n, yr_moves_title),
        YoninTopic::Facing => t_string!(i18n, yr_facing_title),
        YoninTopic::Drops => t_string!(i18n, yr_drops_title),
        YoninTopic::Promotion => t_string!(i18n, yr_promotion_title),
        YoninTopic::CheckPriority => t_string!(i18n, yr_check_priority_title),
        YoninTopic::Mate => t_string!(i18n, yr_mate_title),
        YoninTopic::End => t_string!(i18n, yr_end_title),
        YoninTopic::Pairs => t_string!(i18n, yr_pairs_title),
    }
    .to_string()
}

fn yonin_text(i18n: I18n, topic: YoninTopic) -> String {
    match topic {
        YoninTopic::Seats => t_string!(i18n, yr_seats_text),
        YoninTopic::Moves => t_string!(i18n, yr_moves_text),
        YoninTopic::Facing => t_string!(i18n, yr_facing_text),
        YoninTopic::Drops => t_string!(i18n, yr_drops_text),
        YoninTopic::Promotion => t_string!(i18n, yr_promotion_text),
        YoninTopic::CheckPriority => t_string!(i18n, yr_check_priority_text),
        YoninTopic::Mate => t_string!(i18n, yr_mate_text),
        YoninTopic::End => t_string!(i18n, yr_end_text),
        YoninTopic::Pairs => t_string!(i18n, yr_pairs_text),
    }
    .to_string()
}

fn yonin_caption(i18n: I18n, topic: YoninTopic) -> String {
    match topic {
        YoninTopic::Seats => t_string!(i18n, yr_seats_caption),
        YoninTopic::Moves => t_string!(i18n, yr_moves_caption),
        YoninTopic::Facing => t_string!(i18n, yr_facing_caption),
        YoninTopic::Drops => t_string!(i18n, yr_drops_caption),
        YoninTopic::Promotion => t_string!(i18n, yr_promotion_caption),
        YoninTopic::CheckPriority => t_string!(i18n, yr_check_priority_caption),
        YoninTopic::Mate => t_string!(i18n, yr_mate_caption),
        YoninTopic::End | YoninTopic::Pairs => return String::new(),
    }
    .to_string()
}

/// The list under a topic's text, if it has one: the pieces' moves, the forbidden
/// drops.
fn yonin_list(i18n: I18n, topic: YoninTopic) -> Option<AnyView> {
    let items = match topic {
        YoninTopic::Moves => view! {
            <li>{t!(i18n, yr_move_king)}</li>
            <li>{t!(i18n, yr_move_rook)}</li>
            <li>{t!(i18n, yr_move_gold)}</li>
            <li>{t!(i18n, yr_move_silver)}</li>
            <li>{t!(i18n, yr_move_pawn)}</li>
        }
        .into_any(),
        YoninTopic::Drops => view! {
            <li>{t!(i18n, yr_nifu)}</li>
            <li>{t!(i18n, yr_uchifuzume)}</li>
        }
        .into_any(),
        _ => return None,
    };
    Some(view! { <ul>{items}</ul> }.into_any())
}

/// The rules page of Yonin Shogi (RULES Part Y); pieces drawn in `style`.
#[component]
pub fn YoninRules(
    /// Kanji or letters, as on the table.
    style: PieceStyle,
    /// Called by the close button and Escape.
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let contents = YoninTopic::ALL
        .iter()
        .map(|&t| (t.name(), Signal::derive(move || yonin_title(i18n, t))))
        .collect();
    let sections = YoninTopic::ALL
        .into_iter()
        .map(|topic| {
            let board = topic.diagram().map(|d| {
                let view = Memo::new(move |_| {
                    let _ = i18n.get_locale();
                    let pos = &d.shown();
                    let mut squares = vec![SquareView::default(); 81];
                    for (sq, piece) in pos.pieces() {
                        squares[sq.index()].piece =
                            Some(super::yonin::piece_view(i18n, piece, style));
                    }
                    apply_marks(&mut squares, &d.marks);
                    let hands = d
                        .hand
                        .map(|seat| {
                            let hand = pos.hand(seat);
                            let seat_label = super::yonin::seat_name(i18n, seat);
                            let pieces = Role::HAND
                                .into_iter()
                                .filter(|&role| hand.count(role) > 0)
                                .map(|role| {
                                    let piece: PieceView = super::yonin::piece_view(
                                        i18n,
                                        Piece::new(role, seat),
                                        style,
                                    );
                                    HandPieceView {
                                        id: 0,
                                        kind: super::yonin::kind_letter(role),
                                        label: piece.label.clone(),
                                        piece,
                                        count: hand.count(role),
                                        selected: false,
                                        enabled: false,
                                    }
                                })
                                .collect();
                            vec![HandView {
                                seat: super::yonin::seat_class(seat),
                                edge: Turn::Rank1.edge_of(super::yonin::turn_for(seat)),
                                label: t_string!(i18n, hand_label, seat = seat_label).to_string(),
                                pieces,
                            }]
                        })
                        .unwrap_or_default();
                    BoardView {
                        squares,
                        turn: Turn::Rank1,
                        locked: true,
                        hands,
                        promotion: None,
                        confirm: None,
                    }
                });
                diagram(topic.name(), view, move || yonin_caption(i18n, topic)).into_any()
            });
            section(
                topic.name(),
                topic.rule(),
                Signal::derive(move || yonin_title(i18n, topic)),
                view! {
                    <p>{move || yonin_text(i18n, topic)}</p>
                    {yonin_list(i18n, topic)}
                },
                board,
            )
        })
        .collect_view();
    let local = local_rules(vec![
        (
            t!(i18n, format).into_any(),
            t!(i18n, yhint_format).into_any(),
        ),
        (
            t!(i18n, game_end).into_any(),
            t!(i18n, yhint_end).into_any(),
        ),
        (
            t!(i18n, eliminated_pieces).into_any(),
            t!(i18n, yhint_eliminated).into_any(),
        ),
        (
            t!(i18n, move_limit).into_any(),
            t!(i18n, yhint_limit).into_any(),
        ),
        (
            t!(i18n, alternate_start).into_any(),
            t!(i18n, yhint_alternate).into_any(),
        ),
    ]);
    rules_frame(
        move || t_string!(i18n, rules_title_yonin).to_string(),
        contents,
        on_close,
        view! {
            {sections}
            {local}
        }
        .into_any(),
    )
}

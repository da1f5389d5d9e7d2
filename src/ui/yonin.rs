//! The Yonin Shogi table: the board with its four hands, the players, the banner that
//! tells check priority and eliminations, actions, settings and the results table, all
//! drawn from one [`Table`] signal. Clicks and choices are forwarded to the table
//! ([`crate::session::table`]), which decides what they mean.

use super::board::{
    Board, BoardView, Facing, HandPieceView, HandView, PieceView, SquareView, Turn, piece_svg,
};
use super::i18n::{Locale, t, t_string, use_i18n};
use super::rules::{RulesButton, YoninRules};
use super::widgets::{Confirm, ConfirmDialog, Modal, clock_view, cpu_level_select, modal_ids};
use crate::engine::Square;
use crate::engine::yonin::{
    EliminatedPieces, EndReason, Format, GameEnd, Move, Outcome, Piece, Role, Seat,
};
use crate::session::table::{Controller, GameSettings, Selection, Source, ViewMode};
use crate::session::yonin::{
    MOVE_LIMITS, MateStory, PieceStyle, Settings, Table, TimePerMove, TurnStory, last_turn_story,
    placing_rows,
};
use leptos::prelude::*;
use leptos_i18n::I18nContext;
use std::time::Duration;

/// How long the board waits, after a move is shown, before it turns to the next person
/// (the pass-and-play view).
const TURN_DELAY: Duration = Duration::from_millis(700);

type I18n = I18nContext<Locale>;

/// The translated name of a seat.
pub fn seat_name(i18n: I18n, seat: Seat) -> String {
    match seat {
        Seat::South => t_string!(i18n, south),
        Seat::West => t_string!(i18n, west),
        Seat::North => t_string!(i18n, north),
        Seat::East => t_string!(i18n, east),
    }
    .to_string()
}

/// The translated name of the direction a seat's pieces face.
fn direction_name(i18n: I18n, facing: Seat) -> String {
    match facing {
        Seat::South => t_string!(i18n, dir_north),
        Seat::West => t_string!(i18n, dir_east),
        Seat::North => t_string!(i18n, dir_south),
        Seat::East => t_string!(i18n, dir_west),
    }
    .to_string()
}

/// The translated name of a piece kind.
fn role_name(i18n: I18n, role: Role, promoted: bool) -> String {
    match (role, promoted) {
        (Role::King, _) => t_string!(i18n, role_king),
        (Role::Rook, false) => t_string!(i18n, role_rook),
        (Role::Rook, true) => t_string!(i18n, role_dragon),
        (Role::Gold, _) => t_string!(i18n, role_gold),
        (Role::Silver, false) => t_string!(i18n, role_silver),
        (Role::Silver, true) => t_string!(i18n, role_promoted_silver),
        (Role::Pawn, false) => t_string!(i18n, role_pawn),
        (Role::Pawn, true) => t_string!(i18n, role_tokin),
    }
    .to_string()
}

/// CSS class and `data-side` of a seat's pieces.
pub(super) const fn seat_class(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "south",
        Seat::West => "west",
        Seat::North => "north",
        Seat::East => "east",
    }
}

/// The board turned so that `seat` sits at the bottom.
pub(super) const fn turn_for(seat: Seat) -> Turn {
    Turn::ALL[seat.index()]
}

/// The way a seat's pieces move on the board.
const fn facing_of(seat: Seat) -> Facing {
    match seat {
        Seat::South => Facing::North,
        Seat::West => Facing::East,
        Seat::North => Facing::South,
        Seat::East => Facing::West,
    }
}

/// Letters of the hand kinds, for the `hand-<seat>-<kind>` hooks.
pub(super) const fn kind_letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Rook => "R",
        Role::Gold => "G",
        Role::Silver => "S",
        Role::Pawn => "P",
    }
}

/// How a board piece is drawn, with its accessible name.
pub(super) fn piece_view(i18n: I18n, piece: Piece, style: PieceStyle) -> PieceView {
    let role = role_name(i18n, piece.role, piece.promoted);
    let facing = direction_name(i18n, piece.facing);
    let label = match piece.owner {
        Some(owner) => {
            let seat = seat_name(i18n, owner);
            t_string!(i18n, piece_label, role = role, seat = seat, dir = facing).to_string()
        }
        None if piece.role == Role::King => {
            let seat = seat_name(i18n, piece.facing);
            t_string!(i18n, piece_flipped_king, seat = seat).to_string()
        }
        None => t_string!(i18n, piece_ownerless, role = role).to_string(),
    };
    PieceView {
        side: piece.owner.map_or("none", seat_class),
        facing: facing_of(piece.facing),
        text: Some(style.text(piece.role, piece.promoted).to_string()),
        promoted: piece.promoted,
        inert: piece.owner.is_none(),
        label,
    }
}

/// Hand piece ids: `seat index × 8 + role`, decoded by [`hand_piece_of`].
fn hand_piece_id(seat: Seat, role: Role) -> u32 {
    (seat.index() * 8 + role.hand_index().unwrap_or(0)) as u32
}

fn hand_piece_of(id: u32) -> Option<(Seat, Role)> {
    let seat = *Seat::ALL.get(id as usize / 8)?;
    let role = *Role::HAND.get(id as usize % 8)?;
    Some((seat, role))
}

/// "A and B" / "A" for a list of seat names.
fn seat_list(i18n: I18n, seats: &[Seat]) -> String {
    let names: Vec<String> = seats.iter().map(|&s| seat_name(i18n, s)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => {
            let and = t_string!(i18n, and).to_string();
            format!("{} {and} {last}", rest.join(", "))
        }
    }
}

/// The sentences that tell what the last move did (RULES Y3.3, Y3.4, Y5), for the
/// banner and the screen reader.
fn story_lines(i18n: I18n, story: &TurnStory) -> Vec<String> {
    let mut lines = Vec::new();
    for m in &story.mates {
        let MateStory {
            seat,
            by,
            in_check,
            lazy,
            pieces_to,
            perpetual,
        } = *m;
        let (seat, by) = (seat_name(i18n, seat), seat_name(i18n, by));
        lines.push(match (lazy, in_check) {
            _ if perpetual => {
                t_string!(i18n, banner_perpetual, by = by.clone(), seat = seat.clone()).to_string()
            }
            (false, _) => {
                t_string!(i18n, banner_mate, by = by.clone(), seat = seat.clone()).to_string()
            }
            (true, true) => t_string!(
                i18n,
                banner_lazy_check,
                by = by.clone(),
                seat = seat.clone()
            )
            .to_string(),
            (true, false) => t_string!(
                i18n,
                banner_lazy_stuck,
                by = by.clone(),
                seat = seat.clone()
            )
            .to_string(),
        });
        lines.push(match pieces_to {
            Some(_) => t_string!(i18n, banner_pieces_to, seat = seat, by = by).to_string(),
            None => t_string!(i18n, banner_pieces_ownerless, seat = seat, by = by).to_string(),
        });
    }
    if let Some(next) = story.next {
        let next_name = seat_name(i18n, next);
        if story.priority {
            let skipped = seat_list(i18n, &story.skipped);
            lines.push(match story.skipped.len() {
                0 => t_string!(i18n, banner_priority_none, next = next_name).to_string(),
                n => t_string!(
                    i18n,
                    banner_priority,
                    next = next_name,
                    skipped = skipped,
                    count = n
                )
                .to_string(),
            });
        } else if story.checks.contains(next) {
            lines.push(t_string!(i18n, banner_in_check, seat = next_name).to_string());
        }
    }
    lines
}

/// The headline of an outcome.
fn outcome_title(i18n: I18n, outcome: Outcome, pairs: bool) -> String {
    let winners: Vec<Seat> = outcome.winners().iter().collect();
    match (pairs, winners.as_slice()) {
        (_, []) => t_string!(i18n, draw_title).to_string(),
        (true, _) | (false, [_, _, ..]) if pairs => {
            let seats = seat_list(i18n, &winners);
            t_string!(i18n, pairs_win, seats = seats).to_string()
        }
        (_, [one]) => {
            let seat = seat_name(i18n, *one);
            t_string!(i18n, seat_wins, seat = seat).to_string()
        }
        (_, many) => {
            let seats = seat_list(i18n, many);
            t_string!(i18n, seats_share_first, seats = seats).to_string()
        }
    }
}

/// Why the game ended (RULES Y6, Y7).
fn outcome_reason(i18n: I18n, outcome: Outcome, pairs: bool) -> String {
    match (outcome.reason, pairs, outcome.is_draw()) {
        (EndReason::Mates, true, _) => t_string!(i18n, yreason_pairs_mate),
        (EndReason::Mates, false, _) => t_string!(i18n, yreason_mates),
        (EndReason::Repetition, _, true) => t_string!(i18n, yreason_repetition_draw),
        (EndReason::Repetition, _, false) => t_string!(i18n, yreason_repetition),
        (EndReason::MoveLimit, _, true) => t_string!(i18n, yreason_limit_draw),
        (EndReason::MoveLimit, _, false) => t_string!(i18n, yreason_limit),
    }
    .to_string()
}

/// The ordinal of a place (1st … 4th).
fn place_name(i18n: I18n, place: Option<u8>) -> String {
    match place {
        Some(1) => t_string!(i18n, place_1),
        Some(2) => t_string!(i18n, place_2),
        Some(3) => t_string!(i18n, place_3),
        Some(4) => t_string!(i18n, place_4),
        _ => t_string!(i18n, place_none),
    }
    .to_string()
}

/// The whole Yonin table.
#[component]
pub fn YoninTable(
    /// The table, owned by the app (it outlives this view).
    table: RwSignal<Table>,
) -> impl IntoView {
    let i18n = use_i18n();
    let confirm = RwSignal::new(None::<Confirm>);
    let ask = move |kind: Option<Confirm>| {
        confirm.set(kind);
        table.update(|t| t.set_modal(kind.is_some()));
    };
    on_cleanup(move || table.update(|t| t.set_modal(false)));
    // The rules page, open over the table: like a question, it stops the clock and
    // the CPU while it is read.
    let rules_open = RwSignal::new(false);
    let show_rules = move |open: bool| {
        rules_open.set(open);
        table.update(|t| t.set_modal(open));
    };

    let outcome = Memo::new(move |_| table.with(|t| t.game().outcome()));
    let human_to_move = Memo::new(move |_| table.with(|t| t.human_to_move()));
    let pairs = Memo::new(move |_| table.with(|t| t.game().rules().format == Format::Pairs));
    // The seat at the bottom; in the pass-and-play view the board turns a moment after
    // the move is shown.
    let bottom = RwSignal::new(table.with_untracked(|t| t.bottom_seat()));
    let wanted = Memo::new(move |_| {
        table.with(|t| (t.bottom_seat(), t.settings().view == ViewMode::TurnToMove))
    });
    Effect::new(move |_| {
        let (seat, turning) = wanted.get();
        if seat == bottom.get_untracked() {
            return;
        }
        if turning {
            set_timeout(
                move || bottom.set(table.with_untracked(|t| t.bottom_seat())),
                TURN_DELAY,
            );
        } else {
            bottom.set(seat);
        }
    });
    // The story of the last move (after a reload too).
    let story = Memo::new(move |_| table.with(|t| last_turn_story(t.game())));

    let motion = super::use_motion();
    let board_view = Memo::new(move |_| {
        // Read the locale so that the labels follow it.
        let _ = i18n.get_locale();
        let turn = turn_for(bottom.get());
        let motion = motion.get();
        table.with(|t| {
            let game = t.game();
            let pos = game.position();
            let style = t.settings().pieces;
            let mut squares = vec![SquareView::default(); 81];
            for (sq, piece) in pos.pieces() {
                squares[sq.index()].piece = Some(piece_view(i18n, piece, style));
            }
            for seat in pos.checked_seats().iter() {
                squares[pos.king_square(seat).index()].check = true;
            }
            if let Some(&mv) = game.moves().last() {
                if let Some(from) = mv.from() {
                    squares[from.index()].last = true;
                }
                squares[mv.to().index()].last = true;
                if story.with(|s| s.as_ref().is_some_and(|s| s.captured.is_some())) {
                    squares[mv.to().index()].captured = true;
                }
            }
            if let Some((sq, arrive)) = super::arrival(t.move_feedback(), motion) {
                squares[sq.index()].arrive = Some(arrive);
            }
            let proposed = t.proposed();
            // A move held for confirmation: its piece (promoted if it promotes) drawn
            // faded on the destination.
            if let Some(mv) = proposed {
                let piece = match mv {
                    Move::Drop { role, .. } => {
                        game.side_to_move().map(|seat| Piece::new(role, seat))
                    }
                    _ => mv.from().and_then(|from| pos.piece_at(from)).map(|mut p| {
                        p.promoted |= mv.is_promotion();
                        p
                    }),
                };
                squares[mv.to().index()].ghost = piece.map(|p| piece_view(i18n, p, style));
            }
            let show = t.settings().show_legal_moves() && proposed.is_none();
            let side = game.side_to_move();
            let mut picked_hand = None;
            let mut promotion = None;
            match t.selection() {
                Selection::Source(Source::Square(from)) => {
                    squares[from.index()].selected = true;
                }
                Selection::Source(Source::Hand(role)) => picked_hand = Some(role),
                Selection::Promotion { from, to } => {
                    squares[from.index()].selected = true;
                    promotion = Some(to);
                }
                Selection::None => {}
            }
            if show {
                for to in t.destinations() {
                    squares[to.index()].target = true;
                }
            }
            let hands = Seat::ALL
                .into_iter()
                .map(|seat| {
                    let hand = pos.hand(seat);
                    let seat_label = seat_name(i18n, seat);
                    let pieces = Role::HAND
                        .into_iter()
                        .filter(|&role| hand.count(role) > 0)
                        .map(|role| {
                            let count = hand.count(role);
                            let mut piece = piece_view(i18n, Piece::new(role, seat), style);
                            let name = role_name(i18n, role, false);
                            piece.label = name.clone();
                            HandPieceView {
                                id: hand_piece_id(seat, role),
                                kind: kind_letter(role),
                                piece,
                                count,
                                selected: side == Some(seat) && picked_hand == Some(role),
                                enabled: t.human_to_move() && side == Some(seat),
                                label: t_string!(
                                    i18n,
                                    hand_piece_label,
                                    role = name,
                                    count = count,
                                    seat = seat_label.clone()
                                )
                                .to_string(),
                            }
                        })
                        .collect();
                    HandView {
                        seat: seat_class(seat),
                        edge: turn.edge_of(turn_for(seat)),
                        label: t_string!(i18n, hand_label, seat = seat_label).to_string(),
                        pieces,
                    }
                })
                .collect();
            BoardView {
                squares,
                turn,
                locked: !t.human_to_move(),
                hands,
                promotion,
                confirm: proposed.map(|mv| mv.to()),
            }
        })
    });

    let on_square = Callback::new(move |sq: Square| {
        table.update(|t| {
            t.click_square(sq);
        });
    });
    let on_hand = Callback::new(move |id: u32| {
        if let Some((seat, role)) = hand_piece_of(id) {
            table.update(|t| {
                t.click_hand(seat, role);
            });
        }
    });
    let on_promotion = Callback::new(move |choice: Option<bool>| {
        table.update(|t| {
            t.choose_promotion(choice);
        });
    });
    let on_held_move = super::confirm_callback(table);
    let texts = super::board_texts(i18n);

    let new_game = move || {
        ask(None);
        table.update(|t| t.new_game());
    };
    let ask_new_game = move |_| {
        let in_progress =
            table.with_untracked(|t| !t.game().is_over() && !t.game().moves().is_empty());
        if in_progress {
            ask(Some(Confirm::NewGame));
        } else {
            new_game();
        }
    };
    let can_take_back = Memo::new(move |_| table.with(|t| t.can_take_back()));
    Effect::new(move |_| {
        if outcome.get().is_some() && confirm.get_untracked().is_some() {
            ask(None);
        }
    });
    let on_confirm = Callback::new(move |kind: Confirm| {
        if kind == Confirm::NewGame {
            new_game();
        }
    });

    let status = move || {
        let side = table.with(|t| t.game().side_to_move());
        match (outcome.get(), side) {
            (Some(outcome), _) => {
                let pairs = pairs.get();
                format!(
                    "{} — {}",
                    outcome_title(i18n, outcome, pairs),
                    outcome_reason(i18n, outcome, pairs)
                )
            }
            (None, Some(_)) if !human_to_move.get() => t_string!(i18n, cpu_thinking).to_string(),
            (None, Some(seat)) => {
                let seat = seat_name(i18n, seat);
                t_string!(i18n, seat_to_move, seat = seat).to_string()
            }
            (None, None) => String::new(),
        }
    };
    let move_count = move || {
        let (n, limit) = table.with(|t| {
            (
                t.game().position().move_count(),
                t.game().rules().move_limit,
            )
        });
        match limit {
            Some(limit) => t_string!(i18n, moves_played_limit, n = n, limit = limit).to_string(),
            None => t_string!(i18n, moves_played, n = n).to_string(),
        }
    };
    let banner = move || {
        story.with(|s| {
            s.as_ref()
                .map(|s| story_lines(i18n, s).join(" "))
                .unwrap_or_default()
        })
    };
    let announcement = move || {
        table.with(|t| {
            let game = t.game();
            let mv = *game.moves().last()?;
            let mover = story.with(|s| s.as_ref().map(|s| s.mover))?;
            let seat = seat_name(i18n, mover);
            let line = t_string!(i18n, announce_move, side = seat, mv = mv.to_string());
            Some(format!("{line} {}", banner()))
        })
    };

    let player_card = move |seat: Seat| {
        let to_move = move || table.with(|t| t.game().side_to_move() == Some(seat));
        let controller = move || table.with(|t| t.controller(seat));
        let in_check = move || table.with(|t| t.game().position().is_check(seat));
        let mated = move || table.with(|t| t.game().position().elimination_of(seat));
        let mates = move || table.with(|t| t.game().position().mates_by(seat));
        let wins = move || table.with(|t| t.participant(seat).wins);
        let clock = move || {
            let ms = table.with(|t| t.remaining_ms())?;
            to_move().then(|| clock_view(ms))
        };
        let icon = move || {
            let style = table.with(|t| t.settings().pieces);
            piece_svg(
                &piece_view(i18n, Piece::new(Role::King, seat), style),
                turn_for(bottom.get()),
            )
        };
        let class = move || {
            let mut c = String::from("player");
            if to_move() {
                c.push_str(" to-move");
            }
            if mated().is_some() {
                c.push_str(" out");
            }
            c
        };
        view! {
            <div class=class data-testid=format!("player-{}", seat_class(seat)) data-seat=seat_class(seat)>
                <span class="player-icon">{icon}</span>
                <div class="who">
                    <div class="name">
                        {move || seat_name(i18n, seat)}
                        <Show when=move || pairs.get()>
                            <span class="team">
                                {move || {
                                    let partner = seat_name(i18n, seat.partner());
                                    t_string!(i18n, partner_of, seat = partner).to_string()
                                }}
                            </span>
                        </Show>
                    </div>
                    <div class="role">
                        {move || match controller() {
                            Controller::Human => t_string!(i18n, human).to_string(),
                            Controller::Cpu => t_string!(i18n, cpu).to_string(),
                        }}
                        " · "
                        {move || t_string!(i18n, mates_count, n = mates()).to_string()}
                        " · "
                        {move || t_string!(i18n, wins, n = wins()).to_string()}
                    </div>
                </div>
                {clock}
                <div class="badges">
                    <Show when=in_check>
                        <span class="badge check" data-testid=format!("check-{}", seat_class(seat))>
                            {t!(i18n, in_check)}
                        </span>
                    </Show>
                    {move || {
                        mated()
                            .map(|e| {
                                let by = seat_name(i18n, e.by);
                                view! {
                                    <span class="badge out">
                                        {t_string!(i18n, mated_by, by = by).to_string()}
                                    </span>
                                }
                            })
                    }}
                </div>
            </div>
        }
    };
    // Cards clockwise from the seat at the bottom.
    let cards = move || {
        let b = bottom.get();
        (0..4).map(|k| player_card(b.clockwise(k))).collect_view()
    };
    let show_result = Memo::new(move |_| table.with(|t| t.show_result()));
    let dialog_open = move || confirm.get().is_some() || show_result.get() || rules_open.get();

    view! {
        <div class="layout yonin" inert=dialog_open>
            <section class="play">
                <div class="banner" data-testid="banner" role="status">
                    {banner}
                </div>
                <Board
                    view=board_view
                    on_square=on_square
                    on_hand=on_hand
                    on_promotion=on_promotion
                    on_confirm=on_held_move
                    texts=texts
                    label=Signal::derive(move || t_string!(i18n, yonin_board_label).to_string())
                />
            </section>
            <aside class="side">
                <div class="status" data-testid="status">
                    {super::driver::thinking_mark::<crate::engine::yonin::Game>()}
                    {status}
                </div>
                <div class="move-count" data-testid="move-count">
                    {move_count}
                </div>
                <div class="visually-hidden" aria-live="polite" data-testid="announce">
                    {announcement}
                </div>
                <div class="players">{cards}</div>
                <div class="actions">
                    <button type="button" class="btn primary" data-testid="new-game" on:click=ask_new_game>
                        {t!(i18n, new_game)}
                    </button>
                    <button
                        type="button"
                        class="btn"
                        data-testid="undo"
                        disabled=move || !can_take_back.get()
                        on:click=move |_| {
                            table.update(|t| {
                                let _ = t.take_back();
                            })
                        }
                    >
                        {t!(i18n, take_back)}
                    </button>
                </div>
                <SettingsPanel table=table />
                <RulesButton on_open=Callback::new(move |()| show_rules(true)) />
                <details class="panel">
                    <summary>{t!(i18n, how_to_play)}</summary>
                    <ul class="rules-text">
                        <li>{t!(i18n, yrule_seats)}</li>
                        <li>{t!(i18n, yrule_moves)}</li>
                        <li>{t!(i18n, yrule_hands)}</li>
                        <li>{t!(i18n, yrule_promote)}</li>
                        <li>{t!(i18n, yrule_check)}</li>
                        <li>{t!(i18n, yrule_mate)}</li>
                        <li>{t!(i18n, yrule_end)}</li>
                    </ul>
                </details>
            </aside>
        </div>
        {move || {
            confirm
                .get()
                .map(|kind| {
                    view! {
                        <ConfirmDialog
                            kind=kind
                            on_yes=on_confirm
                            on_no=Callback::new(move |()| ask(None))
                        />
                    }
                })
        }}
        <Show when=move || rules_open.get()>
            <YoninRules
                style=table.with_untracked(|t| t.settings().pieces)
                on_close=Callback::new(move |()| show_rules(false))
            />
        </Show>
        <Show when=move || show_result.get()>
            <ResultDialog
                table=table
                on_again=Callback::new(move |_| new_game())
                on_close=Callback::new(move |_| table.update(|t| t.dismiss_result()))
            />
        </Show>
    }
}

#[component]
fn ResultDialog(
    table: RwSignal<Table>,
    on_again: Callback<()>,
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let pairs = move || table.with(|t| t.game().rules().format == Format::Pairs);
    let outcome = move || table.with(|t| t.game().outcome());
    let title = move || outcome().map(|o| outcome_title(i18n, o, pairs()));
    let reason = move || {
        outcome()
            .map(|o| outcome_reason(i18n, o, pairs()))
            .unwrap_or_default()
    };
    let rows = move || {
        table.with(|t| placing_rows(t.game())).into_iter().map(|row| {
            let out = row.eliminated.map(|e| {
                let by = seat_name(i18n, e.by);
                t_string!(i18n, mated_at, by = by, n = e.at_move).to_string()
            });
            view! {
                <tr data-seat=seat_class(row.seat)>
                    <td class="place">{place_name(i18n, row.place)}</td>
                    <th scope="row">{seat_name(i18n, row.seat)}</th>
                    <td>{row.mates}</td>
                    <td>{if row.eliminated.is_some() { "—".to_string() } else { row.pieces.to_string() }}</td>
                    <td>{row.last_mate.map_or_else(|| "—".to_string(), |m| m.to_string())}</td>
                    <td>{out.unwrap_or_default()}</td>
                </tr>
            }
        }).collect_view()
    };
    view! {
        <Modal testid="result-dialog" on_escape=on_close>
            <h2 id=modal_ids("result-dialog").0 data-testid="result-title">{title}</h2>
            <p id=modal_ids("result-dialog").1 data-testid="result-reason">{reason}</p>
            <table class="placings" data-testid="placings">
                <thead>
                    <tr>
                        <th scope="col">{t!(i18n, col_place)}</th>
                        <th scope="col">{t!(i18n, col_seat)}</th>
                        <th scope="col">{t!(i18n, col_mates)}</th>
                        <th scope="col">{t!(i18n, col_pieces)}</th>
                        <th scope="col">{t!(i18n, col_last_mate)}</th>
                        <th scope="col">{t!(i18n, col_out)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="fine">{t!(i18n, placings_rule)}</p>
            <div class="actions">
                <button type="button" class="btn primary" data-testid="rematch" on:click=move |_| on_again.run(())>
                    {t!(i18n, rematch)}
                </button>
                <button type="button" class="btn" data-testid="close-result" on:click=move |_| on_close.run(())>
                    {t!(i18n, close)}
                </button>
            </div>
        </Modal>
    }
}

/// One `<select>` of the settings panel: `testid`, the label, the choices with their
/// codes and names, the current value and what a choice does.
fn select_setting<T: Copy + PartialEq + Send + Sync + 'static>(
    testid: &'static str,
    label: impl IntoView + 'static,
    choices: Vec<(T, &'static str)>,
    name: impl Fn(T) -> String + Copy + Send + Sync + 'static,
    current: impl Fn() -> T + Copy + Send + Sync + 'static,
    set: impl Fn(T) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let codes = choices.clone();
    view! {
        <label>
            <span>{label}</span>
            <select
                data-testid=testid
                on:change=move |ev| {
                    let code = event_target_value(&ev);
                    if let Some((v, _)) = codes.iter().find(|(_, c)| *c == code) {
                        set(*v);
                    }
                }
            >
                {choices
                    .into_iter()
                    .map(|(v, code)| {
                        view! {
                            <option value=code selected=move || current() == v>
                                {move || name(v)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The settings panel (RULES Y8): seats, local rules, display and time.
#[component]
fn SettingsPanel(table: RwSignal<Table>) -> impl IntoView {
    let i18n = use_i18n();
    let settings = Memo::new(move |_| table.with(|t| *t.settings()));
    let edit = move |f: &dyn Fn(&mut Settings)| {
        let mut s = settings.get_untracked();
        f(&mut s);
        table.update(|t| t.set_settings(s));
    };
    let seat = move |seat: Seat| {
        let select = select_setting(
            match seat {
                Seat::South => "seat-south",
                Seat::West => "seat-west",
                Seat::North => "seat-north",
                Seat::East => "seat-east",
            },
            move || {
                let name = seat_name(i18n, seat);
                t_string!(i18n, seat_of, side = name).to_string()
            },
            vec![(Controller::Human, "human"), (Controller::Cpu, "cpu")],
            move |c| match c {
                Controller::Human => t_string!(i18n, human).to_string(),
                Controller::Cpu => t_string!(i18n, cpu).to_string(),
            },
            move || table.with(|t| t.controller(seat)),
            move |c| table.update(|t| t.set_controller(seat, c)),
        );
        view! {
            {select}
            {cpu_level_select(table, seat, seat_class(seat).to_string())}
        }
    };
    let checkbox = move |testid: &'static str,
                         label: AnyView,
                         get: fn(&Settings) -> bool,
                         set: fn(&mut Settings, bool)| {
        view! {
            <label>
                <span>{label}</span>
                <input
                    type="checkbox"
                    data-testid=testid
                    prop:checked=move || get(&settings.get())
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edit(&|s| set(s, on));
                    }
                />
            </label>
        }
    };
    view! {
        <details class="panel" data-testid="settings" open>
            <summary>{t!(i18n, settings)}</summary>
            <div class="settings">
                <h3>{t!(i18n, seats)}</h3>
                {Seat::ALL.into_iter().map(seat).collect_view()}
                <h3>{t!(i18n, rules_heading)}</h3>
                {select_setting(
                    "set-format",
                    t!(i18n, format),
                    vec![(Format::Individual, "individual"), (Format::Pairs, "pairs")],
                    move |f| match f {
                        Format::Individual => t_string!(i18n, format_individual).to_string(),
                        Format::Pairs => t_string!(i18n, format_pairs).to_string(),
                    },
                    move || settings.get().format,
                    move |f| edit(&|s| s.format = f),
                )}
                <p class="hint" data-testid="hint-format">{t!(i18n, yhint_format)}</p>
                {select_setting(
                    "set-end",
                    t!(i18n, game_end),
                    vec![(GameEnd::AfterTwoMates, "two_mates"), (GameEnd::ToTheLast, "last")],
                    move |e| match e {
                        GameEnd::AfterTwoMates => t_string!(i18n, end_two_mates).to_string(),
                        GameEnd::ToTheLast => t_string!(i18n, end_last).to_string(),
                    },
                    move || settings.get().end,
                    move |e| edit(&|s| s.end = e),
                )}
                <p class="hint" data-testid="hint-end">{t!(i18n, yhint_end)}</p>
                {select_setting(
                    "set-eliminated",
                    t!(i18n, eliminated_pieces),
                    vec![(EliminatedPieces::ToMater, "to_mater"), (EliminatedPieces::Ownerless, "ownerless")],
                    move |e| match e {
                        EliminatedPieces::ToMater => t_string!(i18n, elim_to_mater).to_string(),
                        EliminatedPieces::Ownerless => t_string!(i18n, elim_ownerless).to_string(),
                    },
                    move || settings.get().eliminated_pieces,
                    move |e| edit(&|s| s.eliminated_pieces = e),
                )}
                <p class="hint" data-testid="hint-eliminated">{t!(i18n, yhint_eliminated)}</p>
                {select_setting(
                    "set-limit",
                    t!(i18n, move_limit),
                    MOVE_LIMITS
                        .into_iter()
                        .map(|l| (l, match l {
                            None => "none",
                            Some(200) => "200",
                            Some(300) => "300",
                            Some(_) => "400",
                        }))
                        .collect(),
                    move |l| match l {
                        None => t_string!(i18n, limit_none).to_string(),
                        Some(n) => t_string!(i18n, limit_moves, count = n).to_string(),
                    },
                    move || settings.get().move_limit,
                    move |l| edit(&|s| s.move_limit = l),
                )}
                <p class="hint" data-testid="hint-limit">{t!(i18n, yhint_limit)}</p>
                <Show when=move || table.with(|t| t.rules_pending())>
                    <div class="pending" data-testid="rules-pending">
                        {t!(i18n, yonin_rules_pending)}
                    </div>
                </Show>
                {checkbox(
                    "set-alternate",
                    t!(i18n, alternate_start).into_any(),
                    |s| s.alternate_who_starts,
                    |s, on| s.alternate_who_starts = on,
                )}
                <p class="hint" data-testid="hint-alternate">{t!(i18n, yhint_alternate)}</p>
                <h3>{t!(i18n, site_heading)}</h3>
                {checkbox(
                    "set-show-legal",
                    t!(i18n, show_legal_moves).into_any(),
                    |s| s.show_legal_moves,
                    |s, on| s.show_legal_moves = on,
                )}
                {select_setting(
                    "set-view",
                    t!(i18n, board_view),
                    vec![(ViewMode::Fixed, "fixed"), (ViewMode::TurnToMove, "turn")],
                    move |v| match v {
                        ViewMode::Fixed => t_string!(i18n, view_fixed).to_string(),
                        ViewMode::TurnToMove => t_string!(i18n, view_turn).to_string(),
                    },
                    move || settings.get().view,
                    move |v| edit(&|s| s.view = v),
                )}
                {select_setting(
                    "set-pieces",
                    t!(i18n, piece_style),
                    vec![(PieceStyle::Kanji, "kanji"), (PieceStyle::Letters, "letters")],
                    move |p| match p {
                        PieceStyle::Kanji => t_string!(i18n, style_kanji).to_string(),
                        PieceStyle::Letters => t_string!(i18n, style_letters).to_string(),
                    },
                    move || settings.get().pieces,
                    move |p| edit(&|s| s.pieces = p),
                )}
                {select_setting(
                    "set-time",
                    t!(i18n, time_per_move),
                    vec![(TimePerMove::None, "none"), (TimePerMove::Seconds30, "30"), (TimePerMove::Seconds60, "60")],
                    move |tm: TimePerMove| match tm.millis() {
                        None => t_string!(i18n, time_none).to_string(),
                        Some(ms) => t_string!(i18n, time_seconds, count = ms / 1000).to_string(),
                    },
                    move || settings.get().time_per_move,
                    move |tm| edit(&|s| s.time_per_move = tm),
                )}
            </div>
        </details>
    }
}

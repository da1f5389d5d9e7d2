//! The Hasami Shogi table: board, players, status, actions, settings and the result
//! dialog, all drawn from one [`Table`] signal. Clicks and choices are forwarded to the
//! table ([`crate::session::table`]), which decides what they mean.

use super::board::{Board, BoardView, Facing, PieceView, SquareView, Turn, piece_svg};
use super::i18n::{Locale, t, t_string, use_i18n};
use super::rules::{HasamiRules, RulesButton};
use super::widgets::{Confirm, ConfirmDialog, Modal, clock_view, cpu_level_select, modal_ids};
use crate::engine::Square;
use crate::engine::hasami::{DrawReason, Outcome, Player, WinCondition, WinReason};
use crate::session::hasami::{
    Controller, MOVE_LIMITS, PieceStyle, Settings, Table, TimePerMove, ViewMode,
};
use crate::session::table::{GameSettings, Selection, Source};
use leptos::prelude::*;
use leptos_i18n::I18nContext;
use std::time::Duration;

/// How long the board waits, after a move is shown, before it turns to the next person
/// (the pass-and-play view).
const TURN_DELAY: Duration = Duration::from_millis(700);

/// The translated name of a side.
pub fn side_name(i18n: I18nContext<Locale>, side: Player) -> String {
    match side {
        Player::Black => t_string!(i18n, black).to_string(),
        Player::White => t_string!(i18n, white).to_string(),
    }
}

/// How a Hasami piece of `side` is drawn with the piece set `set`.
pub(super) fn piece_view(side: Player, label: String, set: PieceStyle) -> PieceView {
    PieceView {
        side: match side {
            Player::Black => "black",
            Player::White => "white",
        },
        facing: match side {
            Player::Black => Facing::North,
            Player::White => Facing::South,
        },
        text: set.text(side).map(str::to_string),
        promoted: false,
        inert: false,
        label,
    }
}

/// The board turned so that `bottom` sits at the bottom.
const fn turn_for(bottom: Player) -> Turn {
    match bottom {
        Player::Black => Turn::Rank1,
        Player::White => Turn::Rank9,
    }
}

/// The whole Hasami table.
#[component]
pub fn HasamiTable(
    /// The table, owned by the app (it outlives this view).
    table: RwSignal<Table>,
) -> impl IntoView {
    let i18n = use_i18n();
    let confirm = RwSignal::new(None::<Confirm>);
    // A question open before an action that cannot be taken back stops the clock and
    // the CPU (the table is told).
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

    // Derived view state.
    let outcome = Memo::new(move |_| table.with(|t| t.game().outcome()));
    let human_to_move = Memo::new(move |_| table.with(|t| t.human_to_move()));
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
    let motion = super::use_motion();
    let board_view = Memo::new(move |_| {
        let black_label = t_string!(i18n, piece_black).to_string();
        let white_label = t_string!(i18n, piece_white).to_string();
        let motion = motion.get();
        table.with(|t| {
            let game = t.game();
            let pos = game.position();
            let set = t.settings().pieces;
            let mut squares = vec![SquareView::default(); 81];
            for sq in Square::all() {
                squares[sq.index()].piece = pos.piece_at(sq).map(|p| {
                    let label = match p {
                        Player::Black => black_label.clone(),
                        Player::White => white_label.clone(),
                    };
                    piece_view(p, label, set)
                });
            }
            if let (Some(mv), Some(captured)) = (game.moves().last(), game.captured().last()) {
                squares[mv.from.index()].last = true;
                squares[mv.to.index()].last = true;
                for sq in *captured {
                    squares[sq.index()].captured = true;
                }
            }
            if let Some((sq, arrive)) = super::arrival(t.move_feedback(), motion) {
                squares[sq.index()].arrive = Some(arrive);
            }
            let proposed = t.proposed();
            if let Selection::Source(Source::Square(from)) = t.selection() {
                squares[from.index()].selected = true;
                if t.settings().show_legal_moves() && proposed.is_none() {
                    for to in t.destinations() {
                        squares[to.index()].target = true;
                    }
                }
            }
            // A move held for confirmation: its piece drawn faded on the destination.
            if let Some(mv) = proposed
                && let Some(side) = pos.piece_at(mv.from)
            {
                let label = match side {
                    Player::Black => black_label.clone(),
                    Player::White => white_label.clone(),
                };
                squares[mv.to.index()].ghost = Some(piece_view(side, label, set));
            }
            BoardView {
                squares,
                turn: turn_for(bottom.get()),
                locked: !t.human_to_move(),
                hands: Vec::new(),
                promotion: None,
                confirm: proposed.map(|mv| mv.to),
            }
        })
    });

    let on_square = Callback::new(move |sq: Square| {
        table.update(|t| {
            t.click_square(sq);
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
    let can_resign = Memo::new(move |_| table.with(|t| t.resigner().is_some()));
    let can_take_back = Memo::new(move |_| table.with(|t| t.can_take_back()));
    let resign = move || {
        ask(None);
        table.update(|t| {
            let _ = t.resign();
        });
    };
    // A game that ends (say, by the CPU's move) closes any question about it.
    Effect::new(move |_| {
        if outcome.get().is_some() && confirm.get_untracked().is_some() {
            ask(None);
        }
    });
    let on_confirm = Callback::new(move |kind: Confirm| match kind {
        Confirm::NewGame => new_game(),
        Confirm::Resign => resign(),
    });

    let status = move || {
        let side = table.with(|t| t.game().position().side_to_move());
        match outcome.get() {
            Some(outcome) => view! {
                {outcome_title(i18n, outcome)}
                " — "
                {move || outcome_reason(i18n, outcome)}
            }
            .into_any(),
            None if !human_to_move.get() => t!(i18n, cpu_thinking).into_any(),
            None => t!(i18n, to_move, side = move || side_name(i18n, side)).into_any(),
        }
    };
    // Moves played, and the limit if there is one (RULES H4.5: plies of both players).
    let move_count = move || {
        let (n, limit) = table.with(|t| (t.game().position().ply(), t.game().rules().move_limit));
        match limit {
            Some(limit) => t!(
                i18n,
                moves_played_limit,
                n = move || n,
                limit = move || limit
            )
            .into_any(),
            None => t!(i18n, moves_played, n = move || n).into_any(),
        }
    };
    // Read out the last move for screen readers (the CPU's moves too).
    let announcement = move || {
        table.with(|t| {
            let game = t.game();
            let (mv, captured) = (*game.moves().last()?, game.captured().last()?.len());
            let side = game.positions()[game.moves().len() - 1].side_to_move();
            let name = move || side_name(i18n, side);
            let mv = mv.to_string();
            Some(if captured > 0 {
                t!(
                    i18n,
                    announce_capture,
                    side = name,
                    mv = move || mv.clone(),
                    count = move || captured
                )
                .into_any()
            } else {
                t!(i18n, announce_move, side = name, mv = move || mv.clone()).into_any()
            })
        })
    };

    let player_card = move |side: Player| {
        let to_move = move || {
            table.with(|t| !t.game().is_over() && t.game().position().side_to_move() == side)
        };
        let controller = move || table.with(|t| t.controller(side));
        let captures = move || table.with(|t| t.game().position().captures(side));
        let target = move || match table.with(|t| t.game().rules().win) {
            WinCondition::CaptureFive => "/5",
            WinCondition::CaptureAll => "/9",
            WinCondition::LeadByThree => "",
        };
        let wins = move || table.with(|t| t.participants()[t.participant_of(side)].wins);
        let clock = move || {
            let ms = table.with(|t| t.remaining_ms())?;
            to_move().then(|| clock_view(ms))
        };
        let icon = move || piece_view(side, String::new(), table.with(|t| t.settings().pieces));
        view! {
            <div
                class=move || if to_move() { "player to-move" } else { "player" }
                data-testid=format!("player-{side}")
            >
                <span class="player-icon">{move || piece_svg(&icon(), turn_for(bottom.get()))}</span>
                <div class="who">
                    <div class="name">{move || side_name(i18n, side)}</div>
                    <div class="role">
                        {move || match controller() {
                            Controller::Human => t_string!(i18n, human).to_string(),
                            Controller::Cpu => t_string!(i18n, cpu).to_string(),
                        }}
                        " · "
                        {t!(i18n, wins, n = wins)}
                    </div>
                </div>
                {clock}
                <div class="count" title=move || t_string!(i18n, captures).to_string()>
                    <span data-testid=format!("captures-{side}")>{captures}</span>
                    <span class="role">{target}</span>
                </div>
            </div>
        }
    };
    // The player seen at the top of the board is drawn first.
    let top_side = move || bottom.get().opponent();
    let show_result = Memo::new(move |_| table.with(|t| t.show_result()));

    // While a dialog is open the table behind it takes no clicks or keys.
    let dialog_open = move || confirm.get().is_some() || show_result.get() || rules_open.get();

    view! {
        <div class="layout" inert=dialog_open>
            <section class="play">
                {move || player_card(top_side())}
                <Board
                    view=board_view
                    on_square=on_square
                    on_confirm=on_held_move
                    texts=texts
                    label=Signal::derive(move || t_string!(i18n, board_label).to_string())
                />
                {move || player_card(top_side().opponent())}
            </section>
            <aside class="side">
                <div class="status" data-testid="status">
                    {super::driver::thinking_mark::<crate::engine::hasami::Game>()}
                    {status}
                </div>
                <div class="move-count" data-testid="move-count">
                    {move_count}
                </div>
                <div class="visually-hidden" aria-live="polite" data-testid="announce">
                    {announcement}
                </div>
                <div class="actions">
                    <button type="button" class="btn primary" data-testid="new-game" on:click=ask_new_game>
                        {t!(i18n, new_game)}
                    </button>
                    <button
                        type="button"
                        class="btn"
                        data-testid="resign"
                        disabled=move || !can_resign.get()
                        on:click=move |_| ask(Some(Confirm::Resign))
                    >
                        {t!(i18n, resign)}
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
                        <li>{t!(i18n, rule_move)}</li>
                        <li>{t!(i18n, rule_capture)}</li>
                        <li>{t!(i18n, rule_corner)}</li>
                        <li>{t!(i18n, rule_safe)}</li>
                        <li>{t!(i18n, rule_win)}</li>
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
            <HasamiRules
                set=table.with_untracked(|t| t.settings().pieces)
                on_close=Callback::new(move |()| show_rules(false))
            />
        </Show>
        <Show when=move || show_result.get()>
            <ResultDialog
                outcome=outcome
                on_again=Callback::new(move |_| new_game())
                on_close=Callback::new(move |_| table.update(|t| t.dismiss_result()))
            />
        </Show>
    }
}

/// The translated headline of an outcome ("Black wins", "Draw").
fn outcome_title(i18n: I18nContext<Locale>, outcome: Outcome) -> AnyView {
    match outcome {
        Outcome::Win { winner, .. } => {
            t!(i18n, wins_title, side = move || side_name(i18n, winner)).into_any()
        }
        Outcome::Draw { .. } => t!(i18n, draw_title).into_any(),
    }
}

/// The translated reason of an outcome (RULES H4).
fn outcome_reason(i18n: I18nContext<Locale>, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::CapturedFive => t_string!(i18n, reason_captured_five),
            WinReason::LeadByThree => t_string!(i18n, reason_lead_by_three),
            WinReason::CapturedAll => t_string!(i18n, reason_captured_all),
            WinReason::NoLegalMove => t_string!(i18n, reason_no_legal_move),
            WinReason::Resignation => t_string!(i18n, reason_resignation),
        },
        Outcome::Draw {
            reason: DrawReason::Repetition,
        } => t_string!(i18n, reason_repetition),
        Outcome::Draw {
            reason: DrawReason::MoveLimit,
        } => t_string!(i18n, reason_move_limit),
    }
    .to_string()
}

#[component]
fn ResultDialog(
    outcome: Memo<Option<Outcome>>,
    on_again: Callback<()>,
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let title = move || outcome.get().map(|o| outcome_title(i18n, o));
    let reason = move || {
        outcome
            .get()
            .map(|o| outcome_reason(i18n, o))
            .unwrap_or_default()
    };
    let again_label = move || match outcome.get() {
        Some(Outcome::Draw { .. }) => t_string!(i18n, play_again).to_string(),
        _ => t_string!(i18n, rematch).to_string(),
    };
    view! {
        <Modal testid="result-dialog" on_escape=on_close>
            <h2 id=modal_ids("result-dialog").0 data-testid="result-title">{title}</h2>
            <p id=modal_ids("result-dialog").1 data-testid="result-reason">{reason}</p>
            <div class="actions">
                <button type="button" class="btn primary" data-testid="rematch" on:click=move |_| on_again.run(())>
                    {again_label}
                </button>
                <button type="button" class="btn" data-testid="close-result" on:click=move |_| on_close.run(())>
                    {t!(i18n, close)}
                </button>
            </div>
        </Modal>
    }
}

/// The settings panel (RULES H5): seats, local rules, display and time.
#[component]
fn SettingsPanel(table: RwSignal<Table>) -> impl IntoView {
    let i18n = use_i18n();
    let settings = Memo::new(move |_| table.with(|t| *t.settings()));
    let edit = move |f: Box<dyn FnOnce(&mut Settings)>| {
        let mut s = settings.get_untracked();
        f(&mut s);
        table.update(|t| t.set_settings(s));
    };

    let seat = move |side: Player| {
        let on_change = move |ev: leptos::ev::Event| {
            let controller = if event_target_value(&ev) == "cpu" {
                Controller::Cpu
            } else {
                Controller::Human
            };
            table.update(|t| t.set_controller(side, controller));
        };
        let is_cpu = move || table.with(|t| t.controller(side) == Controller::Cpu);
        view! {
            <label>
                <span>{t!(i18n, seat_of, side = move || side_name(i18n, side))}</span>
                <select data-testid=format!("seat-{side}") on:change=on_change>
                    <option value="human" selected=move || !is_cpu()>
                        {t!(i18n, human)}
                    </option>
                    <option value="cpu" selected=is_cpu>
                        {t!(i18n, cpu)}
                    </option>
                </select>
            </label>
            {cpu_level_select(table, side, side.to_string())}
        }
    };

    let win_name = move |w: WinCondition| match w {
        WinCondition::CaptureFive => t_string!(i18n, win_capture_five).to_string(),
        WinCondition::LeadByThree => t_string!(i18n, win_lead_by_three).to_string(),
        WinCondition::CaptureAll => t_string!(i18n, win_capture_all).to_string(),
    };
    let limit_name = move |l: Option<u32>| match l {
        None => t!(i18n, limit_none).into_any(),
        Some(n) => t!(i18n, limit_plies, count = move || n).into_any(),
    };
    let time_name = move |t: TimePerMove| match t.millis() {
        None => t_string!(i18n, time_none).to_string(),
        Some(ms) => t_string!(i18n, time_seconds, count = ms / 1000).to_string(),
    };
    let win_code = |w: WinCondition| match w {
        WinCondition::CaptureFive => "capture_five",
        WinCondition::LeadByThree => "lead_by_three",
        WinCondition::CaptureAll => "capture_all",
    };
    let limit_code = |l: Option<u32>| l.map_or_else(|| "none".to_string(), |n| n.to_string());
    let view_name = move |v: ViewMode| match v {
        ViewMode::Fixed => t_string!(i18n, view_fixed).to_string(),
        ViewMode::TurnToMove => t_string!(i18n, view_turn).to_string(),
    };
    let view_code = |v: ViewMode| match v {
        ViewMode::Fixed => "fixed",
        ViewMode::TurnToMove => "turn",
    };
    let time_code = |t: TimePerMove| match t {
        TimePerMove::None => "none",
        TimePerMove::Seconds30 => "30",
        TimePerMove::Seconds60 => "60",
    };

    view! {
        <details class="panel" data-testid="settings" open>
            <summary>{t!(i18n, settings)}</summary>
            <div class="settings">
                <h3>{t!(i18n, seats)}</h3>
                {seat(Player::Black)}
                {seat(Player::White)}
                <h3>{t!(i18n, rules_heading)}</h3>
                <label>
                    <span>{t!(i18n, win_condition)}</span>
                    <select
                        data-testid="set-win"
                        on:change=move |ev| {
                            let code = event_target_value(&ev);
                            if let Some(w) = WinCondition::ALL.into_iter().find(|w| win_code(*w) == code) {
                                edit(Box::new(move |s| s.win = w));
                            }
                        }
                    >
                        {WinCondition::ALL
                            .into_iter()
                            .map(|w| {
                                view! {
                                    <option value=win_code(w) selected=move || settings.get().win == w>
                                        {move || win_name(w)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <p class="hint" data-testid="hint-win">{t!(i18n, hint_win)}</p>
                <label>
                    <span>{t!(i18n, move_limit)}</span>
                    <select
                        data-testid="set-limit"
                        on:change=move |ev| {
                            let code = event_target_value(&ev);
                            if let Some(l) = MOVE_LIMITS.into_iter().find(|l| limit_code(*l) == code) {
                                edit(Box::new(move |s| s.move_limit = l));
                            }
                        }
                    >
                        {MOVE_LIMITS
                            .into_iter()
                            .map(|l| {
                                view! {
                                    <option value=limit_code(l) selected=move || settings.get().move_limit == l>
                                        {move || limit_name(l)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <p class="hint" data-testid="hint-limit">{t!(i18n, hint_limit)}</p>
                <Show when=move || table.with(|t| t.rules_pending())>
                    <div class="pending" data-testid="rules-pending">
                        {t!(i18n, rules_pending)}
                        " "
                        {move || {
                            let rules = table.with(|t| t.game().rules());
                            t!(
                                i18n, current_rules, win = move || win_name(rules.win), limit = move || limit_name(rules.move_limit)
                            )
                        }}
                    </div>
                </Show>
                <label>
                    <span>{t!(i18n, alternate_start)}</span>
                    <input
                        type="checkbox"
                        data-testid="set-alternate"
                        prop:checked=move || settings.get().alternate_start
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            edit(Box::new(move |s| s.alternate_start = on));
                        }
                    />
                </label>
                <p class="hint" data-testid="hint-alternate">{t!(i18n, hint_alternate)}</p>
                <h3>{t!(i18n, site_heading)}</h3>
                <label>
                    <span>{t!(i18n, show_legal_moves)}</span>
                    <input
                        type="checkbox"
                        data-testid="set-show-legal"
                        prop:checked=move || settings.get().show_legal_moves
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            edit(Box::new(move |s| s.show_legal_moves = on));
                        }
                    />
                </label>
                <label>
                    <span>{t!(i18n, board_view)}</span>
                    <select
                        data-testid="set-view"
                        on:change=move |ev| {
                            let code = event_target_value(&ev);
                            if let Some(v) = ViewMode::ALL.into_iter().find(|v| view_code(*v) == code) {
                                edit(Box::new(move |s| s.view = v));
                            }
                        }
                    >
                        {ViewMode::ALL
                            .into_iter()
                            .map(|v| {
                                view! {
                                    <option value=view_code(v) selected=move || settings.get().view == v>
                                        {move || view_name(v)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label>
                    <span>{t!(i18n, time_per_move)}</span>
                    <select
                        data-testid="set-time"
                        on:change=move |ev| {
                            let code = event_target_value(&ev);
                            if let Some(tm) = TimePerMove::ALL.into_iter().find(|tm| time_code(*tm) == code) {
                                edit(Box::new(move |s| s.time_per_move = tm));
                            }
                        }
                    >
                        {TimePerMove::ALL
                            .into_iter()
                            .map(|tm| {
                                view! {
                                    <option value=time_code(tm) selected=move || settings.get().time_per_move == tm>
                                        {move || time_name(tm)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
        </details>
    }
}

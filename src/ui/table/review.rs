//! The move list and the replay controls beside the board, and the statistics panel.
//! What a click or key means is decided by the table ([`Table::replay_to`],
//! [`Table::replay_step`], [`Table::redo`]); this only draws and forwards.

use super::{Screen, TableCtx};
use crate::ai::Level;
use crate::session::table::history::{MoveEntry, move_list};
use crate::session::table::{Against, ReplayStep, StatsRow, Table};
use crate::ui::i18n::{t, t_string};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The translated name of a CPU level.
pub fn level_name(i18n: super::I18n, level: Level) -> String {
    match level {
        Level::Novice => t_string!(i18n, level_novice).to_string(),
        Level::Beginner => t_string!(i18n, level_beginner).to_string(),
        Level::Casual => t_string!(i18n, level_casual).to_string(),
        Level::Strong => t_string!(i18n, level_strong).to_string(),
        Level::Master => t_string!(i18n, level_master).to_string(),
    }
}

/// What a move did, for screen readers ("captured: 1; check to West"); empty when it
/// only moved.
pub(super) fn move_details<G: Screen>(i18n: super::I18n, e: &MoveEntry<G::Seat>) -> String {
    let mut parts = Vec::new();
    if e.note.promoted {
        parts.push(t_string!(i18n, move_promotes).to_string());
    }
    if e.note.captured > 0 {
        parts.push(t_string!(i18n, move_captures, n = e.note.captured).to_string());
    }
    let names = |seats: &[G::Seat]| {
        seats
            .iter()
            .map(|&s| G::seat_name(i18n, s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !e.note.checks.is_empty() {
        parts.push(t_string!(i18n, move_checks, seats = names(&e.note.checks)).to_string());
    }
    // One phrase per skipped seat: its verb agrees with one seat in every language.
    for &s in &e.note.skipped {
        parts.push(t_string!(i18n, move_skips, seats = G::seat_name(i18n, s)).to_string());
    }
    for m in &e.note.mates {
        parts.push(
            t_string!(
                i18n,
                move_mate,
                seat = G::seat_name(i18n, m.seat),
                by = G::seat_name(i18n, m.by)
            )
            .to_string(),
        );
    }
    parts.join("; ")
}

/// The marks drawn after a move's notation: its captures (` ×2`) and, in a word, a
/// check (` check`; not "+", which in the notation is a promotion, RULES Y9.1). Empty
/// when it only moved. The move list and the summary of the moves not seen share it.
pub(super) fn move_marks<S>(i18n: super::I18n, e: &MoveEntry<S>) -> String {
    let mut m = String::new();
    if e.note.captured > 0 {
        m.push_str(&format!(" ×{}", e.note.captured));
    }
    if !e.note.checks.is_empty() {
        m.push(' ');
        m.push_str(t_string!(i18n, move_check_mark));
    }
    m
}

/// One line of the move list (`move-<n>`): a button that replays the game to it.
fn move_item<G: Screen>(
    ctx: TableCtx<G>,
    e: MoveEntry<G::Seat>,
    current: Memo<usize>,
) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let ply = e.ply;
    // The accessible name is the button's text: the number and notation as shown, the
    // seat's name and what the move did in visually hidden text (the marks and the
    // events drawn are hidden from screen readers, which read the words instead).
    let details = move_details::<G>(i18n, &e);
    let details = (!details.is_empty()).then(|| format!("; {details}"));
    let seat_name = G::seat_name(i18n, e.note.seat);
    let number = if e.numbered {
        view! { <span class="num">{format!("{}.", e.number)}</span> }.into_any()
    } else {
        view! { <span class="visually-hidden">{format!("{}.", e.number)}</span> }.into_any()
    };
    let dot = format!("dot seat-{}", G::seat_class(e.note.seat));
    let marks = move_marks(i18n, &e);
    let events: Vec<String> = e
        .note
        .skipped
        .iter()
        .map(|&s| t_string!(i18n, move_skips, seats = G::seat_name(i18n, s)).to_string())
        .chain(e.note.mates.iter().map(|m| {
            t_string!(
                i18n,
                move_mate,
                seat = G::seat_name(i18n, m.seat),
                by = G::seat_name(i18n, m.by)
            )
            .to_string()
        }))
        .collect();
    let events = (!events.is_empty()).then(|| {
        view! { <span class="events" aria-hidden="true">{events.join(" · ")}</span> }
    });
    view! {
        <li data-testid=format!("move-{ply}") class:current=move || current.get() == ply>
            <button
                type="button"
                // One stop of Tab for the whole list: the move shown (the first at the
                // start); Left/Right/Home/End step from there.
                tabindex=move || if current.get().max(1) == ply { "0" } else { "-1" }
                aria-current=move || (current.get() == ply).then_some("step")
                on:click=move |_| table.update(|t| t.replay_to(ply))
            >
                {number}
                <span class=dot aria-hidden="true"></span>
                <span class="visually-hidden">{seat_name}" "</span>
                <span class="mv">{e.note.notation.clone()}</span>
                <span class="marks" aria-hidden="true">{marks}</span>
                <span class="visually-hidden">{details}</span>
                {events}
            </button>
        </li>
    }
}

/// A replay button that a step disabled (« at the start, » at the end) loses the
/// focus to the page body: it goes to the first of the buttons still enabled.
fn keep_focus(ev: &leptos::ev::MouseEvent) {
    // The target's group (events are delegated: the current target is not the button).
    let Some(group) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|b| b.closest(".replay-buttons").ok().flatten())
    else {
        return;
    };
    set_timeout(
        move || {
            // On a button just disabled the browser drops the focus only at its next
            // rendering: that counts as lost too.
            let lost = crate::ui::widgets::focus_lost()
                || document()
                    .active_element()
                    .is_some_and(|a| a.matches(":disabled").unwrap_or(false));
            if lost
                && let Ok(Some(button)) = group.query_selector("button:not(:disabled)")
                && let Ok(button) = button.dyn_into::<web_sys::HtmlElement>()
            {
                let _ = button.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}

/// The move list (`move-list`), the replay buttons, the replaying state with its way
/// back (`replay-mode`, `replay-exit`, and `open-shared` for a shared game), and the
/// Left/Right/Home/End keys.
pub fn move_list_panel<G: Screen>(
    ctx: TableCtx<G>,
    on_continue_shared: Callback<()>,
) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    // The list changes with the table's revision and with a shared game shown, not
    // with the replay's steps or the clock.
    let key = Memo::new(move |_| table.with(|t| (t.revision(), t.shows_shared())));
    let entries = Memo::new(move |_| {
        key.get();
        table.with_untracked(|t| move_list(t.replayed()))
    });
    let current =
        Memo::new(move |_| table.with(|t| t.replay_ply().unwrap_or(t.replayed().moves().len())));
    let total = Memo::new(move |_| entries.with(|e| e.len()));
    let replaying = Memo::new(move |_| table.with(|t| t.replay_ply().is_some()));
    let shared = Memo::new(move |_| table.with(|t| t.shows_shared()));
    // A finished game is opened here, not continued.
    let finished = Memo::new(move |_| table.with(|t| t.replayed().is_over()));
    // The replay line, as the status line above the board says it.
    let status = Memo::new(move |_| table.with(|t| t.replay_status()));
    let step = move |s: ReplayStep| table.update(|t| t.replay_step(s));

    // The current move stays in sight inside the list (the page itself does not move).
    let list_ref = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |_| {
        let ply = current.get();
        entries.track();
        let Some(list) = list_ref.get() else { return };
        let selector = format!("[data-testid=\"move-{ply}\"]");
        if let Ok(Some(item)) = list.query_selector(&selector)
            && let Ok(item) = item.dyn_into::<web_sys::HtmlElement>()
        {
            // The list is positioned (CSS), so an item's offset is within it.
            let top = item.offset_top();
            let (view, height) = (list.client_height(), item.offset_height());
            let scroll = list.scroll_top();
            if top < scroll || top + height > scroll + view {
                list.set_scroll_top((top - view / 2).max(0));
            }
        } else if ply == 0 {
            list.set_scroll_top(0);
        }
        // The list is one stop of Tab (its current move, [`move_item`]); the focus in
        // it follows the move shown as the arrow keys step through the game.
        let focus_in_list = document()
            .active_element()
            .is_some_and(|a| list.contains(Some(&a)));
        let stop = format!("[data-testid=\"move-{}\"] button", ply.max(1));
        if focus_in_list
            && let Ok(Some(button)) = list.query_selector(&stop)
            && let Ok(button) = button.dyn_into::<web_sys::HtmlElement>()
        {
            let _ = button.focus();
        }
    });

    // Left/Right/Home/End step through the game, unless the focus is in a form field
    // or a dialog is open; Left and Right not while the focus is on the board either
    // (its arrows move between squares; Home and End it leaves to the game).
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() || ev.shift_key() {
            return;
        }
        let s = match ev.key().as_str() {
            "ArrowLeft" => ReplayStep::Previous,
            "ArrowRight" => ReplayStep::Next,
            "Home" => ReplayStep::First,
            "End" => ReplayStep::Last,
            _ => return,
        };
        let target = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let keep_to = if matches!(s, ReplayStep::Previous | ReplayStep::Next) {
            "[data-testid=\"board\"], input, select, textarea, .overlay, [inert]"
        } else {
            "input, select, textarea, .overlay, [inert]"
        };
        if let Some(el) = target
            && el.closest(keep_to).ok().flatten().is_some()
        {
            return;
        }
        if document()
            .query_selector(".overlay")
            .ok()
            .flatten()
            .is_some()
        {
            return;
        }
        ev.prevent_default();
        step(s);
    });
    on_cleanup(move || handle.remove());

    let at_start = move || current.get() == 0;
    let at_end = move || current.get() >= total.get();
    view! {
        <section class="panel moves" aria-labelledby="moves-title">
            <h2 class="moves-title" id="moves-title">{t!(i18n, moves_heading)}</h2>
            <ol class=if G::NUMBERS_IN_PAIRS { "move-list pairs" } else { "move-list" } data-testid="move-list" node_ref=list_ref>
                {move || {
                    entries
                        .get()
                        .into_iter()
                        .map(|e| move_item(ctx, e, current))
                        .collect_view()
                }}
            </ol>
            // While replaying on one column (phones), this bar lies over the bottom of the
            // window, so the board and the buttons are seen together (style/main.css).
            <div class="replay-bar" class:replaying=move || replaying.get()>
            <div class="replay-buttons" role="group" aria-label=move || t_string!(i18n, replay_controls).to_string()>
                <button type="button" class="btn icon" data-testid="replay-first"
                    title=move || t_string!(i18n, replay_first).to_string()
                    aria-label=move || t_string!(i18n, replay_first).to_string()
                    disabled=at_start on:click=move |ev| { step(ReplayStep::First); keep_focus(&ev) }>"«"</button>
                <button type="button" class="btn icon" data-testid="replay-prev"
                    title=move || t_string!(i18n, replay_prev).to_string()
                    aria-label=move || t_string!(i18n, replay_prev).to_string()
                    disabled=at_start on:click=move |ev| { step(ReplayStep::Previous); keep_focus(&ev) }>"‹"</button>
                <button type="button" class="btn icon" data-testid="replay-next"
                    title=move || t_string!(i18n, replay_next).to_string()
                    aria-label=move || t_string!(i18n, replay_next).to_string()
                    disabled=at_end on:click=move |ev| { step(ReplayStep::Next); keep_focus(&ev) }>"›"</button>
                <button type="button" class="btn icon" data-testid="replay-last"
                    title=move || t_string!(i18n, replay_last).to_string()
                    aria-label=move || t_string!(i18n, replay_last).to_string()
                    disabled=move || at_end() && (!replaying.get() || shared.get()) on:click=move |ev| { step(ReplayStep::Last); keep_focus(&ev) }>"»"</button>
            </div>
            <Show when=move || replaying.get()>
                <div class="replay-mode" data-testid="replay-mode" role="status">
                    <span>
                        {move || status.get().map(|s| super::replay_text::<G>(i18n, s))}
                    </span>
                    <Show when=move || shared.get()>
                        <button type="button" class="btn primary" data-testid="open-shared"
                            on:click=move |_| on_continue_shared.run(())>
                            {move || if finished.get() {
                                t_string!(i18n, open_shared_finished).to_string()
                            } else {
                                t_string!(i18n, open_shared).to_string()
                            }}
                        </button>
                    </Show>
                    <button type="button" class="btn" data-testid="replay-exit"
                        on:click=move |_| table.update(|t| t.exit_replay())>
                        {move || if shared.get() {
                            t_string!(i18n, shared_close).to_string()
                        } else {
                            t_string!(i18n, replay_exit).to_string()
                        }}
                    </button>
                </div>
            </Show>
            </div>
        </section>
    }
}

/// One row of the statistics, in the words of the game.
fn stats_row<G: Screen>(i18n: super::I18n, row: StatsRow) -> impl IntoView {
    let against = match row.against {
        Against::People => t_string!(i18n, stats_people).to_string(),
        Against::Cpu(level) => {
            t_string!(i18n, stats_cpu, level = level_name(i18n, level)).to_string()
        }
    };
    let results = if G::STATS_PLACES {
        let mut text = t_string!(
            i18n,
            stats_places,
            first = row.places[0],
            second = row.places[1],
            third = row.places[2],
            fourth = row.places[3]
        )
        .to_string();
        if row.draws > 0 {
            text.push_str(&format!(
                " · {}",
                t_string!(i18n, stats_draws, n = row.draws)
            ));
        }
        text
    } else {
        t_string!(i18n, stats_wdl, w = row.wins, d = row.draws, l = row.losses).to_string()
    };
    view! {
        <tr>
            <th scope="row">{against}</th>
            <td>{results}</td>
        </tr>
    }
}

/// The statistics panel (`stats`) with its reset button (`stats-reset`), which asks
/// first (`on_reset`).
pub fn stats_panel<G: Screen>(ctx: TableCtx<G>, on_reset: Callback<()>) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let stats = Memo::new(move |_| table.with(|t: &Table<G>| t.stats().clone()));
    view! {
        <details class="panel" data-testid="stats">
            <summary>{t!(i18n, stats_heading)}</summary>
            <Show
                when=move || !stats.with(|s| s.is_empty())
                fallback=move || view! { <p class="hint">{t!(i18n, stats_none)}</p> }
            >
                <table class="stats">
                    <tbody>
                        {move || stats.get().rows.into_iter().map(|r| stats_row::<G>(i18n, r)).collect_view()}
                    </tbody>
                </table>
            </Show>
            <button type="button" class="btn" data-testid="stats-reset"
                disabled=move || stats.with(|s| s.is_empty())
                on:click=move |_| on_reset.run(())>
                {t!(i18n, stats_reset)}
            </button>
        </details>
    }
}

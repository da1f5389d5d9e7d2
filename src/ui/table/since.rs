//! The summary of what the person to move has not seen, beside the status: every move
//! since their seat last moved, in the mover's colour, with what it did (captures,
//! checks, turns skipped and why, mates), kept until they move. Which moves, and for
//! whom, is decided by the table ([`Table::since_move`]); the sentences of each move
//! come from the game ([`Screen::since_lines`]).
//!
//! Hooks: `since` (the box), `since-move` (the list: one `li` per move, each
//! `since-<ply>` with the class `seat-SEAT`), `since-title`.

use super::{Screen, TableCtx};
use crate::session::app::join_sentences;
use crate::session::table::{SinceMove, Table};
use crate::ui::i18n::t_string;
use leptos::prelude::*;
use leptos_i18n::Locale as _;

/// What the box shows: the summary and the sentences of each of its moves.
type Shown<S> = Option<(SinceMove<S>, Vec<Vec<String>>)>;

/// The summary box. Its height is fixed by the CSS (its list scrolls), so what it
/// holds never moves the board or what follows it.
pub fn since_box<G: Screen>(ctx: TableCtx<G>) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    // Told again when the table changes (a move, a seat, a replay), not at every tick
    // of its clock.
    let key = Memo::new(move |_| table.with(|t| (t.revision(), t.replay_ply(), t.shows_shared())));
    let shown: Memo<Shown<G::Seat>> = Memo::new(move |_| {
        // Read, not only tracked: a memo computes (and follows the table) when read.
        key.get();
        let _ = i18n.get_locale();
        table.with_untracked(|t: &Table<G>| {
            let since = t.since_move()?;
            let lines = G::since_lines(i18n, t.game(), &since);
            Some((since, lines))
        })
    });
    let title = move || {
        shown.with(|s| {
            s.as_ref().map(|(since, _)| {
                if since.first {
                    t_string!(i18n, since_start).to_string()
                } else if since.only {
                    t_string!(i18n, since_you).to_string()
                } else {
                    let seat = G::seat_name(i18n, since.seat);
                    t_string!(i18n, since_seat, seat = seat).to_string()
                }
            })
        })
    };
    // Followed as a memo, not at every tick of the table's clock.
    let people = Memo::new(move |_| table.with(|t| t.people_here()));
    let empty = move || shown.with(|s| s.as_ref().is_some_and(|(s, _)| s.entries.is_empty()));
    let items = move || {
        shown.with(|s| {
            let Some((since, lines)) = s else {
                return Vec::new();
            };
            since
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let seat = G::seat_class(e.note.seat);
                    let name = G::seat_name(i18n, e.note.seat);
                    let marks = super::review::move_marks(i18n, e);
                    // One text: Japanese puts no space after 。 ([`join_sentences`]).
                    let said = lines.get(i).map_or_else(String::new, |l| {
                        let l: Vec<&str> = l.iter().map(String::as_str).collect();
                        join_sentences(i18n.get_locale().as_str(), &l)
                    });
                    view! {
                        <li class=format!("seat-{seat}") data-testid=format!("since-{}", e.ply)>
                            <span class=format!("dot seat-{seat}") aria-hidden="true"></span>
                            <span class="who">{name}</span>
                            <span class="mv">{e.note.notation.clone()}</span>
                            <span class="marks" aria-hidden="true">{marks}</span>
                            <span class="said">{said}</span>
                        </li>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section
            class="since"
            class:vacant=move || shown.with(Option::is_none)
            // The CPU at every seat: nobody to tell, no room kept for it.
            class:absent=move || !people.get()
            data-testid="since"
            aria-labelledby="since-title"
        >
            <h2 class="since-title" id="since-title" data-testid="since-title">{title}</h2>
            <Show when=empty>
                <p class="since-none">{move || t_string!(i18n, since_none).to_string()}</p>
            </Show>
            <ol class="since-list" data-testid="since-move">
                {items}
            </ol>
        </section>
    }
}

//! The result of a Yonin game: the headline (the winner, the winning pair, or the
//! seats sharing first place), why it ended (RULES Y6, Y7), and the placings table
//! with the criteria behind each place (RULES Y6.1, Y6.5, Y7b.7).

use super::look::{seat_list, seat_name};
use crate::engine::yonin::{EndReason, Format, Game, Outcome, Seat};
use crate::session::board::BoardLook;
use crate::session::yonin::placing_rows;
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string};
use crate::ui::table::TableCtx;
use leptos::prelude::*;

/// The headline of an outcome.
pub fn outcome_title(i18n: I18n, outcome: Outcome, pairs: bool) -> String {
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
pub fn outcome_reason(i18n: I18n, outcome: Outcome, pairs: bool) -> String {
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

/// The placings table (`data-testid="placings"`): each seat's place, mates, pieces,
/// latest mate and how it went out.
pub fn placings(ctx: TableCtx<Game>) -> AnyView {
    let TableCtx { table, i18n, .. } = ctx;
    let rows = move || {
        table
            .with(|t| placing_rows(t.game()))
            .into_iter()
            .map(|row| {
                let out = row.eliminated.map(|e| {
                    let by = seat_name(i18n, e.by);
                    t_string!(i18n, mated_at, by = by, n = e.at_move).to_string()
                });
                let pieces = if row.eliminated.is_some() {
                    "—".to_string()
                } else {
                    row.pieces.to_string()
                };
                let last_mate = row
                    .last_mate
                    .map_or_else(|| "—".to_string(), |m| m.to_string());
                view! {
                    <tr data-seat=Game::seat_class(row.seat)>
                        <td class="place">{place_name(i18n, row.place)}</td>
                        <th scope="row">{seat_name(i18n, row.seat)}</th>
                        <td>{row.mates}</td>
                        <td>{pieces}</td>
                        <td>{last_mate}</td>
                        <td>{out.unwrap_or_default()}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    // RULES Y7.2 and Y7b.7 in pairs (both winners 1st, both losers 3rd), Y6.5 and
    // Y7b.7 otherwise.
    let rule = move || {
        if table.with(|t| t.game().rules().format == Format::Pairs) {
            t_string!(i18n, placings_rule_pairs).to_string()
        } else {
            t_string!(i18n, placings_rule).to_string()
        }
    };
    view! {
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
        <p class="fine" data-testid="placings-rule">{rule}</p>
    }
    .into_any()
}

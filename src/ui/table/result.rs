//! The result of a finished game: its headline, why it ended, what the game adds (the
//! Yonin placings), and the buttons to play again or close.

use super::{Screen, TableCtx};
use crate::ui::i18n::t;
use crate::ui::widgets::{Modal, modal_ids};
use leptos::prelude::*;

/// The result dialog (`data-testid="result-dialog"`): `on_again` starts the next game
/// (`rematch`), `on_close` closes it (`close-result`, Escape).
pub fn result_dialog<G: Screen>(
    ctx: TableCtx<G>,
    on_again: Callback<()>,
    on_close: Callback<()>,
) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let outcome = move |f: fn(_, &G, G::Outcome) -> String| {
        table.with(|t| {
            let game = t.game();
            game.outcome().map(|o| f(i18n, game, o)).unwrap_or_default()
        })
    };
    let title = move || outcome(G::outcome_title);
    let reason = move || outcome(G::outcome_reason);
    let again = move || {
        table
            .with(|t| t.game().outcome())
            .map(|o| G::again_label(i18n, o))
            .unwrap_or_default()
    };
    view! {
        <Modal testid="result-dialog" on_escape=on_close>
            <h2 id=modal_ids("result-dialog").0 data-testid="result-title">{title}</h2>
            <p id=modal_ids("result-dialog").1 data-testid="result-reason">{reason}</p>
            {G::result_details(ctx)}
            <div class="actions">
                <button type="button" class="btn primary" data-testid="rematch" on:click=move |_| on_again.run(())>
                    {again}
                </button>
                <button type="button" class="btn" data-testid="close-result" on:click=move |_| on_close.run(())>
                    {t!(i18n, close)}
                </button>
            </div>
        </Modal>
    }
}

//! The local rules of Hasami Shogi in the settings panel (RULES H4.1 win condition,
//! H4.5 move limit), and the note shown while they wait for the next game.

use crate::engine::hasami::{Game, Rules, WinCondition};
use crate::session::app::join_sentences;
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string};
use crate::ui::table::TableCtx;
use crate::ui::table::settings::{edit_settings, move_limit_select, select_setting};
use leptos::prelude::*;
use leptos_i18n::Locale as _;

/// The translated name of a win condition.
fn win_name(i18n: I18n, win: WinCondition) -> String {
    match win {
        WinCondition::CaptureFive => t_string!(i18n, win_capture_five),
        WinCondition::LeadByThree => t_string!(i18n, win_lead_by_three),
        WinCondition::CaptureAll => t_string!(i18n, win_capture_all),
    }
    .to_string()
}

/// The translated name of a move limit in plies (RULES H4.5), or "none".
fn limit_name(i18n: I18n, limit: Option<u32>) -> String {
    match limit {
        None => t_string!(i18n, limit_none).to_string(),
        Some(n) => t_string!(i18n, limit_plies, count = n).to_string(),
    }
}

/// The move limit as a sentence names it: "move limit 100 moves", "no move limit".
fn limit_in_text(i18n: I18n, limit: Option<u32>) -> String {
    match limit {
        None => t_string!(i18n, no_move_limit).to_string(),
        Some(_) => t_string!(i18n, move_limit_of, limit = limit_name(i18n, limit)).to_string(),
    }
}

/// The win condition (`set-win`) and the move limit (`set-limit`), with their hints.
pub fn rules_settings(ctx: TableCtx<Game>) -> AnyView {
    let TableCtx { table, i18n, .. } = ctx;
    let win_code = |w: WinCondition| match w {
        WinCondition::CaptureFive => "capture_five",
        WinCondition::LeadByThree => "lead_by_three",
        WinCondition::CaptureAll => "capture_all",
    };
    view! {
        {select_setting(
            "",
            "set-win",
            t!(i18n, win_condition),
            WinCondition::ALL.into_iter().map(|w| (w, win_code(w).to_string())).collect(),
            move |w| win_name(i18n, w),
            move || table.with(|t| t.settings().rules.win),
            move |w| edit_settings(table, |s| s.rules.win = w),
        )}
        <p class="hint" data-testid="hint-win">{t!(i18n, hint_win)}</p>
        {move_limit_select(
            ctx,
            |i18n, n| limit_name(i18n, Some(n)),
            |r| r.move_limit,
            |r, limit| r.move_limit = limit,
        )}
        <p class="hint" data-testid="hint-limit">{t!(i18n, hint_limit)}</p>
    }
    .into_any()
}

/// "This game: …": the win condition and the move limit of `rules` (RULES H4.1,
/// H4.5).
pub fn current_rules(i18n: I18n, rules: Rules) -> String {
    let (win, limit) = (
        win_name(i18n, rules.win),
        limit_in_text(i18n, rules.move_limit),
    );
    t_string!(i18n, current_rules, win = win, limit = limit).to_string()
}

/// "The win condition and move limit set here apply from the next game. This
/// game: …", naming the rules in play.
pub fn rules_pending_note(ctx: TableCtx<Game>) -> AnyView {
    let TableCtx { table, i18n, .. } = ctx;
    let current = move || current_rules(i18n, table.with(|t| t.game().rules()));
    // One text: Japanese puts no space after 。 ([`join_sentences`]).
    let note = move || {
        let pending = t_string!(i18n, rules_pending).to_string();
        join_sentences(i18n.get_locale().as_str(), &[&pending, &current()])
    };
    note.into_any()
}

//! The local rules of Yonin Shogi in the settings panel (RULES Y8: format, end of the
//! game, a mated seat's pieces, move limit), the note shown while they wait for the
//! next game, and the piece style (kanji or letters).

use crate::engine::yonin::{EliminatedPieces, Format, Game, GameEnd, Rules};
use crate::session::app::join_sentences;
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string};
use crate::ui::table::TableCtx;
use crate::ui::table::settings::{
    edit_settings, move_limit_select, piece_style_select, select_setting,
};
use leptos::prelude::*;
use leptos_i18n::Locale as _;

fn format_name(i18n: I18n, format: Format) -> String {
    match format {
        Format::Individual => t_string!(i18n, format_individual).to_string(),
        Format::Pairs => t_string!(i18n, format_pairs).to_string(),
    }
}

fn end_name(i18n: I18n, end: GameEnd) -> String {
    match end {
        GameEnd::AfterTwoMates => t_string!(i18n, end_two_mates).to_string(),
        GameEnd::ToTheLast => t_string!(i18n, end_last).to_string(),
    }
}

fn eliminated_name(i18n: I18n, pieces: EliminatedPieces) -> String {
    match pieces {
        EliminatedPieces::ToMater => t_string!(i18n, elim_to_mater).to_string(),
        EliminatedPieces::Ownerless => t_string!(i18n, elim_ownerless).to_string(),
    }
}

fn limit_name(i18n: I18n, limit: Option<u32>) -> String {
    match limit {
        None => t_string!(i18n, limit_none).to_string(),
        Some(n) => t_string!(i18n, limit_moves, count = n).to_string(),
    }
}

/// The move limit as a sentence names it: "move limit 100 moves", "no move limit".
fn limit_in_text(i18n: I18n, limit: Option<u32>) -> String {
    match limit {
        None => t_string!(i18n, no_move_limit).to_string(),
        Some(_) => t_string!(i18n, move_limit_of, limit = limit_name(i18n, limit)).to_string(),
    }
}

/// "This game: …": the format, the end, the eliminated pieces and the move limit of
/// `rules`, in the panel's order (RULES Y8); in pairs only the format and the limit
/// (RULES Y7.2: the end and the eliminated pieces do not apply).
pub fn current_rules(i18n: I18n, rules: Rules) -> String {
    if rules.is_pairs() {
        return t_string!(
            i18n,
            yonin_current_rules_pairs,
            format = format_name(i18n, rules.format),
            limit = limit_in_text(i18n, rules.move_limit)
        )
        .to_string();
    }
    t_string!(
        i18n,
        yonin_current_rules,
        format = format_name(i18n, rules.format),
        end = end_name(i18n, rules.end),
        pieces = eliminated_name(i18n, rules.eliminated_pieces),
        limit = limit_in_text(i18n, rules.move_limit)
    )
    .to_string()
}

/// "The rules set here apply from the next game. This game: …", naming the rules in play
/// in the panel's order (RULES Y8).
pub fn rules_pending_note(ctx: TableCtx<Game>) -> AnyView {
    let TableCtx { table, i18n, .. } = ctx;
    let current = move || current_rules(i18n, table.with(|t| t.game().rules()));
    // One text: Japanese puts no space after 。 ([`join_sentences`]).
    let note = move || {
        let pending = t_string!(i18n, yonin_rules_pending).to_string();
        join_sentences(i18n.get_locale().as_str(), &[&pending, &current()])
    };
    note.into_any()
}

/// Format (`set-format`), end (`set-end`), eliminated pieces (`set-eliminated`) and
/// the move limit (`set-limit`), each with its hint.
pub fn rules_settings(ctx: TableCtx<Game>) -> AnyView {
    let TableCtx { table, i18n, .. } = ctx;
    let rules = move || table.with(|t| t.settings().rules);
    view! {
        {select_setting(
            "",
            "set-format",
            t!(i18n, format),
            vec![
                (Format::Individual, "individual".to_string()),
                (Format::Pairs, "pairs".to_string()),
            ],
            move |f| format_name(i18n, f),
            move || rules().format,
            move |f| edit_settings(table, |s| s.rules.format = f),
        )}
        <p class="hint" data-testid="hint-format">{t!(i18n, yhint_format)}</p>
        // In pairs the first mate ends the game (RULES Y7.2): the end and the
        // eliminated pieces do not apply, so they are shown disabled, and why.
        <fieldset class="plain" data-testid="individual-rules" disabled=move || rules().is_pairs()>
        {move || rules().is_pairs().then(|| view! {
            <p class="hint" data-testid="hint-pairs-end">{t!(i18n, yhint_pairs_end)}</p>
        })}
        {select_setting(
            "",
            "set-end",
            t!(i18n, game_end),
            vec![
                (GameEnd::AfterTwoMates, "two_mates".to_string()),
                (GameEnd::ToTheLast, "last".to_string()),
            ],
            move |e| end_name(i18n, e),
            move || rules().end,
            move |e| edit_settings(table, |s| s.rules.end = e),
        )}
        <p class="hint" data-testid="hint-end">{t!(i18n, yhint_end)}</p>
        {select_setting(
            "",
            "set-eliminated",
            t!(i18n, eliminated_pieces),
            vec![
                (EliminatedPieces::ToMater, "to_mater".to_string()),
                (EliminatedPieces::Ownerless, "ownerless".to_string()),
            ],
            move |e| eliminated_name(i18n, e),
            move || rules().eliminated_pieces,
            move |e| edit_settings(table, |s| s.rules.eliminated_pieces = e),
        )}
        <p class="hint" data-testid="hint-eliminated">{t!(i18n, yhint_eliminated)}</p>
        </fieldset>
        {move_limit_select(
            ctx,
            |i18n, n| limit_name(i18n, Some(n)),
            |r| r.move_limit,
            |r, limit| r.move_limit = limit,
        )}
        <p class="hint" data-testid="hint-limit">{t!(i18n, yhint_limit)}</p>
    }
    .into_any()
}

/// The piece style select of the panel (`set-pieces`), the same setting as the top
/// bar's `piece-set`.
pub fn display_settings(ctx: TableCtx<Game>) -> AnyView {
    let i18n = ctx.i18n;
    piece_style_select(ctx.table, "piece-set", "set-pieces", t!(i18n, piece_style)).into_any()
}

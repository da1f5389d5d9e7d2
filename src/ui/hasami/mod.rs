//! The Hasami Shogi table: the shared frame ([`crate::ui::table`]) with Hasami's own
//! parts: a player card above and below the board with the captures of each side
//! (RULES H4.1), resignation (RULES H4.3), its local rules, names and rules page.

pub mod look;
pub mod rules_page;
pub mod settings;

use crate::engine::hasami::{Game, IllegalMove, Outcome, PlayError, Player, WinCondition};
use crate::session::hasami::PieceStyle;
use crate::session::table::Table;
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string};
use crate::ui::lazy::{LoadFailed, lazy_view};
use crate::ui::table::players::{CardExtras, player_card};
use crate::ui::table::{RecordsDialog, Screen, TableCtx, records};
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

impl Screen for Game {
    const LAYOUT: &'static str = "layout";
    type Names = look::Names;

    fn names(i18n: I18n) -> look::Names {
        look::Names(i18n)
    }

    fn seat_name(i18n: I18n, seat: Player) -> String {
        look::side_name(i18n, seat)
    }

    fn play_error_text(i18n: I18n, error: &PlayError) -> String {
        match error {
            PlayError::GameOver => t_string!(i18n, play_game_over).to_string(),
            PlayError::Illegal { reason, .. } => match reason {
                IllegalMove::NoPiece => t_string!(i18n, h_illegal_no_piece).to_string(),
                IllegalMove::NotYourPiece => t_string!(i18n, h_illegal_not_your_piece).to_string(),
                IllegalMove::NullMove => t_string!(i18n, h_illegal_null_move).to_string(),
                IllegalMove::NotStraight => t_string!(i18n, h_illegal_not_straight).to_string(),
                IllegalMove::Blocked => t_string!(i18n, h_illegal_blocked).to_string(),
            },
        }
    }

    fn to_move_text(i18n: I18n, seat: Player) -> String {
        let side = look::side_name(i18n, seat);
        t_string!(i18n, to_move, side = side).to_string()
    }

    fn card_piece(seat: Player) -> Player {
        seat
    }

    fn board_label(i18n: I18n) -> String {
        t_string!(i18n, board_label).to_string()
    }

    /// Plies of both players (RULES H4.5).
    fn move_count(game: &Game) -> (u32, Option<u32>) {
        (game.position().ply(), game.rules().move_limit)
    }

    fn outcome_title(i18n: I18n, _game: &Game, outcome: Outcome) -> String {
        look::outcome_title(i18n, outcome)
    }

    fn outcome_reason(i18n: I18n, game: &Game, outcome: Outcome) -> String {
        look::outcome_reason(i18n, game, outcome)
    }

    /// "Play again" after a draw, "Rematch" after a win.
    fn again_label(i18n: I18n, outcome: Outcome) -> String {
        match outcome {
            Outcome::Draw { .. } => t_string!(i18n, play_again).to_string(),
            Outcome::Win { .. } => t_string!(i18n, rematch).to_string(),
        }
    }

    fn announcement(i18n: I18n, table: &Table<Game>) -> Option<String> {
        look::announcement(i18n, table.announced_game()?)
    }

    /// The player seen at the top of the board, the board, the player at the bottom.
    fn play_area(ctx: TableCtx<Game>, board: AnyView) -> AnyView {
        let top = move || ctx.bottom.get().opponent();
        view! {
            {move || card(ctx, top())}
            {board}
            {move || card(ctx, top().opponent())}
        }
        .into_any()
    }

    fn rules_settings(ctx: TableCtx<Game>) -> AnyView {
        settings::rules_settings(ctx)
    }

    fn rules_pending_note(ctx: TableCtx<Game>) -> AnyView {
        settings::rules_pending_note(ctx)
    }

    fn current_rules(i18n: I18n, game: &Game) -> String {
        settings::current_rules(i18n, game.rules())
    }

    fn alternate_hint(i18n: I18n) -> AnyView {
        t!(i18n, hint_alternate).into_any()
    }

    fn style_name(i18n: I18n, style: PieceStyle) -> String {
        match style {
            PieceStyle::Marks => t_string!(i18n, piece_set_marks),
            PieceStyle::Kanji => t_string!(i18n, piece_set_pawns),
        }
        .to_string()
    }

    /// The marks: Black's and White's dots as the move list draws them, coloured as the
    /// stones in both themes (glyphs ● ○ in the name took the text's colour, so in the
    /// dark theme they read swapped).
    fn style_swatch(style: PieceStyle) -> AnyView {
        match style {
            PieceStyle::Marks => view! {
                <span class="swatch" data-testid="piece-set-swatch" aria-hidden="true">
                    <span class="dot seat-black"></span>
                    <span class="dot seat-white"></span>
                </span>
            }
            .into_any(),
            PieceStyle::Kanji => ().into_any(),
        }
    }

    fn how_to_play(i18n: I18n) -> AnyView {
        view! {
            <li>{t!(i18n, rule_move)}</li>
            <li>{t!(i18n, rule_capture)}</li>
            <li>{t!(i18n, rule_corner)}</li>
            <li>{t!(i18n, rule_safe)}</li>
            <li>{t!(i18n, rule_win)}</li>
        }
        .into_any()
    }

    fn rules_page(style: PieceStyle, on_close: Callback<()>) -> AnyView {
        lazy_view(load_rules_page(), move || lazy_rules_page(style, on_close))
    }

    fn records_dialog(
        ctx: TableCtx<Game>,
        dialog: RecordsDialog,
        on_game: Callback<Game>,
        on_close: Callback<()>,
    ) -> AnyView {
        lazy_view(load_records_dialog(), move || {
            lazy_records_dialog(ctx, dialog, on_game, on_close)
        })
    }
}

/// A side's card, with its captures and the number that wins (`captures-SIDE`).
fn card(ctx: TableCtx<Game>, side: Player) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let captures = move || table.with(|t| t.shown_game().position().captures(side));
    let target = move || match table.with(|t| t.shown_game().rules().win) {
        WinCondition::CaptureFive => "/5",
        WinCondition::CaptureAll => "/9",
        WinCondition::LeadByThree => "",
    };
    let trailing = view! {
        <div class="count" title=move || t_string!(i18n, captures).to_string()>
            <span data-testid=format!("captures-{side}")>{captures}</span>
            <span class="role">{target}</span>
        </div>
    };
    player_card(
        ctx,
        side,
        CardExtras {
            name: ().into_any(),
            role: None,
            trailing: trailing.into_any(),
            out: Signal::stored(false),
        },
    )
}

/// The rules page, loaded when first opened ([`crate::ui::lazy`]).
#[wasm_split(hasami_rules, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_rules_page))]
fn lazy_rules_page(style: PieceStyle, on_close: Callback<()>) -> Result<AnyView, LoadFailed> {
    Ok(view! { <rules_page::HasamiRules style=style on_close=on_close /> }.into_any())
}

/// A records dialog, loaded when first opened ([`crate::ui::lazy`]).
#[wasm_split(hasami_records, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_records_dialog))]
fn lazy_records_dialog(
    ctx: TableCtx<Game>,
    dialog: RecordsDialog,
    on_game: Callback<Game>,
    on_close: Callback<()>,
) -> Result<AnyView, LoadFailed> {
    Ok(records::dialog(ctx, dialog, on_game, on_close))
}

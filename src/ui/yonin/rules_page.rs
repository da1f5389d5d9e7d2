//! The rules page of Yonin Shogi: its topics, texts and diagrams
//! ([`crate::session::yonin::rules_page`]) in the shared page of
//! [`crate::ui::rules_page`].

use crate::engine::yonin::Game;
use crate::session::board::diagram_view;
use crate::session::yonin::PieceStyle;
use crate::session::yonin::rules_page::YoninTopic;
use crate::ui::I18n;
use crate::ui::board::BoardView;
use crate::ui::i18n::{t, t_string, use_i18n};
use crate::ui::rules_page::{PageTopic, local_rule, rules_page};
use leptos::prelude::*;

impl PageTopic for YoninTopic {
    type Style = PieceStyle;
    const ALL: &'static [YoninTopic] = &YoninTopic::ALL;

    fn name(self) -> &'static str {
        YoninTopic::name(self)
    }

    fn rule(self) -> &'static str {
        YoninTopic::rule(self)
    }

    fn title(self, i18n: I18n) -> String {
        match self {
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

    fn text(self, i18n: I18n) -> String {
        match self {
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

    fn caption(self, i18n: I18n) -> String {
        match self {
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

    /// The pieces' moves, the forbidden drops (RULES Y4.3, Y4.4).
    fn list(self, i18n: I18n) -> Option<AnyView> {
        let items = match self {
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

    fn diagram(self, i18n: I18n, style: PieceStyle) -> Option<BoardView> {
        let d = YoninTopic::diagram(self)?;
        let names = super::look::Names(i18n);
        Some(diagram_view::<Game>(
            &d.shown(),
            &d.marks,
            d.hand,
            style,
            &names,
        ))
    }
}

/// The rules page of Yonin Shogi; pieces drawn in `style`.
#[component]
pub fn YoninRules(
    /// The piece style the game on screen uses.
    style: PieceStyle,
    /// Called by the close button and Escape.
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let local = vec![
        local_rule(t!(i18n, format), t!(i18n, yhint_format)),
        local_rule(t!(i18n, game_end), t!(i18n, yhint_end)),
        local_rule(t!(i18n, eliminated_pieces), t!(i18n, yhint_eliminated)),
        local_rule(t!(i18n, move_limit), t!(i18n, yhint_limit)),
        local_rule(t!(i18n, alternate_who_starts), t!(i18n, yhint_alternate)),
    ];
    rules_page::<YoninTopic>(
        move || t_string!(i18n, rules_title_yonin).to_string(),
        style,
        local,
        on_close,
    )
}

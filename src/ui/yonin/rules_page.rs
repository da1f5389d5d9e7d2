//! The rules page of Yonin Shogi (RULES Part Y): its topics, texts and diagrams
//! ([`crate::session::yonin::rules_page`]) in the shared frame of
//! [`crate::ui::rules_page`].

use crate::engine::yonin::Game;
use crate::session::board::diagram_view;
use crate::session::yonin::PieceStyle;
use crate::session::yonin::rules_page::YoninTopic;
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string, use_i18n};
use crate::ui::rules_page::{diagram, local_rules, rules_frame, section};
use leptos::prelude::*;

fn yonin_title(i18n: I18n, topic: YoninTopic) -> String {
    match topic {
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

fn yonin_text(i18n: I18n, topic: YoninTopic) -> String {
    match topic {
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

fn yonin_caption(i18n: I18n, topic: YoninTopic) -> String {
    match topic {
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

/// The list under a topic's text, if it has one: the pieces' moves, the forbidden
/// drops.
fn yonin_list(i18n: I18n, topic: YoninTopic) -> Option<AnyView> {
    let items = match topic {
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

/// The rules page of Yonin Shogi (RULES Part Y); pieces drawn in `style`.
#[component]
pub fn YoninRules(
    /// Kanji or letters, as on the table.
    style: PieceStyle,
    /// Called by the close button and Escape.
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let contents = YoninTopic::ALL
        .iter()
        .map(|&t| (t.name(), Signal::derive(move || yonin_title(i18n, t))))
        .collect();
    let sections = YoninTopic::ALL
        .into_iter()
        .map(|topic| {
            let board = topic.diagram().map(|d| {
                let view = Memo::new(move |_| {
                    let _ = i18n.get_locale();
                    let names = super::look::Names(i18n);
                    diagram_view::<Game>(&d.shown(), &d.marks, d.hand, style, &names)
                });
                diagram(topic.name(), view, move || yonin_caption(i18n, topic)).into_any()
            });
            section(
                topic.name(),
                topic.rule(),
                Signal::derive(move || yonin_title(i18n, topic)),
                view! {
                    <p>{move || yonin_text(i18n, topic)}</p>
                    {yonin_list(i18n, topic)}
                },
                board,
            )
        })
        .collect_view();
    let local = local_rules(vec![
        (
            t!(i18n, format).into_any(),
            t!(i18n, yhint_format).into_any(),
        ),
        (
            t!(i18n, game_end).into_any(),
            t!(i18n, yhint_end).into_any(),
        ),
        (
            t!(i18n, eliminated_pieces).into_any(),
            t!(i18n, yhint_eliminated).into_any(),
        ),
        (
            t!(i18n, move_limit).into_any(),
            t!(i18n, yhint_limit).into_any(),
        ),
        (
            t!(i18n, alternate_who_starts).into_any(),
            t!(i18n, yhint_alternate).into_any(),
        ),
    ]);
    rules_frame(
        move || t_string!(i18n, rules_title_yonin).to_string(),
        contents,
        on_close,
        view! {
            {sections}
            {local}
        }
        .into_any(),
    )
}

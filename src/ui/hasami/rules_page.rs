//! The rules page of Hasami Shogi (RULES Part H): its topics, texts and diagrams
//! ([`crate::session::hasami::rules_page`]) in the shared frame of
//! [`crate::ui::rules_page`].

use crate::engine::hasami::Game;
use crate::session::board::diagram_view;
use crate::session::hasami::PieceStyle;
use crate::session::hasami::rules_page::HasamiTopic;
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string, use_i18n};
use crate::ui::rules_page::{diagram, local_rules, rules_frame, section};
use leptos::prelude::*;

fn hasami_title(i18n: I18n, topic: HasamiTopic) -> String {
    match topic {
        HasamiTopic::Movement => t_string!(i18n, hr_movement_title),
        HasamiTopic::Capture => t_string!(i18n, hr_capture_title),
        HasamiTopic::CaptureMany => t_string!(i18n, hr_capture_many_title),
        HasamiTopic::Corner => t_string!(i18n, hr_corner_title),
        HasamiTopic::Safe => t_string!(i18n, hr_safe_title),
        HasamiTopic::Win => t_string!(i18n, hr_win_title),
        HasamiTopic::NoMove => t_string!(i18n, hr_no_move_title),
        HasamiTopic::Repetition => t_string!(i18n, hr_repetition_title),
        HasamiTopic::MoveLimit => t_string!(i18n, hr_move_limit_title),
    }
    .to_string()
}

fn hasami_text(i18n: I18n, topic: HasamiTopic) -> String {
    match topic {
        HasamiTopic::Movement => t_string!(i18n, hr_movement_text),
        HasamiTopic::Capture => t_string!(i18n, hr_capture_text),
        HasamiTopic::CaptureMany => t_string!(i18n, hr_capture_many_text),
        HasamiTopic::Corner => t_string!(i18n, hr_corner_text),
        HasamiTopic::Safe => t_string!(i18n, hr_safe_text),
        HasamiTopic::Win => t_string!(i18n, hr_win_text),
        HasamiTopic::NoMove => t_string!(i18n, hr_no_move_text),
        HasamiTopic::Repetition => t_string!(i18n, hr_repetition_text),
        HasamiTopic::MoveLimit => t_string!(i18n, hr_move_limit_text),
    }
    .to_string()
}

fn hasami_caption(i18n: I18n, topic: HasamiTopic) -> String {
    match topic {
        HasamiTopic::Movement => t_string!(i18n, hr_movement_caption),
        HasamiTopic::Capture => t_string!(i18n, hr_capture_caption),
        HasamiTopic::CaptureMany => t_string!(i18n, hr_capture_many_caption),
        HasamiTopic::Corner => t_string!(i18n, hr_corner_caption),
        HasamiTopic::Safe => t_string!(i18n, hr_safe_caption),
        HasamiTopic::NoMove => t_string!(i18n, hr_no_move_caption),
        HasamiTopic::Win | HasamiTopic::Repetition | HasamiTopic::MoveLimit => {
            return String::new();
        }
    }
    .to_string()
}

/// The rules page of Hasami Shogi (RULES Part H); pieces drawn in `style`.
#[component]
pub fn HasamiRules(
    /// The piece style the game on screen uses.
    style: PieceStyle,
    /// Called by the close button and Escape.
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let contents = HasamiTopic::ALL
        .iter()
        .map(|&t| (t.name(), Signal::derive(move || hasami_title(i18n, t))))
        .collect();
    let sections = HasamiTopic::ALL
        .into_iter()
        .map(|topic| {
            let board = topic.diagram().map(|d| {
                let view = Memo::new(move |_| {
                    let names = super::look::Names(i18n);
                    diagram_view::<Game>(&d.position, &d.marks, None, style, &names)
                });
                diagram(topic.name(), view, move || hasami_caption(i18n, topic)).into_any()
            });
            section(
                topic.name(),
                topic.rule(),
                Signal::derive(move || hasami_title(i18n, topic)),
                view! { <p>{move || hasami_text(i18n, topic)}</p> },
                board,
            )
        })
        .collect_view();
    let local = local_rules(vec![
        (
            t!(i18n, win_condition).into_any(),
            t!(i18n, hint_win).into_any(),
        ),
        (
            t!(i18n, move_limit).into_any(),
            t!(i18n, hint_limit).into_any(),
        ),
        (
            t!(i18n, alternate_who_starts).into_any(),
            t!(i18n, hint_alternate).into_any(),
        ),
    ]);
    rules_frame(
        move || t_string!(i18n, rules_title_hasami).to_string(),
        contents,
        on_close,
        view! {
            {sections}
            {local}
        }
        .into_any(),
    )
}

//! The rules page of Hasami Shogi: its topics, texts and diagrams
//! ([`crate::session::hasami::rules_page`]) in the shared page of
//! [`crate::ui::rules_page`].

use crate::engine::hasami::Game;
use crate::session::board::diagram_view;
use crate::session::hasami::PieceStyle;
use crate::session::hasami::rules_page::HasamiTopic;
use crate::ui::I18n;
use crate::ui::board::BoardView;
use crate::ui::i18n::{t, t_string, use_i18n};
use crate::ui::rules_page::{PageTopic, local_rule, rules_page};
use leptos::prelude::*;

impl PageTopic for HasamiTopic {
    type Style = PieceStyle;
    const ALL: &'static [HasamiTopic] = &HasamiTopic::ALL;

    fn name(self) -> &'static str {
        HasamiTopic::name(self)
    }

    fn rule(self) -> &'static str {
        HasamiTopic::rule(self)
    }

    fn title(self, i18n: I18n) -> String {
        match self {
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

    fn text(self, i18n: I18n) -> String {
        match self {
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

    fn caption(self, i18n: I18n) -> String {
        match self {
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

    fn diagram(self, i18n: I18n, style: PieceStyle) -> Option<BoardView> {
        let d = HasamiTopic::diagram(self)?;
        let names = super::look::Names(i18n);
        Some(diagram_view::<Game>(
            &d.position,
            &d.marks,
            None,
            style,
            &names,
        ))
    }
}

/// The rules page of Hasami Shogi; pieces drawn in `style`.
#[component]
pub fn HasamiRules(
    /// The piece style the game on screen uses.
    style: PieceStyle,
    /// Called by the close button and Escape.
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let local = vec![
        local_rule(t!(i18n, win_condition), t!(i18n, hint_win)),
        local_rule(t!(i18n, move_limit), t!(i18n, hint_limit)),
        local_rule(t!(i18n, alternate_who_starts), t!(i18n, hint_alternate)),
    ];
    rules_page::<HasamiTopic>(
        move || t_string!(i18n, rules_title_hasami).to_string(),
        style,
        local,
        on_close,
    )
}

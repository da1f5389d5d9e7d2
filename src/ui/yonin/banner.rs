//! The banner over the Yonin board: what the last move did to the turn order and the
//! seats, told in sentences (RULES Y3.3, Y3.4, Y5), also read out to screen readers.

use super::look::{seat_list, seat_name};
use crate::session::yonin::{MateStory, TurnStory};
use crate::ui::I18n;
use crate::ui::i18n::t_string;

/// The sentences that tell what the last move did (RULES Y3.3, Y3.4, Y5), for the
/// banner and the screen reader.
pub fn story_lines(i18n: I18n, story: &TurnStory) -> Vec<String> {
    let mut lines = Vec::new();
    for m in &story.mates {
        let MateStory {
            seat,
            by,
            in_check,
            lazy,
            pieces_to,
            perpetual,
        } = *m;
        let (seat, by) = (seat_name(i18n, seat), seat_name(i18n, by));
        lines.push(match (lazy, in_check) {
            _ if perpetual => {
                t_string!(i18n, banner_perpetual, by = by.clone(), seat = seat.clone()).to_string()
            }
            (false, _) => {
                t_string!(i18n, banner_mate, by = by.clone(), seat = seat.clone()).to_string()
            }
            (true, true) => t_string!(
                i18n,
                banner_lazy_check,
                by = by.clone(),
                seat = seat.clone()
            )
            .to_string(),
            (true, false) => t_string!(
                i18n,
                banner_lazy_stuck,
                by = by.clone(),
                seat = seat.clone()
            )
            .to_string(),
        });
        lines.push(match pieces_to {
            Some(_) => t_string!(i18n, banner_pieces_to, seat = seat, by = by).to_string(),
            None => t_string!(i18n, banner_pieces_ownerless, seat = seat, by = by).to_string(),
        });
    }
    if let Some(next) = story.next {
        let next_name = seat_name(i18n, next);
        if story.priority {
            let skipped = seat_list(i18n, &story.skipped);
            lines.push(match story.skipped.len() {
                0 => t_string!(i18n, banner_priority_none, next = next_name).to_string(),
                n => t_string!(
                    i18n,
                    banner_priority,
                    next = next_name,
                    skipped = skipped,
                    count = n
                )
                .to_string(),
            });
        } else if story.checks.contains(next) {
            lines.push(t_string!(i18n, banner_in_check, seat = next_name).to_string());
        }
    }
    lines
}

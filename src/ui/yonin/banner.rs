//! The banner over the Yonin board: what the last move did to the turn order and the
//! seats, told in sentences (RULES Y3.3, Y3.4, Y5), also read out to screen readers;
//! and the same sentences for each move of the summary of what a seat has not seen.

use super::look::{role_name, seat_list, seat_name};
use crate::engine::yonin::Seat;
use crate::session::app::join_sentences;
use crate::session::yonin::{MateStory, TurnStory};
use crate::ui::I18n;
use crate::ui::i18n::t_string;
use leptos_i18n::Locale as _;

/// The sentences that tell what the last move did (RULES Y3.3, Y3.4, Y5), for the
/// banner and the screen reader.
pub fn story_lines(i18n: I18n, story: &TurnStory) -> Vec<String> {
    let mut lines = mate_lines(i18n, story);
    lines.extend(turn_line(i18n, story));
    lines
}

/// `lines` (sentences of the page's language) as one text: Japanese puts no space
/// after 。 ([`join_sentences`]).
pub fn told(i18n: I18n, lines: &[String]) -> String {
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    join_sentences(i18n.get_locale().as_str(), &lines)
}

/// The sentences that tell a move of the summary of what `reader`'s seat has not seen
/// (`since-move`): what it captured, its mates and where the pieces went (RULES Y5),
/// and what it did to the turn order (RULES Y3.3), told to the reader when it lost its
/// own turn ("Your turn was skipped: …").
pub fn since_lines(i18n: I18n, story: &TurnStory, reader: Seat) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(role) = story.captured {
        let role = role_name(i18n, role, false);
        lines.push(t_string!(i18n, since_captured, role = role).to_string());
    }
    lines.extend(mate_lines(i18n, story));
    match story.next {
        Some(next) if story.priority && story.skipped == [reader] => {
            let next = seat_name(i18n, next);
            lines.push(t_string!(i18n, since_you_skipped, next = next).to_string());
        }
        // The reader among the seats skipped: told to it, in the past, as above.
        Some(next) if story.priority && story.skipped.contains(&reader) => {
            let others: Vec<Seat> = story
                .skipped
                .iter()
                .copied()
                .filter(|&s| s != reader)
                .collect();
            let (next, others) = (seat_name(i18n, next), seat_list(i18n, &others));
            lines.push(
                t_string!(i18n, since_you_and_skipped, next = next, others = others).to_string(),
            );
        }
        _ => lines.extend(turn_line(i18n, story)),
    }
    lines
}

/// Who was mated by the move, by whom, and where their pieces went (RULES Y3.4, Y5).
fn mate_lines(i18n: I18n, story: &TurnStory) -> Vec<String> {
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
    lines
}

/// Who moves next because of a check, and whose turns that skips (RULES Y3.3).
fn turn_line(i18n: I18n, story: &TurnStory) -> Option<String> {
    let next = story.next?;
    let next_name = seat_name(i18n, next);
    if story.priority {
        let skipped = seat_list(i18n, &story.skipped);
        Some(match story.skipped.len() {
            0 => t_string!(i18n, banner_priority_none, next = next_name).to_string(),
            n => t_string!(
                i18n,
                banner_priority,
                next = next_name,
                skipped = skipped,
                count = n
            )
            .to_string(),
        })
    } else if story.checks.contains(next) {
        Some(t_string!(i18n, banner_in_check, seat = next_name).to_string())
    } else {
        None
    }
}

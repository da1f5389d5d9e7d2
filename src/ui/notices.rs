//! The notices under the top bar: what the app and the table on screen tell the
//! player (unreadable or blocked storage, another tab's change, a time-out, a refused
//! action, the CPU's worker failing), each with a close button; passing ones go by
//! themselves.

use super::I18n;
use super::i18n::{t, t_string, use_i18n};
use super::table::Screen;
pub use crate::session::app::AppNotice;
use crate::session::app::PreferenceTopic;
use crate::session::notice::{Notices, Posted};
use crate::session::storage::LoadError;
use crate::session::table::{Refusal, Table, TableNotice};
use leptos::prelude::*;

/// The translated short reason for a [`LoadError`].
fn reason_text(i18n: I18n, error: &LoadError) -> String {
    match error {
        LoadError::NotJson(_) => t_string!(i18n, reason_not_json),
        LoadError::NotOurs => t_string!(i18n, reason_not_ours),
        LoadError::UnknownVersion(_) => t_string!(i18n, reason_unknown_version),
        LoadError::Corrupt(_) => t_string!(i18n, reason_damaged),
    }
    .to_string()
}

/// One notice as drawn: its text, a technical detail for the tooltip, and how to
/// dismiss it.
struct NoticeLine {
    key: String,
    text: AnyView,
    detail: String,
    dismiss: Callback<()>,
}

/// The view of a notice of a table of game `G`.
fn table_notice_text<G: Screen>(i18n: I18n, notice: TableNotice<G::Seat>) -> (AnyView, String) {
    let detail = match &notice {
        TableNotice::Unreadable { error, .. } | TableNotice::Recovered { error, .. } => {
            error.to_string()
        }
        TableNotice::Newer { version } => format!("format version {version}"),
        TableNotice::StorageUnavailable { error } => error.to_string(),
        TableNotice::CpuFailed { detail } => detail.clone(),
        _ => String::new(),
    };
    let text = match notice {
        TableNotice::Unreadable { error, kept } => {
            let reason = move || reason_text(i18n, &error);
            let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
            view! { {t!(i18n, notice_table_unreadable, reason)} {kept} }.into_any()
        }
        TableNotice::Recovered { moves, error, kept } => {
            let reason = move || reason_text(i18n, &error);
            let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
            view! { {t!(i18n, notice_table_recovered, reason, n = moves)} {kept} }.into_any()
        }
        TableNotice::Newer { .. } => t!(i18n, notice_newer).into_any(),
        TableNotice::StorageUnavailable { .. } => t!(i18n, notice_storage_unavailable).into_any(),
        TableNotice::OtherTab => t!(i18n, notice_other_tab).into_any(),
        TableNotice::OtherTabReplaying => t!(i18n, notice_other_tab_replaying).into_any(),
        TableNotice::Timeout { seat } => t!(
            i18n,
            notice_timeout,
            side = move || G::seat_name(i18n, seat)
        )
        .into_any(),
        TableNotice::CpuFailed { .. } => t!(i18n, notice_cpu_failed).into_any(),
        TableNotice::PiecesReset => t!(i18n, notice_pieces_reset).into_any(),
        TableNotice::Refused(Refusal::Resign) => t!(i18n, notice_refused_resign).into_any(),
        TableNotice::Refused(Refusal::TakeBack) => t!(i18n, notice_refused_take_back).into_any(),
        TableNotice::Refused(Refusal::Redo) => t!(i18n, notice_refused_redo).into_any(),
        TableNotice::SeatChanged { seat } => t!(
            i18n,
            notice_seat_changed,
            side = move || G::seat_name(i18n, seat)
        )
        .into_any(),
        // A position without moves: "Moves: 0" read as if nothing was loaded.
        TableNotice::Imported { moves: 0 } => t!(i18n, notice_imported_position).into_any(),
        TableNotice::Imported { moves } => t!(i18n, notice_imported, n = moves).into_any(),
        TableNotice::BadLink(problem) => {
            let text = move || super::table::records::link_problem_text::<G>(i18n, &problem);
            view! { <span data-testid="link-error">{text}</span> }.into_any()
        }
        TableNotice::Refused(Refusal::ThinkTime) => t!(i18n, notice_refused_think_time).into_any(),
        TableNotice::Refused(Refusal::NoDrop) => t!(i18n, notice_refused_no_drop).into_any(),
    };
    (text, detail)
}

/// The lines of the notices of `table` (game `G`), keyed `KEY-ID` by the game's
/// [`crate::session::table::TableGame::KEY`].
fn table_lines<G: Screen>(
    i18n: I18n,
    table: RwSignal<Table<G>>,
    notices: Vec<Posted<TableNotice<G::Seat>>>,
) -> Vec<NoticeLine> {
    notices
        .into_iter()
        .map(|p| {
            let id = p.id;
            let (text, detail) = table_notice_text::<G>(i18n, p.notice);
            NoticeLine {
                key: format!("{}-{id}", G::KEY),
                text,
                detail,
                dismiss: Callback::new(move |()| table.update(|t| t.dismiss_notice(id))),
            }
        })
        .collect()
}

/// The line of an app notice.
fn app_line(
    i18n: I18n,
    app: RwSignal<Notices<AppNotice>>,
    posted: Posted<AppNotice>,
) -> NoticeLine {
    let id = posted.id;
    let (text, detail) = match posted.notice {
        AppNotice::PreferencesUnreadable { topic, error, kept } => {
            let detail = error.to_string();
            let reason = move || reason_text(i18n, &error);
            let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
            let text = match topic {
                PreferenceTopic::Theme => t!(i18n, notice_theme_unreadable, reason).into_any(),
                PreferenceTopic::Sound => t!(i18n, notice_sound_unreadable, reason).into_any(),
                PreferenceTopic::Motion => t!(i18n, notice_motion_unreadable, reason).into_any(),
                PreferenceTopic::ConfirmMove => {
                    t!(i18n, notice_confirm_unreadable, reason).into_any()
                }
                PreferenceTopic::Game => t!(i18n, notice_game_unreadable, reason).into_any(),
                PreferenceTopic::Language => {
                    t!(i18n, notice_preferences_unreadable, reason).into_any()
                }
                PreferenceTopic::Screen => t!(i18n, notice_screen_unreadable, reason).into_any(),
                PreferenceTopic::All => {
                    t!(i18n, notice_all_preferences_unreadable, reason).into_any()
                }
            };
            (view! { {text} {kept} }.into_any(), detail)
        }
        AppNotice::LinkGamesUnreadable { error, kept } => {
            let detail = error.to_string();
            let reason = move || reason_text(i18n, &error);
            let kept = kept.then(|| view! { " " {t!(i18n, notice_kept)} });
            (
                view! { {t!(i18n, notice_link_games_unreadable, reason)} {kept} }.into_any(),
                detail,
            )
        }
        AppNotice::SaveFailed { error } => {
            (t!(i18n, notice_save_failed).into_any(), error.to_string())
        }
        AppNotice::ForeignLink { tag } => {
            let detail = format!("not a game link of this app (it starts with {tag:?})");
            let text = move || t_string!(i18n, notice_foreign_link, tag = tag.clone()).to_string();
            (view! { {text} }.into_any(), detail)
        }
    };
    NoticeLine {
        key: format!("app-{id}"),
        text,
        detail,
        dismiss: Callback::new(move |()| app.update(|n| n.dismiss(id))),
    }
}

/// Draws notice lines, each `notice` with its `notice-close` button.
fn draw_lines(i18n: I18n, lines: Vec<NoticeLine>) -> impl IntoView {
    lines
        .into_iter()
        .map(|line| {
            let dismiss = line.dismiss;
            view! {
                <div class="notice" data-testid="notice" data-key=line.key title=line.detail>
                    <span>{line.text}</span>
                    <button
                        type="button"
                        class="notice-close"
                        data-testid="notice-close"
                        aria-label=move || t_string!(i18n, dismiss).to_string()
                        title=move || t_string!(i18n, dismiss).to_string()
                        on:click=move |_| dismiss.run(())
                    >
                        "×"
                    </button>
                </div>
            }
        })
        .collect_view()
}

/// The notices of the table of game `G`, drawn after the app's by [`NoticeList`] while
/// the table is on screen (the shell's table part makes this view, so the table's
/// code stays in that part).
pub fn table_notices<G: Screen>(table: RwSignal<Table<G>>) -> impl IntoView {
    let i18n = use_i18n();
    // Only the notices, so the list is redrawn when they change, not at every tick.
    let posted = Memo::new(move |_| table.with(|t| t.notices().posted().to_vec()));
    move || draw_lines(i18n, table_lines(i18n, table, posted.get()))
}

/// The notices under the top bar (`data-testid="notices"`, each `notice` with a
/// `notice-close` button): the offer of a new build, the app's notices, and those of
/// the table on screen (the other table's wait until it is shown).
#[component]
pub fn NoticeList(
    /// The app's notices.
    app: RwSignal<Notices<AppNotice>>,
    /// The notices of the table on screen ([`table_notices`]), once it is open.
    table: Signal<Option<ViewFn>>,
    /// New builds: the offer to reload is shown above the notices.
    updates: RwSignal<crate::session::update::Updates>,
) -> impl IntoView {
    let i18n = use_i18n();
    let app_lines = move || {
        let lines = app
            .get()
            .posted()
            .iter()
            .cloned()
            .map(|posted| app_line(i18n, app, posted))
            .collect();
        draw_lines(i18n, lines)
    };
    let table_lines = move || table.get().map(|lines| lines.run());
    view! {
        <div class="notices" role="status" aria-live="polite" data-testid="notices">
            <super::update::UpdateOffer updates=updates />
            {app_lines}
            {table_lines}
        </div>
    }
}

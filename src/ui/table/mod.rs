//! The table frame both games share: the board with its view turning, the status, the
//! top actions (new game, resign where the game has it, take back), the settings panel,
//! the rules button and page, the questions before an action that cannot be taken back,
//! and the result. What a game adds of its own (Hasami's captures, Yonin's hands,
//! banner and placings) comes from its [`Screen`].
//!
//! Everything is drawn from one [`Table`] signal; clicks and choices are forwarded to
//! the table ([`crate::session::table`]), which decides what they mean. The parts:
//! the settings panel ([`settings`]), the players' cards ([`players`]), the result
//! dialog ([`result`]), and what connects a table to the browser ([`driver`]).

pub mod driver;
pub mod players;
pub mod records;
pub mod result;
pub mod review;
pub mod settings;
pub mod since;

use super::board::{Board, BoardTexts};
use super::i18n::{t, t_string, use_i18n};
use super::rules_page::RulesButton;
use super::widgets::{Confirm, ConfirmDialog};
use crate::engine::Square;
use crate::session::app::join_sentences;
use crate::session::board::{BoardLook, BoardNames, arrival, hand_piece_of, table_view};
use crate::session::cpu::WorkerGame;
use crate::session::feedback::Motion;
use crate::session::table::{ReplayStatus, SinceMove, Table, TableError, ViewMode, YourMove};
use leptos::prelude::*;
use leptos_i18n::Locale as _;
use std::time::Duration;

pub use super::I18n;

/// How long the board waits, after a move is shown, before it turns to the next person
/// (the pass-and-play view).
const TURN_DELAY: Duration = Duration::from_millis(700);

/// What a game's table is made of besides the shared frame.
pub trait Screen:
    BoardLook + WorkerGame + crate::record::text::RecordText + crate::record::link::ShareLink
{
    /// The CSS classes of the table's layout.
    const LAYOUT: &'static str;
    /// Whether the statistics count places (Yonin) rather than wins, draws and losses.
    const STATS_PLACES: bool = false;
    /// The names of the pieces and hands for screen readers.
    type Names: BoardNames<Self> + 'static;

    /// The board's names in the language of `i18n`.
    fn names(i18n: I18n) -> Self::Names;
    /// The translated name of a seat.
    fn seat_name(i18n: I18n, seat: Self::Seat) -> String;
    /// Why a move was refused ([`crate::engine::Variant::play`]), in the language of
    /// `i18n`: the reason alone, lower case, to stand in a sentence (a record's illegal
    /// move, RULES H2 and Y2-Y7).
    fn play_error_text(i18n: I18n, error: &<Self as crate::engine::Variant>::PlayError) -> String;
    /// "SEAT to move", in the grammar of the game's seat names.
    fn to_move_text(i18n: I18n, seat: Self::Seat) -> String;
    /// The piece drawn on a seat's card.
    fn card_piece(seat: Self::Seat) -> Self::Piece;
    /// The accessible name of the board.
    fn board_label(i18n: I18n) -> String;
    /// Moves played and the move limit, in the unit of the game's move limit (RULES
    /// H4.5: plies; Y6.4: moves of all seats together).
    fn move_count(game: &Self) -> (u32, Option<u32>);
    /// The headline of the game's outcome ("Black wins", "Draw").
    fn outcome_title(i18n: I18n, game: &Self, outcome: Self::Outcome) -> String;
    /// Why the game ended.
    fn outcome_reason(i18n: I18n, game: &Self, outcome: Self::Outcome) -> String;
    /// The label of the result dialog's button that starts the next game.
    fn again_label(i18n: I18n, _outcome: Self::Outcome) -> String {
        t_string!(i18n, rematch).to_string()
    }
    /// What the last move of the table's game did, read out to screen readers; `None`
    /// before any move and while a shared game is shown ([`Table::announced_game`]).
    fn announcement(i18n: I18n, table: &Table<Self>) -> Option<String>;
    /// The sentences that tell each move of `since` (one list per entry, in order;
    /// `game` is the table's game), for the summary of what a seat has not seen. By
    /// default what the move list tells of it (captures, checks, skips, mates).
    fn since_lines(i18n: I18n, _game: &Self, since: &SinceMove<Self::Seat>) -> Vec<Vec<String>> {
        since
            .entries
            .iter()
            .map(|e| {
                let details = review::move_details::<Self>(i18n, e);
                (!details.is_empty())
                    .then_some(details)
                    .into_iter()
                    .collect()
            })
            .collect()
    }
    /// The play area: `board` with what the game draws around it.
    fn play_area(ctx: TableCtx<Self>, board: AnyView) -> AnyView;
    /// What the game shows of its players beside the board (after the status).
    fn side_players(_ctx: TableCtx<Self>) -> AnyView {
        ().into_any()
    }
    /// The local rules in the settings panel, each with its hint (RULES H5, Y8).
    fn rules_settings(ctx: TableCtx<Self>) -> AnyView;
    /// What the panel says while the settings' rules wait for the next game.
    fn rules_pending_note(ctx: TableCtx<Self>) -> AnyView;
    /// "This game: …": the local rules `game` is played by, one sentence (RULES H4,
    /// Y6-Y8), as the settings panel and a game by link name them.
    fn current_rules(i18n: I18n, game: &Self) -> String;
    /// The hint under *alternate who starts*.
    fn alternate_hint(i18n: I18n) -> AnyView;
    /// Display settings of the game's own, shown before the time per move.
    fn display_settings(_ctx: TableCtx<Self>) -> AnyView {
        ().into_any()
    }
    /// The translated name of a piece style.
    fn style_name(i18n: I18n, style: Self::PieceStyle) -> String;
    /// Drawn beside the top bar's piece-set select while `style` is chosen, for what a
    /// name in an `<option>` cannot show (it is text in the text's colour): nothing by
    /// default.
    fn style_swatch(_style: Self::PieceStyle) -> AnyView {
        ().into_any()
    }
    /// The short rules under "How to play".
    fn how_to_play(i18n: I18n) -> AnyView;
    /// The rules page, pieces drawn in `style`.
    fn rules_page(style: Self::PieceStyle, on_close: Callback<()>) -> AnyView;
    /// A records dialog ([`records::dialog`]), loaded when first opened.
    fn records_dialog(
        ctx: TableCtx<Self>,
        dialog: RecordsDialog,
        on_game: Callback<Self>,
        on_close: Callback<()>,
    ) -> AnyView;
    /// What the result dialog shows besides the headline and the reason.
    fn result_details(_ctx: TableCtx<Self>) -> AnyView {
        ().into_any()
    }
}

/// What the parts of a table share: the table, the seat drawn at the bottom (it
/// follows the table's after a short delay in the pass-and-play view) and the
/// translations.
pub struct TableCtx<G: Screen> {
    /// The table.
    pub table: RwSignal<Table<G>>,
    /// The seat at the bottom of the board as drawn now.
    pub bottom: RwSignal<G::Seat>,
    /// The translations.
    pub i18n: I18n,
}

impl<G: Screen> Clone for TableCtx<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Screen> Copy for TableCtx<G> {}

/// The seat drawn at the bottom: the table's, and in the pass-and-play view the board
/// turns a moment after the move is shown.
pub(crate) fn follow_bottom<G: Screen>(table: RwSignal<Table<G>>) -> RwSignal<G::Seat> {
    let bottom = RwSignal::new(table.with_untracked(|t| t.bottom_seat()));
    let wanted = Memo::new(move |_| {
        table.with(|t| {
            (
                t.bottom_seat(),
                t.settings().table.view == ViewMode::TurnToMove,
            )
        })
    });
    Effect::new(move |_| {
        let (seat, turning) = wanted.get();
        if seat == bottom.get_untracked() {
            return;
        }
        if turning {
            set_timeout(
                move || bottom.set(table.with_untracked(|t| t.bottom_seat())),
                TURN_DELAY,
            );
        } else {
            bottom.set(seat);
        }
    });
    bottom
}

/// The board's texts (promotion and the confirmation of a held move), translated.
fn board_texts(i18n: I18n) -> Signal<BoardTexts> {
    Signal::derive(move || BoardTexts {
        question: t_string!(i18n, promote_question).to_string(),
        promote: t_string!(i18n, promote).to_string(),
        keep: t_string!(i18n, promote_keep).to_string(),
        cancel: t_string!(i18n, promote_cancel).to_string(),
        confirm_question: t_string!(i18n, confirm_question).to_string(),
        confirm: t_string!(i18n, move_confirm).to_string(),
        confirm_cancel: t_string!(i18n, move_cancel).to_string(),
    })
}

/// The board of the table: its view computed by the session layer
/// ([`table_view`]), its clicks forwarded to the table.
pub(crate) fn table_board<G: Screen>(ctx: TableCtx<G>) -> impl IntoView {
    let TableCtx {
        table,
        bottom,
        i18n,
    } = ctx;
    let motion = super::use_motion();
    let view = Memo::new(move |_| {
        // Read the locale so that the labels follow it.
        let _ = i18n.get_locale();
        let names = G::names(i18n);
        let motion: Motion = motion.get();
        let bottom = bottom.get();
        table.with(|t| {
            let arrive = arrival(t.move_feedback(), motion, super::reduced_motion());
            table_view(t, bottom, &names, arrive)
        })
    });
    let on_square = Callback::new(move |sq: Square| {
        table.update(|t| {
            t.click_square(sq);
        });
    });
    let on_hand = Callback::new(move |id: u32| {
        if let Some((seat, kind)) = hand_piece_of::<G>(id) {
            table.update(|t| {
                t.click_hand(seat, kind);
            });
        }
    });
    let on_promotion = Callback::new(move |choice: Option<bool>| {
        table.update(|t| {
            t.choose_promotion(choice);
        });
    });
    let on_confirm = Callback::new(move |play: bool| {
        table.update(|t| {
            if play {
                t.confirm_move();
            } else {
                t.cancel_move();
            }
        });
    });
    let on_escape = Callback::new(move |()| {
        table.update(|t| {
            t.drop_pick();
        });
    });
    view! {
        <Board
            view=view
            on_square=on_square
            on_hand=on_hand
            on_promotion=on_promotion
            on_confirm=on_confirm
            on_escape=on_escape
            texts=board_texts(i18n)
            label=Signal::derive(move || G::board_label(i18n))
        />
    }
}

/// The status drawn: a game's outcome as its headline and, on a line of its own, its
/// reason (so a long reason never runs into the move counter); its text reads
/// "HEADLINE — REASON". Any other status (`reason` none) as it is.
fn status_line((text, reason): (String, Option<String>)) -> impl IntoView {
    match reason {
        Some(reason) => view! {
            <span class="status-title">{text}</span>
            <span class="status-sep">" — "</span>
            <span class="status-reason">{reason}</span>
        }
        .into_any(),
        None => text.into_any(),
    }
}

/// The status line: the result, the CPU thinking, or whose move it is.
/// "Your move" ([`Table::your_move`]) in the player's language, with the seat's name
/// when several people share the device, and with `hand_to` "Hand the device to …"
/// first when it goes to another person; `None` when no person is to move. Shown under
/// the status (with `hand_to`) and in the tab's title (without).
pub fn your_move_text<G: Screen>(i18n: I18n, table: &Table<G>, hand_to: bool) -> Option<String> {
    Some(match table.your_move()? {
        YourMove::Only => t_string!(i18n, your_move).to_string(),
        YourMove::Seat(seat) => {
            t_string!(i18n, seat_your_move, side = G::seat_name(i18n, seat)).to_string()
        }
        YourMove::HandTo(seat) => {
            let name = G::seat_name(i18n, seat);
            let yours = t_string!(i18n, seat_your_move, side = name.clone()).to_string();
            if hand_to {
                let hand = t_string!(i18n, hand_device, seat = name).to_string();
                join_sentences(i18n.get_locale().as_str(), &[&hand, &yours])
            } else {
                yours
            }
        }
    })
}

/// The words the board's squares add to their names for their marks, translated
/// ([`crate::session::board::BoardNames::marks`]); the same for both games.
pub fn mark_words(i18n: I18n) -> crate::session::board::MarkWords {
    crate::session::board::MarkWords {
        target: t_string!(i18n, sq_target).to_string(),
        last: t_string!(i18n, sq_last).to_string(),
        captured: t_string!(i18n, sq_captured).to_string(),
        check: t_string!(i18n, sq_check).to_string(),
    }
}

/// The history state of the entry the rules page adds while it is open.
const RULES_STATE: &str = "shogi-variants:rules";

/// The replay line: the move shown as the move list numbers it, and how far into the
/// game it is ("Replaying: move 1 (White) · 2/8").
pub(crate) fn replay_text<G: Screen>(i18n: I18n, status: ReplayStatus<G::Seat>) -> String {
    let (ply, total) = (status.ply, status.total);
    // A played move always has its seat; without one, the line tells the start.
    let Some((n, seat)) = status.at.and_then(|at| Some((at.number, at.seat?))) else {
        return if status.shared {
            t_string!(i18n, shared_replaying_start, total = total).to_string()
        } else {
            t_string!(i18n, replaying_start, total = total).to_string()
        };
    };
    let seat = G::seat_name(i18n, seat);
    // One key per line: the macro takes its key literally.
    if status.shared {
        t_string!(
            i18n,
            shared_replaying,
            n = n,
            seat = seat,
            ply = ply,
            total = total
        )
        .to_string()
    } else {
        t_string!(
            i18n,
            replaying,
            n = n,
            seat = seat,
            ply = ply,
            total = total
        )
        .to_string()
    }
}

/// The status line of a table: the move shown while replaying, the result (its title
/// and reason), the CPU thinking, or whose move it is.
pub(crate) fn status_of<G: Screen>(i18n: I18n, t: &Table<G>) -> (String, Option<String>) {
    let game = t.game();
    if let Some(status) = t.replay_status() {
        // A finished game replayed to its end (a shared game; the table's own
        // leaves replay there) tells its result, as live play does.
        let shown = t.shown_game();
        return match shown.outcome().filter(|_| status.ply == status.total) {
            Some(outcome) => (
                G::outcome_title(i18n, shown, outcome.clone()),
                Some(G::outcome_reason(i18n, shown, outcome)),
            ),
            None => (replay_text::<G>(i18n, status), None),
        };
    }
    match (game.outcome(), game.side_to_move()) {
        (Some(outcome), _) => (
            G::outcome_title(i18n, game, outcome.clone()),
            Some(G::outcome_reason(i18n, game, outcome)),
        ),
        (None, Some(_)) if t.cpu_thinking() => (t_string!(i18n, cpu_thinking).to_string(), None),
        (None, Some(seat)) => (G::to_move_text(i18n, seat), None),
        (None, None) => (String::new(), None),
    }
}

fn status<G: Screen>(ctx: TableCtx<G>) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    // The status, and the reason of a game's outcome (`status_line`); drawn again only
    // when they change, not at every tick of the table's clock.
    let text = Memo::new(move |_| table.with(|t| status_of(i18n, t)));
    let move_count = move || {
        // Of the game replayed: a shared game's own count while it is shown.
        let (n, limit) = table.with(|t| G::move_count(t.replayed()));
        match limit {
            Some(limit) => t_string!(i18n, moves_played_limit, n = n, limit = limit).to_string(),
            None => t_string!(i18n, moves_played, n = n).to_string(),
        }
    };
    // Read out once per change of the table (or of the game on the board), not at every
    // tick of its clock.
    let revision = Memo::new(move |_| table.with(|t| (t.revision(), t.shows_shared())));
    let announcement = move || {
        // Read, not only tracked: a memo computes (and follows the table) when read.
        revision.get();
        table.with_untracked(|t| G::announcement(i18n, t))
    };
    // "Your move" has its line even when empty, so nothing moves when it shows.
    let your_move = move || {
        table
            .with(|t| your_move_text(i18n, t, true))
            .unwrap_or_default()
    };
    view! {
        <div class="status" data-testid="status">
            {driver::thinking_mark::<G>()}
            {move || status_line(text.get())}
        </div>
        <div class="your-move" data-testid="your-move" aria-live="polite">
            {your_move}
        </div>
        <div class="move-count" data-testid="move-count">
            {move_count}
        </div>
        <div class="visually-hidden" aria-live="polite" data-testid="announce">
            {announcement}
        </div>
    }
}

/// "Play by link" (`link-game`) and the list of games by link (`link-list`), which
/// open the link screen ([`crate::ui::link_play`]) in place of the table.
fn link_buttons<G: Screen>() -> impl IntoView {
    use crate::ui::link_play::{LinkPlay, LinkView};
    let i18n = use_i18n();
    let lp = use_context::<LinkPlay>()?;
    let kind = match crate::session::link_play::link_game_of::<G>() {
        crate::record::link::LinkGame::Hasami => crate::session::app::GameKind::Hasami,
        crate::record::link::LinkGame::Yonin => crate::session::app::GameKind::Yonin,
    };
    Some(view! {
        <div class="actions">
            <button type="button" class="btn" data-testid="link-game"
                on:click=move |_| lp.view.set(Some(LinkView::Start(kind)))>
                {t!(i18n, link_play)}
            </button>
            <button type="button" class="btn" data-testid="link-list"
                on:click=move |_| lp.view.set(Some(LinkView::List))>
                {t!(i18n, link_games)}
            </button>
        </div>
    })
}

/// The records dialog open over the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordsDialog {
    /// The record and the share link of the game.
    Export,
    /// Paste or open a record.
    Import,
}

/// An action of the player on the table that the table may refuse.
type Action<G> =
    fn(&mut Table<G>) -> Result<(), TableError<<G as crate::engine::Variant>::PlayError>>;

/// The whole table of game `G`.
pub fn table_frame<G: Screen>(table: RwSignal<Table<G>>) -> impl IntoView {
    let i18n = use_i18n();
    let bottom = follow_bottom(table);
    let ctx = TableCtx {
        table,
        bottom,
        i18n,
    };
    // A question before an action that cannot be taken back, and the rules page, open
    // over the table: while one is open the clock and the CPU wait (the table is told).
    let confirm = RwSignal::new(None::<Confirm>);
    let rules_open = RwSignal::new(false);
    // The export and import dialogs, and a game read by the import that waits for the
    // player's yes before it replaces the game in progress.
    let records_open = RwSignal::new(None::<RecordsDialog>);
    let imported = RwSignal::new(None::<G>);
    let ask = move |kind: Option<Confirm>| {
        confirm.set(kind);
        table.update(|t| t.set_modal(kind.is_some()));
    };
    // The rules page has an entry in the browser's history while it is open, so that
    // Back (a phone's back gesture) closes it instead of leaving the app: opening it
    // pushes one (state `RULES_STATE`, the same address), closing it by its button
    // goes back over it, and Back itself closes it (`popstate`, below).
    let show_rules = move |open: bool| {
        let was = rules_open.get_untracked();
        rules_open.set(open);
        table.update(|t| t.set_modal(open));
        let Ok(history) = window().history() else {
            return;
        };
        if open && !was {
            let _ = history.push_state(&wasm_bindgen::JsValue::from_str(RULES_STATE), "");
        } else if !open
            && was
            && history.state().ok().and_then(|s| s.as_string()).as_deref() == Some(RULES_STATE)
        {
            let _ = history.back();
        }
    };
    let back = window_event_listener(leptos::ev::popstate, move |_| {
        if rules_open.get_untracked() {
            rules_open.set(false);
            table.update(|t| t.set_modal(false));
        }
    });
    on_cleanup(move || back.remove());
    let show_records = move |dialog: Option<RecordsDialog>| {
        records_open.set(dialog);
        table.update(|t| t.set_modal(dialog.is_some()));
    };
    let on_imported = Callback::new(move |game: G| {
        show_records(None);
        if table.with_untracked(|t| t.game_in_progress()) {
            imported.set(Some(game));
            ask(Some(Confirm::LoadGame));
        } else {
            table.update(|t| t.import_game(game));
        }
    });
    on_cleanup(move || table.update(|t| t.set_modal(false)));

    let over = Memo::new(move |_| table.with(|t| t.game().is_over()));
    // A game that ends (say, by the CPU's move) closes any question about it.
    Effect::new(move |_| {
        if over.get() && confirm.get_untracked().is_some() {
            ask(None);
        }
    });
    let new_game = move || {
        ask(None);
        table.update(|t| t.new_game());
    };
    let ask_new_game = move |_| {
        if table.with_untracked(|t| t.game_in_progress()) {
            ask(Some(Confirm::NewGame));
        } else {
            new_game();
        }
    };
    // A refused action (the game ended meanwhile, say) is told, never dropped.
    let act = move |action: Action<G>| {
        table.update(|t| {
            if let Err(error) = action(t) {
                t.tell_refusal(&error);
            }
        });
    };
    let on_confirm = Callback::new(move |kind: Confirm| match kind {
        Confirm::NewGame => new_game(),
        Confirm::Resign => {
            ask(None);
            act(Table::resign);
        }
        Confirm::ResetStats => {
            ask(None);
            table.update(|t| t.reset_stats());
        }
        Confirm::Reopen => {
            ask(None);
            act(Table::take_back);
        }
        Confirm::LoadGame => {
            ask(None);
            if let Some(game) = imported.try_update(Option::take).flatten() {
                table.update(|t| t.import_game(game));
            }
        }
        Confirm::ContinueShared => {
            ask(None);
            table.update(|t| {
                t.continue_shared();
            });
        }
    });
    let continue_shared = Callback::new(move |()| {
        if table.with_untracked(|t| t.game_in_progress()) {
            ask(Some(Confirm::ContinueShared));
        } else {
            table.update(|t| {
                t.continue_shared();
            });
        }
    });
    let can_resign = Memo::new(move |_| table.with(|t| t.resigner().is_some()));
    let can_new_game = Memo::new(move |_| table.with(|t| t.can_start_new_game()));
    let can_take_back = Memo::new(move |_| table.with(|t| t.can_take_back()));
    let can_redo = Memo::new(move |_| table.with(|t| t.can_redo()));
    let can_finish = Memo::new(move |_| table.with(|t| t.can_finish_now()));
    let takebacks = Memo::new(move |_| table.with(|t| t.takebacks_allowed()));
    let resign_button = G::CAN_RESIGN.then(|| {
        view! {
            <button
                type="button"
                class="btn"
                data-testid="resign"
                disabled=move || !can_resign.get()
                on:click=move |_| ask(Some(Confirm::Resign))
            >
                {t!(i18n, resign)}
            </button>
        }
    });
    let show_result = Memo::new(move |_| table.with(|t| t.show_result()));
    // While a dialog is open the table behind it takes no clicks or keys.
    let dialog_open = move || {
        confirm.get().is_some()
            || show_result.get()
            || rules_open.get()
            || records_open.get().is_some()
    };

    // The focus lost on the way here (the choice of a game, removed from the page, had
    // it): the table takes it, so the next Tab goes into the table from its start
    // rather than from wherever the browser's starting point fell. Not over a dialog.
    let layout = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let Some(el) = layout.get() else { return };
        let overlay = document().query_selector(".overlay").ok().flatten();
        if crate::ui::widgets::focus_lost() && overlay.is_none() {
            // Without scrolling: the page stays where it is (at its top, the top bar
            // in sight), the focus only gives Tab its start.
            crate::ui::widgets::focus_in_place(&el);
        }
    });

    view! {
        <div class=G::LAYOUT inert=dialog_open tabindex="-1" node_ref=layout>
            <section class="play" class:replaying=move || table.with(|t| t.replay_ply().is_some())>{G::play_area(ctx, table_board(ctx).into_any())}</section>
            <aside class="side">
                {status(ctx)}
                {since::since_box(ctx)}
                {G::side_players(ctx)}
                <div class="actions">
                    <button type="button" class="btn primary" data-testid="new-game"
                        disabled=move || !can_new_game.get() on:click=ask_new_game>
                        {t!(i18n, new_game)}
                    </button>
                    {resign_button}
                    // The result again, once its dialog was closed (the Yonin placings
                    // are told nowhere else).
                    <Show when=move || over.get() && !show_result.get()>
                        <button type="button" class="btn" data-testid="show-result"
                            on:click=move |_| table.update(|t| t.reopen_result())>
                            {t!(i18n, show_result)}
                        </button>
                    </Show>
                    <Show when=move || takebacks.get()>
                        <button
                            type="button"
                            class="btn"
                            data-testid="undo"
                            disabled=move || !can_take_back.get()
                            on:click=move |_| {
                                if table.with_untracked(|t| t.take_back_reopens()) {
                                    ask(Some(Confirm::Reopen));
                                } else {
                                    act(Table::take_back);
                                }
                            }
                        >
                            {t!(i18n, take_back)}
                        </button>
                        <button
                            type="button"
                            class="btn"
                            data-testid="redo"
                            disabled=move || !can_redo.get()
                            on:click=move |_| act(Table::redo)
                        >
                            {t!(i18n, redo)}
                        </button>
                    </Show>
                    <Show when=move || can_finish.get()>
                        <button
                            type="button"
                            class="btn"
                            data-testid="finish-now"
                            on:click=move |_| table.update(|t| t.finish_now())
                        >
                            {t!(i18n, finish_now)}
                        </button>
                    </Show>
                </div>
                {review::move_list_panel(ctx, continue_shared)}
                <div class="actions records-actions">
                    <button type="button" class="btn" data-testid="export"
                        on:click=move |_| show_records(Some(RecordsDialog::Export))>
                        {t!(i18n, export)}
                    </button>
                    <button type="button" class="btn" data-testid="import"
                        on:click=move |_| show_records(Some(RecordsDialog::Import))>
                        {t!(i18n, import)}
                    </button>
                </div>
                {link_buttons::<G>()}
                {settings::settings_panel(ctx)}
                {review::stats_panel(ctx, Callback::new(move |()| ask(Some(Confirm::ResetStats))))}
                <RulesButton on_open=Callback::new(move |()| show_rules(true)) />
                <details class="panel how-to-play" data-testid="how-to-play">
                    <summary>{t!(i18n, how_to_play)}</summary>
                    <ul class="rules-text">{G::how_to_play(i18n)}</ul>
                </details>
            </aside>
        </div>
        {move || {
            confirm
                .get()
                .map(|kind| {
                    view! {
                        <ConfirmDialog
                            kind=kind
                            on_yes=on_confirm
                            on_no=Callback::new(move |()| ask(None))
                        />
                    }
                })
        }}
        {move || {
            records_open.get().map(|dialog| {
                G::records_dialog(ctx, dialog, on_imported, Callback::new(move |()| show_records(None)))
            })
        }}
        <Show when=move || rules_open.get()>
            {G::rules_page(
                table.with_untracked(|t| t.settings().pieces),
                Callback::new(move |()| show_rules(false)),
            )}
        </Show>
        <Show when=move || show_result.get()>
            {result::result_dialog(
                ctx,
                Callback::new(move |()| new_game()),
                Callback::new(move |()| table.update(|t| t.dismiss_result())),
            )}
        </Show>
    }
}

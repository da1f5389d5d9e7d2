//! The Yonin Shogi table: the shared frame ([`crate::ui::table`]) with Yonin's own
//! parts: the banner over the board that tells check priority and mates, the four
//! hands around the board (drawn by the board from the session's view), four player
//! cards with their mates and badges, its local rules, the placings of the result and
//! its rules page. Yonin has no resignation (RULES Y6.6).

pub mod banner;
pub mod look;
pub mod result;
pub mod rules_page;
pub mod settings;

use crate::engine::yonin::{Format, Game, Outcome, Piece, PlayError, Role, Seat};
use crate::session::board::BoardLook;
use crate::session::table::{SinceMove, Table, YourMove};
use crate::session::yonin::{PieceStyle, last_turn_story, turn_stories};
use crate::ui::I18n;
use crate::ui::i18n::{t, t_string};
use crate::ui::lazy::{LoadFailed, lazy_view};
use crate::ui::table::players::{CardExtras, player_card};
use crate::ui::table::{RecordsDialog, Screen, TableCtx, records};
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

/// The turn in one line, for the banner's room on a phone: whose move it is and who
/// makes it ("South to move · Your move", "West to move · CPU is thinking…", with
/// several people at the device "North: your move", in a game by link the move awaited
/// from another device, as the link screen's status says it), or the table's status
/// line while replaying or once the game is over ([`crate::ui::table::status_of`]).
fn turn_line(i18n: I18n, t: &Table<Game>) -> String {
    let (status, _) = crate::ui::table::status_of(i18n, t);
    let Some(seat) = t.game().side_to_move() else {
        return status;
    };
    if t.replay_status().is_some() {
        return status;
    }
    if t.away(seat) {
        // A game by link, the move another device's: sent, awaited, or to be sent.
        return crate::ui::link_play::link_status(i18n, t);
    }
    let to_move = <Game as Screen>::to_move_text(i18n, seat);
    match t.your_move() {
        Some(YourMove::Only) => format!("{to_move} · {}", t_string!(i18n, your_move)),
        Some(_) => crate::ui::table::your_move_text(i18n, t, false).unwrap_or(to_move),
        // A person to move, or the CPU held back by a dialog: whose move it is.
        None if !t.cpu_thinking() => to_move,
        None => format!("{to_move} · {status}"),
    }
}

impl Screen for Game {
    const STATS_PLACES: bool = true;
    const LAYOUT: &'static str = "layout yonin";
    type Names = look::Names;

    fn names(i18n: I18n) -> look::Names {
        look::Names(i18n)
    }

    fn seat_name(i18n: I18n, seat: Seat) -> String {
        look::seat_name(i18n, seat)
    }

    fn play_error_text(i18n: I18n, error: &PlayError) -> String {
        match error {
            PlayError::GameOver => t_string!(i18n, play_game_over).to_string(),
            PlayError::NoPiece => t_string!(i18n, y_illegal_no_piece).to_string(),
            PlayError::Unreachable => t_string!(i18n, y_illegal_unreachable).to_string(),
            PlayError::OwnPiece => t_string!(i18n, y_illegal_own_piece).to_string(),
            PlayError::KingCapture => t_string!(i18n, y_illegal_king_capture).to_string(),
            PlayError::CannotPromote => t_string!(i18n, y_illegal_cannot_promote).to_string(),
            PlayError::MustPromote => t_string!(i18n, y_illegal_must_promote).to_string(),
            PlayError::NotInHand => t_string!(i18n, y_illegal_not_in_hand).to_string(),
            PlayError::Occupied => t_string!(i18n, y_illegal_occupied).to_string(),
            PlayError::Nifu => t_string!(i18n, y_illegal_nifu).to_string(),
            PlayError::DeadPawn => t_string!(i18n, y_illegal_dead_pawn).to_string(),
            PlayError::PawnBeforeFlippedKing => {
                t_string!(i18n, y_illegal_pawn_before_flipped_king).to_string()
            }
            PlayError::Uchifuzume => t_string!(i18n, y_illegal_uchifuzume).to_string(),
            PlayError::LeavesKingInCheck => {
                t_string!(i18n, y_illegal_leaves_king_in_check).to_string()
            }
            PlayError::ChecksPartner => t_string!(i18n, y_illegal_checks_partner).to_string(),
            PlayError::PerpetualCheck => t_string!(i18n, y_illegal_perpetual_check).to_string(),
        }
    }

    fn to_move_text(i18n: I18n, seat: Seat) -> String {
        let seat = look::seat_name(i18n, seat);
        t_string!(i18n, seat_to_move, seat = seat).to_string()
    }

    fn card_piece(seat: Seat) -> Piece {
        Piece::new(Role::King, seat)
    }

    fn board_label(i18n: I18n) -> String {
        t_string!(i18n, yonin_board_label).to_string()
    }

    /// Moves of all four seats together (RULES Y6.4).
    fn move_count(game: &Game) -> (u32, Option<u32>) {
        (game.position().move_count(), game.rules().move_limit)
    }

    fn outcome_title(i18n: I18n, game: &Game, outcome: Outcome) -> String {
        result::outcome_title(i18n, outcome, game.rules().format == Format::Pairs)
    }

    fn outcome_reason(i18n: I18n, game: &Game, outcome: Outcome) -> String {
        result::outcome_reason(i18n, outcome, game.rules().format == Format::Pairs)
    }

    /// The move and what it did to the turn order ([`banner::story_lines`]).
    fn announcement(i18n: I18n, table: &Table<Game>) -> Option<String> {
        let game = table.announced_game()?;
        let mv = *game.moves().last()?;
        let story = last_turn_story(game)?;
        let seat = look::seat_name(i18n, story.mover);
        let line = t_string!(i18n, announce_move, side = seat, mv = mv.to_string());
        let mut lines = vec![line];
        lines.extend(banner::story_lines(i18n, &story));
        Some(banner::told(i18n, &lines))
    }

    /// Each move's capture, mates and turn order ([`banner::since_lines`]), told to
    /// the seat of the summary.
    fn since_lines(i18n: I18n, game: &Game, since: &SinceMove<Seat>) -> Vec<Vec<String>> {
        let Some(first) = since.entries.first() else {
            return Vec::new();
        };
        turn_stories(game, first.ply - 1)
            .iter()
            .take(since.entries.len())
            .map(|story| banner::since_lines(i18n, story, since.seat))
            .collect()
    }

    /// The banner over the board, then the board.
    fn play_area(ctx: TableCtx<Game>, board: AnyView) -> AnyView {
        let TableCtx { table, i18n, .. } = ctx;
        // The story of the last move (after a reload too), told again when the table
        // changes, not at every tick of its clock.
        // The replay shows the banner of the move replayed.
        let revision =
            Memo::new(move |_| table.with(|t| (t.revision(), t.replay_ply(), t.shows_shared())));
        let story = Memo::new(move |_| {
            // Read, not only tracked: a memo computes (and follows the table) when read.
            revision.get();
            table.with_untracked(|t| last_turn_story(t.shown_game()))
        });
        let banner = move || {
            story.with(|s| {
                s.as_ref()
                    .map(|s| banner::told(i18n, &banner::story_lines(i18n, s)))
                    .unwrap_or_default()
            })
        };
        // On a phone the status is below the board: when no story fills the banner's
        // room, the turn is told there (for the eyes only; the status below is read out).
        let turn = Memo::new(move |_| table.with(|t| turn_line(i18n, t)));
        // Once the game is over (and its result closed), the result rather than the
        // last move's story: on a phone nothing else on the first screen says it.
        let over =
            Memo::new(move |_| table.with(|t| t.game().is_over() && t.replay_status().is_none()));
        view! {
            <div class="banner-slot" class:over=move || over.get()>
                <div class="banner" data-testid="banner" role="status">
                    {banner}
                </div>
                <p class="banner-turn" data-testid="banner-turn" aria-hidden="true">{turn}</p>
            </div>
            {board}
        }
        .into_any()
    }

    /// The four cards, clockwise from the seat at the bottom.
    fn side_players(ctx: TableCtx<Game>) -> AnyView {
        let cards = move || {
            let bottom = ctx.bottom.get();
            (0..4)
                .map(|k| card(ctx, bottom.clockwise(k)))
                .collect_view()
        };
        view! { <div class="players">{cards}</div> }.into_any()
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
        t!(i18n, yhint_alternate).into_any()
    }

    fn display_settings(ctx: TableCtx<Game>) -> AnyView {
        settings::display_settings(ctx)
    }

    fn style_name(i18n: I18n, style: PieceStyle) -> String {
        match style {
            PieceStyle::Kanji => t_string!(i18n, style_kanji),
            PieceStyle::Letters => t_string!(i18n, style_letters),
        }
        .to_string()
    }

    fn how_to_play(i18n: I18n) -> AnyView {
        view! {
            <li>{t!(i18n, yrule_seats)}</li>
            <li>{t!(i18n, yrule_moves)}</li>
            <li>{t!(i18n, yrule_hands)}</li>
            <li>{t!(i18n, yrule_promote)}</li>
            <li>{t!(i18n, yrule_check)}</li>
            <li>{t!(i18n, yrule_mate)}</li>
            <li>{t!(i18n, yrule_end)}</li>
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

    fn result_details(ctx: TableCtx<Game>) -> AnyView {
        result::placings(ctx)
    }
}

/// A seat's card: its partner in pairs, its mates, and badges for check
/// (`check-SEAT`) and for the mate that put it out.
fn card(ctx: TableCtx<Game>, seat: Seat) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let pairs = move || table.with(|t| t.game().rules().format == Format::Pairs);
    let in_check = move || table.with(|t| t.shown_game().position().is_check(seat));
    let mated = move || table.with(|t| t.shown_game().position().elimination_of(seat));
    let mates = Signal::derive(move || {
        let n = table.with(|t| t.shown_game().position().mates_by(seat));
        t_string!(i18n, mates_count, n = n).to_string()
    });
    let seat_class = Game::seat_class(seat);
    let name = view! {
        <Show when=pairs>
            <span class="team">
                {move || {
                    let partner = look::seat_name(i18n, seat.partner());
                    t_string!(i18n, partner_of, seat = partner).to_string()
                }}
            </span>
        </Show>
    };
    let trailing = view! {
        <div class="badges">
            <Show when=in_check>
                <span class="badge check" data-testid=format!("check-{seat_class}")>
                    {t!(i18n, in_check)}
                </span>
            </Show>
            {move || {
                mated()
                    .map(|e| {
                        let by = look::seat_name(i18n, e.by);
                        view! {
                            <span class="badge out">
                                {t_string!(i18n, mated_by, by = by).to_string()}
                            </span>
                        }
                    })
            }}
        </div>
    };
    player_card(
        ctx,
        seat,
        CardExtras {
            name: name.into_any(),
            role: Some(mates),
            trailing: trailing.into_any(),
            out: Signal::derive(move || mated().is_some()),
        },
    )
}

/// The rules page, loaded when first opened ([`crate::ui::lazy`]).
#[wasm_split(yonin_rules, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_rules_page))]
fn lazy_rules_page(style: PieceStyle, on_close: Callback<()>) -> Result<AnyView, LoadFailed> {
    Ok(view! { <rules_page::YoninRules style=style on_close=on_close /> }.into_any())
}

/// A records dialog, loaded when first opened ([`crate::ui::lazy`]).
#[wasm_split(yonin_records, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_records_dialog))]
fn lazy_records_dialog(
    ctx: TableCtx<Game>,
    dialog: RecordsDialog,
    on_game: Callback<Game>,
    on_close: Callback<()>,
) -> Result<AnyView, LoadFailed> {
    Ok(records::dialog(ctx, dialog, on_game, on_close))
}

//! A player's card: the seat's piece and name, who plays it (a person or the CPU) and
//! its wins, the move clock while it is to move, and what the game adds (Hasami's
//! captures, Yonin's mates and badges).

use super::{Screen, TableCtx};
use crate::session::table::Controller;
use crate::ui::board::piece_svg;
use crate::ui::i18n::t_string;
use crate::ui::widgets::clock_view;
use leptos::prelude::*;

/// What a game adds to a card.
pub struct CardExtras {
    /// After the seat's name (Yonin: the partner in pairs).
    pub name: AnyView,
    /// Between who plays the seat and its wins (Yonin: its mates).
    pub role: Option<Signal<String>>,
    /// At the end of the card (Hasami: the captures; Yonin: check and mate badges).
    pub trailing: AnyView,
    /// The seat is out of the game (Yonin: mated); drawn with the class `out`.
    pub out: Signal<bool>,
}

/// The card of `seat` (`data-testid="player-SEAT"`, class `to-move` while it is to move).
pub fn player_card<G: Screen>(
    ctx: TableCtx<G>,
    seat: G::Seat,
    extras: CardExtras,
) -> impl IntoView {
    let TableCtx {
        table,
        bottom,
        i18n,
    } = ctx;
    let CardExtras {
        name,
        role,
        trailing,
        out,
    } = extras;
    let to_move = move || table.with(|t| t.shown_game().side_to_move() == Some(seat));
    // In a game by link, the name the link gives the seat stands for "Human".
    let controller =
        move || match table.with(|t| (t.controller(seat), t.link_name(seat).map(str::to_string))) {
            (_, Some(name)) => name,
            (Controller::Human, None) => t_string!(i18n, human).to_string(),
            (Controller::Cpu, None) => t_string!(i18n, cpu).to_string(),
        };
    // A game by link counts no wins (each device would count it differently).
    let wins = move || {
        table
            .with(|t| t.link_seats().is_none().then(|| t.participant(seat).wins))
            .map(|n| format!(" · {}", t_string!(i18n, wins, n = n)))
    };
    // A shared game shown in place of the table's own was played by others: who plays
    // the seat here and its wins are not its (the line keeps its height, blank).
    let shared = Memo::new(move |_| table.with(|t| t.shows_shared()));
    let controller = move || {
        if shared.get() {
            "\u{a0}".to_string()
        } else {
            controller()
        }
    };
    let wins = move || (!shared.get()).then(wins).flatten();
    let clock = move || {
        let ms = table.with(|t| t.remaining_ms())?;
        to_move().then(|| clock_view(ms))
    };
    let icon = move || {
        let style = table.with(|t| t.settings().pieces);
        let piece = G::piece_view(G::card_piece(seat), style, String::new());
        piece_svg(&piece, G::turn_for(bottom.get()))
    };
    let class = move || {
        let mut c = String::from("player");
        if to_move() {
            c.push_str(" to-move");
        }
        if out.get() {
            c.push_str(" out");
        }
        c
    };
    let seat_class = G::seat_class(seat);
    view! {
        <div class=class data-testid=format!("player-{seat_class}") data-seat=seat_class>
            <span class="player-icon">{icon}</span>
            <div class="who">
                <div class="name">{move || G::seat_name(i18n, seat)} {name}</div>
                <div class="role">
                    {controller}
                    {role.map(|role| view! { {move || (!shared.get()).then_some(" · ")} {role} })}
                    {wins}
                </div>
            </div>
            {clock}
            {trailing}
        </div>
    }
}

//! What a device may do with a game by link besides moving: send the link
//! ([`send_offer`]: this device's move, the game as it stands when its last move came
//! by link, the final move or this device's resignation labelled so, nothing on a device that
//! received the end or only watches) and take back its own last move while it has not
//! been sent ([`take_back_of`]). A resignation (Hasami, RULES H4.3) is final in a game
//! by link; Yonin has none (RULES Y6.6).

use super::merge::moves_here;
use crate::engine::{Undone, Variant};

/// Who made the last move or resignation of `game`, as this device sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastAction<S> {
    /// Nothing has happened yet.
    None,
    /// A move by `seat`; `here` when this device made it (one of its seats, or a CPU
    /// seat it plays, [`moves_here`] before that move).
    Move {
        /// The seat that moved.
        seat: S,
        /// This device made it.
        here: bool,
    },
    /// A resignation; `here` when a seat of this device resigned.
    Resignation {
        /// A seat of this device resigned.
        here: bool,
    },
}

/// The last move or resignation of `game` and whether this device made it. `mine`,
/// `cpus` and `started_here` as [`moves_here`] takes them; a resignation is this
/// device's when the seat that lost by it is one of `mine` (RULES H4.3).
pub fn last_action<G: Variant>(
    game: &G,
    mine: &[G::Seat],
    cpus: &[G::Seat],
    started_here: bool,
    loser: impl Fn(&G) -> Option<G::Seat>,
) -> LastAction<G::Seat> {
    let mut before = game.clone();
    match before.undo() {
        None => LastAction::None,
        Some(Undone::Resignation) => LastAction::Resignation {
            here: loser(game).is_some_and(|s| mine.contains(&s)),
        },
        Some(Undone::Move(_)) => match before.side_to_move() {
            Some(seat) => LastAction::Move {
                seat,
                here: moves_here(&before, seat, mine, cpus, started_here),
            },
            None => LastAction::None,
        },
    }
}

/// What the send button offers (`send-move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendOffer {
    /// The game goes on and this device made its last move (or the CPU's moves it
    /// plays after its own): "send this move", the link of the game with it.
    Move,
    /// The game goes on and its last move is not this device's (it came by link), or
    /// no move was made yet: the link of the game as it stands can still be sent (an
    /// invitation, a copy for a watcher, the same link again), but no move of this
    /// device waits in it.
    Game,
    /// The game is over and this device made its last move: the others learn the end
    /// only from this link, labelled as the final move.
    FinalMove,
    /// The game is over because a seat of this device resigned (RULES H4.3): the others
    /// learn it only from this link, labelled as the resignation.
    Resignation,
    /// A CPU seat this device plays is to move: the link would stop before its move,
    /// and the device that opens it would wait for a move nobody sends. Sent once
    /// the CPU has moved.
    Wait,
    /// Nothing to send: the game ended by a move that came by link, or this device
    /// only watches.
    Nothing,
}

/// What the send button offers for a game that is `over` or not, on a device that
/// is `watching` or not, whose CPU seat is to move here (`cpu_to_move_here`) or not,
/// given what [`last_action`] says.
///
/// ```
/// use shogi_variants::session::link_play::{LastAction, SendOffer, send_offer};
/// let mine = LastAction::Move { seat: 0, here: true };
/// let theirs = LastAction::Move { seat: 1, here: false };
/// assert_eq!(send_offer(false, false, false, mine), SendOffer::Move);
/// assert_eq!(send_offer(false, false, false, theirs), SendOffer::Game);
/// assert_eq!(send_offer(false, false, false, LastAction::<u8>::None), SendOffer::Game);
/// assert_eq!(send_offer(false, false, true, mine), SendOffer::Wait);
/// assert_eq!(send_offer(false, false, true, theirs), SendOffer::Wait);
/// assert_eq!(send_offer(true, false, false, mine), SendOffer::FinalMove);
/// assert_eq!(send_offer(true, false, false, theirs), SendOffer::Nothing);
/// let resigned = LastAction::<u8>::Resignation { here: true };
/// assert_eq!(send_offer(true, false, false, resigned), SendOffer::Resignation);
/// assert_eq!(send_offer(false, true, false, theirs), SendOffer::Nothing);
/// ```
pub fn send_offer<S>(
    over: bool,
    watching: bool,
    cpu_to_move_here: bool,
    last: LastAction<S>,
) -> SendOffer {
    let made_here = match last {
        LastAction::None => false,
        LastAction::Move { here, .. } | LastAction::Resignation { here } => here,
    };
    match (watching, over, made_here) {
        (true, _, _) => SendOffer::Nothing,
        (false, false, _) if cpu_to_move_here => SendOffer::Wait,
        (false, false, true) => SendOffer::Move,
        (false, false, false) => SendOffer::Game,
        (false, true, true) if matches!(last, LastAction::Resignation { .. }) => {
            SendOffer::Resignation
        }
        (false, true, true) => SendOffer::FinalMove,
        (false, true, false) => SendOffer::Nothing,
    }
}

/// Whether the CPU box of `seat` can be changed when a game by link starts on this
/// device, the CPU playing `cpus` of the game's `seats` seats: a ticked box can always
/// be unticked, an empty one ticked only while a seat is left for the person starting
/// (who plays one: with every seat to the CPU, no seat could be chosen).
///
/// ```
/// use shogi_variants::session::link_play::cpu_box_open;
/// assert!(cpu_box_open(&[1, 2], 3, 4));
/// assert!(!cpu_box_open(&[0, 1, 2], 3, 4));
/// assert!(cpu_box_open(&[0, 1, 2], 2, 4));
/// ```
pub fn cpu_box_open<S: PartialEq>(cpus: &[S], seat: S, seats: usize) -> bool {
    cpus.contains(&seat) || !cpu_seats_full(cpus.len(), seats)
}

/// Whether `cpus` CPU seats of a game of `seats` seats leave just one (or none) for
/// the person starting it: no more CPU seats can be chosen ([`cpu_box_open`]).
pub fn cpu_seats_full(cpus: usize, seats: usize) -> bool {
    cpus + 1 >= seats
}

/// Whether this device may take back in a game by link, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeBack {
    /// Its own last move can be taken back: `moves` moves (that one and the CPU's
    /// moves this device made after it).
    Allowed {
        /// Moves taken back.
        moves: usize,
    },
    /// No move has been made.
    Nothing,
    /// The last move is not this device's (it came by link).
    NotYours,
    /// The link with this move was sent ("send this move" was pressed): the others may
    /// hold it, so it stays.
    Sent,
    /// The game ended by a resignation, which is final in a game by link.
    Resigned,
}

/// What a take-back would do in `game`, played by link on this device: back over the
/// moves this device made for a CPU seat to the last move of a person; allowed when
/// that seat is one of `mine` and the link sent last (`sent_moves` moves) does not
/// hold it. `mine`, `cpus` and `started_here` as [`moves_here`] takes them.
pub fn take_back_of<G: Variant>(
    game: &G,
    mine: &[G::Seat],
    cpus: &[G::Seat],
    started_here: bool,
    sent_moves: usize,
) -> TakeBack {
    let mut back = game.clone();
    let mut moves = 0;
    loop {
        let before = back.clone();
        match back.undo() {
            None => {
                return if moves == 0 {
                    TakeBack::Nothing
                } else {
                    TakeBack::NotYours
                };
            }
            Some(Undone::Resignation) => return TakeBack::Resigned,
            Some(Undone::Move(_)) => {
                let Some(seat) = back.side_to_move() else {
                    return TakeBack::NotYours;
                };
                moves += 1;
                if cpus.contains(&seat) {
                    if moves_here(&back, seat, mine, cpus, started_here) {
                        continue;
                    }
                    return TakeBack::NotYours;
                }
                if !mine.contains(&seat) {
                    return TakeBack::NotYours;
                }
                // `before` holds the move; the link sent holds it when it is as long.
                return if before.moves().len() <= sent_moves {
                    TakeBack::Sent
                } else {
                    TakeBack::Allowed { moves }
                };
            }
        }
    }
}

/// What the choice of a seat ("which seat is yours?") shows for a game by link new to
/// this device, read from the link alone: it does not say who sent it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatHints<S> {
    /// The side to move; `None` once the game is over.
    pub to_move: Option<S>,
    /// The seat of a person that made the link's last move (the CPU's moves played
    /// after it skipped over): most likely the sender's. `None` before any move.
    pub moved_last: Option<S>,
    /// The seat the choice puts first: the side to move, the one a link is most often
    /// sent to, unless the CPU plays it, a name was given for it, or it made the last
    /// move; then the first seat (in [`Variant::SEATS`] order) that is none of those.
    /// `None` when every seat is taken so, or the game is over.
    pub suggested: Option<S>,
}

/// The hints of the choice of a seat for `game` by link, with the CPU playing `cpus`
/// and `names` the players' short names in [`Variant::SEATS`] order (empty for none).
pub fn seat_hints<G: Variant>(game: &G, cpus: &[G::Seat], names: &[String]) -> SeatHints<G::Seat> {
    let to_move = game.side_to_move();
    let mut back = game.clone();
    let moved_last = loop {
        match back.undo() {
            Some(Undone::Move(_)) => match back.side_to_move() {
                Some(seat) if cpus.contains(&seat) => continue,
                seat => break seat,
            },
            None | Some(Undone::Resignation) => break None,
        }
    };
    let free = |seat: &G::Seat| {
        !cpus.contains(seat)
            && Some(*seat) != moved_last
            && names.get(G::seat_index(*seat)).is_none_or(|n| n.is_empty())
    };
    let suggested = to_move.and_then(|seat| {
        if free(&seat) {
            Some(seat)
        } else {
            G::SEATS.iter().copied().find(free)
        }
    });
    SeatHints {
        to_move,
        moved_last,
        suggested,
    }
}

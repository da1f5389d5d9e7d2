//! What a device may do with a game by link besides moving: send the link
//! ([`send_offer`]: every move, the final one labelled so, nothing on a device that
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

/// What the "send this move" button offers (`send-move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendOffer {
    /// The game goes on: send the link (again, if asked) of the game as it stands.
    Move,
    /// The game is over and this device made its last move (or resigned): the others
    /// learn the end only from this link, labelled as the final move.
    FinalMove,
    /// Nothing to send: the game ended by a move that came by link, or this device
    /// only watches.
    Nothing,
}

/// What the send button offers for `game`, given what [`last_action`] says.
///
/// ```
/// use shogi_variants::session::link_play::{LastAction, SendOffer, send_offer};
/// let mine = LastAction::Move { seat: 0, here: true };
/// let theirs = LastAction::Move { seat: 1, here: false };
/// assert_eq!(send_offer(false, false, theirs), SendOffer::Move);
/// assert_eq!(send_offer(true, false, mine), SendOffer::FinalMove);
/// assert_eq!(send_offer(true, false, theirs), SendOffer::Nothing);
/// assert_eq!(send_offer(false, true, theirs), SendOffer::Nothing);
/// ```
pub fn send_offer<S>(over: bool, watching: bool, last: LastAction<S>) -> SendOffer {
    let made_here = match last {
        LastAction::None => false,
        LastAction::Move { here, .. } | LastAction::Resignation { here } => here,
    };
    match (watching, over) {
        (true, _) => SendOffer::Nothing,
        (false, false) => SendOffer::Move,
        (false, true) if made_here => SendOffer::FinalMove,
        (false, true) => SendOffer::Nothing,
    }
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

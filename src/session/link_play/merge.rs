//! What an opened link does to the game this device holds under its id: the merge
//! decision ([`merge`]), and who plays a CPU seat ([`cpu_plays_here`]).

use crate::engine::{Undone, Variant};
use crate::record::link::ShareLink;
use crate::record::text::{MoveAt, RecordText, move_at};

/// How a link's game stands to the game this device holds under the same id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// This device holds no game with that id: "which seat is yours?".
    NewGame,
    /// The same game: nothing new.
    Same,
    /// The link holds this device's game and more: `new_moves` moves are applied (0
    /// when only a resignation is new, RULES H4.3).
    Extend {
        /// Moves the link adds.
        new_moves: usize,
    },
    /// This device's game holds the link's and more: "this link is older than your game:
    /// it holds `link_moves` of its `here_moves` moves". Nothing changes.
    Older {
        /// Moves in the link.
        link_moves: usize,
        /// Moves here.
        here_moves: usize,
    },
    /// The games part: they agree up to move `from_move - 1` and differ at move
    /// `from_move` (counted from 1; 1 when they start differently). Nothing changes
    /// unless the player opens the link as a separate game.
    Differs {
        /// The first move that differs, from 1.
        from_move: usize,
    },
}

/// The start of `game`, before any move or resignation.
fn start_of<G: Variant>(game: &G) -> G {
    let mut start = game.clone();
    while start.undo().is_some() {}
    start
}

/// Compares the game of an opened link with the game this device holds under its id
/// (`None`: none). Both must be of the same game; their rules and start positions are
/// compared through their share links, then their moves, then (Hasami) how they ended.
///
/// ```
/// use shogi_variants::engine::Variant;
/// use shogi_variants::engine::hasami::{Game, Rules};
/// use shogi_variants::session::link_play::{Merge, merge};
///
/// let mut here = Game::new(Rules::default());
/// here.play("e1e5".parse().unwrap()).unwrap();
/// let mut link = here.clone();
/// link.play("e9e6".parse().unwrap()).unwrap();
/// assert_eq!(merge(Some(&here), &link), Merge::Extend { new_moves: 1 });
/// assert_eq!(merge(Some(&link), &here), Merge::Older { link_moves: 1, here_moves: 2 });
/// assert_eq!(merge(None, &link), Merge::NewGame);
/// ```
pub fn merge<G: ShareLink>(here: Option<&G>, link: &G) -> Merge {
    let Some(here) = here else {
        return Merge::NewGame;
    };
    if start_of(here).to_link() != start_of(link).to_link() {
        return Merge::Differs { from_move: 1 };
    }
    let (hm, lm) = (here.moves(), link.moves());
    let common = hm.iter().zip(lm).take_while(|(a, b)| a == b).count();
    if common < hm.len().min(lm.len()) {
        return Merge::Differs {
            from_move: common + 1,
        };
    }
    if lm.len() > hm.len() {
        // A game over here (a resignation) cannot go on.
        return if here.is_over() {
            Merge::Differs {
                from_move: hm.len() + 1,
            }
        } else {
            Merge::Extend {
                new_moves: lm.len() - hm.len(),
            }
        };
    }
    if lm.len() < hm.len() {
        return Merge::Older {
            link_moves: lm.len(),
            here_moves: hm.len(),
        };
    }
    match (here.is_over(), link.is_over()) {
        _ if here.to_link() == link.to_link() => Merge::Same,
        (false, true) => Merge::Extend { new_moves: 0 },
        (true, false) => Merge::Older {
            link_moves: lm.len(),
            here_moves: hm.len(),
        },
        _ => Merge::Differs {
            from_move: lm.len() + 1,
        },
    }
}

/// Whether this device plays the CPU seat to move: the device of whoever moves before
/// it. Going back through the moves, past those the CPU made, to the last move a person
/// made: this device plays it when that seat is one of `mine`; with no such move (the
/// CPU moves first), the device that started the game (`started_here`). `false` when
/// the game is over, and on a device that only watches (`mine` empty).
///
/// ```
/// use shogi_variants::engine::Variant;
/// use shogi_variants::engine::yonin::{Game, Rules, Seat};
/// use shogi_variants::session::link_play::cpu_plays_here;
///
/// let mut game = Game::new(Rules::default(), Seat::South);
/// game.play("e3e4".parse().unwrap()).unwrap(); // South; West, a CPU seat, to move
/// let cpus = [Seat::West];
/// assert!(cpu_plays_here(&game, &[Seat::South], &cpus, false));
/// assert!(!cpu_plays_here(&game, &[Seat::North], &cpus, true));
/// ```
pub fn cpu_plays_here<G: Variant>(
    game: &G,
    mine: &[G::Seat],
    cpus: &[G::Seat],
    started_here: bool,
) -> bool {
    // A device that only watches (no seat of its own) moves for nobody.
    if game.is_over() || mine.is_empty() {
        return false;
    }
    let mut back = game.clone();
    loop {
        match back.undo() {
            Some(Undone::Move(_)) => {
                let Some(mover) = back.side_to_move() else {
                    return false;
                };
                if !cpus.contains(&mover) {
                    return mine.contains(&mover);
                }
            }
            Some(Undone::Resignation) => {}
            None => return started_here,
        }
    }
}

/// The seats this device moves for when they are to move: `mine`, and a CPU seat when
/// [`cpu_plays_here`] says so. Everyone else's moves come by link.
pub fn moves_here<G: Variant>(
    game: &G,
    seat: G::Seat,
    mine: &[G::Seat],
    cpus: &[G::Seat],
    started_here: bool,
) -> bool {
    if cpus.contains(&seat) {
        game.side_to_move() == Some(seat) && cpu_plays_here(game, mine, cpus, started_here)
    } else {
        mine.contains(&seat)
    }
}

/// Where a link's game parts from the game here ([`Merge::Differs`]'s `from_move`,
/// counted from 1): that move of the link's game as its move list numbers it
/// ([`RecordText::move_number`]: Hasami in pairs, Yonin by the move count), with the
/// seat that made it. `None` when the link's game has fewer than `from_move` moves.
pub fn parting_move<G: RecordText>(link_game: &G, from_move: usize) -> Option<MoveAt<G::Seat>> {
    move_at(link_game, from_move.checked_sub(1)?)
}

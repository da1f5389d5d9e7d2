//! Games played by link, on each player's own device and with no server: every move
//! travels as a link (`docs/RECORDS.md`, "Link games") that holds the whole game so
//! far, its random id, the move count, the seats the CPU plays and short names.
//!
//! - [`format`](mod@format): the link ([`PlayLink`], tag `L2`; `L1` still read) and its errors
//!   ([`PlayLinkError`]);
//! - [`merge`](mod@merge): what an opened link does to the game held under its id
//!   ([`Merge`]: a new game, the same, an extension, an older link, a fork), and which
//!   device plays a CPU seat ([`cpu_plays_here`]);
//! - [`actions`]: sending the link ([`send_offer`]), taking back one's own move
//!   until it is sent ([`take_back_of`]), and which seat a new device's choice puts
//!   first ([`seat_hints`]);
//! - [`saved`]: the games this device holds ([`LinkGames`]), the list's rows, apart
//!   from the pass-and-play tables and their statistics.
//!
//! The table that plays a link game is a [`crate::session::table::Table`] told which
//! seats are played here ([`crate::session::table::Table::for_link`]).

pub mod actions;
pub mod format;
pub mod merge;
pub mod saved;

#[cfg(test)]
mod tests;

pub use actions::{
    LastAction, SeatHints, SendOffer, TakeBack, cpu_box_open, cpu_seats_full, last_action,
    seat_hints, send_offer, take_back_of,
};
pub use format::{
    CHECK_CHARS, GameId, ID_CHARS, MAX_NAME_CHARS, MAX_PLAY_URL_CHARS, PLAY_TAG, PLAY_TAG_V1,
    PlayLink, PlayLinkError, PlayPart, check_of, link_game_of, play_link_game, seat_letters,
    short_name,
};
pub use merge::{Merge, cpu_plays_here, merge, moves_here, parting_move};
pub use saved::{LINK_GAMES_VERSION, LinkEntry, LinkGames, LinkRow, RowSeat};

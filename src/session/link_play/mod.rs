//! Games played by link, on each player's own device and with no server: every move
//! travels as a link (`docs/RECORDS.md`, "Link games") that holds the whole game so
//! far, its random id, the move count, the seats the CPU plays and short names.
//!
//! - [`format`](mod@format): the link ([`PlayLink`], tag `L1`) and its errors
//!   ([`PlayLinkError`]);
//! - [`merge`](mod@merge): what an opened link does to the game held under its id
//!   ([`Merge`]: a new game, the same, an extension, an older link, a fork), and which
//!   device plays a CPU seat ([`cpu_plays_here`]);
//! - [`saved`]: the games this device holds ([`LinkGames`]), the list's rows, apart
//!   from the pass-and-play tables and their statistics.
//!
//! The table that plays a link game is a [`crate::session::table::Table`] told which
//! seats are played here ([`crate::session::table::Table::for_link`]).

pub mod format;
pub mod merge;
pub mod saved;

#[cfg(test)]
mod tests;

pub use format::{
    GameId, ID_CHARS, MAX_NAME_CHARS, MAX_PLAY_URL_CHARS, PLAY_TAG, PlayLink, PlayLinkError,
    PlayPart, link_game_of, play_link_game, seat_letters, short_name,
};
pub use merge::{Merge, cpu_plays_here, merge, moves_here};
pub use saved::{LINK_GAMES_VERSION, LinkEntry, LinkGames, LinkRow, RowSeat};

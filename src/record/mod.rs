//! Games as text and as links: the record text of each game (tag pairs, moves, result, in
//! the style of PGN) and the share link that packs a game into a URL fragment. Both
//! formats are described in `docs/RECORDS.md`.

pub mod link;
pub mod text;

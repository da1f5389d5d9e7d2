//! Zobrist hashing and the transposition table of the Hasami search.
//!
//! A key covers what the score of a position depends on within one search: the board
//! and the side to move (what repetition compares, RULES H4.4), each side's captures
//! (the win condition, RULES H4.1) and, when a move limit is near, the plies left
//! before it (RULES H4.5). The keys are fixed numbers made at compile time
//! (splitmix64), so a search gives the same result on every machine.

use super::eval::Eval;
use crate::engine::hasami::{Move, Player, Position, Rules};
use crate::engine::square::Square;

/// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): the step that makes the Zobrist keys.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Plies before a move limit that the key tells apart; farther limits share one key.
const LIMIT_HORIZON: usize = 64;

/// `PIECE_KEYS[player][square]`, then the side, captures and limit keys.
struct Keys {
    pieces: [[u64; 81]; 2],
    white_to_move: u64,
    captures: [[u64; 10]; 2],
    plies_left: [u64; LIMIT_HORIZON],
}

const KEYS: Keys = {
    let mut keys = Keys {
        pieces: [[0; 81]; 2],
        white_to_move: 0,
        captures: [[0; 10]; 2],
        plies_left: [0; LIMIT_HORIZON],
    };
    let mut state = 0x4A5A_4D49_5348_4F47; // "HASAMI SHOG"-ish
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 81 {
            let (s, k) = splitmix64(state);
            state = s;
            keys.pieces[p][sq] = k;
            sq += 1;
        }
        let mut c = 0;
        while c < 10 {
            let (s, k) = splitmix64(state);
            state = s;
            keys.captures[p][c] = k;
            c += 1;
        }
        p += 1;
    }
    let (s, k) = splitmix64(state);
    state = s;
    keys.white_to_move = k;
    let mut i = 0;
    while i < LIMIT_HORIZON {
        let (s, k) = splitmix64(state);
        state = s;
        keys.plies_left[i] = k;
        i += 1;
    }
    keys
};

/// The Zobrist key of the board and the side to move: equal for positions that
/// repetition counts as the same (RULES H4.4).
pub fn board_key(pos: &Position) -> u64 {
    let mut key = if pos.side_to_move() == Player::White {
        KEYS.white_to_move
    } else {
        0
    };
    for player in Player::ALL {
        let mut bits = pos.pieces(player).bits();
        while bits != 0 {
            key ^= KEYS.pieces[player.index()][bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
    }
    key
}

/// The transposition-table key of `pos` under `rules`: [`board_key`] with both capture
/// counts (RULES H4.1) and, within [`LIMIT_HORIZON`] plies of a move limit, the plies
/// left (RULES H4.5).
pub fn table_key(pos: &Position, rules: &Rules, board: u64) -> u64 {
    let mut key = board
        ^ KEYS.captures[0][usize::from(pos.captures(Player::Black))]
        ^ KEYS.captures[1][usize::from(pos.captures(Player::White))];
    if let Some(limit) = rules.move_limit {
        let left = limit.saturating_sub(pos.ply()) as usize;
        if left < LIMIT_HORIZON {
            key ^= KEYS.plies_left[left];
        }
    }
    key
}

/// What a stored score means (the window it was found with).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this (a cutoff: fail-high).
    Lower,
    /// At most this (no move beat alpha: fail-low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The score, wins and losses counted from the node ([`Eval::stored_in_table`]).
    pub score: Eval,
    /// The depth it was searched to, in plies.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
    /// The best move found, if any.
    pub best: Option<Move>,
}

/// Packs a move as `from * 81 + to + 1` (0: none).
fn pack_move(mv: Option<Move>) -> u64 {
    mv.map_or(0, |m| (m.from.index() * 81 + m.to.index() + 1) as u64)
}

fn unpack_move(bits: u64) -> Option<Move> {
    let i = bits.checked_sub(1)? as usize;
    Some(Move::new(
        Square::from_index(i / 81)?,
        Square::from_index(i % 81)?,
    ))
}

/// A transposition table: `2^bits` slots of a key and a packed [`Entry`], replaced
/// when the new result is at least as deep or belongs to another position.
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            slots: vec![[0, 0]; len],
            mask: len - 1,
        }
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, data] = self.slots[key as usize & self.mask];
        if k != key || data == 0 {
            return None;
        }
        let score = Eval::from_raw((data & 0xFFFF) as u16 as i16 as i32);
        let depth = ((data >> 16) & 0xFF) as u8;
        let bound = match (data >> 24) & 0x3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = unpack_move(data >> 32);
        Some(Entry {
            score,
            depth,
            bound,
            best,
        })
    }

    /// Stores `entry` for `key`, unless the slot holds a deeper result for the same key.
    pub fn store(&mut self, key: u64, entry: Entry) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot[0] == key && ((slot[1] >> 16) & 0xFF) as u8 > entry.depth {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = u64::from(entry.score.units() as i16 as u16)
            | u64::from(entry.depth) << 16
            | bound << 24
            | pack_move(entry.best) << 32;
        *slot = [key, data];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_side_captures_and_a_near_limit_apart() {
        let rules = Rules {
            move_limit: Some(100),
            ..Rules::default()
        };
        let a: Position = "w8/9/9/9/9/9/9/9/b8 b 0 0 10".parse().unwrap();
        let other_side: Position = "w8/9/9/9/9/9/9/9/b8 w 0 0 10".parse().unwrap();
        let other_captures: Position = "w8/9/9/9/9/9/9/9/b8 b 1 0 10".parse().unwrap();
        let far_ply: Position = "w8/9/9/9/9/9/9/9/b8 b 0 0 12".parse().unwrap();
        let near: Position = "w8/9/9/9/9/9/9/9/b8 b 0 0 40".parse().unwrap();
        let key = |p: &Position| table_key(p, &rules, board_key(p));
        assert_ne!(board_key(&a), board_key(&other_side));
        assert_eq!(board_key(&a), board_key(&other_captures));
        assert_ne!(key(&a), key(&other_captures));
        assert_eq!(
            key(&a),
            key(&far_ply),
            "90 and 88 plies left: beyond the horizon"
        );
        assert_ne!(key(&a), key(&near), "60 plies left: within it");
    }

    #[test]
    fn entries_round_trip() {
        let mut table = Table::new(4);
        let best = Some("e1e5".parse().unwrap());
        for (score, bound) in [
            (Eval::from_units(-1234), Bound::Upper),
            (Eval::win_in(7), Bound::Exact),
            (Eval::lost_in(2), Bound::Lower),
        ] {
            let entry = Entry {
                score,
                depth: 9,
                bound,
                best,
            };
            table.store(77, entry);
            assert_eq!(table.probe(77), Some(entry));
            assert_eq!(table.probe(77 + 16), None, "same slot, other key");
        }
        // A shallower result for the same key does not replace a deeper one.
        let shallow = Entry {
            score: Eval::DRAW,
            depth: 3,
            bound: Bound::Exact,
            best: None,
        };
        table.store(77, shallow);
        assert_eq!(table.probe(77).unwrap().depth, 9);
        table.store(77 + 16, shallow);
        assert_eq!(table.probe(77 + 16), Some(shallow));
    }
}

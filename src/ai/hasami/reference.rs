//! The plain reference for [`super::search`]: negamax with no window, no pruning, no
//! transposition table and no move ordering, in the manner of minimax-rs's naive
//! `Negamax`; the same evaluation, the same ends of the game (RULES H4.6, with the
//! search's repetition rule and contempt) and the quiescence search done plainly
//! (every capture, up to the same number of plies, or the evaluation when standing pat
//! is better). The optimised search must find the same root value at every depth.
//!
//! [`threat_win`] is the plain reference of the threat search: every move in the
//! engine's order, no budget; it must prove a win within the same number of moves
//! exactly when the search does.

use super::eval::{Eval, evaluate};
use super::search::{Style, perceive, threatens};
use super::tt::board_key;
use crate::engine::hasami::{Game, Player, Position, Rules};
use std::collections::HashSet;

struct Plain {
    rules: Rules,
    style: Style,
    root_side: Player,
    game_seen: HashSet<u64>,
    line: Vec<u64>,
}

/// The value of `game`'s position for its side to move, searched `depth` plies by the
/// plain negamax in `style` (its budget is ignored).
pub fn root_value(game: &Game, style: &Style, depth: u32) -> Eval {
    let mut plain = Plain {
        rules: game.rules(),
        style: *style,
        root_side: game.position().side_to_move(),
        game_seen: game.positions().iter().map(board_key).collect(),
        line: Vec::new(),
    };
    plain.negamax(game.position(), depth, 0)
}

/// Whether the side to move of `game`'s position wins by continuous threats within
/// `moves` of its own moves (`Searcher::threat_win` in `style`), searched plainly.
pub fn threat_win(game: &Game, style: &Style, moves: u32) -> bool {
    let mut plain = Plain {
        rules: game.rules(),
        style: *style,
        root_side: game.position().side_to_move(),
        game_seen: game.positions().iter().map(board_key).collect(),
        line: Vec::new(),
    };
    plain.attack(game.position(), moves)
}

impl Plain {
    /// RULES H4.6 in order for `mover` after its move to `next`: win (H4.1),
    /// repetition (H4.4), move limit (H4.5), no legal move for the next player (H4.2).
    fn end(&self, mover: Player, next: &Position) -> Option<Eval> {
        if self.rules.win_reason(next, mover).is_some() {
            return Some(Eval::win_in(1));
        }
        let key = board_key(next);
        if self.game_seen.contains(&key) || self.line.contains(&key) {
            return Some(self.draw(mover));
        }
        if self.rules.move_limit.is_some_and(|l| next.ply() >= l) {
            return Some(self.draw(mover));
        }
        if !next.has_legal_move() {
            return Some(Eval::win_in(1));
        }
        None
    }

    /// Some move of the side to move wins at once (the last of `moves` only by a
    /// capture), or threatens to and every reply loses within `moves - 1`.
    fn attack(&mut self, pos: &Position, moves: u32) -> bool {
        let attacker = pos.side_to_move();
        for (next, captured) in self.children(pos) {
            if moves == 1 && captured == 0 {
                continue;
            }
            match self.end(attacker, &next) {
                Some(end) if end.is_win() => return true,
                Some(_) => continue,
                None => {}
            }
            if moves > 1 && threatens(&self.rules, self.style.sight, attacker, &next) {
                self.line.push(board_key(&next));
                let proved = self.defend(&next, moves - 1);
                self.line.pop();
                if proved {
                    return true;
                }
            }
        }
        false
    }

    /// Every move of the side to move neither ends the game nor escapes
    /// [`Plain::attack`] within `moves`.
    fn defend(&mut self, pos: &Position, moves: u32) -> bool {
        let defender = pos.side_to_move();
        for (next, _) in self.children(pos) {
            if self.end(defender, &next).is_some() {
                return false;
            }
            self.line.push(board_key(&next));
            let lost = self.attack(&next, moves);
            self.line.pop();
            if !lost {
                return false;
            }
        }
        true
    }

    fn draw(&self, mover: Player) -> Eval {
        let c = if mover == self.root_side {
            -self.style.contempt
        } else {
            self.style.contempt
        };
        Eval::from_units(c)
    }

    /// The positions after each move of `pos` as the player sees them, with the
    /// pieces captured.
    fn children(&self, pos: &Position) -> Vec<(Position, u32)> {
        pos.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *pos;
                let captured = next.play_unchecked(mv);
                perceive(self.style.sight, pos.side_to_move(), next, captured)
            })
            .collect()
    }

    /// RULES H4.6 in order: win (H4.1), repetition (H4.4), move limit (H4.5), no legal
    /// move for the next player (H4.2); else the plain search below.
    fn child(
        &mut self,
        mover: Player,
        next: &Position,
        depth: u32,
        ply: u32,
        q: Option<u32>,
    ) -> Eval {
        if self.rules.win_reason(next, mover).is_some() {
            return Eval::win_in(ply);
        }
        let key = board_key(next);
        if self.game_seen.contains(&key) || self.line.contains(&key) {
            return self.draw(mover);
        }
        if self.rules.move_limit.is_some_and(|l| next.ply() >= l) {
            return self.draw(mover);
        }
        if !next.has_legal_move() {
            return Eval::win_in(ply);
        }
        self.line.push(key);
        let score = match q {
            Some(q) => -self.quiesce(next, ply, q),
            None => -self.negamax(next, depth, ply),
        };
        self.line.pop();
        score
    }

    fn negamax(&mut self, pos: &Position, depth: u32, ply: u32) -> Eval {
        if depth == 0 {
            return self.quiesce(pos, ply, self.style.quiescence);
        }
        let mover = pos.side_to_move();
        self.children(pos)
            .iter()
            .map(|(next, _)| self.child(mover, next, depth - 1, ply + 1, None))
            .max()
            .expect("a position that is not over has a move")
    }

    fn quiesce(&mut self, pos: &Position, ply: u32, qleft: u32) -> Eval {
        let stand = evaluate(pos, &self.rules, &self.style.weights, self.style.sight);
        if qleft == 0 {
            return stand;
        }
        let mover = pos.side_to_move();
        self.children(pos)
            .iter()
            .filter(|(_, captured)| *captured > 0)
            .map(|(next, _)| self.child(mover, next, 0, ply + 1, Some(qleft - 1)))
            .fold(stand, Eval::max)
    }
}

//! A person's turn between clicks: the legal moves taken apart by where they start
//! ([`Dests`], computed once per position, like chessground's `dests`), what the
//! player has picked ([`Selection`]) and the move held for confirmation, in one value
//! type ([`Picking`]) that decides what a click means. The table feeds it and plays
//! the move it returns ([`super::Table::click_square`] and the other clicks).

use super::Revision;
use super::game::TableGame;
use crate::engine::{Square, SquareSet};

/// Where a move starts: a square of the board, or a piece in hand (a drop).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Source<H> {
    /// A piece on this square.
    Square(Square),
    /// A piece of this kind in the hand of the side to move.
    Hand(H),
}

/// The legal moves of a position, by where they start: for each piece (on the board or
/// in hand) that can move, the squares it can go to, and the moves themselves.
#[derive(Clone, Debug)]
pub struct Dests<G: TableGame> {
    moves: Vec<G::Move>,
    sources: Vec<(Source<G::HandPiece>, SquareSet)>,
}

impl<G: TableGame> Dests<G> {
    /// The legal moves of `game` (none when it is over), taken apart.
    pub fn of(game: &G) -> Dests<G> {
        let moves = game.legal_moves();
        let mut sources: Vec<(Source<G::HandPiece>, SquareSet)> = Vec::new();
        for &mv in &moves {
            let (source, to) = (G::source(mv), G::destination(mv));
            match sources.iter_mut().find(|(s, _)| *s == source) {
                Some((_, set)) => set.insert(to),
                None => sources.push((source, SquareSet::single(to))),
            }
        }
        Dests { moves, sources }
    }

    /// The squares a piece at `source` can go to (empty if it cannot move).
    pub fn from(&self, source: Source<G::HandPiece>) -> SquareSet {
        self.sources
            .iter()
            .find(|(s, _)| *s == source)
            .map_or(SquareSet::EMPTY, |(_, set)| *set)
    }

    /// The pieces that can move, each with its destinations, in the order of the legal
    /// moves.
    pub fn sources(&self) -> &[(Source<G::HandPiece>, SquareSet)] {
        &self.sources
    }

    /// The legal moves from `source` to `to`: one, or two when promoting is optional.
    pub fn moves(&self, source: Source<G::HandPiece>, to: Square) -> impl Iterator<Item = G::Move> {
        self.moves
            .iter()
            .copied()
            .filter(move |&m| G::source(m) == source && G::destination(m) == to)
    }

    /// Whether `mv` is legal.
    pub fn contains(&self, mv: G::Move) -> bool {
        self.moves.contains(&mv)
    }
}

/// What the player has picked on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Selection<H> {
    /// Nothing.
    None,
    /// A piece on the board, or a piece in hand.
    Source(Source<H>),
    /// A move from `from` to `to` that may promote or not: the player chooses
    /// ([`super::Table::choose_promotion`]).
    Promotion {
        /// The piece's square.
        from: Square,
        /// Its destination.
        to: Square,
    },
}

/// What a click did.
#[derive(Clone, Debug, PartialEq)]
pub enum Click<R> {
    /// Nothing (not a person's turn, or not a piece of the side to move).
    Ignored,
    /// A piece in the mover's own hand that has no legal drop now (every empty square
    /// breaks a pawn-drop rule or leaves the king in check, RULES Y2.3, Y4): nothing
    /// is picked, and the player is told why nothing happened.
    NoDrop,
    /// A piece was picked.
    Selected,
    /// The pick was dropped.
    Deselected,
    /// The move may promote: the player is asked.
    AskPromotion,
    /// *Confirm moves* is on: the move is held, not played, until the player confirms
    /// ([`super::Table::confirm_move`]) or cancels it ([`super::Table::cancel_move`]).
    AskConfirm,
    /// A move was played.
    Played(R),
}

/// What the table knows when a click comes: the game, its legal moves, the revision,
/// and whether a person may move now.
pub struct Turn<'a, G: TableGame> {
    /// The game.
    pub game: &'a G,
    /// Its legal moves.
    pub dests: &'a Dests<G>,
    /// The table's revision (a held move is played only in the one it was chosen in).
    pub revision: Revision,
    /// A person plays the seat to move and their time has not run out.
    pub person_to_move: bool,
    /// *Confirm moves* is on: a chosen move is held.
    pub confirm_moves: bool,
}

/// What a click asks the table to do: a [`Click`] with the move to play, not yet played.
pub type Picked<M> = Click<M>;

/// A move chosen while *confirm moves* is on, held until the player confirms it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Proposal<M> {
    /// The move.
    mv: M,
    /// The revision of the table when it was chosen: it is played only in that one.
    revision: Revision,
}

/// The pick and the held move of a person's turn, and what each click means.
#[derive(Clone, Debug)]
pub struct Picking<G: TableGame> {
    selection: Selection<G::HandPiece>,
    proposal: Option<Proposal<G::Move>>,
}

impl<G: TableGame> Default for Picking<G> {
    fn default() -> Picking<G> {
        Picking {
            selection: Selection::None,
            proposal: None,
        }
    }
}

impl<G: TableGame> Picking<G> {
    /// What is picked.
    pub fn selection(&self) -> Selection<G::HandPiece> {
        self.selection
    }

    /// Drops the pick and forgets a held move.
    pub fn clear(&mut self) {
        *self = Picking::default();
    }

    /// Forgets a held move; the pick stays.
    pub fn forget_proposal(&mut self) {
        self.proposal = None;
    }

    /// Whether a move is held (current or not).
    pub fn holds(&self) -> bool {
        self.proposal.is_some()
    }

    /// The move held for confirmation, if it was chosen in `revision` and a person may
    /// move (`person_to_move`).
    pub fn proposed(&self, revision: Revision, person_to_move: bool) -> Option<G::Move> {
        self.proposal
            .filter(|p| p.revision == revision && person_to_move)
            .map(|p| p.mv)
    }

    /// The squares the picked piece can go to (empty when nothing is picked or a person
    /// may not move).
    pub fn destinations(&self, turn: &Turn<'_, G>) -> SquareSet {
        match self.selection {
            Selection::Source(source) if turn.person_to_move => turn.dests.from(source),
            _ => SquareSet::EMPTY,
        }
    }

    /// A click on `sq`.
    ///
    /// With nothing picked, a piece of the person to move is picked. With a piece
    /// picked, a click on one of its destinations chooses the move (or asks whether to
    /// promote when both are legal), on the piece itself drops the pick, on another
    /// piece of the side to move picks that one; anything else drops the pick. Ignored
    /// when a person may not move now. While a move is held, any click cancels it.
    pub fn click_square(&mut self, turn: &Turn<'_, G>, sq: Square) -> Picked<G::Move> {
        if !turn.person_to_move {
            return Click::Ignored;
        }
        if self.proposal.is_some() {
            return self.cancel(turn);
        }
        let side = turn.game.side_to_move();
        let own = turn.game.owner_at(sq).is_some_and(|o| Some(o) == side);
        match self.selection {
            Selection::Source(source) if turn.dests.from(source).contains(sq) => {
                let mut moves = turn.dests.moves(source, sq);
                match (source, moves.next(), moves.next()) {
                    (_, Some(mv), None) => self.choose(turn, mv),
                    (Source::Square(from), Some(_), Some(_)) => {
                        self.selection = Selection::Promotion { from, to: sq };
                        Click::AskPromotion
                    }
                    _ => {
                        self.selection = Selection::None;
                        Click::Deselected
                    }
                }
            }
            Selection::Source(Source::Square(from)) if from == sq => {
                self.selection = Selection::None;
                Click::Deselected
            }
            _ if own => {
                self.selection = Selection::Source(Source::Square(sq));
                Click::Selected
            }
            Selection::None => Click::Ignored,
            _ => {
                self.selection = Selection::None;
                Click::Deselected
            }
        }
    }

    /// A click on a piece of kind `piece` in the hand of `seat`: picks it for a drop if
    /// `seat` is the person to move and it can be dropped; a second click drops the
    /// pick. While a move is held, a click on a hand cancels it.
    pub fn click_hand(
        &mut self,
        turn: &Turn<'_, G>,
        seat: G::Seat,
        piece: G::HandPiece,
    ) -> Picked<G::Move> {
        if !turn.person_to_move || turn.game.side_to_move() != Some(seat) {
            return Click::Ignored;
        }
        if self.proposal.is_some() {
            return self.cancel(turn);
        }
        let source = Source::Hand(piece);
        if self.selection == Selection::Source(source) {
            self.selection = Selection::None;
            return Click::Deselected;
        }
        if turn.game.in_hand(seat, piece) == 0 {
            Click::Ignored
        } else if turn.dests.from(source).is_empty() {
            self.selection = Selection::None;
            Click::NoDrop
        } else {
            self.selection = Selection::Source(source);
            Click::Selected
        }
    }

    /// Answers the promotion question: `Some(true)` promote, `Some(false)` not, `None`
    /// cancel (the piece stays picked).
    pub fn choose_promotion(
        &mut self,
        turn: &Turn<'_, G>,
        promote: Option<bool>,
    ) -> Picked<G::Move> {
        let Selection::Promotion { from, to } = self.selection else {
            return Click::Ignored;
        };
        let Some(promote) = promote else {
            self.selection = Selection::Source(Source::Square(from));
            return Click::Deselected;
        };
        let mv = turn
            .dests
            .moves(Source::Square(from), to)
            .find(|&m| G::is_promotion(m) == promote);
        match mv {
            Some(mv) if turn.person_to_move => self.choose(turn, mv),
            _ => {
                self.selection = Selection::None;
                Click::Ignored
            }
        }
    }

    /// The held move, to be played: [`Click::Played`] with it, or [`Click::Ignored`]
    /// (and it is forgotten) when none is held or it went stale: the table changed
    /// since it was chosen, a person may not move now, or it is no longer legal.
    pub fn confirm(&mut self, turn: &Turn<'_, G>) -> Picked<G::Move> {
        let Some(proposal) = self.proposal.take() else {
            return Click::Ignored;
        };
        if proposal.revision != turn.revision
            || !turn.person_to_move
            || !turn.dests.contains(proposal.mv)
        {
            self.selection = Selection::None;
            return Click::Ignored;
        }
        Click::Played(proposal.mv)
    }

    /// Cancels the held move: nothing is played and its piece (on the board or in hand)
    /// stays picked. Returns [`Click::Selected`], or [`Click::Ignored`] when no move was
    /// held.
    pub fn cancel(&mut self, turn: &Turn<'_, G>) -> Picked<G::Move> {
        let Some(proposal) = self.proposal.take() else {
            return Click::Ignored;
        };
        if proposal.revision != turn.revision || !turn.person_to_move {
            self.selection = Selection::None;
            return Click::Deselected;
        }
        self.selection = Selection::Source(G::source(proposal.mv));
        Click::Selected
    }

    /// A person chose `mv`: to be played, or held when *confirm moves* is on.
    fn choose(&mut self, turn: &Turn<'_, G>, mv: G::Move) -> Picked<G::Move> {
        if turn.confirm_moves {
            self.selection = Selection::Source(G::source(mv));
            self.proposal = Some(Proposal {
                mv,
                revision: turn.revision,
            });
            return Click::AskConfirm;
        }
        Click::Played(mv)
    }
}

//! What the board draws, as plain data computed natively: [`BoardView`] (each square's
//! piece and marks, the hands, the turn of the board, the questions asked next to a
//! square). The board component (`ui::board`) knows no rules, like lichess's
//! chessground: it draws a [`BoardView`] and sends clicks back.
//!
//! [`table_view`] builds the view of a table from its game, pick and settings, and
//! [`diagram_view`] the view of a rules diagram; what each game draws its own way (its
//! pieces, the marks of its last move, its hands) is its [`BoardLook`]. The texts a
//! screen reader reads come from [`BoardNames`], which the UI implements with its
//! translations.
//!
//! The board can be turned four ways ([`Turn`]), so each of the four Yonin seats can
//! have its side at the bottom of the screen; Hasami uses [`Turn::Rank1`] and
//! [`Turn::Rank9`]. Pieces are shogi-style pentagons pointing the way they move
//! ([`Facing`]), turned with the board.

use crate::engine::square::NUM_SQUARES;
use crate::engine::{Square, SquareSet};
use crate::session::feedback::{Motion, MoveFeedback, MoveMotion};
use crate::session::table::{Selection, Source, Table, TableGame};

/// Which way the board is turned: the board edge seen at the bottom of the screen.
///
/// The variants name the edge: [`Turn::Rank1`] is rank 1 (South's or Black's side) at the
/// bottom, [`Turn::FileA`] file `a` (West's side), [`Turn::Rank9`] rank 9 (North's or
/// White's side), [`Turn::FileI`] file `i` (East's side). They go clockwise around the
/// board, like the Yonin seats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Turn {
    /// Rank 1 at the bottom: ranks 9..1 from top to bottom, files `a`..`i` from left to
    /// right (`a1` bottom-left). South's (Yonin) or Black's (Hasami) view.
    #[default]
    Rank1,
    /// File `a` at the bottom (West's view): up on screen is towards file `i`, right is
    /// towards rank 1 (`a1` bottom-right).
    FileA,
    /// Rank 9 at the bottom, turned 180° (North's or White's view): `i9` bottom-left.
    Rank9,
    /// File `i` at the bottom (East's view): up on screen is towards file `a`, right is
    /// towards rank 9 (`i1` bottom-left).
    FileI,
}

impl Turn {
    /// The four turns in clockwise order (the order of the Yonin seats South, West,
    /// North, East whose side each puts at the bottom).
    pub const ALL: [Turn; 4] = [Turn::Rank1, Turn::FileA, Turn::Rank9, Turn::FileI];

    /// Index in [`Turn::ALL`] (quarter turns clockwise from [`Turn::Rank1`]'s edge).
    pub const fn index(self) -> u8 {
        match self {
            Turn::Rank1 => 0,
            Turn::FileA => 1,
            Turn::Rank9 => 2,
            Turn::FileI => 3,
        }
    }

    /// The board direction that points to the top of the screen (e.g. [`Facing::North`]
    /// for [`Turn::Rank1`], [`Facing::East`] for [`Turn::FileA`]).
    pub const fn up(self) -> Facing {
        Facing::from_index(self.index())
    }

    /// The screen edge along which the board edge `side` is drawn with this turn: the
    /// host's way to place a seat's hand or name card next to the seat's side. For
    /// example `Turn::FileA.edge_of(Turn::Rank1)` is [`Edge::Right`]: seen from West,
    /// South sits on the right.
    pub const fn edge_of(self, side: Turn) -> Edge {
        Edge::from_index((side.index() + 4 - self.index()) % 4)
    }

    /// Whether screen rows run along ranks (rank 1 or 9 at the bottom): the rank labels
    /// are then at the side and the file labels at the bottom.
    pub const fn rows_are_ranks(self) -> bool {
        matches!(self, Turn::Rank1 | Turn::Rank9)
    }

    /// The coordinate labels along the board's left edge, top to bottom, and along its
    /// bottom edge, left to right: nine each. A label always names the board's own
    /// coordinate of its row or column, whatever the turn: a file is a letter `a`-`i`,
    /// a rank a number `1`-`9` (RULES H6.2, Y9.1). When the board is turned a quarter
    /// (West or East at the bottom), files run down the side and ranks along the bottom.
    pub fn coordinate_labels(self) -> ([String; 9], [String; 9]) {
        let name = |sq: Square, rank: bool| {
            if rank {
                (sq.rank() + 1).to_string()
            } else {
                char::from(b'a' + sq.file()).to_string()
            }
        };
        let rows_are_ranks = self.rows_are_ranks();
        (
            std::array::from_fn(|row| name(self.at_screen(row as u8, 0), rows_are_ranks)),
            std::array::from_fn(|col| name(self.at_screen(8, col as u8), !rows_are_ranks)),
        )
    }

    /// Board step `(files, ranks)` of one square towards the screen's right.
    pub const fn right_step(self) -> (i8, i8) {
        self.up().clockwise().step()
    }

    /// Board step `(files, ranks)` of one square towards the screen's top.
    pub const fn up_step(self) -> (i8, i8) {
        self.up().step()
    }

    /// The square shown at screen `row` (0 = top) and `col` (0 = left), both in `0..9`.
    pub fn at_screen(self, row: u8, col: u8) -> Square {
        let (rf, rr) = self.right_step();
        let (uf, ur) = self.up_step();
        // The bottom-left square: each coordinate starts low if it grows to the right
        // or upwards, else high.
        let start = |grows: i8| if grows > 0 { 0 } else { 8 };
        let (col, up) = (col as i8, 8 - row as i8);
        let file = start(rf + uf) + col * rf + up * uf;
        let rank = start(rr + ur) + col * rr + up * ur;
        Square::new(file as u8, rank as u8).expect("row and col in 0..9")
    }

    /// The screen `(row, col)` of `sq` (row 0 = top, col 0 = left).
    pub fn screen_of(self, sq: Square) -> (u8, u8) {
        let (f, r) = (sq.file(), sq.rank());
        match self {
            Turn::Rank1 => (8 - r, f),
            Turn::FileA => (8 - f, 8 - r),
            Turn::Rank9 => (r, 8 - f),
            Turn::FileI => (f, r),
        }
    }

    /// The CSS class naming this turn on the board's wrapper, `turn-rank1` etc.
    pub const fn class(self) -> &'static str {
        match self {
            Turn::Rank1 => "turn-rank1",
            Turn::FileA => "turn-filea",
            Turn::Rank9 => "turn-rank9",
            Turn::FileI => "turn-filei",
        }
    }
}

/// The direction a piece moves in, in board terms: North is towards rank 9, East towards
/// file `i`. Yonin: South's pieces face North, West's East, North's South, East's West.
/// Hasami: Black's pieces face North, White's South.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Facing {
    /// Towards rank 9.
    #[default]
    North,
    /// Towards file `i`.
    East,
    /// Towards rank 1.
    South,
    /// Towards file `a`.
    West,
}

impl Facing {
    /// North, East, South, West by index `i % 4` (clockwise).
    pub const fn from_index(i: u8) -> Facing {
        match i % 4 {
            0 => Facing::North,
            1 => Facing::East,
            2 => Facing::South,
            _ => Facing::West,
        }
    }

    /// Index clockwise from North (0..4).
    pub const fn index(self) -> u8 {
        match self {
            Facing::North => 0,
            Facing::East => 1,
            Facing::South => 2,
            Facing::West => 3,
        }
    }

    /// The direction a quarter turn clockwise (North → East).
    pub const fn clockwise(self) -> Facing {
        Facing::from_index(self.index() + 1)
    }

    /// Board step `(files, ranks)` of one square in this direction.
    pub const fn step(self) -> (i8, i8) {
        match self {
            Facing::North => (0, 1),
            Facing::East => (1, 0),
            Facing::South => (0, -1),
            Facing::West => (-1, 0),
        }
    }

    /// Lower-case name, the `data-facing` value: `north`, `east`, `south`, `west`.
    pub const fn name(self) -> &'static str {
        match self {
            Facing::North => "north",
            Facing::East => "east",
            Facing::South => "south",
            Facing::West => "west",
        }
    }

    /// Degrees clockwise from "pointing up" at which a piece with this facing is drawn
    /// when the board is turned by `turn`: 0, 90, 180 or 270.
    pub const fn screen_angle(self, turn: Turn) -> u16 {
        ((self.index() + 4 - turn.up().index()) % 4) as u16 * 90
    }
}

/// A piece as the board draws it: a shogi-style pentagon whose point shows its facing.
#[derive(Clone, PartialEq, Debug)]
pub struct PieceView {
    /// The owner: its CSS class (colour, seat mark) and the `data-side` value. One of
    /// `"black"`, `"white"` (Hasami), `"south"`, `"west"`, `"north"`, `"east"` (Yonin),
    /// or `"none"` for a piece of nobody (a flipped king or an ownerless piece).
    pub side: &'static str,
    /// The way the piece moves; the pentagon's point shows it, turned with the board.
    pub facing: Facing,
    /// Text on the piece, one or two characters (e.g. the kanji 歩 or a letter `P`);
    /// `None` draws the Hasami disc mark (filled for Black, a ring for White).
    pub text: Option<String>,
    /// A promoted piece: its text is red, as on shogi pieces.
    pub promoted: bool,
    /// Out of play (a flipped king or an ownerless piece): drawn greyed, faded, with a
    /// dashed edge and without an owner colour.
    pub inert: bool,
    /// Accessible name, translated by the host (e.g. "North's silver, facing south").
    pub label: String,
}

/// What one square shows. Each `bool` is a mark, drawn as the square's CSS class of the
/// same name.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct SquareView {
    /// The piece standing there, if any.
    pub piece: Option<PieceView>,
    /// The selected piece stands here.
    pub selected: bool,
    /// A legal destination of the selected piece or hand piece (drawn only when asked to).
    pub target: bool,
    /// From- or to-square of the last move.
    pub last: bool,
    /// The latest move of each seat still playing that starts or ends here, drawn in
    /// the seat's colour, the most recent first ([`SeatMove`], [`latest_moves`]).
    pub seat_moves: Vec<SeatMove>,
    /// A piece was captured here by the last move.
    pub captured: bool,
    /// A king in check stands here.
    pub check: bool,
    /// The piece standing here just arrived and is animated ([`Arrive`]); `None` draws
    /// it still.
    pub arrive: Option<Arrive>,
    /// The piece of a move held for confirmation, drawn faded on its destination (over
    /// any piece it would capture); the square gets the class `pending`.
    pub ghost: Option<PieceView>,
}

/// A seat's latest move as a square shows it: the from- and to-squares of the latest
/// move of every seat are tinted in the seat's colour, as four-player chess viewers do,
/// the most recent move strongest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SeatMove {
    /// The seat's name in CSS classes and test ids ([`BoardLook::seat_class`]): the mark
    /// on the destination has the test id `last-move-SEAT`, the one on the square the
    /// piece came from `last-from-SEAT`.
    pub seat: &'static str,
    /// How recent the move is among the seats' latest moves: 0 for the last move of the
    /// game, 1 for the latest move of the seat that moved before it, and so on (at most
    /// the number of seats less one).
    pub age: u8,
    /// This square is the move's destination (else the square it came from).
    pub to: bool,
}

/// How the piece on a square arrives there: the last move, animated once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Arrive {
    /// Identifies the move (the host's move counter): the board animates each move
    /// once, so the piece does not slide again when the board is redrawn or turned.
    pub id: u64,
    /// The square it slid from (class `arrive slide`, offset in the CSS variables
    /// `--dx` and `--dy`, in squares on screen); `None` for a drop from a hand
    /// (class `arrive drop`: it fades and grows in).
    pub from: Option<Square>,
}

/// A screen edge of the board (not a board edge: see [`Turn::edge_of`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Edge {
    /// Below the board.
    Bottom,
    /// Left of the board.
    Left,
    /// Above the board.
    Top,
    /// Right of the board.
    Right,
}

impl Edge {
    /// Bottom, Left, Top, Right by index `i % 4` (clockwise around the screen).
    pub const fn from_index(i: u8) -> Edge {
        match i % 4 {
            0 => Edge::Bottom,
            1 => Edge::Left,
            2 => Edge::Top,
            _ => Edge::Right,
        }
    }

    /// Lower-case name, used in the CSS class `edge-NAME`.
    pub const fn name(self) -> &'static str {
        match self {
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Top => "top",
            Edge::Right => "right",
        }
    }
}

/// One kind of piece in a hand: a button showing the piece and how many there are.
#[derive(Clone, PartialEq, Debug)]
pub struct HandPieceView {
    /// Opaque to the board: given back to `on_hand` when the button is clicked.
    pub id: u32,
    /// Short kind name, unique in the hand, e.g. `"P"`, `"S"`, `"G"`, `"R"`: the button's
    /// test id is `hand-SEAT-KIND`.
    pub kind: &'static str,
    /// How to draw the piece (owner, facing, text).
    pub piece: PieceView,
    /// How many of them the hand holds (shown as a badge; 0 draws the button faded).
    pub count: u8,
    /// Picked to be dropped: drawn framed, `aria-pressed="true"`.
    pub selected: bool,
    /// Whether the button can be clicked now (else `disabled`).
    pub enabled: bool,
    /// Accessible name, translated by the host (e.g. "2 pawns in South's hand").
    pub label: String,
}

/// The pieces in hand of one seat, drawn next to the board at `edge`.
#[derive(Clone, PartialEq, Debug)]
pub struct HandView {
    /// Seat name, unique on the board: the test ids `hand-SEAT` and `hand-SEAT-KIND`
    /// and the CSS class `seat-SEAT` (e.g. `"south"`).
    pub seat: &'static str,
    /// The screen edge the hand is drawn at (see [`Turn::edge_of`]). On narrow screens
    /// the left and right hands go in a row above and below the board.
    pub edge: Edge,
    /// Accessible name of the hand, translated by the host (e.g. "South's hand").
    pub label: String,
    /// The kinds held, in the order to show them; an empty list draws a placeholder.
    pub pieces: Vec<HandPieceView>,
}

/// The words a square's accessible name adds for its marks, in the player's language
/// ([`BoardNames::marks`]): a screen reader hears "e5, legal move" where the eye sees
/// a dot. An empty word adds nothing.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MarkWords {
    /// A legal destination of the piece picked ([`SquareView::target`]).
    pub target: String,
    /// A square of the last move ([`SquareView::last`]).
    pub last: String,
    /// A piece was captured here ([`SquareView::captured`]).
    pub captured: String,
    /// A king in check stands here ([`SquareView::check`]).
    pub check: String,
}

/// The accessible name of square `sq` showing `cell`: the square, its piece, the piece
/// of a move held for confirmation (`→`), then the words of its marks, comma
/// separated: `"e5 Black piece, last move"`.
pub fn square_label(sq: Square, cell: &SquareView, words: &MarkWords) -> String {
    let mut label = match &cell.piece {
        Some(p) => format!("{sq} {}", p.label),
        None => sq.to_string(),
    };
    if let Some(g) = &cell.ghost {
        label.push_str(" → ");
        label.push_str(&g.label);
    }
    for (on, word) in [
        (cell.target, &words.target),
        (cell.check, &words.check),
        (cell.captured, &words.captured),
        (cell.last, &words.last),
    ] {
        if on && !word.is_empty() {
            label.push_str(", ");
            label.push_str(word);
        }
    }
    label
}

/// Everything the board draws.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardView {
    /// One entry per square, indexed by [`Square::index`] (`a1` first); 81 entries.
    pub squares: Vec<SquareView>,
    /// Which board edge is at the bottom of the screen.
    pub turn: Turn,
    /// Square clicks do nothing now (not a person's turn, or the game is over): drawn
    /// with the class `locked`. Hand buttons follow their own `enabled`.
    pub locked: bool,
    /// The hands to draw around the board, one per seat; empty for Hasami (no hand
    /// areas are drawn at all then).
    pub hands: Vec<HandView>,
    /// Ask whether to promote the piece moving to this square: a small choice appears
    /// next to it, answered through `on_promotion`.
    pub promotion: Option<Square>,
    /// A move to this square is held for confirmation: the buttons `move-confirm` and
    /// `move-cancel` appear next to it, answered through `on_confirm`.
    pub confirm: Option<Square>,
    /// The words the squares' accessible names add for their marks ([`square_label`]).
    pub words: MarkWords,
}

impl Default for BoardView {
    fn default() -> BoardView {
        BoardView {
            squares: vec![SquareView::default(); NUM_SQUARES],
            turn: Turn::Rank1,
            locked: false,
            hands: Vec::new(),
            promotion: None,
            confirm: None,
            words: MarkWords::default(),
        }
    }
}

/// What a diagram of the rules pages marks on its squares, besides the pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    /// The piece that moves (drawn selected).
    pub from: Option<Square>,
    /// Where it goes, or where a piece is dropped (drawn as a destination).
    pub to: Option<Square>,
    /// Other squares a piece may reach or a piece may be dropped on (destinations).
    pub targets: SquareSet,
    /// Pieces the marked move captures (drawn with the capture ring).
    pub captured: SquareSet,
    /// A piece in trouble: a king in check, a piece that cannot move (red glow).
    pub alert: SquareSet,
    /// An area of the board, e.g. a promotion zone (tinted).
    pub zone: SquareSet,
    /// The squares of a move already played (tinted like the game's last move).
    pub last: SquareSet,
}

impl Marks {
    /// Marks `squares` (81, by [`Square::index`]) as the board draws them: the moving
    /// piece selected, its destination and the other reachable squares as
    /// destinations, captured pieces ringed, a piece in trouble glowing red, a zone
    /// and a played move tinted.
    pub fn apply(&self, squares: &mut [SquareView]) {
        if let Some(from) = self.from {
            squares[from.index()].selected = true;
        }
        let mut targets = self.targets;
        if let Some(to) = self.to {
            targets.insert(to);
        }
        let mark = |squares: &mut [SquareView], set: SquareSet, f: fn(&mut SquareView)| {
            for sq in set {
                f(&mut squares[sq.index()]);
            }
        };
        mark(squares, targets, |s| s.target = true);
        mark(squares, self.captured, |s| s.captured = true);
        mark(squares, self.alert, |s| s.check = true);
        mark(squares, self.zone.union(self.last), |s| s.last = true);
    }
}

/// How a game draws itself on the board.
pub trait BoardLook: TableGame {
    /// A piece as the game knows it (Hasami: the player it belongs to; Yonin: the piece
    /// with its owner, facing and promotion).
    type Piece: Copy + PartialEq + std::fmt::Debug;
    /// A position of the game.
    type Position;

    /// The position the game stands in.
    fn board_position(&self) -> &Self::Position;
    /// The pieces standing on the board of `pos`.
    fn pieces(pos: &Self::Position) -> Vec<(Square, Self::Piece)>;
    /// How `piece` is drawn with the piece style `style`; `label` is its accessible
    /// name ([`BoardNames::piece`]).
    fn piece_view(piece: Self::Piece, style: Self::PieceStyle, label: String) -> PieceView;
    /// The board turned so that `seat` sits at the bottom.
    fn turn_for(seat: Self::Seat) -> Turn;
    /// The name of a seat in CSS classes and test ids (`black`, `south`, …).
    fn seat_class(seat: Self::Seat) -> &'static str;
    /// Marks what the last move of the game did: its squares, what it captured, the
    /// kings it left in check.
    fn mark_last_move(&self, squares: &mut [SquareView]);
    /// The piece that `mv` puts on its destination (promoted if it promotes).
    fn moved_piece(&self, mv: Self::Move) -> Option<Self::Piece>;

    /// The kinds of piece a hand can hold, in the order shown (none for a game
    /// without hands). The board draws hands only when there are some.
    const HAND_KINDS: &'static [Self::HandPiece] = &[];
    /// How many pieces of `kind` the hand of `seat` holds in `pos`.
    fn hand_count(_pos: &Self::Position, _seat: Self::Seat, _kind: Self::HandPiece) -> u8 {
        0
    }
    /// A piece of kind `kind` as held by `seat`.
    fn hand_piece(kind: Self::HandPiece, seat: Self::Seat) -> Self::Piece;
    /// The short name of a hand kind in test ids (`hand-SEAT-KIND`), e.g. `P`.
    fn kind_letter(_kind: Self::HandPiece) -> &'static str {
        ""
    }
}

/// The texts of the board a screen reader reads, in the player's language.
pub trait BoardNames<G: BoardLook> {
    /// A piece, e.g. "North's silver, facing south".
    fn piece(&self, piece: G::Piece) -> String;
    /// A hand, e.g. "South's hand".
    fn hand(&self, seat: G::Seat) -> String;
    /// A kind of piece in hand, e.g. "pawn".
    fn kind(&self, kind: G::HandPiece) -> String;
    /// What a square's accessible name adds for its marks ([`square_label`]); none by
    /// default.
    fn marks(&self) -> MarkWords {
        MarkWords::default()
    }
    /// The button of a kind in a hand, e.g. "2 pawns in South's hand".
    fn hand_piece(&self, seat: G::Seat, kind: G::HandPiece, count: u8) -> String;
}

/// The id of a hand piece that the board gives back to `on_hand`: `seat index × 8 +`
/// the index of `kind` in [`BoardLook::HAND_KINDS`].
pub fn hand_piece_id<G: BoardLook>(seat: G::Seat, kind: G::HandPiece) -> u32 {
    let kind = G::HAND_KINDS.iter().position(|&k| k == kind).unwrap_or(0);
    (G::seat_index(seat) * 8 + kind) as u32
}

/// The seat and kind of a hand piece id ([`hand_piece_id`]), `None` for an id that
/// names none.
pub fn hand_piece_of<G: BoardLook>(id: u32) -> Option<(G::Seat, G::HandPiece)> {
    let seat = *G::SEATS.get(id as usize / 8)?;
    let kind = *G::HAND_KINDS.get(id as usize % 8)?;
    Some((seat, kind))
}

/// The square whose piece the board animates for the last move made on this page, and
/// how; `None` when there is nothing to animate, the player chose instant moves, or
/// the system asks for reduced motion (`reduced`).
pub fn arrival(
    feedback: Option<MoveFeedback>,
    motion: Motion,
    reduced: bool,
) -> Option<(Square, Arrive)> {
    let f = feedback?;
    match f.motion.shown(motion, reduced) {
        MoveMotion::None => None,
        MoveMotion::Slide { from, to } => Some((
            to,
            Arrive {
                id: f.id,
                from: Some(from),
            },
        )),
        MoveMotion::Drop { to } => Some((
            to,
            Arrive {
                id: f.id,
                from: None,
            },
        )),
    }
}

/// The latest move of each seat that still plays (RULES Y5: a mated seat's moves are not
/// marked), the most recent first: the seat, the square the piece came from (`None`
/// for a drop from a hand) and its destination. A seat that has not moved yet has
/// none. Hasami: the last move of each side.
pub fn latest_moves<G: BoardLook>(game: &G) -> Vec<(G::Seat, Option<Square>, Square)> {
    let movers = game.moved_by();
    let mut latest: Vec<(G::Seat, Option<Square>, Square)> = Vec::new();
    for (&seat, &mv) in movers.iter().zip(game.moves()).rev() {
        if latest.len() == G::SEATS.len() {
            break;
        }
        if latest.iter().any(|&(s, ..)| s == seat) || !game.still_plays(seat) {
            continue;
        }
        let from = match G::source(mv) {
            Source::Square(sq) => Some(sq),
            Source::Hand(_) => None,
        };
        latest.push((seat, from, G::destination(mv)));
    }
    latest
}

/// Marks the latest move of each seat ([`latest_moves`]) on `squares`.
fn mark_seat_moves<G: BoardLook>(game: &G, squares: &mut [SquareView]) {
    for (age, (seat, from, to)) in latest_moves(game).into_iter().enumerate() {
        let (seat, age) = (G::seat_class(seat), age as u8);
        if let Some(from) = from {
            squares[from.index()].seat_moves.push(SeatMove {
                seat,
                age,
                to: false,
            });
        }
        squares[to.index()].seat_moves.push(SeatMove {
            seat,
            age,
            to: true,
        });
    }
}

/// The squares of `pos` with their pieces drawn in `style`.
fn squares_of<G: BoardLook>(
    pos: &G::Position,
    style: G::PieceStyle,
    names: &impl BoardNames<G>,
) -> Vec<SquareView> {
    let mut squares = vec![SquareView::default(); NUM_SQUARES];
    for (sq, piece) in G::pieces(pos) {
        squares[sq.index()].piece = Some(G::piece_view(piece, style, names.piece(piece)));
    }
    squares
}

/// The hands of `seats` in `pos` as drawn on a board turned by `turn`.
fn hands_of<G: BoardLook>(
    pos: &G::Position,
    seats: &[G::Seat],
    turn: Turn,
    names: &impl BoardNames<G>,
    pieces: impl Fn(G::Seat, G::HandPiece, u8) -> HandPieceView,
) -> Vec<HandView> {
    seats
        .iter()
        .map(|&seat| HandView {
            seat: G::seat_class(seat),
            edge: turn.edge_of(G::turn_for(seat)),
            label: names.hand(seat),
            pieces: G::HAND_KINDS
                .iter()
                .map(|&kind| (kind, G::hand_count(pos, seat, kind)))
                .filter(|&(_, count)| count > 0)
                .map(|(kind, count)| pieces(seat, kind, count))
                .collect(),
        })
        .collect()
}

/// What the board of `table` shows, seen with `bottom` at the bottom: the pieces in
/// the table's piece style, the last move, each seat's latest move
/// ([`latest_moves`]), the pick and its destinations (when the
/// settings show legal moves), the move held for confirmation, the promotion question,
/// the hands (a hand piece is enabled only for the person to move, picked when
/// selected), and the piece that arrives (`arrive`, from [`arrival`]). Locked unless a
/// person may move; while the table replays a game, its position then, locked.
pub fn table_view<G: BoardLook>(
    table: &Table<G>,
    bottom: G::Seat,
    names: &impl BoardNames<G>,
    arrive: Option<(Square, Arrive)>,
) -> BoardView {
    // While replaying, the position replayed, locked.
    let game = table.shown_game();
    let pos = game.board_position();
    let style = table.settings().pieces;
    let turn = G::turn_for(bottom);
    let mut squares = squares_of::<G>(pos, style, names);
    game.mark_last_move(&mut squares);
    mark_seat_moves(game, &mut squares);
    if let Some((sq, arrive)) = arrive {
        squares[sq.index()].arrive = Some(arrive);
    }
    let proposed = table.proposed();
    // A move held for confirmation: its piece drawn faded on the destination.
    if let Some(mv) = proposed {
        let to = G::destination(mv);
        squares[to.index()].ghost = game
            .moved_piece(mv)
            .map(|p| G::piece_view(p, style, names.piece(p)));
    }
    let mut picked_hand = None;
    let mut promotion = None;
    match table.selection() {
        Selection::Source(Source::Square(from)) => squares[from.index()].selected = true,
        Selection::Source(Source::Hand(kind)) => picked_hand = Some(kind),
        Selection::Promotion { from, to } => {
            squares[from.index()].selected = true;
            promotion = Some(to);
        }
        Selection::None => {}
    }
    if table.settings().table.show_legal_moves && proposed.is_none() {
        for to in table.destinations() {
            squares[to.index()].target = true;
        }
    }
    let person = table.human_to_move() && table.replay_ply().is_none();
    let side = game.side_to_move();
    let hands = if G::HAND_KINDS.is_empty() {
        Vec::new()
    } else {
        hands_of::<G>(pos, G::SEATS, turn, names, |seat, kind, count| {
            // Drawn as the kind it is; the button says how many and whose.
            let piece = G::piece_view(G::hand_piece(kind, seat), style, names.kind(kind));
            HandPieceView {
                id: hand_piece_id::<G>(seat, kind),
                kind: G::kind_letter(kind),
                piece,
                count,
                selected: side == Some(seat) && picked_hand == Some(kind),
                enabled: person && side == Some(seat),
                label: names.hand_piece(seat, kind, count),
            }
        })
    };
    BoardView {
        squares,
        turn,
        locked: !person,
        hands,
        promotion,
        confirm: proposed.map(G::destination),
        words: names.marks(),
    }
}

/// What a diagram of the rules pages shows: `pos` in `style` with `marks`, seen from
/// the first seat, locked, with the hand of `hand` if given (each piece in it named as
/// a piece of its seat).
pub fn diagram_view<G: BoardLook>(
    pos: &G::Position,
    marks: &Marks,
    hand: Option<G::Seat>,
    style: G::PieceStyle,
    names: &impl BoardNames<G>,
) -> BoardView {
    let turn = Turn::Rank1;
    let mut squares = squares_of::<G>(pos, style, names);
    marks.apply(&mut squares);
    let seats: Vec<G::Seat> = hand.into_iter().collect();
    let hands = hands_of::<G>(pos, &seats, turn, names, |seat, kind, count| {
        let piece = G::hand_piece(kind, seat);
        let piece = G::piece_view(piece, style, names.piece(piece));
        HandPieceView {
            id: 0,
            kind: G::kind_letter(kind),
            label: piece.label.clone(),
            piece,
            count,
            selected: false,
            enabled: false,
        }
    });
    BoardView {
        squares,
        turn,
        locked: true,
        hands,
        promotion: None,
        confirm: None,
        words: names.marks(),
    }
}

#[cfg(test)]
mod tests;

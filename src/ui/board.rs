//! The 9×9 board component for both games. It knows no rules (like lichess's
//! chessground): what stands on each square, which marks to draw, the pieces in hand and
//! whether to ask about a promotion come in ([`BoardView`]); a clicked square, hand piece
//! or promotion choice goes out (callbacks of [`Board`]), and the host decides what that
//! click means.
//!
//! The board can be turned four ways ([`Turn`]), so each of the four Yonin seats can
//! have its side at the bottom of the screen; Hasami uses [`Turn::Rank1`] and
//! [`Turn::Rank9`]. Pieces are shogi-style pentagons pointing the way they move
//! ([`Facing`]), turned with the board; their text turns with them, as on a real board.
//!
//! The look is in `style/board.css` (owner colours, seat marks, hands, promotion choice).

use crate::engine::Square;
use crate::engine::square::NUM_SQUARES;
use leptos::html;
use leptos::prelude::*;

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
    const fn index(self) -> u8 {
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
    const fn rows_are_ranks(self) -> bool {
        matches!(self, Turn::Rank1 | Turn::Rank9)
    }

    /// Board step `(files, ranks)` of one square towards the screen's right.
    const fn right_step(self) -> (i8, i8) {
        self.up().clockwise().step()
    }

    /// Board step `(files, ranks)` of one square towards the screen's top.
    const fn up_step(self) -> (i8, i8) {
        self.up().step()
    }

    /// The square shown at screen `row` (0 = top) and `col` (0 = left), both in `0..9`.
    fn at_screen(self, row: u8, col: u8) -> Square {
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
    fn screen_of(self, sq: Square) -> (u8, u8) {
        let (f, r) = (sq.file(), sq.rank());
        match self {
            Turn::Rank1 => (8 - r, f),
            Turn::FileA => (8 - f, 8 - r),
            Turn::Rank9 => (r, 8 - f),
            Turn::FileI => (f, r),
        }
    }

    /// The CSS class naming this turn on the board's wrapper, `turn-rank1` etc.
    const fn class(self) -> &'static str {
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
    const fn from_index(i: u8) -> Facing {
        match i % 4 {
            0 => Facing::North,
            1 => Facing::East,
            2 => Facing::South,
            _ => Facing::West,
        }
    }

    /// Index clockwise from North (0..4).
    const fn index(self) -> u8 {
        match self {
            Facing::North => 0,
            Facing::East => 1,
            Facing::South => 2,
            Facing::West => 3,
        }
    }

    /// The direction a quarter turn clockwise (North → East).
    const fn clockwise(self) -> Facing {
        Facing::from_index(self.index() + 1)
    }

    /// Board step `(files, ranks)` of one square in this direction.
    const fn step(self) -> (i8, i8) {
        match self {
            Facing::North => (0, 1),
            Facing::East => (1, 0),
            Facing::South => (0, -1),
            Facing::West => (-1, 0),
        }
    }

    /// Lower-case name, the `data-facing` value: `north`, `east`, `south`, `west`.
    const fn name(self) -> &'static str {
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

/// Draws one piece as inline SVG, turned so that its point shows `piece.facing` on a
/// board turned by `turn` (text included, as on a real board). Used for the board, the
/// hands and the host's player icons.
///
/// The SVG (`class="piece SIDE"` plus `promoted` / `inert` / `text` (written on),
/// `viewBox="0 0 100 110"`)
/// fills its container; `style/board.css` colours it by side.
pub fn piece_svg(piece: &PieceView, turn: Turn) -> impl IntoView + use<> {
    let mut class = format!("piece {}", piece.side);
    if piece.promoted {
        class.push_str(" promoted");
    }
    if piece.inert {
        class.push_str(" inert");
    }
    if piece.text.is_some() {
        class.push_str(" text");
    }
    let angle = piece.facing.screen_angle(turn);
    let face = match piece.text.clone() {
        Some(t) => {
            let size = if t.chars().count() > 1 {
                "label two"
            } else {
                "label"
            };
            view! {
                <text class=size x="50" y="62" text-anchor="middle" dominant-baseline="central">
                    {t}
                </text>
            }
            .into_any()
        }
        None => view! { <circle class="mark" cx="50" cy="64" r="17" /> }.into_any(),
    };
    let seat_mark = seat_mark(piece.side);
    view! {
        <svg
            class=class
            viewBox="0 0 100 110"
            aria-hidden="true"
            data-side=piece.side
            data-facing=piece.facing.name()
            style=format!("transform: rotate({angle}deg)")
        >
            <polygon class="body" points="50,5 84,19 95,105 5,105 16,19" />
            {seat_mark}
            {face}
        </svg>
    }
}

/// The seat's second cue (not a colour) for Yonin owners, in the piece's back-left
/// corner clear of the text: South a dot, West a bar, North a ring, East a triangle.
fn seat_mark(side: &str) -> Option<AnyView> {
    let mark = match side {
        "south" => view! { <circle class="seat-mark" cx="18" cy="96" r="6" /> }.into_any(),
        "west" => {
            view! { <rect class="seat-mark" x="10" y="92.5" width="18" height="7" rx="1.5" /> }
                .into_any()
        }
        "north" => view! { <circle class="seat-mark ring" cx="18" cy="96" r="5.2" /> }.into_any(),
        "east" => {
            view! { <polygon class="seat-mark" points="18,88 26.5,102 9.5,102" /> }.into_any()
        }
        _ => return None,
    };
    Some(mark)
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
    const fn from_index(i: u8) -> Edge {
        match i % 4 {
            0 => Edge::Bottom,
            1 => Edge::Left,
            2 => Edge::Top,
            _ => Edge::Right,
        }
    }

    /// Lower-case name, used in the CSS class `edge-NAME`.
    const fn name(self) -> &'static str {
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
        }
    }
}

/// Texts of the promotion choice, translated by the host.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardTexts {
    /// The question, the accessible name of the choice ("Promote?").
    pub question: String,
    /// The button that promotes (`promote-yes`).
    pub promote: String,
    /// The button that moves without promoting (`promote-no`).
    pub keep: String,
    /// The button that takes the move back (`promote-cancel`; Escape does the same).
    pub cancel: String,
    /// The accessible name of the confirmation of a held move ("Play this move?").
    pub confirm_question: String,
    /// The button that plays a held move (`move-confirm`).
    pub confirm: String,
    /// The button that cancels a held move (`move-cancel`; Escape does the same).
    pub confirm_cancel: String,
}

impl Default for BoardTexts {
    /// English.
    fn default() -> BoardTexts {
        BoardTexts {
            question: "Promote?".into(),
            promote: "Promote".into(),
            keep: "Don't promote".into(),
            cancel: "Cancel".into(),
            confirm_question: "Play this move?".into(),
            confirm: "Play".into(),
            confirm_cancel: "Cancel".into(),
        }
    }
}

/// Draws the board from `view`, with the hands around it and the promotion choice.
///
/// - Squares: each a `<button data-testid="sq-e5" data-square="e5">` in screen order
///   (top-left first) with the classes `sq` plus its marks, `aria-label` "e5" and the
///   piece's label, `aria-pressed` when selected. The board (`data-testid="board"`) is
///   one tab stop (roving tabindex); the arrow keys move between squares as seen on
///   screen, Enter or Space clicks. A click calls `on_square`.
/// - Hands: `data-testid="hand-SEAT"` groups outside the board element, each kind a
///   button `hand-SEAT-KIND`; a click calls `on_hand` with its id.
/// - Promotion: when `view.promotion` is set, buttons `promote-yes`, `promote-no` and
///   `promote-cancel` appear next to the square and take the focus; they call
///   `on_promotion` with `Some(true)`, `Some(false)` and `None` (also Escape).
/// - A held move: when `view.confirm` is set, buttons `move-confirm` (focused) and
///   `move-cancel` appear next to the square; they call `on_confirm` with `true` and
///   `false` (Escape cancels too).
/// - Motion: a piece whose square has [`SquareView::arrive`] slides in from its old
///   square (or fades in, for a drop) once per move, by a CSS animation that
///   `prefers-reduced-motion: reduce` turns off.
#[component]
pub fn Board(
    /// What to draw.
    view: Memo<BoardView>,
    /// Called with the square clicked or tapped (also when locked: the host decides).
    on_square: Callback<Square>,
    /// Called with [`HandPieceView::id`] of the hand piece clicked.
    #[prop(optional)]
    on_hand: Option<Callback<u32>>,
    /// Called with the promotion choice: `Some(true)` promote, `Some(false)` don't,
    /// `None` cancel the move.
    #[prop(optional)]
    on_promotion: Option<Callback<Option<bool>>>,
    /// Called with the answer about a held move: `true` play it, `false` cancel.
    #[prop(optional)]
    on_confirm: Option<Callback<bool>>,
    /// Accessible label of the whole board.
    #[prop(into)]
    label: Signal<String>,
    /// Texts of the promotion choice (English by default).
    #[prop(into, optional)]
    texts: Signal<BoardTexts>,
) -> impl IntoView {
    let turn = Memo::new(move |_| view.with(|v| v.turn));
    let promotion = Memo::new(move |_| view.with(|v| v.promotion));
    let confirm = Memo::new(move |_| view.with(|v| v.confirm));
    // The last move animated: a piece arriving with this id is drawn still (redrawn
    // or turned boards do not replay it).
    // What the board shows when it is created (a reload, a game switched to) is not
    // animated.
    let animated = StoredValue::new(view.with_untracked(|v| {
        v.squares
            .iter()
            .filter_map(|c| c.arrive.map(|a| a.id))
            .max()
            .unwrap_or(0)
    }));
    let board_ref = NodeRef::<html::Div>::new();
    // The square that takes the focus when the board is tabbed to.
    let focus = RwSignal::new(Square::new(4, 0).expect("e1"));
    let promote = move |choice: Option<bool>| {
        if let Some(cb) = on_promotion {
            cb.run(choice);
        }
        // The choice goes away: give the focus back to the board.
        focus_square(board_ref, focus.get_untracked());
    };
    let answer = move |play: bool| {
        if let Some(cb) = on_confirm {
            cb.run(play);
        }
        focus_square(board_ref, focus.get_untracked());
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        // Screen directions, turned with the board: (right, up) steps.
        let (right, up) = match ev.key().as_str() {
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, 1),
            "ArrowDown" => (0, -1),
            "Escape" if promotion.get_untracked().is_some() => {
                ev.prevent_default();
                promote(None);
                return;
            }
            "Escape" if confirm.get_untracked().is_some() => {
                ev.prevent_default();
                answer(false);
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        let t = turn.get_untracked();
        let ((rf, rr), (uf, ur)) = (t.right_step(), t.up_step());
        let (df, dr) = (right * rf + up * uf, right * rr + up * ur);
        if let Some(next) = focus.get_untracked().offset(df, dr) {
            focus.set(next);
            focus_square(board_ref, next);
        }
    };
    let order = move || -> Vec<Square> {
        // Screen order: rows from the top, squares left to right.
        let t = turn.get();
        (0..9u8)
            .flat_map(|row| (0..9u8).map(move |col| t.at_screen(row, col)))
            .collect()
    };
    // Coordinates: along the left side one per screen row, along the bottom one per
    // screen column; ranks or files depending on the turn.
    let coord = move |sq: Square, rank: bool| {
        if rank {
            (sq.rank() + 1).to_string()
        } else {
            ((b'a' + sq.file()) as char).to_string()
        }
    };
    let side_labels = move || {
        let t = turn.get();
        (0..9u8)
            .map(|row| view! { <span>{coord(t.at_screen(row, 0), t.rows_are_ranks())}</span> })
            .collect_view()
    };
    let bottom_labels = move || {
        let t = turn.get();
        (0..9u8)
            .map(|col| view! { <span>{coord(t.at_screen(8, col), !t.rows_are_ranks())}</span> })
            .collect_view()
    };
    let square_button = move |sq: Square| {
        let cell = Memo::new(move |_| view.with(|v| v.squares[sq.index()].clone()));
        // The piece is redrawn only when it (or its arrival) changes, not with the marks.
        let piece = Memo::new(move |_| cell.with(|c| (c.piece.clone(), c.arrive)));
        let ghost = Memo::new(move |_| cell.with(|c| c.ghost.clone()));
        let class = move || {
            cell.with(|c| {
                let mut class = String::from("sq");
                for (on, name) in [
                    (c.selected, " selected"),
                    (c.target, " target"),
                    (c.last, " last"),
                    (c.captured, " captured"),
                    (c.check, " check"),
                    (c.ghost.is_some(), " pending"),
                ] {
                    if on {
                        class.push_str(name);
                    }
                }
                class
            })
        };
        let aria = move || {
            cell.with(|c| {
                let mut label = match &c.piece {
                    Some(p) => format!("{sq} {}", p.label),
                    None => sq.to_string(),
                };
                if let Some(g) = &c.ghost {
                    label.push_str(" → ");
                    label.push_str(&g.label);
                }
                label
            })
        };
        view! {
            <button
                type="button"
                class=class
                data-testid=format!("sq-{sq}")
                data-square=sq.to_string()
                aria-label=aria
                aria-pressed=move || cell.with(|c| c.selected.to_string())
                tabindex=move || if focus.get() == sq { "0" } else { "-1" }
                on:click=move |_| {
                    focus.set(sq);
                    on_square.run(sq)
                }
            >
                {move || {
                    let t = turn.get();
                    piece.with(|(piece, arrive)| {
                        piece
                            .as_ref()
                            .map(|p| {
                                // Each move slides (or fades) in once.
                                let arrive = arrive.filter(|a| animated.get_value() < a.id);
                                if let Some(a) = arrive {
                                    animated.set_value(a.id);
                                }
                                let (class, style) = match arrive {
                                    None => ("piece-slot", String::new()),
                                    Some(Arrive { from: None, .. }) => ("piece-slot arrive drop", String::new()),
                                    Some(Arrive { from: Some(from), .. }) => {
                                        let ((fr, fc), (tr, tc)) = (t.screen_of(from), t.screen_of(sq));
                                        (
                                            "piece-slot arrive slide",
                                            format!(
                                                "--dx: {}; --dy: {}",
                                                i32::from(fc) - i32::from(tc),
                                                i32::from(fr) - i32::from(tr)
                                            ),
                                        )
                                    }
                                };
                                view! {
                                    <span class=class style=style data-testid=format!("piece-{sq}") data-side=p.side>
                                        {piece_svg(p, t)}
                                    </span>
                                }
                            })
                    })
                }}
                {move || {
                    let t = turn.get();
                    ghost.with(|g| {
                        g.as_ref()
                            .map(|p| {
                                view! {
                                    <span class="piece-slot ghost" data-testid=format!("ghost-{sq}") aria-hidden="true">
                                        {piece_svg(p, t)}
                                    </span>
                                }
                            })
                    })
                }}
            </button>
        }
    };

    // One hand piece button, found again by seat and kind on every change, so the
    // button (and its keyboard focus) stays while its count or marks change.
    let hand_piece = move |seat: &'static str, kind: &'static str| {
        let item = Memo::new(move |_| {
            view.with(|v| {
                v.hands
                    .iter()
                    .find(|h| h.seat == seat)
                    .and_then(|h| h.pieces.iter().find(|p| p.kind == kind))
                    .cloned()
            })
        });
        let get = move |f: fn(&HandPieceView) -> bool| item.with(|p| p.as_ref().is_some_and(f));
        view! {
            <button
                type="button"
                class=move || {
                    let mut class = String::from("hand-piece");
                    if get(|p| p.selected) {
                        class.push_str(" selected");
                    }
                    if get(|p| p.count == 0) {
                        class.push_str(" empty");
                    }
                    class
                }
                data-testid=format!("hand-{seat}-{kind}")
                aria-label=move || item.with(|p| p.as_ref().map(|p| p.label.clone()).unwrap_or_default())
                aria-pressed=move || get(|p| p.selected).to_string()
                disabled=move || !get(|p| p.enabled)
                on:click=move |_| {
                    if let (Some(cb), Some(id)) = (on_hand, item.with_untracked(|p| p.as_ref().map(|p| p.id))) {
                        cb.run(id);
                    }
                }
            >
                <span class="hand-slot">
                    {move || {
                        let t = turn.get();
                        item.with(|p| p.as_ref().map(|p| piece_svg(&p.piece, t)))
                    }}
                </span>
                <span class="count">{move || item.with(|p| p.as_ref().map(|p| format!("×{}", p.count)))}</span>
            </button>
        }
    };
    let hand = move |seat: &'static str, edge: Edge| {
        let hand =
            Memo::new(move |_| view.with(|v| v.hands.iter().find(|h| h.seat == seat).cloned()));
        let kinds = move || {
            hand.with(|h| {
                h.as_ref()
                    .map(|h| h.pieces.iter().map(|p| p.kind).collect::<Vec<_>>())
                    .unwrap_or_default()
            })
        };
        let empty = move || hand.with(|h| h.as_ref().is_none_or(|h| h.pieces.is_empty()));
        view! {
            <div
                class=format!("hand edge-{} seat-{seat}", edge.name())
                role="group"
                data-testid=format!("hand-{seat}")
                aria-label=move || hand.with(|h| h.as_ref().map(|h| h.label.clone()).unwrap_or_default())
            >
                <For each=kinds key=|kind| *kind children=move |kind| hand_piece(seat, kind) />
                {move || empty().then(|| view! { <span class="hand-empty" aria-hidden="true"></span> })}
            </div>
        }
    };
    // The hands at two screen edges, in that order, keyed by seat and edge: a hand
    // moves to its new place when the board turns.
    let hands_at = move |edges: [Edge; 2]| {
        let seats = move || {
            let mut seats: Vec<(&'static str, Edge)> = view.with(|v| {
                v.hands
                    .iter()
                    .filter(|h| edges.contains(&h.edge))
                    .map(|h| (h.seat, h.edge))
                    .collect()
            });
            seats.sort_by_key(|(_, e)| edges.iter().position(|x| x == e));
            seats
        };
        view! { <For each=seats key=|k| *k children=move |(seat, edge)| hand(seat, edge) /> }
    };
    let has_hands = Memo::new(move |_| view.with(|v| !v.hands.is_empty()));

    // The promotion choice, next to its square (above it, or below it near the top).
    let promotion_choice = move || {
        let sq = promotion.get()?;
        let choice = SquareChoice {
            class: "promotion",
            testid: "promotion",
            question: |t| t.question.clone(),
            buttons: [
                (
                    "promote-yes",
                    "promote-yes",
                    |t| t.promote.clone(),
                    Some(true),
                ),
                ("promote-no", "promote-no", |t| t.keep.clone(), Some(false)),
                (
                    "promote-cancel",
                    "promote-cancel",
                    |t| t.cancel.clone(),
                    None,
                ),
            ],
            escape: None,
            on_answer: promote,
        };
        Some(square_choice(sq, turn.get(), texts, choice))
    };

    // The confirmation of a held move, next to its square like the promotion choice.
    let confirm_choice = move || {
        let sq = confirm.get()?;
        let choice = SquareChoice {
            class: "promotion confirm",
            testid: "move-confirmation",
            question: |t| t.confirm_question.clone(),
            buttons: [
                ("promote-yes", "move-confirm", |t| t.confirm.clone(), true),
                (
                    "promote-no",
                    "move-cancel",
                    |t| t.confirm_cancel.clone(),
                    false,
                ),
            ],
            escape: false,
            on_answer: answer,
        };
        Some(square_choice(sq, turn.get(), texts, choice))
    };

    view! {
        <div class=move || {
            let mut c = format!("board-wrap {}", turn.get().class());
            if has_hands.get() {
                c.push_str(" has-hands");
            }
            c
        }>
            {move || has_hands.get().then(|| view! { <div class="hands-row hands-above">{hands_at([Edge::Left, Edge::Top])}</div> })}
            <div class="ranks" aria-hidden="true">
                {side_labels}
            </div>
            <div class="board-frame">
                <div
                    class=move || if view.with(|v| v.locked) { "board locked" } else { "board" }
                    role="group"
                    aria-label=move || label.get()
                    data-testid="board"
                    node_ref=board_ref
                    on:keydown=on_key
                >
                    {move || order().into_iter().map(square_button).collect_view()}
                </div>
                {promotion_choice}
                {confirm_choice}
            </div>
            <div class="files" aria-hidden="true">
                {bottom_labels}
            </div>
            {move || has_hands.get().then(|| view! { <div class="hands-row hands-below">{hands_at([Edge::Bottom, Edge::Right])}</div> })}
        </div>
    }
}

/// Where a choice next to the square at screen `row` and `col` goes: its inline style
/// (position in % of the board) and whether it is below the square (else above).
fn choice_place(row: u8, col: u8) -> (String, bool) {
    let ninth = |n: f32| n * 100.0 / 9.0;
    let mut style = if col <= 2 {
        format!("left: {:.3}%;", ninth(col as f32))
    } else if col >= 6 {
        format!("right: {:.3}%;", ninth((8 - col) as f32))
    } else {
        format!("left: {:.3}%; --shift-x: -50%;", ninth(col as f32 + 0.5))
    };
    // The choice is about 2 squares high on a wide screen, 4 on a phone.
    let below = row < 4;
    if below {
        style.push_str(&format!(" top: {:.3}%;", ninth(row as f32 + 1.0)));
    } else {
        style.push_str(&format!(" bottom: {:.3}%;", ninth((9 - row) as f32)));
    }
    (style, below)
}

/// A text of [`BoardTexts`].
type BoardText = fn(&BoardTexts) -> String;

/// A small group of buttons next to a square, each giving an answer of type `A` to
/// `on_answer`: the promotion choice or the confirmation of a held move.
struct SquareChoice<A, F, const N: usize> {
    /// The group's class; "below" or "above" is added (see [`choice_place`]).
    class: &'static str,
    /// The group's `data-testid`.
    testid: &'static str,
    /// The group's accessible name.
    question: BoardText,
    /// The buttons: class, `data-testid`, text and answer. The first one takes the focus
    /// when the group appears.
    buttons: [(&'static str, &'static str, BoardText, A); N],
    /// The answer of Escape pressed inside the group.
    escape: A,
    /// Called with the answer.
    on_answer: F,
}

/// Draws `choice` next to the square `sq` of a board turned by `turn`.
fn square_choice<A, F, const N: usize>(
    sq: Square,
    turn: Turn,
    texts: Signal<BoardTexts>,
    choice: SquareChoice<A, F, N>,
) -> impl IntoView
where
    A: Copy + Send + Sync + 'static,
    F: Fn(A) + Copy + Send + Sync + 'static,
{
    let SquareChoice {
        class,
        testid,
        question,
        buttons,
        escape,
        on_answer,
    } = choice;
    let (row, col) = turn.screen_of(sq);
    let (style, below) = choice_place(row, col);
    let mut first = true;
    let buttons = buttons.map(|(class, testid, text, answer)| {
        let node_ref = NodeRef::<html::Button>::new();
        if std::mem::take(&mut first) {
            node_ref.on_load(|el| {
                let _ = el.focus();
            });
        }
        view! {
            <button type="button" class=class data-testid=testid node_ref=node_ref on:click=move |_| on_answer(answer)>
                {move || texts.with(text)}
            </button>
        }
    });
    view! {
        <div
            class=format!("{class} {}", if below { "below" } else { "above" })
            role="group"
            aria-label=move || texts.with(question)
            data-testid=testid
            data-for=sq.to_string()
            style=style
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    ev.stop_propagation();
                    on_answer(escape);
                }
            }
        >
            {buttons}
        </div>
    }
}

/// Moves the keyboard focus to the button of `sq` on this board (searched inside the
/// board element only, so other boards on the page are left alone).
fn focus_square(board: NodeRef<html::Div>, sq: Square) {
    use wasm_bindgen::JsCast;
    let selector = format!("[data-square=\"{sq}\"]");
    if let Some(board) = board.get_untracked()
        && let Ok(Some(el)) = board.query_selector(&selector)
        && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
    {
        let _ = el.focus();
    }
}

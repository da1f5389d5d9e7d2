//! What each Yonin move did, told for the banner and the screen reader
//! ([`TurnStory`], RULES Y3.3, Y3.4, Y5), and the results table ([`PlacingRow`], RULES
//! Y6.1, Y6.5, Y7b.7).

use crate::engine::yonin::{
    EliminatedPieces, Elimination, Game, Move, MoveReport, Position, Role, Seat, SeatSet,
};

/// What one move did to the turn order and the seats, told for the banner and the
/// screen reader (RULES Y3.3, Y3.4, Y5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnStory {
    /// The seat that moved.
    pub mover: Seat,
    /// The move.
    pub mv: Move,
    /// The role it captured, if any (it went to the mover's hand, RULES Y2.2).
    pub captured: Option<Role>,
    /// The seats the move gave check to (RULES Y7b.1).
    pub checks: SeatSet,
    /// The seat to move next, `None` when the game ended.
    pub next: Option<Seat>,
    /// Whether `next` moves because it is in check rather than because it follows the
    /// mover (check priority, RULES Y3.3 step 1).
    pub priority: bool,
    /// Live seats passed over between the mover and `next`, clockwise: they lose this
    /// turn (RULES Y3.3 step 3). Seats mated by this move are in `mates` instead.
    pub skipped: Vec<Seat>,
    /// The seats mated when their turn arrived, in order (RULES Y3.3 step 2, Y5).
    pub mates: Vec<MateStory>,
}

/// One elimination, told (RULES Y5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateStory {
    /// The mated seat.
    pub seat: Seat,
    /// The mater: the seat that moved last (RULES Y5.2).
    pub by: Seat,
    /// Whether the mated seat was in check when its turn came (otherwise it had no legal
    /// move at all, which is also mate, RULES Y5.1).
    pub in_check: bool,
    /// A "lazy" mate (RULES Y3.4): the mover's own move did not check the mated seat;
    /// the seat was checked before, or had no move, and is mated only now its turn
    /// arrives, by the last mover.
    pub lazy: bool,
    /// Where its pieces went (RULES Y5.3): `Some(by)` to the mater, `None` ownerless.
    pub pieces_to: Option<Seat>,
    /// Mated by the perpetual-check rule (RULES Y6.3): it checked with every move while
    /// the position came back a fourth time.
    pub perpetual: bool,
}

/// Tells what `report` did, `before` being the position the move was played in.
pub fn turn_story(before: &Position, report: &MoveReport) -> TurnStory {
    let mover = report.mover;
    let ownerless = before.rules().eliminated_pieces == EliminatedPieces::Ownerless;
    // The same move without the game's history: a mate that happens only with it is the
    // perpetual-check rule's (RULES Y6.3, Y7b.4).
    let plain = {
        let mut p = before.clone();
        p.play_unchecked(report.mv)
    };
    let mates: Vec<MateStory> = report
        .mated
        .iter()
        .map(|e: &Elimination| MateStory {
            seat: e.seat,
            by: e.by,
            in_check: before.is_check(e.seat) || report.checks.contains(e.seat),
            lazy: !report.checks.contains(e.seat),
            pieces_to: (!ownerless).then_some(e.by),
            perpetual: !plain.mated.iter().any(|p| p.seat == e.seat),
        })
        .collect();
    let mated: SeatSet = report.mated.iter().map(|e| e.seat).collect();
    let mut skipped = Vec::new();
    let mut priority = false;
    if let Some(next) = report.next {
        // The seat that would have moved without check priority.
        let live_after = |s: Seat| before.is_live(s) && !mated.contains(s);
        let plain = (1..4).map(|k| mover.clockwise(k)).find(|&s| live_after(s));
        priority = plain != Some(next) && report.in_check.contains(next);
        if next != mover {
            skipped = (1..4)
                .map(|k| mover.clockwise(k))
                .take_while(|&s| s != next)
                .filter(|&s| live_after(s))
                .collect();
        }
    }
    TurnStory {
        mover,
        mv: report.mv,
        captured: report.captured,
        checks: report.checks,
        next: report.next,
        priority,
        skipped,
        mates,
    }
}

/// The story of the last move of `game` (see [`turn_story`]), `None` before the first
/// move. Replays the game without its last move to find the position it was played in,
/// so it works after a reload or another tab's move too.
pub fn last_turn_story(game: &Game) -> Option<TurnStory> {
    let last = *game.moves().last()?;
    let mut before = game.clone();
    before.undo()?;
    let position = before.position().clone();
    let report = before.play(last).ok()?;
    Some(turn_story(&position, &report))
}

/// The stories of the moves of `game` from the move at index `from` (0 for the first
/// move) to the last (see [`turn_story`]), for the summary of what a seat has not seen
/// ([`crate::session::table::SinceMove`]): the moves before are replayed without being
/// told. Empty when `from` is at or past the end.
pub fn turn_stories(game: &Game, from: usize) -> Vec<TurnStory> {
    let mut replay = game.started();
    let mut stories = Vec::with_capacity(game.moves().len().saturating_sub(from));
    for (i, &mv) in game.moves().iter().enumerate() {
        let before = (i >= from).then(|| replay.position().clone());
        // The game's own moves replay; a refusal would mean a damaged game, and the
        // stories stop there rather than tell a wrong one.
        let Ok(report) = replay.play(mv) else {
            break;
        };
        if let Some(before) = before {
            stories.push(turn_story(&before, &report));
        }
    }
    stories
}

/// One row of the results table (RULES Y6.1, Y6.5, Y7b.7): a seat's place and the
/// criteria behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacingRow {
    /// The seat.
    pub seat: Seat,
    /// Its place, 1..=4 (shared places repeat: 1, 1, 3, 4), `None` for a pairs draw.
    pub place: Option<u8>,
    /// Seats it mated.
    pub mates: u32,
    /// Its pieces for placings: board pieces it owns, its hand, and the flipped kings of
    /// the seats it mated.
    pub pieces: u32,
    /// The move count at its latest mate.
    pub last_mate: Option<u32>,
    /// How it was eliminated, if it was.
    pub eliminated: Option<Elimination>,
}

/// The results table of a game: one row per seat, best place first (seat order among
/// equals).
pub fn placing_rows(game: &Game) -> Vec<PlacingRow> {
    let pos = game.position();
    let outcome = game.outcome();
    let mut rows: Vec<PlacingRow> = Seat::ALL
        .into_iter()
        .map(|seat| PlacingRow {
            seat,
            place: outcome.and_then(|o| o.place(seat)),
            mates: pos.mates_by(seat),
            pieces: if pos.is_live(seat) {
                pos.piece_total(seat)
            } else {
                0
            },
            last_mate: pos.last_mate_by(seat),
            eliminated: pos.elimination_of(seat),
        })
        .collect();
    rows.sort_by_key(|r| (r.place.unwrap_or(u8::MAX), r.seat.index()));
    rows
}

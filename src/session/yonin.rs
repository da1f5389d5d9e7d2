//! Yonin Shogi at the table: the settings panel of RULES Y8 (the local rules of
//! [`crate::engine::yonin::Rules`] and the site settings), how a new game starts (RULES
//! Y1.5: one seat further clockwise), and the CPU seam. Yonin has no resignation (RULES
//! Y6.6).

pub use super::TimePerMove;
use super::feedback::MoveSound;
use super::table::{self, GameSettings, Source, TableGame, ViewMode};
use crate::ai::{self, Think};
use crate::engine::Square;
use crate::engine::yonin::{
    EliminatedPieces, Elimination, Format, Game, GameEnd, Move, MoveReport, Outcome, Position,
    Role, Rules, Seat, SeatSet,
};
use serde::{Deserialize, Serialize};

/// The Yonin table.
pub type Table = table::Table<Game>;

/// Move limits offered in the settings: moves of all four seats together (RULES Y6.4).
pub const MOVE_LIMITS: [Option<u32>; 4] = [None, Some(200), Some(300), Some(400)];

/// How the kinds of pieces are written on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceStyle {
    /// The kanji of shogi sets: 玉 飛 金 銀 歩, promoted 龍 全 と (default).
    #[default]
    Kanji,
    /// Latin letters K R G S P, promoted +R +S +P, for players who don't read kanji.
    Letters,
}

impl PieceStyle {
    /// Every choice, the default first.
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Kanji, PieceStyle::Letters];

    /// What is written on a piece of `role`, promoted or not.
    pub const fn text(self, role: Role, promoted: bool) -> &'static str {
        match (self, role, promoted) {
            (PieceStyle::Kanji, Role::King, _) => "玉",
            (PieceStyle::Kanji, Role::Rook, false) => "飛",
            (PieceStyle::Kanji, Role::Rook, true) => "龍",
            (PieceStyle::Kanji, Role::Gold, _) => "金",
            (PieceStyle::Kanji, Role::Silver, false) => "銀",
            (PieceStyle::Kanji, Role::Silver, true) => "全",
            (PieceStyle::Kanji, Role::Pawn, false) => "歩",
            (PieceStyle::Kanji, Role::Pawn, true) => "と",
            (PieceStyle::Letters, Role::King, _) => "K",
            (PieceStyle::Letters, Role::Rook, false) => "R",
            (PieceStyle::Letters, Role::Rook, true) => "+R",
            (PieceStyle::Letters, Role::Gold, _) => "G",
            (PieceStyle::Letters, Role::Silver, false) => "S",
            (PieceStyle::Letters, Role::Silver, true) => "+S",
            (PieceStyle::Letters, Role::Pawn, false) => "P",
            (PieceStyle::Letters, Role::Pawn, true) => "+P",
        }
    }
}

/// The settings panel of RULES Y8. `Default` is the RULES default (individual, after
/// two mates, pieces to the mater, no move limit, show legal moves on, alternate who
/// starts on, no time per move, fixed view).
///
/// Deserializing refuses a move limit the panel does not offer ([`MOVE_LIMITS`]);
/// missing fields take their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SettingsData")]
pub struct Settings {
    /// Individual or pairs (RULES Y7), from the next game.
    pub format: Format,
    /// After two mates or to the last seat (RULES Y6.1, Y6.2), from the next game.
    pub end: GameEnd,
    /// What becomes of a mated seat's board pieces (RULES Y5.3), from the next game.
    pub eliminated_pieces: EliminatedPieces,
    /// Moves of all seats together that end the game (RULES Y6.4), from the next game.
    pub move_limit: Option<u32>,
    /// Mark the squares the selected piece (or hand piece) can reach.
    pub show_legal_moves: bool,
    /// Each new game starts one seat further clockwise (RULES Y1.5).
    pub alternate_who_starts: bool,
    /// Time per move; when it runs out the CPU moves for the seat (RULES H5.1, Y8).
    pub time_per_move: TimePerMove,
    /// How the board is turned.
    pub view: ViewMode,
    /// Kanji or letters on the pieces.
    pub pieces: PieceStyle,
}

impl Default for Settings {
    fn default() -> Settings {
        let rules = Rules::default();
        Settings {
            format: rules.format,
            end: rules.end,
            eliminated_pieces: rules.eliminated_pieces,
            move_limit: rules.move_limit,
            show_legal_moves: true,
            alternate_who_starts: true,
            time_per_move: TimePerMove::None,
            view: ViewMode::Fixed,
            pieces: PieceStyle::Kanji,
        }
    }
}

/// [`Settings`] as stored, before its values are checked.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct SettingsData {
    format: Format,
    end: GameEnd,
    eliminated_pieces: EliminatedPieces,
    move_limit: Option<u32>,
    show_legal_moves: bool,
    alternate_who_starts: bool,
    time_per_move: TimePerMove,
    view: ViewMode,
    pieces: PieceStyle,
}

impl Default for SettingsData {
    fn default() -> SettingsData {
        let s = Settings::default();
        SettingsData {
            format: s.format,
            end: s.end,
            eliminated_pieces: s.eliminated_pieces,
            move_limit: s.move_limit,
            show_legal_moves: s.show_legal_moves,
            alternate_who_starts: s.alternate_who_starts,
            time_per_move: s.time_per_move,
            view: s.view,
            pieces: s.pieces,
        }
    }
}

impl TryFrom<SettingsData> for Settings {
    type Error = String;

    fn try_from(d: SettingsData) -> Result<Settings, String> {
        if !MOVE_LIMITS.contains(&d.move_limit) {
            return Err(format!(
                "move limit {:?} is not one of those offered",
                d.move_limit
            ));
        }
        Ok(Settings {
            format: d.format,
            end: d.end,
            eliminated_pieces: d.eliminated_pieces,
            move_limit: d.move_limit,
            show_legal_moves: d.show_legal_moves,
            alternate_who_starts: d.alternate_who_starts,
            time_per_move: d.time_per_move,
            view: d.view,
            pieces: d.pieces,
        })
    }
}

impl Settings {
    /// The seat that starts the game after one that `previous` started (RULES Y1.5): the
    /// next seat clockwise with *alternate who starts* on, South otherwise. The first game
    /// of all starts with South.
    pub const fn next_starting_seat(&self, previous: Seat) -> Seat {
        if self.alternate_who_starts {
            previous.next()
        } else {
            Seat::South
        }
    }
}

impl GameSettings for Settings {
    type Rules = Rules;

    fn rules(&self) -> Rules {
        Rules {
            format: self.format,
            end: self.end,
            eliminated_pieces: self.eliminated_pieces,
            move_limit: self.move_limit,
        }
    }

    fn show_legal_moves(&self) -> bool {
        self.show_legal_moves
    }

    fn alternate_start(&self) -> bool {
        self.alternate_who_starts
    }

    fn time_per_move(&self) -> TimePerMove {
        self.time_per_move
    }

    fn view(&self) -> ViewMode {
        self.view
    }
}

impl TableGame for Game {
    type Settings = Settings;
    type HandPiece = Role;

    const KEY: &'static str = "yonin";
    const CAN_RESIGN: bool = false;

    /// RULES Y1.5: the first game starts with South; a new game after one that had begun
    /// starts one seat further clockwise (with *alternate who starts*).
    fn next_game(settings: &Settings, previous: Option<&Game>, begun: bool) -> Game {
        let first = match previous {
            None => Seat::South,
            Some(prev) if begun => settings.next_starting_seat(prev.starting_seat()),
            Some(prev) if settings.alternate_who_starts => prev.starting_seat(),
            Some(_) => Seat::South,
        };
        Game::new(settings.rules(), first)
    }

    fn source(mv: Move) -> Source<Role> {
        match mv {
            Move::Drop { role, .. } => Source::Hand(role),
            _ => Source::Square(mv.from().expect("a board move has a from-square")),
        }
    }

    fn destination(mv: Move) -> Square {
        mv.to()
    }

    fn is_promotion(mv: Move) -> bool {
        mv.is_promotion()
    }

    fn sound(report: &MoveReport) -> MoveSound {
        super::feedback::yonin_sound(report)
    }

    fn owner_at(&self, sq: Square) -> Option<Seat> {
        self.position().piece_at(sq).and_then(|p| p.owner)
    }

    fn winners(outcome: &Outcome) -> Vec<Seat> {
        outcome.winners().iter().collect()
    }

    fn cpu_move(&self, think: &Think) -> Option<Move> {
        ai::yonin::choose(self, think)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_seat_alternates_y1_5() {
        // RULES Y1.5
        let s = Settings::default();
        assert_eq!(s.next_starting_seat(Seat::South), Seat::West);
        assert_eq!(s.next_starting_seat(Seat::East), Seat::South);
        let fixed = Settings {
            alternate_who_starts: false,
            ..Settings::default()
        };
        assert_eq!(fixed.next_starting_seat(Seat::North), Seat::South);
        let first = Game::next_game(&s, None, false);
        assert_eq!(first.starting_seat(), Seat::South);
        let second = Game::next_game(&s, Some(&first), true);
        assert_eq!(second.starting_seat(), Seat::West);
        let unplayed = Game::next_game(&s, Some(&second), false);
        assert_eq!(
            unplayed.starting_seat(),
            Seat::West,
            "restarting an unplayed game keeps who starts"
        );
    }

    #[test]
    fn settings_give_the_rules_y8() {
        // RULES Y8: every local rule of the panel reaches the engine.
        let s = Settings {
            format: Format::Pairs,
            end: GameEnd::ToTheLast,
            eliminated_pieces: EliminatedPieces::Ownerless,
            move_limit: Some(300),
            ..Settings::default()
        };
        assert_eq!(s.rules().to_string(), "pairs,last,ownerless,limit=300");
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), s);
        assert!(serde_json::from_str::<Settings>(r#"{"move_limit":7}"#).is_err());
        assert_eq!(
            serde_json::from_str::<Settings>("{}").unwrap(),
            Settings::default()
        );
    }
}

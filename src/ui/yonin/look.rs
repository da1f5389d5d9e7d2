//! The names of Yonin Shogi in the player's language: seats, directions, kinds of
//! piece, the pieces and hands for screen readers ([`Names`]), and lists of seats.

use crate::engine::yonin::{Game, Piece, Role, Seat};
use crate::session::app::join_names;
use crate::session::board::{BoardNames, MarkWords};
use crate::ui::I18n;
use crate::ui::i18n::t_string;
use leptos_i18n::Locale as _;

/// The translated name of a seat.
pub fn seat_name(i18n: I18n, seat: Seat) -> String {
    match seat {
        Seat::South => t_string!(i18n, south),
        Seat::West => t_string!(i18n, west),
        Seat::North => t_string!(i18n, north),
        Seat::East => t_string!(i18n, east),
    }
    .to_string()
}

/// The translated name of the direction a seat's pieces face.
pub fn direction_name(i18n: I18n, facing: Seat) -> String {
    match facing {
        Seat::South => t_string!(i18n, dir_north),
        Seat::West => t_string!(i18n, dir_east),
        Seat::North => t_string!(i18n, dir_south),
        Seat::East => t_string!(i18n, dir_west),
    }
    .to_string()
}

/// The translated name of a piece kind.
pub fn role_name(i18n: I18n, role: Role, promoted: bool) -> String {
    match (role, promoted) {
        (Role::King, _) => t_string!(i18n, role_king),
        (Role::Rook, false) => t_string!(i18n, role_rook),
        (Role::Rook, true) => t_string!(i18n, role_dragon),
        (Role::Gold, _) => t_string!(i18n, role_gold),
        (Role::Silver, false) => t_string!(i18n, role_silver),
        (Role::Silver, true) => t_string!(i18n, role_promoted_silver),
        (Role::Pawn, false) => t_string!(i18n, role_pawn),
        (Role::Pawn, true) => t_string!(i18n, role_tokin),
    }
    .to_string()
}

/// "A and B" / "A" for a list of seat names.
pub fn seat_list(i18n: I18n, seats: &[Seat]) -> String {
    let names: Vec<String> = seats.iter().map(|&s| seat_name(i18n, s)).collect();
    let and = t_string!(i18n, and).to_string();
    join_names(i18n.get_locale().as_str(), &names, &and)
}

/// The board's names of Yonin pieces and hands, translated.
pub struct Names(pub I18n);

impl BoardNames<Game> for Names {
    fn marks(&self) -> MarkWords {
        crate::ui::table::mark_words(self.0)
    }

    /// "North's silver, facing south"; a flipped king or an ownerless piece says so
    /// (RULES Y5.3).
    fn piece(&self, piece: Piece) -> String {
        let i18n = self.0;
        let role = role_name(i18n, piece.role, piece.promoted);
        match piece.owner {
            Some(owner) => {
                let seat = seat_name(i18n, owner);
                let facing = direction_name(i18n, piece.facing);
                t_string!(i18n, piece_label, role = role, seat = seat, dir = facing).to_string()
            }
            None if piece.role == Role::King => {
                let seat = seat_name(i18n, piece.facing);
                t_string!(i18n, piece_flipped_king, seat = seat).to_string()
            }
            None => t_string!(i18n, piece_ownerless, role = role).to_string(),
        }
    }

    fn hand(&self, seat: Seat) -> String {
        let i18n = self.0;
        let seat = seat_name(i18n, seat);
        t_string!(i18n, hand_label, seat = seat).to_string()
    }

    fn kind(&self, kind: Role) -> String {
        role_name(self.0, kind, false)
    }

    fn hand_piece(&self, seat: Seat, kind: Role, count: u8) -> String {
        let i18n = self.0;
        let (role, seat) = (role_name(i18n, kind, false), seat_name(i18n, seat));
        t_string!(
            i18n,
            hand_piece_label,
            role = role,
            count = count,
            seat = seat
        )
        .to_string()
    }
}

//! A table that plays a game by link ([`crate::session::link_play`]): only the seats
//! this device plays move here (its people's, and a CPU seat whose turn comes after
//! one of them, [`crate::session::link_play::cpu_plays_here`]); every other seat's
//! moves come by link ([`Table::extend_by_link`]). Such a table is never the
//! pass-and-play table and is never saved as one; it counts no wins and no statistics
//! (each device would count a game differently: the one that saw its end live, or not).

use super::settings::{TimePerMove, ViewMode};
use super::{Controller, Participant, Revision, SavedTable, SettingsOf, Table, TableGame};
use crate::ai::Level;
use crate::session::link_play::{
    LastAction, SendOffer, TakeBack, last_action, moves_here, send_offer, take_back_of,
};
use crate::session::table::Stats;

/// Who plays the seats of a game played by link, as this device sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkSeats<S> {
    /// The seats this device's people play; none when it only watches.
    pub mine: Vec<S>,
    /// The seats the CPU plays, with its level.
    pub cpus: Vec<(S, Level)>,
    /// The game was started on this device (it plays a CPU seat that moves first).
    pub started_here: bool,
    /// The players' short names from the link, in [`crate::engine::Variant::SEATS`] order (empty for
    /// none; fewer entries are read as empty).
    pub names: Vec<String>,
    /// The moves of the link last sent from this device ("send this move"): a move
    /// among them can no longer be taken back.
    pub sent_moves: usize,
    /// The end of the finished game (this device's final move or resignation) was sent
    /// from here ([`Table::end_unsent`]).
    pub end_sent: bool,
}

impl<G: TableGame> Table<G> {
    /// A table playing `game` by link: the CPU plays the seats of `seats.cpus` at their
    /// level, people the others, and only the seats this device plays move here. The
    /// display settings are `settings`' (pieces, legal moves marked), the rules the
    /// game's; no time per move, no take-backs, the board fixed with this device's seat
    /// at the bottom. `page` is this page's random id; the table is in charge at once (no
    /// other tab shares it).
    pub fn for_link(
        game: G,
        seats: LinkSeats<G::Seat>,
        mut settings: SettingsOf<G>,
        page: u64,
    ) -> Table<G> {
        settings.rules = game.rules();
        settings.table.time_per_move = TimePerMove::None;
        settings.table.take_backs = false;
        settings.table.view = ViewMode::Fixed;
        let participants = G::SEATS
            .iter()
            .map(|seat| match seats.cpus.iter().find(|c| c.0 == *seat) {
                Some(&(_, level)) => Participant {
                    level,
                    ..Participant::new(Controller::Cpu)
                },
                None => Participant::new(Controller::Human),
            })
            .collect();
        let mut table = Table::restore(
            SavedTable {
                settings,
                participants,
                seating: (0..G::SEATS.len()).collect(),
                game,
                game_number: 1,
                revision: Revision { seq: 0, page },
                clock_used_ms: 0.0,
                redo: Vec::new(),
                stats: Stats::default(),
                result_dismissed: false,
            },
            page,
        );
        table.link = Some(seats);
        table.result_dismissed = false;
        table.view_seat = table.home_seat();
        table.update_view_seat();
        table.set_leader(true);
        table
    }

    /// Whether the finished game's result was closed here (saved with a game by link:
    /// [`crate::session::link_play::LinkEntry::result_closed`]); `false` while the
    /// game goes on.
    pub fn result_closed(&self) -> bool {
        self.result_dismissed && self.game.is_over()
    }

    /// A game by link opened again: its result stays closed if it was closed here
    /// (`closed`) and the game is over; moves that arrive later show a new result.
    pub fn set_result_closed(&mut self, closed: bool) {
        self.result_dismissed = closed && self.game.is_over();
    }

    /// Who plays the seats, when the table plays a game by link.
    pub fn link_seats(&self) -> Option<&LinkSeats<G::Seat>> {
        self.link.as_ref()
    }

    /// Changes the seats this device plays (the player chose another seat for this
    /// game). Nothing happens at a table that does not play by link.
    pub fn set_my_seats(&mut self, mine: Vec<G::Seat>) {
        let Some(link) = &mut self.link else { return };
        if link.mine != mine {
            link.mine = mine;
            self.picking.clear();
            self.view_seat = self.home_seat();
            self.update_view_seat();
            self.changed();
        }
    }

    /// The name the link gives `seat`, if any (`None` at a pass-and-play table).
    pub fn link_name(&self, seat: G::Seat) -> Option<&str> {
        let link = self.link.as_ref()?;
        link.names
            .get(G::seat_index(seat))
            .map(String::as_str)
            .filter(|n| !n.is_empty())
    }

    /// Whether this device only watches the game by link (it plays no seat).
    pub fn watching(&self) -> bool {
        self.link.as_ref().is_some_and(|l| l.mine.is_empty())
    }

    /// The moves the link opened last added here (for "new moves from the link"): 0
    /// at a pass-and-play table, and once a move was made, taken back or resigned
    /// here.
    pub fn link_applied(&self) -> usize {
        self.link_applied
    }

    fn cpu_seats(&self) -> Vec<G::Seat> {
        self.link
            .as_ref()
            .map(|l| l.cpus.iter().map(|c| c.0).collect())
            .unwrap_or_default()
    }

    /// The last move or resignation of the game by link, and whether this device made
    /// it; [`LastAction::None`] at a pass-and-play table.
    pub fn link_last_action(&self) -> LastAction<G::Seat> {
        let Some(link) = &self.link else {
            return LastAction::None;
        };
        last_action(
            &self.game,
            &link.mine,
            &self.cpu_seats(),
            link.started_here,
            |game| {
                // Hasami's only resignation (RULES H4.3): the seat that did not win.
                let winners = game.outcome().map(|o| G::winners(&o)).unwrap_or_default();
                G::SEATS.iter().copied().find(|s| !winners.contains(s))
            },
        )
    }

    /// What "send this move" offers ([`send_offer`]): [`SendOffer::Wait`] while a CPU
    /// seat this device plays is to move; [`SendOffer::Nothing`] at a pass-and-play
    /// table.
    pub fn send_offer(&self) -> SendOffer {
        if self.link.is_none() {
            return SendOffer::Nothing;
        }
        let cpus = self.cpu_seats();
        let cpu_to_move_here = self
            .game
            .side_to_move()
            .is_some_and(|s| cpus.contains(&s) && !self.away(s));
        send_offer(
            self.game.is_over(),
            self.watching(),
            cpu_to_move_here,
            self.link_last_action(),
        )
    }

    /// Whether this device's last move waits to be sent: the game goes on, its last
    /// move (and the CPU's it played after it) was made here ([`SendOffer::Move`]), and
    /// no link holding it was sent from here ([`Table::link_sent`]). The other seats
    /// learn it only from that link, so the status asks for it to be sent rather than
    /// for their move. False at a pass-and-play table.
    pub fn move_unsent(&self) -> bool {
        self.send_offer() == SendOffer::Move
            && self
                .link
                .as_ref()
                .is_some_and(|l| l.sent_moves < self.game.moves().len())
    }

    /// The link of the game as it stands was sent from this device: its moves can no
    /// longer be taken back.
    pub fn link_sent(&mut self) {
        let moves = self.game.moves().len();
        let over = self.game.is_over();
        if let Some(link) = &mut self.link
            && (link.sent_moves != moves || link.end_sent != over)
        {
            link.sent_moves = moves;
            link.end_sent = over;
            self.request_save();
        }
    }

    /// Whether the end of the game by link waits to be sent: the game is over by this
    /// device's final move or resignation ([`SendOffer::FinalMove`],
    /// [`SendOffer::Resignation`]; RULES H4.3) and no link holding it was sent from
    /// here ([`Table::link_sent`]). The other seats learn the end only from that link, so
    /// the next game by link is offered once it is sent. False at a pass-and-play table.
    pub fn end_unsent(&self) -> bool {
        let Some(link) = &self.link else {
            return false;
        };
        match self.send_offer() {
            // A final move sent before `end_sent` was kept counts by its moves.
            SendOffer::FinalMove => !link.end_sent && link.sent_moves < self.game.moves().len(),
            SendOffer::Resignation => !link.end_sent,
            _ => false,
        }
    }

    /// Whether a take-back is possible in the game by link ([`take_back_of`]), and if
    /// not, why (a resignation that came by link is [`TakeBack::NotYours`]);
    /// [`TakeBack::Nothing`] at a pass-and-play table.
    pub fn link_take_back(&self) -> TakeBack {
        let Some(link) = &self.link else {
            return TakeBack::Nothing;
        };
        match take_back_of(
            &self.game,
            &link.mine,
            &self.cpu_seats(),
            link.started_here,
            link.sent_moves,
        ) {
            // Another device's resignation is not this one's to take back either.
            TakeBack::Resigned
                if self.link_last_action() != (LastAction::Resignation { here: true }) =>
            {
                TakeBack::NotYours
            }
            other => other,
        }
    }

    /// Takes back this device's last move in the game by link (and the CPU's moves it
    /// made after it), when [`Table::link_take_back`] allows it. Returns the moves
    /// taken back.
    ///
    /// # Errors
    /// What [`Table::link_take_back`] says when it does not allow it; nothing changes.
    pub fn take_back_by_link(&mut self) -> Result<usize, TakeBack> {
        let moves = match self.link_take_back() {
            TakeBack::Allowed { moves } => moves,
            other => return Err(other),
        };
        for _ in 0..moves {
            self.game.undo();
        }
        self.redo.clear();
        self.review = None;
        self.link_applied = 0;
        self.new_turn();
        self.last_report = None;
        self.result_dismissed = false;
        self.update_view_seat();
        self.changed();
        Ok(moves)
    }

    /// Whether the moves of `seat` come by link rather than from this device: always
    /// `false` at a pass-and-play table.
    pub fn away(&self, seat: G::Seat) -> bool {
        self.link.as_ref().is_some_and(|l| {
            let cpus: Vec<G::Seat> = l.cpus.iter().map(|c| c.0).collect();
            !moves_here(&self.game, seat, &l.mine, &cpus, l.started_here)
        })
    }

    /// Plays the moves `link` adds to the table's game (it must start with the table's
    /// moves), as moves made here: the last one is heard and shown moving. A game the
    /// link ends with a resignation (RULES H4.3) ends so here. Returns the moves
    /// played; 0, and nothing changes, when `link` does not extend the table's game.
    pub fn extend_by_link(&mut self, link: &G) -> usize {
        if !link.moves().starts_with(self.game.moves()) || self.game.is_over() {
            self.link_applied = 0;
            return 0;
        }
        self.review = None;
        let new: Vec<G::Move> = link.moves()[self.game.moves().len()..].to_vec();
        let mut played = 0;
        for mv in new {
            match self.game.play(mv) {
                Ok(report) => {
                    self.after_move(&report);
                    played += 1;
                }
                Err(_) => break,
            }
        }
        if link.is_over() && !self.game.is_over() && self.game.moves() == link.moves() {
            self.game = link.clone();
            self.result_dismissed = false;
            self.changed();
        }
        self.link_applied = played;
        played
    }
}

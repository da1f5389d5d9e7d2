//! Tests of the table controller through both games, one module per part of it, and
//! the helpers they share.

use crate::engine::hasami::{Game as HGame, Move as HMove, Player};
use crate::engine::yonin::{Game as YGame, Move as YMove, Position as YPosition, Role, Seat};
use crate::engine::{Square, Variant};
use crate::session::hasami::{self, Settings as HSettings};
use crate::session::storage::{self, LoadError, StorageError};
use crate::session::table::*;
use crate::session::yonin::{self, Settings as YSettings};

const PAGE_A: u64 = 0xA;
const PAGE_B: u64 = 0xB;
/// Later than any passing notice posted at the start.
const TRANSIENT: f64 = 1e9;

fn hmv(s: &str) -> HMove {
    s.parse().unwrap()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A Hasami table (a person as Black against the CPU) in charge of the CPU.
fn hasami() -> hasami::Table {
    let mut t = hasami::Table::new(HSettings::default(), PAGE_A);
    t.set_leader(true);
    t.tick(0.0);
    t
}

fn timed(time: TimePerMove) -> HSettings {
    let mut settings = HSettings::default();
    settings.table.time_per_move = time;
    settings
}

/// Clicks `mv` (from, then to) and expects it to be played.
fn click_move<G: TableGame>(t: &mut Table<G>, from: &str, to: &str) -> G::Report {
    assert_eq!(t.click_square(sq(from)), Click::Selected, "pick {from}");
    match t.click_square(sq(to)) {
        Click::Played(r) => r,
        other => panic!("{from}{to} was not played: {other:?}"),
    }
}

/// Answers the pending CPU request by thinking.
fn answer_cpu<G: TableGame>(t: &mut Table<G>) -> G::Report {
    let req = t.cpu_request().expect("the CPU is asked").clone();
    let mv = req.think(None).unwrap();
    t.cpu_answer(req.revision, mv).unwrap()
}

/// A Yonin position, South to move: South's silver from g1 stands on e6 (it may promote
/// on e7 or d7/f7, RULES Y2.4) and South's pawn from d2 is in hand.
fn yonin_promotion() -> yonin::Table {
    let pos: YPosition = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw2Ss2PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/4RsPs3/2SsGsKsGs3 P/-/-/- s - 0 -"
        .parse()
        .expect("a valid position");
    yonin_table(
        YGame::from_position(pos),
        vec![Participant::new(Controller::Human); 4],
    )
}

/// A Yonin table playing `game` with `participants` in seat order, in charge of the CPU.
fn yonin_table(game: YGame, participants: Vec<Participant>) -> yonin::Table {
    let mut t = yonin::Table::restore(
        SavedTable {
            settings: YSettings::default(),
            participants,
            seating: vec![0, 1, 2, 3],
            game,
            game_number: 1,
            revision: Revision::default(),
            clock_used_ms: 0.0,
            redo: Vec::new(),
            stats: Default::default(),
            result_dismissed: false,
        },
        PAGE_A,
    );
    t.set_leader(true);
    t
}

mod clock;
mod cpu_request;
mod games;
mod picking;
mod records;
mod review;
mod saved;
mod since;
mod sync;
/// A refused write, as the browser says it.
fn quota() -> StorageError {
    StorageError::Write {
        key: "k".into(),
        detail: "quota".into(),
    }
}

mod confirm;
mod feedback;

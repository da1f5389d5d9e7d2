//! What a table in the app holds between clicks, apart from drawing: the table
//! controller ([`table`], one for both games), the games' settings ([`hasami`],
//! [`yonin`]), the move clock, the notices, how tables are saved ([`storage`]), and the
//! messages of the CPU's Web Worker ([`cpu`]). No leptos and no browser APIs here, so
//! all of it is tested natively; the `ui` module renders it and forwards events.

pub mod app;
pub mod clock;
pub mod cpu;
pub mod feedback;
pub mod hasami;
pub mod notice;
pub mod rules;
pub mod storage;
pub mod table;
pub mod update;
pub mod yonin;

#[cfg(test)]
mod table_tests;

use serde::{Deserialize, Serialize};

/// Time allowed for one move, a site setting of both games (RULES H5, H5.1, Y8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimePerMove {
    /// No limit (default).
    #[default]
    None,
    /// 30 seconds.
    Seconds30,
    /// 60 seconds.
    Seconds60,
}

impl TimePerMove {
    /// Every choice, the default first.
    pub const ALL: [TimePerMove; 3] = [
        TimePerMove::None,
        TimePerMove::Seconds30,
        TimePerMove::Seconds60,
    ];

    /// The time allowed, in milliseconds, or `None` for no limit.
    pub const fn millis(self) -> Option<u32> {
        match self {
            TimePerMove::None => None,
            TimePerMove::Seconds30 => Some(30_000),
            TimePerMove::Seconds60 => Some(60_000),
        }
    }
}

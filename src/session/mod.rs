//! What a table in the app holds between clicks, apart from drawing: the table
//! controller ([`table`], one for both games), what is each game's own at the table
//! ([`hasami`], [`yonin`]), the move clock, the notices, how data is saved
//! ([`storage`]), the messages of the CPU's Web Worker ([`cpu`]) and the app's
//! preferences ([`app`]), and the games played by link ([`link_play`]). No leptos and
//! no browser APIs here, so all of it is tested natively; the `ui` module renders it
//! and forwards events.

pub mod app;
pub mod board;
pub mod capitals;
pub mod clock;
pub mod cpu;
pub mod feedback;
pub mod hasami;
pub mod link_play;
pub mod notice;
pub mod storage;
pub mod table;
pub mod update;
pub mod yonin;

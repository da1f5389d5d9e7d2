//! What a table in the app holds between clicks, apart from drawing: the game in
//! progress, the seats, the settings, and how they are saved. No leptos and no
//! browser APIs here, so all of it is tested natively; the `ui` module renders it.

pub mod hasami;
pub mod storage;

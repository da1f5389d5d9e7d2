//! Hasami Shogi and Yonin Shogi: rules engines, CPU players and the browser UI.
//!
//! Layers go one way: `ui → ai → engine`. The [`engine`] and [`ai`] modules are pure
//! Rust (no leptos, no web-sys, no `std::time`), so they build, test and benchmark
//! natively. The `ui` module exists only on `wasm32` with the `app` feature (the
//! default; the CPU's worker is built without it), the worker's glue only on `wasm32`.
//!
//! The rules implemented are those of `docs/RULES.md`;
//! docstrings cite its sections, e.g. `RULES H3.4`.

pub mod ai;
pub mod engine;
pub mod record;
pub mod session;

#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;

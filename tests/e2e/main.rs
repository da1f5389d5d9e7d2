//! Browser end-to-end tests: the real built page (`dist/`, made by `scripts/build.sh`,
//! which these tests do not run) served on 127.0.0.1 under a sub-path and driven by
//! clicks in headless Chromium through chromedriver. One test binary (`cargo test
//! --test e2e NAME`), one module per area; the machinery is in [`harness`].
//!
//! Every test also checks, when it ends, that the browser logged no console error
//! and that the page requested nothing from another origin (see `harness::run`).
//! Positions are read off the page (`data-testid` hooks) and compared with the
//! native engine replaying what the page saved in localStorage.
//!
//! Without Chromium, chromedriver or a built `dist/` the browser tests are skipped
//! (each says why on stderr) unless `SHOGI_E2E=require`, which `scripts/test.sh` and
//! CI set: see `harness::skipped`.

mod harness;

mod a11y;
mod cpu;
mod first_paint;
mod follow;
mod fonts;
mod languages;
mod layout;
mod link_play;
mod offline;
mod play;
mod prefs;
mod records;
mod rules_pages;
mod screens;
mod start;
mod storage;
mod tabs;
mod yonin;
mod yonin_cpu;
mod yonin_script;

//! The record text of each game (`docs/RECORDS.md`).

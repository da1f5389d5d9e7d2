//! Share links: a game packed into a URL fragment (`docs/RECORDS.md`).

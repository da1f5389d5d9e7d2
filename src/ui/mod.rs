//! The browser UI (Leptos, client-side rendered).

/// Mounts the app on the page body.
pub fn mount() {}

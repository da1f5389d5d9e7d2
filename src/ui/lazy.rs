//! The parts of the page loaded when first used. Each is a function marked as a split
//! point (`wasm_split`, the mechanism behind Leptos's `#[lazy]`): `tools/split-wasm.sh`
//! puts it, and the code only it reaches, in a wasm of its own that is fetched the
//! first time it is called. The choice of a game needs none of them; a table needs its
//! game's (the split points are in `shell.rs`, the games' `mod.rs` and
//! `table/driver.rs`).
//!
//! The split points are `fallible`: a part that cannot be fetched or started (the
//! network gone on a first visit, or a new build published in between) is not a
//! panic, which would stop the whole page, but [`LoadFailed`]: the page shows its
//! "could not load" screen (index.html, `shogiLoadFailed`) in the player's language,
//! with "Reload". Saved games are untouched.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use wasm_bindgen::JsCast;

/// A lazy part's wasm could not be fetched or started.
#[derive(Debug)]
pub struct LoadFailed;

impl From<SplitLoaderError> for LoadFailed {
    fn from(_: SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// The view `build` makes once `preload` has loaded its part: nothing until then (the
/// part is small and usually cached by the service worker), the "could not load"
/// screen if it fails ([`tell_load_failure`]).
///
/// The view is built in a plain reactive closure, as a view that needs no loading is,
/// so it belongs to the place it is drawn in and goes with it: a part that arrives
/// after the player moved on (another game chosen, a link opened) is not drawn.
/// (Leptos's `Suspend` would build it inside a future, whose reads it forwards to the
/// effect around it, and which still runs after that place is gone.) Once `preload`
/// is done the call runs at once: its future is ready at the first poll.
pub fn lazy_view<F>(
    preload: impl Future<Output = Result<(), SplitLoaderError>> + 'static,
    build: impl Fn() -> F + Send + Sync + 'static,
) -> AnyView
where
    F: Future<Output = Result<AnyView, LoadFailed>>,
{
    let loaded = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        match preload.await {
            // The place may be gone meanwhile: then nothing is drawn.
            Ok(()) => {
                loaded.try_set(true);
            }
            Err(_) => tell_load_failure(),
        }
    });
    (move || {
        loaded.get().then(|| {
            untrack(|| {
                let call = pin!(build());
                match call.poll(&mut Context::from_waker(Waker::noop())) {
                    Poll::Ready(Ok(view)) => view,
                    Poll::Ready(Err(LoadFailed)) | Poll::Pending => {
                        tell_load_failure();
                        ().into_any()
                    }
                }
            })
        })
    })
    .into_any()
}

/// Shows the page's "could not load" screen (index.html's `shogiLoadFailed`); logs
/// when the page has none.
pub fn tell_load_failure() {
    let shown = js_sys::Reflect::get(&window(), &"shogiLoadFailed".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .is_some_and(|f| f.call0(&wasm_bindgen::JsValue::NULL).is_ok());
    if !shown {
        leptos::logging::error!("a part of the app could not be loaded");
    }
}

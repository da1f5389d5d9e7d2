//! Connects a [`Table`] to the browser: storage, the clock, the CPU, the other tabs and
//! the Web Lock that says which tab is in charge. Everything here only touches the
//! outside world and forwards what happens to the table; the table decides.

use super::store;
use crate::session::storage::{LoadError, keys};
use crate::session::table::{Table, TableGame};
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// How often the clock ticks, in milliseconds.
const TICK: Duration = Duration::from_millis(250);

/// Milliseconds of the page's monotonic clock (`performance.now()`), which the system
/// time does not move.
pub fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// A random id for this page (see [`crate::session::table::Revision`]), from the
/// browser's cryptographic random source (getrandom), else `Math.random`.
fn page_id() -> u64 {
    getrandom::u64().unwrap_or_else(|_| (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64)
}

/// Creates the table of game `G` for this page: opens what is stored (or starts a new
/// one), and installs what drives it. Call once per game, in the component that owns
/// it.
pub fn use_table<G: TableGame>() -> RwSignal<Table<G>> {
    let key = keys::table(G::KEY);
    let legacy_key = (G::KEY == "hasami").then_some(keys::HASAMI_SETTINGS_V1);
    let table = RwSignal::new(open::<G>(&key, legacy_key));

    // Save whenever the table asks; a version-1 settings key is removed once the
    // table is written in the current format.
    {
        let key = key.clone();
        // A memo, so that the effect runs when the generation changes, not at every
        // change of the table (saving itself changes the table).
        let generation = Memo::new(move |_| table.with(|t| t.save_generation()));
        Effect::new(move |_| {
            if generation.get() > 0 {
                save(table, &key, legacy_key);
            }
        });
    }

    // Another tab wrote this table.
    {
        let key = key.clone();
        let listener = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().as_deref() == Some(key.as_str()) {
                let text = ev.new_value();
                table.update(|t| t.storage_event(text.as_deref()));
            }
        });
        on_cleanup(move || listener.remove());
    }

    // The page is hidden or closed: save the clock's time now (an effect would be
    // too late).
    for event in ["pagehide", "visibilitychange"] {
        let key = key.clone();
        let listener = window_event_listener_untyped(event, move |_| {
            if event == "visibilitychange" && !document().hidden() {
                return;
            }
            if table.try_update_untracked(|t| t.page_hidden()) == Some(true) {
                save(table, &key, legacy_key);
            }
        });
        on_cleanup(move || listener.remove());
    }

    // The monotonic clock.
    table.update(|t| t.tick(now_ms()));
    if let Ok(handle) = set_interval_with_handle(move || table.update(|t| t.tick(now_ms())), TICK) {
        on_cleanup(move || handle.clear());
    }

    // The CPU: each new request is answered after a short pause, if still current.
    let request_id = Memo::new(move |_| table.with(|t| t.cpu_request().map(|r| r.id)));
    Effect::new(move |_| {
        let Some(id) = request_id.get() else {
            return;
        };
        let pause = table.with_untracked(|t| t.cpu_pause_ms());
        set_timeout(
            move || {
                let Some(request) =
                    table.with_untracked(|t| t.cpu_request().filter(|r| r.id == id).cloned())
                else {
                    return;
                };
                if let Some(mv) = request.think(None) {
                    // A stale answer is refused by the table itself.
                    table.update(|t| {
                        let _ = t.cpu_answer(request.revision, mv);
                    });
                }
            },
            Duration::from_millis(u64::from(pause)),
        );
    });

    take_charge(table, &key);
    table
}

/// Reads the stored table, keeping unreadable data aside and telling the player.
fn open<G: TableGame>(key: &str, legacy_key: Option<&str>) -> Table<G> {
    let page = page_id();
    if let Err(why) = store::available() {
        leptos::logging::warn!("{why}");
        let mut t = Table::new(G::Settings::default(), page);
        t.storage_unavailable();
        return t;
    }
    let text = store::read(key).ok().flatten();
    let legacy = legacy_key.and_then(|k| store::read(k).ok().flatten());
    let (mut table, error) = Table::<G>::open(text.as_deref(), legacy.as_deref(), page);
    if let Some(error) = error {
        let kept = !matches!(error, LoadError::UnknownVersion(_))
            && text
                .as_deref()
                .is_some_and(|text| store::keep_aside(key, text));
        table.load_failed(error, kept);
    }
    table
}

/// Writes the table if it may be written, and tells it how that went.
fn save<G: TableGame>(table: RwSignal<Table<G>>, key: &str, legacy_key: Option<&str>) {
    let Some(text) = table.with_untracked(|t| t.may_save().then(|| t.saved().encode())) else {
        return;
    };
    let result = store::write(key, &text);
    if result.is_ok()
        && let Some(legacy) = legacy_key
    {
        store::remove(legacy);
    }
    table.update(|t| t.save_done(result));
}

/// Asks for the Web Lock named after the table; the tab holding it is in charge of the
/// CPU and the clock, and holds it until it closes, when the next tab waiting gets it.
/// Without Web Locks (an old browser, a page not served securely), this tab is in charge.
fn take_charge<G: TableGame>(table: RwSignal<Table<G>>, key: &str) {
    let on_granted =
        Closure::<dyn FnMut(wasm_bindgen::JsValue) -> js_sys::Promise>::new(move |_lock| {
            table.update(|t| t.set_leader(true));
            // Never settles: the lock is held for the life of the page.
            js_sys::Promise::new(&mut |_, _| {})
        });
    let requested = (|| {
        let navigator = window().navigator();
        let locks = js_sys::Reflect::get(&navigator, &"locks".into()).ok()?;
        let request = js_sys::Reflect::get(&locks, &"request".into()).ok()?;
        let request = request.dyn_into::<js_sys::Function>().ok()?;
        request
            .call2(&locks, &key.into(), on_granted.as_ref())
            .ok()?
            .dyn_into::<js_sys::Promise>()
            .ok()
    })();
    match requested {
        Some(promise) => {
            on_granted.forget();
            // Refused (site data blocked, a sandboxed frame): no tab can share this
            // table, so this one is in charge.
            let on_refused = Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(move |_| {
                table.update(|t| t.set_leader(true));
            });
            let _ = promise.catch(&on_refused);
            on_refused.forget();
        }
        None => table.update(|t| t.set_leader(true)),
    }
}

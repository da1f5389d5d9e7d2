//! Connects a [`Table`] to the browser: storage, the clock, the CPU, the other tabs and
//! the Web Lock that says which tab is in charge. Everything here only touches the
//! outside world and forwards what happens to the table; the table decides.

use crate::engine::{hasami, yonin};
use crate::session::cpu::{CpuError, CpuJob, CpuReply, WorkerGame};
use crate::session::storage::{LoadError, StorageError};
use crate::session::table::cpu_request::{CpuRequest, answer_delay_ms};
use crate::session::table::{
    ChargeLock, Grant, LockStep, SettingsOf, Table, TableError, TableGame, TableNotice,
};
use crate::ui::lazy::{LoadFailed, tell_load_failure};
use crate::ui::store;
use crate::worker::{CpuWorker, PerformanceClock};
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;
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
pub(crate) fn page_id() -> u64 {
    getrandom::u64().unwrap_or_else(|_| (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64)
}

/// Creates the table of game `G` for this page: opens what is stored under
/// [`TableGame::TABLE_KEY`] (or starts a new one), and installs what drives it. Call once per game, in the component that owns
/// it; it also provides the [`CpuThinking`] of `G` to the components below.
///
/// `on_saved` hears the result of every write of the table (the app tells a failure).
pub fn use_table<G: PageCpu>(on_saved: Callback<Result<(), StorageError>>) -> RwSignal<Table<G>> {
    let key = G::TABLE_KEY.to_string();
    // An older format's settings key, removed once the table is written anew.
    let legacy_key = G::legacy().and_then(|legacy| legacy.settings_key());
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
                save(table, &key, legacy_key, on_saved);
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
                save(table, &key, legacy_key, on_saved);
            }
        });
        on_cleanup(move || listener.remove());
    }

    // The monotonic clock.
    table.update(|t| t.tick(now_ms()));
    if let Ok(handle) = set_interval_with_handle(move || table.update(|t| t.tick(now_ms())), TICK) {
        on_cleanup(move || handle.clear());
    }

    drive_cpu(table);

    take_charge(table, &key);
    table
}

/// Reads the stored table, keeping unreadable data aside and telling the player.
fn open<G: TableGame>(key: &str, legacy_key: Option<&str>) -> Table<G> {
    let page = page_id();
    if let Err(why) = store::available() {
        leptos::logging::warn!("{why}");
        let mut t = Table::new(SettingsOf::<G>::default(), page);
        t.storage_unavailable(why);
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

/// Writes the table if it may be written, and tells it (and `on_saved`) how that went.
fn save<G: TableGame>(
    table: RwSignal<Table<G>>,
    key: &str,
    legacy_key: Option<&str>,
    on_saved: Callback<Result<(), StorageError>>,
) {
    let Some(text) = table.with_untracked(|t| t.may_save().then(|| t.saved().encode())) else {
        return;
    };
    let result = store::write(key, &text);
    if result.is_ok()
        && let Some(legacy) = legacy_key
    {
        store::remove(legacy);
    }
    table.update(|t| t.save_done(result.clone()));
    on_saved.run(result);
}

/// Holds the Web Lock named after the table while the table may lead (on screen, no
/// dialog, no replay: [`Table::may_lead`]): the tab holding it is in charge of the CPU
/// and the clock ([`ChargeLock`] decides when to ask and when to give it back). A tab
/// that leaves the table for another game, opens a dialog or replays gives the lock
/// back, so another tab showing the table takes over; a closed tab's lock goes to the
/// next tab waiting. Without Web Locks (an old browser, a page not served securely)
/// or when the browser refuses them, this tab is in charge alone.
fn take_charge<G: TableGame>(table: RwSignal<Table<G>>, key: &str) {
    let Some((locks, request)) = web_locks() else {
        table.update(|t| t.set_leader(true));
        return;
    };
    let lock = Rc::new(RefCell::new(ChargeLock::default()));
    // Settles the promise that keeps the lock held (set while it is held).
    let release: Rc<RefCell<Option<js_sys::Function>>> = Rc::new(RefCell::new(None));
    let on_granted = {
        let lock = lock.clone();
        let release = release.clone();
        Closure::<dyn FnMut(wasm_bindgen::JsValue) -> js_sys::Promise>::new(move |_lock| {
            let grant = lock.borrow_mut().granted();
            match grant {
                Grant::Keep => {
                    table.update(|t| t.set_leader(true));
                    // Held until this promise settles (the table leaves the screen) or
                    // the page closes.
                    js_sys::Promise::new(&mut |resolve, _| {
                        *release.borrow_mut() = Some(resolve);
                    })
                }
                Grant::GiveBack => js_sys::Promise::resolve(&wasm_bindgen::JsValue::UNDEFINED),
            }
        })
    };
    // Refused (site data blocked, a sandboxed frame): no tab can share this table, so
    // this one is in charge.
    let on_refused = {
        let lock = lock.clone();
        Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(move |_| {
            lock.borrow_mut().refused();
            table.update(|t| t.set_leader(true));
        })
    };
    let key = wasm_bindgen::JsValue::from_str(key);
    let may_lead = Memo::new(move |_| table.with(|t| t.may_lead()));
    Effect::new(move |_| {
        let step = lock.borrow_mut().want(may_lead.get());
        match step {
            LockStep::Nothing => {}
            LockStep::Request => {
                let promise = request
                    .call2(&locks, &key, on_granted.as_ref())
                    .ok()
                    .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
                match promise {
                    Some(promise) => {
                        let _ = promise.catch(&on_refused);
                    }
                    None => {
                        lock.borrow_mut().refused();
                        table.update(|t| t.set_leader(true));
                    }
                }
            }
            LockStep::Release => {
                table.update(|t| t.set_leader(false));
                if let Some(resolve) = release.borrow_mut().take() {
                    let _ = resolve.call0(&wasm_bindgen::JsValue::UNDEFINED);
                }
            }
        }
    });
}

/// The page's `navigator.locks` and its `request` function, where the browser has them.
fn web_locks() -> Option<(wasm_bindgen::JsValue, js_sys::Function)> {
    let navigator = window().navigator();
    let locks = js_sys::Reflect::get(&navigator, &"locks".into()).ok()?;
    if locks.is_undefined() || locks.is_null() {
        return None;
    }
    let request = js_sys::Reflect::get(&locks, &"request".into()).ok()?;
    Some((locks, request.dyn_into::<js_sys::Function>().ok()?))
}

/// Whether the CPU's worker is thinking for the table of game `G` (provided as a
/// context by [`use_table`]; see [`thinking_mark`]).
pub struct CpuThinking<G> {
    /// True from the moment a job is posted to the worker until its answer or its
    /// cancellation.
    pub thinking: Signal<bool>,
    game: PhantomData<fn() -> G>,
}

impl<G> Clone for CpuThinking<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for CpuThinking<G> {}

/// A spinner (`data-testid="thinking"`) shown while the CPU's worker thinks for the
/// table of game `G`; nothing outside [`use_table`]'s components.
pub fn thinking_mark<G: 'static>() -> impl IntoView {
    let thinking = use_context::<CpuThinking<G>>().map(|c| c.thinking);
    move || {
        thinking.is_some_and(|t| t.get()).then(|| {
            view! { <span class="thinking" data-testid="thinking" aria-hidden="true"></span> }
        })
    }
}

/// The CPU's side of a table: each new request is sent to the CPU's Web Worker at once,
/// and its answer, if still current, is played no sooner than a short pause after the
/// request (so people see the position it answers while it thinks:
/// [`answer_delay_ms`]).
///
/// - **Cancelling.** When the request changes or goes (a take-back, a new game, a seat,
///   level or settings change, another tab's change, a dialog, the game hidden), a
///   worker still thinking about the old one is terminated ([`CpuWorker::cancel`]).
///   Its answer could not be played anyway: [`Table::cpu_answer`] refuses an answer
///   for another revision.
/// - **Failures.** A worker that fails (does not start, crashes, answers with an error
///   or a move the table refuses) is not asked again: the player is told
///   ([`TableNotice::CpuFailed`]) and from then on this page thinks itself, as before
///   the worker existed, bounded in wall time by its own `performance.now()`. The game
///   goes on either way, and a failure that would repeat itself cannot loop.
pub(crate) fn drive_cpu<G: PageCpu>(table: RwSignal<Table<G>>) {
    let thinking = RwSignal::new(false);
    provide_context(CpuThinking::<G> {
        thinking: thinking.into(),
        game: PhantomData,
    });
    // Set once the worker failed: the page thinks from then on.
    let broken = Rc::new(Cell::new(false));
    // When the request being thought about was sent (`now_ms`): its answer is played
    // no sooner than the pause after it ([`answer_delay_ms`]).
    let asked = Rc::new(Cell::new((0_u64, 0.0_f64)));
    let worker = {
        let broken = broken.clone();
        let asked = asked.clone();
        CpuWorker::new(move |reply: CpuReply| {
            let (asked_id, asked_ms) = asked.get();
            // The table's screen is gone (a game by link read again after another
            // tab's change): nobody waits for the answer.
            let Some(pause) = table.try_with_untracked(|t| t.cpu_pause_ms()) else {
                return;
            };
            let delay = if reply.id == Some(asked_id) {
                answer_delay_ms(asked_ms, now_ms(), pause)
            } else {
                0.0
            };
            let broken = broken.clone();
            set_timeout(
                move || play_reply(table, thinking, &broken, reply),
                Duration::from_millis(delay as u64),
            );
        })
    };
    // The screen that drives this table goes (a game by link read again): its worker
    // goes with it, thinking or not, and an answer on its way is never delivered.
    {
        // Cleanups run before the owner's values are disposed.
        let held = StoredValue::new_local(worker.clone());
        on_cleanup(move || {
            held.try_with_value(CpuWorker::shut_down);
        });
    }
    let request_id = Memo::new(move |_| table.with(|t| t.cpu_request().map(|r| r.id)));
    Effect::new(move |_| {
        let id = request_id.get();
        if worker.busy().is_some_and(|busy| Some(busy) != id) {
            worker.cancel();
            thinking.set(false);
        }
        let Some(id) = id else {
            return;
        };
        if broken.get() {
            // The page thinks itself (and freezes meanwhile): after the pause, so the
            // last move is seen first.
            let pause = table.with_untracked(|t| t.cpu_pause_ms());
            set_timeout(
                move || think_here(table, id),
                Duration::from_millis(u64::from(pause)),
            );
            return;
        }
        if worker.busy() == Some(id) {
            return;
        }
        let Some(job) = table.with_untracked(|t| {
            t.cpu_request()
                .filter(|r| r.id == id)
                .map(CpuJob::for_request)
        }) else {
            return;
        };
        // Asked at once: the CPU thinks while the last move is on show.
        asked.set((id, now_ms()));
        match worker.send(&job) {
            Ok(()) => thinking.set(true),
            Err(error) => {
                broken.set(true);
                leptos::logging::warn!("no CPU worker: {error}");
                table.update(|t| {
                    t.notify(TableNotice::CpuFailed {
                        detail: error.to_string(),
                    });
                });
                think_here(table, id);
            }
        }
    });
}

/// Plays the worker's `reply` if it answers the request still pending; a worker that
/// answered with an error or a move the table refuses is not trusted again (`broken`)
/// and the page thinks itself.
fn play_reply<G: PageCpu>(
    table: RwSignal<Table<G>>,
    thinking: RwSignal<bool>,
    broken: &Rc<Cell<bool>>,
    reply: CpuReply,
) {
    thinking.set(false);
    // `None` also when the table's screen has gone since the answer came.
    let Some(request) = table
        .try_with_untracked(|t| t.cpu_request().filter(|r| Some(r.id) == reply.id).cloned())
        .flatten()
    else {
        return;
    };
    let played = reply.move_of::<G>().and_then(|mv| {
        let revision = reply.revision.unwrap_or(request.revision);
        let result = table.try_update(|t| t.cpu_answer(revision, mv));
        match result {
            Some(Err(TableError::Play(e))) => Err(CpuError::Malformed(format!("{mv}: {e}"))),
            // Played, or stale: the table changed since it asked, and the
            // answer is dropped, as it must be.
            Some(Ok(_) | Err(TableError::Stale)) | None => Ok(()),
            // `cpu_answer` refuses with nothing else; were it to, the worker
            // is not trusted again.
            Some(Err(other)) => Err(CpuError::Malformed(other.to_string())),
        }
    });
    if let Err(error) = played {
        broken.set(true);
        leptos::logging::warn!("the CPU's worker failed: {error}");
        table.try_update(|t| {
            t.notify(TableNotice::CpuFailed {
                detail: error.to_string(),
            });
        });
        // On the next turn of the event loop, so the notice shows first.
        set_timeout(move || think_here(table, request.id), Duration::ZERO);
    }
}

/// Answers request `id` on the page's own thread, if it is still current (the fallback
/// when the worker failed), bounded in wall time by the page's `performance.now()`.
/// The search is loaded the first time it is needed ([`PageCpu`]).
fn think_here<G: PageCpu>(table: RwSignal<Table<G>>, id: u64) {
    let Some(request) = table
        .try_with_untracked(|t| t.cpu_request().filter(|r| r.id == id).cloned())
        .flatten()
    else {
        return;
    };
    let revision = request.revision;
    leptos::task::spawn_local(async move {
        let Ok(answer) = G::think_here(request).await else {
            tell_load_failure();
            return;
        };
        if let Some(mv) = answer {
            // A stale answer is refused by the table itself; the page's own search
            // choosing an illegal move would be a bug of the CPU, told in the console.
            table.try_update(|t| {
                if let Err(TableError::Play(e)) = t.cpu_answer(revision, mv) {
                    leptos::logging::warn!("the CPU chose an illegal move {mv}: {e}");
                }
            });
        }
    });
}

/// A game whose CPU can also think on the page itself, when the worker fails. The
/// page's search is in a wasm of its own (Leptos's `#[lazy]`, tools/split-wasm.sh),
/// fetched at the first fallback: most pages never need it.
pub trait PageCpu: WorkerGame {
    /// The move `request` asks for (None when the game has none to play), searched on
    /// this thread within the request's think time (the page's `performance.now()`);
    /// [`LoadFailed`] when the search's wasm could not be loaded.
    fn think_here(request: CpuRequest<Self>) -> Pin<Box<dyn Future<Output = Thought<Self>>>>;
}

impl PageCpu for hasami::Game {
    fn think_here(request: CpuRequest<Self>) -> Pin<Box<dyn Future<Output = Thought<Self>>>> {
        Box::pin(think_hasami(request))
    }
}

impl PageCpu for yonin::Game {
    fn think_here(request: CpuRequest<Self>) -> Pin<Box<dyn Future<Output = Thought<Self>>>> {
        Box::pin(think_yonin(request))
    }
}

/// What the page's own search answers: the move (None when there is none to play), or
/// that its wasm could not be loaded.
pub type Thought<G> = Result<Option<<G as crate::engine::Variant>::Move>, LoadFailed>;

/// The Hasami CPU on the page ([`PageCpu`]).
#[wasm_split(hasami_cpu, wasm_split_path = ::leptos::wasm_split, fallible)]
fn think_hasami(request: CpuRequest<hasami::Game>) -> Result<Option<hasami::Move>, LoadFailed> {
    Ok(request.think(Some(&PerformanceClock::new())))
}

/// The Yonin CPU on the page ([`PageCpu`]).
#[wasm_split(yonin_cpu, wasm_split_path = ::leptos::wasm_split, fallible)]
fn think_yonin(request: CpuRequest<yonin::Game>) -> Result<Option<yonin::Move>, LoadFailed> {
    Ok(request.think(Some(&PerformanceClock::new())))
}

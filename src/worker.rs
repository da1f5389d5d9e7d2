//! The CPU's Web Worker, both sides: [`serve`] runs inside the worker (the `cpu_worker`
//! binary, built by trunk as `cpu_worker.js`, `cpu_worker_bg.wasm` and the loader
//! `cpu_worker_loader.js`), and [`CpuWorker`] is the page's handle on it. The messages
//! and what the worker does with them are plain Rust in [`crate::session::cpu`].
//!
//! **Why not gloo-worker.** Its `WorkerBridge` keeps the `web_sys::Worker` to itself,
//! and dropping the bridge only posts a "destroy" message, which waits behind the
//! search the worker is busy with. Cancelling a search needs `Worker.terminate()`, so
//! the page keeps the worker itself; the protocol is small (JSON text both ways, the
//! worker says [`READY`] once it listens).
//!
//! **Cancelling.** A search cannot be interrupted from outside, so [`CpuWorker::cancel`]
//! terminates the worker; the next job spawns a fresh one (its wasm module is compiled
//! again, from the HTTP or service-worker cache).

use crate::ai::Clock;
use crate::session::cpu::{self, CpuError, CpuJob, CpuReply};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The worker's loader script, relative to the page (so the app works under any
/// sub-path): trunk's loader shim, which imports `cpu_worker.js` and starts the wasm.
pub const WORKER_URL: &str = "./cpu_worker_loader.js";

/// What the worker posts once it listens for jobs (jobs posted earlier are kept until
/// then by the page).
pub const READY: &str = "ready";

/// `performance.now()` of the global scope this runs in, the page's or the worker's
/// (read through `globalThis.performance`, which both have); `Date.now()` if there is
/// none.
pub struct PerformanceClock {
    performance: Option<web_sys::Performance>,
}

impl PerformanceClock {
    /// The clock of this global scope.
    pub fn new() -> PerformanceClock {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into())
            .ok()
            .filter(|p| p.is_object())
            .map(JsCast::unchecked_into::<web_sys::Performance>);
        PerformanceClock { performance }
    }
}

impl Default for PerformanceClock {
    fn default() -> PerformanceClock {
        PerformanceClock::new()
    }
}

impl Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        self.performance
            .as_ref()
            .map_or_else(js_sys::Date::now, web_sys::Performance::now)
    }
}

/// The worker's side: answers every job posted to it ([`cpu::answer_text`], bounded in
/// wall time by the worker's `performance.now()`), then says it is [`READY`]. Called
/// by the `cpu_worker` binary's `main`.
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let clock = PerformanceClock::new();
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let reply = match event.data().as_string() {
                Some(text) => cpu::answer_text(&text, Some(&clock)),
                None => CpuReply {
                    id: None,
                    revision: None,
                    answer: Err(CpuError::Malformed("the job is not text".into())),
                    work: None,
                },
            };
            let _ = reply_to.post_message(&reply.to_json().into());
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Listens for the life of the worker.
    on_message.forget();
    let _ = scope.post_message(&READY.into());
}

/// The callbacks of one spawned worker, kept alive as long as it may call them.
struct Spawned {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

#[derive(Default)]
struct Inner {
    spawned: Option<Spawned>,
    /// Counts the workers spawned, so that an event of a terminated one is ignored.
    generation: u64,
    /// The worker said it listens.
    ready: bool,
    /// A job posted before the worker was ready.
    queued: Option<String>,
    /// The id of the job the worker thinks about.
    busy: Option<u64>,
    /// Callbacks of terminated workers, dropped at the next spawn (never while one of
    /// them runs).
    retired: Vec<Spawned>,
}

/// The page's handle on the CPU's worker: spawned lazily at the first job, kept between
/// jobs, terminated to cancel one. One job at a time. Cheap to clone (all clones are
/// the same handle).
#[derive(Clone)]
pub struct CpuWorker {
    inner: Rc<RefCell<Inner>>,
    on_reply: Rc<dyn Fn(CpuReply)>,
}

impl CpuWorker {
    /// A handle that calls `on_reply` with each answer of the worker, and with a
    /// [`CpuError::Failed`] answer when the worker fails (it is then terminated). An
    /// answer with no id (the worker could not read the job) gets the id of the job in
    /// progress. `on_reply` runs in the worker's event handler: it must not post the
    /// next job itself (schedule it).
    pub fn new(on_reply: impl Fn(CpuReply) + 'static) -> CpuWorker {
        CpuWorker {
            inner: Rc::new(RefCell::new(Inner::default())),
            on_reply: Rc::new(on_reply),
        }
    }

    /// The id of the job the worker thinks about, if any.
    pub fn busy(&self) -> Option<u64> {
        self.inner.borrow().busy
    }

    /// Posts `job`, spawning the worker first if there is none; a job in progress is
    /// cancelled first.
    ///
    /// # Errors
    /// [`CpuError::Failed`] when no worker can be created (no Web Worker support).
    pub fn send(&self, job: &CpuJob) -> Result<(), CpuError> {
        if self.busy().is_some() {
            self.cancel();
        }
        if self.inner.borrow().spawned.is_none() {
            self.spawn()?;
        }
        let text = job.to_json();
        let mut inner = self.inner.borrow_mut();
        inner.busy = Some(job.id);
        if inner.ready {
            let posted = inner
                .spawned
                .as_ref()
                .map(|s| s.worker.post_message(&text.into()));
            if let Some(Err(e)) = posted {
                inner.busy = None;
                return Err(CpuError::Failed(describe(&e)));
            }
        } else {
            inner.queued = Some(text);
        }
        Ok(())
    }

    /// Stops the thinking in progress, if any, by terminating the worker; its answer
    /// will never come. The next job spawns a new worker.
    pub fn cancel(&self) {
        let mut inner = self.inner.borrow_mut();
        if inner.busy.take().is_some() {
            Self::terminate(&mut inner);
        }
    }

    /// Terminates the worker for good, thinking or not (the page part that asked
    /// has gone): no answer of it is delivered. Its callbacks are dropped after the
    /// event in progress. A later [`CpuWorker::send`] would spawn a new one.
    pub fn shut_down(&self) {
        let mut inner = self.inner.borrow_mut();
        inner.busy = None;
        Self::terminate(&mut inner);
        drop(inner);
        // The callbacks hold this handle: dropping them breaks the cycle. Not now, in
        // case this runs inside one of them.
        let this = self.inner.clone();
        let clear = Closure::once_into_js(move || this.borrow_mut().retired.clear());
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(clear.unchecked_ref(), 0);
        }
    }

    fn terminate(inner: &mut Inner) {
        inner.generation += 1;
        inner.ready = false;
        inner.queued = None;
        if let Some(spawned) = inner.spawned.take() {
            spawned.worker.set_onmessage(None);
            spawned.worker.set_onerror(None);
            spawned.worker.terminate();
            inner.retired.push(spawned);
        }
    }

    fn spawn(&self) -> Result<(), CpuError> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(WORKER_URL, &options)
            .map_err(|e| CpuError::Failed(describe(&e)))?;
        let generation = {
            let mut inner = self.inner.borrow_mut();
            inner.retired.clear();
            inner.generation += 1;
            inner.ready = false;
            inner.generation
        };
        let on_message = {
            let this = self.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let text = event.data().as_string();
                if text.as_deref() == Some(READY) {
                    this.ready(generation);
                } else {
                    let reply = text.map_or_else(
                        || CpuReply {
                            id: None,
                            revision: None,
                            answer: Err(CpuError::Malformed("the reply is not text".into())),
                            work: None,
                        },
                        |text| CpuReply::from_json(&text),
                    );
                    this.replied(generation, reply, false);
                }
            })
        };
        let on_error = {
            let this = self.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                // The worker's script did not load, or it stopped on an error (a
                // panic in the search traps the wasm).
                event.prevent_default();
                let what = event
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| "the worker did not start".into());
                let reply = CpuReply {
                    id: None,
                    revision: None,
                    answer: Err(CpuError::Failed(what)),
                    work: None,
                };
                this.replied(generation, reply, true);
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.inner.borrow_mut().spawned = Some(Spawned {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        });
        Ok(())
    }

    /// The worker of `generation` listens: posts the job kept for it.
    fn ready(&self, generation: u64) {
        let mut inner = self.inner.borrow_mut();
        if inner.generation != generation {
            return;
        }
        inner.ready = true;
        if let (Some(text), Some(spawned)) = (inner.queued.take(), inner.spawned.as_ref())
            && let Err(e) = spawned.worker.post_message(&text.into())
        {
            drop(inner);
            let reply = CpuReply {
                id: None,
                revision: None,
                answer: Err(CpuError::Failed(describe(&e))),
                work: None,
            };
            self.replied(generation, reply, true);
        }
    }

    /// The worker of `generation` answered (or failed: it is then terminated).
    fn replied(&self, generation: u64, mut reply: CpuReply, failed: bool) {
        {
            let mut inner = self.inner.borrow_mut();
            if inner.generation != generation {
                return;
            }
            let busy = inner.busy.take();
            if failed {
                Self::terminate(&mut inner);
            }
            // No job asked for this (say, the worker failed between jobs).
            let Some(busy) = busy else { return };
            reply.id.get_or_insert(busy);
        }
        (self.on_reply)(reply);
    }
}

/// A thrown JavaScript value as one line of text.
fn describe(e: &wasm_bindgen::JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

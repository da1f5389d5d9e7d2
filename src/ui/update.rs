//! The page's side of offline play and new builds: registers the service worker
//! ([`SW_URL`], made by Workbox at build time, `tools/generate-sw.mjs`), forwards what
//! its registration reports to [`Updates`] (which decides), carries out the answers
//! (Workbox's `SKIP_WAITING` message, the reload), and draws the offer
//! ([`UpdateOffer`], `data-testid="update-ready"`).
//!
//! The browser looks for a new `sw.js` at each navigation; an open page also asks it to
//! look every [`CHECK_EVERY_MS`] and whenever the page becomes visible again.

use super::i18n::{t, use_i18n};
use crate::session::update::{CHECK_EVERY_MS, UpdateAction, UpdateEvent, Updates};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue};

/// The service worker's script, relative to the page, so that its scope is the app's
/// folder under any sub-path.
pub const SW_URL: &str = "./sw.js";

/// The message that makes a waiting Workbox worker activate (`skipWaiting: false` in
/// `tools/generate-sw.mjs` makes Workbox listen for it).
const SKIP_WAITING: &str = "SKIP_WAITING";

/// The browser's service-worker container, if it has one (not in every browser, and
/// only on `https://` or `localhost`).
fn container() -> Option<web_sys::ServiceWorkerContainer> {
    let navigator = window().navigator();
    // Reading `serviceWorker` where it does not exist gives `undefined`.
    js_sys::Reflect::get(&navigator, &"serviceWorker".into())
        .ok()
        .filter(|c| c.is_object())
        .map(|_| navigator.service_worker())
}

/// Registers the service worker and starts following it. Returns the state the
/// offer is drawn from; without service workers it stays "nothing to offer".
pub fn start() -> RwSignal<Updates> {
    let Some(container) = container() else {
        return RwSignal::new(Updates::new(false));
    };
    let updates = RwSignal::new(Updates::new(container.controller().is_some()));
    let send = move |event: UpdateEvent| {
        if let Some(action) = updates.try_update(|u| u.handle(event)).flatten() {
            perform(action);
        }
    };

    let on_controller = Closure::<dyn FnMut()>::new(move || send(UpdateEvent::ControllerChanged));
    container.set_oncontrollerchange(Some(on_controller.as_ref().unchecked_ref()));
    // For the page's lifetime.
    on_controller.forget();

    let on_registered = Closure::<dyn FnMut(JsValue)>::new(move |value: JsValue| {
        let registration: web_sys::ServiceWorkerRegistration = value.unchecked_into();
        send(UpdateEvent::Registered {
            waiting: registration.waiting().is_some(),
        });
        watch_installing(&registration, send);
        let watched = registration.clone();
        let on_found = Closure::<dyn FnMut()>::new(move || watch_installing(&watched, send));
        registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
        on_found.forget();
        look_for_updates(registration);
    });
    // A failed registration (say, a host that does not serve sw.js) only means no
    // offline play; the page works on.
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    let _ = container.register(SW_URL).then2(&on_registered, &ignore);
    on_registered.forget();
    ignore.forget();
    updates
}

/// Sends [`UpdateEvent::Installed`] when the worker now installing (if any) is
/// installed.
fn watch_installing(
    registration: &web_sys::ServiceWorkerRegistration,
    send: impl Fn(UpdateEvent) + Copy + 'static,
) {
    let Some(worker) = registration.installing() else {
        return;
    };
    let watched = worker.clone();
    let on_state = Closure::<dyn FnMut()>::new(move || {
        if watched.state() == web_sys::ServiceWorkerState::Installed {
            send(UpdateEvent::Installed);
        }
    });
    worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
    on_state.forget();
}

/// Asks the browser to look for a new `sw.js` every [`CHECK_EVERY_MS`] and when the
/// page becomes visible again. Failures (offline) are ignored: the next check tries
/// again.
fn look_for_updates(registration: web_sys::ServiceWorkerRegistration) {
    let check = move || {
        if let Ok(promise) = registration.update() {
            let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
            let _ = promise.catch(&ignore);
            ignore.forget();
        }
    };
    let periodic = check.clone();
    let on_tick = Closure::<dyn FnMut()>::new(periodic);
    let _ = window().set_interval_with_callback_and_timeout_and_arguments_0(
        on_tick.as_ref().unchecked_ref(),
        i32::try_from(CHECK_EVERY_MS).unwrap_or(i32::MAX),
    );
    on_tick.forget();
    let on_visible = Closure::<dyn FnMut()>::new(move || {
        if !document().hidden() {
            check();
        }
    });
    let _ = document()
        .add_event_listener_with_callback("visibilitychange", on_visible.as_ref().unchecked_ref());
    on_visible.forget();
}

/// Carries out what [`Updates`] asked for.
fn perform(action: UpdateAction) {
    match action {
        UpdateAction::Reload => {
            let _ = window().location().reload();
        }
        UpdateAction::SkipWaiting => {
            let Some(container) = container() else {
                return;
            };
            let on_registration = Closure::<dyn FnMut(JsValue)>::new(move |value: JsValue| {
                let waiting = value
                    .dyn_into::<web_sys::ServiceWorkerRegistration>()
                    .ok()
                    .and_then(|r| r.waiting());
                match waiting {
                    Some(worker) => {
                        let message = js_sys::Object::new();
                        let _ =
                            js_sys::Reflect::set(&message, &"type".into(), &SKIP_WAITING.into());
                        // The reload follows the `controllerchange` this brings.
                        let _ = worker.post_message(&message);
                    }
                    // Nothing waits any more (another tab took it): reload.
                    None => {
                        let _ = window().location().reload();
                    }
                }
            });
            let _ = container.get_registration().then(&on_registration);
            on_registration.forget();
        }
    }
}

/// The offer of a new build: one button, "A new version is ready: reload", shown while
/// [`Updates::offer`] holds.
#[component]
pub fn UpdateOffer(
    /// What [`start`] returned.
    updates: RwSignal<Updates>,
) -> impl IntoView {
    let i18n = use_i18n();
    let choose = move |_| {
        if let Some(action) = updates
            .try_update(|u| u.handle(UpdateEvent::ReloadChosen))
            .flatten()
        {
            perform(action);
        }
    };
    view! {
        <Show when=move || updates.with(Updates::offer)>
            <div class="update-offer">
                <button type="button" class="btn primary" data-testid="update-ready" on:click=choose>
                    {t!(i18n, update_ready)}
                </button>
            </div>
        </Show>
    }
}

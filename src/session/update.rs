//! New builds of the app: when to offer "A new version is ready: reload", and what to
//! do when the player takes it or when the service worker changes under the page.
//!
//! The service worker (`tools/generate-sw.mjs`, Workbox) precaches one build. A newly
//! deployed build's worker installs beside it and *waits*: the page keeps running the
//! old build, served whole by the old worker. [`Updates`] follows what the browser
//! reports ([`UpdateEvent`]) and answers with what the page must do
//! ([`UpdateAction`]): offer the reload, tell the waiting worker to take over
//! (Workbox's `SKIP_WAITING` message), and reload once the new worker controls the page,
//! so that every file of the page comes from one build. No browser code here;
//! `ui::update` registers the worker and forwards its events.

/// How often an open page asks the browser to look for a new build, in milliseconds
/// (it also looks whenever the page becomes visible again).
pub const CHECK_EVERY_MS: u32 = 60 * 60 * 1000;

/// What the browser reports about the page's service workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateEvent {
    /// The registration is known (`navigator.serviceWorker.register` resolved);
    /// `waiting` tells whether a worker of another build already waits (installed
    /// during an earlier visit while a page of the old build stayed open).
    Registered {
        /// `registration.waiting` is set.
        waiting: bool,
    },
    /// A new worker finished installing (its state became `installed`) and waits.
    Installed,
    /// Another worker now controls the page (`controllerchange`).
    ControllerChanged,
    /// The player chose to reload into the new version.
    ReloadChosen,
}

/// What the page must do in answer to an [`UpdateEvent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateAction {
    /// Post `{type: "SKIP_WAITING"}` to the waiting worker, so that it activates.
    SkipWaiting,
    /// Reload the page (`location.reload()`).
    Reload,
}

/// The page's view of its service workers: whether one controls the page, whether a
/// new build waits, whether the player asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Updates {
    controlled: bool,
    waiting: bool,
    chosen: bool,
    reloading: bool,
}

impl Updates {
    /// The state when the page starts; `controlled` is whether a service worker served
    /// it (`navigator.serviceWorker.controller` is set). An uncontrolled page came from
    /// the network (a first visit, or a hard reload), so it is the newest build.
    pub fn new(controlled: bool) -> Updates {
        Updates {
            controlled,
            waiting: false,
            chosen: false,
            reloading: false,
        }
    }

    /// Whether to show the offer (`data-testid="update-ready"`): a new build waits
    /// while the page runs an older one, and the player has not taken it yet.
    pub fn offer(&self) -> bool {
        self.waiting && !self.chosen && !self.reloading
    }

    /// Whether a service worker controls the page (offline play works).
    pub fn controlled(&self) -> bool {
        self.controlled
    }

    /// Takes in `event`; returns what the page must do, if anything.
    ///
    /// - A worker that waits while the page is controlled is a new build: it is
    ///   offered. On a first visit (no controller) the first worker installs, then
    ///   activates and claims the page (Workbox `clientsClaim`): nothing to offer,
    ///   nothing to reload.
    /// - [`UpdateEvent::ReloadChosen`] tells the waiting worker to take over
    ///   ([`UpdateAction::SkipWaiting`]); the reload follows its `controllerchange`.
    ///   With no worker waiting any more, the page just reloads.
    /// - [`UpdateEvent::ControllerChanged`] on a page that had a controller means a new
    ///   build took over (this page's choice or another tab's): the page reloads once,
    ///   since the files it has not loaded yet (the CPU's worker) would now come from
    ///   the new build. The game is saved after every move, so nothing is lost.
    pub fn handle(&mut self, event: UpdateEvent) -> Option<UpdateAction> {
        match event {
            UpdateEvent::Registered { waiting } => {
                self.waiting = waiting && self.controlled;
                None
            }
            UpdateEvent::Installed => {
                if self.controlled {
                    self.waiting = true;
                }
                None
            }
            UpdateEvent::ControllerChanged => {
                if !self.controlled {
                    // The first worker claimed the page.
                    self.controlled = true;
                    return None;
                }
                self.waiting = false;
                self.reload()
            }
            UpdateEvent::ReloadChosen => {
                if self.reloading {
                    return None;
                }
                self.chosen = true;
                if self.waiting {
                    Some(UpdateAction::SkipWaiting)
                } else {
                    self.reload()
                }
            }
        }
    }

    /// [`UpdateAction::Reload`], once.
    fn reload(&mut self) -> Option<UpdateAction> {
        if self.reloading {
            None
        } else {
            self.reloading = true;
            Some(UpdateAction::Reload)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UpdateAction::{Reload, SkipWaiting};
    use UpdateEvent::{ControllerChanged, Installed, Registered, ReloadChosen};

    #[test]
    fn first_visit_installs_and_claims_without_an_offer_or_a_reload() {
        let mut u = Updates::new(false);
        assert_eq!(u.handle(Registered { waiting: false }), None);
        assert_eq!(u.handle(Installed), None);
        assert!(!u.offer());
        assert!(!u.controlled());
        assert_eq!(u.handle(ControllerChanged), None, "the first claim");
        assert!(u.controlled());
        assert!(!u.offer());
    }

    #[test]
    fn a_new_build_installed_while_open_is_offered_and_taken_on_the_players_word() {
        let mut u = Updates::new(true);
        assert_eq!(u.handle(Registered { waiting: false }), None);
        assert!(!u.offer());
        assert_eq!(u.handle(Installed), None);
        assert!(u.offer());
        assert_eq!(u.handle(ReloadChosen), Some(SkipWaiting));
        assert!(!u.offer(), "the offer goes once taken");
        assert_eq!(u.handle(ControllerChanged), Some(Reload));
        assert_eq!(u.handle(ControllerChanged), None, "one reload only");
        assert_eq!(u.handle(ReloadChosen), None);
    }

    #[test]
    fn a_build_already_waiting_at_start_is_offered() {
        let mut u = Updates::new(true);
        u.handle(Registered { waiting: true });
        assert!(u.offer());
        assert_eq!(u.handle(ReloadChosen), Some(SkipWaiting));
    }

    #[test]
    fn an_uncontrolled_page_is_the_newest_build_already() {
        // A hard reload: the page came from the network though a worker waits.
        let mut u = Updates::new(false);
        u.handle(Registered { waiting: true });
        assert!(!u.offer());
    }

    #[test]
    fn another_tab_taking_the_update_reloads_this_one_too() {
        let mut u = Updates::new(true);
        u.handle(Installed);
        assert!(u.offer());
        assert_eq!(u.handle(ControllerChanged), Some(Reload));
        assert!(!u.offer());
    }

    #[test]
    fn choosing_with_nothing_waiting_just_reloads() {
        let mut u = Updates::new(true);
        assert_eq!(u.handle(ReloadChosen), Some(Reload));
        assert_eq!(u.handle(ReloadChosen), None);
    }
}

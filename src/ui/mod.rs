//! The browser UI (Leptos, client-side rendered). Components draw what the session
//! types of [`crate::session`] hold; effects only touch the outside world (storage,
//! timers, the CPU's turn).
//!
//! Where things are: the page and its top bar ([`shell`]), the notices ([`notices`]),
//! the preferences menu ([`prefs`]), the table frame both games share ([`table`]),
//! each game's own parts ([`hasami`], [`yonin`]), games played by link ([`link_play`]),
//! the board ([`board`]), the rules pages' frame ([`rules_page`]), dialogs and small
//! widgets ([`widgets`]), the parts loaded when first used ([`mod@lazy`]), and the
//! browser's services: storage ([`store`]), sound ([`sound`]), the CPU's Web Worker
//! ([`crate::worker`]) and new builds ([`update`]).

pub mod board;
pub mod hasami;
pub mod lazy;
pub mod link_play;
pub mod notices;
pub mod prefs;
pub mod rules_page;
pub mod shell;
pub mod sound;
pub mod store;
pub mod table;
pub mod update;
pub mod widgets;
pub mod yonin;

use crate::session::app::{Motion, Preferences};
use crate::session::feedback;
use crate::session::table::{Table, TableGame};
use leptos::prelude::*;

/// Translations: `build.rs` turns `src/ui/locales/*.json` into one leptos_i18n
/// `declare_locales!` call (keys checked: a missing or extra key in any language fails
/// the build).
#[allow(missing_docs, reason = "generated code")]
mod translations {
    include!(concat!(env!("OUT_DIR"), "/translations.rs"));
}
use translations::i18n;

use i18n::{I18nContextProvider, Locale};

/// The translations of the page, as the components get them (`use_i18n()`).
pub type I18n = leptos_i18n::I18nContext<Locale>;

/// The app's preferences, provided by the shell to the components below it (the
/// tables read the motion choice and keep the settings panel's state), and what saves
/// them after a change.
#[derive(Clone, Copy)]
struct PrefsContext(RwSignal<Preferences>, Callback<()>);

/// Whether the settings panel of a table opens now that the table is shown
/// ([`Preferences::settings_panel_open`]), and what keeps the player's opening or
/// closing of it (saved with the preferences). Without a shell (a test of one
/// component): open as for a new table, and nothing is kept.
pub(crate) fn use_settings_open(game_in_progress: bool) -> (bool, Callback<bool>) {
    let prefs = use_context::<PrefsContext>();
    let open = prefs.map_or(!game_in_progress, |c| {
        c.0.with_untracked(|p| p.settings_panel_open(game_in_progress))
    });
    let keep = Callback::new(move |open: bool| {
        if let Some(PrefsContext(prefs, save)) = prefs {
            prefs.update(|p| p.settings_open = Some(open));
            save.run(());
        }
    });
    (open, keep)
}

/// The player's motion choice (animated unless the preferences say instant; animated
/// when there is no shell, as in a test of one component).
pub(crate) fn use_motion() -> Signal<Motion> {
    let prefs = use_context::<PrefsContext>().map(|c| c.0);
    Signal::derive(move || prefs.map_or(Motion::Animated, |p| p.with(|p| p.motion)))
}

/// Whether the system asks for reduced motion (`prefers-reduced-motion: reduce`);
/// false when the browser cannot tell.
pub(crate) fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Scrolls the page so that `element` is in view, only as far as needed (not at all when
/// it is in view), smoothly unless the player asked for reduced motion.
pub(crate) fn scroll_into_view_nearest(element: &web_sys::Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
    if !reduced_motion() {
        options.set_behavior(web_sys::ScrollBehavior::Smooth);
    }
    element.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Plays the sound of each new move made on this page at `table`, when sound is on.
pub(crate) fn sound_moves<G: TableGame>(table: RwSignal<Table<G>>, prefs: RwSignal<Preferences>) {
    let latest = Memo::new(move |_| table.with(|t| t.move_feedback()));
    Effect::new(move |previous: Option<Option<u64>>| {
        let f = latest.get();
        let id = f.map(|f| f.id);
        if let (Some(f), Some(before)) = (f, previous)
            && before != id
        {
            let on = prefs.with_untracked(|p| p.sound);
            sound::play(feedback::audible(f.sound, on), f.id);
        }
        id
    });
}

/// The plural rules of the languages for leptos_i18n's plural messages: icu_plurals'
/// compiled data (see Cargo.toml for why not leptos_i18n's own).
struct PluralRulesData;

impl leptos_i18n::custom_provider::IcuDataProvider for PluralRulesData {
    fn try_new_plural_rules(
        &self,
        locale: &leptos_i18n::reexports::icu::locid::Locale,
        rule_type: icu_plurals::PluralRuleType,
    ) -> Result<icu_plurals::PluralRules, leptos_i18n::reexports::icu::provider::DataError> {
        let options = icu_plurals::PluralRulesOptions::default().with_type(rule_type);
        icu_plurals::PluralRules::try_new(locale.into(), options)
    }
}

/// Mounts the app on the page body.
pub fn mount() {
    leptos_i18n::custom_provider::set_icu_data_provider(PluralRulesData);
    leptos::mount::mount_to_body(App);
}

#[component]
fn App() -> impl IntoView {
    view! {
        <I18nContextProvider>
            <shell::Shell />
        </I18nContextProvider>
    }
}

//! What the app keeps outside the tables: the preferences (language, the game last
//! played, the colour theme, sound, motion, *confirm moves* and whether the settings
//! panel was left open), saved under [`super::storage::keys::PREFERENCES`].
//!
//! Preferences are read field by field ([`Preferences::read`]): one damaged value falls
//! back to its default and is reported, and every other preference is kept.

pub use super::feedback::Motion;
use super::link_play::{GameId, LinkGames, play_link_game};
use super::notice::Notices;
use super::storage::{self, LoadError, StorageError};
use crate::record::link::{LinkGame, game_of_link};
use serde::{Deserialize, Serialize};

/// The two games of the app.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Hasami Shogi (RULES Part H).
    Hasami,
    /// Yonin Shogi (RULES Part Y).
    Yonin,
}

impl GameKind {
    /// Both games, in the order the app offers them.
    pub const ALL: [GameKind; 2] = [GameKind::Hasami, GameKind::Yonin];
}

/// The colour theme of the page.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Light or dark as the system asks (`prefers-color-scheme`); the default.
    #[default]
    System,
    /// Always the light palette.
    Light,
    /// Always the dark palette.
    Dark,
}

impl Theme {
    /// Every choice, the default first.
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The code of the choice: the `value` of its option in the `theme` select, the
    /// saved value, and (except for `system`) the `data-theme` attribute of the page's
    /// root element that `style/main.css` reads.
    pub const fn code(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme whose [`Theme::code`] is `code`, if any.
    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.code() == code)
    }
}

/// The languages of the app, in the order the `lang` select offers them: the code of
/// each (the name of its translation file `src/ui/locales/CODE.json`, the `value` of
/// its option, the saved preference) and its name in that language. The one list of
/// languages: the select is built from it, a saved language is checked against it,
/// and `tests/translations.rs` checks it against the translation files.
pub const LANGUAGES: [(&str, &str); 5] = [
    ("en", "English"),
    ("pt", "Português"),
    ("es", "Español"),
    ("ru", "Русский"),
    ("ja", "日本語"),
];

/// Whether `code` is the code of one of [`LANGUAGES`].
pub fn is_language(code: &str) -> bool {
    LANGUAGES.iter().any(|(c, _)| *c == code)
}

/// Sentences of language `code` one after the other, as one text: separated by a space,
/// except in Japanese, whose sentences end in 。 and follow each other without one.
pub fn join_sentences(code: &str, sentences: &[&str]) -> String {
    let gap = if code == "ja" { "" } else { " " };
    sentences.join(gap)
}

/// Names of language `code` as one list, `and` (the language's word) before the last:
/// "A, B and C"; Japanese joins them with 、 and と and no spaces ("A、BとC").
pub fn join_names(code: &str, names: &[String], and: &str) -> String {
    let (comma, gap) = if code == "ja" {
        ("、", "")
    } else {
        (", ", " ")
    };
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{gap}{and}{gap}{last}", rest.join(comma)),
    }
}

/// App-wide preferences. Version 1 of the app saved only `locale`; a missing field
/// takes its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Preferences {
    /// Language code (one of [`LANGUAGES`]), or `None` to follow the browser.
    pub locale: Option<String>,
    /// The game last played: the app opens on it. `None`: the app opens on the choice.
    pub game: Option<GameKind>,
    /// The colour theme (default: follow the system).
    pub theme: Theme,
    /// Moves make sounds (default: on).
    pub sound: bool,
    /// How moves are shown (default: animated, unless the system asks for reduced
    /// motion).
    pub motion: Motion,
    /// A chosen move is held until the player confirms it (default: off).
    pub confirm_move: bool,
    /// Whether the player last left the tables' settings panel open (`Some(true)`) or
    /// closed (`Some(false)`); `None` until they open or close it, and then the panel
    /// opens as [`Preferences::settings_panel_open`] decides. Not written while `None`, so
    /// what earlier builds read stays the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings_open: Option<bool>,
    /// The game played by link that was on screen when the page was left, so that a
    /// reload comes back to it (the link's fragment is cleared once read); `None` when
    /// a table or the game choice was on screen. Not written while `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_open: Option<(GameKind, GameId)>,
    /// The link of a game by link new to this device (its payload, `L2…` without `#`)
    /// whose choice of a seat was on screen when the page was left, so that a reload
    /// asks again instead of losing the link (its fragment is cleared once read);
    /// `None` otherwise. Not written while `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_arrived: Option<String>,
    /// The list of games by link was on screen when the page was left, so that a
    /// reload comes back to it. Not written while false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub link_list: bool,
    /// The name the person last gave when taking a seat in a game by link (at most 16
    /// characters, [`crate::session::link_play::short_name`]), offered again for the
    /// next one; empty when none was given. Not written while empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub link_name: String,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            locale: None,
            game: None,
            theme: Theme::System,
            sound: true,
            motion: Motion::Animated,
            confirm_move: false,
            settings_open: None,
            link_open: None,
            link_arrived: None,
            link_list: false,
            link_name: String::new(),
        }
    }
}

/// What went wrong reading the saved preferences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreferencesProblem {
    /// The whole value could not be used (not JSON, not ours, a newer version, no
    /// data): every preference takes its default.
    Unreadable(LoadError),
    /// One preference was damaged (`field`, e.g. `"theme"`): it takes its default, the
    /// others are kept.
    Field {
        /// The name of the preference.
        field: &'static str,
        /// Why it could not be used.
        error: LoadError,
    },
}

/// What a [`PreferencesProblem`] is about, for the notice that tells it: one per
/// preference a player knows, and [`PreferenceTopic::Screen`] for the screen and panel
/// left open (`settings_open`, `link_open`, `link_arrived`, `link_list`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreferenceTopic {
    /// The whole value: every preference takes its default.
    All,
    /// The language (`locale`).
    Language,
    /// The game last chosen (`game`).
    Game,
    /// The colour theme (`theme`).
    Theme,
    /// Sounds (`sound`).
    Sound,
    /// How moves are shown (`motion`).
    Motion,
    /// Confirming a move (`confirm_move`).
    ConfirmMove,
    /// The screen or panel on screen when the page was left: the page opens as it
    /// would without it.
    Screen,
}

impl PreferencesProblem {
    /// What the problem is about. A field this version does not name (none is read
    /// today) is told as [`PreferenceTopic::Screen`], the least a player loses.
    pub fn topic(&self) -> PreferenceTopic {
        match self {
            PreferencesProblem::Unreadable(_) => PreferenceTopic::All,
            PreferencesProblem::Field { field, .. } => match *field {
                "locale" => PreferenceTopic::Language,
                "game" => PreferenceTopic::Game,
                "theme" => PreferenceTopic::Theme,
                "sound" => PreferenceTopic::Sound,
                "motion" => PreferenceTopic::Motion,
                "confirm_move" => PreferenceTopic::ConfirmMove,
                _ => PreferenceTopic::Screen,
            },
        }
    }

    /// The underlying error.
    pub fn error(&self) -> &LoadError {
        match self {
            PreferencesProblem::Unreadable(e) | PreferencesProblem::Field { error: e, .. } => e,
        }
    }
}

/// Reads one field of the preferences' data: `None` when it is absent (or JSON null),
/// an error naming it when it does not parse.
fn field<T: serde::de::DeserializeOwned>(
    data: &serde_json::Map<String, serde_json::Value>,
    name: &'static str,
    problems: &mut Vec<PreferencesProblem>,
) -> Option<T> {
    let value = data.get(name)?;
    if value.is_null() {
        return None;
    }
    match serde_json::from_value(value.clone()) {
        Ok(v) => Some(v),
        Err(e) => {
            problems.push(PreferencesProblem::Field {
                field: name,
                error: LoadError::Corrupt(format!("{name}: {e}")),
            });
            None
        }
    }
}

impl Preferences {
    /// Reads the saved preferences `text` (an envelope of
    /// [`storage::PREFERENCES_VERSION`]) field by field. Never fails: a damaged or
    /// unknown value takes its default and is reported in the list of problems, and
    /// every readable preference is kept. Fields this version does not know are
    /// ignored (a later version may have written them).
    pub fn read(text: &str) -> (Preferences, Vec<PreferencesProblem>) {
        let mut problems = Vec::new();
        let data = match storage::open(text) {
            Ok((version, _)) if version > storage::PREFERENCES_VERSION => {
                Err(LoadError::UnknownVersion(version))
            }
            Ok((_, serde_json::Value::Object(map))) => Ok(map),
            Ok(_) => Err(LoadError::Corrupt("the data is not an object".into())),
            Err(e) => Err(e),
        };
        let data = match data {
            Ok(data) => data,
            Err(e) => {
                problems.push(PreferencesProblem::Unreadable(e));
                return (Preferences::default(), problems);
            }
        };
        let mut prefs = Preferences {
            locale: field::<String>(&data, "locale", &mut problems),
            game: field(&data, "game", &mut problems),
            theme: field(&data, "theme", &mut problems).unwrap_or_default(),
            sound: field(&data, "sound", &mut problems).unwrap_or(true),
            motion: field(&data, "motion", &mut problems).unwrap_or_default(),
            confirm_move: field(&data, "confirm_move", &mut problems).unwrap_or(false),
            settings_open: field(&data, "settings_open", &mut problems),
            link_open: field(&data, "link_open", &mut problems),
            link_arrived: field(&data, "link_arrived", &mut problems),
            link_list: field(&data, "link_list", &mut problems).unwrap_or(false),
            // Only a convenience (the name box filled in): one that does not read is
            // left empty without a notice.
            link_name: data
                .get("link_name")
                .and_then(serde_json::Value::as_str)
                .map(crate::session::link_play::short_name)
                .unwrap_or_default(),
        };
        if let Some(code) = prefs.locale.take() {
            if is_language(&code) {
                prefs.locale = Some(code);
            } else {
                problems.push(PreferencesProblem::Field {
                    field: "locale",
                    error: LoadError::Corrupt(format!("unknown language {code:?}")),
                });
            }
        }
        (prefs, problems)
    }

    /// The preferences as saved: an envelope of [`storage::PREFERENCES_VERSION`].
    pub fn encode(&self) -> String {
        storage::encode(storage::PREFERENCES_VERSION, self)
    }

    /// Whether a table's settings panel is drawn open when the table is shown (the page
    /// opens, or the player switches games): as the player last left it (the field
    /// `settings_open`); until they have opened or closed it, open only
    /// when no game is in progress at that table (`game_in_progress`: begun and not
    /// over), so a new table offers its seats and rules, and on a phone a game in
    /// progress keeps the rules and help near the board.
    pub fn settings_panel_open(&self, game_in_progress: bool) -> bool {
        self.settings_open.unwrap_or(!game_in_progress)
    }

    /// The game by link to show again when the page opens: the one on screen when it
    /// was left ([`Preferences::link_open`]), if this device still holds it in `games`
    /// (it may have been deleted in another tab meanwhile). `None` when the page was
    /// opened with a link that opens a game itself (`arriving`, the address's fragment:
    /// [`Fragment::opens_a_game`]), so that game is shown, not the one left.
    pub fn link_to_reopen(
        &self,
        arriving: &Fragment<'_>,
        games: &LinkGames,
    ) -> Option<(GameKind, GameId)> {
        if arriving.opens_a_game() {
            return None;
        }
        let (game, id) = self.link_open.clone()?;
        games.entry(game, &id).map(|_| (game, id))
    }

    /// The link whose choice of a seat to show again when the page opens
    /// ([`Preferences::link_arrived`]; read again, it may now open the game, if this
    /// device joined it in another tab meanwhile). `None` when the page was opened with
    /// a link that opens a game itself (`arriving`: [`Fragment::opens_a_game`]).
    pub fn link_arrived_to_reopen(&self, arriving: &Fragment<'_>) -> Option<&str> {
        if arriving.opens_a_game() {
            return None;
        }
        self.link_arrived.as_deref()
    }

    /// Whether the list of games by link comes back when the page opens
    /// ([`Preferences::link_list`]); not when the page was opened with a link that
    /// opens a game itself (`arriving`: [`Fragment::opens_a_game`]).
    pub fn link_list_to_reopen(&self, arriving: &Fragment<'_>) -> bool {
        self.link_list && !arriving.opens_a_game()
    }
}

/// What the app (outside a table) tells the player.
#[derive(Clone, Debug, PartialEq)]
pub enum AppNotice {
    /// The saved preferences, or one of them, could not be read; the default is used
    /// for what could not be read, the rest is kept.
    PreferencesUnreadable {
        /// What was damaged ([`PreferencesProblem::topic`]).
        topic: PreferenceTopic,
        /// Why.
        error: LoadError,
        /// Whether the unreadable text was copied aside (under `KEY/unreadable`).
        kept: bool,
    },
    /// The saved games by link could not be read (damaged, not ours, or of a newer
    /// version): the list starts empty on this page, and the unreadable text is copied
    /// aside first, so the next game joined does not lose it.
    LinkGamesUnreadable {
        /// Why.
        error: LoadError,
        /// Whether the unreadable text was copied aside (under `KEY/unreadable`); false
        /// when a copy was already there (it is kept, not overwritten).
        kept: bool,
    },
    /// Something could not be saved (a game, the preferences): the storage is full or
    /// refuses. One notice for every save ([`Notices::save_done`]).
    SaveFailed {
        /// Why (the last failure), for the notice's tooltip.
        error: StorageError,
    },
    /// The page was opened with a fragment shaped like a game link whose tag is no game
    /// of this app ([`Fragment::Foreign`]): nothing was changed.
    ForeignLink {
        /// The fragment's first two characters.
        tag: String,
    },
}

/// What the fragment of the page's address (after `#`) holds for the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fragment<'a> {
    /// Nothing: empty, or not shaped like a game link (an anchor such as
    /// `#rules-capture`). Ignored.
    Nothing,
    /// A game by link (`L` and a version digit, `docs/RECORDS.md` "Link games"): the
    /// payload, without `#`.
    Play(&'a str),
    /// A share link of a game (`H1…`, `Y1…`, any version digit): its game and payload.
    Share(LinkGame, &'a str),
    /// Shaped like a game link, an ASCII letter and a digit first, but the letter names
    /// no link of this app (`#Q1…`): "not a game link of this app", nothing changes.
    Foreign {
        /// The first two characters.
        tag: String,
    },
}

impl Fragment<'_> {
    /// Whether the page opens a game for this fragment: a game by link or a shared
    /// game (shown even when the link cannot be read, with what could be read or why
    /// not); not for nothing or a link of another app.
    pub fn opens_a_game(&self) -> bool {
        matches!(self, Fragment::Play(_) | Fragment::Share(..))
    }
}

/// Reads the fragment of the page's address (`#…`, with or without its `#`).
///
/// ```
/// use shogi_variants::record::link::LinkGame;
/// use shogi_variants::session::app::{Fragment, read_fragment};
/// assert_eq!(read_fragment("#"), Fragment::Nothing);
/// assert_eq!(read_fragment("#rules-capture"), Fragment::Nothing);
/// assert_eq!(read_fragment("#H1IA"), Fragment::Share(LinkGame::Hasami, "H1IA"));
/// assert_eq!(read_fragment("#L2.x"), Fragment::Play("L2.x"));
/// assert_eq!(read_fragment("#Q1abc"), Fragment::Foreign { tag: "Q1".into() });
/// ```
pub fn read_fragment(fragment: &str) -> Fragment<'_> {
    let payload = fragment.strip_prefix('#').unwrap_or(fragment);
    if play_link_game(payload).is_some() {
        return Fragment::Play(payload);
    }
    if let Some(game) = game_of_link(payload) {
        return Fragment::Share(game, payload);
    }
    let mut chars = payload.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), Some(digit)) if letter.is_ascii_alphabetic() && digit.is_ascii_digit() => {
            Fragment::Foreign {
                tag: format!("{letter}{digit}"),
            }
        }
        _ => Fragment::Nothing,
    }
}

impl Notices<AppNotice> {
    /// The result of any save of the app (a table, the preferences) at `now_ms`: a
    /// failure shows the one lasting [`AppNotice::SaveFailed`] (replacing an earlier
    /// one, so it is never shown twice), and a save that works removes it (room was
    /// made: the next saves of the rest will work too).
    pub fn save_done(&mut self, result: Result<(), StorageError>, now_ms: f64) {
        self.remove_where(|n| matches!(n, AppNotice::SaveFailed { .. }));
        if let Err(error) = result {
            self.push(AppNotice::SaveFailed { error }, false, now_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::storage;

    #[test]
    fn a_fragment_with_an_unknown_tag_is_told_and_anchors_are_ignored() {
        assert_eq!(read_fragment(""), Fragment::Nothing);
        assert_eq!(read_fragment("#"), Fragment::Nothing);
        assert_eq!(read_fragment("#rules-capture"), Fragment::Nothing);
        assert_eq!(read_fragment("#top"), Fragment::Nothing);
        assert_eq!(
            read_fragment("#Q1EFhAQ"),
            Fragment::Foreign { tag: "Q1".into() }
        );
        assert_eq!(read_fragment("#x9"), Fragment::Foreign { tag: "x9".into() });
        // L0 is no version of the link games' format.
        assert_eq!(
            read_fragment("#L0.abc"),
            Fragment::Foreign { tag: "L0".into() }
        );
        assert_eq!(
            read_fragment("#Y1EFhAQ"),
            Fragment::Share(LinkGame::Yonin, "Y1EFhAQ")
        );
        assert_eq!(
            read_fragment("L1.AAAAAAAAAq.0.-.-.H1IA"),
            Fragment::Play("L1.AAAAAAAAAq.0.-.-.H1IA")
        );
        assert_eq!(read_fragment("#L9.future"), Fragment::Play("L9.future"));
    }

    fn full(key: &str) -> StorageError {
        StorageError::Write {
            key: key.into(),
            detail: "QuotaExceededError".into(),
        }
    }

    #[test]
    fn failed_saves_show_one_notice_until_a_save_works() {
        let mut n = Notices::<AppNotice>::default();
        n.push(
            AppNotice::PreferencesUnreadable {
                topic: PreferenceTopic::Theme,
                error: LoadError::NotOurs,
                kept: false,
            },
            false,
            0.0,
        );
        // The game's save and the preferences' fail (different keys, different
        // errors): one notice, with the last reason.
        n.save_done(Err(full("shogi-variants/hasami")), 1.0);
        n.save_done(Err(full(storage::keys::PREFERENCES)), 2.0);
        n.save_done(Err(full("shogi-variants/hasami")), 3.0);
        let failed: Vec<_> = n
            .posted()
            .iter()
            .filter(|p| matches!(p.notice, AppNotice::SaveFailed { .. }))
            .collect();
        assert_eq!(failed.len(), 1);
        assert_eq!(
            failed[0].notice,
            AppNotice::SaveFailed {
                error: full("shogi-variants/hasami")
            }
        );
        assert_eq!(failed[0].expires_at, None, "it stays while saves fail");
        // Room is made; the next save of either kind works: the notice goes, the
        // others stay.
        n.save_done(Ok(()), 4.0);
        assert_eq!(n.posted().len(), 1);
        assert!(matches!(
            n.posted()[0].notice,
            AppNotice::PreferencesUnreadable { .. }
        ));
        n.save_done(Ok(()), 5.0);
        assert_eq!(n.posted().len(), 1);
    }

    /// The preference each problem is about, in order (`"all"` for an unreadable value).
    fn problem_fields(problems: &[PreferencesProblem]) -> Vec<&'static str> {
        problems
            .iter()
            .map(|p| match p {
                PreferencesProblem::Field { field, .. } => *field,
                PreferencesProblem::Unreadable(_) => "all",
            })
            .collect()
    }

    #[test]
    fn version_1_preferences_still_read() {
        // As version 1 wrote them (language set to Português).
        let v1 = r#"{"app":"shogi-variants","data":{"locale":"pt"},"version":1}"#;
        let p: Preferences = storage::decode(v1, storage::PREFERENCES_VERSION).unwrap();
        assert_eq!(
            p,
            Preferences {
                locale: Some("pt".into()),
                game: None,
                ..Preferences::default()
            }
        );
        assert_eq!(Preferences::read(v1), (p.clone(), vec![]));
        let again = Preferences {
            game: Some(GameKind::Yonin),
            theme: Theme::Dark,
            ..p
        }
        .encode();
        assert_eq!(
            again,
            r#"{"app":"shogi-variants","data":{"confirm_move":false,"game":"yonin","locale":"pt","motion":"animated","sound":true,"theme":"dark"},"version":1}"#
        );
        assert_eq!(
            Preferences::read(&again).0,
            Preferences {
                locale: Some("pt".into()),
                game: Some(GameKind::Yonin),
                theme: Theme::Dark,
                ..Preferences::default()
            }
        );
    }

    #[test]
    fn a_corrupt_theme_falls_back_and_keeps_the_rest() {
        let text = r#"{"app":"shogi-variants","data":{"game":"yonin","locale":"ru","theme":"purple"},"version":1}"#;
        let (prefs, problems) = Preferences::read(text);
        assert_eq!(
            prefs,
            Preferences {
                locale: Some("ru".into()),
                game: Some(GameKind::Yonin),
                theme: Theme::System,
                ..Preferences::default()
            },
            "the theme falls back to the default, the language and game are kept"
        );
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            matches!(
                &problems[0],
                PreferencesProblem::Field { field: "theme", error: LoadError::Corrupt(m) }
                    if m.contains("purple")
            ),
            "{problems:?}"
        );
        // A theme of the wrong type is reported the same way.
        let (prefs, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"game":"hasami","theme":7},"version":1}"#,
        );
        assert_eq!(prefs.game, Some(GameKind::Hasami));
        assert_eq!(prefs.theme, Theme::System);
        assert!(matches!(
            problems.as_slice(),
            [PreferencesProblem::Field { field: "theme", .. }]
        ));
    }

    #[test]
    fn a_damaged_screen_left_open_is_told_as_such_not_as_the_language() {
        let text = r#"{"app":"shogi-variants","data":{"locale":"es","link_open":[1,2,3],"link_list":"yes","settings_open":4,"link_arrived":5,"motion":0,"sound":"x","confirm_move":[],"theme":1,"game":2},"version":1}"#;
        let (prefs, problems) = Preferences::read(text);
        assert_eq!(prefs.locale.as_deref(), Some("es"), "the language is kept");
        let topics: Vec<(&str, PreferenceTopic)> = problems
            .iter()
            .map(|p| match p {
                PreferencesProblem::Field { field, .. } => (*field, p.topic()),
                PreferencesProblem::Unreadable(_) => ("all", p.topic()),
            })
            .collect();
        assert_eq!(
            topics,
            vec![
                ("game", PreferenceTopic::Game),
                ("theme", PreferenceTopic::Theme),
                ("sound", PreferenceTopic::Sound),
                ("motion", PreferenceTopic::Motion),
                ("confirm_move", PreferenceTopic::ConfirmMove),
                ("settings_open", PreferenceTopic::Screen),
                ("link_open", PreferenceTopic::Screen),
                ("link_arrived", PreferenceTopic::Screen),
                ("link_list", PreferenceTopic::Screen),
            ]
        );
        let (_, problems) =
            Preferences::read(r#"{"app":"shogi-variants","data":{"locale":"xx"},"version":1}"#);
        assert_eq!(problems[0].topic(), PreferenceTopic::Language);
        let (_, problems) = Preferences::read("not json");
        assert_eq!(problems[0].topic(), PreferenceTopic::All);
    }

    #[test]
    fn each_damaged_field_is_reported_alone() {
        let text = r#"{"app":"shogi-variants","data":{"game":"chess","locale":"xx","theme":"light","later":1},"version":1}"#;
        let (prefs, problems) = Preferences::read(text);
        assert_eq!(
            prefs,
            Preferences {
                locale: None,
                game: None,
                theme: Theme::Light,
                ..Preferences::default()
            },
            "the readable theme is kept; an unknown field is ignored"
        );
        assert_eq!(problem_fields(&problems), ["game", "locale"]);
        assert_eq!(
            problems[1].error(),
            &LoadError::Corrupt("unknown language \"xx\"".into())
        );
    }

    #[test]
    fn unreadable_preferences_give_the_defaults() {
        for (text, error) in [
            ("{oops", None),
            (r#"[1]"#, Some(LoadError::NotOurs)),
            (
                r#"{"app":"shogi-variants","data":{},"version":9}"#,
                Some(LoadError::UnknownVersion(9)),
            ),
            (
                r#"{"app":"shogi-variants","data":"dark","version":1}"#,
                Some(LoadError::Corrupt("the data is not an object".into())),
            ),
        ] {
            let (prefs, problems) = Preferences::read(text);
            assert_eq!(prefs, Preferences::default(), "{text}");
            assert_eq!(problems.len(), 1, "{text}");
            match (&problems[0], error) {
                (PreferencesProblem::Unreadable(LoadError::NotJson(_)), None) => {}
                (PreferencesProblem::Unreadable(found), Some(error)) => assert_eq!(found, &error),
                (other, _) => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn sound_motion_and_confirm_are_kept() {
        let prefs = Preferences {
            theme: Theme::Dark,
            sound: false,
            motion: Motion::Instant,
            confirm_move: true,
            ..Preferences::default()
        };
        let text = prefs.encode();
        assert!(
            text.contains(r#""sound":false"#)
                && text.contains(r#""motion":"instant""#)
                && text.contains(r#""confirm_move":true"#),
            "{text}"
        );
        assert_eq!(Preferences::read(&text), (prefs, vec![]));
        // Saved before these preferences existed: sound on, animated, no confirmation.
        let (old, problems) =
            Preferences::read(r#"{"app":"shogi-variants","data":{"theme":"light"},"version":1}"#);
        assert!(problems.is_empty());
        assert!(old.sound && !old.confirm_move);
        assert_eq!(old.motion, Motion::Animated);
    }

    #[test]
    fn a_corrupt_sound_motion_or_confirm_falls_back_and_keeps_the_rest() {
        let text = r#"{"app":"shogi-variants","data":{"confirm_move":"yes","game":"hasami","locale":"ja","motion":"wobbly","sound":"loud","theme":"dark"},"version":1}"#;
        let (prefs, problems) = Preferences::read(text);
        assert_eq!(
            prefs,
            Preferences {
                locale: Some("ja".into()),
                game: Some(GameKind::Hasami),
                theme: Theme::Dark,
                sound: true,
                motion: Motion::Animated,
                confirm_move: false,
                settings_open: None,
                link_open: None,
                link_arrived: None,
                link_list: false,
                link_name: String::new(),
            },
            "the three take their defaults; the language, game and theme are kept"
        );
        assert_eq!(
            problem_fields(&problems),
            ["sound", "motion", "confirm_move"]
        );
        assert!(
            matches!(problems[0].error(), LoadError::Corrupt(m) if m.contains("sound")),
            "{problems:?}"
        );
        // Only the sound damaged: everything else as saved.
        let (prefs, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"motion":"instant","sound":3,"theme":"light"},"version":1}"#,
        );
        assert_eq!(prefs.motion, Motion::Instant);
        assert_eq!(prefs.theme, Theme::Light);
        assert!(prefs.sound, "the default: on");
        assert!(matches!(
            problems.as_slice(),
            [PreferencesProblem::Field { field: "sound", .. }]
        ));
    }

    #[test]
    fn the_name_for_games_by_link_is_kept_and_read_back_short() {
        let prefs = Preferences {
            link_name: "Ana".into(),
            ..Preferences::default()
        };
        let text = prefs.encode();
        assert!(text.contains(r#""link_name":"Ana""#), "{text}");
        assert_eq!(Preferences::read(&text), (prefs, Vec::new()));
        // Not written while empty: what earlier builds read stays the same.
        assert!(!Preferences::default().encode().contains("link_name"));
        // Longer than a seat's name may be: cut as the name box cuts it; not a string:
        // empty, without a notice (a convenience only).
        let (prefs, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"link_name":"Anastasia Petrovna"},"version":1}"#,
        );
        assert_eq!(
            prefs.link_name,
            crate::session::link_play::short_name("Anastasia Petrovna")
        );
        assert_eq!(prefs.link_name.chars().count(), 16);
        assert!(problems.is_empty());
        let (prefs, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"link_name":7,"theme":"dark"},"version":1}"#,
        );
        assert_eq!((prefs.link_name.as_str(), prefs.theme), ("", Theme::Dark));
        assert!(problems.is_empty());
    }

    #[test]
    fn names_are_listed_as_each_language_lists_them() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(join_names("ja", &names(&["西", "北"]), "と"), "西と北");
        assert_eq!(
            join_names("ja", &names(&["西", "北", "東"]), "と"),
            "西、北と東"
        );
        assert_eq!(
            join_names("en", &names(&["West", "North"]), "and"),
            "West and North"
        );
        assert_eq!(
            join_names("ru", &names(&["Запад", "Север", "Восток"]), "и"),
            "Запад, Север и Восток"
        );
        assert_eq!(join_names("pt", &names(&["Sul"]), "e"), "Sul");
        assert_eq!(join_names("es", &[], "y"), "");
    }

    #[test]
    fn sentences_are_joined_with_a_space_except_in_japanese() {
        assert_eq!(
            join_sentences("ja", &["次の対局から適用されます。", "この対局：5枚取り。"]),
            "次の対局から適用されます。この対局：5枚取り。"
        );
        for (code, _) in LANGUAGES.iter().filter(|(c, _)| *c != "ja") {
            assert_eq!(
                join_sentences(code, &["From the next game.", "This game: Capture 5."]),
                "From the next game. This game: Capture 5.",
                "{code}"
            );
        }
        assert_eq!(join_sentences("en", &["One."]), "One.");
    }

    #[test]
    fn every_language_of_the_select_is_read_back() {
        // A saved Japanese choice was once refused as an unknown language.
        for (code, _) in LANGUAGES {
            let saved = Preferences {
                locale: Some(code.to_string()),
                ..Preferences::default()
            }
            .encode();
            let (prefs, problems) = Preferences::read(&saved);
            assert_eq!(prefs.locale.as_deref(), Some(code), "{saved}");
            assert!(problems.is_empty(), "{code}: {problems:?}");
        }
        let ja = r#"{"app":"shogi-variants","data":{"locale":"ja"},"version":1}"#;
        assert_eq!(Preferences::read(ja).0.locale.as_deref(), Some("ja"));
        assert!(is_language("ja"));
        assert!(!is_language("xx"));
        assert!(!is_language(""));
    }

    #[test]
    fn a_reload_comes_back_to_the_choice_of_a_seat_of_a_link_just_opened() {
        let mut prefs = Preferences::default();
        assert_eq!(prefs.link_arrived_to_reopen(&Fragment::Nothing), None);
        assert!(
            !prefs.encode().contains("link_arrived"),
            "not written while none"
        );
        prefs.link_arrived = Some("L2abc".into());
        let (read, problems) = Preferences::read(&prefs.encode());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            read.link_arrived_to_reopen(&Fragment::Nothing),
            Some("L2abc")
        );
        // An anchor, or a link of another app, opens no game: the seat is asked again.
        assert_eq!(
            read.link_arrived_to_reopen(&read_fragment("#rules-capture")),
            Some("L2abc")
        );
        assert_eq!(
            read.link_arrived_to_reopen(&read_fragment("#Q1xyz")),
            Some("L2abc")
        );
        // A link opened with the page is shown instead.
        assert_eq!(
            read.link_arrived_to_reopen(&read_fragment("#L2other")),
            None
        );
        assert_eq!(read.link_arrived_to_reopen(&read_fragment("#H1abc")), None);
        // Damaged: the default, told, the rest kept.
        let (read, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"link_arrived":7,"theme":"dark"},"version":1}"#,
        );
        assert_eq!(read.link_arrived, None);
        assert_eq!(read.theme, Theme::Dark);
        assert_eq!(problem_fields(&problems), ["link_arrived"]);
    }

    #[test]
    fn a_reload_comes_back_to_the_list_of_games_by_link() {
        let mut prefs = Preferences::default();
        assert!(!prefs.link_list_to_reopen(&Fragment::Nothing));
        assert!(
            !prefs.encode().contains("link_list"),
            "not written while false"
        );
        prefs.link_list = true;
        let (read, problems) = Preferences::read(&prefs.encode());
        assert!(problems.is_empty(), "{problems:?}");
        assert!(read.link_list_to_reopen(&Fragment::Nothing));
        assert!(read.link_list_to_reopen(&read_fragment("#rules-capture")));
        assert!(
            !read.link_list_to_reopen(&read_fragment("#L2.x")),
            "a link opens its game"
        );
        assert!(!read.link_list_to_reopen(&read_fragment("#H1IOHqFQCPw")));
        // A damaged value is reported and read as false; the rest is kept.
        let (read, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"link_list":"yes","theme":"dark"},"version":1}"#,
        );
        assert!(!read.link_list);
        assert_eq!(read.theme, Theme::Dark);
        assert_eq!(problem_fields(&problems), ["link_list"]);
    }

    #[test]
    fn a_reload_comes_back_to_the_game_by_link_that_was_on_screen() {
        use crate::session::link_play::LinkEntry;
        let id = GameId::from_bits(0x0123_4567_89ab_cdef);
        let mut games = LinkGames::default();
        let mut prefs = Preferences::default();
        assert_eq!(
            prefs.link_to_reopen(&Fragment::Nothing, &games),
            None,
            "a table was on screen"
        );
        assert!(
            !prefs.encode().contains("link_open"),
            "not written while none"
        );
        prefs.link_open = Some((GameKind::Yonin, id.clone()));
        // Kept across a save and a read.
        let (read, problems) = Preferences::read(&prefs.encode());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(read.link_open, Some((GameKind::Yonin, id.clone())));
        assert_eq!(
            read.link_to_reopen(&Fragment::Nothing, &games),
            None,
            "deleted meanwhile"
        );
        games.upsert(LinkEntry {
            id: id.clone(),
            game: GameKind::Yonin,
            link: String::new(),
            mine: vec![0],
            started_here: true,
            updated_ms: 0.0,
            sent_moves: 0,
            end_sent: false,
            result_closed: false,
        });
        assert_eq!(
            read.link_to_reopen(&Fragment::Nothing, &games),
            Some((GameKind::Yonin, id.clone()))
        );
        // Opened with a link of a game: that game is shown, not the one left; a link
        // of another app or an anchor changes nothing.
        for arriving in ["#H1IOHqFQCPw", "#Y1ECYMlaMQ", "#H1", "#L2.x"] {
            assert_eq!(
                read.link_to_reopen(&read_fragment(arriving), &games),
                None,
                "{arriving}"
            );
        }
        for arriving in ["", "#rules-capture", "#Q1abc"] {
            assert_eq!(
                read.link_to_reopen(&read_fragment(arriving), &games),
                Some((GameKind::Yonin, id.clone())),
                "{arriving}"
            );
        }
        // The same id in the other game is another game.
        prefs.link_open = Some((GameKind::Hasami, id));
        assert_eq!(prefs.link_to_reopen(&Fragment::Nothing, &games), None);
    }

    #[test]
    fn the_settings_panel_opens_for_a_new_game_and_then_as_the_player_left_it() {
        let fresh = Preferences::default();
        assert!(fresh.settings_panel_open(false), "nothing played yet: open");
        assert!(
            !fresh.settings_panel_open(true),
            "a game in progress: closed"
        );
        for (choice, in_progress) in [(true, true), (true, false), (false, true), (false, false)] {
            let prefs = Preferences {
                settings_open: Some(choice),
                ..Preferences::default()
            };
            assert_eq!(
                prefs.settings_panel_open(in_progress),
                choice,
                "left {choice}, game in progress {in_progress}"
            );
        }
    }

    #[test]
    fn the_settings_panel_choice_is_kept_and_older_preferences_have_none() {
        let closed = Preferences {
            settings_open: Some(false),
            ..Preferences::default()
        };
        let text = closed.encode();
        assert!(text.contains(r#""settings_open":false"#), "{text}");
        assert_eq!(Preferences::read(&text), (closed, vec![]));
        // No choice yet: nothing written, so the saved text is what earlier builds wrote.
        assert!(!Preferences::default().encode().contains("settings_open"));
        let (old, problems) =
            Preferences::read(r#"{"app":"shogi-variants","data":{"sound":false},"version":1}"#);
        assert_eq!((old.settings_open, problems), (None, vec![]));
        // A damaged choice is reported alone and taken as no choice.
        let (prefs, problems) = Preferences::read(
            r#"{"app":"shogi-variants","data":{"settings_open":"wide","theme":"dark"},"version":1}"#,
        );
        assert_eq!(prefs.settings_open, None);
        assert_eq!(prefs.theme, Theme::Dark);
        assert_eq!(problem_fields(&problems), ["settings_open"]);
    }

    #[test]
    fn theme_codes_round_trip() {
        for theme in Theme::ALL {
            assert_eq!(Theme::from_code(theme.code()), Some(theme));
            assert_eq!(
                serde_json::to_value(theme).unwrap(),
                serde_json::json!(theme.code())
            );
        }
        assert_eq!(Theme::from_code("sepia"), None);
        assert_eq!(Theme::default(), Theme::System);
    }
}

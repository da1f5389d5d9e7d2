//! The settings panel of a table (RULES H5, Y8): who plays each seat and at which CPU
//! level, the game's local rules (from its [`Screen`]), *alternate who starts*, and the
//! display and time settings every table has. Each change goes to the table whole
//! ([`crate::session::table::Table::set_settings`]).

use super::{I18n, Screen, TableCtx};
use crate::ai::{Level, THINK_TIMES_MS};
use crate::session::table::{Controller, PanelRules, SettingsOf, Table, TimePerMove, ViewMode};
use crate::ui::i18n::{t, t_string};
use leptos::prelude::*;
use strum::IntoEnumIterator;

/// One `<select>` of a panel in a `<label>` of class `class`: `testid`, the label, the
/// choices with their codes (the options' values), their names, the current value and
/// what a choice does.
pub fn select_setting<T: Copy + PartialEq + Send + Sync + 'static>(
    class: &'static str,
    testid: impl Into<String>,
    label: impl IntoView + 'static,
    choices: Vec<(T, String)>,
    name: impl Fn(T) -> String + Copy + Send + Sync + 'static,
    current: impl Fn() -> T + Copy + Send + Sync + 'static,
    set: impl Fn(T) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let codes = choices.clone();
    let testid = testid.into();
    view! {
        <label class=class>
            <span>{label}</span>
            <select
                data-testid=testid
                on:change=move |ev| {
                    let code = event_target_value(&ev);
                    if let Some((v, _)) = codes.iter().find(|(_, c)| *c == code) {
                        set(*v);
                    }
                }
            >
                {choices
                    .into_iter()
                    .map(|(v, code)| {
                        view! {
                            <option value=code selected=move || current() == v>
                                {move || name(v)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// One checkbox of a panel: `testid`, the label, the current value and what a change
/// does.
pub fn checkbox_setting(
    testid: &'static str,
    label: impl IntoView + 'static,
    current: impl Fn() -> bool + Send + Sync + 'static,
    set: impl Fn(bool) + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <label>
            <span>{label}</span>
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=current
                on:change=move |ev| set(event_target_checked(&ev))
            />
        </label>
    }
}

/// Changes the table's settings by `f`.
pub fn edit_settings<G: Screen>(table: RwSignal<Table<G>>, f: impl FnOnce(&mut SettingsOf<G>)) {
    let mut settings = table.with_untracked(|t| *t.settings());
    f(&mut settings);
    table.update(|t| t.set_settings(settings));
}

/// The move limit select (`set-limit`) with the limits the panel offers
/// ([`PanelRules::MOVE_LIMITS`]); `name` names a limit, `get` and `set` read and write
/// it in the rules.
pub fn move_limit_select<G: Screen>(
    ctx: TableCtx<G>,
    name: fn(I18n, u32) -> String,
    get: fn(&G::Rules) -> Option<u32>,
    set: fn(&mut G::Rules, Option<u32>),
) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let choices = <G::Rules as PanelRules>::MOVE_LIMITS
        .iter()
        .map(|&limit| {
            let code = limit.map_or_else(|| "none".to_string(), |n| n.to_string());
            (limit, code)
        })
        .collect();
    select_setting(
        "",
        "set-limit",
        t!(i18n, move_limit),
        choices,
        move |limit: Option<u32>| match limit {
            None => t_string!(i18n, limit_none).to_string(),
            Some(n) => name(i18n, n),
        },
        move || table.with(|t| get(&t.settings().rules)),
        move |limit| edit_settings(table, |s| set(&mut s.rules, limit)),
    )
}

/// The piece style select of game `G` (`testid`, in a label of class `class`): the
/// codes of [`crate::session::table::PieceStyleChoice`], saved with the table.
pub fn piece_style_select<G: Screen>(
    table: RwSignal<Table<G>>,
    class: &'static str,
    testid: &'static str,
    label: impl IntoView + 'static,
) -> impl IntoView {
    use crate::session::table::PieceStyleChoice;
    let i18n = crate::ui::i18n::use_i18n();
    select_setting(
        class,
        testid,
        label,
        G::PieceStyle::ALL
            .iter()
            .map(|&style| (style, style.code().to_string()))
            .collect(),
        move |style| G::style_name(i18n, style),
        move || table.with(|t| t.settings().pieces),
        move |style| edit_settings(table, |s| s.pieces = style),
    )
}

/// The CPU level of a seat, and the think time of the top level, shown while the CPU
/// plays the seat (`level-<seat>`, `think-<seat>`).
fn cpu_level_select<G: Screen>(ctx: TableCtx<G>, seat: G::Seat) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let is_cpu = move || table.with(|t| t.controller(seat) == Controller::Cpu);
    let player = move || table.with(|t| t.participant(seat));
    let set_level = move |level: Level, think_ms: u32| {
        table.update(|t| {
            if let Err(error) = t.set_level(seat, level, think_ms) {
                t.tell_refusal(&error);
            }
        });
    };
    let level_name = move |l: Level| super::review::level_name(i18n, l);
    let seat_key = G::seat_class(seat);
    let level = move || {
        select_setting(
            "sub",
            format!("level-{seat_key}"),
            t!(i18n, cpu_level),
            Level::iter()
                .map(|l| (l, <&'static str>::from(l).to_string()))
                .collect(),
            level_name,
            move || player().level,
            move |level| set_level(level, player().think_ms),
        )
    };
    let think = move || {
        select_setting(
            "sub",
            format!("think-{seat_key}"),
            t!(i18n, think_time),
            THINK_TIMES_MS
                .into_iter()
                .map(|ms| (ms, ms.to_string()))
                .collect(),
            move |ms| t_string!(i18n, seconds, n = ms / 1000).to_string(),
            move || player().think_ms,
            move |ms| set_level(Level::Master, ms),
        )
    };
    view! {
        <Show when=is_cpu>
            {level}
            <Show when=move || player().level == Level::Master>{think}</Show>
        </Show>
    }
}

/// Who plays `seat`: a person or the CPU (`seat-SEAT`), and the CPU's level.
fn seat_setting<G: Screen>(ctx: TableCtx<G>, seat: G::Seat) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let select = select_setting(
        "",
        format!("seat-{}", G::seat_class(seat)),
        move || {
            let name = G::seat_name(i18n, seat);
            t_string!(i18n, seat_of, side = name).to_string()
        },
        vec![
            (Controller::Human, "human".to_string()),
            (Controller::Cpu, "cpu".to_string()),
        ],
        move |c| match c {
            Controller::Human => t_string!(i18n, human).to_string(),
            Controller::Cpu => t_string!(i18n, cpu).to_string(),
        },
        move || table.with(|t| t.controller(seat)),
        move |c| table.update(|t| t.set_controller(seat, c)),
    );
    view! {
        {select}
        {cpu_level_select(ctx, seat)}
    }
}

/// The settings panel (`data-testid="settings"`), open or closed as the player left it
/// or, before that, open only while no game is in progress
/// ([`crate::session::app::Preferences::settings_panel_open`]).
pub fn settings_panel<G: Screen>(ctx: TableCtx<G>) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let shared = move || table.with(|t| t.settings().table);
    let time_name = move |tm: TimePerMove| match tm.millis() {
        None => t_string!(i18n, time_none).to_string(),
        Some(ms) => t_string!(i18n, time_seconds, count = ms / 1000).to_string(),
    };
    // Open or closed as the preferences decide when the table is shown; the player's
    // own opening or closing is kept. The `toggle` event also comes once for the state
    // drawn first: only a change from what is shown is the player's.
    let (open, keep) = crate::ui::use_settings_open(table.with_untracked(|t| t.game_in_progress()));
    let shown = StoredValue::new(open);
    let on_toggle = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(details) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let now = details.has_attribute("open");
        if now != shown.get_value() {
            shown.set_value(now);
            keep.run(now);
        }
    };
    view! {
        <details class="panel" data-testid="settings" open=open on:toggle=on_toggle>
            <summary>{t!(i18n, settings)}</summary>
            <div class="settings">
                <h3>{t!(i18n, seats)}</h3>
                {G::SEATS.iter().map(|&seat| seat_setting(ctx, seat)).collect_view()}
                <h3>{t!(i18n, rules_heading)}</h3>
                {G::rules_settings(ctx)}
                <Show when=move || table.with(|t| t.rules_pending())>
                    <div class="pending" data-testid="rules-pending">
                        {G::rules_pending_note(ctx)}
                    </div>
                </Show>
                {checkbox_setting(
                    "set-alternate",
                    t!(i18n, alternate_who_starts),
                    move || shared().alternate_who_starts,
                    move |on| edit_settings(table, |s| s.table.alternate_who_starts = on),
                )}
                <p class="hint" data-testid="hint-alternate">{G::alternate_hint(i18n)}</p>
                {checkbox_setting(
                    "set-takebacks",
                    t!(i18n, allow_takebacks),
                    move || shared().take_backs,
                    move |on| edit_settings(table, |s| s.table.take_backs = on),
                )}
                <h3>{t!(i18n, site_heading)}</h3>
                {checkbox_setting(
                    "set-show-legal",
                    t!(i18n, show_legal_moves),
                    move || shared().show_legal_moves,
                    move |on| edit_settings(table, |s| s.table.show_legal_moves = on),
                )}
                {select_setting(
                    "",
                    "set-view",
                    t!(i18n, board_view),
                    vec![
                        (ViewMode::Fixed, "fixed".to_string()),
                        (ViewMode::TurnToMove, "turn".to_string()),
                    ],
                    move |v| match v {
                        ViewMode::Fixed => t_string!(i18n, view_fixed).to_string(),
                        ViewMode::TurnToMove => t_string!(i18n, view_turn).to_string(),
                    },
                    move || shared().view,
                    move |v| edit_settings(table, |s| s.table.view = v),
                )}
                {G::display_settings(ctx)}
                {select_setting(
                    "",
                    "set-time",
                    t!(i18n, time_per_move),
                    vec![
                        (TimePerMove::None, "none".to_string()),
                        (TimePerMove::Seconds30, "30".to_string()),
                        (TimePerMove::Seconds60, "60".to_string()),
                    ],
                    time_name,
                    move || shared().time_per_move,
                    move |tm| edit_settings(table, |s| s.table.time_per_move = tm),
                )}
                <p class="hint" data-testid="hint-time">{t!(i18n, hint_time)}</p>
            </div>
        </details>
    }
}

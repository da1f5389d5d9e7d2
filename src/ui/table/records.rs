//! Export and import of a table's game, and its share link: the dialogs, the
//! clipboard, the download, the Web Share API, and the messages for a record or a link
//! that does not read (in the player's language). What a record or a link means is
//! decided by [`crate::record`] and the table ([`Table::open_link`],
//! [`Table::load_game`]); this only draws and talks to the browser.

use super::{I18n, RecordsDialog, Screen, TableCtx};
use crate::record::link::{HeaderField, LinkErrorKind};
use crate::record::text::{ImportError, ImportErrorKind, MAX_RECORD_BYTES, MoveAt};
use crate::session::app::join_sentences;
use crate::session::table::{
    ImportFault, LinkProblem, Table, link_elsewhere_in_text, other_games_record, read_import,
    record_file_name,
};
use crate::ui::i18n::{t, t_string};
use crate::ui::widgets::{Modal, modal_ids};
use leptos::prelude::*;
use leptos_i18n::Locale as _;
use wasm_bindgen::JsCast;

/// Today's date as PGN writes it (`YYYY.MM.DD`), from the browser's clock.
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// The page's address without its fragment, for share links (works under a sub-path).
pub(crate) fn page_url() -> String {
    let location = window().location();
    let href = location.href().unwrap_or_default();
    match href.split_once('#') {
        Some((base, _)) => base.to_string(),
        None => href,
    }
}

/// Whether the browser offers the Web Share API.
pub(crate) fn can_share() -> bool {
    js_sys::Reflect::has(&window().navigator(), &"share".into()).unwrap_or(false)
}

/// Copies `text` to the clipboard; `done` is told whether it worked.
pub(crate) fn copy_text(text: String, done: impl Fn(bool) + 'static) {
    let promise = window().navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        done(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
    });
}

/// Opens the browser's share sheet with `text` or `url` (started from the click itself,
/// as browsers require).
pub(crate) fn share(title: &str, text: Option<&str>, url: Option<&str>) {
    let data = web_sys::ShareData::new();
    data.set_title(title);
    if let Some(text) = text {
        data.set_text(text);
    }
    if let Some(url) = url {
        data.set_url(url);
    }
    let promise = window().navigator().share_with_data(&data);
    // A cancelled share rejects; nothing to tell.
    leptos::task::spawn_local(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    });
}

/// Downloads `text` as the file `name`.
fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document().create_element("a")
        && let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>()
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// The file name of a game's record: `hasami-shogi-2026-12-02.txt`. The game's name is
/// ASCII: `to_ascii_lowercase` keeps Unicode's case tables (about 11 KB) out of the wasm.
fn file_name<G: Screen>(date: &str) -> String {
    let key = G::GAME_NAME.to_ascii_lowercase().replace(' ', "-");
    record_file_name(&key, Some(date))
}

/// The export dialog, or the import dialog that gives a game read to `on_game`; both
/// closed by `on_close`. Each game loads it when first opened ([`Screen::records_dialog`]).
pub fn dialog<G: Screen>(
    ctx: TableCtx<G>,
    dialog: RecordsDialog,
    on_game: Callback<G>,
    on_close: Callback<()>,
) -> AnyView {
    match dialog {
        RecordsDialog::Export => export_dialog(ctx, on_close).into_any(),
        RecordsDialog::Import => import_dialog(ctx, on_game, on_close).into_any(),
    }
}

/// The export dialog (`export-dialog`): the record text (`export-text`) with copy
/// (`export-copy`), download (`export-download`) and share (`export-share`, where the
/// browser has it), and the share link (`share-link`, `share-copy`, `share-send`).
pub fn export_dialog<G: Screen>(ctx: TableCtx<G>, on_close: Callback<()>) -> impl IntoView {
    let TableCtx { table, i18n, .. } = ctx;
    let date = today();
    let (record, link) = table.with_untracked(|t: &Table<G>| {
        // A shared game being looked at is what is exported; else the table's game.
        let game = t.replayed();
        let info = if t.shows_shared() {
            crate::record::text::RecordInfo {
                date: Some(date.clone()),
                players: Vec::new(),
                names: Vec::new(),
            }
        } else {
            t.record_info(Some(date.clone()))
        };
        (
            game.write_record(&info),
            format!("{}#{}", page_url(), game.to_checked_link()),
        )
    });
    let copied = RwSignal::new(None::<(&'static str, bool)>);
    let copy = move |what: &'static str, text: String| {
        copy_text(text, move |ok| copied.set(Some((what, ok))));
    };
    let feedback = move |what: &'static str| {
        move || {
            copied.get().filter(|(w, _)| *w == what).map(|(_, ok)| {
                if ok {
                    t_string!(i18n, copy_done).to_string()
                } else {
                    t_string!(i18n, copy_failed).to_string()
                }
            })
        }
    };
    let sharing = can_share();
    let title = G::GAME_NAME;
    let (record_copy, record_share, record_dl) = (record.clone(), record.clone(), record.clone());
    let (link_copy, link_share) = (link.clone(), link.clone());
    let name = file_name::<G>(&date);
    // Tall enough for the tags and the first lines of moves (with room for the moves'
    // line to wrap), within a phone's height.
    let rows = (record.lines().count() + 3).clamp(8, 14);
    view! {
        <Modal testid="export-dialog" on_escape=on_close>
            <h2 id=modal_ids("export-dialog").0>{t!(i18n, export_title)}</h2>
            <p id=modal_ids("export-dialog").1 class="hint">{t!(i18n, export_hint)}</p>
            <label class="field">
                <span>{t!(i18n, export_record)}</span>
                <textarea data-testid="export-text" readonly rows=rows spellcheck="false">{record}</textarea>
            </label>
            <div class="actions">
                <button type="button" class="btn" data-testid="export-copy"
                    on:click=move |_| copy("record", record_copy.clone())>{t!(i18n, export_copy)}</button>
                <button type="button" class="btn" data-testid="export-download"
                    on:click=move |_| download(&name, &record_dl)>{t!(i18n, export_download)}</button>
                {sharing.then(|| view! {
                    <button type="button" class="btn" data-testid="export-share"
                        on:click=move |_| share(title, Some(&record_share), None)>{t!(i18n, export_share)}</button>
                })}
                <span class="copied" role="status">{feedback("record")}</span>
            </div>
            <label class="field">
                <span>{t!(i18n, share_link_label)}</span>
                <input type="text" data-testid="share-link" readonly prop:value=link.clone()
                    on:focus=move |ev| {
                        if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                            input.select();
                        }
                    } />
            </label>
            <p class="hint">{t!(i18n, share_link_note)}</p>
            <div class="actions">
                <button type="button" class="btn" data-testid="share-copy"
                    on:click=move |_| copy("link", link_copy.clone())>{t!(i18n, share_copy)}</button>
                {sharing.then(|| view! {
                    <button type="button" class="btn" data-testid="share-send"
                        on:click=move |_| share(title, None, Some(&link_share))>{t!(i18n, export_share)}</button>
                })}
                <span class="copied" role="status">{feedback("link")}</span>
                <button type="button" class="btn primary" data-testid="export-close" data-autofocus="true"
                    on:click=move |_| on_close.run(())>{t!(i18n, close)}</button>
            </div>
        </Modal>
    }
}

/// Where a record went wrong, in words: "Line 3, column 7 · move 12 (White): ".
fn import_place<G: Screen>(i18n: I18n, e: &ImportError<G>) -> String {
    let mut place = Vec::new();
    if let Some(line) = e.line {
        place.push(match e.column {
            Some(column) => {
                t_string!(i18n, err_line_column, line = line, column = column).to_string()
            }
            None => t_string!(i18n, err_line, line = line).to_string(),
        });
    }
    if let Some(at) = &e.at_move {
        place.push(match at.seat {
            Some(seat) => t_string!(
                i18n,
                err_move_seat,
                n = at.number,
                seat = G::seat_name(i18n, seat)
            )
            .to_string(),
            None => t_string!(i18n, err_move, n = at.number).to_string(),
        });
    }
    if place.is_empty() {
        String::new()
    } else {
        format!("{}: ", place.join(" · "))
    }
}

/// What is wrong with a record, in the player's language (details the engine gives,
/// such as why a move is illegal, stay in English).
fn import_kind<G: Screen>(i18n: I18n, e: &ImportError<G>) -> String {
    use ImportErrorKind as K;
    match &e.kind {
        K::TooLarge { bytes, max } => {
            t_string!(i18n, err_too_large, bytes = *bytes, max = *max).to_string()
        }
        K::NotUtf8 { byte } => t_string!(i18n, err_not_utf8, byte = *byte).to_string(),
        K::Empty => t_string!(i18n, err_empty).to_string(),
        K::WrongGame { found } => {
            t_string!(i18n, err_wrong_game, found = found.clone()).to_string()
        }
        K::TagSyntax { .. } => t_string!(i18n, err_tag_syntax).to_string(),
        K::DuplicateTag { name } => t_string!(i18n, err_duplicate_tag, name = *name).to_string(),
        K::TagAfterMoves { name } => {
            t_string!(i18n, err_tag_after_moves, name = name.clone()).to_string()
        }
        K::BadTagValue { tag, value } => {
            t_string!(i18n, err_bad_tag_value, tag = *tag, value = value.clone()).to_string()
        }
        K::BadRules { problem } => {
            t_string!(i18n, err_bad_rules, detail = problem.to_string()).to_string()
        }
        K::BadPosition { error } => {
            t_string!(i18n, err_bad_position, detail = error.to_string()).to_string()
        }
        K::StartConflict { start, position } => t_string!(
            i18n,
            err_start_conflict,
            start = G::seat_name(i18n, *start),
            position = G::seat_name(i18n, *position)
        )
        .to_string(),
        K::RulesConflict { .. } => t_string!(i18n, err_rules_conflict).to_string(),
        K::BadMove { text } => t_string!(i18n, err_bad_move, text = text.clone()).to_string(),
        K::SeatMismatch { expected, found } => t_string!(
            i18n,
            err_seat_mismatch,
            found = G::seat_name(i18n, *found),
            expected = G::seat_name(i18n, *expected)
        )
        .to_string(),
        K::IllegalMove { text, reason } => t_string!(
            i18n,
            err_illegal_move,
            text = text.clone(),
            detail = G::play_error_text(i18n, reason)
        )
        .to_string(),
        K::MoveAfterEnd { text } => {
            t_string!(i18n, err_move_after_end, text = text.clone()).to_string()
        }
        K::AfterResult { text } => {
            t_string!(i18n, err_after_result, text = text.clone()).to_string()
        }
        K::UnclosedComment => t_string!(i18n, err_unclosed_comment).to_string(),
        K::MissingTag { tag } => t_string!(i18n, err_missing_tag, tag = *tag).to_string(),
        K::ResultMismatch {
            tag,
            written,
            actual,
        } => t_string!(
            i18n,
            err_result_mismatch,
            tag = *tag,
            written = written.clone(),
            actual = actual.clone()
        )
        .to_string(),
        K::ResultConflict { tag, mark } => t_string!(
            i18n,
            err_result_conflict,
            tag = tag.clone(),
            mark = mark.clone()
        )
        .to_string(),
    }
}

/// The whole message of a record that does not read.
pub fn import_error_text<G: Screen>(i18n: I18n, e: &ImportError<G>) -> String {
    let text = format!(
        "{}{}",
        import_place::<G>(i18n, e),
        import_kind::<G>(i18n, e)
    );
    if !e.kind.cut_short() {
        return text;
    }
    let hint = t_string!(i18n, err_cut_short).to_string();
    join_sentences(i18n.get_locale().as_str(), &[text.as_str(), hint.as_str()])
}

/// What is wrong with a share link, in the player's language.
pub(crate) fn link_kind(i18n: I18n, kind: &LinkErrorKind) -> String {
    use LinkErrorKind as K;
    match kind {
        K::Empty => t_string!(i18n, link_err_empty).to_string(),
        K::Foreign { .. } => t_string!(i18n, link_err_foreign).to_string(),
        K::WrongGame { found } => {
            t_string!(i18n, link_err_wrong_game, found = found.to_string()).to_string()
        }
        K::NewerVersion { .. } => t_string!(i18n, link_err_newer).to_string(),
        K::Damaged => t_string!(i18n, link_err_damaged).to_string(),
        K::BadCharacter {
            position,
            character,
        } => t_string!(
            i18n,
            link_err_bad_char,
            position = *position,
            character = character.to_string()
        )
        .to_string(),
        K::BadHeader { field } => {
            let field = match field {
                HeaderField::WinCondition => t_string!(i18n, win_condition).to_string(),
                HeaderField::MoveLimit => t_string!(i18n, move_limit).to_string(),
                HeaderField::Resignation => t_string!(i18n, resign).to_string(),
                HeaderField::StartPosition | HeaderField::MoveCount => field.to_string(),
            };
            t_string!(i18n, link_err_bad_header, detail = field).to_string()
        }
        K::BadPosition { reason } => {
            t_string!(i18n, err_bad_position, detail = reason.clone()).to_string()
        }
        K::Truncated => t_string!(i18n, link_err_truncated).to_string(),
        K::TooLong => t_string!(i18n, link_err_too_long).to_string(),
        K::IndexOutOfRange { index, count } => {
            t_string!(i18n, link_err_index, index = *index, count = *count).to_string()
        }
        K::AfterEnd => t_string!(i18n, link_err_after_end).to_string(),
        K::Illegal { mv, reason } => t_string!(
            i18n,
            err_illegal_move,
            text = mv.clone(),
            detail = reason.clone()
        )
        .to_string(),
        K::ResignedAfterEnd => t_string!(i18n, link_err_resigned).to_string(),
    }
}

/// `text` with its first letter in capitals (a place that starts a sentence).
pub(crate) use crate::session::capitals::capitalized;

/// The notice of a share link that could not be opened.
pub fn link_problem_text<G: Screen>(i18n: I18n, p: &LinkProblem<G::Seat>) -> String {
    let place = match (p.at_move, p.seat) {
        (Some(n), Some(seat)) => format!(
            "{}: ",
            capitalized(
                &t_string!(i18n, err_move_seat, n = n, seat = G::seat_name(i18n, seat)).to_string()
            )
        ),
        (Some(n), None) => format!(
            "{}: ",
            capitalized(&t_string!(i18n, err_move, n = n).to_string())
        ),
        (None, _) => String::new(),
    };
    let damaged = t_string!(i18n, link_damaged).to_string();
    let what = format!("{place}{}", link_kind(i18n, &p.kind));
    let shown = match p.last_shown {
        Some(MoveAt {
            number,
            seat: Some(seat),
            ..
        }) => {
            let seat = G::seat_name(i18n, seat);
            t_string!(i18n, link_shown, n = number, seat = seat).to_string()
        }
        _ => String::new(),
    };
    let sentences: Vec<&str> = [damaged.as_str(), what.as_str(), shown.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    // One text: Japanese puts no space after 。 ([`join_sentences`]).
    join_sentences(i18n.get_locale().as_str(), &sentences)
}

/// The import dialog (`import-dialog`): paste a record or a position (`import-text`)
/// or open a file (`import-file`), then load it (`import-submit`); a record that does
/// not read says why (`import-error`) and offers its good moves (`import-partial`).
/// `on_game` gets the game read; nothing changes before.
pub fn import_dialog<G: Screen>(
    ctx: TableCtx<G>,
    on_game: Callback<G>,
    on_close: Callback<()>,
) -> impl IntoView {
    let TableCtx { i18n, .. } = ctx;
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<ImportFault<G>>);
    let read = move |bytes: &[u8]| {
        // A game by link's link (opened on its screen) or the other game's share link
        // (opened at its table), as from the address bar.
        if let Some(payload) = std::str::from_utf8(bytes)
            .ok()
            .and_then(link_elsewhere_in_text::<G>)
        {
            on_close.run(());
            let _ = window().location().set_hash(payload);
            return;
        }
        match read_import::<G>(bytes) {
            Ok(game) => {
                error.set(None);
                on_game.run(game);
            }
            // A record of the other game opens at its table, as its share link.
            Err(ImportFault::Record(ImportError {
                kind: ImportErrorKind::WrongGame { .. },
                ..
            })) if let Some(payload) = other_games_record::<G>(bytes) => {
                on_close.run(());
                let _ = window().location().set_hash(&payload);
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let submit = move |_| {
        let t = text.get_untracked();
        read(t.as_bytes());
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        // Refused before reading when too large, as the reader refuses a long text.
        if file.size() > MAX_RECORD_BYTES as f64 {
            error.set(Some(ImportFault::Record(ImportError {
                line: None,
                column: None,
                at_move: None,
                kind: ImportErrorKind::TooLarge {
                    bytes: file.size() as usize,
                    max: MAX_RECORD_BYTES,
                },
                good: None,
            })));
            return;
        }
        let promise = file.array_buffer();
        leptos::task::spawn_local(async move {
            if let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(promise).await {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                text.set(String::from_utf8_lossy(&bytes).into_owned());
                read(&bytes);
            }
        });
    };
    let message = move || {
        error.with(|e| {
            e.as_ref().map(|e| match e {
                ImportFault::Record(e) => import_error_text::<G>(i18n, e),
                ImportFault::Link(p) => link_problem_text::<G>(i18n, p),
            })
        })
    };
    // "Load up to move N (seat)": the last good move, numbered as the error numbers
    // the fault.
    let partial = move || {
        error.with(|e| {
            let Some(ImportFault::Record(e)) = e else {
                return None;
            };
            let at = e.last_good()?;
            let seat = G::seat_name(i18n, at.seat?);
            Some(t_string!(i18n, import_partial, n = at.number, seat = seat).to_string())
        })
    };
    view! {
        <Modal testid="import-dialog" on_escape=on_close>
            <h2 id=modal_ids("import-dialog").0>{t!(i18n, import_title)}</h2>
            <p id=modal_ids("import-dialog").1 class="hint">{t!(i18n, import_hint)}</p>
            <label class="field">
                <span>{t!(i18n, import_text_label)}</span>
                <textarea data-testid="import-text" rows="8" spellcheck="false" data-autofocus="true"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            </label>
            // The browser's own file button speaks the browser's language, not the
            // app's: a button of ours, the input inside it (still reached by Tab).
            <div class="field">
                <label class="btn file-btn">
                    <input type="file" class="visually-hidden" data-testid="import-file"
                        accept=".txt,text/plain" on:change=on_file />
                    {t!(i18n, import_file)}
                </label>
            </div>
            <Show when=move || error.with(|e| e.is_some())>
                <p class="error" role="alert" data-testid="import-error">{message}</p>
            </Show>
            <div class="actions">
                <button type="button" class="btn primary" data-testid="import-submit" on:click=submit>
                    {t!(i18n, import_submit)}
                </button>
                <Show when=move || partial().is_some()>
                    <button type="button" class="btn" data-testid="import-partial"
                        on:click=move |_| {
                            let good = error.with_untracked(|e| match e {
                                Some(ImportFault::Record(e)) => e.good.as_deref().cloned(),
                                _ => None,
                            });
                            if let Some(game) = good {
                                on_game.run(game);
                            }
                        }>
                        {partial}
                    </button>
                </Show>
                <button type="button" class="btn" data-testid="import-close" on:click=move |_| on_close.run(())>
                    {t!(i18n, close)}
                </button>
            </div>
        </Modal>
    }
}

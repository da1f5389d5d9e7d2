//! Move sounds, synthesized with the Web Audio API (no sound files): a short tick for a
//! move, a lower knock for a capture, two rising beeps for a check, three notes for the
//! end of a game.
//!
//! Browsers let a page make sound only after the player did something on it, so the
//! audio context is created on the first click, tap or key press ([`unlock`]) and never
//! before: a CPU move before any gesture is silent. Without Web Audio (an old browser,
//! audio blocked) every call does nothing; nothing here panics.

use crate::session::feedback::MoveSound;
use std::cell::RefCell;
use web_sys::{AudioContext, AudioContextState, OscillatorType};

thread_local! {
    /// The page's audio context, once a gesture created it (`None` before, or when the
    /// browser has no Web Audio).
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Creates the audio context if there is none yet, or resumes it if the browser
/// suspended it. Call from a user gesture (a click, tap or key press) so the browser
/// allows sound.
pub fn unlock() {
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = AudioContext::new().ok();
        }
        if let Some(ctx) = cell.as_ref()
            && ctx.state() == AudioContextState::Suspended
        {
            let _ = ctx.resume();
        }
    });
}

/// One tone: a `kind` oscillator gliding from `from_hz` to `to_hz`, starting `at`
/// seconds from now and lasting `secs` seconds, at peak volume `volume` (0 to 1), with
/// a fast attack and an exponential fade.
struct Tone {
    kind: OscillatorType,
    from_hz: f32,
    to_hz: f32,
    at: f64,
    secs: f64,
    volume: f32,
}

/// Schedules `tone` on `ctx`. Errors (a closed context) are ignored.
fn schedule(ctx: &AudioContext, tone: &Tone) -> Result<(), wasm_bindgen::JsValue> {
    let start = ctx.current_time() + tone.at;
    let end = start + tone.secs;
    let osc = ctx.create_oscillator()?;
    osc.set_type(tone.kind);
    let freq = osc.frequency();
    freq.set_value_at_time(tone.from_hz, start)?;
    freq.exponential_ramp_to_value_at_time(tone.to_hz, end)?;
    let gain = ctx.create_gain()?;
    let level = gain.gain();
    level.set_value_at_time(0.0001, start)?;
    level.exponential_ramp_to_value_at_time(tone.volume, start + 0.008)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start_with_when(start)?;
    osc.stop_with_when(end + 0.02)?;
    Ok(())
}

/// The tones of `sound`.
fn tones(sound: MoveSound) -> Vec<Tone> {
    let tone = |kind, from_hz, to_hz, at, secs, volume| Tone {
        kind,
        from_hz,
        to_hz,
        at,
        secs,
        volume,
    };
    match sound {
        MoveSound::None => Vec::new(),
        MoveSound::Move => vec![tone(
            OscillatorType::Triangle,
            520.0,
            300.0,
            0.0,
            0.07,
            0.25,
        )],
        MoveSound::Capture => vec![
            tone(OscillatorType::Triangle, 520.0, 300.0, 0.0, 0.06, 0.25),
            tone(OscillatorType::Square, 220.0, 110.0, 0.05, 0.14, 0.12),
        ],
        MoveSound::Check => vec![
            tone(OscillatorType::Sine, 660.0, 660.0, 0.0, 0.09, 0.22),
            tone(OscillatorType::Sine, 880.0, 880.0, 0.11, 0.12, 0.22),
        ],
        MoveSound::End => vec![
            tone(OscillatorType::Sine, 523.0, 523.0, 0.0, 0.14, 0.22),
            tone(OscillatorType::Sine, 659.0, 659.0, 0.14, 0.14, 0.22),
            tone(OscillatorType::Sine, 784.0, 784.0, 0.28, 0.3, 0.22),
        ],
    }
}

/// The name of `sound` for the page's `data-last-sound` attribute (a test hook).
const fn name(sound: MoveSound) -> &'static str {
    match sound {
        MoveSound::None => "none",
        MoveSound::Move => "move",
        MoveSound::Capture => "capture",
        MoveSound::Check => "check",
        MoveSound::End => "end",
    }
}

/// Plays `sound` for the move numbered `id` on its table ([`MoveFeedback::id`]) if an
/// audio context exists (see [`unlock`]), and writes `KIND-ID` (e.g. `capture-3`) in
/// the `data-last-sound` attribute of the page's root element, so tests can tell what
/// was played. [`MoveSound::None`] does nothing.
///
/// [`MoveFeedback::id`]: crate::session::feedback::MoveFeedback::id
pub fn play(sound: MoveSound, id: u64) {
    if sound == MoveSound::None {
        return;
    }
    if let Some(root) = leptos::prelude::document().document_element() {
        let _ = root.set_attribute("data-last-sound", &format!("{}-{id}", name(sound)));
    }
    CONTEXT.with(|cell| {
        if let Some(ctx) = cell.borrow().as_ref()
            && ctx.state() != AudioContextState::Closed
        {
            for tone in tones(sound) {
                if schedule(ctx, &tone).is_err() {
                    break;
                }
            }
        }
    });
}

//! The messages between a page and the CPU's Web Worker, and what the worker does with
//! a request. Plain serde types and pure functions, tested natively; the browser side
//! (spawning the worker, posting the text, terminating it) is in `ui::worker`.
//!
//! The page sends a [`CpuJob`] as JSON text: which game, the game as its record
//! ([`crate::engine::Variant::record`]), the level, think time and seed of the
//! [`CpuRequest`] it answers, and the request's id and revision. The worker replays the
//! record, thinks ([`answer`], with a clock reading its own `performance.now()`) and
//! sends back a [`CpuReply`] as JSON text: the same id and revision and either the move
//! in notation or a [`CpuError`]. A request the worker cannot read (not JSON, another
//! [`PROTOCOL`], a record that does not replay, a finished game) gets an error answer,
//! never a panic ([`answer_text`]).

use crate::ai::{Clock, Level, THINK_TIMES_MS, Think};
use crate::engine::{Variant, hasami, yonin};
use crate::session::table::{CpuRequest, Revision, TableGame};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The version of the messages. A worker of another build (say, a page left open
/// across an update of the site, which spawns the new worker) answers a job of another
/// version with [`CpuError::Protocol`] instead of misreading it.
pub const PROTOCOL: u32 = 1;

/// The game a job is about, as its record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "record", rename_all = "snake_case")]
pub enum JobGame {
    /// A game of Hasami Shogi.
    Hasami(hasami::GameRecord),
    /// A game of Yonin Shogi.
    Yonin(yonin::GameRecord),
}

/// A game the CPU's worker can think about: how it travels in a [`CpuJob`].
pub trait WorkerGame: TableGame {
    /// This game as the record a job carries.
    fn job_game(&self) -> JobGame;
}

impl WorkerGame for hasami::Game {
    fn job_game(&self) -> JobGame {
        JobGame::Hasami(self.record())
    }
}

impl WorkerGame for yonin::Game {
    fn job_game(&self) -> JobGame {
        JobGame::Yonin(self.record())
    }
}

/// A request for the worker: think about `game` and answer the move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuJob {
    /// [`PROTOCOL`] of the page that sent it.
    pub protocol: u32,
    /// The id of the [`CpuRequest`] (the answer carries it back).
    pub id: u64,
    /// The revision of the table the answer is for.
    pub revision: Revision,
    /// The game, to be replayed by the worker.
    pub game: JobGame,
    /// The level the CPU plays at.
    pub level: Level,
    /// Think time of the top level, in milliseconds (one of [`THINK_TIMES_MS`]).
    pub think_ms: u32,
    /// The seed of the search.
    pub seed: u64,
}

impl CpuJob {
    /// The job that answers `request`.
    pub fn for_request<G: WorkerGame>(request: &CpuRequest<G>) -> CpuJob {
        CpuJob {
            protocol: PROTOCOL,
            id: request.id,
            revision: request.revision,
            game: request.game.job_game(),
            level: request.level,
            think_ms: request.think_ms,
            seed: request.seed,
        }
    }

    /// The job as the JSON text posted to the worker.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Why the worker gave no move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CpuError {
    /// The request (or the reply, on the page's side) could not be read.
    Malformed(String),
    /// The request is of another version of the messages.
    Protocol {
        /// The version found.
        found: u32,
        /// The version this side speaks.
        expected: u32,
    },
    /// The game's record does not replay.
    Record(String),
    /// The think time is not one of those offered.
    ThinkTime(u32),
    /// The game is over: there is no move to make.
    NoMove,
    /// The worker failed (did not start, stopped on an error); filled in by the page.
    Failed(String),
}

impl fmt::Display for CpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CpuError::Malformed(why) => write!(f, "malformed message: {why}"),
            CpuError::Protocol { found, expected } => {
                write!(f, "message version {found}, expected {expected}")
            }
            CpuError::Record(why) => write!(f, "the game does not replay: {why}"),
            CpuError::ThinkTime(ms) => write!(f, "think time {ms} ms is not offered"),
            CpuError::NoMove => f.write_str("the game is over"),
            CpuError::Failed(why) => write!(f, "the CPU's worker failed: {why}"),
        }
    }
}

impl std::error::Error for CpuError {}

/// The worker's answer to a [`CpuJob`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuReply {
    /// The job's id, when the job could be read that far.
    pub id: Option<u64>,
    /// The job's revision, when the job could be read that far.
    pub revision: Option<Revision>,
    /// The move in the game's notation, or why there is none.
    pub answer: Result<String, CpuError>,
    /// The work the search did for the move: Hasami nodes, Yonin work units (module
    /// docs of `ai::hasami` and `ai::yonin`); `None` without a move. For measurements
    /// (`tests/e2e/cpu.rs`, `measure_think_per_level`); the page does not use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work: Option<u64>,
}

impl CpuReply {
    /// The reply as the JSON text posted back to the page.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a reply posted by the worker; unreadable text gives a reply with no id
    /// and a [`CpuError::Malformed`] answer.
    pub fn from_json(text: &str) -> CpuReply {
        serde_json::from_str(text).unwrap_or_else(|e| CpuReply {
            id: None,
            revision: None,
            answer: Err(CpuError::Malformed(e.to_string())),
            work: None,
        })
    }

    /// The move of game `G` answered, read from its notation.
    ///
    /// # Errors
    /// The worker's [`CpuError`], or [`CpuError::Malformed`] when the notation is not a
    /// move of `G`.
    pub fn move_of<G: Variant>(&self) -> Result<G::Move, CpuError> {
        let text = self.answer.as_ref().map_err(Clone::clone)?;
        text.parse::<G::Move>()
            .map_err(|_| CpuError::Malformed(format!("{text:?} is not a move")))
    }
}

/// What the worker does with a job: replays the game, thinks at the job's level (bounded
/// in wall time by `clock` if given, in nodes otherwise) and answers the move. Never
/// panics on a bad job.
pub fn answer(job: &CpuJob, clock: Option<&dyn Clock>) -> CpuReply {
    fn think<G: Variant + TableGame>(
        record: &G::Record,
        job: &CpuJob,
        clock: Option<&dyn Clock>,
    ) -> Result<(String, u64), CpuError> {
        let game = G::from_record(record).map_err(|e| CpuError::Record(e.to_string()))?;
        if game.is_over() {
            return Err(CpuError::NoMove);
        }
        let think = Think {
            level: job.level,
            think_ms: job.think_ms,
            seed: job.seed,
            clock,
        };
        game.cpu_analysis(&think)
            .map(|(mv, work)| (mv.to_string(), work))
            .ok_or(CpuError::NoMove)
    }
    let answer: Result<(String, u64), CpuError> = if job.protocol != PROTOCOL {
        Err(CpuError::Protocol {
            found: job.protocol,
            expected: PROTOCOL,
        })
    } else if !THINK_TIMES_MS.contains(&job.think_ms) {
        Err(CpuError::ThinkTime(job.think_ms))
    } else {
        match &job.game {
            JobGame::Hasami(record) => think::<hasami::Game>(record, job, clock),
            JobGame::Yonin(record) => think::<yonin::Game>(record, job, clock),
        }
    };
    let work = answer.as_ref().ok().map(|&(_, work)| work);
    CpuReply {
        id: Some(job.id),
        revision: Some(job.revision),
        answer: answer.map(|(mv, _)| mv),
        work,
    }
}

/// [`answer`] for a job posted as JSON text: the worker's whole handling of a message.
/// Text that is not a job gets a [`CpuError::Malformed`] (or [`CpuError::Protocol`])
/// answer that still carries the job's id and revision when they can be read.
pub fn answer_text(text: &str, clock: Option<&dyn Clock>) -> CpuReply {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return CpuReply {
                id: None,
                revision: None,
                answer: Err(CpuError::Malformed(e.to_string())),
                work: None,
            };
        }
    };
    let id = value.get("id").and_then(serde_json::Value::as_u64);
    let revision = value
        .get("revision")
        .and_then(|r| serde_json::from_value::<Revision>(r.clone()).ok());
    let protocol = value.get("protocol").and_then(serde_json::Value::as_u64);
    if let Some(found) = protocol.filter(|&p| p != u64::from(PROTOCOL)) {
        return CpuReply {
            id,
            revision,
            answer: Err(CpuError::Protocol {
                found: u32::try_from(found).unwrap_or(u32::MAX),
                expected: PROTOCOL,
            }),
            work: None,
        };
    }
    match serde_json::from_value::<CpuJob>(value) {
        Ok(job) => answer(&job, clock),
        Err(e) => CpuReply {
            id,
            revision,
            answer: Err(CpuError::Malformed(e.to_string())),
            work: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::table::Table;

    /// The request a new table makes once the CPU is to move: `moves` are played by
    /// hand first, then the first legal move while a person is to move (the first seat
    /// is a person, the others the CPU). At the beginner level, for speed.
    fn request_after<G: WorkerGame>(moves: &[&str]) -> CpuRequest<G> {
        let mut game = G::next_game(&Default::default(), None, false);
        for m in moves {
            let mv: G::Move = m.parse().unwrap_or_else(|_| panic!("{m}"));
            game.play(mv).expect("legal");
        }
        let mut table = Table::<G>::new(Default::default(), 7);
        while game.side_to_move() == Some(G::SEATS[0]) {
            let mv = game.legal_moves()[0];
            game.play(mv).expect("legal");
        }
        let mut saved = table.saved();
        saved.game = game;
        table = Table::restore(saved, 7);
        table.set_leader(true);
        let mut request = table.cpu_request().expect("the CPU is to move").clone();
        request.level = Level::Beginner;
        request
    }

    fn round_trip<G: WorkerGame>(moves: &[&str]) {
        round_trip_at::<G>(moves, Level::Beginner);
    }

    fn round_trip_at<G: WorkerGame>(moves: &[&str], level: Level) {
        let mut request = request_after::<G>(moves);
        request.level = level;
        let job = CpuJob::for_request(&request);
        let text = job.to_json();
        assert_eq!(
            serde_json::from_str::<CpuJob>(&text).expect("reads back"),
            job
        );
        let reply = CpuReply::from_json(&answer_text(&text, None).to_json());
        assert_eq!(reply.id, Some(request.id));
        assert_eq!(reply.revision, Some(request.revision));
        let mv = reply.move_of::<G>().expect("a move");
        assert!(request.game.legal_moves().contains(&mv), "{mv} is legal");
        // The same move as thinking on the page (same game, level and seed).
        assert_eq!(Some(mv), request.think(None));
        // The work the search did, as the same search reports it on the page.
        let think = Think {
            level: job.level,
            think_ms: job.think_ms,
            seed: job.seed,
            clock: None,
        };
        let (_, work) = request.game.cpu_analysis(&think).expect("a move");
        assert!(work > 0, "{level:?}");
        assert_eq!(reply.work, Some(work));
    }

    #[test]
    fn hasami_job_round_trip() {
        round_trip::<hasami::Game>(&["e1e5"]);
    }

    #[test]
    fn a_novice_job_is_answered_as_on_the_page() {
        round_trip_at::<hasami::Game>(&["e1e5"], Level::Novice);
        round_trip_at::<yonin::Game>(&[], Level::Novice);
        let request = request_after::<hasami::Game>(&["e1e5"]);
        let job = CpuJob {
            level: Level::Novice,
            ..CpuJob::for_request(&request)
        };
        assert!(job.to_json().contains(r#""level":"novice""#));
    }

    #[test]
    fn yonin_job_round_trip() {
        let request = request_after::<yonin::Game>(&[]);
        assert!(matches!(
            CpuJob::for_request(&request).game,
            JobGame::Yonin(_)
        ));
        round_trip::<yonin::Game>(&[]);
    }

    fn job() -> CpuJob {
        CpuJob::for_request(&request_after::<hasami::Game>(&["e1e5"]))
    }

    fn json_with(edit: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut value = serde_json::to_value(job()).expect("json");
        edit(&mut value);
        value.to_string()
    }

    #[test]
    fn text_that_is_not_json_is_an_error_answer() {
        for text in ["", "not json", "[1, 2", "null", "42", "\"job\""] {
            let reply = answer_text(text, None);
            assert_eq!(reply.id, None, "{text:?}");
            assert_eq!(reply.work, None, "{text:?}");
            assert!(
                matches!(reply.answer, Err(CpuError::Malformed(_))),
                "{text:?}: {reply:?}"
            );
        }
    }

    #[test]
    fn a_malformed_job_keeps_its_id_in_the_error_answer() {
        let id = job().id;
        let cases = [
            json_with(|v| v["game"]["kind"] = "chess".into()),
            json_with(|v| v["level"] = "grandmaster".into()),
            json_with(|v| v["game"]["record"]["moves"] = serde_json::json!(["e1e5", "zz"])),
            json_with(|v| v["seed"] = serde_json::json!(-1)),
            json_with(|v| {
                v.as_object_mut().expect("object").remove("game");
            }),
            json_with(|v| v["extra"] = true.into()),
        ];
        for text in cases {
            let reply = answer_text(&text, None);
            assert_eq!(reply.id, Some(id), "{text}");
            assert!(
                matches!(reply.answer, Err(CpuError::Malformed(_))),
                "{text}: {reply:?}"
            );
        }
    }

    #[test]
    fn a_record_that_does_not_replay_is_an_error_answer() {
        // e1e5 twice: the second is White's move from an empty square.
        let text =
            json_with(|v| v["game"]["record"]["moves"] = serde_json::json!(["e1e5", "e1e5"]));
        let reply = answer_text(&text, None);
        assert!(
            matches!(reply.answer, Err(CpuError::Record(_))),
            "{reply:?}"
        );
        let text = json_with(|v| v["game"]["record"]["start"] = "not a position".into());
        assert!(matches!(
            answer_text(&text, None).answer,
            Err(CpuError::Record(_))
        ));
    }

    #[test]
    fn another_protocol_or_think_time_is_an_error_answer() {
        let text = json_with(|v| {
            v["protocol"] = 99.into();
            v["surprise"] = "field of a newer version".into();
        });
        let reply = answer_text(&text, None);
        assert_eq!(reply.id, Some(job().id));
        assert_eq!(
            reply.answer,
            Err(CpuError::Protocol {
                found: 99,
                expected: PROTOCOL
            })
        );
        let text = json_with(|v| v["think_ms"] = 60_000.into());
        assert_eq!(
            answer_text(&text, None).answer,
            Err(CpuError::ThinkTime(60_000))
        );
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let mut game = hasami::Game::new(hasami::Rules::default());
        game.resign(hasami::Player::Black).expect("resigns");
        let mut job = job();
        job.game = game.job_game();
        assert_eq!(answer(&job, None).answer, Err(CpuError::NoMove));
    }

    #[test]
    fn the_page_reads_replies_safely() {
        let reply = CpuReply::from_json("{\"id\": 1}");
        assert!(matches!(reply.answer, Err(CpuError::Malformed(_))));
        let reply = CpuReply {
            id: Some(1),
            revision: None,
            answer: Ok("nonsense".into()),
            work: None,
        };
        let back = CpuReply::from_json(&reply.to_json());
        assert_eq!(back, reply);
        assert!(matches!(
            back.move_of::<hasami::Game>(),
            Err(CpuError::Malformed(_))
        ));
        let failed = CpuReply {
            id: Some(1),
            revision: None,
            answer: Err(CpuError::Failed("boom".into())),
            work: None,
        };
        assert_eq!(
            CpuReply::from_json(&failed.to_json()).move_of::<yonin::Game>(),
            Err(CpuError::Failed("boom".into()))
        );
        // Every error reads as one line for the notice's detail.
        for e in [
            CpuError::Malformed("x".into()),
            CpuError::Protocol {
                found: 2,
                expected: 1,
            },
            CpuError::Record("x".into()),
            CpuError::ThinkTime(5),
            CpuError::NoMove,
            CpuError::Failed("x".into()),
        ] {
            assert!(!e.to_string().contains('\n'));
        }
    }
}

//! JSON documents: one per judged log, or one per error, each with the schema version.
//!
//! A judged log is its [`Judgement`] (game, rules, actions, verdict), its contract text and,
//! when asked, the game's explanation. The verdict is an object whose `kind` is `fair` or
//! `foul`; only a foul has an `action`, a `line` and a `reason`, and the schema
//! ([`schema`], checked in as `schemas/report.schema.json`) says so.

use fairplay_core::{Game, Judgement, LogError, SCHEMA_VERSION};
use schemars::JsonSchema;
use serde::Serialize;

use crate::gofish::GoFishDetails;
use crate::quartets::QuartetsDetails;
use crate::sequence::SequenceDetails;

/// The document of a judged log, with the game's explanation `D` when asked.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Document_with_{D}")]
pub struct Document<'a, D> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// Game, rules, actions and verdict.
    #[serde(flatten)]
    pub judgement: &'a Judgement,
    /// The verdict in the game's contract format.
    pub contract: String,
    /// What was asked beyond the verdict; `null` when nothing was.
    pub explanation: Option<D>,
}

impl<'a, D: Serialize> Document<'a, D> {
    /// The document of `judgement` by `game`, explained by `explanation`.
    pub fn new(game: &dyn Game, judgement: &'a Judgement, explanation: Option<D>) -> Self {
        Document {
            schema_version: SCHEMA_VERSION,
            judgement,
            contract: game.contract(&judgement.verdict),
            explanation,
        }
    }

    /// The document as pretty JSON text, with a final line break.
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

/// The document of a log that could not be judged.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ErrorDocument<'a> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The game, when it was known.
    pub game: Option<&'a str>,
    /// What is wrong, and where.
    pub error: &'a LogError,
}

impl<'a> ErrorDocument<'a> {
    /// The document of `error` in a log of `game`.
    ///
    /// ```
    /// use fairplay_core::{ErrorKind, LogError};
    /// let error = LogError::new(ErrorKind::Malformed, 2, None, "expected `A` or `Q`, found `B`");
    /// let json = fairplay_report::json::ErrorDocument::new(Some("quartets"), &error).to_json();
    /// assert!(json.contains(r#""kind": "malformed""#));
    /// ```
    pub fn new(game: Option<&'a str>, error: &'a LogError) -> Self {
        ErrorDocument {
            schema_version: SCHEMA_VERSION,
            game,
            error,
        }
    }

    /// The document as pretty JSON text, with a final line break.
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

fn to_json(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("documents serialize");
    text.push('\n');
    text
}

/// Every document `--format json` writes: one schema for all of them.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum AnyDocument<'a> {
    /// A Quartets log.
    Quartets(Document<'a, QuartetsDetails<'a>>),
    /// A Sequence log.
    Sequence(Document<'a, SequenceDetails<'a>>),
    /// A Go Fish log.
    GoFish(Document<'a, GoFishDetails<'a>>),
    /// A log that could not be judged.
    Error(ErrorDocument<'a>),
}

/// The JSON Schema of every document, as pretty JSON text.
pub fn schema() -> String {
    let mut schema = schemars::schema_for!(AnyDocument<'static>);
    schema.insert("title".into(), "fairplay report (--format json)".into());
    to_json(&schema)
}

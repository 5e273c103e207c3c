//! JSON documents: one per judged log, or one per error, each with the schema version.
//!
//! A judged log is its [`Judgement`] (game, rules, actions, verdict), its contract text and,
//! when asked, the game's explanation. The verdict is an object whose `kind` is `fair` or
//! `foul`; only a foul has an `action`, a `line` and a `reason`, and the schema
//! ([`schema`], checked in as `schemas/report.schema.json`) says so.
//!
//! The schema tells the games apart by `game` (a `const` in each game's document), and every
//! object in it is closed: it lists every field a document holds, each one required (a part
//! that does not apply is `null`, never left out), and no other field validates.

use fairplay_core::{Game, Judgement, LogError, SCHEMA_VERSION};
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde::Serialize;
use serde_json::Value;

use crate::gofish::GoFishDetails;
use crate::quartets::QuartetsDetails;
use crate::sequence::SequenceDetails;

/// The explanation of one game's verdict: its game's name is the `game` of its documents.
pub trait Details {
    /// The game's name ([`Game::name`]).
    const GAME: &'static str;
}

impl Details for QuartetsDetails<'_> {
    const GAME: &'static str = "quartets";
}

impl Details for SequenceDetails<'_> {
    const GAME: &'static str = "sequence";
}

impl Details for GoFishDetails<'_> {
    const GAME: &'static str = "gofish";
}

/// The document of a judged log, with the game's explanation `D` when asked.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(
    rename = "Document_with_{D}",
    bound = "D: JsonSchema + Details",
    transform = game_is::<D>
)]
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
    #[schemars(schema_with = "game_or_null")]
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

/// The schema of a game's document: its `game` is that game's name.
fn game_is<D: Details>(schema: &mut Schema) {
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert(
            "game".into(),
            serde_json::json!({"description": "The game's name.", "const": D::GAME}),
        );
    }
}

/// The schema of an error document's `game`: a game's name, or `null` when it is not known.
fn game_or_null(_: &mut schemars::SchemaGenerator) -> Schema {
    schemars::json_schema!({
        "description": "The game, when it was known.",
        "enum": [QuartetsDetails::GAME, SequenceDetails::GAME, GoFishDetails::GAME, null],
    })
}

/// Closes every object of `schema` that lists its fields: no field beyond them validates.
/// An object made of parts (a flattened enum's `oneOf`) is closed as a whole
/// (`unevaluatedProperties`), its parts are left open; any other, by `additionalProperties`.
fn close(schema: &mut Value, part: bool) {
    let Value::Object(object) = schema else {
        return;
    };
    let fields = object.contains_key("properties");
    let composed = ["oneOf", "anyOf", "allOf"]
        .iter()
        .any(|key| object.contains_key(*key));
    let open = !object.contains_key("additionalProperties")
        && !object.contains_key("unevaluatedProperties");
    if fields && !part && open {
        let key = if composed {
            "unevaluatedProperties"
        } else {
            "additionalProperties"
        };
        object.insert(key.into(), Value::Bool(false));
    }
    for (key, value) in object.iter_mut() {
        match key.as_str() {
            "properties" | "$defs" => {
                if let Value::Object(values) = value {
                    values.values_mut().for_each(|v| close(v, false));
                }
            }
            "items" | "additionalProperties" => close(value, false),
            "oneOf" | "anyOf" | "allOf" => {
                if let Value::Array(parts) = value {
                    parts.iter_mut().for_each(|v| close(v, fields));
                }
            }
            _ => {}
        }
    }
}

/// The JSON Schema of every document, as pretty JSON text.
pub fn schema() -> String {
    // The serializing contract: a field is required unless it may be left out.
    let generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = generator.into_root_schema_for::<AnyDocument<'static>>();
    schema.insert("title".into(), "fairplay report (--format json)".into());
    let mut value = schema.to_value();
    close(&mut value, false);
    to_json(&value)
}

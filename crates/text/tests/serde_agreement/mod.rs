//! The check that `fairplay_text::json::string_fields` agrees with serde_json, shared by the
//! property test (`tests/json.rs`) and the fuzz target `json_fields` (which includes this file).

use fairplay_text::json::string_fields;
use serde::Deserialize;

/// The keys of a JSON Lines log record, as `fairplay batch` asks for them.
pub const KEYS: [&str; 3] = ["id", "game", "log"];

/// The record's shape as serde_json reads it: an unknown key or a key twice is an error.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Strict {
    pub id: Option<String>,
    pub game: Option<String>,
    pub log: Option<String>,
}

/// How the two disagree on `json`, if they do: the fast reader read it, and serde_json did not
/// read the same strings from it (or refused it). Inputs the fast reader leaves to serde_json
/// agree by definition.
pub fn disagreement(json: &[u8]) -> Option<String> {
    // A buffer as a batch worker has it after other records: its old text must not show.
    let mut decoded = b"{\"log\": \"stale\\n\"}".repeat(8);
    let [id, game, log] = string_fields(json, KEYS, &mut decoded)?;
    let fast = Strict {
        id: id.map(Into::into),
        game: game.map(Into::into),
        log: log.map(Into::into),
    };
    let slow = serde_json::from_slice::<Strict>(json);
    (!slow.as_ref().is_ok_and(|slow| *slow == fast)).then(|| {
        format!(
            "{:?}: read as {fast:?}, serde_json says {slow:?}",
            String::from_utf8_lossy(json)
        )
    })
}

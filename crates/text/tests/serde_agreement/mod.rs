//! The check that `fairplay_text::json::string_fields` agrees with serde_json, and that
//! `string_fields_crlf` reads what it reads, shared by the property test (`tests/json.rs`) and
//! the fuzz target `json_fields` (which includes this file).

use fairplay_text::json::{string_fields, string_fields_crlf, Value};
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
    if let Some(why) = twin_disagreement(json) {
        return Some(why);
    }
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

/// How `string_fields_crlf` (the log as its CR LF twin) disagrees with `string_fields` on
/// `json`, if it does: both read it or neither; the id and the game come the same; the log
/// comes as the same text, or, only when it is ASCII with no carriage return, as that text with
/// every line break as CR LF.
pub fn twin_disagreement(json: &[u8]) -> Option<String> {
    let mut decoded = b"{\"log\": \"stale\\n\"}".repeat(8);
    let exact = string_fields(json, KEYS, &mut decoded).map(|f| f.map(|s| s.map(String::from)));
    let mut twin_decoded = b"{\"log\": \"stale\\r\\n\"}".repeat(8);
    let twin = string_fields_crlf(json, KEYS, Some(2), &mut twin_decoded).map(|fields| {
        fields.map(|field| match field {
            None => (None, false),
            Some(Value::Text(text)) => (Some(text.as_bytes().to_vec()), false),
            Some(Value::CrLf(twin)) => (Some(twin.to_vec()), true),
        })
    });
    let agrees = match (&exact, &twin) {
        (None, None) => true,
        (Some(exact), Some(twin)) => {
            exact
                .iter()
                .zip(twin)
                .enumerate()
                .all(|(key, (exact, (read, is_twin)))| match (exact, read) {
                    (None, None) => !is_twin,
                    (Some(exact), Some(read)) if *is_twin => {
                        key == 2
                            && exact.is_ascii()
                            && !exact.contains('\r')
                            && *read == exact.replace('\n', "\r\n").into_bytes()
                    }
                    (Some(exact), Some(read)) => *read == exact.as_bytes(),
                    _ => false,
                })
        }
        _ => false,
    };
    (!agrees).then(|| {
        format!(
            "{:?}: string_fields reads {exact:?}, string_fields_crlf {twin:?}",
            String::from_utf8_lossy(json)
        )
    })
}

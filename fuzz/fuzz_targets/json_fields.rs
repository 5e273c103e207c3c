//! `fairplay_text::json::string_fields`, the fast reader of JSON Lines log records, never
//! panics, and whatever it reads serde_json reads the same way: the same strings, and no key
//! unknown or repeated (it leaves every other input to serde_json).
//!
//! Input: a JSON Lines record (one JSON object), no header.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;

/// The record's shape as serde_json reads it: an unknown key or a key twice is an error.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    id: Option<String>,
    game: Option<String>,
    log: Option<String>,
}

fuzz_target!(|data: &[u8]| {
    if let Some([id, game, log]) = fairplay_text::json::string_fields(data, ["id", "game", "log"]) {
        let fast = Strict {
            id: id.map(Into::into),
            game: game.map(Into::into),
            log: log.map(Into::into),
        };
        let slow = serde_json::from_slice::<Strict>(data);
        assert!(
            slow.as_ref().is_ok_and(|slow| *slow == fast),
            "read as {fast:?}, serde_json says {slow:?}"
        );
    }
});

//! `fairplay_text::json::string_fields`, the fast reader of JSON Lines log records, never
//! panics, and whatever it reads serde_json reads the same way: the same strings, and no key
//! unknown or repeated (it leaves every other input to serde_json); `string_fields_crlf` reads
//! the same inputs, the log as the same text or as its CR LF twin.
//!
//! Input: a JSON Lines record (one JSON object), no header.

#![no_main]

use libfuzzer_sys::fuzz_target;

// The same check as the property test's.
#[path = "../../crates/text/tests/serde_agreement/mod.rs"]
mod serde_agreement;

fuzz_target!(|data: &[u8]| {
    if let Some(why) = serde_agreement::disagreement(data) {
        panic!("{why}");
    }
});

//! # fairplay-web
//!
//! fairplay in the browser. The engines and the printers of `fairplay-report` are compiled to
//! WebAssembly and the page (`site/`) talks to them through one function: a request as UTF-8
//! JSON in, a response as UTF-8 JSON out ([`handle`]; the exports the page calls are in
//! `ffi.rs`). The page holds presentation only: every verdict, reason, explanation and live
//! line it shows comes from here, in the words and the documents the command line uses.
//!
//! Requests ([`Request`]), by their `op`:
//!
//! * `judge`: the verdict of a whole log, as `fairplay quartets|sequence|gofish FILE --format json
//!   --explain` gives it (the proof and the suspects, or a possible deal), and its actions;
//!   with `"explain": false` the document alone (the verdict, at once);
//! * `step`: the state after the first K actions: the Quartets knowledge (who certainly or
//!   possibly holds each card, hand counts, sets held), the Sequence board, the Go Fish
//!   ranges (`--knowledge --at K`); without a `log`,
//!   of the last log judged (kept between requests, with what makes a step fast);
//! * `live`: lines judged as they are entered at the table, one event per line, as `--live`
//!   reports them;
//! * `moves`: what the Go Fish rules allow next after the lines entered at the table (asks,
//!   draws, books), with what a watcher knows then, for the table's buttons;
//! * `deck`: the players and cards of a Quartets variant, for the table's picker.
//!
//! Quartets requests may take a `seat` (`{"player": 2, "hand": "1A,2B"}`): the verdict,
//! explanation and knowledge are then that player's, as with `--seat N --hand CARDS`.
//!
//! A log that cannot be judged gets the error document of `--format json` (`kind`, `line`,
//! `message`; also a `detail`, the error's kind with its parameters); a request that is not
//! one (bad JSON, an impossible variant) gets `{"usage": message}`, with a `detail` (kind and
//! parameters, [`Usage`]) when it asks for what cannot be. Nothing panics on any input.
//!
//! ```
//! let response = fairplay_web::handle(r#"{"op": "judge", "log": "1\n1 A 2 3C no\n"}"#);
//! let response: serde_json::Value = serde_json::from_str(&response).unwrap();
//! assert_eq!(response["document"]["verdict"]["kind"], "fair");
//! assert_eq!(response["actions"][0]["text"], "1 A 2 3C no");
//! ```

#![warn(missing_docs)]

mod choice;
mod deck;
mod detail;
#[cfg(target_arch = "wasm32")]
mod ffi;
mod judge;
mod live;
mod moves;
mod request;
mod session;
mod step;

pub use choice::{Choice, SeatChoice, SequenceChoice, Usage, Variant};
pub use request::Request;

use serde::Serialize;

/// Answers one request, given as JSON text, with one response as JSON text.
pub fn handle(request: &str) -> String {
    match serde_json::from_str::<Request>(request) {
        Ok(request) => request.answer(),
        Err(error) => usage(format!("not a request: {error}")),
    }
}

/// The response to a request that is not one.
pub(crate) fn usage(message: impl Into<String>) -> String {
    #[derive(Serialize)]
    struct Usage {
        usage: String,
    }
    to_json(&Usage {
        usage: message.into(),
    })
}

/// The response to a request that asks for what cannot be (an impossible variant or hand):
/// `{"usage": message, "detail": {"kind", ...}}`, the command line's words and, for the page's
/// translations, their kind and parameters (`detail::usage`).
pub(crate) fn refuse(error: &choice::Usage) -> String {
    #[derive(Serialize)]
    struct Refused {
        usage: String,
        detail: serde_json::Value,
    }
    to_json(&Refused {
        usage: error.to_string(),
        detail: detail::usage(error),
    })
}

/// Compact JSON text of a response.
pub(crate) fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| {
        // Every response type serializes; this is only a guard against a panic.
        format!(r#"{{"usage":"cannot write the response: {error}"}}"#)
    })
}

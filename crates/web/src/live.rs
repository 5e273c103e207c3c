//! `live`: lines entered at the table, judged as a live game, one event per line.

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_report::live::{json, line};
use serde::Serialize;

use crate::choice::Choice;
use crate::judge::no_game;
use crate::to_json;

/// One event of a live game: its line of `--live` and its object of `--live --format json`.
#[derive(Serialize)]
struct LiveEvent {
    text: String,
    event: serde_json::Value,
}

/// The events of the lines entered so far.
pub fn live(lines: &[u8], choice: &Choice) -> String {
    let chosen = match choice.choose(lines) {
        Ok(chosen) => chosen,
        Err(why) => return no_game(why),
    };
    let game = chosen.game();
    let words = game.words();
    let mut events = Vec::new();
    let run = fairplay_core::live::run(game, lines, DEFAULT_MAX_LINE, |event| {
        events.push(LiveEvent {
            text: line(words, &event),
            event: serde_json::from_str(&json(&event)).unwrap_or_default(),
        });
        Ok(())
    });
    match run {
        Ok(_) => to_json(&events),
        Err(error) => crate::usage(format!("cannot read the lines: {error}")),
    }
}

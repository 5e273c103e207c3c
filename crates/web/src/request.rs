//! The requests the page sends, and which module answers each.

use serde::Deserialize;

use crate::choice::{Choice, Variant};

/// One request, tagged by its `op`.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum Request {
    /// Judge a whole log and explain the verdict; list its actions.
    Judge {
        /// The log, as a file holds it.
        log: String,
        /// Whether to explain the verdict and list the actions too (the default); without, the
        /// document of `--format json` alone, the fastest answer.
        #[serde(default = "yes")]
        explain: bool,
        /// The game and its rules.
        #[serde(flatten)]
        choice: Choice,
    },
    /// The state after the first `after` actions of a log that `judge` accepted.
    Step {
        /// The log; without, the last log judged (or stepped through), so that a step need not
        /// send a long log again.
        #[serde(default)]
        log: Option<String>,
        /// Actions to play (0: the start).
        after: usize,
        /// The game and its rules.
        #[serde(flatten)]
        choice: Choice,
    },
    /// Lines entered at the table, judged as a live game (no count line needed).
    Live {
        /// The lines so far.
        lines: String,
        /// The game and its rules.
        #[serde(flatten)]
        choice: Choice,
    },
    /// What the Go Fish rules allow next after the lines entered at the table.
    Moves {
        /// The lines so far.
        lines: String,
        /// The game's rules (Go Fish).
        #[serde(flatten)]
        choice: Choice,
    },
    /// The players and cards of a Quartets variant.
    Deck {
        /// The variant (standard when left out).
        #[serde(default)]
        quartets: Variant,
    },
}

impl Request {
    /// The response, as JSON text.
    pub fn answer(self) -> String {
        match self {
            Request::Judge {
                log,
                explain,
                choice,
            } => {
                let response = crate::judge::judge(log.as_bytes(), explain, &choice);
                crate::session::keep(log.into_bytes());
                response
            }
            Request::Step { log, after, choice } => crate::step::step(log, after, &choice),
            Request::Live { lines, choice } => crate::live::live(lines.as_bytes(), &choice),
            Request::Moves { lines, choice } => crate::moves::moves(lines.as_bytes(), &choice),
            Request::Deck { quartets } => crate::deck::deck(&quartets),
        }
    }
}

fn yes() -> bool {
    true
}

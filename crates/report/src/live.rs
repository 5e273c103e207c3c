//! Live lines: one line per event of a live game ([`fairplay_core::live`]).
//!
//! * `N: honest game still possible` / `turn N: legal` (and a note: `(blue wins)`);
//! * `N: CHEATING CERTAIN: <reason>` / `turn N: ILLEGAL: <reason>`;
//! * `N: (cheating already certain since action K)` for games that stop judging at a foul;
//! * `error: line L: <what is wrong> (line ignored)`;
//! * `count line skipped`, and at the end `end: N actions, <verdict>[, K lines ignored]`.
//!
//! [`styled_line`] colours the verdict words on a terminal; [`json`] writes each event as one
//! JSON object instead (`--live --format json`).

use fairplay_core::live::Event;
use fairplay_core::{Foul, LogError, Verdict, Words};

use crate::words::count;
use crate::Style;

/// The line for one event of a live game of a game with these `words`.
///
/// ```
/// use fairplay_core::{live::Event, Step, Verdict, Words};
/// # let words = Words { game: "Coins", action: "toss", number: "toss ", fair_step: "fair",
/// #     foul_step: "FOUL", settled: None, fair_end: "all fair", foul_end: "foul at toss",
/// #     example: "`heads`" };
/// let step = Step::new(3, 4, None);
/// let line = fairplay_report::live::line(&words, &Event::Step { step: &step, verdict: &Verdict::Fair });
/// assert_eq!(line, "toss 3: fair");
/// ```
pub fn line(words: &Words, event: &Event<'_>) -> String {
    styled_line(words, event, Style::PLAIN)
}

/// [`line`] in `style`: a foul and an error in red, a fair step in green.
pub fn styled_line(words: &Words, event: &Event<'_>, style: Style) -> String {
    match event {
        Event::CountSkipped => "count line skipped".to_string(),
        // The line is all a live player needs to find it again.
        Event::Ignored(error) if error.line > 0 => {
            format!(
                "{} line {}: {} (line ignored)",
                style.red("error:"),
                error.line,
                error.message
            )
        }
        Event::Ignored(error) => {
            format!("{} {} (line ignored)", style.red("error:"), error.message)
        }
        Event::Step { step, verdict } => {
            let number = format!("{}{}", words.number, step.action);
            let mut line = match (&step.foul, verdict.foul(), words.settled) {
                (Some(foul), _, _) => {
                    format!(
                        "{number}: {}: {}",
                        style.red(words.foul_step),
                        foul.reason.message
                    )
                }
                (None, Some(first), Some(settled)) => {
                    format!("{number}: ({settled} {})", first.action)
                }
                _ => format!("{number}: {}", style.green(words.fair_step)),
            };
            if let Some(note) = &step.note {
                line.push_str(&format!(" ({note})"));
            }
            line
        }
        Event::End(summary) => {
            let mut line = format!("end: {}, ", count(summary.actions, words.action));
            match &summary.verdict {
                Verdict::Fair => line.push_str(words.fair_end),
                Verdict::Foul(foul) => {
                    line.push_str(&format!("{} {}", words.foul_end, foul.action))
                }
            }
            if summary.ignored > 0 {
                line.push_str(&format!(", {} ignored", count(summary.ignored, "line")));
            }
            line
        }
    }
}

/// One event as one JSON object, for `--live --format json`:
///
/// * `{"event": "count-skipped"}`;
/// * `{"event": "ignored", "error": {"kind", "line", "action", "message"}}`;
/// * `{"event": "step", "action", "line", "finding", "verdict": "fair" | "foul", "foul",
///   "note"}`: `finding` what this action itself did, as the text line says it: `null`, or
///   the foul it commits or makes certain (`{"action", "line", "reason": {"kind",
///   "message"}}`: an illegal move, each one of a Sequence game; the action after which
///   cheating is certain); then the verdict on the game so far, `foul` the game's first foul
///   when there is one, `note` (`blue wins`) or `null`;
/// * `{"event": "end", "actions", "verdict", "foul", "ignored"}`.
///
/// ```
/// use fairplay_core::{live::Event, Step, Verdict};
/// let step = Step::new(3, 4, None);
/// let line = fairplay_report::live::json(&Event::Step { step: &step, verdict: &Verdict::Fair });
/// assert_eq!(line, r#"{"event":"step","action":3,"line":4,"finding":null,"verdict":"fair","foul":null,"note":null}"#);
/// ```
pub fn json(event: &Event<'_>) -> String {
    let word = |v: &Verdict| if v.foul().is_some() { "foul" } else { "fair" };
    let event = match event {
        Event::CountSkipped => LiveEvent::CountSkipped,
        Event::Ignored(error) => LiveEvent::Ignored { error },
        Event::Step { step, verdict } => LiveEvent::Step {
            action: step.action,
            line: step.line,
            finding: step.foul.as_ref(),
            verdict: word(verdict),
            foul: verdict.foul(),
            note: step.note.as_deref(),
        },
        Event::End(summary) => LiveEvent::End {
            actions: summary.actions,
            verdict: word(&summary.verdict),
            foul: summary.verdict.foul(),
            ignored: summary.ignored,
        },
    };
    serde_json::to_string(&event).expect("live events serialize")
}

/// The JSON object of a live session that failed as a whole (its input could not be opened
/// or read), so that `--live --format json` answers every outcome with JSON:
///
/// ```
/// use fairplay_core::{ErrorKind, LogError};
/// let error = LogError::new(ErrorKind::Io, 0, None, "game.log: cannot read: No such file");
/// assert_eq!(
///     fairplay_report::live::json_failure(&error),
///     r#"{"event":"error","error":{"kind":"io","line":0,"action":null,"message":"game.log: cannot read: No such file"}}"#
/// );
/// ```
pub fn json_failure(error: &LogError) -> String {
    serde_json::to_string(&LiveEvent::Error { error }).expect("live events serialize")
}

/// The JSON object of one live event (see [`json`]).
#[derive(serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
enum LiveEvent<'a> {
    CountSkipped,
    Error {
        error: &'a LogError,
    },
    Ignored {
        error: &'a LogError,
    },
    Step {
        action: u64,
        line: usize,
        finding: Option<&'a Foul>,
        verdict: &'static str,
        foul: Option<&'a Foul>,
        note: Option<&'a str>,
    },
    End {
        actions: usize,
        verdict: &'static str,
        foul: Option<&'a Foul>,
        ignored: usize,
    },
}

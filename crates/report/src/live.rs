//! Live lines: one line per event of a live game ([`fairplay_core::live`]).
//!
//! * `N: honest game still possible` / `turn N: legal` (and a note: `(blue wins)`);
//! * `N: CHEATING CERTAIN: <reason>` / `turn N: ILLEGAL: <reason>`;
//! * `N: (cheating already certain since action K)` for games that stop judging at a foul;
//! * `error: line L: <what is wrong> (line ignored)`;
//! * `count line skipped`, and at the end `end: N actions, <verdict>[, K lines ignored]`.

use fairplay_core::live::Event;
use fairplay_core::{Verdict, Words};

use crate::words::count;

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
    match event {
        Event::CountSkipped => "count line skipped".to_string(),
        // The line is all a live player needs to find it again.
        Event::Ignored(error) if error.line > 0 => {
            format!(
                "error: line {}: {} (line ignored)",
                error.line, error.message
            )
        }
        Event::Ignored(error) => format!("error: {} (line ignored)", error.message),
        Event::Step { step, verdict } => {
            let number = format!("{}{}", words.number, step.action);
            let mut line = match (&step.foul, verdict.foul(), words.settled) {
                (Some(foul), _, _) => {
                    format!("{number}: {}: {}", words.foul_step, foul.reason.message)
                }
                (None, Some(first), Some(settled)) => {
                    format!("{number}: ({settled} {})", first.action)
                }
                _ => format!("{number}: {}", words.fair_step),
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

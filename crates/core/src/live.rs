//! The live driver: judge a game as it is played, one line at a time.
//!
//! Lines are read as they arrive ([`LineReader`]); each one gets exactly one [`Event`] before
//! the next is read, and a printer turns events into lines (crate `fairplay-report`). A
//! malformed line, an action breaking a rule anyone can check, or an overlong line is reported
//! and skipped: nothing read before is lost. The very first non-blank line may be the count
//! line of a whole log; it is skipped.

use std::io::{self, BufRead};

use crate::lines::{is_count_line, LineReader};
use crate::{Game, LogError, Step, Verdict};

/// What happened on one line of a live game.
#[derive(Debug)]
pub enum Event<'a> {
    /// The first non-blank line held a single number (a whole log's count line): skipped.
    CountSkipped,
    /// An action was judged.
    Step {
        /// What it established.
        step: &'a Step,
        /// The verdict after it: the first foul of the game, once there is one.
        verdict: &'a Verdict,
    },
    /// A line that could not be applied, and was skipped.
    Ignored(&'a LogError),
    /// The end of the input.
    End(&'a Summary),
}

/// The game at the end of a live session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Actions judged.
    pub actions: usize,
    /// The verdict on them.
    pub verdict: Verdict,
    /// Lines skipped as errors.
    pub ignored: usize,
}

/// Runs a live session of `game` over `input` (lines of at most `max_line` bytes), telling
/// `on` each event as it happens. Stops early only if reading or `on` fails.
///
/// ```
/// # use fairplay_core::live::{run, Event};
/// # fn demo(game: &dyn fairplay_core::Game) -> std::io::Result<()> {
/// let summary = run(game, &b"1 A 2 3C no\n"[..], 4096, |event| {
///     println!("{event:?}");
///     Ok(())
/// })?;
/// # Ok(()) }
/// ```
pub fn run<R: BufRead>(
    game: &dyn Game,
    input: R,
    max_line: usize,
    mut on: impl FnMut(Event<'_>) -> io::Result<()>,
) -> io::Result<Summary> {
    let mut referee = game.referee();
    let counted = game.counted();
    let mut lines = LineReader::new(input, max_line);
    let (mut ignored, mut first) = (0usize, true);
    while let Some((number, line)) = lines.next_line()? {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                ignored += 1;
                on(Event::Ignored(&error))?;
                continue;
            }
        };
        if line.trim_ascii().is_empty() {
            continue;
        }
        if std::mem::take(&mut first) && counted && is_count_line(line) {
            on(Event::CountSkipped)?;
            continue;
        }
        match referee.apply_line(line, number) {
            Ok(Some(step)) => on(Event::Step {
                step: &step,
                verdict: referee.verdict(),
            })?,
            Ok(None) => {}
            Err(error) => {
                ignored += 1;
                on(Event::Ignored(&error))?;
            }
        }
    }
    let summary = Summary {
        actions: referee.actions(),
        verdict: referee.verdict().clone(),
        ignored,
    };
    on(Event::End(&summary))?;
    Ok(summary)
}

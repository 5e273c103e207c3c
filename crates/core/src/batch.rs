//! The batch driver: judge many logs in parallel, rows out in input order.
//!
//! Logs come as jobs of any kind (a file to read, a record of a JSON Lines file, a string
//! from Python); the caller says how a job becomes a [`Row`] (usually by reading it and calling
//! [`Batch::judge`]). [`Batch::run`] judges jobs on all threads of the current rayon pool in
//! windows of at most [`WINDOW`] jobs (and, with [`Batch::run_weighted`], about
//! [`WINDOW_BYTES`] of input) and hands the rows out in input order as each window is done,
//! so memory holds one window whatever the number of logs.
//!
//! Every log is held to the same longest line as a log judged alone
//! ([`Batch::with_max_line`]): a log with a longer line gets the same
//! [`ErrorKind::LineTooLong`] error that [`audit_reader`] gives.

use rayon::prelude::*;

use std::io::Read;

use crate::lines::DEFAULT_MAX_LINE;
use crate::{audit_reader, ErrorKind, Game, Judgement, LogError, Registry};

/// Jobs judged at once before their rows are handed out: the reorder window.
pub const WINDOW: usize = 4096;

/// Input a window of [`Batch::run_weighted`] holds at most (beyond its last job).
pub const WINDOW_BYTES: usize = 16 << 20;

/// The result for one log: the game it was judged as (`None` when it could not be told), and
/// the judgement or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The game's name.
    pub game: Option<&'static str>,
    /// The judgement, or the error that prevented it.
    pub result: Result<Judgement, LogError>,
}

impl Judged {
    /// A log that could not be judged.
    pub fn error(game: Option<&'static str>, error: LogError) -> Judged {
        Judged {
            game,
            result: Err(error),
        }
    }
}

/// One row of a batch: which log, and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The log's name: a path, a record's id.
    pub log: String,
    /// Its result.
    pub judged: Judged,
    /// Bytes read for it.
    pub bytes: usize,
}

/// Judges logs of the games of a registry.
pub struct Batch<'r> {
    registry: &'r Registry,
    game: Option<&'r dyn Game>,
    max_line: usize,
}

/// How much of a streamed log is read to tell its game.
const DETECT_PREFIX: u64 = 64 << 10;

impl<'r> Batch<'r> {
    /// A batch judging every log as `game` (a registered name), or recognising each log's game
    /// when `game` is `None` or `auto`.
    pub fn new(registry: &'r Registry, game: Option<&str>) -> Result<Batch<'r>, LogError> {
        let game = match game {
            None | Some("auto") => None,
            Some(name) => Some(Self::find(registry, name)?),
        };
        Ok(Batch {
            registry,
            game,
            max_line: DEFAULT_MAX_LINE,
        })
    }

    /// The longest line a log may have, in bytes (default [`DEFAULT_MAX_LINE`]).
    pub fn with_max_line(mut self, max_line: usize) -> Batch<'r> {
        self.max_line = max_line;
        self
    }

    fn find(registry: &'r Registry, name: &str) -> Result<&'r dyn Game, LogError> {
        registry.get(name).ok_or_else(|| {
            let names: Vec<&str> = registry.games().map(|g| g.name()).collect();
            LogError::new(
                ErrorKind::UnknownGame,
                0,
                None,
                format!("unknown game `{name}` ({} or auto)", names.join(", ")),
            )
        })
    }

    /// Judges one log; `game` (a name or `auto`) overrides the batch's choice for it.
    ///
    /// ```
    /// # use fairplay_core::{batch::Batch, Registry};
    /// let registry = Registry::new();
    /// let batch = Batch::new(&registry, None).unwrap();
    /// // No game is registered here, so none recognises the log.
    /// assert!(batch.judge(b"1\nhello\n", None).result.is_err());
    /// ```
    pub fn judge(&self, log: &[u8], game: Option<&str>) -> Judged {
        let game = match self.choose(game, log) {
            Ok(game) => game,
            Err(error) => return Judged::error(None, error),
        };
        // The game's own audit of a slice is the fast one; a log with an overlong line goes
        // the way of a stream, which reports that line as a log judged alone would.
        let result = if longest_line_over(log, self.max_line) {
            audit_reader(game, log, self.max_line)
        } else {
            game.audit(log)
        };
        Judged {
            game: Some(game.name()),
            result,
        }
    }

    /// [`Batch::judge`] on a log read as it arrives (a file too big to be read whole):
    /// memory holds one line. Its game, unless named, is told from its first 64 KiB.
    pub fn judge_reader(&self, mut input: impl Read, game: Option<&str>) -> Judged {
        let mut prefix = Vec::new();
        if let Err(e) = input.by_ref().take(DETECT_PREFIX).read_to_end(&mut prefix) {
            let error = LogError::new(ErrorKind::Io, 0, None, format!("cannot read: {e}"));
            return Judged::error(None, error);
        }
        let game = match self.choose(game, &prefix) {
            Ok(game) => game,
            Err(error) => return Judged::error(None, error),
        };
        let stream = std::io::BufReader::with_capacity(1 << 16, (&prefix[..]).chain(input));
        Judged {
            game: Some(game.name()),
            result: audit_reader(game, stream, self.max_line),
        }
    }

    /// The game to judge `log` as: `game` (a name, or `auto`), else the batch's, else told
    /// from the log.
    fn choose(&self, game: Option<&str>, log: &[u8]) -> Result<&'r dyn Game, LogError> {
        let chosen = match game {
            None => self.game.map(Ok),
            Some("auto") => None,
            Some(name) => Some(Self::find(self.registry, name)),
        };
        chosen.unwrap_or_else(|| self.registry.detect(log))
    }

    /// Turns every job into a row with `judge`, in parallel, and hands the rows to `on_row` in
    /// the order of `jobs`. Stops at the first error `on_row` returns. A row is usually a
    /// [`Row`]; a caller may carry more with it (its own type `R`).
    pub fn run<J: Sync, R: Send, E>(
        &self,
        jobs: impl IntoIterator<Item = J>,
        judge: impl Fn(&Batch<'_>, &J) -> R + Sync,
        on_row: impl FnMut(R) -> Result<(), E>,
    ) -> Result<(), E> {
        self.run_weighted(jobs, |_| 0, judge, on_row)
    }

    /// [`Batch::run`] with windows that also end once the jobs in them weigh [`WINDOW_BYTES`]
    /// (`weight`: the bytes a job holds, such as a record read from a stream). `jobs` is
    /// drawn as the windows fill, so it may be an endless stream.
    pub fn run_weighted<J: Sync, R: Send, E>(
        &self,
        jobs: impl IntoIterator<Item = J>,
        weight: impl Fn(&J) -> usize,
        judge: impl Fn(&Batch<'_>, &J) -> R + Sync,
        mut on_row: impl FnMut(R) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut window = Vec::with_capacity(WINDOW);
        let mut jobs = jobs.into_iter().peekable();
        while jobs.peek().is_some() {
            window.clear();
            let mut held = 0;
            while window.len() < WINDOW && held < WINDOW_BYTES {
                let Some(job) = jobs.next() else { break };
                held += weight(&job);
                window.push(job);
            }
            let rows: Vec<R> = window
                .par_iter()
                .with_min_len(16)
                .map(|job| judge(self, job))
                .collect();
            for row in rows {
                on_row(row)?;
            }
        }
        Ok(())
    }
}

/// Whether some line of `log` is longer than `max` bytes (without its line break).
fn longest_line_over(log: &[u8], max: usize) -> bool {
    // Every `max + 1` bytes after a line start must hold a line break: each step looks for
    // the last one in such a window, from its end, so a log of short lines costs one search
    // per `max` bytes.
    let mut start = 0;
    while log.len() - start > max {
        match memchr::memrchr(b'\n', &log[start..=start + max]) {
            Some(i) => start += i + 1,
            None => return true,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::longest_line_over;

    #[test]
    fn the_longest_line_is_measured_without_its_break() {
        assert!(!longest_line_over(b"", 3));
        assert!(!longest_line_over(b"abc", 3));
        assert!(longest_line_over(b"abcd", 3));
        assert!(!longest_line_over(b"abc\nabc\nabc", 3));
        assert!(longest_line_over(b"abc\nabcd\nabc", 3));
        assert!(longest_line_over(b"abc\nabc\nabcd", 3));
        assert!(!longest_line_over(b"\n\n\nabc\n", 3));
        // Against a plain split, on every short input.
        for n in 0..2000u32 {
            let log: Vec<u8> = (0..12)
                .map(|i| if n >> i & 1 == 1 { b'\n' } else { b'x' })
                .collect();
            for max in 0..6 {
                let plain = log.split(|&b| b == b'\n').any(|l| l.len() > max);
                assert_eq!(longest_line_over(&log, max), plain, "{log:?} {max}");
            }
        }
    }
}

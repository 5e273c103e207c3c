//! The batch driver: judge many logs in parallel, rows out in input order.
//!
//! Logs come as jobs of any kind (a file to read, a record of a JSON Lines file, a string
//! from Python); the caller says how a job becomes a [`Row`] (usually by reading it and calling
//! [`Batch::judge`]). [`Batch::run`] judges jobs on all threads of the current rayon pool in
//! windows of at most [`WINDOW`] jobs (and, with [`Batch::run_weighted`], about
//! [`WINDOW_BYTES`] of input) and hands the rows out in input order as each window is done,
//! so memory holds two windows whatever the number of logs: the one judged, and the one
//! drawn meanwhile.
//!
//! Every log is held to the same longest line as a log judged alone
//! ([`Batch::with_max_line`]): a log with a longer line gets the same
//! [`ErrorKind::LineTooLong`] error that [`audit_reader`] gives.

use rayon::prelude::*;

use std::io::{BufRead, Read};

use crate::lines::{is_count_line, LineReader, DEFAULT_MAX_LINE};
use crate::{audit_reader, audit_slice, ErrorKind, Game, Judgement, LogError, Registry};

/// Jobs judged at once before their rows are handed out: the reorder window.
pub const WINDOW: usize = 4096;

/// Input a window of [`Batch::run_weighted`] holds at most (beyond its last job). Two windows
/// are held at once; at 8 MiB, a batch of long JSON Lines records peaks where it did with one
/// window of 16 MiB (about 35 MiB for 90 000 records of 1000 actions), and runs as fast as
/// with two of 16 MiB.
pub const WINDOW_BYTES: usize = 8 << 20;

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
        let result = audit_slice(game, log, self.max_line);
        Judged {
            game: Some(game.name()),
            result,
        }
    }

    /// [`Batch::judge`] on a log read as it arrives (a file too big to be read whole):
    /// memory holds one line. Its game, unless named, is told from its first action line,
    /// however far into the log: the blank lines before it are counted, not kept.
    ///
    /// ```
    /// # use fairplay_core::{batch::Batch, Registry};
    /// let registry = Registry::new();
    /// let batch = Batch::new(&registry, None).unwrap();
    /// let log = std::io::Cursor::new(b"1\n\n\nhello\n");
    /// let error = batch.judge_reader(log, None).result.unwrap_err();
    /// assert_eq!(error.line, 4); // no game is registered: none recognises line 4
    /// ```
    pub fn judge_reader(&self, input: impl Read, game: Option<&str>) -> Judged {
        let stream = std::io::BufReader::with_capacity(1 << 16, input);
        let chosen = match game {
            None => self.game.map(Ok),
            Some("auto") => None,
            Some(name) => Some(Self::find(self.registry, name)),
        };
        let (game, stream): (&dyn Game, Box<dyn BufRead>) = match chosen {
            Some(Ok(game)) => (game, Box::new(stream)),
            Some(Err(error)) => return Judged::error(None, error),
            None => match self.detect_stream(stream) {
                Ok(found) => found,
                Err(error) => return Judged::error(None, error),
            },
        };
        Judged {
            game: Some(game.name()),
            result: audit_reader(game, stream, self.max_line),
        }
    }

    /// The game of a stream, told from its first action line as [`Registry::detect`] tells
    /// it, and the stream as it was: the lines read to tell it given again in front of the
    /// rest (each blank line as a bare line break, which reads the same).
    fn detect_stream<'s, R: BufRead + 's>(
        &self,
        stream: R,
    ) -> Result<(&'r dyn Game, Box<dyn BufRead + 's>), LogError> {
        let mut lines = LineReader::new(stream, self.max_line);
        // Blank lines before the count line (if any) and before the first action line.
        let mut blank = [0u64; 2];
        let mut count: Option<Vec<u8>> = None;
        let (game, line) = loop {
            let next = lines
                .next_line()
                .map_err(|e| LogError::new(ErrorKind::Io, 0, None, format!("cannot read: {e}")))?;
            let Some((number, line)) = next else {
                return Err(Registry::no_action_line());
            };
            let line = line?;
            let trimmed = line.trim_ascii();
            if trimmed.is_empty() {
                blank[usize::from(count.is_some())] += 1;
                continue;
            }
            if count.is_none() && is_count_line(trimmed) {
                count = Some(line.to_vec());
                continue;
            }
            break (self.registry.detect_line(line, number)?, line.to_vec());
        };
        let newlines = |n: u64| std::io::repeat(b'\n').take(n);
        let mut read = count.unwrap_or_default();
        if !read.is_empty() {
            read.push(b'\n');
        }
        let before = newlines(blank[0]).chain(std::io::Cursor::new(read));
        let line = newlines(blank[1]).chain(std::io::Cursor::new([line, b"\n".to_vec()].concat()));
        let rest = lines.into_inner();
        Ok((
            game,
            Box::new(std::io::BufReader::new(before.chain(line)).chain(rest)),
        ))
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
    ///
    /// `jobs` are drawn, and rows handed to `on_row`, by one thread at a time while the other
    /// threads judge (see [`Batch::run_weighted`]), so both must be [`Send`].
    pub fn run<J: Send + Sync, R: Send, E: Send>(
        &self,
        jobs: impl IntoIterator<Item = J, IntoIter: Send>,
        judge: impl Fn(&Batch<'_>, &J) -> R + Sync,
        on_row: impl FnMut(R) -> Result<(), E> + Send,
    ) -> Result<(), E> {
        self.run_weighted(jobs, |_| 0, judge, on_row)
    }

    /// [`Batch::run`] with windows that also end once the jobs in them weigh [`WINDOW_BYTES`]
    /// (`weight`: the bytes a job holds, such as a record read from a stream). `jobs` is
    /// drawn as the windows fill, so it may be an endless stream.
    ///
    /// While the pool judges one window, one of its threads hands out the rows of the window
    /// before and draws the jobs of the window after, then joins the judging: reading the
    /// inputs and writing the rows do not keep the other threads waiting. So at most two
    /// windows of jobs are held at once, and a window's jobs are dropped by the thread that
    /// draws the next window's. A pool of one thread judges each job as it is drawn.
    ///
    /// ```
    /// # use fairplay_core::{batch::Batch, Registry};
    /// let registry = Registry::new();
    /// let batch = Batch::new(&registry, None).unwrap();
    /// let mut lengths = Vec::new();
    /// let done: Result<(), ()> = batch.run_weighted(
    ///     (0..10_000).map(|n| "x".repeat(n % 7)),
    ///     |job| job.len(),
    ///     |_, job| job.len(),
    ///     |row| {
    ///         lengths.push(row);
    ///         Ok(())
    ///     },
    /// );
    /// assert!(done.is_ok());
    /// assert!(lengths.iter().enumerate().all(|(n, &length)| length == n % 7), "in order");
    /// ```
    pub fn run_weighted<J: Send + Sync, R: Send, E: Send>(
        &self,
        jobs: impl IntoIterator<Item = J, IntoIter: Send>,
        weight: impl Fn(&J) -> usize + Sync,
        judge: impl Fn(&Batch<'_>, &J) -> R + Sync,
        mut on_row: impl FnMut(R) -> Result<(), E> + Send,
    ) -> Result<(), E> {
        let mut jobs = jobs.into_iter();
        if rayon::current_num_threads() == 1 {
            // Nothing to overlap: each job is judged as it is drawn and its row handed out at
            // once, so memory holds one job.
            return jobs.try_for_each(|job| on_row(judge(self, &job)));
        }
        let mut window = Vec::with_capacity(WINDOW);
        fill(&mut window, &mut jobs, &weight);
        // The jobs of the window judged last (dropped as the next window is drawn), then those
        // of the next window; and the rows of the window judged last.
        let mut next = Vec::with_capacity(WINDOW);
        let mut rows: Vec<R> = Vec::new();
        while !window.is_empty() {
            let (judged, handed) = rayon::join(
                || {
                    window
                        .par_iter()
                        .with_min_len(16)
                        .map(|job| judge(self, job))
                        .collect::<Vec<R>>()
                },
                || {
                    rows.drain(..).try_for_each(&mut on_row)?;
                    next.clear();
                    fill(&mut next, &mut jobs, &weight);
                    Ok(())
                },
            );
            handed?;
            rows = judged;
            std::mem::swap(&mut window, &mut next);
        }
        rows.into_iter().try_for_each(on_row)
    }
}

/// Draws the next jobs into the empty `window`: at most [`WINDOW`] of them, and no more once
/// they weigh [`WINDOW_BYTES`].
fn fill<J>(window: &mut Vec<J>, jobs: &mut impl Iterator<Item = J>, weight: &impl Fn(&J) -> usize) {
    let mut held = 0;
    while window.len() < WINDOW && held < WINDOW_BYTES {
        let Some(job) = jobs.next() else { break };
        held += weight(&job);
        window.push(job);
    }
}

#[cfg(test)]
mod tests {
    use super::{Batch, WINDOW, WINDOW_BYTES};
    use crate::lines::longest_line_over;
    use crate::Registry;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Runs `f` on a pool of `threads` threads.
    fn on_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        pool.expect("a thread pool").install(f)
    }

    #[test]
    fn rows_come_in_input_order_whatever_each_job_costs() {
        let registry = Registry::new();
        let batch = Batch::new(&registry, None).unwrap();
        for threads in [1, 2, 4] {
            let mut rows = Vec::new();
            let jobs = 0..3 * WINDOW + 123;
            // Uneven work, so the threads finish their jobs out of order.
            let judge = |_: &Batch<'_>, job: &usize| {
                for _ in 0..(job * 7919) % 2000 {
                    std::hint::black_box(job);
                }
                *job
            };
            let done: Result<(), ()> = on_pool(threads, || {
                batch.run(jobs.clone(), judge, |row| {
                    rows.push(row);
                    Ok(())
                })
            });
            assert!(done.is_ok());
            assert_eq!(rows, jobs.collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn the_first_error_stops_the_rows_and_the_drawing_of_jobs() {
        let registry = Registry::new();
        let batch = Batch::new(&registry, None).unwrap();
        for threads in [1, 2] {
            let drawn = AtomicUsize::new(0);
            // Endless: only the error ends the batch.
            let jobs = (0..).inspect(|_| {
                drawn.fetch_add(1, Ordering::Relaxed);
            });
            let mut handed = 0;
            let stop = WINDOW + 17;
            let done = on_pool(threads, || {
                batch.run(
                    jobs,
                    |_, job: &usize| *job,
                    |row| {
                        handed += 1;
                        if row == stop {
                            Err(row)
                        } else {
                            Ok(())
                        }
                    },
                )
            });
            assert_eq!(done, Err(stop));
            assert_eq!(handed, stop + 1, "no row after the error");
            // The window of the error's row, and at most the window drawn meanwhile.
            assert!(drawn.load(Ordering::Relaxed) <= 3 * WINDOW, "{drawn:?}");
        }
    }

    #[test]
    fn a_window_ends_when_its_jobs_weigh_enough() {
        let registry = Registry::new();
        let batch = Batch::new(&registry, None).unwrap();
        let drawn = AtomicUsize::new(0);
        let jobs = (0..).inspect(|_| {
            drawn.fetch_add(1, Ordering::Relaxed);
        });
        // Just over a tenth of the window's bytes a job: a window holds ten jobs.
        let weight = |_: &usize| WINDOW_BYTES / 10 + 1;
        let done = on_pool(2, || {
            batch.run_weighted(
                jobs,
                weight,
                |_, job: &usize| *job,
                |row| {
                    if row == 25 {
                        Err(())
                    } else {
                        Ok(())
                    }
                },
            )
        });
        assert_eq!(done, Err(()));
        // Windows of ten: the error's row is in the third; the fourth is drawn meanwhile.
        assert_eq!(drawn.load(Ordering::Relaxed), 40);
    }

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

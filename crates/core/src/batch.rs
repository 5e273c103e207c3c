//! The batch driver: judge many logs in parallel, rows out in input order.
//!
//! Logs come as jobs of any kind (a file to read, a record of a JSON Lines file, a string
//! from Python); the caller says how a job becomes a [`Row`] (usually by reading it and calling
//! [`Batch::judge`]). [`Batch::run`] judges jobs on all threads of the current rayon pool in
//! windows of [`WINDOW`] jobs and hands the rows out in input order as each window is done, so
//! memory holds one window of rows whatever the number of logs.

use rayon::prelude::*;

use crate::{ErrorKind, Game, Judgement, LogError, Registry};

/// Jobs judged at once before their rows are handed out: the reorder window.
pub const WINDOW: usize = 4096;

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
}

impl<'r> Batch<'r> {
    /// A batch judging every log as `game` (a registered name), or recognising each log's game
    /// when `game` is `None` or `auto`.
    pub fn new(registry: &'r Registry, game: Option<&str>) -> Result<Batch<'r>, LogError> {
        let game = match game {
            None | Some("auto") => None,
            Some(name) => Some(Self::find(registry, name)?),
        };
        Ok(Batch { registry, game })
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
    pub fn judge(&self, log: &[u8], game: Option<&str>) -> Judged {
        let chosen = match game {
            None => self.game.map(Ok),
            Some("auto") => None,
            Some(name) => Some(Self::find(self.registry, name)),
        };
        let game = match chosen.unwrap_or_else(|| self.registry.detect(log)) {
            Ok(game) => game,
            Err(error) => return Judged::error(None, error),
        };
        Judged {
            game: Some(game.name()),
            result: game.audit(log),
        }
    }

    /// Turns every job into a row with `judge`, in parallel, and hands the rows to `on_row` in
    /// the order of `jobs`. Stops at the first error `on_row` returns.
    pub fn run<J: Sync, E>(
        &self,
        jobs: impl IntoIterator<Item = J>,
        judge: impl Fn(&Batch<'_>, &J) -> Row + Sync,
        mut on_row: impl FnMut(Row) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut window = Vec::with_capacity(WINDOW);
        let mut jobs = jobs.into_iter().peekable();
        while jobs.peek().is_some() {
            window.clear();
            window.extend(jobs.by_ref().take(WINDOW));
            let rows: Vec<Row> = window
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

//! `--live`: judge a game as it is played, one line at a time.
//!
//! The core's live driver ([`fairplay_core::live`]) reads lines as they arrive and reports
//! each event; the live printer ([`fairplay_report::live`]) words it. Each line of output is
//! written and flushed before the next line is read.

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;

use fairplay_core::{ErrorKind, Game, LogError};

use crate::Output;

/// Opens the live input: the file, or standard input for `-` or none.
fn open(file: Option<&Path>) -> anyhow::Result<Box<dyn BufRead>> {
    match file.filter(|p| *p != Path::new("-")) {
        Some(path) => Ok(Box::new(BufReader::new(crate::input::open_file(path)?))),
        None => Ok(Box::new(io::stdin().lock())),
    }
}

/// How a live session writes and ends.
pub struct Options {
    /// Exit with 1 when the game ended with a foul.
    pub exit_code: bool,
    /// One JSON object per event instead of a line of text.
    pub json: bool,
}

/// Runs a live session of `game` on the file (or standard input); output goes to standard
/// output as it happens.
pub fn run(
    game: &dyn Game,
    file: Option<&Path>,
    max_line: usize,
    options: &Options,
) -> anyhow::Result<Output> {
    let input = match open(file) {
        Ok(input) => input,
        Err(error) => return failed(options, error),
    };
    crate::input::hint_if_terminal(file, game.words(), true);
    let style = crate::report::style();
    let mut out = io::stdout().lock();
    let words = game.words();
    let session = fairplay_core::live::run(game, input, max_line, |event| {
        let line = if options.json {
            fairplay_report::live::json(&event)
        } else {
            fairplay_report::live::styled_line(words, &event, style)
        };
        writeln!(out, "{line}")?;
        out.flush()
    });
    match session {
        Ok(summary) => Ok(Output::from(String::new())
            .with_status(crate::report::status(options.exit_code, &summary.verdict))),
        // The reader of our output has gone (`| head`): nothing left to tell anyone.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(String::new().into()),
        Err(e) => {
            let name = file.filter(|p| *p != Path::new("-"));
            let name = name.map_or("<stdin>".into(), |p| p.display().to_string());
            failed(
                options,
                crate::error::Failure::new(name, format!("live session: {e}")).into(),
            )
        }
    }
}

/// A session that could not go on: with `--format json`, one `error` event on standard output
/// (an `io` error on no line) and exit status 2, as every outcome of `--format json` has its JSON;
/// in text, the error itself.
fn failed(options: &Options, error: anyhow::Error) -> anyhow::Result<Output> {
    if !options.json {
        return Err(error);
    }
    let error = LogError::new(ErrorKind::Io, 0, None, format!("{error:#}"));
    Ok(Output::from(format!("{}\n", fairplay_report::live::json_failure(&error))).with_status(2))
}

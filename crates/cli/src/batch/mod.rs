//! `fairplay batch`: judge many logs at once, in parallel on all cores.
//!
//! Inputs are log files, directories (searched recursively; every file whose name does not
//! start with `.` is a log) and JSON Lines files (`.jsonl` or `.ndjson`, or `-` for standard
//! input), one record per line:
//!
//! ```text
//! {"id": "table-7", "game": "quartets", "log": "2\n1 A 2 3C no\n2 A 1 3B yes\n"}
//! ```
//!
//! `log` is required; `id` (a string or a number) names the row, by default `<file>:<line>`;
//! `game` (`quartets`, `sequence` or `auto`) overrides `--game` for that record.
//!
//! Each log is read once (a big file, and every JSON Lines input, as a stream), then judged
//! through the games' [`fairplay_core::Game`]s by the core's batch driver
//! ([`fairplay_core::batch`]), in parallel, rows in input order; the rows are
//! written by [`fairplay_report::rows`] (columns `log`, `game`, `verdict`, `action`, `line`,
//! `actions`, `kind`, `detail`) as they come; a progress bar and the summary go to standard
//! error. A log that cannot be judged is reported in its row and never stops the batch.
//! This file holds the arguments and the run; [`inputs`] the listing and reading of logs.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use fairplay_core::batch::Batch;
use fairplay_core::Registry;
use fairplay_quartets::Quartets;
use fairplay_report::rows::{RowFormat, RowWriter, Tally};
use fairplay_sequence::Sequence;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::sequence::RulesMode;
use crate::variant::QuartetsVariant;

pub mod inputs;

/// Which game the logs are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameChoice {
    /// Recognise each log's game from its first action line.
    Auto,
    /// Every log is a Quartets log.
    Quartets,
    /// Every log is a Sequence log.
    Sequence,
}

/// How the rows are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned columns with a header line.
    Table,
    /// Comma-separated values (RFC 4180 quoting) with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

/// Options of `fairplay batch`.
#[derive(Args, Debug)]
#[command(after_help = "\
Inputs: log files; directories, searched recursively (every file whose name does not start
with `.` is taken as a log); JSON Lines files (`.jsonl`, `.ndjson`, or `-` for standard input),
one log per line: {\"id\": \"t7\", \"game\": \"quartets\", \"log\": \"2\\n1 A 2 3C no\\n2 A 1 3B yes\\n\"}
(`log` required; `id` names the row, default FILE:LINE; `game` overrides --game).

Rows (standard output, in input order), columns:
  log      the file path, or the record's id (FILE:LINE without one)
  game     quartets | sequence; empty when --game auto could not tell
  verdict  fair | foul | error (the log could not be judged)
  action   foul: the Quartets action after which cheating is certain, or the turn of the
           first illegal Sequence move; error: the action it is about, if any
  line     the line of the foul or of the error
  actions  number of actions (moves) in the log; empty for an error
  kind     the reason (no-deal, card-used-up, ...) or the error (malformed, rule, io, ...)
  detail   the reason or the error in plain words
A summary (logs, fair, foul, errors, throughput) goes to standard error, after a progress
bar when standard error is a terminal.

Exit status: 0 when the batch ran, whatever the verdicts (logs that could not be judged
included); 2 for unusable arguments (a path that does not exist, bad options).

Examples:
  fairplay batch logs/
  fairplay batch --format csv logs/ more.jsonl > verdicts.csv
  fairplay simulate quartets --count 1000 --cheat-rate 0.01 --jsonl | fairplay batch -")]
pub struct BatchArgs {
    /// Log files, directories (searched recursively) and JSON Lines files (`-`: JSON Lines on
    /// standard input).
    #[arg(required = true, value_name = "PATH")]
    #[arg(value_hint = clap::ValueHint::AnyPath)]
    paths: Vec<PathBuf>,
    /// The game of the logs.
    #[arg(long, value_enum, default_value_t = GameChoice::Auto)]
    game: GameChoice,
    /// How to write the rows.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Sequence logs: the rules to judge by.
    #[arg(long, value_enum, default_value_t = RulesMode::Contract)]
    rules: RulesMode,
    /// Sequence logs, --rules full: number of teams (2 or 3) [default: 3 if the log names
    /// red, else 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=3))]
    #[arg(value_hint = clap::ValueHint::Other)]
    teams: Option<u8>,
    /// Worker threads [default: one per core].
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    #[arg(value_hint = clap::ValueHint::Other)]
    jobs: Option<u16>,
    /// No progress bar, even on a terminal.
    #[arg(long)]
    no_progress: bool,
    /// The longest line a log may have, in bytes; a log with a longer line gets an error row
    /// naming it.
    #[arg(long, value_name = "BYTES", default_value_t = fairplay_core::lines::DEFAULT_MAX_LINE)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_line: usize,
    /// The longest JSON Lines record, in bytes; a longer one gets an error row and the rest of
    /// its input is still read [default: 256 MiB].
    #[arg(long, value_name = "BYTES", default_value_t = 256 << 20, hide_default_value = true)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_record: usize,
    // Last: the Quartets sizes come under their own heading in --help.
    #[command(flatten, next_help_heading = "Quartets logs")]
    variant: QuartetsVariant,
}

impl GameChoice {
    fn name(self) -> Option<&'static str> {
        match self {
            GameChoice::Auto => None,
            GameChoice::Quartets => Some("quartets"),
            GameChoice::Sequence => Some("sequence"),
        }
    }
}

impl From<Format> for RowFormat {
    fn from(format: Format) -> RowFormat {
        match format {
            Format::Table => RowFormat::Table,
            Format::Csv => RowFormat::Csv,
            Format::Jsonl => RowFormat::Jsonl,
        }
    }
}

pub fn run(args: BatchArgs) -> anyhow::Result<String> {
    let mut games = Registry::new();
    games
        .register(Quartets::new(args.variant.rules()?))
        .register(Sequence::new(args.rules.rules(args.teams)?));
    let batch = Batch::new(&games, args.game.name())?.with_max_line(args.max_line);
    let pool = {
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(jobs) = args.jobs {
            builder = builder.num_threads(usize::from(jobs));
        }
        builder.build()?
    };
    let start = Instant::now();
    inputs::check(&args.paths)?;
    // The jobs are drawn as the batch runs (a JSON Lines stream may be endless): the bar
    // counts logs and their rate, with no total.
    let jobs = inputs::Jobs::new(args.paths.clone(), args.max_record);
    let bar = (!args.no_progress && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
        bar.set_style(
            ProgressStyle::with_template("{spinner} {human_pos} logs judged, {per_sec}, {elapsed}")
                .expect("the progress template is valid"),
        );
        bar
    });
    let out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let mut writer = RowWriter::new(args.format.into(), out)?;
    let mut tally = Tally::default();
    let written = pool.install(|| {
        batch.run_weighted(jobs, inputs::Job::weight, inputs::judge, |row| {
            tally.add(&row);
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            writer.write(&row)
        })
    });
    let written = written.and_then(|()| writer.finish());
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => anyhow::bail!("cannot write the results: {e}"),
    }
    eprint!(
        "{}",
        tally.summary(start.elapsed(), pool.current_num_threads())
    );
    Ok(String::new())
}

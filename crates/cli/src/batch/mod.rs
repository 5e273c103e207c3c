//! `fairplay batch`: judge many logs at once, in parallel on all cores.
//!
//! Inputs are log files, directories (searched recursively; by default their `*.log`,
//! `*.jsonl` and `*.ndjson` files, also compressed as `.gz` or `.zst`, are judged; `--type`
//! and `--glob` choose others) and JSON Lines files (`.jsonl` or `.ndjson`, or `-` for
//! standard input), one record per line:
//!
//! ```text
//! {"id": "table-7", "game": "quartets", "log": "2\n1 A 2 3C no\n2 A 1 3B yes\n"}
//! ```
//!
//! `log` is required; `id` (a string or a number) names the row, by default `<file>:<line>`;
//! `game` (`quartets`, `sequence`, `gofish` or `auto`) overrides `--game` for that record.
//!
//! Each log is read once (a big file, a compressed one, and every JSON Lines input, as a
//! stream), then judged through the games' [`fairplay_core::Game`]s by the core's batch driver
//! ([`fairplay_core::batch`]), in parallel, rows in input order; the rows are written by
//! [`fairplay_report::rows`] (columns `log`, `game`, `verdict`, `action`, `line`, `actions`,
//! `kind`, `detail`, with `source` and `explanation` when asked) as they come; a progress bar
//! and the summary go to standard error, with a warning for each input that cannot be read
//! (exit status 2 at the end) and each duplicate id. A log that cannot be judged is reported
//! in its row and never stops the batch. This file holds the arguments and the run;
//! [`inputs`] the listing and reading of logs, [`walk`] the trees and their filters, [`read`]
//! the decompression, [`explain`] the explanations.

use std::collections::HashSet;
use std::fmt::Write;
use std::hash::BuildHasher;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, ValueEnum};
use fairplay_core::batch::Batch;
use fairplay_core::{ErrorKind, Game, Registry};
use fairplay_gofish::GoFish;
use fairplay_quartets::Quartets;
use fairplay_report::rows::{Columns, RowFormat, RowWriter, Tally};
use fairplay_sequence::Sequence;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::sequence::RulesMode;
use crate::variant::{GoFishOptions, QuartetsVariant};

pub mod explain;
pub mod inputs;
pub mod read;
pub mod record;
pub mod recycled;
pub mod walk;

/// Which game the logs are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameChoice {
    /// Recognise each log's game from its first action line.
    Auto,
    /// Every log is a Quartets log.
    Quartets,
    /// Every log is a Sequence log.
    Sequence,
    /// Every log is a Go Fish log.
    Gofish,
}

/// How the rows are written: the names of `quartets --format` and `sequence --format` for the
/// same things (`text` for people, `json` for programs), with the names of before as aliases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned columns with a header line (also `table`).
    #[value(alias = "table")]
    Text,
    /// Comma-separated values (RFC 4180 quoting) with a header line.
    Csv,
    /// One JSON object per row and line, JSON Lines (also `jsonl`).
    #[value(alias = "jsonl")]
    Json,
}

/// Options of `fairplay batch`.
#[derive(Args, Debug)]
#[command(after_help = "\
Inputs: log files; directories, searched recursively in name order (names starting with `.`
are left out; links to files are followed, to directories not); JSON Lines files (`.jsonl`,
`.ndjson`, or `-` for standard input), one log per line:
{\"id\": \"t7\", \"game\": \"quartets\", \"log\": \"2\\n1 A 2 3C no\\n2 A 1 3B yes\\n\"}
(`log` required; `id` names the row, default FILE:LINE; `game` overrides --game). Files ending
in `.gz` or `.zst` are decompressed as they are read (`x.log.gz`, `x.jsonl.zst`).

Which files of a directory are judged: by default `*.log`, `*.jsonl`, `*.ndjson` and their
`.gz` and `.zst` forms (--type log, --type jsonl: one kind; --type all: every file); plus the
files a --glob GLOB names; minus the files and directories a --glob '!GLOB' names. Globs have
the syntax of .gitignore lines, matched below the directory given; the last one that matches
a path decides. Files named on the command line are always judged.

Rows (standard output, in input order), columns:
  log      the file path, or the record's id (FILE:LINE without one)
  source   with --source (always in JSON Lines): the file the log was read from, FILE:LINE
           for a JSON Lines record
  game     quartets | sequence | gofish; empty when --game auto could not tell
  verdict  fair | foul | error (the log could not be judged)
  action   foul: the Quartets or Go Fish action after which cheating is certain, or the turn
           of the first illegal Sequence move; error: the action it is about, if any
  line     the line of the foul or of the error
  actions  number of actions (moves) in the log; empty for an error
  kind     the reason (no-deal, card-used-up, ...) or the error (malformed, rule, io, ...)
  detail   the reason or the error in plain words
  explanation
           with --explain: the foul explained (Quartets: proof and suspects; Sequence: the
           illegal move and its rule); in a table it ends the detail; JSON Lines rows also
           carry `proof` and `suspects` (Quartets) or `illegal` (Sequence)
A summary (logs, fair, foul, errors, throughput; the files of directories skipped for their
names, with the options that judge them) goes to standard error, after a progress line when
standard error is a terminal (logs judged of those found, the rate; neither with --quiet). So does a warning
`fairplay: warning: PATH: why` for every input that cannot be read (a missing path, a
directory that cannot be listed, an unreadable or corrupt file, an entry that is not a file),
which also gets a row of kind io, and for every record whose id an earlier record had.

Exit status: 0 when every input was read, whatever the verdicts (logs that are malformed or
break a rule are rows, not failures); 2 when some input could not be read (rows of kind io:
the batch goes on and ends with status 2), and for unusable arguments (bad options or globs).
With --exit-code, as for one log: 0 every log fair, 1 some log foul, 2 some log could not be
judged (an error row of any kind).

More (inputs, filters, rows, the summary, speed): fairplay help batch; man fairplay-batch.

Examples:
  fairplay batch logs/
  fairplay batch --format csv logs/ more.jsonl.gz > verdicts.csv
  fairplay batch --glob '*.txt' --glob '!old/' archive/
  fairplay simulate quartets --count 1000 --cheat-rate 0.01 --format jsonl | fairplay batch -")]
pub struct BatchArgs {
    /// Log files, directories (searched recursively) and JSON Lines files (`-`: JSON Lines on
    /// standard input); `.gz` and `.zst` files are decompressed.
    #[arg(required = true, value_name = "PATH")]
    #[arg(value_hint = clap::ValueHint::AnyPath)]
    paths: Vec<PathBuf>,
    /// The game of the logs.
    #[arg(long, value_enum, default_value_t = GameChoice::Auto)]
    game: GameChoice,
    /// How to write the rows.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Exit with 0 when every log is fair, 1 when some log is foul, 2 when some log could not be
    /// judged (as `fairplay quartets --exit-code` for one log). Without it, the verdicts do not
    /// change the exit status.
    #[arg(long)]
    exit_code: bool,
    /// Sequence logs: the rules to judge by.
    #[arg(long, value_enum, default_value_t = RulesMode::Contract)]
    rules: RulesMode,
    /// Sequence logs, --rules full: number of teams (2 or 3) [default: 3 if the log names
    /// red, else 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=3))]
    #[arg(value_hint = clap::ValueHint::Other)]
    teams: Option<u8>,
    #[command(flatten)]
    full: crate::sequence::FullRuleArgs,
    /// Worker threads [default: one per core].
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    #[arg(value_hint = clap::ValueHint::Other)]
    jobs: Option<u16>,
    /// No progress bar, even on a terminal.
    #[arg(long)]
    no_progress: bool,
    /// No summary and no progress bar (warnings are still written).
    #[arg(long, short = 'q')]
    quiet: bool,
    /// In directories, judge the files of this type (repeatable) [default: log and jsonl].
    #[arg(long = "type", value_enum, value_name = "TYPE")]
    types: Vec<walk::FileType>,
    /// In directories, also judge the files that match GLOB, or with `!GLOB` leave out the
    /// files and directories that match (repeatable; .gitignore syntax, the last match decides).
    #[arg(
        long = "glob",
        short = 'g',
        value_name = "GLOB",
        allow_hyphen_values = true,
        value_hint = clap::ValueHint::Other
    )]
    globs: Vec<String>,
    /// Add a `source` column: the file each log was read from (FILE:LINE for a JSON Lines
    /// record); JSON Lines rows always carry it.
    #[arg(long)]
    source: bool,
    /// Explain each foul: Quartets, the proof and the suspects; Sequence, the illegal move and
    /// the rule it breaks (an `explanation` column; JSON Lines rows also carry `proof` and
    /// `suspects`, or `illegal`).
    #[arg(long)]
    explain: bool,
    /// Replay each Quartets log on its true deal, when it has one: the file `X.deal` next to
    /// a log `X.log` (the hands as `fairplay quartets --deal` prints them), or the `deal` field
    /// of a JSON Lines record (a list of `{"player", "cards"}`). The false claims, when a
    /// watcher could prove each, and the physically impossible actions go to the
    /// `explanation` column (JSON Lines rows also carry `true_deal`).
    #[arg(long)]
    true_deals: bool,
    /// The longest line a log may have, in bytes; a log with a longer line gets an error row
    /// naming it.
    #[arg(long, value_name = "BYTES", default_value_t = fairplay_core::lines::DEFAULT_MAX_LINE)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_line: usize,
    /// The longest JSON Lines record, in bytes; a longer one gets an error row and the rest of
    /// its input is still read [default: 64 MiB].
    #[arg(long, value_name = "BYTES", default_value_t = 64 << 20, hide_default_value = true)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_record: usize,
    // Last: the Quartets sizes come under their own heading in --help.
    #[command(
        flatten,
        next_help_heading = "Quartets logs (Go Fish logs: --players too)"
    )]
    variant: QuartetsVariant,
    #[command(flatten, next_help_heading = "Go Fish logs")]
    gofish: GoFishOptions,
}

impl GameChoice {
    fn name(self) -> Option<&'static str> {
        match self {
            GameChoice::Auto => None,
            GameChoice::Quartets => Some("quartets"),
            GameChoice::Sequence => Some("sequence"),
            GameChoice::Gofish => Some("gofish"),
        }
    }
}

impl From<Format> for RowFormat {
    fn from(format: Format) -> RowFormat {
        match format {
            Format::Text => RowFormat::Table,
            Format::Csv => RowFormat::Csv,
            Format::Json => RowFormat::Jsonl,
        }
    }
}

/// Says on standard error that standard input, read as JSON Lines, holds something else, most
/// likely a plain log, and how to judge one.
fn plain_log_read_as_records(say: &impl Fn(&str)) {
    say(
        "warning: <stdin>:1: not a JSON Lines record: `fairplay batch -` reads standard input \
         as JSON Lines, one {\"log\": \"...\"} object per line",
    );
    say(
        "hint: judge a plain log with fairplay quartets FILE (or fairplay sequence FILE, \
         fairplay gofish FILE, or fairplay batch FILE for a file named *.log); `fairplay \
         quartets -` reads one from standard input",
    );
}

/// Ids checked for duplicates, at most: about 19 MiB of hashes.
const IDS_CHECKED: usize = 1_800_000;

/// Duplicate ids warned about one by one, at most.
const DUPLICATES_SHOWN: usize = 20;

/// The ids of a batch's records, by 64-bit hashes (a false duplicate is less likely than 1 in
/// a million over [`IDS_CHECKED`] ids), and the duplicates found.
#[derive(Default)]
struct Ids {
    seen: HashSet<u64>,
    hasher: std::hash::RandomState,
    duplicates: usize,
    full: bool,
}

impl Ids {
    /// Notes `id`; warns when an earlier record had it.
    fn check(&mut self, id: &str, source: &str, warn: &impl Fn(&str)) {
        if self.seen.len() >= IDS_CHECKED {
            if !self.full {
                self.full = true;
                warn(&format!(
                    "more than {IDS_CHECKED} ids: later ones are not checked for duplicates"
                ));
            }
            return;
        }
        if !self.seen.insert(self.hasher.hash_one(id)) {
            self.duplicates += 1;
            if self.duplicates <= DUPLICATES_SHOWN {
                warn(&format!(
                    "{source}: duplicate id `{id}`: an earlier record of this batch has it"
                ));
            }
        }
    }
}

pub fn run(args: BatchArgs) -> anyhow::Result<crate::Output> {
    let quartets = Quartets::new(args.variant.rules()?);
    let sequence_rules = args.rules.rules(args.teams)?;
    let sequence_options = args.full.options(sequence_rules)?;
    let sequence = Sequence::new(sequence_rules).with_options(sequence_options);
    let explainer = (args.explain || args.true_deals).then(|| explain::Explainer {
        fouls: args.explain,
        true_deals: args.true_deals,
        quartets: (quartets.name(), quartets.rules().clone()),
        sequence: (sequence.name(), sequence_rules, sequence_options),
    });
    let mut games = Registry::new();
    games.register(quartets).register(sequence);
    // Go Fish shares --players with Quartets, whose range is wider: a count Go Fish cannot
    // have is an error only when Go Fish logs are asked for.
    match args.gofish.rules(args.variant.players) {
        Ok(rules) => {
            games.register(GoFish::new(rules));
        }
        Err(error) if args.game == GameChoice::Gofish || args.gofish.given() => return Err(error),
        Err(_) => {}
    }
    let batch = Batch::new(&games, args.game.name())?.with_max_line(args.max_line);
    let filter = walk::Filter::new(&args.types, &args.globs)?;
    let skipped = filter.skipped();
    let pool = {
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(jobs) = args.jobs {
            builder = builder.num_threads(usize::from(jobs));
        }
        builder.build()?
    };
    let start = Instant::now();
    // The jobs are drawn as the batch runs (a JSON Lines stream may be endless): the bar counts
    // the logs judged against those found so far, which is the total once every input is read.
    let found = Arc::new(Found::default());
    let jobs = Counted {
        jobs: inputs::Jobs::new(args.paths.clone(), filter, args.max_record),
        found: Arc::clone(&found),
    };
    let bar = (!args.no_progress && !args.quiet && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
        let found = Arc::clone(&found);
        let style = ProgressStyle::with_template("{spinner} {progress}, {elapsed}")
            .expect("the progress template is valid")
            .with_key(
                "progress",
                move |state: &ProgressState, w: &mut dyn Write| {
                    let (logs, done) = found.get();
                    let _ = w.write_str(&progress(state.pos(), logs, done, state.per_sec()));
                },
            );
        bar.set_style(style);
        bar
    });
    let say = |text: &str| {
        let line = || eprintln!("fairplay: {text}");
        match &bar {
            Some(bar) => bar.suspend(line),
            None => line(),
        }
    };
    let warn = |text: &str| say(&format!("warning: {text}"));
    let mut told_plain = false;
    let out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let columns = Columns {
        source: args.source || args.format == Format::Json,
        explanation: args.explain || args.true_deals,
    };
    let mut writer = RowWriter::with_columns(args.format.into(), out, columns)?;
    let mut tally = Tally::default();
    let mut ids = Ids::default();
    let mut unread = 0usize;
    let judge = |batch: &Batch<'_>, job: &inputs::Job| {
        inputs::judge(batch, explainer.as_ref(), job, columns.source)
    };
    let written = pool.install(|| {
        batch.run_weighted(jobs, inputs::Job::weight, judge, |output| {
            let row = &output.row;
            tally.add(row);
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            if let Err(error) = &row.judged.result {
                if error.kind == ErrorKind::Io {
                    unread += 1;
                    warn(&format!("{}: {error}", row.log));
                }
                // Standard input whose first line is not a JSON object: most likely a plain log
                // (`fairplay batch - < game.log`): say what was meant, once.
                let source = output.extra.source.as_deref().unwrap_or_default();
                if !told_plain
                    && source == "<stdin>:1"
                    && error.message.ends_with(inputs::NOT_AN_OBJECT)
                {
                    told_plain = true;
                    plain_log_read_as_records(&say);
                }
            }
            if output.named_by_id {
                let source = output.extra.source.as_deref().unwrap_or_default();
                ids.check(&row.log, source, &warn);
            }
            writer.write_with(row, &output.extra)
        })
    });
    let written = written.and_then(|()| writer.finish());
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match written {
        Ok(()) => {}
        // The reader of the rows has gone (`| head`): the run ends quietly, and no summary
        // counts logs whose rows nobody read.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            return Ok(crate::Output::from(String::new()))
        }
        Err(e) => anyhow::bail!("<stdout>: cannot write the rows: {e}"),
    }
    if ids.duplicates > DUPLICATES_SHOWN {
        eprintln!(
            "fairplay: warning: {} duplicate ids in all (the first {DUPLICATES_SHOWN} are shown)",
            ids.duplicates
        );
    }
    let skipped = skipped.lock().ok().and_then(|skipped| skipped.note());
    if !args.quiet {
        eprint!(
            "{}{}",
            tally.summary(start.elapsed(), pool.current_num_threads()),
            skipped.as_deref().unwrap_or_default()
        );
    }
    if unread > 0 {
        anyhow::bail!(
            "batch: {} could not be read (the rows of kind io)",
            match unread {
                1 => "1 input".to_string(),
                n => format!("{n} inputs"),
            }
        );
    }
    let status = match (&tally, args.exit_code) {
        (_, false) => 0,
        (tally, true) if tally.errors > 0 => 2,
        (tally, true) if tally.foul > 0 => 1,
        _ => 0,
    };
    Ok(crate::Output::from(String::new()).with_status(status))
}

/// The jobs found so far, and whether every input has been read.
#[derive(Default)]
struct Found {
    jobs: AtomicU64,
    done: AtomicBool,
}

impl Found {
    fn get(&self) -> (u64, bool) {
        (
            self.jobs.load(Ordering::Relaxed),
            self.done.load(Ordering::Relaxed),
        )
    }
}

/// The jobs of a batch, counted as they are drawn (for the progress bar).
struct Counted {
    jobs: inputs::Jobs,
    found: Arc<Found>,
}

impl Iterator for Counted {
    type Item = inputs::Job;

    fn next(&mut self) -> Option<inputs::Job> {
        let job = self.jobs.next();
        match job {
            Some(_) => self.found.jobs.fetch_add(1, Ordering::Relaxed),
            None => u64::from(self.found.done.swap(true, Ordering::Relaxed)),
        };
        job
    }
}

/// The progress line: the logs judged, of how many (found so far, until every input is read),
/// and the rate, with as many digits as a rate of that size needs.
fn progress(judged: u64, found: u64, done: bool, per_second: f64) -> String {
    let logs = |n: u64| if n == 1 { "log" } else { "logs" };
    let of = match (done, found) {
        (true, found) => format!("{judged} of {found} {} judged", logs(found)),
        (false, found) => format!("{judged} {} judged, {found} found so far", logs(judged)),
    };
    let rate = match per_second {
        r if r >= 100.0 => format!("{r:.0}"),
        r if r >= 10.0 => format!("{r:.1}"),
        r => format!("{r:.2}"),
    };
    format!("{of}, {rate} logs/s")
}

#[cfg(test)]
mod tests {
    use super::progress;

    #[test]
    fn the_progress_line_counts_in_words() {
        assert_eq!(progress(1, 1, true, 3.0), "1 of 1 log judged, 3.00 logs/s");
        assert_eq!(
            progress(1, 40, false, 12.345),
            "1 log judged, 40 found so far, 12.3 logs/s"
        );
        assert_eq!(
            progress(2000, 5000, true, 81234.5678),
            "2000 of 5000 logs judged, 81235 logs/s"
        );
        assert_eq!(
            progress(0, 0, false, 0.0),
            "0 logs judged, 0 found so far, 0.00 logs/s"
        );
    }
}

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
//! Each log is read once, then judged by the engines' own audit functions
//! ([`fairplay_quartets::audit`], [`fairplay_sequence::audit_contract`],
//! [`fairplay_sequence::audit_full`]). One row per log, in input order, on standard output
//! (columns `log`, `game`, `verdict`, `action`, `actions`, `detail`); a progress bar and the
//! summary on standard error. A malformed log is reported in its row and never stops the
//! batch.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use fairplay_quartets::{audit, Rules};
use fairplay_sequence::{audit_contract, audit_full, Teams, Verdict as SequenceVerdict};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::explain::quartets_reason;
use crate::variant::QuartetsVariant;

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

/// The rules Sequence logs are judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SequenceRules {
    /// The spec's rules (token counts per card), as `fairplay sequence`.
    Contract,
    /// The real game on the real board, as `fairplay sequence --rules full`.
    Full,
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
  game     quartets | sequence | unknown (--game auto could not tell)
  verdict  honest | cheating | malformed
  action   cheating: the Quartets action after which cheating is certain, or the turn of
           the first illegal Sequence move; empty otherwise
  actions  number of actions (moves) in the log; empty when malformed
  detail   why cheating is certain, why the move is illegal, or what is malformed
A summary (logs, cheating, malformed, throughput) goes to standard error, after a progress
bar when standard error is a terminal.

Exit status: 0 when the batch ran, whatever the verdicts (malformed logs included); 2 for
unusable arguments (a path that does not exist, bad options).

Examples:
  fairplay batch logs/
  fairplay batch --format csv logs/ more.jsonl > verdicts.csv
  fairplay simulate quartets --count 1000 --cheat-rate 0.01 --jsonl | fairplay batch -")]
pub struct BatchArgs {
    /// Log files, directories (searched recursively) and JSON Lines files (`-`: JSON Lines on
    /// standard input).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The game of the logs.
    #[arg(long, value_enum, default_value_t = GameChoice::Auto)]
    game: GameChoice,
    /// How to write the rows.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Sequence logs: the rules to judge by.
    #[arg(long, value_enum, default_value_t = SequenceRules::Contract)]
    rules: SequenceRules,
    /// Sequence logs, --rules full: number of teams (2 or 3) [default: 3 if the log names
    /// red, else 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=3))]
    teams: Option<u8>,
    #[command(flatten)]
    variant: QuartetsVariant,
    /// Worker threads [default: one per core].
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// No progress bar, even on a terminal.
    #[arg(long)]
    no_progress: bool,
}

/// A game a log was judged as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    Quartets,
    Sequence,
}

impl Game {
    fn name(game: Option<Game>) -> &'static str {
        match game {
            Some(Game::Quartets) => "quartets",
            Some(Game::Sequence) => "sequence",
            None => "unknown",
        }
    }
}

/// The verdict on one log.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Honest {
        actions: usize,
    },
    Cheating {
        action: u64,
        actions: usize,
        detail: String,
    },
    Malformed {
        detail: String,
    },
}

/// One row of the output.
#[derive(Debug)]
struct Row {
    log: String,
    game: Option<Game>,
    outcome: Outcome,
    /// Bytes read for this log (the file, or the JSON Lines record).
    bytes: usize,
}

impl Row {
    fn verdict(&self) -> &'static str {
        match self.outcome {
            Outcome::Honest { .. } => "honest",
            Outcome::Cheating { .. } => "cheating",
            Outcome::Malformed { .. } => "malformed",
        }
    }

    fn action(&self) -> Option<u64> {
        match self.outcome {
            Outcome::Cheating { action, .. } => Some(action),
            _ => None,
        }
    }

    fn actions(&self) -> Option<usize> {
        match self.outcome {
            Outcome::Honest { actions } | Outcome::Cheating { actions, .. } => Some(actions),
            Outcome::Malformed { .. } => None,
        }
    }

    fn detail(&self) -> &str {
        match &self.outcome {
            Outcome::Honest { .. } => "",
            Outcome::Cheating { detail, .. } | Outcome::Malformed { detail } => detail,
        }
    }
}

/// What every worker needs to judge a log.
struct Judge {
    game: GameChoice,
    rules: Rules,
    sequence: SequenceRules,
    teams: Option<Teams>,
}

impl Judge {
    fn judge(&self, bytes: &[u8], choice: GameChoice) -> (Option<Game>, Outcome) {
        let game = match choice {
            GameChoice::Quartets => Game::Quartets,
            GameChoice::Sequence => Game::Sequence,
            GameChoice::Auto => match detect(bytes) {
                Ok(game) => game,
                Err(detail) => return (None, Outcome::Malformed { detail }),
            },
        };
        let outcome = match game {
            Game::Quartets => match audit(bytes, &self.rules) {
                Ok(report) => match report.cheating {
                    Some(c) => Outcome::Cheating {
                        action: c.contradiction.action as u64,
                        actions: report.actions,
                        detail: quartets_reason(&c.contradiction.reason),
                    },
                    None => Outcome::Honest {
                        actions: report.actions,
                    },
                },
                Err(e) => Outcome::Malformed {
                    detail: e.to_string(),
                },
            },
            Game::Sequence => {
                let judged = match self.sequence {
                    SequenceRules::Contract => {
                        audit_contract(bytes).map(|report| (report.verdict, report.moves))
                    }
                    SequenceRules::Full => {
                        audit_full(bytes, self.teams).map(|report| (report.verdict, report.moves))
                    }
                };
                match judged {
                    Ok((SequenceVerdict::Valid, moves)) => Outcome::Honest { actions: moves },
                    Ok((SequenceVerdict::Invalid { turn, illegal, .. }, moves)) => {
                        Outcome::Cheating {
                            action: turn,
                            actions: moves,
                            detail: illegal.to_string(),
                        }
                    }
                    Err(e) => Outcome::Malformed {
                        detail: e.to_string(),
                    },
                }
            }
        };
        (Some(game), outcome)
    }

    /// Reads and judges one log file.
    fn file(&self, path: &Path) -> Row {
        let log = path_text(path);
        match std::fs::read(path) {
            Ok(bytes) => {
                let (game, outcome) = self.judge(&bytes, self.game);
                Row {
                    log,
                    game,
                    outcome,
                    bytes: bytes.len(),
                }
            }
            Err(e) => Row {
                log,
                game: None,
                outcome: Outcome::Malformed {
                    detail: format!("cannot read: {e}"),
                },
                bytes: 0,
            },
        }
    }

    /// Judges one JSON Lines record (`line` is its 1-based line number in `source`).
    fn record(&self, source: &str, line: usize, text: &[u8]) -> Row {
        let default_id = || format!("{source}:{line}");
        let malformed = |log: String, detail: String| Row {
            log,
            game: None,
            outcome: Outcome::Malformed { detail },
            bytes: text.len(),
        };
        let record: Record = match serde_json::from_slice(text) {
            Ok(record) => record,
            Err(e) => {
                return malformed(
                    default_id(),
                    format!(
                        "not a JSON Lines log record ({{\"id\": ..., \"game\": ..., \"log\": ...}}): {e}"
                    ),
                )
            }
        };
        let log = match &record.id {
            None | Some(serde_json::Value::Null) => default_id(),
            Some(serde_json::Value::String(id)) => id.clone(),
            Some(other) => other.to_string(),
        };
        let choice = match record.game.as_deref() {
            None => self.game,
            Some("auto") => GameChoice::Auto,
            Some("quartets") => GameChoice::Quartets,
            Some("sequence") => GameChoice::Sequence,
            Some(other) => {
                return malformed(
                    log,
                    format!("unknown game `{other}` (quartets, sequence or auto)"),
                )
            }
        };
        let (game, outcome) = self.judge(record.log.as_bytes(), choice);
        Row {
            log,
            game,
            outcome,
            bytes: text.len(),
        }
    }
}

/// One JSON Lines record.
#[derive(Deserialize)]
struct Record<'a> {
    #[serde(default)]
    id: Option<serde_json::Value>,
    #[serde(default, borrow)]
    game: Option<Cow<'a, str>>,
    #[serde(borrow)]
    log: Cow<'a, str>,
}

/// Tells the game of a log from its first action line (after an optional count line).
fn detect(bytes: &[u8]) -> Result<Game, String> {
    let mut first = true;
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let trimmed = line.trim_ascii();
        if trimmed.is_empty() {
            continue;
        }
        if std::mem::take(&mut first) && trimmed.iter().all(u8::is_ascii_digit) {
            continue;
        }
        let number = index + 1;
        if let Ok(Some(_)) = fairplay_quartets::notation::parse_action(line, number) {
            return Ok(Game::Quartets);
        }
        if let Ok(Some(_)) = fairplay_sequence::notation::parse_move(line, number) {
            return Ok(Game::Sequence);
        }
        let shown = String::from_utf8_lossy(&trimmed[..trimmed.len().min(40)]);
        return Err(format!(
            "line {number}: cannot tell the game: `{}` is neither a Quartets action \
             (`1 A 2 3C no`, `1 Q 3`) nor a Sequence move (`1 5s P 5s`)",
            shown.escape_debug()
        ));
    }
    Err("cannot tell the game: the log has no action line (give --game)".to_string())
}

/// A log to judge.
enum Job {
    /// A log file.
    File(PathBuf),
    /// A line of a JSON Lines input: which input, its 1-based line number, its bytes.
    Record {
        source: usize,
        line: usize,
        range: Range<usize>,
    },
    /// A JSON Lines input that could not be read.
    Unreadable { name: String, error: String },
}

/// A JSON Lines input, read whole.
struct JsonLines {
    name: String,
    bytes: Vec<u8>,
}

fn is_json_lines(path: &Path) -> bool {
    path == Path::new("-")
        || path
            .extension()
            .is_some_and(|ext| ext == "jsonl" || ext == "ndjson")
}

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.as_encoded_bytes().first() == Some(&b'.'))
}

/// A path as text for a row (lossy only when it is not UTF-8).
fn path_text(path: &Path) -> String {
    match path.to_str() {
        Some(text) => text.to_owned(),
        None => path.display().to_string(),
    }
}

/// Lists the logs under `dir`, sorted by name, recursively. Symbolic links to files are
/// followed, to directories not (no loops).
fn walk(dir: &Path, files: &mut Vec<PathBuf>, json_lines: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| anyhow::anyhow!("cannot read directory {}: {e}", dir.display()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let entry =
            entry.map_err(|e| anyhow::anyhow!("cannot read directory {}: {e}", dir.display()))?;
        let path = entry.path();
        if is_hidden(&path) {
            continue;
        }
        let kind = entry.file_type()?;
        let is_dir = kind.is_dir();
        let is_file = kind.is_file() || (kind.is_symlink() && path.is_file());
        if is_dir || is_file {
            paths.push((path, is_dir));
        }
    }
    // All in one directory: comparing the bytes orders them by name, and is cheap.
    paths.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    for (path, is_dir) in paths {
        if is_dir {
            walk(&path, files, json_lines)?;
        } else if is_json_lines(&path) {
            json_lines.push(path);
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// Expands the paths given into jobs, in order. Paths that do not exist are an error.
fn collect(paths: &[PathBuf]) -> anyhow::Result<(Vec<Job>, Vec<JsonLines>)> {
    let mut jobs = Vec::new();
    let mut inputs = Vec::new();
    let mut add_json_lines = |path: &Path, jobs: &mut Vec<Job>| {
        let (name, read) = if path == Path::new("-") {
            let mut bytes = Vec::new();
            let read = io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes);
            ("<stdin>".to_string(), read)
        } else {
            (path_text(path), std::fs::read(path))
        };
        match read {
            Ok(bytes) => {
                let source = inputs.len();
                let mut start = 0;
                for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
                    let range = start..start + line.len();
                    start = range.end + 1;
                    if !line.trim_ascii().is_empty() {
                        jobs.push(Job::Record {
                            source,
                            line: index + 1,
                            range,
                        });
                    }
                }
                inputs.push(JsonLines { name, bytes });
            }
            Err(e) => jobs.push(Job::Unreadable {
                name,
                error: e.to_string(),
            }),
        }
    };
    for path in paths {
        if path == Path::new("-") {
            add_json_lines(path, &mut jobs);
            continue;
        }
        let metadata =
            std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if metadata.is_dir() {
            let (mut files, mut json_lines) = (Vec::new(), Vec::new());
            walk(path, &mut files, &mut json_lines)?;
            jobs.extend(files.into_iter().map(Job::File));
            for path in json_lines {
                add_json_lines(&path, &mut jobs);
            }
        } else if is_json_lines(path) {
            add_json_lines(path, &mut jobs);
        } else {
            jobs.push(Job::File(path.clone()));
        }
    }
    Ok((jobs, inputs))
}

pub fn run(args: BatchArgs) -> anyhow::Result<String> {
    let teams = args.teams.and_then(|n| Teams::new(usize::from(n)));
    if teams.is_some() && args.rules == SequenceRules::Contract {
        anyhow::bail!("--teams applies only with --rules full");
    }
    let judge = Judge {
        game: args.game,
        rules: args.variant.rules()?,
        sequence: args.rules,
        teams,
    };
    let pool = {
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(jobs) = args.jobs {
            builder = builder.num_threads(usize::from(jobs));
        }
        builder.build()?
    };
    let start = Instant::now();
    let (jobs, inputs) = collect(&args.paths)?;
    let bar = (!args.no_progress && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(
            Some(jobs.len() as u64),
            ProgressDrawTarget::stderr_with_hz(10),
        );
        bar.set_style(
            ProgressStyle::with_template(
                "{wide_bar} {percent:>3}% {human_pos}/{human_len} logs, eta {eta}",
            )
            .expect("the progress template is valid"),
        );
        bar
    });
    let rows: Vec<Row> = pool.install(|| {
        jobs.par_iter()
            .with_min_len(16)
            .map(|job| {
                let row = match job {
                    Job::File(path) => judge.file(path),
                    Job::Record {
                        source,
                        line,
                        range,
                    } => {
                        let input = &inputs[*source];
                        judge.record(&input.name, *line, &input.bytes[range.clone()])
                    }
                    Job::Unreadable { name, error } => Row {
                        log: name.clone(),
                        game: None,
                        outcome: Outcome::Malformed {
                            detail: format!("cannot read: {error}"),
                        },
                        bytes: 0,
                    },
                };
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
                row
            })
            .collect()
    });
    let elapsed = start.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let threads = pool.current_num_threads();
    match write_rows(&rows, args.format) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => anyhow::bail!("cannot write the results: {e}"),
    }
    eprint!("{}", summary(&rows, elapsed, threads));
    Ok(String::new())
}

fn write_rows(rows: &[Row], format: Format) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match format {
        Format::Table => write_table(rows, &mut out)?,
        Format::Csv => write_csv(rows, &mut out)?,
        Format::Jsonl => write_json_lines(rows, &mut out)?,
    }
    out.flush()
}

const COLUMNS: [&str; 6] = ["log", "game", "verdict", "action", "actions", "detail"];

fn number<T: ToString>(n: Option<T>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

fn write_table(rows: &[Row], out: &mut impl Write) -> io::Result<()> {
    let cells = |row: &Row| {
        [
            row.log.clone(),
            Game::name(row.game).to_string(),
            row.verdict().to_string(),
            number(row.action()),
            number(row.actions()),
        ]
    };
    let mut widths: [usize; 5] = std::array::from_fn(|i| COLUMNS[i].len());
    for row in rows {
        let cells = cells(row);
        for (width, cell) in widths.iter_mut().zip(&cells) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut line = String::new();
    let mut emit = |cells: [&str; 5], detail: &str, out: &mut dyn Write| {
        line.clear();
        for (i, (cell, width)) in cells.iter().zip(widths).enumerate() {
            let cell = if cell.is_empty() { "-" } else { cell };
            // Numbers right-aligned, words left-aligned.
            let _ = if i >= 3 && cell != COLUMNS[i] {
                write!(line, "{cell:>width$}  ")
            } else {
                write!(line, "{cell:<width$}  ")
            };
        }
        line.push_str(if detail.is_empty() { "-" } else { detail });
        line.push('\n');
        out.write_all(line.as_bytes())
    };
    emit(
        [COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3], COLUMNS[4]],
        COLUMNS[5],
        out,
    )?;
    for row in rows {
        let cells = cells(row);
        let detail = row.detail().replace(['\n', '\r'], " ");
        emit(
            [&cells[0], &cells[1], &cells[2], &cells[3], &cells[4]],
            &detail,
            out,
        )?;
    }
    Ok(())
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(field: &str) -> Cow<'_, str> {
    if field.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", field.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(field)
    }
}

fn write_csv(rows: &[Row], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", COLUMNS.join(","))?;
    for row in rows {
        writeln!(
            out,
            "{},{},{},{},{},{}",
            csv_field(&row.log),
            Game::name(row.game),
            row.verdict(),
            number(row.action()),
            number(row.actions()),
            csv_field(row.detail()),
        )?;
    }
    Ok(())
}

/// A row as JSON: absent values are `null`.
#[derive(Serialize)]
struct JsonRow<'a> {
    log: &'a str,
    game: &'a str,
    verdict: &'a str,
    action: Option<u64>,
    actions: Option<usize>,
    detail: Option<&'a str>,
}

fn write_json_lines(rows: &[Row], out: &mut impl Write) -> io::Result<()> {
    for row in rows {
        let detail = row.detail();
        let json = JsonRow {
            log: &row.log,
            game: Game::name(row.game),
            verdict: row.verdict(),
            action: row.action(),
            actions: row.actions(),
            detail: (!detail.is_empty()).then_some(detail),
        };
        serde_json::to_writer(&mut *out, &json)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The closing summary: counts, then throughput.
fn summary(rows: &[Row], elapsed: Duration, threads: usize) -> String {
    let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|row| f(row)).count();
    let quartets = count(&|row| row.game == Some(Game::Quartets));
    let sequence = count(&|row| row.game == Some(Game::Sequence));
    let unknown = rows.len() - quartets - sequence;
    let honest = count(&|row| matches!(row.outcome, Outcome::Honest { .. }));
    let cheating = count(&|row| matches!(row.outcome, Outcome::Cheating { .. }));
    let malformed = rows.len() - honest - cheating;
    let bytes: usize = rows.iter().map(|row| row.bytes).sum();
    let seconds = elapsed.as_secs_f64();
    let per_second = |n: f64| if seconds > 0.0 { n / seconds } else { 0.0 };
    let logs = if rows.len() == 1 { "log" } else { "logs" };
    let mut text = format!(
        "{} {logs} ({quartets} quartets, {sequence} sequence, {unknown} unknown): \
         {honest} honest, {cheating} with cheating, {malformed} malformed\n",
        rows.len()
    );
    let _ = writeln!(
        text,
        "{:.2} MB in {seconds:.3} s: {:.0} logs/s, {:.1} MB/s ({threads} threads)",
        bytes as f64 / 1e6,
        per_second(rows.len() as f64),
        per_second(bytes as f64 / 1e6),
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_game_from_the_first_action_line() {
        assert_eq!(detect(b"2\n1 A 2 3C no\n2 Q 3\n"), Ok(Game::Quartets));
        assert_eq!(detect(b"\n\n1 Q 3\n"), Ok(Game::Quartets));
        assert_eq!(detect(b"1\n1 5s P 5s\n"), Ok(Game::Sequence));
        assert_eq!(detect(b"1\r\n1 As P As@B2 blue\r\n"), Ok(Game::Sequence));
        let neither = detect(b"3\n1 A 2 3C maybe\n").unwrap_err();
        assert!(neither.starts_with("line 2: cannot tell the game: `1 A 2 3C maybe`"));
        assert!(detect(b"0\n").unwrap_err().contains("no action line"));
        assert!(detect(b"").unwrap_err().contains("no action line"));
    }

    #[test]
    fn csv_quotes_only_when_needed() {
        assert_eq!(csv_field("plain text"), "plain text");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"no\""), "\"say \"\"no\"\"\"");
    }
}

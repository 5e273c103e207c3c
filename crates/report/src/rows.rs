//! Batch rows: one row per judged log, as an aligned table, CSV or JSON Lines, and the
//! summary of a batch.
//!
//! Every format has the same columns:
//!
//! | column  | what |
//! | ------- | ---- |
//! | log     | the file path, or the record's id |
//! | game    | the game it was judged as; empty when it could not be told |
//! | verdict | `fair`, `foul`, or `error` when the log could not be judged |
//! | action  | the foul's action as the contract numbers it (Quartets: the action after which cheating is certain; Sequence: the turn of the first illegal move), or the action an error is about |
//! | line    | the line of the foul or of the error |
//! | actions | actions (moves) in the log; empty for an error |
//! | kind    | the reason's kind (`no-deal`, `card-used-up`) or the error's (`malformed`, `rule`, `io`) |
//! | detail  | the reason or the error in plain words |

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Duration;

use fairplay_core::batch::Row;
use fairplay_core::Verdict;

/// The columns, in order.
pub const COLUMNS: [&str; 8] = [
    "log", "game", "verdict", "action", "line", "actions", "kind", "detail",
];

/// How rows are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowFormat {
    /// Aligned columns with a header line (held until the end, to align them).
    Table,
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

/// The cells of a row, as text (`None`: empty).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Cells<'a> {
    /// See [`COLUMNS`].
    pub log: &'a str,
    /// The game.
    pub game: Option<&'a str>,
    /// `fair`, `foul` or `error`.
    pub verdict: &'static str,
    /// The foul's or the error's action.
    pub action: Option<u64>,
    /// The foul's or the error's line.
    pub line: Option<usize>,
    /// Actions in the log.
    pub actions: Option<usize>,
    /// The reason's or the error's kind.
    pub kind: Option<&'a str>,
    /// The reason or the error in words.
    pub detail: Option<String>,
}

impl<'a> Cells<'a> {
    /// The cells of `row`.
    pub fn of(row: &'a Row) -> Cells<'a> {
        let game = row.judged.game;
        match &row.judged.result {
            Ok(judgement) => {
                let foul = judgement.verdict.foul();
                Cells {
                    log: &row.log,
                    game,
                    verdict: judgement.verdict.name(),
                    action: foul.map(|f| f.action),
                    line: foul.map(|f| f.line),
                    actions: Some(judgement.actions),
                    kind: foul.map(|f| f.reason.kind),
                    detail: foul.map(|f| f.reason.message.clone()),
                }
            }
            Err(error) => Cells {
                log: &row.log,
                game,
                verdict: "error",
                action: error.action.map(|a| a as u64),
                line: (error.line > 0).then_some(error.line),
                actions: None,
                kind: Some(error.kind.name()),
                detail: Some(error.to_string()),
            },
        }
    }

    fn texts(&self) -> [String; 8] {
        let number = |n: Option<u64>| n.map(|n| n.to_string()).unwrap_or_default();
        [
            self.log.to_string(),
            self.game.unwrap_or_default().to_string(),
            self.verdict.to_string(),
            number(self.action),
            number(self.line.map(|n| n as u64)),
            number(self.actions.map(|n| n as u64)),
            self.kind.unwrap_or_default().to_string(),
            self.detail.clone().unwrap_or_default(),
        ]
    }
}

/// Writes rows in one format as they come.
pub struct RowWriter<W: Write> {
    sink: Sink<W>,
}

enum Sink<W: Write> {
    Jsonl(W),
    Csv(Box<csv::Writer<W>>),
    /// The table's rows, held to align them.
    Table(W, Vec<[String; 8]>),
}

impl<W: Write> RowWriter<W> {
    /// A writer of `format` rows into `out`; the header (table, CSV) comes first.
    pub fn new(format: RowFormat, out: W) -> io::Result<RowWriter<W>> {
        let sink = match format {
            RowFormat::Jsonl => Sink::Jsonl(out),
            RowFormat::Csv => {
                let mut csv = csv::Writer::from_writer(out);
                csv.write_record(COLUMNS)?;
                Sink::Csv(Box::new(csv))
            }
            RowFormat::Table => Sink::Table(out, vec![COLUMNS.map(str::to_string)]),
        };
        Ok(RowWriter { sink })
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) -> io::Result<()> {
        let cells = Cells::of(row);
        match &mut self.sink {
            Sink::Jsonl(out) => {
                serde_json::to_writer(&mut *out, &cells)?;
                out.write_all(b"\n")
            }
            Sink::Csv(csv) => Ok(csv.write_record(cells.texts())?),
            Sink::Table(_, rows) => {
                rows.push(cells.texts().map(|text| shown(&text)));
                Ok(())
            }
        }
    }

    /// Writes what is held (the table) and flushes.
    pub fn finish(self) -> io::Result<()> {
        match self.sink {
            Sink::Jsonl(mut out) => out.flush(),
            Sink::Csv(mut csv) => csv.flush(),
            Sink::Table(mut out, rows) => {
                write_table(&rows, &mut out)?;
                out.flush()
            }
        }
    }
}

/// A cell of the table on one line: line breaks and control characters escaped.
fn shown(text: &str) -> String {
    if text.chars().any(char::is_control) {
        text.chars().flat_map(char::escape_debug).collect()
    } else {
        text.to_string()
    }
}

fn write_table(rows: &[[String; 8]], out: &mut impl Write) -> io::Result<()> {
    let mut widths = [0usize; 7];
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count().max(1));
        }
    }
    let mut line = String::new();
    for (index, row) in rows.iter().enumerate() {
        line.clear();
        for (column, (cell, width)) in row.iter().zip(widths).enumerate() {
            let cell = if cell.is_empty() { "-" } else { cell };
            // Numbers right-aligned, words left-aligned; the header left-aligned.
            let _ = if (3..=5).contains(&column) && index > 0 {
                write!(line, "{cell:>width$}  ")
            } else {
                write!(line, "{cell:<width$}  ")
            };
        }
        line.push_str(if row[7].is_empty() { "-" } else { &row[7] });
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// Counts of a batch, kept as rows go by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Rows.
    pub logs: usize,
    /// Rows per game (`None`: not told).
    pub games: BTreeMap<Option<&'static str>, usize>,
    /// Fair logs.
    pub fair: usize,
    /// Foul logs.
    pub foul: usize,
    /// Logs that could not be judged.
    pub errors: usize,
    /// Bytes read.
    pub bytes: usize,
}

impl Tally {
    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.logs += 1;
        *self.games.entry(row.judged.game).or_default() += 1;
        match &row.judged.result {
            Ok(j) if j.verdict == Verdict::Fair => self.fair += 1,
            Ok(_) => self.foul += 1,
            Err(_) => self.errors += 1,
        }
        self.bytes += row.bytes;
    }

    /// The closing summary: counts, then throughput.
    ///
    /// ```
    /// let tally = fairplay_report::rows::Tally::default();
    /// let text = tally.summary(std::time::Duration::from_secs(1), 2);
    /// assert!(text.starts_with("0 logs (): 0 fair, 0 foul, 0 errors\n"));
    /// ```
    pub fn summary(&self, elapsed: Duration, threads: usize) -> String {
        // Known games by name, then the logs whose game could not be told.
        let known = self.games.iter().filter(|(game, _)| game.is_some());
        let unknown = self.games.iter().filter(|(game, _)| game.is_none());
        let games: Vec<String> = known
            .chain(unknown)
            .map(|(game, n)| format!("{n} {}", game.unwrap_or("unknown")))
            .collect();
        let seconds = elapsed.as_secs_f64();
        let per_second = |n: f64| if seconds > 0.0 { n / seconds } else { 0.0 };
        format!(
            "{} ({}): {} fair, {} foul, {}\n{:.2} MB in {seconds:.3} s: {:.0} logs/s, {:.1} MB/s ({threads} threads)\n",
            crate::words::count(self.logs, "log"),
            games.join(", "),
            self.fair,
            self.foul,
            crate::words::count(self.errors, "error"),
            self.bytes as f64 / 1e6,
            per_second(self.logs as f64),
            per_second(self.bytes as f64 / 1e6),
        )
    }
}

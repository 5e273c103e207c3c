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
//!
//! [`RowWriter::with_columns`] adds a `source` column (where the log was read) after `log`,
//! and an `explanation` column (a foul explained) after `detail`.

use std::borrow::Cow;
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
    /// Aligned columns with a header line, aligned a chunk of rows at a time.
    Table,
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

/// The optional columns a writer adds to [`COLUMNS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// A `source` column after `log`: where the log was read ([`Extra::source`]).
    pub source: bool,
    /// An `explanation` column after `detail` ([`Extra::explanation`]); in a table the
    /// explanation ends the `detail` cell instead, which stays the last, unpadded, column.
    pub explanation: bool,
}

/// What a row may carry beyond the core's [`Row`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extra {
    /// Where the log was read: a file's path, or `FILE:LINE` for a JSON Lines record.
    pub source: Option<String>,
    /// The verdict explained, when asked and there is something to explain.
    pub explanation: Option<Explained>,
}

/// An explanation of a row, written by a game's printer ([`crate::explained`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explained {
    /// One paragraph, for the table and CSV (and the `explanation` field of JSON Lines).
    pub text: String,
    /// Fields added to a JSON Lines row (such as `proof` and `suspects`).
    pub fields: serde_json::Map<String, serde_json::Value>,
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
    /// The reason or the error in words (a foul's borrowed from its reason).
    pub detail: Option<Cow<'a, str>>,
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
                    detail: foul.map(|f| Cow::Borrowed(f.reason.message.as_str())),
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
                detail: Some(Cow::Owned(error.to_string())),
            },
        }
    }

    /// Hands the cells' texts to `cell` one by one, in the order of the columns: a CSV row is
    /// written without building a cell.
    fn each_text<E>(
        &self,
        columns: Columns,
        extra: &Extra,
        mut cell: impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        cell(self.log)?;
        if columns.source {
            cell(extra.source.as_deref().unwrap_or_default())?;
        }
        cell(self.game.unwrap_or_default())?;
        cell(self.verdict)?;
        for number in [
            self.action,
            self.line.map(|n| n as u64),
            self.actions.map(|n| n as u64),
        ] {
            match number {
                Some(n) => cell(itoa::Buffer::new().format(n))?,
                None => cell("")?,
            }
        }
        cell(self.kind.unwrap_or_default())?;
        cell(self.detail.as_deref().unwrap_or_default())?;
        if columns.explanation {
            cell(extra.explanation.as_ref().map_or("", |e| e.text.as_str()))?;
        }
        Ok(())
    }

    /// The cells as text, in the order of the columns.
    fn texts(&self, columns: Columns, extra: &Extra) -> Vec<String> {
        let mut texts = Vec::new();
        let _ = self.each_text(columns, extra, |text| {
            texts.push(text.to_string());
            Ok::<(), ()>(())
        });
        texts
    }
}

/// The header: [`COLUMNS`] with the optional ones.
fn header(columns: Columns) -> Vec<&'static str> {
    let mut header = vec![COLUMNS[0]];
    if columns.source {
        header.push("source");
    }
    header.extend(&COLUMNS[1..]);
    if columns.explanation {
        header.push("explanation");
    }
    header
}

/// Rows of a table held before they are aligned and written: the writer's memory stays
/// bounded whatever the number of rows.
pub const TABLE_CHUNK: usize = 4096;

/// Writes rows in one format as they come.
pub struct RowWriter<W: Write> {
    sink: Sink<W>,
    columns: Columns,
}

enum Sink<W: Write> {
    Jsonl(W),
    Csv(Box<csv::Writer<W>>),
    Table(Table<W>),
}

/// A table written a chunk at a time: each chunk is aligned on the widest cells seen so far.
struct Table<W> {
    out: W,
    /// The rows of the chunk (the header first, in the first chunk).
    rows: Vec<Vec<String>>,
    /// Whether the first row held is the header.
    header: bool,
    /// The widths of the padded columns (all but the last), never narrowing.
    widths: Vec<usize>,
    /// Which columns hold numbers (right-aligned).
    numbers: Vec<bool>,
}

impl<W: Write> RowWriter<W> {
    /// A writer of `format` rows with the columns [`COLUMNS`] into `out`; the header (table,
    /// CSV) comes first.
    pub fn new(format: RowFormat, out: W) -> io::Result<RowWriter<W>> {
        RowWriter::with_columns(format, out, Columns::default())
    }

    /// A writer of `format` rows with the columns [`COLUMNS`] and the optional `columns`.
    pub fn with_columns(format: RowFormat, out: W, columns: Columns) -> io::Result<RowWriter<W>> {
        let header = header(columns);
        let sink = match format {
            RowFormat::Jsonl => Sink::Jsonl(out),
            RowFormat::Csv => {
                let mut csv = csv::Writer::from_writer(out);
                csv.write_record(&header).map_err(io_error)?;
                Sink::Csv(Box::new(csv))
            }
            RowFormat::Table => {
                // In a table the explanation ends the detail cell.
                let header: Vec<String> = header
                    .iter()
                    .filter(|&&column| column != "explanation")
                    .map(|column| column.to_string())
                    .collect();
                let numbers = header
                    .iter()
                    .map(|column| ["action", "line", "actions"].contains(&column.as_str()))
                    .collect();
                Sink::Table(Table {
                    out,
                    widths: vec![0; header.len() - 1],
                    rows: vec![header],
                    header: true,
                    numbers,
                })
            }
        };
        Ok(RowWriter { sink, columns })
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) -> io::Result<()> {
        self.write_with(row, &Extra::default())
    }

    /// Writes one row with what it carries beyond the core's row.
    pub fn write_with(&mut self, row: &Row, extra: &Extra) -> io::Result<()> {
        let cells = Cells::of(row);
        match &mut self.sink {
            Sink::Jsonl(out) => {
                write_json(&mut *out, &cells, self.columns, extra)?;
                out.write_all(b"\n")
            }
            Sink::Csv(csv) => {
                cells
                    .each_text(self.columns, extra, |text| csv.write_field(text))
                    .map_err(io_error)?;
                csv.write_record(None::<&[u8]>).map_err(io_error)
            }
            Sink::Table(table) => {
                let shown = Columns {
                    explanation: false,
                    ..self.columns
                };
                let mut texts = cells.texts(shown, extra);
                if self.columns.explanation {
                    if let Some(explained) = &extra.explanation {
                        let detail = texts.last_mut().expect("a row has a detail");
                        if !detail.is_empty() {
                            detail.push_str(" \u{2014} ");
                        }
                        detail.push_str(&explained.text);
                    }
                }
                table
                    .rows
                    .push(texts.iter().map(|text| shown_cell(text)).collect());
                if table.rows.len() >= TABLE_CHUNK {
                    table.write_chunk()?;
                }
                Ok(())
            }
        }
    }

    /// Writes what is held (the table's last chunk) and flushes.
    pub fn finish(self) -> io::Result<()> {
        match self.sink {
            Sink::Jsonl(mut out) => out.flush(),
            Sink::Csv(mut csv) => csv.flush(),
            Sink::Table(mut table) => {
                table.write_chunk()?;
                table.out.flush()
            }
        }
    }
}

/// A CSV writer's error as the error of the write under it, when it is one (so that a closed
/// pipe is still a closed pipe).
fn io_error(error: csv::Error) -> io::Error {
    if !error.is_io_error() {
        return io::Error::other(error);
    }
    match error.into_kind() {
        csv::ErrorKind::Io(error) => error,
        kind => io::Error::other(format!("{kind:?}")),
    }
}

/// One JSON Lines row: the cells, then `source`, and with explanations `explanation` and the
/// game's fields.
fn write_json(
    out: &mut impl Write,
    cells: &Cells<'_>,
    columns: Columns,
    extra: &Extra,
) -> io::Result<()> {
    if !columns.source && !columns.explanation {
        return Ok(serde_json::to_writer(out, cells)?);
    }
    #[derive(serde::Serialize)]
    struct Json<'a> {
        #[serde(flatten)]
        cells: &'a Cells<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        source: Option<Option<&'a str>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        explanation: Option<Option<&'a str>>,
        #[serde(flatten)]
        fields: Option<&'a serde_json::Map<String, serde_json::Value>>,
    }
    let explained = extra.explanation.as_ref();
    let json = Json {
        cells,
        source: columns.source.then_some(extra.source.as_deref()),
        explanation: columns
            .explanation
            .then_some(explained.map(|e| e.text.as_str())),
        fields: explained.filter(|_| columns.explanation).map(|e| &e.fields),
    };
    Ok(serde_json::to_writer(out, &json)?)
}

impl<W: Write> Table<W> {
    /// Aligns the rows held on the widest cells seen so far and writes them.
    fn write_chunk(&mut self) -> io::Result<()> {
        for row in &self.rows {
            for (width, cell) in self.widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count().max(1));
            }
        }
        let mut line = String::new();
        for (index, row) in self.rows.iter().enumerate() {
            let is_header = self.header && index == 0;
            line.clear();
            for ((cell, &width), &number) in row.iter().zip(&self.widths).zip(&self.numbers) {
                let cell = if cell.is_empty() { "-" } else { cell };
                // Numbers right-aligned, words left-aligned; the header left-aligned.
                let _ = if number && !is_header {
                    write!(line, "{cell:>width$}  ")
                } else {
                    write!(line, "{cell:<width$}  ")
                };
            }
            let last = row.last().map_or("", String::as_str);
            line.push_str(if last.is_empty() { "-" } else { last });
            line.push('\n');
            self.out.write_all(line.as_bytes())?;
        }
        self.rows.clear();
        self.header = false;
        Ok(())
    }
}

/// A cell of the table on one line: line breaks and control characters escaped.
fn shown_cell(text: &str) -> String {
    if text.chars().any(char::is_control) {
        text.chars().flat_map(char::escape_debug).collect()
    } else {
        text.to_string()
    }
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
    /// assert!(text.starts_with("0 logs: 0 fair, 0 foul, 0 errors\n"));
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
        // No logs, no games to list: `0 logs: ...`, not `0 logs (): ...`.
        let games = match games.is_empty() {
            true => String::new(),
            false => format!(" ({})", games.join(", ")),
        };
        format!(
            "{}{games}: {} fair, {} foul, {}\n{:.2} MB in {seconds:.3} s: {:.0} logs/s, {:.1} MB/s ({threads} threads)\n",
            crate::words::count(self.logs, "log"),
            self.fair,
            self.foul,
            crate::words::count(self.errors, "error"),
            self.bytes as f64 / 1e6,
            per_second(self.logs as f64),
            per_second(self.bytes as f64 / 1e6),
        )
    }
}

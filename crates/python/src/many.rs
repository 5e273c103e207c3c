//! Many logs at once: `judge_many` judges a sequence of strings or an Arrow string array in
//! parallel with the core's batch driver, without the GIL, into one Arrow record batch of
//! rows: `index`, then the columns of `fairplay batch` (`fairplay_report::rows::Cells`) but
//! the log's name.
//!
//! Every option is checked first, then the input (its kind, and the type of every item of a
//! sequence), before a thread is started or a log judged. The logs are then judged in chunks
//! of at most [`CHUNK_LOGS`] logs and [`CHUNK_BYTES`] (or one longer log): a chunk of a Python
//! sequence is read with the GIL (a `str` as the UTF-8 Python holds for it, a `bytes` as it
//! is: no copy of ours), judged without it and let go; between chunks the call checks for
//! signals, so Ctrl-C stops it within a chunk. Beyond the rows, memory holds one chunk.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::DataType;
use fairplay_core::batch::{Batch, Judged, Row};
use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{ErrorKind, LogError, Registry};
use fairplay_quartets::Quartets;
use fairplay_report::rows::Cells;
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyDict, PyList, PySequence, PyString};
use pyo3::IntoPyObjectExt;
use rayon::ThreadPool;

use crate::columns::{Full, RowColumns};
use crate::errors::usage;
use crate::options::{int, int_or_default, USIZE_MAX};
use crate::pool::MAX_THREADS;
use crate::text::Text;

/// Most logs judged between two checks for signals.
pub const CHUNK_LOGS: usize = 4 * fairplay_core::batch::WINDOW;

/// Most bytes of logs judged between two checks for signals (a longer log is a chunk alone):
/// what a chunk of a Python sequence holds beyond the logs themselves.
pub const CHUNK_BYTES: usize = fairplay_core::batch::WINDOW_BYTES;

/// One Arrow chunk of logs: strings or binary, of any offset width or as views.
enum Column<'a> {
    Utf8(&'a arrow_array::StringArray),
    LargeUtf8(&'a arrow_array::LargeStringArray),
    Utf8View(&'a arrow_array::StringViewArray),
    Binary(&'a arrow_array::BinaryArray),
    LargeBinary(&'a arrow_array::LargeBinaryArray),
    BinaryView(&'a arrow_array::BinaryViewArray),
    Null,
}

impl<'a> Column<'a> {
    fn of(chunk: &'a dyn Array) -> PyResult<Column<'a>> {
        Ok(match chunk.data_type() {
            DataType::Utf8 => Column::Utf8(chunk.as_string()),
            DataType::LargeUtf8 => Column::LargeUtf8(chunk.as_string()),
            DataType::Utf8View => Column::Utf8View(chunk.as_string_view()),
            DataType::Binary => Column::Binary(chunk.as_binary()),
            DataType::LargeBinary => Column::LargeBinary(chunk.as_binary()),
            DataType::BinaryView => Column::BinaryView(chunk.as_binary_view()),
            DataType::Null => Column::Null,
            other => {
                return Err(PyTypeError::new_err(format!(
                    "expected an Arrow array of strings (logs), found {other}"
                )))
            }
        })
    }

    /// The log at `row` (`None`: a null).
    fn get(&self, row: usize, chunk: &dyn Array) -> Option<&'a [u8]> {
        if chunk.is_null(row) {
            return None;
        }
        Some(match self {
            Column::Utf8(array) => array.value(row).as_bytes(),
            Column::LargeUtf8(array) => array.value(row).as_bytes(),
            Column::Utf8View(array) => array.value(row).as_bytes(),
            Column::Binary(array) => array.value(row),
            Column::LargeBinary(array) => array.value(row),
            Column::BinaryView(array) => array.value(row),
            Column::Null => return None,
        })
    }
}

/// The logs of a call.
enum Input<'py> {
    /// Arrow chunks, kept alive while their logs are judged where they lie.
    Arrow(Vec<ArrayRef>),
    /// A Python sequence of `str`, `bytes` or `None`.
    Sequence(Bound<'py, PySequence>),
}

impl<'py> Input<'py> {
    /// The logs `logs` holds: an Arrow array (or a one-column table), or a sequence whose items
    /// are all logs. Anything else (an iterator, a set, a dict) is a `TypeError`: it may be
    /// endless, and a dict would be judged by its keys.
    fn of(logs: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
        if crate::arrow::is_arrow(logs)? {
            let chunks = crate::arrow::import(logs)?;
            for chunk in &chunks {
                Column::of(chunk.as_ref())?;
            }
            return Ok(Input::Arrow(chunks));
        }
        if logs.is_instance_of::<PyString>() || logs.is_instance_of::<PyBytes>() {
            return Err(PyTypeError::new_err(
                "judge_many takes many logs (a list or an Arrow array); judge one with judge()",
            ));
        }
        let Ok(sequence) = logs.cast::<PySequence>() else {
            return Err(PyTypeError::new_err(format!(
                "judge_many takes a sequence of logs (a list or a tuple) or an Arrow array of \
                 strings, not a {}: make a list of a few logs, or judge a stream of logs in \
                 chunks (the guide's \"A stream of logs\")",
                logs.get_type().name()?
            )));
        };
        for (index, item) in sequence.try_iter()?.enumerate() {
            let item = item?;
            if !(item.is_none()
                || item.is_instance_of::<PyString>()
                || item.is_instance_of::<PyBytes>())
            {
                return Err(PyTypeError::new_err(format!(
                    "log {index}: a log is a str or bytes, not {}",
                    item.get_type().name()?
                )));
            }
        }
        Ok(Input::Sequence(sequence.clone()))
    }

    fn len(&self) -> PyResult<usize> {
        match self {
            Input::Arrow(chunks) => Ok(chunks.iter().map(|chunk| chunk.len()).sum()),
            Input::Sequence(sequence) => sequence.len(),
        }
    }
}

/// The judging of one call: the batch, the pool it runs on, the rows so far.
struct Judging<'b> {
    batch: &'b Batch<'b>,
    pool: Option<Arc<ThreadPool>>,
    columns: RowColumns,
    /// The index of the next log.
    next: usize,
}

impl Judging<'_> {
    /// Judges `logs`, the next chunk, without the GIL, after a check for signals (Ctrl-C).
    fn chunk(&mut self, py: Python<'_>, logs: &[Option<&[u8]>]) -> PyResult<()> {
        py.check_signals()?;
        let Judging {
            batch,
            pool,
            columns,
            next,
        } = self;
        let done = py.detach(|| {
            let mut run = || {
                batch.run(logs.iter().copied(), judge_log, |judged| {
                    let row = Row {
                        log: String::new(),
                        judged,
                        bytes: 0,
                    };
                    columns.push(*next, &Cells::of(&row))?;
                    *next += 1;
                    Ok::<(), Full>(())
                })
            };
            match pool {
                Some(pool) => pool.install(run),
                None => run(),
            }
        });
        done.map_err(|Full| no_memory(self.next))
    }

    /// Judges a sequence, a chunk at a time.
    fn sequence(&mut self, py: Python<'_>, logs: &Bound<'_, PySequence>) -> PyResult<()> {
        let mut at = 0;
        loop {
            let end = logs.len()?;
            let mut held: Vec<Option<Text>> = Vec::new();
            let mut bytes = 0;
            while at < end && held.len() < CHUNK_LOGS && bytes < CHUNK_BYTES {
                let item = logs.get_item(at)?;
                let text = if item.is_none() {
                    None
                } else {
                    Some(Text::required(&item, "a log")?)
                };
                bytes += text.as_ref().map_or(0, |text| text.len());
                held.push(text);
                at += 1;
            }
            if held.is_empty() {
                return Ok(());
            }
            let chunk: Vec<Option<&[u8]>> = held.iter().map(|text| text.as_deref()).collect();
            self.chunk(py, &chunk)?;
        }
    }

    /// Judges Arrow chunks where they lie, a chunk of logs at a time.
    fn arrow(&mut self, py: Python<'_>, chunks: &[ArrayRef]) -> PyResult<()> {
        let mut logs: Vec<Option<&[u8]>> = Vec::new();
        for chunk in chunks {
            let column = Column::of(chunk.as_ref())?;
            let mut row = 0;
            while row < chunk.len() {
                logs.clear();
                let mut bytes = 0;
                while row < chunk.len() && logs.len() < CHUNK_LOGS && bytes < CHUNK_BYTES {
                    let log = column.get(row, chunk.as_ref());
                    bytes += log.map_or(0, <[u8]>::len);
                    logs.push(log);
                    row += 1;
                }
                self.chunk(py, &logs)?;
            }
        }
        Ok(())
    }
}

/// The judgement of one log of a chunk (`None`: a null).
fn judge_log(batch: &Batch<'_>, log: &Option<&[u8]>) -> Judged {
    match log {
        Some(log) => batch.judge(log, None),
        None => Judged::error(
            None,
            LogError::new(ErrorKind::Malformed, 0, None, "no log (a null)"),
        ),
    }
}

/// The `MemoryError` of rows that memory cannot hold.
fn no_memory(rows: usize) -> PyErr {
    PyMemoryError::new_err(format!(
        "judge_many: no memory for the rows (after {rows} rows): judge fewer logs at a time"
    ))
}

/// The rows of `judge_many`: one Arrow record batch, read through `__arrow_c_stream__`
/// (`pyarrow.table(rows)`, `polars.DataFrame(rows)`).
#[pyclass(module = "fairplay._fairplay", frozen)]
pub struct Rows {
    batch: RecordBatch,
}

#[pymethods]
impl Rows {
    /// The rows as a C stream of one record batch (the Arrow PyCapsule interface).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The rows have one schema; a requested one is a hint that may be ignored.
        let _ = requested_schema;
        crate::arrow::export(py, &self.batch)
    }

    /// The schema of the rows (the Arrow PyCapsule interface).
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        crate::arrow::export_schema(py, &self.batch)
    }

    fn __len__(&self) -> usize {
        self.batch.num_rows()
    }

    /// The rows as a list of dicts keyed by the columns, as `pyarrow.Table.to_pylist` gives
    /// them: what to read the rows with when pyarrow is not installed.
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let names = self.batch.schema_ref().fields().iter().map(|f| f.name());
        let names: Vec<Bound<'py, PyString>> = names.map(|n| PyString::new(py, n)).collect();
        let rows = PyList::empty(py);
        for row in 0..self.batch.num_rows() {
            let dict = PyDict::new(py);
            for (name, column) in names.iter().zip(self.batch.columns()) {
                dict.set_item(name, cell(py, column, row)?)?;
            }
            rows.append(dict)?;
        }
        Ok(rows)
    }
}

/// The cell of `column` at `row` as Python: `None`, an `int` or a `str` (the rows' columns are
/// 64-bit integers and strings).
fn cell(py: Python<'_>, column: &ArrayRef, row: usize) -> PyResult<Py<PyAny>> {
    if column.is_null(row) {
        return Ok(py.None());
    }
    match column.data_type() {
        DataType::Int64 => column
            .as_primitive::<arrow_array::types::Int64Type>()
            .value(row)
            .into_py_any(py),
        DataType::Utf8 => column.as_string::<i32>().value(row).into_py_any(py),
        other => Err(usage(format!("a column of type {other} in the rows"))),
    }
}

/// Judges many logs in parallel (all cores, or `threads`) without holding the GIL, as
/// `fairplay batch` does: each log's game told from it (`game="auto"`) or named. The Quartets
/// variant, the Sequence rules and the Go Fish variant are those of `fairplay batch`.
#[pyfunction]
#[pyo3(signature = (logs, *, game="auto", threads=None, players=None, sets=None,
    cards_per_set=None, hands=None, rules="contract", teams=None, first=None, card_plays=None,
    ranks=None, hand=None, fish_turn=None, max_line=None))]
#[allow(clippy::too_many_arguments)]
pub fn judge_many(
    py: Python<'_>,
    logs: &Bound<'_, PyAny>,
    game: &str,
    threads: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    sets: Option<&Bound<'_, PyAny>>,
    cards_per_set: Option<&Bound<'_, PyAny>>,
    hands: Option<Vec<Bound<'_, PyAny>>>,
    rules: &str,
    teams: Option<&Bound<'_, PyAny>>,
    first: Option<&str>,
    card_plays: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    hand: Option<&Bound<'_, PyAny>>,
    fish_turn: Option<&str>,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Rows> {
    // Every option first: nothing is read, started or judged before they are all good.
    let threads: Option<usize> = threads
        .map(|n| int(n, "threads", 1..=MAX_THREADS))
        .transpose()?;
    let max_line = int_or_default(max_line, "max_line", 0..=USIZE_MAX, DEFAULT_MAX_LINE)?;
    let quartets = Quartets::new(crate::quartets::rules(players, sets, cards_per_set, hands)?);
    let sequence = crate::sequence::game(rules, teams, first, card_plays)?;
    // Go Fish shares `players` with Quartets, as in `fairplay batch`: a count that Go Fish
    // cannot have (its range is narrower) leaves Go Fish out rather than failing the call,
    // unless Go Fish logs are asked for (`game="gofish"`, or an option only Go Fish has).
    let gofish = crate::gofish::Options {
        players: None,
        ranks,
        hand,
        fish_turn,
    };
    let gofish_rules = match gofish.rules_for(quartets.rules().players()) {
        Ok(rules) => Some(rules),
        Err(error) if game == "gofish" || gofish.given() => return Err(error),
        Err(_) => None,
    };
    let mut games = Registry::new();
    games.register(quartets).register(sequence);
    if let Some(rules) = gofish_rules {
        games.register(fairplay_gofish::GoFish::new(rules));
    }
    let batch = Batch::new(&games, Some(game))
        .map_err(|e| usage(e.message))?
        .with_max_line(max_line);
    let input = Input::of(logs)?;
    let count = input.len()?;
    let mut judging = Judging {
        batch: &batch,
        // No logs, no threads: a call on none (Spark's driver checking the options) starts none.
        pool: match (threads, count) {
            (Some(threads), 1..) => Some(crate::pool::of(threads)?),
            _ => None,
        },
        columns: RowColumns::with_capacity(count).map_err(|Full| no_memory(0))?,
        next: 0,
    };
    match &input {
        Input::Arrow(chunks) => judging.arrow(py, chunks)?,
        Input::Sequence(sequence) => judging.sequence(py, sequence)?,
    }
    let batch = judging.columns.finish().map_err(usage)?;
    Ok(Rows { batch })
}

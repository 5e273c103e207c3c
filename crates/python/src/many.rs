//! Many logs at once: `judge_many` judges a list of strings or an Arrow string array in
//! parallel with the core's batch driver, without the GIL, into one Arrow record batch of
//! rows: `index`, then the columns of `fairplay batch` (`fairplay_report::rows::Cells`) but
//! the log's name.

use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use fairplay_core::batch::{Batch, Judged, Row};
use fairplay_core::{ErrorKind, LogError, Registry};
use fairplay_quartets::Quartets;
use fairplay_report::rows::Cells;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;

use crate::errors::usage;

/// The logs of a call, borrowed from Arrow arrays or from one buffer copied from a list.
enum Logs {
    /// Arrow chunks, kept alive while their slices are judged.
    Arrow(Vec<ArrayRef>),
    /// Strings of a list, end to end, with each one's range (`None`: not a string).
    Copied(Vec<u8>, Vec<Option<(usize, usize)>>),
}

impl Logs {
    /// Every log as bytes, in order (`None`: a null).
    fn slices(&self) -> PyResult<Vec<Option<&[u8]>>> {
        match self {
            Logs::Copied(buffer, ranges) => Ok(ranges
                .iter()
                .map(|range| range.map(|(start, end)| &buffer[start..end]))
                .collect()),
            Logs::Arrow(chunks) => {
                let mut logs = Vec::with_capacity(chunks.iter().map(|c| c.len()).sum());
                for chunk in chunks {
                    push_chunk(&mut logs, chunk.as_ref())?;
                }
                Ok(logs)
            }
        }
    }
}

/// The logs of one Arrow chunk: strings or binary, of any offset width or as views.
fn push_chunk<'a>(logs: &mut Vec<Option<&'a [u8]>>, chunk: &'a dyn Array) -> PyResult<()> {
    macro_rules! push {
        ($array:expr, $bytes:expr) => {{
            let array = $array;
            logs.extend((0..array.len()).map(|i| array.is_valid(i).then(|| $bytes(array.value(i)))))
        }};
    }
    match chunk.data_type() {
        DataType::Utf8 => push!(chunk.as_string::<i32>(), str::as_bytes),
        DataType::LargeUtf8 => push!(chunk.as_string::<i64>(), str::as_bytes),
        DataType::Utf8View => push!(chunk.as_string_view(), str::as_bytes),
        DataType::Binary => push!(chunk.as_binary::<i32>(), std::convert::identity),
        DataType::LargeBinary => push!(chunk.as_binary::<i64>(), std::convert::identity),
        DataType::BinaryView => push!(chunk.as_binary_view(), std::convert::identity),
        DataType::Null => logs.extend(std::iter::repeat_n(None, chunk.len())),
        other => {
            return Err(PyTypeError::new_err(format!(
                "expected an Arrow array of strings (logs), found {other}"
            )))
        }
    }
    Ok(())
}

/// The logs of a Python sequence of `str` (or `bytes`, or `None`), copied into one buffer.
fn copy_list(logs: &Bound<'_, PyAny>) -> PyResult<Logs> {
    // Any iterable of logs; its length, when it has one, only sizes the buffers.
    let count = logs.len().unwrap_or(0);
    let mut buffer = Vec::new();
    let mut ranges = Vec::with_capacity(count);
    for item in logs.try_iter()? {
        let item = item?;
        let start = buffer.len();
        if let Ok(text) = item.cast::<PyString>() {
            buffer.extend_from_slice(text.to_cow()?.as_bytes());
        } else if let Ok(bytes) = item.cast::<PyBytes>() {
            buffer.extend_from_slice(bytes.as_bytes());
        } else if item.is_none() {
            ranges.push(None);
            continue;
        } else {
            return Err(PyTypeError::new_err(format!(
                "log {}: a log is a str or bytes, not {}",
                ranges.len(),
                item.get_type().name()?
            )));
        }
        ranges.push(Some((start, buffer.len())));
    }
    Ok(Logs::Copied(buffer, ranges))
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

/// The columns of the rows, in order.
pub const COLUMNS: [&str; 8] = [
    "index", "game", "verdict", "action", "line", "actions", "kind", "detail",
];

/// Column builders, filled in input order.
struct Builders {
    index: Int64Builder,
    game: StringBuilder,
    verdict: StringBuilder,
    action: Int64Builder,
    line: Int64Builder,
    actions: Int64Builder,
    kind: StringBuilder,
    detail: StringBuilder,
}

impl Builders {
    fn new(rows: usize) -> Builders {
        let strings = || StringBuilder::with_capacity(rows, rows * 8);
        Builders {
            index: Int64Builder::with_capacity(rows),
            game: strings(),
            verdict: strings(),
            action: Int64Builder::with_capacity(rows),
            line: Int64Builder::with_capacity(rows),
            actions: Int64Builder::with_capacity(rows),
            kind: strings(),
            detail: StringBuilder::with_capacity(rows, rows),
        }
    }

    fn push(&mut self, index: usize, row: &Row) {
        let cells = Cells::of(row);
        let number = |n: Option<u64>| n.and_then(|n| i64::try_from(n).ok());
        self.index.append_value(index as i64);
        self.game.append_option(cells.game);
        self.verdict.append_value(cells.verdict);
        self.action.append_option(number(cells.action));
        self.line
            .append_option(number(cells.line.map(|n| n as u64)));
        self.actions
            .append_option(number(cells.actions.map(|n| n as u64)));
        self.kind.append_option(cells.kind);
        self.detail.append_option(cells.detail);
    }

    fn finish(mut self) -> Result<RecordBatch, arrow_schema::ArrowError> {
        let numbers = [1, 0, 0, 1, 1, 1, 0, 0];
        let fields: Vec<Field> = COLUMNS
            .iter()
            .zip(numbers)
            .map(|(name, number)| {
                let data_type = if number == 1 {
                    DataType::Int64
                } else {
                    DataType::Utf8
                };
                // Every row has an index and a verdict; the other cells may be empty.
                Field::new(*name, data_type, !matches!(*name, "index" | "verdict"))
            })
            .collect();
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.index.finish()),
            Arc::new(self.game.finish()),
            Arc::new(self.verdict.finish()),
            Arc::new(self.action.finish()),
            Arc::new(self.line.finish()),
            Arc::new(self.actions.finish()),
            Arc::new(self.kind.finish()),
            Arc::new(self.detail.finish()),
        ];
        RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
    }
}

/// Judges many logs in parallel (all cores, or `threads`) without holding the GIL, as
/// `fairplay batch` does: each log's game told from it (`game="auto"`) or named.
#[pyfunction]
#[pyo3(signature = (logs, *, game="auto", threads=None, players=4, sets=8, cards_per_set=4,
    hands=None, rules="contract", teams=None, first=None, card_plays=None))]
#[allow(clippy::too_many_arguments)]
pub fn judge_many(
    py: Python<'_>,
    logs: &Bound<'_, PyAny>,
    game: &str,
    threads: Option<usize>,
    players: usize,
    sets: usize,
    cards_per_set: usize,
    hands: Option<Vec<u32>>,
    rules: &str,
    teams: Option<u8>,
    first: Option<&str>,
    card_plays: Option<&Bound<'_, PyAny>>,
) -> PyResult<Rows> {
    let quartets = Quartets::new(crate::quartets::rules(players, sets, cards_per_set, hands)?);
    let sequence = crate::sequence::game(rules, teams, first, card_plays)?;
    let mut games = Registry::new();
    games.register(quartets).register(sequence);
    let batch = Batch::new(&games, Some(game)).map_err(|e| usage(e.message))?;
    let pool = match threads {
        Some(0) => return Err(usage("threads: at least 1")),
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(usage)?,
        ),
        None => None,
    };
    let logs = if crate::arrow::is_arrow(logs)? {
        Logs::Arrow(crate::arrow::import(logs)?)
    } else if logs.is_instance_of::<PyString>() || logs.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "judge_many takes many logs (a list or an Arrow array); judge one with judge()",
        ));
    } else {
        copy_list(logs)?
    };
    let slices = logs.slices()?;
    let batch = py.detach(|| {
        let run = || judge_all(&batch, &slices);
        match &pool {
            Some(pool) => pool.install(run),
            None => run(),
        }
    });
    Ok(Rows {
        batch: batch.map_err(usage)?,
    })
}

/// The rows of `logs`, in order.
fn judge_all(
    batch: &Batch<'_>,
    logs: &[Option<&[u8]>],
) -> Result<RecordBatch, arrow_schema::ArrowError> {
    let mut builders = Builders::new(logs.len());
    let mut index = 0;
    let judge = |batch: &Batch<'_>, log: &Option<&[u8]>| match log {
        Some(log) => batch.judge(log, None),
        None => Judged::error(
            None,
            LogError::new(ErrorKind::Malformed, 0, None, "no log (a null)"),
        ),
    };
    let done: Result<(), std::convert::Infallible> =
        batch.run(logs.iter().copied(), judge, |judged| {
            let row = Row {
                log: String::new(),
                judged,
                bytes: 0,
            };
            builders.push(index, &row);
            index += 1;
            Ok(())
        });
    let Ok(()) = done;
    builders.finish()
}

//! The columns of `judge_many`'s rows, grown with fallible allocation: the rows of more logs
//! than memory holds end in a `MemoryError`, not in an abort of the interpreter. The space for
//! the fixed-width cells of every row is asked for before any log is judged, so a call that
//! cannot hold its rows fails at once; only the words of errors grow as rows come.

use std::collections::TryReserveError;
use std::sync::Arc;

use arrow_array::{ArrayRef, Int64Array, RecordBatch, StringArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use fairplay_report::rows::Cells;

/// The columns of the rows, in order.
pub const COLUMNS: [&str; 8] = [
    "index", "game", "verdict", "action", "line", "actions", "kind", "detail",
];

/// Why the rows could not grow: no memory, or string cells past Arrow's 2 GiB per column.
#[derive(Debug)]
pub struct Full;

impl From<TryReserveError> for Full {
    fn from(_: TryReserveError) -> Full {
        Full
    }
}

/// Which cells hold a value, one bit per row.
#[derive(Default)]
struct Validity {
    bits: Vec<u8>,
    rows: usize,
    nulls: usize,
}

impl Validity {
    fn reserve(&mut self, rows: usize) -> Result<(), Full> {
        let bytes = (self.rows + rows).div_ceil(8);
        Ok(self
            .bits
            .try_reserve(bytes.saturating_sub(self.bits.len()))?)
    }

    fn push(&mut self, valid: bool) -> Result<(), Full> {
        if self.rows % 8 == 0 {
            self.bits.try_reserve(1)?;
            self.bits.push(0);
        }
        if valid {
            self.bits[self.rows / 8] |= 1 << (self.rows % 8);
        } else {
            self.nulls += 1;
        }
        self.rows += 1;
        Ok(())
    }

    fn finish(self) -> Option<NullBuffer> {
        (self.nulls > 0).then(|| {
            NullBuffer::new(BooleanBuffer::new(
                Buffer::from_vec(self.bits),
                0,
                self.rows,
            ))
        })
    }
}

/// A column of 64-bit integers.
#[derive(Default)]
struct Numbers {
    values: Vec<i64>,
    valid: Validity,
}

impl Numbers {
    fn reserve(&mut self, rows: usize) -> Result<(), Full> {
        self.values.try_reserve(rows)?;
        self.valid.reserve(rows)
    }

    fn push(&mut self, value: Option<u64>) -> Result<(), Full> {
        let value = value.and_then(|n| i64::try_from(n).ok());
        self.values.try_reserve(1)?;
        self.values.push(value.unwrap_or(0));
        self.valid.push(value.is_some())
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        let nulls = self.valid.finish();
        Ok(Arc::new(Int64Array::try_new(
            ScalarBuffer::from(self.values),
            nulls,
        )?))
    }
}

/// A column of strings.
struct Strings {
    offsets: Vec<i32>,
    bytes: Vec<u8>,
    valid: Validity,
}

impl Strings {
    fn new() -> Strings {
        Strings {
            offsets: vec![0],
            bytes: Vec::new(),
            valid: Validity::default(),
        }
    }

    /// Room for `rows` more rows of about `width` bytes each.
    fn reserve(&mut self, rows: usize, width: usize) -> Result<(), Full> {
        self.offsets.try_reserve(rows)?;
        self.bytes.try_reserve(rows.saturating_mul(width))?;
        self.valid.reserve(rows)
    }

    fn push(&mut self, value: Option<&str>) -> Result<(), Full> {
        let text = value.unwrap_or_default().as_bytes();
        self.bytes.try_reserve(text.len())?;
        self.bytes.extend_from_slice(text);
        let end = i32::try_from(self.bytes.len()).map_err(|_| Full)?;
        self.offsets.try_reserve(1)?;
        self.offsets.push(end);
        self.valid.push(value.is_some())
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        let nulls = self.valid.finish();
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        Ok(Arc::new(StringArray::try_new(
            offsets,
            Buffer::from_vec(self.bytes),
            nulls,
        )?))
    }
}

/// The rows of `judge_many`, filled in input order.
pub struct RowColumns {
    index: Numbers,
    game: Strings,
    verdict: Strings,
    action: Numbers,
    line: Numbers,
    actions: Numbers,
    kind: Strings,
    detail: Strings,
}

impl RowColumns {
    /// Columns with room for the fixed-width cells of `rows` rows (and the usual words of
    /// `game`, `verdict` and `kind`), or [`Full`] at once when memory cannot hold them.
    pub fn with_capacity(rows: usize) -> Result<RowColumns, Full> {
        let mut columns = RowColumns {
            index: Numbers::default(),
            game: Strings::new(),
            verdict: Strings::new(),
            action: Numbers::default(),
            line: Numbers::default(),
            actions: Numbers::default(),
            kind: Strings::new(),
            detail: Strings::new(),
        };
        for numbers in [
            &mut columns.index,
            &mut columns.action,
            &mut columns.line,
            &mut columns.actions,
        ] {
            numbers.reserve(rows)?;
        }
        // `quartets` or `sequence`; `fair`, `foul` or `error`; most rows have no kind nor detail.
        columns.game.reserve(rows, 8)?;
        columns.verdict.reserve(rows, 4)?;
        columns.kind.reserve(rows, 0)?;
        columns.detail.reserve(rows, 0)?;
        Ok(columns)
    }

    /// The row of the log at `index`.
    pub fn push(&mut self, index: usize, cells: &Cells<'_>) -> Result<(), Full> {
        self.index.push(Some(index as u64))?;
        self.game.push(cells.game)?;
        self.verdict.push(Some(cells.verdict))?;
        self.action.push(cells.action)?;
        self.line.push(cells.line.map(|n| n as u64))?;
        self.actions.push(cells.actions.map(|n| n as u64))?;
        self.kind.push(cells.kind)?;
        self.detail.push(cells.detail.as_deref())
    }

    /// The rows as one record batch, the columns [`COLUMNS`] (integers `int64`, words
    /// `string`; only `index` and `verdict` are never null).
    pub fn finish(self) -> Result<RecordBatch, ArrowError> {
        let numbers = [true, false, false, true, true, true, false, false];
        let fields: Vec<Field> = COLUMNS
            .iter()
            .zip(numbers)
            .map(|(name, number)| {
                let data_type = if number {
                    DataType::Int64
                } else {
                    DataType::Utf8
                };
                Field::new(*name, data_type, !matches!(*name, "index" | "verdict"))
            })
            .collect();
        let columns = vec![
            self.index.finish()?,
            self.game.finish()?,
            self.verdict.finish()?,
            self.action.finish()?,
            self.line.finish()?,
            self.actions.finish()?,
            self.kind.finish()?,
            self.detail.finish()?,
        ];
        RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
    }
}

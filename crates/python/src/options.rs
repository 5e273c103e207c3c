//! Whole-number options (`players`, `threads`, `at`, ...) as Python gives them: any `int`,
//! checked against its range before it is converted, so a negative number or one too big for
//! a machine word is the same `ValueError` as any other number out of range, naming the option
//! and the range (never an `OverflowError`).

use std::fmt::Display;
use std::ops::RangeInclusive;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// `value`, an int in `range`, as a `T`: else `ValueError("NAME: VALUE: expected a number from
/// MIN to MAX")`, or a `TypeError` for what is not an int.
///
/// `T` must hold every number of `range` (the ranges here are the engines' own bounds).
pub fn int<T: TryFrom<u64>>(
    value: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<u64>,
) -> PyResult<T> {
    let expected = format!(
        "expected a number from {} to {}",
        range.start(),
        range.end()
    );
    int_or(value, name, range, expected)
}

/// [`int`] with its own words for a number out of range: `NAME: VALUE: EXPECTED`.
pub fn int_or<T: TryFrom<u64>>(
    value: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<u64>,
    expected: impl Display,
) -> PyResult<T> {
    if !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected an int, not {}",
            value.get_type().name()?
        )));
    }
    // An int that is negative or above u64 fails this conversion: it is out of range too.
    match value.extract::<u64>() {
        Ok(number) if range.contains(&number) => T::try_from(number)
            .map_err(|_| PyValueError::new_err(format!("{name}: {value}: {expected}"))),
        _ => Err(PyValueError::new_err(format!(
            "{name}: {value}: {expected}"
        ))),
    }
}

/// [`int`] of an option that may be left out: `default` then.
pub fn int_or_default<T: TryFrom<u64>>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    range: RangeInclusive<u64>,
    default: T,
) -> PyResult<T> {
    value.map_or(Ok(default), |value| int(value, name, range))
}

/// The largest number a `usize` holds, as a range's end.
pub const USIZE_MAX: u64 = usize::MAX as u64;

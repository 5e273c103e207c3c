//! A log (or a line) as Python gives it, `str` or `bytes`, held without a copy of our own so
//! that it can be judged without the GIL: `bytes` as they are, a `str` as its UTF-8 encoding
//! (made by Python, so a failure to allocate it is Python's `MemoryError`).
//!
//! A `str` that has no UTF-8 encoding (a lone surrogate such as `"\ud800"`) is read as the bytes
//! Python's `surrogatepass` error handler gives it, which are not UTF-8 either: the engines
//! then name the line as they name any line of bytes that is not text, so such a log is a
//! `LogError` (an error row in `judge_many`), never a `UnicodeEncodeError`.

use std::ops::Deref;

use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyBytes, PyString};

/// The bytes of a `str` or of a `bytes`, kept alive by the object they belong to.
pub enum Text {
    /// A `str`'s UTF-8 encoding.
    Str(PyBackedStr),
    /// A `bytes` object, or the `surrogatepass` encoding of a `str` that has no UTF-8 one.
    Bytes(PyBackedBytes),
}

impl Deref for Text {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Text::Str(text) => text.as_bytes(),
            Text::Bytes(bytes) => bytes,
        }
    }
}

impl Text {
    /// `object` as a log: a `str` or `bytes`, else `None` (the caller says what else it takes).
    pub fn of(object: &Bound<'_, PyAny>) -> PyResult<Option<Text>> {
        if let Ok(text) = object.cast::<PyString>() {
            return match PyBackedStr::try_from(text.clone()) {
                Ok(text) => Ok(Some(Text::Str(text))),
                Err(error) if error.is_instance_of::<PyUnicodeEncodeError>(object.py()) => {
                    let bytes = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
                    Ok(Some(Text::Bytes(PyBackedBytes::from(
                        bytes.cast_into::<PyBytes>()?,
                    ))))
                }
                Err(error) => Err(error),
            };
        }
        if let Ok(bytes) = object.cast::<PyBytes>() {
            return Ok(Some(Text::Bytes(PyBackedBytes::from(bytes.clone()))));
        }
        Ok(None)
    }

    /// `object` as a log, or a `TypeError` naming what it is (`what`: "a log", "a line").
    pub fn required(object: &Bound<'_, PyAny>, what: &str) -> PyResult<Text> {
        match Text::of(object)? {
            Some(text) => Ok(text),
            None => Err(PyTypeError::new_err(format!(
                "{what} is a str or bytes, not {}",
                object.get_type().name()?
            ))),
        }
    }
}

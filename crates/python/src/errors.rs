//! Errors crossing into Python: a log that cannot be judged is a `fairplay.LogError` of its
//! kind (the classes are defined in Python, `fairplay/_errors.py`); bad options are
//! `ValueError`s.

use fairplay_core::LogError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Why a call failed: the log (with its game, when known), or the options.
#[derive(Debug)]
pub enum Failure {
    /// The log could not be judged.
    Log(Option<&'static str>, LogError),
    /// The options are not usable, in words.
    Usage(String),
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Usage(message) => PyValueError::new_err(message),
            Failure::Log(game, error) => Python::attach(|py| log_error(py, game, &error)),
        }
    }
}

/// The `fairplay.LogError` subclass of `error`'s kind, with its `kind`, `line`, `action`,
/// `message` and `game`; its text is the error's, as the command line writes it.
pub fn log_error(py: Python<'_>, game: Option<&str>, error: &LogError) -> PyErr {
    raise(py, game, error, error.to_string())
}

/// [`log_error`] for a line of a game judged as it is played: its text is the place and the
/// message as `--live` words an ignored line (`line 2: ...`, with no action number).
pub fn live_error(py: Python<'_>, game: Option<&str>, error: &LogError) -> PyErr {
    let text = match error.line {
        0 => error.message.clone(),
        line => format!("line {line}: {}", error.message),
    };
    raise(py, game, error, text)
}

fn raise(py: Python<'_>, game: Option<&str>, error: &LogError, text: String) -> PyErr {
    let raise = || -> PyResult<PyErr> {
        let module = py.import("fairplay._errors")?;
        let class = module.getattr("error_class")?.call1((error.kind.name(),))?;
        let instance = class.call1((
            text,
            error.kind.name(),
            error.line,
            error.action,
            error.message.as_str(),
            game,
        ))?;
        Ok(PyErr::from_value(instance))
    };
    raise().unwrap_or_else(|e| e)
}

/// A `ValueError` with `message`.
pub fn usage(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

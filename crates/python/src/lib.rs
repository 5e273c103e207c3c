//! # fairplay-python
//!
//! The native half of the `fairplay` Python package (`fairplay._fairplay`): a thin layer over
//! the engines and the printers. It judges, explains and words nothing itself: a verdict is the
//! engine's, a document is `fairplay_report::json`'s (the one `--format json` prints), a row is
//! `fairplay_report::rows::Cells` (the one `fairplay batch` writes), a live line is
//! `fairplay_report::live`'s. The Python modules (`python/fairplay/`) give these a typed API.
//!
//! * [`quartets::quartets_judge`], [`sequence::sequence_judge`], [`gofish::gofish_judge`]: one
//!   log, as the JSON document or the human report of the command line;
//! * [`referee::Referee`]: one game judged a line at a time;
//! * [`many::judge_many`]: many logs in parallel, without the GIL, from a list or an Arrow
//!   array (the Arrow PyCapsule interface, [`arrow`]), into an Arrow table of rows.
//!
//! A log that cannot be judged raises `fairplay.LogError` (a subclass per kind, [`errors`]);
//! bad options raise `ValueError` naming the option ([`options`]); rows that memory cannot hold
//! raise `MemoryError` ([`columns`]). Nothing here panics or aborts on any input.

#![warn(missing_docs)]

use pyo3::prelude::*;

pub mod arrow;
pub mod columns;
pub mod errors;
pub mod gofish;
pub mod many;
pub mod options;
pub mod pool;
pub mod quartets;
pub mod referee;
pub mod sequence;
pub mod text;
pub mod value;

/// The game of a log (`quartets`, `sequence` or `gofish`), told from its first action line as
/// `fairplay batch --game auto` tells it; `fairplay.UnknownGameError` when no game's notation
/// reads it.
#[pyfunction]
fn detect(py: Python<'_>, log: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let log = text::Text::required(log, "a log")?;
    let mut games = fairplay_core::Registry::new();
    games
        .register(fairplay_quartets::Quartets::new(
            fairplay_quartets::Rules::standard(),
        ))
        .register(fairplay_sequence::Sequence::new(
            fairplay_sequence::SequenceRules::Contract,
        ))
        .register(fairplay_gofish::GoFish::new(
            fairplay_gofish::Rules::standard(),
        ));
    games
        .detect(&log)
        .map(|game| game.name())
        .map_err(|error| errors::log_error(py, None, &error))
}

/// The module `fairplay._fairplay`.
#[pymodule]
fn _fairplay(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("SCHEMA_VERSION", fairplay_core::SCHEMA_VERSION)?;
    m.add("MAX_THREADS", pool::MAX_THREADS)?;
    m.add("DEFAULT_MAX_LINE", fairplay_core::lines::DEFAULT_MAX_LINE)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(quartets::quartets_judge, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence_judge, m)?)?;
    m.add_function(wrap_pyfunction!(gofish::gofish_judge, m)?)?;
    m.add_function(wrap_pyfunction!(many::judge_many, m)?)?;
    m.add_function(wrap_pyfunction!(referee::quartets_referee, m)?)?;
    m.add_function(wrap_pyfunction!(referee::sequence_referee, m)?)?;
    m.add_function(wrap_pyfunction!(referee::gofish_referee, m)?)?;
    m.add_class::<referee::Referee>()?;
    m.add_class::<many::Rows>()?;
    Ok(())
}

//! The report crate's serde models (documents, verdicts, fouls) as Python objects.

use pyo3::prelude::*;

/// `model` as Python (`None`, `bool`, `int`, `str`, `list`, `dict`), through the JSON the
/// command line prints for it: each dict's keys in the order of that JSON's fields, so that
/// `json.dumps(value, indent=2, ensure_ascii=False)` writes the command line's bytes.
pub fn model_to_py(py: Python<'_>, model: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    let json = serde_json::to_string(model).map_err(crate::errors::usage)?;
    json_to_py(py, &json)
}

/// A JSON text the report crate wrote, as Python (`json.loads`).
pub fn json_to_py(py: Python<'_>, json: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}

/// What judging one log gives: the JSON document or the human report.
pub enum Answer {
    /// The JSON document, as the command line writes it (without its layout).
    Document(String),
    /// The text: the contract, or the human report of the explanations asked for.
    Text(String),
}

impl Answer {
    /// The document `model`, as the command line writes it.
    pub fn document(model: &impl serde::Serialize) -> Result<Answer, crate::errors::Failure> {
        serde_json::to_string(model)
            .map(Answer::Document)
            .map_err(|e| crate::errors::Failure::Usage(e.to_string()))
    }

    /// As Python: the report a `str`, the document as `json.loads` reads it.
    pub fn into_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self {
            Answer::Text(text) => Ok(text.into_pyobject(py)?.into_any().unbind()),
            Answer::Document(json) => json_to_py(py, &json),
        }
    }
}

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

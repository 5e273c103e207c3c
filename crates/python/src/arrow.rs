//! The Arrow PyCapsule interface: string arrays in (`__arrow_c_array__`,
//! `__arrow_c_stream__`: pyarrow, polars, pandas, ... without a Python object per row), a
//! record batch out (`__arrow_c_stream__`, which `pyarrow.table` and polars read).

use arrow_array::ffi::{from_ffi_and_data_type, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{make_array, Array, ArrayRef, RecordBatch, RecordBatchIterator, StructArray};
use arrow_schema::{ArrowError, DataType};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

const ARRAY: &std::ffi::CStr = c"arrow_array";
const SCHEMA: &std::ffi::CStr = c"arrow_schema";
const STREAM: &std::ffi::CStr = c"arrow_array_stream";

fn arrow_error(error: ArrowError) -> PyErr {
    PyValueError::new_err(format!("Arrow: {error}"))
}

/// Whether `object` speaks the Arrow PyCapsule interface.
pub fn is_arrow(object: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(object.hasattr("__arrow_c_stream__")? || object.hasattr("__arrow_c_array__")?)
}

/// The chunks of an Arrow array (or of a one-column table) `object` exports, and its type.
pub fn import(object: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    let chunks = if object.hasattr("__arrow_c_stream__")? {
        import_stream(object)?
    } else if object.hasattr("__arrow_c_array__")? {
        vec![import_array(object)?]
    } else {
        return Err(PyTypeError::new_err(
            "expected an Arrow array (an object with __arrow_c_array__ or __arrow_c_stream__)",
        ));
    };
    chunks.into_iter().map(one_column).collect()
}

/// A struct array of one field (a table's or a record batch's column) as that column.
fn one_column(array: ArrayRef) -> PyResult<ArrayRef> {
    match array.data_type() {
        DataType::Struct(fields) if fields.len() == 1 => {
            let array = array
                .as_any()
                .downcast_ref::<StructArray>()
                .ok_or_else(|| PyTypeError::new_err("a struct array that is not one"))?;
            Ok(array.column(0).clone())
        }
        DataType::Struct(fields) => Err(PyTypeError::new_err(format!(
            "expected one column of logs, found a table of {} columns",
            fields.len()
        ))),
        _ => Ok(array),
    }
}

fn import_array(object: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let pair = object.call_method0("__arrow_c_array__")?;
    let pair = pair.cast::<PyTuple>()?;
    if pair.len() != 2 {
        return Err(PyTypeError::new_err(
            "__arrow_c_array__ must return (schema, array)",
        ));
    }
    let schema = pair.get_item(0)?;
    let array = pair.get_item(1)?;
    let schema = schema.cast::<PyCapsule>()?;
    let array = array.cast::<PyCapsule>()?;
    let schema_ptr = schema.pointer_checked(Some(SCHEMA))?;
    let array_ptr = array.pointer_checked(Some(ARRAY))?;
    // SAFETY: the capsules are named as the interface says and hold a C schema and a C array;
    // the array is moved out (its capsule keeps an empty, released one) and the schema is
    // only read while its capsule lives.
    unsafe {
        let schema: &FFI_ArrowSchema = schema_ptr.cast::<FFI_ArrowSchema>().as_ref();
        let data_type = DataType::try_from(schema).map_err(arrow_error)?;
        let array = FFI_ArrowArray::from_raw(array_ptr.cast::<FFI_ArrowArray>().as_ptr());
        let data = from_ffi_and_data_type(array, data_type).map_err(arrow_error)?;
        Ok(make_array(data))
    }
}

fn import_stream(object: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    let capsule = object.call_method0("__arrow_c_stream__")?;
    let capsule = capsule.cast::<PyCapsule>()?;
    let pointer = capsule.pointer_checked(Some(STREAM))?;
    // SAFETY: the capsule is named as the interface says and holds a C stream; it is moved out
    // (the capsule keeps an empty, released one) and released when dropped here.
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(pointer.cast().as_ptr()) };
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err(PyValueError::new_err("Arrow: the stream is released"));
    };
    let last_error = |stream: &mut FFI_ArrowArrayStream, code: i32| {
        let text = stream
            .get_last_error
            // SAFETY: the stream is live; the message is valid until the next call.
            .map(|f| unsafe { f(stream) })
            .filter(|p| !p.is_null())
            .map(|p| {
                unsafe { std::ffi::CStr::from_ptr(p) }
                    .to_string_lossy()
                    .into_owned()
            });
        PyValueError::new_err(format!(
            "Arrow: the stream failed ({code}): {}",
            text.unwrap_or_default()
        ))
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a live stream and an empty schema to fill.
    let code = unsafe { get_schema(&mut stream, &mut schema) };
    if code != 0 {
        return Err(last_error(&mut stream, code));
    }
    let data_type = DataType::try_from(&schema).map_err(arrow_error)?;
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: a live stream and an empty array to fill.
        let code = unsafe { get_next(&mut stream, &mut array) };
        if code != 0 {
            return Err(last_error(&mut stream, code));
        }
        if array.is_released() {
            break;
        }
        // SAFETY: the array the stream produced, of the stream's type.
        let data =
            unsafe { from_ffi_and_data_type(array, data_type.clone()) }.map_err(arrow_error)?;
        chunks.push(make_array(data));
    }
    Ok(chunks)
}

/// A capsule holding a C stream of `batch`, as `__arrow_c_stream__` returns it.
pub fn export<'py>(py: Python<'py>, batch: &RecordBatch) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = batch.schema();
    let reader = RecordBatchIterator::new(vec![Ok(batch.clone())], schema);
    let stream = FFI_ArrowArrayStream::new(Box::new(reader));
    PyCapsule::new_with_value(py, stream, STREAM)
}

/// A capsule holding the C schema of `batch`, as `__arrow_c_schema__` returns it.
pub fn export_schema<'py>(py: Python<'py>, batch: &RecordBatch) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = FFI_ArrowSchema::try_from(batch.schema().as_ref()).map_err(arrow_error)?;
    PyCapsule::new_with_value(py, schema, SCHEMA)
}

//! The inputs of a batch: log files, directory trees and JSON Lines files, listed as jobs in
//! input order, and how a job becomes a row.

use std::borrow::Cow;
use std::io::{self, Read};
use std::ops::Range;
use std::path::{Path, PathBuf};

use fairplay_core::batch::{Batch, Judged, Row};
use fairplay_core::{ErrorKind, LogError};
use serde::Deserialize;

/// A log to judge.
pub enum Job {
    /// A log file.
    File(PathBuf),
    /// A line of a JSON Lines input: which input, its 1-based line number, its bytes.
    Record {
        source: usize,
        line: usize,
        range: Range<usize>,
    },
    /// A JSON Lines input that could not be read.
    Unreadable { name: String, error: String },
    /// An entry of a directory that is not judged, and why.
    Skipped { name: String, why: String },
}

/// A JSON Lines input, read whole.
pub struct JsonLines {
    name: String,
    bytes: Vec<u8>,
}

pub fn is_json_lines(path: &Path) -> bool {
    path == Path::new("-")
        || path
            .extension()
            .is_some_and(|ext| ext == "jsonl" || ext == "ndjson")
}

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.as_encoded_bytes().first() == Some(&b'.'))
}

/// A path as text for a row (lossy only when it is not UTF-8).
pub fn path_text(path: &Path) -> String {
    match path.to_str() {
        Some(text) => text.to_owned(),
        None => path.display().to_string(),
    }
}

/// How deep a directory tree is searched; deeper directories get one error row each.
const MAX_DEPTH: usize = 256;

/// Lists the logs under `dir`, sorted by name, recursively, into `files` (log files, and a
/// row for each entry that cannot be judged: a FIFO, socket or device, a link to nothing, a
/// link loop, a link to a directory, a directory that cannot be listed or is too deep) and
/// `json_lines`. Symbolic links to files are followed, to directories not (no loops).
fn walk(dir: &Path, depth: usize, files: &mut Vec<Job>, json_lines: &mut Vec<PathBuf>) {
    let skipped = |path: &Path, why: String| Job::Skipped {
        name: path_text(path),
        why,
    };
    if depth > MAX_DEPTH {
        files.push(skipped(
            dir,
            format!("more than {MAX_DEPTH} directories deep: not searched"),
        ));
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return files.push(skipped(dir, format!("cannot list the directory: {e}"))),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                files.push(skipped(dir, format!("cannot list the directory: {e}")));
                continue;
            }
        };
        let path = entry.path();
        if is_hidden(&path) {
            continue;
        }
        let kind = match entry.file_type() {
            Ok(kind) => kind,
            Err(e) => {
                paths.push((path, Err(format!("cannot tell what it is: {e}"))));
                continue;
            }
        };
        let what = if kind.is_dir() {
            Ok(true)
        } else if kind.is_file() {
            Ok(false)
        } else if kind.is_symlink() {
            match std::fs::metadata(&path) {
                Ok(target) if target.is_file() => Ok(false),
                Ok(target) if target.is_dir() => {
                    Err("a link to a directory: not followed".to_string())
                }
                Ok(_) => Err("a link to something that is not a regular file".to_string()),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    Err("a link to nothing".to_string())
                }
                Err(e) => Err(format!("a link that cannot be followed: {e}")),
            }
        } else {
            Err("not a regular file (a FIFO, socket or device)".to_string())
        };
        paths.push((path, what));
    }
    // All in one directory: comparing the bytes orders them by name, and is cheap.
    paths.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    for (path, what) in paths {
        match what {
            Ok(true) => walk(&path, depth + 1, files, json_lines),
            Ok(false) if is_json_lines(&path) => json_lines.push(path),
            Ok(false) => files.push(Job::File(path)),
            Err(why) => files.push(skipped(&path, format!("skipped: {why}"))),
        }
    }
}

/// Expands the paths given into jobs, in order. Paths that do not exist are an error.
pub fn collect(paths: &[PathBuf]) -> anyhow::Result<(Vec<Job>, Vec<JsonLines>)> {
    let mut jobs = Vec::new();
    let mut inputs = Vec::new();
    let mut add_json_lines = |path: &Path, jobs: &mut Vec<Job>| {
        let (name, read) = if path == Path::new("-") {
            let mut bytes = Vec::new();
            let read = io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes);
            ("<stdin>".to_string(), read)
        } else {
            (path_text(path), std::fs::read(path))
        };
        match read {
            Ok(bytes) => {
                let source = inputs.len();
                let mut start = 0;
                for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
                    let range = start..start + line.len();
                    start = range.end + 1;
                    if !line.trim_ascii().is_empty() {
                        jobs.push(Job::Record {
                            source,
                            line: index + 1,
                            range,
                        });
                    }
                }
                inputs.push(JsonLines { name, bytes });
            }
            Err(e) => jobs.push(Job::Unreadable {
                name,
                error: e.to_string(),
            }),
        }
    };
    for path in paths {
        if path == Path::new("-") {
            add_json_lines(path, &mut jobs);
            continue;
        }
        let metadata =
            std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if metadata.is_dir() {
            let (mut files, mut json_lines) = (Vec::new(), Vec::new());
            walk(path, 0, &mut files, &mut json_lines);
            jobs.extend(files);
            for path in json_lines {
                add_json_lines(&path, &mut jobs);
            }
        } else if is_json_lines(path) {
            add_json_lines(path, &mut jobs);
        } else {
            jobs.push(Job::File(path.clone()));
        }
    }
    Ok((jobs, inputs))
}

/// One JSON Lines record.
#[derive(Deserialize)]
struct Record<'a> {
    #[serde(default)]
    id: Option<serde_json::Value>,
    #[serde(default, borrow)]
    game: Option<Cow<'a, str>>,
    #[serde(borrow)]
    log: Cow<'a, str>,
}

fn io_error(error: impl std::fmt::Display) -> LogError {
    LogError::new(ErrorKind::Io, 0, None, format!("cannot read: {error}"))
}

/// Reads and judges one job.
pub fn judge(batch: &Batch<'_>, inputs: &[JsonLines], job: &Job) -> Row {
    match job {
        Job::File(path) => {
            let log = path_text(path);
            match std::fs::read(path) {
                Ok(bytes) => Row {
                    log,
                    judged: batch.judge(&bytes, None),
                    bytes: bytes.len(),
                },
                Err(e) => Row {
                    log,
                    judged: Judged::error(None, io_error(e)),
                    bytes: 0,
                },
            }
        }
        Job::Record {
            source,
            line,
            range,
        } => {
            let input = &inputs[*source];
            record(batch, &input.name, *line, &input.bytes[range.clone()])
        }
        Job::Unreadable { name, error } => Row {
            log: name.clone(),
            judged: Judged::error(None, io_error(error)),
            bytes: 0,
        },
        Job::Skipped { name, why } => Row {
            log: name.clone(),
            judged: Judged::error(None, LogError::new(ErrorKind::Io, 0, None, why.clone())),
            bytes: 0,
        },
    }
}

/// Judges one JSON Lines record (`line` is its 1-based line number in `source`).
fn record(batch: &Batch<'_>, source: &str, line: usize, text: &[u8]) -> Row {
    let default_id = || format!("{source}:{line}");
    let row = |log: String, judged: Judged| Row {
        log,
        judged,
        bytes: text.len(),
    };
    let record: Record = match serde_json::from_slice(text) {
        Ok(record) => record,
        Err(e) => {
            let error = LogError::new(
                ErrorKind::Malformed,
                line,
                None,
                format!("not a JSON Lines log record ({{\"id\": ..., \"game\": ..., \"log\": ...}}): {e}"),
            );
            return row(default_id(), Judged::error(None, error));
        }
    };
    let log = match &record.id {
        None | Some(serde_json::Value::Null) => default_id(),
        Some(serde_json::Value::String(id)) => id.clone(),
        Some(other) => other.to_string(),
    };
    let judged = batch.judge(record.log.as_bytes(), record.game.as_deref());
    row(log, judged)
}

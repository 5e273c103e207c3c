//! The inputs of a batch: log files, directory trees and JSON Lines files, drawn as jobs in
//! input order while the batch runs (a JSON Lines stream is read record by record, so it may
//! be endless), and how a job becomes a row.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairplay_core::batch::{Batch, Judged, Row};
use fairplay_core::lines::LineReader;
use fairplay_core::{ErrorKind, LogError};
use serde::Deserialize;

/// A log to judge.
pub enum Job {
    /// A log file.
    File(PathBuf),
    /// A line of a JSON Lines input: the input's name, the line's 1-based number, its bytes.
    Record {
        source: Arc<str>,
        line: usize,
        bytes: Vec<u8>,
    },
    /// Something that cannot be judged (an unreadable input, a special file, an overlong
    /// record), named, and why.
    Failed { name: String, error: LogError },
}

impl Job {
    /// The input bytes the job holds until it is judged.
    pub fn weight(&self) -> usize {
        match self {
            Job::Record { bytes, .. } => bytes.len(),
            _ => 0,
        }
    }
}

/// Log files bigger than this are judged as a stream rather than read whole.
const READ_WHOLE: u64 = 16 << 20;

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
    let skipped = |path: &Path, why: String| Job::Failed {
        name: path_text(path),
        error: LogError::new(ErrorKind::Io, 0, None, why),
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

/// Checks that every path given exists, before the batch starts.
pub fn check(paths: &[PathBuf]) -> anyhow::Result<()> {
    for path in paths.iter().filter(|p| *p != Path::new("-")) {
        std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// The jobs of the paths given, drawn in order: a directory is listed when it is reached, a
/// JSON Lines input read one record at a time.
pub struct Jobs {
    paths: std::vec::IntoIter<PathBuf>,
    /// Jobs of the directory listed last, then its JSON Lines files.
    listed: VecDeque<Job>,
    json_lines: VecDeque<PathBuf>,
    reading: Option<Records>,
    max_record: usize,
}

/// A JSON Lines input being read.
struct Records {
    name: Arc<str>,
    lines: LineReader<Box<dyn BufRead + Send>>,
}

impl Jobs {
    /// The jobs of `paths`; a JSON Lines record longer than `max_record` bytes is an error row.
    pub fn new(paths: Vec<PathBuf>, max_record: usize) -> Jobs {
        Jobs {
            paths: paths.into_iter(),
            listed: VecDeque::new(),
            json_lines: VecDeque::new(),
            reading: None,
            max_record,
        }
    }

    /// Starts reading a JSON Lines input, or gives the row saying why it cannot be read.
    fn open(&mut self, path: &Path) -> Option<Job> {
        let (name, input): (String, io::Result<Box<dyn BufRead + Send>>) = if path == Path::new("-")
        {
            (
                "<stdin>".to_string(),
                Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin()))),
            )
        } else {
            let file = File::open(path);
            let input = file.map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as _);
            (path_text(path), input)
        };
        match input {
            Ok(input) => {
                self.reading = Some(Records {
                    name: name.into(),
                    lines: LineReader::new(input, self.max_record),
                });
                None
            }
            Err(e) => Some(Job::Failed {
                name,
                error: io_error(e),
            }),
        }
    }

    /// The next record of the JSON Lines input being read, if any is left.
    fn next_record(&mut self) -> Option<Job> {
        let reading = self.reading.as_mut()?;
        let max = self.max_record;
        loop {
            let name = &reading.name;
            let job = match reading.lines.next_line() {
                Ok(None) => break,
                Ok(Some((_, Ok(text)))) if text.trim_ascii().is_empty() => continue,
                Ok(Some((line, Ok(text)))) => Job::Record {
                    source: name.clone(),
                    line,
                    bytes: text.to_vec(),
                },
                Ok(Some((line, Err(_)))) => Job::Failed {
                    name: format!("{name}:{line}"),
                    error: LogError::new(
                        ErrorKind::LineTooLong,
                        line,
                        None,
                        format!(
                            "the record is longer than {max} bytes (--max-record raises the limit)"
                        ),
                    ),
                },
                Err(e) => {
                    let job = Job::Failed {
                        name: name.to_string(),
                        error: io_error(e),
                    };
                    self.reading = None;
                    return Some(job);
                }
            };
            return Some(job);
        }
        self.reading = None;
        None
    }
}

impl Iterator for Jobs {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        loop {
            if let Some(job) = self.listed.pop_front() {
                return Some(job);
            }
            if let Some(job) = self.next_record() {
                return Some(job);
            }
            if let Some(path) = self.json_lines.pop_front() {
                match self.open(&path) {
                    Some(failed) => return Some(failed),
                    None => continue,
                }
            }
            let path = self.paths.next()?;
            let is_dir =
                path != Path::new("-") && std::fs::metadata(&path).is_ok_and(|m| m.is_dir());
            if is_dir {
                let (mut files, mut json_lines) = (Vec::new(), Vec::new());
                walk(&path, 0, &mut files, &mut json_lines);
                self.listed.extend(files);
                self.json_lines.extend(json_lines);
            } else if is_json_lines(&path) {
                if let Some(failed) = self.open(&path) {
                    return Some(failed);
                }
            } else {
                return Some(Job::File(path));
            }
        }
    }
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
pub fn judge(batch: &Batch<'_>, job: &Job) -> Row {
    match job {
        Job::File(path) => file(batch, path),
        Job::Record {
            source,
            line,
            bytes,
        } => record(batch, source, *line, bytes),
        Job::Failed { name, error } => Row {
            log: name.clone(),
            judged: Judged::error(None, error.clone()),
            bytes: 0,
        },
    }
}

/// Judges a log file: read whole, or as a stream when it is big.
fn file(batch: &Batch<'_>, path: &Path) -> Row {
    let log = path_text(path);
    let failed = |e: io::Error| Row {
        log: log.clone(),
        judged: Judged::error(None, io_error(e)),
        bytes: 0,
    };
    // One open and one fstat: std::fs::read would do the same, and the size decides.
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(e) => return failed(e),
    };
    let size = match file.metadata() {
        Ok(metadata) => metadata.len(),
        Err(e) => return failed(e),
    };
    if size > READ_WHOLE {
        return Row {
            log: log.clone(),
            judged: batch.judge_reader(file, None),
            bytes: size as usize,
        };
    }
    let mut bytes = Vec::with_capacity(size as usize + 1);
    match file.read_to_end(&mut bytes) {
        Ok(_) => Row {
            log: log.clone(),
            judged: batch.judge(&bytes, None),
            bytes: bytes.len(),
        },
        Err(e) => failed(e),
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

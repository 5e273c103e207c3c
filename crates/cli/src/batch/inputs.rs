//! The inputs of a batch: log files (plain or compressed), directory trees and JSON Lines
//! files, drawn as jobs in input order while the batch runs (a tree is walked one directory
//! at a time, a JSON Lines stream read record by record, so it may be endless), and how a job
//! becomes a row.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairplay_core::batch::{Batch, Judged, Row};
use fairplay_core::lines::LineReader;
use fairplay_core::{ErrorKind, LogError};
use fairplay_report::rows::{Explained, Extra};

use super::explain::Explainer;
use super::read::{self, Compression, Content, Counted};
use super::record::{Log, Record};
use super::recycled::RecordBytes;
use super::walk::{Filter, Found, Tree};

/// A log to judge.
pub enum Job {
    /// A log file, compressed or not (as its name told when it was found).
    File(PathBuf, Compression),
    /// A line of a JSON Lines input: the input's name, the line's 1-based number, its bytes.
    Record {
        source: Arc<str>,
        line: usize,
        bytes: RecordBytes,
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

/// A row of the batch, with what it carries beyond the core's row.
pub struct Output {
    /// The core's row.
    pub row: Row,
    /// Its source and explanation.
    pub extra: Extra,
    /// Whether the row is named by its record's own `id` (checked for duplicates).
    pub named_by_id: bool,
}

impl Output {
    fn new(row: Row, source: String) -> Output {
        Output {
            row,
            extra: Extra {
                source: Some(source),
                explanation: None,
            },
            named_by_id: false,
        }
    }
}

/// How the error of a JSON Lines line that is not a record begins.
pub const NOT_A_RECORD: &str = "not a JSON Lines log record";

/// How the error of a JSON Lines line that is not even a JSON object ends.
pub const NOT_AN_OBJECT: &str =
    "not a JSON object such as {\"id\": ..., \"game\": ..., \"log\": ...}";

/// Logs whose text is bigger than this are judged as a stream rather than read whole.
pub const READ_WHOLE: usize = 16 << 20;

/// A path as text for a row (lossy only when it is not UTF-8).
pub fn path_text(path: &Path) -> String {
    match path.to_str() {
        Some(text) => text.to_owned(),
        None => path.display().to_string(),
    }
}

/// The jobs of the paths given, drawn in order: a tree is walked as it is reached, a JSON
/// Lines input read one record at a time where it is found.
pub struct Jobs {
    paths: std::vec::IntoIter<PathBuf>,
    filter: Filter,
    tree: Option<Tree>,
    reading: Option<Records>,
    max_record: usize,
}

/// A JSON Lines input being read.
struct Records {
    name: Arc<str>,
    lines: LineReader<Box<dyn BufRead + Send>>,
}

impl Jobs {
    /// The jobs of `paths`, the files of trees chosen by `filter`; a JSON Lines record longer
    /// than `max_record` bytes is an error row.
    pub fn new(paths: Vec<PathBuf>, filter: Filter, max_record: usize) -> Jobs {
        Jobs {
            paths: paths.into_iter(),
            filter,
            tree: None,
            reading: None,
            max_record,
        }
    }

    /// Starts reading a JSON Lines input, or gives the row saying why it cannot be read.
    fn open(&mut self, path: &Path, compression: Compression) -> Option<Job> {
        let (name, input) = if path == Path::new("-") {
            let stdin: Box<dyn BufRead + Send> =
                Box::new(BufReader::with_capacity(1 << 16, io::stdin()));
            ("<stdin>".to_string(), Ok(stdin))
        } else {
            (path_text(path), read::open_lines(path, compression))
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

    /// The job of a file found or given: a log, or the start of a JSON Lines input.
    fn file(&mut self, path: PathBuf) -> Option<Job> {
        let kind = read::kind(&path);
        self.file_of_kind(path, kind)
    }

    /// [`Jobs::file`] for a file whose name says it holds `kind`.
    fn file_of_kind(&mut self, path: PathBuf, kind: (Content, Compression)) -> Option<Job> {
        match kind {
            (Content::JsonLines, compression) => self.open(&path, compression),
            (Content::Log, compression) => Some(Job::File(path, compression)),
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
                Ok(Some((line, Ok(_)))) => Job::Record {
                    source: name.clone(),
                    line,
                    bytes: RecordBytes::new(reading.lines.take_line(RecordBytes::spare())),
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
            if let Some(job) = self.next_record() {
                return Some(job);
            }
            if let Some(tree) = &mut self.tree {
                match tree.next(&self.filter) {
                    Some(Found::File(path, kind)) => match self.file_of_kind(path, kind) {
                        Some(job) => return Some(job),
                        None => continue,
                    },
                    Some(Found::Skipped(path, why)) => {
                        return Some(Job::Failed {
                            name: path_text(&path),
                            error: LogError::new(ErrorKind::Io, 0, None, why),
                        })
                    }
                    None => self.tree = None,
                }
                continue;
            }
            let path = self.paths.next()?;
            if path == Path::new("-") {
                match self.open(&path, Compression::Plain) {
                    Some(failed) => return Some(failed),
                    None => continue,
                }
            }
            // A path given is judged whatever its name; one that is not there is a row.
            match std::fs::metadata(&path) {
                Ok(metadata) if metadata.is_dir() => self.tree = Some(Tree::new(path)),
                Ok(_) => {
                    if let Some(job) = self.file(path) {
                        return Some(job);
                    }
                }
                Err(e) => {
                    return Some(Job::Failed {
                        name: path_text(&path),
                        error: io_error(e),
                    })
                }
            }
        }
    }
}

fn io_error(error: impl std::fmt::Display) -> LogError {
    LogError::new(ErrorKind::Io, 0, None, format!("cannot read: {error}"))
}

/// Reads and judges one job; a foul is explained when `explainer` is given. A file's row
/// carries its source only when `sources` (a record's always does: duplicate ids name it).
pub fn judge(batch: &Batch<'_>, explainer: Option<&Explainer>, job: &Job, sources: bool) -> Output {
    match job {
        Job::File(path, compression) => file(batch, explainer, path, *compression, sources),
        Job::Record {
            source,
            line,
            bytes,
        } => record(batch, explainer, source, *line, bytes),
        Job::Failed { name, error } => Output::new(
            Row {
                log: name.clone(),
                judged: Judged::error(None, error.clone()),
                bytes: 0,
            },
            name.clone(),
        ),
    }
}

/// Judges a log file and names its row by the file's path, also as its source when `sources`
/// (the source column is printed): a row costs one copy of the name, not three.
fn file(
    batch: &Batch<'_>,
    explainer: Option<&Explainer>,
    path: &Path,
    compression: Compression,
    sources: bool,
) -> Output {
    let (judged, bytes, explanation) = with_kept(&TEXT, |text| {
        text.clear();
        file_judged(batch, explainer, path, compression, text)
    });
    let log = path_text(path);
    Output {
        extra: Extra {
            source: sources.then(|| log.clone()),
            explanation,
        },
        row: Row { log, judged, bytes },
        named_by_id: false,
    }
}

thread_local! {
    /// A worker's buffer for the text of the files it reads, kept from one file to the next so
    /// that reading a file allocates nothing.
    static TEXT: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The most a buffer kept from one log to the next ([`TEXT`], [`DECODED`], a record's) may hold:
/// a worker does not hold on to a big log's memory.
pub(super) const KEEP_TEXT: usize = 1 << 20;

/// Runs `f` with this thread's buffer `kept`, which stays for the next log unless it grew past
/// [`KEEP_TEXT`].
fn with_kept<T>(
    kept: &'static std::thread::LocalKey<std::cell::RefCell<Vec<u8>>>,
    f: impl FnOnce(&mut Vec<u8>) -> T,
) -> T {
    kept.with_borrow_mut(|buffer| {
        let result = f(buffer);
        if buffer.capacity() > KEEP_TEXT {
            *buffer = Vec::new();
        }
        result
    })
}

/// The judgement of a log file (with its size and, when asked, its explanation): read whole,
/// or as a stream when its text is big; a compressed file is decompressed as it is read.
fn file_judged(
    batch: &Batch<'_>,
    explainer: Option<&Explainer>,
    path: &Path,
    compression: Compression,
    text: &mut Vec<u8>,
) -> (Judged, usize, Option<Explained>) {
    let failed = |e: io::Error| (Judged::error(None, io_error(e)), 0, None);
    // A log judged as a stream is too big to be explained.
    let streamed = |judged: Judged, bytes: usize| {
        let explanation = explainer.and_then(|explainer| explainer.too_big(&judged, READ_WHOLE));
        (judged, bytes, explanation)
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) => return failed(e),
    };
    // Whole when its text is small, else the text read so far, then the rest as a stream. A
    // plain file is read as it comes, without asking its size first: one system call less a
    // file (open, reads, close), and a kept buffer has room for a log of the usual size.
    let read = match compression {
        Compression::Plain => read_text(batch, file, text),
        _ => match compression.decoder(BufReader::with_capacity(1 << 16, file)) {
            Ok(decoder) => read_text(batch, decoder, text),
            Err(e) => return failed(e),
        },
    };
    match read {
        Err(e) => return failed(e),
        Ok(Some((judged, bytes))) => return streamed(judged, bytes),
        Ok(None) => {}
    }
    let judged = batch.judge(text, None);
    let explanation = explainer.and_then(|explainer| {
        let explained = explainer.explain(&judged, text);
        // `--true-deals`: the deal of `X.log` is `X.deal`, next to it.
        let deal = std::fs::read_to_string(path.with_extension("deal")).ok();
        let replayed = deal
            .and_then(|deal| explainer.true_deal(&judged, text, super::explain::Deal::Text(&deal)));
        fairplay_report::explained::both(explained, replayed)
    });
    (judged, text.len(), explanation)
}

/// Reads `input` into `text` when its text is at most [`READ_WHOLE`] bytes (`None`), else judges
/// it as a stream: the text read so far, then the rest (the judgement and the text's size).
fn read_text(
    batch: &Batch<'_>,
    mut input: impl Read,
    text: &mut Vec<u8>,
) -> io::Result<Option<(Judged, usize)>> {
    text.reserve(READ_AHEAD);
    // Straight from `input`: a `File` reads into the buffer's spare room as it is, where a
    // reader of ours in between would have it zeroed first (about 5 500 instructions a log).
    (&mut input).take(READ_WHOLE as u64 + 1).read_to_end(text)?;
    if text.len() <= READ_WHOLE {
        return Ok(None);
    }
    let mut rest = Counted {
        inner: input,
        bytes: text.len(),
    };
    let judged = batch.judge_reader((&text[..]).chain(&mut rest), None);
    Ok(Some((judged, rest.bytes)))
}

/// Room made in a worker's text buffer before a file is read, so that a log of the usual size
/// is read in one call (and a second that finds the end).
const READ_AHEAD: usize = 16 << 10;

thread_local! {
    /// A worker's buffer for the logs it decodes out of JSON Lines records, kept from one record
    /// to the next so that reading a record allocates nothing.
    static DECODED: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Judges one JSON Lines record (`line` is its 1-based line number in `source`), decoding its
/// strings into this worker's [`DECODED`]. Without explanations the log is judged as its CR LF
/// twin when it can be ([`Record::read`]), and again from its exact text if that gives an error.
fn record(
    batch: &Batch<'_>,
    explainer: Option<&Explainer>,
    source: &str,
    line: usize,
    text: &[u8],
) -> Output {
    with_kept(&DECODED, |decoded| {
        if explainer.is_none() {
            let (output, twin) = record_as(batch, None, source, line, text, decoded, true);
            if !(twin && output.row.judged.result.is_err()) {
                return output;
            }
        }
        record_as(batch, explainer, source, line, text, decoded, false).0
    })
}

/// [`record`], reading the log as its CR LF twin where it can be when `crlf`; also says whether
/// it was.
fn record_as(
    batch: &Batch<'_>,
    explainer: Option<&Explainer>,
    source: &str,
    line: usize,
    text: &[u8],
    decoded: &mut Vec<u8>,
    crlf: bool,
) -> (Output, bool) {
    let at = format!("{source}:{line}");
    let row = |log: String, judged: Judged| Row {
        log,
        judged,
        bytes: text.len(),
    };
    let record = match Record::read(text, decoded, crlf) {
        Ok(record) => record,
        Err(e) => {
            // A line that is not even a JSON object: most likely a plain log read as JSON Lines.
            let message = if text.trim_ascii_start().first() == Some(&b'{') {
                format!("{NOT_A_RECORD} ({{\"id\": ..., \"game\": ..., \"log\": ...}}): {e}")
            } else {
                let shown = fairplay_text::show(text.trim_ascii());
                format!("{NOT_A_RECORD}: found {shown}, {NOT_AN_OBJECT}")
            };
            let error = LogError::new(ErrorKind::Malformed, line, None, message);
            return (
                Output::new(row(at.clone(), Judged::error(None, error)), at),
                false,
            );
        }
    };
    let twin = matches!(record.log, Log::CrLf(_));
    let (log, named_by_id) = match record.id {
        None => (at.clone(), false),
        Some(id) => (id.into_owned(), true),
    };
    let judged = batch.judge(record.log.as_bytes(), record.game.as_deref());
    let mut output = Output::new(row(log, judged), at);
    output.named_by_id = named_by_id;
    if let Some(explainer) = explainer {
        let log = record.log.as_bytes();
        let explained = explainer.explain(&output.row.judged, log);
        let replayed = record.deal.as_ref().and_then(|deal| {
            let deal = match deal {
                serde_json::Value::String(text) => super::explain::Deal::Text(text),
                value => super::explain::Deal::Json(value),
            };
            explainer.true_deal(&output.row.judged, log, deal)
        });
        output.extra.explanation = fairplay_report::explained::both(explained, replayed);
    }
    (output, twin)
}

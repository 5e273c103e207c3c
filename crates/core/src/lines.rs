//! Reading a stream line by line with bounded memory.

use std::io::{self, BufRead};

use crate::{ErrorKind, LogError};

/// The longest log line [`LineReader`] accepts by default: far above any real action line.
pub const DEFAULT_MAX_LINE: usize = 4096;

/// Reads lines from a stream as they arrive, holding at most one line of at most `max` bytes:
/// a longer line is reported as soon as it passes the limit and its rest is skipped, so an
/// endless line costs no memory and is not waited for.
///
/// ```
/// use fairplay_core::lines::LineReader;
/// let mut lines = LineReader::new(&b"1 Q 3\n1 A 2 3C no\n\n"[..], 8);
/// assert_eq!(lines.next_line().unwrap().unwrap(), (1, Ok(&b"1 Q 3"[..])));
/// let (number, long) = lines.next_line().unwrap().unwrap();
/// assert_eq!(long.unwrap_err().to_string(), "line 2: the line is longer than 8 bytes");
/// assert_eq!(lines.next_line().unwrap().unwrap(), (3, Ok(&b""[..])));
/// assert!(lines.next_line().unwrap().is_none());
/// ```
pub struct LineReader<R> {
    input: R,
    line: Vec<u8>,
    number: usize,
    max: usize,
    /// Inside an overlong line already reported: its rest is skipped first.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `input`, each at most `max` bytes long (without its line break).
    pub fn new(input: R, max: usize) -> LineReader<R> {
        LineReader {
            input,
            line: Vec::new(),
            number: 0,
            max,
            skipping: false,
        }
    }

    /// The next line's number and the line without its `\n`, or a [`ErrorKind::LineTooLong`]
    /// error naming it; `None` at the end of the input. The line is handed out as soon as its
    /// line break (or the end of the input) is read.
    #[allow(clippy::type_complexity)]
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Result<&[u8], LogError>)>> {
        while self.skipping {
            let available = fill(&mut self.input)?;
            if available.is_empty() {
                return Ok(None);
            }
            let (used, done) = match memchr::memchr(b'\n', available) {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            self.input.consume(used);
            self.skipping = !done;
        }
        self.line.clear();
        let mut any = false;
        loop {
            let available = fill(&mut self.input)?;
            if available.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (chunk, used, done) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            if self.line.len() + chunk.len() > self.max {
                self.input.consume(used);
                self.skipping = !done;
                self.line.clear();
                self.number += 1;
                let error = LogError::new(
                    ErrorKind::LineTooLong,
                    self.number,
                    None,
                    format!("the line is longer than {} bytes", self.max),
                );
                return Ok(Some((self.number, Err(error))));
            }
            self.line.extend_from_slice(chunk);
            self.input.consume(used);
            if done {
                break;
            }
        }
        self.number += 1;
        if self.number == 1 && self.line.starts_with(fairplay_text::BOM) {
            // A byte-order mark opens the input: it is not part of the line.
            self.line.drain(..fairplay_text::BOM.len());
        }
        Ok(Some((self.number, Ok(&self.line))))
    }

    /// The stream, just after the last line read (its line break included).
    pub fn into_inner(self) -> R {
        self.input
    }

    /// The line [`LineReader::next_line`] last gave, taken rather than copied: for a caller that
    /// keeps the line (a batch hands each JSON Lines record to another thread). The next line
    /// is read into `spare` (emptied first), which may be a buffer of a line taken earlier.
    ///
    /// ```
    /// use fairplay_core::lines::LineReader;
    /// let mut lines = LineReader::new(&b"{\"log\": \"\"}\nnext\n"[..], 64);
    /// lines.next_line().unwrap();
    /// let first = lines.take_line(Vec::new());
    /// assert_eq!(first, b"{\"log\": \"\"}");
    /// lines.next_line().unwrap();
    /// assert_eq!(lines.take_line(first), b"next");
    /// ```
    pub fn take_line(&mut self, mut spare: Vec<u8>) -> Vec<u8> {
        spare.clear();
        std::mem::replace(&mut self.line, spare)
    }
}

/// The stream's buffer, read again after an interruption. An empty buffer (the end of the
/// input) is returned at once: asking again would wait for a second end at a terminal.
fn fill<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    // Filled: this returns the buffer without reading.
    input.fill_buf()
}

/// Whether a line holds a single number and nothing else: the count line of a whole log.
pub fn is_count_line(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    !line.is_empty() && line.iter().all(u8::is_ascii_digit)
}

/// Whether some line of `log` is longer than `max` bytes (without its line break).
pub(crate) fn longest_line_over(log: &[u8], max: usize) -> bool {
    // Every `max + 1` bytes after a line start must hold a line break: each step looks for
    // the last one in such a window, from its end, so a log of short lines costs one search
    // per `max` bytes.
    let mut start = 0;
    while log.len() - start > max {
        match memchr::memrchr(b'\n', &log[start..=start + max]) {
            Some(i) => start += i + 1,
            None => return true,
        }
    }
    false
}

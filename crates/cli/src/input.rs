//! Reading a log from a file or standard input, as a stream.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};

use fairplay_core::{
    audit_reader, audit_reader_with, audit_slice, ErrorKind, Game, Judgement, LogError, Referee,
    Words,
};

/// Where a log comes from: a path, or standard input for `-` or no path.
pub struct Input {
    path: Option<PathBuf>,
    /// The first [`HEAD`] bytes read, for the hints of an error message.
    head: std::cell::RefCell<Vec<u8>>,
}

/// How much of a log's start is kept for the hints of an error (its game, its line ends).
const HEAD: usize = 4096;

/// Logs of at most this many bytes are read whole and judged by the engine's fast path
/// ([`Game::audit`]); longer ones as a stream, so a verdict's memory stays below 24 MiB on
/// any input.
pub const READ_WHOLE: usize = 8 << 20;

/// The highest `--max-input`: a report on a log of this size stays under 600 MiB.
pub const MAX_MAX_INPUT: u64 = 128 << 20;

/// What a reading keeps of the log besides judging it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Nothing: memory holds one line.
    Nothing,
    /// The bytes read, up to this many; a longer log is an error.
    Upto(u64),
}

/// A stream that keeps a copy of what its reader consumed, when asked to, up to a limit (past
/// it the stream ends and `over` is set), and its first [`HEAD`] bytes always.
struct Tee<R> {
    inner: R,
    copy: Option<Vec<u8>>,
    limit: u64,
    over: bool,
    head: Vec<u8>,
    /// Bytes consumed so far.
    consumed: usize,
}

impl<R: BufRead> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.over {
            return Ok(&[]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The head takes what the buffer holds beyond what was consumed, not only the bytes
        // consumed: a reader that stops at an error on line 1 has still seen the next lines.
        if self.consumed < HEAD {
            if let Ok(buffer) = self.inner.fill_buf() {
                let held = self.head.len().saturating_sub(self.consumed);
                let wanted = buffer.len().min(HEAD - self.consumed);
                if wanted > held {
                    self.head.extend_from_slice(&buffer[held..wanted]);
                }
            }
        }
        self.consumed += amount;
        if let Some(copy) = &mut self.copy {
            if (copy.len() + amount) as u64 > self.limit {
                // Nothing more is kept or read: the reading ends here, with an error.
                self.over = true;
                return;
            }
            // The buffer is already filled: this only looks at it.
            if let Ok(buffer) = self.inner.fill_buf() {
                copy.extend_from_slice(&buffer[..amount.min(buffer.len())]);
            }
        }
        self.inner.consume(amount);
    }
}

impl Input {
    pub fn new(path: Option<PathBuf>) -> Input {
        Input {
            path: path.filter(|p| p != Path::new("-")),
            head: std::cell::RefCell::default(),
        }
    }

    /// The path of the log, `None` for standard input.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The first bytes read of the log (up to 4 KiB), once it was judged.
    pub fn head(&self) -> std::cell::Ref<'_, Vec<u8>> {
        self.head.borrow()
    }

    /// How to name this input in messages.
    pub fn name(&self) -> String {
        match &self.path {
            Some(path) => path.display().to_string(),
            None => "<stdin>".to_string(),
        }
    }

    fn open(&self) -> anyhow::Result<Box<dyn BufRead>> {
        Ok(match &self.path {
            Some(path) => Box::new(BufReader::with_capacity(1 << 16, open_file(path)?)),
            None => Box::new(io::stdin().lock()),
        })
    }

    /// Judges the input as it is read through one of `game`'s referees: see
    /// [`Input::audit_with`].
    /// Keeping nothing, a log of at most [`READ_WHOLE`] bytes is read whole and judged by
    /// the engine's own audit of a slice (its fast path), a longer one as a stream: the text
    /// read so far, then the rest.
    pub fn audit(
        &self,
        game: &dyn Game,
        keep: Keep,
        max_line: usize,
    ) -> anyhow::Result<(Result<Judgement, LogError>, Vec<u8>)> {
        if keep != Keep::Nothing {
            return self.audit_with(game, &mut *game.referee(), keep, max_line);
        }
        hint_if_terminal(self.path.as_deref(), game.words(), false);
        let mut input = self.open()?;
        let mut text = Vec::new();
        let read = (&mut input)
            .take(READ_WHOLE as u64 + 1)
            .read_to_end(&mut text);
        *self.head.borrow_mut() = text[..text.len().min(HEAD)].to_vec();
        if let Err(e) = read {
            let error = LogError::new(ErrorKind::Io, 0, None, format!("cannot read: {e}"));
            return Ok((Err(error), Vec::new()));
        }
        if text.len() <= READ_WHOLE {
            return Ok((audit_slice(game, &text, max_line), Vec::new()));
        }
        let stream = BufReader::with_capacity(1 << 16, io::Cursor::new(text).chain(input));
        Ok((audit_reader(game, stream, max_line), Vec::new()))
    }

    /// Judges the input as it is read through `referee` (memory holds one line and the
    /// referee's state; a malformed line ends the reading at once). With [`Keep::Upto`], the
    /// bytes read are kept too, for a second look at a log that was judged (explanations);
    /// a log longer than the limit is an error of kind [`ErrorKind::LogTooLong`], given as
    /// soon as the limit is passed.
    pub fn audit_with(
        &self,
        game: &dyn Game,
        referee: &mut dyn Referee,
        keep: Keep,
        max_line: usize,
    ) -> anyhow::Result<(Result<Judgement, LogError>, Vec<u8>)> {
        hint_if_terminal(self.path.as_deref(), game.words(), false);
        let (copy, limit) = match keep {
            Keep::Nothing => (None, u64::MAX),
            Keep::Upto(limit) => (Some(Vec::new()), limit),
        };
        let mut tee = Tee {
            inner: self.open()?,
            copy,
            limit,
            over: false,
            head: Vec::new(),
            consumed: 0,
        };
        let judged = audit_reader_with(game, referee, &mut tee, max_line);
        *self.head.borrow_mut() = tee.head;
        if tee.over {
            let message = format!(
                "the log is longer than {}, the most this report keeps to explain a log \
                 (--max-input BYTES raises the limit, up to {}; the verdict alone needs no limit)",
                bytes(limit),
                bytes(MAX_MAX_INPUT)
            );
            let error = LogError::new(ErrorKind::LogTooLong, 0, None, message);
            return Ok((Err(error), Vec::new()));
        }
        Ok((judged, tee.copy.unwrap_or_default()))
    }
}

/// Opens the log file at `path`; the error names it, and a directory is called one (reading
/// it would fail with a cryptic "Is a directory" on its first line).
pub fn open_file(path: &Path) -> anyhow::Result<File> {
    let failure = |what: String| crate::error::Failure::new(path.display(), what);
    let file = File::open(path).map_err(|e| failure(format!("cannot read: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        let hint = format!(
            "to judge the logs in a directory: fairplay batch {}",
            path.display()
        );
        return Err(failure("is a directory, not a log".into())
            .hint(hint)
            .into());
    }
    Ok(file)
}

/// The whole text of `path` (a file such as a deal) if it is at most `limit` bytes: a longer
/// file (or an endless one, such as /dev/zero) is an error once `limit` bytes are read.
pub fn read_bounded(path: &Path, limit: u64) -> anyhow::Result<String> {
    let mut text = Vec::new();
    File::open(path)?.take(limit + 1).read_to_end(&mut text)?;
    if text.len() as u64 > limit {
        anyhow::bail!(
            "the file is longer than {}, more than any deal of this game takes",
            bytes(limit)
        );
    }
    String::from_utf8(text).map_err(|_| anyhow::anyhow!("the file is not UTF-8 text"))
}

/// A size in bytes as a person reads it: `32 MiB`, `1000 bytes`.
pub fn bytes(n: u64) -> String {
    if n >= 1 << 20 && n % (1 << 20) == 0 {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n % (1 << 10) == 0 {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

/// `--max-input`'s default, as `--help` shows it.
pub const DEFAULT_MAX_INPUT: &str = "32MiB";
/// `--max-input`'s default in bytes: [`DEFAULT_MAX_INPUT`] read by [`max_input`].
pub const DEFAULT_MAX_INPUT_BYTES: u64 = 32 << 20;

/// Reads `--max-input`: a number of bytes, optionally with a unit (`KiB`, `MiB`), from 1 to
/// [`MAX_MAX_INPUT`].
pub fn max_input(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let (digits, unit) = match trimmed.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => trimmed.split_at(i),
        None => (trimmed, ""),
    };
    let scale = match unit.trim() {
        "" | "B" => 1,
        "K" | "KiB" => 1 << 10,
        "M" | "MiB" => 1 << 20,
        _ => {
            return Err(format!(
                "expected a number of bytes such as 1048576 or 64MiB, found `{text}`"
            ))
        }
    };
    let n = digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .ok_or_else(|| {
            format!("expected a number of bytes such as 1048576 or 64MiB, found `{text}`")
        })?;
    if n == 0 || n > MAX_MAX_INPUT {
        return Err(format!(
            "expected a limit from 1 byte to {}, found `{text}`",
            bytes(MAX_MAX_INPUT)
        ));
    }
    Ok(n)
}

/// When the log is to come from a terminal (no file, standard input not redirected), says on
/// standard error what to type: otherwise the program would seem to hang.
pub fn hint_if_terminal(file: Option<&Path>, words: &Words, live: bool) {
    let from_stdin = file.is_none_or(|p| p == Path::new("-"));
    if !from_stdin || !io::stdin().is_terminal() {
        return;
    }
    let game = words.game.to_lowercase();
    if live {
        eprintln!(
            "fairplay: judging a {} game as it is played: type one {} per line (such as {}); \
             Ctrl-D ends it",
            words.game, words.action, words.example
        );
    } else {
        eprintln!(
            "fairplay: reading a {} log from the terminal: type the number of {}s, then one {} \
             per line (such as {}), then Ctrl-D; or give a file: fairplay {game} FILE \
             (fairplay {game} --help tells more)",
            words.game, words.action, words.action, words.example
        );
    }
}

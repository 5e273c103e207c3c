//! Reading a log from a file or standard input, as a stream.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};

use fairplay_core::{audit_reader, Game, Judgement, LogError, Words};

/// Where a log comes from: a path, or standard input for `-` or no path.
pub struct Input {
    path: Option<PathBuf>,
    /// The first [`HEAD`] bytes read, for the hints of an error message.
    head: std::cell::RefCell<Vec<u8>>,
}

/// How much of a log's start is kept for the hints of an error (its game, its line ends).
const HEAD: usize = 4096;

/// A stream that keeps a copy of what its reader consumed, when asked to, and its first
/// [`HEAD`] bytes always.
struct Tee<R> {
    inner: R,
    copy: Option<Vec<u8>>,
    head: Vec<u8>,
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
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.head.len() < HEAD {
            if let Ok(buffer) = self.inner.fill_buf() {
                let room = HEAD - self.head.len();
                self.head
                    .extend_from_slice(&buffer[..amount.min(buffer.len()).min(room)]);
            }
        }
        if let Some(copy) = &mut self.copy {
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

    /// Judges the input as it is read (memory holds one line; a malformed line ends the
    /// reading at once). With `keep`, the bytes read are kept too, for a second look at a log
    /// that was judged (explanations, the full-rules board).
    pub fn audit(
        &self,
        game: &dyn Game,
        keep: bool,
        max_line: usize,
    ) -> anyhow::Result<(Result<Judgement, LogError>, Vec<u8>)> {
        hint_if_terminal(self.path.as_deref(), game.words(), false);
        let mut tee = Tee {
            inner: self.open()?,
            copy: keep.then(Vec::new),
            head: Vec::new(),
        };
        let judged = audit_reader(game, &mut tee, max_line);
        *self.head.borrow_mut() = tee.head;
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

//! The default audit of a whole log through a [`Referee`](crate::Referee), from a byte slice
//! or from a stream read as it arrives.

use std::io::BufRead;

use fairplay_text::{decimal, not_a_count, show, CountError, Lines, Tokens};

use crate::lines::LineReader;
use crate::{ErrorKind, Game, Judgement, LogError, Referee};

/// Where an audit gets its lines: a slice split in place, or a stream read line by line.
trait LineSource {
    /// The next line and its 1-based number; `None` at the end.
    fn next(&mut self) -> Result<Option<(usize, &[u8])>, LogError>;
    /// The number of the last line read.
    fn last(&self) -> usize;
}

impl LineSource for Lines<'_> {
    fn next(&mut self) -> Result<Option<(usize, &[u8])>, LogError> {
        Ok(self.next_line().map(|line| (self.number(), line)))
    }
    fn last(&self) -> usize {
        self.number()
    }
}

/// A stream's lines, remembering how many were read.
struct Stream<R> {
    lines: LineReader<R>,
    last: usize,
}

impl<R: BufRead> LineSource for Stream<R> {
    fn next(&mut self) -> Result<Option<(usize, &[u8])>, LogError> {
        let next = self.lines.next_line().map_err(|e| {
            // An unreadable input is on no line, as in batch rows.
            LogError::new(ErrorKind::Io, 0, None, format!("cannot read: {e}"))
        })?;
        match next {
            None => Ok(None),
            Some((number, line)) => {
                self.last = number;
                Ok(Some((number, line?)))
            }
        }
    }
    fn last(&self) -> usize {
        self.last
    }
}

/// Judges a whole log through `game`'s referee: a count line (blank lines before it are
/// skipped; none for a game whose logs have none, [`Game::counted`]), then one action per
/// line. Judging stops at the first foul; the lines after it are still read, so a malformed
/// file is reported rather than half-judged. The count must match the actions.
pub fn audit_lines<G: Game + ?Sized>(game: &G, log: &[u8]) -> Result<Judgement, LogError> {
    audit_source(game, &mut *game.referee(), &mut Lines::new(log))
}

/// [`audit_lines`] on a stream, read as it arrives: memory holds one line of at most
/// `max_line` bytes, and the first malformed line ends the audit at once, however long the
/// rest of the stream.
///
/// ```
/// # use fairplay_core::{audit_reader, Game};
/// # fn demo(game: &dyn Game) {
/// let endless = std::io::repeat(b'y'); // `yes | fairplay ...`: line 1 is no count
/// assert!(audit_reader(game, std::io::BufReader::new(endless), 4096).is_err());
/// # }
/// ```
pub fn audit_reader<G: Game + ?Sized, R: BufRead>(
    game: &G,
    input: R,
    max_line: usize,
) -> Result<Judgement, LogError> {
    audit_reader_with(game, &mut *game.referee(), input, max_line)
}

/// [`audit_reader`] through `referee` (at the start of a game of `game`) instead of one of
/// `game`'s own: for a caller that reads the referee's state once the log is judged (a
/// report, a board) or judges with a referee `game` does not make (a seat's view).
///
/// ```
/// # use fairplay_core::{audit_reader_with, Game};
/// # fn demo(game: &dyn Game) {
/// let mut referee = game.referee();
/// let judged = audit_reader_with(game, &mut *referee, &b"0\n"[..], 4096);
/// assert_eq!(judged.unwrap().actions, referee.actions());
/// # }
/// ```
pub fn audit_reader_with<G: Game + ?Sized, R: BufRead>(
    game: &G,
    referee: &mut dyn Referee,
    input: R,
    max_line: usize,
) -> Result<Judgement, LogError> {
    audit_source(
        game,
        referee,
        &mut Stream {
            lines: LineReader::new(input, max_line),
            last: 0,
        },
    )
}

/// Judges a whole log held in memory as [`audit_reader`] judges it read from a stream, with
/// `game`'s own [`Game::audit`] (an engine's fast path) unless a line is longer than
/// `max_line`: then as a stream, which reports that line.
///
/// ```
/// # use fairplay_core::{audit_reader, audit_slice, Game};
/// # fn demo(game: &dyn Game) {
/// let log = b"1\nheads\n";
/// assert_eq!(audit_slice(game, log, 4096), audit_reader(game, &log[..], 4096));
/// # }
/// ```
pub fn audit_slice<G: Game + ?Sized>(
    game: &G,
    log: &[u8],
    max_line: usize,
) -> Result<Judgement, LogError> {
    if crate::lines::longest_line_over(log, max_line) {
        audit_reader(game, log, max_line)
    } else {
        game.audit(log)
    }
}

/// The count line: one decimal number alone on the first non-blank line.
fn count_line(source: &mut impl LineSource, what: &str) -> Result<(u64, usize), LogError> {
    loop {
        let Some((number, line)) = source.next()? else {
            return Err(malformed(
                source.last().max(1),
                format!("expected {what}, found an empty input"),
            ));
        };
        let mut tokens = Tokens::new(line);
        let token = tokens.next_token();
        if token.is_empty() {
            continue;
        }
        let count = decimal(token).ok_or_else(|| {
            malformed(
                number,
                format!("expected {what}, found {}", not_a_count(token)),
            )
        })?;
        let extra = tokens.next_token();
        if !extra.is_empty() {
            return Err(malformed(
                number,
                format!("expected only {what}, found {}", show(extra)),
            ));
        }
        return Ok((count, number));
    }
}

fn audit_source<G: Game + ?Sized>(
    game: &G,
    referee: &mut dyn Referee,
    source: &mut impl LineSource,
) -> Result<Judgement, LogError> {
    let words = game.words();
    if !game.counted() {
        return audit_uncounted(game, referee, source);
    }
    let what = format!("the number of {}s", words.action);
    let (declared, declared_line) = count_line(source, &what)?;
    referee.expect(declared);
    let mut actions = 0u64;
    while let Some((number, line)) = source.next()? {
        let is_action = if actions == declared {
            if referee.read_line(line, number)? {
                let too_many = CountError::TooMany {
                    declared,
                    declared_line,
                    text: show(line.trim_ascii()),
                };
                return Err(count_error(number, &too_many, words.action));
            }
            false
        } else if referee.verdict().foul().is_none() {
            referee.apply_line(line, number)?.is_some()
        } else {
            referee.read_line(line, number)?
        };
        actions += u64::from(is_action);
    }
    if actions != declared {
        let too_few = CountError::TooFew {
            declared,
            declared_line,
            found: actions,
        };
        return Err(count_error(source.last() + 1, &too_few, words.action));
    }
    Ok(Judgement::new(
        game.name(),
        referee.rules().unwrap_or_else(|| game.rules()),
        actions as usize,
        referee.verdict().clone(),
    ))
}

/// A log without a count line: every line an action, judged until the first foul, then read.
fn audit_uncounted<G: Game + ?Sized>(
    game: &G,
    referee: &mut dyn Referee,
    source: &mut impl LineSource,
) -> Result<Judgement, LogError> {
    let mut actions = 0usize;
    while let Some((number, line)) = source.next()? {
        let is_action = if referee.verdict().foul().is_none() {
            referee.apply_line(line, number)?.is_some()
        } else {
            referee.read_line(line, number)?
        };
        actions += usize::from(is_action);
    }
    Ok(Judgement::new(
        game.name(),
        referee.rules().unwrap_or_else(|| game.rules()),
        actions,
        referee.verdict().clone(),
    ))
}

/// A count line the log disagrees with, worded as the notations word it.
fn count_error(line: usize, count: &CountError, noun: &str) -> LogError {
    let (expected, found) = count.words(noun);
    malformed(line, format!("expected {expected}, found {found}"))
}

fn malformed(line: usize, message: String) -> LogError {
    LogError::new(ErrorKind::Malformed, line, None, message)
}

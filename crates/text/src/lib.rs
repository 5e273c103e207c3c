//! Text plumbing shared by the games' notations: splitting a log into numbered lines and a line
//! into tokens, reading decimal numbers safely, and showing a bad token in an error message.
//! No game rules live here; each game's `notation` module builds its own syntax on top.
//! [`json`] reads the JSON Lines records a batch is given.
//!
//! ```
//! use fairplay_text::{count_line, decimal, Lines, Tokens};
//! let mut lines = Lines::new(b"\n2\r\n1 A 2 3C no\n");
//! assert_eq!(count_line(&mut lines, "the number of actions"), Ok((2, 2)));
//! let mut tokens = Tokens::new(lines.next_line().unwrap());
//! assert_eq!(decimal(tokens.next_token()), Some(1));
//! assert_eq!(tokens.next_token(), b"A");
//! assert_eq!(lines.number(), 3);
//! ```

#![warn(missing_docs)]

pub mod json;

/// Whether `b` separates tokens: space, tab, or the `\r` of a `\r\n` line end.
#[inline]
pub fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// Shows a token or line in an error message: at most 40 characters, control bytes escaped,
/// "the end of the line" for nothing.
///
/// ```
/// assert_eq!(fairplay_text::show("x é".as_bytes()), "`x é`");
/// assert_eq!(fairplay_text::show(b"x\x01"), "binary data (`x\\x01`)");
/// assert_eq!(fairplay_text::show(b""), "the end of the line");
/// ```
pub fn show(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "the end of the line".to_string();
    }
    let head = &bytes[..bytes.len().min(40)];
    let more = if bytes.len() > 40 { "..." } else { "" };
    if is_binary(bytes) {
        // Not text: every byte that is not printable ASCII is shown as `\xNN`.
        return format!("binary data (`{}`{more})", head.escape_ascii());
    }
    let text = String::from_utf8_lossy(head);
    format!("`{}`{more}", text.escape_debug())
}

/// Whether `bytes` are binary data rather than text: a control character other than tab,
/// carriage return and line feed (NUL, DEL, ...), or bytes that are not UTF-8 (a character
/// cut by the end of `bytes` still counts as text).
///
/// ```
/// assert!(fairplay_text::is_binary(b"\x7fELF\x02\x01\x01\0"));
/// assert!(!fairplay_text::is_binary("1 A 2 3C nö".as_bytes()));
/// ```
pub fn is_binary(bytes: &[u8]) -> bool {
    if bytes
        .iter()
        .any(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n')) || b == 0x7f)
    {
        return true;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => false,
        Err(e) => e.error_len().is_some(),
    }
}

/// The byte-order mark some editors put at the start of a UTF-8 file.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// How a count token that is not a count is described after "expected ..., found": a number
/// too large is said to be one.
///
/// ```
/// assert_eq!(
///     fairplay_text::not_a_count(b"99999999999999999999"),
///     "`99999999999999999999`, a number too large (the most is 18446744073709551615)"
/// );
/// assert_eq!(fairplay_text::not_a_count(b"x"), "`x`");
/// ```
pub fn not_a_count(token: &[u8]) -> String {
    if token.iter().all(u8::is_ascii_digit) && !token.is_empty() {
        too_large(&show(token))
    } else {
        show(token)
    }
}

/// A count too large for 64 bits, `shown` as [`show`] shows it, as the errors say it.
fn too_large(shown: &str) -> String {
    format!("{shown}, a number too large (the most is {})", u64::MAX)
}

/// A decimal number; `None` if the token is empty, holds anything but digits, or does not fit
/// in 64 bits (never wraps, whatever the length).
///
/// ```
/// assert_eq!(fairplay_text::decimal(b"0042"), Some(42));
/// assert_eq!(fairplay_text::decimal(b"99999999999999999999"), None);
/// assert_eq!(fairplay_text::decimal(b"4x"), None);
/// ```
#[inline]
pub fn decimal(token: &[u8]) -> Option<u64> {
    if token.is_empty() {
        return None;
    }
    token.iter().try_fold(0u64, |n, &b| {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

/// Splits one line into blank-separated tokens without allocating.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    rest: &'a [u8],
}

impl<'a> Tokens<'a> {
    /// The tokens of `line`.
    pub fn new(line: &'a [u8]) -> Tokens<'a> {
        Tokens { rest: line }
    }

    /// The next token, or an empty slice at the end of the line.
    #[inline]
    pub fn next_token(&mut self) -> &'a [u8] {
        let start = self
            .rest
            .iter()
            .position(|&b| !is_blank(b))
            .unwrap_or(self.rest.len());
        let rest = &self.rest[start..];
        let len = rest.iter().position(|&b| is_blank(b)).unwrap_or(rest.len());
        self.rest = &rest[len..];
        &rest[..len]
    }
}

/// Splits a log into lines (without their `\n`), counting them from 1.
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a [u8],
    number: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `input`; a UTF-8 byte-order mark at its start is skipped.
    pub fn new(input: &'a [u8]) -> Lines<'a> {
        Lines {
            rest: input.strip_prefix(BOM).unwrap_or(input),
            number: 0,
        }
    }

    /// The next line, or `None` at the end of the input.
    #[inline]
    pub fn next_line(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match self.rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, &[][..]),
        };
        self.rest = rest;
        self.number += 1;
        Some(line)
    }

    /// The 1-based number of the line last returned (0 before the first).
    #[inline]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The input not yet split, for a parser that reads whole lines faster on its own.
    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// Takes the first `len` bytes of [`Lines::rest`] as the next line: they must be one whole
    /// line including its `\n`.
    #[inline]
    pub fn take_line(&mut self, len: usize) {
        debug_assert_eq!(self.rest.get(len.wrapping_sub(1)), Some(&b'\n'));
        self.rest = &self.rest[len..];
        self.number += 1;
    }
}

/// A syntax error as the notations report it: the line, what was expected, what was found,
/// and, for a count line that cannot be one, that as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The 1-based line.
    pub line: usize,
    /// What the line should have held.
    pub expected: String,
    /// What it held instead (shortened and escaped).
    pub found: String,
    /// Set when the error is about the count: here only [`CountError::TooLarge`].
    pub count: Option<CountError>,
}

/// What is wrong with a log's count, as data: the numbers its error's sentence holds, for
/// whoever words the error again (the page's translations). [`CountError::words`] gives the
/// sentence every reader of a log writes.
///
/// ```
/// use fairplay_text::{count_line, CountError, Lines};
/// let err = count_line(&mut Lines::new(b"99999999999999999999\n"), "the number of moves").unwrap_err();
/// let text = "`99999999999999999999`".to_string();
/// assert_eq!(err.count, Some(CountError::TooLarge { text }));
/// assert_eq!((err.line, err.expected.as_str()), (1, "the number of moves"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The count line's number does not fit in 64 bits (the most is [`u64::MAX`]).
    TooLarge {
        /// The number as [`show`] shows it.
        text: String,
    },
    /// The log ends after `found` of the `declared` actions (or moves) that line
    /// `declared_line` announces.
    TooFew {
        /// The number on the count line.
        declared: u64,
        /// The count line's 1-based line.
        declared_line: usize,
        /// The actions the log holds.
        found: u64,
    },
    /// The log holds an action (or move) past the `declared` ones that line `declared_line`
    /// announces: the one numbered `declared + 1`, written as `text`.
    TooMany {
        /// The number on the count line.
        declared: u64,
        /// The count line's 1-based line.
        declared_line: usize,
        /// The line of the action too many as [`show`] shows it (without its blanks).
        text: String,
    },
}

impl CountError {
    /// The two halves of the error's sentence (`expected ..., found ...`) for a game whose
    /// actions are called `noun`: every reader of a log words a count error so.
    ///
    /// ```
    /// use fairplay_text::CountError;
    /// let few = CountError::TooFew { declared: 1, declared_line: 1, found: 0 };
    /// assert_eq!(few.words("move"), ("1 move as line 1 says".into(), "0".into()));
    /// let many = CountError::TooMany { declared: 2, declared_line: 3, text: "`3 A 1 2B no`".into() };
    /// assert_eq!(
    ///     many.words("action"),
    ///     ("only 2 actions as line 3 says".into(), "action 3 (`3 A 1 2B no`)".into())
    /// );
    /// ```
    pub fn words(&self, noun: &str) -> (String, String) {
        match self {
            CountError::TooLarge { text } => (format!("the number of {noun}s"), too_large(text)),
            CountError::TooFew {
                declared,
                declared_line,
                found,
            } => (
                format!("{} as line {declared_line} says", count(*declared, noun)),
                found.to_string(),
            ),
            CountError::TooMany {
                declared,
                declared_line,
                text,
            } => (
                format!(
                    "only {} as line {declared_line} says",
                    count(*declared, noun)
                ),
                format!("{noun} {} ({text})", declared.saturating_add(1)),
            ),
        }
    }
}

/// Reads the count line that opens a log: blank lines are skipped, then the line must hold one
/// decimal number and nothing else. Returns the number and its line; `what` names it in
/// errors ("the number of actions").
pub fn count_line(lines: &mut Lines<'_>, what: &str) -> Result<(u64, usize), Expected> {
    let error = |line: usize, expected: String, found: String, count| Expected {
        line,
        expected,
        found,
        count,
    };
    loop {
        let Some(line) = lines.next_line() else {
            return Err(error(
                lines.number().max(1),
                what.to_string(),
                "an empty input".to_string(),
                None,
            ));
        };
        let mut tokens = Tokens::new(line);
        let token = tokens.next_token();
        if token.is_empty() {
            continue;
        }
        let count = decimal(token).ok_or_else(|| {
            let too_large = token.iter().all(u8::is_ascii_digit);
            let count = too_large.then(|| CountError::TooLarge { text: show(token) });
            error(lines.number(), what.to_string(), not_a_count(token), count)
        })?;
        let extra = tokens.next_token();
        if !extra.is_empty() {
            return Err(error(
                lines.number(),
                format!("only {what}"),
                show(extra),
                None,
            ));
        }
        return Ok((count, lines.number()));
    }
}

/// `n` things, with the noun in the plural unless `n` is 1: `1 action`, `3 actions`.
///
/// ```
/// assert_eq!(fairplay_text::count(1, "move"), "1 move");
/// assert_eq!(fairplay_text::count(0, "move"), "0 moves");
/// ```
pub fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

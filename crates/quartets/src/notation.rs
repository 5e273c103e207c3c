//! Reading and writing Quartets logs: syntax only, no rules.
//!
//! A log is a count line followed by one action per line:
//!
//! ```text
//! 3
//! 1 A 2 3C no
//! 2 A 1 3B yes
//! 2 Q 3
//! ```
//!
//! Parsing yields [`RawAction`]s: numbers as written, not yet checked against any
//! [`Rules`](crate::Rules). [`Rules::check`](crate::Rules::check) turns them into validated
//! [`Action`](crate::Action)s.

use std::fmt;

/// An action as written in a log, not yet checked against the game's sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawAction {
    /// `x A y sk yes|no`: player `asker` asks player `target` for card `set`/`letter`.
    Ask {
        /// The asking player's number as written.
        asker: u32,
        /// The asked player's number as written.
        target: u32,
        /// The set number as written.
        set: u32,
        /// The card letter, 0 for `A`.
        letter: u8,
        /// `true` for `yes` (the card is handed over).
        granted: bool,
    },
    /// `x Q s`: player `player` lays set `set` aside.
    LayAside {
        /// The player's number as written.
        player: u32,
        /// The set number as written.
        set: u32,
    },
}

impl fmt::Display for RawAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                granted,
            } => {
                let answer = if granted { "yes" } else { "no" };
                let letter = char::from(b'A' + letter);
                write!(f, "{asker} A {target} {set}{letter} {answer}")
            }
            RawAction::LayAside { player, set } => write!(f, "{player} Q {set}"),
        }
    }
}

/// A syntax error: the line it is on, what was expected and what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct ParseError {
    /// 1-based line number in the input.
    pub line: usize,
    /// What the line should have held.
    pub expected: String,
    /// What it held instead (shortened and escaped).
    pub found: String,
}

/// Largest number accepted in a numeric field; larger ones are reported, never wrapped.
const MAX_NUMBER: u32 = 1 << 30;

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// Shows a token or line in an error message: at most 40 characters, control bytes escaped.
fn show(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "the end of the line".to_string();
    }
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(40)]);
    let mut shown: String = format!("`{}`", text.escape_debug());
    if bytes.len() > 40 {
        shown.push_str("...");
    }
    shown
}

/// Splits one line into whitespace-separated tokens without allocating.
struct Tokens<'a> {
    rest: &'a [u8],
}

impl<'a> Tokens<'a> {
    fn next_token(&mut self) -> &'a [u8] {
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

fn number(token: &[u8]) -> Option<u32> {
    if token.is_empty() || token.len() > 10 {
        return None;
    }
    let mut n: u32 = 0;
    for &b in token {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u32::from(d))?;
    }
    (n <= MAX_NUMBER).then_some(n)
}

/// Parses one action line (without its line break). `Ok(None)` for a blank line.
///
/// ```
/// use fairplay_quartets::notation::{parse_action, RawAction};
/// let ask = parse_action(b"1  A 2 3C yes\r", 2).unwrap().unwrap();
/// assert_eq!(ask, RawAction::Ask { asker: 1, target: 2, set: 3, letter: 2, granted: true });
/// assert_eq!(ask.to_string(), "1 A 2 3C yes");
/// assert!(parse_action(b"1 B 2", 7).unwrap_err().to_string().starts_with("line 7: expected"));
/// ```
pub fn parse_action(line: &[u8], line_no: usize) -> Result<Option<RawAction>, ParseError> {
    let err = |expected: &str, found: &[u8]| ParseError {
        line: line_no,
        expected: expected.to_string(),
        found: show(found),
    };
    let mut tokens = Tokens { rest: line };
    let first = tokens.next_token();
    if first.is_empty() {
        return Ok(None);
    }
    let player = number(first).ok_or_else(|| err("a player number", first))?;
    let kind = tokens.next_token();
    let action = match kind {
        b"A" => {
            let target_token = tokens.next_token();
            let target = number(target_token)
                .ok_or_else(|| err("the asked player's number", target_token))?;
            let card = tokens.next_token();
            let (set, letter) = match card.split_last() {
                Some((&l, digits)) if l.is_ascii_uppercase() => (number(digits), l - b'A'),
                _ => (None, 0),
            };
            let set = set.ok_or_else(|| err("a card such as `3C` (set number, letter)", card))?;
            let answer = tokens.next_token();
            let granted = match answer {
                b"yes" => true,
                b"no" => false,
                _ => return Err(err("`yes` or `no`", answer)),
            };
            RawAction::Ask {
                asker: player,
                target,
                set,
                letter,
                granted,
            }
        }
        b"Q" => {
            let set_token = tokens.next_token();
            let set = number(set_token).ok_or_else(|| err("a set number", set_token))?;
            RawAction::LayAside { player, set }
        }
        _ => return Err(err("`A` (ask) or `Q` (lay a set aside)", kind)),
    };
    let extra = tokens.next_token();
    if !extra.is_empty() {
        return Err(err("the end of the line", extra));
    }
    Ok(Some(action))
}

/// One action of a log with the line it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number in the input.
    pub line: usize,
    /// The action as written.
    pub action: RawAction,
}

/// Reads a whole log: the count line, then the actions, checking that their number matches.
///
/// Blank lines are skipped anywhere; lines may end in `\r\n`. The reader is an iterator, so a
/// referee can judge each action as soon as it is read.
///
/// ```
/// use fairplay_quartets::notation::LogReader;
/// let mut reader = LogReader::new(b"2\n1 A 2 3C no\r\n2 Q 3\n\n").unwrap();
/// assert_eq!(reader.declared(), 2);
/// let actions: Vec<_> = reader.by_ref().collect::<Result<_, _>>().unwrap();
/// assert_eq!(actions.len(), 2);
///
/// let mut short = LogReader::new(b"3\n1 A 2 3C no\n").unwrap();
/// let err = short.find_map(Result::err).unwrap();
/// assert_eq!(err.to_string(), "line 2: expected 3 actions as line 1 says, found 1");
/// ```
#[derive(Debug)]
pub struct LogReader<'a> {
    rest: &'a [u8],
    line: usize,
    declared: usize,
    declared_line: usize,
    seen: usize,
    done: bool,
}

impl<'a> LogReader<'a> {
    /// Reads the count line. Blank lines before it are skipped.
    pub fn new(input: &'a [u8]) -> Result<LogReader<'a>, ParseError> {
        let mut reader = LogReader {
            rest: input,
            line: 0,
            declared: 0,
            declared_line: 0,
            seen: 0,
            done: false,
        };
        loop {
            let Some(line) = reader.next_line() else {
                return Err(ParseError {
                    line: reader.line.max(1),
                    expected: "the number of actions".to_string(),
                    found: "an empty input".to_string(),
                });
            };
            let mut tokens = Tokens { rest: line };
            let token = tokens.next_token();
            if token.is_empty() {
                continue;
            }
            let count = number(token).ok_or_else(|| ParseError {
                line: reader.line,
                expected: "the number of actions".to_string(),
                found: show(token),
            })?;
            let extra = tokens.next_token();
            if !extra.is_empty() {
                return Err(ParseError {
                    line: reader.line,
                    expected: "only the number of actions".to_string(),
                    found: show(extra),
                });
            }
            reader.declared = count as usize;
            reader.declared_line = reader.line;
            return Ok(reader);
        }
    }

    /// The number of actions the count line announces.
    pub fn declared(&self) -> usize {
        self.declared
    }

    fn next_line(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match memchr(b'\n', self.rest) {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, &[][..]),
        };
        self.rest = rest;
        self.line += 1;
        Some(line)
    }
}

fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == needle)
}

impl Iterator for LogReader<'_> {
    type Item = Result<Record, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let Some(line) = self.next_line() else {
                self.done = true;
                if self.seen < self.declared {
                    return Some(Err(ParseError {
                        line: self.line + 1,
                        expected: format!(
                            "{} actions as line {} says",
                            self.declared, self.declared_line
                        ),
                        found: self.seen.to_string(),
                    }));
                }
                return None;
            };
            match parse_action(line, self.line) {
                Ok(None) => continue,
                Ok(Some(action)) => {
                    self.seen += 1;
                    if self.seen > self.declared {
                        self.done = true;
                        return Some(Err(ParseError {
                            line: self.line,
                            expected: format!(
                                "only {} actions as line {} says",
                                self.declared, self.declared_line
                            ),
                            found: format!("action {} ({})", self.seen, show(line.trim_ascii())),
                        }));
                    }
                    return Some(Ok(Record {
                        line: self.line,
                        action,
                    }));
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

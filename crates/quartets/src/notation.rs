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

use fairplay_text::{count_line, decimal, show, Lines, Tokens};

pub use fairplay_text::CountError;

/// An action as written in a log, not yet checked against the game's sizes.
///
/// `repr(u8)` lays each variant out as a C struct after a one-byte tag, with the byte fields
/// first: 16 bytes, every field aligned, so an action (and an `Option` of one) travels in two
/// registers. Rust's default layout packs fields at odd offsets, and copying those stalls the
/// processor (store forwarding fails) on every line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum RawAction {
    /// `x A y sk yes|no`: player `asker` asks player `target` for card `set`/`letter`.
    Ask {
        /// The card letter, 0 for `A`.
        letter: u8,
        /// `true` for `yes` (the card is handed over).
        granted: bool,
        /// The asking player's number as written.
        asker: u32,
        /// The asked player's number as written.
        target: u32,
        /// The set number as written.
        set: u32,
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

/// A syntax error: the line it is on, what was expected and what was found, and, when the
/// count line is wrong or the log disagrees with it, that as data ([`ParseError::count`]).
///
/// Boxed, so that a `Result` carrying it stays as small as the action it would hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {}: expected {}, found {}", .0.line, .0.expected, .0.found)]
pub struct ParseError(Box<ParseDetail>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct ParseDetail {
    line: usize,
    expected: String,
    found: String,
    count: Option<CountError>,
}

impl ParseError {
    /// An error on `line` (1-based): `expected` describes what should have been there.
    pub fn new(line: usize, expected: impl Into<String>, found: impl Into<String>) -> ParseError {
        ParseError(Box::new(ParseDetail {
            line,
            expected: expected.into(),
            found: found.into(),
            count: None,
        }))
    }

    /// The same error, about the count: `count` says what is wrong as data (the sentence is
    /// still `expected` and `found`).
    pub fn with_count(mut self, count: CountError) -> ParseError {
        self.0.count = Some(count);
        self
    }
    /// The 1-based line number in the input.
    pub fn line(&self) -> usize {
        self.0.line
    }
    /// What the line should have held.
    pub fn expected(&self) -> &str {
        &self.0.expected
    }
    /// What it held instead (shortened and escaped).
    pub fn found(&self) -> &str {
        &self.0.found
    }
    /// What is wrong with the count, when that is the error: the count line's number is too
    /// large, or the log holds fewer or more actions than it says.
    ///
    /// ```
    /// use fairplay_quartets::notation::{CountError, LogReader};
    /// let err = LogReader::new(b"3\n1 A 2 3C no\n").unwrap().find_map(Result::err).unwrap();
    /// let count = CountError::TooFew { declared: 3, declared_line: 1, found: 1 };
    /// assert_eq!(err.count(), Some(&count));
    /// ```
    pub fn count(&self) -> Option<&CountError> {
        self.0.count.as_ref()
    }
}

/// Largest number accepted in a numeric field; larger ones are reported, never wrapped.
const MAX_NUMBER: u32 = 1 << 30;

fn number(token: &[u8]) -> Option<u32> {
    decimal(token)
        .filter(|&n| n <= u64::from(MAX_NUMBER))
        .map(|n| n as u32)
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
    let err = |expected: &str, found: &[u8]| ParseError::new(line_no, expected, show(found));
    let mut tokens = Tokens::new(line);
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
/// assert_eq!(err.to_string(), "line 3: expected 3 actions as line 1 says, found 1");
/// ```
#[derive(Debug)]
pub struct LogReader<'a> {
    lines: Lines<'a>,
    declared: usize,
    declared_line: usize,
    /// Actions still to come as the count line says; 0 once the reader is done, so that the
    /// word-at-a-time path tests one number.
    left: usize,
    done: bool,
}

impl<'a> LogReader<'a> {
    /// Reads the count line. Blank lines before it are skipped.
    pub fn new(input: &'a [u8]) -> Result<LogReader<'a>, ParseError> {
        let mut lines = Lines::new(input);
        let (count, declared_line) =
            count_line(&mut lines, "the number of actions").map_err(|e| {
                let error = ParseError::new(e.line, e.expected, e.found);
                match e.count {
                    Some(count) => error.with_count(count),
                    None => error,
                }
            })?;
        let declared = usize::try_from(count).unwrap_or(usize::MAX);
        Ok(LogReader {
            lines,
            declared,
            declared_line,
            left: declared,
            done: false,
        })
    }

    /// The number of actions the count line announces.
    pub fn declared(&self) -> usize {
        self.declared
    }

    /// The next action, `None` after the last one. Its line is [`LogReader::line`]. Canonical
    /// lines are read a word at a time ([`LogReader::next_canonical`]), others the general way.
    ///
    /// ```
    /// use fairplay_quartets::notation::{LogReader, RawAction};
    /// let mut reader = LogReader::new(b"1\n2 Q 3\n").unwrap();
    /// let action = reader.next_action().unwrap().unwrap();
    /// assert_eq!(action, RawAction::LayAside { player: 2, set: 3 });
    /// assert_eq!(reader.line(), 2);
    /// assert!(reader.next_action().is_none());
    /// ```
    #[inline]
    pub fn next_action(&mut self) -> Option<Result<RawAction, ParseError>> {
        match self.next_canonical() {
            Some(action) => Some(Ok(action)),
            None => self.next_slow(),
        }
    }

    /// The 1-based number of the line last read.
    pub fn line(&self) -> usize {
        self.lines.number()
    }

    /// The next action if its line is in the canonical form (`1 A 2 3C no`, one-digit numbers,
    /// `\n` line ends), else `None` and nothing is consumed: [`LogReader::next_action`] then
    /// reads the line the general way. A judge's inner loop over this keeps the action in
    /// registers.
    ///
    /// Internal: [`audit`](crate::audit)'s inner loop; everyone else reads through
    /// [`LogReader::next_action`], which takes this path first.
    #[inline(always)]
    pub(crate) fn next_canonical(&mut self) -> Option<RawAction> {
        if self.left == 0 {
            return None;
        }
        let (action, len) = canonical_line(self.lines.rest())?;
        self.lines.take_line(len);
        self.left -= 1;
        Some(action)
    }

    /// Reads canonical lines ([`LogReader::next_canonical`]) and hands each action to `taker`
    /// until it returns `false`: then that action is returned (its line read). `None` when the
    /// next line is not canonical or the log has ended, nothing of it read. The reader's
    /// state is kept in locals for the loop: a judge's loop over
    /// [`LogReader::next_canonical`] kept it in memory, written back at every line.
    #[inline(always)]
    pub(crate) fn canonical_until<T: Take>(&mut self, taker: &mut T) -> Option<RawAction> {
        let mut lines = self.lines.clone();
        let mut left = self.left;
        let refused = loop {
            if left == 0 {
                break None;
            }
            let read = if T::UNCHECKED {
                canonical_line_with::<false>(lines.rest())
            } else {
                canonical_line(lines.rest())
            };
            let Some((action, len)) = read else {
                break None;
            };
            if T::UNCHECKED && !taker.known(action) {
                // Maybe no canonical line: read the general way.
                break None;
            }
            lines.take_line(len);
            left -= 1;
            if !taker.take(action) {
                break Some(action);
            }
        };
        self.lines = lines;
        self.left = left;
        refused
    }

    /// Any line the canonical path declines: blank lines, other spacing, long numbers, the last
    /// line of a file, errors, and the end of the log.
    #[inline(never)]
    fn next_slow(&mut self) -> Option<Result<RawAction, ParseError>> {
        if self.done {
            return None;
        }
        // The last line or two of a log end less than a word pair from its end, where the
        // canonical path cannot read: they are read from a padded copy (every log has one).
        if self.left > 0 {
            if let Some((action, len)) = canonical_tail(self.lines.rest()) {
                self.lines.take_line(len);
                self.left -= 1;
                return Some(Ok(action));
            }
        }
        loop {
            let Some(line) = self.lines.next_line() else {
                self.done = true;
                let left = std::mem::take(&mut self.left);
                if left > 0 {
                    let count = CountError::TooFew {
                        declared: self.declared as u64,
                        declared_line: self.declared_line,
                        found: (self.declared - left) as u64,
                    };
                    let (expected, found) = count.words("action");
                    let line = self.lines.number() + 1;
                    return Some(Err(ParseError::new(line, expected, found).with_count(count)));
                }
                return None;
            };
            match parse_action(line, self.lines.number()) {
                Ok(None) => continue,
                Ok(Some(_)) if self.left == 0 => {
                    self.done = true;
                    let count = CountError::TooMany {
                        declared: self.declared as u64,
                        declared_line: self.declared_line,
                        text: show(line.trim_ascii()),
                    };
                    let (expected, found) = count.words("action");
                    let line = self.lines.number();
                    return Some(Err(ParseError::new(line, expected, found).with_count(count)));
                }
                Ok(Some(action)) => {
                    self.left -= 1;
                    return Some(Ok(action));
                }
                Err(e) => {
                    self.done = true;
                    self.left = 0;
                    return Some(Err(e));
                }
            }
        }
    }
}

/// What [`LogReader::canonical_until`] hands the actions to (a trait rather than a closure:
/// a closure the compiler did not inline made a call of every action).
pub(crate) trait Take {
    /// Whether the lines are read without checking that their numbers are digits and their
    /// letter a capital ([`canonical_line_with`]): then [`Take::known`] is asked first, and
    /// only an action it knows is read and taken.
    const UNCHECKED: bool = false;

    /// With [`Take::UNCHECKED`]: whether every name of `action` is at most 9 (a letter at most
    /// `Z`), so that the line held one-digit numbers and read as [`canonical_line`] reads it.
    #[inline(always)]
    fn known(&self, _action: RawAction) -> bool {
        true
    }

    /// Takes `action`, or refuses it with `false`.
    fn take(&mut self, action: RawAction) -> bool;
}

/// Parses a line in the canonical one-digit form (`1 A 2 3C no`, `1 A 2 3C yes`, `1 Q 3`)
/// ending in `\n` or `\r\n`, returning the action and the bytes it took. Anything else (more
/// digits, extra spaces, the last line of a file) is left to [`parse_action`], which gives the
/// same result on these lines (a test checks it). A watcher judges an action in a few
/// nanoseconds, so the common line is read a word at a time.
#[inline]
fn canonical_line(rest: &[u8]) -> Option<(RawAction, usize)> {
    canonical_line_with::<true>(rest)
}

/// [`canonical_line`]; without `CHECK`, the numbers and the letter are not checked to be
/// digits and a capital: their values are then those of the bytes (`byte ^ b'0'`, `byte -
/// b'A'`), and only a name within one digit's reach (a number 1 to 9, a letter `A` to `Z`)
/// shows the line to be what [`canonical_line`] reads the same way.
#[inline(always)]
fn canonical_line_with<const CHECK: bool>(rest: &[u8]) -> Option<(RawAction, usize)> {
    const fn bytes(b: [u8; 8]) -> u64 {
        u64::from_le_bytes(b)
    }
    // Fixed bytes of `d A d dL` and `d Q d\n`, and where their digits are.
    const ASK_MASK: u64 = bytes([0, 0xFF, 0xFF, 0xFF, 0, 0xFF, 0, 0]);
    const ASK_BITS: u64 = bytes([0, b' ', b'A', b' ', 0, b' ', 0, 0]);
    const ASK_DIGITS: u64 = bytes([0xFF, 0, 0, 0, 0xFF, 0, 0xFF, 0]);
    const LAY_MASK: u64 = bytes([0, 0xFF, 0xFF, 0xFF, 0, 0xFF, 0, 0]);
    const LAY_BITS: u64 = bytes([0, b' ', b'Q', b' ', 0, b'\n', 0, 0]);
    const LAY_CRLF_MASK: u64 = bytes([0, 0xFF, 0xFF, 0xFF, 0, 0xFF, 0xFF, 0]);
    const LAY_CRLF_BITS: u64 = bytes([0, b' ', b'Q', b' ', 0, b'\r', b'\n', 0]);
    const LAY_DIGITS: u64 = bytes([0xFF, 0, 0, 0, 0xFF, 0, 0, 0]);
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const SIX: u64 = 0x0606_0606_0606_0606;
    const SIXTEEN: u64 = 0x1010_1010_1010_1010;
    // The digits at `positions` of `word` as values 0..=9, or `None` if one is not a digit.
    let digits = |word: u64, positions: u64| {
        let values = (word ^ ZEROS) & positions;
        let ok =
            !CHECK || values & !LOW & positions == 0 && (values + (SIX & positions)) & SIXTEEN == 0;
        ok.then_some(values)
    };
    let head: &[u8; 16] = rest.get(..16)?.try_into().ok()?;
    let (lo, hi) = head.split_at(8);
    let lo = u64::from_le_bytes(lo.try_into().ok()?);
    let hi = u64::from_le_bytes(hi.try_into().ok()?);
    let digit = |values: u64, at: u32| (values >> (8 * at)) as u32 & 0xFF;
    if lo & ASK_MASK == ASK_BITS {
        let values = digits(lo, ASK_DIGITS)?;
        let letter = head[7].wrapping_sub(b'A');
        if CHECK && letter >= 26 {
            return None;
        }
        let (granted, len) = if hi & 0xFFFF_FFFF == u64::from(u32::from_le_bytes(*b" no\n")) {
            (false, 12)
        } else if hi & 0xFF_FFFF_FFFF == bytes(*b" yes\n\0\0\0") {
            (true, 13)
        } else if hi & 0xFF_FFFF_FFFF == bytes(*b" no\r\n\0\0\0") {
            (false, 13)
        } else if hi & 0xFFFF_FFFF_FFFF == bytes(*b" yes\r\n\0\0") {
            (true, 14)
        } else {
            return None;
        };
        let action = RawAction::Ask {
            asker: digit(values, 0),
            target: digit(values, 4),
            set: digit(values, 6),
            letter,
            granted,
        };
        Some((action, len))
    } else if lo & LAY_MASK == LAY_BITS || lo & LAY_CRLF_MASK == LAY_CRLF_BITS {
        let values = digits(lo, LAY_DIGITS)?;
        let action = RawAction::LayAside {
            player: digit(values, 0),
            set: digit(values, 4),
        };
        Some((action, if head[5] == b'\n' { 6 } else { 7 }))
    } else {
        None
    }
}

/// [`canonical_line`] on the last bytes of a log, fewer than it reads: on a copy padded with
/// zeros. It looks at no byte after a line's `\n`, so the padding changes no answer.
fn canonical_tail(rest: &[u8]) -> Option<(RawAction, usize)> {
    if rest.len() >= 16 {
        return None;
    }
    let mut padded = [0u8; 16];
    padded[..rest.len()].copy_from_slice(rest);
    let (action, len) = canonical_line(&padded)?;
    (len <= rest.len()).then_some((action, len))
}

/// Whether `line` (without its `\n`) is an action line in the canonical form, read the
/// canonical way: `true` only for lines [`parse_action`] reads as an action, so a `false`
/// says nothing and the caller asks [`parse_action`].
pub(crate) fn is_canonical_action(line: &[u8]) -> bool {
    if line.len() >= 15 {
        return false;
    }
    let mut padded = [0u8; 16];
    padded[..line.len()].copy_from_slice(line);
    padded[line.len()] = b'\n';
    canonical_line(&padded).is_some_and(|(_, len)| len == line.len() + 1)
}

impl Iterator for LogReader<'_> {
    type Item = Result<Record, ParseError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let action = self.next_action()?;
        Some(action.map(|action| Record {
            line: self.line(),
            action,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::{canonical_line, canonical_tail, is_canonical_action, parse_action, RawAction};

    #[test]
    fn an_action_fits_in_two_registers() {
        assert_eq!(std::mem::size_of::<RawAction>(), 16);
        assert_eq!(std::mem::size_of::<Option<RawAction>>(), 16);
    }
    use proptest::prelude::*;

    /// Lines close to the canonical form: digits, letters and separators mixed with
    /// characters that must make the fast path decline.
    fn near_canonical() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop_oneof![
            4 => Just(b' '),
            3 => b'0'..=b'9',
            2 => prop::sample::select(b"AQ\nnoyesBZ\r\t/:@\x00\xff".to_vec()),
            1 => any::<u8>(),
        ];
        let canonical = (
            1u8..=9,
            1u8..=9,
            0u8..=9,
            b'A'..=b'Z',
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(x, y, s, l, granted, lay)| {
                if lay {
                    format!("{x} Q {s}\n").into_bytes()
                } else {
                    let answer = if granted { "yes" } else { "no" };
                    format!("{x} A {y} {s}{} {answer}\n", l as char).into_bytes()
                }
            });
        // Half the lines end in CR LF.
        let canonical = (canonical, any::<bool>()).prop_map(|(mut line, crlf)| {
            if crlf {
                line.insert(line.len() - 1, b'\r');
            }
            line
        });
        (
            canonical,
            prop::collection::vec((0usize..14, byte), 0..3),
            prop::collection::vec(any::<u8>(), 16),
        )
            .prop_map(|(mut line, edits, tail)| {
                for (at, b) in edits {
                    if at < line.len() {
                        line[at] = b;
                    }
                }
                line.extend(tail);
                line
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn fast_path_agrees_with_the_general_parser(input in near_canonical()) {
            if let Some((action, len)) = canonical_line(&input) {
                prop_assert_eq!(input[len - 1], b'\n');
                let general = parse_action(&input[..len - 1], 1).unwrap();
                prop_assert_eq!(general, Some(action));
            }
            // Read without its checks, a line whose names are one digit's reach reads the same.
            if let Some((action, len)) = super::canonical_line_with::<false>(&input) {
                let small = |n: u32| n.wrapping_sub(1) < 9;
                let known = match action {
                    RawAction::Ask { asker, target, set, letter, .. } => {
                        small(asker) && small(target) && small(set) && letter < 26
                    }
                    RawAction::LayAside { player, set } => small(player) && small(set),
                };
                if known {
                    prop_assert_eq!(canonical_line(&input), Some((action, len)));
                }
            }
            // Any prefix that is called a canonical line is one the general parser reads.
            for cut in 0..input.len().min(16) {
                if is_canonical_action(&input[..cut]) {
                    prop_assert!(matches!(parse_action(&input[..cut], 1), Ok(Some(_))));
                }
            }
        }

        /// Cut anywhere (the end of a log), the text reads on the padded copy as it reads with
        /// more bytes after it, or not at all.
        #[test]
        fn the_padded_tail_reads_as_the_whole_text(input in near_canonical(), cut in 0usize..16) {
            let tail = &input[..cut];
            if let Some((action, len)) = canonical_tail(tail) {
                prop_assert_eq!(canonical_line(&input), Some((action, len)));
            }
            if let Some((_, len)) = canonical_line(&input).filter(|&(_, len)| len <= cut) {
                prop_assert_eq!(canonical_tail(tail).map(|(_, l)| l), Some(len));
            }
        }
    }

    #[test]
    fn fast_path_takes_the_common_lines() {
        assert!(canonical_line(b"1 A 2 3C no\n...more.").is_some());
        assert!(canonical_line(b"4 A 1 8D yes\n...more").is_some());
        assert!(canonical_line(b"3 Q 7\n...more lines").is_some());
        let crlf = [
            (&b"1 A 2 3C no\r\n...more"[..], 13),
            (b"4 A 1 8D yes\r\n...more", 14),
            (b"3 Q 7\r\n...more lines", 7),
        ];
        for (line, len) in crlf {
            let (action, taken) = canonical_line(line).unwrap();
            assert_eq!(taken, len);
            assert_eq!(Some(action), parse_action(&line[..len - 2], 1).unwrap());
        }
        assert!(canonical_line(b"1 A 2 3C no\r...more.").is_none());
        assert!(canonical_line(b"3 Q 7\r ...more lines").is_none());
        assert!(canonical_line(b"1 A 2 3C no").is_none());
        assert_eq!(
            canonical_tail(b"4 A 1 8D yes\n").map(|(_, len)| len),
            Some(13)
        );
        assert_eq!(canonical_tail(b"3 Q 7\r\n").map(|(_, len)| len), Some(7));
        assert!(canonical_tail(b"1 A 2 3C no").is_none());
        assert!(canonical_tail(b"3 Q 7").is_none());
        for line in [&b"1 A 2 3C no"[..], b"4 A 1 8D yes", b"3 Q 7", b"3 Q 7\r"] {
            assert!(is_canonical_action(line), "{line:?}");
        }
        assert!(!is_canonical_action(b"1 A 2 3C no\n"));
        assert!(!is_canonical_action(b"1 A 2 3C maybe"));
    }
}

//! Reading and writing Sequence logs: syntax only, no rules.
//!
//! A log is a count line `N` followed by `N` move lines. The contract format has four fields:
//!
//! ```text
//! 3
//! 1 5s P 5s
//! 2 Jd P 7h
//! 3 Jh R 5s
//! ```
//!
//! The extended format (for the full rules) lets the spot name its square, alone (`B7`) or
//! after the card it shows (`5s@B7`), adds an optional last field naming the team that moved
//! (`blue`, `green`, `red`) and a discard of a dead card (`D`, no spot):
//!
//! ```text
//! 3
//! 1 5s P 5s@E1 blue
//! 2 Jd P C6 green
//! 3 9h D blue
//! ```
//!
//! A placement that completes a sequence may record the five squares the team marks, as the
//! first and last of them joined by `-` (`A2-E2`; several joined by `+`, `A2-E2+E2-I2`), as
//! the last field (after the team, if one is named): `12 7h P 7h@E2 blue A2-E2`.
//!
//! Fields are separated by spaces or tabs, lines may end in `\r\n` and blank lines are
//! skipped. `10` is read as `X`. Parsing yields [`RawMove`]s, which say what was written; a
//! [`Board`](crate::Board) turns them into validated moves
//! ([`contract_move`](crate::Board::contract_move), [`full_move`](crate::Board::full_move)).

use std::fmt;

use fairplay_text::{count_line, decimal, show, Lines, Tokens};

pub use fairplay_text::CountError;

use crate::board::Square;
use crate::card::Card;
use crate::team::Team;

/// A spot as written: the card it shows, its square, or both (`5s@B7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawSpot {
    /// `5s`: a spot showing this card (any card may be written, even a Jack).
    Card(Card),
    /// `B7`: a square.
    Square(Square),
    /// `5s@B7`: a square and the card it is said to show.
    Both(Card, Square),
}

impl RawSpot {
    /// The card written, if any.
    pub fn card(self) -> Option<Card> {
        match self {
            RawSpot::Card(card) | RawSpot::Both(card, _) => Some(card),
            RawSpot::Square(_) => None,
        }
    }

    /// The square written, if any.
    pub fn square(self) -> Option<Square> {
        match self {
            RawSpot::Square(square) | RawSpot::Both(_, square) => Some(square),
            RawSpot::Card(_) => None,
        }
    }
}

impl fmt::Display for RawSpot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RawSpot::Card(card) => card.fmt(f),
            RawSpot::Square(square) => square.fmt(f),
            RawSpot::Both(card, square) => write!(f, "{card}@{square}"),
        }
    }
}

/// What a move line does, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawAction {
    /// `P spot`: a token is placed.
    Place(RawSpot),
    /// `R spot`: a token is removed.
    Remove(RawSpot),
    /// `D`: a dead card is discarded (extended format only).
    Discard,
}

/// The most sequences one placement can complete: two in each of the four directions.
pub const MAX_MARKS: usize = 8;

/// The sequences a placement marks, as written: each the first and last of its five squares
/// (`A2-E2`), in the order written. Empty when the line records none.
///
/// ```
/// use fairplay_sequence::notation::parse_move;
/// let raw = parse_move(b"9 4h P C2 blue A2-E2+I2-E2", 9).unwrap().unwrap();
/// let marks: Vec<String> = raw.marks.iter().map(|(a, b)| format!("{a}-{b}")).collect();
/// assert_eq!(marks, ["A2-E2", "I2-E2"]);
/// assert!(parse_move(b"9 4h P C2 A2-D2", 9).is_err()); // four squares, not five
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RawMarks {
    ends: [Option<(Square, Square)>; MAX_MARKS],
}

impl RawMarks {
    /// The marked sequences, each as its two end squares as written.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        self.ends.iter().map_while(|e| *e)
    }

    /// Whether the line records no marking.
    pub fn is_empty(&self) -> bool {
        self.ends[0].is_none()
    }

    /// How many sequences are recorded.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Adds a marked sequence; `false` (and nothing added) if `first` and `last` are not the
    /// ends of five squares in a line ([`is_line_of_five`]) or [`MAX_MARKS`] are there already.
    pub fn push(&mut self, first: Square, last: Square) -> bool {
        if !is_line_of_five(first, last) {
            return false;
        }
        match self.ends.iter_mut().find(|e| e.is_none()) {
            Some(slot) => {
                *slot = Some((first, last));
                true
            }
            None => false,
        }
    }
}

impl fmt::Display for RawMarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (first, last)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{first}-{last}")?;
        }
        Ok(())
    }
}

/// Whether `first` and `last` are the ends of five squares in a row, column or diagonal.
pub fn is_line_of_five(first: Square, last: Square) -> bool {
    let span = |a: usize, b: usize| a.abs_diff(b);
    let (dc, dr) = (
        span(first.column(), last.column()),
        span(first.row(), last.row()),
    );
    matches!((dc, dr), (4, 0) | (0, 4) | (4, 4))
}

fn marks(token: &[u8]) -> Option<RawMarks> {
    let mut marks = RawMarks::default();
    for part in token.split(|&b| b == b'+') {
        let dash = part.iter().position(|&b| b == b'-')?;
        let first = Square::parse(&part[..dash])?;
        let last = Square::parse(&part[dash + 1..])?;
        if !marks.push(first, last) {
            return None;
        }
    }
    Some(marks)
}

/// A move line as written, not yet checked against a board or a game.
///
/// ```
/// use fairplay_sequence::notation::{parse_move, RawAction, RawSpot};
/// let raw = parse_move(b"7\t10h  P Xh@F7 green\r", 8).unwrap().unwrap();
/// assert_eq!(raw.turn, 7);
/// assert!(matches!(raw.action, RawAction::Place(RawSpot::Both(..))));
/// assert_eq!(raw.to_string(), "7 Xh P Xh@F7 green");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawMove {
    /// The turn number as written.
    pub turn: u64,
    /// The card played.
    pub card: Card,
    /// What the card does.
    pub action: RawAction,
    /// The team named as having moved, if any.
    pub team: Option<Team>,
    /// The sequences the placement marks, if the line records them.
    pub marks: RawMarks,
}

impl fmt::Display for RawMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.turn, self.card)?;
        match self.action {
            RawAction::Place(spot) => write!(f, "P {spot}")?,
            RawAction::Remove(spot) => write!(f, "R {spot}")?,
            RawAction::Discard => f.write_str("D")?,
        }
        if let Some(team) = self.team {
            write!(f, " {team}")?;
        }
        if !self.marks.is_empty() {
            write!(f, " {}", self.marks)?;
        }
        Ok(())
    }
}

/// Writes a whole log: the count line, then one line per move.
///
/// ```
/// use fairplay_sequence::notation::{format_log, parse_move};
/// let moves = [parse_move(b"1 5s P 5s", 1).unwrap().unwrap()];
/// assert_eq!(format_log(&moves), "1\n1 5s P 5s\n");
/// ```
pub fn format_log(moves: &[RawMove]) -> String {
    use fmt::Write;
    let mut log = format!("{}\n", moves.len());
    for raw in moves {
        // Writing to a String cannot fail.
        let _ = writeln!(log, "{raw}");
    }
    log
}

/// A syntax error: the line it is on, what was expected and what was found, and, when the
/// count line is wrong or the log disagrees with it, that as data (`count`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct ParseError {
    /// 1-based line number in the input.
    pub line: usize,
    /// What the line should have held.
    pub expected: String,
    /// What it held instead (shortened and escaped).
    pub found: String,
    /// What is wrong with the count, when that is the error: the count line's number is too
    /// large, or the log holds fewer or more moves than it says. `expected` and `found` still
    /// word it.
    ///
    /// ```
    /// use fairplay_sequence::notation::{CountError, LogReader};
    /// let err = LogReader::new(b"2\n1 4d P 4d\n").unwrap().find_map(Result::err).unwrap();
    /// assert_eq!(err.to_string(), "line 3: expected 2 moves as line 1 says, found 1");
    /// let count = CountError::TooFew { declared: 2, declared_line: 1, found: 1 };
    /// assert_eq!(err.count, Some(count));
    /// ```
    pub count: Option<CountError>,
}

fn spot(token: &[u8]) -> Option<RawSpot> {
    match token.iter().position(|&b| b == b'@') {
        Some(at) => Some(RawSpot::Both(
            Card::parse(&token[..at])?,
            Square::parse(&token[at + 1..])?,
        )),
        None => Card::parse(token)
            .map(RawSpot::Card)
            .or_else(|| Square::parse(token).map(RawSpot::Square)),
    }
}

const CARD: &str =
    "a card such as `5s`, `Xh` or `10h` (rank 2-9, X or 10, J, Q, K, A; suit h, c, d, s)";
const SPOT: &str =
    "a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`)";

const MARKS: &str = "the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line";
const MARKS_OR_TEAM: &str = "a team (`blue`, `green`, `red`), the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line";

/// Parses one move line (without its line break). `Ok(None)` for a blank line.
///
/// ```
/// use fairplay_sequence::notation::parse_move;
/// assert_eq!(parse_move(b"2 Js R 3h", 3).unwrap().unwrap().to_string(), "2 Js R 3h");
/// assert_eq!(parse_move(b"  \r", 4), Ok(None));
/// let err = parse_move(b"2 Js X 3h", 5).unwrap_err();
/// assert!(err.to_string().starts_with("line 5: expected `P` (place), `R` (remove)"));
/// assert!(parse_move(b"2 Js R", 6).is_err());
/// ```
pub fn parse_move(line: &[u8], line_no: usize) -> Result<Option<RawMove>, ParseError> {
    let err = |expected: &str, found: &[u8]| ParseError {
        line: line_no,
        expected: expected.to_string(),
        found: show(found),
        count: None,
    };
    let mut tokens = Tokens::new(line);
    let first = tokens.next_token();
    if first.is_empty() {
        return Ok(None);
    }
    let turn = decimal(first).ok_or_else(|| err("a turn number", first))?;
    let card_token = tokens.next_token();
    let card = Card::parse(card_token).ok_or_else(|| err(CARD, card_token))?;
    let kind = tokens.next_token();
    let action = match kind {
        b"P" | b"R" => {
            let spot_token = tokens.next_token();
            let spot = spot(spot_token).ok_or_else(|| err(SPOT, spot_token))?;
            if kind == b"P" {
                RawAction::Place(spot)
            } else {
                RawAction::Remove(spot)
            }
        }
        b"D" => RawAction::Discard,
        _ => {
            return Err(err(
                "`P` (place), `R` (remove) or `D` (discard a dead card)",
                kind,
            ))
        }
    };
    let placed = matches!(action, RawAction::Place(_));
    let mut next = tokens.next_token();
    let team = match Team::parse(next) {
        Some(team) => {
            next = tokens.next_token();
            Some(team)
        }
        None => None,
    };
    let mut marked = RawMarks::default();
    if !next.is_empty() && placed {
        let expected = match team {
            None => MARKS_OR_TEAM,
            Some(_) => MARKS,
        };
        marked = marks(next).ok_or_else(|| err(expected, next))?;
        next = tokens.next_token();
    } else if !next.is_empty() && team.is_none() {
        return Err(err(
            "a team (`blue`, `green`, `red`) or the end of the line",
            next,
        ));
    }
    if !next.is_empty() {
        return Err(err("the end of the line", next));
    }
    Ok(Some(RawMove {
        turn,
        card,
        action,
        team,
        marks: marked,
    }))
}

/// One move of a log with the line it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number in the input.
    pub line: usize,
    /// The move as written.
    pub raw: RawMove,
}

/// Reads a whole log: the count line, then the moves, checking that their number matches the
/// count and that turn numbers increase strictly within `1..=N`.
///
/// It is an iterator, so a game can be judged move by move as the log is read; it allocates
/// nothing, whatever the count line says. After the first error it stops.
///
/// ```
/// use fairplay_sequence::notation::LogReader;
/// let mut reader = LogReader::new(b"2\n1 5s P 5s\r\n\n2 7h P 7h\n").unwrap();
/// assert_eq!(reader.declared(), 2);
/// assert_eq!(reader.by_ref().filter(Result::is_ok).count(), 2);
///
/// let mut short = LogReader::new(b"3\n1 5s P 5s\n").unwrap();
/// let err = short.find_map(Result::err).unwrap();
/// assert_eq!(err.to_string(), "line 3: expected 3 moves as line 1 says, found 1");
///
/// let mut repeated = LogReader::new(b"2\n1 5s P 5s\n1 7h P 7h\n").unwrap();
/// let err = repeated.find_map(Result::err).unwrap();
/// assert_eq!(err.to_string(), "line 3: expected a turn number above 1 (turns increase), found `1`");
/// ```
#[derive(Debug)]
pub struct LogReader<'a> {
    lines: Lines<'a>,
    declared: u64,
    declared_line: usize,
    seen: u64,
    turns: TurnOrder,
    done: bool,
}

impl<'a> LogReader<'a> {
    /// Reads the count line. Blank lines before it are skipped.
    pub fn new(input: &'a [u8]) -> Result<LogReader<'a>, ParseError> {
        let mut lines = Lines::new(input);
        let (declared, declared_line) =
            count_line(&mut lines, "the number of moves").map_err(|e| ParseError {
                line: e.line,
                expected: e.expected,
                found: e.found,
                count: e.count,
            })?;
        Ok(LogReader {
            lines,
            declared,
            declared_line,
            seen: 0,
            turns: TurnOrder::default(),
            done: false,
        })
    }

    /// The number of moves the count line announces.
    pub fn declared(&self) -> u64 {
        self.declared
    }

    fn check(&mut self, raw: &RawMove, line: &[u8]) -> Result<(), ParseError> {
        self.seen += 1;
        if self.seen > self.declared {
            let count = CountError::TooMany {
                declared: self.declared,
                declared_line: self.declared_line,
                text: show(line.trim_ascii()),
            };
            let (expected, found) = count.words("move");
            return Err(ParseError {
                line: self.lines.number(),
                expected,
                found,
                count: Some(count),
            });
        }
        let turn = raw.turn;
        check_turn_range(turn, self.declared, self.lines.number())?;
        self.turns.check(turn, self.lines.number())?;
        self.turns.accept(turn);
        Ok(())
    }
}

/// Checks that `turn`, on line `line`, is within `1..=declared`, the moves the count line
/// announces.
pub fn check_turn_range(turn: u64, declared: u64, line: usize) -> Result<(), ParseError> {
    if turn == 0 || turn > declared {
        return Err(ParseError {
            line,
            expected: format!("a turn number from 1 to {declared}"),
            found: format!("`{turn}`"),
            count: None,
        });
    }
    Ok(())
}

/// The order of turns: each move's turn number must be above the last one's. Shared by
/// [`LogReader`] and referees that read a game line by line, where a line out of order is
/// reported and skipped.
///
/// ```
/// use fairplay_sequence::notation::TurnOrder;
/// let mut turns = TurnOrder::default();
/// assert!(turns.check(1, 2).is_ok());
/// turns.accept(1);
/// let err = turns.check(1, 3).unwrap_err();
/// assert_eq!(err.to_string(), "line 3: expected a turn number above 1 (turns increase), found `1`");
/// assert!(turns.check(4, 3).is_ok()); // turns may skip numbers
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnOrder {
    last: u64,
}

impl TurnOrder {
    /// Checks that `turn`, on line `line`, comes after the last turn accepted.
    pub fn check(&self, turn: u64, line: usize) -> Result<(), ParseError> {
        if turn <= self.last {
            return Err(ParseError {
                line,
                expected: format!("a turn number above {} (turns increase)", self.last),
                found: format!("`{turn}`"),
                count: None,
            });
        }
        Ok(())
    }

    /// Takes `turn` as the last one played.
    pub fn accept(&mut self, turn: u64) {
        self.last = self.last.max(turn);
    }

    /// The last turn accepted (0 before the first).
    pub fn last(&self) -> u64 {
        self.last
    }
}

impl Iterator for LogReader<'_> {
    type Item = Result<Record, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let Some(line) = self.lines.next_line() else {
                self.done = true;
                if self.seen < self.declared {
                    let count = CountError::TooFew {
                        declared: self.declared,
                        declared_line: self.declared_line,
                        found: self.seen,
                    };
                    let (expected, found) = count.words("move");
                    return Some(Err(ParseError {
                        line: self.lines.number() + 1,
                        expected,
                        found,
                        count: Some(count),
                    }));
                }
                return None;
            };
            let checked = parse_move(line, self.lines.number()).and_then(|raw| match raw {
                Some(raw) => self.check(&raw, line).map(|()| Some(raw)),
                None => Ok(None),
            });
            match checked {
                Ok(None) => continue,
                Ok(Some(raw)) => {
                    return Some(Ok(Record {
                        line: self.lines.number(),
                        raw,
                    }))
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(input: &str) -> String {
        match LogReader::new(input.as_bytes()) {
            Err(e) => e.to_string(),
            Ok(mut reader) => reader
                .find_map(Result::err)
                .map(|e| e.to_string())
                .unwrap_or_else(|| "no error".to_string()),
        }
    }

    #[test]
    fn malformed_logs_name_the_line() {
        let cases = [
            ("", "line 1: expected the number of moves, found an empty input"),
            ("x\n", "line 1: expected the number of moves, found `x`"),
            ("1 2\n", "line 1: expected only the number of moves, found `2`"),
            (
                "99999999999999999999999\n",
                "line 1: expected the number of moves, found `99999999999999999999999`, a number too large (the most is 18446744073709551615)",
            ),
            ("\0\x01\n", "line 1: expected the number of moves, found binary data (`\\x00\\x01`)"),
            ("1\n1 5s P\n", "line 2: expected a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`), found the end of the line"),
            ("1\n1 5s P 5s 5s\n", "line 2: expected a team (`blue`, `green`, `red`), the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line, found `5s`"),
            ("1\n1 5s P 5s blue A1-E2\n", "line 2: expected the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line, found `A1-E2`"),
            ("1\n1 5s R 5s A1-E1\n", "line 2: expected a team (`blue`, `green`, `red`) or the end of the line, found `A1-E1`"),
            ("1\n1 5s D blue A1-E1\n", "line 2: expected the end of the line, found `A1-E1`"),
            ("1\n1 5s P E1 A1-E1 blue\n", "line 2: expected the end of the line, found `blue`"),
            ("1\n1 5s P 5s blue x\n", "line 2: expected the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line, found `x`"),
            ("1\n1 5s R 5s blue x\n", "line 2: expected the end of the line, found `x`"),
            ("1\n1 1s P 5s\n", "line 2: expected a card such as `5s`, `Xh` or `10h` (rank 2-9, X or 10, J, Q, K, A; suit h, c, d, s), found `1s`"),
            ("1\n1 5s p 5s\n", "line 2: expected `P` (place), `R` (remove) or `D` (discard a dead card), found `p`"),
            ("1\n1 5s P 5s@K1\n", "line 2: expected a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`), found `5s@K1`"),
            ("1\n0 5s P 5s\n", "line 2: expected a turn number from 1 to 1, found `0`"),
            ("1\n2 5s P 5s\n", "line 2: expected a turn number from 1 to 1, found `2`"),
            ("1\n-1 5s P 5s\n", "line 2: expected a turn number, found `-1`"),
            (
                "1\n99999999999999999999999 5s P 5s\n",
                "line 2: expected a turn number, found `99999999999999999999999`",
            ),
            ("2\n2 5s P 5s\n1 7h P 7h\n", "line 3: expected a turn number above 2 (turns increase), found `1`"),
            ("1\n1 5s P 5s\n2 7h P 7h\n", "line 3: expected only 1 move as line 1 says, found move 2 (`2 7h P 7h`)"),
            ("18446744073709551615\n1 5s P 5s\n", "line 3: expected 18446744073709551615 moves as line 1 says, found 1"),
        ];
        for (input, message) in cases {
            assert_eq!(first_error(input), message, "{input:?}");
        }
    }

    #[test]
    fn good_logs_read_through() {
        assert_eq!(first_error("\n\n0\n\n"), "no error");
        assert_eq!(
            first_error("2\r\n1\t5s  P 5s\r\n\r\n2 Jd P C6 green\r\n"),
            "no error"
        );
        let mut reader = LogReader::new(b"2\n1 5s P 5s\n\n2 7h P 7h").unwrap();
        let lines: Vec<usize> = reader.by_ref().map(|r| r.unwrap().line).collect();
        assert_eq!(lines, [2, 4]);
    }

    #[test]
    fn moves_print_as_read() {
        for line in [
            "3 Xh P 9c@A5 red",
            "1 Jh R G2",
            "5 9h D",
            "4 As P As blue",
            "6 5s P E1 A1-E1",
            "7 4h P C2 green I2-E2+A2-E2",
            "8 Jd P E5 blue A9-E5+E1-E5+A1-E5+A5-E5+E5-I5+E5-I1+E5-I9+E5-E9",
        ] {
            let raw = parse_move(line.as_bytes(), 1).unwrap().unwrap();
            assert_eq!(raw.to_string(), line);
        }
    }
}

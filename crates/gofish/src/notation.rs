//! Reading and printing Go Fish logs: syntax only, no rules.
//!
//! A log has one action per line and no count line:
//!
//! * `x A y r k`: player x asks player y for rank r; y hands over k cards (1, 2 or 3);
//! * `x A y r fish`: the same, and y says "Go fish";
//! * `x D`: x draws a card from the stock and keeps it unseen;
//! * `x D r`: x draws rank r and shows it;
//! * `x B r`: x lays down the book of rank r.
//!
//! Ranks are `A 2 3 4 5 6 7 8 9 10 J Q K`; `1`, `11`, `12`, `13` are read as `A`, `J`, `Q`,
//! `K`, and letters may be in either case. Whether a player or rank exists in a game is for
//! the rules ([`Rules::check`](crate::Rules::check)) to say, not the notation.

use std::fmt;

use fairplay_text::{decimal, show, Tokens};

use crate::rules::RANK_NAMES;

/// A rank as written: its 1-based number (`A` is 1, `K` is 13). A number outside the game's
/// ranks is kept, for the rules to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawRank(pub u32);

impl fmt::Display for RawRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self
            .0
            .checked_sub(1)
            .and_then(|i| RANK_NAMES.get(i as usize))
        {
            Some(name) => f.write_str(name),
            None => write!(f, "{}", self.0),
        }
    }
}

/// The answer to an ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawAnswer {
    /// "Go fish": the asked player holds none of the rank.
    Fish,
    /// This many cards handed over (1, 2 or 3).
    Cards(u8),
}

/// One action as written, unchecked against any rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawAction {
    /// `asker A target rank answer`.
    Ask {
        /// Who asks.
        asker: u32,
        /// Who is asked.
        target: u32,
        /// The rank asked for.
        rank: RawRank,
        /// The answer.
        answer: RawAnswer,
    },
    /// `player D` (unseen) or `player D rank` (shown).
    Draw {
        /// Who draws.
        player: u32,
        /// The rank shown, if the card is shown.
        shown: Option<RawRank>,
    },
    /// `player B rank`.
    Book {
        /// Who lays the book down.
        player: u32,
        /// Its rank.
        rank: RawRank,
    },
}

impl RawAction {
    /// The player who acts.
    pub fn actor(self) -> u32 {
        match self {
            RawAction::Ask { asker, .. } => asker,
            RawAction::Draw { player, .. } | RawAction::Book { player, .. } => player,
        }
    }
}

impl fmt::Display for RawAction {
    /// The action in canonical form: `1 A 2 Q fish`, `1 A 2 10 2`, `3 D`, `3 D K`, `2 B 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RawAction::Ask {
                asker,
                target,
                rank,
                answer: RawAnswer::Fish,
            } => write!(f, "{asker} A {target} {rank} fish"),
            RawAction::Ask {
                asker,
                target,
                rank,
                answer: RawAnswer::Cards(k),
            } => write!(f, "{asker} A {target} {rank} {k}"),
            RawAction::Draw {
                player,
                shown: None,
            } => write!(f, "{player} D"),
            RawAction::Draw {
                player,
                shown: Some(rank),
            } => write!(f, "{player} D {rank}"),
            RawAction::Book { player, rank } => write!(f, "{player} B {rank}"),
        }
    }
}

/// A line that is not an action: where, what was expected, what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct ParseError {
    line: usize,
    expected: &'static str,
    found: String,
}

impl ParseError {
    /// The 1-based line.
    pub fn line(&self) -> usize {
        self.line
    }
    /// What the line should have held there.
    pub fn expected(&self) -> &'static str {
        self.expected
    }
    /// What it held instead, as shown in messages.
    pub fn found(&self) -> &str {
        &self.found
    }
}

/// A rank token: a number written without leading zeros, or `A`, `J`, `Q`, `K` in either
/// case. `None` if it is neither (`02` is no rank's spelling).
pub fn parse_rank(token: &[u8]) -> Option<RawRank> {
    let rank = match token {
        [b'A' | b'a'] => 1,
        [b'J' | b'j'] => 11,
        [b'Q' | b'q'] => 12,
        [b'K' | b'k'] => 13,
        [b'0', _, ..] => return None,
        _ => u32::try_from(decimal(token)?).unwrap_or(u32::MAX),
    };
    Some(RawRank(rank))
}

/// A player token: a number (too large ones are kept as `u32::MAX`, for the rules to name).
fn parse_player(token: &[u8]) -> Option<u32> {
    Some(u32::try_from(decimal(token)?).unwrap_or(u32::MAX))
}

/// A rank in its canonical spelling (`A 2 3 4 5 6 7 8 9 10 J Q K`), read whole: the fast path
/// of [`parse_action`]. `None` for any other token.
#[inline]
fn canonical_rank(token: &[u8]) -> Option<RawRank> {
    let rank = match token {
        [b'A'] => 1,
        [b'J'] => 11,
        [b'Q'] => 12,
        [b'K'] => 13,
        &[d @ b'2'..=b'9'] => u32::from(d - b'0'),
        [b'1', b'0'] => 10,
        _ => return None,
    };
    Some(RawRank(rank))
}

/// A line in the canonical form the simulator and `--format text` write (players 1 to 9,
/// single spaces, upper-case ranks, `fish` in lower case, nothing else on the line), read
/// without splitting it into tokens. `None` for any other line, which the general reader
/// then reads: on every line it accepts, this gives what the general reader gives.
#[inline]
fn parse_canonical(line: &[u8]) -> Option<RawAction> {
    let &[p @ b'1'..=b'9', b' ', kind, ref rest @ ..] = line else {
        return None;
    };
    let player = u32::from(p - b'0');
    match (kind, rest) {
        (b'D', []) => Some(RawAction::Draw {
            player,
            shown: None,
        }),
        (b'D', [b' ', rank @ ..]) => Some(RawAction::Draw {
            player,
            shown: Some(canonical_rank(rank)?),
        }),
        (b'B', [b' ', rank @ ..]) => Some(RawAction::Book {
            player,
            rank: canonical_rank(rank)?,
        }),
        (b'A', &[b' ', t @ b'1'..=b'9', b' ', ref rest @ ..]) => {
            let answer_at = rest.iter().position(|&b| b == b' ')?;
            let rank = canonical_rank(&rest[..answer_at])?;
            let answer = match &rest[answer_at + 1..] {
                [b'1'] => RawAnswer::Cards(1),
                [b'2'] => RawAnswer::Cards(2),
                [b'3'] => RawAnswer::Cards(3),
                [b'f', b'i', b's', b'h'] => RawAnswer::Fish,
                _ => return None,
            };
            Some(RawAction::Ask {
                asker: player,
                target: u32::from(t - b'0'),
                rank,
                answer,
            })
        }
        _ => None,
    }
}

const RANK: &str = "a rank (A 2 3 4 5 6 7 8 9 10 J Q K)";

/// Parses one line (without its line break). `Ok(None)` for a blank line.
///
/// ```
/// use fairplay_gofish::notation::{parse_action, RawAction, RawAnswer, RawRank};
/// let ask = parse_action(b"1  A 2 q\tFISH\r", 1).unwrap().unwrap();
/// assert_eq!(ask, RawAction::Ask { asker: 1, target: 2, rank: RawRank(12), answer: RawAnswer::Fish });
/// assert_eq!(ask.to_string(), "1 A 2 Q fish");
/// assert_eq!(parse_action(b"3 D 10", 2).unwrap().unwrap().to_string(), "3 D 10");
/// assert_eq!(
///     parse_action(b"1 A 2 A 4", 7).unwrap_err().to_string(),
///     "line 7: expected the number of cards handed over (1, 2 or 3) or `fish`, found `4`"
/// );
/// ```
pub fn parse_action(line: &[u8], line_no: usize) -> Result<Option<RawAction>, ParseError> {
    match parse_canonical(line) {
        Some(action) => Ok(Some(action)),
        None => parse_general(line, line_no),
    }
}

/// [`parse_action`] for any spelling: tokens split on blanks.
fn parse_general(line: &[u8], line_no: usize) -> Result<Option<RawAction>, ParseError> {
    let err = |expected: &'static str, found: &[u8]| ParseError {
        line: line_no,
        expected,
        found: show(found),
    };
    let mut tokens = Tokens::new(line);
    let first = tokens.next_token();
    if first.is_empty() {
        return Ok(None);
    }
    let player = parse_player(first).ok_or_else(|| err("a player number", first))?;
    let kind = tokens.next_token();
    let action = match kind {
        b"A" | b"a" => {
            let target_token = tokens.next_token();
            let target = parse_player(target_token)
                .ok_or_else(|| err("the asked player's number", target_token))?;
            let rank_token = tokens.next_token();
            let rank = parse_rank(rank_token).ok_or_else(|| err(RANK, rank_token))?;
            let answer_token = tokens.next_token();
            let answer = match answer_token {
                b"1" => RawAnswer::Cards(1),
                b"2" => RawAnswer::Cards(2),
                b"3" => RawAnswer::Cards(3),
                t if t.eq_ignore_ascii_case(b"fish") => RawAnswer::Fish,
                t => {
                    return Err(err(
                        "the number of cards handed over (1, 2 or 3) or `fish`",
                        t,
                    ))
                }
            };
            RawAction::Ask {
                asker: player,
                target,
                rank,
                answer,
            }
        }
        b"D" | b"d" => {
            let rank_token = tokens.next_token();
            let shown = if rank_token.is_empty() {
                None
            } else {
                Some(parse_rank(rank_token).ok_or_else(|| {
                    err(
                        "the end of the line or the rank shown (A 2 3 4 5 6 7 8 9 10 J Q K)",
                        rank_token,
                    )
                })?)
            };
            RawAction::Draw { player, shown }
        }
        b"B" | b"b" => {
            let rank_token = tokens.next_token();
            let rank = parse_rank(rank_token).ok_or_else(|| err(RANK, rank_token))?;
            RawAction::Book { player, rank }
        }
        _ => {
            return Err(err(
                "`A` (ask), `D` (draw) or `B` (book) after the player",
                kind,
            ))
        }
    };
    let extra = tokens.next_token();
    if !extra.is_empty() {
        return Err(err("the end of the line", extra));
    }
    Ok(Some(action))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_reads_and_prints_back() {
        for line in [
            "1 A 2 A fish",
            "1 A 2 10 3",
            "4 A 1 K 1",
            "2 D",
            "2 D J",
            "3 B Q",
        ] {
            let action = parse_action(line.as_bytes(), 1).unwrap().unwrap();
            assert_eq!(action.to_string(), line);
        }
    }

    #[test]
    fn the_fast_path_reads_what_the_general_reader_reads() {
        // Every line of up to five tokens from these, and some with other spacing: the fast
        // path either declines or agrees.
        let tokens = [
            "1", "2", "9", "0", "10", "01", "A", "a", "D", "B", "J", "Q", "K", "k", "3", "13",
            "02", "fish", "FISH", "x", "4",
        ];
        let mut lines = vec![
            String::new(),
            "1 A 2 A fish ".to_string(),
            " 1 A 2 A fish".to_string(),
            "1  A 2 A fish".to_string(),
            "1 A 2 A fish\r".to_string(),
            "1 D\t".to_string(),
            "1 D ".to_string(),
        ];
        let mut fast = 0;
        for a in tokens {
            for b in ["A", "D", "B", "a", "x"] {
                lines.push(format!("{a} {b}"));
                for c in tokens {
                    lines.push(format!("{a} {b} {c}"));
                    for d in tokens {
                        lines.push(format!("{a} {b} {c} {d}"));
                        for e in tokens {
                            lines.push(format!("{a} {b} {c} {d} {e}"));
                        }
                    }
                }
            }
        }
        for line in &lines {
            let general = parse_general(line.as_bytes(), 1);
            if let Some(action) = parse_canonical(line.as_bytes()) {
                fast += 1;
                assert_eq!(general, Ok(Some(action)), "{line:?}");
            }
        }
        // The canonical lines take the fast path.
        assert!(fast > 900, "{fast}");
        for line in ["1 A 2 10 fish", "9 A 1 K 3", "3 D", "3 D 10", "2 B Q"] {
            assert!(parse_canonical(line.as_bytes()).is_some(), "{line}");
        }
    }

    #[test]
    fn numbers_and_lowercase_name_ranks() {
        let ranks: Vec<u32> = ["1", "a", "11", "j", "12", "q", "13", "k", "10", "0", "14"]
            .iter()
            .map(|t| parse_rank(t.as_bytes()).unwrap().0)
            .collect();
        assert_eq!(ranks, [1, 1, 11, 11, 12, 12, 13, 13, 10, 0, 14]);
        assert_eq!(parse_rank(b"X"), None);
        assert_eq!(parse_rank(b"02"), None);
        assert_eq!(parse_rank(b"010"), None);
        assert_eq!(parse_rank(b""), None);
        assert_eq!(RawRank(14).to_string(), "14");
    }

    #[test]
    fn malformed_lines_say_what_was_expected() {
        let cases: [(&str, &str); 7] = [
            ("x A 2 A fish", "expected a player number, found `x`"),
            (
                "1 C 2",
                "expected `A` (ask), `D` (draw) or `B` (book) after the player",
            ),
            (
                "1 A",
                "expected the asked player's number, found the end of the line",
            ),
            ("1 A 2 Z fish", "expected a rank"),
            ("1 A 2 A 0", "expected the number of cards handed over"),
            ("1 D A A", "expected the end of the line, found `A`"),
            (
                "1 B",
                "expected a rank (A 2 3 4 5 6 7 8 9 10 J Q K), found the end of the line",
            ),
        ];
        for (line, message) in cases {
            let error = parse_action(line.as_bytes(), 3).unwrap_err().to_string();
            assert!(error.starts_with("line 3: "), "{error}");
            assert!(error.contains(message), "{line}: {error}");
        }
        assert_eq!(parse_action(b" \t\r", 1), Ok(None));
    }
}

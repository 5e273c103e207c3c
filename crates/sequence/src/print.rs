//! Output: verdicts, reports and the board as text. Nothing here judges.

use std::fmt;

use crate::board::{Square, SIDE};
use crate::full::{Cell, FullGame, Line, Marking, SEQUENCE_LENGTH};
use crate::{ContractReport, FullReport, Verdict};

impl fmt::Display for Verdict {
    /// `VALID GAME` or `INVALID <turn>`, without a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Valid => f.write_str("VALID GAME"),
            Verdict::Invalid { turn, .. } => write!(f, "INVALID {turn}"),
        }
    }
}

impl fmt::Display for ContractReport {
    /// The contract output: the verdict and a line break, nothing else.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.verdict)
    }
}

impl fmt::Display for FullReport {
    /// The full-rules report: verdict, winner or reason, sequences, then the board (after the
    /// log, or as it was when the illegal move was tried).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.verdict)?;
        match &self.verdict {
            Verdict::Valid => match self.game.winner() {
                Some(winner) => writeln!(f, "winner: {winner}")?,
                None => writeln!(f, "winner: none yet")?,
            },
            Verdict::Invalid { illegal, .. } => writeln!(f, "illegal: {illegal}")?,
        }
        let counts: Vec<String> = self
            .game
            .teams()
            .all()
            .map(|team| format!("{team} {}", self.game.sequence_count(team)))
            .collect();
        writeln!(f, "sequences: {}", counts.join(", "))?;
        match &self.verdict {
            Verdict::Valid if self.moves == 1 => writeln!(f, "board after 1 move:")?,
            Verdict::Valid => writeln!(f, "board after {} moves:", self.moves)?,
            Verdict::Invalid { turn, .. } => writeln!(f, "board before turn {turn}:")?,
        }
        BoardGrid(&self.game).fmt(f)?;
        for team in self.game.teams().all() {
            let markings = self.game.markings(team);
            if markings.len() > 1 {
                writeln!(f, "possible markings: {team} {}", Markings(markings))?;
            }
        }
        Ok(())
    }
}

/// A line by its two ends, the left one first (the top one in a column): `A2-E2`, `D6-H2`.
///
/// ```
/// use fairplay_sequence::{line_between, print::LineName};
/// let line = line_between("H2".parse().unwrap(), "D6".parse().unwrap()).unwrap();
/// assert_eq!(LineName(&line).to_string(), "D6-H2");
/// ```
pub struct LineName<'a>(pub &'a Line);

impl fmt::Display for LineName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.0[0], self.0[SEQUENCE_LENGTH - 1]);
        let (first, last) = if a.column() > b.column() {
            (b, a)
        } else {
            (a, b)
        };
        write!(f, "{first}-{last}")
    }
}

/// Markings in the log's notation: each its lines joined by `+`, the markings by ` or `.
pub struct Markings<'a>(pub &'a [Marking]);

impl fmt::Display for Markings<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, marking) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" or ")?;
            }
            for (j, line) in marking.iter().enumerate() {
                if j > 0 {
                    f.write_str("+")?;
                }
                LineName(line).fmt(f)?;
            }
        }
        Ok(())
    }
}

/// The board of a game as a 10x10 grid: columns `A`-`J`, rows `1`-`10`; `*` a free corner,
/// `.` an empty square, `b g r` a blue, green or red token, `B G R` one that is part of a
/// completed sequence, `?` one that is part of a sequence under some markings consistent with
/// the log but not all (the log does not say which five squares were marked).
///
/// ```
/// use fairplay_sequence::{print::BoardGrid, FullGame, Teams};
/// let game = FullGame::new(Teams::Two);
/// let grid = BoardGrid(&game).to_string();
/// assert_eq!(grid.lines().next(), Some("   A B C D E F G H I J"));
/// assert_eq!(grid.lines().nth(1), Some(" 1 * . . . . . . . . *"));
/// assert_eq!(grid.lines().count(), 11);
/// ```
pub struct BoardGrid<'a>(pub &'a FullGame);

impl fmt::Display for BoardGrid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("  ")?;
        for column in 0..SIDE {
            write!(f, " {}", char::from(b'A' + column as u8))?;
        }
        writeln!(f)?;
        for row in 0..SIDE {
            write!(f, "{:>2}", row + 1)?;
            for column in 0..SIDE {
                let square = Square::new(column, row).expect("row and column are on the board");
                write!(f, " {}", mark(self.0, square))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The mark of a square on a printed board (see [`BoardGrid`]).
pub fn mark(game: &FullGame, square: Square) -> char {
    match game.cell(square) {
        Cell::Corner => '*',
        Cell::Empty => '.',
        Cell::Token { team, locked } if locked => team.mark().to_ascii_uppercase(),
        Cell::Token { .. } if game.possibly_marked(square) => '?',
        Cell::Token { team, .. } => team.mark(),
    }
}

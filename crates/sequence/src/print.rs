//! Output: verdicts, reports and the board as text. Nothing here judges.

use std::fmt;

use crate::board::{Square, SIDE};
use crate::full::{Cell, FullGame};
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
        BoardGrid(&self.game).fmt(f)
    }
}

/// The board of a game as a 10x10 grid: columns `A`-`J`, rows `1`-`10`; `*` a free corner,
/// `.` an empty square, `b g r` a blue, green or red token, `B G R` one that is part of a
/// completed sequence.
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
                let mark = match self.0.cell(square) {
                    Cell::Corner => '*',
                    Cell::Empty => '.',
                    Cell::Token { team, locked } if locked => team.mark().to_ascii_uppercase(),
                    Cell::Token { team, .. } => team.mark(),
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

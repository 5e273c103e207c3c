//! The board: 100 squares, each showing a card (never a Jack) or a free corner.

use std::fmt;
use std::sync::OnceLock;

use crate::card::{Card, CARDS};

/// Squares per side.
pub const SIDE: usize = 10;
/// Squares on the board.
pub const SQUARES: usize = SIDE * SIDE;

/// The standard layout as shipped with the crate (a copy of the product's board file).
pub const STANDARD_LAYOUT: &str = include_str!("../data/board.txt");

/// A square, written column then row: `A1` is the top left, `J10` the bottom right.
///
/// ```
/// use fairplay_sequence::Square;
/// let square = Square::parse(b"B7").unwrap();
/// assert_eq!((square.column(), square.row()), (1, 6)); // 0-based
/// assert_eq!(square.to_string(), "B7");
/// assert!(Square::parse(b"K1").is_none() && Square::parse(b"A11").is_none());
/// assert!(Square::parse(b"A10").unwrap().is_corner());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at a 0-based column (`A` is 0) and row (row `1` is 0).
    pub fn new(column: usize, row: usize) -> Option<Square> {
        (column < SIDE && row < SIDE).then(|| Square((row * SIDE + column) as u8))
    }

    /// The square of a dense index `row * 10 + column`.
    pub fn from_index(index: usize) -> Option<Square> {
        (index < SQUARES).then_some(Square(index as u8))
    }

    /// The dense index `row * 10 + column`, `0..100`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based column (`A` is 0).
    pub fn column(self) -> usize {
        self.index() % SIDE
    }

    /// The 0-based row (row `1` is 0).
    pub fn row(self) -> usize {
        self.index() / SIDE
    }

    /// All 100 squares, row by row.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).filter_map(Square::from_index)
    }

    /// Whether this is one of the four free corners.
    pub fn is_corner(self) -> bool {
        let edge = |x: usize| x == 0 || x == SIDE - 1;
        edge(self.column()) && edge(self.row())
    }

    /// Reads a square: a column letter `A`-`J` and a row number `1`-`10` (no leading zero).
    pub fn parse(token: &[u8]) -> Option<Square> {
        let (&letter, digits) = token.split_first()?;
        let column = usize::from(letter.checked_sub(b'A')?);
        let row = match digits {
            [d @ b'1'..=b'9'] => usize::from(d - b'1'),
            b"10" => 9,
            _ => return None,
        };
        Square::new(column, row)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = char::from(b'A' + self.column() as u8);
        write!(f, "{column}{}", self.row() + 1)
    }
}

/// A token that is not a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square: write a column A-J and a row 1-10, such as `B7`")]
pub struct NotASquare(pub String);

impl std::str::FromStr for Square {
    type Err = NotASquare;

    fn from_str(s: &str) -> Result<Square, NotASquare> {
        Square::parse(s.as_bytes()).ok_or_else(|| NotASquare(s.to_string()))
    }
}

/// Why a layout is not a Sequence board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A row without exactly ten squares, or more than ten rows.
    #[error("layout line {line}: expected a row of 10 squares, found {found}")]
    Row {
        /// 1-based line in the layout text.
        line: usize,
        /// What was there.
        found: String,
    },
    /// Fewer than ten rows.
    #[error("the layout has {0} rows, not 10")]
    Rows(usize),
    /// A token that is neither a card nor `--`.
    #[error("layout line {line}: `{token}` is neither a card nor `--` (a free corner)")]
    Token {
        /// 1-based line in the layout text.
        line: usize,
        /// The token.
        token: String,
    },
    /// A Jack on the board.
    #[error("square {0} shows a Jack; the board has none")]
    Jack(Square),
    /// A free square that is not a corner, or a corner that shows a card.
    #[error("square {0}: the free squares must be exactly the four corners")]
    Corner(Square),
    /// A card shown a number of times other than two.
    #[error("{card} is shown {times} times; every card but the Jacks is shown twice")]
    Count {
        /// The card.
        card: Card,
        /// How often it is shown.
        times: usize,
    },
}

/// A board layout: which card each square shows, and the two squares of each card.
///
/// ```
/// use fairplay_sequence::{Board, Card, Square};
/// let board = Board::standard();
/// let five: Card = "5s".parse().unwrap();
/// let squares = board.squares_of(five).unwrap();
/// assert_eq!(squares.map(|s| s.to_string()), ["E1", "D9"]);
/// assert_eq!(board.card_at(Square::parse(b"E1").unwrap()), Some(five));
/// assert_eq!(board.card_at(Square::parse(b"A1").unwrap()), None); // a free corner
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: [Option<Card>; SQUARES],
    squares: [[Square; 2]; CARDS],
}

impl Board {
    /// The standard board ([`STANDARD_LAYOUT`]), checked once on first use.
    pub fn standard() -> &'static Board {
        static STANDARD: OnceLock<Board> = OnceLock::new();
        STANDARD.get_or_init(|| {
            // The layout is a constant of the crate; its test proves it parses.
            Board::parse(STANDARD_LAYOUT).expect("the shipped board layout is valid")
        })
    }

    /// Reads a layout: ten rows of ten tokens, each a card or `--` for a free corner.
    /// Blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut cells = [None; SQUARES];
        let mut rows = 0;
        for (number, line) in text.lines().enumerate() {
            let line_no = number + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() != SIDE || rows == SIDE {
                return Err(BoardError::Row {
                    line: line_no,
                    found: format!("`{line}`"),
                });
            }
            for (column, token) in tokens.into_iter().enumerate() {
                let square = Square((rows * SIDE + column) as u8);
                cells[square.index()] = match token {
                    "--" => None,
                    _ => Some(
                        Card::parse(token.as_bytes()).ok_or_else(|| BoardError::Token {
                            line: line_no,
                            token: token.to_string(),
                        })?,
                    ),
                };
            }
            rows += 1;
        }
        if rows != SIDE {
            return Err(BoardError::Rows(rows));
        }
        let mut found: [Vec<Square>; CARDS] = std::array::from_fn(|_| Vec::new());
        for square in Square::all() {
            match cells[square.index()] {
                None if square.is_corner() => {}
                Some(card) if !square.is_corner() => {
                    if card.is_jack() {
                        return Err(BoardError::Jack(square));
                    }
                    found[card.index()].push(square);
                }
                _ => return Err(BoardError::Corner(square)),
            }
        }
        let mut squares = [[Square(0); 2]; CARDS];
        for card in Card::all().filter(|c| !c.is_jack()) {
            match found[card.index()][..] {
                [a, b] => squares[card.index()] = [a, b],
                ref other => {
                    return Err(BoardError::Count {
                        card,
                        times: other.len(),
                    })
                }
            }
        }
        Ok(Board { cells, squares })
    }

    /// The card a square shows; `None` for a free corner.
    pub fn card_at(&self, square: Square) -> Option<Card> {
        self.cells[square.index()]
    }

    /// The two squares showing `card`, in reading order; `None` for a Jack.
    pub fn squares_of(&self, card: Card) -> Option<[Square; 2]> {
        (!card.is_jack()).then(|| self.squares[card.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        for square in Square::all() {
            assert_eq!(Square::parse(square.to_string().as_bytes()), Some(square));
        }
        for bad in ["", "A", "A0", "A01", "a1", "K5", "J11", "A100", "1A"] {
            assert_eq!(Square::parse(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(Square::all().filter(|s| s.is_corner()).count(), 4);
    }

    #[test]
    fn bad_layouts_are_reported() {
        let good: Vec<&str> = STANDARD_LAYOUT.lines().collect();
        let with = |row: usize, replace: &str| {
            let mut lines = good.clone();
            let at = lines.iter().position(|l| !l.starts_with('#')).unwrap() + row;
            lines[at] = replace;
            lines.join("\n")
        };
        assert!(matches!(
            Board::parse(&with(0, "-- 2s")),
            Err(BoardError::Row { .. })
        ));
        assert!(matches!(
            Board::parse(&with(0, "-- 2s 3s 4s 5s 6s 7s 8s 9s Jd")),
            Err(BoardError::Corner(_))
        ));
        assert!(matches!(
            Board::parse(&with(0, "-- Jd 3s 4s 5s 6s 7s 8s 9s --")),
            Err(BoardError::Jack(_))
        ));
        assert!(matches!(
            Board::parse(&with(0, "-- 3s 3s 4s 5s 6s 7s 8s 9s --")),
            Err(BoardError::Count { .. })
        ));
        assert!(matches!(
            Board::parse(&with(0, "-- 2s 3s 4s 5s 6s 7s 8s 9s ??")),
            Err(BoardError::Token { .. })
        ));
        assert_eq!(Board::parse("# empty\n"), Err(BoardError::Rows(0)));
    }
}

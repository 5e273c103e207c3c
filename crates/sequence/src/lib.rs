//! # fairplay-sequence
//!
//! A referee for recorded games of Sequence: it reads the log of a game and finds the first
//! illegal move, if there is one.
//!
//! Two rule sets are judged:
//!
//! * the **contract** rules of the product spec, which count tokens per card (each card is
//!   shown by two spots) and know nothing of squares, teams or winning: [`ContractGame`];
//! * the **full** rules of the real game, on the real board ([`Board::standard`]): teams
//!   taking turns, tokens owned by teams, Jacks, sequences and the win: [`FullGame`].
//!
//! The crate is split the way the problem is:
//!
//! * [`notation`]: reading and printing logs ([`notation::RawMove`], syntax only);
//! * [`Board`], [`ContractMove`], [`FullMove`]: the board, and moves checked against it;
//! * the engines, [`ContractGame`] and [`FullGame`]: feed one move, get the new state or the
//!   [`IllegalMove`] that was refused (the state then stays as it was);
//! * [`print`](mod@print): the verdict, the report and the board as text.
//!
//! ```
//! use fairplay_sequence::{audit_contract, audit_full, Teams, Verdict};
//! let log = "6\n1 2h P 2h\n2 Js R 3h\n3 2h P 2h\n4 3h P 2h\n5 4h R Qd\n6 Qd P Kd\n";
//! let report = audit_contract(log.as_bytes()).unwrap();
//! assert_eq!(report.to_string(), "INVALID 2\n");
//!
//! let full = "2\n1 5s P 5s@E1 blue\n2 Jd P A2 green\n";
//! let report = audit_full(full.as_bytes(), Some(Teams::Two)).unwrap();
//! assert_eq!(report.verdict, Verdict::Valid);
//! assert!(report.to_string().starts_with("VALID GAME\nwinner: none yet\n"));
//! ```

#![warn(missing_docs)]

mod board;
mod card;
mod contract;
pub mod explain;
mod full;
mod game;
mod illegal;
mod moves;
pub mod notation;
pub mod print;
#[cfg(feature = "serde")]
mod serialize;
mod team;

pub use board::{Board, BoardError, NotASquare, Square, SIDE, SQUARES, STANDARD_LAYOUT};
pub use card::{Card, Jack, NotACard, Rank, Suit, CARDS};
pub use contract::ContractGame;
pub use full::{
    line_between, Cell, ChoiceCause, FullGame, FullRules, Line, Marking, MarkingChoice,
    Sequence as CompletedSequence, SEQUENCE_LENGTH,
};
pub use game::{FullOptions, OptionsError, Sequence, SequenceReferee, SequenceRules};
pub use illegal::{IllegalKind, IllegalMove};
pub use moves::{Action, ContractMove, FullAction, FullMove, NameError};
pub use team::{Team, Teams};

use notation::{LogReader, ParseError, RawMove};

/// Why a log could not be judged: it is malformed, or names something the game lacks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The text is not a log.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A move names a square, card or team inconsistently with the board or the game.
    #[error("line {line}: {error}")]
    Name {
        /// 1-based line number in the input.
        line: usize,
        /// What is wrong.
        error: NameError,
    },
}

/// The outcome of judging a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every move is legal.
    Valid,
    /// The first illegal move.
    Invalid {
        /// Its turn number, as written.
        turn: u64,
        /// Its 1-based line in the input.
        line: usize,
        /// Why it is illegal.
        illegal: IllegalMove,
    },
}

/// The result of judging a log by the contract rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ContractReport {
    /// Valid, or the first illegal move.
    pub verdict: Verdict,
    /// Moves in the log.
    pub moves: usize,
    /// The state after the last legal move (before the illegal one, if any).
    pub game: ContractGame,
}

/// The result of judging a log by the full rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullReport {
    /// Valid, or the first illegal move.
    pub verdict: Verdict,
    /// Moves in the log.
    pub moves: usize,
    /// The state after the last legal move (before the illegal one, if any).
    pub game: FullGame,
}

/// Reads a log, checks every move with `check` and judges them with `feed` until the first
/// illegal one. Lines after it are still read and checked, so a malformed file is reported
/// rather than half-judged.
/// Reads a whole log, checking every move's names, and feeds the first `until` moves to the
/// engine (all of them for `usize::MAX`) until one is illegal.
fn audit_with<M>(
    input: &[u8],
    until: usize,
    mut check: impl FnMut(&RawMove) -> Result<M, NameError>,
    mut feed: impl FnMut(M) -> Result<(), IllegalMove>,
) -> Result<(Verdict, usize), LogError> {
    let mut verdict = Verdict::Valid;
    let mut moves = 0;
    for record in LogReader::new(input)? {
        let record = record?;
        moves += 1;
        let mv = check(&record.raw).map_err(|error| LogError::Name {
            line: record.line,
            error,
        })?;
        if verdict == Verdict::Valid && moves <= until {
            if let Err(illegal) = feed(mv) {
                verdict = Verdict::Invalid {
                    turn: record.raw.turn,
                    line: record.line,
                    illegal,
                };
            }
        }
    }
    Ok((verdict, moves))
}

/// Judges a whole log by the contract rules. Squares (`5s@E1`, `E1`) stand for the card they
/// show; team names are read but not judged; discards are an error.
///
/// ```
/// use fairplay_sequence::{audit_contract, IllegalMove, Verdict};
/// let report = audit_contract(b"4\n1 6c P 6c\n2 Jc R 6c\n3 7h P 7h\n4 9d P 9d\n").unwrap();
/// assert!(matches!(
///     report.verdict,
///     Verdict::Invalid { turn: 2, line: 3, illegal: IllegalMove::CannotRemove { .. } }
/// ));
/// assert!(audit_contract(b"2\n1 6c P 6c\n2 6c Q 6c\n").is_err()); // malformed, even after
/// ```
pub fn audit_contract(input: &[u8]) -> Result<ContractReport, LogError> {
    contract_until(input, usize::MAX)
}

/// [`audit_contract`], with only the first `until` moves played on the board (the verdict then
/// only about them; the whole log is still read).
pub(crate) fn contract_until(input: &[u8], until: usize) -> Result<ContractReport, LogError> {
    let board = Board::standard();
    let mut game = ContractGame::new();
    let (verdict, moves) = audit_with(
        input,
        until,
        |raw| board.contract_move(raw),
        |mv| game.feed(mv).map(|_| ()),
    )?;
    Ok(ContractReport {
        verdict,
        moves,
        game,
    })
}

/// The teams of a log when none are given: three if any move names `red`, otherwise two.
///
/// ```
/// use fairplay_sequence::{infer_teams, Teams};
/// assert_eq!(infer_teams(b"1\n1 5s P E1\n").unwrap(), Teams::Two);
/// assert_eq!(infer_teams(b"1\n1 5s P E1 red\n").unwrap(), Teams::Three);
/// ```
pub fn infer_teams(input: &[u8]) -> Result<Teams, LogError> {
    for record in LogReader::new(input)? {
        if record?.raw.team == Some(Team::RED) {
            return Ok(Teams::Three);
        }
    }
    Ok(Teams::Two)
}

/// Judges a whole log by the full rules on the standard board. `teams`: the number of teams,
/// or `None` to infer it ([`infer_teams`]).
///
/// ```
/// use fairplay_sequence::{audit_full, IllegalMove, Verdict};
/// let log = "2\n1 5s P E1 blue\n2 5s P D9 blue\n";
/// let report = audit_full(log.as_bytes(), None).unwrap();
/// assert!(matches!(
///     report.verdict,
///     Verdict::Invalid { turn: 2, illegal: IllegalMove::OutOfTurn { .. }, .. }
/// ));
/// ```
pub fn audit_full(input: &[u8], teams: Option<Teams>) -> Result<FullReport, LogError> {
    audit_full_with(input, teams, FullOptions::default())
}

/// The rules of a full-rules log: `teams`, or those the log names ([`infer_teams`]; three
/// when red plays first), with `options`. A first team that does not play is an error.
pub fn full_rules(
    input: &[u8],
    teams: Option<Teams>,
    options: FullOptions,
) -> Result<FullRules, LogError> {
    let teams = match teams {
        Some(teams) => teams,
        None if options.first == Team::RED => Teams::Three,
        None => infer_teams(input)?,
    };
    if !teams.contains(options.first) {
        return Err(LogError::Name {
            line: 1,
            error: NameError::NoSuchTeam {
                team: options.first,
                teams,
            },
        });
    }
    Ok(options.rules(teams))
}

/// Judges a whole log by the full rules with `options` (the first team, plays per card).
///
/// ```
/// use fairplay_sequence::{audit_full_with, FullOptions, Team, Verdict};
/// let log = "2\n1 5s P E1 green\n2 5s P D9 blue\n";
/// let green_first = FullOptions { first: Team::GREEN, ..FullOptions::default() };
/// assert_eq!(audit_full_with(log.as_bytes(), None, green_first).unwrap().verdict, Verdict::Valid);
/// let once = FullOptions { card_plays: Some(1), ..green_first };
/// let report = audit_full_with(log.as_bytes(), None, once).unwrap();
/// assert!(matches!(report.verdict, Verdict::Invalid { turn: 2, .. }));
/// ```
pub fn audit_full_with(
    input: &[u8],
    teams: Option<Teams>,
    options: FullOptions,
) -> Result<FullReport, LogError> {
    full_until(input, teams, options, usize::MAX)
}

/// [`audit_full_with`], with only the first `until` moves played on the board (the verdict
/// then only about them; the whole log is still read).
pub(crate) fn full_until(
    input: &[u8],
    teams: Option<Teams>,
    options: FullOptions,
    until: usize,
) -> Result<FullReport, LogError> {
    let rules = full_rules(input, teams, options)?;
    let teams = rules.teams;
    let board = Board::standard();
    let mut game = FullGame::with_rules(rules);
    let (verdict, moves) = audit_with(
        input,
        until,
        |raw| board.full_move(raw, teams),
        |mv| game.feed(mv).map(|_| ()),
    )?;
    Ok(FullReport {
        verdict,
        moves,
        game,
    })
}

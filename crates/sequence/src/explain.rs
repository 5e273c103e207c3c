//! Explaining a verdict: the illegal move, the rule it breaks, and the board at that moment.
//!
//! [`explain_contract`] and [`explain_full`] judge a log like [`audit_contract`] and
//! [`audit_full`] and return one [`Explanation`], which printers (text, JSON) render.

mod stepper;

pub use stepper::Stepper;

use crate::board::{Square, SIDE};
use crate::card::{Card, Jack, Rank, Suit};
use crate::full::{ChoiceCause, FullGame, Line, MarkingChoice};
use crate::illegal::{IllegalKind, IllegalMove};
use crate::notation::{LogReader, RawAction, RawMove};
use crate::print::{LineName, Markings};
use crate::team::{Team, Teams};
use crate::{
    audit_contract, audit_full_with, contract_until, full_until, ContractGame, FullOptions,
    LogError, SequenceReferee, Verdict,
};

/// The illegal move of a log, told in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Illegal {
    /// Its turn number, as written.
    pub turn: u64,
    /// Its 1-based line in the input.
    pub line: usize,
    /// The move as written (normalised: `10` is written `X`).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub written: String,
    /// Why the engine refused it: its kind and what it names.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub illegal: IllegalMove,
    /// What the move did, in plain words: `turn 4: 3h is played on a 2h square`.
    pub what: String,
    /// The rule it breaks.
    pub rule: &'static str,
}

impl Illegal {
    /// The kind of the illegal move.
    pub fn kind(&self) -> IllegalKind {
        self.illegal.kind()
    }
}

/// One row of the contract board: a suit and the tokens on each of its ranks.
pub type TokenRow = (Suit, Vec<(Rank, u8)>);

/// The board at the moment that matters: before the illegal move, or after the whole log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardView {
    /// Contract rules: how many of each card's two spots are covered.
    Contract(ContractGame),
    /// Full rules: the squares, the sequences and the winner.
    Full(Box<FullGame>),
}

impl BoardView {
    /// Contract rules: tokens on the two spots of each card that the board shows, suits in the
    /// order hearts, clubs, diamonds, spades and ranks 2 to A (no Jacks).
    pub fn token_rows(&self) -> Option<Vec<TokenRow>> {
        let BoardView::Contract(game) = self else {
            return None;
        };
        Some(
            Suit::ALL
                .iter()
                .map(|&suit| {
                    let row = Rank::ALL
                        .iter()
                        .filter(|&&rank| rank != Rank::Jack)
                        .map(|&rank| (rank, game.tokens(Card::new(rank, suit))))
                        .collect();
                    (suit, row)
                })
                .collect(),
        )
    }

    /// Full rules: the board as 10 rows of 10 marks, `A1` first: `*` a free corner, `.` an
    /// empty square, `b g r` a token, `B G R` a token of a completed sequence, `?` a token in
    /// a sequence under some consistent markings but not all.
    pub fn grid_rows(&self) -> Option<Vec<String>> {
        let BoardView::Full(game) = self else {
            return None;
        };
        Some(
            (0..SIDE)
                .map(|row| {
                    (0..SIDE)
                        .filter_map(|column| Square::new(column, row))
                        .map(|square| crate::print::mark(game, square))
                        .collect()
                })
                .collect(),
        )
    }
}

/// Which rules judged the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The contract rules of the product spec.
    Contract,
    /// The full rules of the real game.
    Full,
}

/// The verdict on a Sequence log, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The rules that judged.
    pub mode: Mode,
    /// Moves in the log.
    pub moves: usize,
    /// The verdict.
    pub verdict: Verdict,
    /// The illegal move, if any.
    pub illegal: Option<Illegal>,
    /// The board before the illegal move, or after the log.
    pub board: BoardView,
    /// Full rules: where the judgement rests on which five squares a team marked, a log that
    /// does not record it: one sentence per move whose judgement depends on it, then one per
    /// team whose marking is still open.
    pub marking: Vec<String>,
}

impl Explanation {
    /// Full rules: the teams playing, with their sequences.
    pub fn sequences(&self) -> Vec<(Team, usize)> {
        match &self.board {
            BoardView::Contract(_) => Vec::new(),
            BoardView::Full(game) => game
                .teams()
                .all()
                .map(|team| (team, game.sequence_count(team)))
                .collect(),
        }
    }

    /// Full rules: the winner, if any.
    pub fn winner(&self) -> Option<Team> {
        match &self.board {
            BoardView::Contract(_) => None,
            BoardView::Full(game) => game.winner(),
        }
    }
}

/// Judges a log by the contract rules and explains the verdict.
///
/// ```
/// use fairplay_sequence::explain::explain_contract;
/// let log = "6\n1 2h P 2h\n2 Js R 3h\n3 2h P 2h\n4 3h P 2h\n5 4h R Qd\n6 Qd P Kd\n";
/// let explanation = explain_contract(log.as_bytes()).unwrap();
/// let illegal = explanation.illegal.unwrap();
/// assert_eq!(illegal.what, "turn 2: a one-eyed Jack (Js) removes from 3h but no token is there");
/// ```
pub fn explain_contract(input: &[u8]) -> Result<Explanation, LogError> {
    let report = audit_contract(input)?;
    let illegal = illegal_of(input, &report.verdict)?;
    Ok(Explanation {
        mode: Mode::Contract,
        moves: report.moves,
        verdict: report.verdict,
        illegal,
        board: BoardView::Contract(report.game),
        marking: Vec::new(),
    })
}

/// Judges a log by the full rules and explains the verdict. `teams` as for
/// [`audit_full`](crate::audit_full).
pub fn explain_full(input: &[u8], teams: Option<Teams>) -> Result<Explanation, LogError> {
    explain_full_with(input, teams, FullOptions::default())
}

/// Judges a log by the full rules with `options` and explains the verdict.
///
/// ```
/// use fairplay_sequence::explain::explain_full;
/// // Blue covers D2, E2, F2, H2, I2, then G2 (turn 11): a line of six, completed inside.
/// let log = "11\n1 3c P D2\n2 Ks P B4\n3 2c P E2\n4 7h P D6\n5 Ah P F2\n6 Ac P F8\n\
///     7 Qh P H2\n8 7d P H10\n9 Xh P I2\n10 Ks P J4\n11 Kh P G2\n";
/// let explanation = explain_full(log.as_bytes(), None).unwrap();
/// assert_eq!(
///     explanation.marking,
///     ["blue's sequence of turn 11 is D2-H2 or E2-I2: the log does not say which"]
/// );
/// ```
pub fn explain_full_with(
    input: &[u8],
    teams: Option<Teams>,
    options: FullOptions,
) -> Result<Explanation, LogError> {
    let report = audit_full_with(input, teams, options)?;
    let illegal = illegal_of(input, &report.verdict)?;
    let marking = marking_notes(input, &report.game)?;
    Ok(Explanation {
        mode: Mode::Full,
        moves: report.moves,
        verdict: report.verdict,
        illegal,
        board: BoardView::Full(Box::new(report.game)),
        marking,
    })
}

/// Explains the verdict of a log that a whole-log audit has read through `referee`, with
/// `moves` the moves it read: the same explanation as [`explain_contract`] and
/// [`explain_full_with`] give for that log, built from what the referee kept as the log
/// streamed (the board, the first illegal move, the turns its marking notes name).
///
/// ```
/// use fairplay_core::{audit_reader_with, Game};
/// use fairplay_sequence::explain::{explain_full, explain_streamed};
/// use fairplay_sequence::{Sequence, SequenceReferee, SequenceRules};
/// let log = b"3\n1 5s P E1 blue\n2 5s P D9 green\n3 5s P E1 blue\n";
/// let game = Sequence::new(SequenceRules::Full(None));
/// let mut referee = SequenceReferee::new(SequenceRules::Full(None));
/// let judged = audit_reader_with(&game, &mut referee, &log[..], 4096).unwrap();
/// let streamed = explain_streamed(&referee, judged.actions);
/// assert_eq!(streamed, explain_full(log, None).unwrap());
/// ```
pub fn explain_streamed(referee: &SequenceReferee, moves: usize) -> Explanation {
    let kept = referee.explained();
    let verdict = match kept.illegal {
        None => Verdict::Valid,
        Some(((turn, line, illegal), _)) => Verdict::Invalid {
            turn,
            line,
            illegal,
        },
    };
    let illegal = kept
        .illegal
        .map(|((turn, line, illegal), raw)| illegal_told(turn, line, illegal, &raw));
    let named = kept.named_turns;
    let (mode, marking) = match &kept.board {
        BoardView::Contract(_) => (Mode::Contract, Vec::new()),
        BoardView::Full(game) => {
            let turn = |ordinal: usize| {
                named
                    .iter()
                    .find(|&&(o, _)| o == ordinal)
                    .map(|&(_, turn)| turn)
            };
            (Mode::Full, notes_of(game, turn))
        }
    };
    Explanation {
        mode,
        moves,
        verdict,
        illegal,
        board: kept.board,
        marking,
    }
}

/// Lines joined by ` or `.
fn either(lines: &[Line]) -> String {
    let names: Vec<String> = lines.iter().map(|l| LineName(l).to_string()).collect();
    names.join(" or ")
}

/// The sentences of [`Explanation::marking`].
fn marking_notes(input: &[u8], game: &FullGame) -> Result<Vec<String>, LogError> {
    // The turn numbers of the legal moves the notes name (all before any illegal move).
    let mut turns = Vec::new();
    for record in LogReader::new(input)?.take(game.moves()) {
        turns.push(record?.raw.turn);
    }
    let turn = |ordinal: usize| ordinal.checked_sub(1).and_then(|i| turns.get(i)).copied();
    Ok(notes_of(game, turn))
}

/// The sentences of [`Explanation::marking`], with `turn` giving the turn number of a legal
/// move by its ordinal (1-based).
fn notes_of(game: &FullGame, turn: impl Fn(usize) -> Option<u64>) -> Vec<String> {
    let turn = |ordinal: usize| turn(ordinal).map_or_else(|| "?".to_string(), |t| t.to_string());
    let mut notes: Vec<String> = game
        .choices()
        .iter()
        .map(|choice: &MarkingChoice| {
            let MarkingChoice {
                team,
                made_by,
                rests,
                cause,
                before,
                kept,
            } = choice;
            let dropped: Vec<Line> = before
                .iter()
                .filter(|l| !kept.contains(l))
                .copied()
                .collect();
            let what = match cause {
                ChoiceCause::Removal(square) => {
                    format!("the removal of {team}'s token on {square} is legal")
                }
                ChoiceCause::Win => format!("{team} wins"),
                ChoiceCause::Recorded => "the sequence recorded is a second one".to_string(),
            };
            format!(
                "turn {}: {what} only if {team} marked {} at turn {}, not {}",
                turn(*rests),
                either(kept),
                turn(*made_by),
                either(&dropped)
            )
        })
        .collect();
    for team in game.teams().all() {
        let markings = game.markings(team);
        if markings.len() < 2 {
            continue;
        }
        notes.push(match game.winner() {
            Some(winner) if winner == team => format!(
                "{team}'s winning sequences are {}: the log does not say which",
                Markings(markings)
            ),
            _ => format!(
                "{team}'s sequence of turn {} is {}: the log does not say which",
                turn(game.markings_made_by(team)),
                Markings(markings)
            ),
        });
    }
    notes
}

/// The board after the first `after` moves of a log, for stepping through a game: the board
/// as those moves left it, or as it was before the first illegal one among them (an illegal
/// move changes nothing), by the full rules with the default options. `teams` as for
/// [`audit_full`]; the whole log is read, so a malformed
/// line anywhere is an error, as in [`explain_contract`] and [`explain_full`].
///
/// ```
/// use fairplay_sequence::explain::{board_after, Mode};
/// let log = b"3\n1 5s P 5s@E1 blue\n2 2c P 2c@G4 green\n3 7c P 7c@C5 blue\n";
/// let rows = |after| board_after(log, Mode::Full, None, after).unwrap().grid_rows().unwrap();
/// assert_eq!(rows(0)[0], "*........*");
/// assert_eq!(rows(1)[0], "*...b....*");
/// assert_eq!(rows(3)[4], "..b.......");
/// ```
pub fn board_after(
    input: &[u8],
    mode: Mode,
    teams: Option<Teams>,
    after: usize,
) -> Result<BoardView, LogError> {
    board_after_with(input, mode, teams, FullOptions::default(), after)
}

/// [`board_after`] with the full rules' `options` (the first team, plays per card; they do
/// not apply to the contract rules). It reads and plays the log from its start: for many
/// steps through one log, a [`Stepper`] reads it once.
pub fn board_after_with(
    input: &[u8],
    mode: Mode,
    teams: Option<Teams>,
    options: FullOptions,
    after: usize,
) -> Result<BoardView, LogError> {
    Ok(match mode {
        Mode::Contract => BoardView::Contract(contract_until(input, after)?.game),
        Mode::Full => BoardView::Full(Box::new(full_until(input, teams, options, after)?.game)),
    })
}

fn illegal_of(input: &[u8], verdict: &Verdict) -> Result<Option<Illegal>, LogError> {
    let Verdict::Invalid {
        turn,
        line,
        illegal,
    } = verdict
    else {
        return Ok(None);
    };
    let mut raw = None;
    for record in LogReader::new(input)? {
        let record = record?;
        if record.line == *line {
            raw = Some(record.raw);
            break;
        }
    }
    let raw = raw.expect("the illegal move is a line of the log");
    Ok(Some(illegal_told(*turn, *line, *illegal, &raw)))
}

/// The illegal move `raw`, judged `illegal` at `turn` on `line`, told in plain words.
fn illegal_told(turn: u64, line: usize, illegal: IllegalMove, raw: &RawMove) -> Illegal {
    Illegal {
        turn,
        line,
        written: raw.to_string(),
        illegal,
        what: format!("turn {turn}: {}", what(raw, &illegal)),
        rule: rule(illegal.kind()),
    }
}

/// The spot of a move as a reader says it: the card it shows, the square, or both.
fn spot_of(raw: &RawMove) -> String {
    match raw.action {
        RawAction::Place(spot) | RawAction::Remove(spot) => spot.to_string(),
        RawAction::Discard => String::new(),
    }
}

fn jack_name(card: Card) -> String {
    match card.jack() {
        Some(Jack::OneEyed) => format!("a one-eyed Jack ({card})"),
        Some(Jack::TwoEyed) => format!("a two-eyed Jack ({card})"),
        None => card.to_string(),
    }
}

/// What the illegal move did, in plain words.
fn what(raw: &RawMove, illegal: &IllegalMove) -> String {
    let card = jack_name(raw.card);
    let spot = spot_of(raw);
    match *illegal {
        IllegalMove::CardUsedUp { card: c } => {
            format!("{c} is played a third time, but only two decks exist")
        }
        IllegalMove::CardCapReached { card: c, plays } => {
            format!(
                "{c} is played for the {} time, but the rules allow {plays}",
                ordinal(u64::from(plays) + 1)
            )
        }
        IllegalMove::MarkNotHeld {
            first,
            last,
            square,
            ..
        } => {
            format!("{card} is placed on {spot} and marks {first}-{last}, but {square} is not the team's")
        }
        IllegalMove::MarkMisses {
            first,
            last,
            square,
        } => {
            format!(
                "{card} is placed on {square} and marks {first}-{last}, which does not include it"
            )
        }
        IllegalMove::MarkShares {
            first,
            last,
            other_first,
            other_last,
            shared,
            ..
        } => {
            format!("{card} is placed on {spot} and marks {first}-{last}, sharing {shared} squares with {other_first}-{other_last}")
        }
        IllegalMove::CannotRemove { .. } => format!("{card} removes a token from {spot}"),
        IllegalMove::OneEyedPlaces { .. } => format!("{card} places a token on {spot}"),
        IllegalMove::JackSpot { spot: s } => {
            format!("{card} is played on a {s} square, but no square shows a Jack")
        }
        IllegalMove::WrongSpot { card: c, spot: s } => format!("{c} is played on a {s} square"),
        IllegalMove::SpotsFull { spot: s } => {
            format!("{card} places a token on {s} but both {s} squares are covered")
        }
        IllegalMove::NothingToRemove { spot: s } => {
            format!("{card} removes from {s} but no token is there")
        }
        IllegalMove::WrongSquare {
            card: c,
            square,
            shows,
        } => match shows {
            Some(shown) => format!("{c} is played on {square}, a {shown} square"),
            None => format!("{c} is played on {square}, a free corner"),
        },
        IllegalMove::Corner { square, .. } => {
            format!("{card} places a token on {square}, a free corner")
        }
        IllegalMove::Occupied { square, holder } => {
            format!("{card} places a token on {square} but a {holder} token is there")
        }
        IllegalMove::NoToken { square } => {
            format!("{card} removes from {square} but no token is there")
        }
        IllegalMove::OwnToken { team, square } => {
            format!("{card} removes {team}'s own token from {square}")
        }
        IllegalMove::InSequence { square, holder } => {
            format!("{card} removes the {holder} token on {square}, part of a completed sequence")
        }
        IllegalMove::OutOfTurn { team, turn } => {
            format!("{team} plays {} but it is {turn}'s turn", raw.card)
        }
        IllegalMove::GameOver { winner } => {
            format!("{} is played after {winner} has won", raw.card)
        }
        IllegalMove::DiscardJack { card: c } => format!("{c} is discarded"),
        IllegalMove::DiscardLive { card: c, square } => {
            format!("{c} is discarded but {square} is still empty")
        }
        IllegalMove::SecondDiscard { card: c } => {
            format!("{c} is discarded after another discard this turn")
        }
    }
}

/// `2nd`, `3rd`, `4th`, ...
fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The rule an illegal move of this kind breaks.
pub fn rule(kind: IllegalKind) -> &'static str {
    match kind {
        IllegalKind::CardUsedUp => {
            "each card exists twice (two decks), so it is played at most twice"
        }
        IllegalKind::CannotRemove => "only a one-eyed Jack (Jh, Js) removes a token",
        IllegalKind::OneEyedPlaces => {
            "a one-eyed Jack (Jh, Js) removes a token; it never places one"
        }
        IllegalKind::JackSpot => "the board shows no Jacks: a spot is written as the card it shows",
        IllegalKind::WrongSpot => {
            "a card other than a Jack is played on a square showing that card"
        }
        IllegalKind::SpotsFull => {
            "a token is placed only where one of the card's two squares is free"
        }
        IllegalKind::NothingToRemove => {
            "a token is removed only from a card with a token on one of its squares"
        }
        IllegalKind::WrongSquare => {
            "a card other than a Jack is played on a square showing that card"
        }
        IllegalKind::Corner => "the four corners count for everybody and take no token",
        IllegalKind::Occupied => "a square holds at most one token",
        IllegalKind::NoToken => "a one-eyed Jack removes a token that is on the board",
        IllegalKind::OwnToken => {
            "a one-eyed Jack removes an opponent's token, never the team's own"
        }
        IllegalKind::InSequence => "a token of a completed sequence cannot be removed",
        IllegalKind::OutOfTurn => "teams play in turn, blue first unless the rules name another",
        IllegalKind::GameOver => "no move follows a win",
        IllegalKind::DiscardJack => "a Jack is never dead, so it cannot be discarded",
        IllegalKind::DiscardLive => "only a dead card (both its squares covered) may be discarded",
        IllegalKind::SecondDiscard => "one discard per turn",
        IllegalKind::BadMarking => {
            "a marked sequence is five squares in a line, all the team's, including the square just covered, sharing at most one square with the team's other sequences"
        }
    }
}

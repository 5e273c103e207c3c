//! Sequence: the human report and the JSON explanation of a verdict.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use fairplay_sequence::explain::{BoardView, Explanation, Illegal, Mode};
use fairplay_sequence::{FullReport, Verdict};
use schemars::JsonSchema;
use serde::Serialize;

use crate::Style;

/// The usual output of `fairplay sequence`: the contract line, or with the full rules the
/// report (verdict, winner or illegal move, sequences, board).
pub fn usual(e: &Explanation) -> String {
    match full_report(e) {
        Some(report) => report.to_string(),
        None => format!("{}\n", e.verdict),
    }
}

fn full_report(e: &Explanation) -> Option<FullReport> {
    match (&e.board, e.mode) {
        (BoardView::Full(game), Mode::Full) => Some(FullReport {
            verdict: e.verdict.clone(),
            moves: e.moves,
            game: (**game).clone(),
        }),
        _ => None,
    }
}

/// When the board is shown: `after N moves` or `before turn T`.
fn moment(e: &Explanation) -> String {
    match &e.verdict {
        Verdict::Valid => after_moves(e.moves),
        Verdict::Invalid { turn, .. } => format!("before turn {turn}"),
    }
}

/// `after N moves`.
fn after_moves(moves: usize) -> String {
    format!("after {}", crate::words::count(moves, "move"))
}

/// The report of `fairplay sequence --explain`: the usual output, then the illegal move in
/// plain words, the rule it breaks and, for the contract rules, the board.
pub fn text(e: &Explanation, style: Style) -> String {
    let mut out = usual(e);
    match &e.illegal {
        None => {
            let _ = writeln!(out, "\n{}", style.green("Every move is legal."));
        }
        Some(illegal) => {
            let _ = writeln!(out, "\n{}", style.red(&illegal.what));
            let _ = writeln!(out, "{} {}", style.bold("rule:"), illegal.rule);
            let _ = writeln!(
                out,
                "{} {}",
                style.bold(&format!("line {}:", illegal.line)),
                illegal.written
            );
        }
    }
    for note in &e.marking {
        let _ = writeln!(out, "{} {note}", style.bold("marking:"));
    }
    if let Some(rows) = e.board.token_rows() {
        let _ = writeln!(
            out,
            "{}",
            style.bold(&format!(
                "board {} (tokens on each card's two squares):",
                moment(e)
            ))
        );
        out.push_str("  ");
        for (rank, _) in &rows[0].1 {
            let _ = write!(out, " {}", rank.symbol());
        }
        out.push('\n');
        for (suit, row) in &rows {
            let _ = write!(out, " {}", suit.letter());
            for (_, tokens) in row {
                let mark = match tokens {
                    0 => '.',
                    n => char::from(b'0' + n),
                };
                let _ = write!(out, " {mark}");
            }
            out.push('\n');
        }
    }
    out
}

/// The illegal move, for JSON: as the engine explains it, and why it is illegal in words.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IllegalDetails<'a> {
    /// The move, its kind and what it names, what it did and the rule it breaks.
    #[serde(flatten)]
    pub illegal: &'a Illegal,
    /// Why it is illegal (the verdict's reason).
    pub message: String,
}

/// The board at the moment that matters, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct BoardDetails {
    /// `after N moves` or `before turn T`.
    pub moment: String,
    /// Contract rules: tokens on each card's two squares, by card (`2h`).
    pub tokens: Option<BTreeMap<String, u8>>,
    /// Full rules: 10 rows of 10 marks, `A1` first: `*` a free corner, `.` empty, `b g r` a
    /// token, `B G R` a token of a completed sequence, `?` one of a sequence under some
    /// markings consistent with the log but not all.
    pub rows: Option<Vec<String>>,
}

impl BoardDetails {
    /// The details of `board`, shown at `moment`.
    fn new(board: &BoardView, moment: String) -> BoardDetails {
        let tokens = board.token_rows().map(|rows| {
            rows.into_iter()
                .flat_map(|(suit, row)| {
                    row.into_iter()
                        .map(move |(rank, n)| (format!("{}{}", rank.symbol(), suit.letter()), n))
                })
                .collect()
        });
        BoardDetails {
            moment,
            tokens,
            rows: board.grid_rows(),
        }
    }

    /// The board after `moves` moves of a game being stepped through
    /// ([`board_after`](fairplay_sequence::explain::board_after)), moment `after N moves`.
    ///
    /// ```
    /// use fairplay_sequence::explain::{board_after, Mode};
    /// let log = b"1\n1 5s P 5s\n";
    /// let board = board_after(log, Mode::Contract, None, 1).unwrap();
    /// let details = fairplay_report::sequence::BoardDetails::after(&board, 1);
    /// assert_eq!(details.moment, "after 1 move");
    /// assert_eq!(details.tokens.unwrap()["5s"], 1);
    /// ```
    pub fn after(board: &BoardView, moves: usize) -> BoardDetails {
        BoardDetails::new(board, after_moves(moves))
    }
}

/// The explanation of a Sequence verdict, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SequenceDetails<'a> {
    /// The first illegal move, if any.
    pub illegal: Option<IllegalDetails<'a>>,
    /// The board before the illegal move, or after the log.
    pub board: BoardDetails,
    /// Full rules: completed sequences by team.
    pub sequences: Option<BTreeMap<String, usize>>,
    /// Full rules: the winner, if any.
    pub winner: Option<String>,
    /// Full rules: where the judgement rests on which squares a team marked, which the log
    /// does not record (empty when it rests on none, and under the contract rules).
    pub marking: Vec<String>,
}

impl<'a> SequenceDetails<'a> {
    /// The details of an explanation.
    pub fn new(e: &'a Explanation) -> SequenceDetails<'a> {
        SequenceDetails {
            illegal: e.illegal.as_ref().map(|illegal| IllegalDetails {
                illegal,
                message: illegal.illegal.to_string(),
            }),
            board: BoardDetails::new(&e.board, moment(e)),
            sequences: (e.mode == Mode::Full).then(|| {
                e.sequences()
                    .into_iter()
                    .map(|(team, n)| (team.to_string(), n))
                    .collect()
            }),
            winner: e.winner().map(|t| t.to_string()),
            marking: e.marking.clone(),
        }
    }
}

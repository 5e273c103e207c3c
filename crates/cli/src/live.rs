//! `--live`: judge a game as it is played, one line at a time.
//!
//! Lines are read as they arrive (typed at a terminal or written into a pipe); each non-blank
//! line gets exactly one line of output on standard output, written and flushed before the
//! next line is read:
//!
//! * Quartets: `N: honest game still possible`, `N: CHEATING CERTAIN: <reason>` (the action
//!   after which no deal fits), then `N: (cheating already certain since action K)`;
//! * Sequence: `turn N: legal` or `turn N: ILLEGAL: <reason>`; every move is judged, an
//!   illegal one leaves the board as it was;
//! * `error: line L: <what is wrong> (line ignored)` for a malformed line or an action that
//!   breaks a rule anyone can check (out of turn, ...): it is not applied, nothing read before
//!   is lost, and the session goes on;
//! * `count line skipped` when the very first non-blank line is a single number (the count
//!   line of a whole log: not needed, not checked).
//!
//! Blank lines get no answer. At the end of the input a last line sums up (`end: ...`).
//! The streaming engines do the judging: [`Referee::apply_raw`] and the Sequence engines'
//! `feed`.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;

use fairplay_quartets::notation::parse_action;
use fairplay_quartets::{Referee, Rules};
use fairplay_sequence::notation::{parse_move, RawMove};
use fairplay_sequence::{Board, ContractGame, FullGame, IllegalMove, NameError, Teams};

use crate::explain::quartets_reason;

/// Which Sequence rules judge a live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SequenceRules {
    /// The spec's rules (token counts per card).
    Contract,
    /// The real game on the real board, with this many teams.
    Full(Teams),
}

/// Opens the live input: the file, or standard input for `-` or none.
fn open(file: Option<&Path>) -> anyhow::Result<Box<dyn BufRead>> {
    match file.filter(|p| *p != Path::new("-")) {
        Some(path) => {
            let file = File::open(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            Ok(Box::new(BufReader::new(file)))
        }
        None => Ok(Box::new(io::stdin().lock())),
    }
}

/// Runs a live session: `judge` answers each line; output goes to standard output.
fn session(
    file: Option<&Path>,
    judge: impl FnOnce(&mut dyn BufRead, &mut dyn Write) -> io::Result<()>,
) -> anyhow::Result<String> {
    let mut input = open(file)?;
    let mut out = io::stdout().lock();
    match judge(&mut input, &mut out) {
        Ok(()) => Ok(String::new()),
        // The reader of our output has gone (`| head`): nothing left to tell anyone.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => Err(anyhow::anyhow!("live session: {e}")),
    }
}

/// `fairplay quartets --live`.
pub fn quartets(rules: Rules, file: Option<&Path>) -> anyhow::Result<String> {
    session(file, |input, out| judge_quartets(rules, input, out))
}

/// `fairplay sequence --live`.
pub fn sequence(rules: SequenceRules, file: Option<&Path>) -> anyhow::Result<String> {
    session(file, |input, out| judge_sequence(rules, input, out))
}

/// The non-blank lines of the input, one at a time, with their 1-based line numbers; the
/// first non-blank line is flagged. A line is handed out as soon as its line break (or the
/// end of the input) is read.
struct Lines<'a> {
    input: &'a mut dyn BufRead,
    buffer: Vec<u8>,
    number: usize,
    seen_one: bool,
}

impl<'a> Lines<'a> {
    fn new(input: &'a mut dyn BufRead) -> Lines<'a> {
        Lines {
            input,
            buffer: Vec::new(),
            number: 0,
            seen_one: false,
        }
    }

    /// The next non-blank line (without its line break), its number, and whether it is the
    /// first non-blank line; `None` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<(&[u8], usize, bool)>> {
        loop {
            self.buffer.clear();
            if self.input.read_until(b'\n', &mut self.buffer)? == 0 {
                return Ok(None);
            }
            self.number += 1;
            if self.buffer.last() == Some(&b'\n') {
                self.buffer.pop();
            }
            if self.buffer.trim_ascii().is_empty() {
                continue;
            }
            let first = !self.seen_one;
            self.seen_one = true;
            return Ok(Some((&self.buffer, self.number, first)));
        }
    }
}

impl Lines<'_> {
    /// The next line that `parse` reads as an action, with its number. A first line holding
    /// a single number is skipped as a count line; a line that does not parse is answered
    /// with an error, counted in `ignored` and skipped.
    fn next_parsed<T, E: std::fmt::Display>(
        &mut self,
        out: &mut dyn Write,
        ignored: &mut usize,
        parse: impl Fn(&[u8], usize) -> Result<Option<T>, E>,
    ) -> io::Result<Option<(T, usize)>> {
        while let Some((line, number, first)) = self.next_line()? {
            if first && is_count_line(line) {
                answer(out, format_args!("count line skipped"))?;
                continue;
            }
            match parse(line, number) {
                Ok(Some(raw)) => return Ok(Some((raw, number))),
                Ok(None) => {}
                Err(e) => {
                    *ignored += 1;
                    answer(out, format_args!("error: {e} (line ignored)"))?;
                }
            }
        }
        Ok(None)
    }
}

/// Whether a line is a single number: the count line of a whole log.
fn is_count_line(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    !line.is_empty() && line.iter().all(u8::is_ascii_digit)
}

fn answer(out: &mut dyn Write, text: std::fmt::Arguments<'_>) -> io::Result<()> {
    out.write_fmt(text)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Judges Quartets actions line by line with one [`Referee`].
pub fn judge_quartets(
    rules: Rules,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut referee = Referee::new(rules);
    let mut lines = Lines::new(input);
    let mut ignored = 0usize;
    while let Some((raw, number)) = lines.next_parsed(out, &mut ignored, parse_action)? {
        if let Err(e) = referee.apply_raw(raw) {
            ignored += 1;
            answer(
                out,
                format_args!("error: line {number}: {e} (line ignored)"),
            )?;
            continue;
        }
        let action = referee.actions();
        match referee.contradiction() {
            None => answer(out, format_args!("{action}: honest game still possible"))?,
            Some(c) if c.action == action => answer(
                out,
                format_args!("{action}: CHEATING CERTAIN: {}", quartets_reason(&c.reason)),
            )?,
            Some(c) => answer(
                out,
                format_args!(
                    "{action}: (cheating already certain since action {})",
                    c.action
                ),
            )?,
        }
    }
    let actions = plural(referee.actions(), "action");
    let ignored = ignored_note(ignored);
    match referee.contradiction() {
        None => answer(
            out,
            format_args!("end: {actions}, honest game possible{ignored}"),
        ),
        Some(c) => answer(
            out,
            format_args!(
                "end: {actions}, cheating certain since action {}{ignored}",
                c.action
            ),
        ),
    }
}

/// `1 line`, `2 lines`.
fn plural(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

fn ignored_note(ignored: usize) -> String {
    match ignored {
        0 => String::new(),
        n => format!(", {} ignored", plural(n, "line")),
    }
}

/// A Sequence engine of either rule set.
enum Engine {
    Contract(ContractGame),
    Full(Box<FullGame>, Teams),
}

impl Engine {
    /// Checks what was written against the board, then judges the move. The outer error is a
    /// broken line (ignored); the inner one an illegal move (judged).
    fn play(
        &mut self,
        board: &Board,
        raw: &RawMove,
    ) -> Result<Result<Option<String>, IllegalMove>, NameError> {
        match self {
            Engine::Contract(game) => {
                let mv = board.contract_move(raw)?;
                Ok(game.feed(mv).map(|_| None))
            }
            Engine::Full(game, teams) => {
                let mv = board.full_move(raw, *teams)?;
                let before = game.winner();
                Ok(game.feed(mv).map(|game| match game.winner() {
                    Some(team) if before.is_none() => Some(format!(" ({team} wins)")),
                    _ => None,
                }))
            }
        }
    }
}

/// Judges Sequence moves line by line.
pub fn judge_sequence(
    rules: SequenceRules,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()> {
    let board = Board::standard();
    let mut engine = match rules {
        SequenceRules::Contract => Engine::Contract(ContractGame::new()),
        SequenceRules::Full(teams) => Engine::Full(Box::new(FullGame::new(teams)), teams),
    };
    let mut lines = Lines::new(input);
    let (mut moves, mut illegal, mut ignored) = (0usize, 0usize, 0usize);
    let mut first_illegal = None;
    let mut last_turn = 0u64;
    while let Some((raw, number)) = lines.next_parsed(out, &mut ignored, parse_move)? {
        let turn = raw.turn;
        if turn <= last_turn {
            ignored += 1;
            answer(
                out,
                format_args!(
                    "error: line {number}: expected a turn number above {last_turn} (turns increase), found `{turn}` (line ignored)"
                ),
            )?;
            continue;
        }
        match engine.play(board, &raw) {
            Err(e) => {
                ignored += 1;
                answer(
                    out,
                    format_args!("error: line {number}: {e} (line ignored)"),
                )?;
            }
            Ok(Ok(note)) => {
                moves += 1;
                last_turn = turn;
                answer(
                    out,
                    format_args!("turn {turn}: legal{}", note.unwrap_or_default()),
                )?;
            }
            Ok(Err(why)) => {
                moves += 1;
                illegal += 1;
                last_turn = turn;
                first_illegal.get_or_insert(turn);
                answer(out, format_args!("turn {turn}: ILLEGAL: {why}"))?;
            }
        }
    }
    let ignored = ignored_note(ignored);
    match first_illegal {
        None => answer(out, format_args!("end: {moves} moves, all legal{ignored}")),
        Some(turn) => answer(
            out,
            format_args!(
                "end: {moves} moves, {illegal} illegal, the first at turn {turn}{ignored}"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quartets(input: &str) -> String {
        let mut out = Vec::new();
        judge_quartets(Rules::standard(), &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn sequence(rules: SequenceRules, input: &str) -> String {
        let mut out = Vec::new();
        judge_sequence(rules, &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn quartets_sample_one_line_at_a_time() {
        let out =
            quartets("4\n1 A 2 3C no\n2 A 3 3A yes\n\n2 A 4 3D yes\n2 A 1 3C no\n1 A 3 3B no");
        assert_eq!(
            out,
            "count line skipped\n\
             1: honest game still possible\n\
             2: honest game still possible\n\
             3: honest game still possible\n\
             4: CHEATING CERTAIN: no deal of the cards makes every action so far honest\n\
             5: (cheating already certain since action 4)\n\
             end: 5 actions, cheating certain since action 4\n"
        );
    }

    #[test]
    fn quartets_typos_and_rule_errors_are_ignored() {
        let out = quartets("1 A 2 3C no\n1 A 3 3C no\n2 A 1 3X maybe\n2 A 1 3B yes\n");
        assert_eq!(
            out,
            "1: honest game still possible\n\
             error: line 2: player 1 acts, but it is player 2's turn (line ignored)\n\
             error: line 3: expected `yes` or `no`, found `maybe` (line ignored)\n\
             2: honest game still possible\n\
             end: 2 actions, honest game possible, 2 lines ignored\n"
        );
    }

    #[test]
    fn a_count_is_only_skipped_first() {
        let out = quartets("1 A 2 3C no\n3\n");
        assert!(out.starts_with("1: honest game still possible\nerror: line 2: expected `A`"));
    }

    #[test]
    fn sequence_contract_goes_on_after_an_illegal_move() {
        let out = sequence(
            SequenceRules::Contract,
            "1 2s P 2s\n2 Jd P 2s\n3 2s P 2s\n3 5h P 5h\n4 Jc P 3s\n5 4h R 4h\n",
        );
        assert_eq!(
            out,
            "turn 1: legal\n\
             turn 2: legal\n\
             turn 3: ILLEGAL: both 2s spots are already covered\n\
             error: line 4: expected a turn number above 3 (turns increase), found `3` (line ignored)\n\
             turn 4: legal\n\
             turn 5: ILLEGAL: 4h cannot remove a token: only the one-eyed Jacks (Jh, Js) remove\n\
             end: 5 moves, 2 illegal, the first at turn 3, 1 line ignored\n"
        );
    }

    #[test]
    fn sequence_full_rules() {
        let out = sequence(
            SequenceRules::Full(Teams::Two),
            "1 5s P 5s@E1 blue\n2 5s P 5s@E1 green\n2 Jh R E1 green\n3 5s P 5s\n",
        );
        assert_eq!(
            out,
            "turn 1: legal\n\
             turn 2: ILLEGAL: E1 already holds a blue token\n\
             error: line 3: expected a turn number above 2 (turns increase), found `2` (line ignored)\n\
             error: line 4: the full rules need the square of every placement and removal (such as `5s@B7` or `B7`), found only `5s` (line ignored)\n\
             end: 2 moves, 1 illegal, the first at turn 2, 2 lines ignored\n"
        );
    }
}

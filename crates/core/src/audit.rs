//! The default audit of a whole log, through a [`Referee`](crate::Referee).

use fairplay_text::{count_line, show, Lines};

use crate::{ErrorKind, Game, Judgement, LogError};

/// Judges a whole log through `game`'s referee: a count line (blank lines before it are
/// skipped), then one action per line. Judging stops at the first foul; the lines after it are
/// still read, so a malformed file is reported rather than half-judged. The count must match
/// the actions.
pub fn audit_lines<G: Game + ?Sized>(game: &G, log: &[u8]) -> Result<Judgement, LogError> {
    let words = game.words();
    let mut lines = Lines::new(log);
    let what = format!("the number of {}s", words.action);
    let (declared, declared_line) =
        count_line(&mut lines, &what).map_err(|(line, expected, found)| {
            malformed(line, format!("expected {expected}, found {found}"))
        })?;
    let mut referee = game.referee();
    let mut actions = 0u64;
    while let Some(line) = lines.next_line() {
        let number = lines.number();
        let is_action = if actions == declared {
            if referee.read_line(line, number)? {
                return Err(malformed(
                    number,
                    format!(
                        "expected only {declared} {}s as line {declared_line} says, found {} {} ({})",
                        words.action,
                        words.action,
                        declared.saturating_add(1),
                        show(line.trim_ascii())
                    ),
                ));
            }
            false
        } else if referee.verdict().foul().is_none() {
            referee.apply_line(line, number)?.is_some()
        } else {
            referee.read_line(line, number)?
        };
        actions += u64::from(is_action);
    }
    if actions != declared {
        return Err(malformed(
            lines.number() + 1,
            format!(
                "expected {declared} {}s as line {declared_line} says, found {actions}",
                words.action
            ),
        ));
    }
    let actions = actions as usize;
    Ok(Judgement::new(
        game.name(),
        game.rules(),
        actions,
        referee.verdict().clone(),
    ))
}

fn malformed(line: usize, message: String) -> LogError {
    LogError::new(ErrorKind::Malformed, line, None, message)
}

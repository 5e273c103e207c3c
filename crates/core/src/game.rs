//! What a game implements: [`Game`] (a game with its rules chosen) and [`Referee`] (one game
//! in progress, judged a line at a time).

use std::sync::Arc;

use crate::{Foul, Judgement, LogError, Verdict};

/// A game with its rules chosen: a Quartets variant, Sequence by the contract rules, ...
///
/// It judges whole logs ([`Game::audit`]) and starts [`Referee`]s for games judged as they are
/// played. The drivers ([`live`](crate::live), [`batch`](mod@crate::batch)) and every printer
/// work through this trait only; see the crate's example for a whole toy game.
pub trait Game: Send + Sync {
    /// The game's name, lowercase (`quartets`): in rows, JSON and `--game`.
    fn name(&self) -> &'static str;
    /// The rules it judges by, in words (`4 players, 8 sets of 4 cards`).
    fn rules(&self) -> Arc<str>;
    /// The words a printer needs for this game's actions and verdicts.
    fn words(&self) -> &'static Words;
    /// Whether `line`, the first action line of a log, is written in this game's notation.
    fn recognises(&self, line: &[u8]) -> bool;
    /// Whether a log of this game starts with a count line (the number of actions), as
    /// Quartets and Sequence logs do. Go Fish logs have none: every line is an action.
    fn counted(&self) -> bool {
        true
    }
    /// The verdict in the game's contract format, byte for byte (`yes\n`, `INVALID 4\n`).
    fn contract(&self, verdict: &Verdict) -> String;
    /// A referee at the start of a game.
    fn referee(&self) -> Box<dyn Referee + '_>;
    /// Judges a whole log: a count line (if the game's logs have one, [`Game::counted`]),
    /// then one action per line.
    ///
    /// The default reads the log with [`audit_lines`](crate::audit_lines) through a
    /// [`Referee`]; an engine may override it with a faster path that gives the same answer.
    fn audit(&self, log: &[u8]) -> Result<Judgement, LogError> {
        crate::audit_lines(self, log)
    }
}

/// One game in progress: feed it lines, learn what each established.
pub trait Referee {
    /// Reads one line and, if it holds an action, judges it. `Ok(None)` for a blank line. An
    /// error (a malformed line, an action breaking a rule anyone can check) leaves the referee
    /// as it was.
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError>;
    /// Reads one line without judging its play: whether it holds an action, or why it is
    /// malformed (what the notation requires is still checked, such as Sequence's increasing
    /// turns and names). For the lines of a log after its verdict is settled.
    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError>;
    /// Told by a whole-log audit how many actions the count line announces, before the first
    /// action: for games whose notation depends on it (Sequence turns run from 1 to that
    /// number). Live games have no count.
    fn expect(&mut self, _actions: u64) {}
    /// The rules as the game turned out to be played, when the log tells more than the game's
    /// own description (Sequence without a team count: the teams the log names).
    fn rules(&self) -> Option<Arc<str>> {
        None
    }
    /// Actions judged so far.
    fn actions(&self) -> usize;
    /// The verdict so far: the first foul, once there is one.
    fn verdict(&self) -> &Verdict;
}

/// What one action established.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The action's number as the contract writes it (Quartets: its 1-based number;
    /// Sequence: its turn).
    pub action: u64,
    /// Its 1-based line.
    pub line: usize,
    /// The foul this action commits or makes certain, if it does.
    pub foul: Option<Foul>,
    /// Anything else worth telling at once (`blue wins`).
    pub note: Option<String>,
}

impl Step {
    /// The step of action `action` on `line`, with the foul it makes certain, if any.
    pub fn new(action: u64, line: usize, foul: Option<Foul>) -> Step {
        Step {
            action,
            line,
            foul,
            note: None,
        }
    }

    /// The same step with a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Step {
        self.note = Some(note.into());
        self
    }
}

/// How a game's actions and verdicts are named, for printers that are not the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The game's name in a sentence (`Quartets`).
    pub game: &'static str,
    /// One action (`action`, `move`); printers add `s` for more.
    pub action: &'static str,
    /// What comes before an action's number on a live line (`turn ` or nothing).
    pub number: &'static str,
    /// A live answer to an action after which all is still fair (`legal`).
    pub fair_step: &'static str,
    /// A live answer to the action that makes the foul (`ILLEGAL`).
    pub foul_step: &'static str,
    /// For games that stop judging after the first foul: the live answer to later actions,
    /// followed by the foul's number (`cheating already certain since action`).
    pub settled: Option<&'static str>,
    /// The end of a fair game (`all legal`).
    pub fair_end: &'static str,
    /// The end of a foul game, followed by the foul's number (`first illegal move at turn`).
    pub foul_end: &'static str,
    /// An example action line or two, for messages (`` `1 5s P 5s` ``).
    pub example: &'static str,
}

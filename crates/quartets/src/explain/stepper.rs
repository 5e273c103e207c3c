//! Knowledge at any action of one log, each answer in time bounded by the game, not the log.

use super::log::{Keep, Log};
use super::{ExplainError, Knowledge};
use crate::referee::{Contradiction, Referee, Trust};
use crate::rules::Rules;
use crate::seat::SeatHand;

/// A log read once to step through it: [`Stepper::knowledge`] answers what [`explain`]
/// (or [`explain_seat`]) answers with `Questions { knowledge: true, at: Some(at), .. }`, from the
/// referee's state kept last before `at`. States are kept every few hundred actions (more
/// apart in bigger games, whose states are bigger), so that an answer replays at most that
/// many actions, however long the log: a page steps through a log of a million actions as
/// fast as through one of a hundred.
///
/// [`explain`]: super::explain
/// [`explain_seat`]: super::explain_seat
///
/// ```
/// use fairplay_quartets::explain::{explain, Questions, Stepper};
/// use fairplay_quartets::Rules;
/// let log = b"3\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n";
/// let stepper = Stepper::new(log, &Rules::standard()).unwrap();
/// let questions = Questions { knowledge: true, at: Some(2), ..Questions::default() };
/// let explained = explain(log, &Rules::standard(), &questions).unwrap();
/// assert_eq!(stepper.knowledge(2).unwrap(), explained.knowledge.unwrap());
/// assert_eq!(stepper.actions(), 3);
/// ```
pub struct Stepper {
    log: Log,
    /// `states[i]`: the referee after the first `i * spacing` actions.
    states: Vec<Referee>,
    spacing: usize,
}

impl Stepper {
    /// Reads and judges `input` by `rules`, as a watcher sees it.
    pub fn new(input: &[u8], rules: &Rules) -> Result<Stepper, ExplainError> {
        Stepper::read(input, rules, None)
    }

    /// Reads and judges `input` as the player of `hand` sees it.
    pub fn seated(input: &[u8], hand: &SeatHand) -> Result<Stepper, ExplainError> {
        Stepper::read(input, hand.rules(), Some(hand))
    }

    fn read(input: &[u8], rules: &Rules, seat: Option<&SeatHand>) -> Result<Stepper, ExplainError> {
        let log = Log::read(input, rules, Keep::Nothing, false, seat)?;
        let spacing = Log::spacing(rules);
        // The states up to the contradiction: past it the knowledge asked is that before it.
        let judged = match log.contradiction {
            Some(c) => c.action - 1,
            None => log.actions.len(),
        };
        let mut states = vec![log.run(Trust::everyone(), 0)];
        let mut done = 0;
        while done + spacing <= judged {
            let last = states.last().expect("the first state").clone();
            states.push(log.replay(last, done, done + spacing));
            done += spacing;
        }
        Ok(Stepper {
            log,
            states,
            spacing,
        })
    }

    /// The actions in the log.
    pub fn actions(&self) -> usize {
        self.log.total
    }

    /// What made cheating certain, if anything did.
    pub fn contradiction(&self) -> Option<Contradiction> {
        self.log.contradiction
    }

    /// What a watcher (or the seat) knows after action `at`: as [`explain`](super::explain)
    /// answers it, with the same errors past the end and at or past the contradiction.
    pub fn knowledge(&self, at: usize) -> Result<Knowledge, ExplainError> {
        if at > self.log.total {
            return Err(ExplainError::AtBeyondLog {
                at,
                actions: self.log.total,
            });
        }
        if let Some(c) = self.log.contradiction {
            if at >= c.action {
                return Err(ExplainError::AtAfterCheating {
                    at,
                    since: c.action,
                });
            }
        }
        let kept = (at / self.spacing).min(self.states.len() - 1);
        let referee = self
            .log
            .replay(self.states[kept].clone(), kept * self.spacing, at);
        Ok(super::knowledge::knowledge_of(&referee, at))
    }
}

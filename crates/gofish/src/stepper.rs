//! Knowledge at any action of one log, read and judged once: each answer replays a bounded
//! part of the log from a state kept, not the whole log.

use fairplay_core::LogError;
use fairplay_text::Lines;

use crate::explain::{knowledge, Knowledge};
use crate::game::rule_error;
use crate::notation::{parse_action, RawAction};
use crate::rules::Rules;
use crate::{Contradiction, Referee};

/// Actions between two states kept, at first.
const SPACING: usize = 256;

/// States kept at most: past it every other one is dropped and the spacing doubles, so that
/// memory stays bounded however long the log (an answer then replays at most
/// `2 * actions / MAX_STATES` actions).
const MAX_STATES: usize = 1024;

/// A log read and judged once, to step through it: [`Stepper::knowledge`] answers what
/// [`explain`](crate::explain::explain) answers with `Questions { knowledge: true, at:
/// Some(at), .. }`, from the referee's state kept last before `at`, replaying the actions
/// since (at most a few hundred in a log of up to 256 K actions).
///
/// ```
/// use fairplay_gofish::explain::{explain, Questions};
/// use fairplay_gofish::{FishTurn, Rules, Stepper};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let log = b"1 A 2 A fish\n1 D\n2 A 1 A 1\n";
/// let stepper = Stepper::new(log, &rules).unwrap();
/// for at in 0..=3 {
///     let questions = Questions { knowledge: true, at: Some(at), ..Questions::default() };
///     let explained = explain(log, &rules, &questions).unwrap();
///     assert_eq!(stepper.knowledge(at), explained.knowledge.unwrap());
/// }
/// assert_eq!((stepper.actions(), stepper.contradiction().unwrap().action), (3, 3));
/// ```
#[derive(Clone, Debug)]
pub struct Stepper {
    /// The actions every deal still fits: all of them, or those before the contradiction.
    fitting: Vec<RawAction>,
    /// `states[i]`: the referee after the first `i * spacing` actions.
    states: Vec<Referee>,
    spacing: usize,
    /// Actions in the log (every line not blank after the contradiction counts).
    total: usize,
    contradiction: Option<Contradiction>,
}

impl Stepper {
    /// Reads and judges `log` by `rules`, as a watcher sees it; the errors are
    /// [`explain`](crate::explain::explain)'s.
    pub fn new(log: &[u8], rules: &Rules) -> Result<Stepper, LogError> {
        let mut referee = Referee::new(*rules);
        let mut stepper = Stepper {
            fitting: Vec::new(),
            states: vec![referee.clone()],
            spacing: SPACING,
            total: 0,
            contradiction: None,
        };
        let mut lines = Lines::new(log);
        while let Some(line) = lines.next_line() {
            let number = lines.number();
            if stepper.contradiction.is_some() {
                stepper.total += usize::from(!line.trim_ascii().is_empty());
                continue;
            }
            let Some(raw) = parse_action(line, number)? else {
                continue;
            };
            stepper.total += 1;
            referee
                .apply_raw(raw)
                .map_err(|error| rule_error(error, number, stepper.total))?;
            stepper.contradiction = referee.contradiction();
            if stepper.contradiction.is_some() {
                continue;
            }
            stepper.fitting.push(raw);
            if stepper.fitting.len() % stepper.spacing == 0 {
                stepper.keep(&referee);
            }
        }
        Ok(stepper)
    }

    /// Keeps `referee`, the state after a multiple of the spacing.
    fn keep(&mut self, referee: &Referee) {
        self.states.push(referee.clone());
        if self.states.len() > MAX_STATES {
            // Every other state: those after an even multiple of the spacing.
            let mut i = 0;
            self.states.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.spacing *= 2;
        }
    }

    /// The actions in the log.
    pub fn actions(&self) -> usize {
        self.total
    }

    /// What made cheating certain, if anything did.
    pub fn contradiction(&self) -> Option<Contradiction> {
        self.contradiction
    }

    /// What a watcher knows after action `at`, as [`explain`](crate::explain::explain)
    /// answers it: past the end, at the end; at or past the contradiction, just before it.
    pub fn knowledge(&self, at: usize) -> Knowledge {
        let at = at.min(self.fitting.len());
        let kept = (at / self.spacing).min(self.states.len() - 1);
        let mut referee = self.states[kept].clone();
        for &raw in &self.fitting[kept * self.spacing..at] {
            // Each action was legal and fitted a deal when the log was read; the same
            // referee accepts it again.
            let _ = referee.apply_raw(raw);
        }
        knowledge(referee.rules(), &referee, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{explain, Questions};
    use crate::FishTurn;

    /// The knowledge after every action of `log` by `rules` is `explain`'s.
    fn same_as_explain(log: &[u8], rules: &Rules) {
        let stepper = Stepper::new(log, rules).unwrap();
        let explained = explain(log, rules, &Questions::default()).unwrap();
        assert_eq!(stepper.actions(), explained.actions);
        assert_eq!(stepper.contradiction(), explained.contradiction);
        for at in 0..=stepper.actions() + 2 {
            let questions = Questions {
                knowledge: true,
                at: Some(at),
                ..Questions::default()
            };
            let expected = explain(log, rules, &questions).unwrap().knowledge;
            assert_eq!(Some(stepper.knowledge(at)), expected, "after {at}");
        }
    }

    #[test]
    fn long_honest_game_past_the_states_kept() {
        // Three "Go fish" a round with an empty stock, 2400 actions: answers on the states
        // kept and between them.
        let rules = Rules::new(3, 3, Some(4), FishTurn::Next).unwrap();
        let log = "1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n".repeat(800);
        same_as_explain(log.as_bytes(), &rules);
    }

    #[test]
    fn cheating_log_and_lines_after_the_foul() {
        let rules = Rules::new(3, 3, Some(4), FishTurn::Next).unwrap();
        // Player 2, who said "Go fish" to A at action 601, asks for A at action 602: the
        // foul, then lines only counted (a blank one not).
        let mut log = "1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n".repeat(200);
        log.push_str("1 A 2 A fish\n2 A 3 A fish\n\nnot an action\n1 A 2 A fish\n");
        let stepper = Stepper::new(log.as_bytes(), &rules).unwrap();
        assert_eq!(stepper.contradiction().map(|c| c.action), Some(602));
        assert_eq!(stepper.actions(), 604);
        same_as_explain(log.as_bytes(), &rules);
    }

    #[test]
    fn states_thinned_past_the_most_kept() {
        let rules = Rules::new(3, 3, Some(4), FishTurn::Next).unwrap();
        let rounds = (MAX_STATES + 10) * SPACING / 3 + 1;
        let log = "1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n".repeat(rounds);
        let stepper = Stepper::new(log.as_bytes(), &rules).unwrap();
        assert_eq!(stepper.spacing, 2 * SPACING);
        assert!(stepper.states.len() <= MAX_STATES);
        let explained = |at| {
            let questions = Questions {
                knowledge: true,
                at: Some(at),
                ..Questions::default()
            };
            explain(log.as_bytes(), &rules, &questions)
                .unwrap()
                .knowledge
                .unwrap()
        };
        for at in [0, 1, 511, 512, 513, 100_000, 3 * rounds - 1, 3 * rounds] {
            assert_eq!(stepper.knowledge(at), explained(at), "after {at}");
        }
    }

    #[test]
    fn errors_are_explains() {
        let rules = Rules::standard();
        for log in [&b"1 A 2 A fish\n1 X\n"[..], b"1 A 2 A fish\n3 A 1 A fish\n"] {
            let expected = explain(log, &rules, &Questions::default()).unwrap_err();
            assert_eq!(Stepper::new(log, &rules).unwrap_err(), expected);
        }
    }
}

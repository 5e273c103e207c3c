//! Knowledge at any action of one log, read and judged once: each answer replays a bounded
//! part of the log from a state kept, not the whole log.

use fairplay_core::LogError;
use fairplay_text::Lines;

use crate::explain::{knowledge, Knowledge};
use crate::game::rule_error;
use crate::notation::parse_action;
use crate::rules::Rules;
use crate::{Action, Contradiction, Referee, RuleError};

/// Actions between two states kept, at first.
const SPACING: usize = 256;

/// States kept at most: past it every other one is dropped and the spacing doubles, so that
/// memory stays bounded however long the log (an answer replays fewer actions than the
/// spacing).
const MAX_STATES: usize = 1024;

/// Bytes the states kept may take together, thinned as past [`MAX_STATES`]: a state of a
/// standard game whose stock was drawn unseen takes 28 KB (about 150 states: one every 8192
/// actions after 10^6 actions), of a 3-player 3-rank game 1.2 KB.
const MAX_BYTES: usize = 4 << 20;

/// A log read and judged once, to step through it: [`Stepper::knowledge`] answers what
/// [`explain`](crate::explain::explain) answers with `Questions { knowledge: true, at:
/// Some(at), .. }`, from the referee's state kept last before `at`, replaying the actions
/// since: fewer than 256 while the states kept are at most 1024 and take at most 4 MiB (a log of
/// up to 256 K actions, or about 38 K of a standard game), then fewer than twice the log's actions
/// over the states kept (8192 after 10^6 actions of a standard game). Memory: the actions at
/// 5 bytes each and those states ([`Stepper::bytes`]).
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
    fitting: Vec<Action>,
    /// `states[i]`: the referee after the first `i * spacing` actions.
    states: Vec<Referee>,
    /// The bytes of the states kept.
    bytes: usize,
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
        // Knowledge reads the deal model, not each action's claims: the states kept and
        // the replays from them do not note them.
        referee.note_claims(false);
        let first = referee.clone();
        let mut stepper = Stepper {
            fitting: Vec::new(),
            bytes: first.bytes(),
            states: vec![first],
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
            let action = rules
                .check(raw)
                .map_err(RuleError::from)
                .and_then(|action| referee.apply(action).map(|_| action))
                .map_err(|error| rule_error(error, number, stepper.total))?;
            stepper.contradiction = referee.contradiction();
            if stepper.contradiction.is_some() {
                continue;
            }
            stepper.fitting.push(action);
            if stepper.fitting.len() % stepper.spacing == 0 {
                stepper.keep(&referee);
            }
        }
        stepper.fitting.shrink_to_fit();
        Ok(stepper)
    }

    /// Keeps `referee`, the state after a multiple of the spacing.
    fn keep(&mut self, referee: &Referee) {
        let state = referee.clone();
        self.bytes += state.bytes();
        self.states.push(state);
        while self.states.len() > MAX_STATES || (self.bytes > MAX_BYTES && self.states.len() > 1) {
            // Every other state: those after an even multiple of the spacing.
            let mut i = 0;
            self.states.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.spacing *= 2;
            self.bytes = self.states.iter().map(Referee::bytes).sum();
        }
    }

    /// The bytes the stepper takes: its actions and the states it keeps, the room of their
    /// buffers included.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Stepper>()
            + self.fitting.capacity() * std::mem::size_of::<Action>()
            + (self.states.capacity() - self.states.len()) * std::mem::size_of::<Referee>()
            + self.bytes
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
        for &action in &self.fitting[kept * self.spacing..at] {
            // Each action was legal and fitted a deal when the log was read; the same
            // referee accepts it again.
            let _ = referee.apply(action);
        }
        knowledge(referee.rules(), &referee, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{explain, Questions};
    use crate::FishTurn;

    /// `explain`'s knowledge after action `at` of `log` by `rules`.
    fn explained_at(log: &[u8], rules: &Rules, at: usize) -> Option<Knowledge> {
        let questions = Questions {
            knowledge: true,
            at: Some(at),
            ..Questions::default()
        };
        explain(log, rules, &questions).unwrap().knowledge
    }

    /// The knowledge after every action of `log` by `rules` is `explain`'s.
    fn same_as_explain(log: &[u8], rules: &Rules) {
        let stepper = Stepper::new(log, rules).unwrap();
        let explained = explain(log, rules, &Questions::default()).unwrap();
        assert_eq!(stepper.actions(), explained.actions);
        assert_eq!(stepper.contradiction(), explained.contradiction);
        for at in 0..=stepper.actions() + 2 {
            let expected = explained_at(log, rules, at);
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
        let explained = |at| explained_at(log.as_bytes(), &rules, at).unwrap();
        for at in [0, 1, 511, 512, 513, 100_000, 3 * rounds - 1, 3 * rounds] {
            assert_eq!(stepper.knowledge(at), explained(at), "after {at}");
        }
    }

    #[test]
    fn standard_game_thinned_by_bytes() {
        // A standard game drawing its stock unseen (the deal model at its largest), then
        // "Go fish" again and again: the states kept reach the bytes allowed long before
        // their number does.
        let rules = Rules::standard();
        let draws = "1 A 2 A fish\n1 D\n2 A 3 5 fish\n2 D\n3 A 4 9 fish\n3 D\n4 A 1 K fish\n4 D\n";
        let again = "1 A 2 A fish\n2 A 3 5 fish\n3 A 4 9 fish\n4 A 1 K fish\n";
        let log = draws.repeat(8) + &again.repeat(15_000);
        let stepper = Stepper::new(log.as_bytes(), &rules).unwrap();
        assert_eq!((stepper.actions(), stepper.contradiction()), (60_064, None));
        assert!(stepper.bytes <= MAX_BYTES);
        assert_eq!(
            stepper.bytes,
            stepper.states.iter().map(Referee::bytes).sum::<usize>()
        );
        assert!(stepper.states.len() < MAX_STATES / 2);
        assert!(stepper.spacing > SPACING);
        let explained = |at| explained_at(log.as_bytes(), &rules, at).unwrap();
        let spacing = stepper.spacing;
        for at in [
            0,
            1,
            30,
            63,
            64,
            65,
            spacing - 1,
            spacing,
            spacing + 1,
            3 * spacing + 7,
        ] {
            assert_eq!(stepper.knowledge(at), explained(at), "after {at}");
        }
        for at in [40_000, 60_063, 60_064, 60_065] {
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

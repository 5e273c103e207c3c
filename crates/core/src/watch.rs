//! Knowledge of a log judged as a stream, for every game: the state of an engine's referee
//! after one action, or just before cheating became certain, kept without keeping the log.
//! The keeping ([`KnowledgeWatch`]) and the streaming referee that feeds it ([`Knowing`]) are
//! the same for every game; an engine says only how its state replays an action
//! ([`Watched`]) and how it reads a line, judges it and answers from a state ([`Knowable`]).

use std::fmt::Debug;
use std::sync::Arc;

use crate::{LogError, Referee, Step, Verdict};

/// The state of an engine's referee, as a [`KnowledgeWatch`] keeps and replays it.
pub trait Watched: Clone {
    /// An action as the referee judged it, kept to be judged again.
    type Action: Copy + Debug;

    /// Whether a watch asked for the state after an action also keeps what it needs for the
    /// state just before cheating became certain, should that come first. An engine that
    /// answers with that state says `true`; one that answers with an error says `false`, and
    /// its watch keeps no state but the one asked.
    const BEFORE_CERTAINTY: bool;

    /// Actions judged so far.
    fn actions(&self) -> usize;

    /// Whether cheating is certain.
    fn certain(&self) -> bool;

    /// Judges `action` again; `false` if it is refused. A watch replays only actions that a
    /// copy of this state judged before without becoming certain, which judging the same
    /// way never refuses.
    fn replay(&mut self, action: Self::Action) -> bool;

    /// Actions between two states a watch keeps: replaying that many should cost little next
    /// to judging the log, and keeping one state little next to keeping that many actions.
    fn spacing(&self) -> usize;
}

/// Fed the referee that judges a log after each of its actions, it keeps the state after
/// action `at`, or (no `at`) just before cheating became certain, without keeping the log:
/// one state of the referee after `at`; for the state before certainty, a state every
/// [`spacing`](Watched::spacing) actions and the actions since, replayed once cheating is
/// certain. Its memory is at most two states and `spacing` actions.
///
/// ```
/// use fairplay_core::{KnowledgeWatch, Watched};
///
/// /// A running sum: cheating is certain once it passes 10.
/// #[derive(Clone)]
/// struct Sum { actions: usize, sum: u32 }
///
/// impl Watched for Sum {
///     type Action = u32;
///     const BEFORE_CERTAINTY: bool = true;
///     fn actions(&self) -> usize { self.actions }
///     fn certain(&self) -> bool { self.sum > 10 }
///     fn replay(&mut self, n: u32) -> bool { self.actions += 1; self.sum += n; true }
///     fn spacing(&self) -> usize { 2 }
/// }
///
/// let mut referee = Sum { actions: 0, sum: 0 };
/// let mut watch = KnowledgeWatch::new(&referee, None);
/// for n in [1, 2, 3, 4, 5, 6] {
///     referee.replay(n); // the referee judges the action, then the watch is told
///     watch.judged(&referee, n);
/// }
/// let before = watch.state().unwrap(); // cheating became certain at action 5
/// assert_eq!((before.actions, before.sum), (4, 10));
/// ```
#[derive(Clone, Debug)]
pub struct KnowledgeWatch<S: Watched> {
    at: Option<usize>,
    /// Actions between two states kept, when the state before certainty may be asked.
    spacing: Option<usize>,
    /// The last state kept; once settled, the state asked (if it can be known).
    kept: Option<S>,
    /// The actions judged since the state kept, while the state before certainty is sought.
    recent: Vec<S::Action>,
    /// Whether the state asked for is known (or can no longer be).
    settled: bool,
}

impl<S: Watched> KnowledgeWatch<S> {
    /// A watch on a log about to be judged by `start` (a referee at the start of the game),
    /// for the state after action `at`, or (`None`) just before cheating becomes certain.
    pub fn new(start: &S, at: Option<usize>) -> KnowledgeWatch<S> {
        let spacing = (at.is_none() || S::BEFORE_CERTAINTY).then(|| start.spacing().max(1));
        KnowledgeWatch {
            at,
            spacing,
            kept: (spacing.is_some() || at == Some(0)).then(|| start.clone()),
            recent: Vec::new(),
            settled: at == Some(0),
        }
    }

    /// `referee` has just judged `action`, its latest action; call it for every action the
    /// referee judges, up to the one that makes it certain of cheating.
    pub fn judged(&mut self, referee: &S, action: S::Action) {
        if self.settled {
            return;
        }
        if referee.certain() {
            // The state before this action: the one kept, and the actions since but this.
            self.settled = true;
            if let Some(state) = &mut self.kept {
                for &action in &self.recent {
                    if !state.replay(action) {
                        break;
                    }
                }
            }
            self.recent = Vec::new();
            return;
        }
        let done = referee.actions();
        if self.at == Some(done) {
            self.kept = Some(referee.clone());
            self.recent = Vec::new();
            self.settled = true;
        } else if let Some(spacing) = self.spacing {
            if done % spacing == 0 {
                self.kept = Some(referee.clone());
                self.recent.clear();
            } else {
                self.recent.push(action);
            }
        }
    }

    /// The action after which the state is asked; `None`: just before cheating is certain.
    pub fn at(&self) -> Option<usize> {
        self.at
    }

    /// The state asked, once the log is judged: after action `at` if it was judged before
    /// cheating was certain; else, once cheating is certain (with no `at`, or with one and
    /// [`Watched::BEFORE_CERTAINTY`]), the state just before. `None` otherwise: the log is
    /// honest and ended before `at` or has no `at` (the watched referee's own state is then
    /// the last one), or `at` is not before certainty and the engine answers that with an
    /// error.
    pub fn state(&self) -> Option<&S> {
        self.kept.as_ref().filter(|_| self.settled)
    }
}

/// A streaming referee whose engine's knowledge can be asked as it judges a log: what a
/// [`Knowing`] wraps. The engine says how a line is read and judged, which questions ask the
/// knowledge, and how it answers from the state a [`KnowledgeWatch`] kept.
pub trait Knowable: Referee {
    /// The engine's state, which the watch keeps.
    type State: Watched;
    /// The engine's questions about a log (which say whether the knowledge is asked).
    type Questions: ?Sized;
    /// The engine's answer: its knowledge, or the error of a question it cannot answer.
    type Answer;

    /// The engine's state now.
    fn state(&self) -> &Self::State;

    /// The action of line `number`, as [`Referee::apply_line`] reads it; `None` for a line
    /// that holds none.
    fn parse(line: &[u8], number: usize) -> Result<Option<ActionOf<Self>>, LogError>;

    /// [`Referee::apply_line`] on the action of line `number`, read by [`parse`](Self::parse).
    fn judge(&mut self, action: ActionOf<Self>, number: usize) -> Result<Step, LogError>;

    /// Whether `questions` ask the knowledge and, if so, after which action (`None`: after
    /// the last action, or just before cheating became certain).
    fn asked(questions: &Self::Questions) -> Option<Option<usize>>;

    /// The knowledge `watch` was asked, once a log of `total` actions (those judged and those
    /// read after cheating was certain) is judged by `state`, the state it watched.
    fn answer(
        watch: &KnowledgeWatch<Self::State>,
        state: &Self::State,
        total: usize,
    ) -> Self::Answer;
}

/// The action type of a [`Knowable`] referee's state.
pub type ActionOf<R> = <<R as Knowable>::State as Watched>::Action;

/// A streaming referee that feeds a [`KnowledgeWatch`] every action it judges, when the
/// knowledge is asked: what `--knowledge [--at K]` judges a log with as it reads it. Drive it
/// with [`audit_reader_with`](crate::audit_reader_with) (or line by line, as the trait's
/// [`apply_line`](Referee::apply_line) up to the first foul); then
/// [`knowledge`](Knowing::knowledge) answers.
///
/// ```
/// use fairplay_core::*;
///
/// /// A running sum of numbers, one a line: cheating is certain once it passes 10.
/// #[derive(Clone)]
/// struct Sum { actions: usize, sum: u32, verdict: Verdict }
///
/// impl Watched for Sum {
///     type Action = u32;
///     const BEFORE_CERTAINTY: bool = true;
///     fn actions(&self) -> usize { self.actions }
///     fn certain(&self) -> bool { self.sum > 10 }
///     fn replay(&mut self, n: u32) -> bool { self.actions += 1; self.sum += n; true }
///     fn spacing(&self) -> usize { 2 }
/// }
///
/// impl Knowable for Sum {
///     type State = Sum;
///     type Questions = Option<usize>; // the knowledge is asked after action `at`, if any
///     type Answer = u32; // what is known: the sum
///     fn state(&self) -> &Sum { self }
///     fn parse(line: &[u8], number: usize) -> Result<Option<u32>, LogError> {
///         let text = std::str::from_utf8(line.trim_ascii()).unwrap_or("?");
///         (!text.is_empty()).then(|| text.parse()).transpose().map_err(|_| {
///             LogError::new(ErrorKind::Malformed, number, None, "expected a number")
///         })
///     }
///     fn judge(&mut self, n: u32, number: usize) -> Result<Step, LogError> {
///         self.replay(n);
///         let foul = (self.certain() && self.verdict == Verdict::Fair).then(|| {
///             Foul::new(self.actions as u64, number, Reason::new("over", "over 10"))
///         });
///         if let Some(foul) = &foul {
///             self.verdict = Verdict::Foul(foul.clone());
///         }
///         Ok(Step::new(self.actions as u64, number, foul))
///     }
///     fn asked(at: &Option<usize>) -> Option<Option<usize>> { Some(*at) }
///     fn answer(watch: &KnowledgeWatch<Sum>, state: &Sum, _total: usize) -> u32 {
///         watch.state().unwrap_or(state).sum
///     }
/// }
///
/// impl Referee for Sum {
///     fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
///         Sum::parse(line, number)?.map(|n| self.judge(n, number)).transpose()
///     }
///     fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
///         Ok(Sum::parse(line, number)?.is_some())
///     }
///     fn actions(&self) -> usize { self.actions }
///     fn verdict(&self) -> &Verdict { &self.verdict }
/// }
///
/// let start = Sum { actions: 0, sum: 0, verdict: Verdict::Fair };
/// let lines = ["1", "2", "3", "4", "5", "6"];
/// for (at, known) in [(None, 10), (Some(2), 3), (Some(9), 10)] {
///     let mut referee = Knowing::new(start.clone(), &at);
///     for (i, line) in lines.iter().enumerate() {
///         if referee.verdict().foul().is_none() {
///             referee.apply_line(line.as_bytes(), i + 1).unwrap();
///         }
///     }
///     assert_eq!(referee.knowledge(lines.len()), Some(known));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Knowing<R: Knowable> {
    referee: R,
    /// `None` when the knowledge is not asked.
    watch: Option<KnowledgeWatch<R::State>>,
}

impl<R: Knowable> Knowing<R> {
    /// `referee` (at the start of a game) with a watch for the knowledge `questions` ask, if
    /// they ask it.
    pub fn new(referee: R, questions: &R::Questions) -> Knowing<R> {
        let watch = R::asked(questions).map(|at| KnowledgeWatch::new(referee.state(), at));
        Knowing { referee, watch }
    }

    /// The referee judging the log.
    pub fn referee(&self) -> &R {
        &self.referee
    }

    /// The knowledge asked, once the log of `total` actions is judged (those judged and those
    /// read after cheating was certain, as the judgement counts them); `None` when it was not
    /// asked.
    pub fn knowledge(&self, total: usize) -> Option<R::Answer> {
        let watch = self.watch.as_ref()?;
        Some(R::answer(watch, self.referee.state(), total))
    }
}

impl<R: Knowable> Referee for Knowing<R> {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        let Some(action) = R::parse(line, number)? else {
            return Ok(None);
        };
        let step = self.referee.judge(action, number)?;
        if let Some(watch) = &mut self.watch {
            watch.judged(self.referee.state(), action);
        }
        Ok(Some(step))
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        self.referee.read_line(line, number)
    }

    fn expect(&mut self, actions: u64) {
        self.referee.expect(actions);
    }

    fn rules(&self) -> Option<Arc<str>> {
        self.referee.rules()
    }

    fn actions(&self) -> usize {
        self.referee.actions()
    }

    fn verdict(&self) -> &Verdict {
        self.referee.verdict()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A running sum of small numbers, certain of cheating once it passes `LIMIT`; kept
    /// states every 3 actions, falling back to the state before certainty if `BACK`.
    #[derive(Clone, Debug, PartialEq)]
    struct Sum<const BACK: bool> {
        actions: usize,
        sum: u32,
    }

    const LIMIT: u32 = 12;

    impl<const BACK: bool> Watched for Sum<BACK> {
        type Action = u32;
        const BEFORE_CERTAINTY: bool = BACK;
        fn actions(&self) -> usize {
            self.actions
        }
        fn certain(&self) -> bool {
            self.sum > LIMIT
        }
        fn replay(&mut self, n: u32) -> bool {
            self.actions += 1;
            self.sum += n;
            true
        }
        fn spacing(&self) -> usize {
            3
        }
    }

    /// Every log of up to 9 actions of 0..=3 (a pseudo-random sample of them), at every
    /// `at`: the state kept is the one the log's own prefix gives.
    fn each_case<const BACK: bool>(mut check: impl FnMut(&[u32], Option<usize>)) {
        let mut seed = 0x2545_f491_u32;
        for _ in 0..400 {
            let len = (seed % 10) as usize;
            let log: Vec<u32> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    seed % 4
                })
                .collect();
            seed = seed.wrapping_add(1);
            for at in std::iter::once(None).chain((0..=len + 1).map(Some)) {
                check(&log, at);
            }
        }
    }

    /// Judges `log` as a referee does (up to certainty), feeding a watch for `at`.
    fn watched<const BACK: bool>(
        log: &[u32],
        at: Option<usize>,
    ) -> (Sum<BACK>, KnowledgeWatch<Sum<BACK>>) {
        let mut referee = Sum::<BACK> { actions: 0, sum: 0 };
        let mut watch = KnowledgeWatch::new(&referee, at);
        for &n in log {
            if referee.certain() {
                break;
            }
            referee.replay(n);
            watch.judged(&referee, n);
        }
        (referee, watch)
    }

    /// The state after the first `upto` actions of `log`.
    fn prefix<const BACK: bool>(log: &[u32], upto: usize) -> Sum<BACK> {
        let mut state = Sum { actions: 0, sum: 0 };
        for &n in &log[..upto] {
            state.replay(n);
        }
        state
    }

    fn kept_as_the_prefix<const BACK: bool>() {
        each_case::<BACK>(|log, at| {
            let (referee, watch) = watched::<BACK>(log, at);
            let certain_at = referee.certain().then_some(referee.actions);
            let expected = match (at, certain_at) {
                (Some(at), Some(since)) if at < since => Some(prefix(log, at)),
                (Some(_), Some(since)) => BACK.then(|| prefix(log, since - 1)),
                (None, Some(since)) => Some(prefix(log, since - 1)),
                (Some(at), None) if at <= log.len() => Some(prefix(log, at)),
                (_, None) => None,
            };
            assert_eq!(watch.state(), expected.as_ref(), "{log:?} at {at:?}");
            assert_eq!(watch.at(), at);
        });
    }

    #[test]
    fn the_state_kept_is_the_prefix_asked_falling_back_before_certainty() {
        kept_as_the_prefix::<true>();
    }

    #[test]
    fn the_state_kept_is_the_prefix_asked_or_none_past_certainty() {
        kept_as_the_prefix::<false>();
    }

    #[test]
    fn memory_holds_at_most_spacing_actions_and_none_for_an_at_without_fall_back() {
        let log = [0u32; 100];
        for at in [None, Some(50), Some(200)] {
            let mut referee = Sum::<true> { actions: 0, sum: 0 };
            let mut watch = KnowledgeWatch::new(&referee, at);
            for &n in &log {
                referee.replay(n);
                watch.judged(&referee, n);
                assert!(watch.recent.len() < 3, "at {at:?}");
            }
        }
        let mut referee = Sum::<false> { actions: 0, sum: 0 };
        let mut watch = KnowledgeWatch::new(&referee, Some(80));
        for &n in &log {
            referee.replay(n);
            watch.judged(&referee, n);
            assert!(watch.recent.is_empty());
            assert_eq!(watch.kept.is_some(), referee.actions >= 80);
        }
    }
}

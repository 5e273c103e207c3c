//! Knowledge of a log judged as a stream: the answer of [`explain`](super::explain) to
//! `--knowledge`, without keeping the log; [`KnowingReferee`] is the streaming referee that
//! feeds it.

use fairplay_core::{Knowable, Knowing, LogError as CoreError, Step, Watched};

use super::knowledge::{knowledge_of, Knowledge};
use super::log::Log;
use super::{ExplainError, Questions};
use crate::notation::{parse_action, RawAction};
use crate::{QuartetsReferee, Referee};

/// Knowledge of a log judged as a stream: fed the referee that judges it after each action,
/// it gives what [`explain`](super::explain) (or [`explain_seat`](super::explain_seat))
/// answers with `Questions { knowledge: true, at, .. }`, with the same errors, without
/// keeping the log. After action `at` it keeps one state of the referee; for the knowledge
/// just before cheating became certain (no `at`), a state every few hundred actions and the
/// actions since, replayed once cheating is certain (the core's
/// [`fairplay_core::KnowledgeWatch`], which keeps them for every game).
///
/// ```
/// use fairplay_quartets::explain::{explain, KnowledgeWatch, Questions};
/// use fairplay_quartets::notation::LogReader;
/// use fairplay_quartets::{Referee, Rules};
/// let log = b"4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let rules = Rules::standard();
/// let mut referee = Referee::new(rules.clone());
/// let mut watch = KnowledgeWatch::new(&referee, None);
/// for record in LogReader::new(log).unwrap() {
///     let raw = record.unwrap().action;
///     if referee.contradiction().is_none() {
///         referee.apply_raw(raw).unwrap();
///         watch.judged(&referee, raw);
///     }
/// }
/// let questions = Questions { knowledge: true, ..Questions::default() };
/// let explained = explain(log, &rules, &questions).unwrap();
/// assert_eq!(watch.knowledge(&referee, 4).unwrap(), explained.knowledge.unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct KnowledgeWatch(fairplay_core::KnowledgeWatch<Referee>);

impl KnowledgeWatch {
    /// A watch on a log about to be judged by `start` (a referee at the start of the game,
    /// a watcher's or a seat's), for the knowledge after action `at`, or (`None`) after the
    /// last action some deal fits.
    pub fn new(start: &Referee, at: Option<usize>) -> KnowledgeWatch {
        KnowledgeWatch(fairplay_core::KnowledgeWatch::new(start, at))
    }

    /// `referee` has just judged `raw`, its latest action; call it for every action the
    /// referee judges, up to the one that makes it certain of cheating.
    pub fn judged(&mut self, referee: &Referee, raw: RawAction) {
        self.0.judged(referee, raw);
    }

    /// The knowledge asked, once the log of `total` actions is judged by `referee` (the one
    /// watched): as [`explain`](super::explain) answers it, with the same errors past the
    /// end and at or past the contradiction.
    pub fn knowledge(&self, referee: &Referee, total: usize) -> Result<Knowledge, ExplainError> {
        known(&self.0, referee, total)
    }
}

/// The knowledge `watch` keeps the state for, once the log of `total` actions is judged by
/// `referee`, or the error [`explain`](super::explain) gives for its `at`.
fn known(
    watch: &fairplay_core::KnowledgeWatch<Referee>,
    referee: &Referee,
    total: usize,
) -> Result<Knowledge, ExplainError> {
    let since = referee.contradiction().map(|c| c.action);
    let at = match (watch.at(), since) {
        (Some(at), _) if at > total => {
            return Err(ExplainError::AtBeyondLog { at, actions: total })
        }
        (Some(at), Some(since)) if at >= since => {
            return Err(ExplainError::AtAfterCheating { at, since })
        }
        (Some(at), _) => at,
        (None, Some(since)) => since - 1,
        // An honest log: the referee's own state is the last.
        (None, None) => return Ok(knowledge_of(referee, total)),
    };
    match watch.state() {
        Some(state) if state.actions() == at => Ok(knowledge_of(state, at)),
        // Not reached: only if the watch was not fed every action.
        _ => {
            debug_assert!(false, "the watch was not fed every action");
            Ok(knowledge_of(referee, referee.actions()))
        }
    }
}

/// A Quartets state for the core's watch: the knowledge after an action at or past the one
/// that makes cheating certain is an error, so a watch with `at` keeps that state alone.
impl Watched for Referee {
    type Action = RawAction;
    const BEFORE_CERTAINTY: bool = false;

    fn actions(&self) -> usize {
        Referee::actions(self)
    }

    fn certain(&self) -> bool {
        self.contradiction().is_some()
    }

    fn replay(&mut self, raw: RawAction) -> bool {
        self.apply_raw(raw).is_ok()
    }

    fn spacing(&self) -> usize {
        Log::spacing(self.rules())
    }
}

/// A streaming referee ([`QuartetsReferee`], a watcher's or a seat's) that feeds a
/// [`KnowledgeWatch`] every action it judges, when the knowledge is asked: what `fairplay
/// quartets --knowledge [--at K]` judges a log with, as it reads it. Drive it with
/// [`fairplay_core::audit_reader_with`] (or line by line, as the trait's
/// [`apply_line`](fairplay_core::Referee::apply_line) up to the first foul); then
/// [`knowledge`](Knowing::knowledge) gives what [`explain`](super::explain) (or
/// [`explain_seat`](super::explain_seat) for a seat's referee) answers with the same
/// [`Questions`], with the same errors.
///
/// ```
/// use fairplay_core::audit_reader_with;
/// use fairplay_quartets::explain::{explain, KnowingReferee, Questions};
/// use fairplay_quartets::{Quartets, QuartetsReferee, Rules};
/// let log = b"4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let rules = Rules::standard();
/// let questions = Questions { knowledge: true, at: Some(3), ..Questions::default() };
/// let mut referee = KnowingReferee::new(QuartetsReferee::new(rules.clone()), &questions);
/// let game = Quartets::new(rules.clone());
/// let judged = audit_reader_with(&game, &mut referee, &log[..], 4096).unwrap();
/// let knowledge = referee.knowledge(judged.actions).unwrap().unwrap();
/// assert_eq!(knowledge.after, 3);
/// let explained = explain(log, &rules, &questions).unwrap();
/// assert_eq!(Some(knowledge), explained.knowledge);
/// ```
pub type KnowingReferee = Knowing<QuartetsReferee>;

/// What Quartets streams with [`KnowingReferee`]: its notation, its referee, its knowledge
/// and the errors of an `at` past the end or not before cheating became certain.
impl Knowable for QuartetsReferee {
    type State = Referee;
    type Questions = Questions;
    type Answer = Result<Knowledge, ExplainError>;

    fn state(&self) -> &Referee {
        self.engine()
    }

    fn parse(line: &[u8], number: usize) -> Result<Option<RawAction>, CoreError> {
        Ok(parse_action(line, number)?)
    }

    fn judge(&mut self, raw: RawAction, number: usize) -> Result<Step, CoreError> {
        Ok(self.apply_parsed(raw, number)?)
    }

    fn asked(questions: &Questions) -> Option<Option<usize>> {
        questions.knowledge.then_some(questions.at)
    }

    fn answer(
        watch: &fairplay_core::KnowledgeWatch<Referee>,
        referee: &Referee,
        total: usize,
    ) -> Result<Knowledge, ExplainError> {
        known(watch, referee, total)
    }
}

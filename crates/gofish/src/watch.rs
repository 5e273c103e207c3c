//! Knowledge of a log judged as a stream: the answer of [`explain`](crate::explain::explain)
//! to `--knowledge`, without keeping the log; [`KnowingReferee`] is the streaming referee
//! that feeds it.

use fairplay_core::{Knowable, Knowing, LogError, Step, Watched};

use crate::explain::{knowledge, Explanation, Knowledge, Questions};
use crate::notation::{parse_action, RawAction};
use crate::{Contradiction, GoFishReferee, Referee, Verdict};

/// Actions between two states a [`KnowledgeWatch`] keeps: replaying them costs little next to
/// judging the log.
const SPACING: usize = 256;

/// Fed the referee that judges a log after each of its actions, it gives the knowledge that
/// [`explain`](crate::explain::explain) gives with `Questions { knowledge: true, at, .. }`:
/// after action `at`, or after the last action when it is sooner, or after the last action
/// some deal fits when that is sooner still. It keeps one state of the referee after `at`,
/// and a state every few hundred actions with the actions since, replayed once cheating is
/// certain (the core's [`fairplay_core::KnowledgeWatch`], which keeps them for every game).
///
/// ```
/// use fairplay_gofish::explain::{explain, Questions};
/// use fairplay_gofish::notation::parse_action;
/// use fairplay_gofish::{FishTurn, KnowledgeWatch, Referee, Rules};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let log = ["1 A 2 A fish", "1 D", "2 A 1 A 1"];
/// let mut referee = Referee::new(rules);
/// let mut watch = KnowledgeWatch::new(&referee, None);
/// for (i, line) in log.iter().enumerate() {
///     let raw = parse_action(line.as_bytes(), i + 1).unwrap().unwrap();
///     referee.apply_raw(raw).unwrap();
///     watch.judged(&referee, raw);
/// }
/// let questions = Questions { knowledge: true, ..Questions::default() };
/// let explained = explain(log.join("\n").as_bytes(), &rules, &questions).unwrap();
/// assert_eq!(watch.knowledge(&referee), explained.knowledge.unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct KnowledgeWatch(fairplay_core::KnowledgeWatch<Referee>);

impl KnowledgeWatch {
    /// A watch on a log about to be judged by `start` (a referee at the start of the game),
    /// for the knowledge after action `at`, or (`None`) after the last action.
    pub fn new(start: &Referee, at: Option<usize>) -> KnowledgeWatch {
        KnowledgeWatch(fairplay_core::KnowledgeWatch::new(start, at))
    }

    /// `referee` has just judged `raw`, its latest action; call it for every action the
    /// referee judges, up to the one that makes it certain of cheating.
    pub fn judged(&mut self, referee: &Referee, raw: RawAction) {
        self.0.judged(referee, raw);
    }

    /// The knowledge asked, once the log is judged by `referee` (the one watched).
    pub fn knowledge(&self, referee: &Referee) -> Knowledge {
        known(&self.0, referee)
    }
}

/// The knowledge `watch` keeps the state for, once the log is judged by `referee`: when the
/// watch kept none, every action fits a deal and `at` was not reached, so the last state.
fn known(watch: &fairplay_core::KnowledgeWatch<Referee>, referee: &Referee) -> Knowledge {
    let state = watch.state().unwrap_or(referee);
    knowledge(state.rules(), state, state.actions())
}

/// A Go Fish state for the core's watch: the knowledge after an action at or past the one
/// that makes cheating certain is the knowledge just before it.
impl Watched for Referee {
    type Action = RawAction;
    const BEFORE_CERTAINTY: bool = true;

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
        SPACING
    }
}

/// A streaming referee ([`GoFishReferee`], a watcher's or a seat's) that feeds a
/// [`KnowledgeWatch`] every action it judges, when the knowledge is asked: what `fairplay
/// gofish --knowledge [--at K]` judges a log with, as it reads it. Drive it with
/// [`fairplay_core::audit_reader_with`] (or line by line, as the trait's
/// [`apply_line`](fairplay_core::Referee::apply_line) up to the first foul); then
/// [`knowledge`](Knowing::knowledge) gives what [`explain`](crate::explain::explain)
/// answers with the same [`Questions`].
///
/// ```
/// use fairplay_core::audit_reader_with;
/// use fairplay_gofish::explain::{explain, Questions};
/// use fairplay_gofish::{FishTurn, GoFish, GoFishReferee, KnowingReferee, Rules};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let log = b"1 A 2 A fish\n1 D\n2 A 1 A 1\n2 A 1 2 fish\n";
/// let questions = Questions { knowledge: true, at: Some(2), ..Questions::default() };
/// let mut referee = KnowingReferee::new(GoFishReferee::new(rules), &questions);
/// let judged = audit_reader_with(&GoFish::new(rules), &mut referee, &log[..], 4096).unwrap();
/// assert_eq!(judged.actions, 4);
/// let explained = explain(log, &rules, &questions).unwrap();
/// assert_eq!(referee.knowledge(judged.actions), explained.knowledge);
/// assert_eq!(referee.knowledge(judged.actions).unwrap().after, 2);
/// ```
pub type KnowingReferee = Knowing<GoFishReferee>;

/// What Go Fish streams with [`KnowingReferee`]: its notation, its referee, its knowledge.
impl Knowable for GoFishReferee {
    type State = Referee;
    type Questions = Questions;
    type Answer = Knowledge;

    fn state(&self) -> &Referee {
        self.engine()
    }

    fn parse(line: &[u8], number: usize) -> Result<Option<RawAction>, LogError> {
        Ok(parse_action(line, number)?)
    }

    fn judge(&mut self, raw: RawAction, number: usize) -> Result<Step, LogError> {
        self.apply_parsed(raw, number)
    }

    fn asked(questions: &Questions) -> Option<Option<usize>> {
        questions.knowledge.then_some(questions.at)
    }

    /// Every action of an honest log is judged: the total adds nothing.
    fn answer(
        watch: &fairplay_core::KnowledgeWatch<Referee>,
        referee: &Referee,
        _total: usize,
    ) -> Knowledge {
        known(watch, referee)
    }
}

impl Explanation {
    /// The explanation of a verdict when no proof, suspects or deal is asked: what
    /// [`explain`](crate::explain::explain) gives then, but for the knowledge (set it from a
    /// [`KnowledgeWatch`]), from the contradiction a [`Referee`] found on a log of `actions`
    /// actions judged as a stream.
    pub fn of_verdict(
        rules: crate::Rules,
        actions: usize,
        contradiction: Option<Contradiction>,
    ) -> Explanation {
        Explanation {
            rules,
            actions,
            verdict: contradiction
                .map_or(Verdict::Honest, |c| Verdict::Cheated { since: c.action }),
            contradiction,
            proof: None,
            suspects: None,
            deal: None,
            knowledge: None,
            seat: None,
        }
    }
}

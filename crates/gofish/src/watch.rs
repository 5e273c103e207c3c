//! Knowledge of a log judged as a stream: the answer of [`explain`](crate::explain::explain)
//! to `--knowledge`, without keeping the log; [`KnowingReferee`] is the streaming referee
//! that feeds it.

use fairplay_core::{LogError, Step};

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
/// certain.
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
pub struct KnowledgeWatch {
    at: Option<usize>,
    /// The last state kept and after how many actions; once settled, the state asked for.
    kept: (usize, Referee),
    /// The actions judged since the state kept.
    recent: Vec<RawAction>,
    /// Whether the state asked for is known.
    settled: bool,
}

impl KnowledgeWatch {
    /// A watch on a log about to be judged by `start` (a referee at the start of the game),
    /// for the knowledge after action `at`, or (`None`) after the last action.
    pub fn new(start: &Referee, at: Option<usize>) -> KnowledgeWatch {
        KnowledgeWatch {
            at,
            kept: (0, start.clone()),
            recent: Vec::new(),
            settled: at == Some(0),
        }
    }

    /// `referee` has just judged `raw`, its latest action; call it for every action the
    /// referee judges, up to the one that makes it certain of cheating.
    pub fn judged(&mut self, referee: &Referee, raw: RawAction) {
        if self.settled {
            return;
        }
        let done = referee.actions();
        if referee.contradiction().is_some() {
            // The state before this action: the one kept, and the actions since but this.
            self.settled = true;
            let (from, state) = &mut self.kept;
            for &raw in &self.recent {
                if state.apply_raw(raw).is_err() {
                    break;
                }
                *from += 1;
            }
            self.recent = Vec::new();
        } else if self.at == Some(done) {
            self.kept = (done, referee.clone());
            self.settled = true;
        } else if done % SPACING == 0 {
            self.kept = (done, referee.clone());
            self.recent.clear();
        } else {
            self.recent.push(raw);
        }
    }

    /// The knowledge asked, once the log is judged by `referee` (the one watched).
    pub fn knowledge(&self, referee: &Referee) -> Knowledge {
        if self.settled {
            let (after, state) = &self.kept;
            knowledge(state.rules(), state, *after)
        } else {
            // Every action fits a deal and `at` was not reached: the last state.
            knowledge(referee.rules(), referee, referee.actions())
        }
    }
}

/// A streaming referee ([`GoFishReferee`], a watcher's or a seat's) that feeds a
/// [`KnowledgeWatch`] every action it judges, when the knowledge is asked: what `fairplay
/// gofish --knowledge [--at K]` judges a log with, as it reads it. Drive it with
/// [`fairplay_core::audit_reader_with`] (or line by line, as the trait's
/// [`apply_line`](fairplay_core::Referee::apply_line) up to the first foul); then
/// [`knowledge`](KnowingReferee::knowledge) gives what [`explain`](crate::explain::explain)
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
/// assert_eq!(referee.knowledge(), explained.knowledge);
/// assert_eq!(referee.knowledge().unwrap().after, 2);
/// ```
#[derive(Clone, Debug)]
pub struct KnowingReferee {
    referee: GoFishReferee,
    /// `None` when the knowledge is not asked.
    watch: Option<KnowledgeWatch>,
}

impl KnowingReferee {
    /// `referee` (at the start of a game) with a watch for the knowledge `questions` ask
    /// (`knowledge`, `at`), if they ask it; the other questions need the whole log.
    pub fn new(referee: GoFishReferee, questions: &Questions) -> KnowingReferee {
        let watch = questions
            .knowledge
            .then(|| KnowledgeWatch::new(referee.engine(), questions.at));
        KnowingReferee { referee, watch }
    }

    /// The referee judging the log.
    pub fn referee(&self) -> &GoFishReferee {
        &self.referee
    }

    /// The knowledge asked, once the log is judged; `None` when it was not asked.
    pub fn knowledge(&self) -> Option<Knowledge> {
        let watch = self.watch.as_ref()?;
        Some(watch.knowledge(self.referee.engine()))
    }
}

impl fairplay_core::Referee for KnowingReferee {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        let Some(raw) = parse_action(line, number)? else {
            return Ok(None);
        };
        let step = self.referee.apply_parsed(raw, number)?;
        if let Some(watch) = &mut self.watch {
            watch.judged(self.referee.engine(), raw);
        }
        Ok(Some(step))
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        self.referee.read_line(line, number)
    }

    fn actions(&self) -> usize {
        self.referee.actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        self.referee.verdict()
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

//! Knowledge of a log judged as a stream: the answer of [`explain`](super::explain) to
//! `--knowledge`, without keeping the log; [`KnowingReferee`] is the streaming referee that
//! feeds it.

use fairplay_core::{LogError as CoreError, Step};

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
/// actions since, replayed once cheating is certain.
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
pub struct KnowledgeWatch {
    at: Option<usize>,
    spacing: usize,
    /// With `at`: the state after it, once reached with no contradiction. Without: the last
    /// state kept, then the state before the contradiction.
    kept: Option<(usize, Referee)>,
    /// Without `at`: the actions judged since the state kept.
    recent: Vec<RawAction>,
    /// Whether the state asked for is known (or can no longer be).
    settled: bool,
}

impl KnowledgeWatch {
    /// A watch on a log about to be judged by `start` (a referee at the start of the game,
    /// a watcher's or a seat's), for the knowledge after action `at`, or (`None`) after the
    /// last action some deal fits.
    pub fn new(start: &Referee, at: Option<usize>) -> KnowledgeWatch {
        KnowledgeWatch {
            at,
            spacing: Log::spacing(start.rules()),
            kept: matches!(at, None | Some(0)).then(|| (0, start.clone())),
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
            self.settled = true;
            if self.at.is_none() {
                // The state before this action: the one kept, and the actions since but this.
                if let Some((from, mut state)) = self.kept.take() {
                    for &raw in &self.recent {
                        if state.apply_raw(raw).is_err() {
                            break;
                        }
                    }
                    self.kept = Some((from + self.recent.len(), state));
                }
                self.recent = Vec::new();
            }
            return;
        }
        match self.at {
            Some(at) if done == at => {
                self.kept = Some((done, referee.clone()));
                self.settled = true;
            }
            Some(_) => {}
            None if done % self.spacing == 0 => {
                self.kept = Some((done, referee.clone()));
                self.recent.clear();
            }
            None => self.recent.push(raw),
        }
    }

    /// The knowledge asked, once the log of `total` actions is judged by `referee` (the one
    /// watched): as [`explain`](super::explain) answers it, with the same errors past the
    /// end and at or past the contradiction.
    pub fn knowledge(&self, referee: &Referee, total: usize) -> Result<Knowledge, ExplainError> {
        let since = referee.contradiction().map(|c| c.action);
        let at = match (self.at, since) {
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
        match &self.kept {
            Some((done, state)) if *done == at => Ok(knowledge_of(state, at)),
            // Not reached: only if the watch was not fed every action.
            _ => {
                debug_assert!(false, "the watch was not fed every action");
                Ok(knowledge_of(referee, referee.actions()))
            }
        }
    }
}

/// A streaming referee ([`QuartetsReferee`], a watcher's or a seat's) that feeds a
/// [`KnowledgeWatch`] every action it judges, when the knowledge is asked: what `fairplay
/// quartets --knowledge [--at K]` judges a log with, as it reads it. Drive it with
/// [`fairplay_core::audit_reader_with`] (or line by line, as the trait's
/// [`apply_line`](fairplay_core::Referee::apply_line) up to the first foul); then
/// [`knowledge`](KnowingReferee::knowledge) gives what [`explain`](super::explain) (or
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
#[derive(Clone, Debug)]
pub struct KnowingReferee {
    referee: QuartetsReferee,
    /// `None` when the knowledge is not asked.
    watch: Option<KnowledgeWatch>,
}

impl KnowingReferee {
    /// `referee` (at the start of a game) with a watch for the knowledge `questions` ask
    /// (`knowledge`, `at`), if they ask it; the other questions need the whole log.
    pub fn new(referee: QuartetsReferee, questions: &Questions) -> KnowingReferee {
        let watch = questions
            .knowledge
            .then(|| KnowledgeWatch::new(referee.engine(), questions.at));
        KnowingReferee { referee, watch }
    }

    /// The referee judging the log.
    pub fn referee(&self) -> &QuartetsReferee {
        &self.referee
    }

    /// The knowledge asked, once the log of `total` actions is judged (as
    /// [`KnowledgeWatch::knowledge`]); `None` when it was not asked.
    pub fn knowledge(&self, total: usize) -> Option<Result<Knowledge, ExplainError>> {
        let watch = self.watch.as_ref()?;
        Some(watch.knowledge(self.referee.engine(), total))
    }
}

impl fairplay_core::Referee for KnowingReferee {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, CoreError> {
        let Some(raw) = parse_action(line, number)? else {
            return Ok(None);
        };
        let step = self.referee.apply_parsed(raw, number)?;
        if let Some(watch) = &mut self.watch {
            watch.judged(self.referee.engine(), raw);
        }
        Ok(Some(step))
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, CoreError> {
        self.referee.read_line(line, number)
    }

    fn actions(&self) -> usize {
        self.referee.actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        self.referee.verdict()
    }
}

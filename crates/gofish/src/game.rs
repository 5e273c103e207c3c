//! Go Fish as a [`fairplay_core::Game`]: the engine behind the game-neutral model.

use std::sync::Arc;

use fairplay_core::{ErrorKind, Foul, Game, Judgement, LogError, Step, Words};

use crate::notation::{parse_action, ParseError, RawAction};
use crate::{Contradiction, Referee, RuleError, Rules, Verdict};

static WORDS: Words = Words {
    game: "Go Fish",
    action: "action",
    number: "",
    fair_step: "honest game still possible",
    foul_step: "CHEATING CERTAIN",
    settled: Some("cheating already certain since action"),
    fair_end: "honest game possible",
    foul_end: "cheating certain since action",
    example: "`1 A 2 7 fish`, `1 D`",
};

/// Go Fish with its rules chosen: judges logs and makes live referees.
///
/// ```
/// use fairplay_core::{Game, Verdict};
/// use fairplay_gofish::{FishTurn, GoFish, Rules};
/// let game = GoFish::new(Rules::new(2, 3, Some(3), FishTurn::Next).unwrap());
/// let judgement = game.audit(b"1 A 2 A fish\n1 D\n2 A 1 A 1\n").unwrap();
/// let Verdict::Foul(foul) = &judgement.verdict else { panic!() };
/// assert_eq!((foul.action, foul.line, foul.reason.kind), (3, 3, "ask-without"));
/// assert_eq!(game.contract(&judgement.verdict), "no\n3\n");
/// assert_eq!(&*judgement.rules, "2 players, 3 ranks, 3 cards each");
/// ```
#[derive(Clone, Debug)]
pub struct GoFish {
    rules: Rules,
    description: Arc<str>,
}

impl GoFish {
    /// The game played by `rules`.
    pub fn new(rules: Rules) -> GoFish {
        GoFish {
            rules,
            description: rules.describe().into(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The judgement of a whole log as the player of `seat` knows the game
    /// ([`judge_seat`](crate::judge_seat)).
    pub fn judge_seat(&self, log: &[u8], seat: &crate::Seat) -> Result<Judgement, LogError> {
        Ok(self.judgement(crate::judge_seat(log, &self.rules, seat)?))
    }

    fn judgement(&self, report: crate::Report) -> Judgement {
        let verdict = match report.cheating {
            None => fairplay_core::Verdict::Fair,
            Some((c, line)) => fairplay_core::Verdict::Foul(foul(c, line)),
        };
        Judgement::new("gofish", self.description.clone(), report.actions, verdict)
    }
}

/// The foul of a contradiction found at `line`.
pub(crate) fn foul(contradiction: Contradiction, line: usize) -> Foul {
    let reason = &contradiction.reason;
    Foul::new(
        contradiction.action as u64,
        line,
        fairplay_core::Reason::new(reason.kind(), reason.to_string()),
    )
}

impl From<ParseError> for LogError {
    fn from(error: ParseError) -> LogError {
        LogError::new(
            ErrorKind::Malformed,
            error.line(),
            None,
            format!("expected {}, found {}", error.expected(), error.found()),
        )
    }
}

impl Game for GoFish {
    fn name(&self) -> &'static str {
        "gofish"
    }

    fn rules(&self) -> Arc<str> {
        self.description.clone()
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn recognises(&self, line: &[u8]) -> bool {
        matches!(parse_action(line, 0), Ok(Some(_)))
    }

    fn counted(&self) -> bool {
        false
    }

    fn contract(&self, verdict: &fairplay_core::Verdict) -> String {
        match verdict {
            fairplay_core::Verdict::Fair => Verdict::Honest,
            fairplay_core::Verdict::Foul(foul) => Verdict::Cheated {
                since: foul.action as usize,
            },
        }
        .contract()
    }

    fn referee(&self) -> Box<dyn fairplay_core::Referee + '_> {
        Box::new(GoFishReferee::new(self.rules))
    }

    /// [`judge`](crate::judge): the same judgement as a referee fed line by line, with this
    /// thread's spare referee (a batch of logs allocates nothing per log).
    fn audit(&self, log: &[u8]) -> Result<Judgement, LogError> {
        Ok(self.judgement(crate::judge(log, &self.rules)?))
    }
}

/// A [`Referee`] judging one line at a time, as a [`fairplay_core::Referee`].
///
/// ```
/// use fairplay_core::Referee as _;
/// use fairplay_gofish::{GoFishReferee, Rules};
/// let mut referee = GoFishReferee::new(Rules::standard());
/// assert!(referee.apply_line(b"1 A 2 7 fish", 1).unwrap().unwrap().foul.is_none());
/// let error = referee.apply_line(b"2 A 1 7 fish", 2).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "line 2 (action 2): player 1 must draw from the stock after \"Go fish\", but the next action is not that draw"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct GoFishReferee {
    referee: Referee,
    verdict: fairplay_core::Verdict,
}

impl GoFishReferee {
    /// A referee at the start of a game played by `rules`.
    pub fn new(rules: Rules) -> GoFishReferee {
        GoFishReferee {
            referee: Referee::new(rules),
            verdict: fairplay_core::Verdict::Fair,
        }
    }

    /// A referee at the start of a game played by `rules`, judging as the player of `seat`
    /// knows it ([`Referee::seated`]).
    ///
    /// ```
    /// use fairplay_core::Referee as _;
    /// use fairplay_gofish::{FishTurn, GoFishReferee, Rules, Seat};
    /// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    /// let seat = Seat::new(&rules, 2, &["2", "2", "3"], &["A"]).unwrap();
    /// let mut referee = GoFishReferee::seated(rules, &seat);
    /// let log = ["1 A 2 A fish", "1 D", "2 A 1 2 fish", "2 D", "1 A 2 3 1", "1 A 2 A fish"];
    /// let steps: Vec<_> = log
    ///     .iter()
    ///     .enumerate()
    ///     .map(|(i, line)| referee.apply_line(line.as_bytes(), i + 1).unwrap().unwrap())
    ///     .collect();
    /// assert_eq!(steps[5].foul.as_ref().unwrap().action, 6); // a watcher sees no lie
    /// ```
    pub fn seated(rules: Rules, seat: &crate::Seat) -> GoFishReferee {
        GoFishReferee {
            referee: Referee::seated(rules, seat),
            verdict: fairplay_core::Verdict::Fair,
        }
    }

    /// The engine itself.
    pub fn engine(&self) -> &Referee {
        &self.referee
    }

    /// [`fairplay_core::Referee::apply_line`] on the action of line `number`, parsed.
    pub(crate) fn apply_parsed(&mut self, raw: RawAction, number: usize) -> Result<Step, LogError> {
        let action = self.referee.actions() + 1;
        self.referee
            .apply_raw(raw)
            .map_err(|error| rule_error(error, number, action))?;
        let fresh = self
            .referee
            .contradiction()
            .filter(|c| c.action == action)
            .map(|c| foul(c, number));
        if let (Some(foul), fairplay_core::Verdict::Fair) = (&fresh, &self.verdict) {
            self.verdict = fairplay_core::Verdict::Foul(foul.clone());
        }
        Ok(Step::new(action as u64, number, fresh))
    }
}

/// A rule error as the game-neutral model words it.
pub(crate) fn rule_error(error: RuleError, line: usize, action: usize) -> LogError {
    LogError::new(ErrorKind::Rule, line, Some(action), error.to_string())
}

impl fairplay_core::Referee for GoFishReferee {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        match parse_action(line, number)? {
            Some(raw) => self.apply_parsed(raw, number).map(Some),
            None => Ok(None),
        }
    }

    /// After the verdict is settled nothing is judged, not even a line's syntax: the rules
    /// count a malformed line among the rule errors, which do not change a settled verdict.
    /// Every line that is not blank is an action.
    fn read_line(&mut self, line: &[u8], _number: usize) -> Result<bool, LogError> {
        Ok(!line.trim_ascii().is_empty())
    }

    fn actions(&self) -> usize {
        self.referee.actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        &self.verdict
    }
}

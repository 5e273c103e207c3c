//! Quartets as a [`fairplay_core::Game`]: the engine behind the game-neutral model.

use std::sync::Arc;

use fairplay_core::{ErrorKind, Foul, Game, Judgement, LogError as CoreError, Step, Words};

use crate::notation::{parse_action, ParseError, RawAction};
use crate::{audit, audit_seat, Contradiction, LogError, Referee, Rules, SeatHand, Verdict};

static WORDS: Words = Words {
    game: "Quartets",
    action: "action",
    number: "",
    fair_step: "honest game still possible",
    foul_step: "CHEATING CERTAIN",
    settled: Some("cheating already certain since action"),
    fair_end: "honest game possible",
    foul_end: "cheating certain since action",
    example: "`1 A 2 3C no`, `1 Q 3`",
};

/// Quartets with its rules chosen: judges logs ([`audit`]) and makes live referees.
///
/// ```
/// use fairplay_core::{Game, Verdict};
/// use fairplay_quartets::{Quartets, Rules};
/// let game = Quartets::new(Rules::standard());
/// let judgement = game.audit(b"4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n").unwrap();
/// let Verdict::Foul(foul) = &judgement.verdict else { panic!() };
/// assert_eq!((foul.action, foul.line, foul.reason.kind), (4, 5, "no-deal"));
/// assert_eq!(game.contract(&judgement.verdict), "no\n4\n");
/// assert_eq!(&*judgement.rules, "4 players, 8 sets of 4 cards");
/// ```
#[derive(Clone, Debug)]
pub struct Quartets {
    rules: Rules,
    description: Arc<str>,
}

impl Quartets {
    /// The game played by `rules`.
    pub fn new(rules: Rules) -> Quartets {
        let mut description = format!(
            "{} players, {} sets of {} cards",
            rules.players(),
            rules.sets(),
            rules.cards_per_set()
        );
        let even = rules.hand_sizes().windows(2).all(|w| w[0] == w[1]);
        if !even {
            let hands: Vec<String> = rules.hand_sizes().iter().map(u32::to_string).collect();
            description.push_str(&format!(", hands {}", hands.join(",")));
        }
        Quartets {
            rules,
            description: description.into(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The judgement of a whole log, as [`audit`] decides it.
    pub fn judge(&self, log: &[u8]) -> Result<Judgement, LogError> {
        Ok(self.judgement(audit(log, &self.rules)?))
    }

    /// The judgement of a whole log as the player of `hand` judges it ([`audit_seat`]).
    pub fn judge_seat(&self, log: &[u8], hand: &SeatHand) -> Result<Judgement, LogError> {
        Ok(self.judgement(audit_seat(log, hand)?))
    }

    fn judgement(&self, report: crate::Report) -> Judgement {
        let verdict = match report.cheating {
            None => fairplay_core::Verdict::Fair,
            Some(c) => fairplay_core::Verdict::Foul(foul(c.contradiction, c.line)),
        };
        Judgement::new(
            "quartets",
            self.description.clone(),
            report.actions,
            verdict,
        )
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

impl From<ParseError> for CoreError {
    fn from(error: ParseError) -> CoreError {
        CoreError::new(
            ErrorKind::Malformed,
            error.line(),
            None,
            format!("expected {}, found {}", error.expected(), error.found()),
        )
    }
}

impl From<LogError> for CoreError {
    fn from(error: LogError) -> CoreError {
        match error {
            LogError::Parse(error) => error.into(),
            LogError::Rule {
                line,
                action,
                error,
            } => CoreError::new(ErrorKind::Rule, line, Some(action), error.to_string()),
        }
    }
}

impl Game for Quartets {
    fn name(&self) -> &'static str {
        "quartets"
    }

    fn rules(&self) -> Arc<str> {
        self.description.clone()
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn recognises(&self, line: &[u8]) -> bool {
        // A batch asks this of every log: the common line is told without the general parser.
        crate::notation::is_canonical_action(line) || matches!(parse_action(line, 0), Ok(Some(_)))
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
        Box::new(QuartetsReferee::new(self.rules.clone()))
    }

    fn audit(&self, log: &[u8]) -> Result<Judgement, CoreError> {
        self.judge(log).map_err(CoreError::from)
    }
}

/// A [`Referee`] judging one line at a time, as a [`fairplay_core::Referee`].
///
/// ```
/// use fairplay_core::Referee as _;
/// use fairplay_quartets::{QuartetsReferee, Rules};
/// let mut referee = QuartetsReferee::new(Rules::standard());
/// assert!(referee.apply_line(b"1 A 2 3C no", 1).unwrap().unwrap().foul.is_none());
/// let error = referee.apply_line(b"1 A 2 3B no", 2).unwrap_err();
/// assert_eq!(error.to_string(), "line 2 (action 2): player 1 acts, but it is player 2's turn");
/// ```
#[derive(Clone, Debug)]
pub struct QuartetsReferee {
    referee: Referee,
    verdict: fairplay_core::Verdict,
}

impl QuartetsReferee {
    /// A referee at the start of a game played by `rules`.
    pub fn new(rules: Rules) -> QuartetsReferee {
        QuartetsReferee {
            referee: Referee::new(rules),
            verdict: fairplay_core::Verdict::Fair,
        }
    }

    /// A referee at the start of a game judged as the player of `hand` knows it (see
    /// [`Referee::seated`]).
    ///
    /// ```
    /// use fairplay_core::Referee as _;
    /// use fairplay_quartets::{QuartetsReferee, Rules, SeatHand};
    /// let rules = Rules::builder().players(3).sets(3).cards_per_set(2).build().unwrap();
    /// let mut seat = QuartetsReferee::seated(&SeatHand::parse(&rules, 3, "1A,2A").unwrap());
    /// assert!(seat.apply_line(b"1 A 2 1A no", 1).unwrap().unwrap().foul.is_none());
    /// let step = seat.apply_line(b"2 A 1 1B no", 2).unwrap().unwrap();
    /// assert_eq!(step.foul.unwrap().action, 2); // a watcher would still see an honest game
    /// ```
    pub fn seated(hand: &SeatHand) -> QuartetsReferee {
        QuartetsReferee {
            referee: Referee::seated(hand),
            verdict: fairplay_core::Verdict::Fair,
        }
    }

    /// The engine itself.
    pub fn engine(&self) -> &Referee {
        &self.referee
    }

    /// [`fairplay_core::Referee::apply_line`] with the engine's own error: what the line
    /// breaks, as data (a live game's skipped line explained by its kind and parameters). An
    /// error leaves the referee as it was.
    ///
    /// ```
    /// use fairplay_quartets::{LogError, QuartetsReferee, RuleError, Rules};
    /// let mut referee = QuartetsReferee::new(Rules::standard());
    /// assert!(referee.apply_typed(b"1 A 2 3C no", 1).unwrap().is_some());
    /// let error = referee.apply_typed(b"1 A 2 3B no", 2).unwrap_err();
    /// assert!(matches!(error, LogError::Rule { line: 2, action: 2, error: RuleError::OutOfTurn { .. } }));
    /// assert!(matches!(referee.apply_typed(b"1 A", 3), Err(LogError::Parse(_))));
    /// ```
    pub fn apply_typed(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        match parse_action(line, number)? {
            Some(raw) => self.apply_parsed(raw, number).map(Some),
            None => Ok(None),
        }
    }

    /// [`apply_typed`](QuartetsReferee::apply_typed) on the action of line `number`, parsed.
    pub(crate) fn apply_parsed(&mut self, raw: RawAction, number: usize) -> Result<Step, LogError> {
        let action = self.referee.actions() + 1;
        self.referee
            .apply_raw(raw)
            .map_err(|error| LogError::Rule {
                line: number,
                action,
                error,
            })?;
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

impl fairplay_core::Referee for QuartetsReferee {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, CoreError> {
        self.apply_typed(line, number).map_err(CoreError::from)
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, CoreError> {
        Ok(parse_action(line, number)?.is_some())
    }

    fn actions(&self) -> usize {
        self.referee.actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        &self.verdict
    }
}

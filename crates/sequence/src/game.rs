//! Sequence as a [`fairplay_core::Game`]: the engines behind the game-neutral model.

use std::sync::Arc;

use fairplay_core::{ErrorKind, Foul, Game, Judgement, LogError as CoreError, Step, Words};

use crate::notation::{check_turn_range, parse_move, ParseError, RawMove, TurnOrder};
use crate::{
    audit_contract, audit_full_with, Board, ContractGame, FullGame, FullRules, IllegalMove,
    LogError, NameError, Team, Teams, Verdict,
};

static WORDS: Words = Words {
    game: "Sequence",
    action: "move",
    number: "turn ",
    fair_step: "legal",
    foul_step: "ILLEGAL",
    settled: None,
    fair_end: "all legal",
    foul_end: "first illegal move at turn",
    example: "`1 5s P 5s`",
};

/// The rules a Sequence log is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SequenceRules {
    /// The contract rules: tokens counted per card ([`ContractGame`]).
    Contract,
    /// The full rules on the real board ([`FullGame`]); `None`: the teams are told from each
    /// log ([`infer_teams`](crate::infer_teams)), two in a live game.
    Full(Option<Teams>),
}

/// The options of the full rules beyond the teams: who plays first and how often a card may
/// be played. The default is the standard game: blue first, each card at most twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FullOptions {
    /// The team that plays first.
    pub first: Team,
    /// Plays (and discards) allowed per card; `None`: no cap (a reshuffled draw pile).
    pub card_plays: Option<u8>,
}

impl Default for FullOptions {
    fn default() -> FullOptions {
        FullOptions {
            first: Team::BLUE,
            card_plays: Some(FullRules::DEFAULT_CARD_PLAYS),
        }
    }
}

/// Why options of the full rules cannot go with the rules chosen. Each front end words it
/// with the names of its own options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A first team or a number of card plays given with the contract rules, which have
    /// neither.
    #[error("the first team and the card plays apply only with the full rules")]
    NotFullRules,
    /// The team given to play first does not play: red in a game of two teams.
    #[error("{first} plays only in a game of three teams")]
    FirstDoesNotPlay {
        /// The team given.
        first: Team,
    },
}

impl FullOptions {
    /// The options for `rules`: `first` and `card_plays` as given (`None`: the default),
    /// checked against the rules.
    ///
    /// ```
    /// use fairplay_sequence::{FullOptions, OptionsError, SequenceRules, Team, Teams};
    /// let full = SequenceRules::Full(None);
    /// let options = FullOptions::checked(full, Some(Team::RED), Some(None)).unwrap();
    /// assert_eq!((options.first, options.card_plays), (Team::RED, None));
    /// let two = SequenceRules::Full(Some(Teams::Two));
    /// let red = Some(Team::RED);
    /// assert_eq!(FullOptions::checked(two, red, None), Err(OptionsError::FirstDoesNotPlay { first: Team::RED }));
    /// assert_eq!(FullOptions::checked(SequenceRules::Contract, None, Some(Some(3))), Err(OptionsError::NotFullRules));
    /// ```
    pub fn checked(
        rules: SequenceRules,
        first: Option<Team>,
        card_plays: Option<Option<u8>>,
    ) -> Result<FullOptions, OptionsError> {
        match rules {
            SequenceRules::Contract if first.is_some() || card_plays.is_some() => {
                return Err(OptionsError::NotFullRules)
            }
            SequenceRules::Full(Some(teams)) => {
                if let Some(first) = first.filter(|&first| !teams.contains(first)) {
                    return Err(OptionsError::FirstDoesNotPlay { first });
                }
            }
            _ => {}
        }
        let default = FullOptions::default();
        Ok(FullOptions {
            first: first.unwrap_or(default.first),
            card_plays: card_plays.unwrap_or(default.card_plays),
        })
    }

    /// The full rules of `teams` with these options.
    pub fn rules(self, teams: Teams) -> FullRules {
        FullRules::new(teams)
            .with_first(self.first)
            .with_card_plays(self.card_plays)
    }

    /// The options in words for a judgement's rules (`, green first, cards unlimited`);
    /// empty for the default.
    fn words(self) -> String {
        let mut words = String::new();
        if self.first != Team::BLUE {
            words.push_str(&format!(", {} first", self.first));
        }
        match self.card_plays {
            Some(FullRules::DEFAULT_CARD_PLAYS) => {}
            Some(n) => words.push_str(&format!(", each card at most {n} times")),
            None => words.push_str(", cards unlimited"),
        }
        words
    }
}

/// Sequence with its rules chosen: judges logs and makes live referees.
///
/// ```
/// use fairplay_core::{Game, Verdict};
/// use fairplay_sequence::{Sequence, SequenceRules};
/// let game = Sequence::new(SequenceRules::Contract);
/// let judgement = game.audit(b"2\n1 2h P 2h\n2 Js R 3h\n").unwrap();
/// let Verdict::Foul(foul) = &judgement.verdict else { panic!() };
/// assert_eq!((foul.action, foul.line, foul.reason.kind), (2, 3, "nothing-to-remove"));
/// assert_eq!(game.contract(&judgement.verdict), "INVALID 2\n");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    rules: SequenceRules,
    options: FullOptions,
}

impl Sequence {
    /// The game judged by `rules` (the full rules with the default [`FullOptions`]).
    pub fn new(rules: SequenceRules) -> Sequence {
        Sequence {
            rules,
            options: FullOptions::default(),
        }
    }

    /// The same game with other options of the full rules (the contract ignores them).
    pub fn with_options(self, options: FullOptions) -> Sequence {
        Sequence { options, ..self }
    }

    /// The rules.
    pub fn rules(&self) -> SequenceRules {
        self.rules
    }

    /// The options of the full rules.
    pub fn options(&self) -> FullOptions {
        self.options
    }

    /// The judgement of a whole log, as [`audit_contract`] or [`audit_full`] decides it.
    pub fn judge(&self, log: &[u8]) -> Result<Judgement, LogError> {
        let (verdict, moves, rules) = match self.rules {
            SequenceRules::Contract => {
                let report = audit_contract(log)?;
                (report.verdict, report.moves, describe(None))
            }
            SequenceRules::Full(teams) => {
                let report = audit_full_with(log, teams, self.options)?;
                let teams = report.game.teams();
                (
                    report.verdict,
                    report.moves,
                    with_options(describe(Some(teams)), self.options),
                )
            }
        };
        Ok(Judgement::new("sequence", rules, moves, to_core(&verdict)))
    }
}

/// The rules in words, shared so that a judgement costs no allocation for them.
fn describe(teams: Option<Teams>) -> Arc<str> {
    use std::sync::OnceLock;
    static NAMES: OnceLock<[Arc<str>; 3]> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        [
            "contract".into(),
            "full, 2 teams".into(),
            "full, 3 teams".into(),
        ]
    });
    match teams {
        None => names[0].clone(),
        Some(Teams::Two) => names[1].clone(),
        Some(Teams::Three) => names[2].clone(),
    }
}

/// `rules` followed by the options' words, if they are not the default.
fn with_options(rules: Arc<str>, options: FullOptions) -> Arc<str> {
    match options.words() {
        words if words.is_empty() => rules,
        words => format!("{rules}{words}").into(),
    }
}

fn foul(turn: u64, line: usize, illegal: &IllegalMove) -> Foul {
    Foul::new(
        turn,
        line,
        fairplay_core::Reason::new(illegal.name(), illegal.to_string()),
    )
}

/// The game-neutral verdict of a Sequence verdict.
pub(crate) fn to_core(verdict: &Verdict) -> fairplay_core::Verdict {
    match verdict {
        Verdict::Valid => fairplay_core::Verdict::Fair,
        Verdict::Invalid {
            turn,
            line,
            illegal,
        } => fairplay_core::Verdict::Foul(foul(*turn, *line, illegal)),
    }
}

impl From<ParseError> for CoreError {
    fn from(error: ParseError) -> CoreError {
        CoreError::new(
            ErrorKind::Malformed,
            error.line,
            None,
            format!("expected {}, found {}", error.expected, error.found),
        )
    }
}

impl From<LogError> for CoreError {
    fn from(error: LogError) -> CoreError {
        match error {
            LogError::Parse(error) => error.into(),
            LogError::Name { line, error } => {
                CoreError::new(ErrorKind::Rule, line, None, error.to_string())
            }
        }
    }
}

impl Game for Sequence {
    fn name(&self) -> &'static str {
        "sequence"
    }

    fn rules(&self) -> Arc<str> {
        match self.rules {
            SequenceRules::Contract => describe(None),
            SequenceRules::Full(None) => with_options("full".into(), self.options),
            SequenceRules::Full(teams) => with_options(describe(teams), self.options),
        }
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn recognises(&self, line: &[u8]) -> bool {
        matches!(parse_move(line, 0), Ok(Some(_)))
    }

    fn contract(&self, verdict: &fairplay_core::Verdict) -> String {
        match verdict {
            fairplay_core::Verdict::Fair => "VALID GAME\n".to_string(),
            fairplay_core::Verdict::Foul(foul) => format!("INVALID {}\n", foul.action),
        }
    }

    fn referee(&self) -> Box<dyn fairplay_core::Referee + '_> {
        Box::new(SequenceReferee::with_options(self.rules, self.options))
    }

    fn audit(&self, log: &[u8]) -> Result<Judgement, CoreError> {
        self.judge(log).map_err(CoreError::from)
    }
}

/// A Sequence engine of either rule set.
#[derive(Clone, Debug)]
enum Engine {
    Contract(ContractGame),
    Full(Box<FullGame>, Teams),
}

/// A referee judging a Sequence game one line at a time, as a [`fairplay_core::Referee`].
/// Every move is judged: an illegal move changes nothing and the game goes on; the verdict is
/// the first illegal move. Turns must increase.
///
/// ```
/// use fairplay_core::Referee as _;
/// use fairplay_sequence::{SequenceReferee, SequenceRules};
/// let mut referee = SequenceReferee::new(SequenceRules::Contract);
/// assert!(referee.apply_line(b"1 2s P 2s", 1).unwrap().unwrap().foul.is_none());
/// let error = referee.apply_line(b"1 2s P 2s", 2).unwrap_err();
/// assert!(error.to_string().starts_with("line 2: expected a turn number above 1"));
/// let illegal = referee.apply_line(b"2 4h R 4h", 3).unwrap().unwrap();
/// assert_eq!(illegal.foul.unwrap().reason.kind, "cannot-remove");
/// ```
#[derive(Clone, Debug)]
pub struct SequenceReferee {
    engine: Engine,
    turns: TurnOrder,
    /// The count line's number of moves, in a whole-log audit: turns run from 1 to it.
    declared: Option<u64>,
    moves: usize,
    /// Move lines read, judged or not (after a foul lines are only read).
    read: u64,
    verdict: fairplay_core::Verdict,
    /// The first illegal move as the engine gives it: its turn, line and why.
    first_illegal: Option<(u64, usize, IllegalMove)>,
    /// The first illegal move as written, for its explanation.
    illegal_raw: Option<RawMove>,
    /// By the full rules: the turn numbers of the legal moves (by ordinal) that the marking
    /// notes of an explanation name, kept as the log streams (a few per sequence made).
    named_turns: Vec<(usize, u64)>,
    /// A whole log by the full rules with no team count: three teams if any move names red,
    /// else two (as [`infer_teams`](crate::infer_teams) says). Read as a stream, the log is
    /// judged as a two-team game and, in step, by this three-team referee, which takes over
    /// at the first move naming red.
    three_teams: Option<Box<SequenceReferee>>,
    /// Whether the teams were given or are told from the log (in the rules' description).
    teams_told: bool,
    options: FullOptions,
}

impl SequenceReferee {
    /// A referee at the start of a game judged by `rules` (full rules without teams: two).
    pub fn new(rules: SequenceRules) -> SequenceReferee {
        SequenceReferee::with_options(rules, FullOptions::default())
    }

    /// A referee judged by `rules` with `options` for the full rules (without teams: two, or
    /// three if red plays first; a first team that does not play is taken as blue).
    pub fn with_options(rules: SequenceRules, options: FullOptions) -> SequenceReferee {
        let engine = match rules {
            SequenceRules::Contract => Engine::Contract(ContractGame::new()),
            SequenceRules::Full(teams) => {
                let teams = teams.unwrap_or(match options.first {
                    Team::RED => Teams::Three,
                    _ => Teams::Two,
                });
                let first = if teams.contains(options.first) {
                    options.first
                } else {
                    Team::BLUE
                };
                let options = FullOptions { first, ..options };
                Engine::Full(Box::new(FullGame::with_rules(options.rules(teams))), teams)
            }
        };
        SequenceReferee {
            engine,
            turns: TurnOrder::default(),
            declared: None,
            moves: 0,
            read: 0,
            verdict: fairplay_core::Verdict::Fair,
            first_illegal: None,
            illegal_raw: None,
            named_turns: Vec::new(),
            three_teams: None,
            teams_told: rules == SequenceRules::Full(None),
            options,
        }
    }

    /// Takes the three-team game over if `line` names red (a two-team game has no red).
    fn settle_teams(&mut self, line: &[u8], number: usize) {
        if self.three_teams.is_some()
            && matches!(parse_move(line, number), Ok(Some(raw)) if raw.team == Some(Team::RED))
        {
            if let Some(three) = self.three_teams.take() {
                *self = *three;
            }
        }
    }

    /// Checks what was written against the board, then judges the move. The outer error is a
    /// line that names something the game lacks (not applied); the inner one an illegal move.
    fn play(&mut self, raw: &RawMove) -> Result<Result<Option<String>, IllegalMove>, NameError> {
        let board = Board::standard();
        match &mut self.engine {
            Engine::Contract(game) => {
                let mv = board.contract_move(raw)?;
                Ok(game.feed(mv).map(|_| None))
            }
            Engine::Full(game, teams) => {
                let mv = board.full_move(raw, *teams)?;
                let before = game.winner();
                let named_turns = &mut self.named_turns;
                Ok(game.feed(mv).map(|game| {
                    name_turn(named_turns, game, raw.turn);
                    match game.winner() {
                        Some(team) if before.is_none() => Some(format!("{team} wins")),
                        _ => None,
                    }
                }))
            }
        }
    }
}

impl SequenceReferee {
    /// By the full rules: the report of the game so far as [`audit_full_with`] gives it for
    /// a whole log of `moves` moves (the board before the first illegal move, if any), once
    /// a whole-log audit has read the log through this referee. `None` by the contract rules.
    ///
    /// [`audit_full_with`]: crate::audit_full_with
    ///
    /// ```
    /// use fairplay_core::{audit_reader_with, Game};
    /// use fairplay_sequence::{audit_full, Sequence, SequenceReferee, SequenceRules};
    /// let log = b"3\n1 5s P E1 blue\n2 5s P D9 green\n3 5s P E1 blue\n";
    /// let game = Sequence::new(SequenceRules::Full(None));
    /// let mut referee = SequenceReferee::new(SequenceRules::Full(None));
    /// let judged = audit_reader_with(&game, &mut referee, &log[..], 4096).unwrap();
    /// let streamed = referee.full_report(judged.actions).unwrap();
    /// assert_eq!(streamed, audit_full(log, None).unwrap());
    /// ```
    pub fn full_report(&self, moves: usize) -> Option<crate::FullReport> {
        let Engine::Full(game, _) = &self.engine else {
            return None;
        };
        let verdict = match &self.first_illegal {
            None => Verdict::Valid,
            Some((turn, line, illegal)) => Verdict::Invalid {
                turn: *turn,
                line: *line,
                illegal: *illegal,
            },
        };
        Some(crate::FullReport {
            verdict,
            moves,
            game: (**game).clone(),
        })
    }

    /// What an explanation needs of the game once a whole-log audit has read the log through
    /// this referee: the board (before the first illegal move, if any), that move as written
    /// with why it is illegal, and the turn numbers the marking notes name.
    pub(crate) fn explained(&self) -> Explained<'_> {
        Explained {
            board: match &self.engine {
                Engine::Contract(game) => crate::explain::BoardView::Contract(game.clone()),
                Engine::Full(game, _) => crate::explain::BoardView::Full(game.clone()),
            },
            illegal: self.first_illegal.zip(self.illegal_raw),
            named_turns: &self.named_turns,
        }
    }

    /// The three-team game that may take over judges `line` in step, as a whole-log audit
    /// would: every move until its own first illegal one, then only reading (a line without
    /// red names nothing the two games disagree on).
    fn step_three_teams(&mut self, line: &[u8], number: usize) {
        use fairplay_core::Referee as _;
        if let Some(three) = &mut self.three_teams {
            let _ = match three.verdict {
                fairplay_core::Verdict::Fair => three.apply_line(line, number).map(|_| true),
                _ => three.read_line(line, number),
            };
        }
    }

    /// A move line read and checked for what the notation requires: turns within the count
    /// (in a whole log) and increasing.
    fn read_move(&mut self, line: &[u8], number: usize) -> Result<Option<RawMove>, CoreError> {
        let Some(raw) = parse_move(line, number)? else {
            return Ok(None);
        };
        self.read += 1;
        if let Some(declared) = self.declared {
            check_turn_range(raw.turn, declared, number)?;
        }
        self.turns.check(raw.turn, number)?;
        Ok(Some(raw))
    }
}

/// What [`SequenceReferee::explained`] gives.
pub(crate) struct Explained<'a> {
    pub board: crate::explain::BoardView,
    pub illegal: Option<((u64, usize, IllegalMove), RawMove)>,
    pub named_turns: &'a [(usize, u64)],
}

/// Keeps the turn number of the legal move `game` has just played if its marking choices or a
/// team's markings name it (by ordinal), dropping those no longer named.
fn name_turn(named: &mut Vec<(usize, u64)>, game: &FullGame, turn: u64) {
    let ordinal = game.moves();
    let is_named = |o: usize| {
        game.teams()
            .all()
            .any(|team| game.markings_made_by(team) == o)
            || game
                .choices()
                .iter()
                .any(|c| c.made_by == o || c.rests == o)
    };
    if is_named(ordinal) {
        named.retain(|&(o, _)| is_named(o));
        named.push((ordinal, turn));
    }
}

impl fairplay_core::Referee for SequenceReferee {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, CoreError> {
        self.settle_teams(line, number);
        let Some(raw) = self.read_move(line, number)? else {
            return Ok(None);
        };
        self.step_three_teams(line, number);
        let judged = self
            .play(&raw)
            .map_err(|error| CoreError::new(ErrorKind::Rule, number, None, error.to_string()))?;
        self.turns.accept(raw.turn);
        self.moves += 1;
        Ok(Some(match judged {
            Ok(note) => {
                let step = Step::new(raw.turn, number, None);
                match note {
                    Some(note) => step.with_note(note),
                    None => step,
                }
            }
            Err(illegal) => {
                let foul = foul(raw.turn, number, &illegal);
                if self.verdict == fairplay_core::Verdict::Fair {
                    self.verdict = fairplay_core::Verdict::Foul(foul.clone());
                    self.first_illegal = Some((raw.turn, number, illegal));
                    self.illegal_raw = Some(raw);
                }
                Step::new(raw.turn, number, Some(foul))
            }
        }))
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, CoreError> {
        if self.declared.is_some_and(|declared| self.read >= declared) {
            // A move past the count is one too many, whatever its turn says: a whole-log audit
            // reports that, as `LogReader` does, before the turn is checked.
            return Ok(parse_move(line, number)?.is_some());
        }
        self.settle_teams(line, number);
        let Some(raw) = self.read_move(line, number)? else {
            return Ok(false);
        };
        self.step_three_teams(line, number);
        // What was written must still name the board's cards and squares, as in a whole log.
        let board = Board::standard();
        let named = match &self.engine {
            Engine::Contract(_) => board.contract_move(&raw).map(|_| ()),
            Engine::Full(_, teams) => board.full_move(&raw, *teams).map(|_| ()),
        };
        named.map_err(|error| CoreError::new(ErrorKind::Rule, number, None, error.to_string()))?;
        self.turns.accept(raw.turn);
        Ok(true)
    }

    fn expect(&mut self, actions: u64) {
        self.declared = Some(actions);
        if self.teams_told && self.moves == 0 {
            let mut three = SequenceReferee::with_options(
                SequenceRules::Full(Some(Teams::Three)),
                self.options,
            );
            three.declared = Some(actions);
            three.teams_told = true;
            self.three_teams = Some(Box::new(three));
        }
    }

    fn rules(&self) -> Option<Arc<str>> {
        match &self.engine {
            Engine::Full(_, teams) if self.teams_told => {
                Some(with_options(describe(Some(*teams)), self.options))
            }
            _ => None,
        }
    }

    fn actions(&self) -> usize {
        self.moves
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        &self.verdict
    }
}

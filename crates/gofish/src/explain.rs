//! Explanations of a verdict: a minimal proof, the suspects, a possible deal with the stock's
//! order, and what a watcher knows (the range of every count). Each is computed with the same
//! referee, never by a second set of rules: the knowledge as the log is judged (a
//! [`KnowledgeWatch`] keeps the state asked for), the other parts by judging the log again.

use fairplay_core::LogError;
use fairplay_text::Lines;

use crate::action::Action;
use crate::game::rule_error;
use crate::notation::parse_action;
use crate::referee::{Claim, Drawn};
use crate::rules::{Player, Rank, Rules};
use crate::{Contradiction, KnowledgeWatch, Referee, Seat, Trust, Verdict};

/// What to explain besides the verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Questions {
    /// A minimal set of actions whose claims cannot all be true (a foul only).
    pub proof: bool,
    /// The players who alone could be the cheater (a foul only).
    pub suspects: bool,
    /// A deal, with the stock's order, that makes every action honest (before the foul, if
    /// there is one).
    pub deal: bool,
    /// The range of every count: after the log (before the foul), or after action `at`.
    pub knowledge: bool,
    /// With `knowledge`: after this action instead.
    pub at: Option<usize>,
}

/// One action of a proof: its claims, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct ProofStep {
    /// The 1-based action.
    pub action: usize,
    /// Its line.
    pub line: usize,
    /// The action as written.
    pub text: String,
    /// What it claims about hidden cards, in plain words.
    pub claims: Vec<String>,
    /// The same claims, in order, each as its kind and parameters (for programs and
    /// translations; `claims` holds their words).
    pub details: Vec<Claim>,
}

/// A deal that makes every action of a log (or of its part before the foul) honest.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct PossibleDeal {
    /// The actions it makes honest: 1 to this one.
    pub fits: usize,
    /// Each player's dealt hand, player 1 first, ranks in order.
    pub hands: Vec<Vec<String>>,
    /// The stock from the top: the cards drawn, in order, then the cards never drawn.
    pub stock: Vec<String>,
}

/// The range of one count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Range {
    /// The rank.
    pub rank: &'static str,
    /// The fewest cards of it in any deal that fits.
    pub min: u8,
    /// The most.
    pub max: u8,
}

/// What a watcher knows about one hand, or the stock.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Holding {
    /// The player, or `None` for the stock.
    pub player: Option<u32>,
    /// Cards held.
    pub cards: usize,
    /// The range of each rank not booked.
    pub ranks: Vec<Range>,
}

/// What a watcher knows after an action: the range of every count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Knowledge {
    /// After this action (0: before the first).
    pub after: usize,
    /// The ranks whose books are laid.
    pub booked: Vec<String>,
    /// Each player's hand, player 1 first.
    pub hands: Vec<Holding>,
    /// The stock.
    pub stock: Holding,
}

/// What a player knows besides the log, and when they and a watcher are certain of cheating.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct SeatView {
    /// The player.
    pub player: Player,
    /// Their dealt hand, ranks in order.
    pub hand: Vec<Rank>,
    /// The ranks of the cards they drew unseen, in order (as many as given).
    pub draws: Vec<Rank>,
    /// The first action after which a watcher is certain of cheating, if any.
    pub watcher_since: Option<usize>,
    /// The first action after which this player is certain, if any.
    pub seat_since: Option<usize>,
}

/// A verdict with the explanations asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The rules.
    pub rules: Rules,
    /// Actions in the log.
    pub actions: usize,
    /// The verdict.
    pub verdict: Verdict,
    /// Why, for a foul.
    pub contradiction: Option<Contradiction>,
    /// A minimal proof.
    pub proof: Option<Vec<ProofStep>>,
    /// The players who alone could have cheated.
    pub suspects: Option<Vec<Player>>,
    /// A possible deal.
    pub deal: Option<PossibleDeal>,
    /// What a watcher knows (the seat, with [`explain_seat`]).
    pub knowledge: Option<Knowledge>,
    /// With [`explain_seat`]: whose view every part is, and when a watcher is certain.
    pub seat: Option<SeatView>,
}

/// A log read and judged: its actions up to the foul (all of them if none), with lines and
/// the claims each made.
struct Judged {
    actions: Vec<(Action, usize)>,
    /// Per action: the players whose claims a proof considers there (a bit per player).
    claimants: Vec<u16>,
    total: usize,
    contradiction: Option<Contradiction>,
    /// The knowledge asked, watched as the log was judged.
    knowledge: Option<Knowledge>,
}

/// A referee at the start, judging as `seat` knows the game if given, believing what `trust`
/// trusts if given.
fn start(rules: &Rules, seat: Option<&Seat>, trust: Option<&Trust>) -> Referee {
    let mut referee = match seat {
        Some(seat) => Referee::seated(*rules, seat),
        None => Referee::new(*rules),
    };
    if let Some(trust) = trust {
        referee.set_trust(trust.clone());
    }
    referee
}

/// Reads and judges `log`, with the knowledge `questions` ask watched on the way.
fn read(
    log: &[u8],
    rules: &Rules,
    seat: Option<&Seat>,
    questions: &Questions,
) -> Result<Judged, LogError> {
    let mut referee = start(rules, seat, None);
    let mut watch = questions
        .knowledge
        .then(|| KnowledgeWatch::new(&referee, questions.at));
    let mut lines = Lines::new(log);
    let mut judged = Judged {
        actions: Vec::new(),
        claimants: Vec::new(),
        total: 0,
        contradiction: None,
        knowledge: None,
    };
    // Only books so far.
    let mut opening = true;
    while let Some(line) = lines.next_line() {
        let number = lines.number();
        if judged.contradiction.is_some() {
            judged.total += usize::from(!line.trim_ascii().is_empty());
            continue;
        }
        let Some(raw) = parse_action(line, number)? else {
            continue;
        };
        judged.total += 1;
        let action = rules
            .check(raw)
            .map_err(|e| rule_error(e.into(), number, judged.total))?;
        // Besides the claims this action makes believing everyone, any player holding four
        // cards or more may claim here to hold no four, when an earlier claim of it was not
        // believed (books laid before any other action claim nothing).
        let mut claimants = 0u16;
        opening &= matches!(action, Action::Book { .. });
        if !opening {
            for p in rules.all_players() {
                if referee.hand_size(p) >= crate::CARDS_PER_RANK {
                    claimants |= 1 << p.index();
                }
            }
        }
        referee
            .apply(action)
            .map_err(|e| rule_error(e, number, judged.total))?;
        judged.actions.push((action, number));
        for claim in referee.last_claims() {
            claimants |= 1 << claim.player().index();
        }
        judged.claimants.push(claimants);
        judged.contradiction = referee.contradiction();
        if let Some(watch) = &mut watch {
            watch.judged(&referee, raw);
        }
    }
    judged.knowledge = watch.map(|watch| watch.knowledge(&referee));
    Ok(judged)
}

/// The referee after `actions`, as `seat` knows the game if given, believing what `trust`
/// trusts.
fn replay(
    rules: &Rules,
    seat: Option<&Seat>,
    actions: &[(Action, usize)],
    trust: Option<&Trust>,
) -> Referee {
    let mut referee = start(rules, seat, trust);
    for &(action, _) in actions {
        // Each action was legal when the log was read; the same table accepts it again.
        if referee.apply(action).is_err() || referee.contradiction().is_some() {
            break;
        }
    }
    referee
}

/// Judges `log` and explains the verdict as `questions` ask.
///
/// ```
/// use fairplay_gofish::explain::{explain, Questions};
/// use fairplay_gofish::{FishTurn, Rules};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let questions = Questions { proof: true, suspects: true, ..Questions::default() };
/// let e = explain(b"1 A 2 A fish\n1 D\n2 A 1 A 1\n", &rules, &questions).unwrap();
/// let proof = e.proof.unwrap();
/// assert_eq!(proof.iter().map(|s| s.action).collect::<Vec<_>>(), [1, 3]);
/// assert_eq!(e.suspects.unwrap().iter().map(|p| p.number()).collect::<Vec<_>>(), [2]);
/// ```
pub fn explain(log: &[u8], rules: &Rules, questions: &Questions) -> Result<Explanation, LogError> {
    explain_from(log, rules, None, questions)
}

/// [`explain`] as the player of `seat` knows the game: what everybody saw, plus their dealt
/// hand and their unseen draws, never doubted ([`Referee::seated`]). The verdict, the proof
/// (claims that cannot all be true given what everybody saw and what the seat knows), the
/// suspects, the deal (which gives the seat its hand and draws) and the knowledge are the
/// seat's; [`Explanation::seat`] says when a watcher is certain beside it.
///
/// ```
/// use fairplay_gofish::explain::{explain_seat, Questions};
/// use fairplay_gofish::{FishTurn, Rules, Seat, Verdict};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let log = b"1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n1 A 2 A fish\n";
/// let seat = Seat::new(&rules, 2, &["2", "2", "3"], &["A"]).unwrap();
/// let questions = Questions { proof: true, suspects: true, ..Questions::default() };
/// let e = explain_seat(log, &rules, &seat, &questions).unwrap();
/// assert_eq!(e.verdict, Verdict::Cheated { since: 6 });
/// // Player 2 drew an A at action 4 and says "Go fish" to A at action 6.
/// assert_eq!(e.proof.unwrap().iter().map(|s| s.action).collect::<Vec<_>>(), [6]);
/// let view = e.seat.unwrap();
/// assert_eq!((view.watcher_since, view.seat_since), (None, Some(6)));
/// ```
pub fn explain_seat(
    log: &[u8],
    rules: &Rules,
    seat: &Seat,
    questions: &Questions,
) -> Result<Explanation, LogError> {
    let watcher = crate::judge(log, rules)?.verdict();
    let mut explanation = explain_from(log, rules, Some(seat), questions)?;
    explanation.seat = Some(SeatView::new(seat, watcher, explanation.verdict));
    Ok(explanation)
}

impl SeatView {
    /// The view of `seat`, whose verdict is `verdict`, beside a watcher's verdict `watcher`.
    pub fn new(seat: &Seat, watcher: Verdict, verdict: Verdict) -> SeatView {
        let since = |verdict: Verdict| match verdict {
            Verdict::Honest => None,
            Verdict::Cheated { since } => Some(since),
        };
        SeatView {
            player: seat.player(),
            hand: seat.hand(),
            draws: seat.draws().to_vec(),
            watcher_since: since(watcher),
            seat_since: since(verdict),
        }
    }
}

fn explain_from(
    log: &[u8],
    rules: &Rules,
    seat: Option<&Seat>,
    questions: &Questions,
) -> Result<Explanation, LogError> {
    if !(questions.proof || questions.suspects || questions.deal) {
        // Nothing needs the history: judged as fast as a verdict alone, the knowledge
        // watched on the way.
        let (report, knowledge) = match (questions.knowledge, seat) {
            (true, _) => {
                let (report, knowledge) = crate::judge_knowing(log, rules, seat, questions.at)?;
                (report, Some(knowledge))
            }
            (false, Some(seat)) => (crate::judge_seat(log, rules, seat)?, None),
            (false, None) => (crate::judge(log, rules)?, None),
        };
        let contradiction = report.cheating.map(|(c, _)| c);
        let mut explanation = Explanation::of_verdict(*rules, report.actions, contradiction);
        explanation.knowledge = knowledge;
        return Ok(explanation);
    }
    let judged = read(log, rules, seat, questions)?;
    let verdict = match judged.contradiction {
        None => Verdict::Honest,
        Some(c) => Verdict::Cheated { since: c.action },
    };
    let mut explanation = Explanation {
        rules: *rules,
        actions: judged.total,
        verdict,
        contradiction: judged.contradiction,
        proof: None,
        suspects: None,
        deal: None,
        knowledge: None,
        seat: None,
    };
    // The actions every deal still fits.
    let fitting = match verdict {
        Verdict::Honest => judged.actions.len(),
        Verdict::Cheated { since } => since - 1,
    };
    if let (Verdict::Cheated { .. }, true) = (verdict, questions.proof) {
        explanation.proof = Some(proof(rules, seat, &judged));
    }
    if let (Verdict::Cheated { .. }, true) = (verdict, questions.suspects) {
        let suspects = rules
            .all_players()
            .filter(|&p| {
                let mut trust = Trust::everyone();
                trust.distrust_player(p);
                replay(rules, seat, &judged.actions, Some(&trust)).verdict() == Verdict::Honest
            })
            .collect();
        explanation.suspects = Some(suspects);
    }
    if questions.deal {
        let referee = replay(rules, seat, &judged.actions[..fitting], None);
        explanation.deal = Some(deal(rules, &referee, fitting));
    }
    explanation.knowledge = judged.knowledge;
    Ok(explanation)
}

/// A minimal set of claims that cannot all be true: set aside each player's claims at each
/// action in turn, and keep them aside whenever the rest still admit no deal. Each set aside
/// leaves fewer claims, so one kept was needed then and is needed still: the set is minimal.
/// The claim of holding no four is placed as the rules place it: at every action while the
/// four would be held, so setting it aside at one action leaves it at the next ([`Trust`]).
fn proof(rules: &Rules, seat: Option<&Seat>, judged: &Judged) -> Vec<ProofStep> {
    let actions = &judged.actions;
    // Whether no deal fits believing `trust`, from the referee `before` at action `from`.
    let contradicted = |before: &Referee, trust: &Trust, from: usize| {
        let mut referee = before.clone();
        referee.set_trust(trust.clone());
        for &(written, _) in &actions[from..] {
            // Each action was legal when the log was read; the same table accepts it again.
            if referee.apply(written).is_err() || referee.contradiction().is_some() {
                break;
            }
        }
        referee.verdict() != Verdict::Honest
    };
    let mut trust = Trust::everyone();
    // The referee before the actions whose claims are weighed: what is set aside earlier is
    // settled, so each question replays the log from there on only.
    let mut before = start(rules, seat, Some(&trust));
    // Every claim of a run of actions at once first (most actions are not in the proof), the
    // run twice as long after each success: whatever a run sets aside, the claims one by one
    // would set aside too, so the proof is the same, found with fewer replays.
    let (mut i, mut run) = (0, 1);
    while i < judged.claimants.len() {
        let end = (i + run).min(judged.claimants.len());
        let mut fewer = trust.clone();
        for action in i + 1..=end {
            fewer.distrust_action(action);
        }
        let (from, to) = if contradicted(&before, &fewer, i) {
            trust = fewer;
            run *= 2;
            (i, end)
        } else if run > 1 {
            run = 1;
            continue;
        } else {
            let action = i + 1;
            for player in rules.all_players() {
                if judged.claimants[i] & (1 << player.index()) == 0 {
                    continue;
                }
                trust.distrust_claims(action, player);
                if !contradicted(&before, &trust, i) {
                    trust.trust_claims(action, player);
                }
            }
            (i, i + 1)
        };
        before.set_trust(trust.clone());
        for &(written, _) in &actions[from..to] {
            let _ = before.apply(written);
        }
        i = to;
    }
    // The claims kept, in words, as a referee believing only them makes them.
    let mut referee = start(rules, seat, Some(&trust));
    let mut steps = Vec::new();
    for (i, &(written, line)) in judged.actions.iter().enumerate() {
        let action = i + 1;
        if referee.apply(written).is_err() {
            break;
        }
        let kept: Vec<Claim> = referee
            .last_claims()
            .iter()
            .filter(|c| trust.trusts(action, c.player()))
            .copied()
            .collect();
        if !kept.is_empty() {
            steps.push(ProofStep {
                action,
                line,
                text: written.to_string(),
                claims: kept.iter().map(ToString::to_string).collect(),
                details: kept,
            });
        }
        if referee.contradiction().is_some() {
            break;
        }
    }
    steps
}

fn deal(rules: &Rules, referee: &Referee, fits: usize) -> PossibleDeal {
    let (dealt, hidden) = referee.deal_model().witness();
    let hands = dealt
        .iter()
        .map(|counts| {
            counts
                .iter()
                .enumerate()
                .flat_map(|(r, &n)| std::iter::repeat_n(crate::rules::RANK_NAMES[r], n.into()))
                .map(String::from)
                .collect()
        })
        .collect();
    let mut hidden = hidden.into_iter();
    let mut stock: Vec<String> = referee
        .drawn()
        .iter()
        .map(|drawn| match *drawn {
            Drawn::Shown(rank) => rank.name().to_string(),
            Drawn::Hidden(_) => {
                let rank = hidden.next().map_or(0, |(_, r)| r);
                crate::rules::RANK_NAMES[rank].to_string()
            }
        })
        .collect();
    for (r, &n) in referee.deal_model().stock_left().iter().enumerate() {
        for _ in 0..n {
            stock.push(crate::rules::RANK_NAMES[r].to_string());
        }
    }
    debug_assert_eq!(stock.len(), rules.stock());
    PossibleDeal { fits, hands, stock }
}

/// What a watcher knows from `referee`'s state after `after` actions: the range of every count
/// of a rank not booked, from the deal model.
pub(crate) fn knowledge(rules: &Rules, referee: &Referee, after: usize) -> Knowledge {
    let open: Vec<Rank> = rules
        .all_ranks()
        .filter(|&r| !referee.is_booked(r))
        .collect();
    let wanted = open.iter().fold(0u16, |bits, r| bits | 1 << r.index());
    // Every count's range at once: the players' in order, then the stock's.
    let ranges = referee.deal_model().ranges(wanted);
    let ranks = rules.ranks();
    let hands = rules
        .all_players()
        .map(|p| Holding {
            player: Some(p.number()),
            cards: referee.hand_size(p),
            ranks: open
                .iter()
                .map(|&r| {
                    let (lo, hi) = ranges[p.index() * ranks + r.index()];
                    let seen = referee.seen(p, r);
                    let count = |x: u8| (i32::from(x) + seen).clamp(0, 4) as u8;
                    Range {
                        rank: r.name(),
                        min: count(lo),
                        max: count(hi),
                    }
                })
                .collect(),
        })
        .collect();
    let stock = Holding {
        player: None,
        cards: referee.stock_size(),
        ranks: open
            .iter()
            .map(|&r| {
                let (min, max) = ranges[rules.players() * ranks + r.index()];
                Range {
                    rank: r.name(),
                    min,
                    max,
                }
            })
            .collect(),
    };
    Knowledge {
        after,
        booked: rules
            .all_ranks()
            .filter(|&r| referee.is_booked(r))
            .map(|r| r.name().to_string())
            .collect(),
        hands,
        stock,
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Claim::Holds { player, rank } => {
                write!(f, "player {player} holds a card of rank {rank}")
            }
            Claim::Exactly {
                player,
                rank,
                cards: 0,
            } => write!(f, "player {player} holds no card of rank {rank}"),
            Claim::Exactly {
                player,
                rank,
                cards,
            } => write!(
                f,
                "player {player} held no more than the {cards} of rank {rank} handed over"
            ),
            Claim::NotDrawn { player, rank } => write!(
                f,
                "the card player {player} drew unseen is not of rank {rank}"
            ),
            Claim::NoFour {
                player,
                dealt: true,
            } => write!(
                f,
                "player {player} was not dealt four of a rank (no book was laid)"
            ),
            Claim::NoFour { player, .. } => write!(
                f,
                "player {player} holds no four of a rank (no book was laid at once)"
            ),
        }
    }
}

//! What a watcher knows: where each card may be, and which sets each player certainly holds.

use super::log::Log;
use super::ExplainError;
use crate::notation::RawAction;
use crate::referee::{Place, Referee};
use crate::rules::{Card, Player, SetId};

/// What a watcher knows about one card still in play.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct CardKnowledge {
    /// The card.
    pub card: Card,
    /// Whether it has moved (then everybody saw where it is).
    pub moved: bool,
    /// The players who possibly hold it, in order; exactly one when it is certain.
    pub possible: Vec<Player>,
}

impl CardKnowledge {
    /// The player who certainly holds the card, if only one may.
    pub fn holder(&self) -> Option<Player> {
        match self.possible[..] {
            [only] => Some(only),
            _ => None,
        }
    }
}

/// What a watcher knows about one player.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct PlayerKnowledge {
    /// The player.
    pub player: Player,
    /// How many cards they hold.
    pub cards: u32,
    /// The sets they certainly hold a card of.
    pub sets: Vec<SetId>,
}

/// What a watcher knows after some action.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Knowledge {
    /// After this many actions.
    pub after: usize,
    /// Every card still in play, in deck order.
    pub cards: Vec<CardKnowledge>,
    /// Every player.
    pub players: Vec<PlayerKnowledge>,
}

impl Log {
    pub(super) fn knowledge(&self, after: usize) -> Knowledge {
        knowledge_of(&self.state_after(after), after)
    }
}

/// What `referee`, which has judged the first `after` actions of a log, knows.
pub(super) fn knowledge_of(referee: &Referee, after: usize) -> Knowledge {
    let rules = referee.rules();
    // One pass for every card and player; nobody is possible once cheating is certain.
    let table = referee.knowledge_table();
    let possible = |index: usize| table.as_ref().map_or(0, |t| t.possible[index]);
    let certain = |set: SetId| table.as_ref().map_or(0, |t| t.certain[set.index()]);
    let players_in = |mask: u16| {
        rules
            .all_players()
            .filter(move |p| mask & (1 << p.index()) != 0)
    };
    let cards = rules
        .all_cards()
        .filter_map(|card| match referee.place(card) {
            Place::Out => None,
            Place::Hand(p) => Some(CardKnowledge {
                card,
                moved: true,
                possible: vec![p],
            }),
            Place::Unmoved => Some(CardKnowledge {
                card,
                moved: false,
                possible: players_in(possible(rules.card_index(card))).collect(),
            }),
        })
        .collect();
    let live_sets: Vec<SetId> = (0..rules.sets() as u32)
        .map(SetId)
        .filter(|&s| rules.cards_of(s).any(|c| referee.place(c) != Place::Out))
        .collect();
    let players = rules
        .all_players()
        .map(|player| PlayerKnowledge {
            player,
            cards: referee.card_count(player),
            sets: live_sets
                .iter()
                .copied()
                .filter(|&s| certain(s) & (1 << player.index()) != 0)
                .collect(),
        })
        .collect();
    Knowledge {
        after,
        cards,
        players,
    }
}

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

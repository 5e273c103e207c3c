//! Explaining a verdict: the proof, the suspects, a possible deal and what a watcher knows.
//!
//! [`explain`] judges a log like [`audit`](crate::audit) and answers the questions asked in
//! [`Questions`]; the answer is one [`Explanation`], which printers (text, JSON) render. Nothing
//! here is a heuristic: every part is decided by re-running the exact [`Referee`] with some
//! claims no longer believed ([`Trust`]) or by asking its deal model.
//!
//! * **Claims** are what cheating can falsify: an ask ("I hold a card of this set", which says
//!   something only when no card of the set is seen in the asker's hand) and a denial ("I do
//!   not hold this card", which says something only about a card that has not moved or that is
//!   seen in the denier's hand). What everybody saw (cards handed over, sets laid aside) is
//!   never in doubt.
//! * **The proof** is a set of actions whose claims cannot all be true, given what everybody
//!   saw up to the contradiction, and that is *minimal*: believe the claims of all but any one of
//!   them and some deal fits. It is found by QuickXplain over the actions, then narrowed to the
//!   claims of those actions that matter (also minimal). Its [`Why`] comes from the engine's
//!   certificate: a direct contradiction, or a group of cards and hand slots violating Hall's
//!   condition.
//! * **Suspects** are the players who could be the only cheater: believing none of their asks
//!   and denials makes the whole log fit some deal; and the fewest players who must have cheated.
//! * **Knowledge** is exact: a never-moved card may be with a player exactly when the deal model
//!   stays feasible once the card is pinned to them.

use crate::action::Action;
use crate::deal::Failure;
use crate::notation::LogReader;
use crate::referee::{Contradiction, Place, Reason, Referee, RuleError, Trust, Verdict};
use crate::rules::{Card, Player, Rules, SetId};
use crate::LogError;

/// What [`explain`] should work out besides the verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Questions {
    /// The proof, when cheating is certain.
    pub proof: bool,
    /// The suspects, when cheating is certain.
    pub suspects: bool,
    /// A deal that makes every action honest, when there is one.
    pub deal: bool,
    /// What a watcher knows about the cards.
    pub knowledge: bool,
    /// Knowledge after this action (1-based) instead of after the last consistent one.
    pub at: Option<usize>,
}

/// Who claimed what: the part of an action that may be a lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ClaimKind {
    /// The asker claims to hold a card of the asked card's set (none is seen in their hand).
    Ask,
    /// The asked player claims not to hold the card.
    Denial,
}

/// One claim of one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Claim {
    /// The 1-based action number.
    pub action: usize,
    /// Ask or denial.
    pub kind: ClaimKind,
    /// The player who claims: the asker of an ask, the asked player of a denial.
    pub player: Player,
    /// The card asked for.
    pub card: Card,
}

/// A player needed a card of a set: they asked for one holding none in sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    /// Who asked.
    pub player: Player,
    /// The set.
    pub set: SetId,
    /// The action of the ask.
    pub action: usize,
}

/// Room in a player's hand for never-moved cards other than those their needs take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// The player.
    pub player: Player,
    /// How many such cards the player holds.
    pub cards: u32,
}

/// A card that was dealt to a player, as everybody saw: it left their hand before it had ever
/// moved (handed over, or laid aside in a set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The card.
    pub card: Card,
    /// Who was dealt it.
    pub player: Player,
    /// The action at which it first moved.
    pub action: usize,
}

/// A denial that rules out a card for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Denied {
    /// The card.
    pub card: Card,
    /// Who denied it.
    pub player: Player,
    /// The action of the denial.
    pub action: usize,
}

/// Why the claims of a proof cannot all be true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Physically impossible: `giver` handed over `card`, which everybody saw go to `holder` at
    /// action `received_at`.
    HandedOverFromElsewhere {
        /// The card.
        card: Card,
        /// Who handed it over.
        giver: Player,
        /// Who holds it as everybody saw.
        holder: Player,
        /// When it went to `holder`.
        received_at: usize,
    },
    /// Physically impossible: `player` laid aside a set with `card`, which is in `holder`'s
    /// hand since action `received_at`.
    LaidAsideFromElsewhere {
        /// The card.
        card: Card,
        /// Who laid the set aside.
        player: Player,
        /// Who holds the card as everybody saw.
        holder: Player,
        /// When it went to `holder`.
        received_at: usize,
    },
    /// `player` denied `card`, which they received at action `received_at` and still hold.
    DeniedCardInHand {
        /// The card.
        card: Card,
        /// Who denied it.
        player: Player,
        /// When it went to them.
        received_at: usize,
    },
    /// A player denied a never-moved card that later turned out to have been dealt to them.
    DeniedThenShown {
        /// The denial.
        denied: Denied,
        /// How the card turned out to be theirs.
        shown: Shown,
    },
    /// A player has fewer never-moved cards left than sets they needed a card of (or gave away
    /// more never-moved cards than they were dealt).
    Overfull {
        /// The player.
        player: Player,
        /// Cards they were dealt.
        dealt: u32,
        /// Their dealt cards that have moved.
        shown: Vec<Shown>,
        /// Their needs.
        needs: Vec<Need>,
    },
    /// Hall's condition fails on the hand side: these needs and rooms must be filled by more
    /// never-moved cards than can go there (`available`); the other cards are ruled out because
    /// they were dealt elsewhere (`shown`) or denied (`denied`).
    Shortage {
        /// Needs to fill.
        needs: Vec<Need>,
        /// Rooms to fill.
        rooms: Vec<Room>,
        /// The only never-moved cards that may fill them.
        available: Vec<Card>,
        /// Cards of the needed sets dealt to other players.
        shown: Vec<Shown>,
        /// Denials that rule cards out.
        denied: Vec<Denied>,
    },
    /// Hall's condition fails on the card side: these never-moved cards must be somewhere, but
    /// the needs and rooms they may go to take fewer.
    Surplus {
        /// The cards.
        cards: Vec<Card>,
        /// Denials that keep them from other players.
        denied: Vec<Denied>,
        /// The needs they may fill.
        needs: Vec<Need>,
        /// The rooms they may fill.
        rooms: Vec<Room>,
    },
}

impl Why {
    /// Whether no claim is involved: what everybody saw is impossible by itself.
    pub fn is_physical(&self) -> bool {
        matches!(
            self,
            Why::HandedOverFromElsewhere { .. } | Why::LaidAsideFromElsewhere { .. }
        ) || matches!(self, Why::Overfull { needs, .. } if needs.is_empty())
    }
}

/// A minimal set of actions whose claims cannot all be true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The actions, in order. Empty when what everybody saw is impossible by itself.
    pub actions: Vec<usize>,
    /// The same actions as written, in the same order.
    pub written: Vec<Action>,
    /// The claims of those actions that the contradiction rests on (also minimal), in order.
    pub claims: Vec<Claim>,
    /// Why they cannot all be true.
    pub why: Why,
}

/// Who could have cheated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suspects {
    /// The actions judged: the whole log, unless a rule anyone can check is broken after the
    /// contradiction (then the actions before that one).
    pub through: usize,
    /// Players who could be the only cheater.
    pub sole: Vec<Player>,
    /// The fewest players who must have cheated; `None` when no choice of cheaters explains
    /// the log (what everybody saw is impossible).
    pub minimum: Option<usize>,
    /// Every group of that many players whose cheating explains the log.
    pub minimum_groups: Vec<Vec<Player>>,
}

/// The starting hand of one player in a possible deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The player.
    pub player: Player,
    /// The cards dealt to them, in deck order.
    pub cards: Vec<Card>,
}

/// What a watcher knows about one card still in play.
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub struct Knowledge {
    /// After this many actions.
    pub after: usize,
    /// Every card still in play, in deck order.
    pub cards: Vec<CardKnowledge>,
    /// Every player.
    pub players: Vec<PlayerKnowledge>,
}

/// The verdict on a log and the answers to the [`Questions`] asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Actions in the log.
    pub actions: usize,
    /// The verdict (as [`audit`](crate::audit) gives it).
    pub verdict: Verdict,
    /// What made cheating certain.
    pub contradiction: Option<Contradiction>,
    /// The proof, if asked and cheating is certain.
    pub proof: Option<Proof>,
    /// The suspects, if asked and cheating is certain.
    pub suspects: Option<Suspects>,
    /// A possible deal, if asked and the whole log is consistent.
    pub deal: Option<Vec<Hand>>,
    /// What a watcher knows, if asked.
    pub knowledge: Option<Knowledge>,
}

/// Why a question could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The log could not be judged.
    #[error(transparent)]
    Log(#[from] LogError),
    /// Knowledge was asked after an action the log does not have.
    #[error("--at {at}: the log has {actions} actions")]
    AtBeyondLog {
        /// The action asked for.
        at: usize,
        /// Actions in the log.
        actions: usize,
    },
    /// Knowledge was asked after the point where no deal fits.
    #[error("--at {at}: no deal fits actions 1..{at} (cheating is certain since action {since})")]
    AtAfterCheating {
        /// The action asked for.
        at: usize,
        /// The first action after which no deal fits.
        since: usize,
    },
}

/// Judges a log and answers `questions` about it.
///
/// ```
/// use fairplay_quartets::explain::{explain, Questions};
/// use fairplay_quartets::Rules;
/// let log = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let questions = Questions { proof: true, suspects: true, ..Questions::default() };
/// let explanation = explain(log.as_bytes(), &Rules::standard(), &questions).unwrap();
/// assert_eq!(explanation.proof.unwrap().actions, vec![1, 2, 4]);
/// let sole: Vec<u32> = explanation.suspects.unwrap().sole.iter().map(|p| p.number()).collect();
/// assert_eq!(sole, vec![1, 2]);
/// ```
pub fn explain(
    input: &[u8],
    rules: &Rules,
    questions: &Questions,
) -> Result<Explanation, ExplainError> {
    let log = Log::read(input, rules)?;
    let verdict = match log.contradiction {
        None => Verdict::Honest,
        Some(c) => Verdict::Cheated { since: c.action },
    };
    let mut explanation = Explanation {
        actions: log.total,
        verdict,
        contradiction: log.contradiction,
        proof: None,
        suspects: None,
        deal: None,
        knowledge: None,
    };
    if let Some(contradiction) = log.contradiction {
        if questions.proof {
            explanation.proof = Some(log.proof(contradiction.action));
        }
        if questions.suspects {
            explanation.suspects = Some(log.suspects());
        }
    } else if questions.deal {
        explanation.deal = Some(log.deal());
    }
    if questions.knowledge {
        let since = log.contradiction.map(|c| c.action);
        let at = match questions.at {
            Some(at) if at > log.total => {
                return Err(ExplainError::AtBeyondLog {
                    at,
                    actions: log.total,
                })
            }
            Some(at) => match since {
                Some(since) if at >= since => {
                    return Err(ExplainError::AtAfterCheating { at, since })
                }
                _ => at,
            },
            None => since.map_or(log.total, |since| since - 1),
        };
        explanation.knowledge = Some(log.knowledge(at));
    }
    Ok(explanation)
}

/// A log read once with every claim believed, with what the questions need.
pub(crate) struct Log {
    rules: Rules,
    total: usize,
    /// The actions judged: all of them, or those before the first one breaking a public rule
    /// after the contradiction.
    actions: Vec<Action>,
    /// Per action: whether its ask and its denial say anything about the deal.
    live: Vec<(bool, bool)>,
    /// Per card: who was dealt it and when it first moved, if it has.
    first_move: Vec<Option<(Player, usize)>>,
    contradiction: Option<Contradiction>,
}

impl Log {
    pub(crate) fn read(input: &[u8], rules: &Rules) -> Result<Log, LogError> {
        let mut referee = Referee::new(rules.clone());
        let mut log = Log {
            rules: rules.clone(),
            total: 0,
            actions: Vec::new(),
            live: Vec::new(),
            first_move: vec![None; rules.deck_size()],
            contradiction: None,
        };
        let mut judging = true;
        for record in LogReader::new(input)? {
            let record = record?;
            log.total += 1;
            if !judging {
                continue;
            }
            let checked = rules.check(record.action).map_err(RuleError::from);
            let action = match checked {
                Ok(action) => action,
                Err(error) if referee.contradiction().is_none() => {
                    return Err(LogError::Rule {
                        line: record.line,
                        action: log.total,
                        error,
                    })
                }
                Err(_) => {
                    judging = false;
                    continue;
                }
            };
            let live = log.liveness(&referee, action);
            let before: Vec<Place> = log.touched(action).map(|c| referee.place(c)).collect();
            match referee.apply(action) {
                Ok(_) => {}
                Err(error) if referee.contradiction().is_none() => {
                    return Err(LogError::Rule {
                        line: record.line,
                        action: log.total,
                        error,
                    })
                }
                Err(_) => {
                    judging = false;
                    continue;
                }
            }
            let number = log.actions.len() + 1;
            for (card, place) in log.touched(action).zip(before).collect::<Vec<_>>() {
                if place == Place::Unmoved {
                    let player = match action {
                        Action::Ask { target, .. } => target,
                        Action::LayAside { player, .. } => player,
                    };
                    log.first_move[log.rules.card_index(card)] = Some((player, number));
                }
            }
            log.actions.push(action);
            log.live.push(live);
            if log.contradiction.is_none() {
                log.contradiction = referee.contradiction();
            }
        }
        Ok(log)
    }

    /// The cards an action moves.
    fn touched(&self, action: Action) -> impl Iterator<Item = Card> + '_ {
        let (cards, one) = match action {
            Action::Ask {
                card,
                granted: true,
                ..
            } => (None, Some(card)),
            Action::Ask { .. } => (None, None),
            Action::LayAside { set, .. } => (Some(self.rules.cards_of(set)), None),
        };
        cards.into_iter().flatten().chain(one)
    }

    fn liveness(&self, referee: &Referee, action: Action) -> (bool, bool) {
        match action {
            Action::Ask {
                asker,
                target,
                card,
                granted,
            } => {
                let ask = self
                    .rules
                    .cards_of(card.set())
                    .all(|c| referee.place(c) != Place::Hand(asker));
                let place = referee.place(card);
                let denial = !granted && (place == Place::Unmoved || place == Place::Hand(target));
                (ask, denial)
            }
            Action::LayAside { .. } => (false, false),
        }
    }

    /// A referee believing `trust`, fed actions `1..=upto` or until cheating is certain.
    fn run(&self, trust: Trust, upto: usize) -> Referee {
        let mut referee = Referee::with_trust(self.rules.clone(), trust);
        for &action in &self.actions[..upto] {
            referee
                .apply(action)
                .expect("public rules do not depend on trust");
            if referee.contradiction().is_some() {
                break;
            }
        }
        referee
    }

    /// Whether believing exactly the claims `believed` (every other claim doubted) leaves no
    /// deal for actions `1..=upto`.
    fn inconsistent(&self, believed: &[Claim], upto: usize) -> bool {
        self.run(self.trust_only(believed, upto), upto)
            .contradiction()
            .is_some()
    }

    /// A trust that believes exactly the claims `believed` among actions `1..=upto`.
    fn trust_only(&self, believed: &[Claim], upto: usize) -> Trust {
        let mut keep = vec![0u8; upto];
        for claim in believed {
            keep[claim.action - 1] |= match claim.kind {
                ClaimKind::Ask => 1,
                ClaimKind::Denial => 2,
            };
        }
        let mut trust = Trust::everyone();
        for (index, &(ask, denial)) in self.live[..upto].iter().enumerate() {
            if ask && keep[index] & 1 == 0 {
                trust.distrust_ask(index + 1);
            }
            if denial && keep[index] & 2 == 0 {
                trust.distrust_denial(index + 1);
            }
        }
        trust
    }

    /// The live claims of action `number`.
    fn claims_of(&self, number: usize) -> impl Iterator<Item = Claim> {
        let (ask, denial) = self.live[number - 1];
        let action = self.actions[number - 1];
        let mut claims = [None, None];
        if let Action::Ask {
            asker,
            target,
            card,
            ..
        } = action
        {
            if ask {
                claims[0] = Some(Claim {
                    action: number,
                    kind: ClaimKind::Ask,
                    player: asker,
                    card,
                });
            }
            if denial {
                claims[1] = Some(Claim {
                    action: number,
                    kind: ClaimKind::Denial,
                    player: target,
                    card,
                });
            }
        }
        claims.into_iter().flatten()
    }

    fn claims_of_actions(&self, actions: &[usize]) -> Vec<Claim> {
        actions.iter().flat_map(|&a| self.claims_of(a)).collect()
    }

    /// A minimal proof of the contradiction at action `since`.
    pub(crate) fn proof(&self, since: usize) -> Proof {
        let units: Vec<usize> = (1..=since)
            .filter(|&a| self.live[a - 1] != (false, false))
            .collect();
        let actions = if self.inconsistent(&[], since) {
            Vec::new()
        } else {
            let mut found = self.quick_xplain(&[], false, &units, since);
            found.sort_unstable();
            found
        };
        // Narrow to the claims that matter, by deletion (the set is small).
        let mut claims = self.claims_of_actions(&actions);
        let mut i = 0;
        while i < claims.len() {
            let mut without = claims.clone();
            without.remove(i);
            if self.inconsistent(&without, since) {
                claims = without;
            } else {
                i += 1;
            }
        }
        let referee = self.run(self.trust_only(&claims, since), since);
        let why = self.why(&referee, &claims, since);
        Proof {
            written: actions.iter().map(|&a| self.actions[a - 1]).collect(),
            actions,
            claims,
            why,
        }
    }

    /// QuickXplain (Junker 2004) over actions: a minimal subset of `candidates` whose claims,
    /// with those of `background`, leave no deal.
    fn quick_xplain(
        &self,
        background: &[usize],
        added: bool,
        candidates: &[usize],
        since: usize,
    ) -> Vec<usize> {
        if added && self.inconsistent(&self.claims_of_actions(background), since) {
            return Vec::new();
        }
        if candidates.len() == 1 {
            return candidates.to_vec();
        }
        let (first, second) = candidates.split_at(candidates.len() / 2);
        let with_first: Vec<usize> = background.iter().chain(first).copied().collect();
        let delta2 = self.quick_xplain(&with_first, !first.is_empty(), second, since);
        let with_delta2: Vec<usize> = background.iter().chain(&delta2).copied().collect();
        let delta1 = self.quick_xplain(&with_delta2, !delta2.is_empty(), first, since);
        delta1.into_iter().chain(delta2).collect()
    }

    /// The action at which `card` last moved before action `before` (1-based).
    fn last_move(&self, card: Card, before: usize) -> usize {
        (1..before)
            .rev()
            .find(|&a| match self.actions[a - 1] {
                Action::Ask {
                    card: c,
                    granted: true,
                    ..
                } => c == card,
                _ => false,
            })
            .unwrap_or(0)
    }

    fn shown(&self, index: usize) -> Option<Shown> {
        self.first_move[index].map(|(player, action)| Shown {
            card: self.rules.card_at(index),
            player,
            action,
        })
    }

    fn why(&self, referee: &Referee, claims: &[Claim], since: usize) -> Why {
        let contradiction = referee
            .contradiction()
            .expect("the proof's claims leave no deal");
        match contradiction.reason {
            Reason::HandedOverFromElsewhere {
                card,
                giver,
                holder,
            } => Why::HandedOverFromElsewhere {
                card,
                giver,
                holder,
                received_at: self.last_move(card, since),
            },
            Reason::LaidAsideFromElsewhere {
                card,
                player,
                holder,
            } => Why::LaidAsideFromElsewhere {
                card,
                player,
                holder,
                received_at: self.last_move(card, since),
            },
            Reason::DeniedCardInHand { card, player } => Why::DeniedCardInHand {
                card,
                player,
                received_at: self.last_move(card, since),
            },
            Reason::NoDeal => self.why_no_deal(referee, claims),
        }
    }

    fn denial_of(&self, claims: &[Claim], card: Card, player: Player) -> Option<Denied> {
        claims
            .iter()
            .rev()
            .find(|c| c.kind == ClaimKind::Denial && c.card == card && c.player == player)
            .map(|c| Denied {
                card,
                player,
                action: c.action,
            })
    }

    fn need_of(&self, claims: &[Claim], player: Player, set: SetId) -> Need {
        let action = claims
            .iter()
            .rev()
            .find(|c| c.kind == ClaimKind::Ask && c.player == player && c.card.set() == set)
            .map_or(0, |c| c.action);
        Need {
            player,
            set,
            action,
        }
    }

    fn why_no_deal(&self, referee: &Referee, claims: &[Claim]) -> Why {
        let model = referee.deal_model();
        let rules = &self.rules;
        let player = |p: usize| rules.player(p as u32 + 1).expect("a player of the game");
        match model.failure().expect("an infeasible model says why") {
            Failure::PinnedBanned { card, player: p } => {
                let c = rules.card_at(card);
                Why::DeniedThenShown {
                    denied: self.denial_of(claims, c, player(p)).unwrap_or(Denied {
                        card: c,
                        player: player(p),
                        action: 0,
                    }),
                    shown: self.shown(card).unwrap_or(Shown {
                        card: c,
                        player: player(p),
                        action: referee.actions(),
                    }),
                }
            }
            Failure::Overfull { player: p } => {
                let who = player(p);
                let shown = (0..rules.deck_size())
                    .filter_map(|i| self.shown(i))
                    .filter(|s| s.player == who)
                    .collect();
                let needs = (0..rules.sets())
                    .filter(|&s| model.needs(p, s))
                    .map(|s| self.need_of(claims, who, SetId(s as u32)))
                    .collect();
                Why::Overfull {
                    player: who,
                    dealt: rules.hand_size(who),
                    shown,
                    needs,
                }
            }
            Failure::NoSeat { .. } => self.hall(referee, claims),
        }
    }

    /// The two sides of the Hall violation left by a failed search; the smaller one is told.
    fn hall(&self, referee: &Referee, claims: &[Claim]) -> Why {
        let model = referee.deal_model();
        let rules = &self.rules;
        let (players, sets, per_set) = (rules.players(), rules.sets(), rules.cards_per_set());
        let player = |p: usize| rules.player(p as u32 + 1).expect("a player of the game");
        let reached = model.reached();
        let mut in_reached = vec![false; rules.deck_size()];
        for &c in &reached {
            in_reached[c] = true;
        }
        let allowed = |c: usize, p: usize| model.banned(c) & (1 << p) == 0;
        // Slots next to the reached cards.
        let mut need_near = vec![false; players * sets];
        let mut wild_near = vec![false; players];
        for &c in &reached {
            for p in (0..players).filter(|&p| allowed(c, p)) {
                if model.needs(p, c / per_set) {
                    need_near[p * sets + c / per_set] = true;
                }
                if model.wild_capacity(p) > 0 {
                    wild_near[p] = true;
                }
            }
        }
        let free: Vec<usize> = (0..rules.deck_size())
            .filter(|&c| model.is_free(c))
            .collect();
        // Slot side: the slots not next to the reached cards, and the cards next to them.
        let far_needs: Vec<(usize, usize)> = (0..players)
            .flat_map(|p| (0..sets).map(move |s| (p, s)))
            .filter(|&(p, s)| model.needs(p, s) && !need_near[p * sets + s])
            .collect();
        let far_rooms: Vec<usize> = (0..players)
            .filter(|&p| model.wild_capacity(p) > 0 && !wild_near[p])
            .collect();
        let available: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&c| {
                far_needs
                    .iter()
                    .any(|&(p, s)| s == c / per_set && allowed(c, p))
                    || far_rooms.iter().any(|&p| allowed(c, p))
            })
            .collect();
        let slot_side = far_needs.len() + far_rooms.len() + available.len();
        let card_side = reached.len()
            + need_near.iter().filter(|&&n| n).count()
            + wild_near.iter().filter(|&&n| n).count();
        let need = |(p, s): (usize, usize)| self.need_of(claims, player(p), SetId(s as u32));
        let room = |p: usize| Room {
            player: player(p),
            cards: model.wild_capacity(p) as u32,
        };
        if (!far_needs.is_empty() || !far_rooms.is_empty()) && slot_side <= card_side {
            let mut shown = Vec::new();
            let mut denied = Vec::new();
            let mut needed_sets: Vec<usize> = far_needs.iter().map(|&(_, s)| s).collect();
            needed_sets.sort_unstable();
            needed_sets.dedup();
            for &s in &needed_sets {
                for c in s * per_set..(s + 1) * per_set {
                    if !model.is_free(c) {
                        shown.extend(self.shown(c));
                    }
                }
            }
            for c in (0..rules.deck_size()).filter(|&c| model.is_free(c)) {
                let card = rules.card_at(c);
                for &(p, s) in &far_needs {
                    if s == c / per_set && !allowed(c, p) {
                        denied.extend(self.denial_of(claims, card, player(p)));
                    }
                }
                for &p in &far_rooms {
                    if !allowed(c, p) && !far_needs.iter().any(|&(q, _)| q == p) {
                        denied.extend(self.denial_of(claims, card, player(p)));
                    }
                }
            }
            denied.sort_by_key(|d| (d.action, d.card));
            denied.dedup();
            return Why::Shortage {
                needs: far_needs.into_iter().map(need).collect(),
                rooms: far_rooms.into_iter().map(room).collect(),
                available: available.into_iter().map(|c| rules.card_at(c)).collect(),
                shown,
                denied,
            };
        }

        let mut denied = Vec::new();
        for &c in &reached {
            for p in (0..players).filter(|&p| !allowed(c, p)) {
                denied.extend(self.denial_of(claims, rules.card_at(c), player(p)));
            }
        }
        denied.sort_by_key(|d| (d.action, d.card));
        Why::Surplus {
            cards: reached.iter().map(|&c| rules.card_at(c)).collect(),
            denied,
            needs: (0..players)
                .flat_map(|p| (0..sets).map(move |s| (p, s)))
                .filter(|&(p, s)| need_near[p * sets + s])
                .map(need)
                .collect(),
            rooms: (0..players).filter(|&p| wild_near[p]).map(room).collect(),
        }
    }

    /// Whether the judged log fits some deal when none of `cheaters`' claims are believed.
    fn fits_without(&self, cheaters: u32) -> bool {
        let mut trust = Trust::everyone();
        for p in self.rules.all_players() {
            if cheaters & (1 << p.index()) != 0 {
                trust.distrust_player(p);
            }
        }
        self.run(trust, self.actions.len())
            .contradiction()
            .is_none()
    }

    pub(crate) fn suspects(&self) -> Suspects {
        let players = self.rules.players();
        let all: Vec<Player> = self.rules.all_players().collect();
        let sole: Vec<Player> = all
            .iter()
            .copied()
            .filter(|p| self.fits_without(1 << p.index()))
            .collect();
        let mut suspects = Suspects {
            through: self.actions.len(),
            sole: sole.clone(),
            minimum: None,
            minimum_groups: Vec::new(),
        };
        if !sole.is_empty() {
            suspects.minimum = Some(1);
            suspects.minimum_groups = sole.iter().map(|&p| vec![p]).collect();
            return suspects;
        }
        let everyone = if players == 32 {
            u32::MAX
        } else {
            (1u32 << players) - 1
        };
        if !self.fits_without(everyone) {
            return suspects;
        }
        for size in 2..=players as u32 {
            let groups: Vec<u32> = (1..=everyone)
                .filter(|g| g.count_ones() == size)
                .filter(|&g| self.fits_without(g))
                .collect();
            if !groups.is_empty() {
                suspects.minimum = Some(size as usize);
                suspects.minimum_groups = groups
                    .iter()
                    .map(|&g| {
                        all.iter()
                            .copied()
                            .filter(|p| g & (1 << p.index()) != 0)
                            .collect()
                    })
                    .collect();
                suspects.minimum_groups.sort();
                break;
            }
        }
        suspects
    }

    pub(crate) fn deal(&self) -> Vec<Hand> {
        let referee = self.run(Trust::everyone(), self.actions.len());
        let owners = referee.witness().expect("an honest log has a witness deal");
        self.rules
            .all_players()
            .map(|player| Hand {
                player,
                cards: self
                    .rules
                    .all_cards()
                    .filter(|&c| owners[self.rules.card_index(c)] == player)
                    .collect(),
            })
            .collect()
    }

    pub(crate) fn knowledge(&self, after: usize) -> Knowledge {
        let referee = self.run(Trust::everyone(), after);
        let rules = &self.rules;
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
                    possible: rules
                        .all_players()
                        .filter(|&p| referee.could_hold_unmoved(card, p))
                        .collect(),
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
                    .filter(|&s| referee.must_hold_set(player, s))
                    .collect(),
            })
            .collect();
        Knowledge {
            after,
            cards,
            players,
        }
    }
}

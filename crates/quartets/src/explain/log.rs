//! The log read once, and re-runs of the referee on it believing only some claims.

use super::model::{Claim, ClaimKind};
use crate::action::Action;
use crate::notation::LogReader;
use crate::referee::{Contradiction, Place, Referee, RuleError, Trust};
use crate::rules::{Card, Player, Rules};
use crate::LogError;

/// A log read once with every claim believed, with what the questions need.
pub(super) struct Log {
    pub(super) rules: Rules,
    pub(super) total: usize,
    /// The actions judged: all of them, or those before the first one breaking a public rule
    /// after the contradiction.
    pub(super) actions: Vec<Action>,
    /// Per action: whether its ask and its denial say anything about the deal.
    pub(super) live: Vec<(bool, bool)>,
    /// Per card: who was dealt it and when it first moved, if it has.
    pub(super) first_move: Vec<Option<(Player, usize)>>,
    pub(super) contradiction: Option<Contradiction>,
}

impl Log {
    pub(super) fn read(input: &[u8], rules: &Rules) -> Result<Log, LogError> {
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
    pub(super) fn run(&self, trust: Trust, upto: usize) -> Referee {
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
    pub(super) fn inconsistent(&self, believed: &[Claim], upto: usize) -> bool {
        self.run(self.trust_only(believed, upto), upto)
            .contradiction()
            .is_some()
    }

    /// A trust that believes exactly the claims `believed` among actions `1..=upto`.
    pub(super) fn trust_only(&self, believed: &[Claim], upto: usize) -> Trust {
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

    pub(super) fn claims_of_actions(&self, actions: &[usize]) -> Vec<Claim> {
        actions.iter().flat_map(|&a| self.claims_of(a)).collect()
    }
}

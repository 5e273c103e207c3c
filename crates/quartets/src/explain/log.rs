//! The log read once, and re-runs of the referee on it believing only some claims.

use super::model::{Claim, ClaimKind};
use crate::action::Action;
use crate::notation::{LogReader, RawAction};
use crate::referee::{Contradiction, Established, Referee, RuleError, Trust, Verdict};
use crate::rules::{Player, Rules, SetId};
use crate::seat::SeatHand;
use crate::LogError;

/// A log read once with every claim believed, with what the questions need.
pub(super) struct Log {
    pub(super) rules: Rules,
    /// The hand of the player the log is judged as, if any (a seat's view): every referee
    /// run on the log is seated with it.
    pub(super) seat: Option<SeatHand>,
    pub(super) total: usize,
    /// The actions judged: all of them, or those before the first one breaking a public rule
    /// after the contradiction; only those up to the contradiction unless the read was asked
    /// to go on (see [`Log::read`]).
    pub(super) actions: Vec<Action>,
    /// Per action: whether its ask and its denial say anything about the deal.
    pub(super) live: Vec<(bool, bool)>,
    /// Per card: who was dealt it and when it first moved, if it has.
    pub(super) first_move: Vec<Option<(Player, usize)>>,
    pub(super) contradiction: Option<Contradiction>,
    /// A state of the referee (every claim believed) kept for knowledge, and after how many
    /// actions: see [`Keep`].
    pub(super) kept: Option<(usize, Referee)>,
}

/// Which state of its referee a read keeps, so that knowledge needs not judge the log again
/// from the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keep {
    /// None.
    Nothing,
    /// The state after this many actions, if some deal fits them.
    After(usize),
    /// The state after the last action some deal fits: the final state of an honest log, else
    /// the last of the states kept every [`Log::spacing`] actions before the contradiction.
    Last,
}

/// A [`Log::read`] under way: the log so far and the referee that judges it.
struct Reading {
    log: Log,
    referee: Referee,
    /// Whether actions are still judged (until one breaks a public rule after the
    /// contradiction).
    judging: bool,
    /// Whether to go on judging after the contradiction.
    go_on: bool,
    keep: Keep,
    /// For [`Keep::Last`]: actions between two kept states.
    spacing: usize,
}

impl Reading {
    /// Takes in one action read from `reader`: the referee judges it and says which of its
    /// claims say something and which cards it showed dealt to whom.
    // Always inlined: the canonical path then keeps the action in registers (an action passed
    // through memory as an enum costs more than judging it).
    #[inline(always)]
    fn step(&mut self, raw: RawAction, reader: &LogReader) -> Result<(), LogError> {
        self.log.total += 1;
        if !self.judging {
            return Ok(());
        }
        // An ask is stepped here, where the compiler knows it is one and keeps it in
        // registers; a lay-aside out of line.
        let step = match raw {
            RawAction::Ask { .. } => self.referee.step_raw(raw),
            RawAction::LayAside { .. } => self.step_lay_aside(raw),
        };
        let (action, established) = match step {
            Ok(step) => step,
            Err(error) => return self.broken(error, reader),
        };
        let number = self.log.actions.len() + 1;
        if let Some((player, set, letters)) = established.dealt {
            self.shown(player, set, letters, number);
        }
        self.log.actions.push(action);
        self.log
            .live
            .push((established.ask_claim, established.denial_claim));
        self.note_contradiction();
        Ok(())
    }

    #[inline(never)]
    fn step_lay_aside(&mut self, raw: RawAction) -> Result<(Action, Established), RuleError> {
        self.referee.step_raw(raw)
    }

    /// Cards `letters` of `set` were dealt to `player`, as action `number` showed.
    fn shown(&mut self, player: Player, set: SetId, letters: u32, number: usize) {
        let first = set.index() * self.log.rules.cards_per_set();
        for letter in 0..self.log.rules.cards_per_set() {
            if letters & (1 << letter) != 0 {
                self.log.first_move[first + letter] = Some((player, number));
            }
        }
    }

    /// An action breaks a public rule: an error while every action so far may be honest, the
    /// end of judging after the contradiction.
    #[cold]
    fn broken(&mut self, error: RuleError, reader: &LogReader) -> Result<(), LogError> {
        if self.referee.contradiction().is_none() {
            return Err(LogError::Rule {
                line: reader.line(),
                action: self.log.total,
                error,
            });
        }
        self.judging = false;
        Ok(())
    }

    /// After an action: the first contradiction, and the state kept for knowledge.
    #[inline(always)]
    fn note_contradiction(&mut self) {
        if self.log.contradiction.is_some() {
            return;
        }
        // The verdict is one byte: the contradiction is copied only once there is one.
        if self.referee.verdict() != Verdict::Honest {
            self.log.contradiction = self.referee.contradiction();
            self.judging = self.go_on;
            return;
        }
        let done = self.log.actions.len();
        let keep = match self.keep {
            Keep::Nothing => false,
            Keep::After(after) => done == after,
            Keep::Last => done % self.spacing == 0,
        };
        if keep {
            self.keep_state(done);
        }
    }

    #[cold]
    fn keep_state(&mut self, done: usize) {
        self.log.kept = Some((done, self.referee.clone()));
    }
}

impl Log {
    /// Reads and judges a log, keeping the state `keep` asks for. After the contradiction the
    /// actions are only counted (a malformed line is still an error), unless `go_on`: then
    /// they are judged until one breaks a public rule (the suspects are judged on them, and
    /// [`Log::first_move`] notes the cards they move).
    pub(super) fn read(
        input: &[u8],
        rules: &Rules,
        keep: Keep,
        go_on: bool,
        seat: Option<&SeatHand>,
    ) -> Result<Log, LogError> {
        let mut reader = LogReader::new(input)?;
        // The count line is only a hint here (it may be wrong, or huge).
        let expected = reader.declared().min(1 << 16);
        let mut reading = Reading {
            log: Log {
                rules: rules.clone(),
                seat: seat.cloned(),
                total: 0,
                actions: Vec::with_capacity(expected),
                live: Vec::with_capacity(expected),
                first_move: vec![None; rules.deck_size()],
                contradiction: None,
                kept: None,
            },
            referee: match seat {
                Some(hand) => Referee::seated(hand),
                None => Referee::new(rules.clone()),
            },
            judging: true,
            go_on,
            keep,
            spacing: Log::spacing(rules),
        };
        // Canonical lines, nearly all of a real log, in the inner loop; any other line (and the
        // end of the log) the general way.
        loop {
            while let Some(raw) = reader.next_canonical() {
                reading.step(raw, &reader)?;
            }
            match reader.next_action() {
                Some(raw) => reading.step(raw?, &reader)?,
                None => break,
            }
        }
        let mut log = reading.log;
        if keep == Keep::Last && log.contradiction.is_none() {
            log.kept = Some((log.actions.len(), reading.referee));
        }
        Ok(log)
    }

    /// Actions between two states kept for [`Keep::Last`]: copying the referee costs about as
    /// much as judging a few dozen actions plus one per card and per player and set.
    pub(super) fn spacing(rules: &Rules) -> usize {
        128 + rules.deck_size() + rules.players() * rules.sets()
    }

    /// The referee believing every claim after actions `1..=upto` (or until cheating is
    /// certain), from the state the read kept when it can.
    pub(super) fn state_after(&self, upto: usize) -> std::borrow::Cow<'_, Referee> {
        match &self.kept {
            Some((done, referee)) if *done == upto => std::borrow::Cow::Borrowed(referee),
            Some((done, referee)) if *done < upto => {
                std::borrow::Cow::Owned(self.replay(referee.clone(), *done, upto))
            }
            _ => std::borrow::Cow::Owned(self.run(Trust::everyone(), upto)),
        }
    }

    /// A referee believing `trust`, fed actions `1..=upto` or until cheating is certain.
    pub(super) fn run(&self, trust: Trust, upto: usize) -> Referee {
        let referee = match &self.seat {
            Some(hand) => Referee::seated_with_trust(hand, trust),
            None => Referee::with_trust(self.rules.clone(), trust),
        };
        self.replay(referee, 0, upto)
    }

    /// `referee`, which has judged actions `1..=from`, fed actions `from + 1..=upto` or until
    /// cheating is certain.
    pub(super) fn replay(&self, mut referee: Referee, from: usize, upto: usize) -> Referee {
        for &action in &self.actions[from..upto] {
            // As written: an ask then takes the referee's path that keeps it in registers.
            let verdict = referee
                .apply_raw(action.to_raw())
                .expect("public rules do not depend on trust");
            if verdict != Verdict::Honest {
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

    /// A seat's view: whether the seat was dealt card `index`; `None` for a watcher.
    pub(super) fn held(&self, index: usize) -> Option<bool> {
        self.seat.as_ref().map(|hand| hand.held()[index])
    }

    /// The seat of a seat's view (player 1 for a watcher, never asked then).
    pub(super) fn seat_player(&self) -> Player {
        self.seat.as_ref().map_or(Player(0), SeatHand::seat)
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

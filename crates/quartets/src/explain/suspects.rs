//! The suspects: who could be the only cheater, and the fewest players who must have cheated.
//!
//! Trying every group of players would replay the log up to 2^16 times. Instead the search
//! learns *conflicts*: groups of players whose claims alone leave no deal (the players of a
//! minimal proof, found by `conflict.rs` where a replay with some players doubted still
//! contradicts). Every group of cheaters that explains the log must include a player of each
//! conflict, so only groups that do (hitting sets) are replayed, smallest first; a failed
//! replay adds a conflict. Within a budget of replayed actions the minimum is exact; past it
//! the report gives the proven lower bound and says the search stopped.

use super::log::Log;
use crate::referee::{Reason, Trust};
use crate::rules::Player;

/// Actions the search for the fewest cheaters may replay by default (beyond the sole-suspect
/// replays, which are always made): a few seconds at most.
pub(super) const DEFAULT_SUSPECTS_WORK: usize = 1 << 26;

/// Who could have cheated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Suspects {
    /// The actions judged: the whole log, unless a rule anyone can check is broken after the
    /// contradiction (then the actions before that one).
    pub through: usize,
    /// Players who could be the only cheater.
    pub sole: Vec<Player>,
    /// The fewest players who must have cheated; `None` when no choice of cheaters explains
    /// the log (what everybody saw is impossible). When [`Suspects::stopped`], a lower bound.
    pub minimum: Option<usize>,
    /// Every group of that many players whose cheating explains the log (when
    /// [`Suspects::stopped`], those found).
    pub minimum_groups: Vec<Vec<Player>>,
    /// Whether the search ran out of its budget before it proved the minimum and found every
    /// group of that size.
    pub stopped: bool,
}

/// The search: the conflicts learnt and the work done.
struct Search<'a> {
    log: &'a Log,
    conflicts: Vec<u32>,
    work: usize,
    budget: usize,
}

impl Search<'_> {
    /// Whether the judged log fits some deal when none of `cheaters`' claims are believed;
    /// if not, a conflict among the others is learnt.
    fn fits_without(&mut self, cheaters: u32) -> bool {
        let log = self.log;
        let mut trust = Trust::everyone();
        for p in log.rules.all_players() {
            if cheaters & bit(p) != 0 {
                trust.distrust_player(p);
            }
        }
        let through = log.actions.len();
        self.work += through;
        let Some(contradiction) = log.run(trust, through).contradiction() else {
            return true;
        };
        let upto = contradiction.action;
        let public = matches!(
            contradiction.reason,
            Reason::HandedOverFromElsewhere { .. }
                | Reason::LaidAsideFromElsewhere { .. }
                | Reason::AgainstHand { .. }
        );
        let conflict = if public {
            0
        } else {
            let claims: Vec<_> = log
                .claims_of_actions(&(1..=upto).collect::<Vec<_>>())
                .into_iter()
                .filter(|c| cheaters & bit(c.player) == 0)
                .collect();
            self.work += upto + log.rules.deck_size();
            match log.shrink(&claims, upto, false) {
                Some(proof) => proof.iter().fold(0, |mask, c| mask | bit(c.player)),
                None if log.inconsistent(&[], upto) => 0,
                None => {
                    debug_assert!(false, "the static problem disagrees with the referee");
                    claims.iter().fold(0, |mask, c| mask | bit(c.player))
                }
            }
        };
        self.conflicts.push(conflict);
        false
    }

    fn hits_all(&self, group: u32) -> bool {
        self.conflicts.iter().all(|&c| c & group != 0)
    }

    /// The groups of `size` of `players` players that meet every conflict, in order.
    fn hitting(&self, players: usize, size: u32) -> impl Iterator<Item = u32> + '_ {
        (1..1u32 << players).filter(move |&g| g.count_ones() == size && self.hits_all(g))
    }

    fn out_of_work(&self) -> bool {
        self.work + self.log.actions.len() > self.budget
    }
}

fn bit(p: Player) -> u32 {
    1 << p.index()
}

impl Log {
    pub(super) fn suspects(&self, budget: usize) -> Suspects {
        let players = self.rules.players();
        let all: Vec<Player> = self.rules.all_players().collect();
        let members =
            |g: u32| -> Vec<Player> { all.iter().copied().filter(|&p| g & bit(p) != 0).collect() };
        let mut search = Search {
            log: self,
            conflicts: Vec::new(),
            work: 0,
            budget,
        };
        let mut suspects = Suspects {
            through: self.actions.len(),
            sole: Vec::new(),
            minimum: None,
            minimum_groups: Vec::new(),
            stopped: false,
        };
        // The log itself, everybody believed: the first conflict.
        let fits = search.fits_without(0);
        debug_assert!(!fits, "suspects are sought once cheating is certain");
        // Sole suspects: only a player in every conflict can be one; each is replayed.
        for &p in &all {
            if search.hits_all(bit(p)) && search.fits_without(bit(p)) {
                suspects.sole.push(p);
            }
        }
        if !suspects.sole.is_empty() {
            suspects.minimum = Some(1);
            suspects.minimum_groups = suspects.sole.iter().map(|&p| vec![p]).collect();
            return suspects;
        }
        // The fewest: the smallest group meeting every conflict, until one fits.
        let mut size = 2;
        let minimum = loop {
            if search.conflicts.contains(&0) {
                return suspects;
            }
            // Everybody meets every conflict but the empty one, so a size is found.
            while search.hitting(players, size).next().is_none() && (size as usize) < players {
                size += 1;
            }
            if search.out_of_work() {
                suspects.minimum = Some(size as usize);
                suspects.stopped = true;
                return suspects;
            }
            let Some(group) = search.hitting(players, size).next() else {
                return suspects;
            };
            if search.fits_without(group) {
                break size;
            }
        };
        suspects.minimum = Some(minimum as usize);
        // Every group of that size: those meeting every conflict are replayed.
        let mut after = 0;
        loop {
            let next = search.hitting(players, minimum).find(|&g| g > after);
            let Some(group) = next else { break };
            if search.out_of_work() {
                suspects.stopped = true;
                break;
            }
            after = group;
            if search.fits_without(group) {
                suspects.minimum_groups.push(members(group));
            }
        }
        suspects.minimum_groups.sort();
        suspects
    }
}

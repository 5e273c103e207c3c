//! The minimal proof: deletion over the actions, then over their claims, on the static
//! problem of `conflict.rs`; QuickXplain by replays as the fallback.

use super::log::Log;
use super::model::{Claim, Proof};

impl Log {
    /// A minimal proof of the contradiction at action `since`.
    pub(super) fn proof(&self, since: usize) -> Proof {
        let (actions, claims) = if self.inconsistent(&[], since) {
            (Vec::new(), Vec::new())
        } else {
            let all: Vec<usize> = (1..=since).collect();
            let fast = self
                .shrink(&self.claims_of_actions(&all), since, true)
                .filter(|claims| self.inconsistent(claims, since));
            match fast {
                Some(claims) => {
                    let mut actions: Vec<usize> = claims.iter().map(|c| c.action).collect();
                    actions.dedup();
                    (actions, claims)
                }
                None => {
                    debug_assert!(false, "the static problem disagrees with the referee");
                    self.proof_by_replays(since)
                }
            }
        };
        let referee = self.run(self.trust_only(&claims, since), since);
        let why = self.why(&referee, &claims, since);
        Proof {
            written: actions.iter().map(|&a| self.actions[a - 1]).collect(),
            actions,
            claims,
            why,
        }
    }

    /// The same minimal proof found by replaying the log for every question: QuickXplain over
    /// the actions, then deletion over their claims. Slow (each question replays the log up to
    /// the contradiction), kept as the fallback should the static problem ever disagree.
    fn proof_by_replays(&self, since: usize) -> (Vec<usize>, Vec<Claim>) {
        let units: Vec<usize> = (1..=since)
            .filter(|&a| self.live[a - 1] != (false, false))
            .collect();
        let mut actions = self.quick_xplain(&[], false, &units, since);
        actions.sort_unstable();
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
        (actions, claims)
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
}

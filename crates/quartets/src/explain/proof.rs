//! The minimal proof: QuickXplain over the actions, then deletion over their claims.

use super::log::Log;
use super::model::Proof;

impl Log {
    /// A minimal proof of the contradiction at action `since`.
    pub(super) fn proof(&self, since: usize) -> Proof {
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
}

//! The suspects: who could be the only cheater, and the fewest players who must have cheated.

use super::log::Log;
use crate::referee::Trust;
use crate::rules::Player;

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
    /// the log (what everybody saw is impossible).
    pub minimum: Option<usize>,
    /// Every group of that many players whose cheating explains the log.
    pub minimum_groups: Vec<Vec<Player>>,
}

impl Log {
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

    pub(super) fn suspects(&self) -> Suspects {
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
}

//! `fairplay batch --explain`: the explanation of each foul, worked out by the engines'
//! `explain` in the worker that judged the log, and worded by `fairplay_report::explained`.

use fairplay_core::batch::Judged;
use fairplay_quartets::explain::{explain, Questions};
use fairplay_quartets::Rules;
use fairplay_report::explained;
use fairplay_report::rows::Explained;
use fairplay_sequence::explain::{explain_contract, explain_full_with};
use fairplay_sequence::{FullOptions, SequenceRules};

/// What explains the fouls of a batch: the rules its logs are judged by.
pub struct Explainer {
    /// The name of the Quartets game, and its rules.
    pub quartets: (&'static str, Rules),
    /// The name of the Sequence game, its rules and the options of the full rules.
    pub sequence: (&'static str, SequenceRules, FullOptions),
}

impl Explainer {
    /// The explanation of a foul judged on `log` (its whole text); `None` for a fair log or
    /// one that could not be judged.
    pub fn explain(&self, judged: &Judged, log: &[u8]) -> Option<Explained> {
        let game = foul(judged)?;
        Some(if game == self.quartets.0 {
            let questions = Questions {
                proof: true,
                suspects: true,
                ..Questions::default()
            };
            match explain(log, &self.quartets.1, &questions) {
                Ok(e) => explained::quartets(&e),
                Err(e) => explained::not_explained(&e.to_string()),
            }
        } else if game == self.sequence.0 {
            let e = match self.sequence.1 {
                SequenceRules::Contract => explain_contract(log),
                SequenceRules::Full(teams) => explain_full_with(log, teams, self.sequence.2),
            };
            match e {
                Ok(e) => explained::sequence(&e),
                Err(e) => explained::not_explained(&e.to_string()),
            }
        } else {
            return None;
        })
    }

    /// The explanation of a foul in a log too big to be held (`limit` bytes).
    pub fn too_big(&self, judged: &Judged, limit: usize) -> Option<Explained> {
        foul(judged)?;
        Some(explained::not_explained(&format!(
            "the log is longer than {} MiB; judge it alone with --explain",
            limit >> 20
        )))
    }
}

/// The game of a foul.
fn foul(judged: &Judged) -> Option<&'static str> {
    let judgement = judged.result.as_ref().ok()?;
    judgement.verdict.foul()?;
    judged.game
}

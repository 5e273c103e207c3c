//! `fairplay batch --explain`: the explanation of each foul, worked out by the engines'
//! `explain` in the worker that judged the log, and worded by `fairplay_report::explained`.

use fairplay_core::batch::Judged;
use fairplay_quartets::explain::{explain, Questions};
use fairplay_quartets::truth::{replay, TrueDeal};
use fairplay_quartets::Rules;
use fairplay_report::explained;
use fairplay_report::rows::Explained;
use fairplay_sequence::explain::{explain_contract, explain_full_with};
use fairplay_sequence::{FullOptions, SequenceRules};

/// What explains the fouls of a batch: the rules its logs are judged by.
pub struct Explainer {
    /// Whether fouls are explained (`--explain`).
    pub fouls: bool,
    /// Whether Quartets logs are replayed on their true deals (`--true-deals`).
    pub true_deals: bool,
    /// The name of the Quartets game, and its rules.
    pub quartets: (&'static str, Rules),
    /// The name of the Sequence game, its rules and the options of the full rules.
    pub sequence: (&'static str, SequenceRules, FullOptions),
}

impl Explainer {
    /// The explanation of a foul judged on `log` (its whole text); `None` for a fair log or
    /// one that could not be judged.
    pub fn explain(&self, judged: &Judged, log: &[u8]) -> Option<Explained> {
        if !self.fouls {
            return None;
        }
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
        if !self.fouls {
            return None;
        }
        foul(judged)?;
        Some(explained::not_explained(&format!(
            "the log is longer than {} MiB; judge it alone with --explain",
            limit >> 20
        )))
    }
}

impl Explainer {
    /// `--true-deals`: a judged Quartets log replayed on its true deal, given as the text of
    /// a deal file or as JSON (a list of `{"player", "cards"}`); a deal that is not one is
    /// said in the explanation. `None` when not asked, or for another game or a log that
    /// could not be judged.
    pub fn true_deal(&self, judged: &Judged, log: &[u8], deal: Deal<'_>) -> Option<Explained> {
        if !self.true_deals || judged.game != Some(self.quartets.0) || judged.result.is_err() {
            return None;
        }
        let rules = &self.quartets.1;
        let read = match deal {
            Deal::Text(text) => TrueDeal::parse(rules, text).map_err(|e| e.to_string()),
            Deal::Json(value) => crate::quartets::deal_from_json(rules, value),
        };
        Some(
            match read.and_then(|deal| replay(log, &deal).map_err(|e| e.to_string())) {
                Ok(replayed) => explained::true_deal(&replayed),
                Err(e) => explained::not_explained(&format!("not a deal: {e}")),
            },
        )
    }
}

/// The true deal of one log in a batch.
pub enum Deal<'a> {
    /// A deal file's text (`X.deal` next to `X.log`).
    Text(&'a str),
    /// A JSON Lines record's `deal` field.
    Json(&'a serde_json::Value),
}

/// The game of a foul.
fn foul(judged: &Judged) -> Option<&'static str> {
    let judgement = judged.result.as_ref().ok()?;
    judgement.verdict.foul()?;
    judged.game
}

//! One Sequence log: the verdict as `fairplay sequence --format json` documents it, with
//! `--explain`'s explanation, or the human report; by the contract or the full rules.

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{audit_reader, Game, LogError};
use fairplay_report::json::Document;
use fairplay_report::sequence::{text, SequenceDetails};
use fairplay_report::Style;
use fairplay_sequence::explain::{explain_contract, explain_full_with};
use fairplay_sequence::{audit_full_with, Sequence, SequenceRules, Teams};
use pyo3::prelude::*;

use crate::errors::{usage, Failure};

/// The rules `rules` (`contract` or `full`) and `teams` (2 or 3, full rules only) name.
pub fn rules(rules: &str, teams: Option<u8>) -> PyResult<SequenceRules> {
    let teams = match teams {
        None => None,
        Some(n) => Some(
            Teams::new(usize::from(n))
                .ok_or_else(|| usage(format!("teams: {n}: a game has 2 or 3 teams")))?,
        ),
    };
    match (rules, teams) {
        ("contract", Some(_)) => Err(usage("`teams` applies only with rules=\"full\"")),
        ("contract", None) => Ok(SequenceRules::Contract),
        ("full", teams) => Ok(SequenceRules::Full(teams)),
        (other, _) => Err(usage(format!(
            "rules: `{other}`: expected \"contract\" or \"full\""
        ))),
    }
}

/// Judges a Sequence log; returns the JSON document (a dict; `--format json` always explains)
/// or, with `text`, the human report (`explain`: that of `--explain`), exactly as the command
/// line with the same options.
#[pyfunction]
#[pyo3(signature = (log, *, rules="contract", teams=None, explain=false, text=false))]
pub fn sequence_judge(
    py: Python<'_>,
    log: &Bound<'_, PyAny>,
    rules: &str,
    teams: Option<u8>,
    explain: bool,
    text: bool,
) -> PyResult<Py<PyAny>> {
    let log = crate::log_bytes(log)?;
    let rules = self::rules(rules, teams)?;
    let game = Sequence::new(rules);
    let answer = py.detach(|| judged(&game, &log, explain, text))?;
    match answer {
        Ok(text) => Ok(text.into_pyobject(py)?.into_any().unbind()),
        Err(value) => crate::value::to_py(py, &value),
    }
}

/// The command line's `fairplay sequence`: `Ok` the report's text, `Err` the document. As with
/// `--format json`, the document always holds the explanation (the illegal move and the board),
/// `explain` or not.
fn judged(
    game: &Sequence,
    log: &[u8],
    explain: bool,
    text_wanted: bool,
) -> Result<Result<String, serde_json::Value>, Failure> {
    let failed = |error: LogError| Failure::Log(Some(game.name()), error);
    let judgement = audit_reader(game, log, DEFAULT_MAX_LINE).map_err(failed)?;
    if text_wanted && !explain {
        return Ok(Ok(match game.rules() {
            SequenceRules::Contract => game.contract(&judgement.verdict),
            SequenceRules::Full(teams) => audit_full_with(log, teams, game.options())
                .map_err(|e| failed(e.into()))?
                .to_string(),
        }));
    }
    let explanation = match game.rules() {
        SequenceRules::Contract => explain_contract(log),
        SequenceRules::Full(teams) => explain_full_with(log, teams, game.options()),
    }
    .map_err(|e| failed(e.into()))?;
    if text_wanted {
        return Ok(Ok(text(&explanation, Style::PLAIN)));
    }
    let details = SequenceDetails::new(&explanation);
    to_value(&Document::new(game, &judgement, Some(details))).map(Err)
}

/// A document as a JSON value.
fn to_value(document: &impl serde::Serialize) -> Result<serde_json::Value, Failure> {
    serde_json::to_value(document).map_err(|e| Failure::Usage(e.to_string()))
}

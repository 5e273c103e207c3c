//! One Sequence log: the verdict as `fairplay sequence --format json` documents it, with
//! `--explain`'s explanation, or the human report; by the contract or the full rules.

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{audit_reader, Game, LogError};
use fairplay_report::json::Document;
use fairplay_report::sequence::{text, SequenceDetails};
use fairplay_report::Style;
use fairplay_sequence::explain::{explain_contract, explain_full_with};
use fairplay_sequence::{
    audit_full_with, FullOptions, OptionsError, Sequence, SequenceRules, Team, Teams,
};
use pyo3::prelude::*;

use crate::errors::{usage, Failure};
use crate::options::{int_or, int_or_default, USIZE_MAX};
use crate::text::Text;

/// The rules `rules` (`contract` or `full`) and `teams` (2 or 3, full rules only) name.
fn rules(rules: &str, teams: Option<&Bound<'_, PyAny>>) -> PyResult<SequenceRules> {
    let teams = match teams {
        None => None,
        Some(n) => {
            let n: usize = int_or(n, "teams", 2..=3, "a game has 2 or 3 teams")?;
            Teams::new(n)
        }
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

/// The game the options of `fairplay sequence` name: `rules` and `teams`, and with the full
/// rules `first` (the team that plays first) and `card_plays` (a number from 1 to 255, or
/// `"unlimited"`).
pub fn game(
    rules: &str,
    teams: Option<&Bound<'_, PyAny>>,
    first: Option<&str>,
    card_plays: Option<&Bound<'_, PyAny>>,
) -> PyResult<Sequence> {
    let rules = self::rules(rules, teams)?;
    let first = first
        .map(|name| {
            Team::parse(name.as_bytes()).ok_or_else(|| {
                usage(format!(
                    "first: `{name}`: expected \"blue\", \"green\" or \"red\""
                ))
            })
        })
        .transpose()?;
    let card_plays = card_plays.map(plays).transpose()?;
    let options = FullOptions::checked(rules, first, card_plays).map_err(|error| match error {
        OptionsError::NotFullRules => {
            usage("`first` and `card_plays` apply only with rules=\"full\"")
        }
        OptionsError::FirstDoesNotPlay { first } => {
            usage(format!("first=\"{first}\" needs three teams (teams=3)"))
        }
    })?;
    Ok(Sequence::new(rules).with_options(options))
}

/// `card_plays` as given: a number of plays, or `"unlimited"` (no cap).
fn plays(given: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
    let expected = "expected a number of plays from 1 to 255, or \"unlimited\"";
    if let Ok(text) = given.extract::<String>() {
        if text == "unlimited" {
            return Ok(None);
        }
        return Err(usage(format!("card_plays: `{text}`: {expected}")));
    }
    int_or(given, "card_plays", 1..=255, expected).map(Some)
}

/// Judges a Sequence log; returns the JSON document (a dict; `--format json` always explains)
/// or, with `text`, the human report (`explain`: that of `--explain`), exactly as the command
/// line with the same options.
#[pyfunction]
#[pyo3(signature = (log, *, rules="contract", teams=None, first=None, card_plays=None,
    explain=false, text=false, max_line=None))]
#[allow(clippy::too_many_arguments)]
pub fn sequence_judge(
    py: Python<'_>,
    log: &Bound<'_, PyAny>,
    rules: &str,
    teams: Option<&Bound<'_, PyAny>>,
    first: Option<&str>,
    card_plays: Option<&Bound<'_, PyAny>>,
    explain: bool,
    text: bool,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let game = self::game(rules, teams, first, card_plays)?;
    let max_line = int_or_default(max_line, "max_line", 0..=USIZE_MAX, DEFAULT_MAX_LINE)?;
    let log = Text::required(log, "a log")?;
    let answer = py.detach(|| judged(&game, &log, explain, text, max_line))?;
    match answer {
        Ok(text) => Ok(text.into_pyobject(py)?.into_any().unbind()),
        Err(json) => crate::value::json_to_py(py, &json),
    }
}

/// The command line's `fairplay sequence`: `Ok` the report's text, `Err` the document's JSON.
/// As with `--format json`, the document always holds the explanation (the illegal move and
/// the board), `explain` or not.
fn judged(
    game: &Sequence,
    log: &[u8],
    explain: bool,
    text_wanted: bool,
    max_line: usize,
) -> Result<Result<String, String>, Failure> {
    let failed = |error: LogError| Failure::Log(Some(game.name()), error);
    let judgement = audit_reader(game, log, max_line).map_err(failed)?;
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
    to_json(&Document::new(game, &judgement, Some(details))).map(Err)
}

/// A document as the JSON text the command line writes (without its layout).
fn to_json(document: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string(document).map_err(|e| Failure::Usage(e.to_string()))
}

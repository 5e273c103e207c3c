//! The explanation of a batch row (`fairplay batch --explain`): one paragraph for a table or
//! CSV cell, and the fields of a JSON Lines row, built from the same detail types (and so the
//! same sentences) as the JSON documents of `fairplay quartets --explain --format json` and
//! `fairplay sequence --explain --format json`.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::quartets::QuartetsDetails;
use crate::rows::Explained;
use crate::sequence::SequenceDetails;
use crate::words::list;

fn field(fields: &mut Map<String, Value>, name: &str, value: impl Serialize) {
    let value = serde_json::to_value(value).expect("explanations serialize");
    fields.insert(name.to_string(), value);
}

/// A Quartets verdict explained (asked with the proof and the suspects): the JSON fields
/// `proof` and `suspects` (as in the JSON document's explanation), and the paragraph
/// `Proof: action 1 (claims), action 4 (claims). Why: ... Suspects: ...`.
pub fn quartets(e: &fairplay_quartets::explain::Explanation) -> Explained {
    let details = QuartetsDetails::new(e);
    let mut parts = Vec::new();
    if let Some(proof) = &details.proof {
        let actions: Vec<String> = proof
            .actions
            .iter()
            .map(|&action| {
                let claims: Vec<&str> = proof
                    .claims
                    .iter()
                    .filter(|c| c.claim.action == action)
                    .map(|c| c.text.as_str())
                    .collect();
                format!("action {action} ({})", claims.join("; "))
            })
            .collect();
        let actions = if actions.is_empty() {
            "no claim is needed".to_string()
        } else {
            list(&actions, "and")
        };
        parts.push(format!("Proof: {actions}. Why: {}.", proof.why.text));
    }
    if let Some(suspects) = &details.suspects {
        parts.push(format!("Suspects: {}.", suspects.text));
    }
    let mut fields = Map::new();
    field(&mut fields, "proof", &details.proof);
    field(&mut fields, "suspects", &details.suspects);
    Explained {
        text: parts.join(" "),
        fields,
    }
}

/// A Sequence verdict explained: the JSON field `illegal` (as in the JSON document's
/// explanation) and the paragraph `turn 2: ... ; rule: ...`.
pub fn sequence(e: &fairplay_sequence::explain::Explanation) -> Explained {
    let details = SequenceDetails::new(e);
    let text = match &e.illegal {
        Some(illegal) => format!("{}; rule: {}", illegal.what, illegal.rule),
        None => String::new(),
    };
    let mut fields = Map::new();
    field(&mut fields, "illegal", &details.illegal);
    Explained { text, fields }
}

/// A foul that is not explained, and why (`not explained: ...`).
pub fn not_explained(why: &str) -> Explained {
    Explained {
        text: format!("not explained: {why}"),
        fields: Map::new(),
    }
}

/// A Quartets log replayed on its true deal (`fairplay batch --true-deals`): the JSON field
/// `true_deal` (as in the JSON document's explanation) and the paragraph `True deal: action 1
/// player 2 denied ...; ...`.
pub fn true_deal(replay: &fairplay_quartets::truth::Replay) -> Explained {
    let details = crate::quartets::TrueDealDetails::new(replay);
    let mut parts: Vec<String> = details
        .lies
        .iter()
        .map(|l| format!("action {} {}", l.lie.claim.action, l.text))
        .collect();
    parts.extend(details.impossible.iter().map(|x| {
        format!(
            "action {} physically impossible: {}",
            x.impossible.action, x.text
        )
    }));
    let mut text = if parts.is_empty() {
        "True deal: every claim is true and every action possible.".to_string()
    } else {
        format!("True deal: {}.", parts.join("; "))
    };
    if let Some(broken) = replay.broken {
        text.push_str(&format!(" ({})", crate::quartets::broken_note(broken)));
    }
    let mut fields = Map::new();
    field(&mut fields, "true_deal", &details);
    Explained { text, fields }
}

/// Two explanations of one row, one after the other (`--explain` with `--true-deals`).
pub fn both(first: Option<Explained>, second: Option<Explained>) -> Option<Explained> {
    match (first, second) {
        (Some(mut a), Some(b)) => {
            a.text = format!("{} {}", a.text, b.text);
            a.fields.extend(b.fields);
            Some(a)
        }
        (a, b) => a.or(b),
    }
}

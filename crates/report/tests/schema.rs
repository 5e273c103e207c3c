//! The JSON Schema of `--format json` is generated from the types: the checked-in copy must be
//! the generated one, and it must tie a verdict to its action.
//!
//! After changing a serialized type, regenerate it with
//! `FAIRPLAY_BLESS=1 cargo test -p fairplay-report --test schema`.

use std::path::PathBuf;

use serde_json::{json, Value};

fn checked_in() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schemas/report.schema.json")
}

#[test]
fn checked_in_schema_is_the_generated_one() {
    let generated = fairplay_report::json::schema();
    if std::env::var_os("FAIRPLAY_BLESS").is_some() {
        std::fs::write(checked_in(), &generated).unwrap();
    }
    let file = std::fs::read_to_string(checked_in()).unwrap();
    assert!(
        file == generated,
        "schemas/report.schema.json differs from the types: run FAIRPLAY_BLESS=1 cargo test -p fairplay-report --test schema"
    );
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&fairplay_report::json::schema()).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn document(verdict: Value) -> Value {
    json!({
        "schema_version": 1,
        "game": "quartets",
        "rules": "4 players, 8 sets of 4 cards",
        "actions": 4,
        "verdict": verdict,
        "contract": "no\n4\n",
        "explanation": null,
    })
}

#[test]
fn a_verdict_is_tied_to_its_action() {
    let validator = validator();
    let reason = json!({"kind": "no-deal", "message": "no deal fits"});
    let foul = json!({"kind": "foul", "action": 4, "line": 5, "reason": reason});
    assert!(validator.is_valid(&document(foul)));
    assert!(validator.is_valid(&document(json!({"kind": "fair"}))));
    // A foul without its action, line or reason, or a fair verdict with one, does not validate.
    for broken in [
        json!({"kind": "foul", "line": 5, "reason": reason}),
        json!({"kind": "foul", "action": 4, "line": 5}),
        json!({"kind": "fair", "action": 4}),
        json!({"kind": "cheated", "action": 4, "line": 5, "reason": reason}),
    ] {
        assert!(!validator.is_valid(&document(broken.clone())), "{broken}");
    }
}

#[test]
fn errors_are_documents_too() {
    let validator = validator();
    let error = json!({"schema_version": 1, "game": "quartets",
        "error": {"kind": "rule", "line": 3, "action": 2, "message": "player 1 acts, but it is player 2's turn"}});
    assert!(validator.is_valid(&error));
    let unknown = json!({"schema_version": 1, "game": null,
        "error": {"kind": "typo", "line": 3, "action": null, "message": "?"}});
    assert!(!validator.is_valid(&unknown));
}

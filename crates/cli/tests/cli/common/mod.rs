//! Helpers shared by the tests of the `fairplay` binary: the command, the spec's sample logs,
//! the examples, temporary log trees, CSV and JSON Lines records, and the JSON schema.
//!
//! Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

/// The binary under test, for tests that spawn it without `assert_cmd`.
pub const BIN: &str = env!("CARGO_BIN_EXE_fairplay");

/// The binary under test.
pub fn fairplay() -> Command {
    Command::cargo_bin("fairplay").unwrap()
}

/// The spec's first Quartets sample: cheating certain after action 4 (`no\n4\n`).
pub const QUARTETS_SAMPLE1: &str = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// The spec's second Quartets sample: an honest game (`yes\n`).
pub const QUARTETS_SAMPLE2: &str =
    "6\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3B no\n1 A 4 5B yes\n1 Q 5\n";
/// A Sequence log with every move legal (`VALID GAME`).
pub const SEQUENCE_VALID: &str = "5\n1 5s P 5s\n2 7h P 7h\n3 5s P 5s\n4 Jh R 5s\n5 Jd P 5s\n";
/// A Sequence log whose turn 3 is illegal (`INVALID 3`): both 2s spots are covered.
pub const SEQUENCE_INVALID: &str = "4\n1 2s P 2s\n2 Jd P 2s\n3 2s P 2s\n4 Jc P 3s\n";

/// A file of `examples/`, e.g. `example("sequence/sample1.log")`.
pub fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

/// Writes `text` to `root/name`, creating the directories on the way.
pub fn write(root: &Path, name: &str, text: &str) {
    let path = root.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The files of directory `dir` (not below it), by name, with their text.
pub fn texts(dir: &Path) -> std::collections::BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let text = std::fs::read_to_string(entry.path()).unwrap();
            (entry.file_name().to_string_lossy().into_owned(), text)
        })
        .collect()
}

/// One JSON Lines log record for `fairplay batch`.
pub fn json_record(id: Option<&str>, game: Option<&str>, log: &str) -> String {
    let mut record = serde_json::Map::new();
    if let Some(id) = id {
        record.insert("id".into(), id.into());
    }
    if let Some(game) = game {
        record.insert("game".into(), game.into());
    }
    record.insert("log".into(), log.into());
    Value::Object(record).to_string()
}

/// Splits one CSV record (RFC 4180 quoting, no line breaks inside fields here).
pub fn csv_record(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// The columns of `fairplay batch` rows, in order.
pub const BATCH_COLUMNS: [&str; 8] = [
    "log", "game", "verdict", "action", "line", "actions", "kind", "detail",
];

/// A validator of `schemas/report.schema.json`, the schema of every `--format json` document.
pub fn validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(include_str!("../../../../../schemas/report.schema.json"))
            .expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid schema")
}

/// Parses `text` as one JSON document, asserts that it follows the schema, and returns it.
pub fn assert_valid(validator: &jsonschema::Validator, text: &str) -> Value {
    let document: Value = serde_json::from_str(text).expect("one JSON document");
    let errors: Vec<String> = validator
        .iter_errors(&document)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{text}");
    document
}

//! `json::string_fields` against serde_json: whatever it reads, serde_json reads the same way
//! (with the same keys refused or repeated), and the records a JSON Lines archive is made of are
//! read by it, not left to the slow path.

mod serde_agreement;

use fairplay_text::json::{string_fields, string_fields_crlf, Value};
use proptest::prelude::*;
use serde_agreement::{disagreement, Strict, KEYS};

/// Fails the case when the fast reader reads `json` otherwise than serde_json.
fn agrees(json: &[u8]) -> Result<(), TestCaseError> {
    match disagreement(json) {
        Some(why) => Err(TestCaseError::fail(why)),
        None => Ok(()),
    }
}

/// One piece of a string's JSON text: a character as is, or one of JSON's escapes (and a few
/// that are not JSON), so that decoding is tried on all of them.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[ -~]{1,12}",
        2 => Just("\\n".to_string()),
        1 => prop::sample::select(vec![
            "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t", "\\u00e9", "\\u00E9", "\\u0000",
            "\\ud83c\\udca1", "\\uD83C\\uDCA1", "\\ud83c", "\\udca1", "\\ud83c\\u0041", "\\u12",
            "\\uzzzz", "\\x", "\\", "\"", "é", "🂡", "\u{1}", "\t", "\n", "\u{7f}",
        ])
        .prop_map(str::to_string),
    ]
}

/// A value: mostly strings, sometimes what the fast reader leaves to serde_json.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::collection::vec(piece(), 0..8).prop_map(|pieces| format!("\"{}\"", pieces.concat())),
        1 => prop::sample::select(vec!["null", "7", "-0", "true", "{}", "[\"a\"]", "nul", "\"x"])
            .prop_map(str::to_string),
    ]
}

/// Blanks between tokens: JSON's four, none, and two that are not JSON's.
fn blank() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "", " ", "\t", "\n", "\r", "  ", "\u{b}", "\u{a0}"])
}

/// An object of keys (known ones, others, repeated, escaped) and values, with blanks, and now
/// and then a byte changed, dropped or added.
fn record() -> impl Strategy<Value = Vec<u8>> {
    let key = prop::sample::select(vec!["id", "game", "log", "deal", "lo\\u0067", "Log", ""]);
    let field = (key, blank(), blank(), value(), blank());
    (
        blank(),
        prop::collection::vec(field, 0..5),
        blank(),
        any::<u8>(),
        prop::option::of((any::<prop::sample::Index>(), 0u8..3)),
    )
        .prop_map(|(before, fields, after, byte, edit)| {
            let body: Vec<String> = fields
                .iter()
                .map(|(key, b1, b2, value, b3)| format!("{b1}\"{key}\"{b2}:{b3}{value}"))
                .collect();
            let mut json = format!("{before}{{{}}}{after}", body.join(",")).into_bytes();
            if let Some((at, how)) = edit {
                let at = at.index(json.len());
                match how {
                    0 => json[at] = byte,
                    1 => drop(json.remove(at)),
                    _ => json.insert(at, byte),
                }
            }
            json
        })
}

/// Records as a JSON Lines archive has them: known keys once each, string or null values.
fn plain_record() -> impl Strategy<Value = (Vec<u8>, [Option<String>; 3])> {
    let text = "[ -~éü🂡\u{7f}\n\t\r\u{1}\"\\\\]{0,40}";
    let values = [
        prop::option::of(text),
        prop::option::of(text),
        prop::option::of(text),
    ];
    let blank = || prop::sample::select(vec!["", " ", "\t", "\n", "\r", " \r\n "]);
    (values, 0usize..3, blank(), blank()).prop_map(|(values, order, b1, b2)| {
        // serde_json's own writer, so the escapes are what a JSON library writes.
        let mut fields: Vec<String> = KEYS
            .iter()
            .zip(&values)
            .map(|(key, value)| format!("\"{key}\"{b1}:{b2}{}", serde_json::json!(value)))
            .collect();
        fields.rotate_left(order);
        (format!("{{{}}}", fields.join(",")).into_bytes(), values)
    })
}

/// A long log record, so that escapes fall on and around the 64-byte blocks the decoder looks
/// for backslashes in: lines of any length, with now and then one of every other escape.
fn long_record() -> impl Strategy<Value = (Vec<u8>, String)> {
    let line = prop_oneof![
        8 => "[ -~]{0,70}",
        1 => "[ -~é🂡\"\\\\\t\r\u{1}\u{7f}]{0,20}",
    ];
    prop::collection::vec(line, 0..40).prop_map(|lines| {
        let log = lines.join("\n");
        let record = serde_json::json!({ "id": "long", "log": log });
        (record.to_string().into_bytes(), log)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn reads_long_logs_as_serde_json_does((json, log) in long_record()) {
        let mut decoded = Vec::new();
        let read = string_fields(&json, KEYS, &mut decoded).map(|[_, _, log]| log.map(String::from));
        prop_assert_eq!(read, Some(Some(log)), "{}", String::from_utf8_lossy(&json));
    }

    #[test]
    fn agrees_with_serde_json_on_long_near_records(
        (json, _) in long_record(),
        edit in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        // A few bytes changed: an escape broken, a quote or a backslash moved in.
        let mut json = json;
        for (at, byte) in edit {
            let at = at.index(json.len());
            json[at] = [byte, b'\\', b'"', b'u'][usize::from(byte % 4)];
        }
        agrees(&json)?;
    }

    #[test]
    fn agrees_with_serde_json_on_near_records(json in record()) {
        agrees(&json)?;
    }

    #[test]
    fn agrees_with_serde_json_on_any_bytes(json in prop::collection::vec(any::<u8>(), 0..40)) {
        agrees(&json)?;
    }

    #[test]
    fn reads_plain_logs_as_their_crlf_twins(
        lines in prop::collection::vec("[ -!#-\\[\\]-~]{0,70}", 0..40),
        id in "[a-z]{0,70}",
    ) {
        // ASCII lines with no quote or backslash: every line break as CR LF, wherever the
        // 64-byte blocks fall (the id moves the log's start).
        let log = lines.join("\n");
        let json = serde_json::json!({ "id": id, "log": log }).to_string();
        let mut decoded = Vec::new();
        let read = string_fields_crlf(json.as_bytes(), KEYS, Some(2), &mut decoded).map(|[_, _, log]| log);
        let twin = log.replace('\n', "\r\n");
        prop_assert_eq!(read, Some(Some(Value::CrLf(twin.as_bytes()))));
    }

    #[test]
    fn reads_long_logs_as_their_crlf_twins((json, log) in long_record()) {
        // A log of ASCII lines whose only escapes are line breaks comes as its twin.
        let mut decoded = Vec::new();
        let read = string_fields_crlf(&json, KEYS, Some(2), &mut decoded).map(|[_, _, log]| log);
        let plain = log.is_ascii() && !log.contains(['"', '\\', '\r', '\t', '\u{1}']);
        if plain {
            let twin = log.replace('\n', "\r\n");
            prop_assert_eq!(read, Some(Some(Value::CrLf(twin.as_bytes()))));
        } else {
            prop_assert!(matches!(read, Some(Some(Value::Text(text))) if text == log));
        }
    }

    #[test]
    fn reads_the_records_of_an_archive((json, values) in plain_record()) {
        let mut decoded = Vec::new();
        let read = string_fields(&json, KEYS, &mut decoded)
            .map(|fields| fields.map(|f| f.map(String::from)));
        prop_assert_eq!(read, Some(values), "{}", String::from_utf8_lossy(&json));
    }
}

#[test]
fn reads_escapes_and_borrows_plain_strings() {
    let json = br#" { "log" : "a\"\\\/\b\f\n\r\t\u00e9\uD83C\uDCA1" , "id":null, "game":"q" } "#;
    let mut decoded = b"stale text".repeat(10);
    let [id, game, log] = string_fields(json, KEYS, &mut decoded).unwrap();
    assert_eq!(id, None);
    assert_eq!(game, Some("q"));
    assert!(
        json.as_ptr_range().contains(&game.unwrap().as_ptr()),
        "borrowed"
    );
    assert_eq!(log, Some("a\"\\/\u{8}\u{c}\n\r\té🂡"));
}

#[test]
fn a_twin_is_refused_for_any_byte_or_escape_it_cannot_keep() {
    // Every position of a log that spans whole sixteen-byte chunks and a remainder, and in
    // it a control byte, a character beyond ASCII, or an escape other than `\n`.
    let log = "12\\n1 A 2 3C no\\n2 A 1 3B yes\\n2 Q 3\\n";
    for at in 0..=log.len() {
        for odd in [
            "\u{1}", "\u{1f}", "\t", "é", "\\t", "\\\\", "\\\"", "\\u0041", "\\r",
        ] {
            let json = format!(r#"{{"id":"x","log":"{}{odd}{}"}}"#, &log[..at], &log[at..]);
            if let Some(why) = serde_agreement::twin_disagreement(json.as_bytes()) {
                panic!("{why}");
            }
            let mut decoded = Vec::new();
            let read = string_fields_crlf(json.as_bytes(), KEYS, Some(2), &mut decoded);
            assert!(
                !matches!(read, Some([_, _, Some(Value::CrLf(_))])),
                "{json}: read as a twin"
            );
        }
    }
}

#[test]
fn leaves_everything_else_to_a_json_parser() {
    for json in [
        &br#"{"log": "a" "#[..],
        br#"{"log": "a"} x"#,
        br#"{"log": "a",}"#,
        br#"{"log": nulls}"#,
        br#"{"log": "\ud83c"}"#,
        br#"{"log": "\udca1"}"#,
        br#"{"log": "\q"}"#,
        b"{\"log\": \"a\x01\"}",
        b"{\"log\": \"\xff\"}",
        br#"["log"]"#,
        b"",
    ] {
        assert_eq!(
            string_fields(json, KEYS, &mut Vec::new()),
            None,
            "{}",
            String::from_utf8_lossy(json)
        );
        assert!(serde_json::from_slice::<Strict>(json).is_err());
    }
}

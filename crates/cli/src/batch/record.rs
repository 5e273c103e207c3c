//! A JSON Lines log record, `{"id": ..., "game": ..., "log": ..., "deal": ...}`, read fast when
//! it is only strings (as archives write it), else by serde_json.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

/// One record of a JSON Lines input.
pub struct Record<'a> {
    /// The log's name: its `id` as is when a string, as JSON when a number; none when absent
    /// or `null` (any other `id` makes the record malformed).
    pub id: Option<Cow<'a, str>>,
    /// The game it names, if any.
    pub game: Option<Cow<'a, str>>,
    /// The log's text.
    pub log: Log<'a>,
    /// With `--true-deals`: the log's true deal, as a list of `{"player", "cards"}` (or the
    /// text of a deal file).
    pub deal: Option<serde_json::Value>,
}

/// A record's log: its text, or its CR LF twin (see [`Record::read`]).
pub enum Log<'a> {
    /// The text, exactly.
    Text(Cow<'a, str>),
    /// The text with every line break as CR LF.
    CrLf(&'a [u8]),
}

impl Log<'_> {
    /// The bytes to judge.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Log::Text(text) => text.as_bytes(),
            Log::CrLf(twin) => twin,
        }
    }
}

/// The record as serde_json reads it (any JSON for `id` and `deal`). The `id` is kept as its
/// JSON text: a number is then exactly as written, however long (as a `Value` a number beyond
/// 64 bits would be rounded to a float, and two different ids read as one).
#[derive(Deserialize)]
struct Json<'a> {
    #[serde(default, borrow)]
    id: Option<&'a RawValue>,
    #[serde(default, borrow)]
    game: Option<Cow<'a, str>>,
    #[serde(borrow)]
    log: Cow<'a, str>,
    #[serde(default)]
    deal: Option<serde_json::Value>,
}

impl<'a> Record<'a> {
    /// Reads one record. A record of strings is read by `fairplay_text::json` (serde_json
    /// spends about as long on a long log's escapes as the referee on the log), which decodes
    /// into `decoded`; any other, and any error, by serde_json.
    ///
    /// With `crlf`, a log whose only escapes are `\n` comes as its CR LF twin ([`Log::CrLf`]),
    /// which costs a copy instead of a decoding. A log may end its lines in CR LF, so the twin
    /// judges as the text does; only the words of an error (a line's length, its text) may
    /// differ, so a caller judges the exact text again when the twin's judgement is an error.
    pub fn read(
        json: &'a [u8],
        decoded: &'a mut Vec<u8>,
        crlf: bool,
    ) -> Result<Self, serde_json::Error> {
        use fairplay_text::json::{string_fields_crlf, Value};
        let crlf = crlf.then_some(2);
        if let Some([id, game, Some(log)]) =
            string_fields_crlf(json, ["id", "game", "log"], crlf, decoded)
        {
            let text = |value| match value {
                Some(Value::Text(text)) => Some(Cow::Borrowed(text)),
                // Only the log may come as a twin.
                _ => None,
            };
            return Ok(Record {
                id: text(id),
                game: text(game),
                log: match log {
                    Value::Text(text) => Log::Text(Cow::Borrowed(text)),
                    Value::CrLf(twin) => Log::CrLf(twin),
                },
                deal: None,
            });
        }
        let record: Json = serde_json::from_slice(json)?;
        let id = match record.id {
            None => None,
            Some(raw) => id_text(raw)?,
        };
        Ok(Record {
            id,
            game: record.game,
            log: Log::Text(record.log),
            deal: record.deal,
        })
    }
}

/// A record's `id` as a name: a string as is, a number exactly as written, `null` as none, any
/// other value as compact JSON.
fn id_text(raw: &RawValue) -> Result<Option<Cow<'_, str>>, serde_json::Error> {
    let text = raw.get();
    Ok(match text.as_bytes().first() {
        Some(b'-' | b'0'..=b'9') => Some(Cow::Borrowed(text)),
        _ => match serde_json::from_str(text)? {
            serde_json::Value::Null => None,
            serde_json::Value::String(id) => Some(Cow::Owned(id)),
            // As the docs say: an id is a string or a number.
            other => {
                let what = match other {
                    serde_json::Value::Bool(_) => "a boolean",
                    serde_json::Value::Array(_) => "a list",
                    _ => "an object",
                };
                return Err(serde::de::Error::custom(format!(
                    "`id` is a string or a number, not {what}"
                )));
            }
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id_of(json: &str) -> Option<String> {
        let mut decoded = Vec::new();
        let record = Record::read(json.as_bytes(), &mut decoded, false).unwrap();
        record.id.map(Cow::into_owned)
    }

    #[test]
    fn ids_are_names_exactly_as_written() {
        let log = r#""log": "0\n""#;
        // Beyond 64 bits: two ids one apart stay two, digit for digit.
        let big = "123456789012345678901234567890";
        let next = "123456789012345678901234567891";
        assert_eq!(
            id_of(&format!("{{\"id\": {big}, {log}}}")).as_deref(),
            Some(big)
        );
        assert_eq!(
            id_of(&format!("{{\"id\": {next}, {log}}}")).as_deref(),
            Some(next)
        );
        for id in ["-18446744073709551617", "1.5e400", "0.10", "7"] {
            assert_eq!(
                id_of(&format!("{{\"id\": {id}, {log}}}")).as_deref(),
                Some(id)
            );
        }
        assert_eq!(id_of(&format!("{{\"id\": null, {log}}}")), None);
        assert_eq!(id_of(&format!("{{{log}}}")), None);
        assert_eq!(
            id_of(&format!("{{\"id\": \"a\\u0062\", {log}}}")).as_deref(),
            Some("ab")
        );
        // Any other JSON is not an id: the record is malformed.
        for (id, what) in [
            (r#"{"a": [1, true]}"#, "an object"),
            ("[1]", "a list"),
            ("true", "a boolean"),
        ] {
            let mut decoded = Vec::new();
            let json = format!("{{\"id\": {id}, {log}}}");
            let error = Record::read(json.as_bytes(), &mut decoded, false)
                .err()
                .unwrap();
            assert!(error.to_string().contains(what), "{error}");
        }
    }
}

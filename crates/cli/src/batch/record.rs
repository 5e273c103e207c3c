//! A JSON Lines log record, `{"id": ..., "game": ..., "log": ..., "deal": ...}`, read fast when
//! it is only strings (as archives write it), else by serde_json.

use std::borrow::Cow;

use serde::Deserialize;

/// One record of a JSON Lines input.
pub struct Record<'a> {
    /// The log's name: its `id` as is when a string, as JSON when another value; none when
    /// absent or `null`.
    pub id: Option<Cow<'a, str>>,
    /// The game it names, if any.
    pub game: Option<Cow<'a, str>>,
    /// The log's text.
    pub log: Cow<'a, str>,
    /// With `--true-deals`: the log's true deal, as a list of `{"player", "cards"}` (or the
    /// text of a deal file).
    pub deal: Option<serde_json::Value>,
}

/// The record as serde_json reads it (any JSON for `id` and `deal`).
#[derive(Deserialize)]
struct Json<'a> {
    #[serde(default)]
    id: Option<serde_json::Value>,
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
    pub fn read(json: &'a [u8], decoded: &'a mut Vec<u8>) -> Result<Self, serde_json::Error> {
        if let Some([id, game, Some(log)]) =
            fairplay_text::json::string_fields(json, ["id", "game", "log"], decoded)
        {
            return Ok(Record {
                id: id.map(Cow::Borrowed),
                game: game.map(Cow::Borrowed),
                log: Cow::Borrowed(log),
                deal: None,
            });
        }
        let record: Json = serde_json::from_slice(json)?;
        let id = match record.id {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(id)) => Some(Cow::Owned(id)),
            Some(other) => Some(Cow::Owned(other.to_string())),
        };
        Ok(Record {
            id,
            game: record.game,
            log: record.log,
            deal: record.deal,
        })
    }
}

//! How the ids of a game serialize (feature `serde`): players and sets as their numbers,
//! cards and actions as they are written in logs.

use fairplay_core::{serialize_as_number, serialize_as_text};

use crate::{Action, Card, Player, SetId};

serialize_as_number!(Player, number, "a player, numbered from 1");
serialize_as_number!(SetId, number, "a set, numbered from 1");
serialize_as_text!(
    Card as "QuartetsCard",
    "a card: its set number and letter, such as `3C`",
    "^[1-9][0-9]*[A-Z]$"
);
serialize_as_text!(
    Action,
    "an action as written in a log, such as `1 A 2 3C no` or `2 Q 3`",
    "^[0-9]+ (A [0-9]+ [1-9][0-9]*[A-Z] (yes|no)|Q [0-9]+)$"
);

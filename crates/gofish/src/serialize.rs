//! How players and ranks are written in JSON (feature `serde`): as logs write them, through the
//! core's serializers that the other games use too.

use fairplay_core::{serialize_as_number, serialize_as_text};

use crate::rules::{Player, Rank};

serialize_as_number!(Player, number, "a player, numbered from 1");
serialize_as_text!(
    Rank as "GoFishRank",
    "a rank as logs write it: `A`, `2` to `10`, `J`, `Q`, `K`",
    "^(A|[2-9]|10|J|Q|K)$"
);

//! How the ids of the game serialize (feature `serde`): as they are written in logs.

use fairplay_core::serialize_as_text;

use crate::{Card, Square, Team};

serialize_as_text!(
    Card as "SequenceCard",
    "a card: rank 2-9, X, J, Q, K or A, then suit h, c, d or s, such as `5s` or `Xh`",
    "^[2-9XJQKA][hcds]$"
);
serialize_as_text!(
    Square,
    "a square of the board: column A-J, row 1-10, such as `E1`",
    "^[A-J]([1-9]|10)$"
);
serialize_as_text!(Team, "a team by its colour", "^(blue|green|red)$");
